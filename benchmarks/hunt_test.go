// Package benchmarks holds the benchmarks of the rules core and their
// stored baselines (see README.md in this folder).
package benchmarks

import (
	"context"
	"testing"

	"balance/game"
	"balance/game/cazadores"
)

// sink keeps the compiler from dropping the work.
var sink int

// design compiles a design of Cazadores through its plug.
func design(b *testing.B, adversary, pack, scen string) *cazadores.Design {
	b.Helper()
	d, err := cazadores.Game{}.Load(context.Background(), "")
	if err != nil {
		b.Fatal(err)
	}
	des, err := d.Design(context.Background(), game.Choice{cazadores.OptAdversary: adversary, cazadores.OptPack: pack, cazadores.OptScenario: scen}, nil, 1)
	if err != nil {
		b.Fatal(err)
	}
	return des.(*cazadores.Design)
}

// benchHunts plays b.N hunts of des through its player with the tier
// named, hunt i of seed 1 each, as the batch runner plays them (the
// record included), and reports the random draws and turns per hunt.
func benchHunts(b *testing.B, des *cazadores.Design, tier string) {
	pl, err := des.NewPlayer(tier)
	if err != nil {
		b.Fatal(err)
	}
	rec := des.Schema().NewRecord()
	h := pl.(*cazadores.Player).Hunt()
	var draws, turns uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		pl.Play(1, uint64(i), rec)
		draws += h.Rec.Draws
		turns += uint64(h.Rec.Turns)
		sink += rec.Outcome
	}
	b.ReportMetric(float64(draws)/float64(b.N), "draws/hunt")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/hunt")
}

// BenchmarkHunt plays each game's default hunt, hunt i of seed 1, through
// its plug as the batch runner plays it, as BenchmarkHunt/GAME. For
// Cazadores: the two-player Pack (2 Cazadores, 2 Companions) against the
// Wandering Son on open ground, baseline policy; the others are described
// beside their own functions below. Each reports draws/hunt and
// turns/hunt, a turn being the game's model-turn.
func BenchmarkHunt(b *testing.B) {
	b.Run("cazadores", func(b *testing.B) {
		benchHunts(b, design(b, "wandering-son", "duo", "open-ground"), "basic")
	})
	b.Run("crims", func(b *testing.B) { benchCrims(b, "basic") })
	b.Run("horizon", benchHorizon)
	b.Run("skirmish", benchSkirmish)
	b.Run("vantage", benchVantage)
}

// BenchmarkHuntAdversary plays the default Pack against each Adversary.
func BenchmarkHuntAdversary(b *testing.B) {
	for _, a := range []string{"accursed-construct", "praetorians", "creature-wreathed-in-light", "neonate-wurm", "wandering-son"} {
		b.Run(a, func(b *testing.B) {
			benchHunts(b, design(b, a, "duo", "open-ground"), "basic")
		})
	}
}

// BenchmarkHuntRuins plays the default hunt on the ruins map (grid paths,
// Line of Sight against walls).
func BenchmarkHuntRuins(b *testing.B) {
	benchHunts(b, design(b, "wandering-son", "duo", "ruins"), "basic")
}
