package cazadores

import (
	"testing"

	"balance/sim/geom"
)

// index returns the position in l of the first event of kind k by model i
// from position from on, -1 when there is none.
func (l *eventLog) index(k EventKind, i, from int) int {
	for n := from; n < len(l.ev); n++ {
		if l.ev[n].Kind == k && int(l.ev[n].Model) == i {
			return n
		}
	}
	return -1
}

// A move is told before what it brings: a Bleeding model's move, free or
// an Action, comes before its WND, and so does a Terrified model's.
func TestMoveToldBeforeItsWounds(t *testing.T) {
	for _, c := range []struct {
		name      string
		terrified bool
		move      func(h *Hunt)
	}{
		{"free Move", false, func(h *Hunt) { h.FreeMove(0, geom.V(12, 2), -1, 0) }},
		{"Move Action", false, func(h *Hunt) { h.Move(0, geom.V(12, 2), -1, 0) }},
		{"Terrified, Move Action", true, func(h *Hunt) { h.Move(0, geom.V(12, 2), -1, 0) }},
	} {
		h := soloHunt(1)
		h.M[0].Conds = h.M[0].Conds.With(Bleeding)
		if c.terrified {
			h.M[0].Conds = h.M[0].Conds.With(Terrified)
			h.M[0].Terrifier = int8(h.Adv0)
		}
		l := traced(h)
		c.move(h)
		moved, wound := l.index(EvMoved, 0, 0), l.index(EvWound, 0, 0)
		if moved < 0 || wound < 0 || moved > wound {
			t.Errorf("%s: moved at event %d, Bleeding's WND at %d; want the move first", c.name, moved, wound)
		}
		if w := l.ev[max(wound, 0)]; wound >= 0 && w.Cond != Bleeding {
			t.Errorf("%s: a WND from %v, want Bleeding", c.name, w.Cond)
		}
		if e := l.ev[max(moved, 0)]; moved >= 0 && (e.F < 3 || e.Pos != h.M[0].Pos) {
			t.Errorf("%s: the move told %.1f\" to %v; the model is at %v", c.name, e.F, e.Pos, h.M[0].Pos)
		}
	}
}

// Every Turn is marked at its start, the Adversary's once for all its
// models; a Turn that ends with no Action ends with a Pass the trace marks
// as the rules', and a Pass chosen is not marked.
func TestTurnsAndRulesPasses(t *testing.T) {
	h := soloHunt(2)
	h.M[h.Adv0].Pos = geom.V(20, 22) // out of everyone's way
	l := traced(h)
	chose := false
	h.Play(scriptPack{turn: func(h *Hunt, i int) {
		if chose = !chose; chose {
			h.Pass(i)
		}
	}}, scriptFoes{})
	turns, marked, chosen := 0, 0, 0
	for n, e := range l.ev {
		switch {
		case e.Kind == EvTurn:
			turns++
			if e.Model != 0 && e.Model != -1 {
				t.Fatalf("a Turn of model %d", e.Model)
			}
		case e.Kind == EvAction && e.Action == ActPass && int(e.Model) == 0:
			if l.index(EvTurn, 0, 0) > n {
				t.Fatal("a Pass before any Turn")
			}
			if e.Name != "" {
				marked++
			} else {
				chosen++
			}
		}
	}
	if marked == 0 || chosen == 0 || marked+chosen < 10 {
		t.Errorf("%d Passes the rules made, %d chosen; want both", marked, chosen)
	}
	if turns != int(h.Rec.Turns) {
		t.Errorf("%d Turns marked, the record counts %d", turns, h.Rec.Turns)
	}
}
