// Package benchmarks holds the benchmarks of the rules core and their
// stored baselines (see README.md in this folder).
package benchmarks

import (
	"testing"

	ai "balance/ai/cazadores"
	configs "balance/configs/cazadores"
	sim "balance/sim/cazadores"
)

// sink keeps the compiler from dropping the work.
var sink int

func scenario(b *testing.B, adversary, pack, scen string) *sim.Scenario {
	b.Helper()
	d, err := configs.LoadEmbedded()
	if err != nil {
		b.Fatal(err)
	}
	sc, err := d.Compile(adversary, pack, scen)
	if err != nil {
		b.Fatal(err)
	}
	return sc
}

// benchHunts plays b.N hunts of sc, hunt i of seed 1 each, and reports
// the random draws and turns per hunt.
func benchHunts(b *testing.B, sc *sim.Scenario) {
	var tmpl sim.Hunt
	tmpl.Init(sc)
	h := new(sim.Hunt)
	pack, foes := sim.PackPolicy(ai.NewBaseline()), sim.FoeAI(ai.Foes{})
	var draws, turns uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		h.Reset(&tmpl, 1, uint64(i))
		h.Play(pack, foes)
		draws += h.Rec.Draws
		turns += uint64(h.Rec.Turns)
		sink += int(h.Rec.Outcome)
	}
	b.ReportMetric(float64(draws)/float64(b.N), "draws/hunt")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/hunt")
}

// BenchmarkHunt is the default hunt: the two-player Pack (2 Cazadores, 2
// Companions) against the Wandering Son on open ground, baseline policy.
func BenchmarkHunt(b *testing.B) {
	benchHunts(b, scenario(b, "wandering-son", configs.DefaultPack, configs.DefaultScenario))
}

// BenchmarkHuntAdversary plays the default Pack against each Adversary.
func BenchmarkHuntAdversary(b *testing.B) {
	for _, a := range []string{"accursed-construct", "praetorians", "creature-wreathed-in-light", "neonate-wurm", "wandering-son"} {
		b.Run(a, func(b *testing.B) {
			benchHunts(b, scenario(b, a, configs.DefaultPack, configs.DefaultScenario))
		})
	}
}

// BenchmarkHuntRuins plays the default hunt on the ruins map (grid paths,
// Line of Sight against walls).
func BenchmarkHuntRuins(b *testing.B) {
	benchHunts(b, scenario(b, "wandering-son", configs.DefaultPack, "ruins"))
}
