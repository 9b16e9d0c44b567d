package crims

import (
	"encoding/json"
	"fmt"
	"io"

	"balance/game"
	sim "balance/sim/crims"
)

// tracer writes a match's events as text lines and, when events is not
// nil, as JSON Lines. The first write error stops both.
type tracer struct {
	w, events io.Writer
	enc       *json.Encoder
	err       error
}

// jsonCheck is a check in the JSON trace.
type jsonCheck struct {
	Kind      string `json:"kind"`
	Dice      int    `json:"dice"`
	Pool      string `json:"pool"`
	Faces     string `json:"faces,omitempty"`
	Impact    int    `json:"impact"`
	Option    string `json:"option,omitempty"`
	Successes int    `json:"successes"`
	Threshold *int   `json:"threshold,omitempty"`
	OK        bool   `json:"ok"`
}

// jsonEvent is one line of the JSON trace (docs/crims/data.md, Traces).
type jsonEvent struct {
	Turn   int        `json:"turn"`
	Kind   string     `json:"kind"`
	Hunter string     `json:"hunter,omitempty"`
	Crim   string     `json:"crim,omitempty"`
	N      int        `json:"n,omitempty"`
	Inches float64    `json:"inches,omitempty"`
	X      *float64   `json:"x,omitempty"`
	Y      *float64   `json:"y,omitempty"`
	Name   string     `json:"name,omitempty"`
	Why    string     `json:"why,omitempty"`
	Check  *jsonCheck `json:"check,omitempty"`
	// Outcome and Points are set on the last line only.
	Outcome string         `json:"outcome,omitempty"`
	Points  map[string]int `json:"points,omitempty"`
	Text    string         `json:"text"`
}

func (t *tracer) Event(m *sim.Match, e *sim.Event) {
	if t.err != nil {
		return
	}
	text := m.Text(e)
	if _, err := fmt.Fprintln(t.w, text); err != nil {
		t.err = err
		return
	}
	if t.enc == nil {
		return
	}
	j := jsonEvent{Turn: int(e.Turn), Kind: sim.EventKinds[e.Kind], N: int(e.N), Inches: round1(e.F), Name: e.Name, Why: e.Why, Text: text}
	if e.Hunter >= 0 {
		j.Hunter = m.HunterName(int(e.Hunter))
	}
	if e.Crim >= 0 {
		j.Crim = m.CrimName(int(e.Crim))
	}
	switch e.Kind {
	case sim.EvSpawn, sim.EvMove, sim.EvReturn, sim.EvSpotted:
		x, y := round1(e.Pos.X), round1(e.Pos.Y)
		j.X, j.Y = &x, &y
	}
	if c := e.Check; c != nil {
		jc := &jsonCheck{Kind: sim.CheckKinds[c.Kind].Name, Dice: int(c.Dice), Pool: c.Pool.String(), Faces: c.Faces,
			Impact: int(c.Impact), Option: c.Option, Successes: int(c.Successes), OK: c.OK}
		if c.Threshold >= 0 {
			th := int(c.Threshold)
			jc.Threshold = &th
		}
		j.Check = jc
	}
	if err := t.enc.Encode(&j); err != nil {
		t.err = err
	}
}

func round1(f float32) float64 { return float64(int64(f*10+0.5*sign(f))) / 10 }

func sign(f float32) float32 {
	if f < 0 {
		return -1
	}
	return 1
}

// Trace plays the same match as Play, writing it play by play: text to
// w (nothing when w is nil) and, when events is not nil, one JSON object
// per line of text, the first of kind "match" and the last of kind
// "outcome" (with the outcome's key and every hunter's points).
func (p *Player) Trace(seed, index uint64, rec *game.Record, w, events io.Writer) error {
	if w == nil {
		w = io.Discard
	}
	t := &tracer{w: w, events: events}
	if events != nil {
		t.enc = json.NewEncoder(events)
		t.enc.SetEscapeHTML(false)
	}
	p.m.Trace = t
	defer func() { p.m.Trace = nil }()
	p.m.Reset(seed, index)
	head := fmt.Sprintf("match %d of seed %d: %s", index, seed, p.d.Title())
	if err := t.line(jsonEvent{Kind: "match", Name: p.d.Title(), Text: head}); err != nil {
		return err
	}
	p.m.Play()
	p.fill(rec)
	if t.err != nil {
		return t.err
	}
	o := &p.d.schema.Outcomes[rec.Outcome]
	pts := map[string]int{}
	for h := range int(p.d.sc.NHunters) {
		pts[p.d.keys[h]] = int(p.m.Rec.Points[h])
	}
	return t.line(jsonEvent{Turn: rec.Length, Kind: "outcome", Outcome: o.Key, Points: pts,
		Text: fmt.Sprintf("outcome: %s after %d turns; points %s", o.Key, rec.Length, p.points())})
}

// line writes one line of text and its JSON object.
func (t *tracer) line(j jsonEvent) error {
	if _, err := fmt.Fprintln(t.w, j.Text); err != nil {
		return err
	}
	if t.enc != nil {
		return t.enc.Encode(&j)
	}
	return nil
}

// points lists every hunter's points.
func (p *Player) points() string {
	s := ""
	for h := range int(p.d.sc.NHunters) {
		if h > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%s %d", p.d.schema.Sides[h].Label, p.m.Rec.Points[h])
	}
	return s
}
