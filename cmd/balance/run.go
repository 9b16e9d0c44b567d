package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"

	"balance/batch"
	"balance/game"
	"balance/reports"
	"balance/safeio"
	"balance/stats"
	"balance/workflow"
)

// multiFlag is a repeatable string flag (-set).
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, " ") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// policyAll is the -policy value of run that plays every tier (skill).
const policyAll = "all"

type runOpts struct {
	game        gameFlags
	hunts       int64
	seed        uint64
	workers     int
	targetError float64
	out         string
	json        string
	quiet       bool
	cpuprofile  string
	memprofile  string
	shardFlags
	cardHunts int64
}

func (o *runOpts) flags(fs *flag.FlagSet, g game.Game) {
	o.game.register(fs, g, withOptions|withSet|withPolicy, "", true)
	intVar(fs, &o.hunts, "hunts", 100000, "hunts to play (with -target-error: at most)")
	intVar(fs, &o.seed, "seed", 1, "run seed: hunt i plays the random stream (seed, i)")
	intVar(fs, &o.workers, "workers", 0, "worker goroutines (0: all cores); the results do not depend on it")
	fs.Float64Var(&o.targetError, "target-error", 0, "stop once the 95% interval of the first side's win rate is at most this wide on each side (checked every 1024 hunts)")
	fs.StringVar(&o.out, "out", "", "write the report (summary.md, summary.html, summary.json, CSV, PNG and SVG plots) to this directory, replaced as a whole")
	fs.StringVar(&o.json, "json", "", "write summary.json to this file (-: standard output)")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress: no bar on a terminal, no progress lines otherwise")
	fs.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile to this file (-: standard output)")
	fs.StringVar(&o.memprofile, "memprofile", "", "write a heap profile to this file at the end (-: standard output)")
	o.shardFlags.register(fs)
	registerCardHunts(fs, &o.cardHunts)
}

func init() {
	register(&command{
		name:    "run",
		summary: "play many hunts and report win rates, outcomes, distributions, curves and what each part of the design does",
		usage:   "[-game NAME] [GAME OPTIONS] [-hunts N] [-seed S] [-workers W] [-target-error E] [-out DIR] [-json FILE] [-set KEY=VALUE]... [-shards N -shard K|auto -tally FILE] [-policy TIER|all] [-card-hunts N] [-quiet] [-cpuprofile FILE] [-memprofile FILE] [-data DIR]",
		long: `Plays -hunts hunts of the design the game's options choose, hunt i always
with the random stream (seed, i), on all cores, and prints a summary table;
-out writes the full report. Every figure comes with its 95% interval and n.
The game's own options are listed under Flags, and what they mean below
the game's name; 'balance help run -game NAME' shows another game's.

-set overrides a number of the data before the run, checked like the data
files; a number may be relative (+5, -1). 'balance list keys' lists the
keys of the game's data.

-policy TIER (or the game's own name for it, under Flags) plays the players'
side with that policy tier ('balance list policies'); -policy all plays
every tier on the same hunts and reports the skill trace, as 'balance
skill' does.

The report says what each part of the design does: the first -card-hunts
hunts (by default a twentieth of the hunts played) are played again with
each part the game can switch off, switched off, on the same random
streams. Each part gets the paired change of the win rate (exact McNemar
test), of the hunt length and of each headline figure, ranked biggest
first. It costs one lane of -card-hunts hunts per part, and one for the
design; -card-hunts 0 leaves it out.

-shards N -shard K -tally FILE plays only shard K of the hunts and writes its
tally; 'balance merge' joins the shards into the report a single run gives,
without the parts switched off (a sharded run does not measure them).
-shard auto takes K from the scheduler's environment (BALANCE_SHARD, a
Slurm array's SLURM_ARRAY_TASK_ID less SLURM_ARRAY_TASK_MIN, with its
count, or a Kubernetes Indexed Job's JOB_COMPLETION_INDEX) and says on
stderr which variable it read.

Ctrl-C, SIGTERM and SIGHUP stop the run cleanly: the hunts finished so far
(in index order) are reported, marked as interrupted, exit code 1; a second
signal stops at once. -out replaces its directory as a whole (what the
report does not write is kept); -json, -tally and the profiles take - for
standard output. A hunt that fails is reported with the trace command that
replays it.`,
		examples: []string{
			"balance run -hunts 20000 -quiet",
			"balance run -hunts 5000 -seed 7 -policy random -quiet",
			"balance run -target-error 0.01 -quiet",
		},
		run: runRun,
	})
	flagsOf["run"] = func(fs *flag.FlagSet, g game.Game) { new(runOpts).flags(fs, g) }
}

func runRun(ctx context.Context, stdout, stderr io.Writer, args []string) (err error) {
	var o runOpts
	if _, err := parseGame("run", args, false, o.flags); err != nil {
		return err
	}
	switch {
	case badHunts(o.hunts, 1):
		return huntsRange(o.hunts, 1)
	case badWorkers(o.workers):
		return workersRange(o.workers)
	case badTargetError(o.targetError):
		return usagef("-target-error %g: give a half-width between 0 and 0.5, e.g. 0.01", o.targetError)
	}
	if err := o.shardFlags.resolve("run", stderr, os.Getenv, o.hunts); err != nil {
		return err
	}
	switch {
	case o.shards > 1 && o.targetError > 0:
		return usagef("-target-error cannot be used with -shards: each shard must play its whole range")
	case o.shards > 1 && o.cardHunts > 0:
		return usagef("-card-hunts cannot be used with -shards: the parts switched off are measured by a whole run")
	}
	if err := checkCardHunts(o.cardHunts, o.hunts); err != nil {
		return err
	}
	if o.game.policy == policyAll {
		return skillFromRun(ctx, stdout, stderr, &o)
	}
	// data carries the output files written to standard output ("-"); the
	// table then goes to stderr.
	data := stdout
	stdout = textOut(stdout, stderr, o.json, o.tally, o.cpuprofile, o.memprofile)
	// The outputs are checked before the data load, the report directory
	// with the names every report has, and again with the names of the
	// design's own tables and plots once it compiled.
	files := [][2]string{{"-json", o.json}, {"-tally", o.tally}, {"-cpuprofile", o.cpuprofile}, {"-memprofile", o.memprofile}}
	if err := checkOutputs(reportDir{"-out", o.out, reports.SummaryFixedNames}, files...); err != nil {
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
	spec := o.game.spec()
	des, err := l.Design(ctx, spec, o.seed)
	if err != nil {
		return err
	}
	empty := stats.NewReport(stats.RunInfo{}, stats.NewTally(des.Schema()))
	if err := checkOutputs(reportDir{"-out", o.out, reports.SummaryNames(empty)}, files...); err != nil {
		return err
	}
	if o.cpuprofile != "" {
		w, err := safeio.Create(o.cpuprofile, data)
		if err != nil {
			return err
		}
		if err := pprof.StartCPUProfile(w); err != nil {
			w.Abort()
			return err
		}
		// The profile is written whatever the run's end, interrupted too.
		defer func() {
			pprof.StopCPUProfile()
			if cerr := w.Close(); err == nil || errors.As(err, new(workflow.Interrupted)) {
				err = errors.Join(err, cerr)
			}
		}()
	}
	first, n := batch.ShardRange(o.hunts, o.shards, o.k)
	ablations := o.cardHunts
	if o.shards > 1 {
		ablations = 0
	}
	res, err := workflow.Run(ctx, l, workflow.RunOptions{Spec: spec, Policy: policy, Seed: o.seed, First: first, Hunts: n,
		Workers: o.workers, TargetError: o.targetError, AblationHunts: ablations, Progress: progressOf(stderr, o.quiet)})
	if err != nil {
		return huntFailed(err, o.game.g, o.game.data)
	}
	if o.tally != "" {
		h := workflow.TallyHeader(l, res.Design, spec, policy, o.seed, o.hunts, o.shards, o.k, res.Result, buildIdentity())
		if err := batch.WriteTallyFile(o.tally, h, res.Result.Tally, data); err != nil {
			return err
		}
	}
	if err := writeOutputs(data, res.Report, o.out, o.json); err != nil {
		return err
	}
	reports.Table(stdout, res.Report)
	if o.targetError > 0 && res.Result.Stopped == batch.StopHunts {
		fmt.Fprintln(stdout, targetErrorNote(o.targetError, "the "+strings.ToLower(res.Report.Wins[0].Label)+" win rate", res.Result.Tally))
	}
	if o.memprofile != "" {
		w, err := safeio.Create(o.memprofile, data)
		if err != nil {
			return err
		}
		runtime.GC()
		if err := pprof.WriteHeapProfile(w); err != nil {
			w.Abort()
			return err
		}
		if err := w.Close(); err != nil {
			return err
		}
	}
	if res.Result.Stopped == batch.StopInterrupted {
		return workflow.Interrupted{Hunts: res.Result.Hunts}
	}
	if res.AblationsStopped == batch.StopInterrupted {
		return fmt.Errorf("interrupted while measuring what each part does; the report covers the %d hunts of the run and the parts measured so far", res.Result.Hunts)
	}
	return nil
}

// targetErrorNote says that a run with -target-error played all its
// -hunts without reaching it, and how near it came. what names the
// figure, e.g. "the pack win rate".
func targetErrorNote(target float64, what string, t *stats.Tally) string {
	hw := batch.HalfWidth(t)
	return fmt.Sprintf("Note: target error %g not reached: the 95%% interval of %s is ±%.2g (±%.2g%%) after %d hunts, the most -hunts allows; give more -hunts to reach it",
		target, what, hw, 100*hw, t.Hunts)
}

// writeOutputs writes the report directory and the JSON file asked for
// ("-": to stdout).
func writeOutputs(stdout io.Writer, r *stats.Report, out, jsonPath string) error {
	if out != "" {
		if err := reports.WriteSummary(out, r); err != nil {
			return err
		}
	}
	if jsonPath != "" {
		b, err := reports.EncodeJSON(r)
		if err != nil {
			return fmt.Errorf("cannot write %s: %w", jsonPath, err)
		}
		if err := safeio.WriteFile(jsonPath, b, stdout); err != nil {
			return err
		}
	}
	return nil
}

// cardHuntsUsage is the help of -card-hunts.
const cardHuntsUsage = "hunts of the measurement of what each part does: each played as designed and once per part switched off (-1: a twentieth of the hunts played; 0: none)"

// registerCardHunts defines -card-hunts.
func registerCardHunts(fs *flag.FlagSet, p *int64) {
	intVar(fs, p, "card-hunts", -1, cardHuntsUsage)
}

// checkCardHunts checks -card-hunts as given, against -hunts: the parts
// are measured on at most as many hunts as the run plays (more would
// measure them better than the design itself).
func checkCardHunts(n, hunts int64) error {
	if n < -1 || n == 1 {
		return usagef("-card-hunts %d: give at least 2 hunts (an interval needs two), 0 for none, or -1 for a twentieth of the hunts played", n)
	}
	if n > hunts {
		return usagef("-card-hunts %d is more than -hunts %d: the parts are measured on at most the hunts played; give at most %d, 0 for none, or -1 for a twentieth of them", n, hunts, hunts)
	}
	return nil
}
