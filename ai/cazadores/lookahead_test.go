package cazadores_test

import (
	"testing"

	ai "balance/ai/cazadores"
	configs "balance/configs/cazadores"
	sim "balance/sim/cazadores"
	"balance/sim/dice"
)

// With nothing to compare, Lookahead plays exactly as its rollout policy:
// the copies it plays on never touch the hunt.
func TestLookaheadLeavesTheHuntAlone(t *testing.T) {
	d, err := configs.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := d.Compile("accursed-construct", configs.DefaultPack, configs.DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	var tmpl sim.Hunt
	tmpl.Init(sc)
	la := ai.NewLookaheadWith(2, 0, ai.NewBaseline())
	la.OnlyOwn = true
	for i := uint64(0); i < 100; i++ {
		a, b := new(sim.Hunt), new(sim.Hunt)
		a.Reset(&tmpl, 1, i)
		b.Reset(&tmpl, 1, i)
		a.Play(ai.NewBaseline(), ai.Foes{})
		b.Play(la, ai.Foes{})
		if a.Rec != b.Rec {
			t.Fatalf("hunt %d: the lookahead's copies changed the hunt", i)
		}
	}
}

// A copy resumed from the middle of a Turn plays the same hunt as the
// original when nothing is done differently.
func TestResumeFromACopy(t *testing.T) {
	d, _ := configs.LoadEmbedded()
	sc, _ := d.Compile("praetorians", configs.DefaultPack, configs.DefaultScenario)
	var tmpl sim.Hunt
	tmpl.Init(sc)
	for i := uint64(0); i < 50; i++ {
		ref := new(sim.Hunt)
		ref.Reset(&tmpl, 2, i)
		ref.Play(ai.NewBaseline(), ai.Foes{})
		h := new(sim.Hunt)
		h.Reset(&tmpl, 2, i)
		p := &forkAt{turn: 5}
		h.Play(p, ai.Foes{})
		if p.copy == nil {
			continue
		}
		if p.copy.Rec != ref.Rec {
			t.Fatalf("hunt %d: the resumed copy ended %v, the hunt %v", i, p.copy.Rec.Outcome, ref.Rec.Outcome)
		}
	}
}

// forkAt plays the baseline and, at its turn-th Pack Turn, copies the
// hunt, plays the Turn in the copy and resumes the copy to its end.
type forkAt struct {
	n, turn int
	copy    *sim.Hunt
}

func (f *forkAt) PackFirst(h *sim.Hunt) bool         { return ai.NewBaseline().PackFirst(h) }
func (f *forkAt) Order(h *sim.Hunt, eligible []int8) {}
func (f *forkAt) Turn(h *sim.Hunt, i int) {
	f.n++
	if f.n == f.turn {
		c := *h
		f.copy = &c
		ai.NewBaseline().Turn(f.copy, i)
		f.copy.Resume(ai.NewBaseline(), ai.Foes{})
	}
	ai.NewBaseline().Turn(h, i)
}

// Fork derives side streams without drawing from the stream itself.
func TestForkLeavesTheStream(t *testing.T) {
	var a, b dice.RNG
	a.Seed(1, 2)
	b.Seed(1, 2)
	s1 := a.Fork(0)
	s2 := a.Fork(1)
	if s1.Uint64() == s2.Uint64() {
		t.Fatal("two side streams are the same")
	}
	for k := 0; k < 10; k++ {
		if a.Uint64() != b.Uint64() {
			t.Fatal("Fork drew from the stream")
		}
	}
}
