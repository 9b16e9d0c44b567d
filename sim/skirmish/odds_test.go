package skirmish

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// P-1: the probability that a shot hits, P(x − y > d) with d = b − a, in
// closed form and at the spec's points.
func TestOddsP1OpposedShooting(t *testing.T) {
	closed := func(d int) float64 {
		switch {
		case d >= 20:
			return 0
		case d <= -20:
			return 1
		case d >= 0:
			return float64((19-d)*(20-d)) / 800
		}
		return 1 - float64((20+d)*(21+d))/800
	}
	for d := -25; d <= 25; d++ {
		win, _, _ := Opposed{A: 0, D: d}.P()
		if !near(win, closed(d)) {
			t.Errorf("d=%d: P(hit) %v, closed form %v", d, win, closed(d))
		}
		// Only the difference matters.
		w2, _, _ := Opposed{A: 3, D: d + 3}.P()
		if !near(win, w2) {
			t.Errorf("d=%d: P(hit) depends on more than D − A: %v, %v", d, win, w2)
		}
	}
	for _, c := range []struct {
		d    int
		want float64
	}{{0, 19.0 / 40}, {1, 171.0 / 400}, {2, 153.0 / 400}, {3, 17.0 / 50}, {4, 3.0 / 10},
		{6, 91.0 / 400}, {-1, 21.0 / 40}, {-2, 229.0 / 400}, {-4, 33.0 / 50}} {
		if win, _, _ := (Opposed{D: c.d}).P(); !near(win, c.want) {
			t.Errorf("P-1 d=%d: %v, spec %v", c.d, win, c.want)
		}
	}
}

// P-2: melee uses the same formula; ties are (20 − |d|)/400, and the three
// outcomes add up to 1.
func TestOddsP2MeleeTies(t *testing.T) {
	for d := -22; d <= 22; d++ {
		w, tie, l := Opposed{A: 2, D: 2 + d}.P()
		want := float64(max(20-abs(d), 0)) / 400
		if !near(tie, want) {
			t.Errorf("d=%d: P(tie) %v, spec %v", d, tie, want)
		}
		if !near(w+tie+l, 1) {
			t.Errorf("d=%d: %v + %v + %v ≠ 1", d, w, tie, l)
		}
		// The defender wins what the attacker would win with the roles swapped.
		w2, _, _ := Opposed{A: 2 + d, D: 2}.P()
		if !near(l, w2) {
			t.Errorf("d=%d: P(defender) %v, swapped P(attacker) %v", d, l, w2)
		}
	}
	if _, tie, _ := (Opposed{}).P(); !near(tie, 1.0/20) {
		t.Errorf("P(tie) at d=0: %v, spec 1/20", tie)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// P-3: the setup of TV-16 (shooter +2, target +1 with light cover +2,
// Armour 10, carbine +0).
func TestOddsP3ShotDamage(t *testing.T) {
	o := Opposed{A: 2, D: 3, M: 0, R: 10}
	if win, _, _ := o.P(); !near(win, 171.0/400) {
		t.Errorf("P(hit) %v, spec 171/400", win)
	}
	pd, ps, mean := o.DamageSummary(StunDamage)
	if !near(pd, 3.0/8) || !near(ps, 63.0/200) || !near(mean, 559.0/200) {
		t.Errorf("P(damage) %v (3/8), P(stun) %v (63/200), E[damage] %v (559/200)", pd, ps, mean)
	}
	dist := o.Damage(nil)
	var sum, m float64
	for k, p := range dist {
		sum += p
		m += float64(k) * p
	}
	if !near(sum, 1) || !near(m, 559.0/200) {
		t.Errorf("distribution sums to %v with mean %v", sum, m)
	}
	// A lost or tied roll is 0 damage: P(0) = 1 − P(damage > 0).
	if !near(dist[0], 1-3.0/8) {
		t.Errorf("P(0 damage) %v, want 5/8", dist[0])
	}
	// Under critical hits a natural 20 doubles: x = 20 totals 22, 12
	// damage, 24 when doubled, in 18 of the 400 outcomes (y ≤ 18).
	c := Opposed{A: 2, D: 3, R: 10, Crit: true}.Damage(nil)
	if len(c) != 25 || !near(c[24], 18.0/400) || !near(c[12], 0) {
		t.Errorf("with criticals: %d entries, P(24) %v, P(12) %v", len(c), c[24], c[12])
	}
	// Under jams a natural 1 never hits.
	if w, _, _ := (Opposed{A: 10, D: 0, Jam: true}).P(); !near(w, (Opposed{A: 10}).pNoOne()) {
		t.Errorf("with jams: P(hit) %v", w)
	}
}

// pNoOne is P(attacker wins and x ≠ 1), by direct enumeration.
func (o Opposed) pNoOne() float64 {
	n := 0
	for x := 2; x <= 20; x++ {
		for y := 1; y <= 20; y++ {
			if x+o.A > y+o.D {
				n++
			}
		}
	}
	return float64(n) / 400
}

// P-4: target-number rolls.
func TestOddsP4TargetNumbers(t *testing.T) {
	for _, c := range []struct {
		tn, s int
		want  float64
	}{
		{12, 2, 11.0 / 20}, {12, 3, 12.0 / 20}, // grenades: (9 + s)/20
		{14, 4, 11.0 / 20}, // loot: (7 + Will)/20
		{12, 0, 9.0 / 20},  // a power, AN 12, no exertion
		{12, 2, 11.0 / 20}, // the same with 2 Health exerted
		{5, 2, 18.0 / 20},  // swimming, Will +2
		{30, 0, 0}, {1, -5, 15.0 / 20}, {2, 30, 1}, {25, 3, 0}, {24, 4, 1.0 / 20},
	} {
		if got := TN(c.tn, c.s); !near(got, c.want) {
			t.Errorf("TN%d, stat %+d: %v, spec %v", c.tn, c.s, got, c.want)
		}
	}
	for n := -5; n <= 40; n++ {
		for s := -10; s <= 10; s++ {
			k := 0
			for x := 1; x <= 20; x++ {
				if x+s >= n {
					k++
				}
			}
			if TNCount(n, s) != k {
				t.Fatalf("TN%d stat %d: %d faces, enumeration %d", n, s, TNCount(n, s), k)
			}
		}
	}
}

// P-5: a grenade thrown at s = +3.
func TestOddsP5Grenade(t *testing.T) {
	land, sc, removed := GrenadeOdds(3)
	if !near(land, 12.0/20) || !near(removed, 2.0/20) {
		t.Errorf("land %v (12/20), removed %v (2/20)", land, removed)
	}
	var total float64
	for m := 1; m <= 6; m++ {
		if !near(sc[m], 1.0/20) {
			t.Errorf("scatter %d\": %v, spec 1/20", m, sc[m])
		}
		total += sc[m]
	}
	if !near(total, 6.0/20) || !near(land+total+removed, 1) {
		t.Errorf("scatter total %v", total)
	}
}

// P-6: swimming at Will +2.
func TestOddsP6Swimming(t *testing.T) {
	fail, dmg := SwimOdds(2, nil)
	if !near(fail, 1.0/10) || len(dmg) != 3 || !near(dmg[1], 1.0/20) || !near(dmg[2], 1.0/20) {
		t.Fatalf("fail %v, damage %v", fail, dmg)
	}
	if mean := dmg[1] + 2*dmg[2]; !near(mean, 3.0/20) {
		t.Errorf("E[damage] %v, spec 3/20", mean)
	}
}

// TV-06 and TV-07: falling and climbing costs.
func TestFallingAndClimbing(t *testing.T) {
	for _, c := range []struct {
		h    float32
		want int
	}{{2, 0}, {4, 6}, {3.5, 5}, {5, 7}, {6, 9}, {10, 15}, {3, 0}, {0, 0}} {
		if got := FallDamage(c.h); got != c.want {
			t.Errorf("fall %v\": %d damage, spec %d", c.h, got, c.want)
		}
	}
	for _, c := range []struct{ h, want float32 }{{1, 2}, {1.5, 4}, {0.5, 2}, {3, 6}, {2, 4}, {0, 0}} {
		if got := ClimbCost(c.h); got != c.want {
			t.Errorf("climb %v\": costs %v, spec %v", c.h, got, c.want)
		}
	}
}

// TV-01…TV-04: supporting figures.
func TestSupportTV01to04(t *testing.T) {
	for _, c := range []struct {
		name       string
		a, b       int
		capFirst   bool
		wantA, wan int
	}{
		{"TV-01 three supporters", 6, 0, false, 6, 0},
		{"TV-02 both +2", 2, 2, false, 0, 0},
		{"TV-03 +4 vs +2", 4, 2, false, 2, 0},
		{"TV-04 cap", 8, 0, false, 6, 0},
		{"A-5 net then cap: +8 vs +2", 8, 2, false, 6, 0},
		{"A-5 cap then net: +8 vs +2", 8, 2, true, 4, 0},
		{"defender's side", 0, 4, false, 0, 4},
	} {
		a, b := Support(c.a, c.b, 6, c.capFirst)
		if a != c.wantA || b != c.wan {
			t.Errorf("%s: +%d/+%d, want +%d/+%d", c.name, a, b, c.wantA, c.wan)
		}
	}
}

// MeanDamage is DamageSummary's mean to the last bit, over every roll
// the policies tabulate and more.
func TestMeanDamageIsDamageSummarys(t *testing.T) {
	for a := -3; a <= 3; a++ {
		for d := -35; d <= 35; d++ {
			for m := -45; m <= 25; m += 2 {
				for _, r := range [2]int{0, 10} {
					for f := 0; f < 4; f++ {
						o := Opposed{A: a, D: d, M: m, R: r, Crit: f&1 != 0, Jam: f&2 != 0}
						if _, _, want := o.DamageSummary(StunDamage); o.MeanDamage() != want {
							t.Fatalf("%+v: MeanDamage %v, DamageSummary's mean %v", o, o.MeanDamage(), want)
						}
					}
				}
			}
		}
	}
}
