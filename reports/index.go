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
// directory WriteDir wrote its report to (relative to the index's
// directory, or absolute) and its Summary; and, when WriteSkill wrote a
// skill trace into the same directory, that trace.
type IndexEntry struct {
	Name, Dir string
	S         *stats.Summary
	Skill     *stats.Skill
}

// WriteIndex writes index.md and index.html as the report directory dir,
// replacing it as a whole as WriteDir does (the run reports already in
// dir are carried over): a table of the runs with their headline figures,
// each linking to the run's summary.md and showing its outcomes plot. The
// HTML page is self-contained apart from those relative links and images.
// An entry without a Summary is listed without figures.
func WriteIndex(dir string, entries []IndexEntry) error {
	files, err := RenderIndex(dir, entries)
	if err != nil {
		return err
	}
	return writeDir(dir, files)
}

// IndexNames are the names of the files of an index.
var IndexNames = []string{"index.md", "index.html"}

// RenderIndex returns index.md and index.html of the runs of entries, for
// the directory dir (see WriteIndex).
func RenderIndex(dir string, entries []IndexEntry) ([]File, error) {
	rows := make([]indexRow, len(entries))
	for i, e := range entries {
		if e.S == nil && e.Dir == "" {
			return nil, fmt.Errorf("reports: index entry %d (%q) has neither a summary nor a directory", i, e.Name)
		}
		rows[i] = newIndexRow(dir, e)
	}
	var h bytes.Buffer
	if err := indexHTML.Execute(&h, rows); err != nil {
		return nil, fmt.Errorf("reports: cannot write index.html: %w", err)
	}
	return []File{{Name: "index.md", Data: indexMarkdown(rows)}, {Name: "index.html", Data: h.Bytes()}}, nil
}

// indexRow is what the index shows of one run.
type indexRow struct {
	Name, Link                                    string // Link: the run's directory as a relative URL ending in "/"
	Adversary, Pack, Scenario                     string
	Hunts                                         string
	PackWins, Defeated, Rounds, Deadliest, Status string
	OK                                            bool   // has a Summary
	Skill                                         string // the skill trace's win rates by tier, "" without one
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
	r.PackWins, r.Defeated = s.PackWinRate.Percent(), s.AdversaryDefeated.Percent()
	r.Rounds = s.Rounds.Mean.String()
	r.Deadliest = "none"
	if i := deadliest(s.Cards); i >= 0 {
		r.Deadliest = fmt.Sprintf("%s (%s kills per draw)", cardLabel(s.Cards[i]), s.Cards[i].KillRate.Bounds())
	}
	return r
}

func indexMarkdown(rows []indexRow) []byte {
	var b md
	b.p("# Reports")
	b.p("%d runs. Each figure carries its confidence interval in brackets and its n; "+
		"follow a run's name to its full report.", len(rows))
	var t [][]string
	for _, r := range rows {
		name := fmt.Sprintf("[%s](%ssummary.md)", escapeLink(r.Name), r.Link)
		if !r.OK {
			t = append(t, []string{name, r.Status, "", "", "", "", "", "", ""})
			continue
		}
		t = append(t, []string{name, r.Adversary, r.Pack, r.Scenario, r.Hunts, r.PackWins, r.Defeated, r.Rounds, r.Deadliest})
	}
	b.table("lllllrrrl", []string{"Run", "Adversary", "Pack", "Scenario", "Hunts", "Pack wins", "Adversary defeated", "Mean rounds", "Deadliest card"}, t)
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
body { font-family: "Liberation Sans", Arial, Helvetica, sans-serif; margin: 2em auto; max-width: 72em; padding: 0 1em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 0.3em 0.6em; text-align: left; vertical-align: top; }
td.num { text-align: right; white-space: nowrap; }
section { margin: 2em 0; }
img { max-width: 100%; height: auto; border: 1px solid #eee; }
</style>
</head>
<body>
<h1>Reports</h1>
<p>{{len .}} runs. Each figure carries its confidence interval in brackets and its n; follow a run's name to its full report.</p>
<table>
<tr><th>Run</th><th>Adversary</th><th>Pack</th><th>Scenario</th><th>Hunts</th><th>Pack wins</th><th>Adversary defeated</th><th>Mean rounds</th><th>Deadliest card</th></tr>
{{- range .}}
<tr><td><a href="{{.Link}}summary.md">{{.Name}}</a></td>
{{- if .OK}}<td>{{.Adversary}}</td><td>{{.Pack}}</td><td>{{.Scenario}}</td><td class="num">{{.Hunts}}</td><td class="num">{{.PackWins}}</td><td class="num">{{.Defeated}}</td><td class="num">{{.Rounds}}</td><td>{{.Deadliest}}</td>
{{- else}}<td colspan="8">{{.Status}}</td>{{end}}</tr>
{{- end}}
</table>
{{- range .}}{{if .OK}}
<section>
<h2>{{.Name}}</h2>
<p><a href="{{.Link}}summary.md">Report</a> · <a href="{{.Link}}summary.json">JSON</a></p>
<a href="{{.Link}}summary.md"><img src="{{.Link}}outcomes.png" alt="Outcomes: {{.Name}}"></a>
{{- if .Skill}}
<p><a href="{{.Link}}skill.md">Skill trace</a>: {{.Skill}}</p>
<a href="{{.Link}}skill.md"><img src="{{.Link}}skill.png" alt="Skill trace: {{.Name}}"></a>
{{- end}}
</section>
{{- end}}{{end}}
</body>
</html>
`))
