package vantage

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// Known answers of the roll and of the spec's P-1 … P-4.
func TestOddsKnownAnswers(t *testing.T) {
	d20 := Roll{1, 20}
	for _, c := range []struct {
		r    Roll
		stat int
		p    float64
	}{
		{d20, 12, 0.6}, // P-2: Perception 12 ⇒ 12/20
		{d20, 0, 0}, {d20, -3, 0}, {d20, 1, 0.05}, {d20, 20, 1}, {d20, 25, 1},
		{Roll{2, 6}, 7, 21.0 / 36}, {Roll{2, 6}, 2, 1.0 / 36}, {Roll{2, 6}, 1, 0}, {Roll{2, 6}, 12, 1},
		{Roll{3, 6}, 10, 108.0 / 216}, {Roll{2, 10}, 11, 55.0 / 100},
	} {
		if got := RollChance(c.r, c.stat); !near(got, c.p) {
			t.Errorf("%dd%d ≤ %d: %v, want %v", c.r.Dice, c.r.Sides, c.stat, got, c.p)
		}
	}
	for _, r := range []Roll{{1, 20}, {2, 6}, {3, 6}, {4, 100}} {
		dist, sum := RollDist(r), 0.0
		for s, p := range dist {
			sum += p
			if cum := RollChance(r, s); s >= r.Dice && math.Abs(cum-cumulative(dist, s)) > 1e-12 {
				t.Errorf("%dd%d: P(sum ≤ %d) %v, the distribution gives %v", r.Dice, r.Sides, s, cum, cumulative(dist, s))
			}
		}
		if math.Abs(sum-1) > 1e-12 || len(dist) != r.Dice*r.Sides+1 {
			t.Errorf("%dd%d: the distribution sums to %v over %d sums", r.Dice, r.Sides, sum, len(dist))
		}
	}
	// P-1: p = 0.6 ⇒ E = 1.667 AP; within 2 AP 0.84
	if e := ExpectedAP(0.6); !near(e, 1/0.6) || !math.IsInf(ExpectedAP(0), 1) {
		t.Errorf("E[AP] %v", e)
	}
	if p := GainWithin(0.6, 2); !near(p, 0.84) || GainWithin(0.6, 0) != 0 || !near(GainWithin(0.6, 1), 0.6) {
		t.Errorf("within 2 AP: %v", p)
	}
	// P-3: 2 AP ⇒ p; 3 AP ⇒ 1 − (1 − p)²
	if a, b := GainAndAttack(0.6, 2), GainAndAttack(0.6, 3); !near(a, 0.6) || !near(b, 0.84) || GainAndAttack(0.6, 1) != 0 {
		t.Errorf("gain and attack: %v with 2 AP, %v with 3", a, b)
	}
	// P-4: 0 while the Evade blocks
	if GainOnEvader(0.9, 2, true) != 0 || !near(GainOnEvader(0.5, 2, false), 0.75) {
		t.Error("gain on an evader")
	}
	// a party of two, 2 AP each: points 1-2 by the first, 3-4 by the second
	if p := PartyGainWithin([]float64{0.5, 0.25}, 2, 3); !near(p, 1-0.5*0.5*0.75) {
		t.Errorf("party within 3 AP: %v", p)
	}
	if p := PartyGainWithin([]float64{0.6}, 2, 5); !near(p, GainWithin(0.6, 5)) {
		t.Errorf("a party of one: %v", p)
	}
}

func cumulative(dist []float64, s int) float64 {
	c := 0.0
	for i := 0; i <= s && i < len(dist); i++ {
		c += dist[i]
	}
	return c
}

// within reports whether a frequency of n trials agrees with p within 4.5
// standard errors (and a hair for p at 0 or 1).
func within(got float64, p float64, n int) bool {
	return math.Abs(got-p) <= 4.5*math.Sqrt(p*(1-p)/float64(n))+1e-9
}

// The simulator's rolls succeed as often as RollChance says, for several
// rolls, stats and seeds, and each face comes up as often as RollDist
// says.
func TestRollAgreesWithExact(t *testing.T) {
	const n = 20000
	for _, r := range []Roll{{1, 20}, {2, 6}, {3, 10}} {
		b := newBench(t, DefaultRules(), fx{"A", Players, 0, 0}, fx{"X", Enemies, 0, 0})
		b.sc.Rules.Roll = r
		dist := RollDist(r)
		for seed := uint64(1); seed <= 3; seed++ {
			b.d.Reset(b.sc, seed, 0)
			stat := r.Dice * (r.Sides + 1) / 2
			b.sc.F[0].Stat[Perception] = stat
			p := RollChance(r, stat)
			ok, sums := 0, make([]int, len(dist))
			for range n {
				if b.d.Roll(0, Perception) {
					ok++
				}
				sums[b.d.Last.Sum]++
			}
			if f := float64(ok) / n; !within(f, p, n) {
				t.Errorf("%dd%d ≤ %d, seed %d: %.4f of %d rolls, exactly %.4f", r.Dice, r.Sides, stat, seed, f, n, p)
			}
			for s, c := range sums {
				if f := float64(c) / n; !within(f, dist[s], n) {
					t.Errorf("%dd%d, seed %d: sum %d in %.4f of rolls, exactly %.4f", r.Dice, r.Sides, seed, s, f, dist[s])
				}
			}
		}
	}
}

// P-1 through the rules: a fighter spending every point on gaining
// vantage on a target that cannot answer gains it within k points as
// often as GainWithin says (duels of many turns, several seeds and
// stats).
func TestGainWithinAgreesWithExact(t *testing.T) {
	const n = 10000
	const k = 6
	for _, stat := range []int{4, 12} {
		for seed := uint64(1); seed <= 3; seed++ {
			var got [k + 1]int // got[j]: duels in which the gain came within j points
			b := newBench(t, DefaultRules(), fx{"A", Players, 3, 0}, fx{"X", Enemies, 0, 0})
			b.sc.F[0].Stat[Perception] = stat
			b.sc.F[0].Chance[Perception] = RollChance(b.sc.Rules.Roll, stat)
			for i := uint64(0); i < n; i++ {
				b.d.Reset(b.sc, seed, i)
				for spent := 1; spent <= k; spent++ {
					if b.d.S[0].AP == 0 {
						b.endTurn() // A's points are gone: X passes its turn
						b.endTurn()
					}
					b.d.Do(Action{GainVantage, 0, 1})
					if b.d.S[0].Vantage == 1 {
						for j := spent; j <= k; j++ {
							got[j]++
						}
						break
					}
				}
			}
			p := b.sc.F[0].Chance[Perception]
			for j := 1; j <= k; j++ {
				if f := float64(got[j]) / n; !within(f, GainWithin(p, j), n) {
					t.Errorf("perception %d, seed %d: within %d AP in %.4f, exactly %.4f", stat, seed, j, f, GainWithin(p, j))
				}
			}
		}
	}
}

// P-4 through the rules: after a successful Evade, an enemy spending its
// whole next turn on vantage attempts gains it on the evader never while
// the Evade blocks, and as often as GainOnEvader says when it does not.
func TestGainOnEvaderAgreesWithExact(t *testing.T) {
	const n = 10000
	for _, blocks := range []bool{true, false} {
		for seed := uint64(1); seed <= 3; seed++ {
			r := DefaultRules()
			r.EvadeBlocks = blocks
			b := newBench(t, r, fx{"A", Players, 0, 0}, fx{"X", Enemies, 3, 0})
			gained := 0
			for i := uint64(0); i < n; i++ {
				b.d.Reset(b.sc, seed, i)
				b.set("X.vantage=A")
				b.d.Inject(Action{Evade, 0, None}, true)
				b.endTurn()
				for b.d.S[1].AP > 0 && b.d.S[1].Vantage != 0 {
					if b.d.Why(Action{GainVantage, 1, 0}) != "" {
						break
					}
					b.d.Do(Action{GainVantage, 1, 0})
				}
				if b.d.S[1].Vantage == 0 {
					gained++
				}
			}
			p := GainOnEvader(b.sc.F[1].Chance[Perception], r.AP, blocks)
			if f := float64(gained) / n; !within(f, p, n) {
				t.Errorf("blocks %v, seed %d: the enemy gained vantage on the evader in %.4f of turns, exactly %.4f", blocks, seed, f, p)
			}
		}
	}
}
