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
	w, h       float32
	cell, inv  float32
	cols, rows int // the cells covering the board, and one more of each
	reach      float32
	all        uint64
	masks      []uint64 // cell -> shapes within reach of some point near it
}

const (
	// indexCell is the ShapeIndex's cell size in inches.
	indexCell = 1
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
	ix := &ShapeIndex{w: w, h: h, cell: indexCell, inv: 1 / float32(indexCell), reach: reach}
	// A column and a row more than the board needs: a point on its far
	// edges (or past them by float32's error) has a cell without clamping.
	ix.cols = max(1, int(math.Ceil(float64(w/ix.cell)))) + 1
	ix.rows = max(1, int(math.Ceil(float64(h/ix.cell)))) + 1
	ix.all = ^uint64(0) >> (64 - len(shapes))
	ix.masks = make([]uint64, ix.cols*ix.rows)
	// A point of a segment is within half a cell of one of the points
	// Segment samples, which lies in some cell, within half the cell's
	// diagonal of its centre: a shape farther than this from the centre
	// is farther than reach (and the margin) from every such point.
	within := reach + indexMargin + ix.cell*(0.5+math.Sqrt2/2)
	for g := range ix.masks {
		c := Vec{(float32(g%ix.cols) + 0.5) * ix.cell, (float32(g/ix.cols) + 0.5) * ix.cell}
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
	// Points no more than a cell apart, from a to b (the board is convex:
	// all of them are on it).
	m := ix.masks[ix.at(a)] | ix.masks[ix.at(b)]
	// In cell units from here.
	p, d := a.Scale(ix.inv), b.Sub(a).Scale(ix.inv)
	n := int(d.Len()) + 1
	step := d.Scale(1 / float32(n))
	for k := 1; k < n && m != ix.all; k++ {
		p = p.Add(step)
		m |= ix.masks[int(p.Y)*ix.cols+int(p.X)]
	}
	return m
}

// on reports whether p is on the board.
func (ix *ShapeIndex) on(p Vec) bool {
	return p.X >= 0 && p.Y >= 0 && p.X <= ix.w && p.Y <= ix.h
}

// at returns the cell of a point on the board (or off it by float32's
// error alone: a conversion to int truncates toward 0, and the cells reach
// a cell past the far edges).
func (ix *ShapeIndex) at(p Vec) int { return int(p.Y*ix.inv)*ix.cols + int(p.X*ix.inv) }
