package cazadores

import (
	"testing"

	"balance/sim/dice"
	"balance/sim/geom"
)

// actionScenario is two Cazadores (the Actor, carrying weapons, a Sawbones
// Kit and a Ritual, and a Friend) against the Wandering Son, with a piece of
// Obscuring terrain beside the Actor.
func actionScenario(weapons ...uint8) *Scenario {
	a := caz("Actor", weapons...)
	for _, s := range []Skill{Athletics, Stealth, HuntSkill, Lore, Fortitude, Leadership} {
		a.Skills[s] = 1
	}
	a.NGear, a.Gear[0] = 1, 0
	a.NRituals, a.Rituals[0] = 1, 0
	sc := newScenario(a, caz("Friend", wHand))
	kit := GearDef{Name: "Sawbones Kit", Skill: Lore, DT: 5, Ammo: 3, MustReady: true, Hands: 2, Range: 1}
	kit.OnSuccess.Add(Op{Kind: OpRecoverWND, N: 5})
	sc.Gear = []GearDef{kit}
	sc.Rituals = []RitualDef{{Name: "Bolt", Range: 6, POW: 3}}
	addPiece(sc, geom.NewRect(13.2, 5, 14, 7), Obscuring)
	return sc
}

// actionHunt deals an actionScenario hunt: the Actor at (12, 6), the
// Friend at (10, 6), the Wandering Son at (12, 12), the Kit readied.
func actionHunt(seed uint64, weapons ...uint8) *Hunt {
	h := newHunt(actionScenario(weapons...), seed)
	h.M[0].Pos = geom.V(12, 6)
	h.M[1].Pos = geom.V(10, 6)
	h.M[h.Adv0].Pos = geom.V(12, 12)
	h.M[0].GearReady = 1
	return h
}

// Ch. 4, Actions Summary: the Tick cost of every Action (Pass: R1).
func TestActionTicksTable(t *testing.T) {
	h := actionHunt(1)
	want := map[ActionKind]int8{ActMove: 2, ActCoverGround: 3, ActAttack: 3, ActCastRitual: 4, ActDefend: 2, ActFocus: 2,
		ActHide: 3, ActParry: 4, ActReload: 1, ActSpotWeakness: 4, ActSwitch: 1, ActAid: 2, ActFlee: 3, ActPass: 1,
		ActRecover: 2, ActUseGear: 3}
	if len(want) != int(NumActions) {
		t.Fatal("sixteen Actions expected")
	}
	for k, n := range want {
		if got := h.ActionTicks(k); got != n {
			t.Errorf("%v costs %d Ticks, want %d", k, got, n)
		}
	}
	h.Sc.Rules.PassTicks = 2
	if h.ActionTicks(ActPass) != 2 || !h.Pass(0) || h.M[0].Clock != 3 {
		t.Errorf("with pass_ticks 2 a Pass should move the clock from 1 to 3, got %d", h.M[0].Clock)
	}
}

// Each Action taken for real pays its Ticks, with the weapon modifiers of
// chapter 7, whatever its outcome.
func TestActionTicksPaid(t *testing.T) {
	adv := func(h *Hunt) int { return int(h.Adv0) }
	melee := func(h *Hunt) { put(h, 0, adv(h), 0.3, 270) }
	contact := func(h *Hunt) { put(h, 0, adv(h), 0, 270) }
	spent := func(h *Hunt) { h.M[0].Loaded = 0 }
	for _, c := range []struct {
		name    string
		weapons []uint8
		setup   func(h *Hunt)
		act     func(h *Hunt) bool
		ticks   int8
	}{
		{"move", nil, nil, func(h *Hunt) bool { return h.Move(0, geom.V(2, 6), -1, 0) > 0 }, 2},
		{"cover ground", nil, nil, func(h *Hunt) bool { h.CoverGround(0, geom.V(2, 6), -1); return true }, 3},
		{"attack, hand weapon", []uint8{wHand}, melee, func(h *Hunt) bool { h.Attack(0, adv(h), 0); return true }, 3},
		{"attack, great weapon +1", []uint8{wGreat}, melee, func(h *Hunt) bool { h.Attack(0, adv(h), 0); return true }, 4},
		{"attack, whip -1", []uint8{wWhip}, melee, func(h *Hunt) bool { h.Attack(0, adv(h), 0); return true }, 2},
		{"attack, unarmed", nil, contact, func(h *Hunt) bool { h.Attack(0, adv(h), -1); return true }, 3},
		{"attack, crossbow", []uint8{wCrossbow}, nil, func(h *Hunt) bool { h.Attack(0, adv(h), 0); return true }, 3},
		{"attack, flintlock rifle +1", []uint8{wRifle}, nil, func(h *Hunt) bool { h.Attack(0, adv(h), 0); return true }, 4},
		{"attack, net +1", []uint8{wNet}, nil, func(h *Hunt) bool { h.Attack(0, adv(h), 0); return true }, 4},
		{"cast ritual", nil, nil, func(h *Hunt) bool { h.CastRitual(0, 0, adv(h)); return true }, 4},
		{"defend", nil, nil, func(h *Hunt) bool { return h.Defend(0) }, 2},
		{"focus", nil, nil, func(h *Hunt) bool { return h.FocusOn(0, true, 0) }, 2},
		{"hide", nil, nil, func(h *Hunt) bool { h.Hide(0); return true }, 3},
		{"parry", []uint8{wHand}, melee, func(h *Hunt) bool { h.Parry(0, adv(h)); return true }, 4},
		{"reload, bow", []uint8{wBow}, spent, func(h *Hunt) bool { return h.Reload(0, 0) }, 1},
		{"reload, crossbow +1", []uint8{wCrossbow}, spent, func(h *Hunt) bool { return h.Reload(0, 0) }, 2},
		{"reload, flintlock pistol +2", []uint8{wPistol}, spent, func(h *Hunt) bool { return h.Reload(0, 0) }, 3},
		{"reload, flintlock rifle +2", []uint8{wRifle}, spent, func(h *Hunt) bool { return h.Reload(0, 0) }, 3},
		{"spot weakness", nil, nil, func(h *Hunt) bool { h.SpotWeakness(0, adv(h)); return true }, 4},
		{"switch", []uint8{wHand, wShield}, nil, func(h *Hunt) bool { return h.Switch(0, 3) }, 1},
		{"aid", nil, nil, func(h *Hunt) bool { h.Aid(0, 1, Stunned); return true }, 2},
		{"flee", nil, func(h *Hunt) { h.M[0].Pos = geom.V(12, 1) }, func(h *Hunt) bool { h.Flee(0); return true }, 3},
		{"pass", nil, nil, func(h *Hunt) bool { return h.Pass(0) }, 1},
		{"recover", nil, nil, func(h *Hunt) bool { h.Recover(0, Stunned); return true }, 2},
		{"use gear", nil, func(h *Hunt) { put(h, 1, 0, 0.5, 180) }, func(h *Hunt) bool { h.UseGear(0, 0, 1); return true }, 3},
	} {
		for seed := uint64(1); seed <= 3; seed++ {
			h := actionHunt(seed, c.weapons...)
			if c.setup != nil {
				c.setup(h)
			}
			if !c.act(h) {
				t.Fatalf("%s: the Action was refused", c.name)
			}
			m := &h.M[0]
			if !m.acted || m.paid != c.ticks || m.Clock != loopClock(1, c.ticks) {
				t.Errorf("%s: paid %d Ticks (acted %v), clock %d; want %d Ticks, clock %d",
					c.name, m.paid, m.acted, m.Clock, c.ticks, loopClock(1, c.ticks))
			}
		}
	}
}

// Preconditions: a refused Action costs nothing.
func TestActionPreconditions(t *testing.T) {
	adv := func(h *Hunt) int { return int(h.Adv0) }
	at := func(gap float32) func(h *Hunt) { return func(h *Hunt) { put(h, 0, int(h.Adv0), gap, 270) } }
	for _, c := range []struct {
		name    string
		weapons []uint8
		setup   func(h *Hunt)
		try     func(h *Hunt) bool
		allowed bool
	}{
		{"flee 1.5\" from an Exit", nil, func(h *Hunt) { h.M[0].Pos = geom.V(12, 2.13) }, func(h *Hunt) bool { return h.CanAct(0, ActFlee) && h.NearExit(0) }, false},
		{"flee 0.9\" from an Exit", nil, func(h *Hunt) { h.M[0].Pos = geom.V(12, 1.53) }, func(h *Hunt) bool { return h.CanAct(0, ActFlee) && h.NearExit(0) }, true},
		{"flee refused away from an Exit", nil, nil, func(h *Hunt) bool { return h.Flee(0) || h.M[0].acted }, false},
		{"hide 1.5\" from Obscuring terrain", nil, func(h *Hunt) { h.M[0].Pos = geom.V(11.07, 6) }, func(h *Hunt) bool { return h.Hide(0) || h.M[0].acted }, false},
		{"hide 0.5\" from Obscuring terrain", nil, func(h *Hunt) { h.M[0].Pos = geom.V(12.07, 6) }, func(h *Hunt) bool { return h.CanHide(0) }, true},
		{"hide 0.5\" from Blocking terrain", nil, func(h *Hunt) {
			h.M[0].Pos = geom.V(3, 20)
			addPiece(h.Sc, geom.NewRect(1, 21.13, 5, 23), Blocking)
		}, func(h *Hunt) bool { return h.CanHide(0) }, true},
		{"hide 0.5\" from Difficult terrain", nil, func(h *Hunt) {
			h.M[0].Pos = geom.V(3, 20)
			addPiece(h.Sc, geom.NewRect(1, 21.13, 5, 23), Difficult)
		}, func(h *Hunt) bool { return h.CanHide(0) }, false},
		{"spot weakness at 5.5\"", nil, at(5.5), func(h *Hunt) bool { return h.SpotWeakness(0, adv(h)) || h.M[0].acted }, false},
		{"spot weakness at 4.5\"", nil, at(4.5), func(h *Hunt) bool { h.SpotWeakness(0, adv(h)); return h.M[0].acted }, true},
		{"spot weakness on a Friendly model", nil, nil, func(h *Hunt) bool { return h.SpotWeakness(0, 1) || h.M[0].acted }, false},
		{"aid at 3.5\"", nil, func(h *Hunt) { put(h, 1, 0, 3.5, 180) }, func(h *Hunt) bool { return h.Aid(0, 1, Stunned) || h.M[0].acted }, false},
		{"aid at 2.5\"", nil, func(h *Hunt) { put(h, 1, 0, 2.5, 180) }, func(h *Hunt) bool { h.Aid(0, 1, Stunned); return h.M[0].acted }, true},
		{"aid oneself", nil, nil, func(h *Hunt) bool { return h.Aid(0, 0, Stunned) || h.M[0].acted }, false},
		{"aid a Hostile model", nil, at(1), func(h *Hunt) bool { return h.Aid(0, adv(h), Stunned) || h.M[0].acted }, false},
		{"shoot at 2.5\" (minimum 3\")", []uint8{wBow}, at(2.5), func(h *Hunt) bool { return h.CanAttack(0, adv(h), 0) }, false},
		{"shoot at 3.5\"", []uint8{wBow}, at(3.5), func(h *Hunt) bool { return h.CanAttack(0, adv(h), 0) }, true},
		{"shoot at 8.5\" (bow 3-8\")", []uint8{wBow}, at(8.5), func(h *Hunt) bool { return h.CanAttack(0, adv(h), 0) }, false},
		{"pistol at 5.5\" (3-5\")", []uint8{wPistol}, at(5.5), func(h *Hunt) bool { return h.CanAttack(0, adv(h), 0) }, false},
		{"hand weapon at 1.5\"", []uint8{wHand}, at(1.5), func(h *Hunt) bool { return h.Attack(0, adv(h), 0) || h.M[0].acted }, false},
		{"hand weapon at 0.9\"", []uint8{wHand}, at(0.9), func(h *Hunt) bool { return h.CanAttack(0, adv(h), 0) }, true},
		{"great weapon at 1.9\"", []uint8{wGreat}, at(1.9), func(h *Hunt) bool { return h.CanAttack(0, adv(h), 0) }, true},
		{"unarmed at 0.1\"", nil, at(0.1), func(h *Hunt) bool { return h.CanAttack(0, adv(h), -1) }, false},
		{"unarmed in base contact", nil, at(0), func(h *Hunt) bool { return h.CanAttack(0, adv(h), -1) }, true},
		{"weapon not readied", []uint8{wHand, wSword}, at(0.5), func(h *Hunt) bool { return h.CanAttack(0, adv(h), 1) }, false},
		{"arcane weapon", []uint8{wBook}, at(0), func(h *Hunt) bool { return h.CanAttack(0, adv(h), 0) }, false},
		{"attack a Friendly model", []uint8{wHand}, func(h *Hunt) { put(h, 1, 0, 0.2, 180) }, func(h *Hunt) bool { return h.CanAttack(0, 1, 0) }, false},
		{"attack without LOS", []uint8{wBow}, func(h *Hunt) {
			addPiece(h.Sc, geom.NewRect(8, 8.5, 16, 9), Blocking)
		}, func(h *Hunt) bool { return h.CanAttack(0, adv(h), 0) }, false},
		{"shoot a spent weapon", []uint8{wBow}, func(h *Hunt) { h.M[0].Loaded = 0 }, func(h *Hunt) bool { return h.CanAttack(0, adv(h), 0) }, false},
		{"shoot with no Ammo", []uint8{wBow}, func(h *Hunt) { h.M[0].Ammo[0] = 0 }, func(h *Hunt) bool { return h.CanAttack(0, adv(h), 0) }, false},
		{"reload a loaded weapon", []uint8{wBow}, nil, func(h *Hunt) bool { return h.Reload(0, 0) || h.M[0].acted }, false},
		{"reload a spent weapon", []uint8{wBow}, func(h *Hunt) { h.M[0].Loaded = 0 }, func(h *Hunt) bool { return h.CanReload(0, 0) }, true},
		{"reload with no Ammo left", []uint8{wBow}, func(h *Hunt) { h.M[0].Loaded, h.M[0].Ammo[0] = 0, 0 }, func(h *Hunt) bool { return h.CanReload(0, 0) }, false},
		{"reload a melee weapon", []uint8{wHand}, func(h *Hunt) { h.M[0].Loaded = 0 }, func(h *Hunt) bool { return h.CanReload(0, 0) }, false},
		{"switch to three hands", []uint8{wGreat, wHand}, nil, func(h *Hunt) bool { return h.Switch(0, 3) || h.M[0].acted }, false},
		{"switch to sword and shield", []uint8{wGreat, wSword, wShield}, nil, func(h *Hunt) bool { return h.Switch(0, 6) }, true},
		{"switch to a slot not carried", []uint8{wHand}, nil, func(h *Hunt) bool { return h.Switch(0, 4) || h.M[0].acted }, false},
		{"focus shift of 3", nil, nil, func(h *Hunt) bool { return h.FocusOn(0, false, 3) || h.M[0].acted }, false},
		{"focus shift of -2", nil, nil, func(h *Hunt) bool { return h.FocusOn(0, false, -2) }, true},
		{"gear not readied", nil, func(h *Hunt) { h.M[0].GearReady = 0; put(h, 1, 0, 0.5, 180) }, func(h *Hunt) bool { return h.UseGear(0, 0, 1) || h.M[0].acted }, false},
		{"gear with no Ammo", nil, func(h *Hunt) { h.M[0].GearAmmo[0] = 0; put(h, 1, 0, 0.5, 180) }, func(h *Hunt) bool { return h.CanUseGear(0, 0, 1) }, false},
		{"gear out of range", nil, func(h *Hunt) { put(h, 1, 0, 1.5, 180) }, func(h *Hunt) bool { return h.CanUseGear(0, 0, 1) }, false},
		{"gear in range", nil, func(h *Hunt) { put(h, 1, 0, 0.5, 180) }, func(h *Hunt) bool { return h.CanUseGear(0, 0, 1) }, true},
		{"ritual out of range", nil, at(6.5), func(h *Hunt) bool { return h.CastRitual(0, 0, adv(h)) || h.M[0].acted }, false},
		{"ritual already cast", nil, func(h *Hunt) { h.M[0].Cast = 1 }, func(h *Hunt) bool { return h.CanCast(0, 0, adv(h)) }, false},
		{"a second Action", []uint8{wHand}, func(h *Hunt) { h.Defend(0) }, func(h *Hunt) bool {
			return h.CanAct(0, ActMove) || h.CanAct(0, ActAttack) || h.Pass(0)
		}, false},
	} {
		h := actionHunt(1, c.weapons...)
		if c.setup != nil {
			c.setup(h)
		}
		clock, acted := h.M[0].Clock, h.M[0].acted
		if got := c.try(h); got != c.allowed {
			t.Errorf("%s: allowed %v, want %v", c.name, got, c.allowed)
		}
		if !c.allowed && !acted && (h.M[0].acted || h.M[0].Clock != clock) {
			t.Errorf("%s: a refused Action cost Ticks (clock %d -> %d)", c.name, clock, h.M[0].Clock)
		}
	}
}

// Shots spend Ammo and leave the weapon to be reloaded; Reload readies the
// next shot without refilling (R41); after three shots the bow is done.
func TestShootingAmmoAndReload(t *testing.T) {
	h := actionHunt(1, wBow)
	adv := int(h.Adv0)
	for shot := 1; shot <= 3; shot++ {
		h.beginTurn(0)
		if !h.CanAttack(0, adv, 0) {
			t.Fatalf("shot %d refused", shot)
		}
		h.Attack(0, adv, 0)
		if h.M[0].Loaded != 0 || int(h.M[0].Ammo[0]) != 3-shot {
			t.Fatalf("after shot %d: loaded %b, Ammo %d", shot, h.M[0].Loaded, h.M[0].Ammo[0])
		}
		h.beginTurn(0)
		if h.CanAttack(0, adv, 0) {
			t.Fatalf("a spent bow may shoot after shot %d", shot)
		}
		reloaded := h.Reload(0, 0)
		if shot < 3 && (!reloaded || h.M[0].Loaded != 1 || int(h.M[0].Ammo[0]) != 3-shot) {
			t.Fatalf("reload after shot %d: %v, loaded %b, Ammo %d", shot, reloaded, h.M[0].Loaded, h.M[0].Ammo[0])
		}
		if shot == 3 && reloaded {
			t.Fatal("reloaded with no Ammo left")
		}
	}
	h.beginTurn(0)
	if h.CanAttack(0, adv, 0) {
		t.Fatal("the bow shot a fourth time")
	}
}

// Move: up to SPD; a Move toward a Hostile model stops at base contact.
func TestMoveEffect(t *testing.T) {
	h := actionHunt(1)
	h.SetState(1, Dead)
	if d := h.Move(0, geom.V(2, 6), -1, 0); !near(d, 5, 1e-3) || !near(h.M[0].Pos.X, 7, 1e-3) {
		t.Fatalf("Move of SPD 5 toward a far goal went %v to %v", d, h.M[0].Pos)
	}
	h.beginTurn(0)
	if d := h.Move(0, geom.V(9, 6), -1, 0); !near(d, 2, 1e-3) {
		t.Fatalf("Move toward a goal 2\" away went %v", d)
	}
	h = actionHunt(1)
	adv := int(h.Adv0)
	put(h, 0, adv, 3, 270)
	h.Move(0, h.M[adv].Pos, adv, 0)
	if e := h.Edge(0, adv); e > 0.05 {
		t.Fatalf("a Move to the Adversary 3\" away ended %v\" from it", e)
	}
}

// Cover Ground: an Athletics Check (no DT: R14); SPD + 1" per Success on a
// success, no move on a failure.
func TestCoverGroundEffect(t *testing.T) {
	moved, stayed := 0, 0
	for seed := uint64(1); seed <= 200; seed++ {
		h := actionHunt(seed)
		h.SetState(1, Dead)
		l := traced(h)
		d := h.CoverGround(0, geom.V(0.7, 6), -1)
		ch := l.of(EvCheck)
		if len(ch) != 1 || ch[0].Dice.Pool != 5 || ch[0].Dice.DT != 0 {
			t.Fatalf("seed %d: Cover Ground checks %+v, want one Athletics Check of pool 5 (PROW 4 + 1), DT 0", seed, ch)
		}
		s := float32(ch[0].Dice.Successes)
		if s == 0 {
			stayed++
			if d != 0 || h.M[0].Pos != geom.V(12, 6) {
				t.Fatalf("seed %d: a failed Cover Ground moved %v", seed, d)
			}
			continue
		}
		moved++
		if !near(d, 5+s, 1e-3) {
			t.Fatalf("seed %d: %v Successes moved %v\", want %v", seed, s, d, 5+s)
		}
	}
	if moved == 0 || stayed == 0 {
		t.Fatalf("Cover Ground succeeded %d and failed %d times", moved, stayed)
	}
	// Pool 0 always fails.
	h := actionHunt(1)
	h.Sc.Pack[0].Attr[PROW], h.Sc.Pack[0].Skills[Athletics] = 0, 0
	if d := h.CoverGround(0, geom.V(2, 6), -1); d != 0 || h.M[0].paid != 3 {
		t.Fatalf("pool 0 Cover Ground moved %v, paid %d", d, h.M[0].paid)
	}
}

// foeStrike has the Wandering Son make its Jack (Overhead Slam) on model
// t and returns the attack event.
func foeStrike(t *testing.T, h *Hunt, l *eventLog, card int, tgt int) Event {
	t.Helper()
	act := &h.Sc.Adversary.Standard[card]
	h.beginTurn(int(h.Adv0))
	n := len(l.of(EvAttack))
	h.PerformCard(int(h.Adv0), act, []int8{int8(tgt)})
	at := l.of(EvAttack)
	if len(at) == n {
		t.Fatal("the Foe made no attack")
	}
	return at[n]
}

// Defend: Attacks against the model are at Disadvantage until the start of
// its next Turn.
func TestDefendEffect(t *testing.T) {
	h := actionHunt(1, wHand)
	put(h, 0, int(h.Adv0), 0.5, 270)
	put(h, 1, 0, 0.3, 180) // a Friend in reach: the Cazador is not Surrounded
	l := traced(h)
	if !h.Defend(0) || !h.M[0].Defending {
		t.Fatal("Defend refused")
	}
	if e := foeStrike(t, h, l, Jack, 0); e.Dice.Adv != dice.Disadvantage || e.Dice.Pool != 7 || e.Dice.DT != 4 {
		t.Fatalf("attack on a defending model: pool %d DT %d %v; want pool 7, DT 4 (PROW 4), disadvantage", e.Dice.Pool, e.Dice.DT, e.Dice.Adv)
	}
	h.beginTurn(0)
	if h.M[0].Defending {
		t.Fatal("Defend outlasted the start of the model's next Turn")
	}
	if e := foeStrike(t, h, l, Jack, 0); e.Dice.Adv != dice.Normal {
		t.Fatalf("attack after the stance ended: %v", e.Dice.Adv)
	}
}

// Focus (Advantage): the next Attack has Advantage; a free Move does not
// spend it, any other Action loses it (R50).
func TestFocusAdvantage(t *testing.T) {
	for _, c := range []struct {
		name    string
		between func(h *Hunt)
		want    dice.Adv
	}{
		{"next Attack", func(h *Hunt) {}, dice.Advantage},
		{"after a free Move", func(h *Hunt) { h.FreeMove(0, h.M[0].Pos, -1, 0) }, dice.Advantage},
		{"after a Move Action", func(h *Hunt) { h.Move(0, h.M[0].Pos.Add(geom.V(-0.1, 0)), -1, 0); h.beginTurn(0) }, dice.Normal},
		{"after Defend", func(h *Hunt) { h.Defend(0); h.beginTurn(0) }, dice.Normal},
	} {
		h := actionHunt(1, wHand)
		adv := int(h.Adv0)
		put(h, 0, adv, 0.5, 270)
		l := traced(h)
		h.FocusOn(0, true, 0)
		h.beginTurn(0)
		c.between(h)
		h.Attack(0, adv, 0)
		if e := l.lastAttack(t); e.Dice.Adv != c.want {
			t.Errorf("%s: the Attack rolled %v, want %v", c.name, e.Dice.Adv, c.want)
		}
		// Spent by the Attack.
		h.beginTurn(0)
		h.Attack(0, adv, 0)
		if e := l.lastAttack(t); e.Dice.Adv != dice.Normal {
			t.Errorf("%s: the Focus lasted past its Attack", c.name)
		}
	}
}

// Focus (shift): every WND dealt by the next Attack has its hit-location
// card moved, clamped to 2..10 (R25).
func TestFocusShift(t *testing.T) {
	for _, c := range []struct {
		card  uint8
		shift int8
		loc   int
	}{{9, 1, 0}, {8, 2, 0}, {9, 2, 0}, {3, 2, 2}, {3, -2, 3}, {7, -2, 2}, {5, -2, 3}, {10, -1, 1}} {
		hits := 0
		for seed := uint64(1); seed <= 60 && hits < 3; seed++ {
			h := actionHunt(seed, wSword)
			adv := int(h.Adv0)
			put(h, 0, adv, 0.5, 270)
			for k := range h.HitPile {
				h.HitPile[k] = c.card
			}
			h.HitFixed = true
			h.FocusOn(0, false, c.shift)
			h.beginTurn(0)
			l := traced(h)
			if !h.Attack(0, adv, 0) {
				continue
			}
			hits++
			cards := l.of(EvHitCard)
			w := int(h.Rec.AdvWounds)
			if len(cards) != w || w == 0 {
				t.Fatalf("%d WNDs turned %d cards", w, len(cards))
			}
			want := min(max(int(c.card)+int(c.shift), 2), 10)
			for _, e := range cards {
				if int(e.N) != want {
					t.Fatalf("card %d shifted %d read %d, want %d", c.card, c.shift, e.N, want)
				}
			}
			if got := int(h.Sc.Adversary.Loc[c.loc].WND - h.Loc[c.loc]); got != min(w, 5) {
				t.Fatalf("card %d shifted %d: location %d took %d of %d WNDs", c.card, c.shift, c.loc, got, w)
			}
		}
		if hits == 0 {
			t.Fatalf("card %d shift %d: no hit in 60 hunts", c.card, c.shift)
		}
	}
}

// Hide: a Stealth Check against the highest ATK of Hostile models within
// 3"; success gives Hidden.
func TestHideEffect(t *testing.T) {
	for _, c := range []struct {
		gap    float32
		wantDT int8
	}{{2, 7}, {4, 0}} {
		hidden, seen := 0, 0
		for seed := uint64(1); seed <= 100; seed++ {
			h := actionHunt(seed)
			adv := int(h.Adv0)
			h.M[adv].Pos = h.M[0].Pos.Add(geom.V(-(c.gap + packR + advR), 0))
			l := traced(h)
			ok := h.Hide(0)
			e := l.of(EvCheck)
			if len(e) != 1 || e[0].Dice.DT != c.wantDT || e[0].Dice.Pool != 5 {
				t.Fatalf("Adversary %v\" away: Hide rolled %+v, want pool 5 (SHRP 4 + 1) against DT %d", c.gap, e, c.wantDT)
			}
			if ok != (e[0].Dice.Successes > 0) || ok != h.M[0].Conds.Has(Hidden) {
				t.Fatalf("seed %d: Hide returned %v, Hidden %v, %d Successes", seed, ok, h.M[0].Conds.Has(Hidden), e[0].Dice.Successes)
			}
			if ok {
				hidden++
			}
			seen++
		}
		if hidden == 0 || hidden == seen {
			t.Fatalf("Hide succeeded %d times of %d", hidden, seen)
		}
	}
}

// Parry: a Melee Check with DT the Target's ATK; the Target's next
// successful Melee Attack on the model is cancelled and answered with an
// Attack at Advantage; a Shooting Attack is not parried.
func TestParryEffect(t *testing.T) {
	cancelled := 0
	for seed := uint64(1); seed <= 300; seed++ {
		h := actionHunt(seed, wHand)
		adv := int(h.Adv0)
		put(h, 0, adv, 0.5, 270)
		l := traced(h)
		ok := h.Parry(0, adv)
		ch := l.of(EvCheck)
		if len(ch) != 1 || ch[0].Dice.DT != 7 || ch[0].Dice.Pool != 6 {
			t.Fatalf("Parry rolled %+v, want pool 6 against the Target's ATK 7", ch)
		}
		if !ok {
			if h.M[0].ParryOn != -1 {
				t.Fatal("a failed Parry set the stance")
			}
			continue
		}
		wnd := h.M[0].WND
		e := foeStrike(t, h, l, Jack, 0)
		if e.Dice.Successes == 0 {
			continue // a miss does not use the Parry
		}
		cancelled++
		if h.M[0].WND != wnd {
			t.Fatalf("seed %d: a parried attack dealt %d WNDs", seed, wnd-h.M[0].WND)
		}
		if len(l.of(EvParried)) != 1 || len(l.of(EvCounter)) != 1 {
			t.Fatalf("seed %d: no Parry or counter-attack was recorded", seed)
		}
		counter := l.lastAttack(t)
		if counter.Model != 0 || int(counter.Target) != adv || counter.Dice.Adv != dice.Advantage || counter.Dice.DT != 6 {
			t.Fatalf("seed %d: counter-attack %+v; want the Cazador at Advantage against DT 6", seed, counter)
		}
		if h.M[0].ParryOn != -1 {
			t.Fatal("the Parry outlived the attack it cancelled")
		}
		if cancelled > 5 {
			break
		}
	}
	if cancelled == 0 {
		t.Fatal("no parried attack hit in 300 hunts")
	}
	// A Shooting Attack is not cancelled; the stance ends at the next Turn.
	for seed := uint64(1); seed <= 300; seed++ {
		h := actionHunt(seed, wHand)
		adv := int(h.Adv0)
		put(h, 0, adv, 0.5, 270)
		l := traced(h)
		if !h.Parry(0, adv) {
			continue
		}
		e := foeStrike(t, h, l, King, 0) // Rock Throw: a Shooting Attack
		if e.Dice.Successes > 0 {
			if len(l.of(EvParried)) != 0 || h.M[0].ParryOn != int8(adv) {
				t.Fatal("a Shooting Attack was parried")
			}
			h.beginTurn(0)
			if h.M[0].ParryOn != -1 {
				t.Fatal("the Parry outlasted the start of the model's next Turn")
			}
			return
		}
	}
	t.Fatal("no Shooting Attack hit a parrying model")
}

// Spot Weakness: a Hunt Check with DT the Target's DEF; on a success the
// model and Friendly models attack it with Advantage for the rest of the
// Round.
func TestSpotWeaknessEffect(t *testing.T) {
	for seed := uint64(1); seed <= 100; seed++ {
		h := actionHunt(seed, wHand)
		adv := int(h.Adv0)
		put(h, 0, adv, 0.5, 270)
		put(h, 1, adv, 0.5, 200)
		l := traced(h)
		ok := h.SpotWeakness(0, adv)
		ch := l.of(EvCheck)
		if len(ch) != 1 || ch[0].Dice.DT != 6 || ch[0].Dice.Pool != 4 {
			t.Fatalf("Spot Weakness rolled %+v, want pool 4 (WIT 3 + Hunt 1) against DEF 6", ch)
		}
		if ok != h.M[adv].Spotted {
			t.Fatal("Spotted does not match the Check")
		}
		if !ok {
			continue
		}
		for _, i := range []int{0, 1} {
			h.beginTurn(i)
			h.Attack(i, adv, 0)
			if e := l.lastAttack(t); e.Dice.Adv != dice.Advantage {
				t.Fatalf("model %d attacked a spotted Target at %v", i, e.Dice.Adv)
			}
		}
		want := dice.Normal
		if h.Surrounded(0) {
			want = dice.Advantage
		}
		if e := foeStrike(t, h, l, Jack, 0); e.Dice.Adv != want {
			t.Fatalf("the spotted Foe's own attack rolled %v, want %v", e.Dice.Adv, want)
		}
		h.endRound()
		h.beginTurn(1)
		h.Attack(1, adv, 0)
		if h.M[adv].Spotted || l.lastAttack(t).Dice.Adv != dice.Normal {
			t.Fatal("Spot Weakness outlasted the Round")
		}
		return
	}
	t.Fatal("Spot Weakness never succeeded")
}

// Switch: readies weapons within two hands; a Shield's Armour counts only
// while readied.
func TestSwitchAndShieldArmour(t *testing.T) {
	h := actionHunt(1, wGreat, wSword, wShield)
	adv := int(h.Adv0)
	if got := h.Defence(0, MeleeAttack); got != 4 {
		t.Fatalf("MDEF with a Great Weapon readied: %d, want 4 (PROW 4, no armour)", got)
	}
	if !h.Switch(0, 6) || h.M[0].Readied != 6 {
		t.Fatal("Switch to Sword and Shield refused")
	}
	if got := h.Defence(0, MeleeAttack); got != 5 {
		t.Fatalf("MDEF with a Shield readied: %d, want 5", got)
	}
	if got := h.Defence(0, ShootingAttack); got != 5 {
		t.Fatalf("SDEF with a Shield readied: %d, want 5", got)
	}
	put(h, 0, adv, 0.5, 270)
	h.beginTurn(0)
	if h.CanAttack(0, adv, 0) || !h.CanAttack(0, adv, 1) {
		t.Fatal("after the Switch only the readied Sword should attack")
	}
}

// Aid: a Leadership Check (DT 5); a Friendly model within 3" clears the
// Condition as if it succeeded at Recover.
func TestAidEffect(t *testing.T) {
	cleared := 0
	for seed := uint64(1); seed <= 100; seed++ {
		h := actionHunt(seed)
		h.M[1].Conds = h.M[1].Conds.With(Stunned).With(Poisoned)
		l := traced(h)
		ok := h.Aid(0, 1, Stunned)
		ch := l.of(EvCheck)
		if len(ch) != 1 || ch[0].Dice.DT != 5 || ch[0].Dice.Pool != 4 {
			t.Fatalf("Aid rolled %+v, want pool 4 (RES 3 + Leadership 1) against DT 5", ch)
		}
		if ok == h.M[1].Conds.Has(Stunned) || !h.M[1].Conds.Has(Poisoned) {
			t.Fatalf("seed %d: Aid %v left conditions %b", seed, ok, h.M[1].Conds)
		}
		if ok {
			cleared++
		}
	}
	if cleared == 0 {
		t.Fatal("Aid never succeeded")
	}
}

// Flee: within 1" of an Exit, an Athletics Check with DT 7; success leaves
// the hunt alive.
func TestFleeEffect(t *testing.T) {
	fled, stayed := 0, 0
	for seed := uint64(1); seed <= 100; seed++ {
		h := actionHunt(seed)
		h.M[0].Pos = geom.V(12, 1)
		h.M[0].Conds = h.M[0].Conds.With(Poisoned)
		h.Tick = 4
		l := traced(h)
		ok := h.Flee(0)
		ch := l.of(EvCheck)
		if len(ch) != 1 || ch[0].Dice.DT != 7 || ch[0].Dice.Pool != 5 {
			t.Fatalf("Flee rolled %+v, want pool 5 (PROW 4 + Athletics 1) against DT 7", ch)
		}
		if ok {
			fled++
			if h.M[0].State != Fled || h.M[0].Alive() || h.Rec.FledAt[0] != 4 || h.M[0].Conds != 0 {
				t.Fatalf("seed %d: fled model state %d, fled at %d", seed, h.M[0].State, h.Rec.FledAt[0])
			}
		} else {
			stayed++
			if h.M[0].State != Active {
				t.Fatal("a failed Flee removed the model")
			}
		}
	}
	if fled == 0 || stayed == 0 {
		t.Fatalf("Flee succeeded %d and failed %d times", fled, stayed)
	}
}

// Pass: 1 Tick (R1); a Turn without an Action is a Pass.
func TestPassEffect(t *testing.T) {
	h := actionHunt(1)
	h.beginTurn(0)
	h.FreeMove(0, geom.V(12, 5), -1, 0)
	h.endTurn(0)
	if h.M[0].Clock != 2 || !h.M[0].acted {
		t.Fatalf("a Turn with only the free Move: clock %d, want 2 (a Pass)", h.M[0].Clock)
	}
	h.beginTurn(0)
	h.Defend(0)
	h.endTurn(0)
	if h.M[0].Clock != 4 {
		t.Fatalf("a Turn with Defend: clock %d, want 4 (no extra Pass)", h.M[0].Clock)
	}
}

// Recover: a Fortitude Check with DT 5 clears the Condition chosen.
func TestRecoverEffect(t *testing.T) {
	cleared := 0
	for seed := uint64(1); seed <= 100; seed++ {
		h := actionHunt(seed)
		h.M[0].Conds = h.M[0].Conds.With(Burning).With(Stunned)
		l := traced(h)
		ok := h.Recover(0, Burning)
		ch := l.of(EvRecover)
		if len(ch) != 1 || ch[0].Dice.DT != 5 || ch[0].Dice.Pool != 4 || ch[0].Dice.Adv != dice.Normal {
			t.Fatalf("Recover rolled %+v, want pool 4 (RES 3 + Fortitude 1) against DT 5", ch)
		}
		if ok == h.M[0].Conds.Has(Burning) || !h.M[0].Conds.Has(Stunned) {
			t.Fatalf("seed %d: Recover %v left %b", seed, ok, h.M[0].Conds)
		}
		if ok {
			cleared++
		}
	}
	if cleared == 0 {
		t.Fatal("Recover never succeeded")
	}
}

// Use Gear (the Sawbones Kit): the gear's Check (Lore, DT 5); the Target
// recovers WNDs equal to Successes, at most 5; Ammo spent either way.
func TestUseGearEffect(t *testing.T) {
	healed := 0
	for seed := uint64(1); seed <= 100; seed++ {
		h := actionHunt(seed)
		put(h, 1, 0, 0.5, 180)
		h.M[1].WND = 2
		l := traced(h)
		ok := h.UseGear(0, 0, 1)
		ch := l.of(EvCheck)
		if len(ch) != 1 || ch[0].Dice.DT != 5 || ch[0].Dice.Pool != 4 {
			t.Fatalf("Use Gear rolled %+v, want pool 4 (WIT 3 + Lore 1) against DT 5", ch)
		}
		if h.M[0].GearAmmo[0] != 2 {
			t.Fatalf("Ammo %d after one use, want 2", h.M[0].GearAmmo[0])
		}
		want := int16(2)
		if ok {
			want += int16(min(int(ch[0].Dice.Successes), 5))
			healed++
		}
		if h.M[1].WND != want {
			t.Fatalf("seed %d: %d Successes healed the Friend to %d, want %d", seed, ch[0].Dice.Successes, h.M[1].WND, want)
		}
	}
	if healed == 0 {
		t.Fatal("the Kit never worked")
	}
}

// Cast Ritual: a Lore Check with DT 7; a Ritual succeeds once per hunt.
func TestCastRitualEffect(t *testing.T) {
	failed := false
	for seed := uint64(1); seed <= 200; seed++ {
		h := actionHunt(seed)
		adv := int(h.Adv0)
		l := traced(h)
		ok := h.CastRitual(0, 0, adv)
		ch := l.of(EvCheck)
		if len(ch) != 1 || ch[0].Dice.DT != 7 || ch[0].Dice.Pool != 4 {
			t.Fatalf("Cast Ritual rolled %+v, want pool 4 (WIT 3 + Lore 1) against DT 7", ch)
		}
		if !ok {
			failed = true
			if h.M[0].Cast != 0 {
				t.Fatal("a failed cast used up the Ritual")
			}
			h.beginTurn(0)
			if !h.CanCast(0, 0, adv) {
				t.Fatal("a Ritual that failed cannot be tried again")
			}
			continue
		}
		at := l.of(EvAttack)
		if len(at) != 1 || at[0].Dice.Pool != 3 || at[0].Dice.DT != 6 {
			t.Fatalf("the Ritual's attack %+v, want pool 3 (its POW) against DEF 6", at)
		}
		h.beginTurn(0)
		if h.CanCast(0, 0, adv) {
			t.Fatal("a Ritual was castable twice in one hunt")
		}
		if failed {
			return
		}
	}
	t.Fatal("casting never both failed and succeeded")
}

// Use Gear, Switch: a Must-Ready gear can be readied with Switch (ch. 4,
// Switch; ch. 5, Special Gear as Weapons). The Switch mask numbers the
// gear after the weapons.
func TestSwitchReadiesGear(t *testing.T) {
	h := actionHunt(1, wHand)
	h.M[0].GearReady = 0
	put(h, 1, 0, 0.5, 180)
	if !h.Switch(0, 1<<1) { // gear 0 (the two-handed Sawbones Kit) alone
		t.Fatal("Switch refused to ready the Sawbones Kit")
	}
	h.beginTurn(0)
	if !h.CanUseGear(0, 0, 1) {
		t.Fatal("the readied Sawbones Kit cannot be used")
	}
}

// Weapon abilities (ch. 7): the Net deals no WNDs and makes its Target
// Defenceless on a hit; the Torch's Crit sets it Burning, only on a Crit.
func TestWeaponAbilities(t *testing.T) {
	netHits := 0
	for seed := uint64(1); seed <= 100; seed++ {
		h := actionHunt(seed, wNet)
		adv := int(h.Adv0)
		l := traced(h)
		hit := h.Attack(0, adv, 0)
		if h.Rec.AdvWounds != 0 || hit != h.M[adv].Conds.Has(Defenceless) {
			t.Fatalf("Net: hit %v dealt %d WNDs, Defenceless %v", hit, h.Rec.AdvWounds, h.M[adv].Conds.Has(Defenceless))
		}
		if e := l.lastAttack(t); e.Dice.Pool != 6 || e.Dice.DT != 6 {
			t.Fatalf("Net: pool %d DT %d, want SHRP 4 + Shooting 2 against DEF 6", e.Dice.Pool, e.Dice.DT)
		}
		if hit {
			netHits++
		}
	}
	var crit, plain bool
	for seed := uint64(1); seed <= 400 && !(crit && plain); seed++ {
		h := actionHunt(seed, wTorch)
		adv := int(h.Adv0)
		put(h, 0, adv, 0.5, 270)
		l := traced(h)
		h.Attack(0, adv, 0)
		e := l.lastAttack(t)
		if e.Dice.Successes == 0 {
			continue
		}
		if e.Dice.Crits > 0 {
			crit = true
		} else {
			plain = true
		}
		if h.M[adv].Conds.Has(Burning) != (e.Dice.Crits > 0) {
			t.Fatalf("Torch: %d Crits, Burning %v", e.Dice.Crits, h.M[adv].Conds.Has(Burning))
		}
	}
	if netHits == 0 || !crit || !plain {
		t.Fatalf("Net hits %d, Torch crit seen %v, plain hit seen %v", netHits, crit, plain)
	}
}
