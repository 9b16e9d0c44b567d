package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	ai "balance/ai/cazadores"
	batch "balance/batch/legacy"
	configs "balance/configs/cazadores"
	reports "balance/reports/legacy"
)

// defaultHunts is how many hunts the default analysis plays per Adversary.
const defaultHunts = 100000

// skillShare: by default each Adversary's skill trace plays a skillShare-th
// of -hunts per tier (200 of the default 100,000). The stronger tiers
// think harder: the 200-hunt traces of the five bundled Adversaries take
// about 14 s of CPU, almost all of it the lookahead tier's, against 7 s for
// their main runs of 100,000 hunts (measured on the 2-core development
// machine; 400 hunts took 28 s).
const skillShare = 500

type analyzeOpts struct {
	data    string
	out     string
	hunts   int64
	seed    uint64
	workers int
	quiet   bool
	policy  policyFlags
	// skillHunts: hunts per tier of each skill trace; -1: hunts/skillShare.
	skillHunts int64
	cardHunts  int64 // hunts of each card-effect measurement; -1: a twentieth of hunts
}

func (o *analyzeOpts) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.data, "data", "", "directory of YAML files loaded over the embedded data")
	fs.StringVar(&o.out, "out", filepath.Join("reports", "latest"), "report directory (one sub-directory per Adversary, and an index)")
	intVar(fs, &o.hunts, "hunts", defaultHunts, "hunts per Adversary")
	intVar(fs, &o.seed, "seed", 1, "run seed")
	intVar(fs, &o.workers, "workers", 0, "worker goroutines (0: all cores)")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress: neither what is being run nor the bar or the progress lines")
	o.policy.register(fs, false)
	intVar(fs, &o.skillHunts, "skill-hunts", -1, fmt.Sprintf("hunts per tier of each Adversary's skill trace (-1: a %dth of -hunts, at least 1; 0: no skill trace)", skillShare))
	registerCardHunts(fs, &o.cardHunts)
}

func init() {
	register(&command{
		name:    "analyze",
		summary: "the default analysis: every Adversary against the default Pack (what 'balance' alone runs)",
		usage:   "[-hunts N] [-seed S] [-out DIR] [-workers W] [-pack-ai TIER] [-lookahead-k K] [-lookahead-horizon R] [-skill-hunts N] [-card-hunts N] [-quiet] [-data DIR]",
		long: `Plays every Adversary in the data against the default two-player Pack on
open ground, writes a report per Adversary under -out (default
reports/latest/) with an index, and prints each summary table. Running
'balance' with no arguments does the same with the defaults.

Each report has the card effects (as 'balance run'): the first
-card-hunts hunts (by default a twentieth of -hunts) played again with each
action entry and hit-location effect made blank.

It adds each Adversary's skill trace (as 'balance skill'): every Pack
policy tier plays the same hunts, fewer than the main run, -skill-hunts per
tier (by default a ` + fmt.Sprint(skillShare) + `th of -hunts, at least 1: 200 of the default
100,000); the skill report goes into the Adversary's directory beside its
summary, and the index links to it. -pack-ai chooses the tier of the main
runs.

Unless -quiet, stderr says what is being run (the Adversary, the main run
or the skill trace, and its hunts) and shows the progress: a bar on a
terminal, a line every 10 seconds otherwise. With the defaults it takes
about half a minute on 2 cores.`,
		examples: []string{"balance analyze -hunts 2000 -quiet", "balance analyze -hunts 2000 -pack-ai random -skill-hunts 0 -quiet"},
		run:      runAnalyze,
	})
	flagsOf["analyze"] = func(fs *flag.FlagSet) { new(analyzeOpts).flags(fs) }
}

func runAnalyze(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o analyzeOpts
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o.flags(fs)
	if err := parseFlags(fs, args, false); err != nil {
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
	if err := checkCardHunts(o.cardHunts); err != nil {
		return err
	}
	if o.skillHunts == -1 {
		o.skillHunts = max(o.hunts/skillShare, 1)
	}
	tier, err := o.policy.tier()
	if err != nil {
		return err
	}
	// The report directory is checked before the data load (it must be
	// new, empty or a balance report), and again once the Adversaries,
	// whose reports it will hold, are known.
	if err := checkOutputs(reportDir{"-out", o.out, reports.IndexNames}); err != nil {
		return err
	}
	d, err := loadData(ctx, o.data)
	if err != nil {
		return err
	}
	slugs := d.Slugs("adversaries")
	// The report: one directory per Adversary (its run report, and its
	// skill trace beside it) and the index, replaced as a whole once every
	// Adversary is played (or the analysis is interrupted). The skill
	// trace's files are the analysis's even without -skill-hunts: an older
	// trace does not stay beside a newer summary.
	var names []string
	for _, slug := range slugs {
		for _, n := range append(reports.SummaryNames(), reports.SkillFiles...) {
			names = append(names, slug+"/"+n)
		}
	}
	names = append(names, reports.IndexNames...)
	if err := checkOutputs(reportDir{"-out", o.out, names}); err != nil {
		return err
	}
	var tiers []ai.Tier
	if o.skillHunts > 0 {
		if tiers, err = o.policy.look.tiers(); err != nil {
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
	plan := fmt.Sprintf("analyze: %d Adversaries against the %s Pack on %s, each a main run of %d hunts (%s tier)",
		len(slugs), configs.DefaultPack, configs.DefaultScenario, o.hunts, tier.Name)
	if len(tiers) > 0 {
		plan += fmt.Sprintf(" and a skill trace of %d hunts per tier (%s)", o.skillHunts, strings.Join(tierNames(tiers), ", "))
	}
	say("%s; reports in %s", plan, o.out)
	var entries []reports.IndexEntry
	var files []reports.File
	// finish writes the report of the Adversaries played so far.
	finish := func() error {
		index, err := reports.RenderIndex(o.out, entries)
		if err != nil {
			return err
		}
		return reports.WriteFiles(o.out, names, append(files, index...))
	}
	for _, slug := range slugs {
		g := gameFlags{data: o.data, adversary: slug, pack: configs.DefaultPack, scenario: configs.DefaultScenario}
		st, err := loadRun(ctx, &g, nil)
		if err != nil {
			return err
		}
		say("%s: main run, %d hunts", st.sc.Adversary.Name, o.hunts)
		show, done := progress(stderr, o.quiet, o.hunts, st.sc.Adversary.Name)
		res, err := batch.Run(ctx, batch.Config{Scenario: st.sc, Seed: o.seed, Hunts: o.hunts, Workers: o.workers, Progress: show,
			Policies: tierPolicies(tier)})
		done()
		if err != nil {
			return huntFailed(err, oneDesign(design{g, nil, "", tier.Name}))
		}
		s := batch.Summarize(batch.Meta{Program: "balance " + version, Adversary: slug, Pack: g.pack, Scenario: g.scenario,
			PackAI: tier.Name, Hash: tierHash(st.hash, tier.Name), Seed: o.seed, Stopped: res.Stopped, Elapsed: res.Elapsed, Workers: res.Workers}, res.Tally, st.sc)
		cardsStopped := ""
		if n := cardHunts(o.cardHunts, res.Hunts); res.Stopped != batch.StopInterrupted && n > 0 {
			say("%s: card effects, %d hunts by the design and by each card made blank", st.sc.Adversary.Name, n)
		}
		if res.Stopped != batch.StopInterrupted {
			if s.CardEffects, cardsStopped, err = measureCards(ctx, stderr, o.quiet, st.sc, tier, o.seed, 0, cardHunts(o.cardHunts, res.Hunts), o.workers); err != nil {
				return err
			}
		}
		fs, err := reports.RenderSummary(s)
		if err != nil {
			return err
		}
		files = append(files, reports.Prefix(slug, fs)...)
		entry := reports.IndexEntry{Name: st.sc.Adversary.Name, Dir: slug, S: s}
		reports.Table(stdout, s)
		fmt.Fprintln(stdout)
		stop := func(hunts int64) error {
			entries = append(entries, entry)
			if err := finish(); err != nil {
				return err
			}
			return interrupted{hunts}
		}
		if res.Stopped == batch.StopInterrupted {
			return stop(res.Hunts)
		}
		if cardsStopped == batch.StopInterrupted {
			return stop(res.Hunts)
		}
		if len(tiers) > 0 {
			say("%s: skill trace, %d hunts by each of %d tiers", st.sc.Adversary.Name, o.skillHunts, len(tiers))
			show, done := progress(stderr, o.quiet, o.skillHunts*int64(len(tiers)), st.sc.Adversary.Name+" (skill)")
			pr, err := batch.RunPaired(ctx, batch.Config{Scenario: st.sc, Seed: o.seed, Hunts: o.skillHunts, Workers: o.workers, Progress: show}, tiers)
			done()
			if err != nil {
				return huntFailed(err, func(j int) design { return design{g, nil, "", tiers[j].Name} })
			}
			k := batch.SummarizeSkill(batch.Meta{Program: "balance " + version, Adversary: slug, Pack: g.pack, Scenario: g.scenario,
				Hash: st.hash, Seed: o.seed, Elapsed: pr.Elapsed, Workers: pr.Workers}, pr, st.sc)
			fs, err := reports.RenderSkill(k)
			if err != nil {
				return err
			}
			files = append(files, reports.Prefix(slug, fs)...)
			entry.Skill = k
			reports.SkillTable(stdout, k)
			fmt.Fprintln(stdout)
			if pr.Stopped == batch.StopInterrupted {
				return stop(pr.Hunts)
			}
		}
		entries = append(entries, entry)
	}
	if err := finish(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "report: %s\n", filepath.Join(o.out, "index.md"))
	say("analyze: done in %s", roundDuration(time.Since(start)))
	return nil
}

// tierNames lists the names of tiers.
func tierNames(tiers []ai.Tier) []string {
	names := make([]string, len(tiers))
	for i, t := range tiers {
		names[i] = t.Name
	}
	return names
}
