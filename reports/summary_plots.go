package reports

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"balance/stats"
)

// summaryPlot is one plot of a run's report, written as NAME.png and
// NAME.svg.
type summaryPlot struct {
	name string
	w, h vg.Length
	make func() (func(draw.Canvas), error)
}

// render draws the plot in format "png" or "svg".
func (p summaryPlot) render(format string) ([]byte, error) {
	drawTo, err := p.make()
	if err != nil {
		return nil, err
	}
	return renderCanvas(format, p.w, p.h, drawTo)
}

// summaryPlots are the plots of a run's report, by the report's schema:
// the outcomes; for each list, the bars of its first two ratios that are
// not shares of trials (what each card does per draw) or, without any,
// the boxes of its first count with the share of its first lead flag or
// time beside them (what each model took, and how often it died); each
// series with its band; each curve with its items' own curves; the
// hunt's length; and what each part of the design does, when measured.
func summaryPlots(r *stats.Report) []summaryPlot {
	ps := []summaryPlot{{"outcomes", 8 * vg.Inch, 4.5 * vg.Inch, func() (func(draw.Canvas), error) { return outcomesPlot(r) }}}
	for i := range r.Lists {
		l := &r.Lists[i]
		values, ratios := perItem(r, l.Key)
		var rates []*stats.RatioFigures
		for _, rf := range ratios {
			if !rf.Trials && len(rates) < 2 {
				rates = append(rates, rf)
			}
		}
		var count, lead *stats.ValueFigures
		for _, v := range values {
			if v.Kind == "count" && count == nil {
				count = v
			}
			if (v.Kind == "flag" || v.Kind == "time") && v.Lead && lead == nil {
				lead = v
			}
		}
		switch {
		case len(rates) > 0:
			ps = append(ps, summaryPlot{l.Key, 10 * vg.Inch, 6 * vg.Inch, func() (func(draw.Canvas), error) { return ratiosPlot(r, l.Label, rates) }})
		case count != nil:
			ps = append(ps, summaryPlot{l.Key, 12 * vg.Inch, 4.5 * vg.Inch, func() (func(draw.Canvas), error) { return itemsPlot(r, l.Label, count, lead) }})
		}
	}
	for i := range r.Series {
		s := &r.Series[i]
		ps = append(ps, summaryPlot{s.Key, 8 * vg.Inch, 4.5 * vg.Inch, func() (func(draw.Canvas), error) { return seriesPlot(r, s) }})
	}
	for i := range r.Curves {
		c := &r.Curves[i]
		ps = append(ps, summaryPlot{c.Key, 8 * vg.Inch, 4.5 * vg.Inch, func() (func(draw.Canvas), error) { return curvePlot(r, c) }})
	}
	ps = append(ps, feelPlots(r)...)
	ps = append(ps, summaryPlot{"length", 8 * vg.Inch, 4.5 * vg.Inch, func() (func(draw.Canvas), error) { return lengthPlot(r) }})
	if r.Ablations != nil {
		ps = append(ps, summaryPlot{"ablations", 11 * vg.Inch, 6 * vg.Inch, func() (func(draw.Canvas), error) { return ablationsPlot(r) }})
	}
	return ps
}

// plotTitle names a plot's subject, the design and n.
func plotTitle(what string, r *stats.Report) string {
	return fmt.Sprintf("%s: %s (n=%d)", what, orDash(r.Title), r.Hunts)
}

func outcomesPlot(r *stats.Report) (func(draw.Canvas), error) {
	p := newPlot(plotTitle("Outcomes", r), "", "% of hunts ("+conf(winRate(r))+" interval)")
	var e errPoints
	names := make([]string, len(r.Outcomes))
	vals := make(plotter.Values, len(r.Outcomes))
	var texts []string
	top := 0.0
	for i, o := range r.Outcomes {
		v, lo, hi := bounds(o.Rate)
		names[i], vals[i] = wrapLabel(label(o.Name), 14), 100*v
		e.add(float64(i), 100*v, 100*lo, 100*hi)
		texts = append(texts, o.Rate.PercentBounds())
		top = math.Max(top, 100*hi)
	}
	if len(vals) > 0 {
		bars, err := plotter.NewBarChart(vals, 56)
		if err != nil {
			return nil, err
		}
		bars.Color, bars.LineStyle = lightBlue, line(blue, 1)
		p.Add(bars, newYErr(&e), valueLabels(e.x, e.hi, texts))
	}
	nominalX(p, names)
	p.X.Min, p.X.Max = -0.6, float64(len(names))-0.4
	headroom(p, top)
	return p.Draw, nil
}

// wrapLabel breaks a label of several words onto lines of about width
// characters.
func wrapLabel(s string, width int) string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(s) {
		if cur != "" && len(cur)+1+len(w) > width {
			lines = append(lines, cur)
			cur = w
			continue
		}
		if cur != "" {
			cur += " "
		}
		cur += w
	}
	return strings.Join(append(lines, cur), "\n")
}

// itemsPlot draws two panels side by side: count per hunt of each item
// (box from the 10th to the 90th percentile, median, mean with its
// interval, the item's Max when named), and beside it the share of hunts
// of lead (a flag or a time: how often a model died), with its interval.
// The median is drawn over the Max's line, so that a median equal to it
// stays visible.
func itemsPlot(r *stats.Report, title string, count, lead *stats.ValueFigures) (func(draw.Canvas), error) {
	p := newPlot(count.Label+" per hunt", "", count.Label)
	box := &rects{w: 0.5, fill: lightBlue, edge: line(blue, 1)}
	med := &ticks{w: 0.5, sty: line(blue, 3)}
	bound := &ticks{w: 0.8, sty: line(red, 1.5, 4, 3)}
	var mean, share errPoints
	names := make([]string, len(count.Items))
	var shareLabels []string
	top, topShare := 0.0, 0.0
	for i, f := range count.Items {
		x := float64(i)
		names[i] = f.Label
		for _, kv := range f.Info {
			if kv.Key == "Kind" || kv.Key == "kind" {
				names[i] += "\n" + kv.Value
			}
		}
		d := f.Dist
		if d == nil {
			continue
		}
		box.x, box.lo, box.hi = append(box.x, x), append(box.lo, float64(d.P10)), append(box.hi, float64(d.P90))
		med.x, med.y = append(med.x, x), append(med.y, float64(d.P50))
		if count.MaxLabel != "" {
			bound.x, bound.y = append(bound.x, x), append(bound.y, float64(f.Max))
			top = math.Max(top, float64(f.Max))
		}
		v, lo, hi := bounds(d.Mean)
		mean.add(x, v, lo, hi)
		top = math.Max(top, math.Max(float64(d.P90), hi))
		if lead != nil && i < len(lead.Items) && lead.Items[i].Share != nil {
			s := *lead.Items[i].Share
			v, lo, hi = bounds(s)
			share.add(x, 100*v, 100*lo, 100*hi)
			shareLabels = append(shareLabels, twoLines(s.PercentBounds()))
			topShare = math.Max(topShare, 100*hi)
		}
	}
	n := len(count.Items)
	if mean.Len() > 0 {
		dots, err := plotter.NewScatter(xyPairs(mean.x, mean.y))
		if err != nil {
			return nil, err
		}
		dots.GlyphStyle = draw.GlyphStyle{Color: orange, Radius: 3.5, Shape: draw.CircleGlyph{}}
		errs := newYErr(&mean)
		errs.LineStyle.Color = orange
		p.Add(box)
		if count.MaxLabel != "" {
			p.Add(bound)
		}
		p.Add(med, errs, dots)
		p.Legend.Add("10th to 90th percentile", box)
		p.Legend.Add("median", med)
		p.Legend.Add("mean ("+conf(winRate(r))+" interval)", dots)
		if count.MaxLabel != "" {
			p.Legend.Add(count.MaxLabel, bound)
		}
	}
	nominalX(p, names)
	p.X.Min, p.X.Max = -0.6, float64(n)-0.4
	p.Y.Min, p.Y.Max = 0, math.Max(top, 1)*1.35
	p.Y.Tick.Marker = niceTicks{integer: true}
	panels := []*plot.Plot{p}
	if lead != nil {
		q := newPlot(lead.Label, "", "% of hunts ("+conf(winRate(r))+" interval)")
		if share.Len() > 0 {
			bars := &rects{w: 0.5, fill: color.RGBA{R: 0xfc, G: 0xbb, B: 0xa1, A: 0xff}, edge: line(red, 1)}
			for k := range share.x {
				bars.x, bars.lo, bars.hi = append(bars.x, share.x[k]), append(bars.lo, 0), append(bars.hi, share.y[k])
			}
			vl := valueLabels(share.x, share.hi, shareLabels)
			vl.Offset.Y = 4
			q.Add(bars, newYErr(&share), boxedLabels{vl})
		}
		nominalX(q, names)
		q.X.Min, q.X.Max = -0.6, float64(n)-0.4
		q.Y.Min, q.Y.Max = 0, math.Max(topShare, 1)*1.3
		q.Y.Tick.Marker = cappedTicks{niceTicks{}, 100}
		panels = append(panels, q)
	}
	return sidePanels(plotTitle(title, r), "", panels...), nil
}

// ratiosPlot draws one panel per ratio side by side, one row per item in
// the list's order from the top, each a bar with its interval.
func ratiosPlot(r *stats.Report, title string, ratios []*stats.RatioFigures) (func(draw.Canvas), error) {
	var panels []*plot.Plot
	for k, rf := range ratios {
		n := len(rf.Items)
		names := make([]string, n)
		vals := make(plotter.Values, n)
		var e errPoints
		for i, it := range rf.Items {
			y := n - 1 - i // the first item on top
			if k == 0 {
				names[y] = itemLabel(r, rf.Per, it.Item)
			}
			v, lo, hi := bounds(it.Ratio)
			vals[y] = v
			e.add(v, float64(y), lo, hi)
		}
		p := newPlot(rf.Label, strings.ToLower(rf.Label)+" ("+conf(winRate(r))+" interval)", "")
		if n > 0 {
			bars, err := plotter.NewBarChart(vals, 11)
			if err != nil {
				return nil, err
			}
			bars.Horizontal = true
			bars.Color, bars.LineStyle = lightBlue, line(blue, 1)
			p.Add(bars, newXErr(&e))
			p.NominalY(names...)
		}
		p.X.Min = 0
		p.X.Max *= 1.05
		panels = append(panels, p)
	}
	t := plotTitle(title, r)
	return func(dc draw.Canvas) {
		sty := text.Style{Color: black, Font: sans(13), XAlign: draw.XCenter, YAlign: draw.YTop, Handler: plot.DefaultTextHandler}
		dc.FillText(sty, vg.Point{X: (dc.Min.X + dc.Max.X) / 2, Y: dc.Max.Y - 4}, t)
		h := sty.Height(t) + 10
		body := draw.Crop(dc, 0, 0, 0, -h)
		tiles := draw.Tiles{Rows: 1, Cols: len(panels), PadX: 12, PadRight: 8, PadLeft: 4, PadBottom: 4}
		cs := plot.Align([][]*plot.Plot{panels}, tiles, body)
		for k, p := range panels {
			p.Draw(cs[0][k])
		}
	}, nil
}

// seriesPlot draws a series' running total by clock step: the 10th to
// 90th percentile as a band, the mean with its interval shaded, the
// median dashed, and the series' Max when it is named.
func seriesPlot(r *stats.Report, s *stats.SeriesFigure) (func(draw.Canvas), error) {
	p := newPlot(plotTitle(s.Label, r), r.ClockUnit.Label, "running total")
	n := seriesShown(s.Points)
	xs, p10, p90, p50 := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	mean, lo, hi := make([]float64, n), make([]float64, n), make([]float64, n)
	for i, c := range s.Points[:n] {
		xs[i], p10[i], p50[i], p90[i] = float64(c.Tick), float64(c.P10), float64(c.P50), float64(c.P90)
		mean[i], lo[i], hi[i] = bounds(c.Mean)
	}
	if n > 0 {
		outer, inner := band(xs, p10, p90, lightBlue), band(xs, lo, hi, midBlue)
		m, med := xyLine(xs, mean, line(blue, 2)), xyLine(xs, p50, line(black, 1.2, 5, 3))
		p.Add(outer, inner, m, med)
		p.Legend.Add("10th to 90th percentile", outer)
		p.Legend.Add("mean ("+conf(winRate(r))+" interval shaded)", inner, m)
		p.Legend.Add("median", med)
		if s.MaxLabel != "" && s.Max > 0 {
			t := xyLine([]float64{xs[0], xs[n-1]}, []float64{float64(s.Max), float64(s.Max)}, line(red, 1.2, 2, 2))
			p.Add(t)
			p.Legend.Add(fmt.Sprintf("%s (%d)", s.MaxLabel, s.Max), t)
		}
	}
	p.Y.Min = 0
	p.Y.Max *= 1.35 // room for the legend above the curves
	p.X.Tick.Marker, p.Y.Tick.Marker = niceTicks{integer: true}, niceTicks{integer: true}
	return p.Draw, nil
}

// curvePlot draws a curve's share by clock step with its interval shaded,
// and each item's own curve dashed: the share of hunts in which the event
// has (or, for a complement, has not) happened to it by then.
func curvePlot(r *stats.Report, c *stats.CurveFigure) (func(draw.Canvas), error) {
	p := newPlot(plotTitle(c.Label, r), r.ClockUnit.Label, "% of items")
	n := curveShown(c.Steps)
	xs, v, lo, hi := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	for i, st := range c.Steps[:n] {
		xs[i] = float64(st.Tick)
		v[i], lo[i], hi[i] = bounds(st.Alive)
		v[i], lo[i], hi[i] = 100*v[i], 100*lo[i], 100*hi[i]
	}
	if n > 0 {
		b, l := band(xs, lo, hi, midBlue), xyLine(xs, v, line(blue, 2.5))
		p.Add(b, l)
		p.Legend.Add("all items ("+conf(winRate(r))+" interval shaded)", b, l)
		if of := r.Value(c.Of); of != nil {
			for k, f := range of.Items {
				if f.Dist == nil {
					continue
				}
				ml := xyLine(xs, itemCurve(f, r.Hunts, c.Complement, xs), line(modelColors[k%len(modelColors)], 1.4, 5, 2))
				p.Add(ml)
				p.Legend.Add(orDash(f.Label), ml)
			}
		}
		p.Legend.Top, p.Legend.Left = false, true
		p.Legend.YOffs = 4
	}
	p.Y.Min, p.Y.Max = 0, 100
	p.X.Tick.Marker = niceTicks{integer: true}
	return p.Draw, nil
}

// itemCurve is the percentage of the n hunts in which an item's event
// has happened (or, for a complement, has not) by the end of each step of
// steps, from the histogram of when it happened.
func itemCurve(f stats.ItemFigure, n int64, complement bool, steps []float64) []float64 {
	out := make([]float64, len(steps))
	for i, t := range steps {
		var k int64
		for s, c := range f.Dist.Histogram {
			if float64(s) <= t {
				k += c
			}
		}
		share := 0.0
		if n > 0 {
			share = float64(k) / float64(n)
		}
		if complement {
			share = 1 - share
		}
		out[i] = 100 * share
	}
	return out
}

// lengthPlot draws the histogram of the hunt's length with the mean (its
// interval shaded) and the median. The axis ends a little after the
// longest length at least visibleShare of the hunts lasted, not at the
// cap: longer hunts, too few to show, are counted in the legend, and the
// cap is drawn only when it lies within the axis.
func lengthPlot(r *stats.Report) (func(draw.Canvas), error) {
	unit := orDash(r.LengthUnit.Label)
	p := newPlot(plotTitle("Hunt length", r), unit, "% of hunts")
	d := r.Length
	bars := &rects{w: 0.8, fill: lightBlue, edge: line(blue, 1)}
	top := 0.0
	share := func(k int64) float64 { return float64(k) / float64(max(d.N, 1)) }
	first, last := -1, -1
	var beyond, longest int64
	for v, k := range d.Histogram {
		if k > 0 && first < 0 {
			first = v
		}
		if k > 0 && (share(k) >= visibleShare || last < 0) {
			last = v
		}
	}
	if first < 0 {
		p.Y.Min, p.Y.Max = 0, 1
		return p.Draw, nil
	}
	for v, k := range d.Histogram {
		switch {
		case k == 0:
			continue
		case v > last:
			beyond += k
			longest = int64(v)
			continue
		}
		pct := 100 * share(k)
		bars.x, bars.lo, bars.hi = append(bars.x, float64(v)), append(bars.lo, 0), append(bars.hi, pct)
		top = math.Max(top, pct)
	}
	p.Add(bars)
	p.Legend.Add("hunts lasting this long", bars)
	// The vertical lines stop a little above the tallest bar; the legend
	// (five lines at most) sits in the room above them, clear of them.
	lineTop, ymax := top*1.08, top*1.9
	vert := func(x float64, sty draw.LineStyle) *plotter.Line {
		return xyLine([]float64{x, x}, []float64{0, lineTop}, sty)
	}
	m, lo, hi := bounds(d.Mean)
	shade := &plotter.Polygon{XYs: []plotter.XYs{{{X: lo, Y: 0}, {X: hi, Y: 0}, {X: hi, Y: lineTop}, {X: lo, Y: lineTop}}}, Color: midBlue}
	mean := vert(m, line(orange, 2))
	med := vert(float64(d.P50), line(black, 1.2, 5, 3))
	p.Add(shade, mean, med)
	p.Legend.Add(fmt.Sprintf("mean %s", d.Mean.Bounds()), shade, mean)
	p.Legend.Add(fmt.Sprintf("median %d (10%%: %d, 90%%: %d)", d.P50, d.P10, d.P90), med)
	xmax := math.Max(float64(last)+0.6, hi)
	if c := r.LengthUnit.Max; c > 0 && c <= last+1 {
		cp := vert(float64(c), line(red, 1.2, 2, 2))
		p.Add(cp)
		p.Legend.Add(fmt.Sprintf("the cap (%d)", c), cp)
		xmax = math.Max(xmax, float64(c)+0.6)
	}
	if beyond > 0 {
		what := fmt.Sprintf("%d %s", longest, r.LengthUnit.Plural)
		if c := r.LengthUnit.Max; c > 0 && int(longest) >= c {
			what = fmt.Sprintf("the cap, %d", c)
		}
		p.Legend.Add(fmt.Sprintf("not drawn: %d hunts (%s) longer than %d %s, up to %s",
			beyond, share64(beyond, d.N).PercentBounds(), last, r.LengthUnit.Plural, what))
	}
	p.Y.Min, p.Y.Max = 0, ymax
	p.Y.Tick.Marker = cappedTicks{niceTicks{}, 100}
	p.X.Min, p.X.Max = math.Min(float64(first)-0.6, lo), xmax
	p.X.Tick.Marker = niceTicks{integer: true}
	return p.Draw, nil
}

// share64 is share, named apart from the closures that count shares of
// hunts.
func share64(k, n int64) stats.Interval { return share(k, n) }
