package skirmish

import (
	"math/bits"

	"balance/sim/dice"
	"balance/sim/geom"
)

// StunDamage is the damage of one shot from which the target is stunned.
const StunDamage = 4

// Distances in inches.
const (
	contactTol    = 0.02 // bases this close (edge to edge) are in contact
	groupRange    = 3    // a soldier within this of its leader may join a group activation
	interceptGap  = 1    // an enemy moving within this may be intercepted
	lootRadius    = 0.5  // a loot token's radius
	pushDist      = 1    // a winner may push either figure back this far
	runForIt      = 3    // the move of Run for it
	maxJump       = 4    // the longest jump
	powerMove     = 3    // a Power Move
	maxGroup      = 3    // soldiers joining a leader
	enemyNearLoot = 1    // an enemy this close forbids unlocking loot
)

// Fig flags.
const (
	fOut         uint16 = 1 << iota // out of action
	fExited                         // left the table carrying loot
	fActivated                      // has activated this turn
	fStunned                        // stunned, until the end of its next activation
	fStunAct                        // was stunned when it activated this turn
	fJammed                         // its guns are jammed
	fClearJam                       // cleared a jam at the start of this activation
	fCombatStart                    // was in combat when this activation began
	fMoved                          // has moved some distance this activation
)

// Actions taken at most once per activation (bits of Fig.used).
const (
	usedShoot uint8 = 1 << iota
	usedPower
	usedUnlock
	usedPickUp
)

// Fig is one figure's state in a battle.
type Fig struct {
	Pos    geom.Vec
	Health int8
	Side   int8
	Carry  int8 // the loot token it carries, -1 none
	Shield int8 // Armour bonus until the end of the turn
	flags  uint16

	// The current activation.
	left     int8     // actions left
	moves    int8     // Move actions taken
	fights   int8     // Fight actions taken
	used     uint8    // once-per-activation actions taken
	unlocked int8     // the token it unlocked this activation (free pick-up of physical loot), -1
	runDir   geom.Vec // direction of its straight run-up
	run      float32  // inches moved straight along runDir, just now
}

// Standing reports whether the figure is on the table and in action.
func (f *Fig) Standing() bool { return f.flags&(fOut|fExited) == 0 }

// Out reports whether the figure is out of action.
func (f *Fig) Out() bool { return f.flags&fOut != 0 }

// Exited reports whether the figure left the table with loot.
func (f *Fig) Exited() bool { return f.flags&fExited != 0 }

// Activated reports whether the figure has activated this turn.
func (f *Fig) Activated() bool { return f.flags&fActivated != 0 }

// Stunned reports whether the figure is stunned.
func (f *Fig) Stunned() bool { return f.flags&fStunned != 0 }

// Jammed reports whether the figure's guns are jammed.
func (f *Fig) Jammed() bool { return f.flags&fJammed != 0 }

// Left returns the actions the figure has left in its activation.
func (f *Fig) Left() int { return int(f.left) }

// Moves returns the Move actions the figure has taken in its activation.
func (f *Fig) Moves() int { return int(f.moves) }

// HasMoved reports whether the figure has moved some distance in its
// activation (a shot after it is hasty).
func (f *Fig) HasMoved() bool { return f.flags&fMoved != 0 }

// Token is one loot token's state.
type Token struct {
	Pos      geom.Vec // where it lies (its carrier's position while carried)
	Data     bool
	Unlocked bool
	Carrier  int8 // the figure carrying it, -1 none
	Off      int8 // the warband that carried it off the table, -1 none
}

// OnGround reports whether the token lies on the table, not carried.
func (t *Token) OnGround() bool { return t.Carrier < 0 && t.Off < 0 }

// LootOnGround returns the loot tokens lying on the table (those
// OnGround), as a mask (bit k: token k).
func (b *Battle) LootOnGround() uint32 { return b.lootOn }

// Carrying returns the figures carrying a loot token, as a mask.
func (b *Battle) Carrying() uint32 { return b.carrying }

// Cloud is a smoke cloud.
type Cloud struct {
	C    geom.Vec
	R    float32
	Ends int16 // the turn at whose end it disperses
}

// Outcome is how a battle ended.
type Outcome uint8

// Outcomes.
const (
	ALoot Outcome = iota // warband A carried off or held more loot
	AElim                // every figure of warband B out of action
	BLoot
	BElim
	Draw  // equal loot
	Wiped // both warbands out of action
	NOutcomes
)

// Step is the part of an activation a policy is asked to play.
type Step uint8

// Steps.
const (
	StepAll       Step = iota // a whole activation
	StepGroupMove             // a group member's first action, which must be a Move
	StepGroupRest             // a group member's remaining actions
)

// Push is what the winner of a fight does.
type Push uint8

// Pushes.
const (
	Stay      Push = iota // remain in combat
	PushLoser             // push the opponent back 1"
	PushSelf              // step back 1"
)

// Policy plays one side: a warband, or the creatures.
type Policy interface {
	// Group chooses which of the eligible soldiers activate with leader:
	// it moves its choice (at most 3) to the front of eligible and
	// returns how many.
	Group(b *Battle, leader int, eligible []int8) int
	// Act plays figure i's activation, or the part of it step names,
	// through the Battle's action methods.
	Act(b *Battle, i int, step Step)
	// Intercept is asked when enemy figure mover moves within 1" of
	// figure i, which is not in combat: true forces combat.
	Intercept(b *Battle, i, mover int) bool
	// Push is asked when figure winner won a fight against loser.
	Push(b *Battle, winner, loser int) Push
}

// Battle is the whole state of one game, a value: copying it forks the
// game. Reset deals a game from its Setup; the zero value is not ready.
type Battle struct {
	S     *Setup
	RNG   dice.RNG
	Trace Tracer

	Figs   [MaxFigures]Fig
	NF     int
	Loot   [MaxLoot]Token
	NLoot  int
	Smoke  [MaxSmoke]Cloud
	NSmoke int

	Turn    int
	Phase   Role // the phase being played (Creature: the Creature Phase)
	Order   [2]int8
	Done    bool
	Outcome Outcome
	T       Tally

	cur   int8 // the figure whose action methods may be called, -1 none
	step  Step
	pol   [3]Policy
	group [MaxBand]int8 // the members of a group activation
	// Who touches whom: touch[i] has bit j when figures i and j both
	// stand with their bases in contact. It is brought up to date, for
	// the figures in moved (whose place, or whether they stand, changed
	// since), by the first question that reads it.
	base  [MaxFigures]float32  // each figure's base radius, from its profile
	prof  [MaxFigures]*Profile // each figure's profile, S.Profiles[i] (P)
	touch [MaxFigures]uint32
	near  [MaxFigures]uint32 // as touch, with a margin: every figure in contact (by edge distance) is in it
	moved uint32
	// The figures in combat (touch[i]&foesOf[i] != 0), kept by contacts.
	engaged uint32
	// The contact grid's column and row of each figure's place, and the
	// figures in the columns up to each and in the rows up to each.
	gcol, grow   [MaxFigures]uint8
	colLE, rowLE gridLE             // the figures in the columns (rows) up to each
	sides        [3]uint32          // the figures of each side
	foesOf       [MaxFigures]uint32 // the figures of the other sides than each figure's
	standing     uint32             // the figures standing
	acted        uint32             // the figures that activated this turn (fActivated)
	shielded     uint32             // the figures with a shield this turn
	lootOn       uint32             // the loot tokens lying on the table (OnGround)
	carrying     uint32             // the figures carrying a token (Carry >= 0)
	// Lines of sight between two figures, remembered with the versions
	// of the places (ver, bumped by every change of a figure's place)
	// and of the smoke (smokeVer) they were worked out for: bytes, a
	// version that wraps forgetting what was remembered with it, so
	// that the table Reset clears is small.
	ver      [MaxFigures]uint8
	smokeVer uint8
	losMemo  [MaxFigures][MaxFigures]losMemo
	legs     legSpans // the leg being walked
	walked   walkBox  // what the walk being kept noted of its legs (walkKept)
	memo     *memo    // answers remembered from battle to battle (kept by Reset)
	rig      [8]int8  // faces the next d20s show (tests only)
	nRig     int
}

// Tally is what a battle records for the reports.
type Tally struct {
	Dealt                    [MaxFigures]int32 // damage dealt by each figure
	Taken                    [MaxFigures]int32 // damage each figure took, from every source
	OutTurn                  [MaxFigures]int8  // the turn it went out of action, 0 if it did not
	Exit                     [MaxFigures]int8  // the turn it left the table with loot, 0 if it did not
	Shots                    [MaxFigures]int32 // opposed shooting attacks it made
	Hits                     [MaxFigures]int32 // of them, won
	Fights                   [MaxFigures]int32 // combats it fought (attacker or defender)
	Won                      [MaxFigures]int32 // of them, won
	Off                      [2]int8           // loot tokens each warband carried off the table
	Held                     [2]int8           // loot tokens its standing figures held at the end
	Crits                    int32
	Jams                     int32
	Grenades, GrenadesLanded int32
	Powers, PowersOK         int32
	Unlocks, UnlockTries     int32
	Intercepts               int32
	Falls, SwimFails         int32
	ByTurn                   [2][MaxTurnCap + 1]int32 // damage each warband's figures took, by turn
	Turns                    int
	// Activations counts the figures' activations (a group activation
	// counts each of its figures): the game's unit of one model's turn.
	Activations int32
	// SideActs counts each warband's activations that ran to their end;
	// SideIdle those of them in which the figure neither fought, shot,
	// threw, used a power, unlocked nor picked up loot, and carried
	// none (it only moved, rested or stood, empty-handed).
	SideActs, SideIdle [2]int32
}

// Reset deals a new game of s seeded with (seed, index): the figures at
// their deployment, the loot locked, turn 0. The Tracer is kept.
func (b *Battle) Reset(s *Setup, seed, index uint64) {
	tr, mm := b.Trace, b.memo
	*b = Battle{} // cleared in place (a literal with fields would be built aside, then copied over word by word)
	b.S, b.Trace, b.cur, b.memo = s, tr, -1, mm
	b.memoFor(s)
	b.RNG.Seed(seed, index)
	b.NF = len(s.Profiles)
	for i := range s.Profiles {
		p := &s.Profiles[i]
		b.Figs[i] = Fig{Pos: p.Start, Health: p.Health, Side: p.Side, Carry: -1, unlocked: -1}
		b.sides[p.Side] |= 1 << i
		b.ver[i] = 1
		b.base[i] = p.Base
		b.prof[i] = p
		cx, cy := s.grid.cell(p.Start)
		b.gcol[i], b.grow[i] = cx, cy
		b.colLE[cx] |= 1 << i
		b.rowLE[cy] |= 1 << i
	}
	for k := 1; k <= gridNone; k++ { // each figure in the columns and rows from its own on
		b.colLE[k] |= b.colLE[k-1]
		b.rowLE[k] |= b.rowLE[k-1]
	}
	for i := 0; i < b.NF; i++ {
		b.foesOf[i] = (1<<b.NF - 1) &^ b.sides[b.Figs[i].Side]
	}
	b.moved = 1<<b.NF - 1
	b.standing = b.moved
	b.NLoot = len(s.Scenario.Loot)
	for k, l := range s.Scenario.Loot {
		b.Loot[k] = Token{Pos: l.Pos, Data: l.Data, Carrier: -1, Off: -1}
		b.lootOn |= 1 << k
	}
}

// P returns figure i's profile.
func (b *Battle) P(i int) *Profile { return b.prof[i] }

// D20 rolls a d20 (the next rigged face first, in tests).
func (b *Battle) D20() int {
	if b.nRig > 0 {
		x := b.rig[0]
		copy(b.rig[:], b.rig[1:])
		b.nRig--
		return int(x)
	}
	return 1 + b.RNG.IntN(20)
}

// Enemies reports whether figures i and j are enemies: of different
// warbands, or one a creature and the other not.
func (b *Battle) Enemies(i, j int) bool { return b.Figs[i].Side != b.Figs[j].Side }

// Play plays the game to its end: the warbands played by a and bb, the
// creatures by c.
func (b *Battle) Play(a, bb, c Policy) {
	b.pol = [3]Policy{a, bb, c}
	if b.Trace != nil {
		b.emit(Event{Kind: EvStart})
	}
	for b.Turn = 1; ; b.Turn++ {
		b.playTurn()
		if b.Done || b.Turn >= b.S.Scenario.TurnCap {
			break
		}
	}
	b.finish()
}

func (b *Battle) playTurn() {
	for m := b.acted; m != 0; m &= m - 1 {
		b.Figs[bits.TrailingZeros32(m)].flags &^= fActivated | fStunAct
	}
	b.acted = 0
	if b.Trace != nil {
		b.emit(Event{Kind: EvTurn})
	}
	b.initiative()
	for _, role := range [2]Role{Captain, FirstMate} {
		b.Phase = role
		if role == FirstMate && b.S.Rules.Initiative == InitiativePerPhase {
			b.initiative()
		}
		for k := 0; k < 2 && !b.Done; k++ {
			if l := b.leader(b.Order[k], role); l >= 0 {
				b.groupActivation(l)
			}
		}
	}
	b.Phase = Soldier
	if b.S.Rules.Initiative == InitiativePerPhase && !b.Done {
		b.initiative()
	}
	for k := 0; k < 2 && !b.Done; k++ {
		side := b.Order[k]
		for m := b.sides[side] & b.standing &^ b.acted; m != 0 && !b.Done; m &= m - 1 {
			if i := bits.TrailingZeros32(m); b.Figs[i].Standing() && !b.Figs[i].Activated() {
				b.activate(i)
			}
		}
	}
	b.Phase = Creature
	b.creaturePhase()
	b.endTurn()
}

// initiative rolls a d20 for each warband, the higher going first in the
// phases it covers; ties are rolled again.
func (b *Battle) initiative() {
	for n := 0; ; n++ {
		x, y := b.D20(), b.D20()
		if x == y && n < 100 {
			if b.Trace != nil {
				b.emit(Event{Kind: EvInitiative, X: int8(x), Y: int8(y), Why: "tie: rolled again"})
			}
			continue
		}
		if x >= y {
			b.Order = [2]int8{SideA, SideB}
		} else {
			b.Order = [2]int8{SideB, SideA}
		}
		if b.Trace != nil {
			b.emit(Event{Kind: EvInitiative, X: int8(x), Y: int8(y), Target: b.Order[0]})
		}
		return
	}
}

// leader returns the standing, not yet activated figure of side with
// role, or -1.
func (b *Battle) leader(side int8, role Role) int {
	for m := b.sides[side] & b.standing &^ b.acted; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		if b.prof[i].Role == role {
			return i
		}
	}
	return -1
}

// GroupEligible appends to dst the soldiers that may activate with
// leader: of its warband, standing, not yet activated, not in combat (a
// group moves first), within 3" (edge to edge) and in its line of sight.
func (b *Battle) GroupEligible(leader int, dst []int8) []int8 {
	lf := &b.Figs[leader]
	lp := b.P(leader)
	for m := b.Band(lf.Side) &^ (1 << leader) &^ b.acted; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		f := &b.Figs[i]
		if b.prof[i].Role != Soldier {
			continue
		}
		if geom.EdgeDist(lf.Pos, lp.Base, f.Pos, b.base[i]) > groupRange+contactTol {
			continue
		}
		if b.InCombat(i) || !b.LOS(leader, i) {
			continue
		}
		dst = append(dst, int8(i))
	}
	return dst
}

func (b *Battle) groupActivation(leader int) {
	buf := &b.group // the policy is handed a slice of it: kept in the Battle, it costs no allocation
	members := buf[:0]
	if !b.InCombat(leader) {
		el := b.GroupEligible(leader, buf[1:1])
		if len(el) > 0 {
			n := b.pol[b.Figs[leader].Side].Group(b, leader, el)
			n = min(max(n, 0), maxGroup, len(el))
			members = buf[:1+n]
		}
	}
	if len(members) <= 1 {
		b.activate(leader) // no soldier joins: an activation of its own
		return
	}
	members[0] = int8(leader)
	if b.Trace != nil {
		e := Event{Kind: EvGroup, Fig: int8(leader), N: int16(len(members) - 1)}
		copy(e.Group[:], members[1:])
		b.emit(e)
	}
	for _, m := range members {
		b.begin(int(m))
	}
	for _, m := range members {
		if b.Done {
			return
		}
		i := int(m)
		if b.Figs[i].Standing() && b.Figs[i].left > 0 {
			b.cur, b.step = m, StepGroupMove
			b.pol[b.Figs[i].Side].Act(b, i, StepGroupMove)
			if f := &b.Figs[i]; f.Standing() && f.moves == 0 && f.left > 0 && !b.Done && !b.InCombat(i) {
				b.Move(i, f.Pos, 0) // the first action of a group is a Move: standing still
			}
		}
	}
	for _, m := range members {
		if b.Done {
			return
		}
		i := int(m)
		if b.Figs[i].Standing() && b.Figs[i].left > 0 {
			b.cur, b.step = m, StepGroupRest
			b.pol[b.Figs[i].Side].Act(b, i, StepGroupRest)
		}
		b.end(i)
	}
	b.cur = -1
}

// activate plays figure i's activation alone.
func (b *Battle) activate(i int) {
	b.begin(i)
	if f := &b.Figs[i]; f.Standing() && f.left > 0 && !b.Done {
		b.cur, b.step = int8(i), StepAll
		b.pol[b.side(i)].Act(b, i, StepAll)
	}
	b.end(i)
	b.cur = -1
}

// side returns the index of the policy of figure i.
func (b *Battle) side(i int) int8 { return b.Figs[i].Side }

// begin starts figure i's activation: 2 actions, its stun noted, a
// jammed gun cleared, and, in water, its Swimming Roll.
func (b *Battle) begin(i int) {
	f := &b.Figs[i]
	b.T.Activations++
	f.flags |= fActivated
	b.acted |= 1 << i
	f.flags &^= fStunAct | fClearJam | fCombatStart | fMoved
	if f.flags&fStunned != 0 {
		f.flags |= fStunAct
	}
	if f.flags&fJammed != 0 && b.S.Rules.Jam == JamJammed {
		f.flags = f.flags&^fJammed | fClearJam
		if b.Trace != nil {
			b.emit(Event{Kind: EvClearJam, Fig: int8(i)})
		}
	}
	f.left, f.moves, f.fights, f.used, f.unlocked, f.run = 2, 0, 0, 0, -1, 0
	if b.InCombat(i) {
		f.flags |= fCombatStart
	}
	if b.Trace != nil {
		b.emit(Event{Kind: EvActivate, Fig: int8(i)})
	}
	if b.inWater(f.Pos) {
		x := b.D20()
		will := int(b.P(i).Will)
		miss := SwimTN - (x + will)
		if b.Trace != nil {
			b.emit(Event{Kind: EvSwim, Fig: int8(i), X: int8(x), A: int16(x + will), D: SwimTN})
		}
		if miss > 0 {
			b.T.SwimFails++
			f.left = 0
			b.damage(i, -1, miss, "swimming")
		}
	}
}

// end closes figure i's activation: a stun it began with wears off.
func (b *Battle) end(i int) {
	f := &b.Figs[i]
	if f.Side == SideA || f.Side == SideB {
		b.T.SideActs[f.Side]++
		if f.used == 0 && f.fights == 0 && f.Carry < 0 {
			b.T.SideIdle[f.Side]++
		}
	}
	if f.flags&fStunAct != 0 {
		f.flags &^= fStunned
	}
	f.left = 0
}

func (b *Battle) creaturePhase() {
	var order [MaxFigures]int8
	n := 0
	for i := b.S.NBand[0] + b.S.NBand[1]; i < b.NF; i++ {
		if b.Figs[i].Standing() {
			order[n] = int8(i)
			n++
		}
	}
	for k := n - 1; k > 0; k-- { // random order (Fisher-Yates)
		j := b.RNG.IntN(k + 1)
		order[k], order[j] = order[j], order[k]
	}
	for _, c := range order[:n] {
		if b.Done {
			return
		}
		if b.Figs[c].Standing() {
			b.activate(int(c))
		}
	}
}

func (b *Battle) endTurn() {
	for m := b.shielded; m != 0; m &= m - 1 {
		b.Figs[bits.TrailingZeros32(m)].Shield = 0
	}
	b.shielded = 0
	n := 0
	for k := 0; k < b.NSmoke; k++ {
		if int(b.Smoke[k].Ends) > b.Turn {
			b.Smoke[n] = b.Smoke[k]
			n++
		}
	}
	if n != b.NSmoke {
		b.smokeChanged()
	}
	b.NSmoke = n
	b.T.Turns = b.Turn
}

// damage deals n damage to figure j from figure src (-1: no figure: a
// fall, a strain, the water). A figure at 0 Health or less is out of
// action.
func (b *Battle) damage(j, src, n int, why string) {
	if n <= 0 {
		return
	}
	f := &b.Figs[j]
	f.Health -= int8(min(n, 127))
	b.T.Taken[j] += int32(n)
	if src >= 0 {
		b.T.Dealt[src] += int32(n)
	}
	if f.Side <= SideB {
		b.T.ByTurn[f.Side][min(b.Turn, MaxTurnCap)] += int32(n)
	}
	if b.Trace != nil {
		b.emit(Event{Kind: EvDamage, Fig: int8(j), Target: int8(src), N: int16(n), A: int16(f.Health), Why: why})
	}
	if f.Health <= 0 {
		b.takeOut(j)
	}
}

// takeOut puts figure j out of action: a token it carried drops where it
// stood.
func (b *Battle) takeOut(j int) {
	f := &b.Figs[j]
	f.flags |= fOut
	b.moved |= 1 << j
	b.standing &^= 1 << j
	f.left = 0
	b.T.OutTurn[j] = int8(b.Turn)
	if f.Carry >= 0 {
		t := &b.Loot[f.Carry]
		t.Carrier, t.Pos = -1, f.Pos
		b.lootOn |= 1 << f.Carry
		b.carrying &^= 1 << j
		f.Carry = -1
		if b.Trace != nil {
			b.emit(Event{Kind: EvDrop, Fig: int8(j), Pos: f.Pos})
		}
	}
	if b.Trace != nil {
		b.emit(Event{Kind: EvOut, Fig: int8(j)})
	}
	b.checkEnd()
}

// bandState returns, for warband side, whether it has a standing figure
// and whether it is eliminated (every figure out of action).
func (b *Battle) bandState(side int8) (standing, eliminated bool) {
	if b.sides[side]&b.standing != 0 {
		return true, false // a standing figure is not out of action
	}
	for m := b.sides[side]; m != 0; m &= m - 1 {
		if !b.Figs[bits.TrailingZeros32(m)].Out() {
			return false, false // it left the table
		}
	}
	return false, true
}

// checkEnd ends the game when a warband is eliminated, when no warband
// figure stands, or when every loot token has been carried off.
func (b *Battle) checkEnd() {
	sa, ea := b.bandState(SideA)
	sb, eb := b.bandState(SideB)
	if ea || eb || (!sa && !sb) {
		b.Done = true
		return
	}
	for k := 0; k < b.NLoot; k++ {
		if b.Loot[k].Off < 0 {
			return
		}
	}
	if b.NLoot > 0 {
		b.Done = true
	}
}

// finish decides the outcome.
func (b *Battle) finish() {
	b.Done = true
	b.T.Turns = b.Turn
	for k := 0; k < b.NLoot; k++ {
		t := &b.Loot[k]
		if t.Carrier >= 0 {
			b.T.Held[b.Figs[t.Carrier].Side]++
		}
	}
	_, ea := b.bandState(SideA)
	_, eb := b.bandState(SideB)
	sa := int(b.T.Off[0]) + int(b.T.Held[0])
	sb := int(b.T.Off[1]) + int(b.T.Held[1])
	switch {
	case ea && eb:
		b.Outcome = Wiped
	case eb:
		b.Outcome = AElim
	case ea:
		b.Outcome = BElim
	case sa > sb:
		b.Outcome = ALoot
	case sb > sa:
		b.Outcome = BLoot
	default:
		b.Outcome = Draw
	}
	if b.Trace != nil {
		b.emit(Event{Kind: EvEnd, A: int16(sa), D: int16(sb)})
	}
}

// Score returns the loot each warband has carried off or holds.
func (b *Battle) Score() (a, bb int) {
	var held [2]int
	for k := 0; k < b.NLoot; k++ {
		if t := &b.Loot[k]; t.Carrier >= 0 {
			held[b.Figs[t.Carrier].Side]++
		}
	}
	return int(b.T.Off[0]) + held[0], int(b.T.Off[1]) + held[1]
}

// smokeChanged notes that a cloud came or went.
func (b *Battle) smokeChanged() {
	if b.smokeVer++; b.smokeVer == 0 {
		b.losMemo = [MaxFigures][MaxFigures]losMemo{}
	}
}

// Rules returns the rules the battle is played under.
func (b *Battle) Rules() *Rules { return &b.S.Rules }

// Acting returns the figure whose actions may now be taken (-1: none)
// and the step of its activation.
func (b *Battle) Acting() (int, Step) { return int(b.cur), b.step }

// PlayOne runs play as figure i's activation (for tests and tools that
// drive one figure): the figure activates, play takes its actions.
func (b *Battle) PlayOne(i int, play func()) {
	if b.Turn == 0 {
		b.Turn = 1
	}
	b.begin(i)
	b.cur, b.step = int8(i), StepAll
	play()
	b.end(i)
	b.cur = -1
}

// Place puts figure i at p (for tests and tools that set up a position;
// play moves figures through its actions).
func (b *Battle) Place(i int, p geom.Vec) {
	b.Figs[i].Pos = p
	b.placed(i)
}

// SetPolicies installs the policies a battle asks outside Play (for
// PlayOne): warband A's, B's and the creatures'.
func (b *Battle) SetPolicies(a, bb, c Policy) { b.pol = [3]Policy{a, bb, c} }
