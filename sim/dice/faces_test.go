package dice

import (
	"math/big"
	"testing"
)

// checkFaces reports whether a trace is consistent with res.
func checkFaces(t *testing.T, pool, dt int, a Adv, res Result, kept uint8, diff [2]uint8, faces []uint8) {
	t.Helper()
	if len(faces) != pool {
		t.Fatalf("pool %d: %d faces", pool, len(faces))
	}
	switch a {
	case Normal:
		if diff[0] != kept || diff[1] != 0 {
			t.Fatalf("normal: kept %d, diff %v", kept, diff)
		}
	case Advantage:
		if kept != min(diff[0], diff[1]) {
			t.Fatalf("advantage: kept %d, diff %v", kept, diff)
		}
	case Disadvantage:
		if kept != max(diff[0], diff[1]) {
			t.Fatalf("disadvantage: kept %d, diff %v", kept, diff)
		}
	}
	for _, d := range diff[:1+min(int(a)*int(a), 1)] {
		if d < 1 || d > 10 {
			t.Fatalf("difficulty die %d out of range (diff %v)", d, diff)
		}
	}
	thr := max(int(kept), dt)
	s, c := 0, 0
	for _, f := range faces {
		if f < 1 || f > 10 {
			t.Fatalf("face %d out of range", f)
		}
		if int(f) >= thr {
			s++
		}
		if f == 10 {
			c++
		}
	}
	if s != int(res.Successes) || c != int(res.Crits) {
		t.Fatalf("pool %d dt %d %v: faces %v with kept %d give S=%d C=%d, want %+v", pool, dt, a, faces, kept, s, c, res)
	}
}

func TestFacesConsistent(t *testing.T) {
	var main, side RNG
	main.Seed(21, 0)
	side.Seed(21, 1<<40)
	buf := make([]uint8, 0, MaxPool)
	for range 50000 {
		pool := main.IntN(MaxPool + 1)
		dt := main.IntN(MaxDT + 1)
		a := Adv(main.IntN(3) - 1)
		res := Roll(&main, pool, dt, a)
		before := main.Draws()
		kept, diff, faces := Faces(&side, pool, dt, a, res, buf)
		if main.Draws() != before {
			t.Fatal("Faces drew from the main stream")
		}
		checkFaces(t, pool, dt, a, res, kept, diff, faces)
	}
}

// TestFacesThresholdLaw checks the law of the trace's threshold given
// (S, C) against P(T=t | S, C) ∝ P(T=t)·P(S, C | T=t), computed exactly.
func TestFacesThresholdLaw(t *testing.T) {
	const n = 200000
	cases := []struct {
		pool, dt int
		a        Adv
		res      Result
	}{
		{4, 3, Advantage, Result{2, 1}},
		{6, 0, Disadvantage, Result{1, 0}},
		{5, 6, Normal, Result{3, 0}},
	}
	var side RNG
	buf := make([]uint8, 0, MaxPool)
	for ci, tc := range cases {
		pt := ratThreshold(tc.dt, tc.a)
		joint := make([]*big.Rat, 11)
		total := new(big.Rat)
		for th := 1; th <= 10; th++ {
			joint[th] = new(big.Rat).Mul(pt[th], ratGivenT(tc.pool, th, int(tc.res.Successes), int(tc.res.Crits)))
			total.Add(total, joint[th])
		}
		exp := make([]float64, 11)
		for th := 1; th <= 10; th++ {
			exp[th] = ratFloat(new(big.Rat).Quo(joint[th], total))
		}
		side.Seed(99, uint64(ci))
		obs := make([]int, 11)
		for range n {
			kept, diff, faces := Faces(&side, tc.pool, tc.dt, tc.a, tc.res, buf)
			checkFaces(t, tc.pool, tc.dt, tc.a, tc.res, kept, diff, faces)
			obs[max(int(kept), tc.dt)]++
		}
		if stat, df, p := chiSquare(t, obs, exp, n); p < minPValue {
			t.Errorf("Faces(%d, %d, %v, %+v) threshold: χ² = %.1f on %d df, p = %.3g", tc.pool, tc.dt, tc.a, tc.res, stat, df, p)
		}
	}
}

// TestFacesFullLaw checks the whole trace for small pools: since every
// combination of faces is equally likely a priori, given (S, C) the trace
// must be uniform over the combinations that produce (S, C).
func TestFacesFullLaw(t *testing.T) {
	const n = 200000
	cases := []struct {
		pool, dt int
		a        Adv
		res      Result
	}{
		{2, 4, Normal, Result{1, 0}},
		{2, 4, Advantage, Result{1, 0}},
		{2, 0, Disadvantage, Result{2, 1}},
		{1, 7, Advantage, Result{0, 0}},
	}
	var side RNG
	buf := make([]uint8, 0, MaxPool)
	for ci, tc := range cases {
		nd := 1
		if tc.a != Normal {
			nd = 2
		}
		dice := make([]int, tc.pool+nd)
		codes := 1
		for range dice {
			codes *= 10
		}
		// index[code] is the cell of a consistent combination, or -1.
		index := make([]int, codes)
		cells := 0
		for code := range codes {
			x := code
			for i := range dice {
				dice[i] = x%10 + 1
				x /= 10
			}
			kept := dice[tc.pool]
			if tc.a == Advantage {
				kept = min(kept, dice[tc.pool+1])
			} else if tc.a == Disadvantage {
				kept = max(kept, dice[tc.pool+1])
			}
			s, c := 0, 0
			for _, f := range dice[:tc.pool] {
				if f >= max(kept, tc.dt) {
					s++
				}
				if f == 10 {
					c++
				}
			}
			index[code] = -1
			if s == int(tc.res.Successes) && c == int(tc.res.Crits) {
				index[code] = cells
				cells++
			}
		}
		side.Seed(123, uint64(ci))
		obs := make([]int, cells)
		for range n {
			_, diff, faces := Faces(&side, tc.pool, tc.dt, tc.a, tc.res, buf)
			code, mul := 0, 1
			for _, f := range faces {
				code += (int(f) - 1) * mul
				mul *= 10
			}
			for _, d := range diff[:nd] {
				code += (int(d) - 1) * mul
				mul *= 10
			}
			if index[code] < 0 {
				t.Fatalf("Faces(%d, %d, %v, %+v) gave inconsistent faces %v, diff %v", tc.pool, tc.dt, tc.a, tc.res, faces, diff)
			}
			obs[index[code]]++
		}
		exp := make([]float64, cells)
		for i := range exp {
			exp[i] = 1 / float64(cells)
		}
		if stat, df, p := chiSquare(t, obs, exp, n); p < minPValue {
			t.Errorf("Faces(%d, %d, %v, %+v) over %d combinations: χ² = %.1f on %d df, p = %.3g", tc.pool, tc.dt, tc.a, tc.res, cells, stat, df, p)
		}
	}
}

func TestFacesImpossiblePanics(t *testing.T) {
	cases := []struct {
		pool, dt int
		res      Result
	}{
		{1, 5, Result{2, 0}},  // more successes than dice
		{3, 5, Result{1, 2}},  // more crits than successes
		{3, 10, Result{2, 1}}, // at DT 10 every success is a 10
		{0, 5, Result{1, 1}},
	}
	var side RNG
	for _, tc := range cases {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Faces(%d, %d, %+v) did not panic", tc.pool, tc.dt, tc.res)
				}
			}()
			Faces(&side, tc.pool, tc.dt, Normal, tc.res, nil)
		}()
	}
}

func TestFacesAllocs(t *testing.T) {
	var side RNG
	side.Seed(1, 1)
	buf := make([]uint8, 0, MaxPool)
	if n := testing.AllocsPerRun(1000, func() {
		_, _, buf = Faces(&side, 12, 6, Advantage, Result{4, 1}, buf)
	}); n != 0 {
		t.Errorf("Faces allocates %v times per call with enough capacity", n)
	}
}

func BenchmarkFaces(b *testing.B) {
	var side RNG
	side.Seed(1, 1)
	buf := make([]uint8, 0, MaxPool)
	for b.Loop() {
		_, _, buf = Faces(&side, 8, 6, Advantage, Result{3, 1}, buf)
	}
}
