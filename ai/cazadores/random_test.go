package cazadores_test

import (
	"testing"

	ai "balance/ai/cazadores"
	configs "balance/configs/cazadores"
	sim "balance/sim/cazadores"
)

// tierRun plays hunts 0..hunts-1 of seed 1 against adv with the named
// tier, and counts their outcomes.
func tierRun(t *testing.T, adv, tier string, hunts int64) [sim.NumOutcomes]int64 {
	t.Helper()
	d, err := configs.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := d.Compile(adv, configs.DefaultPack, configs.DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	tr, ok := ai.TierByName(tier)
	if !ok {
		t.Fatalf("no tier %q", tier)
	}
	var out [sim.NumOutcomes]int64
	var tmpl, h sim.Hunt
	tmpl.Init(sc)
	for i := int64(0); i < hunts; i++ {
		h.Reset(&tmpl, 1, uint64(i))
		h.Play(tr.New(), ai.Foes{})
		out[h.Rec.Outcome]++
	}
	return out
}

// The random tier is the floor: against the Wandering Son, which the
// basic policy beats almost always, random play almost never wins; its
// hunts still end (no stalemates) and are the same run to run.
func TestRandomTier(t *testing.T) {
	rnd := tierRun(t, "wandering-son", "random", 3000)
	basic := tierRun(t, "wandering-son", "basic", 3000)
	rw, bw := rnd[sim.PackWon], basic[sim.PackWon]
	if rw*10 > bw {
		t.Fatalf("random won %d of 3000, basic %d: random should be far weaker", rw, bw)
	}
	if rnd[sim.Stalemate] > 30 {
		t.Fatalf("%d stalemates in 3000 random hunts", rnd[sim.Stalemate])
	}
	again := tierRun(t, "wandering-son", "random", 3000)
	if again != rnd {
		t.Fatal("the random tier is not reproducible from the seed")
	}
}

// The registry lists the tiers from the weakest up, each with a doc line.
func TestTiers(t *testing.T) {
	ts := ai.Tiers()
	if len(ts) < 2 || ts[0].Name != "random" {
		t.Fatalf("tiers %v", ai.TierNames())
	}
	for k, tr := range ts {
		if tr.Doc == "" || tr.New == nil {
			t.Errorf("tier %s has no doc or constructor", tr.Name)
		}
		if k > 0 && ts[k-1].Order >= tr.Order {
			t.Errorf("tiers out of order: %v", ai.TierNames())
		}
	}
}
