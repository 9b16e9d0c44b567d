package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	ai "balance/ai/cazadores"
	batch "balance/batch/legacy"
	reports "balance/reports/legacy"
	"balance/safeio"
	sim "balance/sim/cazadores"
)

// packAIAll is the -pack-ai value of run that plays every tier (skill).
const packAIAll = "all"

// packAIUsage is the -pack-ai flag's help.
func packAIUsage(all bool) string {
	u := "the Pack's policy tier, from the weakest up: " + strings.Join(ai.TierNames(), ", ")
	if all {
		u += "; all: every tier on the same hunts (as 'balance skill')"
	}
	return u
}

// lookaheadFlags are -lookahead-k and -lookahead-horizon, the settings of
// the lookahead tier, beside -pack-ai in every command that plays hunts.
type lookaheadFlags struct{ k, horizon int }

func (l *lookaheadFlags) register(fs *flag.FlagSet) {
	intVar(fs, &l.k, "lookahead-k", ai.DefaultLookaheadK, fmt.Sprintf("rollouts per plan of the lookahead tier (1..%d)", ai.MaxLookaheadK))
	intVar(fs, &l.horizon, "lookahead-horizon", ai.DefaultLookaheadHorizon, "Rounds each lookahead rollout plays ahead (0: to the end of the hunt)")
}

// policyFlags are -pack-ai with the lookahead's settings: the Pack's
// policy tier of a command that plays hunts.
type policyFlags struct {
	name string
	look lookaheadFlags
}

// register adds -pack-ai (all: it also takes "all", every tier) and the
// lookahead flags.
func (p *policyFlags) register(fs *flag.FlagSet, all bool) {
	fs.StringVar(&p.name, "pack-ai", batch.DefaultPackAI, packAIUsage(all))
	p.look.register(fs)
}

// tier resolves the flags (see tierNamed).
func (p policyFlags) tier() (ai.Tier, error) { return tierNamed(p.name, p.look) }

// maxHorizon bounds -lookahead-horizon: far beyond any hunt's length.
const maxHorizon = 1000

func (l lookaheadFlags) check() error {
	if l.k < 1 || l.k > ai.MaxLookaheadK {
		return usagef("-lookahead-k %d: give a number of rollouts from 1 to %d, e.g. %d", l.k, ai.MaxLookaheadK, ai.DefaultLookaheadK)
	}
	if l.horizon < 0 || l.horizon > maxHorizon {
		return usagef("-lookahead-horizon %d: give a number of Rounds from 0 (to the end of the hunt) to %d, e.g. 2", l.horizon, maxHorizon)
	}
	return nil
}

// apply returns t with these settings when t is the lookahead tier and
// they are not the defaults: its name then carries them,
// lookahead(k=K,horizon=H), a name tierNamed reads back (baselines and
// shard headers record it).
func (l lookaheadFlags) apply(t ai.Tier) ai.Tier {
	if t.Name != lookaheadTier || (l.k == ai.DefaultLookaheadK && l.horizon == ai.DefaultLookaheadHorizon) {
		return t
	}
	k, hz := l.k, uint16(l.horizon)
	t.Name = fmt.Sprintf("%s(k=%d,horizon=%d)", lookaheadTier, k, hz)
	t.New = func() sim.PackPolicy { return ai.NewLookahead(k, hz) }
	return t
}

const lookaheadTier = "lookahead"

// tiers returns every tier from the weakest up, the lookahead with these
// settings.
func (l lookaheadFlags) tiers() ([]ai.Tier, error) {
	if err := l.check(); err != nil {
		return nil, err
	}
	ts := ai.Tiers()
	for i := range ts {
		ts[i] = l.apply(ts[i])
	}
	return ts, nil
}

// tierNamed resolves a -pack-ai value with the lookahead settings l: an
// unknown name is a usage error with the nearest name and the list. A name
// lookahead(k=K,horizon=H) carries its own settings.
func tierNamed(name string, l lookaheadFlags) (ai.Tier, error) {
	if err := l.check(); err != nil {
		return ai.Tier{}, err
	}
	if rest, ok := strings.CutPrefix(name, lookaheadTier+"("); ok {
		var p lookaheadFlags
		if n, err := fmt.Sscanf(rest, "k=%d,horizon=%d)", &p.k, &p.horizon); err != nil || n != 2 || !strings.HasSuffix(rest, ")") {
			return ai.Tier{}, usagef("-pack-ai %q: write lookahead(k=K,horizon=H), e.g. lookahead(k=16,horizon=0), or use -lookahead-k and -lookahead-horizon", name)
		}
		if err := p.check(); err != nil {
			return ai.Tier{}, err
		}
		name, l = lookaheadTier, p
	}
	t, ok := ai.TierByName(name)
	if ok {
		return l.apply(t), nil
	}
	names := ai.TierNames()
	if s := nearest(name, names); s != "" {
		return t, usagef("-pack-ai %q: no such tier; did you mean %q? (tiers: %s)", name, s, strings.Join(names, ", "))
	}
	return t, usagef("-pack-ai %q: no such tier (tiers: %s)", name, strings.Join(names, ", "))
}

// tierPolicies makes one policy of tier t and the rulebook's Foe AI per
// worker.
func tierPolicies(t ai.Tier) func() (sim.PackPolicy, sim.FoeAI) {
	return func() (sim.PackPolicy, sim.FoeAI) { return t.New(), ai.Foes{} }
}

// tierHash is the configuration hash of a run of tier name: the game
// data's hash, with the tier appended unless it is the default, so that
// shards of different tiers refuse to merge while the hashes of runs of
// the default tier stay what they were.
func tierHash(hash, name string) string {
	if name == "" || name == batch.DefaultPackAI {
		return hash
	}
	return hash + "+ai=" + name
}

type skillOpts struct {
	game        gameFlags
	look        lookaheadFlags
	hunts       int64
	seed        uint64
	workers     int
	targetError float64
	out         string
	json        string
	quiet       bool
	set         multiFlag
	objective   string
}

func (o *skillOpts) flags(fs *flag.FlagSet) {
	o.game.register(fs, "wandering-son")
	intVar(fs, &o.hunts, "hunts", 20000, "hunts per tier: every tier plays the same hunts (with -target-error: at most)")
	intVar(fs, &o.seed, "seed", 1, "run seed: hunt i plays the random stream (seed, i) for every tier")
	intVar(fs, &o.workers, "workers", 0, "worker goroutines (0: all cores); the results do not depend on it")
	o.look.register(fs)
	fs.Float64Var(&o.targetError, "target-error", 0, "stop once every tier's 95% Pack win rate interval is at most this wide on each side (checked every 1024 hunts)")
	fs.StringVar(&o.out, "out", "", "write the skill report (skill.md, skill.html, skill.json, skill.csv, skill_pairs.csv, skill.png, skill.svg) to this directory")
	fs.StringVar(&o.json, "json", "", "write skill.json to this file (-: standard output)")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress: no bar on a terminal, no progress lines otherwise")
	fs.StringVar(&o.objective, "objective", "", "play with an Objective: its slug, or random (a d10 roll from the seed)")
	fs.Var(&o.set, "set", "override a number, e.g. adversary.def=7 (repeatable; see 'balance help run')")
}

func init() {
	register(&command{
		name:    "skill",
		summary: "the skill trace: the Pack's win rate under every policy tier, on the same hunts",
		usage:   "[-adversary SLUG|FILE] [-pack NAME] [-scenario NAME] [-hunts N] [-seed S] [-workers W] [-target-error E] [-lookahead-k K] [-lookahead-horizon R] [-out DIR] [-json FILE] [-set KEY=VALUE]... [-objective SLUG|random] [-quiet] [-data DIR]",
		long: `skill plays the same -hunts hunts once with each registered Pack policy tier
(` + strings.Join(ai.TierNames(), ", ") + `, from the weakest up): hunt i is played by
every tier on the random stream (seed, i), so the tiers are compared on
common random numbers. It prints, per tier, the Pack win rate and the mean
WNDs the whole Pack took per hunt, with 95% intervals and n; and, per pair
of neighbouring tiers, the paired change in win rate (a hybrid score
interval for paired proportions) and in WNDs taken, the exact McNemar
p-value of the hunts only one of the two won, and whether the change is
significant at 5%. -out writes skill.md, skill.html, skill.json (docs/skill-schema.md),
skill.csv, skill_pairs.csv and a plot (skill.png, skill.svg).

'balance run -pack-ai all' does the same. -target-error stops once the
widest of the tiers' win-rate intervals is narrow enough. Ctrl-C, SIGTERM
and SIGHUP stop the run cleanly: the hunts finished so far are reported,
marked as interrupted.`,
		examples: []string{
			"balance skill -adversary wandering-son -hunts 2000 -quiet",
			"balance skill -adversary praetorians -pack quartet -hunts 2000 -seed 7 -quiet",
			"balance run -adversary neonate-wurm -pack-ai all -hunts 2000 -quiet",
		},
		run: runSkill,
	})
	flagsOf["skill"] = func(fs *flag.FlagSet) { new(skillOpts).flags(fs) }
}

func runSkill(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o skillOpts
	fs := flag.NewFlagSet("skill", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o.flags(fs)
	if err := parseFlags(fs, args, false); err != nil {
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
	st, err := loadRun(ctx, &o.game, o.set)
	if err != nil {
		return err
	}
	objective := ""
	if o.objective != "" {
		if objective, err = pickObjective(st.data, o.objective, o.seed); err != nil {
			return err
		}
		if st.sc, err = st.data.CompileWith(st.slug, o.game.pack, o.game.scenario, objective); err != nil {
			return err
		}
		st.hash += "+" + objective
	}
	tiers, err := o.look.tiers()
	if err != nil {
		return err
	}
	show, done := progress(stderr, o.quiet, o.hunts*int64(len(tiers)), st.sc.Adversary.Name+" (skill)")
	res, err := batch.RunPaired(ctx, batch.Config{Scenario: st.sc, Seed: o.seed, Hunts: o.hunts, Workers: o.workers,
		TargetError: o.targetError, Progress: show}, tiers)
	done()
	if err != nil {
		return huntFailed(err, func(j int) design { return design{o.game, o.set, objective, tiers[j].Name} })
	}
	// As run: the target error is recorded only when the run stopped at it.
	reached := 0.0
	if res.Stopped == batch.StopTargetError {
		reached = o.targetError
	}
	meta := batch.Meta{Program: "balance " + version, Adversary: st.slug, Pack: o.game.pack, Scenario: o.game.scenario,
		Overrides: o.set, Hash: st.hash, Seed: o.seed, Stopped: res.Stopped, TargetError: reached,
		Elapsed: res.Elapsed, Workers: res.Workers}
	k := batch.SummarizeSkill(meta, res, st.sc)
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
	if o.targetError > 0 && res.Stopped == batch.StopHunts {
		// The widest interval of the tiers is the one that missed.
		widest := res.Tallies[0]
		for _, t := range res.Tallies[1:] {
			if halfWidth(t) > halfWidth(widest) {
				widest = t
			}
		}
		fmt.Fprintln(stdout, targetErrorNote(o.targetError, "the widest tier's Pack win rate", widest))
	}
	if res.Stopped == batch.StopInterrupted {
		return interrupted{res.Hunts}
	}
	return nil
}

// skillFromRun runs 'run -pack-ai all': the skill trace with run's flags.
func skillFromRun(ctx context.Context, stdout, stderr io.Writer, o *runOpts) error {
	switch {
	case o.shards > 1 || o.tally != "":
		return usagef("-pack-ai all cannot be split into shards (-shards, -tally): run each tier with its own -pack-ai")
	case o.cpuprofile != "" || o.memprofile != "":
		return usagef("-pack-ai all does not take -cpuprofile or -memprofile: profile one tier with -pack-ai NAME")
	}
	return skill(ctx, stdout, stderr, &skillOpts{game: o.game, hunts: o.hunts, seed: o.seed, workers: o.workers,
		targetError: o.targetError, out: o.out, json: o.json, quiet: o.quiet, set: o.set, objective: o.objective, look: o.policy.look})
}
