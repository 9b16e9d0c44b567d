package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestParamKeyNotNumeric checks that tune and sweep on a key that takes
// readings (a rules switch, a true/false rule, a weapon to drop) stop at
// once with a usage error that gives the data's readings and points to
// compare -set, whatever values are given.
func TestParamKeyNotNumeric(t *testing.T) {
	tune := func(game, param string) []string {
		return []string{"tune", "-game", game, "-param", param, "-target", "win=0.4..0.6", "-hunts", "20", "-quiet"}
	}
	sweep := func(game, param string) []string {
		return []string{"sweep", "-game", game, "-param", param, "-hunts", "20", "-quiet"}
	}
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{tune("cazadores", "rules.cover"), []string{"any_line", "centre_line", "compare -set rules.cover=VALUE"}},
		{tune("cazadores", "rules.cover=1..20"), []string{"any_line", "centre_line", "compare -set rules.cover=VALUE"}},
		{sweep("cazadores", "rules.cover=1..3"), []string{"any_line", "centre_line", "compare -set rules.cover=VALUE"}},
		{sweep("cazadores", "rules.cover=centre_line,any_line"), []string{`"centre_line" is not a whole number`, "compare -set rules.cover=centre_line"}},
		{tune("cazadores", "rules.play_out_round"), []string{"true or false", "compare -set rules.play_out_round=VALUE"}},
		{sweep("cazadores", "rules.play_out_round=true,false"), []string{"compare -set rules.play_out_round=true"}},
		{tune("vantage", "rules.counter_strike"), []string{"compare -set rules.counter_strike=VALUE"}},
		{tune("skirmish", "a.captain.drop"), []string{"carbine", "compare -set a.captain.drop=VALUE"}},
	} {
		code, _, errb := balance(t, tc.args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d\n%s", tc.args, code, exitUsage, errb)
		}
		first, _, _ := strings.Cut(errb, "\n")
		for _, w := range tc.want {
			if !strings.Contains(first, w) {
				t.Errorf("%v: the error does not say %q:\n%s", tc.args, w, first)
			}
		}
		if len(first) > 500 {
			t.Errorf("%v: a %d-character error:\n%s", tc.args, len(first), first)
		}
	}
}

// TestTuneSuggestsTakenValues checks that the range tune suggests for a
// key without values lies within the values the key takes, and that tune
// then accepts it.
func TestTuneSuggestsTakenValues(t *testing.T) {
	re := regexp.MustCompile(`e\.g\. (\S+)=(\d+)\.\.(\d+) \(the key takes (\d+)\.\.(\d+)`)
	for _, tc := range []struct{ game, key, takes string }{
		{"cazadores", "rules.round_cap", "1..1000"},
		{"cazadores", "adversary.location.head.wnd", ""},
		{"skirmish", "a.captain.fight", ""},
	} {
		code, _, errb := balance(t, "tune", "-game", tc.game, "-param", tc.key, "-target", "win=0.4..0.6", "-hunts", "20", "-quiet")
		if code != exitUsage {
			t.Fatalf("tune -param %s: exit %d\n%s", tc.key, code, errb)
		}
		m := re.FindStringSubmatch(errb)
		if m == nil || m[1] != tc.key {
			t.Fatalf("tune -param %s: no range suggested:\n%s", tc.key, errb)
		}
		if tc.takes != "" && m[4]+".."+m[5] != tc.takes {
			t.Errorf("tune -param %s: the key takes %s..%s, want %s", tc.key, m[4], m[5], tc.takes)
		}
		a, _ := strconv.Atoi(m[2])
		b, _ := strconv.Atoi(m[3])
		lo, _ := strconv.Atoi(m[4])
		hi, _ := strconv.Atoi(m[5])
		if a < lo || b > hi || a > b {
			t.Errorf("tune -param %s: suggests %d..%d outside %d..%d", tc.key, a, b, lo, hi)
		}
		param := tc.key + "=" + m[2] + ".." + m[3]
		code, out, errb := balance(t, "tune", "-game", tc.game, "-param", param, "-target", "win=0.4..0.6", "-hunts", "4", "-quiet")
		if code != exitOK || strings.Contains(out+errb, "Skipped") {
			t.Errorf("tune -param %s (the suggestion): exit %d\n%s", param, code, errb)
		}
	}
}

// TestParamExampleOfTheGame checks that a -param without values is told
// the form with its own key, not a key of another game.
func TestParamExampleOfTheGame(t *testing.T) {
	for _, g := range []string{"vantage", "skirmish", "crims", "horizon"} {
		code, _, errb := balance(t, "sweep", "-game", g, "-param", "rules.xyz", "-hunts", "20", "-quiet")
		if code != exitUsage || !strings.Contains(errb, "rules.xyz=LO..HI") || strings.Contains(errb, "adversary.") {
			t.Errorf("sweep -game %s -param rules.xyz: exit %d\n%s", g, code, errb)
		}
	}
}
