package crims

import (
	"math"
	"testing"

	"balance/sim/geom"
)

// within reports whether a share of n trials is within 4.5 standard
// errors of p.
func within(got, p float64, n int) bool {
	return math.Abs(got-p) <= 4.5*math.Sqrt(p*(1-p)/float64(n))+1e-12
}

// The checks a match rolls (through the policy's Impact 10 choice)
// agree with the exact P(success) of P-4, on several seeds.
func TestMatchChecksAgreeWithExact(t *testing.T) {
	const n = 20000
	sc := testScenario()
	for _, opt := range []ImpactOption{IoDouble, IoMomentum} {
		for seed := uint64(1); seed <= 3; seed++ {
			m, _ := newTestMatch(t, sc, &script{impact: opt}, geom.V(5, 5))
			m.Trace = nil
			m.Reset(seed, 0)
			for dice := 1; dice <= 6; dice++ {
				for th := 1; th <= 4; th++ {
					ok := 0
					for range n {
						var r Result
						if m.roll(0, m.setCheck(CkSpot, NoAttr, dice, th, Mods{}, -1, -1), &r); r.OK {
							ok++
						}
					}
					_, p := CheckOdds(dice, th, opt == IoDouble)
					pf, _ := p.Float64()
					if got := float64(ok) / n; !within(got, pf, n) {
						t.Errorf("%s, seed %d, N=%d T=%d: %.4f, exactly %.4f", ImpactOptions[opt].Name, seed, dice, th, got, pf)
					}
				}
			}
		}
	}
}

// P-6: the Damage checks of a match's attacks against Armor agree with
// the exact distribution of Wound Tokens.
func TestMatchDamageAgreesWithExact(t *testing.T) {
	const n = 30000
	sc := testScenario()
	for _, c := range []struct{ w, armor int }{{3, 1}, {3, 0}, {3, 3}, {5, 2}} {
		exact := Floats(DamageOdds(c.w, c.armor, 0, false, false))
		for seed := uint64(1); seed <= 3; seed++ {
			m, _ := newTestMatch(t, sc, &script{impact: IoMomentum}, geom.V(5, 5))
			m.Trace = nil
			m.Reset(seed, 1)
			count := make([]int, len(exact)+2)
			for range n {
				var r Result
				m.roll(0, m.setCheck(CkDamage, NoAttr, c.w, NoThreshold, Mods{Down: int8(c.armor)}, -1, -1), &r)
				count[r.S]++
			}
			for k, p := range exact {
				if got := float64(count[k]) / n; !within(got, p, n) {
					t.Errorf("W=%d Armor %d seed %d: P(%d) %.4f, exactly %.4f", c.w, c.armor, seed, k, got, p)
				}
			}
		}
	}
}

// P-7: the Wounds a crim's attack deals (Defense 3 against Fight 3,
// Damage 2, no Armor) agree with the exact mean, both readings of an
// Impact 10.
func TestMatchCrimAttackAgreesWithExact(t *testing.T) {
	const n = 30000
	sc := testScenario()
	sc.Crims[tThug].Fight = 3
	sc.Hunters[0].WoundMax = 20
	for _, opt := range []ImpactOption{IoMomentum, IoDouble} {
		dist := Floats(AttackedOdds(3, 3, 2, 0, opt == IoDouble))
		mean, sq := 0.0, 0.0
		for k, p := range dist {
			mean += float64(k) * p
			sq += float64(k*k) * p
		}
		sd := math.Sqrt(sq - mean*mean)
		for seed := uint64(1); seed <= 3; seed++ {
			m, _ := newTestMatch(t, sc, &script{impact: opt}, geom.V(5, 5))
			m.Trace = nil
			m.Reset(seed, 2)
			m.H[0].Pos = geom.V(5, 5)
			k := addCrim(m, tThug, geom.V(5, 6.2))
			total := 0
			for range n {
				m.H[0].Wounds, m.H[0].In = 0, true
				m.crimAttack(k, 0, false)
				total += int(m.H[0].Wounds)
			}
			got := float64(total) / n
			if math.Abs(got-mean) > 4.5*sd/math.Sqrt(n) {
				t.Errorf("%s seed %d: %.4f Wounds per attack, exactly %.4f", ImpactOptions[opt].Name, seed, got, mean)
			}
		}
	}
}
