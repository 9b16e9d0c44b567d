package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	configs "balance/configs/cazadores"
)

// TestValidateAnywhere checks data files outside a data directory's layout
// and by relative paths: a copy of an Adversary file anywhere is checked,
// and compiled, as an Adversary; a file whose kind neither its path nor its
// content tells is refused with the kinds and how to tell them.
func TestValidateAnywhere(t *testing.T) {
	read := func(name string) string {
		t.Helper()
		b, err := configs.Files.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	son := read("adversaries/wandering-son.yaml")
	change := func(s, old, new string) string {
		t.Helper()
		if !strings.Contains(s, old) {
			t.Fatalf("%q not in the file", old)
		}
		return strings.Replace(s, old, new, 1)
	}
	bad := change(son, "jack:  {name: Overhead Slam, attack: melee", "jack:  {name: Overhead Slam, atack: melee")
	badLine := itoa(strings.Count(bad[:strings.Index(bad, "atack")], "\n") + 1)
	// A syntax error far from the file's first key, where yaml.v3 puts it.
	syntax := change(son, "on_hit: [{place: scatter}]}\n  jack:", "on_hit: [{place: scatter}]} zz\n  jack:")
	at := strings.Index(syntax, " zz") + 1
	syntaxPos := itoa(strings.Count(syntax[:at], "\n")+1) + ":" + itoa(at-strings.LastIndex(syntax[:at], "\n"))
	dir := t.TempDir()
	for rel, text := range map[string]string{
		"e1.yaml":              son,
		"adversaries/son.yaml": son,
		"bad.yaml":             bad,
		"notes.yaml":           "foo: 1\n",
		"my-ruins.yaml":        read("scenarios/ruins.yaml"),
		"e4.yaml":              change(son, "models: [Wandering Son]", "models: [A, B, C, D]"),
		"gap.yaml":             change(son, "{name: Head, cards: [10], wnd: 5,", "{name: Head, cards: [], wnd: 5.5,"),
	} {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, rel := range []string{"syntax.yaml", "adversaries/syntax.yaml"} {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(rel)), []byte(syntax), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	repoAdversaries := filepath.Join(repoRoot(t), "configs", "cazadores", "adversaries")
	tests := []struct {
		name   string
		cwd    string // a directory under dir, or an absolute one
		file   string
		code   int
		stdout string
		stderr []string // regular expressions, each matching a whole line of stderr
		lines  int      // the number of lines of stderr
	}{
		{name: "copy anywhere, absolute path", file: filepath.Join(dir, "e1.yaml"), stdout: "ok: 1 file\n"},
		{name: "copy anywhere, relative path", file: "e1.yaml", stdout: "ok: 1 file\n"},
		{name: "copy anywhere, ./ path", file: "./e1.yaml", stdout: "ok: 1 file\n"},
		{name: "inside adversaries/, bare name", cwd: "adversaries", file: "son.yaml", stdout: "ok: 1 file\n"},
		{name: "bundled file from its folder", cwd: repoAdversaries, file: "wandering-son.yaml", stdout: "ok: 1 file\n"},
		{name: "scenario anywhere", file: "my-ruins.yaml", stdout: "ok: 1 file\n"},
		{name: "broken copy anywhere", file: "bad.yaml", code: exitError, lines: 3, stderr: []string{
			`bad\.yaml:` + badLine + `:\d+: actions\.jack\.atack: unknown field "atack"; did you mean "attack"\?`,
			`balance validate: \d+ problems in 1 file`}},
		{name: "broken copy, relative path up", cwd: "adversaries", file: "../bad.yaml", code: exitError, lines: 3, stderr: []string{
			`\.\./bad\.yaml:` + badLine + `:\d+: actions\.jack\.atack: unknown field "atack"; did you mean "attack"\?`}},
		{name: "too many models: one problem, with its line", file: "e4.yaml", code: exitError, lines: 2, stderr: []string{
			`e4\.yaml:8:9: models: 4 models; an Adversary is 1\.\.3 models \(they share its deck and clock\)`,
			`balance validate: 1 problem in 1 file`}},
		{name: "hit location hints", file: "gap.yaml", code: exitError, lines: 3, stderr: []string{
			`gap\.yaml:\d+:\d+: hit_locations\[0\]\.cards: list at least one card \(2\.\.10\); did you mean "\[10\]"\?`,
			`gap\.yaml:\d+:\d+: hit_locations\[0\]\.wnd: expected an integer, got "5\.5"; did you mean "5"\?`,
			`balance validate: 2 problems in 1 file`}},
		{name: "syntax error anywhere, relative path", file: "syntax.yaml", code: exitError, lines: 2, stderr: []string{
			`syntax\.yaml:` + syntaxPos + `: YAML syntax: did not find expected key`, `balance validate: 1 problem in 1 file`}},
		{name: "syntax error anywhere, absolute path", file: filepath.Join(dir, "syntax.yaml"), code: exitError, lines: 2, stderr: []string{
			regexp.QuoteMeta(filepath.Join(dir, "syntax.yaml")) + `:` + syntaxPos + `: YAML syntax: did not find expected key`}},
		{name: "syntax error anywhere, relative path up", cwd: "adversaries", file: "../syntax.yaml", code: exitError, lines: 2, stderr: []string{
			`\.\./syntax\.yaml:` + syntaxPos + `: YAML syntax: did not find expected key`}},
		{name: "syntax error in adversaries/", file: "adversaries/syntax.yaml", code: exitError, lines: 2, stderr: []string{
			`adversaries/syntax\.yaml:` + syntaxPos + `: YAML syntax: did not find expected key`}},
		{name: "syntax error in adversaries/, bare name", cwd: "adversaries", file: "syntax.yaml", code: exitError, lines: 2, stderr: []string{
			`syntax\.yaml:` + syntaxPos + `: YAML syntax: did not find expected key`}},
		{name: "syntax error in adversaries/, absolute path", file: filepath.Join(dir, "adversaries", "syntax.yaml"), code: exitError, lines: 2, stderr: []string{
			regexp.QuoteMeta(filepath.Join(dir, "adversaries", "syntax.yaml")) + `:` + syntaxPos + `: YAML syntax: did not find expected key`}},
		{name: "content that does not tell", file: "notes.yaml", code: exitError, lines: 2, stderr: []string{
			`notes\.yaml:1:1: cannot tell what "notes\.yaml" holds: expected rules\.yaml, .*objectives\.yaml, a file under adversaries/ or scenarios/, or content that shows its kind \(an Adversary file's top-level keys are name, stats, hit_locations, actions and special; .*\)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cwd := tt.cwd
			if !filepath.IsAbs(cwd) {
				cwd = filepath.Join(dir, cwd)
			}
			t.Chdir(cwd)
			code, out, errb := balance(t, "validate", tt.file)
			if code != tt.code {
				t.Errorf("exit code %d, want %d\nstderr:\n%s", code, tt.code, errb)
			}
			if out != tt.stdout {
				t.Errorf("stdout %q, want %q", out, tt.stdout)
			}
			if n := strings.Count(errb, "\n"); n != tt.lines {
				t.Errorf("%d lines of stderr, want %d:\n%s", n, tt.lines, errb)
			}
			for _, re := range tt.stderr {
				if !regexp.MustCompile("(?m)^" + re + "$").MatchString(errb) {
					t.Errorf("no line of stderr matches %s:\n%s", re, errb)
				}
			}
		})
	}
}

// TestSetErrorMessages checks that a bad -set override is reported as
// "-set KEY=VALUE: reason", with no file position, as a usage error (the
// usage line follows).
func TestSetErrorMessages(t *testing.T) {
	for _, tt := range []struct{ kv, want string }{
		{"rules.round_cap=0", "-set rules.round_cap=0: 0 is out of range 1..1000"},
		{"rules.cover=centre", `-set rules.cover=centre: unknown cover value "centre" (known: any_line, centre_line); did you mean "centre_line"?`},
		{"adversary.def=13", "-set adversary.def=13: 13 is out of range 0..10"},
		{"adversary.wnd=1000", "-set adversary.wnd=1000: 1000 is out of range 4..200 (at least 1 WND for each of the 4 hit locations)"},
		{"adversary.location.Hed.wnd=6", `-set adversary.location.Hed.wnd=6: no hit location "Hed" (give its name or its index from 0: Head, Torso, Upper Limb, Lower Limbs, or 0..3); did you mean "Head"?`},
	} {
		t.Run(tt.kv, func(t *testing.T) {
			code, _, errb := balance(t, "run", "-set", tt.kv, "-hunts", "10", "-quiet")
			if want := "balance run: " + tt.want + "\nusage: balance run "; code != exitUsage || !strings.HasPrefix(errb, want) || strings.Count(errb, "\n") != 2 {
				t.Errorf("exit code %d, stderr\n%s\nwant exit code %d, stderr starting\n%s", code, errb, exitUsage, want)
			}
		})
	}
}

// TestValidateExplain checks -explain: the entry of a field, as the
// reference generated from the loader's schema gives it; an unknown field
// refused with the likely one and the list; no FILE or -data beside it;
// a game with no such reference refused.
func TestValidateExplain(t *testing.T) {
	for _, f := range []string{"stats.wnd", "actions.range", "minions", "special.ace.like", "push", "scenario.terrain.height", "scenario.exits[0].edge", "weapons.attack_ticks", "packs.members.of", "rules.jump_down"} {
		want, err := configs.ExplainField(f)
		if err != nil {
			t.Fatal(err)
		}
		code, out, errb := balance(t, "validate", "-explain", f)
		if code != exitOK || out != want || errb != "" {
			t.Errorf("validate -explain %s: exit %d, stdout %q, stderr %q; want %q", f, code, out, errb, want)
		}
	}
	code, out, errb := balance(t, "validate", "-explain", "stats.wdn")
	if code != exitUsage || out != "" || !strings.Contains(errb, `did you mean "stats.wnd"?`) || !strings.Contains(errb, "(fields: name, stats, stats.spd,") {
		t.Errorf("validate -explain stats.wdn: exit %d, stdout %q, stderr %q", code, out, errb)
	}
	for _, args := range [][]string{
		{"validate", "-explain", "stats.wnd", "configs/cazadores/adversaries/wandering-son.yaml"},
		{"validate", "-explain", "stats.wnd", "-data", "configs/cazadores"},
		{"validate", "-game", "crims", "-explain", "stats.wnd"},
	} {
		if code, _, errb := balance(t, args...); code != exitUsage || !strings.Contains(errb, "-explain") {
			t.Errorf("balance %s: exit %d, stderr %q; want exit %d naming -explain", strings.Join(args, " "), code, errb, exitUsage)
		}
	}
}
