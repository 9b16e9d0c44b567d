package reports

import (
	"errors"
	"fmt"
	"path/filepath"

	"balance/stats"
)

// file is one file of a report, rendered in memory.
type file struct {
	name string
	data []byte
}

// WriteDir writes the report of one run into dir, which is created if it
// is missing (its parent must exist):
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
// Each file is written to a temporary file in dir and renamed into place,
// so an interrupted run leaves whole files only. WriteDir stops at the
// first file it cannot write and returns an error naming it. A file that
// cannot be produced from s (JSON cannot hold an infinite interval) is
// reported once the others are written.
func WriteDir(dir string, s *stats.Summary) error {
	if s == nil {
		return errors.New("reports: no summary to write")
	}
	if err := makeDir(dir); err != nil {
		return err
	}
	files, errs := render(s)
	for _, f := range files {
		if err := writeFile(filepath.Join(dir, f.name), f.data); err != nil {
			return err
		}
	}
	var joined []error
	for _, e := range errs {
		joined = append(joined, fmt.Errorf("reports: cannot write %s: %w", filepath.Join(dir, e.name), e.err))
	}
	return errors.Join(joined...)
}

// failed is a file that could not be rendered.
type failed struct {
	name string
	err  error
}

// render produces the files of a report, and the files it could not.
func render(s *stats.Summary) ([]file, []failed) {
	var files []file
	var errs []failed
	add := func(name string, data []byte, err error) {
		if err != nil {
			errs = append(errs, failed{name, err})
			return
		}
		files = append(files, file{name, data})
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
