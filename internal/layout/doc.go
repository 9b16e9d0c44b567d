// Package layout holds a test of the project's layout: the shared rooms
// (sim/dice, sim/geom, batch, stats, reports, workflow, safeio, the game
// contract, configs/yamldata and internal/...) import no game, and their
// tests import only the test game, game/testdata/duel.
package layout
