package reports_test

import (
	"path/filepath"
	"strconv"
	"testing"

	"balance/game/testdata/duel"
	"balance/reports"
)

// BenchmarkRenderSummary renders the report of 2,000 duels (every plot
// in both formats, the page, the tables); run with -cpu 1,2 to see the
// plots drawn at once. BenchmarkWriteSummary also writes it, as
// 'balance run -out' does.
func BenchmarkRenderSummary(b *testing.B) {
	r := runReport(b, duel.Game{}, 2000)
	b.ResetTimer()
	for b.Loop() {
		if _, err := reports.RenderSummary(r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriteSummary(b *testing.B) {
	r := runReport(b, duel.Game{}, 2000)
	dir := b.TempDir()
	i := 0
	b.ResetTimer()
	for b.Loop() {
		i++
		if err := reports.WriteSummary(filepath.Join(dir, strconv.Itoa(i)), r); err != nil {
			b.Fatal(err)
		}
	}
}
