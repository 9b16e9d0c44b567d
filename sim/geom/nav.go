package geom

import (
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// Navigation grid limits and units.
const (
	// NavMaxOpen is the largest number of open cells BuildNav keeps when it
	// stores one distance table (n*n uint16, about 11.5 MB at the limit,
	// with n*n bytes more of next steps, about 5.8 MB).
	NavMaxOpen = 2400
	// NavMaxOpenDifficult is the limit when difficult terrain needs a
	// second table (path cost and plain length), keeping both under 12 MB.
	NavMaxOpenDifficult = 1730

	navUnits   = 8      // table units per cell width
	navInf     = 0xFFFF // unreachable
	navPathCap = 256    // cells of a grid path examined per query
	navMaxLegs = 64     // straight legs PathLen follows before estimating
	navBuckets = 24     // > largest step cost (23: diagonal between difficult cells)
)

// Grid moves: E, NE, N, NW, W, SW, S, SE. Direction k and k^4 are opposite.
var (
	navDX = [8]int{1, 1, 0, -1, -1, -1, 0, 1}
	navDY = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
)

// Nav is a navigation grid for moving bases of one clearance radius around
// blocking (Impassable) terrain. It is built once per scenario by BuildNav
// and is read-only afterwards, so any number of goroutines may query it
// concurrently. A nil *Nav stands for open ground.
//
// The board [0,w]x[0,h] is cut into square cells. A cell is closed when a
// base of radius clearance centred in it would overlap a blocking shape,
// and two neighbouring open cells (8-neighbourhood) are linked when the
// base can slide straight between their centres. Cells whose centre lies in
// difficult terrain cost double to cross. Shortest-path distances between
// all pairs of open cells are stored as uint16 in units of cell/8, one
// table weighted by difficult cost for choosing routes and, when any open
// cell is difficult, a second unweighted one for PathLen.
type Nav struct {
	w, h       float32
	cell       float32
	clearance  float32
	cols, rows int
	blocked    []Shape

	n       int      // open cells
	open    []int32  // grid cell -> open index, -1 when closed
	grid    []int32  // open index -> grid cell
	nbr     []int32  // open index*8+k -> neighbour open index, -1 when not linked
	stepR   []uint8  // route step costs, parallel to nbr
	stepL   []uint8  // length step costs, parallel to nbr
	route   []uint16 // n*n route costs (difficult counts double)
	length  []uint16 // n*n plain lengths; shares route when nothing is difficult
	centres []Vec    // open index -> cell centre
	visK    int      // ring radius searched for a cell in sight of a point
	// bare holds, for each grid cell, how many square rings around it
	// (the cell itself the first) hold no open cell: a search for the
	// nearest open cell starts past them.
	bare []uint8
	// near says which blocked shapes a base of radius clearance may
	// touch near a point or along a segment (nil: test them all).
	near *ShapeIndex
	// hop holds, for each goal cell g and open cell u (at g*n+u), the
	// steps from u (bit k: neighbour k) that come next on a cheapest
	// route to g, so that a route is walked without weighing every
	// neighbour of every cell along it.
	hop []uint8
	// still[i]: a base at the centre of open cell i is clear where it
	// stands (clear from the centre to itself), as source asks of a base
	// that has come to a waypoint.
	still []bool
}

// BuildNav builds the navigation grid for a w x h board with square cells
// of size cell (0.5 if cell <= 0), for bases of radius clearance, around
// the blocked shapes, with difficult shapes doubling the cost of cells
// whose centre they contain. When the open cells would exceed NavMaxOpen
// (NavMaxOpenDifficult when some open cell is difficult) the cell size is
// increased automatically; CellSize reports the size used.
//
// With no blocked shapes every move is direct and no grid is built. The
// tables are filled with one Dijkstra (bucket queue) per open cell, spread
// over GOMAXPROCS goroutines.
func BuildNav(w, h, cell, clearance float32, blocked []Shape, difficult []Shape) *Nav {
	key := navKey{w, h, cell, clearance, fmt.Sprint(blocked, difficult)}
	return navs.get(key, func() *Nav { return buildNav(w, h, cell, clearance, blocked, difficult) })
}

// navKey is what a grid is built from: BuildNav's arguments.
type navKey struct {
	w, h, cell, clearance float32
	shapes                string // the blocked and difficult shapes, printed
}

// navCacheSize is how many grids BuildNav keeps (each up to about 12 MB),
// and how many indexes NewShapeIndex keeps: the compilations of one
// Adversary and pack on every map, or of the points of a sweep, build the
// same grids again and again (98% of the time of 'balance validate' went
// into building them).
const navCacheSize = 6

// navs is BuildNav's cache of the grids built most recently.
var navs buildCache[*Nav]

// buildCache keeps the last navCacheSize values built (grids, indexes),
// most recent first. A value is read-only once built, so one may serve any
// number of scenarios.
type buildCache[V any] struct {
	mu      sync.Mutex
	entries []cacheEntry[V]
}

type cacheEntry[V any] struct {
	key navKey
	val V
}

// get returns the value of key, built by build when it is not kept.
func (c *buildCache[V]) get(key navKey, build func() V) V {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, e := range c.entries {
		if e.key == key {
			copy(c.entries[1:i+1], c.entries[:i])
			c.entries[0] = e
			return e.val
		}
	}
	v := build()
	if len(c.entries) < navCacheSize {
		c.entries = append(c.entries, cacheEntry[V]{})
	}
	copy(c.entries[1:], c.entries)
	c.entries[0] = cacheEntry[V]{key, v}
	return v
}

// buildNav is BuildNav without the cache.
func buildNav(w, h, cell, clearance float32, blocked []Shape, difficult []Shape) *Nav {
	nv := &Nav{w: w, h: h, cell: cell, clearance: clearance}
	if !(cell > 0) {
		nv.cell = 0.5
	}
	if len(blocked) == 0 || !(w > 0) || !(h > 0) {
		return nv
	}
	nv.blocked = append([]Shape(nil), blocked...)
	nv.near = NewShapeIndex(w, h, clearance, nv.blocked)

	// Start no finer than 16x the open-cell budget, then coarsen until the
	// open cells fit.
	if c := float32(math.Sqrt(float64(w*h) / (16 * NavMaxOpen))); nv.cell < c {
		nv.cell = c
	}
	var diff []bool
	for {
		nv.layout()
		diff = diff[:0]
		anyDiff := false
		for _, g := range nv.grid {
			c := nv.cellCentre(g)
			d := false
			for i := range difficult {
				if difficult[i].Contains(c) {
					d = true
					break
				}
			}
			anyDiff = anyDiff || d
			diff = append(diff, d)
		}
		limit := NavMaxOpen
		if anyDiff {
			limit = NavMaxOpenDifficult
		}
		if nv.n <= limit {
			nv.links(diff)
			nv.tables(anyDiff)
			break
		}
		nv.cell *= float32(math.Sqrt(float64(nv.n)/float64(limit))) * 1.01
	}
	nv.visK = int(math.Ceil(float64(2*nv.clearance/nv.cell))) + 2
	nv.still = make([]bool, nv.n)
	for i, c := range nv.centres {
		nv.still[i] = nv.clear(c, c)
	}
	nv.bare = make([]uint8, len(nv.open))
	for g := range nv.bare {
		k := 0
		for k < math.MaxUint8 && k <= max(nv.cols, nv.rows) && !nv.ringOpen(g%nv.cols, g/nv.cols, k) {
			k++
		}
		if k > max(nv.cols, nv.rows) {
			k = math.MaxUint8 // no open cell at all
		}
		nv.bare[g] = uint8(k)
	}
	return nv
}

// ringOpen reports whether the square ring k cells out from grid cell
// (cx, cy) holds an open cell.
func (nv *Nav) ringOpen(cx, cy, k int) bool {
	for y := max(cy-k, 0); y <= min(cy+k, nv.rows-1); y++ {
		dx := 1
		if y != cy-k && y != cy+k {
			dx = 2 * k
		}
		for x := cx - k; x <= cx+k; x += dx {
			if x >= 0 && x < nv.cols && nv.open[y*nv.cols+x] >= 0 {
				return true
			}
		}
	}
	return false
}

// layout sizes the grid for the current cell size and finds the open
// cells.
func (nv *Nav) layout() {
	nv.cols = max(1, int(math.Ceil(float64(nv.w/nv.cell))))
	nv.rows = max(1, int(math.Ceil(float64(nv.h/nv.cell))))
	nv.open = make([]int32, nv.cols*nv.rows)
	nv.grid = nv.grid[:0]
	nv.centres = nv.centres[:0]
	for g := range nv.open {
		c := nv.cellCentre(int32(g))
		closed := false
		for i := range nv.blocked {
			if nv.blocked[i].OverlapsCircle(c, nv.clearance) {
				closed = true
				break
			}
		}
		if closed {
			nv.open[g] = -1
			continue
		}
		nv.open[g] = int32(len(nv.grid))
		nv.grid = append(nv.grid, int32(g))
		nv.centres = append(nv.centres, c)
	}
	nv.n = len(nv.grid)
}

// links connects neighbouring open cells a base can slide between and sets
// the step costs.
func (nv *Nav) links(diff []bool) {
	n := nv.n
	nv.nbr = make([]int32, n*8)
	nv.stepR = make([]uint8, n*8)
	nv.stepL = make([]uint8, n*8)
	for i := range nv.nbr {
		nv.nbr[i] = -1
	}
	for i := 0; i < n; i++ {
		g := int(nv.grid[i])
		x, y := g%nv.cols, g/nv.cols
		for k := 0; k < 4; k++ {
			nx, ny := x+navDX[k], y+navDY[k]
			if nx < 0 || ny < 0 || nx >= nv.cols || ny >= nv.rows {
				continue
			}
			j := nv.open[ny*nv.cols+nx]
			if j < 0 || !nv.clear(nv.centres[i], nv.centres[j]) {
				continue
			}
			// Half of the step is in each cell; a difficult cell doubles
			// its half.
			base := float64(navUnits)
			if k&1 == 1 {
				base *= math.Sqrt2
			}
			m := 2
			if diff[i] {
				m++
			}
			if diff[j] {
				m++
			}
			r := uint8(math.Round(base / 2 * float64(m)))
			l := uint8(math.Round(base))
			nv.nbr[i*8+k], nv.stepR[i*8+k], nv.stepL[i*8+k] = j, r, l
			o := int(j)*8 + (k ^ 4)
			nv.nbr[o], nv.stepR[o], nv.stepL[o] = int32(i), r, l
		}
	}
}

// tables fills the all-pairs distance tables.
func (nv *Nav) tables(twoTables bool) {
	n := nv.n
	nv.route = make([]uint16, n*n)
	nv.length = nv.route
	if twoTables {
		nv.length = make([]uint16, n*n)
	}
	nv.hop = make([]uint8, n*n)
	workers := min(runtime.GOMAXPROCS(0), n)
	var src atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var q dial
			for {
				s := int(src.Add(1) - 1)
				if s >= n {
					return
				}
				q.run(int32(s), nv.nbr, nv.stepR, nv.route[s*n:(s+1)*n])
				nv.hops(nv.route[s*n:(s+1)*n], nv.hop[s*n:(s+1)*n])
				if twoTables {
					q.run(int32(s), nv.nbr, nv.stepL, nv.length[s*n:(s+1)*n])
				}
			}
		}()
	}
	wg.Wait()
}

// hops fills out, the hop row of a goal cell, from its route row: for
// each open cell, the steps that come next on a cheapest route to the
// goal, the cheapest as downhill weighs them.
func (nv *Nav) hops(row []uint16, out []uint8) {
	for u := 0; u < nv.n; u++ {
		var set uint8
		bestV := math.MaxInt
		for k := 0; k < 8; k++ {
			v := nv.nbr[u*8+k]
			if v < 0 || row[v] == navInf {
				continue
			}
			switch val := int(nv.stepR[u*8+k]) + int(row[v]); {
			case val < bestV:
				set, bestV = 1<<k, val
			case val == bestV:
				set |= 1 << k
			}
		}
		out[u] = set
	}
}

// dial is a bucket-queue Dijkstra for small integer step costs.
type dial struct{ b [navBuckets][]int32 }

// run writes the shortest distances from src to every open cell into out.
func (q *dial) run(src int32, nbr []int32, step []uint8, out []uint16) {
	for i := range out {
		out[i] = navInf
	}
	for i := range q.b {
		q.b[i] = q.b[i][:0]
	}
	out[src] = 0
	q.b[0] = append(q.b[0], src)
	pending := 1
	for d := 0; pending > 0; d++ {
		bi := d % navBuckets
		for j := 0; j < len(q.b[bi]); j++ {
			u := q.b[bi][j]
			pending--
			if int(out[u]) != d {
				continue // superseded entry
			}
			for k := int(u) * 8; k < int(u)*8+8; k++ {
				v := nbr[k]
				if v < 0 {
					continue
				}
				// Step costs are 8..23 < navBuckets, so the bucket being
				// scanned is never appended to.
				if nd := d + int(step[k]); nd < int(out[v]) {
					out[v] = uint16(nd)
					q.b[nd%navBuckets] = append(q.b[nd%navBuckets], v)
					pending++
				}
			}
		}
		q.b[bi] = q.b[bi][:0]
	}
}

// CellSize returns the cell size in inches the grid was built with (after
// any automatic coarsening), or 0 for a nil Nav.
func (nv *Nav) CellSize() float32 {
	if nv == nil {
		return 0
	}
	return nv.cell
}

// OpenCells returns the number of open grid cells (0 for a nil Nav or a
// map without blocking terrain).
func (nv *Nav) OpenCells() int {
	if nv == nil {
		return 0
	}
	return nv.n
}

// Next returns the point to head for when moving a base from `from`
// toward `to` around blocking terrain. If a base of radius clearance can
// slide straight from `from` to `to` without overlapping a blocking shape
// it returns (to, true). Otherwise it follows the cheapest grid path from
// the cell of `from` and returns the centre of the farthest cell along it
// that is still in straight clear sight of `from`, with direct false. When
// `to` cannot be reached it heads for the reachable cell nearest to `to`;
// once there it returns that cell's centre. A nil Nav returns (to, true).
func (nv *Nav) Next(from, to Vec) (wp Vec, direct bool) {
	if nv == nil || len(nv.blocked) == 0 {
		return to, true
	}
	var sc NavScratch
	wp, direct, _ = nv.step(from, to, nv.route, nv.stepR, nv.hop, &sc.win, nil)
	return wp, direct
}

// NextIn is Next with the memory its search keeps the path in lent by the
// caller (sc), so that it is not cleared at every call: a caller that
// moves bases many times keeps one NavScratch (one per goroutine).
func (nv *Nav) NextIn(from, to Vec, sc *NavScratch) (wp Vec, direct bool) {
	if nv == nil || len(nv.blocked) == 0 {
		return to, true
	}
	wp, direct, _ = nv.step(from, to, nv.route, nv.stepR, nv.hop, &sc.win, sc)
	return wp, direct
}

// NavScratch is the memory NextIn's search works in, and what it keeps of
// the last search toward a point: the goal cell found for it, which the
// next leg of a move toward the same point finds again (from a cell the
// goal is reached from, the same cell: goal's answer depends on where a
// path starts only through which cells it reaches).
type NavScratch struct {
	win [navPathCap / 2]int32
	// the goal cell g (ok: in sight of to) of the last search on nv's
	// route table toward to, from a start reaching cell s; nv nil: none
	nv     *Nav
	to     Vec
	s, g   int32
	goalOK bool
}

// PathLen returns the length in inches of the shortest path for a base
// from `from` to `to` around blocking terrain, ignoring difficult cost: the
// straight distance when the way is clear, otherwise the length of the
// grid path pulled taut between cells in clear sight of each other. It is
// +Inf when `to` cannot be reached. A nil Nav returns the straight
// distance.
func (nv *Nav) PathLen(from, to Vec) float32 {
	if nv == nil || len(nv.blocked) == 0 {
		return from.Dist(to)
	}
	pos := from
	var total float32
	var sc NavScratch
	for leg := 0; leg < navMaxLegs; leg++ {
		wp, direct, ok := nv.step(pos, to, nv.length, nv.stepL, nil, &sc.win, nil)
		if !ok {
			return float32(math.Inf(1))
		}
		total += pos.Dist(wp)
		if direct {
			return total
		}
		if wp == pos {
			break
		}
		pos = wp
	}
	// Many turns: finish with the table distance.
	s := nv.source(pos)
	g, ok := nv.goal(to, s, nv.length)
	if s < 0 || !ok {
		return float32(math.Inf(1))
	}
	rest := float32(nv.length[int(g)*nv.n+int(s)]) * nv.cell / navUnits
	return total + pos.Dist(nv.centres[s]) + rest + nv.centres[g].Dist(to)
}

// step is Next over a chosen table, with its hop table (nil: none). ok is
// false when `to` is unreachable (no open cell in clear sight of it can be
// reached).
//
// With memo (NextIn's scratch), the goal cell is remembered there and the
// one remembered used when it holds: the same point, from a cell that
// reaches the remembered start.
func (nv *Nav) step(from, to Vec, tab []uint16, cost []uint8, hop []uint8, win *[navPathCap / 2]int32, memo *NavScratch) (wp Vec, direct, ok bool) {
	wall := -1 // the wall that last stopped a sight test
	if nv.clearFirst(from, to, &wall) {
		return to, true, true
	}
	s := nv.source(from)
	if s < 0 {
		return from, false, false
	}
	var g int32
	if memo != nil && memo.nv == nv && memo.to == to && tab[int(memo.s)*nv.n+int(s)] != navInf {
		g, ok = memo.g, memo.goalOK
	} else {
		g, ok = nv.goal(to, s, tab)
		// The last of goal's answers, s itself, depends on s, not only
		// on the cells it reaches: not remembered.
		if memo != nil && (ok || g != s) {
			memo.nv, memo.to, memo.s, memo.g, memo.goalOK = nv, to, s, g, ok
		}
	}
	row := tab[int(g)*nv.n : int(g)*nv.n+nv.n]

	// Walk the grid path from s toward g, checking sight from `from` at
	// path indices 1, 2, 4, 8, ... and at the end, then bisect between the
	// last cell seen and the first one hidden. Only the cells from index
	// lo on are kept (win[i-lo] is the path's cell i): a check passed at
	// index c makes lo = c, and the next is at 2c, so no more than
	// navPathCap/2 cells are ever kept, and half the array is cleared.
	// (win: the caller's memory, nothing in it read before it is written)
	win[0] = s
	plen, cur := 1, s
	lo, hi, check := 0, -1, 1
	// The goal's hop row, read here for the usual single step (as
	// nextOnRoute does).
	var hrow []uint8
	if hop != nil {
		hrow = hop[int(g)*nv.n : int(g)*nv.n+nv.n]
	}
	for cur != g && plen < navPathCap {
		if hrow == nil {
			cur = nv.downhill(cur, row, cost, to)
		} else if set := hrow[cur]; set&(set-1) != 0 {
			cur = nv.nearestStep(cur, set, to)
		} else if set != 0 {
			cur = nv.nbr[int(cur)*8+bits.TrailingZeros8(set)]
		} else {
			cur = -1
		}
		if cur < 0 {
			break
		}
		win[plen-lo] = cur
		plen++
		if plen-1 == check {
			if !nv.clearFirst(from, nv.centres[cur], &wall) {
				hi = check
				break
			}
			lo = check
			win[0] = cur
			check *= 2
		}
	}
	base := lo // win[i-base] is the path's cell i from here on
	if hi < 0 && plen-1 > lo {
		if nv.clearFirst(from, nv.centres[win[plen-1-base]], &wall) {
			lo = plen - 1
		} else {
			hi = plen - 1
		}
	}
	for hi >= 0 && hi-lo > 1 {
		mid := (lo + hi) / 2
		if nv.clearFirst(from, nv.centres[win[mid-base]], &wall) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return nv.centres[win[lo-base]], false, ok
}

// nextOnRoute returns downhill(u, row, cost, to), the row being goal cell
// g's, from the hop table when there is one: of the steps it names, the
// one to the cell nearest to `to`, the first of equals.
func (nv *Nav) nextOnRoute(u, g int32, row []uint16, cost []uint8, hop []uint8, to Vec) int32 {
	if hop == nil {
		return nv.downhill(u, row, cost, to)
	}
	set := hop[int(g)*nv.n+int(u)]
	if set&(set-1) == 0 { // one step, or none
		if set == 0 {
			return -1
		}
		return nv.nbr[int(u)*8+bits.TrailingZeros8(set)]
	}
	return nv.nearestStep(u, set, to)
}

// nearestStep returns, of the steps from open cell u in set (bit k:
// neighbour k), the one to the cell nearest to `to`, the first of equals.
func (nv *Nav) nearestStep(u int32, set uint8, to Vec) int32 {
	best := int32(-1)
	var bestD float32
	for ; set != 0; set &= set - 1 {
		v := nv.nbr[int(u)*8+bits.TrailingZeros8(set)]
		if d := nv.centres[v].Sub(to).Len2(); best < 0 || d < bestD {
			best, bestD = v, d
		}
	}
	return best
}

// downhill returns the neighbour of open cell u that comes next on a
// cheapest path to the cell whose distance row is given, preferring the
// neighbour nearest to `to` among equals; -1 if none.
func (nv *Nav) downhill(u int32, row []uint16, cost []uint8, to Vec) int32 {
	best := int32(-1)
	bestV := math.MaxInt
	var bestD float32
	for k := int(u) * 8; k < int(u)*8+8; k++ {
		v := nv.nbr[k]
		if v < 0 || row[v] == navInf {
			continue
		}
		val := int(cost[k]) + int(row[v])
		if val > bestV {
			continue
		}
		d := nv.centres[v].Sub(to).Len2()
		if val < bestV || d < bestD {
			best, bestV, bestD = v, val, d
		}
	}
	return best
}

// source returns the open cell a base at p starts its path from: its own
// cell if open and in clear sight, else the nearest open cell in sight,
// else the nearest open cell; -1 when there are none.
func (nv *Nav) source(p Vec) int32 {
	if nv.n == 0 {
		return -1
	}
	if i := nv.open[nv.cellIndex(p)]; i >= 0 {
		if c := nv.centres[i]; p == c && nv.still[i] || p != c && nv.clear(p, c) {
			return i
		}
	}
	if i := nv.nearest(p, true, -1, nil, nv.visK); i >= 0 {
		return i
	}
	return nv.nearest(p, false, -1, nil, max(nv.cols, nv.rows))
}

// goal returns the open cell a path from open cell s toward p should end
// at: p's own cell or the nearest cell in clear sight of p, reachable from
// s (ok true); failing that, the reachable cell nearest to p (ok false).
func (nv *Nav) goal(p Vec, s int32, tab []uint16) (int32, bool) {
	if i := nv.open[nv.cellIndex(p)]; i >= 0 && tab[int(s)*nv.n+int(i)] != navInf &&
		nv.clear(nv.centres[i], p) {
		return i, true
	}
	if i := nv.nearest(p, true, s, tab, nv.visK); i >= 0 {
		return i, true
	}
	if i := nv.nearest(p, false, s, tab, max(nv.cols, nv.rows)); i >= 0 {
		return i, false
	}
	return s, false
}

// nearest searches square rings of cells around p, out to maxK rings, for
// the open cell whose centre is nearest to p, optionally requiring clear
// sight between the centre and p and reachability from open cell src
// (src >= 0). It returns -1 when no cell qualifies.
func (nv *Nav) nearest(p Vec, sight bool, src int32, tab []uint16, maxK int) int32 {
	if sight && nv.deep(p) {
		return -1 // no open cell is in clear sight of p
	}
	gi := int(nv.cellIndex(p))
	cx, cy := gi%nv.cols, gi/nv.cols
	best := int32(-1)
	bestD := float32(math.MaxFloat32)
	for k := int(nv.bare[gi]); k <= maxK; k++ {
		// Every centre in ring k is at least (k-0.5) cells from p.
		if lb := (float32(k) - 0.5) * nv.cell; best >= 0 && lb > 0 && lb*lb >= bestD {
			break
		}
		for y := cy - k; y <= cy+k; y++ {
			if y < 0 || y >= nv.rows {
				continue
			}
			dx := 1
			if y != cy-k && y != cy+k {
				dx = 2 * k
			}
			for x := cx - k; x <= cx+k; x += dx {
				if x < 0 || x >= nv.cols {
					continue
				}
				i := nv.open[y*nv.cols+x]
				if i < 0 || (src >= 0 && tab[int(src)*nv.n+int(i)] == navInf) {
					continue
				}
				d := nv.centres[i].Sub(p).Len2()
				if d >= bestD || (sight && !nv.clear(nv.centres[i], p)) {
					continue
				}
				best, bestD = i, d
			}
		}
	}
	return best
}

// deepMargin is how far inside the clearance of a blocked shape a point
// must lie for deep to vouch for it, well above float32 rounding.
const deepMargin = 1e-3

// deep reports whether a base of radius clearance at p would overlap a
// blocked shape by clearly more than Eps: then no open cell is in clear
// sight of p (clear fails from every open cell centre, which stands at
// least clearance-Eps from every shape, toward p), and the ring search
// for one can be skipped.
func (nv *Nav) deep(p Vec) bool {
	lim := nv.clearance - Eps - deepMargin
	if nv.near == nil {
		for i := range nv.blocked {
			if nv.deepIn(i, p, lim) {
				return true
			}
		}
		return false
	}
	for set := nv.near.Point(p, nv.clearance); set != 0; set &= set - 1 {
		if nv.deepIn(bits.TrailingZeros64(set), p, lim) {
			return true
		}
	}
	return false
}

// deepIn reports whether p lies closer than lim to blocked shape i.
func (nv *Nav) deepIn(i int, p Vec, lim float32) bool {
	s := &nv.blocked[i]
	// Outside the bounding box grown by lim, the shape is farther.
	if p.X <= s.Min.X-lim || p.X >= s.Max.X+lim || p.Y <= s.Min.Y-lim || p.Y >= s.Max.Y+lim {
		return false
	}
	return s.Dist(p) < lim
}

// clear reports whether a base of radius clearance can slide from a to b
// without overlapping any blocking shape.
func (nv *Nav) clear(a, b Vec) bool {
	first := -1
	return nv.clearFirst(a, b, &first)
}

// clearFirst is clear testing shape *first (when >= 0) before the others,
// and setting *first to the shape that stops the base, if one does: the
// sight tests along one route meet the same wall again and again, and the
// answer does not depend on the order.
func (nv *Nav) clearFirst(a, b Vec, first *int) bool {
	if nv.near == nil {
		for i := range nv.blocked {
			if nv.blocked[i].SweepOverlaps(a, b, nv.clearance) {
				return false
			}
		}
		return true
	}
	// The wall that stopped the last test first, before the index is
	// read (a shape the index would leave out does not stop the base
	// either); then only the shapes the base may come near.
	f := *first
	if f >= 0 && nv.blocked[f].SweepOverlaps(a, b, nv.clearance) {
		return false
	}
	s := nv.near.Segment(a, b, nv.clearance)
	if f >= 0 {
		s &^= 1 << f
	}
	for ; s != 0; s &= s - 1 {
		if i := bits.TrailingZeros64(s); nv.blocked[i].SweepOverlaps(a, b, nv.clearance) {
			*first = i
			return false
		}
	}
	return true
}

// cellIndex returns the grid cell containing p, clamped to the grid.
func (nv *Nav) cellIndex(p Vec) int32 {
	return int32(gridCoord(p.Y/nv.cell, nv.rows)*nv.cols + gridCoord(p.X/nv.cell, nv.cols))
}

// gridCoord converts a coordinate in cells to an index in [0, n).
func gridCoord(v float32, n int) int {
	if !(v >= 0) { // negative or NaN
		return 0
	}
	if v >= float32(n) {
		return n - 1
	}
	return int(v)
}

// cellCentre returns the centre of grid cell g.
func (nv *Nav) cellCentre(g int32) Vec {
	x, y := int(g)%nv.cols, int(g)/nv.cols
	return Vec{(float32(x) + 0.5) * nv.cell, (float32(y) + 0.5) * nv.cell}
}
