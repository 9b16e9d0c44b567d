package cazadores

// The table of effect ops: one entry per op the data may write, read by the
// data's decoder (what it accepts, and where), its compiler (the OpKinds an
// op becomes), the executor's tests (every OpKind of the table is carried
// out: applyOps) and the data format's documentation, generated from it
// (docs/cazadores/effect-ops.md), so that none of them can disagree.

// OpArg is the kind of value an effect op, or one of its fields, takes.
type OpArg uint8

// Kinds of values.
const (
	ArgCondition OpArg = iota + 1 // a Condition's name
	ArgSkill                      // a Skill's name
	ArgInches                     // a distance in inches, Min..Max
	ArgChoice                     // one of Values
	ArgArea                       // an Area kind defined under areas beside the op
	ArgDie                        // a die, one of Values (d5, d10)
	ArgAmount                     // a whole number Min..Max, or a die of Values
	ArgCount                      // a whole number Min..Max
	ArgTrue                       // true
	ArgOps                        // a list of ops: those allowed in the op's Inner place
	ArgAttack                     // an attack, written as an action card's entry
	ArgFields                     // a mapping of the op's Fields
	ArgMinion                     // the name of a Minion of the Adversary's minions
)

// OpPlace is a set of the places of the data where ops are written.
type OpPlace uint8

// The places of ops.
const (
	InAdversary OpPlace = 1 << iota // an Adversary's action cards and the attacks they trigger, its hit locations' exhaustion triggers
	InCrit                          // weapons' on_hit and crit, Minions' crit, Rituals' crit
	InEffect                        // Special Gear's on_success and on_fail, Rituals' effect
	InGranted                       // the Crit abilities grant_crit gives the Adversary's attacks
	AllPlaces   = InAdversary | InCrit | InEffect | InGranted
)

// OpPlaces names the places of ops, in the order the documentation lists
// them: Name as messages say it, Where the fields of the data it covers.
var OpPlaces = []struct {
	Place       OpPlace
	Name, Where string
}{
	{InAdversary, "an Adversary's effects", "an Adversary's action cards (before, on_hit, on_miss, crit, after, on_success), the attacks they trigger and its hit locations' exhausted.trigger"},
	{InCrit, "the abilities of an attack", "a weapon's on_hit and crit, a Minion's crit, a Ritual's crit"},
	{InEffect, "the effects of gear and Rituals", "Special Gear's on_success and on_fail, a Ritual's effect"},
	{InGranted, "the abilities grant_crit gives", "the list grant_crit takes: the Crit abilities the Adversary's attacks gain"},
}

// PlaceName returns how messages name place p (a single place).
func PlaceName(p OpPlace) string {
	for _, x := range OpPlaces {
		if x.Place == p {
			return x.Name
		}
	}
	return "?"
}

// OpField is one field of an op that takes a mapping (ArgFields), or a key
// an op may carry beside its own (OpSpec.With).
type OpField struct {
	Name     string
	What     string // ArgChoice: what a value is, for messages ("area position")
	Arg      OpArg
	Values   []string
	Min, Max float64
	Required bool
	Default  string // the value when it is not given ("" when Required)
}

// OpSpec is one effect op as the data writes it: a one-key mapping, such as
// {impose: stunned}, whose key is Name and whose value is of kind Arg.
type OpSpec struct {
	Name string
	// Kinds are the engine ops it becomes: one, or for ArgChoice one per
	// value of Values, in that order.
	Kinds    []OpKind
	Arg      OpArg
	What     string    // ArgChoice: what a value is, for messages ("placement")
	Values   []string  // ArgChoice, ArgDie and ArgAmount: the names (dice) allowed
	Min, Max float64   // ArgInches, ArgAmount and ArgCount: the range
	Fields   []OpField // ArgFields: the fields of its mapping
	With     []OpField // keys it may carry beside its own: choices (ArgChoice)
	In       OpPlace   // where it may be written
	Inner    OpPlace   // ArgOps, and an ops field: where the ops it holds may be written; 0: where it is
	Does     string    // what it does, in one line
}

// OpDice are the dice an op may roll.
var OpDice = []string{"d10", "d5"}

// OpTable lists the effect ops, sorted by name.
var OpTable = []OpSpec{
	{Name: "area", Kinds: []OpKind{OpArea}, Arg: ArgArea, In: InAdversary | InEffect,
		With: []OpField{{Name: "at", What: "area position", Arg: ArgChoice, Values: []string{"origin", "scatter", "self", "target"}, Default: "target"}},
		Does: "places an Area of that kind: on the target (target; the performer when there is none), on the performer (self), where the action began (origin: the target's place when the attack began, the performer's for after and on_success) or a Scatter Roll from the target (scatter)"},
	{Name: "area_pair", Kinds: []OpKind{OpAreaPair}, Arg: ArgArea, In: InAdversary | InEffect,
		Does: "places two linked Areas of that kind, one where the action began and one a Scatter Roll from it; a model entering one is placed beside the other"},
	{Name: "attack", Kinds: []OpKind{OpAttack}, Arg: ArgAttack, In: InAdversary,
		Does: "the performer makes the attack written as the value (an action entry: name, attack, rating, range, targets, its own effects) against every model it reaches"},
	{Name: "each", Kinds: []OpKind{OpEach}, Arg: ArgFields, In: InAdversary | InEffect,
		Fields: []OpField{
			{Name: "radius", Arg: ArgInches, Min: 0, Max: 48, Required: true},
			{Name: "roll", Arg: ArgDie, Values: OpDice, Default: "none"},
			{Name: "ops", Arg: ArgOps, Required: true},
		},
		Does: "applies ops to every model within radius inches of the performer, itself included; with roll, the die is rolled once and that roll is every amount written as a die"},
	{Name: "gain_wnd", Kinds: []OpKind{OpGainWND}, Arg: ArgAmount, Values: OpDice, Min: 0, Max: 50, In: InAdversary | InEffect,
		Does: "the target (the performer when there is none) recovers that many WNDs, up to its starting WNDs (an Adversary on its own hit locations)"},
	{Name: "grant_crit", Kinds: []OpKind{OpGrantCrit}, Arg: ArgOps, Inner: InGranted, In: InAdversary,
		Does: "for the rest of the hunt, the Adversary's attacks gain the Crit abilities listed; each takes one place of the list the op is in"},
	{Name: "heal", Kinds: []OpKind{OpHeal}, Arg: ArgDie, Values: OpDice, In: InAdversary,
		Does: "the performer rolls the die and heals that many WNDs on its own hit locations, in the file's order; a healed location is no longer exhausted"},
	{Name: "immune", Kinds: []OpKind{OpImmune}, Arg: ArgCondition, In: InAdversary | InEffect,
		Does: "the target (the performer when there is none) becomes immune to the Condition for the rest of the hunt"},
	{Name: "impose", Kinds: []OpKind{OpImpose}, Arg: ArgCondition, In: AllPlaces,
		Does: "the target suffers the Condition"},
	{Name: "impose_self", Kinds: []OpKind{OpImposeSelf}, Arg: ArgCondition, In: InAdversary,
		Does: "the performer suffers the Condition"},
	{Name: "lose_wnd", Kinds: []OpKind{OpLoseWND}, Arg: ArgAmount, Values: OpDice, Min: 0, Max: 50, In: InAdversary | InEffect,
		Does: "the target (the performer when there is none) loses that many WNDs (an Adversary through hit-location cards)"},
	{Name: "mark", Kinds: []OpKind{OpMark}, Arg: ArgTrue, In: InAdversary | InEffect,
		Does: "Shooting Attacks against the target (the performer when there is none) are at Advantage for the rest of the hunt"},
	{Name: "move_self", Kinds: []OpKind{OpMoveSelfAdjacent}, Arg: ArgChoice, What: "placement", Values: []string{"adjacent"}, In: InAdversary,
		Does: "the performer is placed in base contact with the target"},
	{Name: "place", Kinds: []OpKind{OpPlaceAdjacent, OpPlaceScatter}, Arg: ArgChoice, What: "placement", Values: []string{"adjacent", "scatter"}, In: InAdversary | InCrit,
		Does: "the target is placed in base contact with the performer (adjacent), or by a Scatter Roll from where it stands (scatter)"},
	{Name: "push", Kinds: []OpKind{OpPush}, Arg: ArgInches, Min: 0.5, Max: 24, In: InAdversary | InCrit,
		Does: "the target is pushed that many inches straight away from the performer"},
	{Name: "recover_successes", Kinds: []OpKind{OpRecoverWND}, Arg: ArgCount, Min: 1, Max: 20, In: InEffect,
		Does: "the target recovers as many WNDs as the Check of the gear or Ritual rolled Successes, at most the number given"},
	{Name: "resist", Kinds: []OpKind{OpResist}, Arg: ArgFields, In: InAdversary | InEffect,
		Fields: []OpField{
			{Name: "check", Arg: ArgSkill, Required: true},
			{Name: "dt", Arg: ArgCount, Min: 0, Max: 10, Required: true},
			{Name: "impose", Arg: ArgCondition, Required: true},
		},
		Does: "the target (the performer when there is none) makes a Check of the skill against DT dt and suffers the Condition if it fails"},
	{Name: "summon", Kinds: []OpKind{OpSummon}, Arg: ArgFields, In: InAdversary,
		Fields: []OpField{
			{Name: "minion", Arg: ArgMinion, Required: true},
			{Name: "count", Arg: ArgCount, Min: 1, Max: MaxModels - MaxPack - 1, Default: "1"},
		},
		Does: "count Minions of that kind (named in the Adversary's minions) join the hunt, each placed by a Scatter Roll from the performer, at least 3\" from other Minions where a few rolls allow; no more join once the Adversary's models and Minions on the board are 6, or the hunt's models 12; each takes its first Turn on the Tick after"},
	{Name: "terrified_by_adversary", Kinds: []OpKind{OpTerrifiedByAdversary}, Arg: ArgTrue, In: InAdversary | InEffect,
		Does: "the target (the performer when there is none) becomes Terrified of the Adversary (its first model still standing)"},
	{Name: "ward", Kinds: []OpKind{OpWard, OpWard}, Arg: ArgChoice, What: "attack kind", Values: []string{"melee", "shooting"}, In: InAdversary | InEffect,
		Does: "attacks of that kind against the target (the performer when there is none) are at Disadvantage for the rest of the hunt"},
	{Name: "weapon_crit", Kinds: []OpKind{OpWeaponCrit}, Arg: ArgCondition, In: InAdversary | InEffect,
		Does: "the target's first readied weapon that is neither arcane nor a Shield (the performer's when there is no target; Foes carry none) gains, for the rest of the hunt, the Crit ability imposing the Condition"},
}

// Holds reports whether the op holds other ops (a list of ops, an attack
// and its effects).
func (s *OpSpec) Holds() bool {
	if s.Arg == ArgOps || s.Arg == ArgAttack {
		return true
	}
	for _, f := range s.Fields {
		if f.Arg == ArgOps {
			return true
		}
	}
	return false
}

// OpSpecByName returns the entry of op name, or nil.
func OpSpecByName(name string) *OpSpec {
	for i := range OpTable {
		if OpTable[i].Name == name {
			return &OpTable[i]
		}
	}
	return nil
}

// OpNames returns the ops allowed in place p, sorted (p = AllPlaces: every
// op).
func OpNames(p OpPlace) []string {
	var out []string
	for _, s := range OpTable {
		if s.In&p != 0 {
			out = append(out, s.Name)
		}
	}
	return out
}

var areaAtNames = [...]string{AtTarget: "target", AtOrigin: "origin", AtSelf: "self", AtScatter: "scatter"}

// AreaAtByName returns the Area position named s ("origin") and whether it
// exists.
func AreaAtByName(s string) (AreaAt, bool) {
	for i, n := range areaAtNames {
		if n == s {
			return AreaAt(i), true
		}
	}
	return 0, false
}

// DieByName returns the faces of the die named s ("d10": 10), or 0.
func DieByName(s string) int {
	switch s {
	case "d5":
		return 5
	case "d10":
		return 10
	}
	return 0
}
