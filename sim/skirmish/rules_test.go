package skirmish

import (
	"math"
	"testing"

	"balance/sim/geom"
)

func approx(a, b float32) bool { return math.Abs(float64(a-b)) < 2e-3 }

// TV-05: intervening terrain, cover from a piece the target touches, and
// nothing from a piece the shooter touches.
func TestTV05InterveningTerrain(t *testing.T) {
	wall := func(y0 float32, cover uint8) Terrain {
		tr := rect("wall", 8, y0, 12, y0+0.6)
		tr.Cover = cover
		tr.Height = 1
		return tr
	}
	figs := []fig{soldier(SideA, 10, 2), soldier(SideB, 10, 20)}
	for _, c := range []struct {
		name    string
		walls   []Terrain
		mod     int
		cover   uint8
		between int8
	}{
		{"three pieces between", []Terrain{wall(6, CoverLight), wall(10, CoverLight), wall(14, CoverLight)}, 3, CoverNone, 3},
		{"target touches a light piece", []Terrain{wall(6, CoverLight), wall(10, CoverLight), wall(18.9, CoverLight)}, 4, CoverLight, 2},
		{"target touches a heavy piece", []Terrain{wall(6, CoverLight), wall(10, CoverLight), wall(18.9, CoverHeavy)}, 6, CoverHeavy, 2},
		{"shooter touches one", []Terrain{wall(2.5, CoverLight), wall(10, CoverLight), wall(14, CoverLight)}, 2, CoverNone, 2},
		{"a flat piece is not intervening", []Terrain{rect("pool", 8, 10, 12, 12)}, 0, CoverNone, 0},
	} {
		s := setup(t, 24, 24, figs, c.walls, nil)
		b := battle(s, passive{})
		mod, cover, between := b.TerrainMods(b.Figs[0].Pos, 0.5, 0, 1)
		if mod != c.mod || cover != c.cover || between != c.between {
			t.Errorf("%s: +%d (cover %d, %d intervening), want +%d (cover %d, %d)", c.name, mod, cover, between, c.mod, c.cover, c.between)
		}
	}
}

// Climbing over a wall: 2" per inch or part of an inch, the way down a
// drop of 3" or less (no cost, no damage). A creature climbs straight
// over; a warband figure goes around when there is a way.
func TestClimbingAcrossAWall(t *testing.T) {
	wall := rect("wall", 0, 10, 20, 10.5)
	wall.Height = 1.5
	c := soldier(SideCreatures, 5, 7.5) // base edge 2" short of the wall
	s := setup(t, 24, 24, []fig{soldier(SideA, 22, 2), soldier(SideB, 20, 22), c}, []Terrain{wall}, nil)
	b := battle(s, passive{})
	act(b, 2)
	b.Move(2, geom.V(5, 20), 0)
	// 2.5" to where the centre meets the wall, 4" of climbing: Move 6 is
	// spent at the foot (the climb is not begun without the 4" for it).
	if got := b.Figs[2].Pos.Y; !approx(got, 10) {
		t.Errorf("Move 6 from 2.5\" before a 1.5\" wall: stopped at y=%v, want 10 (the foot)", got)
	}
	b = battle(s, passive{})
	b.Place(2, geom.V(5, 9.5))
	act(b, 2)
	b.Move(2, geom.V(5, 20), 0)
	// 0.5" to the wall, 4" to climb, 0.5" across its top, a free drop, 1" more.
	if got := b.Figs[2].Pos.Y; !approx(got, 11.5) {
		t.Errorf("Move 6 from 0.5\" before the wall: ended at y=%v, want 11.5", got)
	}
	if b.Figs[2].Health != 10 {
		t.Errorf("a drop of 1.5\" hurt: Health %d", b.Figs[2].Health)
	}
	// A warband figure heads around the wall's end (x = 20), on the
	// ground all the way.
	b = battle(s, passive{})
	b.Place(0, geom.V(17, 8))
	act(b, 0)
	b.Move(0, geom.V(17, 14), 0)
	if f := b.Figs[0]; f.Pos.X < 17.5 || b.Elevation(f.Pos) != 0 {
		t.Errorf("a warband figure climbed instead of going around: at %v", f.Pos)
	}
}

// A warband figure going onto a piece past another it would climb goes
// round that one to where its line meets the piece, then climbs on
// (R21); past no other piece it walks straight on.
func TestOntoAPiecePastAWall(t *testing.T) {
	wall := rect("wall", 8, 10, 16, 10.5)
	wall.Height = 1.5
	platform := rect("platform", 10, 14, 14, 18)
	platform.Height = 1
	s := setup(t, 24, 24, []fig{soldier(SideA, 12, 6), soldier(SideB, 22, 22)}, []Terrain{wall, platform}, nil)
	goal := geom.V(12, 16)
	if via, ok := s.ontoVia(geom.V(12, 6), goal, 0.5); !ok || !approx(via.X, 12) || math.Abs(float64(via.Y)-13.49) > 1e-3 {
		t.Errorf("ontoVia: %v %v, want (12, 13.49) true: where the base meets the platform, 0.01\" short", via, ok)
	}
	if _, ok := s.ontoVia(geom.V(12, 11), goal, 0.5); ok {
		t.Error("ontoVia past no other piece: want the straight walk")
	}
	// 7" of the way round an end of the wall (both are as near): beside
	// it, on the ground (straight on, the figure would be on the wall or
	// at its foot).
	b := battle(s, passive{})
	act(b, 0)
	b.walk(0, goal, 7, 0, 3)
	if p := b.Figs[0].Pos; (p.X > 8 && p.X < 16) || p.Y < 9.5 || b.Elevation(p) != 0 {
		t.Errorf("7\" toward the platform past the wall: at %v (elevation %v), want beside an end of the wall on the ground", p, b.Elevation(p))
	}
	// With the movement for it, on round the wall, onto the platform.
	b.walk(0, goal, 20, 0, 3)
	if p := b.Figs[0].Pos; !approx(p.X, 12) || !approx(p.Y, 16) || b.Elevation(p) != 1 {
		t.Errorf("on to the goal: at %v (elevation %v), want (12, 16) on the platform", p, b.Elevation(p))
	}
}

// TV-06 in play: falling off a 4" piece when pushed hurts 6; a figure
// going down a 4" piece climbs down unless it chooses to drop.
func TestFallingInPlay(t *testing.T) {
	tower := rect("tower", 0, 0, 24, 10)
	tower.Height = 4
	// A stands on the tower's edge, B on the tower behind it.
	var b *Battle
	var s *Setup
	// Now A on the tower's edge is pushed off by B standing on the tower.
	s = setup(t, 24, 24, []fig{soldier(SideA, 12, 10.4), soldier(SideB, 12, 9.4)}, []Terrain{tower}, nil)
	b = battle(s, scripted{push: PushLoser})
	b.Place(0, geom.V(12, 9.9)) // centre on the tower, 0.1" from its edge
	b.Place(1, geom.V(12, 8.9))
	act(b, 1)
	b.rigDice(20, 1)
	b.Fight(1, 0)
	// 20+1 = 21 vs 1+1 = 2: damage 21 − 10 = 11 takes A out first.
	if !b.Figs[0].Out() {
		t.Fatalf("A not out: Health %d", b.Figs[0].Health)
	}
	// A figure with Health to spare falls and takes 6.
	b = battle(s, scripted{push: PushLoser})
	b.Place(0, geom.V(12, 9.9))
	b.Place(1, geom.V(12, 8.9))
	b.Figs[0].Health = 30
	b.Figs[1].Shield = 0
	act(b, 1)
	b.rigDice(11, 1) // 12 vs 2: 2 damage, then the push and the fall
	b.Fight(1, 0)
	if got := b.Figs[0].Health; got != 30-2-6 {
		t.Errorf("pushed off a 4\" tower: Health %d, want %d (2 from the blow, 6 from the fall)", got, 30-2-6)
	}
	if b.T.Falls != 1 {
		t.Errorf("%d falls recorded", b.T.Falls)
	}
	// Walking off: climbing down costs 8" (a drop of 4" would hurt); with
	// maxDrop 4 the figure drops and takes 6.
	s = setup(t, 24, 24, []fig{soldier(SideA, 22, 22), soldier(SideB, 2, 22), soldier(SideCreatures, 12, 9)}, []Terrain{tower}, nil)
	b = battle(s, passive{})
	act(b, 2)
	b.Move(2, geom.V(12, 20), 0)
	if got := b.Figs[2].Pos.Y; !approx(got, 10) || b.Figs[2].Health != 10 {
		t.Errorf("climbing down 4\" with Move 6: at y=%v, Health %d; want the edge (10), unhurt", got, b.Figs[2].Health)
	}
	b = battle(s, passive{})
	act(b, 2)
	b.Move(2, geom.V(12, 20), 4)
	if got := b.Figs[2].Pos.Y; !approx(got, 15) || b.Figs[2].Health != 4 {
		t.Errorf("dropping 4\" with Move 6: at y=%v, Health %d; want 15, Health 4", got, b.Figs[2].Health)
	}
}

// TV-08: jumping over water after a straight run-up as long as the jump.
func TestTV08Jumping(t *testing.T) {
	water := func(y0, y1 float32) Terrain {
		tr := rect("stream", 0, y0, 30, y1)
		tr.Water = true
		return tr
	}
	for _, c := range []struct {
		name   string
		startY float32
		move   float32
		w0, w1 float32
		want   float32
	}{
		{"2\" run-up, 2\" of water: jumps", 8, 6, 10, 12, 14},
		{"1\" run-up, 2\" of water: wades at double cost", 9, 6, 10, 12, 13},
		{"6\" run-up, 4\" of water: jumps", 4, 10, 10, 14, 14},
		{"6\" run-up, 4.5\" of water: too wide, wades", 4, 10, 10, 14.5, 12},
	} {
		s := setup(t, 30, 30, []fig{soldier(SideA, 15, c.startY), soldier(SideB, 2, 28)}, []Terrain{water(c.w0, c.w1)}, nil)
		b := battle(s, passive{})
		b.S.Profiles[0].Move = c.move
		act(b, 0)
		b.Move(0, geom.V(15, 29), 0)
		if got := b.Figs[0].Pos.Y; !approx(got, c.want) {
			t.Errorf("%s: ended at y=%v, want %v", c.name, got, c.want)
		}
	}
	// Moved 3" with a turn, then 1" straight: a 1" jump, not a 2" one.
	for _, c := range []struct {
		width float32
		want  float32
	}{{1, 14}, {2, 12}} {
		s := setup(t, 30, 30, []fig{soldier(SideA, 12, 9), soldier(SideB, 2, 28)}, []Terrain{water(10, 10+c.width)}, nil)
		b := battle(s, passive{})
		f := &b.Figs[0]
		act(b, 0)
		f.moves, f.left = 1, 1
		b.walk(0, geom.V(15, 9), 3, 0, 0) // 3" east
		b.walk(0, geom.V(15, 30), 5, 0, 0)
		// north: 1" run-up, then the water
		if got := f.Pos.Y; !approx(got, c.want) {
			t.Errorf("a turn, 1\" straight, %v\" of water: ended at y=%v, want %v", c.width, got, c.want)
		}
	}
}

// TV-09: Run for it moves 3" whatever the ground, and ends the activation.
func TestTV09RunForIt(t *testing.T) {
	rough := rect("rubble", 0, 5, 30, 25)
	rough.Rough = true
	s := setup(t, 30, 30, []fig{soldier(SideA, 15, 8), soldier(SideB, 2, 28)}, []Terrain{rough}, nil)
	b := battle(s, passive{})
	act(b, 0)
	if !b.RunForIt(0, geom.V(15, 29)) {
		t.Fatal("Run for it refused as the first action")
	}
	if got := b.Figs[0].Pos.Y; !approx(got, 11) {
		t.Errorf("ran to y=%v across rough ground, want 11", got)
	}
	if b.Figs[0].left != 0 || b.Move(0, geom.V(15, 29), 0) {
		t.Error("the activation did not end after Run for it")
	}
	// A Move across the same rough ground: 6" of Move is 3" of progress.
	b = battle(s, passive{})
	act(b, 0)
	b.Move(0, geom.V(15, 29), 0)
	if got := b.Figs[0].Pos.Y; !approx(got, 11) {
		t.Errorf("moved to y=%v across rough ground, want 11", got)
	}
	// Not as a second action.
	if b.RunForIt(0, geom.V(15, 29)) {
		t.Error("Run for it allowed as a second action")
	}
	// The second Move is half: 3" of Move, 1.5" across rough ground.
	b.Move(0, geom.V(15, 29), 0)
	if got := b.Figs[0].Pos.Y; !approx(got, 12.5) {
		t.Errorf("2nd Move ended at y=%v, want 12.5", got)
	}
}

// TV-10: swimming.
func TestTV10Swimming(t *testing.T) {
	pool := rect("pool", 0, 0, 30, 30)
	pool.Water = true
	a := soldier(SideA, 15, 15)
	a.will = 2
	s := setup(t, 30, 30, []fig{a, soldier(SideB, 2, 28)}, []Terrain{pool}, nil)
	b := battle(s, passive{})
	b.rigDice(1)
	act(b, 0)
	if b.Figs[0].left != 0 || b.Figs[0].Health != 8 {
		t.Errorf("d20 1, Will +2, TN5: %d actions, Health %d; want none and 8", b.Figs[0].left, b.Figs[0].Health)
	}
	b = battle(s, passive{})
	b.rigDice(3)
	act(b, 0)
	if b.Figs[0].left != 2 || b.Figs[0].Health != 10 {
		t.Errorf("d20 3: %d actions, Health %d; want 2 and 10", b.Figs[0].left, b.Figs[0].Health)
	}
}

// TV-11: grenade scatter (Shoot +1, point in sight +2, hasty −1: +2).
func TestTV11GrenadeScatter(t *testing.T) {
	a := soldier(SideA, 10, 10)
	a.weapons = []uint8{wSmoke, wHand}
	s := setup(t, 30, 30, []fig{a, soldier(SideB, 25, 28)}, nil, nil)
	point := geom.V(10, 14)
	for _, c := range []struct {
		d20     int
		removed bool
		dist    float32
	}{{6, false, 4}, {1, true, 0}, {3, true, 0}, {4, false, 6}, {10, false, 0}} {
		b := battle(s, passive{})
		act(b, 0)
		b.Move(0, b.Figs[0].Pos, 0) // a Move action: the throw is hasty
		if got := b.GrenadeMod(0, wSmoke, point); got != 2 {
			t.Fatalf("grenade modifier %+d, want +2", got)
		}
		b.rigDice(c.d20)
		if !b.Throw(0, wSmoke, point) {
			t.Fatal("throw refused")
		}
		switch {
		case c.removed && b.NSmoke != 0:
			t.Errorf("d20 %d: the grenade landed; it should be removed", c.d20)
		case !c.removed && b.NSmoke != 1:
			t.Errorf("d20 %d: no cloud", c.d20)
		case !c.removed:
			if got := b.Smoke[0].C.Dist(point); !approx(got, c.dist) {
				t.Errorf("d20 %d: landed %v\" from the point, want %v", c.d20, got, c.dist)
			}
		}
	}
}

// TV-12: a power with exertion and strain.
func TestTV12PowerExertionStrain(t *testing.T) {
	shield := Power{Name: "shield", AN: 12, Strain: 1, Op: OpShield, Amount: 1}
	a := soldier(SideA, 10, 10)
	a.powers = []Power{shield}
	s := setup(t, 30, 30, []fig{a, soldier(SideB, 25, 28)}, nil, nil)
	for _, rule := range []uint8{ExertAfter, ExertBefore} {
		s.Rules.Exertion = rule
		b := battle(s, passive{})
		act(b, 0)
		b.rigDice(10)
		b.Power(0, 0, -1, 2, NoPowerMove, geom.Vec{})
		if b.Figs[0].Health != 7 || b.Figs[0].Shield != 1 {
			t.Errorf("exertion rule %d: d20 10 + 2 exerted vs AN 12: Health %d (want 7), shield %d", rule, b.Figs[0].Health, b.Figs[0].Shield)
		}
		b = battle(s, passive{})
		act(b, 0)
		b.rigDice(10)
		b.Power(0, 0, -1, 0, NoPowerMove, geom.Vec{})
		if b.Figs[0].Health != 10 || b.Figs[0].Shield != 0 {
			t.Errorf("no exertion: Health %d, shield %d; want 10 and none", b.Figs[0].Health, b.Figs[0].Shield)
		}
	}
	// After the roll, only what is needed is spent; before it, all that
	// was declared.
	s.Rules.Exertion = ExertAfter
	b := battle(s, passive{})
	act(b, 0)
	b.rigDice(15)
	b.Power(0, 0, -1, 3, NoPowerMove, geom.Vec{})
	if b.Figs[0].Health != 9 {
		t.Errorf("after_roll, d20 15: Health %d, want 9 (strain only)", b.Figs[0].Health)
	}
	s.Rules.Exertion = ExertBefore
	b = battle(s, passive{})
	act(b, 0)
	b.rigDice(15)
	b.Power(0, 0, -1, 3, NoPowerMove, geom.Vec{})
	if b.Figs[0].Health != 6 {
		t.Errorf("before_roll, 3 declared: Health %d, want 6", b.Figs[0].Health)
	}
	// A Power Move: 3" before the attempt.
	pm := shield
	pm.PowerMove = true
	a.powers = []Power{pm}
	s = setup(t, 30, 30, []fig{a, soldier(SideB, 25, 28)}, nil, nil)
	b = battle(s, passive{})
	act(b, 0)
	b.rigDice(1)
	b.Power(0, 0, -1, 0, PowerMoveBefore, geom.V(10, 20))
	if got := b.Figs[0].Pos.Y; !approx(got, 13) {
		t.Errorf("Power Move ended at y=%v, want 13", got)
	}
}

// TV-13: loot.
func TestTV13Loot(t *testing.T) {
	a := soldier(SideA, 10, 10)
	a.will = 4
	enemy := soldier(SideB, 10, 11.5) // 0.5" from a's base
	loot := []LootSpec{{Pos: geom.V(10.9, 10)}, {Pos: geom.V(9.1, 10), Data: true}}
	s := setup(t, 30, 30, []fig{a, soldier(SideB, 25, 28)}, nil, loot)
	b := battle(s, passive{})
	act(b, 0)
	b.rigDice(10)
	if !b.Unlock(0, 0) {
		t.Fatal("Will +4, d20 10 vs TN14: not unlocked")
	}
	left := b.Figs[0].left
	if !b.PickUp(0, 0) || b.Figs[0].left != left {
		t.Errorf("the unlocker's pick-up of physical loot was not free: %d actions left, had %d", b.Figs[0].left, left)
	}
	if b.Allowance(0) != 3 || b.ShootStat(0) != 0 || b.FightStat(0) != 0 {
		t.Errorf("carrying physical loot: allowance %v (3), Shoot %d (0), Fight %d (0)", b.Allowance(0), b.ShootStat(0), b.FightStat(0))
	}
	b.Loot[1].Unlocked = true
	if b.CanPickUp(0, 1) {
		t.Error("a second token picked up")
	}
	// An enemy within 1" forbids the attempt.
	s = setup(t, 30, 30, []fig{a, enemy}, nil, loot)
	b = battle(s, passive{})
	act(b, 0)
	if b.CanUnlock(0, 0) {
		t.Error("unlocking with an enemy within 1\"")
	}
	// Data loot: picking it up costs an action, and carrying it costs
	// nothing.
	s = setup(t, 30, 30, []fig{a, soldier(SideB, 25, 28)}, nil, loot)
	b = battle(s, passive{})
	act(b, 0)
	b.rigDice(20)
	if !b.Unlock(0, 1) || b.CanPickUp(0, 1) {
		t.Error("unlock and pick up data loot in one activation, with no Move")
	}
	b.Move(0, b.Figs[0].Pos, 0)
	b.end(0)
	act(b, 0)
	if !b.PickUp(0, 1) || b.Figs[0].left != 1 {
		t.Errorf("data loot pick-up: %d actions left, want 1", b.Figs[0].left)
	}
	if b.Allowance(0) != 6 || b.ShootStat(0) != 1 {
		t.Errorf("carrying data loot: allowance %v, Shoot %d", b.Allowance(0), b.ShootStat(0))
	}
}

// TV-14: weapons.
func TestTV14Weapons(t *testing.T) {
	a := soldier(SideA, 5, 5)
	a.melee = -1
	a.weapons = []uint8{wPistol, wShotgun, wCarbine}
	bb := soldier(SideB, 5, 17) // 11" edge to edge
	s := setup(t, 30, 30, []fig{a, bb}, nil, nil)
	b := battle(s, passive{})
	if got := b.FightStat(0); got != -1 {
		t.Errorf("unarmed Fight +1: %d, want −1", got)
	}
	act(b, 0)
	if b.CanShoot(0, wPistol, 1) || !b.CanShoot(0, wShotgun, 1) || !b.CanShoot(0, wCarbine, 1) {
		t.Errorf("at 11\": pistol %t (no), shotgun %t (yes), carbine %t (yes)",
			b.CanShoot(0, wPistol, 1), b.CanShoot(0, wShotgun, 1), b.CanShoot(0, wCarbine, 1))
	}
	if sh := b.ShotAt(0, wShotgun, 1); sh.M != 1 {
		t.Errorf("shotgun damage modifier %+d", sh.M)
	}
	// Unarmed damage −2 and knife −1 in a fight.
	for _, c := range []struct {
		melee int
		want  int8
	}{{-1, 10 - (14 + 1 - 2 - 2 - 10)}, {wKnife, 10 - (14 + 1 - 1 - 10)}, {wHand, 10 - (14 + 1 - 10)}} {
		a := soldier(SideA, 5, 5)
		a.melee = c.melee
		s := setup(t, 30, 30, []fig{a, soldier(SideB, 5, 6)}, nil, nil)
		b := battle(s, passive{})
		act(b, 0)
		b.rigDice(14, 1)
		b.Fight(0, 1)
		if b.Figs[1].Health != c.want {
			t.Errorf("melee weapon %d: target Health %d, want %d", c.melee, b.Figs[1].Health, c.want)
		}
	}
}

// TV-15: melee.
func TestTV15Melee(t *testing.T) {
	a := soldier(SideA, 5, 5)
	a.fight = 2
	a.armour = 11
	bb := soldier(SideB, 5, 6)
	bb.fight = 1
	bb.health = 20
	for _, c := range []struct {
		name       string
		melee      int
		dice       []int
		aWins      bool
		aH, bH     int8
		push       Push
		aPos, bPos geom.Vec
	}{
		{"14 vs 9, hand weapon, stay", wHand, []int{14, 9}, true, 10, 14, Stay, geom.V(5, 5), geom.V(5, 6)},
		{"14 vs 9, knife, push the loser", wKnife, []int{14, 9}, true, 10, 15, PushLoser, geom.V(5, 5), geom.V(5, 7)},
		{"14 vs 9, step back", wHand, []int{14, 9}, true, 10, 14, PushSelf, geom.V(5, 4), geom.V(5, 6)},
		{"5 vs 12: B wins, 13 − 11", wHand, []int{5, 12}, false, 8, 20, Stay, geom.V(5, 5), geom.V(5, 6)},
	} {
		a.melee = c.melee
		s := setup(t, 30, 30, []fig{a, bb}, nil, nil)
		b := battle(s, scripted{push: c.push})
		act(b, 0)
		b.rigDice(c.dice...)
		if won := b.Fight(0, 1); won != c.aWins {
			t.Errorf("%s: A won %t", c.name, won)
		}
		if b.Figs[0].Health != c.aH || b.Figs[1].Health != c.bH {
			t.Errorf("%s: Health A %d B %d, want %d %d", c.name, b.Figs[0].Health, b.Figs[1].Health, c.aH, c.bH)
		}
		if !approx(b.Figs[0].Pos.Dist(c.aPos), 0) || !approx(b.Figs[1].Pos.Dist(c.bPos), 0) {
			t.Errorf("%s: A at %v, B at %v", c.name, b.Figs[0].Pos, b.Figs[1].Pos)
		}
		if c.push != Stay && b.InCombatWith(0, 1) {
			t.Errorf("%s: still in combat after a push", c.name)
		}
	}
	// Ties under each rule: 12 + 2 = 14 = 13 + 1.
	for _, c := range []struct {
		rule   uint8
		dice   []int
		aH, bH int8
	}{{TieNone, []int{12, 13}, 10, 20}, {TieBothDamage, []int{12, 13}, 10 - (14 - 11), 20 - (14 - 10)}, {TieReroll, []int{12, 13, 15, 1}, 10, 20 - (17 - 10)}} {
		a.melee = wHand
		s := setup(t, 30, 30, []fig{a, bb}, nil, nil)
		s.Rules.MeleeTie = c.rule
		b := battle(s, passive{})
		act(b, 0)
		b.rigDice(c.dice...)
		b.Fight(0, 1)
		if b.Figs[0].Health != c.aH || b.Figs[1].Health != c.bH {
			t.Errorf("tie rule %d: Health A %d B %d, want %d %d", c.rule, b.Figs[0].Health, b.Figs[1].Health, c.aH, c.bH)
		}
	}
}

// Supporting figures in play: two friends of A touching only B (+4)
// against one friend of B touching only A (+2): A fights at +2, B at +0.
// A friend also touching another enemy does not support.
func TestSupportInPlay(t *testing.T) {
	figs := []fig{
		soldier(SideA, 10, 10), // 0: A
		soldier(SideA, 9, 11),  // 1: touches B only? placed below
		soldier(SideA, 11, 11), // 2
		soldier(SideB, 10, 11), // 3: B
		soldier(SideB, 10, 9),  // 4: touches A
		soldier(SideB, 25, 25), // 5: far
	}
	s := setup(t, 30, 30, figs, nil, nil)
	b := battle(s, passive{})
	if !b.InCombatWith(0, 3) || !b.InCombatWith(1, 3) || !b.InCombatWith(2, 3) || !b.InCombatWith(4, 0) {
		t.Fatal("the figures are not in contact as intended")
	}
	a, d := b.MeleeMods(0, 3)
	if a != 1+2 || d != 1 {
		t.Errorf("A +%d, B +%d; want Fight+1 +2 net support, Fight +1", a, d)
	}
	// Figure 2 now also touches figure 5: it supports no more.
	b.Place(5, geom.V(12, 11))
	a, d = b.MeleeMods(0, 3)
	if a != 1 || d != 1 {
		t.Errorf("with one supporter each: A +%d, B +%d; want +1, +1", a, d)
	}
}

// TV-16: shooting.
func TestTV16Shooting(t *testing.T) {
	a := soldier(SideA, 10, 2)
	a.shoot = 2
	tg := soldier(SideB, 10, 20)
	cover := rect("barricade", 8, 18.9, 12, 19.5)
	cover.Cover = CoverLight
	s := setup(t, 30, 30, []fig{a, tg}, []Terrain{cover}, nil)
	b := battle(s, passive{})
	if sh := b.ShotAt(0, wCarbine, 1); sh.A != 2 || sh.D != 3 || sh.M != 0 || sh.R != 10 {
		t.Fatalf("shot %+v, want A 2, D 3, M 0, R 10", sh)
	}
	act(b, 0)
	b.rigDice(13, 8)
	b.Shoot(0, wCarbine, 1, -1)
	if b.Figs[1].Health != 5 || !b.Figs[1].Stunned() {
		t.Errorf("13 vs 8: Health %d (5), stunned %t (yes)", b.Figs[1].Health, b.Figs[1].Stunned())
	}
	b = battle(s, passive{})
	act(b, 0)
	b.rigDice(12, 11)
	b.Shoot(0, wCarbine, 1, -1)
	if b.Figs[1].Health != 10 || b.T.Hits[0] != 0 {
		t.Errorf("14 vs 14: a tie should miss; Health %d", b.Figs[1].Health)
	}
	b = battle(s, passive{})
	act(b, 0)
	b.rigDice(20, 1)
	b.Shoot(0, wCarbine, 1, -1)
	if b.T.Crits != 1 || b.Figs[1].Health != 10-2*(22-10) {
		t.Errorf("natural 20: %d crits, Health %d (double damage under crit: double_damage)", b.T.Crits, b.Figs[1].Health)
	}
	s.Rules.Crit = CritRecord
	b = battle(s, passive{})
	act(b, 0)
	b.rigDice(20, 1)
	b.Shoot(0, wCarbine, 1, -1)
	if b.T.Crits != 1 || b.Figs[1].Health != 10-(22-10) {
		t.Errorf("natural 20 under crit: record: %d crits, Health %d", b.T.Crits, b.Figs[1].Health)
	}
	// A natural 1 jams: a miss even when the total wins, no more shooting
	// this activation, the jam cleared at the next with the target +1.
	b = battle(s, passive{})
	b.S.Profiles[0].Shoot = 30
	act(b, 0)
	b.rigDice(1, 1)
	b.Shoot(0, wCarbine, 1, -1)
	if b.Figs[1].Health != 10 || !b.Figs[0].Jammed() || b.T.Jams != 1 {
		t.Errorf("natural 1: Health %d, jammed %t", b.Figs[1].Health, b.Figs[0].Jammed())
	}
	b.S.Profiles[0].Shoot = 2
	b.end(0)
	act(b, 0)
	if b.Figs[0].Jammed() {
		t.Error("the jam was not cleared at the next activation")
	}
	if sh := b.ShotAt(0, wCarbine, 1); sh.D != 4 {
		t.Errorf("after clearing a jam the target rolls at +%d, want +4", sh.D)
	}
	// Hasty: after moving the target gains +1.
	b = battle(s, passive{})
	act(b, 0)
	b.Move(0, geom.V(11, 2), 0)
	if sh := b.ShotAt(0, wCarbine, 1); sh.D != 4 {
		t.Errorf("hasty shot: target +%d, want +4", sh.D)
	}
	// Large target −2; stunned shooter +2 (the default reading) or stunned
	// target (the other).
	b = battle(s, passive{})
	b.S.Profiles[1].Large = true
	if sh := b.ShotAt(0, wCarbine, 1); sh.D != 1 {
		t.Errorf("large target: +%d, want +1", sh.D)
	}
	b.S.Profiles[1].Large = false
	b.Figs[0].flags |= fStunned
	act(b, 0)
	if sh := b.ShotAt(0, wCarbine, 1); sh.D != 5 {
		t.Errorf("stunned shooter: target +%d, want +5", sh.D)
	}
}

// TV-17: a fragmentation grenade attacks every figure within 1.5" (base
// edge) of where it lands, at d20 + 3.
func TestTV17Frag(t *testing.T) {
	point := geom.V(15, 15)
	figs := []fig{
		soldier(SideA, 15, 9.5),
		soldier(SideB, 15+1.0+0.5, 15),
		soldier(SideB, 15, 15+1.5+0.5),
		soldier(SideB, 15-2.0-0.5, 15),
	}
	figs[0].weapons = []uint8{wFrag, wHand}
	figs[0].shoot = 5
	s := setup(t, 30, 30, figs, nil, nil)
	b := battle(s, passive{})
	var buf [MaxFigures]int8
	if v := b.FragVictims(wFrag, point, buf[:0]); len(v) != 2 || v[0] != 1 || v[1] != 2 {
		t.Errorf("victims %v, want [1 2]", v)
	}
	act(b, 0)
	rec := &recorder{}
	b.Trace = rec
	b.rigDice(12, 10, 1, 11, 1) // the throw lands; 13 vs 2 and 14 vs 2
	if !b.Throw(0, wFrag, point) {
		t.Fatal("throw refused")
	}
	shots := 0
	for _, e := range rec.events {
		if e.Kind == EvShot {
			shots++
			if e.A != int16(e.X)+3 {
				t.Errorf("frag attack total %d with d20 %d: want d20 + 3", e.A, e.X)
			}
		}
	}
	if shots != 2 || b.Figs[1].Health != 10-3 || b.Figs[2].Health != 10-4 || b.Figs[3].Health != 10 {
		t.Errorf("%d attacks, Health %d %d %d", shots, b.Figs[1].Health, b.Figs[2].Health, b.Figs[3].Health)
	}
}

type recorder struct{ events []Event }

func (r *recorder) Event(b *Battle, e *Event) { r.events = append(r.events, *e) }

// TV-19: group activation eligibility, and the group moving first.
func TestTV19Group(t *testing.T) {
	capt := soldier(SideA, 10, 10)
	capt.role = Captain
	figs := []fig{capt,
		soldier(SideA, 10, 13),   // 2" edge to edge, in sight
		soldier(SideA, 13.5, 10), // 2.5", behind a wall
		soldier(SideA, 5, 10),    // 4"
		soldier(SideB, 10, 28),
	}
	wall := rect("wall", 11.2, 8, 11.6, 12)
	wall.BlocksLOS, wall.Impassable = true, true
	s := setup(t, 30, 30, figs, []Terrain{wall}, nil)
	b := battle(s, passive{})
	var buf [MaxBand]int8
	if el := b.GroupEligible(0, buf[:0]); len(el) != 1 || el[0] != 1 {
		t.Errorf("eligible %v, want [1]", el)
	}
	// In the group, the first action must be a Move: a Shoot is refused.
	var refused, moved bool
	pol := scripted{act: func(b *Battle, i int, step Step) {
		if step == StepGroupMove {
			if i == 1 {
				refused = !b.Shoot(i, wCarbine, 4, -1)
			}
			return
		}
		if step == StepGroupRest && i == 1 {
			moved = b.Figs[i].Moves() == 1
		}
	}}
	b = battle(s, pol)
	b.Place(4, geom.V(10, 20))
	b.groupActivation(0)
	if !refused || !moved {
		t.Errorf("group member: shot refused %t (want yes), a Move made first %t (want yes)", refused, moved)
	}
	if !b.Figs[1].Activated() || b.Figs[2].Activated() {
		t.Error("the group's soldier should be activated, the other not")
	}
}

// Forcing combat: an enemy the mover passes within 1" of may intercept;
// the mover stops and both are in combat. A figure in combat may not move.
func TestForcingCombat(t *testing.T) {
	s := setup(t, 30, 30, []fig{soldier(SideA, 5, 10), soldier(SideB, 10, 11.6)}, nil, nil)
	b := battle(s, scripted{intercept: true})
	act(b, 0)
	b.Move(0, geom.V(20, 10), 0)
	if !b.InCombatWith(0, 1) || b.Figs[0].Pos.X > 10 {
		t.Errorf("not intercepted: A at %v, B at %v", b.Figs[0].Pos, b.Figs[1].Pos)
	}
	if b.Move(0, geom.V(20, 10), 0) {
		t.Error("a figure in combat moved")
	}
	b = battle(s, scripted{intercept: false})
	act(b, 0)
	b.Move(0, geom.V(20, 10), 0)
	if b.InCombat(0) || !approx(b.Figs[0].Pos.X, 11) {
		t.Errorf("declined interception: A at %v", b.Figs[0].Pos)
	}
}

// A loot carrier reaching its edge leaves the table; when every token is
// carried off the game ends and is scored.
func TestCarryOff(t *testing.T) {
	a := soldier(SideA, 10, 3)
	s := setup(t, 30, 30, []fig{a, soldier(SideB, 10, 28)}, nil, []LootSpec{{Pos: geom.V(10, 3), Data: true}})
	b := battle(s, passive{})
	b.Loot[0].Unlocked = true
	act(b, 0)
	b.PickUp(0, 0)
	b.Move(0, b.HomeGoal(0), 0)
	if !b.Figs[0].Exited() || b.T.Off[0] != 1 || !b.Done {
		t.Fatalf("exited %t, carried off %d, done %t", b.Figs[0].Exited(), b.T.Off[0], b.Done)
	}
	b.finish()
	if b.Outcome != ALoot {
		t.Errorf("outcome %s", OutcomeKey(b.Outcome))
	}
}

// A game ends in the turn its last figure of a warband falls, and says so;
// otherwise at the turn cap.
func TestGameLength(t *testing.T) {
	a := soldier(SideA, 10, 10)
	a.shoot = 40
	s := setup(t, 30, 30, []fig{a, soldier(SideB, 10, 20)}, nil, nil)
	killer := scripted{act: func(b *Battle, i int, step Step) {
		if i == 0 && b.Turn == 3 {
			b.Shoot(0, wCarbine, 1, -1)
		}
	}}
	b := &Battle{}
	b.Reset(s, 1, 0)
	b.Play(killer, passive{}, passive{})
	if b.Turn != 3 || b.T.Turns != 3 || b.Outcome != AElim {
		t.Errorf("shot dead in turn 3 (unless a jam): turn %d, %d turns, outcome %s", b.Turn, b.T.Turns, OutcomeKey(b.Outcome))
	}
	b.Reset(s, 1, 0)
	b.Play(passive{}, passive{}, passive{})
	if b.T.Turns != 10 || b.Outcome != Draw {
		t.Errorf("nothing happening: %d turns, outcome %s", b.T.Turns, OutcomeKey(b.Outcome))
	}
}

// The tokens lying on the table, as a mask, follow the tokens: one picked
// up leaves it, one its carrier drops (taken out) comes back, one carried
// off the table does not; and the carriers' mask follows the carriers.
func TestLootOnGround(t *testing.T) {
	onGround := func(b *Battle) (m uint32) {
		for k := 0; k < b.NLoot; k++ {
			if b.Loot[k].OnGround() {
				m |= 1 << k
			}
		}
		return m
	}
	a := soldier(SideA, 10, 3)
	loot := []LootSpec{{Pos: geom.V(10, 3), Data: true}, {Pos: geom.V(20, 20)}}
	s := setup(t, 30, 30, []fig{a, soldier(SideB, 10, 28)}, nil, loot)
	b := battle(s, passive{})
	check := func(when string, want, carrying uint32) {
		t.Helper()
		if got := b.LootOnGround(); got != want || got != onGround(b) {
			t.Errorf("%s: LootOnGround %b, want %b (OnGround: %b)", when, got, want, onGround(b))
		}
		if got := b.Carrying(); got != carrying {
			t.Errorf("%s: Carrying %b, want %b", when, got, carrying)
		}
	}
	check("set up", 0b11, 0)
	b.Loot[0].Unlocked = true
	act(b, 0)
	b.PickUp(0, 0)
	check("picked up", 0b10, 0b1)
	b.takeOut(0)
	check("dropped", 0b11, 0)
	b = battle(s, passive{})
	b.Loot[0].Unlocked = true
	act(b, 0)
	b.PickUp(0, 0)
	b.Move(0, b.HomeGoal(0), 0)
	check("carried off", 0b10, 0)
}

// A profile's gun (Profile.Gun, worked out by Prepare) is its gun or
// flame thrower of the longest range, the first of equals, or -1; a
// weapon's index may be past 127.
func TestProfileGun(t *testing.T) {
	const far = 200 // a gun of 30" at index 200 of a long weapons table
	for _, c := range []struct {
		name    string
		weapons []uint8
		want    int
	}{
		{"melee only", []uint8{wHand, wKnife}, -1},
		{"a grenade is no gun", []uint8{wFrag, wHand}, -1},
		{"one gun", []uint8{wPistol, wHand}, wPistol},
		{"the longer", []uint8{wPistol, wCarbine}, wCarbine},
		{"the first of equals", []uint8{wRapid, wCarbine}, wRapid},
		{"a flame thrower counts", []uint8{wFlame, wHand}, wFlame},
		{"a launcher does not", []uint8{wLauncher, wPistol}, wPistol},
		{"an index past 127", []uint8{wCarbine, far}, far},
	} {
		f := soldier(SideA, 5, 5)
		f.weapons = nil
		s := setup(t, 20, 20, []fig{f, soldier(SideB, 15, 15)}, nil, nil)
		for len(s.Weapons) <= far {
			s.Weapons = append(s.Weapons, Weapon{Name: "filler", Class: Melee, Slots: 1})
		}
		s.Weapons[far] = Weapon{Name: "long_gun", Class: Gun, Range: 30, Targets: 1, Slots: 2}
		p := &s.Profiles[0]
		p.NWeapons = uint8(copy(p.Weapons[:], c.weapons))
		if err := s.Prepare(); err != nil {
			t.Fatal(err)
		}
		if got := p.Gun(); got != c.want {
			t.Errorf("%s: Gun() = %d, want %d", c.name, got, c.want)
		}
	}
}
