package benchmarks

import (
	"context"
	"fmt"
	"testing"

	"balance/batch"
)

// BenchmarkRunner plays the default hunt through the batch runner with 1
// and 2 workers; compare hunts/s between the two to see the scaling, and
// cpu-ns/hunt (the process's user and system CPU time per hunt, where the
// system reports it) to see whether the pool costs anything: with every
// worker busy, a hunt should cost the same CPU time as with one.
func BenchmarkRunner(b *testing.B) {
	lane := batch.Lane{Design: design(b, "wandering-son", "duo", "open-ground"), Policy: "basic"}
	const perOp = 16 * batch.BlockSize
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			var hunts int64
			cpu0 := cpuTime()
			for i := 0; i < b.N; i++ {
				r, err := batch.Run(context.Background(), batch.Config{Seed: uint64(i), Hunts: perOp, Workers: w}, lane)
				if err != nil {
					b.Fatal(err)
				}
				hunts += r.Hunts
				sink += int(r.Tally.Outcomes[0])
			}
			cpu := cpuTime() - cpu0
			b.ReportMetric(float64(hunts)/b.Elapsed().Seconds(), "hunts/s")
			if cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(hunts), "cpu-ns/hunt")
			}
		})
	}
}
