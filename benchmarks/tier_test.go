package benchmarks

import (
	"fmt"
	"testing"

	ai "balance/ai/cazadores"
	configs "balance/configs/cazadores"
	sim "balance/sim/cazadores"
)

// BenchmarkHuntTier plays the default hunt (BenchmarkHunt's) with each
// Pack AI tier, the lookahead with its default K (ai.DefaultLookaheadK
// rollouts per plan, to the end of the hunt), hunt i of seed 1 each, so the
// tiers' costs compare on the same seeds.
func BenchmarkHuntTier(b *testing.B) {
	sc := scenario(b, "wandering-son", configs.DefaultPack, configs.DefaultScenario)
	for _, name := range []string{"basic", "tactical", "lookahead"} {
		t, ok := ai.TierByName(name)
		if !ok {
			b.Fatalf("no tier %q", name)
		}
		if name == "lookahead" {
			name = fmt.Sprintf("lookahead-k%d", ai.DefaultLookaheadK)
		}
		b.Run(name, func(b *testing.B) {
			var tmpl sim.Hunt
			tmpl.Init(sc)
			h := new(sim.Hunt)
			pack, foes := t.New(), sim.FoeAI(ai.Foes{})
			var turns uint64
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				h.Reset(&tmpl, 1, uint64(i))
				h.Play(pack, foes)
				turns += uint64(h.Rec.Turns)
				sink += int(h.Rec.Outcome)
			}
			b.ReportMetric(float64(turns)/float64(b.N), "turns/hunt")
		})
	}
}
