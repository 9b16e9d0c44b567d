package stats

import (
	"fmt"
	"strings"

	"balance/game"
)

// Figure is one figure a workflow can follow across designs or runs
// (compare, sweep, tune, sensitivity, skill, regress): a proportion,
// Count of N hunts, or a mean, Sum and SumSq of a per-hunt value over N
// hunts, with its estimate. Its Key names it on the command line and in
// files:
//
//	win:SIDE         the share of hunts SIDE won
//	outcome:OUTCOME  the share of hunts that ended so
//	length           the hunt's length, in the schema's Length unit
//	VALUE            a value of the hunt (a count, rate or flag)
//	VALUE:ITEM       a value of one item of a list
//
// A game with a Feel adds the figures of how its hunts felt
// (docs/feel.md): lead_changes (per hunt), comeback:SIDE and close:SIDE
// (shares of SIDE's wins), deficit:SIDE (percentage points, over its
// comebacks), idle:SIDE (the share of its turns), settling_round and
// settled_play (of the run as a whole).
//
// A time value gives two figures: VALUE (the share of hunts in which it
// happened) and VALUE.at (when, over those hunts); given per item,
// VALUE:ITEM and VALUE.at:ITEM.
type Figure struct {
	Key      string   `json:"key"`
	Label    string   `json:"label"`
	Kind     string   `json:"kind"` // "proportion" or "mean"
	N        int64    `json:"n"`
	Count    int64    `json:"count,omitempty"`
	Sum      int64    `json:"sum,omitempty"`
	SumSq    int64    `json:"sum_sq,omitempty"`
	Estimate Interval `json:"estimate"`
}

// Moments are Σx and Σx² of the figure's values over its hunts (for a
// proportion, of 0/1 values: both are its count).
func (f Figure) Moments() (sum, sumSq float64) {
	if f.Kind == "proportion" {
		return float64(f.Count), float64(f.Count)
	}
	return float64(f.Sum), float64(f.SumSq)
}

// Figures lists every figure of a tally a workflow can follow, in the
// schema's order: each side's win rate, each outcome, the length, then
// every value of the hunt and of each item.
func Figures(t *Tally) []Figure {
	t.Settle()
	s := t.Schema()
	n := t.Hunts
	var fs []Figure
	prop := func(key, label string, k, n int64) {
		fs = append(fs, Figure{Key: key, Label: label, Kind: "proportion", N: n, Count: k,
			Estimate: FromEstimate(Proportion(k, n, Conf))})
	}
	// mean adds the mean of a value over n hunts from its sums, with the
	// interval the run's report gives it (est); lo..hi is the range it
	// may take, for the interval of no observation.
	mean := func(key, label string, sum, sumSq int64, lo, hi int, n int64, est Interval) {
		f := Figure{Key: key, Label: label, Kind: "mean", N: n, Sum: sum, SumSq: sumSq}
		if n > 0 {
			f.Estimate = est
		} else {
			// No observation: the mean may be anywhere in the range.
			f.Estimate = Interval{Low: float64(lo), High: float64(hi), Conf: Conf, Warnings: []string{"no observations"}}
		}
		fs = append(fs, f)
	}
	hist := func(key, label string, h []int64, lo int, n int64) {
		var sum, sumSq int64
		for b, c := range h {
			x := int64(b + lo)
			sum += x * c
			sumSq += x * x * c
		}
		mean(key, label, sum, sumSq, lo, lo+len(h)-1, n, Shifted(h, -lo).Mean)
	}
	for side := range s.Sides {
		var k int64
		for o := range s.Outcomes {
			if s.Wins(o, side) {
				k += t.Outcomes[o]
			}
		}
		prop("win:"+s.Sides[side].Key, s.Sides[side].Wins(), k, n)
	}
	for o := range s.Outcomes {
		prop("outcome:"+s.Outcomes[o].Key, s.Outcomes[o].Label, t.Outcomes[o], n)
	}
	hist("length", s.Length.Plural, t.Length, 0, n)
	for i := range s.Values {
		v := &s.Values[i]
		var list *game.List
		if v.Per != "" {
			list = s.List(v.Per)
		}
		for j := 0; j < s.Items(i); j++ {
			key, label, item := v.Key, v.Label, ""
			if list != nil {
				item = ":" + list.Items[j].Key
				key += item
				label = fmt.Sprintf("%s: %s", label, list.Items[j].Label)
			}
			slot := s.Offset(i) + j
			h := t.V[slot]
			switch v.Kind {
			case game.Count:
				lo := s.ValueMin(i)
				mean(key, label, t.Sum[slot], t.SumSq[slot], lo, s.ValueMax(i, j), n, Exact(h, -lo, t.Sum[slot], t.SumSq[slot]).Mean)
			case game.Rate:
				mean(key, label, t.Sum[slot], t.SumSq[slot], s.ValueMin(i), s.ValueMax(i, j), n, PerHunt(t.Sum[slot], t.SumSq[slot], n))
			case game.Flag:
				prop(key, label, h[1], n)
			case game.Time:
				prop(key, label, n-h[0], n)
				when := append([]int64{0}, h[1:]...)
				hist(v.Key+".at"+item, label+" (when)", when, 0, n-h[0])
			}
		}
	}
	if t.Feel != nil {
		fs = append(fs, feelFigures(t)...)
	}
	return fs
}

// feelFigures are the figures of how the hunts of t felt. The idle share
// is a proportion of turns with the ratio estimator's interval; the
// settling round and the settled play are figures of the run as a whole,
// without per-hunt sums.
func feelFigures(t *Tally) []Figure {
	s := t.Schema()
	f := t.Feel
	fe := NewFeel(t)
	fs := []Figure{{Key: "lead_changes", Label: FeelLabel(s, "lead_changes"), Kind: "mean", N: t.Hunts, Sum: f.LeadSum, SumSq: f.LeadSumSq,
		Estimate: fe.LeadChanges.Mean}}
	for side, fside := range fe.Sides {
		key := s.Sides[side].Key
		fs = append(fs,
			Figure{Key: "comeback:" + key, Label: FeelLabel(s, "comeback:"+key), Kind: "proportion", N: fside.Wins, Count: f.Comeback[side], Estimate: fside.Comeback},
			Figure{Key: "close:" + key, Label: FeelLabel(s, "close:"+key), Kind: "proportion", N: fside.Wins, Count: f.Close[side], Estimate: fside.Close})
		var sum, sumSq int64
		for x, c := range f.Deficit[side] {
			sum += int64(x) * c
			sumSq += int64(x*x) * c
		}
		fs = append(fs,
			Figure{Key: "deficit:" + key, Label: FeelLabel(s, "deficit:"+key), Kind: "mean", N: f.Comeback[side], Sum: sum, SumSq: sumSq, Estimate: fside.Deficit.Mean},
			Figure{Key: "idle:" + key, Label: FeelLabel(s, "idle:"+key), Kind: "proportion", N: f.Turns[side], Count: f.Idle[side], Estimate: fside.Idle})
	}
	fs = append(fs,
		Figure{Key: "settling_round", Label: FeelLabel(s, "settling_round"), Kind: "mean", N: t.Hunts, Estimate: fe.SettlingRound},
		Figure{Key: "settled_play", Label: FeelLabel(s, "settled_play"), Kind: "proportion", N: t.Hunts, Estimate: fe.SettledPlay})
	return fs
}

// FeelLabel is the label of a figure of how the hunts felt, by its key
// ("comeback:pack": "Pack's wins from behind"), as every table names it.
func FeelLabel(s *game.Schema, key string) string {
	what, side, _ := strings.Cut(key, ":")
	for _, sd := range s.Sides {
		if sd.Key == side {
			side = sd.Label
		}
	}
	// The possessive: "Pack's", "Players'".
	if strings.HasSuffix(side, "s") {
		side += "'"
	} else {
		side += "'s"
	}
	switch what {
	case "comeback":
		return side + " wins from behind"
	case "close":
		return side + " wins after a close call"
	case "deficit":
		return side + " worst deficit in a win from behind (points)"
	case "idle":
		return side + " idle turns"
	case "settling_round":
		return "Settling " + s.Length.Key
	case "settled_play":
		return "Share of play after the settling " + s.Length.Key
	}
	return "Lead changes per hunt"
}

// Followed are the figures the comparing workflows (compare, sweep, tune,
// sensitivity, skill) follow, in this order: the first side's win rate,
// the length, each of the schema's Headline values, then, for a schema
// with a Feel, the figures of FeelFollowed and of FeelRunFollowed. Every
// pair of lanes of a run carries the paired differences of all but the
// last (batch.Pair); those of the run as a whole differ by RunDiff.
func Followed(t *Tally) []Figure {
	s := t.Schema()
	all := Figures(t)
	want := append([]string{"win:" + s.Sides[0].Key, "length"}, s.Headline...)
	want = append(want, FeelFollowed(s)...)
	want = append(want, FeelRunFollowed(s)...)
	out := make([]Figure, 0, len(want))
	for _, k := range want {
		for _, f := range all {
			if f.Key == k {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

// Get returns the figure key of fs, and whether there is one.
func Get(fs []Figure, key string) (Figure, bool) {
	for _, f := range fs {
		if f.Key == key {
			return f, true
		}
	}
	return Figure{}, false
}
