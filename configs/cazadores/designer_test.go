package cazadores

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestDesignerFilesValidate checks that every test Adversary under
// testdata validates.
func TestDesignerFilesValidate(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no test Adversaries: %v", err)
	}
	for _, f := range files {
		if err := ValidateFiles(f); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// TestMinRangeErrors checks min_range's errors: on an action that makes no
// attack, at or above a fixed range, out of its range.
func TestMinRangeErrors(t *testing.T) {
	rules := DefaultRules()
	for _, c := range []struct {
		special, field, msg string
	}{
		{"{tree: aggressive, name: X, attack: none, min_range: 2}", "special.queen.min_range", "min_range needs an attack"},
		{"{tree: aggressive, name: X, attack: shooting, range: 4, min_range: 4}", "special.queen.min_range", "min_range 4 is not below the action's range 4"},
		{"{tree: aggressive, name: X, attack: shooting, min_range: 60}", "special.queen.min_range", "60 is out of range 0..48"},
	} {
		_, err := decodeAdversary("like.yaml", "like", []byte(likeAdversary(c.special)), &rules)
		es := allErrors(t, err)
		if len(es) != 1 || es[0].Field != c.field || !strings.Contains(es[0].Msg, c.msg) || es[0].Line != 12 {
			t.Errorf("%s: errors %v, want one at line 12, field %s, saying %q", c.special, err, c.field, c.msg)
		}
	}
	a, err := decodeAdversary("like.yaml", "like", []byte(likeAdversary("{tree: aggressive, like: standard, min_range: 2.5}")), &rules)
	if err != nil || a.Special[2].MinRange != 2.5 || a.Actions[2].MinRange != 0 {
		t.Errorf("min_range 2.5 beside like: %v, %+v", err, a.Special[2])
	}
}
