package batch

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// spreadBlocks is how many blocks a run is cut into at least, when it has
// the hunts: enough for every worker of a large machine to have some.
const spreadBlocks = 64

// blockSize returns the number of hunt indices in a block of a run of
// hunts hunt indices: a power of two, BlockSize for a large run, smaller
// for a run too small to give spreadBlocks blocks, so that the blocks of
// any run, plain or paired (every lane of a hunt index is played by the
// worker that has its block), spread over the workers. Merging a block
// costs about as much as two or three hunts of one lane, whatever the
// lanes, so even the smallest blocks of a large run cost little. The size
// depends on the run only, never on the workers: where the hunts are
// played does not change what is tallied.
func blockSize(hunts int64) int64 {
	b := int64(BlockSize)
	for b > 1 && (hunts+b-1)/b < spreadBlocks {
		b /= 2
	}
	return b
}

// poolWorkers is the number of workers for cfg cut into nBlocks blocks:
// cfg.Workers (0: all cores), at most one per block.
func poolWorkers(cfg *Config, nBlocks int64) int {
	w := cfg.Workers
	if w <= 0 {
		w = runtime.GOMAXPROCS(0)
	}
	return int(min(int64(w), nBlocks))
}

// cacheLine is the span of memory a processor core keeps to itself while
// it writes there: a cache line, doubled because some processors fetch
// lines in adjacent pairs.
const cacheLine = 128

// padded returns n zero Ts that share no cache line with other data: for
// the state a worker writes at every hunt (its cursor, its records, its
// scratch). Small objects that two workers make one after the other are
// often placed side by side, on one line, and every write of one worker
// would then take the line from the other's core (false sharing), a cost
// that grows with the workers.
func padded[T any](n int) []T {
	var z T
	pad := cacheLine
	if size := int(unsafe.Sizeof(z)); size > 0 {
		pad = (cacheLine + size - 1) / size
	}
	s := make([]T, n+2*pad)
	return s[pad : pad+n : pad+n]
}

// HuntPanic is the error of a hunt whose play panicked: a bug in the
// engine or in the data it was compiled from. It names the hunt, so that
// it can be replayed alone.
type HuntPanic struct {
	Seed  uint64
	Hunt  int64 // the hunt's index
	Lane  int   // in a paired run, the lane (tier, design or point) that played it; 0 in a plain run
	Value any   // what the hunt panicked with
}

func (e *HuntPanic) Error() string {
	return fmt.Sprintf("hunt %d of seed %d failed: %v", e.Hunt, e.Seed, e.Value)
}

// cursor is what a worker's play function tells the pool: the hunt it is
// playing (for a panic's report); and what the pool tells it: stop before
// the next hunt.
type cursor struct {
	ctx  context.Context
	stop *atomic.Bool
	hunt int64
	lane int
}

// stopped reports whether the worker must stop before its next hunt: the
// run's context is cancelled (asked directly, an atomic load, so that no
// goroutine has to pass it on first), or the pool stops the run.
func (c *cursor) stopped() bool { return c.stop.Load() || c.ctx.Err() != nil }

// playBlocks plays cfg's hunts in blocks of blockSize(cfg.Hunts)
// consecutive hunt indices on workers goroutines and hands the blocks to
// merge in block order, so that what merge builds does not depend on the
// number of workers.
//
// Each worker makes its own play function with newWorker (its Hunt and
// policies live there); play(b, lo, hi, c) fills block b, reset by play,
// with the hunts lo..hi-1 in order, and returns how many it played: all,
// unless c.stopped() was true before one of them. Blocks come from a pool
// of 2·workers+1 made by newBlock, which bounds how far workers run ahead
// of the merge. merge(b, checkpoint) returns the reason to stop early (""
// to go on) or an error; checkpoint is true when the hunts merged so far
// are a multiple of BlockSize or all of the run, the only places a run
// may stop at a target, so that where it stops does not depend on the
// block size.
//
// Cancelling ctx stops every worker before its next hunt; the blocks
// finished, and the part of the block each worker was playing, are
// merged as far as the hunts run on in index order: the tally is that of
// an uninterrupted run of that many hunts, and Stopped is
// StopInterrupted. A hunt that panics stops the run; the error is a
// *HuntPanic.
func playBlocks[B any](ctx context.Context, cfg *Config, newBlock func() B,
	newWorker func() func(b B, lo, hi int64, c *cursor) int64, merge func(b B, checkpoint bool) (string, error)) (stopped string, workers int, err error) {
	size := blockSize(cfg.Hunts)
	nBlocks := (cfg.Hunts + size - 1) / size
	workers = poolWorkers(cfg, nBlocks)
	span := func(k int64) (lo, hi int64) {
		lo = cfg.First + k*size
		return lo, min(lo+size, cfg.First+cfg.Hunts)
	}
	type done struct {
		k   int64
		b   B
		n   int64 // hunts played, from the block's first
		err error
	}
	free := make(chan B, 2*workers+1)
	for k := 0; k < cap(free); k++ {
		free <- newBlock()
	}
	jobs := make(chan int64)
	// Every block in existence fits: a worker never waits to hand one in.
	finished := make(chan done, cap(free))
	halt := make(chan struct{})
	var stop atomic.Bool
	if ctx.Err() != nil {
		stop.Store(true) // not one hunt
	}

	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			play := newWorker()
			c := &padded[cursor](1)[0]
			*c = cursor{ctx: ctx, stop: &stop}
			for {
				var b B
				select {
				case b = <-free:
				case <-halt:
					return
				}
				var k int64
				var ok bool
				select {
				case k, ok = <-jobs:
				case <-halt:
					return
				}
				if !ok {
					return
				}
				lo, hi := span(k)
				n, err := playSafely(play, b, lo, hi, c, cfg.Seed)
				finished <- done{k, b, n, err}
				if err != nil || n < hi-lo {
					return
				}
			}
		}()
	}
	// Hand out the blocks in order.
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(jobs)
		for k := int64(0); k < nBlocks; k++ {
			select {
			case jobs <- k:
			case <-halt:
				return
			}
		}
	}()
	// Stop the workers as soon as ctx is cancelled, even while the merge
	// is busy.
	wg.Add(1)
	go func() {
		defer wg.Done()
		select {
		case <-ctx.Done():
			stop.Store(true)
		case <-halt:
		}
	}()
	var haltOnce sync.Once
	end := func() {
		haltOnce.Do(func() {
			stop.Store(true)
			close(halt)
			wg.Wait()
		})
	}
	defer end()

	pending := map[int64]done{}
	merged := int64(0) // hunts merged
	next := int64(0)
	// mergeNext merges the blocks that follow the merged ones, in order,
	// as far as they go: a block cut short ends the run of hunts.
	mergeNext := func(checks bool) (reason string, cut bool, err error) {
		for {
			d, ok := pending[next]
			if !ok {
				return "", false, nil
			}
			if d.err != nil {
				return "", false, d.err
			}
			delete(pending, next)
			lo, hi := span(next)
			full := d.n == hi-lo
			if d.n > 0 {
				merged += d.n
				reason, err := merge(d.b, checks && full && (merged%BlockSize == 0 || merged == cfg.Hunts))
				if err != nil || reason != "" {
					return reason, false, err
				}
			}
			if !full {
				return "", true, nil
			}
			free <- d.b
			next++
		}
	}
	for next < nBlocks {
		select {
		case <-ctx.Done():
			stop.Store(true)
		case d := <-finished:
			pending[d.k] = d
			if d.err != nil || d.n < func() int64 { lo, hi := span(d.k); return hi - lo }() {
				stop.Store(true)
			}
		}
		if stop.Load() {
			break
		}
		reason, _, err := mergeNext(true)
		if err != nil || reason != "" {
			return reason, workers, err
		}
	}
	if next == nBlocks {
		return StopHunts, workers, nil
	}
	// Stopped: every worker ends its hunt and hands in what it played.
	end()
	for len(finished) > 0 {
		d := <-finished
		pending[d.k] = d
	}
	// A hunt that panicked is the error, the earliest by block.
	for k := next; k < nBlocks; k++ {
		if d, ok := pending[k]; ok && d.err != nil {
			return "", workers, d.err
		}
	}
	if _, _, err := mergeNext(false); err != nil {
		return "", workers, err
	}
	if merged == cfg.Hunts {
		return StopHunts, workers, nil
	}
	return StopInterrupted, workers, nil
}

// playSafely runs play, turning a panic of a hunt into a *HuntPanic that
// names it.
func playSafely[B any](play func(b B, lo, hi int64, c *cursor) int64, b B, lo, hi int64, c *cursor, seed uint64) (n int64, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &HuntPanic{Seed: seed, Hunt: c.hunt, Lane: c.lane, Value: r}
		}
	}()
	return play(b, lo, hi, c), nil
}
