package vantage

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Tracer writes a duel play by play: one line of text per event to W and,
// when J is not nil, one JSON object per event to J (JSON Lines). It is
// only called when a duel is traced. Err returns the first write error.
type Tracer struct {
	W   io.Writer
	J   io.Writer
	err error
}

// Err returns the first error met writing the trace.
func (t *Tracer) Err() error { return t.err }

// Event is one event of a traced duel as JSON.
type Event struct {
	Round   int    `json:"round"`
	Side    string `json:"side,omitempty"` // whose turn
	Event   string `json:"event"`
	Who     string `json:"who,omitempty"`
	Target  string `json:"target,omitempty"`
	Action  string `json:"action,omitempty"`
	Stat    string `json:"stat,omitempty"`
	Need    *int   `json:"need,omitempty"` // the stat the roll had to reach at most
	Dice    []int  `json:"dice,omitempty"`
	Sum     *int   `json:"sum,omitempty"`
	Success *bool  `json:"success,omitempty"`
	Given   bool   `json:"given,omitempty"` // the roll's result was given, not rolled
	Damage  *int   `json:"damage,omitempty"`
	HP      *int   `json:"hp,omitempty"`
	Hex     *int   `json:"hex,omitempty"`
	Outcome string `json:"outcome,omitempty"`
	Why     string `json:"why,omitempty"`
}

func (t *Tracer) emit(d *Duel, text string, e Event) {
	if t.err != nil {
		return
	}
	if t.W != nil {
		_, t.err = io.WriteString(t.W, text+"\n")
	}
	if t.J != nil && t.err == nil {
		e.Round = d.Round
		if e.Side == "" && d.Outcome == Ongoing {
			e.Side = SideNames[d.Turn]
		}
		b, err := json.Marshal(e)
		if err != nil {
			t.err = err
			return
		}
		_, t.err = t.J.Write(append(b, '\n'))
	}
}

func ip(v int) *int   { return &v }
func bp(v bool) *bool { return &v }
func name(d *Duel, i int) string {
	if i < 0 {
		return "nobody"
	}
	f := &d.Sc.F[i]
	return f.Key + " " + f.Label
}

func key(d *Duel, i int) string {
	if i < 0 {
		return ""
	}
	return d.Sc.F[i].Key
}

// Describe returns fighter i's numbers as a trace shows them.
func (sc *Scenario) Describe(i int) string {
	f := &sc.F[i]
	var b strings.Builder
	fmt.Fprintf(&b, "hp %d, perception %d, speed %d, agility %d", f.HP, f.Stat[Perception], f.Stat[Speed], f.Stat[Agility])
	if f.Ranged() {
		fmt.Fprintf(&b, ", ranged weapon range %d damage %d", f.Range, f.RangedDamage)
	} else {
		b.WriteString(", no ranged weapon")
	}
	if f.MeleeDamage > 0 {
		fmt.Fprintf(&b, ", melee damage %d", f.MeleeDamage)
	} else {
		b.WriteString(", no melee weapon")
	}
	return b.String()
}

func (t *Tracer) start(d *Duel) {
	sc := d.Sc
	for i := 0; i < sc.N; i++ {
		f := &sc.F[i]
		h := int(sc.Map.Start[f.Side])
		t.emit(d, fmt.Sprintf("%s (%s): %s; starts in hex %d (%d, %d)", name(d, i), SideNames[f.Side], sc.Describe(i),
			h+1, sc.Map.Hex[h][0], sc.Map.Hex[h][1]),
			Event{Event: "fighter", Who: f.Key, Side: SideNames[f.Side], HP: ip(f.HP), Hex: ip(h + 1), Why: sc.Describe(i)})
	}
	why := "the rules"
	if sc.Rules.First == FirstRandom {
		why = "coin flip"
	}
	t.emit(d, fmt.Sprintf("first turn of each round: %s (%s)", SideNames[d.Rec.First], why),
		Event{Event: "first", Side: SideNames[d.Rec.First], Why: why})
}

func (t *Tracer) turn(d *Duel) {
	t.emit(d, fmt.Sprintf("round %d, %s' turn", d.Round, SideNames[d.Turn]), Event{Event: "turn"})
}

func (t *Tracer) decide(d *Duel, i int, a Action, why string) {
	what := KindNames[a.Kind]
	target := ""
	switch a.Kind {
	case Move:
		h := int(a.To)
		what = fmt.Sprintf("move to hex %d (%d, %d)", h+1, d.Sc.Map.Hex[h][0], d.Sc.Map.Hex[h][1])
	case GainVantage, GainStrike, Shoot, Melee:
		what += " on " + name(d, int(a.To))
		target = key(d, int(a.To))
	}
	t.emit(d, fmt.Sprintf("  %s chooses %s: %s", name(d, i), what, why),
		Event{Event: "decision", Who: key(d, i), Action: KindNames[a.Kind], Target: target, Why: why})
}

func (t *Tracer) action(d *Duel, a Action, ok, rolled bool) {
	i := int(a.Who)
	e := Event{Event: "action", Who: key(d, i), Action: KindNames[a.Kind]}
	switch a.Kind {
	case Pass:
		unused := fmt.Sprintf("%d points", d.S[i].AP)
		if d.S[i].AP == 1 {
			unused = "1 point"
		}
		t.emit(d, fmt.Sprintf("  %s passes (%s unused)", name(d, i), unused), e)
	case Move:
		h := int(a.To)
		e.Hex = ip(h + 1)
		t.emit(d, fmt.Sprintf("  %s moves to hex %d (%d, %d)", name(d, i), h+1, d.Sc.Map.Hex[h][0], d.Sc.Map.Hex[h][1]), e)
	case Shoot, Melee:
		e.Target = key(d, int(a.To))
		verb := "shoots"
		if a.Kind == Melee {
			verb = "strikes at"
		}
		t.emit(d, fmt.Sprintf("  %s %s %s", name(d, i), verb, name(d, int(a.To))), e)
	default:
		stat := Perception
		what := "vantage on " + name(d, int(a.To))
		switch a.Kind {
		case GainStrike:
			stat, what = Speed, "strike on "+name(d, int(a.To))
		case Evade:
			stat, what = Agility, "evade"
		}
		e.Event, e.Stat, e.Target = "roll", StatNames[stat], key(d, int(a.To))
		need := d.Sc.F[i].Stat[stat]
		e.Need, e.Success = ip(need), bp(ok)
		result := "success"
		if !ok {
			result = "failed: the point is spent, nothing changes"
		}
		var roll string
		if rolled {
			r := &d.Last
			e.Dice, e.Sum = append([]int(nil), r.Dice[:r.N]...), ip(r.Sum)
			cmp := "<="
			if !ok {
				cmp = ">"
			}
			roll = fmt.Sprintf("%dd%d %v = %d %s %d", r.N, d.Sc.Rules.Roll.Sides, r.Dice[:r.N], r.Sum, cmp, need)
		} else {
			e.Given = true
			roll = "result given"
		}
		t.emit(d, fmt.Sprintf("  %s tries %s: %s %d, %s: %s", name(d, i), what, StatNames[stat], need, roll, result), e)
	}
}

func (t *Tracer) lose(d *Duel, i int, v, s int8) {
	if v != None {
		t.emit(d, fmt.Sprintf("  %s loses vantage on %s", name(d, i), name(d, int(v))),
			Event{Event: "lose", Who: key(d, i), Target: key(d, int(v)), Action: "vantage"})
	}
	if s != None {
		t.emit(d, fmt.Sprintf("  %s loses strike on %s", name(d, i), name(d, int(s))),
			Event{Event: "lose", Who: key(d, i), Target: key(d, int(s)), Action: "strike"})
	}
}

func (t *Tracer) counter(d *Duel, v, g, tactic int) {
	t.emit(d, fmt.Sprintf("  %s gains %s on %s automatically (counter-%s)", name(d, v), TacticNames[tactic], name(d, g), TacticNames[tactic]),
		Event{Event: "counter", Who: key(d, v), Target: key(d, g), Action: TacticNames[tactic]})
}

func (t *Tracer) hit(d *Duel, a, tg, dmg int) {
	t.emit(d, fmt.Sprintf("  %d damage: %s has %d HP", dmg, name(d, tg), d.S[tg].HP),
		Event{Event: "damage", Who: key(d, a), Target: key(d, tg), Damage: ip(dmg), HP: ip(d.S[tg].HP)})
}

func (t *Tracer) note(d *Duel, i int, what, why string) {
	text := "  " + name(d, i) + ": " + what
	if why != "" {
		text += " (" + why + ")"
	}
	t.emit(d, text, Event{Event: "note", Who: key(d, i), Action: what, Why: why})
}

func (t *Tracer) end(d *Duel) {
	t.emit(d, fmt.Sprintf("outcome: %s in round %d", OutcomeKeys[d.Outcome], d.Round),
		Event{Event: "end", Outcome: OutcomeKeys[d.Outcome]})
}
