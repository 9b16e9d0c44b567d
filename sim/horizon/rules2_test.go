package horizon

import (
	"testing"
)

func arrows(n int) []uint8 {
	out := make([]uint8, n)
	for i := range out {
		out[i] = cArrow
	}
	return out
}

// Alerts at the start of the enemy step: a hunter in the enemy's square,
// or next to it out of tall grass; a hunter in tall grass next to it does
// not alert it. A Sprint alerts the non-alert enemies next to every
// square it passes; a Sneak does not.
func TestAlerts(t *testing.T) {
	var grass TileSide
	grass[1][1].Grass = true
	b := mustBoard(t, &Layout{Tiles: []Placement{{Name: "g", Side: grass, Start: true}, {Name: "o", X: 3}}})
	for _, c := range []struct {
		hx, hy int
		want   bool
	}{{2, 1, true}, {2, 0, true}, {1, 1, false}, {3, 1, true}, {0, 1, false}} {
		sc := testScenario(t, b, []Loadout{testLoadout("A", arrows(6)...)}, [][2]int{{mWatcher, cell(t, b, 2, 1)}}, 2)
		sc.Rules.AlertOnEnter = EnterNone
		h := newHuntAt(sc, &script{}, cell(t, b, c.hx, c.hy))
		h.enemyStep(0)
		// a non-alert watcher patrols: none here (no arrows), so it stays
		if h.E[0].Alert != c.want {
			t.Errorf("hunter at (%d,%d): alert %v, want %v", c.hx, c.hy, h.E[0].Alert, c.want)
		}
	}
	sc := testScenario(t, b, []Loadout{testLoadout("A", arrows(6)...)}, [][2]int{{mWatcher, cell(t, b, 5, 1)}}, 2)
	h := newHuntAt(sc, &script{}, cell(t, b, 2, 1))
	sneak := Action{Kind: Sneak, Path: [2]uint8{uint8(cell(t, b, 3, 1)), NoCell}}
	h.do(0, &sneak)
	if h.E[0].Alert {
		t.Error("a sneak alerted the Watcher")
	}
	h.H[0].Cell = uint8(cell(t, b, 2, 1))
	sprint := Action{Kind: Sprint, Path: [2]uint8{uint8(cell(t, b, 3, 1)), NoCell}}
	h.H[0].Used = 0
	h.do(0, &sprint)
	if h.E[0].Alert {
		t.Error("a sprint two squares away alerted the Watcher")
	}
	h.H[0].Used = 0
	sprint.Path = [2]uint8{uint8(cell(t, b, 4, 0)), uint8(cell(t, b, 3, 0))}
	h.do(0, &sprint)
	if !h.E[0].Alert {
		t.Error("a sprint through a square next to the Watcher did not alert it")
	}
}

// a non-alert enemy entering a hunter's square becomes alert, in tall
// grass too; entering a square next to a hunter alerts it unless that
// hunter is in tall grass; a fainted hunter alerts nothing.
func TestAlertOnEnter(t *testing.T) {
	var side TileSide
	for c := 0; c < 3; c++ {
		side[1][c].Arrow = E
	}
	side[1][2].Grass = true
	b := mustBoard(t, &Layout{Tiles: []Placement{{Name: "p", Side: side, Start: true}, {Name: "o", X: 3}}})
	for _, c := range []struct {
		hx, hy  int
		fainted bool
		rule    uint8
		want    bool
	}{
		{2, 1, false, EnterSameOrAdjacent, true},  // enters the hunter's square, in grass
		{2, 1, true, EnterSameOrAdjacent, false},  // ... but it has fainted
		{2, 2, false, EnterSameOrAdjacent, true},  // next to a hunter in the open
		{3, 1, false, EnterSameOrAdjacent, true},  // next to a hunter in the open
		{2, 2, false, EnterSame, false},           // only the same square counts
		{2, 1, false, EnterNone, false},           // entering alerts nothing
		{0, 0, false, EnterSameOrAdjacent, false}, // too far
	} {
		sc := testScenario(t, b, []Loadout{testLoadout("A", arrows(6)...)}, [][2]int{{mWatcher, cell(t, b, 1, 1)}}, 2)
		sc.Rules.AlertOnEnter = c.rule
		h := newHuntAt(sc, &script{}, cell(t, b, c.hx, c.hy))
		h.H[0].Fainted = c.fainted
		h.patrol(0)
		if int(h.E[0].Cell) != cell(t, b, 2, 1) {
			t.Fatalf("the Watcher did not patrol east")
		}
		if h.E[0].Alert != c.want {
			t.Errorf("%+v: alert %v", c, h.E[0].Alert)
		}
	}
}

// Alert enemies activate before non-alert ones, the closest to the active
// hunter first, each once per enemy step; a tie is the active player's.
func TestActivationOrder(t *testing.T) {
	b := mustBoard(t, openLayout(2, 1))
	sc := testScenario(t, b, []Loadout{testLoadout("A", arrows(10)...)},
		[][2]int{{mStrider, cell(t, b, 1, 0)}, {mStrider, cell(t, b, 5, 0)}, {mStrider, cell(t, b, 3, 2)}}, 3)
	sc.Rules.AlertOnEnter = EnterNone
	h := newHuntAt(sc, &script{}, cell(t, b, 0, 2))
	h.E[1].Alert, h.E[2].Alert = true, true
	tr := &orderTracer{}
	h.SetTracer(NewTracer(tr, nil))
	h.enemyStep(0)
	want := []string{"Strider 3", "Strider 2", "Strider 1"}
	if len(tr.order) < 3 || tr.order[0] != want[0] || tr.order[1] != want[1] || tr.order[2] != want[2] {
		t.Errorf("order %v, want %v", tr.order, want)
	}
}

// orderTracer records which enemies activate, in order, from a trace.
type orderTracer struct{ order []string }

func (o *orderTracer) Write(p []byte) (int, error) {
	s := string(p)
	for _, name := range []string{"Strider 1", "Strider 2", "Strider 3"} {
		if contains(s, name+" activates") || contains(s, name+" patrols") {
			o.order = append(o.order, name)
		}
	}
	return len(p), nil
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// Non-alert patrols: along the arrows, off the area (the enemy has left
// the encounter), and back towards the initial route when pushed off it.
func TestPatrol(t *testing.T) {
	var side TileSide
	for c := 0; c < 3; c++ {
		side[1][c].Arrow = E
	}
	b := mustBoard(t, &Layout{Tiles: []Placement{{Name: "p", Side: side, Start: true}}})
	sc := testScenario(t, b, []Loadout{testLoadout("A", arrows(6)...)}, [][2]int{{mWatcher, cell(t, b, 0, 1)}}, 2)
	h := newHuntAt(sc, &script{}, cell(t, b, 0, 0))
	h.H[0].Fainted = true // alerts nothing
	h.patrol(0)
	h.patrol(0)
	if int(h.E[0].Cell) != cell(t, b, 2, 1) {
		t.Fatalf("patrol: at %s", b.Name(int(h.E[0].Cell)))
	}
	h.patrol(0)
	if h.E[0].Where != Left || h.Rec.LeftAt[0] == 0 {
		t.Fatalf("the Watcher did not leave the area")
	}
	// off the route: back to the furthest route square within one step
	h = newHuntAt(sc, &script{}, cell(t, b, 0, 0))
	h.H[0].Fainted = true
	h.E[0].Cell = uint8(cell(t, b, 1, 2))
	h.patrol(0)
	if int(h.E[0].Cell) != cell(t, b, 2, 1) {
		t.Errorf("back to the route: at %s, want (2,1)", b.Name(int(h.E[0].Cell)))
	}
}

// A trap: placed with a trap card in a square in range with no trap
// token; an enemy entering it triggers it: the trap's dice with the
// weapon's, the card's condition, the enemy alert, the card discarded.
func TestTrap(t *testing.T) {
	var side TileSide
	for c := 0; c < 3; c++ {
		side[1][c].Arrow = E
	}
	b := mustBoard(t, &Layout{Tiles: []Placement{{Name: "p", Side: side, Start: true}, {Name: "o", X: 3}}})
	deck := append([]uint8{cTrapCard}, arrows(5)...)
	sc := testScenario(t, b, []Loadout{testLoadout("A", deck...)}, [][2]int{{mWatcher, cell(t, b, 0, 1)}}, 2)
	sc.Rules.AlertOnEnter = EnterNone
	h := newHuntAt(sc, &script{}, cell(t, b, 2, 2))
	a := Attack(RangedAttack, 2, -1)
	a.Ammo, a.Square = slotOf(t, h, 0, cTrapCard), uint8(cell(t, b, 1, 1))
	if !h.Legal(0, &a) {
		t.Fatal("placing the trap is not legal")
	}
	h.do(0, &a)
	if h.NTraps != 1 || h.H[0].NHand != 4 || inDiscard(h, 0, cTrapCard) {
		t.Fatalf("traps %d, hand %d", h.NTraps, h.H[0].NHand)
	}
	again := Attack(RangedAttack, 2, -1)
	again.Ammo, again.Square = 0, uint8(cell(t, b, 1, 1))
	h.H[0].Used = 0
	if h.Legal(0, &again) {
		t.Error("a second trap in the same square is legal")
	}
	rigged(h, faceOf(&sc.Dice, 1, 3, false))
	h.patrol(0)
	if h.NTraps != 0 || h.E[0].Dmg != 3 || !h.E[0].Alert || h.E[0].Cond != Shock || !inDiscard(h, 0, cTrapCard) {
		t.Errorf("after the trap: traps %d damage %d alert %v cond %v", h.NTraps, h.E[0].Dmg, h.E[0].Alert, h.E[0].Cond)
	}
}

// Ruins: an enemy attack on a hunter in a ruin square is ignored and the
// marker removed: no evade roll, no damage, no dodge.
func TestRuins(t *testing.T) {
	b := mustBoard(t, &Layout{Tiles: []Placement{{Name: "o", Start: true}}, Ruin: [][2]int{{1, 1}}})
	sc := testScenario(t, b, []Loadout{testLoadout("A", arrows(8)...)}, [][2]int{{mWatcher, cell(t, b, 1, 1)}}, 2)
	h := newHuntAt(sc, &script{}, cell(t, b, 1, 1))
	act := EAction{Kind: EMelee, N: 0, Damage: 5}
	h.attackHunter(0, &act, 0, 0)
	if h.Rec.Taken[0] != 0 || h.Ruin != 0 || int(h.H[0].Cell) != cell(t, b, 1, 1) || h.rigAt != 0 {
		t.Errorf("ruin: took %d, ruin %b, at %s", h.Rec.Taken[0], h.Ruin, b.Name(int(h.H[0].Cell)))
	}
	rigged(h, faceOf(&sc.Dice, 1, 0, false))
	h.attackHunter(0, &act, 0, 0)
	if h.Rec.Taken[0] != 5 {
		t.Errorf("second attack: took %d", h.Rec.Taken[0])
	}
}

// Enemy attack effects: a push moves the hunter one square further from
// the attacker before it dodges; an AOE hits the other hunters next to
// the target, without an evade roll, only when the target was hurt.
func TestEnemyAttackEffects(t *testing.T) {
	b := mustBoard(t, openLayout(2, 1))
	two := []Loadout{testLoadout("A", arrows(10)...), testLoadout("B", arrows(10)...)}
	sc := testScenario(t, b, two, [][2]int{{mWatcher, cell(t, b, 2, 1)}}, 2)
	zero := faceOf(&sc.Dice, 1, 0, false)
	for _, hurt := range []bool{true, false} {
		h := newHuntAt(sc, &script{}, cell(t, b, 3, 1), cell(t, b, 4, 1))
		act := EAction{Kind: EMelee, N: 1, Damage: 2, Push: true, AOE: true, AOEDamage: 1}
		if !hurt {
			act.Damage = 0
		}
		rigged(h, zero)
		h.attackHunter(0, &act, 0, 0)
		if hurt {
			if h.Rec.Taken[0] != 2 || h.Rec.Taken[1] != 1 {
				t.Errorf("hurt: A took %d, B took %d", h.Rec.Taken[0], h.Rec.Taken[1])
			}
			if h.rigAt != 1 {
				t.Errorf("%d evade dice rolled; the AOE victim rolls none", h.rigAt)
			}
			// pushed from (3,1) to a square at distance 2 from (2,1), then dodged one more
			if d := b.Cheb[cell(t, b, 2, 1)][h.H[0].Cell]; d < 1 || d > 3 {
				t.Errorf("A ends at distance %d", d)
			}
		} else if h.Rec.Taken[1] != 0 {
			t.Errorf("unhurt target: the AOE still hit B for %d", h.Rec.Taken[1])
		}
	}
}

// A pulse attack hits every standing hunter in range and line of sight;
// a ranged attack the closest in range; a melee attack with two targets
// in range the most recently activated one.
func TestEnemyTargets(t *testing.T) {
	b := mustBoard(t, openLayout(2, 1))
	three := []Loadout{testLoadout("A", arrows(10)...), testLoadout("B", arrows(10)...), testLoadout("C", arrows(10)...)}
	sc := testScenario(t, b, three, [][2]int{{mWatcher, cell(t, b, 2, 1)}}, 2)
	h := newHuntAt(sc, &script{}, cell(t, b, 3, 1), cell(t, b, 1, 1), cell(t, b, 5, 1))
	if got := h.attackTargets(0, &EAction{Kind: EPulse, N: 2}); got != 0b011 {
		t.Errorf("pulse range 2: %b", got)
	}
	h.H[1].Fainted = true
	if got := h.attackTargets(0, &EAction{Kind: EPulse, N: 3}); got != 0b101 {
		t.Errorf("pulse range 3, B fainted: %b", got)
	}
	h.H[1].Fainted = false
	if got := h.attackTargets(0, &EAction{Kind: ERanged, N: 4}); got != 0b011 {
		t.Errorf("ranged: %b (the two closest)", got)
	}
	h.H[0].Stamp, h.H[1].Stamp = 5, 7
	if got := h.pickHunter(0b011); got != 1 {
		t.Errorf("most recent: %d", got)
	}
	h.Outcrop = 1 << h.H[0].Cell
	if got := h.pickHunter(0b011); got != 0 {
		t.Errorf("on the outcrop: %d", got)
	}
	// A-29 option: a ranged attack on the closest hunter only, even out of range
	sc.Rules.RangedClosestOnly = true
	h.H[0].Cell, h.H[1].Cell = uint8(cell(t, b, 5, 2)), uint8(cell(t, b, 5, 0))
	h.H[2].Cell = uint8(cell(t, b, 0, 1))
	if got := h.attackTargets(0, &EAction{Kind: ERanged, N: 2}); got != 0b100 {
		t.Errorf("closest only, in range: %b", got)
	}
	h.H[2].Cell = uint8(cell(t, b, 5, 1))
	if got := h.attackTargets(0, &EAction{Kind: ERanged, N: 2}); got != 0 {
		t.Errorf("closest only, out of range: %b", got)
	}
}

// Movement actions: towards the closest hunter (not when already with
// one), away from the hunters (not when it cannot get further), to the
// nearest edge (not from the edge); conditionals that would not move are
// not able, and the next conditional is taken.
func TestEnemyMoves(t *testing.T) {
	b := mustBoard(t, openLayout(2, 2))
	sc := testScenario(t, b, []Loadout{testLoadout("A", arrows(6)...)}, [][2]int{{mStrider, cell(t, b, 2, 2)}, {mWatcher, cell(t, b, 5, 5)}}, 2)
	h := newHuntAt(sc, &script{}, cell(t, b, 2, 2))
	if h.able(0, &EAction{Kind: EMoveHunter, N: 2}) {
		t.Error("move towards the hunter in its square: able")
	}
	if !h.able(0, &EAction{Kind: EMoveAway, N: 2}) {
		t.Error("move away: not able")
	}
	h.perform(0, &EAction{Kind: EMoveAway, N: 2}, 1)
	if d := b.Cheb[h.E[0].Cell][h.H[0].Cell]; d != 2 {
		t.Errorf("moved away to distance %d", d)
	}
	h.E[0].Cell = uint8(cell(t, b, 0, 0)) // cornered
	h.H[0].Cell = uint8(cell(t, b, 1, 1))
	if h.able(0, &EAction{Kind: EMoveAway, N: 1}) == false {
		// from the corner (0,0) it can still step to... no square is further from (1,1)
	} else {
		t.Error("cornered, move away 1: able")
	}
	if h.able(0, &EAction{Kind: EEdge, N: 2}) {
		t.Error("nearest edge from the edge: able")
	}
	h.E[0].Cell = uint8(cell(t, b, 2, 2))
	h.perform(0, &EAction{Kind: EEdge, N: 5}, 1)
	if b.Edge&(1<<h.E[0].Cell) == 0 || b.Cheb[cell(t, b, 2, 2)][h.E[0].Cell] != 2 {
		t.Errorf("nearest edge: ends at %s", b.Name(int(h.E[0].Cell)))
	}
	// towards the closest other enemy; when already with it, no move: not able
	h.E[0].Cell = uint8(cell(t, b, 5, 5))
	if h.able(0, &EAction{Kind: EMoveEnemy, N: 2}) {
		t.Error("move towards an enemy in its square: able")
	}
	sc.Rules.NoEffectPerformed = true
	if !h.able(0, &EAction{Kind: EMoveEnemy, N: 2}) {
		t.Error("A-28 option: a move with no effect is not counted as performed")
	}
	sc.Rules.NoEffectPerformed = false
	h.E[1].Alert = true
	if h.able(0, &EAction{Kind: EMoveNonAlert, N: 2}) {
		t.Error("move towards a non-alert enemy with none: able")
	}
}

// Distract moves a non-alert enemy within 2 squares one square towards
// the square chosen; an alert one cannot be distracted.
func TestDistract(t *testing.T) {
	b := mustBoard(t, openLayout(2, 1))
	sc := testScenario(t, b, []Loadout{testLoadout("A", arrows(6)...)}, [][2]int{{mWatcher, cell(t, b, 3, 1)}}, 2)
	sc.Rules.AlertOnEnter = EnterNone
	h := newHuntAt(sc, &script{}, cell(t, b, 1, 1))
	a := Action{Kind: Distract, Enemy: 0, Square: uint8(cell(t, b, 5, 1))}
	if !h.Legal(0, &a) {
		t.Fatal("distract not legal")
	}
	h.do(0, &a)
	if b.Cheb[h.E[0].Cell][cell(t, b, 5, 1)] != 1 {
		t.Errorf("distracted to %s", b.Name(int(h.E[0].Cell)))
	}
	h.H[0].Used = 0
	if h.Legal(0, &a) {
		t.Error("distracting an enemy 3 squares away is legal")
	}
	h.E[0].Cell = uint8(cell(t, b, 3, 1))
	h.E[0].Alert = true
	if h.Legal(0, &a) {
		t.Error("distracting an alert enemy is legal")
	}
}

// A hunter performs each action kind once, two actions in all; a ranged
// attack needs matching ammunition; a melee attack needs an enemy in the
// same or an adjacent square.
func TestActionLimits(t *testing.T) {
	b := mustBoard(t, openLayout(2, 1))
	deck := append([]uint8{cTrapCard, cStamina, cStamina, cStamina}, cStamina)
	sc := testScenario(t, b, []Loadout{testLoadout("A", deck...)}, [][2]int{{mWatcher, cell(t, b, 2, 1)}}, 2)
	h := newHuntAt(sc, &script{}, cell(t, b, 0, 1))
	ranged := Attack(RangedAttack, 0, 0)
	ranged.Ammo = slotOf(t, h, 0, cTrapCard)
	if h.Legal(0, &ranged) {
		t.Error("a bow attack with a trap card (another symbol) is legal")
	}
	ranged.Ammo = -1
	if h.Legal(0, &ranged) {
		t.Error("a ranged attack without ammunition is legal")
	}
	melee := Attack(MeleeAttack, 1, 0)
	if h.Legal(0, &melee) {
		t.Error("a melee attack 2 squares away is legal")
	}
	sneak := Action{Kind: Sneak, Path: [2]uint8{uint8(cell(t, b, 1, 1)), NoCell}}
	h.do(0, &sneak)
	if h.Legal(0, &sneak) {
		t.Error("a second sneak is legal")
	}
	if !h.Legal(0, &melee) {
		t.Error("a melee attack from the next square is not legal")
	}
	h.do(0, &Action{Kind: Craft})
	if h.Legal(0, &melee) {
		t.Error("a third action is legal")
	}
}

// Rocky outcrop: an attack from a rocky outcrop that kills its target (or
// destroys a component) earns 1 more glory.
func TestOutcropGlory(t *testing.T) {
	b := mustBoard(t, &Layout{Tiles: []Placement{{Name: "o", Start: true}, {Name: "p", X: 3}}, Outcrop: [][2]int{{0, 1}}})
	for _, on := range []bool{true, false} {
		sc := testScenario(t, b, []Loadout{testLoadout("A", arrows(6)...)}, [][2]int{{mWatcher, cell(t, b, 3, 1)}}, 2)
		at := cell(t, b, 0, 1)
		if !on {
			at = cell(t, b, 0, 0)
		}
		h := newHuntAt(sc, &script{}, at)
		h.E[0].Dmg = 4
		rigged(h, faceOf(&sc.Dice, 0, 2, false), faceOf(&sc.Dice, 0, 2, false))
		a := Attack(RangedAttack, 0, 0)
		a.Ammo = 0
		h.do(0, &a)
		want := int16(1)
		if on {
			want = 2
		}
		if h.E[0].Where != Killed || h.H[0].Glory != want {
			t.Errorf("on the outcrop %v: killed %v glory %d", on, h.E[0].Where == Killed, h.H[0].Glory)
		}
	}
}

// A machine corpse: an action in its square removes it and draws three
// salvage cards.
func TestMachineCorpse(t *testing.T) {
	b := mustBoard(t, &Layout{Tiles: []Placement{{Name: "o", Start: true}}, Corpse: [][2]int{{1, 1}}})
	sc := testScenario(t, b, []Loadout{testLoadout("A", arrows(6)...)}, [][2]int{{mWatcher, cell(t, b, 2, 2)}}, 2)
	h := newHuntAt(sc, &script{}, cell(t, b, 0, 0))
	a := Action{Kind: Salvage}
	if h.Legal(0, &a) {
		t.Error("salvage away from the corpse is legal")
	}
	h.H[0].Cell = uint8(cell(t, b, 1, 1))
	h.do(0, &a)
	if h.Corpse != 0 || h.Rec.Salvage[0] != 3 {
		t.Errorf("corpse %b salvage %d", h.Corpse, h.Rec.Salvage[0])
	}
}

// Fainting and standing up: a hunter that faints skips its next turn,
// enemy step and maintenance step included, then stands up with its
// discard pile shuffled into a new draw pile (scrapped... none here). A
// hunter that cannot draw at the start of its activation faints.
func TestFaintAndStand(t *testing.T) {
	b := mustBoard(t, openLayout(2, 1))
	sc := testScenario(t, b, []Loadout{testLoadout("A", arrows(6)...), testLoadout("B", arrows(6)...)}, [][2]int{{mWatcher, cell(t, b, 5, 2)}}, 2)
	sc.Rules.TurnCap = 3
	h := newHuntAt(sc, &script{}, cell(t, b, 0, 0), cell(t, b, 0, 1))
	s := &h.H[0]
	s.NHand, s.NDraw = 0, 0
	s.NDisc = 6
	h.Play()
	// turn 1: A cannot draw: faints; turn 2: B; turn 3: A skips
	if h.Rec.Faints[0] != 1 || h.Rec.FaintedAt[0] != 1 || !s.Fainted || s.Skip {
		t.Fatalf("faints %d at %d, fainted %v skip %v", h.Rec.Faints[0], h.Rec.FaintedAt[0], s.Fainted, s.Skip)
	}
	sc.Rules.TurnCap = 5
	h = newHuntAt(sc, &script{}, cell(t, b, 0, 0), cell(t, b, 0, 1))
	s = &h.H[0]
	s.NHand, s.NDraw, s.NDisc = 0, 0, 6
	h.Play()
	// turn 5: A stands up, draws 5 of its 6 discarded cards
	if s.Fainted || s.NHand != 5 || s.NDraw != 1 || s.NDisc != 0 {
		t.Fatalf("after standing: fainted %v hand %d draw %d discard %d", s.Fainted, s.NHand, s.NDraw, s.NDisc)
	}
	// A-16 option: a hunter faints when the draw pile runs out before the hand is full
	sc.Rules.FaintShortHand = true
	h = newHuntAt(sc, &script{}, cell(t, b, 0, 0), cell(t, b, 0, 1))
	h.H[0].NHand, h.H[0].NDraw = 3, 1
	h.activate(0)
	if !h.H[0].Fainted {
		t.Error("short hand: did not faint")
	}
	sc.Rules.FaintShortHand = false
	h = newHuntAt(sc, &script{}, cell(t, b, 0, 0), cell(t, b, 0, 1))
	h.H[0].NHand, h.H[0].NDraw = 3, 1
	h.activate(0)
	if h.H[0].Fainted || h.H[0].NHand != 4 {
		t.Error("a partial draw fainted the hunter")
	}
}

// P-4: with n hunters none skipping, each enemy activates n times a round;
// a skipped turn removes one enemy step.
func TestEnemyStepsPerRound(t *testing.T) {
	var side TileSide
	// a loop: around the tile's rim
	side[0][0].Arrow, side[0][1].Arrow, side[0][2].Arrow = E, E, S
	side[1][2].Arrow, side[2][2].Arrow, side[2][1].Arrow = S, W, W
	side[2][0].Arrow, side[1][0].Arrow = N, N
	b := mustBoard(t, &Layout{Tiles: []Placement{{Name: "loop", Side: side, Start: true}, {Name: "o", X: 3}, {Name: "p", X: 6}}})
	three := []Loadout{testLoadout("A", arrows(9)...), testLoadout("B", arrows(9)...), testLoadout("C", arrows(9)...)}
	sc := testScenario(t, b, three, [][2]int{{mWatcher, cell(t, b, 0, 0)}}, 2)
	sc.Rules.TurnCap = 3
	for _, skip := range []bool{false, true} {
		h := newHuntAt(sc, &script{}, cell(t, b, 8, 0), cell(t, b, 8, 1), cell(t, b, 8, 2))
		h.H[1].Skip = skip
		h.H[1].Fainted = skip
		h.Play()
		want := cell(t, b, 0, 1) // 3 steps round the loop: (1,0),(2,0),(2,1)... counted below
		_ = want
		steps := 3
		if skip {
			steps = 2
		}
		route := []int{cell(t, b, 0, 0), cell(t, b, 1, 0), cell(t, b, 2, 0), cell(t, b, 2, 1)}
		if int(h.E[0].Cell) != route[steps] {
			t.Errorf("skip %v: the Watcher is at %s after a round, want %s", skip, b.Name(int(h.E[0].Cell)), b.Name(route[steps]))
		}
	}
}

// Interrupts: a card played when attacked adds its evade dice; a card with
// no event is played at the start of the activation; a Shocked hunter
// plays none.
func TestInterrupts(t *testing.T) {
	b := mustBoard(t, openLayout(1, 1))
	deck := []uint8{cDodgeRoll, cArrow, cArrow, cArrow, cArrow, cArrow}
	for _, shocked := range []bool{false, true} {
		sc := testScenario(t, b, []Loadout{testLoadout("A", deck...)}, [][2]int{{mWatcher, cell(t, b, 1, 1)}}, 2)
		pol := &script{}
		h := newHuntAt(sc, pol, cell(t, b, 1, 1))
		pol.ints = []int{int(slotOf(t, h, 0, cDodgeRoll))}
		if shocked {
			h.H[0].Cond = Shock
		}
		zero := faceOf(&sc.Dice, 1, 0, false)
		three := faceOf(&sc.Dice, 1, 3, false)
		rigged(h, zero, three)
		act := EAction{Kind: EMelee, N: 0, Damage: 3}
		h.attackHunter(0, &act, 0, 0)
		want := int16(0) // 0 + 3 pips
		if shocked {
			want = 3 // one die, showing 0
		}
		if h.Rec.Taken[0] != want {
			t.Errorf("shocked %v: took %d, want %d", shocked, h.Rec.Taken[0], want)
		}
	}
	sc := testScenario(t, b, []Loadout{testLoadout("A", cSecondWind)}, [][2]int{{mWatcher, cell(t, b, 2, 2)}}, 2)
	pol := &script{}
	h := newHuntAt(sc, pol, cell(t, b, 0, 0))
	s := &h.H[0]
	s.NHand, s.Hand[0] = 1, cSecondWind
	s.NDraw = 4
	for i := 0; i < 4; i++ {
		s.Draw[i] = cArrow
	}
	s.NDisc, s.Disc[0], s.Disc[1], s.Disc[2] = 3, cArrow, cArrow, cArrow
	pol.ints = []int{0}
	h.activate(0)
	if s.NDraw != 2 || s.NDisc != 2 || !inDiscard(h, 0, cSecondWind) {
		t.Errorf("second wind: draw %d discard %d", s.NDraw, s.NDisc)
	}
}

// An ability's free Sneak after the attack keeps the once-per-activation
// rule: after a Sneak action, no free Sneak.
func TestFreeAction(t *testing.T) {
	b := mustBoard(t, openLayout(2, 1))
	for _, sneaked := range []bool{false, true} {
		deck := append([]uint8{cHitAndRun}, arrows(5)...)
		sc := testScenario(t, b, []Loadout{testLoadout("A", deck...)}, [][2]int{{mStrider, cell(t, b, 4, 1)}}, 3)
		pol := &script{}
		h := newHuntAt(sc, pol, cell(t, b, 1, 1))
		if sneaked {
			h.H[0].Used |= 1 << Sneak
		}
		pol.moves = []int{cell(t, b, 0, 1)}
		a := Attack(RangedAttack, 0, 0)
		a.Ammo, a.Ability = slotOf(t, h, 0, cArrow), slotOf(t, h, 0, cHitAndRun)
		h.do(0, &a)
		moved := int(h.H[0].Cell) == cell(t, b, 0, 1)
		if moved == sneaked {
			t.Errorf("sneaked before %v: free sneak taken %v", sneaked, moved)
		}
	}
}

// The cooperative glory rule: glory gained may be given up for as many
// cards from the bottom of a hunter's discard pile back into its draw pile.
func TestCoopGlory(t *testing.T) {
	b := mustBoard(t, openLayout(1, 1))
	sc := testScenario(t, b, []Loadout{testLoadout("A", arrows(6)...)}, [][2]int{{mWatcher, cell(t, b, 2, 2)}}, 2)
	sc.Rules.CoopGlory = true
	h := newHuntAt(sc, &coopScript{}, cell(t, b, 0, 0))
	s := &h.H[0]
	s.NDisc, s.Disc[0], s.Disc[1] = 2, cArrow, cArrow
	d0 := s.NDraw
	h.gainGlory(0, 2)
	if s.Glory != 0 || s.NDraw != d0+2 || s.NDisc != 0 {
		t.Errorf("coop glory: glory %d draw %d discard %d", s.Glory, s.NDraw, s.NDisc)
	}
}

type coopScript struct{ script }

func (coopScript) Glory(h *Hunt, who, n int) int { return who }

// Scrapping: an ability that scraps a card removes it (here the top of
// the discard pile) for the rest of the encounter: standing up after a
// faint does not bring it back.
func TestScrap(t *testing.T) {
	b := mustBoard(t, openLayout(2, 1))
	deck := append([]uint8{cFury}, arrows(5)...)
	sc := testScenario(t, b, []Loadout{testLoadout("A", deck...)}, [][2]int{{mSawtooth, cell(t, b, 1, 1)}}, 8)
	h := newHuntAt(sc, &script{}, cell(t, b, 0, 1))
	s := &h.H[0]
	s.NDisc, s.Disc[0], s.Disc[1] = 2, cArrow, cStamina
	a := Attack(MeleeAttack, 1, 0)
	a.Ability = slotOf(t, h, 0, cFury)
	h.do(0, &a)
	if h.Rec.Scrapped[0] != 1 || s.NDisc != 2 || s.Disc[1] != cFury || s.Disc[0] != cArrow {
		t.Fatalf("scrapped %d, discard %v", h.Rec.Scrapped[0], s.Disc[:s.NDisc])
	}
	total := int(s.NHand) + int(s.NDraw) + int(s.NDisc)
	if total != 7 { // 6 dealt and 2 put in the discard pile, 1 scrapped
		t.Errorf("%d cards left, want 7 of 8", total)
	}
}

// asking counts the interrupts the rules core asks its policy for.
type asking struct {
	script
	asked int
}

func (p *asking) Interrupt(h *Hunt, who int, t Trigger) int {
	p.asked++
	return -1
}

// The policy is asked for an interrupt only when a card in hand answers
// the event: an interrupt of that trigger, or one played any time.
func TestInterruptAskedOnlyWhenAnswered(t *testing.T) {
	b := mustBoard(t, openLayout(1, 1))
	for _, tc := range []struct {
		hand []uint8
		t    Trigger
		ask  bool
	}{
		{[]uint8{cArrow, cStamina}, Attacked, false},
		{[]uint8{cArrow, cDodgeRoll}, Attacked, true},
		{[]uint8{cDodgeRoll}, Inflicted, false},
		{[]uint8{cDodgeRoll}, AnyTime, false},
		{[]uint8{cSecondWind}, Attacked, true},
		{[]uint8{cSecondWind}, AnyTime, true},
		{nil, AnyTime, false},
	} {
		sc := testScenario(t, b, []Loadout{testLoadout("A", cArrow, cDodgeRoll, cSecondWind, cStamina)}, [][2]int{{mWatcher, cell(t, b, 2, 2)}}, 2)
		pol := &asking{}
		h := newHuntAt(sc, pol, cell(t, b, 0, 0))
		s := &h.H[0]
		s.NHand = uint8(copy(s.Hand[:], tc.hand))
		h.playInterrupts(0, tc.t, -1)
		if got := pol.asked > 0; got != tc.ask {
			t.Errorf("hand %v, trigger %v: asked %d times, want asked %v", tc.hand, tc.t, pol.asked, tc.ask)
		}
	}
}
