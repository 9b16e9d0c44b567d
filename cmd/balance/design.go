package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	batch "balance/batch/legacy"
	reports "balance/reports/legacy"
	sim "balance/sim/cazadores"
	"balance/stats"
)

// loadDesign loads the game data and compiles one design: g's Adversary
// with the overrides set, and the Objective when one is named.
func loadDesign(ctx context.Context, g *gameFlags, set []string, objective string) (*setup, error) {
	st, err := loadRun(ctx, g, set)
	if err != nil {
		return nil, err
	}
	if objective != "" {
		if err := checkName(st.data, "objectives", objective); err != nil {
			return nil, err
		}
		if err := st.withObjective(g.pack, g.scenario, objective); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// playFlags are the flags of the commands that play designs on the same
// hunts: how many hunts, the seed, the workers, the Pack's policy tier,
// the Objective and the progress bar. Embedded in a command's options,
// its fields read as the command's own (o.hunts, o.seed, ...).
type playFlags struct {
	hunts     int64
	seed      uint64
	workers   int
	policy    policyFlags
	objective string
	quiet     bool
}

// register defines the flags; where says what plays the same hunts ("at
// every point", "in both designs"; "" for a single design).
func (p *playFlags) register(fs *flag.FlagSet, hunts int64, huntsUsage, where string) {
	if where != "" {
		where = " " + where
	}
	intVar(fs, &p.hunts, "hunts", hunts, huntsUsage)
	intVar(fs, &p.seed, "seed", 1, "run seed: hunt i plays the random stream (seed, i)"+where)
	intVar(fs, &p.workers, "workers", 0, "worker goroutines (0: all cores); the results do not depend on it")
	p.policy.register(fs, false)
	fs.StringVar(&p.objective, "objective", "", "play with this Objective"+where+": its slug, or random (a d10 roll from the seed)")
	fs.BoolVar(&p.quiet, "quiet", false, "no progress: no bar on a terminal, no progress lines otherwise")
}

// resolveObjective turns -objective random into the slug a d10 rolled
// from the run seed gives, as run does, so that every design a command
// plays meets the same Objective and the report names it; a slug is
// returned as it is.
func resolveObjective(ctx context.Context, dataDir, name string, seed uint64) (string, error) {
	if name != "random" {
		return name, nil
	}
	d, err := loadData(ctx, dataDir)
	if err != nil {
		return "", err
	}
	return pickObjective(d, name, seed)
}

// withSet returns base with extra overrides appended, in a new slice.
func withSet(base []string, extra ...string) []string {
	return append(append([]string{}, base...), extra...)
}

// designTitle names a design for a report: "Adversary vs pack on map",
// with the Objective and the overrides common to every point.
func designTitle(adversary string, g *gameFlags, objective string, set []string) string {
	t := fmt.Sprintf("%s vs %s on %s", adversary, g.pack, g.scenario)
	if objective != "" {
		t += ", objective " + objective
	}
	if len(set) > 0 {
		t += ", with " + strings.Join(set, " ")
	}
	return t
}

// lanePoint is the figures of lane k of a paired run, each with its 95%
// interval; the values and the step are left to the caller.
func lanePoint(r *batch.PairedResult, k int) reports.SweepPoint {
	t := r.Tallies[k]
	n := t.Hunts
	return reports.SweepPoint{
		PackWin:    stats.FromEstimate(stats.Proportion(t.Outcomes[sim.PackWon], n, batch.Conf)),
		Rounds:     batch.Dist(t.Rounds).Mean,
		PackWounds: stats.FromEstimate(stats.Mean(float64(r.Wounds[k].Sum), float64(r.Wounds[k].SumSq), n, batch.Conf)),
		PackDeaths: batch.Dist(t.PackDeaths).Mean,
	}
}

// stepFrom sets p's step: the paired change of the Pack win rate from
// lane a to lane b (a < b), with its McNemar p.
func stepFrom(p *reports.SweepPoint, r *batch.PairedResult, a, b int) {
	pr := r.Pair(a, b)
	step := stats.FromEstimate(stats.PairedDiff(pr.Both, pr.OnlyB, pr.OnlyA, pr.Neither, batch.Conf))
	pv := stats.McNemar(pr.OnlyA, pr.OnlyB)
	p.Step, p.StepP = &step, &pv
}
