package main

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// nonFinite matches what a NaN or an infinity looks like in any output.
var nonFinite = regexp.MustCompile(`(?i)\bNaN\b|[+-]?\bInf\b|infinity`)

// Every workflow interrupted before its first hunt writes every output it
// was asked for, from an empty tally: 0 hunts is a valid interrupted
// report. No NaN or infinity reaches any writer (JSON, Markdown, HTML,
// CSV, plots, the terminal), and every JSON file parses.
func TestEmptyInterruptedReports(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	defer func() { beforePlay = nil }()
	tests := []struct {
		args []string
		code int
	}{
		{[]string{"run", "-hunts", "5000", "-out", "run", "-json", "run.json", "-shards", "1", "-tally", "run.tally"}, exitError},
		{[]string{"run", "-pack-ai", "all", "-hunts", "5000", "-out", "runall", "-json", "runall.json"}, exitError},
		{[]string{"run", "-objective", "random", "-hunts", "5000", "-out", "runobj"}, exitError},
		{[]string{"skill", "-hunts", "5000", "-out", "skill", "-json", "skill.json"}, exitError},
		{[]string{"compare", "wandering-son", "-set", "adversary.def=7", "-hunts", "5000", "-json", "compare.json", "-html", "compare.html"}, exitError},
		{[]string{"sweep", "-param", "adversary.def=5..7", "-param", "adversary.atk=+0,+1", "-hunts", "5000", "-out", "sweep"}, exitError},
		{[]string{"tune", "-param", "adversary.def=5..7", "-target", "win=0.4..0.6", "-hunts", "5000", "-out", "tune"}, exitError},
		{[]string{"sensitivity", "-hunts", "5000", "-out", "sensitivity"}, exitError},
		{[]string{"analyze", "-hunts", "5000", "-out", "analyze"}, exitError},
		{[]string{"baseline", "-hunts", "5000", "-out", "baseline.json"}, exitError},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			// The interruption comes once the data has loaded, as the
			// first hunts are about to be played (a signal during the load
			// stops the load: no report).
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			beforePlay = cancel
			code, out, errb := balanceCtx(ctx, append(tt.args, "-quiet")...)
			if code != tt.code || !strings.Contains(errb, "interrupted after 0 hunts") {
				t.Fatalf("exit %d, want %d, interrupted after 0 hunts; stderr:\n%s", code, tt.code, errb)
			}
			if m := nonFinite.FindString(out + errb); m != "" {
				t.Errorf("the terminal shows %q:\n%s\n%s", m, out, errb)
			}
		})
	}
	// Every output written, none with a NaN or an infinity.
	var n int
	filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		n++
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(p, ".png") {
			return nil
		}
		if m := nonFinite.FindString(string(b)); m != "" && !strings.HasSuffix(p, ".svg") {
			t.Errorf("%s holds %q", p, m)
		}
		if strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".tally") {
			if !json.Valid(b) {
				t.Errorf("%s is not valid JSON", p)
			}
		}
		if strings.HasSuffix(p, ".svg") && strings.Contains(string(b), "NaN") {
			t.Errorf("%s draws at NaN", p)
		}
		return nil
	})
	for _, want := range []string{"run/summary.json", "run.json", "run.tally", "runall/skill.json", "runobj/summary.json", "skill/skill.png", "compare.json",
		"compare.html", "sweep/sweep.json", "sweep/sweep_win.svg", "tune/sweep.json", "sensitivity/tornado.png", "analyze/index.md", "analyze/accursed-construct/summary.html"} {
		if _, err := os.Stat(want); err != nil {
			t.Errorf("not written: %v", err)
		}
	}
	// An interrupted baseline is no baseline: nothing is written.
	if _, err := os.Stat("baseline.json"); err == nil {
		t.Error("an interrupted baseline was written")
	}
	t.Logf("%d files written", n)
}
