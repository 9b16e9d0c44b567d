package legacy

import (
	"errors"
	"fmt"

	"balance/stats"
)

// WriteDir writes the report of one run as the directory dir, replacing
// it as a whole (its parent must exist):
//
//	summary.md     the report to read, with the plots embedded
//	summary.html   the same report as one self-contained page, plots inline
//	summary.json   every figure (docs/summary-schema.md)
//	outcomes.csv, pack.csv, cards.csv, locations.csv,
//	damage_curve.csv, survival.csv, rounds.csv,
//	distributions.csv, conditions.csv
//	               every table of summary.md but the configuration
//	card_effects.csv  with the card effects measured
//	outcomes, wounds, damage_curve, survival, length, cards: .png and .svg
//	card_effects.png, .svg  with the card effects measured
//
// summary.md and summary.html are written from the same blocks
// (summaryDoc): the page holds every section, table and warning of the
// Markdown.
//
// The files are written to a temporary directory beside dir and swapped
// in at once (safeio.WriteDir), so a reader or an interrupted run sees the
// old report or the new one, never a mix; what dir held that the report
// does not write is carried over. When a file cannot be produced from s
// (JSON cannot hold an infinite interval), nothing is written and the
// error names the file.
func WriteDir(dir string, s *stats.Summary) error {
	files, err := RenderSummary(s)
	if err != nil {
		return err
	}
	return writeDir(dir, SummaryNames(), files)
}

// SummaryNames are the names of the files of a run's report, as WriteDir
// writes them.
func SummaryNames() []string {
	names := []string{"summary.json", "summary.md", "summary.html"}
	for _, t := range csvTables {
		names = append(names, t.name)
	}
	for _, p := range plots {
		names = append(names, p.name+".png", p.name+".svg")
	}
	return names
}

// RenderSummary returns the files of a run's report (see WriteDir), or an
// error naming every file that cannot be produced from s.
func RenderSummary(s *stats.Summary) ([]File, error) {
	if s == nil {
		return nil, errors.New("reports: no summary to write")
	}
	files, errs := render(s)
	var joined []error
	for _, e := range errs {
		joined = append(joined, fmt.Errorf("reports: cannot write %s: %w", e.name, e.err))
	}
	if err := errors.Join(joined...); err != nil {
		return nil, err
	}
	return files, nil
}

// failed is a file that could not be rendered.
type failed struct {
	name string
	err  error
}

// render produces the files of a report, and the files it could not.
func render(s *stats.Summary) ([]File, []failed) {
	var files []File
	var errs []failed
	add := func(name string, data []byte, err error) {
		if err != nil {
			errs = append(errs, failed{name, err})
			return
		}
		files = append(files, File{Name: name, Data: data})
	}
	b, err := encodeJSON(s)
	add("summary.json", b, err)
	add("summary.md", summaryMarkdown(s), nil)
	if page, err := summaryHTML(s); err != nil {
		add("summary.html", nil, err)
	} else {
		b, err := RenderHTML(page)
		add("summary.html", b, err)
	}
	for _, t := range csvTables {
		if t.only != nil && !t.only(s) {
			continue
		}
		add(t.name, encodeCSV(t.table(s)), nil)
	}
	for i, p := range plots {
		if p.only != nil && !p.only(s) {
			continue
		}
		for _, format := range []string{"png", "svg"} {
			b, err := renderPlot(i, format, s)
			add(p.name+"."+format, b, err)
		}
	}
	return files, errs
}
