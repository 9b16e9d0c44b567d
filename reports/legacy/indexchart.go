package legacy

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// renderCanvas draws drawTo on a w × h canvas in format "png" or "svg",
// on white, as the other plots are drawn.
func renderCanvas(format string, w, h vg.Length, drawTo func(draw.Canvas)) ([]byte, error) {
	var b bytes.Buffer
	switch format {
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(dpi), vgimg.UseBackgroundColor(color.White))
		drawTo(draw.New(c))
		_, err := vgimg.PngCanvas{Canvas: c}.WriteTo(&b)
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

// The index chart's size: its height grows with the runs.
const indexW = 12 * vg.Inch

func indexH(rows []indexRow) vg.Length {
	n := 0
	for _, r := range rows {
		if r.OK {
			n++
		}
	}
	return vg.Length(1.8+0.5*float64(n)) * vg.Inch
}

// indexChart draws every run with a Summary as a row of two panels side
// by side: its Pack win rate (a bar with its interval and the figure) and
// its hunt length (the 10th to 90th percentile as a box, the median, and
// the mean with its interval), so that the run out of line shows at a
// glance. Runs keep the index's order, the first on top.
func indexChart(entries []IndexEntry) func(draw.Canvas) {
	var names []string
	var win, rounds errPoints
	var labels []string
	box := &hrects{h: 0.5, fill: lightBlue, edge: line(blue, 1)}
	med := &vticks{h: 0.5, sty: line(blue, 2.5)}
	n := 0
	for _, e := range entries {
		if e.S != nil {
			n++
		}
	}
	k := 0
	for _, e := range entries {
		s := e.S
		if s == nil {
			continue
		}
		y := float64(n - 1 - k)
		k++
		name := e.Name
		if a := adversary(s); a != name {
			name += "\n" + a
		}
		names = append([]string{name}, names...)
		v, lo, hi := bounds(s.PackWinRate)
		win.add(100*v, y, 100*lo, 100*hi)
		labels = append(labels, s.PackWinRate.PercentBounds())
		d := s.Rounds
		v, lo, hi = bounds(d.Mean)
		rounds.add(v, y, lo, hi)
		box.y, box.lo, box.hi = append(box.y, y), append(box.lo, float64(d.P10)), append(box.hi, float64(d.P90))
		med.y, med.x = append(med.y, y), append(med.x, float64(d.P50))
	}
	left := newPlot("Pack win rate", "% of hunts won (95% interval)", "")
	right := newPlot("Hunt length", "Rounds", "")
	if n > 0 {
		for j := range win.x {
			left.Add(&hbar{y: win.y[j], v: win.x[j], h: 0.5, fill: lightBlue, edge: line(blue, 1)})
		}
		lbl := valueLabels(win.hi, win.y, labels)
		for j := range lbl.TextStyle {
			lbl.TextStyle[j].XAlign, lbl.TextStyle[j].YAlign = draw.XLeft, draw.YCenter
		}
		lbl.Offset = vg.Point{X: 6}
		left.Add(newXErr(&win), boxedLabels{lbl})
		left.NominalY(names...)

		dots, err := plotter.NewScatter(xyPairs(rounds.x, rounds.y))
		if err == nil {
			dots.GlyphStyle = draw.GlyphStyle{Color: orange, Radius: 3.5, Shape: draw.CircleGlyph{}}
			errs := newXErr(&rounds)
			errs.LineStyle.Color = orange
			right.Add(box, med, errs, dots)
		}
		right.NominalY(make([]string, n)...)
	}
	left.X.Min, left.X.Max = 0, 130 // room for the figures right of the bars
	left.X.Tick.Marker = cappedTicks{niceTicks{}, 100}
	top := 1.0
	for j := range box.hi {
		top = math.Max(top, math.Max(box.hi[j], rounds.hi[j]))
	}
	right.X.Min, right.X.Max = 0, top*1.1
	right.X.Tick.Marker = niceTicks{integer: top > 5}
	for _, p := range []*plot.Plot{left, right} {
		p.Y.Min, p.Y.Max = -0.6, float64(n)-0.4
	}
	return sidePanels(fmt.Sprintf("Every run: Pack win rate and hunt length (%d runs)", n),
		"hunt length: the box spans the 10th to 90th percentile of hunts, the line is the median, the dot the mean with its 95% interval", left, right)
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
