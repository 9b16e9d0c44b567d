package batch

import (
	"testing"

	"balance/stats"
)

// A hunt played through a game's player allocates nothing, its record and
// the tally's count of it included: the duel with each policy and with
// its numbers changed. (Cazadores' own check, over every Adversary, pack,
// Objective, part switched off and policy tier, is in
// game/cazadores/checks.)
func TestHuntAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	for _, l := range []Lane{duelLane(t, "basic"), duelLane(t, "random"), duelLane(t, "basic", "a.hp=20", "b.hp=20", "a.skill=1", "b.skill=1")} {
		pl, err := l.Design.NewPlayer(l.Policy)
		if err != nil {
			t.Fatal(err)
		}
		rec := l.Design.Schema().NewRecord()
		tl := stats.NewTally(l.Design.Schema())
		i := uint64(0)
		if a := testing.AllocsPerRun(500, func() {
			pl.Play(1, i, rec)
			tl.Add(rec)
			i++
		}); a != 0 {
			t.Errorf("%s, %s: %.2f allocations per hunt", l.Design.Title(), l.Policy, a)
		}
	}
}
