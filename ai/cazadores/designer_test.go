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
