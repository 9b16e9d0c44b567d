package main

import (
	"slices"

	"balance/game/testdata/duel"
)

// realGames are the games balance plays outside tests: the list of
// games.go as the program starts, before the tests add theirs.
var realGames = slices.Clone(games)

// In tests balance also plays the duel, a tiny game of the tests with
// exact outcome probabilities, plugged in after the real games.
func init() { games = append(games, duel.Game{}) }
