package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	batch "balance/batch/legacy"
	sim "balance/sim/cazadores"
)

// The trace command a failed hunt's error gives replays that very hunt:
// for designs with overrides, an Objective, another tier, pack and map,
// and data of one's own, the trace's outcome is the outcome the run
// tallied for that hunt index.
func TestReplayCommand(t *testing.T) {
	dir := t.TempDir()
	data, err := filepath.Abs(filepath.Join("..", "..", "configs", "cazadores"))
	if err != nil {
		t.Fatal(err)
	}
	designs := []design{
		{game: gameFlags{adversary: "wandering-son", pack: "duo", scenario: "open-ground"}, tier: "basic"},
		{game: gameFlags{adversary: "praetorians", pack: "quartet", scenario: "open-ground"}, set: []string{"adversary.def=7", "adversary.wnd=+5"}, tier: "random"},
		{game: gameFlags{data: data, adversary: "neonate-wurm", pack: "duo", scenario: "ruins"}, objective: "banish-the-well", tier: "lookahead(k=2,horizon=1)"},
	}
	for i, d := range designs {
		const seed, hunt = 3, 5
		tally := filepath.Join(dir, fmt.Sprintf("%d.json", i))
		args := []string{"run", "-adversary", d.game.adversary, "-pack", d.game.pack, "-scenario", d.game.scenario, "-pack-ai", d.tier,
			"-seed", fmt.Sprint(seed), "-hunts", "8", "-shards", "8", "-shard", fmt.Sprint(hunt), "-tally", tally, "-quiet"}
		if d.game.data != "" {
			args = append(args, "-data", d.game.data)
		}
		if d.objective != "" {
			args = append(args, "-objective", d.objective)
		}
		for _, s := range d.set {
			args = append(args, "-set", s)
		}
		if code, _, errb := balance(t, args...); code != exitOK {
			t.Fatalf("%v: %s", args, errb)
		}
		_, tl, err := batch.ReadTallyFile(tally)
		if err != nil {
			t.Fatal(err)
		}
		want := ""
		for o, n := range tl.Outcomes {
			if n == 1 {
				want = sim.Outcome(o).String()
			}
		}
		targs := d.traceArgs(seed, hunt)
		code, out, errb := balance(t, targs...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", targs, code, errb)
		}
		m := regexp.MustCompile(`(?m)^outcome: ([a-z_]+) `).FindStringSubmatch(out)
		if m == nil || m[1] != want {
			t.Errorf("%v replays %q, the run tallied %q", targs, m, want)
		}
	}
}

// A hunt that fails is an error (exit code 1, not 2) that names the hunt
// and its seed and gives the trace command that replays it.
func TestHuntFailedExit(t *testing.T) {
	d := design{game: gameFlags{adversary: "my foe.yaml", pack: "duo", scenario: "open-ground"}, set: []string{"adversary.def=7"}, tier: "tactical"}
	register(&command{name: "zz-fails", run: func(ctx context.Context, stdout, stderr io.Writer, args []string) error {
		return huntFailed(fmt.Errorf("running: %w", &batch.HuntPanic{Seed: 3, Hunt: 1234, Lane: 1, Value: "index out of range"}),
			func(lane int) design {
				if lane != 1 {
					t.Errorf("lane %d", lane)
				}
				return d
			})
	}})
	defer delete(commands, "zz-fails")
	code, _, errb := balance(t, "zz-fails")
	if code != exitError {
		t.Errorf("exit %d, want %d", code, exitError)
	}
	for _, want := range []string{"hunt 1234 of seed 3 failed: index out of range",
		"balance trace -adversary 'my foe.yaml' -pack duo -scenario open-ground -pack-ai tactical -set adversary.def=7 -seed 3 -hunt 1234"} {
		if !strings.Contains(errb, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errb)
		}
	}
}
