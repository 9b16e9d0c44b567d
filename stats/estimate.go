// Package stats holds the estimators balance reports: every figure comes
// with its interval and its n, in the manner of gonum's stat package.
package stats

import (
	"fmt"
	"math"

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
	return fmt.Sprintf("%.4f [%.4f, %.4f] (%.0f%%, n=%d)", e.Value, e.Low, e.High, 100*e.Conf, e.N)
}

// z returns the two-sided normal quantile for confidence level conf.
func z(conf float64) float64 {
	return distuv.UnitNormal.Quantile(0.5 + conf/2)
}

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
	zz := z(conf)
	nn := float64(n)
	den := 1 + zz*zz/nn
	centre := (p + zz*zz/(2*nn)) / den
	half := zz / den * math.Sqrt(p*(1-p)/nn+zz*zz/(4*nn*nn))
	e.Value, e.Low, e.High = p, math.Max(0, centre-half), math.Min(1, centre+half)
	if k < 5 || n-k < 5 {
		e.Warnings = append(e.Warnings, "fewer than 5 successes or failures: the interval is approximate")
	}
	return e
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
	half := z(conf) * math.Sqrt(v/nn)
	e.Low, e.High = m-half, m+half
	return e
}

// Contains reports whether x lies in the estimate's interval.
func (e Estimate) Contains(x float64) bool { return x >= e.Low && x <= e.High }
