package reports

import (
	"os"
	"path/filepath"
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
	for _, want := range []string{"| 5 | -2 | 80.0% [78.0%, 82.0%] | -10.00% [-11.50, -8.50] | 1e-09 |", "![Pack win rate](sweep_win.svg)"} {
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
	if err := WriteSweepDir(dir, &Sweep{}); err == nil {
		t.Error("an empty sweep was written")
	}
}
