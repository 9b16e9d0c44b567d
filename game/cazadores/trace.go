package cazadores

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"

	"balance/game"
	sim "balance/sim/cazadores"
	"balance/sim/dice"
)

// TraceSchema is the version of the JSON Lines trace
// (docs/cazadores/trace-schema.md): it changes when a field changes
// meaning or goes away.
const TraceSchema = 1

// plural writes n and a noun, plural unless n is 1 (game.Plural).
func plural(n int, noun string) string { return game.Plural(n, noun) }

// words writes a name from the game's vocabulary in words
// ("knocked_down" is "knocked down").
func words(s string) string { return strings.ReplaceAll(s, "_", " ") }

// field is one member of a JSON object.
type field struct {
	k string
	v any
}

// obj is a JSON object whose members keep their order.
type obj []field

// MarshalJSON writes the members in order.
func (o obj) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for k, f := range o {
		if k > 0 {
			b.WriteByte(',')
		}
		key, err := json.Marshal(f.k)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(f.v)
		if err != nil {
			return nil, err
		}
		b.Write(key)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// line is one line of a trace: its time, its text (at, the time as
// printed, then body) and the same as a JSON object's fields.
type line struct {
	kind        string
	round, tick int
	turn        int // the Turn it belongs to, counted from 1 (0: none)
	at, body    string
	fields      []field
}

func (l *line) text() string { return l.at + l.body }

// object is l as a JSON object: kind, round, tick, turn (inside a Turn),
// then its own fields.
func (l *line) object() obj {
	o := obj{{"kind", l.kind}, {"round", l.round}, {"tick", l.tick}}
	if l.turn > 0 {
		o = append(o, field{"turn", l.turn})
	}
	return append(o, l.fields...)
}

// tracer turns a hunt's events into lines and writes them, as text, as
// JSON Lines or both. Lines are held back from the moment a side has left
// the board: once the hunt ends, the trace keeps those up to the moment
// the outcome was settled and drops the rest of the Round, which the
// engine plays out (and records) but which cannot change the outcome.
type tracer struct {
	seed, hunt uint64
	pack, tier string
	text, json io.Writer
	err        error

	names   []string // one name per model, for the whole trace
	lines   []line
	sent    int // lines written
	foesCut int // lines up to the fall of the last Foe (0: not yet)
	packCut int // lines up to the fall or flight of the last of the Pack (0: not yet)
	turn    int
	inTurn  bool
}

// Event receives one event of the hunt.
func (t *tracer) Event(h *sim.Hunt, e *sim.Event) {
	switch e.Kind {
	case sim.EvStart:
		t.start(h)
	case sim.EvTurn:
		t.turn++
		t.inTurn = true
		return
	case sim.EvTie, sim.EvRoundEnd:
		t.inTurn = false
	}
	if e.Kind == sim.EvEnd {
		t.end(h)
		return
	}
	if e.Kind != sim.EvStart {
		t.add(h, e)
	}
	if t.foesCut == 0 && h.Rec.FoesGoneAt != 0 {
		t.foesCut = len(t.lines)
	}
	if t.packCut == 0 && h.Rec.PackGoneAt != 0 {
		t.packCut = len(t.lines)
	}
	if t.foesCut == 0 && t.packCut == 0 {
		t.flush(len(t.lines))
	}
}

// flush writes the lines up to n.
func (t *tracer) flush(n int) {
	for ; t.sent < n && t.err == nil; t.sent++ {
		t.write(&t.lines[t.sent])
	}
}

func (t *tracer) write(l *line) {
	if t.err != nil {
		return
	}
	if t.text != nil {
		if _, err := io.WriteString(t.text, l.text()+"\n"); err != nil {
			t.err = err
			return
		}
	}
	if t.json != nil {
		b, err := json.Marshal(l.object())
		if err == nil {
			_, err = t.json.Write(append(b, '\n'))
		}
		t.err = err
	}
}

// name is model i's name in the trace.
func (t *tracer) name(i int8) string {
	if i < 0 || int(i) >= len(t.names) {
		return ""
	}
	return t.names[i]
}

// adversaryName names the Adversary as a whole: its model's name when it
// has one model (the name every other line gives it), else its own.
func (t *tracer) adversaryName(h *sim.Hunt) string {
	if h.NAdv == 1 {
		return t.names[h.Adv0]
	}
	return h.Sc.Adversary.Name
}

// push adds a line at the hunt's present time.
func (t *tracer) push(h *sim.Hunt, kind, body string, fields ...field) {
	l := line{kind: kind, round: int(h.Round), tick: int(h.Tick), at: fmt.Sprintf("R%d T%-2d | ", h.Round, h.Tick), body: body, fields: fields}
	if t.inTurn {
		l.turn = t.turn
	}
	t.lines = append(t.lines, l)
}

// header adds a line before the first Tick (round and tick 0).
func (t *tracer) header(kind, body string, fields ...field) {
	t.lines = append(t.lines, line{kind: kind, body: body, fields: fields})
}

// tenth rounds v to a tenth, as the text prints it.
func tenth(v float32) float64 { return math.Round(float64(v)*10) / 10 }

// pos is a position as JSON: [x, y] in inches, to a tenth.
func pos(x, y float32) []float64 { return []float64{tenth(x), tenth(y)} }

// start names the models and writes the hunt's header and deployment.
func (t *tracer) start(h *sim.Hunt) {
	t.names = make([]string, h.N)
	count := map[string]int{}
	for i := range t.names {
		t.names[i] = h.Name(i)
		count[t.names[i]]++
	}
	// Two models of one name (two Hounds in a pack of one's own) are
	// numbered, as Minions are.
	nth := map[string]int{}
	for i, n := range t.names {
		if count[n] > 1 {
			nth[n]++
			t.names[i] = fmt.Sprintf("%s %d", n, nth[n])
		}
	}
	t.header("hunt", fmt.Sprintf("hunt %d of seed %d: %s vs pack %s on %s, the Pack played by %s",
		t.hunt, t.seed, h.Sc.Adversary.Name, t.pack, h.Sc.Map.Name, t.tier),
		field{"schema", TraceSchema}, field{"hunt", t.hunt}, field{"seed", t.seed}, field{"adversary", h.Sc.Adversary.Name},
		field{"pack", t.pack}, field{"map", h.Sc.Map.Name}, field{"pack_ai", t.tier})
	if ob := &h.Sc.Objective; ob.Kind != sim.NoObjective {
		t.header("objective", "objective: "+ob.Name, field{"objective", ob.Name})
		switch ob.Kind {
		case sim.ObjWell:
			t.header("marker", fmt.Sprintf("deploy: Cosmic Well at (%.1f,%.1f)", h.Obj.Marker.X, h.Obj.Marker.Y),
				field{"name", "Cosmic Well"}, field{"at", pos(h.Obj.Marker.X, h.Obj.Marker.Y)})
		case sim.ObjRaze:
			t.header("marker", fmt.Sprintf("deploy: Territory (Area %g) at (%.1f,%.1f)", 2*h.Obj.MarkerR, h.Obj.Marker.X, h.Obj.Marker.Y),
				field{"name", "Territory"}, field{"area", 2 * h.Obj.MarkerR}, field{"at", pos(h.Obj.Marker.X, h.Obj.Marker.Y)})
		}
		for k := 0; k < int(h.Obj.NTok); k++ {
			if tk := &h.Obj.Tok[k]; tk.Holder >= 0 {
				t.header("token", fmt.Sprintf("deploy: objective token %d carried by %s", k+1, t.name(tk.Holder)),
					field{"token", k + 1}, field{"holder", t.name(tk.Holder)})
			} else {
				t.header("token", fmt.Sprintf("deploy: objective token %d at (%.1f,%.1f)", k+1, tk.Pos.X, tk.Pos.Y),
					field{"token", k + 1}, field{"at", pos(tk.Pos.X, tk.Pos.Y)})
			}
		}
	}
	for i := 0; i < int(h.N); i++ {
		m := &h.M[i]
		side := "pack"
		if m.Side == sim.FoeSide {
			side = "foe"
		}
		t.header("deploy", fmt.Sprintf("deploy: %-28s %-9s at (%.1f,%.1f) WND %d", t.names[i], m.Kind, m.Pos.X, m.Pos.Y, m.WND),
			field{"model", t.names[i]}, field{"model_kind", m.Kind.String()}, field{"side", side},
			field{"at", pos(m.Pos.X, m.Pos.Y)}, field{"wnd", m.WND})
	}
}

// diceText writes a Check's dice.
func diceText(d *sim.Dice) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%dd10 DT %d", d.Pool, d.DT)
	if d.Adv != dice.Normal {
		fmt.Fprintf(&b, " %s, difficulty dice %d,%d", d.Adv, d.Diff[0], d.Diff[1])
	} else {
		fmt.Fprintf(&b, ", difficulty die %d", d.Kept)
	}
	fmt.Fprintf(&b, ", threshold %d, rolled [", d.Threshold())
	for k := 0; k < int(d.NFaces); k++ {
		if k > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d", d.Faces[k])
	}
	fmt.Fprintf(&b, "] -> %s", plural(int(d.Successes), "success"))
	if d.Crits > 0 {
		fmt.Fprintf(&b, ", %s", plural(int(d.Crits), "critical"))
	}
	return b.String()
}

// diceFields is a Check's dice as a JSON object.
func diceFields(d *sim.Dice) obj {
	diff := []int{int(d.Kept)}
	if d.Adv != dice.Normal {
		diff = []int{int(d.Diff[0]), int(d.Diff[1])}
	}
	faces := make([]int, d.NFaces)
	for k := range faces {
		faces[k] = int(d.Faces[k])
	}
	return obj{{"pool", d.Pool}, {"dt", d.DT}, {"adv", d.Adv.String()}, {"difficulty", diff}, {"kept", d.Kept},
		{"threshold", d.Threshold()}, {"faces", faces}, {"successes", d.Successes}, {"criticals", d.Crits}}
}

// add turns one event of the play into a line.
func (t *tracer) add(h *sim.Hunt, e *sim.Event) {
	// Minions summoned during the hunt are named as they come.
	for len(t.names) < int(h.N) {
		t.names = append(t.names, h.Name(len(t.names)))
	}
	who := t.name(e.Model)
	model := field{"model", who}
	switch e.Kind {
	case sim.EvAction:
		clock := clockOf(h, int(e.Model))
		body := fmt.Sprintf("%s: %s (%s, clock -> %d)", who, words(e.Action.String()), plural(int(e.N), "tick"), clock)
		f := []field{model, {"action", e.Action.String()}, {"ticks", e.N}, {"clock", clock}}
		if e.Name != "" {
			body += ", " + e.Name
			f = append(f, field{"no_action_taken", true})
		}
		t.push(h, "action", body, f...)
	case sim.EvMoved:
		m := &h.M[e.Model]
		t.push(h, "move", fmt.Sprintf("%s: moves %.1f\" to (%.1f,%.1f)", who, e.F, m.Pos.X, m.Pos.Y),
			model, field{"inches", tenth(e.F)}, field{"to", pos(m.Pos.X, m.Pos.Y)})
	case sim.EvCheck:
		t.push(h, "check", fmt.Sprintf("%s: check %s", who, diceText(&e.Dice)), model, field{"dice", diceFields(&e.Dice)})
	case sim.EvTie:
		t.push(h, "tie", fmt.Sprintf("clock tie: %s leadership %s", who, diceText(&e.Dice)), model, field{"dice", diceFields(&e.Dice)})
	case sim.EvRecover:
		t.push(h, "recover", fmt.Sprintf("%s: recover check %s", who, diceText(&e.Dice)), model, field{"dice", diceFields(&e.Dice)})
	case sim.EvDanger:
		t.push(h, "danger", fmt.Sprintf("%s: enters dangerous terrain on its way, athletics %s", who, diceText(&e.Dice)),
			model, field{"dice", diceFields(&e.Dice)})
	case sim.EvAttack:
		kind := sim.AttackKind(e.N)
		card, f := "", []field{model, {"target", t.name(e.Target)}, {"attack", kind.String()}}
		if e.Card >= 0 {
			card = " [" + sim.CardName(uint8(e.Card)) + "]"
			f = append(f, field{"card", sim.CardName(uint8(e.Card))})
		}
		f = append(f, field{"dice", diceFields(&e.Dice)})
		t.push(h, "attack", fmt.Sprintf("%s: %s attack%s on %s: %s", who, kind, card, t.name(e.Target), diceText(&e.Dice)), f...)
	case sim.EvWound:
		cause, f := "", []field{model, {"wnds", e.N}, {"left", h.M[e.Model].WND}}
		if e.Cond != sim.NoCond {
			cause = " from " + words(e.Cond.String())
			f = append(f, field{"cause", e.Cond.String()})
		}
		t.push(h, "wound", fmt.Sprintf("%s: takes %s%s, %d left", who, plural(int(e.N), "WND"), cause, h.M[e.Model].WND), f...)
	case sim.EvHitCard:
		a := &h.Sc.Adversary
		loc := &a.Loc[e.Loc]
		left := h.Loc[e.Loc] - 1 // the card is told before its WND is taken
		f := []field{{"model", t.names[int(h.Adv0)+int(loc.Owner)]}, {"card", e.N}, {"location", loc.Name}, {"left", left}}
		note := ""
		if own := int8(a.CardLoc[e.N]); own != e.Loc {
			note = "; " + a.Loc[own].Name + " is exhausted"
			f = append(f, field{"card_location", a.Loc[own].Name})
		}
		t.push(h, "hit_card", fmt.Sprintf("  hit card %d -> %s (%d left%s)", e.N, loc.Name, left, note), f...)
	case sim.EvExhausted:
		loc := &h.Sc.Adversary.Loc[e.Loc]
		f := []field{{"model", t.names[int(h.Adv0)+int(loc.Owner)]}, {"location", loc.Name}}
		if loc.Label == "" {
			t.push(h, "exhausted", fmt.Sprintf("  %s exhausted", loc.Name), f...) // no effect of its own
			break
		}
		t.push(h, "exhausted", fmt.Sprintf("  %s exhausted: %s", loc.Name, loc.Label), append(f, field{"label", loc.Label})...)
	case sim.EvHealed:
		if e.Loc >= 0 {
			name := h.Sc.Adversary.Loc[e.Loc].Name
			t.push(h, "heal", fmt.Sprintf("%s: heals %s on %s", who, plural(int(e.N), "WND"), name),
				model, field{"wnds", e.N}, field{"location", name})
		} else {
			t.push(h, "heal", fmt.Sprintf("%s: recovers %s, %d left", who, plural(int(e.N), "WND"), h.M[e.Model].WND),
				model, field{"wnds", e.N}, field{"left", h.M[e.Model].WND})
		}
	case sim.EvDeath:
		t.push(h, "death", who+" falls", model)
	case sim.EvCondition:
		f := []field{model, {"condition", e.Cond.String()}}
		src := ""
		if e.Target >= 0 && e.Target != e.Model {
			src = " (from " + t.name(e.Target) + ")"
			f = append(f, field{"source", t.name(e.Target)})
		}
		t.push(h, "condition", fmt.Sprintf("%s: %s%s", who, words(e.Cond.String()), src), f...)
	case sim.EvCleared:
		t.push(h, "cleared", fmt.Sprintf("%s: %s cleared", who, words(e.Cond.String())), model, field{"condition", e.Cond.String()})
	case sim.EvCard:
		rank := e.Card / 4
		act := &h.Sc.Adversary.Standard[rank]
		if e.Card%4 == sim.Hearts {
			act = &h.Sc.Adversary.Special[rank]
		}
		adv := t.adversaryName(h)
		tree := h.Sc.Adversary.TreeName(e.Tree)
		t.push(h, "card", fmt.Sprintf("%s: draws action card %s %s (%s tree)", adv, sim.CardName(uint8(e.Card)), act.Name, tree),
			field{"model", adv}, field{"card", sim.CardName(uint8(e.Card))}, field{"action", act.Name}, field{"tree", tree})
	case sim.EvDecision:
		what := words(e.Name)
		body := who + " decides: " + what
		f := []field{model, {"decision", what}}
		if e.Target >= 0 {
			body += ", target " + t.name(e.Target)
			f = append(f, field{"target", t.name(e.Target)})
		}
		if e.Why != "" {
			body += " (" + e.Why + ")"
			f = append(f, field{"reason", e.Why})
		}
		t.push(h, "decision", body, f...)
	case sim.EvParried:
		t.push(h, "parried", fmt.Sprintf("%s parries %s's attack", who, t.name(e.Target)), model, field{"target", t.name(e.Target)})
	case sim.EvCounter:
		t.push(h, "counter", fmt.Sprintf("%s counter-attacks %s", who, t.name(e.Target)), model, field{"target", t.name(e.Target)})
	case sim.EvClimb:
		way := "onto"
		if e.F < 0 {
			way = "down from"
		}
		t.push(h, "climb", fmt.Sprintf("%s: climbs %.1f\" %s a raised piece at (%.1f,%.1f)", who, abs32(e.F), way, e.Pos.X, e.Pos.Y),
			model, field{"inches", tenth(e.F)}, field{"at", pos(e.Pos.X, e.Pos.Y)})
	case sim.EvLeap:
		t.push(h, "leap", fmt.Sprintf("%s: leaps %s at (%.1f,%.1f)", who, e.Name, e.Pos.X, e.Pos.Y),
			model, field{"piece", e.Name}, field{"at", pos(e.Pos.X, e.Pos.Y)})
	case sim.EvFall:
		t.push(h, "fall", fmt.Sprintf("%s: falls %.1f\" to (%.1f,%.1f), the fall's melee attack %s", who, e.F, e.Pos.X, e.Pos.Y, diceText(&e.Dice)),
			model, field{"inches", tenth(e.F)}, field{"to", pos(e.Pos.X, e.Pos.Y)}, field{"dice", diceFields(&e.Dice)})
	case sim.EvPushed:
		t.push(h, "pushed", fmt.Sprintf("%s pushed to (%.1f,%.1f)", who, e.Pos.X, e.Pos.Y), model, field{"to", pos(e.Pos.X, e.Pos.Y)})
	case sim.EvPlaced:
		t.push(h, "placed", fmt.Sprintf("%s placed at (%.1f,%.1f)", who, e.Pos.X, e.Pos.Y), model, field{"to", pos(e.Pos.X, e.Pos.Y)})
	case sim.EvFled:
		t.push(h, "terror_flight", fmt.Sprintf("%s flees in terror to (%.1f,%.1f)", who, e.Pos.X, e.Pos.Y), model, field{"to", pos(e.Pos.X, e.Pos.Y)})
	case sim.EvLeft:
		t.push(h, "left", who+" leaves the hunt by an exit", model)
	case sim.EvArea:
		t.push(h, "area", fmt.Sprintf("area %s placed at (%.1f,%.1f)", words(e.Name), e.Pos.X, e.Pos.Y), field{"name", e.Name}, field{"at", pos(e.Pos.X, e.Pos.Y)})
	case sim.EvTrigger:
		if e.Model < 0 {
			t.push(h, "trigger", fmt.Sprintf("%s at (%.1f,%.1f)", words(e.Name), e.Pos.X, e.Pos.Y), field{"name", e.Name}, field{"at", pos(e.Pos.X, e.Pos.Y)})
			break
		}
		t.push(h, "trigger", fmt.Sprintf("%s: %s", who, words(e.Name)), model, field{"name", e.Name})
	case sim.EvRoundEnd:
		var b strings.Builder
		var models []obj
		for i := 0; i < int(h.N); i++ {
			m := &h.M[i]
			if i > 0 {
				b.WriteString("; ")
			}
			st, state := plural(int(m.WND), "WND"), "active"
			switch m.State {
			case sim.Dead:
				st, state = "dead", "dead"
			case sim.Fled:
				st, state = "fled", "fled"
			}
			fmt.Fprintf(&b, "%s %s", t.names[i], st)
			cs := []string{}
			if m.State == sim.Active && m.Conds != 0 {
				cs = conds(m.Conds)
				fmt.Fprintf(&b, " [%s]", words(strings.Join(cs, ", ")))
			}
			models = append(models, obj{{"model", t.names[i]}, {"state", state}, {"wnd", m.WND}, {"conditions", cs}})
		}
		l := line{kind: "round_end", round: int(h.Round), tick: int(h.Tick), at: fmt.Sprintf("R%d end  | ", h.Round),
			body: b.String(), fields: []field{{"models", models}}}
		t.lines = append(t.lines, l)
	}
}

// end writes the lines up to the moment the outcome was settled, a line
// for what the rest of the Round changed in the record, and the outcome.
func (t *tracer) end(h *sim.Hunt) {
	r := &h.Rec
	cut, how := len(t.lines), ""
	switch r.Outcome {
	case sim.PackWon:
		if t.foesCut > 0 {
			cut, how = t.foesCut, "the last Foe falls"
		}
	case sim.PackSlain, sim.PackFled, sim.Mixed:
		if t.packCut > 0 {
			cut, how = t.packCut, "the last of the Pack falls"
			if t.lines[cut-1].kind == "left" {
				how = "the last of the Pack leaves"
			}
		}
	}
	t.flush(cut)
	// The rest of the Round cannot change the outcome, but what it does to
	// the models is in the record: say it in one line.
	var parts []string
	var events []obj
	for k := cut; k < len(t.lines); k++ {
		l := &t.lines[k]
		switch {
		case l.kind == "wound", l.kind == "heal", l.kind == "death", l.kind == "left",
			l.kind == "trigger" && h.Sc.Objective.Kind != sim.NoObjective:
			parts = append(parts, strings.TrimSpace(l.body))
			events = append(events, append(obj{{"kind", l.kind}, {"round", l.round}, {"tick", l.tick}}, l.fields...))
		}
	}
	if len(parts) > 0 {
		t.write(&line{kind: "after", round: int(h.Round), tick: int(h.Tick), at: fmt.Sprintf("R%d end  | ", h.Round),
			body:   "the rest of the Round, after the outcome is settled: " + strings.Join(parts, "; "),
			fields: []field{{"events", events}}})
	}
	settled := int(r.DecidedAt)
	sr, st := (settled-1)/10+1, (settled-1)%10+1
	var b strings.Builder
	f := []field{{"outcome", r.Outcome.String()}, {"settled_round", sr}, {"settled_tick", st}, {"settled_at", settled}}
	if how != "" {
		fmt.Fprintf(&b, "%s at R%d T%d (tick %d): %s", r.Outcome, sr, st, settled, how)
	} else {
		fmt.Fprintf(&b, "%s at the end of R%d (tick %d): the round cap", r.Outcome, sr, settled)
	}
	f = append(f, field{"adversary_defeated", r.AdversaryDefeated})
	if r.AdversaryDefeated {
		fmt.Fprintf(&b, "; Adversary defeated at tick %d", r.DefeatedAt)
		f = append(f, field{"defeated_at", r.DefeatedAt})
	} else {
		fmt.Fprintf(&b, "; Adversary WNDs dealt %d of %d", r.AdvWounds, h.Sc.Adversary.Stats.WND)
	}
	f = append(f, field{"adversary_wnds_dealt", r.AdvWounds}, field{"adversary_wnd", h.Sc.Adversary.Stats.WND})
	b.WriteString("; Pack WNDs taken:")
	var taken []obj
	for i := 0; i < int(h.NPack); i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " %s %d", t.names[i], r.Taken[i])
		taken = append(taken, obj{{"model", t.names[i]}, {"wnds", r.Taken[i]}})
	}
	f = append(f, field{"pack_wnds_taken", taken})
	if r.Objective != sim.NoObjective {
		met := "not met"
		if r.ObjectiveMet {
			met = "met"
		}
		fmt.Fprintf(&b, "; objective %s %s, Renown %d", h.Sc.Objective.Name, met, r.Renown)
		f = append(f, field{"objective", h.Sc.Objective.Name}, field{"objective_met", r.ObjectiveMet}, field{"renown", r.Renown})
	}
	fmt.Fprintf(&b, "; recorded: %s (%s), %s, %s", plural(int(r.Rounds), "round"), plural(int(r.Ticks), "tick"),
		plural(int(r.Turns), "turn"), plural(int(r.Draws), "random draw"))
	f = append(f, field{"rounds", r.Rounds}, field{"ticks", r.Ticks}, field{"turns", r.Turns}, field{"draws", r.Draws})
	t.write(&line{kind: "outcome", round: sr, tick: st, at: "outcome: ", body: b.String(), fields: f})
}

func clockOf(h *sim.Hunt, i int) uint8 {
	if h.IsAdversary(i) {
		return h.AdvClockAfter() // the joint clock, as the Turn stands so far
	}
	return h.M[i].Clock
}

// conds lists the Conditions in s.
func conds(s sim.CondSet) []string {
	var parts []string
	for c := sim.Bleeding; c < sim.NumConds; c++ {
		if s.Has(c) {
			parts = append(parts, c.String())
		}
	}
	return parts
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}
