package cazadores

import (
	"balance/configs/yamldata"
	"context"
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
	"sync"

	"gopkg.in/yaml.v3"

	"balance/internal/typo"
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
const embeddedRoot = "configs/cazadores"

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
	root *yaml.Node // its tree, when parsed already (the bundled files); read only
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
			return "", "", fmt.Errorf("the file name %q is not a slug (%s)", name, yamldata.SlugRule)
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

// bundled holds the bundled files, parsed once: every load reads their
// trees, which decoding never changes.
var bundled struct {
	once sync.Once
	srcs []source
	err  error
}

// embeddedSources returns the bundled files.
func embeddedSources() ([]source, error) {
	bundled.once.Do(func() {
		bundled.err = fs.WalkDir(Files, ".", func(p string, e fs.DirEntry, err error) error {
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
			s := source{file: embeddedRoot + "/" + p, kind: kind, slug: slug, data: b}
			s.root, _ = parseYAML(s.file, b) // nil on an error, which build then reports
			bundled.srcs = append(bundled.srcs, s)
			return nil
		})
	})
	return slices.Clone(bundled.srcs), bundled.err
}

// LoadEmbedded loads and checks the bundled data.
func LoadEmbedded() (*Data, error) { return Load("") }

// Load is LoadContext without a way to stop it.
func Load(dataDir string) (*Data, error) { return LoadContext(context.Background(), dataDir) }

// LoadContext loads the bundled data, then every data file of dataDir
// (same layout as Files) over it: an entry with the same slug replaces the
// bundled one, and rules.yaml replaces the rulings it gives, field by
// field. dataDir "" loads the bundled data alone. Every problem found is
// returned, joined. It reads only regular files, within MaxFileBytes each
// (see reader), and returns ctx's error as soon as ctx is done.
func LoadContext(ctx context.Context, dataDir string) (*Data, error) {
	srcs, err := embeddedSources()
	if err != nil {
		return nil, err
	}
	if dataDir != "" {
		more, err := dirSources(yamldata.NewReader(ctx), dataDir)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, more...)
	}
	return build(ctx, srcs)
}

// dirSources reads the data files of a directory. An entry named as a data
// file (NAME.yaml) must be a regular file, and adversaries/ and scenarios/
// must be directories; other entries are left alone.
func dirSources(r *yamldata.Reader, dir string) ([]source, error) {
	if st, err := os.Stat(dir); err != nil {
		return nil, &Error{File: dir, Msg: statProblem(err)}
	} else if !st.IsDir() {
		return nil, &Error{File: dir, Msg: "not a directory; a data directory is expected here"}
	}
	entries, err := r.ReadDir(dir)
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
		if slices.Contains(dirKinds, e.Name()) {
			st, err := os.Stat(p)
			if err != nil {
				errs = append(errs, &Error{File: p, Msg: statProblem(err)})
				continue
			}
			if !st.IsDir() {
				errs = append(errs, &Error{File: p, Msg: fmt.Sprintf("not a directory; %s/ holds one file per entry (%s/SLUG.yaml)", e.Name(), e.Name())})
				continue
			}
			sub, err := r.ReadDir(p)
			if err != nil {
				return nil, err
			}
			for _, f := range sub {
				if !strings.HasSuffix(f.Name(), ".yaml") {
					if strings.HasSuffix(f.Name(), ".yml") {
						errs = append(errs, ymlError(filepath.Join(p, f.Name())))
					}
					continue
				}
				s, err := readSource(r, filepath.Join(p, f.Name()))
				if err != nil {
					if r.Context().Err() != nil {
						return nil, stopped(r.Context())
					}
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
			errs = append(errs, fileError(p, "unknown data file; expected one of "+strings.Join(known, ", "), typo.Nearest(e.Name(), known)))
			continue
		}
		s, err := readSource(r, p)
		if err != nil {
			if r.Context().Err() != nil {
				return nil, stopped(r.Context())
			}
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
func readSource(r *yamldata.Reader, p string) (source, error) {
	kind, slug, err := kindOf(p)
	if err == nil && kind == "" {
		err = untold(filepath.Base(p), nil)
	}
	if err != nil {
		return source{}, fileError(p, err.Error(), "")
	}
	b, err := r.Read(p)
	if err != nil {
		return source{}, err
	}
	return source{file: p, kind: kind, slug: slug, data: b}, nil
}

// ValidateFiles is ValidateFilesContext without a way to stop it.
func ValidateFiles(paths ...string) error {
	return ValidateFilesContext(context.Background(), paths...)
}

// ValidateFilesContext checks data files given by path, each by its kind
// (told by the parent directory adversaries/ or scenarios/, else by the
// base name, else by the content: see FileKind), as if loaded over the
// bundled data, so references resolve against it. It returns every problem
// found, joined; it reads files as LoadContext does, and returns ctx's
// error as soon as ctx is done.
func ValidateFilesContext(ctx context.Context, paths ...string) error {
	srcs, err := embeddedSources()
	if err != nil {
		return err
	}
	r := yamldata.NewReader(ctx)
	var errs []error
	for _, p := range paths {
		b, err := r.Read(p)
		if err != nil {
			if ctx.Err() != nil {
				return stopped(ctx)
			}
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
	_, err = build(ctx, srcs)
	if ctx.Err() != nil {
		return stopped(ctx)
	}
	return errors.Join(append(errs, err)...)
}

// AddAdversaryFile loads one Adversary file given by path into d, under the
// file's base name, replacing any Adversary of that slug. The file is read
// as LoadContext reads data files.
func (d *Data) AddAdversaryFile(p string) (slug string, err error) {
	b, err := readDataFile(p)
	if err != nil {
		return "", err
	}
	slug = strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
	if !slugRE.MatchString(slug) {
		return "", fileError(p, fmt.Sprintf("the file name %q is not a slug (%s)", slug, yamldata.SlugRule), "")
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

// ScenarioFile loads one scenario file given by path, as LoadContext
// reads data files: its slug (the file's base name) and the scenario, to
// compile designs on it alone (see OnlyScenario).
func (d *Data) ScenarioFile(p string) (slug string, s *Scenario, err error) {
	b, err := readDataFile(p)
	if err != nil {
		return "", nil, err
	}
	slug = strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
	if !slugRE.MatchString(slug) {
		return "", nil, fileError(p, fmt.Sprintf("the file name %q is not a slug (lower-case letters, digits, - or _)", slug), "")
	}
	root, err := parseYAML(p, b)
	if err != nil {
		return "", nil, err
	}
	dec := newDecoder(p)
	s = dec.scenario(slug, root)
	if err := dec.Err(); err != nil {
		return "", nil, err
	}
	return slug, s, nil
}

// OnlyScenario returns a copy of d whose only scenario is s, under slug:
// d is left as it was.
func (d *Data) OnlyScenario(slug string, s *Scenario) *Data {
	c := d.Clone()
	c.Scenarios = map[string]*Scenario{slug: s}
	return c
}

// decodeAdversary parses and checks one Adversary file.
func decodeAdversary(file, slug string, b []byte, r *Rules) (*Adversary, error) {
	root, err := parseYAML(file, b)
	if err != nil {
		return nil, err
	}
	dec := newDecoder(file)
	a := dec.adversary(slug, root)
	if err := dec.Err(); err != nil {
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

// build decodes sources in dependency order; later sources of a kind
// override earlier ones entry by entry. The sources of one kind are parsed
// when that kind's turn comes and their trees dropped once decoded, so the
// memory a load takes is that of its largest kind, not of all its files;
// the decoders of one load share one budget (see yamldata.Budget). It stops with
// ctx's error as soon as ctx is done.
func build(ctx context.Context, srcs []source) (*Data, error) {
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
	// The errors of each source, reported in the order of the sources:
	// those that stop a file from being parsed first.
	parseErrs := make([]error, len(srcs))
	decs := make([]*decoder, len(srcs))
	b := &yamldata.Budget{}
	byKind := map[string][]int{}
	for i, s := range srcs {
		byKind[s.kind] = append(byKind[s.kind], i)
	}
	// parse parses source i, or records why it cannot be.
	parse := func(i int) (*yaml.Node, *decoder) {
		root := srcs[i].root
		if root == nil {
			var err error
			if root, err = parseYAML(srcs[i].file, srcs[i].data); err != nil {
				parseErrs[i] = err
				return nil, nil
			}
		}
		decs[i] = &decoder{b.Decoder(srcs[i].file)}
		return root, decs[i]
	}
	for _, i := range byKind["rules"] {
		if root, dec := parse(i); dec != nil {
			dec.rules(root, &data.Rules)
		}
	}
	type winner struct {
		dec *decoder
		v   *yaml.Node
	}
	for _, kind := range fileKinds[1:] {
		if ctx.Err() != nil {
			return nil, stopped(ctx)
		}
		var order []string
		win := map[string]winner{}
		for _, i := range byKind[kind] {
			root, dec := parse(i)
			if dec == nil {
				continue
			}
			for _, e := range dec.Pairs(root, "") {
				if !dec.SlugKey(e, "") {
					continue
				}
				if _, seen := win[e.Key]; !seen {
					order = append(order, e.Key)
				}
				win[e.Key] = winner{dec, e.V}
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
	// One file an entry: the last file of a slug is the one kept, and every
	// file given is checked.
	for _, kind := range dirKinds {
		for _, i := range byKind[kind] {
			if ctx.Err() != nil {
				return nil, stopped(ctx)
			}
			root, dec := parse(i)
			if dec == nil {
				continue
			}
			s := srcs[i]
			if kind == "adversaries" {
				data.Adversaries[s.slug] = dec.adversary(s.slug, root)
				data.setRaw(s.slug, s.file, s.data)
			} else {
				data.Scenarios[s.slug] = dec.scenario(s.slug, root)
			}
		}
	}
	for _, a := range data.Adversaries {
		resolveTicks(a, &data.Rules)
	}
	errs := parseErrs
	for _, dec := range decs {
		if dec != nil {
			errs = append(errs, dec.Errs()...)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return data, nil
}
