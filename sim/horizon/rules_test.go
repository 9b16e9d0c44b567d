package horizon

import (
	"testing"
)

// slotOf returns the hand slot of card c in hunter who's hand, or fails.
func slotOf(t testing.TB, h *Hunt, who int, c uint8) int8 {
	t.Helper()
	s := &h.H[who]
	for i := 0; i < int(s.NHand); i++ {
		if s.Hand[i] == c {
			return int8(i)
		}
	}
	t.Fatalf("%s holds no %s", h.HunterName(who), h.Sc.Cards[c].Name)
	return -1
}

// rigged sets the faces the next dice show (face indices, in the order
// the dice are rolled: by colour, then rerolls).
func rigged(h *Hunt, faces ...uint8) { h.rig, h.rigAt = faces, 0 }

// inDiscard reports whether card c is in hunter who's discard pile.
func inDiscard(h *Hunt, who int, c uint8) bool {
	s := &h.H[who]
	for _, d := range s.Disc[:s.NDisc] {
		if d == c {
			return true
		}
	}
	return false
}

// TV-01: the Banuk Survivor's ranged attack on an alert Watcher: Hunter
// Bow and Hardpoint Arrow roll 4 with two 1s, Intuition rerolls both 1s
// into 4, the total 6 less armour 1 kills the Watcher (HP 5).
func TestBanukKillsWatcher(t *testing.T) {
	b := mustBoard(t, openLayout(2, 1))
	hunters := []Loadout{testLoadout("Banuk Survivor", cHardpoint, cIntuition, cArrow, cArrow, cArrow, cArrow)}
	hunters[0].Weapons[0].Range = 3
	sc := testScenario(t, b, hunters, [][2]int{{mWatcher, cell(t, b, 2, 0)}}, 2)
	h := newHuntAt(sc, &script{}, cell(t, b, 0, 0))
	h.E[0].Alert = true
	d := &sc.Dice
	one, two := faceOf(d, 0, 1, false), faceOf(d, 0, 2, false)
	rigged(h, one, one, faceOf(d, 1, 2, false), two, two)
	a := Attack(RangedAttack, 0, 0)
	a.Ammo, a.Ability = slotOf(t, h, 0, cHardpoint), slotOf(t, h, 0, cIntuition)
	if !h.Legal(0, &a) {
		t.Fatal("the attack is not legal")
	}
	h.do(0, &a)
	if h.rigAt != 5 {
		t.Errorf("%d dice rolled, want 3 and 2 rerolled once", h.rigAt)
	}
	if h.roll.re != 0b011 {
		t.Errorf("rerolled dice %b, want the two 1s", h.roll.re)
	}
	if h.E[0].Where != Killed || h.E[0].Dmg != 5 {
		t.Fatalf("Watcher: where %d, damage %d; want killed with 5", h.E[0].Where, h.E[0].Dmg)
	}
	if h.Rec.Salvage[0] != 1 || h.H[0].Glory != 1 || h.Points != 2 || h.Rec.Kills[0] != 1 {
		t.Errorf("salvage %d glory %d points %d kills %d", h.Rec.Salvage[0], h.H[0].Glory, h.Points, h.Rec.Kills[0])
	}
	if !inDiscard(h, 0, cHardpoint) || !inDiscard(h, 0, cIntuition) || h.H[0].NHand != 3 {
		t.Errorf("played cards not discarded: hand %d, discard %v", h.H[0].NHand, h.H[0].Disc[:h.H[0].NDisc])
	}
}

// TV-02 and P-6: a component of tear T is damaged by at least half of T
// (its tear halves once), destroyed by T; its damage value then goes to
// the enemy's HP, with a glory point to the attacker.
func TestComponentTear(t *testing.T) {
	for _, c := range []struct {
		tear  float32
		dmg   int
		floor bool
		want  int
	}{
		{4, 0, false, 0}, {4, 1, false, 0}, {4, 2, false, 1}, {4, 3, false, 1}, {4, 4, false, 2}, {4, 9, false, 2},
		{5, 2, false, 0}, {5, 3, false, 1}, {5, 5, false, 2}, {5, 2, true, 1}, {2.5, 2, false, 1}, {2.5, 3, false, 2},
	} {
		if got := Tear(c.tear, c.dmg, c.floor); got != c.want {
			t.Errorf("tear %g, damage %d, floor %v: %d, want %d", c.tear, c.dmg, c.floor, got, c.want)
		}
	}
	b := mustBoard(t, openLayout(2, 1))
	sc := testScenario(t, b, []Loadout{testLoadout("Nora Marksman", cArrow)}, [][2]int{{mSawtooth, cell(t, b, 3, 1)}}, 8)
	h := newHunt(sc, &script{})
	const cellPart = 1 // the Power Cell, tear 4
	h.hitComponent(0, 0, cellPart, 3)
	if e := &h.E[0]; e.Comp[cellPart] != Damaged || e.Tear[cellPart] != 2 || e.Dmg != 0 || h.H[0].Glory != 0 {
		t.Fatalf("after 3 damage: state %d tear %g HP damage %d glory %d", e.Comp[cellPart], e.Tear[cellPart], e.Dmg, h.H[0].Glory)
	}
	h.hitComponent(0, 0, cellPart, 1) // TV-02c: below half of 2 does nothing
	if e := &h.E[0]; e.Comp[cellPart] != Damaged || e.Tear[cellPart] != 2 {
		t.Fatalf("after 1 more damage: state %d tear %g", e.Comp[cellPart], e.Tear[cellPart])
	}
	h.hitComponent(0, 0, cellPart, 2) // TV-02b
	if e := &h.E[0]; e.Comp[cellPart] != Destroyed || e.Dmg != 2 || h.H[0].Glory != 1 || e.Armour != 1 || h.Rec.Torn[0][cellPart] == 0 {
		t.Fatalf("after 2 more damage: state %d HP damage %d glory %d armour %d", e.Comp[cellPart], e.Dmg, h.H[0].Glory, e.Armour)
	}
	a := Attack(RangedAttack, 0, 0)
	a.Part, a.Ammo = cellPart, 0
	if h.Legal(0, &a) {
		t.Error("a destroyed component can still be attacked")
	}
}

// TV-04: Searing Strike's AOE: Watcher A takes the melee attack, Watcher
// B next to it suffers the AOE with its own damage, Watcher C further away
// is untouched and stays non-alert; nothing chains from B.
func TestSearingStrikeAOE(t *testing.T) {
	b := mustBoard(t, openLayout(2, 1))
	hunters := []Loadout{testLoadout("Oseram Forgesmith", cSearing, cArrow, cArrow, cArrow, cArrow)}
	A, B, C := cell(t, b, 1, 1), cell(t, b, 2, 1), cell(t, b, 4, 1)
	sc := testScenario(t, b, hunters, [][2]int{{mWatcher, A}, {mWatcher, B}, {mWatcher, C}}, 2)
	h := newHuntAt(sc, &script{}, cell(t, b, 0, 1))
	rigged(h, faceOf(&sc.Dice, 0, 2, false))
	a := Attack(MeleeAttack, 1, 0)
	a.Ability = slotOf(t, h, 0, cSearing)
	if !h.Legal(0, &a) {
		t.Fatal("the melee attack is not legal")
	}
	h.do(0, &a)
	if int(h.H[0].Cell) != A {
		t.Errorf("the hunter did not move into A's square")
	}
	if h.E[0].Dmg != 2 || h.E[1].Dmg != 2 || h.E[2].Dmg != 0 {
		t.Errorf("damage A %d B %d C %d; want 2, 2 (non-alert: no armour), 0", h.E[0].Dmg, h.E[1].Dmg, h.E[2].Dmg)
	}
	if !h.E[0].Alert || !h.E[1].Alert || h.E[2].Alert {
		t.Errorf("alert A %v B %v C %v; want true true false", h.E[0].Alert, h.E[1].Alert, h.E[2].Alert)
	}
	if h.rigAt != 1 {
		t.Errorf("%d dice rolled: the AOE profile has none", h.rigAt)
	}
}

// TV-05: the alert Strider alone: its question (another enemy within 2?)
// answers No; the first conditional (towards an enemy) cannot be done, the
// second moves it 2 squares towards the hunter, which uses the conditional
// budget; the mandatory melee attack follows, in range. TV-05b: a hunter
// too far away is not attacked.
func TestStriderRepeatedExample(t *testing.T) {
	l := &Layout{}
	for x := 0; x < 7; x++ {
		l.Tiles = append(l.Tiles, Placement{Name: "open", X: 3 * x, Start: x == 0})
	}
	b := mustBoard(t, l)
	for _, c := range []struct {
		hx, sx   int
		attacked bool
	}{{2, 5, true}, {0, 10, false}} {
		hunters := []Loadout{testLoadout("Carja Warrior", cArrow, cArrow, cArrow, cArrow, cArrow, cArrow, cArrow, cArrow, cArrow, cArrow)}
		sc := testScenario(t, b, hunters, [][2]int{{mStrider, cell(t, b, c.sx, 1)}}, 3)
		hc := cell(t, b, c.hx, 1)
		h := newHuntAt(sc, &script{}, hc)
		h.E[0].Alert = true
		rigged(h, faceOf(&sc.Dice, 1, 0, false)) // the evade die shows 0
		h.activateAlert(0)
		if got := int(b.Cheb[h.E[0].Cell][hc]); got != c.sx-c.hx-2 {
			t.Errorf("hunter at distance %d: the Strider ends at %s, distance %d; want 2 squares closer", c.sx-c.hx, b.Name(int(h.E[0].Cell)), got)
		}
		if c.attacked {
			if h.Rec.Taken[0] != 3 || h.H[0].NDraw != 2 || int(h.H[0].Cell) == cell(t, b, c.hx, 1) {
				t.Errorf("attacked: took %d, draw pile %d, square %s (must have dodged)", h.Rec.Taken[0], h.H[0].NDraw, b.Name(int(h.H[0].Cell)))
			}
			if h.Rec.CardDmg[1] != 3 {
				t.Errorf("the Strider's card is credited with %d damage", h.Rec.CardDmg[1])
			}
		} else if h.Rec.Taken[0] != 0 || h.rigAt != 0 {
			t.Errorf("out of range: took %d damage, rolled %d dice", h.Rec.Taken[0], h.rigAt)
		}
	}
}

// TV-06: the Watcher's question: a non-alert enemy within 2 squares (2
// included) answers Yes.
func TestWatcherQuestion(t *testing.T) {
	b := mustBoard(t, openLayout(2, 1))
	q := &Question{Kind: QNonAlert, N: 2}
	for _, c := range []struct {
		x     int
		alert bool
		want  bool
	}{{1, false, true}, {2, false, true}, {3, false, false}, {1, true, false}} {
		sc := testScenario(t, b, []Loadout{testLoadout("A", cArrow)}, [][2]int{{mWatcher, cell(t, b, 0, 1)}, {mStrider, cell(t, b, c.x, 1)}}, 2)
		h := newHuntAt(sc, &script{}, cell(t, b, 5, 2))
		h.E[1].Alert = c.alert
		if got := h.answer(0, q); got != c.want {
			t.Errorf("other enemy at distance %d, alert %v: %v, want %v", c.x, c.alert, got, c.want)
		}
	}
}

// TV-07: 3 damage to a hunter with a full hand: one card from the hand
// and two from the top of the draw pile. TV-07b and P-5: with nothing in
// hand and 2 cards in the draw pile, 3 damage makes it faint, and its
// glory is lost.
func TestSufferingDamage(t *testing.T) {
	b := mustBoard(t, openLayout(1, 1))
	deck := []uint8{cHitAndRun, cArrow, cArrow, cArrow, cArrow, cArrow, cArrow, cArrow}
	sc := testScenario(t, b, []Loadout{testLoadout("Carja Warrior", deck...)}, [][2]int{{mWatcher, 8}}, 2)
	pol := &script{}
	h := newHunt(sc, pol)
	k := h.H[0].NDraw
	pol.discards = []int{int(slotOf(t, h, 0, cHitAndRun)), -1, -1}
	h.damageHunter(0, 3, -1)
	if s := &h.H[0]; s.NHand != 4 || s.NDraw != k-2 || s.NDisc != 3 || s.Fainted || !inDiscard(h, 0, cHitAndRun) {
		t.Fatalf("hand %d draw %d discard %d fainted %v", s.NHand, s.NDraw, s.NDisc, s.Fainted)
	}
	for cap := 0; cap <= 4; cap++ {
		for dmg := 1; dmg <= 6; dmg++ {
			h := newHunt(sc, &script{})
			s := &h.H[0]
			s.NHand, s.NDraw = 0, uint8(cap)
			s.Glory = 3
			h.damageHunter(0, dmg, -1)
			if s.Fainted != (dmg > Capacity(0, cap)) {
				t.Errorf("draw pile %d, damage %d: fainted %v", cap, dmg, s.Fainted)
			}
			if s.Fainted && (s.Glory != 0 || h.Rec.Faints[0] != 1 || !s.Skip) {
				t.Errorf("fainted hunter: glory %d faints %d skip %v", s.Glory, h.Rec.Faints[0], s.Skip)
			}
		}
	}
}

// TV-08: setting up: a Watcher on every spawn point of the first kind, a
// Strider on every one of the second, all non-alert; a rocky outcrop
// marker where the card shows one; tall grass printed, no marker.
func TestSetUp(t *testing.T) {
	var side TileSide
	side[0][0].Spawn = SpawnA
	side[2][2].Spawn = SpawnA
	side[1][1] = TileCell{Spawn: SpawnB, Grass: true}
	b := mustBoard(t, &Layout{Tiles: []Placement{{Name: "a", Side: side, X: 3, Start: false}, {Name: "s", X: 0, Start: true}},
		Outcrop: [][2]int{{4, 0}}})
	var enemies [][2]int
	for _, c := range b.SpawnPoints(SpawnA) {
		enemies = append(enemies, [2]int{mWatcher, c})
	}
	for _, c := range b.SpawnPoints(SpawnB) {
		enemies = append(enemies, [2]int{mStrider, c})
	}
	sc := testScenario(t, b, []Loadout{testLoadout("A", cArrow)}, enemies, 2)
	h := newHunt(sc, &script{})
	if h.NE != 3 || h.E[0].M != mWatcher || h.E[1].M != mWatcher || h.E[2].M != mStrider {
		t.Fatalf("enemies %+v", h.E[:h.NE])
	}
	for i := 0; i < h.NE; i++ {
		if h.E[i].Alert {
			t.Errorf("enemy %d starts alert", i)
		}
	}
	if h.Outcrop != 1<<cell(t, b, 4, 0) || b.Grass != 1<<cell(t, b, 4, 1) {
		t.Errorf("outcrop %b grass %b", h.Outcrop, b.Grass)
	}
	if b.Start&(1<<h.H[0].Cell) == 0 || b.Edge&(1<<h.H[0].Cell) == 0 {
		t.Errorf("the hunter starts at %s: not an edge square of the starting tile", b.Name(int(h.H[0].Cell)))
	}
}

// TV-09: Carja Silks has two modification slots: a second weave of the
// same name is refused, a second of another name taken, a third refused.
func TestModifications(t *testing.T) {
	if err := CheckMods("Carja Silks", 2, []string{"Resist Melee", "Resist Melee"}); err == nil {
		t.Error("two weaves of the same name: no error")
	}
	if err := CheckMods("Carja Silks", 2, []string{"Resist Melee", "Resist Fire"}); err != nil {
		t.Error(err)
	}
	if err := CheckMods("Carja Silks", 2, []string{"Resist Melee", "Resist Fire", "Resist Shock"}); err == nil {
		t.Error("three modifications on two slots: no error")
	}
}

// TV-13: a non-alert Watcher hit for 4 pips takes 4 (its armour counts
// only when alert) and becomes alert; alert, it takes 3; alert and
// Frozen, 4, and the Freeze token goes.
func TestArmourAndAlertness(t *testing.T) {
	b := mustBoard(t, openLayout(2, 1))
	for _, c := range []struct {
		alert, frozen, atDamage bool
		want                    int8
	}{{false, false, false, 4}, {true, false, false, 3}, {true, true, false, 4}, {false, false, true, 3}} {
		sc := testScenario(t, b, []Loadout{testLoadout("A", cArrow, cArrow, cArrow, cArrow, cArrow)}, [][2]int{{mWatcher, cell(t, b, 2, 1)}}, 2)
		sc.Rules.ArmourAtDamage = c.atDamage
		h := newHuntAt(sc, &script{}, cell(t, b, 0, 1))
		h.E[0].Alert = c.alert
		if c.frozen {
			h.E[0].Cond = Freeze
		}
		two := faceOf(&sc.Dice, 0, 2, false)
		rigged(h, two, two)
		a := Attack(RangedAttack, 0, 0)
		a.Ammo = 0
		h.do(0, &a)
		if h.E[0].Dmg != c.want || !h.E[0].Alert || h.E[0].Cond&Freeze != 0 {
			t.Errorf("%+v: damage %d alert %v cond %v", c, h.E[0].Dmg, h.E[0].Alert, h.E[0].Cond)
		}
	}
}

// TV-14: the evade roll: 3 damage less 2 pips and a crit reducing 1 (the
// crit face counting no pips) is 0: the Fire is ignored, the hunter still
// dodges. Frozen, the crit die is discarded: 1 damage, Fire taken, the
// Freeze token gone after the evade.
func TestEvadeRoll(t *testing.T) {
	b := mustBoard(t, openLayout(1, 1))
	for _, frozen := range []bool{false, true} {
		hunters := []Loadout{testLoadout("A", cArrow, cArrow, cArrow, cArrow, cArrow, cArrow)}
		hunters[0].Armour.Evade = Pool{1, 1, 0}
		sc := testScenario(t, b, hunters, [][2]int{{mWatcher, 4}}, 2)
		sc.Dice.CritPips = false
		if err := sc.Compile(); err != nil {
			t.Fatal(err)
		}
		h := newHuntAt(sc, &script{}, 0)
		if frozen {
			h.H[0].Cond = Freeze
		}
		rigged(h, faceOf(&sc.Dice, 0, 1, true), faceOf(&sc.Dice, 1, 2, false))
		at := h.H[0].Cell
		act := EAction{Kind: EMelee, N: 1, Damage: 3, Cond: Fire}
		h.E[0].Cell = 0
		h.attackHunter(0, &act, 0, 0)
		want := int16(0)
		if frozen {
			want = 1
		}
		if h.Rec.Taken[0] != want || (h.H[0].Cond&Fire != 0) != frozen || h.H[0].Cond&Freeze != 0 || h.H[0].Cell == at {
			t.Errorf("frozen %v: took %d, cond %v, dodged %v", frozen, h.Rec.Taken[0], h.H[0].Cond, h.H[0].Cell != at)
		}
	}
}

// TV-15: Fire on a hunter: 1 card discarded at the end of its activation,
// token gone. Fire on an enemy one short of its HP: killed at the end of
// its activation, encounter points only.
func TestFire(t *testing.T) {
	b := mustBoard(t, openLayout(2, 1))
	sc := testScenario(t, b, []Loadout{testLoadout("A", cArrow, cArrow, cArrow, cArrow, cArrow, cArrow, cArrow)}, [][2]int{{mWatcher, cell(t, b, 5, 2)}}, 2)
	h := newHuntAt(sc, &script{}, cell(t, b, 0, 0))
	h.H[0].Cond = Fire
	h.activate(0)
	if h.Rec.Taken[0] != 1 || h.H[0].Cond != 0 || h.Rec.FireDmg != 1 {
		t.Errorf("hunter on fire: took %d, cond %v", h.Rec.Taken[0], h.H[0].Cond)
	}
	h.E[0].Dmg = 4
	h.E[0].Cond = Fire
	h.E[0].Alert = true
	h.endEnemyActivation(0)
	if h.E[0].Where != Killed || h.Points != 2 || h.Rec.Salvage[0] != 0 || h.H[0].Glory != 0 || h.Rec.Kills[0] != 0 {
		t.Errorf("burning Watcher: where %d points %d salvage %d glory %d", h.E[0].Where, h.Points, h.Rec.Salvage[0], h.H[0].Glory)
	}
}

// TV-16: a Shocked alert enemy resolves its first action only (a move),
// then its activation ends and the token goes.
func TestShockedEnemy(t *testing.T) {
	b := mustBoard(t, openLayout(2, 1))
	sc := testScenario(t, b, []Loadout{testLoadout("A", cArrow, cArrow, cArrow, cArrow, cArrow, cArrow)}, [][2]int{{mSawtooth, cell(t, b, 5, 1)}}, 8)
	h := newHuntAt(sc, &script{}, cell(t, b, 2, 1))
	h.E[0].Alert, h.E[0].Cond = true, Shock
	h.activateAlert(0)
	if b.Cheb[h.E[0].Cell][h.H[0].Cell] != 1 || h.Rec.Taken[0] != 0 || h.E[0].Cond != 0 {
		t.Errorf("Shocked Sawtooth: at %s, damage dealt %d, cond %v", b.Name(int(h.E[0].Cell)), h.Rec.Taken[0], h.E[0].Cond)
	}
	h.activateAlert(0) // not Shocked: moves into the hunter's square and attacks
	if int(h.E[0].Cell) != cell(t, b, 2, 1) || h.Rec.Taken[0] == 0 && h.rigAt == 0 {
		t.Errorf("unshocked Sawtooth: at %s, rolled %d", b.Name(int(h.E[0].Cell)), h.rigAt)
	}
}

// TV-17, TV-18: the maintenance step: faints are checked first; the
// threshold out of reach once an enemy has left ends it in failure.
func TestMaintenance(t *testing.T) {
	b := mustBoard(t, openLayout(2, 1))
	two := []Loadout{testLoadout("A", cArrow), testLoadout("B", cArrow)}
	sc := testScenario(t, b, two, [][2]int{{mWatcher, cell(t, b, 5, 0)}, {mStrider, cell(t, b, 5, 1)}, {mSawtooth, cell(t, b, 5, 2)}}, 10)
	h := newHunt(sc, &script{})
	h.Rec.Faints = [MaxHunters]uint8{1, 1}
	h.Points = 12
	h.maintenance()
	if !h.Over || h.Rec.Outcome != OutFaints {
		t.Errorf("2 faints of 2 hunters with the threshold met: over %v, %s", h.Over, h.Rec.Outcome)
	}
	for _, c := range []struct {
		points int
		want   bool
	}{{4, true}, {7, false}} {
		h := newHunt(sc, &script{})
		h.E[0].Where, h.E[2].Where = Left, Killed
		h.Points = c.points
		h.maintenance()
		if h.Over != c.want || c.want && h.Rec.Outcome != OutImpossible {
			t.Errorf("points %d, 3 left in play, threshold 10: over %v (%s)", c.points, h.Over, h.Rec.Outcome)
		}
	}
	// the threshold met: the vote ends it (default), or play goes on
	for _, c := range []struct {
		vote uint8
		over bool
	}{{StopAtThreshold, true}, {StopAllGone, false}, {StopWhileFresh, false}} {
		sc.Rules.StopVote, sc.Rules.StopCards = c.vote, 1
		h := newHunt(sc, &script{})
		h.Points = 10
		h.maintenance()
		if h.Over != c.over {
			t.Errorf("stop vote %d: over %v", c.vote, h.Over)
		}
	}
	sc.Rules.StopVote = StopAtThreshold
	// every enemy killed: success, bonus salvage to each hunter
	h = newHunt(sc, &script{})
	for i := 0; i < 3; i++ {
		h.E[i].Where = Killed
	}
	h.Points = 13
	h.maintenance()
	if h.Rec.Outcome != OutCleared || h.Rec.Salvage[0] != 1 || h.Rec.Salvage[1] != 1 {
		t.Errorf("all killed: %s, salvage %v", h.Rec.Outcome, h.Rec.Salvage[:2])
	}
	// the cooperative faint rules
	for _, c := range []struct {
		rule   uint8
		faints uint8
		over   bool
	}{{FaintAny, 1, true}, {FaintMoreThanOne, 1, false}, {FaintMoreThanOne, 2, true}, {FaintStandard, 1, false}} {
		sc.Rules.FaintRule = c.rule
		h := newHunt(sc, &script{})
		h.Rec.Faints[0] = c.faints
		h.maintenance()
		if h.Over != c.over {
			t.Errorf("faint rule %d, %d faints: over %v", c.rule, c.faints, h.Over)
		}
	}
}

// TV-19: Craft shuffles the bottom three cards of the discard pile into
// the draw pile; both actions, six.
func TestCraft(t *testing.T) {
	b := mustBoard(t, openLayout(1, 1))
	sc := testScenario(t, b, []Loadout{testLoadout("A", cArrow)}, [][2]int{{mWatcher, 8}}, 2)
	for _, both := range []bool{false, true} {
		h := newHunt(sc, &script{})
		s := &h.H[0]
		s.NDraw, s.NHand, s.NDisc = 0, 0, 7
		for i := 0; i < 7; i++ {
			s.Disc[i] = uint8(i) // c1..c7, bottom first
		}
		a := Action{Kind: Craft, Both: both}
		if !h.Legal(0, &a) {
			t.Fatal("craft not legal")
		}
		h.do(0, &a)
		n := 3
		if both {
			n = 6
		}
		if int(s.NDraw) != n || int(s.NDisc) != 7-n || s.Disc[0] != uint8(n) || s.Spent != uint8(n/3) {
			t.Errorf("both %v: draw %d discard %d (bottom %d) spent %d", both, s.NDraw, s.NDisc, s.Disc[0], s.Spent)
		}
		for i := 0; i < n; i++ {
			if s.Draw[i] != uint8(i) {
				t.Errorf("both %v: draw pile %v", both, s.Draw[:s.NDraw])
			}
		}
	}
	h := newHunt(sc, &script{})
	h.H[0].Spent = 1
	if a := (Action{Kind: Craft, Both: true}); h.Legal(0, &a) {
		t.Error("a double craft after an action is legal")
	}
}

// TV-20: two huge enemies never share a square; a huge non-alert enemy
// whose next patrol square holds a huge model stays put.
func TestHuge(t *testing.T) {
	var side TileSide
	for c := 0; c < 3; c++ {
		side[1][c].Arrow = E
	}
	b := mustBoard(t, &Layout{Tiles: []Placement{{Name: "a", Side: side, Start: true}, {Name: "b", X: 3}}})
	sc := testScenario(t, b, []Loadout{testLoadout("A", cArrow)}, [][2]int{{mSawtooth, cell(t, b, 0, 1)}, {mSawtooth, cell(t, b, 1, 1)}}, 8)
	h := newHuntAt(sc, &script{}, cell(t, b, 0, 0))
	h.patrol(0)
	if int(h.E[0].Cell) != cell(t, b, 0, 1) {
		t.Errorf("the blocked huge enemy moved to %s", b.Name(int(h.E[0].Cell)))
	}
	h.patrol(1)
	h.patrol(0)
	if int(h.E[0].Cell) != cell(t, b, 1, 1) || int(h.E[1].Cell) != cell(t, b, 2, 1) {
		t.Errorf("after the front one moved: %s, %s", b.Name(int(h.E[0].Cell)), b.Name(int(h.E[1].Cell)))
	}
	if steps := h.enemySteps(0); steps&(1<<h.E[1].Cell) != 0 {
		t.Error("a huge enemy may step into another's square")
	}
	// a huge enemy moving towards a hunter behind another huge one goes round it
	h.E[0].Alert = true
	h.H[0].Cell = uint8(cell(t, b, 4, 1))
	t0 := uint64(1) << h.H[0].Cell
	if s := h.stepsTowards(0, t0); s == 0 || s&(1<<h.E[1].Cell) != 0 {
		t.Errorf("steps round the blocker: %b", s)
	}
}
