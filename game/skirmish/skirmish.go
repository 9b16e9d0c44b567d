// Package skirmish plugs the d20 skirmish game into balance through the
// game contract: two warbands (a captain, a first mate and soldiers) and
// uncontrolled creatures fight over loot on a table in inches; the record
// says which warband won and how (on loot, by putting the other out of
// action), the figures lost, the loot carried off and the damage by
// figure and by role.
package skirmish

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"

	aisk "balance/ai/skirmish"
	cfg "balance/configs/skirmish"
	"balance/game"
	"balance/internal/typo"
	sk "balance/sim/skirmish"
)

// Game is the d20 skirmish game.
type Game struct{}

var _ game.Game = Game{}

// Info names the game.
func (Game) Info() game.Info {
	return game.Info{Name: "skirmish", Title: "d20 skirmish",
		Summary: "two warbands and creatures fight over loot with opposed d20 rolls",
		Attribution: "rules after the quick reference of a published d20 skirmish wargame (its authors' work); the weapons table's numbers from it; " +
			"warbands, creatures and the scenario are sample data, not from the source"}
}

// The options' defaults.
const (
	defaultA        = "shooting-crew"
	defaultB        = "melee-crew"
	defaultScenario = "salvage"
)

var _ game.Embedded = Game{}

// Files are the embedded data ('balance version' prints their hash).
func (Game) Files() fs.FS { return cfg.Files }

// Options are warband A, warband B and the scenario.
func (Game) Options() []game.Option {
	return []game.Option{
		{Name: "a", Default: defaultA, Usage: "warband A (a name, or the path of a warband file)", List: "warbands", File: true},
		{Name: "b", Default: defaultB, Usage: "warband B (a name, or the path of a warband file)", List: "warbands", File: true, Sweep: true},
		{Name: "scenario", Default: defaultScenario, Usage: "the scenario (a name, or the path of a scenario file)", List: "scenarios", File: true},
	}
}

// Load reads the embedded data, then dir's files over it.
func (Game) Load(ctx context.Context, dir string) (game.Data, error) {
	if err := game.DataDir(dir); err != nil {
		return nil, err
	}
	d, err := cfg.Load(ctx, dir)
	if err != nil {
		return nil, err
	}
	return &Data{d: d}, nil
}

// Data is the loaded data.
type Data struct{ d *cfg.Data }

// Kinds are warbands, scenarios, creatures and weapons.
func (d *Data) Kinds() []string { return d.d.Kinds() }

// List lists one kind.
func (d *Data) List(kind string) ([]string, error) {
	l, err := d.d.List(kind)
	if err != nil {
		return nil, &game.UsageError{Err: err}
	}
	return l, nil
}

// SetKeys documents -set.
func (d *Data) SetKeys() []game.SetKey {
	var out []game.SetKey
	for _, k := range cfg.SetKeys() {
		out = append(out, game.SetKey{Key: k[0], Help: k[1]})
	}
	return out
}

// Policies are the tiers of the warbands' play: a tier name plays warband
// A with that tier and B with basic; "TIER/TIER" names both.
func (d *Data) Policies(game.Choice) ([]game.Policy, string, error) {
	out := make([]game.Policy, len(aisk.Tiers))
	for i, t := range aisk.Tiers {
		out[i] = game.Policy{Name: t.Name, Summary: t.Summary + " (warband A; B plays basic; TIER/TIER names both)"}
	}
	return out, aisk.DefaultTier, nil
}

// Policy checks a tier's name: TIER (warband A's; B plays basic) or
// TIER/TIER.
func (d *Data) Policy(_ game.Choice, name string) (string, error) {
	a, b, both := strings.Cut(name, "/")
	for _, n := range []string{a, b} {
		if !both && n == b {
			continue
		}
		if _, err := aisk.Policy(n); err != nil {
			return "", &game.UsageError{Err: err}
		}
	}
	return name, nil
}

// isPath tells an option value naming a file from a name.
func isPath(v string) bool { return strings.ContainsAny(v, `/\`) || strings.HasSuffix(v, ".yaml") }

// pick resolves option value v (a name of kind, or a file path): a name
// the data do not hold, or a file that is not there, is a usage error.
func (d *Data) pick(ctx context.Context, v, kind, opt string) (any, error) {
	if isPath(v) {
		st, err := os.Stat(v)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil, game.Usagef("-%s %s: no such file", opt, v)
		case err != nil:
			return nil, fmt.Errorf("-%s %s: %v", opt, v, err)
		case st.IsDir():
			return nil, game.Usagef("-%s %s: is a directory, not a file", opt, v)
		}
		return d.d.LoadFile(ctx, v, kind)
	}
	names, _ := d.d.List(kind)
	if kind == "warbands" {
		if w, ok := d.d.Warbands[v]; ok {
			return w, nil
		}
	} else if s, ok := d.d.Scenarios[v]; ok {
		return s, nil
	}
	msg := fmt.Sprintf("-%s %s: no %s %q (known: %s)", opt, v, strings.TrimSuffix(kind, "s"), v, strings.Join(names, ", "))
	if s := typo.Nearest(v, names); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	return nil, &game.UsageError{Err: errors.New(msg)}
}

// Design compiles one design: the chosen warbands and scenario, then the
// overrides in order.
func (d *Data) Design(ctx context.Context, c game.Choice, overrides []string, seed uint64) (game.Design, error) {
	opt := func(name, def string) string {
		if v, ok := c[name]; ok && v != "" {
			return v
		}
		return def
	}
	for k := range c {
		if k != "a" && k != "b" && k != "scenario" {
			return nil, game.Usagef("the skirmish game has no option -%s (its options: -a, -b, -scenario)", k)
		}
	}
	av, err := d.pick(ctx, opt("a", defaultA), "warbands", "a")
	if err != nil {
		return nil, err
	}
	bv, err := d.pick(ctx, opt("b", defaultB), "warbands", "b")
	if err != nil {
		return nil, err
	}
	sv, err := d.pick(ctx, opt("scenario", defaultScenario), "scenarios", "scenario")
	if err != nil {
		return nil, err
	}
	des := d.d.NewDesign(av.(*cfg.WarbandDef), bv.(*cfg.WarbandDef), sv.(*cfg.ScenarioDef))
	for _, kv := range overrides {
		if err := des.Set(kv); err != nil {
			return nil, &game.UsageError{Err: err}
		}
	}
	s, err := des.Compile()
	if err != nil {
		return nil, err
	}
	return newDesign(des, s, c, overrides), nil
}

// Validate checks the data: every warband against every other on every
// scenario compiles; with files, those files, decoded as their kind.
func (d *Data) Validate(ctx context.Context, files []string) (string, error) {
	if len(files) > 0 {
		if err := d.d.ValidateFiles(ctx, files); err != nil {
			return "", err
		}
		return "ok: " + game.Plural(len(files), "file"), nil
	}
	ws, _ := d.d.List("warbands")
	ss, _ := d.d.List("scenarios")
	var errs []error
	for _, s := range ss {
		for _, a := range ws {
			for _, b := range ws {
				if ctx.Err() != nil {
					return "", ctx.Err()
				}
				des := d.d.NewDesign(d.d.Warbands[a], d.d.Warbands[b], d.d.Scenarios[s])
				if _, err := des.Compile(); err != nil {
					errs = append(errs, err)
				}
			}
		}
	}
	if len(errs) > 0 {
		return "", errors.Join(errs...)
	}
	cs, _ := d.d.List("creatures")
	wp, _ := d.d.List("weapons")
	return fmt.Sprintf("ok: %s, %s, %s, %s", game.Plural(len(ws), "warband"), game.Plural(len(ss), "scenario"), game.Plural(len(cs), "creature"), game.Plural(len(wp), "weapon")), nil
}

// Design is one compiled design.
type Design struct {
	des       *cfg.Design
	setup     *sk.Setup
	schema    game.Schema
	choice    game.Choice
	overrides []string
	hash      string
	roleOf    [sk.MaxFigures]int8 // the item of the roles list each figure counts in
	nRoles    int
	slot      slots
}

// slots are the Record's slots, looked up once.
type slots struct {
	lootA, lootB, offA, offB, lostA, lostB, slain                   int
	out, exit, dealt, taken, shots, hits, fights, won               int
	roleDealt, roleTaken                                            int
	crits, jams, grenades, powers, powersOK                         int
	unlocks, unlockTries, intercepts, falls, swimFails, activations int
}

// Outcome keys in the schema's order, which is sim/skirmish's.
var outcomeKeys = []string{"a_loot", "a_elimination", "b_loot", "b_elimination", "draw", "wiped"}

func newDesign(des *cfg.Design, s *sk.Setup, c game.Choice, overrides []string) *Design {
	d := &Design{des: des, setup: s, choice: c, overrides: slices.Clone(overrides)}
	an, bn := s.Bands[0], s.Bands[1]
	nA, nB, nC := s.NBand[0], s.NBand[1], s.NCreatures()
	figs := game.List{Key: "figures", Label: "Figures"}
	caps := damageCaps(s)
	for i := range s.Profiles {
		p := &s.Profiles[i]
		key, label := figureKey(des, s, i)
		figs.Items = append(figs.Items, game.Item{Key: key, Label: label, Info: []game.KV{
			{Key: "role", Value: p.Role.String()}, {Key: "health", Value: strconv.Itoa(int(p.Health))},
			{Key: "stats", Value: fmt.Sprintf("Move %g, Fight %+d, Shoot %+d, Armour %d, Will %+d", p.Move, p.Fight, p.Shoot, p.Armour, p.Will)}}})
	}
	roles := game.List{Key: "roles", Label: "Roles"}
	for side := 0; side < 2; side++ {
		for _, r := range []sk.Role{sk.Captain, sk.FirstMate, sk.Soldier} {
			roles.Items = append(roles.Items, game.Item{Key: fmt.Sprintf("%s_%s", "ab"[side:side+1], r.String()),
				Label: fmt.Sprintf("%s: %s", s.Bands[side], roleLabel(r))})
		}
	}
	roles.Items = append(roles.Items, game.Item{Key: "creatures", Label: "Creatures"})
	d.nRoles = len(roles.Items)
	for i := range s.Profiles {
		p := &s.Profiles[i]
		switch p.Side {
		case sk.SideCreatures:
			d.roleOf[i] = 6
		default:
			d.roleOf[i] = int8(int(p.Side)*3 + int(min(p.Role, sk.Soldier)))
		}
	}
	cap := s.Scenario.TurnCap
	nLoot := len(s.Scenario.Loot)
	d.schema = game.Schema{
		Game:  "skirmish",
		Sides: []game.Side{{Key: "a", Label: an, Plural: des.Bands[0].Plural}, {Key: "b", Label: bn, Plural: des.Bands[1].Plural}},
		Outcomes: []game.Outcome{
			{Key: outcomeKeys[sk.ALoot], Label: an + " won on loot", Winner: 0},
			{Key: outcomeKeys[sk.AElim], Label: an + " won: " + bn + " out of action", Winner: 0},
			{Key: outcomeKeys[sk.BLoot], Label: bn + " won on loot", Winner: 1},
			{Key: outcomeKeys[sk.BElim], Label: bn + " won: " + an + " out of action", Winner: 1},
			{Key: outcomeKeys[sk.Draw], Label: "Draw: equal loot", Winner: -1},
			{Key: outcomeKeys[sk.Wiped], Label: "Both warbands out of action", Winner: -1},
		},
		Length: game.Unit{Key: "turn", Plural: "turns", Label: "Turn", Max: cap},
		Clock:  game.Unit{Key: "turn", Plural: "turns", Label: "Turn", Max: cap},
		Lists:  []game.List{figs, roles},
		Values: []game.Value{
			{Key: "loot_a", Label: "Loot scored by " + an + " (carried off or held)", Kind: game.Count, Max: nLoot, Lead: true},
			{Key: "loot_b", Label: "Loot scored by " + bn + " (carried off or held)", Kind: game.Count, Max: nLoot, Lead: true},
			{Key: "carried_off_a", Label: "Loot carried off by " + an, Kind: game.Count, Max: nLoot},
			{Key: "carried_off_b", Label: "Loot carried off by " + bn, Kind: game.Count, Max: nLoot},
			{Key: "lost_a", Label: "Figures of " + an + " out of action", Kind: game.Count, Max: nA, Lead: true},
			{Key: "lost_b", Label: "Figures of " + bn + " out of action", Kind: game.Count, Max: nB, Lead: true},
			{Key: "creatures_slain", Label: "Creatures out of action", Kind: game.Count, Max: nC},
			{Key: "out", Label: "Out of action", Kind: game.Time, Per: "figures"},
			{Key: "exit", Label: "Left the table with loot", Kind: game.Time, Per: "figures"},
			{Key: "dealt", Label: "Damage dealt", Kind: game.Count, Per: "figures", MaxPer: caps.dealt},
			{Key: "taken", Label: "Damage taken", Kind: game.Count, Per: "figures", MaxPer: caps.taken},
			{Key: "shots", Label: "Shooting attacks", Kind: game.Rate, Max: 3 * cap, Per: "figures"},
			{Key: "hits", Label: "Shooting attacks won", Kind: game.Rate, Max: 3 * cap, Per: "figures"},
			{Key: "fights", Label: "Combats fought", Kind: game.Rate, Max: 4 * cap, Per: "figures"},
			{Key: "won", Label: "Combats won", Kind: game.Rate, Max: 4 * cap, Per: "figures"},
			{Key: "role_dealt", Label: "Damage dealt, by role", Kind: game.Count, Per: "roles", Max: caps.dealt[0]},
			{Key: "role_taken", Label: "Damage taken, by role", Kind: game.Count, Per: "roles", MaxPer: caps.roleTaken(d.roleOf[:len(s.Profiles)], d.nRoles)},
			{Key: "crits", Label: "Critical hits (natural 20s shooting)", Kind: game.Rate, Max: 40},
			{Key: "jams", Label: "Jams (natural 1s shooting)", Kind: game.Rate, Max: 40},
			{Key: "grenades", Label: "Grenades thrown or fired", Kind: game.Rate, Max: 40},
			{Key: "powers", Label: "Powers attempted", Kind: game.Rate, Max: 40},
			{Key: "powers_ok", Label: "Powers activated", Kind: game.Rate, Max: 40},
			{Key: "unlocks", Label: "Loot unlocked", Kind: game.Rate, Max: 2 * nLoot},
			{Key: "unlock_tries", Label: "Attempts to unlock loot", Kind: game.Rate, Max: 40},
			{Key: "intercepts", Label: "Combats forced on a moving figure", Kind: game.Rate, Max: 40},
			{Key: "falls", Label: "Falls that hurt", Kind: game.Rate, Max: 20},
			{Key: "swim_fails", Label: "Failed Swimming Rolls", Kind: game.Rate, Max: 20},
			{Key: "activations", Label: "Figure activations (a group activation counts each figure)", Kind: game.Rate, Max: len(s.Profiles) * cap},
		},
		Series: []game.Series{
			{Key: "damage_to_a", Label: "Damage taken by " + an, Max: caps.side(s, sk.SideA)},
			{Key: "damage_to_b", Label: "Damage taken by " + bn, Max: caps.side(s, sk.SideB)},
		},
		Ratios: []game.Ratio{
			{Key: "hit_rate", Label: "Shooting attacks won per attack", Num: "hits", Den: "shots", Trials: true, Top: "Best shot"},
			{Key: "combat_win_rate", Label: "Combats won per combat", Num: "won", Den: "fights", Trials: true, Top: "Best fighter (creatures included)"},
			{Key: "unlock_rate", Label: "Loot unlocked per attempt", Num: "unlocks", Den: "unlock_tries", Trials: true},
			{Key: "power_rate", Label: "Powers activated per attempt", Num: "powers_ok", Den: "powers", Trials: true},
		},
		Curves:   []game.Curve{{Key: "standing", Label: "Figures still in action", Of: "out", Complement: true}},
		Headline: []string{"loot_a", "loot_b", "lost_a", "lost_b"},
		Feel: &game.Feel{Max: []int{max(nA, 1), max(nB, 1)}, Margin: []int{(max(nA, 1)+3)/4 - 1, (max(nB, 1)+3)/4 - 1},
			Standing: "share of the warband's figures still in action",
			Close:    "the warband down to a quarter of its figures or fewer at the end of a turn",
			Idle:     "an activation without a fight, a shot, a throw, a power, an unlock or a pick-up, carrying no loot"},
	}
	if err := d.schema.Build(); err != nil {
		panic(err) // the schema is fixed by this file
	}
	sc := &d.schema
	d.slot = slots{
		lootA: sc.Slot("loot_a", 0), lootB: sc.Slot("loot_b", 0), offA: sc.Slot("carried_off_a", 0), offB: sc.Slot("carried_off_b", 0),
		lostA: sc.Slot("lost_a", 0), lostB: sc.Slot("lost_b", 0), slain: sc.Slot("creatures_slain", 0),
		out: sc.Slot("out", 0), exit: sc.Slot("exit", 0), dealt: sc.Slot("dealt", 0), taken: sc.Slot("taken", 0),
		shots: sc.Slot("shots", 0), hits: sc.Slot("hits", 0), fights: sc.Slot("fights", 0), won: sc.Slot("won", 0),
		roleDealt: sc.Slot("role_dealt", 0), roleTaken: sc.Slot("role_taken", 0),
		crits: sc.Slot("crits", 0), jams: sc.Slot("jams", 0), grenades: sc.Slot("grenades", 0),
		powers: sc.Slot("powers", 0), powersOK: sc.Slot("powers_ok", 0), unlocks: sc.Slot("unlocks", 0),
		unlockTries: sc.Slot("unlock_tries", 0), intercepts: sc.Slot("intercepts", 0), falls: sc.Slot("falls", 0),
		swimFails: sc.Slot("swim_fails", 0), activations: sc.Slot("activations", 0),
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n", des.Fingerprint())
	d.hash = hex.EncodeToString(h.Sum(nil)[:6])
	return d
}

// caps are the most damage each figure can take and deal in one
// battle: the tallies' ranges, so that no battle's value is clipped.
type caps struct{ taken, dealt []int }

// damageCaps bounds the damage of a battle from the design's data.
//
// One damage event (a hit, a fall, a failed Swimming Roll, a strain)
// deals at most hit: a winning total is a d20 (20) plus the attacker's
// best Fight or Shoot, its weapon's best modifier (or a bolt's or a
// grenade's attack bonus), the most support it may claim and 10 for the
// situational modifiers (charges, elevation), plus the weapon's damage
// (no Armour taken off), doubled by a critical hit. A figure goes out of
// action at 0 Health, so before its last event it had at least 1 Health
// left: it takes at most its Health, plus what its side's healers can
// restore (each heal power once a turn, on every turn), plus hit − 1.
// A figure, or a role's figures together, deal at most what all the
// figures can take (a blast may catch its own side).
func damageCaps(s *sk.Setup) caps {
	stat, bonus, dmg := 0, 0, 0
	var heal [3]int // heal restored per turn, by side
	for i := range s.Profiles {
		p := &s.Profiles[i]
		stat = max(stat, int(p.Fight), int(p.Shoot))
		for k := 0; k < int(p.NWeapons); k++ {
			w := &s.Weapons[p.Weapons[k]]
			bonus = max(bonus, int(w.Fight), int(w.Shoot), int(w.Attack))
			dmg = max(dmg, int(w.Damage))
		}
		w := &s.Weapons[p.Melee]
		bonus = max(bonus, int(w.Fight))
		dmg = max(dmg, int(w.Damage))
		most := 0
		for k := 0; k < int(p.NPowers); k++ {
			pw := &p.Powers[k]
			switch pw.Op {
			case sk.OpBolt:
				bonus = max(bonus, int(pw.Amount))
			case sk.OpHeal:
				most = max(most, int(pw.Amount))
			}
		}
		heal[min(int(p.Side), 2)] += most
	}
	hit := 2 * (20 + stat + bonus + max(int(s.Rules.SupportCapValue), 0) + 10 + dmg)
	var high float32
	for i := range s.Scenario.Terrain {
		high = max(high, s.Scenario.Terrain[i].Height)
	}
	hit = max(hit, sk.SwimTN+20, sk.FallDamage(high)) // a Will below 0 and a fall too
	turns := s.Scenario.TurnCap
	c := caps{taken: make([]int, len(s.Profiles)), dealt: make([]int, len(s.Profiles))}
	total := 0
	for i := range s.Profiles {
		p := &s.Profiles[i]
		c.taken[i] = int(p.Health) + heal[min(int(p.Side), 2)]*turns + hit - 1
		total += c.taken[i]
	}
	for i := range c.dealt {
		c.dealt[i] = total // a blast may catch its thrower
	}
	return c
}

// roleTaken is the most each role of the roles list (roleOf gives each
// figure's) can take: the sum of its figures'.
func (c caps) roleTaken(roleOf []int8, n int) []int {
	out := make([]int, n)
	for i, r := range roleOf {
		out[r] += c.taken[i]
	}
	return out
}

// side is the most the figures of side can take together.
func (c caps) side(s *sk.Setup, side int8) int {
	n := 0
	for i := range s.Profiles {
		if s.Profiles[i].Side == side {
			n += c.taken[i]
		}
	}
	return max(n, 1)
}

func roleLabel(r sk.Role) string {
	switch r {
	case sk.Captain:
		return "captain"
	case sk.FirstMate:
		return "first mate"
	}
	return "soldiers"
}

// figureKey returns the key and label of figure i in the figures list.
func figureKey(des *cfg.Design, s *sk.Setup, i int) (string, string) {
	p := &s.Profiles[i]
	switch p.Side {
	case sk.SideA, sk.SideB:
		j := i
		if p.Side == sk.SideB {
			j -= s.NBand[0]
		}
		f := &des.Bands[p.Side].Figures[j]
		return "ab"[p.Side:p.Side+1] + "_" + strings.ReplaceAll(f.Key, "-", "_"), s.Bands[p.Side] + ": " + p.Name
	}
	k := i - s.NBand[0] - s.NBand[1] + 1
	return fmt.Sprintf("creature_%d", k), fmt.Sprintf("Creature %d: %s", k, p.Name)
}

// Schema is the record's layout.
func (d *Design) Schema() *game.Schema { return &d.schema }

// Title names the design.
func (d *Design) Title() string {
	return fmt.Sprintf("%s vs %s (%s)", d.setup.Bands[0], d.setup.Bands[1], d.setup.Scenario.Name)
}

// Hash identifies the design's data.
func (d *Design) Hash() string { return d.hash }

// Config is the design as the reports print it.
func (d *Design) Config() []game.KV {
	opt := func(k, def string) string {
		if v, ok := d.choice[k]; ok && v != "" {
			return v
		}
		return def
	}
	out := []game.KV{
		{Key: "warband A", Value: fmt.Sprintf("%s (%s)", d.setup.Bands[0], opt("a", defaultA))},
		{Key: "warband B", Value: fmt.Sprintf("%s (%s)", d.setup.Bands[1], opt("b", defaultB))},
		{Key: "scenario", Value: fmt.Sprintf("%s (%s), turn cap %d", d.setup.Scenario.Name, opt("scenario", defaultScenario), d.setup.Scenario.TurnCap)},
	}
	var rules []string
	for i := range cfg.Switches {
		s := &cfg.Switches[i]
		rules = append(rules, s.Key+"="+s.Reading(&d.setup.Rules))
	}
	out = append(out, game.KV{Key: "rules", Value: strings.Join(rules, ", ")})
	if len(d.overrides) > 0 {
		out = append(out, game.KV{Key: "overrides", Value: strings.Join(d.overrides, " ")})
	}
	return append(out, game.KV{Key: "data", Value: d.hash})
}

// Levers are each warband's stats, every figure at once: a bonus added
// to the stat of each of its figures (0 in the data), from -3 to +3.
func (d *Design) Levers() []game.Lever {
	var out []game.Lever
	for side, ab := range []string{"a", "b"} {
		usual := []game.Tendency{{Figure: "win:" + ab, Sign: +1}, {Figure: "lost_" + ab, Sign: -1}}
		for _, st := range cfg.BonusStats {
			out = append(out, game.Lever{Label: d.setup.Bands[side] + " " + st.Label, Set: ab + ".bonus." + st.Key,
				Value: d.des.Bonus[side][st.Index], Min: -3, Max: 3, Usual: usual})
		}
	}
	return out
}

// Ablations are each creature, each figure's non-melee weapons and its
// powers.
func (d *Design) Ablations() []game.Ablation {
	var out []game.Ablation
	for k, c := range d.des.Scenario.Creatures {
		if c.Creature != "" {
			out = append(out, game.Ablation{Label: fmt.Sprintf("creature %d (%s)", k+1, c.Creature), Group: "creatures",
				Set: fmt.Sprintf("scenario.creature.%d=off", k+1)})
		}
	}
	for side, ab := range []string{"a", "b"} {
		for _, f := range d.des.Bands[side].Figures {
			name := f.Name
			if d.des.Bands[0].Name == d.des.Bands[1].Name {
				name += " (" + strings.ToUpper(ab) + ")" // a mirror match: whose figure
			}
			for _, w := range f.Weapons {
				if wd := d.des.Weapons[w]; wd != nil && wd.Class != "melee" {
					out = append(out, game.Ablation{Label: fmt.Sprintf("%s's %s", name, w), Group: "weapons",
						Set: fmt.Sprintf("%s.%s.drop=%s", ab, f.Key, w)})
				}
			}
			if len(f.Powers) > 0 {
				out = append(out, game.Ablation{Label: name + "'s powers", Group: "powers", Set: fmt.Sprintf("%s.%s.powers=none", ab, f.Key)})
			}
		}
	}
	return out
}

// NewPlayer returns a player: policy is a tier for warband A (B plays
// basic), or "TIER/TIER" for both.
func (d *Design) NewPlayer(policy string) (game.Player, error) {
	an, bn, both := strings.Cut(policy, "/")
	if !both {
		bn = aisk.DefaultTier
	}
	pa, err := aisk.Policy(an)
	if err != nil {
		return nil, err
	}
	pb, err := aisk.Policy(bn)
	if err != nil {
		return nil, err
	}
	pl := &Player{d: d, pa: pa, pb: pb}
	pl.b.Reset(d.setup, 0, 0) // the battle's memo made now, not by the first battle played
	return pl, nil
}

// Player plays battles of one design for one worker.
type Player struct {
	d      *Design
	pa, pb sk.Policy
	b      sk.Battle
}

// Battle returns the player's battle: after Play, the last battle
// played (its tally, its random draws), for benchmarks and tools.
func (p *Player) Battle() *sk.Battle { return &p.b }

// Play plays battle index of the run seed into rec.
func (p *Player) Play(seed, index uint64, rec *game.Record) {
	p.b.Trace = nil
	p.play(seed, index, rec)
}

// Trace plays the same battle as Play, writing it play by play.
func (p *Player) Trace(seed, index uint64, rec *game.Record, w, events io.Writer) error {
	tw := &sk.Writer{Text: w}
	if events != nil {
		tw.JSON = events
	}
	p.b.Trace = tw
	p.play(seed, index, rec)
	p.b.Trace = nil
	return tw.Err
}

func (p *Player) play(seed, index uint64, rec *game.Record) {
	b := &p.b
	b.Reset(p.d.setup, seed, index)
	b.Play(p.pa, p.pb, aisk.Creatures{})
	p.d.fill(b, rec)
}

// fill writes battle b's account into rec.
func (d *Design) fill(b *sk.Battle, rec *game.Record) {
	rec.Reset()
	s := &d.slot
	t := &b.T
	rec.Outcome = int(b.Outcome)
	rec.Length = max(t.Turns, 1)
	rec.End = rec.Length
	sa, sb := b.Score()
	rec.V[s.lootA], rec.V[s.lootB] = int32(sa), int32(sb)
	rec.V[s.offA], rec.V[s.offB] = int32(t.Off[0]), int32(t.Off[1])
	// Each warband's figures, and how many of them went out of action in
	// each turn: those left standing at a turn's end are counted from
	// them.
	var band [2]int
	var outIn [2][sk.MaxTurnCap + 1]int
	for i := 0; i < b.NF; i++ {
		f := &b.Figs[i]
		if side := f.Side; side == sk.SideA || side == sk.SideB {
			band[side-sk.SideA]++
			if o := int(t.OutTurn[i]); o > 0 && o <= sk.MaxTurnCap {
				outIn[side-sk.SideA][o]++
			}
		}
		if f.Out() {
			switch f.Side {
			case sk.SideA:
				rec.V[s.lostA]++
			case sk.SideB:
				rec.V[s.lostB]++
			default:
				rec.V[s.slain]++
			}
		}
		rec.V[s.out+i] = int32(t.OutTurn[i])
		rec.V[s.exit+i] = int32(t.Exit[i])
		rec.V[s.dealt+i] = t.Dealt[i]
		rec.V[s.taken+i] = t.Taken[i]
		rec.V[s.shots+i] = t.Shots[i]
		rec.V[s.hits+i] = t.Hits[i]
		rec.V[s.fights+i] = t.Fights[i]
		rec.V[s.won+i] = t.Won[i]
		r := int(d.roleOf[i])
		rec.V[s.roleDealt+r] += t.Dealt[i]
		rec.V[s.roleTaken+r] += t.Taken[i]
	}
	rec.V[s.crits], rec.V[s.jams], rec.V[s.grenades] = t.Crits, t.Jams, t.Grenades
	rec.V[s.powers], rec.V[s.powersOK] = t.Powers, t.PowersOK
	rec.V[s.unlocks], rec.V[s.unlockTries] = t.Unlocks, t.UnlockTries
	rec.V[s.intercepts], rec.V[s.falls], rec.V[s.swimFails] = t.Intercepts, t.Falls, t.SwimFails
	rec.V[s.activations] = t.Activations
	left := band
	for turn := 1; turn <= rec.Length; turn++ {
		if turn <= sk.MaxTurnCap {
			left[0] -= outIn[0][turn]
			left[1] -= outIn[1][turn]
		}
		rec.Stand(&d.schema, left[0], left[1])
	}
	rec.F.Turns[0], rec.F.Idle[0] = t.SideActs[0], t.SideIdle[0]
	rec.F.Turns[1], rec.F.Idle[1] = t.SideActs[1], t.SideIdle[1]
	for turn := 1; turn <= rec.End && turn <= sk.MaxTurnCap; turn++ {
		if v := t.ByTurn[0][turn]; v != 0 {
			rec.Grow(&d.schema, 0, turn, v)
		}
		if v := t.ByTurn[1][turn]; v != 0 {
			rec.Grow(&d.schema, 1, turn, v)
		}
	}
}
