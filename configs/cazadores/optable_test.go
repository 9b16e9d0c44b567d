package cazadores

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	ai "balance/ai/cazadores"
	sim "balance/sim/cazadores"
)

// opSamples returns ops of spec written as the data writes them, one for
// each value of its choices, dice and positions, with an Area kind "pit"
// where it takes one; place is where they are written (the ops they hold
// are allowed there too).
func opSamples(spec *sim.OpSpec) []string {
	var vals []string
	switch spec.Arg {
	case sim.ArgCondition:
		vals = []string{"poisoned"}
	case sim.ArgInches:
		vals = []string{fmt.Sprint(max(spec.Min, 1))}
	case sim.ArgChoice, sim.ArgDie:
		vals = spec.Values
	case sim.ArgArea:
		vals = []string{"pit"}
	case sim.ArgAmount:
		vals = append([]string{"2"}, spec.Values...)
	case sim.ArgCount:
		vals = []string{fmt.Sprint(spec.Min)}
	case sim.ArgTrue:
		vals = []string{"true"}
	case sim.ArgOps:
		vals = []string{"[{impose: poisoned}]"}
	case sim.ArgAttack:
		vals = []string{"{name: Spit, attack: shooting, rating: 4, range: 8, targets: all_in_range, on_hit: [{impose: poisoned}]}"}
	case sim.ArgFields:
		var fs []string
		for _, f := range spec.Fields {
			v := ""
			switch f.Arg {
			case sim.ArgSkill:
				v = "fortitude"
			case sim.ArgCount, sim.ArgInches:
				v = fmt.Sprint(max(f.Min, 3))
			case sim.ArgCondition:
				v = "poisoned"
			case sim.ArgDie:
				v = f.Values[0]
			case sim.ArgOps:
				v = "[{impose: poisoned}]"
			case sim.ArgMinion:
				v = "Imp"
			}
			fs = append(fs, f.Name+": "+v)
		}
		vals = []string{"{" + strings.Join(fs, ", ") + "}"}
	}
	var out []string
	for _, v := range vals {
		out = append(out, fmt.Sprintf("{%s: %s}", spec.Name, v))
		for _, w := range spec.With {
			for _, x := range w.Values {
				out = append(out, fmt.Sprintf("{%s: %s, %s: %s}", spec.Name, v, w.Name, x))
			}
		}
	}
	return out
}

// entryWith returns the bundled entry slug of file, with the fields given
// (YAML text) set, as a file of that one entry.
func entryWith(t *testing.T, file, slug string, fields ...string) string {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(embedded(t, file)), &doc); err != nil {
		t.Fatal(err)
	}
	e := mapValue(doc.Content[0], slug)
	if e == nil {
		t.Fatalf("no %s in %s", slug, file)
	}
	setFields(t, e, fields...)
	out, err := yaml.Marshal(map[string]*yaml.Node{slug: e})
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// setFields sets fields of mapping m: pairs of a dotted path and YAML text.
func setFields(t *testing.T, m *yaml.Node, fields ...string) {
	t.Helper()
	for i := 0; i+1 < len(fields); i += 2 {
		var v yaml.Node
		if err := yaml.Unmarshal([]byte(fields[i+1]), &v); err != nil {
			t.Fatalf("%s: %v", fields[i+1], err)
		}
		n := m
		keys := strings.Split(fields[i], ".")
		for _, k := range keys[:len(keys)-1] {
			if n = mapValue(n, k); n == nil {
				t.Fatalf("no %s", fields[i])
			}
		}
		k := keys[len(keys)-1]
		if old := mapValue(n, k); old != nil {
			*old = *v.Content[0]
			continue
		}
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: k}, v.Content[0])
	}
}

// opData writes a data directory with op written in place, and returns it
// with the Adversary's slug ("x"). Each place holds op in several lists:
// an Adversary's card with targets and one without (the after and
// on_success of a card with no target), a hit location's trigger; a
// weapon of the quartet and the duo, a Minion, a Ritual of the quartet; a
// piece of gear of the duo and that Ritual's effect; and the abilities a
// card grants.
func opData(t *testing.T, place sim.OpPlace, op string) string {
	t.Helper()
	files := map[string]string{}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(embedded(t, "adversaries/wandering-son.yaml")), &doc); err != nil {
		t.Fatal(err)
	}
	adv := doc.Content[0]
	setFields(t, adv, "areas.pit", "{diameter: 2, terrain: [difficult]}")
	switch place {
	case sim.InAdversary:
		setFields(t, adv, "minions", "[{name: Imp, count: 1, type: aggressive, stats: {spd: 5, atk: 4, rng: 1, def: 4, ter: 3, wnd: 3}}]")
		setFields(t, adv,
			"actions.ace.on_hit", "["+op+"]",
			"actions.king.before", "["+op+"]",
			"actions.jack.crit", "["+op+"]",
			"special.jack", "{tree: defensive, name: Rite, attack: none, check: {skill: terror, dt: 0}, on_success: ["+op+"], after: ["+op+"]}",
			"special.queen", "{tree: aggressive, name: Lunge, attack: melee, on_miss: ["+op+"], after: ["+op+"]}",
			"hit_locations", "[{name: Head, cards: [10], wnd: 5, exhausted: {label: Blinded, trigger: ["+op+"]}}, {name: Torso, cards: [8, 9], wnd: 5, exhausted: {label: Spent, trigger: ["+op+"]}}, {name: Upper Limb, cards: [5, 6, 7], wnd: 5, exhausted: {label: Maimed arm, atk: -1}}, {name: Lower Limbs, cards: [2, 3, 4], wnd: 5, exhausted: {label: Slashed heels, spd: -1}}]")
	case sim.InCrit:
		setFields(t, adv, "minions", "[{name: Imp, count: 2, type: aggressive, stats: {spd: 5, atk: 4, rng: 1, def: 4, ter: 3, wnd: 3}, crit: ["+op+"]}]")
		files["weapons.yaml"] = entryWith(t, "weapons.yaml", "great-weapon", "on_hit", "["+op+"]", "crit", "["+op+"]")
		files["rituals.yaml"] = entryWith(t, "rituals.yaml", "threads-of-light", "crit", "["+op+"]")
	case sim.InEffect:
		files["gear.yaml"] = entryWith(t, "gear.yaml", "poison-vial", "areas", "{pit: {diameter: 2}}", "on_success", "["+op+"]", "on_fail", "["+op+"]")
		files["rituals.yaml"] = entryWith(t, "rituals.yaml", "threads-of-light", "areas", "{pit: {diameter: 2}}", "effect", "["+op+"]")
	case sim.InGranted:
		setFields(t, adv, "special.jack", "{tree: defensive, name: Rite, attack: none, after: [{grant_crit: ["+op+"]}]}")
	}
	b, err := yaml.Marshal(&doc)
	if err != nil {
		t.Fatal(err)
	}
	files["adversaries/x.yaml"] = string(b)
	return writeFiles(t, files)
}

// compiledKinds returns the kinds of every op of the compiled scenario.
func compiledKinds(sc *sim.Scenario) map[sim.OpKind]bool {
	out := map[sim.OpKind]bool{}
	add := func(o *sim.Ops) {
		for _, op := range o.List() {
			out[op.Kind] = true
		}
	}
	acts := func(a *sim.CardAction) {
		for _, o := range []*sim.Ops{&a.Before, &a.OnHit, &a.OnMiss, &a.Crit, &a.After, &a.OnSuccess} {
			add(o)
		}
	}
	ad := &sc.Adversary
	for r := range ad.Standard {
		acts(&ad.Standard[r])
		acts(&ad.Special[r])
	}
	for i := range ad.Triggers {
		acts(&ad.Triggers[i])
	}
	for l := range ad.Loc {
		add(&ad.Loc[l].Trigger)
	}
	for i := range ad.Minions {
		add(&ad.Minions[i].Crit)
	}
	for i := range sc.Weapons {
		add(&sc.Weapons[i].OnHit)
		add(&sc.Weapons[i].Crit)
	}
	for i := range sc.Gear {
		add(&sc.Gear[i].OnSuccess)
		add(&sc.Gear[i].OnFailure)
	}
	for i := range sc.Rituals {
		add(&sc.Rituals[i].OnSuccess)
		add(&sc.Rituals[i].Crit)
	}
	for i := range sc.Lists {
		add(&sc.Lists[i])
	}
	return out
}

// TestEveryOpDecodesCompilesPlays checks the table of effect ops against
// the decoder, the compiler and the engine: every op, in every place the
// table allows it, with every value it takes, is accepted, compiles to the
// engine ops the table names and plays hunts; in every other place it is
// refused where it is written, with the ops allowed there.
func TestEveryOpDecodesCompilesPlays(t *testing.T) {
	for i := range sim.OpTable {
		spec := &sim.OpTable[i]
		for _, op := range opSamples(spec) {
			for _, p := range sim.OpPlaces {
				place := p.Place
				if spec.Name == "grant_crit" && place == sim.InGranted {
					continue // no grant_crit inside grant_crit: the sample nests none
				}
				dir := opData(t, place, op)
				d, err := Load(dir)
				if spec.In&place == 0 {
					want := fmt.Sprintf("op %q cannot be used in %s (there: %s)", spec.Name, p.Name, strings.Join(sim.OpNames(place), ", "))
					es := allErrors(t, err)
					if len(es) == 0 {
						t.Errorf("%s in %s: accepted", op, p.Name)
						continue
					}
					for _, e := range es {
						if e.Msg != want || e.Line == 0 || !strings.HasSuffix(e.Field, "."+spec.Name) || !strings.HasPrefix(e.File, dir) {
							t.Errorf("%s in %s: error %v, want one at the op saying %s", op, p.Name, e, want)
						}
					}
					continue
				}
				if err != nil {
					t.Errorf("%s in %s: %v", op, p.Name, err)
					continue
				}
				packs := []string{"quartet", "duo"}
				if testing.Short() {
					packs = packs[:1]
				}
				for _, pack := range packs {
					sc, err := d.Compile("x", pack, DefaultScenario)
					if err != nil {
						t.Errorf("%s in %s, pack %s: compile: %v", op, p.Name, pack, err)
						continue
					}
					kinds := compiledKinds(sc)
					if !slices.ContainsFunc(spec.Kinds, func(k sim.OpKind) bool { return kinds[k] }) {
						t.Errorf("%s in %s, pack %s: compiled to none of %v", op, p.Name, pack, spec.Kinds)
					}
					var tmpl sim.Hunt
					tmpl.Init(sc)
					h := new(sim.Hunt)
					for i := uint64(0); i < 8 && (i < 2 || !testing.Short()); i++ {
						h.Reset(&tmpl, 1, i)
						h.Play(ai.NewBaseline(), ai.Foes{})
					}
				}
			}
		}
	}
}

// TestOpErrors checks the errors of ops that the table refuses: each names
// the file, line, column and field, the values allowed and a suggestion.
func TestOpErrors(t *testing.T) {
	all := strings.Join(sim.OpNames(sim.AllPlaces), ", ")
	for _, c := range []struct {
		name       string
		place      sim.OpPlace
		op         string
		field, msg string
		suggest    string
	}{
		{"unknown op lists every op", sim.InAdversary, "{pussh: 2}", "pussh", `unknown op "pussh" (ops: ` + all + `)`, "push"},
		{"grant_crit push", sim.InGranted, "{push: 2}", "grant_crit[0].push", `op "push" cannot be used in the abilities grant_crit gives (there: impose)`, ""},
		{"grant_crit place", sim.InGranted, "{place: scatter}", "grant_crit[0].place", `op "place" cannot be used in the abilities grant_crit gives (there: impose)`, ""},
		{"grant_crit misspelt", sim.InGranted, "{impos: stunned}", "grant_crit[0].impos", `unknown op "impos" (ops: ` + all + `)`, "impose"},
		{"heal d6", sim.InAdversary, "{heal: d6}", "heal", `unknown die "d6" (known: d10, d5)`, "d5"},
		{"gain_wnd d12", sim.InAdversary, "{gain_wnd: d12}", "gain_wnd", `unknown die "d12" (known: d10, d5)`, "d10"},
		{"gain_wnd 60", sim.InAdversary, "{gain_wnd: 60}", "gain_wnd", `60 is out of range 0..50`, ""},
		{"place nowhere", sim.InAdversary, "{place: nowhere}", "place", `unknown placement "nowhere" (known: adjacent, scatter)`, ""},
		{"area at", sim.InAdversary, "{area: pit, at: orign}", "at", `unknown area position "orign" (known: origin, scatter, self, target)`, "origin"},
		{"area field", sim.InAdversary, "{area: pit, att: origin}", "att", `unknown field "att" in a area op (fields: area, at)`, "at"},
		{"area kind", sim.InAdversary, "{area: pot}", "area", `unknown area kind "pot" (under areas: pit, rock)`, "pit"},
		{"mark false", sim.InAdversary, "{mark: false}", "mark", `mark takes true`, "true"},
		{"resist field", sim.InAdversary, "{resist: {check: fortitude, dt: 7, impse: poisoned}}", "resist.impse", `unknown field "impse"`, "impose"},
		{"resist missing", sim.InAdversary, "{resist: {check: fortitude, dt: 7}}", "resist.impose", `missing; it is required`, ""},
		{"recover on a card", sim.InAdversary, "{recover_successes: 2}", "recover_successes", `op "recover_successes" cannot be used in an Adversary's effects (there: ` + strings.Join(sim.OpNames(sim.InAdversary), ", ") + `)`, ""},
		{"heal in gear", sim.InEffect, "{heal: d5}", "heal", `op "heal" cannot be used in the effects of gear and Rituals (there: ` + strings.Join(sim.OpNames(sim.InEffect), ", ") + `)`, ""},
		{"two ops in one", sim.InAdversary, "{impose: stunned, push: 2}", "push", `an op has one key; write {push: ...} as its own list item`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := opData(t, c.place, c.op)
			_, err := Load(dir)
			es := allErrors(t, err)
			ok := false
			for _, e := range es {
				if strings.HasSuffix(e.Field, c.field) && strings.HasPrefix(e.Msg, c.msg) && e.Suggest == c.suggest && e.Line > 0 && e.Col > 0 && e.File != "" {
					ok = true
				}
			}
			if !ok {
				t.Errorf("no error with field ...%s, message %q and suggestion %q; got %v", c.field, c.msg, c.suggest, err)
			}
		})
	}
}

// TestOpListPlaces checks that a list holds at most sim.MaxOps ops once
// compiled, grant_crit taking one place for each ability, and that a
// longer list is refused at the list, before its ops are decoded.
func TestOpListPlaces(t *testing.T) {
	five := "[{impose: stunned}, {impose: stunned}, {impose: stunned}, {impose: stunned}, {impose: stunned}]"
	dir := opData(t, sim.InAdversary, "{impose: stunned}")
	p := filepath.Join(dir, "adversaries", "x.yaml")
	b, _ := os.ReadFile(p)
	for _, c := range []struct{ list, msg string }{
		{five, fmt.Sprintf("5 ops; a list holds at most %d", sim.MaxOps)},
		{"[{grant_crit: [{impose: stunned}, {impose: poisoned}, {impose: burning}]}, {impose: stunned}, {impose: stunned}]",
			fmt.Sprintf("these ops take 5 places; a list holds at most %d (grant_crit takes one for each ability it gives)", sim.MaxOps)},
	} {
		src := strings.Replace(string(b), "- impose: stunned", "- impose: stunned", 1)
		var doc yaml.Node
		yaml.Unmarshal([]byte(src), &doc)
		setFields(t, doc.Content[0], "special.jack.after", c.list)
		out, _ := yaml.Marshal(&doc)
		os.WriteFile(p, out, 0o644)
		_, err := Load(dir)
		es := allErrors(t, err)
		if len(es) != 1 || es[0].Msg != c.msg || es[0].Field != "special.jack.after" || es[0].Line == 0 {
			t.Errorf("errors %v, want one at special.jack.after: %s", err, c.msg)
		}
	}
}

// TestHealCompilesItsDie checks that heal keeps its die through the
// compiler: {heal: d10} rolls a d10.
func TestHealCompilesItsDie(t *testing.T) {
	for _, die := range []int8{5, 10} {
		d, err := Load(opData(t, sim.InAdversary, fmt.Sprintf("{heal: d%d}", die)))
		if err != nil {
			t.Fatal(err)
		}
		sc, err := d.Compile("x", DefaultPack, DefaultScenario)
		if err != nil {
			t.Fatal(err)
		}
		if got := sc.Adversary.Special[3].OnSuccess.Ops[0]; got.Kind != sim.OpHeal || got.Die != die {
			t.Errorf("{heal: d%d} compiled to %+v", die, got)
		}
	}
}

// TestOpsDocUpToDate checks that the reference of the effect ops is the
// one generated from sim.OpTable.
func TestOpsDocUpToDate(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(OpsDocFile)))
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != OpsDoc() {
		t.Errorf("%s differs from sim.OpTable; run go generate ./configs/cazadores", OpsDocFile)
	}
	// Every op and every value it takes is in it.
	for _, s := range sim.OpTable {
		for _, v := range append([]string{"`" + s.Name + "`", s.Does}, s.Values...) {
			if !strings.Contains(string(b), v) {
				t.Errorf("%s: %q missing", OpsDocFile, v)
			}
		}
	}
}
