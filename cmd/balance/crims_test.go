package main

import (
	"context"
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"balance/game"
	"balance/game/crims"
)

// The d10-pool game (-game crims) through every command: a competitive
// game of four hunters, each a side, with its own labels, lists and odds.

// crimsRun runs balance with args (-game crims added) and fails the test
// on an exit code other than want.
func crimsRun(t *testing.T, want int, args ...string) (stdout, stderr string) {
	t.Helper()
	args = append(args[:1:1], append([]string{"-game", "crims"}, args[1:]...)...)
	code, out, errb := balance(t, args...)
	if code != want {
		t.Fatalf("balance %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), code, want, out, errb)
	}
	return out, errb
}

// notCazadoresWords matches what belongs to Cazadores alone (the game has
// hunters of its own).
var notCazadoresWords = regexp.MustCompile(`(?i)cazador|adversar|\bpack\b|minion|wandering|objective`)

// crimsOutcomes plays hunts 0..n-1 of seed through the plug itself and
// counts each outcome: what a run's report must say.
func crimsOutcomes(t *testing.T, seed uint64, n int) []int {
	t.Helper()
	data, err := crims.Game{}.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	d, err := data.Design(context.Background(), nil, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := d.NewPlayer("basic")
	if err != nil {
		t.Fatal(err)
	}
	rec := d.Schema().NewRecord()
	counts := make([]int, len(d.Schema().Outcomes))
	for i := range n {
		pl.Play(seed, uint64(i), rec)
		counts[rec.Outcome]++
	}
	return counts
}

func TestCrimsListed(t *testing.T) {
	_, out, _ := balance(t, "list", "games")
	if !strings.Contains(out, "\ncrims\tHunters vs Crims (d10 pool): ") {
		t.Errorf("list games:\n%s", out)
	}
	if !slices.ContainsFunc(realGames, func(g game.Game) bool { return g.Info().Name == "crims" }) {
		t.Error("crims is not among the games of games.go")
	}
	if _, out, _ := balance(t, "version"); !regexp.MustCompile(`, crims [0-9a-f]{12}(,|\n)`).MatchString(out) {
		t.Errorf("version prints no hash of the game's data:\n%s", out)
	}
	out, _ = crimsRun(t, exitOK, "list", "outcomes")
	for _, want := range []string{"bruiser_won", "marksman_won", "runner_won", "enforcer_won", "tie"} {
		if !strings.Contains(out, want) {
			t.Errorf("list outcomes has no %s:\n%s", want, out)
		}
	}
	for _, want := range []string{"\tmarksman_won\tMarksman won (most points)\twinner: Marksman\n", "\ttie\t", "\twinner: none\n"} {
		if !strings.Contains("\t"+strings.ReplaceAll(out, "\n", "\n\t"), want) {
			t.Errorf("list outcomes does not say %q:\n%s", want, out)
		}
	}
}

// A run: the table and the report show the game's figures with its
// labels, each outcome as many times as the plug plays it, and nothing of
// Cazadores.
func TestCrimsRun(t *testing.T) {
	dir := t.TempDir()
	js, out := filepath.Join(dir, "summary.json"), filepath.Join(dir, "report")
	const hunts = 1000
	stdout, _ := crimsRun(t, exitOK, "run", "-hunts", strconv.Itoa(hunts), "-card-hunts", "50", "-json", js, "-out", out, "-quiet")
	for _, want := range []string{"street-sweep", "Bruiser wins ", "  Marksman won (most points) ", "  Tie on points", "Mean turns ",
		"Marksman: Points ", "Wound Tokens crims dealt to hunters ", "Most damaging attack ", "Parts that matter "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the table has no %q:\n%s", want, stdout)
		}
	}
	if m := notCazadoresWords.FindString(stdout); m != "" {
		t.Errorf("the table says %q:\n%s", m, stdout)
	}
	var sum struct {
		Game     string `json:"game"`
		Outcomes []struct {
			Name  string   `json:"name"`
			Count int      `json:"count"`
			Rate  interval `json:"rate"`
		} `json:"outcomes"`
		Wins []struct {
			Name string   `json:"name"`
			Rate interval `json:"rate"`
		} `json:"wins"`
	}
	readJSON(t, js, &sum)
	if sum.Game != "crims" || len(sum.Outcomes) != 5 || len(sum.Wins) != 4 {
		t.Fatalf("summary.json: game %q, %d outcomes, %d sides", sum.Game, len(sum.Outcomes), len(sum.Wins))
	}
	want := crimsOutcomes(t, 1, hunts)
	for i, o := range sum.Outcomes {
		if o.Count != want[i] || o.Rate.N != hunts || o.Rate.Estimate != float64(want[i])/hunts || o.Rate.Low > o.Rate.Estimate || o.Rate.High < o.Rate.Estimate {
			t.Errorf("outcome %s: %d, %+v; the plug plays it %d times", o.Name, o.Count, o.Rate, want[i])
		}
		if i < 4 && (sum.Wins[i].Name != strings.TrimSuffix(o.Name, "_won") || sum.Wins[i].Rate != o.Rate) {
			t.Errorf("side %d: %+v, outcome %+v", i, sum.Wins[i], o)
		}
	}
	if duelSummary(t, filepath.Join(out, "summary.json")) != duelSummary(t, js) {
		t.Error("-out's summary.json differs from -json's")
	}
	md, err := os.ReadFile(filepath.Join(out, "summary.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Street Sweep: Bruiser, Marksman, Runner, Enforcer", "Hunters", "Attacks", "Crim profiles", "Marksman: Long Rifle",
		"Crims eliminated", "Times incapacitated", "Hunters not yet incapacitated", "Hits per attack", "Bruiser's points", "Which parts of the design matter"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("summary.md has no %q", want)
		}
	}
	for _, f := range []string{"summary.html", "hunters.csv", "attacks.csv", "crims.csv", "points_bruiser.csv", "crim_wounds_by_turn.csv",
		"never_incapacitated.svg", "outcomes.png", "length.svg", "ablations.csv"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("the report has no %s: %v", f, err)
		}
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".png") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(out, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if m := notCazadoresWords.Find(b); m != nil {
			t.Errorf("the report's %s says %q", e.Name(), m)
		}
	}
}

// The same seed gives the same summary.json on 1, 2 and 7 workers, and
// the shards of a run, merged in any order, give the run's.
func TestCrimsDeterministic(t *testing.T) {
	dir := t.TempDir()
	var ref string
	for _, w := range []string{"1", "2", "7"} {
		p := filepath.Join(dir, "w"+w+".json")
		crimsRun(t, exitOK, "run", "-hunts", "700", "-seed", "9", "-workers", w, "-card-hunts", "0", "-json", p, "-quiet")
		if got := duelSummary(t, p); ref == "" {
			ref = got
		} else if got != ref {
			t.Errorf("summary.json on %s workers differs from 1 worker's", w)
		}
	}
	var shards []string
	for _, k := range []string{"0", "1", "2"} {
		p := filepath.Join(dir, "shard"+k+".json")
		crimsRun(t, exitOK, "run", "-hunts", "700", "-seed", "9", "-shards", "3", "-shard", k, "-tally", p, "-quiet")
		shards = append(shards, p)
	}
	merged := filepath.Join(dir, "merged.json")
	crimsRun(t, exitOK, "merge", shards[1], shards[2], shards[0], "-json", merged)
	if duelSummary(t, merged, "ablations") != duelSummary(t, filepath.Join(dir, "w1.json"), "ablations") {
		t.Error("the merged shards' summary.json differs from the run's")
	}
}

// compare, sweep, tune, sensitivity and skill over the game.
func TestCrimsWorkflows(t *testing.T) {
	dir := t.TempDir()

	t.Run("compare", func(t *testing.T) {
		p := filepath.Join(dir, "compare.json")
		crimsRun(t, exitOK, "compare", "-set", "hunter.bruiser.fight=+3", "-hunts", "1500", "-json", p, "-quiet")
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
		if !strings.HasSuffix(c.B, " with hunter.bruiser.fight=+3") || len(c.Figures) == 0 || c.Figures[0] != "win:bruiser" || len(c.Changes) != len(c.Figures) {
			t.Fatalf("compare.json: %+v", c)
		}
		// Paired on the same hunts: the change is the difference of the
		// wins, hunt by hunt; three more Fight dice win the Bruiser more.
		if d := c.BFigs[0].Estimate.Estimate - c.A[0].Estimate.Estimate; d-c.Changes[0].Estimate > 1e-12 || c.Changes[0].Estimate-d > 1e-12 {
			t.Errorf("change %v, difference of the wins %v", c.Changes[0].Estimate, d)
		}
		if float64(c.OnlyB-c.OnlyA)/1500 != c.Changes[0].Estimate || c.Changes[0].Low <= 0 {
			t.Errorf("only A won %d, only B %d, change %+v", c.OnlyA, c.OnlyB, c.Changes[0])
		}
		if want := float64(crimsOutcomes(t, 1, 1500)[0]) / 1500; c.A[0].Estimate.Estimate != want {
			t.Errorf("design A's Bruiser wins %v, the plug's %v", c.A[0].Estimate.Estimate, want)
		}
	})

	t.Run("sweep", func(t *testing.T) {
		out := filepath.Join(dir, "sweep")
		crimsRun(t, exitOK, "sweep", "-param", "hunter.bruiser.fight=3..5", "-hunts", "600", "-out", out, "-quiet")
		var s struct {
			Figures []string `json:"figures"`
			Points  []struct {
				Values  []int      `json:"values"`
				Figures []interval `json:"figures"`
			} `json:"points"`
		}
		readJSON(t, filepath.Join(out, "sweep.json"), &s)
		if len(s.Points) != 3 || s.Figures[0] != "win:bruiser" || s.Points[0].Values[0] != 3 || s.Points[2].Values[0] != 5 {
			t.Fatalf("sweep.json: %+v", s)
		}
		// The point at the data's value is the plain run.
		if want := float64(crimsOutcomes(t, 1, 600)[0]) / 600; s.Points[2].Figures[0].Estimate != want {
			t.Errorf("at fight 5 the Bruiser wins %v, the plug's %v", s.Points[2].Figures[0].Estimate, want)
		}
	})

	t.Run("tune", func(t *testing.T) {
		stdout, _ := crimsRun(t, exitOK, "tune", "-param", "hunter.bruiser.fight", "-target", "win=0.1..0.5", "-hunts", "300", "-quiet")
		if !strings.Contains(stdout, "10 values (1..10)") || !strings.Contains(stdout, "Values meeting every target: ") {
			t.Errorf("tune did not search the lever's range 1..10 or found nothing:\n%s", stdout)
		}
	})

	t.Run("sensitivity", func(t *testing.T) {
		out := filepath.Join(dir, "sensitivity")
		crimsRun(t, exitOK, "sensitivity", "-hunts", "200", "-out", out, "-quiet")
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
		for k, v := range map[string]int{"hunter.bruiser.fight": 5, "hunter.marksman.shoot": 5, "crim.brute.wounds": 5} {
			if got[k] != v {
				t.Errorf("lever %s at %d, want %d (levers %v)", k, got[k], v, got)
			}
		}
	})

	t.Run("analyze", func(t *testing.T) {
		out := filepath.Join(dir, "analyze")
		crimsRun(t, exitOK, "analyze", "-hunts", "200", "-skill-hunts", "50", "-out", out, "-quiet")
		index, err := os.ReadFile(filepath.Join(out, "index.md"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(index), "Street Sweep") {
			t.Errorf("the index names no encounter:\n%s", index)
		}
		if _, err := os.Stat(filepath.Join(out, "street-sweep", "summary.md")); err != nil {
			t.Errorf("no report of the encounter: %v", err)
		}
	})

	t.Run("skill", func(t *testing.T) {
		p := filepath.Join(dir, "skill.json")
		crimsRun(t, exitOK, "skill", "-hunts", "400", "-json", p, "-quiet")
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
		// basic takes far more points than random.
		win := func(i int) interval {
			for _, f := range s.Tiers[i].Figures {
				if f.Key == "winning_points" {
					return f.Estimate
				}
			}
			t.Fatalf("tier %s has no winning_points", s.Tiers[i].Name)
			return interval{}
		}
		if r, b := win(0), win(1); b.Low <= r.High {
			t.Errorf("the winner's points: random %+v, basic %+v", r, b)
		}
	})
}

// A baseline passes regress on its own seed, and fails it when a build
// changes.
func TestCrimsBaselineRegress(t *testing.T) {
	base := filepath.Join(t.TempDir(), "base.json")
	crimsRun(t, exitOK, "baseline", "-hunts", "800", "-out", base, "-quiet")
	if out, _ := crimsRun(t, exitOK, "regress", "-baseline", base, "-quiet"); !strings.Contains(out, "identical to the baseline: pass") {
		t.Errorf("regress on the baseline's seed:\n%s", out)
	}
	if out, _ := crimsRun(t, exitError, "regress", "-baseline", base, "-set", "hunter.bruiser.fight=+4", "-quiet"); !regexp.MustCompile(`\| win:bruiser \|.*\| \*\*yes\*\* \|`).MatchString(out) {
		t.Errorf("regress with hunter.bruiser.fight=+4:\n%s", out)
	}
}

// The golden trace of the default matchup (hunt 0 of seed 1); -json writes
// one object a line of text, the outcome last; -find finds a tie.
func TestCrimsTrace(t *testing.T) {
	text, _ := crimsRun(t, exitOK, "trace", "-hunt", "0", "-seed", "1")
	golden(t, "trace-crims-street-sweep.golden", text)
	lines := strings.Split(strings.TrimSpace(text), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "outcome: ") || !strings.HasPrefix(lines[0], "match 0 of seed 1: Street Sweep: ") {
		t.Fatalf("trace:\n%s", text)
	}
	events, _ := crimsRun(t, exitOK, "trace", "-hunt", "0", "-seed", "1", "-json", "-")
	objs := strings.Split(strings.TrimSpace(events), "\n")
	var ev struct{ Kind, Outcome, Text string }
	if err := json.Unmarshal([]byte(objs[len(objs)-1]), &ev); err != nil {
		t.Fatal(err)
	}
	if len(objs) != len(lines) || ev.Kind != "outcome" || !strings.HasPrefix(last, "outcome: "+ev.Outcome+" ") || ev.Text != last {
		t.Errorf("%d events for %d lines; last event %+v, last line %q", len(objs), len(lines), ev, last)
	}
	text, errb := crimsRun(t, exitOK, "trace", "-find", "tie")
	if !strings.Contains(errb, "is the first tie of seed 1") || !strings.Contains(text, "outcome: tie after ") {
		t.Errorf("trace -find tie:\n%s%s", text, errb)
	}
}

// validate checks the bundled data, and gives every problem of a broken
// copy at its FILE:LINE:COL (exit code 1); a run of the broken data stops
// at the same place.
func TestCrimsValidate(t *testing.T) {
	if out, _ := crimsRun(t, exitOK, "validate"); !strings.HasPrefix(out, "ok: 1 encounter, 4 hunters") {
		t.Errorf("validate: %q", out)
	}
	good := filepath.Join(repoRoot(t), "configs", "crims", "hunters.yaml")
	crimsRun(t, exitOK, "validate", good)
	b, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(b), "  wound_max: 6\n", "  wound_maxx: 6\n", 1)
	broken = strings.Replace(broken, "fight: 5, shoot: 2,", "fight: 50, shoot: 2,", 1)
	if broken == string(b) {
		t.Fatal("the Bruiser of hunters.yaml changed: update the test")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "hunters.yaml")
	if err := os.WriteFile(p, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	wants := []*regexp.Regexp{
		regexp.MustCompile(regexp.QuoteMeta(p) + `:\d+:3: bruiser\.wound_maxx: unknown field "wound_maxx"; did you mean "wound_max"\?`),
		regexp.MustCompile(regexp.QuoteMeta(p) + `:\d+:\d+: bruiser\.attributes\.fight: 50 is out of range 1\.\.10`),
	}
	for _, args := range [][]string{{"validate", p}, {"validate", "-data", dir}, {"run", "-data", dir, "-hunts", "10", "-quiet"}} {
		_, errb := crimsRun(t, exitError, args...)
		for _, want := range wants {
			if !want.MatchString(errb) {
				t.Errorf("%s: no %s in\n%s", strings.Join(args, " "), want, errb)
			}
		}
	}
}

// odds prints the spec's exact P(success) for every pool of 1..6 dice and
// Threshold 1..4 (P-4), both ways of taking an Impact 10, and the
// distribution of a Damage check's Wounds (P-6).
func TestCrimsOdds(t *testing.T) {
	p4 := [6][4][2]string{
		{{"1/2", "1/2"}, {"0", "1/10"}, {"0", "0"}, {"0", "0"}},
		{{"7/10", "7/10"}, {"1/4", "3/10"}, {"0", "1/20"}, {"0", "0"}},
		{{"33/40", "33/40"}, {"19/40", "1/2"}, {"1/8", "7/40"}, {"0", "1/40"}},
		{{"9/10", "9/10"}, {"13/20", "53/80"}, {"3/10", "27/80"}, {"1/16", "1/10"}},
		{{"151/160", "151/160"}, {"31/40", "25/32"}, {"19/40", "1/2"}, {"29/160", "7/32"}},
		{{"31/32", "31/32"}, {"55/64", "69/80"}, {"5/8", "41/64"}, {"21/64", "23/64"}},
	}
	for n := 1; n <= 6; n++ {
		for th := 1; th <= 4; th++ {
			for k, impact := range []string{"single", "double"} {
				out, _ := crimsRun(t, exitOK, "odds", "-pool", strconv.Itoa(n), "-threshold", strconv.Itoa(th), "-impact", impact, "-json")
				var j struct {
					P    float64   `json:"p_success"`
					Dist []float64 `json:"distribution"`
				}
				if err := json.Unmarshal([]byte(out), &j); err != nil {
					t.Fatalf("%s: %v", out, err)
				}
				want, _ := new(big.Rat).SetString(p4[n-1][th-1][k])
				w, _ := want.Float64()
				sum, tail := 0.0, 0.0
				for s, p := range j.Dist {
					sum += p
					if s >= th {
						tail += p
					}
				}
				if d := j.P - w; d > 1e-12 || d < -1e-12 || sum < 1-1e-9 || sum > 1+1e-9 || tail-w > 1e-9 || w-tail > 1e-9 {
					t.Errorf("N=%d T=%d %s: p_success %v, P(s>=T) %v, total %v; the spec's %s", n, th, impact, j.P, tail, sum, p4[n-1][th-1][k])
				}
			}
		}
	}
	out, _ := crimsRun(t, exitOK, "odds", "-damage", "3", "-armor", "1", "-impact", "single")
	for _, want := range []string{"0          33/160", "1          3/8", "2          13/40", "3          3/32", "mean wounds 209/160"} {
		if !strings.Contains(out, want) {
			t.Errorf("P-6: no %q in\n%s", want, out)
		}
	}
	if _, errb := crimsRun(t, exitUsage, "odds", "-pool", "3", "-threshold", "2", "-impact", "triple"); !strings.Contains(errb, "single") {
		t.Errorf("-impact triple: %s", errb)
	}
}
