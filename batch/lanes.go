package batch

import (
	"context"
	"fmt"
	"slices"
	"time"

	"balance/game"
	"balance/stats"
)

// Moments are the sum and the sum of squares of an integer quantity over
// hunts.
type Moments struct {
	Sum   int64 `json:"sum"`
	SumSq int64 `json:"sum_sq"`
}

func (m *Moments) add(d int64) {
	m.Sum += d
	m.SumSq += d * d
}

// Pair is the paired account of two lanes A and B over the same hunts:
// hunt i played by each on the random stream (seed, i).
type Pair struct {
	A int `json:"a"` // indices into PairedResult.Lanes, A < B
	B int `json:"b"`

	// The first side's wins: both lanes won hunt i, only A, only B,
	// neither.
	Both    int64 `json:"both"`
	OnlyA   int64 `json:"only_a"`
	OnlyB   int64 `json:"only_b"`
	Neither int64 `json:"neither"`
	// Length: Σd and Σd² over the hunts of d = (A's length) - (B's
	// length) in the same hunt; Headline: the same for each Headline
	// value of the schema, in its order.
	Length   Moments   `json:"length"`
	Headline []Moments `json:"headline"`
	// Feel: for each figure of how the hunts felt that the comparing
	// workflows follow (stats.FeelFollowed), the paired sums of its
	// ratio in each lane; absent for a game without a Feel.
	Feel []stats.PairedRatio `json:"feel,omitempty"`
}

// Hunts returns the number of paired hunts.
func (p *Pair) Hunts() int64 { return p.Both + p.OnlyA + p.OnlyB + p.Neither }

func (p *Pair) add(q *Pair) {
	p.Both += q.Both
	p.OnlyA += q.OnlyA
	p.OnlyB += q.OnlyB
	p.Neither += q.Neither
	p.Length.Sum += q.Length.Sum
	p.Length.SumSq += q.Length.SumSq
	for h := range p.Headline {
		p.Headline[h].Sum += q.Headline[h].Sum
		p.Headline[h].SumSq += q.Headline[h].SumSq
	}
	for f := range p.Feel {
		p.Feel[f].Merge(&q.Feel[f])
	}
}

func (p *Pair) reset() {
	p.Both, p.OnlyA, p.OnlyB, p.Neither = 0, 0, 0, 0
	p.Length = Moments{}
	clear(p.Headline)
	clear(p.Feel)
}

// PairedResult is what RunLanes produced: one tally per lane over the same
// hunts, and the paired counts of every pair of lanes.
type PairedResult struct {
	Lanes   []Lane
	Tallies []*stats.Tally // one per lane, in the order given
	Pairs   []Pair         // every pair A < B, in the order (0,1), (0,2), …, (1,2), …
	Hunts   int64          // hunts played by each lane: a prefix of the indices asked for
	Stopped string         // one of the Stop reasons
	Elapsed time.Duration
	Workers int
}

// Pair returns the paired account of lanes a and b (a < b).
func (r *PairedResult) Pair(a, b int) *Pair {
	if k := pairIndex(len(r.Lanes), a, b); k >= 0 {
		return &r.Pairs[k]
	}
	panic(fmt.Sprintf("batch: no pair (%d, %d) among %d lanes", a, b, len(r.Lanes)))
}

// pairIndex is the index of pair (a, b) among the pairs of n lanes, -1
// when there is none.
func pairIndex(n, a, b int) int {
	if a < 0 || b <= a || b >= n {
		return -1
	}
	// Pairs (i, j) for i < a come first: n-1 + n-2 + ... + n-a of them.
	return a*n - a*(a+1)/2 + (b - a - 1)
}

// laneBlock is the account of one block of hunts, or the running total.
type laneBlock struct {
	tallies []*stats.Tally
	pairs   []Pair
}

func newLaneBlock(schemas []*game.Schema, headline int) *laneBlock {
	n := len(schemas)
	b := &laneBlock{tallies: make([]*stats.Tally, n)}
	for j := range b.tallies {
		b.tallies[j] = stats.NewTally(schemas[j])
	}
	nf := len(stats.FeelFollowed(schemas[0]))
	for a := 0; a < n; a++ {
		for c := a + 1; c < n; c++ {
			p := Pair{A: a, B: c, Headline: make([]Moments, headline)}
			if nf > 0 {
				p.Feel = make([]stats.PairedRatio, nf)
			}
			b.pairs = append(b.pairs, p)
		}
	}
	return b
}

func (b *laneBlock) reset() {
	for _, t := range b.tallies {
		t.Reset()
	}
	for k := range b.pairs {
		b.pairs[k].reset()
	}
}

func (b *laneBlock) merge(u *laneBlock) error {
	for j := range b.tallies {
		if err := b.tallies[j].Merge(u.tallies[j]); err != nil {
			return err
		}
	}
	for k := range b.pairs {
		b.pairs[k].add(&u.pairs[k])
	}
	return nil
}

// headlineSlots returns the record slots of s's Headline values.
func headlineSlots(s *game.Schema) []int {
	out := make([]int, len(s.Headline))
	for h, key := range s.Headline {
		out[h] = s.Slot(key, 0)
	}
	return out
}

// RunLanes plays every hunt index of the batch once per lane, each on the
// same random stream (seed, i): common random numbers, so that the lanes
// (policy tiers, two designs, the points of a sweep, a design and its
// ablations) are compared on the same hunts and their differences are
// measured with less noise than independent runs give. It returns a tally
// per lane and, for every pair of lanes, the paired counts of the first
// side's wins and the sums of the paired differences of the length and of
// every Headline value. The lanes' schemas must have the same Headline.
//
// Workers take blocks of consecutive hunt indices (every lane of a hunt on
// one worker, each lane with its own player) and the blocks are merged in
// order, so the result is the same, bit for bit, whatever the number of
// workers. Cancelling ctx stops every worker before its next hunt index,
// and the result covers the hunts finished in index order, with Stopped
// "interrupted". cfg.TargetError, when positive, stops it after the first
// multiple of BlockSize hunts where the widest of the lanes' 95% intervals
// of the first side's win rate has a half-width of at most TargetError.
func RunLanes(ctx context.Context, cfg Config, lanes []Lane) (*PairedResult, error) {
	if err := checkHunts(&cfg); err != nil {
		return nil, err
	}
	if len(lanes) == 0 {
		return nil, fmt.Errorf("batch: no lanes to play")
	}
	n := len(lanes)
	schemas := make([]*game.Schema, n)
	for j, l := range lanes {
		if l.Design == nil {
			return nil, fmt.Errorf("batch: lane %d has no design", j)
		}
		schemas[j] = l.Design.Schema()
		if !slices.Equal(schemas[j].Headline, schemas[0].Headline) {
			return nil, fmt.Errorf("batch: lane %d follows other figures (%v) than lane 0 (%v)", j, schemas[j].Headline, schemas[0].Headline)
		}
		if f, f0 := stats.FeelFollowed(schemas[j]), stats.FeelFollowed(schemas[0]); !slices.Equal(f, f0) {
			return nil, fmt.Errorf("batch: lane %d follows other figures of feel (%v) than lane 0 (%v)", j, f, f0)
		}
	}
	// Every lane's player is made once, here, to check the policies
	// before a worker starts; each worker makes its own.
	for j, l := range lanes {
		if _, err := l.Design.NewPlayer(l.Policy); err != nil {
			return nil, fmt.Errorf("batch: lane %d: %w", j, err)
		}
	}
	nh := len(schemas[0].Headline)
	nf := len(stats.FeelFollowed(schemas[0]))
	slots := make([][]int, n)
	for j, s := range schemas {
		slots[j] = headlineSlots(s)
	}
	start := time.Now()
	total := newLaneBlock(schemas, nh)
	stopped, workers, err := playBlocks(ctx, &cfg,
		func() *laneBlock { return newLaneBlock(schemas, nh) },
		func() func(*laneBlock, int64, int64, *cursor) int64 {
			players := make([]game.Player, n)
			recs := make([]*game.Record, n)
			for j, l := range lanes {
				players[j], _ = l.Design.NewPlayer(l.Policy)
				// The record, written at every hunt, on lines of its own.
				r := schemas[j].NewRecord()
				recs[j] = &padded[game.Record](1)[0]
				*recs[j] = *r
				recs[j].V, recs[j].S = padded[int32](len(r.V)), padded[int32](len(r.S))
			}
			won := padded[bool](n)
			length := padded[int64](n)
			head := padded[int64](n * nh)
			feelN, feelD := padded[int64](n*nf), padded[int64](n*nf)
			return func(b *laneBlock, lo, hi int64, c *cursor) int64 {
				b.reset()
				for i := lo; i < hi; i++ {
					if c.stopped() {
						return i - lo
					}
					c.hunt = i
					for j, pl := range players {
						c.lane = j
						rec := recs[j]
						pl.Play(cfg.Seed, uint64(i), rec)
						b.tallies[j].Add(rec)
						if n == 1 {
							continue // no pairs: the paired figures are not needed
						}
						won[j] = schemas[j].Wins(rec.Outcome, 0)
						length[j] = int64(rec.Length)
						for h, sl := range slots[j] {
							head[j*nh+h] = int64(rec.V[sl])
						}
						for f := range nf {
							feelN[j*nf+f], feelD[j*nf+f] = stats.FeelPerHunt(schemas[j], rec, f)
						}
					}
					for k := range b.pairs {
						p := &b.pairs[k]
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
						p.Length.add(length[p.A] - length[p.B])
						for h := range p.Headline {
							p.Headline[h].add(head[p.A*nh+h] - head[p.B*nh+h])
						}
						for f := range p.Feel {
							a, b := p.A*nf+f, p.B*nf+f
							p.Feel[f].Add(feelN[a], feelD[a], feelN[b], feelD[b])
						}
					}
				}
				return hi - lo
			}
		},
		func(b *laneBlock, checkpoint bool) (string, error) {
			if err := total.merge(b); err != nil {
				return "", err
			}
			if cfg.Progress != nil {
				cfg.Progress(total.tallies[0].Hunts * int64(n))
			}
			if checkpoint && cfg.TargetError > 0 && widestHalfWidth(total.tallies) <= cfg.TargetError {
				return StopTargetError, nil
			}
			return "", nil
		})
	if err != nil {
		return nil, err
	}
	for _, t := range total.tallies {
		t.Settle() // read from here on, perhaps by many goroutines at once
	}
	return &PairedResult{
		Lanes: slices.Clone(lanes), Tallies: total.tallies, Pairs: total.pairs,
		Hunts: total.tallies[0].Hunts, Stopped: stopped, Elapsed: time.Since(start), Workers: workers,
	}, nil
}

// widestHalfWidth is the largest half-width of the tallies' 95% Wilson
// intervals of the first side's win rate.
func widestHalfWidth(ts []*stats.Tally) float64 {
	w := 0.0
	for _, t := range ts {
		w = max(w, HalfWidth(t))
	}
	return w
}
