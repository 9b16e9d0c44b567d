package skirmish

import (
	"slices"
	"testing"

	"balance/sim/geom"
	sk "balance/sim/skirmish"
)

// TV-18 (a): a creature in combat with two figures fights the one with
// the lowest Health and, winning, stays in combat.
func TestTV18aCreatureInCombat(t *testing.T) {
	s := setup(t, nil, nil,
		prof(sk.SideA, sk.Captain, 10, 11, 0, 8), // Y: Health 8
		prof(sk.SideB, sk.Captain, 11, 10, 0, 5), // X: Health 5
		prof(sk.SideCreatures, sk.Creature, 10, 10, 40, 20))
	for seed := uint64(1); seed <= 5; seed++ {
		b := newBattle(s, seed)
		l := activate(b, 2, Creatures{})
		var fought []int
		for _, e := range l.ev {
			if e.Kind == sk.EvFight {
				fought = append(fought, int(e.Target))
			}
		}
		if len(fought) != 1 || fought[0] != 1 {
			t.Fatalf("seed %d: fought %v, want the Health-5 figure (1) once", seed, fought)
		}
		if !b.Figs[1].Out() && !b.InCombatWith(2, 1) {
			t.Errorf("seed %d: the creature won but did not stay in combat", seed)
		}
	}
	// With creature_fights 2 it fights with both actions.
	s = setup(t, nil, nil,
		prof(sk.SideA, sk.Captain, 10, 11, 0, 8),
		prof(sk.SideB, sk.Captain, 11, 10, 0, 5),
		prof(sk.SideB, sk.Soldier, 25, 25, 0, 5),
		prof(sk.SideCreatures, sk.Creature, 10, 10, 3, 20))
	s.Rules.CreatureFights = 2
	b := newBattle(s, 1)
	b.Figs[1].Health = 40
	b.Figs[0].Health = 40
	if l := activate(b, 3, Creatures{}); slices.Index(l.kinds(3), sk.EvFight) < 0 || countKind(l, sk.EvFight) != 2 {
		t.Errorf("creature_fights 2: %d fights", countKind(l, sk.EvFight))
	}
}

func countKind(l *log, k sk.EventKind) int {
	n := 0
	for _, e := range l.ev {
		if e.Kind == k {
			n++
		}
	}
	return n
}

// TV-18 (b): a creature without a missile weapon that sees a warband
// figure 5" away moves into contact and fights it.
func TestTV18bCreatureCharges(t *testing.T) {
	s := setup(t, nil, nil,
		prof(sk.SideA, sk.Captain, 10, 16, 0, 30),
		prof(sk.SideB, sk.Captain, 25, 25, 0, 10),
		prof(sk.SideCreatures, sk.Creature, 10, 10, 2, 20))
	b := newBattle(s, 1)
	l := activate(b, 2, Creatures{})
	if k := l.kinds(2); len(k) < 2 || k[0] != sk.EvMove || k[1] != sk.EvFight {
		t.Errorf("events %v, want a move then a fight", k)
	}
	// Not reaching: a second move toward the figure, no fight.
	b = newBattle(s, 1)
	b.Place(0, geom.V(10, 25))
	l = activate(b, 2, Creatures{})
	if k := l.kinds(2); len(k) != 2 || k[0] != sk.EvMove || k[1] != sk.EvMove {
		t.Errorf("events %v, want two moves", k)
	}
	if got := b.Figs[2].Pos.Y; got < 18.9 || got > 19.1 {
		t.Errorf("after a Move and a 2nd Move (6 + 3) the creature is at y=%v, want 19", got)
	}
}

// TV-18 (c): a creature with a missile weapon and a warband figure in
// sight and range shoots the closest, and takes no second action.
func TestTV18cCreatureShoots(t *testing.T) {
	s := setup(t, nil, nil,
		prof(sk.SideA, sk.Captain, 10, 18, 0, 30), // 8" away
		prof(sk.SideB, sk.Captain, 10, 21, 0, 30), // farther
		prof(sk.SideCreatures, sk.Creature, 10, 9, 2, 20, wSpit, wHand))
	b := newBattle(s, 1)
	l := activate(b, 2, Creatures{})
	var shots []int
	for _, e := range l.ev {
		if e.Kind == sk.EvShot {
			shots = append(shots, int(e.Target))
		}
	}
	if len(shots) != 1 || shots[0] != 0 || countKind(l, sk.EvMove) != 0 {
		t.Errorf("shots at %v and %d moves; want one shot at the closest (0), no move", shots, countKind(l, sk.EvMove))
	}
	// Out of range (12"): it moves toward the closest figure instead.
	b = newBattle(s, 1)
	b.Place(0, geom.V(10, 24))
	b.Place(1, geom.V(12, 27))
	l = activate(b, 2, Creatures{})
	if countKind(l, sk.EvShot) != 0 || countKind(l, sk.EvMove) == 0 {
		t.Errorf("out of range: %d shots, %d moves", countKind(l, sk.EvShot), countKind(l, sk.EvMove))
	}
}

// TV-18 (d): with no warband figure in sight, a full Move in a random
// direction; then step 2 once more if one has come into sight, else the
// activation ends.
func TestTV18dCreatureWanders(t *testing.T) {
	wall := sk.Terrain{Name: "wall", Shape: geom.NewRect(10, 14, 20, 14.5), BlocksLOS: true, Impassable: true}
	s := setup(t, []sk.Terrain{wall}, nil,
		prof(sk.SideA, sk.Captain, 24, 20, 0, 30),
		prof(sk.SideB, sk.Captain, 6, 20, 0, 30),
		prof(sk.SideCreatures, sk.Creature, 15, 10, 2, 20))
	sawBoth := [2]bool{}
	for seed := uint64(1); seed <= 60; seed++ {
		b := newBattle(s, seed)
		start := b.Figs[2].Pos
		l := activate(b, 2, Creatures{})
		k := l.kinds(2)
		if len(k) == 0 || k[0] != sk.EvMove {
			t.Fatalf("seed %d: events %v, want a random move first", seed, k)
		}
		moved := b.Figs[2].Pos.Dist(start)
		sees := b.LOS(2, 0) || b.LOS(2, 1)
		switch {
		case len(k) == 1:
			sawBoth[0] = true
			if sees {
				t.Errorf("seed %d: a figure in sight after the random move, but no second action", seed)
			}
			if moved < 5.9 && b.Figs[2].Pos.Y > 1 && b.Figs[2].Pos.Y < 29 && b.Figs[2].Pos.X > 1 && b.Figs[2].Pos.X < 29 && b.Figs[2].Pos.Y < 13 {
				t.Errorf("seed %d: the random move went %v\" in the open", seed, moved)
			}
		default:
			sawBoth[1] = true
		}
	}
	if !sawBoth[0] || !sawBoth[1] {
		t.Errorf("over 60 seeds: activation ended %t, went on %t; want both seen", sawBoth[0], sawBoth[1])
	}
}
