package cazadores

import (
	"testing"

	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

// The lookahead's Spot Weakness plan selects one Target, the living
// Adversary model nearest the spotter: with the Sword (the Praetorians'
// first model) fallen and the Axe within 5", the plan is open and marks
// the Axe alone; with the Axe already spotted it is closed.
func TestLookaheadSpotsOnePraetorian(t *testing.T) {
	h := capHunt(t, "praetorians", "duo", 1, 0, true)
	a0 := int(h.Adv0)
	h.SetState(a0, sim.Dead)
	h.M[a0+1].Pos, h.M[a0+2].Pos = geom.V(12, 10), geom.V(20, 20)
	h.M[0].Pos = geom.V(12, 7)
	l := NewLookahead(2, 0)
	if !l.open(h, 0, planSpot) {
		t.Fatal("Spot Weakness is closed with the Axe within 5\" and the Sword fallen")
	}
	for seed := uint64(1); seed <= 100; seed++ {
		c := *h
		c.ForkRandom(seed)
		l.apply(&c, 0, planSpot)
		if !c.M[a0+1].Spotted {
			continue
		}
		if c.M[a0+2].Spotted {
			t.Fatal("the Mace was spotted too")
		}
		if l.open(&c, 1, planSpot) && netTarget(&c, 1) == a0+1 {
			t.Fatal("Spot Weakness is open against an Axe already spotted")
		}
		return
	}
	t.Fatal("Spot Weakness never succeeded")
}
