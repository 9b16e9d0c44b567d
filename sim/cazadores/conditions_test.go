package cazadores

import (
	"testing"

	"balance/sim/dice"
	"balance/sim/geom"
)

// condHunt is one Cazador (Hand Weapon; Athletics, Stealth and Fortitude 1)
// at (12, 6) and the Wandering Son at (12, 12).
func condHunt(seed uint64) *Hunt {
	d := caz("Cazador", wHand)
	d.Skills[Athletics], d.Skills[Stealth], d.Skills[Fortitude] = 1, 1, 1
	sc := newScenario(d)
	addPiece(sc, geom.NewRect(13.2, 5, 14, 7), Obscuring)
	h := newHunt(sc, seed)
	h.M[0].Pos = geom.V(12, 6)
	h.M[h.Adv0].Pos = geom.V(12, 12)
	return h
}

func give(h *Hunt, i int, cs ...Cond) {
	for _, c := range cs {
		h.M[i].Conds = h.M[i].Conds.With(c)
	}
}

// The Condition names match the rulebook's numbered table.
func TestConditionNumbering(t *testing.T) {
	names := []string{"bleeding", "burning", "defenceless", "freezing", "hidden", "knocked_down", "poisoned", "stunned", "terrified"}
	for k, n := range names {
		c := Cond(k + 1)
		if c.String() != n || CondByName(n) != c {
			t.Errorf("Condition %d is %q, want %q", k+1, c, n)
		}
	}
}

// 1. Bleeding: 1 WND after a Move or Cover Ground in which the model moved
// (free or paid); not after a 0" move or a forced move (R43).
func TestBleeding(t *testing.T) {
	for _, c := range []struct {
		name string
		act  func(h *Hunt)
		want int16
	}{
		{"free Move", func(h *Hunt) { h.FreeMove(0, geom.V(8, 6), -1, 0) }, 1},
		{"Move Action", func(h *Hunt) { h.Move(0, geom.V(8, 6), -1, 0) }, 1},
		{"free Move and Move Action", func(h *Hunt) { h.FreeMove(0, geom.V(8, 6), -1, 0); h.Move(0, geom.V(4, 6), -1, 0) }, 2},
		{"0\" free Move", func(h *Hunt) { h.FreeMove(0, h.M[0].Pos, -1, 0) }, 0},
		{"Defend", func(h *Hunt) { h.Defend(0) }, 0},
		{"push", func(h *Hunt) { h.push(0, h.M[h.Adv0].Pos, 2) }, 0},
		{"placement", func(h *Hunt) { h.place(0, geom.V(5, 5)) }, 0},
		{"Terrified flight", func(h *Hunt) { h.impose(0, Terrified, int(h.Adv0), -1) }, 0},
	} {
		h := condHunt(1)
		give(h, 0, Bleeding)
		c.act(h)
		if got := h.M[0].Taken; got != c.want {
			t.Errorf("%s: %d WNDs from Bleeding, want %d", c.name, got, c.want)
		}
	}
	// The zero-move switch.
	h := condHunt(1)
	h.Sc.Rules.BleedingOnZeroMove = true
	give(h, 0, Bleeding)
	h.FreeMove(0, h.M[0].Pos, -1, 0)
	if h.M[0].Taken != 1 {
		t.Error("bleeding_on_zero_move: a 0\" free Move should wound")
	}
	// Cover Ground: a wound only when the Check lets the model move.
	var moved, stayed bool
	for seed := uint64(1); seed <= 100 && !(moved && stayed); seed++ {
		h := condHunt(seed)
		give(h, 0, Bleeding)
		d := h.CoverGround(0, geom.V(1, 6), -1)
		want := int16(0)
		if d > 0 {
			want, moved = 1, true
		} else {
			stayed = true
		}
		if h.M[0].Taken != want {
			t.Fatalf("Cover Ground of %v\": %d WNDs, want %d", d, h.M[0].Taken, want)
		}
	}
	// Foes bleed too: the Adversary's WNDs go to its hit locations.
	h = condHunt(1)
	give(h, int(h.Adv0), Bleeding)
	h.FreeMove(int(h.Adv0), geom.V(20, 20), -1, 0)
	if h.Rec.AdvWounds != 1 || advWNDs(h) != 19 {
		t.Errorf("a bleeding Adversary that moved lost %d WNDs, want 1", h.Rec.AdvWounds)
	}
}

// 2. Burning: 4 WNDs at the end of the Round. 7. Poisoned: 1 WND at the end
// of the Round. Both last until cleared.
func TestBurningAndPoisonedAtEndOfRound(t *testing.T) {
	for _, c := range []struct {
		conds []Cond
		want  int16
	}{{[]Cond{Burning}, 4}, {[]Cond{Poisoned}, 1}, {[]Cond{Burning, Poisoned}, 5}, {nil, 0}, {[]Cond{Bleeding, Freezing}, 0}} {
		h := condHunt(1)
		give(h, 0, c.conds...)
		give(h, int(h.Adv0), c.conds...)
		for tick := uint8(1); tick < 10; tick++ {
			h.Tick = tick
			h.playTick(scriptPack{}, scriptFoes{})
		}
		if h.M[0].Taken != 0 {
			t.Fatalf("%v: WNDs before the end of the Round", c.conds)
		}
		h.Tick = 10
		h.endRound()
		if h.M[0].Taken != c.want || int(h.Rec.AdvWounds) != int(c.want) {
			t.Errorf("%v: the Cazador took %d and the Adversary %d WNDs at the end of the Round, want %d",
				c.conds, h.M[0].Taken, h.Rec.AdvWounds, c.want)
		}
		for _, k := range c.conds {
			if !h.M[0].Conds.Has(k) {
				t.Errorf("%v cleared at the end of the Round", k)
			}
		}
	}
	// Burning can kill.
	h := condHunt(1)
	give(h, 0, Burning)
	h.M[0].WND = 3
	h.endRound()
	if h.M[0].State != Dead || h.Rec.Outcome != PackSlain {
		t.Errorf("Burning at 3 WNDs: state %d, outcome %v", h.M[0].State, h.Rec.Outcome)
	}
}

// 7. Poisoned: Disadvantage on Fortitude Checks (Recover), for Pack models
// and Foes (R48); other Checks are unaffected.
func TestPoisonedFortitudeDisadvantage(t *testing.T) {
	h := condHunt(1)
	give(h, 0, Poisoned)
	l := traced(h)
	h.Recover(0, Poisoned)
	if e := l.of(EvRecover); len(e) != 1 || e[0].Dice.Adv != dice.Disadvantage || e[0].Dice.Pool != 4 {
		t.Fatalf("a Poisoned Recover rolled %+v, want pool 4 at Disadvantage", e)
	}
	h.beginTurn(0)
	h.CoverGround(0, geom.V(2, 6), -1)
	if e := l.of(EvCheck); len(e) != 1 || e[0].Dice.Adv != dice.Normal {
		t.Fatalf("a Poisoned Athletics Check rolled %+v, want Normal", e)
	}
	adv := int(h.Adv0)
	give(h, adv, Poisoned)
	h.beginTurn(adv)
	h.FoeRecover(adv)
	if e := l.of(EvRecover); len(e) != 2 || e[1].Dice.Adv != dice.Disadvantage || e[1].Dice.Pool != 6 || e[1].Dice.DT != 5 {
		t.Fatalf("a Poisoned Foe's Recover rolled %+v, want TER 6 against DT 5 at Disadvantage", e[len(e)-1])
	}
}

// 3. Defenceless: no DT (R13); 6. Knocked Down is Defenceless too.
func TestDefencelessHasDTZero(t *testing.T) {
	kinds := []AttackKind{MeleeAttack, ShootingAttack, TerrorAttack}
	for _, c := range []Cond{Defenceless, KnockedDown} {
		h := condHunt(1)
		adv := int(h.Adv0)
		put(h, 0, adv, 0.5, 270)
		for _, i := range []int{0, adv} {
			for _, k := range kinds {
				if h.Defence(i, k) == 0 {
					t.Fatalf("fixture: model %d has no %v Defence", i, k)
				}
			}
		}
		l := traced(h)
		give(h, adv, c)
		h.Attack(0, adv, 0)
		if e := l.lastAttack(t); e.Dice.DT != 0 {
			t.Errorf("Attack on a %v Adversary: DT %d", c, e.Dice.DT)
		}
		give(h, 0, c)
		for _, i := range []int{0, adv} {
			for _, k := range kinds {
				if d := h.Defence(i, k); d != 0 {
					t.Errorf("%v model %d sets DT %d against %v", c, i, d, k)
				}
			}
		}
		if e := foeStrike(t, h, l, Jack, 0); e.Dice.DT != 0 {
			t.Errorf("Attack on a %v Cazador: DT %d", c, e.Dice.DT)
		}
	}
}

// 4. Freezing: SPD -2 (never below 0) and Disadvantage on Athletics and
// Stealth Checks; the Wandering Son is immune.
func TestFreezing(t *testing.T) {
	h := condHunt(1)
	give(h, 0, Freezing)
	if h.SPD(0) != 3 {
		t.Fatalf("Freezing SPD %d, want 3", h.SPD(0))
	}
	if d := h.Move(0, geom.V(1, 6), -1, 0); !near(d, 3, 1e-3) {
		t.Fatalf("a Freezing Move went %v\", want 3", d)
	}
	h.M[0].SPD = 1
	if h.SPD(0) != 0 {
		t.Fatalf("Freezing on SPD 1: %d, want 0", h.SPD(0))
	}
	for _, c := range []struct {
		name string
		act  func(h *Hunt)
		kind EventKind
		want dice.Adv
	}{
		{"Cover Ground (Athletics)", func(h *Hunt) { h.CoverGround(0, geom.V(2, 6), -1) }, EvCheck, dice.Disadvantage},
		{"Flee (Athletics)", func(h *Hunt) { h.M[0].Pos = geom.V(12, 1); h.Flee(0) }, EvCheck, dice.Disadvantage},
		{"Hide (Stealth)", func(h *Hunt) { h.Hide(0) }, EvCheck, dice.Disadvantage},
		{"Recover (Fortitude)", func(h *Hunt) { h.Recover(0, Freezing) }, EvRecover, dice.Normal},
		{"Attack (Melee)", func(h *Hunt) { put(h, 0, int(h.Adv0), 0.5, 270); h.Attack(0, int(h.Adv0), 0) }, EvAttack, dice.Normal},
	} {
		h := condHunt(1)
		give(h, 0, Freezing)
		l := traced(h)
		c.act(h)
		if e := l.of(c.kind); len(e) != 1 || e[0].Dice.Adv != c.want {
			t.Errorf("Freezing %s rolled %+v, want %v", c.name, e, c.want)
		}
	}
	// Immunity: the Wandering Son is immune to Freezing, not to the rest.
	h = condHunt(1)
	adv := int(h.Adv0)
	h.impose(adv, Freezing, 0, -1)
	h.impose(adv, Burning, 0, -1)
	if h.M[adv].Conds.Has(Freezing) || !h.M[adv].Conds.Has(Burning) || !h.Immune(adv, Freezing) || h.Immune(0, Freezing) {
		t.Errorf("the Wandering Son's Conditions after Freezing and Burning: %b", h.M[adv].Conds)
	}
}

// 5. Hidden: not a Target for Foes' trees but still hit by attacks on all
// Hostile models; Advantage on the next Attack made while Hidden; any
// Action other than Move ends it; it expires at the end of the Round (R46).
func TestHidden(t *testing.T) {
	h := condHunt(1)
	adv := int(h.Adv0)
	put(h, 0, adv, 0.5, 270)
	act := &h.Sc.Adversary.Standard[Ace] // Sweeping Smash: all Hostile models in RNG
	if !h.CanTarget(adv, 0, act) {
		t.Fatal("fixture: the Cazador should be a valid Target")
	}
	give(h, 0, Hidden)
	if h.CanTarget(adv, 0, act) {
		t.Fatal("a Hidden model is a valid Target")
	}
	if got := h.Affected(adv, act, nil, nil); len(got) != 1 || got[0] != 0 {
		t.Fatalf("Sweeping Smash affects %v; the Hidden model in range should suffer it", got)
	}
	if got := h.Affected(adv, &h.Sc.Adversary.Standard[Jack], nil, nil); len(got) != 0 {
		t.Fatalf("a single-Target card affects %v with only a Hidden model in reach", got)
	}
	// Move and the free Move keep it; the Attack uses it, then ends it.
	h.FreeMove(0, h.M[0].Pos.Add(geom.V(0.1, 0)), -1, 0)
	h.Move(0, h.M[0].Pos.Add(geom.V(-0.1, 0)), -1, 0)
	if !h.M[0].Conds.Has(Hidden) {
		t.Fatal("moving ended Hidden")
	}
	h.beginTurn(0)
	l := traced(h)
	h.Attack(0, adv, 0)
	if e := l.lastAttack(t); e.Dice.Adv != dice.Advantage {
		t.Fatalf("an Attack made while Hidden rolled %v", e.Dice.Adv)
	}
	if h.M[0].Conds.Has(Hidden) {
		t.Fatal("Hidden survived an Attack")
	}
	// Any other Action ends it.
	for _, c := range []struct {
		name string
		act  func(h *Hunt)
	}{
		{"Defend", func(h *Hunt) { h.Defend(0) }},
		{"Focus", func(h *Hunt) { h.FocusOn(0, true, 0) }},
		{"Pass", func(h *Hunt) { h.Pass(0) }},
		{"Cover Ground", func(h *Hunt) { h.CoverGround(0, geom.V(2, 6), -1) }},
		{"Recover", func(h *Hunt) { h.Recover(0, Bleeding) }},
	} {
		h := condHunt(1)
		give(h, 0, Hidden)
		c.act(h)
		if h.M[0].Conds.Has(Hidden) {
			t.Errorf("Hidden survived %s", c.name)
		}
	}
	h = condHunt(1)
	give(h, 0, Hidden)
	h.endRound()
	if h.M[0].Conds.Has(Hidden) {
		t.Error("Hidden survived the end of the Round")
	}
}

// 6. Knocked Down: only Recover (not even the free Move, R44).
func TestKnockedDown(t *testing.T) {
	h := condHunt(1)
	give(h, 0, KnockedDown)
	for k := ActionKind(0); k < NumActions; k++ {
		if got := h.CanAct(0, k); got != (k == ActRecover) {
			t.Errorf("Knocked Down: %v allowed %v", k, got)
		}
	}
	if h.CanFreeMove(0) || h.FreeMove(0, geom.V(8, 6), -1, 0) != 0 || h.Move(0, geom.V(8, 6), -1, 0) != 0 {
		t.Error("a Knocked Down model moved")
	}
	if h.M[0].acted {
		t.Error("a refused Action was paid")
	}
	h.Recover(0, KnockedDown)
	if h.M[0].paid != 2 {
		t.Error("Recover refused")
	}
}

// 8. Stunned: only Move or Recover (the free Move included, R45).
func TestStunned(t *testing.T) {
	h := condHunt(1)
	give(h, 0, Stunned)
	for k := ActionKind(0); k < NumActions; k++ {
		if got := h.CanAct(0, k); got != (k == ActRecover || k == ActMove) {
			t.Errorf("Stunned: %v allowed %v", k, got)
		}
	}
	if !h.CanFreeMove(0) || h.FreeMove(0, geom.V(10, 6), -1, 0) == 0 {
		t.Error("a Stunned model lost its free Move")
	}
	put(h, 0, int(h.Adv0), 0.5, 270)
	if h.CanAttack(0, int(h.Adv0), 0) || h.CoverGround(0, geom.V(2, 6), -1) != 0 {
		t.Error("a Stunned model may attack or Cover Ground")
	}
	if h.Move(0, geom.V(9, 6), -1, 0) == 0 {
		t.Error("a Stunned model may not take the Move Action")
	}
}

// 9. Terrified: the model moves its SPD directly away from the Foe at
// once (a forced move), and may not move toward it afterwards (R47).
func TestTerrifiedFlight(t *testing.T) {
	h := condHunt(1)
	adv := int(h.Adv0)
	start := h.M[0].Pos
	d0 := start.Dist(h.M[adv].Pos)
	h.impose(0, Terrified, adv, -1)
	if !h.M[0].Conds.Has(Terrified) || int(h.M[0].Terrifier) != adv {
		t.Fatal("Terrified not imposed")
	}
	if d := h.M[0].Pos.Dist(h.M[adv].Pos); !near(d, d0+5, 1e-3) || !near(h.M[0].Pos.X, 12, 1e-3) {
		t.Fatalf("the Terrified model went to %v (%.2f\" from the Foe), want 5\" straight away (%.2f\")", h.M[0].Pos, d, d0+5)
	}
	if h.M[0].acted || h.M[0].Clock != 1 {
		t.Fatal("the flight cost Ticks")
	}
	// Not toward the Foe; away or sideways at the same distance is fine.
	p := h.M[0].Pos
	if h.Move(0, h.M[adv].Pos, adv, 0) != 0 || h.FreeMove(0, p.Add(geom.V(0, 2)), -1, 0) != 0 || h.M[0].Pos != p || h.M[0].acted {
		t.Fatal("a Terrified model moved toward its source")
	}
	if h.FreeMove(0, p.Add(geom.V(4, -1)), -1, 0) == 0 {
		t.Fatal("a Terrified model may not move away")
	}
	// Once cleared, it may.
	h.clear(0, Terrified)
	if h.M[0].Terrifier != -1 || h.Move(0, h.M[adv].Pos, adv, 0) == 0 {
		t.Fatal("a model no longer Terrified may not approach")
	}
}

// A Terrified model's move may not end closer to the Foe, even toward a
// goal that lies beyond the Foe (R47: "no later move may end closer to
// that Foe than it started").
func TestTerrifiedNoApproachPastSource(t *testing.T) {
	h := condHunt(1)
	adv := int(h.Adv0)
	h.impose(0, Terrified, adv, -1)
	before := h.Edge(0, adv)
	goal := geom.V(12, 23.5) // beyond the Foe, farther from it than the model is
	if goal.Dist(h.M[adv].Pos) <= h.M[0].Pos.Dist(h.M[adv].Pos) {
		t.Fatal("fixture: the goal should lie farther from the Foe")
	}
	h.Move(0, goal, -1, 0)
	h.beginTurn(0)
	h.FreeMove(0, goal, -1, 0)
	if after := h.Edge(0, adv); after < before-1e-3 {
		t.Fatalf("a Terrified model moved from %.2f\" to %.2f\" of the Foe that terrified it", before, after)
	}
}

// Ch. 4, Recover: a Foe with several Conditions clears one at random.
func TestFoeRecoverClearsOneAtRandom(t *testing.T) {
	cleared := map[Cond]int{}
	for seed := uint64(1); seed <= 400; seed++ {
		h := condHunt(seed)
		adv := int(h.Adv0)
		give(h, adv, Burning, Stunned, Poisoned)
		if !h.recoverCheck(adv) {
			if h.M[adv].Conds != CondSet(0).With(Burning).With(Stunned).With(Poisoned) {
				t.Fatal("a failed Recover cleared a Condition")
			}
			continue
		}
		n := 0
		for _, c := range []Cond{Burning, Stunned, Poisoned} {
			if !h.M[adv].Conds.Has(c) {
				cleared[c]++
				n++
			}
		}
		if n != 1 {
			t.Fatalf("a successful Recover cleared %d Conditions", n)
		}
	}
	for _, c := range []Cond{Burning, Stunned, Poisoned} {
		if cleared[c] < 20 {
			t.Errorf("%v cleared %d times: %v", c, cleared[c], cleared)
		}
	}
}
