package reports

import (
	"fmt"
	"io"
	"math"
	"text/tabwriter"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"balance/game"
	"balance/stats"
)

// Comparison is what compare reports of two designs played on the same
// hunts (its JSON form): each design's figures, and the paired change
// from A to B of each, with the exact McNemar test of the wins and the
// variance reduction the pairing achieved.
type Comparison struct {
	Game      string    `json:"game"`
	A         string    `json:"a"`
	B         string    `json:"b"`
	Overrides []string  `json:"overrides"` // B's overrides, when B is A with overrides
	Hunts     int64     `json:"hunts"`
	Stopped   string    `json:"stopped"` // "hunts", or "interrupted" (Ctrl-C): hunts is then those played
	Seed      uint64    `json:"seed"`
	Policy    string    `json:"policy"`
	Config    []game.KV `json:"config"` // A's configuration
	// Figures are the keys of the figures followed (stats.Followed: the
	// first side's win rate, the length, each headline value); FiguresA
	// and FiguresB each design's, Changes B - A of each, paired.
	Figures  []string         `json:"figures"`
	Labels   []string         `json:"labels"`
	FiguresA []stats.Figure   `json:"figures_a"`
	FiguresB []stats.Figure   `json:"figures_b"`
	Changes  []stats.Interval `json:"changes"`
	OnlyA    int64            `json:"only_a"` // hunts only A's first side won
	OnlyB    int64            `json:"only_b"`
	McNemarP float64          `json:"mcnemar_p"`
	// Var(A) + Var(B) over Var(A - B) of the win rates, measured on these
	// hunts, with its interval; absent when no hunt went differently.
	VarianceReduction *stats.Interval `json:"variance_reduction,omitempty"`
	// The largest reduction any pairing could give for win rates this far
	// apart (0: no limit, the rates are equal).
	VarianceReductionCeiling float64 `json:"variance_reduction_ceiling"`
}

// stopNote marks an interrupted run.
func stopNote(stopped string) string {
	if stopped == "interrupted" {
		return " (interrupted)"
	}
	return ""
}

// times formats a ratio to three significant figures: 2.04, 10.1, 834.
func times(v float64) string {
	switch {
	case v >= 99.5:
		return fmt.Sprintf("%.0f", v)
	case v >= 9.95:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

// VarianceText says what the pairing achieved and, for scale, the most any
// pairing could: even a perfect one must leave every hunt the change turns.
func (c *Comparison) VarianceText() string {
	v := c.VarianceReduction
	if v == nil {
		return "none measurable: no hunt went differently"
	}
	s := fmt.Sprintf("%sx [%sx, %sx] over independent seeds (measured on these hunts, n=%d)", times(v.Estimate), times(v.Low), times(v.High), v.N)
	for _, w := range v.Warnings {
		s += "; " + w
	}
	if c.VarianceReductionCeiling > 0 {
		s += fmt.Sprintf("; a change this size allows at most %sx", times(c.VarianceReductionCeiling))
	}
	return s
}

// pIs prints a p-value after "p": "= 0.0312", or "< 1e-300".
func pIs(p float64) string {
	if p < MinP {
		return PText(p)
	}
	return "= " + PText(p)
}

// kind is the kind of figure i.
func (c *Comparison) kind(i int) string {
	if i < len(c.FiguresA) {
		return c.FiguresA[i].Kind
	}
	return "mean"
}

// rows are the comparison's figures as (name, value) rows: each design's
// figures, then the paired changes.
func (c *Comparison) rows() [][2]string {
	var rows [][2]string
	for i, l := range c.Labels {
		if i < len(c.FiguresA) && i < len(c.FiguresB) {
			rows = append(rows, [2]string{l + " A", c.FiguresA[i].Estimate.String()},
				[2]string{l + " B", c.FiguresB[i].Estimate.String()})
			switch {
			case c.FiguresA[i].Kind == "proportion":
				rows[len(rows)-2][1], rows[len(rows)-1][1] = c.FiguresA[i].Estimate.Percent(), c.FiguresB[i].Estimate.Percent()
			case c.FiguresA[i].Key == "settling_round":
				a, b := c.FiguresA[i].Estimate, c.FiguresB[i].Estimate
				rows[len(rows)-2][1] = fmt.Sprintf("%s (n=%d)", a.WholeBounds(), a.N)
				rows[len(rows)-1][1] = fmt.Sprintf("%s (n=%d)", b.WholeBounds(), b.N)
			}
		}
	}
	for i, l := range c.Labels {
		if i >= len(c.Changes) {
			break
		}
		v := diffText(c.kind(i), c.Changes[i])
		if i == 0 {
			rows = append(rows, [2]string{"Change B - A: " + l, fmt.Sprintf("%s (paired, n=%d); only A won %d hunts, only B %d; McNemar p %s",
				v, c.Changes[i].N, c.OnlyA, c.OnlyB, pIs(c.McNemarP))})
			continue
		}
		how := "paired"
		if i < len(c.Figures) && stats.RunFigure(c.Figures[i]) {
			how = fmt.Sprintf("not paired: the two designs' intervals joined, %.0f%%", 100*c.Changes[i].Conf)
		}
		rows = append(rows, [2]string{"Change B - A: " + l, fmt.Sprintf("%s (%s, n=%d)", v, how, c.Changes[i].N)})
	}
	return append(rows, [2]string{"Variance reduction", c.VarianceText()})
}

// CompareTable writes the comparison for the terminal.
func CompareTable(w io.Writer, c *Comparison) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "A\t%s\n", c.A)
	fmt.Fprintf(tw, "B\t%s\n", c.B)
	fmt.Fprintf(tw, "Hunts\t%d in each, the same hunts (seed %d), policy %s%s\n", c.Hunts, c.Seed, c.Policy, stopNote(c.Stopped))
	for _, r := range c.rows() {
		fmt.Fprintf(tw, "%s\t%s\n", r[0], r[1])
	}
	tw.Flush()
}

// CompareHTML is the comparison as one self-contained HTML page: the
// paired figures, then the plots of both designs side by side (their
// reports a and b, over the same hunts) and of the changes.
func CompareHTML(c *Comparison, a, b *stats.Report) ([]byte, error) {
	if a == nil || b == nil {
		return nil, fmt.Errorf("reports: no comparison to draw")
	}
	plots, err := comparePlots(c, a, b)
	if err != nil {
		return nil, err
	}
	config := [][2]string{{"A", c.A}, {"B", c.B}}
	for _, kv := range c.Config {
		config = append(config, [2]string{kv.Key + " (A)", orDash(kv.Value)})
	}
	config = append(config, [2]string{"Policy", c.Policy}, [2]string{"Seed", fmt.Sprint(c.Seed)},
		[2]string{"Hunts", fmt.Sprintf("%d in each design, the same hunts%s", c.Hunts, stopNote(c.Stopped))})
	var rows [][]string
	for _, r := range c.rows() {
		rows = append(rows, []string{r[0], r[1]})
	}
	return RenderHTML(&HTMLPage{
		Title:  "Compare: " + c.A + " and " + c.B,
		Config: config,
		Sections: []HTMLSection{{
			Heading: "Paired comparison",
			Text:    []string{"Both designs play the same hunts (common random numbers); intervals are 95%."},
			Header:  []string{"Figure", "Value"},
			Rows:    rows,
		}, {
			Heading: "Plots",
			Text: []string{"Design A in blue, B in orange, over the same hunts: the outcomes, each list's counts and the hunt length of each, " +
				"then the paired changes B - A with their 95% intervals (a change whose interval holds 0 is not shown to be real)."},
			Plots: plots,
		}},
	})
}

// comparePlots draws the plots of a comparison, as SVG for its HTML page:
// the two designs' outcome shares side by side, the first count of their
// first list with one (the WNDs each model took) and their length
// distributions side by side, and the paired changes with their
// intervals.
func comparePlots(c *Comparison, a, b *stats.Report) ([]HTMLPlot, error) {
	var out []HTMLPlot
	for _, p := range []struct {
		name string
		w, h vg.Length
		draw func() func(draw.Canvas)
	}{
		{"compare_outcomes", 9 * vg.Inch, 4.5 * vg.Inch, func() func(draw.Canvas) { return compareOutcomes(c, a, b) }},
		{"compare_items", 9 * vg.Inch, 4.5 * vg.Inch, func() func(draw.Canvas) { return compareItems(c, a, b) }},
		{"compare_length", 9 * vg.Inch, 4.5 * vg.Inch, func() func(draw.Canvas) { return compareLength(c, a, b) }},
		{"compare_changes", 11 * vg.Inch, 3 * vg.Inch, func() func(draw.Canvas) { return compareChanges(c) }},
	} {
		drawTo := p.draw()
		if drawTo == nil {
			continue
		}
		svg, err := renderCanvas("svg", p.w, p.h, drawTo)
		if err != nil {
			return nil, fmt.Errorf("reports: cannot draw %s: %w", p.name, err)
		}
		out = append(out, HTMLPlot{Name: p.name, SVG: svg})
	}
	return out, nil
}

// pairLegend adds the two designs to a plot's legend.
func pairLegend(p *plot.Plot, c *Comparison) {
	p.Legend.Add("A: "+c.A, &rects{fill: lightBlue, edge: line(colorA, 1)})
	p.Legend.Add("B: "+c.B, &rects{fill: fillB, edge: line(colorB, 1)})
}

func compareOutcomes(c *Comparison, ra, rb *stats.Report) func(draw.Canvas) {
	p := newPlot(fmt.Sprintf("Outcomes, the same %d hunts", c.Hunts), "", "% of hunts (95% interval)")
	var names []string
	var xs, a, aLo, aHi, b, bLo, bHi []float64
	top := 0.0
	for i, o := range ra.Outcomes {
		if i >= len(rb.Outcomes) {
			break
		}
		names = append(names, wrapLabel(label(o.Name), 14))
		xs = append(xs, float64(i))
		v, lo, hi := bounds(o.Rate)
		a, aLo, aHi = append(a, 100*v), append(aLo, 100*lo), append(aHi, 100*hi)
		v, lo, hi = bounds(rb.Outcomes[i].Rate)
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

// firstCount is the first count given per item of a list, or nil.
func firstCount(r *stats.Report) *stats.ValueFigures {
	for i := range r.Values {
		if v := &r.Values[i]; v.Per != "" && v.Kind == "count" {
			return v
		}
	}
	return nil
}

// compareItems draws the first count given per item (each Pack model's
// WNDs taken per hunt) in both designs side by side: the 10th to 90th
// percentile as a box, the median and the mean with its interval; nil
// when the game gives none.
func compareItems(c *Comparison, ra, rb *stats.Report) func(draw.Canvas) {
	va, vb := firstCount(ra), firstCount(rb)
	if va == nil || vb == nil {
		return nil
	}
	p := newPlot(va.Label+" per hunt", "", va.Label)
	var names []string
	top := 1.0
	const w = 0.34
	for k, v := range []*stats.ValueFigures{va, vb} {
		off, fill, edge := -0.2, lightBlue, colorA
		if k == 1 {
			off, fill, edge = 0.2, fillB, colorB
		}
		box := &rects{w: w, fill: fill, edge: line(edge, 1)}
		med := &ticks{w: w, sty: line(edge, 3)}
		var mean errPoints
		for i, f := range v.Items {
			if k == 0 {
				names = append(names, f.Label)
			}
			if f.Dist == nil {
				continue
			}
			x := float64(i) + off
			d := f.Dist
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

// compareLength draws both designs' histograms of the hunt's length side
// by side, up to the longest length a visible share of either's hunts
// lasted.
func compareLength(c *Comparison, ra, rb *stats.Report) func(draw.Canvas) {
	p := newPlot("Hunt length", ra.LengthUnit.Label, "% of hunts (95% interval)")
	last, first := -1, -1
	for _, r := range []*stats.Report{ra, rb} {
		for v, k := range r.Length.Histogram {
			if k > 0 && (first < 0 || v < first) {
				first = v
			}
			if k > 0 && float64(k) >= visibleShare*float64(max(r.Length.N, 1)) && v > last {
				last = v
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
	for l := first; l <= last; l++ {
		xs = append(xs, float64(l))
		for k, r := range []*stats.Report{ra, rb} {
			var n int64
			if l < len(r.Length.Histogram) {
				n = r.Length.Histogram[l]
			}
			e := stats.Proportion(n, r.Length.N, 0.95)
			v[k][0], v[k][1], v[k][2] = append(v[k][0], 100*e.Value), append(v[k][1], 100*e.Low), append(v[k][2], 100*e.High)
			top = math.Max(top, 100*e.High)
		}
	}
	twoBars(p, xs, v[0][0], v[0][1], v[0][2], v[1][0], v[1][1], v[1][2])
	pairLegend(p, c)
	p.Legend.Add(fmt.Sprintf("mean A %s, B %s %s", ra.Length.Mean.Bounds(), rb.Length.Mean.Bounds(), ra.LengthUnit.Plural))
	p.Legend.Left = false
	p.X.Min, p.X.Max = float64(first)-0.6, float64(last)+0.6
	p.X.Tick.Marker = niceTicks{integer: true}
	p.Y.Min, p.Y.Max = 0, math.Max(top, 1)*1.35
	return p.Draw
}

// RunDiffNote says how the changes of the figures of a run as a whole
// among keys were found, "" when keys has none.
func RunDiffNote(keys []string) string {
	for _, k := range keys {
		if stats.RunFigure(k) {
			settle, play := stats.Conf, 1-2*(1-stats.Conf) // the share's interval spans the round's
			return fmt.Sprintf("The settling round and the share of play after it are figures of a run as a whole, which no hunt pairs: "+
				"their change joins the two designs' intervals (from the one's low end less the other's high end, and the other way), "+
				"and covers it in at least %.0f%% of runs for the settling round, %.0f%% for the share (docs/feel.md).",
				100*(1-2*(1-settle)), 100*(1-2*(1-play)))
		}
	}
	return ""
}

// compareChanges draws the paired changes B - A, each in its own panel
// with its unit: the win rate in percentage points, the others in their
// own, each a dot with its interval against a line at 0.
func compareChanges(c *Comparison) func(draw.Canvas) {
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
	var panels []*plot.Plot
	for i, ch := range c.Changes {
		if i >= len(c.Labels) || i < len(c.Figures) && stats.RunFigure(c.Figures[i]) {
			break // the figures of the run as a whole pair no hunts: the table has them
		}
		if c.kind(i) == "proportion" {
			panels = append(panels, panel(c.Labels[i]+": "+PointsBounds(ch), "percentage points", ch, 100))
		} else {
			panels = append(panels, panel(c.Labels[i]+": "+signedBounds(ch), "per hunt", ch, 1))
		}
	}
	return sidePanels(fmt.Sprintf("Change B - A, paired on the same %d hunts", c.Hunts), "", panels...)
}
