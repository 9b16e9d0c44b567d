package legacy

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
// directory WriteDir wrote its report to (relative to the index's
// directory, or absolute) and its Summary; and, when WriteSkill wrote a
// skill trace into the same directory, that trace.
type IndexEntry struct {
	Name, Dir string
	S         *stats.Summary
	Skill     *stats.Skill
}

// WriteIndex writes index.md, index.html and the chart index.png and
// index.svg as the report directory dir, replacing it as a whole as
// WriteDir does (the run reports already in dir are carried over): the
// chart puts every run's Pack win rate and hunt length side by side, each
// with its interval, so a run out of line shows at a glance; a table gives
// each run's headline figures and the card that matters most; and a
// section per run shows its outcomes plot. index.md links to the runs'
// summary.md (and skill.md), index.html to their summary.html (and
// skill.html), never to Markdown; the HTML page holds the chart inline and
// is self-contained apart from those links and the outcomes images. An
// entry without a Summary is listed without figures.
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
		if e.S == nil && e.Dir == "" {
			return nil, fmt.Errorf("reports: index entry %d (%q) has neither a summary nor a directory", i, e.Name)
		}
		rows[i] = newIndexRow(dir, e)
	}
	files := []File{{Name: "index.md", Data: indexMarkdown(rows)}}
	view := indexView{Rows: rows}
	if hasFigures(rows) {
		for _, format := range []string{"png", "svg"} {
			b, err := renderCanvas(format, indexW, indexH(rows), indexChart(entries))
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
	Rows  []indexRow
}

// hasFigures reports whether any row has a Summary to chart.
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
	Name, Link                               string // Link: the run's directory as a relative URL ending in "/"
	Adversary, Pack, Scenario                string
	Hunts                                    string
	PackWins, Defeated, Rounds, Card, Status string
	OK                                       bool   // has a Summary
	Skill                                    string // the skill trace's win rates by tier, "" without one
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
	s := e.S
	if s == nil {
		r.Status = "no summary"
		return r
	}
	r.OK = true
	if k := e.Skill; k != nil {
		var parts []string
		for _, t := range k.Tiers {
			parts = append(parts, t.Name+" "+t.PackWinRate.PercentBounds())
		}
		r.Skill = fmt.Sprintf("Pack wins by tier (n=%d per tier): %s", k.Hunts, strings.Join(parts, "; "))
	}
	r.Adversary, r.Pack, r.Scenario = adversary(s), pack(s), s.Config.Scenario
	r.Hunts = fmt.Sprint(s.Hunts)
	if s.Interrupted || (s.Stopped != "" && s.Stopped != "hunts") {
		r.Hunts += " (" + label(s.Stopped) + ")"
	}
	// n is in the Hunts column: the cells give estimates and intervals.
	r.PackWins, r.Defeated = s.PackWinRate.PercentBounds(), s.AdversaryDefeated.PercentBounds()
	r.Rounds = s.Rounds.Mean.Bounds()
	r.Card = mattersMost(s)
	return r
}

// mattersMost names the card that matters most in a run: the first of its
// card effects (biggest first) with its change, or, without them, the
// deadliest card per draw.
func mattersMost(s *stats.Summary) string {
	if ce := s.CardEffects; ce != nil && len(ce.Effects) > 0 {
		e := &ce.Effects[rankEffects(ce)[0]]
		if winMatters(ce) {
			return fmt.Sprintf("%s: Pack wins %s (n=%d)", effectLabel(e), PointsBounds(e.Win), e.Win.N)
		}
		return fmt.Sprintf("%s: Rounds %s (n=%d)", effectLabel(e), signedBounds(e.Rounds), e.Rounds.N)
	}
	if i := deadliest(s.Cards); i >= 0 {
		return fmt.Sprintf("deadliest: %s (%s kills per draw)", cardLabel(s.Cards[i]), s.Cards[i].KillRate.Bounds())
	}
	return "none measured"
}

var indexHead = []string{"Run", "Pack", "Scenario", "Hunts (n)", "Pack wins", "Adversary defeated", "Mean Rounds", "Card that matters most"}

func indexMarkdown(rows []indexRow) []byte {
	var b md
	b.p("# Reports")
	b.p("%d runs. Each figure carries its confidence interval in brackets; its n is the run's hunts. "+
		"Follow a run's name to its full report.", len(rows))
	if hasFigures(rows) {
		b.p("![Pack win rate and hunt length of every run](index.png)")
	}
	var t [][]string
	for _, r := range rows {
		name := fmt.Sprintf("[%s](%ssummary.md)", escapeLink(r.Name), r.Link)
		if !r.OK {
			t = append(t, []string{name, r.Status, "", "", "", "", "", ""})
			continue
		}
		if r.Adversary != r.Name {
			name += " (" + r.Adversary + ")"
		}
		t = append(t, []string{name, r.Pack, r.Scenario, r.Hunts, r.PackWins, r.Defeated, r.Rounds, r.Card})
	}
	b.table("llllrrrl", indexHead, t)
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

// escapeLink makes s safe as the text of a Markdown link.
func escapeLink(s string) string {
	return strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`).Replace(s)
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
<tr><th>Run</th><th>Pack</th><th>Scenario</th><th>Hunts (n)</th><th>Pack wins</th><th>Adversary defeated</th><th>Mean Rounds</th><th>Card that matters most</th></tr>
{{- range .Rows}}
<tr><td><a href="{{.Link}}summary.html">{{.Name}}</a>{{if and .OK (ne .Adversary .Name)}} ({{.Adversary}}){{end}}</td>
{{- if .OK}}<td>{{.Pack}}</td><td>{{.Scenario}}</td><td class="num">{{.Hunts}}</td><td class="num">{{.PackWins}}</td><td class="num">{{.Defeated}}</td><td class="num">{{.Rounds}}</td><td class="card">{{.Card}}</td>
{{- else}}<td colspan="7">{{.Status}}</td>{{end}}</tr>
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
