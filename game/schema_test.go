package game

import (
	"strings"
	"testing"
)

func testSchema() *Schema {
	return &Schema{
		Game:     "test",
		Sides:    []Side{{Key: "a", Label: "A"}, {Key: "b", Label: "B"}},
		Outcomes: []Outcome{{"a_won", "A won", 0}, {"b_won", "B won", 1}, {"draw", "Draw", -1}},
		Length:   Unit{"round", "rounds", "Round", 10},
		Clock:    Unit{"round", "rounds", "Round", 10},
		Lists:    []List{{Key: "duellists", Label: "Duellists", Items: []Item{{Key: "a", Label: "A"}, {Key: "b", Label: "B"}}}},
		Values: []Value{
			{Key: "hits", Label: "Hits", Kind: Count, Max: 20, Per: "duellists"},
			{Key: "swings", Label: "Swings", Kind: Count, Max: 20, Per: "duellists"},
			{Key: "fell", Label: "Fell", Kind: Time, Per: "duellists"},
			{Key: "cards", Label: "Cards drawn", Kind: Rate, Max: 30},
		},
		Ratios:   []Ratio{{Key: "hit_rate", Label: "Hits per swing", Num: "hits", Den: "swings"}},
		Curves:   []Curve{{Key: "standing", Label: "Duellists standing", Of: "fell", Complement: true}},
		Series:   []Series{{Key: "damage", Label: "Damage", Max: 40}},
		Headline: []string{"cards"},
	}
}

func TestBuildLayout(t *testing.T) {
	s := testSchema()
	if err := s.Build(); err != nil {
		t.Fatal(err)
	}
	if s.NV() != 7 {
		t.Fatalf("NV %d, want 7", s.NV())
	}
	if s.Slot("swings", 1) != 3 || s.Slot("fell", 0) != 4 || s.Slot("cards", 0) != 6 {
		t.Fatalf("slots: swings[1] %d, fell[0] %d, cards %d", s.Slot("swings", 1), s.Slot("fell", 0), s.Slot("cards", 0))
	}
	r := s.NewRecord()
	if len(r.V) != 7 || len(r.S) != 10 {
		t.Fatalf("record of %d values and %d series steps", len(r.V), len(r.S))
	}
}

func TestBuildErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*Schema)
		want string
	}{
		{"no sides", func(s *Schema) { s.Sides = nil }, "no sides"},
		{"bad winner", func(s *Schema) { s.Outcomes[0].Winner = 5 }, "not a side"},
		{"duplicate key", func(s *Schema) { s.Values[1].Key = "hits" }, "already a value"},
		{"bad key", func(s *Schema) { s.Values[0].Key = "Hits" }, "lower case"},
		{"unknown list", func(s *Schema) { s.Values[0].Per = "nobody" }, `no list "nobody"`},
		{"ratio of times", func(s *Schema) { s.Ratios[0].Den = "fell" }, "only counts and rates"},
		{"curve of a count", func(s *Schema) { s.Curves[0].Of = "hits" }, "not a time"},
		{"headline per item", func(s *Schema) { s.Headline = []string{"hits"} }, "headline"},
		{"no clock", func(s *Schema) { s.Clock.Max = 0 }, "Max of at least 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := testSchema()
			tc.edit(s)
			err := s.Build()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// Plural writes a count with its noun, plural unless it is 1.
func TestPlural(t *testing.T) {
	for _, c := range []struct {
		n          int
		noun, want string
	}{
		{1, "hunt", "1 hunt"}, {2, "hunt", "2 hunts"}, {0, "hunt", "0 hunts"},
		{1, "success", "1 success"}, {3, "success", "3 successes"},
		{1, "die", "1 die"}, {4, "die", "4 dice"},
		{1, "party", "1 party"}, {2, "party", "2 parties"}, {2, "key", "2 keys"},
		{2, "Control Deck", "2 Control Decks"},
	} {
		if got := Plural(c.n, c.noun); got != c.want {
			t.Errorf("Plural(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}
