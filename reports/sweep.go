package reports

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"balance/stats"
)

// Sweep is the result of a parameter sweep (and of tune): one lane per
// point of a grid of parameter values, every point on the same hunts.
type Sweep struct {
	Title  string   `json:"title"` // the design swept, e.g. "Wandering Son of the Mountain vs duo"
	Game   string   `json:"game"`
	Params []string `json:"params"`
	Signed []bool   `json:"signed"` // per parameter: its values are changes from the data, printed with a sign
	// Readings, per parameter, are the readings a switch was swept over
	// (a point's value is an index into them); null for a number.
	Readings [][]string `json:"readings,omitempty"`
	Hunts    int64      `json:"hunts"` // hunts per point
	Seed     uint64     `json:"seed"`
	Policy   string     `json:"policy"`
	Stopped  string     `json:"stopped"`
	// Figures are the keys of the figures followed at every point
	// (stats.Followed: the first side's win rate, the length, each
	// headline value), Labels their labels and Kinds their kinds
	// ("proportion" or "mean"); each point's Figures follow their order.
	Figures []string     `json:"figures"`
	Labels  []string     `json:"labels"`
	Kinds   []string     `json:"kinds"`
	Points  []SweepPoint `json:"points"`
	// The targets tune searched for (none for a sweep); each is drawn as
	// a band on the plot of its figure.
	Targets []SweepTarget `json:"targets,omitempty"`
}

// SweepTarget is a target of tune: a figure (its key) and the range its
// whole interval must lie in. Low or High is absent for a one-sided
// target.
type SweepTarget struct {
	Text   string   `json:"text"`   // as given, e.g. "win=0.45..0.55"
	Figure string   `json:"figure"` // the figure's key, e.g. "win:pack"
	Low    *float64 `json:"low,omitempty"`
	High   *float64 `json:"high,omitempty"`
}

// SweepPoint is one point of a sweep: its values, one per parameter, and
// its figures with their intervals. Step is the paired change of the
// first side's win rate from the previous point along the first parameter
// (the other parameters equal), with its McNemar p; it is absent at the
// first value.
type SweepPoint struct {
	Values  []int            `json:"values"`
	Figures []stats.Interval `json:"figures"`
	Step    *stats.Interval  `json:"step,omitempty"`
	StepP   *float64         `json:"step_p,omitempty"`
}

// Figure returns the point's figure key, and whether there is one.
func (s *Sweep) Figure(p *SweepPoint, key string) (stats.Interval, bool) {
	for i, k := range s.Figures {
		if k == key && i < len(p.Figures) {
			return p.Figures[i], true
		}
	}
	return stats.Interval{}, false
}

// WriteSweepDir writes a sweep's report as the directory dir, replacing it
// as a whole as WriteSummary does: sweep.md, sweep.html, sweep.json,
// sweep.csv, and a plot of each figure against the first parameter
// (sweep_win for the win rate, sweep_length, sweep_KEY for a headline
// value) as PNG and SVG, with its 95% band, one curve per value of the
// others.
func WriteSweepDir(dir string, s *Sweep) error {
	files, err := RenderSweep(s)
	if err != nil {
		return err
	}
	return writeDir(dir, SweepNames(s), files)
}

// sweepPlotName is the name of the plot of figure key.
func sweepPlotName(key string) string {
	if strings.HasPrefix(key, "win:") {
		return "sweep_win"
	}
	return "sweep_" + strings.NewReplacer(":", "_", ".", "_").Replace(key)
}

// SweepNames are the names of the files WriteSweepDir writes for a sweep
// following the figures of s (the points need not be played yet).
func SweepNames(s *Sweep) []string {
	names := []string{"sweep.md", "sweep.json", "sweep.csv", "sweep.html"}
	for _, k := range s.Figures {
		names = append(names, sweepPlotName(k)+".png", sweepPlotName(k)+".svg")
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
	for i := range s.Figures {
		for _, format := range []string{"png", "svg"} {
			data, err := renderSweepPlot(s, i, format)
			if err != nil {
				return nil, fmt.Errorf("reports: cannot draw %s.%s: %w", sweepPlotName(s.Figures[i]), format, err)
			}
			files = append(files, File{Name: sweepPlotName(s.Figures[i]) + "." + format, Data: data})
		}
	}
	return files, nil
}

// value formats parameter j's value v.
func (s *Sweep) value(j, v int) string {
	if j < len(s.Readings) && s.Readings[j] != nil && v >= 0 && v < len(s.Readings[j]) {
		return s.Readings[j][v]
	}
	if j < len(s.Signed) && s.Signed[j] {
		return fmt.Sprintf("%+d", v)
	}
	return strconv.Itoa(v)
}

// kind is the kind of figure i.
func (s *Sweep) kind(i int) string {
	if i < len(s.Kinds) {
		return s.Kinds[i]
	}
	return "mean"
}

func sweepRows(s *Sweep) [][]string {
	h := append([]string{}, s.Params...)
	h = append(h, "n")
	for i, k := range s.Figures {
		h = append(h, k, k+"_low", k+"_high")
		if i == 0 {
			h = append(h, "step", "step_low", "step_high", "step_p")
		}
	}
	rows := [][]string{h}
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }
	for _, p := range s.Points {
		r := make([]string, 0, len(h))
		for j, v := range p.Values {
			r = append(r, s.value(j, v))
		}
		n := int64(0)
		if len(p.Figures) > 0 {
			n = p.Figures[0].N
		}
		r = append(r, itoa(n))
		for i, f := range p.Figures {
			r = append(r, g(f.Estimate), g(f.Low), g(f.High))
			if i == 0 {
				if p.Step != nil {
					r = append(r, g(p.Step.Estimate), g(p.Step.Low), g(p.Step.High), g(*p.StepP))
				} else {
					r = append(r, "", "", "", "")
				}
			}
		}
		rows = append(rows, r)
	}
	return rows
}

// SweepTable is the sweep as table rows for reading: parameters, the win
// rate, the paired step, then the other figures.
func SweepTable(s *Sweep) (header []string, rows [][]string) {
	header = append([]string{}, s.Params...)
	for i, l := range s.Labels {
		header = append(header, l+" [95%]")
		if i == 0 {
			header = append(header, "Step (paired) [95%]", "McNemar p")
		}
	}
	// One precision per column: the most any point's interval asks for.
	var dec []int
	for i := range s.Labels {
		var col []stats.Interval
		for _, p := range s.Points {
			if i < len(p.Figures) {
				col = append(col, p.Figures[i])
			}
		}
		dec = append(dec, columnDecimals(s.kind(i), col))
	}
	for _, p := range s.Points {
		var r []string
		for j, v := range p.Values {
			r = append(r, s.value(j, v))
		}
		for i, f := range p.Figures {
			d := -1
			if i < len(dec) {
				d = dec[i]
			}
			r = append(r, intervalText(s.kind(i), f, d))
			if i == 0 {
				step, pv := "—", "—"
				if p.Step != nil {
					step = PointsBounds(*p.Step)
					pv = PText(*p.StepP)
				}
				r = append(r, step, pv)
			}
		}
		rows = append(rows, r)
	}
	return header, rows
}

func sweepMarkdown(s *Sweep) []byte {
	var b md
	b.p("# Sweep: %s", s.Title)
	win := "the win rate"
	if len(s.Labels) > 0 {
		win = "the " + lower(s.Labels[0])
	}
	b.p("%d hunts per point, the same hunts at every point (seed %d), policy %s. Intervals are 95%%; the step is the paired change of %s from the previous value of %s, with the exact McNemar test.",
		s.Hunts, s.Seed, orDash(s.Policy), win, code(s.Params[0]))
	if s.Stopped != "" && s.Stopped != "hunts" {
		b.p("**Stopped early: %s.** The figures cover the hunts played.", s.Stopped)
	}
	if t := targetTexts(s); t != "" {
		b.p("Targets: %s, each drawn as a band on the plot of its figure: a value meets it when its whole interval lies inside.", t)
	}
	h, rows := SweepTable(s)
	align := strings.Repeat("r", len(h))
	b.table(align, h, rows)
	for i, k := range s.Figures {
		b.p("![%s](%s.svg)", s.Labels[i], sweepPlotName(k))
	}
	return b.Bytes()
}

// sweepHTML is the page of a sweep.
func sweepHTML(s *Sweep) (*HTMLPage, error) {
	p := &HTMLPage{Title: "Sweep: " + s.Title}
	p.Config = [][2]string{{"Parameters", strings.Join(s.Params, ", ")}, {"Hunts per point", itoa(s.Hunts)},
		{"Seed", strconv.FormatUint(s.Seed, 10)}, {"Policy", orDash(s.Policy)}, {"Stopped", orDash(s.Stopped)}}
	if len(s.Targets) > 0 {
		var ts []string
		for _, t := range s.Targets {
			ts = append(ts, t.Text)
		}
		p.Config = append(p.Config, [2]string{"Targets (bands on the plots)", strings.Join(ts, ", ")})
	}
	h, rows := SweepTable(s)
	sec := HTMLSection{Heading: "Figures per point", Header: h, Rows: rows,
		Text: []string{"Every point plays the same hunts; intervals are 95%. The step is the paired change of the win rate from the previous value of the first parameter, with the exact McNemar test."}}
	for i, k := range s.Figures {
		svg, err := renderSweepPlot(s, i, "svg")
		if err != nil {
			return nil, err
		}
		sec.Plots = append(sec.Plots, HTMLPlot{Name: sweepPlotName(k), SVG: svg})
	}
	p.Sections = []HTMLSection{sec}
	return p, nil
}

// renderSweepPlot draws figure i of the sweep against the first
// parameter: a line through the estimates over a band of the intervals,
// one curve per combination of the other parameters; a win rate in %.
func renderSweepPlot(s *Sweep, fig int, format string) ([]byte, error) {
	unit := 1.0
	ylabel := "mean per hunt"
	if s.kind(fig) == "proportion" {
		unit, ylabel = 100, "% of hunts"
	}
	title := s.Labels[fig]
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
		var iv stats.Interval
		if fig < len(pt.Figures) {
			iv = pt.Figures[fig]
		}
		e, lo, hi := bounds(iv)
		se.xs = append(se.xs, float64(pt.Values[0]))
		se.y, se.lo, se.hi = append(se.y, unit*e), append(se.lo, unit*lo), append(se.hi, unit*hi)
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
	targetBands(p, s, s.Figures[fig], unit, all[0].xs, ymin, ymax)
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
