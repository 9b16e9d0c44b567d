package skirmish

import (
	"math"
	"testing"

	"balance/sim/geom"
)

// agrees checks a simulated share against the exact probability p at
// 4.5 standard errors of n draws.
func agrees(t *testing.T, what string, seed uint64, got float64, p float64, n int) {
	t.Helper()
	se := math.Sqrt(p * (1 - p) / float64(n))
	if math.Abs(got-p) > 4.5*se+1e-9 {
		t.Errorf("%s, seed %d: %.5f simulated, %.5f exact (se %.5f, n %d)", what, seed, got, p, se, n)
	}
}

// withinMean checks a simulated mean against the exact mean of a
// distribution (dist[k] = P(k)) at 4.5 standard errors.
func withinMean(t *testing.T, what string, seed uint64, got float64, dist []float64, n int) {
	t.Helper()
	var m, m2 float64
	for k, p := range dist {
		m += float64(k) * p
		m2 += float64(k*k) * p
	}
	se := math.Sqrt((m2 - m*m) / float64(n))
	if math.Abs(got-m) > 4.5*se+1e-9 {
		t.Errorf("%s, seed %d: mean %.4f simulated, %.4f exact (se %.4f, n %d)", what, seed, got, m, se, n)
	}
}

const exactN = 20000

// The Shoot action agrees with the exact odds of its opposed roll (TV-16's
// setup: P(hit), P(stun), the mean damage with criticals doubled and
// jams), on several seeds.
func TestShootingAgreesWithExact(t *testing.T) {
	a := soldier(SideA, 10, 2)
	a.shoot = 2
	tg := soldier(SideB, 10, 20)
	tg.health = 100
	cover := rect("barricade", 8, 18.9, 12, 19.5)
	cover.Cover = CoverLight
	s := setup(t, 30, 30, []fig{a, tg}, []Terrain{cover}, nil)
	o := Opposed{A: 2, D: 3, M: 0, R: 10, Crit: true, Jam: true}
	win, _, _ := o.P()
	_, pStun, _ := o.DamageSummary(StunDamage)
	dist := o.Damage(nil)
	b := &Battle{}
	for seed := uint64(1); seed <= 3; seed++ {
		var hits, stuns, dmg float64
		for k := 0; k < exactN; k++ {
			b.Reset(s, seed, uint64(k))
			b.pol = [3]Policy{passive{}, passive{}, passive{}}
			act(b, 0)
			b.Shoot(0, wCarbine, 1, -1)
			hits += float64(b.T.Hits[0])
			dmg += float64(b.T.Dealt[0])
			if b.Figs[1].Stunned() {
				stuns++
			}
		}
		agrees(t, "P(hit)", seed, hits/exactN, win, exactN)
		agrees(t, "P(stun)", seed, stuns/exactN, pStun, exactN)
		withinMean(t, "damage", seed, dmg/exactN, dist, exactN)
	}
}

// The Fight action agrees with the exact odds of an opposed roll: Fight
// +2 against +1 and a supporter (+2).
func TestMeleeAgreesWithExact(t *testing.T) {
	a := soldier(SideA, 10, 10)
	a.fight, a.health = 2, 100
	d := soldier(SideB, 10, 11)
	d.health = 100
	sup := soldier(SideB, 11, 10) // touches A only: supports B
	sup.health = 100
	s := setup(t, 30, 30, []fig{a, d, sup}, nil, nil)
	w, tie, _ := Opposed{A: 2, D: 3}.P()
	b := &Battle{}
	for seed := uint64(1); seed <= 3; seed++ {
		var won, lost float64
		for k := 0; k < exactN; k++ {
			b.Reset(s, seed, uint64(k))
			b.pol = [3]Policy{passive{}, passive{}, passive{}}
			act(b, 0)
			b.Fight(0, 1)
			won += float64(b.T.Won[0])
			lost += float64(b.T.Won[1])
		}
		agrees(t, "P(attacker wins)", seed, won/exactN, w, exactN)
		agrees(t, "P(tie)", seed, 1-(won+lost)/exactN, tie, exactN)
	}
}

// Target-number rolls in play: unlocking loot (Will +4 vs TN14), a
// grenade's landing (+3 vs TN12) and removal, swimming (Will +2 vs TN5),
// a power (AN 12, up to 2 Health exerted after the roll).
func TestTargetNumbersAgreeWithExact(t *testing.T) {
	a := soldier(SideA, 10, 10)
	a.will, a.shoot = 4, 1
	a.weapons = []uint8{wFrag, wHand}
	a.powers = []Power{{Name: "shield", AN: 12, Op: OpShield, Amount: 1}}
	s := setup(t, 30, 30, []fig{a, soldier(SideB, 25, 28)}, nil, []LootSpec{{Pos: geom.V(10, 10)}})
	pool := rect("pool", 0, 0, 30, 30)
	pool.Water = true
	a.will = 2
	sw := setup(t, 30, 30, []fig{a, soldier(SideB, 25, 28)}, []Terrain{pool}, nil)
	land, _, removed := GrenadeOdds(3)
	swimFail, swimDmg := SwimOdds(2, nil)
	b := &Battle{}
	for seed := uint64(1); seed <= 3; seed++ {
		var unlocked, landed, powered, swimFails, swimTaken float64
		for k := 0; k < exactN; k++ {
			b.Reset(s, seed, uint64(k))
			b.pol = [3]Policy{passive{}, passive{}, passive{}}
			act(b, 0)
			if b.Unlock(0, 0) {
				unlocked++
			}
			b.Reset(s, seed, uint64(k))
			act(b, 0)
			b.Throw(0, wFrag, geom.V(10, 15))
			landed += float64(b.T.GrenadesLanded)
			b.Reset(s, seed, uint64(k))
			act(b, 0)
			b.Power(0, 0, -1, 2, NoPowerMove, geom.Vec{})
			powered += float64(b.T.PowersOK)
			b.Reset(sw, seed, uint64(k))
			b.pol = [3]Policy{passive{}, passive{}, passive{}}
			act(b, 0)
			if b.T.SwimFails > 0 {
				swimFails++
			}
			swimTaken += float64(b.T.Taken[0])
		}
		agrees(t, "unlock Will +4 vs TN14", seed, unlocked/exactN, TN(LootTN, 4), exactN)
		agrees(t, "grenade +3 lands", seed, landed/exactN, land, exactN)
		agrees(t, "power AN 12 with 2 exerted", seed, powered/exactN, TN(12, 2), exactN)
		agrees(t, "swimming Will +2 fails", seed, swimFails/exactN, swimFail, exactN)
		withinMean(t, "swimming damage", seed, swimTaken/exactN, swimDmg, exactN)
	}
	// Removal (a miss by more than 6: d20 ≤ 2 at +3), read from the trace.
	var n float64
	for k := 0; k < exactN; k++ {
		b.Reset(s, 7, uint64(k))
		b.pol = [3]Policy{passive{}, passive{}, passive{}}
		rec := &recorder{}
		b.Trace = rec
		act(b, 0)
		b.Throw(0, wFrag, geom.V(10, 15))
		for _, e := range rec.events {
			if e.Kind == EvScatter && e.Why != "" {
				n++
			}
		}
		b.Trace = nil
	}
	agrees(t, "grenade +3 removed", 7, n/exactN, removed, exactN)
}
