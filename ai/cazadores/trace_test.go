package cazadores

import (
	"fmt"
	"testing"

	configs "balance/configs/cazadores"
	sim "balance/sim/cazadores"
)

// intentCheck plays hunts traced and checks, Turn by Turn, that every
// choice is noted before what it causes: a model's moves and Actions in
// its own Turn come after a decision of its own in that Turn (a Pass the
// rules make for a Turn with no Action aside), and every decision is
// followed by a move or an Action of the model before the Turn ends (a
// note written after its effect has nothing after it).
type intentCheck struct {
	h      *sim.Hunt
	owners uint32 // the models whose Turn is under way
	seen   uint32 // owners with a decision noted this Turn
	open   [sim.MaxModels]int
	last   [sim.MaxModels]string
	errs   []string
}

func (c *intentCheck) fail(e *sim.Event, format string, a ...any) {
	if len(c.errs) < 10 {
		c.errs = append(c.errs, fmt.Sprintf("R%d T%d %s: ", c.h.Round, c.h.Tick, c.h.Name(int(e.Model)))+fmt.Sprintf(format, a...))
	}
}

// endTurn checks that no decision of the Turn just ended was left
// without an effect.
func (c *intentCheck) endTurn() {
	for m := 0; m < sim.MaxModels; m++ {
		if c.owners&(1<<m) != 0 && c.open[m] > 0 {
			if len(c.errs) < 10 {
				c.errs = append(c.errs, fmt.Sprintf("R%d T%d %s: decision %q is followed by no move or Action in its Turn", c.h.Round, c.h.Tick, c.h.Name(m), c.last[m]))
			}
		}
		c.open[m] = 0
	}
	c.owners, c.seen = 0, 0
}

func (c *intentCheck) Event(h *sim.Hunt, e *sim.Event) {
	c.h = h
	m := int(e.Model)
	switch e.Kind {
	case sim.EvTurn:
		c.endTurn()
		if m < 0 {
			for k := int(h.Adv0); k < int(h.Adv0+h.NAdv); k++ {
				c.owners |= 1 << k
			}
		} else {
			c.owners = 1 << m
		}
	case sim.EvTie, sim.EvRoundEnd, sim.EvEnd:
		c.endTurn()
	case sim.EvDecision:
		if m < 0 || c.owners&(1<<m) == 0 {
			c.fail(e, "decision %q outside its own Turn", e.Name)
			return
		}
		if e.Target >= int8(h.N) || e.Target < -1 {
			c.fail(e, "decision %q about model %d of %d", e.Name, e.Target, h.N)
		}
		if e.Name == "" || e.Why == "" {
			c.fail(e, "decision %q without what or why (%q)", e.Name, e.Why)
		}
		c.seen |= 1 << m
		c.open[m]++
		c.last[m] = e.Name
	case sim.EvMoved, sim.EvAction:
		if m < 0 || c.owners&(1<<m) == 0 {
			return // moved by another model's Turn (or before any Turn)
		}
		auto := e.Kind == sim.EvAction && e.Name != ""
		if !auto && c.seen&(1<<m) == 0 {
			what := "move"
			if e.Kind == sim.EvAction {
				what = e.Action.String()
			}
			c.fail(e, "%s before any decision of its Turn", what)
		}
		c.open[m] = 0
	}
}

// TestIntentBeforeEffect checks every tier's notes, and the Foes', on
// every bundled Adversary, map and Objective.
func TestIntentBeforeEffect(t *testing.T) {
	dataOnce.Do(func() { data, dataErr = configs.LoadEmbedded() })
	if dataErr != nil {
		t.Fatal(dataErr)
	}
	tiers := map[string]func() sim.PackPolicy{
		"random":    func() sim.PackPolicy { return Random{} },
		"basic":     func() sim.PackPolicy { return NewBaseline() },
		"tactical":  func() sim.PackPolicy { return NewTactical() },
		"lookahead": func() sim.PackPolicy { return NewLookahead(2, 1) },
	}
	// Compiling a map with terrain takes a while: each scenario is
	// compiled once and played by every tier. The Objectives are played
	// on open ground, every border an exit.
	type game struct{ adv, pack, scen, obj string }
	var games []game
	for _, adv := range adversaries {
		for _, scen := range data.Slugs("scenarios") {
			games = append(games, game{adv, configs.DefaultPack, scen, ""})
		}
		games = append(games, game{adv, "quartet", "ruins", ""})
		for _, obj := range data.Slugs("objectives") {
			games = append(games, game{adv, "trio", "open-ground", obj})
		}
	}
	hunts := uint64(4)
	if testing.Short() {
		hunts = 1
	}
	decisions := 0
	for _, g := range games {
		sc, err := data.CompileWith(g.adv, g.pack, g.scen, g.obj)
		if err != nil {
			t.Fatal(err)
		}
		var tmpl sim.Hunt
		tmpl.Init(sc)
		for _, tier := range []string{"random", "basic", "tactical", "lookahead"} {
			for k := uint64(0); k < hunts; k++ {
				if tier == "lookahead" && k > 0 {
					break // slow: one hunt is enough
				}
				c := &intentCheck{}
				l := &tlog{}
				h := new(sim.Hunt)
				h.Trace = multiTracer{c, l}
				h.Reset(&tmpl, 5, k)
				h.Play(tiers[tier](), Foes{})
				decisions += len(l.of(sim.EvDecision))
				for _, e := range c.errs {
					t.Errorf("%s vs %s on %s, objective %q, %s, hunt %d: %s", g.adv, g.pack, g.scen, g.obj, tier, k, e)
				}
			}
		}
	}
	if decisions < 1000 {
		t.Errorf("only %d decisions noted over %d games", decisions, len(games))
	}
}

// multiTracer hands every event to each of its tracers.
type multiTracer []sim.Tracer

func (m multiTracer) Event(h *sim.Hunt, e *sim.Event) {
	for _, t := range m {
		t.Event(h, e)
	}
}
