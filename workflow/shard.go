package workflow

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"balance/batch"
	"balance/game"
	"balance/reports"
	"balance/stats"
)

// A Plan is a workflow compiled into its lanes: designs and policies that
// play the same hunts, and what the workflow makes of their tallies.
// Every workflow splits into shards the same way: shard k of n plays its
// slice of the hunt indices (batch.ShardRange) in every lane, and its
// tally file carries the workflow's name, its parameters (Params, as the
// workflow reads them to compile its lanes again), every lane's design,
// policy and tally and the paired counts of every pair of lanes. Merging
// the shards compiles the plan again from the parameters, checks each
// lane's design against the shards' and hands the merged tallies to the
// same code an unsplit run reports with: the output is the unsplit run's.
//
// A plan is fixed before a hunt is played: nothing a workflow finds
// changes which lanes it plays or how many hunts. That is why an adaptive
// stop (-target-error) cannot be sharded: each shard would stop at its
// own point, and the merge would not be the hunts 0..n-1 of one run.
type Plan struct {
	Workflow string
	Seed     uint64
	Hunts    int64 // per lane, over every shard
	params   any
	specs    []Lane
	lanes    []batch.Lane
	title    string
	finish   func(r *batch.PairedResult) (*Merged, error)
}

// Lanes is the number of the plan's lanes.
func (p *Plan) Lanes() int { return len(p.lanes) }

// Merged is what the merge of a workflow's shards gives: the output of the
// workflow's unsplit run, in the field of its workflow, and the merged
// header (the shards' program, build, seed and design).
type Merged struct {
	Header         batch.Header
	Run            *stats.Report
	Compare        *reports.Comparison
	CompareReports [2]*stats.Report
	Sweep          *SweepResult
	Tune           *TuneResult
	Sensitivity    *reports.Sensitivity
	Skill          *reports.Skill
	Baseline       *Baseline
}

// play plays the plan's lanes over hunts first..first+hunts-1.
func (p *Plan) play(ctx context.Context, first, hunts int64, workers int, targetError float64, progress Progress) (*batch.PairedResult, error) {
	show, done := progress.start(p.title, int64(len(p.lanes))*hunts)
	r, err := batch.RunLanes(ctx, batch.Config{Seed: p.Seed, First: first, Hunts: hunts, Workers: workers, TargetError: targetError, Progress: show}, p.lanes)
	done()
	if err != nil {
		return nil, failed(err, func(j int) Lane { return p.specs[j] })
	}
	return r, nil
}

// run plays every hunt of the plan and reports them.
func (p *Plan) run(ctx context.Context, workers int, targetError float64, progress Progress) (*Merged, *batch.PairedResult, error) {
	r, err := p.play(ctx, 0, p.Hunts, workers, targetError, progress)
	if err != nil {
		return nil, nil, err
	}
	m, err := p.finish(r)
	return m, r, err
}

// PlayShard plays shard k of shards of the plan (its slice of the hunts
// in every lane) and returns the header of its tally file and what it
// played: write them with batch.WriteLanesFile. A shard stopped by ctx
// says so in its header (Stopped), and a merge refuses it.
func (p *Plan) PlayShard(ctx context.Context, l *Lab, shards, k, workers int, progress Progress, build string) (batch.Header, *batch.PairedResult, error) {
	first, n := batch.ShardRange(p.Hunts, shards, k)
	r, err := p.play(ctx, first, n, workers, 0, progress)
	if err != nil {
		return batch.Header{}, nil, err
	}
	params, err := json.Marshal(p.params)
	if err != nil {
		return batch.Header{}, nil, err
	}
	d := p.lanes[0].Design
	h := batch.Header{Program: l.Program, Title: d.Title(), Choice: p.specs[0].Spec.Choice, Overrides: p.specs[0].Spec.Overrides,
		ConfigHash: d.Hash(), Policy: p.specs[0].Policy, Workflow: p.Workflow, Params: params, Seed: p.Seed,
		Total: p.Hunts, Shards: shards, Shard: k, First: first, Hunts: r.Hunts, Stopped: r.Stopped, Build: build}
	for j, ln := range p.lanes[1:] {
		s := p.specs[j+1]
		h.Lanes = append(h.Lanes, batch.LaneHeader{Title: ln.Design.Title(), Choice: s.Spec.Choice, Overrides: s.Spec.Overrides,
			ConfigHash: ln.Design.Hash(), Policy: s.Policy})
	}
	return h, r, nil
}

// A replanner compiles a workflow's plan again from the parameters its
// shards carry (h.Params), for h's seed and hunts.
type replanner func(ctx context.Context, l *Lab, h batch.Header) (*Plan, error)

// replanners are the workflows that shard, by name.
var replanners = map[string]replanner{}

// decodeParams reads a workflow's parameters strictly: a field this
// balance does not know is refused.
func decodeParams(h batch.Header, v any) error {
	dec := json.NewDecoder(bytes.NewReader(h.Params))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("the shards' %s parameters cannot be read by this balance: %v", h.Workflow, err)
	}
	return nil
}

// Workflows are the names of the workflows that shard.
func Workflows() []string {
	var out []string
	for k := range replanners {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// MergeShards reads the tally files of every shard of one workflow, checks
// that they belong together (batch.MergeLanes), then, before anything
// else, calls ready with their header (the command checks its outputs
// there: nothing is created for shards that are refused), opens the data
// of the game they name (open), compiles the workflow's plan again from
// their parameters, checks that each lane is the design they played (its
// hash) with the same policy, and returns the workflow's output for all
// their hunts. Its timing is zero: the shards' play time is not in their
// files, and the merge's own time says nothing of the hunts' speed.
func MergeShards(ctx context.Context, open func(game string) (*Lab, error), files []string, ready func(batch.Header) error) (*Merged, error) {
	var plan *Plan
	h, r, err := batch.MergeLanes(files, func(h batch.Header) ([]*game.Schema, error) {
		if ready != nil {
			if err := ready(h); err != nil {
				return nil, err
			}
		}
		re, ok := replanners[h.Workflow]
		if !ok {
			return nil, fmt.Errorf("the shards are of the workflow %q, which this balance does not merge (it merges %s)", h.Workflow, strings.Join(Workflows(), ", "))
		}
		lab, err := open(h.Game)
		if err != nil {
			return nil, err
		}
		l := *lab
		l.Program = h.Program // the report names the program that played the hunts
		p, err := re(ctx, &l, h)
		if err != nil {
			// The parameters come from the shards' header: data, not the
			// command line.
			return nil, fmt.Errorf("compiling the %s the shards played: %s", h.Workflow, strings.TrimPrefix(err.Error(), "-set "))
		}
		want := append([]batch.LaneHeader{{Title: h.Title, ConfigHash: h.ConfigHash, Policy: h.Policy, Overrides: h.Overrides}}, h.Lanes...)
		if len(p.lanes) != len(want) {
			return nil, fmt.Errorf("the shards hold %d lanes and the %s compiles to %d: the game data differ from the shards' (merge with the same -data)", len(want), h.Workflow, len(p.lanes))
		}
		var schemas []*game.Schema
		for j, ln := range p.lanes {
			if ln.Design.Hash() != want[j].ConfigHash || ln.Policy != want[j].Policy {
				over := "no -set overrides"
				if len(want[j].Overrides) > 0 {
					over = "the shards' overrides: -set " + strings.Join(want[j].Overrides, " -set ")
				}
				return nil, fmt.Errorf("the game data differ from the shards' in lane %d, %s (hash %s, shards %s): merge with the same -data and overrides (%s)",
					j, want[j].Title, ln.Design.Hash(), want[j].ConfigHash, over)
			}
			schemas = append(schemas, ln.Design.Schema())
		}
		plan = p
		return schemas, nil
	})
	if err != nil {
		return nil, err
	}
	r.Lanes = plan.lanes
	m, err := plan.finish(r)
	if err != nil {
		return nil, err
	}
	m.Header = h
	return m, nil
}

// runParams are the parameters of a run's shards.
type runParams struct {
	Spec   Spec   `json:"spec"`
	Policy string `json:"policy"`
}

func init() {
	replanners["run"] = func(ctx context.Context, l *Lab, h batch.Header) (*Plan, error) {
		var ps runParams
		if err := decodeParams(h, &ps); err != nil {
			return nil, err
		}
		return planRun(ctx, l, ps.Spec, ps.Policy, h.Seed, h.Total)
	}
}

// planRun is a run as a plan of one lane, without its ablations: what a
// run's shards play.
func planRun(ctx context.Context, l *Lab, s Spec, policy string, seed uint64, hunts int64) (*Plan, error) {
	des, err := l.Design(ctx, s, seed)
	if err != nil {
		return nil, err
	}
	p := &Plan{Workflow: "run", Seed: seed, Hunts: hunts, params: runParams{s, policy}, specs: []Lane{{s, policy}},
		lanes: []batch.Lane{{Design: des, Policy: policy}}, title: des.Title()}
	p.finish = func(r *batch.PairedResult) (*Merged, error) {
		ri := runInfo(l, des, s, policy, seed, 0, r.Stopped, 0, r.Elapsed, r.Workers, r.Hunts)
		return &Merged{Run: stats.NewReport(ri, r.Tallies[0])}, nil
	}
	return p, nil
}
