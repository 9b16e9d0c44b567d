package legacy

import (
	"fmt"
	"math"

	"balance/stats"
)

// The fixed Summary the golden tests draw: 100000 hunts of the Wandering
// Son against the duo pack, with 5 outcomes, 4 Pack models, 40 Ticks of
// curves, 4 hit locations and 16 action cards. Its figures are made up but
// consistent: every distribution is computed from its histogram and every
// interval by the stats estimators.

const (
	synHunts = 100000
	synConf  = 0.95
)

// shape returns a histogram of n values over [lo, hi] with counts in
// proportion to f, rounded so they sum to n exactly (the remainder goes
// to the largest bin).
func shape(n int64, lo, hi int, f func(x float64) float64) []int64 {
	h := make([]int64, hi+1)
	w := make([]float64, hi+1)
	total := 0.0
	for v := lo; v <= hi; v++ {
		w[v] = math.Max(0, f(float64(v)))
		total += w[v]
	}
	var sum int64
	top := lo
	for v := lo; v <= hi; v++ {
		h[v] = int64(math.Floor(float64(n) * w[v] / total))
		sum += h[v]
		if h[v] > h[top] {
			top = v
		}
	}
	h[top] += n - sum
	return h
}

func bell(mu, sigma float64) func(float64) float64 {
	return func(x float64) float64 { return math.Exp(-(x - mu) * (x - mu) / (2 * sigma * sigma)) }
}

// dist summarises a histogram as the tallies do: mean with its normal
// interval, sd, and quantiles read from the histogram (the smallest value
// whose cumulative count reaches q·n).
func dist(h []int64) stats.Distribution {
	for len(h) > 0 && h[len(h)-1] == 0 {
		h = h[:len(h)-1]
	}
	var n int64
	var sum, sumSq float64
	for v, k := range h {
		n += k
		sum += float64(v) * float64(k)
		sumSq += float64(v) * float64(v) * float64(k)
	}
	d := stats.Distribution{N: n, Histogram: h, Mean: stats.FromEstimate(stats.Mean(sum, sumSq, n, synConf))}
	if n == 0 {
		return d
	}
	m := sum / float64(n)
	d.SD = math.Sqrt(math.Max(0, (sumSq-sum*m)/float64(n-1)))
	q := func(p float64) int64 {
		var c int64
		for v, k := range h {
			c += k
			if float64(c) >= p*float64(n) {
				return int64(v)
			}
		}
		return int64(len(h) - 1)
	}
	d.Min, d.P10, d.P50, d.P90 = q(0), q(0.1), q(0.5), q(0.9)
	for v, k := range h {
		if k > 0 {
			d.Min = int64(v)
			break
		}
	}
	d.Max = int64(len(h) - 1)
	return d
}

func prop(k, n int64) stats.Interval {
	return stats.FromEstimate(stats.Proportion(k, n, synConf))
}

// meanOf is the interval of a mean m with standard deviation sd over n.
func meanOf(m, sd float64, n int64) stats.Interval {
	nn := float64(n)
	return stats.FromEstimate(stats.Mean(m*nn, sd*sd*(nn-1)+m*m*nn, n, synConf))
}

// rateOf is the interval of a count k per unit over n units with
// standard deviation sd per unit, as the tallies give it: the wider of
// the normal interval and the exact Poisson interval, at least 0.
func rateOf(k, n int64, sd float64) stats.Interval {
	nn := float64(n)
	m := float64(k) / nn
	e := stats.Mean(m*nn, sd*sd*(nn-1)+m*m*nn, n, synConf).Hull(stats.Rate(k, n, synConf))
	e.Low = math.Max(0, e.Low)
	return stats.FromEstimate(e)
}

// shareOf is the interval of a mean share a over n hunts of models that
// fare independently, k models a hunt, as the tallies give it.
func shareOf(a float64, k int, n int64) stats.Interval {
	nn := float64(n)
	v := a * (1 - a) / float64(k)
	return stats.FromEstimate(stats.BoundedMean(a*nn, v*(nn-1)+a*a*nn, n, synConf))
}

func count(name string, k int64) stats.Count {
	return stats.Count{Name: name, Count: k, Rate: prop(k, synHunts)}
}

func syntheticSummary() *stats.Summary {
	s := &stats.Summary{
		Schema:  stats.SchemaVersion,
		Program: "balance v0.3.0",
		Config: stats.Config{
			Adversary:     "wandering-son",
			AdversaryName: "Wandering Son of the Mountain",
			Pack:          "duo",
			Scenario:      "open-ground",
			Overrides:     []string{"wandering-son.stats.def=5"},
			Hash:          "9f2c61d0a4b7e385",
			RoundCap:      20,
		},
		Hunts:   synHunts,
		Seed:    1,
		Stopped: "hunts",
		Outcomes: []stats.Count{
			count("pack_won", 41203),
			count("pack_slain", 38911),
			count("pack_fled", 6120),
			count("mixed", 9877),
			count("stalemate", 3889),
		},
		PackWinRate:       prop(41203, synHunts),
		AdversaryDefeated: prop(45012, synHunts),
		Timing:            stats.Timing{Seconds: 0.8123, HuntsPerSec: 123107.5, Workers: 8},
	}

	// Hunt length: a bell over 3..19 Rounds and the stalemates at the cap.
	rounds := shape(synHunts-3889, 3, 19, bell(9.5, 3))
	rounds = append(rounds, 3889)
	s.Rounds = dist(rounds)
	s.DecidedAt = dist(shape(synHunts, 6, 40, bell(21, 7)))
	s.DefeatedAt = dist(shape(45012, 9, 40, bell(24, 6)))
	adv := shape(synHunts-45012, 0, 19, bell(12, 4))
	adv = append(adv, 45012)
	s.AdvWounds = dist(adv)
	s.MinionsSlain = dist(shape(synHunts, 0, 3, bell(1.6, 0.9)))
	s.PackDeaths = dist(shape(synHunts, 0, 4, bell(1.7, 1.2)))
	s.Draws = dist(shape(synHunts, 62, 141, bell(98, 12)))
	s.Turns = dist(shape(synHunts, 14, 79, bell(40, 10)))

	models := []struct {
		name, kind   string
		wnd          int
		died, fled   int64
		hits, attack int64
		mu, sigma    float64
		atk          float64
	}{
		{"Bruiser", "cazador", 6, 31877, 2104, 402311, 611003, 3.6, 2.0, 6.1},
		{"Vigilant", "companion", 3, 47120, 3, 98211, 231876, 1.9, 1.1, 2.3},
		{"Hunter", "cazador", 5, 36540, 1877, 351220, 588914, 3.1, 1.8, 5.9},
		{"Hound", "companion", 2, 55811, 912, 121004, 260117, 1.4, 0.7, 2.6},
	}
	for _, m := range models {
		s.Pack = append(s.Pack, stats.PackModel{
			Name:    m.name,
			Kind:    m.kind,
			WND:     m.wnd,
			Wounds:  dist(shape(synHunts, 0, m.wnd, bell(m.mu, m.sigma))),
			Died:    prop(m.died, synHunts),
			Fled:    prop(m.fled, synHunts),
			HitRate: prop(m.hits, m.attack),
			Attacks: dist(shape(synHunts, 0, 14, bell(m.atk, 2.5))),
			DiedAt:  dist(shape(m.died, 3, 40, bell(12+2*m.mu, 6))),
		})
	}

	// Damage and survival by Tick, 40 Ticks: damage rises and levels off
	// near the Adversary's 20 WNDs; the Pack thins out.
	for t := 1; t <= 40; t++ {
		x := float64(t)
		m := 16.2 * (1 - math.Exp(-x/13))
		sd := 1 + 5.5*(1-math.Exp(-x/9))
		s.DamageCurve = append(s.DamageCurve, stats.CurvePoint{
			Tick: t,
			Mean: meanOf(m, sd, synHunts),
			P10:  int64(math.Max(0, math.Floor(m-1.28*sd))),
			P50:  int64(math.Round(m)),
			P90:  int64(math.Min(20, math.Ceil(m+1.28*sd))),
		})
		alive := 1 - 0.53*(1-math.Exp(-x*x/300))
		if t <= 2 {
			alive = 1 // no model dead in any hunt yet
		}
		s.Survival = append(s.Survival, stats.SurvivalStep{Tick: t, Alive: shareOf(alive, 4, synHunts)})
	}

	locs := []struct {
		name, label string
		exhausted   int64
		mu          float64
	}{
		{"Head", "Blinded", 38211, 26},
		{"Torso", "Exhausted", 52877, 21},
		{"Upper Limb", "Maimed arm", 61034, 17},
		{"Lower Limbs", "Slashed heels", 66120, 15},
	}
	for _, l := range locs {
		s.Locations = append(s.Locations, stats.Location{
			Name: l.name, Label: l.label, WND: 5,
			Exhausted:   prop(l.exhausted, synHunts),
			ExhaustedAt: dist(shape(l.exhausted, 4, 40, bell(l.mu, 6))),
		})
	}

	type action struct{ name, tree string }
	standard := []string{"Sweeping Smash", "Rock Throw", "Grab and Throw", "Overhead Slam"}
	trees := []string{"aggressive", "cunning", "cautious"}
	for rank := range 4 {
		for suit := range 4 {
			c := rank*4 + suit
			a := action{standard[rank], ""}
			if suit < 3 {
				a.tree = trees[suit]
			} else if rank == 1 {
				a = action{"Shattering Roar", "defensive"}
			} else {
				a.tree = "aggressive"
			}
			drawn := int64(48000 + 613*((c*7)%16))
			woundsPer := 0.45 + 0.09*float64((c*5)%11)
			kills := int64(float64(drawn) * (0.012 + 0.006*float64((c*3)%13)))
			if a.name == "Shattering Roar" {
				woundsPer, kills = 0.21, 0
			}
			conds := int64(0)
			if rank == 3 || a.name == "Shattering Roar" {
				conds = drawn / 3
			}
			wounds := int64(math.Round(woundsPer * float64(drawn)))
			s.Cards = append(s.Cards, stats.Card{
				Card:       "AKQJ"[rank:rank+1] + []string{"♠", "♦", "♣", "♥"}[suit],
				Name:       a.name,
				Tree:       a.tree,
				Drawn:      drawn,
				PerHunt:    meanOf(float64(drawn)/synHunts, 0.7, synHunts),
				Wounds:     wounds,
				WoundsPer:  meanOf(float64(wounds)/float64(drawn), 1.1, drawn),
				Kills:      kills,
				KillRate:   rateOf(kills, drawn, math.Sqrt(float64(kills)/float64(drawn))),
				Conditions: conds,
				CondsPer:   rateOf(conds, drawn, 0.5*float64(min(conds, 1))),
			})
		}
	}
	for i, c := range []string{"stunned", "terrified", "knocked_down"} {
		k := int64(31000 + 17000*i)
		s.Conditions = append(s.Conditions, stats.Count{Name: c, Count: k, Rate: rateOf(k, synHunts, 0.8)})
	}
	s.CardEffects = syntheticCardEffects()
	if len(s.Cards) != 16 || len(s.DamageCurve) != 40 {
		panic(fmt.Sprint("synthetic summary: ", len(s.Cards), " cards, ", len(s.DamageCurve), " curve points"))
	}
	return s
}

// syntheticCardEffects are made-up card effects over 5000 hunts: each
// entry's discordant hunts and paired sums, turned into intervals and
// tests by the stats estimators, with Holm's correction over them all.
func syntheticCardEffects() *stats.CardEffects {
	const n = 5000
	ce := &stats.CardEffects{Hunts: n, Stopped: "hunts", Alpha: 0.05, NoEffect: []string{}}
	type entry struct {
		key, kind, name, tree string
		cards                 []string
		onlyWith, onlyBlank   int64
		sumR, sumR2           int64
		sumD, sumD2           int64
	}
	entries := []entry{
		{"actions.ace", "action", "Sweeping Smash", "", []string{"A♠", "A♦", "A♣"}, 31, 402, 512, 1900, 9800, 41000},
		{"actions.king", "action", "Rock Throw", "", []string{"K♠", "K♦", "K♣"}, 60, 148, 90, 1400, 3100, 16000},
		{"actions.queen", "action", "Grab and Throw", "", []string{"Q♠", "Q♦", "Q♣"}, 71, 96, -60, 1300, 1900, 9000},
		{"actions.jack", "action", "Overhead Slam", "", []string{"J♠", "J♦", "J♣"}, 52, 171, 120, 1500, 4200, 18000},
		{"special.ace", "action", "Sweeping Smash", "aggressive", []string{"A♥"}, 15, 133, 180, 700, 3300, 14000},
		{"special.king", "action", "Shattering Roar", "defensive", []string{"K♥"}, 0, 0, 0, 0, 0, 0},
		{"special.queen", "action", "Grab and Throw", "aggressive", []string{"Q♥"}, 38, 44, 10, 600, 700, 3000},
		{"special.jack", "action", "Overhead Slam", "aggressive", []string{"J♥"}, 29, 61, 40, 650, 1400, 6500},
		{"hit_locations.0", "location", "Head: Blinded", "", []string{"10"}, 48, 12, -70, 300, -600, 2500},
		{"hit_locations.1", "location", "Torso: Exhausted", "", []string{"8", "9"}, 83, 20, -150, 500, -900, 3600},
		{"hit_locations.2", "location", "Upper Limb: Maimed arm", "", []string{"5", "6", "7"}, 66, 25, 40, 450, -700, 3300},
		{"hit_locations.3", "location", "Lower Limbs: Slashed heels", "", []string{"2", "3", "4"}, 30, 27, 20, 380, -100, 1800},
	}
	var ps []float64
	for _, e := range entries {
		both := int64(2100) - e.onlyWith
		neither := n - both - e.onlyWith - e.onlyBlank
		c := stats.CardEffect{Key: e.key, Kind: e.kind, Name: e.name, Tree: e.tree, Cards: e.cards,
			Win:      stats.FromEstimate(stats.PairedDiff(both, e.onlyWith, e.onlyBlank, neither, synConf)),
			OnlyWith: e.onlyWith, OnlyBlank: e.onlyBlank, WinP: stats.McNemar(e.onlyWith, e.onlyBlank),
			Rounds:  stats.FromEstimate(stats.PairedMeanDiff(float64(e.sumR), float64(e.sumR2), n, synConf)),
			RoundsP: stats.PairedMeanP(float64(e.sumR), float64(e.sumR2), n),
			Wounds:  stats.FromEstimate(stats.PairedMeanDiff(float64(e.sumD), float64(e.sumD2), n, synConf)),
		}
		if e.sumR2 == 0 {
			// No hunt went differently: the interval allows for a change
			// of up to the round cap in the few that could have.
			u := 20 * stats.Proportion(0, n, synConf).High
			c.Rounds = stats.Interval{Low: -u, High: u, Conf: synConf, N: n, Warnings: []string{"fewer than 5 hunts went differently: the interval allows for any change of up to 20 in them"}}
			c.Wounds = stats.Interval{Low: -16 * u / 20, High: 16 * u / 20, Conf: synConf, N: n, Warnings: []string{"fewer than 5 hunts went differently: the interval allows for any change of up to 16 in them"}}
		}
		ps = append(ps, c.WinP, c.RoundsP)
		ce.Effects = append(ce.Effects, c)
	}
	rej := stats.Holm(ps, 0.05)
	for j := range ce.Effects {
		ce.Effects[j].WinSignificant, ce.Effects[j].RoundsSignificant = rej[2*j], rej[2*j+1]
	}
	return ce
}
