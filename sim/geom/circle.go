package geom

import "math"

// SegmentCircle reports whether the segment a-b passes within distance
// r-Eps of c, that is, whether a base of radius r centred at c blocks the
// line. A line that only grazes the base's edge is not blocked.
func SegmentCircle(a, b, c Vec, r float32) bool {
	if r <= Eps {
		return false
	}
	rr := r - Eps
	return pointSegDist2(c, a, b) < rr*rr
}

// SweepCircle moves a base of radius ra in a straight line from a to b and
// returns the parameter t in [0, 1] at which it first touches a static base
// of radius rc centred at c, with hit true. A path that passes within Eps
// of contact counts as touching at its closest approach. If the bases are
// already touching or overlapping at a, t is 0 when the move brings the
// centres closer and no hit is reported when it does not (so bases in
// contact can move apart or slide past). Without contact it returns
// (1, false).
func SweepCircle(a, b Vec, ra float32, c Vec, rc float32) (t float32, hit bool) {
	d := b.Sub(a)
	f := a.Sub(c)
	fd := f.Dot(d)
	if fd >= 0 {
		return 1, false // not moving closer: no contact whether touching or not
	}
	rs := ra + rc
	re := rs + Eps
	ff := f.Len2()
	if ff <= re*re {
		// Touching at the start: stopped only when moving closer.
		if fd < 0 {
			return 0, true
		}
		return 1, false
	}
	dd := d.Len2()
	if dd == 0 || fd >= 0 {
		return 1, false // not moving, or moving away
	}
	// |f + t d|² = r² is a quadratic in t: dd t² + 2 fd t + (ff - r²) = 0.
	disc := fd*fd - dd*(ff-re*re)
	if disc < 0 {
		return 1, false // passes wider than contact
	}
	var lo float32
	if d0 := fd*fd - dd*(ff-rs*rs); d0 >= 0 {
		lo = (-fd - sqrt32(d0)) / dd
	} else {
		lo = -fd / dd // closest approach, when the path only grazes
	}
	if lo > 1 {
		return 1, false
	}
	return fmin(fmax(lo, 0), 1), true
}

// LOSLines returns the lines of sight between a base of radius ra at a and
// a base of radius rb at b: index 0 is the centre-to-centre segment, 1 and
// 2 are the outer tangent segments on the left and right of a->b, running
// from the tangent point on a's edge to the tangent point on b's edge. For
// equal bases the tangents are parallel to the centre line. Coincident
// centres give three copies of the centre segment; when one base encloses
// the other the sides fall back to perpendicular offsets.
func LOSLines(a Vec, ra float32, b Vec, rb float32) [3][2]Vec {
	var out [3][2]Vec
	out[0] = [2]Vec{a, b}
	dv := b.Sub(a)
	dl := dv.Len()
	if dl <= Eps {
		out[1], out[2] = out[0], out[0]
		return out
	}
	u := dv.Scale(1 / dl)
	p := u.Perp()
	// A tangent line with unit normal n (pointing away from both centres'
	// side) satisfies n·u = (rb-ra)/dl.
	k := (rb - ra) / dl
	if k >= 1 || k <= -1 {
		k = 0
	}
	s := float32(math.Sqrt(float64(1 - k*k)))
	nl := u.Scale(k).Sub(p.Scale(s)) // normal whose tangent points lie on the left
	nr := u.Scale(k).Add(p.Scale(s))
	out[1] = [2]Vec{a.Sub(nl.Scale(ra)), b.Sub(nl.Scale(rb))}
	out[2] = [2]Vec{a.Sub(nr.Scale(ra)), b.Sub(nr.Scale(rb))}
	return out
}

// Segment is a segment a-b prepared for testing against many circles: the
// same tests as SegmentCircle, without recomputing the segment's direction
// and length each time.
type Segment struct {
	a, d Vec
	l2   float32
}

// NewSegment prepares the segment a-b.
func NewSegment(a, b Vec) Segment {
	d := b.Sub(a)
	return Segment{a: a, d: d, l2: d.Len2()}
}

// HitsCircle is SegmentCircle(a, b, c, r) for the prepared segment a-b.
func (s *Segment) HitsCircle(c Vec, r float32) bool {
	if r <= Eps {
		return false
	}
	rr := r - Eps
	q := s.a
	if s.l2 != 0 {
		t := fmin(fmax(c.Sub(s.a).Dot(s.d)/s.l2, 0), 1)
		q = s.a.Add(s.d.Scale(t))
	}
	return q.Sub(c).Len2() < rr*rr
}

// CircleSpan is NewCircle(c, r).SegmentSpan(a, b) without building the
// Shape: the parameter interval of segment a->b inside the closed circle.
func CircleSpan(c Vec, r float32, a, b Vec) (t0, t1 float32, ok bool) {
	e := Eps // the bounding-box reject of SegmentSpan
	if !(fmin(a.X, b.X)-e <= c.X+r && fmax(a.X, b.X)+e >= c.X-r &&
		fmin(a.Y, b.Y)-e <= c.Y+r && fmax(a.Y, b.Y)+e >= c.Y-r) {
		return 0, 0, false
	}
	lo, hi, hit := lineCircle(a, b.Sub(a), c, r)
	if !hit || hi < 0 || lo > 1 {
		return 0, 0, false
	}
	return float32(fmax(lo, 0)), float32(fmin(hi, 1)), true
}
