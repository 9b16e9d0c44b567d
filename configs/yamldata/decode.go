package yamldata

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"balance/internal/typo"
)

// Bounds of decoding, so that aliases expanding into each other cannot make
// a small file take forever or fill the memory: the nodes one file may make
// the Decoder visit, those all the files of one load may, and the problems
// one load reports (past them, the rest are the same mistake repeated).
// The bundled data visits some 3,000 nodes in all.
const (
	MaxVisits     = 200_000
	MaxLoadVisits = 1_000_000
	MaxLoadErrors = 500
)

// Budget is what the decoders of one load share of the bounds. The zero
// value is a fresh budget.
type Budget struct {
	visits, errors int
	spent          bool // MaxLoadVisits or MaxLoadErrors was reached, and said
}

// Decoder returns a decoder of file drawing on b.
func (b *Budget) Decoder(file string) *Decoder { return &Decoder{file: file, budget: b} }

// Decoder walks the yaml.Node tree of one file and records every problem as
// an *Error with the position of the offending node. Its methods never stop
// at the first error: they report it and return a zero value, so one pass
// finds everything wrong with a file.
type Decoder struct {
	file   string
	errs   []error
	visits int
	abort  bool
	budget *Budget
}

// NewDecoder returns a decoder of one file with a budget of its own.
func NewDecoder(file string) *Decoder { return (&Budget{}).Decoder(file) }

// File is the name of the file the decoder reads, as its errors give it.
func (d *Decoder) File() string { return d.file }

// Fail records an error at node n (nil: position unknown) about field,
// with a suggested spelling or value ("" for none).
func (d *Decoder) Fail(n *yaml.Node, field, suggest, format string, args ...any) {
	if d.budget.spent {
		d.abort = true
		return
	}
	if d.budget.errors++; d.budget.errors > MaxLoadErrors {
		d.budget.spent, d.abort = true, true
		d.errs = append(d.errs, &Error{File: d.file, Msg: fmt.Sprintf("more than %d problems; fix these first", MaxLoadErrors)})
		return
	}
	e := &Error{File: d.file, Field: field, Msg: fmt.Sprintf(format, args...), Suggest: suggest}
	if n != nil {
		e.Line, e.Col = n.Line, n.Column
	}
	d.errs = append(d.errs, e)
}

// LastError returns the error recorded last, or nil (also once the
// budget is spent).
func (d *Decoder) LastError() *Error {
	if len(d.errs) == 0 || d.budget.spent {
		return nil
	}
	e, _ := d.errs[len(d.errs)-1].(*Error)
	return e
}

// ErrorOf returns the last error recorded about field, or nil.
func (d *Decoder) ErrorOf(field string) *Error {
	for i := len(d.errs) - 1; i >= 0; i-- {
		if e, ok := d.errs[i].(*Error); ok && e.Field == field {
			return e
		}
	}
	return nil
}

// Holds reports whether n is written as the integer v, that is, whether v
// was decoded from n without an error.
func (d *Decoder) Holds(n *yaml.Node, v int) bool {
	n = d.Res(n)
	var x int64
	return n != nil && n.Kind == yaml.ScalarNode && n.Tag == "!!int" && n.Decode(&x) == nil && x == int64(v)
}

// Err returns the errors found so far, joined, or nil.
func (d *Decoder) Err() error { return errors.Join(d.errs...) }

// Errs returns the errors found so far, in the order found.
func (d *Decoder) Errs() []error { return d.errs }

// NErrs is the number of errors recorded so far: a decoder of a part
// compares it before and after, to tell whether that part was sound.
func (d *Decoder) NErrs() int { return len(d.errs) }

// Res resolves aliases and document nodes. It returns nil once the visit
// budget is spent.
func (d *Decoder) Res(n *yaml.Node) *yaml.Node {
	if n == nil || d.abort {
		return nil
	}
	d.visits++
	d.budget.visits++
	switch {
	case d.budget.spent:
		d.abort = true
		return nil
	case d.visits > MaxVisits:
		d.Fail(n, "", "", "the file expands to more than %d nodes (aliases nested too deeply?)", MaxVisits)
		d.abort = true
		return nil
	case d.budget.visits > MaxLoadVisits:
		d.Fail(n, "", "", "the data files expand to more than %d nodes in all (aliases nested too deeply?)", MaxLoadVisits)
		d.budget.spent, d.abort = true, true
		return nil
	}
	for hops := 0; n != nil && (n.Kind == yaml.AliasNode || n.Kind == yaml.DocumentNode); hops++ {
		if hops > 100 {
			return nil
		}
		if n.Kind == yaml.AliasNode {
			n = n.Alias
		} else if len(n.Content) > 0 {
			n = n.Content[0]
		} else {
			return nil
		}
	}
	return n
}

var yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// parserProblems are the yaml.v3 parser's (not scanner's) messages. yaml.v3
// numbers the lines of these from 0, and omits line 0, so their line is one
// more than the message says.
var parserProblems = []string{
	"did not find expected ',' or ']'",
	"did not find expected ',' or '}'",
	"did not find expected <document start>",
	"did not find expected '-' indicator",
	"did not find expected key",
	"did not find expected node content",
	"did not find expected <stream-start>",
	"found duplicate %YAML directive",
	"found duplicate %TAG directive",
	"found incompatible YAML document",
	"found undefined tag handle",
}

// Parse parses one file of a single YAML document. It never panics: a
// panic inside the YAML parser becomes an error.
func Parse(file string, b []byte) (root *yaml.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			root, err = nil, &Error{File: file, Line: 1, Col: 1, Msg: fmt.Sprintf("cannot parse YAML: %v", r)}
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(b))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if err == io.EOF {
			return nil, &Error{File: file, Line: 1, Col: 1, Msg: "the file is empty"}
		}
		return nil, yamlError(file, b, err)
	}
	var next yaml.Node
	if err := dec.Decode(&next); err != io.EOF {
		if err != nil {
			return nil, yamlError(file, b, err)
		}
		return nil, &Error{File: file, Line: next.Line, Col: next.Column, Msg: "a data file holds one YAML document; remove the second one (after ---)"}
	}
	if doc.Kind == yaml.DocumentNode && len(doc.Content) == 0 {
		return nil, &Error{File: file, Line: 1, Col: 1, Msg: "the file is empty"}
	}
	if doc.Kind == yaml.DocumentNode && doc.Content[0].Kind == yaml.ScalarNode && doc.Content[0].Tag == "!!null" {
		return nil, &Error{File: file, Line: 1, Col: 1, Msg: "the file is empty"}
	}
	return &doc, nil
}

// yamlError turns a yaml.v3 syntax error in the file content b into an
// *Error at the line and column of the problem. yaml.v3 reports many
// syntax errors at the line where the enclosing block starts (a stray
// token on line 40 of an Adversary file is "line 4: did not find expected
// key", line 4 holding the file's first key), so the problem is found as
// the end of the shortest part of b that fails with the same message.
func yamlError(file string, b []byte, err error) error {
	msg := err.Error()
	if line, col, ok := syntaxPosition(b, msg); ok {
		problem := strings.TrimPrefix(msg, "yaml: ")
		if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
			problem = m[2]
		}
		return &Error{File: file, Line: line, Col: col, Msg: "YAML syntax: " + problem}
	}
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		if slices.Contains(parserProblems, m[2]) {
			line++
		}
		return &Error{File: file, Line: line, Col: 1, Msg: "YAML syntax: " + m[2]}
	}
	return &Error{File: file, Line: 1, Col: 1, Msg: "YAML syntax: " + strings.TrimPrefix(msg, "yaml: ")}
}

// syntaxPosition finds where the syntax error msg of b lies: the line of
// the shortest prefix of whole lines of b whose parse fails with the same
// message, and the column (1-based, in bytes) of the last byte of the
// shortest prefix of that line that does. Errors a cut-off document also
// gives (an open flow collection or quote) would be found where the cut
// falls, not where the problem is: their column is the line's first
// non-blank one. It reports false when no prefix fails that way (the
// message then names the line to use).
//
// Both searches are binary: a prefix that holds the error fails with its
// message however much longer it is, so the prefixes that fail so are the
// longer ones. A file of n bytes costs O(log n) parses, not one a line or
// a byte (a megabyte on one line would take hours).
func syntaxPosition(b []byte, msg string) (line, col int, ok bool) {
	lines := bytes.SplitAfter(b, []byte("\n"))
	ends := make([]int, len(lines)) // ends[k]: the length of the prefix through line k
	end := 0
	for k, l := range lines {
		end += len(l)
		ends[k] = end
	}
	fails := func(n int) bool { return syntaxMessage(b[:n]) == msg }
	k := sort.Search(len(lines), func(k int) bool { return fails(ends[k]) })
	if k == len(lines) {
		return 0, 0, false
	}
	l := lines[k]
	start := ends[k] - len(l)
	col = 1 + len(l) - len(bytes.TrimLeft(l, " \t"))
	if slices.ContainsFunc(cutProblems, func(p string) bool { return strings.HasSuffix(msg, p) }) {
		return k + 1, col, true
	}
	if c := 1 + sort.Search(len(l), func(c int) bool { return fails(start + c + 1) }); c <= len(l) {
		return k + 1, c, true
	}
	return k + 1, col, true
}

// cutProblems are the yaml.v3 messages a document cut off inside a flow
// collection or a quoted scalar gives.
var cutProblems = []string{
	"did not find expected ',' or ']'",
	"did not find expected ',' or '}'",
	"did not find expected node content",
	"found unexpected end of stream",
}

// syntaxMessage is the message of the first error decoding the YAML
// documents of b gives, "" if none (a panic in the parser is an error).
func syntaxMessage(b []byte) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(b))
	for {
		var n yaml.Node
		switch err := dec.Decode(&n); err {
		case nil:
		case io.EOF:
			return ""
		default:
			return err.Error()
		}
	}
}

// At and Idx build field paths: "actions.ace", "hit_locations[2]".
func At(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// Idx is the path of item i of the list at path.
func Idx(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i) }

// Describe names what a node holds, for "expected X, got Y" messages.
func Describe(n *yaml.Node) string {
	switch {
	case n == nil:
		return "nothing"
	case n.Kind == yaml.MappingNode:
		return "a mapping"
	case n.Kind == yaml.SequenceNode:
		return "a list"
	case n.Kind == yaml.ScalarNode && n.Tag == "!!null":
		return "nothing (null)"
	case n.Kind == yaml.ScalarNode:
		return strconv.Quote(n.Value)
	}
	return "an unexpected node"
}

// IsNull reports whether n is missing or written as null.
func IsNull(n *yaml.Node) bool {
	return n == nil || (n.Kind == yaml.ScalarNode && n.Tag == "!!null")
}

// Entry is one key and value of a mapping.
type Entry struct {
	Key  string
	K, V *yaml.Node // the key's node, the value's
}

// Pairs returns the entries of a mapping in file order, reporting keys that
// are not scalars and keys given twice (the later one is dropped).
func (d *Decoder) Pairs(n *yaml.Node, path string) []Entry {
	n = d.Res(n)
	if n == nil {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		d.Fail(n, path, "", "expected a mapping, got %s", Describe(n))
		return nil
	}
	out := make([]Entry, 0, len(n.Content)/2)
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			d.Fail(k, path, "", "a key must be a plain name, got %s", Describe(k))
			continue
		}
		if k.Tag == "!!merge" {
			d.Fail(k, At(path, k.Value), "", "merge keys (<<) are not supported; write the fields out")
			continue
		}
		if first, dup := seen[k.Value]; dup {
			d.Fail(k, At(path, k.Value), "", "duplicate key %q (first given on line %d)", k.Value, first.Line)
			continue
		}
		seen[k.Value] = k
		out = append(out, Entry{k.Value, k, v})
	}
	return out
}

// Fields decodes a mapping with a fixed set of known keys. It reports
// unknown keys (with the nearest known one) and missing required keys, and
// returns the value node of each key present.
func (d *Decoder) Fields(n *yaml.Node, path string, known []string, required ...string) map[string]*yaml.Node {
	m := map[string]*yaml.Node{}
	rn := d.Res(n)
	if rn == nil {
		return m
	}
	for _, e := range d.Pairs(rn, path) {
		if !slices.Contains(known, e.Key) {
			d.Fail(e.K, At(path, e.Key), typo.Nearest(e.Key, known), "unknown field %q", e.Key)
			continue
		}
		m[e.Key] = e.V
	}
	if rn.Kind == yaml.MappingNode {
		for _, r := range required {
			if _, ok := m[r]; !ok {
				d.Fail(rn, At(path, r), "", "missing; it is required")
			}
		}
	}
	return m
}

// wholeRE is a whole number written in decimal digits.
var wholeRE = regexp.MustCompile(`^[-+]?[0-9]+$`)

// Int decodes an integer in lo..hi.
func (d *Decoder) Int(n *yaml.Node, path string, lo, hi int) int {
	n = d.Res(n)
	if n == nil {
		return 0
	}
	var v int64
	if n.Kind == yaml.ScalarNode && n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) == 0 && wholeRE.MatchString(n.Value) &&
		(n.Tag != "!!int" || n.Decode(&v) != nil) {
		// plain digits past int64 (read as a float or a string): too
		// large, not a fraction nor a word
		d.Fail(n, path, "", "%s is out of range %d..%d", n.Value, lo, hi)
		return 0
	}
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" || n.Decode(&v) != nil {
		d.Fail(n, path, "", "expected an integer, got %s", Describe(n))
		return 0
	}
	if v < int64(lo) || v > int64(hi) {
		d.Fail(n, path, "", "%d is out of range %d..%d", v, lo, hi)
		return int(max(min(v, int64(hi)), int64(lo)))
	}
	return int(v)
}

// Number decodes a number (integer or decimal) in lo..hi.
func (d *Decoder) Number(n *yaml.Node, path string, lo, hi float64) float64 {
	n = d.Res(n)
	if n == nil {
		return 0
	}
	var v float64
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") || n.Decode(&v) != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		d.Fail(n, path, "", "expected a number, got %s", Describe(n))
		return 0
	}
	if v < lo || v > hi {
		d.Fail(n, path, "", "%g is out of range %g..%g", v, lo, hi)
		return max(min(v, hi), lo)
	}
	return v
}

// Bool decodes true or false.
func (d *Decoder) Bool(n *yaml.Node, path string) bool {
	n = d.Res(n)
	if n == nil {
		return false
	}
	var v bool
	if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" || n.Decode(&v) != nil {
		d.Fail(n, path, "", "expected true or false, got %s", Describe(n))
		return false
	}
	return v
}

// Str decodes a non-empty text.
func (d *Decoder) Str(n *yaml.Node, path string) string {
	n = d.Res(n)
	if n == nil {
		return ""
	}
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		d.Fail(n, path, "", "expected a text, got %s", Describe(n))
		return ""
	}
	if strings.TrimSpace(n.Value) == "" {
		d.Fail(n, path, "", "must not be empty")
		return ""
	}
	return n.Value
}

// Name decodes one of a fixed list of names; what says what kind of name it
// is, for the message ("unknown condition \"stuned\"").
func (d *Decoder) Name(n *yaml.Node, path, what string, allowed []string) string {
	rn := d.Res(n)
	s := d.Str(rn, path)
	if s == "" {
		return ""
	}
	if !slices.Contains(allowed, s) {
		d.Fail(rn, path, typo.Nearest(s, allowed), "unknown %s %q (known: %s)", what, s, ListOf(allowed))
		return ""
	}
	return s
}

// ListOf lists names for a message, every one of them: a designer who
// misspelt one must see them all to choose.
func ListOf(names []string) string {
	return strings.Join(names, ", ")
}

// Seq decodes a list; null counts as the empty list.
func (d *Decoder) Seq(n *yaml.Node, path string) []*yaml.Node {
	n = d.Res(n)
	if n == nil || IsNull(n) {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		d.Fail(n, path, "", "expected a list, got %s", Describe(n))
		return nil
	}
	return n.Content
}

// Names decodes a list of names from allowed, reporting repeats unless dup.
func (d *Decoder) Names(n *yaml.Node, path, what string, allowed []string, dup bool) []string {
	var out []string
	for i, item := range d.Seq(n, path) {
		s := d.Name(item, Idx(path, i), what, allowed)
		if s == "" {
			continue
		}
		if !dup && slices.Contains(out, s) {
			d.Fail(d.Res(item), Idx(path, i), "", "%s %q is listed twice", what, s)
			continue
		}
		out = append(out, s)
	}
	return out
}

// SlugRE is what a slug matches: lower-case letters, digits, - and _,
// starting with a letter or a digit, at most 64 characters (a slug names
// report files: points_SLUG.csv must be a file name any system takes).
var SlugRE = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,63}$`)

// SlugRule says what SlugRE takes, for messages.
const SlugRule = "lower-case letters a-z, digits, - or _, at most 64 characters"

// SlugKey checks that a mapping key is a slug.
func (d *Decoder) SlugKey(e Entry, path string) bool {
	if !SlugRE.MatchString(e.Key) {
		d.Fail(e.K, At(path, e.Key), "", "a slug must be "+SlugRule)
		return false
	}
	return true
}
