package geom

import (
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// ShapeIndex is a coarse grid over a board that says which of a list of
// shapes (at most 64) can come within reach of a point or of a segment: a
// bit per shape, set for every shape that may be within reach inches of
// it, clear only for shapes that are surely farther (by a margin far above
// float32's error). A test of a point or a segment against the shapes can
// then skip the clear ones and give the same answer: a base of radius at
// most reach neither overlaps nor sweeps into a shape farther than reach
// from its centre's path. It is built once, with the map, and read-only
// afterwards.
type ShapeIndex struct {
	wb, hb     uint32 // the bits of w and h (see on)
	cols, rows int    // the cells covering the board, and one more of each
	reach      float32
	all        uint64
	masks      []uint64 // cell -> shapes within reach of some point of it
	// pairs holds, for two cells i <= j of a grid of pcols columns of
	// cells pcell inches wide (pinv its inverse; the cells above on a
	// board of up to indexPairCells of them), at j*(j+1)/2+i, the shapes
	// within reach of some point of the hull of the two: every segment
	// from a point of one to a point of the other lies in it.
	pairs       []uint64
	pcols       int
	pcell, pinv float32
}

const (
	// indexCell is the ShapeIndex's cell size in inches, and indexInv
	// its inverse: a cell is an inch, so a point's inches are its cell
	// units and the scaling by indexInv costs nothing.
	indexCell = 1.0
	indexInv  = 1 / indexCell
	// indexMargin is the slack on the side of caution in every distance
	// the index vouches for.
	indexMargin = 0.01
	// indexPairCells is the most cells the table of pairs is cut into
	// (a board of 31" by 31" or less in 1" cells; 8 bytes a pair: about
	// 4 MB at the limit). Larger boards have larger cells there.
	indexPairCells = 1024
)

// NewShapeIndex indexes shapes on a w x h board for queries of radius up
// to reach. It returns nil when there is nothing to index or more than 64
// shapes: a nil index leaves every shape to be tested (All). The index of
// the same arguments is built once and shared (it is read-only).
func NewShapeIndex(w, h, reach float32, shapes []Shape) *ShapeIndex {
	if len(shapes) == 0 || len(shapes) > 64 || !(w > 0) || !(h > 0) || !(reach >= 0) {
		return nil
	}
	key := navKey{w: w, h: h, clearance: reach, shapes: fmt.Sprint(shapes)}
	return indexes.get(key, func() *ShapeIndex { return newShapeIndex(w, h, reach, shapes) })
}

// indexes is NewShapeIndex's cache: every compilation of a design (one
// for each part switched off, for each point of a sweep) indexes the same
// map again, and a map's pairs take about a tenth of a second to list.
var indexes buildCache[*ShapeIndex]

// newShapeIndex is NewShapeIndex without the cache.
func newShapeIndex(w, h, reach float32, shapes []Shape) *ShapeIndex {
	ix := &ShapeIndex{wb: math.Float32bits(w), hb: math.Float32bits(h), reach: reach}
	// A column and a row more than the board needs: a point on its far
	// edges (or past them by float32's error) has a cell without clamping.
	ix.cols = max(1, int(math.Ceil(float64(w/indexCell)))) + 1
	ix.rows = max(1, int(math.Ceil(float64(h/indexCell)))) + 1
	ix.all = ^uint64(0) >> (64 - len(shapes))
	n := ix.cols * ix.rows
	ix.masks = make([]uint64, n)
	d := reach + indexMargin
	for c := range ix.masks {
		sq := NewRect(float32(c%ix.cols)*indexCell, float32(c/ix.cols)*indexCell,
			float32(c%ix.cols+1)*indexCell, float32(c/ix.cols+1)*indexCell)
		for k := range shapes {
			if mayNear(&shapes[k], &sq, sq.C, sq.C, indexCell, d) && within(&shapes[k], &sq, d) {
				ix.masks[c] |= 1 << k
			}
		}
	}
	ix.pcell = indexCell
	pcols, prows := ix.cols, ix.rows
	for pcols*prows > indexPairCells {
		ix.pcell *= 1.25
		pcols = max(1, int(math.Ceil(float64(w/ix.pcell)))) + 1
		prows = max(1, int(math.Ceil(float64(h/ix.pcell)))) + 1
	}
	ix.pcols, ix.pinv = pcols, 1/ix.pcell
	n = pcols * prows
	ix.pairs = make([]uint64, n*(n+1)/2)
	// The cells' pairs a row at a time, a row to each goroutine that
	// asks for one.
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := int(next.Add(1) - 1); j < n; j = int(next.Add(1) - 1) {
				ix.pairRow(j, d, shapes)
			}
		}()
	}
	wg.Wait()
	return ix
}

// pairRow fills the pairs of cell j with the cells i <= j: the shapes
// within d of them.
func (ix *ShapeIndex) pairRow(j int, d float32, shapes []Shape) {
	var hull Shape
	half := Vec{ix.pcell / 2, ix.pcell / 2}
	var band uint64 // the shapes within d of the rows from i's to j's
	for i := 0; i <= j; i++ {
		a, b := ix.pcentre(i), ix.pcentre(j)
		if i%ix.pcols == 0 {
			band = 0
			for k := range shapes {
				if s := &shapes[k]; s.Min.Y <= b.Y+half.Y+d && s.Max.Y >= a.Y-half.Y-d {
					band |= 1 << k
				}
			}
		}
		// The hull's bounding box, and the hull itself once a shape
		// needs it.
		box := Shape{Min: Vec{min(a.X, b.X), min(a.Y, b.Y)}.Sub(half), Max: Vec{max(a.X, b.X), max(a.Y, b.Y)}.Add(half)}
		built := false
		var m uint64
		for set := band; set != 0; set &= set - 1 {
			k := bits.TrailingZeros64(set)
			if !mayNear(&shapes[k], &box, a, b, ix.pcell, d) {
				continue
			}
			if nearSegment(&shapes[k], a, b, d) {
				m |= 1 << k // the hull holds the segment
				continue
			}
			if !built {
				ix.cellHull(i, j, &hull)
				built = true
			}
			if within(&shapes[k], &hull, d) {
				m |= 1 << k
			}
		}
		ix.pairs[j*(j+1)/2+i] = m
	}
}

// pcentre returns the centre of cell c of the table of pairs.
func (ix *ShapeIndex) pcentre(c int) Vec {
	return Vec{(float32(c%ix.pcols) + 0.5) * ix.pcell, (float32(c/ix.pcols) + 0.5) * ix.pcell}
}

// cellHull sets hull to the convex hull of cells i <= j of the table of
// pairs: the sum of cell i's square and the segment d from it to cell j
// (j is never below i, nor left of it on its row), counter-clockwise from
// its lowest, leftmost corner, that of cell i. Its edges are the square's
// four and the segment's two, taken by the angle they face: d comes after
// the square's right side when it points up and right, after its top when
// up and left, and lengthens a side when it lies along one.
func (ix *ShapeIndex) cellHull(i, j int, hull *Shape) {
	c := ix.pcell
	lo := Vec{float32(i%ix.pcols) * c, float32(i/ix.pcols) * c}
	d := Vec{float32(j%ix.pcols)*c - lo.X, float32(j/ix.pcols)*c - lo.Y}
	*hull = Shape{Kind: Poly, N: 4}
	r, u := Vec{c, 0}, Vec{0, c} // the square's right and up sides
	switch {
	case d.Y == 0: // along the bottom (or no segment)
		r.X += d.X
		hull.P[0], hull.P[1], hull.P[2], hull.P[3] = lo, lo.Add(r), lo.Add(r).Add(u), lo.Add(u)
	case d.X == 0: // straight up
		u.Y += d.Y
		hull.P[0], hull.P[1], hull.P[2], hull.P[3] = lo, lo.Add(r), lo.Add(r).Add(u), lo.Add(u)
	case d.X > 0: // up and right
		hull.N = 6
		hull.P[0], hull.P[1] = lo, lo.Add(r)
		hull.P[2] = hull.P[1].Add(d)
		hull.P[3] = hull.P[2].Add(u)
		hull.P[4] = hull.P[3].Sub(r)
		hull.P[5] = lo.Add(u)
	default: // up and left
		hull.N = 6
		hull.P[0], hull.P[1] = lo, lo.Add(r)
		hull.P[2] = hull.P[1].Add(u)
		hull.P[3] = hull.P[2].Add(d)
		hull.P[4] = hull.P[3].Sub(r)
		hull.P[5] = hull.P[4].Sub(u)
	}
	hull.Min = Vec{lo.X + fmin(d.X, 0), lo.Y}
	hull.Max = Vec{lo.X + fmax(d.X, 0) + c, lo.Y + d.Y + c}
	hull.C = hull.Min.Add(hull.Max).Scale(0.5)
}

// mayNear is within's cheap part: false when shape s is surely farther
// than d from the hull of two cells cell inches wide, whose centres are a
// and b, and whose bounding box is box.
func mayNear(s, box *Shape, a, b Vec, cell, d float32) bool {
	if s.Min.X > box.Max.X+d || s.Max.X < box.Min.X-d || s.Min.Y > box.Max.Y+d || s.Max.Y < box.Min.Y-d {
		return false
	}
	// Every point of the hull lies within half a cell's diagonal of the
	// segment between the cells' centres, and every point of a shape
	// within its bounding circle: a circle that far from the segment
	// decides.
	sc, sr := s.Min.Add(s.Max).Scale(0.5), s.Max.Sub(s.Min).Len()/2
	far := sr + d + cell*math.Sqrt2/2 + indexMargin
	return pointSegDist2(sc, a, b) <= far*far
}

// nearSegment reports whether shape s surely comes within d of the
// segment a-b: a circle's centre within its radius and d of it, a
// polygon crossed by it or with a corner within d (false may be wrong).
func nearSegment(s *Shape, a, b Vec, d float32) bool {
	if s.Kind == Circle {
		return pointSegDist2(s.C, a, b) <= (s.R+d)*(s.R+d)
	}
	for _, v := range s.P[:s.N] {
		if pointSegDist2(v, a, b) <= d*d {
			return true
		}
	}
	_, _, ok := s.polyClip(a, b.Sub(a), 0, 0, 1)
	return ok
}

// within reports whether shape s comes within d of the convex polygon
// hull.
func within(s, hull *Shape, d float32) bool {
	if s.Kind == Circle {
		return hull.Dist(s.C) <= s.R+d
	}
	// Two convex polygons apart are nearest at a corner of one; two that
	// meet have a corner of one in the other or an edge of one crossing
	// the other.
	for _, v := range s.P[:s.N] {
		if hull.Dist(v) <= d {
			return true
		}
	}
	p := hull.P[hull.N-1]
	for _, q := range hull.P[:hull.N] {
		if s.Dist(q) <= d {
			return true
		}
		if _, _, ok := s.polyClip(p, q.Sub(p), 0, 0, 1); ok {
			return true
		}
		p = q
	}
	return false
}

// All returns the set of every shape (all ones for a nil index).
func (ix *ShapeIndex) All() uint64 {
	if ix == nil {
		return ^uint64(0)
	}
	return ix.all
}

// Point returns the shapes that may be within r of p (every shape when r
// exceeds the index's reach or p is off the board).
func (ix *ShapeIndex) Point(p Vec, r float32) uint64 {
	if ix == nil || r > ix.reach || !ix.on(p) {
		return ix.All()
	}
	return ix.masks[ix.at(p)]
}

// Segment returns the shapes that may be within r of some point of the
// segment a-b (every shape when r exceeds the index's reach or an end is
// off the board).
func (ix *ShapeIndex) Segment(a, b Vec, r float32) uint64 {
	if ix == nil || r > ix.reach || !ix.on(a) || !ix.on(b) {
		return ix.All()
	}
	i := int(a.Y*ix.pinv)*ix.pcols + int(a.X*ix.pinv)
	j := int(b.Y*ix.pinv)*ix.pcols + int(b.X*ix.pinv)
	if i > j {
		i, j = j, i
	}
	return ix.pairs[uint(j*(j+1))>>1+uint(i)]
}

// on reports whether p is on the board, one comparison a coordinate: the
// bits of a float32 of +0 or more order as its values do, and those of a
// negative number or a NaN exceed those of any width (-0 is taken as off
// the board, which costs a query its index alone, not its answer).
func (ix *ShapeIndex) on(p Vec) bool {
	return math.Float32bits(p.X) <= ix.wb && math.Float32bits(p.Y) <= ix.hb
}

// at returns the cell of a point on the board (or off it by float32's
// error alone: a conversion to int truncates toward 0, and the cells reach
// a cell past the far edges).
func (ix *ShapeIndex) at(p Vec) int { return int(p.Y*indexInv)*ix.cols + int(p.X*indexInv) }
