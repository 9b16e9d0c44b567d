package cazadores

import (
	"math/bits"

	"balance/sim/dice"
	"balance/sim/geom"
)

// Height on the map (R58): a model stands on the tallest raised piece its
// centre is in; moves pay the height of a raised piece in movement to climb
// onto it and again to climb down; Impassable pieces at most LeapHeight
// tall, and chasms, are leapt when the move carries the model past them;
// a model struck by an Attack on a raised piece, or ending its Turn on an
// unstable one, falls to the ground beside it and suffers a Melee Attack
// whose Rating is the fall in inches.

// foesOnUnstable makes each of the Adversary's models that ends its Turn
// on an unstable piece fall.
func (h *Hunt) foesOnUnstable() {
	for i := int(h.Adv0); i < int(h.Adv0+h.NAdv); i++ {
		h.endOnUnstable(i)
	}
}

// heightLeg is what height does to a leg of travel from pos to wp (of
// length L, for a base of radius r with left inches of movement): a leap
// is made only when the leg carries the base clear of the piece, else the
// move stops at it (tMax, contact); a climb cuts the leg at the raised
// piece's edge. Nothing on a flat map.
func (h *Hunt) heightLeg(i int, pos, wp geom.Vec, near uint32, L, r, left float32, tMax *float32, contact *bool) legHeight {
	if !h.Sc.Map.HasHeight {
		return legHeight{climb: 2}
	}
	return h.heightLegOn(pos, wp, near, L, r, left, tMax, contact)
}

func (h *Hunt) heightLegOn(pos, wp geom.Vec, near uint32, L, r, left float32, tMax *float32, contact *bool) legHeight {
	hs := legHeight{climb: 2, leapK: -1}
	if ts, tl, k, ok := h.leapAlong(pos, wp, near, L, r); ok && ts < *tMax {
		if tl <= *tMax && L*tl <= left {
			hs.leap, hs.leapK, hs.noLand = true, k, [2]float32{ts, tl}
		} else {
			*tMax, *contact = ts, true
		}
	}
	if tc, rs, k := h.climbAlong(pos, wp, near); k >= 0 && tc < *tMax {
		*tMax, hs.climb, hs.rise, *contact = tc, tc, rs, false
	}
	return hs
}

// legHeight is what heightLeg found on a leg: a leap (of piece leapK,
// landing nowhere between noLand's two parameters), a climb at parameter
// climb (2: none) of rise inches, and whether the climb was made.
type legHeight struct {
	leap    bool
	leapK   int
	noLand  [2]float32
	climb   float32
	rise    float32
	climbed bool
}

// heightAfter settles a leg of travel that reached parameter t at a cost:
// a leap falling short ends the move before the piece, a climb reached is
// paid (or stops the move at the foot), a jump down makes its fall. It
// returns the parameter where the leg ends.
func (h *Hunt) heightAfter(hs *legHeight, i int, pos, seg geom.Vec, L float32, t, cost, left *float32, contact *bool, tMax *float32) float32 {
	if hs.leap || hs.climb <= 1 {
		h.heightAfterOn(hs, i, pos, seg, L, t, cost, left, contact, tMax)
	}
	return *t
}

func (h *Hunt) heightAfterOn(hs *legHeight, i int, pos, seg geom.Vec, L float32, t, cost, left *float32, contact *bool, tMax *float32) {
	if hs.leap && *t > hs.noLand[0] && *t < hs.noLand[1] {
		// Short of the far side: the move ends before the piece.
		*t, *contact = hs.noLand[0], true
		*cost = L * *t
		*left = 0
	}
	if hs.leap && *t >= hs.noLand[1] && h.Trace != nil {
		h.emit(Event{Kind: EvLeap, Model: int8(i), Name: h.Sc.Map.Pieces[hs.leapK].Name, Pos: pos.Add(seg.Scale(hs.noLand[0]))})
	}
	if hs.climb <= 1 && *t >= hs.climb-1e-6 && !*contact {
		*left -= *cost
		var stopped bool
		*t, *left, stopped = h.climbLeg(i, pos, pos.Add(seg), L, hs.climb, hs.rise, *left)
		*cost = 0
		hs.climbed = !stopped
		if stopped {
			*contact = true
		} else if hs.rise < 0 && h.Sc.Rules.JumpDown {
			m := &h.M[i]
			at := m.Pos
			m.Pos = pos.Add(seg.Scale(*t))
			h.fallHurt(i, -hs.rise)
			if m.State != Active {
				*left = 0
			}
			m.Pos = at
		}
		*tMax = 1 // the leg goes on past the edge
	}
}

// climbStep is the gap a climb or a fall leaves between a base's centre
// and the piece's edge, so that the centre is clearly on or off it.
const climbStep = 0.05

// Elev returns the height of the ground at p: the height of the tallest
// raised piece containing p, 0 off them.
func (h *Hunt) Elev(p geom.Vec) float32 {
	if h.Sc.Map.RaisedSet == 0 {
		return 0
	}
	e, _ := h.standsOn(p)
	return e
}

// standsOn returns the height of the tallest raised piece containing p and
// its index (-1 for the ground).
func (h *Hunt) standsOn(p geom.Vec) (float32, int) {
	mp := &h.Sc.Map
	e, k := float32(0), -1
	for s := mp.RaisedSet & mp.nearPoint(p, 0); s != 0; s &= s - 1 {
		j := bits.TrailingZeros32(s)
		pc := &mp.Pieces[j]
		if pc.Height > e && pc.Shape.Contains(p) {
			e, k = pc.Height, j
		}
	}
	return e, k
}

// over reports whether a line between models standing at p and q passes
// over piece pc: the piece has a height, and it is at most LeapHeight tall
// (below every model's eyeline) or the higher of the two stands at least
// as high.
func (h *Hunt) over(pc *Piece, p, q geom.Vec) bool {
	return pc.Height > 0 && (pc.Height <= LeapHeight || max(h.Elev(p), h.Elev(q)) >= pc.Height)
}

// climbAlong finds the first edge of a raised piece that the leg from p to
// q crosses: its parameter, the height climbed (up or down) and the piece;
// k is -1 when the leg crosses none.
func (h *Hunt) climbAlong(p, q geom.Vec, near uint32) (tc, rise float32, k int) {
	mp := &h.Sc.Map
	tc, k = 2, -1
	for s := mp.RaisedSet & near; s != 0; s &= s - 1 {
		j := bits.TrailingZeros32(s)
		pc := &mp.Pieces[j]
		t0, t1, ok := pc.Shape.SegmentSpan(p, q)
		if !ok {
			continue
		}
		var t, r float32
		if pc.Shape.Contains(p) {
			if t1 >= 1 {
				continue
			}
			t, r = t1, -pc.Height
		} else {
			if t0 <= 0 {
				continue
			}
			t, r = t0, pc.Height
		}
		if t < tc {
			tc, rise, k = t, r, j
		}
	}
	return tc, rise, k
}

// leapAlong returns, for the first piece model i leaps on the leg from p to
// q (of length L), the parameters where its base meets the piece and where
// its base is clear of it again; ok is false when the leg crosses none.
func (h *Hunt) leapAlong(p, q geom.Vec, near uint32, L, r float32) (ts, tl float32, k int, ok bool) {
	mp := &h.Sc.Map
	ts, k = 2, -1
	for s := mp.LeaptSet & near; s != 0; s &= s - 1 {
		j := bits.TrailingZeros32(s)
		pc := &mp.Pieces[j]
		t, hit := pc.Shape.SweepHits(p, q, r)
		if !hit || t >= ts {
			continue
		}
		// Where the base is clear again: past the centre line's way out by
		// the radius.
		_, t1, in := pc.Shape.SegmentSpan(p, q)
		far := float32(2)
		if in {
			far = t1 + (r+climbStep)/L
		}
		ts, tl, k, ok = t, far, j, true
	}
	return ts, tl, k, ok
}

// climbLeg moves along a leg from pos toward wp that travel cut at a raised
// piece's edge (parameter tc, height rise): the climb is paid from left
// when it fits, else the move stops short of the edge. It returns the
// parameter reached and what is left; stopped when the move ends there.
func (h *Hunt) climbLeg(i int, pos, wp geom.Vec, L, tc, rise, left float32) (t, rest float32, stopped bool) {
	cost := rise
	if rise < 0 {
		cost = -rise
		if h.Sc.Rules.JumpDown {
			cost = 0
		}
	}
	step := climbStep / L
	if cost+climbStep > left {
		t = tc - step
		if t < 0 {
			t = 0
		}
		return t, 0, true
	}
	t = tc + step
	if t > 1 {
		t = 1
	}
	if h.Trace != nil {
		h.emit(Event{Kind: EvClimb, Model: int8(i), F: rise, Pos: pos.Add(wp.Sub(pos).Scale(tc))})
	}
	return t, left - cost - climbStep, false
}

// fall drops model i from the raised piece it stands on to the nearest free
// ground beside it, and makes the fall's Melee Attack on it.
func (h *Hunt) fall(i int) {
	m := &h.M[i]
	e, k := h.standsOn(m.Pos)
	if k < 0 {
		return
	}
	land := m.Pos
	found := false
	for d := float32(0.25); d <= 12 && !found; d += 0.25 {
		for j := 0; j < 256; j += 8 {
			q := m.Pos.Add(geom.Dir(uint8(j)).Scale(d))
			if h.freeAt(i, q, m.R) && h.Elev(q) == 0 {
				land, found = q, true
				break
			}
		}
	}
	m.Pos = land
	h.fallHurt(i, e)
}

// fallHurt makes the Melee Attack of model i's fall of e inches: as many
// dice as the fall in whole inches (rounded) against its Melee Defence,
// each Success a WND.
func (h *Hunt) fallHurt(i int, e float32) {
	m := &h.M[i]
	pool := int(e + 0.5)
	dt := h.Defence(i, MeleeAttack)
	res := h.roll(MaxModels, pool, dt, dice.Normal)
	if h.Trace != nil {
		h.w.lastPool, h.w.lastDT, h.w.lastAdv = int8(pool), int8(dt), dice.Normal
		h.emit(Event{Kind: EvFall, Model: int8(i), F: e, Pos: m.Pos, Dice: h.diceOf(res)})
	}
	if w := int(res.Successes); w > 0 && m.State == Active {
		if h.IsAdversary(i) {
			h.woundAdversary(w, 0, -1)
		} else {
			h.wound(i, w, -1, NoCond)
		}
	}
}

// struck is called when an Attack hits model i: on a raised piece it falls
// (with FallOnlyUnstable, only from an unstable one).
func (h *Hunt) struck(i int) {
	if h.M[i].State != Active {
		return
	}
	_, k := h.standsOn(h.M[i].Pos)
	if k < 0 || h.Sc.Rules.FallOnlyUnstable && !h.Sc.Map.Pieces[k].Unstable {
		return
	}
	h.fall(i)
}

// endOnUnstable makes model i, ending its Turn on an unstable raised piece,
// fall from it.
func (h *Hunt) endOnUnstable(i int) {
	if !h.Sc.Map.HasHeight || h.M[i].State != Active {
		return
	}
	if _, k := h.standsOn(h.M[i].Pos); k >= 0 && h.Sc.Map.Pieces[k].Unstable {
		h.fall(i)
	}
}
