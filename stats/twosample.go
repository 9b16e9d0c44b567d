package stats

import (
	"math"
	"sort"
)

// TwoProportions returns the two-sided p-value of the pooled z-test that
// two independent samples, k1 successes of n1 and k2 of n2, share one
// success probability:
//
//	p̂ = (k1+k2)/(n1+n2),  z = (k1/n1 - k2/n2) / √(p̂(1-p̂)(1/n1 + 1/n2))
//
// and p = 2(1 - Φ(|z|)). When every trial of both samples succeeded, or
// none did, the samples cannot differ and p = 1.
func TwoProportions(k1, n1, k2, n2 int64) float64 {
	if n1 <= 0 || n2 <= 0 || k1 < 0 || k2 < 0 || k1 > n1 || k2 > n2 {
		panic("stats: TwoProportions of impossible counts")
	}
	p := float64(k1+k2) / float64(n1+n2)
	v := p * (1 - p) * (1/float64(n1) + 1/float64(n2))
	d := float64(k1)/float64(n1) - float64(k2)/float64(n2)
	return twoSided(d, v)
}

// TwoMeans returns the two-sided p-value of Welch's large-sample z-test
// that two independent samples, given by their sums and sums of squares,
// have the same mean:
//
//	z = (m1 - m2) / √(s1²/n1 + s2²/n2)
//
// with sᵢ² the samples' unbiased variances. When both variances are 0 the
// p-value is 1 if the means are equal and 0 otherwise. Each sample needs
// n ≥ 2.
func TwoMeans(sum1, sumSq1 float64, n1 int64, sum2, sumSq2 float64, n2 int64) float64 {
	if n1 < 2 || n2 < 2 {
		panic("stats: TwoMeans needs two values in each sample")
	}
	m1, m2 := sum1/float64(n1), sum2/float64(n2)
	v1 := math.Max(0, (sumSq1-float64(n1)*m1*m1)/float64(n1-1))
	v2 := math.Max(0, (sumSq2-float64(n2)*m2*m2)/float64(n2-1))
	return twoSided(m1-m2, v1/float64(n1)+v2/float64(n2))
}

// twoSided is the two-sided normal p-value of a difference d with
// variance v.
func twoSided(d, v float64) float64 {
	if v <= 0 {
		if d == 0 {
			return 1
		}
		return 0
	}
	z := math.Abs(d) / math.Sqrt(v)
	// 2·(1 - Φ(z)) = erfc(z/√2), accurate far into the tail (to z ≈ 37);
	// 1 - Φ(z) computed as such loses every digit past z ≈ 8.
	return math.Erfc(z / math.Sqrt2)
}

// Holm returns which of the hypotheses with p-values ps are rejected by
// Holm's step-down procedure at family-wise error rate alpha: with the
// p-values sorted, p₍₁₎ ≤ … ≤ p₍ₘ₎, reject while p₍ᵢ₎ ≤ alpha/(m-i+1)
// and stop at the first that is not. The chance of rejecting any true
// hypothesis is at most alpha, whatever their dependence.
func Holm(ps []float64, alpha float64) []bool {
	m := len(ps)
	order := make([]int, m)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return ps[order[a]] < ps[order[b]] })
	rej := make([]bool, m)
	for i, j := range order {
		if ps[j] > alpha/float64(m-i) {
			break
		}
		rej[j] = true
	}
	return rej
}

// MeanDiff estimates the difference m2 - m1 of the means of two
// independent samples, given by their sums and sums of squares, with the
// large-sample (Welch) normal interval
//
//	(m2 - m1) ± z·√(s1²/n1 + s2²/n2)
//
// at level conf. N is the smaller n. Each sample needs n ≥ 2.
func MeanDiff(sum1, sumSq1 float64, n1 int64, sum2, sumSq2 float64, n2 int64, conf float64) Estimate {
	if n1 < 2 || n2 < 2 {
		panic("stats: MeanDiff needs two values in each sample")
	}
	m1, m2 := sum1/float64(n1), sum2/float64(n2)
	v1 := math.Max(0, (sumSq1-float64(n1)*m1*m1)/float64(n1-1))
	v2 := math.Max(0, (sumSq2-float64(n2)*m2*m2)/float64(n2-1))
	half := z(conf) * math.Sqrt(v1/float64(n1)+v2/float64(n2))
	d := m2 - m1
	return Estimate{Value: d, Low: d - half, High: d + half, Conf: conf, N: min(n1, n2)}
}

// VarianceReduction estimates how much pairing shrank the variance of a
// difference of two win rates, from the four counts of paired outcomes:
// both won, only A, only B, neither. It is (Var A + Var B) / Var(A - B)
// per hunt, with pA = (both+onlyA)/n, pB = (both+onlyB)/n and
// Var(A - B) = (onlyA+onlyB)/n - (pB-pA)²; the interval comes from the
// delta method on its logarithm under the multinomial law of the four
// counts. ok is false when no hunt went differently (Var(A - B) = 0):
// there is nothing to estimate.
func VarianceReduction(both, onlyA, onlyB, neither int64, conf float64) (e Estimate, ok bool) {
	n := both + onlyA + onlyB + neither
	if n <= 0 {
		return Estimate{}, false
	}
	nf := float64(n)
	p := [4]float64{float64(both) / nf, float64(onlyA) / nf, float64(onlyB) / nf, float64(neither) / nf}
	pa, pb := p[0]+p[1], p[0]+p[2]
	indep := pa*(1-pa) + pb*(1-pb)
	d := p[2] - p[1]
	paired := p[1] + p[2] - d*d
	if paired <= 0 || indep <= 0 {
		return Estimate{N: n, Conf: conf}, false
	}
	vr := indep / paired
	// The spread comes from the delta method on log VR, evaluated at the
	// cell proportions with half a count added to each cell: with the raw
	// proportions an empty cell (no hunt lost under both designs, say)
	// gets no weight, and the interval collapses onto the estimate though
	// a few hunts could well have fallen in it.
	var ps [4]float64
	for k, c := range [4]int64{both, onlyA, onlyB, neither} {
		ps[k] = (float64(c) + 0.5) / (nf + 2)
	}
	sd := logVRSpread(ps) / math.Sqrt(nf)
	zz := z(conf)
	e = Estimate{Value: vr, Low: vr * math.Exp(-zz*sd), High: vr * math.Exp(zz*sd), Conf: conf, N: n}
	if onlyA+onlyB < 10 {
		e.Warnings = append(e.Warnings, "fewer than 10 discordant pairs: the interval is approximate")
	}
	return e, true
}

// logVRSpread is the standard deviation, for one hunt, of the delta
// method's linearisation of log VR at cell proportions p (both, only A,
// only B, neither).
func logVRSpread(p [4]float64) float64 {
	pa, pb := p[0]+p[1], p[0]+p[2]
	indep := pa*(1-pa) + pb*(1-pb)
	d := p[2] - p[1]
	paired := p[1] + p[2] - d*d
	// Gradient of log VR = log indep - log paired in the cell proportions.
	dI := [4]float64{2 - 2*pa - 2*pb, 1 - 2*pa, 1 - 2*pb, 0}
	dP := [4]float64{0, 1 + 2*d, 1 - 2*d, 0}
	var gp, gg float64
	for k := range p {
		g := dI[k]/indep - dP[k]/paired
		gp += g * p[k]
		gg += g * g * p[k]
	}
	return math.Sqrt(math.Max(gg-gp*gp, 0))
}
