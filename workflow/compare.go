package workflow

import (
	"context"
	"math"

	"balance/batch"
	"balance/game"
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

// compareParams are the parameters of a comparison's shards.
type compareParams struct {
	A      Spec   `json:"a"`
	B      Spec   `json:"b"`
	NameA  string `json:"name_a"`
	NameB  string `json:"name_b"`
	Policy string `json:"policy"`
}

func init() {
	replanners["compare"] = func(ctx context.Context, l *Lab, h batch.Header) (*Plan, error) {
		var ps compareParams
		if err := decodeParams(h, &ps); err != nil {
			return nil, err
		}
		return PlanCompare(ctx, l, CompareOptions{A: ps.A, B: ps.B, NameA: ps.NameA, NameB: ps.NameB, Policy: ps.Policy,
			Play: Play{Seed: h.Seed, Hunts: h.Total}})
	}
}

// Compare plays every hunt index once in design A and once in design B,
// on the same random stream (common random numbers), and reports each
// design's figures and the paired change of each from A to B, with the
// exact McNemar test of the wins and the variance reduction the pairing
// achieved. It also returns each design's report of the same hunts, for
// the comparison's plots. A run stopped by ctx returns what it played.
func Compare(ctx context.Context, l *Lab, o CompareOptions) (*reports.Comparison, [2]*stats.Report, error) {
	p, err := PlanCompare(ctx, l, o)
	if err != nil {
		return nil, [2]*stats.Report{}, err
	}
	m, _, err := p.run(ctx, o.Workers, 0, o.Progress)
	if err != nil {
		return nil, [2]*stats.Report{}, err
	}
	return m.Compare, m.CompareReports, nil
}

// PlanCompare is the plan of a comparison: design A and design B.
func PlanCompare(ctx context.Context, l *Lab, o CompareOptions) (*Plan, error) {
	da, err := l.Design(ctx, o.A, o.Seed)
	if err != nil {
		return nil, err
	}
	db, err := l.Design(ctx, o.B, o.Seed)
	if err != nil {
		return nil, err
	}
	p := &Plan{Workflow: "compare", Seed: o.Seed, Hunts: o.Hunts, title: "compare",
		params: compareParams{o.A, o.B, o.NameA, o.NameB, o.Policy},
		specs:  []Lane{{o.A, o.Policy}, {o.B, o.Policy}},
		lanes:  []batch.Lane{{Design: da, Policy: o.Policy}, {Design: db, Policy: o.Policy}}}
	p.finish = func(r *batch.PairedResult) (*Merged, error) {
		c, reps := compared(l, o, da, db, r)
		return &Merged{Compare: c, CompareReports: reps}, nil
	}
	return p, nil
}

// compared is the comparison of what the lanes of A and B played.
func compared(l *Lab, o CompareOptions, da, db game.Design, r *batch.PairedResult) (*reports.Comparison, [2]*stats.Report) {
	var reps [2]*stats.Report
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
		FiguresA: stats.Followed(r.Tallies[0]), FiguresB: stats.Followed(r.Tallies[1]), Changes: changes(r, 0, 1),
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
	return c, reps
}
