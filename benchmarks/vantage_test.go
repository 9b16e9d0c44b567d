package benchmarks

import (
	"context"
	"testing"

	"balance/game/vantage"
)

// benchVantage (BenchmarkHunt/vantage) plays Vantage's default duel: the archer against the
// raider on the glade, both sides played by basic; duel i of seed 1 for
// i = 0..N-1 through the game plug's player, the record included. A
// turn is a fighter-turn (one standing fighter's turn).
func benchVantage(b *testing.B) {
	data, err := vantage.Game{}.Load(context.Background(), "")
	if err != nil {
		b.Fatal(err)
	}
	des, err := data.Design(context.Background(), nil, nil, 1)
	if err != nil {
		b.Fatal(err)
	}
	pl, err := des.NewPlayer("basic")
	if err != nil {
		b.Fatal(err)
	}
	p := pl.(*vantage.Player)
	rec := des.Schema().NewRecord()
	var draws, turns uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.Play(1, uint64(i), rec)
		draws += p.Draws()
		turns += uint64(p.Turns())
		sink += rec.Outcome
	}
	b.ReportMetric(float64(draws)/float64(b.N), "draws/hunt")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/hunt")
}
