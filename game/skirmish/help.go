package skirmish

import (
	"slices"

	"balance/game"
)

var _ game.Helper = Game{}

// options says what the game's options mean, for every command that
// plays battles.
const options = `-a and -b are the two warbands ('balance list warbands'), each a name or
the path of a warband file; -scenario the table, its terrain, loot and
creatures ('balance list scenarios'). -policy is a tier for warband A
(B plays basic), or TIER/TIER for both ('balance list policies').`

// help is what the skirmish game adds to each command's help: what its
// options and data mean for the command, and examples, which the tests
// run.
var help = map[string]game.Help{
	"run": {
		Notes: options + `

The parts switched off, to measure what each does, are each creature of
the scenario (-set scenario.creature.N=off), each gun, thrown weapon or
flame thrower a figure carries (-set a.FIGURE.drop=WEAPON) and each
figure's powers (-set a.FIGURE.powers=none). The keys of -set are
listed below.`,
		Examples: []string{
			"balance run -game skirmish -hunts 5000 -quiet",
			"balance run -game skirmish -b shooting-crew -set rules.melee_tie=reroll -hunts 2000 -quiet",
		},
	},
	"compare": {
		Notes: options + ` With one design named by -set, A is the data
and B the data with the overrides; the paired change follows the first
warband's win rate, the length and the loot each warband scores.`,
		Examples: []string{"balance compare -game skirmish -set a.bonus.shoot=+1 -hunts 2000 -quiet"},
	},
	"sweep": {
		Notes: options + ` A warband-wide bonus (a.bonus.STAT, b.bonus.STAT)
or one figure's stat (a.FIGURE.STAT) sweeps as any number does.`,
		Examples: []string{"balance sweep -game skirmish -param a.bonus.shoot=-1..1 -hunts 1000 -quiet"},
	},
	"tune": {
		Notes: options + ` The levers are the warband-wide bonuses to each
stat, -3..3.`,
		Examples: []string{"balance tune -game skirmish -param b.bonus.fight -target win=0.45..0.55 -hunts 1000 -quiet"},
	},
	"sensitivity": {
		Notes: options + ` Each lever is a warband-wide bonus (+1) to one stat.`,
	},
	"skill": {
		Notes:    options + ` The tiers play warband A; B plays basic.`,
		Examples: []string{"balance skill -game skirmish -hunts 1000 -quiet"},
	},
	"trace": {
		Notes: options + ` Every roll is told with its dice and totals; a
figure's decisions with their reason. docs/skirmish/trace.md describes the
lines and the JSON Lines events.`,
		Examples: []string{"balance trace -game skirmish -hunt 3"},
	},
	"merge": {
		Examples: []string{
			"balance run -game skirmish -hunts 4000 -shards 2 -shard 0 -tally reports/shards/skirmish-0.json -quiet",
			"balance run -game skirmish -hunts 4000 -shards 2 -shard 1 -tally reports/shards/skirmish-1.json -quiet",
			"balance merge reports/shards/skirmish-0.json reports/shards/skirmish-1.json -out reports/latest/skirmish-merged",
		},
	},
	"validate": {
		Notes: `A FILE's kind is told by its name (rules.yaml, weapons.yaml,
creatures.yaml) or its directory (warbands/, scenarios/); elsewhere, by
its content (figures: makes a warband, table: a scenario). With no FILE,
every warband is compiled against every other on every scenario.`,
		Examples: []string{"balance validate -game skirmish"},
	},
	"odds": {
		Notes: `-attack A -defend D: an opposed roll of d20 + A against d20 + D
(the attacker wins on a higher total; a tie is a tie, whatever the
melee_tie rule then does); with -damage M -armour R, the damage the
attack deals (total + M − R, a lost or tied roll 0; -crit doubles it on a
natural 20, -jam makes a natural 1 a miss). -tn N -stat S: a roll of
d20 + S against the target number N.`,
		Examples: []string{
			"balance odds -game skirmish -attack 3 -defend 1",
			"balance odds -game skirmish -attack 2 -defend 0 -damage 1 -armour 10 -json",
			"balance odds -game skirmish -tn 12 -stat 2",
		},
	},
	"list": {
		Notes:    `The kinds of entry: warbands, scenarios, creatures and weapons.`,
		Examples: []string{"balance list -game skirmish warbands"},
	},
}

// Help is what the game adds to the help of command.
func (Game) Help(command string) game.Help {
	h := help[command]
	h.Examples = slices.Clone(h.Examples)
	return h
}
