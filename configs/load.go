package configs

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// Files holds the bundled data, in the layout Load expects of a data
// directory: rules.yaml, weapons.yaml, armour.yaml, gear.yaml, rituals.yaml,
// companions.yaml, cazadores.yaml, packs.yaml, adversaries/<slug>.yaml and
// scenarios/<slug>.yaml.
//
//go:embed *.yaml adversaries/*.yaml scenarios/*.yaml
var Files embed.FS

// embeddedRoot prefixes the names of embedded files in errors, so that they
// name the file in the repository.
const embeddedRoot = "configs"

// fileKinds are the data files at the root of a data directory, by kind, in
// the order they are decoded (later kinds refer to earlier ones).
var fileKinds = []string{"rules", "weapons", "armour", "gear", "rituals", "companions", "cazadores", "packs", "objectives"}

// dirKinds are the data directories, one file per entry.
var dirKinds = []string{"adversaries", "scenarios"}

// source is one data file to load.
type source struct {
	file string // the name errors give
	kind string // one of fileKinds or dirKinds
	slug string // dirKinds: the file's base name without .yaml
	data []byte
}

// kindOf tells a data file's kind from its path: the parent directory for
// adversaries/ and scenarios/, else its base name; kind "" when neither
// tells (kindOfFile then looks at the content).
func kindOf(p string) (kind, slug string, err error) {
	p = filepath.ToSlash(p)
	base := path.Base(p)
	dir := path.Base(path.Dir(p))
	if !strings.HasSuffix(base, ".yaml") {
		return "", "", fmt.Errorf("not a .yaml file")
	}
	name := strings.TrimSuffix(base, ".yaml")
	if slices.Contains(dirKinds, dir) {
		if !slugRE.MatchString(name) {
			return "", "", fmt.Errorf("the file name %q is not a slug (lower-case letters, digits, - or _)", name)
		}
		return dir, name, nil
	}
	if slices.Contains(fileKinds, name) {
		return name, "", nil
	}
	return "", "", nil
}

// fileError is an error about a whole file.
func fileError(file, msg, sug string) *Error {
	return &Error{File: file, Line: 1, Col: 1, Msg: msg, Suggest: sug}
}

// embeddedSources returns the bundled files.
func embeddedSources() ([]source, error) {
	var out []source
	err := fs.WalkDir(Files, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		kind, slug, kerr := kindOf(p)
		if kerr == nil && kind == "" {
			kerr = untold(path.Base(p), nil)
		}
		if kerr != nil {
			return fmt.Errorf("embedded %s: %v", p, kerr)
		}
		b, err := Files.ReadFile(p)
		if err != nil {
			return err
		}
		out = append(out, source{file: embeddedRoot + "/" + p, kind: kind, slug: slug, data: b})
		return nil
	})
	return out, err
}

// LoadEmbedded loads and checks the bundled data.
func LoadEmbedded() (*Data, error) { return Load("") }

// Load loads the bundled data, then every data file of dataDir (same layout
// as Files) over it: an entry with the same slug replaces the bundled one,
// and rules.yaml replaces the rulings it gives, field by field. dataDir ""
// loads the bundled data alone. Every problem found is returned, joined.
func Load(dataDir string) (*Data, error) {
	srcs, err := embeddedSources()
	if err != nil {
		return nil, err
	}
	if dataDir != "" {
		more, err := dirSources(dataDir)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, more...)
	}
	return build(srcs)
}

// dirSources reads the data files of a directory.
func dirSources(dir string) ([]source, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []source
	var errs []error
	known := make([]string, len(fileKinds))
	for i, k := range fileKinds {
		known[i] = k + ".yaml"
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if e.IsDir() {
			if !slices.Contains(dirKinds, e.Name()) {
				continue
			}
			sub, err := os.ReadDir(p)
			if err != nil {
				return nil, err
			}
			for _, f := range sub {
				if f.IsDir() || !strings.HasSuffix(f.Name(), ".yaml") {
					if strings.HasSuffix(f.Name(), ".yml") {
						errs = append(errs, ymlError(filepath.Join(p, f.Name())))
					}
					continue
				}
				s, err := readSource(filepath.Join(p, f.Name()))
				if err != nil {
					errs = append(errs, err)
					continue
				}
				out = append(out, s)
			}
			continue
		}
		if !strings.HasSuffix(e.Name(), ".yaml") {
			if strings.HasSuffix(e.Name(), ".yml") {
				errs = append(errs, ymlError(p))
			}
			continue
		}
		if !slices.Contains(known, e.Name()) {
			errs = append(errs, fileError(p, "unknown data file; expected one of "+strings.Join(known, ", "), suggest(e.Name(), known)))
			continue
		}
		s, err := readSource(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, s)
	}
	return out, errors.Join(errs...)
}

// ymlError reports a data file named .yml, which Load would otherwise skip.
func ymlError(p string) error {
	return fileError(p, "data files end in .yaml; this one is skipped", filepath.Base(strings.TrimSuffix(p, ".yml")+".yaml"))
}

// readSource reads one data file of a data directory.
func readSource(p string) (source, error) {
	kind, slug, err := kindOf(p)
	if err == nil && kind == "" {
		err = untold(filepath.Base(p), nil)
	}
	if err != nil {
		return source{}, fileError(p, err.Error(), "")
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return source{}, err
	}
	return source{file: p, kind: kind, slug: slug, data: b}, nil
}

// ValidateFiles checks data files given by path, each by its kind (told by
// the parent directory adversaries/ or scenarios/, else by the base name,
// else by the content: see FileKind), as if loaded over the bundled data,
// so references resolve against it. It returns every problem found, joined.
func ValidateFiles(paths ...string) error {
	srcs, err := embeddedSources()
	if err != nil {
		return err
	}
	var errs []error
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		kind, slug, err := kindOfFile(p, b)
		if err != nil {
			errs = append(errs, asFileError(p, err))
			continue
		}
		srcs = append(srcs, source{file: p, kind: kind, slug: slug, data: b})
	}
	_, err = build(srcs)
	return errors.Join(append(errs, err)...)
}

// AddAdversaryFile loads one Adversary file given by path into d, under the
// file's base name, replacing any Adversary of that slug.
func (d *Data) AddAdversaryFile(p string) (slug string, err error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return "", err
	}
	slug = strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
	if !slugRE.MatchString(slug) {
		return "", fileError(p, fmt.Sprintf("the file name %q is not a slug (lower-case letters, digits, - or _)", slug), "")
	}
	a, err := decodeAdversary(p, slug, b, &d.Rules)
	if err != nil {
		return "", err
	}
	if d.Adversaries == nil {
		d.Adversaries = map[string]*Adversary{}
	}
	d.Adversaries[slug] = a
	d.setRaw(slug, p, b)
	return slug, nil
}

// decodeAdversary parses and checks one Adversary file.
func decodeAdversary(file, slug string, b []byte, r *Rules) (*Adversary, error) {
	root, err := parseYAML(file, b)
	if err != nil {
		return nil, err
	}
	dec := newDecoder(file)
	a := dec.adversary(slug, root)
	if err := dec.err(); err != nil {
		return nil, err
	}
	resolveTicks(a, r)
	return a, nil
}

// Slugs returns the sorted slugs of one kind of entry: "adversaries",
// "packs", "scenarios", "companions", "cazadores", "weapons", "armour",
// "gear" or "rituals"; nil for an unknown kind.
func (d *Data) Slugs(kind string) []string {
	switch kind {
	case "adversaries":
		return slices.Sorted(maps.Keys(d.Adversaries))
	case "packs":
		return slices.Sorted(maps.Keys(d.Packs))
	case "scenarios":
		return slices.Sorted(maps.Keys(d.Scenarios))
	case "companions":
		return slices.Sorted(maps.Keys(d.Companions))
	case "cazadores":
		return slices.Sorted(maps.Keys(d.Cazadores))
	case "weapons":
		return slices.Sorted(maps.Keys(d.Weapons))
	case "armour":
		return slices.Sorted(maps.Keys(d.Armour))
	case "gear":
		return slices.Sorted(maps.Keys(d.Gear))
	case "rituals":
		return slices.Sorted(maps.Keys(d.Rituals))
	case "objectives":
		return slices.Sorted(maps.Keys(d.Objectives))
	}
	return nil
}

// parsed is a source with its tree and the decoder that reports its errors.
type parsed struct {
	source
	root *yaml.Node
	dec  *decoder
}

// build decodes sources in dependency order; later sources of a kind
// override earlier ones entry by entry.
func build(srcs []source) (*Data, error) {
	data := &Data{
		Rules:       DefaultRules(),
		Weapons:     map[string]*Weapon{},
		Armour:      map[string]*Armour{},
		Gear:        map[string]*Gear{},
		Rituals:     map[string]*Ritual{},
		Objectives:  map[string]*Objective{},
		Companions:  map[string]*Companion{},
		Cazadores:   map[string]*Cazador{},
		Packs:       map[string]*Pack{},
		Adversaries: map[string]*Adversary{},
		Scenarios:   map[string]*Scenario{},
	}
	var errs []error
	var all []*parsed
	byKind := map[string][]*parsed{}
	for _, s := range srcs {
		root, err := parseYAML(s.file, s.data)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		p := &parsed{source: s, root: root, dec: newDecoder(s.file)}
		all = append(all, p)
		byKind[s.kind] = append(byKind[s.kind], p)
	}
	for _, p := range byKind["rules"] {
		p.dec.rules(p.root, &data.Rules)
	}
	type winner struct {
		dec *decoder
		v   *yaml.Node
	}
	for _, kind := range fileKinds[1:] {
		var order []string
		win := map[string]winner{}
		for _, p := range byKind[kind] {
			for _, e := range p.dec.pairs(p.root, "") {
				if !p.dec.slugKey(e, "") {
					continue
				}
				if _, seen := win[e.key]; !seen {
					order = append(order, e.key)
				}
				win[e.key] = winner{p.dec, e.v}
			}
		}
		for _, slug := range order {
			w := win[slug]
			switch kind {
			case "weapons":
				data.Weapons[slug] = w.dec.weapon(slug, w.v)
			case "armour":
				data.Armour[slug] = w.dec.armour(slug, w.v)
			case "gear":
				data.Gear[slug] = w.dec.gear(slug, w.v)
			case "rituals":
				data.Rituals[slug] = w.dec.ritual(slug, w.v)
			case "objectives":
				data.Objectives[slug] = w.dec.objective(slug, w.v)
			case "companions":
				data.Companions[slug] = w.dec.companion(slug, w.v, data)
			case "cazadores":
				data.Cazadores[slug] = w.dec.cazador(slug, w.v, data)
			case "packs":
				data.Packs[slug] = w.dec.pack(slug, w.v, data)
			}
		}
	}
	for _, kind := range dirKinds {
		win := map[string]*parsed{}
		for _, p := range byKind[kind] {
			win[p.slug] = p
		}
		for _, slug := range slices.Sorted(maps.Keys(win)) {
			p := win[slug]
			if kind == "adversaries" {
				data.Adversaries[slug] = p.dec.adversary(slug, p.root)
				data.setRaw(slug, p.file, p.data)
			} else {
				data.Scenarios[slug] = p.dec.scenario(slug, p.root)
			}
		}
	}
	for _, a := range data.Adversaries {
		resolveTicks(a, &data.Rules)
	}
	for _, p := range all {
		errs = append(errs, p.dec.errs...)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return data, nil
}
