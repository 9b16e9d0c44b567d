package reports

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The drawing kit of every plot of the reports: fonts, colours, the
// canvas, and the shapes the plots are made of.

// dpi is the resolution of the PNG plots.
const dpi = 96

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

// Font is the reports' font, Liberation Sans, at size: for a game's own
// pictures, such as a map.
func Font(size vg.Length) font.Font { return sans(size) }

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

func (e *errPoints) Len() int { return len(e.x) }

func (e *errPoints) XY(i int) (float64, float64) { return e.x[i], e.y[i] }

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
// accept an empty list. Names too long to sit side by side (more
// characters in all than about 60, or one of more than 24) are turned a
// fifth of a half-turn, ending under their tick, so that they never run
// into one another.
func nominalX(p *plot.Plot, names []string) {
	if len(names) == 0 {
		return
	}
	p.NominalX(names...)
	total, longest := 0, 0
	for _, n := range names {
		total += len(n)
		longest = max(longest, len(n))
	}
	if total > 60 || longest > 24 {
		p.X.Tick.Label.Rotation = math.Pi / 5
		p.X.Tick.Label.XAlign = draw.XRight
		p.X.Tick.Label.YAlign = draw.YCenter
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

// modelColors tell the Pack models' curves apart.
var modelColors = []color.Color{
	orange,
	color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff},
	color.RGBA{R: 0x94, G: 0x67, B: 0xbd, A: 0xff},
	color.RGBA{R: 0x8c, G: 0x56, B: 0x4b, A: 0xff},
	color.RGBA{R: 0xe3, G: 0x77, B: 0xc2, A: 0xff},
	color.RGBA{R: 0x7f, G: 0x7f, B: 0x7f, A: 0xff},
}

// visibleShare is the least share of hunts a hunt length needs for its
// bar to show in the hunt-length plot; the axis ends at the longest length
// that has one, and the few longer hunts are named in the legend.
const visibleShare = 0.001

// grey is the colour of a card effect that is not significant.
var grey = color.RGBA{R: 0xd9, G: 0xd9, B: 0xd9, A: 0xff}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// hbar is one horizontal bar from 0 to v at height y, h thick.
type hbar struct {
	y, v, h float64
	fill    color.Color
	edge    draw.LineStyle
}

func (b *hbar) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	x0, x1 := trX(0), trX(b.v)
	y0, y1 := trY(b.y-b.h/2), trY(b.y+b.h/2)
	pts := []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}, {X: x0, Y: y0}}
	c.FillPolygon(b.fill, c.ClipPolygonXY(pts))
	c.StrokeLines(b.edge, c.ClipLinesXY(pts)...)
}

func (b *hbar) DataRange() (xmin, xmax, ymin, ymax float64) {
	return math.Min(0, b.v), math.Max(0, b.v), b.y - b.h/2, b.y + b.h/2
}

// sidePanels draws plots side by side under a title, with a note in small
// type under the title ("" for none).
func sidePanels(title, note string, panels ...*plot.Plot) func(draw.Canvas) {
	return func(dc draw.Canvas) {
		sty := text.Style{Color: black, Font: sans(13), XAlign: draw.XCenter, YAlign: draw.YTop, Handler: plot.DefaultTextHandler}
		mid := (dc.Min.X + dc.Max.X) / 2
		dc.FillText(sty, vg.Point{X: mid, Y: dc.Max.Y - 4}, title)
		h := sty.Height(title) + 10
		if note != "" {
			ns := sty
			ns.Font = sans(9)
			dc.FillText(ns, vg.Point{X: mid, Y: dc.Max.Y - h}, note)
			h += ns.Height(note) + 4
		}
		body := draw.Crop(dc, 0, 0, 0, -h)
		tiles := draw.Tiles{Rows: 1, Cols: len(panels), PadX: 16, PadRight: 8, PadLeft: 4, PadBottom: 4}
		cs := plot.Align([][]*plot.Plot{panels}, tiles, body)
		for k, p := range panels {
			p.Draw(cs[0][k])
		}
	}
}

// RenderCanvas draws drawTo on a w × h canvas in format "png" or "svg",
// on white, as every plot of the reports is drawn (the PNG at the reports'
// resolution, the SVG naming Liberation Sans with its fallbacks): for a
// game's own pictures, such as a map.
func RenderCanvas(format string, w, h vg.Length, drawTo func(draw.Canvas)) ([]byte, error) {
	return renderCanvas(format, w, h, drawTo)
}

// renderCanvas is RenderCanvas.
func renderCanvas(format string, w, h vg.Length, drawTo func(draw.Canvas)) ([]byte, error) {
	var b bytes.Buffer
	switch format {
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(dpi), vgimg.UseBackgroundColor(color.White))
		drawTo(draw.New(c))
		// The fastest compression: most of a report's time went into
		// squeezing its PNGs; the files are a little larger.
		err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, c.Image())
		return b.Bytes(), err
	case "svg":
		c := vgsvg.New(w, h)
		dc := draw.New(c)
		dc.SetColor(color.White)
		dc.Fill(dc.Rectangle.Path())
		drawTo(dc)
		if _, err := c.WriteTo(&b); err != nil {
			return nil, err
		}
		return bytes.ReplaceAll(b.Bytes(), []byte(svgFont), []byte(svgFallback)), nil
	}
	panic("reports: unknown plot format " + format)
}

// hrects is a set of horizontal boxes: box i spans [lo[i], hi[i]] along X
// at height y[i], h thick.
type hrects struct {
	y, lo, hi []float64
	h         float64
	fill      color.Color
	edge      draw.LineStyle
}

func (r *hrects) Plot(c draw.Canvas, p *plot.Plot) {
	for i := range r.y {
		(&hbarSpan{y: r.y[i], lo: r.lo[i], hi: r.hi[i], h: r.h, fill: r.fill, edge: r.edge}).Plot(c, p)
	}
}

func (r *hrects) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax, ymin, ymax = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for i := range r.y {
		xmin, xmax = math.Min(xmin, r.lo[i]), math.Max(xmax, r.hi[i])
		ymin, ymax = math.Min(ymin, r.y[i]-r.h/2), math.Max(ymax, r.y[i]+r.h/2)
	}
	return xmin, xmax, ymin, ymax
}

func (r *hrects) Thumbnail(c *draw.Canvas) {
	(&rects{fill: r.fill, edge: r.edge}).Thumbnail(c)
}

// hbarSpan is one horizontal box from lo to hi at height y, h thick.
type hbarSpan struct {
	y, lo, hi, h float64
	fill         color.Color
	edge         draw.LineStyle
}

func (b *hbarSpan) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	x0, x1 := trX(b.lo), trX(b.hi)
	y0, y1 := trY(b.y-b.h/2), trY(b.y+b.h/2)
	pts := []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}, {X: x0, Y: y0}}
	c.FillPolygon(b.fill, c.ClipPolygonXY(pts))
	c.StrokeLines(b.edge, c.ClipLinesXY(pts)...)
}

// vticks is a set of short vertical segments: segment i spans y[i]±h/2 at
// x[i].
type vticks struct {
	x, y []float64
	h    float64
	sty  draw.LineStyle
}

func (t *vticks) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for i := range t.x {
		x := trX(t.x[i])
		c.StrokeLines(t.sty, c.ClipLinesXY([]vg.Point{{X: x, Y: trY(t.y[i] - t.h/2)}, {X: x, Y: trY(t.y[i] + t.h/2)}})...)
	}
}

func (t *vticks) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax, ymin, ymax = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for i := range t.x {
		xmin, xmax = math.Min(xmin, t.x[i]), math.Max(xmax, t.x[i])
		ymin, ymax = math.Min(ymin, t.y[i]-t.h/2), math.Max(ymax, t.y[i]+t.h/2)
	}
	return xmin, xmax, ymin, ymax
}

func (t *vticks) Thumbnail(c *draw.Canvas) {
	x := (c.Min.X + c.Max.X) / 2
	c.StrokeLine2(t.sty, x, c.Min.Y, x, c.Max.Y)
}

// seriesColors tell apart the curves of a grid sweep.
var seriesColors = []color.RGBA{blue, orange, red, {R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}, {R: 0x94, G: 0x67, B: 0xbd, A: 0xff},
	{R: 0x8c, G: 0x56, B: 0x4b, A: 0xff}, {R: 0x7f, G: 0x7f, B: 0x7f, A: 0xff}}

// drawPlot renders p at w × h as "png" or "svg".
func drawPlot(p *plot.Plot, w, h vg.Length, format string) ([]byte, error) {
	if format != "png" && format != "svg" {
		return nil, fmt.Errorf("unknown plot format %q", format)
	}
	return renderCanvas(format, w, h, p.Draw)
}

// targetGreen is the colour of a target's band.
var targetGreen = color.NRGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0x38}

// colours of the two designs
var (
	colorA = blue
	fillA  = lightBlue
	colorB = orange
	fillB  = color.RGBA{R: 0xfd, G: 0xd0, B: 0xa2, A: 0xff}
)

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

// twoLines puts an estimate and its interval, "98.2% [97.5%, 98.7%]", on
// two lines, so that the labels of neighbouring tiers at about the same
// height do not run into each other.
func twoLines(s string) string {
	return strings.Replace(s, " [", "\n[", 1)
}
