// Package crims plugs the d10-pool game, in which hunters compete for
// points by taking down crims that a Control Deck drives, into balance
// through the game contract: its options, its data (configs/crims), the
// schema of a match's record (which hunter won, each hunter's points,
// eliminations, Wounds and incapacitations, what each attack and each
// crim profile did, the crims' threat), a player per worker, traces and
// the exact odds of its checks.
package crims

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	ai "balance/ai/crims"
	cfg "balance/configs/crims"
	"balance/configs/yamldata"
	"balance/game"
	"balance/internal/typo"
	sim "balance/sim/crims"
)

// Game is the d10-pool game.
type Game struct{}

var (
	_ game.Game     = Game{}
	_ game.Odds     = Game{}
	_ game.Embedded = Game{}
)

// Files are the embedded data ('balance version' prints their hash).
func (Game) Files() fs.FS { return cfg.Embedded() }

// Name is the game's -game value.
const Name = "crims"

// DefaultEncounter is the encounter played unless another is named.
const DefaultEncounter = "street-sweep"

func (Game) Info() game.Info {
	return game.Info{
		Name:    Name,
		Title:   "Hunters vs Crims (d10 pool)",
		Summary: "hunters compete for points by taking down crims driven by a Control Deck (d10 pools, the Impact Die)",
		Attribution: "rules from a skirmish rules excerpt whose title it does not state (checks of d10 pools with an Impact Die, " +
			"Momentum, pods, crim actions); every profile, card and zone is sample data made up for balance, not from the source",
	}
}

func (Game) Options() []game.Option {
	return []game.Option{
		{Name: "encounter", Default: DefaultEncounter, Usage: "the encounter: hunters, zone, Control Deck, Event deck", List: "encounters", Sweep: true},
		{Name: "hunters", Usage: "the hunters' builds in seat order, comma-separated (e.g. bruiser,runner,runner), instead of the encounter's", List: "hunters"},
	}
}

// Load reads the embedded data, then dir's data files over it.
func (Game) Load(ctx context.Context, dir string) (game.Data, error) {
	if err := game.DataDir(dir); err != nil {
		return nil, err
	}
	d, err := cfg.Load(ctx, dir)
	if err != nil {
		return nil, err
	}
	return &Data{d: d, dir: dir}, nil
}

// Data is the loaded data.
type Data struct {
	d   *cfg.Data
	dir string
}

var kinds = []string{"encounters", "hunters", "crims", "zones", "controls", "events"}

func (d *Data) Kinds() []string { return kinds }

func (d *Data) List(kind string) ([]string, error) {
	switch kind {
	case "encounters":
		return d.d.Encounters.Keys(), nil
	case "hunters":
		return d.d.Hunters.Keys(), nil
	case "crims":
		return d.d.Crims.Keys(), nil
	case "zones":
		return d.d.Zones.Keys(), nil
	case "controls":
		return d.d.Controls.Keys(), nil
	case "events":
		return d.d.EventDecks.Keys(), nil
	}
	return nil, fmt.Errorf("no kind %q; the kinds are %s", kind, strings.Join(kinds, ", "))
}

func (d *Data) SetKeys() []game.SetKey {
	var out []game.SetKey
	for _, k := range cfg.SetKeyTable() {
		out = append(out, game.SetKey{Key: k.Key, Help: k.Doc})
	}
	return out
}

// Policies are the hunters' tiers; they take no settings.
func (d *Data) Policies(game.Choice) ([]game.Policy, string, error) {
	var out []game.Policy
	for _, t := range ai.Tiers {
		out = append(out, game.Policy{Name: t.Name, Summary: t.Summary})
	}
	return out, ai.DefaultTier, nil
}

// Policy resolves a tier's name ("" is the default tier).
func (d *Data) Policy(_ game.Choice, name string) (string, error) {
	if name == "" {
		return ai.DefaultTier, nil
	}
	var names []string
	for _, t := range ai.Tiers {
		if t.Name == name {
			return name, nil
		}
		names = append(names, t.Name)
	}
	msg := fmt.Sprintf("the game %s has no hunters' policy %q (tiers: %s)", Name, name, strings.Join(names, ", "))
	if s := typo.Nearest(name, names); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	return "", game.Usagef("%s", msg)
}

// Design compiles the chosen encounter with its hunters and overrides.
func (d *Data) Design(ctx context.Context, c game.Choice, overrides []string, seed uint64) (game.Design, error) {
	enc := DefaultEncounter
	var hunters []string
	for k, v := range c {
		switch k {
		case "encounter":
			if v != "" {
				enc = v
			}
		case "hunters":
			if v != "" {
				for _, h := range strings.Split(v, ",") {
					hunters = append(hunters, strings.TrimSpace(h))
				}
			}
		default:
			return nil, game.Usagef("the game %s has no option -%s (options: -encounter, -hunters)", Name, k)
		}
	}
	ds, err := d.d.Compile(enc, hunters, overrides)
	if err != nil {
		var ce *cfg.ChoiceError
		if errors.As(err, &ce) {
			return nil, &game.UsageError{Err: err}
		}
		return nil, err
	}
	return newDesign(ds, c)
}

// Validate checks the data: every encounter compiles (with files, the
// files loaded over the embedded data, each as the kind its name says).
func (d *Data) Validate(ctx context.Context, files []string) (string, error) {
	data := d.d
	if len(files) > 0 {
		var err error
		data, err = cfg.LoadFiles(ctx, files)
		if err != nil {
			return "", err
		}
	}
	var errs []error
	for _, e := range data.Encounters.Keys() {
		ds, err := data.Compile(e, nil, nil)
		if err == nil {
			_, err = newDesign(ds, nil)
		}
		if err != nil {
			errs = append(errs, inFile(files, e, err)...)
		}
	}
	if len(errs) > 0 {
		return "", errors.Join(errs...)
	}
	p := game.Plural
	return "ok: " + strings.Join([]string{p(len(data.Encounters.Keys()), "encounter"), p(len(data.Hunters.Keys()), "hunter"),
		p(len(data.Crims.Keys()), "crim"), p(len(data.Zones.Keys()), "zone"), p(len(data.Controls.Keys()), "Control Deck"),
		p(len(data.EventDecks.Keys()), "Event deck")}, ", "), nil
}

// inFile returns the problems of encounter enc compiled from files: a
// problem found at a place in a file as it is; any other (a design that
// does not compile) as a *game.FileError naming the file it comes from
// (rules.yaml for a rule, else encounters.yaml, among the files checked,
// else the first of them). With no files, the problems are as they are.
func inFile(files []string, enc string, err error) []error {
	var out []error
	for _, e := range leaves(err) {
		var ye *yamldata.Error
		if len(files) == 0 || errors.As(e, &ye) {
			out = append(out, e)
			continue
		}
		file := files[0]
		want := "encounters.yaml"
		if strings.HasPrefix(e.Error(), "rules.yaml: ") {
			want = "rules.yaml"
		}
		for _, f := range files {
			if filepath.Base(f) == want {
				file = f
				break
			}
		}
		out = append(out, &game.FileError{File: file, Err: fmt.Errorf("encounter %s: %w", enc, e)})
	}
	return out
}

// leaves flattens errors joined with errors.Join into their parts.
func leaves(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range j.Unwrap() {
			out = append(out, leaves(e)...)
		}
		return out
	}
	return []error{err}
}

// Design is one compiled design.
type Design struct {
	ds     *cfg.Design
	sc     *sim.Scenario
	choice game.Choice
	schema game.Schema
	hash   string
	keys   []string // the hunters' side keys
	slot   slots
}

// slots are the record's slots, looked up once.
type slots struct {
	points, elims, wounds, incaps, out, momentum, pods, podPts, elimPts, eventPts, strikes, spots int
	uses, hits, atWounds, atElims                                                                 int
	spawned, eliminated, dealt                                                                    int
	crimWounds, crimsLeft, winPts, margin                                                         int
	modelTurns                                                                                    int
	attack                                                                                        [sim.MaxHunters]int // first slot of each hunter's attacks in the attacks list
	seriesPoints, seriesWounds                                                                    int
}

// Bounds of the record's values.
const (
	maxPoints   = 200
	maxCount    = 60
	closeMargin = 2 // a win by this many points or fewer is a close call
)

func newDesign(ds *cfg.Design, c game.Choice) (*Design, error) {
	sc := ds.Sc
	d := &Design{ds: ds, sc: sc, choice: c, keys: ds.HunterKeys()}
	n := int(sc.NHunters)
	hunters := game.List{Key: "hunters", Label: "Hunters"}
	sides := make([]game.Side, n)
	var outcomes []game.Outcome
	attacks := game.List{Key: "attacks", Label: "Attacks"}
	for h := range n {
		hd := &sc.Hunters[h]
		label := hd.Name
		if k := d.keys[h]; k != ds.Hunters[h].Key && strings.HasPrefix(k, strings.ReplaceAll(ds.Hunters[h].Key, "-", "_")+"_") {
			label += " " + k[strings.LastIndexByte(k, '_')+1:]
		}
		sides[h] = game.Side{Key: d.keys[h], Label: label}
		outcomes = append(outcomes, game.Outcome{Key: d.keys[h] + "_won", Label: label + " won (most points)", Winner: h})
		info := []game.KV{{Key: "build", Value: hd.Key}}
		for a := range sim.NAttr {
			info = append(info, game.KV{Key: sim.Attrs[a].Name, Value: strconv.Itoa(int(hd.Attr[a]))})
		}
		info = append(info, game.KV{Key: "wound_max", Value: strconv.Itoa(int(hd.WoundMax))}, game.KV{Key: "armor", Value: strconv.Itoa(int(hd.Armor))})
		hunters.Items = append(hunters.Items, game.Item{Key: d.keys[h], Label: label, Info: info})
		d.slot.attack[h] = len(attacks.Items)
		for a := range int(hd.NAttacks) {
			at := &hd.Attacks[a]
			kind := "ranged"
			if at.Melee {
				kind = "melee"
			}
			ai := []game.KV{{Key: "kind", Value: kind}, {Key: "damage", Value: strconv.Itoa(int(at.Damage))}}
			if !at.Melee {
				ai = append(ai, game.KV{Key: "range", Value: strconv.FormatFloat(float64(at.Range), 'g', -1, 32)})
			}
			if at.Depletable {
				ai = append(ai, game.KV{Key: "depletable", Value: "yes"})
			}
			attacks.Items = append(attacks.Items, game.Item{Key: fmt.Sprintf("%s_%d", d.keys[h], a+1), Label: label + ": " + at.Name, Info: ai})
		}
	}
	outcomes = append(outcomes, game.Outcome{Key: "tie", Label: "Tie on points (and eliminations, when they break ties)", Winner: -1})
	crims := game.List{Key: "crims", Label: "Crim profiles"}
	for i := range int(sc.NCrims) {
		cd := &sc.Crims[i]
		crims.Items = append(crims.Items, game.Item{Key: strings.ReplaceAll(cd.Key, "-", "_"), Label: cd.Name, Info: []game.KV{
			{Key: "defense", Value: strconv.Itoa(int(cd.Defense))}, {Key: "wounds", Value: strconv.Itoa(int(cd.Wounds))},
			{Key: "armor", Value: strconv.Itoa(int(cd.Armor))}, {Key: "bpv", Value: strconv.Itoa(int(cd.BPV))},
			{Key: "demeanor", Value: sc.Demeanors[cd.Demeanor]}}})
	}
	turns := int(sc.NCards)
	var series []game.Series
	for h := range n {
		series = append(series, game.Series{Key: "points_" + d.keys[h], Label: sides[h].Label + "'s points", Max: maxPoints})
	}
	series = append(series, game.Series{Key: "crim_wounds_by_turn", Label: "Wound Tokens crims dealt", Max: maxPoints})
	d.schema = game.Schema{
		Game:     Name,
		Sides:    sides,
		Outcomes: outcomes,
		Length:   game.Unit{Key: "turn", Plural: "turns", Label: "Turn", Max: turns},
		Clock:    game.Unit{Key: "turn", Plural: "turns", Label: "Turn", Max: turns},
		Lists:    []game.List{hunters, attacks, crims},
		Values: []game.Value{
			{Key: "points", Label: "Points", Kind: game.Count, Max: maxPoints, Per: "hunters", Lead: true},
			{Key: "eliminations", Label: "Crims eliminated", Kind: game.Count, Max: maxCount, Per: "hunters"},
			{Key: "wounds", Label: "Wound Tokens taken", Kind: game.Count, Max: maxCount, Per: "hunters"},
			{Key: "incapacitations", Label: "Times incapacitated", Kind: game.Count, Max: turns, Per: "hunters"},
			{Key: "incapacitated", Label: "First incapacitated", Kind: game.Time, Per: "hunters"},
			{Key: "momentum", Label: "Momentum gained", Kind: game.Count, Max: maxCount, Per: "hunters"},
			{Key: "pods", Label: "Pods opened", Kind: game.Count, Max: 2 * turns, Per: "hunters"},
			{Key: "pod_points", Label: "Points from pods", Kind: game.Count, Max: maxPoints, Per: "hunters"},
			{Key: "elimination_points", Label: "Points from eliminations", Kind: game.Count, Max: maxPoints, Per: "hunters"},
			{Key: "event_points", Label: "Points from Event Cards", Kind: game.Count, Max: maxPoints, Per: "hunters"},
			{Key: "strike_wounds", Label: "Wounds dealt by disengagement strikes", Kind: game.Rate, Max: maxCount, Per: "hunters"},
			{Key: "spots", Label: "Hidden crims spotted", Kind: game.Rate, Max: maxCount, Per: "hunters"},
			{Key: "uses", Label: "Attacks made", Kind: game.Rate, Max: maxPoints, Per: "attacks"},
			{Key: "hits", Label: "Hits", Kind: game.Rate, Max: maxPoints, Per: "attacks"},
			{Key: "attack_wounds", Label: "Wound Tokens dealt", Kind: game.Rate, Max: maxPoints, Per: "attacks"},
			{Key: "attack_eliminations", Label: "Eliminations", Kind: game.Rate, Max: maxCount, Per: "attacks"},
			{Key: "spawned", Label: "Placed", Kind: game.Rate, Max: maxCount, Per: "crims"},
			{Key: "eliminated", Label: "Eliminated", Kind: game.Rate, Max: maxCount, Per: "crims"},
			{Key: "dealt", Label: "Wound Tokens dealt to hunters", Kind: game.Rate, Max: maxPoints, Per: "crims"},
			{Key: "crim_wounds", Label: "Wound Tokens crims dealt to hunters", Kind: game.Count, Max: maxPoints, Lead: true},
			{Key: "crims_left", Label: "Crims in the zone at the end", Kind: game.Count, Max: sim.MaxCrims},
			{Key: "winning_points", Label: "The winner's points", Kind: game.Count, Max: maxPoints},
			{Key: "margin", Label: "The lead over the second", Kind: game.Count, Max: maxPoints},
			{Key: "model_turns", Label: "Model turns (hunters' activations and crims' turns)", Kind: game.Rate, Max: turns * (n + int(sc.Rules.MaxCrims))},
		},
		Ratios: []game.Ratio{
			{Key: "hit_rate", Label: "Hits per attack", Num: "hits", Den: "uses", Trials: true},
			{Key: "wounds_per_attack", Label: "Wound Tokens per attack", Num: "attack_wounds", Den: "uses", Top: "Most damaging attack"},
			{Key: "eliminated_share", Label: "Share of placed crims eliminated", Num: "eliminated", Den: "spawned", Trials: true},
		},
		Series:   series,
		Curves:   []game.Curve{{Key: "never_incapacitated", Label: "Hunters not yet incapacitated", Of: "incapacitated", Complement: true}},
		Headline: []string{"crim_wounds", "crims_left", "winning_points"},
		Feel: &game.Feel{Max: slices.Repeat([]int{maxPoints}, n), Margin: slices.Repeat([]int{-1}, n),
			Standing: fmt.Sprintf("points as a share of %d (each hunter is a side)", maxPoints),
			Close:    fmt.Sprintf("a win by %d points or fewer", closeMargin),
			Idle:     "a hunter's activation without an attack, a pod opened or a hidden crim spotted"},
	}
	if err := d.schema.Build(); err != nil {
		return nil, err
	}
	s := &d.schema
	sl := &d.slot
	sl.points, sl.elims, sl.wounds, sl.incaps = s.Slot("points", 0), s.Slot("eliminations", 0), s.Slot("wounds", 0), s.Slot("incapacitations", 0)
	sl.out, sl.momentum, sl.pods, sl.podPts = s.Slot("incapacitated", 0), s.Slot("momentum", 0), s.Slot("pods", 0), s.Slot("pod_points", 0)
	sl.elimPts, sl.eventPts, sl.strikes, sl.spots = s.Slot("elimination_points", 0), s.Slot("event_points", 0), s.Slot("strike_wounds", 0), s.Slot("spots", 0)
	sl.uses, sl.hits, sl.atWounds, sl.atElims = s.Slot("uses", 0), s.Slot("hits", 0), s.Slot("attack_wounds", 0), s.Slot("attack_eliminations", 0)
	sl.spawned, sl.eliminated, sl.dealt = s.Slot("spawned", 0), s.Slot("eliminated", 0), s.Slot("dealt", 0)
	sl.crimWounds, sl.crimsLeft, sl.winPts, sl.margin = s.Slot("crim_wounds", 0), s.Slot("crims_left", 0), s.Slot("winning_points", 0), s.Slot("margin", 0)
	sl.modelTurns = s.Slot("model_turns", 0)
	sl.seriesPoints, sl.seriesWounds = 0, n
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n", ds.Hash, strings.Join(d.keys, ","))
	d.hash = hex.EncodeToString(h.Sum(nil)[:8])
	return d, nil
}

func (d *Design) Schema() *game.Schema { return &d.schema }

func (d *Design) Title() string {
	var names []string
	for h := range int(d.sc.NHunters) {
		names = append(names, d.schema.Sides[h].Label)
	}
	return d.ds.Encounter.Name + ": " + strings.Join(names, ", ")
}

func (d *Design) Hash() string { return d.hash }

func (d *Design) Config() []game.KV {
	out := []game.KV{{Key: "game", Value: Name}, {Key: "encounter", Value: d.ds.Encounter.Key}}
	var hs []string
	for _, h := range d.ds.Hunters {
		hs = append(hs, h.Key)
	}
	out = append(out, game.KV{Key: "hunters", Value: strings.Join(hs, ",")},
		game.KV{Key: "zone", Value: d.ds.Zone.Key}, game.KV{Key: "control", Value: d.ds.Control.Key})
	if d.ds.Events != nil {
		out = append(out, game.KV{Key: "events", Value: d.ds.Events.Key})
	}
	for _, r := range cfg.Rules {
		out = append(out, game.KV{Key: "rules." + r.Key, Value: cfg.FormatRule(r.Key, d.ds.Rules[r.Key])})
	}
	if len(d.ds.Set) > 0 {
		out = append(out, game.KV{Key: "set", Value: strings.Join(d.ds.Set, " ")})
	}
	return append(out, game.KV{Key: "data", Value: d.ds.Hash})
}

// Levers: each hunter's attributes, Wound Maximum and Armor (a rise
// usually raises that hunter's win share), and each crim profile's
// Defense and Wounds (a rise usually lowers the winner's points) and
// Fight (a rise usually raises the Wounds crims deal).
func (d *Design) Levers() []game.Lever {
	var out []game.Lever
	seen := map[string]bool{}
	for h := range int(d.sc.NHunters) {
		hd := &d.sc.Hunters[h]
		if seen[hd.Key] {
			continue
		}
		seen[hd.Key] = true
		win := []game.Tendency{{Figure: "win:" + d.keys[h], Sign: +1}}
		for a := range sim.NAttr {
			out = append(out, game.Lever{Label: hd.Name + " " + sim.Attrs[a].Name, Set: "hunter." + hd.Key + "." + sim.Attrs[a].Name,
				Value: int(hd.Attr[a]), Min: 1, Max: 10, Usual: win})
		}
		out = append(out,
			game.Lever{Label: hd.Name + " wound_max", Set: "hunter." + hd.Key + ".wound_max", Value: int(hd.WoundMax), Min: 1, Max: 20, Usual: win},
			game.Lever{Label: hd.Name + " armor", Set: "hunter." + hd.Key + ".armor", Value: int(hd.Armor), Min: 0, Max: 6, Usual: win})
	}
	for i := range int(d.sc.NCrims) {
		cd := &d.sc.Crims[i]
		fewer := []game.Tendency{{Figure: "winning_points", Sign: -1}}
		out = append(out,
			game.Lever{Label: cd.Name + " defense", Set: "crim." + cd.Key + ".defense", Value: int(cd.Defense), Min: 1, Max: 12, Usual: fewer},
			game.Lever{Label: cd.Name + " fight", Set: "crim." + cd.Key + ".fight", Value: int(cd.Fight), Min: 1, Max: 12,
				Usual: []game.Tendency{{Figure: "crim_wounds", Sign: +1}}},
			game.Lever{Label: cd.Name + " wounds", Set: "crim." + cd.Key + ".wounds", Value: int(cd.Wounds), Min: 1, Max: 30, Usual: fewer})
	}
	return out
}

// Ablations: each Control Card and each Event Card made blank.
func (d *Design) Ablations() []game.Ablation {
	var out []game.Ablation
	for i := range int(d.sc.NCards) {
		c := &d.sc.Deck[i]
		out = append(out, game.Ablation{Label: d.ds.Control.Cards[i].Name, Group: "Control Cards", Set: fmt.Sprintf("control.%d=blank", i+1),
			Inert: !c.Restock && !c.Event && c.NPlace == 0})
	}
	if d.ds.Events != nil {
		for i := range int(d.sc.NEvents) {
			e := &d.sc.Events[i]
			out = append(out, game.Ablation{Label: fmt.Sprintf("%s (%d)", d.ds.Events.Cards[i].Name, i+1), Group: "Event Cards", Set: fmt.Sprintf("event.%d=blank", i+1),
				Inert: e.Op == sim.EoPoints && e.N == 0})
		}
	}
	return out
}

// NewPlayer returns a player of the named policy tier.
func (d *Design) NewPlayer(policy string) (game.Player, error) {
	pol, err := ai.New(policy)
	if err != nil {
		return nil, err
	}
	m := sim.NewMatch(d.sc)
	m.Pol, m.AI = pol, ai.Control{}
	return &Player{d: d, m: m}, nil
}

// Player plays matches of one design for one worker.
type Player struct {
	d *Design
	m *sim.Match
}

func (p *Player) Play(seed, index uint64, rec *game.Record) {
	p.m.Trace = nil
	p.m.Reset(seed, index)
	p.m.Play()
	p.fill(rec)
}

// fill writes the match's record into rec.
func (p *Player) fill(rec *game.Record) {
	rec.Reset()
	d := p.d
	r := &p.m.Rec
	sl := &d.slot
	n := int(d.sc.NHunters)
	if r.Winner < 0 {
		rec.Outcome = n
	} else {
		rec.Outcome = int(r.Winner)
	}
	rec.Length, rec.End = int(r.Turns), int(r.Turns)
	first, second := int16(-1), int16(-1)
	for h := range n {
		v := rec.V
		v[sl.points+h] = int32(r.Points[h])
		v[sl.elims+h] = int32(r.Elims[h])
		v[sl.wounds+h] = int32(r.Wounds[h])
		v[sl.incaps+h] = int32(r.Incaps[h])
		v[sl.out+h] = int32(r.FirstOut[h])
		v[sl.momentum+h] = int32(r.Momentum[h])
		v[sl.pods+h] = int32(r.Pods[h])
		v[sl.podPts+h] = int32(r.PodPoints[h])
		v[sl.elimPts+h] = int32(r.ElimPts[h])
		v[sl.eventPts+h] = int32(r.EventPts[h])
		v[sl.strikes+h] = int32(r.Strikes[h])
		v[sl.spots+h] = int32(r.Spots[h])
		for a := range int(d.sc.Hunters[h].NAttacks) {
			k := sl.attack[h] + a
			ar := &r.Attacks[h][a]
			v[sl.uses+k], v[sl.hits+k], v[sl.atWounds+k], v[sl.atElims+k] = int32(ar.Uses), int32(ar.Hits), int32(ar.Wounds), int32(ar.Elims)
		}
		switch pts := r.Points[h]; {
		case pts > first:
			first, second = pts, first
		case pts > second:
			second = pts
		}
	}
	for i := range int(d.sc.NCrims) {
		rec.V[sl.spawned+i], rec.V[sl.eliminated+i], rec.V[sl.dealt+i] = int32(r.Spawned[i]), int32(r.Eliminated[i]), int32(r.Dealt[i])
	}
	// Each turn: the points each hunter gained and the Wound Tokens crims
	// dealt (series), and the standing at its end, every hunter's points.
	var pts [game.MaxFeelSides]int
	turns := r.PointsBy[:min(int(r.Turns)+1, len(r.PointsBy))]
	for t := 1; t < len(turns); t++ {
		now, before := &turns[t], &turns[t-1]
		for h := range now[:n] {
			pt := now[h]
			if g := pt - before[h]; g != 0 {
				rec.Grow(&d.schema, sl.seriesPoints+h, t, int32(g))
			}
			pts[h&(game.MaxFeelSides-1)] = int(pt)
		}
		if w := r.CrimWoundsBy[t]; w != 0 {
			rec.Grow(&d.schema, sl.seriesWounds, t, int32(w))
		}
		rec.StandAll(&d.schema, pts[:n])
	}
	for h := range n {
		rec.F.Turns[h], rec.F.Idle[h] = int32(p.m.Acts[h]), int32(p.m.Idle[h])
	}
	if r.Winner >= 0 && int(first-second) <= closeMargin {
		rec.CloseCall(int(r.Winner))
	}
	rec.V[sl.crimWounds] = int32(r.CrimWounds)
	rec.V[sl.crimsLeft] = int32(r.CrimsLeft)
	rec.V[sl.winPts] = int32(first)
	rec.V[sl.margin] = int32(first - second)
	rec.V[sl.modelTurns] = int32(p.m.Activations())
}

// Counts returns the random draws and the model turns of the match last
// played: the figures BenchmarkHunt reports.
func (p *Player) Counts() (draws uint64, turns int) { return p.m.Draws(), p.m.Activations() }
