package skirmish

import (
	"strconv"

	sk "balance/sim/skirmish"
)

// RuleSwitch is one rule the document leaves open: its key in rules.yaml
// (and in -set rules.KEY=VALUE), the readings it may take, and where the
// compiled value goes. The table Switches is the one list of them, read
// by the loader, -set and the docs' test.
type RuleSwitch struct {
	Key     string
	Values  []string // the readings, in the order of their compiled values; nil for a number
	Lo, Hi  int      // a number's range
	Default string
	Doc     string
	field   func(r *sk.Rules) *uint8
	num     func(r *sk.Rules) *int8
}

// Switches are the rule switches, in the order rules.yaml lists them.
var Switches = []RuleSwitch{
	{Key: "initiative", Values: []string{"per_turn", "per_phase"}, Default: "per_turn",
		Doc: "one initiative roll per turn for every phase, or one per phase", field: func(r *sk.Rules) *uint8 { return &r.Initiative }},
	{Key: "melee_tie", Values: []string{"none", "both_damage", "reroll"}, Default: "none",
		Doc: "what a tied combat roll does", field: func(r *sk.Rules) *uint8 { return &r.MeleeTie }},
	{Key: "support_cap", Values: []string{"net_then_cap", "cap_then_net"}, Default: "net_then_cap",
		Doc: "supporting bonuses are netted and then capped, or capped and then netted", field: func(r *sk.Rules) *uint8 { return &r.SupportCap }},
	{Key: "support_max", Lo: 0, Hi: 20, Default: "6",
		Doc: "the most a figure claims from supporting figures", num: func(r *sk.Rules) *int8 { return &r.SupportCapValue }},
	{Key: "crit", Values: []string{"double_damage", "record_only"}, Default: "double_damage",
		Doc: "a natural 20 on a Shooting Roll that wins doubles the damage, or is only counted", field: func(r *sk.Rules) *uint8 { return &r.Crit }},
	{Key: "jam", Values: []string{"jammed", "record_only"}, Default: "jammed",
		Doc: "a natural 1 on a Shooting Roll with a gun misses and jams it until the figure's next activation, or is only counted", field: func(r *sk.Rules) *uint8 { return &r.Jam }},
	{Key: "stunned_modifier", Values: []string{"shooter", "target"}, Default: "shooter",
		Doc: "the Stunned +2 of the shooting table applies when the shooter, or the target, was stunned when it activated this turn", field: func(r *sk.Rules) *uint8 { return &r.Stunned }},
	{Key: "creature_fights", Lo: 1, Hi: 2, Default: "1",
		Doc: "Fight actions a creature in combat takes", field: func(r *sk.Rules) *uint8 { return &r.CreatureFights }},
	{Key: "fights_per_activation", Lo: 1, Hi: 2, Default: "1",
		Doc: "Fight actions a warband figure may take in one activation", field: func(r *sk.Rules) *uint8 { return &r.Fights }},
	{Key: "frag_attack", Values: []string{"d20_plus_3", "d20_plus_shoot_plus_3"}, Default: "d20_plus_3",
		Doc: "the Shooting Roll of a fragmentation grenade's attack", field: func(r *sk.Rules) *uint8 { return &r.FragAttack }},
	{Key: "launcher_penalty", Values: []string{"once", "stack"}, Default: "once",
		Doc: "the grenade launcher's −1 of the weapons table and of the grenade table count once, or both", field: func(r *sk.Rules) *uint8 { return &r.LauncherPenalty }},
	{Key: "exertion", Values: []string{"after_roll", "before_roll"}, Default: "after_roll",
		Doc: "Health is exerted after seeing the activation roll (only what is needed), or declared before it", field: func(r *sk.Rules) *uint8 { return &r.Exertion }},
	{Key: "flame_thrower_ignores", Values: []string{"nothing", "armour", "cover", "armour_and_cover"}, Default: "nothing",
		Doc: "what the flame thrower's truncated note \"Target Armour and Cover modifiers\" makes it ignore", field: func(r *sk.Rules) *uint8 { return &r.FlameIgnores }},
	{Key: "shoot_in_combat", Values: []string{"no", "yes"}, Default: "no",
		Doc: "whether a figure in combat may shoot", field: func(r *sk.Rules) *uint8 { return &r.ShootInCombat }},
	{Key: "rapid_fire", Values: []string{"two_targets", "one_target"}, Default: "two_targets",
		Doc: "rapid fire makes a second attack at a second target, or only one", field: func(r *sk.Rules) *uint8 { return &r.RapidFire }},
	{Key: "creatures_block_loot", Values: []string{"yes", "no"}, Default: "yes",
		Doc: "a creature within 1\" forbids unlocking loot as an enemy does", field: func(r *sk.Rules) *uint8 { return &r.CreaturesBlock }},
	{Key: "smoke_turns", Lo: 1, Hi: 10, Default: "1",
		Doc: "turn ends a smoke cloud lasts through (1: it disperses at the end of the turn it was made)", field: func(r *sk.Rules) *uint8 { return &r.SmokeTurns }},
}

// SwitchKeys returns the keys of the rule switches.
func SwitchKeys() []string {
	out := make([]string, len(Switches))
	for i, s := range Switches {
		out[i] = s.Key
	}
	return out
}

// switchOf returns the switch with key, or nil.
func switchOf(key string) *RuleSwitch {
	for i := range Switches {
		if Switches[i].Key == key {
			return &Switches[i]
		}
	}
	return nil
}

// set stores value v (an index into Values, or the number) in r.
func (s *RuleSwitch) set(r *sk.Rules, v int) {
	if s.num != nil {
		*s.num(r) = int8(v)
		return
	}
	*s.field(r) = uint8(v)
}

// get returns the value in r, as set takes it.
func (s *RuleSwitch) get(r *sk.Rules) int {
	if s.num != nil {
		return int(*s.num(r))
	}
	return int(*s.field(r))
}

// Reading returns the reading of the switch in r, as rules.yaml spells it.
func (s *RuleSwitch) Reading(r *sk.Rules) string {
	v := s.get(r)
	if s.Values != nil && v < len(s.Values) {
		return s.Values[v]
	}
	return strconv.Itoa(v)
}

// defaultRules returns the rules with every switch at its default.
func defaultRules() sk.Rules {
	r := sk.DefaultRules()
	for i := range Switches {
		s := &Switches[i]
		if s.Values != nil {
			for v, name := range s.Values {
				if name == s.Default {
					s.set(&r, v)
				}
			}
		} else {
			n, _ := strconv.Atoi(s.Default)
			s.set(&r, n)
		}
	}
	return r
}
