package duel

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"balance/game"
	"balance/stats"
)

func design(t *testing.T, set ...string) *Design {
	t.Helper()
	data, err := Game{}.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	d, err := data.Design(context.Background(), nil, set, 1)
	if err != nil {
		t.Fatal(err)
	}
	return d.(*Design)
}

// The simulated outcome shares agree with the exact chain within 4.5
// standard errors, on several seeds and for both policies.
func TestDuelAgreesWithExact(t *testing.T) {
	for _, policy := range []string{"basic", "random"} {
		d := design(t)
		pa, pb, pd := d.Exact(policy)
		if math.Abs(pa+pb+pd-1) > 1e-12 {
			t.Fatalf("exact probabilities add up to %v", pa+pb+pd)
		}
		pl, err := d.NewPlayer(policy)
		if err != nil {
			t.Fatal(err)
		}
		rec := d.Schema().NewRecord()
		const n = 20000
		for seed := uint64(1); seed <= 3; seed++ {
			var count [3]float64
			for i := uint64(0); i < n; i++ {
				pl.Play(seed, i, rec)
				count[rec.Outcome]++
			}
			for o, p := range []float64{pa, pb, pd} {
				se := math.Sqrt(p * (1 - p) / n)
				if got := count[o] / n; math.Abs(got-p) > 4.5*se+1e-9 {
					t.Errorf("%s, seed %d: outcome %d in %.4f of duels, exactly %.4f (se %.4f)", policy, seed, o, got, p, se)
				}
			}
		}
	}
}

func TestDuelPlayAllocatesNothing(t *testing.T) {
	d := design(t)
	pl, _ := d.NewPlayer("basic")
	rec := d.Schema().NewRecord()
	i := uint64(0)
	if a := testing.AllocsPerRun(200, func() { pl.Play(1, i, rec); i++ }); a != 0 {
		t.Fatalf("%v allocations per duel", a)
	}
}

func TestDuelSet(t *testing.T) {
	d := design(t, "a.hp=+2", "deck.5=0")
	if d.c.A.HP != 8 || d.c.Deck[4] != 0 {
		t.Fatalf("after -set: %+v", d.c)
	}
	data, _ := Game{}.Load(context.Background(), "")
	for _, bad := range []string{"a.hp=30", "c.hp=1", "deck.9=1", "a.hp"} {
		if _, err := data.Design(context.Background(), game.Choice{}, []string{bad}, 1); err == nil {
			t.Errorf("-set %s: no error", bad)
		}
	}
}

// A mistake in an override is a usage error, with the likely key.
func TestDuelSetUsageErrors(t *testing.T) {
	data, _ := Game{}.Load(context.Background(), "")
	for bad, want := range map[string]string{
		"a.hpp=3":  `did you mean "a.hp"?`,
		"a.hp=30":  "a.hp 30: allowed 1..20",
		"deck.9=1": "cards are 1..5",
		"a.hp=x":   "not a whole number",
	} {
		_, err := data.Design(context.Background(), nil, []string{bad}, 1)
		var ue *game.UsageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), want) {
			t.Errorf("-set %s: %v, want a usage error saying %q", bad, err, want)
		}
	}
}

// Every problem of a broken file is given at its FILE:LINE:COL.
func TestDuelDecodeErrors(t *testing.T) {
	const broken = "a: {hp: 6, skil: 4}\nb: {hp: 70, skill: 4}\ndeck: [0, 1, 9]\nrules: {round_cap: 30}\n"
	_, err := decode("broken.yaml", []byte(broken))
	if err == nil {
		t.Fatal("a broken file decodes")
	}
	for _, want := range []string{
		`broken.yaml:1:12: a.skil: unknown field "skil"; did you mean "skill"?`,
		"broken.yaml:1:4: a.skill: missing; it is required",
		"broken.yaml:2:9: b.hp: 70 is out of range 1..20",
		"broken.yaml:3:14: deck[2]: 9 is out of range 0..3",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("no %q in\n%v", want, err)
		}
	}
}

// The JSON trace has one object per line of the text trace, and both end
// with the outcome Play gives the same hunt.
func TestDuelTraceJSON(t *testing.T) {
	d := design(t)
	for _, policy := range []string{"basic", "random"} {
		pl, _ := d.NewPlayer(policy)
		rec := d.Schema().NewRecord()
		for i := uint64(0); i < 20; i++ {
			var text, events bytes.Buffer
			if err := pl.Trace(1, i, rec, &text, &events); err != nil {
				t.Fatal(err)
			}
			traced := rec.Outcome
			pl.Play(1, i, rec)
			lines := strings.Split(strings.TrimSpace(text.String()), "\n")
			objs := strings.Split(strings.TrimSpace(events.String()), "\n")
			if len(lines) != len(objs) {
				t.Fatalf("hunt %d: %d lines of text, %d events", i, len(lines), len(objs))
			}
			var last event
			if err := json.Unmarshal([]byte(objs[len(objs)-1]), &last); err != nil {
				t.Fatal(err)
			}
			key := d.Schema().Outcomes[rec.Outcome].Key
			if traced != rec.Outcome || last.Event != "outcome" || last.Outcome != key || !strings.HasPrefix(lines[len(lines)-1], "outcome: "+key) {
				t.Errorf("hunt %d: played %s, traced %d, last event %+v, last line %q", i, key, traced, last, lines[len(lines)-1])
			}
		}
	}
}

// Every figure of how a duel feels, from 20000 duels of each policy,
// has an interval that covers its exact value from the chain: the lead
// changes, each side's comebacks, worst deficit, close calls and idle
// turns, the uncertainty and the share predicted in the rounds most
// duels reach, the settling round, and the share of play after it.
func TestDuelFeelAgreesWithExact(t *testing.T) {
	for _, policy := range []string{"basic", "random"} {
		t.Run(policy, func(t *testing.T) {
			d := design(t)
			ex := d.ExactFeel(policy)
			pl, err := d.NewPlayer(policy)
			if err != nil {
				t.Fatal(err)
			}
			rec := d.Schema().NewRecord()
			tally := stats.NewTally(d.Schema())
			const n = 20000
			for i := uint64(0); i < n; i++ {
				pl.Play(1, i, rec)
				tally.Add(rec)
			}
			f := stats.NewFeel(tally)
			check := func(name string, iv stats.Interval, want float64) {
				t.Helper()
				if want < iv.Low-1e-12 || want > iv.High+1e-12 {
					t.Errorf("%s: %.4f [%.4f, %.4f] (n %d) does not cover the exact %.4f", name, iv.Estimate, iv.Low, iv.High, iv.N, want)
				}
			}
			check("lead changes", f.LeadChanges.Mean, ex.LeadChanges)
			for s, fs := range f.Sides {
				check(fs.Side+" comebacks", fs.Comeback, ex.Comeback[s])
				check(fs.Side+" worst deficit", fs.Deficit.Mean, ex.Deficit[s])
				check(fs.Side+" close calls", fs.Close, ex.Close[s])
				if ex.Idle[s] == 0 {
					if fs.Idle.Estimate != 0 || fs.Idle.Low != 0 {
						t.Errorf("%s idle: %v, exactly 0", fs.Side, fs.Idle)
					}
				} else {
					check(fs.Side+" idle turns", fs.Idle, ex.Idle[s])
				}
			}
			// The rounds at least 5% of the duels reach: each of their 95%
			// bands may miss by chance; at most one in ten does.
			var judged, missed int
			for r, fr := range f.Rounds {
				if ex.Reach[r] < 0.05 {
					continue
				}
				judged += 2
				if ex.Uncertainty[r] < fr.Uncertainty.Low || ex.Uncertainty[r] > fr.Uncertainty.High {
					missed++
					t.Logf("round %d: uncertainty %v, exactly %.4f", r+1, fr.Uncertainty, ex.Uncertainty[r])
				}
				if ex.Right[r] < fr.Right.Low || ex.Right[r] > fr.Right.High {
					missed++
					t.Logf("round %d: predicted %v, exactly %.4f", r+1, fr.Right, ex.Right[r])
				}
				if got := float64(fr.Hunts) / n; math.Abs(got-ex.Reach[r]) > 4.5*math.Sqrt(ex.Reach[r]*(1-ex.Reach[r])/n) {
					t.Errorf("round %d reached by %.4f of the duels, exactly %.4f", r+1, got, ex.Reach[r])
				}
			}
			if judged < 10 || missed*10 > judged {
				t.Errorf("%d of %d bands miss the exact value", missed, judged)
			}
			check("settling round", f.SettlingRound, float64(ex.SettlingRound))
			if int(f.SettlingRound.Estimate) == ex.SettlingRound {
				check("settled play", f.SettledPlay, ex.SettledPlay)
			}
			t.Logf("exact: %+v", ex)
			t.Logf("lead changes %v, settling round %v, settled play %v", f.LeadChanges.Mean, f.SettlingRound, f.SettledPlay)
		})
	}
}
