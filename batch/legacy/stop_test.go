package legacy

import (
	"context"
	"errors"
	"math"
	"reflect"
	"sync/atomic"
	"testing"

	ai "balance/ai/cazadores"
	sim "balance/sim/cazadores"
)

// counting is a Pack policy that calls turn before each of its Turns.
type counting struct {
	sim.PackPolicy
	turn func()
}

func (p counting) Turn(h *sim.Hunt, m int) {
	p.turn()
	p.PackPolicy.Turn(h, m)
}

// maxTurnsAfter bounds the Pack Turns the workers may take once a run is
// cancelled: each finishes the hunt it is playing, and a hunt of the
// default scenario has a few dozen Pack Turns (a few hundred at most).
// Finishing whole blocks of 1,024 hunts would take tens of thousands.
const maxTurnsAfter = 2 * 600

// Cancelling a run stops every worker within its hunt: the hunts finished
// before are kept (in index order, the same tally as an uninterrupted run
// of that many), none is thrown away, and few Turns are played after.
// With one worker the hunts kept are exactly those begun before the
// cancel; with two, the other worker's block may lie beyond a gap.
func TestStopWithinAHunt(t *testing.T) {
	sc := testScenario(t, "wandering-son")
	for _, tt := range []struct {
		paired  bool
		workers int
	}{{false, 1}, {true, 1}, {false, 2}, {true, 2}} {
		paired := tt.paired
		var turns, after atomic.Int64
		var cancelled atomic.Bool
		ctx, cancel := context.WithCancel(context.Background())
		newPolicy := func() sim.PackPolicy {
			return counting{ai.NewBaseline(), func() {
				if cancelled.Load() {
					after.Add(1)
				} else if turns.Add(1) == 8000 {
					cancelled.Store(true)
					cancel()
				}
			}}
		}
		cfg := Config{Scenario: sc, Seed: 5, Hunts: 1 << 20, Workers: tt.workers}
		var hunts, turnsAfter int64
		var stopped string
		var got, want any
		if !paired {
			cfg.Policies = func() (sim.PackPolicy, sim.FoeAI) { return newPolicy(), ai.Foes{} }
			r, err := Run(ctx, cfg)
			if err != nil {
				t.Fatal(err)
			}
			turnsAfter = after.Load()
			hunts, stopped, got = r.Hunts, r.Stopped, r.Tally
			if r.Hunts > 0 {
				plain, _ := Run(context.Background(), Config{Scenario: sc, Seed: 5, Hunts: r.Hunts, Workers: 1})
				want = plain.Tally
			}
		} else {
			tiers := []ai.Tier{{Name: "counted", New: newPolicy}, {Name: "basic", New: func() sim.PackPolicy { return ai.NewBaseline() }}}
			r, err := RunPaired(ctx, cfg, tiers)
			if err != nil {
				t.Fatal(err)
			}
			turnsAfter = after.Load()
			hunts, stopped, got = r.Hunts, r.Stopped, r.Pairs
			if r.Hunts > 0 {
				plain, _ := RunPaired(context.Background(), Config{Scenario: sc, Seed: 5, Hunts: r.Hunts, Workers: 1}, tiers)
				want = plain.Pairs
			}
		}
		cancel()
		t.Logf("paired %v, %d workers: %d hunts kept, %d Pack Turns after the cancel", paired, tt.workers, hunts, turnsAfter)
		if stopped != StopInterrupted || hunts >= 1<<20 || (tt.workers == 1 && hunts == 0) {
			t.Errorf("paired %v, %d workers: stopped %s after %d hunts; the hunts finished before the cancel are lost", paired, tt.workers, stopped, hunts)
			continue
		}
		if turnsAfter > maxTurnsAfter/2*int64(tt.workers) {
			t.Errorf("paired %v, %d workers: %d Pack Turns after the cancel: the workers did not stop within their hunt", paired, tt.workers, turnsAfter)
		}
		if hunts > 0 && !reflect.DeepEqual(got, want) {
			t.Errorf("paired %v, %d workers: the interrupted result is not that of an uninterrupted run of %d hunts", paired, tt.workers, hunts)
		}
	}
}

// A run cancelled before it starts plays no hunt and is a valid, empty,
// interrupted result.
func TestStopBeforeStart(t *testing.T) {
	sc := testScenario(t, "wandering-son")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Run(ctx, Config{Scenario: sc, Seed: 1, Hunts: 5000, Workers: 2})
	if err != nil || r.Hunts != 0 || r.Stopped != StopInterrupted || r.Tally.Hunts != 0 {
		t.Errorf("Run: %+v, %v", r, err)
	}
	p, err := RunPaired(ctx, Config{Scenario: sc, Seed: 1, Hunts: 5000, Workers: 2}, ai.Tiers()[:1])
	if err != nil || p.Hunts != 0 || p.Stopped != StopInterrupted {
		t.Errorf("RunPaired: %+v, %v", p, err)
	}
}

// The blocks of a paired run spread over the workers whatever the run's
// size: a 2,000-hunt skill trace of five tiers keeps eight workers busy,
// with the same result as one worker. The block size depends on the run's
// size alone.
func TestBlocksSpread(t *testing.T) {
	for _, tt := range []struct{ hunts, want int64 }{
		{1 << 20, 1024}, {100000, 1024}, {65536, 1024}, {64511, 512}, {5000, 64}, {2000, 16}, {200, 2}, {3, 1}, {1, 1},
	} {
		if got := blockSize(tt.hunts); got != tt.want {
			t.Errorf("blockSize(%d) = %d, want %d", tt.hunts, got, tt.want)
		}
	}
	sc := testScenario(t, "wandering-son")
	tiers := []ai.Tier{}
	for range 5 {
		tiers = append(tiers, ai.Tiers()[0])
	}
	var ref *PairedResult
	for _, w := range []int{1, 8} {
		r, err := RunPaired(context.Background(), Config{Scenario: sc, Seed: 3, Hunts: 2000, Workers: w}, tiers)
		if err != nil {
			t.Fatal(err)
		}
		if r.Workers != w {
			t.Errorf("%d workers asked, %d used", w, r.Workers)
		}
		if ref == nil {
			ref = r
		} else if !reflect.DeepEqual(r.Tallies, ref.Tallies) || !reflect.DeepEqual(r.Pairs, ref.Pairs) {
			t.Errorf("%d workers: the result differs from 1 worker's", w)
		}
	}
}

// A hunt that panics is an error naming the hunt's index, its seed and,
// in a paired run, the lane that played it; the run does not crash.
func TestHuntPanic(t *testing.T) {
	sc := testScenario(t, "wandering-son")
	const at = 5000 // the Pack Turn that panics
	panicky := func() sim.PackPolicy {
		var n int
		return counting{ai.NewBaseline(), func() {
			if n++; n == at {
				panic("bad compiled data")
			}
		}}
	}
	// The hunt whose Turns include the at-th, played in order.
	var tmpl sim.Hunt
	tmpl.Init(sc)
	h := new(sim.Hunt)
	var n int
	want := int64(-1)
	for i := uint64(0); want < 0; i++ {
		h.Reset(&tmpl, 9, i)
		h.Play(counting{ai.NewBaseline(), func() { n++ }}, ai.Foes{})
		if n >= at {
			want = int64(i)
		}
	}
	_, err := Run(context.Background(), Config{Scenario: sc, Seed: 9, Hunts: 100000, Workers: 1,
		Policies: func() (sim.PackPolicy, sim.FoeAI) { return panicky(), ai.Foes{} }})
	var hp *HuntPanic
	if !errors.As(err, &hp) || hp.Hunt != want || hp.Seed != 9 || hp.Lane != 0 || hp.Value != "bad compiled data" {
		t.Fatalf("Run: %v (%+v), want hunt %d of seed 9", err, hp, want)
	}
	t.Log(err)
	tiers := []ai.Tier{{Name: "a", New: func() sim.PackPolicy { return ai.NewBaseline() }}, {Name: "b", New: panicky}}
	_, err = RunPaired(context.Background(), Config{Scenario: sc, Seed: 9, Hunts: 100000, Workers: 1}, tiers)
	if !errors.As(err, &hp) || hp.Hunt != want || hp.Lane != 1 {
		t.Fatalf("RunPaired: %v (%+v), want hunt %d, lane 1", err, hp, want)
	}
	// With several workers, the run still ends with the error.
	_, err = Run(context.Background(), Config{Scenario: sc, Seed: 9, Hunts: 100000, Workers: 3,
		Policies: func() (sim.PackPolicy, sim.FoeAI) { return panicky(), ai.Foes{} }})
	if !errors.As(err, &hp) {
		t.Fatalf("3 workers: %v", err)
	}
}

// More hunts than MaxHunts is an error, not a crash or a run of weeks.
func TestTooManyHunts(t *testing.T) {
	sc := testScenario(t, "wandering-son")
	for _, n := range []int64{MaxHunts + 1, math.MaxInt64} {
		if _, err := Run(context.Background(), Config{Scenario: sc, Hunts: n}); err == nil {
			t.Errorf("Run of %d hunts: no error", n)
		}
		if _, err := RunPaired(context.Background(), Config{Scenario: sc, Hunts: n}, ai.Tiers()[:1]); err == nil {
			t.Errorf("RunPaired of %d hunts: no error", n)
		}
	}
}

// Merging a block into the run's tally and emptying it allocate nothing:
// they are done once per block, and blocks are small in small runs.
func TestMergeAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	sc := testScenario(t, "praetorians")
	r, err := Run(context.Background(), Config{Scenario: sc, Seed: 1, Hunts: 300, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	total, block := NewTally(ShapeOf(sc)), NewTally(ShapeOf(sc))
	if a := testing.AllocsPerRun(50, func() {
		block.Merge(r.Tally)
		total.Merge(block)
		block.Reset()
	}); a != 0 {
		t.Errorf("%.1f allocations per merge", a)
	}
}
