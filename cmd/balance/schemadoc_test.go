package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"balance/stats"
)

// docSection is one table of fields of a schema document: a "## Name"
// heading whose table starts "| Field | Type |".
type docSection struct {
	id     string            // FILE#anchor
	fields map[string]string // field -> the section its type links to ("" for none, freeObject for an object of free keys)
	order  []string
}

// freeObject marks a field whose type is "object": its keys are the
// game's own (e.g. a baseline's choice), not listed by the documents.
const freeObject = "*"

var (
	docHeading = regexp.MustCompile(`^## (.+)$`)
	docField   = regexp.MustCompile("`([^`]+)`")
	docLink    = regexp.MustCompile(`\]\(([^)]*#[^)]+)\)`)
)

// readSchemaDoc reads the field tables of docs/NAME.
func readSchemaDoc(t *testing.T, name string, into map[string]*docSection) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", name))
	if err != nil {
		t.Fatal(err)
	}
	var cur *docSection
	inTable := false
	for n, line := range strings.Split(string(b), "\n") {
		if m := docHeading.FindStringSubmatch(line); m != nil {
			cur = &docSection{id: name + "#" + strings.ToLower(m[1]), fields: map[string]string{}}
			inTable = false
			continue
		}
		if cur == nil {
			continue
		}
		if strings.HasPrefix(line, "| Field | Type |") {
			inTable = true
			into[cur.id] = cur
			continue
		}
		if !inTable || strings.HasPrefix(line, "|---") {
			continue
		}
		if !strings.HasPrefix(line, "|") {
			inTable = false
			continue
		}
		cells := strings.Split(line, "|")
		if len(cells) < 4 {
			t.Fatalf("docs/%s:%d: a row of a field table has fewer than two cells", name, n+1)
		}
		link := ""
		if strings.HasPrefix(strings.TrimSpace(cells[2]), "object") {
			link = freeObject
		}
		if m := docLink.FindStringSubmatch(cells[2]); m != nil {
			link = m[1]
			if strings.HasPrefix(link, "#") {
				link = name + link
			}
		}
		for _, f := range docField.FindAllStringSubmatch(cells[1], -1) {
			if _, dup := cur.fields[f[1]]; dup {
				t.Errorf("docs/%s:%d: %s listed twice in %s", name, n+1, f[1], cur.id)
			}
			cur.fields[f[1]] = link
			cur.order = append(cur.order, f[1])
		}
	}
}

// walkSchemaDoc checks every key of the JSON value v, an object the
// section id describes, against the documents' tables, and marks the
// fields it meets in used.
func walkSchemaDoc(t *testing.T, secs map[string]*docSection, used map[string]bool, id, path string, v any) {
	t.Helper()
	sec := secs[id]
	if sec == nil {
		t.Errorf("%s: the documents have no table %s", path, id)
		return
	}
	obj, ok := v.(map[string]any)
	if !ok {
		t.Errorf("%s: %s describes an object, the JSON has %T", path, id, v)
		return
	}
	used[id] = true
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		link, ok := sec.fields[k]
		p := path + "." + k
		if !ok {
			if !used["missing "+id+" "+k] {
				used["missing "+id+" "+k] = true
				t.Errorf("%s: the key %q is not in the table of %s", p, k, id)
			}
			continue
		}
		used[id+" "+k] = true
		var elems []any
		switch x := obj[k].(type) {
		case []any:
			elems = x
		case map[string]any:
			elems = []any{x}
		}
		for _, e := range elems {
			_, isObj := e.(map[string]any)
			switch {
			case link == freeObject:
			case link != "":
				walkSchemaDoc(t, secs, used, link, p, e)
			case isObj:
				t.Errorf("%s: an object, but the table of %s links no table for %s", p, id, k)
			}
		}
	}
}

// checkSchemaDocUsed reports every table whose id starts with prefix that
// no JSON walked met, and every field of one that no JSON had.
func checkSchemaDocUsed(t *testing.T, secs map[string]*docSection, used map[string]bool, prefix string) {
	t.Helper()
	ids := make([]string, 0, len(secs))
	for id := range secs {
		if strings.HasPrefix(id, prefix) {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	for _, id := range ids {
		if !used[id] {
			t.Errorf("docs/%s: no JSON has the object this table describes", id)
			continue
		}
		for _, f := range secs[id].order {
			if !used[id+" "+f] {
				t.Errorf("docs/%s: %s is listed, but no JSON has it", id, f)
			}
		}
	}
}

// The schema documents list every key summary.json and skill.json have,
// for Cazadores, the duel and Vantage, each in the table of the object it is
// in, and no key that none of them has; the examples of the schemas of
// Cazadores and the duel are generated from their summary.json.
func TestSchemaDocs(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	runs := []struct {
		args []string
		file string
		root string
	}{
		// -target-error, so that the target_error fields are written.
		{[]string{"run", "-hunts", "300", "-seed", "1", "-card-hunts", "30", "-target-error", "0.2"}, p("caz.json"), "summary-schema.md#report"},
		{[]string{"run", "-game", "duel", "-hunts", "400", "-seed", "1"}, p("duel.json"), "summary-schema.md#report"},
		// Vantage: sides with plural labels.
		{[]string{"run", "-game", "vantage", "-hunts", "300", "-seed", "1"}, p("vantage.json"), "summary-schema.md#report"},
		{[]string{"skill", "-hunts", "40", "-seed", "1", "-target-error", "0.3"}, p("caz-skill.json"), "skill-schema.md#skill"},
		{[]string{"skill", "-game", "duel", "-hunts", "200", "-seed", "1"}, p("duel-skill.json"), "skill-schema.md#skill"},
	}
	secs := map[string]*docSection{}
	readSchemaDoc(t, "summary-schema.md", secs)
	readSchemaDoc(t, "skill-schema.md", secs)
	used := map[string]bool{}
	for _, r := range runs {
		args := append(r.args, "-json", r.file, "-quiet")
		if code, _, errb := balance(t, args...); code != exitOK {
			t.Fatalf("balance %s: exit %d: %s", strings.Join(args, " "), code, errb)
		}
		b, err := os.ReadFile(r.file)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		walkSchemaDoc(t, secs, used, r.root, strings.Join(r.args[:1], " "), v)
	}
	// A distribution clipped at both ends, which none of the runs above
	// has (the sample games' histograms hold all their values): values
	// -4, 0, 1, 5 in a histogram of -1 to 2 (its sum is the exact one, its
	// sum of squares is not: either end may hold a clipped value).
	b, err := json.Marshal(stats.Exact([]int64{1, 1, 1, 1}, 1, 2, 42))
	if err != nil {
		t.Fatal(err)
	}
	var clipped any
	if err := json.Unmarshal(b, &clipped); err != nil {
		t.Fatal(err)
	}
	walkSchemaDoc(t, secs, used, "summary-schema.md#distribution", "clipped distribution", clipped)
	// An interval that cannot be estimated, which none of the runs above
	// has either.
	var pr stats.PairedRatio
	pr.Add(0, 0, 1, 1)
	pr.Add(0, 0, 0, 1)
	b, err = json.Marshal(stats.FromEstimate(stats.PairedRatioDiff(pr, 2, stats.Conf)))
	if err != nil {
		t.Fatal(err)
	}
	var na any
	if err := json.Unmarshal(b, &na); err != nil {
		t.Fatal(err)
	}
	walkSchemaDoc(t, secs, used, "summary-schema.md#interval", "not estimable", na)
	checkSchemaDocUsed(t, secs, used, "")

	var examples strings.Builder
	for _, g := range []struct{ name, file string }{{"Cazadores", p("caz.json")}, {"The duel", p("duel.json")}} {
		var r stats.Report
		readJSON(t, g.file, &r)
		schemaExample(&examples, g.name, &r)
	}
	docPath := filepath.Join(repoRoot(t), "docs", "summary-schema.md")
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	const begin, end = "<!-- begin examples -->\n", "<!-- end examples -->"
	i, j := strings.Index(string(doc), begin), strings.Index(string(doc), end)
	if i < 0 || j < i {
		t.Fatalf("docs/summary-schema.md has no %q ... %q block", strings.TrimSpace(begin), end)
	}
	got := string(doc[:i+len(begin)]) + examples.String() + string(doc[j:])
	if *update {
		if err := os.WriteFile(docPath, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	} else if got != string(doc) {
		t.Errorf("the examples of docs/summary-schema.md are not those of the schemas: %s\n(if the change is meant, rerun with -update and review the diff)", firstDiff(got, string(doc)))
	}
}

// schemaExample writes the table of the parts of the schema a report
// carries.
func schemaExample(w *strings.Builder, name string, r *stats.Report) {
	row := func(part, key, details, label string) {
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", part, key, details, label)
	}
	code := func(s string) string { return "`" + s + "`" }
	fmt.Fprintf(w, "### %s (`-game %s`)\n\n", name, r.Game)
	fmt.Fprintf(w, "| Part | Key | Details | Label |\n|---|---|---|---|\n")
	for _, s := range r.Wins {
		row("side", code(s.Name), "", s.Label)
	}
	for _, o := range r.Outcomes {
		d := "nobody's win"
		if o.Side != "" {
			d = "a win for " + code(o.Side)
		}
		row("outcome", code(o.Name), d, o.Label)
	}
	row("length unit", code(r.LengthUnit.Key), fmt.Sprintf("max %d", r.LengthUnit.Max), r.LengthUnit.Label)
	row("clock unit", code(r.ClockUnit.Key), fmt.Sprintf("max %d", r.ClockUnit.Max), r.ClockUnit.Label)
	for _, l := range r.Lists {
		row("list", code(l.Key), "an item: "+l.Noun, l.Label)
	}
	for _, v := range r.Values {
		d := v.Kind + " of the hunt"
		if v.Per != "" {
			d = v.Kind + " per " + code(v.Per) + " item"
		}
		if v.Lead {
			d += ", lead"
		}
		row("value", code(v.Key), d, v.Label)
	}
	for _, x := range r.Ratios {
		d := "of the hunt"
		if x.Per != "" {
			d = "per " + code(x.Per) + " item"
		}
		if x.Trials {
			d += ", trials"
		}
		if x.Top != "" {
			d += ", top: " + x.Top
		}
		row("ratio", code(x.Key), d, x.Label)
	}
	for _, x := range r.Series {
		row("series", code(x.Key), fmt.Sprintf("max %d", x.Max), x.Label)
	}
	for _, x := range r.Curves {
		d := "of " + code(x.Of)
		if x.Complement {
			d += ", complement"
		}
		row("curve", code(x.Key), d, x.Label)
	}
	hs := make([]string, len(r.Headline))
	for i, h := range r.Headline {
		hs[i] = code(h)
	}
	row("headline", strings.Join(hs, ", "), "", "")
	w.WriteString("\n")
}

// The workflow document lists every key the JSON files of compare,
// sweep, tune, sensitivity and baseline have, for Cazadores and for the
// duel, each in the table of the object it is in, and no key that none of
// them has.
func TestWorkflowSchemaDocs(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	const doc = "workflow-schemas.md"
	runs := []struct {
		args []string
		file string
		root string
	}{
		{[]string{"compare", "-game", "duel", "-set", "a.hp=+2", "-hunts", "400", "-json", p("duel-compare.json")}, p("duel-compare.json"), "comparison (`compare -json file`)"},
		{[]string{"compare", "-set", "adversary.def=+1", "-hunts", "100", "-json", p("caz-compare.json")}, p("caz-compare.json"), "comparison (`compare -json file`)"},
		{[]string{"sweep", "-game", "duel", "-param", "a.hp=3..4", "-hunts", "200", "-out", p("sweep")}, p("sweep/sweep.json"), "sweep"},
		{[]string{"tune", "-game", "duel", "-param", "a.hp=3..5", "-target", "win=0.3..0.7", "-target", "length<=9", "-hunts", "200", "-out", p("tune")}, p("tune/sweep.json"), "sweep"},
		// A step of -6 pushes RNG (2) out of its range: a lever skipped.
		{[]string{"sensitivity", "-step", "-6", "-hunts", "60", "-out", p("sens")}, p("sens/sensitivity.json"), "sensitivity"},
		{[]string{"sensitivity", "-game", "duel", "-hunts", "200", "-out", p("duel-sens")}, p("duel-sens/sensitivity.json"), "sensitivity"},
		{[]string{"baseline", "-hunts", "100", "-out", p("caz-base.json")}, p("caz-base.json"), "baseline"},
		{[]string{"baseline", "-game", "duel", "-hunts", "100", "-out", p("duel-base.json")}, p("duel-base.json"), "baseline"},
	}
	secs := map[string]*docSection{}
	readSchemaDoc(t, "summary-schema.md", secs)
	readSchemaDoc(t, "skill-schema.md", secs)
	readSchemaDoc(t, doc, secs)
	used := map[string]bool{}
	for _, r := range runs {
		args := append(r.args, "-quiet")
		if code, _, errb := balance(t, args...); code != exitOK {
			t.Fatalf("balance %s: exit %d: %s", strings.Join(args, " "), code, errb)
		}
		var v any
		readJSON(t, r.file, &v)
		walkSchemaDoc(t, secs, used, doc+"#"+r.root, r.args[0], v)
	}
	checkSchemaDocUsed(t, secs, used, doc+"#")
}
