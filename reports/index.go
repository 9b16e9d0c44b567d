package reports

import (
	"bytes"
	"fmt"
	"html/template"
	"net/url"
	"path/filepath"
	"strings"

	"balance/stats"
)

// IndexEntry is one run in a directory of reports: its name, the
// directory WriteSummary wrote its report to (relative to the index's
// directory, or absolute) and its Report; and, when WriteSkill wrote a
// skill trace into the same directory, that trace.
type IndexEntry struct {
	Name, Dir string
	R         *stats.Report
	Skill     *Skill
}

// WriteIndex writes index.md, index.html and the chart index.png and
// index.svg as the report directory dir, replacing it as a whole as
// WriteSummary does (the run reports already in dir are carried over): the
// chart puts every run's win rate (of the first side) and hunt length side
// by side, each with its interval, so a run out of line shows at a glance;
// a table gives each run's headline figures and the part of its design
// that matters most; and a section per run shows its outcomes plot. index.md links to the runs'
// summary.md (and skill.md), index.html to their summary.html (and
// skill.html), never to Markdown; the HTML page holds the chart inline and
// is self-contained apart from those links and the outcomes images. An
// entry without a Report is listed without figures.
func WriteIndex(dir string, entries []IndexEntry) error {
	files, err := RenderIndex(dir, entries)
	if err != nil {
		return err
	}
	return writeDir(dir, IndexNames, files)
}

// IndexNames are the names of the files of an index.
var IndexNames = []string{"index.md", "index.html", "index.png", "index.svg"}

// RenderIndex returns the files of the index of the runs of entries, for
// the directory dir (see WriteIndex): the chart only when a run has
// figures.
func RenderIndex(dir string, entries []IndexEntry) ([]File, error) {
	rows := make([]indexRow, len(entries))
	for i, e := range entries {
		if e.R == nil && e.Dir == "" {
			return nil, fmt.Errorf("reports: index entry %d (%q) has neither a report nor a directory", i, e.Name)
		}
		rows[i] = newIndexRow(dir, e)
	}
	head := indexHead(entries)
	files := []File{{Name: "index.md", Data: indexMarkdown(head, rows)}}
	view := indexView{Head: head, Rows: rows}
	if hasFigures(rows) {
		// The chart in both formats, drawn at once.
		formats := [...]string{"png", "svg"}
		drawn := renderAll(len(formats), func(i int) ([]byte, error) {
			return renderCanvas(formats[i], indexW, indexH(rows), indexChart(entries))
		})
		for i, format := range formats {
			b, err := drawn[i].data, drawn[i].err
			if err != nil {
				return nil, fmt.Errorf("reports: cannot draw index.%s: %w", format, err)
			}
			files = append(files, File{Name: "index." + format, Data: b})
			if format == "svg" {
				view.Chart = HTMLPlot{Name: "index", SVG: b}.inline().Inline
			}
		}
	}
	var h bytes.Buffer
	if err := indexHTML.Execute(&h, view); err != nil {
		return nil, fmt.Errorf("reports: cannot write index.html: %w", err)
	}
	return append(files, File{Name: "index.html", Data: h.Bytes()}), nil
}

// indexView is what the HTML index shows: the chart (inline SVG; empty
// without a run to chart) and the rows.
type indexView struct {
	Chart template.HTML
	Head  []string
	Rows  []indexRow
}

// hasFigures reports whether any row has a Report to chart.
func hasFigures(rows []indexRow) bool {
	for _, r := range rows {
		if r.OK {
			return true
		}
	}
	return false
}

// indexRow is what the index shows of one run.
type indexRow struct {
	Name, Link string // Link: the run's directory as a relative URL ending in "/"
	Title      string // the design's
	Hunts      string
	Cells      []string // the figures, one per column after Hunts
	Status     string
	OK         bool   // has a Report
	Skill      string // the skill trace's win rates by tier, "" without one
}

func newIndexRow(dir string, e IndexEntry) indexRow {
	rel := e.Dir
	if filepath.IsAbs(rel) {
		if abs, err := filepath.Abs(dir); err == nil {
			if r, err := filepath.Rel(abs, rel); err == nil {
				rel = r
			}
		}
	}
	rel = filepath.ToSlash(filepath.Clean(rel))
	link := (&url.URL{Path: rel}).String()
	if !strings.HasSuffix(link, "/") {
		link += "/"
	}
	if link == "./" {
		link = ""
	}
	r := indexRow{Name: e.Name, Link: link}
	if r.Name == "" {
		r.Name = rel
	}
	rep := e.R
	if rep == nil {
		r.Status = "no report"
		return r
	}
	r.OK = true
	if k := e.Skill; k != nil {
		var parts []string
		for _, t := range k.Tiers {
			if len(t.Figures) > 0 {
				parts = append(parts, t.Name+" "+t.Figures[0].Estimate.PercentBounds())
			}
		}
		wins := k.Side + " wins"
		if len(k.Labels) > 0 {
			wins = k.Labels[0] // the first side's win rate, e.g. "Hunters win"
		}
		r.Skill = fmt.Sprintf("%s by tier (n=%d per tier): %s", wins, k.Hunts, strings.Join(parts, "; "))
	}
	r.Title = orDash(rep.Title)
	r.Hunts = fmt.Sprint(rep.Hunts)
	if rep.Interrupted || (rep.Stopped != "" && rep.Stopped != "hunts") {
		r.Hunts += " (" + label(rep.Stopped) + ")"
	}
	// n is in the Hunts column: the cells give estimates and intervals.
	r.Cells = append(r.Cells, winRate(rep).PercentBounds())
	for _, v := range leadShares(rep) {
		r.Cells = append(r.Cells, v.Items[0].Share.PercentBounds())
	}
	r.Cells = append(r.Cells, rep.Length.Mean.Bounds(), mattersMost(rep))
	return r
}

// leadShares are the hunt-level lead values of r that are shares (a flag
// or a time): the index gives each a column.
func leadShares(r *stats.Report) []*stats.ValueFigures {
	var out []*stats.ValueFigures
	for i := range r.Values {
		v := &r.Values[i]
		if v.Lead && v.Per == "" && len(v.Items) > 0 && v.Items[0].Share != nil {
			out = append(out, v)
		}
	}
	return out
}

// indexHead is the index table's header for the runs of entries: their
// columns are those of the first run with a report.
func indexHead(entries []IndexEntry) []string {
	h := []string{"Run", "Design", "Hunts (n)"}
	for _, e := range entries {
		if e.R == nil {
			continue
		}
		h = append(h, side0Wins(e.R))
		for _, v := range leadShares(e.R) {
			h = append(h, v.Label)
		}
		return append(h, "Mean "+e.R.LengthUnit.Plural, "What matters most")
	}
	return append(h, "Figures")
}

// mattersMost names the part of a run's design that matters most: the
// first of its ablations (biggest first) with its change, or, without
// them, the top item of its first ratio that names one.
func mattersMost(r *stats.Report) string {
	if a := r.Ablations; a != nil && len(a.Effects) > 0 {
		e := &a.Effects[rankAblations(a)[0]]
		if winMatters(a) {
			return fmt.Sprintf("%s: %s %s (n=%d)", e.Label, side0Wins(r), PointsBounds(e.Win), e.Win.N)
		}
		return fmt.Sprintf("%s: %s %s (n=%d)", e.Label, r.LengthUnit.Plural, signedBounds(e.Length), e.Length.N)
	}
	for i := range r.Ratios {
		rf := &r.Ratios[i]
		if k := topItem(rf); rf.Top != "" && k >= 0 {
			it := rf.Items[k]
			return fmt.Sprintf("%s: %s (%s %s)", lower(rf.Top), itemLabel(r, rf.Per, it.Item), it.Ratio.Bounds(), lower(rf.Label))
		}
	}
	return "none measured"
}

func indexMarkdown(head []string, rows []indexRow) []byte {
	var b md
	b.p("# Reports")
	b.p("%d runs. Each figure carries its confidence interval in brackets; its n is the run's hunts. "+
		"Follow a run's name to its full report.", len(rows))
	if hasFigures(rows) {
		b.p("![Win rate and hunt length of every run](index.png)")
	}
	var t [][]string
	for _, r := range rows {
		name := fmt.Sprintf("[%s](%ssummary.md)", escapeLink(r.Name), r.Link)
		if !r.OK {
			row := []string{name, r.Status}
			for len(row) < len(head) {
				row = append(row, "")
			}
			t = append(t, row)
			continue
		}
		t = append(t, append([]string{name, r.Title, r.Hunts}, r.Cells...))
	}
	b.table("lll"+strings.Repeat("r", max(len(head)-4, 0))+"l", head, t)
	for _, r := range rows {
		if !r.OK {
			continue
		}
		b.p("## %s", r.Name)
		b.p("[Report](%ssummary.md) · [JSON](%ssummary.json)", r.Link, r.Link)
		b.p("![Outcomes: %s](%soutcomes.png)", escapeLink(r.Name), r.Link)
		if r.Skill != "" {
			b.p("[Skill trace](%sskill.md): %s", r.Link, r.Skill)
			b.p("![Skill trace: %s](%sskill.png)", escapeLink(r.Name), r.Link)
		}
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

var indexHTML = template.Must(template.New("index").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Reports</title>
<style>
body { font-family: "Liberation Sans", Arial, Helvetica, sans-serif; margin: 2em auto; max-width: 84em; padding: 0 1em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.3em 0.5em; text-align: left; vertical-align: top; }
th { background: #f0f4f8; }
td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
td.card { max-width: 22em; }
section { margin: 2em 0; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }
img { max-width: 100%; height: auto; border: 1px solid #eee; }
</style>
</head>
<body>
<h1>Reports</h1>
<p>{{len .Rows}} runs. Each figure carries its confidence interval in brackets; its n is the run's hunts. Follow a run's name to its full report.</p>
{{if .Chart}}<figure class="plot" data-plot="index">{{.Chart}}</figure>
{{end}}<table id="runs">
<tr>{{range .Head}}<th>{{.}}</th>{{end}}</tr>
{{- $cols := len .Head}}
{{- range .Rows}}
<tr><td><a href="{{.Link}}summary.html">{{.Name}}</a></td>
{{- if .OK}}<td>{{.Title}}</td><td class="num">{{.Hunts}}</td>{{range .Cells}}<td class="num">{{.}}</td>{{end}}
{{- else}}<td colspan="{{$cols}}">{{.Status}}</td>{{end}}</tr>
{{- end}}
</table>
{{- range .Rows}}{{if .OK}}
<section>
<h2>{{.Name}}</h2>
<p><a href="{{.Link}}summary.html">Report</a> · <a href="{{.Link}}summary.json">JSON</a></p>
<a href="{{.Link}}summary.html"><img src="{{.Link}}outcomes.png" alt="Outcomes: {{.Name}}"></a>
{{- if .Skill}}
<p><a href="{{.Link}}skill.html">Skill trace</a>: {{.Skill}}</p>
<a href="{{.Link}}skill.html"><img src="{{.Link}}skill.png" alt="Skill trace: {{.Name}}"></a>
{{- end}}
</section>
{{- end}}{{end}}
<script>
// Record for a reader's check how wide the table and the page were laid
// out, and how many plots got a size.
window.addEventListener('load', function () {
  var t = document.getElementById('runs');
  document.body.setAttribute('data-table-width', String(Math.ceil(t.getBoundingClientRect().width)));
  document.body.setAttribute('data-page-width', String(document.documentElement.scrollWidth));
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
