package legacy

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"balance/stats"
)

// CompareFigures is what the plots of a comparison show: each design's
// Summary over the same hunts, their names, and the paired differences
// B - A with their intervals.
type CompareFigures struct {
	NameA, NameB string
	A, B         *stats.Summary
	Win          stats.Interval // Pack win rate, B - A, paired
	Rounds       stats.Interval // hunt length in Rounds, B - A, paired
	Wounds       stats.Interval // Pack WNDs taken per hunt, B - A, paired
}

// colours of the two designs
var (
	colorA = blue
	fillA  = lightBlue
	colorB = orange
	fillB  = color.RGBA{R: 0xfd, G: 0xd0, B: 0xa2, A: 0xff}
)

// ComparePlots draws the plots of a comparison, as SVG for its HTML page:
// the two designs' outcome shares side by side, their WNDs taken by each
// Pack model and their hunt-length distributions side by side, and the
// paired differences with their intervals.
func ComparePlots(c *CompareFigures) ([]HTMLPlot, error) {
	if c == nil || c.A == nil || c.B == nil {
		return nil, fmt.Errorf("reports: no comparison to draw")
	}
	var out []HTMLPlot
	for _, p := range []struct {
		name string
		w, h vg.Length
		draw func(*CompareFigures) func(draw.Canvas)
	}{
		{"compare_outcomes", 9 * vg.Inch, 4.5 * vg.Inch, compareOutcomes},
		{"compare_wounds", 9 * vg.Inch, 4.5 * vg.Inch, compareWounds},
		{"compare_length", 9 * vg.Inch, 4.5 * vg.Inch, compareLength},
		{"compare_diffs", 11 * vg.Inch, 3 * vg.Inch, compareDiffs},
	} {
		b, err := renderCanvas("svg", p.w, p.h, p.draw(c))
		if err != nil {
			return nil, fmt.Errorf("reports: cannot draw %s: %w", p.name, err)
		}
		out = append(out, HTMLPlot{Name: p.name, SVG: b})
	}
	return out, nil
}

// pairLegend adds the two designs to a plot's legend.
func pairLegend(p *plot.Plot, c *CompareFigures) {
	p.Legend.Add("A: "+c.NameA, &rects{fill: fillA, edge: line(colorA, 1)})
	p.Legend.Add("B: "+c.NameB, &rects{fill: fillB, edge: line(colorB, 1)})
}

// twoBars draws, at each x, design A's bar left of it and B's right, each
// with its interval.
func twoBars(p *plot.Plot, xs, a, aLo, aHi, b, bLo, bHi []float64) {
	const w = 0.36
	for k, v := range [2][3][]float64{{a, aLo, aHi}, {b, bLo, bHi}} {
		off, fill, edge := -w/2, fillA, colorA
		if k == 1 {
			off, fill, edge = w/2, fillB, colorB
		}
		r := &rects{w: w, fill: fill, edge: line(edge, 1)}
		var e errPoints
		for i, x := range xs {
			r.x, r.lo, r.hi = append(r.x, x+off), append(r.lo, 0), append(r.hi, v[0][i])
			e.add(x+off, v[0][i], v[1][i], v[2][i])
		}
		p.Add(r)
		if e.Len() > 0 {
			p.Add(newYErr(&e))
		}
	}
}

func compareOutcomes(c *CompareFigures) func(draw.Canvas) {
	p := newPlot(fmt.Sprintf("Outcomes, the same %d hunts", c.A.Hunts), "", "% of hunts (95% interval)")
	var names []string
	var xs, a, aLo, aHi, b, bLo, bHi []float64
	top := 0.0
	for i, o := range c.A.Outcomes {
		if i >= len(c.B.Outcomes) {
			break
		}
		names = append(names, label(o.Name))
		xs = append(xs, float64(i))
		v, lo, hi := bounds(o.Rate)
		a, aLo, aHi = append(a, 100*v), append(aLo, 100*lo), append(aHi, 100*hi)
		v, lo, hi = bounds(c.B.Outcomes[i].Rate)
		b, bLo, bHi = append(b, 100*v), append(bLo, 100*lo), append(bHi, 100*hi)
		top = math.Max(top, math.Max(aHi[i], bHi[i]))
	}
	twoBars(p, xs, a, aLo, aHi, b, bLo, bHi)
	pairLegend(p, c)
	p.Legend.Left = false
	nominalX(p, names)
	p.X.Min, p.X.Max = -0.6, float64(len(names))-0.4
	p.Y.Min, p.Y.Max = 0, math.Max(top, 1)*1.3
	p.Y.Tick.Marker = cappedTicks{niceTicks{}, 100}
	return p.Draw
}

// compareWounds draws each Pack model's WNDs taken per hunt in both
// designs side by side: the 10th to 90th percentile as a box, the median
// and the mean with its interval.
func compareWounds(c *CompareFigures) func(draw.Canvas) {
	p := newPlot("WNDs taken per hunt by each Pack model", "", "WNDs taken")
	var names []string
	top := 1.0
	const w = 0.34
	for k, s := range []*stats.Summary{c.A, c.B} {
		off, fill, edge := -0.2, fillA, colorA
		if k == 1 {
			off, fill, edge = 0.2, fillB, colorB
		}
		box := &rects{w: w, fill: fill, edge: line(edge, 1)}
		med := &ticks{w: w, sty: line(edge, 3)}
		var mean errPoints
		for i, m := range s.Pack {
			if k == 0 {
				names = append(names, m.Name)
			}
			x := float64(i) + off
			d := m.Wounds
			box.x, box.lo, box.hi = append(box.x, x), append(box.lo, float64(d.P10)), append(box.hi, float64(d.P90))
			med.x, med.y = append(med.x, x), append(med.y, float64(d.P50))
			v, lo, hi := bounds(d.Mean)
			mean.add(x, v, lo, hi)
			top = math.Max(top, math.Max(float64(d.P90), hi))
		}
		if mean.Len() == 0 {
			continue
		}
		dots, err := plotter.NewScatter(xyPairs(mean.x, mean.y))
		if err != nil {
			continue
		}
		dots.GlyphStyle = draw.GlyphStyle{Color: black, Radius: 2.5, Shape: draw.CircleGlyph{}}
		p.Add(box, med, newYErr(&mean), dots)
	}
	pairLegend(p, c)
	p.Legend.Add("box: 10th to 90th percentile; line: median; dot: mean (95% interval)")
	nominalX(p, names)
	p.X.Min, p.X.Max = -0.6, float64(len(names))-0.4
	p.Y.Min, p.Y.Max = 0, top*1.4
	p.Y.Tick.Marker = niceTicks{integer: true}
	return p.Draw
}

// compareLength draws both designs' histograms of hunt length side by
// side, up to the longest length a visible share of either's hunts
// lasted.
func compareLength(c *CompareFigures) func(draw.Canvas) {
	p := newPlot("Hunt length", "Rounds", "% of hunts (95% interval)")
	last, first := -1, -1
	for _, s := range []*stats.Summary{c.A, c.B} {
		for r, k := range s.Rounds.Histogram {
			if k > 0 && (first < 0 || r < first) {
				first = r
			}
			if k > 0 && float64(k) >= visibleShare*float64(max(s.Rounds.N, 1)) && r > last {
				last = r
			}
		}
	}
	if last < 0 {
		p.Y.Min, p.Y.Max = 0, 1
		return p.Draw
	}
	var xs []float64
	var v [2][3][]float64 // per design: share, low, high, in %
	top := 0.0
	for r := first; r <= last; r++ {
		xs = append(xs, float64(r))
		for k, s := range []*stats.Summary{c.A, c.B} {
			var n int64
			if r < len(s.Rounds.Histogram) {
				n = s.Rounds.Histogram[r]
			}
			e := stats.Proportion(n, s.Rounds.N, 0.95)
			v[k][0], v[k][1], v[k][2] = append(v[k][0], 100*e.Value), append(v[k][1], 100*e.Low), append(v[k][2], 100*e.High)
			top = math.Max(top, 100*e.High)
		}
	}
	twoBars(p, xs, v[0][0], v[0][1], v[0][2], v[1][0], v[1][1], v[1][2])
	pairLegend(p, c)
	p.Legend.Add(fmt.Sprintf("mean A %s, B %s Rounds", c.A.Rounds.Mean.Bounds(), c.B.Rounds.Mean.Bounds()))
	p.Legend.Left = false
	p.X.Min, p.X.Max = float64(first)-0.6, float64(last)+0.6
	p.X.Tick.Marker = niceTicks{integer: true}
	p.Y.Min, p.Y.Max = 0, math.Max(top, 1)*1.35
	return p.Draw
}

// compareDiffs draws the paired differences B - A, each in its own panel
// with its unit: the Pack win rate in percentage points, the hunt length
// in Rounds and the Pack's WNDs taken, each a dot with its interval
// against a line at 0.
func compareDiffs(c *CompareFigures) func(draw.Canvas) {
	panel := func(title, unit string, i stats.Interval, scale float64) *plot.Plot {
		p := newPlot(title, unit+" (95% interval)", "")
		v, lo, hi := bounds(i)
		v, lo, hi = scale*v, scale*lo, scale*hi
		var e errPoints
		e.add(v, 0, lo, hi)
		dots, err := plotter.NewScatter(xyPairs(e.x, e.y))
		if err == nil {
			dots.GlyphStyle = draw.GlyphStyle{Color: colorB, Radius: 4, Shape: draw.CircleGlyph{}}
			p.Add(xyLine([]float64{0, 0}, []float64{-1, 1}, line(black, 0.8, 3, 2)), newXErr(&e), dots)
		}
		span := math.Max(math.Max(math.Abs(lo), math.Abs(hi)), 1e-9) * 1.25
		p.X.Min, p.X.Max = -span, span
		p.Y.Min, p.Y.Max = -1, 1
		p.HideY()
		return p
	}
	win := panel("Pack win rate: "+PointsBounds(c.Win), "percentage points", c.Win, 100)
	rounds := panel("Hunt length: "+signedBounds(c.Rounds), "Rounds", c.Rounds, 1)
	wounds := panel("Pack WNDs taken per hunt: "+signedBounds(c.Wounds), "WNDs", c.Wounds, 1)
	return sidePanels(fmt.Sprintf("Change B - A, paired on the same %d hunts", c.Win.N), "", win, rounds, wounds)
}
