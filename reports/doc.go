// Package reports turns what a run of any game produced into what a
// designer reads: a run's report directory (summary.md, summary.html,
// summary.json, CSV tables and plots in PNG and SVG) drawn from a
// stats.Report, a concise table for the terminal, an index over several
// runs, and the reports of the comparing workflows (skill, compare,
// sweep and tune, sensitivity). It reads the game's schema as the
// stats.Report carries it (its sides, outcomes, units, lists, values,
// ratios, series and curves, with their labels) and names no game.
//
// Every file is written whole or not at all: its bytes are produced in
// memory, written to a temporary file in the target directory and renamed
// into place. Output depends only on what is reported: plots use the fonts
// embedded in gonum/plot (Liberation), never the machine's, so the same
// report gives the same bytes everywhere.
//
// SVG plots name their font ("Liberation Sans") rather than embed it, which
// would add about half a megabyte to every file; a viewer without the
// Liberation fonts draws the text in a similar font, in the positions
// computed from the embedded metrics.
package reports
