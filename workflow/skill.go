package workflow

import (
	"context"

	"balance/batch"
	"balance/game"
	"balance/reports"
	"balance/stats"
)

// SignificanceLevel is the level below which a McNemar p-value marks a
// difference between two tiers or designs as significant.
const SignificanceLevel = 0.05

// SkillOptions are the options of Skill.
type SkillOptions struct {
	Spec
	Play
	TargetError float64
}

// Skill plays the same hunts of the design of o.Spec once with each of its
// game's policy tiers (with the choice's policy options), on common random
// numbers, and reports each tier's figures and the paired comparison of
// every pair. A run stopped by ctx returns what it played, Stopped saying
// so.
func Skill(ctx context.Context, l *Lab, o SkillOptions) (*reports.Skill, *batch.PairedResult, error) {
	tiers, _, err := l.Data.Policies(o.Choice)
	if err != nil {
		return nil, nil, err
	}
	des, err := l.Design(ctx, o.Spec, o.Seed)
	if err != nil {
		return nil, nil, err
	}
	lanes := make([]batch.Lane, len(tiers))
	for j, t := range tiers {
		lanes[j] = batch.Lane{Design: des, Policy: t.Name}
	}
	show, done := o.Progress.start(des.Title()+" (skill)", o.Hunts*int64(len(lanes)))
	r, err := batch.RunLanes(ctx, batch.Config{Seed: o.Seed, Hunts: o.Hunts, Workers: o.Workers, TargetError: o.TargetError, Progress: show}, lanes)
	done()
	if err != nil {
		return nil, nil, failed(err, func(j int) Lane { return Lane{o.Spec, tiers[j].Name} })
	}
	// As a run: the target error is recorded only when the run stopped at it.
	reached := 0.0
	if r.Stopped == batch.StopTargetError {
		reached = o.TargetError
	}
	k := &reports.Skill{Schema: reports.SkillSchemaVersion, Game: l.Name(), Program: l.Program, Title: des.Title(), Config: des.Config(),
		Overrides: orEmpty(o.Overrides), Hash: des.Hash(), TargetError: reached,
		Hunts: r.Hunts, Seed: o.Seed, Stopped: r.Stopped, Interrupted: r.Stopped == batch.StopInterrupted}
	k.Side, k.Figures, k.Labels = followed(des.Schema())
	for j, t := range tiers {
		tl := r.Tallies[j]
		st := reports.SkillTier{Name: t.Name, Order: j, Doc: t.Summary, Figures: stats.Followed(tl)}
		for o := range tl.Outcomes {
			s := tl.Schema()
			st.Outcomes = append(st.Outcomes, stats.Count{Name: s.Outcomes[o].Key, Label: s.Outcomes[o].Label, Count: tl.Outcomes[o],
				Rate: stats.FromEstimate(stats.Proportion(tl.Outcomes[o], tl.Hunts, stats.Conf))})
		}
		k.Tiers = append(k.Tiers, st)
	}
	for i := range r.Pairs {
		p := &r.Pairs[i]
		sp := reports.SkillPair{A: tiers[p.A].Name, B: tiers[p.B].Name, Adjacent: p.B == p.A+1,
			Both: p.Both, OnlyA: p.OnlyA, OnlyB: p.OnlyB, Neither: p.Neither,
			Diffs: changes(p), McNemarP: stats.McNemar(p.OnlyA, p.OnlyB)}
		sp.Significant = sp.McNemarP < SignificanceLevel
		k.Pairs = append(k.Pairs, sp)
	}
	secs := r.Elapsed.Seconds()
	k.Timing = stats.Timing{Seconds: secs, Workers: r.Workers}
	if secs > 0 {
		k.Timing.HuntsPerSec = float64(r.Hunts*int64(len(lanes))) / secs
	}
	return k, r, nil
}

// followed names the figures the comparing workflows follow in a design
// of schema s (stats.Followed): the first side's label, the figures' keys
// and their labels.
func followed(s *game.Schema) (side string, keys, labels []string) {
	side = s.Sides[0].Label
	keys = append([]string{"win:" + s.Sides[0].Key, "length"}, s.Headline...)
	labels = []string{side + " wins", "Length (" + s.Length.Plural + ")"}
	for _, h := range s.Headline {
		i, _ := s.Find(h)
		labels = append(labels, s.Values[i].Label)
	}
	return side, keys, labels
}

// changes are the paired changes B - A of the followed figures over the
// pair's hunts: the first side's win rate (PairedDiff), the length and
// each headline value (PairedMeanDiff of B - A: the pair counts A - B).
func changes(p *batch.Pair) []stats.Interval {
	n := p.Hunts()
	out := []stats.Interval{
		stats.FromEstimate(stats.PairedDiff(p.Both, p.OnlyB, p.OnlyA, p.Neither, stats.Conf)),
		stats.FromEstimate(stats.PairedMeanDiff(-float64(p.Length.Sum), float64(p.Length.SumSq), n, stats.Conf)),
	}
	for _, m := range p.Headline {
		out = append(out, stats.FromEstimate(stats.PairedMeanDiff(-float64(m.Sum), float64(m.SumSq), n, stats.Conf)))
	}
	return out
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
