package crims

import (
	"slices"

	"balance/game"
)

var _ game.Helper = Game{}

// help is what the game adds to each command's help: what its options
// and data mean for the command, and examples, which the tests run.
var help = map[string]game.Help{
	"analyze": {
		Notes: `The main option is -encounter: every encounter of the data is played
with its own hunters. The parts switched off are each Control Card and
each Event Card, made blank.`,
		Examples: []string{"balance analyze -game crims -hunts 2000 -skill-hunts 0 -quiet"},
	},
	"run": {
		Notes: `-encounter is an encounter ('balance list -game crims encounters': its
hunters, zone, Control Deck and Event deck); -hunters a,b,c plays those
builds in seat order instead of the encounter's ('balance list -game crims
hunters'; a build taken twice is the side a_2). Every hunter is a side: the
report gives each one's win share (most points), points, eliminations,
Wounds and incapacitations, each attack's use, hits and Wounds, each crim
profile's fate and the crims' threat. -set takes the keys of 'balance list
-game crims keys' (ranges in docs/crims/data.md).

The parts switched off, to measure what each does, are each Control Card
and each Event Card, made blank (as -set control.N=blank and
event.N=blank do).`,
		Examples: []string{
			"balance run -game crims -hunts 20000 -quiet",
			"balance run -game crims -hunters bruiser,marksman -hunts 5000 -seed 7 -quiet",
			"balance run -game crims -set hunter.bruiser.fight=+1 -set crim.brute.wounds=6 -hunts 5000 -quiet",
			"balance run -game crims -policy random -hunts 2000 -card-hunts 0 -quiet",
			"balance run -game crims -set rules.seating=fixed -hunts 2000 -card-hunts 0 -quiet",
		},
	},
	"compare": {
		Notes: `A and B are encounters; -hunters applies to both.`,
		Examples: []string{
			"balance compare -game crims -set hunter.marksman.shoot=-1 -hunts 5000 -quiet",
			"balance compare -game crims -set rules.tie_break=none -hunts 5000 -quiet",
		},
	},
	"list": {
		Notes: `The kinds of entry: encounters, hunters (builds), crims (profiles),
zones, controls (Control Decks) and events (Event decks).`,
		Examples: []string{
			"balance list -game crims encounters",
			"balance list -game crims hunters",
			"balance list -game crims keys",
		},
	},
	"odds": {
		Notes: `-pool N -threshold T gives a check of N dice (the Impact Die among
them): the distribution of its successes after the Impact Die and
P(success) = P(successes >= T). -impact double (the default) counts an
Impact 10 as two successes, single as one (the roller takes another
option). -damage W -armor A gives instead the Wound Tokens a Damage check
of W dice deals to a crim of Armor A, the roller choosing the downgrades.
Fractions are exact where they are short. -json prints one object with
p_success (a check) and distribution (P(0), P(1), ...), with the fractions
beside.`,
		Examples: []string{
			"balance odds -game crims -pool 4 -threshold 2",
			"balance odds -game crims -pool 3 -threshold 2 -impact single -json",
			"balance odds -game crims -damage 3 -armor 1",
		},
	},
	"baseline": {
		Notes: `The tracked figures are every hunter's win share and outcome, points,
eliminations, Wounds, incapacitations and Momentum, the crims' threat
(the Wound Tokens they dealt, the crims left) and the winner's points.`,
		Examples: []string{"balance baseline -game crims -hunts 5000 -out reports/baselines/crims-baseline.json -quiet"},
	},
	"regress": {
		Examples: []string{
			"balance baseline -game crims -hunts 5000 -out reports/baselines/crims-baseline.json -quiet",
			"balance regress -game crims -baseline reports/baselines/crims-baseline.json -quiet",
		},
	},
	"sensitivity": {
		Notes: `The levers are each build's attributes, Wound Maximum and Armor, and
each crim profile's Defense, Fight and Wounds.`,
		Examples: []string{"balance sensitivity -game crims -hunts 1000 -quiet"},
	},
	"skill": {
		Notes: `Every hunter is played by the tier; the tiers are random and basic.
The winner's points show the skill better than one hunter's win share,
which every tier shares out among hunters of the same skill.`,
		Examples: []string{"balance skill -game crims -hunts 2000 -quiet"},
	},
	"sweep": {
		Notes: `-param takes the numeric keys of 'balance list -game crims keys': a
build's attributes (hunter.BUILD.fight), a crim profile's numbers
(crim.PROFILE.wounds), an attack's damage.`,
		Examples: []string{
			"balance sweep -game crims -param hunter.bruiser.fight=4..7 -hunts 2000 -quiet",
			"balance sweep -game crims -param crim.brute.wounds=-1,+0,+1 -hunts 1000 -quiet",
		},
	},
	"trace": {
		Notes: `A match is traced play by play: every Control Card, every check with
its dice, Impact Die and Threshold, every move, wound and elimination,
every crim action and hunter choice with its reason. docs/crims/data.md
(Traces) describes the objects -json writes.`,
		Examples: []string{
			"balance trace -game crims",
			"balance trace -game crims -hunters runner,enforcer -hunt 4",
			"balance trace -game crims -find tie",
			"balance trace -game crims -json -",
		},
	},
	"tune": {
		Notes: `win is the first hunter's win share; the headline figures are
crim_wounds (the Wound Tokens crims dealt), crims_left and winning_points.`,
		Examples: []string{
			"balance tune -game crims -param hunter.bruiser.fight=3..9 -target win=0.22..0.28 -hunts 2000 -quiet",
		},
	},
	"merge": {
		Examples: []string{
			"balance run -game crims -hunts 4000 -shards 2 -shard 0 -tally reports/shards/crims-0.json -quiet",
			"balance run -game crims -hunts 4000 -shards 2 -shard 1 -tally reports/shards/crims-1.json -quiet",
			"balance merge reports/shards/crims-0.json reports/shards/crims-1.json -out reports/latest/crims-merged",
		},
	},
	"validate": {
		Notes: `With no FILE, every encounter is compiled. A FILE's kind is told by its
name (hunters.yaml, crims.yaml, zones.yaml, control.yaml, events.yaml,
encounters.yaml, rules.yaml); it is loaded over the embedded data and
every encounter compiled.`,
		Examples: []string{
			"balance validate -game crims configs/crims/hunters.yaml",
			"balance validate -game crims -data configs/crims",
		},
	},
}

// Help is what the game adds to the help of a command.
func (Game) Help(command string) game.Help {
	h := help[command]
	h.Examples = slices.Clone(h.Examples)
	return h
}
