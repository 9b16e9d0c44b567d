package legacy

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"balance/stats"
)

// grey is the colour of a card effect that is not significant.
var grey = color.RGBA{R: 0xd9, G: 0xd9, B: 0xd9, A: 0xff}

// effectLabel names an action entry or a hit-location effect with the
// cards that play it: "Harrowing Chorus (A♠ A♦ A♣)", "Beloved Breath (K♥,
// defensive)", "Head: Weeping (hit card 10)".
func effectLabel(e *stats.CardEffect) string {
	cards := strings.Join(e.Cards, " ")
	switch {
	case e.Kind == "location" && len(e.Cards) == 1:
		cards = "hit card " + cards
	case e.Kind == "location":
		cards = "hit cards " + strings.Join(e.Cards, ", ")
	case e.Tree != "":
		cards += ", " + e.Tree
	}
	if cards == "" {
		return e.Name
	}
	return e.Name + " (" + cards + ")"
}

// winMatters reports whether any entry's change of the Pack win rate is
// significant, which decides how the effects are ranked.
func winMatters(ce *stats.CardEffects) bool {
	return slices.ContainsFunc(ce.Effects, func(e stats.CardEffect) bool { return e.WinSignificant })
}

// rankEffects returns the indices of the effects, biggest first: by the
// size of the change of the Pack win rate, or, when no entry changes it
// significantly (an Adversary the Pack nearly always beats, say), by the
// size of the change of hunt length; ties keep the order of the data.
func rankEffects(ce *stats.CardEffects) []int {
	idx := make([]int, len(ce.Effects))
	for i := range idx {
		idx[i] = i
	}
	byWin := winMatters(ce)
	size := func(e *stats.CardEffect) (float64, float64) {
		w, r := math.Abs(finite(e.Win.Estimate, 0)), math.Abs(finite(e.Rounds.Estimate, 0))
		if byWin {
			return w, r
		}
		return r, w
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		a1, a2 := size(&ce.Effects[a])
		b1, b2 := size(&ce.Effects[b])
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

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// PointsBounds formats a difference of proportions and its interval in
// percentage points, signed: "-8.1 pp [-9.0, -7.2]"; the decimals follow
// the interval's width, from 1 to 3; never a negative zero.
func PointsBounds(i stats.Interval) string {
	if !i.Finite() {
		return "n/a"
	}
	d := signedDecimals(100*(i.High-i.Low), 1, 3)
	return stats.SignedFixed(100*i.Estimate, d) + " pp [" + stats.SignedFixed(100*i.Low, d) + ", " + stats.SignedFixed(100*i.High, d) + "]"
}

// Points is PointsBounds with n: "-8.1 pp [-9.0, -7.2] (n=5000)".
func Points(i stats.Interval) string {
	if !i.Finite() {
		return fmt.Sprintf("n/a (n=%d)", i.N)
	}
	return PointsBounds(i) + fmt.Sprintf(" (n=%d)", i.N)
}

// cardEffectRows are the rows of the card-effects table of summary.md, in
// rank order.
func cardEffectRows(ce *stats.CardEffects) [][]string {
	var rows [][]string
	for _, i := range rankEffects(ce) {
		e := &ce.Effects[i]
		rows = append(rows, []string{effectLabel(e), PointsBounds(e.Win), fmt.Sprintf("%d / %d", e.OnlyWith, e.OnlyBlank),
			PText(e.WinP), yesNo(e.WinSignificant), signedBounds(e.Rounds), yesNo(e.RoundsSignificant), signedBounds(e.Wounds)})
	}
	return rows
}

var cardEffectHead = []string{"Card or effect", "Pack wins, with - blank", "Won only with / only blank", "McNemar p",
	"Wins significant", "Rounds, with - blank", "Rounds significant", "Pack WNDs taken, with - blank"}

// cardEffectsSection adds the card effects to a run's report: what each
// action entry and hit-location effect does to the Pack win rate and the
// hunt length, ranked, with the chart.
func cardEffectsSection(b *document, s *stats.Summary) {
	ce := s.CardEffects
	if ce == nil {
		return
	}
	b.heading(2, "What each card does")
	b.p("Which cards matter: the first %d hunts (indices %d to %d) were played again with each action entry, and each hit location's "+
		"exhaustion effect, made blank, on the same random streams. A blank card is still drawn and its Turn still taken: "+
		"the Adversary moves and chooses as the card directs, but the action does nothing (no Check, no attack, no effect). "+
		"A blank hit location still takes WNDs and is exhausted, without its effect. Each figure is the paired difference "+
		"as designed minus blank over the same hunts, with its %s interval: what the entry adds. The win rate's change "+
		"has the exact McNemar test on the hunts only one of the two won; a change is significant at %g%% after Holm's "+
		"correction over every test of the table. Ranked by the size of the change of the %s.",
		ce.Hunts, ce.First, ce.First+ce.Hunts-1, conf(s), 100*ce.Alpha, rankedBy(ce))
	if ce.Stopped != "" && ce.Stopped != "hunts" {
		b.p("**The measurement stopped early (%s) after %d hunts.**", label(ce.Stopped), ce.Hunts)
	}
	if len(ce.Effects) > 0 {
		b.plot("card_effects", "What each card does")
	}
	b.table(docTable{align: "lrrrlrlr", header: cardEffectHead, rows: cardEffectRows(ce), csv: "card_effects.csv"})
	if len(ce.NoEffect) > 0 {
		b.p("Hit locations without an exhaustion effect, so nothing to measure: %s.", strings.Join(ce.NoEffect, ", "))
	}
	b.p("n is %d hunts for every figure. Table: card_effects.csv.", ce.Hunts)
}

// rankedBy says what the card effects are ranked by.
func rankedBy(ce *stats.CardEffects) string {
	if winMatters(ce) {
		return "Pack win rate"
	}
	return "hunt length (no entry changes the Pack win rate significantly)"
}

// cardEffectsTable is card_effects.csv: one row per entry, in the order
// of the data.
func cardEffectsTable(s *stats.Summary) [][]string {
	t := [][]string{row([]string{"key", "kind", "name", "cards", "tree"}, est("win"),
		[]string{"only_with", "only_blank", "win_p", "win_significant"}, est("rounds"), []string{"rounds_p", "rounds_significant"},
		est("pack_wounds"))}
	if s.CardEffects == nil {
		return t
	}
	for _, e := range s.CardEffects.Effects {
		t = append(t, row([]string{e.Key, e.Kind, e.Name, strings.Join(e.Cards, " "), e.Tree}, cells(e.Win),
			[]string{itoa(e.OnlyWith), itoa(e.OnlyBlank), num(e.WinP), fmt.Sprint(e.WinSignificant)}, cells(e.Rounds),
			[]string{num(e.RoundsP), fmt.Sprint(e.RoundsSignificant)}, cells(e.Wounds)))
	}
	return t
}

// cardEffectsPlot draws the ranked chart: two panels side by side, one row
// per entry, biggest effect on top: the change of the Pack win rate in
// percentage points and the change of hunt length in Rounds, each a bar
// with its interval; significant changes in blue, the others grey.
func cardEffectsPlot(s *stats.Summary) (func(draw.Canvas), error) {
	ce := s.CardEffects
	if ce == nil {
		return nil, fmt.Errorf("no card effects")
	}
	order := rankEffects(ce)
	n := len(order)
	names := make([]string, n)
	blank := make([]string, n)
	var win, rnd errPoints
	var winSig, rndSig []bool
	for k, i := range order {
		e := &ce.Effects[i]
		y := float64(n - 1 - k) // the biggest on top
		names[n-1-k] = effectLabel(e)
		v, lo, hi := bounds(e.Win)
		win.add(100*v, y, 100*lo, 100*hi)
		v, lo, hi = bounds(e.Rounds)
		rnd.add(v, y, lo, hi)
		winSig, rndSig = append(winSig, e.WinSignificant), append(rndSig, e.RoundsSignificant)
	}
	panel := func(title, x string, e *errPoints, sig []bool, labels []string) *plot.Plot {
		p := newPlot(title, x+" ("+conf(s)+" interval)", "")
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
	left := panel("Pack win rate, with - blank", "percentage points", &win, winSig, names)
	right := panel("Hunt length, with - blank", "Rounds", &rnd, rndSig, blank)
	title := fmt.Sprintf("What each card does: %s vs %s (n=%d hunts per card, the same hunts)", adversary(s), pack(s), ce.Hunts)
	return sidePanels(title, "blue: significant at "+fmt.Sprintf("%g%%", 100*ce.Alpha)+" (Holm); grey: not", left, right), nil
}

// hbar is one horizontal bar from 0 to v at height y, h thick.
type hbar struct {
	y, v, h float64
	fill    color.Color
	edge    draw.LineStyle
}

func (b *hbar) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	x0, x1 := trX(0), trX(b.v)
	y0, y1 := trY(b.y-b.h/2), trY(b.y+b.h/2)
	pts := []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}, {X: x0, Y: y0}}
	c.FillPolygon(b.fill, c.ClipPolygonXY(pts))
	c.StrokeLines(b.edge, c.ClipLinesXY(pts)...)
}

func (b *hbar) DataRange() (xmin, xmax, ymin, ymax float64) {
	return math.Min(0, b.v), math.Max(0, b.v), b.y - b.h/2, b.y + b.h/2
}

// sidePanels draws plots side by side under a title, with a note in small
// type under the title ("" for none).
func sidePanels(title, note string, panels ...*plot.Plot) func(draw.Canvas) {
	return func(dc draw.Canvas) {
		sty := text.Style{Color: black, Font: sans(13), XAlign: draw.XCenter, YAlign: draw.YTop, Handler: plot.DefaultTextHandler}
		mid := (dc.Min.X + dc.Max.X) / 2
		dc.FillText(sty, vg.Point{X: mid, Y: dc.Max.Y - 4}, title)
		h := sty.Height(title) + 10
		if note != "" {
			ns := sty
			ns.Font = sans(9)
			dc.FillText(ns, vg.Point{X: mid, Y: dc.Max.Y - h}, note)
			h += ns.Height(note) + 4
		}
		body := draw.Crop(dc, 0, 0, 0, -h)
		tiles := draw.Tiles{Rows: 1, Cols: len(panels), PadX: 16, PadRight: 8, PadLeft: 4, PadBottom: 4}
		cs := plot.Align([][]*plot.Plot{panels}, tiles, body)
		for k, p := range panels {
			p.Draw(cs[0][k])
		}
	}
}

// cardEffectLines are the terminal summary's lines on the card effects:
// the entries whose change of the Pack win rate (or, when none is
// significant, of the hunt length) is significant, biggest first, at
// most five, and how many were measured.
func cardEffectLines(ce *stats.CardEffects) (head string, lines [][2]string) {
	byWin := winMatters(ce)
	head = fmt.Sprintf("%d entries, each made blank on %d hunts; with - blank, biggest first", len(ce.Effects), ce.Hunts)
	if ce.Stopped != "" && ce.Stopped != "hunts" {
		head += " (" + label(ce.Stopped) + ")"
	}
	for _, i := range rankEffects(ce) {
		e := &ce.Effects[i]
		if byWin && !e.WinSignificant || !byWin && !e.RoundsSignificant {
			continue
		}
		if len(lines) == 5 {
			head += "; more in the report"
			break
		}
		lines = append(lines, [2]string{effectLabel(e), fmt.Sprintf("Pack wins %s, Rounds %s", PointsBounds(e.Win), signedBounds(e.Rounds))})
	}
	if len(lines) == 0 {
		head += "; none changes the Pack win rate or the hunt length significantly"
	}
	return head, lines
}
