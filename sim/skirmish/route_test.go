package skirmish

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"balance/sim/geom"
)

// follow walks the router's way from a to b, leg by leg: the points it
// passes, ending at b when it gets there.
func follow(rt *router, a, b geom.Vec) []geom.Vec {
	way := []geom.Vec{a}
	for k := 0; k < 40; k++ {
		q := rt.way(a, b)
		if q == a {
			break
		}
		way = append(way, q)
		if q == b {
			break
		}
		a = q
	}
	return way
}

func wayLen(way []geom.Vec) float32 {
	var l float32
	for k := 1; k < len(way); k++ {
		l += way[k-1].Dist(way[k])
	}
	return l
}

// Every leg of a way slides clear of the pieces, and the way gets to any
// goal a base fits at and some way reaches, on random tables.
func TestRouteLegsAreClear(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for table := 0; table < 30; table++ {
		var blocked []geom.Shape
		for k := 0; k < 2+rng.IntN(6); k++ {
			x, y := 2+rng.Float32()*20, 2+rng.Float32()*20
			if rng.IntN(3) == 0 {
				blocked = append(blocked, geom.NewCircle(geom.V(x, y), 0.5+rng.Float32()*1.5))
			} else {
				blocked = append(blocked, geom.NewRect(x, y, x+0.5+rng.Float32()*5, y+0.5+rng.Float32()*5))
			}
		}
		r := []float32{0.5, 1}[table%2]
		rt := buildRouter(24, 24, r, blocked, nil)
		reached, tried := 0, 0
		for q := 0; q < 60; q++ {
			a := geom.V(r+rng.Float32()*(24-2*r), r+rng.Float32()*(24-2*r))
			b := geom.V(r+rng.Float32()*(24-2*r), r+rng.Float32()*(24-2*r))
			if !rt.fits(a) || !rt.fits(b) {
				continue
			}
			tried++
			way := follow(rt, a, b)
			for k := 1; k < len(way); k++ {
				if !rt.clear(way[k-1], way[k]) {
					t.Fatalf("table %d: leg %v→%v of the way %v→%v overlaps a piece", table, way[k-1], way[k], a, b)
				}
			}
			if way[len(way)-1] == b {
				reached++
				if l, d := wayLen(way), a.Dist(b); l < d-1e-3 {
					t.Fatalf("table %d: a way of %v shorter than the straight line %v", table, l, d)
				}
			}
		}
		// A goal may be walled in; almost every one is not.
		if reached < tried*9/10 {
			t.Errorf("table %d: %d of %d ways got to their goal", table, reached, tried)
		}
	}
}

// The way goes straight when it can, round the nearer end of a wall, and
// through a gap a base fits through.
func TestRouteShapes(t *testing.T) {
	wall := geom.NewRect(4, 10, 20, 11)
	rt := buildRouter(24, 24, 0.5, []geom.Shape{wall}, nil)
	if q := rt.way(geom.V(2, 2), geom.V(22, 2)); q != geom.V(22, 2) {
		t.Errorf("nothing in the way: heads for %v", q)
	}
	way := follow(rt, geom.V(17, 5), geom.V(17, 16))
	if way[len(way)-1] != geom.V(17, 16) || way[1].X < 20 {
		t.Errorf("round the wall's nearer end (x = 20): %v", way)
	}
	// Within 10% of the shortest way around: tangent to the wall's
	// corners grown by the base (0.5"), and along its 1" end.
	tangent := func(p, c geom.Vec) float32 { return float32(math.Sqrt(float64(p.Sub(c).Len2() - 0.25))) }
	if l, best := wayLen(way), tangent(geom.V(17, 5), geom.V(20, 10))+1+tangent(geom.V(17, 16), geom.V(20, 11)); l > best*1.1 {
		t.Errorf("a way of %v round the wall's end; the shortest is about %v: %v", l, best, way)
	}
	// A 1.2" gap between two walls lets a base of 0.5" through.
	gap := buildRouter(24, 24, 0.5, []geom.Shape{geom.NewRect(0, 10, 11.4, 11), geom.NewRect(12.6, 10, 24, 11)}, nil)
	way = follow(gap, geom.V(12, 5), geom.V(12, 16))
	if way[len(way)-1] != geom.V(12, 16) || wayLen(way) > 11.5 {
		t.Errorf("through the gap: %v (%v\")", way, wayLen(way))
	}
	// A 0.9" gap does not: the way goes round the end.
	shut := buildRouter(24, 24, 0.5, []geom.Shape{geom.NewRect(0, 10, 11.55, 11), geom.NewRect(12.45, 10, 20, 11)}, nil)
	way = follow(shut, geom.V(12, 5), geom.V(12, 16))
	if way[len(way)-1] != geom.V(12, 16) || way[1].X < 20 {
		t.Errorf("no way through a 0.9\" gap: %v", way)
	}
}

// Difficult ground costs double: the way round the west end of a piece,
// 4.6" shorter than round the east end but with 6.3" of it across water
// (the east one 0.3"), gives way to the east one. (With 4" of water, 4.2"
// of the way, the west way is still the cheaper by 0.4".)
func TestRouteAvoidsDifficultGround(t *testing.T) {
	block := geom.NewRect(8, 10, 16, 11)
	water := geom.NewRect(0, 3, 11, 9) // across the way round the west end, and the east one's start
	rt := buildRouter(24, 24, 0.5, []geom.Shape{block}, []geom.Shape{water})
	way := follow(rt, geom.V(10, 2), geom.V(10, 16))
	if way[1].X < 12 {
		t.Errorf("went round the west end, across the water: %v", way)
	}
	dry := buildRouter(24, 24, 0.5, []geom.Shape{block}, nil)
	if way := follow(dry, geom.V(10, 2), geom.V(10, 16)); way[1].X > 12 {
		t.Errorf("without the water the west end is nearer: took %v", way)
	}
}

// A goal a base cannot stand at (touching the piece it goes around) is
// approached as near as a way gets, then straight on; no way out of a
// walled-in place leaves the figure where it is.
func TestRouteUnreachableGoal(t *testing.T) {
	box := geom.NewRect(10, 10, 14, 14)
	rt := buildRouter(24, 24, 0.5, []geom.Shape{box}, nil)
	goal := geom.V(12, 14.2) // a base there overlaps the box
	way := follow(rt, geom.V(12, 4), goal)
	end := way[len(way)-1]
	if end.Dist(goal) > 0.75 {
		t.Errorf("the way toward a goal against the box ends %v from it: %v", end.Dist(goal), way)
	}
	// Walled in by four walls: no way out.
	walls := []geom.Shape{geom.NewRect(5, 5, 19, 6), geom.NewRect(5, 18, 19, 19), geom.NewRect(5, 5, 6, 19), geom.NewRect(18, 5, 19, 19)}
	in := buildRouter(24, 24, 0.5, walls, nil)
	if q := in.way(geom.V(12, 12), geom.V(2, 2)); q != geom.V(12, 12) {
		t.Errorf("walled in, heads for %v", q)
	}
	if l := in.pathLen(geom.V(12, 12), geom.V(2, 2)); !math.IsInf(float64(l), 1) {
		t.Errorf("walled in, a way of %v", l)
	}
}

// clear answers what sweeping the base against every piece answers: the
// pieces it passes over unasked (off the leg's box, or wholly on one
// side of its line) are never touched, on random tables and legs,
// many of them grazing a piece.
func TestRouteClearMatchesSweeps(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	f32 := func(lo, hi float32) float32 { return lo + rng.Float32()*(hi-lo) }
	asked := 0
	for table := 0; table < 24; table++ {
		var blocked []geom.Shape
		for k := 0; k < 2+rng.IntN(6); k++ {
			x, y := f32(2, 22), f32(2, 22)
			switch rng.IntN(3) {
			case 0:
				blocked = append(blocked, geom.NewCircle(geom.V(x, y), f32(0.5, 2)))
			case 1:
				blocked = append(blocked, geom.NewRect(x, y, x+f32(0.5, 5), y+f32(0.5, 5)))
			default:
				if s, err := geom.NewPoly(geom.V(x, y), geom.V(x+f32(1, 4), y+f32(-1, 1)), geom.V(x+f32(0, 3), y+f32(1, 4))); err == nil {
					blocked = append(blocked, s)
				}
			}
		}
		r := []float32{0.5, 1, 0.25}[table%3]
		rt := buildRouter(24, 24, r, blocked, nil)
		for q := 0; q < 3000; q++ {
			a := geom.V(f32(0, 24), f32(0, 24))
			var b geom.Vec
			if q%2 == 0 {
				b = geom.V(f32(0, 24), f32(0, 24))
			} else {
				// Aimed past a piece's corner, at about the base's
				// distance.
				s := &blocked[rng.IntN(len(blocked))]
				c := []geom.Vec{s.Min, s.Max, geom.V(s.Min.X, s.Max.Y), geom.V(s.Max.X, s.Min.Y)}[rng.IntN(4)]
				b = c.Add(geom.Dir(uint8(rng.IntN(256))).Scale(r + f32(-2e-3, 2e-3)))
				b = a.Add(b.Sub(a).Scale(f32(1, 2)))
			}
			want := true
			for k := range blocked {
				if _, hit := blocked[k].SweepHits(a, b, r); hit {
					want = false
				}
			}
			if got := rt.clear(a, b); got != want {
				t.Fatalf("table %d: %v→%v clear %v, the sweeps say %v", table, a, b, got, want)
			}
			asked++
		}
	}
	t.Logf("%d legs", asked)
}

// The proxy of each cell no way reaches is the one a look at every cell
// finds: the nearest reached cell, the first of the nearest, on random
// tables with pieces by the edges (where a cell's point is pushed off
// its cell).
func TestRouteProxiesAreTheNearest(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for table := 0; table < 12; table++ {
		var blocked []geom.Shape
		for k := 0; k < 3+rng.IntN(6); k++ {
			x, y := rng.Float32()*20, rng.Float32()*20
			if rng.IntN(3) == 0 {
				blocked = append(blocked, geom.NewCircle(geom.V(x, y), 0.5+rng.Float32()*2))
			} else {
				blocked = append(blocked, geom.NewRect(x, y, x+0.5+rng.Float32()*6, y+0.5+rng.Float32()*6))
			}
		}
		r := []float32{0.5, 1, 1.5}[table%3]
		rt := buildRouter(24, 24, r, blocked, nil)
		nc := rt.cols * rt.rows
		stood := 0
		for c := 0; c < nc; c++ {
			if rt.proxy[c] == int32(c) {
				continue
			}
			stood++
			want, bd := int32(-1), float32(math.Inf(1))
			ctr := rt.centre(c)
			for o := 0; o < nc; o++ {
				if rt.proxy[o] == int32(o) && !rt.lost[o] {
					if d := rt.point[o].Sub(ctr).Len2(); d < bd {
						want, bd = int32(o), d
					}
				}
			}
			if rt.proxy[c] != want {
				t.Fatalf("table %d, cell %d: proxy %d, the nearest reached cell %d", table, c, rt.proxy[c], want)
			}
		}
		if stood == 0 {
			t.Fatalf("table %d: no cell stood in for", table)
		}
	}
}

// A cell's ways are worked out on its first ask: two routers of the same
// table, one asked from one goroutine in one order and one from four
// goroutines at once in other orders, give every way alike, and each
// cell the first was asked for holds the same in both.
func TestRouteCellsFilledOnAskAlike(t *testing.T) {
	blocked := []geom.Shape{geom.NewRect(4, 10, 20, 11), geom.NewCircle(geom.V(8, 18), 2), geom.NewRect(14, 3, 17, 7)}
	diff := []geom.Shape{geom.NewRect(2, 2, 8, 6)}
	one := buildRouter(24, 24, 0.5, blocked, diff)
	many := buildRouter(24, 24, 0.5, blocked, diff)
	rng := rand.New(rand.NewPCG(5, 6))
	type query struct{ a, b geom.Vec }
	qs := make([]query, 400)
	for k := range qs {
		qs[k] = query{geom.V(0.5+rng.Float32()*23, 0.5+rng.Float32()*23), geom.V(0.5+rng.Float32()*23, 0.5+rng.Float32()*23)}
	}
	want := make([]geom.Vec, len(qs))
	for k, q := range qs {
		want[k] = one.way(q.a, q.b)
	}
	got := make([][]geom.Vec, 4)
	var wg sync.WaitGroup
	for g := range got {
		got[g] = make([]geom.Vec, len(qs))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range qs {
				k := (n + 97*g) % len(qs) // each goroutine its own order
				if g%2 == 1 {
					k = len(qs) - 1 - k
				}
				got[g][k] = many.way(qs[k].a, qs[k].b)
			}
		}()
	}
	wg.Wait()
	for g := range got {
		for k := range qs {
			if got[g][k] != want[k] {
				t.Fatalf("goroutine %d, way %v→%v: heads for %v, alone %v", g, qs[k].a, qs[k].b, got[g][k], want[k])
			}
		}
	}
	// The cells filled hold the same in both.
	n := len(one.nodes)
	filled := 0
	for c := range one.filled {
		if !one.filled[c].Load() {
			continue
		}
		filled++
		tc, turn, lead := slices.Clone(one.toCell[c*n:(c+1)*n]), slices.Clone(one.turn[c*one.words:(c+1)*one.words]), slices.Clone(one.lead[c*n:(c+1)*n])
		ftc, fturn, flead := many.cellWays(c)
		if !slices.Equal(tc, ftc) || !slices.Equal(turn, fturn) || !slices.Equal(lead, flead) {
			t.Fatalf("cell %d: the two routers' ways differ", c)
		}
	}
	if filled == 0 {
		t.Fatal("no cell was asked")
	}
}

// A table the same seen from either edge (turned half a turn, or
// reflected across its middle) has the same ways seen from either edge:
// the way from T(a) to T(b) is the image of the way from a to b, for
// points on the half-inch lattice (on the lines between the router's
// cells, as the data's points often are), unless two ways cost the same.
// A mirror match on such a table is even only so.
func TestRouteMirrored(t *testing.T) {
	const w = 24
	turn := func(p geom.Vec) geom.Vec { return geom.V(w-p.X, w-p.Y) }
	flip := func(p geom.Vec) geom.Vec { return geom.V(p.X, w-p.Y) }
	rng := rand.New(rand.NewPCG(7, 8))
	half := func(lo, span int) float32 { return float32(lo+rng.IntN(2*span+1)) / 2 }
	cost := func(rt *router, way []geom.Vec) float32 {
		var c float32
		for k := 1; k < len(way); k++ {
			c += rt.cost(way[k-1], way[k])
		}
		return c
	}
	asked, ties := 0, 0
	for table := 0; table < 12; table++ {
		T, name := turn, "turned"
		if table%3 == 2 {
			T, name = flip, "reflected"
		}
		var blocked, diff []geom.Shape
		for k := 0; k < 2+rng.IntN(4); k++ {
			var s geom.Shape
			if x, y := half(2, 18), half(2, 18); rng.IntN(3) == 0 {
				s = geom.NewCircle(geom.V(x, y), half(1, 2))
			} else {
				s = geom.NewRect(x, y, min(x+half(1, 8), 22), min(y+half(1, 4), 22))
			}
			var img geom.Shape
			if s.Kind == geom.Circle {
				img = geom.NewCircle(T(s.C), s.R)
			} else {
				a, b := T(s.Min), T(s.Max)
				img = geom.NewRect(a.X, a.Y, b.X, b.Y)
			}
			if k == 0 {
				diff = append(diff, s, img)
			} else {
				blocked = append(blocked, s, img)
			}
		}
		r := []float32{0.5, 1}[table%2]
		rt := buildRouter(w, w, r, blocked, diff)
		stands := func(p, toward geom.Vec) bool { // the cell's own centre stands for p
			c := rt.cellOf(p, toward)
			return rt.proxy[c] == int32(c) && rt.point[c] == rt.centre(c)
		}
		for q := 0; q < 400; q++ {
			a, b := geom.V(half(1, 22), half(1, 22)), geom.V(half(1, 22), half(1, 22))
			if !rt.fits(a) || !rt.fits(b) || !stands(a, b) || !stands(b, a) || (a.Y == w/2 && b.Y == w/2) || (a.X == w/2 && b.X == w/2) {
				continue
			}
			asked++
			got, want := rt.way(T(a), T(b)), T(rt.way(a, b))
			if got.Dist(want) < 1e-3 {
				continue
			}
			if c, cm := cost(rt, follow(rt, a, b)), cost(rt, follow(rt, T(a), T(b))); math.Abs(float64(c-cm)) < 1e-2 {
				ties++
				continue
			}
			t.Fatalf("table %d (%s), base %v: from %v to %v heads for %v; from %v to %v for %v, not its image %v",
				table, name, r, a, b, rt.way(a, b), T(a), T(b), got, want)
		}
	}
	t.Logf("%d ways asked, %d of them ties", asked, ties)
	if asked < 1000 || ties > asked/50 {
		t.Errorf("%d ways asked, %d of them ties", asked, ties)
	}
}
