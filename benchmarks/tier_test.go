package benchmarks

import (
	"fmt"
	"testing"

	ai "balance/ai/cazadores"
)

// BenchmarkHuntTier plays the default hunt (BenchmarkHunt's) with each
// Pack AI tier, the lookahead with its default K (ai.DefaultLookaheadK
// rollouts per plan, to the end of the hunt), hunt i of seed 1 each, so the
// tiers' costs compare on the same seeds.
func BenchmarkHuntTier(b *testing.B) {
	des := design(b, "wandering-son", "duo", "open-ground")
	for _, name := range []string{"basic", "tactical", "lookahead"} {
		label := name
		if name == "lookahead" {
			label = fmt.Sprintf("lookahead-k%d", ai.DefaultLookaheadK)
		}
		b.Run(label, func(b *testing.B) { benchHunts(b, des, name) })
	}
}
