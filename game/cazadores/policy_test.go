package cazadores

import (
	"errors"
	"fmt"
	"testing"

	ai "balance/ai/cazadores"
	"balance/game"
)

// The lookahead's settings come from -lookahead-k and -lookahead-horizon or
// from its recorded name, and a bad value is a usage error.
func TestTierNamed(t *testing.T) {
	def := lookahead{k: ai.DefaultLookaheadK, horizon: ai.DefaultLookaheadHorizon}
	for _, tc := range []struct {
		name string
		look lookahead
		want string // the tier's name; "" for a usage error
	}{
		{"basic", def, "basic"},
		{"basic", lookahead{k: 4, horizon: 2}, "basic"},
		{"lookahead", def, "lookahead"},
		{"lookahead", lookahead{k: 4, horizon: 2}, "lookahead(k=4,horizon=2)"},
		{"lookahead(k=4,horizon=2)", def, "lookahead(k=4,horizon=2)"},
		{fmt.Sprintf("lookahead(k=%d,horizon=%d)", ai.DefaultLookaheadK, ai.DefaultLookaheadHorizon), def, "lookahead"},
		{"lookahead(k=4,horizon=x)", def, ""},
		{"lookahead(k=4)", def, ""},
		{"lookahead(k=0,horizon=1)", def, ""},
		{"lookahead", lookahead{k: 0}, ""},
		{"lookahead", lookahead{k: ai.MaxLookaheadK + 1}, ""},
		{"lookahead", lookahead{k: 8, horizon: -1}, ""},
		{"lookahed", def, ""},
	} {
		tier, err := tierNamed(tc.name, tc.look)
		if tc.want == "" {
			var u *game.UsageError
			if !errors.As(err, &u) {
				t.Errorf("tierNamed(%q, %+v): %v, want a usage error", tc.name, tc.look, err)
			}
			continue
		}
		if err != nil || tier.Name != tc.want {
			t.Errorf("tierNamed(%q, %+v) = %q, %v; want %q", tc.name, tc.look, tier.Name, err, tc.want)
		}
	}
	// A named setting plays that setting.
	a, _ := tierNamed("lookahead", lookahead{k: 3, horizon: 1})
	if la, ok := a.New().(*ai.Lookahead); !ok || la.K != 3 || la.Horizon != 1 {
		t.Fatalf("lookahead(k=3,horizon=1) plays %+v", a.New())
	}
	// Through the data: the options' settings, and the policies listed
	// with them.
	d := &Data{}
	if name, err := d.Policy(game.Choice{OptK: "4", OptHorizon: "2"}, "lookahead"); err != nil || name != "lookahead(k=4,horizon=2)" {
		t.Errorf("Policy(lookahead, k=4, horizon=2) = %q, %v", name, err)
	}
	if _, err := d.Policy(game.Choice{OptK: "x"}, "basic"); err == nil {
		t.Error("-lookahead-k x was taken")
	}
}
