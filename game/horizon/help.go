package horizon

import (
	"io/fs"
	"slices"

	configs "balance/configs/horizon"
	"balance/game"
)

var (
	_ game.Helper   = Game{}
	_ game.Embedded = Game{}
)

// Files are the game's embedded data, whose hash 'balance version' prints.
func (Game) Files() fs.FS { return configs.Files }

// Help is what the machine hunt adds to a command's help.
func (Game) Help(command string) game.Help {
	h := help[command]
	h.Examples = slices.Clone(h.Examples)
	return h
}

// help is what the machine hunt adds to each command's help: what its
// options and data mean for the command, and examples, which the tests
// run.
var help = map[string]game.Help{
	"analyze": {
		Notes: `The main option is -encounter: every encounter of the data is played by
the default party (-party duo). The parts switched off are the machines'
behaviour cards, each made blank.`,
		Examples: []string{"balance analyze -game horizon -hunts 2000 -skill-hunts 0 -quiet"},
	},
	"run": {
		Notes: `-encounter is an encounter ('balance list -game horizon encounters': its
tiles, terrain, machines and threshold of encounter points), -party a
party of hunters, the Leader first ('balance list -game horizon parties').
The hunters' side is played by -policy random, basic (the default) or
careful; the machines by their behaviour cards. The data is sample data,
not from the source.

The parts switched off, to measure what each does, are the machines'
behaviour cards, each made blank (as -set behaviour.M.N=blank does).`,
		Examples: []string{
			"balance run -game horizon -hunts 20000 -quiet",
			"balance run -game horizon -encounter river_crossing -party trio -hunts 5000 -quiet",
			"balance run -game horizon -set machine.sawtooth.hp=+4 -set rules.stop_vote=all_gone -hunts 5000 -quiet",
		},
	},
	"compare": {
		Notes: `A and B are encounters; -party applies to both.`,
		Examples: []string{
			"balance compare -game horizon -set component.sawtooth.A.tear=7 -hunts 5000 -quiet",
			"balance compare -game horizon sawtooth_lair shell_walker_pass -hunts 3000 -quiet",
		},
	},
	"list": {
		Notes: `The kinds of entry: encounters, parties, hunters, machines, dice (the
colours; 'balance odds -game horizon -dice 1orange,1blue,1black -json'
prints their faces), cards, weapons, armour, misc, modifications, tiles
and rules (the switches of the rulings, with their values).`,
		Examples: []string{
			"balance list -game horizon encounters",
			"balance list -game horizon machines",
			"balance list -game horizon rules",
		},
	},
	"sweep": {
		Notes: `Every numeric -set key can be swept ('balance list -game horizon keys').`,
		Examples: []string{
			"balance sweep -game horizon -param machine.sawtooth.armour=1..4 -hunts 3000 -quiet",
			"balance sweep -game horizon -param hunter.carja_warrior.hand_size=4..6 -param encounter.threshold=8,12 -hunts 2000 -quiet",
		},
	},
	"tune": {
		Notes: `The levers searched by default are the encounter's threshold, each
machine's HP and armour and each hunter's hand size.`,
		Examples: []string{
			"balance tune -game horizon -param machine.sawtooth.armour=1..4 -target win=0.4..0.6 -hunts 2000 -quiet",
		},
	},
	"sensitivity": {
		Notes: `The levers: the encounter's threshold, each machine's HP and armour,
each hunter's hand size.`,
		Examples: []string{"balance sensitivity -game horizon -hunts 2000 -quiet"},
	},
	"skill": {
		Notes:    `The tiers, weakest first: random, basic and careful.`,
		Examples: []string{"balance skill -game horizon -hunts 2000 -quiet"},
	},
	"baseline": {
		Examples: []string{"balance baseline -game horizon -hunts 2000 -out horizon-baseline.json -quiet"},
	},
	"trace": {
		Notes: `Every roll is printed with its dice and its target, every decision of the
hunters' policy with its reason, each behaviour card with its question's
answer; the last line is the outcome, in hunter turns and rounds (the
reports count rounds). -json writes the same events as JSON Lines: their
fields are in docs/horizon/trace.md.`,
		Examples: []string{
			"balance trace -game horizon",
			"balance trace -game horizon -encounter watcher_ridge -party quartet -seed 3 -hunt 12",
			"balance trace -game horizon -find fail_faints -json -",
		},
	},
	"merge": {
		Examples: []string{
			"balance run -game horizon -hunts 4000 -shards 2 -shard 0 -tally reports/shards/horizon-0.json -quiet",
			"balance run -game horizon -hunts 4000 -shards 2 -shard 1 -tally reports/shards/horizon-1.json -quiet",
			"balance merge reports/shards/horizon-0.json reports/shards/horizon-1.json -out reports/latest/horizon-merged",
		},
	},
	"validate": {
		Notes: `FILE is one of the game's YAML files (configs/horizon/), read over the
embedded data: every problem with its file, line and column.`,
		Examples: []string{
			"balance validate -game horizon",
			"balance validate -game horizon configs/horizon/machines.yaml configs/horizon/cards.yaml",
		},
	},
	"odds": {
		Notes: `-dice is a roll by colour (2orange,1black): the exact law of its pips and
crits from the dice faces in the data, and with -armour A of the damage
past armour (-crit N: each crit adds N).`,
		Examples: []string{
			"balance odds -game horizon -dice 2orange,1black",
			"balance odds -game horizon -dice 1orange,2blue -armour 2 -json",
		},
	},
}
