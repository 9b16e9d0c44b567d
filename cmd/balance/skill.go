package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"balance/batch"
	"balance/game"
	"balance/reports"
	"balance/safeio"
	"balance/workflow"
)

type skillOpts struct {
	game        gameFlags
	hunts       int64
	seed        uint64
	workers     int
	targetError float64
	out         string
	json        string
	quiet       bool
}

func (o *skillOpts) flags(fs *flag.FlagSet, g game.Game) {
	o.game.register(fs, g, withOptions|withSet|withPolicyOptions, "", false)
	intVar(fs, &o.hunts, "hunts", 20000, "hunts per tier: every tier plays the same hunts (with -target-error: at most)")
	intVar(fs, &o.seed, "seed", 1, "run seed: hunt i plays the random stream (seed, i) for every tier")
	intVar(fs, &o.workers, "workers", 0, "worker goroutines (0: all cores); the results do not depend on it")
	fs.Float64Var(&o.targetError, "target-error", 0, "stop once every tier's 95% win rate interval is at most this wide on each side (checked every 1024 hunts)")
	fs.StringVar(&o.out, "out", "", "write the skill report (skill.md, skill.html, skill.json, skill.csv, skill_pairs.csv, skill.png, skill.svg) to this directory")
	fs.StringVar(&o.json, "json", "", "write skill.json to this file (-: standard output)")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress: no bar on a terminal, no progress lines otherwise")
}

func init() {
	register(&command{
		name:    "skill",
		summary: "the skill trace: the win rate under every policy tier, on the same hunts",
		usage:   "[-game NAME] [GAME OPTIONS] [-hunts N] [-seed S] [-workers W] [-target-error E] [-out DIR] [-json FILE] [-set KEY=VALUE]... [-quiet] [-data DIR]",
		long: `skill plays the same -hunts hunts once with each policy tier of the game
('balance list policies', from the weakest up): hunt i is played by every
tier on the random stream (seed, i), so the tiers are compared on common
random numbers. It prints, per tier, the win rate, the hunt length and each
headline figure, with 95% intervals and n; and, per pair of neighbouring
tiers, the paired change of each (a hybrid score interval for the paired
proportions), the exact McNemar p-value of the hunts only one of the two
won, and whether the change is significant at 5%. -out writes skill.md,
skill.html, skill.json (docs/skill-schema.md), skill.csv, skill_pairs.csv
and a plot (skill.png, skill.svg). The game's policy options (under
Flags) set its tiers.

'balance run -policy all' does the same. -target-error stops once the
widest of the tiers' win-rate intervals is narrow enough. Ctrl-C, SIGTERM
and SIGHUP stop the run cleanly: the hunts finished so far are reported,
marked as interrupted.`,
		examples: []string{
			"balance skill -hunts 2000 -quiet",
			"balance run -policy all -hunts 2000 -quiet",
		},
		run: runSkill,
	})
	flagsOf["skill"] = func(fs *flag.FlagSet, g game.Game) { new(skillOpts).flags(fs, g) }
}

func runSkill(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o skillOpts
	if _, err := parseGame("skill", args, false, o.flags); err != nil {
		return err
	}
	return skill(ctx, stdout, stderr, &o)
}

// skill runs and reports a skill trace.
func skill(ctx context.Context, stdout, stderr io.Writer, o *skillOpts) error {
	switch {
	case badHunts(o.hunts, 1):
		return huntsRange(o.hunts, 1)
	case badWorkers(o.workers):
		return workersRange(o.workers)
	case badTargetError(o.targetError):
		return usagef("-target-error %g: give a half-width between 0 and 0.5, e.g. 0.01", o.targetError)
	}
	data := stdout
	stdout = textOut(stdout, stderr, o.json)
	if err := checkOutputs(reportDir{"-out", o.out, reports.SkillFiles}, [2]string{"-json", o.json}); err != nil {
		return err
	}
	l, err := o.game.open(ctx)
	if err != nil {
		return err
	}
	k, r, err := workflow.Skill(ctx, l, workflow.SkillOptions{Spec: o.game.spec(), TargetError: o.targetError,
		Play: workflow.Play{Seed: o.seed, Hunts: o.hunts, Workers: o.workers, Progress: progressOf(stderr, o.quiet)}})
	if err != nil {
		return huntFailed(err, o.game.g, o.game.data)
	}
	if o.out != "" {
		if err := reports.WriteSkill(o.out, k); err != nil {
			return err
		}
	}
	if o.json != "" {
		b, err := reports.EncodeValue(k)
		if err != nil {
			return fmt.Errorf("cannot write %s: %w", o.json, err)
		}
		if err := safeio.WriteFile(o.json, b, data); err != nil {
			return err
		}
	}
	reports.SkillTable(stdout, k)
	if o.targetError > 0 && r.Stopped == batch.StopHunts {
		// The widest interval of the tiers is the one that missed.
		widest := r.Tallies[0]
		for _, t := range r.Tallies[1:] {
			if batch.HalfWidth(t) > batch.HalfWidth(widest) {
				widest = t
			}
		}
		fmt.Fprintln(stdout, targetErrorNote(o.targetError, "the widest tier's win rate", widest))
	}
	if r.Stopped == batch.StopInterrupted {
		return workflow.Interrupted{Hunts: r.Hunts}
	}
	return nil
}

// skillFromRun runs 'run -policy all': the skill trace with run's flags.
func skillFromRun(ctx context.Context, stdout, stderr io.Writer, o *runOpts) error {
	switch {
	case o.shards > 1 || o.tally != "":
		return usagef("%s all cannot be split into shards (-shards, -tally): run each tier with its own %s", o.game.policyFlagName(), o.game.policyFlagName())
	case o.cpuprofile != "" || o.memprofile != "":
		return usagef("%s all does not take -cpuprofile or -memprofile: profile one tier with %s NAME", o.game.policyFlagName(), o.game.policyFlagName())
	}
	return skill(ctx, stdout, stderr, &skillOpts{game: o.game, hunts: o.hunts, seed: o.seed, workers: o.workers,
		targetError: o.targetError, out: o.out, json: o.json, quiet: o.quiet})
}
