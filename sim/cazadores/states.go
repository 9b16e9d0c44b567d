package cazadores

import "balance/sim/geom"

// StateTrigger is what starts an Adversary's state.
type StateTrigger uint8

// The triggers of a state.
const (
	StateOnWND   StateTrigger = iota // the Adversary's WNDs left fall to AtMost or below (once)
	StateOnRound                     // Round Round begins (once)
	StateOnCard                      // an action card of rank Rank is drawn (each time)
)

// StateDef is a compiled state of the Adversary: from its trigger on, for
// Rounds Rounds (0: the rest of the hunt), every model of the Adversary
// has its stats changed by Mods.
type StateDef struct {
	Name    string
	Trigger StateTrigger
	AtMost  int16 // StateOnWND: the WNDs left at or below which it starts
	Round   uint16
	Rank    uint8
	Rounds  uint16
	Mods    FoeMods
	// Begin and End are the trace's notes when it starts and ends
	// (written at compile time, so that a traced hunt builds none).
	Begin, End string
}

// stateTrigger starts the Adversary's states whose trigger is kind (with
// arg: the Round begun, the rank drawn). A state already on is started
// again only by a card, which restarts its count of Rounds.
func (h *Hunt) stateTrigger(kind StateTrigger, arg int) {
	st := h.Sc.Adversary.States
	for k := range st {
		s := &st[k]
		bit := uint8(1) << k
		if s.Trigger != kind {
			continue
		}
		switch kind {
		case StateOnWND:
			if h.StateFired&bit != 0 || h.AdvLeft > s.AtMost || h.allExhausted() {
				continue
			}
		case StateOnRound:
			if h.StateFired&bit != 0 || arg != int(s.Round) {
				continue
			}
		case StateOnCard:
			if arg != int(s.Rank) {
				continue
			}
		}
		h.StateFired |= bit
		h.StateEnd[k] = 0
		if s.Rounds > 0 {
			h.StateEnd[k] = h.Round + s.Rounds - 1
		}
		if h.StateOn&bit != 0 {
			continue
		}
		h.StateOn |= bit
		h.addStateMods(&s.Mods, 1)
		h.adversaryStats()
		if h.Trace != nil {
			h.emit(Event{Kind: EvTrigger, Model: int8(h.Adv0), Name: s.Begin})
		}
	}
}

// statesEnd ends, at the end of the Round, the states whose Rounds are
// over.
func (h *Hunt) statesEnd() {
	st := h.Sc.Adversary.States
	for k := range st {
		bit := uint8(1) << k
		if h.StateOn&bit == 0 || h.StateEnd[k] == 0 || h.Round < h.StateEnd[k] {
			continue
		}
		h.StateOn &^= bit
		h.addStateMods(&st[k].Mods, -1)
		h.adversaryStats()
		if h.Trace != nil {
			h.emit(Event{Kind: EvTrigger, Model: int8(h.Adv0), Name: st[k].End})
		}
	}
}

// addStateMods adds sign times m to the states' summed modifiers.
func (h *Hunt) addStateMods(m *FoeMods, sign int8) {
	h.StateMods.SPD += sign * m.SPD
	h.StateMods.ATK += sign * m.ATK
	h.StateMods.RNG += sign * m.RNG
	h.StateMods.DEF += sign * m.DEF
	h.StateMods.TER += sign * m.TER
}

// MaxFoeModels is the most Foe models (the Adversary's and Minions) on the
// board at once: what a hunt holds less the largest Pack.
const MaxFoeModels = MaxModels - MaxPack

// summon brings n Minions of kind def into the hunt, each placed by a
// Scatter Roll from model from, as Minions deploy; it stops when the Foes
// on the board are MaxFoeModels or the hunt's models MaxModels. A
// summoned Minion takes its first Turn on the next Tick.
func (h *Hunt) summon(from, def, n int) {
	a := &h.Sc.Adversary
	d := &a.Minions[def]
	mp := &h.Sc.Map
	for k := 0; k < n; k++ {
		foes := 0
		for i := 0; i < int(h.N); i++ {
			if m := &h.M[i]; m.State == Active && m.Side == FoeSide && m.Kind != ObjectiveModel {
				foes++
			}
		}
		if foes >= MaxFoeModels || int(h.N) >= MaxModels {
			return
		}
		i := int(h.N)
		m := &h.M[i]
		*m = Model{Side: FoeSide, Kind: Minion, Def: uint8(def), Tree: d.Tree, R: d.BaseR, WND: d.Stats.WND,
			Clock: loopClock(h.Tick, 1), Terrifier: -1, ParryOn: -1,
			SPD: d.Stats.SPD, ATK: d.Stats.ATK, RNG: d.Stats.RNG, DEF: d.Stats.DEF, TER: d.Stats.TER}
		var p geom.Vec
		for try := 0; try < 8; try++ {
			p = geom.ClampToBoard(h.scatter(h.M[from].Pos), m.R, mp.W, mp.H)
			ok := true
			for j := int(h.Adv0 + h.NAdv); j < i; j++ {
				if h.M[j].Kind == Minion && h.M[j].State == Active && geom.EdgeDist(p, m.R, h.M[j].Pos, h.M[j].R) < 3 {
					ok = false
				}
			}
			if ok {
				break
			}
		}
		m.Pos = h.outOfImpassable(p, m.R)
		h.N++
		h.keyCheck(i) // its Checks draw from its own slot
		h.live |= 1 << i
		h.sides[FoeSide] |= 1 << i
		h.clockAt[m.Clock] |= 1 << i
		h.minions |= 1 << i
		h.shoveOverlaps(i)
		if h.Trace != nil {
			h.emit(Event{Kind: EvTrigger, Model: int8(from), Name: d.SummonNote})
			h.emit(Event{Kind: EvPlaced, Model: int8(i), Pos: m.Pos})
		}
	}
}
