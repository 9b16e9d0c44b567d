package benchmarks

import (
	"context"
	"testing"

	"balance/game/horizon"
)

// benchHorizon (BenchmarkHunt/horizon) plays the machine hunt's default hunt (the duo
// against the Sawtooth Lair, basic policy), hunt i of seed 1, played
// through its plug as the batch runner plays it (the record included).
// turns/hunt are its model-turns (each hunter's and machine's
// activation), hunter-turns/hunt the hunters' turns.
func benchHorizon(b *testing.B) {
	data, err := horizon.Game{}.Load(context.Background(), "")
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
	rec := des.Schema().NewRecord()
	h := pl.(*horizon.Player).Hunt()
	var draws, turns, hunterTurns uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		pl.Play(1, uint64(i), rec)
		draws += h.Draws()
		turns += uint64(h.Rec.Activations)
		hunterTurns += uint64(h.Rec.Turns)
		sink += rec.Outcome
	}
	b.ReportMetric(float64(draws)/float64(b.N), "draws/hunt")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/hunt")
	b.ReportMetric(float64(hunterTurns)/float64(b.N), "hunter-turns/hunt")
}
