package stats

import (
	"balance/game"
)

// ReportSchemaVersion is the version of the Report's JSON layout
// (docs/summary-schema.md).
const ReportSchemaVersion = 2

// Report is everything a run of hunts of one design reports, computed
// from its integer tally by the design's schema: each side's win rate,
// every outcome, the hunt's length, every value, ratio, series and curve
// the schema declares, each with its interval and n. It is the same, bit
// for bit, for the same design and seed whatever the number of workers
// or shards, but for Timing.
type Report struct {
	Schema  int    `json:"schema"`
	Game    string `json:"game"`
	Program string `json:"program"`

	Title       string    `json:"title"`
	Config      []game.KV `json:"config"`    // the design's configuration, in order
	Policy      string    `json:"policy"`    // the tier that played the players' side
	Overrides   []string  `json:"overrides"` // -set overrides, in the order given
	Hash        string    `json:"hash"`
	TargetError float64   `json:"target_error,omitempty"`

	Hunts       int64  `json:"hunts"`
	Seed        uint64 `json:"seed"`
	First       int64  `json:"first"`
	Interrupted bool   `json:"interrupted"`
	Stopped     string `json:"stopped"`

	Wins     []Count        `json:"wins"`     // per side: hunts won and the win rate
	Outcomes []Count        `json:"outcomes"` // per outcome
	Length   Distribution   `json:"length"`   // in the schema's Length unit
	End      Distribution   `json:"end"`      // the Clock step the hunt ended at
	Values   []ValueFigures `json:"values"`
	Ratios   []RatioFigures `json:"ratios"`
	Series   []SeriesFigure `json:"series"`
	Curves   []CurveFigure  `json:"curves"`

	Timing Timing `json:"timing"`
}

// ValueFigures are the figures of one value of the schema, for the hunt
// or for each item of its list.
type ValueFigures struct {
	Key   string       `json:"key"`
	Label string       `json:"label"`
	Kind  string       `json:"kind"` // count, rate, flag or time
	Per   string       `json:"per,omitempty"`
	Items []ItemFigure `json:"items"`
}

// ItemFigure is the figure of a value for one item (or for the hunt):
// Share for a flag or a time (the share of hunts in which it was set or
// happened), Dist for a count and a time (when it happened, over the
// hunts where it did), Rate for a rate.
type ItemFigure struct {
	Item  string        `json:"item,omitempty"`
	Label string        `json:"label,omitempty"`
	Info  []game.KV     `json:"info,omitempty"`
	Total int64         `json:"total"` // the sum over hunts (a flag or a time: the hunts it is set in)
	Share *Interval     `json:"share,omitempty"`
	Rate  *Interval     `json:"rate,omitempty"`
	Dist  *Distribution `json:"dist,omitempty"`
}

// RatioFigures are a ratio's figures, per item.
type RatioFigures struct {
	Key   string      `json:"key"`
	Label string      `json:"label"`
	Items []RatioItem `json:"items"`
}

// RatioItem is Σ num / Σ den for one item.
type RatioItem struct {
	Item  string   `json:"item,omitempty"`
	Num   int64    `json:"num"`
	Den   int64    `json:"den"`
	Ratio Interval `json:"ratio"`
}

// SeriesFigure is a series' running total by Clock step over all hunts
// (a finished hunt keeps its final total): its mean with interval and
// 10/50/90% quantiles at each step.
type SeriesFigure struct {
	Key    string       `json:"key"`
	Label  string       `json:"label"`
	Points []CurvePoint `json:"points"`
}

// CurveFigure is a curve's share by Clock step: the mean over hunts of
// each hunt's share of items, with BoundedMean's interval.
type CurveFigure struct {
	Key   string         `json:"key"`
	Label string         `json:"label"`
	Steps []SurvivalStep `json:"steps"`
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

// NewReport computes the report of a tally. Every figure has an interval,
// also with no hunts (a run interrupted before its first hunt): no
// infinity or NaN reaches a report.
func NewReport(info RunInfo, t *Tally) *Report {
	s := t.Schema()
	n := t.Hunts
	r := &Report{
		Schema: ReportSchemaVersion, Game: s.Game, Program: info.Program,
		Title: info.Title, Config: info.Config, Policy: info.Policy, Overrides: info.Overrides,
		Hash: info.Hash, TargetError: info.TargetError,
		Hunts: n, Seed: info.Seed, First: info.First, Stopped: info.Stopped,
		Interrupted: info.Stopped == "interrupted",
		Timing:      info.Timing,
	}
	if r.Config == nil {
		r.Config = []game.KV{}
	}
	if r.Overrides == nil {
		r.Overrides = []string{}
	}
	for side := range s.Sides {
		var k int64
		for o := range s.Outcomes {
			if s.Wins(o, side) {
				k += t.Outcomes[o]
			}
		}
		r.Wins = append(r.Wins, Count{Name: s.Sides[side].Key, Count: k, Rate: FromEstimate(Proportion(k, n, Conf))})
	}
	for o := range s.Outcomes {
		r.Outcomes = append(r.Outcomes, Count{Name: s.Outcomes[o].Key, Count: t.Outcomes[o],
			Rate: FromEstimate(Proportion(t.Outcomes[o], n, Conf))})
	}
	r.Length = Dist(t.Length)
	r.End = Dist(t.End)
	for i := range s.Values {
		v := &s.Values[i]
		vf := ValueFigures{Key: v.Key, Label: v.Label, Kind: v.Kind.String(), Per: v.Per}
		var list *game.List
		if v.Per != "" {
			list = s.List(v.Per)
		}
		off := s.Offset(i)
		for j := 0; j < s.Items(i); j++ {
			h := t.V[off+j]
			f := ItemFigure{}
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
				d := Shifted(h, -lo)
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
		rf := RatioFigures{Key: ra.Key, Label: ra.Label}
		ni, _ := s.Find(ra.Num)
		di, _ := s.Find(ra.Den)
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
		sf := SeriesFigure{Key: x.Key, Label: x.Label}
		ended := make([]int64, x.Max+1)
		counts := make([]int64, x.Max+1)
		for step := range t.Running[k] {
			for v := range ended {
				ended[v] += t.Ended[k][step][v]
				counts[v] = t.Running[k][step][v] + ended[v]
			}
			d := Dist(counts)
			sf.Points = append(sf.Points, CurvePoint{Tick: step + 1, Mean: d.Mean, P10: d.P10, P50: d.P50, P90: d.P90})
		}
		r.Series = append(r.Series, sf)
	}
	for c, cu := range s.Curves {
		cf := CurveFigure{Key: cu.Key, Label: cu.Label}
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
	return r
}
