package workflow

import (
	"context"
	"fmt"
	"slices"

	"balance/batch"
	"balance/game"
	"balance/reports"
	"balance/stats"
)

// SensitivityOptions are the options of Sensitivity.
type SensitivityOptions struct {
	Spec
	Step   int // the change of each lever, not 0
	Policy string
	Play
}

// sensitivityParams are the parameters of a sensitivity's shards.
type sensitivityParams struct {
	Spec   Spec   `json:"spec"`
	Step   int    `json:"step"`
	Policy string `json:"policy"`
}

func init() {
	replanners["sensitivity"] = func(ctx context.Context, l *Lab, h batch.Header) (*Plan, error) {
		var ps sensitivityParams
		if err := decodeParams(h, &ps); err != nil {
			return nil, err
		}
		return PlanSensitivity(ctx, l, SensitivityOptions{Spec: ps.Spec, Step: ps.Step, Policy: ps.Policy, Play: Play{Seed: h.Seed, Hunts: h.Total}})
	}
}

// Sensitivity changes each lever of the design of o.Spec (Design.Levers)
// by o.Step alone and plays every variant on the same hunts as the base
// design, and reports the paired change of each followed figure, with the
// exact McNemar test of the win rate's. A lever the data do not let go
// that far is listed with the reason. A run stopped by ctx returns what it
// played.
func Sensitivity(ctx context.Context, l *Lab, o SensitivityOptions) (*reports.Sensitivity, error) {
	p, err := PlanSensitivity(ctx, l, o)
	if err != nil {
		return nil, err
	}
	m, _, err := p.run(ctx, o.Workers, 0, o.Progress)
	if err != nil {
		return nil, err
	}
	return m.Sensitivity, nil
}

// PlanSensitivity is the plan of a sensitivity: the base design and a
// lane per lever the data let go by o.Step.
func PlanSensitivity(ctx context.Context, l *Lab, o SensitivityOptions) (*Plan, error) {
	if o.Step == 0 || o.Step < -MaxParamValue || o.Step > MaxParamValue {
		return nil, usage("-step %d: give the change of each lever, from %d to %d but not 0, e.g. 1 or -1", o.Step, -MaxParamValue, MaxParamValue)
	}
	base, err := l.Design(ctx, o.Spec, o.Seed)
	if err != nil {
		return nil, err
	}
	res := &reports.Sensitivity{Title: Title(base, o.Spec), Game: l.Name(), Step: o.Step, Seed: o.Seed, Policy: o.Policy}
	lanes := []batch.Lane{{Design: base, Policy: o.Policy}}
	specs := []Spec{o.Spec}
	levers := base.Levers()
	lane := make([]int, len(levers)) // the lane of each lever's variant, 0 if skipped
	for i, lv := range levers {
		res.Levers = append(res.Levers, reports.LeverSensitivity{Lever: lv.Label, Key: lv.Set, Value: lv.Value})
		s := o.Spec.With(fmt.Sprintf("%s=%+d", lv.Set, o.Step))
		d, err := l.Design(ctx, s, o.Seed)
		if err != nil {
			res.Levers[i].Skipped = unset(err)
			continue
		}
		lane[i] = len(lanes)
		lanes = append(lanes, batch.Lane{Design: d, Policy: o.Policy})
		specs = append(specs, s)
	}
	pl := &Plan{Workflow: "sensitivity", Seed: o.Seed, Hunts: o.Hunts, title: "sensitivity",
		params: sensitivityParams{o.Spec, o.Step, o.Policy}, lanes: lanes}
	for _, s := range specs {
		pl.specs = append(pl.specs, Lane{s, o.Policy})
	}
	pl.finish = func(r *batch.PairedResult) (*Merged, error) {
		res := sensitivityOf(res, lane, base, r)
		return &Merged{Sensitivity: res}, nil
	}
	return pl, nil
}

// sensitivityOf fills a copy of the sensitivity of no hunts res with what
// its lanes played; lane is the lane of each lever (0 when skipped).
func sensitivityOf(res0 *reports.Sensitivity, lane []int, base game.Design, r *batch.PairedResult) *reports.Sensitivity {
	cp := *res0
	res := &cp
	res.Levers = slices.Clone(res0.Levers)
	res.Hunts, res.Stopped = r.Hunts, r.Stopped
	_, res.Figures, res.Labels = followed(base.Schema())
	res.Base = stats.Followed(r.Tallies[0])
	for _, f := range res.Base {
		res.Kinds = append(res.Kinds, f.Kind)
	}
	for i := range res.Levers {
		j := lane[i]
		if j == 0 {
			continue
		}
		p := r.Pair(0, j)
		st := &res.Levers[i]
		st.Measured = true
		st.Changes = changes(r, 0, j)
		st.WinP = stats.McNemar(p.OnlyA, p.OnlyB)
	}
	return res
}
