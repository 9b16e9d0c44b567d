package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"balance/batch"
	"balance/game"
	"balance/game/cazadores"
	"balance/workflow"
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
	lane := func(adversary, pack, scenario, objective, policy string, set ...string) workflow.Lane {
		c := game.Choice{cazadores.OptAdversary: adversary, cazadores.OptPack: pack, cazadores.OptScenario: scenario}
		if objective != "" {
			c[cazadores.OptObjective] = objective
		}
		return workflow.Lane{Spec: workflow.Spec{Choice: c, Overrides: set}, Policy: policy}
	}
	designs := []struct {
		dir  string
		lane workflow.Lane
		run  []string // the run's arguments that choose the design
	}{
		{"", lane("wandering-son", "duo", "open-ground", "", "basic"), []string{"-adversary", "wandering-son"}},
		{"", lane("praetorians", "quartet", "open-ground", "", "random", "adversary.def=7", "adversary.wnd=+5"),
			[]string{"-adversary", "praetorians", "-pack", "quartet", "-pack-ai", "random", "-set", "adversary.def=7", "-set", "adversary.wnd=+5"}},
		{data, lane("neonate-wurm", "duo", "ruins", "banish-the-well", "lookahead(k=2,horizon=1)"),
			[]string{"-data", data, "-adversary", "neonate-wurm", "-scenario", "ruins", "-objective", "banish-the-well",
				"-policy", "lookahead", "-lookahead-k", "2", "-lookahead-horizon", "1"}},
	}
	for i, d := range designs {
		const seed, hunt = 3, 5
		tally := filepath.Join(dir, fmt.Sprintf("%d.json", i))
		targs := traceArgs(games[0], d.dir, d.lane, seed, hunt)
		args := append(append([]string{"run"}, d.run...), "-seed", fmt.Sprint(seed), "-hunts", "8", "-shards", "8", "-shard", fmt.Sprint(hunt), "-tally", tally, "-quiet")
		if code, _, errb := balance(t, args...); code != exitOK {
			t.Fatalf("%v: %s", args, errb)
		}
		_, tl, err := batch.ReadTallyFile(tally)
		if err != nil {
			t.Fatal(err)
		}
		gd, err := cazadores.Game{}.Load(context.Background(), d.dir)
		if err != nil {
			t.Fatal(err)
		}
		des, err := gd.Design(context.Background(), d.lane.Spec.Choice, d.lane.Spec.Overrides, seed)
		if err != nil {
			t.Fatal(err)
		}
		want := ""
		for o, n := range tl.Outcomes {
			if n == 1 {
				want = des.Schema().Outcomes[o].Key
			}
		}
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
	l := workflow.Lane{Spec: workflow.Spec{Choice: game.Choice{cazadores.OptAdversary: "my foe.yaml", cazadores.OptPack: "duo", cazadores.OptScenario: "open-ground"},
		Overrides: []string{"adversary.def=7"}}, Policy: "tactical"}
	register(&command{name: "zz-fails", run: func(ctx context.Context, stdout, stderr io.Writer, args []string) error {
		return huntFailed(fmt.Errorf("running: %w", &workflow.HuntFailed{Panic: &batch.HuntPanic{Seed: 3, Hunt: 1234, Lane: 1, Value: "index out of range"}, Lane: l}),
			games[0], "")
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
