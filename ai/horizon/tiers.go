// Package horizon holds the choices of the machine-hunt encounter: the
// hunters' policies in tiers (random, basic, careful). The machines'
// side is played by their behaviour cards, which are data read by the
// rules core (sim/horizon): the document gives no other policy for them;
// the choices it leaves to the player whose turn it is (ties of order,
// route and target) are made by the hunters' policy.
package horizon

import (
	"sort"

	sim "balance/sim/horizon"
)

// Tier makes a hunters' policy of one skill tier, one per worker.
type Tier struct {
	Name  string
	Order int    // rank from the weakest up
	Doc   string // one line on how it plays
	New   func() sim.Policy
}

var tiers = map[string]Tier{}

func register(t Tier) { tiers[t.Name] = t }

// TierByName returns the tier called name.
func TierByName(name string) (Tier, bool) {
	t, ok := tiers[name]
	return t, ok
}

// Tiers returns the tiers from the weakest up.
func Tiers() []Tier {
	out := make([]Tier, 0, len(tiers))
	for _, t := range tiers {
		out = append(out, t)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Order < out[b].Order })
	return out
}

// Default is the name of the default tier.
const Default = "basic"
