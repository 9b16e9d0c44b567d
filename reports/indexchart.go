package reports

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

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

// indexChart draws every run with a Report as a row of two panels side
// by side: its win rate of the first side (a bar with its interval and the
// figure) and its hunt length (the 10th to 90th percentile as a box, the
// median, and the mean with its interval), so that the run out of line
// shows at a glance. Runs keep the index's order, the first on top.
func indexChart(entries []IndexEntry) func(draw.Canvas) {
	var names []string
	var win, rounds errPoints
	var labels []string
	box := &hrects{h: 0.5, fill: lightBlue, edge: line(blue, 1)}
	med := &vticks{h: 0.5, sty: line(blue, 2.5)}
	n := 0
	for _, e := range entries {
		if e.R != nil {
			n++
		}
	}
	k := 0
	for _, e := range entries {
		s := e.R
		if s == nil {
			continue
		}
		y := float64(n - 1 - k)
		k++
		name := e.Name
		if a := orDash(s.Title); a != name {
			name += "\n" + a
		}
		names = append([]string{name}, names...)
		v, lo, hi := bounds(winRate(s))
		win.add(100*v, y, 100*lo, 100*hi)
		labels = append(labels, winRate(s).PercentBounds())
		d := s.Length
		v, lo, hi = bounds(d.Mean)
		rounds.add(v, y, lo, hi)
		box.y, box.lo, box.hi = append(box.y, y), append(box.lo, float64(d.P10)), append(box.hi, float64(d.P90))
		med.y, med.x = append(med.y, y), append(med.x, float64(d.P50))
	}
	side, unit := "First side", "length"
	for _, e := range entries {
		if e.R != nil {
			side, unit = side0(e.R), e.R.LengthUnit.Plural
			break
		}
	}
	left := newPlot(side+" win rate", "% of hunts won (95% interval)", "")
	right := newPlot("Hunt length", unit, "")
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
	return sidePanels(fmt.Sprintf("Every run: %s win rate and hunt length (%d runs)", side, n),
		"hunt length: the box spans the 10th to 90th percentile of hunts, the line is the median, the dot the mean with its 95% interval", left, right)
}
