package vantage

import "math"

// RollDist returns the exact distribution of the sum of a roll: dist[s]
// is the probability that the Dice dice of Sides faces sum to s, for s in
// 0..Dice·Sides (the sums below Dice are 0). It is the Dice-fold
// convolution of the uniform law on 1..Sides.
func RollDist(r Roll) []float64 {
	dist := []float64{1}
	for d := 0; d < r.Dice; d++ {
		next := make([]float64, len(dist)+r.Sides)
		for s, p := range dist {
			if p == 0 {
				continue
			}
			for f := 1; f <= r.Sides; f++ {
				next[s+f] += p / float64(r.Sides)
			}
		}
		dist = next
	}
	return dist
}

// RollChance returns the exact probability that a roll succeeds for a
// stat: P(sum ≤ stat) = Σ_{s ≤ stat} RollDist(r)[s]. With one die of
// twenty sides it is clamp(stat, 0, 20)/20.
func RollChance(r Roll, stat int) float64 {
	if stat < r.Dice {
		return 0
	}
	if stat >= r.Dice*r.Sides {
		return 1
	}
	// count the faces' combinations exactly, then divide once
	ways := make([]float64, r.Dice*r.Sides+1)
	ways[0] = 1
	for d := 0; d < r.Dice; d++ {
		next := make([]float64, len(ways))
		for s, w := range ways {
			if w == 0 {
				continue
			}
			for f := 1; f <= r.Sides && s+f < len(next); f++ {
				next[s+f] += w
			}
		}
		ways = next
	}
	var n float64
	for s := 0; s <= stat; s++ {
		n += ways[s]
	}
	return n / math.Pow(float64(r.Sides), float64(r.Dice))
}

// GainWithin returns the probability that attempts of success chance p,
// one per action point, succeed within k action points: a failed attempt
// spends its point and changes nothing, so the points needed are
// geometric, and P = 1 − (1 − p)^k (the spec's P-1).
func GainWithin(p float64, k int) float64 {
	if k <= 0 {
		return 0
	}
	return 1 - math.Pow(1-p, float64(k))
}

// ExpectedAP returns the mean action points spent until an attempt of
// chance p succeeds, 1/p (+Inf when p is 0).
func ExpectedAP(p float64) float64 {
	if p == 0 {
		return math.Inf(1)
	}
	return 1 / p
}

// PartyGainWithin returns the probability that a party gains vantage
// within k of its action points, when its fighters, of success chances
// ps, spend their points in roster order, ap per turn each, every point
// on an attempt: 1 − Π_{i<k} (1 − ps[⌊i/ap⌋ mod n]). A one-fighter party
// gives GainWithin.
func PartyGainWithin(ps []float64, ap, k int) float64 {
	if len(ps) == 0 || ap < 1 {
		return 0
	}
	miss := 1.0
	for i := 0; i < k; i++ {
		miss *= 1 - ps[(i/ap)%len(ps)]
	}
	return 1 - miss
}

// GainAndAttack returns the probability that a fighter with ap action
// points, who spends them on attempts until one succeeds and then
// attacks, both gains vantage and attacks within one turn: the success
// must come within the first ap−1 points, 1 − (1 − p)^(ap−1) (the spec's
// P-3: p with 2 points, 1 − (1 − p)² with 3).
func GainAndAttack(p float64, ap int) float64 { return GainWithin(p, ap-1) }

// GainOnEvader returns the probability that an enemy of chance p, with
// ap action points, gains vantage on a fighter who has just evaded, in
// the enemy turn that follows: 0 while the Evade blocks (the spec's P-4),
// else 1 − (1 − p)^ap.
func GainOnEvader(p float64, ap int, blocks bool) float64 {
	if blocks {
		return 0
	}
	return GainWithin(p, ap)
}
