package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// quickHunts is the most hunts an example plays without BALANCE_LONG=1.
const quickHunts = 200

// quickArgs returns an example's arguments at a smaller size, for the
// quick test run: -hunts and -skill-hunts above quickHunts come down to
// it, and no arguments (the default analysis) become analyze with -hunts
// quickHunts. What the example does is otherwise unchanged; with
// BALANCE_LONG=1 the examples run as written.
func quickArgs(args []string) []string {
	if len(args) == 0 {
		return []string{"analyze", "-hunts", strconv.Itoa(quickHunts)}
	}
	out := slices.Clone(args)
	for i := 0; i < len(out); i++ {
		name, value, eq := strings.Cut(out[i], "=")
		if name != "-hunts" && name != "--hunts" && name != "-skill-hunts" && name != "--skill-hunts" {
			continue
		}
		j := i
		if !eq {
			if j = i + 1; j >= len(out) {
				break
			}
			value = out[j]
		}
		if n, err := strconv.ParseInt(value, 10, 64); err == nil && n > quickHunts {
			if eq {
				out[i] = name + "=" + strconv.Itoa(quickHunts)
			} else {
				out[j] = strconv.Itoa(quickHunts)
			}
		}
		i = j
	}
	return out
}

func TestQuickArgs(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", "analyze -hunts 200"},
		{"run -hunts 20000 -quiet", "run -hunts 200 -quiet"},
		{"run -hunts=20000 -quiet", "run -hunts=200 -quiet"},
		{"run -hunts 100 -quiet", "run -hunts 100 -quiet"},
		{"analyze -hunts 2000 -skill-hunts 500", "analyze -hunts 200 -skill-hunts 200"},
		{"analyze -skill-hunts 0", "analyze -skill-hunts 0"},
		{"trace -seed 20000", "trace -seed 20000"},
		{"run -hunts", "run -hunts"},
	} {
		if got := strings.Join(quickArgs(strings.Fields(tt.in)), " "); got != tt.want {
			t.Errorf("quickArgs(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// copyYAML copies the YAML files of the tree src to dst, keeping its
// layout.
func copyYAML(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || filepath.Ext(p) != ".yaml" {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dst, filepath.Dir(rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// namedTops returns the entries of the directory root that the command
// lines name by a relative path (reports/latest/x.json names reports;
// -data configs/cazadores names configs), and reports, where outputs go by default:
// where an example run from root would write or read.
func namedTops(root string, lines []string) []string {
	tops := map[string]bool{"reports": true}
	for _, line := range lines {
		for _, f := range strings.Fields(line) {
			if _, v, ok := strings.Cut(f, "="); ok && strings.HasPrefix(f, "-") {
				f = v
			}
			f = strings.Trim(f, `'"`)
			if f == "" || filepath.IsAbs(f) || strings.HasPrefix(f, "-") {
				continue
			}
			top, _, _ := strings.Cut(filepath.ToSlash(filepath.Clean(f)), "/")
			if _, err := os.Stat(filepath.Join(root, top)); err == nil && top != "." && top != ".." {
				tops[top] = true
			}
		}
	}
	var out []string
	for top := range tops {
		out = append(out, top)
	}
	slices.Sort(out)
	return out
}

func TestNamedTops(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"configs", "cmd", "reports"} {
		if err := os.Mkdir(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	got := namedTops(root, []string{
		"balance validate configs/cazadores/adversaries/wandering-son.yaml",
		"balance run -out=reports/latest/x -quiet",
		"balance list -data configs/cazadores scenarios",
		"balance run -json /tmp/x.json -seed 7",
	})
	if want := []string{"configs", "reports"}; !slices.Equal(got, want) {
		t.Errorf("namedTops = %q, want %q", got, want)
	}
}

// treeState lists the files and directories under the entries tops of the
// directory root, each with its size and modification time, sorted; an
// entry that does not exist is listed as absent. Go files are left out:
// no example writes one, and a change to one during a test run is an edit.
func treeState(t *testing.T, root string, tops []string) []string {
	t.Helper()
	var state []string
	for _, top := range tops {
		if _, err := os.Stat(filepath.Join(root, top)); err != nil {
			state = append(state, top+" absent")
			continue
		}
		state = append(state, walkState(t, root, top)...)
	}
	slices.Sort(state)
	return state
}

// walkState is treeState's listing of one entry top of root.
func walkState(t *testing.T, root, top string) []string {
	t.Helper()
	var state []string
	err := filepath.WalkDir(filepath.Join(root, top), func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := e.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if strings.HasSuffix(rel, ".go") {
			return nil
		}
		if e.IsDir() {
			state = append(state, rel+"/")
		} else {
			state = append(state, fmt.Sprintf("%s %d %d", rel, info.Size(), info.ModTime().UnixNano()))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return state
}

// A file written under a watched entry changes its state; an edit of a Go
// file does not.
func TestTreeState(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("reports/plot.go", "package reports\n")
	tops := []string{"reports", "configs"}
	before := treeState(t, root, tops)
	write("reports/plot.go", "package reports // edited\n")
	if after := treeState(t, root, tops); !slices.Equal(after, before) {
		t.Errorf("an edited Go file changed the state:\n%s", treeDiff(before, after))
	}
	write("reports/latest/index.md", "# report\n")
	if after := treeState(t, root, tops); slices.Equal(after, before) {
		t.Error("a report written under reports/ left the state as it was")
	}
	write("configs/x.yaml", "a: 1\n")
	if after := treeState(t, root, tops); slices.Equal(after, before) || !strings.Contains(treeDiff(before, after), "configs") {
		t.Errorf("a new configs/ left the state as it was:\n%s", treeDiff(before, after))
	}
}

// treeDiff lists the entries of two tree states that differ.
func treeDiff(before, after []string) string {
	var b strings.Builder
	for _, s := range before {
		if !slices.Contains(after, s) {
			fmt.Fprintf(&b, "- %s\n", s)
		}
	}
	for _, s := range after {
		if !slices.Contains(before, s) {
			fmt.Fprintf(&b, "+ %s\n", s)
		}
	}
	return b.String()
}

// TestExamplesLeaveLatestToReports checks that no example (of the help or
// of README.md) writes a file into reports/latest, the default analysis's
// directory: it refuses a directory holding files that are not a report,
// so an example writing a baseline, a tally, a map or a trace there would
// stop the default command from running after it. Report directories
// (run -out reports/latest/NAME) are carried over and may go there.
func TestExamplesLeaveLatestToReports(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines, _ := readmeCommands(t, string(readme))
	for _, name := range commandNames() {
		lines = append(lines, commands[name].examples...)
		for _, g := range games {
			lines = append(lines, gameHelp(g, name).Examples...)
		}
	}
	for _, line := range lines {
		for _, f := range strings.Fields(line) {
			if _, v, ok := strings.Cut(f, "="); ok && strings.HasPrefix(f, "-") {
				f = v
			}
			if strings.HasPrefix(f, "reports/latest/") && filepath.Ext(f) != "" {
				t.Errorf("%q writes or reads the file %s in the default analysis's directory", line, f)
			}
		}
	}
}
