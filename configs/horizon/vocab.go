package horizon

// Term is one word of a vocabulary of the data: its key as the YAML
// writes it and what it means. The loader reads these tables, and a test
// checks that docs/horizon/data.md describes every entry.
type Term struct {
	Key, Doc string
}

// Sections are the top-level keys of a data file.
var Sections = []Term{
	{"dice", "the dice: for each colour, its faces (each equally likely) and how many the box holds"},
	{"machines", "the machines' data cards, with their components and behaviour cards"},
	{"weapons", "weapon cards"},
	{"armour", "armour cards"},
	{"misc", "miscellaneous equipment cards (passive effects)"},
	{"modifications", "coils (weapons) and weaves (armour)"},
	{"cards", "action-deck cards: ammunition, abilities, interrupts, stamina"},
	{"hunters", "the hunters: profile, trait, equipment, modifications and action deck"},
	{"tiles", "encounter tiles, both sides, square by square"},
	{"encounters", "encounters as tracking cards give them: layout, terrain, spawns, threshold, bonus salvage"},
	{"parties", "the hunting parties a design can choose"},
	{"rules", "the readings of the rulebook (see [rulings.md](rulings.md))"},
}

// AttackEffects are the effects a critical-hit option, an AOE profile or
// an ammunition or ability card lists for a hunter's attack.
var AttackEffects = []Term{
	{"fire", "the target suffers the Fire condition (when it suffers damage)"},
	{"freeze", "the target suffers the Freeze condition (when it suffers damage)"},
	{"shock", "the target suffers the Shock condition (when it suffers damage)"},
	{"push", "the target may be pushed into an adjacent square"},
	{"dodge", "the hunter may move 1 square"},
}

// EnemyEffects are the effects an enemy attack lists.
var EnemyEffects = []Term{
	{"fire", "the hunter suffers the Fire condition (when it suffers damage)"},
	{"freeze", "the hunter suffers the Freeze condition (when it suffers damage)"},
	{"shock", "the hunter suffers the Shock condition (when it suffers damage)"},
	{"push", "the hunter is pushed 1 square away from the enemy, into a square the next player chooses"},
}

// Questions are the questions a behaviour card may ask.
var Questions = []Term{
	{"hunter_within", "N: is a standing hunter within N squares?"},
	{"non_alert_enemy_within", "N: is another, non-alert enemy within N squares?"},
	{"enemy_within", "N: is another enemy within N squares?"},
	{"component_destroyed", "LETTER: is that component of this enemy destroyed?"},
	{"wounded", "N: has this enemy taken N damage or more?"},
}

// EnemyActions are the actions of a behaviour card's boxes.
var EnemyActions = []Term{
	{"move_towards_hunter", "N: move N squares towards the closest hunter (not when already in a hunter's square)"},
	{"move_towards_non_alert_enemy", "N: move N squares towards the closest non-alert enemy"},
	{"move_towards_enemy", "N: move N squares towards the closest other enemy"},
	{"move_away", "N: move up to N squares away from the hunters"},
	{"nearest_board_edge", "N: move up to N squares towards the nearest edge of the playing area, stopping on it"},
	{"melee", "{range, damage, effects, aoe}: a melee attack on a hunter within range"},
	{"ranged", "{range, damage, effects, aoe}: a ranged attack on the closest hunter in range"},
	{"pulse", "{range, damage, effects, aoe}: an attack on every hunter within range"},
	{"alert", "N: special: every non-alert enemy within N squares becomes alert"},
	{"repair", "N: special: the enemy removes N damage"},
}

// Passives are the effects of a trait or a miscellaneous item.
var Passives = []Term{
	{"hand_size", "N: the hand size grows by N"},
	{"stealth", "N: attacks on non-alert enemies deal N more damage"},
	{"evade", "{COLOUR: N}: dice added to every evade roll"},
	{"melee_dice", "{COLOUR: N}: dice added to every melee attack"},
	{"ranged_dice", "{COLOUR: N}: dice added to every ranged attack"},
	{"immune", "[CONDITION, ...]: conditions the hunter cannot suffer"},
}

// CardKinds are the kinds of action-deck cards.
var CardKinds = []Term{
	{"ammunition", "played with a weapon whose symbols it matches; adds dice, crits, damage, conditions; a trap card (trap: true) is placed instead"},
	{"ability", "added to an attack (one per attack); adds dice, crits, damage, an AOE, rerolls or a free action"},
	{"interrupt", "played when its event occurs (when:), not while Shocked"},
	{"stamina", "no use but to be discarded as damage"},
}

// Triggers are the events an interrupt card answers.
var Triggers = []Term{
	{"any_time", "no event: played at the start of the hunter's activation or when it is attacked"},
	{"attacked", "an enemy attack targets the hunter, before the evade roll"},
	{"inflicted", "the hunter has just inflicted a condition on an enemy"},
}

func keys(ts []Term) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Key
	}
	return out
}
