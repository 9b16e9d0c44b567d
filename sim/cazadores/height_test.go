package cazadores

import (
	"testing"

	"balance/sim/geom"
)

// raisedPiece adds a piece with a height (and unstable, chasm) to sc.
func raisedPiece(sc *Scenario, s geom.Shape, t Terrain, height float32, unstable, chasm bool) {
	addPiece(sc, s, t)
	mp := &sc.Map
	pc := &mp.Pieces[mp.NPieces-1]
	pc.Height, pc.Unstable, pc.Chasm = height, unstable, chasm
	mp.NoteHeight()
}

// heightHunt is a lone Cazador at from, the Son out of the way in the
// north-east corner, on a map with terrain.
func heightHunt(terrain func(sc *Scenario), rules func(r *Rules), from geom.Vec) *Hunt {
	h := spaceHunt(1, false, func(sc *Scenario) {
		if terrain != nil {
			terrain(sc)
		}
		if rules != nil {
			rules(&sc.Rules)
		}
	}, caz("A", wHand))
	h.M[h.Adv0].Pos = geom.V(21, 21)
	h.M[0].Pos = from
	return h
}

// Ch. 4, Climbing and Falling; Jumping and Leaving (R58): climbing onto a
// raised piece costs its height in movement (a climb that does not fit
// stops the move at its foot); climbing down costs it again, or with
// jump_down nothing (and a fall); a piece at most 1" tall and Impassable is
// leapt as if 0" tall; a chasm is jumped when the move carries the base to
// the far side, else the move stops at its edge.
func TestClimbLeapJump(t *testing.T) {
	ledge := func(height float32) func(sc *Scenario) {
		return func(sc *Scenario) { raisedPiece(sc, geom.NewRect(6, 4, 18, 6), 0, height, false, false) }
	}
	wall := func(height float32) func(sc *Scenario) {
		return func(sc *Scenario) {
			raisedPiece(sc, geom.NewRect(6, 4, 18, 4.5), Impassable|Blocking, height, false, false)
		}
	}
	chasm := func(sc *Scenario) { raisedPiece(sc, geom.NewRect(6, 4, 18, 5), Impassable, 0, false, true) }
	jump := func(r *Rules) { r.JumpDown = true }
	r := float32(packR)
	for _, c := range []struct {
		name      string
		terrain   func(sc *Scenario)
		rules     func(r *Rules)
		from      float32 // y; x is 12, the move goes north to y 12
		budget    float32
		wantY     float32
		wantElev  float32
		climbs    int
		leaps     int
		falls     int
		wantMoved float32
	}{
		{"flat", nil, nil, 2, 5, 7, 0, 0, 0, 0, 5},
		{"climb 2\" onto a ledge", ledge(2), nil, 2, 5, 5, 2, 1, 0, 0, 3},
		{"a 3.5\" climb does not fit: stops at the foot", ledge(3.5), nil, 2, 5, 4 - climbStep, 0, 0, 0, 0, 2 - climbStep},
		{"climb down 2\"", ledge(2), nil, 5, 5, 8, 0, 1, 0, 0, 3},
		{"jump down 2\" (jump_down)", ledge(2), jump, 5, 5, 10, 0, 1, 0, 1, 5},
		{"leap a 1\" wall", wall(1), nil, 2, 5, 7, 0, 0, 1, 0, 5},
		{"a wall with no height stops the move", wall(0), nil, 2, 5, 4 - r, 0, 0, 0, 0, 2 - r},
		{"a 1.5\" Impassable wall is not leapt", wall(1.5), nil, 2, 5, 4 - r, 0, 0, 0, 0, 2 - r},
		{"jump a 1\" chasm", chasm, nil, 2, 5, 7, 0, 0, 1, 0, 5},
		{"a chasm too wide for the move: stops at its edge", chasm, nil, 2, 3, 4 - r, 0, 0, 0, 0, 2 - r},
	} {
		h := heightHunt(c.terrain, c.rules, geom.V(12, c.from))
		l := traced(h)
		moved := h.travel(0, geom.V(12, 12), c.budget, -1, false)
		p := h.M[0].Pos
		if !near(p.Y, c.wantY, 0.02) || !near(p.X, 12, 1e-3) {
			t.Errorf("%s: ends at (%.3f, %.3f), want (12, %.3f)", c.name, p.X, p.Y, c.wantY)
		}
		if e := h.Elev(p); e != c.wantElev {
			t.Errorf("%s: stands %v\" up, want %v\"", c.name, e, c.wantElev)
		}
		if !near(moved, c.wantMoved, 0.06) {
			t.Errorf("%s: moved %.3f\", want %.3f\"", c.name, moved, c.wantMoved)
		}
		if n := len(l.of(EvClimb)); n != c.climbs {
			t.Errorf("%s: %d climbs traced, want %d", c.name, n, c.climbs)
		}
		if n := len(l.of(EvLeap)); n != c.leaps {
			t.Errorf("%s: %d leaps traced, want %d", c.name, n, c.leaps)
		}
		if n := len(l.of(EvFall)); n != c.falls {
			t.Errorf("%s: %d falls traced, want %d", c.name, n, c.falls)
		}
	}
}

// Ch. 4, Climbing and Falling (R58): a model struck on a raised piece (with
// fall_only_unstable, only an unstable one), or ending its Turn on an
// unstable one, lands on the ground beside it and suffers a Melee Attack of
// as many dice as the fall in inches against its Melee Defence: each
// Success a WND.
func TestFall(t *testing.T) {
	onlyUnstable := func(r *Rules) { r.FallOnlyUnstable = true }
	for _, c := range []struct {
		name     string
		height   float32
		unstable bool
		rules    func(r *Rules)
		how      string // "struck" or "end"
		falls    bool
	}{
		{"struck on a 2\" ledge", 2, false, nil, "struck", true},
		{"struck on a 4\" ledge", 4, false, nil, "struck", true},
		{"struck on a 2.5\" ledge", 2.5, false, nil, "struck", true},
		{"struck on a stable ledge, fall_only_unstable", 2, false, onlyUnstable, "struck", false},
		{"struck on an unstable ledge, fall_only_unstable", 3, true, onlyUnstable, "struck", true},
		{"ends its Turn on an unstable ledge", 3, true, nil, "end", true},
		{"ends its Turn on a stable ledge", 3, false, nil, "end", false},
	} {
		for seed := uint64(1); seed <= 20; seed++ {
			terrain := func(sc *Scenario) {
				raisedPiece(sc, geom.NewRect(6, 4, 18, 6), 0, c.height, c.unstable, false)
			}
			h := heightHunt(terrain, c.rules, geom.V(12, 5))
			h.M[0].Pos = geom.V(12, 5)
			l := traced(h)
			w0 := h.M[0].WND
			if c.how == "struck" {
				h.struck(0)
			} else {
				h.endOnUnstable(0)
			}
			f := l.of(EvFall)
			if !c.falls {
				if len(f) != 0 || h.Elev(h.M[0].Pos) != c.height || h.M[0].WND != w0 {
					t.Fatalf("%s: fell", c.name)
				}
				continue
			}
			if len(f) != 1 {
				t.Fatalf("%s: %d falls, want 1", c.name, len(f))
			}
			d := f[0].Dice
			if int(d.Pool) != int(c.height+0.5) || int(d.DT) != h.Defence(0, MeleeAttack) {
				t.Errorf("%s: the fall's attack rolls %d dice against DT %d, want %d against the Melee Defence %d",
					c.name, d.Pool, d.DT, int(c.height+0.5), h.Defence(0, MeleeAttack))
			}
			if lost := int(w0) - int(h.M[0].WND); lost != int(d.Successes) {
				t.Errorf("%s: %d WNDs lost, want the %d Successes", c.name, lost, d.Successes)
			}
			if h.Elev(h.M[0].Pos) != 0 || !h.freeAt(0, h.M[0].Pos, h.M[0].R) {
				t.Errorf("%s: lands at %v, %v\" up", c.name, h.M[0].Pos, h.Elev(h.M[0].Pos))
			}
		}
	}
}

// Ch. 2, Line of Sight and ch. 3, Cover with height (R58): a line whose
// higher end stands at least as high as a Blocking piece passes over it; a
// piece at most 1" tall blocks no line; a piece with no height blocks
// every line; Obscuring terrain crossed gives no Cover to a line from above
// it, but a defender standing in it keeps its Cover.
func TestHeightLineOfSight(t *testing.T) {
	wall := func(height float32) func(sc *Scenario) {
		return func(sc *Scenario) { raisedPiece(sc, geom.NewRect(6, 8.5, 18, 9), Blocking, height, false, false) }
	}
	hedge := func(height float32) func(sc *Scenario) {
		return func(sc *Scenario) { raisedPiece(sc, geom.NewRect(6, 8.5, 18, 9), Obscuring, height, false, false) }
	}
	tower := func(height float32) func(sc *Scenario) {
		return func(sc *Scenario) { raisedPiece(sc, geom.NewRect(10, 3, 14, 7), 0, height, false, false) }
	}
	both := func(a, b func(sc *Scenario)) func(sc *Scenario) {
		return func(sc *Scenario) { a(sc); b(sc) }
	}
	for _, c := range []struct {
		name       string
		terrain    func(sc *Scenario)
		los, cover bool
	}{
		{"a 2\" wall, both on the ground", wall(2), false, false},
		{"a 1\" wall, both on the ground", wall(1), true, false},
		{"a wall with no height, from a 3\" tower", both(wall(0), tower(3)), false, false},
		{"a 2\" wall, from a 2.5\" tower", both(wall(2), tower(2.5)), true, false},
		{"a 3\" wall, from a 2.5\" tower", both(wall(3), tower(2.5)), false, false},
		{"a 1.5\" hedge, both on the ground", hedge(1.5), true, true},
		{"a 1.5\" hedge, from a 2.5\" tower", both(hedge(1.5), tower(2.5)), true, false},
		{"a hedge with no height, from a 2.5\" tower", both(hedge(0), tower(2.5)), true, true},
	} {
		h := heightHunt(c.terrain, nil, geom.V(12, 5))
		adv := int(h.Adv0)
		h.M[adv].Pos = geom.V(12, 12)
		if h.LOS(0, adv) != c.los || h.LOS(adv, 0) != c.los {
			t.Errorf("%s: LOS %v / %v, want %v", c.name, h.LOS(0, adv), h.LOS(adv, 0), c.los)
		}
		if h.InCover(0, adv) != c.cover {
			t.Errorf("%s: Cover %v, want %v", c.name, h.InCover(0, adv), c.cover)
		}
	}
	// A defender standing in the hedge keeps its Cover from the tower.
	h := heightHunt(both(hedge(1.5), tower(2.5)), nil, geom.V(12, 5))
	h.M[h.Adv0].Pos = geom.V(12, 8.75)
	if !h.InCover(0, int(h.Adv0)) {
		t.Error("a defender in a hedge lost its Cover to a line from above")
	}
}
