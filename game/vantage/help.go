package vantage

import (
	"slices"

	"balance/game"
)

var _ game.Helper = Game{}

// help is what Vantage adds to each command's help: what its options and
// data mean for the command, and examples, which the tests run.
var help = map[string]game.Help{
	"analyze": {
		Notes: `The main option is -players: every party of the data plays against
the raider on the glade. The parts switched off are the parts of the
rules page (no counter-vantage, no Evade, ...), each a rules: key.`,
		Examples: []string{"balance analyze -game vantage -hunts 2000 -skill-hunts 500 -card-hunts 200 -quiet"},
	},
	"run": {
		Notes: `A hunt is one duel, counted in rounds. -players and -enemies are
parties ('balance list -game vantage parties'), -map a map; -policy the
players' tier (the enemies are played by basic). The parts switched off,
to measure what each does, are the parts of the rules page, one at a
time (as -set rules.counter_vantage=false does).`,
		Examples: []string{
			"balance run -game vantage -hunts 20000 -quiet",
			"balance run -game vantage -players pair -enemies raiders -map ford -hunts 5000 -quiet",
			"balance run -game vantage -set builds.archer.hp=+2 -set rules.evade_guard=until_next_turn -hunts 5000 -quiet",
		},
	},
	"compare": {
		Notes: `A and B are the players' parties ('balance list -game vantage
parties'); -enemies and -map apply to both.`,
		Examples: []string{
			"balance compare -game vantage -set rules.counter_vantage=false -hunts 5000 -quiet",
			"balance compare -game vantage archer evader -hunts 5000 -quiet",
			"balance compare -game vantage -players evader -set rules.evade=false -hunts 5000 -quiet",
		},
	},
	"list": {
		Notes: `The kinds of entry: builds, parties and maps.`,
		Examples: []string{
			"balance list -game vantage parties",
			"balance list -game vantage keys",
		},
	},
	"map": {
		Notes: `A map is an entry of maps.yaml ('balance list -game vantage maps');
-players and -enemies choose who stands on the starting hexes. Every duel
starts there, so -seed and -hunt change nothing.`,
		Examples: []string{
			"balance map -game vantage glade -out reports/maps/glade.png",
			"balance map -game vantage ford -players pair -enemies raiders -out reports/maps/ford.svg",
		},
	},
	"odds": {
		Notes: `-stat S (or S1,S2,... for a party) gives the roll of the rules
(roll_dice dice of roll_sides faces, a success when the sum is at most the
stat): the distribution of the sum, the chance of success, the mean action
points it takes to gain vantage, the chance a party gains vantage within
k = 1..-k points, the chance of gaining vantage and attacking in one turn,
and the chance of gaining vantage on an enemy who has just evaded. -data
reads the roll and the action points from a data directory's rules.yaml.
-json prints one object with the keys dice, sides, distribution, stats,
chance, expected_ap, action_points, within, gain_and_attack, evade_blocks
and gain_on_evader.`,
		Examples: []string{
			"balance odds -game vantage -stat 12",
			"balance odds -game vantage -stat 15,11 -k 4 -json",
		},
	},
	"baseline": {
		Notes: `The tracked figures are the win rates, the outcomes, the duel's length,
and each fighter's attempts and gains of each tactic, counters, attacks,
damage, HP left and when it went down.`,
		Examples: []string{"balance baseline -game vantage -hunts 5000 -out reports/baselines/vantage-baseline.json -quiet"},
	},
	"regress": {
		Examples: []string{
			"balance baseline -game vantage -players duellist -hunts 5000 -out reports/baselines/duellist-baseline.json -quiet",
			"balance regress -baseline reports/baselines/duellist-baseline.json -quiet",
		},
	},
	"sensitivity": {
		Notes: `The levers are the numbers of the players' builds: each stat, the HP,
the ranged weapon's range and damage and the melee damage.`,
		Examples: []string{"balance sensitivity -game vantage -players evader -hunts 2000 -quiet"},
	},
	"skill": {
		Notes:    `The tiers play the players' side; the enemies are played by basic.`,
		Examples: []string{"balance skill -game vantage -players duellist -hunts 2000 -quiet"},
	},
	"sweep": {
		Notes: `-param takes the keys of 'balance list -game vantage keys': a build's
numbers (builds.archer.perception, ...) and the rules' numbers
(rules.action_points, rules.round_cap, ...).`,
		Examples: []string{"balance sweep -game vantage -param builds.archer.perception=12..16 -param rules.action_points=2,3 -hunts 1000 -quiet"},
	},
	"trace": {
		Notes: `docs/vantage/trace.md describes the lines and the JSON Lines events.`,
		Examples: []string{
			"balance trace -game vantage",
			"balance trace -game vantage -players pair -enemies raiders -map ford -hunt 3",
			"balance trace -game vantage -find players_won -json -",
		},
	},
	"tune": {
		Notes: `The headline figures are players_hp_lost and enemies_hp_lost, the HP
each side lost per duel. Without a range, -param searches the range the
lever gives (a stat 0..20, the HP up to three times its value, ...).`,
		Examples: []string{"balance tune -game vantage -param builds.archer.hp=8..14 -target win:players=0.45..0.55 -hunts 2000 -quiet"},
	},
	"merge": {
		Examples: []string{
			"balance run -game vantage -hunts 4000 -shards 2 -shard 0 -tally reports/shards/vantage-0.json -quiet",
			"balance run -game vantage -hunts 4000 -shards 2 -shard 1 -tally reports/shards/vantage-1.json -quiet",
			"balance merge reports/shards/vantage-0.json reports/shards/vantage-1.json -out reports/latest/vantage-merged",
		},
	},
	"validate": {
		Notes: `With no FILE, every party is compiled against every party on every
map. A FILE's kind is told by its one top-level key (rules, builds,
parties or maps); it is checked loaded over the embedded data, and every
duel is then compiled.`,
		Examples: []string{
			"balance validate -game vantage configs/vantage/builds.yaml",
			"balance validate -game vantage -data configs/vantage",
		},
	},
}

// Help is what Vantage adds to the help of a command.
func (Game) Help(command string) game.Help {
	h := help[command]
	h.Examples = slices.Clone(h.Examples)
	return h
}
