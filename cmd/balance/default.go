package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"balance/batch"
	"balance/game"
	"balance/reports"
	"balance/stats"
	"balance/workflow"
)

// defaultHunts is how many hunts the default analysis plays per entry.
const defaultHunts = 100000

// skillShare: by default each entry's skill trace plays a skillShare-th
// of -hunts per tier (200 of the default 100,000). The stronger tiers
// think harder: for the default game, the 200-hunt traces of its five
// bundled entries take about 14 s of CPU, almost all of it the lookahead
// tier's, against 7 s for their main runs of 100,000 hunts (measured on the
// 2-core development machine; 400 hunts took 28 s).
const skillShare = 500

// minSkillHunts is the fewest hunts per tier the default skill trace
// plays: a trace of 1 or 4 hunts a tier gives intervals too wide to say
// anything (and, of a share, next to none), yet read as a finding.
const minSkillHunts = 20

type analyzeOpts struct {
	game    gameFlags
	out     string
	hunts   int64
	seed    uint64
	workers int
	quiet   bool
	// skillHunts: hunts per tier of each skill trace; -1: hunts/skillShare.
	skillHunts int64
	cardHunts  int64 // hunts of each ablation measurement; -1: a twentieth of hunts
}

func (o *analyzeOpts) flags(fs *flag.FlagSet, g game.Game) {
	o.game.register(fs, g, withPolicy, "", false)
	fs.StringVar(&o.out, "out", filepath.Join("reports", "latest"), "report directory (one sub-directory per entry, and an index)")
	intVar(fs, &o.hunts, "hunts", defaultHunts, "hunts per entry of the game's main option")
	intVar(fs, &o.seed, "seed", 1, "run seed")
	intVar(fs, &o.workers, "workers", 0, "worker goroutines (0: all cores)")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress: neither what is being run nor the bar or the progress lines")
	intVar(fs, &o.skillHunts, "skill-hunts", -1, fmt.Sprintf("hunts per tier of each entry's skill trace (-1: a %dth of -hunts, at least %d; 0: no skill trace)", skillShare, minSkillHunts))
	registerCardHunts(fs, &o.cardHunts)
}

func init() {
	register(&command{
		name:    "analyze",
		summary: "the default analysis: every entry of the game's main option at the defaults (what 'balance' alone runs)",
		usage:   "[-game NAME] [GAME OPTIONS] [-hunts N] [-seed S] [-out DIR] [-workers W] [-policy TIER] [-skill-hunts N] [-card-hunts N] [-quiet] [-data DIR]",
		long: `Plays every entry of the game's main option in the data, every other
option at its default, writes a report per entry under -out (default
reports/latest/) with an index, and prints each summary table. Running
'balance' with no arguments does the same with the defaults.

Each report says what each part of the design does (as 'balance run'): the
first -card-hunts hunts (by default a twentieth of -hunts) played again
with each part the game can switch off switched off.

It adds each entry's skill trace (as 'balance skill'): every policy tier
plays the same hunts, fewer than the main run, -skill-hunts per tier (by
default a ` + fmt.Sprint(skillShare) + `th of -hunts, at least 1: 200 of the default 100,000); the
skill report goes into the entry's directory beside its summary, and the
index links to it. -policy (or the game's own name for it, under Flags)
chooses the tier of the main runs.

Unless -quiet, stderr says what is being run (the entry, the main run or
the skill trace, and its hunts) and shows the progress: a bar on a
terminal, a line every 10 seconds otherwise. With the defaults it takes
about half a minute on 2 cores.`,
		examples: []string{"balance analyze -hunts 2000 -quiet", "balance analyze -hunts 2000 -policy random -skill-hunts 0 -quiet"},
		run:      runAnalyze,
	})
	flagsOf["analyze"] = func(fs *flag.FlagSet, g game.Game) { new(analyzeOpts).flags(fs, g) }
}

func runAnalyze(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o analyzeOpts
	if _, err := parseGame("analyze", args, false, o.flags); err != nil {
		return err
	}
	if badHunts(o.hunts, 1) {
		return huntsRange(o.hunts, 1)
	}
	if badWorkers(o.workers) {
		return workersRange(o.workers)
	}
	if o.skillHunts < -1 || o.skillHunts > batch.MaxHunts {
		return usagef("-skill-hunts %d: give a number of hunts up to %d, 0 for no skill trace, or -1 for a %dth of -hunts", o.skillHunts, int64(batch.MaxHunts), skillShare)
	}
	if err := checkCardHunts(o.cardHunts, o.hunts); err != nil {
		return err
	}
	if o.skillHunts == -1 {
		o.skillHunts = max(o.hunts/skillShare, minSkillHunts)
	}
	// The report directory is checked before the data load (it must be
	// new, empty or a balance report), and again once the entries, whose
	// reports it will hold, are known.
	if err := checkOutputs(reportDir{"-out", o.out, reports.IndexNames}); err != nil {
		return err
	}
	l, err := o.game.open(ctx)
	if err != nil {
		return err
	}
	choice := o.game.choice()
	// The lookahead's settings may refine the skill trace's tier, whatever
	// tier plays the main runs: only -policy and its second name must agree.
	if o.game.clash != "" {
		return usagef("%s", o.game.clash)
	}
	policy, err := l.Policy(choice, o.game.policy)
	if err != nil {
		return err
	}
	opt, entries, swept, err := workflow.Swept(l)
	if err != nil {
		return err
	}
	if !swept {
		entries = []string{""}
	}
	// The report: one directory per entry (its run report, and its skill
	// trace beside it) and the index, replaced as a whole once every
	// entry is played (or the analysis is interrupted). The skill trace's
	// files are the analysis's even without -skill-hunts: an older trace
	// does not stay beside a newer summary.
	var names []string
	for _, e := range entries {
		spec := workflow.Spec{Choice: game.Choice{}}
		if swept {
			spec.Choice[opt.Name] = e
		}
		des, err := l.Design(ctx, spec, o.seed)
		if err != nil {
			return err
		}
		empty := stats.NewReport(stats.RunInfo{}, stats.NewTally(des.Schema()))
		for _, n := range append(reports.SummaryNames(empty), reports.SkillFiles...) {
			names = append(names, entryDir(e)+"/"+n)
		}
	}
	names = append(names, reports.IndexNames...)
	if err := checkOutputs(reportDir{"-out", o.out, names}); err != nil {
		return err
	}
	var tiers []game.Policy
	if o.skillHunts > 0 {
		if tiers, _, err = l.Data.Policies(choice); err != nil {
			return err
		}
	}
	// say tells on stderr what is being run, unless -quiet.
	say := func(format string, a ...any) {
		if !o.quiet {
			fmt.Fprintf(stderr, format+"\n", a...)
		}
	}
	start := time.Now()
	// The plan: the entries, and the other options at their defaults.
	what := "the default design of " + l.Game.Info().Title
	if swept {
		what = fmt.Sprintf("%d %s of %s", len(entries), opt.List, l.Game.Info().Title)
	}
	var fixed []string
	for _, op := range l.Game.Options() {
		if op.Name != opt.Name && !op.Policy && op.Default != "" {
			fixed = append(fixed, op.Name+" "+op.Default)
		}
	}
	if len(fixed) > 0 {
		what += " (" + strings.Join(fixed, ", ") + ")"
	}
	plan := fmt.Sprintf("analyze: %s, each a main run of %d hunts (%s tier)", what, o.hunts, policy)
	if len(tiers) > 0 {
		var tn []string
		for _, t := range tiers {
			tn = append(tn, t.Name)
		}
		plan += fmt.Sprintf(" and a skill trace of %s per tier (%s)", game.Plural(int(o.skillHunts), "hunt"), strings.Join(tn, ", "))
	}
	say("%s; reports in %s", plan, o.out)
	var index []reports.IndexEntry
	var files []reports.File
	err = workflow.Analyze(ctx, l, workflow.AnalyzeOptions{
		Play:   workflow.Play{Seed: o.seed, Hunts: o.hunts, Workers: o.workers, Progress: progressOf(stderr, o.quiet)},
		Choice: choice, Policy: policy, SkillHunts: o.skillHunts, AblationHunts: o.cardHunts, Say: say,
	}, func(e workflow.AnalyzeEntry) error {
		dir := entryDir(e.Name)
		fs, err := reports.RenderSummary(e.Report)
		if err != nil {
			return err
		}
		files = append(files, reports.Prefix(dir, fs)...)
		reports.Table(stdout, e.Report)
		fmt.Fprintln(stdout)
		if e.Skill != nil {
			fs, err := reports.RenderSkill(e.Skill)
			if err != nil {
				return err
			}
			files = append(files, reports.Prefix(dir, fs)...)
			reports.SkillTable(stdout, e.Skill)
			fmt.Fprintln(stdout)
		}
		index = append(index, reports.IndexEntry{Name: e.Report.Title, Dir: dir, R: e.Report, Skill: e.Skill})
		return nil
	})
	var intr workflow.Interrupted
	if err != nil && !errors.As(err, &intr) {
		return huntFailed(err, o.game.g, o.game.data)
	}
	files2, ierr := reports.RenderIndex(o.out, index)
	if ierr != nil {
		return ierr
	}
	if werr := reports.WriteFiles(o.out, names, append(files, files2...)); werr != nil {
		return werr
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "report: %s\n", filepath.Join(o.out, "index.md"))
	say("analyze: done in %s", roundDuration(time.Since(start)))
	return nil
}

// entryDir is the directory of an entry's report under the analysis's:
// its name, or "default" for a game without a main option.
func entryDir(name string) string {
	if name == "" {
		return "default"
	}
	return name
}
