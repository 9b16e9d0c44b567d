package cazadores

import (
	"math/rand/v2"
	"testing"

	"balance/sim/dice"
	"balance/sim/geom"
)

// spaceHunt deals a hunt of the given Pack against the Wandering Son (plus
// one Minion, a Sentry with RNG 1, when minion is set), with the extra
// terrain added first.
func spaceHunt(seed uint64, minion bool, terrain func(sc *Scenario), pack ...PackDef) *Hunt {
	sc := newScenario(pack...)
	if minion {
		sc.Adversary.Minions = []MinionDef{{Name: "Imp", Count: 1, Tree: Sentry,
			Stats: FoeStats{SPD: 5, ATK: 3, RNG: 1, DEF: 3, TER: 3, WND: 5}, BaseR: packR}}
		sc.Adversary.Minions[0].MinionActions()
	}
	if terrain != nil {
		terrain(sc)
	}
	h := newHunt(sc, seed)
	h.M[h.Adv0].Pos = geom.V(12, 12)
	return h
}

func TestEdgeDistance(t *testing.T) {
	h := soloHunt(1)
	adv := int(h.Adv0)
	h.M[0].Pos = geom.V(12, 6)
	if e := h.Edge(0, adv); !near(e, 6-packR-advR, 1e-4) {
		t.Fatalf("edge distance %v, want %v (centres 6\" apart less both radii)", e, 6-packR-advR)
	}
	h.M[0].Pos = geom.V(12, 11.5)
	if e := h.Edge(0, adv); e != 0 {
		t.Fatalf("overlapping bases: edge %v, want 0", e)
	}
}

// Ch. 2, Line of Sight (R38): Blocking terrain blocks it unless one of the
// three lines gets by; Hostile bases block it for the viewer, Friendly ones
// do not.
func TestLineOfSight(t *testing.T) {
	wall := func(sc *Scenario) { addPiece(sc, geom.NewRect(6, 8.5, 18, 9), Blocking) }
	post := func(sc *Scenario) { addPiece(sc, geom.NewCircle(geom.V(12, 9), 0.2), Blocking) }
	fog := func(sc *Scenario) { addPiece(sc, geom.NewRect(6, 8.5, 18, 9), Obscuring) }
	for _, c := range []struct {
		name    string
		terrain func(sc *Scenario)
		want    bool
	}{{"open", nil, true}, {"wall between", wall, false}, {"thin post on the centre line", post, true}, {"obscuring", fog, true}} {
		h := spaceHunt(1, false, c.terrain, caz("A", wBow))
		h.M[0].Pos = geom.V(12, 5)
		adv := int(h.Adv0)
		if h.LOS(0, adv) != c.want || h.LOS(adv, 0) != c.want {
			t.Errorf("%s: LOS %v / %v, want %v both ways", c.name, h.LOS(0, adv), h.LOS(adv, 0), c.want)
		}
	}
	// Models in the way: a Hostile base blocks the viewer, a Friendly one not.
	h := spaceHunt(1, true, nil, caz("A", wBow), caz("B", wHand))
	adv, imp := int(h.Adv0), int(h.Adv0+h.NAdv)
	h.M[0].Pos = geom.V(12, 4)
	h.M[1].Pos = geom.V(12, 8)    // a Friend between the Cazador and the Son
	h.M[imp].Pos = geom.V(20, 20) // the Minion out of the way
	if !h.LOS(0, adv) {
		t.Error("a Friendly base blocked LOS")
	}
	h.M[1].Pos = geom.V(2, 2)
	h.M[adv].R = 0.3 // a small Son behind a big Minion
	h.M[imp].R = 2
	h.M[imp].Pos = geom.V(12, 8)
	if h.LOS(0, adv) {
		t.Error("a Hostile base wider than the view did not block LOS")
	}
}

// Ch. 3, Cover (R39): the centre line through Obscuring terrain, or the
// defender standing in it, gives Disadvantage to Melee and Shooting
// Attacks.
func TestCover(t *testing.T) {
	for _, c := range []struct {
		name    string
		piece   geom.Shape
		anyLine bool
		want    dice.Adv
	}{
		{"open ground", geom.Shape{}, false, dice.Normal},
		{"across the centre line", geom.NewRect(8, 8.5, 16, 9), false, dice.Disadvantage},
		{"defender standing in it", geom.NewCircle(geom.V(12, 12), 1), false, dice.Disadvantage},
		{"beside the centre line", geom.NewRect(12.5, 8.5, 16, 9), false, dice.Normal},
		{"beside the centre line, any_line", geom.NewRect(12.5, 8.5, 16, 9), true, dice.Disadvantage},
	} {
		h := spaceHunt(1, false, func(sc *Scenario) {
			if c.piece.Kind != 0 {
				addPiece(sc, c.piece, Obscuring)
			}
			sc.Rules.CoverAnyLine = c.anyLine
		}, caz("A", wBow))
		h.M[0].Pos = geom.V(12, 5)
		l := traced(h)
		if !h.CanAttack(0, int(h.Adv0), 0) {
			t.Fatalf("%s: the shot was refused", c.name)
		}
		h.Attack(0, int(h.Adv0), 0)
		if e := l.lastAttack(t); e.Dice.Adv != c.want {
			t.Errorf("%s: the shot rolled %v, want %v", c.name, e.Dice.Adv, c.want)
		}
	}
}

// Ch. 5, Surrounded (R37): within the reach of more Hostile than Friendly
// models gives attackers Advantage; the Adversary is never Surrounded.
func TestSurrounded(t *testing.T) {
	h := spaceHunt(1, true, nil, caz("A", wHand), caz("B", wHand), caz("C", wHand))
	adv, imp := int(h.Adv0), int(h.Adv0+h.NAdv)
	put(h, 0, adv, 1.5, 270) // in the Son's 2" reach
	put(h, imp, 0, 0.5, 0)   // in the Imp's 1" reach
	h.M[1].Pos, h.M[2].Pos = geom.V(2, 20), geom.V(4, 20)
	if !h.Surrounded(0) {
		t.Fatal("two Hostile models and no Friend: not Surrounded")
	}
	put(h, 1, 0, 0.5, 180) // one Friend in reach: 2 against 1
	if !h.Surrounded(0) {
		t.Fatal("two Hostile models and one Friend: not Surrounded")
	}
	l := traced(h)
	e := foeStrike(t, h, l, Jack, 0)
	if e.Dice.Adv != dice.Advantage {
		t.Fatalf("an attack on a Surrounded model rolled %v", e.Dice.Adv)
	}
	put(h, 2, 0, 0.5, 120) // a second Friend: 2 against 2
	if h.Surrounded(0) {
		t.Fatal("two Hostile models and two Friends: Surrounded")
	}
	// A Friend out of its own reach does not count.
	put(h, 2, 0, 1.5, 120)
	if !h.Surrounded(0) {
		t.Fatal("a Friend beyond its Hand Weapon's 1\" reach was counted")
	}
	// The switch counts the model itself.
	h.Sc.Rules.SurroundedCountsSelf = true
	if h.Surrounded(0) {
		t.Fatal("surrounded_counts_self: 2 Hostile against 1 Friend and itself is not Surrounded")
	}
	h.Sc.Rules.SurroundedCountsSelf = false
	// The Adversary, ringed by the Pack, is never Surrounded; a Minion is.
	for k, deg := range []float64{0, 120, 240} {
		put(h, k, adv, 0.3, deg)
	}
	if h.Surrounded(adv) {
		t.Fatal("the Adversary was Surrounded")
	}
	h.M[imp].Pos = geom.V(20, 4)
	put(h, 0, imp, 0.3, 90)
	put(h, 1, imp, 0.3, 180)
	if !h.Surrounded(imp) {
		t.Fatal("a Minion within reach of two Cazadores is not Surrounded")
	}
}

// Ch. 3, Difficult Terrain: half speed (each inch costs two), measured
// along the path (R56); Adversaries are immune.
func TestDifficultTerrain(t *testing.T) {
	strip := func(sc *Scenario) { addPiece(sc, geom.NewRect(4, 0, 6, 24), Difficult) }
	h := spaceHunt(1, false, strip, caz("A"))
	h.M[0].Pos = geom.V(2, 4)
	// 2" of open ground (2), then 1.5" of Difficult terrain (3): 5 spent.
	if d := h.Move(0, geom.V(20, 4), -1, 0); !near(d, 3.5, 1e-3) || !near(h.M[0].Pos.X, 5.5, 1e-3) {
		t.Fatalf("SPD 5 into Difficult terrain 2\" away moved %v to %v; want 3.5\" to x 5.5", d, h.M[0].Pos)
	}
	// Across the strip and out: 2" (4) then 1" of open ground.
	h.beginTurn(0)
	h.M[0].Pos = geom.V(4, 4)
	if d := h.Move(0, geom.V(20, 4), -1, 0); !near(d, 3, 1e-3) {
		t.Fatalf("crossing 2\" of Difficult terrain with SPD 5 moved %v, want 3", d)
	}
	adv := int(h.Adv0)
	h.M[adv].Pos = geom.V(2, 16)
	if d := h.FreeMove(adv, geom.V(20, 16), -1, 0); !near(d, 5, 1e-3) {
		t.Fatalf("the Adversary crossed Difficult terrain at %v\" for SPD 5", d)
	}
}

// Ch. 3, Impassable Terrain: never entered; moves go around it (R56).
func TestImpassableTerrain(t *testing.T) {
	wall := geom.NewRect(8, 2, 9, 14)
	h := spaceHunt(1, false, func(s *Scenario) {
		addPiece(s, wall, Impassable)
		s.Map.Nav = geom.BuildNav(s.Map.W, s.Map.H, 0.5, advR, []geom.Shape{wall}, nil)
	}, caz("A"))
	h.M[0].Pos = geom.V(5, 8)
	h.M[int(h.Adv0)].Pos = geom.V(20, 20)
	goal := geom.V(12, 8)
	for turn := 0; turn < 6; turn++ {
		h.beginTurn(0)
		h.FreeMove(0, goal, -1, 0)
		h.Move(0, goal, -1, 0)
		if wall.OverlapsCircle(h.M[0].Pos, h.M[0].R-0.01) {
			t.Fatalf("turn %d: the base at %v overlaps Impassable terrain", turn, h.M[0].Pos)
		}
	}
	if h.M[0].Pos.Dist(goal) > 0.1 {
		t.Fatalf("the model did not get around the wall: at %v", h.M[0].Pos)
	}
}

// Ch. 2 / R55: moves stop at base contact and never end overlapping a
// base; pushes stop at the board's edge.
func TestBasesAndPushes(t *testing.T) {
	h := spaceHunt(1, false, nil, caz("A"), caz("B"))
	adv := int(h.Adv0)
	h.M[0].Pos, h.M[1].Pos = geom.V(2, 4), geom.V(5, 4)
	h.Move(0, geom.V(5.5, 4), -1, 0) // onto the Friend
	if e := h.Edge(0, 1); e < -1e-3 || h.M[0].Pos.Dist(h.M[1].Pos) < 2*packR-1e-3 {
		t.Fatalf("a move ended on a Friendly base: %v and %v", h.M[0].Pos, h.M[1].Pos)
	}
	h.M[1].Pos = geom.V(20, 20)
	h.M[0].Pos = geom.V(12, 6)
	h.beginTurn(0)
	h.Move(0, geom.V(12, 20), -1, 0) // through the Adversary
	if e := h.Edge(0, adv); e > 0.05 || h.M[0].Pos.Y > 12 {
		t.Fatalf("a move through a Hostile base ended at %v (edge %v)", h.M[0].Pos, e)
	}
	// A push 2" directly away, and one stopped by the border.
	h.M[0].Pos = geom.V(12, 9)
	h.push(0, h.M[adv].Pos, 2)
	if !near(h.M[0].Pos.Y, 7, 1e-3) || !near(h.M[0].Pos.X, 12, 1e-3) {
		t.Fatalf("a 2\" push from (12,12) moved (12,9) to %v", h.M[0].Pos)
	}
	h.M[0].Pos = geom.V(12, 1)
	h.push(0, h.M[adv].Pos, 2)
	if !near(h.M[0].Pos.Y, packR, 1e-3) || h.M[0].State != Active {
		t.Fatalf("a push at the border left the model at %v", h.M[0].Pos)
	}
}

// Ch. 3, Dangerous Terrain (R51): an Athletics Check (DT 0) on the first
// entry into each piece; a failure leaves the model Knocked Down where it
// entered; Adversaries are immune.
func TestDangerousTerrain(t *testing.T) {
	pit := geom.NewRect(6, 0, 8, 24)
	danger := func(sc *Scenario) { addPiece(sc, pit, Dangerous|Difficult) } // as configs compiles "dangerous"
	knocked, passed := 0, 0
	for seed := uint64(1); seed <= 200; seed++ {
		d := caz("A")
		d.Attr[PROW] = 1 // pool 1: failures are common
		h := spaceHunt(seed, false, danger, d)
		h.M[0].Pos = geom.V(4, 4)
		l := traced(h)
		h.Move(0, geom.V(20, 4), -1, 0)
		ch := l.of(EvDanger)
		if len(ch) != 1 || ch[0].Dice.DT != 0 || ch[0].Dice.Pool != 1 {
			t.Fatalf("entering Dangerous terrain made checks %+v, want one Athletics Check (pool 1, DT 0)", ch)
		}
		if ch[0].Dice.Successes == 0 {
			knocked++
			if !h.M[0].Conds.Has(KnockedDown) || !near(h.M[0].Pos.X, 6, 1e-3) {
				t.Fatalf("a failed Check left the model at %v, Knocked Down %v", h.M[0].Pos, h.M[0].Conds.Has(KnockedDown))
			}
			continue
		}
		passed++
		// Dangerous terrain is Difficult too: 2" + 1.5" inside for SPD 5.
		if !near(h.M[0].Pos.X, 7.5, 1e-3) {
			t.Fatalf("a model that passed its Check stopped at %v, want x 7.5", h.M[0].Pos)
		}
		// Out and back in: no second Check.
		h.beginTurn(0)
		h.Move(0, geom.V(12, 4), -1, 0)
		h.beginTurn(0)
		h.Move(0, geom.V(4, 4), -1, 0)
		if n := len(l.of(EvDanger)); n != 1 {
			t.Fatalf("re-entering the same piece made %d Checks in all, want 1", n)
		}
	}
	if knocked == 0 || passed == 0 {
		t.Fatalf("the Check failed %d and passed %d times", knocked, passed)
	}
	h := spaceHunt(1, false, danger)
	h.M[h.Adv0].Pos = geom.V(3, 12)
	l := traced(h)
	h.FreeMove(int(h.Adv0), geom.V(20, 12), -1, 0)
	if len(l.of(EvDanger)) != 0 {
		t.Fatal("the Adversary checked for Dangerous terrain")
	}
}

// Ch. 4, Deploy Models (R54): the Adversary by a Scatter Roll (at most 5")
// from the centre; the Pack within 3" of the deployment Exit, bases apart.
func TestDeployment(t *testing.T) {
	sc := newScenario(caz("A"), caz("B"), companion("C", 3), caz("D"))
	var tmpl Hunt
	tmpl.Init(sc)
	h := new(Hunt)
	for k := uint64(0); k < 200; k++ {
		h.Reset(&tmpl, 11, k)
		if d := h.M[h.Adv0].Pos.Dist(geom.V(12, 12)); d > 5+1e-3 {
			t.Fatalf("hunt %d: the Adversary deployed %v\" from the centre", k, d)
		}
		for i := 0; i < int(h.NPack); i++ {
			if e := h.M[i].Pos.Y - h.M[i].R; e > 3 || e < -1e-3 {
				t.Fatalf("hunt %d: Pack model %d deployed %v\" from the Exit", k, i, e)
			}
			for j := 0; j < i; j++ {
				if h.Edge(i, j) < -1e-3 || h.M[i].Pos.Dist(h.M[j].Pos) < h.M[i].R+h.M[j].R-1e-3 {
					t.Fatalf("hunt %d: Pack models %d and %d overlap", k, i, j)
				}
			}
			if h.M[i].Clock != 1 || h.AdvClock != 1 || h.Round != 1 || h.Tick != 1 {
				t.Fatal("the clocks do not start at Tick 1")
			}
		}
	}
}

// Areas created in play (R57): Difficult Areas slow Pack models, Foe DEF
// bonuses count for Foes inside, and at most 24 exist (the oldest goes).
func TestAreas(t *testing.T) {
	h := soloHunt(1)
	sc := h.Sc
	sc.Adversary.Areas = append(sc.Adversary.Areas, AreaKind{Name: "breath", Diameter: 3, Terrain: Difficult, FoeDEF: 2})
	adv := int(h.Adv0)
	h.addArea(1, h.M[adv].Pos)
	if h.Defence(adv, MeleeAttack) != 8 || h.Defence(adv, TerrorAttack) != 6 {
		t.Fatalf("a Foe in a +2 DEF Area: DEF %d", h.Defence(adv, MeleeAttack))
	}
	h.M[adv].Pos = geom.V(20, 20)
	if h.Defence(adv, MeleeAttack) != 6 {
		t.Fatal("the Area's DEF bonus followed the Foe out of it")
	}
	h.M[0].Pos = geom.V(12-1.5-2, 12) // 2" short of the Area's edge
	if d := h.Move(0, geom.V(20, 12), -1, 0); !near(d, 3.5, 1e-3) {
		t.Fatalf("SPD 5 into a Difficult Area 2\" away moved %v, want 3.5", d)
	}
	for k := 0; k < MaxAreas+5; k++ {
		h.addArea(0, geom.V(float32(k%20)+2, 2))
	}
	if h.NAreas != MaxAreas || h.Areas[0].Seq != 7 || h.Rec.Areas != MaxAreas+6 {
		t.Fatalf("%d Areas, oldest #%d; want %d, oldest #7", h.NAreas, h.Areas[0].Seq, MaxAreas)
	}
}

// Ch. 3: "All Dangerous Terrain is treated as Difficult Terrain", whether
// or not the piece also carries the Difficult flag.
func TestDangerousAloneIsDifficult(t *testing.T) {
	h := spaceHunt(1, false, func(sc *Scenario) { addPiece(sc, geom.NewRect(6, 0, 8, 24), Dangerous) }, caz("A"))
	h.M[0].Pos = geom.V(7, 4) // inside already: no Check on the way out
	h.M[0].Entered = 1
	if d := h.Move(0, geom.V(20, 4), -1, 0); !near(d, 4, 1e-3) {
		t.Fatalf("SPD 5 from 1\" inside Dangerous terrain moved %v, want 4 (1\" at double cost, then 3\")", d)
	}
}

// travelOpen moves every model as travel does, to the bit, wherever
// openTravel holds: random moves of random models toward random goals,
// with random budgets, targets to stop at, Bleeding and Action or not, on
// open ground with models all over it.
func TestTravelOpenAsTravel(t *testing.T) {
	sc := newScenario(caz("A"), caz("B"), caz("C"), caz("D"))
	r := rand.New(rand.NewPCG(7, 11))
	for k := range 3000 {
		h := newHunt(sc, uint64(k))
		for i := 0; i < int(h.N); i++ {
			h.M[i].Pos = geom.V(1+22*r.Float32(), 1+22*r.Float32())
		}
		if k%2 == 1 {
			// Difficult Areas (rocks, say), up to more than travelOpen's
			// small buffer of spans holds.
			h.NAreas = uint8(1 + r.IntN(12))
			for a := range int(h.NAreas) {
				h.Areas[a] = Area{C: geom.V(24*r.Float32(), 24*r.Float32()), R: 0.5 + 2*r.Float32(), Terrain: Difficult}
			}
			h.areaTerrain = Difficult
		}
		if !h.openTravel(0) {
			t.Fatal("open ground but openTravel false")
		}
		for range 6 {
			i := r.IntN(int(h.N))
			if h.M[i].State != Active {
				continue
			}
			goal := geom.V(24*r.Float32(), 24*r.Float32())
			stop := -1
			if r.IntN(2) == 0 {
				stop = r.IntN(int(h.N))
				goal = h.M[stop].Pos
			}
			budget := float32(r.IntN(13)) + r.Float32()*float32(r.IntN(2))
			if r.IntN(4) == 0 {
				h.M[i].Conds |= 1 << Bleeding
			}
			action := r.IntN(2) == 0
			a, b := *h, *h
			da := a.travel(i, goal, budget, stop, action)
			db := b.travelOpen(i, goal, budget, stop, action)
			if da != db || a.M != b.M || a.Rec != b.Rec {
				t.Fatalf("hunt %d: model %d to %v (budget %g, stop %d): travel moved %g to %v, travelOpen %g to %v",
					k, i, goal, budget, stop, da, a.M[i].Pos, db, b.M[i].Pos)
			}
			*h = a
		}
	}
}
