package crims

import (
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestLoadEmbedded(t *testing.T) {
	d, err := Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Hunters.Keys(); strings.Join(got, ",") != "bruiser,enforcer,marksman,runner" {
		t.Fatalf("hunters %v", got)
	}
	ds, err := d.Compile("street-sweep", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	sc := ds.Sc
	if sc.NHunters != 4 || sc.NCrims != 5 || sc.NCards != 10 || sc.NEvents != 12 || sc.Map.NPods != 8 || sc.Map.NTerrain != 13 {
		t.Fatalf("scenario: %d hunters, %d crims, %d cards, %d events, %d pods, %d features", sc.NHunters, sc.NCrims, sc.NCards, sc.NEvents, sc.Map.NPods, sc.Map.NTerrain)
	}
	// compiled numbers: the Bruiser's best melee, a crim's Aggressive Demeanor
	if sc.Hunters[0].BestMelee != 3 || !sc.Crims[0].Aggressive || sc.Crims[1].Aggressive || !sc.Crims[4].Aggressive {
		t.Fatalf("bruiser %+v, crims %+v", sc.Hunters[0], sc.Crims[:5])
	}
	if !sc.Rules.AllDiceFirst || sc.Rules.Engagement != 1 || sc.Rules.MaxCrims != 10 || !sc.Rules.RandomSeating {
		t.Fatalf("rules %+v", sc.Rules)
	}
}

// Every sample data file says at the top that it is sample data, not
// from the source (but rules.yaml, which holds the rulings' switches).
func TestSampleDataMarked(t *testing.T) {
	for _, f := range Files {
		if f == "rules.yaml" {
			continue
		}
		b, err := embedded.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(b), "# Sample data, not from the source") {
			t.Errorf("%s does not start with the sample-data mark", f)
		}
	}
}

// Bad data is reported at its file, line and column, with the field, the
// allowed values and a likely spelling; every problem of a load at once.
func TestLoadErrors(t *testing.T) {
	for _, c := range []struct {
		name, file, body string
		want             []string
	}{
		{"unknown field", "hunters.yaml", "x:\n  name: X\n  attributes: {athletics: 3, mind: 3, fight: 3, shoot: 3, defense: 3}\n  wound_max: 4\n  armr: 1\n  attacks: [{name: a, kind: melee, damage: 1}]\n",
			[]string{"hunters.yaml:5:3: x.armr: unknown field \"armr\"; did you mean \"armor\"?"}},
		{"attribute out of range", "hunters.yaml", "x:\n  name: X\n  attributes: {athletics: 3, mind: 3, fight: 13, shoot: 3, defense: 3}\n  wound_max: 4\n  attacks: [{name: a, kind: melee, damage: 1}]\n",
			[]string{"hunters.yaml:3:46: x.attributes.fight: 13 is out of range 1..10"}},
		{"missing attribute and range", "hunters.yaml", "x:\n  name: X\n  attributes: {athletics: 3, mind: 3, fight: 3, shoot: 3}\n  wound_max: 4\n  attacks: [{name: a, kind: ranged, damage: 1}]\n",
			[]string{"x.attributes.defense: missing; it is required", "x.attacks[0].range: missing; a ranged attack needs its range"}},
		{"bad check kind", "hunters.yaml", "x:\n  name: X\n  attributes: {athletics: 3, mind: 3, fight: 3, shoot: 3, defense: 3}\n  wound_max: 4\n  attacks: [{name: a, kind: melee, damage: 1}]\n  momentum: [{name: m, op: upgrade, cost: 1, checks: [atack, recovery]}]\n",
			[]string{"unknown check kind \"atack\"", "did you mean \"attack\"?", "Momentum can't be used for recovery checks"}},
		{"unknown action", "control.yaml", "c:\n  name: C\n  cards:\n    - name: k\n      direct: {aggressive: charg, cautious: shoot, sneaky: hide}\n",
			[]string{"control.yaml:5:28: c.cards[0].direct.aggressive: unknown crim action \"charg\"", "did you mean \"charge\"?"}},
		{"unknown crim, spawn, demeanor", "control.yaml", "standard:\n  name: C\n  cards:\n    - name: k\n      place: [{crim: thugg, at: nowhere}]\n      direct: {aggressive: charge, cautious: shoot, sneaky: hide, sneakie: hide}\n",
			// every problem at once, the unknown crim's not hiding the rest
			[]string{"control.yaml:5:22: standard.cards[0].place[0].crim: unknown crim \"thugg\"", "did you mean \"thug\"?",
				"no spawn place \"nowhere\"", "no crim has the Demeanor \"sneakie\""}},
		{"a Demeanor without direction", "control.yaml", "standard:\n  name: C\n  cards:\n    - name: k\n      place: [{crim: thug, at: nowhere}]\n      direct: {aggressive: charge, cautious: shoot, sneakie: hide}\n",
			[]string{"no spawn place \"nowhere\"", "no crim has the Demeanor \"sneakie\"", "did you mean \"sneaky\"?", "the card gives no action to Demeanor \"sneaky\""}},
		{"rules value", "rules.yaml", "engagement: 1\nmax_crims: 10\nall_dice_first: yes\narmor_downgrade_chooser: roler\nengaged_shoot: lose\ncharge_extra_fight: false\nforced_hides: 3\nreturn_acts: true\npizzazz: surplus\ntie_break: eliminations\nseating: random\nperformance_shot_loss: any_check\ndisengage_move: separate\npods_stocked: false\n",
			[]string{"rules.yaml:3:17: all_dice_first: expected true or false", "rules.yaml:4:26: armor_downgrade_chooser: unknown value \"roler\"", "did you mean \"roller\"?", "forced_hides: 3 is out of range 1..2"}},
		{"syntax", "zones.yaml", "docks:\n  name: [x\n", []string{"zones.yaml:2:"}},
		{"unknown file", "hunter.yaml", "x: 1\n", []string{"hunter.yaml: not a data file of this game", "did you mean \"hunters.yaml\"?"}},
		{"encounter", "encounters.yaml", "e:\n  name: E\n  hunters: [bruiser, runer]\n  zone: dock\n  control: standard\n",
			[]string{"encounters.yaml:3:22: e.hunters[1]: unknown hunter \"runer\"", "did you mean \"runner\"?", "encounters.yaml:4:9: e.zone: unknown zone \"dock\"", "did you mean \"docks\"?"}},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, c.file), []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(context.Background(), dir)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: want %q in:\n%v", c.name, w, err)
			}
		}
	}
}

// A data directory's entries replace those of the same slug and add to
// the others; its rules replace those it names.
func TestLoadOver(t *testing.T) {
	dir := t.TempDir()
	write := func(f, body string) {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("hunters.yaml", "bruiser:\n  name: Big Bruiser\n  attributes: {athletics: 3, mind: 2, fight: 6, shoot: 2, defense: 4}\n  wound_max: 6\n  attacks: [{name: Maul, kind: melee, damage: 4}]\nmedic:\n  name: Medic\n  attributes: {athletics: 3, mind: 4, fight: 2, shoot: 3, defense: 3}\n  wound_max: 5\n  attacks: [{name: Pistol, kind: ranged, damage: 1, range: 12}]\n")
	write("encounters.yaml", "medics:\n  name: Medics\n  hunters: [medic, bruiser]\n  zone: docks\n  control: standard\n  rules: {seating: fixed}\n")
	write("notes.txt", "not data")
	d, err := Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(d.Hunters.Keys(), ","); got != "bruiser,enforcer,marksman,medic,runner" {
		t.Fatalf("hunters %s", got)
	}
	ds, err := d.Compile("medics", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ds.Sc.Hunters[1].Name != "Big Bruiser" || ds.Sc.Rules.RandomSeating || ds.Events != nil {
		t.Fatalf("%+v %+v", ds.Sc.Hunters[1], ds.Sc.Rules)
	}
	// the embedded encounter still compiles, with the new bruiser
	if _, err := d.Compile("street-sweep", nil, nil); err != nil {
		t.Fatal(err)
	}
	// LoadFiles: a file by its name, wherever it lies
	d, err = LoadFiles(context.Background(), []string{filepath.Join(dir, "hunters.yaml")})
	if err != nil || d.Hunters.m["medic"] == nil {
		t.Fatalf("LoadFiles: %v", err)
	}
	// a rules.yaml over the embedded one names only what it changes
	base, err := Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	write("rules.yaml", "engagement: 2\n")
	d, err = LoadFiles(context.Background(), []string{filepath.Join(dir, "rules.yaml")})
	if err != nil {
		t.Fatalf("a rules.yaml of one switch: %v", err)
	}
	for k, v := range base.Rules {
		if want := map[bool]float64{true: 2, false: v}[k == "engagement"]; d.Rules[k] != want {
			t.Errorf("rules.%s: %v, want %v", k, d.Rules[k], want)
		}
	}
}

// -hunters: a misspelt or empty name is named (with a suggestion) before
// the count is looked at; one hunter is "1 hunter".
func TestHuntersChoice(t *testing.T) {
	d, err := Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		hunters []string
		want    string
	}{
		{[]string{"brusier"}, `unknown hunter "brusier"`},
		{[]string{"brusier"}, `did you mean "bruiser"`},
		{[]string{"bruiser", "", "marksman"}, "-hunters: an empty name"},
		{[]string{"bruiser"}, "-hunters: 1 hunter; a match has 2.."},
	} {
		_, err := d.Compile("street-sweep", c.hunters, nil)
		var ce *ChoiceError
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.As(err, &ce) {
			t.Errorf("-hunters %q: %v, want a choice error with %q", c.hunters, err, c.want)
		}
	}
}

// The rules table covers every switch of rules.yaml, and -set reads its
// values as the data does.
func TestRulesTable(t *testing.T) {
	d, err := Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Rules) != len(Rules) {
		t.Fatalf("%d rules in rules.yaml, %d in the table", len(d.Rules), len(Rules))
	}
	for _, r := range Rules {
		v := d.Rules[r.Key]
		got, err := r.parse(r.format(v))
		if err != nil || got != v {
			t.Errorf("%s: %v read back as %v (%v)", r.Key, v, got, err)
		}
	}
	// -set keys are one pattern a line, with no text of their own, so
	// that sweep and tune can match a -param against them.
	keys := SetKeys()
	if len(keys) != 19+len(Rules) || keys[2] != "hunter.BUILD.fight" {
		t.Fatalf("%d set keys: %v", len(keys), keys)
	}
	for _, k := range keys {
		if strings.ContainsAny(k, " :") {
			t.Errorf("set key %q is not a key alone", k)
		}
	}
}

var update = flag.Bool("update", false, "rewrite the generated section of docs/crims/data.md")

// docs/crims/data.md holds the vocabularies as the tables give them.
func TestDataDoc(t *testing.T) {
	p := filepath.Join("..", "..", filepath.FromSlash(DataDocFile))
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i, j := strings.Index(s, DocBegin), strings.Index(s, DocEnd)
	if i < 0 || j < i {
		t.Fatalf("%s: no generated section between %q and %q", p, DocBegin, DocEnd)
	}
	want := s[:i] + DocBegin + "\n\n" + VocabDoc() + DocEnd + s[j+len(DocEnd):]
	if want == s {
		return
	}
	if *update {
		if err := os.WriteFile(p, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Fatalf("%s is out of date: run go test ./configs/crims -run TestDataDoc -update", p)
}

// Every ruling the coverage cites exists, and every switch of rules.yaml
// is named in the rulings.
func TestRulingsDoc(t *testing.T) {
	read := func(f string) string {
		b, err := os.ReadFile(filepath.Join("..", "..", "docs", "crims", f))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	rulings, coverage := read("rulings.md"), read("rules-coverage.md")
	for _, m := range regexp.MustCompile(`R-\d+`).FindAllString(coverage, -1) {
		if !strings.Contains(rulings, "**"+m+" ") {
			t.Errorf("rules-coverage.md cites %s, which rulings.md does not give", m)
		}
	}
	for _, r := range Rules {
		if !strings.Contains(rulings, "`"+r.Key) {
			t.Errorf("rulings.md does not name the switch %s", r.Key)
		}
	}
}
