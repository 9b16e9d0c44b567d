package duel

// Exact returns the exact probabilities that A wins, that B wins and that
// the duel is drawn at the round cap, for the design's numbers, with A's
// side played by policy ("basic" or "random"): a Markov chain over (HP of
// A, HP of B, the cards left in the deck), round by round.
func (d *Design) Exact(policy string) (aWins, bWins, draw float64) {
	term, _, _ := d.chain(policy, 0, func(int, int, int, int) int { return 0 })
	return term[[2]int{0, AWon}], term[[2]int{0, BWon}], term[[2]int{0, Draw}]
}
