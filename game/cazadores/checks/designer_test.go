package checks

import (
	"context"
	"path/filepath"
	"runtime"
	"testing"

	"balance/game"
	"balance/game/cazadores"
	"balance/internal/testenv"
	"balance/stats"
)

// TestDesignerAllocatesNothing plays the example Adversary of the
// reference (configs/cazadores/testdata/designer.yaml: its own tree,
// states, summons, a minimum range, merged and replaced crits) with no
// allocation per hunt: 100,000 hunts against the duo with BALANCE_LONG=1
// (5,000 otherwise), and fewer against the lone Pack and with each tier.
func TestDesignerAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	g := cazadores.Game{}
	d, err := g.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	file := filepath.Join("..", "..", "..", "configs", "cazadores", "testdata", "designer.yaml")
	tiers, _, err := d.Policies(game.Choice{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tier := range tiers {
		for _, pack := range []string{"duo", "lone"} {
			runs := 200
			switch {
			case tier.Name == "basic" && pack == "duo" && testenv.Long():
				runs = 100000
			case tier.Name == "basic" && pack == "duo":
				runs = 5000
			case tier.Name == "lookahead" && !testenv.Long():
				runs = 10
			}
			des, err := d.Design(context.Background(), game.Choice{cazadores.OptAdversary: file, cazadores.OptPack: pack}, nil, 1)
			if err != nil {
				t.Fatal(err)
			}
			pl, err := des.NewPlayer(tier.Name)
			if err != nil {
				t.Fatal(err)
			}
			rec := des.Schema().NewRecord()
			tl := stats.NewTally(des.Schema())
			// testing.AllocsPerRun rounds the mean down: count every
			// allocation of the hunts instead, after one hunt of warm-up.
			pl.Play(1, 0, rec)
			tl.Add(rec)
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			for i := 1; i <= runs; i++ {
				pl.Play(1, uint64(i), rec)
				tl.Add(rec)
			}
			runtime.ReadMemStats(&m1)
			if n := m1.Mallocs - m0.Mallocs; n != 0 {
				t.Errorf("%s against %s: %d allocations over %d hunts", tier.Name, pack, n, runs)
			}
		}
	}
}
