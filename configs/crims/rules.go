package crims

import (
	"fmt"
	"strconv"
	"strings"

	sim "balance/sim/crims"
)

// Rule is one switch of rules.yaml: its key, what it may hold, what it
// means, and where it goes in the compiled rules. The decoder, -set,
// SetKeys and the docs all read this one table.
type Rule struct {
	Key     string
	Lo, Hi  float64  // a number's range
	Whole   bool     // a whole number
	Bool    bool     // true or false
	Choices []string // one of these names
	Doc     string
	apply   func(r *sim.Rules, v float64)
}

// Rules is the table of rules switches, in file order.
var Rules = []Rule{
	{Key: "engagement", Lo: 0.1, Hi: 6, Doc: "engaged within this many inches, edge to edge (the document does not say)",
		apply: func(r *sim.Rules, v float64) { r.Engagement = float32(v) }},
	{Key: "max_crims", Lo: 1, Hi: sim.MaxCrims, Whole: true, Doc: "crims in the zone at once (\"remember max. crims\"; the number is not given)",
		apply: func(r *sim.Rules, v float64) { r.MaxCrims = uint8(v) }},
	{Key: "all_dice_first", Bool: true, Doc: "\"all the dice\" effects before other upgrades and downgrades (else after)",
		apply: func(r *sim.Rules, v float64) { r.AllDiceFirst = v != 0 }},
	{Key: "armor_downgrade_chooser", Choices: []string{"roller", "opponent"}, Doc: "who picks the dice a crim's Armor downgrades",
		apply: func(r *sim.Rules, v float64) { r.ArmorByOpponent = v == 1 }},
	{Key: "engaged_shoot", Choices: []string{"lose", "shoot", "fight"}, Doc: "an engaged crim told to Shoot: loses the action, shoots anyway, or Fights",
		apply: func(r *sim.Rules, v float64) { r.EngagedShoot = uint8(v) }},
	{Key: "charge_extra_fight", Bool: true, Doc: "a Charge that engages during its extra 4\" fights",
		apply: func(r *sim.Rules, v float64) { r.ChargeFight = v != 0 }},
	{Key: "forced_hides", Lo: 1, Hi: 2, Whole: true, Doc: "Hide actions a crim must take after becoming hidden",
		apply: func(r *sim.Rules, v float64) { r.ForcedHides = uint8(v) }},
	{Key: "return_acts", Bool: true, Doc: "a hunter returning to the zone spends its Action Points in that activation",
		apply: func(r *sim.Rules, v float64) { r.ReturnActs = v != 0 }},
	{Key: "pizzazz", Choices: []string{"surplus", "none"}, Doc: "an elimination's surplus Wounds add points, unless the Impact Die rolled 1 (not from the source)",
		apply: func(r *sim.Rules, v float64) { r.Pizzazz = v == 0 }},
	{Key: "tie_break", Choices: []string{"eliminations", "none"}, Doc: "tied points: the most eliminations wins, or the match is a tie",
		apply: func(r *sim.Rules, v float64) { r.TieBreak = v == 0 }},
	{Key: "seating", Choices: []string{"random", "fixed"}, Doc: "hunters' seats (corner, initiative) drawn each match, or in the encounter's order",
		apply: func(r *sim.Rules, v float64) { r.RandomSeating = v == 0 }},
	{Key: "performance_shot_loss", Choices: []string{"any_check", "attribute_checks"}, Doc: "which checks' Impact 1 ends a Performance Shot",
		apply: func(r *sim.Rules, v float64) { r.PerfAnyCheck = v == 0 }},
	{Key: "disengage_move", Choices: []string{"separate", "reuse"}, Doc: "a disengaging hunter's distance: a separate Athletics check, or the avoid check's successes",
		apply: func(r *sim.Rules, v float64) { r.MoveReuse = v == 1 }},
	{Key: "pods_stocked", Bool: true, Doc: "pods start stocked (else only the Control Cards restock them)",
		apply: func(r *sim.Rules, v float64) { r.PodsStocked = v != 0 }},
}

// ruleKeys are the keys of Rules.
func ruleKeys() []string {
	out := make([]string, len(Rules))
	for i, r := range Rules {
		out[i] = r.Key
	}
	return out
}

// allowed says what a rule may hold, for messages and docs.
func (r *Rule) allowed() string {
	switch {
	case r.Bool:
		return "true or false"
	case r.Choices != nil:
		return strings.Join(r.Choices, ", ")
	case r.Whole:
		return fmt.Sprintf("a whole number %g..%g", r.Lo, r.Hi)
	}
	return fmt.Sprintf("a number %g..%g", r.Lo, r.Hi)
}

// parse reads a rule's value written as text (-set).
func (r *Rule) parse(s string) (float64, error) {
	switch {
	case r.Bool:
		switch s {
		case "true":
			return 1, nil
		case "false":
			return 0, nil
		}
	case r.Choices != nil:
		for i, c := range r.Choices {
			if c == s {
				return float64(i), nil
			}
		}
	default:
		v, err := strconv.ParseFloat(s, 64)
		if err == nil && v >= r.Lo && v <= r.Hi && (!r.Whole || v == float64(int(v))) {
			return v, nil
		}
	}
	return 0, fmt.Errorf("%q: allowed %s", s, r.allowed())
}

// format writes a rule's value as the data writes it.
func (r *Rule) format(v float64) string {
	switch {
	case r.Bool:
		return strconv.FormatBool(v != 0)
	case r.Choices != nil:
		return r.Choices[int(v)]
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// FormatRule writes the value of rule key as the data writes it.
func FormatRule(key string, v float64) string {
	for i := range Rules {
		if Rules[i].Key == key {
			return Rules[i].format(v)
		}
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
