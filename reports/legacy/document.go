package legacy

import (
	"bytes"
	"fmt"
	"html"
	"html/template"
	"strings"
)

// document is a report as a sequence of blocks (headings, paragraphs,
// lists, tables and plots), written as Markdown and as an HTML page from
// the same blocks, so that the two cannot drift apart: summary.md and
// summary.html are both drawn from summaryDoc.
//
// Text (headings, paragraphs, list items, table cells) is in the small
// subset of Markdown that inlineHTML reads: `code` and **bold**.
type document struct {
	title  string
	blocks []block
}

// block is one element of a document; exactly one of its fields is set
// (text together with level for a heading).
type block struct {
	level int      // 2 or 3 for a heading, whose text is text; 0 otherwise
	text  string   // a heading or a paragraph
	items []string // a bulleted list
	table *docTable
	plot  *docPlot
}

// docTable is a table of a document.
type docTable struct {
	align  string // "l" or "r" per column
	header []string
	rows   [][]string
	csv    string // the CSV file holding the same figures; "" for none
	// collapse, when set, folds the table in HTML under this line (a
	// details element), for long tables such as those by Tick.
	collapse string
}

// docPlot is a plot: NAME.png in Markdown, the SVG inline in HTML.
type docPlot struct {
	name, alt string
}

func (d *document) heading(level int, format string, args ...any) {
	d.blocks = append(d.blocks, block{level: level, text: fmt.Sprintf(format, args...)})
}

func (d *document) p(format string, args ...any) {
	d.blocks = append(d.blocks, block{text: fmt.Sprintf(format, args...)})
}

func (d *document) list(items []string) {
	d.blocks = append(d.blocks, block{items: items})
}

func (d *document) table(t docTable) {
	d.blocks = append(d.blocks, block{table: &t})
}

func (d *document) plot(name, alt string) {
	d.blocks = append(d.blocks, block{plot: &docPlot{name: name, alt: alt}})
}

// tables returns the document's tables, in order, each with the heading
// of the section it is in.
func (d *document) tables() (headings []string, tables []*docTable) {
	h := ""
	for _, b := range d.blocks {
		switch {
		case b.level > 0:
			h = b.text
		case b.table != nil:
			headings, tables = append(headings, h), append(tables, b.table)
		}
	}
	return headings, tables
}

// markdown renders the document as Markdown.
func (d *document) markdown() []byte {
	var b md
	b.p("# %s", d.title)
	for _, k := range d.blocks {
		switch {
		case k.level > 0:
			b.p("%s %s", strings.Repeat("#", k.level), k.text)
		case k.table != nil:
			b.table(k.table.align, k.table.header, k.table.rows)
		case k.plot != nil:
			b.p("![%s](%s.png)", k.plot.alt, k.plot.name)
		case k.items != nil:
			for _, it := range k.items {
				b.WriteString("- " + it + "\n")
			}
			b.WriteString("\n")
		default:
			b.p("%s", k.text)
		}
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// htmlPage renders the document as an HTMLPage: one section per level-2
// heading (the blocks before the first in a section without a heading),
// every table, list and paragraph in order, and each plot as the SVG
// svg returns for its name.
func (d *document) htmlPage(svg func(name string) ([]byte, error)) (*HTMLPage, error) {
	p := &HTMLPage{Title: d.title}
	var sec *HTMLSection
	for _, k := range d.blocks {
		if k.level == 2 || sec == nil {
			p.Sections = append(p.Sections, HTMLSection{})
			sec = &p.Sections[len(p.Sections)-1]
			if k.level == 2 {
				sec.Heading = k.text
				continue
			}
		}
		var hb HTMLBlock
		switch {
		case k.level > 0:
			hb.Heading = inlineHTML(k.text)
		case k.table != nil:
			t := &HTMLTable{}
			for _, h := range k.table.header {
				t.Header = append(t.Header, inlineHTML(h))
			}
			for _, r := range k.table.rows {
				row := make([]HTMLCell, len(r))
				for i, c := range r {
					row[i] = HTMLCell{HTML: inlineHTML(c), Left: i < len(k.table.align) && k.table.align[i] == 'l'}
				}
				t.Rows = append(t.Rows, row)
			}
			t.Collapse = k.table.collapse
			hb.Table = t
		case k.plot != nil:
			b, err := svg(k.plot.name)
			if err != nil {
				return nil, err
			}
			hb.Plot = &HTMLPlot{Name: k.plot.name, SVG: b}
		case k.items != nil:
			for _, it := range k.items {
				hb.Items = append(hb.Items, inlineHTML(it))
			}
		default:
			hb.Text = inlineHTML(k.text)
		}
		sec.Blocks = append(sec.Blocks, hb)
	}
	return p, nil
}

// inlineHTML turns text in the Markdown subset of a document into HTML:
// the text is escaped, `code` becomes <code>code</code> and **bold**
// <strong>bold</strong>. A backslash before | (a table cell's escape in
// Markdown) is not part of the text and never occurs in it.
func inlineHTML(s string) template.HTML {
	var b strings.Builder
	parts := strings.Split(s, "`")
	if len(parts)%2 == 0 { // an unmatched `: literal
		parts[len(parts)-2] += "`" + parts[len(parts)-1]
		parts = parts[:len(parts)-1]
	}
	for i, part := range parts {
		if i%2 == 1 {
			b.WriteString("<code>" + html.EscapeString(part) + "</code>")
			continue
		}
		bold := strings.Split(html.EscapeString(part), "**")
		for j, t := range bold {
			switch {
			case j == 0:
			case j%2 == 1 && j < len(bold)-1:
				b.WriteString("<strong>")
			case j%2 == 0:
				b.WriteString("</strong>")
			default:
				b.WriteString("**") // an unmatched **: literal
			}
			b.WriteString(t)
		}
	}
	return template.HTML(b.String())
}
