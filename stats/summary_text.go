package stats

import (
	"fmt"
	"math"
)

// Finite reports whether the interval rests on at least one observation
// and its estimate and both ends are finite numbers. (Mean gives the
// interval (-Inf, +Inf) over no observations.)
func (i Interval) Finite() bool {
	return i.N > 0 && !isInfNaN(i.Estimate) && !isInfNaN(i.Low) && !isInfNaN(i.High)
}

func isInfNaN(x float64) bool { return math.IsInf(x, 0) || math.IsNaN(x) }

// Percent formats a proportion as a percentage with its interval and n, as
// in "41.2% [40.9%, 41.5%] (n=100000)". The number of decimals follows the
// width of the interval: enough that its ends differ by about two units in
// the last place, from 1 to 3. The confidence level is written only when it
// is not 95%: "41.2% [41.0%, 41.4%] (90%, n=100000)". An interval that is
// not Finite is written "n/a (n=0)".
func (i Interval) Percent() string {
	if !i.Finite() {
		return fmt.Sprintf("n/a (%s)", i.tail())
	}
	d := pctDecimals(i)
	return fmt.Sprintf("%.*f%% [%.*f%%, %.*f%%] (%s)", d, 100*i.Estimate, d, 100*i.Low, d, 100*i.High, i.tail())
}

// String formats the estimate as a plain number with its interval and n,
// as in "7.42 [7.40, 7.44] (n=100000)". The decimals follow the width of
// the interval as for Percent, from 0 to 6 (2 when the interval has no
// width).
func (i Interval) String() string {
	if !i.Finite() {
		return fmt.Sprintf("n/a (%s)", i.tail())
	}
	d := decimals(i.High-i.Low, 0, 6)
	return fmt.Sprintf("%.*f [%.*f, %.*f] (%s)", d, i.Estimate, d, i.Low, d, i.High, i.tail())
}

// PercentBounds formats only the estimate and its interval as percentages,
// "41.2% [40.9%, 41.5%]", with the decimals of Percent: for tables whose
// n is in a column of its own.
func (i Interval) PercentBounds() string {
	if !i.Finite() {
		return "n/a"
	}
	d := pctDecimals(i)
	return fmt.Sprintf("%.*f%% [%.*f%%, %.*f%%]", d, 100*i.Estimate, d, 100*i.Low, d, 100*i.High)
}

// Bounds formats only the estimate and its interval, "7.42 [7.40, 7.44]",
// with the decimals of String.
func (i Interval) Bounds() string {
	if !i.Finite() {
		return "n/a"
	}
	d := decimals(i.High-i.Low, 0, 6)
	return fmt.Sprintf("%.*f [%.*f, %.*f]", d, i.Estimate, d, i.Low, d, i.High)
}

func (i Interval) tail() string {
	if i.Conf != 0 && math.Abs(i.Conf-0.95) > 1e-9 {
		return fmt.Sprintf("%g%%, n=%d", 100*i.Conf, i.N)
	}
	return fmt.Sprintf("n=%d", i.N)
}

// pctDecimals returns the decimals of a percentage: those of decimals for
// the interval's width, and more (up to 4) while a proportion strictly
// between 0 and 1 would print as 0% or 100%, so that 1999 of 2000 never
// reads as 100%.
func pctDecimals(i Interval) int {
	d := decimals(100*(i.High-i.Low), 1, 3)
	for p := 100 * i.Estimate; d < 4 && i.Estimate > 0 && i.Estimate < 1; d++ {
		if s := fmt.Sprintf("%.*f", d, p); s != fmt.Sprintf("%.*f", d, 0.0) && s != fmt.Sprintf("%.*f", d, 100.0) {
			break
		}
	}
	return d
}

// decimals returns the number of decimals with which an interval of the
// given width shows about two units in the last place, clamped to
// [lo, hi]; a zero width gives 2 clamped likewise.
func decimals(width float64, lo, hi int) int {
	d := 2
	if width > 0 {
		d = int(math.Ceil(-math.Log10(width / 2)))
	}
	return max(lo, min(hi, d))
}
