package cazadores

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// allErrors flattens a joined error into its *Error parts.
func allErrors(t *testing.T, err error) []*Error {
	t.Helper()
	var out []*Error
	var walk func(error)
	walk = func(e error) {
		if j, ok := e.(interface{ Unwrap() []error }); ok {
			for _, x := range j.Unwrap() {
				walk(x)
			}
			return
		}
		var ce *Error
		if errors.As(e, &ce) {
			out = append(out, ce)
			return
		}
		t.Errorf("error %v is not an *Error", e)
	}
	if err != nil {
		walk(err)
	}
	return out
}

// lineOf returns the 1-based line of the first line of src containing s.
func lineOf(t *testing.T, src, s string) int {
	t.Helper()
	for i, l := range strings.Split(src, "\n") {
		if strings.Contains(l, s) {
			return i + 1
		}
	}
	t.Fatalf("%q not found in source", s)
	return 0
}

func embedded(t *testing.T, name string) string {
	t.Helper()
	b, err := Files.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// brokenCase breaks a valid file by one replacement and names the error it
// must cause.
type brokenCase struct {
	name     string
	old, new string // replace the first old by new; old "" replaces the whole file
	field    string // the error's Field
	msg      string // a part of its Msg
	suggest  string // its Suggest
	line     string // a text on the error's line ("" for line 1)
	below    int    // the error is this many lines below line
}

// check finds the wanted error among errs.
func (c brokenCase) check(t *testing.T, file, src string, err error) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: no error", c.name)
	}
	wantLine := 1
	if c.line != "" {
		wantLine = lineOf(t, src, c.line) + c.below
	}
	errs := allErrors(t, err)
	for _, e := range errs {
		if e.Field == c.field && strings.Contains(e.Msg, c.msg) && e.Suggest == c.suggest && e.Line == wantLine && e.File == file {
			want := file + ":"
			if !strings.HasPrefix(e.Error(), want) {
				t.Errorf("%s: %q does not start with %q", c.name, e.Error(), want)
			}
			return
		}
	}
	t.Errorf("%s: no error at %s:%d with field %q, msg containing %q and suggestion %q; got:\n%v", c.name, file, wantLine, c.field, c.msg, c.suggest, err)
}

func (c brokenCase) apply(t *testing.T, src string) string {
	t.Helper()
	if c.old == "" {
		return c.new
	}
	if !strings.Contains(src, c.old) {
		t.Fatalf("%s: %q not in the file", c.name, c.old)
	}
	return strings.Replace(src, c.old, c.new, 1)
}

func TestBrokenAdversary(t *testing.T) {
	base := embedded(t, "adversaries/wandering-son.yaml")
	cases := []brokenCase{
		{name: "misspelt action field", old: "jack:  {name: Overhead Slam, attack: melee", new: "jack:  {name: Overhead Slam, atack: melee",
			field: "actions.jack.atack", msg: `unknown field "atack"`, suggest: "attack", line: "atack"},
		{name: "misspelt top field", old: "hit_locations:", new: "hit_location:",
			field: "hit_location", msg: `unknown field "hit_location"`, suggest: "hit_locations", line: "hit_location:"},
		{name: "missing hit_locations", old: "hit_locations:", new: "hit_location:",
			field: "hit_locations", msg: "missing", line: "name: Wandering Son"},
		{name: "wrong type", old: "ter: 6, wnd: 20}", new: "ter: 6, wnd: five}",
			field: "stats.wnd", msg: `expected an integer, got "five"`, suggest: "20", line: "wnd: five"},
		{name: "too many models", old: "models: [Wandering Son]", new: "models: [A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T]",
			field: "models", msg: "20 models; an Adversary is 1..3 models", line: "models: [A"},
		{name: "too many Minions", old: "\nareas:", new: "\nminions:\n  - {name: Imp, count: 9, type: aggressive, stats: {spd: 5, atk: 3, rng: 1, def: 4, ter: 3, wnd: 2}}\nareas:",
			field: "minions", msg: "the Adversary and its Minions are 10 models (1 of its own, 9 Minions); at most 6, so that any Pack (up to 6 models) fits in a hunt of 12", line: "minions:", below: 1},
		{name: "unknown condition", old: "crit: [{impose: stunned}]", new: "crit: [{impose: stuned}]",
			field: "actions.jack.crit[0].impose", msg: `unknown condition "stuned"`, suggest: "stunned", line: "stuned"},
		{name: "unknown immunity", old: "immune: [freezing]", new: "immune: [freezng]",
			field: "immune[0]", msg: `unknown condition "freezng"`, suggest: "freezing", line: "freezng"},
		{name: "unknown tree", old: "king:  {tree: defensive", new: "king:  {tree: defensve",
			field: "special.king.tree", msg: `unknown tree "defensve"`, suggest: "defensive", line: "defensve"},
		{name: "unknown targets", old: "attack: terror, targets: all_in_range", new: "attack: terror, targets: all_in_rnage",
			field: "special.king.targets", msg: `unknown targets mode "all_in_rnage"`, suggest: "all_in_range", line: "all_in_rnage"},
		{name: "unknown terrain type", old: "terrain: [difficult]", new: "terrain: [dificult]",
			field: "areas.rock.terrain[0]", msg: `unknown terrain type "dificult"`, suggest: "difficult", line: "dificult"},
		{name: "unknown area kind", old: "{area: rock, at: origin}", new: "{area: rocks, at: origin}",
			field: "actions.king.on_hit[1].area", msg: `unknown area kind "rocks"`, suggest: "rock", line: "rocks"},
		{name: "unknown area position", old: "{area: rock, at: origin}", new: "{area: rock, at: orign}",
			field: "actions.king.on_hit[1].at", msg: `unknown area position "orign"`, suggest: "origin", line: "orign"},
		{name: "unknown op", old: "on_hit: [{push: 2}]}", new: "on_hit: [{pussh: 2}]}",
			field: "actions.ace.on_hit[0].pussh", msg: `unknown op "pussh"`, suggest: "push", line: "pussh"},
		{name: "two ops in one", old: "on_hit: [{push: 2}]}", new: "on_hit: [{push: 2, impose: stunned}]}",
			field: "actions.ace.on_hit[0].impose", msg: "an op has one key", line: "push: 2, impose"},
		{name: "unknown like", old: "queen: {tree: aggressive, like: standard}", new: "queen: {tree: aggressive, like: standart}",
			field: "special.queen.like", msg: `unknown like value "standart"`, suggest: "standard", line: "standart"},
		{name: "overlapping cards", old: "cards: [5, 6, 7]", new: "cards: [4, 6, 7]",
			field: "hit_locations[3].cards[2]", msg: `card 4 is already covered by "Upper Limb"`, suggest: "5", line: "cards: [2, 3, 4]"},
		{name: "uncovered card", old: "cards: [5, 6, 7]", new: "cards: [6, 7]",
			field: "hit_locations", msg: `card 5 is not covered by any hit location (it lies among "Upper Limb"'s cards`, line: "- {name: Head"},
		{name: "card outside 2..10", old: "cards: [10]", new: "cards: [11]",
			field: "hit_locations[0].cards[0]", msg: "card 11 is outside the valid range 2..10", suggest: "10", line: "cards: [11]"},
		{name: "card not a number", old: "cards: [10]", new: "cards: [ten]",
			field: "hit_locations[0].cards[0]", msg: `expected a card value 2..10, got "ten"`, suggest: "10", line: "cards: [ten]"},
		{name: "missing action", old: "  queen: {name: Grab and Throw, mods: {atk: 1}, attack: melee, on_hit: [{place: scatter}]}\n", new: "",
			field: "actions.queen", msg: "missing; it is required", line: "ace:   {name: Sweeping Smash"},
		{name: "missing special", old: "  jack:  {tree: aggressive, like: standard}\n", new: "",
			field: "special.jack", msg: "missing; it is required", line: "ace:   {tree: aggressive"},
		{name: "misspelt action key", old: "  queen: {name: Grab", new: "  qeen: {name: Grab",
			field: "actions.qeen", msg: `unknown field "qeen"`, suggest: "queen", line: "qeen"},
		{name: "missing tree", old: "queen: {tree: aggressive, like: standard}", new: "queen: {like: standard}",
			field: "special.queen.tree", msg: "missing", line: "queen: {like: standard}"},
		{name: "spd out of range", old: "stats: {spd: 5,", new: "stats: {spd: 13,",
			field: "stats.spd", msg: "13 is out of range 0..12", line: "spd: 13"},
		{name: "def out of range", old: "def: 6, ter: 6", new: "def: 11, ter: 6",
			field: "stats.def", msg: "11 is out of range 0..10", line: "def: 11"},
		{name: "wnd sum", old: "ter: 6, wnd: 20}", new: "ter: 6, wnd: 25}",
			field: "stats.wnd", msg: "25 does not equal the sum of the hit locations' wnd (20)", suggest: "20", line: "wnd: 25}"},
		{name: "owner out of range", old: "{name: Head, cards: [10], wnd: 5,", new: "{name: Head, cards: [10], wnd: 5, owner: 1,",
			field: "hit_locations[0].owner", msg: "owner 1 is out of range", line: "owner: 1"},
		{name: "duplicate key", old: "{name: Overhead Slam, attack: melee", new: "{name: Overhead Slam, name: Slam, attack: melee",
			field: "actions.jack.name", msg: `duplicate key "name"`, line: "name: Slam"},
		{name: "duplicate top key", old: "base_mm: 60", new: "base_mm: 60\nbase_mm: 70",
			field: "base_mm", msg: `duplicate key "base_mm" (first given on line`, line: "base_mm: 70"},
		{name: "pool above 24", old: "Sweeping Smash, mods: {atk: 2,", new: "Sweeping Smash, mods: {atk: 18,",
			field: "actions.ace", msg: "its check can roll 25 dice (ATK with modifiers), above the 24", line: "atk: 18"},
		{name: "near without target_and_near", old: "queen: {tree: aggressive, like: standard}", new: "queen: {tree: aggressive, like: standard, near: 1}",
			field: "special.queen.near", msg: "near applies only to targets: target_and_near", line: "near: 1"},
		{name: "on_hit with attack none", old: "name: Shattering Roar, mods: {rng: 2}, attack: terror", new: "name: Shattering Roar, mods: {rng: 2}, attack: none",
			field: "special.king.on_hit", msg: "on_hit needs an attack", line: "Shattering Roar"},
		{name: "empty file", old: "", new: "# only a comment\n",
			field: "", msg: "the file is empty"},
		{name: "syntax error", old: "name: Wandering Son of the Mountain", new: "name: [Wandering Son",
			field: "", msg: "YAML syntax", line: "name: [Wandering"},
		{name: "not a mapping", old: "", new: "- a\n- b\n",
			field: "", msg: "expected a mapping, got a list"},
	}
	r := DefaultRules()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := c.apply(t, base)
			_, err := decodeAdversary("son.yaml", "son", []byte(src), &r)
			c.check(t, "son.yaml", src, err)
		})
	}
}

// Too many models is one problem at its place: a Minion count out of its
// range is reported, and the total it would give is not reported again.
func TestModelLimitOnce(t *testing.T) {
	base := embedded(t, "adversaries/wandering-son.yaml")
	r := DefaultRules()
	for _, c := range []struct {
		count string
		want  []string // the errors' fields, in order
	}{
		{"9", []string{"minions"}},
		{"30", []string{"minions[0].count"}},
		{"5", nil},
	} {
		src := strings.Replace(base, "\nareas:", "\nminions:\n  - {name: Imp, count: "+c.count+", type: aggressive, stats: {spd: 5, atk: 3, rng: 1, def: 4, ter: 3, wnd: 2}}\nareas:", 1)
		_, err := decodeAdversary("son.yaml", "son", []byte(src), &r)
		var got []string
		for _, e := range allErrors(t, err) {
			got = append(got, e.Field)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("count %s: errors %q, want %q:\n%v", c.count, got, c.want, err)
		}
	}
}

// writeFiles writes files (relative path -> text) under a new directory.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for rel, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestBrokenOverlay(t *testing.T) {
	cazadores := embedded(t, "cazadores.yaml")
	packs := embedded(t, "packs.yaml")
	cases := []struct {
		brokenCase
		file string // relative path in the overlay
		base string // the valid text broken ("" : the case's new text is the file)
	}{
		{brokenCase{name: "skills over the creation limit", old: "skills: {athletics: 1, melee: 2, fortitude: 1}", new: "skills: {athletics: 2, melee: 3, fortitude: 1}",
			field: "bruiser.skills", msg: "6 points spent, the creation limit is 5", line: "athletics: 2"}, "cazadores.yaml", cazadores},
		{brokenCase{name: "attributes over the creation limit", old: "attributes: {spd: 4, prow: 5, shrp: 3, wit: 3, res: 3, wnd: 14}\n  skills: {athletics: 1", new: "attributes: {spd: 4, prow: 6, shrp: 3, wit: 3, res: 4, wnd: 14}\n  skills: {athletics: 1",
			field: "bruiser.attributes", msg: "4 points spent on PROW, SHRP, WIT and RES (prow +3, res +1), the creation limit is 3", line: "prow: 6"}, "cazadores.yaml", cazadores},
		{brokenCase{name: "attribute over the maximum", old: "attributes: {spd: 4, prow: 3, shrp: 6,", new: "attributes: {spd: 4, prow: 3, shrp: 8,",
			field: "marksman.attributes.shrp", msg: "8 is above the maximum 7", line: "shrp: 8"}, "cazadores.yaml", cazadores},
		{brokenCase{name: "gear over the creation limit", old: "weapons: [bow, hand-weapon]", new: "weapons: [bow, hand-weapon, whip]",
			field: "hunter.weapons", msg: "weapons, armour and gear: 3 points spent", line: "whip"}, "cazadores.yaml", cazadores},
		{brokenCase{name: "unknown weapon", old: "weapons: [great-weapon]", new: "weapons: [great-weapn]",
			field: "bruiser.weapons[0]", msg: `unknown weapon "great-weapn"`, suggest: "great-weapon", line: "great-weapn"}, "cazadores.yaml", cazadores},
		{brokenCase{name: "too many hands", old: "readied: [bow]", new: "readied: [bow, hand-weapon]",
			field: "hunter.readied", msg: "3 hands readied", line: "readied: [bow, hand-weapon]"}, "cazadores.yaml", cazadores},
		{brokenCase{name: "misspelt cazador field", old: "  rituals: [threads-of-light]", new: "  ritual: [threads-of-light]",
			field: "ritualist.ritual", msg: `unknown field "ritual"`, suggest: "rituals", line: "ritual: [threads"}, "cazadores.yaml", cazadores},
		{brokenCase{name: "three companions in solo", old: "    - {companion: stalker, loadout: 0, of: 0}", new: "    - {companion: stalker, loadout: 0, of: 0}\n    - {companion: hound, of: 0}",
			field: "solo.members[0]", msg: "companions: 3 points spent enlisting brigand 1, stalker 1, hound 1, the creation limit is 2", line: "{cazador: guardian}"}, "packs.yaml", packs},
		{brokenCase{name: "two companions with two players", old: "    - {companion: hound, loadout: 0, of: 2}", new: "    - {companion: hound, loadout: 0, of: 2}\n    - {companion: rogue, of: 2}",
			field: "duo.members[2]", msg: "with 2 players each Cazador takes at most 1 companion (Table 4.1)", line: "{cazador: hunter}"}, "packs.yaml", packs},
		{brokenCase{name: "companion with three players", old: "    - {cazador: dual-wielder}", new: "    - {cazador: dual-wielder}\n    - {companion: rogue, of: 0}",
			field: "trio.members", msg: "with 3 players a pack takes no companions (Table 4.1)", line: "name: Trio", below: 2}, "packs.yaml", packs},
		{brokenCase{name: "a lone cazador inside the table", old: "  table_4_1: false\n", new: "",
			field: "lone.members", msg: "1 player takes 1 to 3 companions (Table 4.1); this pack has 0 (table_4_1: false lifts the check", line: "name: Lone Guardian", below: 4}, "packs.yaml", packs},
		{brokenCase{name: "table_4_1 not a bool", old: "table_4_1: false", new: "table_4_1: no-thanks",
			field: "lone.table_4_1", msg: "expected true or false", line: "table_4_1: no-thanks"}, "packs.yaml", packs},
		{brokenCase{name: "loadout out of range", old: "{companion: brigand, loadout: 1, of: 0}", new: "{companion: brigand, loadout: 2, of: 0}",
			field: "solo.members[1].loadout", msg: "loadout 2 is out of range", line: "loadout: 2"}, "packs.yaml", packs},
		{brokenCase{name: "unknown companion", old: "{companion: vigilant,", new: "{companion: vigilante,",
			field: "duo.members[1].companion", msg: `unknown companion type "vigilante"`, suggest: "vigilant", line: "vigilante"}, "packs.yaml", packs},
		{brokenCase{name: "unknown weapon kind", new: credit + "knife:\n  name: Knife\n  kind: meele\n  rng: 1\n  hands: 1\n  renown: 1\n",
			field: "knife.kind", msg: `unknown weapon kind "meele"`, suggest: "melee", line: "meele"}, "weapons.yaml", ""},
		{brokenCase{name: "melee weapon with a band", new: credit + "knife:\n  name: Knife\n  kind: melee\n  rng: [1, 2]\n  hands: 1\n  renown: 1\n",
			field: "knife.rng", msg: "expected one number", line: "rng: [1, 2]"}, "weapons.yaml", ""},
		{brokenCase{name: "rules enum", new: credit + "terror_dt: pol\n",
			field: "terror_dt", msg: `unknown terror_dt value "pol"`, suggest: "pool", line: "pol"}, "rules.yaml", ""},
		{brokenCase{name: "rules range", new: credit + "round_cap: 0\n",
			field: "round_cap", msg: "0 is out of range 1..1000", line: "round_cap"}, "rules.yaml", ""},
		{brokenCase{name: "rules unknown field", new: credit + "round_caps: 10\n",
			field: "round_caps", msg: `unknown field "round_caps"`, suggest: "round_cap", line: "round_caps"}, "rules.yaml", ""},
		{brokenCase{name: "scenario edge", new: credit + "name: X\nsize: [24, 24]\nexits: [{edge: sout}]\n",
			field: "exits[0].edge", msg: `unknown edge "sout"`, suggest: "south", line: "sout"}, "scenarios/x.yaml", ""},
		{brokenCase{name: "scenario terrain type", new: credit + "name: X\nsize: [24, 24]\nexits: [{edge: south}]\nterrain:\n  - {name: Wall, rect: [1, 1, 2, 5], types: [blockng]}\n",
			field: "terrain[0].types[0]", msg: `unknown terrain type "blockng"`, suggest: "blocking", line: "blockng"}, "scenarios/x.yaml", ""},
		{brokenCase{name: "scenario inverted rect", new: credit + "name: X\nsize: [24, 24]\nexits: [{edge: south}]\nterrain:\n  - {name: Wall, rect: [3, 1, 2, 5], types: [blocking]}\n",
			field: "terrain[0].rect", msg: "x0 < x1", line: "rect:"}, "scenarios/x.yaml", ""},
		{brokenCase{name: "scenario concave poly", new: credit + "name: X\nsize: [24, 24]\nexits: [{edge: south}]\nterrain:\n  - {name: Rock, poly: [[0, 0], [4, 0], [1, 1], [0, 4]], types: [impassable]}\n",
			field: "terrain[0].poly", msg: "convex", line: "poly:"}, "scenarios/x.yaml", ""},
		{brokenCase{name: "scenario height out of range", new: credit + "name: X\nsize: [24, 24]\nexits: [{edge: south}]\nterrain:\n  - {name: Ledge, rect: [1, 1, 2, 5], types: [open], height: 20}\n",
			field: "terrain[0].height", msg: "out of range 0..12", line: "height: 20"}, "scenarios/x.yaml", ""},
		{brokenCase{name: "scenario unstable without height", new: credit + "name: X\nsize: [24, 24]\nexits: [{edge: south}]\nterrain:\n  - {name: Ledge, rect: [1, 1, 2, 5], types: [open], unstable: true}\n",
			field: "terrain[0].unstable", msg: "give it a height above 1", line: "unstable: true"}, "scenarios/x.yaml", ""},
		{brokenCase{name: "scenario chasm not impassable", new: credit + "name: X\nsize: [24, 24]\nexits: [{edge: south}]\nterrain:\n  - {name: Gap, rect: [1, 1, 2, 5], types: [open], chasm: true}\n",
			field: "terrain[0].chasm", msg: "add impassable to its types", line: "chasm: true"}, "scenarios/x.yaml", ""},
		{brokenCase{name: "scenario terrain field misspelt", new: credit + "name: X\nsize: [24, 24]\nexits: [{edge: south}]\nterrain:\n  - {name: Ledge, rect: [1, 1, 2, 5], types: [open], hieght: 2}\n",
			field: "terrain[0].hieght", msg: "unknown field", suggest: "height", line: "hieght"}, "scenarios/x.yaml", ""},
		{brokenCase{name: "empty overlay file", new: "\n",
			field: "", msg: "the file is empty"}, "armour.yaml", ""},
		{brokenCase{name: "unknown data file", new: credit + "x: 1\n",
			field: "", msg: "unknown data file", suggest: "weapons.yaml"}, "weapon.yaml", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := c.new
			if c.base != "" {
				src = c.apply(t, c.base)
			}
			dir := writeFiles(t, map[string]string{c.file: src})
			_, err := Load(dir)
			c.check(t, filepath.Join(dir, filepath.FromSlash(c.file)), src, err)
		})
	}
}

// TestHitLocationHints checks every error a broken hit location or WND
// total gives, not one more: the suggestion names the location that would
// close a gap, and no error restates another.
func TestHitLocationHints(t *testing.T) {
	base := embedded(t, "adversaries/wandering-son.yaml")
	type want struct{ field, msg, suggest string }
	cases := []struct {
		name string
		repl []string // old, new, old, new...: each old replaced once
		want []want
	}{
		{"card removed from a location", []string{"{name: Head, cards: [10]", "{name: Head, cards: []"},
			[]want{{"hit_locations[0].cards", "list at least one card (2..10)", "[10]"}}},
		{"cards not a list", []string{"{name: Head, cards: [10]", "{name: Head, cards: 10"},
			[]want{{"hit_locations[0].cards", `expected a list, got "10"`, "[10]"}}},
		{"cards missing", []string{"{name: Head, cards: [10], wnd", "{name: Head, wnd"},
			[]want{{"hit_locations[0].cards", "missing; it is required", ""}, {"hit_locations", `card 10 is not covered by any hit location (it lies among "Head"'s cards`, ""}}},
		{"two cards removed", []string{"{name: Head, cards: [10]", "{name: Head, cards: []", "cards: [8, 9]", "cards: [8]"},
			[]want{{"hit_locations[0].cards", "list at least one card (2..10)", "[9, 10]"}}},
		{"card outside 2..10", []string{"{name: Head, cards: [10]", "{name: Head, cards: [11]"},
			[]want{{"hit_locations[0].cards[0]", "card 11 is outside the valid range 2..10", "10"}}},
		{"card not a number", []string{"{name: Head, cards: [10]", "{name: Head, cards: [ten]"},
			[]want{{"hit_locations[0].cards[0]", `expected a card value 2..10, got "ten"`, "10"}}},
		{"card outside 2..10 beside a valid one", []string{"{name: Torso, cards: [8, 9]", "{name: Torso, cards: [8, 12]"},
			[]want{{"hit_locations[1].cards[1]", "card 12 is outside the valid range 2..10", "9"}}},
		{"gap inside a location", []string{"cards: [5, 6, 7]", "cards: [5, 7]"},
			[]want{{"hit_locations", `card 6 is not covered by any hit location (it lies among "Upper Limb"'s cards`, ""}}},
		{"end of a range", []string{"cards: [5, 6, 7]", "cards: [6, 7]"},
			[]want{{"hit_locations", `card 5 is not covered by any hit location (it lies among "Upper Limb"'s cards`, ""}}},
		{"location removed", []string{"  - {name: Head, cards: [10], wnd: 5, exhausted: {label: Blinded, attacks: disadvantage}}\n", ""},
			[]want{{"hit_locations", `card 10 is not covered by any hit location (it lies among "Torso"'s cards`, ""}, {"stats.wnd", "20 does not equal the sum of the hit locations' wnd (15)", "15"}}},
		{"duplicate card", []string{"cards: [5, 6, 7]", "cards: [4, 6, 7]"},
			[]want{{"hit_locations[3].cards[2]", `card 4 is already covered by "Upper Limb"`, "5"}, {"hit_locations", `card 5 is not covered by any hit location (it lies among "Upper Limb"'s cards`, ""}}},
		{"fractional location wnd", []string{"{name: Head, cards: [10], wnd: 5,", "{name: Head, cards: [10], wnd: 5.5,"},
			[]want{{"hit_locations[0].wnd", `expected an integer, got "5.5"`, "5"}}},
		{"location wnd out of range", []string{"{name: Torso, cards: [8, 9], wnd: 5,", "{name: Torso, cards: [8, 9], wnd: 0,"},
			[]want{{"hit_locations[1].wnd", "0 is out of range 1..200", "5"}}},
		{"location wnd missing", []string{"{name: Head, cards: [10], wnd: 5,", "{name: Head, cards: [10],"},
			[]want{{"hit_locations[0].wnd", "missing; it is required", "5"}}},
		{"two location wnds wrong", []string{"{name: Head, cards: [10], wnd: 5,", "{name: Head, cards: [10], wnd: 5.5,", "{name: Torso, cards: [8, 9], wnd: 5,", "{name: Torso, cards: [8, 9], wnd: x,"},
			[]want{{"hit_locations[0].wnd", `expected an integer, got "5.5"`, ""}, {"hit_locations[1].wnd", `expected an integer, got "x"`, ""}}},
		{"fractional total", []string{"ter: 6, wnd: 20}", "ter: 6, wnd: 20.5}"},
			[]want{{"stats.wnd", `expected an integer, got "20.5"`, "20"}}},
		{"total out of range", []string{"ter: 6, wnd: 20}", "ter: 6, wnd: 500}"},
			[]want{{"stats.wnd", "500 is out of range 1..200", "20"}}},
		{"total and a location wrong", []string{"ter: 6, wnd: 20}", "ter: 6, wnd: 20.5}", "{name: Head, cards: [10], wnd: 5,", "{name: Head, cards: [10], wnd: 5.5,"},
			[]want{{"stats.wnd", `expected an integer, got "20.5"`, ""}, {"hit_locations[0].wnd", `expected an integer, got "5.5"`, ""}}},
	}
	r := DefaultRules()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := base
			for i := 0; i+1 < len(c.repl); i += 2 {
				if !strings.Contains(src, c.repl[i]) {
					t.Fatalf("%q not in the file", c.repl[i])
				}
				src = strings.Replace(src, c.repl[i], c.repl[i+1], 1)
			}
			_, err := decodeAdversary("son.yaml", "son", []byte(src), &r)
			got := allErrors(t, err)
			if len(got) != len(c.want) {
				t.Fatalf("%d errors, want %d:\n%v", len(got), len(c.want), err)
			}
			for i, w := range c.want {
				e := got[i]
				if e.Field != w.field || !strings.Contains(e.Msg, w.msg) || e.Suggest != w.suggest {
					t.Errorf("error %d: %v; want field %q, msg containing %q, suggestion %q", i, e, w.field, w.msg, w.suggest)
				}
			}
		})
	}
}
