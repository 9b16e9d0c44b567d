package skirmish

import (
	"math"
	"math/bits"

	"balance/sim/geom"
)

// pointTab answers what the ground is at a point (its height, whether it
// is rough or water) from a table built once per design: each cell of a
// fine grid over the table notes what every point of it is sure to be,
// and the pieces whose edge may cross it, which alone are asked of the
// point itself. The answers are those of asking every piece.
type pointTab struct {
	cell       float32
	inv        float32 // 1/cell
	w, h       float32
	cols, rows int
	cells      []pointCell
}

// pointCell is what one cell of a pointTab knows.
type pointCell struct {
	elev  float32 // the height of the highest piece one stands on that holds every point of the cell (0: none)
	slow  bool    // every point is in rough ground or water
	water bool    // every point is in water
	in    uint32  // the pieces (bits of Scenario.Terrain's indices) that hold every point of the cell
	mixed uint32  // the pieces whose edge may cross the cell
}

// pointMargin is how far inside or outside a piece (beyond the hair of
// within) every point of a cell must be for the cell to be sure of it:
// far more than float32's error on a table's coordinates.
const pointMargin = 1e-3

// The pieces each query asks, as masks over Scenario.Terrain.
type pieceMasks struct {
	climbed, slow, water, covering, blocking, ground uint32
}

// buildPointTab builds the table of s's scenario (after Prepare has
// listed the pieces).
func (s *Setup) buildPointTab() {
	sc := &s.Scenario
	t := &s.points
	t.w, t.h = sc.W, sc.H
	t.cell = 0.25
	for math.Ceil(float64(sc.W/t.cell))*math.Ceil(float64(sc.H/t.cell)) > 1<<16 {
		t.cell *= 1.25
	}
	t.inv = 1 / t.cell
	t.cols = max(1, int(math.Ceil(float64(sc.W/t.cell))))
	t.rows = max(1, int(math.Ceil(float64(sc.H/t.cell))))
	t.cells = make([]pointCell, t.cols*t.rows)
	s.masks = pieceMasks{}
	for _, k := range s.climbed {
		s.masks.climbed |= 1 << k
	}
	for _, k := range s.ground {
		tr := &sc.Terrain[k]
		if tr.Rough || tr.Water {
			s.masks.slow |= 1 << k
		}
		if tr.Water {
			s.masks.water |= 1 << k
		}
	}
	for _, k := range s.covering {
		s.masks.covering |= 1 << k
	}
	for _, k := range s.blocking {
		s.masks.blocking |= 1 << k
	}
	for _, k := range s.ground {
		s.masks.ground |= 1 << k
	}
	all := s.masks.climbed | s.masks.slow | s.masks.water | s.masks.covering
	for y := 0; y < t.rows; y++ {
		for x := 0; x < t.cols; x++ {
			c := &t.cells[y*t.cols+x]
			lo := geom.V(float32(x)*t.cell, float32(y)*t.cell)
			hi := geom.V(float32(x+1)*t.cell, float32(y+1)*t.cell)
			for k := 0; k < len(sc.Terrain); k++ {
				if all&(1<<k) == 0 {
					continue
				}
				tr := &sc.Terrain[k]
				switch cellWithin(&tr.Shape, lo, hi) {
				case 1:
					c.in |= 1 << k
					if s.masks.climbed&(1<<k) != 0 {
						c.elev = max(c.elev, tr.Height)
					}
					c.slow = c.slow || s.masks.slow&(1<<k) != 0
					c.water = c.water || s.masks.water&(1<<k) != 0
				case 0:
					c.mixed |= 1 << k
				}
			}
		}
	}
}

// cellWithin tells whether within(s, p) holds for every point p of the
// box lo–hi (1), for none of them (-1), or may hold for some (0).
func cellWithin(s *geom.Shape, lo, hi geom.Vec) int {
	const hair, m = 1e-3, pointMargin
	if hi.X < s.Min.X+m || lo.X > s.Max.X-m || hi.Y < s.Min.Y+m || lo.Y > s.Max.Y-m {
		if hi.X < s.Min.X-m || lo.X > s.Max.X+m || hi.Y < s.Min.Y-m || lo.Y > s.Max.Y+m {
			return -1
		}
		// Within the margin of the bounding box's edge: none inside
		// when the box lies beyond an edge, else unsure.
		if hi.X <= s.Min.X-m || lo.X >= s.Max.X+m || hi.Y <= s.Min.Y-m || lo.Y >= s.Max.Y+m {
			return -1
		}
		return 0
	}
	corners := [4]geom.Vec{lo, {X: hi.X, Y: lo.Y}, hi, {X: lo.X, Y: hi.Y}}
	inBox := lo.X > s.Min.X+m && hi.X < s.Max.X-m && lo.Y > s.Min.Y+m && hi.Y < s.Max.Y-m
	if s.Kind == geom.Circle {
		// The nearest and farthest points of the box from the centre.
		nx := min(max(s.C.X, lo.X), hi.X)
		ny := min(max(s.C.Y, lo.Y), hi.Y)
		near := geom.V(nx, ny).Dist(s.C)
		var far float32
		for _, p := range corners {
			far = max(far, p.Dist(s.C))
		}
		switch {
		case near > s.R-hair+m:
			return -1
		case far < s.R-hair-m && inBox:
			return 1
		}
		return 0
	}
	n := int(s.N)
	allIn := inBox
	for i := 0; i < n; i++ {
		a, b := s.P[i], s.P[(i+1)%n]
		e := b.Sub(a)
		l := e.Len()
		out, in := true, true
		for _, p := range corners {
			c := e.Cross(p.Sub(a))
			out = out && c < (hair-m)*l
			in = in && c > (hair+m)*l
		}
		if out {
			return -1
		}
		allIn = allIn && in
	}
	if allIn {
		return 1
	}
	return 0
}

// at returns the cell holding p, or nil when p is off the table.
func (t *pointTab) at(p geom.Vec) *pointCell {
	if !(p.X >= 0 && p.Y >= 0 && p.X < t.w && p.Y < t.h) {
		return nil
	}
	x := min(int(p.X*t.inv), t.cols-1)
	y := min(int(p.Y*t.inv), t.rows-1)
	return &t.cells[y*t.cols+x]
}

// elevation is Battle.Elevation over the table.
func (s *Setup) elevation(p geom.Vec) float32 {
	c := s.points.at(p)
	if c == nil {
		var e float32
		for _, k := range s.climbed {
			t := &s.Scenario.Terrain[k]
			if t.Height > e && within(&t.Shape, p) {
				e = t.Height
			}
		}
		return e
	}
	e := c.elev
	for m := c.mixed & s.masks.climbed; m != 0; m &= m - 1 {
		t := &s.Scenario.Terrain[bits.TrailingZeros32(m)]
		if t.Height > e && within(&t.Shape, p) {
			e = t.Height
		}
	}
	return e
}

// ground is Battle.ground over the table.
func (s *Setup) groundAt(p geom.Vec) (mult float32, water bool) {
	mult = 1
	c := s.points.at(p)
	if c == nil {
		for _, k := range s.ground {
			t := &s.Scenario.Terrain[k]
			if (t.Rough || t.Water) && within(&t.Shape, p) {
				mult = 2
				water = water || t.Water
			}
		}
		return mult, water
	}
	slow := c.slow
	water = c.water
	for m := c.mixed & s.masks.slow; m != 0 && !(slow && water); m &= m - 1 {
		k := bits.TrailingZeros32(m)
		if s.masks.water&(1<<k) != 0 || !slow {
			if within(&s.Scenario.Terrain[k].Shape, p) {
				slow = true
				water = water || s.masks.water&(1<<k) != 0
			}
		}
	}
	if slow {
		mult = 2
	}
	return mult, water
}

// waterAt is groundAt's water alone: the cell's, or of a water piece
// whose edge crosses the cell and that holds p.
func (s *Setup) waterAt(p geom.Vec) bool {
	c := s.points.at(p)
	if c == nil {
		_, water := s.groundAt(p)
		return water
	}
	if c.water {
		return true
	}
	for m := c.mixed & s.masks.water; m != 0; m &= m - 1 {
		if within(&s.Scenario.Terrain[bits.TrailingZeros32(m)].Shape, p) {
			return true
		}
	}
	return false
}

// inside reports whether p lies within piece k (a piece the table
// lists: one climbed, slow, water or covering), as within does.
func (s *Setup) inside(k uint8, p geom.Vec) bool {
	c := s.points.at(p)
	if c == nil || c.mixed&(1<<k) != 0 {
		return within(&s.Scenario.Terrain[k].Shape, p)
	}
	return c.in&(1<<k) != 0
}

// offReach reports that p lies farther than reach (plus a margin far
// above float32's error) off sh's bounding box, and so off sh: sh.Dist(p)
// exceeds reach.
func offReach(sh *geom.Shape, p geom.Vec, reach float32) bool {
	reach += 1e-3
	return p.X < sh.Min.X-reach || p.X > sh.Max.X+reach || p.Y < sh.Min.Y-reach || p.Y > sh.Max.Y+reach
}

// lineBox holds a segment's cheap rejects against a piece: its bounding
// box grown by Eps (the first test SegmentHits and SegmentSpan make, made
// here to spare the call), and its line, which a piece whose box lies
// wholly on one side of it, farther than the reach (plus a margin far
// above float32's error), does not meet.
type lineBox struct {
	a, b   geom.Vec
	lo, hi geom.Vec
	reach  float32
}

func newLineBox(a, b geom.Vec, reach float32) lineBox {
	const e = float32(geom.Eps)
	// The ends' lesser and greater coordinates, by comparison (min and
	// max would also order the signed zeros, which the margin makes
	// alike).
	x0, x1 := order(a.X, b.X)
	y0, y1 := order(a.Y, b.Y)
	return lineBox{a: a, b: b, reach: reach, lo: geom.Vec{X: x0 - e, Y: y0 - e}, hi: geom.Vec{X: x1 + e, Y: y1 + e}}
}

// order returns the lesser and the greater of x and y.
func order(x, y float32) (lo, hi float32) {
	if y < x {
		return y, x
	}
	return x, y
}

// offBox reports that sh's box is off the segment's. With aside, it
// tells that the segment surely does not meet sh (as SegmentHits or
// SegmentSpan would find with a reach of 0).
func (l *lineBox) offBox(sh *geom.Shape) bool {
	return l.lo.X > sh.Max.X || l.hi.X < sh.Min.X || l.lo.Y > sh.Max.Y || l.hi.Y < sh.Min.Y
}

// aside reports that sh's box lies wholly on one side of the line,
// farther than the reach.
func (l *lineBox) aside(sh *geom.Shape) bool {
	d := l.b.Sub(l.a)
	c0 := d.Cross(sh.Min.Sub(l.a))
	c1 := d.Cross(geom.V(sh.Max.X, sh.Min.Y).Sub(l.a))
	c2 := d.Cross(sh.Max.Sub(l.a))
	c3 := d.Cross(geom.V(sh.Min.X, sh.Max.Y).Sub(l.a))
	// The corner nearest the line, when all four lie on one side: its
	// distance along the normal, times the segment's length, against
	// (reach + margin) × the segment's length.
	var c float32
	switch {
	case c0 > 0 && c1 > 0 && c2 > 0 && c3 > 0:
		c = min(c0, c1, c2, c3)
	case c0 < 0 && c1 < 0 && c2 < 0 && c3 < 0:
		c = max(c0, c1, c2, c3)
	default:
		return false
	}
	m := l.reach + 1e-3
	return c*c > m*m*d.Len2()
}

// lineTab answers which pieces a segment may meet, from a table built
// once per design: the table is cut into at most lineCells cells, and for
// each two cells it lists the pieces that some segment from a point of
// one to a point of the other may come near (within its reach: 0 for a
// line, a base's radius for a base sliding along it). A piece every such
// segment passes farther than the reach and a margin from is never
// listed, so a query asking only the listed pieces finds what asking
// every piece finds.
type lineTab struct {
	cell, inv  float32
	cols, rows int
	fc, fr     float32  // cols and rows
	pairs      []uint32 // cells c1 <= c2: at c2*(c2+1)/2 + c1
}

const lineCells = 256

// buildLineTab builds the table of s's scenario.
func (s *Setup) buildLineTab() {
	sc := &s.Scenario
	shapes := make([]geom.Shape, len(sc.Terrain))
	for k := range sc.Terrain {
		shapes[k] = sc.Terrain[k].Shape
	}
	s.lines = newLineTab(sc.W, sc.H, shapes, 0)
}

// newLineTab builds the table of shapes (at most 32) on a w×h table, for
// segments of the given reach.
func newLineTab(w, h float32, shapes []geom.Shape, reach float32) lineTab {
	var t lineTab
	t.cell = 2
	for math.Ceil(float64(w/t.cell))*math.Ceil(float64(h/t.cell)) > lineCells {
		t.cell *= 1.25
	}
	t.inv = 1 / t.cell
	t.cols = max(1, int(math.Ceil(float64(w/t.cell))))
	t.rows = max(1, int(math.Ceil(float64(h/t.cell))))
	t.fc, t.fr = float32(t.cols), float32(t.rows)
	n := t.cols * t.rows
	t.pairs = make([]uint32, n*(n+1)/2)
	// Every point of a cell lies within half its diagonal of its centre,
	// so every segment between two cells lies within that of the segment
	// between their centres.
	reach += t.cell*math.Sqrt2/2 + 1e-3
	centre := func(c int) geom.Vec {
		return geom.V((float32(c%t.cols)+0.5)*t.cell, (float32(c/t.cols)+0.5)*t.cell)
	}
	for c2 := 0; c2 < n; c2++ {
		for c1 := 0; c1 <= c2; c1++ {
			a, b := centre(c1), centre(c2)
			l := lineBox{a: a, b: b, reach: reach,
				lo: geom.V(min(a.X, b.X)-reach, min(a.Y, b.Y)-reach),
				hi: geom.V(max(a.X, b.X)+reach, max(a.Y, b.Y)+reach)}
			var m uint32
			for k := range shapes {
				if sh := &shapes[k]; !l.offBox(sh) && !l.aside(sh) {
					m |= 1 << k
				}
			}
			t.pairs[c2*(c2+1)/2+c1] = m
		}
	}
	return t
}

// near returns the pieces the segment a–b may meet (every piece when an
// end is off the cells).
func (t *lineTab) near(a, b geom.Vec) uint32 {
	ax, ay, bx, by := a.X*t.inv, a.Y*t.inv, b.X*t.inv, b.Y*t.inv
	if !(ax >= 0 && ay >= 0 && bx >= 0 && by >= 0 && ax < t.fc && ay < t.fr && bx < t.fc && by < t.fr) {
		return ^uint32(0)
	}
	c1, c2 := int(ay)*t.cols+int(ax), int(by)*t.cols+int(bx)
	if c1 > c2 {
		c1, c2 = c2, c1
	}
	return t.pairs[c2*(c2+1)/2+c1]
}
