package checks

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"balance/batch"
	"balance/game"
	"balance/game/cazadores"
)

var update = flag.Bool("update", false, "rewrite the pinned results in testdata/")

// TestPinned compares, for every bundled Adversary against every bundled
// pack on open ground and the default pack on every map, a fixed-seed
// run of 2000 hunts with the stored results: the hash of the whole tally
// but its account of how the hunts felt, and the headline counts (the outcomes and the random draws). A
// difference is a change in the rules, the AI or the data: review it,
// then re-pin on purpose with -update.
func TestPinned(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 2000 hunts of every Adversary, pack and map")
	}
	d, err := cazadores.Game{}.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	type pin struct {
		Hash     string  `json:"hash"`
		Outcomes []int64 `json:"outcomes"`
		Draws    int64   `json:"draws"`
	}
	got := map[string]pin{}
	run := func(adv, pack, scen string) {
		des, err := d.Design(context.Background(), game.Choice{cazadores.OptAdversary: adv, cazadores.OptPack: pack, cazadores.OptScenario: scen}, nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		r, err := batch.Run(context.Background(), batch.Config{Seed: 1, Hunts: 2000, Workers: 2}, batch.Lane{Design: des, Policy: "basic"})
		if err != nil {
			t.Fatal(err)
		}
		// The hash covers the tally as it was pinned, before the account
		// of how the hunts felt and the series' exact sums were added:
		// those parts are checked by the duel's exact chain, the feel
		// tests and the tally's own tests.
		pinned := *r.Tally
		pinned.Feel, pinned.SeriesSums = nil, nil
		b, _ := json.Marshal(&pinned)
		sum := sha256.Sum256(b)
		got[adv+"/"+pack+"/"+scen] = pin{Hash: hex.EncodeToString(sum[:8]), Outcomes: r.Tally.Outcomes,
			Draws: r.Tally.Sum[des.Schema().Slot("draws", 0)]}
	}
	adversaries, _ := d.List("adversaries")
	packs, _ := d.List("packs")
	scenarios, _ := d.List("scenarios")
	for _, adv := range adversaries {
		for _, pack := range packs {
			run(adv, pack, "open-ground")
		}
		for _, scen := range scenarios {
			if scen != "open-ground" {
				run(adv, "duo", scen)
			}
		}
	}
	path := filepath.Join("testdata", "pinned.json")
	if *update {
		b, _ := json.MarshalIndent(got, "", "  ")
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (create it with go test ./game/cazadores/checks -run TestPinned -update)", err)
	}
	var want map[string]pin
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	for k, w := range want {
		g, ok := got[k]
		if !ok {
			t.Errorf("%s: pinned but not run", k)
			continue
		}
		if g.Hash != w.Hash {
			t.Errorf("%s: results changed: outcomes %v (pinned %v), draws %d (pinned %d)", k, g.Outcomes, w.Outcomes, g.Draws, w.Draws)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: run but not pinned (re-pin with -update)", k)
		}
	}
}
