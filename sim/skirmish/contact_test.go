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
	t      *testing.T
	checks int
}

func (c *contactCheck) Event(b *Battle, e *Event) {
	c.t.Helper()
	for i := 0; i < b.NF; i++ {
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
		if got := b.InCombat(i); got != any {
			c.t.Fatalf("turn %d: figure %d in combat: %v, the places say %v", b.Turn, i, got, any)
		}
	}
}

// Who is in combat with whom, and who supports whom, as remembered
// between moves, is what the figures' places say at every step of
// crowded brawls (moves, interceptions, pushes, figures out of action).
func TestContactsFollowPlaces(t *testing.T) {
	var figs []fig
	for k := 0; k < 6; k++ {
		a := soldier(SideA, 4+2*float32(k), 3)
		a.melee, a.weapons, a.armour, a.health = wHand, nil, 6, 14
		bb := soldier(SideB, 5+2*float32(k), 10)
		bb.melee, bb.weapons, bb.armour, bb.health = wHand, nil, 6, 14
		figs = append(figs, a, bb)
	}
	cr := soldier(SideCreatures, 10, 6.5)
	cr.base = 1
	figs = append(figs, cr)
	s := setup(t, 20, 14, figs, []Terrain{{Name: "block", Shape: geom.NewRect(9, 5, 10, 6), Impassable: true}}, nil)
	n := 0
	pol := brawl{&n}
	check := &contactCheck{t: t}
	for seed := uint64(0); seed < 30; seed++ {
		b := &Battle{Trace: check}
		b.Reset(s, 7, seed)
		b.Play(pol, pol, pol)
	}
	if check.checks < 1000 {
		t.Fatalf("only %d pairs in combat checked", check.checks)
	}
	t.Logf("%d pairs in combat checked", check.checks)
}
