// Package vantage loads Vantage's data: the rules (rules.yaml: the
// rulings not from the source and the switches of the page's rules), the
// builds fighters are made of (builds.yaml), the parties that take a side
// (parties.yaml) and the hex maps (maps.yaml). The bundled files are
// sample data, not from the source; a data directory's files of the same
// names are loaded over them. Every problem is reported with its file,
// line, column and field, the allowed values and a likely spelling, by
// the shared decoder (configs/yamldata).
//
// Nothing about a build, a party or a map is written in Go: the loader
// compiles the chosen ones into a sim/vantage Scenario.
package vantage

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"balance/configs/yamldata"
	"balance/internal/typo"
	sim "balance/sim/vantage"
)

//go:embed *.yaml
var embedded embed.FS

// Files are the bundled data files, read only.
func Files() fs.FS { return embedded }

// embeddedRoot is where the bundled files are, as errors name them.
const embeddedRoot = "configs/vantage"

// Kinds are the kinds of data file, each NAME.yaml holding one key NAME,
// in the order they are decoded (parties refer to builds).
var Kinds = []string{"rules", "builds", "maps", "parties"}

// source is one data file.
type source struct {
	file    string // as errors name it
	kind    string
	data    []byte
	root    *yaml.Node
	bundled bool
}

// Weapon is a build's ranged or melee weapon.
type Weapon struct {
	Name   string
	Range  int // ranged weapons only
	Damage int
}

// Build is the numbers of one kind of fighter.
type Build struct {
	Slug, Name string
	Stat       [3]int // perception, speed, agility
	HP         int
	Ranged     *Weapon // nil: none
	Melee      *Weapon // nil: none
}

// Party is the builds that take one side, in acting order.
type Party struct {
	Slug, Name string
	Members    []string
}

// Map is a hex map.
type Map struct {
	Slug, Name string
	Hexes      [][2]int
	Start      [2]int // each side's starting hex, an index into Hexes
	Compiled   sim.Map
}

// Config is the decoded data.
type Config struct {
	Rules   sim.Rules
	Builds  map[string]*Build
	Parties map[string]*Party
	Maps    map[string]*Map
}

// Data is the loaded data: the files it came from (for -set, which
// changes a file's tree and decodes it again) and their decoded content.
type Data struct {
	srcs []source
	Config
}

// Load reads the bundled data, then every data file of dir (rules.yaml,
// builds.yaml, parties.yaml, maps.yaml) over it: an entry with the slug of
// a bundled one replaces it, and rules.yaml replaces the rulings it
// gives, key by key. dir "" loads the bundled data alone. Every problem
// found is returned, joined. It stops when ctx is done.
func Load(ctx context.Context, dir string) (*Data, error) {
	srcs, err := bundledSources()
	if err != nil {
		return nil, err
	}
	if dir != "" {
		more, err := dirSources(yamldata.NewReader(ctx), dir)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, more...)
	}
	if ctx.Err() != nil {
		return nil, yamldata.Stopped(ctx)
	}
	cfg, err := decodeAll(srcs)
	if err != nil {
		return nil, err
	}
	return &Data{srcs: srcs, Config: *cfg}, nil
}

func bundledSources() ([]source, error) {
	var out []source
	for _, k := range Kinds {
		b, err := embedded.ReadFile(k + ".yaml")
		if err != nil {
			return nil, fmt.Errorf("bundled %s.yaml: %v", k, err)
		}
		s := source{file: embeddedRoot + "/" + k + ".yaml", kind: k, data: b, bundled: true}
		if s.root, err = yamldata.Parse(s.file, b); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// dirSources reads the data files of a directory. A .yaml entry must be
// one of the data files; other entries are left alone.
func dirSources(r *yamldata.Reader, dir string) ([]source, error) {
	if st, err := os.Stat(dir); err != nil {
		return nil, &yamldata.Error{File: dir, Msg: yamldata.StatProblem(err)}
	} else if !st.IsDir() {
		return nil, &yamldata.Error{File: dir, Msg: "not a directory; a data directory is expected here"}
	}
	entries, err := r.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	known := make([]string, len(Kinds))
	for i, k := range Kinds {
		known[i] = k + ".yaml"
	}
	var out []source
	var errs []error
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		switch {
		case strings.HasSuffix(e.Name(), ".yml"):
			errs = append(errs, &yamldata.Error{File: p, Msg: "data files end in .yaml; this one is skipped",
				Suggest: strings.TrimSuffix(e.Name(), ".yml") + ".yaml"})
			continue
		case !strings.HasSuffix(e.Name(), ".yaml"):
			continue
		case !slices.Contains(known, e.Name()):
			errs = append(errs, &yamldata.Error{File: p, Msg: "unknown data file; expected one of " + strings.Join(known, ", "),
				Suggest: typo.Nearest(e.Name(), known)})
			continue
		}
		b, err := r.Read(p)
		if err != nil {
			if r.Context().Err() != nil {
				return nil, yamldata.Stopped(r.Context())
			}
			errs = append(errs, err)
			continue
		}
		s := source{file: p, kind: strings.TrimSuffix(e.Name(), ".yaml"), data: b}
		if s.root, err = yamldata.Parse(p, b); err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, s)
	}
	return out, errors.Join(errs...)
}

// decodeAll decodes the sources, kind by kind in the order of Kinds and,
// within a kind, in load order.
func decodeAll(srcs []source) (*Config, error) {
	cfg := &Config{Builds: map[string]*Build{}, Parties: map[string]*Party{}, Maps: map[string]*Map{}}
	var budget yamldata.Budget
	var errs []error
	for _, k := range Kinds {
		for i := range srcs {
			s := &srcs[i]
			if s.kind != k {
				continue
			}
			d := budget.Decoder(s.file)
			m := d.Fields(s.root, "", []string{k}, k)
			switch k {
			case "rules":
				decodeRules(d, m[k], &cfg.Rules, s.bundled)
			case "builds":
				// a build with a problem is still named, so that the
				// parties naming it report nothing more
				for _, e := range d.Pairs(m[k], k) {
					if d.SlugKey(e, k) {
						cfg.Builds[e.Key] = decodeBuild(d, e, k)
					}
				}
			case "maps":
				for _, e := range d.Pairs(m[k], k) {
					if d.SlugKey(e, k) {
						if mp := decodeMap(d, e, k); mp != nil {
							cfg.Maps[e.Key] = mp
						}
					}
				}
			case "parties":
				builds := sortedKeys(cfg.Builds)
				for _, e := range d.Pairs(m[k], k) {
					if d.SlugKey(e, k) {
						if p := decodeParty(d, e, k, builds); p != nil {
							cfg.Parties[e.Key] = p
						}
					}
				}
			}
			errs = append(errs, d.Errs()...)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return cfg, nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// decodeRules decodes the rules mapping onto r: every key in a bundled
// file, any of them in a data directory's.
func decodeRules(d *yamldata.Decoder, n *yaml.Node, r *sim.Rules, complete bool) {
	keys := ruleKeys()
	var required []string
	if complete {
		required = keys
	}
	for key, v := range d.Fields(n, "rules", keys, required...) {
		k := rule(key)
		path := yamldata.At("rules", key)
		before := d.NErrs()
		x := 0
		switch k.Kind {
		case RuleBool:
			x = b2i(d.Bool(v, path))
		case RuleInt:
			x = d.Int(v, path, k.Lo, k.Hi)
		case RuleEnum:
			x = slices.Index(k.Values, d.Name(v, path, "value", k.Values))
		}
		if d.NErrs() == before {
			k.set(r, x)
		}
	}
}

var buildFields = []string{"name", "perception", "speed", "agility", "hp", "ranged", "melee"}

// noWeapon reports whether a build's weapon is written as none: the word
// none (as builds.yaml's header says), null, or nothing.
func noWeapon(d *yamldata.Decoder, n *yaml.Node) bool {
	if yamldata.IsNull(n) {
		return true
	}
	r := d.Res(n)
	return r != nil && r.Kind == yaml.ScalarNode && r.Tag == "!!str" && r.Value == "none"
}

func decodeBuild(d *yamldata.Decoder, e yamldata.Entry, path string) *Build {
	path = yamldata.At(path, e.Key)
	m := d.Fields(e.V, path, buildFields, "name", "perception", "speed", "agility", "hp")
	b := &Build{Slug: e.Key, Name: d.Str(m["name"], yamldata.At(path, "name"))}
	for s, name := range sim.StatNames {
		b.Stat[s] = d.Int(m[name], yamldata.At(path, name), 0, sim.MaxStat)
	}
	b.HP = d.Int(m["hp"], yamldata.At(path, "hp"), 1, sim.MaxHP)
	if n, ok := m["ranged"]; ok && !noWeapon(d, n) {
		p := yamldata.At(path, "ranged")
		w := d.Fields(n, p, []string{"name", "range", "damage"}, "range", "damage")
		b.Ranged = &Weapon{Range: d.Int(w["range"], yamldata.At(p, "range"), 1, sim.MaxRange),
			Damage: d.Int(w["damage"], yamldata.At(p, "damage"), 0, sim.MaxDamage)}
		if w["name"] != nil {
			b.Ranged.Name = d.Str(w["name"], yamldata.At(p, "name"))
		}
	}
	if n, ok := m["melee"]; ok && !noWeapon(d, n) {
		p := yamldata.At(path, "melee")
		w := d.Fields(n, p, []string{"name", "damage"}, "damage")
		b.Melee = &Weapon{Damage: d.Int(w["damage"], yamldata.At(p, "damage"), 0, sim.MaxDamage)}
		if w["name"] != nil {
			b.Melee.Name = d.Str(w["name"], yamldata.At(p, "name"))
		}
	}
	return b
}

func decodeParty(d *yamldata.Decoder, e yamldata.Entry, path string, builds []string) *Party {
	path = yamldata.At(path, e.Key)
	before := d.NErrs()
	m := d.Fields(e.V, path, []string{"name", "members"}, "name", "members")
	p := &Party{Slug: e.Key, Name: d.Str(m["name"], yamldata.At(path, "name"))}
	mp := yamldata.At(path, "members")
	p.Members = d.Names(m["members"], mp, "build", builds, true)
	if n := len(d.Seq(m["members"], mp)); m["members"] != nil && (n < 1 || n > sim.MaxSide) {
		d.Fail(d.Res(m["members"]), mp, "", "a party has 1..%d members, not %d", sim.MaxSide, n)
	}
	if d.NErrs() != before {
		return nil
	}
	return p
}

// maxRadius is the largest radius of a map written as one: 61 hexes.
const maxRadius = 4

// maxCoord bounds a hex's coordinates.
const maxCoord = 99

func decodeMap(d *yamldata.Decoder, e yamldata.Entry, path string) *Map {
	path = yamldata.At(path, e.Key)
	before := d.NErrs()
	m := d.Fields(e.V, path, []string{"name", "radius", "hexes", "start"}, "name", "start")
	mp := &Map{Slug: e.Key, Name: d.Str(m["name"], yamldata.At(path, "name"))}
	rn, hn := m["radius"], m["hexes"]
	switch {
	case rn != nil && hn != nil:
		d.Fail(d.Res(hn), yamldata.At(path, "hexes"), "", "give radius or hexes, not both")
	case rn != nil:
		r := d.Int(rn, yamldata.At(path, "radius"), 0, maxRadius)
		for q := -r; q <= r; q++ {
			for s := max(-r, -q-r); s <= min(r, -q+r); s++ {
				mp.Hexes = append(mp.Hexes, [2]int{q, s})
			}
		}
	case hn != nil:
		hp := yamldata.At(path, "hexes")
		items := d.Seq(hn, hp)
		if len(items) < 1 || len(items) > sim.MaxHexes {
			d.Fail(d.Res(hn), hp, "", "a map has 1..%d hexes, not %d", sim.MaxHexes, len(items))
		}
		for i, it := range items {
			h, ok := decodeHex(d, it, yamldata.Idx(hp, i))
			if !ok {
				continue
			}
			if j := slices.Index(mp.Hexes, h); j >= 0 {
				d.Fail(d.Res(it), yamldata.Idx(hp, i), "", "hex [%d, %d] is listed twice (first as item %d)", h[0], h[1], j)
				continue
			}
			mp.Hexes = append(mp.Hexes, h)
		}
	default:
		d.Fail(d.Res(e.V), path, "", "give the map's hexes (a list of [q, r]) or its radius")
	}
	sp := yamldata.At(path, "start")
	st := d.Fields(m["start"], sp, sim.SideNames[:], sim.SideNames[:]...)
	for s, side := range sim.SideNames {
		n := st[side]
		if n == nil {
			continue
		}
		h, ok := decodeHex(d, n, yamldata.At(sp, side))
		if !ok {
			continue
		}
		i := slices.Index(mp.Hexes, h)
		if i < 0 && len(mp.Hexes) > 0 {
			d.Fail(d.Res(n), yamldata.At(sp, side), "", "hex [%d, %d] is not on the map", h[0], h[1])
		}
		mp.Start[s] = i
	}
	if d.NErrs() != before {
		return nil
	}
	c, err := sim.NewMap(mp.Hexes, mp.Start)
	if err != nil {
		d.Fail(d.Res(e.V), path, "", "%v", err)
		return nil
	}
	mp.Compiled = c
	return mp
}

// decodeHex decodes a hex written [q, r].
func decodeHex(d *yamldata.Decoder, n *yaml.Node, path string) ([2]int, bool) {
	before := d.NErrs()
	rn := d.Res(n)
	items := d.Seq(rn, path)
	if rn != nil && !yamldata.IsNull(rn) && rn.Kind == yaml.SequenceNode && len(items) != 2 {
		d.Fail(rn, path, "", "a hex is [q, r], two integers; got %d values", len(items))
		return [2]int{}, false
	}
	if len(items) != 2 {
		if d.NErrs() == before {
			d.Fail(rn, path, "", "a hex is [q, r], two integers; got %s", yamldata.Describe(rn))
		}
		return [2]int{}, false
	}
	h := [2]int{d.Int(items[0], path, -maxCoord, maxCoord), d.Int(items[1], path, -maxCoord, maxCoord)}
	return h, d.NErrs() == before
}

// Names returns the slugs of one kind's entries, sorted.
func (d *Data) Names(kind string) ([]string, error) {
	switch kind {
	case "builds":
		return sortedKeys(d.Builds), nil
	case "parties":
		return sortedKeys(d.Parties), nil
	case "maps":
		return sortedKeys(d.Maps), nil
	}
	return nil, fmt.Errorf("no kind %q; the kinds are builds, parties, maps", kind)
}
