package stats

import (
	"encoding/json"
	"strings"
	"testing"
)

// A paired change of a share with nothing to divide by in a lane is not
// estimable: "n/a" with the reason in text, null in JSON, never a
// definite 0 [0, 0].
func TestNotEstimable(t *testing.T) {
	var p PairedRatio
	for i := 0; i < 300; i++ {
		p.Add(0, 0, int64(i%3/2), 1) // A: no wins; B: a win each hunt, a third of them from behind
	}
	i := FromEstimate(PairedRatioDiff(p, 300, Conf))
	if i.Finite() {
		t.Fatalf("%+v is Finite", i)
	}
	if got, want := i.String(), "n/a (nothing to divide by in A, n=300)"; got != want {
		t.Errorf("String %q, want %q", got, want)
	}
	if got, want := i.Bounds(), "n/a (nothing to divide by in A)"; got != want {
		t.Errorf("Bounds %q, want %q", got, want)
	}
	b, err := json.Marshal(i)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"estimate":null,"low":null,"high":null`) || !strings.Contains(string(b), `"not_estimable":"nothing to divide by in A"`) {
		t.Errorf("JSON %s: want null estimate and ends and the reason", b)
	}
	var back Interval
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Finite() || back.N != 300 {
		t.Errorf("read back %+v: want not Finite, n 300", back)
	}
	// An estimable interval's JSON is unchanged.
	b, _ = json.Marshal(FromEstimate(Proportion(3, 10, Conf)))
	if strings.Contains(string(b), "null") || strings.Contains(string(b), "not_estimable") || !strings.HasPrefix(string(b), `{"estimate":0.3,"low":`) {
		t.Errorf("JSON %s", b)
	}
}
