package horizon

import (
	"context"
	"testing"

	configs "balance/configs/horizon"
	sim "balance/sim/horizon"
)

// scenario compiles a design of the sample data.
func scenario(t *testing.T, enc, party string, set ...string) *sim.Scenario {
	t.Helper()
	x, err := configs.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	c, err := x.Compile(enc, party, set)
	if err != nil {
		t.Fatal(err)
	}
	return c.Sc
}

// hunt deals hunt 0 of the design with policy p, and puts the hunters
// and enemies on the squares given ((x, y) pairs; nil: where they are).
func hunt(t *testing.T, sc *sim.Scenario, p sim.Policy) *sim.Hunt {
	t.Helper()
	h := &sim.Hunt{}
	h.Reset(sc, p, 1, 0)
	return h
}

func at(t *testing.T, h *sim.Hunt, x, y int) uint8 {
	t.Helper()
	c := h.B.At(x, y)
	if c == sim.NoCell {
		t.Fatalf("no square (%d,%d)", x, y)
	}
	return uint8(c)
}

// The basic policy takes a killing shot over a move, and of two
// machines in reach it shoots the one it can kill.
func TestBasicKills(t *testing.T) {
	sc := scenario(t, "sawtooth_lair", "duo")
	p := &Basic{}
	h := hunt(t, sc, p)
	// Nora at (1,1); a wounded alert Watcher 3 squares away, the Sawtooth 2
	h.H[0].Cell = at(t, h, 1, 1)
	for i := 0; i < h.NE; i++ {
		h.E[i].Where = sim.Killed
	}
	w, s := 0, -1
	for i := 0; i < h.NE; i++ {
		if sc.Machines[h.E[i].M].Name == "Sawtooth" {
			s = i
		} else {
			w = i
		}
	}
	h.E[w].Where, h.E[w].Cell, h.E[w].Alert, h.E[w].Dmg = sim.InPlay, at(t, h, 4, 1), true, 4
	h.E[s].Where, h.E[s].Cell, h.E[s].Alert = sim.InPlay, at(t, h, 3, 1), true
	// a hand of ammunition for the bow
	hs := &h.H[0]
	arrow := -1
	for i, c := range sc.Cards {
		if c.Name == "Hunter Arrow" {
			arrow = i
		}
	}
	hs.NHand = 3
	for i := 0; i < 3; i++ {
		hs.Hand[i] = uint8(arrow)
	}
	a := p.Next(h, 0)
	if a.Kind != sim.RangedAttack || int(a.Enemy) != w {
		t.Fatalf("chose %v on enemy %d; want the shot at the wounded Watcher (%d)", a.Kind, a.Enemy, w)
	}
	if !h.Legal(0, &a) {
		t.Fatal("the chosen attack is not legal")
	}
}

// A dodge goes away from the alert machine, into tall grass when it can.
func TestBasicDodge(t *testing.T) {
	sc := scenario(t, "sawtooth_lair", "duo")
	p := &Basic{}
	h := hunt(t, sc, p)
	for i := 0; i < h.NE; i++ {
		h.E[i].Where = sim.Killed
	}
	h.E[0].Where, h.E[0].Cell, h.E[0].Alert = sim.InPlay, at(t, h, 4, 1), true
	h.H[0].Cell = at(t, h, 3, 1)
	legal := h.B.Adj[h.H[0].Cell]
	got := p.Dodge(h, 0, legal)
	if d := h.B.Cheb[got][h.E[0].Cell]; d != 2 {
		t.Errorf("dodged to %s, at distance %d of the machine; want 2", h.B.Name(got), d)
	}
}

// Every tier plays whole hunts of every sample encounter with legal
// choices only (the rules core panics on an illegal one), and the
// tiers are ordered: basic beats random, careful is no worse than basic.
func TestTiersPlay(t *testing.T) {
	sc := scenario(t, "sawtooth_lair", "duo")
	wins := map[string]int{}
	const n = 600
	for _, tier := range Tiers() {
		p := tier.New()
		h := &sim.Hunt{}
		for i := uint64(0); i < n; i++ {
			h.Reset(sc, p, 9, i)
			h.Play()
			if h.Rec.Outcome.Success() {
				wins[tier.Name]++
			}
		}
	}
	if wins["basic"] <= wins["random"]+n/10 || wins["careful"]+n/20 < wins["basic"] {
		t.Errorf("successes in %d hunts: %v", n, wins)
	}
}
