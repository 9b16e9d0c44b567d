package stats

import (
	"math"
	"testing"
)

func TestProportionWilson(t *testing.T) {
	// Known answers: Wilson 95% intervals computed by hand from the formula
	// (z = 1.959964).
	cases := []struct {
		k, n      int64
		low, high float64
	}{
		{50, 100, 0.403832, 0.596168},
		{0, 10, 0, 0.277533},
		{10, 10, 0.722467, 1},
		{894836, 1000000, 0.894234, 0.895435},
	}
	for _, c := range cases {
		e := Proportion(c.k, c.n, 0.95)
		if math.Abs(e.Low-c.low) > 1e-5 || math.Abs(e.High-c.high) > 1e-5 {
			t.Errorf("Proportion(%d,%d) = [%.6f, %.6f], want [%.6f, %.6f]", c.k, c.n, e.Low, e.High, c.low, c.high)
		}
		if e.Value != float64(c.k)/float64(c.n) || e.N != c.n {
			t.Errorf("Proportion(%d,%d): value %v n %d", c.k, c.n, e.Value, e.N)
		}
	}
	if e := Proportion(0, 0, 0.95); e.Low != 0 || e.High != 1 || len(e.Warnings) == 0 {
		t.Errorf("n=0: %+v", e)
	}
}

func TestMean(t *testing.T) {
	// 1, 2, 3, 4: mean 2.5, s = 1.290994, half = t·s/2 with Student's t
	// of 3 degrees of freedom (3.182446: four values are few).
	e := Mean(10, 30, 4, 0.95)
	half := 3.182446 * 1.2909944 / 2
	if math.Abs(e.Value-2.5) > 1e-12 || math.Abs(e.High-e.Value-half) > 1e-5 {
		t.Errorf("Mean = %+v, want 2.5 ± %.6f", e, half)
	}
	if !e.Contains(2.5) || e.Contains(10) {
		t.Errorf("Contains wrong for %+v", e)
	}
	// 30 values and more: the normal's 1.959964 (1, 2, 3, 4 ten times).
	e = Mean(100, 300, 40, 0.95)
	if half := 1.959964 * math.Sqrt((300-250)/39.0/40); math.Abs(e.High-e.Value-half) > 1e-5 {
		t.Errorf("Mean of 40 = %+v, want 2.5 ± %.6f", e, half)
	}
}

func TestCoverage(t *testing.T) {
	// The Wilson interval's coverage for p = 0.3, n = 200 is close to 95%:
	// the exact coverage sums the binomial probabilities of the k whose
	// interval contains p.
	p, n := 0.3, int64(200)
	cover := 0.0
	for k := int64(0); k <= n; k++ {
		if Proportion(k, n, 0.95).Contains(p) {
			lp := lgamma(float64(n+1)) - lgamma(float64(k+1)) - lgamma(float64(n-k+1)) +
				float64(k)*math.Log(p) + float64(n-k)*math.Log(1-p)
			cover += math.Exp(lp)
		}
	}
	if cover < 0.93 || cover > 0.97 {
		t.Errorf("coverage %.4f, want about 0.95", cover)
	}
}

func lgamma(x float64) float64 { v, _ := math.Lgamma(x); return v }

// No success gives a lower end of exactly 0, and no failure an upper end
// of exactly 1, for every n: the Wilson formula reaches them only up to
// rounding (a skill trace printed 6.9e-18 for a tier that never won).
func TestProportionEndsExact(t *testing.T) {
	for n := int64(1); n <= 100000; n = n*3 + 1 {
		for _, conf := range []float64{0.9, 0.95, 0.99} {
			if e := Proportion(0, n, conf); e.Low != 0 || e.High <= 0 {
				t.Errorf("0 of %d at %v: [%g, %g], want [0, >0]", n, conf, e.Low, e.High)
			}
			if e := Proportion(n, n, conf); e.High != 1 || e.Low >= 1 {
				t.Errorf("%d of %d at %v: [%g, %g], want [<1, 1]", n, n, conf, e.Low, e.High)
			}
		}
	}
}
