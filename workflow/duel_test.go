package workflow_test

import (
	"context"
	"slices"
	"testing"

	"balance/game"
	"balance/game/testdata/duel"
	"balance/stats"
	"balance/workflow"
)

func duelLab(t *testing.T) *workflow.Lab {
	t.Helper()
	l, err := workflow.Open(context.Background(), duel.Game{}, "", "balance test")
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// exact is the exact chance the duel's first side wins, for a design
// given by overrides, played by policy.
func exact(t *testing.T, l *workflow.Lab, policy string, set ...string) float64 {
	t.Helper()
	des, err := l.Data.Design(context.Background(), nil, set, 1)
	if err != nil {
		t.Fatal(err)
	}
	a, _, _ := des.(*duel.Design).Exact(policy)
	return a
}

// A run of the duel reports its first side's win rate with an interval
// that holds the exact chance, for each policy, and measures what each
// card does.
func TestRunDuel(t *testing.T) {
	l := duelLab(t)
	for _, policy := range []string{"basic", "random"} {
		r, err := workflow.Run(context.Background(), l, workflow.RunOptions{Policy: policy, Seed: 1, Hunts: 20000, Workers: 2, AblationHunts: 2000})
		if err != nil {
			t.Fatal(err)
		}
		w, p := r.Report.Wins[0].Rate, exact(t, l, policy)
		if r.Report.Hunts != 20000 || p < w.Low || p > w.High {
			t.Errorf("%s: %d hunts, A wins %v [%v, %v], exactly %v", policy, r.Report.Hunts, w.Estimate, w.Low, w.High, p)
		}
		if r.Report.Ablations == nil || len(r.Report.Ablations.Effects) != 5 {
			t.Errorf("%s: ablations %+v, want one per card", policy, r.Report.Ablations)
		}
	}
}

// A comparison of two designs of the duel, on the same hunts, gives each
// design's win rate and the paired change, each interval holding the
// exact value.
func TestCompareDuel(t *testing.T) {
	l := duelLab(t)
	a, b := workflow.Spec{Choice: game.Choice{}}, workflow.Spec{Choice: game.Choice{}, Overrides: []string{"a.skill=+1"}}
	c, _, err := workflow.Compare(context.Background(), l, workflow.CompareOptions{A: a, B: b, Policy: "basic",
		Play: workflow.Play{Seed: 2, Hunts: 20000, Workers: 2}})
	if err != nil {
		t.Fatal(err)
	}
	pa, pb := exact(t, l, "basic"), exact(t, l, "basic", "a.skill=+1")
	if c.Figures[0] != "win:a" {
		t.Fatalf("the first figure is %s, want the first side's win rate", c.Figures[0])
	}
	for _, f := range []struct {
		what                 string
		est, low, high, want float64
	}{
		{"A", c.FiguresA[0].Estimate.Estimate, c.FiguresA[0].Estimate.Low, c.FiguresA[0].Estimate.High, pa},
		{"B", c.FiguresB[0].Estimate.Estimate, c.FiguresB[0].Estimate.Low, c.FiguresB[0].Estimate.High, pb},
		{"B - A", c.Changes[0].Estimate, c.Changes[0].Low, c.Changes[0].High, pb - pa},
	} {
		if f.want < f.low || f.want > f.high {
			t.Errorf("%s: %v [%v, %v], exactly %v", f.what, f.est, f.low, f.high, f.want)
		}
	}
	if c.OnlyA+c.OnlyB == 0 || c.McNemarP >= 0.05 {
		t.Errorf("a skill one higher: only A won %d, only B %d, McNemar p %v", c.OnlyA, c.OnlyB, c.McNemarP)
	}
	// The figures of the run as a whole: each design's and their change
	// (the joined intervals) hold the exact values of the duel's chain.
	fa, fb := exactFeel(t, l, "basic"), exactFeel(t, l, "basic", "a.skill=+1")
	for _, f := range []struct {
		key  string
		a, b float64
	}{
		{"settling_round", float64(fa.SettlingRound), float64(fb.SettlingRound)},
		{"settled_play", fa.SettledPlay, fb.SettledPlay},
	} {
		i := slices.Index(c.Figures, f.key)
		if i < 0 || i >= len(c.Changes) {
			t.Fatalf("compare does not follow %s: figures %v, %d changes", f.key, c.Figures, len(c.Changes))
		}
		ea, eb, d := c.FiguresA[i].Estimate, c.FiguresB[i].Estimate, c.Changes[i]
		if want := stats.RunDiff(ea, eb); d.Estimate != want.Estimate || d.Low != want.Low || d.High != want.High || d.Conf != want.Conf {
			t.Errorf("%s: change %+v, want the joined intervals %+v", f.key, d, want)
		}
		for _, x := range []struct {
			what string
			iv   stats.Interval
			want float64
		}{{"A", ea, f.a}, {"B", eb, f.b}, {"B - A", d, f.b - f.a}} {
			if x.want < x.iv.Low-1e-9 || x.want > x.iv.High+1e-9 {
				t.Errorf("%s %s: %v [%v, %v], exactly %v", f.key, x.what, x.iv.Estimate, x.iv.Low, x.iv.High, x.want)
			}
		}
	}
}

// exactFeel is the exact figures of how the duel feels, from its chain.
func exactFeel(t *testing.T, l *workflow.Lab, policy string, set ...string) duel.ExactFeel {
	t.Helper()
	des, err := l.Data.Design(context.Background(), nil, set, 1)
	if err != nil {
		t.Fatal(err)
	}
	return des.(*duel.Design).ExactFeel(policy)
}
