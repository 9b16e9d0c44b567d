package stats

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"balance/game"
)

// Tally is the integer account of many hunts of one design, laid out by
// the design's game.Schema: how many hunts ended each way, the histogram
// of every value the hunt records, the cross sums the ratios need, and
// the running totals of every series and curve by clock step. Tallies of
// disjoint sets of hunts of the same schema merge exactly, in any order,
// so a merged result is identical bit for bit whatever the number of
// workers or shards. The zero value is not ready: use NewTally.
type Tally struct {
	schema *game.Schema

	Hunts    int64   `json:"hunts"`
	Outcomes []int64 `json:"outcomes"` // by outcome
	Length   []int64 `json:"length"`   // by length, 0..Length.Max
	End      []int64 `json:"end"`      // by the clock step the hunt ended, 0..Clock.Max
	// V[slot][x-min]: hunts in which the slot's value was x (values
	// outside the value's range count in the end bins).
	V [][]int64 `json:"v"`
	// Cross[r][item] = {Σ num², Σ num·den, Σ den²} of ratio r's item over
	// hunts (Σ num and Σ den come from V).
	Cross [][][3]int64 `json:"cross"`
	// Running[k][t][x]: hunts still going after clock step t+1 whose
	// series k had reached x; Ended[k][t][x]: hunts that ended at step
	// t+1 with x (they count at every later step too).
	Running [][][]int64 `json:"running"`
	Ended   [][][]int64 `json:"ended"`
	// CurveBy[c][t][m]: hunts still going after step t+1 in which the
	// event of curve c had happened to m items; CurveEnded likewise for
	// the hunts that ended then.
	CurveBy    [][][]int64 `json:"curve_by"`
	CurveEnded [][][]int64 `json:"curve_ended"`

	// per-tally lookups, made by NewTally
	valueOf []int32    // slot → value index
	minOf   []int32    // slot → its value's Min
	ratioAt [][2][]int // ratio → {num slots, den slots}
	curveAt [][]int    // curve → the slots of its Time value
}

// NewTally returns an empty tally laid out by the built schema s.
func NewTally(s *game.Schema) *Tally {
	t := &Tally{
		schema:   s,
		Outcomes: make([]int64, len(s.Outcomes)),
		Length:   make([]int64, s.Length.Max+1),
		End:      make([]int64, s.Clock.Max+1),
		V:        make([][]int64, s.NV()),
		valueOf:  make([]int32, s.NV()),
		minOf:    make([]int32, s.NV()),
	}
	for i := range s.Values {
		off := s.Offset(i)
		lo := s.ValueMin(i)
		for j := 0; j < s.Items(i); j++ {
			hi := s.ValueMax(i, j)
			if hi < lo {
				hi = lo
			}
			t.V[off+j] = make([]int64, hi-lo+1)
			t.valueOf[off+j] = int32(i)
			t.minOf[off+j] = int32(lo)
		}
	}
	for _, r := range s.Ratios {
		ni, _ := s.Find(r.Num)
		di, _ := s.Find(r.Den)
		n := s.Items(ni)
		var at [2][]int
		for j := 0; j < n; j++ {
			at[0] = append(at[0], s.Offset(ni)+j)
			at[1] = append(at[1], s.Offset(di)+j)
		}
		t.ratioAt = append(t.ratioAt, at)
		t.Cross = append(t.Cross, make([][3]int64, n))
	}
	steps := s.Clock.Max
	for _, x := range s.Series {
		t.Running = append(t.Running, grid(steps, x.Max+1))
		t.Ended = append(t.Ended, grid(steps, x.Max+1))
	}
	for _, c := range s.Curves {
		vi, _ := s.Find(c.Of)
		n := s.Items(vi)
		var slots []int
		for j := 0; j < n; j++ {
			slots = append(slots, s.Offset(vi)+j)
		}
		t.curveAt = append(t.curveAt, slots)
		t.CurveBy = append(t.CurveBy, grid(steps, n+1))
		t.CurveEnded = append(t.CurveEnded, grid(steps, n+1))
	}
	return t
}

func grid(rows, cols int) [][]int64 {
	g := make([][]int64, rows)
	for i := range g {
		g[i] = make([]int64, cols)
	}
	return g
}

// Schema is the schema the tally is laid out by.
func (t *Tally) Schema() *game.Schema { return t.schema }

func bump(h []int64, v int) {
	if v < 0 {
		v = 0
	}
	if v >= len(h) {
		v = len(h) - 1
	}
	h[v]++
}

// Add counts one hunt's record. It allocates nothing.
func (t *Tally) Add(r *game.Record) {
	s := t.schema
	t.Hunts++
	t.Outcomes[r.Outcome]++
	bump(t.Length, r.Length)
	bump(t.End, r.End)
	for slot, h := range t.V {
		bump(h, int(r.V[slot]-t.minOf[slot]))
	}
	for k, at := range t.ratioAt {
		cr := t.Cross[k]
		for j := range at[0] {
			a, b := int64(r.V[at[0][j]]), int64(r.V[at[1][j]])
			cr[j][0] += a * a
			cr[j][1] += a * b
			cr[j][2] += b * b
		}
	}
	end := min(r.End, s.Clock.Max)
	for k := range t.Running {
		run, ended := t.Running[k], t.Ended[k]
		row := r.S[k*s.Clock.Max:]
		cum := 0
		for step := 0; step < end; step++ {
			cum += int(row[step])
			if step == end-1 {
				bump(ended[step], cum)
			} else {
				bump(run[step], cum)
			}
		}
	}
	for c, slots := range t.curveAt {
		by, ended := t.CurveBy[c], t.CurveEnded[c]
		for step := 0; step < end; step++ {
			m := 0
			for _, sl := range slots {
				if at := int(r.V[sl]); at > 0 && at <= step+1 {
					m++
				}
			}
			if step == end-1 {
				ended[step][m]++
			} else {
				by[step][m]++
			}
		}
	}
}

// Reset empties the tally, keeping its layout.
func (t *Tally) Reset() {
	t.Hunts = 0
	t.each(func(h []int64) { clear(h) })
	for _, cr := range t.Cross {
		clear(cr)
	}
}

// each calls f with every histogram of the tally, in a fixed order.
func (t *Tally) each(f func([]int64)) {
	f(t.Outcomes)
	f(t.Length)
	f(t.End)
	for _, h := range t.V {
		f(h)
	}
	for _, g := range [][][][]int64{t.Running, t.Ended, t.CurveBy, t.CurveEnded} {
		for _, x := range g {
			for _, h := range x {
				f(h)
			}
		}
	}
}

func (t *Tally) lens() []int {
	var ls []int
	t.each(func(h []int64) { ls = append(ls, len(h)) })
	for _, cr := range t.Cross {
		ls = append(ls, len(cr))
	}
	return ls
}

// Merge adds u's counts to t. It fails, changing nothing, when the two
// tallies are not laid out alike.
func (t *Tally) Merge(u *Tally) error {
	a, b := t.lens(), u.lens()
	if len(a) != len(b) {
		return fmt.Errorf("stats: tallies of different layouts cannot be merged")
	}
	for k := range a {
		if a[k] != b[k] {
			return fmt.Errorf("stats: tallies of different layouts cannot be merged")
		}
	}
	var us [][]int64
	u.each(func(h []int64) { us = append(us, h) })
	k := 0
	t.each(func(h []int64) {
		for i, v := range us[k] {
			h[i] += v
		}
		k++
	})
	for r := range t.Cross {
		for j := range t.Cross[r] {
			for m := 0; m < 3; m++ {
				t.Cross[r][j][m] += u.Cross[r][j][m]
			}
		}
	}
	t.Hunts += u.Hunts
	return nil
}

// Bind lays a tally read from JSON out by its schema, checking that its
// dimensions are the schema's: a tally file's counts are trusted only
// once they fit the design that is said to have played them.
func (t *Tally) Bind(s *game.Schema) error {
	ref := NewTally(s)
	a, b := ref.lens(), t.lens()
	if len(a) != len(b) {
		return fmt.Errorf("stats: the tally is not laid out by the schema of %s", s.Game)
	}
	for k := range a {
		if a[k] != b[k] {
			return fmt.Errorf("stats: the tally is not laid out by the schema of %s", s.Game)
		}
	}
	var sum int64
	for _, c := range t.Outcomes {
		sum += c
	}
	if sum != t.Hunts {
		return fmt.Errorf("stats: the tally's outcomes add up to %d hunts, not %d", sum, t.Hunts)
	}
	t.schema, t.valueOf, t.minOf, t.ratioAt, t.curveAt = s, ref.valueOf, ref.minOf, ref.ratioAt, ref.curveAt
	return nil
}

// SchemaHash identifies a schema's layout and meaning: the tally file of
// a shard names it, and merge refuses shards whose hashes differ.
func SchemaHash(s *game.Schema) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err) // a Schema is plain data
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}
