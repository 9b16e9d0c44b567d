package skirmish

import (
	"fmt"
	"io"
	"strconv"

	"balance/sim/geom"
)

// EventKind is the kind of a trace Event.
type EventKind uint8

// Trace event kinds.
const (
	EvStart      EventKind = iota // the game begins
	EvTurn                        // a turn begins
	EvInitiative                  // the initiative roll (X: A's d20, Y: B's; Target: the side going first)
	EvGroup                       // a group activation (Fig: the leader, Group: the soldiers, N of them)
	EvActivate                    // a figure activates
	EvSwim                        // a Swimming Roll (X, A: total, D: TN)
	EvClearJam                    // a jammed gun cleared
	EvMove                        // a move (Pos: where it ended, F: inches from where it began, N: 1st or 2nd Move)
	EvRun                         // Run for it
	EvJump                        // a jump over water (F: inches)
	EvIntercept                   // Fig forces combat on Target (Pos: where Fig now stands)
	EvFall                        // a fall (F: inches, N: damage)
	EvFight                       // a combat (X, Y: the dice, A, D: the totals)
	EvPush                        // Fig pushed back from Target (Pos)
	EvShot                        // a shooting attack (X, Y, A, D; Name: shot, flame, frag, bolt)
	EvJam                         // Fig's gun jammed
	EvFlame                       // a flame template (N: figures under it)
	EvGrenade                     // a grenade's Shooting Stat Roll (X, A: total, D: TN, Pos: the target point)
	EvScatter                     // a grenade missed by N inches (Pos: where it landed; Why: removed)
	EvSmoke                       // a smoke cloud (Pos)
	EvPower                       // a power attempted (X, A: roll + exertion, D: AN, N: Health exerted, Name)
	EvHeal                        // Health restored (N; A: Health now)
	EvDamage                      // damage to Fig from Target (-1: none) (N; A: Health left; Why)
	EvStun                        // Fig stunned
	EvOut                         // Fig out of action
	EvDrop                        // Fig dropped its loot (Pos)
	EvUnlock                      // an unlock attempt on token N (X, A: total, D: TN)
	EvPickUp                      // token N picked up
	EvExit                        // Fig left the table with its loot
	EvDecision                    // what a figure chose (Name), about which figure (Target, -1: none), and why (Why)
	EvEnd                         // the game ends (A, D: the loot of each warband)
)

var eventNames = [...]string{"start", "turn", "initiative", "group", "activate", "swim", "clear_jam", "move", "run",
	"jump", "intercept", "fall", "fight", "push", "shot", "jam", "flame", "grenade", "scatter", "smoke", "power",
	"heal", "damage", "stun", "out", "drop", "unlock", "pickup", "exit", "decision", "end"}

func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return "event?"
}

// Event is one step of a game, for a trace.
type Event struct {
	Kind   EventKind
	Turn   int16
	Fig    int8
	Target int8
	X, Y   int8 // dice
	A, D   int16
	N      int16
	Group  [3]int8
	F      float32
	Pos    geom.Vec
	Name   string
	Why    string
}

// Tracer receives the events of a traced game. A nil Tracer (the batch
// case) costs one comparison per event site.
type Tracer interface {
	Event(b *Battle, e *Event)
}

func (b *Battle) emit(e Event) {
	e.Turn = int16(b.Turn)
	b.Trace.Event(b, &e)
}

// Decide explains a choice of figure i in the trace before it is carried
// out: what it chose, the figure the choice is about (tg; -1 for none)
// and why. Pass constant strings: nothing is built untraced.
func (b *Battle) Decide(i int, what string, tg int, why string) {
	if b.Trace != nil { // small enough to be inlined: untraced, a test
		b.decide(i, what, tg, why)
	}
}

func (b *Battle) decide(i int, what string, tg int, why string) {
	b.emit(Event{Kind: EvDecision, Fig: int8(i), Target: int8(tg), Name: what, Why: why})
}

// Writer is a Tracer that writes each event as a line of text to Text
// and, when JSON is not nil, as one JSON object to JSON (JSON Lines).
// The first write error is kept in Err and stops further writing.
type Writer struct {
	Text io.Writer
	JSON io.Writer
	Err  error
	buf  []byte
}

// Name returns figure i's name as the trace prints it: its warband's
// initial and its profile name.
func (b *Battle) Name(i int) string {
	if i < 0 || i >= b.NF {
		return "-"
	}
	p := b.P(i)
	switch p.Side {
	case SideA, SideB:
		return b.S.Bands[p.Side] + ":" + p.Name
	}
	return "creature:" + p.Name
}

// Event writes e.
func (w *Writer) Event(b *Battle, e *Event) {
	if w.Err != nil {
		return
	}
	if w.Text != nil {
		w.buf = appendText(w.buf[:0], b, e)
		if _, err := w.Text.Write(w.buf); err != nil {
			w.Err = err
			return
		}
	}
	if w.JSON != nil {
		w.buf = appendJSON(w.buf[:0], b, e)
		if _, err := w.JSON.Write(w.buf); err != nil {
			w.Err = err
		}
	}
}

func pos(p geom.Vec) string { return fmt.Sprintf("(%.1f, %.1f)", p.X, p.Y) }

func appendText(buf []byte, b *Battle, e *Event) []byte {
	fig, tgt := b.Name(int(e.Fig)), b.Name(int(e.Target))
	s := ""
	switch e.Kind {
	case EvStart:
		s = fmt.Sprintf("start: %s vs %s on %s, %d loot tokens, turn cap %d", b.S.Bands[0], b.S.Bands[1], b.S.Scenario.Name, b.NLoot, b.S.Scenario.TurnCap)
	case EvTurn:
		s = "turn " + strconv.Itoa(int(e.Turn))
	case EvInitiative:
		if e.Why != "" {
			s = fmt.Sprintf("initiative: d20 %d vs %d: %s", e.X, e.Y, e.Why)
		} else {
			s = fmt.Sprintf("initiative: %s d20 %d vs %s d20 %d: %s first", b.S.Bands[0], e.X, b.S.Bands[1], e.Y, b.S.Bands[e.Target])
		}
	case EvGroup:
		s = fmt.Sprintf("group activation: %s with", fig)
		for k := 0; k < int(e.N) && k < 3; k++ {
			s += " " + b.Name(int(e.Group[k]))
		}
	case EvActivate:
		f := &b.Figs[e.Fig]
		s = fmt.Sprintf("%s activates at %s, Health %d", fig, pos(f.Pos), f.Health)
		if f.flags&fStunAct != 0 {
			s += ", stunned"
		}
		if f.Carry >= 0 {
			s += ", carrying loot " + strconv.Itoa(int(f.Carry)+1)
		}
	case EvSwim:
		s = fmt.Sprintf("%s swims: d20 %d, total %d vs TN%d: %s", fig, e.X, e.A, e.D, okFail(e.A >= e.D))
	case EvClearJam:
		s = fig + " clears its jammed gun"
	case EvMove:
		what := "moves"
		if e.N == 2 {
			what = "makes a 2nd move"
		}
		if e.Why != "" {
			what = "moves (" + e.Why + ")"
		}
		s = fmt.Sprintf("%s %s %.1f\" to %s", fig, what, e.F, pos(e.Pos))
	case EvRun:
		s = fmt.Sprintf("%s runs for it %.1f\" to %s; its activation ends", fig, e.F, pos(e.Pos))
	case EvJump:
		s = fmt.Sprintf("%s jumps %.1f\" of water", fig, e.F)
	case EvIntercept:
		s = fmt.Sprintf("%s forces combat on %s, moving to %s", fig, tgt, pos(e.Pos))
	case EvFall:
		s = fmt.Sprintf("%s falls %.1f\": %d damage", fig, e.F, e.N)
	case EvFight:
		s = fmt.Sprintf("%s fights %s: d20 %d, total %d vs d20 %d, total %d: %s", fig, tgt, e.X, e.A, e.Y, e.D, winner(e.A, e.D))
	case EvPush:
		s = fmt.Sprintf("%s pushed back from %s to %s", fig, tgt, pos(e.Pos))
	case EvShot:
		s = fmt.Sprintf("%s %s at %s: d20 %d, total %d vs d20 %d, total %d: %s", fig, e.Name, tgt, e.X, e.A, e.Y, e.D, hitMiss(e.A > e.D))
		if e.X == 20 {
			s += " (natural 20: critical)"
		}
		if e.X == 1 {
			s += " (natural 1)"
		}
	case EvJam:
		s = fig + "'s gun jams: the shot misses"
	case EvFlame:
		s = fmt.Sprintf("%s flames toward %s: %d figures under the template", fig, tgt, e.N)
	case EvGrenade:
		s = fmt.Sprintf("%s throws a grenade at %s: d20 %d, total %d vs TN%d: %s", fig, pos(e.Pos), e.X, e.A, e.D, okFail(e.A >= e.D))
	case EvScatter:
		if e.Why != "" {
			s = fmt.Sprintf("the grenade misses by %d\": removed", e.N)
		} else {
			s = fmt.Sprintf("the grenade misses by %d\" and scatters to %s", e.N, pos(e.Pos))
		}
	case EvSmoke:
		s = "smoke cloud at " + pos(e.Pos)
	case EvPower:
		s = fmt.Sprintf("%s activates %s: d20 %d", fig, e.Name, e.X)
		if e.N > 0 {
			s += fmt.Sprintf(" + %d Health exerted", e.N)
		}
		s += fmt.Sprintf(" = %d vs %d: %s", e.A, e.D, okFail(e.A >= e.D))
	case EvHeal:
		s = fmt.Sprintf("%s heals %d, Health %d", fig, e.N, e.A)
	case EvDamage:
		s = fmt.Sprintf("%s takes %d damage (%s), Health %d", fig, e.N, e.Why, e.A)
	case EvStun:
		s = fig + " is stunned"
	case EvOut:
		s = fig + " is out of action"
	case EvDrop:
		s = fig + " drops its loot at " + pos(e.Pos)
	case EvUnlock:
		s = fmt.Sprintf("%s tries to unlock loot %d: d20 %d, total %d vs TN%d: %s", fig, e.N+1, e.X, e.A, e.D, okFail(e.A >= e.D))
	case EvPickUp:
		s = fmt.Sprintf("%s picks up loot %d", fig, e.N+1)
	case EvExit:
		s = fig + " leaves the table with its loot"
	case EvDecision:
		s = fig + ": " + e.Name
		if e.Target >= 0 {
			s += " " + tgt
		}
		if e.Why != "" {
			s += " (" + e.Why + ")"
		}
	case EvEnd:
		return fmt.Appendf(buf, "outcome: %s after %d turns, loot %d-%d\n", outcomeKeys[b.Outcome], b.Turn, e.A, e.D)
	}
	if e.Kind != EvStart {
		buf = fmt.Appendf(buf, "T%d ", e.Turn)
	}
	buf = append(buf, s...)
	return append(buf, '\n')
}

var outcomeKeys = [...]string{ALoot: "a_loot", AElim: "a_elimination", BLoot: "b_loot", BElim: "b_elimination", Draw: "draw", Wiped: "wiped"}

// OutcomeKey returns the key of outcome o.
func OutcomeKey(o Outcome) string { return outcomeKeys[o] }

func okFail(ok bool) string {
	if ok {
		return "success"
	}
	return "failure"
}

func hitMiss(hit bool) string {
	if hit {
		return "hit"
	}
	return "miss"
}

func winner(a, d int16) string {
	switch {
	case a > d:
		return "attacker wins"
	case d > a:
		return "defender wins"
	}
	return "tie"
}

func appendJSON(buf []byte, b *Battle, e *Event) []byte {
	buf = fmt.Appendf(buf, `{"turn":%d,"kind":%q`, e.Turn, e.Kind.String())
	if e.Fig >= 0 && e.Kind != EvStart && e.Kind != EvTurn && e.Kind != EvInitiative && e.Kind != EvEnd {
		buf = fmt.Appendf(buf, `,"fig":%q`, b.Name(int(e.Fig)))
	}
	switch e.Kind {
	case EvFight, EvShot, EvIntercept, EvPush, EvFlame, EvDecision, EvPower:
		if e.Target >= 0 {
			buf = fmt.Appendf(buf, `,"target":%q`, b.Name(int(e.Target)))
		}
	}
	switch e.Kind {
	case EvInitiative:
		buf = fmt.Appendf(buf, `,"d20":[%d,%d]`, e.X, e.Y)
		if e.Why == "" {
			buf = fmt.Appendf(buf, `,"first":%q`, b.S.Bands[e.Target])
		}
	case EvFight, EvShot:
		buf = fmt.Appendf(buf, `,"d20":[%d,%d],"totals":[%d,%d]`, e.X, e.Y, e.A, e.D)
		if e.Name != "" {
			buf = fmt.Appendf(buf, `,"attack":%q`, e.Name)
		}
	case EvSwim, EvGrenade, EvUnlock:
		buf = fmt.Appendf(buf, `,"d20":%d,"total":%d,"tn":%d,"success":%t`, e.X, e.A, e.D, e.A >= e.D)
	case EvPower:
		buf = fmt.Appendf(buf, `,"power":%q,"d20":%d,"exerted":%d,"total":%d,"an":%d,"success":%t`, e.Name, e.X, e.N, e.A, e.D, e.A >= e.D)
	case EvDamage:
		if e.Target >= 0 { // the figure dealing it (Fig takes it)
			buf = fmt.Appendf(buf, `,"by":%q`, b.Name(int(e.Target)))
		}
		buf = fmt.Appendf(buf, `,"damage":%d,"health":%d,"cause":%q`, e.N, e.A, e.Why)
	case EvHeal:
		buf = fmt.Appendf(buf, `,"healed":%d,"health":%d`, e.N, e.A)
	case EvMove, EvRun, EvIntercept, EvPush, EvDrop, EvSmoke:
		buf = fmt.Appendf(buf, `,"pos":[%.2f,%.2f]`, e.Pos.X, e.Pos.Y)
		if e.Kind == EvMove || e.Kind == EvRun {
			buf = fmt.Appendf(buf, `,"inches":%.2f`, e.F)
		}
	case EvJump, EvFall:
		buf = fmt.Appendf(buf, `,"inches":%.2f`, e.F)
		if e.Kind == EvFall {
			buf = fmt.Appendf(buf, `,"damage":%d`, e.N)
		}
	case EvScatter:
		buf = fmt.Appendf(buf, `,"missed_by":%d,"removed":%t`, e.N, e.Why != "")
	case EvPickUp:
		buf = fmt.Appendf(buf, `,"token":%d`, e.N+1)
	case EvGroup:
		buf = append(buf, `,"soldiers":[`...)
		for k := 0; k < int(e.N) && k < 3; k++ {
			if k > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendQuote(buf, b.Name(int(e.Group[k])))
		}
		buf = append(buf, ']')
	case EvDecision:
		buf = fmt.Appendf(buf, `,"choice":%q,"why":%q`, e.Name, e.Why)
	case EvEnd:
		buf = fmt.Appendf(buf, `,"outcome":%q,"loot":[%d,%d]`, outcomeKeys[b.Outcome], e.A, e.D)
	}
	return append(buf, "}\n"...)
}
