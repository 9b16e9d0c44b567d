package cazadores

import (
	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

// The questions below are the rules core's (sim's Within, InRangeOf,
// CanAct), asked many times a Turn of the same two models: they answer
// exactly as sim does, from what they share worked out once, and inline
// where a call to sim would not.

// apart holds what sim's Within asks of two models a and b: the square of
// the distance between their centres and their base radii.
type apart struct{ d2, ra, rb float32 }

// apartOf returns apart for models a and b as they stand.
func apartOf(h *sim.Hunt, a, b int) apart {
	ma, mb := &h.M[a], &h.M[b]
	dx, dy := ma.Pos.X-mb.Pos.X, ma.Pos.Y-mb.Pos.Y
	return apart{dx*dx + dy*dy, ma.R, mb.R}
}

// within is h.Within(a, b, d).
func (p *apart) within(d float32) bool {
	r := d + geom.Eps + p.ra + p.rb
	return r >= 0 && p.d2 <= r*r
}

// inRange is h.InRangeOf(a, w, b).
func (p *apart) inRange(w *sim.WeaponDef) bool {
	return p.within(w.Max) && (w.Min <= 0 || !p.within(w.Min-2*geom.Eps))
}

// freeToAct reports whether model i may take its Action in the usual
// case: no Condition that bars Actions, not an Objective model, Active and
// its Action not taken. When it is true, h.CanAct(i, k) would answer true
// for every Action k; when false, CanAct answers.
func freeToAct(h *sim.Hunt, i int) bool {
	m := &h.M[i]
	return m.Conds&down == 0 && m.Kind != sim.ObjectiveModel && m.State == sim.Active && !h.Acted(i)
}

// targetable returns the models of mask bs that h.Targetable accepts: all
// but the Prisoner while it is not freed.
func targetable(h *sim.Hunt, bs uint16) uint16 {
	if p := h.Obj.Prisoner; p >= 0 && !h.Obj.Freed {
		bs &^= 1 << uint(p)
	}
	return bs
}
