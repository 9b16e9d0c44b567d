package crims

import (
	"math"
	"testing"

	"balance/sim/dice"
)

// The rolled checks agree with the exact distributions, every outcome
// within 4.5 standard errors of n rolls, on several seeds, for pools of
// every die size and both readings of an Impact 10.
func TestRollAgreesWithExact(t *testing.T) {
	const n = 40000
	for _, p := range []Pool{{}, {D10: 2}, {D12: 1, D10: 1, D8: 1}, {D8: 3}, {D12: 4}} {
		for _, double := range []bool{false, true} {
			exact := Floats(CheckDist(p, true, double))
			for seed := uint64(1); seed <= 3; seed++ {
				var r dice.RNG
				r.Seed(seed, 7)
				count := make([]float64, len(exact))
				for range n {
					s := RollPool(&r, true, p, nil).Successes(double)
					if s >= len(count) {
						t.Fatalf("%v: %d successes, more than possible", p, s)
					}
					count[s]++
				}
				for k, q := range exact {
					se := math.Sqrt(q * (1 - q) / n)
					if got := count[k] / n; math.Abs(got-q) > 4.5*se+1e-12 {
						t.Errorf("%v double=%v seed %d: P(%d) %.4f, exactly %.4f (se %.4f)", p, double, seed, k, got, q, se)
					}
				}
			}
		}
	}
}

func TestRollFacesMatchCount(t *testing.T) {
	var r dice.RNG
	r.Seed(1, 1)
	var f Faces
	p := Pool{D12: 2, D10: 3, D8: 1}
	for range 100 {
		roll := RollPool(&r, true, p, &f)
		if int(f.N) != p.Dice() {
			t.Fatalf("%d faces for %d dice", f.N, p.Dice())
		}
		succ := 0
		for i := range int(f.N) {
			if f.Face[i] < 1 || f.Face[i] > f.Size[i] {
				t.Fatalf("face %d on a d%d", f.Face[i], f.Size[i])
			}
			if Success(f.Face[i]) {
				succ++
			}
		}
		if succ != int(roll.Regular) || roll.Impact < 1 || roll.Impact > 10 {
			t.Fatalf("faces %s: %d successes, roll %+v", f.String(), succ, roll)
		}
	}
	if RollPool(&r, false, Pool{}, nil) != (Roll{}) {
		t.Fatal("a pool of no dice rolled something")
	}
}

// A roll counted without its faces is the roll with its faces: the same
// draws, the same successes.
func TestRollCountedAsTraced(t *testing.T) {
	var f Faces
	for i := range 500 {
		var a, b dice.RNG
		a.Seed(7, uint64(i))
		b = a
		p := Pool{D12: uint8(i % 4), D10: uint8(i / 4 % 6), D8: uint8(i / 24 % 3)}
		with := i%5 != 0
		if x, y := RollPool(&a, with, p, &f), RollPool(&b, with, p, nil); x != y || a.Draws() != b.Draws() || a.Uint64() != b.Uint64() {
			t.Fatalf("pool %v: traced %+v, counted %+v", p, x, y)
		}
	}
}
