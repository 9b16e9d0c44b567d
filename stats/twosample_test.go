package stats

import (
	"math"
	"math/rand/v2"
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

func TestVarianceReductionValue(t *testing.T) {
	// 450 both, 80 only A, 30 only B, 440 neither of 1000: pA = 0.53,
	// pB = 0.48, Var A + Var B = 0.4987, Var(A-B) = 0.11 - 0.05² = 0.1075.
	e, ok := VarianceReduction(450, 80, 30, 440, 0.95)
	if want := 0.4987 / 0.1075; !ok || math.Abs(e.Value-want) > 1e-12 || e.N != 1000 {
		t.Fatalf("got %+v %v, want %v", e, ok, want)
	}
	if !(e.Low < e.Value && e.Value < e.High) || len(e.Warnings) != 0 {
		t.Fatalf("interval %+v", e)
	}
	if _, ok := VarianceReduction(500, 0, 0, 500, 0.95); ok {
		t.Fatal("no discordant hunt: nothing to estimate")
	}
	if _, ok := VarianceReduction(0, 0, 0, 0, 0.95); ok {
		t.Fatal("no hunts: nothing to estimate")
	}
	if e, ok := VarianceReduction(995, 3, 1, 1, 0.95); !ok || len(e.Warnings) == 0 {
		t.Fatalf("4 discordant pairs: %+v, want a warning", e)
	}
	// No hunt lost under both designs: the ratio is about 1 at these
	// counts, but a hunt or two could have been lost under both, so the
	// interval must not collapse onto 1.
	if e, ok := VarianceReduction(2989, 8, 3, 0, 0.95); !ok || math.Abs(e.Value-1) > 0.01 || !(e.Low < 0.95 && e.High > 1.05) {
		t.Fatalf("an empty cell: %+v, want 1 within an interval of some width", e)
	}
}

// TestVarianceReductionCoverage draws the four counts from a known
// multinomial law many times and checks that the 95% interval covers the
// true ratio about 95% of the time: within 4 standard errors of the
// coverage estimate, plus 1% for the delta method's approximation.
func TestVarianceReductionCoverage(t *testing.T) {
	probs := [4]float64{0.45, 0.08, 0.03, 0.44}
	pa, pb, d := probs[0]+probs[1], probs[0]+probs[2], probs[2]-probs[1]
	truth := (pa*(1-pa) + pb*(1-pb)) / (probs[1] + probs[2] - d*d)
	const reps, n = 2000, 2000
	r := rand.New(rand.NewPCG(7, 11))
	covered := 0
	for range reps {
		var c [4]int64
		for range n {
			u, k := r.Float64(), 0
			for k < 3 && u >= probs[k] {
				u -= probs[k]
				k++
			}
			c[k]++
		}
		e, ok := VarianceReduction(c[0], c[1], c[2], c[3], 0.95)
		if ok && e.Low <= truth && truth <= e.High {
			covered++
		}
	}
	got := float64(covered) / reps
	t.Logf("coverage %.4f", got)
	se := math.Sqrt(0.95 * 0.05 / reps)
	if math.Abs(got-0.95) > 4*se+0.01 {
		t.Errorf("coverage %.3f over %d draws, want 0.95 ± %.3f", got, reps, 4*se+0.01)
	}
}

// The two-sided normal p-value keeps its precision far into the tail
// (2·(1-Φ(z)) from tables: 1.0411e-16 at z = 8.3, 2.2572e-19 at 9,
// 1.5240e-23 at 10), where 1 - Φ(z) rounds to 0.
func TestTwoSidedTail(t *testing.T) {
	for _, c := range []struct{ z, p float64 }{
		{8.3, 1.0411139489780573e-16}, {9, 2.2571768119076845e-19}, {10, 1.5239706048321186e-23}, {1.959963984540054, 0.05},
	} {
		if got := twoSided(c.z, 1); math.Abs(got-c.p) > 1e-9*c.p {
			t.Errorf("twoSided(%v, 1) = %g, want %g", c.z, got, c.p)
		}
		if got := twoSided(-2*c.z, 4); math.Abs(got-c.p) > 1e-9*c.p {
			t.Errorf("twoSided(%v, 4) = %g, want %g", -2*c.z, got, c.p)
		}
	}
}
