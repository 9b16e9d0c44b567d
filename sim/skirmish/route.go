package skirmish

import (
	"fmt"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"

	"balance/sim/geom"
)

// A router finds the way of a base of one radius around a set of blocked
// terrain pieces, on a table that does not change: it is built once per
// design and read by every battle (any number of goroutines).
//
// The way is the shortest one around the pieces grown by the base (a
// visibility graph): nodes stand just clear of the corners of each grown
// piece (three round each corner of a polygon, eight round a circle), two
// nodes are linked when the base slides straight from one to the other,
// and a link costs its length, doubled across difficult ground (rough
// ground and water). The cheapest costs between every two nodes are
// tabulated, and so, for each cell of a grid over the table, are the
// costs of reaching the cell from each node, and the nodes round whose
// piece a way from the cell may turn (the nodes it sees at the edge of
// each piece). A query then costs a straight check and, when the way is
// not straight, a pass over those few nodes.
type router struct {
	r      float32 // base radius
	w, h   float32 // the table
	shapes []geom.Shape
	box    []geom.Shape // each blocked piece's bounding box grown by the base (Min, Max only)
	lines  lineTab      // the blocked pieces a base sliding between two points may touch
	all    uint32       // every blocked piece
	diff   []geom.Shape // difficult pieces
	nodes  []geom.Vec
	piece  []int16    // node → the piece it goes round
	ring   [][2]int16 // node → the nodes before and after it round its piece (-1: none)
	words  int        // uint64 words of a node set
	dist   []float32  // node×node cheapest costs (+Inf: no way)
	cell   float32    // the grid's cell size
	cols   int
	rows   int
	point  []geom.Vec // cell → the point that stands for it (a base fits there)
	lost   []bool     // cell → no base fits at any of its sample points
	proxy  []int32    // cell → the nearest cell whose point some node reaches (itself when one does; -1 none)
	turn   []uint64   // cell×words: the nodes its point sees at the edge of their piece
	at     [][4]int16 // cell → the nodes in it (-1: none)
	nturn  []uint64   // node×words: the nodes it sees at the edge of their piece
	// What the first stretch of a way costs per inch, less 1, in
	// 1/routeSlow: across difficult ground it costs more than its length.
	lead   []uint8  // cell×node: from the cell's point to the node
	nlead  []uint8  // node×node
	toCell []uint16 // cell×node: the cost of reaching the cell's point from the node, in 1/routeUnit inch (routeInf: no way)
	// A cell's turn, lead and toCell are worked out the first time a
	// way asks for them (a battle asks for few cells): filled[c] says
	// they are, fill guards the working out.
	filled []atomic.Bool
	fill   sync.Mutex
}

const (
	routeGap   = 0.02 // how far clear of a grown piece the ways between nodes keep
	routeSlow  = 255  // lead's units
	routeUnit  = 64   // toCell's units per inch
	routeInf   = math.MaxUint16
	routeCells = 4096 // most grid cells
	routeMaxN  = 256  // most nodes
	circleNode = 8    // nodes round a circle
)

// routeKey is what a router is built from.
type routeKey struct {
	w, h, r float32
	shapes  string // the blocked and difficult shapes, printed
}

// routeCache keeps the routers built most recently: the designs of a
// sweep share their table and would build the same routers again and
// again. A router is read-only once built.
var routeCache struct {
	mu      sync.Mutex
	entries []routeEntry
}

type routeEntry struct {
	key routeKey
	rt  *router
}

const routeCacheSize = 16

// newRouter returns the router of bases of radius r on a w×h table
// around blocked, with difficult costing double; nil when nothing is
// blocked (every way is straight).
func newRouter(w, h, r float32, blocked, difficult []geom.Shape) *router {
	if len(blocked) == 0 {
		return nil
	}
	key := routeKey{w, h, r, fmt.Sprint(blocked, difficult)}
	routeCache.mu.Lock()
	defer routeCache.mu.Unlock()
	for i, e := range routeCache.entries {
		if e.key == key {
			copy(routeCache.entries[1:i+1], routeCache.entries[:i])
			routeCache.entries[0] = e
			return e.rt
		}
	}
	rt := buildRouter(w, h, r, blocked, difficult)
	if len(routeCache.entries) < routeCacheSize {
		routeCache.entries = append(routeCache.entries, routeEntry{})
	}
	copy(routeCache.entries[1:], routeCache.entries)
	routeCache.entries[0] = routeEntry{key, rt}
	return rt
}

func buildRouter(w, h, r float32, blocked, difficult []geom.Shape) *router {
	rt := &router{r: r, w: w, h: h, shapes: append([]geom.Shape(nil), blocked...), diff: append([]geom.Shape(nil), difficult...)}
	for k := range rt.shapes {
		s := &rt.shapes[k]
		g := r + 2*geom.Eps
		rt.box = append(rt.box, geom.Shape{Min: geom.V(s.Min.X-g, s.Min.Y-g), Max: geom.V(s.Max.X+g, s.Max.Y+g)})
	}
	rt.lines = newLineTab(w, h, rt.shapes, r)
	rt.all = uint32(uint64(1)<<len(rt.shapes) - 1)
	rt.placeNodes()
	n := len(rt.nodes)
	rt.words = (n + 63) / 64
	// Links and the cheapest costs between nodes (Floyd-Warshall).
	inf := float32(math.Inf(1))
	rt.dist = make([]float32, n*n)
	for u := 0; u < n; u++ {
		for v := 0; v < n; v++ {
			rt.dist[u*n+v] = inf
		}
		rt.dist[u*n+u] = 0
	}
	for u := 0; u < n; u++ {
		for v := u + 1; v < n; v++ {
			if a, b := rt.nodes[u], rt.nodes[v]; rt.clear(a, b) {
				c := rt.cost(a, b)
				rt.dist[u*n+v], rt.dist[v*n+u] = c, c
			}
		}
	}
	for k := 0; k < n; k++ {
		for u := 0; u < n; u++ {
			duk := rt.dist[u*n+k]
			if duk == inf {
				continue
			}
			row, rk := rt.dist[u*n:u*n+n], rt.dist[k*n:k*n+n]
			for v := range row {
				if c := duk + rk[v]; c < row[v] {
					row[v] = c
				}
			}
		}
	}
	rt.nturn = make([]uint64, n*rt.words)
	rt.nlead = make([]uint8, n*n)
	for u := 0; u < n; u++ {
		for v := 0; v < n; v++ {
			if v != u && !math.IsInf(float64(rt.dist[u*n+v]), 1) && rt.clear(rt.nodes[u], rt.nodes[v]) && rt.turnsAt(rt.nodes[u], v) {
				rt.nturn[u*rt.words+v/64] |= 1 << (v % 64)
				rt.nlead[u*n+v] = rt.slow(rt.nodes[u], rt.nodes[v])
			}
		}
	}
	// The grid.
	rt.cell = 0.5
	for int(math.Ceil(float64(w/rt.cell)))*int(math.Ceil(float64(h/rt.cell))) > routeCells {
		rt.cell *= 1.25
	}
	rt.cols = max(1, int(math.Ceil(float64(w/rt.cell))))
	rt.rows = max(1, int(math.Ceil(float64(h/rt.cell))))
	nc := rt.cols * rt.rows
	rt.point = make([]geom.Vec, nc)
	rt.lost = make([]bool, nc)
	rt.proxy = make([]int32, nc)
	rt.turn = make([]uint64, nc*rt.words)
	rt.toCell = make([]uint16, nc*n)
	rt.lead = make([]uint8, nc*n)
	rt.at = make([][4]int16, nc)
	for c := range rt.at {
		rt.at[c] = [4]int16{-1, -1, -1, -1}
	}
	for u, p := range rt.nodes {
		at := &rt.at[rt.cellOf(p, p)]
		for k := range at {
			if at[k] < 0 {
				at[k] = int16(u)
				break
			}
		}
	}
	rt.filled = make([]atomic.Bool, nc)
	for c := range rt.proxy {
		rt.proxy[c] = -1
	}
	// Whether some way reaches each cell (the proxies need it now): some
	// node sees its point.
	for c := 0; c < nc; c++ {
		p, ok := rt.cellPoint(c)
		rt.point[c], rt.lost[c] = p, !ok
		if ok && rt.seesAny(p) {
			rt.proxy[c] = int32(c)
		}
	}
	rt.fillProxies()
	return rt
}

// seesAny reports whether some node sees p (the base slides straight
// from the node to p).
func (rt *router) seesAny(p geom.Vec) bool {
	for v := range rt.nodes {
		if rt.clear(rt.nodes[v], p) {
			return true
		}
	}
	return false
}

// cellWays returns cell c's costs of reaching its point from each node
// (toCell), and the nodes a way from its point may turn at with what the
// first stretch costs (turn, lead), working them out on the first ask:
// the same, whichever battle asks first.
func (rt *router) cellWays(c int) (tc []uint16, turn []uint64, lead []uint8) {
	n := len(rt.nodes)
	tc, turn, lead = rt.toCell[c*n:(c+1)*n], rt.turn[c*rt.words:(c+1)*rt.words], rt.lead[c*n:(c+1)*n]
	if !rt.filled[c].Load() {
		rt.fillCell(c, tc, turn, lead)
	}
	return tc, turn, lead
}

// fillCell works out cell c's ways, once.
func (rt *router) fillCell(c int, tc []uint16, turn []uint64, lead []uint8) {
	rt.fill.Lock()
	defer rt.fill.Unlock()
	if rt.filled[c].Load() {
		return
	}
	if rt.lost[c] {
		for u := range tc {
			tc[u] = routeInf
		}
	} else {
		var seen [routeMaxN]bool
		p := rt.point[c]
		rt.costsTo(p, tc, seen[:len(rt.nodes)])
		for v := range rt.nodes {
			if seen[v] && rt.turnsAt(p, v) {
				turn[v/64] |= 1 << (v % 64)
				lead[v] = rt.slow(p, rt.nodes[v])
			}
		}
	}
	rt.filled[c].Store(true)
}

// fillProxies lets a cell no way reaches stand in for by the nearest
// one some way reaches (the first in the cells' order among the
// nearest). The rows are looked at outward from the cell's own, and a
// row all of whose points lie farther than the nearest found so far is
// passed over: the answer is that of looking at every cell.
func (rt *router) fillProxies() {
	nc := rt.cols * rt.rows
	reached := func(o int) bool { return rt.proxy[o] == int32(o) && !rt.lost[o] }
	// Each row's lowest and highest Y of the points of its cells some
	// way reaches (lo > hi: none).
	lo := make([]float32, rt.rows)
	hi := make([]float32, rt.rows)
	for y := range lo {
		lo[y], hi[y] = float32(math.Inf(1)), float32(math.Inf(-1))
	}
	for o := 0; o < nc; o++ {
		if reached(o) {
			y := o / rt.cols
			lo[y], hi[y] = min(lo[y], rt.point[o].Y), max(hi[y], rt.point[o].Y)
		}
	}
	for c := 0; c < nc; c++ {
		if rt.proxy[c] == int32(c) {
			continue
		}
		best, bd := int32(-1), float32(math.Inf(1))
		ctr := rt.centre(c)
		row := func(y int) {
			if y < 0 || y >= rt.rows || lo[y] > hi[y] {
				return
			}
			// No point of the row is nearer than its gap in Y.
			if gap := max(lo[y]-ctr.Y, ctr.Y-hi[y], 0); gap*gap > bd {
				return
			}
			for o := y * rt.cols; o < (y+1)*rt.cols; o++ {
				if reached(o) {
					if d := rt.point[o].Sub(ctr).Len2(); d < bd || (d == bd && int32(o) < best) {
						best, bd = int32(o), d
					}
				}
			}
		}
		cy := c / rt.cols
		row(cy)
		for k := 1; cy-k >= 0 || cy+k < rt.rows; k++ {
			row(cy - k)
			row(cy + k)
		}
		rt.proxy[c] = best
	}
}

// placeNodes puts nodes round each blocked piece grown by the base, where
// a base fits on the table without overlapping a piece, and links each
// with its neighbours round the piece.
func (rt *router) placeNodes() {
	g := rt.r + routeGap
	for k := range rt.shapes {
		s := &rt.shapes[k]
		first := len(rt.nodes)
		add := func(p geom.Vec) {
			if len(rt.nodes) >= routeMaxN {
				return
			}
			rt.nodes = append(rt.nodes, p)
			rt.piece = append(rt.piece, int16(k))
		}
		if s.Kind == geom.Circle {
			m := (s.R + g) / float32(math.Cos(math.Pi/circleNode))
			for i := 0; i < circleNode; i++ {
				a := (float64(i) + 0.5) * 2 * math.Pi / circleNode
				add(s.C.Add(geom.V(float32(math.Cos(a)), float32(math.Sin(a))).Scale(m)))
			}
		} else {
			n := int(s.N)
			for i := 0; i < n; i++ {
				p0, p1, p2 := s.P[(i+n-1)%n], s.P[i], s.P[(i+1)%n]
				n1, n2 := outward(p0, p1), outward(p1, p2)
				mid := n1.Add(n2).Norm()
				// Three nodes on an arc round the corner: the chords
				// between them keep g clear of it.
				q := float32(math.Sqrt(float64((1 + n1.Dot(mid)) / 2))) // cos of a quarter of the turn
				m := g / max(q, 0.5)
				add(p1.Add(n1.Scale(m)))
				add(p1.Add(mid.Scale(m)))
				add(p1.Add(n2.Scale(m)))
			}
		}
		// Keep the nodes where a base fits, each linked to its
		// neighbours round the piece.
		kept := rt.nodes[:first]
		keptP := rt.piece[:first]
		for i := first; i < len(rt.nodes); i++ {
			if p := rt.nodes[i]; rt.fits(p) {
				kept = append(kept, p)
				keptP = append(keptP, rt.piece[i])
			}
		}
		rt.nodes, rt.piece = kept, keptP
		m := len(rt.nodes) - first
		for i := 0; i < m; i++ {
			rt.ring = append(rt.ring, [2]int16{int16(first + (i+m-1)%m), int16(first + (i+1)%m)})
		}
	}
}

// fits reports whether a base at p lies on the table and overlaps no
// blocked piece.
func (rt *router) fits(p geom.Vec) bool {
	if p.X < rt.r || p.X > rt.w-rt.r || p.Y < rt.r || p.Y > rt.h-rt.r {
		return false
	}
	for k := range rt.shapes {
		if rt.shapes[k].OverlapsCircle(p, rt.r) {
			return false
		}
	}
	return true
}

// outward returns the outward unit normal of the edge a→b of a
// counter-clockwise polygon.
func outward(a, b geom.Vec) geom.Vec { return geom.V(b.Y-a.Y, a.X-b.X).Norm() }

// cost returns the cost of walking straight from a to b: its length,
// doubled across difficult pieces.
func (rt *router) cost(a, b geom.Vec) float32 {
	l := a.Dist(b)
	c := l
	for k := range rt.diff {
		if t0, t1, ok := rt.diff[k].SegmentSpan(a, b); ok {
			c += (t1 - t0) * l
		}
	}
	return c
}

// slow returns what walking straight from a to b costs per inch, less 1,
// in 1/routeSlow.
func (rt *router) slow(a, b geom.Vec) uint8 {
	l := a.Dist(b)
	if l < 1e-3 {
		return 0
	}
	return uint8(min(max((rt.cost(a, b)/l-1)*routeSlow+0.5, 0), routeSlow))
}

// costsTo fills tc with the cheapest cost of reaching p from each node,
// through the nodes that see p (marked in seen); it reports whether any
// node reaches p.
func (rt *router) costsTo(p geom.Vec, tc []uint16, seen []bool) bool {
	n := len(rt.nodes)
	// The nodes that see p, listed, and the cost of their last stretch.
	var vs [routeMaxN]int16
	var last [routeMaxN]float32
	ns := 0
	for v := 0; v < n; v++ {
		seen[v] = rt.clear(rt.nodes[v], p)
		if seen[v] {
			vs[ns], last[ns] = int16(v), rt.cost(rt.nodes[v], p)
			ns++
		}
	}
	reach := false
	for u := 0; u < n; u++ {
		best := float32(math.Inf(1))
		du := rt.dist[u*n : u*n+n]
		for k, v := range vs[:ns] {
			best = min(best, du[v]+last[k])
		}
		tc[u] = routeInf
		if !math.IsInf(float64(best), 1) {
			tc[u] = uint16(min(float64(best)*routeUnit+0.5, routeInf-1))
			reach = true
		}
	}
	return reach
}

// turnsAt reports whether a way from p may turn round node v's piece at
// v: the node's neighbours round the piece lie on one side of the line
// p→v (v is at the piece's edge as seen from p).
func (rt *router) turnsAt(p geom.Vec, v int) bool {
	d := rt.nodes[v].Sub(p)
	var side [2]bool
	for _, o := range rt.ring[v] {
		if o < 0 || int(o) == v {
			continue
		}
		c := d.Cross(rt.nodes[o].Sub(p))
		side[0] = side[0] || c > 1e-6
		side[1] = side[1] || c < -1e-6
	}
	return !(side[0] && side[1])
}

// centre returns the centre of cell c.
func (rt *router) centre(c int) geom.Vec {
	return geom.V((float32(c%rt.cols)+0.5)*rt.cell, (float32(c/rt.cols)+0.5)*rt.cell)
}

// cellPoint returns the point of cell c that stands for it: its centre,
// or, when a base there would not fit, the first of the centres of its
// quarters where one would.
func (rt *router) cellPoint(c int) (geom.Vec, bool) {
	ctr := rt.centre(c)
	q := rt.cell / 4
	for _, p := range [5]geom.Vec{ctr, ctr.Add(geom.V(-q, -q)), ctr.Add(geom.V(q, -q)), ctr.Add(geom.V(-q, q)), ctr.Add(geom.V(q, q))} {
		if p = geom.ClampToBoard(p, rt.r, rt.w, rt.h); rt.fits(p) {
			return p, true
		}
	}
	return ctr, false
}

// clear reports whether the base slides straight from a to b without
// overlapping a blocked piece.
func (rt *router) clear(a, b geom.Vec) bool {
	// A piece whose grown box lies off the segment's box (the line's,
	// grown by Eps), or wholly on one side of the line, farther than
	// the base, cannot be touched: the sweep is not asked for it, nor
	// for a piece the line table does not list.
	line := newLineBox(a, b, rt.r)
	for m := rt.lines.near(a, b) & rt.all; m != 0; m &= m - 1 {
		k := bits.TrailingZeros32(m)
		if bx := &rt.box[k]; line.offBox(bx) {
			continue
		}
		sh := &rt.shapes[k]
		if line.aside(sh) {
			continue
		}
		if sh.SweepOverlaps(a, b, rt.r) {
			return false
		}
	}
	return true
}

// clearAt reports whether a base at p overlaps no blocked piece (a nil
// router blocks nothing).
func (rt *router) clearAt(p geom.Vec) bool { return rt == nil || rt.clear(p, p) }

// cellOf returns the grid cell of p (clamped to the grid). A p on the
// line between two cells (as a point of the data often is: the cells are
// half an inch) falls in the cell nearer the middle of the table; on the
// middle line itself, in the cell on toward's side of it (the upper one
// when toward is on it too). So, when the cells cut the table exactly
// (half-inch cells a 30" table), the cells of a way, and the way, seen
// from the other edge (the table turned half a turn, or reflected) are
// those of the way turned so: the same, whichever warband walks it, and
// a mirror match is even.
func (rt *router) cellOf(p, toward geom.Vec) int {
	return rt.axisCell(p.Y, toward.Y, rt.h, rt.rows)*rt.cols + rt.axisCell(p.X, toward.X, rt.w, rt.cols)
}

// axisCell is cellOf along one axis of length l cut into n cells.
func (rt *router) axisCell(v, toward, l float32, n int) int {
	if !(v > 0) {
		return 0
	}
	x := v / rt.cell
	k := int(x)
	if mid := l / 2; k > 0 && float32(k) == x && (v > mid || (v == mid && toward < v)) {
		k-- // on the line between cells k-1 and k: the one below it
	}
	return min(k, n-1)
}

// way returns the point a base at from heads for on its way to to: to
// itself when the way is straight; else the point of to's cell when it
// sees that, else the first node of the cheapest way; from when there is
// no way. When no way reaches to's cell, it heads for the nearest cell
// one reaches.
func (rt *router) way(from, to geom.Vec) geom.Vec {
	if rt == nil || rt.clear(from, to) {
		return to
	}
	n := len(rt.nodes)
	gc := rt.cellOf(to, from)
	goal := rt.point[gc]
	if rt.proxy[gc] != int32(gc) {
		// No base fits at the cell's sample points, or no way reaches
		// them: head for the nearest cell a way reaches.
		pc := rt.proxy[gc]
		if pc < 0 {
			return from
		}
		gc, goal = int(pc), rt.point[pc]
	}
	if goal != to && rt.clear(from, goal) {
		if from.Dist(goal) < 1e-3 {
			return from // as near as it gets
		}
		return goal
	}
	// The candidates: the nodes seen at the edge of their piece from the
	// node the figure stands at, else from its cell (the nearest cell a
	// base fits in when it does not fit in its own).
	var turn []uint64
	var lead []uint8
	for _, u := range rt.at[rt.cellOf(from, from)] {
		if u >= 0 && from.Sub(rt.nodes[u]).Len2() < 1e-4 {
			turn, lead = rt.nturn[int(u)*rt.words:int(u+1)*rt.words], rt.nlead[int(u)*n:int(u+1)*n]
			break
		}
	}
	if turn == nil {
		fc := rt.cellOf(from, to)
		if rt.lost[fc] {
			if fc = int(rt.proxy[fc]); fc < 0 {
				return from
			}
		}
		_, turn, lead = rt.cellWays(fc)
	}
	tc, _, _ := rt.cellWays(gc)
	// The cheapest, checked from where the figure stands.
	var tried [routeMaxN / 64]uint64
	for try := 0; try < 4; try++ {
		best, bc := -1, float32(math.Inf(1))
		for w := 0; w < rt.words; w++ {
			for m := turn[w] &^ tried[w]; m != 0; m &= m - 1 {
				v := w*64 + bits.TrailingZeros64(m)
				t := float32(tc[v]) / routeUnit
				if tc[v] == routeInf || t >= bc {
					continue
				}
				d := from.Dist(rt.nodes[v])
				if d < 1e-2 {
					continue // it stands there
				}
				if c := d*(1+float32(lead[v])/routeSlow) + t; c < bc {
					best, bc = v, c
				}
			}
		}
		if best < 0 {
			break
		}
		tried[best/64] |= 1 << (best % 64)
		if rt.clear(from, rt.nodes[best]) {
			return rt.nodes[best]
		}
	}
	return from
}

// pathLen returns the length of the way from from to to (+Inf when there
// is none): straight, or through the nodes, ignoring what the ground
// costs.
func (rt *router) pathLen(from, to geom.Vec) float32 {
	var l float32
	p := from
	for k := 0; k < 64; k++ {
		q := rt.way(p, to)
		if q == p {
			break
		}
		l += p.Dist(q)
		if q == to {
			return l
		}
		p = q
	}
	return float32(math.Inf(1))
}
