package cazadores

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"balance/internal/typo"
)

const credit = "# Cazadores by Jose 'Jae' Espinoza, Matachin Games, CC BY 4.0; not affiliated with Matachin Games\n"

func loadEmbedded(t *testing.T) *Data {
	t.Helper()
	d, err := LoadEmbedded()
	if err != nil {
		t.Fatalf("embedded data: %v", err)
	}
	return d
}

func TestEmbeddedLoads(t *testing.T) {
	d := loadEmbedded(t)
	want := map[string][]string{
		"adversaries": {"accursed-construct", "creature-wreathed-in-light", "neonate-wurm", "praetorians", "wandering-son"},
		"packs":       {"duo", "lone", "quartet", "solo", "trio"},
		"scenarios":   {"broken-ground", "forest", "lair", "open-ground", "ruins"},
		"companions":  {"brigand", "chevalier", "duelist", "hound", "rogue", "stalker", "strider", "vicar", "vigilant"},
		"weapons": {"ball-and-chain", "book-of-rituals", "bow", "crossbow", "flintlock-pistol", "flintlock-rifle", "great-weapon",
			"hand-weapon", "net", "religious-symbol", "serrated-blade", "shield", "staff", "throwing-knives", "torch", "whip"},
		"armour": {"heavy", "light", "medium", "none"},
	}
	for kind, slugs := range want {
		if got := d.Slugs(kind); !slices.Equal(got, slugs) {
			t.Errorf("Slugs(%q) = %v, want %v", kind, got, slugs)
		}
	}
	if got := d.Slugs("nonsense"); got != nil {
		t.Errorf("Slugs(nonsense) = %v, want nil", got)
	}
	if n := len(d.Slugs("cazadores")); n < 6 {
		t.Errorf("%d cazador builds, want at least 6", n)
	}
	if d.Packs[DefaultPack] == nil || d.Scenarios[DefaultScenario] == nil {
		t.Errorf("default pack %q or scenario %q missing", DefaultPack, DefaultScenario)
	}
	if d.Rules != DefaultRules() {
		t.Errorf("rules.yaml = %+v, DefaultRules() = %+v", d.Rules, DefaultRules())
	}
}

// TestCredit checks that every data file opens with the attribution.
func TestCredit(t *testing.T) {
	err := fs.WalkDir(Files, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, _ := Files.ReadFile(p)
		if !strings.HasPrefix(string(b), credit) {
			t.Errorf("%s does not start with the credit line", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func ops(list ...Op) []Op { return list }

func TestAdversaryNumbers(t *testing.T) {
	d := loadEmbedded(t)
	type loc struct {
		name  string
		cards []int
		wnd   int
		owner int
	}
	cases := []struct {
		slug   string
		stats  FoeStats
		models int
		locs   []loc
	}{
		{"accursed-construct", FoeStats{4, 7, 1, 8, 5, 25}, 1, []loc{
			{"Core", []int{10}, 5, 0}, {"Arsenal", []int{8, 9}, 5, 0}, {"Ligaments", []int{6, 7}, 5, 0},
			{"Tissue", []int{4, 5}, 5, 0}, {"Armature", []int{2, 3}, 5, 0}}},
		{"praetorians", FoeStats{3, 4, 1, 5, 5, 30}, 3, []loc{
			{"The Sword's Flame", []int{10}, 5, 0}, {"The Sword", []int{8, 9}, 5, 0}, {"The Axe's Flame", []int{7}, 5, 1},
			{"The Axe", []int{5, 6}, 5, 1}, {"The Mace's Flame", []int{4}, 5, 2}, {"The Mace", []int{2, 3}, 5, 2}}},
		{"creature-wreathed-in-light", FoeStats{5, 5, 2, 7, 7, 25}, 1, []loc{
			{"Head", []int{10}, 5, 0}, {"Torso", []int{8, 9}, 5, 0}, {"Wings", []int{6, 7}, 5, 0},
			{"Upper Limb", []int{4, 5}, 5, 0}, {"Lower Limbs", []int{2, 3}, 5, 0}}},
		{"neonate-wurm", FoeStats{6, 6, 2, 7, 5, 25}, 1, []loc{
			{"Antennae", []int{10}, 5, 0}, {"Mandible", []int{9}, 5, 0}, {"Carapace", []int{6, 7, 8}, 5, 0},
			{"Upper Limbs", []int{4, 5}, 5, 0}, {"Lower Limbs", []int{2, 3}, 5, 0}}},
		{"wandering-son", FoeStats{5, 7, 2, 6, 6, 20}, 1, []loc{
			{"Head", []int{10}, 5, 0}, {"Torso", []int{8, 9}, 5, 0}, {"Upper Limb", []int{5, 6, 7}, 5, 0},
			{"Lower Limbs", []int{2, 3, 4}, 5, 0}}},
	}
	for _, c := range cases {
		a := d.Adversaries[c.slug]
		if a == nil {
			t.Errorf("%s missing", c.slug)
			continue
		}
		if a.Stats != c.stats {
			t.Errorf("%s stats %+v, want %+v", c.slug, a.Stats, c.stats)
		}
		if len(a.Models) != c.models {
			t.Errorf("%s has %d models, want %d", c.slug, len(a.Models), c.models)
		}
		if len(a.HitLocations) != len(c.locs) {
			t.Errorf("%s has %d hit locations, want %d", c.slug, len(a.HitLocations), len(c.locs))
			continue
		}
		for i, l := range c.locs {
			h := a.HitLocations[i]
			if h.Name != l.name || !slices.Equal(h.Cards, l.cards) || h.Wnd != l.wnd || h.Owner != l.owner {
				t.Errorf("%s location %d = %s %v %d owner %d, want %+v", c.slug, i, h.Name, h.Cards, h.Wnd, h.Owner, l)
			}
		}
		for r := range RankNames {
			if a.Actions[r].Name == "" || a.Special[r].Name == "" || a.Special[r].Tree == "" {
				t.Errorf("%s %s: incomplete action %+v / %+v", c.slug, RankNames[r], a.Actions[r], a.Special[r])
			}
			if a.Actions[r].Ticks != 3 && a.Actions[r].Attack != "none" {
				t.Errorf("%s %s: %d ticks", c.slug, RankNames[r], a.Actions[r].Ticks)
			}
		}
	}

	con := d.Adversaries["accursed-construct"]
	core := con.HitLocations[0].Exhausted.Trigger
	if len(core) != 1 || core[0].Kind != "attack" || core[0].Action.Rating != 8 || core[0].Action.Range != 10 ||
		core[0].Action.Targets != "all_models_in_range" || core[0].Action.Attack != "shooting" || !core[0].Action.Damage ||
		!reflect.DeepEqual(core[0].Action.OnHit, ops(Op{Kind: "impose", Condition: "poisoned"})) {
		t.Errorf("Construct Diffraction = %+v", core)
	}
	if con.HitLocations[1].Exhausted.Attacks != "disadvantage" || con.HitLocations[2].Exhausted.Spd != -2 {
		t.Errorf("Construct Arsenal/Ligaments exhaustion wrong: %+v", con.HitLocations[1:3])
	}
	if a := con.Actions[Ace]; a.Mods.Rng != 4 || a.Targets != "all_models_in_range" || a.Crit[0].Condition != "knocked_down" {
		t.Errorf("Construct Rapid Barrage = %+v", a)
	}
	if a := con.Actions[King]; a.Mods.Rng != 6 || !a.Advantage {
		t.Errorf("Construct Warbling Seeker = %+v", a)
	}
	if a := con.Actions[Queen]; a.Attack != "terror" || a.Damage || a.OnHit[0].Condition != "terrified" || a.Crit[0].Condition != "stunned" {
		t.Errorf("Construct Blaring Shriek = %+v", a)
	}
	if a := con.Special[Ace]; a.Tree != "sentry" || a.Like != "standard" || a.Name != "Rapid Barrage" || a.Mods.Rng != 4 ||
		len(a.Crit) != 1 || !reflect.DeepEqual(a.OnHit, ops(Op{Kind: "area", Area: "barrage", At: "target"})) {
		t.Errorf("Construct special Ace = %+v", a)
	}
	if a := con.Special[Jack]; a.Tree != "aggressive" || a.Targets != "target_and_near" || a.Near != 1 || a.Mods.Spd != 3 ||
		a.OnHit[0].Kind != "push" || a.OnHit[0].Inches != 2 {
		t.Errorf("Construct special Jack = %+v", a)
	}
	if k := con.Areas["barrage"]; k == nil || k.Diameter != 2 || !slices.Equal(k.Terrain, []string{"difficult"}) {
		t.Errorf("Construct barrage area = %+v", k)
	}

	pr := d.Adversaries["praetorians"]
	if !slices.Equal(pr.Models, []string{"The Sword", "The Axe", "The Mace"}) {
		t.Errorf("Praetorian models %v", pr.Models)
	}
	if a := pr.Actions[Ace]; a.Targets != "triangle" || a.Mods.Atk != 3 || a.Attack != "shooting" || a.Crit[0].Condition != "burning" {
		t.Errorf("Cerulean Flame = %+v", a)
	}
	if a := pr.Special[Queen]; a.Targets != "count" || a.Count != 2 || a.Mods.Rng != 3 || a.Tree != "aggressive" {
		t.Errorf("special Burning Lance = %+v", a)
	}
	if a := pr.Special[Jack]; a.Name != "War Chant" || a.Attack != "none" || a.Check == nil || *a.Check != (Check{"terror", 0}) ||
		!reflect.DeepEqual(a.OnSuccess, ops(Op{Kind: "heal", Die: 5})) || !a.TicksDefault || a.Ticks != 3 {
		t.Errorf("War Chant = %+v", a)
	}
	if e := pr.HitLocations[1].Exhausted; e.Ter != -1 || e.Label != "Wounded" {
		t.Errorf("The Sword exhaustion = %+v", e)
	}

	cr := d.Adversaries["creature-wreathed-in-light"]
	if len(cr.Minions) != 1 || cr.Minions[0].Count != 2 || cr.Minions[0].Stats != (FoeStats{5, 3, 1, 3, 3, 5}) ||
		cr.Minions[0].Type != "sentry" || cr.Minions[0].ShootingRng != 2 || cr.Minions[0].Crit[0].Condition != "stunned" {
		t.Errorf("Morpheus Butterflies = %+v", cr.Minions)
	}
	if k := cr.Areas["beloved_breath"]; k == nil || k.Diameter != 3 || k.FoeDef != 2 || !slices.Equal(k.Terrain, []string{"difficult"}) {
		t.Errorf("Beloved Breath area = %+v", k)
	}
	if tr := cr.HitLocations[4].Exhausted.Trigger; !reflect.DeepEqual(tr, ops(Op{Kind: "impose_self", Condition: "bleeding"})) {
		t.Errorf("Lower Limbs trigger = %+v", tr)
	}
	if e := cr.HitLocations[0].Exhausted; e.Ter != 2 {
		t.Errorf("Head exhaustion = %+v", e)
	}
	if a := cr.Actions[Ace]; a.Attack != "terror" || !a.Damage || a.Targets != "all_in_range" {
		t.Errorf("Harrowing Chorus = %+v", a)
	}
	if a := cr.Actions[King]; a.Mods != (Mods{0, 3, 2}) || a.Before[0].Kind != "move_self" {
		t.Errorf("Heavenly Dive = %+v", a)
	}
	if a := cr.Special[King]; a.Attack != "none" || a.After[0].Area != "beloved_breath" || a.After[0].At != "self" {
		t.Errorf("Beloved Breath = %+v", a)
	}
	if a := cr.Special[Queen]; a.Like != "standard" || a.Targets != "all_in_range" || a.Crit[0].Condition != "terrified" || a.OnHit[0].Kind != "push" {
		t.Errorf("special Arcing Slash = %+v", a)
	}

	wu := d.Adversaries["neonate-wurm"]
	if wu.Stats.Spd != 6 || !slices.Equal(wu.HitLocations[2].Cards, []int{6, 7, 8}) || wu.HitLocations[2].Name != "Carapace" {
		t.Errorf("Wurm SPD %d, Carapace %v", wu.Stats.Spd, wu.HitLocations[2])
	}
	if a := wu.Special[Ace]; a.Attack != "none" || len(a.After) != 1 || a.After[0].Kind != "grant_crit" ||
		!reflect.DeepEqual(a.After[0].Ops, ops(Op{Kind: "impose", Condition: "poisoned"})) {
		t.Errorf("Self-Laceration = %+v", a)
	}
	if k := wu.Areas["dust_devil"]; k == nil || !slices.Equal(k.Terrain, []string{"dangerous", "obscuring"}) || k.Diameter != 2 {
		t.Errorf("Dust Devil = %+v", k)
	}
	if a := wu.Actions[Queen]; a.OnHit[0].Where != "adjacent" || a.Crit[0].Condition != "knocked_down" {
		t.Errorf("Lunging Snatch = %+v", a)
	}

	so := d.Adversaries["wandering-son"]
	if !slices.Equal(so.Immune, []string{"freezing"}) {
		t.Errorf("Son immune %v", so.Immune)
	}
	rock := so.Actions[King]
	if !reflect.DeepEqual(rock.OnHit, ops(Op{Kind: "place", Where: "scatter"}, Op{Kind: "area", Area: "rock", At: "origin"})) ||
		!reflect.DeepEqual(rock.OnMiss, ops(Op{Kind: "area", Area: "rock", At: "scatter"})) || rock.Mods.Rng != 4 {
		t.Errorf("Rock Throw = %+v", rock)
	}
	if a := so.Special[King]; a.Name != "Shattering Roar" || a.Tree != "defensive" || a.Attack != "terror" || a.Damage {
		t.Errorf("Shattering Roar = %+v", a)
	}
}

func TestPackData(t *testing.T) {
	d := loadEmbedded(t)
	for slug, c := range d.Cazadores {
		if c.Spent.Total() > limitTotal {
			t.Errorf("%s spends %d", slug, c.Spent.Total())
		}
	}
	if w := d.Weapons["net"]; w.Damage || w.Ammo != 2 || w.AttackTicks != 1 || w.OnHit[0].Condition != "defenceless" {
		t.Errorf("net = %+v", w)
	}
	if w := d.Weapons["bow"]; w.Ammo != 3 || w.RngMin != 3 || w.RngMax != 8 || w.Hands != 2 || !w.Damage {
		t.Errorf("bow = %+v", w)
	}
	if w := d.Weapons["shield"]; w.Armour != 1 || w.Hands != 1 {
		t.Errorf("shield = %+v", w)
	}
	if w := d.Weapons["whip"]; w.AttackTicks != -1 || w.Hands != 1 || w.RngMax != 2 {
		t.Errorf("whip = %+v", w)
	}
	if c := d.Companions["chevalier"]; c.Enlist != 2 || len(c.Loadouts) != 2 || c.Loadouts[0].Armour != "medium" ||
		!slices.Equal(c.Loadouts[0].Weapons, []string{"hand-weapon", "shield"}) || c.Stats != (Attributes{3, 3, 2, 2, 3, 11}) {
		t.Errorf("chevalier = %+v", c)
	}
	if c := d.Companions["hound"]; len(c.Loadouts) != 1 || len(c.Loadouts[0].Weapons) != 0 || c.Loadouts[0].Armour != "none" {
		t.Errorf("hound = %+v", c)
	}
	if a := d.Armour["heavy"]; a.Rating != 3 || a.Spd != -2 || a.Renown != 5 {
		t.Errorf("heavy = %+v", a)
	}
	solo := d.Packs["solo"]
	if len(solo.Members) != 3 || solo.Members[0].Cazador == "" || solo.Members[1].Of != 0 {
		t.Errorf("solo = %+v", solo)
	}
	duo := d.Packs["duo"]
	if len(duo.Members) != 4 || duo.Members[3].Of != 2 {
		t.Errorf("duo = %+v", duo)
	}
	ruins := d.Scenarios["ruins"]
	if len(ruins.Exits) != 2 || ruins.Exits[0].Edge != "south" || ruins.Exits[1].Edge != "north" || ruins.DeployExit != 0 {
		t.Errorf("ruins exits = %+v", ruins.Exits)
	}
	kinds := map[string]int{}
	for _, p := range ruins.Terrain {
		kinds[p.Shape+" "+strings.Join(p.Types, "+")]++
	}
	if kinds["rect blocking+impassable"] < 4 || kinds["circle difficult"] < 2 || kinds["rect obscuring"] != 1 {
		t.Errorf("ruins terrain = %v", kinds)
	}
	open := d.Scenarios["open-ground"]
	if len(open.Exits) != 4 || len(open.Terrain) != 0 || open.Exits[open.DeployExit].Edge != "south" || open.Exits[0].To != 24 {
		t.Errorf("open ground = %+v", open)
	}
}

// copyEmbedded writes an embedded file, changed by replacements, under dir.
func copyEmbedded(t *testing.T, dir, name string, repl ...string) string {
	t.Helper()
	src := embedded(t, name)
	for i := 0; i+1 < len(repl); i += 2 {
		if !strings.Contains(src, repl[i]) {
			t.Fatalf("%q not in %s", repl[i], name)
		}
		src = strings.Replace(src, repl[i], repl[i+1], 1)
	}
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestValidateFiles(t *testing.T) {
	dir := t.TempDir()
	p := copyEmbedded(t, dir, "adversaries/neonate-wurm.yaml",
		"jack:  {name: Spinning Lash, attack: melee}", "jack:  {name: Spinning Lash, atack: melee}",
		"cards: [10]", "cards: [11]")
	src, _ := os.ReadFile(p)
	err := ValidateFiles(p)
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	for _, want := range []string{
		p + ":" + strconv.Itoa(lineOf(t, string(src), "atack")) + ":",
		`actions.jack.atack: unknown field "atack"; did you mean "attack"?`,
		p + ":" + strconv.Itoa(lineOf(t, string(src), "cards: [11]")) + ":",
		"hit_locations[0].cards[0]: card 11 is outside the valid range 2..10",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("error does not mention %q:\n%s", want, msg)
		}
	}

	// A valid copy of every embedded kind passes.
	var paths []string
	for _, name := range []string{"rules.yaml", "weapons.yaml", "cazadores.yaml", "packs.yaml", "scenarios/ruins.yaml", "adversaries/praetorians.yaml"} {
		paths = append(paths, copyEmbedded(t, t.TempDir(), name))
	}
	if err := ValidateFiles(paths...); err != nil {
		t.Errorf("valid copies: %v", err)
	}
	// References resolve against the bundled data.
	q := copyEmbedded(t, t.TempDir(), "packs.yaml", "{cazador: guardian}", "{cazador: guardain}")
	if err := ValidateFiles(q); err == nil || !strings.Contains(err.Error(), `did you mean "guardian"?`) {
		t.Errorf("bad reference: %v", err)
	}
	// A file whose kind cannot be told.
	r := filepath.Join(t.TempDir(), "monsters.yaml")
	os.WriteFile(r, []byte(credit+"a: 1\n"), 0o644)
	if err := ValidateFiles(r); err == nil || !strings.Contains(err.Error(), "cannot tell what") {
		t.Errorf("unknown kind: %v", err)
	}
}

func TestLoadOverlay(t *testing.T) {
	dir := t.TempDir()
	copyEmbedded(t, dir, "adversaries/wandering-son.yaml", "stats: {spd: 5, atk: 7,", "stats: {spd: 5, atk: 8,")
	os.WriteFile(filepath.Join(dir, "rules.yaml"), []byte(credit+"round_cap: 50\nself_card_ticks: 2\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "weapons.yaml"), []byte(credit+"whip:\n  name: Long Whip\n  kind: melee\n  rng: 3\n  hands: 1\n  renown: 1\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not data"), 0o644)
	d, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Adversaries["wandering-son"].Stats.Atk; got != 8 {
		t.Errorf("overlaid ATK = %d, want 8", got)
	}
	if got := d.Adversaries["neonate-wurm"].Stats.Atk; got != 6 {
		t.Errorf("untouched Wurm ATK = %d, want 6", got)
	}
	want := DefaultRules()
	want.RoundCap, want.SelfCardTicks = 50, 2
	if d.Rules != want {
		t.Errorf("rules = %+v, want %+v", d.Rules, want)
	}
	if a := d.Adversaries["praetorians"].Special[Jack]; a.Ticks != 2 {
		t.Errorf("War Chant ticks = %d, want self_card_ticks 2", a.Ticks)
	}
	if w := d.Weapons["whip"]; w.Name != "Long Whip" || w.RngMax != 3 || w.AttackTicks != 0 {
		t.Errorf("whip = %+v", w)
	}
	if len(d.Weapons) != 16 {
		t.Errorf("%d weapons after overlay, want 16", len(d.Weapons))
	}
	if _, err := Load(filepath.Join(dir, "missing")); err == nil {
		t.Error("missing dir: no error")
	}
}

func TestAddAdversaryFile(t *testing.T) {
	d := loadEmbedded(t)
	dir := t.TempDir()
	p := copyEmbedded(t, dir, "adversaries/wandering-son.yaml", "name: Wandering Son of the Mountain", "name: Elder Son")
	q := filepath.Join(dir, "adversaries", "elder-son.yaml")
	if err := os.Rename(p, q); err != nil {
		t.Fatal(err)
	}
	slug, err := d.AddAdversaryFile(q)
	if err != nil || slug != "elder-son" || d.Adversaries[slug].Name != "Elder Son" || d.Adversaries[slug].Actions[Ace].Ticks != 3 {
		t.Errorf("AddAdversaryFile = %q, %v", slug, err)
	}
	os.WriteFile(q, []byte(credit+"name: x\n"), 0o644)
	if _, err := d.AddAdversaryFile(q); err == nil || !strings.Contains(err.Error(), "stats: missing") {
		t.Errorf("broken file: %v", err)
	}
}

func TestVocabulariesSorted(t *testing.T) {
	for i, list := range [][]string{Conditions, TerrainTypes, Trees, TargetModes, AttackKinds, AttackStates, CheckSkills,
		WeaponKinds, GearActions, SkillNames, Edges, TerrorDTs, OverflowTops, FoeMoves, DangerousChecks, CoverModes} {
		if !slices.IsSorted(list) || len(slices.Compact(slices.Clone(list))) != len(list) {
			t.Errorf("list %d not sorted or not unique: %v", i, list)
		}
	}
}

func TestErrorFormat(t *testing.T) {
	e := &Error{File: "a.yaml", Line: 3, Col: 5, Field: "stats.wnd", Msg: "25 does not equal", Suggest: "20"}
	if got, want := e.Error(), `a.yaml:3:5: stats.wnd: 25 does not equal; did you mean "20"?`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	e = &Error{File: "a.yaml", Line: 1, Col: 1, Msg: "the file is empty"}
	if got, want := e.Error(), "a.yaml:1:1: the file is empty"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, c := range []struct {
		word  string
		known []string
		want  string
	}{
		{"atack", actionFields, "attack"},
		{"hit_location", adversaryFields, "hit_locations"},
		{"hit_loc", adversaryFields, "hit_locations"},
		{"stuned", Conditions, "stunned"},
		{"wdn", foeStatFields, "wnd"},
		{"zzzzzz", Conditions, ""},
	} {
		if got := typo.Nearest(c.word, c.known); got != c.want {
			t.Errorf("typo.Nearest(%q) = %q, want %q", c.word, got, c.want)
		}
	}
}
