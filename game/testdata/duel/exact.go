package duel

// Exact returns the exact probabilities that A wins, that B wins and that
// the duel is drawn at the round cap, for the design's numbers, with A's
// side played by policy ("basic" or "random"): a Markov chain over (HP of
// A, HP of B, the cards left in the deck), round by round.
func (d *Design) Exact(policy string) (aWins, bWins, draw float64) {
	c := &d.c
	n := len(c.Deck)
	full := 1<<n - 1
	type state struct{ a, b, mask int }
	attack := 1.0
	if policy == "random" {
		attack = 0.5
	}
	cur := map[state]float64{{c.A.HP, c.B.HP, full}: 1}
	// strike plays one attack of side on every state of dist: hits pick a
	// card uniformly among those left (a full deck when none is).
	strike := func(dist map[state]float64, side int, pAttack float64) map[state]float64 {
		next := map[state]float64{}
		skill := c.A.Skill
		if side == 1 {
			skill = c.B.Skill
		}
		pHit := pAttack * float64(skill) / 6
		for s, p := range dist {
			next[s] += p * (1 - pHit)
			mask := s.mask
			if mask == 0 {
				mask = full
			}
			left := 0
			for i := 0; i < n; i++ {
				if mask>>i&1 == 1 {
					left++
				}
			}
			for i := 0; i < n; i++ {
				if mask>>i&1 == 0 {
					continue
				}
				t := state{s.a, s.b, mask &^ (1 << i)}
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
	for round := 0; round < c.Rules.RoundCap; round++ {
		cur = strike(cur, 0, attack)
		alive := map[state]float64{}
		for s, p := range cur {
			if s.b == 0 {
				aWins += p
			} else {
				alive[s] += p
			}
		}
		cur = strike(alive, 1, 1)
		alive = map[state]float64{}
		for s, p := range cur {
			if s.a == 0 {
				bWins += p
			} else {
				alive[s] += p
			}
		}
		cur = alive
	}
	for _, p := range cur {
		draw += p
	}
	return aWins, bWins, draw
}
