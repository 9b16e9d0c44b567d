package typo

import "testing"

func TestNearest(t *testing.T) {
	conds := []string{"bleeding", "burning", "defenceless", "freezing", "hidden", "knocked_down", "poisoned", "stunned", "terrified"}
	commands := []string{"analyze", "compare", "help", "list", "map", "merge", "odds", "regress", "run", "trace", "validate", "version"}
	for _, c := range []struct {
		word  string
		known []string
		want  string
	}{
		{"stuned", conds, "stunned"},
		{"STUNNED", conds, "stunned"},
		{"zzzzzz", conds, ""},
		{"atack", []string{"attack", "targets"}, "attack"},
		{"hit_location", []string{"hit_locations", "name"}, "hit_locations"},
		{"hit_loc", []string{"name", "hit_locations"}, "hit_locations"},
		{"wdn", []string{"spd", "wnd"}, "wnd"}, // a swap costs 1
		{"trce", commands, "trace"},
		{"tr", commands, ""},      // too short to point anywhere
		{"rn", commands, "run"},   // one edit in two runes
		{"x", []string{"a"}, "a"}, // one edit is always near enough
		{"valid", commands, "validate"},
		{"", commands, ""},
		{"anything", nil, ""},
	} {
		if got := Nearest(c.word, c.known); got != c.want {
			t.Errorf("Nearest(%q) = %q, want %q", c.word, got, c.want)
		}
	}
}

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"a", "", 1}, {"", "abc", 3}, {"kitten", "sitting", 3},
		{"ab", "ba", 1}, {"abc", "ca", 3}, {"héllo", "hello", 1},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := Distance(c.b, c.a); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.b, c.a, got, c.want)
		}
	}
	long := string(make([]byte, 65))
	if Distance(long, long) != 0 || Distance(long, "a") != 1<<20 {
		t.Error("long strings")
	}
}
