package cazadores

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
