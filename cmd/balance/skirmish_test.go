package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The skirmish game (game/skirmish) through every command that plays
// battles, with small runs: its own figures and labels, its data's
// errors, its exact odds, and the same results on any number of workers
// and from merged shards.

// skirmishRun runs balance with args (the game's -game added) and fails the
// test on an exit code other than want.
func skirmishRun(t *testing.T, want int, args ...string) (stdout, stderr string) {
	t.Helper()
	args = append(args[:1:1], append([]string{"-game", "skirmish"}, args[1:]...)...)
	code, out, errb := balance(t, args...)
	if code != want {
		t.Fatalf("balance %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), code, want, out, errb)
	}
	return out, errb
}

// notSkirmish matches what belongs to Cazadores alone.
var notSkirmish = regexp.MustCompile(`(?i)cazador|adversar|\bpack\b|hunter|minion|wandering|objective`)

func TestSkirmishListed(t *testing.T) {
	_, out, _ := balance(t, "list", "games")
	if !strings.Contains(out, "skirmish\td20 skirmish: ") {
		t.Errorf("list games:\n%s", out)
	}
	if _, out, _ := balance(t, "version"); !regexp.MustCompile(`, skirmish [0-9a-f]{12}[,\n]`).MatchString(out) {
		t.Errorf("version prints no hash of the game's data:\n%s", out)
	}
	for _, kind := range []string{"warbands", "scenarios", "creatures", "weapons"} {
		if out, _ := skirmishRun(t, exitOK, "list", kind); strings.TrimSpace(out) == "" {
			t.Errorf("list %s: nothing", kind)
		}
	}
}

// A run: the table and the report show the game's figures with its
// labels, and nothing of Cazadores.
func TestSkirmishRun(t *testing.T) {
	dir := t.TempDir()
	js, out := filepath.Join(dir, "summary.json"), filepath.Join(dir, "report")
	stdout, _ := skirmishRun(t, exitOK, "run", "-hunts", "2000", "-json", js, "-out", out, "-quiet")
	for _, want := range []string{"Shooting crew wins ", "  Shooting crew won on loot ", "  Melee crew won: Shooting crew out of action ", "Mean turns ", "Loot scored by Melee crew", "Figures of Shooting crew out of action", "Best shot ", "Parts that matter "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the table has no %q:\n%s", want, stdout)
		}
	}
	if m := notSkirmish.FindString(stdout); m != "" {
		t.Errorf("the table says %q:\n%s", m, stdout)
	}
	var sum struct {
		Game string `json:"game"`
		Wins []struct {
			Name string   `json:"name"`
			Rate interval `json:"rate"`
		} `json:"wins"`
	}
	readJSON(t, js, &sum)
	if sum.Game != "skirmish" || len(sum.Wins) != 2 {
		t.Fatalf("summary.json: game %q, %d sides", sum.Game, len(sum.Wins))
	}
	// The default battle is a contest: each warband wins 30-70%.
	for _, w := range sum.Wins {
		if w.Rate.Low < 0.30 || w.Rate.High > 0.70 {
			t.Errorf("%s wins %.3f [%.3f, %.3f]: not a contest", w.Name, w.Rate.Estimate, w.Rate.Low, w.Rate.High)
		}
	}
	md, err := os.ReadFile(filepath.Join(out, "summary.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Shooting crew vs Melee crew (Salvage)", "Warlord Kess", "Loot scored by Shooting crew"} {
		if !bytes.Contains(md, []byte(want)) {
			t.Errorf("summary.md has no %q", want)
		}
	}
	for _, f := range []string{"summary.html", "outcomes.png", "length.svg", "roles.csv", "figures.csv", "damage_to_a.csv", "standing.svg", "ablations.csv"} {
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
		if m := notSkirmish.Find(b); m != nil {
			t.Errorf("the report's %s says %q", e.Name(), m)
		}
	}
}

// The trace of the default battle (battle 0 of seed 1) is pinned; it
// ends with its outcome, and -json tells the same battle as one object
// per line.
func TestSkirmishTrace(t *testing.T) {
	out, _ := skirmishRun(t, exitOK, "trace", "-hunt", "0", "-seed", "1")
	golden(t, "trace-skirmish.golden", out)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.HasPrefix(lines[len(lines)-1], "outcome: ") {
		t.Errorf("the trace ends %q", lines[len(lines)-1])
	}
	js, _ := skirmishRun(t, exitOK, "trace", "-hunt", "0", "-seed", "1", "-json", "-")
	var last map[string]any
	for _, line := range strings.Split(strings.TrimSpace(js), "\n") {
		if err := json.Unmarshal([]byte(line), &last); err != nil {
			t.Fatalf("-json: %v in %s", err, line)
		}
	}
	if last["kind"] != "end" || !strings.Contains(out, "outcome: "+last["outcome"].(string)) {
		t.Errorf("-json ends with %v; the text with %q", last, lines[len(lines)-1])
	}
}

// validate: the bundled data is sound; a broken copy of a warband is
// told with FILE:LINE:COL, the field and the likely spelling.
func TestSkirmishValidate(t *testing.T) {
	if out, _ := skirmishRun(t, exitOK, "validate"); !strings.HasPrefix(out, "ok: 2 warbands") {
		t.Errorf("validate: %s", out)
	}
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "configs", "skirmish", "warbands", "shooting-crew.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	broken := bytes.Replace(b, []byte("fight:"), []byte("fihgt:"), 1)
	if bytes.Equal(broken, b) {
		t.Fatal("no fight: in the warband file")
	}
	dir := filepath.Join(t.TempDir(), "warbands")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "shooting-crew.yaml")
	if err := os.WriteFile(file, broken, 0o644); err != nil {
		t.Fatal(err)
	}
	_, errb := skirmishRun(t, exitError, "validate", file)
	if !regexp.MustCompile(regexp.QuoteMeta(file) + `:\d+:\d+: figures\[0\]\.fihgt: unknown field "fihgt"; did you mean "fight"\?`).MatchString(errb) {
		t.Errorf("validate of a broken warband:\n%s", errb)
	}
	if _, errb := skirmishRun(t, exitError, "run", "-data", filepath.Dir(dir), "-hunts", "10", "-quiet"); !strings.Contains(errb, "shooting-crew.yaml:") {
		t.Errorf("run over a broken data directory:\n%s", errb)
	}
}

// odds: the exact opposed roll and target-number roll, as text and JSON,
// against the closed forms.
func TestSkirmishOdds(t *testing.T) {
	out, _ := skirmishRun(t, exitOK, "odds", "-attack", "3", "-defend", "1", "-json")
	var o struct {
		A, T, D float64
	}
	var m map[string]float64
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	o.A, o.T, o.D = m["p_attacker"], m["p_tie"], m["p_defender"]
	// d20 + 3 against d20 + 1: the defender's die must be at least 2
	// lower to lose: 1 − 19·18/800 wins for the attacker, 18/400 ties.
	if o.A != 1-19.0*18/800 || o.T != 18.0/400 || o.A+o.T+o.D != 1 {
		t.Errorf("odds -attack 3 -defend 1: %s", out)
	}
	out, _ = skirmishRun(t, exitOK, "odds", "-attack", "2", "-defend", "0", "-damage", "1", "-armour", "10", "-json")
	var dist struct {
		Dist []float64 `json:"damage_distribution"`
		P    float64   `json:"p_attacker"`
	}
	if err := json.Unmarshal([]byte(out), &dist); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	var sum float64
	for _, p := range dist.Dist {
		sum += p
	}
	if len(dist.Dist) < 2 || sum < 1-1e-9 || sum > 1+1e-9 || dist.Dist[0] < 1-dist.P-1e-9 {
		t.Errorf("the damage distribution: %s", out)
	}
	if out, _ := skirmishRun(t, exitOK, "odds", "-tn", "12", "-stat", "2"); !strings.Contains(out, "0.5500") {
		t.Errorf("odds -tn 12 -stat 2: %s", out)
	}
	if _, errb := skirmishRun(t, exitUsage, "odds", "-attack", "3"); errb == "" {
		t.Error("odds -attack without -defend: no message")
	}
}

// compare, sweep, tune, sensitivity, skill and analyze over the game:
// each runs and follows the game's own figures; a better shot helps the
// shooting crew, on the same battles.
func TestSkirmishWorkflows(t *testing.T) {
	dir := t.TempDir()
	t.Run("compare", func(t *testing.T) {
		p := filepath.Join(dir, "compare.json")
		skirmishRun(t, exitOK, "compare", "-set", "a.bonus.shoot=+1", "-hunts", "1500", "-json", p, "-quiet")
		var c struct {
			Figures []string   `json:"figures"`
			Changes []interval `json:"changes"`
			P       float64    `json:"mcnemar_p"`
		}
		readJSON(t, p, &c)
		if len(c.Figures) < 3 || c.Figures[0] != "win:a" || len(c.Changes) != len(c.Figures) {
			t.Fatalf("compare.json: %+v", c)
		}
		if c.Changes[0].Low <= 0 || c.P > 1e-3 {
			t.Errorf("+1 Shoot to the shooting crew: change in its wins %+v, McNemar p %g", c.Changes[0], c.P)
		}
	})
	t.Run("sweep", func(t *testing.T) {
		out := filepath.Join(dir, "sweep")
		skirmishRun(t, exitOK, "sweep", "-param", "b.bonus.fight=-1..1", "-hunts", "800", "-out", out, "-quiet")
		var s struct {
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
		if lo, hi := s.Points[0].Figures[0], s.Points[2].Figures[0]; lo.Estimate <= hi.Estimate {
			t.Errorf("a fiercer melee crew does not make the shooting crew win less: %v at -1, %v at +1", lo.Estimate, hi.Estimate)
		}
	})
	t.Run("tune", func(t *testing.T) {
		stdout, _ := skirmishRun(t, exitOK, "tune", "-param", "b.bonus.fight", "-target", "win=0.3..0.7", "-hunts", "600", "-quiet")
		if !strings.Contains(stdout, "Values meeting every target: ") {
			t.Errorf("tune:\n%s", stdout)
		}
	})
	t.Run("sensitivity", func(t *testing.T) {
		out := filepath.Join(dir, "sensitivity")
		skirmishRun(t, exitOK, "sensitivity", "-hunts", "600", "-out", out, "-quiet")
		var s struct {
			Levers []struct {
				Key string `json:"key"`
			} `json:"levers"`
		}
		readJSON(t, filepath.Join(out, "sensitivity.json"), &s)
		if len(s.Levers) != 12 || s.Levers[0].Key != "a.bonus.fight" {
			t.Errorf("sensitivity levers: %+v", s.Levers)
		}
	})
	t.Run("skill", func(t *testing.T) {
		p := filepath.Join(dir, "skill.json")
		skirmishRun(t, exitOK, "skill", "-hunts", "600", "-json", p, "-quiet")
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
		if r, b := s.Tiers[0].Figures[0].Estimate, s.Tiers[1].Figures[0].Estimate; r.High >= b.Low {
			t.Errorf("random %+v is not below basic %+v", r, b)
		}
	})
	t.Run("analyze", func(t *testing.T) {
		out := filepath.Join(dir, "analyze")
		skirmishRun(t, exitOK, "analyze", "-hunts", "200", "-skill-hunts", "0", "-out", out, "-quiet")
		if _, err := os.Stat(filepath.Join(out, "index.md")); err != nil {
			t.Error(err)
		}
	})
}

// The same seed gives the same summary.json on 1, 2 and 7 workers; the
// shards of a run, merged, give the run's; a baseline passes regress.
func TestSkirmishDeterministic(t *testing.T) {
	dir := t.TempDir()
	var ref string
	for _, w := range []string{"1", "2", "7"} {
		p := filepath.Join(dir, "w"+w+".json")
		skirmishRun(t, exitOK, "run", "-hunts", "1500", "-seed", "5", "-workers", w, "-json", p, "-quiet")
		if got := duelSummary(t, p); ref == "" {
			ref = got
		} else if got != ref {
			t.Errorf("summary.json on %s workers differs from 1 worker's", w)
		}
	}
	var shards []string
	for _, k := range []string{"0", "1", "2"} {
		p := filepath.Join(dir, "shard"+k+".json")
		skirmishRun(t, exitOK, "run", "-hunts", "1500", "-seed", "5", "-shards", "3", "-shard", k, "-tally", p, "-quiet")
		shards = append(shards, p)
	}
	merged := filepath.Join(dir, "merged.json")
	skirmishRun(t, exitOK, "merge", shards[1], shards[2], shards[0], "-json", merged)
	if duelSummary(t, merged, "ablations") != duelSummary(t, filepath.Join(dir, "w1.json"), "ablations") {
		t.Error("the merged shards' summary.json differs from the run's")
	}
	base := filepath.Join(dir, "base.json")
	skirmishRun(t, exitOK, "baseline", "-hunts", "1000", "-out", base, "-quiet")
	if out, _ := skirmishRun(t, exitOK, "regress", "-baseline", base, "-quiet"); !strings.Contains(out, "identical to the baseline: pass") {
		t.Errorf("regress on the baseline's seed:\n%s", out)
	}
	if _, errb := skirmishRun(t, exitError, "regress", "-baseline", base, "-set", "a.bonus.shoot=+2", "-quiet"); errb == "" {
		t.Error("regress with a better shooting crew: no message")
	}
}
