package benchmarks

import (
	"testing"

	"balance/sim/dice"
)

// BenchmarkCheck samples Checks from the exact tables: pools 1..12, DT
// 0..10 and the three advantage states in turn, one random draw each.
func BenchmarkCheck(b *testing.B) {
	var r dice.RNG
	r.Seed(1, 0)
	s := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		res := dice.Roll(&r, 1+i%12, i%11, dice.Adv(i%3-1))
		s += int(res.Successes)
	}
	sink += s
}
