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
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	ai "balance/ai/cazadores"
	batch "balance/batch/legacy"
	configs "balance/configs/cazadores"
	reports "balance/reports/legacy"
	"balance/safeio"
	sim "balance/sim/cazadores"
	"balance/sim/dice"
	"balance/stats"
)

// multiFlag is a repeatable string flag (-set).
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, " ") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

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
	set         multiFlag
	objective   string
	shards      int
	shard       int
	tally       string
	policy      policyFlags
	cardHunts   int64
}

func (o *runOpts) flags(fs *flag.FlagSet) {
	o.game.register(fs, "wandering-son")
	intVar(fs, &o.hunts, "hunts", 100000, "hunts to play (with -target-error: at most)")
	intVar(fs, &o.seed, "seed", 1, "run seed: hunt i plays the random stream (seed, i)")
	intVar(fs, &o.workers, "workers", 0, "worker goroutines (0: all cores); the results do not depend on it")
	fs.Float64Var(&o.targetError, "target-error", 0, "stop once the 95% interval of the Pack win rate is at most this wide on each side (checked every 1024 hunts)")
	fs.StringVar(&o.out, "out", "", "write the report (summary.md, summary.json, CSV, PNG and SVG plots) to this directory, replaced as a whole")
	fs.StringVar(&o.json, "json", "", "write summary.json to this file (-: standard output)")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress: no bar on a terminal, no progress lines otherwise")
	fs.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile to this file (-: standard output)")
	fs.StringVar(&o.memprofile, "memprofile", "", "write a heap profile to this file at the end (-: standard output)")
	fs.StringVar(&o.objective, "objective", "", "play with an Objective: its slug (see 'balance list objectives'), or random (a d10 roll from the seed)")
	fs.Var(&o.set, "set", "override a number, e.g. adversary.def=7 or adversary.wnd=+5 (repeatable; see 'balance help run')")
	intVar(fs, &o.shards, "shards", 1, "split the run's hunts into this many shards (with -shard and -tally)")
	intVar(fs, &o.shard, "shard", 0, "which shard to run, 0..shards-1")
	fs.StringVar(&o.tally, "tally", "", "write this shard's tally to FILE, for 'balance merge' (-: standard output)")
	o.policy.register(fs, true)
	registerCardHunts(fs, &o.cardHunts)
}

func init() {
	register(&command{
		name:    "run",
		summary: "play many hunts and report win rates, wounds, damage curves and card impact",
		usage:   "[-adversary SLUG|FILE] [-pack NAME] [-scenario NAME] [-hunts N] [-seed S] [-workers W] [-target-error E] [-out DIR] [-json FILE] [-set KEY=VALUE]... [-shards N -shard K -tally FILE] [-pack-ai TIER|all] [-lookahead-k K] [-lookahead-horizon R] [-objective SLUG|random] [-card-hunts N] [-quiet] [-cpuprofile FILE] [-memprofile FILE] [-data DIR]",
		long: `Plays -hunts hunts of the Adversary against the pack, hunt i always with the
random stream (seed, i), on all cores, and prints a summary table; -out
writes the full report. Every figure comes with its 95% interval and n.

-set overrides a number before the run, checked like the YAML: the keys are
` + strings.Join(configs.OverrideKeys, ", ") + `.
A number may be relative (+5, -1). adversary.wnd spreads the change over the
hit locations, one WND at a time from the lowest.

-pack-ai TIER plays the Pack with that policy tier (` + strings.Join(ai.TierNames(), ", ") + `;
default ` + batch.DefaultPackAI + `); -pack-ai all plays every tier on the same hunts and reports the
skill trace, as 'balance skill' does. -lookahead-k K and -lookahead-horizon R
set the lookahead tier's rollouts per plan and how many Rounds each plays
ahead (0: to the end of the hunt); the report names them, as in
lookahead(k=4,horizon=2), and -pack-ai accepts that name too.

The report says what each card does: the first -card-hunts hunts (by
default a twentieth of the hunts played) are played again with each action
entry (the four standard and four special) and each hit location's
exhaustion effect made blank, on the same random streams: a blank card is
still drawn and its Turn taken, but its action does nothing; a blank
location is still exhausted, without its effect. Each entry gets the paired
change of the Pack win rate (exact McNemar test), of the hunt length and of
the Pack's WNDs taken, ranked biggest first. It costs one lane of
-card-hunts hunts per entry, and one for the design (12 to 14 lanes for
the bundled Adversaries); -card-hunts 0 leaves it out.

-shards N -shard K -tally FILE plays only shard K of the hunts and writes its
tally; 'balance merge' joins the shards into the report a single run gives,
without the card effects (a sharded run does not measure them).

Ctrl-C, SIGTERM and SIGHUP stop the run cleanly: the hunts finished so far
(in index order) are reported, marked as interrupted, exit code 1; a second
signal stops at once. -out replaces its directory as a whole (what the
report does not write is kept); -json, -tally and the profiles take - for
standard output. A hunt that fails is reported with the trace command that
replays it.`,
		examples: []string{
			"balance run -adversary wandering-son -hunts 20000 -quiet",
			"balance run -adversary praetorians -pack quartet -hunts 5000 -seed 7 -quiet",
			"balance run -adversary neonate-wurm -set adversary.def=8 -set adversary.wnd=+5 -hunts 5000 -quiet",
			"balance run -adversary creature-wreathed-in-light -target-error 0.01 -quiet",
			"balance run -adversary praetorians -pack-ai lookahead -lookahead-k 4 -lookahead-horizon 2 -hunts 200 -quiet",
			"balance run -adversary wandering-son -pack-ai random -hunts 2000 -quiet",
		},
		run: runRun,
	})
	flagsOf["run"] = func(fs *flag.FlagSet) { new(runOpts).flags(fs) }
}

// setup is a loaded, checked run configuration.
type setup struct {
	data *configs.Data
	sc   *sim.Scenario
	slug string
	hash string
}

// loadRun loads the data, applies the overrides and compiles the scenario.
func loadRun(ctx context.Context, g *gameFlags, overrides []string) (*setup, error) {
	d, err := loadData(ctx, g.data)
	if err != nil {
		return nil, err
	}
	slug, err := g.resolve(d)
	if err != nil {
		return nil, err
	}
	for _, kv := range overrides {
		if err := d.Set(slug, kv); err != nil {
			// A -set value the rules refuse is a mistake in the command
			// line, as an unknown key is.
			return nil, &usageError{err.Error()}
		}
	}
	sc, err := d.Compile(slug, g.pack, g.scenario)
	if err != nil {
		return nil, err
	}
	return &setup{data: d, sc: sc, slug: slug, hash: d.Hash(slug, g.pack, g.scenario)}, nil
}

// pickObjective resolves -objective: a slug, or random: the Objective whose
// number a d10 rolled from the run seed gives.
func pickObjective(d *configs.Data, name string, seed uint64) (string, error) {
	if name != "random" {
		return name, checkName(d, "objectives", name)
	}
	var r dice.RNG
	r.Seed(seed, 1<<63) // a stream no hunt uses
	roll := r.D10()
	for _, s := range d.Slugs("objectives") {
		if d.Objectives[s].Roll == roll {
			return s, nil
		}
	}
	return "", fmt.Errorf("-objective random rolled %d, and no objective has that number", roll)
}

// withObjective recompiles the scenario with an Objective and marks the
// hash with it.
func (st *setup) withObjective(pack, scenario, objective string) error {
	sc, err := st.data.CompileWith(st.slug, pack, scenario, objective)
	if err != nil {
		return err
	}
	st.sc = sc
	st.hash += "+" + objective
	return nil
}

// beforePlay, when a test sets it, is called as a command is about to
// play hunts (when it sets up its progress): a test interrupts commands
// there, after their data loaded and before their first hunt.
var beforePlay func()

// progress returns a progress callback for a run of total hunts: a bar on
// stderr when it is a terminal; otherwise (a CI log, a file) a line every
// progressEvery with the hunts done, the rate and the time left; nothing
// when quiet. Call the second function when the run ends.
func progress(stderr io.Writer, quiet bool, total int64, what string) (func(int64), func()) {
	if beforePlay != nil {
		beforePlay()
	}
	if quiet {
		return nil, func() {}
	}
	f, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return progressLines(stderr, total, what, progressEvery)
	}
	bar := progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(stderr),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("hunts"),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
	return func(done int64) { bar.Set64(done) }, func() { bar.Finish() }
}

func runRun(ctx context.Context, stdout, stderr io.Writer, args []string) (err error) {
	var o runOpts
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o.flags(fs)
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	switch {
	case badHunts(o.hunts, 1):
		return huntsRange(o.hunts, 1)
	case badWorkers(o.workers):
		return workersRange(o.workers)
	case badTargetError(o.targetError):
		return usagef("-target-error %g: give a half-width between 0 and 0.5, e.g. 0.01", o.targetError)
	case o.shards < 1:
		return usagef("-shards %d: at least 1", o.shards)
	case o.shard < 0 || o.shard >= o.shards:
		return usagef("-shard %d: shards are numbered 0..%d", o.shard, o.shards-1)
	case o.shards > 1 && o.tally == "":
		return usagef("-shards %d needs -tally FILE to write the shard's tally to", o.shards)
	case o.shards > 1 && o.targetError > 0:
		return usagef("-target-error cannot be used with -shards: each shard must play its whole range")
	case int64(o.shards) > o.hunts:
		return usagef("-shards %d: more shards than hunts (%d)", o.shards, o.hunts)
	case o.shards > 1 && o.cardHunts > 0:
		return usagef("-card-hunts cannot be used with -shards: the card effects are measured by a whole run")
	}
	if err := checkCardHunts(o.cardHunts); err != nil {
		return err
	}
	if o.policy.name == packAIAll {
		return skillFromRun(ctx, stdout, stderr, &o)
	}
	// data carries the output files written to standard output ("-"); the
	// table then goes to stderr.
	data := stdout
	stdout = textOut(stdout, stderr, o.json, o.tally, o.cpuprofile, o.memprofile)
	tier, err := o.policy.tier()
	if err != nil {
		return err
	}
	if err := checkOutputs(reportDir{"-out", o.out, reports.SummaryNames()}, [2]string{"-json", o.json}, [2]string{"-tally", o.tally},
		[2]string{"-cpuprofile", o.cpuprofile}, [2]string{"-memprofile", o.memprofile}); err != nil {
		return err
	}
	st, err := loadRun(ctx, &o.game, o.set)
	if err != nil {
		return err
	}
	objective := ""
	if o.objective != "" {
		if objective, err = pickObjective(st.data, o.objective, o.seed); err != nil {
			return err
		}
		if err := st.withObjective(o.game.pack, o.game.scenario, objective); err != nil {
			return err
		}
	}
	st.hash = tierHash(st.hash, tier.Name)
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
			if cerr := w.Close(); err == nil || errors.As(err, new(interrupted)) {
				err = errors.Join(err, cerr)
			}
		}()
	}
	first, n := batch.ShardRange(o.hunts, o.shards, o.shard)
	show, done := progress(stderr, o.quiet, n, st.sc.Adversary.Name)
	res, err := batch.Run(ctx, batch.Config{Scenario: st.sc, Seed: o.seed, First: first, Hunts: n,
		Workers: o.workers, TargetError: o.targetError, Progress: show, Policies: tierPolicies(tier)})
	done()
	if err != nil {
		return huntFailed(err, oneDesign(design{o.game, o.set, objective, tier.Name}))
	}
	// summary.json records the target error only when the run stopped at
	// it (docs/summary-schema.md); a target not reached is noted below.
	reached := 0.0
	if res.Stopped == batch.StopTargetError {
		reached = o.targetError
	}
	meta := batch.Meta{Program: "balance " + version, Adversary: st.slug, Pack: o.game.pack, Scenario: o.game.scenario,
		PackAI: tier.Name, Overrides: o.set, Hash: st.hash, Seed: o.seed, First: first, Stopped: res.Stopped, TargetError: reached,
		Elapsed: res.Elapsed, Workers: res.Workers}
	s := batch.Summarize(meta, res.Tally, st.sc)
	cardsStopped := ""
	if o.shards == 1 && res.Stopped != batch.StopInterrupted {
		ce, stopped, err := measureCards(ctx, stderr, o.quiet, st.sc, tier, o.seed, first, cardHunts(o.cardHunts, res.Hunts), o.workers)
		if err != nil {
			return err
		}
		s.CardEffects, cardsStopped = ce, stopped
	}
	if o.tally != "" {
		h := batch.Header{Program: meta.Program, ConfigHash: st.hash, Adversary: st.slug, Pack: o.game.pack,
			Scenario: o.game.scenario, PackAI: tier.Name, Objective: objective, Overrides: o.set, Seed: o.seed, Total: o.hunts, Shards: o.shards, Shard: o.shard,
			First: first, Hunts: res.Hunts, Stopped: res.Stopped, Build: buildIdentity()}
		if err := batch.WriteTallyFile(o.tally, h, res.Tally, data); err != nil {
			return err
		}
	}
	if err := writeOutputs(data, s, o.out, o.json); err != nil {
		return err
	}
	reports.Table(stdout, s)
	if o.targetError > 0 && res.Stopped == batch.StopHunts {
		fmt.Fprintln(stdout, targetErrorNote(o.targetError, "the Pack win rate", res.Tally))
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
	if res.Stopped == batch.StopInterrupted {
		return interrupted{res.Hunts}
	}
	if cardsStopped == batch.StopInterrupted {
		return fmt.Errorf("interrupted while measuring the card effects; the report covers the %d hunts of the run and the card effects measured so far", res.Hunts)
	}
	return nil
}

// targetErrorNote says that a run with -target-error played all its
// -hunts without reaching it, and how near it came.
// what names the figure, e.g. "the Pack win rate".
func targetErrorNote(target float64, what string, t *batch.Tally) string {
	hw := halfWidth(t)
	return fmt.Sprintf("Note: target error %g not reached: the 95%% interval of %s is ±%.2g (±%.2g%%) after %d hunts, the most -hunts allows; give more -hunts to reach it",
		target, what, hw, 100*hw, t.Hunts)
}

// halfWidth is half the width of the 95% interval of the Pack win rate,
// the figure -target-error bounds.
func halfWidth(t *batch.Tally) float64 {
	e := stats.Proportion(t.Outcomes[sim.PackWon], t.Hunts, batch.Conf)
	return (e.High - e.Low) / 2
}

// writeOutputs writes the report directory and the JSON file asked for
// ("-": to stdout).
func writeOutputs(stdout io.Writer, s *stats.Summary, out, jsonPath string) error {
	if out != "" {
		if err := reports.WriteDir(out, s); err != nil {
			return err
		}
	}
	if jsonPath != "" {
		b, err := reports.EncodeJSON(s)
		if err != nil {
			return fmt.Errorf("cannot write %s: %w", jsonPath, err)
		}
		if err := safeio.WriteFile(jsonPath, b, stdout); err != nil {
			return err
		}
	}
	return nil
}

// interrupted is the error of a run stopped by Ctrl-C: its report was
// still written; the exit code is 1.
type interrupted struct{ hunts int64 }

func (e interrupted) Error() string {
	return fmt.Sprintf("interrupted after %d hunts; the report covers those hunts", e.hunts)
}
