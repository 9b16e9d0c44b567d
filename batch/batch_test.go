package batch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"balance/game"
	"balance/game/testdata/duel"
	"balance/stats"
)

// duelLane is the duel, with overrides, played by policy.
func duelLane(t testing.TB, policy string, set ...string) Lane {
	t.Helper()
	d, err := duel.Game{}.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	des, err := d.Design(context.Background(), nil, set, 1)
	if err != nil {
		t.Fatal(err)
	}
	return Lane{Design: des, Policy: policy}
}

// reportJSON is the report of a tally without its timing.
func reportJSON(t *testing.T, tl *stats.Tally) string {
	t.Helper()
	b, err := json.Marshal(stats.NewReport(stats.RunInfo{Program: "test", Seed: 7}, tl))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sameTally reports whether two tallies hold the same counts.
func sameTally(a, b *stats.Tally) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// otherFigures is a design whose schema follows other headline figures.
type otherFigures struct{ game.Design }

func (o otherFigures) Schema() *game.Schema {
	s := *o.Design.Schema()
	s.Headline = []string{"hits"}
	return &s
}

// The tally and the report are the same whatever the number of workers,
// for designs of the duel. (Cazadores' own check is in
// game/cazadores/checks.)
func TestWorkersDeterminism(t *testing.T) {
	lanes := []Lane{duelLane(t, "random"), duelLane(t, "basic"), duelLane(t, "basic", "b.hp=20", "a.skill=2")}
	for _, l := range lanes {
		var ref string
		for _, w := range []int{1, 2, 7} {
			r, err := Run(context.Background(), Config{Seed: 7, Hunts: 5000, Workers: w}, l)
			if err != nil {
				t.Fatal(err)
			}
			if r.Hunts != 5000 || r.Stopped != StopHunts {
				t.Fatalf("%s workers %d: %d hunts, stopped %s", l.Design.Title(), w, r.Hunts, r.Stopped)
			}
			js := reportJSON(t, r.Tally)
			if ref == "" {
				ref = js
			} else if js != ref {
				t.Fatalf("%s: report with %d workers differs from 1 worker", l.Design.Title(), w)
			}
		}
	}
}

// A target error stops at the same block whatever the workers.
func TestTargetErrorStop(t *testing.T) {
	l := duelLane(t, "basic")
	var ref int64
	for _, w := range []int{1, 3} {
		r, err := Run(context.Background(), Config{Seed: 1, Hunts: 1 << 20, Workers: w, TargetError: 0.01}, l)
		if err != nil {
			t.Fatal(err)
		}
		if r.Stopped != StopTargetError || r.Hunts%BlockSize != 0 {
			t.Fatalf("stopped %s after %d hunts", r.Stopped, r.Hunts)
		}
		if hw := HalfWidth(r.Tally); hw > 0.01 {
			t.Fatalf("half-width %v above the target", hw)
		}
		if ref == 0 {
			ref = r.Hunts
		} else if r.Hunts != ref {
			t.Fatalf("stopped after %d hunts with %d workers, %d with 1", r.Hunts, w, ref)
		}
	}
}

// A cancelled run reports a prefix of the hunts, labelled interrupted:
// the tally of an uninterrupted run of that many.
func TestInterrupted(t *testing.T) {
	l := duelLane(t, "basic")
	ctx, cancel := context.WithCancel(context.Background())
	r, err := Run(ctx, Config{Seed: 1, Hunts: 1 << 24, Workers: 2, Progress: func(done int64) {
		if done >= 3*BlockSize {
			cancel()
		}
	}}, l)
	if err != nil {
		t.Fatal(err)
	}
	if r.Stopped != StopInterrupted || r.Hunts < 3*BlockSize || r.Hunts >= 1<<24 {
		t.Fatalf("stopped %s after %d hunts", r.Stopped, r.Hunts)
	}
	plain, _ := Run(context.Background(), Config{Seed: 1, Hunts: r.Hunts, Workers: 1}, l)
	if !sameTally(plain.Tally, r.Tally) {
		t.Fatal("the interrupted tally is not the prefix of the run")
	}
}

// hooked is a design whose players call hook before each hunt they play.
type hooked struct {
	game.Design
	hook func()
}

func (h hooked) NewPlayer(policy string) (game.Player, error) {
	p, err := h.Design.NewPlayer(policy)
	return hookedPlayer{p, h.hook}, err
}

type hookedPlayer struct {
	game.Player
	hook func()
}

func (p hookedPlayer) Play(seed, index uint64, rec *game.Record) {
	p.hook()
	p.Player.Play(seed, index, rec)
}

// Cancelling a run stops every worker before its next hunt: the hunts
// finished before are kept (in index order, the same tally as an
// uninterrupted run of that many), and at most one hunt per worker and
// lane is begun after the cancel.
func TestStopWithinABlock(t *testing.T) {
	base := duelLane(t, "basic")
	for _, tt := range []struct{ lanes, workers int }{{1, 1}, {2, 1}, {1, 2}, {2, 2}} {
		var played, after atomic.Int64
		var cancelled atomic.Bool
		ctx, cancel := context.WithCancel(context.Background())
		des := hooked{base.Design, func() {
			if cancelled.Load() {
				after.Add(1)
			} else if played.Add(1) == 700 {
				cancelled.Store(true)
				cancel()
			}
		}}
		var lanes []Lane
		for range tt.lanes {
			lanes = append(lanes, Lane{Design: des, Policy: "basic"})
		}
		r, err := RunLanes(ctx, Config{Seed: 5, Hunts: 1 << 20, Workers: tt.workers}, lanes)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if r.Stopped != StopInterrupted || r.Hunts >= 1<<20 || (tt.workers == 1 && r.Hunts == 0) {
			t.Errorf("%d lanes, %d workers: stopped %s after %d hunts", tt.lanes, tt.workers, r.Stopped, r.Hunts)
			continue
		}
		if a := after.Load(); a > int64(tt.workers*tt.lanes) {
			t.Errorf("%d lanes, %d workers: %d hunts begun after the cancel", tt.lanes, tt.workers, a)
		}
		if r.Hunts > 0 {
			plain, _ := RunLanes(context.Background(), Config{Seed: 5, Hunts: r.Hunts, Workers: 1}, []Lane{base})
			if !sameTally(plain.Tallies[0], r.Tallies[0]) {
				t.Errorf("%d lanes, %d workers: the interrupted tally is not that of %d hunts", tt.lanes, tt.workers, r.Hunts)
			}
		}
	}
}

// A run cancelled before it starts plays no hunt and is a valid, empty,
// interrupted result.
func TestStopBeforeStart(t *testing.T) {
	l := duelLane(t, "basic")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Run(ctx, Config{Seed: 1, Hunts: 5000, Workers: 2}, l)
	if err != nil || r.Hunts != 0 || r.Stopped != StopInterrupted || r.Tally.Hunts != 0 {
		t.Errorf("Run: %+v, %v", r, err)
	}
	p, err := RunLanes(ctx, Config{Seed: 1, Hunts: 5000, Workers: 2}, []Lane{l, l})
	if err != nil || p.Hunts != 0 || p.Stopped != StopInterrupted {
		t.Errorf("RunLanes: %+v, %v", p, err)
	}
}

// The blocks of a run of many lanes spread over the workers whatever the
// run's size, with the same result as one worker; the block size depends
// on the run's size alone.
func TestBlocksSpread(t *testing.T) {
	for _, tt := range []struct{ hunts, want int64 }{
		{1 << 20, 1024}, {100000, 1024}, {65536, 1024}, {64511, 512}, {5000, 64}, {2000, 16}, {200, 2}, {3, 1}, {1, 1},
	} {
		if got := blockSize(tt.hunts); got != tt.want {
			t.Errorf("blockSize(%d) = %d, want %d", tt.hunts, got, tt.want)
		}
	}
	l := duelLane(t, "basic")
	lanes := []Lane{l, l, l, l, l}
	var ref *PairedResult
	for _, w := range []int{1, 8} {
		r, err := RunLanes(context.Background(), Config{Seed: 3, Hunts: 2000, Workers: w}, lanes)
		if err != nil {
			t.Fatal(err)
		}
		if r.Workers != w {
			t.Errorf("%d workers asked, %d used", w, r.Workers)
		}
		if ref == nil {
			ref = r
			continue
		}
		for j := range r.Tallies {
			if !sameTally(r.Tallies[j], ref.Tallies[j]) {
				t.Errorf("%d workers: lane %d differs from 1 worker's", w, j)
			}
		}
		if fmt.Sprint(r.Pairs) != fmt.Sprint(ref.Pairs) {
			t.Errorf("%d workers: the pairs differ from 1 worker's", w)
		}
	}
}

// A hunt that panics is an error naming the hunt's index, its seed and
// the lane that played it; the run does not crash.
func TestHuntPanic(t *testing.T) {
	l := duelLane(t, "basic")
	const at = 777 // the hunt played that panics, counted in a worker
	panicky := func() hooked {
		var n atomic.Int64
		return hooked{l.Design, func() {
			if n.Add(1) == at {
				panic("bad compiled data")
			}
		}}
	}
	_, err := Run(context.Background(), Config{Seed: 9, Hunts: 100000, Workers: 1}, Lane{Design: panicky(), Policy: "basic"})
	var hp *HuntPanic
	if !errors.As(err, &hp) || hp.Hunt != at-1 || hp.Seed != 9 || hp.Lane != 0 || hp.Value != "bad compiled data" {
		t.Fatalf("Run: %v (%+v), want hunt %d of seed 9", err, hp, at-1)
	}
	_, err = RunLanes(context.Background(), Config{Seed: 9, Hunts: 100000, Workers: 1}, []Lane{l, {Design: panicky(), Policy: "basic"}})
	if !errors.As(err, &hp) || hp.Hunt != at-1 || hp.Lane != 1 {
		t.Fatalf("RunLanes: %v (%+v), want hunt %d, lane 1", err, hp, at-1)
	}
	_, err = Run(context.Background(), Config{Seed: 9, Hunts: 100000, Workers: 3}, Lane{Design: panicky(), Policy: "basic"})
	if !errors.As(err, &hp) {
		t.Fatalf("3 workers: %v", err)
	}
}

// More hunts than MaxHunts is an error, and so is a lane that cannot be
// played: no lane, a policy the game does not have, lanes that follow
// different figures.
func TestRefusals(t *testing.T) {
	l := duelLane(t, "basic")
	for _, n := range []int64{MaxHunts + 1, math.MaxInt64, 0} {
		if _, err := Run(context.Background(), Config{Hunts: n}, l); err == nil {
			t.Errorf("Run of %d hunts: no error", n)
		}
	}
	for _, c := range []struct {
		lanes []Lane
		want  string
	}{
		{nil, "no lanes"},
		{[]Lane{{Design: l.Design, Policy: "psychic"}}, "psychic"},
		{[]Lane{l, {Design: otherFigures{l.Design}, Policy: "basic"}}, "follows other figures"},
	} {
		if _, err := RunLanes(context.Background(), Config{Hunts: 10}, c.lanes); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want an error saying %q", c.lanes, err, c.want)
		}
	}
}

// Merging a block into the run's tally and emptying it allocate nothing.
func TestMergeAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	l := duelLane(t, "basic")
	r, err := Run(context.Background(), Config{Seed: 1, Hunts: 300, Workers: 1}, l)
	if err != nil {
		t.Fatal(err)
	}
	s := l.Design.Schema()
	total, block := stats.NewTally(s), stats.NewTally(s)
	if a := testing.AllocsPerRun(50, func() {
		block.Merge(r.Tally)
		total.Merge(block)
		block.Reset()
	}); a != 0 {
		t.Errorf("%.1f allocations per merge", a)
	}
}

// The lanes' paired counts agree with their tallies, each lane's tally is
// a plain run's, a lane against itself agrees on every hunt, and the
// result is the same with 1, 2 and 7 workers.
func TestLanes(t *testing.T) {
	lanes := []Lane{duelLane(t, "random"), duelLane(t, "basic"), duelLane(t, "basic", "a.skill=+1"), duelLane(t, "random", "b.hp=+2")}
	const n = BlockSize + 76
	var ref *PairedResult
	for _, w := range []int{1, 2, 7} {
		r, err := RunLanes(context.Background(), Config{Seed: 11, First: 3, Hunts: n, Workers: w}, lanes)
		if err != nil {
			t.Fatal(err)
		}
		if ref == nil {
			ref = r
			continue
		}
		for j := range lanes {
			if !sameTally(r.Tallies[j], ref.Tallies[j]) {
				t.Fatalf("%d workers: lane %d differs", w, j)
			}
		}
		if fmt.Sprint(r.Pairs) != fmt.Sprint(ref.Pairs) {
			t.Fatalf("%d workers: the pairs differ", w)
		}
	}
	r := ref
	s := lanes[0].Design.Schema()
	slot := func(key string) int { return s.Slot(key, 0) }
	for j, l := range lanes {
		plain, err := Run(context.Background(), Config{Seed: 11, First: 3, Hunts: n, Workers: 3}, l)
		if err != nil {
			t.Fatal(err)
		}
		if !sameTally(plain.Tally, r.Tallies[j]) {
			t.Errorf("lane %d: the tally differs from a plain run's", j)
		}
	}
	if want := len(lanes) * (len(lanes) - 1) / 2; len(r.Pairs) != want {
		t.Fatalf("%d pairs for %d lanes, want %d", len(r.Pairs), len(lanes), want)
	}
	for _, p := range r.Pairs {
		if q := r.Pair(p.A, p.B); q != &r.Pairs[pairIndex(len(lanes), p.A, p.B)] || q.A != p.A || q.B != p.B {
			t.Fatalf("Pair(%d, %d) is (%d, %d)", p.A, p.B, q.A, q.B)
		}
		ta, tb := r.Tallies[p.A], r.Tallies[p.B]
		wa, wb := Wins(ta, 0), Wins(tb, 0)
		if p.Hunts() != n || p.Both+p.OnlyA != wa || p.Both+p.OnlyB != wb {
			t.Errorf("pair %d,%d: %+v; wins %d and %d", p.A, p.B, p, wa, wb)
		}
		var la, lb int64
		for v, c := range ta.Length {
			la += int64(v) * c
		}
		for v, c := range tb.Length {
			lb += int64(v) * c
		}
		if p.Length.Sum != la-lb {
			t.Errorf("pair %d,%d: Σ length difference %d, want %d", p.A, p.B, p.Length.Sum, la-lb)
		}
		for h, key := range s.Headline {
			if d := ta.Sum[slot(key)] - tb.Sum[slot(key)]; p.Headline[h].Sum != d {
				t.Errorf("pair %d,%d: Σ %s difference %d, want %d", p.A, p.B, key, p.Headline[h].Sum, d)
			}
			if m := p.Headline[h]; m.SumSq < 0 || m.Sum*m.Sum > m.SumSq*n {
				t.Errorf("pair %d,%d: %s: Σd² %d impossible with Σd %d over %d", p.A, p.B, key, m.SumSq, m.Sum, n)
			}
		}
	}
	same, err := RunLanes(context.Background(), Config{Seed: 11, Hunts: 700, Workers: 2}, []Lane{lanes[1], lanes[1]})
	if err != nil {
		t.Fatal(err)
	}
	if p := same.Pairs[0]; p.OnlyA != 0 || p.OnlyB != 0 || p.Length != (Moments{}) || p.Headline[0] != (Moments{}) {
		t.Errorf("a lane against itself: %+v", p)
	}
}

// The duel's win rate, played by the runner, is within its interval of
// the exact probability the duel's Markov chain gives, and the paired
// counts of two designs are those of the hunts played one by one.
func TestDuelExact(t *testing.T) {
	for _, policy := range []string{"basic", "random"} {
		l := duelLane(t, policy)
		r, err := Run(context.Background(), Config{Seed: 3, Hunts: 20000, Workers: 2}, l)
		if err != nil {
			t.Fatal(err)
		}
		rep := stats.NewReport(stats.RunInfo{}, r.Tally)
		pa, _, _ := l.Design.(*duel.Design).Exact(policy)
		if w := rep.Wins[0].Rate; pa < w.Low || pa > w.High {
			t.Errorf("%s: A wins %v [%v, %v], exactly %v", policy, w.Estimate, w.Low, w.High, pa)
		}
	}
	a, b := duelLane(t, "basic"), duelLane(t, "basic", "a.skill=+1")
	r, err := RunLanes(context.Background(), Config{Seed: 2, Hunts: 3000, Workers: 3}, []Lane{a, b})
	if err != nil {
		t.Fatal(err)
	}
	var want Pair
	pa, _ := a.Design.NewPlayer("basic")
	pb, _ := b.Design.NewPlayer("basic")
	ra, rb := a.Design.Schema().NewRecord(), b.Design.Schema().NewRecord()
	for i := uint64(0); i < 3000; i++ {
		pa.Play(2, i, ra)
		pb.Play(2, i, rb)
		wa, wb := ra.Outcome == duel.AWon, rb.Outcome == duel.AWon
		switch {
		case wa && wb:
			want.Both++
		case wa:
			want.OnlyA++
		case wb:
			want.OnlyB++
		default:
			want.Neither++
		}
		want.Length.add(int64(ra.Length - rb.Length))
	}
	if got := r.Pairs[0]; got.Both != want.Both || got.OnlyA != want.OnlyA || got.OnlyB != want.OnlyB || got.Length != want.Length {
		t.Errorf("pair %+v, want %+v", got, want)
	}
}

// writeShards plays a run of total hunts as shards and writes each to a
// file in dir, in the order given.
func writeShards(t *testing.T, dir string, l Lane, seed uint64, total int64, shards int, order []int, build string) []string {
	t.Helper()
	var paths []string
	for _, k := range order {
		first, n := ShardRange(total, shards, k)
		r, err := Run(context.Background(), Config{Seed: seed, First: first, Hunts: n, Workers: 1 + k%2}, l)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, fmt.Sprintf("shard%d.json", k))
		h := Header{Program: "test", Build: build, Title: l.Design.Title(), ConfigHash: l.Design.Hash(), Policy: l.Policy,
			Seed: seed, Total: total, Shards: shards, Shard: k, First: first, Hunts: n, Stopped: r.Stopped}
		if err := WriteTallyFile(p, h, r.Tally, nil); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// Shards written to files and merged give the single run's tally; shards
// that do not belong together are refused with the reason.
func TestShardsMerge(t *testing.T) {
	for _, l := range []Lane{duelLane(t, "basic"), duelLane(t, "random", "b.hp=12")} {
		const total = 4100
		whole, err := Run(context.Background(), Config{Seed: 3, Hunts: total, Workers: 2}, l)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		paths := writeShards(t, dir, l, 3, total, 4, []int{3, 2, 1, 0}, "build A") // out of order on purpose
		schema := func(Header) (*game.Schema, error) { return l.Design.Schema(), nil }
		_, merged, err := MergeFiles(paths, schema)
		if err != nil {
			t.Fatal(err)
		}
		if !sameTally(merged, whole.Tally) || reportJSON(t, merged) != reportJSON(t, whole.Tally) {
			t.Fatal("merged shards differ from the single run")
		}
		if _, _, err := MergeFiles(paths[:3], schema); err == nil || !strings.Contains(err.Error(), "missing shard") {
			t.Errorf("missing shard: %v", err)
		}
		if _, _, err := MergeFiles(append(paths, paths[0]), schema); err == nil || !strings.Contains(err.Error(), "twice") {
			t.Errorf("duplicate shard: %v", err)
		}
		h, tl, _ := ReadTallyFile(paths[0])
		if err := tl.Bind(l.Design.Schema()); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			edit func(*Header)
			want string
		}{
			{func(h *Header) { h.Seed = 4 }, "seed"},
			{func(h *Header) { h.Policy = "other" }, "policy"},
			{func(h *Header) { h.ConfigHash = "other" }, "configuration"},
			{func(h *Header) { h.Build = "build B" }, `build "build B" vs "build A"`},
		} {
			odd := h
			c.edit(&odd)
			p := filepath.Join(dir, "odd.json")
			if err := WriteTallyFile(p, odd, tl, nil); err != nil {
				t.Fatal(err)
			}
			if _, _, err := MergeFiles([]string{paths[1], p, paths[2], paths[3]}, schema); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: %v", c.want, err)
			}
		}
		other := duelLane(t, "basic", "a.hp=9")
		if _, _, err := MergeFiles(paths, func(Header) (*game.Schema, error) { return other.Design.Schema(), nil }); err == nil {
			t.Error("shards merged into a design of another schema")
		}
		if _, _, err := MergeFiles([]string{filepath.Join(dir, "nope.json")}, schema); err == nil {
			t.Error("a missing file merged")
		}
		os.WriteFile(filepath.Join(dir, "junk.json"), []byte("{}"), 0o644)
		if _, _, err := MergeFiles([]string{filepath.Join(dir, "junk.json")}, schema); err == nil || !strings.Contains(err.Error(), "not a tally file") {
			t.Errorf("junk: %v", err)
		}
	}
}

// A merge past MergeMemory reads each file again to merge it, one at a
// time, with the same result; a file that changed between the two
// readings is refused.
func TestMergeRereads(t *testing.T) {
	l := duelLane(t, "basic")
	dir := t.TempDir()
	const total = 3000
	whole, err := Run(context.Background(), Config{Seed: 5, Hunts: total, Workers: 1}, l)
	if err != nil {
		t.Fatal(err)
	}
	paths := writeShards(t, dir, l, 5, total, 5, []int{4, 0, 3, 1, 2}, "build A")
	schema := func(Header) (*game.Schema, error) { return l.Design.Schema(), nil }
	defer func(m int) { MergeMemory = m }(MergeMemory)
	for _, m := range []int{0, 1, 1 << 30} {
		MergeMemory = m
		_, merged, err := MergeFiles(paths, schema)
		if err != nil {
			t.Fatal(err)
		}
		if !sameTally(merged, whole.Tally) {
			t.Fatalf("MergeMemory %d: the merged shards differ from the single run", m)
		}
	}
	// Between the readings (when the schema is asked for), shard 4's file
	// (paths[0]) is replaced by a valid file of shard 4 of another seed,
	// or by shard 3's.
	MergeMemory = 0
	for _, other := range []string{
		writeShards(t, t.TempDir(), l, 6, total, 5, []int{4}, "build A")[0],
		paths[2],
	} {
		b, err := os.ReadFile(other)
		if err != nil {
			t.Fatal(err)
		}
		orig, err := os.ReadFile(paths[0])
		if err != nil {
			t.Fatal(err)
		}
		swap := func(Header) (*game.Schema, error) { return l.Design.Schema(), os.WriteFile(paths[0], b, 0o644) }
		if _, _, err := MergeFiles(paths, swap); err == nil || !strings.Contains(err.Error(), "changed while it was being merged") {
			t.Errorf("a file changed between the readings: %v", err)
		}
		if err := os.WriteFile(paths[0], orig, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A tally file names its game, schema and build and holds a checksum of
// its content: a file changed after it was written is refused, with the
// file and the reason, and so is a file of an older format.
func TestTallyFileIntegrity(t *testing.T) {
	l := duelLane(t, "basic")
	dir := t.TempDir()
	paths := writeShards(t, dir, l, 3, 2000, 2, []int{0, 1}, "build A")
	schema := func(Header) (*game.Schema, error) { return l.Design.Schema(), nil }
	if _, _, err := MergeFiles(paths, schema); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(paths[1])
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"checksum":"sha256:`, `"build":"build A"`, `"game":"duel"`, `"schema":"` + stats.SchemaHash(l.Design.Schema()) + `"`} {
		if !strings.Contains(string(b), want) {
			t.Fatalf("the tally file has no %s: %.300s", want, b)
		}
	}
	edit := func(name, from, to string) string {
		if !strings.Contains(string(b), from) {
			t.Fatalf("%q not in the tally file", from)
		}
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(strings.Replace(string(b), from, to, 1)), 0o644)
		return p
	}
	var o struct {
		Tally struct {
			Outcomes []int64 `json:"outcomes"`
		} `json:"tally"`
	}
	json.Unmarshal(b, &o)
	won := fmt.Sprintf(`"outcomes":[%d,`, o.Tally.Outcomes[0])
	for _, p := range []string{
		edit("counts.json", won, fmt.Sprintf(`"outcomes":[%d,`, o.Tally.Outcomes[0]+500)),
		edit("build.json", `"build":"build A"`, `"build":"build B"`),
		edit("seed.json", `"seed":3`, `"seed":4`),
	} {
		_, _, err := MergeFiles([]string{paths[0], p}, schema)
		if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "checksum does not match") {
			t.Errorf("%s: %v, want the checksum refused", filepath.Base(p), err)
		}
	}
	v3 := edit("v3.json", fmt.Sprintf(`"version":%d`, TallyVersion), `"version":3`)
	if _, _, err := ReadTallyFile(v3); err == nil || !strings.Contains(err.Error(), "version 3") {
		t.Errorf("a version 3 file: %v", err)
	}
}
