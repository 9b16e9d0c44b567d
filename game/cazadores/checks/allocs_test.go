package checks

import (
	"context"
	"math"
	"runtime"
	"testing"

	"balance/game"
	"balance/game/cazadores"
	"balance/internal/testenv"
	"balance/stats"
)

// A hunt played through the game's player allocates nothing, its record
// and the tally's count of it included: every Adversary with every pack,
// and every Objective, on open ground and on the ruins; every action
// entry and hit-location effect made blank; every policy tier.
func TestHuntAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	g := cazadores.Game{}
	d, err := g.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, c game.Choice, set []string, tier string, runs int) {
		t.Helper()
		if n := huntMallocs(t, d, c, set, tier, runs); n != 0 {
			t.Errorf("%s: %d allocations over %d hunts", name, n, runs)
		}
	}
	adversaries, _ := d.List("adversaries")
	packs, _ := d.List("packs")
	for _, adv := range adversaries {
		for _, pack := range packs {
			check(adv+"/"+pack+"/ruins", game.Choice{cazadores.OptAdversary: adv, cazadores.OptPack: pack, cazadores.OptScenario: "ruins"}, nil, "basic", 200)
		}
	}
	objectives, _ := d.List("objectives")
	for _, obj := range objectives {
		check(obj, game.Choice{cazadores.OptAdversary: "creature-wreathed-in-light", cazadores.OptPack: "quartet", cazadores.OptObjective: obj}, nil, "basic", 200)
	}
	for _, adv := range adversaries {
		des, err := d.Design(context.Background(), game.Choice{cazadores.OptAdversary: adv}, nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range des.Ablations() {
			if !a.Inert {
				check(adv+" "+a.Set, game.Choice{cazadores.OptAdversary: adv}, []string{a.Set}, "basic", 200)
			}
		}
	}
	tiers, _, err := d.Policies(game.Choice{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tier := range tiers {
		for _, pack := range []string{"duo", "quartet"} {
			runs := 200
			if tier.Name == "lookahead" && !testenv.Long() {
				runs = 20 // hundreds of times slower than the others; 200 with BALANCE_LONG=1
			}
			check(tier.Name+"/"+pack, game.Choice{cazadores.OptAdversary: "praetorians", cazadores.OptPack: pack}, nil, tier.Name, runs)
		}
	}
}

// huntMallocs plays hunts 1..runs of the design c with set through the
// game's player of tier, each counted into a tally as a run counts it,
// after hunt 0 as a warm-up, and returns every allocation they made, on
// one processor. (testing.AllocsPerRun rounds the mean down: a hunt in a
// hundred that allocates would pass it.) The count is the process's, so
// another goroutine's allocation (the runtime's, the test framework's)
// may fall in it now and then: the hunts are played again, up to three
// times, and the fewest allocations of a pass are returned. The same
// hunts allocate the same in every pass.
func huntMallocs(t *testing.T, d game.Data, c game.Choice, set []string, tier string, runs int) uint64 {
	t.Helper()
	des, err := d.Design(context.Background(), c, set, 1)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := des.NewPlayer(tier)
	if err != nil {
		t.Fatal(err)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	rec := des.Schema().NewRecord()
	tl := stats.NewTally(des.Schema())
	pl.Play(1, 0, rec)
	tl.Add(rec)
	fewest := uint64(math.MaxUint64)
	for pass := 0; pass < 3 && fewest > 0; pass++ {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		for i := 1; i <= runs; i++ {
			pl.Play(1, uint64(i), rec)
			tl.Add(rec)
		}
		runtime.ReadMemStats(&m1)
		fewest = min(fewest, m1.Mallocs-m0.Mallocs)
	}
	return fewest
}
