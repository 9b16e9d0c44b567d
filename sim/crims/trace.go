package crims

import (
	"strconv"

	"balance/sim/geom"
)

// EventKind is what a trace event reports.
type EventKind uint8

// Trace events.
const (
	EvTurn          EventKind = iota // a turn begins: Turn, Hunter (the First Player)
	EvCard                           // a Control Card is flipped: Name
	EvRestock                        // the empty pods are restocked: N pods
	EvSpawn                          // a crim is placed: Crim, Pos
	EvEvent                          // an Event Card is carried out or kept: Hunter, Name, Why
	EvDecision                       // a player's choice: Hunter, Name, Why
	EvCheck                          // a check rolled: Hunter, Crim, Check
	EvMove                           // a model moved: Hunter or Crim, Pos, F (inches)
	EvWounds                         // Wound Tokens placed: Hunter or Crim (the one wounded), N, Name (how)
	EvEliminated                     // a crim eliminated: Crim, Hunter (who scores), N (points)
	EvIncapacitated                  // a hunter incapacitated: Hunter
	EvReturn                         // a hunter returns: Hunter, Pos
	EvPod                            // a pod opened: Hunter, N (points), Name (reward)
	EvCrim                           // a crim's action: Crim, Name (the action taken), Why (why it was taken)
	EvHidden                         // a crim became or stayed hidden: Crim
	EvSpotted                        // a hidden crim placed: Crim, Pos
	EvPoints                         // points gained: Hunter, N, Name (how)
	EvMomentum                       // Momentum gained or spent: Hunter, N (the change), Name (how)
	EvEnd                            // the match ends: Name (the outcome)
	NEventKinds
)

// EventKinds names the kinds in traces.
var EventKinds = [NEventKinds]string{
	EvTurn: "turn", EvCard: "card", EvRestock: "restock", EvSpawn: "spawn", EvEvent: "event", EvDecision: "decision",
	EvCheck: "check", EvMove: "move", EvWounds: "wounds", EvEliminated: "eliminated", EvIncapacitated: "incapacitated",
	EvReturn: "return", EvPod: "pod", EvCrim: "crim", EvHidden: "hidden", EvSpotted: "spotted", EvPoints: "points",
	EvMomentum: "momentum", EvEnd: "end",
}

// CheckInfo is a rolled check, for the trace.
type CheckInfo struct {
	Kind      CheckKind
	Dice      int8   // dice in the check, the Impact Die among them
	Pool      Pool   // the regular dice after upgrades and downgrades
	Faces     string // the regular faces
	Impact    uint8  // the Impact Die's face; 0: no die rolled
	Option    string // the Impact 10 option taken
	Successes int8
	Threshold int8 // -1: none
	OK        bool
}

// Event is one line of a trace. Hunter and Crim are -1 when the event is
// not about one.
type Event struct {
	Kind   EventKind
	Turn   uint8
	Hunter int8
	Crim   int8
	N      int16
	F      float32
	Pos    geom.Vec
	Name   string
	Why    string
	Check  *CheckInfo
}

// Tracer receives the events of a traced match. A nil Tracer (the batch
// case) costs one comparison per event site.
type Tracer interface {
	Event(m *Match, e *Event)
}

func (m *Match) emit(e Event) {
	e.Turn = m.Turn
	m.Trace.Event(m, &e)
}

// Decide explains a choice of hunter h in the trace: what it chose and
// why. Pass constant strings: nothing is built when not tracing.
func (m *Match) Decide(h int, what, why string) {
	if m.Trace != nil {
		m.emit(Event{Kind: EvDecision, Hunter: int8(h), Crim: -1, Name: what, Why: why})
	}
}

// HunterName is hunter h's name in traces.
func (m *Match) HunterName(h int) string { return m.Sc.Hunters[h].Name }

// CrimName is crim c's name in traces: its profile and slot.
func (m *Match) CrimName(c int) string {
	return m.Sc.Crims[m.C[c].Def].Name + " #" + strconv.Itoa(int(m.C[c].ID))
}

func pos(p geom.Vec) string {
	return "(" + strconv.FormatFloat(float64(p.X), 'f', 1, 32) + ", " + strconv.FormatFloat(float64(p.Y), 'f', 1, 32) + ")"
}

// Text writes e as one line of the text trace.
func (m *Match) Text(e *Event) string {
	b := []byte("turn " + strconv.Itoa(int(e.Turn)) + ": ")
	who := ""
	if e.Hunter >= 0 {
		who = m.HunterName(int(e.Hunter))
	}
	crim := ""
	if e.Crim >= 0 {
		crim = m.CrimName(int(e.Crim))
	}
	n := strconv.Itoa(int(e.N))
	switch e.Kind {
	case EvTurn:
		b = append(b, "first player "+who...)
	case EvCard:
		b = append(b, "Control Card "+e.Name...)
	case EvRestock:
		b = append(b, "restock "+n+" empty pods"...)
	case EvSpawn:
		b = append(b, "place "+crim+" at "+e.Name+" "+pos(e.Pos)...)
	case EvEvent:
		b = append(b, who+": Event Card "+e.Name+": "+e.Why...)
	case EvDecision:
		b = append(b, who+" chooses "+e.Name+": "+e.Why...)
	case EvCheck:
		c := e.Check
		b = append(b, who+" "+CheckKinds[c.Kind].Name+" check"...)
		if crim != "" {
			b = append(b, " ("+crim+")"...)
		}
		b = append(b, ": "+strconv.Itoa(int(c.Dice))+" dice, Impact d10"...)
		if c.Pool.Dice() > 0 {
			b = append(b, " + "+c.Pool.String()...)
		}
		if c.Impact == 0 {
			b = append(b, ": no die"...)
		} else {
			b = append(b, ": Impact "+strconv.Itoa(int(c.Impact))...)
			if c.Faces != "" {
				b = append(b, ", "+c.Faces...)
			}
		}
		if c.Option != "" {
			b = append(b, " ["+c.Option+"]"...)
		}
		b = append(b, " → "+strconv.Itoa(int(c.Successes))+" success"...)
		if c.Successes != 1 {
			b = append(b, "es"...)
		}
		if c.Threshold >= 0 {
			b = append(b, " vs "+strconv.Itoa(int(c.Threshold))...)
			if c.OK {
				b = append(b, ": success"...)
			} else {
				b = append(b, ": failure"...)
			}
		}
	case EvMove:
		name := who
		if crim != "" {
			name = crim
		}
		b = append(b, name+" moves "+strconv.FormatFloat(float64(e.F), 'f', 1, 32)+"\" to "+pos(e.Pos)...)
		if e.Why != "" {
			b = append(b, " ("+e.Why+")"...)
		}
	case EvWounds:
		name := who
		if crim != "" {
			name = crim
		}
		if e.N < 0 {
			b = append(b, name+" removes "+strconv.Itoa(int(-e.N))+" Wound Tokens ("+e.Name+")"...)
		} else {
			b = append(b, name+" takes "+n+" Wound Tokens ("+e.Name+")"...)
		}
	case EvEliminated:
		b = append(b, crim+" eliminated by "+who+": "+n+" points"...)
	case EvIncapacitated:
		b = append(b, who+" incapacitated"...)
	case EvReturn:
		b = append(b, who+" returns at "+pos(e.Pos)...)
	case EvPod:
		b = append(b, who+" opens a pod: "+n+" points and "+e.Name...)
	case EvCrim:
		b = append(b, crim+": "+e.Name...)
		if e.Why != "" {
			b = append(b, " ("+e.Why+")"...)
		}
	case EvHidden:
		b = append(b, crim+" hidden at "+e.Name...)
	case EvSpotted:
		b = append(b, crim+" spotted, placed at "+pos(e.Pos)...)
	case EvPoints:
		b = append(b, who+" gains "+n+" points ("+e.Name+")"...)
	case EvMomentum:
		sign := "+"
		if e.N < 0 {
			sign = ""
		}
		b = append(b, who+" Momentum "+sign+n+" ("+e.Name+")"...)
	case EvEnd:
		b = append(b, "end: "+e.Name...)
	}
	return string(b)
}
