package legacy

import (
	"context"
	"fmt"
	"time"

	ai "balance/ai/cazadores"
	sim "balance/sim/cazadores"
)

// Pair is the paired account of two tiers A and B over the same hunts:
// hunt i played by each on the random stream (seed, i).
type Pair struct {
	A, B int // indices into PairedResult.Tiers, A < B

	// Pack wins: both tiers won hunt i, only A, only B, neither.
	Both, OnlyA, OnlyB, Neither int64
	// SumD and SumD2 are Σd and Σd² over the hunts of d = (Pack WNDs taken
	// under A) - (Pack WNDs taken under B) in the same hunt; SumR and SumR2
	// the same for the hunt's length in Rounds.
	SumD, SumD2 int64
	SumR, SumR2 int64
}

// count adds one hunt, given each lane's Pack win, Pack WNDs taken and
// length in Rounds.
func (p *Pair) count(won []bool, taken, rounds []int64) {
	switch wa, wb := won[p.A], won[p.B]; {
	case wa && wb:
		p.Both++
	case wa:
		p.OnlyA++
	case wb:
		p.OnlyB++
	default:
		p.Neither++
	}
	d := taken[p.A] - taken[p.B]
	p.SumD += d
	p.SumD2 += d * d
	r := rounds[p.A] - rounds[p.B]
	p.SumR += r
	p.SumR2 += r * r
}

// Hunts returns the number of paired hunts.
func (p *Pair) Hunts() int64 { return p.Both + p.OnlyA + p.OnlyB + p.Neither }

func (p *Pair) add(q *Pair) {
	p.Both += q.Both
	p.OnlyA += q.OnlyA
	p.OnlyB += q.OnlyB
	p.Neither += q.Neither
	p.SumD += q.SumD
	p.SumD2 += q.SumD2
	p.SumR += q.SumR
	p.SumR2 += q.SumR2
}

// Moments are the sum and the sum of squares of an integer quantity over
// hunts.
type Moments struct {
	Sum, SumSq int64
}

// PairedResult is what RunPaired produced: one Tally per tier over the
// same hunts, and the paired counts of every pair of tiers.
type PairedResult struct {
	Tiers   []ai.Tier
	Tallies []*Tally  // one per tier, in the order given
	Wounds  []Moments // per tier: Σ and Σ² of the Pack's WNDs taken per hunt (all Pack models together)
	Pairs   []Pair    // every pair A < B, in the order (0,1), (0,2), …, (1,2), …
	Hunts   int64     // hunts played by each tier: a prefix of the indices asked for
	Stopped string    // one of the Stop reasons
	Elapsed time.Duration
	Workers int
}

// Pair returns the paired account of tiers a and b (a < b).
func (r *PairedResult) Pair(a, b int) *Pair {
	for k := range r.Pairs {
		if r.Pairs[k].A == a && r.Pairs[k].B == b {
			return &r.Pairs[k]
		}
	}
	panic(fmt.Sprintf("batch: no pair (%d, %d) among %d tiers", a, b, len(r.Tiers)))
}

// pairedBlock is the account of one block of hunts, or the running total.
type pairedBlock struct {
	tallies []*Tally
	wounds  []Moments
	pairs   []Pair
}

func newPairedBlock(shapes []Shape) *pairedBlock {
	nt := len(shapes)
	b := &pairedBlock{tallies: make([]*Tally, nt), wounds: make([]Moments, nt)}
	for j := range b.tallies {
		b.tallies[j] = NewTally(shapes[j])
	}
	for a := 0; a < nt; a++ {
		for c := a + 1; c < nt; c++ {
			b.pairs = append(b.pairs, Pair{A: a, B: c})
		}
	}
	return b
}

func (b *pairedBlock) reset() {
	for j := range b.tallies {
		b.tallies[j].Reset()
		b.wounds[j] = Moments{}
	}
	for k := range b.pairs {
		b.pairs[k] = Pair{A: b.pairs[k].A, B: b.pairs[k].B}
	}
}

func (b *pairedBlock) merge(u *pairedBlock) error {
	for j := range b.tallies {
		if err := b.tallies[j].Merge(u.tallies[j]); err != nil {
			return err
		}
		b.wounds[j].Sum += u.wounds[j].Sum
		b.wounds[j].SumSq += u.wounds[j].SumSq
	}
	for k := range b.pairs {
		b.pairs[k].add(&u.pairs[k])
	}
	return nil
}

// RunPaired plays every hunt index of the batch once per tier, each on
// the same random stream (seed, i): common random numbers, so that the
// tiers are compared on the same hunts and their difference is measured
// with less noise than two independent runs give. It returns a Tally per
// tier and, for every pair of tiers, the paired counts of Pack wins and
// the sums for the paired difference of the Pack's WNDs taken.
//
// Workers take blocks of consecutive hunt indices (all tiers of a hunt on
// one worker; the blocks smaller the more tiers, so that they spread over
// the workers) and the blocks are merged in order, so the result is the
// same, bit for bit, whatever the number of workers. cfg.Policies is
// ignored: each worker makes one policy per tier with Tier.New and plays
// the Foes with ai.Foes. Cancelling ctx stops every worker before its
// next hunt index, and the result covers the hunts finished in index
// order, with Stopped "interrupted", as Run's does. cfg.TargetError, when
// positive, stops it after the first multiple of BlockSize hunts where
// the widest of the tiers' 95% Pack win rate intervals has a half-width
// of at most TargetError. Progress is called with the hunts played over
// all tiers (hunts × tiers).
func RunPaired(ctx context.Context, cfg Config, tiers []ai.Tier) (*PairedResult, error) {
	if cfg.Scenario == nil {
		return nil, fmt.Errorf("batch: no scenario")
	}
	scs := make([]*sim.Scenario, len(tiers))
	for j := range scs {
		scs[j] = cfg.Scenario
	}
	return runLanes(ctx, cfg, tiers, scs)
}

// RunCompare plays every hunt index of the batch once in scenario a and
// once in scenario b (say, an Adversary and a changed copy of it), each on
// the same random stream (seed, i), with the same Pack tier: the paired
// comparison of two designs on common random numbers. The result is as
// RunPaired's, with two lanes: a (index 0) and b (index 1).
func RunCompare(ctx context.Context, cfg Config, tier ai.Tier, a, b *sim.Scenario) (*PairedResult, error) {
	if a == nil || b == nil {
		return nil, fmt.Errorf("batch: no scenario")
	}
	return runLanes(ctx, cfg, []ai.Tier{tier, tier}, []*sim.Scenario{a, b})
}

// RunSweep plays every hunt index once in each of the scenarios (the
// points of a parameter sweep), each on the same random stream (seed, i),
// with the same Pack tier. The result is as RunPaired's, with one lane per
// scenario in the order given, so neighbouring points can be compared on
// common random numbers.
func RunSweep(ctx context.Context, cfg Config, tier ai.Tier, scs []*sim.Scenario) (*PairedResult, error) {
	if len(scs) == 0 {
		return nil, fmt.Errorf("batch: no scenarios to sweep")
	}
	tiers := make([]ai.Tier, len(scs))
	for j, sc := range scs {
		if sc == nil {
			return nil, fmt.Errorf("batch: no scenario")
		}
		tiers[j] = tier
	}
	return runLanes(ctx, cfg, tiers, scs)
}

// runLanes plays each hunt index once per lane j: tier j in scenario j.
func runLanes(ctx context.Context, cfg Config, tiers []ai.Tier, scs []*sim.Scenario) (*PairedResult, error) {
	if err := checkHunts(&cfg); err != nil {
		return nil, err
	}
	if len(tiers) == 0 {
		return nil, fmt.Errorf("batch: no tiers to compare")
	}
	for j, t := range tiers {
		if t.New == nil {
			return nil, fmt.Errorf("batch: tier %d (%q) has no policy constructor", j, t.Name)
		}
	}
	nt := len(tiers)
	start := time.Now()
	shapes := make([]Shape, nt)
	tmpls := make([]sim.Hunt, nt)
	for j := range scs {
		shapes[j] = ShapeOf(scs[j])
		tmpls[j].Init(scs[j])
	}
	total := newPairedBlock(shapes)
	stopped, workers, err := playBlocks(ctx, &cfg,
		func() *pairedBlock { return newPairedBlock(shapes) },
		func() func(*pairedBlock, int64, int64, *cursor) int64 {
			h := new(sim.Hunt)
			packs := make([]sim.PackPolicy, nt)
			for j := range tiers {
				packs[j] = tiers[j].New()
			}
			var foes ai.Foes
			won := make([]bool, nt)
			taken := make([]int64, nt)
			rounds := make([]int64, nt)
			return func(b *pairedBlock, lo, hi int64, c *cursor) int64 {
				b.reset()
				for i := lo; i < hi; i++ {
					if c.stopped() {
						return i - lo
					}
					c.hunt = i
					for j := range packs {
						c.lane = j
						h.Reset(&tmpls[j], cfg.Seed, uint64(i))
						h.Play(packs[j], foes)
						b.tallies[j].Add(&h.Rec)
						won[j] = h.Rec.Outcome == sim.PackWon
						var wnd int64
						for m := 0; m < len(shapes[j].PackWND); m++ {
							wnd += int64(h.Rec.Taken[m])
						}
						taken[j] = wnd
						rounds[j] = int64(h.Rec.Rounds)
						b.wounds[j].Sum += wnd
						b.wounds[j].SumSq += wnd * wnd
					}
					for p := range b.pairs {
						b.pairs[p].count(won, taken, rounds)
					}
				}
				return hi - lo
			}
		},
		func(b *pairedBlock, checkpoint bool) (string, error) {
			if err := total.merge(b); err != nil {
				return "", err
			}
			if cfg.Progress != nil {
				cfg.Progress(total.tallies[0].Hunts * int64(nt))
			}
			if checkpoint && cfg.TargetError > 0 && widestHalfWidth(total.tallies) <= cfg.TargetError {
				return StopTargetError, nil
			}
			return "", nil
		})
	if err != nil {
		return nil, err
	}
	return &PairedResult{
		Tiers: append([]ai.Tier(nil), tiers...), Tallies: total.tallies, Wounds: total.wounds, Pairs: total.pairs,
		Hunts: total.tallies[0].Hunts, Stopped: stopped, Elapsed: time.Since(start), Workers: workers,
	}, nil
}

// widestHalfWidth is the largest half-width of the tallies' 95% Wilson
// intervals of the Pack win rate.
func widestHalfWidth(ts []*Tally) float64 {
	w := 0.0
	for _, t := range ts {
		w = max(w, halfWidth(t))
	}
	return w
}
