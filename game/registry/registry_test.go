package registry

import (
	"regexp"
	"testing"
)

// Every game has a name a user can type after -game, and no two share it.
func TestNames(t *testing.T) {
	seen := map[string]bool{}
	word := regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
	for _, g := range Games {
		n := g.Info().Name
		if !word.MatchString(n) {
			t.Errorf("game name %q is not a lower-case word", n)
		}
		if seen[n] {
			t.Errorf("two games are called %q", n)
		}
		seen[n] = true
	}
	if Default() != Games[0] {
		t.Errorf("the default game is not the first of the list")
	}
}
