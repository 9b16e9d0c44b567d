package dice

import (
	"math"
	"math/big"
	"sort"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

var advs = []Adv{Normal, Advantage, Disadvantage}

// minPValue is the rejection level of every goodness-of-fit test in this
// package. All such tests use fixed seeds, so they are deterministic: they
// either always pass or always fail. The level is low so that a correct
// sampler is very unlikely to have been unlucky on the chosen seeds (each
// test has a 1e-4 chance of that when the seeds are picked blindly), while a
// real error of the size that would matter in simulations, with 200000
// draws, gives p-values many orders of magnitude smaller.
const minPValue = 1e-4

// chiSquare runs Pearson's goodness-of-fit test of the counts obs (of n
// draws in total) against the probabilities p. Cells whose expected count is
// below 5 are pooled, smallest first, into one cell holding at least 5.
// A draw in a cell of probability zero fails the test at once. It returns
// the statistic, the degrees of freedom and the p-value (1 when df < 1).
func chiSquare(t *testing.T, obs []int, p []float64, n int) (stat float64, df int, pval float64) {
	t.Helper()
	if len(obs) != len(p) {
		t.Fatalf("chiSquare: %d counts for %d probabilities", len(obs), len(p))
	}
	idx := make([]int, 0, len(p))
	for i := range p {
		if p[i] == 0 {
			if obs[i] != 0 {
				t.Fatalf("cell %d has probability 0 but %d draws", i, obs[i])
			}
			continue
		}
		idx = append(idx, i)
	}
	sort.Slice(idx, func(a, b int) bool { return p[idx[a]] < p[idx[b]] })
	var pooledE, pooledO float64
	cells := 0
	for _, i := range idx {
		e, o := p[i]*float64(n), float64(obs[i])
		if e < 5 || (pooledE > 0 && pooledE < 5) {
			pooledE += e
			pooledO += o
			continue
		}
		stat += (o - e) * (o - e) / e
		cells++
	}
	if pooledE > 0 {
		stat += (pooledO - pooledE) * (pooledO - pooledE) / pooledE
		cells++
	}
	df = cells - 1
	if df < 1 {
		return stat, df, 1
	}
	return stat, df, distuv.ChiSquared{K: float64(df)}.Survival(stat)
}

// ratThreshold returns P(T = t) for t = 0..10 as exact rationals, by
// enumerating the one or two difficulty dice.
func ratThreshold(dt int, a Adv) [11]*big.Rat {
	var pt [11]*big.Rat
	for i := range pt {
		pt[i] = new(big.Rat)
	}
	if a == Normal {
		w := big.NewRat(1, 10)
		for d := 1; d <= 10; d++ {
			pt[max(d, dt)].Add(pt[max(d, dt)], w)
		}
		return pt
	}
	w := big.NewRat(1, 100)
	for x := 1; x <= 10; x++ {
		for y := 1; y <= 10; y++ {
			k := min(x, y)
			if a == Disadvantage {
				k = max(x, y)
			}
			pt[max(k, dt)].Add(pt[max(k, dt)], w)
		}
	}
	return pt
}

// ratGivenT returns P(S = s, C = c | T = t) for a pool of n as an exact
// rational: the multinomial C(n,s)·C(s,c) times
// ((t-1)/10)^(n-s) · ((10-t)/10)^(s-c) · (1/10)^c.
func ratGivenT(n, t, s, c int) *big.Rat {
	num := new(big.Int).Binomial(int64(n), int64(s))
	num.Mul(num, new(big.Int).Binomial(int64(s), int64(c)))
	num.Mul(num, new(big.Int).Exp(big.NewInt(int64(t-1)), big.NewInt(int64(n-s)), nil))
	num.Mul(num, new(big.Int).Exp(big.NewInt(int64(10-t)), big.NewInt(int64(s-c)), nil))
	den := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
	return new(big.Rat).SetFrac(num, den)
}

// ratProb returns P(S = s, C = c) of a Check as an exact rational.
func ratProb(n, dt int, a Adv, s, c int) *big.Rat {
	pt := ratThreshold(dt, a)
	sum := new(big.Rat)
	for t := 1; t <= 10; t++ {
		if pt[t].Sign() == 0 {
			continue
		}
		sum.Add(sum, new(big.Rat).Mul(pt[t], ratGivenT(n, t, s, c)))
	}
	return sum
}

func ratFloat(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

// near reports whether got is within abs of want and, for relative error,
// within rel·|want|.
func near(got, want, abs, rel float64) bool {
	d := math.Abs(got - want)
	return d <= abs && d <= rel*math.Abs(want)+1e-300
}
