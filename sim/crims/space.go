package crims

import (
	"math"
	"math/bits"

	"balance/sim/geom"
)

// Space, kept simple: models are circles (a base radius from their
// profile) on a rectangular zone; distances are edge to edge; terrain
// features are circles and convex polygons with keywords. No terrain is
// impassable (buildings are climbable), so moves are straight lines,
// clamped to the zone; a move toward a model stops at base contact.

// features lists a zone's terrain features by keyword, so that a test of
// line of sight or cover looks only at the features that can matter.
type features struct {
	blocking, cover, rough, hideable features1
	roughX, roughY                   spans                   // the rough features by their extent on each axis
	box                              uint32                  // the features that are their bounding boxes (bit i: feature i; isBox)
	samples                          [MaxTerrain][5]geom.Vec // each feature's points halfSeen looks at
	grid                             *cellGrid
	// spots[f][i]: where Spot may place a crim of profile i hidden at
	// hideable feature f (none for another feature)
	spots [MaxTerrain][]spotSet
}

// buildSpots makes f.spots for sc's zone and crim profiles.
func (f *features) buildSpots(sc *Scenario) {
	for _, i := range f.hideable.at[:f.hideable.n] {
		f.spots[i] = make([]spotSet, sc.NCrims)
		for c := range f.spots[i] {
			f.spots[i][c] = spotSetOf(&sc.Map, int(i), sc.Crims[c].Base)
		}
	}
}

// cellGrid splits the zone into cells of 1" (cell x, y: [x, x+1] ×
// [y, y+1]) and keeps, for each, the features that can matter to a
// point of it: the cover features a base of radius up to rmax there can
// be in or near (inCoverAt), and the cover and hideable features that
// can be the nearest to it (nearestFeature), as bits of their lists.
// Made once a match template from the zone, read-only.
type cellGrid struct {
	nx, ny       int
	rmax         float32  // the widest base the cover cells allow for
	cover        []uint32 // by cell: the cover features within rmax + coverNear
	nearC, nearH []uint32 // by cell: the cover / hideable features that can be the nearest
}

// cellSlack covers the rounding of the shapes' float32 distances in the
// grid's bounds.
const cellSlack = 0.01

// cell returns the grid's cell of p, -1 outside the grid.
func (g *cellGrid) cell(p geom.Vec) int {
	if !(p.X >= 0 && p.Y >= 0 && p.X < float32(g.nx) && p.Y < float32(g.ny)) {
		return -1
	}
	return int(p.Y)*g.nx + int(p.X)
}

// buildGrid makes f.grid for sc's zone, bases up to the widest of sc's
// hunters and crims.
func (f *features) buildGrid(sc *Scenario) {
	mp := &sc.Map
	g := &cellGrid{nx: int(math.Ceil(float64(mp.W))) + 1, ny: int(math.Ceil(float64(mp.H))) + 1}
	for h := range int(sc.NHunters) {
		g.rmax = max(g.rmax, sc.Hunters[h].Base)
	}
	for i := range int(sc.NCrims) {
		g.rmax = max(g.rmax, sc.Crims[i].Base)
	}
	n := g.nx * g.ny
	g.cover, g.nearC, g.nearH = make([]uint32, n), make([]uint32, n), make([]uint32, n)
	reach := float64(g.rmax) + coverNear + cellSlack
	// each feature's distance from each corner of the cells (x, y: the
	// corner (x, y)), worked out once for the four cells about it
	nc := (g.nx + 1) * (g.ny + 1)
	var corner [MaxTerrain][]float32
	for i := range int(mp.NTerrain) {
		if mp.Terrain[i].Kw&(KwCover|KwHideable) == 0 {
			continue
		}
		corner[i] = make([]float32, nc)
		for y := range g.ny + 1 {
			for x := range g.nx + 1 {
				corner[i][y*(g.nx+1)+x] = mp.Terrain[i].Shape.Dist(geom.V(float32(x), float32(y)))
			}
		}
	}
	for y := range g.ny {
		for x := range g.nx {
			lo, hi := geom.V(float32(x), float32(y)), geom.V(float32(x+1), float32(y+1))
			k := y*g.nx + x
			for j, i := range f.cover.at[:f.cover.n] {
				// nearBox looks along each axis apart
				if dx, dy := boxGaps(&mp.Terrain[i].Shape, lo, hi); max(dx, dy) <= reach {
					g.cover[k] |= 1 << j
				}
			}
			at := [4]int{y*(g.nx+1) + x, y*(g.nx+1) + x + 1, (y+1)*(g.nx+1) + x, (y+1)*(g.nx+1) + x + 1}
			g.nearC[k] = nearestCandidates(mp, &f.cover, lo, hi, &corner, at)
			g.nearH[k] = nearestCandidates(mp, &f.hideable, lo, hi, &corner, at)
		}
	}
	f.grid = g
}

// boxGaps are the gaps along x and along y between shape s's bounding
// box and the box [lo, hi] (0 where they overlap).
func boxGaps(s *geom.Shape, lo, hi geom.Vec) (dx, dy float64) {
	return gap64(float64(s.Min.X)-float64(hi.X), float64(lo.X)-float64(s.Max.X)),
		gap64(float64(s.Min.Y)-float64(hi.Y), float64(lo.Y)-float64(s.Max.Y))
}

// gap64 is max(a, b, 0) (neither is NaN).
func gap64(a, b float64) float64 {
	if b > a {
		a = b
	}
	if a > 0 {
		return a
	}
	return 0
}

// boxGap is the distance between shape s's bounding box and the box
// [lo, hi]: no more than the distance from any point of the box to s
// (within far less than cellSlack of it).
func boxGap(s *geom.Shape, lo, hi geom.Vec) float64 {
	dx, dy := boxGaps(s, lo, hi)
	return math.Sqrt(dx*dx + dy*dy)
}

// nearestCandidates returns the features of list (bit k: list entry k)
// that can be the nearest of the list to a point of the box [lo, hi]: a
// feature is passed over only when even its bounding box is farther than
// another feature is from every corner of the box (the distance to a
// convex shape is convex, so the farthest point of the box from it is a
// corner). corner[i][at[j]] is feature i's distance from the box's
// corner j.
func nearestCandidates(mp *Map, list *features1, lo, hi geom.Vec, corner *[MaxTerrain][]float32, at [4]int) uint32 {
	far := math.Inf(1) // the least of the features' farthest distances
	for _, i := range list.at[:list.n] {
		cs := corner[i]
		u := max32(max32(cs[at[0]], cs[at[1]]), max32(cs[at[2]], cs[at[3]]))
		if u := float64(max32(u, 0)); u < far {
			far = u
		}
	}
	var set uint32
	for k, i := range list.at[:list.n] {
		if boxGap(&mp.Terrain[i].Shape, lo, hi) <= far+cellSlack {
			set |= 1 << k
		}
	}
	return set
}

type features1 struct {
	n  uint8
	at [MaxTerrain]uint8
}

func (f *features1) add(i int) { f.at[f.n] = uint8(i); f.n++ }

func (f *features) build(mp *Map) {
	*f = features{}
	for i := range int(mp.NTerrain) {
		kw := mp.Terrain[i].Kw
		if kw&KwBlocking != 0 {
			f.blocking.add(i)
		}
		if kw&KwCover != 0 {
			f.cover.add(i)
		}
		if kw&(KwDifficult|KwClimbable) != 0 {
			f.rough.add(i)
		}
		if kw&KwHideable != 0 {
			f.hideable.add(i)
		}
		f.samples[i] = samples(&mp.Terrain[i].Shape)
		if isBox(&mp.Terrain[i].Shape) {
			f.box |= 1 << i
		}
	}
	var x0, x1, y0, y1 []float32
	for _, i := range f.rough.at[:f.rough.n] {
		s := &mp.Terrain[i].Shape
		x0, x1, y0, y1 = append(x0, s.Min.X), append(x1, s.Max.X), append(y0, s.Min.Y), append(y1, s.Max.Y)
	}
	f.roughX.build(x0, x1, mp.W)
	f.roughY.build(y0, y1, mp.H)
}

// clampZone keeps a base of radius r inside the zone: geom.ClampToBoard,
// inlined.
func (m *Match) clampZone(p geom.Vec, r float32) geom.Vec {
	return geom.Vec{X: clampAxis(p.X, r, m.Sc.Map.W), Y: clampAxis(p.Y, r, m.Sc.Map.H)}
}

// clampAxis keeps x within [r, w-r], at w/2 when that is empty: as
// ClampToBoard's min(max(x, r), w-r) (fmin, fmax) by plain comparisons.
// The two differ only on a zero's sign at a bound of 0, and r, a base's
// radius, is above 0 (0.25" at least, configs/crims): none is. When
// [r, w-r] is empty, x, made at least r, is above w-r: the second test
// finds it. (Written so, clampZone is small enough to be inlined where
// the profile does not ask for it.)
func clampAxis(x, r, w float32) float32 {
	if x < r {
		x = r
	}
	if x > w-r {
		if x = w - r; r > x {
			x = w / 2
		}
	}
	return x
}

// toward returns the point dist inches from a toward b, stopping stop
// inches short of b (never moving back).
func toward(a, b geom.Vec, dist, stop float32) geom.Vec {
	d := b.Sub(a)
	l := d.Len()
	if l <= stop || l == 0 {
		return a
	}
	step := l - stop
	if dist < step {
		step = dist
	}
	return a.Add(d.Scale(step / l))
}

// walkInto walks from toward the centre of shape s a quarter inch at a
// time, at most move inches, and returns the first point inside s, else
// the last. The steps that end short of s's bounding box by more than
// boxMargin (none of them can be inside) are passed over.
func walkInto(from geom.Vec, s *geom.Shape, move float32) geom.Vec {
	last := int(move * 4) // the quarter inches within move: k = i/4 <= move
	dest := from
	skip := min(boxEntry(from, s), float64(move)) // +Inf when the ray misses the box
	for i := min(max(1, int(skip*4)), last); i <= last; i++ {
		dest = toward(from, s.C, float32(i)*0.25, 0)
		if s.Contains(dest) {
			break
		}
	}
	return dest
}

// boxMargin is how far short of a shape's bounding box walkInto's
// passed-over steps end, at least: far more than the rounding of toward.
const boxMargin = 0.01

// boxEntry is how far (in inches, float64) the ray from toward s's centre
// goes before it comes within boxMargin of s's bounding box: the larger
// of the distances at which it enters the box's slab along x and along y
// (0 inside a slab from the start, +Inf for a slab it never enters).
func boxEntry(from geom.Vec, s *geom.Shape) float64 {
	dx, dy := float64(s.C.X)-float64(from.X), float64(s.C.Y)-float64(from.Y)
	l := math.Hypot(dx, dy)
	if l == 0 {
		return 0
	}
	enter := func(p, u, lo, hi float64) float64 {
		lo, hi = lo-boxMargin, hi+boxMargin
		switch {
		case p >= lo && p <= hi:
			return 0
		case u > 0 && p < lo:
			return (lo - p) / u
		case u < 0 && p > hi:
			return (hi - p) / u
		}
		return math.Inf(1)
	}
	return max(enter(float64(from.X), dx/l, float64(s.Min.X), float64(s.Max.X)),
		enter(float64(from.Y), dy/l, float64(s.Min.Y), float64(s.Max.Y)))
}

// away returns the point dist inches from a directly away from b (a
// fixed direction when they coincide).
func away(a, b geom.Vec, dist float32) geom.Vec {
	d := a.Sub(b)
	l := d.Len()
	if l == 0 {
		return a.Add(geom.V(dist, 0))
	}
	return a.Add(d.Scale(dist / l))
}

// nearBox reports whether p lies within margin of shape s's bounding
// box: a cheap test before the exact ones.
func nearBox(s *geom.Shape, p geom.Vec, margin float32) bool {
	return p.X >= s.Min.X-margin && p.X <= s.Max.X+margin && p.Y >= s.Min.Y-margin && p.Y <= s.Max.Y+margin
}

// segBox reports whether the bounding boxes of segment a→b and of shape
// s overlap: max(a.X, b.X) >= s.Min.X and so on, an end at a time.
func segBox(s *geom.Shape, a, b geom.Vec) bool {
	return (a.X >= s.Min.X || b.X >= s.Min.X) && (a.X <= s.Max.X || b.X <= s.Max.X) &&
		(a.Y >= s.Min.Y || b.Y >= s.Min.Y) && (a.Y <= s.Max.Y || b.Y <= s.Max.Y)
}

// LOS reports whether the line between a and b crosses no blocking
// terrain feature (a feature holding either end does not block).
func (m *Match) LOS(a, b geom.Vec) bool {
	mp := &m.Sc.Map
	for _, i := range m.feat.blocking.at[:m.feat.blocking.n] {
		t := &mp.Terrain[i]
		if !segBox(&t.Shape, a, b) {
			continue
		}
		if blocks(&t.Shape, a, b, m.feat.box&(1<<i) != 0) {
			return false
		}
	}
	return true
}

// coverNear is how close to a cover feature a model must be to be
// behind it.
const coverNear = 1

// inCover reports whether a model of radius r at p is in cover against
// an attacker at from: inside a cover feature, or behind one (the line
// from the attacker crosses it and the model is within 1" of it). A
// feature holding the attacker gives no cover against it.
func (m *Match) inCover(p geom.Vec, r float32, from geom.Vec) bool {
	mp := &m.Sc.Map
	for _, i := range m.feat.cover.at[:m.feat.cover.n] {
		t := &mp.Terrain[i]
		if !nearBox(&t.Shape, p, r+coverNear) {
			continue
		}
		// inside it, or behind it; the rare feature holding the
		// attacker is looked for last
		if (t.Shape.Contains(p) || (t.Shape.Dist(p) <= r+coverNear && t.Shape.SegmentHits(from, p))) && !t.Shape.Contains(from) {
			return true
		}
	}
	return false
}

// coverMemo is what cover a place offers a base of radius r, whoever
// attacks it: the cover features holding p (in) and those within
// coverNear of it (close), as bits of the cover list. inCoverAt reads it
// again as long as the base stays where it is.
type coverMemo struct {
	p         geom.Vec
	r         float32
	ok        bool
	in, close uint32
}

// inCoverAt is inCover(p, r, from), the part that does not depend on
// the attacker kept in e.
func (m *Match) inCoverAt(e *coverMemo, p geom.Vec, r float32, from geom.Vec) bool {
	mp := &m.Sc.Map
	cover := &m.feat.cover
	if !e.ok || e.p != p || e.r != r {
		*e = coverMemo{p: p, r: r, ok: true}
		// the cover features within reach of p's cell (every one, off the grid)
		set := uint32(1)<<cover.n - 1
		if g := m.feat.grid; r <= g.rmax {
			if c := g.cell(p); c >= 0 {
				set = g.cover[c]
			}
		}
		for ; set != 0; set &= set - 1 {
			k := bits.TrailingZeros32(set)
			t := &mp.Terrain[cover.at[k]].Shape
			if !nearBox(t, p, r+coverNear) {
				continue
			}
			if box := m.feat.box&(1<<cover.at[k]) != 0; contains(t, p, box) {
				e.in |= 1 << k
			} else if distWithin(t, p, r+coverNear, box) {
				e.close |= 1 << k
			}
		}
	}
	for set := e.in | e.close; set != 0; set &= set - 1 {
		k := bits.TrailingZeros32(set)
		t := &mp.Terrain[cover.at[k]].Shape
		if box := m.feat.box&(1<<cover.at[k]) != 0; (e.in&(1<<k) != 0 || segmentHits(t, from, p, box)) && (box && outBox(t, from) || !contains(t, from, box)) {
			return true
		}
	}
	return false
}

// crosses reports whether the segment a→b touches a difficult or
// climbable feature (the rough list). The segment's bounding box [lo, hi]
// is made once for every feature (as segBox); only the features whose
// extent on each axis can meet it (spans) are looked at. (The lines are
// as the profile of cmd/balance/default.pgo has them.)
func (m *Match) crosses(a, b geom.Vec) bool {
	mp, lo, hi := &m.Sc.Map, geom.V(lesser(a.X, b.X), lesser(a.Y, b.Y)), geom.V(greater(a.X, b.X), greater(a.Y, b.Y))
	for set := m.feat.roughX.meet(lo.X, hi.X) & m.feat.roughY.meet(lo.Y, hi.Y); set != 0; set &= set - 1 {
		i := m.feat.rough.at[bits.TrailingZeros32(set)%MaxTerrain]
		t := &mp.Terrain[i]
		if s := &t.Shape; hi.X >= s.Min.X && lo.X <= s.Max.X && hi.Y >= s.Min.Y && lo.Y <= s.Max.Y && touches(s, a, b, m.feat.box&(1<<i) != 0) {
			return true
		}
	}
	return false
}

// spans holds the features of a list (bit k: its k-th) by their extent
// [lo, hi] on one axis, in steps of 1": ge[c] the features with hi >= c,
// le[c] those with lo <= c + 1. A feature whose extent meets [a, b] has
// hi >= b >= floor(a) and lo <= b < floor(b) + 1: it is among
// ge[floor(a)] & le[floor(b)] (meet). Made once a match template.
type spans struct {
	n      float32 // the steps held: c below n
	all    uint32  // every feature of the list
	ge, le [maxSpans]uint32
}

// maxSpans is the most steps of 1" a spans holds; beyond, every feature
// is a candidate.
const maxSpans = 64

// build makes s for the extents lo[k], hi[k] of the features of a list.
func (s *spans) build(lo, hi []float32, size float32) {
	n := min(int(size)+1, maxSpans)
	s.n, s.all = float32(n), uint32(1)<<len(lo)-1
	for c := range n {
		s.ge[c], s.le[c] = 0, 0
		for k := range lo {
			if hi[k] >= float32(c) {
				s.ge[c] |= 1 << k
			}
			if lo[k] <= float32(c+1) {
				s.le[c] |= 1 << k
			}
		}
	}
}

// meet returns the features whose extent can meet [a, b] (a <= b): a
// superset of those that do.
func (s *spans) meet(a, b float32) uint32 {
	set := s.all
	if a >= 0 && a < s.n {
		set = s.ge[uint(a)%maxSpans]
	}
	if b >= 0 && b < s.n {
		set &= s.le[uint(b)%maxSpans]
	}
	return set
}

// max32 is the greater of x and y (neither is NaN).
func max32(x, y float32) float32 {
	if y > x {
		return y
	}
	return x
}

// lesser and greater are the lesser and the greater of x and y (neither
// is NaN).
func lesser(x, y float32) float32 {
	if y < x {
		return y
	}
	return x
}

func greater(x, y float32) float32 {
	if y > x {
		return y
	}
	return x
}

// nearestFeature returns the feature with keyword kw (KwCover or
// KwHideable) nearest to p, and whether p is outside it (its distance
// above 0); -1 when there is none. A feature whose bounding box is
// already no nearer than the best found is passed over (its own distance
// cannot be nearer); ties keep the first. A feature that is its box
// (isBox) is weighed by the box's distance while that settles it (by more
// than boxSlack), and by its own distance only when it does not.
func (m *Match) nearestFeature(p geom.Vec, kw Keyword) (int, bool) {
	mp := &m.Sc.Map
	g := m.feat.grid
	list, cells := &m.feat.cover, g.nearC
	if kw == KwHideable {
		list, cells = &m.feat.hideable, g.nearH
	}
	// the features that can be the nearest to p's cell (every one, off
	// the grid), in the list's order
	set := uint32(1)<<list.n - 1
	if c := g.cell(p); c >= 0 {
		set = cells[c]
	}
	// the best's distance bd, its own (exact) or its box's (within
	// boxSlack of its own)
	best, bd, exact := -1, float32(0), true
	for ; set != 0; set &= set - 1 {
		i := list.at[bits.TrailingZeros32(set)]
		t := &mp.Terrain[i].Shape
		box := m.feat.box&(1<<i) != 0
		if best < 0 {
			if best = int(i); box {
				bd, exact = boxDist(t, p), false
			} else {
				bd = t.Dist(p)
			}
			continue
		}
		b := boxDist(t, p)
		if hi := bd; !exact {
			if b-boxSlack >= hi+boxSlack {
				continue
			}
			if box && b+boxSlack < bd-boxSlack { // nearer by far
				best, bd = int(i), b
				continue
			}
			bd, exact = mp.Terrain[best].Shape.Dist(p), true
		}
		if b-boxSlack >= bd {
			continue
		}
		if box && b+boxSlack < bd { // nearer by far
			best, bd, exact = int(i), b, false
			continue
		}
		if d := t.Dist(p); d < bd {
			best, bd, exact = int(i), d, true
		}
	}
	if best >= 0 && !exact && bd <= boxSlack {
		bd = mp.Terrain[best].Shape.Dist(p)
	}
	return best, bd > 0
}

// blocks reports whether feature t, which the bounding box of the
// segment a→b meets, is in the way of a line of sight between a and b: it
// holds neither end, and the segment hits it. box tells that t is its
// box (isBox).
func blocks(t *geom.Shape, a, b geom.Vec, box bool) bool {
	return (box && outBox(t, a) || !contains(t, a, box)) && (box && outBox(t, b) || !contains(t, b, box)) && segmentHits(t, a, b, box)
}

// touches reports whether the segment a→b touches feature t: it starts
// in it or hits it. box tells that t is its box (isBox).
func touches(t *geom.Shape, a, b geom.Vec, box bool) bool {
	return contains(t, a, box) || segmentHits(t, a, b, box)
}

// segmentHits is t.SegmentHits(a, b): whether the segment a→b meets the
// shape shrunk by geom.Eps over more than a point. For a feature that is
// its box (isBox), read off two boxes boxSlack either side of the shrunk
// one when the answer is clear: a segment that misses the larger misses
// the shape, one that meets the smaller meets it (over more than a
// point, or at a point inside it when a is b). Whether the segment meets
// a box is told by separating axes: the box's own, and the segment's
// normal (the box's corners all on one side of its line); its rounding is
// far below boxSlack for places of a zone.
func segmentHits(t *geom.Shape, a, b geom.Vec, box bool) bool {
	if box {
		const out, in = geom.Eps - boxSlack, geom.Eps + boxSlack
		x0, x1, y0, y1 := lesser(a.X, b.X), greater(a.X, b.X), lesser(a.Y, b.Y), greater(a.Y, b.Y)
		if x0 > t.Max.X-out || x1 < t.Min.X+out || y0 > t.Max.Y-out || y1 < t.Min.Y+out {
			return false // apart on an axis of the larger box
		}
		// the cross product of b−a with each corner less a, for the larger
		// box (o) and the smaller (i)
		d := b.Sub(a)
		lo, hi := t.Min.Sub(a), t.Max.Sub(a)
		ox0, ox1, oy0, oy1 := d.Y*(lo.X+out), d.Y*(hi.X-out), d.X*(lo.Y+out), d.X*(hi.Y-out)
		if c0, c1, c2, c3 := oy0-ox0, oy0-ox1, oy1-ox0, oy1-ox1; (c0 > 0 && c1 > 0 && c2 > 0 && c3 > 0) || (c0 < 0 && c1 < 0 && c2 < 0 && c3 < 0) {
			return false // the larger box on one side of the line
		}
		if !(x0 > t.Max.X-in || x1 < t.Min.X+in || y0 > t.Max.Y-in || y1 < t.Min.Y+in) {
			ix0, ix1, iy0, iy1 := d.Y*(lo.X+in), d.Y*(hi.X-in), d.X*(lo.Y+in), d.X*(hi.Y-in)
			if c0, c1, c2, c3 := iy0-ix0, iy0-ix1, iy1-ix0, iy1-ix1; !(c0 > 0 && c1 > 0 && c2 > 0 && c3 > 0) && !(c0 < 0 && c1 < 0 && c2 < 0 && c3 < 0) {
				return true // the smaller box met
			}
		}
	}
	return t.SegmentHits(a, b)
}

// isBox reports whether shape s is its bounding box: a polygon of 4
// vertices, one at each corner of the box, wider than boxThin. Its distance to a point is
// then the box's (boxDist), and a point clear of the box's edges is in it
// or out of it at once (contains), up to the rounding of each.
func isBox(s *geom.Shape) bool {
	if s.Kind != geom.Poly || s.N != 4 || !(s.Max.X-s.Min.X > boxThin && s.Max.Y-s.Min.Y > boxThin) {
		return false
	}
	corners := 0
	for _, p := range s.P[:4] {
		switch p {
		case s.Min:
			corners |= 1
		case geom.V(s.Max.X, s.Min.Y):
			corners |= 2
		case s.Max:
			corners |= 4
		case geom.V(s.Min.X, s.Max.Y):
			corners |= 8
		}
	}
	return corners == 15
}

// boxThin is less than the width of any box read as such: far more than
// the boxes' margins (geom.Eps, boxSlack), so that a box shrunk by them is
// a box.
const boxThin = 0.01

// contains is t.Contains(p); for a feature that is its box (isBox), read
// off the box when p is more than boxSlack inside its edges or beyond
// them by more than the shape's own tolerance (geom.Eps) and boxSlack.
func contains(t *geom.Shape, p geom.Vec, box bool) bool {
	if box {
		if inBox(t, p) {
			return true
		}
		if outBox(t, p) {
			return false
		}
	}
	return t.Contains(p)
}

// inBox reports whether p is more than boxSlack inside the edges of
// shape t's bounding box: in t when t is its box (contains).
func inBox(t *geom.Shape, p geom.Vec) bool {
	return p.X > t.Min.X+boxSlack && p.X < t.Max.X-boxSlack && p.Y > t.Min.Y+boxSlack && p.Y < t.Max.Y-boxSlack
}

// outBox reports whether p is beyond an edge of shape t's bounding box
// by more than geom.Eps and boxSlack: out of t (contains).
func outBox(t *geom.Shape, p geom.Vec) bool {
	const out = geom.Eps + boxSlack
	return p.X < t.Min.X-out || p.X > t.Max.X+out || p.Y < t.Min.Y-out || p.Y > t.Max.Y+out
}

// distWithin is t.Dist(p) <= d; for a feature that is its box (isBox),
// read off the box's distance when it is farther than boxSlack from d.
func distWithin(t *geom.Shape, p geom.Vec, d float32, box bool) bool {
	if box {
		if b := boxDist(t, p); b+boxSlack < d {
			return true
		} else if b-boxSlack > d {
			return false
		}
	}
	return t.Dist(p) <= d
}

// distAtLeast is t.Dist(p) >= d, as distWithin.
func distAtLeast(t *geom.Shape, p geom.Vec, d float32, box bool) bool {
	if box {
		if b := boxDist(t, p); b-boxSlack > d {
			return true
		} else if b+boxSlack < d {
			return false
		}
	}
	return t.Dist(p) >= d
}

// boxSlack covers the rounding of boxDist and of a shape's own distance:
// a box farther than the best by more than this holds no nearer shape.
const boxSlack = 1e-3

// boxDist is the distance from p to shape s's bounding box, no more
// than its distance to the shape.
func boxDist(s *geom.Shape, p geom.Vec) float32 {
	return geom.V(outside(s.Min.X-p.X, p.X-s.Max.X), outside(s.Min.Y-p.Y, p.Y-s.Max.Y)).Len()
}

// outside is max(lo, hi, 0): how far a point is outside an interval it
// is lo before and hi after.
func outside(lo, hi float32) float32 {
	d := float32(0)
	if lo > d {
		d = lo
	}
	if hi > d {
		d = hi
	}
	return d
}

// behindSlack is far more than the rounding of the steps of behind, of
// a shape's distance and of Contains' tolerance (a point it finds inside
// is within this of the shape).
const behindSlack = 0.05

// extent is how far a feature reaches from its centre.
func extent(s *geom.Shape) float32 {
	if s.Kind == geom.Circle {
		return s.R
	}
	return s.Max.Sub(s.Min).Len() / 2
}

// behind returns the spot just beyond feature t from a viewer at from:
// where a model of radius r stands to be in its cover. box tells that t
// is its bounding box (isBox).
func behind(t *geom.Shape, from geom.Vec, r float32, box bool) geom.Vec {
	d := t.C.Sub(from)
	l := d.Len()
	if l == 0 {
		return t.C
	}
	// walk out from the centre along the line until clear of the shape
	u := d.Scale(1 / l)
	e := extent(t)
	in := float32(math.Inf(-1)) // the last step found inside
	for k := float32(0); k <= e+r+0.5; k += 0.25 {
		q := t.C.Add(u.Scale(k))
		if box && inBox(t, q) || contains(t, q, box) {
			in = k
			continue
		}
		// no farther from the shape than from the step inside, k - in
		// back: short of r, it is not clear of it yet
		if k-in+behindSlack < r {
			continue
		}
		if distAtLeast(t, q, r, box) {
			return q.Add(u.Scale(0.1))
		}
	}
	return t.C.Add(u.Scale(e + r + 0.1))
}

// halfSeen reports whether a viewer at p sees at least half of feature
// f: 3 of its 5 sample points (its centre and the corners of its
// bounding box, pulled 10% toward the centre), the reading of Spot's
// "at least half of the feature in line of sight". It stops as soon as
// the answer is known.
func (m *Match) halfSeen(f int, p geom.Vec) bool {
	const need = 3
	seen, hidden := 0, 0
	for _, q := range m.feat.samples[f] {
		if m.LOS(p, q) {
			seen++
		} else {
			hidden++
		}
		if seen == need || hidden > len(m.feat.samples[f])-need {
			break
		}
	}
	return seen >= need
}

// samples returns the sample points of shape t that halfSeen looks at.
func samples(t *geom.Shape) [5]geom.Vec {
	pts := [5]geom.Vec{t.C,
		geom.V(t.Min.X, t.Min.Y), geom.V(t.Max.X, t.Min.Y), geom.V(t.Max.X, t.Max.Y), geom.V(t.Min.X, t.Max.Y)}
	if t.Kind == geom.Circle {
		r := t.R * 0.9
		pts[1], pts[2], pts[3], pts[4] = t.C.Add(geom.V(r, 0)), t.C.Add(geom.V(0, r)), t.C.Add(geom.V(-r, 0)), t.C.Add(geom.V(0, -r))
	} else {
		for i := 1; i < 5; i++ {
			pts[i] = pts[i].Add(t.C.Sub(pts[i]).Scale(0.1))
		}
	}
	return pts
}

// spotPlaces are the offsets, around a feature's bounding box, where a
// spotted crim may be placed (within 2" of it).
var spotPlaces = [8][2]float32{{-1, -1}, {0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}}
