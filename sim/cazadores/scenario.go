package cazadores

import "balance/sim/geom"

// Rules holds the switches of the rulings (docs/cazadores/rulings.md) that could move
// a balance figure. The zero value is not valid; DefaultRules gives the
// defaults.
type Rules struct {
	RoundCap                 int
	PassTicks                int8
	FoeRecoverTicks          int8
	TerrorDT                 TerrorDTMode
	SurroundedCountsSelf     bool
	CritOncePerTurn          bool
	BleedingOnZeroMove       bool
	OverflowWrap             bool // false: down (default); true: wrap to the lowest location
	FoeMoveInRange           bool // false: move to base contact (default); true: stop once in range
	AmmoLimited              bool
	DangerousEveryEntry      bool
	NaturalTenAlwaysSucceeds bool
	CoverAnyLine             bool
	SelfCardTicks            int8
	PlayOutRound             bool // play a Round's Turns after its outcome is settled (R7)
	FallOnlyUnstable         bool // a model struck on a raised piece falls only from an unstable one (R58)
	JumpDown                 bool // a model leaves a raised piece by jumping down: no movement, a fall (R58)
}

// TerrorDTMode selects the Rating used as the DT of a Terror Attack.
type TerrorDTMode uint8

// Terror DT modes.
const (
	TerrorDTPool  TerrorDTMode = iota // RES + Fortitude skill
	TerrorDTSkill                     // Fortitude skill only
	TerrorDTRes                       // RES only
)

// DefaultRules returns the default rulings.
func DefaultRules() Rules {
	return Rules{
		RoundCap:                 30,
		PassTicks:                1,
		FoeRecoverTicks:          0,
		TerrorDT:                 TerrorDTPool,
		CritOncePerTurn:          true,
		AmmoLimited:              true,
		NaturalTenAlwaysSucceeds: true,
		SelfCardTicks:            3,
	}
}

// OpKind is the kind of an effect op.
type OpKind uint8

// Effect ops, the small vocabulary in which card actions, weapon abilities
// and hit-location effects are written. OpTable says which op of the data
// becomes which.
const (
	OpNone                 OpKind = iota
	OpImpose                      // impose Cond on the target
	OpPush                        // push the target Dist inches away from the performer
	OpPlaceScatter                // place the target by a Scatter Roll from its position
	OpPlaceAdjacent               // place the target in base contact with the performer
	OpMoveSelfAdjacent            // place the performer in base contact with the target
	OpArea                        // create an Area of kind Area at At
	OpGrantCrit                   // the Adversary's attacks gain "Crit: impose Cond" for the hunt
	OpHeal                        // the performer heals dDie WNDs on its own hit locations
	OpImposeSelf                  // the performer suffers Cond
	OpAttack                      // the performer makes the attack Triggers[Sub]
	OpRecoverWND                  // the target recovers WNDs equal to the Check's Successes, at most N
	OpGainWND                     // the target recovers N WNDs, or dN (Die) rolled once per effect
	OpLoseWND                     // the target loses N WNDs, or dN (Die)
	OpImmune                      // the target becomes immune to Cond for the hunt
	OpWeaponCrit                  // the target's first readied weapon gains "Crit: impose Cond" for the hunt
	OpWard                        // attacks of kind N (1 melee, 2 shooting) against the target are at Disadvantage for the hunt
	OpMark                        // Shooting Attacks against the target are at Advantage for the hunt
	OpResist                      // the target makes a Check of Skill against DT N or suffers Cond
	OpEach                        // Lists[Sub] applies to every model within Dist of the performer (itself included)
	OpAreaPair                    // two linked Areas of kind Area: one at At, one a Scatter from it; entering one places a model beside the other
	OpTerrifiedByAdversary        // the target becomes Terrified of the Adversary
	OpSummon                      // N Minions of kind Sub join the hunt, placed by Scatter Rolls from the performer
	NumOpKinds                    // the number of kinds, OpNone included
)

// AreaAt says where an OpArea is centred.
type AreaAt uint8

// Area positions.
const (
	AtTarget  AreaAt = iota // under the target's base now (the performer's when there is none)
	AtOrigin                // where the target stood when the attack began
	AtSelf                  // under the performer
	AtScatter               // a Scatter Roll from the target's position
)

// Op is one effect.
type Op struct {
	Kind  OpKind
	Cond  Cond
	At    AreaAt
	Area  uint8 // index into AdversaryDef.Areas
	Sub   uint8 // index into AdversaryDef.Triggers
	N     int8  // an amount (OpRecoverWND's cap, OpGainWND's WNDs, OpResist's DT, OpWard's kinds)
	Die   int8  // a die for the amount (5: d5, 10: d10); 0: N
	Skill Skill // OpResist's Check
	Dist  float32
}

// Ops is a short fixed list of effects.
type Ops struct {
	N   uint8
	Ops [MaxOps]Op
}

// Add appends op; it reports false when the list is full.
func (o *Ops) Add(op Op) bool {
	if int(o.N) >= MaxOps {
		return false
	}
	o.Ops[o.N] = op
	o.N++
	return true
}

// List returns the ops as a slice of the fixed array.
func (o *Ops) List() []Op { return o.Ops[:o.N] }

// CardAction is an Adversary action (one card entry, or a triggered attack).
type CardAction struct {
	Name      string
	Tree      Tree // the Decision Tree (special entries only; standard entries use the suit)
	Attack    AttackKind
	ModSPD    int8
	ModATK    int8
	ModRNG    int8
	Targets   TargetMode
	Near      float32 // TargetAndNear
	Count     uint8   // TargetCount
	Advantage bool
	Damage    bool
	Rating    int8    // a fixed pool (triggered attacks); 0: ATK or TER
	Range     float32 // a fixed range (triggered attacks); < 0: RNG
	MinRange  float32 // no model closer than this (edge to edge) is reached; 0: none
	HasCheck  bool    // attack none with a Check (War Chant)
	CheckTER  bool    // the Check rolls TER (else ATK, or DEF with CheckDEF)
	CheckDEF  bool    // the Check rolls DEF
	CheckDT   int8
	Ticks     int8
	Before    Ops
	OnHit     Ops
	OnMiss    Ops
	Crit      Ops
	After     Ops
	OnSuccess Ops
	// Blank plays the action as a blank card, to measure what it does:
	// the Turn runs as the card directs (the same Decision Tree, moves and
	// choice to act), but its Action, once taken, spends its Ticks and
	// does nothing else: no Check, no attack, no effect (WithBlank).
	Blank bool
}

// FoeStats are a Foe's six attributes.
type FoeStats struct {
	SPD, ATK, RNG, DEF, TER int8
	WND                     int16
}

// FoeMods are stat changes (hit-location exhaustion effects).
type FoeMods struct {
	SPD, ATK, RNG, DEF, TER int8
}

// Location is one hit location of the Adversary.
type Location struct {
	Name        string
	Label       string // the exhaustion effect's name
	WND         int16
	Owner       uint8 // which of the Adversary's models it belongs to
	High        uint8 // its highest card value, which orders the locations
	Mods        FoeMods
	AttacksDis  bool // "Disadvantage to Attacks" while exhausted
	Trigger     Ops  // run once when the location becomes exhausted
	OwnerSeqPos uint8
	// Blank leaves its exhaustion effect out, to measure what it does: the
	// location still takes WNDs and is exhausted (and counts towards the
	// Adversary's fall), but its stat changes, Disadvantage and trigger
	// never apply (WithBlank).
	Blank bool
}

// HasEffect reports whether exhausting the location does anything besides
// exhausting it: a stat change, Disadvantage to Attacks or a trigger.
func (l *Location) HasEffect() bool {
	return l.Mods != FoeMods{} || l.AttacksDis || l.Trigger.N > 0
}

// AreaKind is a kind of Area an Adversary creates.
type AreaKind struct {
	Name     string
	Diameter float32
	Terrain  Terrain
	FoeDEF   int8 // DEF bonus for Foes within the Area
	// A model that enters the Area makes a Check of EnterSkill against
	// EnterDT or suffers EnterCond (none when EnterCond is NoCond); with
	// Once, only the first model to enter does, and the Area is spent.
	EnterSkill Skill
	EnterDT    int8
	EnterCond  Cond
	Once       bool
}

// AdversaryDef is a compiled Adversary.
type AdversaryDef struct {
	Name       string
	Slug       string
	Stats      FoeStats
	BaseR      float32
	Immune     CondSet
	NModels    uint8
	ModelNames [MaxAdvModels]string
	NLoc       uint8
	Loc        [MaxLocations]Location
	CardLoc    [11]uint8           // card value 2..10 -> location index
	Up         [MaxLocations]int8  // overflow target of each location when exhausted, by order
	Order      [MaxLocations]uint8 // location indices by ascending High
	Standard   [4]CardAction       // by rank
	Special    [4]CardAction       // the Hearts entries
	Triggers   []CardAction
	States     []StateDef
	Trees      []TreeDef // its own Decision Trees, Tree len(BuiltinTrees) on
	Areas      []AreaKind
	Minions    []MinionDef
}

// MinionDef is a compiled Minion type.
type MinionDef struct {
	Name     string
	Count    uint8
	Tree     Tree
	Stats    FoeStats
	BaseR    float32
	ShootRNG int8 // extra RNG of its Shooting Attack; 0: no Shooting Attack
	Crit     Ops
	Melee    CardAction // its Melee Attack
	Shoot    CardAction // its Shooting Attack (when ShootRNG > 0)
	// Numbered: its models are named with a number (more than one may be
	// on the board: Count above 1, or a summon op names it).
	Numbered bool
	// SummonNote is the trace's note when a summon op brings one in.
	SummonNote string
}

// MinionActions builds a Minion's two attacks from its definition.
func (d *MinionDef) MinionActions() {
	d.Melee = CardAction{Name: "Melee Attack", Attack: MeleeAttack, Damage: true, Range: -1, Ticks: 3, Crit: d.Crit}
	d.Shoot = CardAction{Name: "Shooting Attack", Attack: ShootingAttack, Damage: true, Range: -1, Ticks: 3, ModRNG: d.ShootRNG, Crit: d.Crit}
}

// WeaponKind is a weapon's kind.
type WeaponKind uint8

// Weapon kinds.
const (
	MeleeWeapon WeaponKind = iota
	ShootingWeapon
	ArcaneWeapon
)

// WeaponDef is a compiled weapon. Weapons[0] of a Scenario is Unarmed.
type WeaponDef struct {
	Name        string
	Kind        WeaponKind
	POW         int8
	Min, Max    float32 // range band in inches (melee: Min 0)
	Hands       uint8
	AttackTicks int8 // extra Ticks to Attack
	ReloadTicks int8 // extra Ticks to Reload
	Ammo        uint8
	Armour      int8 // armour while readied (Shield)
	NoDamage    bool // deals no WNDs (Net)
	Captures    bool // a hit on the Adversary can capture it (the Capture Objective; the Net)
	OnHit       Ops
	Crit        Ops
}

// GearDef is a compiled piece of Special Gear, used with the Use Gear
// Action: a Check of Skill against DT, effects on a success or a failure,
// and Ammo spent either way.
type GearDef struct {
	Name      string
	Skill     Skill
	DT        int8
	Ammo      uint8 // 0: unlimited
	MustReady bool
	Hands     uint8
	Attack    bool    // used with the Attack Action: a Shooting Check against the target's Defence
	Min       float32 // the nearest the target may be (Attack gear)
	Range     float32 // < 0: the user itself is the target
	OnSuccess Ops
	OnFailure Ops
}

// RitualDef is a compiled Ritual, cast with the Cast Ritual Action: a Lore
// Check against DT 7, once successfully per hunt, effects on a success; a
// Ritual with POW makes a Shooting Attack of POW dice on its target.
type RitualDef struct {
	Name      string
	Range     float32 // < 0: the caster itself is the target
	Hostile   bool    // the target must be a Hostile model
	Friendly  bool    // the target must be a Friendly model (or the caster)
	POW       int8
	OnSuccess Ops
	Crit      Ops
}

// PackDef is a compiled Pack model (a Cazador build or a Companion).
type PackDef struct {
	Name      string
	Kind      Kind
	SPD       int8
	Attr      [NumAttrs]int8
	WND       int16
	Skills    [NumSkills]int8
	NWeapons  uint8
	Weapons   [MaxWeapons]uint8 // indices into Scenario.Weapons
	Readied   uint8             // bit i: Weapons[i] readied at the start
	Armour    int8
	ArmourSPD int8
	BaseR     float32
	NGear     uint8
	Gear      [2]uint8 // indices into Scenario.Gear
	NRituals  uint8
	Rituals   [3]uint8 // indices into Scenario.Rituals
	// The weapon in slot RitualsSlot (with HasSlotRituals), while
	// readied, makes SlotRituals castable (a Book of Rituals' inscribed
	// Rituals); they follow the known ones in the Ritual numbering of
	// CastRitual.
	HasSlotRituals bool
	RitualsSlot    int8
	NSlotRituals   uint8
	SlotRituals    [2]uint8
	// The weapon in slot FocusSlot (with HasFocus), while readied, adds 2
	// to the Lore pool for the known Ritual FocusRitual, and a failed
	// casting of it leaves the caster Terrified (a Religious Symbol).
	HasFocus    bool
	FocusSlot   int8
	FocusRitual int8
}

// Piece is a terrain piece of a map.
type Piece struct {
	Name  string
	Shape geom.Shape
	Types Terrain
	// Height is the piece's height in inches; 0 when the map gives none
	// (the piece is as tall as it needs to be: Blocking pieces block every
	// line, Impassable ones are walked around). An Impassable piece at most
	// LeapHeight tall is leapt; any other piece over LeapHeight tall is
	// climbed onto (R58).
	Height float32
	// Unstable: a model ending its Turn on the piece falls from it.
	Unstable bool
	// Chasm: an Impassable piece a move may jump across when it carries
	// the model to the far side.
	Chasm bool
}

// LeapHeight is the tallest terrain a model leaps as if it were 0" tall;
// taller pieces are climbed.
const LeapHeight = 1

// Raised reports whether a model can stand on the piece above the ground:
// it is over LeapHeight tall and not Impassable.
func (p *Piece) Raised() bool { return p.Height > LeapHeight && p.Types&Impassable == 0 }

// Leapt reports whether a move crosses the Impassable piece in one bound:
// a chasm, or a piece at most LeapHeight tall.
func (p *Piece) Leapt() bool {
	return p.Types&Impassable != 0 && (p.Chasm || p.Height > 0 && p.Height <= LeapHeight)
}

// Exit is a stretch of the board's border that Pack models may flee by.
type Exit struct {
	A, B geom.Vec
}

// Map is a compiled scenario map.
type Map struct {
	Name       string
	W, H       float32
	NPieces    uint8
	Pieces     [MaxPieces]Piece
	NExits     uint8
	Exits      [MaxExits]Exit
	DeployExit uint8
	Nav        *geom.Nav // nil on maps without Impassable pieces
	HasTerrain Terrain   // union of the pieces' types
	HasHeight  bool      // some piece has a height or is a chasm (R58)
	RaisedSet  uint32    // bit k: piece k is Raised
	LeaptSet   uint32    // bit k: piece k is Leapt
	// Near says which pieces a base may touch near a point or along a
	// segment, so that a test skips the others (nil: every piece is
	// tested). Index builds it.
	Near *geom.ShapeIndex
}

// Index builds the map's Near index for bases of radius up to reach, once
// its pieces are set.
func (mp *Map) Index(reach float32) {
	shapes := make([]geom.Shape, mp.NPieces)
	for k := range shapes {
		shapes[k] = mp.Pieces[k].Shape
	}
	mp.Near = geom.NewShapeIndex(mp.W, mp.H, reach, shapes)
}

// allPieces is the set of the map's pieces, a bit each.
func (mp *Map) allPieces() uint32 { return uint32(1)<<mp.NPieces - 1 }

// nearPoint returns the pieces a base of radius r at p may touch (the
// index names no others).
func (mp *Map) nearPoint(p geom.Vec, r float32) uint32 {
	if mp.Near == nil {
		return mp.allPieces()
	}
	return uint32(mp.Near.Point(p, r))
}

// nearSegment returns the pieces a base of radius r moving from a to b
// may touch.
func (mp *Map) nearSegment(a, b geom.Vec, r float32) uint32 {
	if mp.Near == nil {
		return mp.allPieces()
	}
	return uint32(mp.Near.Segment(a, b, r))
}

// NoteHeight sets the map's height summary (HasHeight, RaisedSet,
// LeaptSet) from its pieces.
func (mp *Map) NoteHeight() {
	mp.HasHeight, mp.RaisedSet, mp.LeaptSet = false, 0, 0
	for k := 0; k < int(mp.NPieces); k++ {
		pc := &mp.Pieces[k]
		mp.HasHeight = mp.HasHeight || pc.Height > 0 || pc.Chasm
		if pc.Raised() {
			mp.RaisedSet |= 1 << k
		}
		if pc.Leapt() {
			mp.LeaptSet |= 1 << k
		}
	}
}

// ObjKind is one of the ten Objectives.
type ObjKind uint8

// Objectives, numbered as the rulebook's d10.
const (
	NoObjective ObjKind = iota
	ObjVessel
	ObjWell
	ObjCapture
	ObjAmbush
	ObjExterminate
	ObjSeal
	ObjRaze
	ObjArtifacts
	ObjIcon
	ObjPrisoner
)

// Roll is a roll: dDie (0: none) plus Plus.
type Roll struct{ Die, Plus int8 }

// Renown counts: what an Objective's gain or loss is counted over.
const (
	PerHunt  uint8 = iota // once
	PerModel              // each Pack model (that fled; that did not)
	PerFoe                // each Foe left standing
)

// ObjectiveDef is the Objective of a hunt (Kind NoObjective: none).
type ObjectiveDef struct {
	Kind    ObjKind
	Name    string
	Success Roll
	Failure Roll
	Per     uint8
}

// Scenario is everything a hunt needs, compiled once and shared read-only
// by every worker.
type Scenario struct {
	Rules     Rules
	Adversary AdversaryDef
	Pack      []PackDef
	Weapons   []WeaponDef
	Lists     []Ops // effect lists that ops refer to (OpEach)
	Gear      []GearDef
	Rituals   []RitualDef
	Map       Map
	Objective ObjectiveDef
	// The Objective's own model, when it has one (the Prisoner): its
	// definition is Pack[ObjModelDef], and it is not a Pack member.
	HasObjModel bool
	ObjModelDef uint8
}
