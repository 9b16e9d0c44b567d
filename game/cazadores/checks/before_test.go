package checks

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"balance/game"
	"balance/game/cazadores"
	"balance/workflow"
)

// before reads a file recorded before the game seam
// (testdata/before/README.md).
func before(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "before", name+".gz"))
	if err != nil {
		t.Fatal(err)
	}
	z, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func cazadoresLab(t testing.TB) *workflow.Lab {
	t.Helper()
	l, err := workflow.Open(context.Background(), cazadores.Game{}, "", "balance test")
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// Cazadores, played through the game contract, the shared runner and the
// shared report, gives every figure of the runs recorded before the seam
// (balance run -adversary SLUG -hunts 20000 -seed 1 -json FILE, and an
// Objective rolled at random): the same estimates, intervals and n, for
// every outcome, distribution, Pack model, hit location, action card,
// Condition, the damage curve, survival, Objective and Renown, and every
// card effect. Those runs played every Round out after the last Foe fell,
// as the play_out_round switch still can (R7); the hunts are played so
// here, so that the comparison stays exact.
func TestBeforeTheSeam(t *testing.T) {
	l := cazadoresLab(t)
	cases := []struct {
		file  string
		c     game.Choice
		hunts int64
	}{
		{"accursed-construct.json", game.Choice{"adversary": "accursed-construct"}, 20000},
		{"creature-wreathed-in-light.json", game.Choice{"adversary": "creature-wreathed-in-light"}, 20000},
		{"neonate-wurm.json", game.Choice{"adversary": "neonate-wurm"}, 20000},
		{"praetorians.json", game.Choice{"adversary": "praetorians"}, 20000},
		{"wandering-son.json", game.Choice{"adversary": "wandering-son"}, 20000},
		{"praetorians-objective.json", game.Choice{"adversary": "praetorians", "objective": "random"}, 5000},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			old := asSummary1(t, before(t, c.file))
			r, err := workflow.Run(context.Background(), l, workflow.RunOptions{Spec: workflow.Spec{Choice: c.c, Overrides: []string{"rules.play_out_round=true"}}, Policy: "basic",
				Seed: 1, Hunts: c.hunts, Workers: 2, AblationHunts: -1})
			if err != nil {
				t.Fatal(err)
			}
			bad := compareSummary(t, c.file, old, r.Report)
			if old.CardEffects != nil {
				bad += compareEffects(t, c.file, old.CardEffects, r.Report.Ablations)
			}
			if bad > 0 {
				t.Errorf("%d figures differ", bad)
			}
		})
	}
}
