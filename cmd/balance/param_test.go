package main

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestParamKeyNotNumeric checks that tune, and sweep with a range, on a
// key that takes readings (a rules switch, a true/false rule, a weapon to
// drop) stop at once with a usage error that gives the data's readings
// and points to sweeping the readings as a list, and that tune refuses
// such a list.
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
		{tune("cazadores", "rules.cover"), []string{"any_line", "centre_line", "sweep -param rules.cover=A,B,..."}},
		{tune("cazadores", "rules.cover=1..20"), []string{"any_line", "centre_line", "sweep -param rules.cover=A,B,..."}},
		{sweep("cazadores", "rules.cover=1..3"), []string{"any_line", "centre_line", "sweep -param rules.cover=A,B,..."}},
		{sweep("cazadores", "rules.cover=centre_line..any_line"), []string{`"centre_line" is not a whole number`, "list readings as rules.cover=A,B,..."}},
		{sweep("cazadores", "rules.cover=centre_line,centre_line"), []string{"centre_line is given twice"}},
		{sweep("cazadores", "rules.cover=centre_line,,any_line"), []string{"an empty value"}},
		{sweep("cazadores", "rules.cover=centre_line,anyline"), []string{`unknown cover value "anyline"`, "any_line"}},
		{tune("cazadores", "rules.cover=centre_line,any_line"), []string{"tune searches whole numbers", "sweep -param rules.cover=centre_line,any_line"}},
		{tune("cazadores", "rules.play_out_round"), []string{"true or false", "sweep -param rules.play_out_round=A,B,..."}},
		{tune("vantage", "rules.counter_strike"), []string{"sweep -param rules.counter_strike=A,B,..."}},
		{tune("skirmish", "a.captain.drop"), []string{"carbine", "sweep -param a.captain.drop=A,B,..."}},
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

// TestSweepReadings sweeps a switch's readings: one point per reading in
// the order given, the step from one to the next, the readings named in
// the table, the CSV and the JSON (a point's value their index), and the
// same figures at each point as a run with that reading set.
func TestSweepReadings(t *testing.T) {
	dir := t.TempDir()
	out := dir + "/sw"
	code, stdout, errb := balance(t, "sweep", "-game", "skirmish", "-param", "rules.melee_tie=none,both_damage,reroll",
		"-hunts", "300", "-quiet", "-out", out)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errb)
	}
	for _, w := range []string{"rules.melee_tie ", "\nnone ", "\nboth_damage ", "\nreroll "} {
		if !strings.Contains(stdout, w) {
			t.Errorf("the table has no %q:\n%s", w, stdout)
		}
	}
	var sw struct {
		Readings [][]string `json:"readings"`
		Points   []struct {
			Values  []int `json:"values"`
			Figures []struct {
				Estimate float64 `json:"estimate"`
			} `json:"figures"`
			Step *struct{} `json:"step"`
		} `json:"points"`
	}
	readJSON(t, out+"/sweep.json", &sw)
	if len(sw.Readings) != 1 || strings.Join(sw.Readings[0], ",") != "none,both_damage,reroll" || len(sw.Points) != 3 {
		t.Fatalf("readings %v, %d points", sw.Readings, len(sw.Points))
	}
	for k, p := range sw.Points {
		if len(p.Values) != 1 || p.Values[0] != k || (p.Step == nil) != (k == 0) {
			t.Errorf("point %d: values %v, step %v", k, p.Values, p.Step != nil)
		}
	}
	b, err := os.ReadFile(out + "/sweep.csv")
	if err != nil {
		t.Fatal(err)
	}
	csv := string(b)
	if !strings.Contains(csv, "\nboth_damage,300,") {
		t.Errorf("the CSV does not name the reading:\n%s", csv)
	}
	// The point of a reading plays as a run with it set.
	js := dir + "/run.json"
	if code, _, errb := balance(t, "run", "-game", "skirmish", "-set", "rules.melee_tie=both_damage", "-hunts", "300", "-quiet", "-card-hunts", "0", "-json", js); code != exitOK {
		t.Fatalf("run: exit %d\n%s", code, errb)
	}
	var run struct {
		Wins []struct {
			Rate struct {
				Estimate float64 `json:"estimate"`
			} `json:"rate"`
		} `json:"wins"`
	}
	readJSON(t, js, &run)
	if got, want := sw.Points[1].Figures[0].Estimate, run.Wins[0].Rate.Estimate; got != want {
		t.Errorf("both_damage's win rate %v in the sweep, %v in a run", got, want)
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
