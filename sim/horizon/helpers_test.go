package horizon

import (
	"testing"
)

// testDice are dice written for the tests (not the sample data): orange
// 0,1,1,2,2,1+crit; blue 0,1,2,2,3,2+crit; black 1,2,3,3,4,3+crit.
func testDice() Dice {
	var d Dice
	d.N = 3
	set := func(c int, name string, phys uint8, faces ...Face) {
		d.Die[c].Name = name
		d.Die[c].Physical = phys
		d.Die[c].NFaces = uint8(len(faces))
		copy(d.Die[c].Faces[:], faces)
	}
	set(0, "orange", 4, Face{0, false}, Face{1, false}, Face{1, false}, Face{2, false}, Face{2, false}, Face{1, true})
	set(1, "blue", 3, Face{0, false}, Face{1, false}, Face{2, false}, Face{2, false}, Face{3, false}, Face{2, true})
	set(2, "black", 1, Face{1, false}, Face{2, false}, Face{3, false}, Face{3, false}, Face{4, false}, Face{3, true})
	d.CritPips = true
	return d
}

// openSide is a tile side with no terrain and no arrows.
var openSide TileSide

// openBoard is a w×h block of open tiles (in tiles), the first the
// starting tile.
func openLayout(w, h int) *Layout {
	l := &Layout{}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			l.Tiles = append(l.Tiles, Placement{Name: "open", Side: openSide, X: 3 * x, Y: 3 * y, Start: x == 0 && y == 0})
		}
	}
	return l
}

func mustBoard(t testing.TB, l *Layout) *Board {
	t.Helper()
	b, err := NewBoard(l)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Card indices of the test cards.
const (
	cArrow     = iota // ammunition for the bow: 1 orange
	cHardpoint        // ammunition for the bow: 1 orange + 1 blue, crit +1 damage
	cIntuition        // ability: reroll 1s
	cStamina
	cSearing    // ability for melee: AOE 0 (2 damage)
	cHitAndRun  // ability: free Sneak after the attack
	cFireArrow  // ammunition: 1 orange, Fire
	cTrapCard   // trap ammunition: 1 blue, Shock
	cDodgeRoll  // interrupt when attacked: +1 blue evade
	cSecondWind // interrupt any time: recover 2
	cFury       // ability for melee: 1 black, scrap 1
	numTestCards
)

func testCards() []Card {
	cs := make([]Card, numTestCards)
	cs[cArrow] = Card{Name: "Hunter Arrow", Kind: Ammo, Symbols: 1, Dice: Pool{1, 0, 0}, AOE: -1}
	cs[cHardpoint] = Card{Name: "Hardpoint Arrow", Kind: Ammo, Symbols: 1, Dice: Pool{1, 1, 0}, AOE: -1,
		Crits: [MaxCrits]Effects{{Damage: 1, AOE: -1}}, NCrits: 1}
	cs[cIntuition] = Card{Name: "Intuition", Kind: Ability, With: Ranged | Melee, Reroll: 1 << 1, AOE: -1}
	cs[cStamina] = Card{Name: "Stamina", Kind: Stamina, AOE: -1}
	cs[cSearing] = Card{Name: "Searing Strike", Kind: Ability, With: Melee, AOE: 0}
	cs[cHitAndRun] = Card{Name: "Hit and Run", Kind: Ability, With: Melee | Ranged, Free: Sneak, AOE: -1}
	cs[cFireArrow] = Card{Name: "Fire Arrow", Kind: Ammo, Symbols: 1, Dice: Pool{1, 0, 0}, Cond: Fire, AOE: -1}
	cs[cTrapCard] = Card{Name: "Shock Trap", Kind: Ammo, Symbols: 2, Trap: true, Dice: Pool{0, 1, 0}, Cond: Shock, AOE: -1}
	cs[cDodgeRoll] = Card{Name: "Dodge Roll", Kind: Interrupt, When: Attacked, Evade: Pool{0, 1, 0}, AOE: -1}
	cs[cSecondWind] = Card{Name: "Second Wind", Kind: Interrupt, When: AnyTime, Recover: 2, AOE: -1}
	cs[cFury] = Card{Name: "Fury", Kind: Ability, With: Melee, Dice: Pool{0, 0, 1}, Scrap: 1, AOE: -1}
	return cs
}

// Weapons of the test loadout.
var (
	testBow   = Weapon{Name: "Hunter Bow", Kind: Ranged, Range: 3, Dice: Pool{1, 0, 0}, Symbols: 1}
	testSpear = Weapon{Name: "Spear", Kind: Melee, Range: 1, Dice: Pool{1, 0, 0},
		Crits: [MaxCrits]Effects{{Damage: 1, AOE: -1}, {Push: true, AOE: -1}}, NCrits: 2}
	testTrapper = Weapon{Name: "Tripcaster", Kind: Ranged, Range: 2, Dice: Pool{0, 0, 0}, Symbols: 2, Trap: true}
)

// testLoadout is a hunter with a bow, a spear and a trap caster, armour
// of 1 blue die whose crits reduce 1, and the deck given.
func testLoadout(name string, deck ...uint8) Loadout {
	l := Loadout{Name: name, HandMax: 5}
	l.Weapons[0], l.Weapons[1], l.Weapons[2] = testBow, testSpear, testTrapper
	l.NWeapons = 3
	l.Armour = Armour{Name: "Hide", Evade: Pool{0, 1, 0}, CritReduce: 1}
	l.NDeck = uint8(copy(l.Deck[:], deck))
	return l
}

// Machine indices of the test machines.
const (
	mWatcher = iota
	mStrider
	mSawtooth
)

// testMachines: a Watcher (HP 5, armour 1, one component), a Strider and a
// huge Sawtooth with a four-card deck.
func testMachines() ([]Machine, []Deck, []BCard) {
	ms := []Machine{
		{Name: "Watcher", HP: 5, Armour: 1, Salvage: 1, Glory: 1, Points: 2, NComps: 1, Deck: 0,
			Comps: [MaxComponents]Component{{Letter: 'A', Name: "Eye", Tear: 4, Damage: 2}}},
		{Name: "Strider", HP: 6, Armour: 1, Salvage: 2, Glory: 1, Points: 3, Deck: 1},
		{Name: "Sawtooth", HP: 18, Armour: 2, Salvage: 4, Glory: 4, Points: 8, Huge: true, NComps: 2, Deck: 2,
			Comps: [MaxComponents]Component{{Letter: 'A', Name: "Blaze Canister", Tear: 5, Damage: 3, Cond: Fire},
				{Letter: 'B', Name: "Power Cell", Tear: 4, Damage: 2, Armour: -1}}},
	}
	melee := func(r, d int8) EAction { return EAction{Kind: EMelee, N: r, Damage: d} }
	move := func(k EKind, n int8) EAction { return EAction{Kind: k, N: n} }
	bc := []BCard{
		{Name: "Watcher", Machine: 0, Q: Question{Kind: QNonAlert, N: 2},
			Col: [2][MaxBoxes]Box{
				{{Mandatory: true, Needs: 0, Act: EAction{Kind: EAlert, N: 2}}, {Needs: -1, Act: move(EMoveHunter, 1)}},
				{{Needs: -1, Act: melee(0, 2)}, {Needs: -1, Act: move(EMoveHunter, 2)}, {Mandatory: true, Needs: -1, Act: melee(0, 2)}}},
			NCol: [2]uint8{2, 3}},
		{Name: "Strider", Machine: 1, Q: Question{Kind: QEnemy, N: 2},
			Col: [2][MaxBoxes]Box{
				{{Needs: -1, Act: move(EMoveAway, 2)}, {Mandatory: true, Needs: -1, Act: melee(1, 2)}},
				{{Needs: -1, Act: move(EMoveEnemy, 2)}, {Needs: -1, Act: move(EMoveHunter, 2)}, {Mandatory: true, Needs: -1, Act: melee(1, 3)}}},
			NCol: [2]uint8{2, 3}},
	}
	for i := 0; i < 4; i++ {
		bc = append(bc, BCard{Name: "Sawtooth " + string(rune('1'+i)), Machine: 2,
			Col:  [2][MaxBoxes]Box{{{Mandatory: true, Needs: -1, Act: move(EMoveHunter, 2)}, {Mandatory: true, Needs: -1, Act: melee(0, 3+int8(i))}}},
			NCol: [2]uint8{2, 0}})
	}
	decks := []Deck{{Cards: []uint8{0}}, {Cards: []uint8{1}}, {Cards: []uint8{2, 3, 4, 5}}}
	return ms, decks, bc
}

// testScenario builds a scenario on b with the hunters and enemies given
// (enemies as machine, square pairs), threshold th.
func testScenario(t testing.TB, b *Board, hunters []Loadout, enemies [][2]int, th int) *Scenario {
	t.Helper()
	sc := &Scenario{Dice: testDice(), Rules: DefaultRules(), Board: b, Cards: testCards(), Title: "test"}
	sc.AOEs = []AOE{{Damage: 2}}
	sc.Machines, sc.Decks, sc.BCards = testMachines()
	sc.NH = copy(sc.Hunters[:], hunters)
	for i, e := range enemies {
		sc.Spawns[i] = Spawned{Machine: uint8(e[0]), Cell: uint8(e[1])}
	}
	sc.NE = len(enemies)
	sc.Threshold = th
	sc.Bonus = 1
	if err := sc.Compile(); err != nil {
		t.Fatal(err)
	}
	return sc
}

// script is a policy for the tests: it plays the actions queued, deploys
// on the squares given, and otherwise takes the first option offered.
type script struct {
	deploy   []int
	actions  []Action
	crits    []int
	dodges   []int
	pushes   []int
	discards []int // hand slots for damage, consumed in order; -1 top of deck
	ints     []int
	ties     []int
	moves    []int
	scraps   []int
}

func pop(q *[]int, def int) int {
	if len(*q) == 0 {
		return def
	}
	v := (*q)[0]
	*q = (*q)[1:]
	return v
}

func (p *script) Begin(h *Hunt, seed, index uint64) {}
func (p *script) Deploy(h *Hunt, who int, legal uint64) int {
	return pop(&p.deploy, tz(legal))
}
func (p *script) Refresh(h *Hunt, who int) uint32 { return 0 }
func (p *script) Next(h *Hunt, who int) Action {
	if len(p.actions) == 0 {
		return Action{Kind: Pass}
	}
	a := p.actions[0]
	p.actions = p.actions[1:]
	return a
}
func (p *script) Crit(h *Hunt, who, enemy int, opts []Effects) int { return pop(&p.crits, 0) }
func (p *script) Discard(h *Hunt, who int) int                     { return pop(&p.discards, -1) }
func (p *script) Dodge(h *Hunt, who int, legal uint64) int         { return pop(&p.dodges, tz(legal)) }
func (p *script) Move(h *Hunt, who int, legal uint64, why MoveWhy) int {
	return pop(&p.moves, int(h.H[who].Cell))
}
func (p *script) Push(h *Hunt, who, enemy int, legal uint64) int {
	return pop(&p.pushes, int(h.E[enemy].Cell))
}
func (p *script) PushHunter(h *Hunt, chooser, hunter int, legal uint64) int { return tz(legal) }
func (p *script) Interrupt(h *Hunt, who int, t Trigger) int                 { return pop(&p.ints, -1) }
func (p *script) OnTrap(h *Hunt, who, enemy int) int                        { return -1 }
func (p *script) Tie(h *Hunt, kind TieKind, n int) int                      { return pop(&p.ties, 0) }
func (p *script) Glory(h *Hunt, who, n int) int                             { return -1 }
func (p *script) Scrap(h *Hunt, who int) int                                { return pop(&p.scraps, -1) }

// face returns the index of the face of colour c in the test dice with
// pips and crit (the first such).
func faceOf(d *Dice, c int, pips uint8, crit bool) uint8 {
	for f := 0; f < int(d.Die[c].NFaces); f++ {
		if d.Die[c].Faces[f] == (Face{pips, crit}) {
			return uint8(f)
		}
	}
	panic("no such face")
}

// newHunt deals hunt 0 of seed 1 with pol.
func newHunt(sc *Scenario, pol Policy) *Hunt {
	h := &Hunt{}
	h.Reset(sc, pol, 1, 0)
	return h
}

// cell returns the square at (x, y) or fails.
func cell(t testing.TB, b *Board, x, y int) int {
	t.Helper()
	c := b.At(x, y)
	if c == NoCell {
		t.Fatalf("no square (%d,%d)", x, y)
	}
	return c
}

// newHuntAt deals hunt 0 of seed 1 with pol, then puts the hunters on
// the squares given (the tests' set pieces need not start on the
// starting tile).
func newHuntAt(sc *Scenario, pol Policy, cells ...int) *Hunt {
	h := newHunt(sc, pol)
	for i, c := range cells {
		h.H[i].Cell = uint8(c)
	}
	return h
}
