package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSmallMistakes checks the messages of a few mistakes in the command
// line: each is a usage error that says what is wrong.
func TestSmallMistakes(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		code int
		want string
		not  string
	}{
		{[]string{"run", "-data", filepath.Join(dir, "nonexist"), "-hunts", "2"}, exitUsage, "nonexist: no such directory", ""},
		{[]string{"validate", "-data", filepath.Join(dir, "nonexist")}, exitUsage, "nonexist: no such directory", ""},
		{[]string{"map", "lair", "-out", dir}, exitError, "is a directory", "must end in"},
		{[]string{"run", "-set", "adversary.def=+-1", "-hunts", "2", "-quiet"}, exitUsage, `"+-1" is not a whole number`, ""},
		{[]string{"run", "-set", "adversary.def=++1", "-hunts", "2", "-quiet"}, exitUsage, `"++1" is not a whole number`, ""},
		{[]string{"trace", "-find", "pack_slain", "-hunt", "18446744073709551614", "-find-limit", "5"}, exitError,
			"none among hunts 18446744073709551614 to 18446744073709551615 of seed 1 (2 hunts played", "raise -find-limit"},
	} {
		code, _, errb := balance(t, tc.args...)
		if code != tc.code || !strings.Contains(errb, tc.want) || tc.not != "" && strings.Contains(errb, tc.not) {
			t.Errorf("%v: exit %d, want %d and %q:\n%s", tc.args, code, tc.code, tc.want, errb)
		}
	}
}

// TestCompareHelpNamesMainOption checks that compare's help names, for
// each game, the option its positional designs A and B are values of.
func TestCompareHelpNamesMainOption(t *testing.T) {
	for _, g := range games {
		o, ok := mainOption(g)
		if !ok {
			continue
		}
		code, out, errb := balance(t, "help", "compare", "-game", g.Info().Name)
		want := "A and B (game " + g.Info().Name + ") are values of -" + o.Name + "."
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("help compare -game %s: exit %d, no %q\n%s%s", g.Info().Name, code, want, out, errb)
		}
	}
}

// TestReadmeValidateSummary checks that README.md quotes the summary line
// 'balance validate' prints for the bundled data.
func TestReadmeValidateSummary(t *testing.T) {
	code, out, errb := balance(t, "validate")
	if code != exitOK {
		t.Fatalf("validate: exit %d\n%s", code, errb)
	}
	readme, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if line := strings.TrimSpace(out); !strings.Contains(string(readme), "`"+line+"`") {
		t.Errorf("README.md does not quote validate's summary %q", line)
	}
}

// TestCardHuntsAtMostHunts checks that -card-hunts above -hunts is
// refused, and that the default (a twentieth of the hunts) never plays
// more card hunts than the run.
func TestCardHuntsAtMostHunts(t *testing.T) {
	for _, cmd := range []string{"run", "analyze"} {
		code, _, errb := balance(t, cmd, "-hunts", "50", "-card-hunts", "100", "-quiet", "-out", t.TempDir())
		if code != exitUsage || !strings.Contains(errb, "-card-hunts 100 is more than -hunts 50") {
			t.Errorf("%s -hunts 50 -card-hunts 100: exit %d\n%s", cmd, code, errb)
		}
	}
	code, out, errb := balance(t, "run", "-hunts", "1", "-quiet")
	if code != exitOK || strings.Contains(out, "switched off on 2") {
		t.Errorf("run -hunts 1: exit %d\n%s%s", code, out, errb)
	}
}

// TestValidateBoardTooSmall checks that validate refuses a scenario whose
// board cannot hold the models, given as a file or within -data, naming
// the file and its size field.
func TestValidateBoardTooSmall(t *testing.T) {
	for _, size := range []string{"[1, 1]", "[3, 3]"} {
		dir := t.TempDir()
		p := filepath.Join(dir, "scenarios", "tiny.yaml")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("name: Tiny\nsize: "+size+"\nexits:\n  - {edge: west}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"validate", p}, {"validate", "-data", dir}, {"run", "-data", dir, "-scenario", "tiny", "-hunts", "2", "-quiet"}} {
			code, _, errb := balance(t, args...)
			if code == exitOK || !strings.Contains(errb, p+":2:7: size: "+size+" is too small for the models") {
				t.Errorf("%v: exit %d\n%s", args, code, errb)
			}
		}
	}
}
