package skirmish

import (
	"fmt"
	"strings"

	"balance/internal/typo"
	sk "balance/sim/skirmish"
)

// Tier is one tier of play for the warbands.
type Tier struct {
	Name    string
	Summary string
	Policy  sk.Policy
}

// Tiers are the tiers of play, weakest first.
var Tiers = []Tier{
	{"random", "each action a uniformly drawn legal one", Random{}},
	{"basic", "loot first for the closest figure, carriers home, shooters shoot first, fighters charge (the baseline)", Basic{}},
}

// DefaultTier is the tier played when none is named.
const DefaultTier = "basic"

// Policy returns the tier named name.
func Policy(name string) (sk.Policy, error) {
	if name == "" {
		name = DefaultTier
	}
	for _, t := range Tiers {
		if t.Name == name {
			return t.Policy, nil
		}
	}
	names := make([]string, len(Tiers))
	for k, t := range Tiers {
		names[k] = t.Name
	}
	msg := fmt.Sprintf("no tier %q: the tiers are %s", name, strings.Join(names, ", "))
	if s := typo.Nearest(name, names); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	return nil, fmt.Errorf("%s", msg)
}
