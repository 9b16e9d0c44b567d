//go:build !race

package checks

// raceEnabled: the race detector is on.
const raceEnabled = false
