package main

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestDesignerTrace traces hunts of the example Adversary of the
// reference (configs/cazadores/testdata/designer.yaml), against the duo
// and against the lone Pack, and finds in the text each construct it
// writes at work: its own tree, the minimum range, both states beginning
// (and the one for a Round ending), summoned Minions taking Turns, the
// special Ace's merged crit (its standard bleeding and its own knocked
// down on one Critical) and the special Jack's replaced one (stunned,
// never the standard poisoned).
func TestDesignerTrace(t *testing.T) {
	file := filepath.Join(repoRoot(t), "configs", "cazadores", "testdata", "designer.yaml")
	var all strings.Builder
	merged, replaced, lone := 0, 0, 0
	attack := regexp.MustCompile(`Thornback Matriarch: \w+ attack \[(A♥|J♥)\] on ([^:]+): .* (\d+) criticals?$`)
	for _, pack := range []string{"duo", "lone"} {
		for k := 0; k < 12; k++ {
			code, out, errb := balance(t, "trace", "-adversary", file, "-pack", pack, "-seed", "1", "-hunt", strconv.Itoa(k))
			if code != exitOK {
				t.Fatalf("trace of hunt %d against %s: exit code %d\n%s", k, pack, code, errb)
			}
			if pack == "lone" && strings.Contains(out, "vs pack lone") {
				lone++
			}
			all.WriteString(out)
			lines := strings.Split(out, "\n")
			for x, l := range lines {
				m := attack.FindStringSubmatch(l)
				if m == nil {
					continue
				}
				// The Conditions the Critical imposes follow the attack line.
				var got []string
				for _, f := range lines[x+1:] {
					if !strings.Contains(f, "| "+m[2]+": ") && !strings.Contains(f, "hit card") && !strings.Contains(f, "takes") {
						break
					}
					if c, ok := strings.CutPrefix(f[strings.Index(f, "| ")+2:], m[2]+": "); ok && strings.HasSuffix(c, "(from Thornback Matriarch)") {
						got = append(got, strings.TrimSuffix(c, " (from Thornback Matriarch)"))
					}
				}
				switch m[1] {
				case "A♥":
					if strings.Contains(strings.Join(got, ","), "bleeding") && strings.Contains(strings.Join(got, ","), "knocked down") {
						merged++
					}
				case "J♥":
					for _, c := range got {
						if c == "poisoned" {
							t.Errorf("J♥ imposed the standard entry's poisoned, which its crit replaces:\n%s", l)
						}
						if c == "stunned" {
							replaced++
						}
					}
				}
			}
		}
	}
	text := all.String()
	for _, want := range []string{
		"(skulk tree)",
		"Thornback Matriarch decides: back off",
		"Thornback Matriarch: becomes Enraged (14 WNDs left or fewer): SPD +1, ATK +1, for the rest of the hunt",
		"Thornback Matriarch: becomes Bristling (an action card of rank king drawn): DEF +1, for 1 Round(s)",
		"Thornback Matriarch: is no longer Bristling",
		"Thornback Matriarch: summons Thornling",
		"Thornling 3 decides: ",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no trace shows %q", want)
		}
	}
	if strings.Contains(text, "is no longer Enraged") {
		t.Error("Enraged, for the rest of the hunt, ended")
	}
	t.Logf("%d merged crits, %d replaced ones, %d hunts of the lone Pack", merged, replaced, lone)
	if merged == 0 || replaced == 0 || lone != 12 {
		t.Errorf("%d merged crits (bleeding and knocked down), %d replaced ones (stunned), %d hunts of the lone Pack", merged, replaced, lone)
	}
}
