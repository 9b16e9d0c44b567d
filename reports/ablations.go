package reports

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"

	"balance/stats"
)

// winMatters reports whether any part's change of the first side's win
// rate is significant, which decides how the parts are ranked.
func winMatters(a *stats.Ablations) bool {
	return slices.ContainsFunc(a.Effects, func(e stats.Ablation) bool { return e.WinSignificant })
}

// rankAblations returns the indices of the parts, biggest effect first:
// by the size of the change of the first side's win rate, or, when no
// part changes it significantly (a side that nearly always wins, say), by
// the size of the change of the hunt's length; ties keep the order of the
// design.
func rankAblations(a *stats.Ablations) []int {
	idx := make([]int, len(a.Effects))
	for i := range idx {
		idx[i] = i
	}
	byWin := winMatters(a)
	size := func(e *stats.Ablation) (float64, float64) {
		w, l := math.Abs(finite(e.Win.Estimate, 0)), math.Abs(finite(e.Length.Estimate, 0))
		if byWin {
			return w, l
		}
		return l, w
	}
	slices.SortStableFunc(idx, func(x, y int) int {
		a1, a2 := size(&a.Effects[x])
		b1, b2 := size(&a.Effects[y])
		switch {
		case a1 != b1:
			return -cmpFloat(a1, b1)
		case a2 != b2:
			return -cmpFloat(a2, b2)
		}
		return 0
	})
	return idx
}

// rankedBy says what the parts are ranked by.
func rankedBy(r *stats.Report) string {
	if winMatters(r.Ablations) {
		return side0(r) + " win rate"
	}
	return "hunt's length (no part changes the " + side0(r) + " win rate significantly)"
}

// ablationsHead is the header of the ablations' table in summary.md.
func ablationsHead(r *stats.Report) []string {
	a := r.Ablations
	h := []string{"Part", side0Wins(r) + ", with - switched off", "Won only with / only without", "McNemar p",
		"Wins significant", orDash(r.LengthUnit.Label) + ", with - without", "Length significant"}
	for _, l := range a.Labels {
		h = append(h, l+", with - without")
	}
	return h
}

// ablationRows are the rows of the ablations' table, in rank order.
func ablationRows(a *stats.Ablations) [][]string {
	var rows [][]string
	for _, i := range rankAblations(a) {
		e := &a.Effects[i]
		row := []string{e.Label, PointsBounds(e.Win), fmt.Sprintf("%d / %d", e.OnlyWith, e.OnlyBlank),
			PText(e.WinP), yesNo(e.WinSignificant), signedBounds(e.Length), yesNo(e.LengthSignificant)}
		for _, h := range e.Headline {
			row = append(row, signedBounds(h))
		}
		rows = append(rows, row)
	}
	return rows
}

// ablationsSection adds to a run's report what each part of the design
// does: the change of the first side's win rate, of the length and of
// each headline value when it is switched off, ranked, with the chart.
func ablationsSection(b *document, r *stats.Report) {
	a := r.Ablations
	if a == nil {
		return
	}
	b.heading(2, "What each part does")
	b.p("Which parts of the design matter: the first %d hunts (indices %d to %d) were played again with each part switched off "+
		"(each made blank by its -set override), on the same random streams. Each figure is the paired difference "+
		"as designed minus switched off over the same hunts, with its %s interval: what the part adds. The win rate's change "+
		"has the exact McNemar test on the hunts only one of the two won; a change is significant at %g%% after Holm's "+
		"correction over every test of the table. Ranked by the size of the change of the %s.",
		a.Hunts, a.First, a.First+a.Hunts-1, conf(winRate(r)), 100*a.Alpha, rankedBy(r))
	if a.Stopped != "" && a.Stopped != "hunts" {
		b.p("**The measurement stopped early (%s) after %d hunts.**", label(a.Stopped), a.Hunts)
	}
	if len(a.Effects) > 0 {
		b.plot("ablations", "What each part does")
	}
	align := "lrrrlrl" + strings.Repeat("r", len(a.Labels))
	b.table(docTable{align: align, header: ablationsHead(r), rows: ablationRows(a), csv: "ablations.csv"})
	if len(a.Inert) > 0 {
		b.p("Parts with nothing to switch off, so nothing to measure: %s.", strings.Join(a.Inert, ", "))
	}
	b.p("n is %d hunts for every figure. Table: ablations.csv.", a.Hunts)
}

// ablationsTable is ablations.csv: one row per part, in the order of the
// design.
func ablationsTable(r *stats.Report) [][]string {
	a := r.Ablations
	h := row([]string{"set", "label", "group"}, est("win"), []string{"only_with", "only_blank", "win_p", "win_significant"},
		est("length"), []string{"length_p", "length_significant"})
	for _, k := range a.Headline {
		h = append(h, est(k)...)
	}
	t := [][]string{h}
	for _, e := range a.Effects {
		rw := row([]string{e.Set, e.Label, e.Group}, cells(e.Win),
			[]string{itoa(e.OnlyWith), itoa(e.OnlyBlank), num(e.WinP), fmt.Sprint(e.WinSignificant)}, cells(e.Length),
			[]string{num(e.LengthP), fmt.Sprint(e.LengthSignificant)})
		for _, i := range e.Headline {
			rw = append(rw, cells(i)...)
		}
		t = append(t, rw)
	}
	return t
}

// ablationsPlot draws the ranked chart: two panels side by side, one row
// per part, biggest effect on top: the change of the first side's win
// rate in percentage points and the change of the length, each a bar
// with its interval; significant changes in blue, the others grey.
func ablationsPlot(r *stats.Report) (func(draw.Canvas), error) {
	a := r.Ablations
	if a == nil {
		return nil, fmt.Errorf("no ablations")
	}
	order := rankAblations(a)
	n := len(order)
	names := make([]string, n)
	blank := make([]string, n)
	var win, length errPoints
	var winSig, lenSig []bool
	for k, i := range order {
		e := &a.Effects[i]
		y := float64(n - 1 - k) // the biggest on top
		names[n-1-k] = e.Label
		v, lo, hi := bounds(e.Win)
		win.add(100*v, y, 100*lo, 100*hi)
		v, lo, hi = bounds(e.Length)
		length.add(v, y, lo, hi)
		winSig, lenSig = append(winSig, e.WinSignificant), append(lenSig, e.LengthSignificant)
	}
	panel := func(title, x string, e *errPoints, sig []bool, labels []string) *plot.Plot {
		p := newPlot(title, x+" ("+conf(winRate(r))+" interval)", "")
		for k := range e.x {
			c := grey
			if sig[k] {
				c = lightBlue
			}
			edge := line(blue, 1)
			if !sig[k] {
				edge = line(color.RGBA{R: 0x96, G: 0x96, B: 0x96, A: 0xff}, 1)
			}
			p.Add(&hbar{y: e.y[k], v: e.x[k], h: 0.6, fill: c, edge: edge})
		}
		if n > 0 {
			p.Add(newXErr(e))
			p.NominalY(labels...)
			zero := xyLine([]float64{0, 0}, []float64{-0.6, float64(n) - 0.4}, line(black, 0.8))
			p.Add(zero)
		}
		p.Y.Min, p.Y.Max = -0.6, math.Max(float64(n)-0.4, 0.4)
		lo, hi := math.Inf(1), math.Inf(-1)
		for k := range e.x {
			lo, hi = math.Min(lo, e.lo[k]), math.Max(hi, e.hi[k])
		}
		if n == 0 {
			lo, hi = -1, 1
		}
		pad := 0.08 * math.Max(hi-lo, 1e-6)
		p.X.Min, p.X.Max = math.Min(lo, 0)-pad, math.Max(hi, 0)+pad
		return p
	}
	left := panel(side0(r)+" win rate, with - without", "percentage points", &win, winSig, names)
	right := panel(orDash(r.LengthUnit.Label)+", with - without", r.LengthUnit.Plural, &length, lenSig, blank)
	title := fmt.Sprintf("What each part does: %s (n=%d hunts per part, the same hunts)", orDash(r.Title), a.Hunts)
	return sidePanels(title, "blue: significant at "+fmt.Sprintf("%g%%", 100*a.Alpha)+" (Holm); grey: not", left, right), nil
}

// ablationLines are the terminal summary's lines on the ablations: the
// parts whose change of the first side's win rate (or, when none is
// significant, of the length) is significant, biggest first, at most
// five, and how many were measured.
func ablationLines(r *stats.Report) (head string, lines [][2]string) {
	a := r.Ablations
	byWin := winMatters(a)
	head = fmt.Sprintf("%d parts, each switched off on %d hunts; with - without, biggest first", len(a.Effects), a.Hunts)
	if a.Stopped != "" && a.Stopped != "hunts" {
		head += " (" + label(a.Stopped) + ")"
	}
	for _, i := range rankAblations(a) {
		e := &a.Effects[i]
		if byWin && !e.WinSignificant || !byWin && !e.LengthSignificant {
			continue
		}
		if len(lines) == 5 {
			head += "; more in the report"
			break
		}
		lines = append(lines, [2]string{e.Label, fmt.Sprintf("%s %s, %s %s", side0Wins(r), PointsBounds(e.Win), orDash(r.LengthUnit.Label), signedBounds(e.Length))})
	}
	if len(lines) == 0 {
		head += "; none changes the win rate or the length significantly"
	}
	return head, lines
}
