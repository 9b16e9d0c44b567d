//go:build !race

package batch

// raceEnabled: the race detector is on.
const raceEnabled = false
