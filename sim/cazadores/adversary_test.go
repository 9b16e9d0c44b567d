package cazadores_test

import (
	"math"
	"sync"
	"testing"

	configs "balance/configs/cazadores"
	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

var (
	dataOnce sync.Once
	data     *configs.Data
	dataErr  error
)

// compile builds the scenario of adversary against pack on open ground
// from the embedded data.
func compile(t *testing.T, adversary, pack string) *sim.Scenario {
	t.Helper()
	dataOnce.Do(func() { data, dataErr = configs.LoadEmbedded() })
	if dataErr != nil {
		t.Fatal(dataErr)
	}
	sc, err := data.Compile(adversary, pack, configs.DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// dataHunt deals hunt (seed, 0) of adversary against the trio (three
// Cazadores), with the Adversary's first model at the centre and the Pack
// parked at the south edge.
func dataHunt(t *testing.T, adversary string, seed uint64) *sim.Hunt {
	t.Helper()
	sc := compile(t, adversary, "trio")
	var tmpl sim.Hunt
	tmpl.Init(sc)
	h := new(sim.Hunt)
	h.Reset(&tmpl, seed, 0)
	for i := 0; i < int(h.NPack); i++ {
		h.M[i].Pos = geom.V(4+float32(i)*3, 1)
	}
	h.M[h.Adv0].Pos = geom.V(12, 12)
	return h
}

// loc returns the index of the hit location called name.
func loc(t *testing.T, h *sim.Hunt, name string) int {
	t.Helper()
	a := &h.Sc.Adversary
	for l := 0; l < int(a.NLoc); l++ {
		if a.Loc[l].Name == name {
			return l
		}
	}
	t.Fatalf("%s has no hit location %q", a.Name, name)
	return -1
}

// events records a traced hunt's events.
type events struct{ ev []sim.Event }

func (l *events) Event(_ *sim.Hunt, e *sim.Event) { l.ev = append(l.ev, *e) }

func (l *events) of(k sim.EventKind) []sim.Event {
	var out []sim.Event
	for _, e := range l.ev {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

func trace(h *sim.Hunt) *events {
	l := &events{}
	h.Trace = l
	return l
}

// Ch. 3, Hit Locations: Upper Limbs with 1 WND left take 3; the last WND
// is removed and the other 2 go to the next highest location, the Torso.
func TestUpperLimbOverflowsToTorso(t *testing.T) {
	h := dataHunt(t, "wandering-son", 1)
	upper, torso := loc(t, h, "Upper Limb"), loc(t, h, "Torso")
	h.WoundLocation(upper, 4)
	if h.Loc[upper] != 1 || h.Exhausted != 0 {
		t.Fatalf("fixture: Upper Limb at %d", h.Loc[upper])
	}
	h.WoundLocation(upper, 3)
	if h.Loc[upper] != 0 || h.Loc[torso] != 3 || h.Exhausted != 1<<upper {
		t.Fatalf("3 WNDs on Upper Limb (1 left): Upper Limb %d, Torso %d, exhausted %b; want 0, 3, only the Upper Limb",
			h.Loc[upper], h.Loc[torso], h.Exhausted)
	}
	if h.M[h.Adv0].WND != 13 {
		t.Fatalf("the Son has %d WNDs left, want 13", h.M[h.Adv0].WND)
	}
}

// R26: past the highest location WNDs go to the nearest lower one (or,
// with the wrap switch, the lowest); exhausted locations are skipped on
// the way up.
func TestOverflowOrder(t *testing.T) {
	for _, c := range []struct {
		name      string
		wrap      bool
		exhaust   []string
		hit       string
		wantTaken string
	}{
		{"past the Head, down", false, []string{"Head"}, "Head", "Torso"},
		{"past the Head, wrap", true, []string{"Head"}, "Head", "Lower Limbs"},
		{"up past an exhausted Torso", false, []string{"Upper Limb", "Torso"}, "Upper Limb", "Head"},
		{"down past an exhausted Torso", false, []string{"Head", "Torso"}, "Head", "Upper Limb"},
	} {
		h := dataHunt(t, "wandering-son", 1)
		h.Sc.Rules.OverflowWrap = c.wrap
		for _, n := range c.exhaust {
			h.WoundLocation(loc(t, h, n), 5)
		}
		want := loc(t, h, c.wantTaken)
		before := h.Loc[want]
		h.WoundLocation(loc(t, h, c.hit), 2)
		if h.Loc[want] != before-2 {
			t.Errorf("%s: %s went from %d to %d WNDs, want it to take both", c.name, c.wantTaken, before, h.Loc[want])
		}
	}
}

// Exhaustion effects change the Adversary's stats while the location
// stays exhausted (R27).
func TestExhaustionEffects(t *testing.T) {
	type stats struct{ SPD, ATK, RNG, DEF, TER int8 }
	for _, c := range []struct {
		adversary string
		exhaust   []string
		model     int
		want      stats
		dis       bool
	}{
		{"wandering-son", nil, 0, stats{5, 7, 2, 6, 6}, false},
		{"wandering-son", []string{"Torso"}, 0, stats{5, 7, 2, 5, 6}, false},
		{"wandering-son", []string{"Upper Limb"}, 0, stats{5, 6, 2, 6, 6}, false},
		{"wandering-son", []string{"Lower Limbs"}, 0, stats{4, 7, 2, 6, 6}, false},
		{"wandering-son", []string{"Head"}, 0, stats{5, 7, 2, 6, 6}, true},
		{"accursed-construct", []string{"Ligaments"}, 0, stats{2, 7, 1, 8, 5}, false},
		{"accursed-construct", []string{"Tissue", "Armature"}, 0, stats{4, 7, 1, 6, 5}, false},
		{"accursed-construct", []string{"Arsenal"}, 0, stats{4, 7, 1, 8, 5}, true},
		{"praetorians", []string{"The Sword"}, 2, stats{3, 4, 1, 5, 4}, false},
		{"praetorians", []string{"The Axe", "The Mace"}, 1, stats{3, 3, 1, 4, 5}, false},
		{"creature-wreathed-in-light", []string{"Head", "Upper Limb"}, 0, stats{5, 5, 1, 7, 9}, false},
		{"neonate-wurm", []string{"Mandible", "Upper Limbs", "Lower Limbs"}, 0, stats{4, 5, 2, 7, 5}, false},
		{"neonate-wurm", []string{"Antennae"}, 0, stats{6, 6, 2, 7, 5}, true},
	} {
		h := dataHunt(t, c.adversary, 1)
		for _, n := range c.exhaust {
			h.WoundLocation(loc(t, h, n), 5)
		}
		m := &h.M[int(h.Adv0)+c.model]
		if got := (stats{m.SPD, m.ATK, m.RNG, m.DEF, m.TER}); got != c.want || h.AdvDis != c.dis {
			t.Errorf("%s with %v exhausted: model %d has %+v (attacks at Disadvantage %v), want %+v (%v)",
				c.adversary, c.exhaust, c.model, got, h.AdvDis, c.want, c.dis)
		}
	}
}

// "Disadvantage to Attacks" applies to the Adversary's attacks.
func TestBlindedAttacksAtDisadvantage(t *testing.T) {
	h := dataHunt(t, "wandering-son", 1)
	adv := int(h.Adv0)
	h.WoundLocation(loc(t, h, "Head"), 5)
	h.M[0].Pos = geom.V(12, 12-h.M[adv].R-h.M[0].R-0.5)
	// The Dual-Wielder beside it, in reach with its blades: not Surrounded.
	h.M[2].Pos = h.M[0].Pos.Add(geom.V(-2*h.M[0].R-0.3, 0))
	if h.Surrounded(0) {
		t.Fatal("fixture: the target is Surrounded")
	}
	l := trace(h)
	act := &h.Sc.Adversary.Standard[sim.Jack]
	h.PerformCard(adv, act, []int8{0})
	at := l.of(sim.EvAttack)
	if len(at) != 1 || at[0].Dice.Adv >= 0 {
		t.Fatalf("a Blinded Son's attack: %+v, want Disadvantage", at)
	}
}

// The Accursed Construct's Core (Diffraction): when exhausted, every model
// within 10" suffers a Rating 8 Shooting Attack that Poisons on a success;
// it fires once.
func TestCoreDiffractionFiresOnce(t *testing.T) {
	hits := 0
	for seed := uint64(1); seed <= 40; seed++ {
		h := dataHunt(t, "accursed-construct", seed)
		adv := int(h.Adv0)
		h.M[0].Pos = geom.V(12, 5)  // about 5.4" away
		h.M[1].Pos = geom.V(20, 12) // about 6.4" away
		h.M[2].Pos = geom.V(1, 23)  // well beyond 10"
		l := trace(h)
		core := loc(t, h, "Core")
		h.WoundLocation(core, 5)
		if n := len(l.of(sim.EvTrigger)); n != 1 {
			t.Fatalf("exhausting the Core fired %d effects, want 1", n)
		}
		at := l.of(sim.EvAttack)
		if len(at) != 2 {
			t.Fatalf("Diffraction made %d attacks, want 2 (the models within 10\")", len(at))
		}
		for _, e := range at {
			if int(e.Model) != adv || e.Dice.Pool != 8 || e.N != int16(sim.ShootingAttack) || (e.Target != 0 && e.Target != 1) {
				t.Fatalf("Diffraction attack %+v: want a Rating 8 Shooting Attack on model 0 or 1", e)
			}
			tg := &h.M[e.Target]
			if tg.State == sim.Active && (e.Dice.Successes > 0) != tg.Conds.Has(sim.Poisoned) {
				t.Fatalf("model %d: %d Successes, Poisoned %v", e.Target, e.Dice.Successes, tg.Conds.Has(sim.Poisoned))
			}
			if e.Dice.Successes > 0 {
				hits++
			}
		}
		// More WNDs aimed at the exhausted Core go on; the effect does not fire again.
		h.WoundLocation(core, 3)
		if n := len(l.of(sim.EvTrigger)); n != 1 || len(l.of(sim.EvAttack)) != 2 {
			t.Fatalf("the Core's effect fired again (%d effects)", n)
		}
		if h.Loc[loc(t, h, "Arsenal")] != 2 {
			t.Fatalf("WNDs past the Core went elsewhere: Arsenal %d", h.Loc[loc(t, h, "Arsenal")])
		}
	}
	if hits == 0 {
		t.Fatal("Diffraction never hit")
	}
}

// Ch. 3's sample card, the Wandering Son's Ace (Sweeping Smash): +2 ATK
// +1 RNG; every Hostile model within RNG suffers a Melee Attack; models hit
// are pushed 2" away.
func TestSweepingSmash(t *testing.T) {
	var sawHit, sawMiss bool
	for seed := uint64(1); seed <= 100 && !(sawHit && sawMiss); seed++ {
		h := dataHunt(t, "wandering-son", seed)
		adv := int(h.Adv0)
		act := &h.Sc.Adversary.Standard[sim.Ace]
		if act.Name != "Sweeping Smash" || h.ActionRange(adv, act) != 3 {
			t.Fatalf("the Son's Ace is %s with RNG %v; want Sweeping Smash, RNG 3", act.Name, h.ActionRange(adv, act))
		}
		c := h.M[adv].Pos
		r := h.M[adv].R + h.M[0].R
		h.M[0].Pos = c.Add(geom.V(0, -(r + 2.9))) // 2.9" away: in RNG 3
		h.M[1].Pos = c.Add(geom.V(r+0.5, 0))      // 0.5" away
		h.M[2].Pos = c.Add(geom.V(-(r + 3.2), 0)) // 3.2" away: out of reach
		var cands []int8
		for k := 0; k < int(h.N); k++ {
			if h.CanTarget(adv, k, act) {
				cands = append(cands, int8(k))
			}
		}
		targets := h.Affected(adv, act, cands, nil)
		if len(targets) != 2 || targets[0]+targets[1] != 1 {
			t.Fatalf("Sweeping Smash affects %v, want models 0 and 1", targets)
		}
		var before [3]geom.Vec
		for i := range before {
			before[i] = h.M[i].Pos
		}
		l := trace(h)
		h.PerformCard(adv, act, targets)
		at := l.of(sim.EvAttack)
		if len(at) != 2 {
			t.Fatalf("%d attacks, want 2", len(at))
		}
		for _, e := range at {
			i := int(e.Target)
			if e.Dice.Pool != 9 || e.N != int16(sim.MeleeAttack) || int(e.Dice.DT) != h.Defence(i, sim.MeleeAttack) {
				t.Fatalf("attack %+v: want a Melee Attack of ATK 7 + 2 against MDEF %d", e, h.Defence(i, sim.MeleeAttack))
			}
			moved := h.M[i].Pos.Sub(before[i])
			if e.Dice.Successes == 0 {
				sawMiss = true
				if moved.Len() > 1e-4 {
					t.Fatalf("a missed model moved %v", moved)
				}
				continue
			}
			sawHit = true
			away := before[i].Sub(c).Norm()
			if h.M[i].Alive() && (moved.Sub(away.Scale(2)).Len() > 1e-3) {
				t.Fatalf("model %d was pushed %v, want 2\" straight away (%v)", i, moved, away.Scale(2))
			}
		}
		if h.M[2].Pos != before[2] {
			t.Fatal("the model out of reach was moved")
		}
	}
	if !sawHit || !sawMiss {
		t.Fatalf("hit %v, missed %v in 100 hunts", sawHit, sawMiss)
	}
}

// The Praetorians (Thread that Binds): a Praetorian whose locations are
// all exhausted falls; the hunt is won when all three have.
func TestPraetorianFalls(t *testing.T) {
	h := dataHunt(t, "praetorians", 1)
	a0 := int(h.Adv0)
	if h.NAdv != 3 || h.M[a0].WND != 10 {
		t.Fatalf("%d Praetorians with %d WNDs each", h.NAdv, h.M[a0].WND)
	}
	h.WoundLocation(loc(t, h, "The Sword's Flame"), 5)
	if !h.M[a0].Alive() || h.M[a0].WND != 5 {
		t.Fatal("the Sword fell with one location left")
	}
	h.WoundLocation(loc(t, h, "The Sword"), 5)
	if h.M[a0].Alive() || !h.M[a0+1].Alive() || !h.M[a0+2].Alive() || h.Rec.AdversaryDefeated {
		t.Fatal("exhausting the Sword's locations should fell the Sword alone")
	}
	h.WoundLocation(loc(t, h, "The Axe"), 20)
	if h.M[a0+1].Alive() || h.M[a0+2].Alive() || !h.Rec.AdversaryDefeated {
		t.Fatal("all locations exhausted, yet a Praetorian stands")
	}
}

// Spot Weakness selects a single Target: against the Praetorians a
// success marks the one Praetorian spotted, not the other two.
func TestSpotWeaknessMarksOnePraetorian(t *testing.T) {
	for seed := uint64(1); seed <= 100; seed++ {
		h := dataHunt(t, "praetorians", seed)
		a0 := int(h.Adv0)
		h.M[a0].Pos, h.M[a0+1].Pos, h.M[a0+2].Pos = geom.V(10, 12), geom.V(14, 12), geom.V(12, 16)
		h.M[0].Pos = geom.V(12, 9)
		if !h.Within(0, a0+1, 5) {
			t.Fatal("the Axe is not within 5\" of the spotter")
		}
		if !h.SpotWeakness(0, a0+1) {
			continue
		}
		for k := a0; k < a0+3; k++ {
			if got, want := h.M[k].Spotted, k == a0+1; got != want {
				t.Fatalf("Praetorian %d spotted: %v, want %v (only the Target)", k-a0, got, want)
			}
		}
		return
	}
	t.Fatal("Spot Weakness never succeeded")
}

// Cerulean Flame (R30): Hostile models within the triangle of the living
// Praetorians; with two left, those touching the segment between them.
func TestCeruleanFlameTriangle(t *testing.T) {
	h := dataHunt(t, "praetorians", 1)
	a0 := int(h.Adv0)
	h.M[a0].Pos, h.M[a0+1].Pos, h.M[a0+2].Pos = geom.V(6, 6), geom.V(18, 6), geom.V(12, 18)
	h.M[0].Pos = geom.V(12, 10) // inside
	h.M[1].Pos = geom.V(3, 20)  // outside
	h.M[2].Pos = geom.V(12, 6)  // on the Sword-Axe edge
	act := &h.Sc.Adversary.Standard[sim.Ace]
	if got := h.Affected(a0, act, nil, nil); len(got) != 2 || got[0] != 0 || got[1] != 2 {
		t.Fatalf("Cerulean Flame affects %v, want models 0 and 2", got)
	}
	h.SetState(a0+2, sim.Dead)
	if got := h.Affected(a0, act, nil, nil); len(got) != 1 || got[0] != 2 {
		t.Fatalf("with two Praetorians Cerulean Flame affects %v, want the model on their segment (2)", got)
	}
	h.SetState(a0+1, sim.Dead)
	if got := h.Affected(a0, act, nil, nil); len(got) != 0 {
		t.Fatalf("a lone Praetorian's Cerulean Flame affects %v", got)
	}
}

// Each Adversary's Hearts entries name the trees of chapter 12; the other
// suits name Aggressive, Defensive and Sentry.
func TestSuitTreesForEveryAdversary(t *testing.T) {
	A, D, S := sim.Aggressive, sim.Defensive, sim.Sentry
	for adv, hearts := range map[string][4]sim.Tree{
		"accursed-construct":         {S, S, A, A},
		"praetorians":                {D, A, A, D},
		"creature-wreathed-in-light": {D, D, A, D},
		"neonate-wurm":               {D, A, A, A},
		"wandering-son":              {A, D, A, A},
	} {
		h := dataHunt(t, adv, 1)
		h.ActFixed, h.ActPos = true, 0
		for c := range h.ActPile {
			h.ActPile[c] = uint8(c)
		}
		for c := uint8(0); c < 16; c++ {
			_, act, tree := h.DrawAction()
			rank, suit := c/4, c%4
			want := sim.Tree(suit)
			if suit == sim.Hearts {
				want = hearts[rank]
			}
			if tree != want {
				t.Errorf("%s: %s runs the %v tree (%s), want %v", adv, sim.CardName(c), tree, act.Name, want)
			}
		}
	}
}

// R22: a card that attacks costs 3 Ticks; one that does not costs
// self_card_ticks.
func TestCardTicks(t *testing.T) {
	for _, adv := range []string{"accursed-construct", "praetorians", "creature-wreathed-in-light", "neonate-wurm", "wandering-son"} {
		sc := compile(t, adv, "trio")
		a := &sc.Adversary
		for r := 0; r < 4; r++ {
			for _, act := range []*sim.CardAction{&a.Standard[r], &a.Special[r]} {
				want := int8(3)
				if act.Attack == sim.AttackNone {
					want = sc.Rules.SelfCardTicks
				}
				if act.Ticks != want {
					t.Errorf("%s: %s costs %d Ticks, want %d", adv, act.Name, act.Ticks, want)
				}
			}
		}
	}
}

// The Triumvirate: which Praetorian is deployed first (by a Scatter Roll
// from the centre) is determined at random, so the Sword and the Mace
// stand, on average, equally far from the centre.
func TestPraetoriansDeployInRandomOrder(t *testing.T) {
	sc := compile(t, "praetorians", "trio")
	var tmpl sim.Hunt
	tmpl.Init(sc)
	h := new(sim.Hunt)
	centre := geom.V(sc.Map.W/2, sc.Map.H/2)
	const n = 1000
	var sum, sum2 float64
	for k := uint64(0); k < n; k++ {
		h.Reset(&tmpl, 3, k)
		d := float64(h.M[h.Adv0].Pos.Dist(centre) - h.M[h.Adv0+2].Pos.Dist(centre))
		sum += d
		sum2 += d * d
	}
	mean := sum / n
	se := math.Sqrt((sum2/n - mean*mean) / n)
	if math.Abs(mean) > 4*se {
		t.Fatalf("the Sword stands %.2f\" nearer the centre than the Mace on average (± %.2f): it is always deployed first", -mean, 4*se)
	}
}

// R16: a Crit ability fires at most once per Turn, even when the card
// attacks several models; with the switch off, once per attack.
func TestCritOncePerTurn(t *testing.T) {
	for _, once := range []bool{true, false} {
		most := 0
		for seed := uint64(1); seed <= 300; seed++ {
			h := dataHunt(t, "accursed-construct", seed)
			h.Sc.Rules.CritOncePerTurn = once
			adv := int(h.Adv0)
			act := &h.Sc.Adversary.Standard[sim.Ace] // Rapid Barrage: Crit, Knocked Down
			for i := 0; i < 3; i++ {
				h.M[i].Pos = h.M[adv].Pos.Add(geom.Dir(uint8(85 * i)).Scale(3))
				h.M[i].Conds = h.M[i].Conds.With(sim.Defenceless) // DT 0: more hits, more Crits
			}
			h.PerformCard(adv, act, h.Affected(adv, act, nil, nil))
			n := 0
			for i := 0; i < 3; i++ {
				if h.M[i].Conds.Has(sim.KnockedDown) {
					n++
				}
			}
			most = max(most, n)
		}
		if once && most > 1 {
			t.Errorf("crit_once_per_turn: %d models Knocked Down by one Rapid Barrage", most)
		}
		if !once && most < 2 {
			t.Errorf("crit once per attack: never more than %d models Knocked Down in 300 Rapid Barrages", most)
		}
	}
}

// A Foe's Check rolls the stat its action names: ATK, TER or DEF.
func TestFoeCheckRollsItsStat(t *testing.T) {
	h := dataHunt(t, "praetorians", 1)
	adv := int(h.Adv0)
	chant := h.Sc.Adversary.Special[sim.Jack]
	if chant.Name != "War Chant" || !chant.HasCheck || !chant.CheckTER {
		t.Fatalf("the Praetorians' special Jack is %q (check %v, TER %v); want War Chant, a TER Check", chant.Name, chant.HasCheck, chant.CheckTER)
	}
	m := &h.M[adv]
	m.ATK, m.DEF, m.TER = 3, 5, 8
	for _, c := range []struct {
		name     string
		ter, def bool
		want     int
	}{{"atk", false, false, 3}, {"terror", true, false, 8}, {"def", false, true, 5}} {
		t.Run(c.name, func(t *testing.T) {
			act := chant
			act.CheckTER, act.CheckDEF = c.ter, c.def
			act.OnSuccess = sim.Ops{} // nothing but the Check
			l := trace(h)
			h.PerformCard(adv, &act, nil)
			ev := l.of(sim.EvCheck)
			if len(ev) != 1 || int(ev[0].Dice.Pool) != c.want {
				t.Fatalf("checks %+v, want one of %d dice", ev, c.want)
			}
		})
	}
}
