package cazadores

import (
	"io"

	ai "balance/ai/cazadores"
	"balance/game"
	sim "balance/sim/cazadores"
)

// Player plays hunts of one design for one worker: its own hunt value,
// dealt from the design's template for every hunt, the Pack's policy and
// the Foes' AI.
type Player struct {
	d    *Design
	tier string
	pack sim.PackPolicy
	foes ai.Foes
	h    *sim.Hunt
	rec  *game.Record // the record of the hunt being played, for onRound
}

// onRound records the standing at the end of each Round of the player's
// own hunt (not of a lookahead's copies).
func (p *Player) onRound(h *sim.Hunt) {
	if h != p.h || p.rec == nil {
		return
	}
	a, b := standing(h)
	p.rec.Stand(&p.d.schema, a, b)
}

var _ game.Player = (*Player)(nil)

// Play plays hunt index of seed and writes its record.
func (p *Player) Play(seed, index uint64, rec *game.Record) {
	rec.ResetFeel() // record writes every other part
	p.rec = rec
	p.h.Reset(&p.d.tmpl, seed, index)
	p.h.Play(p.pack, p.foes)
	p.d.record(&p.h.Rec, rec)
}

// Hunt is the hunt the player played last, read only: its state at the
// end, and what it recorded.
func (p *Player) Hunt() *sim.Hunt { return p.h }

// Trace plays the same hunt as Play, writing it event by event as text
// to w and as JSON Lines (docs/cazadores/trace-schema.md) to events; either
// may be nil.
func (p *Player) Trace(seed, index uint64, rec *game.Record, w, events io.Writer) error {
	t := &tracer{seed: seed, hunt: index, pack: p.d.info.pack, tier: p.tier, text: w, json: events}
	p.h.Trace = t
	defer func() { p.h.Trace = nil }()
	rec.ResetFeel() // record writes every other part
	p.rec = rec
	p.h.Reset(&p.d.tmpl, seed, index)
	p.h.Play(p.pack, p.foes)
	p.d.record(&p.h.Rec, rec)
	return t.err
}
