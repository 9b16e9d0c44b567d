package skirmish

import (
	"context"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	sk "balance/sim/skirmish"
)

func load(t *testing.T, dir string) *Data {
	t.Helper()
	d, err := Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestLoadEmbedded(t *testing.T) {
	d := load(t, "")
	for kind, want := range map[string][]string{
		"warbands":  {"melee-crew", "shooting-crew"},
		"scenarios": {"salvage"},
		"creatures": {"scavenger", "spitter"},
	} {
		if got, _ := d.List(kind); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", kind, got, want)
		}
	}
	if _, err := d.List("warband"); err == nil || !strings.Contains(err.Error(), `did you mean "warbands"`) {
		t.Errorf("List(warband): %v", err)
	}
	if d.Rules != defaultRules() {
		t.Errorf("rules.yaml gives other readings than the defaults: %+v", d.Rules)
	}
	des := d.NewDesign(d.Warbands["shooting-crew"], d.Warbands["melee-crew"], d.Scenarios["salvage"])
	s, err := des.Compile()
	if err != nil {
		t.Fatal(err)
	}
	if s.NBand != [2]int{6, 6} || s.NCreatures() != 4 || len(s.Scenario.Loot) != 5 {
		t.Errorf("compiled %v figures, %d creatures, %d loot", s.NBand, s.NCreatures(), len(s.Scenario.Loot))
	}
	// The first mate's heavy armour waives rapid fire's −1 Move; the
	// torch's flame thrower costs it 1".
	for _, p := range s.Profiles {
		switch p.Name {
		case "Gunner Okafor":
			if p.Move != 5 {
				t.Errorf("%s: Move %v, want 5 (heavy armour waives rapid fire's −1)", p.Name, p.Move)
			}
		case "Torch Vail":
			if p.Move != 5 {
				t.Errorf("%s: Move %v, want 5 (6 − 1 for the flame thrower)", p.Name, p.Move)
			}
		case "Warlord Kess":
			if s.Weapons[p.Melee].Name != "hand_weapon" {
				t.Errorf("%s fights with %s", p.Name, s.Weapons[p.Melee].Name)
			}
		}
	}
	if w := s.Weapons[slices.IndexFunc(s.Weapons, func(w sk.Weapon) bool { return w.Name == "grenade_launcher" })]; w.Blast != sk.Frag || w.Radius != 1.5 || w.Attack != 3 {
		t.Errorf("the launcher fires %+v", w)
	}
}

// Every data file says at its top what in it is not from the source.
func TestDataFilesMarked(t *testing.T) {
	err := fs.WalkDir(Files, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, _ := Files.ReadFile(p)
		var head []string
		for _, line := range strings.Split(string(b), "\n") {
			if !strings.HasPrefix(line, "#") {
				break
			}
			head = append(head, line)
		}
		if !strings.Contains(strings.ToLower(strings.Join(head, " ")), "not from the source") {
			t.Errorf("%s: its opening comment does not say what is not from the source", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func write(t *testing.T, dir, name, text string) {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Errors name the file, line, column and field, what is allowed and a
// likely spelling.
func TestLoadErrors(t *testing.T) {
	for _, c := range []struct {
		name, file, text string
		want             []string // regular expressions the error matches
	}{
		{"unknown field", "weapons.yaml", "weapons:\n  pistol: {class: gun, rnage: 10}\n",
			[]string{`weapons\.yaml:2:\d+: weapons\.pistol\.rnage: unknown field "rnage"; did you mean "range"\?`}},
		{"bad class", "weapons.yaml", "weapons:\n  pistol: {class: gunn, range: 10}\n",
			[]string{`weapons\.yaml:2:\d+: weapons\.pistol\.class: unknown weapon class "gunn" \(known: melee, gun, thrown, launcher, flame\); did you mean "gun"\?`}},
		{"launcher of nothing", "weapons.yaml", "weapons:\n  tube: {class: launcher, range: 10, fires: frag_granade}\n",
			[]string{`weapons\.tube\.fires: unknown grenade "frag_granade".*did you mean "frag_grenade"\?`}},
		{"bad rule reading", "rules.yaml", "rules:\n  melee_tie: both\n",
			[]string{`rules\.yaml:2:14: rules\.melee_tie: unknown reading of melee_tie "both" \(known: none, both_damage, reroll\)`}},
		{"unknown rule", "rules.yaml", "rules:\n  meele_tie: none\n",
			[]string{`rules\.meele_tie: unknown rule "meele_tie".*did you mean "melee_tie"\?`}},
		{"rule out of range", "rules.yaml", "rules:\n  creature_fights: 3\n",
			[]string{`rules\.creature_fights: 3 is out of range 1\.\.2`}},
		{"warband", "warbands/x.yaml", "name: X\nfigures:\n  - {key: cap, name: C, role: captain, move: 6, fight: 1, shoot: 1, armour: 10, will: 0, health: 10, weapons: [carbin]}\n  - {key: cap, name: D, role: captian, move: 6, fight: 1, shoot: 1, armour: 10, will: 0, health: 99}\n",
			[]string{`x\.yaml:3:\d+: figures\[0\]\.weapons\[0\]: unknown weapon "carbin".*did you mean "carbine"\?`,
				`figures\[1\]\.role: unknown role "captian".*did you mean "captain"\?`,
				`figures\[1\]\.health: 99 is out of range 1\.\.40`,
				`figures\[1\]\.key: key "cap" is already figure 0's`}},
		{"no captain", "warbands/y.yaml", "name: Y\nfigures:\n  - {key: s, name: S, role: soldier, move: 6, fight: 1, shoot: 1, armour: 10, will: 0, health: 10}\n",
			[]string{`y\.yaml:3:\d+: figures: 0 captains: a warband has one`}},
		{"scenario", "scenarios/z.yaml", "name: Z\ntable: [30, 30]\nturn_cap: 10\nhome: {a: south, b: south}\ndeploy: {a: [[1, 1]], b: [[40, 1]]}\nterrain:\n  - {name: w, rect: [1, 1, 1, 5]}\n  - {name: p, circle: [5, 5, 1], rect: [1, 1, 2, 2]}\ncreatures:\n  - {creature: scavanger, at: [5, 5]}\nloot:\n  - {at: [5, 5], kind: gold}\n",
			[]string{`home: both warbands' edges are south`, `deploy\.b\[0\]\[0\]: 40 is out of range 0\.\.30`,
				`terrain\[0\]\.rect: a rectangle needs a width and a height`, `terrain\[1\]: give exactly one shape`,
				`creatures\[0\]\.creature: unknown creature "scavanger".*did you mean "scavenger"\?`, `loot\[0\]\.kind: unknown loot kind "gold"`}},
		{"inside impassable terrain", "scenarios/r.yaml", "name: R\ntable: [30, 30]\nturn_cap: 10\nhome: {a: south, b: north}\ndeploy: {a: [[5, 10]], b: [[15, 29]]}\nterrain:\n  - {name: ruin, rect: [3, 8, 8, 12], impassable: true}\n  - {name: tower, circle: [20, 20, 2], impassable: true}\n  - {name: scrub, circle: [15, 15, 2], rough: true}\ncreatures:\n  - {creature: scavenger, at: [20.5, 19.5]}\n  - {creature: spitter, at: [15, 15]}\nloot:\n  - {at: [4, 11], kind: data}\n  - {at: [15, 15], kind: data}\n",
			[]string{`r\.yaml:5:14: deploy\.a\[0\]: \[5, 10\] lies inside "ruin" \(terrain\[0\]\), which is impassable: place it outside the piece`,
				`r\.yaml:11:31: creatures\[0\]\.at: \[20\.5, 19\.5\] lies inside "tower" \(terrain\[1\]\)`,
				`r\.yaml:14:10: loot\[0\]\.at: \[4, 11\] lies inside "ruin"`}},
		{"syntax", "creatures.yaml", "creatures:\n  beast: {name: B, move: 6\n", []string{`creatures\.yaml:\d+:\d+: `}},
		{"not a data file", "weapon.yaml", "weapons: {}\n", []string{`weapon\.yaml:1:1: not a data file of the skirmish game`}},
	} {
		dir := t.TempDir()
		write(t, dir, c.file, c.text)
		_, err := Load(context.Background(), dir)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		for _, w := range c.want {
			if !regexp.MustCompile(w).MatchString(err.Error()) {
				t.Errorf("%s: error\n%v\ndoes not match %s", c.name, err, w)
			}
		}
	}
}

// A data directory's files go over the bundled ones: a warband of the
// same name replaces it, rules.yaml changes only the readings it gives.
func TestDataDirOverrides(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "rules.yaml", "rules:\n  melee_tie: reroll\n")
	write(t, dir, "warbands/melee-crew.yaml", "name: Tiny crew\nfigures:\n  - {key: boss, name: Boss, role: captain, move: 6, fight: 3, shoot: 0, armour: 12, will: 1, health: 12, weapons: [hand_weapon]}\n")
	d := load(t, dir)
	if d.Warbands["melee-crew"].Name != "Tiny crew" || d.Warbands["shooting-crew"] == nil {
		t.Errorf("warbands: %v", d.Warbands)
	}
	want := defaultRules()
	want.MeleeTie = sk.TieReroll
	if d.Rules != want {
		t.Errorf("rules %+v", d.Rules)
	}
	if _, err := d.NewDesign(d.Warbands["shooting-crew"], d.Warbands["melee-crew"], d.Scenarios["salvage"]).Compile(); err != nil {
		t.Error(err)
	}
}

func TestSet(t *testing.T) {
	d := load(t, "")
	des := d.NewDesign(d.Warbands["shooting-crew"], d.Warbands["melee-crew"], d.Scenarios["salvage"])
	for _, kv := range []string{"a.captain.fight=+1", "b.*.armour=-1", "creature.scavenger.health=20", "scenario.creature.2=off",
		"a.grenadier.drop=grenade_launcher", "b.captain.powers=none", "rules.melee_tie=both_damage", "rules.smoke_turns=2",
		"scenario.turn_cap=12", "a.scout.move=+0.5", "b.bonus.fight=+2", "b.bonus.fight=-1"} {
		if err := des.Set(kv); err != nil {
			t.Fatalf("%s: %v", kv, err)
		}
	}
	s, err := des.Compile()
	if err != nil {
		t.Fatal(err)
	}
	if s.Profiles[0].Fight != 3 || s.Profiles[6].Armour != 13 || s.NCreatures() != 3 || s.Profiles[12].Health != 20 {
		t.Errorf("after -set: captain Fight %d, B captain Armour %d, %d creatures, scavenger Health %d",
			s.Profiles[0].Fight, s.Profiles[6].Armour, s.NCreatures(), s.Profiles[12].Health)
	}
	if s.Profiles[7].Fight != 4+1 {
		t.Errorf("b.bonus.fight=+1: the first mate's Fight %d, want 5", s.Profiles[7].Fight)
	}
	if s.Profiles[4].NWeapons != 2 || s.Profiles[6].NPowers != 0 || s.Rules.MeleeTie != sk.TieBothDamage || s.Rules.SmokeTurns != 2 || s.Scenario.TurnCap != 12 || s.Profiles[5].Move != 7.5 {
		t.Errorf("after -set: %+v", s.Rules)
	}
	// The data itself is untouched.
	if d.Warbands["shooting-crew"].Figures[0].Fight != 2 || d.Creatures["scavenger"].Health != 14 {
		t.Error("-set changed the loaded data")
	}
	for kv, want := range map[string]string{
		"a.captian.fight=1":       `no figure "captian".*did you mean "captain"\?`,
		"a.captain.fihgt=1":       `unknown stat "fihgt".*did you mean "fight"\?`,
		"a.captain.fight=x":       `"x" is not a whole number`,
		"a.captain.health=99":     `99 is out of range 1\.\.40`,
		"rules.melee_tie=both":    `unknown reading "both" of melee_tie.*did you mean "both_damage"\?`,
		"rules.meele_tie=none":    `unknown rule "meele_tie".*did you mean "melee_tie"\?`,
		"scenario.creature.9=off": `no creature "9" on Salvage: its creatures are 1\.\.4`,
		"c.captain.fight=1":       `unknown key "c"`,
		"a.captain.drop=sword":    `carries no "sword"`,
		"a.captain.fight":         `write KEY=VALUE`,
		"a.bonus.fihgt=1":         `no bonus for "fihgt".*did you mean "fight"\?`,
		"a.bonus.fight=9":         `9 is out of range -5\.\.5`,
	} {
		if err := des.Set(kv); err == nil || !regexp.MustCompile(want).MatchString(err.Error()) {
			t.Errorf("-set %s: %v; want %s", kv, err, want)
		}
	}
}

// Equal designs have equal fingerprints; any change shows.
func TestFingerprint(t *testing.T) {
	d := load(t, "")
	mk := func(set ...string) string {
		des := d.NewDesign(d.Warbands["shooting-crew"], d.Warbands["melee-crew"], d.Scenarios["salvage"])
		for _, kv := range set {
			if err := des.Set(kv); err != nil {
				t.Fatal(err)
			}
		}
		return des.Fingerprint()
	}
	if a, b := mk(), mk(); a != b || a == mk("a.captain.will=+1") || mk() == mk("rules.jam=record_only") || mk("a.captain.will=+1", "a.captain.will=-1") != a {
		t.Error("fingerprints do not follow the design")
	}
	if strings.Contains(mk(), "0x") {
		t.Error("a fingerprint prints a pointer")
	}
}

// Salvage is the same seen from either edge: turned half a turn about
// the centre, every terrain piece, token and creature lands on one of
// the same kind, and A's deployment points on B's.
func TestSalvageSymmetric(t *testing.T) {
	sc := load(t, "").Scenarios["salvage"]
	turn := func(p []float64) []float64 { return []float64{sc.W - p[0], sc.H - p[1]} }
	same := func(a, b []float64) bool {
		return len(a) == len(b) && len(a) == 2 && math.Abs(a[0]-b[0]) < 1e-9 && math.Abs(a[1]-b[1]) < 1e-9
	}
	for i, tp := range sc.Terrain {
		found := false
		for _, u := range sc.Terrain {
			switch {
			case len(tp.Rect) == 4 && len(u.Rect) == 4:
				found = found || same(turn(tp.Rect[0:2]), u.Rect[2:4]) && same(turn(tp.Rect[2:4]), u.Rect[0:2])
			case len(tp.Circle) == 3 && len(u.Circle) == 3:
				found = found || same(turn(tp.Circle[0:2]), u.Circle[0:2]) && tp.Circle[2] == u.Circle[2]
			default:
				continue
			}
			if found {
				if u.BlocksLOS != tp.BlocksLOS || u.Impassable != tp.Impassable || u.Cover != tp.Cover || u.Rough != tp.Rough || u.Water != tp.Water || u.Height != tp.Height {
					t.Errorf("terrain[%d] %s: its turned piece %s is of another kind", i, tp.Name, u.Name)
				}
				break
			}
		}
		if !found {
			t.Errorf("terrain[%d] %s: no piece where it lands turned", i, tp.Name)
		}
	}
	for i, l := range sc.Loot {
		if !slices.ContainsFunc(sc.Loot, func(m LootDef) bool { return same(turn(l.At), m.At) && m.Kind == l.Kind }) {
			t.Errorf("loot[%d] at %v: no token of its kind at %v", i, l.At, turn(l.At))
		}
	}
	for i, c := range sc.Creatures {
		if !slices.ContainsFunc(sc.Creatures, func(d PlacedCreature) bool { return same(turn(c.At), d.At) && d.Creature == c.Creature }) {
			t.Errorf("creatures[%d] %s at %v: none like it at %v", i, c.Creature, c.At, turn(c.At))
		}
	}
	if len(sc.Deploy[0]) != len(sc.Deploy[1]) {
		t.Fatalf("deploy: %d points for A, %d for B", len(sc.Deploy[0]), len(sc.Deploy[1]))
	}
	for i, p := range sc.Deploy[0] {
		if !same(turn(p), sc.Deploy[1][i]) {
			t.Errorf("deploy.a[%d] %v: B's %v, not %v", i, p, sc.Deploy[1][i], turn(p))
		}
	}
}
