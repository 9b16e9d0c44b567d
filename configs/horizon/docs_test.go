package horizon

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// docs/horizon/data.md describes every word of the data's vocabularies
// with the words of the tables the loader reads, and rulings.md lists
// every switch at its default.
func TestDocsDescribeTheVocabulary(t *testing.T) {
	b, err := os.ReadFile("../../docs/horizon/data.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	for name, table := range map[string][]Term{"sections": Sections, "attack effects": AttackEffects, "enemy effects": EnemyEffects,
		"questions": Questions, "enemy actions": EnemyActions, "passives": Passives, "card kinds": CardKinds, "triggers": Triggers} {
		for _, term := range table {
			if row := fmt.Sprintf("| `%s` | %s |", term.Key, term.Doc); !strings.Contains(doc, row) {
				t.Errorf("data.md lacks the %s row %q", name, row)
			}
		}
	}
	b, err = os.ReadFile("../../docs/horizon/rulings.md")
	if err != nil {
		t.Fatal(err)
	}
	doc = string(b)
	for i := range RuleDefs {
		d := &RuleDefs[i]
		if row := fmt.Sprintf("| `%s` | `%s` |", d.Key, d.Default()); !strings.Contains(doc, row) {
			t.Errorf("rulings.md lacks the switch row %q", row)
		}
		if !strings.Contains(doc, "### "+d.Ruling) {
			t.Errorf("rulings.md has no entry %s (for %s)", d.Ruling, d.Key)
		}
	}
	for i := 1; i <= 44; i++ {
		if !strings.Contains(doc, fmt.Sprintf("### A-%d\n", i)) {
			t.Errorf("rulings.md has no entry A-%d", i)
		}
	}
}
