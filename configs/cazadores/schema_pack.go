package cazadores

import (
	"fmt"
	"strconv"

	sim "balance/sim/cazadores"
)

// The schema of the Pack's files and the rules (weapons.yaml, armour.yaml,
// gear.yaml, rituals.yaml, companions.yaml, cazadores.yaml, packs.yaml,
// objectives.yaml, rules.yaml). As with adversarySchema, the decoder
// takes its field lists, required fields and ranges from here, and
// docs/cazadores/pack-schema.md and 'balance validate -explain
// weapons.FIELD' are written from it.

// attributeFields are a Pack model's six attributes; required says
// whether each must be given (a Companion type's) or defaults to the
// starting array (a Cazador's).
func attributeFields(required bool) []schemaField {
	def := func(v int) string {
		if required {
			return ""
		}
		return strconv.Itoa(v) + ", the starting value"
	}
	return []schemaField{
		{Name: "spd", Kind: vInt, Min: 1, Max: 12, Required: required, Default: def(startSpd), Example: "spd: 5", Doc: "SPD: inches moved in a Move"},
		{Name: "prow", Kind: vInt, Min: 0, Max: 12, Required: required, Default: def(startAttr), Example: "prow: 4", Doc: "PROW: with the skill, the dice of Athletics and Melee Checks"},
		{Name: "shrp", Kind: vInt, Min: 0, Max: 12, Required: required, Default: def(startAttr), Example: "shrp: 4", Doc: "SHRP: with the skill, the dice of Shooting and Stealth Checks"},
		{Name: "wit", Kind: vInt, Min: 0, Max: 12, Required: required, Default: def(startAttr), Example: "wit: 3", Doc: "WIT: with the skill, the dice of Hunt and Lore Checks"},
		{Name: "res", Kind: vInt, Min: 0, Max: 12, Required: required, Default: def(startAttr), Example: "res: 3", Doc: "RES: with the skill, the dice of Fortitude and Leadership Checks"},
		{Name: "wnd", Kind: vInt, Min: 1, Max: 200, Required: required, Default: def(startWnd), Example: "wnd: 12", Doc: "WND: the wounds the model can take"},
	}
}

// reachField is the range of a weapon, a piece of gear: a reach, or a
// band for shooting.
func reachField(doc string) schemaField {
	return schemaField{Name: "rng", Kind: vReach, Min: 0, Max: 48, Default: "0", Example: "rng: [3, 18]", Doc: doc}
}

var renownField = schemaField{Name: "renown", Kind: vInt, Min: 0, Max: 10, Required: true, Example: "renown: 1", Doc: "its cost in Renown when a Cazador is built"}

// packSchema is every object of the Pack's files and of rules.yaml; each
// file's entry object is reached from packFiles.
var packSchema = []*schemaObject{
	{
		Key: "weapon", Title: "Weapon", Where: []string{"weapons.yaml: SLUG"},
		Doc: "A melee, shooting or arcane weapon a Cazador carries or a Companion's loadout names.",
		Fields: []schemaField{
			{Name: "name", Kind: vText, Required: true, Example: "name: Great Weapon", Doc: "its name, as traces print it"},
			{Name: "kind", Kind: vName, Values: WeaponKinds, What: "weapon kind", Required: true, Example: "kind: melee", Doc: "`melee` and `arcane` weapons strike within their reach, `shooting` ones within a band of range and spend Ammo"},
			{Name: "pow", Kind: vInt, Min: -5, Max: 10, Default: "0", Example: "pow: 1", Doc: "POW: WNDs added to each hit"},
			func() schemaField {
				f := reachField("the reach in inches (melee, arcane), or the band [min, max] a target must be in (shooting)")
				f.Required, f.Default = true, ""
				return f
			}(),
			{Name: "hands", Kind: vInt, Min: 1, Max: 2, Required: true, Example: "hands: 2", Doc: "the hands it takes readied"},
			renownField,
			{Name: "attack_ticks", Kind: vInt, Min: -2, Max: 6, Default: "0", Example: "attack_ticks: 1", Doc: "Ticks added to (or, negative, taken from) the cost of an attack with it"},
			{Name: "reload_ticks", Kind: vInt, Min: -1, Max: 6, Default: "0", Example: "reload_ticks: 1", Doc: "shooting weapons: Ticks added to the cost of reloading it"},
			{Name: "ammo", Kind: vInt, Min: 1, Max: 20, Default: "3 for a shooting weapon", Example: "ammo: 1", Doc: "shooting weapons: its shots for the whole hunt, each readied by a Reload (ruling R41)"},
			{Name: "armour", Kind: vInt, Min: 0, Max: 3, Default: "0", Example: "armour: 1", Doc: "armour its bearer has while it is readied (a shield)"},
			{Name: "damage", Kind: vBool, Default: "true", Example: "damage: false", Doc: "false: a hit deals no WNDs (its `on_hit` and `crit` ops still apply)"},
			{Name: "on_hit", Kind: vOps, Place: sim.InCrit, Default: "none", Example: "on_hit: [{push: 1}]", Doc: "ops applied to each model it hits"},
			{Name: "crit", Kind: vOps, Place: sim.InCrit, Default: "none", Example: "crit: [{impose: bleeding}]", Doc: "its Crit abilities: ops applied to each model hit with a Critical"},
		},
		Rules: []string{"`reload_ticks` and `ammo` apply only to shooting weapons."},
	},
	{
		Key: "armour", Title: "Armour", Where: []string{"armour.yaml: SLUG"},
		Doc: "A suit of armour a Cazador wears or a Companion's loadout names. A Cazador's light armour is free.",
		Fields: []schemaField{
			{Name: "name", Kind: vText, Required: true, Example: "name: Heavy Armour", Doc: "its name"},
			{Name: "rating", Kind: vInt, Min: 0, Max: 6, Required: true, Example: "rating: 2", Doc: "added to both of its wearer's defences"},
			{Name: "spd", Kind: vInt, Min: -6, Max: 0, Required: true, Example: "spd: -1", Doc: "its wearer's change of SPD"},
			renownField,
		},
	},
	{
		Key: "gear", Title: "Special gear", Where: []string{"gear.yaml: SLUG"},
		Doc: "A piece of Special Gear: used as an Attack (a Shooting Check against the target's Defence) or with a Use Gear action (a Check of its skill).",
		Fields: []schemaField{
			{Name: "name", Kind: vText, Required: true, Example: "name: Fire Bomb", Doc: "its name"},
			renownField,
			{Name: "action", Kind: vName, Values: GearActions, What: "gear action", Required: true, Example: "action: use_gear", Doc: "`attack`: used as an Attack on a target; `use_gear`: a Use Gear action"},
			{Name: "skill", Kind: vName, Values: SkillNames, What: "skill", Required: true, Example: "skill: fortitude", Doc: "the skill of its Check"},
			{Name: "dt", Kind: vInt, Min: 0, Max: 10, Default: "0: the target's Defence (an attack) or none", Example: "dt: 7", Doc: "a fixed DT for its Check"},
			{Name: "ammo", Kind: vInt, Min: 1, Max: 20, Required: true, Example: "ammo: 2", Doc: "its uses in a hunt"},
			{Name: "hands", Kind: vInt, Min: 0, Max: 2, Default: "0", Example: "hands: 1", Doc: "the hands it takes readied; 0 when it need not be readied"},
			reachField("its range in inches, or a band [min, max]"),
			{Name: "areas", Kind: vSlugMap, Object: "area", Default: "none", Example: "areas: {fire: {diameter: 2, enter: {check: fortitude, dt: 7, impose: burning}}}", Doc: "the kinds of Area its ops place, by slug"},
			{Name: "on_success", Kind: vOps, Place: sim.InEffect, Default: "none", Example: "on_success: [{gain_wnd: d5}]", Doc: "ops applied when its Check succeeds"},
			{Name: "on_fail", Kind: vOps, Place: sim.InEffect, Default: "none", Example: "on_fail: [{terrified_by_adversary: true}]", Doc: "ops applied when its Check fails"},
		},
	},
	{
		Key: "ritual", Title: "Ritual", Where: []string{"rituals.yaml: SLUG"},
		Doc: "A Ritual a Cazador knows: cast with a Lore Check; each succeeds once a hunt.",
		Fields: []schemaField{
			{Name: "name", Kind: vText, Required: true, Example: "name: Blood Ward", Doc: "its name"},
			renownField,
			{Name: "pow", Kind: vInt, Min: 0, Max: maxPool, Default: "0: it makes no attack", Example: "pow: 4", Doc: "the dice of the attack it makes"},
			{Name: "rng", Kind: vNumber, Min: 0, Max: 48, Default: "0: the caster", Example: "rng: 6", Doc: "its range in inches"},
			{Name: "target", Kind: vName, Values: RitualTargets, What: "ritual target", Default: "any", Example: "target: friendly", Doc: "whom it may be cast on"},
			{Name: "areas", Kind: vSlugMap, Object: "area", Default: "none", Example: "areas: {mist: {diameter: 3, terrain: [obscuring]}}", Doc: "the kinds of Area its ops place, by slug"},
			{Name: "effect", Kind: vOps, Place: sim.InEffect, Default: "none", Example: "effect: [{heal: d5}]", Doc: "ops applied when it succeeds"},
			{Name: "crit", Kind: vOps, Place: sim.InCrit, Default: "none", Example: "crit: [{impose: burning}]", Doc: "the Crit abilities of its attack"},
		},
	},
	{
		Key: "companion", Title: "Companion type", Where: []string{"companions.yaml: SLUG"},
		Doc: "A kind of Companion a Cazador may enlist.",
		Fields: []schemaField{
			{Name: "name", Kind: vText, Required: true, Example: "name: Hound", Doc: "its name"},
			{Name: "stats", Kind: vObject, Object: "companion_stats", Required: true, Example: "stats: {spd: 6, prow: 3, shrp: 0, wit: 2, res: 2, wnd: 6}", Doc: "its attributes"},
			{Name: "enlist", Kind: vInt, Min: 0, Max: 10, Required: true, Example: "enlist: 1", Doc: "the Renown a Cazador spends to enlist it"},
			{Name: "base_mm", Kind: vNumber, Min: 10, Max: 300, Default: strconv.FormatFloat(defaultPackBase, 'g', -1, 64), Example: "base_mm: 40", Doc: "the diameter of its base, in millimetres"},
			{Name: "loadouts", Kind: vList, Object: "loadout", Required: true, Allowed: "at least one, each with the fields of Loadout", Example: "loadouts: [{weapons: [bite], armour: none}]", Doc: "the kits it may take; a pack's member picks one by its index"},
		},
	},
	{
		Key: "companion_stats", Title: "Companion attributes", Where: []string{"companions.yaml: SLUG.stats"},
		Doc:    "A Companion type's attributes, each given.",
		Fields: attributeFields(true),
	},
	{
		Key: "loadout", Title: "Loadout", Where: []string{"companions.yaml: SLUG.loadouts[N]"},
		Doc: "One kit of a Companion type.",
		Fields: []schemaField{
			{Name: "weapons", Kind: vRefs, What: "weapon", Required: true, Allowed: fmt.Sprintf("0..%d slugs of weapons.yaml (one may repeat)", maxWeapons), Example: "weapons: [bite]", Doc: "the weapons it carries"},
			{Name: "armour", Kind: vRef, What: "armour", Required: true, Allowed: "a slug of armour.yaml", Example: "armour: light", Doc: "the armour it wears"},
		},
	},
	{
		Key: "cazador", Title: "Cazador build", Where: []string{"cazadores.yaml: SLUG"},
		Doc: "A named Cazador, checked against the creation limits: from the starting attributes and no skills, 10 Renown in all, at most 3 on PROW, SHRP, WIT and RES, 3 on SPD and WND, 5 on skills, 2 on Rituals, 2 on weapons, armour and gear beyond the free ones, and 2 on Companions (checked on the pack).",
		Fields: []schemaField{
			{Name: "name", Kind: vText, Required: true, Example: "name: Bow Hunter", Doc: "the build's name, as reports print it"},
			{Name: "attributes", Kind: vObject, Object: "cazador_attributes", Default: "the starting array", Example: "attributes: {shrp: 5, wit: 4}", Doc: "its attributes, each at least its starting value"},
			{Name: "skills", Kind: vObject, Object: "skills", Default: "none: every skill 0", Example: "skills: {shooting: 2, hunt: 1}", Doc: "its skills, added to the dice of their Checks"},
			{Name: "weapons", Kind: vRefs, What: "weapon", Required: true, Allowed: fmt.Sprintf("1..%d slugs of weapons.yaml (one may repeat)", maxWeapons), Example: "weapons: [bow, hand-weapon]", Doc: "the weapons carried; the dearest is the free starting one"},
			{Name: "readied", Kind: vRefs, What: "weapon", Default: "the first weapon", Allowed: "weapons carried, at most two hands' worth", Example: "readied: [bow]", Doc: "the weapons in hand at the start of the hunt"},
			{Name: "armour", Kind: vRef, What: "armour", Required: true, Allowed: "a slug of armour.yaml", Example: "armour: light", Doc: "the armour worn; light armour is free"},
			{Name: "gear", Kind: vRefs, What: "special gear", Default: "none", Allowed: fmt.Sprintf("0..%d distinct slugs of gear.yaml", maxGear), Example: "gear: [fire-bomb]", Doc: "its Special Gear"},
			{Name: "rituals", Kind: vRefs, What: "ritual", Default: "none", Allowed: fmt.Sprintf("0..%d distinct slugs of rituals.yaml", maxRits), Example: "rituals: [blood-ward]", Doc: "the Rituals it knows"},
			{Name: "book", Kind: vRefs, What: "ritual", Default: "none", Allowed: "up to 2 distinct slugs of rituals.yaml", Example: "book: [blood-ward]", Doc: "the Rituals inscribed in its Book of Rituals (a weapon it must carry)"},
			{Name: "symbol", Kind: vRef, What: "known ritual", Default: "none", Allowed: "one of its `rituals`", Example: "symbol: blood-ward", Doc: "the Ritual its Religious Symbol (a weapon it must carry) holds"},
			{Name: "base_mm", Kind: vNumber, Min: 10, Max: 300, Default: strconv.FormatFloat(defaultPackBase, 'g', -1, 64), Example: "base_mm: 32", Doc: "the diameter of its base, in millimetres"},
		},
		Rules: []string{
			"The creation limits above, each reported at the field that passes it.",
			"`readied` weapons are among the `weapons` and take at most two hands.",
			"`book` needs `book-of-rituals` among the `weapons`; `symbol` needs `religious-symbol`.",
		},
	},
	{
		Key: "cazador_attributes", Title: "Cazador attributes", Where: []string{"cazadores.yaml: SLUG.attributes"},
		Doc:    fmt.Sprintf("A Cazador's attributes: from SPD %d, PROW, SHRP, WIT and RES %d and WND %d, raised with Renown to at most SPD %d, %d and WND %d.", startSpd, startAttr, startWnd, maxSpd, maxAttr, maxWnd),
		Fields: attributeFields(false),
	},
	{
		Key: "skills", Title: "Skills", Where: []string{"cazadores.yaml: SLUG.skills"},
		Doc: fmt.Sprintf("A Cazador's skills, each 0 to %d for a build.", maxSkill),
		Fields: func() []schemaField {
			var out []schemaField
			for _, s := range []string{"athletics", "melee", "shooting", "stealth", "hunt", "lore", "fortitude", "leadership"} {
				out = append(out, schemaField{Name: s, Kind: vInt, Min: 0, Max: 10, Default: "0", Allowed: fmt.Sprintf("0..%d", maxSkill), Example: s + ": 1", Doc: "added to the dice of its Checks"})
			}
			return out
		}(),
	},
	{
		Key: "pack", Title: "Pack", Where: []string{"packs.yaml: SLUG"},
		Doc: "The models that hunt together: one Cazador per player (1 to 4) and their Companions, as Table 4.1 allows.",
		Fields: []schemaField{
			{Name: "name", Kind: vText, Required: true, Example: "name: Duo", Doc: "its name, as reports print it"},
			{Name: "members", Kind: vList, Object: "member", Required: true, Example: "members: [{cazador: bow-hunter}, {companion: hound, of: 0}]", Doc: "its models, in order"},
			{Name: "table_4_1", Kind: vBool, Default: "true", Example: "table_4_1: false", Doc: "false: Table 4.1's Companions by player count are not checked (a Cazador hunting alone; ruling R62)"},
		},
		Rules: []string{
			"At least one and at most 4 Cazadores.",
			"Table 4.1: 1 player takes 1 to 3 Companions, 2 players at most 1 each, 3 or 4 players none (unless `table_4_1: false`).",
			"A Cazador's Companions cost at most 2 Renown to enlist, and the Cazador's 10 in all.",
		},
	},
	{
		Key: "member", Title: "Member", Where: []string{"packs.yaml: SLUG.members[N]"},
		Doc: "One model of a pack: a Cazador build, or a Companion belonging to a Cazador member.",
		Fields: []schemaField{
			{Name: "cazador", Kind: vRef, What: "cazador build", Unless: "companion", Allowed: "a slug of cazadores.yaml", Example: "cazador: bow-hunter", Doc: "the build of a Cazador member"},
			{Name: "companion", Kind: vRef, What: "companion type", Unless: "cazador", Allowed: "a slug of companions.yaml", Example: "companion: hound", Doc: "the type of a Companion member"},
			{Name: "loadout", Kind: vInt, Min: 0, Max: 100, Default: "0", Allowed: "an index of the type's `loadouts`", Example: "loadout: 1", Doc: "a Companion's kit"},
			{Name: "of", Kind: vInt, Min: 0, Max: 100, Allowed: "the index of a Cazador member", Default: "required for a Companion", Example: "of: 0", Doc: "the Cazador member a Companion belongs to"},
		},
		Rules: []string{"A member is a `cazador` or a `companion`, not both; `loadout` and `of` apply only to Companions."},
	},
	{
		Key: "objective", Title: "Objective", Where: []string{"objectives.yaml: SLUG"},
		Doc: "An Objective a hunt may be played with (`-objective`): what its success and failure are worth. What each one asks of the Pack is the simulator's (rulings.md).",
		Fields: []schemaField{
			{Name: "name", Kind: vText, Required: true, Example: "name: Rescue", Doc: "its name"},
			{Name: "roll", Kind: vInt, Min: 1, Max: 10, Required: true, Example: "roll: 3", Doc: "the d10 result that picks it at random"},
			{Name: "renown", Kind: vObject, Object: "objective_renown", Required: true, Example: "renown: {success: d10+5, failure: d5, per: hunt}", Doc: "the Renown it gains and loses"},
			{Name: "simulated", Kind: vBool, Default: "true", Example: "simulated: false", Doc: "false: its rules are not simulated; a run asking for it is refused, naming those that are"},
			{Name: "model", Kind: vObject, Object: "objective_model", Default: "none", Example: "model: {name: Captive, wnd: 6}", Doc: "a model the Objective puts on the board"},
		},
	},
	{
		Key: "objective_renown", Title: "Objective renown", Where: []string{"objectives.yaml: SLUG.renown"},
		Doc: "The Renown an Objective is worth, as rolls.",
		Fields: []schemaField{
			{Name: "success", Kind: vDice, Required: true, Example: "success: d10+5", Doc: "gained on success"},
			{Name: "failure", Kind: vDice, Required: true, Example: "failure: d5", Doc: "lost on failure"},
			{Name: "per", Kind: vName, Values: RenownPers, What: "renown count", Default: "hunt", Example: "per: model", Doc: "what a gain or loss counts: `hunt` once, `model` each Pack model (that fled, or that did not), `foe` each Foe left standing"},
		},
	},
	{
		Key: "objective_model", Title: "Objective model", Where: []string{"objectives.yaml: SLUG.model"},
		Doc: "A model an Objective puts on the board.",
		Fields: []schemaField{
			{Name: "name", Kind: vText, Required: true, Example: "name: Captive", Doc: "its name"},
			{Name: "spd", Kind: vInt, Min: 0, Max: 12, Default: "0", Example: "spd: 4", Doc: "SPD"},
			{Name: "prow", Kind: vInt, Min: 0, Max: 12, Default: "0", Example: "prow: 2", Doc: "PROW"},
			{Name: "shrp", Kind: vInt, Min: 0, Max: 12, Default: "0", Example: "shrp: 2", Doc: "SHRP"},
			{Name: "wit", Kind: vInt, Min: 0, Max: 12, Default: "0", Example: "wit: 2", Doc: "WIT"},
			{Name: "res", Kind: vInt, Min: 0, Max: 12, Default: "0", Example: "res: 2", Doc: "RES"},
			{Name: "wnd", Kind: vInt, Min: 0, Max: 200, Required: true, Example: "wnd: 6", Doc: "WND"},
			{Name: "base_mm", Kind: vNumber, Min: 10, Max: 300, Default: "25.4", Example: "base_mm: 32", Doc: "the diameter of its base, in millimetres"},
		},
	},
	{
		Key: "rules", Title: "Rules", Where: []string{"rules.yaml"},
		Doc: "The switches of the simulator's rulings: where the rulebook allows more than one reading and the choice could move a figure. A run sets one with `-set rules.KEY=VALUE`; each ruling is in rulings.md.",
		Fields: []schemaField{
			{Name: "round_cap", Kind: vInt, Min: 1, Max: 1000, Default: "30", Example: "round_cap: 30", Doc: "Rounds before a hunt ends in a stalemate (R7)"},
			{Name: "pass_ticks", Kind: vInt, Min: 1, Max: 2, Default: "1", Example: "pass_ticks: 2", Doc: "Ticks a Pass costs (R1)"},
			{Name: "foe_recover_ticks", Kind: vInt, Min: 0, Max: 4, Default: "0", Example: "foe_recover_ticks: 1", Doc: "Ticks a Foe pays for the Recover it takes in place of its free Move (R3)"},
			{Name: "terror_dt", Kind: vName, Values: TerrorDTs, What: "terror_dt value", Default: "pool", Example: "terror_dt: res", Doc: "the DT of a Terror Attack: `pool` RES plus the Fortitude skill, `skill` the skill, `res` RES (R11)"},
			{Name: "surrounded_counts_self", Kind: vBool, Default: "false", Example: "surrounded_counts_self: true", Doc: "the Surrounded model counts itself among the Friendly models (R37)"},
			{Name: "crit_once_per_turn", Kind: vBool, Default: "true", Example: "crit_once_per_turn: false", Doc: "each Crit ability fires at most once a turn (R16)"},
			{Name: "bleeding_on_zero_move", Kind: vBool, Default: "false", Example: "bleeding_on_zero_move: true", Doc: "Bleeding wounds even after a Move of 0\" (R43)"},
			{Name: "overflow_top", Kind: vName, Values: OverflowTops, What: "overflow_top value", Default: "down", Example: "overflow_top: wrap", Doc: "where WNDs past the highest exhausted hit location go: `down` the next lower, `wrap` the lowest (R26)"},
			{Name: "foe_move", Kind: vName, Values: FoeMoves, What: "foe_move value", Default: "contact", Example: "foe_move: in_range", Doc: "how far a Foe moves toward its target: to base `contact`, or until `in_range` (R33)"},
			{Name: "ammo_limited", Kind: vBool, Default: "true", Example: "ammo_limited: false", Doc: "shooting weapons run out after their Ammo (R41)"},
			{Name: "dangerous_check", Kind: vName, Values: DangerousChecks, What: "dangerous_check value", Default: "first_entry", Example: "dangerous_check: every_entry", Doc: "when Dangerous terrain asks for a Check (R51)"},
			{Name: "natural_ten_always_succeeds", Kind: vBool, Default: "true", Example: "natural_ten_always_succeeds: false", Doc: "a natural 10 is a Success whatever the DT (R12)"},
			{Name: "cover", Kind: vName, Values: CoverModes, What: "cover value", Default: "centre_line", Example: "cover: any_line", Doc: "which lines of sight give Cover: the `centre_line` between the models, or `any_line` between their bases (R39)"},
			{Name: "self_card_ticks", Kind: vInt, Min: 1, Max: 6, Default: "3", Example: "self_card_ticks: 2", Doc: "Ticks of an Adversary card that makes no attack (R22)"},
			{Name: "play_out_round", Kind: vBool, Default: "false", Example: "play_out_round: true", Doc: "the rest of the Round is played after the last Foe falls, though nothing recorded can change (R7)"},
			{Name: "fall_only_unstable", Kind: vBool, Default: "false", Example: "fall_only_unstable: true", Doc: "a model struck on a raised piece falls only from an unstable one (R58)"},
			{Name: "jump_down", Kind: vBool, Default: "false", Example: "jump_down: true", Doc: "a model leaves a raised piece by jumping down (no movement, a fall) in place of climbing down (R58)"},
		},
	},
}

// packFiles are the Pack's files and rules.yaml as -explain and the
// reference name them: the prefix of a path into each, its root object.
var packFiles = []struct{ prefix, root string }{
	{"weapons.", "weapon"},
	{"armour.", "armour"},
	{"gear.", "gear"},
	{"rituals.", "ritual"},
	{"companions.", "companion"},
	{"cazadores.", "cazador"},
	{"packs.", "pack"},
	{"objectives.", "objective"},
	{"rules.", "rules"},
}
