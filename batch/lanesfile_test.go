package batch

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"balance/game"
)

// writeLaneShards plays shards of a workflow of lanes and writes their
// tally files, with params as the workflow's parameters.
func writeLaneShards(t *testing.T, dir string, lanes []Lane, total int64, shards int, params string) []string {
	t.Helper()
	var paths []string
	for k := 0; k < shards; k++ {
		first, n := ShardRange(total, shards, k)
		r, err := RunLanes(context.Background(), Config{Seed: 5, First: first, Hunts: n, Workers: 1 + k%2}, lanes)
		if err != nil {
			t.Fatal(err)
		}
		h := Header{Program: "test", Build: "b", Title: lanes[0].Design.Title(), ConfigHash: lanes[0].Design.Hash(), Policy: lanes[0].Policy,
			Workflow: "sweep", Params: json.RawMessage(params), Seed: 5, Total: total, Shards: shards, Shard: k, First: first, Hunts: n, Stopped: r.Stopped}
		for _, l := range lanes[1:] {
			h.Lanes = append(h.Lanes, LaneHeader{Title: l.Design.Title(), ConfigHash: l.Design.Hash(), Policy: l.Policy})
		}
		p := filepath.Join(dir, fmt.Sprintf("%s-%d-%d.json", strings.Trim(params, `{}":`), shards, k))
		if err := WriteLanesFile(p, h, r.Tallies, r.Pairs, nil); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// A workflow's shards, every lane's tally and every pair's counts, merge
// into exactly what one process playing every hunt gives; shards of
// other parameters or lanes, and changed pairs, are refused.
func TestLanesMerge(t *testing.T) {
	lanes := []Lane{duelLane(t, "basic"), duelLane(t, "basic", "a.hp=+1"), duelLane(t, "random", "b.skill=+1")}
	const total = 3001
	whole, err := RunLanes(context.Background(), Config{Seed: 5, Hunts: total, Workers: 2}, lanes)
	if err != nil {
		t.Fatal(err)
	}
	schemas := func(Header) ([]*game.Schema, error) {
		return []*game.Schema{lanes[0].Design.Schema(), lanes[1].Design.Schema(), lanes[2].Design.Schema()}, nil
	}
	dir := t.TempDir()
	for _, shards := range []int{2, 5} {
		paths := writeLaneShards(t, dir, lanes, total, shards, `{"x":1}`)
		h, r, err := MergeLanes(paths, schemas)
		if err != nil {
			t.Fatal(err)
		}
		if h.Hunts != total || h.Shards != 1 || r.Hunts != total || !reflect.DeepEqual(r.Pairs, whole.Pairs) {
			t.Errorf("%d shards: header %+v, pairs %+v, want %+v", shards, h, r.Pairs, whole.Pairs)
		}
		for j := range lanes {
			if a, b := reportJSON(t, r.Tallies[j]), reportJSON(t, whole.Tallies[j]); a != b {
				t.Errorf("%d shards, lane %d: merged tally differs from the whole run's", shards, j)
			}
		}
	}
	two := writeLaneShards(t, dir, lanes, total, 2, `{"x":1}`)
	other := writeLaneShards(t, dir, lanes, total, 2, `{"x":2}`)
	if _, _, err := MergeLanes([]string{two[0], other[1]}, schemas); err == nil || !strings.Contains(err.Error(), "workflow sweep") {
		t.Errorf("shards of other parameters: %v", err)
	}
	fewer := writeLaneShards(t, dir, lanes[:2], total, 2, `{"y":1}`)
	if _, _, err := MergeLanes(fewer, schemas); err == nil || !strings.Contains(err.Error(), "compiles to 3") {
		t.Errorf("shards of 2 lanes merged as 3: %v", err)
	}
	b, _ := os.ReadFile(two[1])
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(strings.Replace(string(b), `"both":`, `"both":1`, 1)), 0o644)
	if _, _, err := MergeLanes([]string{two[0], bad}, schemas); err == nil || !strings.Contains(err.Error(), "checksum") {
		t.Errorf("a changed pair: %v", err)
	}
	if _, _, err := MergeFiles(two, func(Header) (*game.Schema, error) { return lanes[0].Design.Schema(), nil }); err == nil || !strings.Contains(err.Error(), "not of a run") {
		t.Errorf("a sweep's shards merged as a run's: %v", err)
	}
}
