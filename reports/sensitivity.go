package reports

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"balance/stats"
)

// Sensitivity is the change of the followed figures per step of each of
// a design's levers (its game's numbers), every variant played on the
// same hunts as the base design.
type Sensitivity struct {
	Title   string `json:"title"`
	Game    string `json:"game"`
	Step    int    `json:"step"` // the change of each lever, e.g. +1
	Hunts   int64  `json:"hunts"`
	Seed    uint64 `json:"seed"`
	Policy  string `json:"policy"`
	Stopped string `json:"stopped"`
	// Figures are the keys of the figures followed (stats.Followed),
	// Labels their labels and Kinds their kinds; the base's figures and
	// each lever's changes follow their order.
	Figures []string           `json:"figures"`
	Labels  []string           `json:"labels"`
	Kinds   []string           `json:"kinds"`
	Base    []stats.Figure     `json:"base"`
	Levers  []LeverSensitivity `json:"levers"`
}

// LeverSensitivity is the effect of one lever's step: each figure's
// paired difference (variant - base) on the same hunts, and for the win
// rate the exact McNemar p. Skipped, when set, says why the lever could
// not be stepped, and the figures are absent.
type LeverSensitivity struct {
	Lever    string           `json:"lever"`
	Key      string           `json:"key"`   // the -set key
	Value    int              `json:"value"` // the lever's value in the base design
	Changes  []stats.Interval `json:"changes"`
	WinP     float64          `json:"mcnemar_p"`
	Skipped  string           `json:"skipped,omitempty"`
	Measured bool             `json:"measured"`
}

// kind is the kind of figure i.
func (s *Sensitivity) kind(i int) string {
	if i < len(s.Kinds) {
		return s.Kinds[i]
	}
	return "mean"
}

// SensitivityTable is the sensitivity as table rows for reading.
func SensitivityTable(s *Sensitivity) (header []string, rows [][]string) {
	step := fmt.Sprintf("%+d", s.Step)
	header = []string{"Lever", "Value"}
	for i, l := range s.Labels {
		header = append(header, l+" "+step+" [95%]")
		if i == 0 {
			header = append(header, "McNemar p")
		}
	}
	for _, st := range s.Levers {
		if !st.Measured {
			r := []string{st.Lever, strconv.Itoa(st.Value), "n/a: " + st.Skipped}
			for len(r) < len(header) {
				r = append(r, "")
			}
			rows = append(rows, r)
			continue
		}
		r := []string{st.Lever, strconv.Itoa(st.Value)}
		for i, c := range st.Changes {
			r = append(r, diffText(s.kind(i), c))
			if i == 0 {
				r = append(r, PText(st.WinP))
			}
		}
		rows = append(rows, r)
	}
	return header, rows
}

// WriteSensitivityDir writes sensitivity.md, sensitivity.html,
// sensitivity.json, sensitivity.csv and the tornado chart (tornado.png,
// tornado.svg) of the win rate's change per lever as the directory dir,
// replacing it as a whole as WriteSummary does.
func WriteSensitivityDir(dir string, s *Sensitivity) error {
	files, err := RenderSensitivity(s)
	if err != nil {
		return err
	}
	return writeDir(dir, SensitivityNames, files)
}

// SensitivityNames are the names of the files WriteSensitivityDir writes.
var SensitivityNames = []string{"sensitivity.md", "sensitivity.json", "sensitivity.csv", "sensitivity.html", "tornado.png", "tornado.svg"}

// RenderSensitivity returns the files of a sensitivity report (see
// WriteSensitivityDir).
func RenderSensitivity(s *Sensitivity) ([]File, error) {
	if s == nil || len(s.Levers) == 0 {
		return nil, errors.New("reports: no sensitivity to write")
	}
	js, err := encodeValue(s)
	if err != nil {
		return nil, fmt.Errorf("reports: cannot write sensitivity.json: %w", err)
	}
	files := []File{{Name: "sensitivity.md", Data: sensitivityMarkdown(s)}, {Name: "sensitivity.json", Data: js}, {Name: "sensitivity.csv", Data: encodeCSV(sensitivityRows(s))}}
	page, err := sensitivityHTML(s)
	if err != nil {
		return nil, fmt.Errorf("reports: cannot write sensitivity.html: %w", err)
	}
	html, err := RenderHTML(page)
	if err != nil {
		return nil, fmt.Errorf("reports: cannot write sensitivity.html: %w", err)
	}
	files = append(files, File{Name: "sensitivity.html", Data: html})
	for _, format := range []string{"png", "svg"} {
		data, err := tornado(s, format)
		if err != nil {
			return nil, fmt.Errorf("reports: cannot draw tornado.%s: %w", format, err)
		}
		files = append(files, File{Name: "tornado." + format, Data: data})
	}
	return files, nil
}

func sensitivityRows(s *Sensitivity) [][]string {
	h := []string{"lever", "key", "value", "step", "n"}
	for i, k := range s.Figures {
		h = append(h, k, k+"_low", k+"_high")
		if i == 0 {
			h = append(h, "mcnemar_p")
		}
	}
	rows := [][]string{append(h, "skipped")}
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }
	for _, st := range s.Levers {
		r := []string{st.Lever, st.Key, strconv.Itoa(st.Value), strconv.Itoa(s.Step)}
		if !st.Measured {
			for len(r) < len(h) {
				r = append(r, "")
			}
			rows = append(rows, append(r, st.Skipped))
			continue
		}
		n := int64(0)
		if len(st.Changes) > 0 {
			n = st.Changes[0].N
		}
		r = append(r, itoa(n))
		for i, c := range st.Changes {
			if c.Finite() {
				r = append(r, g(c.Estimate), g(c.Low), g(c.High))
			} else {
				r = append(r, "", "", "")
			}
			if i == 0 {
				r = append(r, g(st.WinP))
			}
		}
		rows = append(rows, append(r, ""))
	}
	return rows
}

// baseText says the base design's figures.
func baseText(s *Sensitivity) string {
	var parts []string
	for i, f := range s.Base {
		if i < len(s.Labels) {
			parts = append(parts, s.Labels[i]+" "+FigureText(f))
		}
	}
	return strings.Join(parts, ", ")
}

func sensitivityMarkdown(s *Sensitivity) []byte {
	var b md
	b.p("# Sensitivity: %s", s.Title)
	b.p("Each lever changed by %+d alone, played on the same %d hunts as the base design (seed %d), policy %s. Every change is the paired difference on those hunts, variant minus base, with its 95%% interval and, for the win rate, the exact McNemar test.",
		s.Step, s.Hunts, s.Seed, orDash(s.Policy))
	if s.Stopped != "" && s.Stopped != "hunts" {
		b.p("**Stopped early: %s.** The figures cover the hunts played.", s.Stopped)
	}
	b.p("Base design: %s.", baseText(s))
	if n := RunDiffNote(s.Figures); n != "" {
		b.p("%s", n)
	}
	h, rows := SensitivityTable(s)
	b.table("lr"+strings.Repeat("r", len(h)-2), h, rows)
	b.p("![Tornado chart of the win rate](tornado.svg)")
	return b.Bytes()
}

// sensitivityHTML is the page of a sensitivity run.
func sensitivityHTML(s *Sensitivity) (*HTMLPage, error) {
	p := &HTMLPage{Title: "Sensitivity: " + s.Title}
	p.Config = [][2]string{{"Step", fmt.Sprintf("%+d", s.Step)}, {"Hunts", itoa(s.Hunts)},
		{"Seed", strconv.FormatUint(s.Seed, 10)}, {"Policy", orDash(s.Policy)}, {"Stopped", orDash(s.Stopped)}}
	h, rows := SensitivityTable(s)
	svg, err := tornado(s, "svg")
	if err != nil {
		return nil, err
	}
	p.Sections = []HTMLSection{{Heading: "Change per lever", Header: h, Rows: rows,
		Text:  []string{strings.TrimSpace(fmt.Sprintf("Base design: %s. Every change is paired on the same hunts. %s", baseText(s), RunDiffNote(s.Figures)))},
		Plots: []HTMLPlot{{Name: "tornado", SVG: svg}}}}
	return p, nil
}

// tornado draws the change of the win rate per lever as horizontal bars
// with their intervals, the largest effect at the top.
func tornado(s *Sensitivity, format string) ([]byte, error) {
	var measured []LeverSensitivity
	for _, st := range s.Levers {
		if st.Measured && len(st.Changes) > 0 {
			measured = append(measured, st)
		}
	}
	sort.SliceStable(measured, func(a, b int) bool {
		return math.Abs(measured[a].Changes[0].Estimate) < math.Abs(measured[b].Changes[0].Estimate)
	})
	win := "win rate"
	if len(s.Labels) > 0 {
		win = lower(s.Labels[0])
	}
	p := newPlot(fmt.Sprintf("%s per %+d: %s\nn=%d hunts per variant, the same hunts as the base design", s.Labels[0], s.Step, s.Title, s.Hunts),
		"change of the "+win+" (percentage points, 95% interval)", "")
	p.Legend.Top = false
	names := make([]string, len(measured))
	vals := make(plotter.Values, len(measured))
	var e errPoints
	for i, st := range measured {
		v, lo, hi := bounds(st.Changes[0])
		names[i], vals[i] = st.Lever, 100*v
		e.add(100*v, float64(i), 100*lo, 100*hi)
	}
	if len(vals) > 0 {
		bars, err := plotter.NewBarChart(vals, 14)
		if err != nil {
			return nil, err
		}
		bars.Horizontal = true
		bars.Color, bars.LineStyle = lightBlue, line(blue, 1)
		g := plotter.NewGrid()
		g.Horizontal.Width = 0
		p.Add(g, bars, newXErr(&e))
		p.NominalY(names...)
	}
	h := vg.Length(1.2+0.32*float64(len(measured))) * vg.Inch
	return drawPlot(p, 8*vg.Inch, h, format)
}
