package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"balance/game/testdata/duel"
)

// The duel (game/testdata/duel, added to the games by testgames_test.go)
// goes through every command that plays hunts: what balance does for one
// game it does for any game plugged in through the contract alone. Its
// exact outcome probabilities (the duel's Markov chain) are what every
// interval the commands print must cover.

// duelExact is the duel's exact probability that A wins, B wins and the
// duel is drawn, for A's side played by policy, with the overrides set.
func duelExact(t *testing.T, policy string, set ...string) [3]float64 {
	t.Helper()
	data, err := duel.Game{}.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	d, err := data.Design(context.Background(), nil, set, 1)
	if err != nil {
		t.Fatal(err)
	}
	a, b, draw := d.(*duel.Design).Exact(policy)
	return [3]float64{a, b, draw}
}

// interval is an estimate with its 95% interval, as the JSON outputs
// write it.
type interval struct {
	Estimate float64 `json:"estimate"`
	Low      float64 `json:"low"`
	High     float64 `json:"high"`
	N        int     `json:"n"`
}

// covers checks that the 95% interval holds the exact value p.
func (iv interval) covers(t *testing.T, what string, p float64) {
	t.Helper()
	if iv.N == 0 || p < iv.Low-1e-12 || p > iv.High+1e-12 {
		t.Errorf("%s: %.4f [%.4f, %.4f] (n=%d) does not cover the exact %.4f", what, iv.Estimate, iv.Low, iv.High, iv.N, p)
	}
}

// near checks that the 95% interval, each side widened to a 99.9% one
// (3.29 standard errors for 1.96), holds the exact value p: a test that
// checks some twenty intervals would otherwise expect one of them to miss.
func (iv interval) near(t *testing.T, what string, p float64) {
	t.Helper()
	const widen = 3.29 / 1.96
	lo, hi := iv.Estimate-widen*(iv.Estimate-iv.Low), iv.Estimate+widen*(iv.High-iv.Estimate)
	if iv.N == 0 || p < lo-1e-12 || p > hi+1e-12 {
		t.Errorf("%s: %.4f [%.4f, %.4f] (n=%d), widened to [%.4f, %.4f], does not hold the exact %.4f", what, iv.Estimate, iv.Low, iv.High, iv.N, lo, hi, p)
	}
}

// figure is one figure of a comparison, skill trace or sensitivity base.
type figure struct {
	Key      string   `json:"key"`
	Estimate interval `json:"estimate"`
}

// duelRun runs balance with args (the duel's -game added) and fails the
// test on an exit code other than want.
func duelRun(t *testing.T, want int, args ...string) (stdout, stderr string) {
	t.Helper()
	args = append(args[:1:1], append([]string{"-game", "duel"}, args[1:]...)...)
	code, out, errb := balance(t, args...)
	if code != want {
		t.Fatalf("balance %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), code, want, out, errb)
	}
	return out, errb
}

// readJSON decodes the JSON file p into v.
func readJSON(t *testing.T, p string, v any) {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", p, err)
	}
}

// duelSummary reads a summary.json without its timing (and without the
// keys drop), as canonical JSON.
func duelSummary(t *testing.T, p string, drop ...string) string {
	t.Helper()
	var m map[string]any
	readJSON(t, p, &m)
	delete(m, "timing")
	for _, k := range drop {
		delete(m, k)
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// notCazadores matches what belongs to Cazadores alone: a report of the
// duel holds none of it.
var notCazadores = regexp.MustCompile(`(?i)cazador|adversar|pack|hunter|minion|wandering|scenario|objective`)

func TestDuelListedInTestsOnly(t *testing.T) {
	_, out, _ := balance(t, "list", "games")
	if !strings.Contains(out, "duel\tDuel: ") || !strings.HasPrefix(out, "cazadores\t") {
		t.Errorf("list games in tests:\n%s", out)
	}
	for _, g := range realGames {
		if g.Info().Name == "duel" {
			t.Error("the duel is among the games of games.go")
		}
	}
	// The program itself does not even link the duel.
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	cmd := exec.Command(goTool, "list", "-deps", ".")
	var deps, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &deps, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, errb.String())
	}
	if !strings.Contains(deps.String(), "balance/game/cazadores\n") {
		t.Fatalf("go list -deps lists no balance/game/cazadores:\n%s", deps.String())
	}
	if strings.Contains(deps.String(), "balance/game/testdata/duel") {
		t.Error("the balance command links the duel")
	}
}

// A run of the duel: its table and report show the duel's figures with its
// labels and nothing of Cazadores, and the intervals cover the exact
// outcome probabilities.
func TestDuelRun(t *testing.T) {
	dir := t.TempDir()
	js, out := filepath.Join(dir, "summary.json"), filepath.Join(dir, "report")
	stdout, _ := duelRun(t, exitOK, "run", "-hunts", "4000", "-json", js, "-out", out, "-quiet")
	for _, want := range []string{"HP 6, Skill 4", "A wins ", "  Draw at the round cap ", "Mean rounds ", "Parts that matter ", "card 4: A wins "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the table has no %q:\n%s", want, stdout)
		}
	}
	if m := notCazadores.FindString(stdout); m != "" {
		t.Errorf("the duel's table says %q:\n%s", m, stdout)
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
	exact := duelExact(t, "basic")
	if sum.Game != "duel" || len(sum.Outcomes) != 3 || len(sum.Wins) != 2 {
		t.Fatalf("summary.json: game %q, %d outcomes, %d sides", sum.Game, len(sum.Outcomes), len(sum.Wins))
	}
	for i, o := range sum.Outcomes {
		o.Rate.near(t, "outcome "+o.Name, exact[i])
	}
	sum.Wins[0].Rate.covers(t, "A wins", exact[0])
	if duelSummary(t, filepath.Join(out, "summary.json")) != duelSummary(t, js) {
		t.Error("-out's summary.json differs from -json's")
	}
	md, err := os.ReadFile(filepath.Join(out, "summary.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"A vs B", "Duellists", "Cards", "Damage dealt to B", "Duellists standing", "Hits per attack", "Damage A took", "card 5 (damage 3)"} {
		if !bytes.Contains(md, []byte(want)) {
			t.Errorf("summary.md has no %q", want)
		}
	}
	for _, f := range []string{"summary.html", "duellists.csv", "cards.csv", "damage_to_b.csv", "standing.csv", "standing.svg", "outcomes.png", "length.svg"} {
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
		if m := notCazadores.Find(b); m != nil {
			t.Errorf("the duel's %s says %q", e.Name(), m)
		}
	}
}

// The same seed gives the same summary.json on 1, 2 and 7 workers, and
// the shards of a run, merged in any order, give the run's.
func TestDuelDeterministic(t *testing.T) {
	dir := t.TempDir()
	var ref string
	for _, w := range []string{"1", "2", "7"} {
		p := filepath.Join(dir, "w"+w+".json")
		duelRun(t, exitOK, "run", "-hunts", "3000", "-seed", "9", "-workers", w, "-json", p, "-quiet")
		if got := duelSummary(t, p); ref == "" {
			ref = got
		} else if got != ref {
			t.Errorf("summary.json on %s workers differs from 1 worker's", w)
		}
	}
	var shards []string
	for _, k := range []string{"0", "1", "2"} {
		p := filepath.Join(dir, "shard"+k+".json")
		duelRun(t, exitOK, "run", "-hunts", "3000", "-seed", "9", "-shards", "3", "-shard", k, "-tally", p, "-quiet")
		shards = append(shards, p)
	}
	merged := filepath.Join(dir, "merged.json")
	duelRun(t, exitOK, "merge", shards[2], shards[0], shards[1], "-json", merged)
	// The parts of the design are measured by a whole run only.
	if duelSummary(t, merged, "ablations") != duelSummary(t, filepath.Join(dir, "w1.json"), "ablations") {
		t.Error("the merged shards' summary.json differs from the run's")
	}
	// Shards of the duel are not Cazadores'.
	if code, _, errb := balance(t, "merge", "-game", "cazadores", shards[0], shards[1], shards[2]); code == exitOK || !strings.Contains(errb, "duel") {
		t.Errorf("merging the duel's shards as Cazadores': exit %d: %s", code, errb)
	}
}

// compare, sweep, tune, sensitivity and skill over the duel: every interval
// covers the exact figure of its design.
func TestDuelWorkflows(t *testing.T) {
	dir := t.TempDir()
	base := duelExact(t, "basic")

	t.Run("compare", func(t *testing.T) {
		p := filepath.Join(dir, "compare.json")
		duelRun(t, exitOK, "compare", "-set", "a.hp=+2", "-hunts", "2000", "-json", p, "-quiet")
		var c struct {
			B         string     `json:"b"`
			Figures   []string   `json:"figures"`
			A         []figure   `json:"figures_a"`
			BFigs     []figure   `json:"figures_b"`
			Changes   []interval `json:"changes"`
			OnlyA     int        `json:"only_a"`
			OnlyB     int        `json:"only_b"`
			McNemarP  float64    `json:"mcnemar_p"`
			VarReduce interval   `json:"variance_reduction"`
		}
		readJSON(t, p, &c)
		if c.B != "A vs B with a.hp=+2" || len(c.Figures) == 0 || c.Figures[0] != "win:a" || len(c.Changes) != len(c.Figures) {
			t.Fatalf("compare.json: %+v", c)
		}
		plus2 := duelExact(t, "basic", "a.hp=+2")
		c.A[0].Estimate.near(t, "A wins, design A", base[0])
		c.BFigs[0].Estimate.near(t, "A wins, design B", plus2[0])
		c.Changes[0].near(t, "the paired change in A wins", plus2[0]-base[0])
		// Paired on the same hunts: the change is the difference of the
		// wins, hunt by hunt, and its interval is narrower than
		// independent seeds would give.
		if d := c.BFigs[0].Estimate.Estimate - c.A[0].Estimate.Estimate; d-c.Changes[0].Estimate > 1e-12 || c.Changes[0].Estimate-d > 1e-12 {
			t.Errorf("change %v, difference of the wins %v", c.Changes[0].Estimate, d)
		}
		if float64(c.OnlyB-c.OnlyA)/2000 != c.Changes[0].Estimate || c.McNemarP > 1e-6 || c.VarReduce.Low <= 1 {
			t.Errorf("only A won %d, only B %d, change %v, McNemar p %g, variance reduction %+v", c.OnlyA, c.OnlyB, c.Changes[0].Estimate, c.McNemarP, c.VarReduce)
		}
	})

	t.Run("sweep", func(t *testing.T) {
		out := filepath.Join(dir, "sweep")
		duelRun(t, exitOK, "sweep", "-param", "a.hp=5..7", "-hunts", "2000", "-out", out, "-quiet")
		var s struct {
			Params  []string `json:"params"`
			Figures []string `json:"figures"`
			Points  []struct {
				Values  []int      `json:"values"`
				Figures []interval `json:"figures"`
			} `json:"points"`
		}
		readJSON(t, filepath.Join(out, "sweep.json"), &s)
		if len(s.Points) != 3 || s.Figures[0] != "win:a" {
			t.Fatalf("sweep.json: %+v", s)
		}
		for _, pt := range s.Points {
			hp := strconv.Itoa(pt.Values[0])
			pt.Figures[0].near(t, "A wins at a.hp="+hp, duelExact(t, "basic", "a.hp="+hp)[0])
		}
	})

	t.Run("tune", func(t *testing.T) {
		stdout, _ := duelRun(t, exitOK, "tune", "-param", "a.hp", "-target", "win=0.45..0.55", "-hunts", "1000", "-quiet")
		if !strings.Contains(stdout, "20 values (1..20)") {
			t.Errorf("tune did not search the lever's range 1..20:\n%s", stdout)
		}
		m := regexp.MustCompile(`Values meeting every target: ([0-9, ]+)\n`).FindStringSubmatch(stdout)
		if m == nil {
			t.Fatalf("tune found no value:\n%s", stdout)
		}
		// A value meets the target when its whole interval lies within:
		// its exact win rate does too.
		for _, v := range strings.Split(m[1], ", ") {
			if p := duelExact(t, "basic", "a.hp="+v)[0]; p < 0.45 || p > 0.55 {
				t.Errorf("a.hp=%s meets win=0.45..0.55, but A wins exactly %.4f", v, p)
			}
		}
	})

	t.Run("sensitivity", func(t *testing.T) {
		out := filepath.Join(dir, "sensitivity")
		duelRun(t, exitOK, "sensitivity", "-hunts", "2000", "-out", out, "-quiet")
		var s struct {
			Base   []figure `json:"base"`
			Levers []struct {
				Key     string     `json:"key"`
				Value   int        `json:"value"`
				Changes []interval `json:"changes"`
			} `json:"levers"`
		}
		readJSON(t, filepath.Join(out, "sensitivity.json"), &s)
		s.Base[0].Estimate.near(t, "base A wins", base[0])
		want := map[string]int{"a.hp": 6, "a.skill": 4, "b.hp": 7, "b.skill": 4}
		if len(s.Levers) != len(want) {
			t.Fatalf("%d levers, want %d", len(s.Levers), len(want))
		}
		for _, l := range s.Levers {
			if want[l.Key] != l.Value {
				t.Errorf("lever %s at %d, want %d", l.Key, l.Value, want[l.Key])
			}
			l.Changes[0].near(t, l.Key+" +1: change in A wins", duelExact(t, "basic", l.Key+"=+1")[0]-base[0])
		}
	})

	t.Run("skill", func(t *testing.T) {
		p := filepath.Join(dir, "skill.json")
		duelRun(t, exitOK, "skill", "-hunts", "2000", "-json", p, "-quiet")
		var s struct {
			Tiers []struct {
				Name    string   `json:"name"`
				Figures []figure `json:"figures"`
			} `json:"tiers"`
		}
		readJSON(t, p, &s)
		if len(s.Tiers) != 2 || s.Tiers[0].Name != "random" || s.Tiers[1].Name != "basic" {
			t.Fatalf("skill.json tiers: %+v", s.Tiers)
		}
		for _, tier := range s.Tiers {
			tier.Figures[0].Estimate.near(t, tier.Name+": A wins", duelExact(t, tier.Name)[0])
		}
	})
}

// A baseline of the duel passes regress on its seed and on another, and
// fails it when A's skill changes.
func TestDuelBaselineRegress(t *testing.T) {
	base := filepath.Join(t.TempDir(), "base.json")
	duelRun(t, exitOK, "baseline", "-hunts", "2000", "-out", base, "-quiet")
	if out, _ := duelRun(t, exitOK, "regress", "-baseline", base, "-quiet"); !strings.Contains(out, "identical to the baseline: pass") {
		t.Errorf("regress on the baseline's seed:\n%s", out)
	}
	out, _ := duelRun(t, exitOK, "regress", "-baseline", base, "-seed", "2", "-quiet")
	if !strings.Contains(out, "| win:a |") || !strings.Contains(out, ": pass") {
		t.Errorf("regress on another seed:\n%s", out)
	}
	// One precision per row: the baseline, now and the change of a figure
	// print their numbers with the same decimals.
	num := regexp.MustCompile(`\d+(\.(\d+))?`)
	for _, line := range strings.Split(out, "\n") {
		cells := strings.Split(line, " | ")
		if len(cells) < 4 || strings.Contains(line, "not testable") || !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| Figure") {
			continue
		}
		decimals := map[int]bool{}
		for _, c := range cells[1:4] {
			for _, m := range num.FindAllStringSubmatch(c, -1) {
				decimals[len(m[2])] = true
			}
		}
		if len(decimals) > 1 && !strings.Contains(cells[3], " pp ") {
			t.Errorf("regress row with mixed precision: %s", line)
		}
	}
	if out, _ := duelRun(t, exitError, "regress", "-baseline", base, "-set", "a.skill=+1", "-quiet"); !regexp.MustCompile(`\| win:a \|.*\| \*\*yes\*\* \|`).MatchString(out) {
		t.Errorf("regress with a.skill=+1:\n%s", out)
	}
}

// A trace of the duel ends with its outcome, the one a run plays for that
// hunt; -json writes one event per line of text, the outcome last.
func TestDuelTrace(t *testing.T) {
	text, _ := duelRun(t, exitOK, "trace", "-hunt", "3")
	lines := strings.Split(strings.TrimSpace(text), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "outcome: ") || !strings.HasPrefix(lines[0], "round 1: A attacks: d6 ") {
		t.Fatalf("trace:\n%s", text)
	}
	events, _ := duelRun(t, exitOK, "trace", "-hunt", "3", "-json", "-")
	objs := strings.Split(strings.TrimSpace(events), "\n")
	var ev struct{ Event, Outcome string }
	if err := json.Unmarshal([]byte(objs[len(objs)-1]), &ev); err != nil {
		t.Fatal(err)
	}
	if len(objs) != len(lines) || ev.Event != "outcome" || !strings.HasPrefix(last, "outcome: "+ev.Outcome+" ") {
		t.Errorf("%d events for %d lines; last event %+v, last line %q", len(objs), len(lines), ev, last)
	}
	// -find replays the first hunt of an outcome: a draw, once the round
	// cap is short.
	text, errb := duelRun(t, exitOK, "trace", "-set", "rules.round_cap=2", "-find", "draw")
	if !strings.Contains(errb, "is the first draw of seed 1") || !strings.Contains(text, "outcome: draw after 2 rounds") {
		t.Errorf("trace -find draw:\n%s%s", text, errb)
	}
}

// validate checks the duel's data, and gives every problem of a broken
// copy at its FILE:LINE:COL (exit code 1); a run of the broken data stops
// at the same place.
func TestDuelValidate(t *testing.T) {
	if out, _ := duelRun(t, exitOK, "validate"); !strings.HasPrefix(out, "ok: ") {
		t.Errorf("validate: %q", out)
	}
	good := filepath.Join(repoRoot(t), "game", "testdata", "duel", "duel.yaml")
	duelRun(t, exitOK, "validate", good)
	dir := t.TempDir()
	broken := filepath.Join(dir, "duel.yaml")
	if err := os.WriteFile(broken, []byte("a: {hp: 6, skil: 4}\nb: {hp: 70, skill: 4}\ndeck: [0, 1, 1, 2, 3]\nrules: {round_cap: 30}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wants := []string{broken + `:1:12: a.skil: unknown field "skil"; did you mean "skill"?`, broken + ":2:9: b.hp: 70 is out of range 1..20"}
	for _, args := range [][]string{{"validate", broken}, {"validate", "-data", dir}, {"run", "-data", dir, "-hunts", "10", "-quiet"}} {
		_, errb := duelRun(t, exitError, args...)
		for _, want := range wants {
			if !strings.Contains(errb, want) {
				t.Errorf("%s: no %q in\n%s", strings.Join(args, " "), want, errb)
			}
		}
	}
}

// Cazadores is the default game: with -game cazadores or without it, a
// command prints the same.
func TestDefaultGameIsCazadores(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"run", "-hunts", "300", "-card-hunts", "0", "-json", "-", "-quiet"},
		{"trace", "-hunt", "2"},
		{"compare", "-set", "adversary.def=+1", "-hunts", "300", "-quiet"},
		{"sweep", "-param", "adversary.def=5..6", "-hunts", "200", "-quiet"},
		{"list", "outcomes"},
	} {
		t.Run(args[0], func(t *testing.T) {
			code, out, errb := balance(t, args...)
			gcode, gout, gerrb := balance(t, append(args[:1:1], append([]string{"-game", "cazadores"}, args[1:]...)...)...)
			if code != exitOK || gcode != exitOK {
				t.Fatalf("exit %d and %d with -game cazadores\n%s%s", code, gcode, errb, gerrb)
			}
			if args[0] == "run" {
				a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
				if os.WriteFile(a, []byte(out), 0o644) != nil || os.WriteFile(b, []byte(gout), 0o644) != nil {
					t.Fatal("cannot write the summaries")
				}
				out, gout = duelSummary(t, a), duelSummary(t, b)
			}
			if out != gout || out == "" {
				t.Errorf("without -game:\n%s\nwith -game cazadores:\n%s", out, gout)
			}
		})
	}
}
