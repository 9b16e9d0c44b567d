package cazadores_test

import (
	"testing"

	configs "balance/configs/cazadores"
	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

// objHunt deals hunt (seed, 0) of the duo against adversary with an
// Objective.
func objHunt(t *testing.T, adversary, objective string, seed uint64) *sim.Hunt {
	t.Helper()
	dataOnce.Do(func() { data, dataErr = configs.LoadEmbedded() })
	if dataErr != nil {
		t.Fatal(dataErr)
	}
	sc, err := data.CompileWith(adversary, configs.DefaultPack, configs.DefaultScenario, objective)
	if err != nil {
		t.Fatal(err)
	}
	var tmpl sim.Hunt
	tmpl.Init(sc)
	h := new(sim.Hunt)
	h.Reset(&tmpl, seed, 0)
	return h
}

func TestUnknownObjectiveRefused(t *testing.T) {
	dataOnce.Do(func() { data, dataErr = configs.LoadEmbedded() })
	if _, err := data.CompileWith("wandering-son", "duo", "open-ground", "no-such-objective"); err == nil {
		t.Error("an unknown objective compiled")
	}
	for _, o := range data.Slugs("objectives") {
		if _, err := data.CompileWith("wandering-son", "duo", "open-ground", o); err != nil {
			t.Errorf("%s: %v", o, err)
		}
	}
}

// Banish the Well: the Well heals every Foe d5 at the end of each Round
// until banished; banishing needs a Lore Check (DT 5) within 1" of it with
// no Hostile model within 1" of it.
func TestBanishTheWell(t *testing.T) {
	h := objHunt(t, "wandering-son", "banish-the-well", 1)
	well := h.Obj.Marker
	if d := well.Dist(geom.V(12, 12)); d > 5+1e-3 || d < 1-1e-3 {
		t.Fatalf("the Well is %.2f\" from the centre; a Scatter Roll gives 1..5", d)
	}
	adv := int(h.Adv0)
	h.M[adv].Pos = geom.V(2, 22)
	h.M[0].Pos = well.Add(geom.V(3, 0)) // 1.37" from the Well's edge
	if h.CanBanish(0) {
		t.Fatal("banished from too far away")
	}
	h.M[0].Pos = well.Add(geom.V(1.8, 0))
	h.M[adv].Pos = well.Add(geom.V(-2.2, 0))
	if h.CanBanish(0) {
		t.Fatal("banished with the Adversary by the Well")
	}
	h.M[adv].Pos = geom.V(2, 22)
	if !h.CanBanish(0) {
		t.Fatal("cannot banish from beside the Well")
	}
	// Over many seeds: a success sets Met; healing stops.
	met, failed := 0, 0
	for seed := uint64(1); seed <= 200; seed++ {
		h := objHunt(t, "wandering-son", "banish-the-well", seed)
		h.M[h.Adv0].Pos = geom.V(2, 22)
		h.M[0].Pos = h.Obj.Marker.Add(geom.V(1.8, 0))
		if h.Banish(0) {
			met++
			if !h.Obj.Banished || !h.Obj.Met {
				t.Fatal("a successful banishing did not banish")
			}
		} else {
			failed++
		}
	}
	if met == 0 || failed == 0 {
		t.Fatalf("banished %d, failed %d: both should happen", met, failed)
	}
}

// The Well heals the Adversary at the end of a Round.
func TestWellHeals(t *testing.T) {
	healed := false
	for seed := uint64(1); seed <= 50 && !healed; seed++ {
		h := objHunt(t, "wandering-son", "banish-the-well", seed)
		h.WoundLocation(0, 3)
		before := h.AdvLeft
		h.Tick = 10
		h.Sc.Rules.RoundCap = 99
		h.EndRoundForTest()
		if h.AdvLeft > before {
			healed = true
			if gain := h.AdvLeft - before; gain < 1 || gain > 3 {
				t.Fatalf("healed %d of the 3 WNDs dealt", gain)
			}
		}
	}
	if !healed {
		t.Fatal("the Well never healed the Adversary")
	}
}

// Capture the Beast: one Pack model carries the Net; a Net hit makes the
// end of the Round roll a Subdue Check of one die per exhausted location
// against DT 5.
func TestCaptureTheBeast(t *testing.T) {
	h := objHunt(t, "wandering-son", "capture-the-beast", 1)
	nets := 0
	for k := range h.Sc.Pack {
		d := &h.Sc.Pack[k]
		for s := 0; s < int(d.NWeapons); s++ {
			if h.Sc.Weapons[d.Weapons[s]].Captures {
				nets++
			}
		}
	}
	if nets != 1 {
		t.Fatalf("%d Nets in the Pack, want 1", nets)
	}
	captured, escaped := 0, 0
	for seed := uint64(1); seed <= 300; seed++ {
		h := objHunt(t, "wandering-son", "capture-the-beast", seed)
		// Two locations exhausted: a 2-die Subdue Check.
		h.WoundLocation(0, 5)
		h.WoundLocation(1, 5)
		h.Obj.Netted = true
		h.Tick = 10
		h.EndRoundForTest()
		if h.Obj.Captured {
			captured++
			if h.M[h.Adv0].Alive() || !h.Obj.Met {
				t.Fatal("a captured Adversary stays on the board")
			}
		} else {
			escaped++
		}
		if h.Obj.Netted {
			t.Fatal("the Net still holds after the Subdue Check")
		}
	}
	// P(2d10 against DT 5 succeed) = dice.PAtLeast(2, 5, Normal, 1) ~ 0.7.
	if captured < 150 || captured > 260 {
		t.Fatalf("captured %d of 300, expected about 210", captured)
	}
	_ = escaped
}

// Capture the Beast, Capturing the Adversary: "If the Adversary is
// defeated before the Capturing the Adversary roll succeeds, then the
// Objective cannot be accomplished." The end of the Round makes the
// Subdue Check only for a netted Adversary still on the board; one that
// fell that Round (here by its last location, or by Poison at the end of
// the Round, before the Check) makes none, and the Objective is not met.
func TestCaptureSubdueOnlyWhileStanding(t *testing.T) {
	for _, c := range []struct {
		name      string
		netted    bool
		exhaust   int  // locations exhausted before the end of the Round
		poisoned  bool // 1 WND left and Poisoned: it falls at the Round's end
		wantCheck bool
	}{
		{"netted, standing", true, 2, false, true},
		{"netted, fell", true, 4, false, false},
		{"netted, poisoned to death at the end of the Round", true, 3, true, false},
		{"not netted", false, 2, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := objHunt(t, "wandering-son", "capture-the-beast", 7)
			adv := int(h.Adv0)
			for l := 0; l < c.exhaust; l++ {
				h.WoundLocation(l, 5)
			}
			if c.poisoned {
				h.WoundLocation(c.exhaust, 4) // 1 WND left
				h.M[adv].Conds = h.M[adv].Conds.With(sim.Poisoned)
			}
			h.Obj.Netted = c.netted
			h.Tick = 10
			l := trace(h)
			h.EndRoundForTest()
			checks := 0
			for _, e := range l.of(sim.EvCheck) {
				if int(e.Model) == adv {
					checks++
				}
			}
			if got := checks > 0; got != c.wantCheck {
				t.Fatalf("Subdue Checks made: %d, want one: %v", checks, c.wantCheck)
			}
			if h.Obj.Netted {
				t.Error("the Net still holds after the end of the Round")
			}
			if !c.wantCheck && (h.Obj.Captured || h.Obj.Met) {
				t.Error("captured without a Subdue Check")
			}
			fell := !h.M[adv].Alive() && !h.Obj.Captured
			if fell {
				if h.Obj.Met || h.Obj.Captured {
					t.Error("a fallen Adversary counts as captured")
				}
				failed := false
				for _, e := range l.of(sim.EvTrigger) {
					failed = failed || e.Name == "fell before the Subdue Check: the capture fails"
				}
				if c.netted && !failed {
					t.Error("no trace of the failed capture")
				}
			}
		})
	}
}

// R67: the Net goes to the Pack model with the best Shooting pool (Skill +
// SHRP) among those that carry weapons, a Cazador first on a tie; it
// takes a free weapon slot, or replaces the last weapon that is not a Book
// of Rituals or Religious Symbol.
func TestNetCarrier(t *testing.T) {
	dataOnce.Do(func() { data, dataErr = configs.LoadEmbedded() })
	if dataErr != nil {
		t.Fatal(dataErr)
	}
	for _, c := range []struct {
		pack string
		want string
	}{
		{"duo", "Bow Hunter"}, // 8 dice; the Hound (4) carries no weapons
		{"solo", "Stalker"},   // a Companion: SHRP 4 against the Guardian's 3
		{"trio", "Flintlock Marksman"},
		{"quartet", "Bow Hunter"},
	} {
		sc, err := data.Compile("wandering-son", c.pack, configs.DefaultScenario)
		if err != nil {
			t.Fatal(err)
		}
		k := sim.NetCarrier(sc)
		if k < 0 || sc.Pack[k].Name != c.want {
			t.Errorf("%s: the Net goes to %d, want %s", c.pack, k, c.want)
			continue
		}
		sc.Weapons = append(sc.Weapons, sim.WeaponDef{Name: "Net", Kind: sim.ShootingWeapon, Captures: true, Hands: 1})
		net := uint8(len(sc.Weapons) - 1)
		before := sc.Pack[k]
		if got := sc.GiveNet(net); got != k {
			t.Fatalf("%s: GiveNet gave to %d, want %d", c.pack, got, k)
		}
		d := &sc.Pack[k]
		if d.NWeapons != before.NWeapons+1 || d.Weapons[before.NWeapons] != net || d.Readied != before.Readied {
			t.Errorf("%s: weapons %v (%d) readied %b, want the Net added, unreadied", c.pack, d.Weapons, d.NWeapons, d.Readied)
		}
	}

	// Ties, weaponless models and a full weapon list, on made-up members.
	var sc sim.Scenario
	sc.Weapons = []sim.WeaponDef{{Name: "Unarmed"}, {Name: "Blade", Hands: 1}, {Name: "Book", Kind: sim.ArcaneWeapon, Hands: 1}, {Name: "Net", Captures: true, Hands: 1}}
	member := func(name string, kind sim.Kind, shrp, shooting int8, weapons ...uint8) sim.PackDef {
		d := sim.PackDef{Name: name, Kind: kind, NWeapons: uint8(len(weapons))}
		d.Attr[sim.SHRP], d.Skills[sim.Shooting] = shrp, shooting
		copy(d.Weapons[:], weapons)
		d.Readied = 1<<len(weapons) - 1
		return d
	}
	sc.Pack = []sim.PackDef{
		member("Companion", sim.Companion, 5, 0, 1),
		member("Hound", sim.Companion, 9, 0),
		member("Cazador", sim.Cazador, 3, 2, 1, 1, 2),
	}
	sc.Pack[2].HasSlotRituals, sc.Pack[2].RitualsSlot = true, 2
	if k := sim.NetCarrier(&sc); k != 2 {
		t.Fatalf("tie at 5 dice: the Net goes to %d, want the Cazador (2)", k)
	}
	sc.GiveNet(3)
	d := &sc.Pack[2]
	if d.NWeapons != 3 || d.Weapons != [3]uint8{1, 3, 2} || d.Readied != 0b101 || !d.HasSlotRituals {
		t.Errorf("full list: weapons %v readied %03b book %v, want [1 3 2], 101, the Book kept", d.Weapons, d.Readied, d.HasSlotRituals)
	}
	sc.Pack = sc.Pack[1:2]
	if k := sim.NetCarrier(&sc); k != -1 {
		t.Errorf("only a weaponless Hound: the Net goes to %d, want none", k)
	}
}

// Escape the Ambush: the Pack deploys by Scatter from the centre, the Foes
// from Pack models.
func TestEscapeTheAmbushSetup(t *testing.T) {
	h := objHunt(t, "wandering-son", "escape-the-ambush", 3)
	for i := 0; i < int(h.NPack); i++ {
		if d := h.M[i].Pos.Dist(geom.V(12, 12)); d > 6.5 {
			t.Fatalf("Pack model %d deployed %.1f\" from the centre", i, d)
		}
	}
	near := false
	for i := 0; i < int(h.NPack); i++ {
		if h.M[h.Adv0].Pos.Dist(h.M[i].Pos) <= 5+2 {
			near = true
		}
	}
	if !near {
		t.Fatal("the Adversary did not deploy by Scatter from a Pack model")
	}
}

// Renown: d5 per exhausted location, d5 more for a defeat, and the
// Objective's gain or loss; recorded with the Objective.
func TestRenown(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		h := objHunt(t, "wandering-son", "exterminate-foes", seed)
		h.Play(nopPolicy{}, nopFoes{})
		r := &h.Rec
		if r.Objective != sim.ObjExterminate {
			t.Fatal("the Record does not name the Objective")
		}
		// The Pack did nothing: nothing exhausted, the Son left standing:
		// -d5 for it.
		if r.ObjectiveMet || r.Renown < -5 || r.Renown > -1 {
			t.Fatalf("met %v, Renown %d: want -1..-5", r.ObjectiveMet, r.Renown)
		}
	}
}

type nopPolicy struct{}

func (nopPolicy) Turn(h *sim.Hunt, m int)            {}
func (nopPolicy) PackFirst(h *sim.Hunt) bool         { return false }
func (nopPolicy) Order(h *sim.Hunt, eligible []int8) {}

type nopFoes struct{}

func (nopFoes) AdversaryTurn(h *sim.Hunt)     {}
func (nopFoes) MinionTurn(h *sim.Hunt, m int) {}

// Forge the Seal: three Warding Points scattered d10 from the centre and
// 3" apart; only a Talc carrier within 1" wards one (Lore DT 5); all three
// meet the Objective.
func TestForgeTheSeal(t *testing.T) {
	h := objHunt(t, "wandering-son", "forge-the-seal", 2)
	if h.Obj.NTok != 3 {
		t.Fatalf("%d Warding Points", h.Obj.NTok)
	}
	for a := 0; a < 3; a++ {
		if d := h.Obj.Tok[a].Pos.Dist(geom.V(12, 12)); d > 10+1e-3 {
			t.Fatalf("Warding Point %d is %.1f\" from the centre", a, d)
		}
	}
	if h.HasTalc(3) || !h.HasTalc(0) {
		t.Fatal("the first three Pack models carry the Talc")
	}
	warded := 0
	for seed := uint64(1); seed <= 100 && warded < 20; seed++ {
		h := objHunt(t, "wandering-son", "forge-the-seal", seed)
		h.M[h.Adv0].Pos = geom.V(1.5, 22)
		h.M[3].Pos = h.Obj.Tok[0].Pos.Add(geom.V(1, 0))
		if h.CanTakeToken(3) {
			t.Fatal("a model with no Talc may ward")
		}
		for k := 0; k < 3; k++ {
			h.M[k].Pos = h.Obj.Tok[k].Pos.Add(geom.V(0, 1.2))
		}
		ok := 0
		for k := 0; k < 3; k++ {
			if h.TakeToken(k) {
				ok++
			}
		}
		if (ok == 3) != h.Obj.Met {
			t.Fatalf("%d warded, met %v", ok, h.Obj.Met)
		}
		warded += ok
	}
	if warded == 0 {
		t.Fatal("nothing was ever warded")
	}
}

// Recover the Artifacts: taken with a Hunt Check within 1"; dropped where
// their carrier falls; carried off by a model that flees.
func TestRecoverTheArtifacts(t *testing.T) {
	took := false
	for seed := uint64(1); seed <= 50 && !took; seed++ {
		h := objHunt(t, "wandering-son", "recover-the-artifacts", seed)
		h.M[h.Adv0].Pos = geom.V(1.5, 22)
		h.M[0].Pos = h.Obj.Tok[0].Pos.Add(geom.V(0, 1.2))
		if !h.TakeToken(0) {
			continue
		}
		took = true
		if h.Obj.Tok[0].Holder != 0 {
			t.Fatal("the Artifact is not carried")
		}
		where := geom.V(20, 20)
		h.M[0].Pos = where
		h.M[0].WND = 1
		h.WoundForTest(0, 5)
		if tk := h.Obj.Tok[0]; tk.Holder != -1 || tk.Pos != where {
			t.Fatalf("a fallen carrier's Artifact: %+v", tk)
		}
	}
	if !took {
		t.Fatal("no Artifact was ever taken")
	}
}

// Retrieve the Icon: a found Icon is Genuine on 9-10, or when it is the
// last one to find; only one is Genuine.
func TestRetrieveTheIcon(t *testing.T) {
	genuine, lastGenuine := 0, 0
	for seed := uint64(1); seed <= 300; seed++ {
		h := objHunt(t, "wandering-son", "retrieve-the-icon", seed)
		h.M[h.Adv0].Pos = geom.V(1.5, 22)
		found := 0
		for k := 0; k < 3; k++ {
			h.M[k].Pos = h.Obj.Tok[k].Pos.Add(geom.V(0, 1.2))
			if h.TakeToken(k) {
				found++
			}
		}
		n := 0
		for k := 0; k < 3; k++ {
			if h.Obj.Tok[k].Genuine {
				n++
			}
		}
		if n > 1 {
			t.Fatalf("%d Genuine Icons", n)
		}
		if found == 3 {
			if n != 1 {
				t.Fatal("all three found and none Genuine")
			}
			if h.Obj.Tok[2].Genuine {
				lastGenuine++
			}
		}
		genuine += n
	}
	if genuine == 0 || lastGenuine == 0 {
		t.Fatalf("Genuine Icons %d, of which the last found %d", genuine, lastGenuine)
	}
}

// Assassinate the Vessel: at the centre, Hostile to the Pack, takes no
// Turns, is not a Foe for the end of the hunt; its fall knocks the
// Adversary down.
func TestAssassinateTheVessel(t *testing.T) {
	h := objHunt(t, "wandering-son", "assassinate-the-vessel", 1)
	v := int(h.Obj.Vessel)
	if v < 0 || h.M[v].Pos != geom.V(12, 12) || !h.Hostile(0, v) || h.M[v].WND != 10 || h.Defence(v, sim.MeleeAttack) != 6 {
		t.Fatalf("the Vessel: %+v", h.M[v])
	}
	if h.MeleeReach(v) >= 0 {
		t.Fatal("the Vessel threatens in melee")
	}
	h.WoundForTest(v, 10)
	if h.M[v].Alive() || !h.Obj.Met || !h.M[h.Adv0].Conds.Has(sim.KnockedDown) {
		t.Fatalf("after the Vessel fell: alive %v, met %v, Adversary %v", h.M[v].Alive(), h.Obj.Met, h.M[h.Adv0].Conds)
	}
	// The Vessel standing does not keep a hunt going once every Foe fell.
	h2 := objHunt(t, "wandering-son", "assassinate-the-vessel", 2)
	h2.SetState(int(h2.Adv0), sim.Dead)
	h2.Tick = 10
	h2.EndRoundForTest()
	if h2.Rec.Outcome != sim.PackWon {
		t.Fatalf("outcome %v with only the Vessel left", h2.Rec.Outcome)
	}
}

// Raze Habitat: a readied barrel set within the Territory (Hunt DT 5) goes
// off at the end of the next Round, a Rating 5 Shooting Attack on every
// model within 5"; a failed setting spends the barrel.
func TestRazeHabitat(t *testing.T) {
	set, spent := 0, 0
	for seed := uint64(1); seed <= 100; seed++ {
		h := objHunt(t, "wandering-son", "raze-habitat", seed)
		if h.BarrelOf(0) != 0 || h.BarrelOf(3) != -1 {
			t.Fatal("the first three Pack models carry the barrels")
		}
		if h.Obj.MarkerR != 1.5 {
			t.Fatalf("Territory radius %v, want 1.5 (an Area 3 template)", h.Obj.MarkerR)
		}
		// A base 1.4" from the centre overlaps the Territory; 1.5" plus
		// its radius away it does not.
		h.M[0].Pos = h.Obj.Marker.Add(geom.V(0, 1.4))
		if !h.InTerritory(0) {
			t.Fatal("a base 1.4\" from the Territory's centre is not in it")
		}
		h.M[0].Pos = h.Obj.Marker.Add(geom.V(0, 1.5+h.M[0].R+0.01))
		if h.InTerritory(0) {
			t.Fatal("a base clear of the Territory counts as in it")
		}
		h.M[h.Adv0].Pos = geom.V(1.5, 22)
		h.M[0].Pos = h.Obj.Marker
		if h.CanPlaceBarrel(0) {
			t.Fatal("a barrel set without being readied")
		}
		if !h.ReadyBarrel(0) || h.M[0].Readied != 0 {
			t.Fatal("readying the barrel did not free both hands")
		}
		h.BeginTurnForTest(0)
		ok := h.PlaceBarrel(0)
		if !ok {
			spent++
			if !h.Obj.Tok[0].Gone {
				t.Fatal("a failed setting kept the barrel")
			}
			continue
		}
		set++
		round := h.Round
		h.Tick = 10
		h.EndRoundForTest()
		if h.Obj.Detonated {
			t.Fatal("the barrel went off in the Round it was set")
		}
		h.Round = round + 1
		h.Tick = 10
		h.EndRoundForTest()
		if !h.Obj.Detonated || !h.Obj.Met {
			t.Fatalf("the barrel did not go off at the end of the next Round (met %v)", h.Obj.Met)
		}
	}
	if set == 0 || spent == 0 {
		t.Fatalf("set %d, spent %d: both should happen", set, spent)
	}
}

// Save the Prisoner: inert and left alone until freed by an Aid; then it
// acts and may flee; the Objective is met when it does.
func TestSaveThePrisoner(t *testing.T) {
	h := objHunt(t, "wandering-son", "save-the-prisoner", 1)
	p := int(h.Obj.Prisoner)
	if p < int(h.NPack) || h.Hostile(0, p) || !h.Hostile(int(h.Adv0), p) || h.Targetable(p) {
		t.Fatalf("the Prisoner: index %d, pack %d", p, h.NPack)
	}
	if h.M[p].Pos.Dist(h.M[h.Adv0].Pos) > 5+h.M[p].R+h.M[h.Adv0].R+0.1 {
		t.Fatal("the Prisoner is not deployed by a Scatter from the Adversary")
	}
	if h.CanAct(p, sim.ActAttack) {
		t.Fatal("the Prisoner may attack")
	}
	freed := false
	for seed := uint64(1); seed <= 50 && !freed; seed++ {
		h := objHunt(t, "wandering-son", "save-the-prisoner", seed)
		p := int(h.Obj.Prisoner)
		h.M[0].Pos = h.M[p].Pos.Add(geom.V(2, 0))
		if h.Aid(0, p, sim.NoCond) {
			freed = true
			if !h.Obj.Freed || !h.Targetable(p) || h.M[p].Clock != h.Tick+1 {
				t.Fatal("a successful Aid did not free the Prisoner for the next Tick")
			}
		}
	}
	if !freed {
		t.Fatal("the Prisoner was never freed")
	}
}
