package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// BoundedMean never collapses at the bounds: every observation 1, or
// every one 0, still leaves an interval as wide as the Wilson interval of
// n successes (or none) in n trials, with a warning.
func TestBoundedMean(t *testing.T) {
	cases := []struct {
		name       string
		sum, sumSq float64
		n          int64
		low, high  float64 // want, to 1e-6
		warn       bool
	}{
		// All ones: Wilson for 4000 of 4000, low = n/(n+z²).
		{"all ones", 4000, 4000, 4000, 4000 / (4000 + 1.959964*1.959964), 1, true},
		// All zeros: high = z²/(n+z²).
		{"all zeros", 0, 0, 4000, 0, 1.959964 * 1.959964 / (4000 + 1.959964*1.959964), true},
		// Ten values 0 and ten 1: a 0-or-1 sample, where the Wilson
		// interval is Proportion's and the normal one (s with n-1) a
		// little wider at the ends: the hull takes the normal ends.
		// (20 values: Student's t with 19 degrees of freedom, 2.093024)
		{"half", 10, 10, 20, 0.5 - 2.093024*math.Sqrt(0.25*20/19/20), 0.5 + 2.093024*math.Sqrt(0.25*20/19/20), false},
		// 100 values of 0.5: no spread, yet the mean is not known exactly;
		// the Wilson interval of p = 0.5 over 100 (Proportion(50, 100)).
		{"no spread inside", 50, 25, 100, 0.403832, 0.596168, false},
		{"one observation", 0.25, 0.0625, 1, 0.013, 0.9, true}, // checked loosely below
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := BoundedMean(c.sum, c.sumSq, c.n, 0.95)
			if e.Value != c.sum/float64(c.n) || e.N != c.n || e.Conf != 0.95 {
				t.Errorf("value %v n %d conf %v", e.Value, e.N, e.Conf)
			}
			if !(e.Low < e.High) || e.Low < 0 || e.High > 1 || !e.Contains(e.Value) {
				t.Errorf("interval [%v, %v] of %v: not a proper interval within [0, 1]", e.Low, e.High, e.Value)
			}
			if c.n > 1 && (math.Abs(e.Low-c.low) > 1e-6 || math.Abs(e.High-c.high) > 1e-6) {
				t.Errorf("[%.7f, %.7f], want [%.7f, %.7f]", e.Low, e.High, c.low, c.high)
			}
			if (len(e.Warnings) > 0) != c.warn {
				t.Errorf("warnings %q, want some: %v", e.Warnings, c.warn)
			}
		})
	}
	if e := BoundedMean(0, 0, 0, 0.95); e.Low != 0 || e.High != 1 || len(e.Warnings) == 0 {
		t.Errorf("n=0: %+v", e)
	}
	// Never narrower than the normal interval.
	m := Mean(1234.5, 1100, 2000, 0.95)
	b := BoundedMean(1234.5, 1100, 2000, 0.95)
	if b.Low > m.Low || b.High < m.High {
		t.Errorf("BoundedMean [%v, %v] narrower than Mean [%v, %v]", b.Low, b.High, m.Low, m.High)
	}
}

// The coverage of BoundedMean by simulation: the alive share of a pack of
// four, each model dead with probability q in a hunt and, with a common
// shock, all four at once; near the bounds (q small) the normal interval
// collapses or undercovers, BoundedMean must not.
func TestBoundedMeanCoverage(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for _, c := range []struct {
		q, shock float64
		n        int
	}{
		{0.0005, 0.0002, 400}, // mostly all alive: every sample may be all ones
		{0.02, 0.01, 200},
		{0.3, 0.05, 100},
		{0.9, 0.05, 100},
	} {
		// The true mean share alive: a model survives unless the shock
		// hit or it died on its own.
		truth := (1 - c.shock) * (1 - c.q)
		const reps = 2000
		covered, normal := 0, 0
		for range reps {
			var sum, sumSq float64
			for range c.n {
				alive := 4
				if r.Float64() < c.shock {
					alive = 0
				} else {
					for range 4 {
						if r.Float64() < c.q {
							alive--
						}
					}
				}
				a := float64(alive) / 4
				sum += a
				sumSq += a * a
			}
			if BoundedMean(sum, sumSq, int64(c.n), 0.95).Contains(truth) {
				covered++
			}
			if Mean(sum, sumSq, int64(c.n), 0.95).Contains(truth) {
				normal++
			}
		}
		cov := float64(covered) / reps
		t.Logf("q=%g shock=%g n=%d: coverage %.3f (normal interval %.3f)", c.q, c.shock, c.n, cov, float64(normal)/reps)
		if cov < 0.93 {
			t.Errorf("q=%g shock=%g n=%d: coverage %.3f, want at least 0.93", c.q, c.shock, c.n, cov)
		}
	}
}

// Rate: known answers of the exact Poisson (Garwood) interval, and its
// width when nothing was counted.
func TestRate(t *testing.T) {
	cases := []struct {
		k, n      int64
		low, high float64 // of the count: multiply by n
	}{
		// Garwood 95% limits for a Poisson count, as tabulated (e.g.
		// Ulm 1990): 0 → [0, 3.689], 1 → [0.0253, 5.572], 5 → [1.624,
		// 11.668], 10 → [4.795, 18.390].
		{0, 100, 0, 3.688879},
		{1, 1070, 0.025318, 5.571643},
		{5, 10, 1.623486, 11.668332},
		{10, 1, 4.795389, 18.390356},
	}
	for _, c := range cases {
		e := Rate(c.k, c.n, 0.95)
		nn := float64(c.n)
		if math.Abs(e.Low*nn-c.low) > 1e-5 || math.Abs(e.High*nn-c.high) > 1e-5 {
			t.Errorf("Rate(%d, %d) counts [%.6f, %.6f], want [%.6f, %.6f]", c.k, c.n, e.Low*nn, e.High*nn, c.low, c.high)
		}
		if e.Value != float64(c.k)/nn || e.N != c.n || !(e.High > e.Low) {
			t.Errorf("Rate(%d, %d) = %+v", c.k, c.n, e)
		}
	}
	if e := Rate(3, 0, 0.95); !math.IsInf(e.High, 1) || len(e.Warnings) == 0 {
		t.Errorf("no exposure: %+v", e)
	}
}

// Rate's coverage for Poisson counts, exactly: the Poisson probabilities
// of the counts whose interval holds the rate sum to at least 95%.
func TestRateCoverage(t *testing.T) {
	for _, mu := range []float64{0.05, 0.5, 2, 7.5, 30} {
		cover := 0.0
		for k := int64(0); k < 200; k++ {
			if Rate(k, 1, 0.95).Contains(mu) {
				cover += math.Exp(float64(k)*math.Log(mu) - mu - lgamma(float64(k+1)))
			}
		}
		if cover < 0.95-1e-9 {
			t.Errorf("mu %g: coverage %.4f, want at least 0.95", mu, cover)
		}
	}
}

func TestHull(t *testing.T) {
	a := Estimate{Value: 1, Low: 0.5, High: 1.2, Conf: 0.95, N: 10, Warnings: []string{"x"}}
	b := Estimate{Value: 2, Low: 0.7, High: 1.9, Conf: 0.9, N: 3, Warnings: []string{"x", "y"}}
	h := a.Hull(b)
	if h.Value != 1 || h.Low != 0.5 || h.High != 1.9 || h.Conf != 0.95 || h.N != 10 || len(h.Warnings) != 2 {
		t.Errorf("Hull = %+v", h)
	}
	if len(a.Warnings) != 1 {
		t.Error("Hull changed its receiver's warnings")
	}
}
