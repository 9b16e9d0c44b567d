package cazadores

import (
	"testing"

	configs "balance/configs/cazadores"
	sim "balance/sim/cazadores"
)

// play's shortcuts (a plan that leaves a future's copy as the own plan
// left it takes the own plan's value, a future where no plan differs
// plays nothing) give every plan the same gain over the own plan, future
// by future, as playing every rollout does; a plan dropped halfway has its
// first half played.
func TestLookaheadPlayGivesEveryRolloutsValue(t *testing.T) {
	d, err := configs.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	for _, adv := range []string{"creature-wreathed-in-light", "accursed-construct"} {
		sc, err := d.Compile(adv, configs.DefaultPack, configs.DefaultScenario)
		if err != nil {
			t.Fatal(err)
		}
		var tmpl sim.Hunt
		tmpl.Init(sc)
		c := &playCheck{t: t, l: NewLookahead(8, 0)}
		for i := uint64(0); i < 6; i++ {
			h := new(sim.Hunt)
			h.Reset(&tmpl, 1, i)
			c.hunt = i
			h.Play(c, Foes{})
		}
		if c.same == 0 || c.differ == 0 {
			t.Errorf("%s: %d plan futures like the own plan's and %d unlike: want some of each", adv, c.same, c.differ)
		}
	}
}

// playCheck plays the lookahead's rollout policy and, at each Pack Turn,
// checks play's values against every rollout played in full.
type playCheck struct {
	t            *testing.T
	l            *Lookahead
	hunt         uint64
	same, differ int
}

func (c *playCheck) PackFirst(h *sim.Hunt) bool         { return c.l.PackFirst(h) }
func (c *playCheck) Order(h *sim.Hunt, eligible []int8) { c.l.Order(h, eligible) }
func (c *playCheck) Turn(h *sim.Hunt, i int) {
	l := c.l
	var open, was [numPlans]bool
	for p := range open {
		open[p] = l.open(h, i, p)
	}
	was = open
	l.play(h, i, &open, 0)
	var full [numPlans][MaxLookaheadK]float64
	for p := range was {
		if !was[p] {
			continue
		}
		for k := 0; k < l.K; k++ {
			s := *h
			s.Trace, s.OnRound = nil, nil
			s.ForkRandom(uint64(k))
			l.apply(&s, i, p)
			s.Resume(l.rollout, Foes{})
			full[p][k] = value(&s)
		}
	}
	for p := planOwn + 1; p < numPlans; p++ {
		if !was[p] {
			continue
		}
		n := l.K
		if !open[p] {
			n = l.K / 2
		}
		for k := 0; k < n; k++ {
			got, want := l.vals[p][k]-l.vals[planOwn][k], full[p][k]-full[planOwn][k]
			if got != want {
				c.t.Fatalf("hunt %d, Round %d, model %d, plan %s, future %d: gain %v, every rollout played %v",
					c.hunt, h.Round, i, planNames[p], k, got, want)
			}
			if full[p][k] == full[planOwn][k] {
				c.same++
			} else {
				c.differ++
			}
		}
	}
	l.rollout.Turn(h, i)
}
