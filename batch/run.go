// Package batch plays many hunts of a game's designs: a pool of workers,
// each owning a player per lane (a design played by a policy) and a block
// of tallies, hunt i always played on the random stream (run seed, i);
// integer tallies (stats.Tally, laid out by the design's schema) merged
// exactly in index order; shards written to and merged from tally files.
// It plays any game through the contract of package game and names none.
package batch

import (
	"context"
	"fmt"
	"time"

	"balance/game"
	"balance/stats"
)

// BlockSize is the largest number of hunts in a block: workers take blocks
// of consecutive hunt indices (smaller blocks for small runs, so that every
// worker has some), and a run with a target error checks it only after a
// multiple of BlockSize hunts, in index order, so where it stops depends
// neither on the workers nor on the blocks.
const BlockSize = 1024

// MaxHunts is the most hunts a run may play: sums of squares over that
// many hunts stay far inside 64 bits, and it is weeks of computing.
const MaxHunts = 1_000_000_000_000

// Lane is what plays each hunt index of a run once: a design, with the
// players' side played by a policy tier.
type Lane struct {
	Design game.Design
	Policy string
}

// Config is one batch of hunts.
type Config struct {
	Seed    uint64
	First   int64 // index of the first hunt
	Hunts   int64 // hunts to play (with a target error: at most)
	Workers int   // goroutines; 0: all cores
	// TargetError, when positive, stops the run at the first block
	// boundary where the 95% interval of the first side's win rate (of
	// every lane) has a half-width of at most TargetError.
	TargetError float64
	// Progress, when set, is called with the number of hunts played so far
	// (over all lanes), from the goroutine that merges (never
	// concurrently).
	Progress func(done int64)
}

// Stop reasons.
const (
	StopHunts       = "hunts"
	StopTargetError = "target_error"
	StopInterrupted = "interrupted"
)

// Result is what a run of one lane produced.
type Result struct {
	Tally   *stats.Tally
	Hunts   int64  // hunts tallied: a prefix of the indices asked for
	Stopped string // one of the Stop reasons
	Elapsed time.Duration
	Workers int
}

// Run plays the batch with one lane. The tally covers hunts First,
// First+1, ... up to where it stopped, and is the same, bit for bit,
// whatever the number of workers. Cancelling ctx stops every worker before
// its next hunt; the tally then covers the hunts finished in index order
// from First (the same as an uninterrupted run of that many), with Stopped
// "interrupted". A hunt that panics is reported as a *HuntPanic.
func Run(ctx context.Context, cfg Config, lane Lane) (*Result, error) {
	r, err := RunLanes(ctx, cfg, []Lane{lane})
	if err != nil {
		return nil, err
	}
	return &Result{Tally: r.Tallies[0], Hunts: r.Hunts, Stopped: r.Stopped, Elapsed: r.Elapsed, Workers: r.Workers}, nil
}

// checkHunts refuses a batch of no hunts, or of more than MaxHunts.
func checkHunts(cfg *Config) error {
	if cfg.Hunts <= 0 {
		return fmt.Errorf("batch: %d hunts: at least 1 is needed", cfg.Hunts)
	}
	if cfg.Hunts > MaxHunts || cfg.First < 0 || cfg.First > MaxHunts {
		return fmt.Errorf("batch: hunts %d..%d: at most %d hunts, from index 0 to %d", cfg.First, cfg.First+cfg.Hunts-1, int64(MaxHunts), int64(MaxHunts))
	}
	return nil
}

// HalfWidth is the half-width of the 95% Wilson interval of the first
// side's win rate in t: the figure a target error bounds.
func HalfWidth(t *stats.Tally) float64 {
	e := stats.Proportion(Wins(t, 0), t.Hunts, stats.Conf)
	return (e.High - e.Low) / 2
}

// Wins is the number of hunts of t that side won.
func Wins(t *stats.Tally, side int) int64 {
	s := t.Schema()
	var k int64
	for o := range s.Outcomes {
		if s.Wins(o, side) {
			k += t.Outcomes[o]
		}
	}
	return k
}
