package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"balance/game"
	"balance/safeio"
	"balance/workflow"
)

type baselineOpts struct {
	game gameFlags
	playFlags
	out string
	shardFlags
}

func init() {
	register(&command{
		name:    "baseline",
		summary: "record a design, its seed and its results, for 'balance regress'",
		usage:   "-out FILE|-shards N -shard K|auto -tally FILE [-game NAME] [GAME OPTIONS] [-set KEY=VALUE]... [-hunts N] [-seed S] [-workers W] [-policy TIER] [-quiet] [-data DIR]",
		long: `Plays a run and writes FILE: the game, the design (its options, overrides
and hash), the policy, the seed, the number of hunts and the integer sums
behind each tracked figure (every figure of the game's figure list but
the rates given per item and the times of events); and
the build of balance that recorded it and a checksum of the whole file.
'balance regress -baseline FILE' reruns it. -out - writes the baseline to
standard output. A run interrupted (Ctrl-C, SIGTERM) writes no baseline:
the file keeps what it held.

A baseline merged from shards ('balance merge ... -out FILE') is the
baseline an unsplit run records, byte for byte: regress reruns it as any
other.
` + shardHelp,
		examples: []string{
			"balance baseline -hunts 5000 -out reports/baselines/baseline.json -quiet",
		},
		run: runBaseline,
	})
	flagsOf["baseline"] = func(fs *flag.FlagSet, g game.Game) { new(baselineOpts).flags(fs, g) }

	register(&command{
		name:    "regress",
		summary: "rerun a baseline and test whether any tracked figure moved (exit 0: no, 1: yes)",
		usage:   "-baseline FILE [-game NAME] [-seed S] [-alpha A] [-data DIR] [-set KEY=VALUE]... [-workers W] [-md FILE] [-quiet]",
		long: `Reruns the design of a baseline file on the current data of its game
(embedded, or -data DIR), with the baseline's seed unless -seed gives a
fresh one, and the baseline's number of hunts. -set adds overrides to the
baseline's (to try a change before making it in the data). The baseline
names its game: -game, when given, must be that game.

If every tracked figure is identical, the run passes at once. Otherwise
each figure is tested against the baseline (two-sample z-test of
proportions, Welch's z-test of means) and the p-values are corrected for
multiple testing with Holm's procedure at family-wise level -alpha: the
chance that a rerun with no change raises any alarm is at most alpha. A
Markdown table of the figures, what moved first, is printed (and written
to -md FILE). Exit code 0: nothing moved significantly; 1: a figure moved;
2: the check could not be made (usage, a missing or broken baseline, one
changed since it was written, which its checksum tells, data that do not
load). -md FILE is written whatever the outcome: when no verdict is
reached it says so, with the error. The table names the build of balance
that recorded the baseline: a baseline of another build is checked all
the same, which is what it is for.

-seed, like every integer flag, is read in decimal: a leading zero, as in
$(date +%j), is ignored.

On the baseline's seed the two runs share their random streams, so a real
change shows more readily than the independent-samples tests assume: the
tests are then conservative.`,
		examples: []string{
			"balance baseline -hunts 5000 -seed 3 -out reports/baselines/base.json -quiet",
			"balance regress -baseline reports/baselines/base.json -quiet",
			"balance regress -baseline reports/baselines/base.json -seed 99 -quiet",
		},
		run: runRegress,
	})
	flagsOf["regress"] = func(fs *flag.FlagSet, g game.Game) { new(regressOpts).flags(fs, g) }
}

func (o *baselineOpts) flags(fs *flag.FlagSet, g game.Game) {
	o.game.register(fs, g, withOptions|withSet|withPolicy, "", false)
	o.playFlags.register(fs, 100000, "hunts to play", "")
	fs.StringVar(&o.out, "out", "", "the baseline file to write (required but with -tally; -: standard output)")
	o.shardFlags.register(fs)
}

func runBaseline(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o baselineOpts
	pos, err := parseGame("baseline", args, true, o.flags)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usagef("unexpected argument %q", pos[0])
	case o.out == "" && o.tally == "":
		return usagef("-out FILE is required: where to write the baseline")
	case badHunts(o.hunts, 2):
		return huntsRange(o.hunts, 2)
	case badWorkers(o.workers):
		return workersRange(o.workers)
	}
	if err := o.shardFlags.check("baseline", stderr, o.hunts, [2]string{"-out", o.out}); err != nil {
		return err
	}
	data := stdout
	stdout = textOut(stdout, stderr, o.out, o.tally)
	if err := checkOutputs(reportDir{}, [2]string{"-out", o.out}, [2]string{"-tally", o.tally}); err != nil {
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
	bo := workflow.BaselineOptions{Spec: o.game.spec(), Policy: policy, Play: o.play(stderr), Build: buildIdentity()}
	if o.tally != "" {
		return playShard(ctx, stdout, data, l, &o.game, &o.shardFlags, bo.Play, func() (*workflow.Plan, error) { return workflow.PlanBaseline(ctx, l, bo) })
	}
	b, err := workflow.RecordBaseline(ctx, l, bo)
	if err != nil {
		return huntFailed(err, o.game.g, o.game.data)
	}
	return reportBaseline(stdout, data, b, o.out)
}

// reportBaseline writes a baseline to out and says so.
func reportBaseline(stdout, data io.Writer, b *workflow.Baseline, out string) error {
	o := struct {
		hunts int64
		seed  uint64
		out   string
	}{b.Hunts, b.Seed, out}
	js, err := b.Encode()
	if err != nil {
		return err
	}
	if err := safeio.WriteFile(o.out, js, data); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "baseline: %s, %d hunts, seed %d, %d figures -> %s\n", b.Title, o.hunts, o.seed, len(b.Figures), o.out)
	return nil
}

type regressOpts struct {
	game     gameFlags
	baseline string
	seed     uint64
	alpha    float64
	workers  int
	md       string
	quiet    bool
	// mdChecked: the flags were parsed and -md checked; md is then the
	// file to write, or "" when none was given or it cannot be written.
	mdChecked bool
}

func (o *regressOpts) flags(fs *flag.FlagSet, g game.Game) {
	o.game.register(fs, g, withSet, "an override added to the baseline's (repeatable)", false)
	fs.StringVar(&o.baseline, "baseline", "", "the baseline file written by 'balance baseline' (required)")
	intVar(fs, &o.seed, "seed", 0, "rerun on this seed (0: the baseline's)")
	fs.Float64Var(&o.alpha, "alpha", 0.001, "family-wise false-alarm level of the tests (Holm)")
	intVar(fs, &o.workers, "workers", 0, "worker goroutines (0: all cores); the results do not depend on it")
	fs.StringVar(&o.md, "md", "", "also write the Markdown table to this file (-: standard output); when no verdict is reached (exit code 2), why")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress: no bar on a terminal, no progress lines otherwise")
}

// cannotCheck is an error that kept regress from checking (a missing or
// broken baseline, data that do not load): exit code 2, so that 1 means
// a regression only.
type cannotCheck struct{ error }

func (c cannotCheck) ExitCode() int { return exitUsage }
func (c cannotCheck) Unwrap() error { return c.error }

func runRegress(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o regressOpts
	err := regress(ctx, stdout, stderr, args, &o)
	var r workflow.Regression
	if err == nil || errors.As(err, &r) {
		return err
	}
	// No verdict: the -md file still says why, so that a job showing it
	// never shows an older file's verdict in its place.
	md := o.md
	if md == "" && !o.mdChecked {
		md = mdArg(args) // the flags failed to parse before -md
	}
	if md != "" {
		if werr := writeMD(stdout, md, noVerdictMD(o.baseline, err)); werr != nil {
			fmt.Fprintf(stderr, "balance regress: -md %s: the failure could not be recorded there: %v\n", md, werr)
		}
	}
	// An interrupted check has no verdict either: exit code 2, as for a
	// broken setup, never 1, which means a regression.
	return cannotCheck{err}
}

// mdArg returns the value args give -md, or "": for a command line whose
// flags failed to parse before -md.
func mdArg(args []string) string {
	for k, a := range args {
		if a == "--" {
			break // the flags end
		}
		if !strings.HasPrefix(a, "-") {
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		switch {
		case name != "md":
		case hasVal:
			return val
		case k+1 < len(args):
			return args[k+1]
		}
	}
	return ""
}

// noVerdictMD is the Markdown regress writes to -md when it reaches no
// verdict: the check could not be made (exit code 2), or it was
// interrupted.
func noVerdictMD(baseline string, err error) string {
	var b strings.Builder
	var i workflow.Interrupted
	if errors.As(err, &i) {
		fmt.Fprintf(&b, "Regression check interrupted after %d hunts: no verdict.\n\n", i.Hunts)
	} else {
		fmt.Fprintf(&b, "Regression check could not be made (exit code %d): a broken setup, not a balance change.\n\n", exitUsage)
	}
	if baseline == "" {
		baseline = "(none given)"
	}
	fmt.Fprintf(&b, "Baseline: %s\n\n```text\n", baseline)
	for _, e := range leafErrors(err) {
		b.WriteString(strings.ReplaceAll(e.Error(), "```", "'''") + "\n")
	}
	b.WriteString("```\n\nNo figure was compared.\n")
	return b.String()
}

func regress(ctx context.Context, stdout, stderr io.Writer, args []string, o *regressOpts) error {
	pos, err := parseGame("regress", args, true, o.flags)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usagef("unexpected argument %q: give the baseline with -baseline FILE", pos[0])
	case o.baseline == "":
		return usagef("-baseline FILE is required (write one with 'balance baseline -out FILE')")
	case !(o.alpha > 0 && o.alpha < 1):
		return usagef("-alpha %v: give a level between 0 and 1, e.g. 0.001", o.alpha)
	case badWorkers(o.workers):
		return workersRange(o.workers)
	}
	o.mdChecked = true
	data := stdout
	stdout = textOut(stdout, stderr, o.md)
	if o.md != "" {
		if err := checkOutputs(reportDir{}, [2]string{"-md", o.md}); err != nil {
			o.md = "" // nothing can be written there
			return err
		}
	}
	b, err := workflow.ReadBaseline(o.baseline)
	if err != nil {
		return err
	}
	g, err := gameNamed(b.Game)
	if err != nil {
		return fmt.Errorf("%s: %w", o.baseline, dataError(err))
	}
	if given, _ := gameArg(args); given != nil && hasFlag(args, "game") && given.Info().Name != b.Game {
		return usagef("-game %s: the baseline is of the game %s", given.Info().Name, b.Game)
	}
	l, err := workflow.Open(ctx, g, o.game.data, "balance "+version)
	if err != nil {
		return err
	}
	md, err := workflow.Regress(ctx, l, b, workflow.RegressOptions{Seed: o.seed, Overrides: o.game.set, Alpha: o.alpha, Workers: o.workers,
		Progress: progressOf(stderr, o.quiet), Build: buildIdentity()})
	if err != nil {
		var r workflow.Regression
		if !errors.As(err, &r) {
			var ue *game.UsageError
			if errors.As(err, &ue) {
				err = fmt.Errorf("%s: %w", o.baseline, dataError(err))
			}
			return huntFailed(err, g, o.game.data)
		}
	}
	fmt.Fprint(stdout, md)
	if werr := writeMD(data, o.md, md); werr != nil {
		return werr
	}
	return err
}

// hasFlag reports whether args give the flag name (before "--").
func hasFlag(args []string, name string) bool {
	for _, a := range args {
		if a == "--" {
			break
		}
		n, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if strings.HasPrefix(a, "-") && n == name {
			return true
		}
	}
	return false
}

// writeMD writes s to the -md file path, if one was given ("-": stdout).
func writeMD(stdout io.Writer, path, s string) error {
	if path == "" {
		return nil
	}
	return safeio.WriteFile(path, []byte(s), stdout)
}
