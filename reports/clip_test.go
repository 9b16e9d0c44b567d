package reports

import (
	"strings"
	"testing"

	"balance/stats"
)

// A distribution whose histogram clipped values at its top prints its
// maximum, and the quantiles equal to it, as lower bounds, in the tables
// and the text, and says so in the CSV.
func TestClippedDistribution(t *testing.T) {
	d := stats.Exact([]int64{0, 1, 1, 2}, 0, 15, 79) // values 1, 2, 5, 7; the last bin is 3
	if got := distRow("x", d); got[7] != "3+" || got[8] != "3+" || got[6] != "2" {
		t.Errorf("distRow: %q, want the 90%% and max as 3+", got)
	}
	if got := perHunt(&d); !strings.Contains(got, "to 3+") {
		t.Errorf("perHunt: %q, want the 90%% as 3+", got)
	}
	if got := distCells(d); got[len(got)-1] != "above" || got[len(got)-2] != "3" {
		t.Errorf("distCells: %q, want max 3 and clipped above", got)
	}
	if got := d.Mean.Estimate; got != 3.75 {
		t.Errorf("mean %v, want the exact 3.75", got)
	}
}

// A sweep's column prints every point with one precision, and a settling
// round's "never" sentinel in words.
func TestSweepColumns(t *testing.T) {
	iv := func(e, lo, hi float64) stats.Interval {
		return stats.Interval{Estimate: e, Low: lo, High: hi, Conf: stats.Conf, N: 1000}
	}
	settle := func(e, lo, hi float64) stats.Interval {
		i := iv(e, lo, hi)
		i.Never = 31
		return i
	}
	s := &Sweep{Params: []string{"p"}, Figures: []string{"win:a", "lead_changes", "settling_round"},
		Labels: []string{"A wins", "Lead changes", "Settling round"}, Kinds: []string{"proportion", "mean", "mean"},
		Points: []SweepPoint{
			{Values: []int{1}, Figures: []stats.Interval{iv(0.5, 0.47, 0.53), iv(0.002, 0, 0.005), settle(1, 1, 31)}},
			{Values: []int{2}, Figures: []stats.Interval{iv(0.5, 0.4, 0.6), iv(0.0030, 0, 0.0064), settle(1, 1, 1)}},
		}}
	_, rows := SweepTable(s)
	for c := 1; c < len(rows[0]); c++ {
		if c == 2 || c == 3 { // the paired step and its p
			continue
		}
		a, b := rows[0][c], rows[1][c]
		da, db := strings.Count(a, "."), strings.Count(b, ".")
		if da != db || da > 0 && len(a[strings.Index(a, "."):strings.IndexAny(a, "%[ ")]) != len(b[strings.Index(b, "."):strings.IndexAny(b, "%[ ")]) {
			t.Errorf("column %d: %q and %q differ in precision", c, a, b)
		}
	}
	if got := rows[0][len(rows[0])-1]; got != "1 [1, never]" {
		t.Errorf("settling round %q, want 1 [1, never]", got)
	}
}
