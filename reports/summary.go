package reports

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"balance/game"
	"balance/stats"
)

// The report of one run: summary.md, summary.html and summary.json, a CSV
// file per table and the plots, all drawn from the stats.Report alone, by
// the game's schema it carries: the outcomes, one section per list of
// items (a game's models, cards, places), one per series and per curve,
// the hunt's length with every distribution, what each part of the design
// does (the ablations), the warnings and the run.

// WriteSummary writes the report of one run as the directory dir,
// replacing it as a whole (its parent must exist):
//
//	summary.md     the report to read, with the plots embedded
//	summary.html   the same report as one self-contained page, plots inline
//	summary.json   every figure (docs/summary-schema.md)
//	outcomes.csv, LIST.csv (one per list), SERIES.csv, CURVE.csv,
//	LENGTH.csv (the histogram of the length, named by its unit),
//	distributions.csv, ablations.csv (when measured)
//	               every table of summary.md but the configuration
//	outcomes, LIST (a list with a plot), SERIES, CURVE, length,
//	ablations (when measured): .png and .svg
//
// summary.md and summary.html are written from the same blocks
// (summaryDoc): the page holds every section, table and warning of the
// Markdown. The files are written to a temporary directory beside dir and
// swapped in at once (safeio.WriteDir), so a reader or an interrupted run
// sees the old report or the new one, never a mix; what dir held that the
// report does not write is carried over. When a file cannot be produced
// from r (JSON cannot hold an infinite interval), nothing is written and
// the error names the file.
func WriteSummary(dir string, r *stats.Report) error {
	files, err := RenderSummary(r)
	if err != nil {
		return err
	}
	return writeDir(dir, SummaryNames(r), files)
}

// SummaryNames are the names of the files a run's report of r's schema
// may hold, as WriteSummary writes them (the ablations' files included,
// written only when they were measured). They depend on the schema, not
// on the hunts: a report of no hunts names them all.
func SummaryNames(r *stats.Report) []string {
	names := []string{"summary.json", "summary.md", "summary.html"}
	for _, t := range csvTables(r) {
		names = append(names, t.name)
	}
	names = append(names, "ablations.csv")
	for _, p := range summaryPlots(r) {
		names = append(names, p.name+".png", p.name+".svg")
	}
	if !slices.Contains(names, "ablations.png") {
		names = append(names, "ablations.png", "ablations.svg")
	}
	return names
}

// SummaryFixedNames are the names of the files every run's report holds,
// whatever its schema: what can be checked before the design is known.
var SummaryFixedNames = []string{"summary.json", "summary.md", "summary.html", "ablations.csv", "ablations.png", "ablations.svg"}

// RenderSummary returns the files of a run's report (see WriteSummary),
// or an error naming every file that cannot be produced from r.
func RenderSummary(r *stats.Report) ([]File, error) {
	if r == nil {
		return nil, errors.New("reports: no report to write")
	}
	var files []File
	var errs []error
	add := func(name string, data []byte, err error) {
		if err != nil {
			errs = append(errs, fmt.Errorf("reports: cannot write %s: %w", name, err))
			return
		}
		files = append(files, File{Name: name, Data: data})
	}
	// The plots, in both formats, are most of the work: they are drawn
	// at once, on every core, before the files are put in order; the page
	// embeds the SVGs drawn for the files.
	plots := summaryPlots(r)
	formats := [...]string{"png", "svg"}
	drawn := renderAll(len(plots)*len(formats), func(i int) ([]byte, error) {
		return plots[i/len(formats)].render(formats[i%len(formats)])
	})
	b, err := EncodeJSON(r)
	add("summary.json", b, err)
	doc := summaryDoc(r)
	add("summary.md", doc.markdown(), nil)
	page, err := doc.htmlPage(func(name string) ([]byte, error) {
		for i, p := range plots {
			if p.name == name {
				d := drawn[i*len(formats)+1]
				return d.data, d.err
			}
		}
		return nil, fmt.Errorf("no plot %q", name)
	})
	if err != nil {
		add("summary.html", nil, err)
	} else {
		b, err := RenderHTML(page)
		add("summary.html", b, err)
	}
	for _, t := range csvTables(r) {
		add(t.name, encodeCSV(t.rows), nil)
	}
	if r.Ablations != nil {
		add("ablations.csv", encodeCSV(ablationsTable(r)), nil)
	}
	for i, p := range plots {
		for j, format := range formats {
			d := drawn[i*len(formats)+j]
			add(p.name+"."+format, d.data, d.err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return files, nil
}

// side0 is the label of the first side, whose win rate heads the reports.
func side0(r *stats.Report) string {
	if len(r.Wins) == 0 {
		return "first side"
	}
	return orDash(r.Wins[0].Label)
}

// side0Wins names the first side's win rate: "Pack wins", "Hunters win".
func side0Wins(r *stats.Report) string {
	if len(r.Wins) == 0 {
		return "first side wins"
	}
	return game.WinsOf(orDash(r.Wins[0].Label), r.Wins[0].Plural)
}

// winLabel names the first side's win rate with the outcomes that count
// as its wins: "Pack win rate (Pack won: every Foe slain)".
func winLabel(r *stats.Report) string {
	var how []string
	for _, o := range r.Outcomes {
		if len(r.Wins) > 0 && o.Side == r.Wins[0].Name {
			how = append(how, o.Label)
		}
	}
	s := side0(r) + " win rate"
	if len(how) > 0 {
		s += " (" + strings.Join(how, "; ") + ")"
	}
	return s
}

// perHunt writes a hunt-level count's mean with its quantiles: "mean 3.1
// [3.0, 3.2]; median 3, 10% to 90%: 1 to 5".
func perHunt(d *stats.Distribution) string {
	return fmt.Sprintf("mean **%s**; median %s, 10%% to 90%%: %s to %s", d.Mean, d.Value(d.P50), d.Value(d.P10), d.Value(d.P90))
}

// leadLines are the headline's lines of the hunt-level Lead values, and
// the top item of each ratio that names one.
func leadLines(r *stats.Report) []string {
	var out []string
	for _, v := range r.Values {
		if !v.Lead || v.Per != "" || len(v.Items) == 0 {
			continue
		}
		f := v.Items[0]
		switch {
		case f.Share != nil:
			out = append(out, fmt.Sprintf("%s **%s**", v.Label, f.Share.Percent()))
		case f.Dist != nil && f.Dist.N > 0:
			out = append(out, fmt.Sprintf("%s per hunt: %s", v.Label, perHunt(f.Dist)))
		case f.Rate != nil:
			out = append(out, fmt.Sprintf("%s per hunt: **%s**", v.Label, *f.Rate))
		}
	}
	return out
}

// topItem returns the item of ratio rf with the highest ratio among those
// with a count (num > 0), the first on a tie, or -1.
func topItem(rf *stats.RatioFigures) int {
	best := -1
	for i, it := range rf.Items {
		if it.Den == 0 || it.Num == 0 {
			continue
		}
		if best < 0 || it.Ratio.Estimate > rf.Items[best].Ratio.Estimate {
			best = i
		}
	}
	return best
}

// itemLabel is the label of item key of list, or the key.
func itemLabel(r *stats.Report, list, key string) string {
	if l := r.List(list); l != nil {
		for _, it := range l.Items {
			if it.Key == key {
				return orDash(it.Label)
			}
		}
	}
	return key
}

// topLines are the headline's lines naming each ratio's top item.
func topLines(r *stats.Report, bold bool) []string {
	var out []string
	for i := range r.Ratios {
		rf := &r.Ratios[i]
		if rf.Top == "" {
			continue
		}
		k := topItem(rf)
		if k < 0 {
			out = append(out, fmt.Sprintf("%s: none", rf.Top))
			continue
		}
		it := rf.Items[k]
		name := itemLabel(r, rf.Per, it.Item)
		if bold {
			name = "**" + name + "**"
		}
		out = append(out, fmt.Sprintf("%s: %s, %s %s (n=%d)", rf.Top, name, it.Ratio.Bounds(), lower(rf.Label), it.Ratio.N))
	}
	return out
}

// distRows are the hunt's length and every hunt-level distribution: the
// rows of the hunt-length table and of distributions.csv.
func distRows(r *stats.Report) []namedDist {
	out := []namedDist{{fmt.Sprintf("%s per hunt", orDash(r.LengthUnit.Label)), "length", r.Length}}
	for _, v := range r.Values {
		if v.Per != "" || len(v.Items) == 0 || v.Items[0].Dist == nil {
			continue
		}
		name := v.Label
		if v.Kind == "time" {
			name += ", when (over the hunts it happened in)"
		}
		out = append(out, namedDist{name, v.Key, *v.Items[0].Dist})
	}
	return out
}

// namedDist is a Distribution with the name a table gives it.
type namedDist struct {
	name, key string // for reading; for the CSV file
	d         stats.Distribution
}

// summaryDoc is the report of one run, from which summary.md and
// summary.html are both written. Every table but the configuration names
// the CSV file that holds it.
func summaryDoc(r *stats.Report) *document {
	b := &document{title: orDash(r.Title)}
	cf := conf(winRate(r))
	b.p("%d hunts of %s, seed %d. Written by %s.", r.Hunts, orDash(r.Game), r.Seed, orDash(r.Program))

	b.heading(2, "How to read this report")
	b.p("Every figure is estimated from the hunts played and carries its %s confidence interval "+
		"in brackets and the number of hunts (or of what it is counted over) it rests on, n: "+
		"\"41.2%% [40.9%%, 41.5%%]\" means the true rate lies between 40.9%% and 41.5%% "+
		"with %s confidence. Two figures whose intervals overlap may not differ at all; "+
		"play more hunts to narrow them. Rates are shares of hunts; "+
		"a hunt's length is counted in %s, and what happens within it in %s. "+
		"Quantiles (10%%, median, 90%%) describe the spread from hunt to hunt, not the uncertainty "+
		"of the estimate. Every table after the configuration is also in a CSV file beside this one, "+
		"named under the table, and every figure, at full precision, in summary.json.",
		cf, cf, orDash(r.LengthUnit.Plural), orDash(r.ClockUnit.Plural))
	if r.Interrupted || (r.Stopped != "" && r.Stopped != "hunts") {
		b.p("**This run stopped early (%s) after %d hunts.**", label(r.Stopped), r.Hunts)
	}

	b.heading(2, "Configuration")
	b.table(docTable{align: "ll", header: []string{"Setting", "Value"}, rows: configRows(r, true)})

	b.heading(2, "Headline")
	h := []string{fmt.Sprintf("%s **%s**", winLabel(r), winRate(r).Percent())}
	h = append(h, leadLines(r)...)
	h = append(h, fmt.Sprintf("Hunt length: mean **%s** %s; median %d, 10%% to 90%%: %d to %d",
		r.Length.Mean, r.LengthUnit.Plural, r.Length.P50, r.Length.P10, r.Length.P90))
	h = append(h, topLines(r, true)...)
	b.list(h)

	b.heading(2, "Outcomes")
	b.plot("outcomes", "Outcomes")
	var rows [][]string
	for _, o := range r.Outcomes {
		rows = append(rows, []string{orDash(o.Label), fmt.Sprint(o.Count), o.Rate.PercentBounds(), fmt.Sprint(o.Rate.N)})
	}
	b.table(docTable{align: "lrrr", header: []string{"Outcome", "Hunts", "Rate [" + cf + " interval]", "n"}, rows: rows, csv: "outcomes.csv"})
	b.p("Table: outcomes.csv.")

	plots := summaryPlots(r)
	hasPlot := func(name string) bool {
		return slices.ContainsFunc(plots, func(p summaryPlot) bool { return p.name == name })
	}
	for i := range r.Lists {
		l := &r.Lists[i]
		head, rows, align := listTable(r, l.Key)
		if len(head) <= 1+len(infoKeys(l)) {
			continue // nothing is recorded per item of this list
		}
		b.heading(2, "%s", orDash(l.Label))
		if hasPlot(l.Key) {
			b.plot(l.Key, l.Label)
		}
		b.table(docTable{align: align, header: head, rows: rows, csv: l.Key + ".csv"})
		b.p("%s Table: %s.csv.", listNote(r, l.Key), l.Key)
	}

	for _, s := range r.Series {
		b.heading(2, "%s", s.Label)
		b.p("The running total by %s, over all hunts (a finished hunt keeps its final total). "+
			"The light band spans the 10th to 90th percentile, the dark band around the mean is its interval, the dashed line the median.",
			r.ClockUnit.Key)
		b.plot(s.Key, s.Label)
		n := seriesShown(s.Points)
		rows = nil
		for _, c := range s.Points[:n] {
			rows = append(rows, []string{fmt.Sprint(c.Tick), c.Mean.Bounds(), fmt.Sprint(c.Mean.N), fmt.Sprint(c.P10), fmt.Sprint(c.P50), fmt.Sprint(c.P90)})
		}
		b.table(docTable{align: "rrrrrr", header: []string{orDash(r.ClockUnit.Label), "Mean [interval]", "n", "10%", "Median", "90%"}, rows: rows,
			csv: s.Key + ".csv", collapse: fmt.Sprintf("%s by %s: %d rows", s.Label, r.ClockUnit.Key, len(rows))})
		if n < len(s.Points) {
			b.p("Later %s, to %d, are left out here and in the plot: from %d on, the mean stays within %g%% of its final value and the quantiles do not change. Every step is in %s.csv.",
				r.ClockUnit.Plural, s.Points[len(s.Points)-1].Tick, s.Points[n-1].Tick, 100*seriesTol, s.Key)
		} else {
			b.p("Table: %s.csv.", s.Key)
		}
	}

	for _, c := range r.Curves {
		b.heading(2, "%s", c.Label)
		b.p("%s by the end of each %s, over every item of every hunt, with its interval shaded. "+
			"The interval is that of a mean of shares (each hunt's share of its items) and never narrower than "+
			"the Wilson interval of the share over the hunts, so it keeps its width where every hunt is alike. "+
			"The dashed lines are each item's own curve (%s.csv has them with their Wilson intervals, by item key).",
			c.Label, r.ClockUnit.Key, c.Key)
		b.plot(c.Key, c.Label)
		n := curveShown(c.Steps)
		rows = nil
		for _, st := range c.Steps[:n] {
			rows = append(rows, []string{fmt.Sprint(st.Tick), st.Alive.PercentBounds(), fmt.Sprint(st.Alive.N)})
		}
		b.table(docTable{align: "rrr", header: []string{orDash(r.ClockUnit.Label), "Share [interval]", "n"}, rows: rows, csv: c.Key + ".csv",
			collapse: fmt.Sprintf("%s by %s: %d rows", c.Label, r.ClockUnit.Key, len(rows))})
		if n < len(c.Steps) {
			b.p("Later %s, to %d, are left out here and in the plot: from %d on, the share stays within %g percentage points of its final value. Every step is in %s.csv.",
				r.ClockUnit.Plural, c.Steps[len(c.Steps)-1].Tick, c.Steps[n-1].Tick, 100*curveTol, c.Key)
		} else {
			b.p("Table: %s.csv.", c.Key)
		}
	}

	feelSection(b, r)

	b.heading(2, "Hunt length")
	b.plot("length", "Hunt length")
	rows = nil
	for _, d := range distRows(r) {
		rows = append(rows, distRow(d.name, d.d))
	}
	b.table(docTable{align: "lrrrrrrrr", header: distHead, rows: rows, csv: "distributions.csv"})
	b.p("n is the number of hunts each row is taken over: a time is taken over the hunts where it happened. "+
		"Table: distributions.csv; the histogram of the length is in %s.csv.", lengthFile(r))

	ablationsSection(b, r)

	if ws := warnings(r); len(ws) > 0 {
		b.heading(2, "Warnings")
		b.list(ws)
	}

	b.heading(2, "Run")
	b.p("%s. The time is the only figure in this report that differs between two runs of the same configuration and seed.", speed(r.Timing))
	var csvs []string
	for _, t := range csvTables(r) {
		csvs = append(csvs, t.name)
	}
	if r.Ablations != nil {
		csvs = append(csvs, "ablations.csv")
	}
	b.p("Files: summary.json (every figure, schema version %d), summary.html (this report as one page), %s; each plot as PNG and SVG.",
		r.Schema, strings.Join(csvs, ", "))
	return b
}

// winRate is the first side's win rate.
func winRate(r *stats.Report) stats.Interval {
	if len(r.Wins) == 0 {
		return stats.Interval{Conf: stats.Conf}
	}
	return r.Wins[0].Rate
}

// configRows are the rows of the configuration table: the design's
// configuration, then the policy, overrides and the run.
func configRows(r *stats.Report, all bool) [][]string {
	var rows [][]string
	for _, kv := range r.Config {
		rows = append(rows, []string{kv.Key, orDash(kv.Value)})
	}
	if r.Policy != "" {
		rows = append(rows, []string{"Policy", code(r.Policy)})
	}
	overrides := "none"
	if len(r.Overrides) > 0 {
		q := make([]string, len(r.Overrides))
		for i, o := range r.Overrides {
			q[i] = code(o)
		}
		overrides = strings.Join(q, ", ")
	}
	rows = append(rows, []string{"Overrides", overrides})
	if !all {
		return rows
	}
	stop := label(r.Stopped)
	if r.TargetError > 0 {
		stop += fmt.Sprintf(" (target error %g)", r.TargetError)
	}
	return append(rows,
		[]string{"Game data hash", code(r.Hash)},
		[]string{"Hunts", fmt.Sprintf("%d (hunt indices from %d)", r.Hunts, r.First)},
		[]string{"Seed", fmt.Sprint(r.Seed)},
		[]string{"Stopped by", orDash(stop)},
		[]string{"Program", orDash(r.Program)},
		[]string{"Game", orDash(r.Game)},
		[]string{"Schema", fmt.Sprint(r.Schema)})
}

// lengthFile is the name, without .csv, of the length's histogram file:
// the length's unit, "rounds".
func lengthFile(r *stats.Report) string {
	if u := r.LengthUnit.Plural; u != "" && keyLike(u) {
		return u
	}
	return "length_histogram"
}

// keyLike reports whether s can name a file as a schema key does.
func keyLike(s string) bool {
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return s != ""
}

// infoKeys are the keys of the Info the items of l carry, in the order
// they first appear.
func infoKeys(l *game.List) []string {
	var keys []string
	for _, it := range l.Items {
		for _, kv := range it.Info {
			if !slices.Contains(keys, kv.Key) {
				keys = append(keys, kv.Key)
			}
		}
	}
	return keys
}

// warnings lists, as the items of a list, the warnings carried by the
// report's intervals, each with where it occurs, the same warning on
// several figures once with a count.
func warnings(r *stats.Report) []string {
	var order []string // warnings in order of first appearance
	seen := map[string][]string{}
	add := func(where string, i stats.Interval) {
		for _, m := range i.Warnings {
			if _, ok := seen[m]; !ok {
				order = append(order, m)
			}
			seen[m] = append(seen[m], where)
		}
	}
	for _, w := range r.Wins {
		add(w.Label+" win rate", w.Rate)
	}
	for _, o := range r.Outcomes {
		add("outcome "+o.Label, o.Rate)
	}
	for _, d := range distRows(r) {
		add(d.name+" mean", d.d.Mean)
	}
	for _, v := range r.Values {
		for _, f := range v.Items {
			where := v.Label
			if f.Label != "" {
				where = f.Label + " " + v.Label
			}
			if f.Share != nil {
				add(where, *f.Share)
			}
			if f.Rate != nil {
				add(where+" per hunt", *f.Rate)
			}
			if f.Dist != nil && v.Per != "" {
				add(where+" mean", f.Dist.Mean)
			}
		}
	}
	for _, rf := range r.Ratios {
		for _, it := range rf.Items {
			add(itemLabel(r, rf.Per, it.Item)+" "+strings.ToLower(rf.Label), it.Ratio)
		}
	}
	if a := r.Ablations; a != nil {
		for _, e := range a.Effects {
			add(e.Label+" switched off: "+side0Wins(r), e.Win)
			add(e.Label+" switched off: "+r.LengthUnit.Plural, e.Length)
			for h, i := range e.Headline {
				if h < len(a.Labels) {
					add(e.Label+" switched off: "+a.Labels[h], i)
				}
			}
		}
	}
	for _, s := range r.Series {
		for _, c := range s.Points {
			add(fmt.Sprintf("%s at %s %d", s.Label, r.ClockUnit.Key, c.Tick), c.Mean)
		}
	}
	for _, c := range r.Curves {
		for _, st := range c.Steps {
			add(fmt.Sprintf("%s at %s %d", c.Label, r.ClockUnit.Key, st.Tick), st.Alive)
		}
	}
	var out []string
	for _, m := range order {
		where := seen[m]
		list := strings.Join(where, ", ")
		if len(where) > 6 {
			list = strings.Join(where[:6], ", ") + fmt.Sprintf(" and %d more", len(where)-6)
		}
		out = append(out, fmt.Sprintf("%s: %s.", m, list))
	}
	return out
}

// speed formats a run's timing: hunts per second, workers and seconds. A
// report merged from shard files has none (the shards' play time is not
// recorded, and the merge's own time says nothing of the hunts' speed).
func speed(t stats.Timing) string {
	if t.Seconds <= 0 {
		return "not measured: merged from shard files (each shard's run printed its own)"
	}
	workers := "workers"
	if t.Workers == 1 {
		workers = "worker"
	}
	return fmt.Sprintf("%.0f hunts/s (%d %s, %.2f s)", t.HuntsPerSec, t.Workers, workers, t.Seconds)
}

// lower puts the first letter of a label in lower case, to run it into a
// sentence: "Kills per draw" reads "kills per draw" ("WNDs per draw" is
// left as it is).
func lower(s string) string {
	if len(s) > 1 && s[0] >= 'A' && s[0] <= 'Z' && !(s[1] >= 'A' && s[1] <= 'Z') {
		return string(s[0]-'A'+'a') + s[1:]
	}
	return s
}
