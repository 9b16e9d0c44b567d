package stats

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"balance/game"
)

// Tally is the integer account of many hunts of one design, laid out by
// the design's game.Schema: how many hunts ended each way, the exact sum
// and sum of squares of every value the hunt records and the histogram of
// every value that is not a rate, the cross sums the ratios need, and the
// running totals of every series and curve by clock step. Tallies of
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
	// outside the value's range count in the end bins); none for a rate,
	// which is reported from its sums alone. Add counts a value of 0 in
	// no bin: its bin is owed the hunts the histogram lacks (Hunts less
	// its sum), and Settle pays them before V is read (Figures,
	// NewReport, the JSON). Merging adds the owed counts with the rest.
	V [][]int64 `json:"v"`
	// Sum[slot] and SumSq[slot] are Σx and Σx² of the slot's value over
	// the hunts, exact (a histogram's end bins hold values beyond its
	// range; the sums do not lose them).
	Sum   []int64 `json:"sum"`
	SumSq []int64 `json:"sum_sq"`
	// Cross[r][item] = Σ num·den of ratio r's item over hunts (Σ num²
	// and Σ den² are the slots' SumSq).
	Cross [][]int64 `json:"cross"`
	// Running[k][t][x]: hunts still going after clock step t+1 whose
	// series k had reached x; Ended[k][t][x]: hunts that ended at step
	// t+1 with x (they count at every later step too).
	Running [][][]int64 `json:"running"`
	Ended   [][][]int64 `json:"ended"`
	// SeriesSums[k][t] makes the sums of series k's running totals after
	// step t+1 exact where Running and Ended count a total x beyond the
	// series' range in the nearer end bin e: Σ(x−e) and Σ(x²−e²) over
	// the hunts still going then, and over those that ended then.
	SeriesSums [][][]int64 `json:"series_sums,omitempty"`
	// CurveBy[c][t][m]: hunts still going after step t+1 in which the
	// event of curve c had happened to m items; CurveEnded likewise for
	// the hunts that ended then. Add owes CurveBy its counts by runs of
	// steps, and Settle pays them (curveOwed).
	CurveBy    [][][]int64 `json:"curve_by"`
	CurveEnded [][][]int64 `json:"curve_ended"`
	// Feel is the account of how the hunts felt, for a schema with a
	// Feel; nil (and absent from the JSON) otherwise.
	Feel *FeelTally `json:"feel,omitempty"`

	// per-tally lookups, made by NewTally
	slots     []slotAt     // by slot
	zeroAt    []int32      // slot → the bin of its histogram a value of 0 counts in; -1: no histogram
	crossMore []crossSlots // the ratios of a numerator slot after its first
	cross     []int64      // the cells of Cross, end to end
	curveAt   [][]int      // curve → the slots of its Time value
	steps     int          // schema.NSteps()
	events    []int32      // Add's scratch: the steps of a curve's events, in order
	// curveOwed[c][t][m] are the counts Add owes CurveBy[c]: for the
	// steps a hunt spent with m items, +1 at the first and −1 at the step
	// after the last, so that CurveBy[c][t][m] is owed their sum over the
	// steps up to t (Settle pays it). owed: some may not be 0.
	curveOwed [][][]int64
	owed      bool
	// span: the leading steps of the per-step tables (Running, Ended,
	// CurveBy, CurveEnded) that may hold counts, so that merging and
	// emptying a tally skip the steps no hunt reached; -1: not known (a
	// tally read from a file), found when needed.
	span int
}

// NewTally returns an empty tally laid out by the built schema s.
func NewTally(s *game.Schema) *Tally {
	nv := s.NV()
	t := &Tally{
		schema:   s,
		Outcomes: make([]int64, len(s.Outcomes)),
		Length:   make([]int64, s.Length.Max+1),
		End:      make([]int64, s.Clock.Max+1),
		V:        make([][]int64, nv),
		Sum:      make([]int64, nv),
		SumSq:    make([]int64, nv),
		zeroAt:   make([]int32, nv),
		slots:    make([]slotAt, nv),
		steps:    s.NSteps(),
	}
	for i := range s.Values {
		off := s.Offset(i)
		lo := s.ValueMin(i)
		for j := 0; j < s.Items(i); j++ {
			t.slots[off+j].min = int32(lo)
			if s.Values[i].Kind == game.Rate {
				t.V[off+j] = []int64{}
				continue
			}
			hi := max(s.ValueMax(i, j), lo)
			t.V[off+j] = make([]int64, hi-lo+1)
		}
	}
	for slot, h := range t.V {
		t.zeroAt[slot] = zeroBin(h, t.slots[slot].min)
	}
	t.crossMore, t.Cross, t.cross = crossLayout(s, t.slots)
	for _, x := range s.Series {
		t.Running = append(t.Running, grid(t.steps, x.Max+1))
		t.Ended = append(t.Ended, grid(t.steps, x.Max+1))
		t.SeriesSums = append(t.SeriesSums, grid(t.steps, 4))
	}
	for _, c := range s.Curves {
		vi, _ := s.Find(c.Of)
		n := s.Items(vi)
		var slots []int
		for j := 0; j < n; j++ {
			slots = append(slots, s.Offset(vi)+j)
		}
		t.curveAt = append(t.curveAt, slots)
		t.CurveBy = append(t.CurveBy, grid(t.steps, n+1))
		t.CurveEnded = append(t.CurveEnded, grid(t.steps, n+1))
		t.curveOwed = append(t.curveOwed, grid(t.steps, n+1))
		t.events = make([]int32, 0, max(cap(t.events), n))
	}
	if s.Feel != nil {
		t.Feel = newFeelTally(s)
	}
	return t
}

// slotAt is what Add looks up for a slot that is not 0: its value's
// Min, and the denominator's slot of the first ratio whose numerator the
// slot is (-1 for none) with that ratio item's cell in the tally's
// cross, where Add adds num·den (a numerator of 0 adds nothing).
type slotAt struct{ min, den, cell int32 }

// crossSlots are a ratio item's numerator and denominator slots and its
// cell in a tally's cross.
type crossSlots struct{ num, den, cell int32 }

// crossLayout lays out the cross terms of schema s's ratios: item j of
// ratio r has the numerator slot num+j and the denominator slot den+j (a
// value's items have consecutive slots), and Cross[r][j] is a cell of
// cells. It sets den and cell of every slot of slots (by slot) and
// returns the ratio items whose numerator slot is another's before
// them, Cross and its cells.
func crossLayout(s *game.Schema, slots []slotAt) (more []crossSlots, cr [][]int64, cells []int64) {
	for i := range slots {
		slots[i].den = -1
	}
	n := 0
	for _, r := range s.Ratios {
		ni, _ := s.Find(r.Num)
		n += s.Items(ni)
	}
	cells, cr = make([]int64, 0, n), make([][]int64, 0, len(s.Ratios))
	for _, r := range s.Ratios {
		ni, _ := s.Find(r.Num)
		di, _ := s.Find(r.Den)
		c := len(cells)
		cells = cells[:c+s.Items(ni)]
		cr = append(cr, cells[c:len(cells):len(cells)])
		for j := range s.Items(ni) {
			num, d := int32(s.Offset(ni)+j), int32(s.Offset(di)+j)
			if at := &slots[num]; at.den < 0 {
				at.den, at.cell = d, int32(c+j)
			} else {
				more = append(more, crossSlots{num: num, den: d, cell: int32(c + j)})
			}
		}
	}
	return more, cr, cells
}

func grid(rows, cols int) [][]int64 {
	g := make([][]int64, rows)
	cells := make([]int64, rows*cols)
	for i := range g {
		g[i] = cells[i*cols : (i+1)*cols : (i+1)*cols]
	}
	return g
}

// Schema is the schema the tally is laid out by.
func (t *Tally) Schema() *game.Schema { return t.schema }

// zeroBin returns the bin of histogram h (of a value whose least is lo)
// that a value of 0 counts in, as bump would find it; -1 for no
// histogram.
func zeroBin(h []int64, lo int32) int32 {
	if len(h) == 0 {
		return -1
	}
	return int32(min(max(-int(lo), 0), len(h)-1))
}

func bump(h []int64, v int) {
	if v < 0 {
		v = 0
	}
	if v >= len(h) {
		v = len(h) - 1
	}
	h[v]++
}

// Add counts one hunt's record. It allocates nothing. It is not inlined
// (the profile would inline it in the batch runner's loop of hunts,
// where its own loops then keep fewer of their values in registers).
//
//go:noinline
func (t *Tally) Add(r *game.Record) {
	t.Hunts++
	if t.Feel != nil {
		t.Feel.add(t.schema, r)
	}
	t.Outcomes[r.Outcome]++
	bump(t.Length, r.Length)
	bump(t.End, r.End)
	// The tally's slices in locals of one length: the loops then load no
	// slice header from t at each slot, and check no bound but the first.
	hist := t.V
	vals := r.V[:len(hist)]
	sum, sumSq, slots, cross := t.Sum[:len(hist)], t.SumSq[:len(hist)], t.slots[:len(hist)], t.cross
	for slot, x := range vals {
		if x == 0 { // most slots of a hunt (a quarter of Cazadores's are not): its bin is owed (Settle)
			continue
		}
		v := int64(x)
		sum[slot] += v
		sumSq[slot] += v * v
		at := &slots[slot]
		if h := hist[slot]; len(h) > 0 {
			bump(h, int(x-at.min))
		}
		if at.den >= 0 {
			cross[at.cell] += v * int64(vals[at.den])
		}
	}
	for _, c := range t.crossMore {
		cross[c.cell] += int64(vals[c.num]) * int64(vals[c.den])
	}
	end := min(r.End, t.steps)
	if end <= 0 {
		return // no step to count in
	}
	if end > t.span && t.span >= 0 {
		t.span = end
	}
	// The steps before the last one count in Running and CurveBy, the last
	// one in Ended and CurveEnded: each in a loop of its own.
	last := end - 1
	for k := range t.Running {
		run, ended := t.Running[k][:last], t.Ended[k]
		row := r.S[k*t.steps : k*t.steps+end]
		cum := 0
		for step, h := range run {
			cum += int(row[step])
			if uint(cum) < uint(len(h)) {
				h[cum]++
			} else {
				t.beyond(k, step, false, cum)
			}
		}
		cum += int(row[last])
		if h := ended[last]; uint(cum) < uint(len(h)) {
			h[cum]++
		} else {
			t.beyond(k, last, true, cum)
		}
	}
	for c, slots := range t.curveAt {
		// The steps of the items' events (a Time value at is step at−1),
		// in order: an insertion sort, as a hunt has few such events.
		ev := t.events[:0]
		for _, sl := range slots {
			if at := r.V[sl]; at > 0 && int(at) <= end {
				i := len(ev)
				ev = ev[:i+1]
				for ; i > 0 && ev[i-1] > at-1; i-- {
					ev[i] = ev[i-1]
				}
				ev[i] = at - 1
			}
		}
		// m at a step is the items whose event came at that step or
		// before: constant from one event's step to the next. The steps
		// before the last count in CurveBy, owed as runs of steps; the
		// last in CurveEnded.
		owed := t.curveOwed[c]
		from, m := int32(0), 0
		for _, step := range ev {
			if int(step) >= last {
				break
			}
			if step > from {
				owed[from][m]++
				owed[step][m]--
				from = step
			}
			m++
		}
		if int(from) < last {
			owed[from][m]++
			owed[last][m]--
		}
		t.CurveEnded[c][last][len(ev)]++
		t.owed = true
	}
}

// beyond counts a running total v of series k beyond the series' range
// after step+1 (in the hunts that ended then, with ended): in the nearer
// end bin, and what that leaves out of Σx and Σx² in SeriesSums.
//
//go:noinline
func (t *Tally) beyond(k, step int, ended bool, v int) {
	h, s := t.Running[k][step], t.SeriesSums[k][step][0:2]
	if ended {
		h, s = t.Ended[k][step], t.SeriesSums[k][step][2:4]
	}
	c := min(max(v, 0), len(h)-1)
	h[c]++
	s[0] += int64(v - c)
	s[1] += int64(v)*int64(v) - int64(c)*int64(c)
}

// Settle counts in each histogram's bin of 0 the hunts Add left out of
// it (those whose value was 0), and in CurveBy what Add owes it: after
// it, every histogram holds Hunts. The readers of V and of the curves
// settle the tally first; a settled tally is only read by it, so
// settled once (the batch runner settles what it returns), a tally may
// be read by many goroutines at once.
func (t *Tally) Settle() {
	if t.owed {
		t.payCurves()
	}
	for slot, z := range t.zeroAt { // none in a tally read but not yet bound: it came settled
		if h := t.V[slot]; z >= 0 {
			var n int64
			for _, c := range h {
				n += c
			}
			if n != t.Hunts {
				h[z] += t.Hunts - n
			}
		}
	}
}

// payCurves adds to CurveBy what Add owes it (curveOwed), and empties
// curveOwed.
func (t *Tally) payCurves() {
	rows := t.rows()
	for c, owed := range t.curveOwed {
		acc := make([]int64, len(owed[0]))
		for step, row := range owed[:rows] {
			by := t.CurveBy[c][step]
			for m, d := range row {
				acc[m] += d
				by[m] += acc[m]
			}
			clear(row)
		}
	}
	t.owed = false
}

// MarshalJSON writes the tally with its histograms settled.
func (t *Tally) MarshalJSON() ([]byte, error) {
	t.Settle()
	type plain Tally // without the method
	return json.Marshal((*plain)(t))
}

// rows returns how many leading steps of the per-step tables may hold
// counts, finding it (and remembering it) for a tally whose span is not
// known.
func (t *Tally) rows() int {
	if t.span >= 0 {
		return t.span
	}
	t.span = 0
	for _, g := range [][][][]int64{t.Running, t.Ended, t.CurveBy, t.CurveEnded} {
		for _, x := range g {
			for step := len(x) - 1; step >= t.span; step-- {
				if nonZero(x[step]) {
					t.span = step + 1
					break
				}
			}
		}
	}
	return t.span
}

func nonZero(h []int64) bool {
	for _, v := range h {
		if v != 0 {
			return true
		}
	}
	return false
}

// Reset empties the tally, keeping its layout.
func (t *Tally) Reset() {
	t.Hunts = 0
	pairs(t, t, t.rows(), func(h, _ []int64) { clear(h) })
	t.span, t.owed = 0, false
	if t.Feel != nil {
		t.Feel.reset()
	}
}

// pairs calls f with every array of counts of t and the same array of u,
// in a fixed order, with the first rows steps of the per-step tables; u
// must be laid out as t. It allocates nothing: merging and emptying
// block tallies is on the batch runner's path.
func pairs(t, u *Tally, rows int, f func(a, b []int64)) {
	f(t.Outcomes, u.Outcomes)
	f(t.Length, u.Length)
	f(t.End, u.End)
	for i := range t.V {
		f(t.V[i], u.V[i])
	}
	f(t.Sum, u.Sum)
	f(t.SumSq, u.SumSq)
	for i := range t.Cross {
		f(t.Cross[i], u.Cross[i])
	}
	grids := func(a, b [][][]int64) {
		for k := range a {
			for step := 0; step < rows && step < len(a[k]); step++ {
				f(a[k][step], b[k][step])
			}
		}
	}
	grids(t.Running, u.Running)
	grids(t.Ended, u.Ended)
	grids(t.SeriesSums, u.SeriesSums)
	grids(t.CurveBy, u.CurveBy)
	grids(t.CurveEnded, u.CurveEnded)
	grids(t.curveOwed, u.curveOwed)
}

// Merge adds u's counts to t. It fails, changing nothing, when the two
// tallies are not laid out alike.
func (t *Tally) Merge(u *Tally) error {
	if !sameLayout(t, u) {
		return fmt.Errorf("stats: tallies of different layouts cannot be merged")
	}
	rows := u.rows()
	t.span = max(t.rows(), rows)
	pairs(t, u, rows, addCounts)
	t.owed = t.owed || u.owed
	if t.Feel != nil {
		t.Feel.merge(u.Feel)
	}
	t.Hunts += u.Hunts
	return nil
}

// sameLayout reports whether t and u have the same arrays of the same
// lengths.
func sameLayout(t, u *Tally) bool {
	if t.steps != u.steps || len(t.Outcomes) != len(u.Outcomes) || len(t.V) != len(u.V) || len(t.Cross) != len(u.Cross) ||
		len(t.Running) != len(u.Running) || len(t.Ended) != len(u.Ended) || len(t.SeriesSums) != len(u.SeriesSums) ||
		len(t.CurveBy) != len(u.CurveBy) || len(t.CurveEnded) != len(u.CurveEnded) || !sameFeel(t.Feel, u.Feel) {
		return false
	}
	for _, g := range [][][][]int64{t.Running, t.Ended, t.SeriesSums, t.CurveBy, t.CurveEnded, u.Running, u.Ended, u.SeriesSums, u.CurveBy, u.CurveEnded} {
		for _, x := range g {
			if len(x) != t.steps {
				return false
			}
		}
	}
	same := true
	pairs(t, u, t.steps, func(a, b []int64) { same = same && len(a) == len(b) })
	return same
}

// Bind lays a tally read from JSON out by its schema, checking that its
// dimensions are the schema's: a tally file's counts are trusted only
// once they fit the design that is said to have played them.
func (t *Tally) Bind(s *game.Schema) error {
	ref := NewTally(s)
	t.steps = ref.steps
	t.curveOwed = ref.curveOwed // none owed: a tally is written settled; ref's own, unshared
	if !sameLayout(t, ref) {
		return fmt.Errorf("stats: the tally is not laid out by the schema of %s", s.Game)
	}
	var sum int64
	for _, c := range t.Outcomes {
		sum += c
	}
	if sum != t.Hunts {
		return fmt.Errorf("stats: the tally's outcomes add up to %d hunts, not %d", sum, t.Hunts)
	}
	t.schema, t.slots, t.zeroAt, t.crossMore, t.curveAt, t.span = s, ref.slots, ref.zeroAt, ref.crossMore, ref.curveAt, -1
	// Cross read from JSON, laid end to end in ref's cells, unshared.
	for k, c := range t.Cross {
		copy(ref.Cross[k], c)
	}
	t.Cross, t.cross = ref.Cross, ref.cross
	t.events = ref.events // ref's own, unshared
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

// addCounts adds the counts of b to those of a, laid out alike.
func addCounts(a, b []int64) {
	for i, v := range b {
		a[i] += v
	}
}
