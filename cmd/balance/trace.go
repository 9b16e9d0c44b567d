package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	ai "balance/ai/cazadores"
	"balance/game"
	"balance/game/cazadores"
	"balance/safeio"
	sim "balance/sim/cazadores"
)

// defaultFindLimit is how many hunts -find plays before it gives up, and
// maxFindLimit the most -find-limit allows (some minutes of play).
const (
	defaultFindLimit = 10000
	maxFindLimit     = 10000000
)

type traceOpts struct {
	game      gameFlags
	seed      uint64
	hunt      uint64
	objective string
	policy    policyFlags
	set       multiFlag
	find      string
	findLimit uint64
	json      string
}

func (o *traceOpts) flags(fs *flag.FlagSet) {
	o.game.register(fs, "wandering-son")
	intVar(fs, &o.seed, "seed", 1, "run seed")
	intVar(fs, &o.hunt, "hunt", 0, "hunt index within the run (hunt I of seed S is the hunt a batch run plays for index I); with -find, the first index tried")
	fs.StringVar(&o.objective, "objective", "", "play with an Objective (its slug, or random), as run does")
	o.policy.register(fs, false)
	fs.StringVar(&o.find, "find", "", "play hunts from -hunt on and trace the first with this outcome ("+strings.Join(outcomeNames(), ", ")+")")
	intVar(fs, &o.findLimit, "find-limit", defaultFindLimit, "how many hunts -find plays before it gives up")
	fs.StringVar(&o.json, "json", "", "write the events as JSON Lines to this file (- : to standard output, instead of the text)")
	fs.Var(&o.set, "set", "override a number, as run -set does (repeatable), to replay a hunt of a run that had overrides")
}

func init() {
	register(&command{
		name:    "trace",
		summary: "play one hunt and print it play by play",
		usage:   "[-adversary SLUG|FILE] [-pack NAME] [-scenario NAME] [-seed S] [-hunt I] [-find OUTCOME] [-find-limit N] [-json FILE|-] [-objective SLUG|random] [-pack-ai TIER] [-lookahead-k K] [-lookahead-horizon R] [-set KEY=VALUE]... [-data DIR]",
		long: `trace plays one hunt, the Pack's policy against the Adversary's Decision
Trees, and prints it event by event: deployment; each choice a model makes,
with its target and why, before the moves and Actions it causes; every
Check with its dice; wounds, hit-location cards and Conditions; the state of
every model at the end of each Round. The trace ends when the outcome is
settled (the last Foe falls, or the last of the Pack falls or leaves; the
round cap), with a line that starts with "outcome:". Hunt I of seed S is
always the same hunt, the one a batch run with seed S plays for index I, so
trace replays any hunt of a run.

-find OUTCOME plays hunts -hunt, -hunt+1, ... untraced and traces the first
whose outcome is OUTCOME, saying on standard error which index it found.
The outcomes are those the reports name:
  ` + strings.Join(outcomeNames(), ", ") + `
It gives up after -find-limit hunts (` + fmt.Sprint(defaultFindLimit) + ` by default, at most
` + fmt.Sprint(maxFindLimit) + `).

-json FILE writes the same events as JSON Lines for tools, one object per
line of the text trace; -json - writes them to standard output instead of
the text. docs/cazadores/trace-schema.md describes the objects.

-adversary also takes the path of an Adversary YAML file, so a file being
edited can be played. -pack-ai plays the Pack with another policy tier, as
run -pack-ai does: ` + strings.Join(ai.TierNames(), ", ") + `. -set changes a number as run -set
does: a run whose hunt fails gives the trace command that replays it.`,
		examples: []string{
			"balance trace -adversary wandering-son -seed 1",
			"balance trace -adversary praetorians -pack quartet -hunt 7",
			"balance trace -adversary neonate-wurm -scenario ruins -seed 3",
			"balance trace -adversary wandering-son -pack-ai random -hunt 2",
			"balance trace -adversary creature-wreathed-in-light -find pack_slain",
			"balance trace -adversary neonate-wurm -json -",
		},
		run: runTrace,
	})
	flagsOf["trace"] = func(fs *flag.FlagSet) { new(traceOpts).flags(fs) }
}

// outcomeNames are the outcomes a hunt can end with, as reports name them.
func outcomeNames() []string {
	var names []string
	for o := sim.Unfinished + 1; o < sim.NumOutcomes; o++ {
		names = append(names, o.String())
	}
	return names
}

// outcomeNamed resolves a -find value: an outcome's name, in any case,
// with spaces or hyphens for its underscores ("pack won" as run prints it).
func outcomeNamed(s string) (sim.Outcome, error) {
	norm := strings.NewReplacer(" ", "_", "-", "_").Replace(strings.ToLower(strings.TrimSpace(s)))
	for o := sim.Unfinished + 1; o < sim.NumOutcomes; o++ {
		if o.String() == norm {
			return o, nil
		}
	}
	names := outcomeNames()
	if n := nearest(norm, names); n != "" {
		return 0, usagef("-find %q: no such outcome; did you mean %q? (outcomes: %s)", s, n, strings.Join(names, ", "))
	}
	return 0, usagef("-find %q: no such outcome (outcomes: %s)", s, strings.Join(names, ", "))
}

func runTrace(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o traceOpts
	fs := flag.NewFlagSet("trace", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o.flags(fs)
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	tier, err := o.policy.tier()
	if err != nil {
		return err
	}
	var want sim.Outcome
	if o.find != "" {
		if want, err = outcomeNamed(o.find); err != nil {
			return err
		}
		if o.findLimit < 1 || o.findLimit > maxFindLimit {
			return usagef("-find-limit %d: give a number of hunts from 1 to %d, e.g. %d", o.findLimit, maxFindLimit, defaultFindLimit)
		}
	}
	if err := checkOutputs(reportDir{}, [2]string{"-json", o.json}); err != nil {
		return err
	}
	data, err := cazadores.Game{}.Load(ctx, o.game.data)
	if err != nil {
		return err
	}
	choice := game.Choice{cazadores.OptAdversary: o.game.adversary, cazadores.OptPack: o.game.pack, cazadores.OptScenario: o.game.scenario}
	if o.objective != "" {
		choice[cazadores.OptObjective] = o.objective
	}
	des, err := data.Design(ctx, choice, o.set, o.seed)
	if err != nil {
		return err
	}
	pl, err := des.NewPlayer(tier.Name)
	if err != nil {
		return err
	}
	rec := des.Schema().NewRecord()
	index := o.hunt
	if o.find != "" {
		if index, err = findHunt(ctx, pl, rec, des.Schema(), o.seed, o.hunt, o.findLimit, int(want)-1); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "trace: hunt %d is the first %s of seed %d from hunt %d (%s played)\n",
			index, want, o.seed, o.hunt, plural(int(index-o.hunt+1), "hunt"))
	}

	w := bufio.NewWriter(stdout)
	defer w.Flush()
	var jsonBuf bytes.Buffer
	var text, events io.Writer
	switch {
	case o.json == "":
		text = w
	case safeio.IsStdout(o.json):
		events = w
	default:
		text, events = w, &jsonBuf
	}
	if err := pl.Trace(o.seed, index, rec, text, events); err != nil {
		return err
	}
	if o.json != "" && !safeio.IsStdout(o.json) {
		if err := safeio.WriteFile(o.json, jsonBuf.Bytes(), stdout); err != nil {
			return err
		}
	}
	return w.Flush()
}

// findHunt plays hunts first, first+1, ... untraced, at most limit of them,
// and returns the index of the first whose outcome is want (an index of
// the schema's outcomes).
func findHunt(ctx context.Context, pl game.Player, rec *game.Record, s *game.Schema, seed, first, limit uint64, want int) (uint64, error) {
	seen := make([]int, len(s.Outcomes))
	for k := uint64(0); k < limit; k++ {
		if err := ctx.Err(); err != nil {
			return 0, fmt.Errorf("-find %s: interrupted after %s", s.Outcomes[want].Key, plural(int(k), "hunt"))
		}
		pl.Play(seed, first+k, rec)
		if rec.Outcome == want {
			return first + k, nil
		}
		seen[rec.Outcome]++
	}
	var parts []string
	for o, n := range seen {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", s.Outcomes[o].Key, n))
		}
	}
	return 0, fmt.Errorf("-find %s: none among hunts %d to %d of seed %d (%s played: %s); raise -find-limit or try another -seed",
		s.Outcomes[want].Key, first, first+limit-1, seed, plural(int(limit), "hunt"), strings.Join(parts, ", "))
}

// plural writes n and a noun, plural unless n is 1: "1 tick", "2 ticks".
// Nouns ending in s take "es" ("2 successes").
func plural(n int, noun string) string {
	switch {
	case n == 1:
		return fmt.Sprintf("1 %s", noun)
	case strings.HasSuffix(noun, "s"):
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// words writes a name from the game's vocabulary in words
// ("knocked_down" is "knocked down").
func words(s string) string { return strings.ReplaceAll(s, "_", " ") }
