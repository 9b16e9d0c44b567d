package skirmish

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"math"
	"strings"
	"testing"
)

func odds(t *testing.T, asJSON bool, args ...string) (string, error) {
	t.Helper()
	fs := flag.NewFlagSet("odds", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	run := Game{}.OddsFlags(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	err := run(&b, asJSON)
	return b.String(), err
}

// The spec's P-1, P-2, P-3 and P-4 through the odds flags.
func TestOddsFlags(t *testing.T) {
	out, err := odds(t, true, "-attack", "2", "-defend", "3", "-damage", "0", "-armour", "10")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		PA   float64   `json:"p_attacker"`
		PTie float64   `json:"p_tie"`
		PDef float64   `json:"p_defender"`
		Mean float64   `json:"mean_damage"`
		Stun float64   `json:"p_stun"`
		Dist []float64 `json:"damage_distribution"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	if !near(v.PA, 171.0/400) || !near(v.PTie, 19.0/400) || !near(v.PA+v.PTie+v.PDef, 1) || !near(v.Mean, 559.0/200) || !near(v.Stun, 63.0/200) || !near(v.Dist[0], 5.0/8) {
		t.Errorf("%s", out)
	}
	out, _ = odds(t, true, "-tn", "14", "-stat", "4")
	if !strings.Contains(out, `"p_success":0.55`) {
		t.Errorf("TN14 at +4: %s", out)
	}
	out, _ = odds(t, false, "-attack", "0", "-defend", "0")
	if !strings.Contains(out, "attacker wins 0.4750, tie 0.0500, defender wins 0.4750") {
		t.Errorf("text: %s", out)
	}
	// The text names the readings of criticals and jams it was worked out
	// under, and -jam moves the first line.
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"-attack", "3", "-defend", "1", "-damage", "2", "-armour", "10"}, []string{"attacker wins 0.5725", "(a tie: equal totals)", "no criticals, see -crit): mean 4.8625"}},
		{[]string{"-attack", "3", "-defend", "1", "-damage", "2", "-armour", "10", "-crit", "-jam"}, []string{"attacker wins 0.5675", "-jam: the attacker's natural 1 misses)", "-crit: a winning 20 doubles it): mean 5.6125"}},
	} {
		out, err := odds(t, false, c.args...)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: no %q in\n%s", c.args, w, out)
			}
		}
	}
	for _, args := range [][]string{{"-attack", "1"}, {"-attack", "1", "-defend", "2", "-damage", "1"}, {"-tn", "3", "-attack", "1"}, {"-stat", "2"}, {"-attack", "1000", "-defend", "0"}} {
		if _, err := odds(t, false, args...); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}
