package crims

import (
	"math"
	"math/bits"

	"balance/sim/dice"
	"balance/sim/geom"
)

// Hunter is one hunter's state in a match. The zero value is a hunter
// not yet deployed.
type Hunter struct {
	Pos      geom.Vec
	In       bool // in the zone; false while incapacitated
	Wounds   int8 // Wound Tokens
	Momentum int8
	Points   int16
	Reload   int8 // Reload tokens
	MedSpray int8 // Med Sprays
	Perf     int8 // the attribute a Performance Shot raises by 1; -1: none
	Focus    int8 // upgrades pending for its next check
	Depleted uint8
	NoRest   bool // returned this turn: may not Rest
	AP       int8 // Action Points left in its activation
	Acted    int8 // actions taken in its activation
	Seat     uint8
	Hand     [MaxHand]uint8 // Keeper cards held
	NHand    uint8
}

// Crim is one crim's state. Alive is false for an empty slot.
type Crim struct {
	Def       uint8
	ID        uint16 // the order it was placed in, for traces
	Alive     bool
	Hidden    bool
	HideAt    int8 // the terrain feature its Hidden counter is at
	HideTurns int8 // turns it has hidden, counting the Hide that hid it
	Wounds    int8
	Last      Action // the last action it took
	Pos       geom.Vec
}

// HunterPolicy makes the hunters' players' choices. Implementations
// live in package ai/crims.
type HunterPolicy interface {
	// Activate spends hunter h's Action Points through the Match's action
	// methods (Move, Rest, Focus, Spot, OpenPod, Attack, Pass), and may
	// use its Med Spray and its Momentum Options (UseMedSpray, SpendMomentum).
	Activate(m *Match, h int)
	// BeforeCheck may spend Momentum on the check c about to be rolled
	// (SpendOnCheck).
	BeforeCheck(m *Match, h int, c *Check)
	// ImpactTen chooses the option of an Impact 10 rolled on check c,
	// whose roll is r.
	ImpactTen(m *Match, h int, c *Check, r Roll) ImpactOption
	// Pod chooses the reward of a pod hunter h opened, and for a
	// Performance Shot the attribute it raises.
	Pod(m *Match, h int) (Reward, Attr)
	// Recovery chooses the attribute of incapacitated hunter h's
	// recovery check.
	Recovery(m *Match, h int) Attr
	// Return says whether incapacitated hunter h, whose Wound Tokens are
	// below its Wound Maximum, returns now, and at which corner (0-3).
	// It may use a Med Spray first.
	Return(m *Match, h int) (bool, int)
	// FightTarget is the First Player's choice of the hunter crim c
	// attacks among those engaged with it (bit k: hunter k).
	FightTarget(m *Match, first, c int, engaged uint8) int
}

// CheckFilter may be implemented by a HunterPolicy whose BeforeCheck
// acts on some kinds of checks only: roll then calls BeforeCheck only for
// those. Reset asks for them once a match.
type CheckFilter interface {
	// BeforeKinds returns the kinds of hunter h's checks (bit k: kind k)
	// on which BeforeCheck may do anything in a match of m's scenario.
	BeforeKinds(m *Match, h int) uint16
}

// CardFollower may be implemented by a CrimAI whose Direct is always
// Match.CardAction: the rules core then reads the card itself, without a
// call through the interface. Reset asks once a match.
type CardFollower interface {
	FollowsCard() bool
}

// CrimAI directs the crims. Implementations live in package ai/crims.
type CrimAI interface {
	// Direct returns the action the current Control Card gives crim c.
	Direct(m *Match, c int) Action
}

// Phases of a turn.
const (
	PhControl uint8 = iota
	PhHunter
	PhCrim
	PhEnd
)

// maxPending is the most Event Cards waiting for the end of a phase.
const maxPending = 8

// Match is the whole state of one match, a value. Init builds a template
// from a Scenario; Reset deals a match from it. What a match changes is
// its state (cleared by Reset); the rest is made once with the template
// (the zone's features, the engagement reaches) or remembered from match
// to match (the pools of checks, what a place offers as cover or to
// Spot: pure functions of the place and the zone).
type Match struct {
	Sc *Scenario
	state

	Pol   HunterPolicy
	AI    CrimAI
	Trace Tracer

	faces Faces     // a traced check's faces
	ck    Check     // the check being rolled
	feat  *features // the zone's features by keyword, made once by NewMatch, read-only
	// what cover each crim's and each hunter's place offers (coverMemo)
	coverC [MaxCrims]coverMemo
	coverH [MaxHunters]coverMemo
	spotH  [MaxHunters]spotMemo // which features each hunter can Spot into from where it stands
	pools  *poolMemo            // the pools of the checks with mods, kept from match to match
	// eng2[i][h] is the square of the engagement reach between a crim
	// of profile i and hunter h, centre to centre (Engaged), made by
	// NewMatch
	eng2 [MaxProfiles][MaxHunters]float32
	engH [MaxHunters][MaxProfiles]float32 // engH[h][i] is eng2[i][h]
	// engFar[i]: a crim of profile i whose nearest hunter is farther
	// than this (centre to centre) is engaged with none
	engFar [MaxProfiles]float32
	// cardAct[k][i] is the action Control Card k gives a crim of profile
	// i (CardAction: the card's line for the profile's Demeanor), made
	// by NewMatch
	cardAct [MaxCards][MaxProfiles]Action
	// In a Crim Phase no hunter moves or comes back: the crims' nearest
	// hunters (nearH), found to order the crims, hold for a crim's turn
	// unless a hunter was incapacitated since (state.outs counts them), and
	// state.hint keeps the acting crim's nearest hunter while the crim stays
	// put.
	key   [MaxCrims]uint64 // by crim in the Crim Phase's order: the distance's bits, the slot, the hunter
	inPos [MaxHunters]geom.Vec
	inH   [MaxHunters]uint8
}

// state is what a match changes, cleared by Reset.
type state struct {
	Turn   uint8
	Phase  uint8
	First  uint8              // the seat of the First Player
	Seats  [MaxHunters]uint8  // the hunter in each seat, clockwise
	H      [MaxHunters]Hunter // by hunter index (the scenario's order)
	C      [MaxCrims]Crim     //
	Card   uint8              // the current Control Card
	Deck   [MaxCards]uint8    // the Control Deck's order
	Pods   uint16             // bit p: pod p is stocked
	evs    [MaxEvents]uint8   // the Event deck: cards not yet flipped since the last shuffle in evs[:evLeft]
	evLeft uint8
	pend   [maxPending][2]uint8 // Event Cards to carry out at the end of the phase: hunter, card
	nPend  uint8
	nextID uint16

	Rec Record

	// Randomness: each hunter's checks and pod rolls draw from its own
	// stream, the Control Deck, the Event deck and the seating from
	// theirs, and everything else (the order of disengagement strikes)
	// from rng. Two designs played on the same seeds thus keep the same
	// cards and the same dice for an unchanged hunter.
	dice    [MaxHunters]dice.RNG
	deckRNG dice.RNG
	evRNG   dice.RNG
	rng     dice.RNG
	// PolicyRNG is the stream of the policies' random choices.
	PolicyRNG dice.RNG

	// rig, when not nil, holds the faces the next checks show, in the
	// order they are rolled (tests only).
	rig         []uint8
	activations int // model turns played: hunters' activations and crims' actions
	// Acts counts each hunter's activations (its Action Points played);
	// Idle those of them in which it attacked no crim, opened no pod and
	// spotted no hidden crim. (Kept out of the Record, whose bytes the
	// pinned matches hash.)
	Acts, Idle [MaxHunters]int16
	// deeds counts each hunter's attacks, pods opened and hidden crims
	// spotted so far: an activation that leaves it as it was is Idle.
	deeds [MaxHunters]int16
	// the crims alive (bit c: crim c) and those alive and not hidden,
	// kept by mark at every change of a crim's Alive or Hidden
	alive, shown uint16
	outs         uint16 // hunters incapacitated so far (Match.key)
	hint         crimHint
	// crimGen counts the changes of a crim's place, Wounds, or whether
	// it is alive or shown (CrimGen)
	crimGen uint32
	// before[h]: the kinds of hunter h's checks BeforeCheck is called for
	// (bit k: kind k; CheckFilter)
	before [MaxHunters]uint16
	byCard bool // the crims' AI follows the Control Card (CardFollower)
}

// engSlack is far more than the rounding of a distance across the zone.
const engSlack = 0.01

// crimHint is what the turn of crim c1-1 (c1 = 0: none) knows of the
// crim where it stands: its nearest hunter h at d (when near).
// crimMoveFrom and a push forget it when the crim moves, woundHunter
// when a hunter is incapacitated, and the Crim Phase drops it after the
// crims' turns.
type crimHint struct {
	c1   int8
	near bool
	h    int8
	d    float32
}

// mark brings the crim masks up to date with crim c's Alive and Hidden.
func (m *Match) mark(c int) {
	m.crimGen++
	bit := uint16(1) << c
	m.alive &^= bit
	m.shown &^= bit
	if cr := &m.C[c]; cr.Alive {
		m.alive |= bit
		if !cr.Hidden {
			m.shown |= bit
		}
	}
}

// SetCrim puts crim cr in slot c (the tests' way of setting a crim up).
func (m *Match) SetCrim(c int, cr Crim) {
	m.C[c] = cr
	m.mark(c)
}

// Shown returns the crims in the zone as models, alive and not hidden
// (bit c: crim c; Visible).
func (m *Match) Shown() uint16 { return m.shown }

// CrimGen returns a count that changes whenever a crim moves, takes
// Wounds, is placed, eliminated, hides or is revealed: two equal counts
// of one match see the crims as they were. (A test that sets a crim's
// fields by hand goes around it.)
func (m *Match) CrimGen() uint32 { return m.crimGen }

// AliveCrims returns the crims alive, hidden or not (bit c: crim c).
func (m *Match) AliveCrims() uint16 { return m.alive }

// Purposes of a match's random streams (dice.RNG.Derive).
const (
	streamDice   uint64 = 0x6372696d00 + iota // + hunter index: that hunter's checks
	streamDeck                                // the Control Deck
	streamEvents                              // the Event deck
	streamSeats                               // the seating
	streamMisc                                // everything else
	streamPolicy                              // the policies' random choices
)

// NewMatch returns a match of sc, not yet dealt.
func NewMatch(sc *Scenario) *Match {
	m := &Match{Sc: sc, pools: new(poolMemo), feat: new(features)}
	m.feat.build(&sc.Map)
	m.feat.buildGrid(sc)
	m.feat.buildSpots(sc)
	for h := range int(sc.NHunters) {
		for i := range int(sc.NCrims) {
			r := sc.Hunters[h].Base + sc.Crims[i].Base + sc.Rules.Engagement
			m.eng2[i][h], m.engH[h][i] = r*r, r*r
			m.engFar[i] = max(m.engFar[i], r+engSlack)
		}
	}
	for k := range sc.Deck {
		for i := range int(sc.NCrims) {
			m.cardAct[k][i] = sc.Deck[k].Direct[sc.Crims[i].Demeanor%MaxDemeanors]
		}
	}
	return m
}

// Reset deals match index of the run seed: every hunter deployed at its
// corner, the decks shuffled, the record cleared.
func (m *Match) Reset(seed, index uint64) {
	sc := m.Sc
	pol, ai := m.Pol, m.AI
	m.state = state{}
	n := int(sc.NHunters)
	for h := range n {
		m.dice[h].Derive(seed, index, streamDice+uint64(h)*0x100)
	}
	m.deckRNG.Derive(seed, index, streamDeck)
	m.evRNG.Derive(seed, index, streamEvents)
	m.rng.Derive(seed, index, streamMisc)
	m.PolicyRNG.Derive(seed, index, streamPolicy)
	var seats dice.RNG
	seats.Derive(seed, index, streamSeats)
	for s := range n {
		m.Seats[s] = uint8(s)
	}
	if sc.Rules.RandomSeating {
		for s := n - 1; s > 0; s-- {
			k := seats.IntN(s + 1)
			m.Seats[s], m.Seats[k] = m.Seats[k], m.Seats[s]
		}
	}
	for s := range n {
		h := int(m.Seats[s])
		m.H[h] = Hunter{In: true, Perf: -1, Seat: uint8(s), Pos: sc.Map.Corner(s)}
	}
	nc := int(sc.NCards)
	for i := range nc {
		m.Deck[i] = uint8(i)
	}
	for i := nc - 1; i > 0; i-- {
		k := m.deckRNG.IntN(i + 1)
		m.Deck[i], m.Deck[k] = m.Deck[k], m.Deck[i]
	}
	if sc.Rules.PodsStocked {
		m.Pods = 1<<sc.Map.NPods - 1
	}
	if f, ok := pol.(CheckFilter); ok {
		for h := range n {
			m.before[h] = f.BeforeKinds(m, h)
		}
	} else {
		for h := range n {
			m.before[h] = 1<<NCheckKinds - 1
		}
	}
	if f, ok := ai.(CardFollower); ok {
		m.byCard = f.FollowsCard()
	}
}

// Play plays the whole match into m.Rec.
func (m *Match) Play() {
	last := int(m.Sc.NCards)
	for t := 1; t <= last; t++ {
		m.Turn = uint8(t)
		m.controlPhase()
		m.hunterPhase()
		m.crimPhase()
		m.endPhase()
	}
	m.finish()
}

// Activations is the number of model turns the match played: the
// hunters' activations and the crims' turns.
func (m *Match) Activations() int { return m.activations }

// Draws is the number of random draws the match took, every stream
// counted.
func (m *Match) Draws() uint64 {
	n := m.deckRNG.Draws() + m.evRNG.Draws() + m.rng.Draws() + m.PolicyRNG.Draws()
	for h := range int(m.Sc.NHunters) {
		n += m.dice[h].Draws()
	}
	return n
}

// FirstHunter is the hunter who is the First Player this turn.
func (m *Match) FirstHunter() int { return int(m.Seats[m.First]) }

// controlPhase: a new First Player, the Control Card, pods, the Event
// Card, new crims.
func (m *Match) controlPhase() {
	m.Phase = PhControl
	n := int(m.Sc.NHunters)
	if m.Turn > 1 {
		m.First = uint8((int(m.First) + 1) % n)
	}
	if m.Trace != nil {
		m.traceEvent(EvTurn, m.FirstHunter(), -1, 0, "")
	}
	m.Card = m.Deck[m.Turn-1]
	card := &m.Sc.Deck[m.Card]
	if m.Trace != nil {
		m.traceEvent(EvCard, -1, -1, 0, card.Name)
	}
	if card.Restock {
		m.restock()
	}
	if card.Event {
		m.drawEvent(m.FirstHunter(), false)
	}
	for i := range int(card.NPlace) {
		pl := card.Place[i]
		m.place(int(pl.Crim), int(pl.At))
	}
	m.endOfPhase()
}

func (m *Match) restock() {
	full := uint16(1)<<m.Sc.Map.NPods - 1
	if m.Trace != nil {
		k := 0
		for p := range int(m.Sc.Map.NPods) {
			if m.Pods&(1<<p) == 0 {
				k++
			}
		}
		m.emit(Event{Kind: EvRestock, Hunter: -1, Crim: -1, N: int16(k)})
	}
	m.Pods = full
}

// Crims counts the crims in the zone.
func (m *Match) Crims() int { return bits.OnesCount16(m.alive) }

// place puts a new crim of profile def at spawn place at, within the
// crim limit; crims already there are stepped around, in base contact.
func (m *Match) place(def, at int) {
	if m.Crims() >= int(m.Sc.Rules.MaxCrims) {
		if m.Trace != nil {
			m.emit(Event{Kind: EvCrim, Hunter: -1, Crim: -1, Name: "not placed", Why: "the crim limit is reached"})
		}
		return
	}
	slot := bits.TrailingZeros16(^m.alive) // the first free slot: MaxCrims is at most len(m.C)
	d := &m.Sc.Crims[def]
	p := m.Sc.Map.Spawns[at]
	// step around the place until clear of every model there
	for k := 0; k < 16 && m.occupied(p, d.Base); k++ {
		p = m.Sc.Map.Spawns[at].Add(geom.Dir(uint8(k * 37)).Scale(d.Base * 2 * float32(1+k/6)))
		p = m.clampZone(p, d.Base)
	}
	m.nextID++
	m.SetCrim(slot, Crim{Def: uint8(def), ID: m.nextID, Alive: true, HideAt: -1, Pos: p})
	m.Rec.Spawned[def]++
	if m.Trace != nil {
		m.emit(Event{Kind: EvSpawn, Hunter: -1, Crim: int8(slot), Pos: p, Name: m.Sc.Map.SpawnNames[at]})
	}
}

// occupied reports whether a base of radius r at p is within 0.05" of
// a crim (edge to edge): geom.EdgeDist < 0.05 written out (its floor of
// 0 is below 0.05), small enough to be inlined where a crim is placed.
func (m *Match) occupied(p geom.Vec, r float32) bool {
	for set := m.alive; set != 0; set &= set - 1 {
		c := &m.C[bits.TrailingZeros16(set)]
		dx, dy := c.Pos.X-p.X, c.Pos.Y-p.Y
		if float32(math.Sqrt(float64(dx*dx+dy*dy)))-r-m.Sc.Crims[c.Def].Base < 0.05 {
			return true
		}
	}
	return false
}

// hunterPhase activates every hunter in initiative order: seat order
// from the First Player, clockwise.
func (m *Match) hunterPhase() {
	m.Phase = PhHunter
	n := int(m.Sc.NHunters)
	for k := range n {
		h := int(m.Seats[wrap(int(m.First)+k, n)])
		m.activate(h)
	}
	m.endOfPhase()
}

// wrap is s % n for s below 2n (no division).
func wrap(s, n int) int {
	if s >= n {
		return s - n
	}
	return s
}

// activate plays hunter h's activation: a recovery check first when it
// is incapacitated, then its 2 Action Points.
func (m *Match) activate(h int) {
	hu := &m.H[h]
	if !hu.In {
		if !m.recover(h) || !m.Sc.Rules.ReturnActs {
			return
		}
	}
	for hu.NHand > 0 {
		hu.NHand--
		m.carryOut(h, int(hu.Hand[hu.NHand]))
	}
	hu.AP, hu.Acted = 2, 0
	m.activations++
	deeds := m.deeds[h]
	m.Pol.Activate(m, h)
	hu.AP = 0
	m.Acts[h]++
	if m.deeds[h] == deeds {
		m.Idle[h]++
	}
}

// crimPhase: every crim acts, closest to a hunter first. Each crim's key
// (Match.key) holds the distance to its nearest hunter, as NearestHunter
// finds it (the lower index on a tie; -1 and 0 when no hunter is in the
// zone), its slot and that hunter: the keys' order is the crims' (by
// distance, slot order on ties; a distance is never below 0, so its bits
// order it). The call of crimActs keeps its line within crimPhase as the
// profile of cmd/balance/default.pgo has it.
func (m *Match) crimPhase() {
	m.Phase = PhCrim
	hp, hi, n := &m.inPos, &m.inH, 0
	for h := range m.H[:m.Sc.NHunters] {
		if hu := &m.H[h]; hu.In { // the hunters in the zone
			hp[n], hi[n], n = hu.Pos, uint8(h), n+1
		}
	}
	k := 0
	for set := m.alive; set != 0; set &= set - 1 {
		c := bits.TrailingZeros16(set)
		d, near := float32(0), uint8(0xff)
		if p := m.C[c].Pos; n > 0 {
			d, near = hp[0].Dist(p), hi[0]
			for i := 1; i < n; i++ {
				if di := hp[i].Dist(p); di < d {
					d, near = di, hi[i]
				}
			}
		}
		m.key[k] = uint64(math.Float32bits(d))<<32 | uint64(c)<<8 | uint64(near)
		k++
	}
	outs := m.outs
	for i := 1; i < k; i++ { // insertion sort
		x, j := m.key[i], i
		for ; j > 0 && x < m.key[j-1]; j-- {
			m.key[j] = m.key[j-1]
		}
		m.key[j] = x
	}
	for _, x := range m.key[:k] {
		if c := int(x >> 8 % MaxCrims); m.C[c].Alive {
			m.activations++
			m.hint = crimHint{c1: int8(c + 1)}
			if m.outs == outs {
				m.hint.near, m.hint.h, m.hint.d = true, int8(x), math.Float32frombits(uint32(x>>32))
			}
			m.crimActs(c)
		}
	}
	m.hint = crimHint{}
	m.endOfPhase()
}

// endPhase: effects that end at the end of the turn.
func (m *Match) endPhase() {
	m.Phase = PhEnd
	row := &m.Rec.PointsBy[m.Turn]
	for h := range m.H[:m.Sc.NHunters] {
		hu := &m.H[h]
		hu.NoRest, row[h] = false, hu.Points
	}
	m.endOfPhase()
}

// finish records the outcome: the hunter with the most points wins; on
// a tie, the most eliminations among the tied (rules.tie_break), else
// nobody.
func (m *Match) finish() {
	n := int(m.Sc.NHunters)
	best, tied := 0, false
	for h := 1; h < n; h++ {
		if c := m.better(h, best); c > 0 {
			best, tied = h, false
		} else if c == 0 {
			tied = true
		}
	}
	r := &m.Rec
	r.Turns = m.Turn
	r.Winner = int8(best)
	if tied {
		r.Winner = -1
	}
	for h := range n {
		r.Points[h] = m.H[h].Points
	}
	r.CrimsLeft = uint8(m.Crims())
	if m.Trace != nil {
		name := "tie"
		if !tied {
			name = m.HunterName(best) + " wins"
		}
		m.emit(Event{Kind: EvEnd, Hunter: int8(best), Crim: -1, Name: name})
	}
}

// better compares hunters a and b for the win: +1 when a is ahead, -1
// when b is, 0 when tied.
func (m *Match) better(a, b int) int {
	pa, pb := m.H[a].Points, m.H[b].Points
	if pa != pb {
		if pa > pb {
			return 1
		}
		return -1
	}
	if m.Sc.Rules.TieBreak {
		ea, eb := m.Rec.Elims[a], m.Rec.Elims[b]
		if ea > eb {
			return 1
		}
		if ea < eb {
			return -1
		}
	}
	return 0
}
