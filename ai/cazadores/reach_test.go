package cazadores

import (
	"testing"

	sim "balance/sim/cazadores"
)

// checkReach is a Pack policy that, before each Turn it hands on, asks
// reach.go's copies of the rules core's questions (apart, inRange,
// freeToAct, targetable) of every pair of models and compares them with
// the rules core's own answers.
type checkReach struct {
	Baseline
	t      *testing.T
	checks int
}

func (c *checkReach) Turn(h *sim.Hunt, i int) {
	c.check(h)
	c.Baseline.Turn(h, i)
}

func (c *checkReach) check(h *sim.Hunt) {
	t := c.t
	n := int(h.N)
	for a := range n {
		if freeToAct(h, a) {
			for k := sim.ActionKind(0); k < sim.NumActions; k++ {
				if !h.CanAct(a, k) {
					t.Fatalf("model %d: freeToAct, but CanAct(%d) is false", a, k)
				}
			}
		}
		for b := range n {
			if a == b {
				continue
			}
			p := apartOf(h, a, b)
			for _, d := range []float32{0, 0.5, 1, 2, 3, 6, 12} {
				if got, want := p.within(d), h.Within(a, b, d); got != want {
					t.Fatalf("models %d, %d within %g: %v, the rules core %v", a, b, d, got, want)
				}
			}
			for s := range sim.MaxWeapons {
				w := h.Weapon(a, s)
				if w == nil {
					continue
				}
				if got, want := p.inRange(w), h.InRangeOf(a, w, b); got != want {
					t.Fatalf("model %d's weapon %d on model %d: in range %v, the rules core %v", a, s, b, got, want)
				}
			}
			c.checks++
		}
	}
	all := uint16(1)<<uint(n) - 1
	got := targetable(h, all)
	for b := range n {
		if (got&(1<<uint(b)) != 0) != h.Targetable(b) {
			t.Fatalf("model %d: targetable %v, the rules core %v", b, got&(1<<uint(b)) != 0, h.Targetable(b))
		}
	}
}

// reach.go answers the rules core's questions exactly as the rules core
// does, at every Pack Turn of hunts of every Adversary, pack size and map
// (with a Prisoner to free, whose Targetable differs).
func TestReachAsTheRulesCore(t *testing.T) {
	scenario(t, "wandering-son", "duo", "open-ground") // loads data
	c := &checkReach{Baseline: NewBaseline(), t: t}
	for _, adv := range adversaries {
		for _, pack := range packs {
			for _, m := range maps {
				for _, obj := range []string{"", "save-the-prisoner"} {
					sc, err := data.CompileWith(adv, pack, m, obj)
					if err != nil {
						t.Fatal(err)
					}
					play(c, sc)
				}
			}
		}
	}
	if c.checks < 1000 {
		t.Fatalf("only %d pairs checked", c.checks)
	}
}

// play plays three hunts of sc with policy c.
func play(c *checkReach, sc *sim.Scenario) {
	var tmpl, h sim.Hunt
	tmpl.Init(sc)
	for i := uint64(0); i < 3; i++ {
		h.Reset(&tmpl, 1, i)
		h.Play(c, Foes{})
	}
}
