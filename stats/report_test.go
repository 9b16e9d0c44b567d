package stats

import (
	"encoding/json"
	"math"
	"testing"
)

// The report's figures agree with the same figures computed directly
// from the records, and an empty tally gives a report JSON can hold.
func TestReportFromTally(t *testing.T) {
	s := tallySchema(t)
	r := s.NewRecord()
	tl := NewTally(s)
	const n = 400
	var aWon, fell1, hits0, swings0 int64
	var lenSum float64
	for i := 0; i < n; i++ {
		fill(s, r, i)
		tl.Add(r)
		if r.Outcome == 0 {
			aWon++
		}
		if r.V[s.Slot("fell", 1)] > 0 {
			fell1++
		}
		hits0 += int64(r.V[s.Slot("hits", 0)])
		swings0 += int64(r.V[s.Slot("swings", 0)])
		lenSum += float64(r.Length)
	}
	rep := NewReport(RunInfo{Program: "test", Seed: 1, Stopped: "hunts"}, tl)
	if rep.Wins[0].Count != aWon || rep.Wins[0].Rate.Estimate != float64(aWon)/n {
		t.Errorf("A's wins %d (%v), want %d", rep.Wins[0].Count, rep.Wins[0].Rate.Estimate, aWon)
	}
	if got := rep.Length.Mean.Estimate; math.Abs(got-lenSum/n) > 1e-12 {
		t.Errorf("mean length %v, want %v", got, lenSum/n)
	}
	fell := rep.Values[2]
	if fell.Key != "fell" || fell.Items[1].Share == nil || fell.Items[1].Total != fell1 {
		t.Fatalf("fell: %+v", fell)
	}
	if rate := rep.Ratios[0].Items[0]; rate.Num != hits0 || rate.Den != swings0 ||
		math.Abs(rate.Ratio.Estimate-float64(hits0)/float64(swings0)) > 1e-12 {
		t.Errorf("hit rate %+v, want %d/%d", rate, hits0, swings0)
	}
	// Renown is shifted back to its own values.
	if d := rep.Values[3].Items[0].Dist; d.Min != -3 || d.Max != 3 {
		t.Errorf("renown from %d to %d, want -3 to 3", d.Min, d.Max)
	}
	// The curve of duellists standing starts at 1 and falls.
	steps := rep.Curves[0].Steps
	if len(steps) != s.Clock.Max || steps[0].Alive.Estimate > 1 || steps[len(steps)-1].Alive.Estimate >= 1 {
		t.Errorf("curve %+v", steps)
	}
	for _, f := range Figures(tl) {
		if f.N == 0 && f.Key != "fell.at:a" {
			continue
		}
		if math.IsNaN(f.Estimate.Estimate) {
			t.Errorf("figure %s is NaN", f.Key)
		}
	}

	empty := NewReport(RunInfo{Stopped: "interrupted"}, NewTally(s))
	if _, err := json.Marshal(empty); err != nil {
		t.Fatalf("the report of no hunts cannot be written: %v", err)
	}
	if _, err := json.Marshal(Figures(NewTally(s))); err != nil {
		t.Fatalf("the figures of no hunts cannot be written: %v", err)
	}
}
