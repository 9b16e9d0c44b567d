// Package stats holds the estimators balance reports: every figure comes
// with its interval and its n, in the manner of gonum's stat package.
package stats

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"gonum.org/v1/gonum/stat/distuv"
)

// Estimate is a point estimate with its confidence interval.
type Estimate struct {
	Value    float64 // the point estimate
	Low      float64 // lower end of the interval
	High     float64 // upper end of the interval
	Conf     float64 // confidence level of the interval, e.g. 0.95
	N        int64   // the number of trials or observations
	Warnings []string
}

// String formats the estimate as "0.4520 [0.4423, 0.4618] (95%, n=10000)".
func (e Estimate) String() string {
	return fmt.Sprintf("%s [%s, %s] (%.0f%%, n=%d)", Fixed(e.Value, 4), Fixed(e.Low, 4), Fixed(e.High, 4), 100*e.Conf, e.N)
}

// z returns the two-sided normal quantile for confidence level conf.
func z(conf float64) float64 {
	return distuv.UnitNormal.Quantile(0.5 + conf/2)
}

// fewMean is the number of observations below which a mean's interval
// and test take Student's t with n-1 degrees of freedom instead of the
// normal: with 2 observations the normal's 1.96 standard errors would
// claim a precision that is not there (t gives 12.7).
const fewMean = 30

// tz is the two-sided quantile a mean of n observations is given at
// confidence conf: the normal's, or Student's t below fewMean (at Conf,
// from a table made once: a report asks it of every figure).
func tz(conf float64, n int64) float64 {
	if n < 2 || n >= fewMean {
		return z(conf)
	}
	if conf == Conf {
		tOnce.Do(func() {
			for k := 2; k < fewMean; k++ {
				tConf[k] = tQuantile(Conf, k)
			}
		})
		return tConf[n]
	}
	return tQuantile(conf, int(n))
}

// tQuantile is Student's t two-sided quantile at conf for a mean of n
// observations (n-1 degrees of freedom).
func tQuantile(conf float64, n int) float64 {
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile(0.5 + conf/2)
}

// tConf holds tz at Conf for n = 2..fewMean-1, filled once (tOnce).
var (
	tConf [fewMean]float64
	tOnce sync.Once
)

// Proportion estimates a probability from k successes in n trials with
// the Wilson score interval:
//
//	centre = (p + z²/2n) / (1 + z²/n)
//	half   = z/(1 + z²/n) · sqrt(p(1-p)/n + z²/4n²)
//
// where p = k/n and z is the normal quantile for conf. Value is p itself.
// With n = 0 the interval is [0, 1] and a warning says so.
func Proportion(k, n int64, conf float64) Estimate {
	e := Estimate{Conf: conf, N: n}
	if n <= 0 {
		e.High = 1
		e.Warnings = append(e.Warnings, "no trials")
		return e
	}
	p := float64(k) / float64(n)
	e.Value = p
	e.Low, e.High = wilson(p, float64(n), z(conf))
	if k < 5 || n-k < 5 {
		e.Warnings = append(e.Warnings, "fewer than 5 successes or failures: the interval is approximate")
	}
	return e
}

// wilson returns the Wilson score interval of a proportion p observed
// over n trials, at the normal quantile zz, clamped to [0, 1]. p need not
// be a whole number of trials over n: BoundedMean passes the mean of
// values in [0, 1].
func wilson(p, n, zz float64) (low, high float64) {
	den := 1 + zz*zz/n
	centre := (p + zz*zz/(2*n)) / den
	half := zz / den * math.Sqrt(p*(1-p)/n+zz*zz/(4*n*n))
	low, high = math.Max(0, centre-half), math.Min(1, centre+half)
	// At p = 0 the lower end is 0 and at p = 1 the upper end is 1, exactly;
	// centre-half and centre+half reach them only up to rounding.
	if p <= 0 {
		low = 0
	}
	if p >= 1 {
		high = 1
	}
	return low, high
}

// BoundedMean estimates the mean of n observations that each lie in
// [0, 1], a share such as the fraction of the Pack alive in a hunt, from
// their sum and sum of squares. The interval is the wider, at each end,
// of two:
//
//   - the normal interval of Mean, mean ± z·s/√n;
//   - the Wilson score interval of p = sum/n over n trials, as though
//     every observation were 0 or 1.
//
// The second is valid for any such mean: a variable in [0, 1] with mean
// p has a variance of at most p(1-p), that of a 0-or-1 variable, so the
// Wilson interval is the score interval with the largest variance the
// mean allows. Unlike the normal interval it keeps its width when every
// observation is 0, or every one is 1 (the sample variance is then 0 and
// the normal interval, clamped to [0, 1], would claim certainty). The
// normal interval is wider only by the n-1 of the sample variance. The
// result lies in [0, 1]. With n = 0 the interval is [0, 1]; when the
// sum is within 5 of 0 or of n, a warning says the interval is
// approximate, as Proportion's does.
func BoundedMean(sum, sumSq float64, n int64, conf float64) Estimate {
	if n <= 0 {
		return Estimate{High: 1, Conf: conf, Warnings: []string{"no observations"}}
	}
	nn := float64(n)
	p := math.Max(0, math.Min(1, sum/nn))
	e := Mean(sum, sumSq, n, conf)
	e.Warnings = nil
	lo, hi := wilson(p, nn, z(conf))
	e.Low, e.High = math.Max(0, math.Min(e.Low, lo)), math.Min(1, math.Max(e.High, hi))
	if sum < 5 || nn-sum < 5 {
		e.Warnings = append(e.Warnings, "a share within 5/n of 0 or of 1: the interval is approximate")
	}
	return e
}

// Rate estimates a rate per unit of exposure, k events over an exposure
// of n units (kills over draws, Conditions over hunts), with the exact
// Poisson interval of Garwood (1936):
//
//	low  = G(α/2; k) / n          (0 when k = 0)
//	high = G(1-α/2; k+1) / n
//
// where G(q; a) is the q-quantile of the Gamma distribution of shape a
// and rate 1 (half the χ² quantile with 2a degrees of freedom) and
// α = 1 - conf. Value is k/n. For a Poisson count the interval covers the
// rate at least conf of the time, whatever k, and it keeps its width when
// k is 0 (the upper end is then -ln(α/2)/n, about 3.69/n at 95%). With
// n = 0 the interval is [0, +Inf) and a warning says so.
func Rate(k, n int64, conf float64) Estimate {
	e := Estimate{Conf: conf, N: n}
	if n <= 0 {
		e.High = math.Inf(1)
		e.Warnings = append(e.Warnings, "no exposure")
		return e
	}
	alpha := 1 - conf
	nn := float64(n)
	e.Value = float64(k) / nn
	if k > 0 {
		e.Low = distuv.Gamma{Alpha: float64(k), Beta: 1}.Quantile(alpha/2) / nn
	}
	e.High = distuv.Gamma{Alpha: float64(k + 1), Beta: 1}.Quantile(1-alpha/2) / nn
	return e
}

// Hull returns e with its interval widened to hold o's: e's point
// estimate, confidence level and n, the lower of the two lower ends, the
// higher of the two upper ends, and the warnings of both (each once).
func (e Estimate) Hull(o Estimate) Estimate {
	h := e
	h.Low, h.High = math.Min(e.Low, o.Low), math.Max(e.High, o.High)
	h.Warnings = append([]string(nil), e.Warnings...)
	for _, w := range o.Warnings {
		if !slices.Contains(h.Warnings, w) {
			h.Warnings = append(h.Warnings, w)
		}
	}
	return h
}

// Mean estimates a mean from a sum and a sum of squares over n
// observations, with the normal interval mean ± z·s/√n, s the sample
// standard deviation (n-1 in the denominator).
func Mean(sum, sumSq float64, n int64, conf float64) Estimate {
	e := Estimate{Conf: conf, N: n}
	if n <= 0 {
		e.Low, e.High = math.Inf(-1), math.Inf(1)
		e.Warnings = append(e.Warnings, "no observations")
		return e
	}
	nn := float64(n)
	m := sum / nn
	e.Value, e.Low, e.High = m, m, m
	if n < 2 {
		e.Warnings = append(e.Warnings, "one observation: no interval")
		return e
	}
	v := (sumSq - sum*sum/nn) / (nn - 1)
	if v < 0 {
		v = 0
	}
	half := tz(conf, n) * math.Sqrt(v/nn)
	e.Low, e.High = m-half, m+half
	return e
}

// Contains reports whether x lies in the estimate's interval.
func (e Estimate) Contains(x float64) bool { return x >= e.Low && x <= e.High }
