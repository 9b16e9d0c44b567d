package skirmish

// The exact probabilities of the game's rolls. Every roll is one or two
// d20s, so each is a sum over at most 400 equally likely outcomes, done
// in integers and divided once: the figures are exact to the last bit a
// float64 holds.

// Opposed is one opposed roll: the attacker rolls d20 + A, the defender
// d20 + D, the higher total wins. With M and R it also deals damage: a
// winning attacker deals its total + M − R (nothing when that is 0 or
// less), doubled when Crit is set and its d20 shows 20. With Jam set a
// natural 1 of the attacker misses whatever the totals.
type Opposed struct {
	A, D int
	M, R int
	Crit bool
	Jam  bool
}

// Counts returns in how many of the 400 outcomes (x, y) of the two d20s
// the attacker wins (x + A > y + D, and x ≠ 1 under Jam), the totals are
// equal (x + A = y + D; under Jam a natural 1 with equal totals counts
// as a tie) and the defender wins (the rest).
//
// Without Jam, with d = D − A, the attacker wins in
// Σ_{k=d+1}^{19} (20 − |k|) outcomes: (19 − d)(20 − d)/2 for 0 ≤ d ≤ 19,
// 400 − (20 + d)(21 + d)/2 for −20 ≤ d < 0; ties are 20 − |d| (0 past
// ±19).
func (o Opposed) Counts() (win, tie, lose int) {
	for x := 1; x <= 20; x++ {
		for y := 1; y <= 20; y++ {
			switch a, d := x+o.A, y+o.D; {
			case a == d:
				tie++
			case a > d && !(o.Jam && x == 1):
				win++
			default:
				lose++
			}
		}
	}
	return win, tie, lose
}

// P returns the probabilities that the attacker wins, that the totals
// tie and that the defender wins: Counts / 400.
func (o Opposed) P() (win, tie, lose float64) {
	w, t, l := o.Counts()
	return float64(w) / 400, float64(t) / 400, float64(l) / 400
}

// MaxDamage is the largest damage an Opposed roll can deal: its highest
// winning total (20 + A) + M − R, doubled under Crit; 0 when it cannot
// deal any.
func (o Opposed) MaxDamage() int {
	m := 20 + o.A + o.M - o.R
	if m < 0 {
		return 0
	}
	if o.Crit {
		m *= 2
	}
	return m
}

// DamageCounts adds to dst[k], for k = 0..MaxDamage, the number of the
// 400 outcomes in which the attacker deals exactly k damage (a lost or
// tied roll deals 0), and returns dst grown to MaxDamage+1 entries.
func (o Opposed) DamageCounts(dst []int) []int {
	n := o.MaxDamage() + 1
	for len(dst) < n {
		dst = append(dst, 0)
	}
	for x := 1; x <= 20; x++ {
		for y := 1; y <= 20; y++ {
			dst[o.damage(x, y)]++
		}
	}
	return dst
}

// damage is the damage the attacker deals when the dice show x and y.
func (o Opposed) damage(x, y int) int {
	a := x + o.A
	if a <= y+o.D || (o.Jam && x == 1) {
		return 0
	}
	k := a + o.M - o.R
	if k <= 0 {
		return 0
	}
	if o.Crit && x == 20 {
		k *= 2
	}
	return k
}

// Damage returns the distribution of the damage the attacker deals:
// dst[k] = P(damage = k), k = 0..MaxDamage.
func (o Opposed) Damage(dst []float64) []float64 {
	var buf [128]int
	c := o.DamageCounts(buf[:0])
	dst = dst[:0]
	for _, n := range c {
		dst = append(dst, float64(n)/400)
	}
	return dst
}

// DamageSummary returns P(damage > 0), P(damage ≥ stun) (a shot of 4 or
// more stuns) and E[damage], exactly.
func (o Opposed) DamageSummary(stun int) (pDamage, pStun, mean float64) {
	var nd, ns, sum int
	for x := 1; x <= 20; x++ {
		for y := 1; y <= 20; y++ {
			k := o.damage(x, y)
			if k > 0 {
				nd++
				sum += k
			}
			if k >= stun && k > 0 {
				ns++
			}
		}
	}
	return float64(nd) / 400, float64(ns) / 400, float64(sum) / 400
}

// MeanDamage returns E[damage], exactly as DamageSummary does, summed
// over the attacker's die alone: with x showing, the attacker wins
// against every y ≤ x + A − D − 1, and deals the same damage whichever y
// it beats.
func (o Opposed) MeanDamage() float64 {
	sum := 0
	for x := 1; x <= 20; x++ {
		if wins := min(x+o.A-o.D-1, 20); wins > 0 {
			sum += wins * o.damage(x, 1)
		}
	}
	return float64(sum) / 400
}

// TNCount returns in how many of the 20 faces d20 + s reaches the target
// number n: clamp(21 − n + s, 0, 20).
func TNCount(n, s int) int { return min(max(21-n+s, 0), 20) }

// TN returns the probability that d20 + s ≥ n: TNCount / 20.
func TN(n, s int) float64 { return float64(TNCount(n, s)) / 20 }

// GrenadeTN is the target number of a grenade's Shooting Stat Roll.
const GrenadeTN = 12

// MaxScatter is the farthest a grenade's target point scatters; a miss by
// more removes it.
const MaxScatter = 6

// GrenadeOdds returns, for a Shooting Stat Roll d20 + s against TN12,
// the probability that the grenade lands on its point, that it scatters
// by m inches (scatter[m], m = 1..6) and that it is removed (missed by
// more than 6).
func GrenadeOdds(s int) (land float64, scatter [MaxScatter + 1]float64, removed float64) {
	for x := 1; x <= 20; x++ {
		switch m := GrenadeTN - (x + s); {
		case m <= 0:
			land += 1.0 / 20
		case m <= MaxScatter:
			scatter[m] += 1.0 / 20
		default:
			removed += 1.0 / 20
		}
	}
	return land, scatter, removed
}

// SwimTN is the target number of a Swimming Roll (a Will Roll).
const SwimTN = 5

// SwimOdds returns, for a Swimming Roll d20 + will against TN5, the
// probability of failing and the distribution of the damage taken
// (dmg[k] = P(damage = k); a failure by k deals k).
func SwimOdds(will int, dst []float64) (fail float64, dmg []float64) {
	dst = dst[:0]
	for x := 1; x <= 20; x++ {
		k := max(SwimTN-(x+will), 0)
		for len(dst) <= k {
			dst = append(dst, 0)
		}
		dst[k] += 1.0 / 20
		if k > 0 {
			fail += 1.0 / 20
		}
	}
	return fail, dst
}

// FallDamage is the damage of a fall from h inches: none for 3" or less,
// otherwise 1.5 × h rounded down.
func FallDamage(h float32) int {
	if h <= 3 {
		return 0
	}
	return int(float64(h) * 1.5)
}

// ClimbCost is the movement a climb of h inches costs: 2" for every 1"
// or part of 1".
func ClimbCost(h float32) float32 {
	if h <= 0 {
		return 0
	}
	n := int(h)
	if float32(n) < h-1e-4 {
		n++
	}
	return float32(2 * n)
}

// Support returns the modifiers two figures in combat fight at, given the
// raw supporting bonus of each (+2 per eligible supporting figure): only
// one of them keeps a bonus, the difference, and nobody claims more than
// capValue. capFirst caps each raw bonus before taking the difference.
func Support(rawA, rawB, capValue int, capFirst bool) (a, b int) {
	if capFirst {
		rawA, rawB = min(rawA, capValue), min(rawB, capValue)
	}
	d := rawA - rawB
	if d > 0 {
		return min(d, capValue), 0
	}
	return 0, min(-d, capValue)
}
