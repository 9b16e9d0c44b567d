package reports

import (
	"bytes"
	"fmt"
	"html/template"
	"strings"
)

// HTMLPage is a report as one self-contained HTML file: no script or
// image is fetched from elsewhere, the plots are inline SVG.
type HTMLPage struct {
	Title    string
	Config   [][2]string // the run's configuration, seed included: name, value
	Sections []HTMLSection
}

// HTMLSection is a heading with text, an optional table and plots, then
// any further blocks in order. A section without a heading has none.
type HTMLSection struct {
	Heading string
	Text    []string
	Header  []string
	Rows    [][]string
	Plots   []HTMLPlot
	Blocks  []HTMLBlock
}

// HTMLBlock is one element of a section after its table and plots: a
// sub-heading, a paragraph, a list, a table or a plot (one of them). Its
// text is HTML already escaped (inlineHTML makes it from text).
type HTMLBlock struct {
	Heading template.HTML
	Text    template.HTML
	Items   []template.HTML
	Table   *HTMLTable
	Plot    *HTMLPlot
}

// HTMLTable is a table of escaped HTML cells. With Collapse set it is
// folded under that line (a details element) until the reader opens it.
type HTMLTable struct {
	Header   []template.HTML
	Rows     [][]HTMLCell
	Collapse string
}

// HTMLCell is a table cell: its HTML, and whether it is aligned left
// (cells are aligned right, as numbers, except in the first column).
type HTMLCell struct {
	HTML template.HTML
	Left bool
}

// HTMLPlot is one plot, as the bytes of an SVG document.
type HTMLPlot struct {
	Name string
	SVG  []byte
}

var htmlTemplate = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>
body { font-family: 'Liberation Sans', Arial, Helvetica, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; }
td { text-align: right; font-variant-numeric: tabular-nums; } td:first-child, td.l { text-align: left; }
th { background: #f0f4f8; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }
details { margin: 1em 0; } summary { cursor: pointer; color: #1f4e79; }
dl.config { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }
dl.config dt { font-weight: bold; } dl.config dd { margin: 0; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
{{if .Config}}<dl class="config">{{range .Config}}<dt>{{index . 0}}</dt><dd>{{index . 1}}</dd>{{end}}</dl>
{{end}}{{range .Sections}}<section>
{{if .Heading}}<h2>{{.Heading}}</h2>
{{end}}{{range .Text}}<p>{{.}}</p>
{{end}}{{if .Header}}<table>
<thead><tr>{{range .Header}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</tbody>
</table>
{{end}}{{range .Plots}}<figure class="plot" data-plot="{{.Name}}">{{.Inline}}</figure>
{{end}}{{range .Blocks}}{{if .Heading}}<h3>{{.Heading}}</h3>
{{end}}{{if .Text}}<p>{{.Text}}</p>
{{end}}{{if .Items}}<ul>
{{range .Items}}<li>{{.}}</li>
{{end}}</ul>
{{end}}{{with .Table}}{{if .Collapse}}<details>
<summary>{{.Collapse}}</summary>
{{end}}<table>
<thead><tr>{{range .Header}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>{{range .Rows}}<tr>{{range .}}<td{{if .Left}} class="l"{{end}}>{{.HTML}}</td>{{end}}</tr>
{{end}}</tbody>
</table>
{{if .Collapse}}</details>
{{end}}{{end}}{{with .Plot}}<figure class="plot" data-plot="{{.Name}}">{{.Inline}}</figure>
{{end}}{{end}}</section>
{{end}}<script>
// Count the plots the browser laid out with a size, for a reader's check.
window.addEventListener('load', function () {
  var shown = 0;
  document.querySelectorAll('figure.plot svg').forEach(function (s) {
    var r = s.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) { shown++; }
  });
  document.body.setAttribute('data-plots-shown', String(shown));
});
</script>
</body>
</html>
`))

// inlinePlot is a plot ready for the template: its SVG without the XML
// prolog.
type inlinePlot struct {
	Name   string
	Inline template.HTML
}

// inline returns the plot ready for the template.
func (pl HTMLPlot) inline() inlinePlot {
	svg := string(pl.SVG)
	if i := strings.Index(svg, "<svg"); i >= 0 {
		svg = svg[i:]
	}
	// The SVG was made by this package from numbers and names that
	// gonum/plot escapes; it is embedded as markup.
	return inlinePlot{Name: pl.Name, Inline: template.HTML(svg)}
}

// RenderHTML renders the page.
func RenderHTML(p *HTMLPage) ([]byte, error) {
	type block struct {
		HTMLBlock
		Plot *inlinePlot
	}
	type section struct {
		HTMLSection
		Plots  []inlinePlot
		Blocks []block
	}
	view := struct {
		Title    string
		Config   [][2]string
		Sections []section
	}{Title: p.Title, Config: p.Config}
	for _, s := range p.Sections {
		v := section{HTMLSection: s}
		for _, pl := range s.Plots {
			v.Plots = append(v.Plots, pl.inline())
		}
		for _, b := range s.Blocks {
			vb := block{HTMLBlock: b}
			if b.Plot != nil {
				pl := b.Plot.inline()
				vb.Plot = &pl
			}
			v.Blocks = append(v.Blocks, vb)
		}
		view.Sections = append(view.Sections, v)
	}
	var b bytes.Buffer
	if err := htmlTemplate.Execute(&b, view); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// WriteHTML writes the page to path atomically.
func WriteHTML(path string, p *HTMLPage) error {
	data, err := RenderHTML(p)
	if err != nil {
		return fmt.Errorf("reports: cannot write %s: %w", path, err)
	}
	return writeFile(path, data)
}
