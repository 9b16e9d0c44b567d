package cazadores_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	ai "balance/ai/cazadores"
	batch "balance/batch/legacy"
	"balance/game"
	"balance/game/cazadores"
	sim "balance/sim/cazadores"
	"balance/stats"
)

func load(t testing.TB) game.Data {
	t.Helper()
	d, err := cazadores.Game{}.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func design(t testing.TB, d game.Data, c game.Choice, set ...string) *cazadores.Design {
	t.Helper()
	des, err := d.Design(context.Background(), c, set, 1)
	if err != nil {
		t.Fatal(err)
	}
	return des.(*cazadores.Design)
}

// The player plays the hunts the rules core plays, and its record gives
// the figures the runner's own tally of the rules core's records gave:
// every estimate, interval and n of the summary, for every Adversary,
// with an Objective, on a map with terrain and with another pack.
func TestRecordGivesTheSameFigures(t *testing.T) {
	d := load(t)
	cases := []game.Choice{}
	for _, a := range []string{"accursed-construct", "praetorians", "creature-wreathed-in-light", "neonate-wurm", "wandering-son"} {
		cases = append(cases, game.Choice{cazadores.OptAdversary: a})
	}
	cases = append(cases,
		game.Choice{cazadores.OptAdversary: "praetorians", cazadores.OptObjective: "random"},
		game.Choice{cazadores.OptAdversary: "neonate-wurm", cazadores.OptScenario: "ruins", cazadores.OptPack: "quartet"},
		game.Choice{cazadores.OptAdversary: "wandering-son", cazadores.OptObjective: "capture-the-beast"},
	)
	const n = 600
	for _, c := range cases {
		des := design(t, d, c)
		pl, err := des.NewPlayer("basic")
		if err != nil {
			t.Fatal(err)
		}
		rec := des.Schema().NewRecord()
		tl := stats.NewTally(des.Schema())
		sc := des.Scenario()
		old := batch.NewTally(batch.ShapeOf(sc))
		var tmpl, h sim.Hunt
		tmpl.Init(sc)
		for i := uint64(0); i < n; i++ {
			pl.Play(1, i, rec)
			tl.Add(rec)
			old.Add(&pl.(*cazadores.Player).Hunt().Rec)
			h.Reset(&tmpl, 1, i)
			h.Play(ai.NewBaseline(), ai.Foes{})
			if h.Rec != pl.(*cazadores.Player).Hunt().Rec {
				t.Fatalf("%v: hunt %d plays differently through the player", c, i)
			}
		}
		b, err := json.Marshal(batch.Summarize(batch.Meta{}, old, sc))
		if err != nil {
			t.Fatal(err)
		}
		compareSummary(t, des.Title(), asSummary1(t, b), stats.NewReport(stats.RunInfo{}, tl))
	}
}

// Playing a hunt through the player allocates nothing.
func TestPlayAllocatesNothing(t *testing.T) {
	d := load(t)
	des := design(t, d, game.Choice{cazadores.OptObjective: "random"})
	pl, _ := des.NewPlayer("tactical")
	rec := des.Schema().NewRecord()
	i := uint64(0)
	if a := testing.AllocsPerRun(100, func() { pl.Play(1, i, rec); i++ }); a != 0 {
		t.Fatalf("%v allocations per hunt", a)
	}
}

// A blank entry set by -set plays the hunts the rules core plays with that
// entry blank; each ablation's override is such a key.
func TestBlankBySet(t *testing.T) {
	d := load(t)
	base := design(t, d, game.Choice{cazadores.OptAdversary: "praetorians"})
	a := &base.Scenario().Adversary
	blanks := a.Blanks()
	abl := base.Ablations()
	if len(abl) < len(blanks) {
		t.Fatalf("%d ablations for %d blanks", len(abl), len(blanks))
	}
	for j, b := range blanks {
		if abl[j].Inert {
			t.Fatalf("ablation %d (%s) is inert", j, abl[j].Label)
		}
		des := design(t, d, game.Choice{cazadores.OptAdversary: "praetorians"}, abl[j].Set)
		want := base.Scenario().WithBlank(b)
		var tmpl, h sim.Hunt
		tmpl.Init(want)
		pl, _ := des.NewPlayer("basic")
		rec := des.Schema().NewRecord()
		for i := uint64(0); i < 50; i++ {
			pl.Play(1, i, rec)
			h.Reset(&tmpl, 1, i)
			h.Play(ai.NewBaseline(), ai.Foes{})
			if h.Rec != pl.(*cazadores.Player).Hunt().Rec {
				t.Fatalf("%s: hunt %d differs from the rules core's with %s blank", abl[j].Set, i, b.Key())
			}
		}
		if des.Hash() == base.Hash() {
			t.Errorf("%s: the hash did not change", abl[j].Set)
		}
	}
	for _, c := range []struct{ set, want string }{
		{"adversary.actions.aces=blank", `did you mean "ace"?`},
		{"adversary.special.king=off", "takes the value blank"},
		{"adversary.location.Hed=blank", "no hit location"},
	} {
		_, err := d.Design(context.Background(), game.Choice{}, []string{c.set}, 1)
		var ue *game.UsageError
		if err == nil || !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("-set %s: %v, want a usage error saying %q", c.set, err, c.want)
		}
	}
}

// Names the data do not hold, files that are not there and overrides the
// data refuse are usage errors; the levers are the Adversary's stats.
func TestDesignChoices(t *testing.T) {
	d := load(t)
	for _, c := range []struct {
		choice game.Choice
		set    []string
		want   string
	}{
		{game.Choice{cazadores.OptAdversary: "wandering-sun"}, nil, `did you mean "wandering-son"?`},
		{game.Choice{cazadores.OptPack: "duos"}, nil, `did you mean "duo"?`},
		{game.Choice{cazadores.OptScenario: "ruin"}, nil, `did you mean "ruins"?`},
		{game.Choice{cazadores.OptObjective: "nope"}, nil, "unknown objective"},
		{game.Choice{cazadores.OptAdversary: "no/such.yaml"}, nil, "no such file"},
		{game.Choice{"colour": "red"}, nil, `no option "colour"`},
		{game.Choice{}, []string{"adversary.def=99"}, "out of range"},
	} {
		_, err := d.Design(context.Background(), c.choice, c.set, 1)
		var ue *game.UsageError
		if err == nil || !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v %v: %v, want a usage error saying %q", c.choice, c.set, err, c.want)
		}
	}
	des := design(t, d, game.Choice{})
	ls := des.Levers()
	if len(ls) < 7 || ls[3].Set != "adversary.def" || ls[3].Value != int(des.Scenario().Adversary.Stats.DEF) {
		t.Fatalf("levers %+v", ls)
	}
	for _, l := range ls {
		if _, err := d.Design(context.Background(), game.Choice{}, []string{l.Set + "=+1"}, 1); err != nil {
			t.Errorf("lever %s: %v", l.Set, err)
		}
	}
	tiers, def, err := d.Policies(game.Choice{cazadores.OptK: "4"})
	if err != nil || def != "basic" || len(tiers) < 3 || tiers[len(tiers)-1].Name != "lookahead(k=4,horizon=0)" {
		t.Fatalf("policies %v %q %v", tiers, def, err)
	}
	if name, err := d.Policy(game.Choice{}, "lookahead(k=2,horizon=1)"); err != nil || name != "lookahead(k=2,horizon=1)" {
		t.Errorf("Policy: %q %v", name, err)
	}
	if _, err := d.Policy(game.Choice{}, "tactcal"); err == nil || !strings.Contains(err.Error(), `did you mean "tactical"?`) {
		t.Errorf("Policy(tactcal): %v", err)
	}
}
