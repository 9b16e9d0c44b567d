package legacy

import (
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"balance/stats"
)

// summaries returns Summaries that between them take every branch of
// summaryDoc: the synthetic one, and one stopped early with an Objective,
// Renown, overrides and no Conditions.
func summaries() map[string]*stats.Summary {
	a := syntheticSummary()
	b := syntheticSummary()
	b.Interrupted, b.Stopped = true, "interrupted"
	b.Config.PackAI, b.Config.TargetError = "tactical", 0.01
	b.Objective = "banish-the-well"
	met := prop(1234, synHunts)
	b.ObjectiveMet = &met
	r := dist(shape(synHunts, 0, 12, bell(5, 2)))
	b.Renown = &r
	b.Conditions = nil
	return map[string]*stats.Summary{"synthetic": a, "interrupted": b}
}

// mdTable is a table read back from Markdown.
type mdTable struct {
	heading string
	header  []string
	rows    [][]string
	after   string // the text after the table, up to the next heading
}

// parseMarkdown reads back the headings, tables, list items and images of
// a Markdown document as summaryDoc writes it.
func parseMarkdown(src string) (headings []string, tables []mdTable, items, images []string) {
	lines := strings.Split(src, "\n")
	cells := func(l string) []string {
		l = strings.TrimSuffix(strings.TrimPrefix(l, "| "), " |")
		parts := regexp.MustCompile(`[^\\]\| `).FindAllStringIndex(l, -1)
		var out []string
		start := 0
		for _, p := range parts {
			out = append(out, strings.ReplaceAll(strings.TrimSpace(l[start:p[0]+1]), `\|`, "|"))
			start = p[1]
		}
		return append(out, strings.ReplaceAll(strings.TrimSpace(l[start:]), `\|`, "|"))
	}
	heading := ""
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case strings.HasPrefix(l, "## ") || strings.HasPrefix(l, "### "):
			heading = strings.TrimLeft(l, "# ")
			headings = append(headings, heading)
		case strings.HasPrefix(l, "| ") && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "|---"):
			t := mdTable{heading: heading, header: cells(l)}
			for i += 2; i < len(lines) && strings.HasPrefix(lines[i], "| "); i++ {
				t.rows = append(t.rows, cells(lines[i]))
			}
			for j := i; j < len(lines) && !strings.HasPrefix(lines[j], "#"); j++ {
				t.after += lines[j] + "\n"
			}
			tables = append(tables, t)
		case strings.HasPrefix(l, "- "):
			items = append(items, l[2:])
		case strings.HasPrefix(l, "!["):
			images = append(images, l[strings.Index(l, "](")+2:len(l)-len(".png)")])
		}
	}
	return headings, tables, items, images
}

// plain is Markdown inline text as a reader sees it: no ` or **.
func plain(s string) string {
	return strings.NewReplacer("`", "", "**", "").Replace(s)
}

// pageText is the text of an HTML page as a reader sees it, without the
// plots: tags dropped, entities decoded, each cell and line separated by
// a newline.
func pageText(page string) string {
	page = regexp.MustCompile(`(?s)<svg.*?</svg>`).ReplaceAllString(page, "")
	page = regexp.MustCompile(`</(td|th|li|p|h1|h2|h3)>`).ReplaceAllString(page, "\n")
	page = regexp.MustCompile(`<[^>]*>`).ReplaceAllString(page, "")
	return html.UnescapeString(page)
}

// summary.html holds every section, table (header and every row), list
// item (the headline and the warnings) and plot of summary.md.
func TestSummaryHTMLHasEverySection(t *testing.T) {
	for name, s := range summaries() {
		t.Run(name, func(t *testing.T) {
			src := string(summaryMarkdown(s))
			page, err := summaryHTML(s)
			if err != nil {
				t.Fatal(err)
			}
			b, err := RenderHTML(page)
			if err != nil {
				t.Fatal(err)
			}
			h := string(b)
			text := "\n" + pageText(h)
			headings, tables, items, images := parseMarkdown(src)
			if len(headings) < 10 || len(tables) < 8 || len(items) < 6 || len(images) != len(plots) {
				t.Fatalf("read back %d headings, %d tables, %d list items, %d images from summary.md: too few",
					len(headings), len(tables), len(items), len(images))
			}
			if !slices.Contains(headings, "Warnings") {
				t.Error("no Warnings section: the test does not see one")
			}
			for _, hd := range headings {
				if !regexp.MustCompile(`<h[23]>` + regexp.QuoteMeta(html.EscapeString(hd)) + `</h[23]>`).MatchString(h) {
					t.Errorf("section %q of summary.md is not a heading of summary.html", hd)
				}
			}
			if got := strings.Count(h, "<table>"); got != len(tables) {
				t.Errorf("summary.html has %d tables, summary.md %d", got, len(tables))
			}
			for _, tb := range tables {
				for _, r := range append([][]string{tb.header}, tb.rows...) {
					if want := "\n" + plain(strings.Join(r, "\n")) + "\n"; !strings.Contains(text, want) {
						t.Errorf("table %q: row %q of summary.md is not in summary.html", tb.heading, r)
					}
				}
			}
			for _, it := range items {
				if !strings.Contains(text, "\n"+plain(it)+"\n") {
					t.Errorf("list item %q of summary.md is not in summary.html", it)
				}
			}
			for _, im := range images {
				if !strings.Contains(h, `<figure class="plot" data-plot="`+im+`"><svg`) {
					t.Errorf("plot %s of summary.md is not inline in summary.html", im)
				}
			}
			if s.Interrupted && !strings.Contains(text, "This run stopped early (interrupted)") {
				t.Error("summary.html does not say the run stopped early")
			}
			// Self-contained: nothing fetched from elsewhere.
			for _, bad := range []string{"src=", "href=", "<link", "@import"} {
				if strings.Contains(h, bad) {
					t.Errorf("summary.html holds %q: the page must be self-contained", bad)
				}
			}
		})
	}
}

// Every table of summary.md but the configuration has its CSV file, named
// under the table and written by WriteDir, with a row for each of the
// table's rows (the curves' tables show fewer Ticks than their CSV).
func TestEveryTableHasCSV(t *testing.T) {
	csvs := map[string]func(*stats.Summary) [][]string{}
	for _, c := range csvTables {
		csvs[c.name] = c.table
	}
	for name, s := range summaries() {
		t.Run(name, func(t *testing.T) {
			d := summaryDoc(s)
			headings, tables := d.tables()
			_, mdTables, _, _ := parseMarkdown(string(d.markdown()))
			if len(mdTables) != len(tables) {
				t.Fatalf("summary.md has %d tables, the document %d", len(mdTables), len(tables))
			}
			for i, tb := range tables {
				if headings[i] == "Configuration" {
					if tb.csv != "" {
						t.Errorf("the configuration names a CSV file %s", tb.csv)
					}
					continue
				}
				table, ok := csvs[tb.csv]
				if !ok {
					t.Errorf("table %q: no CSV file (%q is not written)", headings[i], tb.csv)
					continue
				}
				if !strings.Contains(mdTables[i].after, tb.csv) {
					t.Errorf("table %q: summary.md does not name %s under it", headings[i], tb.csv)
				}
				if rows := table(s); len(rows)-1 < len(tb.rows) || len(rows[0]) < len(tb.header) {
					t.Errorf("table %q: %s has %d rows of %d columns, the table %d of %d", headings[i], tb.csv,
						len(rows)-1, len(rows[0]), len(tb.rows), len(tb.header))
				}
			}
		})
	}
}

func TestInlineHTML(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain <text> & more", "plain &lt;text&gt; &amp; more"},
		{"a `x<y` b", "a <code>x&lt;y</code> b"},
		{"**41.2%** of `duo`", "<strong>41.2%</strong> of <code>duo</code>"},
		{"odd ` tick", "odd ` tick"},
		{"odd ** star", "odd ** star"},
		{"`a**b`", "<code>a**b</code>"},
	} {
		if got := string(inlineHTML(c.in)); got != c.want {
			t.Errorf("inlineHTML(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
