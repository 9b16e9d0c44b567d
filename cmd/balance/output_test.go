package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"

	"balance/safeio"
)

// balanceCtx runs a command line in-process with ctx, as balance does.
func balanceCtx(ctx context.Context, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(ctx, &out, &errb, args)
	return code, out.String(), errb.String()
}

// noTempLeft fails if a temporary file or directory is left under dir.
func noTempLeft(t *testing.T, dir string) {
	t.Helper()
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && safeio.IsTemp(d.Name()) {
			t.Errorf("temporary left behind: %s", p)
		}
		return nil
	})
}

// "-" is standard output for every single-file output: stdout then holds
// that output alone (the text goes to stderr), and no file named "-" is
// made.
func TestStdoutOutputs(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, args := range [][]string{
		{"run", "-hunts", "200", "-shards", "1", "-tally", "shard.json", "-quiet"},
		{"baseline", "-hunts", "200", "-out", "base.json", "-quiet"},
	} {
		if code, _, errb := balance(t, args...); code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errb)
		}
	}
	isJSON := func(b []byte) bool { return json.Valid(b) }
	tests := []struct {
		args []string
		ok   func([]byte) bool
		text string // a part of the text, now on stderr
	}{
		{[]string{"run", "-hunts", "200", "-json", "-", "-quiet"}, isJSON, "Pack wins"},
		{[]string{"run", "-hunts", "200", "-json", "/dev/stdout", "-quiet"}, isJSON, "Pack wins"},
		{[]string{"run", "-hunts", "200", "-tally", "-", "-quiet"}, isJSON, "Pack wins"},
		{[]string{"run", "-hunts", "200", "-cpuprofile", "-", "-quiet"}, func(b []byte) bool { return len(b) > 0 }, "Pack wins"},
		{[]string{"run", "-pack-ai", "all", "-hunts", "20", "-json", "-", "-quiet"}, isJSON, "Pack wins"},
		{[]string{"skill", "-hunts", "20", "-json", "-", "-quiet"}, isJSON, "Pack wins"},
		{[]string{"compare", "wandering-son", "-set", "adversary.def=7", "-hunts", "200", "-json", "-", "-quiet"}, isJSON, "Change B - A"},
		{[]string{"compare", "wandering-son", "-set", "adversary.def=7", "-hunts", "200", "-html", "-", "-quiet"},
			func(b []byte) bool { return bytes.HasPrefix(b, []byte("<!DOCTYPE html>")) }, "Change B - A"},
		{[]string{"baseline", "-hunts", "200", "-out", "-", "-quiet"}, isJSON, "baseline:"},
		{[]string{"regress", "-baseline", "base.json", "-md", "-", "-quiet"}, func(b []byte) bool { return bytes.HasPrefix(b, []byte("Regression check")) }, "Regression check"},
		{[]string{"merge", "shard.json", "-json", "-"}, isJSON, "Pack wins"},
		{[]string{"map", "lair", "-out", "-"}, func(b []byte) bool { return bytes.HasPrefix(b, []byte("\x89PNG")) }, ""},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errb := balance(t, tt.args...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errb)
			}
			if !tt.ok([]byte(out)) {
				t.Errorf("stdout does not hold the output alone:\n%.300s", out)
			}
			if !strings.Contains(errb, tt.text) {
				t.Errorf("stderr lacks %q:\n%s", tt.text, errb)
			}
			if _, err := os.Lstat("-"); err == nil {
				t.Fatal("a file named - was made")
			}
		})
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "-hunts", "200", "-json", "-", "-tally", "-"}, "both write to standard output"},
		{[]string{"run", "-hunts", "200", "-out", "-"}, "cannot go to standard output"},
		{[]string{"run", "-hunts", "200", "-json", "x.json", "-tally", "x.json"}, "both name x.json"},
	} {
		if code, _, errb := balance(t, tt.args...); code != exitUsage || !strings.Contains(errb, tt.want) {
			t.Errorf("%v: exit %d, want %d: %s", tt.args, code, exitUsage, errb)
		}
	}
	noTempLeft(t, dir)
}

// A symbolic link given as an output is written through (the link stays),
// and a named pipe is written to, never replaced by a file.
func TestOutputLinkAndPipe(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.json")
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink("real.json", link); err != nil {
		t.Fatal(err)
	}
	if code, _, errb := balance(t, "run", "-hunts", "200", "-json", link, "-quiet"); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Error("the symbolic link was replaced")
	}
	if b, err := os.ReadFile(real); err != nil || !json.Valid(b) {
		t.Errorf("the link's target: %v", err)
	}

	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	var got []byte
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		got, _ = os.ReadFile(fifo)
	}()
	code, _, errb := balance(t, "run", "-hunts", "200", "-json", fifo, "-quiet")
	if code != exitOK {
		os.WriteFile(fifo, nil, 0) // let the reader go
		t.Fatalf("exit %d: %s", code, errb)
	}
	wg.Wait()
	if !json.Valid(got) {
		t.Errorf("the pipe's reader got %.200q", got)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Error("the named pipe was replaced")
	}
	noTempLeft(t, dir)
}

// Every output is checked before the first hunt: the run is given a
// context already cancelled, so a command that played its hunts (none)
// and failed only when writing would say so in other words; and nothing
// is written anywhere.
func TestOutputsCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, d := range []string{"adir", "adir.png", "d/summary.json", "user"} {
		os.MkdirAll(d, 0o755)
	}
	os.WriteFile("user/thesis.tex", []byte("mine"), 0o644)
	if code, _, errb := balance(t, "run", "-hunts", "100", "-shards", "1", "-tally", "shard.json", "-quiet"); code != exitOK {
		t.Fatal(errb)
	}
	if code, _, errb := balance(t, "baseline", "-hunts", "100", "-out", "base.json", "-quiet"); code != exitOK {
		t.Fatal(errb)
	}
	// A command that got past its checks is stopped as it is about to
	// play (and then says it was interrupted, which fails the test).
	defer func() { beforePlay = nil }()
	const isDir = "adir is a directory"
	const notReport = "user is not empty and holds no balance report"
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"run", "-json", "adir"}, "-json " + isDir},
		{[]string{"run", "-shards", "1", "-tally", "adir"}, "-tally " + isDir},
		{[]string{"run", "-cpuprofile", "adir"}, "-cpuprofile " + isDir},
		{[]string{"run", "-memprofile", "adir"}, "-memprofile " + isDir},
		{[]string{"run", "-out", "d"}, "-out d: d/summary.json is a directory"},
		{[]string{"run", "-out", "user"}, "-out " + notReport},
		{[]string{"run", "-pack-ai", "all", "-json", "adir"}, "-json " + isDir},
		{[]string{"skill", "-json", "adir"}, "-json " + isDir},
		{[]string{"skill", "-out", "user"}, "-out " + notReport},
		{[]string{"compare", "wandering-son", "-set", "adversary.def=7", "-json", "adir"}, "-json " + isDir},
		{[]string{"compare", "wandering-son", "-set", "adversary.def=7", "-html", "adir"}, "-html " + isDir},
		{[]string{"sweep", "-param", "adversary.def=5..6", "-out", "user"}, "-out " + notReport},
		{[]string{"tune", "-param", "adversary.def=5..6", "-target", "win=0.4..0.6", "-out", "user"}, "-out " + notReport},
		{[]string{"sensitivity", "-out", "user"}, "-out " + notReport},
		{[]string{"baseline", "-out", "adir"}, "-out " + isDir},
		{[]string{"regress", "-baseline", "base.json", "-md", "adir"}, "-md " + isDir},
		{[]string{"merge", "shard.json", "-json", "adir"}, "-json " + isDir},
		{[]string{"merge", "shard.json", "-out", "user"}, "-out " + notReport},
		{[]string{"analyze", "-out", "user"}, "-out " + notReport},
		{[]string{"map", "lair", "-out", "adir.png"}, "-out adir.png is a directory"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			args := tt.args
			if !slices.Contains([]string{"merge", "map", "regress"}, args[0]) {
				args = append(slices.Clone(args), "-hunts", "100000000", "-quiet")
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			beforePlay = cancel
			code, out, errb := balanceCtx(ctx, args...)
			if code == exitOK || !strings.Contains(errb, tt.want) || strings.Contains(errb, "interrupted") {
				t.Errorf("exit %d: stderr %q, want an error saying %q", code, errb, tt.want)
			}
			if strings.Contains(out, "Pack wins") {
				t.Errorf("a report was printed:\n%s", out)
			}
		})
	}
	if b, err := os.ReadFile("user/thesis.tex"); err != nil || string(b) != "mine" {
		t.Errorf("the user's file: %q, %v", b, err)
	}
	for _, d := range []string{"adir", "adir.png", "d/summary.json", "user"} {
		if es, _ := os.ReadDir(d); len(es) > 0 && d != "user" {
			t.Errorf("%s holds %d entries", d, len(es))
		}
	}
	noTempLeft(t, dir)
}

// The analysis writes reports/latest, and a run writes a report inside
// it: in either order neither loses the other's files, and a note put in
// the analysis's own report directory stays.
func TestReportDirsNested(t *testing.T) {
	for _, order := range []string{"analysis first", "run first"} {
		t.Run(order, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			latest := filepath.Join("reports", "latest")
			analyze := []string{"analyze", "-hunts", "20", "-skill-hunts", "0", "-quiet"}
			runIn := []string{"run", "-hunts", "50", "-out", filepath.Join(latest, "praetorians-quartet"), "-quiet"}
			steps := [][]string{analyze, runIn, analyze, runIn}
			if order == "run first" {
				steps = [][]string{runIn, analyze, runIn, analyze}
			}
			for i, args := range steps {
				if code, _, errb := balance(t, args...); code != exitOK {
					t.Fatalf("step %d %v: exit %d: %s", i, args, code, errb)
				}
				if i == 1 {
					os.WriteFile(filepath.Join(latest, "wandering-son", "notes.txt"), []byte("mine"), 0o644)
				}
			}
			for _, f := range []string{"index.md", "wandering-son/summary.json", "praetorians-quartet/summary.json", "wandering-son/notes.txt"} {
				if _, err := os.Stat(filepath.Join(latest, f)); err != nil {
					t.Error(err)
				}
			}
			es, _ := os.ReadDir(latest)
			var names []string
			for _, e := range es {
				names = append(names, e.Name())
			}
			if !slices.Contains(names, "praetorians-quartet") || !slices.Contains(names, "index.html") {
				t.Errorf("reports/latest holds %v", names)
			}
			noTempLeft(t, dir)
		})
	}
}

// Every number that sizes a run is bounded: a value outside is a usage
// error (exit 2) naming the allowed range, found before anything is
// loaded or allocated (a context already cancelled: not one hunt would be
// played anyway).
func TestNumericBounds(t *testing.T) {
	t.Chdir(t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	const huge = "9223372036854775807"
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"run", "-hunts", huge}, "at most 1000000000000 hunts (allowed: 1 to 1000000000000)"},
		{[]string{"run", "-hunts", "1000000000001", "-shards", "2", "-tally", "x.json"}, "at most 1000000000000"},
		{[]string{"run", "-workers", "1000000000"}, "from 1 to 4096"},
		{[]string{"run", "-target-error", "NaN"}, "-target-error NaN"},
		{[]string{"run", "-pack-ai", "all", "-hunts", huge}, "at most 1000000000000"},
		{[]string{"skill", "-hunts", huge}, "at most 1000000000000"},
		{[]string{"skill", "-target-error", "+Inf"}, "-target-error"},
		{[]string{"compare", "wandering-son", "-set", "adversary.def=7", "-hunts", huge}, "at most 1000000000000"},
		{[]string{"compare", "wandering-son", "-set", "adversary.def=7", "-workers", "-1"}, "from 1 to 4096"},
		{[]string{"sweep", "-param", "adversary.def=" + huge + ".." + huge}, "out of range: values and changes go from -1000 to 1000"},
		{[]string{"sweep", "-param", "adversary.def=-" + huge + "..0"}, "out of range"},
		{[]string{"sweep", "-param", "adversary.def=1,99999999999999999999"}, "out of range"},
		{[]string{"sweep", "-param", "adversary.def=1..2", "-hunts", huge}, "at most 1000000000000"},
		{[]string{"tune", "-param", "adversary.def=" + huge + ".." + huge, "-target", "win=0.4..0.6"}, "out of range"},
		{[]string{"tune", "-param", "adversary.def", "-target", "win=0.4..0.6", "-hunts", huge}, "at most 1000000000000"},
		{[]string{"sensitivity", "-step", huge}, "-step " + huge},
		{[]string{"sensitivity", "-hunts", huge}, "at most 1000000000000"},
		{[]string{"baseline", "-out", "b.json", "-hunts", huge}, "at most 1000000000000"},
		{[]string{"baseline", "-out", "b.json", "-workers", huge}, "from 1 to 4096"},
		{[]string{"analyze", "-hunts", huge}, "at most 1000000000000"},
		{[]string{"analyze", "-skill-hunts", huge}, "-skill-hunts"},
		{[]string{"regress", "-baseline", "b.json", "-workers", "5000"}, "from 1 to 4096"},
		{[]string{"regress", "-baseline", "b.json", "-alpha", "NaN"}, "-alpha NaN"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, _, errb := balanceCtx(ctx, append(tt.args, "-quiet")...)
			if code != exitUsage || !strings.Contains(errb, tt.want) {
				t.Errorf("exit %d, want %d; stderr %q, want %q", code, exitUsage, errb, tt.want)
			}
		})
	}
}
