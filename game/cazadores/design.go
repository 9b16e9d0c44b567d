package cazadores

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	ai "balance/ai/cazadores"
	configs "balance/configs/cazadores"
	"balance/game"
	sim "balance/sim/cazadores"
)

// Histogram bounds for quantities without a natural maximum; larger values
// count in the last bin.
const (
	maxTurns   = 1024
	maxDraws   = 4096
	maxAttacks = 128
	maxRenown  = 100 // Renown is tallied from -maxRenown to maxRenown
)

// designInfo is what a design was compiled from.
type designInfo struct {
	adversary string // the -adversary value: a slug or a file's path
	slug      string // the Adversary's slug
	pack      string
	scenario  string
	objective string // the Objective's slug; "" for none
	overrides []string
	hash      string
}

// Design is one compiled design of Cazadores: the scenario, the template
// hunt every player's hunts are dealt from, and the record's schema with
// the slots the player writes.
type Design struct {
	info   designInfo
	sc     *sim.Scenario
	tmpl   sim.Hunt
	schema game.Schema
	nPack  int
	slots  slots
}

var _ game.Design = (*Design)(nil)

// slots are the first slots in the record of the values a hunt fills.
type slots struct {
	defeated, decided, advWounds, minions, deaths, wounds, turns, draws int
	objective, renown                                                   int // -1 without an Objective
	taken, died, fled, attacks, hits                                    int // per Pack model
	exhausted                                                           int // per hit location
	drawn, dealt, kills, imposed                                        int // per action card
	suffered                                                            int // per Condition
}

// Outcomes are the record's outcomes: sim.Outcome o is outcome o-1.
var outcomes = []game.Outcome{
	{Key: "pack_won", Label: "Pack won: every Foe slain", Winner: 0},
	{Key: "pack_slain", Label: "Pack slain: every Pack model dead", Winner: 1},
	{Key: "pack_fled", Label: "Pack fled: every Pack model left, none died", Winner: -1},
	{Key: "mixed", Label: "Pack gone: some fled, some died", Winner: 1},
	{Key: "stalemate", Label: "Stalemate: the round cap was reached", Winner: -1},
}

// itemKey turns a name into an item's key: lower case, - for spaces.
func itemKey(name string) string {
	return strings.ToLower(strings.Join(strings.Fields(name), "-"))
}

// keyed gives each name a key, numbering the names that repeat ("hound",
// "hound-2").
func keyed(names []string) []string {
	keys := make([]string, len(names))
	seen := map[string]int{}
	for i, n := range names {
		k := itemKey(n)
		seen[k]++
		if seen[k] > 1 {
			k = fmt.Sprintf("%s-%d", k, seen[k])
		}
		keys[i] = k
	}
	return keys
}

func newDesign(sc *sim.Scenario, info designInfo) *Design {
	d := &Design{info: info, sc: sc}
	d.tmpl.Init(sc)
	h := &d.tmpl
	a := &sc.Adversary
	d.nPack = int(h.NPack)
	ticks := sc.Rules.RoundCap * 10
	packWND := 0
	var pack game.List
	pack.Key, pack.Label, pack.Noun = "pack", "Pack models", "Model"
	var names []string
	var wnds []int
	for i := 0; i < d.nPack; i++ {
		p := &sc.Pack[h.M[i].Def]
		names = append(names, p.Name)
		wnds = append(wnds, int(p.WND))
		packWND += int(p.WND)
	}
	for i, k := range keyed(names) {
		p := &sc.Pack[h.M[i].Def]
		pack.Items = append(pack.Items, game.Item{Key: k, Label: p.Name,
			Info: []game.KV{{Key: "Kind", Value: p.Kind.String()}, {Key: "WND", Value: strconv.Itoa(int(p.WND))}}})
	}
	locs := game.List{Key: "locations", Label: "Hit locations", Noun: "Location"}
	var locNames []string
	for l := 0; l < int(a.NLoc); l++ {
		locNames = append(locNames, a.Loc[l].Name)
	}
	for l, k := range keyed(locNames) {
		loc := &a.Loc[l]
		locs.Items = append(locs.Items, game.Item{Key: k, Label: loc.Name,
			Info: []game.KV{{Key: "When exhausted", Value: orDash(loc.Label)}, {Key: "WND", Value: strconv.Itoa(int(loc.WND))}}})
	}
	cards := game.List{Key: "cards", Label: "Adversary action cards", Noun: "Card"}
	for c := 0; c < 16; c++ {
		act, tree := cardAction(a, c)
		name := sim.CardName(uint8(c))
		cards.Items = append(cards.Items, game.Item{Key: name, Label: name + " " + act.Name,
			Info: []game.KV{{Key: "Name", Value: act.Name}, {Key: "Tree", Value: a.TreeName(tree)}}})
	}
	conds := game.List{Key: "conditions", Label: "Conditions imposed on the Pack", Noun: "Condition"}
	for c := sim.Bleeding; c < sim.NumConds; c++ {
		conds.Items = append(conds.Items, game.Item{Key: c.String(), Label: strings.ReplaceAll(c.String(), "_", " ")})
	}
	advWND := int(a.Stats.WND)
	values := []game.Value{
		{Key: "adversary_defeated", Label: "Adversary defeated (every hit location exhausted)", Kind: game.Time, Lead: true},
		{Key: "decided_at", Label: "Tick the outcome was settled", Kind: game.Count, Max: ticks},
		{Key: "adversary_wounds", Label: "WNDs dealt to the Adversary", Kind: game.Count, Max: advWND, Lead: true},
		{Key: "minions_slain", Label: "Minions slain", Kind: game.Count, Max: sim.MaxModels},
		{Key: "pack_deaths", Label: "Pack models dead", Kind: game.Count, Max: d.nPack, Lead: true},
		{Key: "pack_wounds", Label: "Pack WNDs taken", Kind: game.Count, Max: packWND},
		{Key: "turns", Label: "Turns per hunt", Kind: game.Count, Max: maxTurns},
		{Key: "draws", Label: "Random draws per hunt", Kind: game.Count, Max: maxDraws},
	}
	if sc.Objective.Kind != sim.NoObjective {
		values = append(values,
			game.Value{Key: "objective_met", Label: "Objective " + info.objective + " met", Kind: game.Flag, Lead: true},
			game.Value{Key: "renown", Label: "Renown per hunt", Kind: game.Count, Min: -maxRenown, Max: maxRenown, Lead: true})
	}
	values = append(values,
		game.Value{Key: "wounds", Label: "WNDs taken", Kind: game.Count, Per: "pack", MaxPer: wnds, MaxLabel: "starting WND"},
		game.Value{Key: "died", Label: "Died", Kind: game.Time, Per: "pack", Lead: true},
		game.Value{Key: "fled", Label: "Fled", Kind: game.Flag, Per: "pack"},
		game.Value{Key: "attacks", Label: "Attacks", Kind: game.Count, Max: maxAttacks, Per: "pack"},
		game.Value{Key: "hits", Label: "Hits", Kind: game.Count, Max: maxAttacks, Per: "pack"},
		game.Value{Key: "exhausted", Label: "Exhausted", Kind: game.Time, Per: "locations"},
		game.Value{Key: "drawn", Label: "Drawn", Kind: game.Rate, Per: "cards"},
		game.Value{Key: "dealt", Label: "WNDs dealt to the Pack", Kind: game.Rate, Per: "cards"},
		game.Value{Key: "kills", Label: "Pack models killed", Kind: game.Rate, Per: "cards"},
		game.Value{Key: "imposed", Label: "Conditions imposed on the Pack", Kind: game.Rate, Per: "cards"},
		game.Value{Key: "suffered", Label: "Imposed", Kind: game.Rate, Per: "conditions"},
	)
	d.schema = game.Schema{
		Game:     Name,
		Sides:    []game.Side{{Key: "pack", Label: "Pack"}, {Key: "adversary", Label: "Adversary"}},
		Outcomes: outcomes,
		Length:   game.Unit{Key: "round", Plural: "rounds", Label: "Rounds", Max: sc.Rules.RoundCap},
		Clock:    game.Unit{Key: "tick", Plural: "ticks", Label: "Tick", Max: ticks},
		Steps:    min(ticks, sim.MaxCurve),
		Lists:    []game.List{pack, locs, cards, conds},
		Values:   values,
		Ratios: []game.Ratio{
			{Key: "hit_rate", Label: "Hit rate", Num: "hits", Den: "attacks", Trials: true},
			{Key: "wounds_per_draw", Label: "WNDs per draw", Num: "dealt", Den: "drawn"},
			{Key: "kills_per_draw", Label: "Kills per draw", Num: "kills", Den: "drawn", Top: "Deadliest action card"},
			{Key: "conditions_per_draw", Label: "Conditions per draw", Num: "imposed", Den: "drawn"},
		},
		Series:   []game.Series{{Key: "damage_curve", Label: "WNDs dealt to the Adversary", Max: advWND, MaxLabel: "all hit locations exhausted"}},
		Curves:   []game.Curve{{Key: "survival", Label: "Pack models alive", Of: "died", Complement: true}},
		Headline: []string{"pack_wounds", "pack_deaths"},
		Feel:     feel(h, packWND),
	}
	if err := d.schema.Build(); err != nil {
		panic(err) // the schema is fixed by this file
	}
	s := &d.schema
	slot := func(key string) int {
		if i, _ := s.Find(key); i < 0 {
			return -1
		}
		return s.Slot(key, 0)
	}
	d.slots = slots{
		defeated: slot("adversary_defeated"), decided: slot("decided_at"), advWounds: slot("adversary_wounds"),
		minions: slot("minions_slain"), deaths: slot("pack_deaths"), wounds: slot("pack_wounds"),
		turns: slot("turns"), draws: slot("draws"), objective: slot("objective_met"), renown: slot("renown"),
		taken: slot("wounds"), died: slot("died"), fled: slot("fled"), attacks: slot("attacks"), hits: slot("hits"),
		exhausted: slot("exhausted"), drawn: slot("drawn"), dealt: slot("dealt"), kills: slot("kills"),
		imposed: slot("imposed"), suffered: slot("suffered"),
	}
	return d
}

// cardAction returns the action card c (rank·4+suit) plays and the
// Decision Tree it runs.
func cardAction(a *sim.AdversaryDef, c int) (*sim.CardAction, sim.Tree) {
	rank, suit := c/4, c%4
	if suit == sim.Hearts {
		return &a.Special[rank], a.Special[rank].Tree
	}
	return &a.Standard[rank], sim.Tree(suit)
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// record writes what the hunt recorded into rec, laid out by the schema.
// It writes every slot and the damage curve up to the hunt's end, and
// allocates nothing.
func (d *Design) record(r *sim.Record, rec *game.Record) {
	v, sl := rec.V, &d.slots
	rec.Outcome = int(r.Outcome) - 1
	rec.Length = int(r.Rounds)
	rec.End = int(r.Ticks)
	var defeated int32
	if r.AdversaryDefeated {
		defeated = int32(r.DefeatedAt)
	}
	v[sl.defeated] = defeated
	v[sl.decided] = int32(r.DecidedAt)
	v[sl.advWounds] = int32(r.AdvWounds)
	v[sl.minions] = int32(r.MinionsSlain)
	v[sl.turns] = int32(r.Turns)
	v[sl.draws] = int32(min(r.Draws, 1<<31-1))
	if sl.objective >= 0 {
		met := int32(0)
		if r.ObjectiveMet {
			met = 1
		}
		v[sl.objective] = met
		v[sl.renown] = int32(r.Renown)
	}
	// Each run of slots as a slice of its length, as the record's arrays
	// are, so that the loops store without a bounds check per value.
	np := d.nPack
	taken, died, fledAt := r.Taken[:np], r.DiedAt[:np], r.FledAt[:np]
	attacks, hits := r.Attacks[:np], r.Hits[:np]
	vTaken, vDied, vFled := v[sl.taken:sl.taken+np], v[sl.died:sl.died+np], v[sl.fled:sl.fled+np]
	vAttacks, vHits := v[sl.attacks:sl.attacks+np], v[sl.hits:sl.hits+np]
	deaths, wounds := int32(0), int32(0)
	for i, t := range taken {
		vTaken[i] = int32(t)
		wounds += int32(t)
		vDied[i] = int32(died[i])
		if died[i] > 0 {
			deaths++
		}
		fled := int32(0)
		if fledAt[i] > 0 {
			fled = 1
		}
		vFled[i] = fled
		vAttacks[i] = int32(attacks[i])
		vHits[i] = int32(hits[i])
	}
	v[sl.deaths] = deaths
	v[sl.wounds] = wounds
	nl := int(d.sc.Adversary.NLoc)
	for l, at := range r.LocAt[:nl] {
		v[sl.exhausted+l] = int32(at)
	}
	copy(v[sl.drawn:sl.drawn+len(r.Cards[0])], r.Cards[sim.CardDrawn][:])
	copy(v[sl.dealt:sl.dealt+len(r.Cards[0])], r.Cards[sim.CardWounds][:])
	copy(v[sl.kills:sl.kills+len(r.Cards[0])], r.Cards[sim.CardKills][:])
	copy(v[sl.imposed:sl.imposed+len(r.Cards[0])], r.Cards[sim.CardConds][:])
	suffered := v[sl.suffered : sl.suffered+int(sim.NumConds)-1]
	for c, k := range r.Conds[sim.Bleeding:] { // Conditions from Bleeding on, in slots from 0
		suffered[c] = int32(k)
	}
	if deaths > 0 {
		rec.CloseCall(0) // a Pack model slain
	}
	for side := range 2 {
		rec.F.Turns[side], rec.F.Idle[side] = int32(r.SideTurns[side]), int32(r.SideIdle[side])
	}
	end := min(rec.End, len(rec.S), len(r.Curve))
	curve := rec.S[:end]
	for t := range curve {
		curve[t] = int32(r.Curve[t])
	}
}

func (d *Design) Schema() *game.Schema { return &d.schema }

// Scenario is the compiled scenario, read only.
func (d *Design) Scenario() *sim.Scenario { return d.sc }

// Title names the design: the Adversary against the pack on the map,
// and the Objective.
func (d *Design) Title() string {
	t := d.sc.Adversary.Name + " vs " + d.info.pack + " on " + d.info.scenario
	if d.info.objective != "" {
		t += ", objective " + d.info.objective
	}
	return t
}

func (d *Design) Config() []game.KV {
	adv := d.sc.Adversary.Name
	if d.info.adversary != "" && d.info.adversary != adv {
		adv += " (" + d.info.adversary + ")"
	}
	return []game.KV{
		{Key: "Adversary", Value: adv},
		{Key: "Pack", Value: d.info.pack},
		{Key: "Scenario", Value: d.info.scenario},
		{Key: "Objective", Value: orDash(d.info.objective)},
		{Key: "Round cap", Value: strconv.Itoa(d.sc.Rules.RoundCap)},
	}
}

func (d *Design) Hash() string { return d.info.hash }

// Choice is the choice of options that compiles the design again: the
// Adversary as given (a slug or a file), the pack, the map and the
// Objective played (random resolved).
func (d *Design) Choice() game.Choice {
	c := game.Choice{OptAdversary: d.info.adversary, OptPack: d.info.pack, OptScenario: d.info.scenario}
	if d.info.objective != "" {
		c[OptObjective] = d.info.objective
	}
	return c
}

// Levers are the Adversary's stats and each hit location's WNDs.
func (d *Design) Levers() []game.Lever {
	a := &d.sc.Adversary
	s := a.Stats
	wnd := 0
	for i := 0; i < int(a.NLoc); i++ {
		wnd += int(a.Loc[i].WND)
	}
	harder := []game.Tendency{{Figure: "win:pack", Sign: -1}, {Figure: "pack_deaths", Sign: +1}, {Figure: "pack_wounds", Sign: +1}}
	longer := append([]game.Tendency{{Figure: "length", Sign: +1}}, harder...)
	stat := func(label, key string, v int) game.Lever {
		// the range the data allows the stat, capped at 12 (a search wider
		// than that says nothing more)
		lo, hi, _ := configs.StatRange(strings.TrimPrefix(key, "adversary."))
		l := game.Lever{Label: label, Set: key, Value: v, Min: lo, Max: min(hi, 12), Usual: harder}
		if key == "adversary.def" {
			l.Usual = longer
		}
		return l
	}
	wndLever := func(label, key string, v int) game.Lever {
		lo := max(1, v/2)
		return game.Lever{Label: label, Set: key, Value: v, Min: lo, Max: lo + 63, Usual: longer}
	}
	ls := []game.Lever{
		stat("SPD", "adversary.spd", int(s.SPD)), stat("ATK", "adversary.atk", int(s.ATK)), stat("RNG", "adversary.rng", int(s.RNG)),
		stat("DEF", "adversary.def", int(s.DEF)), stat("TER", "adversary.ter", int(s.TER)), wndLever("WND", "adversary.wnd", wnd),
	}
	for i := 0; i < int(a.NLoc); i++ {
		l := &a.Loc[i]
		name := l.Name + " WND"
		if a.NModels > 1 && !strings.Contains(l.Name, a.ModelNames[l.Owner]) {
			name = a.ModelNames[l.Owner] + " " + name
		}
		ls = append(ls, wndLever(name, fmt.Sprintf("adversary.location.%d.wnd", i), int(l.WND)))
	}
	return ls
}

// Ablations are the Adversary's action entries and hit-location effects,
// each made blank, in the order of its data; a location without an
// exhaustion effect is inert.
func (d *Design) Ablations() []game.Ablation {
	a := &d.sc.Adversary
	var out []game.Ablation
	for _, b := range a.Blanks() {
		out = append(out, game.Ablation{Label: blankLabel(a, b), Group: blankGroup(b), Set: blankSet(a, b)})
	}
	for l := 0; l < int(a.NLoc); l++ {
		if !a.Loc[l].HasEffect() {
			out = append(out, game.Ablation{Label: a.Loc[l].Name, Group: "location", Set: blankSet(a, sim.Blank{Kind: sim.BlankLocation, Index: uint8(l)}), Inert: true})
		}
	}
	return out
}

// NewPlayer returns a player of the design with the Pack played by the
// policy tier named (see Data.Policy).
func (d *Design) NewPlayer(policy string) (game.Player, error) {
	t, err := tierNamed(policy, lookahead{ai.DefaultLookaheadK, ai.DefaultLookaheadHorizon})
	if err != nil {
		return nil, err
	}
	p := &Player{d: d, tier: t.Name, pack: t.New(), h: new(sim.Hunt)}
	p.h.OnRound = p.onRound
	return p, nil
}

// feel is the Cazadores' standing: the share of WNDs left of the Pack,
// and of the Adversary with its Minions; a side under a quarter of its
// WNDs at the end of a Round, or a Pack model slain, is a close call; a
// Turn without an attack is idle.
func feel(h *sim.Hunt, packWND int) *game.Feel {
	_, foes := standing(h)
	quarter := func(max int) int { return (max+3)/4 - 1 } // the most WNDs that are under a quarter
	return &game.Feel{Max: []int{packWND, max(foes, 1)}, Margin: []int{quarter(packWND), quarter(max(foes, 1))},
		Standing: "share of WNDs left (the Pack; the Adversary with its Minions)",
		Close:    "a Pack model slain, or a side under a quarter of its WNDs at the end of a Round",
		Idle:     "a Turn without an attack (a Pass, a Move, anything that strikes nothing)"}
}

// standing returns the WNDs left of the Pack's models on the board and
// of the Adversary's and its Minions'; a model dead or fled has none.
func standing(h *sim.Hunt) (pack, foes int) {
	for bs := h.Fighting(sim.PackSide); bs != 0; bs &= bs - 1 {
		pack += int(h.M[bits.TrailingZeros16(bs)].WND)
	}
	for bs := h.Fighting(sim.FoeSide); bs != 0; bs &= bs - 1 {
		foes += int(h.M[bits.TrailingZeros16(bs)].WND)
	}
	return pack, foes
}
