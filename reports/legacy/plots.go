package legacy

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"balance/stats"
)

// dpi is the resolution of the PNG plots.
const dpi = 96

// plotSpec is a plot of a report, written as NAME.png and NAME.svg; a plot
// with an only function is drawn only for the summaries it accepts.
type plotSpec struct {
	name string
	w, h vg.Length
	make func(*stats.Summary) (func(draw.Canvas), error)
	only func(*stats.Summary) bool
}

// The plots of a report.
var plots = []plotSpec{
	{"outcomes", 8 * vg.Inch, 4.5 * vg.Inch, outcomesPlot, nil},
	{"wounds", 12 * vg.Inch, 4.5 * vg.Inch, woundsPlot, nil},
	{"damage_curve", 8 * vg.Inch, 4.5 * vg.Inch, damagePlot, nil},
	{"survival", 8 * vg.Inch, 4.5 * vg.Inch, survivalPlot, nil},
	{"length", 8 * vg.Inch, 4.5 * vg.Inch, lengthPlot, nil},
	{"cards", 10 * vg.Inch, 6 * vg.Inch, cardsPlot, nil},
	{"card_effects", 11 * vg.Inch, 6 * vg.Inch, cardEffectsPlot, hasCardEffects},
}

// hasCardEffects reports whether the run measured the card effects.
func hasCardEffects(s *stats.Summary) bool { return s.CardEffects != nil }

// renderPlot draws plot i of s in format "png" or "svg".
func renderPlot(i int, format string, s *stats.Summary) ([]byte, error) {
	pl := plots[i]
	drawTo, err := pl.make(s)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	switch format {
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(pl.w, pl.h), vgimg.UseDPI(dpi), vgimg.UseBackgroundColor(color.White))
		drawTo(draw.New(c))
		_, err = vgimg.PngCanvas{Canvas: c}.WriteTo(&b)
	case "svg":
		c := vgsvg.New(pl.w, pl.h)
		dc := draw.New(c)
		dc.SetColor(color.White)
		dc.Fill(dc.Rectangle.Path())
		drawTo(dc)
		if _, err = c.WriteTo(&b); err == nil {
			return bytes.ReplaceAll(b.Bytes(), []byte(svgFont), []byte(svgFallback)), nil
		}
	default:
		panic("reports: unknown plot format " + format)
	}
	return b.Bytes(), err
}

// svgFont is the font family as vgsvg names it, to which the SVGs add
// fallbacks: Liberation Sans has the metrics of Arial, so where it is
// missing the text still fits where it was placed.
const (
	svgFont     = `font-family:Liberation Sans;`
	svgFallback = `font-family:'Liberation Sans',Arial,Helvetica,sans-serif;`
)

// Colours, fixed so the plots do not change with a palette's defaults.
var (
	blue      = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	lightBlue = color.RGBA{R: 0xc6, G: 0xdb, B: 0xef, A: 0xff}
	midBlue   = color.RGBA{R: 0x6b, G: 0xae, B: 0xd6, A: 0xff}
	orange    = color.RGBA{R: 0xe6, G: 0x55, B: 0x0d, A: 0xff}
	red       = color.RGBA{R: 0xcb, G: 0x18, B: 0x1d, A: 0xff}
	black     = color.Black
)

func sans(size vg.Length) font.Font {
	return font.Font{Typeface: "Liberation", Variant: "Sans", Size: size}
}

// newPlot returns a plot with its title and axis labels, in Liberation
// Sans, with the legend in the top left corner.
func newPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font = sans(13)
	p.Title.Padding = 6
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = sans(11)
		a.Tick.Label.Font = sans(9)
	}
	p.X.Label.Text, p.Y.Label.Text = x, y
	p.Legend.TextStyle.Font = sans(9)
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.Padding = 2
	p.X.Tick.Marker, p.Y.Tick.Marker = niceTicks{}, niceTicks{}
	p.Legend.XOffs, p.Legend.YOffs = 6, -4
	return p
}

func line(c color.Color, width vg.Length, dashes ...vg.Length) draw.LineStyle {
	return draw.LineStyle{Color: c, Width: width, Dashes: dashes}
}

// xyLine returns a line through the points (xs[i], ys[i]).
func xyLine(xs, ys []float64, sty draw.LineStyle) *plotter.Line {
	return &plotter.Line{XYs: xyPairs(xs, ys), LineStyle: sty}
}

// band returns the region between the curves lo and hi over xs.
func band(xs, lo, hi []float64, fill color.Color) *plotter.Polygon {
	pts := make(plotter.XYs, 0, 2*len(xs))
	for i := range xs {
		pts = append(pts, plotter.XY{X: xs[i], Y: lo[i]})
	}
	for i := len(xs) - 1; i >= 0; i-- {
		pts = append(pts, plotter.XY{X: xs[i], Y: hi[i]})
	}
	return &plotter.Polygon{XYs: []plotter.XYs{pts}, Color: fill}
}

// errPoints are points with an interval [lo, hi] around each, drawn as
// error bars: along Y for plotter.YErrorBars, along X for XErrorBars.
type errPoints struct{ x, y, lo, hi []float64 }

func (e *errPoints) add(x, y, lo, hi float64) {
	e.x, e.y, e.lo, e.hi = append(e.x, x), append(e.y, y), append(e.lo, lo), append(e.hi, hi)
}
func (e *errPoints) Len() int                        { return len(e.x) }
func (e *errPoints) XY(i int) (float64, float64)     { return e.x[i], e.y[i] }
func (e *errPoints) YError(i int) (float64, float64) { return e.y[i] - e.lo[i], e.hi[i] - e.y[i] }
func (e *errPoints) XError(i int) (float64, float64) { return e.x[i] - e.lo[i], e.hi[i] - e.x[i] }

func newYErr(e *errPoints) *plotter.YErrorBars {
	return &plotter.YErrorBars{XYs: xyPairs(e.x, e.y), YErrors: plotter.YErrors(errorsOf(e.Len(), e.YError)), LineStyle: line(black, 1), CapWidth: 6}
}

func newXErr(e *errPoints) *plotter.XErrorBars {
	return &plotter.XErrorBars{XYs: xyPairs(e.x, e.y), XErrors: plotter.XErrors(errorsOf(e.Len(), e.XError)), LineStyle: line(black, 1), CapWidth: 6}
}

// xyPairs returns the points (xs[i], ys[i]).
func xyPairs(xs, ys []float64) plotter.XYs {
	p := make(plotter.XYs, len(xs))
	for i := range xs {
		p[i] = plotter.XY{X: xs[i], Y: ys[i]}
	}
	return p
}

func errorsOf(n int, f func(int) (float64, float64)) plotter.Errors {
	es := make(plotter.Errors, n)
	for i := range es {
		es[i].Low, es[i].High = f(i)
	}
	return es
}

// rects is a set of boxes in data coordinates: box i spans x[i]±w/2
// along X and [lo[i], hi[i]] along Y.
type rects struct {
	x, lo, hi []float64
	w         float64
	fill      color.Color
	edge      draw.LineStyle
}

func (r *rects) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for i := range r.x {
		x0, x1 := trX(r.x[i]-r.w/2), trX(r.x[i]+r.w/2)
		y0, y1 := trY(r.lo[i]), trY(r.hi[i])
		pts := []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}, {X: x0, Y: y0}}
		if r.fill != nil {
			c.FillPolygon(r.fill, c.ClipPolygonXY(pts))
		}
		if r.edge.Width > 0 {
			c.StrokeLines(r.edge, c.ClipLinesXY(pts)...)
		}
	}
}

func (r *rects) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax, ymin, ymax = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for i := range r.x {
		xmin, xmax = math.Min(xmin, r.x[i]-r.w/2), math.Max(xmax, r.x[i]+r.w/2)
		ymin, ymax = math.Min(ymin, r.lo[i]), math.Max(ymax, r.hi[i])
	}
	return xmin, xmax, ymin, ymax
}

func (r *rects) Thumbnail(c *draw.Canvas) {
	pts := []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Min.X, Y: c.Max.Y}, {X: c.Min.X, Y: c.Min.Y}}
	if r.fill != nil {
		c.FillPolygon(r.fill, pts)
	}
	if r.edge.Width > 0 {
		c.StrokeLines(r.edge, pts)
	}
}

// ticks is a set of short horizontal segments: segment i spans x[i]±w/2
// at height y[i].
type ticks struct {
	x, y []float64
	w    float64
	sty  draw.LineStyle
}

func (t *ticks) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for i := range t.x {
		y := trY(t.y[i])
		c.StrokeLines(t.sty, c.ClipLinesXY([]vg.Point{{X: trX(t.x[i] - t.w/2), Y: y}, {X: trX(t.x[i] + t.w/2), Y: y}})...)
	}
}

func (t *ticks) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax, ymin, ymax = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for i := range t.x {
		xmin, xmax = math.Min(xmin, t.x[i]-t.w/2), math.Max(xmax, t.x[i]+t.w/2)
		ymin, ymax = math.Min(ymin, t.y[i]), math.Max(ymax, t.y[i])
	}
	return xmin, xmax, ymin, ymax
}

func (t *ticks) Thumbnail(c *draw.Canvas) {
	y := (c.Min.Y + c.Max.Y) / 2
	c.StrokeLine2(t.sty, c.Min.X, y, c.Max.X, y)
}

// valueLabels writes text centred above (x[i], y[i]).
func valueLabels(x, y []float64, labels []string) *plotter.Labels {
	l, err := plotter.NewLabels(plotter.XYLabels{XYs: xyPairs(x, y), Labels: labels})
	if err != nil {
		panic(err) // the lengths agree by construction
	}
	for i := range l.TextStyle {
		l.TextStyle[i] = text.Style{Color: black, Font: sans(9), XAlign: draw.XCenter, Handler: plot.DefaultTextHandler}
	}
	l.Offset = vg.Point{Y: 3}
	return l
}

// boxedLabels are labels drawn over a white box, so that a line of the
// plot running behind a label does not cross its text.
type boxedLabels struct{ *plotter.Labels }

func (l boxedLabels) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for i, label := range l.Labels.Labels {
		pt := vg.Point{X: trX(l.XYs[i].X), Y: trY(l.XYs[i].Y)}
		if !c.Contains(pt) {
			continue
		}
		pt = pt.Add(l.Offset)
		r := l.TextStyle[i].Rectangle(label)
		const pad = 1.5
		x0, y0 := pt.X+r.Min.X-pad, pt.Y+r.Min.Y
		x1, y1 := pt.X+r.Max.X+pad, pt.Y+r.Max.Y
		c.FillPolygon(color.White, []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}})
		c.FillText(l.TextStyle[i], pt, label)
	}
}

// nominalX labels the X axis with names at 0, 1, ...; gonum/plot does not
// accept an empty list.
func nominalX(p *plot.Plot, names []string) {
	if len(names) > 0 {
		p.NominalX(names...)
	}
}

// headroom sets the top of the Y axis to leave room for labels above the
// highest value.
func headroom(p *plot.Plot, top float64) {
	if top <= 0 {
		top = 1
	}
	p.Y.Min, p.Y.Max = 0, top*1.15
}

func outcomesPlot(s *stats.Summary) (func(draw.Canvas), error) {
	p := newPlot(plotTitle("Outcomes", s), "", "% of hunts ("+conf(s)+" interval)")
	var e errPoints
	names := make([]string, len(s.Outcomes))
	vals := make(plotter.Values, len(s.Outcomes))
	var texts []string
	top := 0.0
	for i, o := range s.Outcomes {
		v, lo, hi := bounds(o.Rate)
		names[i], vals[i] = label(o.Name), 100*v
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

// woundsPlot draws two panels side by side: the WNDs each Pack model took
// per hunt (box from the 10th to the 90th percentile, median, mean with
// its interval, the starting WND), and beside it how often each died,
// with its interval. The median is drawn over the starting WND's line, so
// that a median equal to it stays visible.
func woundsPlot(s *stats.Summary) (func(draw.Canvas), error) {
	p := newPlot("WNDs taken per hunt", "", "WNDs taken")
	box := &rects{w: 0.5, fill: lightBlue, edge: line(blue, 1)}
	med := &ticks{w: 0.5, sty: line(blue, 3)}
	start := &ticks{w: 0.8, sty: line(red, 1.5, 4, 3)}
	var mean, died errPoints
	names := make([]string, len(s.Pack))
	var diedLabels []string
	top, topDied := 0.0, 0.0
	for i, m := range s.Pack {
		x := float64(i)
		names[i] = m.Name
		if m.Kind != "" {
			names[i] += "\n" + m.Kind
		}
		d := m.Wounds
		box.x, box.lo, box.hi = append(box.x, x), append(box.lo, float64(d.P10)), append(box.hi, float64(d.P90))
		med.x, med.y = append(med.x, x), append(med.y, float64(d.P50))
		start.x, start.y = append(start.x, x), append(start.y, float64(m.WND))
		v, lo, hi := bounds(d.Mean)
		mean.add(x, v, lo, hi)
		top = math.Max(top, math.Max(float64(d.P90), math.Max(float64(m.WND), hi)))
		v, lo, hi = bounds(m.Died)
		died.add(x, 100*v, 100*lo, 100*hi)
		diedLabels = append(diedLabels, twoLines(m.Died.PercentBounds()))
		topDied = math.Max(topDied, 100*hi)
	}
	q := newPlot("Pack models dead at the end", "", "% of hunts ("+conf(s)+" interval)")
	if len(s.Pack) > 0 {
		dots, err := plotter.NewScatter(xyPairs(mean.x, mean.y))
		if err != nil {
			return nil, err
		}
		dots.GlyphStyle = draw.GlyphStyle{Color: orange, Radius: 3.5, Shape: draw.CircleGlyph{}}
		errs := newYErr(&mean)
		errs.LineStyle.Color = orange
		p.Add(box, start, med, errs, dots)
		p.Legend.Add("10th to 90th percentile", box)
		p.Legend.Add("median", med)
		p.Legend.Add("mean ("+conf(s)+" interval)", dots)
		p.Legend.Add("starting WND", start)

		bars := &rects{w: 0.5, fill: color.RGBA{R: 0xfc, G: 0xbb, B: 0xa1, A: 0xff}, edge: line(red, 1)}
		for k := range died.x {
			bars.x, bars.lo, bars.hi = append(bars.x, died.x[k]), append(bars.lo, 0), append(bars.hi, died.y[k])
		}
		vl := valueLabels(died.x, died.hi, diedLabels)
		vl.Offset.Y = 4
		q.Add(bars, newYErr(&died), boxedLabels{vl})
	}
	nominalX(p, names)
	nominalX(q, names)
	p.X.Min, p.X.Max = -0.6, float64(len(s.Pack))-0.4
	q.X.Min, q.X.Max = -0.6, float64(len(s.Pack))-0.4
	p.Y.Min, p.Y.Max = 0, math.Max(top, 1)*1.35
	p.Y.Tick.Marker = niceTicks{integer: true}
	q.Y.Min, q.Y.Max = 0, math.Max(topDied, 1)*1.3
	q.Y.Tick.Marker = cappedTicks{niceTicks{}, 100}
	return sidePanels(plotTitle("Wounds and deaths", s), "", p, q), nil
}

func damagePlot(s *stats.Summary) (func(draw.Canvas), error) {
	p := newPlot(plotTitle("WNDs dealt to the Adversary", s), "Tick", "cumulative WNDs dealt")
	n := damageShown(s.DamageCurve)
	xs, p10, p90, p50 := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	mean, lo, hi := make([]float64, n), make([]float64, n), make([]float64, n)
	for i, c := range s.DamageCurve[:n] {
		xs[i], p10[i], p50[i], p90[i] = float64(c.Tick), float64(c.P10), float64(c.P50), float64(c.P90)
		mean[i], lo[i], hi[i] = bounds(c.Mean)
	}
	if n > 0 {
		outer, inner := band(xs, p10, p90, lightBlue), band(xs, lo, hi, midBlue)
		m, med := xyLine(xs, mean, line(blue, 2)), xyLine(xs, p50, line(black, 1.2, 5, 3))
		p.Add(outer, inner, m, med)
		p.Legend.Add("10th to 90th percentile", outer)
		p.Legend.Add("mean ("+conf(s)+" interval shaded)", inner, m)
		p.Legend.Add("median", med)
		total := 0
		for _, l := range s.Locations {
			total += l.WND
		}
		if total > 0 {
			t := xyLine([]float64{xs[0], xs[n-1]}, []float64{float64(total), float64(total)}, line(red, 1.2, 2, 2))
			p.Add(t)
			p.Legend.Add(fmt.Sprintf("all hit locations exhausted (%d WNDs)", total), t)
		}
	}
	p.Y.Min = 0
	p.Y.Max *= 1.35 // room for the legend above the curves
	p.X.Tick.Marker, p.Y.Tick.Marker = niceTicks{integer: true}, niceTicks{integer: true}
	return p.Draw, nil
}

func survivalPlot(s *stats.Summary) (func(draw.Canvas), error) {
	p := newPlot(plotTitle("Pack models alive", s), "Tick", "% of Pack models alive")
	n := survivalShown(s.Survival)
	xs, v, lo, hi := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	for i, st := range s.Survival[:n] {
		xs[i] = float64(st.Tick)
		v[i], lo[i], hi[i] = bounds(st.Alive)
		v[i], lo[i], hi[i] = 100*v[i], 100*lo[i], 100*hi[i]
	}
	if n > 0 {
		b, l := band(xs, lo, hi, midBlue), xyLine(xs, v, line(blue, 2.5))
		p.Add(b, l)
		p.Legend.Add("whole Pack ("+conf(s)+" interval shaded)", b, l)
		for k, m := range s.Pack {
			if m.DiedAt.Histogram == nil && m.Died.N == 0 {
				continue // a summary without the models' Ticks of death
			}
			alive := modelSurvival(m, xs)
			ml := xyLine(xs, alive, line(modelColors[k%len(modelColors)], 1.4, 5, 2))
			p.Add(ml)
			p.Legend.Add(m.Name, ml)
		}
		p.Legend.Top, p.Legend.Left = false, true
		p.Legend.YOffs = 4
	}
	p.Y.Min, p.Y.Max = 0, 100
	p.X.Tick.Marker = niceTicks{integer: true}
	return p.Draw, nil
}

// modelColors tell the Pack models' curves apart.
var modelColors = []color.Color{
	orange,
	color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff},
	color.RGBA{R: 0x94, G: 0x67, B: 0xbd, A: 0xff},
	color.RGBA{R: 0x8c, G: 0x56, B: 0x4b, A: 0xff},
	color.RGBA{R: 0xe3, G: 0x77, B: 0xc2, A: 0xff},
	color.RGBA{R: 0x7f, G: 0x7f, B: 0x7f, A: 0xff},
}

// modelSurvival is the percentage of hunts in which Pack model m is not
// dead by the end of each Tick of ticks: 100 × (1 - deaths by then / hunts),
// from the histogram of the Tick it died.
func modelSurvival(m stats.PackModel, ticks []float64) []float64 {
	out := make([]float64, len(ticks))
	n := m.Died.N
	for i, t := range ticks {
		var dead int64
		for k, c := range m.DiedAt.Histogram {
			if float64(k) <= t {
				dead += c
			}
		}
		out[i] = 100
		if n > 0 {
			out[i] = 100 * (1 - float64(dead)/float64(n))
		}
	}
	return out
}

// visibleShare is the least share of hunts a hunt length needs for its
// bar to show in the hunt-length plot; the axis ends at the longest length
// that has one, and the few longer hunts are named in the legend.
const visibleShare = 0.001

// lengthPlot draws the histogram of hunt length with the mean (its
// interval shaded) and the median. The axis ends a little after the
// longest length at least visibleShare of the hunts lasted, not at the
// round cap: longer hunts, too few to show, are counted in the legend,
// and the cap is drawn only when it lies within the axis.
func lengthPlot(s *stats.Summary) (func(draw.Canvas), error) {
	p := newPlot(plotTitle("Hunt length", s), "Rounds", "% of hunts")
	d := s.Rounds
	bars := &rects{w: 0.8, fill: lightBlue, edge: line(blue, 1)}
	top := 0.0
	share := func(k int64) float64 { return float64(k) / float64(max(d.N, 1)) }
	first, last := -1, -1
	var beyond, longest int64
	for r, k := range d.Histogram {
		if k > 0 && first < 0 {
			first = r
		}
		if k > 0 && (share(k) >= visibleShare || last < 0) {
			last = r
		}
	}
	if first < 0 {
		p.Y.Min, p.Y.Max = 0, 1
		return p.Draw, nil
	}
	for r, k := range d.Histogram {
		switch {
		case k == 0:
			continue
		case r > last:
			beyond += k
			longest = int64(r)
			continue
		}
		pct := 100 * share(k)
		bars.x, bars.lo, bars.hi = append(bars.x, float64(r)), append(bars.lo, 0), append(bars.hi, pct)
		top = math.Max(top, pct)
	}
	p.Add(bars)
	p.Legend.Add("hunts lasting this many Rounds", bars)
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
	if c := s.Config.RoundCap; c > 0 && c <= last+1 {
		cp := vert(float64(c), line(red, 1.2, 2, 2))
		p.Add(cp)
		p.Legend.Add(fmt.Sprintf("round cap (%d)", c), cp)
		xmax = math.Max(xmax, float64(c)+0.6)
	}
	if beyond > 0 {
		what := fmt.Sprintf("%d Rounds", longest)
		if c := s.Config.RoundCap; c > 0 && int(longest) >= c {
			what = fmt.Sprintf("the round cap, %d", c)
		}
		p.Legend.Add(fmt.Sprintf("not drawn: %d hunts (%s) longer than %d Rounds, up to %s",
			beyond, stats.FromEstimate(stats.Proportion(beyond, d.N, 0.95)).PercentBounds(), last, what))
	}
	p.Y.Min, p.Y.Max = 0, ymax
	p.Y.Tick.Marker = cappedTicks{niceTicks{}, 100}
	p.X.Min, p.X.Max = math.Min(float64(first)-0.6, lo), xmax
	p.X.Tick.Marker = niceTicks{integer: true}
	return p.Draw, nil
}

// cardsPlot draws two panels side by side, one row per action card in deck
// order from the top: WNDs dealt per draw and Pack models killed per draw,
// each with its interval.
func cardsPlot(s *stats.Summary) (func(draw.Canvas), error) {
	n := len(s.Cards)
	names := make([]string, n)
	blank := make([]string, n)
	wv, kv := make(plotter.Values, n), make(plotter.Values, n)
	var we, ke errPoints
	for i, c := range s.Cards {
		y := n - 1 - i // the first card on top
		names[y] = cardLabel(c)
		v, lo, hi := bounds(c.WoundsPer)
		wv[y] = v
		we.add(v, float64(y), lo, hi)
		v, lo, hi = bounds(c.KillRate)
		kv[y] = v
		ke.add(v, float64(y), lo, hi)
	}
	panel := func(title, x string, vals plotter.Values, e *errPoints, labels []string) (*plot.Plot, error) {
		p := newPlot(title, x+" ("+conf(s)+" interval)", "")
		if n > 0 {
			bars, err := plotter.NewBarChart(vals, 11)
			if err != nil {
				return nil, err
			}
			bars.Horizontal = true
			bars.Color, bars.LineStyle = lightBlue, line(blue, 1)
			p.Add(bars, newXErr(e))
		}
		if n > 0 {
			p.NominalY(labels...)
		}
		p.X.Min = 0
		p.X.Max *= 1.05
		return p, nil
	}
	left, err := panel("WNDs dealt per draw", "WNDs per draw", wv, &we, names)
	if err != nil {
		return nil, err
	}
	right, err := panel("Pack models killed per draw", "kills per draw", kv, &ke, blank)
	if err != nil {
		return nil, err
	}
	title := plotTitle("Adversary action cards", s)
	return func(dc draw.Canvas) {
		sty := text.Style{Color: black, Font: sans(13), XAlign: draw.XCenter, YAlign: draw.YTop, Handler: plot.DefaultTextHandler}
		dc.FillText(sty, vg.Point{X: (dc.Min.X + dc.Max.X) / 2, Y: dc.Max.Y - 4}, title)
		h := sty.Height(title) + 10
		body := draw.Crop(dc, 0, 0, 0, -h)
		tiles := draw.Tiles{Rows: 1, Cols: 2, PadX: 12, PadRight: 8, PadLeft: 4, PadBottom: 4}
		cs := plot.Align([][]*plot.Plot{{left, right}}, tiles, body)
		left.Draw(cs[0][0])
		right.Draw(cs[0][1])
	}, nil
}
