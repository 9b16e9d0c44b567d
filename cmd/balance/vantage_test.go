package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"balance/game"
)

// The tests of this file play Vantage (-game vantage) through every
// workflow, on few hunts.

// playVantage runs balance with -game vantage after the command, and fails
// the test on an exit code other than want.
func playVantage(t *testing.T, want int, cmd string, args ...string) (stdout, stderr string) {
	t.Helper()
	code, out, errb := balance(t, append([]string{cmd, "-game", "vantage"}, args...)...)
	if code != want {
		t.Fatalf("%s -game vantage %v: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", cmd, args, code, want, out, errb)
	}
	return out, errb
}

// vantageInterval is an estimate with its interval, as the JSON outputs
// write it.
type vantageInterval struct {
	Estimate, Low, High float64
	N                   int64
}

func TestVantageListed(t *testing.T) {
	_, out, _ := balance(t, "list", "games")
	if !regexp.MustCompile(`(?m)^vantage\t`).MatchString(out) {
		t.Fatalf("list games does not show vantage:\n%s", out)
	}
	out, _ = playVantage(t, exitOK, "list", "parties")
	if want := "archer\nduellist\nevader\npair\nraider\nraiders\n"; out != want {
		t.Errorf("list parties -game vantage:\n%s\nwant:\n%s", out, want)
	}
	out, _ = playVantage(t, exitOK, "list", "policies")
	for _, tier := range []string{"random", "basic"} {
		if !strings.Contains(out, tier) {
			t.Errorf("list policies -game vantage lacks %s:\n%s", tier, out)
		}
	}
	// A Cazadores flag is not Vantage's, and a -data that is not a
	// directory is a mistake in the command line: usage errors.
	for _, args := range [][]string{{"run", "-adversary", "praetorians"}, {"run", "-data", "no-such-dir"}, {"odds", "-data", "no-such-dir"}} {
		if code, _, _ := balance(t, append([]string{args[0], "-game", "vantage"}, args[1:]...)...); code != exitUsage {
			t.Errorf("%v -game vantage: exit %d, want %d", args, code, exitUsage)
		}
	}
	// version gives the hash of Vantage's embedded data.
	if _, out, _ := balance(t, "version"); !regexp.MustCompile(`, vantage [0-9a-f]{12}\b`).MatchString(out) {
		t.Errorf("version does not give Vantage's data hash:\n%s", out)
	}
}

// The report of a run shows Vantage's figures with its own labels and
// plots, and nothing of Cazadores.
func TestVantageRun(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	out, _ := playVantage(t, exitOK, "run", "-hunts", "3000", "-out", dir, "-quiet")
	for _, want := range []string{"Players win ", "(n=3000)", "HP the players lost", "HP the enemies lost", "Mean rounds", "Parts that matter", "no counter-vantage"} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
	md, err := os.ReadFile(filepath.Join(dir, "summary.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# Archer vs Raider", "Players won: every enemy down", "Enemies won: every player down",
		"Draw: both sides standing after the round cap", "## Fighters", "Vantage attempts", "Counter-strike gained",
		"## HP the enemies lost", "## Players standing", "Vantage gained per attempt", "| Game | vantage |"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("summary.md lacks %q", want)
		}
	}
	for _, f := range []string{"summary.md", "summary.html", "summary.json", "outcomes.csv"} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if m := regexp.MustCompile(`(?i)cazador|adversar|\bpack\b|wound|companion`).Find(b); m != nil {
			t.Errorf("%s speaks of Cazadores: %q", f, m)
		}
	}
	for _, f := range []string{"outcomes.png", "length.png", "fighters.png", "fighters.csv", "damage_to_enemies.png",
		"damage_to_players.svg", "players_standing.png", "enemies_standing.png", "ablations.png"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: missing or empty (%v)", f, err)
		}
	}
	var s struct {
		Game string
		Wins []struct {
			Rate vantageInterval
		}
	}
	readJSON(t, filepath.Join(dir, "summary.json"), &s)
	if s.Game != "vantage" || len(s.Wins) != 2 || s.Wins[0].Rate.N != 3000 || s.Wins[0].Rate.Low > s.Wins[0].Rate.Estimate {
		t.Errorf("summary.json: game %q, wins %+v", s.Game, s.Wins)
	}
}

// The trace of the default duel's first hunt is pinned; it ends with the
// outcome, and its JSON Lines end with the same outcome.
func TestVantageTrace(t *testing.T) {
	out, _ := playVantage(t, exitOK, "trace", "-seed", "1", "-hunt", "0")
	golden(t, "trace-vantage.golden", out)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "outcome: ") {
		t.Fatalf("the trace ends with %q, not the outcome", last)
	}
	events, _ := playVantage(t, exitOK, "trace", "-seed", "1", "-hunt", "0", "-json", "-")
	var n int
	var end map[string]any
	for _, l := range strings.Split(strings.TrimSpace(events), "\n") {
		var ev map[string]any
		if err := json.Unmarshal([]byte(l), &ev); err != nil {
			t.Fatalf("line %d of the JSON Lines: %v: %s", n+1, err, l)
		}
		n++
		end = ev
	}
	if end["event"] != "end" || !strings.HasPrefix(last, "outcome: "+end["outcome"].(string)+" ") {
		t.Errorf("the last event %v does not match %q", end, last)
	}
	// -find gives a hunt of the outcome asked for.
	out, _ = playVantage(t, exitOK, "trace", "-find", "players_won")
	if !strings.Contains(out, "outcome: players_won") {
		t.Errorf("trace -find players_won:\n%s", out)
	}
}

// validate passes the bundled data, and places each problem of a broken
// copy at FILE:LINE:COL with the likely spelling.
func TestVantageValidate(t *testing.T) {
	out, _ := playVantage(t, exitOK, "validate")
	if !strings.HasPrefix(out, "ok: ") {
		t.Errorf("validate: %s", out)
	}
	src, err := os.ReadFile(filepath.Join(repoRoot(t), "configs", "vantage", "builds.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(src), "perception: 15", "perceptoin: 15", 1)
	if broken == string(src) {
		t.Fatal("the archer's perception is not where the test looks for it")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "builds.yaml")
	if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	line := 1 + strings.Count(broken[:strings.Index(broken, "perceptoin")], "\n")
	want := regexp.MustCompile(regexp.QuoteMeta(path) + `:` + itoa(line) + `:\d+: builds\.archer\.perceptoin: unknown field "perceptoin"; did you mean "perception"\?`)
	_, errb := playVantage(t, exitError, "validate", path)
	if !want.MatchString(errb) {
		t.Errorf("validate %s:\n%s\nwant a line matching %s", path, errb, want)
	}
	_, errb = playVantage(t, exitError, "validate", "-data", dir)
	if !want.MatchString(errb) {
		t.Errorf("validate -data:\n%s", errb)
	}
	// A run on the broken data stops before it plays, with the same error.
	_, errb = playVantage(t, exitError, "run", "-data", dir, "-hunts", "10")
	if !want.MatchString(errb) {
		t.Errorf("run -data:\n%s", errb)
	}
}

// odds prints the roll's distribution and the spec's exact figures
// (P-1 to P-4), in text and JSON.
func TestVantageOdds(t *testing.T) {
	type oddsOut struct {
		Dice, Sides  int
		Distribution []struct {
			Sum int
			P   float64
		}
		Chance []float64
		AP     int `json:"action_points"`
		Within []struct {
			K int
			P float64
		}
		GainAndAttack float64   `json:"gain_and_attack"`
		GainOnEvader  float64   `json:"gain_on_evader"`
		ExpectedAP    []float64 `json:"expected_ap"`
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	dir := t.TempDir()
	rules, err := os.ReadFile(filepath.Join(repoRoot(t), "configs", "vantage", "rules.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	three := strings.Replace(string(rules), "action_points: 2", "action_points: 3", 1)
	if three == string(rules) {
		t.Fatal("action_points: 2 is not in rules.yaml")
	}
	if err := os.WriteFile(filepath.Join(dir, "rules.yaml"), []byte(three), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		args   []string
		ap     int
		attack float64 // P-3: gain vantage and still attack in one turn
	}{
		{"two points", nil, 2, 0.6},
		{"three points", []string{"-data", dir}, 3, 1 - 0.4*0.4},
	} {
		t.Run(c.name, func(t *testing.T) {
			var o oddsOut
			out, _ := playVantage(t, exitOK, "odds", append([]string{"-stat", "12", "-k", "3", "-json"}, c.args...)...)
			if err := json.Unmarshal([]byte(out), &o); err != nil {
				t.Fatal(err)
			}
			// P-2: a d20 rolled under the stat: 12/20.
			if o.Dice != 1 || o.Sides != 20 || len(o.Distribution) != 20 || len(o.Chance) != 1 || !near(o.Chance[0], 0.6) {
				t.Fatalf("the roll: %+v", o)
			}
			for i, d := range o.Distribution {
				if d.Sum != i+1 || !near(d.P, 0.05) {
					t.Errorf("P(sum = %d) = %v, want 0.05", d.Sum, d.P)
				}
			}
			// P-1: within k points, 1 - 0.4^k; 1/p points on average.
			if len(o.Within) != 3 || !near(o.Within[1].P, 0.84) || !near(o.Within[2].P, 1-0.4*0.4*0.4) || !near(o.ExpectedAP[0], 1/0.6) {
				t.Errorf("P-1: within %+v, expected %v", o.Within, o.ExpectedAP)
			}
			// P-3 and P-4.
			if o.AP != c.ap || !near(o.GainAndAttack, c.attack) || o.GainOnEvader != 0 {
				t.Errorf("P-3, P-4: %d points, gain and attack %v (want %v), on an evader %v", o.AP, o.GainAndAttack, c.attack, o.GainOnEvader)
			}
		})
	}
	out, _ := playVantage(t, exitOK, "odds", "-stat", "12")
	for _, want := range []string{"roll: 1d20", "stat 12: P(success) = 0.600000", "k =  2  0.840000"} {
		if !strings.Contains(out, want) {
			t.Errorf("odds -stat 12 lacks %q:\n%s", want, out)
		}
	}
	for _, bad := range [][]string{{"-stat", "x"}, {"-k", "0"}, {"-pool", "6"}} {
		if code, _, _ := balance(t, append([]string{"odds", "-game", "vantage"}, bad...)...); code != exitUsage {
			t.Errorf("odds %v: exit %d, want %d", bad, code, exitUsage)
		}
	}
}

// compare switches counter-vantage off: the paired difference of the
// win rates is (only B - only A) / n, and the same on 1 and 2 workers.
func TestVantageCompare(t *testing.T) {
	dir := t.TempDir()
	var ref []byte
	for _, w := range []string{"1", "2"} {
		p := filepath.Join(dir, "c"+w+".json")
		playVantage(t, exitOK, "compare", "-set", "rules.counter_vantage=false", "-hunts", "2000", "-workers", w, "-json", p, "-quiet")
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if ref == nil {
			ref = b
		} else if string(b) != string(ref) {
			t.Fatal("compare depends on the number of workers")
		}
	}
	var c struct {
		Labels  []string
		Changes []vantageInterval
		OnlyA   int64 `json:"only_a"`
		OnlyB   int64 `json:"only_b"`
		Hunts   int64
	}
	if err := json.Unmarshal(ref, &c); err != nil {
		t.Fatal(err)
	}
	// The figures followed before, then those of how the duels felt.
	if want := []string{"Players win", "Length (rounds)", "HP the players lost", "HP the enemies lost",
		"Lead changes per hunt", "Players' wins from behind", "Players' wins after a close call", "Players' idle turns",
		"Settling round", "Share of play after the settling round"}; !slices.Equal(c.Labels, want) {
		t.Errorf("labels %v, want %v", c.Labels, want)
	}
	d := c.Changes[0]
	if want := float64(c.OnlyB-c.OnlyA) / float64(c.Hunts); c.Hunts != 2000 || d.Estimate != want || d.Low > want || d.High < want {
		t.Fatalf("difference %+v, want %v", d, want)
	}
	// Without counter-vantage the raider no longer answers the archer's
	// vantage with its own: the enemies lose more HP.
	if e := c.Changes[3]; e.Low <= 0 {
		t.Errorf("HP the enemies lost, B - A: %+v, want above 0", e)
	}
}

// sweep and tune play the same hunts at every value: a point is the run
// of its value, and tune's answer meets its target in a run of its own.
func TestVantageSweepTune(t *testing.T) {
	dir := t.TempDir()
	playVantage(t, exitOK, "sweep", "-param", "builds.archer.perception=13..15", "-hunts", "1500", "-out", dir, "-quiet")
	for _, f := range []string{"sweep.md", "sweep.csv", "sweep_win.png", "sweep_players_hp_lost.png", "sweep_enemies_hp_lost.svg"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: missing or empty (%v)", f, err)
		}
	}
	var sw struct {
		Labels []string
		Points []struct {
			Values  []int
			Figures []vantageInterval
		}
	}
	readJSON(t, filepath.Join(dir, "sweep.json"), &sw)
	if len(sw.Points) != 3 || sw.Labels[0] != "Players win" {
		t.Fatalf("%d points, labels %v", len(sw.Points), sw.Labels)
	}
	js := filepath.Join(t.TempDir(), "run.json")
	playVantage(t, exitOK, "run", "-set", "builds.archer.perception=14", "-hunts", "1500", "-json", js, "-quiet")
	b, _ := os.ReadFile(js)
	if got, want := sw.Points[1].Figures[0].Estimate, firstWinRate(t, b).Estimate; sw.Points[1].Values[0] != 14 || got != want {
		t.Errorf("sweep point perception=14: %v, run: %v", got, want)
	}

	out, _ := playVantage(t, exitOK, "tune", "-param", "builds.archer.hp=9..13", "-target", "win:players=0.40..0.60", "-hunts", "2000", "-quiet")
	const lead = "Values meeting every target: "
	i := strings.Index(out, lead)
	if i < 0 || !strings.Contains(out, "Stat weights at builds.archer.hp=") {
		t.Fatalf("tune found nothing:\n%s", out)
	}
	line := out[i+len(lead):]
	for _, v := range strings.Split(line[:strings.IndexByte(line, '\n')], ", ") {
		playVantage(t, exitOK, "run", "-set", "builds.archer.hp="+v, "-hunts", "2000", "-json", js, "-quiet")
		b, _ := os.ReadFile(js)
		if w := firstWinRate(t, b); w.Low < 0.40 || w.High > 0.60 {
			t.Errorf("hp=%s: the players' win rate %+v is not within 0.40..0.60", v, w)
		}
	}
	if code, _, _ := balance(t, "tune", "-game", "vantage", "-param", "builds.archer.hpp", "-target", "win:players=0.4..0.6"); code != exitUsage {
		t.Errorf("tune with an unknown key: exit %d, want %d", code, exitUsage)
	}
}

// sensitivity moves each of the players' build numbers by one; a row is
// the comparison of that change on the same hunts.
func TestVantageSensitivity(t *testing.T) {
	dir := t.TempDir()
	playVantage(t, exitOK, "sensitivity", "-hunts", "1500", "-out", dir, "-quiet")
	var s struct {
		Levers []struct {
			Lever, Key string
			Value      int
			Changes    []vantageInterval
			Measured   bool
		}
	}
	readJSON(t, filepath.Join(dir, "sensitivity.json"), &s)
	row := map[string]vantageInterval{}
	for _, l := range s.Levers {
		if !l.Measured {
			t.Errorf("%s not measured", l.Lever)
		}
		row[l.Key] = l.Changes[0]
	}
	for _, k := range []string{"perception", "speed", "agility", "hp", "ranged.range", "ranged.damage", "melee.damage"} {
		if _, ok := row["builds.archer."+k]; !ok {
			t.Errorf("no lever builds.archer.%s among %v", k, s.Levers)
		}
	}
	cj := filepath.Join(dir, "c.json")
	playVantage(t, exitOK, "compare", "-set", "builds.archer.ranged.damage=+1", "-hunts", "1500", "-json", cj, "-quiet")
	var c struct{ Changes []vantageInterval }
	readJSON(t, cj, &c)
	if r := row["builds.archer.ranged.damage"]; c.Changes[0] != r || r.Low <= 0 {
		t.Errorf("ranged damage +1: sensitivity %+v, compare %+v, want the same and above 0", r, c.Changes[0])
	}
	if st, err := os.Stat(filepath.Join(dir, "tornado.png")); err != nil || st.Size() == 0 {
		t.Errorf("tornado.png: missing or empty (%v)", err)
	}
}

// skill plays Vantage's tiers, weakest first, on the same hunts; basic
// beats random.
func TestVantageSkill(t *testing.T) {
	p := filepath.Join(t.TempDir(), "skill.json")
	playVantage(t, exitOK, "skill", "-hunts", "1500", "-json", p, "-quiet")
	var s struct {
		Side  string
		Tiers []struct {
			Name    string
			Figures []struct {
				Key      string
				Count    int64
				Estimate vantageInterval
			}
		}
		Pairs []struct {
			A, B        string
			OnlyA       int64 `json:"only_a"`
			OnlyB       int64 `json:"only_b"`
			Diffs       []vantageInterval
			Significant bool
		}
	}
	readJSON(t, p, &s)
	if s.Side != "Players" || len(s.Tiers) != 2 || s.Tiers[0].Name != "random" || s.Tiers[1].Name != "basic" {
		t.Fatalf("skill: side %q, tiers %+v", s.Side, s.Tiers)
	}
	if len(s.Pairs) != 1 || !s.Pairs[0].Significant || s.Pairs[0].Diffs[0].Low <= 0 {
		t.Fatalf("random -> basic: %+v, want a significant rise", s.Pairs)
	}
	// The tiers play the same hunts: the paired change is the change of
	// the win counts.
	a, b := s.Tiers[0].Figures[0], s.Tiers[1].Figures[0]
	if pr := s.Pairs[0]; a.Key != "win:players" || pr.OnlyB-pr.OnlyA != b.Count-a.Count || math.Abs(pr.Diffs[0].Estimate-float64(b.Count-a.Count)/1500) > 1e-12 {
		t.Errorf("random %+v, basic %+v, the pair %+v", a, b, pr)
	}
}

// A baseline passes regress unchanged, and a change to the data moves
// its figures (exit 1).
func TestVantageRegress(t *testing.T) {
	base := filepath.Join(t.TempDir(), "base.json")
	playVantage(t, exitOK, "baseline", "-hunts", "2000", "-out", base, "-quiet")
	if code, out, errb := balance(t, "regress", "-baseline", base, "-quiet"); code != exitOK || !strings.Contains(out, "identical to the baseline: pass") {
		t.Fatalf("regress: exit %d\n%s%s", code, out, errb)
	}
	if code, out, errb := balance(t, "regress", "-baseline", base, "-set", "builds.archer.hp=13", "-quiet"); code != exitError || !strings.Contains(out, "| win:players |") {
		t.Fatalf("regress with the archer's hp 13: exit %d\n%s%s", code, out, errb)
	}
}

// The same seed gives the same summary.json on 1, 2 and 7 workers, and
// shards merged give the single run's (its ablations apart: shards have
// none to merge).
func TestVantageDeterminism(t *testing.T) {
	dir := t.TempDir()
	args := []string{"-players", "pair", "-enemies", "raiders", "-hunts", "5000", "-seed", "3", "-quiet"}
	var ref string
	for _, w := range []string{"1", "2", "7"} {
		p := filepath.Join(dir, "w"+w+".json")
		playVantage(t, exitOK, "run", append(args, "-workers", w, "-json", p)...)
		got := summaryWithoutTiming(t, p)
		if ref == "" {
			ref = got
		} else if got != ref {
			t.Fatalf("summary.json with %s workers differs from 1 worker's", w)
		}
	}
	var shards []string
	for k := range 3 {
		p := filepath.Join(dir, "shard"+itoa(k)+".tally")
		playVantage(t, exitOK, "run", append(args, "-shards", "3", "-shard", itoa(k), "-tally", p, "-workers", itoa(1+k%2))...)
		shards = append(shards, p)
	}
	merged := filepath.Join(dir, "merged.json")
	playVantage(t, exitOK, "merge", shards[2], shards[0], shards[1], "-json", merged)
	if got := summaryWithoutTiming(t, merged); got != withoutKey(t, ref, "ablations") {
		t.Fatal("the merged shards' summary.json differs from the single run's")
	}
}

// analyze plays every party of the players against the default enemies,
// with the skill trace.
func TestVantageAnalyze(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a")
	playVantage(t, exitOK, "analyze", "-hunts", "500", "-skill-hunts", "300", "-card-hunts", "100", "-out", dir, "-quiet")
	index, err := os.ReadFile(filepath.Join(dir, "index.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"archer", "duellist", "evader", "pair", "raider", "raiders"} {
		if st, err := os.Stat(filepath.Join(dir, p, "summary.md")); err != nil || st.Size() == 0 {
			t.Errorf("%s/summary.md: missing or empty (%v)", p, err)
		}
	}
	for _, want := range []string{"Archer vs Raider", "Duellist vs Raider", "Evader vs Raider"} {
		if !strings.Contains(string(index), want) {
			t.Errorf("index.md lacks %q", want)
		}
	}
}

// Every command's help with -game vantage gives Vantage's notes and
// examples (TestExamples runs them) and its flags, and never panics.
func TestVantageHelp(t *testing.T) {
	var g game.Game
	for _, x := range games {
		if x.Info().Name == "vantage" {
			g = x
		}
	}
	h, ok := g.(game.Helper)
	if !ok {
		t.Fatal("vantage has no help of its own")
	}
	notes := 0
	for _, name := range commandNames() {
		gh := h.Help(name)
		_, viaHelp, _ := balance(t, "help", name, "-game", "vantage")
		if gh.Notes != "" {
			notes++
			if !strings.Contains(viaHelp, "Vantage (-game vantage):\n"+strings.TrimSpace(gh.Notes)+"\n") {
				t.Errorf("%s: the help does not give Vantage's notes:\n%s", name, viaHelp)
			}
		}
		for _, e := range gh.Examples {
			if !strings.Contains(viaHelp, "\n  "+e+"\n") {
				t.Errorf("%s: the help does not give the example %q", name, e)
			}
		}
		if strings.Contains(viaHelp, "panic") || strings.Contains(viaHelp, "-adversary") {
			t.Errorf("%s: the help panics or gives Cazadores' flags:\n%s", name, viaHelp)
		}
	}
	if notes < 10 {
		t.Errorf("Vantage has notes on only %d commands", notes)
	}
	_, out, _ := balance(t, "help", "odds", "-game", "vantage")
	for _, f := range []string{"-stat", "-k", "-json"} {
		if !strings.Contains(out, "\n  "+f+" ") && !strings.Contains(out, "\n  "+f+"\n") {
			t.Errorf("help odds -game vantage lacks %s:\n%s", f, out)
		}
	}
}

// map draws Vantage's hex maps; a misspelt map gets the likely one.
func TestVantageMap(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"glade.png", "ford.svg"} {
		name := strings.TrimSuffix(strings.TrimSuffix(f, ".png"), ".svg")
		out, _ := playVantage(t, exitOK, "map", name, "-players", "pair", "-out", filepath.Join(dir, f))
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 || !strings.HasPrefix(out, "wrote ") {
			t.Errorf("map %s: %q, %v", name, out, err)
		}
	}
	if _, errb := playVantage(t, exitUsage, "map", "gald", "-out", filepath.Join(dir, "x.png")); !strings.Contains(errb, `did you mean "glade"`) {
		t.Errorf("map gald: %s", errb)
	}
}

// Every key of Vantage's summary.json and skill.json is in the schema
// documents, in the table of the object it is in.
func TestVantageSchemaDocs(t *testing.T) {
	secs := map[string]*docSection{}
	readSchemaDoc(t, "summary-schema.md", secs)
	readSchemaDoc(t, "skill-schema.md", secs)
	used := map[string]bool{}
	dir := t.TempDir()
	for _, r := range []struct{ cmd, root string }{{"run", "summary-schema.md#report"}, {"skill", "skill-schema.md#skill"}} {
		p := filepath.Join(dir, r.cmd+".json")
		playVantage(t, exitOK, r.cmd, "-players", "pair", "-enemies", "raiders", "-hunts", "300", "-target-error", "0.3", "-json", p, "-quiet")
		var v any
		readJSON(t, p, &v)
		walkSchemaDoc(t, secs, used, r.root, r.cmd+" -game vantage", v)
	}
}
