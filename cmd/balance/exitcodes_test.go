package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The same kind of mistake gets the same exit code in every command: a
// misspelt flag (with the nearest one), a flag value that cannot be read,
// a stray argument, a missing required flag or argument exit 2; -h, -help
// and --help print the command's help and exit 0; bad data (a -data
// directory with a broken file) exits 1, except in regress, whose 1 means a
// regression only. Every command must have a row.
func TestSameMistakeSameExitCode(t *testing.T) {
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken")
	if err := os.MkdirAll(broken, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(broken, "rules.yaml"), []byte("round_cap: [1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := func(name string) string { return filepath.Join(dir, name) }
	packs := filepath.Join(repoRoot(t), "configs", "cazadores", "packs.yaml")
	// Shards to merge, a baseline to check.
	for _, args := range [][]string{
		{"run", "-hunts", "20", "-shards", "2", "-shard", "0", "-tally", out("0.json"), "-quiet"},
		{"run", "-hunts", "20", "-shards", "2", "-shard", "1", "-tally", out("1.json"), "-quiet"},
		{"baseline", "-hunts", "20", "-out", out("base.json"), "-quiet"},
	} {
		if code, _, errb := balance(t, args...); code != exitOK {
			t.Fatalf("%v: exit %d\n%s", args, code, errb)
		}
	}

	tests := []struct {
		cmd     string
		base    []string // a valid command line after the command's name
		typo    string   // a misspelt flag, and the flag it is near ("" for none)
		near    string
		badVal  []string // a flag value that cannot be read (nil: the command has no such flag)
		stray   []string // the base with a stray argument (nil: it takes any number)
		missing []string // a command line missing a required flag or argument (nil: none is required)
		badData int      // the exit code with a broken -data directory (0: no -data)
		dataArg []string // the command line with the broken directory (nil: the base with -data DIR)
	}{
		{"analyze", []string{"-hunts", "10", "-skill-hunts", "0", "-quiet", "-out", out("analysis")}, "-huntss", "hunts",
			[]string{"-hunts", "many"}, []string{"extra"}, nil, exitError, nil},
		{"baseline", []string{"-hunts", "10", "-out", out("b.json"), "-quiet"}, "-seedd", "seed",
			[]string{"-seed", "x"}, []string{"extra"}, []string{"-hunts", "10"}, exitError, nil},
		{"compare", []string{"wandering-son", "-set", "adversary.def=7", "-hunts", "10", "-quiet"}, "-huntss", "hunts",
			[]string{"-hunts", "1e3"}, []string{"wandering-son", "neonate-wurm", "praetorians"}, []string{"-hunts", "10"}, exitError, nil},
		{"help", nil, "-hunts", "",
			nil, []string{"run", "extra"}, nil, 0, nil},
		{"list", []string{"packs"}, "-dataa", "data",
			nil, []string{"packs", "extra"}, []string{}, exitError, nil},
		{"map", []string{"lair", "-out", out("lair.png")}, "-seedd", "seed",
			[]string{"-seed", "-3"}, []string{"lair", "extra"}, []string{"-out", out("x.png")}, exitError, nil},
		{"merge", []string{out("0.json"), out("1.json"), "-out", out("merged")}, "-outt", "out",
			nil, nil, []string{"-out", out("merged")}, exitError, nil},
		{"odds", []string{"-pool", "6", "-dt", "6"}, "-pooll", "pool",
			[]string{"-pool", "six"}, []string{"extra"}, []string{"-dt", "6"}, 0, nil},
		{"regress", []string{"-baseline", out("base.json"), "-quiet"}, "-alphaa", "alpha",
			[]string{"-alpha", "x"}, []string{"extra"}, []string{"-quiet"}, exitUsage, nil},
		{"run", []string{"-hunts", "10", "-quiet"}, "-huntss", "hunts",
			[]string{"-hunts", "0x10"}, []string{"extra"}, nil, exitError, nil},
		{"sensitivity", []string{"-hunts", "10", "-quiet"}, "-stepp", "step",
			[]string{"-step", "one"}, []string{"extra"}, nil, exitError, nil},
		{"skill", []string{"-hunts", "10", "-quiet", "-lookahead-k", "1", "-lookahead-horizon", "1"}, "-huntss", "hunts",
			[]string{"-lookahead-k", "x"}, []string{"extra"}, nil, exitError, nil},
		{"sweep", []string{"-param", "adversary.def=5..6", "-hunts", "10", "-quiet"}, "-paramm", "param",
			[]string{"-hunts", "ten"}, []string{"extra"}, []string{"-hunts", "10"}, exitError, nil},
		{"trace", nil, "-seedd", "seed",
			[]string{"-hunt", "x"}, []string{"extra"}, nil, exitError, nil},
		{"tune", []string{"-param", "adversary.def=5..6", "-target", "win=0.4..0.6", "-hunts", "10", "-quiet"}, "-targett", "target",
			[]string{"-hunts", "-"}, []string{"extra"}, []string{"-param", "adversary.def=5..6", "-hunts", "10"}, exitError, nil},
		{"validate", []string{packs}, "-dataa", "data",
			nil, nil, nil, exitError, []string{"-data", broken}},
		{"version", nil, "-versionn", "",
			nil, []string{"extra"}, nil, 0, nil},
	}
	rows := map[string]bool{}
	for _, tt := range tests {
		rows[tt.cmd] = true
		t.Run(tt.cmd, func(t *testing.T) {
			check := func(what string, args []string, code int, want string) {
				t.Helper()
				got, stdout, errb := balance(t, append([]string{tt.cmd}, args...)...)
				if got != code {
					t.Errorf("%s: balance %s %s: exit code %d, want %d\nstderr:\n%s", what, tt.cmd, strings.Join(args, " "), got, code, errb)
				}
				if !strings.Contains(stdout+errb, want) {
					t.Errorf("%s: balance %s %s: the output does not say %q:\n%s%s", what, tt.cmd, strings.Join(args, " "), want, stdout, errb)
				}
			}
			check("valid", tt.base, exitOK, "")
			if tt.near != "" {
				check("misspelt flag", append(tt.base, tt.typo), exitUsage, "did you mean -"+tt.near+"?")
			} else {
				check("unknown flag", append(tt.base, tt.typo), exitUsage, "flag provided but not defined: "+tt.typo)
			}
			for _, h := range []string{"-h", "-help", "--help"} {
				check(h, append(tt.base, h), exitOK, "Usage: balance "+tt.cmd)
			}
			if tt.badVal != nil {
				check("bad flag value", append(tt.base, tt.badVal...), exitUsage, tt.badVal[0])
			}
			if tt.stray != nil {
				check("stray argument", tt.stray, exitUsage, "")
			}
			if tt.missing != nil {
				check("missing required", tt.missing, exitUsage, "")
			}
			if tt.badData != 0 {
				args := tt.dataArg
				if args == nil {
					args = append(tt.base, "-data", broken)
				}
				check("bad data", args, tt.badData, "rules.yaml")
			}
		})
	}
	for _, name := range commandNames() {
		if !rows[name] {
			t.Errorf("command %s has no row: add its mistakes to the table", name)
		}
	}
}

// The top level: -h, -help and --help list the commands, --version and
// -version are the version command, and flags without a command are the
// default analysis's (a misspelt one included).
func TestTopLevelFlags(t *testing.T) {
	for _, h := range []string{"-h", "-help", "--help"} {
		if code, out, _ := balance(t, h); code != exitOK || !strings.Contains(out, "Commands:") {
			t.Errorf("balance %s: exit %d, output %q", h, code, out)
		}
	}
	_, want, _ := balance(t, "version")
	for _, v := range []string{"--version", "-version"} {
		if code, out, errb := balance(t, v); code != exitOK || out != want {
			t.Errorf("balance %s: exit %d, output %q, want %q\n%s", v, code, out, want, errb)
		}
	}
	if code, _, errb := balance(t, "-huntss", "10"); code != exitUsage || !strings.Contains(errb, "balance analyze: flag provided but not defined: -huntss; did you mean -hunts?") {
		t.Errorf("balance -huntss 10: exit %d\n%s", code, errb)
	}
	if code, out, _ := balance(t, "-hunts", "10", "-h"); code != exitOK || !strings.Contains(out, "Usage: balance analyze") {
		t.Errorf("balance -hunts 10 -h: exit %d\n%s", code, out)
	}
}
