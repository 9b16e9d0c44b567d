package geom

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestShapeIndexLeavesOutOnlyFarShapes checks the index's promise on
// random boards: a shape left out of a point's or a segment's set is never
// touched by a base of radius at most reach there, by every test the
// shapes make (so skipping it changes no answer), and a fair share of the
// shapes is left out (the index is of use).
func TestShapeIndexLeavesOutOnlyFarShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 20))
	f := func(lo, hi float32) float32 { return lo + (hi-lo)*rng.Float32() }
	left, kept := 0, 0
	for board := 0; board < 20; board++ {
		// A board of the bundled maps' size, and some larger ones (whose
		// table of pairs has larger cells).
		w, h := float32(24), float32(24)
		if board%4 == 3 {
			w, h = f(30, 60), f(24, 45)
		}
		var shapes []Shape
		for k := 0; k < 12; k++ {
			x, y := f(0, w), f(0, h)
			switch k % 3 {
			case 0:
				shapes = append(shapes, NewCircle(V(x, y), f(0.3, 2)))
			case 1:
				shapes = append(shapes, NewRect(x, y, x+f(0.3, 6), y+f(0.3, 6)))
			default:
				p, err := NewPoly(V(x, y), V(x+f(1, 4), y+f(0, 1)), V(x+f(0, 2), y+f(1, 4)))
				if err != nil {
					continue
				}
				shapes = append(shapes, p)
			}
		}
		reach := f(0, 1.5)
		ix := NewShapeIndex(w, h, reach, shapes)
		if ix.All() != 1<<len(shapes)-1 {
			t.Fatalf("All %b for %d shapes", ix.All(), len(shapes))
		}
		for q := 0; q < 2000; q++ {
			a, b := V(f(0, w), f(0, h)), V(f(0, w), f(0, h))
			switch q % 4 {
			case 0:
				b = a.Add(V(f(-2, 2), f(-2, 2))) // short moves too, some off the board
			case 1:
				// Along the cells' sides, through their corners.
				snap := func(v float32) float32 { return float32(int(v*2)) / 2 }
				a = V(snap(a.X), snap(a.Y))
				switch q % 3 {
				case 0:
					b = V(snap(b.X), a.Y)
				case 1:
					d := snap(f(-12, 12))
					b = V(a.X+d, a.Y+d)
				default:
					b = V(snap(b.X), snap(b.Y))
				}
			}
			r := f(0, reach)
			seg, pt := ix.Segment(a, b, r), ix.Point(a, r)
			for i := range shapes {
				s := &shapes[i]
				if seg&(1<<i) == 0 {
					left++
					_, hit := s.SweepHits(a, b, r)
					_, _, span := s.SegmentSpan(a, b)
					if hit || s.SweepOverlaps(a, b, r) || span || s.SegmentHits(a, b) {
						t.Fatalf("board %d: shape %d (%+v) left out of segment %v-%v (r %v) but touched", board, i, *s, a, b, r)
					}
				} else {
					kept++
				}
				if pt&(1<<i) == 0 && (s.OverlapsCircle(a, r) || s.Contains(a)) {
					t.Fatalf("board %d: shape %d left out of point %v (r %v) but touched", board, i, a, r)
				}
			}
			if ix.Segment(a, b, reach+0.1) != ix.All() || ix.Point(a, reach+0.1) != ix.All() {
				t.Fatalf("a radius beyond reach must give every shape")
			}
		}
	}
	if left < kept {
		t.Errorf("the index left out %d shapes of %d: too few to be of use", left, left+kept)
	}
	var nilIx *ShapeIndex
	if nilIx.Segment(V(1, 1), V(2, 2), 0) != ^uint64(0) || bits.OnesCount64(nilIx.Point(V(1, 1), 0)) != 64 {
		t.Error("a nil index must give every shape")
	}
}

// The hull of two cells of the table of pairs is a convex polygon holding
// both cells' squares, with corners of theirs alone.
func TestShapeIndexCellHull(t *testing.T) {
	for _, size := range [][2]float32{{24, 24}, {50, 37}} {
		ix := newShapeIndex(size[0], size[1], 1, []Shape{NewCircle(V(5, 5), 1)})
		n := len(ix.masks)
		if ix.pcell != indexCell {
			n = int(math.Sqrt(float64(2 * len(ix.pairs))))
		}
		rng := rand.New(rand.NewPCG(3, uint64(size[0])))
		for q := 0; q < 2000; q++ {
			i, j := rng.IntN(n), rng.IntN(n)
			i, j = min(i, j), max(i, j)
			var hull Shape
			ix.cellHull(i, j, &hull)
			var corners []Vec
			for _, c := range []int{i, j} {
				lo := ix.pcentre(c).Sub(V(ix.pcell/2, ix.pcell/2))
				for k := 0; k < 4; k++ {
					corners = append(corners, lo.Add(V(float32(k&1)*ix.pcell, float32(k>>1)*ix.pcell)))
				}
			}
			p, err := NewPoly(hull.P[:hull.N]...)
			if err != nil {
				t.Fatalf("cells %d, %d: hull %v: %v", i, j, hull.P[:hull.N], err)
			}
			if p.P[0] != hull.P[0] || p.Min != hull.Min || p.Max != hull.Max {
				t.Fatalf("cells %d, %d: hull %v not counter-clockwise or its box %v-%v wrong", i, j, hull.P[:hull.N], hull.Min, hull.Max)
			}
			for _, c := range corners {
				if !p.Contains(c) {
					t.Fatalf("cells %d, %d: hull %v leaves out %v", i, j, hull.P[:hull.N], c)
				}
			}
			for _, v := range hull.P[:hull.N] {
				if !slices.Contains(corners, v) {
					t.Fatalf("cells %d, %d: hull corner %v is no cell's", i, j, v)
				}
			}
		}
	}
}
