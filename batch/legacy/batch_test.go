package legacy

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	configs "balance/configs/cazadores"
	sim "balance/sim/cazadores"
)

func testScenario(t testing.TB, adversary string) *sim.Scenario {
	t.Helper()
	d, err := configs.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := d.Compile(adversary, configs.DefaultPack, configs.DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func summaryJSON(t *testing.T, sc *sim.Scenario, r *Result) []byte {
	t.Helper()
	s := Summarize(Meta{Program: "test", Adversary: "x", Seed: 7, Stopped: r.Stopped}, r.Tally, sc)
	s.Timing = s.Timing.Zero()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The tally and the summary are the same whatever the number of workers.
func TestWorkersDeterminism(t *testing.T) {
	for _, adv := range []string{"wandering-son", "praetorians", "creature-wreathed-in-light"} {
		sc := testScenario(t, adv)
		var ref []byte
		for _, w := range []int{1, 2, 7} {
			r, err := Run(context.Background(), Config{Scenario: sc, Seed: 7, Hunts: 5000, Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			if r.Hunts != 5000 || r.Stopped != StopHunts {
				t.Fatalf("%s workers %d: %d hunts, stopped %s", adv, w, r.Hunts, r.Stopped)
			}
			js := summaryJSON(t, sc, r)
			if ref == nil {
				ref = js
			} else if string(js) != string(ref) {
				t.Fatalf("%s: summary with %d workers differs from 1 worker", adv, w)
			}
		}
	}
}

// Shards written to files and merged give the single run's tally.
func TestShardsMerge(t *testing.T) {
	sc := testScenario(t, "wandering-son")
	const total = 4100
	whole, err := Run(context.Background(), Config{Scenario: sc, Seed: 3, Hunts: total, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var paths []string
	for k := 3; k >= 0; k-- { // out of order on purpose
		first, n := ShardRange(total, 4, k)
		r, err := Run(context.Background(), Config{Scenario: sc, Seed: 3, First: first, Hunts: n, Workers: 1 + k%2})
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, "shard"+string(rune('0'+k))+".json")
		h := Header{Program: "test", ConfigHash: "abc", Seed: 3, Total: total, Shards: 4, Shard: k, First: first, Hunts: n, Stopped: r.Stopped}
		if err := WriteTallyFile(p, h, r.Tally, nil); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	_, merged, err := MergeFiles(paths)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(merged, whole.Tally) {
		t.Fatal("merged shards differ from the single run")
	}
	// Refusals: a missing shard, a duplicate, a different seed.
	if _, _, err := MergeFiles(paths[:3]); err == nil || !strings.Contains(err.Error(), "missing shard") {
		t.Errorf("missing shard: %v", err)
	}
	if _, _, err := MergeFiles(append(paths, paths[0])); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("duplicate shard: %v", err)
	}
	h, tl, _ := ReadTallyFile(paths[0])
	h.Seed = 4
	odd := filepath.Join(dir, "odd.json")
	if err := WriteTallyFile(odd, h, tl, nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := MergeFiles([]string{paths[1], odd, paths[2], paths[3]}); err == nil || !strings.Contains(err.Error(), "seed") {
		t.Errorf("different seed: %v", err)
	}
	if _, _, err := MergeFiles([]string{filepath.Join(dir, "nope.json")}); err == nil {
		t.Error("a missing file merged")
	}
	os.WriteFile(filepath.Join(dir, "junk.json"), []byte("{}"), 0o644)
	if _, _, err := MergeFiles([]string{filepath.Join(dir, "junk.json")}); err == nil || !strings.Contains(err.Error(), "not a tally file") {
		t.Errorf("junk: %v", err)
	}
}

// A target error stops at the same block whatever the workers.
func TestTargetErrorStop(t *testing.T) {
	sc := testScenario(t, "wandering-son")
	var ref int64
	for _, w := range []int{1, 3} {
		r, err := Run(context.Background(), Config{Scenario: sc, Seed: 1, Hunts: 1 << 20, Workers: w, TargetError: 0.01})
		if err != nil {
			t.Fatal(err)
		}
		if r.Stopped != StopTargetError || r.Hunts%BlockSize != 0 {
			t.Fatalf("stopped %s after %d hunts", r.Stopped, r.Hunts)
		}
		if hw := halfWidth(r.Tally); hw > 0.01 {
			t.Fatalf("half-width %v above the target", hw)
		}
		if ref == 0 {
			ref = r.Hunts
		} else if r.Hunts != ref {
			t.Fatalf("stopped after %d hunts with %d workers, %d with 1", r.Hunts, w, ref)
		}
	}
}

// A cancelled run reports a prefix of the hunts, labelled interrupted.
func TestInterrupted(t *testing.T) {
	sc := testScenario(t, "wandering-son")
	ctx, cancel := context.WithCancel(context.Background())
	r, err := Run(ctx, Config{Scenario: sc, Seed: 1, Hunts: 1 << 24, Workers: 2, Progress: func(done int64) {
		if done >= 3*BlockSize {
			cancel()
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Stopped != StopInterrupted || r.Hunts < 3*BlockSize || r.Hunts >= 1<<24 {
		t.Fatalf("stopped %s after %d hunts", r.Stopped, r.Hunts)
	}
	// The prefix is the same hunts a plain run of that length tallies.
	plain, _ := Run(context.Background(), Config{Scenario: sc, Seed: 1, Hunts: r.Hunts, Workers: 1})
	if !reflect.DeepEqual(plain.Tally, r.Tally) {
		t.Fatal("the interrupted tally is not the prefix of the run")
	}
}

// Merging is exact and order-free; a tally of another shape is refused.
func TestTallyMerge(t *testing.T) {
	sc := testScenario(t, "neonate-wurm")
	a, _ := Run(context.Background(), Config{Scenario: sc, Seed: 1, Hunts: 2000, Workers: 1})
	b, _ := Run(context.Background(), Config{Scenario: sc, Seed: 1, First: 2000, Hunts: 1000, Workers: 1})
	ab := NewTally(ShapeOf(sc))
	ab.Merge(a.Tally)
	ab.Merge(b.Tally)
	ba := NewTally(ShapeOf(sc))
	ba.Merge(b.Tally)
	ba.Merge(a.Tally)
	if !reflect.DeepEqual(ab, ba) || ab.Hunts != 3000 {
		t.Fatal("merge depends on order")
	}
	other := NewTally(ShapeOf(testScenario(t, "praetorians")))
	if err := other.Merge(ab); err == nil {
		t.Fatal("tallies of different shapes merged")
	}
	s := Summarize(Meta{}, ab, sc)
	var sum int64
	for _, o := range s.Outcomes {
		sum += o.Count
	}
	if sum != 3000 || s.PackWinRate.Low > s.PackWinRate.Estimate || s.PackWinRate.High < s.PackWinRate.Estimate {
		t.Fatalf("outcomes sum %d, win rate %+v", sum, s.PackWinRate)
	}
	if last := s.DamageCurve[len(s.DamageCurve)-1]; last.Mean.N != 3000 || last.Mean.Estimate != s.AdvWounds.Mean.Estimate {
		t.Fatalf("the damage curve's last point %+v should equal the mean WNDs dealt %+v", last.Mean, s.AdvWounds.Mean)
	}
}

// Dist's quantiles and mean from a histogram, by hand.
func TestDist(t *testing.T) {
	d := Dist([]int64{0, 2, 0, 3, 5, 0, 0})
	if d.N != 10 || d.Min != 1 || d.Max != 4 || d.P10 != 1 || d.P50 != 3 || d.P90 != 4 || len(d.Histogram) != 5 {
		t.Fatalf("%+v", d)
	}
	if want := (2*1 + 3*3 + 5*4) / 10.0; d.Mean.Estimate != want {
		t.Fatalf("mean %v want %v", d.Mean.Estimate, want)
	}
}

// A tally file names its build and holds a checksum of its content:
// shards of different builds are refused, and so is a file changed after
// it was written (an outcome count edited, a header field changed), each
// with the file and the reason.
func TestTallyFileIntegrity(t *testing.T) {
	sc := testScenario(t, "wandering-son")
	dir := t.TempDir()
	var paths []string
	for k := 0; k < 2; k++ {
		first, n := ShardRange(2000, 2, k)
		r, err := Run(context.Background(), Config{Scenario: sc, Seed: 3, First: first, Hunts: n, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, "shard"+string(rune('0'+k))+".json")
		h := Header{Program: "balance test", Build: "build A", ConfigHash: "abc", Seed: 3, Total: 2000, Shards: 2, Shard: k, First: first, Hunts: n, Stopped: r.Stopped}
		if err := WriteTallyFile(p, h, r.Tally, nil); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	if _, _, err := MergeFiles(paths); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(paths[1])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"checksum":"sha256:`) || !strings.Contains(string(b), `"build":"build A"`) {
		t.Fatalf("the tally file has no build or checksum: %.300s", b)
	}
	edit := func(name, from, to string) string {
		if !strings.Contains(string(b), from) {
			t.Fatalf("%q not in the tally file", from)
		}
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(strings.Replace(string(b), from, to, 1)), 0o644)
		return p
	}
	// Shard 1 played by another build, written whole: refused by build.
	h, tl, err := ReadTallyFile(paths[1])
	if err != nil {
		t.Fatal(err)
	}
	h.Build = "build B"
	other := filepath.Join(dir, "other.json")
	WriteTallyFile(other, h, tl, nil)
	if _, _, err := MergeFiles([]string{paths[0], other}); err == nil || !strings.Contains(err.Error(), `build "build B" vs "build A"`) {
		t.Errorf("shards of two builds: %v", err)
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
		_, _, err := MergeFiles([]string{paths[0], p})
		if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "checksum does not match") {
			t.Errorf("%s: %v, want the checksum refused", filepath.Base(p), err)
		}
	}
	// A file of the format before builds and checksums.
	v2 := edit("v2.json", `"version":3`, `"version":2`)
	if _, _, err := ReadTallyFile(v2); err == nil || !strings.Contains(err.Error(), "version 2") {
		t.Errorf("a version 2 file: %v", err)
	}
}
