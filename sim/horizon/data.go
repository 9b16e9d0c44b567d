package horizon

// Bounds of a design: fixed arrays hold a hunt's state.
const (
	MaxHunters    = 4
	MaxEnemies    = 16
	MaxDeck       = 48 // cards of one hunter's action deck
	MaxHand       = 16
	MaxWeapons    = 3
	MaxCrits      = 4 // crit options of one card
	MaxComponents = 4
	MaxBoxes      = 6 // action boxes of one column of a behaviour card
	MaxTraps      = 8
	MaxKinds      = 16 // distinct cards in one hunter's action deck
)

// The rules index some tables by a mask of an index (i&(Max-1)), which
// needs these bounds to be powers of two (a constant index out of range
// otherwise).
var (
	_ = [1]int{}[MaxComponents&(MaxComponents-1)]
	_ = [1]int{}[MaxBCards&(MaxBCards-1)]
	_ = [1]int{}[MaxMachines&(MaxMachines-1)]
	_ = [1]int{}[MaxColours&(MaxColours-1)]
	_ = [1]int{}[MaxEnemies&(MaxEnemies-1)]
	// maintenance reads the faints of the hunters (Record.Faints) as
	// one word of MaxHunters bytes
	_ = [1]int{}[MaxHunters-4]
)

// Cond is a set of conditions.
type Cond uint8

// The conditions.
const (
	Fire Cond = 1 << iota
	Freeze
	Shock
)

// CondNames are the conditions as the data writes them, by bit.
var CondNames = [...]string{"fire", "freeze", "shock"}

// String lists the conditions of c ("fire+shock"; "" when none).
func (c Cond) String() string {
	s := ""
	for i, n := range CondNames {
		if c&(1<<i) != 0 {
			if s != "" {
				s += "+"
			}
			s += n
		}
	}
	return s
}

// Effects are what a critical-hit option (or an ability card) adds to a
// hunter's attack: damage, conditions, a push of the target, a dodge of
// the hunter, and an area of effect.
type Effects struct {
	Damage int8
	Cond   Cond
	Push   bool
	Dodge  bool
	AOE    int8 // index in Scenario.AOEs, -1: none
}

// AOE is the profile after the AOE symbol: what every enemy other than
// the target in the same or an adjacent square suffers (its own roll of
// Dice, plus Damage, and the conditions when it suffers damage).
type AOE struct {
	Dice   Pool
	Damage int8
	Cond   Cond
	Push   bool
}

// AttackKind is a kind of hunter attack.
type AttackKind uint8

// The attack kinds (as bits of an ability card's With).
const (
	Ranged AttackKind = 1 << iota
	Melee
	TrapAttack
)

// Weapon is a weapon card with its coil modifications attached.
type Weapon struct {
	Name    string
	Kind    AttackKind // Ranged or Melee
	Range   uint8
	Dice    Pool
	Crits   [MaxCrits]Effects
	NCrits  uint8
	Damage  int8   // damage every attack adds (from coils)
	Symbols uint16 // the weapon symbols ammunition must match
	Trap    bool   // the weapon places traps
}

// CardKind is the kind of an action-deck card.
type CardKind uint8

// The card kinds.
const (
	Ammo CardKind = iota
	Ability
	Interrupt
	Stamina
)

// CardKindNames are the kinds as the data writes them.
var CardKindNames = [...]string{"ammunition", "ability", "interrupt", "stamina"}

// Trigger is when an interrupt card may be played.
type Trigger uint8

// The triggers.
const (
	AnyTime   Trigger = iota // no event listed: any time (played by the policy at the start of its activation or when attacked)
	Attacked                 // an enemy attack targets the hunter, before the evade roll
	Inflicted                // the hunter inflicted a condition on an enemy
)

// TriggerNames are the triggers as the data writes them.
var TriggerNames = [...]string{"any_time", "attacked", "inflicted"}

// Card is one kind of action-deck card.
type Card struct {
	Name    string
	Kind    CardKind
	Symbols uint16 // ammunition: the weapons it fits
	Trap    bool   // ammunition: a trap card, placed instead of attacking
	Dice    Pool   // ammunition, ability: dice added to the attack
	Crits   [MaxCrits]Effects
	NCrits  uint8
	Damage  int8   // ammunition, ability: damage added to the attack
	Pierce  int8   // ammunition, ability: armour ignored
	Cond    Cond   // ammunition, ability: the attack carries these conditions
	AOE     int8   // ability: an AOE added to the attack, -1: none
	Reroll  uint16 // ability: pip values whose dice may be rerolled once
	With    AttackKind
	Free    ActionKind // ability: a free action after the attack (Sneak or Sprint), or Pass
	OnTrap  bool       // ability: may be played when the hunter's trap triggers, out of turn
	Scrap   int8       // ability: cards the hunter scraps (from hand or discard pile) to play it
	When    Trigger    // interrupt
	Evade   Pool       // interrupt: dice added to the evade roll
	Reduce  int8       // interrupt: damage of the attack reduced
	Draw    int8       // interrupt: cards drawn
	Recover int8       // interrupt: cards from the bottom of the discard pile shuffled into the draw pile
	Move    int8       // interrupt: squares the hunter may move
	Burn    int8       // interrupt (inflicted): damage to the enemy that took the condition
}

// Armour is an armour card with its weaves attached.
type Armour struct {
	Name       string
	Evade      Pool
	CritReduce int8 // each crit of the evade roll reduces the damage by this
	CritCond   Cond // each crit of the evade roll inflicts these on the attacker
	Resist     [3]int8
	Immune     Cond
}

// The enemy attack kinds, indices of Armour.Resist.
const (
	EMeleeAttack = iota
	ERangedAttack
	EPulseAttack
)

// Loadout is one hunter as it enters an encounter: profile, equipment
// with modifications attached, and action deck.
type Loadout struct {
	Name       string
	HandMax    int8
	Weapons    [MaxWeapons]Weapon
	NWeapons   uint8
	Armour     Armour
	Immune     Cond
	Stealth    int8           // damage added to attacks on non-alert enemies (trait)
	MeleeDice  Pool           // dice added to melee attacks (trait, misc)
	RangedDice Pool           // dice added to ranged attacks (trait, misc)
	EvadeDice  Pool           // dice added to evade rolls (trait, misc)
	Deck       [MaxDeck]uint8 // card indices, with repeats
	NDeck      uint8
}

// Component is a component location of a machine.
type Component struct {
	Letter byte
	Name   string
	Tear   int8
	Damage int8 // damage to HP when destroyed
	// destroyed rules
	Armour  int8 // the machine's armour changes by this
	Cond    Cond // the machine suffers these
	Salvage int8 // extra salvage for the attacker
	Glory   int8 // extra glory for the attacker
}

// Machine is an enemy type's data card.
type Machine struct {
	Name    string
	HP      int8
	Armour  int8
	Salvage int8
	Glory   int8
	Points  int8
	Huge    bool
	Immune  Cond
	Comps   [MaxComponents]Component
	NComps  uint8
	Deck    uint8 // its behaviour deck (a single behaviour card is a deck of one)
}

// Question is the question at the top of a behaviour card.
type Question struct {
	Kind QKind
	N    int8 // squares, or wounds
	Comp int8 // component index, for QComponent
}

// QKind is a kind of question.
type QKind uint8

// The questions.
const (
	QNone      QKind = iota // no question: the card has one column (Yes)
	QHunter                 // is a hunter within N squares?
	QNonAlert               // is a non-alert enemy within N squares?
	QEnemy                  // is another enemy within N squares?
	QComponent              // is component Comp destroyed?
	QWounded                // has the enemy taken at least N damage?
)

// QKindNames are the questions as the data writes them.
var QKindNames = [...]string{"", "hunter_within", "non_alert_enemy_within", "enemy_within", "component_destroyed", "wounded"}

// EKind is the kind of an enemy action.
type EKind uint8

// The enemy actions.
const (
	EMoveHunter   EKind = iota // move towards the closest hunter, N squares
	EMoveNonAlert              // move towards the closest non-alert enemy
	EMoveEnemy                 // move towards the closest other enemy
	EMoveAway                  // move away from the hunters
	EEdge                      // move towards the nearest board edge
	EMelee                     // melee attack: range N, Damage
	ERanged                    // ranged attack on the closest hunter
	EPulse                     // pulse attack on every hunter in range
	EAlert                     // special: every non-alert enemy within N squares becomes alert
	ERepair                    // special: the enemy removes N damage
)

// EKindNames are the enemy actions as the data writes them.
var EKindNames = [...]string{"move_towards_hunter", "move_towards_non_alert_enemy", "move_towards_enemy", "move_away",
	"nearest_board_edge", "melee", "ranged", "pulse", "alert", "repair"}

// IsAttack reports whether k is an attack.
func (k EKind) IsAttack() bool { return k == EMelee || k == ERanged || k == EPulse }

// IsMove reports whether k is a movement action.
func (k EKind) IsMove() bool { return k <= EEdge }

// EAction is an action of a behaviour card.
type EAction struct {
	Kind      EKind
	N         int8 // squares moved, or the attack's range
	Damage    int8
	Cond      Cond
	Push      bool
	AOE       bool
	AOEDamage int8
	AOECond   Cond
}

// Box is an action box of a behaviour card.
type Box struct {
	Mandatory bool
	Needs     int8 // a component index: the box cannot be resolved once it is destroyed; -1: none
	Repeat    uint8
	Act       EAction
}

// BCard is a behaviour card.
type BCard struct {
	Name     string
	Machine  uint8 // the machine type whose deck holds it
	Q        Question
	Col      [2][MaxBoxes]Box // Col[0] Yes (the only column without a question), Col[1] No
	NCol     [2]uint8
	Label    string // "watcher: Sentry" for reports
	Describe string
}

// Deck is a behaviour deck: indices into Scenario.BCards.
type Deck struct {
	Cards []uint8
}

// Spawned is an enemy placed at the start of an encounter.
type Spawned struct {
	Cell    uint8
	Machine uint8
	Route   []uint8 // its initial patrol route, from its spawn point
}

// Faint rules (what ends an encounter in failure by faints).
const (
	FaintStandard    = iota // faints ≥ hunters
	FaintAny                // cooperative: any faint
	FaintMoreThanOne        // cooperative, easier: more than one faint
)

// Stop votes.
const (
	StopAtThreshold = iota // end as soon as the threshold is met
	StopAllGone            // play on until every enemy is killed or gone
	StopWhileFresh         // play on while every hunter keeps StopCards cards or more in hand and draw pile
)

// Alert on entering.
const (
	EnterNone = iota
	EnterSame
	EnterSameOrAdjacent
)

// Rules are a design's switches: the readings of the rulebook that could
// move a figure (see docs/horizon/rulings.md).
type Rules struct {
	ArmourAtDamage     bool  // alertness for armour read when damage is applied (false: at the start of the attack)
	MeleeRange         bool  // melee attacks need the weapon's range (false: same or adjacent square)
	AlertOnEnter       uint8 // Enter*
	SprintOwnSquare    bool  // Sprint alerts enemies in the squares the hunter is in, too
	ComponentArmour    bool  // a destroyed component's damage is reduced by armour
	SnapshotOrder      bool  // enemy order fixed at the start of the step
	CondWithoutDamage  bool  // conditions land even without damage
	FaintShortHand     bool  // a hunter faints when the draw pile empties before the hand is full
	SkippedEnemyStep   bool  // a skipped turn still has its enemy step
	TearHalveAgain     bool  // a damaged component halves again when damaged again
	TearFloor          bool  // half a tear value rounds down (false: exact half)
	StopVote           uint8 // Stop*
	StopCards          int8
	AOEArmour          bool // armour reduces AOE damage
	ReshuffleAtEmpty   bool // a behaviour deck is reshuffled as its last card is drawn (false: when a draw finds it empty)
	NoEffectPerformed  bool // a conditional action with no effect counts as performed
	RangedClosestOnly  bool // a ranged enemy attack targets only the closest hunter
	TrapLimit          int8 // traps in play at once; 0: no limit
	FireArmour         bool // armour reduces Fire damage to enemies
	AOEVictimAttacked  bool // an AOE victim counts as attacked for alerts
	EnemyAOENeedsHit   bool // an enemy attack's AOE needs the target to suffer damage
	ComponentIsDamage  bool // damage inflicted on a component counts as damage suffered (conditions)
	FreeActionOnce     bool // free actions keep the once-per-activation restriction
	FaintRule          uint8
	CoopGlory          bool // glory gained is turned into cards shuffled back
	TurnCap            int  // hunter turns after which the encounter is called off
	PushBeforeDodge    bool // a pushed hunter is pushed before dodging
	RuinsAbsorbAOE     bool // a ruin also protects from an AOE
	RockyOutcropFirst  bool // a hunter on a rocky outcrop is the most recently activated
	DistractAnyEnemy   bool // Distract may move an alert enemy too
	ShockedSkipsPatrol bool // a Shocked non-alert enemy loses its patrol move
}

// DefaultRules are the default readings.
func DefaultRules() Rules {
	return Rules{AlertOnEnter: EnterSameOrAdjacent, SprintOwnSquare: true, AOEArmour: true, TrapLimit: 4,
		AOEVictimAttacked: true, EnemyAOENeedsHit: true, ComponentIsDamage: true, FreeActionOnce: true,
		TurnCap: 120, PushBeforeDodge: true, RockyOutcropFirst: true, StopCards: 3}
}

// Scenario is one compiled design: immutable, shared by every worker.
type Scenario struct {
	Dice      Dice
	Rules     Rules
	Board     *Board
	Cards     []Card
	AOEs      []AOE
	Hunters   [MaxHunters]Loadout
	NH        int
	Machines  []Machine
	Decks     []Deck
	BCards    []BCard
	Spawns    [MaxEnemies]Spawned
	NE        int
	Threshold int
	Bonus     int // bonus salvage per hunter when every enemy is killed
	Salvage   int // cards in the salvage deck (counted, not resolved)
	Title     string

	// Points is the sum of every spawned enemy's encounter points.
	Points int
	// kinds[h] are the distinct cards of hunter h's deck; kindOf maps a
	// card index to its place there.
	Kinds  [MaxHunters][MaxKinds]uint8
	NKinds [MaxHunters]uint8
	kindOf [MaxHunters][256]int8
	// answers[c] are the triggers (bits) card c answers as an interrupt
	// (any_time ones answer every trigger), 0: not an interrupt
	answers [256]uint8
	// deckAnswers[who] are the triggers (bits) a card of hunter who's
	// deck answers
	deckAnswers [MaxHunters]uint8
	// evade[who] is hunter who's evade pool before its interrupts:
	// its armour's and its own dice
	evade [MaxHunters]Pool
	prof  profiles
}
