package crims

import (
	"context"
	"testing"

	"balance/game"
)

func benchPlayer(b *testing.B, tier string) (game.Player, *game.Record) {
	data, err := Game{}.Load(context.Background(), "")
	if err != nil {
		b.Fatal(err)
	}
	d, err := data.Design(context.Background(), nil, nil, 1)
	if err != nil {
		b.Fatal(err)
	}
	pl, err := d.NewPlayer(tier)
	if err != nil {
		b.Fatal(err)
	}
	return pl, d.Schema().NewRecord()
}

// BenchmarkHunt plays matches of the default encounter with the default
// tier: ns and allocations per match.
func BenchmarkHunt(b *testing.B) {
	pl, rec := benchPlayer(b, "")
	b.ReportAllocs()
	i := uint64(0)
	var draws uint64
	turns := 0
	for b.Loop() {
		pl.Play(1, i, rec)
		d, t := pl.(*Player).Counts()
		draws += d
		turns += t
		i++
	}
	b.ReportMetric(float64(draws)/float64(i), "draws/hunt")
	b.ReportMetric(float64(turns)/float64(i), "turns/hunt")
}
