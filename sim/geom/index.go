package geom

import "math"

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
	masks      []uint64 // cell -> shapes within reach of some point near it
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
)

// NewShapeIndex indexes shapes on a w x h board for queries of radius up
// to reach. It returns nil when there is nothing to index or more than 64
// shapes: a nil index leaves every shape to be tested (All).
func NewShapeIndex(w, h, reach float32, shapes []Shape) *ShapeIndex {
	if len(shapes) == 0 || len(shapes) > 64 || !(w > 0) || !(h > 0) || !(reach >= 0) {
		return nil
	}
	ix := &ShapeIndex{wb: math.Float32bits(w), hb: math.Float32bits(h), reach: reach}
	// A column and a row more than the board needs: a point on its far
	// edges (or past them by float32's error) has a cell without clamping.
	ix.cols = max(1, int(math.Ceil(float64(w/indexCell)))) + 1
	ix.rows = max(1, int(math.Ceil(float64(h/indexCell)))) + 1
	ix.all = ^uint64(0) >> (64 - len(shapes))
	ix.masks = make([]uint64, ix.cols*ix.rows)
	// A point of a segment is within half a cell of one of the points
	// Segment samples, which lies in some cell, within half the cell's
	// diagonal of its centre: a shape farther than this from the centre
	// is farther than reach (and the margin) from every such point.
	within := reach + indexMargin + indexCell*(0.5+math.Sqrt2/2)
	for g := range ix.masks {
		c := Vec{(float32(g%ix.cols) + 0.5) * indexCell, (float32(g/ix.cols) + 0.5) * indexCell}
		for i := range shapes {
			if shapes[i].Dist(c) <= within {
				ix.masks[g] |= 1 << i
			}
		}
	}
	return ix
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
	m := ix.masks[ix.at(a)] | ix.masks[ix.at(b)]
	// In cell units from here.
	d := b.Sub(a).Scale(indexInv)
	if d.Len2() < 1 {
		// Ends less than a cell apart: every point of the segment is
		// within half a cell of one of them.
		return m
	}
	// Points no more than a cell apart, from a to b (the board is convex:
	// all of them are on it).
	n := int(d.Len()) + 1
	p, step := a.Scale(indexInv), d.Scale(1/float32(n))
	for k := 1; k < n && m != ix.all; k++ {
		p = p.Add(step)
		m |= ix.masks[int(p.Y)*ix.cols+int(p.X)]
	}
	return m
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
