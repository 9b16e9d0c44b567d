package reports

import (
	"fmt"
	"image/color"
	"strconv"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"balance/stats"
)

// How the hunts felt (docs/feel.md): a section of the run's report, its
// table feel.csv and its plots, for a game that declares a standing.

// feelPlots are the plots of how the hunts felt: the uncertainty curve
// with its band, the histogram of lead changes, and each side's
// comebacks and close calls beside its win rate.
func feelPlots(r *stats.Report) []summaryPlot {
	if r.Feel == nil {
		return nil
	}
	return []summaryPlot{
		{"feel", 8 * vg.Inch, 4.5 * vg.Inch, func() (func(draw.Canvas), error) { return uncertaintyPlot(r) }},
		{"lead_changes", 8 * vg.Inch, 4.5 * vg.Inch, func() (func(draw.Canvas), error) { return leadPlot(r) }},
		{"feel_sides", 8 * vg.Inch, 4.5 * vg.Inch, func() (func(draw.Canvas), error) { return feelSidesPlot(r) }},
	}
}

// feelShown is the number of rounds the plot and the table show: up to
// the last round any hunt played.
func feelShown(f *stats.Feel) int {
	n := 0
	for i, fr := range f.Rounds {
		if fr.Hunts > 0 {
			n = i + 1
		}
	}
	return n
}

func uncertaintyPlot(r *stats.Report) (func(draw.Canvas), error) {
	f := r.Feel
	p := newPlot(plotTitle("How unpredictable the outcome still is", r), r.LengthUnit.Label+" (at its end)", "share")
	n := feelShown(f)
	var xs, u, ulo, uhi, g, glo, ghi []float64
	for _, fr := range f.Rounds[:n] {
		if fr.Hunts == 0 {
			continue
		}
		xs = append(xs, float64(fr.Round))
		a, lo, hi := bounds(fr.Uncertainty)
		u, ulo, uhi = append(u, a), append(ulo, lo), append(uhi, hi)
		a, lo, hi = bounds(fr.Right)
		g, glo, ghi = append(g, a), append(glo, lo), append(ghi, hi)
	}
	if len(xs) > 0 {
		ub, ul := band(xs, ulo, uhi, lightBlue), xyLine(xs, u, line(blue, 2))
		gb, gl := band(xs, glo, ghi, fillB), xyLine(xs, g, line(orange, 2))
		p.Add(ub, gb, ul, gl)
		p.Legend.Add("uncertainty 4p(1-p) ("+conf(winRate(r))+" band)", ub, ul)
		p.Legend.Add("hunts the standing predicts (band)", gb, gl)
		t := xyLine([]float64{xs[0], xs[len(xs)-1]}, []float64{stats.Settled, stats.Settled}, line(black, 1, 2, 2))
		p.Add(t)
		p.Legend.Add(fmt.Sprintf("%g%%: settled", 100*stats.Settled), t)
		if s := f.SettlingRound.Estimate; int(s) <= f.Kept {
			v := xyLine([]float64{s, s}, []float64{0, 1}, line(red, 1.2, 2, 2))
			p.Add(v)
			p.Legend.Add(fmt.Sprintf("settling round %s", f.SettlingRound.WholeBounds()), v)
		}
	}
	p.Y.Min, p.Y.Max = 0, 1.45 // room for the legend above the curves
	p.X.Tick.Marker = niceTicks{integer: true}
	return p.Draw, nil
}

func leadPlot(r *stats.Report) (func(draw.Canvas), error) {
	d := r.Feel.LeadChanges
	p := newPlot(plotTitle("Lead changes per hunt", r), "lead changes", "% of hunts")
	bars := &rects{w: 0.8, fill: lightBlue, edge: line(blue, 1)}
	top := 0.0
	for v, k := range d.Histogram {
		pct := 100 * float64(k) / float64(max(d.N, 1))
		bars.x, bars.lo, bars.hi = append(bars.x, float64(v)), append(bars.lo, 0), append(bars.hi, pct)
		top = max(top, pct)
	}
	p.Add(bars)
	p.Legend.Add(fmt.Sprintf("mean %s", d.Mean.Bounds()), bars)
	p.Y.Min, p.Y.Max = 0, max(top*1.3, 1)
	p.X.Min, p.X.Max = -0.6, float64(max(len(d.Histogram), 1))-0.4
	p.X.Tick.Marker = niceTicks{integer: true}
	return p.Draw, nil
}

// feelSidesPlot draws, for each side, three bars with their intervals:
// its win rate (a share of hunts), the share of its wins from behind and
// the share of its wins after a close call.
func feelSidesPlot(r *stats.Report) (func(draw.Canvas), error) {
	f := r.Feel
	p := newPlot(plotTitle("Wins, comebacks and close calls", r), "", "%")
	var names []string
	const w = 0.26
	kinds := []struct {
		label      string
		fill, edge color.Color
		off        float64
	}{{"win rate (% of hunts)", grey, black, -w}, {"wins from behind (% of its wins)", fillA, colorA, 0}, {"wins after a close call (% of its wins)", fillB, colorB, w}}
	for k, kd := range kinds {
		bars := &rects{w: w, fill: kd.fill, edge: line(kd.edge, 1)}
		var e errPoints
		for i, s := range f.Sides {
			var iv stats.Interval
			switch k {
			case 0:
				if i < len(r.Wins) {
					iv = r.Wins[i].Rate
				}
			case 1:
				iv = s.Comeback
			default:
				iv = s.Close
			}
			v, lo, hi := bounds(iv)
			x := float64(i) + kd.off
			bars.x, bars.lo, bars.hi = append(bars.x, x), append(bars.lo, 0), append(bars.hi, 100*v)
			e.add(x, 100*v, 100*lo, 100*hi)
		}
		p.Add(bars)
		if e.Len() > 0 {
			p.Add(newYErr(&e))
		}
		p.Legend.Add(kd.label, bars)
	}
	for i, s := range f.Sides {
		label := s.Side
		if i < len(r.Wins) {
			label = r.Wins[i].Label
		}
		names = append(names, label)
	}
	nominalX(p, names)
	p.Y.Min, p.Y.Max = 0, 145
	return p.Draw, nil
}

// feelSection writes the section of how the hunts felt.
func feelSection(b *document, r *stats.Report) {
	f := r.Feel
	if f == nil {
		return
	}
	b.heading(2, "How the hunts felt")
	idle := "an idle turn, " + f.Idle
	if f.Idle == "" {
		idle = "idle turns are not counted"
	}
	b.p("Each side's standing is its %s, read at the end of every %s; the side with the larger share is ahead. "+
		"A close call is %s; %s. docs/feel.md defines every figure.",
		f.Standing, r.LengthUnit.Key, f.Close, idle)
	lines := []string{fmt.Sprintf("Lead changes per hunt: %s", perHunt(&f.LeadChanges))}
	for i, s := range f.Sides {
		name := s.Side
		if i < len(r.Wins) {
			name = r.Wins[i].Label
		}
		line := fmt.Sprintf("%s: of its %d wins, **%s** from behind (worst deficit %s percentage points of standing on average, at most %d), **%s** after a close call",
			name, s.Wins, s.Comeback.PercentBounds(), s.Deficit.Mean.Bounds(), s.Deficit.Max, s.Close.PercentBounds())
		if f.Idle != "" {
			line += fmt.Sprintf("; idle in **%s** of its %d turns", s.Idle.PercentBounds(), s.Turns)
		}
		lines = append(lines, line)
	}
	if int(f.SettlingRound.Estimate) > f.Kept {
		lines = append(lines, fmt.Sprintf("The outcome does not settle: in the last %s reached by 1%% of the hunts, the standing still predicts fewer than %g%% of them.",
			r.LengthUnit.Key, 100*stats.Settled))
	} else {
		spans := ""
		if c := f.SettledPlay.Conf; c != stats.Conf {
			spans = fmt.Sprintf(" (a %g%% interval: it spans the settling %s's)", 100*c, r.LengthUnit.Key)
		}
		lines = append(lines, fmt.Sprintf("Settling %s: **%s** (after it the standing predicts at least %g%% of the hunts in every later %s); **%s** of the play comes after it%s",
			r.LengthUnit.Key, f.SettlingRound.WholeBounds(), 100*stats.Settled, r.LengthUnit.Key, f.SettledPlay.PercentBounds(), spans))
	}
	b.list(lines)
	b.plot("feel_sides", "Wins, comebacks and close calls")
	b.plot("lead_changes", "Lead changes per hunt")
	b.plot("feel", "How unpredictable the outcome still is")
	n := feelShown(f)
	var rows [][]string
	for _, fr := range f.Rounds[:n] {
		rows = append(rows, []string{strconv.Itoa(fr.Round), itoa(fr.Hunts), fr.Uncertainty.Bounds(), fr.Right.PercentBounds()})
	}
	b.table(docTable{align: "rrrr", header: []string{orDash(r.LengthUnit.Label), "Hunts", "Uncertainty [band]", "Predicted [band]"}, rows: rows,
		csv: "feel.csv", collapse: fmt.Sprintf("The settling table by %s: %d rows", r.LengthUnit.Key, len(rows))})
	b.p("Uncertainty is the mean over the hunts that played the %s of 4p(1-p), p the share of the hunts with the same standing at its end that %s won "+
		"(1: a coin flip, 0: known); predicted, the share of those hunts whose outcome the likelier answer names. Table: feel.csv.",
		r.LengthUnit.Key, side0(r))
}

// feelTable is feel.csv: the settling figures by round.
func feelTable(r *stats.Report) [][]string {
	t := [][]string{row([]string{"round", "hunts"}, est("uncertainty"), est("predicted"))}
	for _, fr := range r.Feel.Rounds {
		t = append(t, row([]string{strconv.Itoa(fr.Round), itoa(fr.Hunts)}, cells(fr.Uncertainty), cells(fr.Right)))
	}
	return t
}
