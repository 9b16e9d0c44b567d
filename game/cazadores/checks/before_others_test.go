package checks

import (
	"context"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"balance/game"
	"balance/stats"
	"balance/workflow"
)

// unmarshal reads a file recorded before the seam into v.
func unmarshal(t *testing.T, name string, v any) {
	t.Helper()
	if err := json.Unmarshal(before(t, name), v); err != nil {
		t.Fatal(err)
	}
}

// index is the index of figure key in keys, or fails.
func index(t *testing.T, keys []string, key string) int {
	t.Helper()
	i := slices.Index(keys, key)
	if i < 0 {
		t.Fatalf("no figure %s among %v", key, keys)
	}
	return i
}

var son = workflow.Spec{Choice: game.Choice{"adversary": "wandering-son"}}

// compare, skill, sweep, sensitivity and baseline give the figures they
// gave before the seam, on the same hunts. The figures followed are now
// paired for every headline value (the Pack's deaths too, compared before
// as independent samples), and a mean's interval is the normal one (a
// distribution's mean was widened when few hunts differ): those are
// compared by their estimates.
func TestBeforeTheSeamWorkflows(t *testing.T) {
	l := cazadoresLab(t)
	ctx := context.Background()
	c := &checker{t: t, where: "compare"}

	var cmp struct {
		WinA       interval1 `json:"win_a"`
		WinB       interval1 `json:"win_b"`
		WinDiff    interval1 `json:"win_diff"`
		WoundsDiff interval1 `json:"wounds_diff"`
		RoundsDiff interval1 `json:"rounds_diff"`
		OnlyA      int64     `json:"only_a"`
		OnlyB      int64     `json:"only_b"`
		McNemarP   float64   `json:"mcnemar_p"`
		VR         interval1 `json:"variance_reduction"`
		Ceiling    float64   `json:"variance_reduction_ceiling"`
	}
	unmarshal(t, "compare-ws-def7.json", &cmp)
	cr, _, err := workflow.Compare(ctx, l, workflow.CompareOptions{A: son, B: son.With("adversary.def=7"), Policy: "basic",
		Play: workflow.Play{Seed: 1, Hunts: 5000, Workers: 2}})
	if err != nil {
		t.Fatal(err)
	}
	w := index(t, cr.Figures, "pack_wounds")
	c.interval("win A", cmp.WinA, cr.FiguresA[0].Estimate)
	c.interval("win B", cmp.WinB, cr.FiguresB[0].Estimate)
	c.interval("win change", cmp.WinDiff, cr.Changes[0])
	c.interval("rounds change", cmp.RoundsDiff, cr.Changes[1])
	c.interval("wounds change", cmp.WoundsDiff, cr.Changes[w])
	c.interval("variance reduction", cmp.VR, *cr.VarianceReduction)
	if cmp.OnlyA != cr.OnlyA || cmp.OnlyB != cr.OnlyB || cmp.McNemarP != cr.McNemarP || cmp.Ceiling != cr.VarianceReductionCeiling {
		c.fail("%+v, now %d %d %v %v", cmp, cr.OnlyA, cr.OnlyB, cr.McNemarP, cr.VarianceReductionCeiling)
	}

	c.where = "skill"
	var sk struct {
		Tiers []struct {
			Name        string
			PackWinRate interval1 `json:"pack_win_rate"`
			PackWounds  interval1 `json:"pack_wounds"`
		}
		Pairs []struct {
			A, B          string
			Both, Neither int64
			OnlyA         int64     `json:"only_a"`
			OnlyB         int64     `json:"only_b"`
			WinRateDiff   interval1 `json:"win_rate_diff"`
			WoundsDiff    interval1 `json:"wounds_diff"`
			McNemarP      float64   `json:"mcnemar_p"`
			Significant   bool
		}
	}
	unmarshal(t, "skill-ws.json", &sk)
	ks, _, err := workflow.Skill(ctx, l, workflow.SkillOptions{Spec: son, Play: workflow.Play{Seed: 1, Hunts: 200, Workers: 2}})
	if err != nil {
		t.Fatal(err)
	}
	w = index(t, ks.Figures, "pack_wounds")
	if len(sk.Tiers) != len(ks.Tiers) || len(sk.Pairs) != len(ks.Pairs) {
		t.Fatalf("skill: %d tiers and %d pairs, now %d and %d", len(sk.Tiers), len(sk.Pairs), len(ks.Tiers), len(ks.Pairs))
	}
	for i, o := range sk.Tiers {
		n := ks.Tiers[i]
		if o.Name != n.Name {
			c.fail("tier %d: %s, now %s", i, o.Name, n.Name)
		}
		c.interval(o.Name+" wins", o.PackWinRate, n.Figures[0].Estimate)
		c.interval(o.Name+" wounds", o.PackWounds, n.Figures[w].Estimate)
	}
	for i, o := range sk.Pairs {
		n := ks.Pairs[i]
		c.interval(o.A+"-"+o.B+" win", o.WinRateDiff, n.Diffs[0])
		c.interval(o.A+"-"+o.B+" wounds", o.WoundsDiff, n.Diffs[w])
		if o.A != n.A || o.B != n.B || o.Both != n.Both || o.OnlyA != n.OnlyA || o.OnlyB != n.OnlyB || o.Neither != n.Neither ||
			o.McNemarP != n.McNemarP || o.Significant != n.Significant {
			c.fail("pair %d: %+v, now %+v", i, o, n)
		}
	}

	c.where = "sweep"
	var sw struct {
		Points []struct {
			Values     []int
			PackWin    interval1  `json:"pack_win_rate"`
			Rounds     interval1  `json:"rounds"`
			PackWounds interval1  `json:"pack_wounds"`
			PackDeaths interval1  `json:"pack_deaths"`
			Step       *interval1 `json:"step"`
			StepP      *float64   `json:"step_p"`
		}
	}
	unmarshal(t, "sweep-ws-def.json", &sw)
	p, err := workflow.ParseParam("adversary.def=4..7")
	if err != nil {
		t.Fatal(err)
	}
	sr, err := workflow.Sweep(ctx, l, workflow.SweepOptions{Spec: son, Params: []workflow.Param{p}, Policy: "basic",
		Play: workflow.Play{Seed: 1, Hunts: 2000, Workers: 2}})
	if err != nil {
		t.Fatal(err)
	}
	w = index(t, sr.Sweep.Figures, "pack_wounds")
	d := index(t, sr.Sweep.Figures, "pack_deaths")
	for i, o := range sw.Points {
		n := sr.Sweep.Points[i]
		c.interval("win", o.PackWin, n.Figures[0])
		c.interval("wounds", o.PackWounds, n.Figures[w])
		if o.Rounds.Estimate != n.Figures[1].Estimate || o.PackDeaths.Estimate != n.Figures[d].Estimate || !slices.Equal(o.Values, n.Values) {
			c.fail("point %v: rounds %v deaths %v, now %v %v", o.Values, o.Rounds.Estimate, o.PackDeaths.Estimate, n.Figures[1].Estimate, n.Figures[d].Estimate)
		}
		if (o.Step == nil) != (n.Step == nil) {
			c.fail("point %v: step %v, now %v", o.Values, o.Step, n.Step)
		} else if o.Step != nil {
			c.interval("step", *o.Step, *n.Step)
			if *o.StepP != *n.StepP {
				c.fail("point %v: step p %v, now %v", o.Values, *o.StepP, *n.StepP)
			}
		}
	}

	c.where = "sensitivity"
	var se struct {
		Stats []struct {
			Stat, Key string
			Value     int
			Win       interval1 `json:"pack_win_rate"`
			WinP      float64   `json:"mcnemar_p"`
			Rounds    interval1
			Wounds    interval1 `json:"pack_wounds"`
			Deaths    interval1 `json:"pack_deaths"`
			Skipped   string
			Measured  bool
		}
	}
	unmarshal(t, "sensitivity-ws.json", &se)
	sens, err := workflow.Sensitivity(ctx, l, workflow.SensitivityOptions{Spec: son, Step: 1, Policy: "basic",
		Play: workflow.Play{Seed: 1, Hunts: 2000, Workers: 2}})
	if err != nil {
		t.Fatal(err)
	}
	w = index(t, sens.Figures, "pack_wounds")
	d = index(t, sens.Figures, "pack_deaths")
	if len(se.Stats) != len(sens.Levers) {
		t.Fatalf("sensitivity: %d stats, now %d levers", len(se.Stats), len(sens.Levers))
	}
	for i, o := range se.Stats {
		n := sens.Levers[i]
		if o.Stat != n.Lever || o.Key != n.Key || o.Value != n.Value || o.Measured != n.Measured || (o.Skipped == "") != (n.Skipped == "") {
			c.fail("stat %d: %s %s %d %v, now %s %s %d %v (%s)", i, o.Stat, o.Key, o.Value, o.Measured, n.Lever, n.Key, n.Value, n.Measured, n.Skipped)
			continue
		}
		if !o.Measured {
			continue
		}
		c.interval(o.Stat+" win", o.Win, n.Changes[0])
		c.interval(o.Stat+" rounds", o.Rounds, n.Changes[1])
		c.interval(o.Stat+" wounds", o.Wounds, n.Changes[w])
		// The change of deaths was the difference of two means, now the
		// mean of the paired differences: equal but for the last bits.
		if o.WinP != n.WinP || math.Abs(o.Deaths.Estimate-n.Changes[d].Estimate) > 1e-12 {
			c.fail("%s: p %v, deaths %v; now %v %v", o.Stat, o.WinP, o.Deaths.Estimate, n.WinP, n.Changes[d].Estimate)
		}
	}

	c.where = "baseline"
	var bl struct {
		Figures []struct {
			Name       string
			Kind       string
			N          int64
			Count, Sum int64
			SumSq      int64 `json:"sum_sq"`
		}
	}
	unmarshal(t, "baseline-wurm.json", &bl)
	b, err := workflow.RecordBaseline(ctx, l, workflow.BaselineOptions{Spec: workflow.Spec{Choice: game.Choice{"adversary": "neonate-wurm"}},
		Policy: "basic", Play: workflow.Play{Seed: 1, Hunts: 5000, Workers: 2}})
	if err != nil {
		t.Fatal(err)
	}
	rename := map[string]string{"pack_win_rate": "win:pack", "rounds": "length"}
	for _, o := range bl.Figures {
		key := o.Name
		if k, ok := rename[key]; ok {
			key = k
		}
		if name, ok := strings.CutPrefix(key, "wounds: "); ok {
			key = "wounds:" + strings.ToLower(strings.ReplaceAll(name, " ", "-"))
		}
		f, ok := stats.Get(b.Figures, key)
		if !ok || f.Kind != o.Kind || f.N != o.N || f.Count != o.Count || f.Sum != o.Sum || f.SumSq != o.SumSq {
			c.fail("%s: %+v, now %s %+v", o.Name, o, key, f)
		}
	}
	if c.bad > 0 {
		t.Errorf("%d figures differ", c.bad)
	}
}
