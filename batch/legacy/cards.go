package legacy

import (
	"context"
	"fmt"
	"math"
	"strconv"

	ai "balance/ai/cazadores"
	sim "balance/sim/cazadores"
	"balance/stats"
)

// CardAlpha is the family-wise level of the significance flags of the card
// effects.
const CardAlpha = 0.05

// RunBlanks plays every hunt index of the batch once as designed (lane 0)
// and once with each of blanks played blank (lane j+1), each on the same
// random stream (seed, i) and with the same Pack tier: the paired measure
// of what each entry does (SummarizeCardEffects). cfg.Scenario is the
// design. The result is RunSweep's.
func RunBlanks(ctx context.Context, cfg Config, tier ai.Tier, blanks []sim.Blank) (*PairedResult, error) {
	if cfg.Scenario == nil {
		return nil, fmt.Errorf("batch: no scenario")
	}
	scs := make([]*sim.Scenario, 0, 1+len(blanks))
	scs = append(scs, cfg.Scenario)
	for _, b := range blanks {
		scs = append(scs, cfg.Scenario.WithBlank(b))
	}
	return RunSweep(ctx, cfg, tier, scs)
}

// SummarizeCardEffects computes the card effects of a RunBlanks result:
// for blank j (lane j+1), the paired differences lane 0 minus lane j+1 of
// the Pack win rate (PairedDiff, the exact McNemar test), of the hunt
// length in Rounds and of the Pack's WNDs taken (pairedShift), and which
// changes are significant at CardAlpha with Holm's correction over all
// the p-values (two per entry). first is the index of the first hunt.
func SummarizeCardEffects(r *PairedResult, sc *sim.Scenario, blanks []sim.Blank, first int64) *stats.CardEffects {
	a := &sc.Adversary
	ce := &stats.CardEffects{Hunts: r.Hunts, First: first, Stopped: r.Stopped, Alpha: CardAlpha,
		Effects: []stats.CardEffect{}, NoEffect: []string{}}
	for l := 0; l < int(a.NLoc); l++ {
		if !a.Loc[l].HasEffect() {
			ce.NoEffect = append(ce.NoEffect, a.Loc[l].Name)
		}
	}
	packWND := 0
	for _, w := range ShapeOf(sc).PackWND {
		packWND += w
	}
	var ps []float64
	for j, b := range blanks {
		p := r.Pair(0, j+1)
		n := p.Hunts()
		e := stats.CardEffect{Key: b.Key(), Cards: []string{}}
		switch b.Kind {
		case sim.BlankStandard, sim.BlankSpecial:
			act := &a.Standard[b.Index]
			if b.Kind == sim.BlankSpecial {
				act = &a.Special[b.Index]
				e.Tree = act.Tree.String()
			}
			e.Kind, e.Name = "action", act.Name
			for _, c := range b.Cards() {
				e.Cards = append(e.Cards, sim.CardName(c))
			}
		case sim.BlankLocation:
			l := &a.Loc[b.Index]
			e.Kind, e.Name = "location", l.Name
			if l.Label != "" {
				e.Name += ": " + l.Label
			}
			for v := 2; v <= 10; v++ {
				if int(a.CardLoc[v]) == int(b.Index) {
					e.Cards = append(e.Cards, strconv.Itoa(v))
				}
			}
		}
		e.Win = stats.FromEstimate(stats.PairedDiff(p.Both, p.OnlyA, p.OnlyB, p.Neither, Conf))
		e.OnlyWith, e.OnlyBlank = p.OnlyA, p.OnlyB
		e.WinP = stats.McNemar(p.OnlyA, p.OnlyB)
		e.Rounds = pairedShift(p.SumR, p.SumR2, n, sc.Rules.RoundCap)
		e.RoundsP = 1
		if n >= 2 {
			e.RoundsP = stats.PairedMeanP(float64(p.SumR), float64(p.SumR2), n)
		}
		e.Wounds = pairedShift(p.SumD, p.SumD2, n, packWND)
		ps = append(ps, e.WinP, e.RoundsP)
		ce.Effects = append(ce.Effects, e)
	}
	rej := stats.Holm(ps, CardAlpha)
	for j := range ce.Effects {
		ce.Effects[j].WinSignificant, ce.Effects[j].RoundsSignificant = rej[2*j], rej[2*j+1]
	}
	return ce
}

// pairedShift estimates the mean of a paired difference d from Σd and Σd²
// over n pairs, |d| at most bound: PairedMeanDiff's normal interval,
// widened when fewer than 5 pairs may differ. The pairs that differ are
// at most Σd² (each counts at least 1 there); with k = Σd² < 5 the normal
// interval says little (with none it has no width), and the interval is
// widened to hold ±bound·u, u the upper end of the Wilson interval of k
// differing pairs in n: the mean is q·E[d | d ≠ 0] with q that share, and
// E[d | d ≠ 0] lies in [-bound, bound]. A warning says so.
func pairedShift(sumD, sumD2, n int64, bound int) stats.Interval {
	e := stats.PairedMeanDiff(float64(sumD), float64(sumD2), n, Conf)
	if n > 0 && sumD2 < fewOff {
		u := stats.Proportion(sumD2, n, Conf).High * float64(bound)
		e.Warnings = nil
		e = e.Hull(stats.Estimate{Low: -u, High: u})
		e.Low, e.High = math.Max(e.Low, -float64(bound)), math.Min(e.High, float64(bound))
		e.Warnings = append(e.Warnings, fmt.Sprintf("fewer than %d hunts went differently: the interval allows for any change of up to %d in them", fewOff, bound))
	}
	return stats.FromEstimate(e)
}
