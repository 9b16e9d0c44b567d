package batch

import (
	"context"
	"fmt"
	"runtime"
	"sync"
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

// block is one finished block of hunts.
type block struct {
	k int64
	t *Tally
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
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	policies := cfg.Policies
	if policies == nil {
		policies = func() (sim.PackPolicy, sim.FoeAI) { return ai.NewBaseline(), ai.Foes{} }
	}
	start := time.Now()
	shape := ShapeOf(cfg.Scenario)
	var tmpl sim.Hunt
	tmpl.Init(cfg.Scenario)

	nBlocks := (cfg.Hunts + BlockSize - 1) / BlockSize
	if int64(workers) > nBlocks {
		workers = int(nBlocks)
	}
	// Free tallies bound how far workers run ahead of the merge.
	free := make(chan *Tally, 2*workers+1)
	for k := 0; k < cap(free); k++ {
		free <- NewTally(shape)
	}
	jobs := make(chan int64)
	done := make(chan block, cap(free))
	quit := make(chan struct{})

	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h := new(sim.Hunt)
			pack, foes := policies()
			for {
				var t *Tally
				select {
				case t = <-free:
				case <-quit:
					return
				}
				var k int64
				var ok bool
				select {
				case k, ok = <-jobs:
				case <-quit:
					return
				}
				if !ok {
					return
				}
				t.Reset()
				lo := cfg.First + k*BlockSize
				hi := lo + BlockSize
				if end := cfg.First + cfg.Hunts; hi > end {
					hi = end
				}
				for i := lo; i < hi; i++ {
					h.Reset(&tmpl, cfg.Seed, uint64(i))
					h.Play(pack, foes)
					t.Add(&h.Rec)
				}
				select {
				case done <- block{k, t}:
				case <-quit:
					return
				}
			}
		}()
	}
	// Hand out the blocks in order.
	go func() {
		defer close(jobs)
		for k := int64(0); k < nBlocks; k++ {
			select {
			case jobs <- k:
			case <-quit:
				return
			}
		}
	}()

	total := NewTally(shape)
	pending := map[int64]*Tally{}
	next := int64(0)
	stopped := StopHunts
	finish := func() {
		close(quit)
		wg.Wait()
	}
merge:
	for next < nBlocks {
		select {
		case <-ctx.Done():
			stopped = StopInterrupted
			break merge
		case b := <-done:
			pending[b.k] = b.t
		}
		for {
			t, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			if err := total.Merge(t); err != nil {
				finish()
				return nil, err
			}
			free <- t
			next++
			if cfg.Progress != nil {
				cfg.Progress(total.Hunts)
			}
			if cfg.TargetError > 0 && halfWidth(total) <= cfg.TargetError {
				stopped = StopTargetError
				break merge
			}
		}
	}
	finish()
	return &Result{Tally: total, Hunts: total.Hunts, Stopped: stopped, Elapsed: time.Since(start), Workers: workers}, nil
}

// halfWidth is the half-width of the 95% Wilson interval of the Pack win
// rate in t.
func halfWidth(t *Tally) float64 {
	e := stats.Proportion(t.Outcomes[sim.PackWon], t.Hunts, 0.95)
	return (e.High - e.Low) / 2
}
