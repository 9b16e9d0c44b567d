package horizon

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"balance/configs/yamldata"
	"balance/internal/typo"
	sim "balance/sim/horizon"
)

// Files holds the sample data (sample data, not from the source).
//
//go:embed *.yaml
var Files embed.FS

// embeddedRoot prefixes the embedded files' names in errors.
const embeddedRoot = "configs/horizon"

// Source is one data file to load.
type Source struct {
	File  string // the name errors give
	Data  []byte
	Layer int // 0 the embedded data, 1 a designer's files over it
}

// EmbeddedSources returns the sample data's files, in name order.
func EmbeddedSources() ([]Source, error) {
	var out []Source
	err := fs.WalkDir(Files, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := Files.ReadFile(p)
		if err != nil {
			return err
		}
		out = append(out, Source{File: embeddedRoot + "/" + p, Data: b})
		return nil
	})
	return out, err
}

// DirSources reads the .yaml files of a data directory, in name order.
func DirSources(ctx context.Context, dir string) ([]Source, error) {
	r := yamldata.NewReader(ctx)
	entries, err := r.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []Source
	var errs []error
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		switch {
		case strings.HasSuffix(e.Name(), ".yml"):
			errs = append(errs, &yamldata.Error{File: p, Msg: "a data file ends in .yaml; rename it"})
		case strings.HasSuffix(e.Name(), ".yaml"):
			b, err := r.Read(p)
			if err != nil {
				if ctx.Err() != nil {
					return nil, yamldata.Stopped(ctx)
				}
				errs = append(errs, err)
				continue
			}
			out = append(out, Source{File: p, Data: b, Layer: 1})
		}
	}
	return out, errors.Join(errs...)
}

// Load loads the sample data, then the .yaml files of dir over it (dir
// "": the sample data alone). Every problem found is returned, joined.
func Load(ctx context.Context, dir string) (*Data, error) {
	srcs, err := EmbeddedSources()
	if err != nil {
		return nil, err
	}
	if dir != "" {
		more, err := DirSources(ctx, dir)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, more...)
	}
	return LoadSources(ctx, srcs)
}

// sectionOrder is the order sections are decoded in: later ones name
// entries of earlier ones.
var sectionOrder = []string{"rules", "dice", "modifications", "weapons", "armour", "misc", "cards", "machines", "hunters", "tiles", "encounters", "parties"}

// LoadSources decodes and checks the files given, in order.
func LoadSources(ctx context.Context, srcs []Source) (*Data, error) {
	x := newData()
	dig := sha256.New()
	for _, s := range srcs {
		fmt.Fprintf(dig, "%s\x00%d\x00", s.File, len(s.Data))
		dig.Write(s.Data)
	}
	x.Digest = hex.EncodeToString(dig.Sum(nil)[:8])
	budget := &yamldata.Budget{}
	type part struct {
		d     *yamldata.Decoder
		node  *yaml.Node
		layer int
	}
	sections := map[string][]part{}
	decoders := map[string]*yamldata.Decoder{}
	var order []*yamldata.Decoder
	var errs []error
	for _, s := range srcs {
		if ctx.Err() != nil {
			return nil, yamldata.Stopped(ctx)
		}
		root, err := yamldata.Parse(s.File, s.Data)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		d := budget.Decoder(s.File)
		decoders[s.File] = d
		order = append(order, d)
		for _, e := range d.Pairs(root, "") {
			if !slices.Contains(sectionOrder, e.Key) {
				d.Fail(e.K, e.Key, typo.Nearest(e.Key, sectionOrder), "unknown section %q (a data file holds %s)", e.Key, strings.Join(sectionOrder, ", "))
				continue
			}
			sections[e.Key] = append(sections[e.Key], part{d, e.V, s.Layer})
		}
	}
	given := map[string]Pos{} // "section.key" -> where, in the layer it was last given
	layerOf := map[string]int{}
	for _, sec := range sectionOrder {
		for _, p := range sections[sec] {
			d := p.d
			if sec == "rules" {
				x.decodeRules(d, p.node, sec)
				continue
			}
			for _, e := range d.Pairs(p.node, sec) {
				path := yamldata.At(sec, e.Key)
				if !d.SlugKey(e, sec) {
					continue
				}
				id := sec + "." + e.Key
				if prev, ok := given[id]; ok && layerOf[id] == p.layer {
					d.Fail(e.K, path, "", "%s %q is given twice (first at %s)", strings.TrimSuffix(sec, "s"), e.Key, prev)
					continue
				}
				given[id], layerOf[id] = at(d, e.K), p.layer
				switch sec {
				case "dice":
					if _, ok := x.Dice[e.Key]; !ok {
						if len(x.DiceOrder) == sim.MaxColours {
							d.Fail(e.K, path, "", "more than %d colours of dice", sim.MaxColours)
							continue
						}
						x.DiceOrder = append(x.DiceOrder, e.Key)
					}
					x.Dice[e.Key] = x.decodeDie(d, e.Key, e.V, path)
				case "modifications":
					x.Mods[e.Key] = x.decodeMod(d, e.Key, e.V, path)
				case "weapons":
					x.Weapons[e.Key] = x.decodeWeapon(d, e.Key, e.V, path)
				case "armour":
					x.Armour[e.Key] = x.decodeArmour(d, e.Key, e.V, path)
				case "misc":
					x.Misc[e.Key] = x.decodeMisc(d, e.Key, e.V, path)
				case "cards":
					x.Cards[e.Key] = x.decodeCard(d, e.Key, e.V, path)
				case "machines":
					x.Machines[e.Key] = x.decodeMachine(d, e.Key, e.V, path)
				case "hunters":
					x.Hunters[e.Key] = x.decodeHunter(d, e.Key, e.V, path)
				case "tiles":
					x.Tiles[e.Key] = x.decodeTile(d, e.Key, e.V, path)
				case "encounters":
					x.Encounters[e.Key] = x.decodeEncounter(d, e.Key, e.V, path)
				case "parties":
					x.Parties[e.Key] = x.decodeParty(d, e.Key, e.V, path)
				}
			}
		}
	}
	x.checkRefs(decoders)
	x.checkHunters(decoders)
	for _, d := range order {
		errs = append(errs, d.Errs()...)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if len(x.Dice) == 0 {
		return nil, errors.New("the data gives no dice: the dice faces are data (see docs/horizon/data.md)")
	}
	return x, nil
}

// names returns the keys of a section, sorted.
func (x *Data) names(kind string) []string {
	var out []string
	add := func(k string) { out = append(out, k) }
	switch kind {
	case "equipment":
		for k := range x.Weapons {
			add(k)
		}
		for k := range x.Armour {
			add(k)
		}
		for k := range x.Misc {
			add(k)
		}
	case "modifications":
		for k := range x.Mods {
			add(k)
		}
	case "cards":
		for k := range x.Cards {
			add(k)
		}
	case "tiles":
		for k := range x.Tiles {
			add(k)
		}
	case "machines":
		for k := range x.Machines {
			add(k)
		}
	case "hunters":
		for k := range x.Hunters {
			add(k)
		}
	case "encounters":
		for k := range x.Encounters {
			add(k)
		}
	case "parties":
		for k := range x.Parties {
			add(k)
		}
	case "dice":
		out = append(out, x.DiceOrder...)
		return out
	case "weapons":
		for k := range x.Weapons {
			add(k)
		}
	case "face pips": // the pips some face of some die shows
		for _, die := range x.Dice {
			for _, f := range die.Faces {
				if p := strconv.Itoa(int(f.Pips)); !slices.Contains(out, p) {
					add(p)
				}
			}
		}
	case "weapon symbols": // the symbols some weapon carries
		for _, w := range x.Weapons {
			for _, sym := range w.Symbols {
				add(sym)
			}
		}
	case "armour":
		for k := range x.Armour {
			add(k)
		}
	case "misc":
		for k := range x.Misc {
			add(k)
		}
	}
	sort.Strings(out)
	return out
}

// checkRefs reports every name that names no entry.
func (x *Data) checkRefs(decoders map[string]*yamldata.Decoder) {
	for _, r := range x.refs {
		known := x.names(r.kind)
		if slices.Contains(known, r.name) {
			continue
		}
		what := strings.TrimSuffix(r.kind, "s")
		switch r.kind {
		case "equipment":
			what = "weapon, armour or misc item"
		case "face pips":
			decoders[r.file].Fail(r.node, r.field, "", "no face of any die shows %s pips (the faces show %s): it would never reroll", r.name, strings.Join(known, ", "))
			continue
		}
		decoders[r.file].Fail(r.node, r.field, typo.Nearest(r.name, known), "unknown %s %q", what, r.name)
	}
}

// checkHunters checks each hunter's equipment and modifications: weapons
// up to the limit, one armour, coils on weapons and weaves on armour,
// within the slots, one of each name.
func (x *Data) checkHunters(decoders map[string]*yamldata.Decoder) {
	for key, h := range x.Hunters {
		d := decoders[h.At.File]
		path := yamldata.At("hunters", key)
		weapons, armour := 0, 0
		for i, eq := range h.Equipment {
			switch {
			case x.Weapons[eq] != nil:
				weapons++
			case x.Armour[eq] != nil:
				armour++
			default:
				continue
			}
			if weapons > sim.MaxWeapons {
				d.Fail(h.eqNodes[i], yamldata.At(path, "equipment"), "", "more than %d weapons", sim.MaxWeapons)
			}
		}
		if armour != 1 && len(h.Equipment) > 0 {
			d.Fail(&yaml.Node{Line: h.At.Line, Column: h.At.Col}, yamldata.At(path, "equipment"), "", "%d armour cards: a hunter wears one", armour)
		}
		for _, eq := range h.Equipment {
			mods := h.Mods[eq]
			if len(mods) == 0 {
				continue
			}
			slots := 0
			switch {
			case x.Weapons[eq] != nil:
				slots = x.Weapons[eq].Slots
			case x.Armour[eq] != nil:
				slots = x.Armour[eq].Slots
			}
			n := h.modNodes[eq]
			mp := yamldata.At(path, "modifications."+eq)
			if err := sim.CheckMods(eq, slots, mods); err != nil {
				d.Fail(n, mp, "", "%v", err)
			}
			for _, m := range mods {
				md := x.Mods[m]
				switch {
				case md == nil:
				case md.Weave && x.Armour[eq] == nil:
					d.Fail(n, mp, "", "%s is a weave: it attaches to armour only", m)
				case !md.Weave && x.Weapons[eq] == nil:
					d.Fail(n, mp, "", "%s is a coil: it attaches to weapons only", m)
				}
			}
		}
	}
}

// Kinds are the kinds of entry the data lists.
func (x *Data) Kinds() []string {
	return []string{"encounters", "parties", "hunters", "machines", "dice", "cards", "weapons", "armour", "misc", "modifications", "tiles", "rules"}
}

// List returns the entries of a kind, sorted.
func (x *Data) List(kind string) ([]string, error) {
	if kind == "rules" {
		return ruleKeys(), nil
	}
	if !slices.Contains(x.Kinds(), kind) {
		return nil, fmt.Errorf("no kind %q; the kinds are %s", kind, strings.Join(x.Kinds(), ", "))
	}
	return x.names(kind), nil
}
