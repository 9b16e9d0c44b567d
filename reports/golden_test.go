package reports_test

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"balance/game/testdata/duel"
	"balance/reports"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/ with the current output")

// The report of a small duel run, its summary.md and every CSV file (not
// the plots' bytes), is pinned in testdata/duel: a change in it is a
// change in the reports, the estimators or the duel, made on purpose and
// re-pinned with go test ./reports -run TestSummaryGolden -update.
func TestSummaryGolden(t *testing.T) {
	r := runReport(t, duel.Game{}, 500)
	dir := filepath.Join(t.TempDir(), "report")
	if err := reports.WriteSummary(dir, r); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "duel")
	var pinned []string
	for _, name := range reports.SummaryNames(r) {
		if name != "summary.md" && !strings.HasSuffix(name, ".csv") {
			continue
		}
		got, err := os.ReadFile(filepath.Join(dir, name))
		if os.IsNotExist(err) && strings.HasPrefix(name, "ablations") {
			continue // a run without the parts switched off
		}
		if err != nil {
			t.Fatal(err)
		}
		pinned = append(pinned, name)
		path := filepath.Join(golden, name)
		if *update {
			if err := os.MkdirAll(golden, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run 'go test ./reports -run TestSummaryGolden -update' to create it)", err)
		}
		if string(got) != string(want) {
			t.Errorf("%s differs from %s at %s\n(if the change is meant, rerun with -update and review the diff)", name, path, firstLineDiff(string(got), string(want)))
		}
	}
	if len(pinned) < 2 {
		t.Fatalf("only %v pinned: the report names no CSV file", pinned)
	}
	// A golden file no report writes any more is stale.
	es, err := os.ReadDir(golden)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		stale := true
		for _, n := range pinned {
			stale = stale && e.Name() != n
		}
		if stale {
			t.Errorf("%s is not written by the report any more", filepath.Join(golden, e.Name()))
		}
	}
}

// firstLineDiff describes the first line where got and want differ.
func firstLineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < max(len(g), len(w)); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return "line " + strconv.Itoa(i+1) + ":\n got: " + gl + "\nwant: " + wl
		}
	}
	return "the end"
}
