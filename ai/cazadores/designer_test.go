package cazadores

import (
	"path/filepath"
	"testing"

	configs "balance/configs/cazadores"
	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

// testAdversary compiles the test Adversary file name (in
// configs/cazadores/testdata) against pack on open ground.
func testAdversary(t testing.TB, name, pack string) *sim.Scenario {
	t.Helper()
	dataOnce.Do(func() { data, dataErr = configs.LoadEmbedded() })
	if dataErr != nil {
		t.Fatal(dataErr)
	}
	d := data.Clone()
	slug, err := d.AddAdversaryFile(filepath.Join("..", "..", "configs", "cazadores", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := d.Compile(slug, pack, configs.DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// minRangeCheck checks every attack of the Adversary against its card's
// minimum range, at the moment the attack is rolled.
type minRangeCheck struct {
	card    *sim.CardAction
	checked int
	errs    []string
}

func (c *minRangeCheck) Event(h *sim.Hunt, e *sim.Event) {
	switch e.Kind {
	case sim.EvCard:
		c.card = h.CardAct
	case sim.EvAttack:
		if !h.IsAdversary(int(e.Model)) || c.card == nil || c.card.MinRange == 0 {
			return
		}
		c.checked++
		if d := h.Edge(int(e.Model), int(e.Target)); d < c.card.MinRange-geom.Eps && len(c.errs) < 10 {
			c.errs = append(c.errs, h.Name(int(e.Target))+" attacked inside the minimum range")
		}
	}
}

// TestMinRange plays the Mortar Beetle, whose attacks all keep a
// minimum range: no attack reaches a model closer than its card's
// minimum, and the Beetle backs off from models too close before it
// shoots.
func TestMinRange(t *testing.T) {
	sc := testAdversary(t, "min-range.yaml", configs.DefaultPack)
	var tmpl sim.Hunt
	tmpl.Init(sc)
	backed, shotAfter := 0, 0
	c := &minRangeCheck{}
	for k := uint64(0); k < 40; k++ {
		l := &tlog{}
		h := new(sim.Hunt)
		h.Trace = multiTracer{c, l}
		h.Reset(&tmpl, 1, k)
		h.Play(NewBaseline(), Foes{})
		d := l.decisions(int(h.Adv0))
		for x, s := range d {
			if s == "back off" {
				backed++
				if x+1 < len(d) && d[x+1] == "ranged combat" {
					shotAfter++
				}
			}
		}
	}
	for _, e := range c.errs {
		t.Error(e)
	}
	if c.checked < 100 || backed < 10 || shotAfter < 5 {
		t.Errorf("%d attacks checked, %d back-offs, %d followed by a shot: too few to show the rule", c.checked, backed, shotAfter)
	}
	t.Logf("%d attacks checked, %d back-offs, %d followed by a shot", c.checked, backed, shotAfter)
}

// TestLonePack plays the lone Pack, one Cazador and no Companion, with
// every tier against every bundled Adversary: each hunt ends with an
// outcome, the one model acts and every choice is noted before its effect.
func TestLonePack(t *testing.T) {
	tiers := map[string]func() sim.PackPolicy{
		"random":    func() sim.PackPolicy { return Random{} },
		"basic":     func() sim.PackPolicy { return NewBaseline() },
		"tactical":  func() sim.PackPolicy { return NewTactical() },
		"lookahead": func() sim.PackPolicy { return NewLookahead(2, 1) },
	}
	for _, adv := range adversaries {
		sc := scenario(t, adv, "lone", configs.DefaultScenario)
		if len(sc.Pack) != 1 {
			t.Fatalf("the lone Pack has %d models", len(sc.Pack))
		}
		var tmpl sim.Hunt
		tmpl.Init(sc)
		for tier, mk := range tiers {
			c := &intentCheck{}
			l := &tlog{}
			h := new(sim.Hunt)
			h.Trace = multiTracer{c, l}
			h.Reset(&tmpl, 1, 0)
			h.Play(mk(), Foes{})
			if len(l.of(sim.EvEnd)) != 1 || len(l.actions(0)) == 0 {
				t.Errorf("%s, %s: %d ends, %d Actions of the Cazador", adv, tier, len(l.of(sim.EvEnd)), len(l.actions(0)))
			}
			for _, e := range c.errs {
				t.Errorf("%s, %s: %s", adv, tier, e)
			}
		}
	}
}

// stateCheck checks, at every event, that the Adversary's stats are its
// own plus its exhausted locations' and its states' changes, and counts
// the notes of states beginning and ending.
type stateCheck struct {
	begins, ends map[string]int
	errs         []string
}

func (c *stateCheck) Event(h *sim.Hunt, e *sim.Event) {
	a := &h.Sc.Adversary
	want := a.Stats.ATK + h.Mods.ATK
	wantDEF := a.Stats.DEF + h.Mods.DEF
	for k := range a.States {
		if h.StateOn&(1<<k) != 0 {
			want += a.States[k].Mods.ATK
			wantDEF += a.States[k].Mods.DEF
		}
	}
	// An exhausted location is noted before its changes join the sums.
	if m := &h.M[h.Adv0]; e.Kind != sim.EvExhausted && m.State == sim.Active && (m.ATK != max(want, 0) || m.DEF != max(wantDEF, 0)) && len(c.errs) < 10 {
		c.errs = append(c.errs, "ATK or DEF out of step with the states on")
	}
	if e.Kind != sim.EvTrigger {
		return
	}
	for k := range a.States {
		s := &a.States[k]
		switch e.Name {
		case s.Begin:
			c.begins[s.Name]++
			if s.Trigger == sim.StateOnRound && (h.Round != s.Round || h.Tick != 1) {
				c.errs = append(c.errs, s.Name+" began outside its Round")
			}
			if s.Trigger == sim.StateOnWND && h.AdvLeft > s.AtMost {
				c.errs = append(c.errs, s.Name+" began above its WNDs")
			}
		case s.End:
			c.ends[s.Name]++
		}
	}
}

// TestStates plays the Bristleback Boar, whose three states start by
// each kind of trigger, one for the rest of the hunt and two for a Round.
func TestStates(t *testing.T) {
	sc := testAdversary(t, "enraged.yaml", configs.DefaultPack)
	var tmpl sim.Hunt
	tmpl.Init(sc)
	c := &stateCheck{begins: map[string]int{}, ends: map[string]int{}}
	for k := uint64(0); k < 40; k++ {
		h := new(sim.Hunt)
		h.Trace = c
		h.Reset(&tmpl, 1, k)
		h.Play(NewBaseline(), Foes{})
	}
	for _, e := range c.errs {
		t.Error(e)
	}
	for _, s := range sc.Adversary.States {
		if c.begins[s.Name] == 0 || (s.Rounds > 0) != (c.ends[s.Name] > 0) {
			t.Errorf("%s: began %d times, ended %d times", s.Name, c.begins[s.Name], c.ends[s.Name])
		}
	}
	if c.ends["Enraged"] != 0 {
		t.Errorf("Enraged, for the rest of the hunt, ended %d times", c.ends["Enraged"])
	}
	t.Logf("begins %v, ends %v", c.begins, c.ends)
}
