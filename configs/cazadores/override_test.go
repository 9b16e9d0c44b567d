package cazadores

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

// TestSetErrors checks the whole error of each kind of bad override: it
// names the override, the reason and the valid values, and no position
// (the positions would be of text the user never wrote).
func TestSetErrors(t *testing.T) {
	keys := "adversary.spd, adversary.atk, adversary.rng, adversary.def, adversary.ter, adversary.wnd, adversary.location.NAME.wnd, rules.round_cap, rules.pass_ticks, rules.foe_recover_ticks, rules.terror_dt, rules.surrounded_counts_self, rules.crit_once_per_turn, rules.bleeding_on_zero_move, rules.overflow_top, rules.foe_move, rules.ammo_limited, rules.dangerous_check, rules.natural_ten_always_succeeds, rules.cover, rules.self_card_ticks, rules.play_out_round, rules.fall_only_unstable, rules.jump_down"
	for _, c := range []struct{ kv, want string }{
		{"rules.round_cap=0", "-set rules.round_cap=0: 0 is out of range 1..1000"},
		{"rules.round_cap=+2000", "-set rules.round_cap=+2000: 2030 (30 + 2000) is out of range 1..1000"},
		{"rules.round_cap=1.5", `-set rules.round_cap=1.5: expected an integer, got "1.5"`},
		{"rules.round_cap=+x", `-set rules.round_cap=+x: "+x" is not a whole number (e.g. 7, +2 or -1)`},
		{"rules.pass_ticks=3", "-set rules.pass_ticks=3: 3 is out of range 1..2"},
		{"rules.foe_recover_ticks=-1", "-set rules.foe_recover_ticks=-1: -1 (0 - 1) is out of range 0..4"},
		{"rules.self_card_ticks=9", "-set rules.self_card_ticks=9: 9 is out of range 1..6"},
		{"rules.terror_dt=99", `-set rules.terror_dt=99: unknown terror_dt value "99" (known: pool, res, skill)`},
		{"rules.cover=centre", `-set rules.cover=centre: unknown cover value "centre" (known: any_line, centre_line); did you mean "centre_line"?`},
		{"rules.cover=[a]", "-set rules.cover=[a]: expected a text, got a list"},
		{"rules.ammo_limited=maybe", `-set rules.ammo_limited=maybe: expected true or false, got "maybe"`},
		{"rules.round_capp=5", `-set rules.round_capp=5: unknown key "rules.round_capp" (keys: ` + keys + `); did you mean "rules.round_cap"?`},
		{"adversary.def=13", "-set adversary.def=13: 13 is out of range 0..10"},
		{"adversary.atk=99", "-set adversary.atk=99: 99 is out of range 0..20"},
		{"adversary.rng=-100", "-set adversary.rng=-100: -98 (2 - 100) is out of range 0..12"},
		{"adversary.spd=x", `-set adversary.spd=x: "x" is not a whole number (e.g. 7, +2 or -1)`},
		{"adversary.wnd=2", "-set adversary.wnd=2: 2 is out of range 4..200 (at least 1 WND for each of the 4 hit locations)"},
		{"adversary.wnd=1000", "-set adversary.wnd=1000: 1000 is out of range 4..200 (at least 1 WND for each of the 4 hit locations)"},
		{"adversary.location.Head.wnd=0", "-set adversary.location.Head.wnd=0: 0 is out of range 1..200"},
		{"adversary.location.Head.wnd=500", "-set adversary.location.Head.wnd=500: 500 is out of range 1..200"},
		{"adversary.location.Head.wnd=190", "-set adversary.location.Head.wnd=190: the Adversary's wnd would be 205, out of range 1..200 (this location can take at most 185)"},
		{"adversary.location.Hed.wnd=6", `-set adversary.location.Hed.wnd=6: no hit location "Hed" (give its name or its index from 0: Head, Torso, Upper Limb, Lower Limbs, or 0..3); did you mean "Head"?`},
		{"adversary.location.uper-limb.wnd=6", `-set adversary.location.uper-limb.wnd=6: no hit location "uper-limb" (give its name or its index from 0: Head, Torso, Upper Limb, Lower Limbs, or 0..3); did you mean "Upper-Limb"?`},
		{"adversary.location.4.wnd=6", `-set adversary.location.4.wnd=6: no hit location "4" (give its name or its index from 0: Head, Torso, Upper Limb, Lower Limbs, or 0..3)`},
	} {
		t.Run(c.kv, func(t *testing.T) {
			d, err := LoadEmbedded()
			if err != nil {
				t.Fatal(err)
			}
			err = d.Set("wandering-son", c.kv)
			if err == nil {
				t.Fatalf("no error, want %q", c.want)
			}
			if err.Error() != c.want {
				t.Errorf("error\n%s\nwant\n%s", err, c.want)
			}
		})
	}
	// A good override after a refused one applies to the untouched data.
	d, err := LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Set("wandering-son", "adversary.location.Head.wnd=190"); err == nil {
		t.Fatal("no error")
	}
	if err := d.Set("wandering-son", "adversary.location.head.wnd=6"); err != nil {
		t.Fatal(err)
	}
	if a := d.Adversaries["wandering-son"]; a.HitLocations[0].Wnd != 6 || a.Stats.Wnd != 21 {
		t.Errorf("Head wnd %d, total %d; want 6 and 21", a.HitLocations[0].Wnd, a.Stats.Wnd)
	}
}
