package reports

import (
	"context"
	"strings"
	"testing"

	"balance/batch"
	"balance/game"
	"balance/game/testdata/duel"
	"balance/stats"
)

// Every table of a run's report after the configuration names the CSV
// file that holds it, and that file is among the report's files with as
// many data rows as the table (or more: the CSV keeps every step).
func TestEveryTableHasCSV(t *testing.T) {
	// (Cazadores is checked the same way through the package's API, in
	// summary_test.go; it cannot be imported here.)
	for _, g := range []game.Game{duel.Game{}} {
		d, _ := g.Load(context.Background(), "")
		des, _ := d.Design(context.Background(), nil, nil, 1)
		res, err := batch.Run(context.Background(), batch.Config{Seed: 1, Hunts: 500}, batch.Lane{Design: des, Policy: "basic"})
		if err != nil {
			t.Fatal(err)
		}
		r := stats.NewReport(stats.RunInfo{Title: des.Title()}, res.Tally)
		csvs := map[string][][]string{}
		for _, c := range csvTables(r) {
			csvs[c.name] = c.rows
		}
		headings, tables := summaryDoc(r).tables()
		for i, tb := range tables {
			if headings[i] == "Configuration" {
				continue
			}
			rows, ok := csvs[tb.csv]
			if !ok {
				t.Errorf("%s: the table of %q names %q, which is not written", g.Info().Name, headings[i], tb.csv)
				continue
			}
			if len(rows)-1 < len(tb.rows) {
				t.Errorf("%s: %s has %d rows, the table %d", g.Info().Name, tb.csv, len(rows)-1, len(tb.rows))
			}
			if !strings.HasSuffix(tb.csv, ".csv") {
				t.Errorf("%s: %q", g.Info().Name, tb.csv)
			}
		}
	}
}
