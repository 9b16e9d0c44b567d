package workflow

import (
	"context"
	"maps"

	"balance/batch"
	"balance/game"
	"balance/reports"
	"balance/stats"
)

// AnalyzeOptions are the options of Analyze.
type AnalyzeOptions struct {
	Play
	// Choice holds the options every design takes (the settings of the
	// policies); the swept option is set over it, the others keep their
	// defaults.
	Choice game.Choice
	Policy string // the tier of the main runs
	// SkillHunts are the hunts per tier of each entry's skill trace (0:
	// none); AblationHunts those of its ablations (-1: a twentieth of the
	// main run's hunts; 0: none).
	SkillHunts    int64
	AblationHunts int64
	// Say, when set, is told what is being run.
	Say func(format string, a ...any)
}

// AnalyzeEntry is what the default analysis found for one entry.
type AnalyzeEntry struct {
	Name   string         // the entry, e.g. an Adversary's slug
	Report *stats.Report  // its main run, with its ablations
	Skill  *reports.Skill // its skill trace, or nil
}

// Swept returns the game's option the default analysis goes through (the
// first marked Sweep) and its entries; ok is false when the game marks
// none: the analysis then plays the default design alone.
func Swept(l *Lab) (opt game.Option, entries []string, ok bool, err error) {
	for _, o := range l.Game.Options() {
		if o.Sweep && o.List != "" {
			names, err := l.Data.List(o.List)
			return o, names, true, err
		}
	}
	return game.Option{}, nil, false, nil
}

// Analyze is the default analysis: for every entry of the game's swept
// option (each Adversary), every other option at its default, a main run
// of o.Hunts hunts with its ablations, then the skill trace; each is
// handed to each as soon as it is done. Stopped by ctx, it hands what the
// entry under way played and returns Interrupted.
func Analyze(ctx context.Context, l *Lab, o AnalyzeOptions, each func(AnalyzeEntry) error) error {
	say := o.Say
	if say == nil {
		say = func(string, ...any) {}
	}
	opt, names, swept, err := Swept(l)
	if err != nil {
		return err
	}
	if !swept {
		names = []string{""}
	}
	for _, name := range names {
		spec := Spec{Choice: maps.Clone(o.Choice)}
		if spec.Choice == nil {
			spec.Choice = game.Choice{}
		}
		if swept {
			spec.Choice[opt.Name] = name
		}
		des, err := l.Design(ctx, spec, o.Seed)
		if err != nil {
			return err
		}
		say("%s: main run, %d hunts", des.Title(), o.Hunts)
		run, err := Run(ctx, l, RunOptions{Spec: spec, Policy: o.Policy, Seed: o.Seed, Hunts: o.Hunts, Workers: o.Workers,
			AblationHunts: 0, Progress: o.Progress})
		if err != nil {
			return err
		}
		e := AnalyzeEntry{Name: name, Report: run.Report}
		stop := func(hunts int64) error {
			if err := each(e); err != nil {
				return err
			}
			return Interrupted{hunts}
		}
		if run.Result.Stopped == batch.StopInterrupted {
			return stop(run.Result.Hunts)
		}
		if n := AblationHunts(o.AblationHunts, run.Result.Hunts); n > 0 {
			say("%s: parts switched off, %d hunts by the design and by each part switched off", des.Title(), n)
			a, stopped, err := Ablations(ctx, l, run.Design, spec, o.Policy, Play{Seed: o.Seed, Hunts: n, Workers: o.Workers, Progress: o.Progress}, 0)
			if err != nil {
				return err
			}
			run.Report.Ablations = a
			if stopped == batch.StopInterrupted {
				return stop(run.Result.Hunts)
			}
		}
		if o.SkillHunts > 0 {
			tiers, _, err := l.Data.Policies(spec.Choice)
			if err != nil {
				return err
			}
			say("%s: skill trace, %d hunts by each of %d tiers", des.Title(), o.SkillHunts, len(tiers))
			k, r, err := Skill(ctx, l, SkillOptions{Spec: spec, Play: Play{Seed: o.Seed, Hunts: o.SkillHunts, Workers: o.Workers, Progress: o.Progress}})
			if err != nil {
				return err
			}
			e.Skill = k
			if r.Stopped == batch.StopInterrupted {
				return stop(r.Hunts)
			}
		}
		if err := each(e); err != nil {
			return err
		}
	}
	return nil
}
