package workflow

import (
	"context"
	"math"

	"balance/batch"
	"balance/reports"
	"balance/stats"
)

// CompareOptions are the options of Compare: two designs, A and B, played
// by the same policy on the same hunts.
type CompareOptions struct {
	A, B   Spec
	NameA  string // how the comparison names them ("" for the designs' titles)
	NameB  string
	Policy string
	Play
}

// Compare plays every hunt index once in design A and once in design B,
// on the same random stream (common random numbers), and reports each
// design's figures and the paired change of each from A to B, with the
// exact McNemar test of the wins and the variance reduction the pairing
// achieved. It also returns each design's report of the same hunts, for
// the comparison's plots. A run stopped by ctx returns what it played.
func Compare(ctx context.Context, l *Lab, o CompareOptions) (*reports.Comparison, [2]*stats.Report, error) {
	var reps [2]*stats.Report
	da, err := l.Design(ctx, o.A, o.Seed)
	if err != nil {
		return nil, reps, err
	}
	db, err := l.Design(ctx, o.B, o.Seed)
	if err != nil {
		return nil, reps, err
	}
	show, done := o.Progress.start("compare", 2*o.Hunts)
	r, err := batch.RunLanes(ctx, batch.Config{Seed: o.Seed, Hunts: o.Hunts, Workers: o.Workers, Progress: show},
		[]batch.Lane{{Design: da, Policy: o.Policy}, {Design: db, Policy: o.Policy}})
	done()
	if err != nil {
		return nil, reps, failed(err, func(j int) Lane {
			if j == 0 {
				return Lane{o.A, o.Policy}
			}
			return Lane{o.B, o.Policy}
		})
	}
	nameA, nameB := o.NameA, o.NameB
	if nameA == "" {
		nameA = da.Title()
	}
	if nameB == "" {
		nameB = db.Title()
	}
	p := r.Pair(0, 1)
	n := p.Hunts()
	c := &reports.Comparison{Game: l.Name(), A: nameA, B: nameB, Overrides: orEmpty(o.B.Overrides), Hunts: n, Stopped: r.Stopped,
		Seed: o.Seed, Policy: o.Policy, Config: da.Config(),
		FiguresA: stats.Followed(r.Tallies[0]), FiguresB: stats.Followed(r.Tallies[1]), Changes: changes(p),
		OnlyA: p.OnlyA, OnlyB: p.OnlyB, McNemarP: stats.McNemar(p.OnlyA, p.OnlyB)}
	_, c.Figures, c.Labels = followed(da.Schema())
	// Variance of the win-rate difference per hunt: independent runs
	// would add the two variances; paired, it is the variance of the
	// per-hunt difference, which only the discordant hunts feed.
	if vr, ok := stats.VarianceReduction(p.Both, p.OnlyA, p.OnlyB, p.Neither, stats.Conf); ok {
		iv := stats.FromEstimate(vr)
		c.VarianceReduction = &iv
	}
	pa := stats.Proportion(p.Both+p.OnlyA, n, stats.Conf).Value
	pb := stats.Proportion(p.Both+p.OnlyB, n, stats.Conf).Value
	indep := pa*(1-pa) + pb*(1-pb)
	// With the win rates fixed, the per-hunt difference has the least
	// variance when every discordant hunt goes the same way: |Δ| - Δ².
	if d := math.Abs(pb - pa); d > 0 && d < 1 {
		c.VarianceReductionCeiling = indep / (d - d*d)
	}
	reps[0] = stats.NewReport(runInfo(l, da, o.A, o.Policy, o.Seed, 0, r.Stopped, 0, 0, r.Workers, r.Hunts), r.Tallies[0])
	reps[1] = stats.NewReport(runInfo(l, db, o.B, o.Policy, o.Seed, 0, r.Stopped, 0, 0, r.Workers, r.Hunts), r.Tallies[1])
	return c, reps, nil
}
