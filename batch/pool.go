package batch

import (
	"context"
	"runtime"
	"sync"
)

// blockSpan returns the hunts [lo, hi) of block k of cfg.
func blockSpan(cfg *Config, k int64) (lo, hi int64) {
	lo = cfg.First + k*BlockSize
	return lo, min(lo+BlockSize, cfg.First+cfg.Hunts)
}

// poolWorkers is the number of workers for cfg: cfg.Workers (0: all cores),
// at most one per block.
func poolWorkers(cfg *Config) int {
	w := cfg.Workers
	if w <= 0 {
		w = runtime.GOMAXPROCS(0)
	}
	return int(min(int64(w), (cfg.Hunts+BlockSize-1)/BlockSize))
}

// playBlocks plays cfg's hunts in blocks of BlockSize on workers
// goroutines and hands the blocks to merge in block order, so that what
// merge builds does not depend on the number of workers.
//
// Each worker makes its own play function with newWorker (its Hunt and
// policies live there); play(b, k) fills block b, reset by play, with the
// hunts of block k. Blocks come from a pool of 2·workers+1 made by
// newBlock, which bounds how far workers run ahead of the merge. merge
// returns the reason to stop early ("" to go on) or an error. Cancelling
// ctx stops at the blocks already merged, with StopInterrupted.
func playBlocks[B any](ctx context.Context, cfg *Config, workers int, newBlock func() B,
	newWorker func() func(b B, k int64), merge func(b B) (string, error)) (string, error) {
	nBlocks := (cfg.Hunts + BlockSize - 1) / BlockSize
	type done struct {
		k int64
		b B
	}
	free := make(chan B, 2*workers+1)
	for k := 0; k < cap(free); k++ {
		free <- newBlock()
	}
	jobs := make(chan int64)
	finished := make(chan done, cap(free))
	quit := make(chan struct{})

	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			play := newWorker()
			for {
				var b B
				select {
				case b = <-free:
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
				play(b, k)
				select {
				case finished <- done{k, b}:
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
	defer func() {
		close(quit)
		wg.Wait()
	}()

	pending := map[int64]B{}
	for next := int64(0); next < nBlocks; {
		select {
		case <-ctx.Done():
			return StopInterrupted, nil
		case d := <-finished:
			pending[d.k] = d.b
		}
		for {
			b, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			stop, err := merge(b)
			if err != nil || stop != "" {
				return stop, err
			}
			free <- b
			next++
		}
	}
	return StopHunts, nil
}
