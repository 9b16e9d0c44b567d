package cazadores

import (
	"math"
	"testing"

	configs "balance/configs/cazadores"
	sim "balance/sim/cazadores"
	"balance/sim/dice"
)

// tacticalTurn plays model 0's Turn with the Tactical policy and returns
// its trace.
func tacticalTurn(h *sim.Hunt) *tlog {
	l := traced(h)
	NewTactical().Turn(h, 0)
	return l
}

// The Dual-Wielder's Serrated Blade (POW 1) deals more WNDs per Tick than
// its Torch (POW -1): the expected-value choice takes the Blade.
func TestTacticalPicksHigherEV(t *testing.T) {
	prepareOdds()                  // attackEV reads the table a tactical policy makes
	h := packHunt(t, "trio", 2, 1) // Serrated Blade and Torch, both readied
	adv := int(h.Adv0)
	put(h, 0, adv, 0.5, 270)
	blade, _ := attackEV(h, 0, adv, 0, dice.Normal)
	torch, _ := attackEV(h, 0, adv, 1, dice.Normal)
	if blade <= torch {
		t.Fatalf("expected WNDs: blade %.3f, torch %.3f", blade, torch)
	}
	// E[S] + P(S>=1)·POW, pool PROW 5 + Melee 3 against DEF 6.
	want := dice.MeanSuccesses(8, 6, dice.Normal) + dice.PAtLeast(8, 6, dice.Normal, 1)
	if blade < want-1e-12 || blade > want+1e-12 {
		t.Fatalf("blade EV %.6f, want %.6f", blade, want)
	}
	s, _, ok := bestEV(h, 0, adv)
	if !ok || s != 0 {
		t.Fatalf("bestEV slot %d (ok %v), want the blade in slot 0", s, ok)
	}
	acts := tacticalTurn(h).actions(0)
	if len(acts) != 1 || acts[0].Action != sim.ActAttack || acts[0].N != 3 {
		t.Fatalf("Actions %+v, want one Attack of 3 Ticks", acts)
	}
}

func TestTacticalRecovers(t *testing.T) {
	for _, c := range []sim.Cond{sim.KnockedDown, sim.Stunned} {
		h := packHunt(t, "trio", 0, 1)
		put(h, 0, int(h.Adv0), 0.5, 270)
		h.M[0].Conds = h.M[0].Conds.With(c)
		if acts := tacticalTurn(h).actions(0); len(acts) != 1 || acts[0].Action != sim.ActRecover {
			t.Fatalf("%v: Actions %+v, want Recover", c, acts)
		}
	}
}

// A melee model that cannot reach the Adversary this Turn, which acts
// next, does not walk in alone: it stays out and Defends.
func TestTacticalNoLoneContact(t *testing.T) {
	h := packHunt(t, "duo", 0, 1) // the Bruiser alone: Great Weapon 2", SPD 4
	adv := int(h.Adv0)
	put(h, 0, adv, 8, 270)
	h.AdvClock = h.Tick + 1
	before := h.Edge(0, adv)
	acts := tacticalTurn(h).actions(0)
	if len(acts) != 1 || acts[0].Action != sim.ActDefend {
		t.Fatalf("Actions %+v, want Defend", acts)
	}
	if h.Edge(0, adv) < before-1e-3 || !h.M[0].Defending {
		t.Fatalf("moved from %.2f\" to %.2f\" of the Adversary", before, h.Edge(0, adv))
	}
	// With time to strike before the Adversary acts, it closes in.
	h = packHunt(t, "duo", 0, 1)
	put(h, 0, adv, 8, 270)
	h.AdvClock = h.Tick + 5
	if acts := tacticalTurn(h).actions(0); len(acts) != 1 || acts[0].Action != sim.ActMove {
		t.Fatalf("Adversary far off in time: Actions %+v, want Move", acts)
	}
}

// The Bow Hunter shoots from inside the Adversary's reach, then backs off
// with its free Move toward the far end of its range band.
func TestTacticalShooterBacksOff(t *testing.T) {
	h := packHunt(t, "duo", 2, 1) // Bow 3-8", SPD 5
	adv := int(h.Adv0)
	put(h, 0, adv, 3.5, 270)
	h.M[0].SlotCrit[0] = h.M[0].SlotCrit[0].With(sim.Poisoned) // the vial already used
	l := tacticalTurn(h)
	if at := l.of(sim.EvAttack); len(at) != 1 || at[0].Model != 0 {
		t.Fatalf("attacks %+v, want one shot", at)
	}
	if d := h.Edge(0, adv); d < 7 || d > 8 {
		t.Fatalf("%.2f\" from the Adversary after the Turn, want the far end of the band (7-8\")", d)
	}
	if h.Within(0, adv, h.MeleeReach(adv)+2) {
		t.Fatal("left within the Adversary's melee reach")
	}
}

// Over 3000 hunts against the Creature Wreathed in Light on the same
// seeds, the Tactical Pack wins more often than the Baseline: an exact
// one-sided sign test on the discordant pairs at 1%.
func TestTacticalBeatsBasic(t *testing.T) {
	if testing.Short() {
		t.Skip("3000 paired hunts")
	}
	sc := scenario(t, "creature-wreathed-in-light", configs.DefaultPack, configs.DefaultScenario)
	var tmpl sim.Hunt
	tmpl.Init(sc)
	h := new(sim.Hunt)
	b, tc := NewBaseline(), NewTactical()
	const n = 3000
	var onlyT, onlyB, winsB, winsT int
	for i := uint64(0); i < n; i++ {
		h.Reset(&tmpl, 1, i)
		h.Play(b, Foes{})
		x := h.Rec.Outcome == sim.PackWon
		h.Reset(&tmpl, 1, i)
		h.Play(tc, Foes{})
		y := h.Rec.Outcome == sim.PackWon
		switch {
		case x && !y:
			onlyB++
		case y && !x:
			onlyT++
		}
		if x {
			winsB++
		}
		if y {
			winsT++
		}
	}
	p := signTestP(onlyT, onlyT+onlyB)
	t.Logf("wins: basic %d, tactical %d of %d; discordant %d:%d, one-sided p = %.3g", winsB, winsT, n, onlyT, onlyB, p)
	if p >= 0.01 {
		t.Fatalf("tactical not better than basic at 1%%: p = %.3g", p)
	}
}

// signTestP is the exact one-sided p-value P(X >= k) for X ~ Binomial(m,
// 1/2), summed in log space so that large m does not underflow.
func signTestP(k, m int) float64 {
	lm, _ := math.Lgamma(float64(m + 1))
	p := 0.0
	for j := max(k, 0); j <= m; j++ {
		lj, _ := math.Lgamma(float64(j + 1))
		lr, _ := math.Lgamma(float64(m - j + 1))
		p += math.Exp(lm - lj - lr - float64(m)*math.Ln2)
	}
	return p
}

func TestSignTestP(t *testing.T) {
	for _, c := range []struct {
		k, m int
		want float64
	}{{0, 4, 1}, {4, 4, 1.0 / 16}, {3, 4, 5.0 / 16}, {2, 2, 0.25}, {1000, 1000, 0}, {500, 1000, 0.5126125090890564}} {
		if got := signTestP(c.k, c.m); got < c.want-1e-9 || got > c.want+1e-9 {
			t.Errorf("signTestP(%d, %d) = %g, want %g", c.k, c.m, got, c.want)
		}
	}
}

// bestAttack weighs its choice from the Check it worked out for it: the
// same figures as weighing the chosen weapon from scratch (sources and
// attackEV), for every member of the quartet and the trio, near and far,
// with and without the sources of (Dis)Advantage.
func TestBestAttackWeighsAsFromScratch(t *testing.T) {
	prepareOdds() // attackEV reads the table a tactical policy makes
	checked, shots := 0, 0
	for _, pack := range []string{"trio", "quartet"} {
		for member := 0; member < 4; member++ {
			if pack == "trio" && member == 3 {
				continue
			}
			for _, gap := range []float32{0.5, 1.5, 3, 8, 14} {
				for state := 0; state < 4; state++ {
					h := packHunt(t, pack, member, 1)
					adv := int(h.Adv0)
					put(h, 0, adv, gap, 270)
					switch state {
					case 1:
						h.M[adv].Spotted = true
					case 2:
						h.M[adv].Defending = true
					case 3:
						h.M[0].Focus = sim.FocusAdvantage
						h.M[adv].Marked = true
					}
					var o ownAttack
					ok := bestAttack(h, 0, adv, &o)
					s, rate, okEV := bestEV(h, 0, adv)
					if ok != okEV || (ok && (s != o.slot || rate != o.rate)) {
						t.Fatalf("%s %d gap %v state %d: bestAttack %v slot %d rate %v, bestEV %v slot %d rate %v",
							pack, member, gap, state, ok, o.slot, o.rate, okEV, s, rate)
					}
					if !ok {
						continue
					}
					kind := sim.MeleeAttack
					if h.Weapon(0, o.slot).Kind == sim.ShootingWeapon {
						kind = sim.ShootingAttack
					}
					a, d := sources(h, 0, adv, kind)
					now, ticks := attackEV(h, 0, adv, o.slot, dice.Net(a, d))
					with := 0.0
					if dice.Net(a, d) <= 0 {
						with, _ = attackEV(h, 0, adv, o.slot, dice.Net(a+1, d))
					}
					if o.adv != a || o.dis != d || o.a != dice.Net(a, d) || o.now != now || o.with != with || o.ticks != ticks {
						t.Fatalf("%s %d gap %v state %d: weighed %+v, from scratch adv %d dis %d now %v with %v ticks %d",
							pack, member, gap, state, o, a, d, now, with, ticks)
					}
					if rate != now/float64(ticks) {
						t.Fatalf("%s %d gap %v state %d: rate %v, from scratch %v", pack, member, gap, state, rate, now/float64(ticks))
					}
					checked++
					if kind == sim.ShootingAttack {
						shots++
					}
				}
			}
		}
	}
	t.Logf("%d attacks weighed, %d of them shots", checked, shots)
	if checked < 20 || shots == 0 {
		t.Fatalf("only %d attacks weighed, %d of them shots", checked, shots)
	}
}
