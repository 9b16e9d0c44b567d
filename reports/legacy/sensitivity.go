package legacy

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"balance/stats"
)

// Sensitivity is the change of the figures per step of each Adversary
// stat, every variant played on the same hunts as the base design.
type Sensitivity struct {
	Title   string            `json:"title"`
	Step    int               `json:"step"` // the change of each stat, e.g. +1
	Hunts   int64             `json:"hunts"`
	Seed    uint64            `json:"seed"`
	PackAI  string            `json:"pack_ai"`
	Stopped string            `json:"stopped"`
	Base    SweepPoint        `json:"base"`
	Stats   []StatSensitivity `json:"stats"`
}

// StatSensitivity is the effect of one stat's step. Win, Rounds and
// Wounds are paired differences (variant - base) on the same hunts;
// Deaths is the difference of the two means with an interval for
// independent samples (wider than a paired one). Skipped, when set, says
// why the stat could not be stepped, and the figures are absent.
type StatSensitivity struct {
	Stat     string         `json:"stat"`
	Key      string         `json:"key"`   // the -set key
	Value    int            `json:"value"` // the stat's value in the base design
	Win      stats.Interval `json:"pack_win_rate"`
	WinP     float64        `json:"mcnemar_p"`
	Rounds   stats.Interval `json:"rounds"`
	Wounds   stats.Interval `json:"pack_wounds"`
	Deaths   stats.Interval `json:"pack_deaths"`
	Skipped  string         `json:"skipped,omitempty"`
	Measured bool           `json:"measured"`
}

// SensitivityTable is the sensitivity as table rows for reading.
func SensitivityTable(s *Sensitivity) (header []string, rows [][]string) {
	step := fmt.Sprintf("%+d", s.Step)
	header = []string{"Stat", "Value", "Pack wins " + step + " [95%]", "McNemar p", "Rounds " + step + " [95%]", "Pack WNDs " + step + " [95%]", "Pack deaths " + step + " [95%]"}
	for _, st := range s.Stats {
		if !st.Measured {
			rows = append(rows, []string{st.Stat, strconv.Itoa(st.Value), "n/a: " + st.Skipped, "", "", "", ""})
			continue
		}
		rows = append(rows, []string{st.Stat, strconv.Itoa(st.Value),
			PointsBounds(st.Win),
			PText(st.WinP), signed(st.Rounds), signed(st.Wounds), signed(st.Deaths)})
	}
	return header, rows
}

func signed(i stats.Interval) string {
	if !i.Finite() {
		return "n/a"
	}
	return signedNumbers(3, i.Estimate, i.Low, i.High)
}

// WriteSensitivityDir writes sensitivity.md, sensitivity.html,
// sensitivity.json, sensitivity.csv and the tornado chart (tornado.png,
// tornado.svg) of the Pack win rate's change per stat as the directory
// dir, replacing it as a whole as WriteDir does.
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
	if s == nil || len(s.Stats) == 0 {
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
	rows := [][]string{{"stat", "key", "value", "step", "n", "win", "win_low", "win_high", "mcnemar_p",
		"rounds", "rounds_low", "rounds_high", "pack_wounds", "pack_wounds_low", "pack_wounds_high",
		"pack_deaths", "pack_deaths_low", "pack_deaths_high", "skipped"}}
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }
	for _, st := range s.Stats {
		r := []string{st.Stat, st.Key, strconv.Itoa(st.Value), strconv.Itoa(s.Step)}
		if !st.Measured {
			r = append(r, "", "", "", "", "", "", "", "", "", "", "", "", "", "", st.Skipped)
		} else {
			r = append(r, itoa(st.Win.N))
			for _, i := range []stats.Interval{st.Win} {
				r = append(r, g(i.Estimate), g(i.Low), g(i.High))
			}
			r = append(r, g(st.WinP))
			for _, i := range []stats.Interval{st.Rounds, st.Wounds, st.Deaths} {
				r = append(r, g(i.Estimate), g(i.Low), g(i.High))
			}
			r = append(r, "")
		}
		rows = append(rows, r)
	}
	return rows
}

func sensitivityMarkdown(s *Sensitivity) []byte {
	var b md
	b.p("# Sensitivity: %s", s.Title)
	b.p("Each stat changed by %+d alone, played on the same %d hunts as the base design (seed %d), Pack AI %s. The changes of the Pack win rate, hunt length and Pack WNDs are paired differences on those hunts with 95%% intervals and, for the win rate, the exact McNemar test; the change of Pack deaths has an interval for independent samples (wider).",
		s.Step, s.Hunts, s.Seed, orDash(s.PackAI))
	if s.Stopped != "" && s.Stopped != "hunts" {
		b.p("**Stopped early: %s.** The figures cover the hunts played.", s.Stopped)
	}
	b.p("Base design: Pack wins %s, %s Rounds, %s Pack WNDs, %s Pack deaths per hunt.",
		s.Base.PackWin.PercentBounds(), s.Base.Rounds.Bounds(), s.Base.PackWounds.Bounds(), s.Base.PackDeaths.Bounds())
	h, rows := SensitivityTable(s)
	b.table("lrrrrrr", h, rows)
	b.p("![Tornado chart of the Pack win rate](tornado.svg)")
	return b.Bytes()
}

// tornado draws the change of the Pack win rate per stat as horizontal
// bars with their intervals, the largest effect at the top.
func tornado(s *Sensitivity, format string) ([]byte, error) {
	var measured []StatSensitivity
	for _, st := range s.Stats {
		if st.Measured {
			measured = append(measured, st)
		}
	}
	sort.SliceStable(measured, func(a, b int) bool {
		return math.Abs(measured[a].Win.Estimate) < math.Abs(measured[b].Win.Estimate)
	})
	p := newPlot(fmt.Sprintf("Pack win rate per %+d: %s\nn=%d hunts per variant, the same hunts as the base design", s.Step, s.Title, s.Hunts), "change of the Pack win rate (percentage points, 95% interval)", "")
	p.Legend.Top = false
	names := make([]string, len(measured))
	vals := make(plotter.Values, len(measured))
	var e errPoints
	for i, st := range measured {
		v, lo, hi := bounds(st.Win)
		names[i], vals[i] = st.Stat, 100*v
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
