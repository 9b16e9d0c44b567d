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
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	d, err := configs.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, sc *sim.Scenario) {
		checkTier(t, name, sc, ai.NewBaseline())
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
	// Every action entry and hit-location effect played blank, as the card
	// effects play them.
	for _, adv := range d.Slugs("adversaries") {
		sc, err := d.Compile(adv, configs.DefaultPack, configs.DefaultScenario)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range sc.Adversary.Blanks() {
			check(adv+" blank "+b.Key(), sc.WithBlank(b))
		}
	}
	// Every skill tier, with the default hunt and the ritualist's pack.
	for _, tier := range ai.Tiers() {
		for _, pack := range []string{configs.DefaultPack, "quartet"} {
			sc, err := d.Compile("praetorians", pack, configs.DefaultScenario)
			if err != nil {
				t.Fatal(err)
			}
			checkTier(t, tier.Name+"/"+pack, sc, tier.New())
		}
	}
}

// checkTier fails the test when a hunt of sc played by policy allocates.
func checkTier(t *testing.T, name string, sc *sim.Scenario, policy sim.PackPolicy) {
	t.Helper()
	var tmpl sim.Hunt
	tmpl.Init(sc)
	h := new(sim.Hunt)
	foes := sim.FoeAI(ai.Foes{})
	i := uint64(0)
	if a := testing.AllocsPerRun(200, func() {
		h.Reset(&tmpl, 1, i)
		h.Play(policy, foes)
		i++
	}); a != 0 {
		t.Errorf("%s: %.2f allocations per hunt", name, a)
	}
}
