package configs

import (
	"strings"
	"testing"
)

func TestSet(t *testing.T) {
	d, err := LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	h0 := d.Hash("wandering-son", DefaultPack, DefaultScenario)
	for _, c := range []struct {
		kv    string
		check func(*Data) bool
	}{
		{"adversary.def=7", func(d *Data) bool { return d.Adversaries["wandering-son"].Stats.Def == 7 }},
		{"adversary.atk=+2", func(d *Data) bool { return d.Adversaries["wandering-son"].Stats.Atk == 9 }},
		{"adversary.wnd=+5", func(d *Data) bool {
			a := d.Adversaries["wandering-son"]
			sum := 0
			for _, l := range a.HitLocations {
				sum += l.Wnd
			}
			return a.Stats.Wnd == 25 && sum == 25
		}},
		{"adversary.location.Head.wnd=-1", func(d *Data) bool {
			a := d.Adversaries["wandering-son"]
			return a.HitLocations[0].Wnd == 5 && a.Stats.Wnd == 24 // Head had 6 after the +5 spread
		}},
		{"rules.round_cap=50", func(d *Data) bool { return d.Rules.RoundCap == 50 }},
		{"rules.cover=any_line", func(d *Data) bool { return d.Rules.Cover == "any_line" }},
	} {
		if err := d.Set("wandering-son", c.kv); err != nil {
			t.Fatalf("%s: %v", c.kv, err)
		}
		if !c.check(d) {
			t.Fatalf("%s did not apply", c.kv)
		}
	}
	if d.Hash("wandering-son", DefaultPack, DefaultScenario) == h0 {
		t.Error("the hash did not change with the data")
	}
	for _, c := range []struct{ kv, want string }{
		{"adversary.def=13", "def"},
		{"adversary.deff=7", `did you mean "adversary.def"`},
		{"adversary.def=seven", "not a whole number"},
		{"adversary.location.Tail.wnd=3", "no hit location"},
		{"rules.cover=diagonal", "cover"},
		{"adversary.def", "KEY=VALUE"},
		{"weather.rain=1", "unknown key"},
	} {
		err := d.Set("wandering-son", c.kv)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one mentioning %q", c.kv, err, c.want)
		}
	}
}
