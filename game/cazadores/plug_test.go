package cazadores_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	ai "balance/ai/cazadores"
	"balance/game"
	"balance/game/cazadores"
	sim "balance/sim/cazadores"
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

// The player plays the hunts the rules core plays, for every Adversary,
// with an Objective, on a map with terrain and with another pack; every
// figure its record gives is checked against the figures recorded before
// the game seam in game/cazadores/checks (TestBeforeTheSeam).
func TestPlaysTheSameHunts(t *testing.T) {
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
	for _, c := range cases {
		des := design(t, d, c)
		pl, err := des.NewPlayer("basic")
		if err != nil {
			t.Fatal(err)
		}
		rec := des.Schema().NewRecord()
		var tmpl, h sim.Hunt
		tmpl.Init(des.Scenario())
		for i := uint64(0); i < 300; i++ {
			pl.Play(1, i, rec)
			h.Reset(&tmpl, 1, i)
			h.Play(ai.NewBaseline(), ai.Foes{})
			if h.Rec != pl.(*cazadores.Player).Hunt().Rec {
				t.Fatalf("%v: hunt %d plays differently through the player", c, i)
			}
			if rec.Outcome != int(h.Rec.Outcome)-1 || rec.Length != int(h.Rec.Rounds) || rec.End != int(h.Rec.Ticks) {
				t.Fatalf("%v: hunt %d recorded as %d, %d rounds, %d ticks", c, i, rec.Outcome, rec.Length, rec.End)
			}
		}
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
	// The way a figure usually moves as a lever rises: what tune says of a
	// target the figure does not reach over the values searched.
	usual := func(set, figure string) int {
		for _, l := range ls {
			if l.Set != set {
				continue
			}
			for _, u := range l.Usual {
				if u.Figure == figure {
					return u.Sign
				}
			}
		}
		return 0
	}
	for _, tt := range []struct {
		set, figure string
		want        int
	}{
		{"adversary.def", "win:pack", -1},
		{"adversary.atk", "pack_deaths", +1},
		{"adversary.wnd", "length", +1},
		{"adversary.location.0.wnd", "length", +1},
		{"adversary.spd", "length", 0},
		{"rules.round_cap", "win:pack", 0},
	} {
		if got := usual(tt.set, tt.figure); got != tt.want {
			t.Errorf("the usual effect of %s on %s: %d, want %d", tt.set, tt.figure, got, tt.want)
		}
	}
	// -objective random is the Objective a d10 rolls from the seed, the
	// same in every command: the design compiles it.
	for seed := uint64(1); seed <= 5; seed++ {
		want, err := cazadores.PickObjective(d.(*cazadores.Data).Configs(), "random", seed)
		if err != nil {
			t.Fatal(err)
		}
		des, err := d.Design(context.Background(), game.Choice{cazadores.OptObjective: "random"}, nil, seed)
		if err != nil || !strings.HasSuffix(des.Title(), ", objective "+want) {
			t.Errorf("seed %d: objective random plays %q (%v); the roll gives %q", seed, des.Title(), err, want)
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

// A design asked for once the context is cancelled (a signal during the
// load) is not compiled, and the error says the load stopped, as the
// loader's does: the command line writes nothing then.
func TestDesignStopped(t *testing.T) {
	d := load(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := d.Design(ctx, game.Choice{}, nil, 1)
	if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "loading the data stopped") {
		t.Errorf("Design after a cancel: %v", err)
	}
}
