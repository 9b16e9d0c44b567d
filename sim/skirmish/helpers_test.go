package skirmish

import (
	"testing"

	"balance/sim/geom"
)

// The weapons table of the document, compiled as the loader would.
const (
	wHand = iota
	wKnife
	wUnarmed
	wPistol
	wCarbine
	wShotgun
	wRapid
	wLauncher
	wFrag
	wSmoke
	wFlame
)

func testWeapons() []Weapon {
	return []Weapon{
		wHand:     {Name: "hand_weapon", Class: Melee, Slots: 1},
		wKnife:    {Name: "knife", Class: Melee, Damage: -1, Slots: 1},
		wUnarmed:  {Name: "unarmed", Class: Melee, Damage: -2, Fight: -2},
		wPistol:   {Name: "pistol", Class: Gun, Range: 10, Targets: 1, Slots: 1},
		wCarbine:  {Name: "carbine", Class: Gun, Range: 24, Targets: 1, Slots: 2},
		wShotgun:  {Name: "shotgun", Class: Gun, Damage: 1, Range: 12, Targets: 1, Slots: 2},
		wRapid:    {Name: "rapid_fire", Class: Gun, Damage: 2, Range: 24, Targets: 2, Move: -1, Waive: ArmourHeavy | ArmourCombat, Slots: 3},
		wLauncher: {Name: "grenade_launcher", Class: Launcher, Range: 16, Shoot: -1, Blast: Frag, Radius: 1.5, Attack: 3, Slots: 3},
		wFrag:     {Name: "frag_grenade", Class: Thrown, Range: 6, Blast: Frag, Radius: 1.5, Attack: 3, Slots: 1},
		wSmoke:    {Name: "smoke_grenade", Class: Thrown, Range: 6, Blast: Smoke, Radius: 2, Slots: 1},
		wFlame:    {Name: "flame_thrower", Class: Flame, Damage: 2, Range: 6, Length: 6, Width: 1, Move: -1, Targets: 1, Slots: 2},
	}
}

// fig is a figure for a test setup.
type fig struct {
	name    string
	side    int8
	role    Role
	at      geom.Vec
	move    float32
	fight   int8
	shoot   int8
	armour  int8
	will    int8
	health  int8
	weapons []uint8
	melee   int // -1: unarmed
	powers  []Power
	large   bool
	base    float32
}

func soldier(side int8, x, y float32) fig {
	return fig{name: "s", side: side, role: Soldier, at: geom.V(x, y), move: 6, fight: 1, shoot: 1, armour: 10, will: 0, health: 10,
		weapons: []uint8{wCarbine, wHand}, melee: wHand}
}

// setup builds a prepared Setup on a w×h table: warband A's figures, then
// B's, then the creatures, as given (sorted by side, stable).
func setup(t testing.TB, w, h float32, figs []fig, terrain []Terrain, loot []LootSpec) *Setup {
	t.Helper()
	s := &Setup{Weapons: testWeapons(), Unarmed: wUnarmed, Bands: [2]string{"A", "B"}, Rules: DefaultRules()}
	s.Scenario = Scenario{Name: "test", W: w, H: h, Terrain: terrain, Loot: loot, TurnCap: 10, Home: [2]uint8{0, 1}}
	for _, side := range []int8{SideA, SideB, SideCreatures} {
		for _, f := range figs {
			if f.side != side {
				continue
			}
			p := Profile{Name: f.name, Role: f.role, Side: f.side, Move: f.move, Fight: f.fight, Shoot: f.shoot,
				Armour: f.armour, Will: f.will, Health: f.health, Large: f.large, Base: f.base, Start: f.at}
			if p.Base == 0 {
				p.Base = 0.5
			}
			if side == SideCreatures {
				p.Role = Creature
			}
			for _, wi := range f.weapons {
				p.Weapons[p.NWeapons] = wi
				p.NWeapons++
			}
			p.Melee = wUnarmed
			if f.melee >= 0 {
				p.Melee = uint8(f.melee)
			}
			for _, pw := range f.powers {
				p.Powers[p.NPowers] = pw
				p.NPowers++
			}
			s.Profiles = append(s.Profiles, p)
			if side <= SideB {
				s.NBand[side]++
			}
		}
	}
	if err := s.Prepare(); err != nil {
		t.Fatal(err)
	}
	return s
}

// battle deals a battle of s with the given policies installed.
func battle(s *Setup, pol Policy) *Battle {
	b := &Battle{}
	b.Reset(s, 1, 0)
	b.pol = [3]Policy{pol, pol, pol}
	b.Turn = 1
	return b
}

// act starts figure i's activation, as the turn loop would.
func act(b *Battle, i int) {
	b.begin(i)
	b.cur, b.step = int8(i), StepAll
}

// rig makes the next d20s show faces.
func (b *Battle) rigDice(faces ...int) {
	for _, x := range faces {
		b.rig[b.nRig] = int8(x)
		b.nRig++
	}
}

// passive is a policy that does nothing, never intercepts and stays in
// combat.
type passive struct{}

func (passive) Group(b *Battle, leader int, el []int8) int { return len(el) }
func (passive) Act(b *Battle, i int, step Step)            {}
func (passive) Intercept(b *Battle, i, mover int) bool     { return false }
func (passive) Push(b *Battle, winner, loser int) Push     { return Stay }

// scripted is a policy whose choices are functions.
type scripted struct {
	act       func(b *Battle, i int, step Step)
	intercept bool
	push      Push
}

func (s scripted) Group(b *Battle, leader int, el []int8) int { return len(el) }
func (s scripted) Act(b *Battle, i int, step Step) {
	if s.act != nil {
		s.act(b, i, step)
	}
}
func (s scripted) Intercept(b *Battle, i, mover int) bool { return s.intercept }
func (s scripted) Push(b *Battle, winner, loser int) Push { return s.push }

func rect(name string, x0, y0, x1, y1 float32) Terrain {
	return Terrain{Name: name, Shape: geom.NewRect(x0, y0, x1, y1)}
}
