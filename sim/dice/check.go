package dice

import (
	"math"
	"math/bits"
	"strconv"
	"sync"
)

// Adv is the net advantage state of a Check.
type Adv int8

// The three net advantage states. Functions taking an Adv use only its sign,
// so any positive value means Advantage and any negative value Disadvantage.
const (
	Normal       Adv = 0  // one difficulty die
	Advantage    Adv = 1  // two difficulty dice, keep the lower
	Disadvantage Adv = -1 // two difficulty dice, keep the higher
)

// Net returns the net advantage state given adv sources of Advantage and dis
// sources of Disadvantage. Sources cancel one for one and never stack, so the
// result is sign(adv - dis): Advantage, Disadvantage or Normal.
func Net(adv, dis int) Adv {
	switch {
	case adv > dis:
		return Advantage
	case adv < dis:
		return Disadvantage
	}
	return Normal
}

// String returns "normal", "advantage" or "disadvantage" for the three
// states, and "Adv(n)" for any other value.
func (a Adv) String() string {
	switch a {
	case Normal:
		return "normal"
	case Advantage:
		return "advantage"
	case Disadvantage:
		return "disadvantage"
	}
	return "Adv(" + strconv.Itoa(int(a)) + ")"
}

// MaxPool is the largest pool size that is tabulated; larger pools are
// clamped to it.
const MaxPool = 24

// MaxDT is the largest difficulty threshold; larger values are clamped to it.
const MaxDT = 10

// Result is the outcome of a Check: the number of pool dice at or above the
// threshold (Successes) and the number of pool dice showing 10 (Crits).
// Always Crits <= Successes.
type Result struct {
	Successes, Crits uint8
}

// OK reports whether the Check succeeded, that is Successes >= 1.
func (r Result) OK() bool { return r.Successes >= 1 }

const (
	nAdv   = 3                                                 // Normal, Advantage, Disadvantage
	nDT    = MaxDT                                             // effective thresholds 1..10 (DT 0 acts as 1)
	nCells = (MaxPool + 1) * (MaxPool + 2) * (MaxPool + 3) / 6 // all (pool, S, C) with C <= S <= pool
	maxK   = (MaxPool + 1) * (MaxPool + 2) / 2                 // cells of the largest pool
)

var (
	// cum[a][d][poolBase[n]+i] is the cumulative mass, in units of 2^-64,
	// of the outcomes 0..i of pool n at effective threshold d+1 under
	// advantage index a, the outcomes in the order of cell (by successes,
	// then criticals). The last outcome's entry (2^64) is never read.
	cum [nAdv][nDT][nCells]uint64
	// guide[a][d][poolBase[n]+b] is the first outcome a draw in bucket b of
	// K equal buckets can yield: the search starts there.
	guide [nAdv][nDT][nCells]uint16
	// probs has the same layout and holds P(S=s, C=c).
	probs [nAdv][nDT][nCells]float64
	// thrNum[a][d][t] is 100·P(T=t), an integer, for t in 1..10.
	thrNum [nAdv][nDT][11]float64
	// poolBase[n] = n(n+1)(n+2)/6 is the first cell of pool n.
	poolBase [MaxPool + 2]int
	// cellResult[cell(s,c)] = s | c<<8, a packed Result.
	cellResult [maxK]uint16
	// powTab[b][e] = b^e for b in 0..9 and e in 0..MaxPool (0^0 = 1).
	powTab [10][MaxPool + 1]float64
	// multinom[n][i][j] = n!/(i! j! (n-i-j)!).
	multinom [MaxPool + 1][MaxPool + 1][MaxPool + 1]float64
)

// cell is the index of outcome (s, c) within a pool's block: s(s+1)/2 + c.
func cell(s, c int) int { return s*(s+1)/2 + c }

// advIndex maps the sign of a to 0 (Normal), 1 (Advantage), 2 (Disadvantage).
func advIndex(a Adv) int {
	switch {
	case a > 0:
		return 1
	case a < 0:
		return 2
	}
	return 0
}

// keptWeight returns 100·P(kept difficulty die = k) for advantage index ai:
// 10 for one die, 21-2k for the lower of two, 2k-1 for the higher of two.
func keptWeight(ai, k int) int {
	switch ai {
	case 1:
		return 21 - 2*k
	case 2:
		return 2*k - 1
	}
	return 10
}

// clampPool clamps a pool size to [0, MaxPool].
func clampPool(pool int) int { return min(max(pool, 0), MaxPool) }

// dtIndex maps a difficulty threshold to its table index: the effective
// threshold max(dt, 1), clamped to [1, MaxDT], minus one.
func dtIndex(dt int) int { return min(max(dt, 1), MaxDT) - 1 }

func init() {
	for n := 0; n <= MaxPool+1; n++ {
		poolBase[n] = n * (n + 1) * (n + 2) / 6
	}
	for s := 0; s <= MaxPool; s++ {
		for c := 0; c <= s; c++ {
			cellResult[cell(s, c)] = uint16(s) | uint16(c)<<8
		}
	}
	for ai := 0; ai < nAdv; ai++ {
		for d := 0; d < nDT; d++ {
			buildThreshold(ai, d)
		}
	}
}

// tablesOnce guards the building of the pools' tables (Prepare).
var tablesOnce sync.Once

// Prepare builds the probabilities and sampling tables of every pool,
// threshold and advantage (about 30 million instructions, once per
// process, so that a program that makes no Check pays nothing). Roll and
// the probability functions call it themselves; RollU, which Checks are
// drawn with a hunt at a time, reads the tables without asking: its
// caller calls Prepare first (sim/cazadores does when a hunt is set up).
func Prepare() { tablesOnce.Do(buildTables) }

// buildTables fills the pools' tables (Prepare).
func buildTables() {
	for b := range powTab {
		p := 1.0
		for e := range powTab[b] {
			powTab[b][e] = p
			p *= float64(b)
		}
	}
	var binom [MaxPool + 1][MaxPool + 1]uint64 // Pascal's triangle, exact
	for n := 0; n <= MaxPool; n++ {
		binom[n][0] = 1
		for i := 1; i <= n; i++ {
			binom[n][i] = binom[n-1][i-1] + binom[n-1][i]
		}
	}
	for n := 0; n <= MaxPool; n++ {
		for i := 0; i <= n; i++ {
			for j := 0; i+j <= n; j++ {
				// C(n,i)·C(n-i,j) <= 24!/(8!)^3 < 2^34: exact in float64.
				multinom[n][i][j] = float64(binom[n][i] * binom[n-i][j])
			}
		}
	}
	for ai := 0; ai < nAdv; ai++ {
		for d := 0; d < nDT; d++ {
			for n := 0; n <= MaxPool; n++ {
				buildPool(ai, d, n)
			}
		}
	}
}

// buildThreshold fills thrNum[ai][d]: with e = d+1 the effective threshold,
// 100·P(T=e) = Σ_{k<=e} w(k) and 100·P(T=t) = w(t) for t > e.
func buildThreshold(ai, d int) {
	e := d + 1
	for k := 1; k <= 10; k++ {
		t := max(k, e)
		thrNum[ai][d][t] += float64(keptWeight(ai, k))
	}
}

// buildPool fills the probabilities and sampling tables of pool n:
//
//	P(S=s, C=c) = Σ_t P(T=t) · n!/((n-s)! (s-c)! c!) · ((t-1)/10)^(n-s) · ((10-t)/10)^(s-c) · (1/10)^c
//
// evaluated as Σ_t 100·P(T=t) · multinomial · (t-1)^(n-s) · (10-t)^(s-c),
// divided by 100·10^n at the end.
func buildPool(ai, d, n int) {
	base := poolBase[n]
	k := (n + 1) * (n + 2) / 2
	ps := probs[ai][d][base : base+k]
	scale := 100 * math.Pow10(n)
	th := &thrNum[ai][d]
	for s := 0; s <= n; s++ {
		// The first two factors of each term, which do not depend on c
		// (the product is taken in the same order: the same bits).
		// Each c's sum is taken over t in increasing order, as before,
		// a term of t for every c at a time.
		var sums [MaxPool + 1]float64
		for t := d + 1; t <= 10; t++ {
			f := th[t] * powTab[t-1][n-s]
			row := &powTab[10-t]
			for c := 0; c <= s; c++ {
				sums[c] += f * row[s-c]
			}
		}
		for c := 0; c <= s; c++ {
			ps[cell(s, c)] = sums[c] * multinom[n][n-s][s-c] / scale
		}
	}
	buildCDF(cum[ai][d][base:base+k], guide[ai][d][base:base+k], ps)
}

// u128 is an unsigned 128-bit integer hi·2^64 + lo.
type u128 struct{ hi, lo uint64 }

func (x u128) less(y u128) bool { return x.hi < y.hi || (x.hi == y.hi && x.lo < y.lo) }

func (x u128) add(y u128) u128 {
	lo, c := bits.Add64(x.lo, y.lo, 0)
	hi, _ := bits.Add64(x.hi, y.hi, c)
	return u128{hi, lo}
}

func (x u128) sub(y u128) u128 {
	lo, b := bits.Sub64(x.lo, y.lo, 0)
	hi, _ := bits.Sub64(x.hi, y.hi, b)
	return u128{hi, lo}
}

// buildCDF builds the inverse-CDF sampling tables of the probabilities ps
// in exact integer arithmetic. Outcome i gets m_i ≈ p_i·2^64 units of mass,
// adjusted on the largest outcome so that Σ m_i = 2^64 exactly, and
// cum[i] = m_0 + ... + m_i; a draw u yields the first i with u < cum[i].
// The sampler therefore realises the quantised masses exactly, within the
// float64 rounding of p_i. guide[b] is the first outcome with
// cum[i] > ⌊b·2^64/K⌋, the least draw of bucket b.
func buildCDF(cum []uint64, guide []uint16, ps []float64) {
	k := len(ps)
	var mass [maxK]u128
	total, big := u128{}, 0
	for i, p := range ps {
		w := math.Floor(p)
		m := u128{uint64(w), uint64((p - w) * 0x1p64)} // exactly math.Ldexp(p-w, 64): p-w < 1
		mass[i] = m
		total = total.add(m)
		if mass[big].less(m) {
			big = i
		}
	}
	one := u128{1, 0}
	if total.less(one) {
		mass[big] = mass[big].add(one.sub(total))
	} else {
		mass[big] = mass[big].sub(total.sub(one))
	}
	run := u128{}
	for i := 0; i < k; i++ {
		run = run.add(mass[i])
		if run.hi > 0 {
			cum[i] = math.MaxUint64 // only the last outcomes reach 2^64
		} else {
			cum[i] = run.lo
		}
	}
	i := 0
	for b := 0; b < k; b++ {
		low, _ := bits.Div64(uint64(b), 0, uint64(k)) // ⌊b·2^64/K⌋
		for i < k-1 && low >= cum[i] {
			i++
		}
		guide[b] = uint16(i)
	}
}

// Roll samples the result of a Check of pool d10s against difficulty
// threshold dt under advantage state a, using exactly one r.Uint64 draw.
// pool is clamped to [0, MaxPool] and dt to [0, MaxDT]. See RollU.
func Roll(r *RNG, pool, dt int, a Adv) Result {
	Prepare()
	r.draws++ // the same single draw as r.Uint64(), written out so it inlines
	return RollU(r.pcg.Uint64(), pool, dt, a)
}

// RollU returns the result of a Check for the uniform 64-bit draw u by
// inverting the exact distribution function of (successes, criticals),
// the outcomes ordered by successes and then criticals. The sampled law
// matches Prob to about 1e-16 per outcome.
//
// Inversion makes one draw a monotone coupling of all Checks: for the same
// u, a larger pool or Advantage never gives fewer successes and a higher DT
// or Disadvantage never gives more. Two designs played on the same draws
// (common random numbers) therefore differ only in the Checks a changed
// number actually turns.
//
// The search starts at the guide entry of u's bucket (one of K equal
// buckets, K the number of outcomes), so it takes about one step on average.
//
// RollU reads the tables Prepare builds: call Prepare once before.
func RollU(u uint64, pool, dt int, a Adv) Result {
	pool = clampPool(pool)
	k := (pool + 1) * (pool + 2) / 2
	base := poolBase[pool]
	ai, d := advIndex(a), dtIndex(dt)
	hi, _ := bits.Mul64(u, uint64(k))
	c := &cum[ai][d]
	i := base + int(guide[ai][d][base+int(hi)])
	for last := base + k - 1; i < last && u >= c[i]; {
		i++
	}
	v := cellResult[i-base]
	return Result{Successes: uint8(v), Crits: uint8(v >> 8)}
}

// table returns the exact joint probabilities P(S=s, C=c) of a pool,
// indexed by s(s+1)/2 + c, after clamping pool and dt.
func table(pool, dt int, a Adv) (n int, ps []float64) {
	Prepare()
	n = clampPool(pool)
	base := poolBase[n]
	return n, probs[advIndex(a)][dtIndex(dt)][base : base+(n+1)*(n+2)/2]
}

// Prob returns the exact probability P(S = successes, C = crits) of a Check,
//
//	Σ_t P(T=t) · n!/((n-s)! (s-c)! c!) · ((t-1)/10)^(n-s) · ((10-t)/10)^(s-c) · (1/10)^c
//
// with n = pool, s = successes and c = crits. It is zero unless
// 0 <= c <= s <= n. pool and dt are clamped as in Roll.
func Prob(pool, dt int, a Adv, successes, crits int) float64 {
	n, ps := table(pool, dt, a)
	if crits < 0 || crits > successes || successes > n {
		return 0
	}
	return ps[cell(successes, crits)]
}

// PSuccesses appends to dst[:0] the distribution of the number of
// Successes, P(S = s) = Σ_c P(S = s, C = c) for s = 0..pool, and returns the
// extended slice. pool and dt are clamped as in Roll.
func PSuccesses(pool, dt int, a Adv, dst []float64) []float64 {
	n, ps := table(pool, dt, a)
	dst = dst[:0]
	for s := 0; s <= n; s++ {
		sum := 0.0
		for c := s; c >= 0; c-- {
			sum += ps[cell(s, c)]
		}
		dst = append(dst, sum)
	}
	return dst
}

// PAtLeast returns P(S >= k) = Σ_{s>=k} P(S = s): 1 for k <= 0 and 0 for
// k > pool. pool and dt are clamped as in Roll.
func PAtLeast(pool, dt int, a Adv, k int) float64 {
	n, ps := table(pool, dt, a)
	if k <= 0 {
		return 1
	}
	if k > n {
		return 0
	}
	sum := 0.0
	for s := n; s >= k; s-- {
		for c := 0; c <= s; c++ {
			sum += ps[cell(s, c)]
		}
	}
	return sum
}

// PCrits appends to dst[:0] the distribution of the number of Criticals,
// P(C = c) = Σ_s P(S = s, C = c) for c = 0..pool, and returns the extended
// slice. Since every pool die is a 10 with probability 1/10 whatever the
// threshold, this is Binomial(pool, 1/10). pool and dt are clamped as in
// Roll.
func PCrits(pool, dt int, a Adv, dst []float64) []float64 {
	n, ps := table(pool, dt, a)
	dst = dst[:0]
	for c := 0; c <= n; c++ {
		sum := 0.0
		for s := n; s >= c; s-- {
			sum += ps[cell(s, c)]
		}
		dst = append(dst, sum)
	}
	return dst
}

// MeanSuccesses returns the expected number of Successes,
//
//	E[S] = pool · Σ_t P(T=t) · (11-t)/10.
//
// pool and dt are clamped as in Roll.
func MeanSuccesses(pool, dt int, a Adv) float64 {
	n := clampPool(pool)
	th := &thrNum[advIndex(a)][dtIndex(dt)]
	sum := 0.0
	for t := 1; t <= 10; t++ {
		sum += th[t] * float64(11-t)
	}
	return float64(n) * sum / 1000
}

// PThreshold returns P(T = t), the probability that the threshold
// T = max(D, dt) equals t, where D is one d10 (Normal), the lower of two
// (Advantage: P(D=k) = (21-2k)/100) or the higher of two (Disadvantage:
// P(D=k) = (2k-1)/100). It is zero outside 1..10. dt is clamped as in Roll.
func PThreshold(dt int, a Adv, t int) float64 {
	if t < 1 || t > 10 {
		return 0
	}
	return thrNum[advIndex(a)][dtIndex(dt)][t] / 100
}
