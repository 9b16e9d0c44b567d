package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"balance/batch"
	"balance/game"
	"balance/reports"
	"balance/workflow"
)

// playFlags are the flags of the commands that play designs on the same
// hunts: how many hunts, the seed, the workers and the progress bar.
// Embedded in a command's options, its fields read as the command's own
// (o.hunts, o.seed, ...).
type playFlags struct {
	hunts   int64
	seed    uint64
	workers int
	quiet   bool
}

// register defines the flags; where says what plays the same hunts ("at
// every point", "in both designs"; "" for a single design).
func (p *playFlags) register(fs *flag.FlagSet, hunts int64, huntsUsage, where string) {
	if where != "" {
		where = " " + where
	}
	intVar(fs, &p.hunts, "hunts", hunts, huntsUsage)
	intVar(fs, &p.seed, "seed", 1, "run seed: hunt i plays the random stream (seed, i)"+where)
	intVar(fs, &p.workers, "workers", 0, "worker goroutines (0: all cores); the results do not depend on it")
	fs.BoolVar(&p.quiet, "quiet", false, "no progress: no bar on a terminal, no progress lines otherwise")
}

// play is the flags as a workflow's Play.
func (p *playFlags) play(stderr io.Writer) workflow.Play {
	return workflow.Play{Seed: p.seed, Hunts: p.hunts, Workers: p.workers, Progress: progressOf(stderr, p.quiet)}
}

type sweepOpts struct {
	game   gameFlags
	params multiFlag
	playFlags
	out string
	shardFlags
}

func (o *sweepOpts) flags(fs *flag.FlagSet, g game.Game) {
	o.game.register(fs, g, withOptions|withSet|withPolicy, "an override applied at every point, e.g. KEY=6 (repeatable)", false)
	fs.Var(&o.params, "param", "a parameter and its values, KEY=LO..HI or KEY=V1,V2,... (numbers, or a switch's readings); a signed value (+1, -2) is a change from the data (repeatable: the points are the grid of all combinations)")
	o.playFlags.register(fs, 20000, "hunts per point, the same hunts at every point", "at every point")
	fs.StringVar(&o.out, "out", "", "write the report (sweep.md, sweep.json, sweep.csv, sweep.html and a plot per figure as PNG and SVG) to this directory")
	o.shardFlags.register(fs)
}

func init() {
	register(&command{
		name:    "sweep",
		summary: "play a grid of parameter values on the same hunts: the win rate, the length and each headline figure against the parameter",
		usage:   "-param KEY=LO..HI [-param KEY=V1,V2,...]... [-game NAME] [GAME OPTIONS] [-set KEY=VALUE]... [-hunts N] [-seed S] [-workers W] [-policy TIER] [-out DIR] [-shards N -shard K|auto -tally FILE] [-quiet] [-data DIR]",
		long: `Plays the same hunts (seed, i) at every point of a grid of parameter
values: one -param gives a line, several give the grid of all their
combinations (at most 64 points). The keys are those of -set ('balance
list keys'), with integer values: LO..HI, or a list V1,V2,...; values
written with a sign (+1..+4, -2,+2) are changes from the data rather than
values. A key that takes words (a rules switch's readings) takes a list
of them, -param rules.cover=centre_line,any_line: each is a point, and
the step goes from one reading to the next in the order given.

For every point it prints the win rate, the hunt length and each headline
figure, each with its 95% interval and n, and the paired step: the change
of the win rate from the previous value of the first parameter on the same
hunts, with the exact McNemar test. With -out it writes the table as
Markdown, JSON and CSV, and plots of each figure against the first
parameter with interval bands, one curve per value of the others.
` + shardHelp,
		run: runSweep,
	})
	flagsOf["sweep"] = func(fs *flag.FlagSet, g game.Game) { new(sweepOpts).flags(fs, g) }
}

// pValueColumn prints the McNemar p-values of a table by PText, as every
// terminal table prints them.
func pValueColumn(header []string, rows [][]string, p func(k int) *float64) {
	col := slices.Index(header, "McNemar p")
	if col < 0 {
		return
	}
	for k, row := range rows {
		if v := p(k); v != nil && col < len(row) {
			row[col] = reports.PText(*v)
		}
	}
}

// printTable writes a table for the terminal.
func printTable(w io.Writer, header []string, rows [][]string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for _, row := range rows {
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	tw.Flush()
}

func runSweep(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o sweepOpts
	pos, err := parseGame("sweep", args, true, o.flags)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usagef("unexpected argument %q: choose the design with the game's options", pos[0])
	case len(o.params) == 0:
		return usagef("give at least one -param KEY=LO..HI (the keys: 'balance list keys')")
	case badHunts(o.hunts, 2):
		return huntsRange(o.hunts, 2)
	case badWorkers(o.workers):
		return workersRange(o.workers)
	}
	var params []workflow.Param
	points := 1
	for _, s := range o.params {
		p, err := workflow.ParseParam(s)
		if err != nil {
			return err
		}
		for _, q := range params {
			if q.Key == p.Key {
				return usagef("-param %s is given twice; list its values in one -param", p.Key)
			}
		}
		params = append(params, p)
		points *= len(p.Values)
		if points > workflow.MaxSweepPoints {
			return usagef("the grid has more than %d points; sweep fewer values", workflow.MaxSweepPoints)
		}
	}
	if err := o.shardFlags.check("sweep", stderr, o.hunts, [2]string{"-out", o.out}); err != nil {
		return err
	}
	data := stdout
	stdout = textOut(stdout, stderr, o.tally)
	if err := checkOutputs(reportDir{"-out", o.out, sweepFixedNames}, [2]string{"-tally", o.tally}); err != nil {
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
	if err := sweepOutputs(ctx, l, &o.game, o.seed, o.out); err != nil {
		return err
	}
	so := workflow.SweepOptions{Spec: o.game.spec(), Params: params, Policy: policy, Play: o.play(stderr)}
	if o.tally != "" {
		return playShard(ctx, stdout, data, l, &o.game, &o.shardFlags, so.Play, func() (*workflow.Plan, error) { return workflow.PlanSweep(ctx, l, so) })
	}
	res, err := workflow.Sweep(ctx, l, so)
	if err != nil {
		return huntFailed(err, o.game.g, o.game.data)
	}
	return reportSweep(stdout, res.Sweep, o.out)
}

// reportSweep prints a sweep and writes its -out directory.
func reportSweep(stdout io.Writer, sw *reports.Sweep, out string) error {
	o := struct {
		seed uint64
		out  string
	}{sw.Seed, out}
	policy := sw.Policy
	fmt.Fprintf(stdout, "Sweep: %s\n%d hunts per point, the same hunts at every point (seed %d), policy %s; 95%% intervals\n\n",
		sw.Title, sw.Hunts, o.seed, policy)
	h, rows := reports.SweepTable(sw)
	pValueColumn(h, rows, func(k int) *float64 { return sw.Points[k].StepP })
	printTable(stdout, h, rows)
	if o.out != "" {
		if err := reports.WriteSweepDir(o.out, sw); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "\nreport: %s/sweep.md\n", strings.TrimSuffix(o.out, "/"))
	}
	if sw.Stopped == batch.StopInterrupted {
		return workflow.Interrupted{Hunts: sw.Hunts}
	}
	return nil
}

// sweepOutputs checks a sweep's -out before anything is played: the
// names of its files depend on the figures it follows, those of the
// design.
func sweepOutputs(ctx context.Context, l *workflow.Lab, g *gameFlags, seed uint64, out string) error {
	if out == "" {
		return nil
	}
	des, err := l.Design(ctx, g.spec(), seed)
	if err != nil {
		return err
	}
	sw := &reports.Sweep{}
	sw.Figures = append([]string{"win:" + des.Schema().Sides[0].Key, "length"}, des.Schema().Headline...)
	return checkOutputs(reportDir{"-out", out, reports.SweepNames(sw)})
}
