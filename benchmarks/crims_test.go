package benchmarks

import (
	"context"
	"testing"

	"balance/game/crims"
)

// benchCrims plays b.N matches of the d10-pool game's default encounter
// (street-sweep: four hunters of different builds) through its plug with
// the tier named, match i of seed 1 each, as the batch runner plays them
// (the record included), and reports the random draws and the model
// turns (hunters' activations and crims' turns) per match.
func benchCrims(b *testing.B, tier string) {
	data, err := crims.Game{}.Load(context.Background(), "")
	if err != nil {
		b.Fatal(err)
	}
	des, err := data.Design(context.Background(), nil, nil, 1)
	if err != nil {
		b.Fatal(err)
	}
	pl, err := des.NewPlayer(tier)
	if err != nil {
		b.Fatal(err)
	}
	rec := des.Schema().NewRecord()
	cp := pl.(*crims.Player)
	var draws, turns uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		pl.Play(1, uint64(i), rec)
		d, t := cp.Counts()
		draws += d
		turns += uint64(t)
		sink += rec.Outcome
	}
	b.ReportMetric(float64(draws)/float64(b.N), "draws/hunt")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/hunt")
}

// BenchmarkHuntCrimsTier plays the default match with each tier.
func BenchmarkHuntCrimsTier(b *testing.B) {
	for _, tier := range []string{"random", "basic"} {
		b.Run(tier, func(b *testing.B) { benchCrims(b, tier) })
	}
}
