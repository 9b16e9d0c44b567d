package cazadores

import (
	"math"
	"math/bits"

	"balance/sim/geom"
)

// Edge returns the edge-to-edge distance between models a and b.
func (h *Hunt) Edge(a, b int) float32 {
	ma, mb := &h.M[a], &h.M[b]
	dx, dy := ma.Pos.X-mb.Pos.X, ma.Pos.Y-mb.Pos.Y
	// As geom.EdgeDist, written out small enough to inline.
	d := float32(math.Sqrt(float64(dx*dx+dy*dy))) - ma.R - mb.R
	if d < 0 {
		return 0
	}
	return d
}

// Within reports whether the edge-to-edge distance between models a and b
// is at most d (with geom.Eps of slack), without a square root.
func (h *Hunt) Within(a, b int, d float32) bool {
	ma, mb := &h.M[a], &h.M[b]
	r := d + geom.Eps + ma.R + mb.R
	if r < 0 {
		return false
	}
	dx, dy := ma.Pos.X-mb.Pos.X, ma.Pos.Y-mb.Pos.Y
	return dx*dx+dy*dy <= r*r
}

// SPD returns model i's current SPD: effective SPD, less 2 while Freezing.
func (h *Hunt) SPD(i int) int {
	m := &h.M[i]
	s := int(m.SPD)
	if m.Conds.Has(Freezing) {
		s -= 2
	}
	if s < 0 {
		s = 0
	}
	return s
}

// LOS reports whether models a and b see each other: one of the three
// lines between their bases misses every Blocking piece and every base of
// a model Hostile to a (other than b).
func (h *Hunt) LOS(a, b int) bool {
	ma, mb := &h.M[a], &h.M[b]
	if h.Sc.Map.HasTerrain&Blocking == 0 && h.activeOf(ma.Side^1)&^bit(a)&^bit(b) == 0 || h.lineClear(a, b, ma.Pos, ma.Pos, mb.Pos) {
		return true
	}
	lines := geom.LOSLines(ma.Pos, ma.R, mb.Pos, mb.R)
	return h.lineClear(a, b, ma.Pos, lines[1][0], lines[1][1]) || h.lineClear(a, b, ma.Pos, lines[2][0], lines[2][1])
}

// LOSFrom reports whether model a, were it standing at p, would see model
// b: LOS with a's base moved to p and every other model where it is.
func (h *Hunt) LOSFrom(a int, p geom.Vec, b int) bool {
	mb := &h.M[b]
	if h.lineClear(a, b, p, p, mb.Pos) {
		return true
	}
	lines := geom.LOSLines(p, h.M[a].R, mb.Pos, mb.R)
	return h.lineClear(a, b, p, lines[1][0], lines[1][1]) || h.lineClear(a, b, p, lines[2][0], lines[2][1])
}

// lineClear reports whether the line p-q between models a (its centre at
// pa) and b misses every Blocking piece and every base Hostile to a (other
// than b); the models' heights are those of their centres.
func (h *Hunt) lineClear(a, b int, pa, p, q geom.Vec) bool {
	mp := &h.Sc.Map
	if mp.HasTerrain&Blocking != 0 {
		for s := mp.nearSegment(p, q, 0); s != 0; s &= s - 1 {
			pc := &mp.Pieces[bits.TrailingZeros32(s)]
			if pc.Types&Blocking != 0 && pc.Shape.SegmentHits(p, q) && !h.over(pc, pa, h.M[b].Pos) {
				return false
			}
		}
	}
	seg := geom.NewSegment(p, q)
	for bs := h.activeOf(h.M[a].Side^1) &^ bit(a) &^ bit(b); bs != 0; bs &= bs - 1 {
		m := &h.M[bits.TrailingZeros16(bs)]
		if seg.HitsCircle(m.Pos, m.R) {
			return false
		}
	}
	return true
}

// InCover reports whether defender d has Cover from attacker a: the line
// between them crosses Obscuring terrain (a piece or an Area), or d stands
// in it.
func (h *Hunt) InCover(a, d int) bool {
	if (h.Sc.Map.HasTerrain|h.areaTerrain)&Obscuring == 0 {
		return false // nothing to hide behind, on the map or in an Area
	}
	return h.inCover(a, d)
}

// inCover is InCover on a map where Cover may be had. Only the pieces near
// the line between the centres can hold d or cross a line (each within the
// larger radius of it), so only those are tested.
func (h *Hunt) inCover(a, d int) bool {
	mp := &h.Sc.Map
	if mp.HasTerrain&Obscuring == 0 && !h.anyArea(Obscuring) {
		return false
	}
	pa, pd := h.M[a].Pos, h.M[d].Pos
	var lines [3][2]geom.Vec
	n := 1
	lines[0] = [2]geom.Vec{pa, pd}
	if h.Sc.Rules.CoverAnyLine {
		lines = geom.LOSLines(pa, h.M[a].R, pd, h.M[d].R)
		n = 3
	}
	for s := mp.nearSegment(pa, pd, max(h.M[a].R, h.M[d].R)); s != 0; s &= s - 1 {
		pc := &mp.Pieces[bits.TrailingZeros32(s)]
		if pc.Types&Obscuring == 0 {
			continue
		}
		if pc.Shape.OverlapsCircle(pd, h.M[d].R) {
			return true
		}
		for l := 0; l < n; l++ {
			if pc.Shape.SegmentHits(lines[l][0], lines[l][1]) && !h.over(pc, pa, pd) {
				return true
			}
		}
	}
	for k := 0; k < int(h.NAreas); k++ {
		ar := &h.Areas[k]
		if ar.Terrain&Obscuring == 0 {
			continue
		}
		if pd.Dist(ar.C) < ar.R+h.M[d].R {
			return true
		}
		for l := 0; l < n; l++ {
			if geom.SegmentCircle(lines[l][0], lines[l][1], ar.C, ar.R) {
				return true
			}
		}
	}
	return false
}

func (h *Hunt) anyArea(t Terrain) bool { return h.areaTerrain&t != 0 }

// Surrounded reports whether model i is within the melee reach of more
// Hostile models than Friendly ones (R-surrounded). The Adversary never is.
func (h *Hunt) Surrounded(i int) bool {
	if h.IsAdversary(i) {
		return false
	}
	// The Hostile models in reach first: with none (or no more than the
	// Friendly ones counted so far) the Friendly ones need no counting.
	hostile, friendly := 0, 0
	if h.Sc.Rules.SurroundedCountsSelf {
		friendly = 1
	}
	// Model i is in model j's melee reach: a reach of r >= 0 that i is
	// within (written out, a call too large to inline).
	for bs := h.Hostiles(i); bs != 0; bs &= bs - 1 {
		j := bits.TrailingZeros16(bs)
		if r := h.MeleeReach(j); r >= 0 && h.Within(i, j, r) {
			hostile++
		}
	}
	for bs := h.Friends(i); bs != 0 && hostile > friendly; bs &= bs - 1 {
		j := bits.TrailingZeros16(bs)
		if r := h.MeleeReach(j); r >= 0 && h.Within(i, j, r) {
			friendly++
		}
	}
	return hostile > friendly
}

// areaFoeDEF returns the DEF bonus Areas give Foe i standing in them.
func (h *Hunt) areaFoeDEF(i int) int {
	best := 0
	if !h.areaDEF {
		return 0 // no Area raises it
	}
	for k := 0; k < int(h.NAreas); k++ {
		ar := &h.Areas[k]
		if ar.FoeDEF != 0 && h.M[i].Pos.Dist(ar.C) < ar.R+h.M[i].R && int(ar.FoeDEF) > best {
			best = int(ar.FoeDEF)
		}
	}
	return best
}

// addArea creates an Area of kind k centred at c. At most MaxAreas exist;
// the oldest goes when a new one needs room.
func (h *Hunt) addArea(k uint8, c geom.Vec) *Area {
	ak := &h.Sc.Adversary.Areas[k]
	if int(h.NAreas) == MaxAreas {
		copy(h.Areas[:], h.Areas[1:])
		h.NAreas--
		// Dangerous-entry bits of Areas shift with them.
		for i := 0; i < int(h.N); i++ {
			m := &h.M[i]
			low := m.Entered & (1<<32 - 1)
			m.Entered = low | (m.Entered>>33)<<32
		}
	}
	h.AreaSeq++
	h.Areas[h.NAreas] = Area{C: c, R: ak.Diameter / 2, Terrain: ak.Terrain, FoeDEF: ak.FoeDEF, Kind: k, Seq: h.AreaSeq}
	h.NAreas++
	h.areasChanged()
	h.Rec.Areas++
	if h.Trace != nil {
		h.emit(Event{Kind: EvArea, Name: ak.Name, Pos: c})
	}
	seq := h.AreaSeq
	h.sprung(int(h.NAreas) - 1)
	for n := 0; n < int(h.NAreas); n++ {
		if h.Areas[n].Seq == seq {
			return &h.Areas[n]
		}
	}
	return nil
}

// areasChanged works out again what the hunt keeps of its Areas (an Area
// made, paired or spent): the union of their terrain, whether one raises
// a Foe's DEF, and whether one can do anything to a model entering it.
func (h *Hunt) areasChanged() {
	var t Terrain
	def, enter := false, false
	for n := 0; n < int(h.NAreas); n++ {
		ar := &h.Areas[n]
		t |= ar.Terrain
		def = def || ar.FoeDEF != 0
		enter = enter || !ar.Spent && (h.Sc.Adversary.Areas[ar.Kind].EnterCond != NoCond || ar.Pair != 0)
	}
	h.areaTerrain, h.areaDEF, h.areaEnter = t, def, enter
}

// scatter returns the point a Scatter Roll from p lands on: d5 inches in
// one of 256 directions.
func (h *Hunt) scatter(p geom.Vec) geom.Vec {
	d := float32(h.Dice.D5())
	dir := geom.Dir(uint8(h.Dice.IntN(256)))
	return p.Add(dir.Scale(d))
}

// contactGap is the gap left between two bases put in base contact (by a
// placement, a shove or a move that slides around a base): inside the
// contact tolerance geom.Eps, so the two count as touching (an Unarmed
// Attack reaches), and clear of it, so they do not count as overlapping.
const contactGap = geom.Eps / 2

// adjacent returns the position in base contact with model a on the side
// facing model b.
func (h *Hunt) adjacent(a, b int) geom.Vec {
	pa, pb := h.M[a].Pos, h.M[b].Pos
	dir := pb.Sub(pa).Norm()
	if dir.Len2() == 0 {
		dir = geom.Dir(0)
	}
	return pa.Add(dir.Scale(h.M[a].R + h.M[b].R + contactGap))
}

// freeAt reports whether a base of radius r at p is on the board, out of
// Impassable terrain and clear of every other model's base (ignoring self).
func (h *Hunt) freeAt(self int, p geom.Vec, r float32) bool {
	mp := &h.Sc.Map
	if p.X < r || p.Y < r || p.X > mp.W-r || p.Y > mp.H-r {
		return false
	}
	if mp.HasTerrain&Impassable != 0 {
		for s := mp.nearPoint(p, r); s != 0; s &= s - 1 {
			pc := &mp.Pieces[bits.TrailingZeros32(s)]
			if pc.Types&Impassable != 0 && pc.Shape.OverlapsCircle(p, r) {
				return false
			}
		}
	}
	for bs := h.live &^ bit(self); bs != 0; bs &= bs - 1 {
		if o := &h.M[bits.TrailingZeros16(bs)]; overlapping(p, r, o.Pos, o.R) {
			return false
		}
	}
	return true
}

// blockerAt is freeAt answered with what stops a base of radius r at p:
// -1 if nothing does (free), -2 the board's edge or Impassable terrain,
// else the first other model whose base it overlaps.
func (h *Hunt) blockerAt(self int, p geom.Vec, r float32) int {
	mp := &h.Sc.Map
	if p.X < r || p.Y < r || p.X > mp.W-r || p.Y > mp.H-r {
		return -2
	}
	if mp.HasTerrain&Impassable != 0 && h.overlapsImpassable(p, r) {
		return -2
	}
	for bs := h.live &^ bit(self); bs != 0; bs &= bs - 1 {
		if k := bits.TrailingZeros16(bs); h.overlapsAt(k, p, r) {
			return k
		}
	}
	return -1
}

// overlapsAt reports whether a base of radius r at p overlaps model k's,
// as freeAt tests it.
func (h *Hunt) overlapsAt(k int, p geom.Vec, r float32) bool {
	o := &h.M[k]
	return overlapping(p, r, o.Pos, o.R)
}

// place puts model i at p (Placing): kept on the board and out of
// Impassable terrain, and any model it overlaps is moved directly back by
// the minimum needed.
func (h *Hunt) place(i int, p geom.Vec) {
	m := &h.M[i]
	p = geom.ClampToBoard(p, m.R, h.Sc.Map.W, h.Sc.Map.H)
	p = h.outOfImpassable(p, m.R)
	m.Pos = p
	h.shoveOverlaps(i)
	if h.Trace != nil {
		h.emit(Event{Kind: EvPlaced, Model: int8(i), Pos: m.Pos})
	}
}

// outOfImpassable moves a base at p out of any Impassable piece it
// overlaps, directly away from the piece, by the minimum found.
func (h *Hunt) outOfImpassable(p geom.Vec, r float32) geom.Vec {
	mp := &h.Sc.Map
	if mp.HasTerrain&Impassable == 0 {
		return p
	}
	for s := mp.nearPoint(p, r); s != 0; s &= s - 1 {
		pc := &mp.Pieces[bits.TrailingZeros32(s)]
		if pc.Types&Impassable == 0 || !pc.Shape.OverlapsCircle(p, r) {
			continue
		}
		// Try the 32 directions at growing distances; take the nearest free.
		// Every spot of a ring nearer than skip overlaps pc (it is no
		// farther from pc than p by more than the ring's radius), so those
		// rings are passed over.
		skip := r - geom.Eps - outMargin - pc.Shape.SignedDist(p)
		for d := float32(0.25); d <= 12; d += 0.25 {
			if d < skip {
				continue
			}
			for j := 0; j < 256; j += 8 {
				q := geom.ClampToBoard(p.Add(geom.Dir(uint8(j)).Scale(d)), r, mp.W, mp.H)
				if !h.overlapsImpassable(q, r) {
					return q
				}
			}
		}
	}
	return p
}

// outMargin is the slack, far above float32's error, on the distances by
// which outOfImpassable passes over a ring of spots.
const outMargin = 1e-3

func (h *Hunt) overlapsImpassable(p geom.Vec, r float32) bool {
	mp := &h.Sc.Map
	for s := mp.nearPoint(p, r); s != 0; s &= s - 1 {
		pc := &mp.Pieces[bits.TrailingZeros32(s)]
		if pc.Types&Impassable != 0 && pc.Shape.OverlapsCircle(p, r) {
			return true
		}
	}
	return false
}

// shoveOverlaps moves every model that overlaps model i directly away from
// it by the minimum needed, stopping at Impassable terrain and the board's
// edges; a model shoved into another shoves it in turn (a few levels).
func (h *Hunt) shoveOverlaps(i int) {
	if !h.overlapped(i) {
		return // the usual case: nothing to shove
	}
	var queue [MaxModels]int8
	queue[0] = int8(i)
	n := 1
	for q := 0; q < n && q < 2*MaxModels; q++ {
		a := int(queue[q%MaxModels])
		for bs := h.live &^ bit(a); bs != 0; bs &= bs - 1 {
			k := bits.TrailingZeros16(bs)
			d := h.M[k].Pos.Sub(h.M[a].Pos)
			rr := h.M[a].R + h.M[k].R - geom.Eps
			if d.Len2() >= rr*rr {
				continue
			}
			need := h.M[a].R + h.M[k].R - d.Len() + contactGap
			dir := d.Norm()
			if dir.Len2() == 0 {
				dir = geom.Dir(uint8(k * 37))
			}
			h.slide(k, dir, need)
			if n < 2*MaxModels {
				queue[n%MaxModels] = int8(k)
				n++
			}
		}
	}
}

// overlapped reports whether another base overlaps model i's, as
// shoveOverlaps tests it.
func (h *Hunt) overlapped(i int) bool {
	pi, ri := h.M[i].Pos, h.M[i].R
	for bs := h.live &^ bit(i); bs != 0; bs &= bs - 1 {
		o := &h.M[bits.TrailingZeros16(bs)]
		d := o.Pos.Sub(pi)
		rr := ri + o.R - geom.Eps
		if d.Len2() < rr*rr {
			return true
		}
	}
	return false
}

// slide moves model i up to dist along dir in a straight line, stopping at
// Impassable terrain and the board's edges (a push).
func (h *Hunt) slide(i int, dir geom.Vec, dist float32) {
	m := &h.M[i]
	from := m.Pos
	to := from.Add(dir.Scale(dist))
	t := float32(1)
	mp := &h.Sc.Map
	if mp.HasTerrain&Impassable != 0 {
		for s := mp.nearSegment(from, to, m.R); s != 0; s &= s - 1 {
			pc := &mp.Pieces[bits.TrailingZeros32(s)]
			if pc.Types&Impassable == 0 {
				continue
			}
			if ts, hit := pc.Shape.SweepHits(from, to, m.R); hit && ts < t {
				t = ts
			}
		}
	}
	p := from.Add(to.Sub(from).Scale(t))
	m.Pos = geom.ClampToBoard(p, m.R, mp.W, mp.H)
}

// push moves model i dist inches directly away from point from.
func (h *Hunt) push(i int, from geom.Vec, dist float32) {
	dir := h.M[i].Pos.Sub(from).Norm()
	if dir.Len2() == 0 {
		dir = geom.Dir(uint8(h.Dice.IntN(256)))
	}
	h.slide(i, dir, dist)
	h.shoveOverlaps(i)
	if h.Trace != nil {
		h.emit(Event{Kind: EvPushed, Model: int8(i), Pos: h.M[i].Pos})
	}
}

// forcedAway moves model i up to dist directly away from point from, as
// a Terrified model's flight: movement rules apply (Difficult terrain,
// Impassable terrain and other bases stop it) but it is not a Move Action.
func (h *Hunt) forcedAway(i int, from geom.Vec, dist float32) {
	m := &h.M[i]
	dir := m.Pos.Sub(from).Norm()
	if dir.Len2() == 0 {
		dir = geom.Dir(uint8(h.Dice.IntN(256)))
	}
	goal := m.Pos.Add(dir.Scale(dist))
	goal = geom.ClampToBoard(goal, m.R, h.Sc.Map.W, h.Sc.Map.H)
	start := m.Pos
	h.anyTravel(i, goal, dist, -1, false)
	if h.Trace != nil {
		h.emit(Event{Kind: EvFled, Model: int8(i), Pos: m.Pos})
	}
	if h.areaEnter { // an Area that does something to a model entering it
		h.enterAreas(i, start)
	}
}

// immuneTerrain reports whether model i ignores Difficult and Dangerous
// terrain (Adversaries do).
func (h *Hunt) immuneTerrain(i int) bool { return h.IsAdversary(i) }

// travel moves model i toward goal with at most budget inches of movement:
// around Impassable terrain along the map's grid, paying double in
// Difficult terrain, stopping at base contact with model stop (or -1) and
// with Hostile bases, and at the edge of a Dangerous piece whose Athletics
// Check fails. Friendly bases are passed through but not ended on. It
// returns the distance moved.
func (h *Hunt) travel(i int, goal geom.Vec, budget float32, stop int, action bool) float32 {
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
		// and the terrain of the Areas on the board, their union kept by
		// areasChanged.
		t |= h.areaTerrain
		costly, danger = t&(Difficult|Dangerous) != 0, t&Dangerous != 0
	}
	impassable := mp.HasTerrain&Impassable != 0
	r := m.R
	// The bases a move stops at: Hostile ones, and model stop's.
	blockers := (h.activeOf(m.Side^1) | h.live&bit(stop)) &^ bit(i)
	for iter := 0; iter < 12 && left > geom.Eps; iter++ {
		wp := goal
		if mp.Nav != nil {
			wp, _ = mp.Nav.NextIn(pos, goal, &h.w.nav)
		}
		seg := wp.Sub(pos)
		L := seg.Len()
		if L < geom.Eps {
			break
		}
		tMax := float32(1)
		contact, near := false, mp.nearSegment(pos, wp, r) // the pieces the leg may touch
		for bs := blockers; bs != 0; bs &= bs - 1 {
			o := &h.M[bits.TrailingZeros16(bs)]
			if t, hit := geom.SweepCircle(pos, wp, r, o.Pos, o.R); hit && t < tMax {
				tMax, contact = t, true
			}
		}
		if impassable {
			for s := near; s != 0; s &= s - 1 {
				pc := &mp.Pieces[bits.TrailingZeros32(s)]
				if pc.Types&Impassable == 0 || mp.HasHeight && pc.Leapt() {
					continue
				}
				if t, hit := pc.Shape.SweepHits(pos, wp, r); hit && t < tMax {
					tMax, contact = t, true
				}
			}
		}
		t, cost, hs := float32(0), float32(0), h.heightLeg(i, pos, wp, near, L, r, left, &tMax, &contact)
		if costly {
			var stopped bool
			t, cost, stopped = h.costlyStep(i, pos, wp, near, L, tMax, left, danger)
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
				if ts, stopped := h.dangerAlong(i, pos, wp, near, t); stopped {
					t = ts
					contact = true
					left = 0
				}
			}
			cost = L * t
		}
		next := pos.Add(seg.Scale(h.heightAfter(&hs, i, pos, seg, L, &t, &cost, &left, &contact, &tMax)))
		left -= cost
		moved += L * t
		pos = next
		if contact || !hs.climbed && t < tMax-1e-6 || t >= 1-1e-6 && wp == goal {
			break
		}
	}
	return h.endTravel(i, start, pos, moved, budget, stop, action)
}

// endTravel ends model i's travel from start, which reached pos having
// moved that far: within the board, never on another base (first keeping
// contact with model stop by sliding around it, else stepping back toward
// start), then the trace and, for an Action, Bleeding. It returns the
// distance moved.
func (h *Hunt) endTravel(i int, start, pos geom.Vec, moved, budget float32, stop int, action bool) float32 {
	m := &h.M[i]
	mp := &h.Sc.Map
	pos = geom.ClampToBoard(pos, m.R, mp.W, mp.H)
	if !h.freeAt(i, pos, m.R) {
		pos, moved = h.settle(i, start, pos, stop, moved, budget)
	}
	if moved < 0 {
		moved = 0
	}
	m.Pos = pos
	if action {
		h.traceMoved(i, moved)
	}
	if action && m.Conds.Has(Bleeding) && (moved > geom.Eps || h.Sc.Rules.BleedingOnZeroMove) {
		h.wound(i, 1, -1, Bleeding)
	}
	return moved
}

// anyTravel is travelOpen where openTravel holds, else travel: the
// travel of the rarer moves (move, the hot one, asks openTravel itself,
// without this call).
func (h *Hunt) anyTravel(i int, goal geom.Vec, budget float32, stop int, action bool) float32 {
	if h.openTravel(i) {
		return h.travelOpen(i, goal, budget, stop, action)
	}
	return h.travel(i, goal, budget, stop, action)
}

// openTravel reports whether model i's travel meets nothing but bases and
// Difficult Areas: no Impassable, Difficult or Dangerous piece, no height
// and no route grid on the map, and no Dangerous Area on the board unless
// i ignores such terrain. travelOpen then moves it as travel would.
func (h *Hunt) openTravel(i int) bool {
	mp := &h.Sc.Map
	return mp.HasTerrain&(Impassable|Difficult|Dangerous) == 0 && !mp.HasHeight && mp.Nav == nil &&
		(h.areaTerrain&Dangerous == 0 || h.immuneTerrain(i))
}

// travelOpen is travel where openTravel holds: one straight leg toward
// goal, cut short by the first Hostile base (or model stop's) it would
// touch and by the budget (paid double inside Difficult Areas), then
// travel's ending, endTravel's steps written
// out here (a call would pass nine arguments). Every number is worked out
// as travel works it out, so the two agree to the bit
// (TestTravelOpenAsTravel).
func (h *Hunt) travelOpen(i int, goal geom.Vec, budget float32, stop int, action bool) float32 {
	m := &h.M[i]
	start := m.Pos
	pos := start
	moved := float32(0)
	if budget > geom.Eps {
		seg := goal.Sub(pos)
		if L := seg.Len(); L >= geom.Eps {
			tMax, r := float32(1), m.R
			for bs := (h.activeOf(m.Side^1) | h.live&bit(stop)) &^ bit(i); bs != 0; bs &= bs - 1 {
				o := &h.M[bits.TrailingZeros16(bs)]
				if t, hit := geom.SweepCircle(pos, goal, r, o.Pos, o.R); hit && t < tMax {
					tMax = t
				}
			}
			t := tMax
			if h.areaTerrain&Difficult != 0 && !h.immuneTerrain(i) {
				// Difficult Areas on the board: costlyStep's reach, its
				// spans the Areas' alone (no piece is Difficult), in one
				// leg as travel takes it (with no blocker met, the leg
				// ends at the goal or where the budget runs out).
				var small [8][2]float32
				sp := small[:]
				if int(h.NAreas) > len(small) {
					var big [MaxAreas][2]float32
					sp = big[:]
				}
				t = reachSpans(sp[:h.difficultSpans(pos, goal, 0, sp)], L, tMax, budget)
			} else if L*t > budget {
				t = budget / L
			}
			pos = pos.Add(seg.Scale(t))
			moved = L * t
		}
	}
	// endTravel
	mp := &h.Sc.Map
	pos = geom.ClampToBoard(pos, m.R, mp.W, mp.H)
	if !h.freeAt(i, pos, m.R) {
		pos, moved = h.settle(i, start, pos, stop, moved, budget)
	}
	if moved < 0 {
		moved = 0
	}
	m.Pos = pos
	if action {
		h.traceMoved(i, moved)
		if m.Conds.Has(Bleeding) && (moved > geom.Eps || h.Sc.Rules.BleedingOnZeroMove) {
			h.wound(i, 1, -1, Bleeding)
		}
	}
	return moved
}

// costlyStep is one leg of travel through Difficult (or Dangerous)
// terrain: how far along segment a-b (of length L, stopped at tMax) a
// budget of left reaches, paying double inside Difficult spans, and what
// it costs; with danger the Athletics Checks of Dangerous terrain entered
// may stop it (stopped).
func (h *Hunt) costlyStep(i int, a, b geom.Vec, near uint32, L, tMax, left float32, danger bool) (t, cost float32, stopped bool) {
	// A small buffer serves most legs (a span a near piece or Area).
	var small [8][2]float32
	sp := small[:]
	if bits.OnesCount32(near)+int(h.NAreas) > len(small) {
		var big [MaxPieces + MaxAreas][2]float32
		sp = big[:]
	}
	nsp := h.difficultSpans(a, b, near, sp)
	t = reachSpans(sp[:nsp], L, tMax, left)
	if danger {
		if ts, st := h.dangerAlong(i, a, b, near, t); st {
			t, stopped = ts, true
		}
	}
	return t, costSpans(sp[:nsp], L, t), stopped
}

// settle finds where model i, whose move from start ended on another base
// at pos, stops instead: on the ring of base contact around model stop, at
// the free spot nearest to pos (if the detour fits the budget), else back
// along the line toward start.
func (h *Hunt) settle(i int, start, pos geom.Vec, stop int, moved, budget float32) (geom.Vec, float32) {
	m := &h.M[i]
	if stop >= 0 {
		if q, ok := h.ringSpot(i, stop, pos); ok {
			if d := start.Dist(q); d <= budget+geom.Eps {
				return q, d
			}
		}
	}
	back := pos
	step := start.Sub(pos)
	n := int(step.Len()/0.25) + 1
	last := -1 // the base the last spot tried overlapped: tested first
	for k := 1; k <= n && k <= 96; k++ {
		back = pos.Add(step.Scale(float32(k) / float32(n)))
		if last >= 0 && h.overlapsAt(last, back, m.R) {
			continue // not free: freeAt would find it so
		}
		if last = h.blockerAt(i, back, m.R); last == -1 {
			break
		}
	}
	moved -= pos.Dist(back)
	if moved < 0 {
		moved = 0
	}
	return back, moved
}

// ringSpot returns the point nearest to pos on the ring where model i's
// base touches model t's and overlaps no other base, the board's edge or
// Impassable terrain. Each other base near the ring forbids an arc of it;
// the answer is pos's own direction or the end of a forbidden arc. Arcs
// are handled as unit vectors and cosines, without angles.
func (h *Hunt) ringSpot(i, t int, pos geom.Vec) (geom.Vec, bool) {
	m := &h.M[i]
	c := h.M[t].Pos
	rc := m.R + h.M[t].R + contactGap
	var dir [MaxModels]geom.Vec
	var cosA [MaxModels]float32
	n := 0
	for bs := h.live &^ bit(i) &^ bit(t); bs != 0; bs &= bs - 1 {
		o := &h.M[bits.TrailingZeros16(bs)]
		v := o.Pos.Sub(c)
		need := m.R + o.R + contactGap
		if lim := rc + need; v.Len2() >= lim*lim {
			continue
		}
		d := v.Len()
		if d < 1e-6 {
			continue
		}
		if d+rc <= need {
			return geom.Vec{}, false // the whole ring is covered
		}
		ca := (rc*rc + d*d - need*need) / (2 * rc * d)
		if ca > 1 {
			ca = 1
		} else if ca < -1 {
			ca = -1
		}
		dir[n] = v.Scale(1 / d)
		cosA[n] = ca
		n++
	}
	u0 := pos.Sub(c).Norm()
	if u0.Len2() == 0 {
		u0 = geom.Dir(0)
	}
	// Candidates in order: pos's own direction, then both ends of each arc:
	// dir[k] turned by its half-width either way, and a hair further so
	// the spot is clear of that base. Each is made as its turn comes (no
	// array of them to clear first).
	best, bestScore := geom.Vec{}, float32(-2)
	for k := -1; k < n; k++ {
		var pair [2]geom.Vec
		np := 1
		if k < 0 {
			pair[0] = u0
		} else {
			ca := cosA[k] - 2e-5
			sa := float32(math.Sqrt(float64(1 - ca*ca)))
			d := dir[k]
			pair[0] = geom.V(d.X*ca-d.Y*sa, d.X*sa+d.Y*ca)
			pair[1] = geom.V(d.X*ca+d.Y*sa, -d.X*sa+d.Y*ca)
			np = 2
		}
	next:
		for _, v := range pair[:np] {
			score := v.Dot(u0) // one that cannot beat the best needs no other test
			if score <= bestScore {
				continue
			}
			for k := 0; k < n; k++ {
				if v.Dot(dir[k]) > cosA[k]+1e-5 {
					continue next
				}
			}
			q := c.Add(v.Scale(rc))
			if !h.onBoardClear(q, m.R) {
				continue
			}
			best, bestScore = q, score
		}
	}
	if bestScore < -1.5 {
		return geom.Vec{}, false
	}
	return best, true
}

// CanStand reports whether model i's base could stand at p: on the board
// and out of Impassable terrain (other bases aside).
func (h *Hunt) CanStand(i int, p geom.Vec) bool { return h.onBoardClear(p, h.M[i].R) }

// onBoardClear reports whether a base of radius r at p is on the board and
// out of Impassable terrain.
func (h *Hunt) onBoardClear(p geom.Vec, r float32) bool {
	mp := &h.Sc.Map
	if p.X < r || p.Y < r || p.X > mp.W-r || p.Y > mp.H-r {
		return false
	}
	return mp.HasTerrain&Impassable == 0 || !h.overlapsImpassable(p, r)
}

// difficultSpans collects the parameter spans of segment a-b inside
// Difficult terrain (pieces and Areas), merged, into dst, which has room
// for one span per piece and Area.
func (h *Hunt) difficultSpans(a, b geom.Vec, near uint32, dst [][2]float32) int {
	mp := &h.Sc.Map
	n := 0
	for s := near; s != 0; s &= s - 1 {
		pc := &mp.Pieces[bits.TrailingZeros32(s)]
		if pc.Types&(Difficult|Dangerous) == 0 {
			continue
		}
		if t0, t1, ok := pc.Shape.SegmentSpan(a, b); ok {
			dst[n] = [2]float32{t0, t1}
			n++
		}
	}
	for k := 0; k < int(h.NAreas); k++ {
		ar := &h.Areas[k]
		if ar.Terrain&(Difficult|Dangerous) == 0 {
			continue
		}
		if t0, t1, ok := geom.CircleSpan(ar.C, ar.R, a, b); ok {
			dst[n] = [2]float32{t0, t1}
			n++
		}
	}
	// Insertion sort by start, then merge.
	for x := 1; x < n; x++ {
		for y := x; y > 0 && dst[y][0] < dst[y-1][0]; y-- {
			dst[y], dst[y-1] = dst[y-1], dst[y]
		}
	}
	out := 0
	for x := 0; x < n; x++ {
		if out > 0 && dst[x][0] <= dst[out-1][1] {
			if dst[x][1] > dst[out-1][1] {
				dst[out-1][1] = dst[x][1]
			}
			continue
		}
		dst[out] = dst[x]
		out++
	}
	return out
}

// costSpans is the movement cost of the first t of a segment of length L
// whose Difficult parts are the merged spans sp: its length plus once more
// its part in Difficult terrain.
func costSpans(sp [][2]float32, L, t float32) float32 {
	c := t
	for _, s := range sp {
		lo, hi := s[0], min(s[1], t)
		if hi > lo {
			c += hi - lo
		}
	}
	return c * L
}

// reachSpans returns how far (as a parameter, at most tMax) along a
// segment of length L a budget of movement reaches, the spans sp costing
// double.
func reachSpans(sp [][2]float32, L, tMax, budget float32) float32 {
	t := float32(0)
	left := budget / L // in parameter units of plain ground
	for k := 0; k <= len(sp); k++ {
		// Plain stretch up to the next span.
		end := tMax
		if k < len(sp) && sp[k][0] < end {
			end = sp[k][0]
		}
		if end > t {
			if end-t >= left {
				return t + left
			}
			left -= end - t
			t = end
		}
		if k == len(sp) || t >= tMax {
			break
		}
		// Difficult stretch.
		hi := min(sp[k][1], tMax)
		if hi > t {
			if 2*(hi-t) >= left {
				return t + left/2
			}
			left -= 2 * (hi - t)
			t = hi
		}
	}
	return min(t, tMax)
}

// dangerAlong makes the Athletics Checks of model i entering Dangerous
// terrain along the first t of segment a-b. On a failure the model is
// Knocked Down where it entered: it returns that parameter and true.
func (h *Hunt) dangerAlong(i int, a, b geom.Vec, near uint32, t float32) (float32, bool) {
	m := &h.M[i]
	mp := &h.Sc.Map
	check := func(bit uint64, t0 float32, inside bool) (float32, bool) {
		if inside || t0 > t {
			return 0, false
		}
		if m.Entered&bit != 0 && !h.Sc.Rules.DangerousEveryEntry {
			return 0, false
		}
		m.Entered |= bit
		res := h.skillCheck(i, Athletics, 0, 0, 0)
		if h.Trace != nil {
			h.emitCheck(EvDanger, i, -1, res)
		}
		if !res.OK() {
			h.impose(i, KnockedDown, -1, -1)
			return t0, true
		}
		return 0, false
	}
	for s := near; s != 0; s &= s - 1 {
		k := bits.TrailingZeros32(s)
		pc := &mp.Pieces[k]
		if pc.Types&Dangerous == 0 {
			continue
		}
		if t0, _, ok := pc.Shape.SegmentSpan(a, b); ok {
			if ts, stop := check(1<<k, t0, pc.Shape.Contains(a)); stop {
				return ts, true
			}
		}
	}
	for k := 0; k < int(h.NAreas); k++ {
		ar := &h.Areas[k]
		if ar.Terrain&Dangerous == 0 {
			continue
		}
		s := geom.NewCircle(ar.C, ar.R)
		if t0, _, ok := s.SegmentSpan(a, b); ok {
			if ts, stop := check(1<<(32+k), t0, s.Contains(a)); stop {
				return ts, true
			}
		}
	}
	return 0, false
}

// deploy sets up the models: the Adversary by a Scatter Roll from the
// centre (each further model of it from the previous one), Minions by
// Scatter from the Adversary (re-rolled up to 8 times to keep 3" apart),
// the Pack in a row within 3" of the deployment exit.
func (h *Hunt) deploy() {
	h.setupObjective()
	if h.Sc.Objective.Kind == ObjAmbush {
		h.deployAmbush()
		return
	}
	mp := &h.Sc.Map
	centre := geom.V(mp.W/2, mp.H/2)
	prev := centre
	if v := int(h.Obj.Vessel); v >= 0 {
		// Assassinate the Vessel: the Vessel at the centre, the Foes from it.
		h.M[v].Pos = h.outOfImpassable(centre, h.M[v].R)
		prev = h.M[v].Pos
	}
	// The Adversary's models deploy in a random order, each from the last.
	var order [MaxAdvModels]uint8
	for k := range order {
		order[k] = uint8(k)
	}
	for k := int(h.NAdv) - 1; k > 0; k-- {
		j := h.Dice.IntN(k + 1)
		order[k], order[j] = order[j], order[k]
	}
	for k := 0; k < int(h.NAdv); k++ {
		i := int(h.Adv0) + int(order[k])
		m := &h.M[i]
		p := h.scatter(prev)
		m.Pos = h.outOfImpassable(geom.ClampToBoard(p, m.R, mp.W, mp.H), m.R)
		h.shoveOverlaps(i)
		prev = m.Pos
	}
	if p := int(h.Obj.Prisoner); p >= 0 {
		// Save the Prisoner: by a Scatter Roll from the Adversary.
		m := &h.M[p]
		m.Pos = h.outOfImpassable(geom.ClampToBoard(h.scatter(h.M[h.Adv0].Pos), m.R, mp.W, mp.H), m.R)
		h.shoveOverlaps(p)
	}
	for i := int(h.Adv0 + h.NAdv); i < int(h.N); i++ {
		m := &h.M[i]
		if m.Kind != Minion {
			continue
		}
		var p geom.Vec
		for try := 0; try < 8; try++ {
			p = geom.ClampToBoard(h.scatter(h.M[h.Adv0].Pos), m.R, mp.W, mp.H)
			ok := true
			for k := int(h.Adv0 + h.NAdv); k < i; k++ {
				if geom.EdgeDist(p, m.R, h.M[k].Pos, h.M[k].R) < 3 {
					ok = false
				}
			}
			if ok {
				break
			}
		}
		m.Pos = h.outOfImpassable(p, m.R)
		h.shoveOverlaps(i)
	}
	// The Pack: on its row (packRowAt), worked out with the template.
	for i := 0; i < int(h.NPack); i++ {
		h.M[i].Pos = h.packRow.at[i]
	}
	if h.packOverlaps() {
		for i := 0; i < int(h.NPack); i++ {
			h.shoveOverlaps(i)
		}
	}
}

// packRow is where the Pack models deploy (packRowAt).
type packRow struct {
	at       [MaxPack]geom.Vec // model i's place
	overlaps bool              // two of the row's bases overlap (as packOverlaps tests them)
}

// packRowAt returns where the Pack models deploy: a row along the
// deployment exit, 1" apart, centred on it, out of Impassable terrain.
// It depends on the map and the models' bases alone, so Init works it out
// once for the template (deploy reads it).
func (h *Hunt) packRowAt() *packRow {
	var row packRow
	mp := &h.Sc.Map
	ex := mp.Exits[mp.DeployExit]
	along := ex.B.Sub(ex.A)
	length := along.Len()
	dir := along.Norm()
	inward := geom.V(-dir.Y, dir.X)
	if mid := ex.A.Add(along.Scale(0.5)).Add(inward); mid.X < 0 || mid.Y < 0 || mid.X > mp.W || mid.Y > mp.H {
		inward = inward.Scale(-1)
	}
	width := float32(0)
	for i := 0; i < int(h.NPack); i++ {
		width += 2 * h.M[i].R
	}
	width += float32(h.NPack-1) * 1
	s := (length - width) / 2
	if s < 0 {
		s = 0
	}
	for i := 0; i < int(h.NPack); i++ {
		r := h.M[i].R
		s += r
		p := ex.A.Add(dir.Scale(s)).Add(inward.Scale(r + 0.5))
		row.at[i] = h.outOfImpassable(geom.ClampToBoard(p, r, mp.W, mp.H), r)
		s += r + 1
	}
	for a := 0; a < int(h.NPack); a++ {
		for b := a + 1; b < int(h.NPack); b++ {
			row.overlaps = row.overlaps || overlapping(row.at[a], h.M[a].R, row.at[b], h.M[b].R)
		}
	}
	return &row
}

// packOverlaps reports whether the base of a Pack model, the Pack just
// deployed, overlaps another base (as shoveOverlaps tests it): without,
// shoving the Pack's models in turn moves nothing. Whether two of the
// Pack's overlap is known with their row; each is tested against the other
// models.
func (h *Hunt) packOverlaps() bool {
	if h.packRow.overlaps {
		return true
	}
	others := h.live &^ (1<<h.NPack - 1)
	for a := 0; a < int(h.NPack); a++ {
		pa, ra := h.M[a].Pos, h.M[a].R
		for bs := others; bs != 0; bs &= bs - 1 {
			if o := &h.M[bits.TrailingZeros16(bs)]; overlapping(pa, ra, o.Pos, o.R) {
				return true
			}
		}
	}
	return false
}

// overlapping reports whether bases of radii ra at pa and rb at pb
// overlap: by more than geom.Eps, so that bases in contact do not.
func overlapping(pa geom.Vec, ra float32, pb geom.Vec, rb float32) bool {
	rr := ra + rb - geom.Eps
	return pa.Sub(pb).Len2() < rr*rr
}
