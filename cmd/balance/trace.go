package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"

	"balance/game"
	"balance/safeio"
	"balance/workflow"
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
	find      string
	findLimit uint64
	json      string
}

func (o *traceOpts) flags(fs *flag.FlagSet, g game.Game) {
	o.game.register(fs, g, withOptions|withSet|withPolicy, "override a number, as run -set does (repeatable), to replay a hunt of a run that had overrides", false)
	intVar(fs, &o.seed, "seed", 1, "run seed")
	intVar(fs, &o.hunt, "hunt", 0, "hunt index within the run (hunt I of seed S is the hunt a batch run plays for index I); with -find, the first index tried")
	fs.StringVar(&o.find, "find", "", "play hunts from -hunt on and trace the first with this outcome (see 'balance list outcomes')")
	intVar(fs, &o.findLimit, "find-limit", defaultFindLimit, "how many hunts -find plays before it gives up")
	fs.StringVar(&o.json, "json", "", "write the events as JSON Lines to this file (- : to standard output, instead of the text)")
}

func init() {
	register(&command{
		name:    "trace",
		summary: "play one hunt and print it play by play",
		usage:   "[-game NAME] [GAME OPTIONS] [-seed S] [-hunt I] [-find OUTCOME] [-find-limit N] [-json FILE|-] [-policy TIER] [-set KEY=VALUE]... [-data DIR]",
		long: `trace plays one hunt of the design the game's options choose and prints it
event by event, as the game tells it: every roll with its dice and target,
every decision with its reason, ending with a line that starts with
"outcome:". Hunt I of seed S is always the same hunt, the one a batch run
with seed S plays for index I, so trace replays any hunt of a run.

-find OUTCOME plays hunts -hunt, -hunt+1, ... untraced and traces the first
whose outcome is OUTCOME, saying on standard error which index it found.
The outcomes are those the reports name ('balance list outcomes'). It
gives up after -find-limit hunts (` + fmt.Sprint(defaultFindLimit) + ` by default, at most
` + fmt.Sprint(maxFindLimit) + `).

-json FILE writes the same events as JSON Lines for tools, one object per
line of the text trace; -json - writes them to standard output instead of
the text. The game's notes below say where its objects are described.

-policy plays the players' side with another policy tier, as run -policy
does. -set changes a number as run -set does: a run whose hunt fails gives
the trace command that replays it.`,
		examples: []string{
			"balance trace -seed 1",
			"balance trace -policy random -hunt 2",
			"balance trace -json -",
		},
		run: runTrace,
	})
	flagsOf["trace"] = func(fs *flag.FlagSet, g game.Game) { new(traceOpts).flags(fs, g) }
}

func runTrace(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o traceOpts
	if _, err := parseGame("trace", args, false, o.flags); err != nil {
		return err
	}
	if o.find != "" && (o.findLimit < 1 || o.findLimit > maxFindLimit) {
		return usagef("-find-limit %d: give a number of hunts from 1 to %d, e.g. %d", o.findLimit, maxFindLimit, defaultFindLimit)
	}
	if err := checkOutputs(reportDir{}, [2]string{"-json", o.json}); err != nil {
		return err
	}
	l, err := o.game.open(ctx)
	if err != nil {
		return err
	}
	policy, err := o.game.resolvePolicy(l)
	if err != nil {
		return err
	}
	des, err := l.Design(ctx, o.game.spec(), o.seed)
	if err != nil {
		return err
	}
	pl, err := des.NewPlayer(policy)
	if err != nil {
		return err
	}
	s := des.Schema()
	index := o.hunt
	if o.find != "" {
		want, err := workflow.OutcomeNamed(s, o.find)
		if err != nil {
			return err
		}
		if index, err = workflow.FindHunt(ctx, pl, s, o.seed, o.hunt, o.findLimit, want); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "trace: hunt %d is the first %s of seed %d from hunt %d (%s played)\n",
			index, s.Outcomes[want].Key, o.seed, o.hunt, game.Plural(int(index-o.hunt+1), "hunt"))
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
	if err := pl.Trace(o.seed, index, s.NewRecord(), text, events); err != nil {
		return err
	}
	if o.json != "" && !safeio.IsStdout(o.json) {
		if err := safeio.WriteFile(o.json, jsonBuf.Bytes(), stdout); err != nil {
			return err
		}
	}
	return w.Flush()
}
