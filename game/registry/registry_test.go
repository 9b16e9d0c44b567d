package registry

import (
	"context"
	"regexp"
	"strings"
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

// Every game lists the keys -set takes, each a pattern alone (no spaces,
// commas or colons: sweep and tune match a -param against it) with what
// it sets, and no key twice.
func TestSetKeys(t *testing.T) {
	for _, g := range Games {
		d, err := g.Load(context.Background(), "")
		if err != nil {
			t.Fatalf("%s: %v", g.Info().Name, err)
		}
		keys := d.SetKeys()
		if len(keys) == 0 {
			t.Errorf("%s: no -set keys", g.Info().Name)
		}
		seen := map[string]bool{}
		for _, k := range keys {
			if k.Key == "" || strings.ContainsAny(k.Key, " ,:\t") || strings.TrimSpace(k.Help) == "" {
				t.Errorf("%s: -set key %q: a key alone, and what it sets", g.Info().Name, k)
			}
			if seen[k.Key] {
				t.Errorf("%s: -set key %q listed twice", g.Info().Name, k.Key)
			}
			seen[k.Key] = true
		}
	}
}
