package stats

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// Known answers of the exact McNemar test.
func TestMcNemar(t *testing.T) {
	tests := []struct {
		onlyA, onlyB int64
		want         float64
	}{
		{10, 0, 2 * math.Pow(0.5, 10)}, // 0.001953125
		{0, 10, 0.001953125},
		{7, 7, 1},                   // symmetric
		{0, 0, 1},                   // no discordant pair
		{1, 0, 1},                   // 2·0.5 = 1
		{5, 1, 2 * 7.0 / 64},        // 2·(C(6,0)+C(6,1))/2^6 = 0.21875
		{2, 8, 2 * 56.0 / 1024},     // 2·(1+10+45)/2^10 = 0.109375
		{3, 12, 2 * 576.0 / 32768},  // 2·(1+15+105+455)/2^15
		{40, 60, 0.056887933640164}, // exact binomial test, m = 100
	}
	for _, c := range tests {
		got := McNemar(c.onlyA, c.onlyB)
		if math.Abs(got-c.want) > 1e-12*math.Max(1, c.want) && math.Abs(got-c.want)/c.want > 1e-9 {
			t.Errorf("McNemar(%d, %d) = %.15g, want %.15g", c.onlyA, c.onlyB, got, c.want)
		}
	}
}

// Under the null hypothesis the exact test rejects at most 5% of the
// time (it is conservative), with several fixed seeds.
func TestMcNemarSize(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		r := rand.New(rand.NewPCG(seed, 99))
		const reps, m = 4000, 60
		reject := 0
		for range reps {
			var a int64
			for range m {
				if r.IntN(2) == 0 {
					a++
				}
			}
			if McNemar(a, m-a) < 0.05 {
				reject++
			}
		}
		if rate := float64(reject) / reps; rate > 0.05+3*math.Sqrt(0.05*0.95/reps) {
			t.Errorf("seed %d: rejected %.3f of null samples", seed, rate)
		}
	}
}

func TestPairedDiffKnown(t *testing.T) {
	e := PairedDiff(300, 60, 20, 620, 0.95)
	if e.Value != 0.04 || e.N != 1000 || !(e.Low < 0.04 && e.High > 0.04) || e.Low <= 0 {
		t.Errorf("PairedDiff = %v", e)
	}
	// Antisymmetric: swapping A and B mirrors the interval.
	f := PairedDiff(300, 20, 60, 620, 0.95)
	if math.Abs(f.Value+e.Value) > 1e-15 || math.Abs(f.Low+e.High) > 1e-12 || math.Abs(f.High+e.Low) > 1e-12 {
		t.Errorf("swapped: %v, want the mirror of %v", f, e)
	}
	// No discordant pairs: zero difference, an interval with a width, and a warning.
	g := PairedDiff(50, 0, 0, 50, 0.95)
	if g.Value != 0 || !(g.Low < 0 && g.High > 0) || len(g.Warnings) == 0 {
		t.Errorf("no discordant pairs: %v %v", g, g.Warnings)
	}
	if h := PairedDiff(0, 0, 0, 0, 0.95); h.Low != -1 || h.High != 1 || len(h.Warnings) == 0 {
		t.Errorf("no pairs: %v", h)
	}
	m := PairedMeanDiff(10, 30, 10, 0.95)
	if m.Value != 1 || m.N != 10 || !(m.Low < 1 && m.High > 1) {
		t.Errorf("PairedMeanDiff = %v", m)
	}
}

// The 95% intervals of PairedDiff and PairedMeanDiff cover the true
// difference about 95% of the time, for correlated pairs, with several
// fixed seeds.
func TestPairedDiffCoverage(t *testing.T) {
	cases := []struct {
		pA, pB, rho float64
		n           int
	}{
		{0.40, 0.45, 0.6, 400},
		{0.10, 0.15, 0.3, 300},
		{0.85, 0.80, 0.8, 1000},
		{0.50, 0.50, 0.9, 200},
	}
	for ci, c := range cases {
		for seed := uint64(1); seed <= 2; seed++ {
			r := rand.New(rand.NewPCG(seed, uint64(ci)))
			const reps = 2000
			coverP, coverM := 0, 0
			for range reps {
				var both, onlyA, onlyB, neither int64
				var sd, sd2 float64
				for range c.n {
					// Correlated Bernoulli pair through a shared uniform.
					u := r.Float64()
					v := u
					if r.Float64() > c.rho {
						v = r.Float64()
					}
					a, b := u < c.pA, v < c.pB
					switch {
					case a && b:
						both++
					case a:
						onlyA++
					case b:
						onlyB++
					default:
						neither++
					}
					x, y := 0.0, 0.0
					if a {
						x = 1
					}
					if b {
						y = 1
					}
					d := x - y
					sd += d
					sd2 += d * d
				}
				if PairedDiff(both, onlyA, onlyB, neither, 0.95).Contains(c.pA - c.pB) {
					coverP++
				}
				if PairedMeanDiff(sd, sd2, int64(c.n), 0.95).Contains(c.pA - c.pB) {
					coverM++
				}
			}
			for name, k := range map[string]int{"PairedDiff": coverP, "PairedMeanDiff": coverM} {
				cov := float64(k) / reps
				if cov < 0.93 || cov > 0.975 {
					t.Errorf("case %d seed %d: %s covers %.3f of the time", ci, seed, name, cov)
				}
			}
		}
	}
}

// PairedMeanP: the differences 1, 2, 3, 4 have mean 2.5 and standard
// deviation √(5/3), so z = 2.5/(√(5/3)/2) = 3.873 and p = 2(1-Φ(z)).
func TestPairedMeanP(t *testing.T) {
	for _, c := range []struct {
		sum, sumSq float64
		n          int64
		want       float64
	}{
		{10, 30, 4, 0.0304663}, // t = 3.872983 on 3 degrees of freedom: 1 - (2/π)(atan(x) + x/(1+x²)), x = t/√3
		{1000, 3000, 400, 0},   // 400 pairs: the normal (z = 77)
		{3, 5, 2, 0.2048328},   // two pairs, +1 and +2: t = 3 on 1 degree of freedom, 1 - (2/π)atan(3) (the normal said 0.0027)
		{0, 0, 100, 1},         // every difference 0
		{100, 100, 100, 0},     // every difference 1
		{0, 50, 100, 1},        // balanced
	} {
		if got := PairedMeanP(c.sum, c.sumSq, c.n); math.Abs(got-c.want) > 1e-4*math.Max(c.want, 1e-3) {
			t.Errorf("PairedMeanP(%g, %g, %d) = %.6g, want %.6g", c.sum, c.sumSq, c.n, got, c.want)
		}
	}
}

// With every den 1, the paired difference of two ratios is the paired
// difference of two means, interval and all; with the same values in both
// lanes it is 0 with no width.
func TestPairedRatioDiff(t *testing.T) {
	a := []int64{0, 2, 1, 3, 0, 1, 4, 2}
	b := []int64{1, 2, 0, 3, 1, 2, 4, 1}
	var p, same PairedRatio
	var sd, sd2 float64
	for i := range a {
		p.Add(a[i], 1, b[i], 1)
		same.Add(a[i], 1, a[i], 1)
		d := float64(b[i] - a[i])
		sd += d
		sd2 += d * d
	}
	n := int64(len(a))
	got, want := PairedRatioDiff(p, n, Conf), PairedMeanDiff(sd, sd2, n, Conf)
	for _, x := range [][2]float64{{got.Value, want.Value}, {got.Low, want.Low}, {got.High, want.High}} {
		if math.Abs(x[0]-x[1]) > 1e-12 {
			t.Fatalf("paired ratio difference %v, paired mean difference %v", got, want)
		}
	}
	if e := PairedRatioDiff(same, n, Conf); e.Value != 0 || math.Abs(e.High-e.Low) > 1e-12 {
		t.Fatalf("the same lane twice: %v", e)
	}
	if e := PairedRatioDiff(PairedRatio{}, n, Conf); len(e.Warnings) == 0 {
		t.Fatalf("no den: %v, want a warning", e)
	}
}

func TestRunDiff(t *testing.T) {
	for _, c := range []struct {
		name           string
		a, b           Interval
		est, low, high float64
	}{
		{"rounds", Interval{Estimate: 2, Low: 1, High: 3, Conf: 0.95, N: 100}, Interval{Estimate: 4, Low: 4, High: 6, Conf: 0.95, N: 80}, 2, 1, 5},
		{"shares", Interval{Estimate: 0.3, Low: 0.25, High: 0.35, Conf: 0.95, N: 10}, Interval{Estimate: 0.2, Low: 0.15, High: 0.3, Conf: 0.95, N: 10}, -0.1, -0.2, 0.05},
		{"equal", Interval{Estimate: 1, Low: 1, High: 1, Conf: 0.95, N: 5}, Interval{Estimate: 1, Low: 1, High: 1, Conf: 0.95, N: 5}, 0, 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := RunDiff(c.a, c.b)
			near := func(x, y float64) bool { return math.Abs(x-y) < 1e-12 }
			if !near(d.Estimate, c.est) || !near(d.Low, c.low) || !near(d.High, c.high) {
				t.Errorf("RunDiff = %v [%v, %v], want %v [%v, %v]", d.Estimate, d.Low, d.High, c.est, c.low, c.high)
			}
			if !near(d.Conf, 0.9) || d.N != min(c.a.N, c.b.N) || len(d.Warnings) == 0 {
				t.Errorf("RunDiff: conf %v, n %d, warnings %v; want 0.9, %d and a warning that it is not paired", d.Conf, d.N, d.Warnings, min(c.a.N, c.b.N))
			}
		})
	}
	// A settling round that may be never (30 rounds kept, 31 for never)
	// gives no bound on that side: the change is not estimable, and says
	// which design; one that settles on both sides is estimable.
	settles := Interval{Estimate: 2, Low: 1, High: 3, Conf: 0.95, N: 60, Never: 31}
	mayNot := Interval{Estimate: 2, Low: 1, High: 31, Conf: 0.95, N: 60, Never: 31}
	if d := RunDiff(mayNot, settles); d.Finite() || !strings.Contains(d.NotEstimable, "A may never settle") {
		t.Errorf("RunDiff with A's end at never: %+v, want not estimable, naming A", d)
	}
	if d := RunDiff(settles, mayNot); d.Finite() || !strings.Contains(d.NotEstimable, "B may never settle within the 30 rounds") {
		t.Errorf("RunDiff with B's end at never: %+v, want not estimable, naming B", d)
	}
	if d := RunDiff(settles, settles); !d.Finite() {
		t.Errorf("RunDiff of two settling rounds: %+v, want an estimate", d)
	}
	if !RunFigure("settling_round") || !RunFigure("settled_play") || RunFigure("lead_changes") {
		t.Error("RunFigure: the settling round and the settled play are the run's figures, the lead changes a hunt's")
	}
}

// A paired change of two shares stays within [-1, 1], and a share resting
// on 1 win in a lane gives the change at least that lane's uncertainty.
func TestPairedRatioDiffShares(t *testing.T) {
	// 200 hunts: lane A wins 1, from behind; lane B wins 199, 3 from behind.
	var p PairedRatio
	for i := 0; i < 200; i++ {
		var na, da, nb, db int64
		if i == 0 {
			na, da = 1, 1
		}
		if i > 0 {
			db = 1
			if i <= 3 {
				nb = 1
			}
		}
		p.Add(na, da, nb, db)
	}
	e := PairedRatioDiff(p, 200, Conf)
	if e.Low < -1 || e.High > 1 {
		t.Errorf("%v leaves [-1, 1]", e)
	}
	a := Proportion(1, 1, Conf) // [0.207, 1]
	if e.High-e.Value < a.Value-a.Low-1e-12 {
		t.Errorf("%v: upper half-width under lane A's own %v", e, a.Value-a.Low)
	}
}
