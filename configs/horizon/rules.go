package horizon

import (
	"fmt"
	"strconv"
	"strings"

	sim "balance/sim/horizon"
)

// Rules are every reading a design may switch: the rules core's, the
// dice's and the playing area's.
type Rules struct {
	Sim            sim.Rules
	CritPips       bool // a crit face counts its pips too
	Cap            bool // a roll holds no more dice of a colour than the box
	EdgeOrthogonal bool
	NoDiagonal     bool
	PathClosest    bool
}

// DefaultRules are the default readings.
func DefaultRules() Rules {
	return Rules{Sim: sim.DefaultRules(), CritPips: true}
}

// RuleDef is one switch of rules.yaml: its key, its values (words; for a
// switch of two readings the default first), what it means, the ruling
// it belongs to, and how it reads and sets Rules.
type RuleDef struct {
	Key    string
	Values []string // the words allowed; nil: a whole number in Lo..Hi
	Lo, Hi int
	Ruling string // the entry of docs/horizon/rulings.md
	Doc    string
	get    func(*Rules) int
	set    func(*Rules, int)
}

func flag(p func(*Rules) *bool) (func(*Rules) int, func(*Rules, int)) {
	return func(r *Rules) int {
			if *p(r) {
				return 1
			}
			return 0
		}, func(r *Rules, v int) {
			*p(r) = v == 1
		}
}

// inverse is a two-word switch whose first word sets the flag false.
func inverse(p func(*Rules) *bool) (func(*Rules) int, func(*Rules, int)) {
	g, s := flag(p)
	return func(r *Rules) int { return 1 - g(r) }, func(r *Rules, v int) { s(r, 1-v) }
}

func u8(p func(*Rules) *uint8) (func(*Rules) int, func(*Rules, int)) {
	return func(r *Rules) int { return int(*p(r)) }, func(r *Rules, v int) { *p(r) = uint8(v) }
}

func rule(key string, values []string, ruling, doc string, gs func() (func(*Rules) int, func(*Rules, int))) RuleDef {
	g, s := gs()
	return RuleDef{Key: key, Values: values, Ruling: ruling, Doc: doc, get: g, set: s}
}

var yesNo = []string{"false", "true"}

// RuleDefs are the switches of rules.yaml, in the order rulings.md gives
// them.
var RuleDefs = []RuleDef{
	rule("crit_face_pips", []string{"true", "false"}, "A-3", "a face showing the crit symbol also counts its pips",
		func() (func(*Rules) int, func(*Rules, int)) {
			return inverse(func(r *Rules) *bool { return &r.CritPips })
		}),
	rule("cap_pool_to_box", yesNo, "A-2", "a roll holds no more dice of a colour than the box (4 orange, 3 blue, 1 black)",
		func() (func(*Rules) int, func(*Rules, int)) { return flag(func(r *Rules) *bool { return &r.Cap }) }),
	rule("closest", []string{"squares", "route"}, "A-4", "\"closest\" counts squares as the crow flies, or the route inside the area",
		func() (func(*Rules) int, func(*Rules, int)) {
			return flag(func(r *Rules) *bool { return &r.PathClosest })
		}),
	rule("diagonal_past_corner", []string{"allow", "forbid"}, "A-5", "a diagonal step between squares whose two orthogonal neighbours are outside the area",
		func() (func(*Rules) int, func(*Rules, int)) {
			return flag(func(r *Rules) *bool { return &r.NoDiagonal })
		}),
	rule("armour_vs_non_alert", []string{"start_of_attack", "at_damage"}, "A-7", "whether an enemy is alert, for its armour, is read as the attack starts (a non-alert target takes full damage) or as damage is applied",
		func() (func(*Rules) int, func(*Rules, int)) {
			return flag(func(r *Rules) *bool { return &r.Sim.ArmourAtDamage })
		}),
	rule("melee_targets", []string{"same_or_adjacent", "weapon_range"}, "A-8", "a melee attack reaches the same or an adjacent square, or needs the weapon's range too",
		func() (func(*Rules) int, func(*Rules, int)) {
			return flag(func(r *Rules) *bool { return &r.Sim.MeleeRange })
		}),
	rule("alert_on_enter", []string{"none", "same_square", "same_or_adjacent"}, "A-9", "a non-alert enemy entering a hunter's square (or one next to a hunter out of tall grass) becomes alert",
		func() (func(*Rules) int, func(*Rules, int)) {
			return u8(func(r *Rules) *uint8 { return &r.Sim.AlertOnEnter })
		}),
	rule("sprint_alerts_own_square", []string{"true", "false"}, "A-10", "a Sprint alerts the non-alert enemies in the squares the hunter is in, not only those next to them",
		func() (func(*Rules) int, func(*Rules, int)) {
			return inverse(func(r *Rules) *bool { return &r.Sim.SprintOwnSquare })
		}),
	rule("component_damage_armour", yesNo, "A-11", "a destroyed component's damage to HP is reduced by armour",
		func() (func(*Rules) int, func(*Rules, int)) {
			return flag(func(r *Rules) *bool { return &r.Sim.ComponentArmour })
		}),
	rule("enemy_order", []string{"dynamic", "snapshot"}, "A-12", "the order of an enemy step is chosen enemy by enemy, or fixed as it starts",
		func() (func(*Rules) int, func(*Rules, int)) {
			return flag(func(r *Rules) *bool { return &r.Sim.SnapshotOrder })
		}),
	rule("conditions_need_damage", []string{"true", "false"}, "A-13", "a condition lands only on an enemy that suffered damage",
		func() (func(*Rules) int, func(*Rules, int)) {
			return flag(func(r *Rules) *bool { return &r.Sim.CondWithoutDamage })
		}),
	rule("faint_at_draw", []string{"empty_pile", "short_hand"}, "A-16", "a hunter faints at the start of its activation when its draw pile is empty, or whenever it cannot fill its hand",
		func() (func(*Rules) int, func(*Rules, int)) {
			return flag(func(r *Rules) *bool { return &r.Sim.FaintShortHand })
		}),
	rule("skipped_turn_enemy_step", yesNo, "A-18", "a fainted hunter's skipped turn still has its enemy and maintenance steps",
		func() (func(*Rules) int, func(*Rules, int)) {
			return flag(func(r *Rules) *bool { return &r.Sim.SkippedEnemyStep })
		}),
	rule("damaged_component", []string{"halves_once", "halves_again"}, "A-19", "a damaged component damaged again keeps its halved tear value, or halves again",
		func() (func(*Rules) int, func(*Rules, int)) {
			return flag(func(r *Rules) *bool { return &r.Sim.TearHalveAgain })
		}),
	rule("half_tear", []string{"exact", "round_down"}, "A-20", "half an odd tear value is kept exact (2.5), or rounded down",
		func() (func(*Rules) int, func(*Rules, int)) {
			return flag(func(r *Rules) *bool { return &r.Sim.TearFloor })
		}),
	rule("stop_vote", []string{"at_threshold", "all_gone", "while_fresh"}, "A-25", "when the party ends the encounter once the threshold is met: at once, never (until every enemy is gone), or once a hunter is down to stop_vote_cards cards",
		func() (func(*Rules) int, func(*Rules, int)) {
			return u8(func(r *Rules) *uint8 { return &r.Sim.StopVote })
		}),
	{Key: "stop_vote_cards", Lo: 0, Hi: 40, Ruling: "A-25", Doc: "with stop_vote while_fresh: the cards (hand and draw pile) below which a hunter votes to stop",
		get: func(r *Rules) int { return int(r.Sim.StopCards) }, set: func(r *Rules, v int) { r.Sim.StopCards = int8(v) }},
	rule("aoe_armour", []string{"true", "false"}, "A-26", "armour reduces the damage of a hunter's AOE",
		func() (func(*Rules) int, func(*Rules, int)) {
			return inverse(func(r *Rules) *bool { return &r.Sim.AOEArmour })
		}),
	rule("behaviour_reshuffle", []string{"on_empty_draw", "when_emptied"}, "A-27", "a behaviour deck is reshuffled when a draw finds it empty (the card just resolved is back in), or as its last card is drawn",
		func() (func(*Rules) int, func(*Rules, int)) {
			return flag(func(r *Rules) *bool { return &r.Sim.ReshuffleAtEmpty })
		}),
	rule("conditional_without_effect", []string{"not_performed", "performed"}, "A-28", "a conditional action that would change nothing counts as not performed (the next one may be), or as performed",
		func() (func(*Rules) int, func(*Rules, int)) {
			return flag(func(r *Rules) *bool { return &r.Sim.NoEffectPerformed })
		}),
	rule("ranged_target", []string{"closest_in_range", "closest"}, "A-29", "an enemy's ranged attack targets the closest hunter in range, or the closest hunter only (no attack when out of range)",
		func() (func(*Rules) int, func(*Rules, int)) {
			return flag(func(r *Rules) *bool { return &r.Sim.RangedClosestOnly })
		}),
	{Key: "trap_limit", Lo: 0, Hi: sim.MaxTraps, Ruling: "A-30", Doc: "trap tokens in play at once (the box has 4 pairs); 0: no limit",
		get: func(r *Rules) int { return int(r.Sim.TrapLimit) }, set: func(r *Rules, v int) { r.Sim.TrapLimit = int8(v) }},
	rule("ruins_absorb_aoe", yesNo, "A-31", "a ruin also shelters a hunter from an enemy attack's AOE",
		func() (func(*Rules) int, func(*Rules, int)) {
			return flag(func(r *Rules) *bool { return &r.Sim.RuinsAbsorbAOE })
		}),
	rule("push_before_dodge", []string{"true", "false"}, "A-33", "a hunter pushed by an enemy attack is pushed before it dodges",
		func() (func(*Rules) int, func(*Rules, int)) {
			return inverse(func(r *Rules) *bool { return &r.Sim.PushBeforeDodge })
		}),
	rule("edge", []string{"any_neighbour", "orthogonal"}, "A-35", "an edge square lacks any of its eight neighbours, or an orthogonal one",
		func() (func(*Rules) int, func(*Rules, int)) {
			return flag(func(r *Rules) *bool { return &r.EdgeOrthogonal })
		}),
	rule("fire_armour", yesNo, "A-37", "armour reduces the Fire damage an enemy suffers",
		func() (func(*Rules) int, func(*Rules, int)) {
			return flag(func(r *Rules) *bool { return &r.Sim.FireArmour })
		}),
	rule("free_action_once", []string{"true", "false"}, "A-41", "a free action keeps the once-per-activation limit of its kind",
		func() (func(*Rules) int, func(*Rules, int)) {
			return inverse(func(r *Rules) *bool { return &r.Sim.FreeActionOnce })
		}),
	rule("aoe_victim_attacked", []string{"true", "false"}, "A-43", "an enemy hit by an AOE counts as attacked, alerting the enemies next to it",
		func() (func(*Rules) int, func(*Rules, int)) {
			return inverse(func(r *Rules) *bool { return &r.Sim.AOEVictimAttacked })
		}),
	rule("enemy_aoe_needs_hit", []string{"true", "false"}, "R-1", "an enemy attack's AOE is ignored when its target avoided all damage",
		func() (func(*Rules) int, func(*Rules, int)) {
			return inverse(func(r *Rules) *bool { return &r.Sim.EnemyAOENeedsHit })
		}),
	rule("component_hit_is_damage", []string{"true", "false"}, "R-2", "damage inflicted on a component counts as damage the enemy suffered, for the attack's conditions",
		func() (func(*Rules) int, func(*Rules, int)) {
			return inverse(func(r *Rules) *bool { return &r.Sim.ComponentIsDamage })
		}),
	rule("rocky_outcrop_most_recent", []string{"true", "false"}, "R-3", "a hunter on a rocky outcrop counts as the most recently activated hunter",
		func() (func(*Rules) int, func(*Rules, int)) {
			return inverse(func(r *Rules) *bool { return &r.Sim.RockyOutcropFirst })
		}),
	rule("faint_failure", []string{"standard", "any", "more_than_one"}, "Cooperative Mode", "the encounter fails when the faints reach the number of hunters, at any faint, or at more than one",
		func() (func(*Rules) int, func(*Rules, int)) {
			return u8(func(r *Rules) *uint8 { return &r.Sim.FaintRule })
		}),
	rule("coop_glory", yesNo, "Cooperative Mode", "glory gained may be given up to shuffle as many cards from the bottom of a hunter's discard pile into its draw pile",
		func() (func(*Rules) int, func(*Rules, int)) {
			return flag(func(r *Rules) *bool { return &r.Sim.CoopGlory })
		}),
	{Key: "turn_cap", Lo: 1, Hi: 600, Ruling: "R-4", Doc: "hunter turns after which the encounter is called off (not from the source)",
		get: func(r *Rules) int { return r.Sim.TurnCap }, set: func(r *Rules, v int) { r.Sim.TurnCap = v }},
}

// ruleKeys are the keys of RuleDefs.
func ruleKeys() []string {
	out := make([]string, len(RuleDefs))
	for i, d := range RuleDefs {
		out[i] = d.Key
	}
	return out
}

// findRule returns the switch called key.
func findRule(key string) *RuleDef {
	for i := range RuleDefs {
		if RuleDefs[i].Key == key {
			return &RuleDefs[i]
		}
	}
	return nil
}

// parse reads a value of the switch: one of its words, or a whole number
// in range.
func (d *RuleDef) parse(s string) (int, error) {
	if d.Values == nil {
		v, err := strconv.Atoi(s)
		if err != nil || v < d.Lo || v > d.Hi {
			return 0, fmt.Errorf("%q: expected a whole number %d..%d", s, d.Lo, d.Hi)
		}
		return v, nil
	}
	for i, w := range d.Values {
		if w == s {
			return i, nil
		}
	}
	return 0, fmt.Errorf("%q: allowed %s", s, strings.Join(d.Values, ", "))
}

// Format writes the value of switch d in r.
func (d *RuleDef) Format(r *Rules) string {
	v := d.get(r)
	if d.Values == nil {
		return strconv.Itoa(v)
	}
	return d.Values[v]
}

// Default writes the default value of switch d.
func (d *RuleDef) Default() string {
	r := DefaultRules()
	return d.Format(&r)
}
