// Package skirmish is the rules core of the d20 skirmish game: two
// warbands (a captain, a first mate and soldiers each) and uncontrolled
// creatures on a table measured in inches. Every test is one d20 plus a
// stat plus modifiers; melee and shooting are opposed rolls, the other
// tests target numbers.
//
// A Setup is the compiled data of one design (weapons, figure profiles,
// the table and its terrain, the loot, the rule switches), immutable and
// shared by every worker. A Battle is the whole state of one game, a
// value: Reset deals a game from the Setup, Play runs it to the end with
// the policies of both warbands and of the creatures, filling the
// Battle's Tally. The exact probabilities of the game's rolls live in
// odds.go; the trace hook in trace.go.
//
// Nothing here knows YAML, files or goroutines; names are carried only
// for traces, and the core works on small indices.
package skirmish

import (
	"balance/sim/geom"
)

// Limits of a Setup. Figures are indexed by int8 and sets of figures are
// uint32 masks, so MaxFigures is at most 32.
const (
	MaxFigures   = 24 // both warbands and the creatures
	MaxBand      = 10 // figures of one warband
	MaxCreatures = 6
	MaxTerrain   = 32
	MaxLoot      = 8
	MaxSmoke     = 8
	MaxWeapons   = 4 // weapons one figure carries
	MaxPowers    = 2 // powers one figure knows
	MaxTurnCap   = 30
)

// Sides. The two warbands are sides 0 and 1; every creature is on side
// SideCreatures and is the enemy of both warbands, never of another
// creature.
const (
	SideA         int8 = 0
	SideB         int8 = 1
	SideCreatures int8 = 2
)

// Role is what a figure is in its warband.
type Role uint8

// Roles, in the order of the phases they lead.
const (
	Captain Role = iota
	FirstMate
	Soldier
	Creature
)

var roleNames = [...]string{"captain", "first_mate", "soldier", "creature"}

// String returns the role's name as the data spells it.
func (r Role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return "role?"
}

// RoleNames returns the names of the roles, in order.
func RoleNames() []string { return roleNames[:] }

// WeaponClass is how a weapon attacks.
type WeaponClass uint8

// Weapon classes.
const (
	Melee    WeaponClass = iota // used in combat (hand weapon, knife, unarmed)
	Gun                         // an opposed Shooting Roll against one target (pistol, carbine, shotgun, rapid fire)
	Thrown                      // a grenade: a Shooting Stat Roll (TN12) for a target point
	Launcher                    // fires grenades: as Thrown, at longer range
	Flame                       // a template: a shooting attack against every figure under it
)

var classNames = [...]string{"melee", "gun", "thrown", "launcher", "flame"}

func (c WeaponClass) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return "class?"
}

// ClassNames returns the names of the weapon classes, in order.
func ClassNames() []string { return classNames[:] }

// Blast is what a grenade does where it lands.
type Blast uint8

// Blasts.
const (
	NoBlast Blast = iota
	Frag          // a shooting attack against every figure within Radius
	Smoke         // a smoke cloud of radius Radius, blocking lines of sight
)

// Armour types, as bits of a mask (a weapon's Move penalty may be waived
// by some).
const (
	ArmourNone   uint8 = 0
	ArmourHeavy  uint8 = 1
	ArmourCombat uint8 = 2
)

// Weapon is one entry of the weapons table, compiled.
type Weapon struct {
	Name    string
	Class   WeaponClass
	Damage  int8    // damage modifier added to a winning roll
	Range   float32 // maximum range in inches (edge to edge; to the target point for grenades); 0 in melee
	Fight   int8    // modifier to the wielder's Fight (unarmed −2)
	Shoot   int8    // modifier to the wielder's Shoot when it fires this weapon (grenade launcher −1)
	Move    int8    // modifier to the carrier's Move (flame thrower, rapid fire −1)
	Waive   uint8   // armour types (mask) that waive the Move modifier
	Targets uint8   // attacks per Shoot action, each at a different target (rapid fire 2); 1 otherwise
	Blast   Blast   // Thrown and Launcher: what lands
	Radius  float32 // Frag: the damage radius; Smoke: the cloud's radius
	Attack  int8    // Frag: the bonus of the attack against each figure (+3)
	Length  float32 // Flame: the template's length beyond the base
	Width   float32 // Flame: the template's width
	Slots   uint8   // gear slots (carried, not checked)
}

// PowerOp is what a power does when it is activated. The table Ops is
// the one list of them, read by the code and the docs.
type PowerOp uint8

// Power effects.
const (
	OpHeal   PowerOp = iota // restore Amount Health to the activator or a friend within Range and sight
	OpBolt                  // a shooting attack with a Shooting Roll of d20 + Amount against an enemy within Range and sight
	OpShield                // +Amount Armour to the activator until the end of the turn
)

// OpInfo documents one power effect.
type OpInfo struct {
	Name, Doc string
	Target    bool // the power needs a target within its Range
}

// Ops is the table of power effects, indexed by PowerOp.
var Ops = [...]OpInfo{
	OpHeal:   {"heal", "restore `amount` Health (never above the profile's) to the activator or a friendly figure within `range` and in sight", true},
	OpBolt:   {"bolt", "a shooting attack whose Shooting Roll is d20 + `amount` against an enemy within `range` and in sight (the target's shooting defence modifiers apply)", true},
	OpShield: {"shield", "+`amount` Armour for the activator until the end of the turn", false},
}

// Power is one power a figure knows.
type Power struct {
	Name      string
	AN        int8 // the Activation Number: the d20 must be at least this
	Strain    int8 // damage the activator takes when the activation succeeds
	PowerMove bool // the activator may make a 3" move before or after the attempt
	Op        PowerOp
	Amount    int8
	Range     float32
}

// Profile is one figure of the design, compiled: stats, gear, powers and
// where it is deployed.
type Profile struct {
	Name       string
	Role       Role
	Side       int8
	Move       float32 // after the Move modifiers of its weapons
	Fight      int8
	Shoot      int8
	Armour     int8
	Will       int8
	Health     int8
	ArmourType uint8
	Large      bool
	Base       float32 // base radius in inches
	Weapons    [MaxWeapons]uint8
	NWeapons   uint8
	Melee      uint8 // the weapon it fights with: its best Melee weapon, or the table's unarmed entry
	meleeFight int8  // that weapon's Fight modifier (Prepare)
	gun        int16 // its gun of the longest range, -1 none (Prepare: Gun); a weapon's index is up to 254
	Powers     [MaxPowers]Power
	NPowers    uint8
	Start      geom.Vec
}

// Gun returns the profile's gun of the longest range (a flame thrower
// counts; the first of equals), or -1.
func (p *Profile) Gun() int { return int(p.gun) }

// Cover levels a terrain piece gives a figure in contact with it.
const (
	CoverNone  uint8 = 0
	CoverLight uint8 = 1 // +2
	CoverHeavy uint8 = 2 // +4
)

// Terrain is one piece of terrain, compiled.
type Terrain struct {
	Name       string
	Shape      geom.Shape
	BlocksLOS  bool    // no line of sight passes through it
	Impassable bool    // no figure enters it
	Cover      uint8   // cover for a figure in contact with it; a piece with cover is intervening terrain for lines crossing it
	Rough      bool    // moving across it costs double
	Water      bool    // a figure that activates in it makes a Swimming Roll; moving across it costs double
	Height     float32 // a piece one climbs onto (and stands on); 0 for flat pieces
}

// LootSpec is one loot token as the scenario places it.
type LootSpec struct {
	Pos  geom.Vec
	Data bool // data loot (no carrying penalty; picking it up costs an action); false: physical loot
}

// Scenario is the table: its size, terrain, loot, turn cap and where
// each warband's table edge is.
type Scenario struct {
	Name    string
	W, H    float32
	Terrain []Terrain
	Loot    []LootSpec
	TurnCap int
	// Home is the table edge of each warband, where its loot carriers
	// leave the table: 0 the edge y = 0, 1 the edge y = H.
	Home [2]uint8
}

// The rules: each switch is one reading of a rule the document leaves
// open. The zero value of each is the default reading (docs/skirmish/rulings.md).
type Rules struct {
	Initiative      uint8 // InitiativePerTurn, InitiativePerPhase
	MeleeTie        uint8 // TieNone, TieBothDamage, TieReroll
	SupportCap      uint8 // CapAfterNet, CapBeforeNet
	Crit            uint8 // CritDouble, CritRecord
	Jam             uint8 // JamJammed, JamRecord
	Stunned         uint8 // StunnedShooter, StunnedTarget
	CreatureFights  uint8 // fights a creature in combat makes per activation: 1 or 2
	Fights          uint8 // Fight actions a warband figure may take per activation: 1 or 2
	FragAttack      uint8 // FragPlus3, FragShootPlus3
	LauncherPenalty uint8 // LauncherOnce, LauncherStack
	Exertion        uint8 // ExertAfter, ExertBefore
	FlameIgnores    uint8 // mask: FlameIgnoresArmour, FlameIgnoresCover
	ShootInCombat   uint8 // ShootInCombatNo, ShootInCombatYes
	RapidFire       uint8 // RapidTwoTargets, RapidOneTarget
	CreaturesBlock  uint8 // CreaturesBlockLoot, CreaturesDoNotBlock
	SmokeTurns      uint8 // turn ends a smoke cloud lasts through (1: gone at the end of the turn it was made)
	SupportCapValue int8  // the most a figure may claim from supporting figures (the document: 6)
}

// Rule values.
const (
	InitiativePerTurn  = 0
	InitiativePerPhase = 1

	TieNone       = 0
	TieBothDamage = 1
	TieReroll     = 2

	CapAfterNet  = 0
	CapBeforeNet = 1

	CritDouble = 0
	CritRecord = 1

	JamJammed = 0
	JamRecord = 1

	StunnedShooter = 0
	StunnedTarget  = 1

	FragPlus3      = 0
	FragShootPlus3 = 1

	LauncherOnce  = 0
	LauncherStack = 1

	ExertAfter  = 0
	ExertBefore = 1

	FlameIgnoresArmour = 1
	FlameIgnoresCover  = 2

	ShootInCombatNo  = 0
	ShootInCombatYes = 1

	RapidTwoTargets = 0
	RapidOneTarget  = 1

	CreaturesBlockLoot  = 0
	CreaturesDoNotBlock = 1
)

// DefaultRules returns the default readings.
func DefaultRules() Rules {
	return Rules{CreatureFights: 1, Fights: 1, SmokeTurns: 1, SupportCapValue: 6}
}

// Setup is one compiled design: immutable, shared by every worker.
type Setup struct {
	Weapons  []Weapon
	Unarmed  uint8 // index in Weapons of the unarmed entry
	Profiles []Profile
	NBand    [2]int // figures of warband A (Profiles[:NBand[0]]) and B (the next NBand[1]); creatures follow
	Bands    [2]string
	Scenario Scenario
	Rules    Rules

	navs   [4]navFor // navigation grids by base radius
	nNavs  int
	navFig [MaxFigures]uint8 // each figure's, by its base
	// The pieces each query looks at, by index into Scenario.Terrain:
	// made by Prepare so that no query walks past pieces it ignores.
	climbed, ground, blocking, covering []uint8
	masks                               pieceMasks
	points                              pointTab // the ground at a point, by cells
	lines                               lineTab  // the pieces a segment may meet, by pairs of cells
	// For two figures, the squared distance of their centres within
	// which they touch (their bases within contactTol) and within which
	// they are about in contact (nearMargin farther, so touch <= near):
	// contacts' bounds, the nearer asked only within the farther.
	reach2  [MaxFigures][MaxFigures]struct{ touch, near float32 }
	grid    contactGrid
	maxBase float32 // the widest base's radius
}

// contactGrid cuts the table into cells at least as wide as the
// farthest near reach of two figures (a margin more), at most
// gridMax a side: figures about in contact lie in the same cell or
// next ones (by column and by row).
type contactGrid struct {
	inv        float32 // 1/the cell's width
	cols, rows int
}

const (
	gridMax  = 30
	gridNone = gridMax + 3 // beyond every figure's column and row
)

// gridLE is the figures in the columns (or rows) up to each, by column:
// entries 0..gridNone are kept, the others stay empty. It has an entry
// for every uint8, so that a column (a uint8) indexes it without a
// bounds test.
type gridLE [256]uint32

// cell returns p's column and row, from 2 (0, 1 and gridMax+2 are never
// any figure's, so the columns and rows next to one, and the one before
// those, always exist).
func (g *contactGrid) cell(p geom.Vec) (cx, cy uint8) {
	x, y := 0, 0
	if p.X > 0 {
		x = min(int(p.X*g.inv), g.cols-1)
	}
	if p.Y > 0 {
		y = min(int(p.Y*g.inv), g.rows-1)
	}
	return uint8(x + 2), uint8(y + 2)
}

// NCreatures returns the number of creatures.
func (s *Setup) NCreatures() int { return len(s.Profiles) - s.NBand[0] - s.NBand[1] }
