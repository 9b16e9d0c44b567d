// Package horizon plugs the machine-hunt encounter (the Encounter phase of
// Horizon Zero Dawn: The Board Game) into balance through the game
// contract: its data (configs/horizon), its rules core (sim/horizon), its
// hunters' policies (ai/horizon), and the schema of the record a hunt
// fills: success or failure and why, faints and the cards each hunter
// discarded to damage, glory and salvage, the machines killed or gone,
// the components torn, encounter points by turn, and which behaviour card
// did the damage.
package horizon

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	ai "balance/ai/horizon"
	configs "balance/configs/horizon"
	"balance/configs/yamldata"
	"balance/game"
	"balance/internal/typo"
	sim "balance/sim/horizon"
)

// Game is the machine-hunt encounter.
type Game struct{}

var _ game.Game = Game{}

// The options' defaults: the default matchup.
const (
	DefaultEncounter = "sawtooth_lair"
	DefaultParty     = "duo"
)

func (Game) Info() game.Info {
	return game.Info{Name: "horizon", Title: "Machine hunt (Horizon Zero Dawn: The Board Game, encounters)",
		Summary:     "hunters with action decks for health against machines run by behaviour cards, on a grid of tiles",
		Attribution: "rules: the Horizon Zero Dawn: The Board Game rulebook (Steamforged Games; Horizon Zero Dawn © Sony Interactive Entertainment Europe), simulated, not copied; every number of the data is sample data, not from the source"}
}

func (Game) Options() []game.Option {
	return []game.Option{
		{Name: "encounter", Default: DefaultEncounter, Usage: "the encounter (a tracking card): its tiles, terrain, machines and threshold", List: "encounters", Sweep: true},
		{Name: "party", Default: DefaultParty, Usage: "the hunting party, the Leader first", List: "parties"},
	}
}

// Load reads the sample data, then the files of dir over it.
func (Game) Load(ctx context.Context, dir string) (game.Data, error) {
	if err := game.DataDir(dir); err != nil {
		return nil, err
	}
	x, err := configs.Load(ctx, dir)
	if err != nil {
		return nil, err
	}
	return &Data{x: x, dir: dir}, nil
}

// Data is the loaded data.
type Data struct {
	x   *configs.Data
	dir string
}

var _ game.Data = (*Data)(nil)

func (d *Data) Kinds() []string                    { return d.x.Kinds() }
func (d *Data) List(kind string) ([]string, error) { return d.x.List(kind) }
func (d *Data) SetKeys() []game.SetKey {
	out := make([]game.SetKey, len(configs.SetKeys))
	for i, k := range configs.SetKeys {
		out[i] = game.SetKey{Key: k.Key, Help: k.Doc}
	}
	return out
}

func (d *Data) Policies(game.Choice) ([]game.Policy, string, error) {
	var out []game.Policy
	for _, t := range ai.Tiers() {
		out = append(out, game.Policy{Name: t.Name, Summary: t.Doc})
	}
	return out, ai.Default, nil
}

func (d *Data) Policy(_ game.Choice, name string) (string, error) {
	if name == "" {
		return ai.Default, nil
	}
	if _, ok := ai.TierByName(name); ok {
		return name, nil
	}
	var names []string
	for _, t := range ai.Tiers() {
		names = append(names, t.Name)
	}
	msg := fmt.Sprintf("no policy %q: the tiers are %s", name, strings.Join(names, ", "))
	if s := typo.Nearest(name, names); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	return "", game.Usagef("%s", msg)
}

func (d *Data) choice(c game.Choice) (enc, party string, err error) {
	enc, party = DefaultEncounter, DefaultParty
	for k, v := range c {
		switch k {
		case "encounter":
			enc = v
		case "party":
			party = v
		default:
			return "", "", game.Usagef("the horizon game has no option %q (encounter, party)", k)
		}
	}
	if ok, _ := d.has("encounters", enc); !ok {
		return "", "", game.Usagef("no encounter %q%s", enc, suggestionOf(enc, "encounters", d))
	}
	if ok, _ := d.has("parties", party); !ok {
		return "", "", game.Usagef("no party %q%s", party, suggestionOf(party, "parties", d))
	}
	return enc, party, nil
}

func (d *Data) has(kind, name string) (bool, []string) {
	names, _ := d.x.List(kind)
	return slices.Contains(names, name), names
}

func suggestionOf(name, kind string, d *Data) string {
	_, names := d.has(kind, name)
	if s := typo.Nearest(name, names); s != "" {
		return fmt.Sprintf("; did you mean %q?", s)
	}
	return fmt.Sprintf(" (the %s: %s)", kind, strings.Join(names, ", "))
}

// Design compiles the design of the choice's encounter and party.
func (d *Data) Design(ctx context.Context, c game.Choice, overrides []string, seed uint64) (game.Design, error) {
	enc, party, err := d.choice(c)
	if err != nil {
		return nil, err
	}
	comp, err := d.x.Compile(enc, party, overrides)
	if err != nil {
		if strings.HasPrefix(err.Error(), "-set ") {
			return nil, &game.UsageError{Err: err}
		}
		return nil, err
	}
	return newDesign(comp, overrides, d.x.Digest)
}

// Validate compiles every encounter with every party (with files, over
// the data loaded: only what those files give must compile).
func (d *Data) Validate(ctx context.Context, files []string) (string, error) {
	x := d.x
	if len(files) > 0 {
		srcs, err := configs.EmbeddedSources()
		if err != nil {
			return "", err
		}
		r := yamldata.NewReader(ctx)
		for _, f := range files {
			b, err := r.Read(f)
			if err != nil {
				return "", err
			}
			srcs = append(srcs, configs.Source{File: f, Data: b, Layer: 1})
		}
		if x, err = configs.LoadSources(ctx, srcs); err != nil {
			return "", err
		}
	}
	var errs []error
	encs, _ := x.List("encounters")
	parties, _ := x.List("parties")
	for _, e := range encs {
		for _, p := range parties {
			if ctx.Err() != nil {
				return "", ctx.Err()
			}
			if _, err := x.Compile(e, p, nil); err != nil {
				errs = append(errs, err)
			}
		}
	}
	if len(errs) > 0 {
		return "", errors.Join(errs...)
	}
	ms, _ := x.List("machines")
	hs, _ := x.List("hunters")
	p := game.Plural
	return "ok: " + strings.Join([]string{p(len(encs), "encounter"), p(len(parties), "party"), p(len(ms), "machine"),
		p(len(hs), "hunter"), p(len(x.DiceOrder), "colour") + " of dice"}, ", "), nil
}

// Design is one compiled design.
type Design struct {
	c        *configs.Compiled
	sc       *sim.Scenario
	set      []string
	schema   game.Schema
	hash     string
	slots    slots
	compKeys [][2]int            // the components list's items: enemy, component
	pts      [sim.MaxEnemies]int // each spawned machine's encounter points
}

// slots are the record's slots the player fills, looked up once.
type slots struct {
	faints, faintsTotal, taken, takenTotal, firstFaint, glory, salvage, attacks, kills, played, left int
	killed, escaped, torn, drawn, cardDmg, points, turns, modelTurns                                 int
}

func newDesign(c *configs.Compiled, set []string, digest string) (*Design, error) {
	d := &Design{c: c, sc: c.Sc, set: set}
	for e := 0; e < c.Sc.NE; e++ {
		d.pts[e] = int(c.Sc.Machines[c.Sc.Spawns[e].Machine].Points)
	}
	if err := d.buildSchema(); err != nil {
		return nil, err
	}
	sum := sha256.Sum256(fmt.Appendf(nil, "%s|%s|%s|%q", digest, c.Encounter, c.Party, set))
	d.hash = hex.EncodeToString(sum[:8])
	return d, nil
}

func (d *Design) Schema() *game.Schema { return &d.schema }
func (d *Design) Hash() string         { return d.hash }

func (d *Design) Title() string {
	return fmt.Sprintf("%s vs %s", d.c.Party, d.sc.Title)
}

func (d *Design) Config() []game.KV {
	sc := d.sc
	var hunters, machines []string
	for i := 0; i < sc.NH; i++ {
		hunters = append(hunters, sc.Hunters[i].Name)
	}
	for i := 0; i < sc.NE; i++ {
		machines = append(machines, sc.Machines[sc.Spawns[i].Machine].Name)
	}
	kv := []game.KV{
		{Key: "encounter", Value: fmt.Sprintf("%s (%s): threshold %d of %d encounter points", d.c.Encounter, sc.Title, sc.Threshold, sc.Points)},
		{Key: "party", Value: fmt.Sprintf("%s: %s", d.c.Party, strings.Join(hunters, ", "))},
		{Key: "machines", Value: strings.Join(machines, ", ")},
		{Key: "dice", Value: diceText(&sc.Dice)},
	}
	for _, s := range d.set {
		kv = append(kv, game.KV{Key: "set", Value: s})
	}
	r := d.c.Data.Rules
	def := configs.DefaultRules()
	var changed []string
	for i := range configs.RuleDefs {
		rd := &configs.RuleDefs[i]
		if v := rd.Format(&r); v != rd.Format(&def) {
			changed = append(changed, rd.Key+"="+v)
		}
	}
	if len(changed) > 0 {
		kv = append(kv, game.KV{Key: "rules", Value: strings.Join(changed, ", ")})
	}
	kv = append(kv, game.KV{Key: "data", Value: d.hash})
	return kv
}

func diceText(d *sim.Dice) string {
	var parts []string
	for c := 0; c < d.N; c++ {
		die := &d.Die[c]
		var fs []string
		for f := 0; f < int(die.NFaces); f++ {
			fs = append(fs, faceText(die.Faces[f]))
		}
		parts = append(parts, fmt.Sprintf("%s [%s]", die.Name, strings.Join(fs, " ")))
	}
	return strings.Join(parts, "; ")
}

func faceText(f sim.Face) string {
	switch {
	case f.Crit && f.Pips == 0:
		return "crit"
	case f.Crit:
		return strconv.Itoa(int(f.Pips)) + "+crit"
	}
	return strconv.Itoa(int(f.Pips))
}

func (d *Design) Levers() []game.Lever {
	sc := d.sc
	out := []game.Lever{{Label: "Encounter threshold", Set: "encounter.threshold", Value: sc.Threshold, Min: 1, Max: sc.Points,
		Usual: []game.Tendency{{Figure: "win:hunters", Sign: -1}}}}
	for i, k := range d.c.Machines {
		m := &sc.Machines[i]
		out = append(out,
			game.Lever{Label: m.Name + " HP", Set: "machine." + k + ".hp", Value: int(m.HP), Min: max(1, int(m.HP)/2), Max: int(m.HP) * 2,
				Usual: []game.Tendency{{Figure: "win:hunters", Sign: -1}}},
			game.Lever{Label: m.Name + " armour", Set: "machine." + k + ".armour", Value: int(m.Armour), Min: 0, Max: int(m.Armour) + 3,
				Usual: []game.Tendency{{Figure: "win:hunters", Sign: -1}}})
	}
	for i, k := range d.c.Hunters {
		l := &sc.Hunters[i]
		out = append(out, game.Lever{Label: l.Name + " hand size", Set: "hunter." + k + ".hand_size", Value: int(l.HandMax), Min: 3, Max: 8,
			Usual: []game.Tendency{{Figure: "win:hunters", Sign: 1}}})
	}
	return out
}

func (d *Design) Ablations() []game.Ablation {
	sc := d.sc
	var out []game.Ablation
	for mi, k := range d.c.Machines {
		for n, ci := range sc.Decks[mi].Cards {
			out = append(out, game.Ablation{Label: sc.BCards[ci].Label, Group: "behaviour card",
				Set: fmt.Sprintf("behaviour.%s.%d=blank", k, n+1)})
		}
	}
	return out
}

// NewPlayer returns a player of the tier named.
func (d *Design) NewPlayer(policy string) (game.Player, error) {
	if policy == "" {
		policy = ai.Default
	}
	t, ok := ai.TierByName(policy)
	if !ok {
		return nil, game.Usagef("no policy %q", policy)
	}
	return &Player{d: d, pol: t.New()}, nil
}

// Player plays hunts of one design for one worker.
type Player struct {
	d   *Design
	pol sim.Policy
	h   sim.Hunt
}

// Hunt is the player's hunt, as the last one played left it (its
// random draws and record: for benchmarks).
func (p *Player) Hunt() *sim.Hunt { return &p.h }

func (p *Player) Play(seed, index uint64, rec *game.Record) {
	p.h.SetTracer(nil)
	p.play(seed, index, rec)
}

func (p *Player) Trace(seed, index uint64, rec *game.Record, w, events io.Writer) error {
	t := sim.NewTracer(w, events)
	p.h.SetTracer(t)
	p.play(seed, index, rec)
	p.h.SetTracer(nil)
	return t.Err()
}

func (p *Player) play(seed, index uint64, rec *game.Record) {
	h := &p.h
	h.Reset(p.d.sc, p.pol, seed, index)
	h.Play()
	p.d.fill(h, rec)
}
