package stats

import (
	"encoding/json"
	"math"
	"regexp"
	"strings"
	"testing"

	"balance/game"
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

// jsonKey is how every key of a report's JSON is spelled: lower case
// words joined by _, as docs/summary-schema.md lists them.
var jsonKey = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// Every key of summary.json, down to the lists' items and the units, is
// spelled as the schema's document spells it: none is a Go field name.
func TestReportJSONKeys(t *testing.T) {
	s := tallySchema(t)
	s.Lists[0].Items[0].Info = []game.KV{{Key: "hp", Value: "6"}}
	tl := filled(s, 40)
	rep := NewReport(RunInfo{Program: "test", Seed: 1, Stopped: "hunts"}, tl)
	rep.Ablations = &Ablations{Effects: []Ablation{{Headline: []Interval{{}}}}}
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if !jsonKey.MatchString(k) && !seen[k] {
					seen[k] = true
					t.Errorf("%s.%s: not a key in lower case words joined by _", path, k)
				}
				walk(path+"."+k, x)
			}
		case []any:
			for _, x := range v {
				walk(path+"[]", x)
			}
		}
	}
	walk("", v)
	for _, want := range []string{`"length_unit":{"key":"round","plural":"rounds"`, `"lists":[{"key":"duellists"`, `"info":[{"key":"hp"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("summary.json has no %s", want)
		}
	}
}
