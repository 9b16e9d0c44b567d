package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// McNemar returns the two-sided p-value of the exact McNemar test of
// paired binary outcomes: whether, among the discordant pairs (A succeeded
// and B failed: onlyA; B succeeded and A failed: onlyB), either kind is
// more common than chance allows. Under the null hypothesis that A and B
// succeed equally often, onlyA is Binomial(m, 1/2) given m = onlyA + onlyB,
// and
//
//	p = min(1, 2 · Σ_{k=0}^{min(onlyA, onlyB)} C(m, k) · 2^-m)
//
// (the exact binomial test, doubled one tail). With no discordant pair
// p = 1. The binomial CDF is gonum's distuv.Binomial.
func McNemar(onlyA, onlyB int64) (p float64) {
	if onlyA < 0 || onlyB < 0 {
		panic("stats: McNemar of a negative count")
	}
	m := onlyA + onlyB
	if m == 0 || onlyA == onlyB {
		return 1
	}
	k := min(onlyA, onlyB)
	tail := distuv.Binomial{N: float64(m), P: 0.5}.CDF(float64(k))
	return math.Min(1, 2*tail)
}

// PairedDiff estimates the difference pA - pB of two success probabilities
// measured on the same n = both + onlyA + onlyB + neither pairs, where
// both counts the pairs in which A and B succeeded, onlyA those in which
// only A did, and so on. The estimate is
//
//	δ = pA - pB = (onlyA - onlyB) / n
//
// and the interval is a hybrid score interval in the manner of Newcombe
// (1998): with (lA, uA) and (lB, uB) the Wilson intervals of pA = (both +
// onlyA)/n and pB = (both + onlyB)/n at level conf, and φ the correlation
// of the pairs,
//
//	φ = c / √((both+onlyA)(onlyB+neither)(both+onlyB)(onlyA+neither))
//
// where c = both·neither - onlyA·onlyB, or max(c - n/2, 0) when c > 0 (a
// continuity correction that keeps φ below 1, which would otherwise give
// an interval of no width when there are no discordant pairs), and φ = 0
// when a margin is 0,
//
//	low  = δ - √((pA-lA)² - 2φ(pA-lA)(uB-pB) + (uB-pB)²)
//	high = δ + √((uA-pA)² - 2φ(uA-pA)(pB-lB) + (pB-lB)²)
//
// clamped to [-1, 1]. Unlike the Wald interval δ ± z·√(onlyA + onlyB -
// (onlyA-onlyB)²/n)/n it keeps a width when there are few or no
// discordant pairs. N is n.
func PairedDiff(both, onlyA, onlyB, neither int64, conf float64) Estimate {
	n := both + onlyA + onlyB + neither
	e := Estimate{Conf: conf, N: n}
	if n <= 0 {
		e.Low, e.High = -1, 1
		e.Warnings = append(e.Warnings, "no pairs")
		return e
	}
	nn := float64(n)
	a := Proportion(both+onlyA, n, conf)
	b := Proportion(both+onlyB, n, conf)
	pa, pb := a.Value, b.Value
	d := pa - pb
	phi := 0.0
	if den := float64(both+onlyA) * float64(onlyB+neither) * float64(both+onlyB) * float64(onlyA+neither); den > 0 {
		c := float64(both)*float64(neither) - float64(onlyA)*float64(onlyB)
		if c > 0 {
			c = math.Max(c-nn/2, 0)
		}
		phi = c / math.Sqrt(den)
	}
	dlA, duA, dlB, duB := pa-a.Low, a.High-pa, pb-b.Low, b.High-pb
	lo := d - math.Sqrt(math.Max(0, dlA*dlA-2*phi*dlA*duB+duB*duB))
	hi := d + math.Sqrt(math.Max(0, duA*duA-2*phi*duA*dlB+dlB*dlB))
	e.Value, e.Low, e.High = float64(onlyA-onlyB)/nn, math.Max(-1, lo), math.Min(1, hi)
	if onlyA+onlyB < 10 {
		e.Warnings = append(e.Warnings, "fewer than 10 discordant pairs: the interval is approximate")
	}
	return e
}

// PairedMeanDiff estimates the mean of a paired difference d_i = x_i - y_i
// (two quantities measured on the same n units) from Σd and Σd², with the
// normal interval d̄ ± z·s_d/√n, s_d the standard deviation of the
// differences (n-1 in the denominator). It is Mean of the differences:
// the pairing enters through s_d, which is small when x and y move
// together.
func PairedMeanDiff(sumD, sumD2 float64, n int64, conf float64) Estimate {
	return Mean(sumD, sumD2, n, conf)
}

// PairedMeanP returns the two-sided p-value of the large-sample test that
// a paired difference has mean 0, from Σd and Σd² over n ≥ 2 pairs:
//
//	z = d̄ / (s_d/√n),  p = 2(1 - Φ(|z|))
//
// with s_d the standard deviation of the differences (n-1 in the
// denominator). When every difference is the same, p is 1 if it is 0
// and 0 otherwise.
func PairedMeanP(sumD, sumD2 float64, n int64) float64 {
	if n < 2 {
		panic("stats: PairedMeanP needs two pairs")
	}
	nn := float64(n)
	m := sumD / nn
	v := math.Max(0, (sumD2-nn*m*m)/(nn-1))
	return twoSided(m, v/nn)
}
