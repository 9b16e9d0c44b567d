package cazadores

import (
	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

// The trace shows a choice before what it causes: each policy notes its
// decision (sim's Decide) before the Action or move that carries it out.
// A policy that tries an Action and learns only from the attempt whether
// it was allowed uses these helpers, which make the test the Action would
// make first when a trace is on, so that the note comes first; untraced
// they cost nothing and the play is the same either way.

// freeMoveFor takes model i's free Move toward goal, as sim's FreeMove,
// noting first what it is for (what, about model tg, why) when the Move
// will be made.
func freeMoveFor(h *sim.Hunt, i int, goal geom.Vec, stop int, what string, tg int, why string) float32 {
	if h.Trace != nil && h.CanFreeMoveTo(i, goal) {
		h.Decide(i, what, tg, why)
	}
	return h.FreeMove(i, goal, stop, 0)
}

// moveFor is freeMoveFor for the Move Action.
func moveFor(h *sim.Hunt, i int, goal geom.Vec, stop int, what string, tg int, why string) float32 {
	if h.Trace != nil && h.CanMoveTo(i, goal) {
		h.Decide(i, what, tg, why)
	}
	return h.Move(i, goal, stop, 0)
}

// noteFreeMove is freeMoveFor's note alone, for a caller that makes the
// free Move itself (asking first whether a trace is on): it notes what the
// Move is for when the Move will be made.
func noteFreeMove(h *sim.Hunt, i int, goal geom.Vec, what string, tg int, why string) {
	if h.CanFreeMoveTo(i, goal) {
		h.Decide(i, what, tg, why)
	}
}

// noteMove is noteFreeMove for the Move Action.
func noteMove(h *sim.Hunt, i int, goal geom.Vec, what string, tg int, why string) {
	if h.CanMoveTo(i, goal) {
		h.Decide(i, what, tg, why)
	}
}

// decide notes model i's choice of an Action (what, about model tg, why),
// as sim's Decide, unless the model has already taken its Action this
// Turn: a choice that can no longer be carried out is not shown.
func decide(h *sim.Hunt, i int, what string, tg int, why string) {
	if h.Trace != nil && !h.Acted(i) {
		h.Decide(i, what, tg, why)
	}
}

// decidef is decide with what = prefix + name, built only when traced.
func decidef(h *sim.Hunt, i int, prefix, name string, tg int, why string) {
	if h.Trace != nil && !h.Acted(i) {
		h.Decidef(i, prefix, name, tg, why)
	}
}
