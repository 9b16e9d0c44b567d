// Package checks holds the tests that play Cazadores through the shared
// machinery (the runner, the tallies, the reports and the workflows): the
// pinned tallies of every Adversary, pack and map, no allocation per hunt
// over every Adversary, pack, Objective, part switched off and policy
// tier, the runner's determinism, the run's report, and the figures
// recorded before the game seam. The shared packages' own tests play the
// duel (game/testdata/duel) and name no game.
package checks
