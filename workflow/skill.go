package workflow

import (
	"context"
	"slices"
	"strings"

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

// skillParams are the parameters of a skill trace's shards.
type skillParams struct {
	Spec Spec `json:"spec"`
}

func init() {
	replanners["skill"] = func(ctx context.Context, l *Lab, h batch.Header) (*Plan, error) {
		var ps skillParams
		if err := decodeParams(h, &ps); err != nil {
			return nil, err
		}
		return PlanSkill(ctx, l, SkillOptions{Spec: ps.Spec, Play: Play{Seed: h.Seed, Hunts: h.Total}})
	}
}

// Skill plays the same hunts of the design of o.Spec once with each of its
// game's policy tiers (with the choice's policy options), on common random
// numbers, and reports each tier's figures and the paired comparison of
// every pair. A run stopped by ctx returns what it played, Stopped saying
// so.
func Skill(ctx context.Context, l *Lab, o SkillOptions) (*reports.Skill, *batch.PairedResult, error) {
	p, err := PlanSkill(ctx, l, o)
	if err != nil {
		return nil, nil, err
	}
	m, r, err := p.run(ctx, o.Workers, o.TargetError, o.Progress)
	if err != nil {
		return nil, nil, err
	}
	return m.Skill, r, nil
}

// PlanSkill is the plan of a skill trace: a lane per policy tier. A
// sharded trace has no target error (o.TargetError is ignored by its
// shards: they play every hunt).
func PlanSkill(ctx context.Context, l *Lab, o SkillOptions) (*Plan, error) {
	tiers, _, err := l.Data.Policies(o.Choice)
	if err != nil {
		return nil, err
	}
	des, err := l.Design(ctx, o.Spec, o.Seed)
	if err != nil {
		return nil, err
	}
	p := &Plan{Workflow: "skill", Seed: o.Seed, Hunts: o.Hunts, title: des.Title() + " (skill)", params: skillParams{o.Spec}}
	for _, t := range tiers {
		p.lanes = append(p.lanes, batch.Lane{Design: des, Policy: t.Name})
		p.specs = append(p.specs, Lane{o.Spec, t.Name})
	}
	p.finish = func(r *batch.PairedResult) (*Merged, error) {
		return &Merged{Skill: skillOf(l, o, des, tiers, r)}, nil
	}
	return p, nil
}

// skillOf is the skill trace of what the tiers' lanes played.
func skillOf(l *Lab, o SkillOptions, des game.Design, tiers []game.Policy, r *batch.PairedResult) *reports.Skill {
	lanes := r.Lanes
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
			Diffs: changes(r, p.A, p.B), McNemarP: stats.McNemar(p.OnlyA, p.OnlyB)}
		sp.Significant = sp.McNemarP < SignificanceLevel
		// The lanes are tiers: a change that cannot be estimated names
		// the tier ("nothing to divide by in random"), not lane A or B.
		lanes := strings.NewReplacer(" in A or B", " in "+sp.A+" or "+sp.B, " in A", " in "+sp.A, " in B", " in "+sp.B)
		for j := range sp.Diffs {
			if d := &sp.Diffs[j]; d.NotEstimable != "" {
				d.NotEstimable = lanes.Replace(d.NotEstimable)
				d.Warnings = slices.Clone(d.Warnings)
				for w := range d.Warnings {
					d.Warnings[w] = lanes.Replace(d.Warnings[w])
				}
			}
		}
		k.Pairs = append(k.Pairs, sp)
	}
	secs := r.Elapsed.Seconds()
	k.Timing = stats.Timing{Seconds: secs, Workers: r.Workers}
	if secs > 0 {
		k.Timing.HuntsPerSec = float64(r.Hunts*int64(len(lanes))) / secs
	}
	return k
}

// followed names the figures the comparing workflows follow in a design
// of schema s (stats.Followed): the first side's label, the figures' keys
// and their labels.
func followed(s *game.Schema) (side string, keys, labels []string) {
	side = s.Sides[0].Label
	keys = append([]string{"win:" + s.Sides[0].Key, "length"}, s.Headline...)
	labels = []string{s.Sides[0].Wins(), "Length (" + s.Length.Plural + ")"}
	for _, h := range s.Headline {
		i, _ := s.Find(h)
		labels = append(labels, s.Values[i].Label)
	}
	for _, k := range append(stats.FeelFollowed(s), stats.FeelRunFollowed(s)...) {
		keys = append(keys, k)
		labels = append(labels, stats.FeelLabel(s, k))
	}
	return side, keys, labels
}

// changes are the changes B - A of the followed figures from lane a to
// lane b of r, paired over their hunts: the first side's win rate
// (PairedDiff), the length and each headline value (PairedMeanDiff of
// B - A: the pair counts A - B), and each figure of how the hunts felt
// that is followed per hunt (PairedRatioDiff); then those of the run as a
// whole (the settling round, the play after it), which no hunt pairs
// (stats.RunDiff).
func changes(r *batch.PairedResult, a, b int) []stats.Interval {
	p := r.Pair(a, b)
	n := p.Hunts()
	out := []stats.Interval{
		stats.FromEstimate(stats.PairedDiff(p.Both, p.OnlyB, p.OnlyA, p.Neither, stats.Conf)),
		stats.FromEstimate(stats.PairedMeanDiff(-float64(p.Length.Sum), float64(p.Length.SumSq), n, stats.Conf)),
	}
	for _, m := range p.Headline {
		out = append(out, stats.FromEstimate(stats.PairedMeanDiff(-float64(m.Sum), float64(m.SumSq), n, stats.Conf)))
	}
	for _, f := range p.Feel {
		out = append(out, stats.FromEstimate(stats.PairedRatioDiff(f, n, stats.Conf)))
	}
	if run := stats.FeelRunFollowed(r.Tallies[a].Schema()); run != nil {
		fa, fb := stats.Figures(r.Tallies[a]), stats.Figures(r.Tallies[b])
		for _, k := range run {
			x, _ := stats.Get(fa, k)
			y, _ := stats.Get(fb, k)
			out = append(out, stats.RunDiff(x.Estimate, y.Estimate))
		}
	}
	return out
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
