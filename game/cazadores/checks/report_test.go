package checks

import (
	"bytes"
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"balance/reports"
	"balance/workflow"
)

// Cazadores' run report, drawn by the shared reports from its schema,
// holds every table and plot it had before the game seam, under the names
// the shared reports give them (card_effects became ablations, wounds
// became pack), each table with the columns of the figures it had; every
// file is one SummaryNames lists, and summary.md names each table.
func TestReport(t *testing.T) {
	l := cazadoresLab(t)
	r, err := workflow.Run(context.Background(), l, workflow.RunOptions{Policy: "basic", Seed: 1, Hunts: 2000, Workers: 2, AblationHunts: -1})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "report")
	if err := reports.WriteSummary(dir, r.Report); err != nil {
		t.Fatal(err)
	}
	tables := map[string][]string{
		"outcomes.csv":      {"outcome", "hunts", "rate", "rate_low", "rate_high", "rate_n"},
		"pack.csv":          {"label", "kind", "wnd", "died", "fled", "hit_rate", "wounds_mean", "wounds_p90", "attacks_mean", "died_at_mean"},
		"locations.csv":     {"label", "when_exhausted", "wnd", "exhausted", "exhausted_at_mean", "exhausted_at_p50"},
		"cards.csv":         {"item", "name", "tree", "drawn_total", "drawn_per_hunt", "wounds_per_draw", "kills_per_draw", "conditions_per_draw"},
		"conditions.csv":    {"item", "suffered_total", "suffered_per_hunt"},
		"damage_curve.csv":  {"step", "mean", "mean_low", "mean_high", "p10", "p50", "p90"},
		"survival.csv":      {"step", "share", "share_low", "share_high"},
		"rounds.csv":        {"round", "hunts", "share", "share_at_most"},
		"distributions.csv": {"quantity", "mean", "sd", "min", "p10", "p50", "p90", "max"},
		"ablations.csv":     {"set", "label", "group", "win", "only_with", "only_blank", "win_p", "win_significant", "length", "length_p", "pack_wounds"},
	}
	plots := []string{"outcomes", "pack", "damage_curve", "survival", "length", "cards", "ablations"}
	want := []string{"summary.md", "summary.html", "summary.json"}
	for name := range tables {
		want = append(want, name)
	}
	for _, p := range plots {
		want = append(want, p+".png", p+".svg")
	}
	names := reports.SummaryNames(r.Report)
	md, err := os.ReadFile(filepath.Join(dir, "summary.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range want {
		if !slices.Contains(names, n) {
			t.Errorf("%s is not among the report's files %v", n, names)
		}
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			t.Errorf("%s not written: %v", n, err)
		}
		if (strings.HasSuffix(n, ".csv") || strings.HasSuffix(n, ".png")) && !bytes.Contains(md, []byte(n)) {
			t.Errorf("summary.md does not name %s", n)
		}
	}
	es, _ := os.ReadDir(dir)
	for _, e := range es {
		if !slices.Contains(names, e.Name()) && !strings.HasPrefix(e.Name(), ".") {
			t.Errorf("%s written but not named", e.Name())
		}
	}
	for name, cols := range tables {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			continue // reported above
		}
		head, err := csv.NewReader(f).Read()
		f.Close()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for _, c := range cols {
			if !slices.Contains(head, c) {
				t.Errorf("%s has no column %s: %v", name, c, head)
			}
		}
	}
	// The distributions it had (rounds, decided_at, defeated_at,
	// adv_wounds, minions_slain, pack_deaths, turns, draws), by today's
	// names.
	b, err := os.ReadFile(filepath.Join(dir, "distributions.csv"))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var quantities []string
	for _, row := range rows {
		quantities = append(quantities, row[0])
	}
	for _, q := range []string{"length", "decided_at", "adversary_defeated", "adversary_wounds", "minions_slain", "pack_deaths", "turns", "draws"} {
		if !slices.Contains(quantities, q) {
			t.Errorf("distributions.csv has no %s: %v", q, quantities)
		}
	}
}
