package horizon

// ActionKind is a kind of hunter action.
type ActionKind uint8

// The hunter actions. A hunter performs up to two actions in its
// activation, each kind at most once.
const (
	Pass ActionKind = iota // end the activation
	Sprint
	Sneak
	Craft
	Distract
	RangedAttack
	MeleeAttack
	Salvage // search a machine corpse
)

// ActionNames are the actions as traces write them.
var ActionNames = [...]string{"pass", "sprint", "sneak", "craft", "distract", "ranged attack", "melee attack", "salvage"}

func (k ActionKind) String() string {
	if int(k) < len(ActionNames) {
		return ActionNames[k]
	}
	return "?"
}

// Action is a hunter's action, with everything its player chooses.
type Action struct {
	Kind ActionKind
	// Both: a Craft spending both actions (six cards back).
	Both bool
	// Path: Sprint's first and second square (Path[1] NoCell: one
	// square); Sneak's square in Path[0].
	Path [2]uint8
	// Enemy: the enemy distracted or attacked; -1 for a trap placed.
	Enemy int8
	// Part: the component attacked, -1: the enemy itself.
	Part int8
	// Weapon: the weapon's index in the hunter's loadout.
	Weapon int8
	// Ammo and Ability: hand slots of the cards played, -1: none.
	Ammo, Ability int8
	// Square: Distract's target square; the square a trap is placed in.
	Square uint8
}

// Attack returns an attack action with no cards, on the enemy itself.
func Attack(kind ActionKind, weapon, enemy int) Action {
	return Action{Kind: kind, Weapon: int8(weapon), Enemy: int8(enemy), Part: -1, Ammo: -1, Ability: -1, Path: [2]uint8{NoCell, NoCell}}
}

// MoveWhy is why a hunter may move outside its actions.
type MoveWhy uint8

// Reasons for a move outside the actions.
const (
	MoveCritDodge  MoveWhy = iota // a crit's Dodge effect: may move 1 square
	MoveFreeSneak                 // an ability's free Sneak
	MoveFreeSprint                // an ability's free Sprint (the second step is asked again)
	MoveInterrupt                 // an interrupt card's move
)

// TieKind is a choice the rules give the player whose turn it is.
type TieKind uint8

// The ties.
const (
	TieOrder  TieKind = iota // which of several equally close enemies activates first
	TieRoute                 // which of several equally short steps an enemy takes
	TieTarget                // which of several equally ranked hunters an enemy targets
	TieEnemy                 // which of several equally close enemies an enemy moves towards
)

// Policy makes every choice of the hunters' side. The Hunt calls it; it
// reads the Hunt (never changes it) and answers. Implementations live in
// package ai/horizon.
type Policy interface {
	// Begin is called as a hunt starts, with the hunt's seed and index,
	// so that a policy's own random choices are a function of the hunt.
	Begin(h *Hunt, seed, index uint64)
	// Deploy picks the square hunter who starts in, among legal.
	Deploy(h *Hunt, who int, legal uint64) int
	// Refresh picks the hand slots (bits) discarded before drawing.
	Refresh(h *Hunt, who int) uint32
	// Next returns hunter who's next action, or one of Kind Pass to end
	// the activation. It must be legal (Hunt.Legal).
	Next(h *Hunt, who int) Action
	// Crit picks one of opts for a crit rolled in an attack on enemy.
	Crit(h *Hunt, who, enemy int, opts []Effects) int
	// Discard picks the hand slot discarded for one point of damage, or
	// -1 for the top card of the draw pile.
	Discard(h *Hunt, who int) int
	// Dodge picks the square a hunter dodges into, among legal.
	Dodge(h *Hunt, who int, legal uint64) int
	// Move picks where a hunter moves when the rules offer a move it may
	// decline (legal includes its own square).
	Move(h *Hunt, who int, legal uint64, why MoveWhy) int
	// Push picks the square the hunter pushes enemy into, among legal
	// (which includes the enemy's own square: no push).
	Push(h *Hunt, who, enemy int, legal uint64) int
	// PushHunter picks, for player chooser, the square hunter is pushed
	// into, among legal.
	PushHunter(h *Hunt, chooser, hunter int, legal uint64) int
	// Interrupt picks the hand slot of an interrupt card to play at
	// trigger t, or -1. It is asked again after each card played.
	Interrupt(h *Hunt, who int, t Trigger) int
	// OnTrap picks the hand slot of an ability card to add to who's
	// trap as it triggers on enemy, or -1.
	OnTrap(h *Hunt, who, enemy int) int
	// Tie picks one of n options the rules leave to the player whose
	// turn it is.
	Tie(h *Hunt, kind TieKind, n int) int
	// Scrap picks the card hunter who scraps (removes for the rest of
	// the encounter): a hand slot, or -1 for the top of its discard pile.
	Scrap(h *Hunt, who int) int
	// Glory (cooperative glory rule) picks the hunter whose discard pile
	// gives back n cards instead of who gaining n glory, or -1 to keep
	// the glory.
	Glory(h *Hunt, who, n int) int
}

// KeepsHand is a Policy whose Refresh always returns 0 (it discards
// nothing before drawing): the rules core does not ask it.
type KeepsHand interface {
	Policy
	KeepsHand()
}
