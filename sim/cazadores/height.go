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

// travelOn is travel, or travelHigh on a map with height (R58): travel
// itself is left as it is on flat maps.
func (h *Hunt) travelOn(i int, goal geom.Vec, budget float32, stop int, action bool) float32 {
	if h.Sc.Map.HasHeight {
		return h.travelHigh(i, goal, budget, stop, action)
	}
	return h.travel(i, goal, budget, stop, action)
}

// foesOnUnstable makes each of the Adversary's models that ends its Turn
// on an unstable piece fall.
func (h *Hunt) foesOnUnstable() {
	for i := int(h.Adv0); i < int(h.Adv0+h.NAdv); i++ {
		h.endOnUnstable(i)
	}
}

// travelHigh is travel on a map with height: a move climbs onto and down
// from raised pieces, paying their height, and leaps low pieces and
// chasms (R58).
func (h *Hunt) travelHigh(i int, goal geom.Vec, budget float32, stop int, action bool) float32 {
	m := &h.M[i]
	mp := &h.Sc.Map
	start := m.Pos
	pos := m.Pos
	left := budget
	moved := float32(0)
	immune := h.immuneTerrain(i)
	costly, danger := false, false
	if !immune {
		t := mp.HasTerrain
		for k := 0; k < int(h.NAreas); k++ {
			t |= h.Areas[k].Terrain
		}
		costly, danger = t&(Difficult|Dangerous) != 0, t&Dangerous != 0
	}
	impassable := mp.HasTerrain&Impassable != 0
	height := mp.HasHeight
	jumped := float32(0)
	r := m.R
	// The bases a move stops at: Hostile ones, and model stop's.
	blockers := (h.activeOf(m.Side^1) | h.live&bit(stop)) &^ bit(i)
	for iter := 0; iter < 12 && left > geom.Eps; iter++ {
		wp := goal
		if mp.Nav != nil {
			wp, _ = mp.Nav.Next(pos, goal)
		}
		seg := wp.Sub(pos)
		L := seg.Len()
		if L < geom.Eps {
			break
		}
		tMax := float32(1)
		contact := false
		for bs := blockers; bs != 0; bs &= bs - 1 {
			o := &h.M[bits.TrailingZeros16(bs)]
			if t, hit := geom.SweepCircle(pos, wp, r, o.Pos, o.R); hit && t < tMax {
				tMax, contact = t, true
			}
		}
		if impassable {
			for k := 0; k < int(mp.NPieces); k++ {
				pc := &mp.Pieces[k]
				if pc.Types&Impassable == 0 || height && pc.Leapt() {
					continue
				}
				if t, hit := pc.Shape.SweepHits(pos, wp, r); hit && t < tMax {
					tMax, contact = t, true
				}
			}
		}
		// Height: a leap is made only when the leg carries the base clear
		// of the piece, else the move stops at it; a climb cuts the leg at
		// the raised piece's edge.
		var noLand [2]float32
		leap, leapK, climbed := false, -1, false
		climb, rise := float32(2), float32(0)
		if height {
			if ts, tl, k, ok := h.leapAlong(pos, wp, L, r); ok && ts < tMax {
				if tl <= tMax && L*tl <= left {
					leap, leapK, noLand = true, k, [2]float32{ts, tl}
				} else {
					tMax, contact = ts, true
				}
			}
			if tc, rs, k := h.climbAlong(pos, wp); k >= 0 && tc < tMax {
				tMax, climb, rise, contact = tc, tc, rs, false
			}
		}
		var t, cost float32
		if costly {
			var stopped bool
			t, cost, stopped = h.costlyStep(i, pos, wp, L, tMax, left, danger)
			if stopped {
				contact = true
				left = 0
			}
		} else {
			t = tMax
			if L*t > left {
				t = left / L
			}
			if danger {
				if ts, stopped := h.dangerAlong(i, pos, wp, t); stopped {
					t = ts
					contact = true
					left = 0
				}
			}
			cost = L * t
		}
		if leap && t > noLand[0] && t < noLand[1] {
			// Short of the far side: the move ends before the piece.
			t, contact = noLand[0], true
			cost = L * t
			left = 0
		}
		if leap && t >= noLand[1] && h.Trace != nil {
			h.emit(Event{Kind: EvLeap, Model: int8(i), Name: mp.Pieces[leapK].Name, Pos: pos.Add(seg.Scale(noLand[0]))})
		}
		if climb <= 1 && t >= climb-1e-6 && !contact {
			left -= cost
			var stopped bool
			t, left, stopped = h.climbLeg(i, pos, wp, L, climb, rise, left)
			cost = 0
			climbed = !stopped
			if stopped {
				contact = true
			} else if rise < 0 && h.Sc.Rules.JumpDown {
				jumped = -rise
			}
			tMax = 1 // the leg goes on past the edge
		}
		next := pos.Add(seg.Scale(t))
		left -= cost
		moved += L * t
		pos = next
		if contact || !climbed && t < tMax-1e-6 || t >= 1-1e-6 && wp == goal {
			break
		}
	}
	pos = geom.ClampToBoard(pos, m.R, mp.W, mp.H)
	// Never end on another base: first try to keep contact with the model
	// moved to by sliding around it, else step back toward the start.
	if !h.freeAt(i, pos, m.R) {
		pos, moved = h.settle(i, start, pos, stop, moved, budget)
	}
	if moved < 0 {
		moved = 0
	}
	m.Pos = pos
	if jumped > 0 {
		h.fallHurt(i, jumped)
	}
	if action {
		h.traceMoved(i, moved)
	}
	if action && m.Conds.Has(Bleeding) && (moved > geom.Eps || h.Sc.Rules.BleedingOnZeroMove) {
		h.wound(i, 1, -1, Bleeding)
	}
	return moved
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
	for s := mp.RaisedSet; s != 0; s &= s - 1 {
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
func (h *Hunt) climbAlong(p, q geom.Vec) (tc, rise float32, k int) {
	mp := &h.Sc.Map
	tc, k = 2, -1
	for s := mp.RaisedSet; s != 0; s &= s - 1 {
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
func (h *Hunt) leapAlong(p, q geom.Vec, L, r float32) (ts, tl float32, k int, ok bool) {
	mp := &h.Sc.Map
	ts, k = 2, -1
	for s := mp.LeaptSet; s != 0; s &= s - 1 {
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
