package legacy

import (
	"context"
	"path/filepath"
	"testing"

	ai "balance/ai/cazadores"
	configs "balance/configs/cazadores"
)

// The card effects of a test Adversary whose Ace (Crushing Sweep: +6 ATK
// on every model in reach) is strong and whose King of Hearts (Idle
// Stare) does nothing: the Ace's effect on the Pack win rate is
// significant, negative, and large; the King of Hearts' is not, and
// blanking it changes no hunt at all.
func TestCardEffectsStrongAndBlank(t *testing.T) {
	d, err := configs.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	slug, err := d.AddAdversaryFile(filepath.Join("testdata", "adversaries", "strong-and-blank.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := d.Compile(slug, configs.DefaultPack, configs.DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	tier, _ := ai.TierByName(DefaultPackAI)
	blanks := sc.Adversary.Blanks()
	r, err := RunBlanks(context.Background(), Config{Scenario: sc, Seed: 1, Hunts: 2000, Workers: 2}, tier, blanks)
	if err != nil {
		t.Fatal(err)
	}
	ce := SummarizeCardEffects(r, sc, blanks, 0)
	if ce.Hunts != 2000 || len(ce.Effects) != len(blanks) || len(ce.Effects) != 8+3 {
		t.Fatalf("%d hunts, %d effects; want 2000 and 11 (8 action entries, 3 hit locations with an effect)", ce.Hunts, len(ce.Effects))
	}
	if len(ce.NoEffect) != 1 || ce.NoEffect[0] != "Lower Limbs" {
		t.Errorf("locations without an effect: %v, want [Lower Limbs]", ce.NoEffect)
	}
	byKey := map[string]int{}
	for j, e := range ce.Effects {
		byKey[e.Key] = j
		t.Logf("%-16s %-26s win %+.2f pp [%+.2f, %+.2f] p=%.3g sig %v; rounds %+.3f [%+.3f, %+.3f] sig %v",
			e.Key, e.Name, 100*e.Win.Estimate, 100*e.Win.Low, 100*e.Win.High, e.WinP, e.WinSignificant,
			e.Rounds.Estimate, e.Rounds.Low, e.Rounds.High, e.RoundsSignificant)
	}
	strong := ce.Effects[byKey["actions.ace"]]
	if strong.Name != "Crushing Sweep" || len(strong.Cards) != 3 || strong.Cards[0] != "A♠" {
		t.Fatalf("actions.ace is %q on %v", strong.Name, strong.Cards)
	}
	if !strong.WinSignificant || strong.Win.High >= 0 || strong.WinP >= 1e-6 {
		t.Errorf("the strong card's effect on the Pack win rate %+v (p=%g): want significant and negative", strong.Win, strong.WinP)
	}
	blank := ce.Effects[byKey["special.king"]]
	if blank.Name != "Idle Stare" || len(blank.Cards) != 1 || blank.Cards[0] != "K♥" || blank.Tree != "defensive" {
		t.Fatalf("special.king is %q on %v (%s)", blank.Name, blank.Cards, blank.Tree)
	}
	if blank.WinSignificant || blank.RoundsSignificant || blank.WinP != 1 || blank.OnlyWith+blank.OnlyBlank != 0 {
		t.Errorf("the blank card: win %+v p=%g (%d/%d discordant), significant %v/%v; want no effect at all",
			blank.Win, blank.WinP, blank.OnlyWith, blank.OnlyBlank, blank.WinSignificant, blank.RoundsSignificant)
	}
	// No interval has zero width, even where no hunt changed.
	if !(blank.Win.Low < 0 && blank.Win.High > 0) || !(blank.Rounds.Low < 0 && blank.Rounds.High > 0) || len(blank.Rounds.Warnings) == 0 {
		t.Errorf("the blank card's intervals: win %+v, rounds %+v; want intervals around 0 with a warning", blank.Win, blank.Rounds)
	}
	// Every effect is the as-designed lane against its blank lane.
	for j, e := range ce.Effects {
		p := r.Pair(0, j+1)
		if e.OnlyWith != p.OnlyA || e.OnlyBlank != p.OnlyB {
			t.Errorf("%s: discordant %d/%d, want lane 0 against lane %d: %d/%d", e.Key, e.OnlyWith, e.OnlyBlank, j+1, p.OnlyA, p.OnlyB)
		}
	}
	// The design lane is the run itself: its tally is that of Run.
	one, err := Run(context.Background(), Config{Scenario: sc, Seed: 1, Hunts: 2000, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if one.Tally.Outcomes != r.Tallies[0].Outcomes {
		t.Errorf("the design lane's outcomes %v differ from the run's %v", r.Tallies[0].Outcomes, one.Tally.Outcomes)
	}
}
