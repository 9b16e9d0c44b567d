package legacy

import (
	"bytes"
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"balance/stats"
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

// summaryHTML is the page of one run: every block of summaryDoc, the
// blocks of summary.md, with the plots inline as SVG.
func summaryHTML(s *stats.Summary) (*HTMLPage, error) {
	return summaryDoc(s).htmlPage(func(name string) ([]byte, error) {
		for i, pl := range plots {
			if pl.name == name {
				return renderPlot(i, "svg", s)
			}
		}
		return nil, fmt.Errorf("no plot %q", name)
	})
}

// sweepHTML is the page of a sweep.
func sweepHTML(s *Sweep) (*HTMLPage, error) {
	p := &HTMLPage{Title: "Sweep: " + s.Title}
	p.Config = [][2]string{{"Parameters", strings.Join(s.Params, ", ")}, {"Hunts per point", itoa(s.Hunts)},
		{"Seed", strconv.FormatUint(s.Seed, 10)}, {"Pack AI", orDash(s.PackAI)}, {"Stopped", orDash(s.Stopped)}}
	if len(s.Targets) > 0 {
		var ts []string
		for _, t := range s.Targets {
			ts = append(ts, t.Text)
		}
		p.Config = append(p.Config, [2]string{"Targets (bands on the plots)", strings.Join(ts, ", ")})
	}
	h, rows := SweepTable(s)
	sec := HTMLSection{Heading: "Figures per point", Header: h, Rows: rows,
		Text: []string{"Every point plays the same hunts; intervals are 95%. The step is the paired change of the Pack win rate from the previous value of the first parameter, with the exact McNemar test."}}
	for _, pl := range sweepPlots {
		svg, err := renderSweepPlot(s, pl.title, pl.y, pl.get, "svg")
		if err != nil {
			return nil, err
		}
		sec.Plots = append(sec.Plots, HTMLPlot{Name: pl.name, SVG: svg})
	}
	p.Sections = []HTMLSection{sec}
	return p, nil
}

// sensitivityHTML is the page of a sensitivity run.
func sensitivityHTML(s *Sensitivity) (*HTMLPage, error) {
	p := &HTMLPage{Title: "Sensitivity: " + s.Title}
	p.Config = [][2]string{{"Step", fmt.Sprintf("%+d", s.Step)}, {"Hunts", itoa(s.Hunts)},
		{"Seed", strconv.FormatUint(s.Seed, 10)}, {"Pack AI", orDash(s.PackAI)}, {"Stopped", orDash(s.Stopped)}}
	h, rows := SensitivityTable(s)
	svg, err := tornado(s, "svg")
	if err != nil {
		return nil, err
	}
	p.Sections = []HTMLSection{{Heading: "Change per stat", Header: h, Rows: rows,
		Text: []string{fmt.Sprintf("Base design: Pack wins %s, %s Rounds, %s Pack WNDs, %s Pack deaths per hunt. Wins, Rounds and WNDs are paired on the same hunts; deaths are compared as independent samples.",
			s.Base.PackWin.PercentBounds(), s.Base.Rounds.Bounds(), s.Base.PackWounds.Bounds(), s.Base.PackDeaths.Bounds())},
		Plots: []HTMLPlot{{Name: "tornado", SVG: svg}}}}
	return p, nil
}
