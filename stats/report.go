package stats

import (
	"fmt"

	"balance/game"
)

// ReportSchemaVersion is the version of the Report's JSON layout
// (docs/summary-schema.md).
const ReportSchemaVersion = 2

// Report is everything a run of hunts of one design reports, computed
// from its integer tally by the design's schema: each side's win rate,
// every outcome, the hunt's length, every value, ratio, series and curve
// the schema declares, each with its interval and n, and with what the
// reports need to present them (labels, units, lists): a report is read
// and drawn without the game that played it. It is the same, bit for bit,
// for the same design and seed whatever the number of workers or shards,
// but for Timing. It is written as summary.json.
type Report struct {
	Schema  int    `json:"schema"`
	Game    string `json:"game"`
	Program string `json:"program"`

	Title       string    `json:"title"`
	Config      []game.KV `json:"config"`    // the design's configuration, in order
	Policy      string    `json:"policy"`    // the tier that played the first side
	Overrides   []string  `json:"overrides"` // -set overrides, in the order given
	Hash        string    `json:"hash"`
	TargetError float64   `json:"target_error,omitempty"`

	Hunts       int64  `json:"hunts"`
	Seed        uint64 `json:"seed"`
	First       int64  `json:"first"`
	Interrupted bool   `json:"interrupted"`
	Stopped     string `json:"stopped"`

	LengthUnit game.Unit `json:"length_unit"` // the unit of the length; Max: its cap
	ClockUnit  game.Unit `json:"clock_unit"`  // the unit of the clock steps of times, series and curves

	Wins     []Count        `json:"wins"`     // per side: hunts won and the win rate
	Outcomes []Count        `json:"outcomes"` // per outcome; Side: the side it is a win for
	Length   Distribution   `json:"length"`   // in LengthUnit
	End      Distribution   `json:"end"`      // the clock step the hunt ended at
	Lists    []game.List    `json:"lists"`    // the lists values are given per item of
	Values   []ValueFigures `json:"values"`
	Ratios   []RatioFigures `json:"ratios"`
	Series   []SeriesFigure `json:"series"`
	Curves   []CurveFigure  `json:"curves"`
	Headline []string       `json:"headline"` // the values the comparing workflows follow
	// Feel are the figures of how the hunts felt (docs/feel.md), for a
	// game that declares a standing; absent otherwise.
	Feel *Feel `json:"feel,omitempty"`

	// What each part of the design does, measured on hunts played again
	// with it switched off; absent when not measured.
	Ablations *Ablations `json:"ablations,omitempty"`

	Timing Timing `json:"timing"`
}

// ValueFigures are the figures of one value of the schema, for the hunt
// or for each item of its list.
type ValueFigures struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Kind  string `json:"kind"` // count, rate, flag or time
	Per   string `json:"per,omitempty"`
	Lead  bool   `json:"lead,omitempty"` // among the run's headline figures
	// MaxLabel names the items' Max on the plots ("starting WND").
	MaxLabel string       `json:"max_label,omitempty"`
	Items    []ItemFigure `json:"items"`
}

// ItemFigure is the figure of a value for one item (or for the hunt):
// Share for a flag or a time (the share of hunts in which it was set or
// happened), Dist for a count and a time (when it happened, over the
// hunts where it did), Rate for a rate.
type ItemFigure struct {
	Item  string        `json:"item,omitempty"`
	Label string        `json:"label,omitempty"`
	Info  []game.KV     `json:"info,omitempty"`
	Max   int           `json:"max"`   // the largest value tallied (a count's bound: a model's WNDs)
	Total int64         `json:"total"` // the sum over hunts (a flag or a time: the hunts it is set in)
	Share *Interval     `json:"share,omitempty"`
	Rate  *Interval     `json:"rate,omitempty"`
	Dist  *Distribution `json:"dist,omitempty"`
}

// RatioFigures are a ratio's figures, per item.
type RatioFigures struct {
	Key    string      `json:"key"`
	Label  string      `json:"label"`
	Per    string      `json:"per,omitempty"`
	Trials bool        `json:"trials,omitempty"` // successes among trials: a proportion
	Top    string      `json:"top,omitempty"`    // the headline's name for the item with the highest ratio
	Items  []RatioItem `json:"items"`
}

// RatioItem is Σ num / Σ den for one item.
type RatioItem struct {
	Item  string   `json:"item,omitempty"`
	Num   int64    `json:"num"`
	Den   int64    `json:"den"`
	Ratio Interval `json:"ratio"`
}

// SeriesFigure is a series' running total by clock step over all hunts
// (a finished hunt keeps its final total): its mean with interval and
// 10/50/90% quantiles at each step.
type SeriesFigure struct {
	Key      string       `json:"key"`
	Label    string       `json:"label"`
	Max      int          `json:"max"`
	MaxLabel string       `json:"max_label,omitempty"`
	Points   []CurvePoint `json:"points"`
}

// CurveFigure is a curve's share by clock step: the mean over hunts of
// each hunt's share of items, with BoundedMean's interval. Of is the time
// value given per item whose event it counts; with Complement, the share
// it has not happened to.
type CurveFigure struct {
	Key        string         `json:"key"`
	Label      string         `json:"label"`
	Of         string         `json:"of"`
	Complement bool           `json:"complement,omitempty"`
	Steps      []SurvivalStep `json:"steps"`
}

// RunInfo is what a Report says about the run besides the tally.
type RunInfo struct {
	Program     string
	Title       string
	Config      []game.KV
	Policy      string
	Overrides   []string
	Hash        string
	Seed        uint64
	First       int64
	Stopped     string
	TargetError float64
	Timing      Timing
}

// Value returns the figures of the value key, or nil.
func (r *Report) Value(key string) *ValueFigures {
	for i := range r.Values {
		if r.Values[i].Key == key {
			return &r.Values[i]
		}
	}
	return nil
}

// Ratio returns the figures of the ratio key, or nil.
func (r *Report) Ratio(key string) *RatioFigures {
	for i := range r.Ratios {
		if r.Ratios[i].Key == key {
			return &r.Ratios[i]
		}
	}
	return nil
}

// List returns the list key, or nil.
func (r *Report) List(key string) *game.List {
	for i := range r.Lists {
		if r.Lists[i].Key == key {
			return &r.Lists[i]
		}
	}
	return nil
}

// NewReport computes the report of a tally. Every figure has an interval,
// also with no hunts (a run interrupted before its first hunt): no
// infinity or NaN reaches a report.
func NewReport(info RunInfo, t *Tally) *Report {
	t.Settle()
	s := t.Schema()
	n := t.Hunts
	r := &Report{
		Schema: ReportSchemaVersion, Game: s.Game, Program: info.Program,
		Title: info.Title, Config: info.Config, Policy: info.Policy, Overrides: info.Overrides,
		Hash: info.Hash, TargetError: info.TargetError,
		Hunts: n, Seed: info.Seed, First: info.First, Stopped: info.Stopped,
		Interrupted: info.Stopped == "interrupted",
		LengthUnit:  s.Length, ClockUnit: s.Clock,
		Lists: s.Lists, Headline: s.Headline,
		Timing: info.Timing,
	}
	if r.Config == nil {
		r.Config = []game.KV{}
	}
	if r.Overrides == nil {
		r.Overrides = []string{}
	}
	if r.Lists == nil {
		r.Lists = []game.List{}
	}
	if r.Headline == nil {
		r.Headline = []string{}
	}
	for side := range s.Sides {
		var k int64
		for o := range s.Outcomes {
			if s.Wins(o, side) {
				k += t.Outcomes[o]
			}
		}
		r.Wins = append(r.Wins, Count{Name: s.Sides[side].Key, Label: s.Sides[side].Label, Plural: s.Sides[side].Plural, Count: k, Rate: FromEstimate(Proportion(k, n, Conf))})
	}
	for o := range s.Outcomes {
		c := Count{Name: s.Outcomes[o].Key, Label: s.Outcomes[o].Label, Count: t.Outcomes[o],
			Rate: FromEstimate(Proportion(t.Outcomes[o], n, Conf))}
		if w := s.Outcomes[o].Winner; w >= 0 {
			c.Side = s.Sides[w].Key
		}
		r.Outcomes = append(r.Outcomes, c)
	}
	r.Length = Dist(t.Length)
	r.End = Dist(t.End)
	for i := range s.Values {
		v := &s.Values[i]
		vf := ValueFigures{Key: v.Key, Label: v.Label, Kind: v.Kind.String(), Per: v.Per, Lead: v.Lead, MaxLabel: v.MaxLabel}
		var list *game.List
		if v.Per != "" {
			list = s.List(v.Per)
		}
		off := s.Offset(i)
		for j := 0; j < s.Items(i); j++ {
			h := t.V[off+j]
			f := ItemFigure{Max: s.ValueMax(i, j)}
			if list != nil {
				f.Item, f.Label, f.Info = list.Items[j].Key, list.Items[j].Label, list.Items[j].Info
			}
			lo := s.ValueMin(i)
			switch v.Kind {
			case game.Rate:
				f.Total = t.Sum[off+j]
				rate := PerHunt(t.Sum[off+j], t.SumSq[off+j], n)
				f.Rate = &rate
			case game.Count:
				f.Total = t.Sum[off+j]
				d := Exact(h, -lo, t.Sum[off+j], t.SumSq[off+j])
				f.Dist = &d
			case game.Flag:
				k := h[1]
				f.Total = k
				share := FromEstimate(Proportion(k, n, Conf))
				f.Share = &share
			case game.Time:
				k := n - h[0]
				f.Total = k
				share := FromEstimate(Proportion(k, n, Conf))
				f.Share = &share
				when := make([]int64, len(h))
				copy(when[1:], h[1:])
				d := Dist(when)
				f.Dist = &d
			}
			vf.Items = append(vf.Items, f)
		}
		r.Values = append(r.Values, vf)
	}
	for k, ra := range s.Ratios {
		ni, _ := s.Find(ra.Num)
		di, _ := s.Find(ra.Den)
		rf := RatioFigures{Key: ra.Key, Label: ra.Label, Per: s.Values[ni].Per, Trials: ra.Trials, Top: ra.Top}
		var list *game.List
		if s.Values[ni].Per != "" {
			list = s.List(s.Values[ni].Per)
		}
		for j := 0; j < s.Items(ni); j++ {
			num, den := s.Offset(ni)+j, s.Offset(di)+j
			sw, sd := t.Sum[num], t.Sum[den]
			it := RatioItem{Num: sw, Den: sd}
			if ra.Trials {
				it.Ratio = FromEstimate(Proportion(sw, sd, Conf))
			} else {
				it.Ratio = PerDraw(sw, sd, t.SumSq[num], t.Cross[k][j], t.SumSq[den], n)
			}
			if list != nil {
				it.Item = list.Items[j].Key
			}
			rf.Items = append(rf.Items, it)
		}
		r.Ratios = append(r.Ratios, rf)
	}
	for k, x := range s.Series {
		sf := SeriesFigure{Key: x.Key, Label: x.Label, Max: x.Max, MaxLabel: x.MaxLabel}
		ended := make([]int64, x.Max+1)
		counts := make([]int64, x.Max+1)
		var endSum, endSq int64 // the sums' part of the hunts ended by the step
		for step := range t.Running[k] {
			for v := range ended {
				ended[v] += t.Ended[k][step][v]
				counts[v] = t.Running[k][step][v] + ended[v]
			}
			d := Dist(counts)
			sums := t.SeriesSums[k][step]
			endSum, endSq = endSum+sums[2], endSq+sums[3]
			sf.Points = append(sf.Points, CurvePoint{Tick: step + 1, Mean: seriesMean(d, sums[0]+endSum, sums[1]+endSq, x.Max), P10: d.P10, P50: d.P50, P90: d.P90})
		}
		r.Series = append(r.Series, sf)
	}
	for c, cu := range s.Curves {
		cf := CurveFigure{Key: cu.Key, Label: cu.Label, Of: cu.Of, Complement: cu.Complement}
		items := len(t.CurveBy[c][0]) - 1
		ended := make([]int64, items+1)
		counts := make([]int64, items+1)
		for step := range t.CurveBy[c] {
			for m := range ended {
				ended[m] += t.CurveEnded[c][step][m]
				counts[m] = t.CurveBy[c][step][m] + ended[m]
			}
			var sum, sumSq float64
			var cnt int64
			for m, k := range counts {
				// The complement is counted as the items it leaves, not
				// as 1 less the share: the same float either way.
				share := float64(m) / float64(max(items, 1))
				if cu.Complement {
					share = float64(items-m) / float64(max(items, 1))
				}
				sum += share * float64(k)
				sumSq += share * share * float64(k)
				cnt += k
			}
			cf.Steps = append(cf.Steps, SurvivalStep{Tick: step + 1, Alive: FromEstimate(BoundedMean(sum, sumSq, cnt, Conf))})
		}
		r.Curves = append(r.Curves, cf)
	}
	r.Feel = NewFeel(t)
	return r
}

// seriesMean is the mean running total of a series at a step: d's, read
// from the histogram, unless some hunt's total lay beyond the series'
// range 0..hi (the histogram counts it at the nearer end, and sum and
// sumSq are what that leaves out of Σx and Σx²). Then the mean and its
// interval come from the exact sums, and a warning says so.
func seriesMean(d Distribution, sum, sumSq int64, hi int) Interval {
	if sum == 0 && sumSq == 0 {
		return d.Mean
	}
	for v, c := range d.Histogram {
		sum += c * int64(v)
		sumSq += c * int64(v) * int64(v)
	}
	m := FromEstimate(Mean(float64(sum), float64(sumSq), d.N, Conf))
	m.Warnings = append(m.Warnings, fmt.Sprintf("some hunts' totals lie beyond 0..%d: the mean counts them exactly, the percentiles at the nearer end", hi))
	return m
}
