package duel

import (
	"balance/game"
)

// ExactFeel are the exact values of the figures of how a duel feels
// (docs/feel.md), from the Markov chain: what the tests check the
// simulated figures' intervals against.
type ExactFeel struct {
	LeadChanges float64    // mean lead changes per duel
	Wins        [2]float64 // each side's chance to win
	Comeback    [2]float64 // the share of each side's wins from behind
	Deficit     [2]float64 // the mean worst deficit over those, in points
	Close       [2]float64 // the share of each side's wins after a close call
	Idle        [2]float64 // the share of each side's turns that are idle
	// By round r (index r-1): the chance the duel plays it, the
	// uncertainty 4p(1-p) averaged over the duels that do, and the share
	// of those the standing at its end predicts.
	Reach, Uncertainty, Right []float64
	SettlingRound             int     // with rounds reached by 1% of the duels judged, as stats does
	SettledPlay               float64 // the share of rounds played after it
}

type feelKey struct{ a, b, mask, x int }

// chain plays the duel's Markov chain with an extra state x, which
// update sets at the end of every round from the round and the HP left;
// it returns the chance of every (x, outcome) at the end, and the
// expected turns and idle turns of each side.
func (d *Design) chain(policy string, x0 int, update func(x, round, a, b int) int) (term map[[2]int]float64, turns, idle [2]float64) {
	c := &d.c
	n := len(c.Deck)
	full := 1<<n - 1
	attack := 1.0
	if policy == "random" {
		attack = 0.5
	}
	term = map[[2]int]float64{}
	cur := map[feelKey]float64{{c.A.HP, c.B.HP, full, x0}: 1}
	strike := func(dist map[feelKey]float64, side int, pAttack float64) map[feelKey]float64 {
		next := map[feelKey]float64{}
		skill := c.A.Skill
		if side == 1 {
			skill = c.B.Skill
		}
		pHit := pAttack * float64(skill) / 6
		for s, p := range dist {
			turns[side] += p
			idle[side] += p * (1 - pAttack)
			next[s] += p * (1 - pHit)
			mask := s.mask
			if mask == 0 {
				mask = full
			}
			left := 0
			for i := 0; i < n; i++ {
				left += mask >> i & 1
			}
			for i := 0; i < n; i++ {
				if mask>>i&1 == 0 {
					continue
				}
				t := s
				t.mask = mask &^ (1 << i)
				if side == 0 {
					t.b = max(0, t.b-c.Deck[i])
				} else {
					t.a = max(0, t.a-c.Deck[i])
				}
				next[t] += p * pHit / float64(left)
			}
		}
		return next
	}
	for round := 1; round <= c.Rules.RoundCap; round++ {
		cur = strike(cur, 0, attack)
		alive := map[feelKey]float64{}
		for s, p := range cur {
			if s.b == 0 {
				term[[2]int{update(s.x, round, s.a, 0), AWon}] += p
			} else {
				alive[s] += p
			}
		}
		cur = strike(alive, 1, 1)
		alive = map[feelKey]float64{}
		for s, p := range cur {
			if s.a == 0 {
				term[[2]int{update(s.x, round, 0, s.b), BWon}] += p
				continue
			}
			s.x = update(s.x, round, s.a, s.b)
			alive[s] += p
		}
		cur = alive
	}
	for s, p := range cur {
		term[[2]int{s.x, Draw}] += p
	}
	return term, turns, idle
}

// ExactFeel computes the exact figures of how the duel feels with A's
// side played by policy.
func (d *Design) ExactFeel(policy string) ExactFeel {
	var e ExactFeel
	fe := d.schema.Feel
	ma, mb := d.c.A.HP, d.c.B.HP
	diff := func(a, b int) int { return a*mb - b*ma }
	points := func(v int) int { return max(v, -v) * 100 / (ma * mb) }

	// Lead changes: x = 3·changes + leader+1.
	term, turns, idle := d.chain(policy, 0, func(x, _, a, b int) int {
		changes, leader := x/3, x%3-1
		lead := -1
		if v := diff(a, b); v > 0 {
			lead = 0
		} else if v < 0 {
			lead = 1
		}
		if lead >= 0 {
			if leader >= 0 && lead != leader {
				changes++
			}
			leader = lead
		}
		return 3*changes + leader + 1
	})
	for k, p := range term {
		e.LeadChanges += p * float64(k[0]/3)
		if k[1] != Draw {
			e.Wins[k[1]] += p
		}
	}
	for s := range 2 {
		e.Idle[s] = idle[s] / turns[s]
	}
	// Worst deficits: x = 1000·(A's+1) + B's+1, 0 for never behind.
	term, _, _ = d.chain(policy, 0, func(x, _, a, b int) int {
		da, db := x/1000, x%1000
		if v := diff(a, b); v < 0 {
			da = max(da, points(v)+1)
		} else if v > 0 {
			db = max(db, points(v)+1)
		}
		return 1000*da + db
	})
	for k, p := range term {
		if k[1] == Draw {
			continue
		}
		w := k[1]
		def := [2]int{k[0] / 1000, k[0] % 1000}[w]
		if def > 0 {
			e.Comeback[w] += p
			e.Deficit[w] += p * float64(def-1)
		}
	}
	for s := range 2 {
		e.Deficit[s] /= e.Comeback[s]
		e.Comeback[s] /= e.Wins[s]
	}
	// Close calls: x = bit 0 for A, bit 1 for B.
	term, _, _ = d.chain(policy, 0, func(x, _, a, b int) int {
		if a <= fe.Margin[0] {
			x |= 1
		}
		if b <= fe.Margin[1] {
			x |= 2
		}
		return x
	})
	for k, p := range term {
		if k[1] != Draw && k[0]>>k[1]&1 == 1 {
			e.Close[k[1]] += p
		}
	}
	for s := range 2 {
		e.Close[s] /= e.Wins[s]
	}
	// The length: x = the last round played.
	term, _, _ = d.chain(policy, 0, func(_, round, _, _ int) int { return round })
	length := map[int]float64{}
	for k, p := range term {
		length[k[0]] += p
	}
	// The settling table, round by round: x = the bucket at the end of
	// round r, -1 before.
	rounds := d.schema.NRounds()
	for r := 1; r <= rounds; r++ {
		term, _, _ = d.chain(policy, -1, func(x, round, a, b int) int {
			if round == r {
				return fe.Bucket([]int32{int32(a), int32(b)})
			}
			return x
		})
		var win, all [game.FeelBuckets]float64
		var reach float64
		for k, p := range term {
			if k[0] < 0 {
				continue
			}
			all[k[0]] += p
			reach += p
			if k[1] == AWon {
				win[k[0]] += p
			}
		}
		var u, right float64
		for b := range all {
			if all[b] == 0 {
				continue
			}
			q := win[b] / all[b]
			u += all[b] / reach * 4 * q * (1 - q)
			right += max(win[b], all[b]-win[b]) / reach
		}
		e.Reach = append(e.Reach, reach)
		e.Uncertainty = append(e.Uncertainty, u)
		e.Right = append(e.Right, right)
	}
	e.SettlingRound = 1
	last := true
	for r := rounds; r >= 1; r-- {
		if e.Reach[r-1] < 0.01 {
			continue
		}
		if e.Right[r-1] < 0.9 {
			e.SettlingRound = r + 1
			if last {
				e.SettlingRound = rounds + 1
			}
			break
		}
		last = false
	}
	var after, all float64
	for l, p := range length {
		after += p * float64(max(0, l-e.SettlingRound))
		all += p * float64(l)
	}
	e.SettledPlay = after / all
	return e
}
