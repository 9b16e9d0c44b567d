package cazadores

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

// TestSchemaDocsUpToDate checks that each reference of the data files is
// the one generated from the schema, with every field's row and every
// limit of the engine the loader enforces.
func TestSchemaDocsUpToDate(t *testing.T) {
	for _, r := range []struct {
		file    string
		doc     func() string
		objects []*schemaObject
		limits  []string
	}{
		{AdversarySchemaFile, AdversarySchemaDoc, adversarySchema, []string{
			fmt.Sprintf("| models of the Adversary (`models`) | 1..%d;", sim.MaxAdvModels),
			fmt.Sprintf("at most %d, so that any Pack (up to %d models) fits in a hunt of %d", maxFoeModels, sim.MaxPack, sim.MaxModels),
			fmt.Sprintf("| hit locations | 1..%d:", sim.MaxLocations),
			fmt.Sprintf("| ops in one list | at most %d", sim.MaxOps),
			fmt.Sprintf("at most %d deep", maxOpDepth),
			fmt.Sprintf("| dice of a check | at most %d", maxPool),
		}},
		{ScenarioSchemaFile, ScenarioSchemaDoc, scenarioSchema, []string{
			fmt.Sprintf("| exits | 1..%d |", sim.MaxExits),
			fmt.Sprintf("| terrain pieces | at most %d |", sim.MaxPieces),
			fmt.Sprintf("| corners of a polygon | 3..%d |", geom.MaxPolyVerts),
		}},
		{PackSchemaFile, PackSchemaDoc, packSchema, nil},
	} {
		b, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(r.file)))
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != r.doc() {
			t.Errorf("%s differs from the schema; run go generate ./configs/cazadores", r.file)
		}
		for _, o := range r.objects {
			for i := range o.Fields {
				f := &o.Fields[i]
				typ, _, def, example, doc := entryCells(f)
				for _, v := range []string{fmt.Sprintf("| `%s` | %s |", f.Name, typ), def, "`" + example + "`", doc} {
					if !strings.Contains(string(b), v) {
						t.Errorf("%s: %s.%s: %q missing", r.file, o.Key, f.Name, v)
					}
				}
			}
		}
		for _, v := range r.limits {
			if !strings.Contains(string(b), v) {
				t.Errorf("%s: limit %q missing", r.file, v)
			}
		}
	}
}

// allSchemaPaths are the paths of every kind of file, each after its
// file's prefix.
func allSchemaPaths() []schemaPath {
	var out []schemaPath
	for _, f := range schemaFiles {
		for _, sp := range schemaPaths(f.root) {
			sp.Path = f.prefix + sp.Path
			out = append(out, sp)
		}
	}
	return out
}

// TestRulesSwitchesTable checks that the switches at a glance in
// docs/cazadores/rulings.md list every field of rules.yaml, with the
// default the schema gives and the ruling its entry names.
func TestRulesSwitchesTable(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "cazadores", "rulings.md"))
	if err != nil {
		t.Fatal(err)
	}
	ruling := regexp.MustCompile(`\((R[0-9]+)\)$`)
	for _, f := range schemaOf("rules").Fields {
		m := ruling.FindStringSubmatch(f.Doc)
		if m == nil {
			t.Errorf("rules.%s: its entry names no ruling", f.Name)
			continue
		}
		row := fmt.Sprintf("| `%s` | `%s` |", f.Name, f.Default)
		link := fmt.Sprintf("[%s](#%s) |", m[1], strings.ToLower(m[1]))
		i := strings.Index(string(b), row)
		if i < 0 {
			t.Errorf("rulings.md: no row %q in the switches at a glance", row)
			continue
		}
		if line, _, _ := strings.Cut(string(b[i:]), "\n"); !strings.HasSuffix(line, link) {
			t.Errorf("rulings.md: the row of %s is %q; its entry names %s", f.Name, line, m[1])
		}
	}
}

// TestSchemaTables checks the schema's own consistency: every object is
// reached from the root, each name of a vocabulary it documents has its
// line, the ops of every action entry and exhaustion share the one place
// the decoder gives them, the cards of hit locations are the numbered
// cards the engine holds locations for, and each field's example parses
// as a one-key mapping of that field.
func TestSchemaTables(t *testing.T) {
	reached := map[string]bool{}
	for _, f := range schemaFiles {
		for _, o := range f.objects() {
			reached[o.Key] = true
		}
	}
	for _, o := range slices.Concat(adversarySchema, scenarioSchema, packSchema) {
		if !reached[o.Key] {
			t.Errorf("schema object %s is not reached from the file's root", o.Key)
		}
		seen := map[string]bool{}
		for _, n := range o.names() {
			if seen[n] {
				t.Errorf("%s: field %s twice", o.Key, n)
			}
			seen[n] = true
		}
	}
	var trees []string
	for k := range treeDocs {
		trees = append(trees, k)
	}
	slices.Sort(trees)
	if !slices.Equal(trees, Trees) {
		t.Errorf("treeDocs document %v, the trees are %v", trees, Trees)
	}
	place := schemaOf("action").field("before").Place
	for _, key := range []string{"action", "exhausted"} {
		for _, f := range schemaOf(key).all() {
			if f.Kind == vOps && f.Place != place {
				t.Errorf("%s.%s: ops of place %v; the decoder gives every action entry and exhaustion %v", key, f.Name, f.Place, place)
			}
		}
	}
	if c := schemaOf("location").field("cards"); int(c.Max-c.Min)+1 != sim.MaxLocations || c.Max != 10 {
		t.Errorf("cards %g..%g: the engine holds %d locations, for cards 2..10", c.Min, c.Max, sim.MaxLocations)
	}
	for _, sp := range allSchemaPaths() {
		var m map[string]any
		ex := strings.ReplaceAll(sp.Field.Example, "...", "x")
		if err := yaml.Unmarshal([]byte("{"+ex+"}"), &m); err != nil || len(m) != 1 || m[sp.Field.Name] == nil && !strings.HasPrefix(ex, sp.Field.Name+":") {
			t.Errorf("%s: example %q is not a one-key mapping of the field (%v)", sp.Path, sp.Field.Example, err)
		}
	}
}

// TestExplainIsTheEntry checks that -explain prints, for every field, the
// cells of its row in the reference, and that paths with ranks, slugs and
// indices, and effect ops, are understood.
func TestExplainIsTheEntry(t *testing.T) {
	for _, f := range schemaFiles {
		for _, sp := range schemaPaths(f.root) {
			path := f.prefix + sp.Path
			s, err := ExplainField(path)
			if err != nil {
				t.Errorf("%s: %v", path, err)
				continue
			}
			typ, allowed, def, example, doc := entryCells(sp.Field)
			for _, v := range []string{path + ": " + doc, "See " + f.doc + "#", "type:     " + typ, "allowed:  " + allowed, "default:  " + def, "example:  " + example} {
				if !strings.Contains(s, v) {
					t.Errorf("-explain %s: %q missing in\n%s", path, v, s)
				}
			}
		}
	}
	for given, want := range map[string]string{
		"actions.ace.range":                    "actions.range: ",
		"special.jack.like":                    "special.like: ",
		"hit_locations[2].exhausted.trigger":   "hit_locations.exhausted.trigger: ",
		"areas.rock.enter.dt":                  "areas.enter.dt: ",
		"areas.diameter":                       "areas.diameter: ",
		"minions[0].stats.wnd":                 "minions.stats.wnd: ",
		"minions":                              "fields of Minion: name, count, type, stats",
		"push":                                 "push (effect op): " + sim.OpSpecByName("push").Does,
		"ops.grant_crit":                       "grant_crit (effect op): ",
		"special.ace.check":                    "fields of Check: skill, dt",
		"hit_locations":                        "checked: Each card 2..10 belongs to exactly one location",
		"actions.queen.mods.rng":               "actions.mods.rng: ",
		"special.king.on_hit":                  "ops allowed: " + strings.Join(sim.OpNames(sim.InAdversary), ", "),
		"minions.crit":                         "ops allowed: " + strings.Join(sim.OpNames(sim.InCrit), ", "),
		"hit_locations.exhausted.attacks":      "allowed:  `advantage` or `disadvantage`",
		"stats.wnd":                            fmt.Sprintf("allowed:  1..%d", maxFoeWnd) + "\n  default:  required\n  example:  wnd: 20\n  checked: `stats.wnd` equals the sum of the hit locations' `wnd`.",
		"special.tree":                         "allowed:  `aggressive`, `defensive` or `sentry`",
		"hit_locations[0].cards":               "allowed:  each 2..10",
		"actions.count":                        "allowed:  1..12",
		"actions.king.damage":                  "default:  true for melee and shooting, false otherwise",
		"areas.beloved_breath.enter.impose":    "default:  required",
		"special.queen.name":                   "default:  required unless `like` is given",
		"hit_locations.exhausted.trigger.zzzz": "",
		"stats.ter":                            "allowed:  0..20",
		"special.near":                         "checked: `near` goes with `targets: target_and_near`",
		"actions.on_success":                   "checked: `check` needs `attack: none`; `on_success` needs a `check`",
		"scenario.terrain[3].chasm":            "checked: `chasm` needs `impassable` among the `types`.",
		"scenario.exits":                       "fields of Exit: edge, from, to",
		"scenario.terrain.rect":                "checked: A piece has exactly one shape: `rect`, `circle` or `poly`.",
		"scenario.stats":                       "",
		"terrain.height":                       "",
	} {
		s, err := ExplainField(given)
		switch {
		case want == "" && err == nil:
			t.Errorf("-explain %s: no error", given)
		case want != "" && err != nil:
			t.Errorf("-explain %s: %v", given, err)
		case !strings.Contains(s, want):
			t.Errorf("-explain %s: %q missing in\n%s", given, want, s)
		}
	}
	_, err := ExplainField("stats.wdn")
	if err == nil || !strings.Contains(err.Error(), `did you mean "stats.wnd"?`) {
		t.Errorf("-explain stats.wdn: %v; want the likely field", err)
	}
	for _, f := range schemaFiles {
		for _, sp := range schemaPaths(f.root) {
			p := f.prefix + sp.Path
			if err != nil && !strings.Contains(err.Error(), p+", ") && !strings.Contains(err.Error(), p+";") {
				t.Errorf("-explain stats.wdn: %s not in the list of fields", p)
			}
		}
	}
	for _, sp := range schemaPaths(adversarySchema[0]) {
		if err != nil && !strings.Contains(err.Error(), sp.Path+", ") && !strings.Contains(err.Error(), sp.Path+";") {
			t.Errorf("-explain stats.wdn: %s not in the list of fields", sp.Path)
		}
	}
	if err != nil && !strings.Contains(err.Error(), "effect ops: "+strings.Join(sim.OpNames(sim.AllPlaces), ", ")+")") {
		t.Errorf("-explain stats.wdn: the effect ops are not all listed: %v", err)
	}
}

// A file the decoder tests change one field of, the root of its schema,
// and its decoding.
type schemaBase struct {
	file   string
	root   *schemaObject
	decode func(t *testing.T, b []byte) error
	entry  string // the slug of the entry changed, in a file of entries
	// skip are fields whose checks depend on the entry's other fields
	// (a member's loadout is a Companion's): other tests check them.
	skip []string
}

// loadWith loads the bundled data with file (a path as in Files) in a
// data directory over it, holding b.
func loadWith(t *testing.T, file string, b []byte) error {
	dir := t.TempDir()
	p := filepath.Join(dir, filepath.FromSlash(file))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(dir)
	return err
}

// entryBase is a base of a Pack file: the entry slug of file changed,
// decoded by loading the data with it.
func entryBase(file, root, slug string, skip ...string) schemaBase {
	return schemaBase{file, schemaOf(root), func(t *testing.T, b []byte) error { return loadWith(t, file, b) }, slug, skip}
}

var schemaBases = []schemaBase{
	{file: "adversaries/wandering-son.yaml", root: adversarySchema[0], decode: func(t *testing.T, b []byte) error {
		r := DefaultRules()
		_, err := decodeAdversary("x.yaml", "x", b, &r)
		return err
	}},
	{file: "scenarios/ruins.yaml", root: scenarioSchema[0], decode: func(t *testing.T, b []byte) error {
		root, err := parseYAML("x.yaml", b)
		if err != nil {
			return err
		}
		dec := newDecoder("x.yaml")
		dec.scenario("x", root)
		return dec.Err()
	}},
	entryBase("weapons.yaml", "weapon", "bow"),
	entryBase("armour.yaml", "armour", "medium"),
	entryBase("gear.yaml", "gear", "fire-bomb"),
	entryBase("rituals.yaml", "ritual", "molten-earth"),
	entryBase("companions.yaml", "companion", "hound"),
	entryBase("cazadores.yaml", "cazador", "ritualist"),
	entryBase("packs.yaml", "pack", "duo", "members.cazador", "members.companion", "members.loadout", "members.of"),
	entryBase("objectives.yaml", "objective", "save-the-prisoner"),
	{file: "rules.yaml", root: schemaOf("rules"), decode: func(t *testing.T, b []byte) error { return loadWith(t, "rules.yaml", b) }},
}

// place returns the node of field sp.Path in the document root, made
// where it is missing (the first item of a list, the ace of the ranks, the
// first Area), with the concrete path the decoder names it by, and the
// mapping that holds it.
func place(t *testing.T, base schemaBase, root *yaml.Node, sp schemaPath) (parent *yaml.Node, key, concrete string) {
	t.Helper()
	o := base.root
	n := root
	if base.entry != "" {
		n, concrete = mapValue(root, base.entry), base.entry
		if n == nil {
			t.Fatalf("%s: no entry %s", base.file, base.entry)
		}
	}
	segs := strings.Split(sp.Path, ".")
	for i, s := range segs {
		f := o.field(s)
		concrete = at(concrete, s)
		if i == len(segs)-1 {
			return n, s, concrete
		}
		v := mapValue(n, s)
		if v == nil {
			v = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
			if f.Kind == vList {
				v = &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
			}
			n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}, v)
		}
		switch f.Kind {
		case vList:
			if len(v.Content) == 0 {
				v.Content = append(v.Content, &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"})
			}
			n, concrete = v.Content[0], idx(concrete, 0)
		case vRankMap:
			n, concrete = mapValue(v, "ace"), at(concrete, "ace")
		case vSlugMap:
			if len(v.Content) == 0 {
				v.Content = append(v.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "zz"}, &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"})
			}
			n, concrete = v.Content[1], at(concrete, v.Content[0].Value)
		default:
			n = v
		}
		if n.Kind != yaml.MappingNode {
			t.Fatalf("%s: %s is not a mapping in %s", sp.Path, concrete, base.file)
		}
		o = schemaOf(f.Object)
	}
	panic("unreachable")
}

// setField sets (or, with v nil, removes) key in mapping n.
func setField(n *yaml.Node, key string, v *yaml.Node) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			if v == nil {
				n.Content = slices.Delete(n.Content, i, i+2)
			} else {
				n.Content[i+1] = v
			}
			return
		}
	}
	if v != nil {
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, v)
	}
}

// decodeWith decodes the base file with field sp.Path set to value (a
// YAML text; "" removes the field), and the fields drop beside it
// removed, and returns the errors and the concrete path of the field.
func decodeWith(t *testing.T, base schemaBase, sp schemaPath, value string, drop ...string) ([]*Error, string) {
	t.Helper()
	b, err := Files.ReadFile(base.file)
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	parent, key, concrete := place(t, base, doc.Content[0], sp)
	var v *yaml.Node
	if value != "" {
		var vd yaml.Node
		if err := yaml.Unmarshal([]byte(value), &vd); err != nil {
			t.Fatal(err)
		}
		v = vd.Content[0]
	}
	setField(parent, key, v)
	for _, k := range drop {
		setField(parent, k, nil)
	}
	out, err := yaml.Marshal(&doc)
	if err != nil {
		t.Fatal(err)
	}
	return allErrors(t, base.decode(t, out)), concrete
}

// errorAt returns the first error at field path (or inside it, with
// inside) whose message holds msg.
func errorAt(errs []*Error, path, msg string, inside bool) *Error {
	for _, e := range errs {
		if (e.Field == path || inside && (strings.HasPrefix(e.Field, path+".") || strings.HasPrefix(e.Field, path+"["))) && strings.Contains(e.Msg, msg) {
			return e
		}
	}
	return nil
}

// TestSchemaDrivesDecoder checks, field by field, that the decoder takes
// what the schema says: a value past either end of a range, a name not
// among the field's names, a value of another kind, a required field left
// out and an unknown field in a mapping are each reported at that field,
// with the schema's range or names; the ends of a range are accepted.
func TestSchemaDrivesDecoder(t *testing.T) {
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	for _, base := range schemaBases {
		for _, sp := range schemaPaths(base.root) {
			if slices.Contains(base.skip, sp.Path) {
				continue
			}
			f := sp.Field
			// The other fields of its one-of set left out (a terrain piece's
			// other shapes).
			var others []string
			if slices.Contains(sp.Object.OneOf, f.Name) {
				for _, k := range sp.Object.OneOf {
					if k != f.Name {
						others = append(others, k)
					}
				}
			}
			type probe struct{ value, msg string }
			var bad []probe
			switch f.Kind {
			case vInt:
				r := fmt.Sprintf("out of range %d..%d", int(f.Min), int(f.Max))
				bad = []probe{{g(f.Max + 1), r}, {g(f.Min - 1), r}, {"1.5", "expected an integer"}}
			case vNumber:
				r := fmt.Sprintf("out of range %s..%s", g(f.Min), g(f.Max))
				bad = []probe{{g(f.Max + 0.5), r}, {g(f.Min - 0.5), r}, {"abc", "expected a number"}}
			case vName:
				bad = []probe{{"zzz", fmt.Sprintf("unknown %s \"zzz\" (known: %s)", f.What, strings.Join(f.Values, ", "))}}
			case vNames:
				bad = []probe{{"[zzz]", fmt.Sprintf("unknown %s \"zzz\" (known: %s)", f.What, strings.Join(f.Values, ", "))}, {"7", "expected a list"}}
			case vBool:
				bad = []probe{{"maybe", "expected true or false"}}
			case vText:
				bad = []probe{{`""`, "must not be empty"}, {"[a]", "expected a text"}}
			case vTexts:
				bad = []probe{{`[""]`, "must not be empty"}, {"7", "expected a list"}}
			case vCards:
				bad = []probe{{fmt.Sprintf("[%s]", g(f.Max+1)), fmt.Sprintf("outside the valid range %s..%s", g(f.Min), g(f.Max))}, {"[]", "list at least one card"}}
			case vObject, vRankMap:
				bad = []probe{{"7", "expected a mapping"}, {"{zzz_field: 1}", `unknown field "zzz_field"`}}
			case vSlugMap:
				bad = []probe{{"7", "expected a mapping"}, {"{Not A Slug: {}}", "a slug must be"}}
			case vList:
				bad = []probe{{"7", "expected a list"}, {"[{zzz_field: 1}]", `unknown field "zzz_field"`}}
			case vNumbers:
				bad = []probe{{"[1]", fmt.Sprintf("expected a list of %d numbers, got 1", f.Count)}, {"7", "expected a list"}}
				if f.Allowed == "" {
					r := fmt.Sprintf("out of range %s..%s", g(f.Min), g(f.Max))
					bad = append(bad, probe{"[" + strings.Repeat(g(f.Max+0.5)+", ", f.Count-1) + g(f.Max+0.5) + "]", r})
				}
			case vReach:
				r := fmt.Sprintf("out of range %s..%s", g(f.Min), g(f.Max))
				bad = []probe{{"[1, " + g(f.Max+1) + "]", r}}
			case vRef:
				bad = []probe{{"zzz", fmt.Sprintf("unknown %s \"zzz\"", f.What)}}
			case vRefs:
				bad = []probe{{"[zzz]", fmt.Sprintf("unknown %s \"zzz\"", f.What)}, {"7", "expected a list"}}
			case vDice:
				bad = []probe{{"d7", "a roll is d5 or d10"}}
			case vPoints:
				bad = []probe{{"[[1, 1], [2, 1]]", "a polygon has 3 to"}, {"[[1, 1], [2, 1], [1]]", "expected a list of 2 numbers, got 1"}, {"7", "expected a list"}}
			case vOps:
				bad = []probe{{"[" + strings.Repeat("{impose: stunned}, ", sim.MaxOps) + "{impose: stunned}]", fmt.Sprintf("%d ops; a list holds at most %d", sim.MaxOps+1, sim.MaxOps)}}
				for _, op := range sim.OpNames(sim.AllPlaces) {
					if !slices.Contains(sim.OpNames(f.Place), op) {
						bad = append(bad, probe{"[{" + op + ": 1}]", "cannot be used in " + sim.PlaceName(f.Place)})
						break
					}
				}
			default:
				t.Errorf("%s: no probe for kind %d", sp.Path, f.Kind)
			}
			for _, p := range bad {
				errs, concrete := decodeWith(t, base, sp, p.value, others...)
				if errorAt(errs, concrete, p.msg, true) == nil {
					t.Errorf("%s = %s: no error %q at %s; got %v", sp.Path, p.value, p.msg, concrete, errs)
				}
			}
			if f.Kind == vInt || f.Kind == vNumber {
				for _, x := range []float64{f.Min, f.Max} {
					errs, concrete := decodeWith(t, base, sp, g(x), others...)
					for _, e := range errs {
						if e.Field == concrete && strings.HasPrefix(e.Msg, g(x)+" is out of range") {
							t.Errorf("%s = %s, an end of its range, refused: %v", sp.Path, g(x), e)
						}
					}
				}
			}
			if f.Required || f.Unless != "" {
				var drop []string
				if f.Unless != "" {
					drop = append(drop, f.Unless)
				}
				errs, concrete := decodeWith(t, base, sp, "", drop...)
				if errorAt(errs, concrete, "missing; it is required", false) == nil {
					t.Errorf("%s left out: no error at %s; got %v", sp.Path, concrete, errs)
				}
			}
		}
	}
}
