package legacy

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	ai "balance/ai/cazadores"
	"balance/internal/testenv"
	sim "balance/sim/cazadores"
)

// testTiers is every registered tier: the tests hold for any set of
// tiers. The lookahead tier plays 16 rollouts to the end of the hunt per
// plan, hundreds of times slower than the others: it is played as
// registered only in the long tests (BALANCE_LONG=1), and otherwise with 1
// rollout one Round ahead, which runs every part of it. -short (the race
// detector's run) keeps the first two tiers.
func testTiers(t *testing.T) []ai.Tier {
	tiers := ai.Tiers()
	if len(tiers) == 0 {
		t.Fatal("no tier registered")
	}
	switch {
	case testing.Short() && len(tiers) > 2:
		tiers = tiers[:2]
	case !testenv.Long():
		for i := range tiers {
			if tiers[i].Name == "lookahead" {
				tiers[i].Name = "lookahead(k=1,horizon=1)"
				tiers[i].New = func() sim.PackPolicy { return ai.NewLookahead(1, 1) }
			}
		}
	}
	return tiers
}

// pairedJSON is the skill trace of r without its timing.
func pairedJSON(t *testing.T, sc *sim.Scenario, r *PairedResult) []byte {
	t.Helper()
	k := SummarizeSkill(Meta{Program: "test", Adversary: "x", Seed: 7}, r, sc)
	k.Timing = k.Timing.Zero()
	b, err := json.Marshal(k)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The paired run is the same, bit for bit, with 1, 2 and 7 workers.
func TestPairedDeterminism(t *testing.T) {
	sc := testScenario(t, "wandering-son")
	tiers := testTiers(t)
	var ref *PairedResult
	var refJSON []byte
	for _, w := range []int{1, 2, 7} {
		r, err := RunPaired(context.Background(), Config{Scenario: sc, Seed: 7, First: 3, Hunts: 2*BlockSize + 100, Workers: w}, tiers)
		if err != nil {
			t.Fatal(err)
		}
		if r.Hunts != 2*BlockSize+100 || r.Stopped != StopHunts || len(r.Tallies) != len(tiers) {
			t.Fatalf("workers %d: %d hunts, stopped %s, %d tallies", w, r.Hunts, r.Stopped, len(r.Tallies))
		}
		js := pairedJSON(t, sc, r)
		if ref == nil {
			ref, refJSON = r, js
			continue
		}
		if !reflect.DeepEqual(r.Tallies, ref.Tallies) || !reflect.DeepEqual(r.Pairs, ref.Pairs) || !reflect.DeepEqual(r.Wounds, ref.Wounds) {
			t.Fatalf("the paired result with %d workers differs from 1 worker", w)
		}
		if string(js) != string(refJSON) {
			t.Fatalf("the skill trace with %d workers differs from 1 worker", w)
		}
	}
}

// Each tier's tally is the tally a plain run with that tier's policy
// gives for the same hunts, and the paired counts agree with the tallies:
// onlyA - onlyB = winsA - winsB, both + onlyA = winsA, and Σd is the
// difference of the WNDs taken.
func TestPairedConsistent(t *testing.T) {
	sc := testScenario(t, "praetorians")
	tiers := testTiers(t)
	const n = BlockSize + 76
	r, err := RunPaired(context.Background(), Config{Scenario: sc, Seed: 11, Hunts: n, Workers: 2}, tiers)
	if err != nil {
		t.Fatal(err)
	}
	for j, tier := range tiers {
		plain, err := Run(context.Background(), Config{Scenario: sc, Seed: 11, Hunts: n, Workers: 3,
			Policies: func() (sim.PackPolicy, sim.FoeAI) { return tier.New(), ai.Foes{} }})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(plain.Tally, r.Tallies[j]) {
			t.Errorf("tier %s: the paired tally differs from a plain run's", tier.Name)
		}
		var sum int64
		for i := range r.Tallies[j].Pack {
			for v, c := range r.Tallies[j].Pack[i].Wounds {
				sum += int64(v) * c
			}
		}
		if sum != r.Wounds[j].Sum {
			t.Errorf("tier %s: Σ WNDs taken %d, the histograms give %d", tier.Name, r.Wounds[j].Sum, sum)
		}
	}
	want := len(tiers) * (len(tiers) - 1) / 2
	if len(r.Pairs) != want {
		t.Fatalf("%d pairs for %d tiers, want %d", len(r.Pairs), len(tiers), want)
	}
	for _, p := range r.Pairs {
		wa, wb := r.Tallies[p.A].Outcomes[sim.PackWon], r.Tallies[p.B].Outcomes[sim.PackWon]
		if p.Hunts() != n {
			t.Errorf("pair %d,%d: %d hunts", p.A, p.B, p.Hunts())
		}
		if p.OnlyA-p.OnlyB != wa-wb || p.Both+p.OnlyA != wa || p.Both+p.OnlyB != wb {
			t.Errorf("pair %d,%d: %+v; wins %d and %d", p.A, p.B, p, wa, wb)
		}
		if p.SumD != r.Wounds[p.A].Sum-r.Wounds[p.B].Sum {
			t.Errorf("pair %d,%d: Σd %d, want %d", p.A, p.B, p.SumD, r.Wounds[p.A].Sum-r.Wounds[p.B].Sum)
		}
		if p.SumD2 < 0 || p.SumD*p.SumD > p.SumD2*n {
			t.Errorf("pair %d,%d: Σd² %d impossible with Σd %d over %d", p.A, p.B, p.SumD2, p.SumD, n)
		}
	}
	// A tier compared with itself agrees on every hunt.
	same, err := RunPaired(context.Background(), Config{Scenario: sc, Seed: 11, Hunts: 700, Workers: 2}, []ai.Tier{tiers[0], tiers[0]})
	if err != nil {
		t.Fatal(err)
	}
	if p := same.Pairs[0]; p.OnlyA != 0 || p.OnlyB != 0 || p.SumD != 0 || p.SumD2 != 0 {
		t.Errorf("a tier against itself: %+v", p)
	}
}

// A target error stops at the same block whatever the workers, once
// every tier's interval is narrow enough; cancelling stops at a prefix.
func TestPairedStops(t *testing.T) {
	sc := testScenario(t, "wandering-son")
	tiers := testTiers(t)
	var ref int64
	for _, w := range []int{1, 3} {
		r, err := RunPaired(context.Background(), Config{Scenario: sc, Seed: 1, Hunts: 1 << 20, Workers: w, TargetError: 0.03}, tiers)
		if err != nil {
			t.Fatal(err)
		}
		if r.Stopped != StopTargetError || r.Hunts%BlockSize != 0 || widestHalfWidth(r.Tallies) > 0.03 {
			t.Fatalf("stopped %s after %d hunts", r.Stopped, r.Hunts)
		}
		if ref == 0 {
			ref = r.Hunts
		} else if r.Hunts != ref {
			t.Fatalf("stopped after %d hunts with %d workers, %d with 1", r.Hunts, w, ref)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	r, err := RunPaired(ctx, Config{Scenario: sc, Seed: 1, Hunts: 1 << 24, Workers: 2, Progress: func(done int64) {
		if done >= 2*BlockSize*int64(len(tiers)) {
			cancel()
		}
	}}, tiers)
	if err != nil {
		t.Fatal(err)
	}
	if r.Stopped != StopInterrupted || r.Hunts < 2*BlockSize || r.Hunts >= 1<<24 {
		t.Fatalf("stopped %s after %d hunts", r.Stopped, r.Hunts)
	}
	plain, _ := RunPaired(context.Background(), Config{Scenario: sc, Seed: 1, Hunts: r.Hunts, Workers: 1}, tiers)
	if !reflect.DeepEqual(plain.Pairs, r.Pairs) || !reflect.DeepEqual(plain.Tallies, r.Tallies) {
		t.Fatal("the interrupted paired run is not the prefix of the run")
	}
	if _, err := RunPaired(context.Background(), Config{Scenario: sc, Hunts: 10}, nil); err == nil {
		t.Error("no tiers: no error")
	}
}
