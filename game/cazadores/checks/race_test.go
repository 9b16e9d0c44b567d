//go:build race

package checks

// raceEnabled: the race detector is on (it slows every hunt tenfold and
// counts its own allocations).
const raceEnabled = true
