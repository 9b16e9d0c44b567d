// Package geom provides the 2D geometry used by the simulator: vectors,
// model bases (circles), terrain shapes (circles and convex polygons),
// segment and sweep tests, lines of sight, scatter directions, board
// clamping and a precomputed navigation grid for moving around Impassable
// terrain.
//
// All coordinates are float32 inches on a board spanning [0,W]x[0,H].
// Every function except BuildNav is allocation-free.
package geom

import "math"

// Eps is the contact tolerance in inches. Two shapes whose boundaries are
// within Eps of each other are treated as touching, not overlapping; a
// base touching terrain or another base is not blocked by it, but cannot
// move any further into it.
const Eps float32 = 1e-4

// Vec is a 2D point or vector in inches.
type Vec struct{ X, Y float32 }

// V returns the vector (x, y).
func V(x, y float32) Vec { return Vec{x, y} }

// Add returns a+b.
func (a Vec) Add(b Vec) Vec { return Vec{a.X + b.X, a.Y + b.Y} }

// Sub returns a-b.
func (a Vec) Sub(b Vec) Vec { return Vec{a.X - b.X, a.Y - b.Y} }

// Scale returns a*k.
func (a Vec) Scale(k float32) Vec { return Vec{a.X * k, a.Y * k} }

// Dot returns the dot product a·b.
func (a Vec) Dot(b Vec) float32 { return a.X*b.X + a.Y*b.Y }

// Cross returns the z component of the cross product a×b, positive when b
// is counter-clockwise from a.
func (a Vec) Cross(b Vec) float32 { return a.X*b.Y - a.Y*b.X }

// Len2 returns the squared length of a.
func (a Vec) Len2() float32 { return a.X*a.X + a.Y*a.Y }

// Len returns the length of a.
func (a Vec) Len() float32 { return sqrt32(a.X*a.X + a.Y*a.Y) }

// Norm returns a scaled to unit length. The zero vector stays zero.
func (a Vec) Norm() Vec {
	l := a.Len()
	if l == 0 {
		return a
	}
	return Vec{a.X / l, a.Y / l}
}

// Perp returns a rotated 90 degrees counter-clockwise.
func (a Vec) Perp() Vec { return Vec{-a.Y, a.X} }

// Dist returns the distance between points a and b.
func (a Vec) Dist(b Vec) float32 { return a.Sub(b).Len() }

// EdgeDist returns the edge-to-edge distance between a base of radius ra
// centred at a and a base of radius rb centred at b: the centre distance
// minus both radii, floored at 0.
func EdgeDist(a Vec, ra float32, b Vec, rb float32) float32 {
	d := a.Dist(b) - ra - rb
	if d < 0 {
		return 0
	}
	return d
}

// dirs holds the 256 scatter directions, built once.
var dirs = func() (t [256]Vec) {
	for i := range t {
		s, c := math.Sincos(2 * math.Pi * float64(i) / 256)
		t[i] = Vec{float32(c), float32(s)}
	}
	return t
}()

// Dir returns the unit vector for direction i of 256 evenly spaced
// directions: index 0 is +X, 64 is +Y, increasing counter-clockwise.
// It is meant for Scatter Rolls, with i a random byte.
func Dir(i uint8) Vec { return dirs[i] }

// ClampToBoard returns p moved the least amount needed to keep a base of
// radius r centred there fully on a w x h board. On an axis shorter than
// the base's diameter the base is centred on that axis.
func ClampToBoard(p Vec, r, w, h float32) Vec {
	return Vec{clampAxis(p.X, r, w), clampAxis(p.Y, r, h)}
}

func clampAxis(x, r, w float32) float32 {
	lo, hi := r, w-r
	if lo > hi {
		return w / 2
	}
	return fmin(fmax(x, lo), hi)
}

func sqrt32(x float32) float32 { return float32(math.Sqrt(float64(x))) }

// fmax is max(a, b) for floats, answering by one or two comparisons when
// a and b differ and leaving to the builtin only the cases its rules are
// for (equal values, which may be zeros of either sign, and NaNs): the
// builtin's result every time, at a fraction of its instructions.
func fmax[T float32 | float64](a, b T) T {
	if a > b {
		return a
	}
	if b > a {
		return b
	}
	return max(a, b)
}

// fmin is min(a, b) for floats, as fmax is max.
func fmin[T float32 | float64](a, b T) T {
	if a < b {
		return a
	}
	if b < a {
		return b
	}
	return min(a, b)
}
