// Package testenv tells the tests which of them run: the long ones (the
// pinned runs at full size, every example at its written size) only when
// the environment asks for them with BALANCE_LONG=1, as .ci/run does, so
// that go test ./... stays quick on a laptop.
package testenv

import (
	"os"
	"testing"
)

// LongVar is the environment variable that turns the long tests on: set
// it to 1.
const LongVar = "BALANCE_LONG"

// Long reports whether the long tests run: BALANCE_LONG=1, and not -short
// (which the race detector's run uses).
func Long() bool { return os.Getenv(LongVar) == "1" && !testing.Short() }

// SkipUnlessLong skips t, saying why and how to run it, unless Long.
func SkipUnlessLong(t testing.TB, what string) {
	t.Helper()
	if !Long() {
		t.Skipf("%s: a long test, run with %s=1 (as .ci/run does)", what, LongVar)
	}
}
