package skirmish

import (
	"math"
	"testing"

	"balance/sim/geom"
	sk "balance/sim/skirmish"
)

// The tabulated expected damage is the exact one.
func TestExpectedDamageTable(t *testing.T) {
	for _, c := range []struct {
		d, k      int
		crit, jam bool
	}{{1, -8, false, false}, {1, -8, true, true}, {-5, 0, true, false}, {12, 3, false, true}, {-30, -40, true, true}} {
		_, _, want := sk.Opposed{D: c.d, M: c.k, Crit: c.crit, Jam: c.jam}.DamageSummary(sk.StunDamage)
		if got := expectedTab(c.crit, c.jam).at(c.d, c.k); math.Abs(float64(got)-want) > 1e-5 {
			t.Errorf("d %d, k %d: %v, exactly %v", c.d, c.k, got, want)
		}
	}
	for m := -22; m <= 22; m++ {
		w, _, _ := sk.Opposed{A: m}.P()
		if got := pWin(m); math.Abs(float64(got)-w) > 1e-6 {
			t.Errorf("pWin(%d) %v, exactly %v", m, got, w)
		}
	}
}

// A shooter with a target shoots first (no hasty shot), then makes the
// Move every activation needs, standing where it is.
func TestBasicShootsFirst(t *testing.T) {
	s := setup(t, nil, nil,
		prof(sk.SideA, sk.Captain, 10, 5, 0, 10, wCarbine, wHand),
		prof(sk.SideB, sk.Captain, 10, 20, 0, 30, wHand))
	s.Profiles[0].Shoot = 3
	b := newBattle(s, 1)
	b.SetPolicies(Basic{}, still{}, Creatures{})
	l := activate(b, 0, Basic{})
	if k := l.kinds(0); len(k) < 2 || k[0] != sk.EvShot || k[len(k)-1] != sk.EvMove {
		t.Errorf("events %v, want a shot, then a move", k)
	}
	if b.Figs[0].Pos != geom.V(10, 5) {
		t.Errorf("the shooter moved to %v", b.Figs[0].Pos)
	}
}

// A fighter in reach charges and fights.
func TestBasicCharges(t *testing.T) {
	s := setup(t, nil, nil,
		prof(sk.SideA, sk.Captain, 10, 5, 4, 10, wHand),
		prof(sk.SideB, sk.Captain, 10, 10, 0, 30, wCarbine, wHand))
	b := newBattle(s, 1)
	b.SetPolicies(Basic{}, still{}, Creatures{})
	l := activate(b, 0, Basic{})
	if k := l.kinds(0); len(k) < 2 || k[0] != sk.EvMove || k[1] != sk.EvFight {
		t.Errorf("events %v, want a move, then a fight", k)
	}
}

// A figure goes for the token it is the closest to, unlocks it (Will
// roll) and, with physical loot it unlocked, picks it up free; a carrier
// heads for its edge and leaves the table there.
func TestBasicLoot(t *testing.T) {
	loot := []sk.LootSpec{{Pos: geom.V(10, 8)}}
	a := prof(sk.SideA, sk.Captain, 10, 4, 0, 10, wHand)
	a.Will = 20
	s := setup(t, nil, loot, a, prof(sk.SideB, sk.Captain, 25, 28, 0, 10, wHand))
	b := newBattle(s, 1)
	b.SetPolicies(Basic{}, still{}, Creatures{})
	l := activate(b, 0, Basic{})
	if k := l.kinds(0); len(k) < 3 || k[0] != sk.EvMove || k[1] != sk.EvUnlock || k[2] != sk.EvPickUp {
		t.Fatalf("events %v, want a move, an unlock, a pick-up", k)
	}
	for n := 0; n < 6 && !b.Figs[0].Exited(); n++ {
		activate(b, 0, Basic{})
	}
	if !b.Figs[0].Exited() || b.T.Off[0] != 1 {
		t.Errorf("the carrier did not carry the loot off: at %v", b.Figs[0].Pos)
	}
}

// checked plays Basic, first checking that the battle's masks say what
// its questions do: the figures in combat (Engaged) and the loot on the
// table (LootOnGround).
type checked struct {
	Basic
	t *testing.T
}

func (c checked) Act(b *sk.Battle, i int, step sk.Step) {
	var engaged, onGround uint32
	for j := 0; j < b.NF; j++ {
		if b.InCombat(j) {
			engaged |= 1 << j
		}
	}
	for k := 0; k < b.NLoot; k++ {
		if b.Loot[k].OnGround() {
			onGround |= 1 << k
		}
	}
	if got := b.Engaged(); got != engaged {
		c.t.Fatalf("turn %d, figure %d: Engaged %b, InCombat says %b", b.Turn, i, got, engaged)
	}
	if got := b.LootOnGround(); got != onGround {
		c.t.Fatalf("turn %d, figure %d: LootOnGround %b, OnGround says %b", b.Turn, i, got, onGround)
	}
	var carrying uint32
	for j := 0; j < b.NF; j++ {
		if b.Figs[j].Carry >= 0 {
			carrying |= 1 << j
		}
	}
	if got := b.Carrying(); got != carrying {
		c.t.Fatalf("turn %d, figure %d: Carrying %b, Carry says %b", b.Turn, i, got, carrying)
	}
	c.Basic.Act(b, i, step)
}

func TestMasksFollowTheBattle(t *testing.T) {
	var ps []sk.Profile
	for side := int8(0); side < 2; side++ {
		for k := 0; k < 5; k++ {
			role := sk.Soldier
			if k == 0 {
				role = sk.Captain
			}
			w := []uint8{wHand}
			if k%2 == 0 {
				w = append(w, wCarbine)
			}
			ps = append(ps, prof(side, role, 6+4*float32(k), 3+24*float32(side), int8(k%3), 10, w...))
		}
	}
	ps = append(ps, prof(sk.SideCreatures, sk.Creature, 15, 15, 1, 8, wHand))
	loot := []sk.LootSpec{{Pos: geom.V(10, 15)}, {Pos: geom.V(20, 14), Data: true}, {Pos: geom.V(15, 10)}}
	s := setup(t, nil, loot, ps...)
	for seed := uint64(0); seed < 200; seed++ {
		b := &sk.Battle{}
		b.Reset(s, seed, 0)
		b.Play(checked{t: t}, checked{t: t}, Creatures{})
	}
}
