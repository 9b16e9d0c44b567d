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

type tuneOpts struct {
	game    gameFlags
	param   string
	targets multiFlag
	playFlags
	out string
}

func (o *tuneOpts) flags(fs *flag.FlagSet, g game.Game) {
	o.game.register(fs, g, withOptions|withSet|withPolicy, "an override applied at every value, e.g. KEY=6 (repeatable)", false)
	fs.StringVar(&o.param, "param", "", "the parameter to tune, KEY or KEY=LO..HI (at most 64 values; default: the lever's range)")
	fs.Var(&o.targets, "target", "a target: win=0.45..0.55, rounds=4..6, FIGURE<=X, FIGURE>=X (win as a proportion; repeatable)")
	o.playFlags.register(fs, 20000, "hunts per value, the same hunts at every value", "at every value")
	fs.StringVar(&o.out, "out", "", "write the sweep behind the answer (sweep.md, .json, .csv, plots) to this directory")
}

func init() {
	register(&command{
		name:    "tune",
		summary: "find the values of a parameter whose figures meet targets, with intervals and stat weights",
		usage:   "-param KEY[=LO..HI] -target NAME=LO..HI|NAME<=X|NAME>=X... [-game NAME] [GAME OPTIONS] [-set KEY=VALUE]... [-hunts N] [-seed S] [-workers W] [-policy TIER] [-out DIR] [-quiet] [-data DIR]",
		long: `Plays every integer value of the parameter in its range on the same
hunts (common random numbers) and reports the values that meet every
target: a target is met when the figure's whole 95% interval lies within
it. The figures are those the comparisons follow: win (the first side's
win rate, as a proportion), the hunt's length (length, or its unit:
rounds) and each headline figure by its key (the game's notes below name
them). When no value meets them all, it names the closest value and, for
each target missed, how near the range of values comes and where to
search next: the way the figure moved over the range (or, when it did not
move measurably, the way the game says the parameter usually moves it),
within the values the data allow; or that the target cannot be reached
with this parameter. When the estimates straddle a target, it says
whether more hunts would help (an estimate inside the target whose
interval reaches beyond it, and about how many hunts would narrow it) or
not (the target falls between two whole values, both named with their
figures). Around the answer it prints the stat weights: the paired change
of each figure per +1 of the parameter. -out writes the sweep behind the
answer, each target drawn as a band on the plot of its figure.

Without a range, -param searches the range the game gives the lever;
values the data refuse are skipped.`,
		run: runTune,
	})
	flagsOf["tune"] = func(fs *flag.FlagSet, g game.Game) { new(tuneOpts).flags(fs, g) }
}

func runTune(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o tuneOpts
	pos, err := parseGame("tune", args, true, o.flags)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usagef("unexpected argument %q: choose the design with the game's options", pos[0])
	case o.param == "":
		return usagef("give -param KEY or KEY=LO..HI (the keys: 'balance list keys')")
	case len(o.targets) == 0:
		return usagef("give at least one -target, e.g. -target win=0.45..0.55")
	case badHunts(o.hunts, 2):
		return huntsRange(o.hunts, 2)
	case badWorkers(o.workers):
		return workersRange(o.workers)
	}
	var targets []workflow.Target
	for _, s := range o.targets {
		t, err := workflow.ParseTarget(s)
		if err != nil {
			return err
		}
		targets = append(targets, t)
	}
	if err := checkOutputs(reportDir{"-out", o.out, sweepFixedNames}); err != nil {
		return err
	}
	// The parameter is read before the data loads: a range out of bounds
	// is a usage error however the data would answer.
	if _, err := workflow.ParseTuneParam(o.param); err != nil {
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
	res, err := workflow.Tune(ctx, l, workflow.TuneOptions{Spec: o.game.spec(), Param: o.param, Targets: targets, Policy: policy, Play: o.play(stderr)})
	if err != nil {
		return huntFailed(err, o.game.g, o.game.data)
	}
	sw := res.Sweep
	vals := res.Values
	fmt.Fprintf(stdout, "Tune %s: %s\n%d values (%d..%d), %d hunts each, the same hunts at every value (seed %d), policy %s; 95%% intervals\n",
		res.Key, sw.Title, len(vals), vals[0], vals[len(vals)-1], sw.Hunts, o.seed, policy)
	fmt.Fprintf(stdout, "Targets: %s (met when the whole interval lies within)\n", strings.Join(o.targets, ", "))
	if len(res.Skipped) > 0 {
		fmt.Fprintf(stdout, "Skipped (refused by the rules): %s\n", strings.Join(res.Skipped, "; "))
	}
	fmt.Fprintln(stdout)
	if len(res.Good) > 0 {
		fmt.Fprintf(stdout, "Values meeting every target: %s\n", workflow.JoinValues(vals, res.Good))
	} else {
		fmt.Fprintf(stdout, "No value meets every target. The closest is %s=%d:\n", res.Key, vals[res.Answer])
		for _, m := range res.Missed {
			fmt.Fprintf(stdout, "  %s\n", m)
		}
	}
	h, rows := reports.SweepTable(sw)
	pValueColumn(h, rows, func(k int) *float64 { return sw.Points[k].StepP })
	good := map[int]bool{}
	for _, k := range res.Good {
		good[k] = true
	}
	for k := range rows {
		m := ""
		if good[k] {
			m = "yes"
		}
		rows[k] = append(rows[k], m)
	}
	fmt.Fprintln(stdout)
	printTable(stdout, append(h, "Meets"), rows)
	fmt.Fprintf(stdout, "\nStat weights at %s=%d (paired change per +1, on the same hunts):\n", res.Key, vals[res.Answer])
	for _, w := range res.Weights {
		fmt.Fprintf(stdout, "  %s\n", w)
	}
	if o.out != "" {
		if err := reports.WriteSweepDir(o.out, sw); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "report: %s/sweep.md\n", strings.TrimSuffix(o.out, "/"))
	}
	if sw.Stopped == batch.StopInterrupted {
		return workflow.Interrupted{Hunts: sw.Hunts}
	}
	return nil
}

// sweepFixedNames are the files of a sweep's report whatever it follows:
// checked before the data load, the plots once the design is known.
var sweepFixedNames = []string{"sweep.md", "sweep.json", "sweep.csv", "sweep.html"}
