package benchmarks

import (
	"context"
	"testing"

	"balance/game/skirmish"
)

// benchSkirmish (BenchmarkHunt/skirmish) plays the skirmish game's default battle (Shooting
// crew against Melee crew on Salvage, both warbands played by the basic
// tier) through its plug as the batch runner does, battle i of seed 1
// each, its record included. Besides allocs/op (0) it reports the random
// draws, the turns and the activations (the game's model-turns) per
// battle; benchmarks/instructions.sh -game skirmish counts its
// instructions.
func benchSkirmish(b *testing.B) {
	data, err := skirmish.Game{}.Load(context.Background(), "")
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
	bt := pl.(*skirmish.Player).Battle()
	var draws, turns, acts uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		pl.Play(1, uint64(i), rec)
		draws += bt.RNG.Draws()
		turns += uint64(rec.Length)
		acts += uint64(bt.T.Activations)
		sink += rec.Outcome
	}
	b.ReportMetric(float64(draws)/float64(b.N), "draws/hunt")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/hunt")
	b.ReportMetric(float64(acts)/float64(b.N), "activations/hunt")
}
