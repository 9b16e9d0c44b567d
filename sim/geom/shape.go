package geom

import (
	"errors"
	"math"
)

// ShapeKind tells which fields of a Shape are meaningful.
type ShapeKind uint8

// Shape kinds. The zero ShapeKind is not a valid shape.
const (
	Circle ShapeKind = iota + 1 // centre C, radius R
	Poly                        // N convex vertices P[:N], counter-clockwise
)

// MaxPolyVerts is the largest number of vertices a polygon Shape can have.
const MaxPolyVerts = 8

// Errors returned by NewPoly.
var (
	ErrPolyVertexCount = errors.New("geom: polygon needs 3 to 8 vertices")
	ErrPolyDegenerate  = errors.New("geom: polygon has repeated vertices or no area")
	ErrPolyNotConvex   = errors.New("geom: polygon is not convex")
)

// Shape is a terrain footprint held by value: either a circle (Kind ==
// Circle, centre C, radius R) or a convex polygon (Kind == Poly, N vertices
// P[:N] in counter-clockwise order). Min and Max cache its axis-aligned
// bounding box. Build shapes with NewCircle, NewRect or NewPoly.
type Shape struct {
	Kind     ShapeKind
	C        Vec
	R        float32
	N        uint8
	P        [MaxPolyVerts]Vec
	Min, Max Vec
}

// NewCircle returns a circular shape of radius r centred at c.
func NewCircle(c Vec, r float32) Shape {
	return Shape{Kind: Circle, C: c, R: r, Min: Vec{c.X - r, c.Y - r}, Max: Vec{c.X + r, c.Y + r}}
}

// NewRect returns the axis-aligned rectangle with opposite corners
// (x0, y0) and (x1, y1), given in any order.
func NewRect(x0, y0, x1, y1 float32) Shape {
	lo := Vec{min(x0, x1), min(y0, y1)}
	hi := Vec{max(x0, x1), max(y0, y1)}
	s := Shape{Kind: Poly, N: 4, Min: lo, Max: hi}
	s.P[0] = lo
	s.P[1] = Vec{hi.X, lo.Y}
	s.P[2] = hi
	s.P[3] = Vec{lo.X, hi.Y}
	s.C = lo.Add(hi).Scale(0.5)
	return s
}

// NewPoly returns the convex polygon with the given vertices, listed in
// order around the boundary in either direction; they are stored
// counter-clockwise. It returns an error for fewer than 3 or more than 8
// vertices, repeated consecutive vertices, zero area, or a polygon that is
// not convex (collinear vertices are allowed).
func NewPoly(pts ...Vec) (Shape, error) {
	n := len(pts)
	if n < 3 || n > MaxPolyVerts {
		return Shape{}, ErrPolyVertexCount
	}
	var s Shape
	s.Kind = Poly
	s.N = uint8(n)
	copy(s.P[:], pts)
	var area float64
	for i := 0; i < n; i++ {
		a, b := s.P[i], s.P[(i+1)%n]
		if b.Sub(a).Len() <= Eps {
			return Shape{}, ErrPolyDegenerate
		}
		area += float64(a.X)*float64(b.Y) - float64(b.X)*float64(a.Y)
	}
	if math.Abs(area) <= float64(Eps) {
		return Shape{}, ErrPolyDegenerate
	}
	if area < 0 {
		for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
			s.P[i], s.P[j] = s.P[j], s.P[i]
		}
	}
	// Convex and simple: every turn is a left turn (or straight) and the
	// turns add up to exactly one revolution.
	var turn float64
	for i := 0; i < n; i++ {
		a, b, c := s.P[i], s.P[(i+1)%n], s.P[(i+2)%n]
		e1x, e1y := float64(b.X-a.X), float64(b.Y-a.Y)
		e2x, e2y := float64(c.X-b.X), float64(c.Y-b.Y)
		cr := e1x*e2y - e1y*e2x
		if cr < -1e-6*math.Hypot(e1x, e1y)*math.Hypot(e2x, e2y) {
			return Shape{}, ErrPolyNotConvex
		}
		turn += math.Atan2(cr, e1x*e2x+e1y*e2y)
	}
	if math.Abs(turn-2*math.Pi) > 1e-3 {
		return Shape{}, ErrPolyNotConvex
	}
	s.Min, s.Max = s.P[0], s.P[0]
	var c Vec
	for _, p := range s.P[:n] {
		s.Min = Vec{min(s.Min.X, p.X), min(s.Min.Y, p.Y)}
		s.Max = Vec{max(s.Max.X, p.X), max(s.Max.Y, p.Y)}
		c = c.Add(p)
	}
	s.C = c.Scale(1 / float32(n))
	return s, nil
}

// Contains reports whether p is inside the shape or on its boundary,
// within Eps.
func (s *Shape) Contains(p Vec) bool {
	if p.X < s.Min.X-Eps || p.X > s.Max.X+Eps || p.Y < s.Min.Y-Eps || p.Y > s.Max.Y+Eps {
		return false
	}
	if s.Kind == Circle {
		r := s.R + Eps
		return p.Sub(s.C).Len2() <= r*r
	}
	// The edges from each vertex to the next, the closing one first.
	a := s.P[s.N-1]
	for _, b := range s.P[:s.N] {
		e := b.Sub(a)
		cr := e.Cross(p.Sub(a))
		if cr < 0 && cr*cr > Eps*Eps*e.Len2() {
			return false
		}
		a = b
	}
	return true
}

// Dist returns the distance from p to the shape: 0 when p is inside or on
// the boundary.
func (s *Shape) Dist(p Vec) float32 {
	if s.Kind == Circle {
		d := p.Dist(s.C) - s.R
		if d < 0 {
			return 0
		}
		return d
	}
	best := float32(math.MaxFloat32)
	outside := false
	a := s.P[s.N-1]
	for _, b := range s.P[:s.N] {
		// The nearest boundary point of a convex polygon lies on an edge
		// that faces p.
		if b.Sub(a).Cross(p.Sub(a)) < 0 {
			outside = true
			best = fmin(best, pointSegDist2(p, a, b))
		}
		a = b
	}
	if !outside {
		return 0
	}
	return sqrt32(best)
}

// SignedDist returns the distance from p to the shape's boundary, negative
// inside: Dist outside, less depth inside. It changes by no more than p
// moves.
func (s *Shape) SignedDist(p Vec) float32 {
	if d := s.Dist(p); d > 0 {
		return d
	}
	return -s.depth(p)
}

// depth returns how far p lies inside the shape (distance to the
// boundary), or a value <= 0 when p is outside.
func (s *Shape) depth(p Vec) float32 {
	if s.Kind == Circle {
		return s.R - p.Dist(s.C)
	}
	n := int(s.N)
	d := float32(math.MaxFloat32)
	for i := 0; i < n; i++ {
		a := s.P[i]
		e := s.P[next(i, n)].Sub(a)
		l := e.Len()
		if l == 0 {
			continue
		}
		d = fmin(d, e.Cross(p.Sub(a))/l)
	}
	return d
}

// closest returns the point of the shape nearest to p (p itself when p is
// inside).
func (s *Shape) closest(p Vec) Vec {
	if s.Kind == Circle {
		v := p.Sub(s.C)
		if v.Len2() <= s.R*s.R {
			return p
		}
		return s.C.Add(v.Norm().Scale(s.R))
	}
	n := int(s.N)
	best := float32(math.MaxFloat32)
	q := p
	for i := 0; i < n; i++ {
		a, b := s.P[i], s.P[next(i, n)]
		if b.Sub(a).Cross(p.Sub(a)) >= 0 {
			continue
		}
		c := closestOnSeg(p, a, b)
		if d := c.Sub(p).Len2(); d < best {
			best, q = d, c
		}
	}
	return q
}

// OverlapsCircle reports whether a base of radius r centred at c overlaps
// the shape by more than Eps. A base whose edge merely touches the shape
// (within Eps) does not overlap it.
func (s *Shape) OverlapsCircle(c Vec, r float32) bool {
	if c.X+r <= s.Min.X || c.X-r >= s.Max.X || c.Y+r <= s.Min.Y || c.Y-r >= s.Max.Y {
		return false
	}
	d := s.Dist(c)
	if d > 0 || r > Eps {
		return d < r-Eps
	}
	return s.depth(c)+r > Eps
}

// SegmentSpan returns the parameter interval [t0, t1] within [0, 1] of the
// segment a->b (point a+t(b-a)) that lies inside the closed shape. Because
// the shape is convex the part inside is a single interval; ok is false
// when the segment misses the shape entirely. A segment that only grazes
// the boundary yields t0 == t1.
func (s *Shape) SegmentSpan(a, b Vec) (t0, t1 float32, ok bool) {
	if !s.segBoxHit(a, b, 0) {
		return 0, 0, false
	}
	d := b.Sub(a)
	if s.Kind == Circle {
		lo, hi, hit := lineCircle(a, d, s.C, s.R)
		if !hit || hi < 0 || lo > 1 {
			return 0, 0, false
		}
		return float32(fmax(lo, 0)), float32(fmin(hi, 1)), true
	}
	return s.polyClip(a, d, 0, 0, 1)
}

// SegmentHits reports whether the open segment a-b passes through the
// interior of the shape, deeper than Eps. Segments that graze a vertex or
// run along an edge do not hit.
func (s *Shape) SegmentHits(a, b Vec) bool {
	if !s.segBoxHit(a, b, 0) {
		return false
	}
	if s.Kind == Circle {
		return pointSegDist2(s.C, a, b) < (s.R-Eps)*(s.R-Eps) && s.R > Eps
	}
	t0, t1, ok := s.polyClip(a, b.Sub(a), Eps, 0, 1)
	return ok && (t0 < t1 || a == b)
}

// SweepHits reports whether a base of radius r moving in a straight line
// from a to b overlaps the shape (by more than Eps) anywhere along the way.
// tStop is the largest t in [0, 1] such that the base at a+t(b-a) has not
// yet overlapped it: the base is then touching the shape. When there is no
// hit tStop is 1.
//
// A base that already overlaps the shape at a is stopped at once (tStop 0),
// unless it lies outside the shape and moves directly away from it, in
// which case the move is allowed so that it can get clear.
func (s *Shape) SweepHits(a, b Vec, r float32) (tStop float32, hit bool) {
	if !s.segBoxHit(a, b, r) {
		return 1, false
	}
	d := b.Sub(a)
	rr := fmax(r-Eps, 0)
	if s.Kind == Poly && s.farSide(a, d, rr+10*sweepMargin) {
		return 1, false // wholly on one side of the line, clear of the base
	}
	tIn, in := s.firstWithin(a, d, rr)
	if !in {
		return 1, false
	}
	if tIn == 0 {
		if s.Kind == Circle {
			if v := a.Sub(s.C); v != (Vec{}) && d.Dot(v) > 0 {
				return 1, false
			}
		} else if q := s.closest(a); q != a && d.Dot(a.Sub(q)) > 0 {
			return 1, false
		}
		return 0, true
	}
	t, ok := s.firstWithin(a, d, r)
	if !ok || t > tIn {
		t = tIn
	}
	return t, true
}

// SweepOverlaps reports SweepHits' hit alone, without working out where
// the base stops: whether a base of radius r moving from a to b overlaps
// the shape (by more than Eps) anywhere along the way.
func (s *Shape) SweepOverlaps(a, b Vec, r float32) bool {
	if !s.segBoxHit(a, b, r) {
		return false
	}
	// A polygon wholly on one side of the line, clear of the base: the
	// cheapest of the clear cases (most walls beside a move).
	if s.Kind == Poly && s.farSide(a, b.Sub(a), fmax(r-Eps, 0)+10*sweepMargin) {
		return false
	}
	return s.sweepOverlaps(a, b, r)
}

// sweepOverlaps is SweepOverlaps without the test of farSide.
func (s *Shape) sweepOverlaps(a, b Vec, r float32) bool {
	d := b.Sub(a)
	rr := fmax(r-Eps, 0)
	if s.Kind == Poly && rr > 10*sweepMargin {
		// The clear cases, decided from distances: with a farther than
		// rr from the shape (by a margin far above float32's error), the
		// base overlaps it on the way exactly when the segment comes
		// within rr of it.
		// (Beyond an edge by more is farther, without the distance.)
		if s.outside(a, rr+2*sweepMargin) || s.Dist(a) > rr+sweepMargin {
			// The vertex nearest to the segment: one well within rr
			// decides at once, as a crossing does (the segment then
			// comes within rr of the shape either way).
			// (The vertices' distances compared squared.)
			lim := rr - sweepMargin
			nearV2 := float32(math.MaxFloat32)
			for _, v := range s.P[:s.N] {
				if nearV2 = fmin(nearV2, pointSegDist2(v, a, b)); nearV2 < lim*lim {
					return true
				}
			}
			if _, _, ok := s.polyClip(a, d, 0, 0, 1); ok {
				return true // it crosses the shape
			}
			near := fmin(s.Dist(b), sqrt32(nearV2)) // b's distance, or a vertex's
			switch {
			case near > rr+sweepMargin:
				return false
			case near < rr-sweepMargin:
				return true
			}
		}
	}
	tIn, in := s.firstWithin(a, d, rr)
	if !in {
		return false
	}
	if tIn == 0 {
		if s.Kind == Circle {
			if v := a.Sub(s.C); v != (Vec{}) && d.Dot(v) > 0 {
				return false
			}
		} else if q := s.closest(a); q != a && d.Dot(a.Sub(q)) > 0 {
			return false
		}
	}
	return true
}

// farSide reports whether every vertex of the polygon lies on one side of
// the line through a along d, farther than dist from it: then no point of
// the polygon comes within dist of the line, nor of a segment of it.
func (s *Shape) farSide(a, d Vec, dist float32) bool {
	lim := dist * d.Len() // the cross products are distances times |d|
	if !(lim > 0) {
		return false
	}
	c := d.Cross(s.P[0].Sub(a))
	if c > -lim && c < lim {
		return false
	}
	for _, v := range s.P[1:s.N] {
		if cv := d.Cross(v.Sub(a)); c > 0 && cv <= lim || c < 0 && cv >= -lim {
			return false
		}
	}
	return true
}

// outside reports whether p lies beyond the line of one of the polygon's
// edges, farther than dist from it: then p is farther than dist from the
// polygon.
func (s *Shape) outside(p Vec, dist float32) bool {
	d2 := dist * dist
	a := s.P[s.N-1]
	for _, b := range s.P[:s.N] {
		e := b.Sub(a)
		// The cross product is the distance from the line times |e|,
		// negative beyond it.
		if cr := e.Cross(p.Sub(a)); cr < 0 && cr*cr > d2*e.Len2() {
			return true
		}
		a = b
	}
	return false
}

// sweepMargin is how clear a case must be for SweepOverlaps to decide it
// from distances.
const sweepMargin = 1e-3

// segBoxHit is a cheap reject: false when the bounding box of the segment
// a-b grown by r cannot touch the shape's bounding box. The ends are
// ordered by comparisons, not min and max (whose care for NaNs and signed
// zeros costs instructions): the answer is the same, false for a NaN.
func (s *Shape) segBoxHit(a, b Vec, r float32) bool {
	r += Eps
	x0, x1, y0, y1 := a.X, b.X, a.Y, b.Y
	if x0 > x1 {
		x0, x1 = x1, x0
	}
	if y0 > y1 {
		y0, y1 = y1, y0
	}
	return x0-r <= s.Max.X && x1+r >= s.Min.X && y0-r <= s.Max.Y && y1+r >= s.Min.Y
}

// polyClip clips the parameter range [t0, t1] of the line a+t*d to the
// polygon shrunk inward by inset (Cyrus-Beck).
func (s *Shape) polyClip(a, d Vec, inset, t0, t1 float32) (float32, float32, bool) {
	// The edges in any order: t0 ends the largest of the bounds from
	// below, t1 the smallest from above.
	p := s.P[s.N-1]
	for _, q := range s.P[:s.N] {
		e := q.Sub(p)
		num := e.Cross(a.Sub(p))
		if inset != 0 {
			num -= inset * e.Len()
		}
		var ok bool
		if t0, t1, ok = clip(num, e.Cross(d), t0, t1); !ok {
			return 0, 0, false
		}
		p = q
	}
	return t0, t1, true
}

// firstWithin returns the smallest t in [0, 1] at which the point a+t*d is
// within distance rr of the shape, and false if it never is.
func (s *Shape) firstWithin(a, d Vec, rr float32) (float32, bool) {
	if s.Kind == Circle {
		lo, hi, ok := lineCircle(a, d, s.C, s.R+rr)
		if !ok || hi < 0 || lo > 1 {
			return 0, false
		}
		return float32(fmax(lo, 0)), true
	}
	best := float32(2)
	if t0, _, ok := s.polyClip(a, d, 0, 0, 1); ok {
		if t0 == 0 {
			return 0, true
		}
		best = t0
	}
	if rr <= 0 {
		return best, best <= 1
	}
	// The polygon grown by rr is the union of the polygon, a disc of
	// radius rr at each vertex and a strip of width rr outside each edge.
	n := int(s.N)
	for i := 0; i < n; i++ {
		p := s.P[i]
		if lo, hi, ok := lineCircle(a, d, p, rr); ok && hi >= 0 && lo <= 1 {
			best = fmin(best, float32(fmax(lo, 0)))
		}
		e := s.P[next(i, n)].Sub(p)
		ap := a.Sub(p)
		cr, crd := e.Cross(ap), e.Cross(d)
		t0, t1, ok := clip(-cr, -crd, 0, best)
		if ok {
			t0, t1, ok = clip(cr+rr*e.Len(), crd, t0, t1)
		}
		if ok {
			t0, t1, ok = clip(e.Dot(ap), e.Dot(d), t0, t1)
		}
		if ok {
			t0, _, ok = clip(e.Len2()-e.Dot(ap), -e.Dot(d), t0, t1)
		}
		if ok {
			best = fmin(best, t0)
		}
		if best == 0 {
			return 0, true
		}
	}
	return best, best <= 1
}

// clip narrows [t0, t1] to the values of t with num + t*den >= 0.
func clip(num, den, t0, t1 float32) (float32, float32, bool) {
	switch {
	case den > 0:
		t0 = fmax(t0, -num/den)
	case den < 0:
		t1 = fmin(t1, -num/den)
	default:
		if num < 0 {
			return 0, 0, false
		}
	}
	return t0, t1, t0 <= t1
}

// lineCircle returns the parameter interval on which the line a+t*d lies
// within distance r of c. It works in float64 to keep tangent cases
// accurate. A zero d gives an unbounded interval when a is within r.
func lineCircle(a, d, c Vec, r float32) (t0, t1 float64, ok bool) {
	fx, fy := float64(a.X)-float64(c.X), float64(a.Y)-float64(c.Y)
	dx, dy := float64(d.X), float64(d.Y)
	r2 := float64(r) * float64(r)
	dd := dx*dx + dy*dy
	if dd == 0 {
		if fx*fx+fy*fy <= r2 {
			return math.Inf(-1), math.Inf(1), true
		}
		return 0, 0, false
	}
	tc := -(fx*dx + fy*dy) / dd
	px, py := fx+tc*dx, fy+tc*dy
	h2 := px*px + py*py
	if h2 > r2 {
		return 0, 0, false
	}
	half := math.Sqrt((r2 - h2) / dd)
	return tc - half, tc + half, true
}

// closestOnSeg returns the point of segment a-b nearest to p.
func closestOnSeg(p, a, b Vec) Vec {
	d := b.Sub(a)
	l2 := d.Len2()
	if l2 == 0 {
		return a
	}
	// min(max(t, 0), 1) by comparisons, to the sign of a zero and a NaN.
	t := p.Sub(a).Dot(d) / l2
	if t <= 0 {
		t = 0
	} else if t > 1 {
		t = 1
	}
	return a.Add(d.Scale(t))
}

// pointSegDist2 returns the squared distance from p to segment a-b.
func pointSegDist2(p, a, b Vec) float32 { return closestOnSeg(p, a, b).Sub(p).Len2() }

func next(i, n int) int {
	if i+1 == n {
		return 0
	}
	return i + 1
}
