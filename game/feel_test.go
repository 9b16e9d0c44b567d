package game

import (
	"strings"
	"testing"
)

func feelSchema(rounds int) *Schema {
	s := testSchema()
	s.Feel = &Feel{Max: []int{10, 20}, Margin: []int{2, -1}, Rounds: rounds}
	if err := s.Build(); err != nil {
		panic(err)
	}
	return s
}

// The lead, its changes, each side's worst deficit and close calls are
// counted from the standings at the ends of the rounds, with a tie for
// the lead leaving the leader as it was.
func TestStand(t *testing.T) {
	s := feelSchema(0)
	r := s.NewRecord()
	// A's share, B's share: 1 vs 1 (tie), 0.8 vs 0.5 (A), 0.5 vs 0.5
	// (tie), 0.3 vs 0.9 (B), 0.2 vs 0.1 (A).
	for _, st := range [][2]int{{10, 20}, {8, 10}, {5, 10}, {3, 18}, {2, 2}} {
		r.Stand(s, st[0], st[1])
	}
	f := &r.F
	if f.Rounds != 5 || f.Changes != 2 || f.Leader != 0 {
		t.Fatalf("rounds %d, changes %d, leader %d; want 5, 2, 0", f.Rounds, f.Changes, f.Leader)
	}
	if !f.Behind[0] || !f.Behind[1] || f.Deficit[0] != 60 || f.Deficit[1] != 30 {
		t.Fatalf("behind %v, deficits %v; want both behind, 60 and 30 points", f.Behind, f.Deficit)
	}
	if !f.Close[0] || f.Close[1] {
		t.Fatalf("close calls %v; want A's only (B has no margin)", f.Close)
	}
	if got := f.Stand[:10]; got[6] != 3 || got[7] != 18 {
		t.Fatalf("standings %v", got)
	}
	r.Reset()
	if r.F.Rounds != 0 || r.F.Changes != 0 || r.F.Leader != -1 || r.F.Close[0] || r.F.Stand[6] != 0 {
		t.Fatalf("after Reset: %+v", r.F)
	}
}

// Past the rounds kept, the last place holds the latest round, and the
// lead changes still count every round; recording allocates nothing.
func TestStandPastTheCap(t *testing.T) {
	s := feelSchema(3)
	r := s.NewRecord()
	if len(r.F.Stand) != 6 {
		t.Fatalf("%d places for 3 rounds of 2 sides", len(r.F.Stand))
	}
	allocs := testing.AllocsPerRun(50, func() {
		r.Reset()
		for i := range 6 {
			if i%2 == 0 {
				r.Stand(s, 10, 5)
			} else {
				r.Stand(s, 5, 20)
			}
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations", allocs)
	}
	if r.F.Rounds != 6 || r.F.Changes != 5 || r.F.Stand[4] != 5 || r.F.Stand[5] != 20 {
		t.Fatalf("rounds %d, changes %d, last place %v", r.F.Rounds, r.F.Changes, r.F.Stand[4:])
	}
}

// The settling table's buckets split the difference of the shares, -1
// to 1, in twentieths; with three sides the first is set against the
// best of the others.
func TestBucket(t *testing.T) {
	fe := &Feel{Max: []int{10, 20}}
	for _, c := range []struct {
		a, b int32
		want int
	}{{0, 20, 0}, {10, 0, FeelBuckets - 1}, {10, 20, FeelBuckets / 2}, {5, 20, 5}, {8, 0, 18}} {
		if got := fe.Bucket([]int32{c.a, c.b}); got != c.want {
			t.Errorf("bucket of %d/10 vs %d/20: %d, want %d", c.a, c.b, got, c.want)
		}
	}
	three := &Feel{Max: []int{10, 10, 10}}
	if got := three.Bucket([]int32{5, 2, 10}); got != 5 {
		t.Errorf("bucket of 0.5 against the best of 0.2 and 1: %d, want 5", got)
	}
}

func TestFeelErrors(t *testing.T) {
	for _, tc := range []struct {
		feel Feel
		want string
	}{
		{Feel{Max: []int{1}, Margin: []int{0}}, "maxima"},
		{Feel{Max: []int{0, 3}, Margin: []int{0, 0}}, "at least 1"},
		{Feel{Max: []int{3, 3}, Margin: []int{-2, 0}}, "-1 or more"},
	} {
		s := testSchema()
		f := tc.feel
		s.Feel = &f
		if err := s.Build(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.feel, err, tc.want)
		}
	}
}
