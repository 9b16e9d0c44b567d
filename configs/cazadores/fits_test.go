package cazadores

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"balance/configs/yamldata"
)

// TestBoardTooSmall checks that a board the models cannot be deployed on
// without stacking bases (or pushing them past its edge) is refused at
// compile, naming the scenario file and its size, and that every bundled
// design still compiles.
func TestBoardTooSmall(t *testing.T) {
	for _, tc := range []struct{ size, want string }{
		{"[1, 1]", "[1, 1] is too small for the models: the Pack's row of 4 bases"},
		{"[3, 3]", "[3, 3] is too small for the models"},
		{"[24, 3]", "the Pack's row takes"},
	} {
		dir := t.TempDir()
		p := filepath.Join(dir, "scenarios", "tiny.yaml")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("name: Tiny\nsize: "+tc.size+"\nexits:\n  - {edge: south}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		d, err := Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		err = d.Check("wandering-son", "duo", "tiny")
		var ye *yamldata.Error
		if !errors.As(err, &ye) || ye.Field != "size" || ye.Line != 2 || !strings.HasSuffix(ye.File, "tiny.yaml") || !strings.Contains(ye.Msg, tc.want) {
			t.Errorf("size %s: got %v, want an error at tiny.yaml:2, field size, saying %q", tc.size, err, tc.want)
		}
		if _, err := d.Compile("wandering-son", "duo", "tiny"); err == nil {
			t.Errorf("size %s: Compile accepted the board", tc.size)
		}
	}
	d, err := Load("")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range d.Slugs("adversaries") {
		for _, p := range d.Slugs("packs") {
			for _, s := range d.Slugs("scenarios") {
				if err := d.Check(a, p, s); err != nil {
					t.Errorf("%s, %s, %s: %v", a, p, s, err)
				}
			}
		}
	}
}
