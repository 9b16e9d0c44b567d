package batch

import (
	"testing"

	"balance/ai"
	"balance/configs"
	"balance/sim"
)

// A hunt allocates nothing: every Adversary with every pack, and every
// Objective, on open ground and on the ruins.
func TestHuntAllocatesNothing(t *testing.T) {
	d, err := configs.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, sc *sim.Scenario) {
		var tmpl sim.Hunt
		tmpl.Init(sc)
		h := new(sim.Hunt)
		pack, foes := sim.PackPolicy(ai.NewBaseline()), sim.FoeAI(ai.Foes{})
		i := uint64(0)
		if a := testing.AllocsPerRun(200, func() {
			h.Reset(&tmpl, 1, i)
			h.Play(pack, foes)
			i++
		}); a != 0 {
			t.Errorf("%s: %.2f allocations per hunt", name, a)
		}
	}
	for _, adv := range d.Slugs("adversaries") {
		for _, pack := range d.Slugs("packs") {
			sc, err := d.Compile(adv, pack, "ruins")
			if err != nil {
				t.Fatal(err)
			}
			check(adv+"/"+pack+"/ruins", sc)
		}
	}
	for _, obj := range d.Slugs("objectives") {
		sc, err := d.CompileWith("creature-wreathed-in-light", "quartet", configs.DefaultScenario, obj)
		if err != nil {
			t.Fatal(err)
		}
		check(obj, sc)
	}
}
