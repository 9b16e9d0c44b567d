package legacy

import (
	"testing"

	ai "balance/ai/cazadores"
	configs "balance/configs/cazadores"
	"balance/internal/testenv"
	sim "balance/sim/cazadores"
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
			runs := 200
			if tier.Name == "lookahead" && !testenv.Long() {
				runs = 20 // hundreds of times slower than the others; 200 with BALANCE_LONG=1
			}
			checkRuns(t, tier.Name+"/"+pack, sc, tier.New(), runs)
		}
	}
}

// checkTier fails the test when a hunt of sc played by policy allocates.
func checkTier(t *testing.T, name string, sc *sim.Scenario, policy sim.PackPolicy) {
	t.Helper()
	checkRuns(t, name, sc, policy, 200)
}

// checkRuns is checkTier over the given number of hunts.
func checkRuns(t *testing.T, name string, sc *sim.Scenario, policy sim.PackPolicy, runs int) {
	t.Helper()
	var tmpl sim.Hunt
	tmpl.Init(sc)
	h := new(sim.Hunt)
	foes := sim.FoeAI(ai.Foes{})
	i := uint64(0)
	if a := testing.AllocsPerRun(runs, func() {
		h.Reset(&tmpl, 1, i)
		h.Play(policy, foes)
		i++
	}); a != 0 {
		t.Errorf("%s: %.2f allocations per hunt", name, a)
	}
}
