package vantage

import (
	"testing"

	"balance/game"
)

// BenchmarkHunt plays the default duel and a two-a-side duel through the
// plug, reporting draws, rounds and fighters' turns per duel besides ns and allocations.
func BenchmarkHunt(b *testing.B) {
	data := load(b, "")
	for _, c := range []struct {
		name string
		c    game.Choice
	}{{"default", nil}, {"pair-vs-raiders", game.Choice{"players": "pair", "enemies": "raiders"}}} {
		b.Run(c.name, func(b *testing.B) {
			d := design(b, data, c.c)
			p := player(b, d, "basic").(*Player)
			rec := d.Schema().NewRecord()
			var draws, rounds, turns uint64
			b.ReportAllocs()
			i := uint64(0)
			for b.Loop() {
				p.Play(1, i, rec)
				draws += p.Draws()
				rounds += uint64(rec.Length)
				turns += uint64(p.Turns())
				i++
			}
			b.ReportMetric(float64(draws)/float64(i), "draws/hunt")
			b.ReportMetric(float64(rounds)/float64(i), "rounds/hunt")
			b.ReportMetric(float64(turns)/float64(i), "turns/hunt")
		})
	}
}
