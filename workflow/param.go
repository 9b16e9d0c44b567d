package workflow

import (
	"context"
	"fmt"
)

// numeric checks that a parameter's key takes whole numbers, as tune
// searches them and a sweep's range runs over them: a key that takes
// readings (a rules switch, a weapon to drop) is a usage error at once,
// with the data's own refusal (which names the readings) and the way to
// try its readings. It asks the data to add 0 to the key's value, which a
// number always takes.
func numeric(ctx context.Context, l *Lab, s Spec, seed uint64, key string) error {
	if _, err := l.Design(ctx, s, seed); err != nil {
		return err
	}
	if _, err := l.Design(ctx, s.With(key+"=+0"), seed); err != nil {
		return usage("-param %s: the key does not take whole numbers (%s); to set its readings side by side, list them: 'balance sweep -param %s=A,B,...'", key, unset(err), key)
	}
	return nil
}

// suggestRange is an example range of a numeric key's values for a
// search, found by asking the data which whole numbers the key takes: at
// most suggestPoints values, each of them taken, and the text saying
// the whole range found. It is "" when the data take no value tried.
func suggestRange(ctx context.Context, l *Lab, s Spec, seed uint64, key string) string {
	takes := func(v int) bool {
		_, err := l.Design(ctx, s.With(fmt.Sprintf("%s=%d", key, v)), seed)
		return err == nil
	}
	start, found := 0, false
	for _, v := range []int{0, 1, 2, 5, 10, 20, 50, 100, 200, 500, MaxParamValue} {
		if takes(v) {
			start, found = v, true
			break
		}
	}
	if !found {
		return ""
	}
	// The highest and lowest values taken, searched by halves from start
	// (a key's values run without a gap). A search's values are not
	// negative: a value written with a sign is a change.
	lo, hi := start, start
	for out := MaxParamValue + 1; out-hi > 1; {
		if m := hi + (out-hi)/2; takes(m) {
			hi = m
		} else {
			out = m
		}
	}
	for out := -1; lo-out > 1; {
		if m := lo - (lo-out)/2; takes(m) {
			lo = m
		} else {
			out = m
		}
	}
	a, b := lo, min(hi, lo+suggestPoints-1)
	for v := a + 1; v <= b; v++ {
		if !takes(v) { // not expected; never suggest a value refused
			b = v - 1
		}
	}
	if a == lo && b == hi {
		return fmt.Sprintf("e.g. %s=%d..%d (the key takes %d..%d)", key, a, b, lo, hi)
	}
	return fmt.Sprintf("e.g. %s=%d..%d (the key takes %d..%d; a search takes at most %d values)", key, a, b, lo, hi, MaxSweepPoints)
}

// suggestPoints is the width of the range suggestRange proposes.
const suggestPoints = 20
