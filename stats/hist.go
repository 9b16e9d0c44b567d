package stats

import (
	"fmt"
	"math"
	"slices"
)

// Conf is the confidence level of every interval balance reports.
const Conf = 0.95

// fewOff is the number of observations away from the most common value
// below which Dist no longer trusts the normal interval of a mean.
const fewOff = 5

// Dist summarises a histogram (h[v]: how many hunts had value v, for v
// from 0 to len(h)-1, the whole range the quantity can take: the tally's
// histograms have a bin for every value up to their bound): the mean
// with its normal 95% interval, the standard deviation, and the 10/50/90%
// quantiles (the smallest v whose cumulative count reaches the fraction),
// with trailing zero bins trimmed from the histogram. The interval is
// clipped to the range, 0 to len(h)-1.
//
// When fewer than 5 observations differ from the most common value v,
// the sample says little about how far the mean may stray (with none the
// normal interval has no width at all). The interval is then widened to
// hold [v - v·u, v + (R-v)·u], R = len(h)-1 and u the upper end of the
// Wilson interval of the share of observations other than v: the mean is
// v·(1-q) + q·E[X | X ≠ v] with q that share, and E[X | X ≠ v] lies in
// [0, R]. A warning says so.
func Dist(h []int64) Distribution { return dist(h, 0) }

// dist is Dist of a histogram whose bin v holds the value v-off (off
// names the range in the warning only).
func dist(h []int64, off int) Distribution {
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
	d := Distribution{N: n, Histogram: trim(h)}
	if n == 0 {
		d.Mean = Interval{Conf: Conf, Warnings: []string{"no observations"}}
		return d
	}
	d.Min, d.Max = lo, hi
	e := Mean(float64(sum), float64(sumSq), n, Conf)
	if r := float64(len(h) - 1); n-mode < fewOff && r > 0 {
		v := float64(slices.Index(h, mode)) // the most common value
		u := Proportion(n-mode, n, Conf).High
		e.Warnings = nil // "one observation": the range gives it an interval
		e = e.Hull(Estimate{Low: v - v*u, High: v + (r-v)*u})
		e.Warnings = append(e.Warnings, fmt.Sprintf("fewer than %d observations differ from the most common value: the interval allows for the whole range, %d to %d", fewOff, -off, len(h)-1-off))
	}
	// The interval stays within the range (the normal one can pass an
	// end when the values crowd against it).
	e.Low, e.High = math.Max(e.Low, 0), math.Min(e.High, float64(len(h)-1))
	d.Mean = FromEstimate(e)
	if n > 1 {
		v := (float64(sumSq) - float64(sum)*float64(sum)/float64(n)) / float64(n-1)
		d.SD = math.Sqrt(math.Max(v, 0))
	}
	d.P10, d.P50, d.P90 = quantile(h, n, 0.1), quantile(h, n, 0.5), quantile(h, n, 0.9)
	return d
}

// Shifted is Dist of a histogram whose bin v holds the value v-off: the
// figures are shifted back (the histogram keeps the shifted bins, from
// value -off up).
func Shifted(h []int64, off int) Distribution {
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

// Exact is Shifted(h, off) for a histogram whose end bins also hold the
// values past its range (as the tally's do), given the exact Σx and Σx²
// of the values over the histogram's hunts: the mean and SD come from the
// exact sums, the quantiles, Min and Max from the histogram. When the
// histogram's own sums differ from the exact ones, values were counted
// in an end bin: ClippedAbove or ClippedBelow is set, and a warning on
// the mean says Max (or Min) is only a bound. The mean's lower end is no
// less than the histogram's least value, -off, unless values were
// clipped there.
func Exact(h []int64, off int, sum, sumSq int64) Distribution {
	d := Shifted(h, off)
	if d.N == 0 {
		return d
	}
	var hs, hss int64
	for v, c := range h {
		x := int64(v - off)
		hs += c * x
		hss += c * x * x
	}
	if hs == sum && hss == sumSq {
		return d
	}
	last := int64(len(h) - 1 - off)
	first := int64(-off)
	// A value above the range lowers the histogram's sum, one below it
	// raises it; when the sums agree and only the squares differ, both
	// ends may hold clipped values.
	d.ClippedAbove = d.Max == last && sum >= hs
	d.ClippedBelow = d.Min == first && sum <= hs
	e := Mean(float64(sum), float64(sumSq), d.N, Conf)
	if !d.ClippedBelow {
		e.Low = math.Max(e.Low, float64(first))
	}
	if d.ClippedAbove {
		e.Warnings = append(e.Warnings, fmt.Sprintf("some values above %d counted as %d in the histogram: the maximum and the quantiles equal to it are lower bounds (%d+); the mean and SD are exact", last, last, last))
	}
	if d.ClippedBelow {
		e.Warnings = append(e.Warnings, fmt.Sprintf("some values below %d counted as %d in the histogram: the minimum and the quantiles equal to it are upper bounds (≤%d); the mean and SD are exact", first, first, first))
	}
	d.Mean = FromEstimate(e)
	d.SD = 0
	if d.N > 1 {
		v := (float64(sumSq) - float64(sum)*float64(sum)/float64(d.N)) / float64(d.N-1)
		d.SD = math.Sqrt(math.Max(v, 0))
	}
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

// PerHunt estimates the mean per hunt of a count (draws of a card,
// Conditions imposed) from its total k and the sum of its squares over
// the n hunts: the wider, at each end, of the normal interval of the
// mean (which allows for counts more spread out than a Poisson count)
// and the exact Poisson interval of k over n hunts (which keeps its width
// when k is small or 0, where the normal interval shrinks to nothing),
// the lower end no less than 0.
func PerHunt(k, kk, n int64) Interval {
	if n <= 0 {
		return Interval{Conf: Conf, Warnings: []string{"no hunts"}}
	}
	e := Mean(float64(k), float64(kk), n, Conf)
	if n < 2 {
		e = Rate(k, n, Conf)
	}
	e = e.Hull(Rate(k, n, Conf))
	e.Low = math.Max(0, e.Low)
	return FromEstimate(e)
}

// PerDraw estimates a count per draw of a card (WNDs, kills or Conditions
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
func PerDraw(sw, sd, sww, swd, sdd, n int64) Interval {
	if sd == 0 {
		return Interval{Conf: Conf, Warnings: []string{"never drawn"}}
	}
	e := Rate(sw, sd, Conf)
	if n >= 2 {
		e = ratio(sw, sd, sww, swd, sdd, n).Hull(e)
	}
	e.Low = math.Max(0, e.Low)
	return FromEstimate(e)
}

// ratio is the ratio estimator R = Σw / Σd from per-hunt sums, with the
// delta-method interval
//
//	Var(R) ≈ Σ(w_i - R d_i)² / ((n-1) · n · d̄²)
//
// computed from Σw², Σwd and Σd² over the n ≥ 2 hunts, Σd > 0. N is Σd.
func ratio(sw, sd, sww, swd, sdd, n int64) Estimate {
	r := float64(sw) / float64(sd)
	resid := float64(sww) - 2*r*float64(swd) + r*r*float64(sdd)
	dbar := float64(sd) / float64(n)
	v := math.Max(resid, 0) / (float64(n-1) * float64(n) * dbar * dbar)
	z := z(Conf)
	half := z * math.Sqrt(v)
	return Estimate{Value: r, Low: r - half, High: r + half, Conf: Conf, N: sd}
}
