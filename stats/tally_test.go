package stats

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"balance/game"
)

func tallySchema(t *testing.T) *game.Schema {
	s := &game.Schema{
		Game:     "test",
		Sides:    []game.Side{{Key: "a", Label: "A"}, {Key: "b", Label: "B"}},
		Outcomes: []game.Outcome{{Key: "a_won", Label: "A won", Winner: 0}, {Key: "b_won", Label: "B won", Winner: 1}},
		Length:   game.Unit{Key: "round", Plural: "rounds", Label: "Round", Max: 8},
		Clock:    game.Unit{Key: "round", Plural: "rounds", Label: "Round", Max: 8},
		Lists:    []game.List{{Key: "duellists", Label: "Duellists", Items: []game.Item{{Key: "a"}, {Key: "b"}}}},
		Values: []game.Value{
			{Key: "hits", Kind: game.Count, Max: 8, Per: "duellists"},
			{Key: "swings", Kind: game.Count, Max: 8, Per: "duellists"},
			{Key: "fell", Kind: game.Time, Per: "duellists"},
			{Key: "renown", Kind: game.Count, Min: -3, Max: 3},
		},
		Ratios: []game.Ratio{{Key: "hit_rate", Num: "hits", Den: "swings"}},
		Curves: []game.Curve{{Key: "standing", Of: "fell", Complement: true}},
		Series: []game.Series{{Key: "damage", Max: 10}},
	}
	if err := s.Build(); err != nil {
		t.Fatal(err)
	}
	return s
}

// fill makes hunt i's record: a simple function of i.
// filled returns a tally of schema s with hunts 0..n-1 of fill added.
func filled(s *game.Schema, n int) *Tally {
	r := s.NewRecord()
	tl := NewTally(s)
	for i := 0; i < n; i++ {
		fill(s, r, i)
		tl.Add(r)
	}
	return tl
}

func fill(s *game.Schema, r *game.Record, i int) {
	r.Reset()
	r.Outcome = i % 2
	r.Length = 1 + i%8
	r.End = r.Length
	r.V[s.Slot("hits", 0)] = int32(i % 3)
	r.V[s.Slot("swings", 0)] = int32(2 + i%3)
	r.V[s.Slot("hits", 1)] = int32(i % 5)
	r.V[s.Slot("swings", 1)] = int32(5)
	if i%4 == 0 {
		r.V[s.Slot("fell", 1)] = int32(r.End)
	}
	r.V[s.Slot("renown", 0)] = int32(i%9 - 4) // -4 lands in the bottom bin
	for t := 1; t <= r.End; t++ {
		r.Grow(s, 0, t, int32(i%2))
	}
}

func TestTallyMergeExact(t *testing.T) {
	s := tallySchema(t)
	r := s.NewRecord()
	whole := NewTally(s)
	parts := []*Tally{NewTally(s), NewTally(s), NewTally(s)}
	for i := 0; i < 300; i++ {
		fill(s, r, i)
		whole.Add(r)
		parts[i%3].Add(r)
	}
	merged := NewTally(s)
	for _, k := range []int{2, 0, 1} {
		if err := merged.Merge(parts[k]); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(merged, whole) {
		t.Fatal("merging the parts in another order does not give the whole")
	}
	if whole.Hunts != 300 || whole.Outcomes[0] != 150 {
		t.Fatalf("hunts %d, a won %d", whole.Hunts, whole.Outcomes[0])
	}
	// renown -4 counts in the bottom bin (-3).
	slot := s.Slot("renown", 0)
	var low int64
	for i := 0; i < 300; i++ {
		if i%9-4 <= -3 {
			low++
		}
	}
	if whole.V[slot][0] != low {
		t.Errorf("renown's bottom bin %d, want %d", whole.V[slot][0], low)
	}
	// Cross sums: Σ hits·swings of duellist 0.
	var want int64
	for i := 0; i < 300; i++ {
		want += int64(i%3) * int64(2+i%3)
	}
	if got := whole.Cross[0][0]; got != want {
		t.Errorf("Σ hits·swings %d, want %d", got, want)
	}
}

func TestTallyJSONRoundTrip(t *testing.T) {
	s := tallySchema(t)
	a := filled(s, 50)
	back := *readBack(t, a, s)
	if !sameCounts(&back, a) {
		t.Fatal("a tally read back from JSON differs")
	}
	// A tally read back merges as the one written does: its span of
	// steps is found again.
	twice, again := NewTally(s), NewTally(s)
	twice.Merge(a)
	twice.Merge(a)
	again.Merge(&back)
	again.Merge(a)
	if !sameCounts(twice, again) {
		t.Fatal("a tally read back merges differently")
	}
	back.Outcomes[0]++
	if err := back.Bind(s); err == nil {
		t.Error("a tally whose outcomes do not add up was bound")
	}
	other := NewTally(tallySchema(t))
	other.V = other.V[:len(other.V)-1]
	if err := other.Merge(a); err == nil {
		t.Error("tallies of different layouts merged")
	}
}

func TestTallyAddAllocatesNothing(t *testing.T) {
	s := tallySchema(t)
	r := s.NewRecord()
	a, b := NewTally(s), NewTally(s)
	fill(s, r, 3)
	if n := testing.AllocsPerRun(100, func() { a.Add(r) }); n != 0 {
		t.Fatalf("Add allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { b.Merge(a); b.Reset() }); n != 0 {
		t.Fatalf("Merge and Reset allocate %v times", n)
	}
}

// sameCounts reports whether two tallies hold the same counts (their
// JSON is the same).
func sameCounts(a, b *Tally) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}

// A rate keeps no histogram, and every value's sums are exact: a value
// beyond its histogram's range counts in its end bin but its whole self
// in the sums.
func TestTallySumsExact(t *testing.T) {
	s := &game.Schema{
		Game: "test", Sides: []game.Side{{Key: "a"}}, Outcomes: []game.Outcome{{Key: "done", Winner: 0}},
		Length: game.Unit{Key: "round", Max: 3}, Clock: game.Unit{Key: "round", Max: 3},
		Values: []game.Value{{Key: "hits", Kind: game.Count, Max: 4}, {Key: "draws", Kind: game.Rate, Max: 4}},
	}
	if err := s.Build(); err != nil {
		t.Fatal(err)
	}
	tl := NewTally(s)
	r := s.NewRecord()
	for _, v := range []int32{1, 9, 2} {
		r.Reset()
		r.Length, r.End = 1, 1
		r.V[0], r.V[1] = v, 3*v
		tl.Add(r)
	}
	if tl.Sum[0] != 12 || tl.SumSq[0] != 86 || tl.V[0][4] != 1 || len(tl.V[1]) != 0 || tl.Sum[1] != 36 || tl.SumSq[1] != 774 {
		t.Fatalf("sums %v %v, histograms %v", tl.Sum, tl.SumSq, tl.V)
	}
}

// Emptying a tally leaves no count behind, whether it was made here
// (its counts in whole arrays) or read back from JSON (slot by slot).
func TestTallyResetEmpties(t *testing.T) {
	s := tallySchema(t)
	a, r := filled(s, 40), s.NewRecord()
	for _, x := range []*Tally{a, readBack(t, a, s)} {
		x.Reset()
		if !sameCounts(x, NewTally(s)) {
			t.Fatal("an emptied tally still holds counts")
		}
		fill(s, r, 7)
		x.Add(r)
		one := NewTally(s)
		one.Add(r)
		if !sameCounts(x, one) {
			t.Fatal("an emptied tally counts a hunt differently")
		}
	}
}

// readBack is tally a written as JSON and read back, bound to s.
func readBack(t *testing.T, a *Tally, s *game.Schema) *Tally {
	t.Helper()
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var back Tally
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if err := back.Bind(s); err != nil {
		t.Fatal(err)
	}
	return &back
}

// A value of 0 is counted in its bin only when the tally is read: before
// that its bin is owed the hunts the histogram lacks, also after a merge.
func TestTallyZerosOwed(t *testing.T) {
	s := &game.Schema{
		Game: "test", Sides: []game.Side{{Key: "a"}}, Outcomes: []game.Outcome{{Key: "done", Winner: 0}},
		Length: game.Unit{Key: "round", Max: 3}, Clock: game.Unit{Key: "round", Max: 3},
		Values: []game.Value{{Key: "hits", Kind: game.Count, Max: 4}},
	}
	if err := s.Build(); err != nil {
		t.Fatal(err)
	}
	a, b := NewTally(s), NewTally(s)
	r := s.NewRecord()
	for i, v := range []int32{0, 2, 0, 0, 9} {
		r.Reset()
		r.Length, r.End = 1, 1
		r.V[0] = v
		if i < 3 {
			a.Add(r)
		} else {
			b.Add(r)
		}
	}
	if err := a.Merge(b); err != nil {
		t.Fatal(err)
	}
	a.Settle()
	if want := []int64{3, 0, 1, 0, 1}; !reflect.DeepEqual(a.V[0], want) {
		t.Fatalf("histogram %v, want %v", a.V[0], want)
	}
	a.Settle()
	if a.V[0][0] != 3 {
		t.Fatalf("settled twice: bin of 0 holds %d", a.V[0][0])
	}
}

// A series whose running total passes its range (a healed Adversary
// dealt more than its WND, a total below 0) is counted in the
// histogram's end bins, but its mean at each step is the exact one,
// with a warning; one within range reads as before, without.
func TestSeriesMeanBeyondRange(t *testing.T) {
	s := tallySchema(t) // series "damage": 0..10, 8 steps at most
	r := s.NewRecord()
	tl := NewTally(s)
	const n = 40
	want := make([]float64, 8) // Σ running total at each step, over all hunts
	for i := 0; i < n; i++ {
		fill(s, r, i)
		clear(r.S)    // grown again below
		d := int32(3) // reaches 24 by step 8
		if i%5 == 0 {
			d = -1 // falls below 0
		}
		cum := 0
		for step := 1; step <= 8; step++ {
			if step <= r.End {
				r.Grow(s, 0, step, d)
				cum += int(d)
			}
			want[step-1] += float64(cum)
		}
		tl.Add(r)
	}
	rep := NewReport(RunInfo{}, tl)
	pts := rep.Series[0].Points
	for step, p := range pts {
		if got, w := p.Mean.Estimate, want[step]/n; math.Abs(got-w) > 1e-9 {
			t.Errorf("step %d: mean %.4f, want %.4f", step+1, got, w)
		}
	}
	if last := pts[len(pts)-1].Mean; len(last.Warnings) == 0 {
		t.Error("a mean past the range carries no warning")
	}
	// Within range: the histogram's own mean, no warning.
	in := NewReport(RunInfo{}, filled(s, n)).Series[0].Points
	for _, p := range in {
		if len(p.Mean.Warnings) > 0 && p.Mean.N > 1 {
			for _, w := range p.Mean.Warnings {
				if strings.Contains(w, "beyond") {
					t.Errorf("step %d within range warns %q", p.Tick, w)
				}
			}
		}
	}
	// The sums merge and survive the JSON like every other count.
	back := readBack(t, tl, s)
	if !reflect.DeepEqual(back.SeriesSums, tl.SeriesSums) {
		t.Error("the series' sums read back differ")
	}
}

// A curve's counts by step, which Add owes as runs of steps and Settle
// pays, are those of counting every hunt at every step: items whose
// events come in any order, at the same step, at the first or the last
// step or after the hunt's end; also when the hunts are tallied in parts
// and merged, and when a tally is settled twice.
func TestTallyCurveAsEveryStep(t *testing.T) {
	const items, steps = 4, 9
	list := game.List{Key: "models", Label: "Models"}
	for k := range items {
		list.Items = append(list.Items, game.Item{Key: string(rune('a' + k))})
	}
	s := &game.Schema{
		Game: "test", Sides: []game.Side{{Key: "a"}}, Outcomes: []game.Outcome{{Key: "done", Winner: 0}},
		Length: game.Unit{Key: "round", Max: steps}, Clock: game.Unit{Key: "round", Max: steps},
		Lists:  []game.List{list},
		Values: []game.Value{{Key: "fell", Kind: game.Time, Per: "models"}},
		Curves: []game.Curve{{Key: "standing", Of: "fell", Complement: true}},
	}
	if err := s.Build(); err != nil {
		t.Fatal(err)
	}
	whole, parts := NewTally(s), [2]*Tally{NewTally(s), NewTally(s)}
	by, ended := grid(steps, items+1), grid(steps, items+1)
	r := s.NewRecord()
	x := uint64(1)
	for i := range 2000 {
		r.Reset()
		x = x*6364136223846793005 + 1442695040888963407
		r.Length = 1 + int(x>>59)%steps
		r.End = r.Length
		for k := range items {
			r.V[s.Slot("fell", k)] = int32(x >> (8 * k) % (steps + 2)) // 0 (never), 1..steps+1
		}
		whole.Add(r)
		parts[i%2].Add(r)
		for step := range r.End {
			m := 0
			for k := range items {
				if at := int(r.V[s.Slot("fell", k)]); at > 0 && at <= step+1 {
					m++
				}
			}
			if step < r.End-1 {
				by[step][m]++
			} else {
				ended[step][m]++
			}
		}
	}
	merged := NewTally(s)
	for _, p := range parts {
		if err := merged.Merge(p); err != nil {
			t.Fatal(err)
		}
	}
	for _, tl := range []*Tally{whole, merged} {
		tl.Settle()
		tl.Settle()
		if !reflect.DeepEqual(tl.CurveBy[0], by) || !reflect.DeepEqual(tl.CurveEnded[0], ended) {
			t.Fatalf("curve by step %v, ended %v; want %v, %v", tl.CurveBy[0], tl.CurveEnded[0], by, ended)
		}
	}
}

// Two ratios of one numerator each have their Σ num·den.
func TestTallyCrossOfSharedNumerator(t *testing.T) {
	s := &game.Schema{
		Game: "test", Sides: []game.Side{{Key: "a"}}, Outcomes: []game.Outcome{{Key: "done", Winner: 0}},
		Length: game.Unit{Key: "round", Max: 3}, Clock: game.Unit{Key: "round", Max: 3},
		Values: []game.Value{{Key: "hits", Kind: game.Rate}, {Key: "swings", Kind: game.Rate}, {Key: "rounds", Kind: game.Rate}},
		Ratios: []game.Ratio{{Key: "per_swing", Num: "hits", Den: "swings"}, {Key: "per_round", Num: "hits", Den: "rounds"}},
	}
	if err := s.Build(); err != nil {
		t.Fatal(err)
	}
	tl := NewTally(s)
	r := s.NewRecord()
	for _, v := range [][3]int32{{2, 5, 3}, {0, 4, 1}, {3, 3, 2}} {
		r.Reset()
		r.Length, r.End = 1, 1
		r.V[0], r.V[1], r.V[2] = v[0], v[1], v[2]
		tl.Add(r)
	}
	if got, want := [2]int64{tl.Cross[0][0], tl.Cross[1][0]}, [2]int64{2*5 + 3*3, 2*3 + 3*2}; got != want {
		t.Fatalf("Σ hits·swings, Σ hits·rounds = %v, want %v", got, want)
	}
	back := readBack(t, tl, s)
	r.V[0], r.V[1], r.V[2] = 1, 1, 1
	back.Add(r)
	if got, want := [2]int64{back.Cross[0][0], back.Cross[1][0]}, [2]int64{2*5 + 3*3 + 1, 2*3 + 3*2 + 1}; got != want {
		t.Fatalf("read back and one more hunt: %v, want %v", got, want)
	}
}
