package stats

import (
	"encoding/json"
	"math"
	"strconv"
)

// Interval is an estimate with its confidence interval, as written in
// JSON: {"estimate", "low", "high", "conf", "n"}.
type Interval struct {
	Estimate float64  `json:"estimate"`
	Low      float64  `json:"low"`
	High     float64  `json:"high"`
	Conf     float64  `json:"conf"`
	N        int64    `json:"n"`
	Warnings []string `json:"warnings,omitempty"`
	// NotEstimable, when not empty, says why there is no estimate though
	// there are observations (a share of nothing in one of two lanes):
	// estimate, low and high are then written null, and the reports print
	// "n/a" with the reason.
	NotEstimable string `json:"not_estimable,omitempty"`
	// Never, when not 0, is the value that stands for "never" (the
	// settling round of an outcome that does not settle: the rounds kept
	// plus 1); WholeBounds prints an estimate or end at it as "never".
	Never float64 `json:"never,omitempty"`
}

// MarshalJSON writes the interval, with null for the estimate and its
// ends when it is NotEstimable.
func (i Interval) MarshalJSON() ([]byte, error) {
	type plain Interval
	if i.NotEstimable == "" {
		return json.Marshal(plain(i))
	}
	return json.Marshal(struct {
		Estimate *float64 `json:"estimate"`
		Low      *float64 `json:"low"`
		High     *float64 `json:"high"`
		plain
	}{plain: plain(i)})
}

// FromEstimate converts an Estimate for JSON and the reports. An estimate
// that is not a finite number, as a mean over no observations is (its
// interval is unbounded), becomes the interval of nothing measured: 0 at
// each end with its n and its warnings, which the reports print as "n/a";
// so no NaN or infinity reaches a writer. When there were observations
// (n > 0) it is also NotEstimable, its first warning the reason.
func FromEstimate(e Estimate) Interval {
	if !finite(e.Value) || !finite(e.Low) || !finite(e.High) {
		w := e.Warnings
		if len(w) == 0 {
			w = []string{"no estimate"}
		}
		i := Interval{Conf: e.Conf, N: e.N, Warnings: w}
		if e.N > 0 {
			i.NotEstimable = w[0]
		}
		return i
	}
	return Interval{Estimate: e.Value, Low: e.Low, High: e.High, Conf: e.Conf, N: e.N, Warnings: e.Warnings}
}

func finite(x float64) bool { return !math.IsInf(x, 0) && !math.IsNaN(x) }

// Count is a named count with its rate per hunt.
type Count struct {
	Name  string `json:"name"`
	Label string `json:"label,omitempty"`
	Side  string `json:"side,omitempty"` // an outcome's: the side it is a win for ("" for none)
	// Plural: a side's label names many ("Hunters"), which the reports
	// write with a plural verb.
	Plural bool     `json:"plural,omitempty"`
	Count  int64    `json:"count"`
	Rate   Interval `json:"rate"` // Count / hunts: for outcomes a proportion, Wilson interval; for Conditions a mean per hunt, the wider of the normal and the exact Poisson interval
}

// Distribution summarises an integer quantity over hunts: its mean with a
// normal interval (widened to the quantity's whole range, with a warning,
// when fewer than 5 hunts differ from the most common value), quantiles
// read from the histogram, and the histogram.
type Distribution struct {
	N         int64    `json:"n"`
	Mean      Interval `json:"mean"`
	SD        float64  `json:"sd"`
	Min       int64    `json:"min"`
	P10       int64    `json:"p10"`
	P50       int64    `json:"p50"`
	P90       int64    `json:"p90"`
	Max       int64    `json:"max"`
	Histogram []int64  `json:"histogram"` // Histogram[v] hunts with value v (trailing zeros trimmed)
	// ClippedAbove: some hunts had a value above the histogram's range,
	// counted in its last bin, so Max (and a quantile equal to it) is a
	// lower bound ("60+"); the mean and SD, from the exact sums, are not
	// affected. ClippedBelow likewise at the histogram's first bin: Min
	// (and a quantile equal to it) is an upper bound.
	ClippedAbove bool `json:"clipped_above,omitempty"`
	ClippedBelow bool `json:"clipped_below,omitempty"`
}

// Value formats v, the Min, Max or a quantile of d, marking a value at a
// clipped end as a bound: "60+" for at least 60, "≤0" for at most 0.
func (d Distribution) Value(v int64) string {
	s := strconv.FormatInt(v, 10)
	switch {
	case d.ClippedAbove && v == d.Max:
		return s + "+"
	case d.ClippedBelow && v == d.Min:
		return "≤" + s
	}
	return s
}

// CurvePoint is the cumulative WNDs dealt to the Adversary by the end of a
// Tick, over all hunts (a finished hunt keeps its final total).
type CurvePoint struct {
	Tick int      `json:"tick"`
	Mean Interval `json:"mean"`
	P10  int64    `json:"p10"`
	P50  int64    `json:"p50"`
	P90  int64    `json:"p90"`
}

// SurvivalStep is the fraction of Pack models not dead by the end of a
// Tick: the mean over hunts of each hunt's alive fraction (n = hunts),
// with BoundedMean's interval.
type SurvivalStep struct {
	Tick  int      `json:"tick"`
	Alive Interval `json:"alive"`
}

// Timing is how long the run took. It is the only part of a Summary that
// differs between identical runs.
type Timing struct {
	Seconds     float64 `json:"seconds"`
	HuntsPerSec float64 `json:"hunts_per_sec"`
	Workers     int     `json:"workers"`
}
