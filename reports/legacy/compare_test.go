package legacy

import (
	"bytes"
	"strings"
	"testing"

	"balance/stats"
)

// A comparison's plots: both designs side by side (outcomes, WNDs taken,
// hunt length) and the paired differences with their intervals.
func TestComparePlots(t *testing.T) {
	a, b := syntheticSummary(), syntheticSummary()
	b.Outcomes[0].Rate = stats.FromEstimate(stats.Proportion(36000, synHunts, synConf))
	c := &CompareFigures{NameA: "Son", NameB: "Son with adversary.def=7", A: a, B: b,
		Win:    stats.FromEstimate(stats.PairedDiff(30000, 1200, 6400, 62400, synConf)),
		Rounds: stats.FromEstimate(stats.PairedMeanDiff(22000, 90000, synHunts, synConf)),
		Wounds: stats.FromEstimate(stats.PairedMeanDiff(41000, 260000, synHunts, synConf))}
	plots, err := ComparePlots(c)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range plots {
		names = append(names, p.Name)
		if !bytes.HasPrefix(bytes.TrimSpace(p.SVG), []byte("<?xml")) || !bytes.Contains(p.SVG, []byte("<svg")) {
			t.Errorf("%s is not an SVG", p.Name)
		}
	}
	if got := strings.Join(names, " "); got != "compare_outcomes compare_wounds compare_length compare_diffs" {
		t.Fatalf("plots %s", got)
	}
	for i, want := range [][]string{
		{"A: Son", "B: Son with adversary.def=7", "pack won", "stalemate"},
		{"Bruiser", "Hound", "10th to 90th percentile"},
		{"Rounds", "mean A 9.98 [9.96, 10.00]"},
		{"Pack win rate: " + PointsBounds(c.Win), "Hunt length: " + signedBounds(c.Rounds), "percentage points"},
	} {
		for _, w := range want {
			if !strings.Contains(string(plots[i].SVG), w) {
				t.Errorf("%s lacks %q", plots[i].Name, w)
			}
		}
	}
	if _, err := ComparePlots(&CompareFigures{A: a}); err == nil {
		t.Error("a comparison without design B was drawn")
	}
}
