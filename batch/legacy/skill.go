package legacy

import (
	sim "balance/sim/cazadores"
	"balance/stats"
)

// DefaultPackAI is the Pack policy tier a run uses unless told otherwise,
// and the tier of tally files written before there were tiers.
const DefaultPackAI = "basic"

// SignificanceLevel is the level below which a McNemar p-value marks a
// difference between two tiers as significant.
const SignificanceLevel = 0.05

// SummarizeSkill computes the skill trace of a paired run of hunts of sc:
// each tier's figures, and for every pair of tiers (weaker first, by the
// order of r.Tiers) the paired difference in Pack win rate and in Pack
// WNDs taken, with the exact McNemar test of the wins. m.PackAI is
// ignored (every tier played).
func SummarizeSkill(m Meta, r *PairedResult, sc *sim.Scenario) *stats.Skill {
	n := r.Hunts
	k := &stats.Skill{
		Schema:  stats.SkillSchemaVersion,
		Program: m.Program,
		Config: stats.Config{
			Adversary: m.Adversary, AdversaryName: sc.Adversary.Name, Pack: m.Pack, Scenario: m.Scenario,
			Overrides: m.Overrides, Hash: m.Hash, RoundCap: sc.Rules.RoundCap, TargetError: m.TargetError,
		},
		Hunts:       n,
		Seed:        m.Seed,
		Stopped:     r.Stopped,
		Interrupted: r.Stopped == StopInterrupted,
	}
	if k.Config.Overrides == nil {
		k.Config.Overrides = []string{}
	}
	for j, t := range r.Tiers {
		tl := r.Tallies[j]
		st := stats.SkillTier{
			Name: t.Name, Order: t.Order, Doc: t.Doc,
			PackWinRate:       stats.FromEstimate(stats.Proportion(tl.Outcomes[sim.PackWon], n, Conf)),
			AdversaryDefeated: stats.FromEstimate(stats.Proportion(tl.AdvDefeated, n, Conf)),
			PackWounds:        stats.FromEstimate(stats.Mean(float64(r.Wounds[j].Sum), float64(r.Wounds[j].SumSq), n, Conf)),
			PackDeaths:        Dist(tl.PackDeaths),
			Rounds:            Dist(tl.Rounds),
		}
		for o := sim.PackWon; o < sim.NumOutcomes; o++ {
			st.Outcomes = append(st.Outcomes, stats.Count{Name: o.String(), Count: tl.Outcomes[o],
				Rate: stats.FromEstimate(stats.Proportion(tl.Outcomes[o], n, Conf))})
		}
		k.Tiers = append(k.Tiers, st)
	}
	for i := range r.Pairs {
		p := &r.Pairs[i]
		// In the Pair, d = WNDs under A - WNDs under B: the Skill reports B - A.
		k.Pairs = append(k.Pairs, stats.SkillPair{
			A: r.Tiers[p.A].Name, B: r.Tiers[p.B].Name, Adjacent: p.B == p.A+1,
			Both: p.Both, OnlyA: p.OnlyA, OnlyB: p.OnlyB, Neither: p.Neither,
			WinRateDiff: stats.FromEstimate(stats.PairedDiff(p.Both, p.OnlyB, p.OnlyA, p.Neither, Conf)),
			WoundsDiff:  stats.FromEstimate(stats.PairedMeanDiff(float64(-p.SumD), float64(p.SumD2), p.Hunts(), Conf)),
			McNemarP:    stats.McNemar(p.OnlyA, p.OnlyB),
		})
		k.Pairs[i].Significant = k.Pairs[i].McNemarP < SignificanceLevel
	}
	secs := m.Elapsed.Seconds()
	k.Timing = stats.Timing{Seconds: secs, Workers: m.Workers}
	if secs > 0 {
		k.Timing.HuntsPerSec = float64(n*int64(len(r.Tiers))) / secs
	}
	return k
}
