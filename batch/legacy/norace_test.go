//go:build !race

package legacy

// raceEnabled: the race detector is on.
const raceEnabled = false
