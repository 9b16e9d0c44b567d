package cazadores

import (
	"sort"

	sim "balance/sim/cazadores"
)

// Tier makes a Pack policy of one skill tier, one per worker (a policy
// may keep scratch space; it must not be shared between goroutines).
type Tier struct {
	Name  string
	Order int    // rank from the weakest player up
	Doc   string // one line on how it plays
	New   func() sim.PackPolicy
}

// tiers holds the registered tiers by name.
var tiers = map[string]Tier{}

// register adds a tier (from an init function of its file).
func register(t Tier) { tiers[t.Name] = t }

func init() {
	register(Tier{Name: "basic", Order: 1, Doc: "the baseline: close in or keep range, attack the nearest Foe, use gear and Rituals when plainly useful, flee when hopeless",
		New: func() sim.PackPolicy { return NewBaseline() }})
}

// TierByName returns the tier called name.
func TierByName(name string) (Tier, bool) {
	t, ok := tiers[name]
	return t, ok
}

// Tiers returns the registered tiers from the weakest up.
func Tiers() []Tier {
	out := make([]Tier, 0, len(tiers))
	for _, t := range tiers {
		out = append(out, t)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Order < out[b].Order })
	return out
}

// TierNames returns the tiers' names from the weakest up.
func TierNames() []string {
	var out []string
	for _, t := range Tiers() {
		out = append(out, t.Name)
	}
	return out
}
