package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The machine-hunt game (horizon) through every command: each workflow
// runs with its data, reports with its own figures and labels, and plays
// the same hunts on any number of workers and shards.

// hzRun runs balance with -game horizon after the command, and fails the
// test on an exit code other than want.
func hzRun(t *testing.T, want int, args ...string) (stdout, stderr string) {
	t.Helper()
	args = append(args[:1:1], append([]string{"-game", "horizon"}, args[1:]...)...)
	code, out, errb := balance(t, args...)
	if code != want {
		t.Fatalf("balance %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), code, want, out, errb)
	}
	return out, errb
}

// cazadoresOnly matches what belongs to Cazadores alone: nothing of the
// machine hunt says it.
var cazadoresOnly = regexp.MustCompile(`(?i)cazador|adversar|\bpack\b|minion|wandering|objective|companion`)

// A run: the table and the report show the machine hunt's figures with
// its labels, and -out's summary.json is -json's.
func TestHorizonRun(t *testing.T) {
	dir := t.TempDir()
	js, out := filepath.Join(dir, "summary.json"), filepath.Join(dir, "report")
	stdout, _ := hzRun(t, exitOK, "run", "-hunts", "2000", "-json", js, "-out", out, "-quiet")
	for _, want := range []string{"sawtooth_lair (Sawtooth Lair)", "duo: Nora Marksman, Carja Warrior", "Hunters win ", "  Failure: the faints reached the number of hunters ", "Mean rounds ",
		"Encounter points ", "Faints ", "Cards discarded to damage ", "Deadliest behaviour card ", "Parts that matter "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the table has no %q:\n%s", want, stdout)
		}
	}
	if m := cazadoresOnly.FindString(stdout); m != "" {
		t.Errorf("the table says %q:\n%s", m, stdout)
	}
	var sum struct {
		Game     string `json:"game"`
		Outcomes []struct {
			Name string   `json:"name"`
			Rate interval `json:"rate"`
		} `json:"outcomes"`
		Wins []struct {
			Name string   `json:"name"`
			Rate interval `json:"rate"`
		} `json:"wins"`
	}
	readJSON(t, js, &sum)
	if sum.Game != "horizon" || len(sum.Outcomes) != 5 || len(sum.Wins) != 2 || sum.Wins[0].Rate.N != 2000 {
		t.Fatalf("summary.json: game %q, %d outcomes, %d sides: %+v", sum.Game, len(sum.Outcomes), len(sum.Wins), sum.Wins)
	}
	// the default matchup is a contest
	if w := sum.Wins[0].Rate; w.Low < 0.3 || w.High > 0.7 {
		t.Errorf("the hunters win %.3f [%.3f, %.3f]: not within 30%%..70%%", w.Estimate, w.Low, w.High)
	}
	if duelSummary(t, filepath.Join(out, "summary.json")) != duelSummary(t, js) {
		t.Error("-out's summary.json differs from -json's")
	}
	md, err := os.ReadFile(filepath.Join(out, "summary.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"duo vs Sawtooth Lair", "Deadliest behaviour card", "Encounter points per hunt", "Faints per hunt"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("summary.md has no %q", want)
		}
	}
	for _, f := range []string{"summary.html", "hunters.csv", "machines.csv", "cards.csv", "points_by_turn.csv", "points_by_turn.svg", "standing.svg", "outcomes.png", "length.svg"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("the report has no %s: %v", f, err)
		}
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(out, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if m := cazadoresOnly.Find(b); m != nil {
			t.Errorf("the report's %s says %q", e.Name(), m)
		}
	}
}

// The same seed gives the same summary.json on 1, 2 and 7 workers, and
// the shards of a run, merged in any order, give the run's.
func TestHorizonDeterministic(t *testing.T) {
	dir := t.TempDir()
	var ref string
	for _, w := range []string{"1", "2", "7"} {
		p := filepath.Join(dir, "w"+w+".json")
		hzRun(t, exitOK, "run", "-hunts", "1500", "-seed", "9", "-workers", w, "-json", p, "-quiet")
		if got := duelSummary(t, p); ref == "" {
			ref = got
		} else if got != ref {
			t.Errorf("summary.json on %s workers differs from 1 worker's", w)
		}
	}
	var shards []string
	for _, k := range []string{"0", "1", "2"} {
		p := filepath.Join(dir, "shard"+k+".json")
		hzRun(t, exitOK, "run", "-hunts", "1500", "-seed", "9", "-shards", "3", "-shard", k, "-tally", p, "-quiet")
		shards = append(shards, p)
	}
	merged := filepath.Join(dir, "merged.json")
	hzRun(t, exitOK, "merge", shards[1], shards[2], shards[0], "-json", merged)
	if duelSummary(t, merged, "ablations") != duelSummary(t, filepath.Join(dir, "w1.json"), "ablations") {
		t.Error("the merged shards' summary.json differs from the run's")
	}
	if code, _, errb := balance(t, "merge", "-game", "cazadores", shards[0], shards[1], shards[2]); code == exitOK || !strings.Contains(errb, "horizon") {
		t.Errorf("merging the machine hunt's shards as Cazadores': exit %d: %s", code, errb)
	}
}

// compare, sweep, tune, sensitivity, skill and analyze with the machine
// hunt's own keys, figures and tiers.
func TestHorizonWorkflows(t *testing.T) {
	dir := t.TempDir()

	t.Run("compare", func(t *testing.T) {
		p := filepath.Join(dir, "compare.json")
		hzRun(t, exitOK, "compare", "-set", "machine.sawtooth.armour=+1", "-hunts", "1000", "-json", p, "-quiet")
		var c struct {
			B       string     `json:"b"`
			Figures []string   `json:"figures"`
			A       []figure   `json:"figures_a"`
			BFigs   []figure   `json:"figures_b"`
			Changes []interval `json:"changes"`
			OnlyA   int        `json:"only_a"`
			OnlyB   int        `json:"only_b"`
		}
		readJSON(t, p, &c)
		if !strings.HasSuffix(c.B, "with machine.sawtooth.armour=+1") || len(c.Figures) == 0 || c.Figures[0] != "win:hunters" || len(c.Changes) != len(c.Figures) {
			t.Fatalf("compare.json: %+v", c)
		}
		// paired on the same hunts: the change is the difference of the
		// wins, hunt by hunt; a tougher Sawtooth loses the hunters hunts
		d := c.BFigs[0].Estimate.Estimate - c.A[0].Estimate.Estimate
		if math.Abs(d-c.Changes[0].Estimate) > 1e-12 || math.Abs(float64(c.OnlyB-c.OnlyA)/1000-d) > 1e-12 || c.Changes[0].High >= 0 {
			t.Errorf("change %+v, difference of the wins %v, only A won %d, only B %d", c.Changes[0], d, c.OnlyA, c.OnlyB)
		}
	})

	t.Run("sweep", func(t *testing.T) {
		out := filepath.Join(dir, "sweep")
		stdout, _ := hzRun(t, exitOK, "sweep", "-param", "machine.watcher.hp=4..6", "-hunts", "500", "-out", out)
		if !strings.Contains(stdout, "machine.watcher.hp") || !strings.Contains(stdout, "Hunters win ") {
			t.Errorf("sweep:\n%s", stdout)
		}
		var s struct {
			Figures []string `json:"figures"`
			Points  []struct {
				Values []int `json:"values"`
			} `json:"points"`
		}
		readJSON(t, filepath.Join(out, "sweep.json"), &s)
		if len(s.Points) != 3 || s.Figures[0] != "win:hunters" {
			t.Fatalf("sweep.json: %+v", s)
		}
	})

	t.Run("tune", func(t *testing.T) {
		stdout, _ := hzRun(t, exitOK, "tune", "-param", "machine.sawtooth.armour=1..4", "-target", "win=0.3..0.7", "-hunts", "500", "-quiet")
		if !regexp.MustCompile(`Values meeting every target: 2\b`).MatchString(stdout) {
			t.Errorf("tune: the default armour 2 does not meet win=0.3..0.7:\n%s", stdout)
		}
	})

	t.Run("sensitivity", func(t *testing.T) {
		out := filepath.Join(dir, "sensitivity")
		hzRun(t, exitOK, "sensitivity", "-hunts", "500", "-out", out, "-quiet")
		var s struct {
			Levers []struct {
				Key   string `json:"key"`
				Value int    `json:"value"`
			} `json:"levers"`
		}
		readJSON(t, filepath.Join(out, "sensitivity.json"), &s)
		got := map[string]int{}
		for _, l := range s.Levers {
			got[l.Key] = l.Value
		}
		if got["machine.sawtooth.armour"] != 2 || got["machine.watcher.hp"] != 5 || got["encounter.threshold"] != 10 {
			t.Errorf("levers: %+v", s.Levers)
		}
	})

	t.Run("skill", func(t *testing.T) {
		p := filepath.Join(dir, "skill.json")
		hzRun(t, exitOK, "skill", "-hunts", "500", "-json", p, "-quiet")
		var s struct {
			Tiers []struct {
				Name    string   `json:"name"`
				Figures []figure `json:"figures"`
			} `json:"tiers"`
		}
		readJSON(t, p, &s)
		if len(s.Tiers) != 3 || s.Tiers[0].Name != "random" || s.Tiers[1].Name != "basic" || s.Tiers[2].Name != "careful" {
			t.Fatalf("skill.json tiers: %+v", s.Tiers)
		}
		// each tier wins more often than the one below
		for i := 1; i < len(s.Tiers); i++ {
			if lo, hi := s.Tiers[i-1].Figures[0].Estimate, s.Tiers[i].Figures[0].Estimate; hi.Low <= lo.High {
				t.Errorf("%s %+v is not above %s %+v", s.Tiers[i].Name, hi, s.Tiers[i-1].Name, lo)
			}
		}
	})

	t.Run("analyze", func(t *testing.T) {
		out := filepath.Join(dir, "analyze")
		hzRun(t, exitOK, "analyze", "-hunts", "300", "-skill-hunts", "300", "-out", out, "-quiet")
		for _, enc := range []string{"river_crossing", "sawtooth_lair", "shell_walker_pass", "watcher_ridge"} {
			if _, err := os.Stat(filepath.Join(out, enc, "summary.md")); err != nil {
				t.Errorf("analyze wrote no report of %s: %v", enc, err)
			}
		}
	})
}

// A baseline passes regress on its own hunts and fails it when the
// Sawtooth's armour changes.
func TestHorizonBaselineRegress(t *testing.T) {
	base := filepath.Join(t.TempDir(), "base.json")
	hzRun(t, exitOK, "baseline", "-hunts", "1000", "-out", base, "-quiet")
	if out, _ := hzRun(t, exitOK, "regress", "-baseline", base, "-quiet"); !strings.Contains(out, "identical to the baseline: pass") {
		t.Errorf("regress on the baseline's seed:\n%s", out)
	}
	if out, _ := hzRun(t, exitError, "regress", "-baseline", base, "-set", "machine.sawtooth.armour=+1", "-quiet"); !regexp.MustCompile(`\| win:hunters \|.*\| \*\*yes\*\* \|`).MatchString(out) {
		t.Errorf("regress with machine.sawtooth.armour=+1:\n%s", out)
	}
}

// The trace of hunt 0 of seed 1 of the default matchup is pinned (a
// change is a change in the rules, the policies or the data, re-pinned
// on purpose with -update); it ends with its outcome, and -json writes
// one event per line of text, the outcome last.
func TestHorizonTrace(t *testing.T) {
	text, _ := hzRun(t, exitOK, "trace", "-seed", "1", "-hunt", "0")
	golden(t, "trace-horizon.golden", text)
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "outcome: ") {
		t.Fatalf("the trace ends with %q", last)
	}
	events, _ := hzRun(t, exitOK, "trace", "-seed", "1", "-hunt", "0", "-json", "-")
	objs := strings.Split(strings.TrimSpace(events), "\n")
	var ev struct{ Event, Text string }
	if err := json.Unmarshal([]byte(objs[len(objs)-1]), &ev); err != nil {
		t.Fatal(err)
	}
	if len(objs) != len(lines) || ev.Event != "end" || ev.Text != lines[len(lines)-1] {
		t.Errorf("%d events for %d lines; the last: %+v", len(objs), len(lines), ev)
	}
}

// validate checks the bundled data, and a broken copy of a file with its
// problems at FILE:LINE:COL, the field named and the likely spelling.
func TestHorizonValidate(t *testing.T) {
	out, _ := hzRun(t, exitOK, "validate")
	if !strings.HasPrefix(out, "ok: 4 encounters, 4 parties") {
		t.Errorf("validate: %s", out)
	}
	src, err := os.ReadFile(filepath.Join(repoRoot(t), "configs", "horizon", "machines.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(strings.Replace(string(src), "    hp: 5\n", "    hp: 500\n", 1), "    armour: 1\n", "    armuor: 1\n", 1)
	p := filepath.Join(t.TempDir(), "machines.yaml")
	if err := os.WriteFile(p, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errb := hzRun(t, exitError, "validate", p)
	for _, want := range []string{
		p + `:15:5: machines.watcher.armuor: unknown field "armuor"; did you mean "armour"?`,
		p + ":14:9: machines.watcher.hp: 500 is out of range 1..99",
		"1 file",
	} {
		if !strings.Contains(errb, want) {
			t.Errorf("validate of a broken copy: no %q in\n%s", want, errb)
		}
	}
}

// odds prints the exact law of a roll from the data's faces: the text,
// and -json with the faces and the distributions.
func TestHorizonOdds(t *testing.T) {
	out, _ := hzRun(t, exitOK, "odds", "-dice", "2orange,1black")
	for _, want := range []string{"roll: 2 orange + 1 black", "orange faces: 0 1 1 1 2 1+crit", "total pips", "mean 4.6667", "crits"} {
		if !strings.Contains(out, want) {
			t.Errorf("odds: no %q in\n%s", want, out)
		}
	}
	js, _ := hzRun(t, exitOK, "odds", "-dice", "1orange", "-armour", "1", "-json")
	var o struct {
		Dice   map[string][]string `json:"dice"`
		Pips   []float64           `json:"pips"`
		Crits  []float64           `json:"crits"`
		Armour int                 `json:"armour"`
		Damage []float64           `json:"damage"`
	}
	if err := json.Unmarshal([]byte(js), &o); err != nil {
		t.Fatalf("odds -json: %v\n%s", err, js)
	}
	// one orange die, faces 0 1 1 1 2 1+crit (a crit face counts its
	// pips): pips 0, 1, 2 with 1/6, 4/6, 1/6; a crit 1/6; past armour 1,
	// 1 damage only on the 2
	exact := func(what string, got, want []float64) {
		if len(got) != len(want) {
			t.Errorf("%s: %v, want %v", what, got, want)
			return
		}
		for i := range want {
			if math.Abs(got[i]-want[i]) > 1e-12 {
				t.Errorf("%s: %v, want %v", what, got, want)
				return
			}
		}
	}
	exact("pips", o.Pips, []float64{1.0 / 6, 4.0 / 6, 1.0 / 6})
	exact("crits", o.Crits, []float64{5.0 / 6, 1.0 / 6})
	exact("damage past armour 1", o.Damage, []float64{5.0 / 6, 1.0 / 6})
	if len(o.Dice["black"]) != 6 || o.Armour != 1 {
		t.Errorf("faces %v, armour %d", o.Dice, o.Armour)
	}
	if _, errb := hzRun(t, exitUsage, "odds", "-dice", "2purple"); !strings.Contains(errb, "purple") {
		t.Errorf("odds -dice 2purple: %s", errb)
	}
}
