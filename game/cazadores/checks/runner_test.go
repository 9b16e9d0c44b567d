package checks

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"balance/batch"
	"balance/game"
	"balance/game/cazadores"
	"balance/internal/testenv"
	"balance/stats"
)

// lane is the default Pack against an Adversary, played by tier.
func lane(t testing.TB, adversary, tier string, set ...string) batch.Lane {
	t.Helper()
	d, err := cazadores.Game{}.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	des, err := d.Design(context.Background(), game.Choice{cazadores.OptAdversary: adversary}, set, 1)
	if err != nil {
		t.Fatal(err)
	}
	return batch.Lane{Design: des, Policy: tier}
}

// tallyJSON is a tally as JSON, to compare tallies whole.
func tallyJSON(t testing.TB, tl *stats.Tally) string {
	t.Helper()
	b, err := json.Marshal(tl)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Cazadores through the shared runner: the tally and the report are the
// same whatever the number of workers, for several Adversaries.
func TestWorkersDeterminism(t *testing.T) {
	for _, adv := range []string{"wandering-son", "praetorians", "creature-wreathed-in-light"} {
		l := lane(t, adv, "basic")
		var ref string
		for _, w := range []int{1, 2, 7} {
			r, err := batch.Run(context.Background(), batch.Config{Seed: 7, Hunts: 5000, Workers: w}, l)
			if err != nil {
				t.Fatal(err)
			}
			if r.Hunts != 5000 || r.Stopped != batch.StopHunts {
				t.Fatalf("%s workers %d: %d hunts, stopped %s", adv, w, r.Hunts, r.Stopped)
			}
			b, err := json.Marshal(stats.NewReport(stats.RunInfo{Program: "test", Seed: 7}, r.Tally))
			if err != nil {
				t.Fatal(err)
			}
			if ref == "" {
				ref = string(b)
			} else if string(b) != ref {
				t.Fatalf("%s: report with %d workers differs from 1 worker", adv, w)
			}
		}
	}
}

// Lanes of every policy tier and of an override play the hunts a plain
// run plays, with the same tallies and pairs on 1, 2 and 7 workers.
func TestLanes(t *testing.T) {
	tiers := []string{"random", "basic", "tactical"}
	if testenv.Long() {
		tiers = append(tiers, "lookahead")
	}
	var lanes []batch.Lane
	for _, tier := range tiers {
		lanes = append(lanes, lane(t, "praetorians", tier))
	}
	lanes = append(lanes, lane(t, "praetorians", "basic", "adversary.def=+1"))
	const n = batch.BlockSize + 76
	var ref *batch.PairedResult
	for _, w := range []int{1, 2, 7} {
		r, err := batch.RunLanes(context.Background(), batch.Config{Seed: 11, First: 3, Hunts: n, Workers: w}, lanes)
		if err != nil {
			t.Fatal(err)
		}
		if ref == nil {
			ref = r
			continue
		}
		for j := range lanes {
			if tallyJSON(t, r.Tallies[j]) != tallyJSON(t, ref.Tallies[j]) {
				t.Fatalf("%d workers: lane %d differs", w, j)
			}
		}
		if fmt.Sprint(r.Pairs) != fmt.Sprint(ref.Pairs) {
			t.Fatalf("%d workers: the pairs differ", w)
		}
	}
	for j, l := range lanes {
		plain, err := batch.Run(context.Background(), batch.Config{Seed: 11, First: 3, Hunts: n, Workers: 3}, l)
		if err != nil {
			t.Fatal(err)
		}
		if tallyJSON(t, plain.Tally) != tallyJSON(t, ref.Tallies[j]) {
			t.Errorf("lane %d: the tally differs from a plain run's", j)
		}
	}
	for _, p := range ref.Pairs {
		wa, wb := batch.Wins(ref.Tallies[p.A], 0), batch.Wins(ref.Tallies[p.B], 0)
		if p.Hunts() != n || p.Both+p.OnlyA != wa || p.Both+p.OnlyB != wb {
			t.Errorf("pair %d,%d: %+v; wins %d and %d", p.A, p.B, p, wa, wb)
		}
	}
}

// Shards of a run written to tally files (naming the game) and merged
// give the single run's tally.
func TestShardsMerge(t *testing.T) {
	l := lane(t, "wandering-son", "basic")
	const total = 4100
	whole, err := batch.Run(context.Background(), batch.Config{Seed: 3, Hunts: total, Workers: 2}, l)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var paths []string
	for _, k := range []int{3, 2, 1, 0} { // out of order on purpose
		first, n := batch.ShardRange(total, 4, k)
		r, err := batch.Run(context.Background(), batch.Config{Seed: 3, First: first, Hunts: n, Workers: 1 + k%2}, l)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, fmt.Sprintf("shard%d.json", k))
		h := batch.Header{Program: "test", Build: "build A", Title: l.Design.Title(), ConfigHash: l.Design.Hash(), Policy: l.Policy,
			Seed: 3, Total: total, Shards: 4, Shard: k, First: first, Hunts: n, Stopped: r.Stopped}
		if err := batch.WriteTallyFile(p, h, r.Tally, nil); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	h, merged, err := batch.MergeFiles(paths, func(batch.Header) (*game.Schema, error) { return l.Design.Schema(), nil })
	if err != nil {
		t.Fatal(err)
	}
	if tallyJSON(t, merged) != tallyJSON(t, whole.Tally) {
		t.Fatal("merged shards differ from the single run")
	}
	if b, _ := json.Marshal(h); !strings.Contains(string(b), `"game":"cazadores"`) {
		t.Errorf("the tally files do not name the game: %s", b)
	}
}
