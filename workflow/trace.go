package workflow

import (
	"context"
	"fmt"
	"math"
	"strings"

	"balance/game"
	"balance/internal/typo"
)

// OutcomeNamed resolves an outcome's name as given (to trace -find) among
// a schema's outcomes: its key, in any case, with spaces or hyphens for
// its underscores ("pack won" as run prints it). An unknown name is a
// usage error with the nearest name and the list.
func OutcomeNamed(s *game.Schema, name string) (int, error) {
	norm := strings.NewReplacer(" ", "_", "-", "_").Replace(strings.ToLower(strings.TrimSpace(name)))
	var keys []string
	for o, out := range s.Outcomes {
		if out.Key == norm {
			return o, nil
		}
		keys = append(keys, out.Key)
	}
	if n := typo.Nearest(norm, keys); n != "" {
		return -1, usage("-find %q: no such outcome; did you mean %q? (outcomes: %s)", name, n, strings.Join(keys, ", "))
	}
	return -1, usage("-find %q: no such outcome (outcomes: %s)", name, strings.Join(keys, ", "))
}

// FindHunt plays hunts first, first+1, ... of seed on pl, untraced, at
// most limit of them, and returns the index of the first whose outcome
// is want (an index of the schema's outcomes).
func FindHunt(ctx context.Context, pl game.Player, s *game.Schema, seed, first, limit uint64, want int) (uint64, error) {
	advice := "raise -find-limit or try another -seed"
	if limit > math.MaxUint64-first {
		// The last hunt index is 2^64-1: the search never wraps to hunt 0.
		limit, advice = math.MaxUint64-first+1, "these are the last hunts of the seed: give a lower -hunt or another -seed"
	}
	rec := s.NewRecord()
	seen := make([]int, len(s.Outcomes))
	for k := uint64(0); k < limit; k++ {
		if err := ctx.Err(); err != nil {
			return 0, fmt.Errorf("-find %s: interrupted after %s", s.Outcomes[want].Key, game.Plural(int(k), "hunt"))
		}
		pl.Play(seed, first+k, rec)
		if rec.Outcome == want {
			return first + k, nil
		}
		seen[rec.Outcome]++
	}
	var parts []string
	for o, n := range seen {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", s.Outcomes[o].Key, n))
		}
	}
	return 0, fmt.Errorf("-find %s: none among hunts %d to %d of seed %d (%s played: %s); %s",
		s.Outcomes[want].Key, first, first+limit-1, seed, game.Plural(int(limit), "hunt"), strings.Join(parts, ", "), advice)
}
