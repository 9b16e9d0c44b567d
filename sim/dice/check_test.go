package dice

import (
	"math"
	"math/big"
	"math/bits"
	"testing"
)

func TestNet(t *testing.T) {
	tests := []struct {
		adv, dis int
		want     Adv
	}{
		{0, 0, Normal},
		{1, 0, Advantage},
		{0, 1, Disadvantage},
		{1, 1, Normal},
		{3, 0, Advantage}, // never stacks
		{0, 4, Disadvantage},
		{3, 2, Advantage},
		{2, 3, Disadvantage},
		{5, 5, Normal},
	}
	for _, tc := range tests {
		if got := Net(tc.adv, tc.dis); got != tc.want {
			t.Errorf("Net(%d, %d) = %v, want %v", tc.adv, tc.dis, got, tc.want)
		}
	}
}

func TestAdvString(t *testing.T) {
	tests := []struct {
		a    Adv
		want string
	}{
		{Normal, "normal"},
		{Advantage, "advantage"},
		{Disadvantage, "disadvantage"},
		{Adv(7), "Adv(7)"},
	}
	for _, tc := range tests {
		if got := tc.a.String(); got != tc.want {
			t.Errorf("Adv(%d).String() = %q, want %q", int8(tc.a), got, tc.want)
		}
	}
}

func TestResultOK(t *testing.T) {
	tests := []struct {
		r    Result
		want bool
	}{
		{Result{0, 0}, false},
		{Result{1, 0}, true},
		{Result{1, 1}, true},
		{Result{5, 2}, true},
	}
	for _, tc := range tests {
		if got := tc.r.OK(); got != tc.want {
			t.Errorf("%+v.OK() = %v, want %v", tc.r, got, tc.want)
		}
	}
}

func TestKnownAnswers(t *testing.T) {
	// P(S >= 1) for 6 dice at DT 6: 1 - 0.6·0.5^6 - 0.1·(0.6^6+0.7^6+0.8^6+0.9^6).
	tests := []struct {
		pool, dt int
		a        Adv
		k        int
		want     float64
	}{
		{6, 6, Normal, 1, 0.894836},
		{1, 0, Normal, 1, 0.55},        // Σ_d (11-d)/10 /10
		{1, 0, Advantage, 1, 0.715},    // Σ_k (21-2k)(11-k)/1000
		{1, 0, Disadvantage, 1, 0.385}, // Σ_k (2k-1)(11-k)/1000
		{1, 10, Normal, 1, 0.1},
		{2, 10, Disadvantage, 2, 0.01},
		{0, 5, Normal, 0, 1},
		{0, 5, Normal, 1, 0},
		{3, 4, Advantage, -2, 1},
		{3, 4, Advantage, 4, 0},
	}
	for _, tc := range tests {
		got := PAtLeast(tc.pool, tc.dt, tc.a, tc.k)
		if math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("PAtLeast(%d, %d, %v, %d) = %.15f, want %v", tc.pool, tc.dt, tc.a, tc.k, got, tc.want)
		}
	}
	if got := math.Round(PAtLeast(6, 6, Normal, 1)*1e6) / 1e6; got != 0.894836 {
		t.Errorf("PAtLeast(6, 6, normal, 1) to 6 places = %v, want 0.894836", got)
	}
}

// TestProbExact compares every cell of Prob with an independent exact
// computation in rational arithmetic.
func TestProbExact(t *testing.T) {
	tests := []struct{ pool, dt int }{
		{0, 0}, {1, 0}, {1, 1}, {2, 5}, {4, 7}, {6, 6}, {9, 3},
		{12, 10}, {17, 2}, {24, 0}, {24, 6}, {24, 9}, {24, 10},
	}
	for _, tc := range tests {
		for _, a := range advs {
			// pS[s] accumulates the exact P(S = s) for the tail check.
			pS := make([]*big.Rat, tc.pool+1)
			for s := 0; s <= tc.pool; s++ {
				pS[s] = new(big.Rat)
				for c := 0; c <= s; c++ {
					r := ratProb(tc.pool, tc.dt, a, s, c)
					pS[s].Add(pS[s], r)
					want := ratFloat(r)
					got := Prob(tc.pool, tc.dt, a, s, c)
					if !near(got, want, 1e-12, 1e-12) {
						t.Errorf("Prob(%d, %d, %v, %d, %d) = %g, want %g", tc.pool, tc.dt, a, s, c, got, want)
					}
				}
			}
			// The tail P(S >= k) as well, for k = pool+1 down to 0.
			tail := new(big.Rat)
			for k := tc.pool + 1; k >= 0; k-- {
				if k <= tc.pool {
					tail.Add(tail, pS[k])
				}
				if got, want := PAtLeast(tc.pool, tc.dt, a, k), ratFloat(tail); !near(got, want, 1e-12, 1e-12) {
					t.Errorf("PAtLeast(%d, %d, %v, %d) = %g, want %g", tc.pool, tc.dt, a, k, got, want)
				}
			}
			if tail.Cmp(big.NewRat(1, 1)) != 0 {
				t.Errorf("exact distribution of (%d, %d, %v) sums to %v", tc.pool, tc.dt, a, tail)
			}
		}
	}
}

// TestProbBruteForce enumerates every face of every die for pools 0..3.
func TestProbBruteForce(t *testing.T) {
	for pool := 0; pool <= 3; pool++ {
		for dt := 0; dt <= MaxDT; dt++ {
			for _, a := range advs {
				nd := 1
				if a != Normal {
					nd = 2
				}
				dice := make([]int, pool+nd)
				total := 1
				for range dice {
					total *= 10
				}
				var count [4][4]int
				for code := 0; code < total; code++ {
					x := code
					for i := range dice {
						dice[i] = x%10 + 1
						x /= 10
					}
					kept := dice[pool]
					if nd == 2 {
						if a == Advantage {
							kept = min(dice[pool], dice[pool+1])
						} else {
							kept = max(dice[pool], dice[pool+1])
						}
					}
					thr := max(kept, dt)
					s, c := 0, 0
					for _, f := range dice[:pool] {
						if f >= thr {
							s++
						}
						if f == 10 {
							c++
						}
					}
					count[s][c]++
				}
				for s := 0; s <= pool; s++ {
					for c := 0; c <= s; c++ {
						want := float64(count[s][c]) / float64(total)
						if got := Prob(pool, dt, a, s, c); !near(got, want, 1e-15, 1e-14) {
							t.Errorf("Prob(%d, %d, %v, %d, %d) = %.17g, enumeration gives %d/%d", pool, dt, a, s, c, got, count[s][c], total)
						}
					}
				}
			}
		}
	}
}

func TestDistributionsSumToOne(t *testing.T) {
	var buf []float64
	for pool := 0; pool <= MaxPool; pool++ {
		for dt := 0; dt <= MaxDT; dt++ {
			for _, a := range advs {
				sum := 0.0
				for s := 0; s <= pool; s++ {
					for c := 0; c <= s; c++ {
						p := Prob(pool, dt, a, s, c)
						if p < 0 {
							t.Fatalf("Prob(%d, %d, %v, %d, %d) = %g < 0", pool, dt, a, s, c, p)
						}
						sum += p
					}
				}
				if math.Abs(sum-1) > 1e-12 {
					t.Errorf("Σ Prob(%d, %d, %v) = %.17g", pool, dt, a, sum)
				}
				buf = PSuccesses(pool, dt, a, buf)
				if len(buf) != pool+1 {
					t.Fatalf("len(PSuccesses(%d, ...)) = %d", pool, len(buf))
				}
				sum, mean := 0.0, 0.0
				for s, p := range buf {
					sum += p
					mean += float64(s) * p
				}
				if math.Abs(sum-1) > 1e-12 {
					t.Errorf("Σ PSuccesses(%d, %d, %v) = %.17g", pool, dt, a, sum)
				}
				if got := MeanSuccesses(pool, dt, a); math.Abs(got-mean) > 1e-12 {
					t.Errorf("MeanSuccesses(%d, %d, %v) = %.17g, Σ s·P(S=s) = %.17g", pool, dt, a, got, mean)
				}
				buf = PCrits(pool, dt, a, buf)
				if len(buf) != pool+1 {
					t.Fatalf("len(PCrits(%d, ...)) = %d", pool, len(buf))
				}
				sum = 0
				for c, p := range buf {
					sum += p
					// Criticals are Binomial(pool, 1/10) whatever the threshold.
					want := float64(binomial(pool, c)) * math.Pow(0.1, float64(c)) * math.Pow(0.9, float64(pool-c))
					if !near(p, want, 1e-12, 1e-9) {
						t.Errorf("PCrits(%d, %d, %v)[%d] = %g, want %g", pool, dt, a, c, p, want)
					}
				}
				if math.Abs(sum-1) > 1e-12 {
					t.Errorf("Σ PCrits(%d, %d, %v) = %.17g", pool, dt, a, sum)
				}
			}
		}
	}
	for dt := 0; dt <= MaxDT; dt++ {
		for _, a := range advs {
			sum := 0.0
			for th := 1; th <= 10; th++ {
				sum += PThreshold(dt, a, th)
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Errorf("Σ PThreshold(%d, %v, ·) = %.17g", dt, a, sum)
			}
		}
	}
}

func binomial(n, k int) int {
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

func TestPThreshold(t *testing.T) {
	for dt := 0; dt <= MaxDT; dt++ {
		for _, a := range advs {
			pt := ratThreshold(dt, a)
			for th := -1; th <= 11; th++ {
				want := 0.0
				if th >= 1 && th <= 10 {
					want = ratFloat(pt[th])
				}
				if got := PThreshold(dt, a, th); math.Abs(got-want) > 1e-15 {
					t.Errorf("PThreshold(%d, %v, %d) = %g, want %g", dt, a, th, got, want)
				}
			}
		}
	}
}

func TestEdgeCases(t *testing.T) {
	// An empty pool never succeeds.
	for dt := 0; dt <= MaxDT; dt++ {
		for _, a := range advs {
			if got := Prob(0, dt, a, 0, 0); got != 1 {
				t.Errorf("Prob(0, %d, %v, 0, 0) = %v, want 1", dt, a, got)
			}
		}
	}
	// At DT 10 only natural 10s succeed: S = C, and S ~ Binomial(pool, 1/10).
	for pool := 0; pool <= MaxPool; pool++ {
		for _, a := range advs {
			for s := 0; s <= pool; s++ {
				for c := 0; c < s; c++ {
					if p := Prob(pool, 10, a, s, c); p != 0 {
						t.Errorf("Prob(%d, 10, %v, %d, %d) = %g, want 0", pool, a, s, c, p)
					}
				}
				want := float64(binomial(pool, s)) * math.Pow(0.1, float64(s)) * math.Pow(0.9, float64(pool-s))
				if p := Prob(pool, 10, a, s, s); !near(p, want, 1e-12, 1e-9) {
					t.Errorf("Prob(%d, 10, %v, %d, %d) = %g, want %g", pool, a, s, s, p, want)
				}
			}
		}
	}
	// Advantage helps and Disadvantage hurts whenever the die can matter.
	for pool := 1; pool <= MaxPool; pool++ {
		for dt := 0; dt < MaxDT; dt++ {
			n := PAtLeast(pool, dt, Normal, 1)
			ad := PAtLeast(pool, dt, Advantage, 1)
			di := PAtLeast(pool, dt, Disadvantage, 1)
			if !(ad > n && n > di) {
				t.Errorf("pool %d dt %d: P(S>=1) adv %.17g, normal %.17g, dis %.17g not strictly ordered", pool, dt, ad, n, di)
			}
		}
	}
	// Out-of-range outcomes have probability zero; arguments are clamped.
	zero := []struct{ pool, dt, s, c int }{
		{3, 5, 4, 0}, {3, 5, 2, 3}, {3, 5, -1, 0}, {3, 5, 1, -1}, {-2, 5, 1, 0},
	}
	for _, z := range zero {
		if p := Prob(z.pool, z.dt, Normal, z.s, z.c); p != 0 {
			t.Errorf("Prob(%d, %d, normal, %d, %d) = %g, want 0", z.pool, z.dt, z.s, z.c, p)
		}
	}
	if got, want := Prob(30, 12, Advantage, 3, 1), Prob(MaxPool, MaxDT, Advantage, 3, 1); got != want {
		t.Errorf("Prob does not clamp: %g vs %g", got, want)
	}
	if got, want := Prob(-3, -1, Advantage, 0, 0), 1.0; got != want {
		t.Errorf("Prob(-3, -1, ...) = %g, want %g", got, want)
	}
	if got, want := PAtLeast(5, 0, Adv(9), 1), PAtLeast(5, 1, Advantage, 1); got != want {
		t.Errorf("DT 0 or Adv(9) mishandled: %g vs %g", got, want)
	}
	if got, want := MeanSuccesses(40, 3, Adv(-5)), MeanSuccesses(MaxPool, 3, Disadvantage); got != want {
		t.Errorf("MeanSuccesses does not clamp: %g vs %g", got, want)
	}
}

// TestCDFTables rebuilds each outcome's probability from the cumulative
// masses, (cum[i] - cum[i-1])/2^64, compares it with the exact table, and
// checks that every guide entry is a lower bound of the outcome of the
// least draw of its bucket.
func TestCDFTables(t *testing.T) {
	for ai := range nAdv {
		for d := range nDT {
			for n := 0; n <= MaxPool; n++ {
				base, k := poolBase[n], (n+1)*(n+2)/2
				c := cum[ai][d][base : base+k]
				prev := 0.0
				for i, p := range probs[ai][d][base : base+k] {
					next := 1.0
					if i < k-1 {
						next = math.Ldexp(float64(c[i]), -64)
					}
					if math.Abs((next-prev)-p) > 1e-15 {
						t.Errorf("adv %d dt %d pool %d cell %d: tables give %.17g, exact %.17g", ai, d+1, n, i, next-prev, p)
					}
					prev = next
				}
				for b := 0; b < k; b++ {
					q, r := bits.Div64(uint64(b), 0, uint64(k))
					if r != 0 {
						q++ // the least u with ⌊u·K/2^64⌋ = b
					}
					first := 0
					for first < k-1 && q >= c[first] {
						first++
					}
					if g := int(guide[ai][d][base+b]); g > first {
						t.Fatalf("adv %d dt %d pool %d bucket %d: guide %d passes the outcome %d", ai, d+1, n, b, g, first)
					}
				}
			}
		}
	}
}

// TestRollMonotone checks the coupling RollU promises: for the same draw,
// more dice or Advantage never give fewer successes, and a higher DT or
// Disadvantage never gives more.
func TestRollMonotone(t *testing.T) {
	Prepare()
	var r RNG
	r.Seed(3, 7)
	order := []Adv{Disadvantage, Normal, Advantage}
	for range 20000 {
		u := r.Uint64()
		for _, a := range order {
			for dt := 1; dt <= MaxDT; dt++ {
				for n := 1; n <= MaxPool; n++ {
					s := RollU(u, n, dt, a).Successes
					if p := RollU(u, n-1, dt, a).Successes; p > s {
						t.Fatalf("u %#x: pool %d gives %d successes, pool %d gives %d (dt %d, %v)", u, n-1, p, n, s, dt, a)
					}
					if dt > 1 {
						if e := RollU(u, n, dt-1, a).Successes; e < s {
							t.Fatalf("u %#x: dt %d gives %d successes, dt %d gives %d (pool %d, %v)", u, dt-1, e, dt, s, n, a)
						}
					}
				}
			}
		}
		for dt := 1; dt <= MaxDT; dt++ {
			for n := 0; n <= MaxPool; n++ {
				d, m, a := RollU(u, n, dt, Disadvantage).Successes, RollU(u, n, dt, Normal).Successes, RollU(u, n, dt, Advantage).Successes
				if d > m || m > a {
					t.Fatalf("u %#x pool %d dt %d: successes %d, %d, %d under Disadvantage, Normal, Advantage", u, n, dt, d, m, a)
				}
			}
		}
	}
}

// TestRollGoodnessOfFit checks Roll against Prob with a chi-square test.
func TestRollGoodnessOfFit(t *testing.T) {
	const n = 200000
	seeds := []uint64{1, 2, 20240611}
	cases := []struct {
		pool, dt int
		a        Adv
	}{
		{1, 5, Advantage},
		{3, 6, Normal},
		{6, 6, Disadvantage},
		{5, 10, Disadvantage},
		{10, 3, Advantage},
		{16, 7, Normal},
		{24, 8, Normal},
		{24, 0, Disadvantage},
	}
	var r RNG
	for _, seed := range seeds {
		for ci, tc := range cases {
			r.Seed(seed, uint64(ci))
			k := (tc.pool + 1) * (tc.pool + 2) / 2
			obs := make([]int, k)
			exp := make([]float64, k)
			for s := 0; s <= tc.pool; s++ {
				for c := 0; c <= s; c++ {
					exp[cell(s, c)] = Prob(tc.pool, tc.dt, tc.a, s, c)
				}
			}
			for range n {
				res := Roll(&r, tc.pool, tc.dt, tc.a)
				if res.Crits > res.Successes || int(res.Successes) > tc.pool {
					t.Fatalf("Roll(%d, %d, %v) = %+v: impossible", tc.pool, tc.dt, tc.a, res)
				}
				obs[cell(int(res.Successes), int(res.Crits))]++
			}
			if r.Draws() != n {
				t.Errorf("%d Rolls took %d draws", n, r.Draws())
			}
			stat, df, p := chiSquare(t, obs, exp, n)
			if p < minPValue {
				t.Errorf("seed %d Roll(%d, %d, %v): χ² = %.1f on %d df, p = %.3g", seed, tc.pool, tc.dt, tc.a, stat, df, p)
			}
		}
	}
}

func TestRollOneDraw(t *testing.T) {
	var r RNG
	r.Seed(5, 5)
	for pool := -1; pool <= MaxPool+1; pool++ {
		for dt := -1; dt <= MaxDT+1; dt++ {
			for _, a := range advs {
				before := r.Draws()
				Roll(&r, pool, dt, a)
				if got := r.Draws() - before; got != 1 {
					t.Fatalf("Roll(%d, %d, %v) took %d draws", pool, dt, a, got)
				}
			}
		}
	}
}

func TestRollClampAndEdges(t *testing.T) {
	var r1, r2 RNG
	r1.Seed(9, 1)
	r2.Seed(9, 1)
	for range 10000 {
		if a, b := Roll(&r1, 99, 42, Adv(3)), Roll(&r2, MaxPool, MaxDT, Advantage); a != b {
			t.Fatalf("clamped Roll %+v differs from %+v", a, b)
		}
		if a, b := Roll(&r1, 7, 0, Adv(-2)), Roll(&r2, 7, 1, Disadvantage); a != b {
			t.Fatalf("DT 0 Roll %+v differs from DT 1 %+v", a, b)
		}
		if res := Roll(&r1, 0, 3, Normal); res != (Result{}) {
			t.Fatalf("empty pool rolled %+v", res)
		}
		if res := Roll(&r1, -4, 3, Normal); res != (Result{}) {
			t.Fatalf("negative pool rolled %+v", res)
		}
		if res := Roll(&r1, 8, 10, Advantage); res.Successes != res.Crits {
			t.Fatalf("DT 10 rolled %+v", res)
		}
		r2.Uint64()
		r2.Uint64()
		r2.Uint64()
	}
}

func TestRollAllocs(t *testing.T) {
	var r RNG
	r.Seed(1, 2)
	var sink Result
	if n := testing.AllocsPerRun(1000, func() { sink = Roll(&r, 12, 6, Advantage) }); n != 0 {
		t.Errorf("Roll allocates %v times per call", n)
	}
	_ = sink
	dst := make([]float64, 0, MaxPool+1)
	if n := testing.AllocsPerRun(100, func() {
		dst = PSuccesses(24, 6, Normal, dst)
		dst = PCrits(24, 6, Normal, dst)
	}); n != 0 {
		t.Errorf("PSuccesses/PCrits allocate %v times per call with enough capacity", n)
	}
}

func BenchmarkRoll(b *testing.B) {
	var r RNG
	r.Seed(1, 0)
	var sink Result
	for b.Loop() {
		sink = Roll(&r, 8, 6, Advantage)
	}
	_ = sink
}

// BenchmarkRollVaried draws pools, thresholds and advantage states from a
// precomputed random list, so that table accesses are spread out as in a
// simulation.
func BenchmarkRollVaried(b *testing.B) {
	type args struct {
		pool, dt int
		a        Adv
	}
	var r RNG
	r.Seed(2, 0)
	list := make([]args, 1024)
	for i := range list {
		list[i] = args{r.IntN(MaxPool + 1), r.IntN(MaxDT + 1), Adv(r.IntN(3) - 1)}
	}
	var sink Result
	i := 0
	for b.Loop() {
		x := &list[i&1023]
		sink = Roll(&r, x.pool, x.dt, x.a)
		i++
	}
	_ = sink
}

// The pools' probabilities are built a term of t for every criticals
// count at a time (buildPool): each is, to the bit, the formula's sum over
// t in increasing order, as the sampling tables were first built from.
func TestPoolTablesAreTheFormula(t *testing.T) {
	Prepare()
	for ai := 0; ai < nAdv; ai++ {
		for d := 0; d < nDT; d++ {
			for n := 0; n <= MaxPool; n++ {
				scale := 100 * math.Pow10(n)
				for s := 0; s <= n; s++ {
					for c := 0; c <= s; c++ {
						sum := 0.0
						for tt := d + 1; tt <= 10; tt++ {
							sum += thrNum[ai][d][tt] * powTab[tt-1][n-s] * powTab[10-tt][s-c]
						}
						want := sum * multinom[n][n-s][s-c] / scale
						if got := probs[ai][d][poolBase[n]+cell(s, c)]; math.Float64bits(got) != math.Float64bits(want) {
							t.Fatalf("adv %d, DT index %d, pool %d, (%d, %d): %v, the formula gives %v", ai, d, n, s, c, got, want)
						}
					}
				}
			}
		}
	}
}
