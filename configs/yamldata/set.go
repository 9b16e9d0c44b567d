package yamldata

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// SetInt reads the VALUE of a -set override of a whole number whose value
// is now cur: a number as it is (7), or with a sign (+2, -1) a change of
// cur. For a change, how says how the new value was made ("30 - 40"),
// for the message that refuses it (OutOfRange); it is "" otherwise. Every
// game's -set reads its whole numbers here.
func SetInt(val string, cur int) (v int, how string, err error) {
	digits := strings.TrimPrefix(val, "+")
	rel := digits != val || strings.HasPrefix(val, "-")
	if digits == "" || digits != val && (strings.HasPrefix(digits, "+") || strings.HasPrefix(digits, "-")) {
		// One sign at most: +-1 and ++1 are refused as --1 is.
		return 0, "", fmt.Errorf("%q is not a whole number (e.g. 7, +2 or -1)", val)
	}
	n, err := strconv.Atoi(digits)
	switch {
	case errors.Is(err, strconv.ErrRange):
		return 0, "", fmt.Errorf("%s is out of range", val)
	case err != nil:
		return 0, "", fmt.Errorf("%q is not a whole number (e.g. 7, +2 or -1)", val)
	case !rel:
		return n, "", nil
	case n > 0 && cur > math.MaxInt-n, n < 0 && cur < math.MinInt-n:
		return 0, "", fmt.Errorf("%d %s is out of range", cur, signed(n))
	}
	return cur + n, fmt.Sprintf("%d %s", cur, signed(n)), nil
}

// SetFloat is SetInt for a number that may have a fraction.
func SetFloat(val string, cur float64) (v float64, how string, err error) {
	x, err := strconv.ParseFloat(val, 64)
	if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
		return 0, "", fmt.Errorf("%q is not a number (e.g. 1.5, +0.5 or -1)", val)
	}
	if !strings.HasPrefix(val, "+") && !strings.HasPrefix(val, "-") {
		return x, "", nil
	}
	op := "+"
	if x < 0 {
		op = "-"
	}
	return cur + x, fmt.Sprintf("%g %s %g", cur, op, math.Abs(x)), nil
}

// signed writes a change as "+ 5" or "- 40".
func signed(n int) string {
	if n < 0 {
		return "- " + strconv.FormatUint(uint64(-(n+1))+1, 10)
	}
	return "+ " + strconv.Itoa(n)
}

// OutOfRange refuses v outside lo..hi, saying how a change made it: "-10
// (30 - 40) is out of range 1..100" (how from SetInt or SetFloat).
func OutOfRange[T int | float64](v T, how string, lo, hi T) error {
	return errors.New(RangeText(fmt.Sprint(v), how) + fmt.Sprintf(" is out of range %v..%v", lo, hi))
}

// RangeText is v with how a change made it, "-10 (30 - 40)", or v alone.
func RangeText(v, how string) string {
	if how == "" {
		return v
	}
	return v + " (" + how + ")"
}

// Explain adds to a message that refuses the value v how a change made
// it: "... -10 is out of range ..." becomes "... -10 (30 - 40) is out of
// range ...", for an override checked where the data is decoded.
func Explain(msg string, v int, how string) string {
	if how == "" {
		return msg
	}
	return strings.Replace(msg, fmt.Sprintf("%d is out of range", v), RangeText(strconv.Itoa(v), how)+" is out of range", 1)
}
