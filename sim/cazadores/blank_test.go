package cazadores_test

import (
	"slices"
	"testing"

	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

// blankHunt is dataHunt with b played blank.
func blankHunt(t *testing.T, adversary string, seed uint64, b sim.Blank) *sim.Hunt {
	t.Helper()
	sc := compile(t, adversary, "trio").WithBlank(b)
	var tmpl sim.Hunt
	tmpl.Init(sc)
	h := new(sim.Hunt)
	h.Reset(&tmpl, seed, 0)
	for i := 0; i < int(h.NPack); i++ {
		h.M[i].Pos = geom.V(4+float32(i)*3, 1)
	}
	h.M[h.Adv0].Pos = geom.V(12, 12)
	return h
}

// A blank action card is taken as an Action, with its Ticks, and does
// nothing else: the Wandering Son's Sweeping Smash, blank, attacks no one,
// pushes no one and wounds no one, where the same card as designed does.
func TestBlankCardDoesNothing(t *testing.T) {
	for _, blank := range []bool{false, true} {
		attacks := 0
		for seed := uint64(1); seed <= 20; seed++ {
			var h *sim.Hunt
			if blank {
				h = blankHunt(t, "wandering-son", seed, sim.Blank{Kind: sim.BlankStandard, Index: sim.Ace})
			} else {
				h = dataHunt(t, "wandering-son", seed)
			}
			adv := int(h.Adv0)
			act := &h.Sc.Adversary.Standard[sim.Ace]
			if act.Blank != blank {
				t.Fatalf("Sweeping Smash: Blank %v, want %v", act.Blank, blank)
			}
			c := h.M[adv].Pos
			r := h.M[adv].R + h.M[0].R
			h.M[0].Pos = c.Add(geom.V(0, -(r + 1)))
			h.M[1].Pos = c.Add(geom.V(r+0.5, 0))
			before := [2]geom.Vec{h.M[0].Pos, h.M[1].Pos}
			wnd := [2]int16{h.M[0].WND, h.M[1].WND}
			l := trace(h)
			h.PerformCard(adv, act, []int8{0, 1})
			acts := l.of(sim.EvAction)
			if len(acts) != 1 || int(acts[0].Model) != adv || acts[0].N != int16(act.Ticks) {
				t.Fatalf("blank %v: the Action taken: %+v, want one of %d Ticks by the Son", blank, acts, act.Ticks)
			}
			attacks += len(l.of(sim.EvAttack))
			if blank {
				for i := range 2 {
					if h.M[i].Pos != before[i] || h.M[i].WND != wnd[i] || h.M[i].Conds != 0 {
						t.Fatalf("a blank Sweeping Smash changed model %d: at %v with %d WNDs and Conditions %b", i, h.M[i].Pos, h.M[i].WND, h.M[i].Conds)
					}
				}
			}
		}
		if blank && attacks != 0 {
			t.Errorf("a blank Sweeping Smash made %d attacks, want none", attacks)
		}
		if !blank && attacks != 40 {
			t.Errorf("Sweeping Smash made %d attacks in 20 hunts on two models in reach, want 40", attacks)
		}
	}
}

// A blank hit location still takes WNDs and is exhausted, but its effect
// never applies: the Creature's Head (TER +2) and Lower Limbs (the
// Creature starts Bleeding).
func TestBlankLocationOnlyExhausts(t *testing.T) {
	for _, c := range []struct {
		location string
		ter      int8
		bleeding bool
	}{
		{"Head", 9, false},
		{"Lower Limbs", 7, true},
	} {
		for _, blank := range []bool{false, true} {
			h := dataHunt(t, "creature-wreathed-in-light", 1)
			l := loc(t, h, c.location)
			if blank {
				h = blankHunt(t, "creature-wreathed-in-light", 1, sim.Blank{Kind: sim.BlankLocation, Index: uint8(l)})
			}
			adv := int(h.Adv0)
			left := h.M[adv].WND
			h.WoundLocation(l, 5)
			m := &h.M[adv]
			if h.Exhausted&(1<<l) == 0 || m.WND != left-5 {
				t.Fatalf("%s (blank %v): exhausted %v, %d WNDs left of %d; want exhausted and 5 fewer", c.location, blank, h.Exhausted&(1<<l) != 0, m.WND, left)
			}
			wantTER, wantBleed := c.ter, c.bleeding
			if blank {
				wantTER, wantBleed = 7, false
			}
			if m.TER != wantTER || m.Conds.Has(sim.Bleeding) != wantBleed {
				t.Errorf("%s exhausted (blank %v): TER %d, Bleeding %v; want TER %d, Bleeding %v", c.location, blank, m.TER, m.Conds.Has(sim.Bleeding), wantTER, wantBleed)
			}
		}
	}
}

// Blanks lists every action entry and every hit location with an effect;
// WithBlank changes a copy only.
func TestBlanks(t *testing.T) {
	sc := compile(t, "praetorians", "duo")
	bs := sc.Adversary.Blanks()
	var keys []string
	for _, b := range bs {
		keys = append(keys, b.Key())
	}
	// The three Flames have no exhaustion effect.
	want := []string{"actions.ace", "actions.king", "actions.queen", "actions.jack",
		"special.ace", "special.king", "special.queen", "special.jack",
		"hit_locations.1", "hit_locations.3", "hit_locations.5"}
	if !slices.Equal(keys, want) {
		t.Fatalf("Blanks: %v, want %v", keys, want)
	}
	if got := (sim.Blank{Kind: sim.BlankStandard, Index: sim.King}).Cards(); !slices.Equal(got, []uint8{4, 5, 6}) {
		t.Errorf("the cards of actions.king: %v, want K♠ K♦ K♣ (4, 5, 6)", got)
	}
	if got := (sim.Blank{Kind: sim.BlankSpecial, Index: sim.Jack}).Cards(); !slices.Equal(got, []uint8{15}) {
		t.Errorf("the cards of special.jack: %v, want J♥ (15)", got)
	}
	for _, b := range bs {
		c := sc.WithBlank(b)
		n := 0
		for r := range 4 {
			if c.Adversary.Standard[r].Blank {
				n++
			}
			if c.Adversary.Special[r].Blank {
				n++
			}
			if sc.Adversary.Standard[r].Blank || sc.Adversary.Special[r].Blank {
				t.Fatalf("WithBlank(%s) changed the scenario it copied", b.Key())
			}
		}
		for l := range int(c.Adversary.NLoc) {
			if c.Adversary.Loc[l].Blank {
				n++
			}
			if sc.Adversary.Loc[l].Blank {
				t.Fatalf("WithBlank(%s) changed the scenario it copied", b.Key())
			}
		}
		if n != 1 {
			t.Errorf("WithBlank(%s): %d entries blank, want 1", b.Key(), n)
		}
	}
}
