package workflow

import (
	"strings"
	"testing"

	"balance/reports"
	"balance/stats"
)

// When the estimates straddle a target and no value meets it, tune says
// "more hunts" only when an estimate lies inside the target (they would
// narrow its interval), and names the two neighbouring values with their
// figures when the target falls between them (no hunts would help).
func TestTuneStraddle(t *testing.T) {
	win := func(v, lo, hi float64) reports.SweepPoint {
		return reports.SweepPoint{Figures: []stats.Interval{{Estimate: v, Low: lo, High: hi, N: 2000}}}
	}
	tg, err := ParseTarget("win=0.45..0.55")
	if err != nil {
		t.Fatal(err)
	}
	target := tuneTarget{Target: tg, fig: 0}
	for _, c := range []struct {
		name   string
		vals   []int
		points []reports.SweepPoint
		want   []string
		absent []string
	}{
		{"between two whole values", []int{4, 5, 6, 7}, []reports.SweepPoint{win(0.7, 0.68, 0.72), win(0.6, 0.58, 0.62), win(0.4, 0.38, 0.42), win(0.3, 0.28, 0.32)},
			[]string{"the target falls between adversary.def=5 (0.6 [0.58, 0.62]) and adversary.def=6 (0.4 [0.38, 0.42])", "no whole value of adversary.def meets it", "more hunts will not change that"},
			[]string{"more -hunts will"}},
		{"an estimate inside, its interval beyond", []int{4, 5, 6}, []reports.SweepPoint{win(0.7, 0.68, 0.72), win(0.5, 0.44, 0.56), win(0.3, 0.28, 0.32)},
			[]string{"at adversary.def=5 (0.5 [0.44, 0.56]) the estimate lies within the target", "more -hunts will narrow it, about 2,900 hunts per value"},
			[]string{"falls between"}},
		{"a gap the rules refused", []int{4, 6}, []reports.SweepPoint{win(0.6, 0.58, 0.62), win(0.4, 0.38, 0.42)},
			[]string{"falls between adversary.def=4 (0.6 [0.58, 0.62]) and adversary.def=6 (0.4 [0.38, 0.42]), and the rules refused the values between them"},
			[]string{"more -hunts", "no whole value"}},
		{"met where another target is not", []int{4, 5, 6}, []reports.SweepPoint{win(0.7, 0.68, 0.72), win(0.5, 0.48, 0.52), win(0.3, 0.28, 0.32)},
			[]string{"it is met at adversary.def=5, where another target is not", "more hunts will not change that"},
			[]string{"more -hunts will"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			sw := &reports.Sweep{Hunts: 2000, Figures: []string{"win:pack"}, Points: c.points}
			got := target.straddle(sw, searchRange{key: "adversary.def", vals: c.vals})
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("no %q in %q", w, got)
				}
			}
			for _, w := range c.absent {
				if strings.Contains(got, w) {
					t.Errorf("%q in %q", w, got)
				}
			}
		})
	}
	if got := roundUp(18342); got != "19,000" {
		t.Errorf("roundUp(18342) = %q", got)
	}
	if got := roundUp(2880); got != "2,900" {
		t.Errorf("roundUp(2880) = %q", got)
	}
}

func TestPIs(t *testing.T) {
	for _, tt := range []struct {
		p  float64
		is string
	}{
		{1, "= 1"},
		{0.0312, "= 0.0312"},
		{1.16e-13, "= 1.16e-13"},
		{1e-300, "= 1e-300"},
		{9.9e-301, "< 1e-300"},
		{5e-324, "< 1e-300"},
		{0, "< 1e-300"},
	} {
		if got := pIs(tt.p); got != tt.is {
			t.Errorf("pIs(%g) = %q, want %q", tt.p, got, tt.is)
		}
	}
}

func TestSearchRangeReach(t *testing.T) {
	// The rules accept 0..10.
	sr := searchRange{accepts: func(v int) bool { return v >= 0 && v <= 10 }}
	for _, tt := range []struct {
		from, dir, steps int
		far              int
		atLimit          bool
	}{
		{4, +1, 63, 10, true},
		{10, +1, 63, 10, true},
		{2, -1, 63, 0, true},
		{0, -1, 63, 0, true},
		{4, +1, 3, 7, false},
		{4, +1, 0, 4, false},
	} {
		far, atLimit := sr.reach(tt.from, tt.dir, tt.steps)
		if far != tt.far || atLimit != tt.atLimit {
			t.Errorf("reach(%d, %+d, %d) = %d, %v; want %d, %v", tt.from, tt.dir, tt.steps, far, atLimit, tt.far, tt.atLimit)
		}
	}
}
