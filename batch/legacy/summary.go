package legacy

import (
	"fmt"
	"math"
	"slices"
	"time"

	sim "balance/sim/cazadores"
	"balance/stats"

	"gonum.org/v1/gonum/stat/distuv"
)

// Conf is the confidence level of every interval balance reports.
const Conf = 0.95

// Meta is what a Summary says about the run besides the tally.
type Meta struct {
	Program     string
	Adversary   string
	Pack        string
	Scenario    string
	PackAI      string // the Pack's policy tier
	Overrides   []string
	Hash        string
	Seed        uint64
	First       int64
	Stopped     string
	TargetError float64
	Elapsed     time.Duration
	Workers     int
}

// Summarize computes the Summary of a tally of hunts of sc.
func Summarize(m Meta, t *Tally, sc *sim.Scenario) *stats.Summary {
	n := t.Hunts
	s := &stats.Summary{
		Schema:  stats.SchemaVersion,
		Program: m.Program,
		Config: stats.Config{
			Adversary: m.Adversary, AdversaryName: sc.Adversary.Name, Pack: m.Pack, Scenario: m.Scenario, PackAI: m.PackAI,
			Overrides: m.Overrides, Hash: m.Hash, RoundCap: sc.Rules.RoundCap, TargetError: m.TargetError,
		},
		Hunts:       n,
		Seed:        m.Seed,
		First:       m.First,
		Stopped:     m.Stopped,
		Interrupted: m.Stopped == StopInterrupted,
	}
	if s.Config.Overrides == nil {
		s.Config.Overrides = []string{}
	}
	s.PackWinRate = stats.FromEstimate(stats.Proportion(t.Outcomes[sim.PackWon], n, Conf))
	s.AdversaryDefeated = stats.FromEstimate(stats.Proportion(t.AdvDefeated, n, Conf))
	for o := sim.PackWon; o < sim.NumOutcomes; o++ {
		s.Outcomes = append(s.Outcomes, stats.Count{Name: o.String(), Count: t.Outcomes[o],
			Rate: stats.FromEstimate(stats.Proportion(t.Outcomes[o], n, Conf))})
	}
	s.Rounds = Dist(t.Rounds)
	s.DecidedAt = Dist(t.DecidedAt)
	s.DefeatedAt = Dist(t.DefeatedAt)
	s.AdvWounds = Dist(t.AdvWounds)
	s.MinionsSlain = Dist(t.MinionsSlain)
	s.PackDeaths = Dist(t.PackDeaths)
	s.Turns = Dist(t.Turns)
	s.Draws = Dist(t.Draws)
	if k := sc.Objective.Kind; k != sim.NoObjective {
		s.Objective = k.String()
		met := stats.FromEstimate(stats.Proportion(t.ObjectiveMet, n, Conf))
		s.ObjectiveMet = &met
		r := shifted(t.Renown, RenownOffset)
		s.Renown = &r
	}
	for i := range t.Pack {
		p := &t.Pack[i]
		d := &sc.Pack[i]
		s.Pack = append(s.Pack, stats.PackModel{
			Name: d.Name, Kind: d.Kind.String(), WND: int(d.WND),
			Wounds:  Dist(p.Wounds),
			Died:    stats.FromEstimate(stats.Proportion(p.Died, n, Conf)),
			Fled:    stats.FromEstimate(stats.Proportion(p.Fled, n, Conf)),
			HitRate: stats.FromEstimate(stats.Proportion(p.Hits, p.Swings, Conf)),
			Attacks: Dist(p.Attacks),
			DiedAt:  Dist(p.DiedAt),
		})
	}
	// The damage curve and survival: hunts that ended count with their
	// final values at every later Tick.
	nPack := len(t.Pack)
	ended := make([]int64, len(t.Curve[0]))
	deadEnded := make([]int64, nPack+1)
	counts := make([]int64, len(t.Curve[0]))
	deadCounts := make([]int64, nPack+1)
	for k := range t.Curve {
		for v := range ended {
			ended[v] += t.Ended[k][v]
			counts[v] = t.Curve[k][v] + ended[v]
		}
		d := Dist(counts)
		s.DamageCurve = append(s.DamageCurve, stats.CurvePoint{Tick: k + 1, Mean: d.Mean, P10: d.P10, P50: d.P50, P90: d.P90})
		for v := range deadEnded {
			deadEnded[v] += t.DeadEnded[k][v]
			deadCounts[v] = t.DeadBy[k][v] + deadEnded[v]
		}
		// Alive fraction per hunt = (nPack - dead) / nPack, a share in
		// [0, 1]: its mean over hunts, with an interval that keeps its
		// width when every hunt has the whole Pack alive.
		var sum, sumSq, cnt float64
		for dead, c := range deadCounts {
			a := float64(nPack-dead) / float64(max(nPack, 1))
			sum += a * float64(c)
			sumSq += a * a * float64(c)
			cnt += float64(c)
		}
		e := stats.BoundedMean(sum, sumSq, int64(cnt), Conf)
		s.Survival = append(s.Survival, stats.SurvivalStep{Tick: k + 1, Alive: stats.FromEstimate(e)})
	}
	for l := range t.LocExhausted {
		loc := &sc.Adversary.Loc[l]
		s.Locations = append(s.Locations, stats.Location{
			Name: loc.Name, Label: loc.Label, WND: int(loc.WND),
			Exhausted:   stats.FromEstimate(stats.Proportion(t.LocExhausted[l], n, Conf)),
			ExhaustedAt: Dist(t.LocAt[l]),
		})
	}
	for c := range t.Cards {
		ct := &t.Cards[c]
		rank, suit := c/4, c%4
		act := &sc.Adversary.Standard[rank]
		tree := sim.Tree(suit)
		if suit == sim.Hearts {
			act = &sc.Adversary.Special[rank]
			tree = act.Tree
		}
		s.Cards = append(s.Cards, stats.Card{
			Card: sim.CardName(uint8(c)), Name: act.Name, Tree: tree.String(),
			Drawn:      ct.Drawn,
			PerHunt:    perHunt(ct.Drawn, ct.DrawnSq, n),
			Wounds:     ct.Wounds,
			WoundsPer:  perDraw(ct.Wounds, ct.Drawn, ct.WoundSq, ct.WoundDr, ct.DrawnSq, n),
			Kills:      ct.Kills,
			KillRate:   perDraw(ct.Kills, ct.Drawn, ct.KillSq, ct.KillDr, ct.DrawnSq, n),
			Conditions: ct.Conds,
			CondsPer:   perDraw(ct.Conds, ct.Drawn, ct.CondSq, ct.CondDr, ct.DrawnSq, n),
		})
	}
	for c := sim.Bleeding; c < sim.NumConds; c++ {
		s.Conditions = append(s.Conditions, stats.Count{Name: c.String(), Count: t.Conds[c],
			Rate: perHunt(t.Conds[c], t.CondsSq[c], n)})
	}
	secs := m.Elapsed.Seconds()
	s.Timing = stats.Timing{Seconds: secs, Workers: m.Workers}
	if secs > 0 {
		s.Timing.HuntsPerSec = float64(n) / secs
	}
	return s
}

// fewOff is the number of observations away from the most common value
// below which Dist no longer trusts the normal interval of a mean.
const fewOff = 5

// Dist summarises a histogram (h[v]: how many hunts had value v, for v
// from 0 to len(h)-1, the whole range the quantity can take: the tally's
// histograms have a bin for every value up to their bound): the mean
// with its normal 95% interval, the standard deviation, and the 10/50/90%
// quantiles (the smallest v whose cumulative count reaches the fraction),
// with trailing zero bins trimmed from the histogram.
//
// When fewer than 5 observations differ from the most common value v,
// the sample says little about how far the mean may stray (with none the
// normal interval has no width at all). The interval is then widened to
// hold [v - v·u, v + (R-v)·u], R = len(h)-1 and u the upper end of the
// Wilson interval of the share of observations other than v: the mean is
// v·(1-q) + q·E[X | X ≠ v] with q that share, and E[X | X ≠ v] lies in
// [0, R]. A warning says so.
func Dist(h []int64) stats.Distribution { return dist(h, 0) }

// dist is Dist of a histogram whose bin v holds the value v-off (off
// names the range in the warning only).
func dist(h []int64, off int) stats.Distribution {
	var n, sum, sumSq, mode int64
	lo, hi := int64(-1), int64(0)
	for v, c := range h {
		if c == 0 {
			continue
		}
		if lo < 0 {
			lo = int64(v)
		}
		hi = int64(v)
		n += c
		sum += c * int64(v)
		sumSq += c * int64(v) * int64(v)
		mode = max(mode, c)
	}
	d := stats.Distribution{N: n, Histogram: trim(h)}
	if n == 0 {
		d.Mean = stats.Interval{Conf: Conf, Warnings: []string{"no observations"}}
		return d
	}
	d.Min, d.Max = lo, hi
	e := stats.Mean(float64(sum), float64(sumSq), n, Conf)
	if r := float64(len(h) - 1); n-mode < fewOff && r > 0 {
		v := float64(slices.Index(h, mode)) // the most common value
		u := stats.Proportion(n-mode, n, Conf).High
		e.Warnings = nil // "one observation": the range gives it an interval
		e = e.Hull(stats.Estimate{Low: v - v*u, High: v + (r-v)*u})
		e.Warnings = append(e.Warnings, fmt.Sprintf("fewer than %d observations differ from the most common value: the interval allows for the whole range, %d to %d", fewOff, -off, len(h)-1-off))
	}
	d.Mean = stats.FromEstimate(e)
	if n > 1 {
		v := (float64(sumSq) - float64(sum)*float64(sum)/float64(n)) / float64(n-1)
		d.SD = math.Sqrt(math.Max(v, 0))
	}
	d.P10, d.P50, d.P90 = quantile(h, n, 0.1), quantile(h, n, 0.5), quantile(h, n, 0.9)
	return d
}

// shifted is Dist of a histogram whose bin v holds the value v-off: the
// figures are shifted back (the histogram keeps the shifted bins, from
// value -off up).
func shifted(h []int64, off int) stats.Distribution {
	d := dist(h, off)
	if d.N == 0 {
		return d
	}
	o := float64(off)
	d.Mean.Estimate -= o
	d.Mean.Low -= o
	d.Mean.High -= o
	d.Min -= int64(off)
	d.Max -= int64(off)
	d.P10 -= int64(off)
	d.P50 -= int64(off)
	d.P90 -= int64(off)
	return d
}

func quantile(h []int64, n int64, p float64) int64 {
	need := int64(math.Ceil(p * float64(n)))
	if need < 1 {
		need = 1
	}
	var cum int64
	for v, c := range h {
		cum += c
		if cum >= need {
			return int64(v)
		}
	}
	return int64(len(h) - 1)
}

func trim(h []int64) []int64 {
	end := len(h)
	for end > 0 && h[end-1] == 0 {
		end--
	}
	out := make([]int64, end)
	copy(out, h[:end])
	return out
}

// perHunt estimates the mean per hunt of a count (draws of a card,
// Conditions imposed) from its total k and the sum of its squares over
// the n hunts: the wider, at each end, of the normal interval of the
// mean (which allows for counts more spread out than a Poisson count)
// and the exact Poisson interval of k over n hunts (which keeps its width
// when k is small or 0, where the normal interval shrinks to nothing),
// the lower end no less than 0.
func perHunt(k, kk, n int64) stats.Interval {
	if n <= 0 {
		return stats.Interval{Conf: Conf, Warnings: []string{"no hunts"}}
	}
	e := stats.Mean(float64(k), float64(kk), n, Conf)
	if n < 2 {
		e = stats.Rate(k, n, Conf)
	}
	e = e.Hull(stats.Rate(k, n, Conf))
	e.Low = math.Max(0, e.Low)
	return stats.FromEstimate(e)
}

// perDraw estimates a count per draw of a card (WNDs, kills or Conditions
// over the draws) from per-hunt sums: sw the count, sd the draws, sww,
// swd and sdd the sums over the n hunts of count², count·draws and
// draws². The estimate is the ratio R = Σw / Σd; the interval is the
// wider, at each end, of
//
//   - the delta-method interval of the ratio estimator,
//     Var(R) ≈ Σ(w_i - R d_i)² / ((n-1) · n · d̄²) over the hunts, which
//     allows for a draw that counts several (a draw may kill more than
//     one model) and for the draws of one hunt going together;
//   - the exact Poisson (Garwood) interval of Σw events over Σd draws,
//     which keeps its width when the count is small or 0, where the
//     delta-method interval shrinks towards nothing;
//
// the lower end no less than 0. n of the interval is the draws.
func perDraw(sw, sd, sww, swd, sdd, n int64) stats.Interval {
	if sd == 0 {
		return stats.Interval{Conf: Conf, Warnings: []string{"never drawn"}}
	}
	e := stats.Rate(sw, sd, Conf)
	if n >= 2 {
		e = ratio(sw, sd, sww, swd, sdd, n).Hull(e)
	}
	e.Low = math.Max(0, e.Low)
	return stats.FromEstimate(e)
}

// ratio is the ratio estimator R = Σw / Σd from per-hunt sums, with the
// delta-method interval
//
//	Var(R) ≈ Σ(w_i - R d_i)² / ((n-1) · n · d̄²)
//
// computed from Σw², Σwd and Σd² over the n ≥ 2 hunts, Σd > 0. N is Σd.
func ratio(sw, sd, sww, swd, sdd, n int64) stats.Estimate {
	r := float64(sw) / float64(sd)
	resid := float64(sww) - 2*r*float64(swd) + r*r*float64(sdd)
	dbar := float64(sd) / float64(n)
	v := math.Max(resid, 0) / (float64(n-1) * float64(n) * dbar * dbar)
	z := distuv.UnitNormal.Quantile(0.5 + Conf/2)
	half := z * math.Sqrt(v)
	return stats.Estimate{Value: r, Low: r - half, High: r + half, Conf: Conf, N: sd}
}
