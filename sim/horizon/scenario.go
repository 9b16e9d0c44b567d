package horizon

import (
	"errors"
	"fmt"
)

// MaxTail is the largest damage a Tail tabulates.
const MaxTail = 64

// Tail is the law of an attack's raw damage X (its pips plus, for each
// crit, the best crit option's damage) as P(X ≥ k), with the running sums
// that give the mean damage past armour in one look-up:
//
//	E[max(0, X − k)] = Σ_{j>k} P(X ≥ j)
//
// Policies weigh attacks with it; the rules never read it.
type Tail struct {
	Ge  [MaxTail]float32 // Ge[k] = P(X ≥ k)
	Sum [MaxTail + 1]float32
}

// AtLeast returns P(X ≥ k).
func (t *Tail) AtLeast(k int) float32 {
	if k <= 0 {
		return 1
	}
	if k >= MaxTail {
		return 0
	}
	return t.Ge[k]
}

// MeanOver returns E[max(0, X − k)].
func (t *Tail) MeanOver(k int) float32 {
	if k < 0 {
		return float32(-k) + t.Sum[1]
	}
	if k+1 >= MaxTail {
		return 0
	}
	return t.Sum[k+1]
}

func newTail(law []float64) Tail {
	var t Tail
	acc := 0.0
	for k := len(law) - 1; k >= 0; k-- {
		acc += law[k]
		if k < MaxTail {
			t.Ge[k] = float32(acc)
		}
	}
	for k := MaxTail - 1; k >= 0; k-- {
		t.Sum[k] = t.Sum[k+1] + t.Ge[k]
	}
	return t
}

type profiles struct {
	idx    [MaxHunters][MaxWeapons][MaxKinds + 1][MaxKinds + 1]int16
	tails  []Tail
	aoe    []Tail
	combos [MaxHunters][MaxWeapons][]Combo
}

// Combo is one way of attacking with a weapon: the ammunition and the
// ability it plays (kinds as Kind gives them, -1: none), what it needs in
// hand, the tail of its raw damage and what its cards add.
type Combo struct {
	Need   uint32 // the kinds (bits) it needs in hand
	Ammo   int8
	Abil   int8
	Tail   int16 // index of its Tail (ComboTail)
	Damage int16 // damage added by the weapon and the cards
	Pierce int16 // armour ignored
	AOE    bool  // the ability adds an area of effect
	Cards  uint8 // cards it plays: 0, 1 or 2
}

// Combos returns the ways hunter who can attack with weapon w, the
// ammunition kinds in order (none first, for a melee weapon), and for
// each the ability kinds in order (none first): the order in which a
// policy that keeps the first of equal values meets them.
func (sc *Scenario) Combos(who, w int) []Combo { return sc.prof.combos[who][w] }

// ComboTail returns the tail of combo c.
func (sc *Scenario) ComboTail(c *Combo) *Tail { return &sc.prof.tails[c.Tail] }

// Kind returns the place of card c among hunter who's distinct cards,
// or -1.
func (sc *Scenario) Kind(who int, c uint8) int { return int(sc.kindOf[who][c]) }

// Profile returns the tail of hunter who's attack with weapon w, the
// ammunition of kind a and the ability of kind b (kinds as Kind gives
// them, -1: none), or nil when the cards cannot join that weapon.
func (sc *Scenario) Profile(who, w, a, b int) *Tail {
	i := sc.prof.idx[who][w][a+1][b+1]
	if i < 0 {
		return nil
	}
	return &sc.prof.tails[i]
}

// AOETail returns the tail of AOE profile a's dice.
func (sc *Scenario) AOETail(a int) *Tail { return &sc.prof.aoe[a] }

// Compile checks a scenario assembled by a loader (or a test) and
// computes what it derives: the dice as read, the patrol routes, the
// total of encounter points, and the policies' tables.
func (sc *Scenario) Compile() error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if err := sc.Dice.Compile(); err != nil {
		return err
	}
	if sc.Board == nil {
		return errors.New("no playing area")
	}
	if sc.NH < 1 || sc.NH > MaxHunters {
		bad("%d hunters: allowed 1..%d", sc.NH, MaxHunters)
	}
	if sc.NE < 1 || sc.NE > MaxEnemies {
		bad("%d enemies: allowed 1..%d", sc.NE, MaxEnemies)
	}
	if len(sc.Machines) > MaxMachines {
		bad("%d machine types: at most %d", len(sc.Machines), MaxMachines)
	}
	if len(sc.BCards) > MaxBCards {
		bad("%d behaviour cards: at most %d", len(sc.BCards), MaxBCards)
	}
	if len(sc.Decks) != len(sc.Machines) {
		bad("%d behaviour decks for %d machine types", len(sc.Decks), len(sc.Machines))
	}
	if sc.Rules.TurnCap < 1 {
		bad("rules: turn cap %d: at least 1", sc.Rules.TurnCap)
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	for d, deck := range sc.Decks {
		if len(deck.Cards) == 0 || len(deck.Cards) > MaxBCards {
			bad("machine %s: %d behaviour cards", sc.Machines[d].Name, len(deck.Cards))
		}
	}
	sc.Points = 0
	for i := 0; i < sc.NE; i++ {
		sp := &sc.Spawns[i]
		if int(sp.Cell) >= sc.Board.N || int(sp.Machine) >= len(sc.Machines) {
			bad("enemy %d: bad square or machine", i+1)
			continue
		}
		sp.Route = sc.Board.Route(int(sp.Cell))
		sc.Points += int(sc.Machines[sp.Machine].Points)
	}
	var occupied uint64
	for i := 0; i < sc.NE; i++ {
		occupied |= 1 << sc.Spawns[i].Cell
	}
	if sc.Board.Start&^occupied == 0 {
		bad("the starting tile has no square free of enemies to place the hunters in")
	}
	if sc.Threshold > sc.Points {
		bad("threshold %d: the enemies are worth only %d encounter points in all", sc.Threshold, sc.Points)
	}
	for who := 0; who < sc.NH; who++ {
		l := &sc.Hunters[who]
		if l.HandMax < 1 || int(l.HandMax) > MaxHand {
			bad("hunter %s: hand size %d: allowed 1..%d", l.Name, l.HandMax, MaxHand)
		}
		for i := range sc.kindOf[who] {
			sc.kindOf[who][i] = -1
		}
		sc.NKinds[who] = 0
		for _, c := range l.Deck[:l.NDeck] {
			if int(c) >= len(sc.Cards) {
				bad("hunter %s: card %d out of range", l.Name, c)
				continue
			}
			if sc.kindOf[who][c] < 0 {
				if sc.NKinds[who] == MaxKinds {
					bad("hunter %s: more than %d different cards", l.Name, MaxKinds)
					break
				}
				sc.kindOf[who][c] = int8(sc.NKinds[who])
				sc.Kinds[who][sc.NKinds[who]] = c
				sc.NKinds[who]++
			}
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	sc.answers = [256]uint8{}
	for i := range sc.Cards {
		if c := &sc.Cards[i]; c.Kind == Interrupt && i < len(sc.answers) {
			sc.answers[i] = 1 << c.When
			if c.When == AnyTime {
				sc.answers[i] = 0xff
			}
		}
	}
	for who := range sc.evade {
		sc.evade[who] = sc.Hunters[who].Armour.Evade.Add(sc.Hunters[who].EvadeDice)
	}
	for who := range sc.deckAnswers {
		sc.deckAnswers[who] = 0
		if who < sc.NH {
			l := &sc.Hunters[who]
			for _, c := range l.Deck[:l.NDeck] {
				sc.deckAnswers[who] |= sc.answers[c]
			}
		}
	}
	sc.buildProfiles()
	return nil
}

func (sc *Scenario) buildProfiles() {
	p := &sc.prof
	p.tails = p.tails[:0]
	memo := map[[2]uint64]int16{}
	for who := 0; who < MaxHunters; who++ {
		for w := range p.combos[who] {
			p.combos[who][w] = nil
		}
		for w := range p.idx[who] {
			for a := range p.idx[who][w] {
				for b := range p.idx[who][w][a] {
					p.idx[who][w][a][b] = -1
				}
			}
		}
	}
	for who := 0; who < sc.NH; who++ {
		l := &sc.Hunters[who]
		nk := int(sc.NKinds[who])
		for w := 0; w < int(l.NWeapons); w++ {
			wp := &l.Weapons[w]
			for a := -1; a < nk; a++ {
				var ammo *Card
				if a >= 0 {
					ammo = &sc.Cards[sc.Kinds[who][a]]
					if ammo.Kind != Ammo || ammo.Symbols&wp.Symbols == 0 || ammo.Trap {
						continue
					}
				} else if wp.Kind == Ranged {
					continue
				}
				for b := -1; b < nk; b++ {
					var ab *Card
					if b >= 0 {
						ab = &sc.Cards[sc.Kinds[who][b]]
						if ab.Kind != Ability || ab.With&wp.Kind == 0 {
							continue
						}
					}
					pool := wp.Dice
					if wp.Kind == Melee {
						pool = pool.Add(l.MeleeDice)
					} else {
						pool = pool.Add(l.RangedDice)
					}
					best := 0
					for _, o := range wp.Crits[:wp.NCrits] {
						best = max(best, int(o.Damage))
					}
					for _, c := range []*Card{ammo, ab} {
						if c == nil {
							continue
						}
						pool = pool.Add(c.Dice)
						for _, o := range c.Crits[:c.NCrits] {
							best = max(best, int(o.Damage))
						}
					}
					key := [2]uint64{poolKey(pool), uint64(best)}
					i, ok := memo[key]
					if !ok {
						j := sc.Dice.Joint(pool)
						i = int16(len(p.tails))
						p.tails = append(p.tails, newTail(j.Damage(0, best)))
						memo[key] = i
					}
					p.idx[who][w][a+1][b+1] = i
					cb := Combo{Ammo: int8(a), Abil: int8(b), Tail: i, Damage: int16(wp.Damage)}
					for k, c := range []*Card{ammo, ab} {
						if c == nil {
							continue
						}
						cb.Need |= 1 << []int{a, b}[k]
						cb.Cards++
						cb.Damage += int16(c.Damage)
						cb.Pierce += int16(c.Pierce)
					}
					cb.AOE = ab != nil && ab.AOE >= 0
					p.combos[who][w] = append(p.combos[who][w], cb)
				}
			}
		}
	}
	p.aoe = p.aoe[:0]
	for _, a := range sc.AOEs {
		j := sc.Dice.Joint(a.Dice)
		p.aoe = append(p.aoe, newTail(j.Damage(0, 0)))
	}
}

func poolKey(p Pool) uint64 {
	var k uint64
	for i, c := range p {
		k |= uint64(c) << (8 * i)
	}
	return k
}
