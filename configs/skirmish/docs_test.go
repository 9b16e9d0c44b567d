package skirmish

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The rulings' table of switches lists every switch with its default and
// every other reading, as the one table of switches has them.
func TestRulingsListEverySwitch(t *testing.T) {
	b, err := os.ReadFile("../../docs/skirmish/rulings.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if m := regexp.MustCompile("^\\| `([a-z_]+)` \\| (.*)$").FindStringSubmatch(line); m != nil {
			rows[m[1]] = m[2]
		}
	}
	for _, s := range Switches {
		row, ok := rows[s.Key]
		if !ok {
			t.Errorf("rulings.md: no row for the switch %s", s.Key)
			continue
		}
		if !strings.HasPrefix(row, "`"+s.Default+"` |") {
			t.Errorf("rulings.md: %s's row %q does not begin with its default %s", s.Key, row, s.Default)
		}
		for _, v := range s.Values {
			if !strings.Contains(row, "`"+v+"`") {
				t.Errorf("rulings.md: %s's row does not name the reading %s", s.Key, v)
			}
		}
		delete(rows, s.Key)
	}
	for k := range rows {
		t.Errorf("rulings.md lists a switch %s that rules.yaml does not have", k)
	}
}

// Every test the rules coverage names exists.
func TestCoverageNamesRealTests(t *testing.T) {
	b, err := os.ReadFile("../../docs/skirmish/rules-coverage.md")
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, dir := range []string{"../../sim/skirmish", "../../ai/skirmish", ".", "../../game/skirmish"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
		for _, f := range files {
			src, _ := os.ReadFile(f)
			all.Write(src)
		}
	}
	for _, name := range regexp.MustCompile(`\bTest[A-Za-z0-9]+`).FindAllString(string(b), -1) {
		if !strings.Contains(all.String(), "func "+name+"(") {
			t.Errorf("rules-coverage.md names %s, which no test is", name)
		}
	}
}
