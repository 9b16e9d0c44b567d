package main

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// progressEvery is how often a run whose stderr is not a terminal (a CI
// log, a file) prints a progress line (a variable for the tests).
var progressEvery = 10 * time.Second

// progressLines returns a progress callback that prints, every interval,
// one line on w: the hunts done of total, the rate and the time left, as
// build tools do in a log; a run shorter than interval prints nothing. The
// second function stops it; call it before writing to w again.
func progressLines(w io.Writer, total int64, what string, interval time.Duration) (func(int64), func()) {
	t := time.NewTicker(interval)
	show, stop := progressTicks(w, total, what, t.C, time.Now())
	return show, func() {
		t.Stop()
		stop()
	}
}

// progressTicks is progressLines driven by tick, which sends the time of
// each tick, from start (tests send their own).
func progressTicks(w io.Writer, total int64, what string, tick <-chan time.Time, start time.Time) (func(int64), func()) {
	var done atomic.Int64
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-quit:
				return
			case at := <-tick:
				fmt.Fprintln(w, progressLine(what, done.Load(), total, at.Sub(start)))
			}
		}
	}()
	var once sync.Once
	return func(n int64) { done.Store(n) }, func() {
		once.Do(func() {
			close(quit)
			wg.Wait()
		})
	}
}

// progressLine is one line of progress: "what: done of total hunts (P%),
// R hunts/s, about T left".
func progressLine(what string, done, total int64, elapsed time.Duration) string {
	pct := 0.0
	if total > 0 {
		pct = 100 * float64(done) / float64(total)
	}
	s := fmt.Sprintf("%s: %d of %d hunts (%.0f%%)", what, done, total, pct)
	if done <= 0 || elapsed <= 0 {
		return s + fmt.Sprintf(", %s so far, the time left is not known yet", roundDuration(elapsed))
	}
	rate := float64(done) / elapsed.Seconds()
	left := time.Duration(float64(max(total-done, 0)) / rate * float64(time.Second))
	return s + fmt.Sprintf(", %s hunts/s, about %s left", formatRate(rate), roundDuration(left))
}

// formatRate writes a rate with three significant figures at most.
func formatRate(r float64) string {
	switch {
	case r >= 100:
		return fmt.Sprintf("%.0f", r)
	case r >= 10:
		return fmt.Sprintf("%.1f", r)
	default:
		return fmt.Sprintf("%.2f", r)
	}
}

// roundDuration rounds d to the second (to the tenth below 10 s).
func roundDuration(d time.Duration) time.Duration {
	if d < 10*time.Second {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Second)
}
