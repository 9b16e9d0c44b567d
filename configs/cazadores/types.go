package cazadores

import (
	"maps"

	sim "balance/sim/cazadores"
)

// Data is the whole game data set: rulings, equipment, Pack models, packs,
// Adversaries and scenario maps, keyed by slug (a file's base name for
// Adversaries and scenarios, the mapping key for the others). Every name in
// it has been checked against the fixed lists below and every reference
// resolves.
type Data struct {
	Rules       Rules
	Weapons     map[string]*Weapon
	Armour      map[string]*Armour
	Gear        map[string]*Gear
	Rituals     map[string]*Ritual
	Companions  map[string]*Companion
	Cazadores   map[string]*Cazador
	Packs       map[string]*Pack
	Adversaries map[string]*Adversary
	Scenarios   map[string]*Scenario
	Objectives  map[string]*Objective

	raw map[string]rawFile // each Adversary's source, for overrides
}

// rawFile is the text an Adversary was decoded from.
type rawFile struct {
	file string
	data []byte
}

func (d *Data) setRaw(slug, file string, data []byte) {
	if d.raw == nil {
		d.raw = map[string]rawFile{}
	}
	d.raw[slug] = rawFile{file, data}
}

// DefaultPack and DefaultScenario name the pack and map a hunt uses when none
// is given.
const (
	DefaultPack     = "duo"
	DefaultScenario = "open-ground"
)

// Rules holds the switches of the simulator's rulings (rules.yaml). Each
// switch selects one reading where the rulebook leaves a choice.
type Rules struct {
	RoundCap                 int    // rounds before a hunt ends in a stalemate (1..1000)
	PassTicks                int    // Ticks a Pass costs (1 or 2)
	FoeRecoverTicks          int    // Ticks a Foe pays for a Recover taken instead of its free Move (0..4)
	TerrorDT                 string // DT of a Terror Attack: one of TerrorDTs
	SurroundedCountsSelf     bool   // the Surrounded model counts itself among the Friendly models
	CritOncePerTurn          bool   // each Crit ability fires at most once per turn
	BleedingOnZeroMove       bool   // Bleeding also wounds after a Move of 0"
	OverflowTop              string // where WNDs go past the highest exhausted location: one of OverflowTops
	FoeMove                  string // how far a Foe moves toward its target: one of FoeMoves
	AmmoLimited              bool   // shooting weapons run out of Ammo
	DangerousCheck           string // when Dangerous terrain asks for a check: one of DangerousChecks
	NaturalTenAlwaysSucceeds bool   // a natural 10 is a Success whatever the DT
	Cover                    string // which lines of sight give Cover: one of CoverModes
	SelfCardTicks            int    // Ticks of an Adversary card that makes no attack (1..6)
	PlayOutRound             bool   // the rest of a Round is played after the last Foe falls
	// The height switches (R58) are left out of Data.Hash's JSON at their
	// default, so that the hash of every run that does not set them stays.
	FallOnlyUnstable bool `json:",omitempty"` // a model struck on a raised piece falls only from an unstable one
	JumpDown         bool `json:",omitempty"` // a model leaves a raised piece by jumping down (no movement, a fall) instead of climbing down
}

// DefaultRules returns the default rulings, the same values as the embedded
// rules.yaml.
func DefaultRules() Rules {
	return Rules{
		RoundCap:                 30,
		PassTicks:                1,
		FoeRecoverTicks:          0,
		TerrorDT:                 "pool",
		SurroundedCountsSelf:     false,
		CritOncePerTurn:          true,
		BleedingOnZeroMove:       false,
		OverflowTop:              "down",
		FoeMove:                  "contact",
		AmmoLimited:              true,
		DangerousCheck:           "first_entry",
		NaturalTenAlwaysSucceeds: true,
		Cover:                    "centre_line",
		SelfCardTicks:            3,
		PlayOutRound:             false,
	}
}

// Weapon is a melee, shooting or arcane weapon (weapons.yaml).
type Weapon struct {
	Slug        string
	Name        string
	Kind        string  // one of WeaponKinds
	Pow         int     // extra WNDs on a hit
	RngMin      float64 // range band in inches; 0 for melee and arcane weapons
	RngMax      float64
	Hands       int  // 1 or 2
	Renown      int  // cost in Renown
	AttackTicks int  // extra Ticks to Attack (may be negative)
	ReloadTicks int  // extra Ticks to Reload (shooting weapons)
	Ammo        int  // shots before it is empty (shooting weapons; 0 otherwise)
	Armour      int  // armour while readied (the Shield)
	Damage      bool // false: a hit deals no WNDs (the Net)
	OnHit       []Op // effects on a hit
	Crit        []Op // Crit abilities
}

// Armour is a suit of armour (armour.yaml).
type Armour struct {
	Slug   string
	Name   string
	Rating int // added to both defences
	Spd    int // SPD change, 0 or negative
	Renown int
}

// Gear is a piece of Special Gear (gear.yaml). Its effect is the simulator's
// to model; the data carries what building a Cazador and readying need.
type Gear struct {
	Slug      string
	Name      string
	Renown    int
	Action    string  // one of GearActions: an Attack or a Use Gear action
	Skill     string  // the skill its check uses: one of SkillNames
	DT        int     // fixed DT of the check; 0 when the target's DEF or none
	Ammo      int     // uses per hunt
	Hands     int     // 0: need not be readied; else 1 or 2
	RngMin    float64 // range band in inches; both 0 when it affects the user
	RngMax    float64
	Areas     map[string]*AreaKind // Areas its effects place
	OnSuccess []Op
	OnFail    []Op
}

// Ritual is a Ritual a Cazador may know (rituals.yaml).
type Ritual struct {
	Slug   string
	Name   string
	Renown int
	Pow    int     // rating of the attack it makes; 0 when it makes none
	Rng    float64 // range in inches; 0 when it affects the caster
	Target string  // one of RitualTargets
	Areas  map[string]*AreaKind
	Effect []Op // on a successful casting
	Crit   []Op // Crit abilities of its attack
}

// Attributes are a Pack model's attributes (final values).
type Attributes struct {
	Spd, Prow, Shrp, Wit, Res, Wnd int
}

// Skills are a Cazador's skill ratings (final values).
type Skills struct {
	Athletics, Melee, Shooting, Stealth, Hunt, Lore, Fortitude, Leadership int
}

// Companion is a Companion type (companions.yaml).
type Companion struct {
	Slug     string
	Name     string
	Stats    Attributes
	Enlist   int     // enlistment cost in Renown
	BaseMM   float64 // base diameter in millimetres
	Loadouts []Loadout
}

// Loadout is one of a Companion type's alternative kits.
type Loadout struct {
	Weapons []string // weapon slugs
	Armour  string   // armour slug
}

// Cazador is a named Cazador build (cazadores.yaml), checked against the
// creation limits of chapter 6.
type Cazador struct {
	Slug       string
	Name       string
	Attributes Attributes
	Skills     Skills
	Weapons    []string // weapon slugs, 1..3
	Readied    []string // weapons readied at the start (a sub-multiset of Weapons, at most 2 hands)
	Armour     string   // armour slug
	Gear       []string // special gear slugs, 0..2
	Rituals    []string // ritual slugs, 0..3
	Book       []string // Rituals inscribed in its Book of Rituals (0..2; it must carry the Book)
	Symbol     string   // the known Ritual its Religious Symbol serves ("" : none; it must carry the Symbol)
	BaseMM     float64
	Spent      Spending // Renown spent at creation, by restriction
}

// Spending is the Renown a build spends at creation, by the rows of the
// Cazador Restrictions table (companions are counted on the pack).
type Spending struct {
	Attributes int // PROW, SHRP, WIT, RES above the starting 3
	SpdWnd     int // SPD above 4 plus WND above 12
	Skills     int
	Rituals    int
	Gear       int // weapons (the dearest is free), armour above light, special gear
}

// Total is the Renown spent on the build itself.
func (s Spending) Total() int {
	return s.Attributes + s.SpdWnd + s.Skills + s.Rituals + s.Gear
}

// Pack is a hunting party (packs.yaml).
type Pack struct {
	Slug    string
	Name    string
	Members []Member
	// OutsideTable: the file said table_4_1: false, so the companions
	// by player count were not checked.
	OutsideTable bool `json:",omitempty"`
}

// Member is one model of a pack: a Cazador build, or a Companion that
// belongs to one of the pack's Cazadores.
type Member struct {
	Cazador   string // build slug; "" for a Companion
	Companion string // Companion type slug; "" for a Cazador
	Loadout   int    // index into the Companion type's Loadouts
	Of        int    // index of the Cazador member it belongs to (Companions only)
}

// FoeStats are a Foe's six attributes.
type FoeStats struct {
	Spd, Atk, Rng, Def, Ter, Wnd int
}

// Adversary is one Adversary (adversaries/<slug>.yaml): its stats, models,
// Minions, the Areas its actions place, its hit locations and its two sets
// of action cards.
type Adversary struct {
	Slug         string
	Name         string
	Stats        FoeStats
	BaseMM       float64
	Immune       []string // condition names
	Models       []string // one name per model; all share the deck and the clock
	Minions      []Minion
	Areas        map[string]*AreaKind
	HitLocations []HitLocation
	Actions      [4]Action // the standard suits, indexed by Ace, King, Queen, Jack
	Special      [4]Action // the Hearts entries, same indices, "like: standard" merged
	// The fields below are left out of Data.Hash's JSON when unused, so that
	// a file that does not write them keeps the hash it had before them.
	States []State              `json:",omitempty"`
	Trees  map[string]*TreeSpec `json:",omitempty"` // its own decision trees, by slug
}

// TreeSpec is a decision tree of an Adversary's own: its questions (of
// sim.TreeSteps) in order and its Aggro rule (of sim.AggroRules).
type TreeSpec struct {
	Steps []string
	Aggro string
}

// State is a state the Adversary enters during the hunt: one trigger
// (WndAtMost > 0, Round > 0 or Card != ""), how many Rounds it lasts (0:
// the rest of the hunt), and its stat changes.
type State struct {
	Name                    string
	WndAtMost               float64
	Round                   int
	Card                    string // one of RankNames
	Rounds                  int
	Spd, Atk, Rng, Def, Ter int
}

// Ranks of the action cards, the indices of Adversary.Actions and Special.
const (
	Ace = iota
	King
	Queen
	Jack
)

// RankNames are the YAML keys of the action entries, by rank index (the
// engine's table, which names a blank entry the same way).
var RankNames = sim.RankKeys

// Minion is a kind of Minion that comes with the Adversary.
type Minion struct {
	Name        string
	Count       int
	Type        string // its Foe Type: one of Trees
	Stats       FoeStats
	BaseMM      float64
	ShootingRng int  // extra RNG of its Shooting Attack; 0: it has none
	Crit        []Op // Crit abilities of its attacks
}

// AreaKind is a kind of Area (a circular template) the Adversary's actions
// and rules place.
type AreaKind struct {
	Name     string
	Diameter float64  // inches
	Terrain  []string // terrain types of the Area
	FoeDef   int      // DEF bonus for Foes within it
	// Enter: a model entering the Area makes a Check of EnterSkill
	// against EnterDT or suffers EnterCondition; Once: only the first.
	EnterSkill     string
	EnterDT        int
	EnterCondition string
	Once           bool
}

// HitLocation is one hit location: the cards that hit it, its WNDs, the
// model it belongs to and what happens when it is exhausted.
type HitLocation struct {
	Name      string
	Cards     []int // card values 2..10
	Wnd       int
	Owner     int // index into Adversary.Models
	Exhausted Exhaustion
}

// Exhaustion is the lasting effect of an exhausted hit location. Stat
// changes apply to every model of the Adversary.
type Exhaustion struct {
	Label                   string
	Attacks                 string // "" or one of AttackStates: the Adversary's attacks gain it
	Spd, Atk, Rng, Def, Ter int    // stat changes
	Trigger                 []Op   // run once when the location is exhausted
}

// Action is one Adversary action card entry, or an attack an op triggers.
type Action struct {
	Name         string
	Tree         string // special entries: one of Trees; "" for standard entries
	Like         string // "standard" when the entry copied the standard one of its rank
	Mods         Mods
	Attack       string  // one of AttackKinds
	Targets      string  // one of TargetModes
	Near         float64 // target_and_near: inches around the target
	Count        int     // count: how many targets
	Advantage    bool
	Damage       bool    // the attack deals WNDs equal to Successes
	Rating       int     // a fixed pool (triggered attacks); 0: the Foe's ATK or TER
	Range        float64 // a fixed range in inches (triggered attacks); -1: the Foe's RNG plus Mods.Rng
	MinRange     float64 `json:",omitempty"` // the attack reaches no model closer than this, in inches; 0: none
	Check        *Check  // a Check made instead of an attack (attack: none)
	Before       []Op    // before the attack
	OnHit        []Op    // on each target hit
	OnMiss       []Op    // on each target missed
	Crit         []Op    // Crit abilities
	After        []Op    // after the attack, once
	OnSuccess    []Op    // when the Check succeeds
	Ticks        int     // Ticks the card costs
	TicksDefault bool    // Ticks was not given: self_card_ticks for attack none, else 3

	damageSet bool
}

// Mods are an action's stat changes for the turn. Atk adds to the pool the
// action's attack rolls (ATK, or TER for a Terror Attack).
type Mods struct {
	Spd, Atk, Rng int
}

// Check is a Check an action makes instead of an attack.
type Check struct {
	Skill string // one of CheckSkills: the Foe stat rolled
	DT    int
}

// Op is one effect, as decoded: Kind names an op of sim.OpTable, whose
// entry says which fields its value fills (docs/cazadores/effect-ops.md lists the
// ops):
//
//	a Condition:             Condition (resist: its impose)
//	a skill:                 Skill (resist: its check)
//	inches:                  Inches (each: its radius)
//	a choice:                Where (ward: also N, 1 melee or 2 shooting)
//	an Area kind:            Area, and At (area: its at)
//	a die:                   Die, 5 or 10
//	an amount, a count:      N, or Die (resist: dt in N)
//	a list of ops:           Ops (grant_crit; each: its ops)
//	an attack:               Action
type Op struct {
	Kind      string // the name of an op of sim.OpTable
	Condition string
	Inches    float64
	Where     string
	Area      string
	At        string
	Ops       []Op
	Die       int
	Action    *Action
	Minion    string `json:",omitempty"` // summon: the Minion's name
	N         int    // an amount: WNDs, a cap, a DT
	Skill     string // resist: the Check's skill
}

// Objective is one of the ten Objectives (objectives.yaml): its numbers;
// its rules are the simulator's.
type Objective struct {
	Slug      string
	Name      string
	Roll      int       // the d10 result that picks it
	Success   Dice      // Renown gained on success
	Failure   Dice      // Renown lost on failure
	Per       string    // one of RenownPers: what each gain or loss counts
	Simulated bool      // false: its rules are not simulated yet; runs refuse it
	Model     *ObjModel // the model it brings (the Prisoner), if any
}

// ObjModel is a model an Objective brings to the Pack's side.
type ObjModel struct {
	Name   string
	Stats  Attributes
	BaseMM float64
}

// Dice is a roll such as d10+5: Die (0 for none) plus Plus.
type Dice struct {
	Die, Plus int
}

// Scenario is a map: its size, exits and terrain (scenarios/<slug>.yaml).
// Coordinates are inches from the south-west corner, x east, y north.
type Scenario struct {
	Slug       string
	Name       string
	Size       [2]float64 // width (x), depth (y)
	Exits      []Exit
	DeployExit int // index into Exits where the Pack deploys
	Terrain    []Terrain
	// Where size was read, for the errors of a board too small for the
	// models (not part of the design: unexported, out of its hash).
	sizeFile          string
	sizeLine, sizeCol int
}

// Exit is a stretch of one border: from From to To along the edge (x for
// the south and north edges, y for east and west).
type Exit struct {
	Edge     string // one of Edges
	From, To float64
}

// Terrain is one terrain piece. Shape says which of Rect, Circle, Poly holds
// its geometry.
type Terrain struct {
	Name   string
	Shape  string     // "rect", "circle" or "poly"
	Rect   [4]float64 // x0, y0, x1, y1
	Circle [3]float64 // x, y, r
	Poly   [][2]float64
	Types  []string // terrain types
	// Height in inches (0: none given); Unstable and Chasm as sim.Piece.
	// Left out of Data.Hash's JSON when not written, so that a map without
	// height keeps its hash.
	Height   float64 `json:",omitempty"`
	Unstable bool    `json:",omitempty"`
	Chasm    bool    `json:",omitempty"`
}

// The fixed vocabularies the data is checked against, each sorted.
var (
	Conditions   = []string{"bleeding", "burning", "defenceless", "freezing", "hidden", "knocked_down", "poisoned", "stunned", "terrified"}
	TerrainTypes = []string{"blocking", "dangerous", "difficult", "impassable", "obscuring", "open"}
	Trees        = []string{"aggressive", "defensive", "sentry"}
	TargetModes  = []string{"all_in_range", "all_models_in_range", "count", "target", "target_and_near", "triangle"}
	AttackKinds  = []string{"melee", "none", "shooting", "terror"}
	AttackStates = []string{"advantage", "disadvantage"}
	// OpLists are an action entry's lists of ops, as a special entry's
	// merge names them.
	OpLists     = []string{"after", "before", "crit", "on_hit", "on_miss", "on_success"}
	CheckSkills = []string{"atk", "def", "terror"}
	// RitualTargets say whom a Ritual may be cast on.
	RitualTargets   = []string{"any", "friendly", "hostile", "self"}
	RenownPers      = []string{"foe", "hunt", "model"}
	WeaponKinds     = []string{"arcane", "melee", "shooting"}
	GearActions     = []string{"attack", "use_gear"}
	SkillNames      = []string{"athletics", "fortitude", "hunt", "leadership", "lore", "melee", "shooting", "stealth"}
	Edges           = []string{"east", "north", "south", "west"}
	TerrorDTs       = []string{"pool", "res", "skill"}
	OverflowTops    = []string{"down", "wrap"}
	FoeMoves        = []string{"contact", "in_range"}
	DangerousChecks = []string{"every_entry", "first_entry"}
	CoverModes      = []string{"any_line", "centre_line"}
)

// Clone returns a copy of d that Set and AddAdversaryFile can change
// without changing d: the maps they change are copied; the entries, which
// they replace rather than change, are shared.
func (d *Data) Clone() *Data {
	c := *d
	c.Adversaries = maps.Clone(d.Adversaries)
	c.raw = maps.Clone(d.raw)
	return &c
}
