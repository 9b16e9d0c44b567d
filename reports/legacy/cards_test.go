package legacy

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"balance/stats"
)

// A run without the card effects measured has no such section, table or
// plot; with them, they are ranked biggest first.
func TestCardEffectsOptional(t *testing.T) {
	s := syntheticSummary()
	s.CardEffects = nil
	dir := filepath.Join(t.TempDir(), "r")
	if err := WriteDir(dir, s); err != nil {
		t.Fatal(err)
	}
	names := listDir(t, dir)
	for _, n := range names {
		if strings.HasPrefix(n, "card_effects") {
			t.Errorf("a run without card effects wrote %s", n)
		}
	}
	md, _ := os.ReadFile(filepath.Join(dir, "summary.md"))
	if strings.Contains(string(md), "What each card does") || strings.Contains(string(md), "card_effects") {
		t.Error("summary.md speaks of card effects that were not measured")
	}
	want := slices.DeleteFunc(reportFiles(), func(n string) bool { return strings.HasPrefix(n, "card_effects") })
	if !slices.Equal(names, want) {
		t.Errorf("wrote %v, want %v", names, want)
	}
}

// The effects are ranked by the size of the change of the Pack win rate;
// when no entry changes it significantly, by the size of the change of
// hunt length.
func TestRankEffects(t *testing.T) {
	e := func(key string, win, rounds float64, sig bool) stats.CardEffect {
		return stats.CardEffect{Key: key, Win: stats.Interval{Estimate: win}, Rounds: stats.Interval{Estimate: rounds}, WinSignificant: sig}
	}
	keys := func(ce *stats.CardEffects) []string {
		var out []string
		for _, i := range rankEffects(ce) {
			out = append(out, ce.Effects[i].Key)
		}
		return out
	}
	ce := &stats.CardEffects{Effects: []stats.CardEffect{e("a", -0.01, 0.5, false), e("b", 0.08, 0.01, true), e("c", -0.2, 0.1, true), e("d", 0, 0, false)}}
	if got := keys(ce); !slices.Equal(got, []string{"c", "b", "a", "d"}) {
		t.Errorf("ranked by the win rate: %v, want c b a d", got)
	}
	for i := range ce.Effects {
		ce.Effects[i].WinSignificant = false
	}
	if got := keys(ce); !slices.Equal(got, []string{"a", "c", "b", "d"}) {
		t.Errorf("ranked by the length: %v, want a c b d", got)
	}
}

// Percentage-point changes are written "pp", with the interval's ends.
func TestPointsBounds(t *testing.T) {
	for _, c := range []struct {
		i    stats.Interval
		want string
	}{
		{stats.Interval{Estimate: -0.0812, Low: -0.0901, High: -0.0723, N: 5000}, "-8.1 pp [-9.0, -7.2]"},
		{stats.Interval{Estimate: 0.00004, Low: -0.0004, High: 0.0004, N: 5000}, "0.00 pp [-0.04, +0.04]"},
		{stats.Interval{}, "n/a"},
	} {
		if got := PointsBounds(c.i); got != c.want {
			t.Errorf("PointsBounds(%+v) = %q, want %q", c.i, got, c.want)
		}
	}
	if got := Points(stats.Interval{Estimate: 0.352, Low: 0.345, High: 0.359, N: 20000}); got != "+35.2 pp [+34.5, +35.9] (n=20000)" {
		t.Errorf("Points: %q", got)
	}
}

var svgPath = regexp.MustCompile(`<path d="M([0-9.]+),([0-9.]+)L([0-9.]+),([0-9.]+)" style="fill:none;stroke:(#[0-9A-F]+);stroke-width:([0-9.]+)`)

// A median equal to the starting WND stays visible: the median's thick
// line is drawn over the dashed line of the starting WND.
func TestWoundsMedianOverStart(t *testing.T) {
	s := syntheticSummary()
	m := &s.Pack[1] // the Vigilant: 3 WNDs
	h := make([]int64, m.WND+1)
	h[1], h[m.WND] = 30000, 70000
	m.Wounds = dist(h)
	if m.Wounds.P50 != int64(m.WND) {
		t.Fatalf("fixture: median %d, WND %d", m.Wounds.P50, m.WND)
	}
	i := slices.IndexFunc(plots[:], func(p plotSpec) bool { return p.name == "wounds" })
	svg, err := renderPlot(i, "svg", s)
	if err != nil {
		t.Fatal(err)
	}
	startAt, medianAt := map[string]int{}, map[string]int{}
	for k, p := range svgPath.FindAllStringSubmatch(string(svg), -1) {
		if p[2] != p[4] {
			continue // not a horizontal line
		}
		switch {
		case p[5] == "#CB181D" && p[6] == "1.5":
			startAt[p[2]] = k
		case p[5] == "#1F77B4" && p[6] == "3":
			medianAt[p[2]] = k
		}
	}
	shared := 0
	for y, k := range medianAt {
		if j, ok := startAt[y]; ok {
			shared++
			if k < j {
				t.Errorf("the median at y=%s is drawn before the starting WND's line, which hides it", y)
			}
		}
	}
	if shared == 0 {
		t.Fatalf("no median at the height of a starting WND (medians %v, starting WNDs %v)", medianAt, startAt)
	}
}

// The hunt-length axis ends near the longest hunt a visible share of the
// hunts lasted, not at the round cap a handful reached; those are named.
func TestLengthAxisEndsNearTheHunts(t *testing.T) {
	s := syntheticSummary()
	s.Config.RoundCap = 30
	h := make([]int64, 31)
	h[2], h[3], h[4], h[5], h[30] = 31000, 55000, 13000, 997, 3
	s.Rounds = dist(h)
	i := slices.IndexFunc(plots[:], func(p plotSpec) bool { return p.name == "length" })
	svg, err := renderPlot(i, "svg", s)
	if err != nil {
		t.Fatal(err)
	}
	text := string(svg)
	if !strings.Contains(text, "not drawn: 3 hunts") || !strings.Contains(text, "up to the round cap, 30") {
		t.Error("the length plot does not name the 3 hunts at the round cap it leaves out")
	}
	for _, label := range []string{">15<", ">25<", ">30<", "round cap (30)"} {
		if strings.Contains(text, label) {
			t.Errorf("the length plot's axis reaches the round cap: it shows %q", label)
		}
	}
	// With a visible share at the cap, the cap is drawn.
	h[30] = 3000
	h[3] -= 2997
	s.Rounds = dist(h)
	svg, _ = renderPlot(i, "svg", s)
	if !strings.Contains(string(svg), "round cap (30)") || strings.Contains(string(svg), "not drawn") {
		t.Error("the length plot leaves out a visible share of hunts at the round cap")
	}
}

// In HTML the tables by Tick are folded in a details element; the others
// are not.
func TestPerTickTablesCollapse(t *testing.T) {
	page, err := summaryHTML(syntheticSummary())
	if err != nil {
		t.Fatal(err)
	}
	b, err := RenderHTML(page)
	if err != nil {
		t.Fatal(err)
	}
	html := string(b)
	if n := strings.Count(html, "<details>"); n != 2 {
		t.Errorf("%d details elements, want 2 (damage curve and survival by Tick)", n)
	}
	for _, want := range []string{"<summary>The damage curve by Tick: ", "<summary>The Pack alive by Tick: "} {
		i := strings.Index(html, want)
		if i < 0 {
			t.Errorf("no %q", want)
			continue
		}
		rest := html[i:]
		if end, table := strings.Index(rest, "</details>"), strings.Index(rest, "<table>"); table < 0 || end < table {
			t.Errorf("%q folds no table", want)
		}
	}
}
