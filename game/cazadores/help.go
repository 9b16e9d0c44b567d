package cazadores

import (
	"slices"

	"balance/game"
)

var _ game.Helper = Game{}

// help is what Cazadores adds to each command's help: what its options
// and data mean for the command, and examples, which the tests run.
var help = map[string]game.Help{
	"analyze": {
		Notes: `The main option is -adversary: every Adversary of the data is played,
against the default two-player Pack on open ground. The parts switched
off are each Adversary action entry and each hit location's exhaustion
effect, made blank. -pack-ai is -policy.`,
		Examples: []string{"balance analyze -hunts 2000 -pack-ai random -skill-hunts 0 -quiet"},
	},
	"run": {
		Notes: `-adversary is a slug ('balance list adversaries') or the path of an
Adversary YAML file; -pack a Pack ('balance list packs'); -scenario the
map ('balance list scenarios'); -objective an Objective's slug ('balance
list objectives'), or random: a d10 roll from the seed. -pack-ai is
-policy; -lookahead-k and -lookahead-horizon set the lookahead tier.

-set adversary.wnd changes the Adversary's total WNDs, which are the sum
of its hit locations': the change is spread one WND at a time over the
locations, the one hit by the lowest cards first (+1 adds a WND to that
location alone, as adversary.location.NAME.wnd=+1 would);
adversary.location.NAME.wnd changes one location.

The parts switched off, to measure what each does, are each Adversary
action entry and each hit location's exhaustion effect, made blank (as
-set adversary.actions.RANK=blank, adversary.special.RANK=blank and
adversary.location.NAME=blank do).`,
		Examples: []string{
			"balance run -adversary wandering-son -hunts 20000 -quiet",
			"balance run -adversary praetorians -pack quartet -hunts 5000 -seed 7 -quiet",
			"balance run -adversary neonate-wurm -set adversary.def=8 -set adversary.wnd=+5 -hunts 5000 -quiet",
			"balance run -adversary creature-wreathed-in-light -target-error 0.01 -quiet",
			"balance run -adversary praetorians -pack-ai lookahead -lookahead-k 4 -lookahead-horizon 2 -hunts 200 -quiet",
			"balance run -adversary wandering-son -pack-ai random -hunts 2000 -quiet",
			"balance run -adversary wandering-son -set adversary.actions.ace=blank -hunts 2000 -card-hunts 0 -quiet",
		},
	},
	"compare": {
		Notes: `A and B are Adversaries: slugs or paths of Adversary YAML files;
-pack, -scenario and -objective apply to both.`,
		Examples: []string{
			"balance compare wandering-son -set adversary.def=7 -hunts 5000 -quiet",
			"balance compare neonate-wurm -set adversary.wnd=+5 -hunts 5000 -quiet",
			"balance compare wandering-son neonate-wurm -hunts 3000 -quiet",
		},
	},
	"list": {
		Notes: `The kinds of entry: adversaries, packs, scenarios (the maps),
objectives, and the parts a Pack is built from: cazadores, companions,
weapons, armour, gear and rituals.`,
		Examples: []string{
			"balance list adversaries",
			"balance list packs",
			"balance list -data configs/cazadores scenarios",
		},
	},
	"map": {
		Notes: `A map is a scenario ('balance list scenarios'); -adversary and -pack
choose who is deployed.`,
		Examples: []string{
			"balance map lair -out reports/maps/lair.png",
			"balance map ruins -adversary praetorians -pack quartet -seed 3 -out reports/maps/ruins.svg",
		},
	},
	"odds": {
		Notes: `-pool N -dt D [-adv | -dis] gives a Check: for k = 0..pool, P(S = k)
and P(S >= k) for the number of Successes S; the distribution of the
number of Criticals; P(at least one success), which is the chance the
Check succeeds; and the mean number of Successes. Text output rounds to 6
decimals. -adv and -dis together cancel, as Advantage and Disadvantage do.
-json prints one object with the keys pool, dt, advantage ("normal",
"advantage" or "disadvantage"), p_at_least_one, mean_successes,
distribution (P(S = 0), P(S = 1), ...), at_least (P(S >= 0), P(S >= 1), ...)
and criticals (P(C = 0), P(C = 1), ...).`,
		Examples: []string{
			"balance odds -pool 6 -dt 6",
			"balance odds -pool 8 -dt 4 -adv",
			"balance odds -pool 3 -dt 6 -dis -json",
		},
	},
	"baseline": {
		Notes: `The tracked figures are the win rates, the outcomes, the hunt length,
the Adversary defeated, the WNDs dealt and taken, the deaths, and each
Pack model's and hit location's figures.`,
		Examples: []string{"balance baseline -adversary wandering-son -hunts 5000 -out reports/baselines/baseline.json -quiet"},
	},
	"regress": {
		Examples: []string{
			"balance baseline -adversary neonate-wurm -hunts 5000 -out reports/baselines/wurm-baseline.json -quiet",
			"balance regress -baseline reports/baselines/wurm-baseline.json -quiet",
			"balance regress -baseline reports/baselines/wurm-baseline.json -seed 99 -quiet",
		},
	},
	"sensitivity": {
		Notes: `The levers are the Adversary's SPD, ATK, RNG, DEF, TER and WND, and the
WNDs of each hit location.`,
		Examples: []string{
			"balance sensitivity -adversary wandering-son -hunts 2000 -quiet",
			"balance sensitivity -adversary creature-wreathed-in-light -step -1 -hunts 1000 -quiet",
		},
	},
	"skill": {
		Notes: `-lookahead-k and -lookahead-horizon set the lookahead tier; -pack-ai
all is -policy all.`,
		Examples: []string{
			"balance skill -adversary wandering-son -hunts 2000 -quiet",
			"balance skill -adversary praetorians -pack quartet -hunts 2000 -seed 7 -quiet",
			"balance run -adversary neonate-wurm -pack-ai all -hunts 2000 -quiet",
		},
	},
	"sweep": {
		Notes: `-param takes the keys of 'balance list keys': the Adversary's stats
(adversary.def, adversary.wnd, ...), the WNDs of its hit locations, the
rules' switches.`,
		Examples: []string{
			"balance sweep -adversary wandering-son -param adversary.def=4..7 -hunts 2000 -quiet",
			"balance sweep -adversary neonate-wurm -param adversary.wnd=-2,+0,+2 -param adversary.atk=4..5 -hunts 1000 -quiet",
		},
	},
	"trace": {
		Notes: `docs/cazadores/trace-schema.md describes the objects -json writes.`,
		Examples: []string{
			"balance trace -adversary wandering-son -seed 1",
			"balance trace -adversary praetorians -pack quartet -hunt 7",
			"balance trace -adversary neonate-wurm -scenario ruins -seed 3",
			"balance trace -adversary wandering-son -pack-ai random -hunt 2",
			"balance trace -adversary creature-wreathed-in-light -find pack_slain",
			"balance trace -adversary neonate-wurm -json -",
		},
	},
	"tune": {
		Notes: `The headline figures are pack_wounds, the WNDs the Pack took per hunt,
and pack_deaths, its models dead per hunt. Without a range, -param
searches WND from half its value upwards (64 values) and the other stats
from 0 to 12.`,
		Examples: []string{
			"balance tune -adversary creature-wreathed-in-light -param adversary.def=4..9 -target win=0.45..0.55 -hunts 2000 -quiet",
			"balance tune -adversary wandering-son -param adversary.wnd -target win=0.45..0.55 -hunts 1000 -quiet",
		},
	},
	"validate": {
		Notes: `With no FILE, every Adversary is compiled against every pack on every
scenario. A FILE's kind is told by its parent directory (adversaries/ or
scenarios/), else by its name (weapons.yaml, packs.yaml, ...), else by its
content, so a copy of an Adversary file anywhere is checked as one; an
Adversary file is then also compiled against every pack on every
scenario, and every Adversary and pack on a scenario file (a board too
small for the models is refused at its size). -explain FIELD prints the entry of a field of an Adversary file
(stats.wnd, actions.range, minions), of a scenario file
(scenario.terrain.height), of a Pack file or rules.yaml (weapons.pow,
cazadores.skills.hunt, rules.cover) or of an effect op (push), as
docs/cazadores/adversary-schema.md, scenario-schema.md and pack-schema.md
give it.`,
		Examples: []string{
			"balance validate configs/cazadores/adversaries/wandering-son.yaml",
			"balance validate -explain stats.wnd",
			"balance validate -explain scenario.terrain.height",
			"balance validate -explain weapons.attack_ticks",
			"balance validate configs/cazadores/packs.yaml configs/cazadores/adversaries/praetorians.yaml",
			"balance validate -data configs/cazadores",
		},
	},
}

// Help is what Cazadores adds to the help of a command.
func (Game) Help(command string) game.Help {
	h := help[command]
	h.Examples = slices.Clone(h.Examples)
	return h
}
