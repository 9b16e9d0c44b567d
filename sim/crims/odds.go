package crims

import (
	"math/big"
	"sync"
)

// The exact odds of the game's rolls, as fractions. They are what `odds`
// prints and what the tests hold the simulator to; the policies read
// float tables built from them (Tables).

// pSuccess is the chance that one regular die of each size succeeds:
// 6 or higher on a d8 (3/8), a d10 (1/2) and a d12 (7/12).
var pSuccess = [3]*big.Rat{big.NewRat(3, 8), big.NewRat(1, 2), big.NewRat(7, 12)}

// RegularDist returns the distribution of the regular successes of p:
// element k is P(k of its dice show 6 or higher), a convolution of one
// Bernoulli law per die.
func RegularDist(p Pool) []*big.Rat {
	dist := []*big.Rat{big.NewRat(1, 1)}
	add := func(n uint8, q *big.Rat) {
		nq := new(big.Rat).Sub(big.NewRat(1, 1), q)
		for range n {
			next := make([]*big.Rat, len(dist)+1)
			for i := range next {
				next[i] = new(big.Rat)
			}
			for k, pk := range dist {
				next[k].Add(next[k], new(big.Rat).Mul(pk, nq))
				next[k+1].Add(next[k+1], new(big.Rat).Mul(pk, q))
			}
			dist = next
		}
	}
	add(p.D8, pSuccess[0])
	add(p.D10, pSuccess[1])
	add(p.D12, pSuccess[2])
	return dist
}

// CheckDist returns the distribution of a check's successes after the
// Impact Die (when withImpact): with B the regular successes, a face of
// 1 gives max(B-1, 0), 2-5 give B, 6-9 give B+1 and 10 gives B+1, or
// B+2 when double (the player always takes "counts as two successes").
// Element k is P(k successes).
func CheckDist(p Pool, withImpact, double bool) []*big.Rat {
	reg := RegularDist(p)
	if !withImpact {
		return reg
	}
	out := make([]*big.Rat, len(reg)+2)
	for i := range out {
		out[i] = new(big.Rat)
	}
	tenth := big.NewRat(1, 10)
	four := big.NewRat(4, 10)
	for b, pb := range reg {
		add := func(k int, w *big.Rat) { out[k].Add(out[k], new(big.Rat).Mul(pb, w)) }
		add(max(b-1, 0), tenth) // face 1
		add(b, four)            // faces 2-5
		add(b+1, four)          // faces 6-9
		if double {
			add(b+2, tenth)
		} else {
			add(b+1, tenth)
		}
	}
	for len(out) > 1 && out[len(out)-1].Sign() == 0 {
		out = out[:len(out)-1]
	}
	return out
}

// AtLeast returns P(successes >= t) under dist (1 when t <= 0).
func AtLeast(dist []*big.Rat, t int) *big.Rat {
	s := new(big.Rat)
	for k := max(t, 0); k < len(dist); k++ {
		s.Add(s, dist[k])
	}
	return s
}

// Mean returns Σ k·dist[k].
func Mean(dist []*big.Rat) *big.Rat {
	s := new(big.Rat)
	for k, p := range dist {
		s.Add(s, new(big.Rat).Mul(p, big.NewRat(int64(k), 1)))
	}
	return s
}

// CheckOdds returns the distribution of successes of a check of n dice
// (the Impact Die among them, so n-1 regular d10s; no die at all when
// n <= 0) and P(successes >= threshold).
func CheckOdds(n, threshold int, double bool) (dist []*big.Rat, pSucc *big.Rat) {
	if n <= 0 {
		dist = []*big.Rat{big.NewRat(1, 1)}
	} else {
		dist = CheckDist(Regular(n-1), true, double)
	}
	return dist, AtLeast(dist, threshold)
}

// DamageOdds returns the distribution of the Wound Tokens a hunter's
// Damage check of w potential Wounds deals to a crim of Armor level
// armor, with up upgrades (the Impact 10 option, Momentum) taken first:
// w dice, the Impact Die among them, the regular ones upgraded up steps
// and then downgraded armor steps, chosen by the roller to lose the least
// (or by the opponent, to lose the most).
func DamageOdds(w, armor, up int, double, byOpponent bool) []*big.Rat {
	if w <= 0 {
		return []*big.Rat{big.NewRat(1, 1)}
	}
	p := Build(w, Mods{Up: int8(up), Down: int8(armor), DownByOpponent: byOpponent}, true)
	return CheckDist(p, true, double)
}

// ResistOdds returns the distribution of the Wounds a hunter takes from
// a Damage Resistance check of w potential Wounds with Armor level armor:
// w dice (the Impact Die among them), the regular ones upgraded armor
// steps; the Wounds taken are max(0, w - successes).
func ResistOdds(w, armor int, double bool) []*big.Rat {
	out := make([]*big.Rat, w+1)
	for i := range out {
		out[i] = new(big.Rat)
	}
	if w <= 0 {
		out[0].SetInt64(1)
		return out
	}
	p := Build(w, Mods{Up: int8(armor)}, true)
	for s, ps := range CheckDist(p, true, double) {
		k := max(w-s, 0)
		out[k].Add(out[k], ps)
	}
	return out
}

// PotentialWounds is the Damage Resistance check's potential Wounds when
// a crim's attack of damage hits a hunter whose Defense check rolled s
// successes against threshold t (s < t): the damage, plus the margin of
// failure less one, plus one more when no success was rolled.
func PotentialWounds(damage, t, s int) int {
	w := damage + (t - s - 1)
	if s == 0 {
		w++
	}
	return w
}

// AttackedOdds returns the distribution of the Wounds a hunter takes
// from one crim attack: a Defense check of defense dice against the
// crim's Fight or Shoot t (success: a miss, no Wound), then the Damage
// Resistance check of PotentialWounds dice upgraded by the hunter's
// armor. double applies to both checks.
func AttackedOdds(defense, t, damage, armor int, double bool) []*big.Rat {
	dist, _ := CheckOdds(defense, t, double)
	var out []*big.Rat
	grow := func(n int) {
		for len(out) < n {
			out = append(out, new(big.Rat))
		}
	}
	grow(1)
	for s, ps := range dist {
		if s >= t {
			out[0].Add(out[0], ps)
			continue
		}
		w := PotentialWounds(damage, t, s)
		for k, pk := range ResistOdds(w, armor, double) {
			grow(k + 1)
			out[k].Add(out[k], new(big.Rat).Mul(ps, pk))
		}
	}
	return out
}

// Floats converts a distribution to float64s.
func Floats(dist []*big.Rat) []float64 {
	out := make([]float64, len(dist))
	for i, p := range dist {
		out[i], _ = p.Float64()
	}
	return out
}

// Table bounds of Tables.
const (
	TableDice   = 16 // checks of up to this many dice
	TableT      = 12 // thresholds up to this
	TableArmor  = 6  // Armor levels up to this
	TableWounds = 16 // Damage checks of up to this many dice
)

// Tables are float forms of the exact odds, for policies: built once,
// read by every worker.
type Tables struct {
	// PCheck[n][t] is P(successes >= t) for a check of n dice, the
	// player taking "two successes" on an Impact 10 (clamped to the
	// table's bounds).
	PCheck [TableDice + 1][TableT + 1]float64
	// Damage[w][a][k] is P(at least k Wound Tokens) from a Damage check
	// of w dice against Armor a, the roller choosing the downgrades and
	// taking "two successes" on an Impact 10.
	Damage [TableWounds + 1][TableArmor + 1][TableWounds + 3]float64
	// MeanDamage[w][a] is the expected Wound Tokens of that check.
	MeanDamage [TableWounds + 1][TableArmor + 1]float64
}

var (
	tablesOnce sync.Once
	tables     *Tables
)

// OddsTables returns the float tables, built on first use.
func OddsTables() *Tables {
	tablesOnce.Do(func() {
		t := &Tables{}
		for n := 0; n <= TableDice; n++ {
			dist, _ := CheckOdds(n, 0, true)
			f := Floats(dist)
			for th := 0; th <= TableT; th++ {
				s := 0.0
				for k := th; k < len(f); k++ {
					s += f[k]
				}
				t.PCheck[n][th] = s
			}
		}
		for w := 0; w <= TableWounds; w++ {
			for a := 0; a <= TableArmor; a++ {
				f := Floats(DamageOdds(w, a, 0, true, false))
				mean := 0.0
				for k := len(f) - 1; k >= 0; k-- {
					mean += float64(k) * f[k]
					if k < len(t.Damage[w][a]) {
						t.Damage[w][a][k] = f[k]
						if k+1 < len(t.Damage[w][a]) {
							t.Damage[w][a][k] += t.Damage[w][a][k+1]
						}
					}
				}
				t.MeanDamage[w][a] = mean
			}
		}
		tables = t
	})
	return tables
}

// PHit is P(a check of n dice reaches threshold t), from the tables.
func (t *Tables) PHit(n, th int) float64 {
	if th <= 0 {
		return 1
	}
	if th > TableT {
		return 0
	}
	return t.PCheck[min(max(n, 0), TableDice)][th]
}

// PDamage is P(a Damage check of w dice against Armor a deals at least
// k Wound Tokens), from the tables.
func (t *Tables) PDamage(w, a, k int) float64 {
	if k <= 0 {
		return 1
	}
	w, a = min(max(w, 0), TableWounds), min(max(a, 0), TableArmor)
	if k >= len(t.Damage[w][a]) {
		return 0
	}
	return t.Damage[w][a][k]
}

// EDamage is the expected Wound Tokens of a Damage check of w dice
// against Armor a.
func (t *Tables) EDamage(w, a int) float64 {
	return t.MeanDamage[min(max(w, 0), TableWounds)][min(max(a, 0), TableArmor)]
}
