package vantage

import (
	"math"
	"testing"

	sim "balance/sim/vantage"
)

// fighter is a test fighter: stats, HP, ranged weapon (range, damage),
// melee damage.
type fighter struct {
	key             string
	per, spd, agi   int
	hp              int
	rng, rdmg, mdmg int
}

var (
	archer   = fighter{"archer", 15, 8, 10, 10, 3, 3, 1}
	duellist = fighter{"duellist", 8, 15, 10, 12, 0, 0, 3}
	raider   = fighter{"raider", 11, 11, 10, 12, 2, 2, 3}
	dummy    = fighter{"dummy", 0, 0, 0, 12, 0, 0, 0}
)

// scenario builds a duel of one party against another on a line of three
// hexes, the players starting at one end and the enemies at the other.
func scenario(t testing.TB, r sim.Rules, players, enemies []fighter) *sim.Scenario {
	t.Helper()
	sc := &sim.Scenario{Rules: r}
	m, err := sim.NewMap([][2]int{{0, 0}, {1, 0}, {2, 0}}, [2]int{0, 2})
	if err != nil {
		t.Fatal(err)
	}
	sc.Map = m
	for s, party := range [][]fighter{players, enemies} {
		for _, f := range party {
			if err := sc.Add(s, sim.Fighter{Label: f.key, Key: f.key, Stat: [3]int{f.per, f.spd, f.agi}, HP: f.hp,
				Range: f.rng, RangedDamage: f.rdmg, MeleeDamage: f.mdmg}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := sc.Finish(); err != nil {
		t.Fatal(err)
	}
	return sc
}

// wins plays n duels of seed and returns the players' wins.
func wins(sc *sim.Scenario, pol [2]Tier, seed uint64, n int) int {
	var d sim.Duel
	w := 0
	for i := range n {
		d.Reset(sc, seed, uint64(i))
		Play(&d, pol)
		if d.Outcome == sim.PlayersWon {
			w++
		}
	}
	return w
}

// Basic beats random by far, on both sides and on several seeds: the
// players' tiers differ, so that 'skill' measures something.
func TestBasicBeatsRandom(t *testing.T) {
	const n = 4000
	sc := scenario(t, sim.DefaultRules(), []fighter{archer}, []fighter{raider})
	for seed := uint64(1); seed <= 3; seed++ {
		b := float64(wins(sc, [2]Tier{Basic, Basic}, seed, n)) / n
		r := float64(wins(sc, [2]Tier{Random, Basic}, seed, n)) / n
		// the difference's standard error is at most √(2·0.25/n) ≈ 0.011
		if b-r < 0.2 {
			t.Errorf("seed %d: basic wins %.3f, random %.3f", seed, b, r)
		}
	}
}

// A duel played by the policies ends (no draw for want of action between
// two basic fighters who can hurt each other), and each tier plays every
// build without an illegal action (Do would panic).
func TestPoliciesPlayEveryMatch(t *testing.T) {
	for _, p := range []fighter{archer, duellist, raider} {
		for _, e := range []fighter{archer, duellist, raider} {
			for _, tier := range []Tier{Random, Basic} {
				sc := scenario(t, sim.DefaultRules(), []fighter{p, archer}, []fighter{e})
				var d sim.Duel
				draws := 0
				for i := range 300 {
					d.Reset(sc, 5, uint64(i))
					Play(&d, [2]Tier{tier, Basic})
					if d.Outcome == sim.Draw {
						draws++
					}
				}
				if tier == Basic && draws > 0 {
					t.Errorf("%s+archer vs %s: %d draws of 300", p.key, e.key, draws)
				}
			}
		}
	}
}

// Basic's choices in set positions: it takes a kill, attacks with what it
// holds, gains the tactic its weapons favour, evades at the end of its
// turn when the holds on it outweigh its own, and closes in.
func TestBasicChoices(t *testing.T) {
	type setup func(d *sim.Duel)
	hold := func(i, v, s int8) setup {
		return func(d *sim.Duel) { d.S[i].Vantage, d.S[i].Strike = v, s }
	}
	tests := []struct {
		name    string
		p, e    fighter
		setup   []setup
		sameHex bool
		want    sim.Kind
	}{
		{"archer gains vantage", archer, raider, nil, true, sim.GainVantage},
		{"duellist gains strike", duellist, raider, nil, true, sim.GainStrike},
		{"archer shoots with vantage", archer, raider, []setup{hold(0, 1, sim.None)}, true, sim.Shoot},
		{"closes in", archer, raider, nil, false, sim.Move},
		{"takes the kill", duellist, raider, []setup{hold(0, sim.None, 1), func(d *sim.Duel) { d.S[1].HP = 3 }}, true, sim.Melee},
		{"evades with one point left under a heavy hold", raider, duellist,
			[]setup{hold(0, sim.None, 1), hold(1, sim.None, 0), func(d *sim.Duel) { d.S[0].AP = 1; d.S[0].HP = 5 }}, true, sim.Evade},
		{"nothing to do against a fighter it cannot touch", dummy, raider, nil, true, sim.Pass},
	}
	for _, tc := range tests {
		r := sim.DefaultRules()
		r.First = sim.FirstPlayers
		sc := scenario(t, r, []fighter{tc.p}, []fighter{tc.e})
		var d sim.Duel
		d.Reset(sc, 1, 0)
		if tc.sameHex {
			d.S[1].Hex = d.S[0].Hex
		}
		for _, s := range tc.setup {
			s(&d)
		}
		var buf [sim.MaxActions]sim.Action
		if got := Choose(Basic, &d, 0, buf[:0]); got.Kind != tc.want {
			t.Errorf("%s: chose %s, want %s", tc.name, got.Kind, tc.want)
		}
	}
}

// Basic keeps the strike on the weaker enemy; random flips a coin.
func TestSwitchStrike(t *testing.T) {
	sc := scenario(t, sim.DefaultRules(), []fighter{duellist, duellist}, []fighter{raider})
	var d sim.Duel
	d.Reset(sc, 1, 0)
	d.Pending = sim.Pending{Victim: 2, Held: 0, Gainer: 1}
	d.S[0].HP, d.S[1].HP = 5, 9
	if SwitchStrike(Basic, &d) {
		t.Error("basic switched to the stronger gainer")
	}
	d.S[1].HP = 5
	if !SwitchStrike(Basic, &d) {
		t.Error("basic kept the held strike on a tie")
	}
	heads := 0
	for range 1000 {
		if SwitchStrike(Random, &d) {
			heads++
		}
	}
	if math.Abs(float64(heads)-500) > 4.5*math.Sqrt(250) {
		t.Errorf("random switched %d times of 1000", heads)
	}
}

// Random passes only when nothing else is legal.
func TestRandomPassesOnlyWhenAlone(t *testing.T) {
	sc := scenario(t, sim.DefaultRules(), []fighter{archer}, []fighter{raider})
	var d sim.Duel
	var buf [sim.MaxActions]sim.Action
	for i := range 200 {
		d.Reset(sc, 3, uint64(i))
		for {
			a := d.Actor()
			if a < 0 {
				break
			}
			legal := len(d.Legal(buf[:0], a))
			c := Choose(Random, &d, a, buf[:0])
			if c.Kind == sim.Pass && legal > 1 {
				t.Fatalf("random passed with %d actions legal", legal)
			}
			d.Do(c)
			if d.Pending.Victim != sim.None {
				d.ChooseStrike(SwitchStrike(Random, &d))
			}
		}
	}
}

func TestParseTier(t *testing.T) {
	for _, info := range Tiers {
		if tier, err := ParseTier(info.Name); err != nil || Tiers[tier].Name != info.Name {
			t.Errorf("%s: %v", info.Name, err)
		}
	}
	if _, err := ParseTier("smart"); err == nil {
		t.Error("no error for an unknown tier")
	}
}

func TestPlayAllocatesNothing(t *testing.T) {
	sc := scenario(t, sim.DefaultRules(), []fighter{archer, duellist}, []fighter{raider, raider})
	var d sim.Duel
	i := uint64(0)
	for _, tier := range []Tier{Random, Basic} {
		if a := testing.AllocsPerRun(200, func() { d.Reset(sc, 1, i); Play(&d, [2]Tier{tier, Basic}); i++ }); a != 0 {
			t.Errorf("%s: %v allocations per duel", Tiers[tier].Name, a)
		}
	}
}

// Basic's walk over the compact legal actions chooses what scoring every
// action Legal lists does (the first of the highest scores above zero,
// moves only when no enemy shares the hex, Pass otherwise), in every
// state random play reaches under several readings of the rules.
func TestBasicAgreesWithScore(t *testing.T) {
	variants := []func(*sim.Rules){
		nil,
		func(r *sim.Rules) { r.ClearOnMove, r.EngagedMove = false, true },
		func(r *sim.Rules) { r.Retry, r.FailureKeeps = false, false },
		func(r *sim.Rules) { r.RangedNeedsVantage, r.MeleeNeedsStrike, r.Exclusive = false, false, false },
		func(r *sim.Rules) {
			r.EvadeGuard, r.EvadeThreat, r.EngagedMove = sim.GuardUntilNextTurn, sim.SameHex, true
		},
	}
	var buf [sim.MaxActions]sim.Action
	checked := 0
	for v, change := range variants {
		r := sim.DefaultRules()
		if change != nil {
			change(&r)
		}
		sc := scenario(t, r, []fighter{archer, duellist}, []fighter{raider, raider})
		if v%2 == 1 { // a hex of radius 2: moves in six directions
			var hexes [][2]int
			for q := -2; q <= 2; q++ {
				for r := max(-2, -q-2); r <= min(2, -q+2); r++ {
					hexes = append(hexes, [2]int{q, r})
				}
			}
			m, err := sim.NewMap(hexes, [2]int{0, len(hexes) - 1})
			if err != nil {
				t.Fatal(err)
			}
			sc.Map = m
		}
		var d sim.Duel
		for i := range 300 {
			d.Reset(sc, 5, uint64(i))
			for {
				for f := 0; f < sc.N; f++ {
					kinds := sim.AllKinds
					if enemyInHex(&d, f) {
						kinds &^= 1 << sim.Move
					}
					legal := d.LegalOf(buf[:0], f, kinds)
					want, wantV := legal[len(legal)-1], 0.0
					for _, a := range legal {
						if s, _ := Score(&d, a); s > wantV {
							want, wantV = a, s
						}
					}
					if got, _ := basic(&d, f); got != want {
						t.Fatalf("variant %d, duel %d, fighter %d: basic chose %+v, the scores %+v", v, i, f, got, want)
					}
					checked++
				}
				a := d.Actor()
				if a < 0 {
					break
				}
				d.Do(Choose(Random, &d, a, buf[:0]))
				if d.Pending.Victim != sim.None {
					d.ChooseStrike(SwitchStrike(Random, &d))
				}
			}
		}
	}
	if checked < 10000 {
		t.Errorf("only %d choices checked", checked)
	}
}
