package cazadores

import (
	"balance/sim/dice"
	"balance/sim/geom"
)

// EventKind is the kind of a trace Event.
type EventKind uint8

// Trace event kinds.
const (
	EvStart     EventKind = iota // the hunt begins (models deployed)
	EvTurn                       // a Turn begins (Model; -1: the Adversary's Turn, all its models)
	EvAction                     // an Action is declared and paid (Action, N = Ticks; Name set when the rules made it: a Turn with no Action is a Pass)
	EvMoved                      // a move ends, before what the move itself causes (Pos, F = inches)
	EvCheck                      // a Check (Dice)
	EvTie                        // the Leadership Check of a Clock tie (Dice)
	EvRecover                    // a Recover Check (Dice)
	EvDanger                     // the Athletics Check of entering Dangerous terrain (Dice)
	EvAttack                     // an attack's Check (Dice, Target)
	EvWound                      // WNDs to a model (N; Cond: the Condition that caused them)
	EvHitCard                    // a hit-location card (N = value after Focus; Loc)
	EvExhausted                  // a hit location is exhausted (Loc)
	EvHealed                     // WNDs healed (N; Loc for the Adversary)
	EvDeath                      // a model falls
	EvCondition                  // a Condition imposed (Cond; Target = its source)
	EvCleared                    // a Condition cleared (Cond)
	EvCard                       // the Adversary's action card (Card, Tree)
	EvDecision                   // what a model chose (Name), about which model (Target, -1: none), and why (Why); before what it causes
	EvParried                    // an attack cancelled by a Parry
	EvCounter                    // a Parry's counter-attack
	EvPushed                     // a model pushed (Pos)
	EvPlaced                     // a model placed (Pos)
	EvFled                       // a Terrified model's flight (Pos)
	EvLeft                       // a model fled the hunt
	EvArea                       // an Area created (Name, Pos)
	EvTrigger                    // a hit-location effect fires (Name)
	EvRoundEnd                   // the Round ends
	EvEnd                        // the hunt ends
	EvClimb                      // a model climbs onto (F > 0) or down from (F < 0) a raised piece, F inches (Pos: where)
	EvLeap                       // a model leaps a low piece or a chasm (Name: the piece)
	EvFall                       // a model falls F inches to Pos and suffers the fall's Melee Attack (Dice)
)

// Dice is a Check as a trace shows it: the pool, DT, advantage state, the
// outcome and, drawn from a side stream consistent with the outcome, the
// faces.
type Dice struct {
	Pool      int8
	DT        int8
	Adv       dice.Adv
	Successes uint8
	Crits     uint8
	Kept      uint8    // the Difficulty Die kept
	Diff      [2]uint8 // the Difficulty Dice rolled (second 0 without Advantage or Disadvantage)
	NFaces    uint8
	Faces     [dice.MaxPool]uint8
}

// Threshold returns the value a pool die had to reach.
func (d *Dice) Threshold() int {
	t := int(d.Kept)
	if int(d.DT) > t {
		t = int(d.DT)
	}
	if t > 10 {
		t = 10
	}
	return t
}

// Event is one step of a hunt, for a trace.
type Event struct {
	Kind   EventKind
	Model  int8
	Target int8
	Action ActionKind
	Cond   Cond
	Card   int8
	Tree   Tree
	Loc    int8
	N      int16
	F      float32
	Pos    geom.Vec
	Name   string
	Why    string
	Dice   Dice
}

// Tracer receives the events of a traced hunt. A nil Tracer (the batch
// case) costs one comparison per event site.
type Tracer interface {
	Event(h *Hunt, e *Event)
}

func (h *Hunt) emit(e Event) {
	h.Trace.Event(h, &e)
}

// Decide explains a choice of model i in the trace before the choice is
// carried out: what it chose, the model the choice is about (tg; -1 for
// none) and why. Pass constant strings: nothing is built untraced.
func (h *Hunt) Decide(i int, what string, tg int, why string) {
	if h.Trace != nil {
		h.emit(Event{Kind: EvDecision, Model: int8(i), Target: int8(tg), Name: what, Why: why})
	}
}

// Decidef is Decide with what = prefix + name, built only when a trace is
// on (no allocation untraced).
func (h *Hunt) Decidef(i int, prefix, name string, tg int, why string) {
	if h.Trace != nil {
		h.emit(Event{Kind: EvDecision, Model: int8(i), Target: int8(tg), Name: prefix + name, Why: why})
	}
}

func (h *Hunt) diceOf(res dice.Result) Dice {
	d := Dice{Pool: h.w.lastPool, DT: h.w.lastDT, Adv: h.w.lastAdv, Successes: res.Successes, Crits: res.Crits}
	pool, dt := int(h.w.lastPool), int(h.w.lastDT)
	if pool > dice.MaxPool {
		pool = dice.MaxPool
	}
	if pool < 0 {
		pool = 0
	}
	if dt > dice.MaxDT {
		dt = dice.MaxDT
	}
	if dt < 0 {
		dt = 0
	}
	var buf [dice.MaxPool]uint8
	kept, diff, faces := dice.Faces(&h.w.side, pool, dt, h.w.lastAdv, res, buf[:0])
	d.Kept, d.Diff = kept, diff
	d.NFaces = uint8(copy(d.Faces[:], faces))
	return d
}

func (h *Hunt) emitCheck(k EventKind, i, t int, res dice.Result) {
	h.emit(Event{Kind: k, Model: int8(i), Target: int8(t), Dice: h.diceOf(res)})
}

func (h *Hunt) emitAttack(att, tgt int, a *attack, res dice.Result) {
	h.emit(Event{Kind: EvAttack, Model: int8(att), Target: int8(tgt), Card: a.card, N: int16(a.kind), Dice: h.diceOf(res)})
}
