package checks

import (
	"context"
	"path/filepath"
	"testing"

	"balance/game"
	"balance/game/cazadores"
	"balance/internal/testenv"
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
			if n := huntMallocs(t, d, game.Choice{cazadores.OptAdversary: file, cazadores.OptPack: pack}, nil, tier.Name, runs); n != 0 {
				t.Errorf("%s against %s: %d allocations over %d hunts", tier.Name, pack, n, runs)
			}
		}
	}
}
