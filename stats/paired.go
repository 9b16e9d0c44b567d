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

// PairedMeanP returns the two-sided p-value of the test that a paired
// difference has mean 0, from Σd and Σd² over n ≥ 2 pairs:
//
//	t = d̄ / (s_d/√n),  p = 2(1 - Φ(|t|))
//
// with s_d the standard deviation of the differences (n-1 in the
// denominator), Φ the normal's distribution function, or below fewMean
// pairs Student's t with n-1 degrees of freedom (as the interval, Mean).
// When every difference is the same, p is 1 if it is 0 and 0 otherwise.
func PairedMeanP(sumD, sumD2 float64, n int64) float64 {
	if n < 2 {
		panic("stats: PairedMeanP needs two pairs")
	}
	nn := float64(n)
	m := sumD / nn
	v := math.Max(0, (sumD2-nn*m*m)/(nn-1))
	if n < fewMean && v > 0 {
		t := math.Abs(m) / math.Sqrt(v/nn)
		return 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: nn - 1}.Survival(t)
	}
	return twoSided(m, v/nn)
}

// PairedRatio is the integer account, over hunts played by two lanes A
// and B, of a ratio Σnum/Σden measured in each lane on the same hunts
// (the share of a side's wins from behind: num a comeback win, den a
// win): the sums of num and den in each lane and of every product of two
// of them, so that the paired difference of the two ratios has its
// interval. It merges by adding.
type PairedRatio struct {
	NA   int64 `json:"na"`
	DA   int64 `json:"da"`
	NB   int64 `json:"nb"`
	DB   int64 `json:"db"`
	NANA int64 `json:"na_na"`
	NADA int64 `json:"na_da"`
	DADA int64 `json:"da_da"`
	NBNB int64 `json:"nb_nb"`
	NBDB int64 `json:"nb_db"`
	DBDB int64 `json:"db_db"`
	NANB int64 `json:"na_nb"`
	NADB int64 `json:"na_db"`
	DANB int64 `json:"da_nb"`
	DADB int64 `json:"da_db"`
}

// Add counts one hunt: num and den in lane A, then in lane B.
func (p *PairedRatio) Add(na, da, nb, db int64) {
	p.NA += na
	p.DA += da
	p.NB += nb
	p.DB += db
	p.NANA += na * na
	p.NADA += na * da
	p.DADA += da * da
	p.NBNB += nb * nb
	p.NBDB += nb * db
	p.DBDB += db * db
	p.NANB += na * nb
	p.NADB += na * db
	p.DANB += da * nb
	p.DADB += da * db
}

// Merge adds q's sums to p.
func (p *PairedRatio) Merge(q *PairedRatio) {
	p.NA += q.NA
	p.DA += q.DA
	p.NB += q.NB
	p.DB += q.DB
	p.NANA += q.NANA
	p.NADA += q.NADA
	p.DADA += q.DADA
	p.NBNB += q.NBNB
	p.NBDB += q.NBDB
	p.DBDB += q.DBDB
	p.NANB += q.NANB
	p.NADB += q.NADB
	p.DANB += q.DANB
	p.DADB += q.DADB
}

// PairedRatioDiff estimates R_B - R_A, R = Σnum/Σden in each lane over
// the same n hunts, with the delta-method interval of the ratio
// estimators' difference:
//
//	z_i = (nB_i - R_B dB_i)/d̄B - (nA_i - R_A dA_i)/d̄A,  Var ≈ Σz_i² / ((n-1)·n)
//
// Σz_i² is read from the sums of products, so the pairing enters as it
// does in PairedMeanDiff: the interval is narrow when the lanes move
// together. N is n. With no den in a lane there is no estimate (and a
// warning names the lane, A or B).
//
// When each lane's ratio is a share (num ≤ den), the interval is widened
// to hold, at each end, the shift the weaker lane's own Wilson interval of
// num over den allows (a share of 1 win in a lane is known no better than
// that, whatever n), and clipped to [-1, 1].
func PairedRatioDiff(p PairedRatio, n int64, conf float64) Estimate {
	e := Estimate{Conf: conf, N: n}
	if p.DA == 0 || p.DB == 0 || n < 2 {
		e.Low, e.High = math.Inf(-1), math.Inf(1)
		switch {
		case n < 2:
			e.Warnings = []string{"fewer than 2 hunts"}
		case p.DA == 0 && p.DB == 0:
			e.Warnings = []string{"nothing to divide by in A or B"}
		case p.DA == 0:
			e.Warnings = []string{"nothing to divide by in A"}
		default:
			e.Warnings = []string{"nothing to divide by in B"}
		}
		return e
	}
	nn := float64(n)
	ra, rb := float64(p.NA)/float64(p.DA), float64(p.NB)/float64(p.DB)
	ia, ib := nn/float64(p.DA), nn/float64(p.DB) // 1/d̄
	// z = ib·(nB - rb·dB) - ia·(nA - ra·dA): with the coefficients
	// cNB = ib, cDB = -ib·rb, cNA = -ia, cDA = ia·ra, Σz² is the quadratic
	// form of the sums of products.
	cNA, cDA, cNB, cDB := -ia, ia*ra, ib, -ib*rb
	s := cNA*cNA*float64(p.NANA) + cDA*cDA*float64(p.DADA) + cNB*cNB*float64(p.NBNB) + cDB*cDB*float64(p.DBDB) +
		2*(cNA*cDA*float64(p.NADA)+cNB*cDB*float64(p.NBDB)+cNA*cNB*float64(p.NANB)+cNA*cDB*float64(p.NADB)+
			cDA*cNB*float64(p.DANB)+cDA*cDB*float64(p.DADB))
	v := math.Max(s, 0) / ((nn - 1) * nn)
	half := tz(conf, n) * math.Sqrt(v)
	d := rb - ra
	e.Value, e.Low, e.High = d, d-half, d+half
	if p.NA <= p.DA && p.NB <= p.DB && p.NA >= 0 && p.NB >= 0 {
		// Shares (a side's wins from behind, of its wins): the delta
		// method rests on the hunts, but a share of few wins in a lane is
		// known no better than its own interval, however many hunts. The
		// change is widened to allow at least each lane's Wilson interval
		// of num over den, and kept within [-1, 1].
		a, b := Proportion(p.NA, p.DA, conf), Proportion(p.NB, p.DB, conf)
		e.Low = math.Min(e.Low, d-math.Max(rb-b.Low, a.High-ra))
		e.High = math.Max(e.High, d+math.Max(b.High-rb, ra-a.Low))
		e.Low, e.High = math.Max(e.Low, -1), math.Min(e.High, 1)
	}
	return e
}
