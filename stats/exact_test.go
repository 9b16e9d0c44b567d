package stats

import (
	"math"
	"strings"
	"testing"
)

// Exact takes a count's mean and SD from its exact sums when the
// histogram's end bins hold values past its range, marks the clipped end,
// and keeps the interval within the range otherwise.
func TestExact(t *testing.T) {
	tests := []struct {
		name        string
		h           []int64
		off         int
		sum, sumSq  int64
		mean        float64
		above, belo bool
		max         string // Value(Max)
	}{
		// values 1, 2, 3, 3: the histogram is exact
		{"exact", []int64{0, 1, 1, 2}, 0, 9, 23, 2.25, false, false, "3"},
		// values 1, 2, 5, 7 with the last bin at 3: clipped above
		{"above", []int64{0, 1, 1, 2}, 0, 15, 79, 3.75, true, false, "3+"},
		// values -4, 0, 1, 2 with the first bin at -1 (off 1): clipped below
		{"below", []int64{1, 1, 1, 1}, 1, -1, 21, -0.25, false, true, "2"},
		// 998 zeros and two 10s counted as 3: the normal interval would
		// pass below 0, the least value
		{"above, near 0", []int64{998, 0, 0, 2}, 0, 20, 200, 0.02, true, false, "3+"},
	}
	for _, tc := range tests {
		d := Exact(tc.h, tc.off, tc.sum, tc.sumSq)
		if math.Abs(d.Mean.Estimate-tc.mean) > 1e-12 {
			t.Errorf("%s: mean %v, want %v", tc.name, d.Mean.Estimate, tc.mean)
		}
		n := float64(d.N)
		sd := math.Sqrt((float64(tc.sumSq) - float64(tc.sum)*float64(tc.sum)/n) / (n - 1))
		if math.Abs(d.SD-sd) > 1e-12 {
			t.Errorf("%s: SD %v, want %v", tc.name, d.SD, sd)
		}
		if d.ClippedAbove != tc.above || d.ClippedBelow != tc.belo {
			t.Errorf("%s: clipped above %v below %v, want %v %v", tc.name, d.ClippedAbove, d.ClippedBelow, tc.above, tc.belo)
		}
		if got := d.Value(d.Max); got != tc.max {
			t.Errorf("%s: Value(Max) %q, want %q", tc.name, got, tc.max)
		}
		if !tc.belo && d.Mean.Low < float64(-tc.off) {
			t.Errorf("%s: interval %v below the least value %d", tc.name, d.Mean, -tc.off)
		}
		warned := strings.Contains(strings.Join(d.Mean.Warnings, ";"), "the mean and SD are exact")
		if warned != (tc.above || tc.belo) {
			t.Errorf("%s: warnings %q", tc.name, d.Mean.Warnings)
		}
	}
	if got := Exact([]int64{1, 1, 1, 1}, 1, -1, 21).Value(-1); got != "≤-1" {
		t.Errorf("Value(Min) clipped below %q, want ≤-1", got)
	}
}

// Dist keeps the mean's interval within the histogram's range.
func TestDistWithinRange(t *testing.T) {
	for _, h := range [][]int64{{998, 2}, {0, 0, 3, 997}, {5, 0, 0, 0, 0, 0, 0, 0, 0, 995}} {
		d := Dist(h)
		if d.Mean.Low < 0 || d.Mean.High > float64(len(h)-1) {
			t.Errorf("Dist(%v).Mean %v leaves [0, %d]", h, d.Mean, len(h)-1)
		}
	}
}

// The figures a workflow follows (sweep, tune, compare, regress) carry
// the intervals the run's report gives the same quantities: a count's
// bounded to its range, a rate's the per-hunt one.
func TestFiguresMatchReport(t *testing.T) {
	s := tallySchema(t)
	tl := filled(s, 60)
	rep := NewReport(RunInfo{Program: "test", Seed: 1, Stopped: "hunts"}, tl)
	want := map[string]Interval{"length": rep.Length.Mean}
	for _, v := range rep.Values {
		for _, it := range v.Items {
			key := v.Key
			if it.Item != "" {
				key += ":" + it.Item
			}
			switch {
			case v.Kind == "count":
				want[key] = it.Dist.Mean
			case it.Rate != nil:
				want[key] = *it.Rate
			}
		}
	}
	seen := 0
	for _, f := range Figures(tl) {
		w, ok := want[f.Key]
		if !ok {
			continue
		}
		seen++
		if f.Estimate.Low != w.Low || f.Estimate.High != w.High || f.Estimate.Estimate != w.Estimate {
			t.Errorf("%s: figure %v, report %v", f.Key, f.Estimate, w)
		}
	}
	if seen < 4 {
		t.Errorf("%d figures compared", seen)
	}
}
