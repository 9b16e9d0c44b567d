package skirmish

import (
	"math"
	"math/bits"

	"balance/sim/geom"
)

// memo remembers the answers of questions that depend only on the design
// and the points asked about, across the battles a Battle plays: the
// point a router heads for on the way between two points, the terrain
// between a shooter and its target, whether a piece blocks the sight
// between two points, a leg's crossings of the ground and what walking
// it costs, whether a walk goes over what it would go round, and whether
// a base fits at a point; and the walks that met no other figure, read
// back only while no other figure would meet them (walkKept). The battles of a design begin alike (the figures
// at their deployment, the loot where it lies) and part ways only as the
// dice make them, so their first turns ask the same questions again and
// again.
//
// Each table is direct-mapped: an answer is kept in the one slot its
// question hashes to, replacing the one there, and is read back only for
// the very question (every bit of its points and radii) it was worked out
// for. An answer read back is the one working it out again gives, so the
// battles are those played without it.
//
// A memo belongs to one Battle (Reset makes it, and keeps it from one
// battle to the next); a copy of the Battle shares it, so forks of a
// battle are played on one goroutine (or given their own by Reset).
type memo struct {
	s    *Setup // the design the terrain and sight answers are of
	next [memoSize]nextMemo
	terr [memoSize]terrainMemo
	sees [memoSize]sightMemo
	over [memoSize]sightMemo // whether a walk goes over what it would go round
	legs [memoSize]spansMemo
	fits [memoSize]fitsMemo
	adv  [memoSize]advanceMemo
	walk [memoSize]walkMemo
}

const (
	memoBits = 12
	memoSize = 1 << memoBits
)

// A question's points are kept as keys (key: every bit of a point), which
// its slot is found from and its answer is read back by.

// nextMemo is an answer of router.way (rt nil: none).
type nextMemo struct {
	rt       *router
	from, to uint64
	out      geom.Vec
}

// terrainMemo is an answer of terrainBetween (radii: both radii's keys).
type terrainMemo struct {
	p, q, radii uint64
	cover       uint8
	inter       int8
	ok          bool
}

// sightMemo is an answer of blocksSight (or of overground).
type sightMemo struct {
	p, q    uint64
	blocked bool
	ok      bool
}

// fitsMemo is an answer of router.clearAt (rt nil: none).
type fitsMemo struct {
	rt   *router
	p    uint64
	fits bool
}

// spansMemo is an answer of Setup.spansOf with at most memoSpans
// crossings (n -1: none).
type spansMemo struct {
	from, to uint64
	ts       [memoSpans]float32
	n        int8
	flat     bool
}

const memoSpans = 6

// advanceMemo is an answer of legCost over a leg that meets the ground
// (q: the leg's budget, run-up, fraction and drop, mode and whether it
// is the final pass, as keys; ok false: none).
type advanceMemo struct {
	from, to       uint64
	q              [3]uint64
	t, spent, fell float32
	dmg            int32
	ok             bool
}

// memoFor readies b's memo for battles of s: a new one, or the one b
// has, emptied when it was of another design.
func (b *Battle) memoFor(s *Setup) {
	if b.memo == nil {
		b.memo = &memo{s: s}
	} else if b.memo.s != s {
		*b.memo = memo{s: s}
	} else {
		return
	}
	for k := range b.memo.legs {
		b.memo.legs[k].n = -1
	}
}

// key returns every bit of p, as one word.
func key(p geom.Vec) uint64 {
	return uint64(math.Float32bits(p.X))<<32 | uint64(math.Float32bits(p.Y))
}

// memoSlot returns the slot of the question about the points of keys ka
// and kb (and extra, the rest of the question's bits).
func memoSlot(ka, kb, extra uint64) uint32 {
	h := (ka*0x9e3779b97f4a7c15 ^ kb ^ extra) * 0xc2b2ae3d27d4eb4f
	return uint32(h >> (64 - memoBits))
}

// next is rt.way(from, to), remembered in m (a nil router: to).
func (rt *router) next(from, to geom.Vec, m *memo) geom.Vec {
	if rt == nil {
		return to
	}
	kf, kt := key(from), key(to)
	e := &m.next[memoSlot(kf, kt, 0)]
	if e.rt == rt && e.from == kf && e.to == kt {
		return e.out
	}
	out := rt.way(from, to)
	*e = nextMemo{rt: rt, from: kf, to: kt, out: out}
	return out
}

// terrainBetween is the terrain part of TerrainMods: the best cover of
// the pieces the target at q (base rj) touches and the line from p
// (base ri) crosses, and how many pieces intervene; remembered.
func (b *Battle) terrainBetween(p geom.Vec, ri float32, q geom.Vec, rj float32) (cover uint8, intervening int8) {
	kp, kq, kr := key(p), key(q), key(geom.Vec{X: ri, Y: rj})
	e := &b.memo.terr[memoSlot(kp, kq, kr)]
	if e.ok && e.p == kp && e.q == kq && e.radii == kr {
		return e.cover, e.inter
	}
	cover, intervening = b.S.terrainBetween(p, ri, q, rj)
	*e = terrainMemo{p: kp, q: kq, radii: kr, cover: cover, inter: intervening, ok: true}
	return cover, intervening
}

// blocksSight reports whether a piece that blocks sight lies across the
// line p→q, remembered.
func (b *Battle) blocksSight(p, q geom.Vec) bool {
	kp, kq := key(p), key(q)
	e := &b.memo.sees[memoSlot(kp, kq, 1)]
	if e.ok && e.p == kp && e.q == kq {
		return e.blocked
	}
	blocked := b.S.blocksSight(p, q)
	*e = sightMemo{p: kp, q: kq, blocked: blocked, ok: true}
	return blocked
}

// spansOf lists the leg from→to's crossings of the ground pieces into
// sp (and forgets the ground sp remembered of the stretches between
// them), remembered.
// A walk asks it once for each leg: it notes the leg for the walk
// (walkKept).
func (b *Battle) spansOf(from, to geom.Vec, sp *legSpans) {
	if w := &b.walked; w.n < walkLegs {
		w.leg[w.n] = [2]geom.Vec{from, to}
	}
	b.walked.n++
	kf, kt := key(from), key(to)
	e := &b.memo.legs[memoSlot(kf, kt, 2)]
	if e.n >= 0 && e.from == kf && e.to == kt {
		sp.n, sp.flat = int(e.n), e.flat
		copy(sp.ts[:sp.n], e.ts[:])
		clear(sp.seen[:sp.n+1])
		return
	}
	b.S.spansOf(from, to, sp)
	if sp.n <= memoSpans {
		e.from, e.to, e.n, e.flat = kf, kt, int8(sp.n), sp.flat
		copy(e.ts[:], sp.ts[:sp.n])
	}
}

// overground reports whether a walk from p to q walks over what it
// would go round (Setup.overground), remembered.
func (b *Battle) overground(p, q geom.Vec) bool {
	kp, kq := key(p), key(q)
	e := &b.memo.over[memoSlot(kp, kq, 3)]
	if e.ok && e.p == kp && e.q == kq {
		return e.blocked
	}
	over := b.S.overground(p, q)
	*e = sightMemo{p: kp, q: kq, blocked: over, ok: true}
	return over
}

// clearAt is rt.clearAt(p), remembered.
func (b *Battle) clearAt(rt *router, p geom.Vec) bool {
	if rt == nil {
		return true
	}
	kp := key(p)
	e := &b.memo.fits[memoSlot(kp, kp, 4)]
	if e.rt == rt && e.p == kp {
		return e.fits
	}
	fits := rt.clearAt(p)
	*e = fitsMemo{rt: rt, p: kp, fits: fits}
	return fits
}

// advance walks from→to (length L, its crossings sp) with budget inches,
// up to the fraction tMax: it returns the fraction reached, the movement
// spent, the falling damage taken on the way and the longest drop
// (legCost); remembered for a leg that meets the ground (a leg
// over open ground costs less than the asking) and is not traced: what
// legCost works out depends only on the leg, the figure's run-up and the
// arguments (the ground sp remembers of the leg's stretches saves work,
// and is worked out again when the answer is read back).
func (b *Battle) advance(i int, from, to geom.Vec, L, budget, tMax float32, mode uint8, maxDrop float32, final bool, sp *legSpans) (t, spent float32, fallDmg int, fallen float32) {
	if sp.flat {
		t, spent = flatLeg(L, budget, tMax)
		return t, spent, 0, 0
	}
	return b.advanceKept(i, from, to, L, budget, tMax, mode, maxDrop, final, sp)
}

// advanceKept is advance over a leg that meets the ground.
func (b *Battle) advanceKept(i int, from, to geom.Vec, L, budget, tMax float32, mode uint8, maxDrop float32, final bool, sp *legSpans) (t, spent float32, fallDmg int, fallen float32) {
	if final && b.Trace != nil {
		return b.legCost(i, from, to, L, budget, tMax, mode, maxDrop, final, sp)
	}
	fin := uint64(0)
	if final {
		fin = 1
	}
	kf, kt := key(from), key(to)
	q := [3]uint64{key(geom.Vec{X: budget, Y: b.Figs[i].run}), key(geom.Vec{X: tMax, Y: maxDrop}), uint64(mode)<<1 | fin}
	e := &b.memo.adv[memoSlot(kf, kt, q[0]*0x9e3779b97f4a7c15^q[1]^q[2])]
	if e.ok && e.from == kf && e.to == kt && e.q == q {
		return e.t, e.spent, int(e.dmg), e.fell
	}
	t, spent, fallDmg, fallen = b.legCost(i, from, to, L, budget, tMax, mode, maxDrop, final, sp)
	*e = advanceMemo{from: kf, to: kt, q: q, t: t, spent: spent, fell: fallen, dmg: int32(fallDmg), ok: true}
	return t, spent, fallDmg, fallen
}

// walkMemo is a walk that met no other figure (walkKept): the question
// (the mover's place, the goal, the budget and drop, the mode, base
// radius and whether it climbs, as keys), where the walk left the mover
// and, for each of its n legs, the leg (its start and the point it
// headed for) and where it ended.
type walkMemo struct {
	from, goal, q, kind uint64
	to, dir             geom.Vec
	run                 float32
	n                   int8
	moved, ok           bool
	leg                 [walkLegs][2]geom.Vec
	end                 [walkLegs]geom.Vec
	cells               [walkLegs]legCells
}

// legCells is the contact grid's cells a kept leg asks about: the
// columns c0..c1 and rows r0..r1 its grown box covers (boxed), and the
// cell of its end (round).
type legCells struct{ c0, r0, c1, r1, ex, ey uint8 }

// walkLegs is the most legs of a walk kept.
const walkLegs = 4

// walkBox is what the walk being kept noted of its legs (spansOf,
// placed, offFriends): the legs and their ends, how many legs, and
// whether it stepped back off a friend or came within 1" of an enemy
// (or met one). A walk that did neither walked as if no other figure
// stood: what it did is what any walk of the question does when
// walkClear holds.
type walkBox struct {
	leg  [walkLegs][2]geom.Vec
	end  [walkLegs]geom.Vec
	n    int
	back bool
	met  bool // a leg came within 1" of an enemy, or met one
}

// walkKept is walk, remembered when it met no other figure. Of the other
// figures, a walk's legs ask only about those in the contact grid's
// cells round the leg's box (boxed): an enemy off the box by more than
// the reach the walk sweeps for (its base, 1" and the enemy's base) is
// neither met nor met within 1" of it, and only a friend whose base
// overlaps the mover's where a leg ends makes it step back. When no
// enemy of those cells is met or has a leg come within 1" of it and no
// friend stands on any leg's end, nothing of the walk depends on another
// figure, and the walk depends only on the question (the mover's place,
// goal, budget, drop and mode, its base and whether it climbs; its
// run-up is 0, as every Move, Run for it, random move and power move
// begins its walk). It is read back when asked again with the same
// holding of its legs as the other figures then stand: every leg would
// find what it found. What the walk did is done again: the mover placed
// where it ended, its run-up and direction, moved or not. (A walk of
// more than walkLegs legs, or that fell, is not kept.)
func (b *Battle) walkKept(i int, goal geom.Vec, budget float32, mode uint8, maxDrop float32) {
	f := &b.Figs[i]
	if b.Trace != nil || b.Done || f.run != 0 || goal == f.Pos {
		b.walk(i, goal, budget, mode, maxDrop)
		return
	}
	kind := uint64(mode) | uint64(math.Float32bits(b.base[i]))<<32
	if b.climbs(i) {
		kind |= 1 << 8
	}
	kf, kg, q := key(f.Pos), key(goal), key(geom.Vec{X: budget, Y: maxDrop})
	e := &b.memo.walk[memoSlot(kf, kg, q*0x9e3779b97f4a7c15^kind)]
	if e.ok && e.from == kf && e.goal == kg && e.q == q && e.kind == kind && b.walkClear(i, e) {
		if e.n > 0 {
			f.Pos, f.run, f.runDir = e.to, e.run, e.dir
			b.placed(i)
		}
		if e.moved {
			f.flags |= fMoved
		}
		return
	}
	b.walked = walkBox{}
	moved, fell := b.walk(i, goal, budget, mode, maxDrop)
	w := &b.walked
	if w.n > walkLegs || w.back || w.met || fell > 0 {
		return
	}
	*e = walkMemo{from: kf, goal: kg, q: q, kind: kind, to: f.Pos, dir: f.runDir, run: f.run,
		n: int8(w.n), moved: moved, leg: w.leg, end: w.end, ok: true}
	g, reach := &b.S.grid, b.base[i]+interceptGap+geom.Eps+b.S.maxBase+1e-3
	for k := 0; k < w.n; k++ {
		s, c := boxOf(w.leg[k][0], w.leg[k][1]), &e.cells[k]
		c.c0, c.r0 = g.cell(geom.Vec{X: s.lo.X - reach, Y: s.lo.Y - reach})
		c.c1, c.r1 = g.cell(geom.Vec{X: s.hi.X + reach, Y: s.hi.Y + reach})
		c.ex, c.ey = g.cell(w.end[k])
	}
}

// walkClear reports whether, as the other figures stand, no enemy in the
// cells round a leg of e is met by the leg or has the leg come within 1"
// of it, and no friend there stands on a leg's end (the checks of walk
// and offFriends, asked as they ask them, found false for every figure).
func (b *Battle) walkClear(i int, e *walkMemo) bool {
	r := b.base[i]
	reach := r + interceptGap + geom.Eps
	friends := b.Band(b.Figs[i].Side) &^ (1 << i)
	for k := 0; k < int(e.n); k++ {
		from, wp := e.leg[k][0], e.leg[k][1]
		box, c := boxOf(from, wp), &e.cells[k]
		bx := (b.colLE[c.c1] &^ b.colLE[c.c0-1]) & (b.rowLE[c.r1] &^ b.rowLE[c.r0-1]) // boxed(&box, reach+maxBase+1e-3)
		for m := b.Foes(i) & bx; m != 0; m &= m - 1 {
			j := bits.TrailingZeros32(m)
			pj, rj := b.Figs[j].Pos, b.base[j]
			if box.far(pj, reach+rj) {
				continue
			}
			if _, hit := geom.SweepCircle(from, wp, r, pj, rj+interceptGap); hit {
				return false
			}
			if box.far(pj, r+rj+geom.Eps) {
				continue
			}
			if _, hit := geom.SweepCircle(from, wp, r, pj, rj); hit {
				return false
			}
		}
		p := e.end[k]
		for m := friends & bx & (b.colLE[c.ex+1] &^ b.colLE[c.ex-2]) & (b.rowLE[c.ey+1] &^ b.rowLE[c.ey-2]); m != 0; m &= m - 1 { // round(p)
			if j := bits.TrailingZeros32(m); p.Dist(b.Figs[j].Pos) < r+b.base[j]-1e-3 {
				return false
			}
		}
	}
	return true
}
