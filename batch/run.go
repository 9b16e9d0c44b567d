package batch

import (
	"context"
	"fmt"
	"time"

	"balance/ai"
	"balance/sim"
	"balance/stats"
)

// BlockSize is the number of hunts in a block: workers take blocks of
// consecutive hunt indices, and a run with a target error checks it only
// at block boundaries, so where it stops does not depend on the workers.
const BlockSize = 1024

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
// workers. Cancelling ctx stops it at the blocks already finished in
// order, with Stopped set to "interrupted".
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if cfg.Scenario == nil {
		return nil, fmt.Errorf("batch: no scenario")
	}
	if cfg.Hunts <= 0 {
		return nil, fmt.Errorf("batch: %d hunts: at least 1 is needed", cfg.Hunts)
	}
	policies := cfg.Policies
	if policies == nil {
		policies = func() (sim.PackPolicy, sim.FoeAI) { return ai.NewBaseline(), ai.Foes{} }
	}
	start := time.Now()
	shape := ShapeOf(cfg.Scenario)
	var tmpl sim.Hunt
	tmpl.Init(cfg.Scenario)
	workers := poolWorkers(&cfg)

	total := NewTally(shape)
	stopped, err := playBlocks(ctx, &cfg, workers,
		func() *Tally { return NewTally(shape) },
		func() func(*Tally, int64) {
			h := new(sim.Hunt)
			pack, foes := policies()
			return func(t *Tally, k int64) {
				t.Reset()
				lo, hi := blockSpan(&cfg, k)
				for i := lo; i < hi; i++ {
					h.Reset(&tmpl, cfg.Seed, uint64(i))
					h.Play(pack, foes)
					t.Add(&h.Rec)
				}
			}
		},
		func(t *Tally) (string, error) {
			if err := total.Merge(t); err != nil {
				return "", err
			}
			if cfg.Progress != nil {
				cfg.Progress(total.Hunts)
			}
			if cfg.TargetError > 0 && halfWidth(total) <= cfg.TargetError {
				return StopTargetError, nil
			}
			return "", nil
		})
	if err != nil {
		return nil, err
	}
	return &Result{Tally: total, Hunts: total.Hunts, Stopped: stopped, Elapsed: time.Since(start), Workers: workers}, nil
}

// halfWidth is the half-width of the 95% Wilson interval of the Pack win
// rate in t.
func halfWidth(t *Tally) float64 {
	e := stats.Proportion(t.Outcomes[sim.PackWon], t.Hunts, 0.95)
	return (e.High - e.Low) / 2
}
