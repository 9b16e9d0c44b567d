package legacy

import (
	"context"
	"fmt"
	"time"

	ai "balance/ai/cazadores"
	sim "balance/sim/cazadores"
	"balance/stats"
)

// BlockSize is the largest number of hunts in a block: workers take blocks
// of consecutive hunt indices (smaller blocks for small runs and for
// paired runs of many lanes, so that every worker has some), and a run
// with a target error checks it only after a multiple of BlockSize hunts,
// in index order, so where it stops depends neither on the workers nor
// on the blocks.
const BlockSize = 1024

// MaxHunts is the most hunts a run may play: sums of squares over that
// many hunts stay far inside 64 bits, and it is weeks of computing.
const MaxHunts = 1_000_000_000_000

// Config is one batch of hunts.
type Config struct {
	Scenario *sim.Scenario
	Seed     uint64
	First    int64 // index of the first hunt
	Hunts    int64 // hunts to play (with a target error: at most)
	Workers  int   // goroutines; 0: all cores
	// TargetError, when positive, stops the run at the first block
	// boundary where the 95% interval of the Pack win rate has a
	// half-width of at most TargetError.
	TargetError float64
	// Progress, when set, is called with the number of hunts tallied so
	// far, from the goroutine that merges (never concurrently).
	Progress func(done int64)
	// Policies makes one Pack policy and one Foe AI per worker; nil: the
	// baseline policy and the rulebook's Foe AI.
	Policies func() (sim.PackPolicy, sim.FoeAI)
}

// Stop reasons.
const (
	StopHunts       = "hunts"
	StopTargetError = "target_error"
	StopInterrupted = "interrupted"
)

// Result is what a batch produced.
type Result struct {
	Tally   *Tally
	Hunts   int64  // hunts tallied: a prefix of the indices asked for
	Stopped string // one of the Stop reasons
	Elapsed time.Duration
	Workers int
}

// Run plays the batch. The tally covers hunts First, First+1, ... up to
// where it stopped, and is the same, bit for bit, whatever the number of
// workers. Cancelling ctx stops every worker before its next hunt; the
// tally then covers the hunts finished in index order from First (the
// same as an uninterrupted run of that many), with Stopped set to
// "interrupted". A hunt that panics is reported as a *HuntPanic.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if cfg.Scenario == nil {
		return nil, fmt.Errorf("batch: no scenario")
	}
	if err := checkHunts(&cfg); err != nil {
		return nil, err
	}
	policies := cfg.Policies
	if policies == nil {
		policies = func() (sim.PackPolicy, sim.FoeAI) { return ai.NewBaseline(), ai.Foes{} }
	}
	start := time.Now()
	shape := ShapeOf(cfg.Scenario)
	var tmpl sim.Hunt
	tmpl.Init(cfg.Scenario)

	total := NewTally(shape)
	stopped, workers, err := playBlocks(ctx, &cfg,
		func() *Tally { return NewTally(shape) },
		func() func(*Tally, int64, int64, *cursor) int64 {
			h := new(sim.Hunt)
			pack, foes := policies()
			return func(t *Tally, lo, hi int64, c *cursor) int64 {
				t.Reset()
				for i := lo; i < hi; i++ {
					if c.stopped() {
						return i - lo
					}
					c.hunt = i
					h.Reset(&tmpl, cfg.Seed, uint64(i))
					h.Play(pack, foes)
					t.Add(&h.Rec)
				}
				return hi - lo
			}
		},
		func(t *Tally, checkpoint bool) (string, error) {
			if err := total.Merge(t); err != nil {
				return "", err
			}
			if cfg.Progress != nil {
				cfg.Progress(total.Hunts)
			}
			if checkpoint && cfg.TargetError > 0 && halfWidth(total) <= cfg.TargetError {
				return StopTargetError, nil
			}
			return "", nil
		})
	if err != nil {
		return nil, err
	}
	return &Result{Tally: total, Hunts: total.Hunts, Stopped: stopped, Elapsed: time.Since(start), Workers: workers}, nil
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

// halfWidth is the half-width of the 95% Wilson interval of the Pack win
// rate in t.
func halfWidth(t *Tally) float64 {
	e := stats.Proportion(t.Outcomes[sim.PackWon], t.Hunts, 0.95)
	return (e.High - e.Low) / 2
}
