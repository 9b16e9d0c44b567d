package cazadores

import (
	"fmt"
	"strings"
	"testing"
)

// withAdversary loads the bundled data with the Adversary file src added as
// slug "x".
func withAdversary(t *testing.T, src string) *Data {
	t.Helper()
	dir := writeFiles(t, map[string]string{"adversaries/x.yaml": src})
	d, err := Load(dir)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return d
}

// TestSetThroughAnchors checks that an override changes exactly the field
// it names when the file shares values through anchors and aliases: the
// field that holds the anchor, the field written as an alias, and a
// mapping shared with a Minion.
func TestSetThroughAnchors(t *testing.T) {
	son := embedded(t, "adversaries/wandering-son.yaml")
	edit := func(repl ...string) string {
		s := son
		for i := 0; i < len(repl); i += 2 {
			if !strings.Contains(s, repl[i]) {
				t.Fatalf("%q not in the file", repl[i])
			}
			s = strings.Replace(s, repl[i], repl[i+1], 1)
		}
		return s
	}
	statsLine := "stats: {spd: 5, atk: 7, rng: 2, def: 6, ter: 6, wnd: 20}"
	sharedStat := edit(statsLine, "stats: {spd: 5, atk: 7, rng: 2, def: &d 6, ter: *d, wnd: 20}")
	// The anchor is named like a number, as "wnd: &2 5" is.
	sharedWnd := edit("cards: [10], wnd: 5", "cards: [10], wnd: &2 5", "cards: [8, 9], wnd: 5", "cards: [8, 9], wnd: *2")
	sharedMap := edit(statsLine, "stats: &s {spd: 5, atk: 7, rng: 2, def: 6, ter: 6, wnd: 20}\nminions: [{name: Shade, count: 1, type: aggressive, stats: *s}]")
	type stats struct{ def, ter, head, torso, upper, lower, wnd, minionDef int }
	get := func(d *Data) stats {
		a := d.Adversaries["x"]
		s := stats{def: a.Stats.Def, ter: a.Stats.Ter, wnd: a.Stats.Wnd, minionDef: -1}
		s.head, s.torso, s.upper, s.lower = a.HitLocations[0].Wnd, a.HitLocations[1].Wnd, a.HitLocations[2].Wnd, a.HitLocations[3].Wnd
		if len(a.Minions) > 0 {
			s.minionDef = a.Minions[0].Stats.Def
		}
		return s
	}
	for _, c := range []struct {
		src  string
		sets []string
		want stats
	}{
		{sharedStat, nil, stats{6, 6, 5, 5, 5, 5, 20, -1}},
		{sharedStat, []string{"adversary.def=+1"}, stats{7, 6, 5, 5, 5, 5, 20, -1}},
		{sharedStat, []string{"adversary.ter=9"}, stats{6, 9, 5, 5, 5, 5, 20, -1}},
		{sharedStat, []string{"adversary.def=+1", "adversary.ter=+2", "adversary.def=+1"}, stats{8, 8, 5, 5, 5, 5, 20, -1}},
		{sharedWnd, nil, stats{6, 6, 5, 5, 5, 5, 20, -1}},
		{sharedWnd, []string{"adversary.location.Torso.wnd=6"}, stats{6, 6, 5, 6, 5, 5, 21, -1}},
		{sharedWnd, []string{"adversary.location.Head.wnd=+2"}, stats{6, 6, 7, 5, 5, 5, 22, -1}},
		{sharedWnd, []string{"adversary.wnd=+3"}, stats{6, 6, 5, 6, 6, 6, 23, -1}},
		{sharedWnd, []string{"adversary.wnd=+4"}, stats{6, 6, 6, 6, 6, 6, 24, -1}},
		{sharedMap, nil, stats{6, 6, 5, 5, 5, 5, 20, 6}},
		{sharedMap, []string{"adversary.def=8"}, stats{8, 6, 5, 5, 5, 5, 20, 6}},
		{sharedMap, []string{"adversary.wnd=+1"}, stats{6, 6, 5, 5, 5, 6, 21, 6}},
	} {
		d := withAdversary(t, c.src)
		for _, kv := range c.sets {
			if err := d.Set("x", kv); err != nil {
				t.Fatalf("%v: %v", c.sets, err)
			}
		}
		if got := get(d); got != c.want {
			t.Errorf("%v: %+v, want %+v", c.sets, got, c.want)
		}
	}

	// A value shared with more of the file than an override copies is
	// refused, with its anchor and line.
	var many strings.Builder
	many.WriteString("minions:\n")
	for i := 0; i < 800; i++ {
		fmt.Fprintf(&many, "  - {name: Shade %d, count: 1, type: aggressive, stats: *s}\n", i)
	}
	d := withAdversary(t, edit(statsLine, "stats: &s {spd: 5, atk: 7, rng: 2, def: 6, ter: 6, wnd: 20}\n"+many.String()))
	err := d.Set("x", "adversary.def=7")
	line := lineOf(t, son, statsLine)
	want := fmt.Sprintf("-set adversary.def=7: the value it changes is shared through the anchor &s (%s:%d) with more of the file than an override copies (%d nodes); write the value out there",
		d.raw["x"].file, line, maxUnshared)
	if err == nil || err.Error() != want {
		t.Errorf("error\n%v\nwant\n%s", err, want)
	}
	if d.Adversaries["x"].Stats.Def != 6 {
		t.Errorf("a refused override changed def to %d", d.Adversaries["x"].Stats.Def)
	}
}

// TestSetRuleIsOneValue checks that a rules override sets one rule: its
// value cannot carry another rule in with it.
func TestSetRuleIsOneValue(t *testing.T) {
	d := loadEmbedded(t)
	for _, kv := range []string{"rules.round_cap=5\nammo_limited: false", "rules.cover=any_line\nammo_limited: false", "rules.round_cap={ammo_limited: false}"} {
		if err := d.Set("wandering-son", kv); err == nil {
			t.Errorf("%q: no error", kv)
		}
		if !d.Rules.AmmoLimited || d.Rules.RoundCap != 30 || d.Rules.Cover != DefaultRules().Cover {
			t.Fatalf("%q changed the rules: %+v", kv, d.Rules)
		}
	}
	if err := d.Set("wandering-son", "rules.round_cap=12 # a comment"); err != nil || d.Rules.RoundCap != 12 {
		t.Errorf("round_cap with a comment: %v, %d", err, d.Rules.RoundCap)
	}
}
