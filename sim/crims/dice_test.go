package crims

import (
	"math/big"
	"testing"
)

// TV-04, TV-05: the upgrade and downgrade ladders, one step at a time.
func TestLadders(t *testing.T) {
	for _, c := range []struct {
		name     string
		from, to Pool
		up       bool
	}{
		{"TV-04 d8 up", Pool{D8: 1}, Pool{D10: 1}, true},
		{"TV-04 d10 up", Pool{D10: 1}, Pool{D12: 1}, true},
		{"TV-04 d12 up adds a d8", Pool{D12: 1}, Pool{D12: 1, D8: 1}, true},
		{"TV-04 the added d8 upgrades further", Pool{D12: 1, D8: 1}, Pool{D12: 1, D10: 1}, true},
		{"TV-05 d12 down", Pool{D12: 1}, Pool{D10: 1}, false},
		{"TV-05 d10 down", Pool{D10: 1}, Pool{D8: 1}, false},
		{"TV-05 d8 down is removed", Pool{D8: 1}, Pool{}, false},
	} {
		var got Pool
		if c.up {
			got = c.from.Upgrade(1)
		} else {
			got = c.from.Downgrade(1, true)
		}
		if c.name == "TV-04 the added d8 upgrades further" {
			// d12 → +d8 is worth more than d8 → d10, so ask for the d8's step alone.
			got = c.from.apply(UpD8)
			if !c.from.legal(UpD8) {
				t.Errorf("%s: the added d8 cannot be upgraded", c.name)
			}
		}
		if got != c.to {
			t.Errorf("%s: %v → %v, want %v", c.name, c.from, got, c.to)
		}
	}
}

// TV-06: the Impact Die never changes: a check of one die is the Impact
// Die alone, whatever upgrades it receives.
func TestImpactDieImmutable(t *testing.T) {
	for _, m := range []Mods{{Up: 2}, {AllUp: 1}, {Down: 3}, {AllDown: 1, Up: 2}} {
		if p := Build(1, m, true); p != (Pool{}) {
			t.Errorf("one die with %+v: regular dice %v, want none", m, p)
		}
	}
}

// TV-07 … TV-18: pools after legal steps, the best for the roller.
func TestUpgradeDowngradeVectors(t *testing.T) {
	d10 := func(n uint8) Pool { return Pool{D10: n} }
	for _, c := range []struct {
		id   string
		got  Pool
		want Pool
	}{
		{"TV-07", d10(1).Upgrade(1), Pool{D12: 1}},
		{"TV-08", Pool{D12: 1}.Upgrade(1), Pool{D12: 1, D8: 1}},
		{"TV-09", d10(2).Upgrade(2), Pool{D12: 2}},
		{"TV-10", d10(2).Upgrade(3), Pool{D12: 2, D8: 1}},
		{"TV-11", Pool{D12: 2}.Upgrade(2), Pool{D12: 2, D8: 2}},
		{"TV-12", Pool{D10: 1, D12: 1}.AllUp(), Pool{D12: 2, D8: 1}},
		{"TV-13", d10(2).Downgrade(3, true), Pool{D8: 1}},
		{"TV-14", Pool{D8: 1, D10: 1}.Downgrade(1, true), Pool{D8: 2}},
		{"TV-15", Pool{D12: 1, D8: 1}.Downgrade(1, true), Pool{D10: 1, D8: 1}},
		// TV-16: a Damage check of 3 dice, the Impact 10 option's 2
		// upgrades, then crim Armor 1.
		{"TV-16 ups", Build(3, Mods{Up: 2}, true), Pool{D12: 2}},
		{"TV-16", Build(3, Mods{Up: 2, Down: 1}, true), Pool{D12: 1, D10: 1}},
		// TV-17: Move with Athletics 2, Focus, difficult terrain.
		{"TV-17 all-dice first", Build(2, Mods{Up: 2, AllDown: 1}, true), Pool{D12: 1}},
		{"TV-17 upgrades first", Build(2, Mods{Up: 2, AllDown: 1}, false), Pool{D10: 1}},
		{"TV-18 all-dice first", Build(3, Mods{Up: 2, AllDown: 1}, true), Pool{D10: 2}},
		{"TV-18 upgrades first", Build(3, Mods{Up: 2, AllDown: 1}, false), Pool{D10: 2}},
	} {
		if c.got != c.want {
			t.Errorf("%s: %v, want %v", c.id, c.got, c.want)
		}
	}
	// TV-09: adding a d8 while a d10 remains is illegal.
	if (Pool{D10: 1, D12: 1}).legal(UpD12) {
		t.Error("TV-09: a d12 adds a d8 while a d10 remains")
	}
	// TV-14: removing a d8 while a d10 remains is illegal.
	if (Pool{D8: 1, D10: 1}).legal(RemoveD8) {
		t.Error("TV-14: a d8 is removed while a d10 remains")
	}
	// The opponent choosing the downgrades takes the costliest legal one.
	if got := (Pool{D12: 1, D8: 1}).Downgrade(1, false); got != (Pool{D12: 1}) {
		t.Errorf("opponent's downgrade of {d12, d8}: %v, want {d12}", got)
	}
}

// The search finds the best sequence, not the best first step: from
// {d10, d8} two upgrades give {d12, d8, d8} (d10 → d12, then d12 → +d8),
// though d8 → d10 is the better single step.
func TestUpgradeSearchesSequences(t *testing.T) {
	if got := (Pool{D10: 1, D8: 1}).Upgrade(2); got != (Pool{D12: 1, D8: 2}) {
		t.Fatalf("{d10, d8} two up: %v, want {d12, d8, d8}", got)
	}
	if got := (Pool{D10: 1, D8: 1}).Upgrade(1); got != (Pool{D10: 2}) {
		t.Fatalf("{d10, d8} one up: %v, want {d10, d10}", got)
	}
	// More steps than the search depth go one at a time and still stop
	// at the size limit.
	if got := (Pool{D12: 1}).Upgrade(100); got.Dice() > MaxRegular {
		t.Fatalf("100 upgrades: %d dice", got.Dice())
	}
	if got := (Pool{D12: 3}).Downgrade(100, true); got != (Pool{}) {
		t.Fatalf("100 downgrades: %v", got)
	}
}

// TV-19, TV-20: successes with injected faces.
func TestSuccessesInjected(t *testing.T) {
	for _, c := range []struct {
		id     string
		roll   Roll
		double bool
		want   int
	}{
		{"TV-19 (7,3) I=6", Roll{Impact: 6, Regular: 1}, false, 2},
		{"TV-19 (7,9) I=1", Roll{Impact: 1, Regular: 2}, false, 1},
		{"TV-19 (2,3) I=1 floors at 0", Roll{Impact: 1, Regular: 0}, false, 0},
		{"TV-20 (6) I=10 two successes", Roll{Impact: 10, Regular: 1}, true, 3},
		{"TV-20 (6) I=10 Momentum instead", Roll{Impact: 10, Regular: 1}, false, 2},
		{"faces 2-5 add nothing", Roll{Impact: 5, Regular: 2}, false, 2},
		{"no die rolled", Roll{}, false, 0},
	} {
		if got := c.roll.Successes(c.double); got != c.want {
			t.Errorf("%s: %d successes, want %d", c.id, got, c.want)
		}
	}
}

func rat(a, b int64) *big.Rat { return big.NewRat(a, b) }

// P-1: one die's chance of a success; a d12 upgraded to d12 + d8.
func TestSingleDie(t *testing.T) {
	for _, c := range []struct {
		p    Pool
		want *big.Rat
	}{
		{Pool{D8: 1}, rat(3, 8)}, {Pool{D10: 1}, rat(1, 2)}, {Pool{D12: 1}, rat(7, 12)},
		{Pool{D12: 1}.Upgrade(1), rat(23, 24)},
	} {
		if got := Mean(RegularDist(c.p)); got.Cmp(c.want) != 0 {
			t.Errorf("%v: E = %v, want %v", c.p, got, c.want)
		}
	}
}

// P-2, P-3: the expected successes of a check of N dice, both policies.
func TestExpectedSuccesses(t *testing.T) {
	want := map[int][2]*big.Rat{
		1: {rat(1, 2), rat(3, 5)},
		2: {rat(19, 20), rat(21, 20)},
		3: {rat(57, 40), rat(61, 40)},
		4: {rat(153, 80), rat(161, 80)},
		5: {rat(77, 32), rat(401, 160)},
	}
	for n, w := range want {
		for i, double := range []bool{false, true} {
			dist, _ := CheckOdds(n, 0, double)
			if got := Mean(dist); got.Cmp(w[i]) != 0 {
				t.Errorf("N=%d double=%v: E[s] = %v, want %v", n, double, got, w[i])
			}
			// P-2's formula: E[impact] = 0.5 (or 0.6) - 0.1(1 - 2^-(N-1)).
			bonus := rat(5, 10)
			if double {
				bonus = rat(6, 10)
			}
			imp := new(big.Rat).Sub(bonus, new(big.Rat).Mul(rat(1, 10), new(big.Rat).Sub(rat(1, 1), rat(1, 1<<(n-1)))))
			formula := new(big.Rat).Add(rat(int64(n-1), 2), imp)
			if formula.Cmp(w[i]) != 0 {
				t.Errorf("N=%d double=%v: P-2 formula gives %v, the table %v", n, double, formula, w[i])
			}
		}
	}
}

// P-4: P(check succeeds) for N = 1..6 and T = 1..4, both policies.
func TestPSuccessTable(t *testing.T) {
	type pair [2]*big.Rat
	table := [6][4]pair{
		{{rat(1, 2), rat(1, 2)}, {rat(0, 1), rat(1, 10)}, {rat(0, 1), rat(0, 1)}, {rat(0, 1), rat(0, 1)}},
		{{rat(7, 10), rat(7, 10)}, {rat(1, 4), rat(3, 10)}, {rat(0, 1), rat(1, 20)}, {rat(0, 1), rat(0, 1)}},
		{{rat(33, 40), rat(33, 40)}, {rat(19, 40), rat(1, 2)}, {rat(1, 8), rat(7, 40)}, {rat(0, 1), rat(1, 40)}},
		{{rat(9, 10), rat(9, 10)}, {rat(13, 20), rat(53, 80)}, {rat(3, 10), rat(27, 80)}, {rat(1, 16), rat(1, 10)}},
		{{rat(151, 160), rat(151, 160)}, {rat(31, 40), rat(25, 32)}, {rat(19, 40), rat(1, 2)}, {rat(29, 160), rat(7, 32)}},
		{{rat(31, 32), rat(31, 32)}, {rat(55, 64), rat(69, 80)}, {rat(5, 8), rat(41, 64)}, {rat(21, 64), rat(23, 64)}},
	}
	for n := 1; n <= 6; n++ {
		for th := 1; th <= 4; th++ {
			for i, double := range []bool{false, true} {
				_, p := CheckOdds(n, th, double)
				if want := table[n-1][th-1][i]; p.Cmp(want) != 0 {
					t.Errorf("N=%d T=%d double=%v: P = %v, want %v", n, th, double, p, want)
				}
			}
		}
	}
}

// P-5: a Move's expected distance with Athletics 3.
func TestMoveDistance(t *testing.T) {
	for i, want := range []*big.Rat{rat(5425, 1000), rat(5525, 1000)} {
		dist, _ := CheckOdds(3, 0, i == 1)
		if got := new(big.Rat).Add(rat(4, 1), Mean(dist)); got.Cmp(want) != 0 {
			t.Errorf("double=%v: %v inches, want %v", i == 1, got, want)
		}
	}
}

// P-6: a Damage check of 3 dice against Armor 1, and its neighbours.
func TestDamageOdds(t *testing.T) {
	got := DamageOdds(3, 1, 0, false, false)
	want := []*big.Rat{rat(33, 160), rat(3, 8), rat(13, 40), rat(3, 32)}
	if len(got) != len(want) {
		t.Fatalf("distribution %v, want %v", got, want)
	}
	for k := range want {
		if got[k].Cmp(want[k]) != 0 {
			t.Errorf("P(%d wounds) = %v, want %v", k, got[k], want[k])
		}
	}
	for _, c := range []struct {
		armor int
		want  *big.Rat
	}{{1, rat(209, 160)}, {0, rat(57, 40)}, {3, rat(67, 80)}} {
		if m := Mean(DamageOdds(3, c.armor, 0, false, false)); m.Cmp(c.want) != 0 {
			t.Errorf("Armor %d: E = %v, want %v", c.armor, m, c.want)
		}
	}
	// P(eliminating a crim of 2 Wounds).
	for i, want := range []*big.Rat{rat(67, 160), rat(9, 20)} {
		if p := AtLeast(DamageOdds(3, 1, 0, i == 1, false), 2); p.Cmp(want) != 0 {
			t.Errorf("double=%v: P(>= 2 wounds) = %v, want %v", i == 1, p, want)
		}
	}
}

// P-7: a crim's attack, Defense 3 against Fight 3, Damage 2, no Armor.
func TestAttackedOdds(t *testing.T) {
	dist, miss := CheckOdds(3, 3, false)
	for s, want := range []*big.Rat{rat(7, 40), rat(7, 20), rat(7, 20), rat(1, 8)} {
		if dist[s].Cmp(want) != 0 {
			t.Errorf("P(%d Defense successes) = %v, want %v", s, dist[s], want)
		}
	}
	if miss.Cmp(rat(1, 8)) != 0 {
		t.Errorf("P(miss) = %v, want 1/8", miss)
	}
	if _, m := CheckOdds(3, 3, true); m.Cmp(rat(7, 40)) != 0 {
		t.Errorf("P(miss) double = %v, want 7/40", m)
	}
	// TV-23's potential Wounds.
	for s, want := range map[int]int{2: 2, 1: 3, 0: 5} {
		if w := PotentialWounds(2, 3, s); w != want {
			t.Errorf("TV-23: s=%d: W=%d, want %d", s, w, want)
		}
	}
	// TV-03: T 2, no success: D + 2.
	if w := PotentialWounds(4, 2, 0); w != 6 {
		t.Errorf("TV-03: W=%d, want 6", w)
	}
	// TV-23: Armor 1 and W = 3: the DR check's regular dice.
	if p := Build(3, Mods{Up: 1}, true); p != (Pool{D12: 1, D10: 1}) {
		t.Errorf("TV-23: DR pool %v, want {d12, d10}", p)
	}
	if m := Mean(AttackedOdds(3, 3, 2, 0, false)); m.Cmp(rat(1757, 1280)) != 0 {
		t.Errorf("E[wounds] single = %v, want 1757/1280", m)
	}
	if m := Mean(AttackedOdds(3, 3, 2, 0, true)); m.Cmp(rat(5, 4)) != 0 {
		t.Errorf("E[wounds] double = %v, want 5/4", m)
	}
}

// The match's memo of pools gives Build's pool for every check, made or
// read again.
func TestPoolMemoIsBuild(t *testing.T) {
	var pm poolMemo
	hits := 0
	for pass := range 2 {
		for n := -1; n <= MaxRegular+2; n++ {
			for _, m := range []Mods{{}, {Up: 1}, {Up: 2, Down: 1}, {Down: 3, DownByOpponent: true}, {AllDown: 1}, {AllUp: 1, Down: 2}, {AllUp: 2, AllDown: 1, Up: 3, Down: 3}} {
				for _, first := range []bool{true, false} {
					if got, want := pm.build(n, m, first), Build(n, m, first); got != want {
						t.Fatalf("pass %d, %d dice, %+v, all first %v: %v, want %v", pass, n, m, first, got, want)
					}
					hits += pass
				}
			}
		}
	}
	if hits == 0 {
		t.Fatal("nothing read again")
	}
}

// The pools the memo makes at once (only upgrades, only downgrades, one
// "all the dice" downgrade) are Build's.
func TestPoolMemoShortcuts(t *testing.T) {
	var pm poolMemo
	for n := -1; n <= MaxRegular+3; n++ {
		for k := int8(0); k <= 12; k++ {
			for _, first := range []bool{false, true} {
				for _, opp := range []bool{false, true} {
					for _, md := range []Mods{{Up: k}, {Down: k}, {AllDown: k}, {Up: k, Down: 1}, {AllUp: 1, Down: k}} {
						md.DownByOpponent = opp
						if got, want := pm.build(n, md, first), build(n, md, first); got != want {
							t.Fatalf("n %d, %+v, all first %v: %v, Build %v", n, md, first, got, want)
						}
					}
				}
			}
		}
	}
}
