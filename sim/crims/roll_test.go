package crims

import (
	"math"
	"testing"

	"balance/sim/dice"
)

// The rolled checks agree with the exact distributions, every outcome
// within 4.5 standard errors of n rolls, on several seeds, for pools of
// every die size (and pools read off more than one draw) and both
// readings of an Impact 10.
func TestRollAgreesWithExact(t *testing.T) {
	const n = 40000
	for _, p := range []Pool{{}, {D10: 2}, {D12: 1, D10: 1, D8: 1}, {D8: 3}, {D12: 4}, {D10: 17}, {D12: 1, D8: 17}} {
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
	for i := range 200 {
		// a small pool, and pools of more dice than one draw holds (the
		// last: the first group full for a d10 but not for a d8)
		p := []Pool{{D12: 2, D10: 3, D8: 1}, {D12: 13, D10: 14, D8: 13}, {D12: 11, D10: 5, D8: 2}}[i%3]
		roll := RollPool(&r, true, p, &f)
		if int(f.N) != p.Dice() {
			t.Fatalf("%d faces for %d dice", f.N, p.Dice())
		}
		succ := 0
		for i := range int(f.N) {
			if f.Face[i] < 1 || f.Face[i] > f.Size[i] {
				t.Fatalf("face %d on a d%d", f.Face[i], f.Size[i])
			}
			if i > 0 && f.Size[i] > f.Size[i-1] {
				t.Fatalf("faces %s: not the largest dice first", f.String())
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
		if i%10 == 9 { // about the most one draw holds, and more
			p = []Pool{{D10: 14}, {D10: 15}, {D10: 16}, {D10: 40}, {D12: 14}, {D8: 15}, {D12: 5, D10: 5, D8: 5}, {D12: 5, D10: 5, D8: 4}}[i/10%8]
		}
		with := i%5 != 0
		if x, y := RollPool(&a, with, p, &f), RollPool(&b, with, p, nil); x != y || a.Draws() != b.Draws() || a.Uint64() != b.Uint64() {
			t.Fatalf("pool %v: traced %+v, counted %+v", p, x, y)
		}
	}
}

// Every number a group of dice is read off gives one set of faces, and
// every set of faces comes from one number: the faces of a uniform draw
// are fair dice, independent of one another, whatever the group. The
// successes and the Impact Die are the faces'.
func TestReadGroupOneToOne(t *testing.T) {
	for _, impact := range []bool{false, true} {
		for n12 := range uint8(3) {
			for n10 := range uint8(3) {
				for n8 := range uint8(3) {
					left := Pool{D12: n12, D10: n10, D8: n8}
					g, ok := firstGroup(impact, &left)
					if !ok {
						if impact || n12+n10+n8 > 0 {
							t.Fatalf("impact %v, %v: no group", impact, Pool{D12: n12, D10: n10, D8: n8})
						}
						continue
					}
					if left != (Pool{}) {
						t.Fatalf("%v: %v left over in a small pool", Pool{D12: n12, D10: n10, D8: n8}, left)
					}
					seen := make([]bool, g.m())
					var f Faces
					for x := range g.m() {
						var out Roll
						f.N = 0
						readGroup(x, g, &out, &f)
						// the faces as a number: the Impact Die's first, each
						// face's digit in its die's radix
						key, succ := uint64(0), 0
						if impact {
							if out.Impact < 1 || out.Impact > 10 {
								t.Fatalf("Impact %d", out.Impact)
							}
							key = uint64(out.Impact - 1)
						}
						for i := range int(f.N) {
							if f.Face[i] < 1 || f.Face[i] > f.Size[i] {
								t.Fatalf("face %d on a d%d", f.Face[i], f.Size[i])
							}
							key = key*uint64(f.Size[i]) + uint64(f.Face[i]-1)
							if Success(f.Face[i]) {
								succ++
							}
						}
						if int(f.N) != int(n12+n10+n8) || succ != int(out.Regular) {
							t.Fatalf("%v at %d: faces %s, %d successes counted", Pool{D12: n12, D10: n10, D8: n8}, x, f.String(), out.Regular)
						}
						var plain Roll
						readGroup(x, g, &plain, nil)
						if plain != out {
							t.Fatalf("%v at %d: %+v read without faces, %+v with", Pool{D12: n12, D10: n10, D8: n8}, x, plain, out)
						}
						if key >= g.m() || seen[key] {
							t.Fatalf("%v at %d: faces %s twice or out of range", Pool{D12: n12, D10: n10, D8: n8}, x, f.String())
						}
						seen[key] = true
					}
				}
			}
		}
	}
}

// The groups of a pool hold its dice, in order, each within groupMax,
// each but the last too full for the next die; a pool of maxOneDraw dice or fewer is one
// group (RollPool reads it so without filling it).
func TestGroupsHoldThePool(t *testing.T) {
	for _, p := range []Pool{{D10: 40}, {D8: 40}, {D12: 40}, {D12: 13, D10: 14, D8: 13}, {D12: 1, D8: 30}, {D12: 14}, {D12: 5, D10: 5, D8: 4}, {D12: 15, D10: 3}} {
		left := p
		var got Pool
		for g, ok := firstGroup(true, &left); ok; g, ok = nextGroup(&left) {
			next := uint64(8) // the size of the next die in order
			if left.D12 > 0 {
				next = 12
			} else if left.D10 > 0 {
				next = 10
			}
			if g.m() > groupMax || g.m()*next <= groupMax && left != (Pool{}) {
				t.Errorf("%v: a group of %d outcomes, %v left", p, g.m(), left)
			}
			got.D12 += g.d12
			got.D10 += g.d10
			got.D8 += g.d8
			if p.Dice() <= maxOneDraw && left != (Pool{}) {
				t.Errorf("%v: more than one group", p)
			}
		}
		if got != p {
			t.Errorf("%v: the groups hold %v", p, got)
		}
	}
}
