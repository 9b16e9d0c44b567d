package crims

import (
	"balance/sim/geom"
)

// Bounds of a compiled scenario: fixed arrays keep a match one value.
const (
	MaxHunters   = 6  // hunters in a match
	MaxCrims     = 16 // crims in the zone at once (rules.max_crims is at most this)
	MaxProfiles  = 16 // crim profiles (a power of 2: a crim's Def%MaxProfiles, its Def, is read without a bounds check)
	MaxAttacks   = 4  // attacks of a hunter
	MaxOptions   = 4  // Momentum Options of a hunter
	MaxTerrain   = 32 // terrain features of a zone
	MaxPods      = 12 // pods of a zone
	MaxSpawns    = 12 // named places crims are placed at
	MaxCards     = 40 // Control Cards in the deck
	MaxPlace     = 4  // crim placements of one Control Card
	MaxEvents    = 40 // Event Cards in the deck
	MaxHand      = 4  // Keeper cards a hunter holds
	MaxDemeanors = 8  // a power of 2, as MaxProfiles
	MaxTurns     = MaxCards
)

// Attr is a hunter attribute.
type Attr uint8

// The five attributes of a hunter.
const (
	Athletics Attr = iota
	Mind
	Fight
	Shoot
	Defense
	NAttr
)

// Named is one entry of a vocabulary: the name the data uses and what it
// means. The loader reads these tables for the names it accepts and the
// docs list them; nothing else spells them.
type Named struct {
	Name string
	Doc  string
}

// Attrs is the vocabulary of attributes.
var Attrs = [NAttr]Named{
	Athletics: {"athletics", "Move checks, avoiding disengagement strikes, recovery checks"},
	Mind:      {"mind", "Spot checks, recovery checks"},
	Fight:     {"fight", "Fight checks with melee attacks"},
	Shoot:     {"shoot", "Shoot checks with ranged attacks"},
	Defense:   {"defense", "Defense checks against crim attacks"},
}

// Keyword is a set of terrain keywords.
type Keyword uint8

// Terrain keywords.
const (
	KwCover Keyword = 1 << iota
	KwHideable
	KwDifficult
	KwClimbable
	KwBlocking
	KwArea
)

// Keywords is the vocabulary of terrain keywords, bit i for entry i.
var Keywords = []Named{
	{"cover", "a model behind it (the line from its attacker crosses it, within 1\" of the model) or inside it is in cover against Shoot"},
	{"hideable", "a crim taking a Hide action within 1\" of it, or inside it, is replaced by a Hidden counter"},
	{"difficult", "a hunter's Move through or over it downgrades all the dice of its Athletics check"},
	{"climbable", "a hunter's Move up it downgrades all the dice of its Athletics check (as difficult)"},
	{"blocking", "blocks line of sight between models on either side of it"},
	{"area", "area terrain: a spotted crim is placed inside it"},
}

// Action is a crim action.
type Action uint8

// The six crim actions, and ActNone.
const (
	ActNone Action = iota
	ActFlee
	ActCharge
	ActSeekCover
	ActHide
	ActShoot
	ActFight
	NActions
)

// Actions is the vocabulary of crim actions.
var Actions = [NActions]Named{
	ActNone:      {"none", "no action"},
	ActFlee:      {"flee", "move its Move directly away from the nearest hunter (Charge instead if its last action was Charge)"},
	ActCharge:    {"charge", "move its Move toward the nearest hunter; if engaged, Fight at once, else 4\" more"},
	ActSeekCover: {"seek_cover", "move its Move toward the nearest cover, behind it against the nearest hunter; in cover already: Shoot if it can, else stay"},
	ActHide:      {"hide", "move its Move toward the nearest hideable terrain and become a Hidden counter there"},
	ActShoot:     {"shoot", "shoot the nearest hunter (Defense vs Shoot); cannot: Seek Cover, or Charge when Aggressive"},
	ActFight:     {"fight", "fight the nearest engaged hunter (Defense vs Fight); not engaged: Charge"},
}

// CheckKind is what a check is for; Momentum Options name the kinds
// they upgrade.
type CheckKind uint8

// Check kinds.
const (
	CkAttack   CheckKind = iota // a Fight or Shoot check against a crim's Defense
	CkDamage                    // a Damage check against a crim
	CkDefense                   // a Defense check against a crim's Fight or Shoot
	CkResist                    // a Damage Resistance check
	CkMove                      // a Move's Athletics check
	CkAvoid                     // an Athletics check to avoid a disengagement strike
	CkSpot                      // a Spot's Mind check against Stealth
	CkRecovery                  // a recovery check
	NCheckKinds
)

// CheckKinds is the vocabulary of check kinds.
var CheckKinds = [NCheckKinds]Named{
	CkAttack:   {"attack", "a Fight or Shoot check against a crim's Defense"},
	CkDamage:   {"damage", "a Damage check against a crim"},
	CkDefense:  {"defense", "a Defense check against a crim's Fight or Shoot"},
	CkResist:   {"resist", "a Damage Resistance check"},
	CkMove:     {"move", "the Athletics check of a Move"},
	CkAvoid:    {"avoid", "an Athletics check to avoid a disengagement strike"},
	CkSpot:     {"spot", "a Spot's Mind check against a hidden crim's Stealth"},
	CkRecovery: {"recovery", "a recovery check (no Momentum may be spent on it)"},
}

// MomentumOp is what a Momentum Option does.
type MomentumOp uint8

// Momentum Option ops.
const (
	MoUpgrade MomentumOp = iota // upgrade N dice of a check of the option's kinds, before rolling
	MoHeal                      // remove N Wound Tokens, at the start of the hunter's activation
	MoAction                    // N more Action Points, at the start of the hunter's activation
	NMomentumOps
)

// MomentumOps is the vocabulary of Momentum Option effects.
var MomentumOps = [NMomentumOps]Named{
	MoUpgrade: {"upgrade", "before a check of the option's kinds is rolled: upgrade N dice"},
	MoHeal:    {"heal", "at the start of the hunter's activation: remove N Wound Tokens"},
	MoAction:  {"action", "at the start of the hunter's activation: N more Action Points"},
}

// EventOp is what an Event Card does.
type EventOp uint8

// Event Card ops.
const (
	EoPoints   EventOp = iota // the hunter who carries it out gains N points
	EoMomentum                // the hunter gains N Momentum
	EoHeal                    // the hunter removes N Wound Tokens
	EoSpawn                   // a crim of a profile is placed at a named place
	EoRestock                 // every empty pod is restocked
	NEventOps
)

// EventOps is the vocabulary of Event Card effects.
var EventOps = [NEventOps]Named{
	EoPoints:   {"points", "the hunter carrying it out gains N points"},
	EoMomentum: {"momentum", "the hunter carrying it out gains N Momentum"},
	EoHeal:     {"heal", "the hunter carrying it out removes N Wound Tokens"},
	EoSpawn:    {"spawn", "a crim of the named profile is placed at the named place (within the crim limit)"},
	EoRestock:  {"restock", "every empty pod is restocked"},
}

// Reward is a pod's reward, chosen by the opening hunter's player.
type Reward uint8

// Pod rewards.
const (
	RwAdrenaline Reward = iota
	RwPerformance
	RwReload
	RwMedSpray
	NRewards
)

// Rewards is the vocabulary of pod rewards.
var Rewards = [NRewards]Named{
	RwAdrenaline:  {"adrenaline", "Adrenaline Shot: one point of Momentum"},
	RwPerformance: {"performance", "Performance Shot: +1 to an attribute until the Impact Die rolls a 1"},
	RwReload:      {"reload", "a Reload token: a depletable attack that ran out is usable again, no action"},
	RwMedSpray:    {"med_spray", "Med Spray: remove up to 2 Wounds at any time, no action"},
}

// ImpactOption is the choice made when the Impact Die rolls a 10.
type ImpactOption uint8

// Impact 10 options.
const (
	IoMomentum ImpactOption = iota // one more point of Momentum
	IoDouble                       // the die counts as two successes
	IoEvent                        // flip the top Event Card
	IoDamage                       // Fight or Shoot checks that hit: upgrade up to two dice of the Damage check
	NImpactOptions
)

// ImpactOptions is the vocabulary of Impact 10 options.
var ImpactOptions = [NImpactOptions]Named{
	IoMomentum: {"momentum", "one more point of Momentum"},
	IoDouble:   {"double", "the Impact Die counts as two successes"},
	IoEvent:    {"event", "flip the top Event Card: carried out at the end of the phase, or kept if a Keeper"},
	IoDamage:   {"damage_upgrade", "a Fight or Shoot check that hit: upgrade up to two dice of its Damage check"},
}

// Attack is one of a hunter's attacks.
type Attack struct {
	Name       string
	Melee      bool    // melee (Fight, up close) or ranged (Shoot)
	Damage     int8    // potential Wounds before surplus successes
	Range      float32 // ranged: inches, edge to edge
	Depletable bool    // an Impact 1 on its check leaves it unusable without a Reload
}

// MomentumOption is one entry of a hunter's Momentum Options.
type MomentumOption struct {
	Name   string
	Op     MomentumOp
	Cost   int8
	N      int8
	Checks uint16 // MoUpgrade: bit k for CheckKind k
}

// HunterDef is a hunter's dataslate, compiled.
type HunterDef struct {
	Key, Name string
	Attr      [NAttr]int8
	WoundMax  int8
	Armor     int8
	Attacks   [MaxAttacks]Attack
	NAttacks  uint8
	BestMelee int8 // the highest Damage of its melee attacks (disengagement strikes); 0: none
	Options   [MaxOptions]MomentumOption
	NOptions  uint8
	Base      float32 // base radius, inches
}

// CrimDef is a crim profile, compiled.
type CrimDef struct {
	Key, Name  string
	Move       float32
	Fight      int8 // the threshold of a hunter's Defense check against its Fight
	Shoot      int8 // the threshold against its Shoot
	Defense    int8 // the threshold of a hunter's Fight or Shoot check against it
	Stealth    int8 // the threshold of a Spot check against it
	Wounds     int8
	Armor      int8
	Melee      int8    // the Damage of its best melee attack; 0: none
	Ranged     int8    // the Damage of its best ranged attack; 0: none
	Range      float32 // that attack's range
	BPV        int8    // Base Point Value
	Demeanor   uint8   // its first Demeanor: the one Control Cards direct
	Aggressive bool    // one of its Demeanors is Aggressive
	Base       float32
}

// Terrain is one terrain feature.
type Terrain struct {
	Name  string
	Shape geom.Shape
	Kw    Keyword
}

// Map is a zone.
type Map struct {
	Name       string
	W, H       float32
	Terrain    [MaxTerrain]Terrain
	NTerrain   uint8
	Pods       [MaxPods]geom.Vec
	NPods      uint8
	Spawns     [MaxSpawns]geom.Vec
	SpawnNames [MaxSpawns]string
	NSpawns    uint8
}

// Corner returns the point 2" in from corner k (0: (0,0), then
// counter-clockwise), where hunters deploy and return.
func (m *Map) Corner(k int) geom.Vec {
	const in = 2
	switch k & 3 {
	case 0:
		return geom.V(in, in)
	case 1:
		return geom.V(m.W-in, in)
	case 2:
		return geom.V(m.W-in, m.H-in)
	}
	return geom.V(in, m.H-in)
}

// Placement is a crim placed by a Control Card.
type Placement struct {
	Crim uint8 // profile
	At   uint8 // spawn place
}

// ControlCard is one card of the Control Deck.
type ControlCard struct {
	Name    string
	Restock bool // restock every empty pod
	Event   bool // the First Player draws an Event Card
	Place   [MaxPlace]Placement
	NPlace  uint8
	Direct  [MaxDemeanors]Action // what crims of each Demeanor do this turn
}

// EventCard is one card of the Event deck.
type EventCard struct {
	Name   string
	Keeper bool // kept in hand and carried out at the holder's next activation
	Op     EventOp
	N      int8
	Crim   uint8 // EoSpawn: the profile
	At     uint8 // EoSpawn: the place
}

// Choices of the rules switches.
const (
	EngagedShootLose  uint8 = iota // an engaged crim told to Shoot loses its action
	EngagedShootShoot              // it shoots anyway
	EngagedShootFight              // it takes a Fight action
)

// Rules are the switches of the rulings: the reading of the document a
// match follows where it leaves a choice (docs/crims/rulings.md).
type Rules struct {
	Engagement      float32 // engaged within this many inches, edge to edge
	MaxCrims        uint8   // crims in the zone at once
	AllDiceFirst    bool    // "all the dice" effects before other upgrades and downgrades
	ArmorByOpponent bool    // the opponent chooses which dice a crim's Armor downgrades
	EngagedShoot    uint8   // EngagedShoot*
	ChargeFight     bool    // a Charge engaging during its extra 4" fights
	ForcedHides     uint8   // Hide actions a crim must take after becoming hidden (1 or 2)
	ReturnActs      bool    // a hunter returning to the zone spends its Action Points that activation
	Pizzazz         bool    // an elimination's surplus Wounds add points (unless the Impact Die rolled 1)
	TieBreak        bool    // tied points: most eliminations wins
	RandomSeating   bool    // hunters take seats (corners, initiative) at random each match
	PerfAnyCheck    bool    // a Performance Shot is lost on an Impact 1 of any check, not only attribute checks
	MoveReuse       bool    // a disengaging hunter's avoid check also gives the distance
	PodsStocked     bool    // pods start stocked
}

// Scenario is one compiled encounter: immutable, shared by every worker.
type Scenario struct {
	Name      string
	Hunters   [MaxHunters]HunterDef
	NHunters  uint8
	Crims     [MaxProfiles]CrimDef
	NCrims    uint8
	Demeanors [MaxDemeanors]string
	Map       Map
	Deck      [MaxCards]ControlCard
	NCards    uint8
	Events    [MaxEvents]EventCard
	NEvents   uint8
	Rules     Rules
}
