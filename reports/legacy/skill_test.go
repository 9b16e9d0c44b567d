package legacy

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"balance/stats"
)

// syntheticSkill is a fixed skill trace of three tiers over 20000 hunts,
// made up but consistent: every interval comes from the stats
// estimators and the paired counts agree with the win counts.
func syntheticSkill() *stats.Skill {
	const n = 20000
	k := &stats.Skill{
		Schema: stats.SkillSchemaVersion, Program: "balance test",
		Config: stats.Config{Adversary: "wandering-son", AdversaryName: "Wandering Son of the Mountain", Pack: "duo",
			Scenario: "open-ground", Overrides: []string{}, Hash: "0123456789abcdef", RoundCap: 30},
		Hunts: n, Seed: 1, Stopped: "hunts",
		Timing: stats.Timing{Seconds: 2, HuntsPerSec: 30000, Workers: 2},
	}
	tiers := []struct {
		name, doc        string
		wins, def        int64
		wndSum, wndSumSq float64
		deaths           []int64
		rounds           []int64
	}{
		{"random", "plays at random", 1200, 1500, 9.1 * n, (9.1*9.1 + 4) * n, []int64{4000, 6000, 10000}, []int64{0, 0, 0, 0, 5000, 10000, 5000}},
		{"basic", "the baseline", 8240, 8600, 6.2 * n, (6.2*6.2 + 6.25) * n, []int64{9000, 7000, 4000}, []int64{0, 0, 0, 6000, 9000, 5000}},
		{"tactical", "focuses fire", 9900, 10300, 5.4 * n, (5.4*5.4 + 7) * n, []int64{11000, 6000, 3000}, []int64{0, 0, 0, 8000, 9000, 3000}},
	}
	for i, t := range tiers {
		k.Tiers = append(k.Tiers, stats.SkillTier{
			Name: t.name, Order: i, Doc: t.doc,
			PackWinRate:       stats.FromEstimate(stats.Proportion(t.wins, n, synConf)),
			AdversaryDefeated: stats.FromEstimate(stats.Proportion(t.def, n, synConf)),
			PackWounds:        stats.FromEstimate(stats.Mean(t.wndSum, t.wndSumSq, n, synConf)),
			PackDeaths:        dist(t.deaths),
			Rounds:            dist(t.rounds),
			Outcomes: []stats.Count{{Name: "pack_won", Count: t.wins,
				Rate: stats.FromEstimate(stats.Proportion(t.wins, n, synConf))}},
		})
	}
	pair := func(a, b int, onlyA, onlyB int64, sumD, sumD2 float64) stats.SkillPair {
		wa := tiers[a].wins
		both := wa - onlyA
		neither := n - both - onlyA - onlyB
		p := stats.SkillPair{A: tiers[a].name, B: tiers[b].name, Adjacent: b == a+1,
			Both: both, OnlyA: onlyA, OnlyB: onlyB, Neither: neither,
			WinRateDiff: stats.FromEstimate(stats.PairedDiff(both, onlyB, onlyA, neither, synConf)),
			WoundsDiff:  stats.FromEstimate(stats.PairedMeanDiff(sumD, sumD2, n, synConf)),
			McNemarP:    stats.McNemar(onlyA, onlyB),
		}
		p.Significant = p.McNemarP < 0.05
		return p
	}
	k.Pairs = []stats.SkillPair{
		pair(0, 1, 400, 7440, -2.9*n, 12*n),
		pair(0, 2, 300, 9000, -3.7*n, 18*n),
		pair(1, 2, 830, 2490, -0.8*n, 3*n),
	}
	return k
}

// TestWriteSkillGolden writes the synthetic skill trace and compares every
// file, the PNG and SVG plot included, with its golden copy under
// testdata/golden/skill (go test ./reports -update rewrites them).
func TestWriteSkillGolden(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "wandering-son")
	if err := WriteSkill(dir, syntheticSkill()); err != nil {
		t.Fatal(err)
	}
	want := slices.Clone(SkillFiles)
	slices.Sort(want)
	if names := listDir(t, dir); !slices.Equal(names, want) {
		t.Fatalf("WriteSkill wrote %v, want %v", names, want)
	}
	for _, name := range want {
		t.Run(name, func(t *testing.T) {
			got, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "skill/"+name, got)
		})
	}
	// The same trace draws the same bytes.
	for _, f := range []string{"png", "svg"} {
		a, err := renderSkillPlot(f, syntheticSkill())
		if err != nil {
			t.Fatal(err)
		}
		b, _ := renderSkillPlot(f, syntheticSkill())
		if !bytes.Equal(a, b) {
			t.Errorf("skill.%s differs between two renderings", f)
		}
	}
}

// The skill table shows every tier with its intervals and n, and each
// neighbouring pair with its paired change, p-value and verdict.
func TestSkillTableGolden(t *testing.T) {
	var b bytes.Buffer
	SkillTable(&b, syntheticSkill())
	golden(t, "skill/table.txt", b.Bytes())
	out := b.String()
	for _, want := range []string{
		"random    6.0% [5.7%, 6.3%]", "(seed 1)", "20000", "random → basic", "basic → tactical",
		"Significant at 5%", "yes", "McNemar p",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the skill table lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "random → tactical") {
		t.Errorf("the table shows a pair of tiers that are not neighbours:\n%s", out)
	}
	one := syntheticSkill()
	one.Tiers, one.Pairs = one.Tiers[:1], nil
	b.Reset()
	SkillTable(&b, one)
	if !strings.Contains(b.String(), "no pair to compare") {
		t.Errorf("one tier:\n%s", b.String())
	}
	if err := WriteSkill(filepath.Join(t.TempDir(), "one"), one); err != nil {
		t.Errorf("one tier: %v", err)
	}
}

// An index entry with a skill trace links to it.
func TestIndexSkillLink(t *testing.T) {
	dir := t.TempDir()
	if err := WriteIndex(dir, []IndexEntry{{Name: "wandering-son", Dir: "wandering-son", S: syntheticSummary(), Skill: syntheticSkill()}}); err != nil {
		t.Fatal(err)
	}
	for name, link := range map[string]string{"index.md": "wandering-son/skill.md", "index.html": "wandering-son/skill.html"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{link, "wandering-son/skill.png", "tactical 49.5%"} {
			if !strings.Contains(string(b), want) {
				t.Errorf("%s lacks %q", name, want)
			}
		}
	}
}

// index.html links to the HTML reports, never to Markdown, and holds the
// chart of every run inline; index.md links to the Markdown reports and
// shows the chart as index.png.
func TestIndexLinksAndChart(t *testing.T) {
	dir := t.TempDir()
	a, b := syntheticSummary(), syntheticSummary()
	b.Config.Adversary, b.Config.AdversaryName = "neonate-wurm", "Neonate Wurm"
	b.PackWinRate = stats.FromEstimate(stats.Proportion(99711, 100000, synConf))
	if err := WriteIndex(dir, []IndexEntry{{Name: "wandering-son", Dir: "wandering-son", S: a, Skill: syntheticSkill()},
		{Name: "neonate-wurm", Dir: "neonate-wurm", S: b}}); err != nil {
		t.Fatal(err)
	}
	h, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	html := string(h)
	for _, m := range regexp.MustCompile(`href="([^"]*)"`).FindAllStringSubmatch(html, -1) {
		if strings.HasSuffix(m[1], ".md") {
			t.Errorf("index.html links to Markdown: %s", m[1])
		}
	}
	for _, want := range []string{`href="wandering-son/summary.html"`, `href="neonate-wurm/summary.html"`, `href="wandering-son/skill.html"`,
		`<figure class="plot" data-plot="index"><svg`, "99.71% [99.68%, 99.74%]", "41.2% [40.9%, 41.5%]", "Sweeping Smash (A♠ A♦ A♣): Pack wins -7.4 pp"} {
		if !strings.Contains(html, want) {
			t.Errorf("index.html lacks %q", want)
		}
	}
	m, _ := os.ReadFile(filepath.Join(dir, "index.md"))
	for _, want := range []string{"![Pack win rate and hunt length of every run](index.png)", "(wandering-son/summary.md)", "(wandering-son/skill.md)"} {
		if !strings.Contains(string(m), want) {
			t.Errorf("index.md lacks %q", want)
		}
	}
	svg, _ := os.ReadFile(filepath.Join(dir, "index.svg"))
	for _, want := range []string{"Pack win rate", "Hunt length", "99.71% [99.68%, 99.74%]", "wandering-son", "neonate-wurm"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("the index chart lacks %q", want)
		}
	}
}
