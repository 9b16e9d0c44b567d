package crims

import (
	"context"
	"testing"

	cfg "balance/configs/crims"
	sim "balance/sim/crims"
	"balance/sim/dice"
	"balance/sim/geom"
)

func scenario(t testing.TB) *sim.Scenario {
	t.Helper()
	d, err := cfg.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := d.Compile("street-sweep", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return ds.Sc
}

func match(t testing.TB, tier string) *sim.Match {
	t.Helper()
	pol, err := New(tier)
	if err != nil {
		t.Fatal(err)
	}
	m := sim.NewMatch(scenario(t))
	m.Pol, m.AI = pol, Control{}
	return m
}

// The Control Card directs each crim by its first Demeanor.
func TestControlDirects(t *testing.T) {
	m := match(t, "basic")
	m.Reset(1, 0)
	for card := range int(m.Sc.NCards) {
		m.Card = uint8(card)
		for c := range int(m.Sc.NCrims) {
			m.SetCrim(0, sim.Crim{Def: uint8(c), Alive: true})
			want := m.Sc.Deck[card].Direct[m.Sc.Crims[c].Demeanor]
			if got := (Control{}).Direct(m, 0); got != want || got == sim.ActNone {
				t.Fatalf("card %d, crim %s: %v, want %v", card, m.Sc.Crims[c].Key, got, want)
			}
		}
	}
}

// Both tiers play whole matches, every activation ending, and basic
// scores far more than random: the floor skill measures against.
func TestTiers(t *testing.T) {
	const n = 400
	mean := map[string]float64{}
	for _, tier := range []string{"random", "basic"} {
		m := match(t, tier)
		total := 0
		for i := range uint64(n) {
			m.Reset(4, i)
			m.Play()
			for h := range int(m.Sc.NHunters) {
				total += int(m.Rec.Points[h])
			}
		}
		mean[tier] = float64(total) / n
	}
	if mean["basic"] < 3*mean["random"] {
		t.Fatalf("points per match: basic %.1f, random %.1f", mean["basic"], mean["random"])
	}
	if _, err := New("lookahead"); err == nil {
		t.Fatal("an unknown tier was accepted")
	}
}

// Basic takes "two successes" on an Impact 10 when the extra success
// counts, the Momentum otherwise.
func TestBasicImpactTen(t *testing.T) {
	m := match(t, "basic")
	m.Reset(1, 0)
	p := m.Pol
	for _, c := range []struct {
		check sim.Check
		roll  sim.Roll
		want  sim.ImpactOption
	}{
		{sim.Check{Kind: sim.CkAttack, T: 3}, sim.Roll{Impact: 10, Regular: 1}, sim.IoDouble},   // 2 → 3: a hit
		{sim.Check{Kind: sim.CkAttack, T: 5}, sim.Roll{Impact: 10, Regular: 1}, sim.IoMomentum}, // 3 of 5: still a miss
		{sim.Check{Kind: sim.CkAttack, T: 2}, sim.Roll{Impact: 10, Regular: 3}, sim.IoDouble},   // a surplus Wound die
		{sim.Check{Kind: sim.CkDamage, T: -1}, sim.Roll{Impact: 10}, sim.IoDouble},
		{sim.Check{Kind: sim.CkDefense, T: 3}, sim.Roll{Impact: 10, Regular: 2}, sim.IoMomentum}, // already a miss for the crim
		{sim.Check{Kind: sim.CkDefense, T: 4}, sim.Roll{Impact: 10, Regular: 1}, sim.IoDouble},   // one Wound less
		{sim.Check{Kind: sim.CkResist, Dice: 3}, sim.Roll{Impact: 10, Regular: 2}, sim.IoMomentum},
		{sim.Check{Kind: sim.CkResist, Dice: 5}, sim.Roll{Impact: 10, Regular: 2}, sim.IoDouble},
		{sim.Check{Kind: sim.CkMove}, sim.Roll{Impact: 10, Regular: 2}, sim.IoMomentum},
	} {
		if got := p.ImpactTen(m, 0, &c.check, c.roll); got != c.want {
			t.Errorf("%s T=%d, %d regular: %s, want %s", sim.CheckKinds[c.check.Kind].Name, c.check.T, c.roll.Regular,
				sim.ImpactOptions[got].Name, sim.ImpactOptions[c.want].Name)
		}
	}
}

// Basic's pod rewards, recovery attribute, return and fight target.
func TestBasicChoices(t *testing.T) {
	m := match(t, "basic")
	m.Reset(1, 0)
	p := m.Pol
	hu := &m.H[1] // the Marksman: the rifle, Shoot
	if rw, at := p.Pod(m, 1); rw != sim.RwPerformance || at != sim.Shoot {
		t.Fatalf("fresh: %v %v", rw, at)
	}
	hu.Depleted = 1
	if rw, _ := p.Pod(m, 1); rw != sim.RwReload {
		t.Fatalf("out of ammo: %v", rw)
	}
	hu.Depleted, hu.Wounds = 0, 2
	if rw, _ := p.Pod(m, 1); rw != sim.RwMedSpray {
		t.Fatalf("wounded: %v", rw)
	}
	hu.Wounds, hu.Perf = 0, int8(sim.Shoot)
	if rw, _ := p.Pod(m, 1); rw != sim.RwAdrenaline {
		t.Fatalf("otherwise: %v", rw)
	}
	if a := p.Recovery(m, 2); a != sim.Athletics { // the Runner: Athletics 5 > Mind 4
		t.Fatalf("recovery with %v", a)
	}
	hu.Wounds = 3 // of 4
	if back, _ := p.Return(m, 1); back {
		t.Fatal("returned with 3 Wound Tokens of 4")
	}
	hu.Wounds = 2
	m.SetCrim(0, sim.Crim{Alive: true, Pos: geom.V(35, 35)})
	if back, corner := p.Return(m, 1); !back || corner != 2 {
		t.Fatalf("return %v at corner %d, want the corner by the crim", back, corner)
	}
	m.H[0].Points, m.H[2].Points, m.H[3].Points = 9, 4, 12
	if got := p.FightTarget(m, 3, 0, 1<<0|1<<2|1<<3); got != 0 {
		t.Fatalf("fight target %d, want the leader other than the First Player", got)
	}
}

// The pods' look from a cell of the zone (podCells: the pods nearest
// first, passed over once beyond reach and needing more Moves) finds the
// best pod and the adjacent ones a look at every pod in order finds, for
// every hunter, Move, set of stocked pods and best of a look before.
func TestPodCells(t *testing.T) {
	m := match(t, "basic")
	m.Reset(1, 0)
	p := m.Pol.(*Basic)
	p.ready(m)
	mp := &m.Sc.Map
	var r dice.RNG
	r.Seed(9, 0)
	for i := range 100000 {
		h := r.IntN(int(m.Sc.NHunters))
		pos := geom.V(r.Float32()*mp.W, r.Float32()*mp.H)
		if i%4 == 0 { // near a pod: adjacent, or about to be
			q := mp.Pods[r.IntN(int(mp.NPods))]
			pos = geom.V(q.X+(r.Float32()-0.5)*6, q.Y+(r.Float32()-0.5)*6)
		}
		step := p.move[r.IntN(len(p.move))]
		look := uint16(r.IntN(1 << mp.NPods))
		k, goal := noRank, noRank
		if r.Bool() { // a best from a look before
			k, goal = r.IntN(6), r.IntN(int(mp.NPods))
		}
		got := podMemo{pos: pos, step: step, k: k, goal: goal}
		p.lookPods(m, h, &got, look)
		want := podMemo{pos: pos, step: step, k: k, goal: goal}
		cells := p.podCells
		p.podCells.nx = 0 // off the grid: every pod in order
		p.lookPods(m, h, &want, look)
		p.podCells = cells
		if got != want {
			t.Fatalf("hunter %d at %v, step %v, pods %08b: %+v, every pod %+v", h, pos, step, look, got, want)
		}
	}
}
