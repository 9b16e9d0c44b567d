package stats

import (
	"math"
	"testing"
)

func TestTwoProportions(t *testing.T) {
	for _, c := range []struct {
		k1, n1, k2, n2 int64
		want           float64
	}{
		// 50/100 vs 60/100: p̂ = 0.55, z = -0.1/√(0.2475·0.02) = -1.42134…
		{50, 100, 60, 100, 0.155218},
		{500, 1000, 500, 1000, 1},
		{100, 100, 50, 50, 1},
		{0, 10, 0, 20, 1},
		// 900/1000 vs 850/1000: z = 3.3806…
		{900, 1000, 850, 1000, 0.000723},
	} {
		if got := TwoProportions(c.k1, c.n1, c.k2, c.n2); math.Abs(got-c.want) > 5e-6 {
			t.Errorf("TwoProportions(%d/%d, %d/%d) = %.6f, want %.6f", c.k1, c.n1, c.k2, c.n2, got, c.want)
		}
	}
}

func TestTwoMeans(t *testing.T) {
	// Samples {1,2,3,4} (mean 2.5, s² 5/3) and {2,3,4,5,6} (mean 4, s² 2.5):
	// z = -1.5/√(5/12 + 1/2) = -1.56670…, p = 0.117185.
	got := TwoMeans(10, 30, 4, 20, 90, 5)
	if math.Abs(got-0.117185) > 5e-6 {
		t.Errorf("TwoMeans = %.6f, want 0.117185", got)
	}
	if p := TwoMeans(6, 18, 2, 6, 18, 2); p != 1 {
		t.Errorf("constant equal samples: p = %v, want 1", p)
	}
	if p := TwoMeans(6, 18, 2, 8, 32, 2); p != 0 {
		t.Errorf("constant different samples: p = %v, want 0", p)
	}
}

func TestHolm(t *testing.T) {
	for _, c := range []struct {
		ps    []float64
		alpha float64
		want  []bool
	}{
		// Sorted 0.01 ≤ 0.05/4, 0.015 ≤ 0.05/3, 0.03 > 0.05/2: stop.
		{[]float64{0.03, 0.01, 0.04, 0.015}, 0.05, []bool{false, true, false, true}},
		{[]float64{0.2, 0.3}, 0.05, []bool{false, false}},
		{[]float64{0.001, 0.02}, 0.05, []bool{true, true}},
		// The smallest, 0.026 > 0.05/2, fails, so none is rejected.
		{[]float64{0.03, 0.026}, 0.05, []bool{false, false}},
		{nil, 0.05, []bool{}},
	} {
		got := Holm(c.ps, c.alpha)
		for i := range c.want {
			if got[i] != c.want[i] {
				t.Errorf("Holm(%v, %v) = %v, want %v", c.ps, c.alpha, got, c.want)
				break
			}
		}
	}
}

func TestMeanDiff(t *testing.T) {
	// {1,2,3,4} and {2,3,4,5,6}: d = 1.5, se = √(5/12 + 1/2) = 0.957427.
	e := MeanDiff(10, 30, 4, 20, 90, 5, 0.95)
	half := 1.959964 * 0.957427
	if math.Abs(e.Value-1.5) > 1e-12 || math.Abs(e.Low-(1.5-half)) > 1e-5 || math.Abs(e.High-(1.5+half)) > 1e-5 || e.N != 4 {
		t.Errorf("MeanDiff = %+v, want 1.5 ± %.6f, n 4", e, half)
	}
}
