package benchmarks

import "testing"

// BenchmarkHuntScenario plays the default Pack against the Wandering Son
// on each bundled map, baseline policy, hunt i of seed 1 each, so the
// maps' costs compare with open ground on the same seeds.
func BenchmarkHuntScenario(b *testing.B) {
	for _, s := range []string{"open-ground", "broken-ground", "forest", "lair", "ruins"} {
		b.Run(s, func(b *testing.B) {
			benchHunts(b, design(b, "wandering-son", "duo", s), "basic")
		})
	}
}
