package cazadores

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every bundled file's content tells the kind its path gives.
func TestContentKindOfBundledFiles(t *testing.T) {
	err := fs.WalkDir(Files, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		want, _, err := kindOf(p)
		if err != nil || want == "" {
			t.Errorf("%s: kind %q, %v", p, want, err)
			return nil
		}
		b, err := Files.ReadFile(p)
		if err != nil {
			return err
		}
		if got, maybe := contentKind(b); got != want {
			t.Errorf("%s: content tells %q (fits %v), want %q", p, got, maybe, want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestContentKind(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       string
		maybe      []string
	}{
		{"adversary", "name: X\nstats: {spd: 5}\nhit_locations: []\nactions: {}\nspecial: {}\n", "adversaries", nil},
		{"adversary with a misspelt key", "name: X\nstats: {spd: 5}\nhit_location: []\nactions: {}\nspecial: {}\n", "adversaries", nil},
		{"scenario", "name: X\nsize: [24, 24]\nexits: [{edge: south}]\n", "scenarios", nil},
		{"rules", "round_cap: 50\ncover: any_line\n", "rules", nil},
		{"weapons", "knife: {name: Knife, kind: melee, rng: 1, hands: 1, renown: 1}\n", "weapons", nil},
		{"armour", "hide: {name: Hide, rating: 1, renown: 1}\n", "armour", nil},
		{"packs", "pair: {name: Pair, members: [{cazador: hunter}]}\n", "packs", nil},
		{"no known key", "foo: 1\nbar: 2\n", "", nil},
		{"only a name", "name: X\n", "", nil},
		{"fits two kinds", "x: {renown: 1}\n", "", []string{"armour", "gear", "objectives", "rituals", "weapons"}},
		{"not a mapping", "- a\n- b\n", "", nil},
		{"syntax error", "name: [X\n", "", nil},
		{"empty", "# nothing\n", "", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, maybe := contentKind([]byte(c.text))
			if got != c.want || strings.Join(maybe, ",") != strings.Join(c.maybe, ",") {
				t.Errorf("contentKind = %q, %v; want %q, %v", got, maybe, c.want, c.maybe)
			}
		})
	}
}

// FileKind tells a file's kind by its folder (relative paths too), its name
// or its content, in that order.
func TestFileKind(t *testing.T) {
	dir := t.TempDir()
	son := embedded(t, "adversaries/wandering-son.yaml")
	ruins := embedded(t, "scenarios/ruins.yaml")
	write := func(rel, text string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("adversaries/son.yaml", son)
	write("adversaries/odd.yaml", "foo: 1\n") // the folder tells, whatever the content
	write("copies/e1.yaml", son)
	write("copies/my-ruins.yaml", ruins)
	write("copies/weapons.yaml", embedded(t, "weapons.yaml"))
	write("copies/house-rules.yaml", embedded(t, "rules.yaml"))
	write("copies/Big Son.yaml", son)
	write("copies/notes.yaml", credit+"foo: 1\n")
	write("copies/son.yml", son)
	write("copies/two.yaml", "x: {renown: 1}\n")
	t.Chdir(dir)
	for _, c := range []struct {
		path, kind, slug, err string
	}{
		{"adversaries/son.yaml", "adversaries", "son", ""},
		{"adversaries/odd.yaml", "adversaries", "odd", ""},
		{"copies/e1.yaml", "adversaries", "e1", ""},
		{filepath.Join(dir, "copies", "e1.yaml"), "adversaries", "e1", ""},
		{"copies/my-ruins.yaml", "scenarios", "my-ruins", ""},
		{"copies/weapons.yaml", "weapons", "", ""},
		{"copies/house-rules.yaml", "rules", "", ""},
		{"copies/Big Son.yaml", "", "", `the file name "Big Son" is not a slug`},
		{"copies/notes.yaml", "", "", `copies/notes.yaml:1:1: cannot tell what "notes.yaml" holds: expected rules.yaml, weapons.yaml`},
		{"copies/son.yml", "", "", "not a .yaml file"},
		{"copies/two.yaml", "", "", "its content fits armour, gear, objectives, rituals and weapons equally well"},
		{"copies/none.yaml", "", "", "no such file"},
	} {
		t.Run(c.path, func(t *testing.T) {
			kind, slug, err := FileKind(c.path)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Errorf("error %v, want one containing %q", err, c.err)
				}
				return
			}
			if err != nil || kind != c.kind || slug != c.slug {
				t.Errorf("FileKind = %q, %q, %v; want %q, %q", kind, slug, err, c.kind, c.slug)
			}
		})
	}
	// From inside the folder, a bare file name.
	t.Chdir(filepath.Join(dir, "adversaries"))
	if kind, slug, err := FileKind("son.yaml"); err != nil || kind != "adversaries" || slug != "son" {
		t.Errorf("FileKind(son.yaml) in adversaries/ = %q, %q, %v", kind, slug, err)
	}
}

// ValidateFiles checks a copy of an Adversary file anywhere, by any
// relative path, with the Adversary schema: its errors name the file as
// given, the line, the field and the likely value.
func TestValidateFilesAnywhere(t *testing.T) {
	dir := t.TempDir()
	bad := strings.Replace(embedded(t, "adversaries/wandering-son.yaml"), "jack:  {name: Overhead Slam, attack: melee", "jack:  {name: Overhead Slam, atack: melee", 1)
	if err := os.MkdirAll(filepath.Join(dir, "adversaries"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{"e1.yaml", "adversaries/son.yaml"} {
		if err := os.WriteFile(filepath.Join(dir, rel), []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	line := lineOf(t, bad, "atack")
	for _, c := range []struct{ cwd, path string }{
		{"", "e1.yaml"},
		{"", "./e1.yaml"},
		{"", filepath.Join(dir, "e1.yaml")},
		{"adversaries", "son.yaml"},
		{"adversaries", "../e1.yaml"},
	} {
		t.Run(c.cwd+"/"+c.path, func(t *testing.T) {
			t.Chdir(filepath.Join(dir, c.cwd))
			err := ValidateFiles(c.path)
			errs := allErrors(t, err)
			if len(errs) == 0 {
				t.Fatal("no error")
			}
			e := errs[0]
			if e.File != c.path || e.Line != line || e.Field != "actions.jack.atack" || e.Suggest != "attack" {
				t.Errorf("first error %v; want %s:%d: actions.jack.atack ... did you mean \"attack\"", e, c.path, line)
			}
		})
	}
}
