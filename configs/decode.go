package configs

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
// the decoder visit, those all the files of one load may, and the problems
// one load reports (past them, the rest are the same mistake repeated).
// The bundled data visits some 3,000 nodes in all.
const (
	maxVisits     = 200_000
	maxLoadVisits = 1_000_000
	maxLoadErrors = 500
)

// budget is what the decoders of one load share of the bounds.
type budget struct {
	visits, errors int
	spent          bool // maxLoadVisits or maxLoadErrors was reached, and said
}

// decoder returns a decoder of file drawing on b.
func (b *budget) decoder(file string) *decoder { return &decoder{file: file, budget: b} }

// decoder walks the yaml.Node tree of one file and records every problem as
// an *Error with the position of the offending node. Its methods never stop
// at the first error: they report it and return a zero value, so one pass
// finds everything wrong with a file.
type decoder struct {
	file   string
	errs   []error
	visits int
	abort  bool
	budget *budget
}

// newDecoder returns a decoder of one file with a budget of its own.
func newDecoder(file string) *decoder { return (&budget{}).decoder(file) }

// fail records an error at node n (nil: position unknown).
func (d *decoder) fail(n *yaml.Node, field, suggest, format string, args ...any) {
	if d.budget.spent {
		d.abort = true
		return
	}
	if d.budget.errors++; d.budget.errors > maxLoadErrors {
		d.budget.spent, d.abort = true, true
		d.errs = append(d.errs, &Error{File: d.file, Msg: fmt.Sprintf("more than %d problems; fix these first", maxLoadErrors)})
		return
	}
	e := &Error{File: d.file, Field: field, Msg: fmt.Sprintf(format, args...), Suggest: suggest}
	if n != nil {
		e.Line, e.Col = n.Line, n.Column
	}
	d.errs = append(d.errs, e)
}

// lastError returns the error recorded last, or nil (also once the
// budget is spent).
func (d *decoder) lastError() *Error {
	if len(d.errs) == 0 || d.budget.spent {
		return nil
	}
	e, _ := d.errs[len(d.errs)-1].(*Error)
	return e
}

// errorOf returns the last error recorded about field, or nil.
func (d *decoder) errorOf(field string) *Error {
	for i := len(d.errs) - 1; i >= 0; i-- {
		if e, ok := d.errs[i].(*Error); ok && e.Field == field {
			return e
		}
	}
	return nil
}

// holds reports whether n is written as the integer v, that is, whether v
// was decoded from n without an error.
func (d *decoder) holds(n *yaml.Node, v int) bool {
	n = d.res(n)
	var x int64
	return n != nil && n.Kind == yaml.ScalarNode && n.Tag == "!!int" && n.Decode(&x) == nil && x == int64(v)
}

// err returns the errors found so far, joined, or nil.
func (d *decoder) err() error { return errors.Join(d.errs...) }

// res resolves aliases and document nodes. It returns nil once the visit
// budget is spent.
func (d *decoder) res(n *yaml.Node) *yaml.Node {
	if n == nil || d.abort {
		return nil
	}
	d.visits++
	d.budget.visits++
	switch {
	case d.budget.spent:
		d.abort = true
		return nil
	case d.visits > maxVisits:
		d.fail(n, "", "", "the file expands to more than %d nodes (aliases nested too deeply?)", maxVisits)
		d.abort = true
		return nil
	case d.budget.visits > maxLoadVisits:
		d.fail(n, "", "", "the data files expand to more than %d nodes in all (aliases nested too deeply?)", maxLoadVisits)
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

// parseYAML parses one file of a single YAML document. It never panics: a
// panic inside the YAML parser becomes an error.
func parseYAML(file string, b []byte) (root *yaml.Node, err error) {
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

// at and idx build field paths: "actions.ace", "hit_locations[2]".
func at(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func idx(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i) }

// describe names what a node holds, for "expected X, got Y" messages.
func describe(n *yaml.Node) string {
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

func isNull(n *yaml.Node) bool {
	return n == nil || (n.Kind == yaml.ScalarNode && n.Tag == "!!null")
}

// entry is one key and value of a mapping.
type entry struct {
	key  string
	k, v *yaml.Node
}

// pairs returns the entries of a mapping in file order, reporting keys that
// are not scalars and keys given twice (the later one is dropped).
func (d *decoder) pairs(n *yaml.Node, path string) []entry {
	n = d.res(n)
	if n == nil {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		d.fail(n, path, "", "expected a mapping, got %s", describe(n))
		return nil
	}
	out := make([]entry, 0, len(n.Content)/2)
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			d.fail(k, path, "", "a key must be a plain name, got %s", describe(k))
			continue
		}
		if k.Tag == "!!merge" {
			d.fail(k, at(path, k.Value), "", "merge keys (<<) are not supported; write the fields out")
			continue
		}
		if first, dup := seen[k.Value]; dup {
			d.fail(k, at(path, k.Value), "", "duplicate key %q (first given on line %d)", k.Value, first.Line)
			continue
		}
		seen[k.Value] = k
		out = append(out, entry{k.Value, k, v})
	}
	return out
}

// fields decodes a mapping with a fixed set of known keys. It reports
// unknown keys (with the nearest known one) and missing required keys, and
// returns the value node of each key present.
func (d *decoder) fields(n *yaml.Node, path string, known []string, required ...string) map[string]*yaml.Node {
	m := map[string]*yaml.Node{}
	rn := d.res(n)
	if rn == nil {
		return m
	}
	for _, e := range d.pairs(rn, path) {
		if !slices.Contains(known, e.key) {
			d.fail(e.k, at(path, e.key), typo.Nearest(e.key, known), "unknown field %q", e.key)
			continue
		}
		m[e.key] = e.v
	}
	if rn.Kind == yaml.MappingNode {
		for _, r := range required {
			if _, ok := m[r]; !ok {
				d.fail(rn, at(path, r), "", "missing; it is required")
			}
		}
	}
	return m
}

// integer decodes an integer in lo..hi.
func (d *decoder) integer(n *yaml.Node, path string, lo, hi int) int {
	n = d.res(n)
	if n == nil {
		return 0
	}
	var v int64
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" || n.Decode(&v) != nil {
		d.fail(n, path, "", "expected an integer, got %s", describe(n))
		return 0
	}
	if v < int64(lo) || v > int64(hi) {
		d.fail(n, path, "", "%d is out of range %d..%d", v, lo, hi)
		return int(max(min(v, int64(hi)), int64(lo)))
	}
	return int(v)
}

// number decodes a number (integer or decimal) in lo..hi.
func (d *decoder) number(n *yaml.Node, path string, lo, hi float64) float64 {
	n = d.res(n)
	if n == nil {
		return 0
	}
	var v float64
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") || n.Decode(&v) != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		d.fail(n, path, "", "expected a number, got %s", describe(n))
		return 0
	}
	if v < lo || v > hi {
		d.fail(n, path, "", "%g is out of range %g..%g", v, lo, hi)
		return max(min(v, hi), lo)
	}
	return v
}

// boolean decodes true or false.
func (d *decoder) boolean(n *yaml.Node, path string) bool {
	n = d.res(n)
	if n == nil {
		return false
	}
	var v bool
	if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" || n.Decode(&v) != nil {
		d.fail(n, path, "", "expected true or false, got %s", describe(n))
		return false
	}
	return v
}

// str decodes a non-empty text.
func (d *decoder) str(n *yaml.Node, path string) string {
	n = d.res(n)
	if n == nil {
		return ""
	}
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		d.fail(n, path, "", "expected a text, got %s", describe(n))
		return ""
	}
	if strings.TrimSpace(n.Value) == "" {
		d.fail(n, path, "", "must not be empty")
		return ""
	}
	return n.Value
}

// name decodes one of a fixed list of names; what says what kind of name it
// is, for the message ("unknown condition \"stuned\"").
func (d *decoder) name(n *yaml.Node, path, what string, allowed []string) string {
	rn := d.res(n)
	s := d.str(rn, path)
	if s == "" {
		return ""
	}
	if !slices.Contains(allowed, s) {
		d.fail(rn, path, typo.Nearest(s, allowed), "unknown %s %q (known: %s)", what, s, listOf(allowed))
		return ""
	}
	return s
}

// listOf lists names for a message, shortened when long.
func listOf(names []string) string {
	if len(names) > 12 {
		return strings.Join(names[:12], ", ") + ", ..."
	}
	return strings.Join(names, ", ")
}

// seq decodes a list; null counts as the empty list.
func (d *decoder) seq(n *yaml.Node, path string) []*yaml.Node {
	n = d.res(n)
	if n == nil || isNull(n) {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		d.fail(n, path, "", "expected a list, got %s", describe(n))
		return nil
	}
	return n.Content
}

// names decodes a list of names from allowed, reporting repeats unless dup.
func (d *decoder) names(n *yaml.Node, path, what string, allowed []string, dup bool) []string {
	var out []string
	for i, item := range d.seq(n, path) {
		s := d.name(item, idx(path, i), what, allowed)
		if s == "" {
			continue
		}
		if !dup && slices.Contains(out, s) {
			d.fail(d.res(item), idx(path, i), "", "%s %q is listed twice", what, s)
			continue
		}
		out = append(out, s)
	}
	return out
}

var slugRE = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)

// slugKey checks that a mapping key is a slug.
func (d *decoder) slugKey(e entry, path string) bool {
	if !slugRE.MatchString(e.key) {
		d.fail(e.k, at(path, e.key), "", "a slug must be lower-case letters, digits, - or _")
		return false
	}
	return true
}

// rangeBand decodes a range: a number (melee reach, min 0) or [min, max].
// wantBand says which form is expected; the other is an error.
func (d *decoder) rangeBand(n *yaml.Node, path string, wantBand bool) (lo, hi float64) {
	rn := d.res(n)
	if rn == nil {
		return 0, 0
	}
	if rn.Kind == yaml.SequenceNode {
		if !wantBand {
			d.fail(rn, path, "", "expected one number (reach in inches), got a list")
			return 0, 0
		}
		if len(rn.Content) != 2 {
			d.fail(rn, path, "", "expected [min, max], got a list of %d", len(rn.Content))
			return 0, 0
		}
		lo = d.number(rn.Content[0], idx(path, 0), 0, 48)
		hi = d.number(rn.Content[1], idx(path, 1), 0, 48)
		if lo > hi {
			d.fail(rn, path, "", "min %g is above max %g", lo, hi)
		}
		return lo, hi
	}
	if wantBand {
		d.fail(rn, path, "", "expected [min, max] in inches, got %s", describe(rn))
		return 0, 0
	}
	return 0, d.number(rn, path, 0, 48)
}
