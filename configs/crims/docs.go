package crims

import (
	"fmt"
	"strings"

	sim "balance/sim/crims"
)

// DataDocFile is the document whose vocabulary section VocabDoc writes.
const DataDocFile = "docs/crims/data.md"

// Markers around the generated section of DataDocFile.
const (
	DocBegin = "<!-- vocabulary: generated from the tables of sim/crims and configs/crims; go test ./configs/crims -run TestDataDoc -update -->"
	DocEnd   = "<!-- end of vocabulary -->"
)

// VocabDoc writes the vocabularies the data files use, from the tables
// the loader reads: the docs and the code cannot disagree.
func VocabDoc() string {
	var b strings.Builder
	table := func(title, what string, t []sim.Named) {
		fmt.Fprintf(&b, "### %s\n\n| %s | meaning |\n|---|---|\n", title, what)
		for _, n := range t {
			fmt.Fprintf(&b, "| `%s` | %s |\n", n.Name, n.Doc)
		}
		b.WriteString("\n")
	}
	table("Attributes (hunters.yaml `attributes`)", "attribute", sim.Attrs[:])
	table("Momentum Option ops (hunters.yaml `momentum[].op`)", "op", sim.MomentumOps[:])
	table("Check kinds (hunters.yaml `momentum[].checks`)", "kind", sim.CheckKinds[:])
	table("Crim actions (control.yaml `direct`)", "action", sim.Actions[1:])
	table("Terrain keywords (zones.yaml `terrain[].keywords`)", "keyword", sim.Keywords)
	table("Event Card ops (events.yaml `cards[].op`)", "op", sim.EventOps[:])
	table("Pod rewards (chosen by the policy)", "reward", sim.Rewards[:])
	table("Impact 10 options (chosen by the policy)", "option", sim.ImpactOptions[:])
	b.WriteString("### Rules switches (rules.yaml, an encounter's `rules:`, `-set rules.NAME=VALUE`)\n\n| switch | values | meaning |\n|---|---|---|\n")
	for _, r := range Rules {
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", r.Key, r.allowed(), r.Doc)
	}
	b.WriteString("\n### -set keys\n\n")
	for _, k := range SetKeyTable() {
		fmt.Fprintf(&b, "- `%s`: %s\n", k.Key, k.Doc)
	}
	return b.String()
}
