package vantage

import (
	"strconv"

	sim "balance/sim/vantage"
)

// RuleKind is the kind of value a rules key takes.
type RuleKind uint8

// Kinds of rules values.
const (
	RuleBool RuleKind = iota
	RuleInt
	RuleEnum
)

// Rule is one key of rules.yaml: the one table the loader, -set, the
// ablations and the docs test read.
type Rule struct {
	Key string
	// Page marks a part of the rules page (switched off or read another
	// way by its value); the others are rulings not from the source.
	Page bool
	Kind RuleKind
	// Values are an enum's names, in the order of its constants.
	Values []string
	Lo, Hi int // an int's range
	// Off is the value that switches the page's part off, or reads it the
	// other way, for the ablations ("" when it has none).
	Off string
	// Ablation labels the design with Off.
	Ablation string
	Doc      string
	get      func(r *sim.Rules) int
	set      func(r *sim.Rules, v int)
}

// Text returns the rule's value in r as written in rules.yaml.
func (k *Rule) Text(r *sim.Rules) string {
	v := k.get(r)
	switch k.Kind {
	case RuleBool:
		return strconv.FormatBool(v != 0)
	case RuleEnum:
		return k.Values[v]
	}
	return strconv.Itoa(v)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func boolRule(key string, page bool, ablation, doc string, p func(r *sim.Rules) *bool) Rule {
	off := ""
	if ablation != "" {
		off = "false"
	}
	return Rule{Key: key, Page: page, Kind: RuleBool, Off: off, Ablation: ablation, Doc: doc,
		get: func(r *sim.Rules) int { return b2i(*p(r)) },
		set: func(r *sim.Rules, v int) { *p(r) = v != 0 }}
}

func intRule(key string, lo, hi int, doc string, p func(r *sim.Rules) *int) Rule {
	return Rule{Key: key, Kind: RuleInt, Lo: lo, Hi: hi, Doc: doc,
		get: func(r *sim.Rules) int { return *p(r) },
		set: func(r *sim.Rules, v int) { *p(r) = v }}
}

// Rules is the table of rules.yaml's keys, in file order.
var Rules = []Rule{
	intRule("roll_dice", 1, sim.MaxDice, "dice of a roll for a stat", func(r *sim.Rules) *int { return &r.Roll.Dice }),
	intRule("roll_sides", 2, sim.MaxSides, "faces of each die; a roll succeeds when the dice sum to at most the stat",
		func(r *sim.Rules) *int { return &r.Roll.Sides }),
	intRule("action_points", 1, sim.MaxAP, "action points of each fighter per turn", func(r *sim.Rules) *int { return &r.AP }),
	intRule("round_cap", 1, sim.MaxRounds, "rounds before the duel is a draw", func(r *sim.Rules) *int { return &r.RoundCap }),
	{Key: "first", Kind: RuleEnum, Values: []string{"players", "enemies", "random"},
		Doc: "which side takes each round's first turn (random: a coin flip per duel)",
		get: func(r *sim.Rules) int { return int(r.First) }, set: func(r *sim.Rules, v int) { r.First = sim.FirstSide(v) }},
	boolRule("attack_keeps_hold", false, "", "an attack keeps the vantage or strike it used",
		func(r *sim.Rules) *bool { return &r.KeepAfter }),
	boolRule("clear_on_move", false, "", "leaving a hex ends the holds between the mover and the fighters in it (false: holds persist, and a ranged attack reaches its range in hexes)",
		func(r *sim.Rules) *bool { return &r.ClearOnMove }),
	boolRule("engaged_move", false, "", "a fighter an enemy in its hex holds vantage or strike on may leave the hex",
		func(r *sim.Rules) *bool { return &r.EngagedMove }),
	boolRule("retry", false, "", "a fighter may try a tactic again in the turn it failed it",
		func(r *sim.Rules) *bool { return &r.Retry }),

	boolRule("ranged_needs_vantage", true, "ranged attacks without vantage", "a ranged attack needs vantage on its target",
		func(r *sim.Rules) *bool { return &r.RangedNeedsVantage }),
	boolRule("melee_needs_strike", true, "melee attacks without strike", "a melee attack needs strike on its target",
		func(r *sim.Rules) *bool { return &r.MeleeNeedsStrike }),
	boolRule("exclusive", true, "vantage and strike held together", "vantage or strike on one enemy at a time, never both: gaining one drops the other",
		func(r *sim.Rules) *bool { return &r.Exclusive }),
	boolRule("failure_keeps", true, "a failed roll drops the hold", "a failed roll spends the point and keeps what was held (false: it drops it)",
		func(r *sim.Rules) *bool { return &r.FailureKeeps }),
	boolRule("counter_vantage", true, "no counter-vantage", "the victim of a gained vantage gains vantage back, with a ranged weapon of equal or longer range",
		func(r *sim.Rules) *bool { return &r.CounterVantage }),
	{Key: "counter_vantage_with_strike", Page: true, Kind: RuleEnum, Values: []string{"replace", "skip"}, Off: "skip",
		Ablation: "no counter-vantage while holding strike",
		Doc:      "counter-vantage when the victim holds strike: it replaces the strike, or is skipped",
		get:      func(r *sim.Rules) int { return int(r.CounterOnStrike) }, set: func(r *sim.Rules, v int) { r.CounterOnStrike = sim.CounterOnStrike(v) }},
	{Key: "counter_vantage_unarmed_gainer", Page: true, Kind: RuleEnum, Values: []string{"any_range", "none"}, Off: "none",
		Ablation: "no counter-vantage against an unarmed gainer",
		Doc:      "counter-vantage against a gainer with no ranged weapon: any ranged weapon qualifies, or none does",
		get:      func(r *sim.Rules) int { return int(r.Unarmed) }, set: func(r *sim.Rules, v int) { r.Unarmed = sim.UnarmedGainer(v) }},
	boolRule("struck_loses_vantage", true, "the struck keep their vantage", "the victim of a gained strike loses its vantage",
		func(r *sim.Rules) *bool { return &r.StruckDropsVantage }),
	{Key: "counter_strike", Page: true, Kind: RuleEnum, Values: []string{"choose", "switch", "off"}, Off: "off",
		Ablation: "no counter-strike",
		Doc:      "the victim of a gained strike gains strike back: choosing between it and a strike already held, always switching, or not at all",
		get:      func(r *sim.Rules) int { return int(r.CounterStrike) }, set: func(r *sim.Rules, v int) { r.CounterStrike = sim.CounterStrike(v) }},
	boolRule("evade", true, "no Evade", "the Evade action exists", func(r *sim.Rules) *bool { return &r.Evade }),
	{Key: "evade_clears", Page: true, Kind: RuleEnum, Values: []string{"same_hex", "any_hex"},
		Doc: "which enemies lose their vantage and strike on a successful evader",
		get: func(r *sim.Rules) int { return int(r.EvadeClears) }, set: func(r *sim.Rules, v int) { r.EvadeClears = sim.Scope(v) }},
	{Key: "evade_threat", Page: true, Kind: RuleEnum, Values: []string{"same_hex", "any_hex"},
		Doc: "which enemies' vantage or strike on a fighter allow it to Evade",
		get: func(r *sim.Rules) int { return int(r.EvadeThreat) }, set: func(r *sim.Rules, v int) { r.EvadeThreat = sim.Scope(v) }},
	boolRule("evade_blocks", true, "an Evade does not block", "after a successful Evade, enemies cannot gain vantage or strike on the evader",
		func(r *sim.Rules) *bool { return &r.EvadeBlocks }),
	{Key: "evade_guard", Page: true, Kind: RuleEnum, Values: []string{"enemy_turn", "until_next_turn"}, Off: "until_next_turn",
		Ablation: "an Evade guards until the next turn",
		Doc:      "how long the block lasts: the next enemy turn, or from the Evade to the evader's next turn (counters included)",
		get:      func(r *sim.Rules) int { return int(r.EvadeGuard) }, set: func(r *sim.Rules, v int) { r.EvadeGuard = sim.Guard(v) }},
	boolRule("evade_drops_own", true, "an evader keeps its holds", "a successful evader loses its own vantage and strike",
		func(r *sim.Rules) *bool { return &r.EvadeDropsOwn }),
}

// rule returns the table entry of key, or nil.
func rule(key string) *Rule {
	for i := range Rules {
		if Rules[i].Key == key {
			return &Rules[i]
		}
	}
	return nil
}

func ruleKeys() []string {
	out := make([]string, len(Rules))
	for i, k := range Rules {
		out[i] = k.Key
	}
	return out
}
