package skirmish

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	yd "balance/configs/yamldata"
	sk "balance/sim/skirmish"
)

// Files holds the bundled data, in the layout Load expects of a data
// directory.
//
//go:embed *.yaml warbands/*.yaml scenarios/*.yaml
var Files embed.FS

// embeddedRoot prefixes the names of embedded files in errors, so that
// they name the file in the repository.
const embeddedRoot = "configs/skirmish"

// The kinds of data file: those at the root of a data directory, in the
// order they are decoded (later kinds refer to earlier ones), then the
// directories of one file per entry.
var (
	fileKinds = []string{"rules", "weapons", "creatures"}
	dirKinds  = []string{"warbands", "scenarios"}
)

// Data is the loaded data: every weapon, creature, warband and scenario
// by name, and the rules. It is read-only once loaded.
type Data struct {
	Weapons   map[string]*WeaponDef
	Creatures map[string]*FigureDef
	Warbands  map[string]*WarbandDef
	Scenarios map[string]*ScenarioDef
	Rules     sk.Rules
}

// source is one data file to decode.
type source struct {
	file string // its name in errors
	kind string
	slug string
	data []byte
	root *yaml.Node
}

// kindOf tells a data file's kind from its path: its parent directory for
// warbands/ and scenarios/, else its base name; "" when neither tells.
func kindOf(p string) (kind, slug string, err error) {
	p = filepath.ToSlash(p)
	base, dir := path.Base(p), path.Base(path.Dir(p))
	if !strings.HasSuffix(base, ".yaml") {
		return "", "", fmt.Errorf("not a .yaml file")
	}
	name := strings.TrimSuffix(base, ".yaml")
	if slices.Contains(dirKinds, dir) {
		if !yd.SlugRE.MatchString(name) {
			return "", "", fmt.Errorf("the file name %q is not a slug (lower-case letters, digits, - or _)", name)
		}
		return dir, name, nil
	}
	if slices.Contains(fileKinds, name) {
		return name, "", nil
	}
	return "", "", nil
}

var bundled struct {
	once sync.Once
	srcs []source
	err  error
}

// embeddedSources returns the bundled files, parsed once.
func embeddedSources() ([]source, error) {
	bundled.once.Do(func() {
		bundled.err = fs.WalkDir(Files, ".", func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			kind, slug, kerr := kindOf(p)
			if kerr == nil && kind == "" {
				kerr = fmt.Errorf("not a data file of the skirmish game")
			}
			if kerr != nil {
				return fmt.Errorf("embedded %s: %v", p, kerr)
			}
			b, err := Files.ReadFile(p)
			if err != nil {
				return err
			}
			s := source{file: embeddedRoot + "/" + p, kind: kind, slug: slug, data: b}
			s.root, _ = yd.Parse(s.file, b)
			bundled.srcs = append(bundled.srcs, s)
			return nil
		})
	})
	return slices.Clone(bundled.srcs), bundled.err
}

// Load loads the bundled data, then every data file of dir (the same
// layout) over it: a warband, scenario, weapon or creature of the same
// name replaces the bundled one, and rules.yaml replaces the readings it
// gives. dir "" loads the bundled data alone. Every problem found is
// returned, joined; it stops when ctx is done.
func Load(ctx context.Context, dir string) (*Data, error) {
	srcs, err := embeddedSources()
	if err != nil {
		return nil, err
	}
	if dir != "" {
		more, err := dirSources(yd.NewReader(ctx), dir)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, more...)
	}
	return build(ctx, srcs)
}

// dirSources reads the data files of a directory.
func dirSources(r *yd.Reader, dir string) ([]source, error) {
	if st, err := os.Stat(dir); err != nil {
		return nil, &yd.Error{File: dir, Msg: yd.StatProblem(err)}
	} else if !st.IsDir() {
		return nil, &yd.Error{File: dir, Msg: "not a directory; a data directory is expected here"}
	}
	entries, err := r.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []source
	var errs []error
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if slices.Contains(dirKinds, e.Name()) {
			sub, err := r.ReadDir(p)
			if err != nil {
				if r.Context().Err() != nil {
					return nil, err
				}
				errs = append(errs, err)
				continue
			}
			for _, f := range sub {
				if strings.HasSuffix(f.Name(), ".yaml") {
					s, err := readSource(r, filepath.Join(p, f.Name()))
					if err != nil {
						if r.Context().Err() != nil {
							return nil, err
						}
						errs = append(errs, err)
						continue
					}
					out = append(out, s)
				}
			}
			continue
		}
		if strings.HasSuffix(e.Name(), ".yaml") {
			s, err := readSource(r, p)
			if err != nil {
				if r.Context().Err() != nil {
					return nil, err
				}
				errs = append(errs, err)
				continue
			}
			out = append(out, s)
		}
	}
	return out, errors.Join(errs...)
}

// readAnySource reads and parses one data file as readSource does; a
// file whose name and directory do not tell its kind is told by its
// content: a table: makes a scenario, figures: a warband, and a file of
// one key, weapons:, creatures: or rules:, that file.
func readAnySource(r *yd.Reader, p string) (source, error) {
	if kind, _, err := kindOf(p); err != nil || kind != "" {
		return readSource(r, p)
	}
	b, root, err := readParsed(r, p)
	if err != nil {
		return source{}, err
	}
	kind := kindOfContent(root)
	if kind == "" {
		return source{}, &yd.Error{File: p, Line: 1, Col: 1, Msg: "not a data file of the skirmish game: a warband file has figures:, " +
			"a scenario file table:, and weapons.yaml, creatures.yaml and rules.yaml one key of their name " +
			"(a file under warbands/ or scenarios/ is read as that kind; run -a FILE or -scenario FILE reads one too)"}
	}
	slug := strings.TrimSuffix(filepath.Base(p), ".yaml")
	if slices.Contains(fileKinds, kind) {
		slug = ""
	}
	return source{file: p, kind: kind, slug: slug, data: b, root: root}, nil
}

// kindOfContent tells a data file's kind by its top-level keys; "" when
// they do not tell.
func kindOfContent(root *yaml.Node) string {
	n := root
	if n != nil && n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		n = n.Content[0]
	}
	if n == nil || n.Kind != yaml.MappingNode {
		return ""
	}
	var keys []string
	for i := 0; i+1 < len(n.Content); i += 2 {
		keys = append(keys, n.Content[i].Value)
	}
	switch {
	case slices.Contains(keys, "table"):
		return "scenarios"
	case slices.Contains(keys, "figures"):
		return "warbands"
	case len(keys) == 1 && slices.Contains(fileKinds, keys[0]):
		return keys[0]
	}
	return ""
}

// readSource reads and parses one data file.
func readSource(r *yd.Reader, p string) (source, error) {
	kind, slug, err := kindOf(p)
	if err != nil {
		return source{}, &yd.Error{File: p, Line: 1, Col: 1, Msg: err.Error()}
	}
	if kind == "" {
		names := make([]string, len(fileKinds))
		for i, k := range fileKinds {
			names[i] = k + ".yaml"
		}
		return source{}, &yd.Error{File: p, Line: 1, Col: 1, Msg: fmt.Sprintf("not a data file of the skirmish game: the files are %s, and %s/SLUG.yaml",
			strings.Join(names, ", "), strings.Join(dirKinds, "/SLUG.yaml, ")), Suggest: suggest(filepath.Base(p), names)}
	}
	b, root, err := readParsed(r, p)
	if err != nil {
		return source{}, err
	}
	return source{file: p, kind: kind, slug: slug, data: b, root: root}, nil
}

// readParsed reads file p and parses it as YAML.
func readParsed(r *yd.Reader, p string) ([]byte, *yaml.Node, error) {
	b, err := r.Read(p)
	if err != nil {
		return nil, nil, err
	}
	root, err := yd.Parse(p, b)
	return b, root, err
}

// build decodes the sources, kind by kind.
func build(ctx context.Context, srcs []source) (*Data, error) {
	d := &Data{Weapons: map[string]*WeaponDef{}, Creatures: map[string]*FigureDef{}, Warbands: map[string]*WarbandDef{},
		Scenarios: map[string]*ScenarioDef{}, Rules: defaultRules()}
	var budget yd.Budget
	var errs []error
	for _, kind := range append(slices.Clone(fileKinds), dirKinds...) {
		for _, s := range srcs {
			if s.kind != kind {
				continue
			}
			if ctx.Err() != nil {
				return nil, yd.Stopped(ctx)
			}
			root := s.root
			if root == nil {
				var err error
				if root, err = yd.Parse(s.file, s.data); err != nil {
					errs = append(errs, err)
					continue
				}
			}
			dec := budget.Decoder(s.file)
			d.decode(dec, root, s.kind, s.slug)
			errs = append(errs, dec.Errs()...)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	for _, k := range []string{"warbands", "scenarios"} {
		if n, _ := d.List(k); len(n) == 0 {
			return nil, fmt.Errorf("the data has no %s", k)
		}
	}
	return d, nil
}

// decode decodes one file of the given kind into d.
func (d *Data) decode(dec *yd.Decoder, root *yaml.Node, kind, slug string) {
	switch kind {
	case "rules":
		decodeRules(dec, root, &d.Rules)
	case "weapons":
		decodeWeapons(dec, root, d.Weapons)
	case "creatures":
		decodeCreatures(dec, root, d.Creatures, d.weaponNames())
	case "warbands":
		d.Warbands[slug] = decodeWarband(dec, root, slug, d.weaponNames())
	case "scenarios":
		d.Scenarios[slug] = decodeScenario(dec, root, slug, sortedKeys(d.Creatures))
	}
}

func (d *Data) weaponNames() []string { return sortedKeys(d.Weapons) }

// Kinds are the kinds of entry the data lists.
func (d *Data) Kinds() []string { return []string{"warbands", "scenarios", "creatures", "weapons"} }

// List returns the names of the entries of one kind, sorted.
func (d *Data) List(kind string) ([]string, error) {
	switch kind {
	case "warbands":
		return sortedKeys(d.Warbands), nil
	case "scenarios":
		return sortedKeys(d.Scenarios), nil
	case "creatures":
		return sortedKeys(d.Creatures), nil
	case "weapons":
		return sortedKeys(d.Weapons), nil
	}
	msg := fmt.Sprintf("no kind %q; the kinds are %s", kind, strings.Join(d.Kinds(), ", "))
	if s := suggest(kind, d.Kinds()); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	return nil, errors.New(msg)
}

// LoadFile decodes the data file p as an entry of kind ("warbands" or
// "scenarios") over d's weapons and creatures, without changing d.
func (d *Data) LoadFile(ctx context.Context, p, kind string) (any, error) {
	b, err := yd.NewReader(ctx).Read(p)
	if err != nil {
		return nil, err
	}
	root, err := yd.Parse(p, b)
	if err != nil {
		return nil, err
	}
	dec := yd.NewDecoder(p)
	slug := strings.TrimSuffix(filepath.Base(p), ".yaml")
	var out any
	switch kind {
	case "warbands":
		out = decodeWarband(dec, root, slug, d.weaponNames())
	case "scenarios":
		out = decodeScenario(dec, root, slug, sortedKeys(d.Creatures))
	default:
		return nil, fmt.Errorf("%s: a %s file is not loaded on its own", p, kind)
	}
	if err := dec.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// ValidateFiles decodes each file as the kind its name or directory
// tells, over d (a copy: d is left as it is).
func (d *Data) ValidateFiles(ctx context.Context, files []string) error {
	c := d.clone()
	r := yd.NewReader(ctx)
	var errs []error
	var budget yd.Budget
	for _, p := range files {
		s, err := readAnySource(r, p)
		if err != nil {
			if ctx.Err() != nil {
				return yd.Stopped(ctx)
			}
			errs = append(errs, err)
			continue
		}
		dec := budget.Decoder(s.file)
		c.decode(dec, s.root, s.kind, s.slug)
		errs = append(errs, dec.Errs()...)
	}
	return errors.Join(errs...)
}

// clone returns a copy of d whose maps may be changed.
func (d *Data) clone() *Data {
	c := *d
	c.Weapons = clonePtrMap(d.Weapons)
	c.Creatures = clonePtrMap(d.Creatures)
	c.Warbands = clonePtrMap(d.Warbands)
	c.Scenarios = clonePtrMap(d.Scenarios)
	return &c
}

func clonePtrMap[T any](m map[string]*T) map[string]*T {
	out := make(map[string]*T, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
