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
