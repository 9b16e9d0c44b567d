package yamldata

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// errs returns the *Errors of err, one per joined error.
func errs(t *testing.T, err error) []*Error {
	t.Helper()
	var out []*Error
	var walk func(error)
	walk = func(e error) {
		if j, ok := e.(interface{ Unwrap() []error }); ok {
			for _, x := range j.Unwrap() {
				walk(x)
			}
			return
		}
		var ye *Error
		if !errors.As(e, &ye) {
			t.Fatalf("%v is not an *Error", e)
		}
		out = append(out, ye)
	}
	if err != nil {
		walk(err)
	}
	return out
}

const sample = `name: Bramble
hp: 40
speed: fast
skill: 12
kind: beast
tags: [wild, wild]
flying: maybe
colour: red
`

// A decoder reports every problem of a file in one pass, each at its line
// and column, with the field and, for a misspelt key or name, the nearest
// known one.
func TestDecoderReportsEveryProblem(t *testing.T) {
	root, err := Parse("bramble.yaml", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	d := NewDecoder("bramble.yaml")
	m := d.Fields(root, "", []string{"name", "hp", "speed", "skill", "kind", "tags", "flying", "color"}, "name", "hp", "reach")
	if got := d.Str(m["name"], "name"); got != "Bramble" {
		t.Errorf("name %q", got)
	}
	d.Int(m["hp"], "hp", 1, 20)
	d.Int(m["speed"], "speed", 0, 10)
	d.Number(m["skill"], "skill", 0, 6)
	d.Name(m["kind"], "kind", "kind", []string{"beast", "biped"})
	d.Names(m["tags"], "tags", "tag", []string{"wild", "tame"}, false)
	d.Bool(m["flying"], "flying")
	want := []string{
		`bramble.yaml:8:1: colour: unknown field "colour"; did you mean "color"?`,
		`bramble.yaml:1:1: reach: missing; it is required`,
		`bramble.yaml:2:5: hp: 40 is out of range 1..20`,
		`bramble.yaml:3:8: speed: expected an integer, got "fast"`,
		`bramble.yaml:4:8: skill: 12 is out of range 0..6`,
		`bramble.yaml:6:14: tags[1]: tag "wild" is listed twice`,
		`bramble.yaml:7:9: flying: expected true or false, got "maybe"`,
	}
	got := errs(t, d.Err())
	if len(got) != len(want) || d.NErrs() != len(want) {
		t.Fatalf("%d errors (NErrs %d), want %d:\n%v", len(got), d.NErrs(), len(want), d.Err())
	}
	for i, w := range want {
		if got[i].Error() != w {
			t.Errorf("error %d:\n got %s\nwant %s", i, got[i], w)
		}
	}
	if e := d.ErrorOf("speed"); e == nil || e.Line != 3 {
		t.Errorf("ErrorOf(speed) = %v", e)
	}
	if !d.Holds(m["hp"], 40) || d.Holds(m["hp"], 41) {
		t.Error("Holds")
	}
}

// A name not in the list is reported with the nearest known name and the
// whole list, however long.
func TestDecoderNameSuggests(t *testing.T) {
	root, _ := Parse("f.yaml", []byte("cond: stuned\n"))
	d := NewDecoder("f.yaml")
	m := d.Fields(root, "", []string{"cond"})
	d.Name(m["cond"], "cond", "condition", []string{"stunned", "bleeding", "burning"})
	if got, want := d.Err().Error(), `f.yaml:1:7: cond: unknown condition "stuned" (known: stunned, bleeding, burning); did you mean "stunned"?`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	var many []string
	for i := range 20 {
		many = append(many, fmt.Sprint("n", i))
	}
	if got := ListOf(many); got != strings.Join(many, ", ") {
		t.Errorf("ListOf(%d names) = %s, want every name", len(many), got)
	}
}

// Parse refuses an empty file and a file of two documents, and reports a
// syntax error at the line of the problem.
func TestParse(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"", "f.yaml:1:1: the file is empty"},
		{"# only a comment\n", "f.yaml:1:1: the file is empty"},
		{"a: 1\n---\nb: 2\n", "f.yaml:2:1: a data file holds one YAML document; remove the second one (after ---)"},
		{"a: 1\nb: [1, 2\nc: 3\n", "f.yaml:2:1: YAML syntax: did not find expected ',' or ']'"},
		{"a: 1\nb: {c: 2} d\ne: 3\n", "f.yaml:2:11: YAML syntax: did not find expected key"},
		{"a: 1\nb: c: 2\n", "f.yaml:2:5: YAML syntax: mapping values are not allowed in this context"},
	} {
		_, err := Parse("f.yaml", []byte(tt.src))
		if err == nil || err.Error() != tt.want {
			t.Errorf("%q: got %v, want %s", tt.src, err, tt.want)
		}
	}
}

// The decoders of one load share a budget of nodes: once a load has
// visited its bound, the next file stops with one error and the files
// after it say nothing more.
func TestBudgetOfNodes(t *testing.T) {
	root, err := Parse("a.yaml", []byte("a: 1\nb: 2\nc: 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	b := &Budget{visits: MaxLoadVisits - 1}
	d := b.Decoder("a.yaml")
	d.Fields(root, "", []string{"a", "b", "c"})
	es := errs(t, d.Err())
	if len(es) != 1 || es[0].Msg != fmt.Sprintf("the data files expand to more than %d nodes in all (aliases nested too deeply?)", MaxLoadVisits) {
		t.Errorf("errors %v", es)
	}
	d2 := b.Decoder("b.yaml")
	d2.Fields(root, "", []string{"a", "b", "c"})
	if d2.Err() != nil {
		t.Errorf("second file: %v", d2.Err())
	}
}

// A load reports at most MaxLoadErrors problems, then says so once.
func TestBudgetOfProblems(t *testing.T) {
	var src strings.Builder
	for i := range 2 * MaxLoadErrors {
		fmt.Fprintf(&src, "field%d: 1\n", i)
	}
	root, err := Parse("many.yaml", []byte(src.String()))
	if err != nil {
		t.Fatal(err)
	}
	d := NewDecoder("many.yaml")
	d.Fields(root, "", []string{"name"})
	es := errs(t, d.Err())
	if len(es) != MaxLoadErrors+1 || es[len(es)-1].Msg != fmt.Sprintf("more than %d problems; fix these first", MaxLoadErrors) {
		t.Errorf("%d errors, the last %v", len(es), es[len(es)-1])
	}
}

// A slug names report files (points_SLUG.csv): at most 64 characters.
func TestSlugLength(t *testing.T) {
	for n, ok := range map[int]bool{1: true, 64: true, 65: false, 300: false} {
		if got := SlugRE.MatchString(strings.Repeat("h", n)); got != ok {
			t.Errorf("a slug of %d characters: %v, want %v", n, got, ok)
		}
	}
}

// An integer too large for any number the data holds is out of range,
// not "not an integer"; a fraction is not an integer.
func TestIntPastInt64(t *testing.T) {
	root, err := Parse("big.yaml", []byte("a: 99999999999999999999\nb: 1.5\nc: -99999999999999999999\n"))
	if err != nil {
		t.Fatal(err)
	}
	d := NewDecoder("big.yaml")
	m := d.Fields(root, "", []string{"a", "b", "c"})
	d.Int(m["a"], "a", 1, 200)
	d.Int(m["b"], "b", 1, 200)
	d.Int(m["c"], "c", 1, 200)
	want := []string{
		`big.yaml:1:4: a: 99999999999999999999 is out of range 1..200`,
		`big.yaml:2:4: b: expected an integer, got "1.5"`,
		`big.yaml:3:4: c: -99999999999999999999 is out of range 1..200`,
	}
	got := errs(t, d.Err())
	if len(got) != len(want) {
		t.Fatalf("%d errors, want %d:\n%v", len(got), len(want), d.Err())
	}
	for i, w := range want {
		if got[i].Error() != w {
			t.Errorf("error %d:\n got %s\nwant %s", i, got[i], w)
		}
	}
}
