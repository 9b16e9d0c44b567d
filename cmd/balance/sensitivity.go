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
	"balance/workflow"
)

type sensitivityOpts struct {
	game gameFlags
	step int
	playFlags
	out string
	shardFlags
}

func (o *sensitivityOpts) flags(fs *flag.FlagSet, g game.Game) {
	o.game.register(fs, g, withOptions|withSet|withPolicy, "an override of the base design, e.g. KEY=6 (repeatable)", false)
	intVar(fs, &o.step, "step", 1, "the change of each lever (a whole number, not 0)")
	o.playFlags.register(fs, 20000, "hunts, each played by the base design and every variant", "in every design")
	fs.StringVar(&o.out, "out", "", "write the report (sensitivity.md, .json, .csv, .html and the tornado chart as PNG and SVG) to this directory")
	o.shardFlags.register(fs)
}

func init() {
	register(&command{
		name:    "sensitivity",
		summary: "the change of the win rate, the length and each headline figure per +1 of each lever of the design, on the same hunts",
		usage:   "[-game NAME] [GAME OPTIONS] [-set KEY=VALUE]... [-step K] [-hunts N] [-seed S] [-workers W] [-policy TIER] [-out DIR] [-shards N -shard K|auto -tally FILE] [-quiet] [-data DIR]",
		long: `Changes each lever of the design by -step alone (the numbers the game
names as its levers) and plays every variant on the same hunts as
the base design. For each it prints the paired change of the win rate with
its 95% interval and the exact McNemar test, and the paired changes of the
hunt length and of each headline figure. A lever the data do not let go
that far is listed as n/a with the reason. With -out it writes the table
as Markdown, JSON and CSV and a tornado chart of the win-rate changes, the
largest at the top.
` + shardHelp,
		examples: []string{
			"balance sensitivity -hunts 2000 -quiet",
			"balance sensitivity -step -1 -hunts 1000 -quiet",
		},
		run: runSensitivity,
	})
	flagsOf["sensitivity"] = func(fs *flag.FlagSet, g game.Game) { new(sensitivityOpts).flags(fs, g) }
}

func runSensitivity(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o sensitivityOpts
	pos, err := parseGame("sensitivity", args, true, o.flags)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usagef("unexpected argument %q: choose the design with the game's options", pos[0])
	case o.step == 0 || o.step < -workflow.MaxParamValue || o.step > workflow.MaxParamValue:
		return usagef("-step %d: give the change of each lever, from %d to %d but not 0, e.g. 1 or -1", o.step, -workflow.MaxParamValue, workflow.MaxParamValue)
	case badHunts(o.hunts, 2):
		return huntsRange(o.hunts, 2)
	case badWorkers(o.workers):
		return workersRange(o.workers)
	}
	if err := o.shardFlags.check("sensitivity", stderr, o.hunts, [2]string{"-out", o.out}); err != nil {
		return err
	}
	data := stdout
	stdout = textOut(stdout, stderr, o.tally)
	if err := checkOutputs(reportDir{"-out", o.out, reports.SensitivityNames}, [2]string{"-tally", o.tally}); err != nil {
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
	so := workflow.SensitivityOptions{Spec: o.game.spec(), Step: o.step, Policy: policy, Play: o.play(stderr)}
	if o.tally != "" {
		return playShard(ctx, stdout, data, l, &o.game, &o.shardFlags, so.Play, func() (*workflow.Plan, error) { return workflow.PlanSensitivity(ctx, l, so) })
	}
	res, err := workflow.Sensitivity(ctx, l, so)
	if err != nil {
		return huntFailed(err, o.game.g, o.game.data)
	}
	return reportSensitivity(stdout, res, o.out)
}

// reportSensitivity prints a sensitivity and writes its -out directory.
func reportSensitivity(stdout io.Writer, res *reports.Sensitivity, out string) error {
	o := struct {
		step int
		seed uint64
		out  string
	}{res.Step, res.Seed, out}
	policy := res.Policy
	fmt.Fprintf(stdout, "Sensitivity: %s\nEach lever %+d alone, on the same %d hunts (seed %d), policy %s; 95%% intervals\n",
		res.Title, o.step, res.Hunts, o.seed, policy)
	var base []string
	for i, f := range res.Base {
		base = append(base, res.Labels[i]+" "+reports.FigureText(f))
	}
	fmt.Fprintf(stdout, "Base: %s\n\n", strings.Join(base, ", "))
	h, rows := reports.SensitivityTable(res)
	pValueColumn(h, rows, func(k int) *float64 {
		if !res.Levers[k].Measured {
			return nil
		}
		return &res.Levers[k].WinP
	})
	printTable(stdout, h, rows)
	fmt.Fprintln(stdout, "\nEvery change is paired on the same hunts: variant minus base.")
	if n := reports.RunDiffNote(res.Figures); n != "" {
		fmt.Fprintln(stdout, n)
	}
	if o.out != "" {
		if err := reports.WriteSensitivityDir(o.out, res); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "report: %s/sensitivity.md\n", strings.TrimSuffix(o.out, "/"))
	}
	if res.Stopped == batch.StopInterrupted {
		return workflow.Interrupted{Hunts: res.Hunts}
	}
	return nil
}
