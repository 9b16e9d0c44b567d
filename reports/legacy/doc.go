// Package legacy is Cazadores' reports as they were before the game seam,
// kept while the commands move to the shared reports (package reports),
// and then removed. It turns a stats.Summary into what a designer reads: a
// report directory (summary.md, summary.json, CSV tables and plots in PNG
// and SVG), a concise table for the terminal, and an index over several
// runs.
//
// Every file is written whole or not at all: its bytes are produced in
// memory, written to a temporary file in the target directory and renamed
// into place. Output depends only on the Summary: plots use the fonts
// embedded in gonum/plot (Liberation), never the machine's, so the same
// Summary gives the same bytes everywhere.
//
// SVG plots name their font ("Liberation Sans") rather than embed it, which
// would add about half a megabyte to every file; a viewer without the
// Liberation fonts draws the text in a similar font, in the positions
// computed from the embedded metrics.
package legacy
