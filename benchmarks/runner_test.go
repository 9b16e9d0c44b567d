package benchmarks

import (
	"context"
	"fmt"
	"testing"

	"balance/batch"
)

// BenchmarkRunner plays the default hunt through the batch runner with 1
// and 2 workers; compare hunts/s between the two to see the scaling.
func BenchmarkRunner(b *testing.B) {
	lane := batch.Lane{Design: design(b, "wandering-son", "duo", "open-ground"), Policy: "basic"}
	const perOp = 16 * batch.BlockSize
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			var hunts int64
			for i := 0; i < b.N; i++ {
				r, err := batch.Run(context.Background(), batch.Config{Seed: uint64(i), Hunts: perOp, Workers: w}, lane)
				if err != nil {
					b.Fatal(err)
				}
				hunts += r.Hunts
				sink += int(r.Tally.Outcomes[0])
			}
			b.ReportMetric(float64(hunts)/b.Elapsed().Seconds(), "hunts/s")
		})
	}
}
