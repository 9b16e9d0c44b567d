package legacy

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// niceTicks marks an axis at round values: a step of 1, 2 or 5 times a
// power of ten giving at most 8 labelled ticks, and unlabelled ticks
// between them. With integer set the step is at least 1, for counts such
// as Ticks, Rounds and WNDs.
type niceTicks struct{ integer bool }

var _ plot.Ticker = niceTicks{}

func (n niceTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return []plot.Tick{{Value: lo, Label: strconv.FormatFloat(lo, 'g', 4, 64)}}
	}
	step, minor := niceStep((hi - lo) / 8)
	if n.integer && step < 1 {
		step, minor = 1, 1
	}
	if n.integer && minor < 1 {
		minor = step
	}
	dec := max(0, int(math.Ceil(-math.Log10(step)-1e-9)))
	var ts []plot.Tick
	first := math.Ceil(lo/minor-1e-9) * minor
	for i := 0; ; i++ {
		v := first + float64(i)*minor
		if v > hi+minor*1e-9 {
			break
		}
		v = math.Round(v/minor) * minor // no 0.30000000000000004
		t := plot.Tick{Value: v}
		if r := v / step; math.Abs(r-math.Round(r)) < 1e-9 {
			t.Label = strconv.FormatFloat(v, 'f', dec, 64)
		}
		ts = append(ts, t)
	}
	return ts
}

// niceStep returns the smallest step of 1, 2 or 5 times a power of ten
// that is at least x, and a minor step dividing it.
func niceStep(x float64) (step, minor float64) {
	p := math.Pow(10, math.Floor(math.Log10(x)))
	switch m := x / p; {
	case m <= 1:
		return p, p / 5
	case m <= 2:
		return 2 * p, p / 2
	case m <= 5:
		return 5 * p, p
	}
	return 10 * p, 2 * p
}

// cappedTicks are the ticks of a Ticker up to a cap: a percentage axis
// that leaves room above 100% for labels marks no 120%.
type cappedTicks struct {
	plot.Ticker
	cap float64
}

func (c cappedTicks) Ticks(lo, hi float64) []plot.Tick {
	var out []plot.Tick
	for _, t := range c.Ticker.Ticks(lo, hi) {
		if t.Value <= c.cap+1e-9 {
			out = append(out, t)
		}
	}
	return out
}
