package reports

import (
	"math"

	"balance/stats"
)

// The series and curves run to the last clock step any hunt reached, which
// a few long hunts can put far beyond the step where most of them ended.
// The plots and the tables of summary.md stop a little after the last step
// at which a curve still moves visibly; the CSV files and summary.json
// keep every step.

// Visible changes: a series' mean within seriesTol of its final value
// (relative, at least 1 × seriesTol), a curve's share within curveTol.
const (
	seriesTol = 0.005
	curveTol  = 0.001
)

// shown returns how many of n points to show when point last is the last
// that differs visibly from the final one: a margin of a fifth more, at
// least 3 points, and never fewer than 10.
func shown(n, last int) int {
	if last < 0 {
		last = 0
	}
	return min(n, max(10, last+1+max(3, (last+1)/5)))
}

// seriesShown returns how many points of a series to show.
func seriesShown(c []stats.CurvePoint) int {
	if len(c) == 0 {
		return 0
	}
	f := c[len(c)-1]
	tol := seriesTol * math.Max(1, math.Abs(f.Mean.Estimate))
	last := -1
	for i, p := range c {
		if math.Abs(p.Mean.Estimate-f.Mean.Estimate) > tol || p.P10 != f.P10 || p.P50 != f.P50 || p.P90 != f.P90 {
			last = i
		}
	}
	return shown(len(c), last)
}

// curveShown returns how many steps of a curve to show.
func curveShown(s []stats.SurvivalStep) int {
	if len(s) == 0 {
		return 0
	}
	f := s[len(s)-1].Alive.Estimate
	last := -1
	for i, p := range s {
		if math.Abs(p.Alive.Estimate-f) > curveTol {
			last = i
		}
	}
	return shown(len(s), last)
}
