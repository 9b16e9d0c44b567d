package cazadores

import (
	"strings"
	"testing"
)

// A YAML syntax error is reported at the line of the problem (and, where
// the parser tells it, its column), not at the line where the enclosing
// block starts, which is where yaml.v3 puts many of them: in an Adversary
// file, the file's first key.
func TestSyntaxErrorAtItsLine(t *testing.T) {
	son := embedded(t, "adversaries/wandering-son.yaml")
	tests := []struct {
		name     string
		old, new string // the change that breaks the file
		at       string // a text on the problem's line (its first occurrence)
		col      string // the text whose first byte is the column ("": the line's first non-blank)
		msg      string
	}{
		{"a stray token after a value", "models: [Wandering Son]", "models: [Wandering Son] [Son]",
			"models: [Wandering Son] [Son]", "[Son]", "did not find expected key"},
		{"a stray token deep in the file", "queen: {name: Grab and Throw, mods: {atk: 1}, attack: melee, on_hit: [{place: scatter}]}",
			"queen: {name: Grab and Throw, mods: {atk: 1}, attack: melee, on_hit: [{place: scatter}]} zz",
			"queen: {name: Grab and Throw", "zz", "did not find expected key"},
		{"a key indented too far", "    attack: shooting", "     attack: shooting",
			"     attack: shooting", "attack", "did not find expected key"},
		{"a value where none may be", "name: Wandering Son of the Mountain", "name: Wandering Son: of the Mountain",
			"name: Wandering Son:", ": of", "mapping values are not allowed in this context"},
		{"a list item indented too little", "  - {name: Torso,", " - {name: Torso,",
			" - {name: Torso,", "- {name: Torso", "did not find expected key"},
		{"a tab", "  jack:  {name: Overhead Slam", "\tjack:  {name: Overhead Slam",
			"\tjack:", "\tjack", "found character that cannot start any token"},
		{"a flow mapping left open", "{label: Maimed arm, atk: -1}}", "{label: Maimed arm, atk: -1}",
			"{name: Upper Limb", "", "did not find expected ',' or '}'"},
		{"a quote left open", "name: Rock Throw", `name: "Rock Throw`,
			`name: "Rock Throw`, "", "found unexpected end of stream"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(son, tt.old) {
				t.Fatalf("%q is not in the file", tt.old)
			}
			src := strings.Replace(son, tt.old, tt.new, 1)
			line := lineOf(t, src, tt.at)
			text := strings.Split(src, "\n")[line-1]
			col := 1 + len(text) - len(strings.TrimLeft(text, " \t"))
			if tt.col != "" {
				col = 1 + strings.Index(text, tt.col)
			}
			_, err := parseYAML("son.yaml", []byte(src))
			errs := allErrors(t, err)
			if len(errs) != 1 {
				t.Fatalf("%d errors, want 1: %v", len(errs), err)
			}
			e := errs[0]
			if e.File != "son.yaml" || e.Line != line || e.Col != col || e.Msg != "YAML syntax: "+tt.msg {
				t.Errorf("got %s\nwant son.yaml:%d:%d: YAML syntax: %s", e, line, col, tt.msg)
			}
		})
	}
}
