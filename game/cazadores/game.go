// Package cazadores plugs Cazadores into balance's shared machinery
// through the game contract (package game): its options (the Adversary,
// the pack, the scenario map, the Objective), its data (the YAML of
// configs/cazadores), its policy tiers (ai/cazadores), the schema of its
// record, and its player, which plays a hunt of the rules core
// (sim/cazadores) and writes what it recorded into the shared record. It
// also traces a hunt and draws a scenario map.
package cazadores

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"slices"
	"strings"

	ai "balance/ai/cazadores"
	configs "balance/configs/cazadores"
	"balance/game"
	"balance/internal/typo"
	sim "balance/sim/cazadores"
	"balance/sim/dice"
)

// Game is Cazadores.
type Game struct{}

var _ game.Game = Game{}

// Name is the game's name, the -game value.
const Name = "cazadores"

// The options' names.
const (
	OptAdversary = "adversary"
	OptPack      = "pack"
	OptScenario  = "scenario"
	OptObjective = "objective"
	OptK         = "lookahead-k"
	OptHorizon   = "lookahead-horizon"
)

// DefaultAdversary is the Adversary a command plays unless told otherwise.
const DefaultAdversary = "wandering-son"

func (Game) Info() game.Info {
	return game.Info{Name: Name, Title: "Cazadores",
		Summary:     "a cooperative miniatures game: a Pack of hunters against an Adversary and its Minions",
		Attribution: "rules and numbers of Cazadores by Jose 'Jae' Espinoza, Matachin Games, CC BY 4.0; not affiliated with Matachin Games",
		PolicyFlag:  "pack-ai"}
}

func (Game) Options() []game.Option {
	return []game.Option{
		{Name: OptAdversary, Default: DefaultAdversary, Usage: "Adversary slug (see 'balance list adversaries'), or the path of an Adversary YAML file",
			List: "adversaries", File: true, Sweep: true},
		{Name: OptPack, Default: configs.DefaultPack, Usage: "Pack name (see 'balance list packs')", List: "packs"},
		{Name: OptScenario, Default: configs.DefaultScenario, Usage: "scenario map (see 'balance list scenarios')", List: "scenarios"},
		{Name: OptObjective, Usage: "play with an Objective: its slug (see 'balance list objectives'), or random (a d10 roll from the seed)", List: "objectives"},
		{Name: OptK, Default: fmt.Sprint(ai.DefaultLookaheadK), Usage: fmt.Sprintf("rollouts per plan of the lookahead tier (1..%d)", ai.MaxLookaheadK), Policy: true},
		{Name: OptHorizon, Default: fmt.Sprint(ai.DefaultLookaheadHorizon), Usage: "Rounds each lookahead rollout plays ahead (0: to the end of the hunt)", Policy: true},
	}
}

// Files is the embedded data.
func (Game) Files() fs.FS { return configs.Files }

// Load reads the embedded data, then the files of dir over it.
func (Game) Load(ctx context.Context, dir string) (game.Data, error) {
	if err := game.DataDir(dir); err != nil {
		return nil, err
	}
	d, err := configs.LoadContext(ctx, dir)
	if err != nil {
		return nil, err
	}
	return &Data{d: d}, nil
}

// Data is Cazadores' loaded data. It is never changed: a design works on
// a copy.
type Data struct{ d *configs.Data }

var (
	_ game.Data   = (*Data)(nil)
	_ game.Mapper = (*Data)(nil)
)

// Configs is the loaded data itself, read only.
func (d *Data) Configs() *configs.Data { return d.d }

// kinds are the kinds of entry the data lists.
var kinds = []string{"adversaries", "packs", "scenarios", "companions", "cazadores", "weapons", "armour", "gear", "rituals", "objectives"}

func (d *Data) Kinds() []string { return slices.Clone(kinds) }

func (d *Data) List(kind string) ([]string, error) {
	if !slices.Contains(kinds, kind) {
		if s := typo.Nearest(kind, kinds); s != "" {
			return nil, game.Usagef("unknown kind %q; did you mean %q?", kind, s)
		}
		return nil, game.Usagef("unknown kind %q; expected one of %s", kind, strings.Join(kinds, ", "))
	}
	return d.d.Slugs(kind), nil
}

// SetKeys are the keys -set takes: the data's numbers and switches, and
// the entries that can be made blank. What a number or a switch means
// and allows is read from the data files' reference (the one -explain
// prints).
func (d *Data) SetKeys() []game.SetKey {
	var out []game.SetKey
	for _, k := range configs.OverrideKeys {
		field, help := k, ""
		switch {
		case k == "adversary.location.NAME.wnd":
			field, help = "hit_locations.wnd", "hit location NAME (its name, or its index from 0): "
		case strings.HasPrefix(k, "adversary."):
			field = "stats." + strings.TrimPrefix(k, "adversary.")
		}
		doc, allowed, ok := configs.FieldDoc(field)
		if !ok {
			panic("game/cazadores: -set key " + k + " has no entry in the data's reference") // a test plays every key
		}
		help += doc + " (" + allowed + ")"
		switch {
		case k == "adversary.wnd":
			help += "; a change is spread over the hit locations one WND at a time, lowest first; +N or -N changes it"
		case strings.HasPrefix(k, "adversary."):
			help += "; +N or -N changes it"
		}
		out = append(out, game.SetKey{Key: k, Help: help})
	}
	return append(out, blankKeys...)
}

// checkName checks that the data hold a name given as an option: one they
// lack is a usage error with the nearest name and the list.
func checkName(d *configs.Data, kind, what, name string) error {
	known := d.Slugs(kind)
	if slices.Contains(known, name) {
		return nil
	}
	if s := typo.Nearest(name, known); s != "" {
		return game.Usagef("unknown %s %q; did you mean %q? (known: %s)", what, name, s, strings.Join(known, ", "))
	}
	return game.Usagef("unknown %s %q (known: %s)", what, name, strings.Join(known, ", "))
}

// IsPath reports whether an -adversary value names a file rather than a
// slug.
func IsPath(s string) bool {
	return strings.HasSuffix(s, ".yaml") || strings.ContainsRune(s, os.PathSeparator) || strings.Contains(s, "/")
}

// inputFile checks that a file named on the command line exists and is
// not a directory.
func inputFile(what, path string) error {
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return game.Usagef("%s%s: no such file", what, path)
	case err != nil:
		return fmt.Errorf("%s%s: %v", what, path, err)
	case st.IsDir():
		return game.Usagef("%s%s: is a directory, not a file", what, path)
	}
	return nil
}

// option returns the choice's value of an option, or its default.
func option(c game.Choice, name string) string {
	if v, ok := c[name]; ok {
		return v
	}
	for _, o := range (Game{}).Options() {
		if o.Name == name {
			return o.Default
		}
	}
	return ""
}

// PickObjective resolves an -objective value: a slug is checked against
// the data; random is the Objective whose number a d10 rolled from the
// run seed (on a stream no hunt uses) gives, so that every design of a
// run meets the same Objective.
func PickObjective(d *configs.Data, name string, seed uint64) (string, error) {
	if name != "random" {
		return name, checkName(d, "objectives", "objective", name)
	}
	var r dice.RNG
	r.Seed(seed, 1<<63) // a stream no hunt uses
	roll := r.D10()
	for _, s := range d.Slugs("objectives") {
		if d.Objectives[s].Roll == roll {
			return s, nil
		}
	}
	return "", fmt.Errorf("-objective random rolled %d, and no objective has that number", roll)
}

// Design compiles the design of a choice: the Adversary (a slug, or a file
// loaded here), the pack, the map and the Objective, with the overrides
// applied in order to a copy of the data.
func (d *Data) Design(ctx context.Context, c game.Choice, overrides []string, seed uint64) (game.Design, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("loading the data stopped before the design compiled: %w", context.Cause(ctx))
	}
	for k := range c {
		if !slices.ContainsFunc((Game{}).Options(), func(o game.Option) bool { return o.Name == k }) {
			return nil, game.Usagef("cazadores has no option %q", k)
		}
	}
	data := d.d.Clone()
	adv, pack, scen := option(c, OptAdversary), option(c, OptPack), option(c, OptScenario)
	for _, n := range [][3]string{{"packs", "pack", pack}, {"scenarios", "scenario", scen}} {
		if err := checkName(data, n[0], n[1], n[2]); err != nil {
			return nil, err
		}
	}
	slug := adv
	if IsPath(adv) {
		if err := inputFile("-adversary ", adv); err != nil {
			return nil, err
		}
		s, err := data.AddAdversaryFile(adv)
		if err != nil {
			return nil, err
		}
		slug = s
	} else if err := checkName(data, "adversaries", "adversary", adv); err != nil {
		return nil, err
	}
	// The overrides of numbers and switches change the data, in order;
	// those that make an entry blank apply to the compiled scenario.
	var blanks []string
	for _, kv := range overrides {
		if isBlank(kv) {
			blanks = append(blanks, kv)
			continue
		}
		if err := data.Set(slug, kv); err != nil {
			// A -set value the rules refuse is a mistake in the command
			// line, as an unknown key is.
			return nil, &game.UsageError{Err: err}
		}
	}
	objective := ""
	if o := option(c, OptObjective); o != "" {
		var err error
		if objective, err = PickObjective(data, o, seed); err != nil {
			return nil, err
		}
	}
	sc, err := data.CompileWith(slug, pack, scen, objective)
	if err != nil {
		return nil, err
	}
	hash := data.Hash(slug, pack, scen)
	if objective != "" {
		hash += "+" + objective
	}
	for _, kv := range blanks {
		b, err := blankOf(&sc.Adversary, kv)
		if err != nil {
			return nil, &game.UsageError{Err: err}
		}
		sc = sc.WithBlank(b)
		hash += "+blank=" + b.Key()
	}
	return newDesign(sc, designInfo{adversary: adv, slug: slug, pack: pack, scenario: scen, objective: objective,
		overrides: slices.Clone(overrides), hash: hash}), nil
}

// Validate checks the data: with no files, that every Adversary compiles
// against every pack on every scenario; with files, each file as its kind
// over the embedded data, and each Adversary file among them compiled
// against every pack on every scenario.
func (d *Data) Validate(ctx context.Context, files []string) (string, error) {
	if len(files) == 0 {
		if err := compileAll(ctx, d.d, d.d.Slugs("adversaries"), ""); err != nil {
			return "", err
		}
		return fmt.Sprintf("ok: %d adversaries, %d packs, %d scenarios, %d companions, %d cazadores",
			len(d.d.Adversaries), len(d.d.Packs), len(d.d.Scenarios), len(d.d.Companions), len(d.d.Cazadores)), nil
	}
	if err := configs.ValidateFilesContext(ctx, files...); err != nil {
		return "", err
	}
	// The files are sound one by one: compile each Adversary among them
	// against every pack on every scenario, and every Adversary and pack
	// on each scenario among them.
	var errs []error
	for _, p := range files {
		kind, _, err := configs.FileKind(p)
		if err == nil && kind == "scenarios" {
			// A scenario: every Adversary and pack of the data on it alone
			// (a board too small for the models is refused here).
			slug, s, err := d.d.ScenarioFile(p)
			if err == nil {
				err = compileAll(ctx, d.d.OnlyScenario(slug, s), d.d.Slugs("adversaries"), p+": ")
			}
			if err != nil {
				if ctx.Err() != nil {
					return "", err
				}
				errs = append(errs, err)
			}
			continue
		}
		if err != nil || kind != "adversaries" {
			continue
		}
		data := d.d.Clone()
		slug, err := data.AddAdversaryFile(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if err := compileAll(ctx, data, []string{slug}, p+": "); err != nil {
			if ctx.Err() != nil {
				return "", err
			}
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return "", err
	}
	s := "s"
	if len(files) == 1 {
		s = ""
	}
	return fmt.Sprintf("ok: %d file%s", len(files), s), nil
}

// compileAll compiles each of the Adversaries against every pack on every
// scenario and returns every failure, joined, each problem once with the
// packs and scenarios it arises with; prefix names the file they come from
// ("" for the data). It stops when ctx is done.
func compileAll(ctx context.Context, d *configs.Data, adversaries []string, prefix string) error {
	var errs []error
	packs, scens := d.Slugs("packs"), d.Slugs("scenarios")
	for _, a := range adversaries {
		// The same problem with several packs or scenarios is one problem.
		var msgs []string
		where := map[string][][2]string{}
		for _, p := range packs {
			for _, s := range scens {
				if err := ctx.Err(); err != nil {
					return fmt.Errorf("validating the data stopped: %w", context.Cause(ctx))
				}
				if err := d.Check(a, p, s); err != nil {
					m := err.Error()
					if where[m] == nil {
						msgs = append(msgs, m)
					}
					where[m] = append(where[m], [2]string{p, s})
				}
			}
		}
		for _, m := range msgs {
			e := fmt.Errorf("adversary %s, %s: %s", a, combos(where[m], packs, scens), m)
			if prefix != "" {
				e = &game.FileError{File: strings.TrimSuffix(prefix, ": "), Err: e}
			}
			errs = append(errs, e)
		}
	}
	return errors.Join(errs...)
}

// combos names the (pack, scenario) pairs a problem arises with: "every
// pack on every scenario", "pack P on every scenario", "every pack on
// scenario S", or each pair.
func combos(pairs [][2]string, packs, scens []string) string {
	ps, ss := map[string]bool{}, map[string]bool{}
	for _, c := range pairs {
		ps[c[0]], ss[c[1]] = true, true
	}
	if len(pairs) != len(ps)*len(ss) {
		// Not a full cross: each pair.
		out := make([]string, len(pairs))
		for i, c := range pairs {
			out[i] = "pack " + c[0] + " on scenario " + c[1]
		}
		return strings.Join(out, "; ")
	}
	name := func(what string, set map[string]bool, all []string) string {
		if len(set) == len(all) && len(all) > 1 {
			return "every " + what
		}
		var in []string
		for _, x := range all {
			if set[x] {
				in = append(in, x)
			}
		}
		if len(in) == 1 {
			return what + " " + in[0]
		}
		return what + "s " + strings.Join(in, ", ")
	}
	return name("pack", ps, packs) + " on " + name("scenario", ss, scens)
}

// MapKind is the kind of entry a map is.
func (d *Data) MapKind() string { return "scenarios" }

// DrawMap draws map name with the models where hunt index of seed
// deploys them, for the choice's Adversary and pack.
func (d *Data) DrawMap(ctx context.Context, c game.Choice, name string, seed, index uint64, format string) ([]byte, error) {
	c = maps.Clone(c)
	if c == nil {
		c = game.Choice{}
	}
	c[OptScenario] = name
	if err := checkName(d.d, "scenarios", "map", name); err != nil {
		return nil, err
	}
	des, err := d.Design(ctx, c, nil, seed)
	if err != nil {
		return nil, err
	}
	var tmpl, h sim.Hunt
	tmpl.Init(des.(*Design).sc)
	h.Reset(&tmpl, seed, index)
	return renderMap(&h, format)
}
