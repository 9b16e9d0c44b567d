package cazadores

import (
	"context"
	"errors"
	"strings"
	"testing"

	configs "balance/configs/cazadores"
	sim "balance/sim/cazadores"
)

// A problem that arises with every pack on every scenario (or with some of
// them) is reported once, naming where it arises, not once per pair.
func TestCompileAllReportsAProblemOnce(t *testing.T) {
	d, err := configs.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	d = d.Clone()
	a := *d.Adversaries["wandering-son"]
	for len(a.Models) <= sim.MaxAdvModels {
		a.Models = append(a.Models, "Echo "+string(rune('A'+len(a.Models))))
	}
	d.Adversaries["too-many"] = &a
	err = compileAll(context.Background(), d, []string{"too-many"}, "too-many.yaml: ")
	if err == nil {
		t.Fatal("no error")
	}
	var j interface{ Unwrap() []error }
	n := 1
	if errors.As(err, &j) {
		n = len(j.Unwrap())
	}
	if n != 1 || !strings.Contains(err.Error(), "adversary too-many, every pack on every scenario: ") {
		t.Fatalf("%d errors, want 1 naming every pack on every scenario:\n%v", n, err)
	}
}

func TestCombos(t *testing.T) {
	packs, scens := []string{"duo", "solo", "trio"}, []string{"lair", "ruins"}
	for _, c := range []struct {
		pairs [][2]string
		want  string
	}{
		{[][2]string{{"duo", "lair"}, {"duo", "ruins"}, {"solo", "lair"}, {"solo", "ruins"}, {"trio", "lair"}, {"trio", "ruins"}}, "every pack on every scenario"},
		{[][2]string{{"trio", "lair"}, {"trio", "ruins"}}, "pack trio on every scenario"},
		{[][2]string{{"duo", "ruins"}, {"solo", "ruins"}, {"trio", "ruins"}}, "every pack on scenario ruins"},
		{[][2]string{{"duo", "lair"}, {"duo", "ruins"}, {"trio", "lair"}, {"trio", "ruins"}}, "packs duo, trio on every scenario"},
		{[][2]string{{"duo", "lair"}, {"trio", "ruins"}}, "pack duo on scenario lair; pack trio on scenario ruins"},
	} {
		if got := combos(c.pairs, packs, scens); got != c.want {
			t.Errorf("combos(%v) = %q, want %q", c.pairs, got, c.want)
		}
	}
}
