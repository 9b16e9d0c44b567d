package horizon

import (
	"testing"
)

// P-1: on an open board, a Sneak reaches the 3²−1 = 8 squares around the
// hunter and a Sprint the 5²−1 = 24 squares within 2, each by at most two
// king moves, diagonals costing 1.
func TestMovementReach(t *testing.T) {
	b := mustBoard(t, openLayout(2, 2))
	c := cell(t, b, 2, 2)
	sneak := b.Reach(c, 1) &^ (1 << c)
	sprint := b.Reach(c, 2) &^ (1 << c)
	if ones(sneak) != 8 || ones(sprint) != 24 {
		t.Fatalf("sneak %d squares, sprint %d squares; want 8 and 24", ones(sneak), ones(sprint))
	}
	for j := 0; j < b.N; j++ {
		d := int(b.Cheb[c][j])
		if in := sprint&(1<<j) != 0; in != (d >= 1 && d <= 2) {
			t.Errorf("square %s at distance %d: in sprint reach %v", b.Name(j), d, in)
		}
		if int(b.Path[c][j]) != d {
			t.Errorf("open board: route to %s %d, squares %d", b.Name(j), b.Path[c][j], d)
		}
	}
}

// TV-03: the Watcher two squares away (also diagonally) needs a ranged
// weapon of range 2; range 1 cannot reach it, range 0 only the hunter's
// own square.
func TestRangeExample(t *testing.T) {
	b := mustBoard(t, openLayout(2, 1))
	for _, w := range [][2]int{{2, 1}, {2, 2}} {
		hc, ec := cell(t, b, 0, 0), cell(t, b, w[0], w[1])
		hunters := []Loadout{testLoadout("Carja Warrior", cArrow, cArrow, cArrow, cArrow, cArrow)}
		sc := testScenario(t, b, hunters, [][2]int{{mWatcher, ec}}, 1)
		h := newHuntAt(sc, &script{}, hc)
		for _, r := range []struct {
			rng   uint8
			legal bool
		}{{0, false}, {1, false}, {2, true}, {3, true}} {
			sc.Hunters[0].Weapons[0].Range = r.rng
			a := Attack(RangedAttack, 0, 0)
			a.Ammo = 0
			if got := h.Legal(0, &a); got != r.legal {
				t.Errorf("Watcher at %v, range %d: legal %v, want %v", w, r.rng, got, r.legal)
			}
		}
		// range 0: only the same square
		sc.Hunters[0].Weapons[0].Range = 0
		h.E[0].Cell = uint8(hc)
		a := Attack(RangedAttack, 0, 0)
		a.Ammo = 0
		if !h.Legal(0, &a) {
			t.Errorf("range 0 in the same square: not legal")
		}
		// Sneak reaches the 8 neighbours; a Sprint may turn after its first square
		if got := ones(b.Adj[hc] | 1<<hc); got != 4 {
			t.Errorf("corner square: %d squares within a Sneak", got)
		}
		sprint := Action{Kind: Sprint, Path: [2]uint8{uint8(cell(t, b, 1, 1)), uint8(cell(t, b, 2, 1))}}
		if !h.Legal(0, &sprint) {
			t.Errorf("a sprint turning after one square is not legal")
		}
		bad := Action{Kind: Sprint, Path: [2]uint8{uint8(cell(t, b, 1, 1)), uint8(cell(t, b, 3, 1))}}
		if h.Legal(0, &bad) {
			t.Errorf("a sprint of 3 squares is legal")
		}
	}
}

// Line of sight: an L of three tiles; the segment from one arm to the
// other leaves the area, a segment along the inside corner does not.
func TestLineOfSight(t *testing.T) {
	l := &Layout{Tiles: []Placement{
		{Name: "a", X: 0, Y: 0, Start: true}, {Name: "b", X: 3, Y: 0}, {Name: "c", X: 0, Y: 3},
	}}
	b := mustBoard(t, l)
	los := func(x0, y0, x1, y1 int) bool { return b.LOS[cell(t, b, x0, y0)]&(1<<cell(t, b, x1, y1)) != 0 }
	for _, c := range []struct {
		x0, y0, x1, y1 int
		want           bool
	}{
		{0, 0, 5, 0, true},  // along the top
		{5, 0, 0, 5, true},  // the long diagonal runs through corner points only, between area squares
		{5, 2, 2, 5, false}, // crosses the missing tile
		{4, 2, 2, 4, false}, // crosses the missing square (3,3)
		{3, 2, 2, 3, true},  // through the inside corner point (3,3) exactly
		{3, 0, 3, 0, true},  // same square
	} {
		if got := los(c.x0, c.y0, c.x1, c.y1); got != c.want {
			t.Errorf("LOS (%d,%d)-(%d,%d) = %v, want %v", c.x0, c.y0, c.x1, c.y1, got, c.want)
		}
		if los(c.x0, c.y0, c.x1, c.y1) != los(c.x1, c.y1, c.x0, c.y0) {
			t.Errorf("LOS (%d,%d)-(%d,%d) is not symmetric", c.x0, c.y0, c.x1, c.y1)
		}
	}
	// The route inside the L from one arm to the other bends round the corner.
	if p, d := b.Path[cell(t, b, 5, 2)][cell(t, b, 2, 5)], b.Cheb[cell(t, b, 5, 2)][cell(t, b, 2, 5)]; p != 5 || d != 3 {
		t.Errorf("L: route %d, squares %d", p, d)
	}
	if p := b.Path[cell(t, b, 5, 0)][cell(t, b, 0, 5)]; p != 5 {
		t.Errorf("L: route corner to corner %d, want 5", p)
	}
}

// a diagonal step between two squares whose orthogonal neighbours
// are both outside the area is allowed by default and refused by the rule.
func TestDiagonalPastCorner(t *testing.T) {
	l := &Layout{Tiles: []Placement{{Name: "a", X: 0, Y: 0, Start: true}, {Name: "b", X: 3, Y: 3}}}
	a, c := func(b *Board) (int, int) { return b.At(2, 2), b.At(3, 3) }(mustBoard(t, l))
	b := mustBoard(t, l)
	if b.Adj[a]&(1<<c) == 0 {
		t.Fatal("the diagonal across the corner is not a step by default")
	}
	l.NoDiagonalPastCorner = true
	b = mustBoard(t, l)
	if b.Adj[a]&(1<<c) != 0 {
		t.Fatal("the diagonal across the corner is a step under the rule")
	}
}

// Tiles turn about their centre; so do their arrows and spawn points.
func TestTileTurn(t *testing.T) {
	var side TileSide
	side[0][1] = TileCell{Arrow: E, Spawn: SpawnA, Grass: true} // top middle, pointing east
	for q, want := range []struct {
		x, y int
		dir  Dir
	}{{1, 0, E}, {2, 1, S}, {1, 2, W}, {0, 1, N}} {
		b := mustBoard(t, &Layout{Tiles: []Placement{{Name: "t", Side: side, Turn: q, Start: true}}})
		c := cell(t, b, want.x, want.y)
		if b.Arrow[c] != want.dir || b.Spawn[c] != SpawnA || b.Grass&(1<<c) == 0 {
			t.Errorf("turn %d: square (%d,%d) has arrow %s spawn %d grass %v", q, want.x, want.y, DirNames[b.Arrow[c]], b.Spawn[c], b.Grass&(1<<c) != 0)
		}
	}
	if _, err := NewBoard(&Layout{Tiles: []Placement{{Name: "a"}, {Name: "b", X: 2}}}); err == nil {
		t.Error("overlapping tiles: no error")
	}
}

// Patrol routes follow the arrows across tiles and end where an arrow
// points off the area, at a square without an arrow, or when they loop.
func TestPatrolRoute(t *testing.T) {
	var a, b2 TileSide
	for c := 0; c < 3; c++ {
		a[1][c].Arrow = E
		b2[1][c].Arrow = E
	}
	b2[1][2].Arrow = NoDir
	a[0][0] = TileCell{Arrow: S}
	b := mustBoard(t, &Layout{Tiles: []Placement{{Name: "a", Side: a, Start: true}, {Name: "b", Side: b2, X: 3}}})
	route := b.Route(cell(t, b, 0, 0))
	if len(route) != 7 || int(route[6]) != cell(t, b, 5, 1) {
		t.Fatalf("route %v", route)
	}
	if b.Next[cell(t, b, 5, 1)] != NoCell {
		t.Fatal("the square without an arrow has a patrol step")
	}
	b3 := mustBoard(t, &Layout{Tiles: []Placement{{Name: "a", Side: a, Start: true}}})
	if b3.Next[cell(t, b3, 2, 1)] != OffBoard {
		t.Fatal("an arrow pointing out of the area does not leave it")
	}
}

// Edge squares: any of the eight neighbours missing (the default), or an
// orthogonal one under the rule.
func TestEdges(t *testing.T) {
	b := mustBoard(t, openLayout(2, 2))
	if ones(b.Edge) != 36-16 {
		t.Fatalf("%d edge squares on a 6×6 area", ones(b.Edge))
	}
	l := &Layout{Tiles: []Placement{{Name: "a", Start: true}, {Name: "b", X: 3}, {Name: "c", Y: 3}}}
	eight := mustBoard(t, l)
	l.EdgeOrthogonal = true
	four := mustBoard(t, l)
	c := cell(t, eight, 2, 2) // its diagonal neighbour (3,3) is outside
	if eight.Edge&(1<<c) == 0 || four.Edge&(1<<c) != 0 {
		t.Fatalf("inside corner: edge %v by 8 neighbours, %v by 4", eight.Edge&(1<<c) != 0, four.Edge&(1<<c) != 0)
	}
}
