package geom

import (
	"math"
	"math/rand/v2"
	"sync"
	"testing"
)

// walk moves a base from `from` toward `to` in steps of at most step
// inches toward Next, failing the test if any step overlaps a blocked
// shape. It returns the final position and the distance walked.
func walk(t *testing.T, nv *Nav, blocked []Shape, r float32, from, to Vec, step float32, maxSteps int) (Vec, float32) {
	t.Helper()
	pos := from
	var walked float32
	for i := 0; i < maxSteps && pos != to; i++ {
		wp, _ := nv.Next(pos, to)
		d := wp.Sub(pos)
		l := d.Len()
		if l == 0 {
			break
		}
		nxt := wp
		if l > step {
			nxt = pos.Add(d.Scale(step / l))
		}
		for j := range blocked {
			if _, hit := blocked[j].SweepHits(pos, nxt, r); hit {
				t.Fatalf("step %d from %v to %v (heading %v) runs into shape %d", i, pos, nxt, wp, j)
			}
			if blocked[j].OverlapsCircle(nxt, r) {
				t.Fatalf("step %d ends at %v overlapping shape %d", i, nxt, j)
			}
		}
		walked += nxt.Dist(pos)
		pos = nxt
	}
	return pos, walked
}

func TestNavWall(t *testing.T) {
	wall := []Shape{NewRect(6, 12, 18, 12.5)}
	nv := BuildNav(24, 24, 0.5, 0.5, wall, nil)
	from, to := V(12, 6), V(12, 18)

	wp, direct := nv.Next(from, to)
	if direct || wp == to {
		t.Fatalf("Next = %v %v, want a detour", wp, direct)
	}
	if wp.X > 6 && wp.X < 18 && wp.Y > 11 {
		t.Errorf("first waypoint %v is not toward an end of the wall", wp)
	}
	pos, walked := walk(t, nv, wall, 0.5, from, to, 2, 100)
	if pos != to {
		t.Fatalf("walk stopped at %v, want %v", pos, to)
	}
	l := nv.PathLen(from, to)
	if !(l > 12 && l < 12+2*6+2) {
		t.Errorf("PathLen = %v, want in (12, 26)", l)
	}
	// Going round either end of the wall with a 0.5" base: about
	// 2*|(12,6)-(5.5,12)| = 17.7.
	if l < 17.5 || l > 19 {
		t.Errorf("PathLen = %v, want about 17.7-18.5", l)
	}
	if walked < l-0.5 || walked > l+1 {
		t.Errorf("walked %v but PathLen %v", walked, l)
	}
	if got := nv.PathLen(to, from); math.Abs(float64(got-l)) > 0.3 {
		t.Errorf("PathLen back = %v, there %v", got, l)
	}
	// A clear line is direct, even with a grid.
	if wp, direct := nv.Next(V(2, 2), V(22, 4)); !direct || wp != V(22, 4) {
		t.Errorf("clear Next = %v %v", wp, direct)
	}
	if got := nv.PathLen(V(2, 2), V(5, 6)); !near(got, 5) {
		t.Errorf("clear PathLen = %v, want 5", got)
	}
}

func TestNavOpenGround(t *testing.T) {
	var nilNav *Nav
	empty := BuildNav(24, 24, 0.5, 0.5, nil, nil)
	for name, nv := range map[string]*Nav{"nil": nilNav, "empty": empty} {
		wp, direct := nv.Next(V(1, 1), V(20, 21))
		if !direct || wp != V(20, 21) {
			t.Errorf("%s: Next = %v %v, want direct", name, wp, direct)
		}
		if got := nv.PathLen(V(0, 0), V(3, 4)); got != 5 {
			t.Errorf("%s: PathLen = %v, want 5", name, got)
		}
	}
	if nilNav.CellSize() != 0 || nilNav.OpenCells() != 0 {
		t.Errorf("nil Nav reports a grid")
	}
}

func TestNavUnreachable(t *testing.T) {
	// A closed box of walls around (12,12).
	box := []Shape{
		NewRect(8, 8, 16, 9), NewRect(8, 15, 16, 16),
		NewRect(8, 8, 9, 16), NewRect(15, 8, 16, 16),
	}
	nv := BuildNav(24, 24, 0.5, 0.5, box, nil)
	from, to := V(2, 12), V(12, 12)
	if l := nv.PathLen(from, to); !math.IsInf(float64(l), 1) {
		t.Errorf("PathLen into a closed box = %v, want +Inf", l)
	}
	pos, _ := walk(t, nv, box, 0.5, from, to, 2, 50)
	// It ends next to the box, as near the target as it can get.
	if d := pos.Dist(to); d > 5 {
		t.Errorf("stopped at %v, %v from the target", pos, d)
	}
	if got := nv.PathLen(V(2, 2), V(22, 22)); math.IsInf(float64(got), 0) || got < 28.28 {
		t.Errorf("PathLen around the box = %v", got)
	}
}

func TestNavDifficult(t *testing.T) {
	// A wall with a short way round on the left and a long one on the
	// right; difficult ground on the left makes the right way cheaper.
	wall := []Shape{NewRect(2, 12, 21, 12.5)}
	from, to := V(10, 6), V(10, 18)
	plain := BuildNav(24, 24, 0.5, 0.5, wall, nil)
	muddy := BuildNav(24, 24, 0.5, 0.5, wall, []Shape{NewRect(0, 0, 5, 24)})
	if wp, _ := plain.Next(from, to); wp.X >= 10 {
		t.Errorf("plain: first waypoint %v, want to the left", wp)
	}
	if wp, _ := muddy.Next(from, to); wp.X <= 10 {
		t.Errorf("difficult: first waypoint %v, want to the right", wp)
	}
	if muddy.OpenCells() > NavMaxOpenDifficult || muddy.CellSize() <= 0.5 {
		t.Errorf("difficult grid: %d cells of %v", muddy.OpenCells(), muddy.CellSize())
	}
	if plain.OpenCells() > NavMaxOpen || plain.CellSize() != 0.5 {
		t.Errorf("plain grid: %d cells of %v", plain.OpenCells(), plain.CellSize())
	}
	// PathLen ignores difficult cost: both take the short way, about
	// 2*|(10,6)-(1.5,12)| = 20.8.
	for name, nv := range map[string]*Nav{"plain": plain, "difficult": muddy} {
		if l := nv.PathLen(from, to); l < 20.5 || l > 22 {
			t.Errorf("%s: PathLen = %v, want about 21", name, l)
		}
	}
	walk(t, muddy, wall, 0.5, from, to, 2, 100)
}

func TestNavCoarsens(t *testing.T) {
	nv := BuildNav(24, 24, 0.25, 0.5, []Shape{NewRect(6, 12, 18, 12.5)}, nil)
	if nv.OpenCells() > NavMaxOpen || nv.CellSize() <= 0.25 {
		t.Errorf("grid: %d cells of %v", nv.OpenCells(), nv.CellSize())
	}
	if l := nv.PathLen(V(12, 6), V(12, 18)); l < 17.5 || l > 19.5 {
		t.Errorf("PathLen = %v", l)
	}
}

// scatterMap has blocked terrain of every kind.
func scatterMap(t testing.TB) []Shape {
	return []Shape{
		NewRect(6, 12, 18, 12.5),
		NewRect(3, 3, 5, 9),
		NewCircle(V(18, 5), 2),
		mustPoly(t, octagon(V(6, 18), 1.5)...),
		mustPoly(t, V(14, 16), V(20, 15), V(21, 19)),
		NewRect(11.8, 0, 12.2, 4),
	}
}

func TestNavRandomWalks(t *testing.T) {
	blocked := append(scatterMap(t), mustPoly(t, V(1, 20), V(1.2, 19.8), V(4, 22.6), V(3.8, 22.8)))
	grids := []struct{ cell, r float32 }{
		{0.5, 0.5},
		{1.5, 0.3},  // cells wider than the base: links must be checked
		{1, 1},      // big bases: narrow gaps close
		{0.75, 0.2}, // small bases
	}
	for _, g := range grids {
		nv := BuildNav(24, 24, g.cell, g.r, blocked, nil)
		rng := rand.New(rand.NewPCG(1, 2))
		free := func() Vec {
			for {
				p := V(g.r+rng.Float32()*(24-2*g.r), g.r+rng.Float32()*(24-2*g.r))
				ok := true
				for i := range blocked {
					if blocked[i].Dist(p) < g.r {
						ok = false
					}
				}
				if ok {
					return p
				}
			}
		}
		reached := 0
		for i := 0; i < 200; i++ {
			from, to := free(), free()
			l := nv.PathLen(from, to)
			if l < from.Dist(to)-tol {
				t.Fatalf("cell %v r %v: PathLen(%v, %v) = %v, shorter than straight", g.cell, g.r, from, to, l)
			}
			pos, walked := walk(t, nv, blocked, g.r, from, to, 2, 200)
			if math.IsInf(float64(l), 1) {
				continue
			}
			if pos != to {
				t.Fatalf("cell %v r %v: walk %v -> %v stopped at %v (PathLen %v)", g.cell, g.r, from, to, pos, l)
			}
			if walked > l*1.25+1 {
				t.Errorf("cell %v r %v: walk %v -> %v took %v, PathLen %v", g.cell, g.r, from, to, walked, l)
			}
			reached++
		}
		if reached < 150 {
			t.Errorf("cell %v r %v: only %d of 200 walks reachable", g.cell, g.r, reached)
		}
	}
}

func TestNavConcurrent(t *testing.T) {
	blocked := scatterMap(t)
	nv := BuildNav(24, 24, 0.5, 0.5, blocked, nil)
	want, _ := nv.Next(V(12, 6), V(12, 18))
	var wg sync.WaitGroup
	errs := make(chan Vec, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				if got, _ := nv.Next(V(12, 6), V(12, 18)); got != want {
					errs <- got
					return
				}
				nv.PathLen(V(2, 20), V(22, 2))
			}
		}()
	}
	wg.Wait()
	close(errs)
	for got := range errs {
		t.Errorf("concurrent Next = %v, want %v", got, want)
	}
}

func TestNavAllocs(t *testing.T) {
	nv := BuildNav(24, 24, 0.5, 0.5, scatterMap(t), nil)
	var sink Vec
	var sinkF float32
	checks := map[string]func(){
		"Next":        func() { wp, _ := nv.Next(V(12, 6), V(12, 18)); sink = sink.Add(wp) },
		"NextTarget":  func() { wp, _ := nv.Next(V(2, 2), V(12, 12.6)); sink = sink.Add(wp) },
		"PathLen":     func() { sinkF += nv.PathLen(V(12, 6), V(12, 18)) },
		"NextNil":     func() { wp, _ := (*Nav)(nil).Next(V(1, 1), V(2, 2)); sink = sink.Add(wp) },
		"PathLenLong": func() { sinkF += nv.PathLen(V(1, 23), V(23, 1)) },
	}
	for name, f := range checks {
		if n := testing.AllocsPerRun(50, f); n != 0 {
			t.Errorf("%s allocates %v times per call", name, n)
		}
	}
	_, _ = sink, sinkF
}

func BenchmarkNext(b *testing.B) {
	nv := BuildNav(24, 24, 0.5, 0.5, scatterMap(b), nil)
	var sink Vec
	for b.Loop() {
		wp, _ := nv.Next(V(12, 6), V(12, 18))
		sink = sink.Add(wp)
	}
	_ = sink
}

func BenchmarkPathLen(b *testing.B) {
	nv := BuildNav(24, 24, 0.5, 0.5, scatterMap(b), nil)
	var sink float32
	for b.Loop() {
		sink += nv.PathLen(V(12, 6), V(12, 18))
	}
	_ = sink
}

func BenchmarkBuildNav(b *testing.B) {
	blocked := scatterMap(b)
	for b.Loop() {
		BuildNav(24, 24, 0.5, 0.5, blocked, nil)
	}
}

func BenchmarkBuildNavDifficult(b *testing.B) {
	blocked := scatterMap(b)
	difficult := []Shape{NewRect(0, 14, 4, 24), NewCircle(V(20, 20), 3)}
	for b.Loop() {
		BuildNav(24, 24, 0.5, 0.5, blocked, difficult)
	}
}

// BuildNav keeps the grids it built last: the same arguments give the same
// grid, equal to one built afresh; other arguments another; a grid pushed
// out of the cache is built again.
func TestNavCache(t *testing.T) {
	wall := []Shape{NewRect(11, 0, 13, 20)}
	a := BuildNav(24, 24, 0.5, 0.5, wall, nil)
	if b := BuildNav(24, 24, 0.5, 0.5, []Shape{NewRect(11, 0, 13, 20)}, nil); b != a {
		t.Error("the same arguments built a second grid")
	}
	fresh := buildNav(24, 24, 0.5, 0.5, wall, nil)
	for _, p := range [][2]Vec{{V(2, 2), V(22, 2)}, {V(5, 10), V(20, 18)}, {V(1, 23), V(23, 1)}} {
		wa, da := a.Next(p[0], p[1])
		wf, df := fresh.Next(p[0], p[1])
		if wa != wf || da != df || a.PathLen(p[0], p[1]) != fresh.PathLen(p[0], p[1]) {
			t.Errorf("%v to %v: the kept grid answers %v %v %v, a fresh one %v %v %v",
				p[0], p[1], wa, da, a.PathLen(p[0], p[1]), wf, df, fresh.PathLen(p[0], p[1]))
		}
	}
	for _, other := range []*Nav{
		BuildNav(24, 24, 0.5, 0.75, wall, nil),
		BuildNav(24, 24, 0.5, 0.5, wall, []Shape{NewCircle(V(5, 5), 2)}),
		BuildNav(24, 24, 0.5, 0.5, []Shape{NewRect(11, 0, 13, 21)}, nil),
	} {
		if other == a {
			t.Error("other arguments gave the same grid")
		}
	}
	for i := range navCacheSize {
		BuildNav(24, 24, 0.5, 1+float32(i)/10, wall, nil)
	}
	if c := BuildNav(24, 24, 0.5, 0.5, wall, nil); c == a {
		t.Errorf("the grid was kept after %d others were built", navCacheSize)
	}
}

// The hop table gives the step downhill would weigh out, on grids with
// and without difficult cells, for every open cell and many goals and
// points aimed at, where one step alone is cheapest and where several tie.
func TestNavHopMatchesDownhill(t *testing.T) {
	blocked := scatterMap(t)
	difficult := []Shape{NewCircle(V(12, 12), 3), NewRect(2, 2, 6, 5)}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, diff := range [][]Shape{nil, difficult} {
		nv := buildNav(24, 24, 0.75, 0.5, blocked, diff)
		hopped, ties := 0, 0
		for i := 0; i < 40; i++ {
			g := int32(rng.IntN(nv.n))
			row := nv.route[int(g)*nv.n : int(g)*nv.n+nv.n]
			for u := int32(0); u < int32(nv.n); u++ {
				to := V(rng.Float32()*24, rng.Float32()*24)
				want := nv.downhill(u, row, nv.stepR, to)
				if got := nv.nextOnRoute(u, g, row, nv.stepR, nv.hop, to); got != want {
					t.Fatalf("goal %d, cell %d, aiming at %v: hop gives %d, downhill %d", g, u, to, got, want)
				}
				if set := nv.hop[int(g)*nv.n+int(u)]; set&(set-1) != 0 {
					ties++
				} else {
					hopped++
				}
			}
		}
		if hopped == 0 || ties == 0 {
			t.Errorf("difficult %v: %d cells read from the table, %d ties: both should occur", diff != nil, hopped, ties)
		}
	}
}

// A search for the nearest open cell starts past the rings that hold
// none: it finds the cell a search of every cell finds, nearest first
// and the first of equals in the rings' order.
func TestNavNearestBareRings(t *testing.T) {
	blocked := append(scatterMap(t), NewRect(0, 14, 9, 24), NewRect(15, 0, 24, 3))
	nv := buildNav(24, 24, 0.5, 0.6, blocked, nil)
	rng := rand.New(rand.NewPCG(11, 2))
	for q := 0; q < 1000; q++ {
		p := V(rng.Float32()*26-1, rng.Float32()*26-1)
		gi := int(nv.cellIndex(p))
		cx, cy := gi%nv.cols, gi/nv.cols
		best, bestD := int32(-1), float32(math.MaxFloat32)
		for k := 0; k <= max(nv.cols, nv.rows); k++ {
			for y := cy - k; y <= cy+k; y++ {
				for x := cx - k; x <= cx+k; x++ {
					if max(x-cx, cx-x, y-cy, cy-y) != k || x < 0 || y < 0 || x >= nv.cols || y >= nv.rows {
						continue
					}
					if i := nv.open[y*nv.cols+x]; i >= 0 && nv.centres[i].Sub(p).Len2() < bestD {
						best, bestD = i, nv.centres[i].Sub(p).Len2()
					}
				}
			}
		}
		if got := nv.nearest(p, false, -1, nil, max(nv.cols, nv.rows)); got != best {
			t.Fatalf("%v (bare rings %d): nearest open cell %d, every cell searched gives %d", p, nv.bare[gi], got, best)
		}
	}
}

// NextIn remembers the goal cell of its last search in the scratch and
// uses it for the next search toward the same point from a cell that
// reaches the same cells: every answer is Next's, whatever the scratch
// saw before (other points, other grids, starts walled off from the
// last), and a base that has come to a waypoint (a cell's centre) starts
// from that cell as Next would find it.
func TestNavNextInRemembersGoal(t *testing.T) {
	// The scatter map with a closed box of walls around (12, 6): starts
	// inside it reach other cells than starts outside.
	blocked := append(scatterMap(t), NewRect(9, 4.5, 15, 5), NewRect(9, 8, 15, 8.5), NewRect(9, 4.5, 9.5, 8.5), NewRect(14.5, 4.5, 15, 8.5))
	navs := []*Nav{BuildNav(24, 24, 0.5, 0.5, blocked, nil), BuildNav(24, 24, 0.75, 0.3, blocked, nil)}
	rng := rand.New(rand.NewPCG(7, 8))
	point := func() Vec { return V(rng.Float32()*24, rng.Float32()*24) }
	var sc NavScratch
	used, centres := 0, 0
	for q := 0; q < 400; q++ {
		nv := navs[rng.IntN(len(navs))]
		from, to := point(), point()
		if q%5 == 0 {
			to = V(12, 6.5) // inside the box
		}
		// A move of several legs toward one point, each leg ending at its
		// waypoint, as a base that is not stopped on the way ends.
		for leg := 0; leg < 6; leg++ {
			before := sc.nv == nv && sc.to == to
			got, gotDirect := nv.NextIn(from, to, &sc)
			want, wantDirect := nv.Next(from, to)
			if got != want || gotDirect != wantDirect {
				t.Fatalf("query %d leg %d: NextIn(%v, %v) = %v, %v; Next gives %v, %v", q, leg, from, to, got, gotDirect, want, wantDirect)
			}
			if before && !gotDirect {
				used++
			}
			if i := nv.open[nv.cellIndex(from)]; i >= 0 && nv.centres[i] == from {
				centres++
				if s := nv.source(from); nv.clear(from, from) && s != i {
					t.Fatalf("a base at the centre of open cell %d, clear there, starts from cell %d", i, s)
				}
			}
			if gotDirect || got == from {
				break
			}
			from = got
		}
	}
	if used == 0 || centres == 0 {
		t.Errorf("%d searches from a remembered goal, %d from a cell's centre: both should occur", used, centres)
	}
}
