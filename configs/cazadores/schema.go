package cazadores

import (
	"fmt"
	"slices"
	"strconv"

	"gopkg.in/yaml.v3"

	sim "balance/sim/cazadores"
)

// The schema of an Adversary file: every object it may hold (the file's
// root, its stats, a Minion, an Area, a hit location, an action entry...),
// each with its fields. The decoder takes its field lists, required fields
// and ranges from here, and docs/cazadores/adversary-schema.md and
// 'balance validate -explain FIELD' are written from here, so that what
// the loader accepts and what the reference says cannot drift apart.

// valueKind is the kind of value a field takes.
type valueKind uint8

const (
	vText    valueKind = iota // a non-empty text
	vInt                      // a whole number in Min..Max
	vNumber                   // a number in Min..Max
	vBool                     // true or false
	vName                     // one of Values
	vNames                    // a list of Values, each at most once
	vTexts                    // a list of texts, each at most once
	vObject                   // a mapping: the fields of Object
	vList                     // a list of mappings, each with the fields of Object
	vSlugMap                  // a mapping of slugs to mappings with the fields of Object
	vRankMap                  // a mapping of the four ranks to mappings with the fields of Object
	vOps                      // a list of effect ops allowed in Place
	vCards                    // a list of card values Min..Max
	vNumbers                  // a list of Count numbers
	vPoints                   // a list of points, each a list of two numbers
	vReach                    // a number in Min..Max, or a band [min, max] of them
	vRef                      // a slug of another file (What names its kind)
	vRefs                     // a list of slugs of another file
	vDice                     // a roll: d5 or d10 with an optional +N, or a whole number
)

// schemaField is one field of an object of the schema.
type schemaField struct {
	Name     string
	Kind     valueKind
	Min, Max float64  // vInt, vNumber, vCards, vNumbers: the range
	Count    int      // vNumbers: how many numbers
	Values   []string // vName, vNames: the names allowed
	What     string   // vName, vNames: what a value is, as messages say it ("condition")
	Object   string   // vObject, vList, vSlugMap, vRankMap: the key of its object
	Place    sim.OpPlace
	// Required fields must be given; a field required Unless another one
	// is given (name and attack, unless like) is not Required.
	Required bool
	Unless   string
	// Allowed, when set, says what values are allowed in place of the
	// range (a bound the range alone does not say).
	Allowed string
	Default string // what leaving the field out means ("" for a required field)
	Example string // the field as a file writes it
	Doc     string // what it is, in a line or two
}

// schemaObject is one kind of mapping an Adversary file holds.
type schemaObject struct {
	Key    string   // how fields refer to it
	Title  string   // its heading in the reference
	Where  []string // where it is written, as paths
	Doc    string
	Fields []schemaField
	// Extends is the key of an object whose fields this one has too,
	// after its own.
	Extends string
	// OneOf are fields of which exactly one must be given (a terrain
	// piece's shapes).
	OneOf []string
	Rules []string // what the loader checks between fields
}

// StatRange is the range the data allows Foe stat name (spd, atk, rng,
// def, ter, wnd): the loader's own table, so that what reads it (a
// lever's range) never offers a value the loader refuses.
func StatRange(name string) (lo, hi int, ok bool) {
	for _, f := range foeStatsFields {
		if f.Name == name {
			return int(f.Min), int(f.Max), true
		}
	}
	return 0, 0, false
}

// Ranges of the Foe stats, shared by an Adversary's and a Minion's stats.
var foeStatsFields = []schemaField{
	{Name: "spd", Kind: vInt, Min: 0, Max: 12, Required: true, Example: "spd: 5", Doc: "SPD: inches the Foe moves in a Move"},
	{Name: "atk", Kind: vInt, Min: 0, Max: 20, Required: true, Example: "atk: 7", Doc: "ATK: the dice of its Melee and Shooting Attacks"},
	{Name: "rng", Kind: vInt, Min: 0, Max: 12, Required: true, Example: "rng: 2", Doc: "RNG: the reach of its attacks in inches, before an action's `mods.rng`"},
	{Name: "def", Kind: vInt, Min: 0, Max: 10, Required: true, Example: "def: 6", Doc: "DEF: the DT of attacks against it"},
	{Name: "ter", Kind: vInt, Min: 0, Max: 20, Required: true, Example: "ter: 6", Doc: "TER: the dice of its Terror Attacks"},
	{Name: "wnd", Kind: vInt, Min: 1, Max: maxFoeWnd, Required: true, Example: "wnd: 20", Doc: "WND: the wounds it can take; an Adversary's is the sum of its hit locations' `wnd`"},
}

// actionSchemaFields are the fields of an action entry, and of the attack
// an `attack` op makes.
var actionSchemaFields = []schemaField{
	{Name: "name", Kind: vText, Unless: "like", Example: "name: Sweeping Smash", Doc: "the card's name, as traces print it"},
	{Name: "mods", Kind: vObject, Object: "mods", Default: "no change", Example: "mods: {atk: 2, rng: 1}", Doc: "changes to the Foe's stats for this action"},
	{Name: "attack", Kind: vName, Values: AttackKinds, What: "attack kind", Unless: "like", Example: "attack: melee", Doc: "the attack the action makes: `melee` and `shooting` roll ATK, `terror` rolls TER, a Terror Attack whose DT the rules' `terror_dt` sets; `none` makes no attack (a `check`, or only its ops)"},
	{Name: "targets", Kind: vName, Values: TargetModes, What: "targets mode", Default: "target", Example: "targets: all_in_range", Doc: "whom the action affects: `target` the Aggro target; `all_in_range` every Hostile model in range and Line of Sight; `all_models_in_range` every other model in range and Line of Sight, Friendly ones too; `target_and_near` the target and every other model within `near` of it; `count` up to `count` targets in range; `triangle` the Hostile models inside the triangle of the Adversary's models"},
	{Name: "near", Kind: vNumber, Min: 0, Max: 24, Default: "none", Example: "near: 1", Doc: "`targets: target_and_near`: inches around the target"},
	{Name: "count", Kind: vInt, Min: 1, Max: 12, Default: "none", Example: "count: 2", Doc: "`targets: count`: how many targets"},
	{Name: "advantage", Kind: vBool, Default: "false", Example: "advantage: true", Doc: "the attack is made at Advantage"},
	{Name: "damage", Kind: vBool, Default: "true for melee and shooting, false otherwise", Example: "damage: false", Doc: "a hit deals as many WNDs as the attack's Successes"},
	{Name: "rating", Kind: vInt, Min: 1, Max: maxPool, Default: "the Foe's ATK (TER for terror)", Example: "rating: 4", Doc: "a fixed pool of dice for the attack, in place of the Foe's stat (an attack an op makes)"},
	{Name: "range", Kind: vNumber, Min: 0, Max: 48, Default: "the Foe's RNG plus `mods.rng`", Example: "range: 8", Doc: "a fixed range in inches (an attack an op makes)"},
	{Name: "min_range", Kind: vNumber, Min: 0, Max: 48, Default: "0: none", Example: "min_range: 3", Doc: "a minimum range in inches: the attack cannot be aimed at, nor reach, a model whose base is closer than this to the Foe's; a Foe with no model far enough steps back (Back off) with its Move, else acts by the rest of its tree"},
	{Name: "check", Kind: vObject, Object: "check", Default: "none", Example: "check: {skill: terror, dt: 4}", Doc: "a Check the Foe makes in place of an attack (with `attack: none`); `on_success` follows when it succeeds"},
	{Name: "before", Kind: vOps, Place: sim.InAdversary, Default: "none", Example: "before: [{move_self: adjacent}]", Doc: "ops applied to the first target before the attack"},
	{Name: "on_hit", Kind: vOps, Place: sim.InAdversary, Default: "none", Example: "on_hit: [{push: 2}]", Doc: "ops applied to each model hit"},
	{Name: "on_miss", Kind: vOps, Place: sim.InAdversary, Default: "none", Example: "on_miss: [{area: rock, at: scatter}]", Doc: "ops applied to each model missed"},
	{Name: "crit", Kind: vOps, Place: sim.InAdversary, Default: "none", Example: "crit: [{impose: stunned}]", Doc: "the attack's Crit abilities: ops applied to each model hit with a Critical"},
	{Name: "after", Kind: vOps, Place: sim.InAdversary, Default: "none", Example: "after: [{heal: d5}]", Doc: "ops applied once after the attack, to the first target"},
	{Name: "on_success", Kind: vOps, Place: sim.InAdversary, Default: "none", Example: "on_success: [{heal: d5}]", Doc: "ops applied when the `check` succeeds"},
	{Name: "ticks", Kind: vInt, Min: 1, Max: 10, Default: "3; for `attack: none`, the rules' `self_card_ticks`", Example: "ticks: 2", Doc: "the Ticks the card costs"},
}

// adversarySchema is every object of an Adversary file, the file's root
// first.
var adversarySchema = []*schemaObject{
	{
		Key: "adversary", Title: "Adversary", Where: []string{"the file"},
		Doc: "An Adversary is one file, `adversaries/SLUG.yaml`, whose slug is the file's base name.",
		Fields: []schemaField{
			{Name: "name", Kind: vText, Required: true, Example: "name: Wandering Son of the Mountain", Doc: "the Adversary's name, as reports print it"},
			{Name: "stats", Kind: vObject, Object: "stats", Required: true, Example: "stats: {spd: 5, atk: 7, rng: 2, def: 6, ter: 6, wnd: 20}", Doc: "its six stats, shared by each of its models"},
			{Name: "base_mm", Kind: vNumber, Min: 10, Max: 300, Default: strconv.FormatFloat(defaultBase, 'g', -1, 64), Example: "base_mm: 60", Doc: "the diameter of each model's base, in millimetres"},
			{Name: "immune", Kind: vNames, Values: Conditions, What: "condition", Default: "none", Example: "immune: [freezing]", Doc: "the Conditions it never suffers"},
			{Name: "models", Kind: vTexts, Default: "one model, named as the Adversary", Allowed: fmt.Sprintf("1..%d distinct names", sim.MaxAdvModels), Example: "models: [The Sword, The Axe, The Mace]", Doc: "the names of its models, which share its deck and its clock; each hit location belongs to one of them (`owner`)"},
			{Name: "minions", Kind: vList, Object: "minion", Default: "none", Example: "minions: [{name: Morpheus Butterfly, count: 2, type: sentry, stats: {...}}]", Doc: "the kinds of Minion that come with it"},
			{Name: "areas", Kind: vSlugMap, Object: "area", Default: "none", Example: "areas: {rock: {diameter: 2, terrain: [difficult]}}", Doc: "the kinds of Area its ops place, by slug (the `area` and `area_pair` ops name them)"},
			{Name: "hit_locations", Kind: vList, Object: "location", Required: true, Example: "hit_locations: [{name: Head, cards: [10], wnd: 5}, ...]", Doc: "its hit locations, which together take each card 2..10 once"},
			{Name: "actions", Kind: vRankMap, Object: "action", Required: true, Example: "actions: {ace: {...}, king: {...}, queen: {...}, jack: {...}}", Doc: "its standard action cards, one entry for each rank: the Spades, Diamonds and Clubs of that rank, whose suit picks the tree (Aggressive, Defensive, Sentry)"},
			{Name: "special", Kind: vRankMap, Object: "special", Required: true, Example: "special: {ace: {tree: aggressive, like: standard}, ...}", Doc: "its Hearts action cards, one entry for each rank"},
			{Name: "trees", Kind: vSlugMap, Object: "tree", Default: "none: the three built-in trees", Allowed: fmt.Sprintf("at most %d slugs other than the built-in trees' names, each to the fields of Tree", sim.MaxTrees), Example: "trees: {skirmisher: {steps: [ranged_combat, retreat, aggress], aggro: nearest}}", Doc: "decision trees of its own, by slug, written in the questions and Aggro rules of Decision trees; a special entry's `tree` and a Minion's `type` may name them"},
			{Name: "states", Kind: vList, Object: "state", Default: "none", Allowed: fmt.Sprintf("at most %d, each with the fields of State", sim.MaxStates), Example: "states: [{name: Enraged, wnd_at_most: 0.5, atk: 1, spd: 1}]", Doc: "states the Adversary enters during the hunt, changing its own stats from a trigger on, for a number of Rounds or the rest of the hunt"},
		},
		Rules: []string{
			"`stats.wnd` equals the sum of the hit locations' `wnd`.",
			fmt.Sprintf("The Adversary's models and its Minions are at most %d models.", maxFoeModels),
			fmt.Sprintf("No check can roll more than %d dice: TER, ATK or DEF raised by every exhausted location and every state, plus an action's `mods.atk` (or its `rating`).", maxPool),
		},
	},
	{
		Key: "tree", Title: "Tree", Where: []string{"trees.SLUG"},
		Doc: "A decision tree of the Adversary's own: the questions it asks in order, acting on the first Yes (with none, the Foe holds its ground), and how it picks its target. The built-in trees are written the same way (see Decision trees).",
		Fields: []schemaField{
			{Name: "steps", Kind: vNames, Values: sim.TreeStepNames(), What: "question", Required: true, Allowed: fmt.Sprintf("1..%d, each one of %s, at most once", sim.MaxTreeSteps, codeList(sim.TreeStepNames())), Example: "steps: [ranged_combat, retreat, aggress]", Doc: "its questions, in the order it asks them (see Decision trees)"},
			{Name: "aggro", Kind: vName, Values: sim.AggroNames(), What: "aggro rule", Default: "nearest", Example: "aggro: fewest_wnd", Doc: "how it picks its target among the Hostile models in sight within 10\" (see Decision trees)"},
		},
		Rules: []string{
			"`hold_ground` is always Yes: it can only be the last question.",
		},
	},
	{
		Key: "state", Title: "State", Where: []string{"states"},
		Doc: "A state of the Adversary: from its trigger on, every model of the Adversary has its stats changed, on top of its exhausted locations' changes. Traces note when it begins and ends.",
		Fields: []schemaField{
			{Name: "name", Kind: vText, Required: true, Example: "name: Enraged", Doc: "its name, as traces print it"},
			{Name: "wnd_at_most", Kind: vNumber, Min: 0.01, Max: 1, Default: "none", Example: "wnd_at_most: 0.5", Doc: "trigger: the Adversary's WNDs left fall to this share of its `stats.wnd` or below (rounded down to whole WNDs); it fires once"},
			{Name: "round", Kind: vInt, Min: 2, Max: 1000, Default: "none", Example: "round: 3", Doc: "trigger: Round N begins; it fires once"},
			{Name: "card", Kind: vName, Values: RankNames[:], What: "rank", Default: "none", Example: "card: ace", Doc: "trigger: the Adversary draws an action card of this rank, of any suit; each draw starts it again (its Rounds counted afresh)"},
			{Name: "rounds", Kind: vInt, Min: 0, Max: 1000, Default: "0: the rest of the hunt", Example: "rounds: 2", Doc: "how many Rounds it lasts, the Round it begins in counted; it ends at the end of the last"},
			{Name: "spd", Kind: vInt, Min: -10, Max: 10, Default: "0", Example: "spd: 1", Doc: "change to SPD"},
			{Name: "atk", Kind: vInt, Min: -10, Max: 10, Default: "0", Example: "atk: 1", Doc: "change to ATK"},
			{Name: "rng", Kind: vInt, Min: -10, Max: 10, Default: "0", Example: "rng: 1", Doc: "change to RNG"},
			{Name: "def", Kind: vInt, Min: -10, Max: 10, Default: "0", Example: "def: -1", Doc: "change to DEF"},
			{Name: "ter", Kind: vInt, Min: -10, Max: 10, Default: "0", Example: "ter: 1", Doc: "change to TER"},
		},
		Rules: []string{
			"A state has exactly one trigger: `wnd_at_most`, `round` or `card`.",
			"Its rises of ATK and TER count toward the dice a check can roll, as exhausted locations' do.",
		},
	},
	{
		Key: "stats", Title: "Stats", Where: []string{"stats", "minions.stats"},
		Doc:    "A Foe's six stats; all are required.",
		Fields: foeStatsFields,
	},
	{
		Key: "minion", Title: "Minion", Where: []string{"minions"},
		Doc: "A kind of Minion: `count` models of it are deployed with the Adversary, each acting by the decision tree of its `type`.",
		Fields: []schemaField{
			{Name: "name", Kind: vText, Required: true, Example: "name: Morpheus Butterfly", Doc: "the Minion's name"},
			{Name: "count", Kind: vInt, Min: 1, Max: 20, Required: true, Example: "count: 2", Doc: "how many models of it come"},
			{Name: "type", Kind: vName, Values: Trees, What: "Foe Type", Required: true, Allowed: codeList(Trees) + ", or a slug of `trees`", Example: "type: sentry", Doc: "its Foe Type, the decision tree it acts by (see Decision trees)"},
			{Name: "stats", Kind: vObject, Object: "stats", Required: true, Example: "stats: {spd: 5, atk: 3, rng: 1, def: 3, ter: 3, wnd: 5}", Doc: "its six stats"},
			{Name: "base_mm", Kind: vNumber, Min: 10, Max: 300, Default: strconv.FormatFloat(minionBase, 'g', -1, 64), Example: "base_mm: 25", Doc: "the diameter of its base, in millimetres"},
			{Name: "shooting_rng", Kind: vInt, Min: 0, Max: 12, Default: "0: it has no Shooting Attack", Example: "shooting_rng: 2", Doc: "the RNG its Shooting Attack adds; a Minion with one shoots"},
			{Name: "crit", Kind: vOps, Place: sim.InCrit, Default: "none", Example: "crit: [{impose: poisoned}]", Doc: "the Crit abilities of its attacks"},
		},
	},
	{
		Key: "area", Title: "Area", Where: []string{"areas.SLUG"},
		Doc: "A kind of Area, a circular template the Adversary's ops place.",
		Fields: []schemaField{
			{Name: "diameter", Kind: vNumber, Min: 0.5, Max: 24, Required: true, Example: "diameter: 2", Doc: "its diameter in inches"},
			{Name: "terrain", Kind: vNames, Values: TerrainTypes, What: "terrain type", Default: "none (open)", Example: "terrain: [difficult]", Doc: "the terrain types of the ground it covers"},
			{Name: "foe_def", Kind: vInt, Min: -10, Max: 10, Default: "0", Example: "foe_def: 1", Doc: "DEF added to a Foe within it"},
			{Name: "enter", Kind: vObject, Object: "enter", Default: "none", Example: "enter: {check: fortitude, dt: 3, impose: burning}", Doc: "the Check a model entering it makes"},
		},
	},
	{
		Key: "enter", Title: "Enter", Where: []string{"areas.SLUG.enter"},
		Doc: "A model that enters the Area makes a Check of a skill against a DT, or suffers a Condition.",
		Fields: []schemaField{
			{Name: "check", Kind: vName, Values: SkillNames, What: "skill", Required: true, Example: "check: fortitude", Doc: "the skill of the Check"},
			{Name: "dt", Kind: vInt, Min: 0, Max: 10, Default: "0", Example: "dt: 3", Doc: "the DT of the Check"},
			{Name: "impose", Kind: vName, Values: Conditions, What: "condition", Required: true, Example: "impose: burning", Doc: "the Condition suffered when the Check fails"},
			{Name: "once", Kind: vBool, Default: "false", Example: "once: true", Doc: "only the first model to enter makes the Check; the Area is then spent"},
		},
	},
	{
		Key: "location", Title: "Hit location", Where: []string{"hit_locations"},
		Doc: "A hit location: the cards that hit it, its WNDs, the model it belongs to and what happens when it is exhausted.",
		Fields: []schemaField{
			{Name: "name", Kind: vText, Required: true, Example: "name: Head", Doc: "its name, unique among the locations"},
			{Name: "cards", Kind: vCards, Min: 2, Max: 10, Required: true, Example: "cards: [8, 9]", Doc: "the cards that hit it"},
			{Name: "wnd", Kind: vInt, Min: 1, Max: maxFoeWnd, Required: true, Example: "wnd: 5", Doc: "the WNDs it takes before it is exhausted"},
			{Name: "owner", Kind: vInt, Min: 0, Max: 1000, Allowed: fmt.Sprintf("0..(number of models - 1), at most %d", sim.MaxAdvModels-1), Default: "0", Example: "owner: 1", Doc: "the model it belongs to, by its place in `models` from 0"},
			{Name: "exhausted", Kind: vObject, Object: "exhausted", Default: "nothing happens", Example: "exhausted: {label: Blinded, attacks: disadvantage}", Doc: "what happens when it is exhausted"},
		},
		Rules: []string{
			fmt.Sprintf("Each card 2..10 belongs to exactly one location, so there are 1..%d locations.", sim.MaxLocations),
		},
	},
	{
		Key: "exhausted", Title: "Exhaustion", Where: []string{"hit_locations.exhausted"},
		Doc: "The lasting effect of an exhausted location; its stat changes apply to every model of the Adversary.",
		Fields: []schemaField{
			{Name: "label", Kind: vText, Default: "none", Example: "label: Maimed arm", Doc: "its name, as traces print it"},
			{Name: "attacks", Kind: vName, Values: AttackStates, What: "attack state", Default: "unchanged", Example: "attacks: disadvantage", Doc: "the Adversary's attacks are made at Advantage or Disadvantage from then on"},
			{Name: "spd", Kind: vInt, Min: -10, Max: 10, Default: "0", Example: "spd: -1", Doc: "change to SPD"},
			{Name: "atk", Kind: vInt, Min: -10, Max: 10, Default: "0", Example: "atk: -1", Doc: "change to ATK"},
			{Name: "rng", Kind: vInt, Min: -10, Max: 10, Default: "0", Example: "rng: -1", Doc: "change to RNG"},
			{Name: "def", Kind: vInt, Min: -10, Max: 10, Default: "0", Example: "def: -1", Doc: "change to DEF"},
			{Name: "ter", Kind: vInt, Min: -10, Max: 10, Default: "0", Example: "ter: 1", Doc: "change to TER"},
			{Name: "trigger", Kind: vOps, Place: sim.InAdversary, Default: "none", Example: "trigger: [{impose_self: burning}]", Doc: "ops performed once, when it is exhausted, by the model it belongs to"},
		},
	},
	{
		Key: "action", Title: "Action", Where: []string{"actions.RANK", "the value of an `attack` op"},
		Doc:    "An action card entry: what the Adversary does when it draws a card of that rank. The same fields write the attack an `attack` op makes.",
		Fields: actionSchemaFields,
		Rules: []string{
			"`name` and `attack` are required (in a special entry, unless it says `like: standard`).",
			"`near` goes with `targets: target_and_near`, which needs it; `count` goes with `targets: count`, which needs it.",
			"`check` needs `attack: none`; `on_success` needs a `check`; `on_hit`, `on_miss` and `crit` need an attack.",
			"`min_range` needs an attack, and is below `range` when a `range` is given.",
			fmt.Sprintf("A list of ops holds at most %d ops (`grant_crit` takes one place for each ability it gives); ops hold ops at most %d deep.", sim.MaxOps, maxOpDepth),
		},
	},
	{
		Key: "mods", Title: "Mods", Where: []string{"actions.RANK.mods", "special.RANK.mods"},
		Doc: "Changes to the Foe's stats for one action.",
		Fields: []schemaField{
			{Name: "spd", Kind: vInt, Min: -12, Max: 12, Default: "0", Example: "spd: 2", Doc: "change to SPD for the action's Move"},
			{Name: "atk", Kind: vInt, Min: -20, Max: 20, Default: "0", Example: "atk: 2", Doc: "dice added to the pool of the action's attack (ATK, or TER for a Terror Attack)"},
			{Name: "rng", Kind: vInt, Min: -12, Max: 24, Default: "0", Example: "rng: 4", Doc: "change to the action's range"},
		},
	},
	{
		Key: "check", Title: "Check", Where: []string{"actions.RANK.check", "special.RANK.check"},
		Doc: "A Check an action makes in place of an attack.",
		Fields: []schemaField{
			{Name: "skill", Kind: vName, Values: CheckSkills, What: "check skill", Required: true, Example: "skill: terror", Doc: "the stat the Check rolls: `atk` ATK, `terror` TER, `def` DEF (each as the Foe has it then, states included)"},
			{Name: "dt", Kind: vInt, Min: 0, Max: 10, Default: "0", Example: "dt: 4", Doc: "the DT of the Check"},
		},
	},
	{
		Key: "special", Title: "Special", Where: []string{"special.RANK"},
		Doc:     "A Hearts action card entry: an action entry with the decision tree the Adversary follows that turn.",
		Fields:  []schemaField{specialTreeField, specialLikeField, specialMergeField},
		Extends: "action",
		Rules: []string{
			"`like: standard` copies the standard entry of the same rank; the fields the special entry gives then replace the copy's, whole: a list of ops given replaces the list copied, unless `merge` names it.",
			"`merge` needs `like: standard`, and each list it names must be given in the entry.",
		},
	},
}

var (
	specialTreeField = schemaField{Name: "tree", Kind: vName, Values: Trees, What: "tree", Required: true, Allowed: codeList(Trees) + ", or a slug of `trees`", Example: "tree: aggressive", Doc: "the decision tree the Adversary follows when it draws the card (see Decision trees)"}
	specialLikeField = schemaField{Name: "like", Kind: vName, Values: []string{"standard"}, What: "like value", Default: "none", Example: "like: standard", Doc: "start from the standard entry of the same rank"}
	// specialMergeField names the op lists a special entry adds to the
	// standard entry's in place of replacing them.
	specialMergeField = schemaField{Name: "merge", Kind: vNames, Values: OpLists, What: "op list", Default: "none: every list given replaces the copied one", Example: "merge: [crit]", Doc: "with `like: standard`: the op lists whose ops are added after the copied list's, an op the copied list already has (same op, same value) not repeated; a list given and not named here replaces the copied one whole"}
)

// The field lists of the objects, as the decoder and FileKind use them.
var (
	adversaryFields = schemaOf("adversary").names()
	foeStatFields   = schemaOf("stats").names()
	actionFields    = schemaOf("action").names()
)

// schemaOf returns the object of key k, of an Adversary file or of a
// scenario file; it panics when there is none, a mistake in the decoder
// that the tests catch.
func schemaOf(k string) *schemaObject {
	for _, objs := range [][]*schemaObject{adversarySchema, scenarioSchema, packSchema} {
		for _, o := range objs {
			if o.Key == k {
				return o
			}
		}
	}
	panic("cazadores: no schema object " + k)
}

// all are o's fields: its own, then those of the object it extends.
func (o *schemaObject) all() []*schemaField {
	out := make([]*schemaField, 0, len(o.Fields))
	for i := range o.Fields {
		out = append(out, &o.Fields[i])
	}
	if o.Extends != "" {
		out = append(out, schemaOf(o.Extends).all()...)
	}
	return out
}

// field returns the field name of o; it panics when there is none.
func (o *schemaObject) field(name string) *schemaField {
	for _, f := range o.all() {
		if f.Name == name {
			return f
		}
	}
	panic("cazadores: no field " + name + " in schema object " + o.Key)
}

// has reports whether o has a field name.
func (o *schemaObject) has(name string) bool {
	return slices.Contains(o.names(), name)
}

// names are o's field names, in order.
func (o *schemaObject) names() []string {
	var out []string
	for _, f := range o.all() {
		out = append(out, f.Name)
	}
	return out
}

// required are o's required field names, in order.
func (o *schemaObject) required() []string {
	var out []string
	for _, f := range o.all() {
		if f.Required {
			out = append(out, f.Name)
		}
	}
	return out
}

// typeDoc says what kind of value f takes.
func (f *schemaField) typeDoc() string {
	switch f.Kind {
	case vText:
		return "text"
	case vInt:
		return "whole number"
	case vNumber:
		return "number"
	case vBool:
		return "true or false"
	case vName:
		return "name"
	case vNames:
		return "list of names"
	case vTexts:
		return "list of texts"
	case vObject:
		return "mapping"
	case vList:
		return "list of mappings"
	case vSlugMap:
		return "mapping of slugs to mappings"
	case vRankMap:
		return "mapping of ranks to mappings"
	case vOps:
		return "list of effect ops"
	case vCards:
		return "list of cards"
	case vNumbers:
		return "list of " + strconv.Itoa(f.Count) + " numbers"
	case vPoints:
		return "list of points"
	case vReach:
		return "number or [min, max]"
	case vRef:
		return "slug"
	case vRefs:
		return "list of slugs"
	case vDice:
		return "roll"
	}
	return "?"
}

// allowedDoc says which values f allows.
func (f *schemaField) allowedDoc() string {
	if f.Allowed != "" {
		return f.Allowed
	}
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	switch f.Kind {
	case vText:
		return "not empty"
	case vInt, vNumber:
		return g(f.Min) + ".." + g(f.Max)
	case vBool:
		return "`true`, `false`"
	case vName:
		return codeList(f.Values)
	case vNames:
		return "each one of " + codeList(f.Values) + ", at most once"
	case vObject:
		return "the fields of " + schemaOf(f.Object).Title
	case vList:
		return "each with the fields of " + schemaOf(f.Object).Title
	case vSlugMap:
		return "slugs (lower-case letters, digits, - and _), each to the fields of " + schemaOf(f.Object).Title
	case vRankMap:
		return codeList(RankNames[:]) + ", all four, each to the fields of " + schemaOf(f.Object).Title
	case vOps:
		return fmt.Sprintf("at most %d of the ops allowed in %s (see effect ops)", sim.MaxOps, sim.PlaceName(f.Place))
	case vCards, vNumbers:
		return "each " + g(f.Min) + ".." + g(f.Max)
	case vReach:
		return g(f.Min) + ".." + g(f.Max) + " inches, a band's min at most its max"
	case vDice:
		return "`d5` or `d10`, with an optional `+N`, or a whole number"
	}
	return "?"
}

// defaultDoc says what leaving f out means.
func (f *schemaField) defaultDoc() string {
	switch {
	case f.Required:
		return "required"
	case f.Unless != "":
		return "required unless `" + f.Unless + "` is given"
	}
	return f.Default
}

// schemaPath is one field of the schema reached from the file's root: its
// path (stats.wnd, minions.stats.wnd, actions.range), the object it is in
// and the field.
type schemaPath struct {
	Path   string
	Object *schemaObject
	Field  *schemaField
}

// schemaPaths lists every field of a file whose root object is root (an
// Adversary's, adversarySchema[0], or a scenario's) by its path, in the
// order of the reference: each object's fields where the object is first
// reached, then the objects it holds.
func schemaPaths(root *schemaObject) []schemaPath {
	var out []schemaPath
	var walk func(o *schemaObject, prefix string)
	walk = func(o *schemaObject, prefix string) {
		for _, f := range o.all() {
			p := f.Name
			if prefix != "" {
				p = prefix + "." + f.Name
			}
			out = append(out, schemaPath{p, o, f})
			if f.Object != "" {
				walk(schemaOf(f.Object), p)
			}
		}
	}
	walk(root, "")
	return out
}

// fieldsOf decodes a mapping of object o: unknown fields and missing
// required ones are reported.
func (d *decoder) fieldsOf(o *schemaObject, n *yaml.Node, path string) map[string]*yaml.Node {
	return d.Fields(n, path, o.names(), o.required()...)
}

// intOf decodes v, field key of object o at path, a whole number in the
// field's range.
func (d *decoder) intOf(o *schemaObject, key string, v *yaml.Node, path string) int {
	f := o.field(key)
	return d.Int(v, at(path, key), int(f.Min), int(f.Max))
}

// numberOf decodes v, field key of object o at path, a number in the
// field's range.
func (d *decoder) numberOf(o *schemaObject, key string, v *yaml.Node, path string) float64 {
	f := o.field(key)
	return d.Number(v, at(path, key), f.Min, f.Max)
}

// nameOf decodes v, field key of object o at path, one of the field's
// names.
func (d *decoder) nameOf(o *schemaObject, key string, v *yaml.Node, path string) string {
	f := o.field(key)
	return d.Name(v, at(path, key), f.What, f.Values)
}

// namesOf decodes v, field key of object o at path, a list of the field's
// names, each at most once.
func (d *decoder) namesOf(o *schemaObject, key string, v *yaml.Node, path string) []string {
	f := o.field(key)
	return d.Names(v, at(path, key), f.What, f.Values, false)
}
