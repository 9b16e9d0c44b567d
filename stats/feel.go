package stats

import (
	"fmt"
	"math"
	"slices"

	"balance/game"
)

// FeelTally is the integer account of how the hunts felt, for a schema
// with a Feel (docs/feel.md). Like the rest of a Tally it merges exactly
// by adding counts.
type FeelTally struct {
	// Leads[c]: hunts with c lead changes (the last bin holds the
	// hunts with more); LeadSum and LeadSumSq are exact.
	Leads     []int64 `json:"leads"`
	LeadSum   int64   `json:"lead_sum"`
	LeadSumSq int64   `json:"lead_sum_sq"`
	// Per side: its wins in which it was behind at the end of some round
	// (Comeback), by its worst deficit in percentage points (Deficit[side]
	// [0..100]), and its wins in which it came within the margin of
	// losing (Close).
	Comeback []int64   `json:"comeback"`
	Deficit  [][]int64 `json:"deficit"`
	Close    []int64   `json:"close"`
	// Per side, sums over hunts of its turns and idle turns, of their
	// squares and of their product, for the idle share's ratio estimator.
	Turns   []int64 `json:"turns"`
	Idle    []int64 `json:"idle"`
	TurnsSq []int64 `json:"turns_sq"`
	IdleSq  []int64 `json:"idle_sq"`
	Cross   []int64 `json:"cross"`
	// Settle[r][b·O+o]: hunts that played round r+1, whose standings at
	// its end fell in bucket b (game.Feel.Bucket), and that ended with
	// outcome o (O outcomes). The last row also holds the rounds past it.
	Settle [][]int64 `json:"settle"`
}

func newFeelTally(s *game.Schema) *FeelTally {
	rounds, n := s.NRounds(), len(s.Sides)
	f := &FeelTally{
		Leads:    make([]int64, rounds+1),
		Comeback: make([]int64, n), Close: make([]int64, n),
		Deficit: grid(n, 101),
		Turns:   make([]int64, n), Idle: make([]int64, n), TurnsSq: make([]int64, n), IdleSq: make([]int64, n), Cross: make([]int64, n),
		Settle: grid(rounds, game.FeelBuckets*len(s.Outcomes)),
	}
	return f
}

// add counts one hunt's record.
func (f *FeelTally) add(s *game.Schema, r *game.Record) {
	fr := &r.F
	c := int64(fr.Changes)
	bump(f.Leads, int(fr.Changes))
	f.LeadSum += c
	f.LeadSumSq += c * c
	if w := s.Outcomes[r.Outcome].Winner; w >= 0 {
		if fr.Behind[w] {
			f.Comeback[w]++
			bump(f.Deficit[w], int(fr.Deficit[w]))
		}
		if fr.Close[w] {
			f.Close[w]++
		}
	}
	for side := range f.Turns {
		t, i := int64(fr.Turns[side]), int64(fr.Idle[side])
		f.Turns[side] += t
		f.Idle[side] += i
		f.TurnsSq[side] += t * t
		f.IdleSq[side] += i * i
		f.Cross[side] += t * i
	}
	no := len(s.Outcomes)
	kept := min(fr.Rounds, len(f.Settle))
	n := len(f.Turns)
	for k := range kept {
		b := s.Feel.Bucket(fr.Stand[n*k : n*k+n])
		f.Settle[k][b*no+r.Outcome]++
	}
}

func (f *FeelTally) reset() {
	f.LeadSum, f.LeadSumSq = 0, 0
	clear(f.Leads)
	clear(f.Comeback)
	clear(f.Close)
	for _, d := range f.Deficit {
		clear(d)
	}
	clear(f.Turns)
	clear(f.Idle)
	clear(f.TurnsSq)
	clear(f.IdleSq)
	clear(f.Cross)
	for _, row := range f.Settle {
		clear(row)
	}
}

func (f *FeelTally) merge(g *FeelTally) {
	f.LeadSum += g.LeadSum
	f.LeadSumSq += g.LeadSumSq
	add := addCounts
	add(f.Leads, g.Leads)
	add(f.Comeback, g.Comeback)
	add(f.Close, g.Close)
	for i := range f.Deficit {
		add(f.Deficit[i], g.Deficit[i])
	}
	add(f.Turns, g.Turns)
	add(f.Idle, g.Idle)
	add(f.TurnsSq, g.TurnsSq)
	add(f.IdleSq, g.IdleSq)
	add(f.Cross, g.Cross)
	for i := range f.Settle {
		add(f.Settle[i], g.Settle[i])
	}
}

// sameFeel reports whether f and g are laid out alike (both nil, or the
// same lengths).
func sameFeel(f, g *FeelTally) bool {
	if f == nil || g == nil {
		return f == nil && g == nil
	}
	eq := func(a, b []int64) bool { return len(a) == len(b) }
	ok := eq(f.Leads, g.Leads) && eq(f.Comeback, g.Comeback) && eq(f.Close, g.Close) && len(f.Deficit) == len(g.Deficit) &&
		eq(f.Turns, g.Turns) && eq(f.Idle, g.Idle) && eq(f.TurnsSq, g.TurnsSq) && eq(f.IdleSq, g.IdleSq) && eq(f.Cross, g.Cross) &&
		len(f.Settle) == len(g.Settle)
	if !ok {
		return false
	}
	for i := range f.Deficit {
		ok = ok && eq(f.Deficit[i], g.Deficit[i])
	}
	for i := range f.Settle {
		ok = ok && eq(f.Settle[i], g.Settle[i])
	}
	return ok
}

// Settled is the share of hunts whose prediction must be right, in
// every round, for the outcome to count as settled: the settling round
// is the first after which it stays at least this.
const Settled = 0.9

// settleMin is the least share of the hunts a round must be reached by
// for the settling round to be judged on it: the rounds few hunts reach
// are too noisy to say anything.
const settleMin = 0.01

// Feel are the figures of how the hunts felt (docs/feel.md).
type Feel struct {
	Standing string `json:"standing"` // what the standing measures
	Close    string `json:"close"`    // what a close call is
	Idle     string `json:"idle"`     // what an idle turn is
	// LeadChanges: per hunt, how often the side ahead changed; its
	// distribution (Histogram[c]: hunts with c changes).
	LeadChanges Distribution `json:"lead_changes"`
	Sides       []FeelSide   `json:"sides"`
	// Rounds: the settling table's figures by round, from round 1.
	Rounds []FeelRound `json:"rounds"`
	// SettlingRound is the first round after whose end the prediction
	// is right in at least 90% of the hunts in every later round reached
	// by 1% of the hunts; its interval from the prediction's bands; Kept+1
	// when it never is (not even in the last round so reached).
	SettlingRound Interval `json:"settling_round"`
	// SettledPlay is the share of the rounds played that came after the
	// settling round.
	SettledPlay Interval `json:"settled_play"`
	Kept        int      `json:"kept"` // rounds the table has rows for
}

// FeelSide is one side's figures.
type FeelSide struct {
	Side string `json:"side"`
	Wins int64  `json:"wins"`
	// Comeback: the share of its wins in which it was behind at the end
	// of some round; Deficit: over those, the worst deficit in
	// percentage points of the shares' difference.
	Comeback Interval     `json:"comeback"`
	Deficit  Distribution `json:"deficit"`
	// Close: the share of its wins in which it came within the margin of
	// losing.
	Close Interval `json:"close"`
	// Idle: the share of its turns that were idle.
	Idle  Interval `json:"idle"`
	Turns int64    `json:"turns"`
}

// FeelRound is one round of the settling table.
type FeelRound struct {
	Round int   `json:"round"`
	Hunts int64 `json:"hunts"` // the hunts that played it
	// Uncertainty: the mean over those hunts of 4p(1-p), p the chance
	// that the first side wins given the standing at the round's end (1:
	// a coin flip, 0: known), with its band.
	Uncertainty Interval `json:"uncertainty"`
	// Right: the share of those hunts whose outcome the standing at the
	// round's end predicts, taking the likelier of a first side's win and
	// not (the prediction's confidence), with its band.
	Right Interval `json:"right"`
}

// NewFeel computes the figures of how the hunts of t felt; nil for a
// schema without a Feel.
func NewFeel(t *Tally) *Feel {
	s := t.Schema()
	f := t.Feel
	if s.Feel == nil || f == nil {
		return nil
	}
	out := &Feel{Standing: s.Feel.Standing, Close: s.Feel.Close, Idle: s.Feel.Idle, Kept: len(f.Settle)}
	// The histogram's last bin holds the hunts with more changes; the
	// mean and SD are the exact ones.
	out.LeadChanges = Exact(f.Leads, 0, f.LeadSum, f.LeadSumSq)
	for side := range s.Sides {
		var wins int64
		for o := range s.Outcomes {
			if s.Wins(o, side) {
				wins += t.Outcomes[o]
			}
		}
		fs := FeelSide{Side: s.Sides[side].Key, Wins: wins, Turns: f.Turns[side],
			Comeback: FromEstimate(Proportion(f.Comeback[side], wins, Conf)),
			Deficit:  Dist(f.Deficit[side]),
			Close:    FromEstimate(Proportion(f.Close[side], wins, Conf)),
			Idle:     idleShare(f, side, t.Hunts)}
		out.Sides = append(out.Sides, fs)
	}
	no := len(s.Outcomes)
	var first []bool
	for o := range s.Outcomes {
		first = append(first, s.Wins(o, 0))
	}
	for r, row := range f.Settle {
		fr := FeelRound{Round: r + 1}
		var k, n [game.FeelBuckets]int64
		for b := range game.FeelBuckets {
			for o := range no {
				c := row[b*no+o]
				n[b] += c
				if first[o] {
					k[b] += c
				}
			}
			fr.Hunts += n[b]
		}
		fr.Uncertainty = uncertainty(k[:], n[:], fr.Hunts)
		var right int64
		for b := range k {
			right += max(k[b], n[b]-k[b])
		}
		fr.Right = FromEstimate(Proportion(right, fr.Hunts, Conf))
		out.Rounds = append(out.Rounds, fr)
	}
	est := settling(out.Rounds, t.Hunts, func(i Interval) float64 { return i.Estimate })
	lo := settling(out.Rounds, t.Hunts, func(i Interval) float64 { return i.High })
	hi := settling(out.Rounds, t.Hunts, func(i Interval) float64 { return i.Low })
	never := len(out.Rounds) + 1
	out.SettlingRound = Interval{Estimate: float64(est), Low: float64(lo), High: float64(hi), Conf: Conf, N: t.Hunts, Never: float64(never)}
	switch {
	case est >= never:
		out.SettlingRound.Warnings = []string{fmt.Sprintf("the outcome does not settle within the %d rounds kept (%d stands for never)", never-1, never)}
	case hi >= never:
		out.SettlingRound.Warnings = []string{fmt.Sprintf("the outcome may not settle within the %d rounds kept: the interval's upper end, %d, stands for never", never-1, never)}
	}
	out.SettledPlay = settledPlay(t.Length, est, lo, hi, t.Hunts)
	return out
}

// settledPlay is the share of play after the settling round est, whose
// interval is lo..hi. The share falls as the round comes later, and the
// round is itself uncertain: the interval spans the share's band at a
// settling round of hi (its low end) and of lo (its high end), so it
// holds whenever both the round's interval and the share's band do, at
// least 1 − 2·(1 − Conf) of the time, the confidence it states. With a
// round known to the round (lo = hi), it is the share's own band.
func settledPlay(length []int64, est, lo, hi int, n int64) Interval {
	i := playAfter(length, est, n)
	if lo == hi {
		return i
	}
	late, early := playAfter(length, hi, n), playAfter(length, lo, n)
	i.Low, i.High = min(i.Low, late.Low), max(i.High, early.High)
	i.Conf = 1 - 2*(1-Conf)
	i.Warnings = append(i.Warnings, fmt.Sprintf("spans the settling round's interval %d..%d: the share's band at each end", lo, hi))
	return i
}

// idleShare is side's idle turns over its turns: the ratio estimator's
// interval (a hunt's turns go together), at most 1.
func idleShare(f *FeelTally, side int, n int64) Interval {
	if f.Turns[side] == 0 {
		return Interval{Conf: Conf, High: 1, Warnings: []string{"no turns counted"}}
	}
	i := PerDraw(f.Idle[side], f.Turns[side], f.IdleSq[side], f.Cross[side], f.TurnsSq[side], n)
	i.High = math.Min(i.High, 1)
	i.N = f.Turns[side]
	return i
}

// uncertainty is the mean over n hunts of 4p(1-p), p the share of the
// first side's wins in each hunt's bucket (k[b] of n[b]), with each
// bucket's 4p(1-p) estimated without bias (4k(n-k)/(n(n-1))), and a band
// from the delta method over the 2·buckets cells (win or not, by bucket),
// widened to the Wilson interval of a share, clamped to [0, 1].
func uncertainty(k, n []int64, total int64) Interval {
	if total == 0 {
		return Interval{Conf: Conf, High: 1, Warnings: []string{"no hunts"}}
	}
	N := float64(total)
	var u, second float64
	for b := range k {
		if n[b] == 0 {
			continue
		}
		nb, kb := float64(n[b]), float64(k[b])
		p := kb / nb
		if n[b] >= 2 {
			u += 4 * kb * (nb - kb) / (N * (nb - 1))
		}
		// Σ π g² over the bucket's two cells: g = 4(1-p)² for a win, 4p²
		// for the rest.
		second += nb / N * (p*16*math.Pow(1-p, 4) + (1-p)*16*math.Pow(p, 4))
	}
	var plug float64
	for b := range k {
		if n[b] > 0 {
			p := float64(k[b]) / float64(n[b])
			plug += float64(n[b]) / N * 4 * p * (1 - p)
		}
	}
	v := math.Max(second-plug*plug, 0) / N
	half := z(Conf) * math.Sqrt(v)
	// The band is never narrower than the Wilson interval of a mean of
	// values in [0, 1] over the hunts (BoundedMean), which keeps its width
	// where every bucket is known or few hunts play the round.
	lo, hi := wilson(math.Min(math.Max(u, 0), 1), N, z(Conf))
	return Interval{Estimate: u, Low: math.Max(0, math.Min(u-half, lo)), High: math.Min(1, math.Max(u+half, hi)), Conf: Conf, N: total}
}

// settling is the first round R such that, in every round from R on
// reached by at least settleMin of the hunts (a judged round), the share
// of hunts the standing predicts (by val of its interval) is at least
// Settled: one after the last judged round where it is not, or 1 when
// there is none. When the last judged round is one, the outcome does not
// settle: len(rounds)+1.
func settling(rounds []FeelRound, hunts int64, val func(Interval) float64) int {
	last := true
	for r := len(rounds) - 1; r >= 0; r-- {
		fr := rounds[r]
		if fr.Hunts == 0 || float64(fr.Hunts) < settleMin*float64(hunts) {
			continue
		}
		if val(fr.Right) < Settled {
			if last {
				return len(rounds) + 1
			}
			return r + 2
		}
		last = false
	}
	return 1
}

// playAfter is the share of the rounds played that came after round
// settle (Σ max(0, L-settle) / Σ L over the hunts, from the histogram of
// lengths), with the ratio estimator's interval.
func playAfter(length []int64, settle int, n int64) Interval {
	var sw, sd, sww, swd, sdd int64
	for l, c := range length {
		w := int64(max(0, l-settle))
		d := int64(l)
		sw += w * c
		sd += d * c
		sww += w * w * c
		swd += w * d * c
		sdd += d * d * c
	}
	i := PerDraw(sw, sd, sww, swd, sdd, n)
	i.High = math.Min(i.High, 1)
	i.N = n
	return i
}

// FeelFollowed are the keys of the figures of how the hunts felt that the
// comparing workflows (compare, sweep, tune, sensitivity, skill) follow,
// paired on the same hunts, for a schema with a Feel: the lead changes,
// and the first side's comebacks, close calls and, when the game counts
// them, idle turns. nil without a Feel.
func FeelFollowed(s *game.Schema) []string {
	if s.Feel == nil {
		return nil
	}
	k := s.Sides[0].Key
	keys := []string{"lead_changes", "comeback:" + k, "close:" + k}
	if s.Feel.Idle != "" {
		keys = append(keys, "idle:"+k)
	}
	return keys
}

// FeelRunFollowed are the keys of the figures of how the hunts felt that
// belong to a run as a whole, not to each hunt, and that the comparing
// workflows follow after those of FeelFollowed: the settling round and
// the share of play after it. nil without a Feel. Their change from one
// design to another is RunDiff's, not a paired one.
func FeelRunFollowed(s *game.Schema) []string {
	if s.Feel == nil {
		return nil
	}
	return slices.Clone(runFigures)
}

// runFigures are the keys of the figures of a run as a whole.
var runFigures = []string{"settling_round", "settled_play"}

// RunFigure reports whether key is a figure of a run as a whole, whose
// change between designs is RunDiff's.
func RunFigure(key string) bool { return slices.Contains(runFigures, key) }

// RunDiff is the change b − a of a figure of a run as a whole (the
// settling round, the share of play after it), which no hunt has a value
// of to pair. Its interval joins the two estimates' intervals: from b's
// low end less a's high end to b's high end less a's low end. When both
// intervals hold their figures, so does it: it covers the change at
// least as often as 1 − 2·(1 − Conf), the confidence it states, and is
// wider than a paired interval would be.
//
// When a design's figure or an end of its interval is "never" (its
// Never), the change has no bound on that side: it is not estimable,
// and says which design may never settle.
func RunDiff(a, b Interval) Interval {
	d := Interval{Estimate: b.Estimate - a.Estimate, Low: b.Low - a.High, High: b.High - a.Low,
		Conf: 1 - 2*(1-min(a.Conf, b.Conf)), N: min(a.N, b.N)}
	d.Warnings = append(d.Warnings, "not paired: joins the two designs' intervals")
	for _, x := range []struct {
		name string
		i    Interval
	}{{"A", a}, {"B", b}} {
		if x.i.Never != 0 && x.i.High >= x.i.Never {
			d.NotEstimable = fmt.Sprintf("%s may never settle within the %.0f rounds kept", x.name, x.i.Never-1)
			break
		}
	}
	return d
}

// FeelPerHunt returns what hunt rec adds to the i-th figure of
// FeelFollowed, a ratio Σnum/Σden over the hunts: the lead changes over
// 1; a first-side win from behind (or after a close call) over a
// first-side win; the first side's idle turns over its turns.
func FeelPerHunt(s *game.Schema, rec *game.Record, i int) (num, den int64) {
	f := &rec.F
	won := s.Wins(rec.Outcome, 0)
	flag := func(b bool) int64 {
		if b && won {
			return 1
		}
		return 0
	}
	switch i {
	case 0:
		return int64(f.Changes), 1
	case 1:
		return flag(f.Behind[0]), flag(true)
	case 2:
		return flag(f.Close[0]), flag(true)
	}
	return int64(f.Idle[0]), int64(f.Turns[0])
}
