package skirmish

import (
	"testing"

	"balance/sim/geom"
	sk "balance/sim/skirmish"
)

const (
	wHand = iota
	wUnarmed
	wCarbine
	wSpit
	wFrag
	wSmoke
)

func weapons() []sk.Weapon {
	return []sk.Weapon{
		wHand:    {Name: "hand_weapon", Class: sk.Melee},
		wUnarmed: {Name: "unarmed", Class: sk.Melee, Damage: -2, Fight: -2},
		wCarbine: {Name: "carbine", Class: sk.Gun, Range: 24, Targets: 1},
		wSpit:    {Name: "spit", Class: sk.Gun, Range: 12, Targets: 1},
		wFrag:    {Name: "frag_grenade", Class: sk.Thrown, Range: 6, Blast: sk.Frag, Radius: 1.5, Attack: 3},
		wSmoke:   {Name: "smoke_grenade", Class: sk.Thrown, Range: 6, Blast: sk.Smoke, Radius: 2},
	}
}

// prof is a profile at (x, y) on side side.
func prof(side int8, role sk.Role, x, y float32, fight int8, health int8, ws ...uint8) sk.Profile {
	p := sk.Profile{Name: "f", Role: role, Side: side, Move: 6, Fight: fight, Shoot: 1, Armour: 10, Health: health, Base: 0.5,
		Melee: wHand, Start: geom.V(x, y)}
	for _, w := range ws {
		p.Weapons[p.NWeapons] = w
		p.NWeapons++
	}
	return p
}

// setup builds a prepared Setup: profiles must come as warband A's, B's,
// then the creatures.
func setup(t testing.TB, terrain []sk.Terrain, loot []sk.LootSpec, ps ...sk.Profile) *sk.Setup {
	t.Helper()
	s := &sk.Setup{Weapons: weapons(), Unarmed: wUnarmed, Bands: [2]string{"A", "B"}, Rules: sk.DefaultRules(), Profiles: ps}
	for _, p := range ps {
		if p.Side <= sk.SideB {
			s.NBand[p.Side]++
		}
	}
	s.Scenario = sk.Scenario{Name: "test", W: 30, H: 30, Terrain: terrain, Loot: loot, TurnCap: 10, Home: [2]uint8{0, 1}}
	if err := s.Prepare(); err != nil {
		t.Fatal(err)
	}
	return s
}

// log records the events of a battle.
type log struct{ ev []sk.Event }

func (l *log) Event(b *sk.Battle, e *sk.Event) { l.ev = append(l.ev, *e) }

func (l *log) kinds(fig int) []sk.EventKind {
	var out []sk.EventKind
	for _, e := range l.ev {
		if int(e.Fig) == fig && e.Kind != sk.EvDecision && e.Kind != sk.EvActivate {
			out = append(out, e.Kind)
		}
	}
	return out
}

// activate plays figure i's activation with policy p, logging it.
func activate(b *sk.Battle, i int, p sk.Policy) *log {
	l := &log{}
	b.Trace = l
	b.PlayOne(i, func() { p.Act(b, i, sk.StepAll) })
	b.Trace = nil
	return l
}

// still is a policy that does nothing (the other side's figures).
type still struct{}

func (still) Group(b *sk.Battle, leader int, el []int8) int { return 0 }
func (still) Act(b *sk.Battle, i int, step sk.Step)         {}
func (still) Intercept(b *sk.Battle, i, mover int) bool     { return false }
func (still) Push(b *sk.Battle, w, l int) sk.Push           { return sk.Stay }

func newBattle(s *sk.Setup, seed uint64) *sk.Battle {
	b := &sk.Battle{}
	b.Reset(s, seed, 0)
	b.SetPolicies(still{}, still{}, Creatures{})
	return b
}
