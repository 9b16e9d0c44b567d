package stats

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Finite reports whether the interval rests on at least one observation
// and its estimate and both ends are finite numbers. (Mean gives the
// interval (-Inf, +Inf) over no observations.) A NotEstimable interval
// is not Finite.
func (i Interval) Finite() bool {
	return i.N > 0 && i.NotEstimable == "" && !isInfNaN(i.Estimate) && !isInfNaN(i.Low) && !isInfNaN(i.High)
}

func isInfNaN(x float64) bool { return math.IsInf(x, 0) || math.IsNaN(x) }

// Percent formats a proportion as a percentage with its interval and n, as
// in "41.2% [40.9%, 41.5%] (n=100000)". The number of decimals follows the
// width of the interval: enough that its ends differ by about two units in
// the last place, from 1 to 3, with the further decimals pctDecimals adds.
// The confidence level is written only when it is not 95%: "41.2% [41.0%,
// 41.4%] (90%, n=100000)". An interval that is not Finite is written
// "n/a (n=0)". No figure is written as a negative zero.
func (i Interval) Percent() string {
	if !i.Finite() {
		return i.NA(true)
	}
	return i.PercentBounds() + " (" + i.tail() + ")"
}

// String formats the estimate as a plain number with its interval and n,
// as in "7.42 [7.40, 7.44] (n=100000)". The decimals follow the width of
// the interval as for Percent, from 0 to 6 (2 when the interval has no
// width), with one more when it tells apart the estimate from an end it
// would otherwise print as (see refine).
func (i Interval) String() string {
	if !i.Finite() {
		return i.NA(true)
	}
	return i.Bounds() + " (" + i.tail() + ")"
}

// PercentBounds formats only the estimate and its interval as percentages,
// "41.2% [40.9%, 41.5%]", with the decimals of Percent: for tables whose
// n is in a column of its own.
func (i Interval) PercentBounds() string {
	if !i.Finite() {
		return i.NA(false)
	}
	return i.PercentBoundsAt(pctDecimals(i))
}

// PercentDecimals is the number of decimals PercentBounds writes.
func (i Interval) PercentDecimals() int { return pctDecimals(i) }

// PercentBoundsAt is PercentBounds with d decimals: for a row or column
// that prints several intervals alike.
func (i Interval) PercentBoundsAt(d int) string {
	if !i.Finite() {
		return i.NA(false)
	}
	return Fixed(100*i.Estimate, d) + "% [" + Fixed(100*i.Low, d) + "%, " + Fixed(100*i.High, d) + "%]"
}

// Bounds formats only the estimate and its interval, "7.42 [7.40, 7.44]",
// with the decimals of String.
func (i Interval) Bounds() string {
	if !i.Finite() {
		return i.NA(false)
	}
	return i.BoundsAt(i.Decimals())
}

// Decimals is the number of decimals Bounds writes.
func (i Interval) Decimals() int {
	return refine(decimals(i.High-i.Low, 0, 6), 6, i.Estimate, i.Low, i.High)
}

// BoundsAt is Bounds with d decimals: for a row or column that prints
// several intervals alike.
func (i Interval) BoundsAt(d int) string {
	if !i.Finite() {
		return i.NA(false)
	}
	return Fixed(i.Estimate, d) + " [" + Fixed(i.Low, d) + ", " + Fixed(i.High, d) + "]"
}

// WholeBounds formats an estimate of a whole number (a round) and its
// interval without decimals: "2 [1, 3]"; an estimate or end at Never
// (when set) as "never": "1 [1, never]".
func (i Interval) WholeBounds() string {
	if !i.Finite() {
		return i.NA(false)
	}
	f := func(x float64) string {
		if i.Never != 0 && x >= i.Never {
			return "never"
		}
		return Fixed(x, 0)
	}
	return f(math.Round(i.Estimate)) + " [" + f(math.Floor(i.Low)) + ", " + f(math.Ceil(i.High)) + "]"
}

// Fixed formats x with d decimals, as strconv's 'f' format, except that a
// value that rounds to zero is written without a sign: "0.00", never
// "-0.00".
func Fixed(x float64, d int) string {
	s := strconv.FormatFloat(x, 'f', d, 64)
	if s[0] == '-' && strings.Trim(s[1:], "0.") == "" {
		return s[1:]
	}
	return s
}

// SignedFixed is Fixed with a sign on every value that does not round to
// zero: "+0.25", "-1.50", "0.00".
func SignedFixed(x float64, d int) string {
	s := Fixed(x, d)
	if s[0] != '-' && strings.Trim(s, "0.") != "" {
		return "+" + s
	}
	return s
}

// NA is how an interval that is not Finite prints: "n/a", with the
// reason when it is NotEstimable, "n/a (nothing to divide by in A)", and
// with its n when withN, "n/a (n=0)", "n/a (nothing to divide by in A,
// n=300)".
func (i Interval) NA(withN bool) string {
	switch {
	case i.NotEstimable != "" && withN:
		return "n/a (" + i.NotEstimable + ", " + i.tail() + ")"
	case i.NotEstimable != "":
		return "n/a (" + i.NotEstimable + ")"
	case withN:
		return "n/a (" + i.tail() + ")"
	}
	return "n/a"
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
// reads as 100%; then one more when refine asks for it.
func pctDecimals(i Interval) int {
	d := decimals(100*(i.High-i.Low), 1, 3)
	for p := 100 * i.Estimate; d < 4 && i.Estimate > 0 && i.Estimate < 1; d++ {
		if s := Fixed(p, d); s != Fixed(0, d) && s != Fixed(100, d) {
			break
		}
	}
	return refine(d, 4, 100*i.Estimate, 100*i.Low, 100*i.High)
}

// refine returns d, or d+1 (at most hi) when d decimals print the
// estimate est and an end of its interval [low, high] alike though they
// differ ("0.1% [0.1%, 0.3%]"), or print a non-zero end as zero ("[0.0%,
// 0.3%]"), and d+1 decimals do not.
func refine(d, hi int, est, low, high float64) int {
	clash := func(d int) bool {
		e := Fixed(est, d)
		for _, b := range []float64{low, high} {
			if b != est && Fixed(b, d) == e || b != 0 && Fixed(b, d) == Fixed(0, d) {
				return true
			}
		}
		return false
	}
	if d < hi && clash(d) && !clash(d+1) {
		return d + 1
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
