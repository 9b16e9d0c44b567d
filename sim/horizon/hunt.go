package horizon

import (
	"encoding/binary"
	"math/bits"

	"balance/sim/dice"
)

// Where an enemy is.
const (
	InPlay uint8 = iota
	Killed
	Left // left the playing area along its patrol route
)

// Component states.
const (
	Intact uint8 = iota
	Damaged
	Destroyed
)

// HunterState is one hunter during an encounter. The draw pile is kept
// unordered: drawing takes a uniformly random card of it, which is a
// shuffle done one card at a time (nothing ever looks at the order).
type HunterState struct {
	Cell       uint8
	Hand       [MaxHand]uint8
	NHand      uint8
	Draw       [MaxDeck]uint8
	NDraw      uint8
	Disc       [MaxDeck]uint8 // the discard pile, bottom first
	NDisc      uint8
	Cond       Cond
	ShockStart bool // began its activation Shocked
	Fainted    bool
	Skip       bool  // skips its next turn
	Stamp      int32 // when it last activated: larger is more recent
	Glory      int16
	Used       uint16 // action kinds performed this activation (bits)
	Spent      uint8  // actions spent this activation
	FireBy     int8   // the behaviour card whose attack set its Fire, -1
}

// Cards returns the cards the hunter can still lose before fainting:
// its hand and draw pile.
func (s *HunterState) Cards() int { return int(s.NHand) + int(s.NDraw) }

// EnemyState is one enemy during an encounter.
type EnemyState struct {
	M      uint8 // machine type
	Cell   uint8
	Where  uint8
	Alert  bool
	Cond   Cond
	Dmg    int8
	Armour int8
	Comp   [MaxComponents]uint8
	Tear   [MaxComponents]float32 // current tear values
	Done   bool                   // has activated in this enemy step
	Spawn  uint8                  // index of its Spawned entry
}

// Trap is a trap token in play.
type Trap struct {
	Cell   uint8
	Owner  uint8
	Card   uint8
	Weapon uint8
}

// MaxBCards is the most behaviour cards a design may use.
const MaxBCards = 32

// MaxMachines is the most machine types a design may use.
const MaxMachines = 8

// pile is a behaviour deck in play: the cards left to draw (unordered)
// and the discard pile.
type pile struct {
	Draw  [MaxBCards]uint8
	NDraw uint8
	Disc  [MaxBCards]uint8
	NDisc uint8
}

// Hunt is the whole state of one encounter, a value. The zero value is
// not ready: Reset deals an encounter from a Scenario.
type Hunt struct {
	Sc *Scenario
	B  *Board

	H  [MaxHunters]HunterState
	E  [MaxEnemies]EnemyState
	NH int
	NE int

	Traps  [MaxTraps]Trap
	NTraps int
	TrapAt uint64

	Outcrop, Ruin, Corpse uint64

	huge uint32 // the enemies of a huge machine type (bits)

	piles [MaxMachines]pile

	Turn   int // hunter turns begun
	Active int // the hunter whose turn it is
	Points int // encounter points gained
	stamp  int32
	hurt   int32 // cards the hunters have lost to damage so far (Record.Taken summed)
	// calm bounds the enemies not alert: the enemies less those alerted
	// (an enemy is alerted for good), so that none is left when it is 0
	calm int
	Over bool

	// Ties are the options of the choice the policy is asked (Tie).
	Ties  [MaxCells]uint8
	NTies int
	// Opts are the crit options offered (Crit).
	Opts [3 * MaxCrits]Effects
	// Incoming is the damage of the enemy attack an Attacked interrupt
	// answers.
	Incoming int

	rng   dice.RNG // dice
	cards dice.RNG // action decks
	beh   dice.RNG // behaviour decks
	pol   Policy
	keeps bool // pol is a KeepsHand
	Rec   Record
	tr    *Tracer
	rig   []uint8 // faces to roll instead of random ones (tests)
	rigAt int
	roll  rollBuf
}

// Stream purposes of a hunt's keyed random streams (sim/dice.Derive).
const (
	purposeCards uint64 = 0x686f7201 + iota
	purposeBehaviour
	// PurposePolicy is the stream a policy's own choices draw from.
	PurposePolicy
)

// Reset deals encounter (seed, index) of sc, played by pol.
func (h *Hunt) Reset(sc *Scenario, pol Policy, seed, index uint64) {
	h.Sc, h.B = sc, sc.Board
	h.NH, h.NE = sc.NH, sc.NE
	h.NTraps, h.TrapAt = 0, 0
	h.Outcrop, h.Ruin, h.Corpse = sc.Board.Outcrop, sc.Board.Ruin, sc.Board.Corpse
	h.Turn, h.Active, h.Points, h.stamp, h.Over = 0, 0, 0, 0, false
	h.hurt, h.calm = 0, h.NE
	h.pol, h.rigAt = pol, 0
	_, h.keeps = pol.(KeepsHand)
	h.rng.Seed(seed, index)
	h.cards.Derive(seed, index, purposeCards)
	h.beh.Derive(seed, index, purposeBehaviour)
	h.Rec.reset()
	h.huge = 0
	for i := 0; i < h.NE; i++ {
		sp := &sc.Spawns[i]
		m := &sc.Machines[sp.Machine]
		if m.Huge {
			h.huge |= 1 << i
		}
		e := &h.E[i]
		*e = EnemyState{M: sp.Machine, Cell: sp.Cell, Armour: m.Armour, Spawn: uint8(i)}
		for c := 0; c < int(m.NComps); c++ {
			e.Tear[c] = float32(m.Comps[c].Tear)
		}
	}
	for d := range sc.Decks {
		p := &h.piles[d]
		p.NDraw, p.NDisc = uint8(len(sc.Decks[d].Cards)), 0
		copy(p.Draw[:], sc.Decks[d].Cards)
	}
	for i := 0; i < h.NH; i++ {
		s := &h.H[i]
		l := &sc.Hunters[i]
		*s = HunterState{Cell: NoCell, FireBy: -1}
		s.NDraw = l.NDeck
		copy(s.Draw[:], l.Deck[:l.NDeck])
	}
	pol.Begin(h, seed, index)
	h.event(evStart, -1, -1, 0)
	// Each player, Leader first, places a hunter on an outside-edge square
	// of the starting tile holding no enemy.
	var occupied uint64
	for i := 0; i < h.NE; i++ {
		occupied |= 1 << h.E[i].Cell
	}
	legal := h.B.Start & h.B.Edge &^ occupied
	if legal == 0 {
		legal = h.B.Start &^ occupied
	}
	for i := 0; i < h.NH; i++ {
		c := pol.Deploy(h, i, legal)
		if c >= h.B.N || legal&(1<<c) == 0 {
			panic("horizon: policy deployed a hunter on an illegal square")
		}
		h.H[i].Cell = uint8(c)
		h.event(evDeploy, i, -1, c)
	}
	for i := 0; i < h.NH; i++ {
		h.drawUpTo(i, int(sc.Hunters[i].HandMax))
	}
}

// Play plays the encounter to its end and fills h.Rec.
func (h *Hunt) Play() {
	sc := h.Sc
	for !h.Over {
		if h.Turn >= sc.Rules.TurnCap {
			h.end(OutCap)
			break
		}
		who := h.Turn % h.NH
		h.Turn++
		h.Active = who
		s := &h.H[who]
		if s.Skip {
			// A fainted hunter skips its next turn, its enemy step and
			// maintenance step included (unless the rules say otherwise).
			s.Skip = false
			h.event(evSkip, who, -1, 0)
			if sc.Rules.SkippedEnemyStep {
				h.enemyStep(who)
				h.maintenance()
			}
			continue
		}
		if s.Fainted {
			// It stands up: the discard pile becomes the new draw pile.
			s.Fainted = false
			n := s.NDisc
			copy(s.Draw[s.NDraw:], s.Disc[:n])
			s.NDraw += n
			s.NDisc = 0
			h.event(evStand, who, -1, int(s.NDraw))
		}
		attacks := h.Rec.Attacks[who]
		h.activate(who)
		h.Rec.SideTurns[0]++
		if h.Rec.Attacks[who] == attacks {
			h.Rec.SideIdle[0]++
		}
		if h.Over {
			break
		}
		h.enemyStep(who)
		h.maintenance()
	}
	h.finish()
}

// activate plays hunter who's activation step.
func (h *Hunt) activate(who int) {
	s := &h.H[who]
	l := &h.Sc.Hunters[who]
	h.stamp++
	s.Stamp = h.stamp
	h.Rec.Activations++
	s.ShockStart = s.Cond&Shock != 0
	s.Used, s.Spent = 0, 0
	h.event(evActivate, who, -1, 0)
	// Discard any cards, then draw up to the hand size. A policy that
	// never discards before drawing (a KeepsHand) is not asked: its
	// Refresh is an interface call the profile does not mark hot (and so
	// not made direct), made at every activation. (The lines here keep
	// the calls below on the lines the profile marks, see
	// docs/horizon/speed.md.)
	if !h.keeps {
		h.refresh(who)
	}
	want := int(l.HandMax) - int(s.NHand)
	if want > 0 && (s.NDraw == 0 || h.Sc.Rules.FaintShortHand && int(s.NDraw) < want) {
		h.drawUpTo(who, int(l.HandMax))
		h.event(evDeckOut, who, -1, 0)
		h.faint(who)
		return
	}
	h.drawUpTo(who, int(l.HandMax))
	h.playInterrupts(who, AnyTime, -1)
	for s.Spent < 2 && !s.Fainted && !h.Over {
		a := h.pol.Next(h, who)
		if a.Kind == Pass {
			break
		}
		if !h.Legal(who, &a) {
			panic("horizon: the policy chose an illegal action: " + a.Kind.String())
		}
		h.do(who, &a)
	}
	if s.Fainted {
		return
	}
	if s.Cond&Fire != 0 {
		s.Cond &^= Fire
		h.event(evBurn, who, -1, 1)
		card := s.FireBy
		s.FireBy = -1
		h.damageHunter(who, 1, card)
	}
	if s.ShockStart {
		s.Cond &^= Shock
	}
}

// refresh discards the hand cards the policy picks before hunter who
// draws (activate).
func (h *Hunt) refresh(who int) {
	s := &h.H[who]
	if m := h.pol.Refresh(h, who) & (1<<s.NHand - 1); m != 0 {
		for slot := int(s.NHand) - 1; slot >= 0; slot-- {
			if m&(1<<slot) != 0 {
				h.event(evRefresh, who, -1, int(s.Hand[slot]))
				h.discardHand(who, slot)
			}
		}
	}
}

// maintenance ends the encounter when its end conditions are met.
func (h *Hunt) maintenance() {
	if h.Over {
		return
	}
	r := &h.Sc.Rules
	faints := 0
	if f := &h.Rec.Faints; binary.LittleEndian.Uint32(f[:]) != 0 { // MaxHunters bytes: none fainted, most steps
		for i := 0; i < h.NH; i++ {
			faints += int(f[i])
		}
	}
	switch {
	case faints == 0: // no rule ends it (a design has a hunter)
	case r.FaintRule == FaintStandard && faints >= h.NH,
		r.FaintRule == FaintAny && faints >= 1,
		r.FaintRule == FaintMoreThanOne && faints > 1:
		h.end(OutFaints)
		return
	}
	var at [4]int // the enemies by where they are (InPlay, Killed, Left)
	for i := range h.E[:h.NE] {
		at[h.E[i].Where&3]++
	}
	inPlay, left := at[InPlay], at[Left]
	if h.Points >= h.Sc.Threshold && h.vote() {
		if inPlay == 0 {
			h.end(OutCleared)
		} else {
			h.end(OutVote)
		}
		return
	}
	if h.Points < h.Sc.Threshold && left > 0 && h.Points+h.rest() < h.Sc.Threshold {
		h.end(OutImpossible)
		return
	}
	if inPlay == 0 {
		if h.Points >= h.Sc.Threshold {
			h.end(OutCleared)
		} else {
			h.end(OutImpossible)
		}
	}
}

// rest returns the encounter points of the enemies in play.
func (h *Hunt) rest() int {
	rest := 0
	for i := range h.E[:h.NE] {
		if en := &h.E[i]; en.Where == InPlay {
			rest += int(h.Sc.Machines[en.M].Points)
		}
	}
	return rest
}

// vote is the party's decision to end the encounter once the threshold is
// met, by the stop rule.
func (h *Hunt) vote() bool {
	r := &h.Sc.Rules
	switch r.StopVote {
	case StopAllGone:
		return false
	case StopWhileFresh:
		for i := 0; i < h.NH; i++ {
			if h.H[i].Cards() < int(r.StopCards) {
				return true
			}
		}
		return false
	}
	return true
}

func (h *Hunt) end(o Outcome) {
	if h.Over {
		return
	}
	h.Over = true
	h.Rec.Outcome = o
	if o == OutCleared || o == OutVote {
		all := true
		for i := 0; i < h.NE; i++ {
			if h.E[i].Where != Killed {
				all = false
			}
		}
		if all {
			for i := 0; i < h.NH; i++ {
				h.Rec.Salvage[i] += int16(h.Sc.Bonus)
			}
		}
	}
}

func (h *Hunt) finish() {
	r := &h.Rec
	r.Turns = int16(h.Turn)
	r.Points = int16(h.Points)
	for i := 0; i < h.NH; i++ {
		r.Glory[i] = h.H[i].Glory
		r.CardsLeft[i] = int16(h.H[i].Cards())
	}
	h.event(evEnd, -1, -1, int(r.Outcome))
}

// enemyIn returns the enemies in play in the squares of m (bits).
func (h *Hunt) enemyIn(m uint64) uint32 {
	var out uint32
	for i := 0; i < h.NE; i++ {
		if e := &h.E[i]; e.Where == InPlay && m&bit(e.Cell) != 0 {
			out |= 1 << i
		}
	}
	return out
}

// HuntersIn returns the hunters standing (not fainted) in the squares of m (bits).
func (h *Hunt) HuntersIn(m uint64) uint8 {
	var out uint8
	for i := 0; i < h.NH; i++ {
		if s := &h.H[i]; !s.Fainted && m&bit(s.Cell) != 0 && s.Cell < MaxCells {
			out |= 1 << i
		}
	}
	return out
}

// HugeAt returns the squares holding a huge enemy other than except.
func (h *Hunt) HugeAt(except int) uint64 {
	var m uint64
	k := h.huge
	if except >= 0 {
		k &^= 1 << except
	}
	for ; k != 0; k &= k - 1 {
		if e := &h.E[bits.TrailingZeros32(k)]; e.Where == InPlay {
			m |= bit(e.Cell)
		}
	}
	return m
}

// standing returns the squares of the hunters standing (not fainted),
// once they are placed.
func (h *Hunt) standing() uint64 {
	var m uint64
	for i := 0; i < h.NH; i++ {
		if s := &h.H[i]; !s.Fainted {
			m |= bit(s.Cell)
		}
	}
	return m
}

// Draws returns the random numbers the hunt has drawn: dice, action
// decks and behaviour decks (a policy's own are not counted).
func (h *Hunt) Draws() uint64 { return h.rng.Draws() + h.cards.Draws() + h.beh.Draws() }

// tie asks the active player to choose among the n options in h.Ties.
func (h *Hunt) tie(kind TieKind, n int) int {
	if n <= 1 {
		return 0
	}
	h.NTies = n
	k := h.pol.Tie(h, kind, n)
	if k < 0 || k >= n {
		panic("horizon: the policy chose outside the ties")
	}
	return k
}

// ones counts the bits of m.
func ones(m uint64) int { return bits.OnesCount64(m) }
