package legacy

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"balance/stats"
)

// syntheticSweep is a two-parameter sweep with made-up figures.
func syntheticSweep() *Sweep {
	s := &Sweep{Title: "Test Adversary vs duo on open-ground", Params: []string{"adversary.def", "adversary.wnd (change)"},
		Signed: []bool{false, true}, Hunts: 1000, Seed: 3, PackAI: "basic", Stopped: "hunts"}
	iv := func(e, w float64) stats.Interval {
		return stats.Interval{Estimate: e, Low: e - w, High: e + w, N: 1000}
	}
	for k := 0; k < 6; k++ {
		def, wnd := 4+k%3, -2+4*(k/3)
		win := 0.9 - 0.1*float64(k%3) - 0.05*float64(k/3)
		p := SweepPoint{Values: []int{def, wnd}, PackWin: iv(win, 0.02), Rounds: iv(2+0.2*float64(k), 0.03),
			PackWounds: iv(20+float64(k), 0.4), PackDeaths: iv(0.5+0.1*float64(k), 0.03)}
		if k%3 > 0 {
			step, pv := iv(-0.1, 0.015), 1e-9
			p.Step, p.StepP = &step, &pv
		}
		s.Points = append(s.Points, p)
	}
	return s
}

func TestSweepReport(t *testing.T) {
	dir := t.TempDir()
	if err := WriteSweepDir(dir, syntheticSweep()); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"sweep.md", "sweep.csv", "sweep.json", "sweep_win.svg", "sweep_win.png"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		golden(t, "sweep/"+name, b)
	}
	md, _ := os.ReadFile(filepath.Join(dir, "sweep.md"))
	for _, want := range []string{"| 5 | -2 | 80.0% [78.0%, 82.0%] | -10.0 pp [-11.5, -8.5] | 1e-09 |", "![Pack win rate](sweep_win.svg)"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("sweep.md lacks %q", want)
		}
	}
	svg, _ := os.ReadFile(filepath.Join(dir, "sweep_win.svg"))
	if !strings.Contains(string(svg), "adversary.wnd (change)=+2") {
		t.Error("the win plot's legend does not name the second parameter's values")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file %s left", e.Name())
		}
	}
	if names, want := listDir(t, dir), slices.Sorted(slices.Values(SweepNames())); !slices.Equal(names, want) {
		t.Errorf("WriteSweepDir wrote %v, SweepNames says %v", names, want)
	}
	if err := WriteSweepDir(dir, &Sweep{}); err == nil {
		t.Error("an empty sweep was written")
	}
}

func TestSensitivityReport(t *testing.T) {
	iv := func(e, w float64) stats.Interval {
		return stats.Interval{Estimate: e, Low: e - w, High: e + w, Conf: 0.95, N: 1000}
	}
	s := &Sensitivity{Title: "Test Adversary vs duo on open-ground", Step: 1, Hunts: 1000, Seed: 2, PackAI: "basic", Stopped: "hunts",
		Base: SweepPoint{PackWin: iv(0.6, 0.03), Rounds: iv(2.5, 0.05), PackWounds: iv(30, 0.5), PackDeaths: iv(1.5, 0.05)}}
	for i, name := range []string{"SPD", "ATK", "DEF", "Head WND"} {
		s.Stats = append(s.Stats, StatSensitivity{Stat: name, Key: "k", Value: 5, Measured: true, Win: iv(-0.02*float64(i*i)+0.01, 0.012),
			WinP: 0.01, Rounds: iv(0.1, 0.02), Wounds: iv(1, 0.2), Deaths: iv(0.1, 0.05)})
	}
	s.Stats = append(s.Stats, StatSensitivity{Stat: "TER", Key: "adversary.ter", Value: 10, Skipped: "adversary.ter=+1: TER 11 is above 10"})
	dir := t.TempDir()
	if err := WriteSensitivityDir(dir, s); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"sensitivity.md", "sensitivity.csv", "sensitivity.json", "tornado.svg", "tornado.png"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		golden(t, "sensitivity/"+name, b)
	}
	if names, want := listDir(t, dir), slices.Sorted(slices.Values(SensitivityNames)); !slices.Equal(names, want) {
		t.Errorf("WriteSensitivityDir wrote %v, SensitivityNames says %v", names, want)
	}
	md, _ := os.ReadFile(filepath.Join(dir, "sensitivity.md"))
	for _, want := range []string{"| DEF | 5 | -7.0 pp [-8.2, -5.8] |", "n/a: adversary.ter=+1", "![Tornado chart"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("sensitivity.md lacks %q", want)
		}
	}
	svg, _ := os.ReadFile(filepath.Join(dir, "tornado.svg"))
	if strings.Contains(string(svg), ">TER<") || !strings.Contains(string(svg), ">Head WND<") {
		t.Error("the tornado chart should show the measured stats and only those")
	}
}

func TestRenderHTML(t *testing.T) {
	p := &HTMLPage{Title: "A <b>bold</b> & name", Config: [][2]string{{"Seed", "7"}},
		Sections: []HTMLSection{{Heading: "T", Header: []string{"x"}, Rows: [][]string{{"<i>1</i>"}},
			Plots: []HTMLPlot{{Name: "p", SVG: []byte(`<?xml version="1.0"?>` + "\n" + `<svg width="10" height="10"></svg>`)}}}}}
	b, err := RenderHTML(p)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, want := range []string{"A &lt;b&gt;bold&lt;/b&gt; &amp; name", "<dt>Seed</dt><dd>7</dd>", "<td>&lt;i&gt;1&lt;/i&gt;</td>",
		`<figure class="plot" data-plot="p"><svg width="10" height="10"></svg></figure>`} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(s, "<?xml") {
		t.Error("the SVG's XML prolog is inside the page")
	}
}

// tune's targets are drawn as bands on the plots of their figures (a win
// target, a proportion, on the plot in %), and kept in sweep.json.
func TestSweepTargetBand(t *testing.T) {
	s := syntheticSweep()
	lo, hi, most := 0.45, 0.55, 2.5
	s.Targets = []SweepTarget{{Text: "win=0.45..0.55", Figure: "win", Low: &lo, High: &hi}, {Text: "rounds<=2.5", Figure: "rounds", High: &most}}
	dir := t.TempDir()
	if err := WriteSweepDir(dir, s); err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if w := read("sweep_win.svg"); !strings.Contains(w, "target win=0.45..0.55") || strings.Contains(w, "rounds&lt;=2.5") {
		t.Error("the win plot does not show the win target's band alone")
	}
	if r := read("sweep_length.svg"); !strings.Contains(r, "target rounds&lt;=2.5") || strings.Contains(r, "target win") {
		t.Error("the length plot does not show the rounds target's band alone")
	}
	if strings.Contains(read("sweep_wounds.svg"), "target ") {
		t.Error("the wounds plot shows a target band it has no target for")
	}
	if js := read("sweep.json"); !strings.Contains(js, `"figure": "win"`) || !strings.Contains(js, `"high": 2.5`) {
		t.Errorf("sweep.json lacks the targets:\n%s", js)
	}
	// A sweep has none.
	if strings.Contains(read("sweep.md"), "target") {
		t.Error("sweep.md speaks of targets")
	}
}
