package vantage

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	sim "balance/sim/vantage"
)

func bundled(t *testing.T) *Data {
	t.Helper()
	d, err := Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// The bundled data loads, its rules are sim's defaults (which sim's own
// tests use), and every party compiles against every party on every map.
func TestBundled(t *testing.T) {
	d := bundled(t)
	if !reflect.DeepEqual(d.Rules, sim.DefaultRules()) {
		t.Errorf("rules.yaml %+v\nsim.DefaultRules %+v", d.Rules, sim.DefaultRules())
	}
	for kind, want := range map[string]string{"builds": "archer duellist evader raider", "maps": "ford glade",
		"parties": "archer duellist evader pair raider raiders"} {
		got, err := d.Names(kind)
		if err != nil || strings.Join(got, " ") != want {
			t.Errorf("%s: %v %v, want %s", kind, got, err, want)
		}
	}
	sum, err := d.Validate(context.Background(), nil)
	if err != nil || !strings.HasPrefix(sum, "ok: the data: 4 builds, 6 parties, 2 maps; 72 duels compile") {
		t.Errorf("validate: %q %v", sum, err)
	}
	sc, err := d.Scenario("pair", "raider", "ford")
	if err != nil {
		t.Fatal(err)
	}
	if sc.N != 3 || sc.F[1].Key != "p2" || sc.F[1].Label != "Duellist" || sc.F[2].Key != "e1" || sc.F[0].Range != 3 ||
		sc.F[1].Range != 0 || sc.F[0].Chance[sim.Perception] != 0.75 || sc.Map.N != 6 || sc.Map.Start != [2]int8{0, 3} {
		t.Errorf("scenario %+v", sc)
	}
	if g := d.Maps["glade"]; len(g.Hexes) != 7 || g.Compiled.Dist[g.Start[0]][g.Start[1]] != 2 {
		t.Errorf("glade: %d hexes, starts %d apart", len(g.Hexes), g.Compiled.Dist[g.Start[0]][g.Start[1]])
	}
	if sim.MaxSide < 4 {
		t.Error("parties of four do not fit")
	}
}

// Every file of the data directory is checked, and each problem is named
// with its file, line, column and field, the allowed values and a likely
// spelling.
func TestErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"misspelt field", map[string]string{"builds.yaml": "builds:\n  scout:\n    name: Scout\n    perceptoin: 12\n    speed: 9\n    agility: 9\n    hp: 8\n"},
			[]string{`builds.yaml:4:5: builds.scout.perceptoin: unknown field "perceptoin"; did you mean "perception"?`,
				`builds.yaml:3:5: builds.scout.perception: missing; it is required`}},
		{"out of range", map[string]string{"builds.yaml": "builds:\n  scout: {name: Scout, perception: 12, speed: 9, agility: 300, hp: 0}\n"},
			[]string{`builds.yaml:2:59: builds.scout.agility: 300 is out of range 0..255`, `builds.scout.hp: 0 is out of range 1..999`}},
		{"weapon", map[string]string{"builds.yaml": "builds:\n  scout:\n    name: Scout\n    perception: 1\n    speed: 1\n    agility: 1\n    hp: 1\n    ranged: {name: sling, damage: 1}\n"},
			[]string{`builds.yaml:8:13: builds.scout.ranged.range: missing; it is required`}},
		{"unknown build", map[string]string{"parties.yaml": "parties:\n  duo: {name: Duo, members: [archr, raider]}\n"},
			[]string{`parties.yaml:2:30: parties.duo.members[0]: unknown build "archr" (known: archer, duellist, evader, raider); did you mean "archer"?`}},
		{"party size", map[string]string{"parties.yaml": "parties:\n  mob: {name: Mob, members: [raider, raider, raider, raider, raider]}\n"},
			[]string{`parties.mob.members: a party has 1..4 members, not 5`}},
		{"rules value", map[string]string{"rules.yaml": "rules:\n  first: player\n  counter_strike: choos\n"},
			[]string{`rules.yaml:2:10: rules.first: unknown value "player" (known: players, enemies, random); did you mean "players"?`,
				`rules.counter_strike: unknown value "choos" (known: choose, switch, off); did you mean "choose"?`}},
		{"rules key", map[string]string{"rules.yaml": "rules:\n  counter_vantag: false\n  action_points: 0\n"},
			[]string{`rules.yaml:2:3: rules.counter_vantag: unknown field "counter_vantag"; did you mean "counter_vantage"?`,
				`rules.yaml:3:18: rules.action_points: 0 is out of range 1..10`}},
		{"start off the map", map[string]string{"maps.yaml": "maps:\n  lane:\n    name: Lane\n    hexes: [[0, 0], [1, 0]]\n    start: {players: [0, 0], enemies: [5, 0]}\n"},
			[]string{`maps.yaml:5:39: maps.lane.start.enemies: hex [5, 0] is not on the map`}},
		{"disconnected map", map[string]string{"maps.yaml": "maps:\n  isles:\n    name: Isles\n    hexes: [[0, 0], [3, 0]]\n    start: {players: [0, 0], enemies: [3, 0]}\n"},
			[]string{`maps.yaml:3:5: maps.isles: hex 2 (3, 0) cannot be reached from hex 1 (0, 0) through the map`}},
		{"radius and hexes", map[string]string{"maps.yaml": "maps:\n  both:\n    name: Both\n    radius: 1\n    hexes: [[0, 0]]\n    start: {players: [0, 0], enemies: [0, 0]}\n"},
			[]string{`maps.both.hexes: give radius or hexes, not both`}},
		{"bad hex", map[string]string{"maps.yaml": "maps:\n  odd:\n    name: Odd\n    hexes: [[0, 0, 1]]\n    start: {players: [0, 0], enemies: [0, 0]}\n"},
			[]string{`maps.odd.hexes[0]: a hex is [q, r], two integers; got 3 values`}},
		{"slug", map[string]string{"builds.yaml": "builds:\n  Big Man: {name: B, perception: 1, speed: 1, agility: 1, hp: 1}\n"},
			[]string{`builds.Big Man: a slug must be lower-case letters a-z, digits, - or _, at most 64 characters`}},
		{"unknown file", map[string]string{"build.yaml": "builds: {}\n"},
			[]string{`build.yaml: unknown data file; expected one of rules.yaml, builds.yaml, maps.yaml, parties.yaml; did you mean "builds.yaml"?`}},
		{"yml", map[string]string{"maps.yml": "maps: {}\n"}, []string{`maps.yml: data files end in .yaml; this one is skipped; did you mean "maps.yaml"?`}},
		{"syntax", map[string]string{"parties.yaml": "parties:\n  duo: {name: Duo, members: [archer, raider]\n"},
			[]string{`parties.yaml:2:`, `YAML syntax`}},
		{"wrong top key", map[string]string{"maps.yaml": "map:\n  a: {}\n"},
			[]string{`maps.yaml:1:1: map: unknown field "map"; did you mean "maps"?`, `maps: missing; it is required`}},
	}
	for _, tc := range tests {
		dir := t.TempDir()
		for name, body := range tc.files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		_, err := Load(context.Background(), dir)
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error\n%v\nwants %q", tc.name, err, w)
			}
		}
	}
	if _, err := Load(context.Background(), filepath.Join(t.TempDir(), "none")); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("missing dir: %v", err)
	}
}

// A data directory's entries replace the bundled ones of the same slug,
// add new ones, and its rules replace the bundled rules key by key.
func TestOverlay(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// (melee: none, as the header of builds.yaml writes it, and left out:
	// the same)
	write("builds.yaml", "builds:\n  archer: {name: Sharp archer, perception: 18, speed: 8, agility: 10, hp: 10, ranged: {range: 5, damage: 2}, melee: none}\n  brute: {name: Brute, perception: 5, speed: 12, agility: 5, hp: 20, melee: {name: club, damage: 4}}\n")
	write("parties.yaml", "parties:\n  brutes: {name: Brutes, members: [brute, brute]}\n")
	write("rules.yaml", "rules:\n  action_points: 3\n  counter_strike: switch\n")
	write("notes.txt", "not data\n")
	d, err := Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if b := d.Builds["archer"]; b.Name != "Sharp archer" || b.Stat[0] != 18 || b.Ranged.Range != 5 || b.Melee != nil {
		t.Errorf("archer %+v", b)
	}
	if b := d.Builds["brute"]; b.Ranged != nil || b.Melee == nil || b.Melee.Damage != 4 {
		t.Errorf("brute %+v", b)
	}
	if d.Builds["duellist"] == nil || d.Parties["brutes"] == nil || d.Parties["archer"] == nil {
		t.Error("an entry of the bundled data or of the directory is missing")
	}
	want := sim.DefaultRules()
	want.AP, want.CounterStrike = 3, sim.CounterStrikeSwitch
	if !reflect.DeepEqual(d.Rules, want) {
		t.Errorf("rules %+v", d.Rules)
	}
}

// -set writes into the file that gives the value and is checked as that
// file is; numbers may be relative; the data it was applied to does not
// change; a value shared through an anchor changes only where it is set.
func TestSet(t *testing.T) {
	d := bundled(t)
	s, err := d.With([]string{"builds.archer.perception=+2", "builds.raider.ranged.damage=4", "rules.counter_vantage=false",
		"rules.first=enemies", "rules.round_cap=-10", "builds.duellist.hp=20"})
	if err != nil {
		t.Fatal(err)
	}
	if s.Builds["archer"].Stat[0] != 17 || s.Builds["raider"].Ranged.Damage != 4 || s.Rules.CounterVantage ||
		s.Rules.First != sim.FirstEnemies || s.Rules.RoundCap != 20 || s.Builds["duellist"].HP != 20 {
		t.Errorf("after -set: archer %+v, raider %+v, rules %+v", s.Builds["archer"], s.Builds["raider"].Ranged, s.Rules)
	}
	if d.Builds["archer"].Stat[0] != 15 || !d.Rules.CounterVantage {
		t.Error("-set changed the data it was applied to")
	}
	for kv, want := range map[string]string{
		"builds.archer.hp=0":             `-set builds.archer.hp=0: configs/vantage/builds.yaml:19:9: builds.archer.hp: 0 is out of range 1..999`,
		"rules.first=player":             `rules.first: unknown value "player" (known: players, enemies, random); did you mean "players"?`,
		"rules.counter_vantag=false":     `unknown key "rules.counter_vantag"; the keys are rules.KEY and builds.BUILD.FIELD (balance help set); did you mean "rules.counter_vantage"?`,
		"builds.archr.hp=3":              `unknown build "archr" (known: archer, duellist, evader, raider); did you mean "archer"?`,
		"builds.archer.perceptio=3":      `did you mean "perception"?`,
		"builds.duellist.ranged.range=3": `build "duellist" has no ranged weapon; give it one in builds.yaml`,
		"rules.evade=+1":                 `"true" is not a number, so +1 cannot be added to it`,
		"rules.evade=maybe":              `rules.evade: expected true or false, got "maybe"`,
		"hp=3":                           `unknown key "hp"`,
		"rules.evade":                    `want KEY=VALUE`,
		"builds.archer.hp=[1, 2]":        `"[1, 2]" is not a single value`,
	} {
		if _, err := d.With([]string{kv}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("-set %s: %v\nwant %q", kv, err, want)
		}
	}
	// a build with a problem is still named: no party reports it missing
	if _, err := d.With([]string{"builds.archer.hp=0"}); err == nil || strings.Count(err.Error(), "\n") != 0 {
		t.Errorf("-set builds.archer.hp=0: one error expected, got %v", err)
	}
	// anchors: the two builds share one weapon; setting one leaves the other
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "builds.yaml"), []byte(
		"builds:\n  twin_a: {name: A, perception: 10, speed: 10, agility: 10, hp: 10, melee: &blade {name: blade, damage: 2}}\n"+
			"  twin_b: {name: B, perception: 10, speed: 10, agility: 10, hp: 10, melee: *blade}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	o, err := Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, who := range []string{"twin_a", "twin_b"} {
		s, err := o.With([]string{"builds." + who + ".melee.damage=5"})
		if err != nil {
			t.Fatal(err)
		}
		other := map[string]string{"twin_a": "twin_b", "twin_b": "twin_a"}[who]
		if s.Builds[who].Melee.Damage != 5 || s.Builds[other].Melee.Damage != 2 {
			t.Errorf("-set %s: %s %d, %s %d", who, who, s.Builds[who].Melee.Damage, other, s.Builds[other].Melee.Damage)
		}
	}
}

// Validate checks files given as the kind their one key names, over the
// data.
func TestValidateFiles(t *testing.T) {
	d := bundled(t)
	dir := t.TempDir()
	good := filepath.Join(dir, "more.yaml")
	if err := os.WriteFile(good, []byte("parties:\n  trio: {name: Trio, members: [archer, duellist, evader]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if sum, err := d.Validate(context.Background(), []string{good}); err != nil || !strings.Contains(sum, "7 parties") {
		t.Errorf("%q %v", sum, err)
	}
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("partys:\n  x: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Validate(context.Background(), []string{bad}); err == nil || !strings.Contains(err.Error(), `did you mean "parties"?`) {
		t.Errorf("bad kind: %v", err)
	}
	if _, err := d.Validate(context.Background(), []string{dir}); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("a directory: %v", err)
	}
}

// The rules table: every key has a doc line, in rulings.md too, every
// switchable part of the page has the value that switches it and a label,
// and every value reads back as written.
func TestRulesTable(t *testing.T) {
	doc, err := os.ReadFile("../../docs/vantage/rulings.md")
	if err != nil {
		t.Fatal(err)
	}
	r := sim.DefaultRules()
	for _, k := range Rules {
		if k.Doc == "" || !strings.Contains(string(doc), "`"+k.Key+"`") {
			t.Errorf("%s: no doc line, or not in docs/vantage/rulings.md", k.Key)
		}
		if (k.Off == "") != (k.Ablation == "") {
			t.Errorf("%s: an ablation needs both its value and its label", k.Key)
		}
		if k.Off != "" && !k.Page {
			t.Errorf("%s: only the page's parts are ablated", k.Key)
		}
		d := bundled(t)
		if k.Off != "" {
			s, err := d.With([]string{"rules." + k.Key + "=" + k.Off})
			if err != nil {
				t.Fatal(err)
			}
			if got := k.Text(&s.Rules); got != k.Off || reflect.DeepEqual(s.Rules, r) {
				t.Errorf("%s=%s reads back %s", k.Key, k.Off, got)
			}
		}
	}
}
