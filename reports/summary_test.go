package reports_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"balance/batch"
	"balance/game"
	"balance/game/testdata/duel"
	"balance/reports"
	"balance/stats"
)

// runReport plays hunts of a game's default design and returns its report.
func runReport(t testing.TB, g game.Game, hunts int64) *stats.Report {
	t.Helper()
	d, err := g.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	des, err := d.Design(context.Background(), nil, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	r, err := batch.Run(context.Background(), batch.Config{Seed: 1, Hunts: hunts, Workers: 2}, batch.Lane{Design: des, Policy: "basic"})
	if err != nil {
		t.Fatal(err)
	}
	return stats.NewReport(stats.RunInfo{Program: "test", Title: des.Title(), Config: des.Config(), Policy: "basic",
		Hash: des.Hash(), Seed: 1, Stopped: r.Stopped}, r.Tally)
}

// A run's report of any game holds every file its names list, each
// table of summary.md has its CSV file, summary.json reads back as the
// report, and a report of no hunts is written too: the duel here,
// Cazadores in game/cazadores/checks.
func TestSummaryOfAnyGame(t *testing.T) {
	for _, g := range []game.Game{duel.Game{}} {
		for _, hunts := range []int64{2000, 0} {
			var r *stats.Report
			if hunts > 0 {
				r = runReport(t, g, hunts)
			} else {
				d, _ := g.Load(context.Background(), "")
				des, _ := d.Design(context.Background(), nil, nil, 1)
				r = stats.NewReport(stats.RunInfo{Title: des.Title(), Stopped: "interrupted"}, stats.NewTally(des.Schema()))
			}
			dir := filepath.Join(t.TempDir(), "report")
			if err := reports.WriteSummary(dir, r); err != nil {
				t.Fatalf("%s, %d hunts: %v", g.Info().Name, hunts, err)
			}
			names := reports.SummaryNames(r)
			es, _ := os.ReadDir(dir)
			for _, e := range es {
				if !slices.Contains(names, e.Name()) && !strings.HasPrefix(e.Name(), ".") {
					t.Errorf("%s: %s written but not named", g.Info().Name, e.Name())
				}
			}
			md, err := os.ReadFile(filepath.Join(dir, "summary.md"))
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range names {
				if strings.HasSuffix(n, ".csv") && n != "ablations.csv" && !bytes.Contains(md, []byte(n)) {
					t.Errorf("%s: summary.md does not name %s", g.Info().Name, n)
				}
				if _, err := os.Stat(filepath.Join(dir, n)); err != nil && !strings.HasPrefix(n, "ablations") {
					t.Errorf("%s: %s not written: %v", g.Info().Name, n, err)
				}
			}
			b, _ := os.ReadFile(filepath.Join(dir, "summary.json"))
			var back stats.Report
			if err := json.Unmarshal(b, &back); err != nil || back.Hunts != r.Hunts || len(back.Values) != len(r.Values) {
				t.Errorf("%s: summary.json: %v", g.Info().Name, err)
			}
			var tb bytes.Buffer
			reports.Table(&tb, r)
			if !strings.Contains(tb.String(), r.Wins[0].Label+" wins") {
				t.Errorf("%s: the table has no win rate:\n%s", g.Info().Name, tb.String())
			}
		}
	}
}
