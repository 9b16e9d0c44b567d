package main

import (
	"math"

	"balance/batch"
)

// The bounds of the numeric flags that size a run: each is checked as
// soon as the flags are read, before anything is loaded or allocated, and
// a value outside is a usage error naming the allowed range.
// (sweep's and tune's -param and sensitivity's -step are bounded by
// workflow.MaxParamValue.)
const (
	// maxWorkers bounds -workers: more goroutines than that would only
	// cost memory (each holds its own blocks of tallies).
	maxWorkers = 4096
)

// huntsRange is the usage error of -hunts n outside least..batch.MaxHunts.
func huntsRange(n, least int64) error {
	if n < least {
		s := "s are"
		if least == 1 {
			s = " is"
		}
		return usagef("-hunts %d: at least %d hunt%s needed (allowed: %d to %d)", n, least, s, least, int64(batch.MaxHunts))
	}
	return usagef("-hunts %d: at most %d hunts (allowed: %d to %d)", n, int64(batch.MaxHunts), least, int64(batch.MaxHunts))
}

// badHunts reports whether -hunts n is outside least..batch.MaxHunts.
func badHunts(n, least int64) bool { return n < least || n > batch.MaxHunts }

// badWorkers reports whether -workers w is outside 0..maxWorkers.
func badWorkers(w int) bool { return w < 0 || w > maxWorkers }

// workersRange is the usage error of -workers w outside 0..maxWorkers.
func workersRange(w int) error {
	return usagef("-workers %d: give a number of goroutines from 1 to %d, or 0 for all cores", w, maxWorkers)
}

// badTargetError reports whether -target-error e is outside [0, 0.5),
// NaN and infinities included.
func badTargetError(e float64) bool { return !(e >= 0 && e < 0.5) || math.IsNaN(e) }
