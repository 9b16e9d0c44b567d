// Package cazadores (imported as sim) is the Cazadores rules core: the state of one hunt as a value,
// the clocks and turns, the sixteen actions, checks, conditions, weapons, the
// Adversary deck and hit locations, space and movement, and the per-hunt
// Record.
//
// It knows nothing of files, YAML, goroutines or printing. Choices (which
// action a model takes, which target a Foe picks) are made by the policies
// in ai/cazadores, which act only through the Hunt's methods. The shared
// engine parts it uses, the dice streams and exact Check tables and the
// geometry, are sim/dice and sim/geom.
package cazadores

// Capacity limits of one Hunt value. They bound the fixed-size arrays that
// keep a hunt allocation-free; the config loader rejects data beyond them.
const (
	MaxModels    = 12 // all models on the board: Pack, Adversary models, Minions
	MaxPack      = 6  // Pack models
	MaxAdvModels = 3  // models that make up the Adversary (the Praetorians are three)
	MaxLocations = 9  // hit locations (cards 2..10)
	MaxStates    = 4  // states an Adversary may enter (an enraged state...)
	MaxAreas     = 24 // Areas created during play
	MaxPieces    = 32 // terrain pieces of a map
	MaxExits     = 8
	MaxOps       = 4 // effect ops per list
	MaxWeapons   = 3 // weapons carried by a Pack model
	MaxCurve     = 300
)

// Cond is one of the nine Conditions, numbered as in the rulebook's table.
type Cond uint8

// The nine Conditions.
const (
	NoCond Cond = iota
	Bleeding
	Burning
	Defenceless
	Freezing
	Hidden
	KnockedDown
	Poisoned
	Stunned
	Terrified
	NumConds
)

var condNames = [NumConds]string{"none", "bleeding", "burning", "defenceless", "freezing", "hidden", "knocked_down", "poisoned", "stunned", "terrified"}

func (c Cond) String() string {
	if c < NumConds {
		return condNames[c]
	}
	return "?"
}

// CondByName returns the Condition named s ("knocked_down"), or NoCond.
func CondByName(s string) Cond {
	for i, n := range condNames {
		if n == s && i > 0 {
			return Cond(i)
		}
	}
	return NoCond
}

// CondSet is a bit set of Conditions (bit c for Cond c).
type CondSet uint16

// Has reports whether c is in the set.
func (s CondSet) Has(c Cond) bool { return s&(1<<c) != 0 }

// With returns the set with c added.
func (s CondSet) With(c Cond) CondSet { return s | 1<<c }

// Without returns the set with c removed.
func (s CondSet) Without(c Cond) CondSet { return s &^ (1 << c) }

// Skill is one of the eight Skills; each is linked to an Attribute.
type Skill uint8

// The eight Skills.
const (
	Athletics Skill = iota
	Melee
	Shooting
	Stealth
	HuntSkill
	Lore
	Fortitude
	Leadership
	NumSkills
)

var skillNames = [NumSkills]string{"athletics", "melee", "shooting", "stealth", "hunt", "lore", "fortitude", "leadership"}

func (s Skill) String() string {
	if s < NumSkills {
		return skillNames[s]
	}
	return "?"
}

// SkillByName returns the Skill named s and whether it exists.
func SkillByName(s string) (Skill, bool) {
	for i, n := range skillNames {
		if n == s {
			return Skill(i), true
		}
	}
	return 0, false
}

// Attributes of Pack models, in the order Skills link to them.
const (
	PROW = iota
	SHRP
	WIT
	RES
	NumAttrs
)

// skillAttr maps each Skill to its linked Attribute.
var skillAttr = [NumSkills]uint8{PROW, PROW, SHRP, SHRP, WIT, WIT, RES, RES}

// Side of a model: the Pack or the Foes.
type Side uint8

// Sides.
const (
	PackSide Side = iota
	FoeSide
)

// Kind of model.
type Kind uint8

// Kinds of model.
const (
	Cazador Kind = iota
	Companion
	AdversaryModel
	Minion
	ObjectiveModel // a model an Objective brings (the Vessel): it takes no Turns
)

var kindNames = [...]string{"cazador", "companion", "adversary", "minion", "objective"}

func (k Kind) String() string { return kindNames[k] }

// Tree is a Foe Type, which names its Decision Tree.
type Tree uint8

// Foe Types.
const (
	Aggressive Tree = iota
	Defensive
	Sentry
)

var treeNames = [...]string{"aggressive", "defensive", "sentry"}

// String names a built-in tree; an Adversary's own trees are named by
// AdversaryDef.TreeName.
func (t Tree) String() string {
	if int(t) < len(treeNames) {
		return treeNames[t]
	}
	return "custom"
}

// TreeByName returns the Tree named s and whether it exists.
func TreeByName(s string) (Tree, bool) {
	for i, n := range treeNames {
		if n == s {
			return Tree(i), true
		}
	}
	return 0, false
}

// AttackKind is the kind of attack an action makes.
type AttackKind uint8

// Attack kinds. AttackNone marks a card action that makes no attack.
const (
	AttackNone AttackKind = iota
	MeleeAttack
	ShootingAttack
	TerrorAttack
)

var attackNames = [...]string{"none", "melee", "shooting", "terror"}

func (a AttackKind) String() string { return attackNames[a] }

// TargetMode says whom a card action affects.
type TargetMode uint8

// Target modes.
const (
	TargetOne        TargetMode = iota // the Aggro target
	TargetAllInRange                   // every Hostile model in range and LOS
	TargetAllModels                    // every other model in range and LOS
	TargetAndNear                      // the target and every other model within Near of it
	TargetCount                        // up to Count distinct targets in range
	TargetTriangle                     // Hostile models inside the triangle of the Adversary's models
)

// Terrain is a set of terrain types (bit flags).
type Terrain uint8

// Terrain types. Open terrain is the empty set.
const (
	Difficult Terrain = 1 << iota
	Dangerous
	Impassable
	Obscuring
	Blocking
)

// Outcome is how a hunt ended.
type Outcome uint8

// Outcomes.
const (
	Unfinished Outcome = iota
	PackWon            // every Foe slain
	PackSlain          // every Pack model dead
	PackFled           // every Pack model fled, none died
	Mixed              // the Pack is gone: some fled, some died
	Stalemate          // the round cap was reached
	NumOutcomes
)

var outcomeNames = [NumOutcomes]string{"unfinished", "pack_won", "pack_slain", "pack_fled", "mixed", "stalemate"}

func (o Outcome) String() string { return outcomeNames[o] }

// Rank of an Adversary action card.
const (
	Ace = iota
	King
	Queen
	Jack
)

// Suits of the action cards. Hearts is the special suit.
const (
	Spades = iota
	Diamonds
	Clubs
	Hearts
)

var rankNames = [4]string{"A", "K", "Q", "J"}
var suitNames = [4]string{"♠", "♦", "♣", "♥"}

// CardName returns a short name for action card c (rank*4+suit), e.g. "K♦".
func CardName(c uint8) string { return rankNames[c/4] + suitNames[c%4] }
