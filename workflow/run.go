package workflow

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"balance/batch"
	"balance/game"
	"balance/stats"
)

// AblationShare is the share of a run's hunts that its ablations play by
// default: a twentieth, in each lane (as designed, and one per part
// switched off: 12 to 14 lanes for the default game's designs), so the
// measurement costs about two thirds as much again as the run.
const AblationShare = 20

// AblationAlpha is the family-wise level of the ablations' significance
// flags.
const AblationAlpha = 0.05

// AblationHunts resolves the hunts of the ablations of a run that played
// played hunts: n when it is 0 or more, else (-1) a twentieth of them, at
// least 2 (an interval needs two) and never more than were played (none
// after a run of 1 hunt).
func AblationHunts(n, played int64) int64 {
	switch {
	case n >= 0:
		return n
	case played < 2:
		return 0
	}
	return max(played/AblationShare, 2)
}

// RunOptions are the options of Run.
type RunOptions struct {
	Spec
	Policy string // the tier, resolved by Lab.Policy
	Seed   uint64
	First  int64 // the first hunt's index
	Hunts  int64
	// Workers are the goroutines (0: all cores); TargetError, when
	// positive, stops the run once the first side's win rate is known
	// that well (batch.Config).
	Workers     int
	TargetError float64
	// AblationHunts are the hunts of the ablations, played after the run
	// unless it was interrupted: 0 for none, -1 for a twentieth of the
	// hunts played.
	AblationHunts int64
	Progress      Progress
}

// RunResult is what Run found.
type RunResult struct {
	Design game.Design
	Report *stats.Report // with its ablations, when measured
	Result *batch.Result
	// AblationsStopped is why the ablations stopped (a batch Stop reason;
	// "" when none were played).
	AblationsStopped string
}

// Run plays o.Hunts hunts of the design of o.Spec, from hunt o.First, and
// reports them; then, unless it was interrupted, it plays the first
// o.AblationHunts hunts again with each part of the design switched off.
// A run stopped by ctx returns its result and no error: Result.Stopped
// says so.
func Run(ctx context.Context, l *Lab, o RunOptions) (*RunResult, error) {
	des, err := l.Design(ctx, o.Spec, o.Seed)
	if err != nil {
		return nil, err
	}
	show, done := o.Progress.start(des.Title(), o.Hunts)
	res, err := batch.Run(ctx, batch.Config{Seed: o.Seed, First: o.First, Hunts: o.Hunts, Workers: o.Workers,
		TargetError: o.TargetError, Progress: show}, batch.Lane{Design: des, Policy: o.Policy})
	done()
	if err != nil {
		return nil, failed(err, func(int) Lane { return Lane{o.Spec, o.Policy} })
	}
	// summary.json records the target error only when the run stopped at
	// it (docs/summary-schema.md).
	reached := 0.0
	if res.Stopped == batch.StopTargetError {
		reached = o.TargetError
	}
	rep := stats.NewReport(runInfo(l, des, o.Spec, o.Policy, o.Seed, o.First, res.Stopped, reached, res.Elapsed, res.Workers, res.Hunts), res.Tally)
	out := &RunResult{Design: des, Report: rep, Result: res}
	if res.Stopped == batch.StopInterrupted {
		return out, nil
	}
	n := AblationHunts(o.AblationHunts, res.Hunts)
	if n <= 0 {
		return out, nil
	}
	a, stopped, err := Ablations(ctx, l, des, o.Spec, o.Policy, Play{Seed: o.Seed, Hunts: n, Workers: o.Workers, Progress: o.Progress}, o.First)
	if err != nil {
		return nil, err
	}
	rep.Ablations, out.AblationsStopped = a, stopped
	return out, nil
}

// runInfo is what a run's report says besides its tally.
func runInfo(l *Lab, des game.Design, s Spec, policy string, seed uint64, first int64, stopped string, target float64,
	elapsed time.Duration, workers int, hunts int64) stats.RunInfo {
	ri := stats.RunInfo{Program: l.Program, Title: des.Title(), Config: des.Config(), Policy: policy,
		Overrides: s.Overrides, Hash: des.Hash(), Seed: seed, First: first, Stopped: stopped, TargetError: target}
	secs := elapsed.Seconds()
	ri.Timing = stats.Timing{Seconds: secs, Workers: workers}
	if secs > 0 {
		ri.Timing.HuntsPerSec = float64(hunts) / secs
	}
	return ri
}

// Ablations plays hunts first..first+p.Hunts-1 of the design des (of spec
// s) as designed and again with each part its game can switch off
// switched off (Design.Ablations, each by its -set override), on the same
// random streams and with the same policy, and returns what each part
// does (nil when interrupted before two hunts) and why it stopped.
func Ablations(ctx context.Context, l *Lab, des game.Design, s Spec, policy string, p Play, first int64) (*stats.Ablations, string, error) {
	var parts, inert []game.Ablation
	for _, a := range des.Ablations() {
		if a.Inert {
			inert = append(inert, a)
		} else {
			parts = append(parts, a)
		}
	}
	lanes := []batch.Lane{{Design: des, Policy: policy}}
	specs := []Spec{s}
	for _, a := range parts {
		ds := s.With(a.Set)
		d, err := l.Design(ctx, ds, p.Seed)
		if err != nil {
			return nil, "", fmt.Errorf("switching off %s (%s): %w", a.Label, a.Set, err)
		}
		lanes = append(lanes, batch.Lane{Design: d, Policy: policy})
		specs = append(specs, ds)
	}
	show, done := p.Progress.start(des.Title()+" (parts switched off)", p.Hunts*int64(len(lanes)))
	r, err := batch.RunLanes(ctx, batch.Config{Seed: p.Seed, First: first, Hunts: p.Hunts, Workers: p.Workers, Progress: show}, lanes)
	done()
	if err != nil {
		return nil, "", failed(err, func(j int) Lane { return Lane{specs[j], policy} })
	}
	if r.Hunts < 2 {
		return nil, r.Stopped, nil // interrupted at once: nothing to report
	}
	sch := des.Schema()
	a := &stats.Ablations{Hunts: r.Hunts, First: first, Stopped: r.Stopped, Alpha: AblationAlpha,
		Headline: append([]string{}, sch.Headline...), Effects: []stats.Ablation{}, Inert: []string{}}
	bounds := make([]int, len(sch.Headline))
	for h, key := range sch.Headline {
		i, _ := sch.Find(key)
		a.Labels = append(a.Labels, sch.Values[i].Label)
		bounds[h] = sch.ValueMax(i, 0) - sch.ValueMin(i)
	}
	for _, x := range inert {
		a.Inert = append(a.Inert, x.Label)
	}
	var ps []float64
	for j, part := range parts {
		p := r.Pair(0, j+1)
		n := p.Hunts()
		e := stats.Ablation{Set: part.Set, Label: part.Label, Group: part.Group,
			Win:      stats.FromEstimate(stats.PairedDiff(p.Both, p.OnlyA, p.OnlyB, p.Neither, stats.Conf)),
			OnlyWith: p.OnlyA, OnlyBlank: p.OnlyB, WinP: stats.McNemar(p.OnlyA, p.OnlyB),
			Length: stats.PairedShift(p.Length.Sum, p.Length.SumSq, n, sch.Length.Max), LengthP: 1}
		if n >= 2 {
			e.LengthP = stats.PairedMeanP(float64(p.Length.Sum), float64(p.Length.SumSq), n)
		}
		for h, m := range p.Headline {
			e.Headline = append(e.Headline, stats.PairedShift(m.Sum, m.SumSq, n, bounds[h]))
		}
		ps = append(ps, e.WinP, e.LengthP)
		a.Effects = append(a.Effects, e)
	}
	rej := stats.Holm(ps, AblationAlpha)
	for j := range a.Effects {
		a.Effects[j].WinSignificant, a.Effects[j].LengthSignificant = rej[2*j], rej[2*j+1]
	}
	return a, r.Stopped, nil
}

// TallyHeader is the header of the tally file of shard k of shards of a
// run of total hunts, that played r's hunts of des.
func TallyHeader(l *Lab, des game.Design, s Spec, policy string, seed uint64, total int64, shards, k int, r *batch.Result, build string) batch.Header {
	first, _ := batch.ShardRange(total, shards, k)
	params, _ := json.Marshal(runParams{s, policy}) // strings and maps of strings: no error
	return batch.Header{Program: l.Program, Title: des.Title(), Choice: s.Choice, Overrides: s.Overrides, ConfigHash: des.Hash(),
		Policy: policy, Workflow: "run", Params: params, Seed: seed, Total: total, Shards: shards, Shard: k, First: first, Hunts: r.Hunts, Stopped: r.Stopped, Build: build}
}
