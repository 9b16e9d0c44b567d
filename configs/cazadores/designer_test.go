package cazadores

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	sim "balance/sim/cazadores"
)

// TestDesignerFilesValidate checks that every test Adversary under
// testdata validates.
func TestDesignerFilesValidate(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no test Adversaries: %v", err)
	}
	for _, f := range files {
		if err := ValidateFiles(f); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// TestMinRangeErrors checks min_range's errors: on an action that makes no
// attack, at or above a fixed range, out of its range.
func TestMinRangeErrors(t *testing.T) {
	rules := DefaultRules()
	for _, c := range []struct {
		special, field, msg string
	}{
		{"{tree: aggressive, name: X, attack: none, min_range: 2}", "special.queen.min_range", "min_range needs an attack"},
		{"{tree: aggressive, name: X, attack: shooting, range: 4, min_range: 4}", "special.queen.min_range", "min_range 4 is not below the action's range 4"},
		{"{tree: aggressive, name: X, attack: shooting, min_range: 60}", "special.queen.min_range", "60 is out of range 0..48"},
	} {
		_, err := decodeAdversary("like.yaml", "like", []byte(likeAdversary(c.special)), &rules)
		es := allErrors(t, err)
		if len(es) != 1 || es[0].Field != c.field || !strings.Contains(es[0].Msg, c.msg) || es[0].Line != 12 {
			t.Errorf("%s: errors %v, want one at line 12, field %s, saying %q", c.special, err, c.field, c.msg)
		}
	}
	a, err := decodeAdversary("like.yaml", "like", []byte(likeAdversary("{tree: aggressive, like: standard, min_range: 2.5}")), &rules)
	if err != nil || a.Special[2].MinRange != 2.5 || a.Actions[2].MinRange != 0 {
		t.Errorf("min_range 2.5 beside like: %v, %+v", err, a.Special[2])
	}
}

// TestStateErrors checks a state's errors: no trigger, two triggers, too
// many states, and a rise of ATK past the dice a check can roll.
func TestStateErrors(t *testing.T) {
	rules := DefaultRules()
	src := likeAdversary("{tree: aggressive, like: standard}")
	for _, c := range []struct {
		states, field, msg string
	}{
		{"states: [{name: Calm, atk: 1}]", "states[0]", "a state has exactly one trigger (wnd_at_most, round or card); this one has 0"},
		{"states: [{name: Calm, round: 2, card: ace}]", "states[0]", "this one has 2"},
		{"states: [{name: Calm, card: aces}]", "states[0].card", `unknown rank "aces"`},
		{"states: [{name: A, round: 2}, {name: B, round: 3}, {name: C, round: 4}, {name: D, round: 5}, {name: E, round: 6}]", "states", "5 states; an Adversary has at most 4"},
		{"states: [{name: Huge, round: 2, atk: 10}, {name: Huger, round: 3, atk: 10}, {name: Hugest, card: ace, atk: 1}]", "actions.ace", "its check can roll 25 dice"},
	} {
		_, err := decodeAdversary("like.yaml", "like", []byte(src+c.states+"\n"), &rules)
		es := allErrors(t, err)
		if len(es) == 0 || es[0].Field != c.field || !strings.Contains(es[0].Msg, c.msg) {
			t.Errorf("%s: errors %v, want one at %s saying %q", c.states, err, c.field, c.msg)
		}
	}
	a, err := decodeAdversary("like.yaml", "like", []byte(src+"states: [{name: Enraged, wnd_at_most: 0.5, atk: 1, spd: 1}]\n"), &rules)
	if err != nil || len(a.States) != 1 || a.States[0].WndAtMost != 0.5 || a.States[0].Atk != 1 || a.States[0].Spd != 1 {
		t.Errorf("a state: %v, %+v", err, a.States)
	}
	if s := compileState(a.States[0], 9); s.AtMost != 4 || s.Trigger != sim.StateOnWND || s.Mods.ATK != 1 {
		t.Errorf("compiled: %+v, want 4 WNDs (half of 9, rounded down)", s)
	}
}

// TestTreeErrors checks the errors of a tree of the file's own: a
// built-in name, an unknown question, hold_ground before other questions,
// an unknown tree named by a special entry.
func TestTreeErrors(t *testing.T) {
	rules := DefaultRules()
	for _, c := range []struct {
		queen, trees, field, msg, suggest string
	}{
		{"{tree: aggressive, like: standard}", "trees: {sentry: {steps: [aggress]}}", "trees.sentry", `"sentry" is a built-in tree`, ""},
		{"{tree: aggressive, like: standard}", "trees: {kite: {steps: [retreet]}}", "trees.kite.steps[0]", `unknown question "retreat"`, "retreat"},
		{"{tree: aggressive, like: standard}", "trees: {kite: {steps: [hold_ground, aggress]}}", "trees.kite.steps", "the questions after it (aggress) would never be asked", ""},
		{"{tree: kyte, like: standard}", "trees: {kite: {steps: [aggress]}}", "special.queen.tree", `unknown tree "kyte"`, "kite"},
		{"{tree: aggressive, like: standard}", "trees: {kite: {steps: [aggress], aggro: weakest}}", "trees.kite.aggro", `unknown aggro rule "weakest"`, ""},
	} {
		_, err := decodeAdversary("like.yaml", "like", []byte(likeAdversary(c.queen)+c.trees+"\n"), &rules)
		es := allErrors(t, err)
		if len(es) != 1 || es[0].Field != c.field || !strings.Contains(strings.Replace(es[0].Msg, "retreet", "retreat", 1), c.msg) || (c.suggest != "" && es[0].Suggest != c.suggest) {
			t.Errorf("%s: errors %v, want one at %s saying %q", c.trees, err, c.field, c.msg)
		}
	}
	a, err := decodeAdversary("like.yaml", "like", []byte(likeAdversary("{tree: kite, like: standard}")+"trees: {kite: {steps: [retreat, ranged_combat]}}\n"), &rules)
	if err != nil || a.Special[2].Tree != "kite" || a.Trees["kite"].Aggro != "nearest" {
		t.Errorf("a tree of the file's own: %v, %+v", err, a.Trees)
	}
}

// TestHashKeepsOldFiles checks that the fields an Adversary or Pack file
// may leave out since the designer's constructs came are left out of
// Data.Hash's JSON too: the bundled files keep the hash they had.
func TestHashKeepsOldFiles(t *testing.T) {
	d := loadEmbedded(t)
	b, err := json.Marshal(struct {
		A *Adversary
		P *Pack
	}{d.Adversaries["creature-wreathed-in-light"], d.Packs[DefaultPack]})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{`"States"`, `"Trees"`, `"MinRange"`, `"Minion"`, `"OutsideTable"`} {
		if strings.Contains(string(b), k) {
			t.Errorf("the hashed JSON of a file that does not write it has %s", k)
		}
	}
}
