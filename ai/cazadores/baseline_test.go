package cazadores

import (
	"testing"

	configs "balance/configs/cazadores"
	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

var (
	adversaries = []string{"accursed-construct", "praetorians", "creature-wreathed-in-light", "neonate-wurm", "wandering-son"}
	packs       = []string{"solo", "duo", "trio", "quartet"}
	maps        = []string{"open-ground", "ruins"}
)

// packHunt deals hunt (seed, 0) of the Wandering Son against pack model
// member of pack alone, at (12, 6), the Son at (12, 12).
func packHunt(t *testing.T, pack string, member int, seed uint64) *sim.Hunt {
	t.Helper()
	sc := scenario(t, "wandering-son", pack, configs.DefaultScenario)
	sc.Pack = sc.Pack[member : member+1]
	var tmpl sim.Hunt
	tmpl.Init(sc)
	h := new(sim.Hunt)
	h.Reset(&tmpl, seed, 0)
	h.M[0].Pos = geom.V(12, 6)
	h.M[h.Adv0].Pos = geom.V(12, 12)
	return h
}

// turn plays model 0's Turn with the Baseline policy and returns its
// trace.
func turn(h *sim.Hunt) *tlog {
	l := traced(h)
	NewBaseline().Turn(h, 0)
	return l
}

func TestBaselineRecovers(t *testing.T) {
	for _, c := range []struct {
		name  string
		conds []sim.Cond
		wnd   int16
		want  sim.Cond // the Condition Recover targets (NoCond: no Recover)
	}{
		{"knocked down", []sim.Cond{sim.KnockedDown}, 14, sim.KnockedDown},
		{"stunned", []sim.Cond{sim.Stunned}, 14, sim.Stunned},
		{"knocked down and stunned", []sim.Cond{sim.KnockedDown, sim.Stunned}, 14, sim.KnockedDown},
		{"burning and hurt", []sim.Cond{sim.Burning}, 12, sim.Burning},
		{"burning, healthy", []sim.Cond{sim.Burning}, 13, sim.NoCond},
	} {
		h := packHunt(t, "trio", 0, 1)
		for _, k := range c.conds {
			h.M[0].Conds = h.M[0].Conds.With(k)
		}
		h.M[0].WND = c.wnd
		l := turn(h)
		acts := l.actions(0)
		if len(acts) != 1 {
			t.Fatalf("%s: Actions %+v", c.name, acts)
		}
		if got := acts[0].Action == sim.ActRecover; got != (c.want != sim.NoCond) {
			t.Errorf("%s: took %v", c.name, acts[0].Action)
		}
	}
}

// A badly hurt model flees while the Adversary is strong: the Flee Action
// within 1" of an Exit, otherwise toward the nearest Exit.
func TestBaselineFlees(t *testing.T) {
	h := packHunt(t, "trio", 0, 1)
	h.M[0].WND = 3
	h.M[0].Pos = geom.V(12, 1)
	if acts := turn(h).actions(0); len(acts) != 1 || acts[0].Action != sim.ActFlee {
		t.Fatalf("hopeless at an Exit: %+v, want Flee", acts)
	}
	h = packHunt(t, "trio", 0, 1)
	h.M[0].WND = 3
	acts := turn(h).actions(0)
	if len(acts) != 1 || acts[0].Action != sim.ActMove || !h.NearExit(0) {
		t.Fatalf("hopeless 5.4\" from an Exit: %+v, %.2f\" left; want two moves to it", acts, h.ExitDist(0))
	}
	// Not while the Adversary is down to half its WNDs.
	h = packHunt(t, "trio", 0, 1)
	h.M[0].WND = 3
	h.WoundLocation(0, 10)
	if acts := turn(h).actions(0); len(acts) == 1 && acts[0].Action == sim.ActFlee {
		t.Fatal("fled from a weakened Adversary")
	}
}

// Melee: close with the free Move, then Attack with the readied weapon.
func TestBaselineMelee(t *testing.T) {
	h := packHunt(t, "trio", 0, 1) // the Guardian: Hand Weapon and Shield, SPD 4
	put(h, 0, int(h.Adv0), 3, 270)
	l := turn(h)
	at := l.of(sim.EvAttack)
	if len(at) != 1 || at[0].Model != 0 || at[0].Dice.DT != 6 || at[0].Dice.Pool != 7 {
		t.Fatalf("3\" from the Son: attacks %+v, want one (pool PROW 5 + Melee 2, DT 6)", at)
	}
	if acts := l.actions(0); len(acts) != 1 || acts[0].Action != sim.ActAttack || acts[0].N != 3 {
		t.Fatalf("Actions %+v, want one Attack of 3 Ticks", acts)
	}
	h = packHunt(t, "trio", 0, 1)
	put(h, 0, int(h.Adv0), 10, 270)
	before := h.Edge(0, int(h.Adv0))
	l = turn(h)
	if len(l.of(sim.EvAttack)) != 0 || h.Edge(0, int(h.Adv0)) > before-7.9 {
		t.Fatalf("10\" away: %.2f\" left after the Turn, attacks %d; want two moves of 4\"", h.Edge(0, int(h.Adv0)), len(l.of(sim.EvAttack)))
	}
	// A Terrified model out of reach tries to shake it off.
	h = packHunt(t, "trio", 0, 1)
	put(h, 0, int(h.Adv0), 6, 270)
	h.M[0].Conds = h.M[0].Conds.With(sim.Terrified)
	h.M[0].Terrifier = int8(h.Adv0)
	if acts := turn(h).actions(0); len(acts) != 1 || acts[0].Action != sim.ActRecover {
		t.Fatalf("Terrified out of reach: %+v, want Recover", acts)
	}
}

// Shooting: fire within the range band, reload a spent weapon, keep the
// band with the free Move; out of Ammo, switch to melee weapons.
func TestBaselineShooting(t *testing.T) {
	for _, c := range []struct {
		name  string
		gap   float32
		setup func(h *sim.Hunt)
		want  sim.ActionKind
		ticks int8
	}{
		{"in the band", 5, nil, sim.ActAttack, 4},
		{"too close", 1, nil, sim.ActAttack, 4},
		{"spent", 5, func(h *sim.Hunt) { h.M[0].Loaded = 0 }, sim.ActReload, 3},
	} {
		h := packHunt(t, "trio", 1, 1) // the Marksman: Flintlock Rifle (3-8")
		put(h, 0, int(h.Adv0), c.gap, 270)
		if c.setup != nil {
			c.setup(h)
		}
		l := turn(h)
		if acts := l.actions(0); len(acts) != 1 || acts[0].Action != c.want || acts[0].N != int16(c.ticks) {
			t.Errorf("%s: Actions %+v, want %v (%d Ticks)", c.name, acts, c.want, c.ticks)
		}
		if c.want == sim.ActAttack {
			if e := h.Edge(0, int(h.Adv0)); e < 3 || e > 8 {
				t.Errorf("%s: shot from %.2f\"", c.name, e)
			}
		}
	}
	// The Bow Hunter with no arrows left readies the Hand Weapon.
	h := packHunt(t, "duo", 2, 1)
	put(h, 0, int(h.Adv0), 5, 270)
	h.M[0].Ammo[0], h.M[0].Loaded = 0, 0
	h.M[0].GearAmmo[0] = 0 // its Poison Vial is used up
	l := turn(h)
	if acts := l.actions(0); len(acts) != 1 || acts[0].Action != sim.ActSwitch || h.M[0].Readied != 2 {
		t.Fatalf("out of arrows: Actions %+v, readied %b; want a Switch to the Hand Weapon", acts, h.M[0].Readied)
	}
}

// A hunt is a function of (seed, hunt index): the same pair gives the same
// Record, traced or not, for every Adversary, pack and map.
func TestDeterminism(t *testing.T) {
	for _, adv := range adversaries {
		for _, mp := range maps {
			sc := scenario(t, adv, configs.DefaultPack, mp)
			var tmpl sim.Hunt
			tmpl.Init(sc)
			a, b := new(sim.Hunt), new(sim.Hunt)
			for k := uint64(0); k < 12; k++ {
				a.Reset(&tmpl, 42, k)
				a.Play(NewBaseline(), Foes{})
				b.Trace = &tlog{}
				b.Reset(&tmpl, 42, k)
				b.Play(NewBaseline(), Foes{})
				b.Trace = nil
				if a.Rec != b.Rec {
					t.Fatalf("%s on %s, hunt %d: two plays gave different Records", adv, mp, k)
				}
				if a.Rec.Outcome == sim.Unfinished || a.Rec.Draws == 0 {
					t.Fatalf("%s on %s, hunt %d: outcome %v after %d draws", adv, mp, k, a.Rec.Outcome, a.Rec.Draws)
				}
			}
			// Different hunts differ.
			a.Reset(&tmpl, 42, 0)
			a.Play(NewBaseline(), Foes{})
			b.Reset(&tmpl, 42, 1)
			b.Play(NewBaseline(), Foes{})
			if a.Rec == b.Rec {
				t.Errorf("%s on %s: hunts 0 and 1 gave the same Record", adv, mp)
			}
		}
	}
}

// resume continues a hunt stopped by a round cap at the end of a Round,
// under the scenario sc.
func resume(h *sim.Hunt, sc *sim.Scenario) {
	h.Sc = sc
	h.Rec.Outcome = sim.Unfinished
	h.Round++
	h.Tick = 1
	h.Play(NewBaseline(), Foes{})
}

// A Hunt is a value: a copy taken mid-game and played on gives the same
// Record as the original, and as the hunt played straight through.
func TestCopyMidGame(t *testing.T) {
	for _, adv := range adversaries {
		sc := scenario(t, adv, configs.DefaultPack, configs.DefaultScenario)
		paused := *sc
		paused.Rules.RoundCap = 1
		var full, short sim.Hunt
		full.Init(sc)
		short.Init(&paused)
		checked := 0
		for k := uint64(0); k < 100 && checked < 5; k++ {
			h := new(sim.Hunt)
			h.Reset(&short, 9, k)
			h.Play(NewBaseline(), Foes{})
			if h.Rec.Outcome != sim.Stalemate {
				continue // over in Round 1
			}
			h2 := *h
			resume(h, sc)
			resume(&h2, sc)
			ref := new(sim.Hunt)
			ref.Reset(&full, 9, k)
			ref.Play(NewBaseline(), Foes{})
			if h2.Rec != h.Rec {
				t.Fatalf("%s, hunt %d: the copy and the original ended with different Records", adv, k)
			}
			if h.Rec != ref.Rec {
				t.Fatalf("%s, hunt %d: the paused hunt and the straight one ended differently (%v after %d Ticks against %v after %d)",
					adv, k, h.Rec.Outcome, h.Rec.Ticks, ref.Rec.Outcome, ref.Rec.Ticks)
			}
			checked++
		}
		if checked == 0 {
			t.Fatalf("%s: no hunt lasted past Round 1", adv)
		}
	}
}

// Whole hunts of every Adversary, pack and map end properly and keep a
// consistent Record.
func TestHuntRecordsConsistent(t *testing.T) {
	for _, adv := range adversaries {
		for _, pk := range packs {
			for _, mp := range maps {
				sc := scenario(t, adv, pk, mp)
				var tmpl sim.Hunt
				tmpl.Init(sc)
				h := new(sim.Hunt)
				total := int(sc.Adversary.Stats.WND)
				for k := uint64(0); k < 15; k++ {
					h.Reset(&tmpl, 5, k)
					h.Play(NewBaseline(), Foes{})
					r := &h.Rec
					name := adv + "/" + pk + "/" + mp
					if r.Outcome == sim.Unfinished || r.Outcome >= sim.NumOutcomes {
						t.Fatalf("%s %d: outcome %v", name, k, r.Outcome)
					}
					if int(r.Rounds) > sc.Rules.RoundCap || int(r.Ticks) != 10*int(r.Rounds) {
						t.Fatalf("%s %d: %d Rounds, %d Ticks", name, k, r.Rounds, r.Ticks)
					}
					healed := adv == "praetorians" // War Chant heals
					if dealt := total - advLeft(h); int(r.AdvWounds) < dealt || !healed && int(r.AdvWounds) != dealt {
						t.Fatalf("%s %d: %d WNDs dealt to the Adversary, %d left of %d", name, k, r.AdvWounds, advLeft(h), total)
					}
					curve := 0
					for _, v := range r.Curve {
						curve += int(v)
					}
					if curve != int(r.AdvWounds) {
						t.Fatalf("%s %d: the damage curve sums to %d, not %d", name, k, curve, r.AdvWounds)
					}
					foes, alive, fled, dead := 0, 0, 0, 0
					for i := int(h.Adv0); i < int(h.N); i++ {
						if h.M[i].Alive() {
							foes++
						}
					}
					for i := 0; i < int(h.NPack); i++ {
						m := &h.M[i]
						if r.Hits[i] > r.Attacks[i] || r.Taken[i]-r.Healed[i] != sc.Pack[i].WND-m.WND {
							t.Fatalf("%s %d: model %d hit %d of %d, took %d", name, k, i, r.Hits[i], r.Attacks[i], r.Taken[i])
						}
						switch m.State {
						case sim.Active:
							alive++
						case sim.Fled:
							fled++
						case sim.Dead:
							dead++
						}
						if (m.State == sim.Dead) != (r.DiedAt[i] > 0) || (m.State == sim.Fled) != (r.FledAt[i] > 0) {
							t.Fatalf("%s %d: model %d state %d, died at %d, fled at %d", name, k, i, m.State, r.DiedAt[i], r.FledAt[i])
						}
					}
					want := sim.Stalemate
					switch {
					case foes == 0:
						want = sim.PackWon
					case alive == 0 && fled > 0 && dead > 0:
						want = sim.Mixed
					case alive == 0 && fled > 0:
						want = sim.PackFled
					case alive == 0:
						want = sim.PackSlain
					}
					if r.Outcome != want {
						t.Fatalf("%s %d: outcome %v with %d Foes, %d Pack models standing, %d fled, %d dead", name, k, r.Outcome, foes, alive, fled, dead)
					}
					if (r.Outcome == sim.PackWon) && !r.AdversaryDefeated {
						t.Fatalf("%s %d: won without defeating the Adversary", name, k)
					}
				}
			}
		}
	}
}

func advLeft(h *sim.Hunt) int {
	n := 0
	for l := 0; l < int(h.Sc.Adversary.NLoc); l++ {
		n += int(h.Loc[l])
	}
	return n
}

// TestBaselineTargetsHostilesOnly: the Prisoner stands among the Foes'
// models but is Friendly to the Pack; the baseline never picks it as the
// target of an Attack, however close it is.
func TestBaselineTargetsHostilesOnly(t *testing.T) {
	dataOnce.Do(func() { data, dataErr = configs.LoadEmbedded() })
	if dataErr != nil {
		t.Fatal(dataErr)
	}
	sc, err := data.CompileWith("wandering-son", "duo", configs.DefaultScenario, "save-the-prisoner")
	if err != nil {
		t.Fatal(err)
	}
	var tmpl sim.Hunt
	tmpl.Init(sc)
	h := new(sim.Hunt)
	for seed := uint64(1); seed <= 20; seed++ {
		h.Reset(&tmpl, seed, 0)
		p := int(h.Obj.Prisoner)
		if p < 0 {
			t.Fatal("save-the-prisoner: no Prisoner model")
		}
		// The Pack's first model touches the Prisoner; the Son is far off.
		h.M[p].Pos = geom.V(12, 12)
		h.M[0].Pos = geom.V(12, 12-h.M[p].R-h.M[0].R-0.01)
		h.M[h.Adv0].Pos = geom.V(3, 21)
		tg := NewBaseline().target(h, 0)
		if tg < 0 || !h.Hostile(0, tg) {
			t.Fatalf("seed %d: target %d, want a Hostile model (the Prisoner is %d)", seed, tg, p)
		}
	}
}

// A shooter in range of its target but behind a wall walks round the wall
// to a spot that sees it and shoots, rather than standing where it is: on
// the ruins, the Bow Hunter south of the hall's south wall (its west
// stretch, 3" tall: the east one is 1" and seen over), the Wandering Son
// inside the hall beyond it.
func TestBaselineShooterWalksRoundAWall(t *testing.T) {
	sc := scenario(t, "wandering-son", "duo", "ruins")
	sc.Pack = sc.Pack[2:3] // the Bow Hunter (Bow, 3-8")
	var tmpl sim.Hunt
	tmpl.Init(sc)
	pos := geom.V(7.5, 4.5)
	for k := 0; k < 3; k++ {
		// Each Turn on a fresh deal, the Bow Hunter where the last left it.
		h := new(sim.Hunt)
		h.Reset(&tmpl, 1, 0)
		h.M[0].Pos = pos
		h.M[0].GearAmmo[0] = 0 // its Poison Vial is used up
		adv := int(h.Adv0)
		h.M[adv].Pos = geom.V(7.5, 10)
		if k == 0 && (!h.InWeaponRange(0, 0, adv) || h.LOS(0, adv)) {
			t.Fatalf("setup: in range %v, Line of Sight %v; want in range behind the wall", h.InWeaponRange(0, 0, adv), h.LOS(0, adv))
		}
		l := turn(h)
		for _, a := range l.actions(0) {
			if a.Action == sim.ActAttack {
				return
			}
		}
		if d := h.M[0].Pos.Dist(pos); d < 1 {
			t.Fatalf("Turn %d: the Bow Hunter moved %.2f\" from %v (decisions %q); want it to walk round the wall", k+1, d, pos, l.decisions(0))
		}
		pos = h.M[0].Pos
	}
	t.Fatalf("no shot in 3 Turns; the Bow Hunter ended at %v", pos)
}
