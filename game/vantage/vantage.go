// Package vantage plugs Vantage into balance through the game contract:
// a duel of small parties on a hex map, fought with the tactics of one
// rules page (vantage for ranged attacks, strike for melee attacks,
// counter-vantage, counter-strike, Evade). The rules core is sim/vantage,
// the policies ai/vantage, the data configs/vantage.
//
// The balance question is the page's own: what the tactics are worth.
// The players' party is chosen with -players (the builds archer,
// duellist and evader each have a one-build party), the opposition with
// -enemies, and every part of the page is a rules: switch that -set and
// the ablations turn off.
package vantage

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"

	aiv "balance/ai/vantage"
	cfgv "balance/configs/vantage"
	"balance/game"
	"balance/internal/typo"
	sim "balance/sim/vantage"
)

// Game is Vantage.
type Game struct{}

var (
	_ game.Game     = Game{}
	_ game.Odds     = Game{}
	_ game.Embedded = Game{}
)

// Info names the game.
func (Game) Info() game.Info {
	return game.Info{
		Name:    "vantage",
		Title:   "Vantage",
		Summary: "a duel of small parties on a hex map, fought with vantage, strike and Evade",
		Attribution: "the tactics rules of the page \"Using Tactics\" (vantage, strike, Evade), simulated as written; " +
			"the roll, action points, attacks, damage, movement, turn order and the end, and every build, party and map, " +
			"are sample data and rulings not from the source",
	}
}

// Option names.
const (
	OptPlayers = "players"
	OptEnemies = "enemies"
	OptMap     = "map"
)

// Options are the game's flags.
func (Game) Options() []game.Option {
	return []game.Option{
		{Name: OptPlayers, Default: "archer", Usage: "the players' party (parties.yaml)", List: "parties", Sweep: true},
		{Name: OptEnemies, Default: "raider", Usage: "the enemies' party (parties.yaml)", List: "parties"},
		{Name: OptMap, Default: "glade", Usage: "the hex map (maps.yaml)", List: "maps"},
	}
}

// Files are the bundled data files ('balance version' prints their hash).
func (Game) Files() fs.FS { return cfgv.Files() }

// Load reads the bundled data and the data files of dir over it; a dir
// that is not a directory is a usage error.
func (Game) Load(ctx context.Context, dir string) (game.Data, error) {
	if err := dataDir(dir); err != nil {
		return nil, err
	}
	d, err := cfgv.Load(ctx, dir)
	if err != nil {
		return nil, err
	}
	return &Data{d: d}, nil
}

// dataDir checks that the -data directory dir ("" for none) is one.
func dataDir(dir string) error { return game.DataDir(dir) }

// Data is Vantage's loaded data.
type Data struct {
	d *cfgv.Data
}

// Kinds are the kinds of entry 'balance list' prints.
func (d *Data) Kinds() []string { return []string{"builds", "parties", "maps"} }

// List returns the names of one kind's entries, sorted.
func (d *Data) List(kind string) ([]string, error) { return d.d.Names(kind) }

// SetKeys documents the keys -set takes.
func (d *Data) SetKeys() []game.SetKey {
	var out []game.SetKey
	for _, k := range cfgv.SetKeys() {
		out = append(out, game.SetKey{Key: k[0], Help: k[1]})
	}
	return out
}

// Policies are the players' tiers, weakest first (they take no
// settings).
func (d *Data) Policies(game.Choice) ([]game.Policy, string, error) {
	out := make([]game.Policy, len(aiv.Tiers))
	for i, t := range aiv.Tiers {
		out[i] = game.Policy{Name: t.Name, Summary: t.Summary}
	}
	return out, aiv.Tiers[aiv.DefaultTier].Name, nil
}

// Policy resolves a tier's name ("" is the default tier).
func (d *Data) Policy(_ game.Choice, name string) (string, error) {
	if name == "" {
		return aiv.Tiers[aiv.DefaultTier].Name, nil
	}
	if _, err := aiv.ParseTier(name); err != nil {
		names := make([]string, len(aiv.Tiers))
		for i, t := range aiv.Tiers {
			names[i] = t.Name
		}
		if near := typo.Nearest(name, names); near != "" {
			return "", game.Usagef("%v; did you mean %q?", err, near)
		}
		return "", &game.UsageError{Err: err}
	}
	return name, nil
}

// Validate checks the data, or the files given as their kinds.
func (d *Data) Validate(ctx context.Context, files []string) (string, error) {
	return d.d.Validate(ctx, files)
}

// Design compiles the duel the options choose, after the overrides. An
// unknown option or name and a refused override are *game.UsageErrors.
func (d *Data) Design(ctx context.Context, c game.Choice, overrides []string, seed uint64) (game.Design, error) {
	opts := Game{}.Options()
	names := make([]string, len(opts))
	val := map[string]string{}
	for i, o := range opts {
		names[i] = o.Name
		val[o.Name] = o.Default
	}
	for k, v := range c {
		if !slices.Contains(names, k) {
			msg := fmt.Sprintf("vantage has no option -%s; its options are -%s", k, strings.Join(names, ", -"))
			if near := typo.Nearest(k, names); near != "" {
				msg += fmt.Sprintf("; did you mean -%s?", near)
			}
			return nil, game.Usagef("%s", msg)
		}
		val[k] = v
	}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("loading the data stopped before the design compiled: %w", context.Cause(ctx))
	}
	data, err := d.d.With(overrides)
	if err != nil {
		return nil, &game.UsageError{Err: err}
	}
	sc, err := data.Scenario(val[OptPlayers], val[OptEnemies], val[OptMap])
	if ne := (*cfgv.NameError)(nil); errors.As(err, &ne) {
		return nil, &game.UsageError{Err: err}
	}
	if err != nil {
		return nil, err
	}
	return newDesign(sc, &data.Config, val, overrides), nil
}

// Design is one compiled duel.
type Design struct {
	sc        *sim.Scenario
	cfg       *cfgv.Config
	choice    map[string]string
	overrides []string
	schema    game.Schema
	hash      string
	title     string
	slot      slots
}

// slots are the first slots in Record.V of the values the duel records.
type slots struct {
	tries, gains       [3]int // by tactic, per fighter
	counters, attacks  [2]int // per fighter
	dealt, taken, left int    // per fighter
	down               [2]int // per fighter of each side
	hpLost             [2]int
	firstEnemies       int
}

// Outcomes, in the schema's order: the index of sim's outcome minus one.
const (
	playersWon = iota
	enemiesWon
	draw
)

func newDesign(sc *sim.Scenario, cfg *cfgv.Config, choice map[string]string, overrides []string) *Design {
	d := &Design{sc: sc, cfg: cfg, choice: choice, overrides: overrides}
	pp, ep := cfg.Parties[choice[OptPlayers]], cfg.Parties[choice[OptEnemies]]
	d.title = pp.Name + " vs " + ep.Name
	cap := sc.Rules.RoundCap
	tries := sc.Rules.AP * cap

	fighters := game.List{Key: "fighters", Label: "Fighters"}
	sides := [2]game.List{{Key: "player_fighters", Label: "The players' fighters"}, {Key: "enemy_fighters", Label: "The enemies' fighters"}}
	hp, hpSide := make([]int, sc.N), [2]int{}
	for i := 0; i < sc.N; i++ {
		f := &sc.F[i]
		it := game.Item{Key: f.Key, Label: fmt.Sprintf("%s (%s %s)", f.Label, sim.SideNames[f.Side], f.Key[1:]),
			Info: []game.KV{{Key: "build", Value: f.Label}, {Key: "numbers", Value: sc.Describe(i)}}}
		fighters.Items = append(fighters.Items, it)
		sides[f.Side].Items = append(sides[f.Side].Items, it)
		hp[i] = f.HP
		hpSide[f.Side] += f.HP
	}
	dealtMax := max(hpSide[0], hpSide[1])
	v := []game.Value{}
	for _, name := range sim.TacticNames {
		label := strings.ToUpper(name[:1]) + name[1:]
		v = append(v,
			game.Value{Key: name + "_tries", Label: label + " attempts", Kind: game.Count, Max: tries, Per: "fighters"},
			game.Value{Key: name + "_gains", Label: label + " successes", Kind: game.Count, Max: tries, Per: "fighters"})
	}
	v = append(v,
		game.Value{Key: "counter_vantage", Label: "Counter-vantage gained", Kind: game.Rate, Max: tries, Per: "fighters"},
		game.Value{Key: "counter_strike", Label: "Counter-strike gained", Kind: game.Rate, Max: tries, Per: "fighters"},
		game.Value{Key: "ranged_attacks", Label: "Ranged attacks", Kind: game.Count, Max: tries, Per: "fighters"},
		game.Value{Key: "melee_attacks", Label: "Melee attacks", Kind: game.Count, Max: tries, Per: "fighters"},
		game.Value{Key: "damage_dealt", Label: "HP of damage dealt", Kind: game.Count, Max: dealtMax, Per: "fighters"},
		game.Value{Key: "damage_taken", Label: "HP of damage taken", Kind: game.Count, Per: "fighters", MaxPer: hp},
		game.Value{Key: "hp_left", Label: "HP left", Kind: game.Count, Per: "fighters", MaxPer: hp},
		game.Value{Key: "player_down", Label: "Player down", Kind: game.Time, Per: "player_fighters"},
		game.Value{Key: "enemy_down", Label: "Enemy down", Kind: game.Time, Per: "enemy_fighters"},
		game.Value{Key: "players_hp_lost", Label: "HP the players lost", Kind: game.Count, Max: hpSide[0], Lead: true},
		game.Value{Key: "enemies_hp_lost", Label: "HP the enemies lost", Kind: game.Count, Max: hpSide[1], Lead: true},
		game.Value{Key: "enemies_first", Label: "Enemies took each round's first turn", Kind: game.Flag},
	)
	round := game.Unit{Key: "round", Plural: "rounds", Label: "Round", Max: cap}
	d.schema = game.Schema{
		Game:  "vantage",
		Sides: []game.Side{{Key: "players", Label: "Players", Plural: true}, {Key: "enemies", Label: "Enemies", Plural: true}},
		Outcomes: []game.Outcome{
			{Key: "players_won", Label: "Players won: every enemy down", Winner: 0},
			{Key: "enemies_won", Label: "Enemies won: every player down", Winner: 1},
			{Key: "draw", Label: "Draw: both sides standing after the round cap", Winner: -1},
		},
		Length: round,
		Clock:  round,
		Lists:  []game.List{fighters, sides[0], sides[1]},
		Values: v,
		Series: []game.Series{
			{Key: "damage_to_enemies", Label: "HP the enemies lost", Max: hpSide[1], MaxLabel: "every enemy down"},
			{Key: "damage_to_players", Label: "HP the players lost", Max: hpSide[0], MaxLabel: "every player down"},
		},
		Ratios: []game.Ratio{
			{Key: "vantage_rate", Label: "Vantage gained per attempt", Num: "vantage_gains", Den: "vantage_tries", Trials: true},
			{Key: "strike_rate", Label: "Strike gained per attempt", Num: "strike_gains", Den: "strike_tries", Trials: true},
			{Key: "evade_rate", Label: "Evades per attempt", Num: "evade_gains", Den: "evade_tries", Trials: true},
		},
		Curves: []game.Curve{
			{Key: "players_standing", Label: "Players standing", Of: "player_down", Complement: true},
			{Key: "enemies_standing", Label: "Enemies standing", Of: "enemy_down", Complement: true},
		},
		Headline: []string{"players_hp_lost", "enemies_hp_lost"},
		Feel: &game.Feel{Max: hpSide[:], Margin: []int{(hpSide[0]+3)/4 - 1, (hpSide[1]+3)/4 - 1},
			Standing: "share of HP left", Close: "a fighter of the side down, or the side under a quarter of its HP at the end of a round",
			Idle: "a fighter's turn with no tactic tried and no attack made (it only moved, or passed)"},
	}
	if err := d.schema.Build(); err != nil {
		panic(err) // the schema is fixed by this file
	}
	s := &d.schema
	for t, name := range sim.TacticNames {
		d.slot.tries[t], d.slot.gains[t] = s.Slot(name+"_tries", 0), s.Slot(name+"_gains", 0)
	}
	d.slot.counters = [2]int{s.Slot("counter_vantage", 0), s.Slot("counter_strike", 0)}
	d.slot.attacks = [2]int{s.Slot("ranged_attacks", 0), s.Slot("melee_attacks", 0)}
	d.slot.dealt, d.slot.taken, d.slot.left = s.Slot("damage_dealt", 0), s.Slot("damage_taken", 0), s.Slot("hp_left", 0)
	d.slot.down = [2]int{s.Slot("player_down", 0), s.Slot("enemy_down", 0)}
	d.slot.hpLost = [2]int{s.Slot("players_hp_lost", 0), s.Slot("enemies_hp_lost", 0)}
	d.slot.firstEnemies = s.Slot("enemies_first", 0)
	sum := sha256.Sum256(fmt.Appendf(nil, "%+v", *sc))
	d.hash = hex.EncodeToString(sum[:6])
	return d
}

// Schema is the layout of the duel's record.
func (d *Design) Schema() *game.Schema { return &d.schema }

// Title names the duel, e.g. "Archer vs Raider".
func (d *Design) Title() string { return d.title }

// Hash identifies the compiled duel: equal hashes play equal duels.
func (d *Design) Hash() string { return d.hash }

// Config is the duel's configuration as the reports print it: the
// parties, the map, every rule, the overrides and the hash.
func (d *Design) Config() []game.KV {
	out := []game.KV{
		{Key: "players", Value: d.choice[OptPlayers] + ": " + d.members(sim.Players)},
		{Key: "enemies", Value: d.choice[OptEnemies] + ": " + d.members(sim.Enemies)},
		{Key: "map", Value: d.choice[OptMap]},
	}
	var page, rulings []string
	for i := range cfgv.Rules {
		k := &cfgv.Rules[i]
		kv := k.Key + "=" + k.Text(&d.sc.Rules)
		if k.Page {
			page = append(page, kv)
		} else {
			rulings = append(rulings, kv)
		}
	}
	out = append(out, game.KV{Key: "rulings (not from the source)", Value: strings.Join(rulings, ", ")},
		game.KV{Key: "the page's rules", Value: strings.Join(page, ", ")})
	if len(d.overrides) > 0 {
		out = append(out, game.KV{Key: "set", Value: strings.Join(d.overrides, " ")})
	}
	return append(out, game.KV{Key: "design hash", Value: d.hash})
}

func (d *Design) members(side int) string {
	lo, hi := d.sc.Side(side)
	var out []string
	for i := lo; i < hi; i++ {
		out = append(out, d.sc.F[i].Label)
	}
	return strings.Join(out, ", ")
}

// Levers are the numbers of the players' builds sensitivity moves and
// tune searches: each usually raises the players' win rate as it rises.
func (d *Design) Levers() []game.Lever {
	var out []game.Lever
	seen := map[string]bool{}
	up := []game.Tendency{{Figure: "win:players", Sign: +1}}
	top := d.sc.Rules.Roll.Dice * d.sc.Rules.Roll.Sides // a stat past it is sure to succeed
	longest := 1
	for i := 0; i < d.sc.N; i++ {
		longest = max(longest, d.sc.F[i].Range)
	}
	for _, slug := range d.cfg.Parties[d.choice[OptPlayers]].Members {
		if seen[slug] {
			continue
		}
		seen[slug] = true
		b := d.cfg.Builds[slug]
		add := func(field string, v, lo, hi int) {
			out = append(out, game.Lever{Label: b.Name + " " + strings.ReplaceAll(field, ".", " "), Set: "builds." + slug + "." + field,
				Value: v, Min: lo, Max: hi, Usual: up})
		}
		for s, name := range sim.StatNames {
			add(name, b.Stat[s], 0, min(top, sim.MaxStat))
		}
		add("hp", b.HP, 1, min(3*b.HP, sim.MaxHP))
		if b.Ranged != nil {
			add("ranged.range", b.Ranged.Range, 1, min(longest+2, sim.MaxRange))
			add("ranged.damage", b.Ranged.Damage, 0, min(2*b.Ranged.Damage+2, sim.MaxDamage))
		}
		if b.Melee != nil {
			add("melee.damage", b.Melee.Damage, 0, min(2*b.Melee.Damage+2, sim.MaxDamage))
		}
	}
	return out
}

// Ablations switch each part of the page off (or to its other reading),
// one at a time; parts already off are left out.
func (d *Design) Ablations() []game.Ablation {
	var out []game.Ablation
	for i := range cfgv.Rules {
		k := &cfgv.Rules[i]
		if k.Page && k.Off != "" && k.Text(&d.sc.Rules) != k.Off {
			out = append(out, game.Ablation{Label: k.Ablation, Group: "the page's rules", Set: "rules." + k.Key + "=" + k.Off})
		}
	}
	return out
}

// NewPlayer returns a player for one worker, the players' side played by
// the named tier ("" for the default), the enemies by basic.
func (d *Design) NewPlayer(policy string) (game.Player, error) {
	t := aiv.DefaultTier
	if policy != "" {
		var err error
		if t, err = aiv.ParseTier(policy); err != nil {
			return nil, err
		}
	}
	return &Player{d: d, pol: [2]aiv.Tier{t, aiv.Basic}}, nil
}

// Player plays duels of one design for one worker.
type Player struct {
	d    *Design
	pol  [2]aiv.Tier
	duel sim.Duel
}

// Play plays duel index of seed into rec. It allocates nothing.
func (p *Player) Play(seed, index uint64, rec *game.Record) {
	p.duel.T = nil
	p.play(seed, index, rec)
}

// Trace plays the same duel as Play, writing it play by play.
func (p *Player) Trace(seed, index uint64, rec *game.Record, w, events io.Writer) error {
	t := &sim.Tracer{W: w, J: events}
	p.duel.T = t
	p.play(seed, index, rec)
	p.duel.T = nil
	return t.Err()
}

func (p *Player) play(seed, index uint64, rec *game.Record) {
	d := &p.duel
	d.Reset(p.d.sc, seed, index)
	aiv.Play(d, p.pol)
	p.fill(rec)
}

// Draws returns the random draws of the duel played last.
func (p *Player) Draws() uint64 { return p.duel.Draws() }

// Turns returns the fighter-turns (the model-turns: one standing
// fighter's turn) of the duel played last.
func (p *Player) Turns() int { return p.duel.Rec.Turns }

// fill writes the duel just played into rec.
func (p *Player) fill(rec *game.Record) {
	rec.Reset()
	d := &p.duel
	r := &d.Rec
	s := &p.d.slot
	sc := p.d.sc
	rec.Outcome = int(r.Outcome) - 1
	rec.Length = r.Rounds
	rec.End = r.Rounds
	for i := 0; i < sc.N; i++ {
		for t := range 3 {
			rec.V[s.tries[t]+i] = r.Tries[i][t]
			rec.V[s.gains[t]+i] = r.Gains[i][t]
		}
		for k := range 2 {
			rec.V[s.counters[k]+i] = r.Counters[i][k]
			rec.V[s.attacks[k]+i] = r.Attacks[i][k]
		}
		rec.V[s.dealt+i] = r.Dealt[i]
		rec.V[s.taken+i] = r.Taken[i]
		rec.V[s.left+i] = int32(d.S[i].HP)
		side := sc.F[i].Side
		lo, _ := sc.Side(side)
		rec.V[s.down[side]+i-lo] = r.Down[i]
		rec.V[s.hpLost[side]] += r.Taken[i]
	}
	if r.First == sim.Enemies {
		rec.V[s.firstEnemies] = 1
	}
	// The standing at the end of each round: each side's HP less what it
	// lost up to then.
	hp := [2]int{p.d.schema.Feel.Max[0], p.d.schema.Feel.Max[1]}
	for round := 1; round <= r.Rounds; round++ {
		rec.Grow(&p.d.schema, 0, round, r.Damage[sim.Enemies][round])
		rec.Grow(&p.d.schema, 1, round, r.Damage[sim.Players][round])
		hp[0] -= int(r.Damage[sim.Players][round])
		hp[1] -= int(r.Damage[sim.Enemies][round])
		rec.Stand(&p.d.schema, hp[0], hp[1])
	}
	for i := 0; i < sc.N; i++ {
		if r.Down[i] > 0 {
			rec.CloseCall(sc.F[i].Side)
		}
	}
	for side := range 2 {
		rec.F.Turns[side], rec.F.Idle[side] = r.SideTurns[side], r.SideIdle[side]
	}
}
