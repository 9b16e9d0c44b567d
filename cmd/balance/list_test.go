package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// list figures names the figures by the keys the workflows' files use,
// marking those they follow; list levers names the levers sensitivity
// steps, in its order.
func TestListFiguresAndLevers(t *testing.T) {
	dir := t.TempDir()
	out, _ := duelRun(t, exitOK, "list", "figures")
	var keys, followed []string
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 3 || len(f) > 4 || (f[1] != "proportion" && f[1] != "mean") || f[2] == "" {
			t.Fatalf("list figures: a line is not KEY, KIND, LABEL[, followed]: %q", line)
		}
		if slices.Contains(keys, f[0]) {
			t.Errorf("list figures: %s listed twice", f[0])
		}
		keys = append(keys, f[0])
		if len(f) == 4 {
			if f[3] != "followed" {
				t.Errorf("list figures: %q", line)
			}
			followed = append(followed, f[0])
		}
	}
	var cmp struct{ Figures []string }
	p := filepath.Join(dir, "c.json")
	duelRun(t, exitOK, "compare", "-set", "a.hp=+1", "-hunts", "50", "-json", p, "-quiet")
	readJSON(t, p, &cmp)
	if !slices.Equal(followed, cmp.Figures) || len(followed) < 2 {
		t.Errorf("list figures follows %v; compare follows %v", followed, cmp.Figures)
	}
	var base struct{ Figures []struct{ Key string } }
	p = filepath.Join(dir, "b.json")
	duelRun(t, exitOK, "baseline", "-hunts", "50", "-out", p)
	readJSON(t, p, &base)
	for _, f := range base.Figures {
		if !slices.Contains(keys, f.Key) {
			t.Errorf("the baseline tracks %s, which list figures does not name", f.Key)
		}
	}

	out, _ = duelRun(t, exitOK, "list", "levers")
	var levers []string
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		levers = append(levers, strings.SplitN(line, "\t", 2)[0])
	}
	var sens struct{ Levers []struct{ Key string } }
	duelRun(t, exitOK, "sensitivity", "-hunts", "50", "-out", filepath.Join(dir, "s"), "-quiet")
	readJSON(t, filepath.Join(dir, "s", "sensitivity.json"), &sens)
	var stepped []string
	for _, l := range sens.Levers {
		stepped = append(stepped, l.Key)
	}
	if !slices.Equal(levers, stepped) || len(levers) == 0 {
		t.Errorf("list levers: %v; sensitivity steps %v", levers, stepped)
	}
}
