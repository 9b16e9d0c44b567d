package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"balance/batch"
	"balance/game"
	"balance/reports"
	"balance/safeio"
	"balance/stats"
	"balance/workflow"
)

type compareOpts struct {
	game    gameFlags
	hunts   int64
	seed    uint64
	workers int
	quiet   bool
	json    string
	html    string
	shardFlags
}

func (o *compareOpts) flags(fs *flag.FlagSet, g game.Game) {
	o.game.register(fs, g, withOptions|withSet|withPolicy, "an override for design B, e.g. KEY=7 (repeatable; the keys of 'balance list keys')", false)
	intVar(fs, &o.hunts, "hunts", 100000, "hunts, each played in both designs")
	intVar(fs, &o.seed, "seed", 1, "run seed: hunt i plays the random stream (seed, i) in both designs")
	intVar(fs, &o.workers, "workers", 0, "worker goroutines (0: all cores); the results do not depend on it")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress: no bar on a terminal, no progress lines otherwise")
	fs.StringVar(&o.json, "json", "", "write the comparison as JSON to this file (-: standard output)")
	fs.StringVar(&o.html, "html", "", "write the comparison as one self-contained HTML page to this file (-: standard output)")
	o.shardFlags.register(fs)
}

func init() {
	register(&command{
		name:    "compare",
		summary: "compare two designs on the same hunts: the paired difference, its interval and an exact test",
		usage:   "[A [B]] [-game NAME] [GAME OPTIONS] [-set KEY=VALUE]... [-hunts N] [-seed S] [-workers W] [-policy TIER] [-json FILE] [-html FILE] [-shards N -shard K|auto -tally FILE] [-quiet] [-data DIR]",
		long: `Plays every hunt index twice, once against design A and once against
design B, on the same random stream (common random numbers), and reports
the change from A to B: the win rate's paired difference with its 95%
interval and the exact McNemar test on the hunts only one design won, the
paired differences of the hunt's length and of each headline figure, and
the variance reduction the pairing achieved over two independent runs,
measured from the same hunts (Var(A) + Var(B) over Var(A - B)) with its
95% interval (the delta method on the four counts of paired outcomes), beside
the most any pairing could achieve for win rates that far apart (a change
that turns many hunts leaves that many discordant pairs, however well the
hunts are matched). Each kind of randomness has its own stream and every
check is drawn by inverting its exact distribution, so a changed number
moves only the checks and hunts it really turns.

A and B are values of the game's main option (the line after this text
names it for the game shown; the other options apply to both). With one
design, or none (the option's value), B is A with the -set overrides.
` + shardHelp,
		run: runCompare,
	})
	flagsOf["compare"] = func(fs *flag.FlagSet, g game.Game) { new(compareOpts).flags(fs, g) }
}

// mainOption is the game's main option, the one compare's designs and
// analyze's entries are values of (Option.Sweep), or false.
func mainOption(g game.Game) (game.Option, bool) {
	for _, o := range g.Options() {
		if o.Sweep {
			return o, true
		}
	}
	return game.Option{}, false
}

func runCompare(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o compareOpts
	pos, err := parseGame("compare", args, true, o.flags)
	if err != nil {
		return err
	}
	opt, hasMain := mainOption(o.game.g)
	switch {
	case len(pos) > 2:
		return usagef("name one design (with -set for the other) or two")
	case len(pos) > 0 && !hasMain:
		return usagef("unexpected argument %q: the game %s has no option the designs are values of; compare one design with -set overrides", pos[0], o.game.g.Info().Name)
	case len(pos) < 2 && len(o.game.set) == 0:
		return usagef("with one design, give -set overrides to make the other")
	case badHunts(o.hunts, 1):
		return huntsRange(o.hunts, 1)
	case badWorkers(o.workers):
		return workersRange(o.workers)
	}
	if err := o.shardFlags.check("compare", stderr, o.hunts, [2]string{"-json", o.json}, [2]string{"-html", o.html}); err != nil {
		return err
	}
	data := stdout
	stdout = textOut(stdout, stderr, o.json, o.html, o.tally)
	if err := checkOutputs(reportDir{}, [2]string{"-json", o.json}, [2]string{"-html", o.html}, [2]string{"-tally", o.tally}); err != nil {
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
	base := o.game.spec()
	a := workflow.Spec{Choice: base.Choice}
	b := base
	if len(pos) > 0 {
		a = a.With()
		a.Choice[opt.Name] = pos[0]
		b = base.With()
		b.Choice[opt.Name] = pos[0]
	}
	if len(pos) == 2 {
		b.Choice[opt.Name] = pos[1]
	}
	name := func(s workflow.Spec, set []string) string {
		des, err := l.Design(ctx, s, o.seed)
		if err != nil {
			return ""
		}
		n := des.Title()
		if len(set) > 0 {
			n += " with " + strings.Join(set, " ")
		}
		return n
	}
	co := workflow.CompareOptions{A: a, B: b, NameA: name(a, nil), NameB: name(b, b.Overrides), Policy: policy,
		Play: workflow.Play{Seed: o.seed, Hunts: o.hunts, Workers: o.workers, Progress: progressOf(stderr, o.quiet)}}
	if o.tally != "" {
		return playShard(ctx, stdout, data, l, &o.game, &o.shardFlags, co.Play, func() (*workflow.Plan, error) { return workflow.PlanCompare(ctx, l, co) })
	}
	c, reps, err := workflow.Compare(ctx, l, co)
	if err != nil {
		return huntFailed(err, o.game.g, o.game.data)
	}
	return reportCompare(stdout, data, c, reps, o.json, o.html)
}

// reportCompare prints a comparison and writes its -json and -html.
func reportCompare(stdout, data io.Writer, c *reports.Comparison, reps [2]*stats.Report, jsonPath, html string) error {
	o := struct{ json, html string }{jsonPath, html}
	reports.CompareTable(stdout, c)
	if o.json != "" {
		b, err := reports.EncodeValue(c)
		if err != nil {
			return fmt.Errorf("cannot write %s: %w", o.json, err)
		}
		if err := safeio.WriteFile(o.json, b, data); err != nil {
			return err
		}
	}
	if o.html != "" {
		b, err := reports.CompareHTML(c, reps[0], reps[1])
		if err != nil {
			return fmt.Errorf("cannot write %s: %w", o.html, err)
		}
		if err := safeio.WriteFile(o.html, b, data); err != nil {
			return err
		}
	}
	if c.Stopped == batch.StopInterrupted {
		return workflow.Interrupted{Hunts: c.Hunts}
	}
	return nil
}
