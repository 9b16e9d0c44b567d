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

// treeState lists the files and directories under root (.git aside), each
// with its size and modification time, sorted.
func treeState(t *testing.T, root string) []string {
	t.Helper()
	var state []string
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && e.Name() == ".git" {
			return filepath.SkipDir
		}
		info, err := e.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
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
	slices.Sort(state)
	return state
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
