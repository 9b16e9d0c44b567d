package cazadores

import "strconv"

// BlankKind is what a Blank plays blank.
type BlankKind uint8

// Blank kinds.
const (
	BlankStandard BlankKind = iota // a standard action entry: the ♠, ♦ and ♣ cards of its rank
	BlankSpecial                   // a special action entry: the ♥ card of its rank
	BlankLocation                  // a hit location's exhaustion effect
)

// Blank names one Adversary action entry or one hit location's exhaustion
// effect to play blank: the same hunts played with and without it measure
// what it does to the outcome. Index is the rank (Ace..Jack) of an action
// entry, or the hit location's index.
type Blank struct {
	Kind  BlankKind
	Index uint8
}

// RankKeys are the names of the ranks as the Adversary data writes its
// action entries, by rank index.
var RankKeys = [4]string{"ace", "king", "queen", "jack"}

// Blanks lists everything of the Adversary that can be played blank, in
// the order of its data: the four standard action entries, the four
// special ones, then every hit location whose exhaustion has an effect (a
// location without one has nothing to leave out).
func (a *AdversaryDef) Blanks() []Blank {
	out := make([]Blank, 0, 8+int(a.NLoc))
	for r := uint8(0); r < 4; r++ {
		out = append(out, Blank{BlankStandard, r})
	}
	for r := uint8(0); r < 4; r++ {
		out = append(out, Blank{BlankSpecial, r})
	}
	for l := uint8(0); l < a.NLoc; l++ {
		if a.Loc[l].HasEffect() {
			out = append(out, Blank{BlankLocation, l})
		}
	}
	return out
}

// Key names b as the path of its entry in the Adversary's data:
// actions.ace, special.king, hit_locations.N (N from 0, in file order).
func (b Blank) Key() string {
	switch b.Kind {
	case BlankStandard:
		return "actions." + RankKeys[b.Index&3]
	case BlankSpecial:
		return "special." + RankKeys[b.Index&3]
	}
	return "hit_locations." + strconv.Itoa(int(b.Index))
}

// Cards returns the action cards (rank*4+suit) that play b's action entry;
// none for a hit location.
func (b Blank) Cards() []uint8 {
	r := b.Index & 3
	switch b.Kind {
	case BlankStandard:
		return []uint8{r*4 + Spades, r*4 + Diamonds, r*4 + Clubs}
	case BlankSpecial:
		return []uint8{r*4 + Hearts}
	}
	return nil
}

// WithBlank returns a copy of sc in which b is played blank. The copy
// shares sc's slices, which neither changes. It panics on a Blank the
// Adversary does not have (a bug of the caller).
func (sc *Scenario) WithBlank(b Blank) *Scenario {
	c := *sc
	a := &c.Adversary
	switch b.Kind {
	case BlankStandard:
		a.Standard[b.Index&3].Blank = true
	case BlankSpecial:
		a.Special[b.Index&3].Blank = true
	case BlankLocation:
		if b.Index >= a.NLoc {
			panic("sim: WithBlank of hit location " + strconv.Itoa(int(b.Index)) + " of " + strconv.Itoa(int(a.NLoc)))
		}
		a.Loc[b.Index].Blank = true
	default:
		panic("sim: WithBlank of an unknown kind")
	}
	return &c
}
