package horizon

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	sim "balance/sim/horizon"
)

func loadDir(t *testing.T, files map[string]string) (*Data, error) {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return Load(context.Background(), dir)
}

// The sample data loads, and every encounter compiles with every party.
func TestSampleData(t *testing.T) {
	x, err := Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	encs, _ := x.List("encounters")
	parties, _ := x.List("parties")
	if len(encs) < 3 || len(parties) < 2 {
		t.Fatalf("%d encounters, %d parties", len(encs), len(parties))
	}
	for _, e := range encs {
		for _, p := range parties {
			c, err := x.Compile(e, p, nil)
			if err != nil {
				t.Fatal(err)
			}
			if c.Sc.NE < 1 || c.Sc.NH != len(x.Parties[p].Hunters) {
				t.Errorf("%s/%s: %d enemies, %d hunters", e, p, c.Sc.NE, c.Sc.NH)
			}
		}
	}
	// the numbers the rulebook implies, kept in the sample data
	if w := x.Machines["watcher"]; w.Armour != 1 || w.HP > 5 {
		t.Errorf("Watcher: armour %d, HP %d", w.Armour, w.HP)
	}
	if s := x.Machines["scraper"]; s.Comps[0].Name != "Power Cell" || s.Comps[0].Tear != 4 {
		t.Errorf("Scraper's first component: %s tear %d", s.Comps[0].Name, s.Comps[0].Tear)
	}
	if n := len(x.Machines["sawtooth"].Behaviour); n != 4 {
		t.Errorf("the Sawtooth's deck holds %d cards", n)
	}
	if n := len(x.Machines["shell_walker"].Behaviour); n != 3 {
		t.Errorf("the Shell-Walker's deck holds %d cards", n)
	}
	for k, want := range map[string]int{"nora_marksman": 16, "carja_warrior": 14, "banuk_survivor": 16, "oseram_forgesmith": 18} {
		n := 0
		for _, d := range x.Hunters[k].Deck {
			n += d.N
		}
		if n != want {
			t.Errorf("%s: %d cards, want %d", k, n, want)
		}
	}
	for k, want := range map[string]int{"orange": 4, "blue": 3, "black": 1} {
		if x.Dice[k].Physical != want {
			t.Errorf("%s dice: %d in the box, want %d", k, x.Dice[k].Physical, want)
		}
	}
}

// The loader's errors name the file, line and column, the field, what is
// wrong and the likely spelling.
func TestLoadErrors(t *testing.T) {
	for _, c := range []struct {
		name, file, body string
		want             []string
	}{
		{"unknown field", "m.yaml", "machines:\n  watcher:\n    hpp: 5\n    hp: 5\n    armour: 1\n    points: 2\n    behaviour: [{name: X, actions: [{mandatory: {move_away: 1}}]}]\n",
			[]string{"m.yaml:3:5", "machines.watcher.hpp", `did you mean "hp"`}},
		{"unknown colour", "c.yaml", "cards:\n  x: {kind: ammunition, fits: [bow], dice: {orang: 1}}\n",
			[]string{"c.yaml:2:45", "cards.x.dice.orang", `did you mean "orange"`}},
		{"bad face", "d.yaml", "dice:\n  orange: {faces: [0, 1, 7x]}\n", []string{"d.yaml:2:26", "dice.orange.faces[2]", "N+crit"}},
		{"unknown card in a deck", "h.yaml", "hunters:\n  nora_marksman:\n    equipment: [war_bow, spear, nora_leathers]\n    deck: {hunter_arow: 3}\n",
			[]string{"h.yaml:4:12", "hunters.nora_marksman.deck.hunter_arow", `did you mean "hunter_arrow"`}},
		{"bad square", "t.yaml", "tiles:\n  x:\n    \"1-2\": [\". . .\", \". Q .\", \". . .\"]\n", []string{"t.yaml:3", `square "Q"`}},
		{"rule value", "r.yaml", "rules:\n  stop_vote: all_gon\n", []string{"r.yaml:2:14", "rules.stop_vote", `did you mean "all_gone"`}},
		{"unknown rule", "r.yaml", "rules:\n  stop_vot: all_gone\n", []string{"r.yaml:2:3", `did you mean "stop_vote"`}},
		{"unknown section", "s.yaml", "machine:\n  x: {}\n", []string{"s.yaml:1:1", `did you mean "machines"`}},
		{"weave on a weapon", "h.yaml", "hunters:\n  carja_warrior:\n    equipment: [carja_blade, sling, carja_silks]\n    modifications: {carja_blade: [resist_melee]}\n    deck: {sling_stone: 3}\n",
			[]string{"h.yaml:4", "resist_melee is a weave: it attaches to armour only"}},
		// TV-09: Carja Silks take two modifications, never two of one name
		{"two of a name", "h.yaml", "hunters:\n  carja_warrior:\n    equipment: [carja_blade, sling, carja_silks]\n    modifications: {carja_silks: [resist_melee, resist_melee]}\n    deck: {sling_stone: 3}\n",
			[]string{"h.yaml:4", `two modifications named "resist_melee"`}},
		{"three on two slots", "h.yaml", "hunters:\n  carja_warrior:\n    equipment: [carja_blade, sling, carja_silks]\n    modifications: {carja_silks: [resist_melee, resist_fire, x]}\n    deck: {sling_stone: 3}\n",
			[]string{"h.yaml:4", "3 modifications on 2 slots", `unknown modification "x"`}},
		{"two start tiles", "e.yaml", "encounters:\n  x:\n    layout: [{tile: meadow, at: [0, 0], start: true}, {tile: ridge, at: [3, 0], start: true}]\n    spawns: {A: watcher}\n    threshold: 1\n",
			[]string{"e.yaml:3", "2 starting tiles"}},
		{"unknown machine", "e.yaml", "encounters:\n  x:\n    layout: [{tile: meadow, at: [0, 0], start: true}]\n    spawns: {A: wacher}\n    threshold: 1\n",
			[]string{"e.yaml:4:17", `did you mean "watcher"`}},
		{"behaviour letter", "m.yaml", "machines:\n  w:\n    hp: 5\n    armour: 1\n    points: 2\n    components: [{letter: A, tear: 3, damage: 1}]\n    behaviour: [{name: X, actions: [{mandatory: {move_away: 1}, needs: B}]}]\n",
			[]string{"m.yaml:7", `no component "B"`}},
		{"syntax", "y.yaml", "machines:\n  w: {hp: 5\n", []string{"y.yaml:", "YAML syntax"}},
		{"ammunition no weapon fits", "c.yaml", "cards:\n  hunter_arrow: {name: Hunter Arrow, kind: ammunition, fits: [bo], dice: {orange: 1}}\n",
			[]string{"c.yaml:2:63", "cards.hunter_arrow.fits[0]", `unknown weapon symbol "bo"`, `did you mean "bow"`}},
		{"a reroll of pips no face shows", "c.yaml", "cards:\n  intuition: {name: Intuition, kind: ability, with: [ranged, melee], reroll: [7]}\n",
			[]string{"c.yaml:2:79", "cards.intuition.reroll[0]", "no face of any die shows 7 pips"}},
		{"no armour", "h.yaml", "hunters:\n  nora_marksman:\n    equipment: [war_bow]\n    deck: {hunter_arrow: 3}\n",
			[]string{"h.yaml:3:5: hunters.nora_marksman.equipment: 0 armour cards: a hunter wears one"}},
		{"a hunter twice in a party", "p.yaml", "parties:\n  dup: [nora_marksman, nora_marksman]\n",
			[]string{"p.yaml:2:24", "parties.dup[1]", "hunter nora_marksman is already seat 1"}},
	} {
		_, err := loadDir(t, map[string]string{c.file: c.body})
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %q lacks %q", c.name, err, w)
			}
		}
	}
}

// A designer's file replaces an entry of the sample data, and rules the
// switches it names; the same key twice among a designer's files is an
// error.
func TestOverlay(t *testing.T) {
	x, err := loadDir(t, map[string]string{"w.yaml": "machines:\n  watcher:\n    hp: 4\n    armour: 2\n    points: 2\n    behaviour: [{name: Stay, actions: [{mandatory: {move_away: 1}}]}]\nrules:\n  stop_vote: all_gone\n"})
	if err != nil {
		t.Fatal(err)
	}
	if w := x.Machines["watcher"]; w.HP != 4 || w.Armour != 2 || len(w.Behaviour) != 1 || w.Behaviour[0].Name != "Stay" {
		t.Errorf("watcher: %+v", w.Machine)
	}
	if x.Rules.Sim.StopVote != sim.StopAllGone || !x.Rules.CritPips {
		t.Errorf("rules: %+v", x.Rules)
	}
	_, err = loadDir(t, map[string]string{"a.yaml": "parties:\n  p: [nora_marksman]\n", "b.yaml": "parties:\n  p: [carja_warrior]\n"})
	if err == nil || !strings.Contains(err.Error(), "given twice") {
		t.Errorf("a key twice: %v", err)
	}
}

// Every switch reads back what it was set to, and the defaults are the
// rules core's.
func TestRuleDefs(t *testing.T) {
	def := DefaultRules()
	if def.Sim != sim.DefaultRules() {
		t.Fatal("the loader's default rules are not the core's")
	}
	seen := map[string]bool{}
	for i := range RuleDefs {
		d := &RuleDefs[i]
		if seen[d.Key] {
			t.Errorf("rule %s twice", d.Key)
		}
		seen[d.Key] = true
		vals := d.Values
		if vals == nil {
			vals = []string{"1", "2"}
		}
		for _, v := range vals {
			r := DefaultRules()
			k, err := d.parse(v)
			if err != nil {
				t.Fatalf("%s=%s: %v", d.Key, v, err)
			}
			d.set(&r, k)
			if got := d.Format(&r); got != v {
				t.Errorf("%s=%s reads back %s", d.Key, v, got)
			}
		}
		if _, err := d.parse("nonsense"); err == nil {
			t.Errorf("%s takes nonsense", d.Key)
		}
	}
	// the words mean what they say
	for _, c := range []struct {
		kv   string
		test func(r *Rules) bool
	}{
		{"conditions_need_damage=false", func(r *Rules) bool { return r.Sim.CondWithoutDamage }},
		{"crit_face_pips=false", func(r *Rules) bool { return !r.CritPips }},
		{"sprint_alerts_own_square=false", func(r *Rules) bool { return !r.Sim.SprintOwnSquare }},
		{"aoe_armour=false", func(r *Rules) bool { return !r.Sim.AOEArmour }},
		{"closest=route", func(r *Rules) bool { return r.PathClosest }},
		{"alert_on_enter=same_square", func(r *Rules) bool { return r.Sim.AlertOnEnter == sim.EnterSame }},
		{"stop_vote=while_fresh", func(r *Rules) bool { return r.Sim.StopVote == sim.StopWhileFresh }},
		{"faint_failure=more_than_one", func(r *Rules) bool { return r.Sim.FaintRule == sim.FaintMoreThanOne }},
		{"enemy_aoe_needs_hit=false", func(r *Rules) bool { return !r.Sim.EnemyAOENeedsHit }},
		{"armour_vs_non_alert=at_damage", func(r *Rules) bool { return r.Sim.ArmourAtDamage }},
	} {
		k, v, _ := strings.Cut(c.kv, "=")
		d := findRule(k)
		r := DefaultRules()
		n, err := d.parse(v)
		if err != nil {
			t.Fatal(err)
		}
		d.set(&r, n)
		if !c.test(&r) {
			t.Errorf("%s does not do what it says", c.kv)
		}
	}
}

// -set changes the compiled design and refuses what the data would.
func TestSet(t *testing.T) {
	x, err := Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	tear := x.Machines["sawtooth"].Comps[0].Tear
	c, err := x.Compile("sawtooth_lair", "duo", []string{"machine.sawtooth.hp=+2", "component.sawtooth.A.tear=9", "hunter.nora_marksman.hand_size=6",
		"hunter.nora_marksman.deck.stamina=2", "encounter.threshold=12", "rules.half_tear=round_down", "dice.black.1=crit", "weapon.war_bow.range=5"})
	if err != nil {
		t.Fatal(err)
	}
	sc := c.Sc
	saw := &sc.Machines[1]
	if saw.HP != x.Machines["sawtooth"].HP+2 || saw.Comps[0].Tear != 9 || sc.Hunters[0].HandMax != 6 || sc.Hunters[0].NDeck != 18 ||
		sc.Threshold != 12 || !sc.Rules.TearFloor || sc.Dice.Die[2].Faces[0] != (sim.Face{Crit: true}) || sc.Hunters[0].Weapons[0].Range != 5 {
		t.Errorf("overrides not applied: %+v", sc.Machines[1])
	}
	// the data itself is unchanged
	if x.Machines["sawtooth"].Comps[0].Tear != tear || x.Encounters["sawtooth_lair"].Threshold == 12 || x.Dice["black"].Faces[0].Crit {
		t.Error("an override changed the loaded data")
	}
	for _, bad := range []string{"machine.sawtooth.hp=200", "component.sawtooth.Z.tear=3", "hunter.nora.hand_size=5", "rules.stop_vote=sometimes",
		"encounter.threshold=99", "dice.blue.9=1", "dice.blue.1=x", "nothing=1", "machine.sawtooth.speed=2"} {
		if _, err := x.Compile("sawtooth_lair", "duo", []string{bad}); err == nil {
			t.Errorf("-set %s: no error", bad)
		}
	}
}

// A signed number is a change, +N as -N: a rules switch's number and a
// die face's pips (a crit stays one).
func TestSetRelative(t *testing.T) {
	x, err := Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	cap0 := x.Rules.Sim.TurnCap
	orange := x.Dice["orange"].Faces
	for _, c := range []struct {
		kv   string
		test func(sc *sim.Scenario) bool
	}{
		{"rules.turn_cap=+1", func(sc *sim.Scenario) bool { return sc.Rules.TurnCap == cap0+1 }},
		{"rules.turn_cap=-5", func(sc *sim.Scenario) bool { return sc.Rules.TurnCap == cap0-5 }},
		{"rules.turn_cap=7", func(sc *sim.Scenario) bool { return sc.Rules.TurnCap == 7 }},
		{"dice.orange.5=+1", func(sc *sim.Scenario) bool {
			f := sc.Dice.Die[slices.Index(x.DiceOrder, "orange")].Faces[4]
			return f.Pips == orange[4].Pips+1 && f.Crit == orange[4].Crit
		}},
		{"dice.orange.6=+1", func(sc *sim.Scenario) bool {
			f := sc.Dice.Die[slices.Index(x.DiceOrder, "orange")].Faces[5]
			return f.Pips == orange[5].Pips+1 && f.Crit == orange[5].Crit
		}},
	} {
		cmp, err := x.Compile("sawtooth_lair", "duo", []string{c.kv})
		if err != nil {
			t.Errorf("-set %s: %v", c.kv, err)
			continue
		}
		if !c.test(cmp.Sc) {
			t.Errorf("-set %s: not applied as a change", c.kv)
		}
	}
}

// An override of what is not in the design (a machine the encounter does
// not field, a hunter not in the party, a weapon none of them carries) is
// refused, naming what is there; one that makes the design impossible is
// blamed on the override.
func TestSetNotInPlay(t *testing.T) {
	x, err := Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	for kv, want := range map[string]string{
		"machine.strider.hp=3":              `no machine "strider" in encounter sawtooth_lair (its machines: `,
		"component.strider.A.tear=3":        `no machine "strider" in encounter sawtooth_lair`,
		"behaviour.strider.1=blank":         `no machine "strider" in encounter sawtooth_lair`,
		"hunter.banuk_survivor.hand_size=3": `no hunter "banuk_survivor" in party duo (its hunters: `,
		"weapon.hunter_bow.range=3":         `no hunter of party duo carries weapon "hunter_bow" (their weapons: `,
		// an override that makes the design impossible is named, not the data file
		"encounter.threshold=15": "-set encounter.threshold=15: encounter sawtooth_lair with party duo: threshold 15:",
	} {
		if x.Machines["strider"] == nil || x.Hunters["banuk_survivor"] == nil || x.Weapons["hunter_bow"] == nil {
			t.Fatal("the test's names are not in the data")
		}
		_, err := x.Compile("sawtooth_lair", "duo", []string{kv})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("-set %s: %v, want %q", kv, err, want)
		}
	}
}

// rules.yaml lists every switch, at its default.
func TestRulesFileListsEverySwitch(t *testing.T) {
	b, err := Files.ReadFile("rules.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Rules map[string]string `yaml:"rules"`
	}
	if err := yaml.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	for i := range RuleDefs {
		d := &RuleDefs[i]
		v, ok := f.Rules[d.Key]
		if !ok {
			t.Errorf("rules.yaml lacks %s", d.Key)
		} else if v != d.Default() {
			t.Errorf("rules.yaml: %s: %s, the default is %s", d.Key, v, d.Default())
		}
	}
	if len(f.Rules) != len(RuleDefs) {
		t.Errorf("rules.yaml has %d switches, the table %d", len(f.Rules), len(RuleDefs))
	}
}
