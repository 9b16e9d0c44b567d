package duel

import (
	"context"
	"math"
	"testing"

	"balance/game"
)

func design(t *testing.T, set ...string) *Design {
	t.Helper()
	data, err := Game{}.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	d, err := data.Design(context.Background(), nil, set, 1)
	if err != nil {
		t.Fatal(err)
	}
	return d.(*Design)
}

// The simulated outcome shares agree with the exact chain within 4.5
// standard errors, on several seeds and for both policies.
func TestDuelAgreesWithExact(t *testing.T) {
	for _, policy := range []string{"basic", "random"} {
		d := design(t)
		pa, pb, pd := d.Exact(policy)
		if math.Abs(pa+pb+pd-1) > 1e-12 {
			t.Fatalf("exact probabilities add up to %v", pa+pb+pd)
		}
		pl, err := d.NewPlayer(policy)
		if err != nil {
			t.Fatal(err)
		}
		rec := d.Schema().NewRecord()
		const n = 20000
		for seed := uint64(1); seed <= 3; seed++ {
			var count [3]float64
			for i := uint64(0); i < n; i++ {
				pl.Play(seed, i, rec)
				count[rec.Outcome]++
			}
			for o, p := range []float64{pa, pb, pd} {
				se := math.Sqrt(p * (1 - p) / n)
				if got := count[o] / n; math.Abs(got-p) > 4.5*se+1e-9 {
					t.Errorf("%s, seed %d: outcome %d in %.4f of duels, exactly %.4f (se %.4f)", policy, seed, o, got, p, se)
				}
			}
		}
	}
}

func TestDuelPlayAllocatesNothing(t *testing.T) {
	d := design(t)
	pl, _ := d.NewPlayer("basic")
	rec := d.Schema().NewRecord()
	i := uint64(0)
	if a := testing.AllocsPerRun(200, func() { pl.Play(1, i, rec); i++ }); a != 0 {
		t.Fatalf("%v allocations per duel", a)
	}
}

func TestDuelSet(t *testing.T) {
	d := design(t, "a.hp=+2", "deck.5=0")
	if d.c.A.HP != 8 || d.c.Deck[4] != 0 {
		t.Fatalf("after -set: %+v", d.c)
	}
	data, _ := Game{}.Load(context.Background(), "")
	for _, bad := range []string{"a.hp=30", "c.hp=1", "deck.9=1", "a.hp"} {
		if _, err := data.Design(context.Background(), game.Choice{}, []string{bad}, 1); err == nil {
			t.Errorf("-set %s: no error", bad)
		}
	}
}
