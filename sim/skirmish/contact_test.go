package skirmish

import (
	"testing"

	"balance/sim/geom"
)

// brawl is a policy for tests: a figure in combat fights its first
// opponent, else it moves at the closest enemy; it intercepts and
// pushes by turns.
type brawl struct{ n *int }

func (brawl) Group(b *Battle, leader int, el []int8) int { return len(el) }
func (p brawl) Act(b *Battle, i int, step Step) {
	for k := 0; k < 3 && !b.Done && b.Figs[i].Standing(); k++ {
		if op := b.Opponents(i, nil); len(op) > 0 {
			b.Fight(i, int(op[0]))
			continue
		}
		if *p.n%3 == 0 && b.Throw(i, wSmoke, b.Figs[i].Pos.Add(geom.V(0, 2))) {
			continue
		}
		for j := 0; j < b.NF; j++ {
			if b.Shoot(i, wPistol, j, -1) {
				break
			}
		}
		best, bd := -1, float32(0)
		for j := 0; j < b.NF; j++ {
			if b.Enemies(i, j) && b.Figs[j].Standing() {
				if d := b.Figs[i].Pos.Dist(b.Figs[j].Pos); best < 0 || d < bd {
					best, bd = j, d
				}
			}
		}
		if best < 0 || !b.Move(i, b.Figs[best].Pos, 0) {
			return
		}
	}
}
func (p brawl) Intercept(b *Battle, i, mover int) bool { *p.n++; return *p.n%2 == 0 }
func (p brawl) Push(b *Battle, winner, loser int) Push { *p.n++; return Push(*p.n % 3) }

// contactCheck is a Tracer that, at every event, asks who is in combat
// with whom and who supports whom, and compares the answers with the
// figures' places.
type contactCheck struct {
	t        *testing.T
	checks   int
	terrain  int // lines through terrain checked
	figCover int // of them, with a figure's cover
}

func (c *contactCheck) Event(b *Battle, e *Event) {
	c.t.Helper()
	for i := 0; i < b.NF; i++ {
		var band, foes uint32
		for j := 0; j < b.NF; j++ {
			if !b.Figs[j].Standing() {
				continue
			}
			if b.Figs[j].Side == b.Figs[i].Side {
				band |= 1 << j
			} else {
				foes |= 1 << j
			}
		}
		if b.Band(b.Figs[i].Side) != band || b.Foes(i) != foes {
			c.t.Fatalf("turn %d, %v: figure %d's band %b and foes %b; standing, %b and %b", b.Turn, e.Kind, i, b.Band(b.Figs[i].Side), b.Foes(i), band, foes)
		}
		any := false
		for j := 0; j < b.NF; j++ {
			fi, fj := &b.Figs[i], &b.Figs[j]
			r := b.P(i).Base + b.P(j).Base + contactTol
			want := i != j && fi.Side != fj.Side && fi.Standing() && fj.Standing() && fi.Pos.Sub(fj.Pos).Len2() <= r*r
			if got := b.InCombatWith(i, j); got != want {
				c.t.Fatalf("turn %d, %v: figures %d and %d in combat: %v, their places say %v", b.Turn, e.Kind, i, j, got, want)
			}
			any = any || want
			if !want {
				continue
			}
			n := 0 // the friends of i in combat with j alone
			for k := 0; k < b.NF; k++ {
				if k == i || b.Figs[k].Side != fi.Side {
					continue
				}
				only, with := true, false
				for o := 0; o < b.NF; o++ {
					fk, fo := &b.Figs[k], &b.Figs[o]
					ro := b.P(k).Base + b.P(o).Base + contactTol
					in := k != o && fk.Side != fo.Side && fk.Standing() && fo.Standing() && fk.Pos.Sub(fo.Pos).Len2() <= ro*ro
					with = with || (in && o == j)
					only = only && (!in || o == j)
				}
				if with && only {
					n++
				}
			}
			if got := b.supporters(i, j); got != n {
				c.t.Fatalf("turn %d: figure %d has %d supporters against %d, their places say %d", b.Turn, i, got, j, n)
			}
			c.checks++
		}
		for j := 0; j < b.NF; j++ {
			if got, want := b.LOS(i, j), b.LOSPoint(b.Figs[i].Pos, b.Figs[j].Pos); got != want {
				c.t.Fatalf("turn %d, %v: line of sight %d to %d: %v, the table says %v", b.Turn, e.Kind, i, j, got, want)
			}
			if i == j {
				continue
			}
			p, ri, q, rj := b.Figs[i].Pos, b.P(i).Base, b.Figs[j].Pos, b.P(j).Base
			_, cover, inter := b.TerrainMods(p, ri, i, j)
			wc, wi := terrainAsked(b, p, ri, q, rj)
			for k := 0; k < b.NF && wc < CoverLight; k++ {
				// A standing figure touching the target, across the line.
				if k != i && k != j && b.Figs[k].Standing() && geom.EdgeDist(b.Figs[k].Pos, b.P(k).Base, q, rj) <= contactTol && geom.SegmentCircle(p, q, b.Figs[k].Pos, b.P(k).Base) {
					wc = CoverLight
					c.figCover++
				}
			}
			if cover != wc || inter != wi {
				c.t.Fatalf("turn %d, %v: terrain between %d and %d: cover %d, %d intervening; the table says %d, %d", b.Turn, e.Kind, i, j, cover, inter, wc, wi)
			}
			if wi > 0 || wc > 0 {
				c.terrain++
			}
		}
		if got := b.InCombat(i); got != any {
			c.t.Fatalf("turn %d: figure %d in combat: %v, the places say %v", b.Turn, i, got, any)
		}
	}
}

// Who stands on which side, who is in combat with whom, who supports
// whom, who sees whom and the terrain between two figures, as
// remembered (between moves, and in the battle's memo), are what
// the figures' places and the smoke say at every step of crowded
// brawls (moves, interceptions, pushes, shots, smoke coming and going,
// figures out of action).
func TestContactsFollowPlaces(t *testing.T) {
	var figs []fig
	for k := 0; k < 6; k++ {
		a := soldier(SideA, 4+2*float32(k), 3)
		a.melee, a.weapons, a.armour, a.health = wHand, []uint8{wPistol, wSmoke}, 6, 14
		bb := soldier(SideB, 5+2*float32(k), 10)
		bb.melee, bb.weapons, bb.armour, bb.health = wHand, []uint8{wPistol}, 6, 14
		figs = append(figs, a, bb)
	}
	cr := soldier(SideCreatures, 10, 6.5)
	cr.base = 1
	figs = append(figs, cr)
	terrain := []Terrain{
		{Name: "block", Shape: geom.NewRect(9, 5, 10, 6), Impassable: true, BlocksLOS: true},
		{Name: "wall", Shape: geom.NewRect(3, 6, 7, 6.5), Height: 1, Cover: CoverHeavy},
		{Name: "scrub", Shape: geom.NewCircle(geom.V(15, 7), 1.5), Rough: true, Cover: CoverLight},
	}
	s := setup(t, 20, 14, figs, terrain, nil)
	n := 0
	pol := brawl{&n}
	check := &contactCheck{t: t}
	for seed := uint64(0); seed < 30; seed++ {
		b := &Battle{Trace: check}
		b.Reset(s, 7, seed)
		b.Play(pol, pol, pol)
	}
	if check.checks < 1000 || check.terrain < 1000 || check.figCover < 1000 {
		t.Fatalf("only %d pairs in combat, %d lines through terrain and %d figures' cover checked", check.checks, check.terrain, check.figCover)
	}
	t.Logf("%d pairs in combat, %d lines through terrain and %d figures' cover checked", check.checks, check.terrain, check.figCover)
}

// What is remembered between two figures stays true when a figure's
// version of its place wraps round to the one it was remembered at.
func TestMemoAcrossVersionWrap(t *testing.T) {
	s := setup(t, 20, 14, []fig{soldier(SideA, 2, 2), soldier(SideB, 12, 12)},
		[]Terrain{{Name: "block", Shape: geom.NewRect(6, 6, 8, 8), BlocksLOS: true, Impassable: true}}, nil)
	for _, n := range []int{1<<8 - 1, 1 << 8, 1<<8 + 1, 1<<16 + 1} { // versions are bytes
		b := battle(s, passive{})
		if b.LOS(0, 1) {
			t.Fatal("a line of sight through the block")
		}
		_, _, inter := b.TerrainMods(b.Figs[0].Pos, 0.5, 0, 1)
		for k := 0; k < n; k++ {
			b.Place(0, geom.V(2, 12-float32(k%2)))
		}
		if !b.LOS(0, 1) {
			t.Fatalf("after %d moves: no line of sight from %v", n, b.Figs[0].Pos)
		}
		b.Place(0, geom.V(2, 2))
		if b.LOS(0, 1) {
			t.Fatalf("after %d moves: a line of sight through the block", n+1)
		}
		if _, _, got := b.TerrainMods(b.Figs[0].Pos, 0.5, 0, 1); got != inter {
			t.Fatalf("after %d moves: %d intervening, was %d", n+1, got, inter)
		}
	}
}

// terrainAsked is the terrain between p (base ri) and a target at q
// (base rj) asked of every covering piece, remembering nothing.
func terrainAsked(b *Battle, p geom.Vec, ri float32, q geom.Vec, rj float32) (cover uint8, intervening int8) {
	for _, k := range b.S.covering {
		t := &b.S.Scenario.Terrain[k]
		if !t.Shape.SegmentHits(p, q) || within(&t.Shape, q) || within(&t.Shape, p) {
			continue
		}
		switch {
		case t.Shape.Dist(q) <= rj+contactTol:
			cover = max(cover, t.Cover)
		case t.Shape.Dist(p) <= ri+contactTol:
		default:
			intervening++
		}
	}
	return cover, intervening
}
