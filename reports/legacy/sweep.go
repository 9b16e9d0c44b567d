package legacy

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"balance/stats"
)

// Sweep is the result of a parameter sweep: one run per point of a grid,
// every point on the same hunts.
type Sweep struct {
	Title   string       `json:"title"` // what was swept against what, e.g. "Wandering Son vs duo on open-ground"
	Params  []string     `json:"params"`
	Signed  []bool       `json:"signed"` // per parameter: its values are changes from the data, printed with a sign
	Hunts   int64        `json:"hunts"`  // hunts per point
	Seed    uint64       `json:"seed"`
	PackAI  string       `json:"pack_ai"`
	Stopped string       `json:"stopped"`
	Points  []SweepPoint `json:"points"`
	// The targets tune searched for (none for a sweep); each is drawn as
	// a band on the plot of its figure.
	Targets []SweepTarget `json:"targets,omitempty"`
}

// SweepTarget is a target of tune: a figure and the range its whole
// interval must lie in. Low or High is absent for a one-sided target.
type SweepTarget struct {
	Text   string   `json:"text"`   // as given, e.g. "win=0.45..0.55"
	Figure string   `json:"figure"` // win (a proportion), rounds, deaths or wounds
	Low    *float64 `json:"low,omitempty"`
	High   *float64 `json:"high,omitempty"`
}

// SweepPoint is one point of a sweep. Step is the paired change of the
// Pack win rate from the previous point along the first parameter (the
// other parameters equal), with its McNemar p; it is absent at the first
// value.
type SweepPoint struct {
	Values     []int           `json:"values"` // one per parameter
	PackWin    stats.Interval  `json:"pack_win_rate"`
	Rounds     stats.Interval  `json:"rounds"`      // mean hunt length
	PackWounds stats.Interval  `json:"pack_wounds"` // mean WNDs taken by the Pack per hunt
	PackDeaths stats.Interval  `json:"pack_deaths"` // mean Pack models dead per hunt
	Step       *stats.Interval `json:"step,omitempty"`
	StepP      *float64        `json:"step_p,omitempty"`
}

// WriteSweepDir writes a sweep's report as the directory dir, replacing it
// as a whole as WriteDir does: sweep.md, sweep.html, sweep.json,
// sweep.csv, and the plots sweep_win, sweep_length and sweep_wounds as PNG
// and SVG, each figure against the first parameter with its 95% band, one
// curve per value of the others.
func WriteSweepDir(dir string, s *Sweep) error {
	files, err := RenderSweep(s)
	if err != nil {
		return err
	}
	return writeDir(dir, SweepNames(), files)
}

// SweepNames are the names of the files WriteSweepDir writes.
func SweepNames() []string {
	names := []string{"sweep.md", "sweep.json", "sweep.csv", "sweep.html"}
	for _, pl := range sweepPlots {
		names = append(names, pl.name+".png", pl.name+".svg")
	}
	return names
}

// RenderSweep returns the files of a sweep's report (see WriteSweepDir).
func RenderSweep(s *Sweep) ([]File, error) {
	if s == nil || len(s.Points) == 0 || len(s.Params) == 0 {
		return nil, errors.New("reports: no sweep to write")
	}
	js, err := encodeValue(s)
	if err != nil {
		return nil, fmt.Errorf("reports: cannot write sweep.json: %w", err)
	}
	files := []File{
		{Name: "sweep.md", Data: sweepMarkdown(s)},
		{Name: "sweep.json", Data: js},
		{Name: "sweep.csv", Data: encodeCSV(sweepRows(s))},
	}
	page, err := sweepHTML(s)
	if err != nil {
		return nil, fmt.Errorf("reports: cannot write sweep.html: %w", err)
	}
	html, err := RenderHTML(page)
	if err != nil {
		return nil, fmt.Errorf("reports: cannot write sweep.html: %w", err)
	}
	files = append(files, File{Name: "sweep.html", Data: html})
	for _, pl := range sweepPlots {
		for _, format := range []string{"png", "svg"} {
			data, err := renderSweepPlot(s, pl.title, pl.y, pl.get, format)
			if err != nil {
				return nil, fmt.Errorf("reports: cannot draw %s.%s: %w", pl.name, format, err)
			}
			files = append(files, File{Name: pl.name + "." + format, Data: data})
		}
	}
	return files, nil
}

// sweepPlots are the plots of a sweep: each figure against the first
// parameter. figure names it as tune's targets do, and unit scales a
// target's bounds to the plot's (a win target is a proportion, the plot
// is in %).
var sweepPlots = []struct {
	name, title, y string
	get            func(*SweepPoint) stats.Interval
	figure         string
	unit           float64
}{
	{"sweep_win", "Pack win rate", "Pack win rate (%)", func(p *SweepPoint) stats.Interval { return scale(p.PackWin, 100) }, "win", 100},
	{"sweep_length", "Hunt length", "mean Rounds", func(p *SweepPoint) stats.Interval { return p.Rounds }, "rounds", 1},
	{"sweep_wounds", "WNDs taken by the Pack", "mean WNDs per hunt", func(p *SweepPoint) stats.Interval { return p.PackWounds }, "wounds", 1},
}

func scale(i stats.Interval, k float64) stats.Interval {
	i.Estimate, i.Low, i.High = k*i.Estimate, k*i.Low, k*i.High
	return i
}

// value formats parameter j's value v.
func (s *Sweep) value(j, v int) string {
	if j < len(s.Signed) && s.Signed[j] {
		return fmt.Sprintf("%+d", v)
	}
	return strconv.Itoa(v)
}

// SweepHeader is the header of sweep.csv and of the printed table.
func SweepHeader(s *Sweep) []string {
	h := append([]string{}, s.Params...)
	return append(h, "n", "pack_win", "pack_win_low", "pack_win_high", "step", "step_low", "step_high", "step_p",
		"rounds", "rounds_low", "rounds_high", "pack_wounds", "pack_wounds_low", "pack_wounds_high",
		"pack_deaths", "pack_deaths_low", "pack_deaths_high")
}

func sweepRows(s *Sweep) [][]string {
	rows := [][]string{SweepHeader(s)}
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }
	for _, p := range s.Points {
		r := make([]string, 0, len(rows[0]))
		for j, v := range p.Values {
			r = append(r, s.value(j, v))
		}
		r = append(r, itoa(p.PackWin.N), g(p.PackWin.Estimate), g(p.PackWin.Low), g(p.PackWin.High))
		if p.Step != nil {
			r = append(r, g(p.Step.Estimate), g(p.Step.Low), g(p.Step.High), g(*p.StepP))
		} else {
			r = append(r, "", "", "", "")
		}
		for _, i := range []stats.Interval{p.Rounds, p.PackWounds, p.PackDeaths} {
			r = append(r, g(i.Estimate), g(i.Low), g(i.High))
		}
		rows = append(rows, r)
	}
	return rows
}

// SweepTable is the sweep as table rows for reading: parameters, Pack
// win rate, the paired step, hunt length, Pack WNDs and deaths.
func SweepTable(s *Sweep) (header []string, rows [][]string) {
	header = append(append([]string{}, s.Params...), "Pack wins [95%]", "Step (paired) [95%]", "McNemar p",
		"Rounds [95%]", "Pack WNDs [95%]", "Pack deaths [95%]")
	for _, p := range s.Points {
		var r []string
		for j, v := range p.Values {
			r = append(r, s.value(j, v))
		}
		step, pv := "—", "—"
		if p.Step != nil {
			step = PointsBounds(*p.Step)
			pv = PText(*p.StepP)
		}
		r = append(r, p.PackWin.PercentBounds(), step, pv, p.Rounds.Bounds(), p.PackWounds.Bounds(), p.PackDeaths.Bounds())
		rows = append(rows, r)
	}
	return header, rows
}

func sweepMarkdown(s *Sweep) []byte {
	var b md
	b.p("# Sweep: %s", s.Title)
	b.p("%d hunts per point, the same hunts at every point (seed %d), Pack AI %s. Intervals are 95%%; the step is the paired change of the Pack win rate from the previous value of %s, with the exact McNemar test.",
		s.Hunts, s.Seed, orDash(s.PackAI), code(s.Params[0]))
	if s.Stopped != "" && s.Stopped != "hunts" {
		b.p("**Stopped early: %s.** The figures cover the hunts played.", s.Stopped)
	}
	if t := targetTexts(s); t != "" {
		b.p("Targets: %s, each drawn as a band on the plot of its figure: a value meets it when its whole interval lies inside.", t)
	}
	h, rows := SweepTable(s)
	align := strings.Repeat("r", len(h))
	b.table(align, h, rows)
	for _, pl := range sweepPlots {
		b.p("![%s](%s.svg)", pl.title, pl.name)
	}
	return b.Bytes()
}

// seriesColors tell apart the curves of a grid sweep.
var seriesColors = []color.RGBA{blue, orange, red, {R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}, {R: 0x94, G: 0x67, B: 0xbd, A: 0xff},
	{R: 0x8c, G: 0x56, B: 0x4b, A: 0xff}, {R: 0x7f, G: 0x7f, B: 0x7f, A: 0xff}}

// renderSweepPlot draws one figure of the sweep against the first
// parameter: a line through the estimates over a band of the intervals,
// one curve per combination of the other parameters.
func renderSweepPlot(s *Sweep, title, ylabel string, get func(*SweepPoint) stats.Interval, format string) ([]byte, error) {
	figure, unit := "", 1.0
	for _, pl := range sweepPlots {
		if pl.title == title {
			figure, unit = pl.figure, pl.unit
		}
	}
	p := newPlot(fmt.Sprintf("%s: %s\nn=%d hunts per point, the same hunts at every point (95%% intervals)", title, s.Title, s.Hunts), s.Params[0], ylabel)
	type series struct {
		key           string
		xs, y, lo, hi []float64
	}
	var all []*series
	index := map[string]*series{}
	for k := range s.Points {
		pt := &s.Points[k]
		var parts []string
		for j := 1; j < len(s.Params); j++ {
			parts = append(parts, s.Params[j]+"="+s.value(j, pt.Values[j]))
		}
		key := strings.Join(parts, " ")
		se := index[key]
		if se == nil {
			se = &series{key: key}
			index[key] = se
			all = append(all, se)
		}
		e, lo, hi := bounds(get(pt))
		se.xs = append(se.xs, float64(pt.Values[0]))
		se.y, se.lo, se.hi = append(se.y, e), append(se.lo, lo), append(se.hi, hi)
	}
	for i, se := range all {
		c := seriesColors[i%len(seriesColors)]
		fill := color.NRGBA{R: c.R, G: c.G, B: c.B, A: 0x40}
		b := band(se.xs, se.lo, se.hi, fill)
		b.LineStyle.Width = 0
		l := xyLine(se.xs, se.y, line(c, 2))
		pts, err := plotter.NewScatter(xyPairs(se.xs, se.y))
		if err != nil {
			return nil, err
		}
		pts.GlyphStyle.Color = c
		pts.GlyphStyle.Radius = 2.5
		p.Add(b, l, pts)
		if se.key != "" {
			p.Legend.Add(se.key, l)
		}
	}
	ymin, ymax := math.Inf(1), math.Inf(-1)
	for _, se := range all {
		for k := range se.lo {
			ymin, ymax = math.Min(ymin, se.lo[k]), math.Max(ymax, se.hi[k])
		}
	}
	targetBands(p, s, figure, unit, all[0].xs, ymin, ymax)
	// Integer ticks at the swept values, and the legend in the top
	// corner the curves leave free (a falling curve frees the right).
	var ticks []plot.Tick
	for _, x := range all[0].xs {
		ticks = append(ticks, plot.Tick{Value: x, Label: s.value(0, int(x))})
	}
	if len(ticks) <= 20 {
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
	}
	if y := all[0].y; len(y) > 1 && y[len(y)-1] < y[0] {
		p.Legend.Left = false
		p.Legend.XOffs = -6
	}
	return drawPlot(p, 8*vg.Inch, 4.5*vg.Inch, format)
}

// targetTexts lists the sweep's targets as given, "" for none.
func targetTexts(s *Sweep) string {
	var ts []string
	for _, t := range s.Targets {
		ts = append(ts, code(t.Text))
	}
	return strings.Join(ts, ", ")
}

// targetGreen is the colour of a target's band.
var targetGreen = color.NRGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0x38}

// targetBands draws each of the sweep's targets on figure as a band over
// the swept values xs (bounds times unit), from its low to its high end;
// a one-sided target's band runs to the edge of what the curves span, a
// little beyond it. The axis is widened to hold a bound the curves do not
// reach, so the band shows where the target lies.
func targetBands(p *plot.Plot, s *Sweep, figure string, unit float64, xs []float64, ymin, ymax float64) {
	if figure == "" || len(xs) == 0 || math.IsInf(ymin, 0) || math.IsInf(ymax, 0) {
		return
	}
	drawn := false
	for _, t := range s.Targets {
		if t.Figure != figure {
			continue
		}
		if t.Low != nil {
			ymin = math.Min(ymin, *t.Low*unit)
		}
		if t.High != nil {
			ymax = math.Max(ymax, *t.High*unit)
		}
	}
	pad := 0.05 * math.Max(ymax-ymin, 1e-9)
	for _, t := range s.Targets {
		if t.Figure != figure {
			continue
		}
		lo, hi := ymin-pad, ymax+pad
		if t.Low != nil {
			lo = *t.Low * unit
		}
		if t.High != nil {
			hi = *t.High * unit
		}
		x0, x1 := xs[0]-0.4, xs[len(xs)-1]+0.4
		b := &plotter.Polygon{XYs: []plotter.XYs{{{X: x0, Y: lo}, {X: x1, Y: lo}, {X: x1, Y: hi}, {X: x0, Y: hi}}}, Color: targetGreen}
		b.LineStyle = line(color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}, 1, 4, 2)
		p.Add(b)
		p.Legend.Add("target "+t.Text+" (met where the whole interval lies inside)", b)
		drawn = true
	}
	if drawn {
		p.Y.Min, p.Y.Max = ymin-pad, ymax+pad
	}
}

// drawPlot renders p at w × h as "png" or "svg".
func drawPlot(p *plot.Plot, w, h vg.Length, format string) ([]byte, error) {
	var buf bytes.Buffer
	switch format {
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(dpi), vgimg.UseBackgroundColor(color.White))
		p.Draw(draw.New(c))
		if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	case "svg":
		c := vgsvg.New(w, h)
		dc := draw.New(c)
		dc.SetColor(color.White)
		dc.Fill(dc.Rectangle.Path())
		p.Draw(dc)
		if _, err := c.WriteTo(&buf); err != nil {
			return nil, err
		}
		return bytes.ReplaceAll(buf.Bytes(), []byte(svgFont), []byte(svgFallback)), nil
	}
	return nil, fmt.Errorf("unknown plot format %q", format)
}

// MinP is the smallest p-value printed as a number. An exact test on many
// discordant pairs can give a p-value below the smallest float64 (it
// underflows to 0); every p-value below MinP prints as "< 1e-300", as the
// skill report does.
const MinP = 1e-300

// PText prints a p-value with three significant digits, or "< 1e-300".
func PText(p float64) string {
	if p < MinP {
		return "< 1e-300"
	}
	return fmt.Sprintf("%.3g", p)
}
