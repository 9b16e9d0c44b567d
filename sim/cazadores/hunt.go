package cazadores

import (
	"math/bits"

	"balance/sim/dice"
	"balance/sim/geom"
)

// Model states.
const (
	Active uint8 = iota
	Dead
	Fled
)

// Model is one model on the board. Pack models come first in Hunt.M, then
// the Adversary's models, then Minions.
type Model struct {
	Pos   geom.Vec
	R     float32 // base radius in inches
	reach float32 // a Pack model's melee reach (cached; see MeleeReach)

	Entered uint64 // Dangerous pieces (bits 0..31) and Areas (32..55) already entered

	pack *PackDef // a Pack model's definition, &Sc.Pack[Def] (nil for a Foe); see PackDef

	Side  Side
	Kind  Kind
	Def   uint8 // PackDef index, Adversary model index or MinionDef index
	Tree  Tree  // a Minion's Foe Type
	State uint8
	Clock uint8 // Personal Clock, 1..10 (set through setClock, which keeps Hunt.clockAt)

	WND   int16 // WNDs left (for Adversary models: the sum over their own hit locations)
	Taken int16 // WNDs taken this hunt

	Conds     CondSet
	Terrifier int8 // the Foe that made it Terrified

	// Effective stats. Foes: base + exhaustion modifiers; Pack: SPD after armour.
	SPD, ATK, RNG, DEF, TER int8

	// Pack equipment: slots[k] has bit s set when weapon slot s holds a
	// weapon of kind k (set once, in Init: a model's weapons do not
	// change during a hunt); see WeaponSlots.
	slots [3]uint8
	nets  uint8 // the slots of its weapons that capture (the Net)
	armed uint8 // the slots of its weapons that give armour (Shields)

	// Pack equipment state.
	Readied   uint8 // bit i: weapon slot i readied
	Loaded    uint8 // bit i: shooting weapon in slot i is loaded
	Ammo      [MaxWeapons]uint8
	GearAmmo  [2]uint8
	GearReady uint8               // bit g: gear g readied
	Cast      uint16              // bit k: Scenario.Rituals[k] cast successfully this hunt
	Immune    CondSet             // Conditions it cannot suffer (Elysian Incense)
	SlotCrit  [MaxWeapons]CondSet // Crit abilities its weapons gained (Burning Pitch, Poison Vial, Indomitable Edge)
	Ward      uint8               // bit 1: melee, bit 2: shooting attacks against it are at Disadvantage
	Marked    bool                // Shooting Attacks against it are at Advantage

	// Stances and one-shot effects.
	Defending  bool
	ParryOn    int8 // the Parry's target, or -1
	Focus      uint8
	FocusShift int8
	Spotted    bool // Foes: Spot Weakness gives Advantage against it this Round

	// Turn state.
	freeMoved bool
	acted     bool
	paid      int8
	actAttack bool   // the Action this Turn was an Attack, or the model made an attack in it
	usedCrit  uint16 // abilities used this Turn
}

// SetState sets model i's State (Active, Dead or Fled). State is only
// ever changed through it.
func (h *Hunt) SetState(i int, s uint8) {
	h.M[i].State = s
	if s == Active {
		h.live |= 1 << i
	} else {
		h.live &^= 1 << i
	}
}

// bit returns model k's bit in a model mask (none for k < 0).
func bit(k int) uint16 {
	return 1 << uint(k) // a negative k shifts by more than 15: 0
}

// PackDef returns the definition of Pack model i (the Prisoner's too):
// &Sc.Pack[Def], kept in the model.
func (h *Hunt) PackDef(i int) *PackDef { return h.M[i].pack }

// activeOf returns the bits of side s's Active models.
func (h *Hunt) activeOf(s Side) uint16 { return h.live & h.sides[s&1] } // s&1: no bounds check

// Fighting returns the bits of side s's Active models but the Objective's
// (the Vessel, the Prisoner: the only Objective models).
func (h *Hunt) Fighting(s Side) uint16 {
	return h.activeOf(s) &^ bit(int(h.Obj.Vessel)) &^ bit(int(h.Obj.Prisoner))
}

// Hostiles returns a mask of the Active models Hostile to model i: bit k
// for model k, lowest first (walk it with math/bits.TrailingZeros16).
func (h *Hunt) Hostiles(i int) uint16 { return h.activeOf(h.M[i].Side ^ 1) }

// Friends returns a mask of the Active models Friendly to model i, i
// itself excluded.
func (h *Hunt) Friends(i int) uint16 { return h.activeOf(h.M[i].Side) &^ bit(i) }

// Alive reports whether the model is still on the board.
func (m *Model) Alive() bool { return m.State == Active }

// Focus kinds.
const (
	FocusNone uint8 = iota
	FocusAdvantage
	FocusShift
)

// Area is an Area created during play: a circle of dynamic terrain.
type Area struct {
	C       geom.Vec
	R       float32
	Terrain Terrain
	FoeDEF  int8
	Kind    uint8
	Seq     uint16
	Pair    uint16 // Seq of the linked Area (Cosmic Rift), 0: none
	Spent   bool   // a trap that has been triggered
}

// PackPolicy chooses for the Pack. Implementations live in package ai.
type PackPolicy interface {
	// Turn plays Pack model m's Turn through the Hunt's action methods.
	Turn(h *Hunt, m int)
	// PackFirst is asked after a won Leadership Check on a Clock tie.
	PackFirst(h *Hunt) bool
	// Order sorts the eligible Pack models into the order they act.
	Order(h *Hunt, eligible []int8)
}

// FoeAI plays the Foes. Implementations live in package ai.
type FoeAI interface {
	// AdversaryTurn plays the Adversary's Turn (all its models).
	AdversaryTurn(h *Hunt)
	// MinionTurn plays Minion m's Turn.
	MinionTurn(h *Hunt, m int)
}

// Hunt is the whole state of one hunt, a value: copying it forks the hunt.
// The zero value is not ready; Init builds a template and Reset deals a
// hunt from it. Its fields are huntState's, the Record, the models and
// the Areas.
type Hunt struct {
	huntState
	Rec Record
	M   [MaxModels]Model // the models: M[:N] (the rest are never read; a model joins whole)
	// The Areas on the board: Areas[:NAreas] (the rest are never read; an
	// Area is made whole).
	Areas [MaxAreas]Area
}

// huntState is a Hunt but its Record, models and Areas: what Reset copies
// whole from the template (those three only as far as they are in use).
type huntState struct {
	Sc *Scenario
	// Dice is the hunt's main random stream (named apart from a model's
	// RNG, its range stat).
	Dice dice.RNG

	Round uint16
	Tick  uint8

	N     uint8 // models in M
	NPack uint8 // Pack models are M[0:NPack]
	Adv0  uint8 // first Adversary model
	NAdv  uint8 // Adversary models are M[Adv0:Adv0+NAdv]
	// live has bit k set while M[k] is Active (SetState keeps it);
	// sides[s] has the bits of side s's models. Loops over the models
	// that matter walk these bits.
	live  uint16
	sides [2]uint16
	// clockAt[c] has the bits of the models other than the Adversary's
	// whose Clock showed c when it last changed (setClock keeps it; with
	// live, a Tick's eligible models without a look at each). Clocks show
	// 1..10; 16 entries, read at c&15, need no bounds check.
	clockAt [16]uint16
	minions uint16 // the bits of the Minions
	advBits uint16 // the bits of the Adversary's models, M[Adv0:Adv0+NAdv]

	AdvClock  uint8
	AdvLeft   int16               // WNDs left over all hit locations
	Loc       [MaxLocations]int16 // WNDs left on each hit location
	Exhausted uint16              // bit i: location i exhausted
	// ownLocs[m]: bit l for each hit location of the Adversary's model m
	// (set in Init from the AdversaryDef).
	ownLocs [MaxAdvModels]uint16
	// locModel[l]: the model of M that owns hit location l, Adv0 plus its
	// Owner (set in Init).
	locModel [MaxLocations]uint8
	// locPos[l]: hit location l's place in AdversaryDef.Order (its last,
	// as Order is a permutation; 0 for one not in it), set in Init.
	locPos [MaxLocations]uint8
	Mods   FoeMods // summed exhaustion modifiers
	// The Adversary's states (AdversaryDef.States): bit k of StateOn while
	// state k lasts, of StateFired once its WND or Round trigger has
	// fired; StateEnd[k] the Round at whose end it ends (0: never);
	// StateMods the summed modifiers of the states on.
	StateOn, StateFired uint8
	StateEnd            [MaxStates]uint16
	StateMods           FoeMods
	AdvDis              bool    // the Adversary attacks at Disadvantage
	Granted             CondSet // Conditions imposed by granted Crit abilities

	HitPile  [36]uint8
	HitPos   uint8
	HitFixed bool // the pile has been through once: its order now repeats
	ActPile  [16]uint8
	ActPos   uint8
	ActFixed bool
	Card     uint8 // the action card of the Adversary's current turn
	CardAct  *CardAction
	CardTree Tree

	NAreas  uint8 // Areas on the board, Hunt.Areas[:NAreas]
	AreaSeq uint16
	// areaTerrain is the union of the Terrain of Areas[:NAreas]; areaDEF
	// whether one has a FoeDEF, areaEnter whether one does anything to a
	// model entering it (kept by areasChanged).
	areaTerrain        Terrain
	areaDEF, areaEnter bool

	Obj ObjState

	// The hunt's other random streams (Dice above draws everything else):
	// each pile is shuffled from its own stream, and model i's n-th Check
	// uses dice.KeyedDraw(checkKey[i], n), n counted in checkN[i] (slot
	// MaxModels: Checks no model makes). Common random numbers thus stay in
	// step across designs: a Check one design adds does not move the draws
	// of any other model or of the piles.
	hitRNG, actRNG dice.RNG
	checkKey       [MaxModels + 1]uint64
	checkN         [MaxModels + 1]uint16
	checkBase      uint64 // the key the slots' keys derive from (keyChecks)

	// Trace, when set, is told every event; a copy that must not be
	// traced (a lookahead's rollout) sets it to nil.
	Trace Tracer
	// OnRound, when set, is called with the hunt at the end of each of
	// its Rounds, the last one included (which may end early): balance
	// reads the standing there. Reset keeps it, and copies of the hunt
	// carry it, so it is given the hunt to tell them apart.
	OnRound func(*Hunt)
	// The current Tick's Turns in order (adversaryTurn marks the
	// Adversary's), and the one under way.
	turns   [MaxModels + 1]int8
	nTurns  uint8
	turnPos uint8
	// Horizon, when not 0, stops Play and Resume after that Round
	// (lookahead rollouts); the Record is then left unfinished.
	Horizon uint16

	// wpn[i][s] is the weapon in slot s of Pack model i (&Sc.Weapons of
	// its definition's Weapons[s]), built once by Init and shared by the
	// template's copies: a design's table, read only.
	wpn *[MaxModels][MaxWeapons]*WeaponDef
	// packRow is where the Pack models deploy (packRowAt), built once by
	// Init and shared likewise; nil when the Pack deploys otherwise (an
	// ambush).
	packRow *packRow

	// w is the worker's scratch memory, not part of the hunt's state.
	w *scratch
}

// scratch is a hunt's memory that is not its state: buffers one step of
// the rules reuses, and what the trace tells of the last roll. Nothing in
// it outlives a step (the ordering of a Tick's Turns, an Action, an
// effect), so copies of a Hunt made between steps, as a lookahead's
// rollouts are, share it with the hunt they copy, on the same worker; it
// stays out of the value they copy. Init and Reset give a hunt one of its
// own (Reset keeps the one the hunt has, so a worker's hunt makes it once).
type scratch struct {
	side             dice.RNG // trace-only stream for showing dice faces
	elig, buf        [MaxModels]int8
	lastPool, lastDT int8
	lastAdv          dice.Adv
	lastSucc         uint8
	shared           int8            // the roll an OpEach shares among the models it reaches
	noAction         bool            // the Pass under way ends a Turn with no Action (for the trace)
	nav              geom.NavScratch // the route grid's search (travel)
}

// Init builds the template hunt for sc: models from their definitions,
// undeployed. Reset copies it.
func (h *Hunt) Init(sc *Scenario) {
	dice.Prepare() // the Checks' tables
	*h = Hunt{huntState: huntState{Sc: sc, w: new(scratch)}}
	a := &sc.Adversary
	n := 0
	for i := range sc.Pack {
		if sc.HasObjModel && i == int(sc.ObjModelDef) {
			continue
		}
		d := &sc.Pack[i]
		m := &h.M[n]
		*m = Model{Side: PackSide, Kind: d.Kind, Def: uint8(i), pack: d, R: d.BaseR, WND: d.WND, Clock: 1, Terrifier: -1, ParryOn: -1}
		m.SPD = d.SPD + d.ArmourSPD
		if m.SPD < 0 {
			m.SPD = 0
		}
		m.Readied = d.Readied
		for g := 0; g < int(d.NGear); g++ {
			m.GearAmmo[g] = sc.Gear[d.Gear[g]].Ammo
		}
		for s := 0; s < int(d.NWeapons); s++ {
			w := &sc.Weapons[d.Weapons[s]]
			if w.Kind == ShootingWeapon {
				m.Ammo[s] = w.Ammo
				m.Loaded |= 1 << s
			}
		}
		n++
	}
	h.NPack = uint8(n)
	h.Adv0 = uint8(n)
	for i := 0; i < int(a.NModels); i++ {
		m := &h.M[n]
		*m = Model{Side: FoeSide, Kind: AdversaryModel, Def: uint8(i), R: a.BaseR, Clock: 1, Terrifier: -1, ParryOn: -1}
		n++
	}
	h.NAdv = a.NModels
	for i := range a.Minions {
		d := &a.Minions[i]
		for k := 0; k < int(d.Count); k++ {
			m := &h.M[n]
			*m = Model{Side: FoeSide, Kind: Minion, Def: uint8(i), Tree: d.Tree, R: d.BaseR, WND: d.Stats.WND,
				Clock: 1, Terrifier: -1, ParryOn: -1,
				SPD: d.Stats.SPD, ATK: d.Stats.ATK, RNG: d.Stats.RNG, DEF: d.Stats.DEF, TER: d.Stats.TER}
			n++
		}
	}
	h.Obj.Vessel = -1
	if sc.Objective.Kind == ObjVessel {
		// The Vessel: an Area 1 model, Hostile to the Pack, that takes no Turns.
		h.M[n] = Model{Side: FoeSide, Kind: ObjectiveModel, R: TokenR, WND: 10, Clock: 1, Terrifier: -1, ParryOn: -1,
			DEF: 6, TER: 5}
		h.Obj.Vessel = int8(n)
		n++
	}
	h.Obj.Prisoner = -1
	h.Obj.Placed = -1
	if sc.HasObjModel {
		// The Prisoner: Friendly to the Pack, Hostile to the Foes, inert
		// until freed.
		d := &sc.Pack[sc.ObjModelDef]
		h.M[n] = Model{Side: PackSide, Kind: ObjectiveModel, Def: sc.ObjModelDef, pack: d, R: d.BaseR, WND: d.WND, Clock: 1,
			Terrifier: -1, ParryOn: -1, SPD: d.SPD}
		h.Obj.Prisoner = int8(n)
		n++
	}
	h.N = uint8(n)
	h.live = 1<<n - 1
	for i := 0; i < n; i++ {
		h.sides[h.M[i].Side] |= 1 << i
		h.clockAt[h.M[i].Clock] |= 1 << i
		if h.M[i].Kind == Minion {
			h.minions |= 1 << i
		}
		if h.M[i].Kind == AdversaryModel {
			h.advBits |= 1 << i
		}
	}
	h.wpn = new([MaxModels][MaxWeapons]*WeaponDef)
	for i := 0; i < n; i++ {
		if d := h.M[i].pack; d != nil {
			for s := range d.Weapons {
				h.wpn[i][s] = &sc.Weapons[d.Weapons[s]]
			}
		}
	}
	for i := 0; i < int(h.NPack); i++ {
		h.M[i].reach = h.packReach(i)
	}
	for i := 0; i < n; i++ {
		if m := &h.M[i]; m.Side == PackSide {
			d := &sc.Pack[m.Def]
			for s := 0; s < int(d.NWeapons); s++ {
				w := &sc.Weapons[d.Weapons[s]]
				m.slots[w.Kind] |= 1 << s
				if w.Captures {
					m.nets |= 1 << s
				}
				if w.Armour != 0 {
					m.armed |= 1 << s
				}
			}
		}
	}
	for i := 0; i < int(a.NLoc); i++ {
		h.Loc[i] = a.Loc[i].WND
		h.AdvLeft += a.Loc[i].WND
		if o := int(a.Loc[i].Owner); o < MaxAdvModels {
			h.ownLocs[o] |= 1 << i
		}
		h.locModel[i] = h.Adv0 + a.Loc[i].Owner
	}
	for k := 0; k < int(a.NLoc); k++ {
		if l := int(a.Order[k]); l < MaxLocations {
			h.locPos[l] = uint8(k)
		}
	}
	h.recomputeAdversary()
	for i := range h.HitPile {
		h.HitPile[i] = uint8(2 + i/4)
	}
	for i := range h.ActPile {
		h.ActPile[i] = uint8(i)
	}
	h.Round, h.Tick, h.AdvClock = 1, 1, 1
	if sc.Objective.Kind != ObjAmbush {
		h.packRow = h.packRowAt()
	}
	h.Rec.Init(h)
}

// Reset deals hunt number index of a run with seed: a copy of the template
// tmpl, the random stream (seed, index), and deployment. tmpl is not
// changed. The Tracer of h is kept, and so is its scratch memory.
func (h *Hunt) Reset(tmpl *Hunt, seed, index uint64) {
	tr, w, on := h.Trace, h.w, h.OnRound
	if w == nil || w == tmpl.w {
		w = new(scratch)
	}
	// As *h = *tmpl, the Record's Curve, the models and the Areas only as
	// far as either hunt has written them (what lies past that is 0 in
	// both).
	nm, na, nc := max(h.N, tmpl.N), max(h.NAreas, tmpl.NAreas), max(h.Rec.curveEnd, tmpl.Rec.curveEnd)
	h.huntState = tmpl.huntState
	h.Rec.recordHead = tmpl.Rec.recordHead
	copy(h.Rec.Curve[:nc], tmpl.Rec.Curve[:nc])
	copy(h.M[:nm], tmpl.M[:nm])
	copy(h.Areas[:na], tmpl.Areas[:na])
	h.Trace, h.w, h.OnRound = tr, w, on
	h.Dice.Seed(seed, index)
	h.hitRNG.DerivePurpose(seed, index, &purposes[0])
	h.actRNG.DerivePurpose(seed, index, &purposes[1])
	var k dice.RNG
	k.DerivePurpose(seed, index, &purposes[2])
	h.keyChecks(k.Uint64())
	if tr != nil {
		h.w.side.Seed(^seed, index)
	}
	h.deploy()
}

// ForkRandom gives h fresh random streams for its future, derived from its
// main stream's present state and k without drawing from any stream of h:
// the k-th possible future. Lookahead rollouts play from a copy forked this
// way, so they never see the hunt's own future dice or cards, and every
// plan tried with the same k meets the same future (common random numbers).
func (h *Hunt) ForkRandom(k uint64) {
	f := h.Dice.Fork(k)
	h.hitRNG = f.Fork(dice.PurposeHitPile)
	h.actRNG = f.Fork(dice.PurposeActPile)
	c := f.Fork(dice.PurposeChecks)
	h.keyChecks(c.Uint64())
	h.Dice = f
}

// purposes are the hunt's derived streams (the hit pile's, the action
// pile's, the Checks'), prepared for Reset.
var purposes = [3]dice.Purpose{dice.NewPurpose(dice.PurposeHitPile), dice.NewPurpose(dice.PurposeActPile), dice.NewPurpose(dice.PurposeChecks)}

// keyChecks sets the keys of the Check slots from one key: the slots of
// the hunt's models and slot MaxModels, the only ones roll is given; a
// model that joins the hunt later gets its slot's key from keyCheck.
func (h *Hunt) keyChecks(key uint64) {
	h.checkBase = key
	dice.SlotKeys(key, 0, h.checkKey[:h.N])
	dice.SlotKeys(key, MaxModels, h.checkKey[MaxModels:])
}

// keyCheck sets the key of Check slot s.
func (h *Hunt) keyCheck(s int) { h.checkKey[s] = dice.SlotKey(h.checkBase, uint64(s)) }

// Draws returns the random draws the hunt has made so far, over all its
// streams.
func (h *Hunt) Draws() uint64 {
	n := h.Dice.Draws() + h.hitRNG.Draws() + h.actRNG.Draws() + uint64(h.checkN[MaxModels])
	for _, c := range h.checkN[:h.N] { // the slots roll is given: the models' and MaxModels
		n += uint64(c)
	}
	return n
}

// Play runs the hunt to its end with the given Pack policy and Foe AI.
func (h *Hunt) Play(p PackPolicy, f FoeAI) {
	if h.Trace != nil {
		h.emit(Event{Kind: EvStart})
	}
	h.run(p, f)
}

// run plays Ticks until the hunt ends (or passes its Horizon), then
// settles the Record.
func (h *Hunt) run(p PackPolicy, f FoeAI) {
	for h.Rec.Outcome == Unfinished && (h.Horizon == 0 || h.Round <= h.Horizon) {
		h.playTick(p, f)
		h.advance()
	}
	if h.Rec.Outcome == Unfinished {
		return // stopped at the Horizon: a rollout reads the state as it is
	}
	if h.OnRound != nil {
		h.OnRound(h)
	}
	h.Rec.finish(h)
	h.objectiveFinish()
	if h.Trace != nil {
		h.emit(Event{Kind: EvEnd})
	}
}

// advance moves the Round Clock on, ending the Round after Tick 10, or
// at once when the rest of the Round is settled.
func (h *Hunt) advance() {
	if h.Tick < 10 && h.live&h.sides[FoeSide] == 0 && h.settled() { // settled's first question without a call
		h.Tick = 10
	}
	if h.Tick == 10 {
		h.endRound()
		if h.Rec.Outcome != Unfinished {
			return
		}
		if h.OnRound != nil {
			h.OnRound(h)
		}
		h.Round++
		h.Tick = 1
		if len(h.Sc.Adversary.States) > 0 {
			h.stateTrigger(StateOnRound, int(h.Round))
		}
	} else {
		h.Tick++
	}
}

// Resume plays the rest of the hunt from inside the Turn of the Pack model
// whose Turn is under way (a lookahead policy calls it on a copy of the
// hunt): that Turn ends, the other Turns of the Tick are played, and the
// hunt goes on with p and f to its end or its Horizon.
func (h *Hunt) Resume(p PackPolicy, f FoeAI) {
	if h.turnPos < h.nTurns {
		if i := h.turns[h.turnPos]; i >= 0 {
			h.endTurn(int(i))
		}
		h.runTurns(p, f, h.turnPos+1)
		h.advance()
	}
	h.run(p, f)
}

// Now is the number of Ticks since the hunt began, counting from 1.
func (h *Hunt) Now() int { return (int(h.Round)-1)*10 + int(h.Tick) }

// loopClock returns Clock c (1..10) moved on by ticks, round the loop.
func loopClock(c uint8, ticks int8) uint8 {
	v := int(c) + int(ticks)
	switch {
	case v >= 1 && v <= 10:
		return uint8(v)
	case v >= 11 && v <= 20: // once round: the usual Action's cost
		return uint8(v - 10)
	}
	v = (v-1)%10 + 1
	if v <= 0 {
		v += 10
	}
	return uint8(v)
}

// setClock sets the Clock of model i (not the Adversary's: they keep
// AdvClock) to c, and its bit in clockAt.
func (h *Hunt) setClock(i int, c uint8) {
	m := &h.M[i]
	h.clockAt[m.Clock&15] &^= bit(i)
	h.clockAt[c&15] |= bit(i)
	m.Clock = c
}

// listBits writes the models of mask bs into l in increasing order and
// returns how many.
func listBits(l *[MaxModels]int8, bs uint16) int {
	n := 0
	for ; bs != 0; bs &= bs - 1 {
		l[n] = int8(bits.TrailingZeros16(bs))
		n++
	}
	return n
}

// playTick runs every eligible model's Turn on the current Tick, in the
// order the rules give; the order is kept in the Hunt so that a copy made
// during a Turn can carry on (Resume).
func (h *Hunt) playTick(p PackPolicy, f FoeAI) {
	// The eligible: the Active models whose Clock shows the Tick, from
	// masks (the Pack's, then the Minions', each in the order of M).
	w := h.w
	tick := h.Tick
	due := h.clockAt[tick&15] & h.live
	np := listBits(&w.elig, due&(1<<h.NPack-1))
	if p := int(h.Obj.Prisoner); p >= 0 && h.Obj.Freed && h.M[p].State == Active && h.M[p].Clock == tick {
		w.elig[np] = int8(p)
		np++
	}
	advElig := h.AdvClock == tick && h.adversaryAlive()
	// The Minions (an Objective's Vessel, a Foe too, takes no Turns), in
	// the order of M.
	nf := listBits(&w.buf, due&h.minions)
	h.nTurns, h.turnPos = 0, 0
	if np == 0 && nf == 0 && !advElig {
		return
	}
	packFirst := false
	if np > 0 && (nf > 0 || advElig) {
		packFirst = h.breakTie(np, nf, advElig) && p.PackFirst(h)
	}
	// Minions act in a random order after the Adversary.
	for i := nf - 1; i > 0; i-- {
		j := h.Dice.IntN(i + 1)
		w.buf[i], w.buf[j] = w.buf[j], w.buf[i]
	}
	if np > 1 {
		p.Order(h, w.elig[:np])
	}
	// The order: the Foes (the Adversary, then the Minions) and the Pack,
	// or the Pack first after a won tie.
	n := 0
	if packFirst {
		n = h.queue(n, w.elig[:np])
	}
	if advElig {
		h.turns[n] = adversaryTurn
		n++
	}
	n = h.queue(n, w.buf[:nf])
	if !packFirst {
		n = h.queue(n, w.elig[:np])
	}
	h.nTurns = uint8(n)
	h.runTurns(p, f, 0)
}

// queue appends models to the Tick's order of Turns at position n and
// returns the new length (a loop: these lists are a few models long).
func (h *Hunt) queue(n int, models []int8) int {
	for _, i := range models {
		h.turns[n] = i
		n++
	}
	return n
}

// adversaryTurn marks the Adversary's Turn in a Tick's order of Turns.
const adversaryTurn = -2

// runTurns plays the Tick's Turns from position k on, up to the moment
// the rest of the Round is settled.
func (h *Hunt) runTurns(p PackPolicy, f FoeAI, k uint8) {
	for h.turnPos = k; h.turnPos < h.nTurns; h.turnPos++ {
		i := int(h.turns[h.turnPos])
		if h.live&h.sides[FoeSide] == 0 && h.settled() { // settled's first question without a call
			h.turnPos = h.nTurns
			return
		}
		switch {
		case i == adversaryTurn:
			if h.adversaryAlive() {
				if h.Trace != nil {
					h.emit(Event{Kind: EvTurn, Model: -1})
				}
				h.adversaryTurn(f)
			}
		case h.M[i].State != Active:
		case h.M[i].Side == PackSide:
			h.beginTurn(i)
			if h.Trace != nil {
				h.emit(Event{Kind: EvTurn, Model: int8(i)})
			}
			p.Turn(h, i)
			h.endTurn(i)
		default:
			h.beginTurn(i)
			if h.Trace != nil {
				h.emit(Event{Kind: EvTurn, Model: int8(i)})
			}
			f.MinionTurn(h, i)
			h.endTurn(i)
		}
	}
}

// settled reports whether no Turn left in the Round can change what the
// Record keeps of the hunt (R7): no Foe is left, so the outcome is the
// Pack's win, the hunt has no Objective to carry on, and no Pack model
// has an end-of-Round effect on it (Burning, Poisoned) that a Turn could
// still clear. The Round then closes without its remaining Turns, unless
// the play_out_round switch asks for them.
func (h *Hunt) settled() bool {
	if h.live&h.sides[FoeSide] != 0 || h.Sc.Rules.PlayOutRound || h.Sc.Objective.Kind != NoObjective {
		return false
	}
	for bs := h.live & h.sides[PackSide]; bs != 0; bs &= bs - 1 {
		if c := h.M[bits.TrailingZeros16(bs)].Conds; c.Has(Burning) || c.Has(Poisoned) {
			return false
		}
	}
	return true
}

// breakTie makes the Leadership Check of a Clock tie; it reports whether
// the Pack won it.
func (h *Hunt) breakTie(np, nf int, advElig bool) bool {
	w := h.w
	best := -1
	for k := 0; k < np; k++ {
		i := w.elig[k]
		m := &h.M[i]
		if m.Kind != Cazador {
			continue
		}
		if best < 0 || h.packAttr(int(i), RES) > h.packAttr(best, RES) {
			best = int(i)
		}
	}
	if best < 0 {
		return false
	}
	dt := int8(0)
	if advElig {
		for i := int(h.Adv0); i < int(h.Adv0+h.NAdv); i++ {
			if h.M[i].State == Active && h.M[i].TER > dt {
				dt = h.M[i].TER
			}
		}
	}
	for k := 0; k < nf; k++ {
		if t := h.M[w.buf[k]].TER; t > dt {
			dt = t
		}
	}
	res := h.skillCheck(best, Leadership, int(dt), 0, 0)
	if h.Trace != nil {
		h.emitCheck(EvTie, best, -1, res)
	}
	return res.OK()
}

// beginTurn starts model i's Turn: stances that last until the start of
// its next Turn end.
func (h *Hunt) beginTurn(i int) {
	m := &h.M[i]
	m.Defending = false
	m.ParryOn = -1
	m.freeMoved = false
	m.acted = false
	m.actAttack = false
	m.paid = 0
	m.usedCrit = 0
	h.Rec.Turns++
}

// endTurn closes model i's Turn: a Turn with no Action is a Pass.
func (h *Hunt) endTurn(i int) {
	if i == int(h.Obj.Prisoner) {
		h.Obj.FleeAdv = false // Aid's Advantage lasts to the end of its next Turn
	}
	if m := &h.M[i]; m.State == Active && !m.acted {
		h.w.noAction = true // the trace says the rules, not a choice, made this Pass
		h.pass(i)
		h.w.noAction = false
	}
	h.Rec.countTurn(h.M[i].Side, !h.M[i].actAttack)
	if h.Sc.Map.HasHeight {
		h.endOnUnstable(i) // a fall from an unstable piece (R58)
	}
}

// adversaryTurn plays the Adversary's Turn, for all its living models, and
// advances its joint clock by the highest Tick cost paid.
func (h *Hunt) adversaryTurn(f FoeAI) {
	for i := int(h.Adv0); i < int(h.Adv0+h.NAdv); i++ {
		if h.M[i].State == Active {
			h.beginTurn(i)
			// One Turn for the Adversary as a whole.
			if i > int(h.Adv0) {
				h.Rec.Turns--
			}
		}
	}
	f.AdversaryTurn(h)
	struck := false
	for i := int(h.Adv0); i < int(h.Adv0+h.NAdv); i++ {
		struck = struck || h.M[i].actAttack
	}
	h.Rec.countTurn(FoeSide, !struck)
	h.AdvClock = h.AdvClockAfter()
	for i := int(h.Adv0); i < int(h.Adv0+h.NAdv); i++ {
		h.M[i].Clock = h.AdvClock
	}
	h.CardAct = nil
	if h.Sc.Map.HasHeight {
		h.foesOnUnstable()
	}
}

// AdvClockAfter returns the Adversary's joint clock as it will stand if
// its Turn ends now: advanced by the most Ticks any of its models has paid
// this Turn (a Pass's, if none has).
func (h *Hunt) AdvClockAfter() uint8 {
	var most int8
	for i := int(h.Adv0); i < int(h.Adv0+h.NAdv); i++ {
		if m := &h.M[i]; m.State == Active && m.paid > most {
			most = m.paid
		}
	}
	if most == 0 {
		most = h.Sc.Rules.PassTicks
	}
	return loopClock(h.AdvClock, most)
}

// endRound resolves the end of the Round and checks whether the hunt ends.
func (h *Hunt) endRound() {
	for i := 0; i < int(h.N); i++ {
		m := &h.M[i]
		if m.State != Active {
			continue
		}
		if m.Conds.Has(Burning) {
			h.wound(i, 4, -1, Burning)
		}
		if m.State == Active && m.Conds.Has(Poisoned) {
			h.wound(i, 1, -1, Poisoned)
		}
	}
	if h.Sc.Objective.Kind != NoObjective {
		h.objectiveEndOfRound()
	}
	for i := 0; i < int(h.N); i++ {
		m := &h.M[i]
		m.Conds = m.Conds.Without(Hidden)
		m.Spotted = false
	}
	if h.StateOn != 0 {
		h.statesEnd()
	}
	if h.Trace != nil {
		h.emit(Event{Kind: EvRoundEnd})
	}
	foes, pack := h.Fighting(FoeSide) != 0, h.Fighting(PackSide) != 0
	switch {
	case !foes:
		h.Rec.Outcome = PackWon
	case !pack:
		died, fled := false, false
		for i := 0; i < int(h.NPack); i++ {
			switch h.M[i].State {
			case Dead:
				died = true
			case Fled:
				fled = true
			}
		}
		switch {
		case died && fled:
			h.Rec.Outcome = Mixed
		case fled:
			h.Rec.Outcome = PackFled
		default:
			h.Rec.Outcome = PackSlain
		}
	case int(h.Round) >= h.Sc.Rules.RoundCap:
		h.Rec.Outcome = Stalemate
	}
}

// adversaryAlive reports whether any model of the Adversary is on the board.
func (h *Hunt) adversaryAlive() bool {
	return h.live&h.advBits != 0
}

// IsAdversary reports whether model i is one of the Adversary's models.
func (h *Hunt) IsAdversary(i int) bool {
	return uint(i-int(h.Adv0)) < uint(h.NAdv) // one test: below Adv0 wraps round to a large number
}

// Hostile reports whether models a and b are Hostile to each other.
func (h *Hunt) Hostile(a, b int) bool { return h.M[a].Side != h.M[b].Side }

// Name returns model i's name: the Pack model's, the Adversary model's or
// the Minion's (Minions numbered when there are several).
func (h *Hunt) Name(i int) string {
	m := &h.M[i]
	switch m.Kind {
	case Cazador, Companion:
		return h.Sc.Pack[m.Def].Name
	case AdversaryModel:
		if n := h.Sc.Adversary.ModelNames[m.Def]; n != "" {
			return n
		}
		return h.Sc.Adversary.Name
	case ObjectiveModel:
		if m.Side == PackSide {
			return h.Sc.Pack[m.Def].Name
		}
		return "Vessel"
	}
	d := &h.Sc.Adversary.Minions[m.Def]
	if d.Count > 1 || d.Numbered {
		k := 1
		for j := int(h.Adv0 + h.NAdv); j < i; j++ {
			if h.M[j].Def == m.Def {
				k++
			}
		}
		return d.Name + " " + string(rune('0'+k))
	}
	return d.Name
}
