package benchmarks

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"balance/game/registry"
)

// instructionsFile is the recorded instructions per hunt (see
// instructions.sh).
const instructionsFile = "instructions.txt"

// Rise is how far a row's count may rise above its recorded figure before
// TestInstructions fails; fall, how far it may fall before the test says
// to re-record.
const (
	rise = 0.02
	fall = 0.10
)

// instrRow is a row of instructions.txt.
type instrRow struct {
	line   int
	name   string
	hunts  int64 // H: the figure is of hunts H/2..H-1
	figure int64 // instructions per hunt
	args   []string
}

// readInstructions reads instructions.txt: comments (#), blank lines, and
// rows of a name, H (even, at least 2), the figure (a whole number) and
// the options of balance run.
func readInstructions(path string) ([]instrRow, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var rows []instrRow
	seen := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) < 3 {
			return nil, fmt.Errorf("%s:%d: a row is NAME H FIGURE [OPTIONS of balance run], got %q", path, n, sc.Text())
		}
		h, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil || h < 2 || h%2 != 0 {
			return nil, fmt.Errorf("%s:%d: row %s: H %q: an even whole number of at least 2 is needed", path, n, f[0], f[1])
		}
		fig, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil || fig < 0 {
			return nil, fmt.Errorf("%s:%d: row %s: figure %q: a whole number of instructions is needed (benchmarks/instructions.sh -record writes them)", path, n, f[0], f[2])
		}
		if prev, ok := seen[f[0]]; ok {
			return nil, fmt.Errorf("%s:%d: row %s: already on line %d", path, n, f[0], prev)
		}
		seen[f[0]] = n
		rows = append(rows, instrRow{line: n, name: f[0], hunts: h, figure: fig, args: f[3:]})
	}
	return rows, sc.Err()
}

// TestInstructionsRows checks that instructions.txt reads and that its
// rows cover what the gate must: every game's default hunt, each of
// Cazadores' scenarios and Adversaries, and each Pack AI tier but the
// random floor.
func TestInstructionsRows(t *testing.T) {
	rows, err := readInstructions(instructionsFile)
	if err != nil {
		t.Fatal(err)
	}
	// The option values the rows name, by option.
	named := map[string]map[string]bool{}
	for _, r := range rows {
		for i := 0; i+1 < len(r.args); i += 2 {
			o := strings.TrimPrefix(r.args[i], "-")
			if named[o] == nil {
				named[o] = map[string]bool{}
			}
			named[o][r.args[i+1]] = true
		}
		if r.figure == 0 {
			t.Errorf("%s:%d: row %s has no figure: record it (benchmarks/instructions.sh -record)", instructionsFile, r.line, r.name)
		}
	}
	for _, g := range registry.Games[1:] { // the default game's rows name no -game
		if !named["game"][g.Info().Name] {
			t.Errorf("%s: no row plays -game %s", instructionsFile, g.Info().Name)
		}
	}
	d, err := registry.Default().Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range []struct{ list, option string }{{"scenarios", "scenario"}, {"adversaries", "adversary"}} {
		names, err := d.List(kind.list)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			if !named[kind.option][n] {
				t.Errorf("%s: no row plays -%s %s", instructionsFile, kind.option, n)
			}
		}
	}
	tiers, _, err := d.Policies(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range tiers {
		if p.Name != "random" && !named["pack-ai"][p.Name] {
			t.Errorf("%s: no row plays -pack-ai %s", instructionsFile, p.Name)
		}
	}
}

// TestInstructions (BALANCE_LONG=1, with valgrind) counts every row of
// instructions.txt again with instructions.sh -table and fails when one
// costs more than 2% above its recorded figure; a row more than a tenth
// below it passes, with a note to re-record. It takes a few minutes of
// valgrind (benchmarks/README.md).
func TestInstructions(t *testing.T) {
	rows, err := readInstructions(instructionsFile)
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("BALANCE_LONG") == "" {
		t.Skip("counts instructions under valgrind for minutes: BALANCE_LONG=1")
	}
	if _, err := exec.LookPath("valgrind"); err != nil {
		if os.Getenv("BALANCE_REQUIRE_VALGRIND") != "" {
			t.Fatal("valgrind is not installed (apt-get install valgrind); BALANCE_REQUIRE_VALGRIND is set")
		}
		t.Skip("valgrind is not installed (apt-get install valgrind)")
	}
	cmd := exec.Command("bash", "instructions.sh", "-table")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("instructions.sh -table: %v\n%s%s", err, out, stderr.Bytes())
	}
	t.Logf("instructions.sh -table:\n%s", out)
	counted := map[string]int64{}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 || f[0] == "row" {
			continue
		}
		c, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil {
			t.Fatalf("instructions.sh -table: line %q: count %q is not a whole number", line, f[2])
		}
		counted[f[0]] = c
	}
	for _, r := range rows {
		c, ok := counted[r.name]
		if !ok {
			t.Errorf("row %s: instructions.sh -table did not count it", r.name)
			continue
		}
		change := float64(c-r.figure) / float64(r.figure)
		switch {
		case r.figure == 0:
			t.Errorf("row %s: %d instructions per hunt, none recorded: record them (benchmarks/instructions.sh -record)", r.name, c)
		case change > rise:
			t.Errorf("row %s (balance run %s, hunts %d..%d): %d instructions per hunt, %+.1f%% from the %d recorded (%s:%d), more than %.0f%% above; if the rise is on purpose, re-record: benchmarks/instructions.sh -record",
				r.name, strings.Join(r.args, " "), r.hunts/2, r.hunts-1, c, 100*change, r.figure, instructionsFile, r.line, 100*rise)
		case change < -fall:
			t.Logf("row %s: %d instructions per hunt, %+.1f%% from the %d recorded: faster; re-record (benchmarks/instructions.sh -record) so that the gate guards the new figure", r.name, c, 100*change, r.figure)
		}
	}
}
