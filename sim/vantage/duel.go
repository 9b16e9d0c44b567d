package vantage

import (
	"math/bits"

	"balance/sim/dice"
)

// Kind is the kind of an action.
type Kind uint8

// Actions. Every action but Pass costs one action point.
const (
	Pass        Kind = iota // end the fighter's activation (its points left are lost)
	Move                    // step to a neighbouring hex (To: the hex)
	GainVantage             // roll Perception for vantage on To
	GainStrike              // roll Speed for strike on To
	Evade                   // roll Agility to shake off every hold on the fighter
	Shoot                   // a ranged attack on To
	Melee                   // a melee attack on To
)

// KindNames names the actions, by Kind.
var KindNames = [...]string{Pass: "pass", Move: "move", GainVantage: "vantage", GainStrike: "strike",
	Evade: "evade", Shoot: "shoot", Melee: "melee"}

func (k Kind) String() string {
	if int(k) < len(KindNames) {
		return KindNames[k]
	}
	return "kind?"
}

// Action is one action of fighter Who: To is the target fighter (the hex
// for Move; None when there is none).
type Action struct {
	Kind Kind
	Who  int8
	To   int8
}

// State is one fighter's state in a duel. The zero value is not a
// fighter: Duel.Reset fills it.
type State struct {
	HP      int
	Hex     int8
	Vantage int8 // the enemy the fighter has vantage on, or None
	Strike  int8 // the enemy the fighter has strike on, or None
	AP      int  // action points left this turn
	Evading bool // evade status: set by a successful Evade, removed at the start of the fighter's next turn
	Down    bool
	Failed  uint8 // the tactics (bit 1<<tactic) failed in this turn
	idle    bool  // no tactic tried and no attack made yet in this turn
}

// Outcome is how a duel stands.
type Outcome uint8

// Outcomes. The keys (OutcomeKeys) are the record schema's.
const (
	Ongoing    Outcome = iota
	PlayersWon         // every enemy is down
	EnemiesWon         // every player is down
	Draw               // the round cap passed with both sides standing
)

// OutcomeKeys names the outcomes, by Outcome.
var OutcomeKeys = [...]string{Ongoing: "ongoing", PlayersWon: "players_won", EnemiesWon: "enemies_won", Draw: "draw"}

// Pending is a counter-strike choice waiting for the victim's side: the
// victim holds strike on Held and an enemy, Gainer, has just gained strike
// on it. Victim is None when no choice waits.
type Pending struct {
	Victim, Held, Gainer int8
}

// Record is what one duel leaves for the reports: fixed arrays, by
// fighter index. It is zeroed by Reset.
type Record struct {
	Outcome  Outcome
	Rounds   int                   // the round the duel ended in (the cap for a draw)
	First    int                   // the side that took the first turn of each round
	Tries    [MaxFighters][3]int32 // attempts, by tactic
	Gains    [MaxFighters][3]int32 // successes, by tactic
	Counters [MaxFighters][2]int32 // vantage and strike gained automatically
	Attacks  [MaxFighters][2]int32 // ranged and melee attacks made
	Dealt    [MaxFighters]int32    // HP of damage dealt
	Taken    [MaxFighters]int32    // HP of damage taken
	Down     [MaxFighters]int32    // the round the fighter went down; 0: standing
	Moves    [MaxFighters]int32
	Turns    int // fighters' turns: the turns begun by each standing fighter, summed
	// SideTurns counts each side's fighters' turns; SideIdle those of
	// them in which the fighter tried no tactic and made no attack (it
	// only moved, or passed).
	SideTurns, SideIdle [2]int32
	Damage              [2][MaxRounds + 1]int32 // HP lost by side s in round r
}

// RollResult is the last roll made: its dice, their sum, the stat it had
// to beat and whether it succeeded.
type RollResult struct {
	Dice [MaxDice]int
	N    int
	Sum  int
	Stat int
	OK   bool
}

// purposeRolls keys the per-fighter counter-based roll streams of a duel.
const purposeRolls = 0x56414e54 // "VANT"

// Duel is one fight as a value. The zero value is not ready: Reset deals
// a duel from a Scenario. Copying a Duel forks the fight.
type Duel struct {
	Sc      *Scenario
	S       [MaxFighters]State
	Round   int
	Turn    int // the side whose turn it is
	Outcome Outcome
	Pending Pending
	// RNG is the duel's own stream: the first-turn coin and the random
	// choices of policies. Rolls use the fighters' keyed streams.
	RNG  dice.RNG
	Rec  Record
	Last RollResult
	// T, when not nil, receives the duel play by play. Nil (the batch
	// case) costs one comparison per event site.
	T *Tracer

	cur  int                 // the fighter whose activation is under way
	key  [MaxFighters]uint64 // each fighter's roll stream key
	draw [MaxFighters]uint64 // draws taken from each fighter's roll stream
}

// Reset deals duel (seed, index) of scenario sc: fighters at their side's
// starting hex with full HP, holding nothing, round 1, the first side's
// turn begun.
func (d *Duel) Reset(sc *Scenario, seed, index uint64) {
	d.Sc = sc
	d.Rec = Record{}
	d.Outcome = Ongoing
	d.Pending = Pending{None, None, None}
	d.RNG.Seed(seed, index)
	var k dice.RNG
	k.Derive(seed, index, purposeRolls)
	key := k.Uint64()
	for i := 0; i < sc.N; i++ {
		f := &sc.F[i]
		d.S[i] = State{HP: f.HP, Hex: sc.Map.Start[f.Side], Vantage: None, Strike: None}
		d.key[i] = dice.SlotKey(key, uint64(i))
		d.draw[i] = 0
	}
	first := Players
	switch sc.Rules.First {
	case FirstEnemies:
		first = Enemies
	case FirstRandom:
		if d.RNG.Bool() {
			first = Enemies
		}
	}
	d.Rec.First = first
	d.Round = 1
	if d.T != nil {
		d.T.start(d)
	}
	d.startTurn(first)
}

// Draws returns the random draws the duel has taken: the fighters' rolls
// and the duel's own stream.
func (d *Duel) Draws() uint64 {
	n := d.RNG.Draws()
	for i := 0; i < d.Sc.N; i++ {
		n += d.draw[i]
	}
	return n
}

// Enemy reports whether fighters i and j are on opposite sides.
func (d *Duel) Enemy(i, j int) bool { return d.Sc.F[i].Side != d.Sc.F[j].Side }

// startTurn begins side s's turn: its standing fighters lose their evade
// status and get their action points.
func (d *Duel) startTurn(s int) {
	d.Turn = s
	if d.T != nil {
		d.T.turn(d)
	}
	lo, hi := d.Sc.Side(s)
	d.cur = lo
	for i := lo; i < hi; i++ {
		st := &d.S[i]
		if st.Down {
			continue
		}
		if st.Evading && d.T != nil {
			d.T.note(d, i, "evade status removed", "")
		}
		st.Evading = false
		st.AP = d.Sc.Rules.AP
		d.Rec.Turns++
		d.Rec.SideTurns[s]++
		d.Rec.SideIdle[s]++ // until it tries a tactic or attacks
		st.idle = true
		st.Failed = 0
	}
}

// endTurn ends the side's turn: the other side's turn follows, or the
// next round, or a draw at the round cap.
func (d *Duel) endTurn() {
	if d.Turn == d.Rec.First {
		d.startTurn(1 - d.Turn)
		return
	}
	if d.Round >= d.Sc.Rules.RoundCap {
		d.end(Draw)
		return
	}
	d.Round++
	d.startTurn(d.Rec.First)
}

func (d *Duel) end(o Outcome) {
	d.Outcome = o
	d.Rec.Outcome = o
	d.Rec.Rounds = d.Round
	if d.T != nil {
		d.T.end(d)
	}
}

// Actor returns the fighter who acts next, moving the turns on (and
// ending the duel at the round cap) as the fighters' points run out; -1
// when the duel is over. Fighters of a side act in roster order, each
// spending its points before the next.
func (d *Duel) Actor() int {
	for d.Outcome == Ongoing {
		_, hi := d.Sc.Side(d.Turn)
		for ; d.cur < hi; d.cur++ {
			if st := &d.S[d.cur]; !st.Down && st.AP > 0 {
				return d.cur
			}
		}
		d.endTurn()
	}
	return -1
}

// Protected reports whether an Evade stops enemies gaining vantage or
// strike on fighter i now.
func (d *Duel) Protected(i int) bool {
	r := &d.Sc.Rules
	return d.S[i].Evading && r.EvadeBlocks && (r.EvadeGuard == GuardUntilNextTurn || d.Turn != d.Sc.F[i].Side)
}

// Threatened reports whether some enemy holds vantage or strike on
// fighter i (in its hex, or in any hex, as the rules say), so that it may
// Evade.
func (d *Duel) Threatened(i int) bool {
	any := d.Sc.Rules.EvadeThreat == AnyHex
	me, hex := int8(i), d.S[i].Hex
	lo, hi := d.Sc.Side(1 - d.Sc.F[i].Side)
	for j := lo; j < hi; j++ {
		s := &d.S[j]
		if (s.Vantage == me || s.Strike == me) && !s.Down && (any || s.Hex == hex) {
			return true
		}
	}
	return false
}

// Engaged reports whether some enemy in fighter i's hex holds vantage or
// strike on it.
func (d *Duel) Engaged(i int) bool {
	me, hex := int8(i), d.S[i].Hex
	lo, hi := d.Sc.Side(1 - d.Sc.F[i].Side)
	for j := lo; j < hi; j++ {
		s := &d.S[j]
		if (s.Vantage == me || s.Strike == me) && s.Hex == hex && !s.Down {
			return true
		}
	}
	return false
}

// Why returns why action a is not legal now, or "" when it is. It does
// not ask whose turn it is: Do plays any fighter with points.
func (d *Duel) Why(a Action) string {
	r := &d.Sc.Rules
	if a.Who < 0 || int(a.Who) >= d.Sc.N {
		return "no such fighter"
	}
	me := int(a.Who)
	s := &d.S[me]
	f := &d.Sc.F[me]
	if s.Down {
		return "down"
	}
	if d.Outcome != Ongoing {
		return "the duel is over"
	}
	if a.Kind == Pass {
		return ""
	}
	if s.AP < 1 {
		return "no action points left"
	}
	if a.Kind == Move {
		if a.To < 0 || int(a.To) >= d.Sc.Map.N || d.Sc.Map.Dist[s.Hex][a.To] != 1 {
			return "not a neighbouring hex"
		}
		if !r.EngagedMove && d.Engaged(me) {
			return "engaged: leaving the hex would be fleeing"
		}
		return ""
	}
	if a.Kind == Evade {
		switch {
		case !r.Evade:
			return "no Evade in these rules"
		case !d.Threatened(me):
			return "no enemy has vantage or strike on the fighter"
		case !r.Retry && s.Failed&(1<<TacticEvade) != 0:
			return "failed in this turn already"
		}
		return ""
	}
	if a.To < 0 || int(a.To) >= d.Sc.N || !d.Enemy(me, int(a.To)) {
		return "not an enemy"
	}
	t := &d.S[a.To]
	if t.Down {
		return "the target is down"
	}
	same := t.Hex == s.Hex
	switch a.Kind {
	case GainVantage, GainStrike:
		tactic, held := TacticVantage, s.Vantage
		if a.Kind == GainStrike {
			tactic, held = TacticStrike, s.Strike
		}
		switch {
		case !same:
			return "not in the same hex"
		case d.Protected(int(a.To)):
			return "the target evaded: enemies cannot gain vantage or strike on it this turn"
		case held == a.To:
			return "held already"
		case !r.Retry && s.Failed&(1<<tactic) != 0:
			return "failed in this turn already"
		}
	case Shoot:
		switch {
		case !f.Ranged():
			return "no ranged weapon"
		case r.RangedNeedsVantage && s.Vantage != a.To:
			return "no vantage on the target"
		case r.ClearOnMove && !same:
			return "not in the same hex"
		case !r.ClearOnMove && int(d.Sc.Map.Dist[s.Hex][t.Hex]) > f.Range:
			return "out of range"
		}
	case Melee:
		switch {
		case f.MeleeDamage == 0:
			return "no melee weapon"
		case r.MeleeNeedsStrike && s.Strike != a.To:
			return "no strike on the target"
		case !same:
			return "not in the same hex"
		}
	default:
		return "no such action"
	}
	return ""
}

// Kinds is a set of action kinds, bit 1<<Kind each.
type Kinds uint8

// AllKinds holds every kind of action.
const AllKinds Kinds = 1<<(Melee+1) - 1

// Legal appends to dst every legal action of fighter i, in the order
// moves (by direction), then per enemy in roster order vantage, strike,
// shoot, melee, then Evade, and Pass last, and returns it. Pass to dst[:0]
// of a buffer of capacity MaxActions. It is the fast form of filtering
// every candidate action through Why (a test checks that the two agree).
func (d *Duel) Legal(dst []Action, i int) []Action { return d.LegalOf(dst, i, AllKinds) }

// LegalOf is Legal keeping only the actions of the kinds in k (Pass is
// always last). It lists MovesOf and OptionsOf in order.
func (d *Duel) LegalOf(dst []Action, i int, k Kinds) []Action {
	me := int8(i)
	if k&(1<<Move) != 0 {
		if m := d.MovesOf(i); m != 0 {
			for dir, h := range &d.Sc.Map.Adj[d.S[i].Hex] {
				if m&(1<<dir) != 0 {
					dst = append(dst, Action{Move, me, h})
				}
			}
		}
	}
	o := d.OptionsOf(i)
	lo, hi := d.Sc.Side(1 - d.Sc.F[i].Side)
	for j := lo; j < hi; j++ {
		on := o.On[j] & k
		if on == 0 {
			continue
		}
		tj := int8(j)
		for _, kind := range [...]Kind{GainVantage, GainStrike, Shoot, Melee} {
			if on&(1<<kind) != 0 {
				dst = append(dst, Action{kind, me, tj})
			}
		}
	}
	if o.Evade && k&(1<<Evade) != 0 {
		dst = append(dst, Action{Evade, me, None})
	}
	return append(dst, Action{Pass, me, None})
}

// Options are a fighter's legal actions but moves and Pass, in compact
// form: the kinds of action legal on each fighter, and whether it may
// Evade. It also tells whether a standing enemy shares the fighter's hex.
type Options struct {
	On    [MaxFighters]Kinds // by target: bits of GainVantage, GainStrike, Shoot, Melee
	Evade bool
	InHex bool // some standing enemy stands in the fighter's hex
}

// OptionsOf returns fighter i's legal actions but moves and Pass (none
// when it is down, has no points or the duel is over; InHex is set
// still). It looks at each enemy once.
func (d *Duel) OptionsOf(i int) Options {
	var o Options
	me := int8(i)
	s := &d.S[i]
	r := &d.Sc.Rules
	f := &d.Sc.F[i]
	act := !s.Down && d.Outcome == Ongoing && s.AP >= 1
	var gain Kinds
	if r.Retry || s.Failed&(1<<TacticVantage) == 0 {
		gain |= 1 << GainVantage
	}
	if r.Retry || s.Failed&(1<<TacticStrike) == 0 {
		gain |= 1 << GainStrike
	}
	shoot := f.Range > 0
	melee := f.MeleeDamage > 0
	threatAny := r.EvadeThreat == AnyHex
	threatened := false
	lo, hi := d.Sc.Side(1 - f.Side)
	for j := lo; j < hi; j++ {
		t := &d.S[j]
		if t.Down {
			continue
		}
		tj := int8(j)
		same := t.Hex == s.Hex
		if (t.Vantage == me || t.Strike == me) && (same || threatAny) {
			threatened = true
		}
		if !same {
			if shoot && !r.ClearOnMove && (!r.RangedNeedsVantage || s.Vantage == tj) &&
				int(d.Sc.Map.Dist[s.Hex][t.Hex]) <= f.Range {
				o.On[j] = 1 << Shoot
			}
			continue
		}
		o.InHex = true
		var on Kinds
		if !d.Protected(j) {
			on = gain
			if s.Vantage == tj {
				on &^= 1 << GainVantage
			}
			if s.Strike == tj {
				on &^= 1 << GainStrike
			}
		}
		if shoot && (!r.RangedNeedsVantage || s.Vantage == tj) {
			on |= 1 << Shoot
		}
		if melee && (!r.MeleeNeedsStrike || s.Strike == tj) {
			on |= 1 << Melee
		}
		o.On[j] = on
	}
	if !act {
		return Options{InHex: o.InHex}
	}
	o.Evade = threatened && r.Evade && (r.Retry || s.Failed&(1<<TacticEvade) == 0)
	return o
}

// MovesOf returns fighter i's legal moves: bit k for the move to
// Map.Adj[hex][k].
func (d *Duel) MovesOf(i int) uint8 {
	s := &d.S[i]
	if s.Down || d.Outcome != Ongoing || s.AP < 1 || !d.Sc.Rules.EngagedMove && d.Engaged(i) {
		return 0
	}
	var m uint8
	for dir, h := range &d.Sc.Map.Adj[s.Hex] {
		if h != None {
			m |= 1 << dir
		}
	}
	return m
}

// Candidates appends to dst every action fighter i could name, legal or
// not, in Legal's order: what Legal filters.
func (d *Duel) Candidates(dst []Action, i int) []Action {
	me := int8(i)
	for _, h := range d.Sc.Map.Adj[d.S[i].Hex] {
		if h != None {
			dst = append(dst, Action{Move, me, h})
		}
	}
	for j := 0; j < d.Sc.N; j++ {
		if d.Enemy(i, j) {
			for _, k := range [...]Kind{GainVantage, GainStrike, Shoot, Melee} {
				dst = append(dst, Action{k, me, int8(j)})
			}
		}
	}
	return append(dst, Action{Evade, me, None}, Action{Pass, me, None})
}

// MaxActions is the most actions Legal or Candidates can return.
const MaxActions = hexDirs + 4*MaxSide + 2

// Roll makes fighter i's roll for stat s from its own stream: the dice,
// their sum, and success when the sum is at most the stat. Each die takes
// one draw, its face the high word of draw·Sides (a bias below 2^-57).
func (d *Duel) Roll(i, s int) bool {
	r := d.Sc.Rules.Roll
	res := &d.Last
	res.N, res.Sum, res.Stat = r.Dice, 0, d.Sc.F[i].Stat[s]
	for k := 0; k < r.Dice; k++ {
		u := dice.KeyedDraw(d.key[i], d.draw[i])
		d.draw[i]++
		hi, _ := bits.Mul64(u, uint64(r.Sides))
		res.Dice[k] = int(hi) + 1
		res.Sum += int(hi) + 1
	}
	res.OK = res.Sum <= res.Stat
	return res.OK
}

// Do carries out action a, rolling where it needs a roll. A must be
// legal: one of those Legal gives (policies choose among them; Inject
// checks). A counter-strike choice it raises waits in Pending for
// ChooseStrike.
func (d *Duel) Do(a Action) {
	ok := false
	switch a.Kind {
	case GainVantage:
		ok = d.Roll(int(a.Who), Perception)
	case GainStrike:
		ok = d.Roll(int(a.Who), Speed)
	case Evade:
		ok = d.Roll(int(a.Who), Agility)
	}
	if d.T != nil {
		d.T.action(d, a, ok, true)
	}
	d.apply(a, ok)
}

// Inject carries out legal action a with the roll's result given instead
// of rolled (the spec's test vectors), and reports whether a was legal;
// an illegal action changes nothing.
func (d *Duel) Inject(a Action, success bool) bool {
	if d.Why(a) != "" {
		return false
	}
	if d.T != nil {
		d.T.action(d, a, success, false)
	}
	d.apply(a, success)
	return true
}

func (d *Duel) apply(a Action, ok bool) {
	me := int(a.Who)
	s := &d.S[me]
	if a.Kind == Pass {
		s.AP = 0
		return
	}
	s.AP--
	if a.Kind != Move && s.idle {
		s.idle = false
		d.Rec.SideIdle[d.Sc.F[me].Side]--
	}
	switch a.Kind {
	case Move:
		d.move(me, int(a.To))
	case GainVantage, GainStrike, Evade:
		tactic := TacticVantage
		if a.Kind == GainStrike {
			tactic = TacticStrike
		} else if a.Kind == Evade {
			tactic = TacticEvade
		}
		d.Rec.Tries[me][tactic]++
		if !ok {
			// the point is spent and nothing happens
			s.Failed |= 1 << tactic
			if !d.Sc.Rules.FailureKeeps {
				d.drop(me)
			}
			return
		}
		d.Rec.Gains[me][tactic]++
		switch a.Kind {
		case GainVantage:
			d.gainVantage(me, int(a.To))
		case GainStrike:
			d.gainStrike(me, int(a.To))
		default:
			d.evade(me)
		}
	case Shoot, Melee:
		d.attack(me, int(a.To), a.Kind == Shoot)
	}
}

// drop ends fighter i's own vantage and strike.
func (d *Duel) drop(i int) {
	s := &d.S[i]
	if d.T != nil && (s.Vantage != None || s.Strike != None) {
		d.T.lose(d, i, s.Vantage, s.Strike)
	}
	s.Vantage, s.Strike = None, None
}

// gainVantage: fighter g has gained vantage on v.
func (d *Duel) gainVantage(g, v int) {
	r := &d.Sc.Rules
	sg := &d.S[g]
	sg.Vantage = int8(v)
	if r.Exclusive {
		sg.Strike = None
	}
	if !r.CounterVantage {
		return
	}
	fv, fg := &d.Sc.F[v], &d.Sc.F[g]
	sv := &d.S[v]
	switch {
	case !fv.Ranged():
		d.why(v, "no counter-vantage", "no ranged weapon")
		return
	case fg.Ranged() && fv.Range < fg.Range:
		d.why(v, "no counter-vantage", "its range is shorter")
		return
	case !fg.Ranged() && r.Unarmed == UnarmedNoCounter:
		d.why(v, "no counter-vantage", "the gainer has no ranged weapon to compare")
		return
	case d.Protected(g):
		d.why(v, "no counter-vantage", "the gainer evaded")
		return
	case sv.Vantage == int8(g):
		return
	case r.Exclusive && sv.Strike != None && r.CounterOnStrike == CounterSkipsStrike:
		d.why(v, "no counter-vantage", "it holds strike")
		return
	}
	if r.Exclusive {
		sv.Strike = None
	}
	sv.Vantage = int8(g)
	d.Rec.Counters[v][TacticVantage]++
	if d.T != nil {
		d.T.counter(d, v, g, TacticVantage)
	}
}

// gainStrike: fighter g has gained strike on v.
func (d *Duel) gainStrike(g, v int) {
	r := &d.Sc.Rules
	sg, sv := &d.S[g], &d.S[v]
	sg.Strike = int8(v)
	if r.Exclusive {
		sg.Vantage = None
	}
	if r.StruckDropsVantage && sv.Vantage != None {
		if d.T != nil {
			d.T.lose(d, v, sv.Vantage, None)
		}
		sv.Vantage = None
	}
	switch {
	case r.CounterStrike == CounterStrikeOff:
		return
	case d.Protected(g):
		d.why(v, "no counter-strike", "the gainer evaded")
		return
	case sv.Strike == int8(g):
		return
	case sv.Strike == None || r.CounterStrike == CounterStrikeSwitch:
		d.counterStrike(v, g)
	default:
		d.Pending = Pending{int8(v), sv.Strike, int8(g)}
	}
}

func (d *Duel) counterStrike(v, g int) {
	sv := &d.S[v]
	sv.Strike = int8(g)
	if d.Sc.Rules.Exclusive {
		sv.Vantage = None
	}
	d.Rec.Counters[v][TacticStrike]++
	if d.T != nil {
		d.T.counter(d, v, g, TacticStrike)
	}
}

// ChooseStrike settles the pending counter-strike choice: the victim
// switches its strike to the gainer, or keeps the strike it held.
func (d *Duel) ChooseStrike(switchToGainer bool) {
	p := d.Pending
	if p.Victim == None {
		panic("vantage: no counter-strike choice is pending")
	}
	d.Pending = Pending{None, None, None}
	if switchToGainer {
		d.counterStrike(int(p.Victim), int(p.Gainer))
	} else {
		d.why(int(p.Victim), "keeps its strike", "its side's choice")
	}
}

// evade: fighter e's Evade succeeded.
func (d *Duel) evade(e int) {
	r := &d.Sc.Rules
	for j := 0; j < d.Sc.N; j++ {
		s := &d.S[j]
		if s.Down || !d.Enemy(e, j) || (r.EvadeClears == SameHex && s.Hex != d.S[e].Hex) {
			continue
		}
		v, st := None, None
		if s.Vantage == int8(e) {
			s.Vantage, v = None, int8(e)
		}
		if s.Strike == int8(e) {
			s.Strike, st = None, int8(e)
		}
		if d.T != nil && (v != None || st != None) {
			d.T.lose(d, j, v, st)
		}
	}
	d.S[e].Evading = true
	if r.EvadeDropsOwn {
		d.drop(e)
	}
}

// attack: fighter a attacks t, ranged or melee, for its weapon's damage.
func (d *Duel) attack(a, t int, ranged bool) {
	f := &d.Sc.F[a]
	kind, dmg := 1, f.MeleeDamage
	if ranged {
		kind, dmg = 0, f.RangedDamage
	}
	st := &d.S[t]
	dmg = min(dmg, st.HP)
	st.HP -= dmg
	d.Rec.Attacks[a][kind]++
	d.Rec.Dealt[a] += int32(dmg)
	d.Rec.Taken[t] += int32(dmg)
	d.Rec.Damage[d.Sc.F[t].Side][d.Round] += int32(dmg)
	if d.T != nil {
		d.T.hit(d, a, t, dmg)
	}
	if !d.Sc.Rules.KeepAfter {
		if ranged {
			d.S[a].Vantage = None
		} else {
			d.S[a].Strike = None
		}
	}
	if st.HP == 0 {
		d.down(t)
	}
}

// down takes fighter t out: every hold on it and of it ends; the duel
// ends when its side has nobody standing.
func (d *Duel) down(t int) {
	st := &d.S[t]
	st.Down, st.Evading, st.AP = true, false, 0
	st.Vantage, st.Strike = None, None
	for j := 0; j < d.Sc.N; j++ {
		if d.S[j].Vantage == int8(t) {
			d.S[j].Vantage = None
		}
		if d.S[j].Strike == int8(t) {
			d.S[j].Strike = None
		}
	}
	if d.Pending.Victim == int8(t) || d.Pending.Held == int8(t) || d.Pending.Gainer == int8(t) {
		d.Pending = Pending{None, None, None}
	}
	d.Rec.Down[t] = int32(d.Round)
	if d.T != nil {
		d.T.note(d, t, "down", "")
	}
	side := d.Sc.F[t].Side
	lo, hi := d.Sc.Side(side)
	for i := lo; i < hi; i++ {
		if !d.S[i].Down {
			return
		}
	}
	if side == Players {
		d.end(EnemiesWon)
	} else {
		d.end(PlayersWon)
	}
}

// move steps fighter i to hex h.
func (d *Duel) move(i, h int) {
	s := &d.S[i]
	from := s.Hex
	s.Hex = int8(h)
	d.Rec.Moves[i]++
	if !d.Sc.Rules.ClearOnMove {
		return
	}
	for j := 0; j < d.Sc.N; j++ {
		o := &d.S[j]
		if j == i || o.Hex != from {
			continue
		}
		if s.Vantage == int8(j) {
			s.Vantage = None
		}
		if s.Strike == int8(j) {
			s.Strike = None
		}
		if o.Vantage == int8(i) {
			o.Vantage = None
		}
		if o.Strike == int8(i) {
			o.Strike = None
		}
	}
}

// Decide explains a choice of fighter i in the trace before it is carried
// out. Pass constant strings: nothing is built untraced.
func (d *Duel) Decide(i int, a Action, why string) {
	if d.T != nil {
		d.T.decide(d, i, a, why)
	}
}

func (d *Duel) why(i int, what, why string) {
	if d.T != nil {
		d.T.note(d, i, what, why)
	}
}
