package workflow

import (
	"context"
	"fmt"

	"balance/batch"
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

// Sensitivity changes each lever of the design of o.Spec (Design.Levers)
// by o.Step alone and plays every variant on the same hunts as the base
// design, and reports the paired change of each followed figure, with the
// exact McNemar test of the win rate's. A lever the data do not let go
// that far is listed with the reason. A run stopped by ctx returns what it
// played.
func Sensitivity(ctx context.Context, l *Lab, o SensitivityOptions) (*reports.Sensitivity, error) {
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
	show, done := o.Progress.start("sensitivity", int64(len(lanes))*o.Hunts)
	r, err := batch.RunLanes(ctx, batch.Config{Seed: o.Seed, Hunts: o.Hunts, Workers: o.Workers, Progress: show}, lanes)
	done()
	if err != nil {
		return nil, failed(err, func(j int) Lane { return Lane{specs[j], o.Policy} })
	}
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
		st.Changes = changes(p)
		st.WinP = stats.McNemar(p.OnlyA, p.OnlyB)
	}
	return res, nil
}
