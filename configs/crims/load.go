// Package crims (imported as cfg) holds the sample data of the d10-pool
// game as YAML, embedded, and its loader: every file decoded with the
// shared machinery of configs/yamldata (FILE:LINE:COL, the field, the
// allowed values, a likely spelling), every name resolved, and one
// design (an encounter, its hunters, -set overrides) compiled to the
// numeric sim/crims.Scenario.
//
// The data files, each a mapping of entries by slug (rules.yaml a
// mapping of switches): hunters.yaml, crims.yaml, zones.yaml,
// control.yaml, events.yaml, encounters.yaml, rules.yaml. A data
// directory's files of these names are loaded over the embedded ones:
// their entries replace those of the same slug and add to the others;
// their rules replace those they name.
package crims

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"balance/configs/yamldata"
	"balance/internal/typo"
	sim "balance/sim/crims"
)

//go:embed *.yaml
var embedded embed.FS

// Embedded is the embedded data: the files of Files.
func Embedded() fs.FS { return embedded }

// Files are the data files, in the order they are decoded.
var Files = []string{"rules.yaml", "hunters.yaml", "crims.yaml", "zones.yaml", "control.yaml", "events.yaml", "encounters.yaml"}

// pos is where a value was written, for errors found after decoding (a
// name that names nothing).
type pos struct {
	file      string
	line, col int
}

func posOf(d *yamldata.Decoder, n *yaml.Node) pos {
	if n = d.Res(n); n == nil {
		return pos{file: d.File()}
	}
	return pos{d.File(), n.Line, n.Column}
}

func (p pos) errorf(field, suggest, format string, a ...any) error {
	return &yamldata.Error{File: p.file, Line: p.line, Col: p.col, Field: field, Msg: fmt.Sprintf(format, a...), Suggest: suggest}
}

// ref is a name that refers to another entry, and where it was written.
type ref struct {
	name string
	at   pos
}

// Attack is a hunter's or a crim's attack as the data gives it.
type Attack struct {
	Name       string
	Melee      bool
	Damage     int
	Range      float64
	Depletable bool
}

// Option is a Momentum Option as the data gives it.
type Option struct {
	Name   string
	Op     sim.MomentumOp
	Cost   int
	N      int
	Checks uint16
}

// Hunter is a hunter build.
type Hunter struct {
	Key, Name string
	Attr      [sim.NAttr]int
	WoundMax  int
	Armor     int
	Base      float64
	Attacks   []Attack
	Options   []Option
	at        pos
}

// Crim is a crim profile.
type Crim struct {
	Key, Name string
	Move      float64
	Fight     int
	Shoot     int
	Defense   int
	Stealth   int
	Wounds    int
	Armor     int
	BPV       int
	Attacks   []Attack
	Demeanors []string
	Base      float64
	at        pos
}

// Feature is a terrain feature.
type Feature struct {
	Name  string
	Shape [4]float64 // rect: x0, y0, x1, y1; circle: x, y, r
	Poly  [][2]float64
	Kind  string // rect, circle or poly
	Kw    sim.Keyword
}

// Zone is a zone's map.
type Zone struct {
	Key, Name  string
	W, H       float64
	Terrain    []Feature
	Pods       [][2]float64
	SpawnNames []string
	Spawns     [][2]float64
	at         pos
}

// Placement is a crim placed by a Control Card.
type Placement struct {
	Crim, At ref
}

// Card is a Control Card.
type Card struct {
	Name    string
	Restock bool
	Event   bool
	Place   []Placement
	Direct  []Direction
	Blank   bool // switched off by -set: no pods, no Event Card, no crims
	at      pos
}

// Direction is a Control Card's action for one Demeanor.
type Direction struct {
	Demeanor ref
	Action   sim.Action
}

// Control is a Control Deck.
type Control struct {
	Key, Name string
	Cards     []Card
	at        pos
}

// Event is one Event Card (copies expanded).
type Event struct {
	Name   string
	Keeper bool
	Op     sim.EventOp
	N      int
	Crim   ref
	At     ref
	Blank  bool
}

// Events is an Event deck.
type Events struct {
	Key, Name string
	Cards     []Event
	at        pos
}

// Encounter puts the parts of a match together.
type Encounter struct {
	Key, Name string
	Hunters   []ref
	Zone      ref
	Control   ref
	Events    ref // name "": no Event deck
	Rules     map[string]float64
	at        pos
}

// table is an ordered set of entries by slug.
type table[T any] struct {
	keys []string
	m    map[string]*T
}

func (t *table[T]) put(key string, v *T) {
	if t.m == nil {
		t.m = map[string]*T{}
	}
	if _, ok := t.m[key]; !ok {
		t.keys = append(t.keys, key)
	}
	t.m[key] = v
}

// Keys returns the slugs, sorted.
func (t *table[T]) Keys() []string {
	out := slices.Clone(t.keys)
	slices.Sort(out)
	return out
}

// Data is the game's loaded data. It is read-only once loaded.
type Data struct {
	Rules      map[string]float64
	Hunters    table[Hunter]
	Crims      table[Crim]
	Zones      table[Zone]
	Controls   table[Control]
	EventDecks table[Events]
	Encounters table[Encounter]
	// Sources are the files loaded, in order.
	Sources []string
	// raw holds every file's bytes, for the data's hash.
	raw []byte
}

// Load reads the embedded data, then the data files of dir over it
// when dir is not "". Every problem of every file is reported, joined.
func Load(ctx context.Context, dir string) (*Data, error) { return load(ctx, dir, nil) }

// LoadFiles reads the embedded data, then files over it, each as the
// data file its name says (hunters.yaml, …), wherever it lies.
func LoadFiles(ctx context.Context, files []string) (*Data, error) { return load(ctx, "", files) }

func load(ctx context.Context, dir string, files []string) (*Data, error) {
	r := yamldata.NewReader(ctx)
	d := &Data{Rules: map[string]float64{}}
	var budget yamldata.Budget
	var errs []error
	for _, f := range Files {
		b, err := embedded.ReadFile(f)
		if err != nil {
			return nil, err
		}
		if err := d.decode(&budget, "configs/crims/"+f, f, b, false); err != nil {
			errs = append(errs, err)
		}
	}
	if dir != "" {
		ents, err := r.ReadDir(dir)
		if err != nil {
			return nil, err
		}
		for _, e := range ents {
			name := e.Name()
			if strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml") {
				files = append(files, filepath.Join(dir, name))
			}
		}
	}
	for _, p := range files {
		name := filepath.Base(p)
		if !slices.Contains(Files, name) {
			errs = append(errs, &yamldata.Error{File: p, Msg: "not a data file of this game; the data files are " + strings.Join(Files, ", "), Suggest: nearest(name, Files)})
			continue
		}
		b, err := r.Read(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if err := d.decode(&budget, p, name, b, true); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if err := d.check(); err != nil {
		return nil, err
	}
	return d, nil
}

// decode reads one data file of kind (its base name) into d: over the
// embedded data when overlay (a rules.yaml then names only the switches it
// changes; the embedded one names them all).
func (d *Data) decode(budget *yamldata.Budget, file, kind string, b []byte, overlay bool) error {
	root, err := yamldata.Parse(file, b)
	if err != nil {
		return err
	}
	d.Sources = append(d.Sources, file)
	d.raw = append(append(d.raw, file...), b...)
	dec := budget.Decoder(file)
	switch kind {
	case "rules.yaml":
		for k, v := range decodeRules(dec, root, "", !overlay) {
			d.Rules[k] = v
		}
	case "hunters.yaml":
		for _, e := range dec.Pairs(root, "") {
			if dec.SlugKey(e, "") {
				d.Hunters.put(e.Key, decodeHunter(dec, e))
			}
		}
	case "crims.yaml":
		for _, e := range dec.Pairs(root, "") {
			if dec.SlugKey(e, "") {
				d.Crims.put(e.Key, decodeCrim(dec, e))
			}
		}
	case "zones.yaml":
		for _, e := range dec.Pairs(root, "") {
			if dec.SlugKey(e, "") {
				d.Zones.put(e.Key, decodeZone(dec, e))
			}
		}
	case "control.yaml":
		for _, e := range dec.Pairs(root, "") {
			if dec.SlugKey(e, "") {
				d.Controls.put(e.Key, decodeControl(dec, e))
			}
		}
	case "events.yaml":
		for _, e := range dec.Pairs(root, "") {
			if dec.SlugKey(e, "") {
				d.EventDecks.put(e.Key, decodeEvents(dec, e))
			}
		}
	case "encounters.yaml":
		for _, e := range dec.Pairs(root, "") {
			if dec.SlugKey(e, "") {
				d.Encounters.put(e.Key, decodeEncounter(dec, e))
			}
		}
	}
	return dec.Err()
}

// names of a vocabulary table.
func names(t []sim.Named) []string {
	out := make([]string, len(t))
	for i, n := range t {
		out[i] = n.Name
	}
	return out
}

func index(t []sim.Named, name string) int {
	for i, n := range t {
		if n.Name == name {
			return i
		}
	}
	return -1
}

// decodeRules decodes a mapping of rules switches; all of them when all.
func decodeRules(d *yamldata.Decoder, n *yaml.Node, path string, all bool) map[string]float64 {
	var req []string
	if all {
		req = ruleKeys()
	}
	f := d.Fields(n, path, ruleKeys(), req...)
	out := map[string]float64{}
	for i := range Rules {
		r := &Rules[i]
		v, ok := f[r.Key]
		if !ok {
			continue
		}
		p := yamldata.At(path, r.Key)
		switch {
		case r.Bool:
			if d.Bool(v, p) {
				out[r.Key] = 1
			} else {
				out[r.Key] = 0
			}
		case r.Choices != nil:
			if s := d.Name(v, p, "value", r.Choices); s != "" {
				out[r.Key] = float64(slices.Index(r.Choices, s))
			}
		case r.Whole:
			out[r.Key] = float64(d.Int(v, p, int(r.Lo), int(r.Hi)))
		default:
			out[r.Key] = d.Number(v, p, r.Lo, r.Hi)
		}
	}
	return out
}

var attrNames = func() []string { return names(sim.Attrs[:]) }()

func decodeAttack(d *yamldata.Decoder, n *yaml.Node, path string, named bool) Attack {
	known := []string{"kind", "damage", "range", "depletable"}
	req := []string{"kind", "damage"}
	if named {
		known = append(known, "name")
		req = append(req, "name")
	}
	f := d.Fields(n, path, known, req...)
	var a Attack
	if named {
		a.Name = d.Str(f["name"], yamldata.At(path, "name"))
	}
	kind := d.Name(f["kind"], yamldata.At(path, "kind"), "attack kind", []string{"melee", "ranged"})
	a.Melee = kind == "melee"
	a.Damage = d.Int(f["damage"], yamldata.At(path, "damage"), 1, 10)
	if r, ok := f["range"]; ok {
		a.Range = d.Number(r, yamldata.At(path, "range"), 1, 100)
		if a.Melee {
			d.Fail(d.Res(r), yamldata.At(path, "range"), "", "a melee attack has no range (it is used up close)")
		}
	} else if kind == "ranged" {
		d.Fail(d.Res(n), yamldata.At(path, "range"), "", "missing; a ranged attack needs its range in inches")
	}
	if v, ok := f["depletable"]; ok {
		a.Depletable = d.Bool(v, yamldata.At(path, "depletable"))
	}
	return a
}

func decodeHunter(d *yamldata.Decoder, e yamldata.Entry) *Hunter {
	path := e.Key
	f := d.Fields(e.V, path, []string{"name", "attributes", "wound_max", "armor", "base", "attacks", "momentum"},
		"name", "attributes", "wound_max", "attacks")
	h := &Hunter{Key: e.Key, Base: 0.5, at: posOf(d, e.K)}
	h.Name = d.Str(f["name"], yamldata.At(path, "name"))
	af := d.Fields(f["attributes"], yamldata.At(path, "attributes"), attrNames, attrNames...)
	for i, a := range attrNames {
		if v, ok := af[a]; ok {
			h.Attr[i] = d.Int(v, yamldata.At(path, "attributes."+a), 1, 10)
		}
	}
	h.WoundMax = d.Int(f["wound_max"], yamldata.At(path, "wound_max"), 1, 20)
	if v, ok := f["armor"]; ok {
		h.Armor = d.Int(v, yamldata.At(path, "armor"), 0, sim.TableArmor)
	}
	if v, ok := f["base"]; ok {
		h.Base = d.Number(v, yamldata.At(path, "base"), 0.25, 3)
	}
	as := d.Seq(f["attacks"], yamldata.At(path, "attacks"))
	if _, ok := f["attacks"]; ok && (len(as) < 1 || len(as) > sim.MaxAttacks) {
		d.Fail(d.Res(f["attacks"]), yamldata.At(path, "attacks"), "", "%d attacks: a hunter has 1..%d", len(as), sim.MaxAttacks)
	}
	for i, n := range as {
		if i < sim.MaxAttacks {
			h.Attacks = append(h.Attacks, decodeAttack(d, n, yamldata.Idx(yamldata.At(path, "attacks"), i), true))
		}
	}
	os := d.Seq(f["momentum"], yamldata.At(path, "momentum"))
	if len(os) > sim.MaxOptions {
		d.Fail(d.Res(f["momentum"]), yamldata.At(path, "momentum"), "", "%d Momentum Options: at most %d", len(os), sim.MaxOptions)
		os = os[:sim.MaxOptions]
	}
	kinds := names(sim.CheckKinds[:])
	for i, n := range os {
		p := yamldata.Idx(yamldata.At(path, "momentum"), i)
		of := d.Fields(n, p, []string{"name", "op", "cost", "n", "checks"}, "name", "op", "cost")
		o := Option{N: 1}
		o.Name = d.Str(of["name"], yamldata.At(p, "name"))
		op := d.Name(of["op"], yamldata.At(p, "op"), "Momentum Option op", names(sim.MomentumOps[:]))
		o.Op = sim.MomentumOp(max(index(sim.MomentumOps[:], op), 0))
		o.Cost = d.Int(of["cost"], yamldata.At(p, "cost"), 0, 10)
		if v, ok := of["n"]; ok {
			o.N = d.Int(v, yamldata.At(p, "n"), 1, 6)
		}
		ck, hasChecks := of["checks"]
		for j, k := range d.Names(ck, yamldata.At(p, "checks"), "check kind", kinds, false) {
			ki := index(sim.CheckKinds[:], k)
			if sim.CheckKind(ki) == sim.CkRecovery {
				d.Fail(d.Res(d.Seq(ck, "")[j]), yamldata.Idx(yamldata.At(p, "checks"), j), "", "Momentum can't be used for recovery checks")
				continue
			}
			o.Checks |= 1 << ki
		}
		switch {
		case op == "upgrade" && !hasChecks:
			d.Fail(d.Res(n), yamldata.At(p, "checks"), "", "missing; an upgrade option names the check kinds it upgrades (%s)", strings.Join(kinds, ", "))
		case op != "upgrade" && op != "" && hasChecks:
			d.Fail(d.Res(ck), yamldata.At(p, "checks"), "", "only an upgrade option names check kinds")
		}
		h.Options = append(h.Options, o)
	}
	return h
}

func decodeCrim(d *yamldata.Decoder, e yamldata.Entry) *Crim {
	path := e.Key
	f := d.Fields(e.V, path, []string{"name", "move", "fight", "shoot", "defense", "stealth", "wounds", "armor", "bpv", "attacks", "demeanors", "base"},
		"name", "move", "fight", "defense", "wounds", "bpv", "attacks", "demeanors")
	c := &Crim{Key: e.Key, Base: 0.5, at: posOf(d, e.K)}
	c.Name = d.Str(f["name"], yamldata.At(path, "name"))
	c.Move = d.Number(f["move"], yamldata.At(path, "move"), 0, 24)
	num := func(key string, p *int, lo, hi int) {
		if v, ok := f[key]; ok {
			*p = d.Int(v, yamldata.At(path, key), lo, hi)
		}
	}
	num("fight", &c.Fight, 1, sim.TableT)
	num("shoot", &c.Shoot, 1, sim.TableT)
	num("defense", &c.Defense, 1, sim.TableT)
	num("stealth", &c.Stealth, 1, sim.TableT)
	num("wounds", &c.Wounds, 1, 30)
	num("armor", &c.Armor, 0, sim.TableArmor)
	num("bpv", &c.BPV, 0, 50)
	if v, ok := f["base"]; ok {
		c.Base = d.Number(v, yamldata.At(path, "base"), 0.25, 3)
	}
	as := d.Seq(f["attacks"], yamldata.At(path, "attacks"))
	if _, ok := f["attacks"]; ok && (len(as) < 1 || len(as) > sim.MaxAttacks) {
		d.Fail(d.Res(f["attacks"]), yamldata.At(path, "attacks"), "", "%d attacks: a crim has 1..%d", len(as), sim.MaxAttacks)
	}
	ranged := false
	for i, n := range as {
		a := decodeAttack(d, n, yamldata.Idx(yamldata.At(path, "attacks"), i), false)
		ranged = ranged || (!a.Melee && a.Damage > 0)
		c.Attacks = append(c.Attacks, a)
	}
	if _, ok := f["shoot"]; ranged && !ok {
		d.Fail(d.Res(e.V), yamldata.At(path, "shoot"), "", "missing; a crim with a ranged attack needs a shoot score")
	}
	if _, ok := f["stealth"]; !ok {
		c.Stealth = 1
	}
	for i, n := range d.Seq(f["demeanors"], yamldata.At(path, "demeanors")) {
		p := yamldata.Idx(yamldata.At(path, "demeanors"), i)
		s := d.Str(n, p)
		if s == "" {
			continue
		}
		if !yamldata.SlugRE.MatchString(s) {
			d.Fail(d.Res(n), p, "", "a Demeanor is a slug: "+yamldata.SlugRule)
			continue
		}
		if slices.Contains(c.Demeanors, s) {
			d.Fail(d.Res(n), p, "", "Demeanor %q is listed twice", s)
			continue
		}
		c.Demeanors = append(c.Demeanors, s)
	}
	if _, ok := f["demeanors"]; ok && len(c.Demeanors) == 0 && d.ErrorOf(yamldata.At(path, "demeanors")) == nil {
		d.Fail(d.Res(f["demeanors"]), yamldata.At(path, "demeanors"), "", "a crim has at least one Demeanor")
	}
	return c
}

// point decodes [x, y] inside a w × h zone (w, h 0: no bound).
func point(d *yamldata.Decoder, n *yaml.Node, path string, w, h float64) [2]float64 {
	s := d.Seq(n, path)
	if len(s) != 2 {
		if n != nil && d.ErrorOf(path) == nil {
			d.Fail(d.Res(n), path, "", "expected a point [x, y]")
		}
		return [2]float64{}
	}
	return [2]float64{d.Number(s[0], path+".x", 0, w), d.Number(s[1], path+".y", 0, h)}
}

func decodeZone(d *yamldata.Decoder, e yamldata.Entry) *Zone {
	path := e.Key
	f := d.Fields(e.V, path, []string{"name", "size", "terrain", "pods", "spawns"}, "name", "size", "spawns")
	z := &Zone{Key: e.Key, at: posOf(d, e.K)}
	z.Name = d.Str(f["name"], yamldata.At(path, "name"))
	if s := d.Seq(f["size"], yamldata.At(path, "size")); len(s) == 2 {
		z.W = d.Number(s[0], yamldata.At(path, "size")+"[0]", 6, 200)
		z.H = d.Number(s[1], yamldata.At(path, "size")+"[1]", 6, 200)
	} else if _, ok := f["size"]; ok {
		d.Fail(d.Res(f["size"]), yamldata.At(path, "size"), "", "expected [width, height] in inches")
	}
	ts := d.Seq(f["terrain"], yamldata.At(path, "terrain"))
	if len(ts) > sim.MaxTerrain {
		d.Fail(d.Res(f["terrain"]), yamldata.At(path, "terrain"), "", "%d features: at most %d", len(ts), sim.MaxTerrain)
		ts = ts[:sim.MaxTerrain]
	}
	for i, n := range ts {
		p := yamldata.Idx(yamldata.At(path, "terrain"), i)
		tf := d.Fields(n, p, []string{"name", "rect", "circle", "poly", "keywords"}, "name", "keywords")
		ft := Feature{Name: d.Str(tf["name"], yamldata.At(p, "name"))}
		shapes := 0
		if v, ok := tf["rect"]; ok {
			shapes++
			ft.Kind = "rect"
			s := d.Seq(v, yamldata.At(p, "rect"))
			if len(s) != 4 {
				d.Fail(d.Res(v), yamldata.At(p, "rect"), "", "expected [x0, y0, x1, y1]")
			} else {
				for k := range 4 {
					lim := z.W
					if k%2 == 1 {
						lim = z.H
					}
					ft.Shape[k] = d.Number(s[k], fmt.Sprintf("%s[%d]", yamldata.At(p, "rect"), k), 0, lim)
				}
				if ft.Shape[0] == ft.Shape[2] || ft.Shape[1] == ft.Shape[3] {
					d.Fail(d.Res(v), yamldata.At(p, "rect"), "", "the rectangle has no area")
				}
			}
		}
		if v, ok := tf["circle"]; ok {
			shapes++
			ft.Kind = "circle"
			s := d.Seq(v, yamldata.At(p, "circle"))
			if len(s) != 3 {
				d.Fail(d.Res(v), yamldata.At(p, "circle"), "", "expected [x, y, radius]")
			} else {
				ft.Shape[0] = d.Number(s[0], yamldata.At(p, "circle")+"[0]", 0, z.W)
				ft.Shape[1] = d.Number(s[1], yamldata.At(p, "circle")+"[1]", 0, z.H)
				ft.Shape[2] = d.Number(s[2], yamldata.At(p, "circle")+"[2]", 0.1, 100)
			}
		}
		if v, ok := tf["poly"]; ok {
			shapes++
			ft.Kind = "poly"
			for k, q := range d.Seq(v, yamldata.At(p, "poly")) {
				ft.Poly = append(ft.Poly, point(d, q, yamldata.Idx(yamldata.At(p, "poly"), k), z.W, z.H))
			}
		}
		if shapes != 1 {
			d.Fail(d.Res(n), p, "", "give exactly one shape: rect, circle or poly")
		}
		for _, k := range d.Names(tf["keywords"], yamldata.At(p, "keywords"), "terrain keyword", names(sim.Keywords), false) {
			ft.Kw |= 1 << index(sim.Keywords, k)
		}
		z.Terrain = append(z.Terrain, ft)
	}
	ps := d.Seq(f["pods"], yamldata.At(path, "pods"))
	if len(ps) > sim.MaxPods {
		d.Fail(d.Res(f["pods"]), yamldata.At(path, "pods"), "", "%d pods: at most %d", len(ps), sim.MaxPods)
		ps = ps[:sim.MaxPods]
	}
	for i, n := range ps {
		z.Pods = append(z.Pods, point(d, n, yamldata.Idx(yamldata.At(path, "pods"), i), z.W, z.H))
	}
	sp := d.Pairs(f["spawns"], yamldata.At(path, "spawns"))
	if len(sp) > sim.MaxSpawns {
		d.Fail(d.Res(f["spawns"]), yamldata.At(path, "spawns"), "", "%d spawn places: at most %d", len(sp), sim.MaxSpawns)
		sp = sp[:sim.MaxSpawns]
	}
	if _, ok := f["spawns"]; ok && len(sp) == 0 && d.ErrorOf(yamldata.At(path, "spawns")) == nil {
		d.Fail(d.Res(f["spawns"]), yamldata.At(path, "spawns"), "", "a zone needs at least one spawn place")
	}
	for _, s := range sp {
		if !d.SlugKey(s, yamldata.At(path, "spawns")) {
			continue
		}
		z.SpawnNames = append(z.SpawnNames, s.Key)
		z.Spawns = append(z.Spawns, point(d, s.V, yamldata.At(yamldata.At(path, "spawns"), s.Key), z.W, z.H))
	}
	return z
}

func decodeRef(d *yamldata.Decoder, n *yaml.Node, path string) ref {
	return ref{name: d.Str(n, path), at: posOf(d, n)}
}

func decodeControl(d *yamldata.Decoder, e yamldata.Entry) *Control {
	path := e.Key
	f := d.Fields(e.V, path, []string{"name", "cards"}, "name", "cards")
	c := &Control{Key: e.Key, at: posOf(d, e.K)}
	c.Name = d.Str(f["name"], yamldata.At(path, "name"))
	cs := d.Seq(f["cards"], yamldata.At(path, "cards"))
	if _, ok := f["cards"]; ok && (len(cs) < 1 || len(cs) > sim.MaxCards) {
		d.Fail(d.Res(f["cards"]), yamldata.At(path, "cards"), "", "%d cards: a Control Deck holds 1..%d", len(cs), sim.MaxCards)
		if len(cs) > sim.MaxCards {
			cs = cs[:sim.MaxCards]
		}
	}
	acts := names(sim.Actions[1:])
	for i, n := range cs {
		p := yamldata.Idx(yamldata.At(path, "cards"), i)
		cf := d.Fields(n, p, []string{"name", "restock", "event", "place", "direct"}, "name", "direct")
		card := Card{Name: d.Str(cf["name"], yamldata.At(p, "name")), at: posOf(d, n)}
		if v, ok := cf["restock"]; ok {
			card.Restock = d.Bool(v, yamldata.At(p, "restock"))
		}
		if v, ok := cf["event"]; ok {
			card.Event = d.Bool(v, yamldata.At(p, "event"))
		}
		pl := d.Seq(cf["place"], yamldata.At(p, "place"))
		if len(pl) > sim.MaxPlace {
			d.Fail(d.Res(cf["place"]), yamldata.At(p, "place"), "", "%d crims placed: at most %d", len(pl), sim.MaxPlace)
			pl = pl[:sim.MaxPlace]
		}
		for k, q := range pl {
			pp := yamldata.Idx(yamldata.At(p, "place"), k)
			qf := d.Fields(q, pp, []string{"crim", "at"}, "crim", "at")
			card.Place = append(card.Place, Placement{Crim: decodeRef(d, qf["crim"], yamldata.At(pp, "crim")), At: decodeRef(d, qf["at"], yamldata.At(pp, "at"))})
		}
		for _, de := range d.Pairs(cf["direct"], yamldata.At(p, "direct")) {
			a := d.Name(de.V, yamldata.At(yamldata.At(p, "direct"), de.Key), "crim action", acts)
			card.Direct = append(card.Direct, Direction{Demeanor: ref{name: de.Key, at: posOf(d, de.K)}, Action: sim.Action(index(sim.Actions[:], a))})
		}
		c.Cards = append(c.Cards, card)
	}
	return c
}

func decodeEvents(d *yamldata.Decoder, e yamldata.Entry) *Events {
	path := e.Key
	f := d.Fields(e.V, path, []string{"name", "cards"}, "name", "cards")
	ev := &Events{Key: e.Key, at: posOf(d, e.K)}
	ev.Name = d.Str(f["name"], yamldata.At(path, "name"))
	for i, n := range d.Seq(f["cards"], yamldata.At(path, "cards")) {
		p := yamldata.Idx(yamldata.At(path, "cards"), i)
		cf := d.Fields(n, p, []string{"name", "op", "n", "crim", "at", "keeper", "copies"}, "name", "op")
		c := Event{Name: d.Str(cf["name"], yamldata.At(p, "name"))}
		op := d.Name(cf["op"], yamldata.At(p, "op"), "Event Card op", names(sim.EventOps[:]))
		c.Op = sim.EventOp(max(index(sim.EventOps[:], op), 0))
		if v, ok := cf["keeper"]; ok {
			c.Keeper = d.Bool(v, yamldata.At(p, "keeper"))
		}
		switch op {
		case "points", "momentum", "heal":
			if v, ok := cf["n"]; ok {
				c.N = d.Int(v, yamldata.At(p, "n"), 1, 20)
			} else {
				d.Fail(d.Res(n), yamldata.At(p, "n"), "", "missing; a %s card says how many", op)
			}
		case "spawn":
			_, hc := cf["crim"]
			_, ha := cf["at"]
			if !hc || !ha {
				d.Fail(d.Res(n), p, "", "a spawn card names the crim and the spawn place (crim:, at:)")
			}
			c.Crim = decodeRef(d, cf["crim"], yamldata.At(p, "crim"))
			c.At = decodeRef(d, cf["at"], yamldata.At(p, "at"))
		}
		copies := 1
		if v, ok := cf["copies"]; ok {
			copies = d.Int(v, yamldata.At(p, "copies"), 1, sim.MaxEvents)
		}
		for range copies {
			ev.Cards = append(ev.Cards, c)
		}
	}
	if len(ev.Cards) > sim.MaxEvents {
		d.Fail(d.Res(f["cards"]), yamldata.At(path, "cards"), "", "%d cards with their copies: an Event deck holds at most %d", len(ev.Cards), sim.MaxEvents)
		ev.Cards = ev.Cards[:sim.MaxEvents]
	}
	return ev
}

func decodeEncounter(d *yamldata.Decoder, e yamldata.Entry) *Encounter {
	path := e.Key
	f := d.Fields(e.V, path, []string{"name", "hunters", "zone", "control", "events", "rules"}, "name", "hunters", "zone", "control")
	en := &Encounter{Key: e.Key, at: posOf(d, e.K)}
	en.Name = d.Str(f["name"], yamldata.At(path, "name"))
	hs := d.Seq(f["hunters"], yamldata.At(path, "hunters"))
	if _, ok := f["hunters"]; ok && (len(hs) < 2 || len(hs) > sim.MaxHunters) {
		n := fmt.Sprintf("%d hunters", len(hs))
		if len(hs) == 1 {
			n = "1 hunter"
		}
		d.Fail(d.Res(f["hunters"]), yamldata.At(path, "hunters"), "", "%s: an encounter has 2..%d", n, sim.MaxHunters)
		if len(hs) > sim.MaxHunters {
			hs = hs[:sim.MaxHunters]
		}
	}
	for i, n := range hs {
		en.Hunters = append(en.Hunters, decodeRef(d, n, yamldata.Idx(yamldata.At(path, "hunters"), i)))
	}
	en.Zone = decodeRef(d, f["zone"], yamldata.At(path, "zone"))
	en.Control = decodeRef(d, f["control"], yamldata.At(path, "control"))
	if v, ok := f["events"]; ok {
		en.Events = decodeRef(d, v, yamldata.At(path, "events"))
	}
	if v, ok := f["rules"]; ok {
		en.Rules = decodeRules(d, v, yamldata.At(path, "rules"), false)
	}
	return en
}

// nearest is the one typo suggester's answer.
func nearest(s string, among []string) string { return typo.Nearest(s, among) }

// check compiles every encounter with its own hunters, so that a name
// that names nothing is found when the data loads.
func (d *Data) check() error {
	var errs []error
	for _, k := range d.Encounters.keys {
		if _, err := d.Compile(k, nil, nil); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
