package legacy

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"balance/stats"
)

// The size of the skill plot.
const skillW, skillH = 10 * vg.Inch, 4.5 * vg.Inch

// SkillFiles are the files WriteSkill writes.
var SkillFiles = []string{"skill.md", "skill.html", "skill.json", "skill.csv", "skill_pairs.csv", "skill.png", "skill.svg"}

// WriteSkill writes the skill trace k into the report directory dir,
// beside any run report there, replacing the directory as a whole as
// WriteDir does (its parent must exist):
//
//	skill.md         the report to read, with the plot embedded
//	skill.html       the same report as one self-contained page
//	skill.json       every figure (docs/skill-schema.md)
//	skill.csv        one row per tier
//	skill_pairs.csv  one row per pair of tiers
//	skill.png, skill.svg  Pack win rate and WNDs taken by tier
func WriteSkill(dir string, k *stats.Skill) error {
	files, err := RenderSkill(k)
	if err != nil {
		return err
	}
	return writeDir(dir, SkillFiles, files)
}

// RenderSkill returns the files WriteSkill writes (SkillFiles).
func RenderSkill(k *stats.Skill) ([]File, error) {
	if k == nil {
		return nil, errors.New("reports: no skill trace to write")
	}
	js, err := encodeValue(k)
	if err != nil {
		return nil, fmt.Errorf("reports: cannot write skill.json: %w", err)
	}
	page, err := skillHTML(k)
	if err != nil {
		return nil, fmt.Errorf("reports: cannot write skill.html: %w", err)
	}
	files := []File{
		{Name: "skill.md", Data: skillMarkdown(k)},
		{Name: "skill.html", Data: page},
		{Name: "skill.json", Data: js},
		{Name: "skill.csv", Data: encodeCSV(skillTiersTable(k))},
		{Name: "skill_pairs.csv", Data: encodeCSV(skillPairsTable(k))},
	}
	for _, format := range []string{"png", "svg"} {
		b, err := renderSkillPlot(format, k)
		if err != nil {
			return nil, fmt.Errorf("reports: cannot write skill.%s: %w", format, err)
		}
		files = append(files, File{Name: "skill." + format, Data: b})
	}
	return files, nil
}

// WriteSkillJSON writes k to path as indented JSON, whole or not at all.
func WriteSkillJSON(path string, k *stats.Skill) error {
	b, err := encodeValue(k)
	if err != nil {
		return fmt.Errorf("reports: cannot write %s: %w", path, err)
	}
	return writeFile(path, b)
}

// skillSubject is "Adversary vs pack on scenario".
func skillSubject(k *stats.Skill) string {
	s := &stats.Summary{Config: k.Config}
	sub := adversary(s) + " vs " + pack(s)
	if k.Config.Scenario != "" {
		sub += " on " + k.Config.Scenario
	}
	return sub
}

// SkillTable writes the skill trace for the terminal: per tier the Pack
// win rate and the mean WNDs the Pack took, with their intervals and n;
// per pair of neighbouring tiers the paired change in win rate and in
// WNDs taken, with intervals, the McNemar p-value and whether the change
// is significant at 5%.
func SkillTable(w io.Writer, k *stats.Skill) {
	fmt.Fprintf(w, "Skill trace: %s\n", skillSubject(k))
	fmt.Fprintf(w, "%d hunts per tier (seed %d), every tier playing the same hunts", k.Hunts, k.Seed)
	if k.Interrupted || (k.Stopped != "" && k.Stopped != "hunts") {
		fmt.Fprintf(w, "; stopped early: %s", label(k.Stopped))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "Tier\tPack wins\tMean Pack WNDs taken\tn")
	for _, t := range k.Tiers {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\n", t.Name, t.PackWinRate.PercentBounds(), t.PackWounds.Bounds(), t.PackWinRate.N)
	}
	tw.Flush()
	fmt.Fprintln(w)
	adj := adjacentPairs(k)
	if len(adj) == 0 {
		fmt.Fprintln(w, "One tier: no pair to compare.")
		return
	}
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "Change\tPack wins (paired)\tWNDs taken (paired)\tMcNemar p\tSignificant at 5%\tn")
	for _, p := range adj {
		fmt.Fprintf(tw, "%s → %s\t%s\t%s\t%s\t%s\t%d\n", p.A, p.B, PointsBounds(p.WinRateDiff),
			signedBounds(p.WoundsDiff), pValue(p.McNemarP), yesNo(p.Significant), p.WinRateDiff.N)
	}
	tw.Flush()
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Brackets: 95% intervals. A change is the stronger tier minus the weaker on the same hunts;")
	fmt.Fprintln(w, "McNemar p: exact two-sided test on the hunts only one of the two tiers won.")
}

// adjacentPairs returns the pairs of neighbouring tiers, in tier order.
func adjacentPairs(k *stats.Skill) []stats.SkillPair {
	var out []stats.SkillPair
	for _, p := range k.Pairs {
		if p.Adjacent {
			out = append(out, p)
		}
	}
	return out
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// pValue formats a p-value: three decimals, or in scientific notation
// below 0.001.
func pValue(p float64) string {
	switch {
	case p <= 0:
		return "< 1e-300"
	case p < 0.001:
		return strconv.FormatFloat(p, 'e', 1, 64)
	}
	return strconv.FormatFloat(p, 'f', 3, 64)
}

// signedDecimals is the number of decimals of a difference whose interval
// is width wide, as for stats.Interval's formats: about two units in the
// last place, clamped to [lo, hi].
func signedDecimals(width float64, lo, hi int) int {
	d := 2
	if width > 0 {
		d = int(math.Ceil(-math.Log10(width / 2)))
	}
	return max(lo, min(hi, d))
}

// signedBounds formats a difference with its interval, signed:
// "-1.25 [-1.31, -1.19]".
func signedBounds(i stats.Interval) string {
	if !i.Finite() {
		return "n/a"
	}
	d := signedDecimals(i.High-i.Low, 0, 6)
	return signedNumbers(d, i.Estimate, i.Low, i.High)
}

// signedNumbers writes a difference and its interval signed with d
// decimals, "-1.25 [-1.31, -1.19]"; a value that rounds to zero is
// written "0.00", never "-0.00".
func signedNumbers(d int, est, low, high float64) string {
	return stats.SignedFixed(est, d) + " [" + stats.SignedFixed(low, d) + ", " + stats.SignedFixed(high, d) + "]"
}

// skillMarkdown renders skill.md.
func skillMarkdown(k *stats.Skill) []byte { return skillDoc(k).markdown() }

// skillHTML is skill.md as one self-contained page, the plot inline.
func skillHTML(k *stats.Skill) ([]byte, error) {
	page, err := skillDoc(k).htmlPage(func(string) ([]byte, error) { return renderSkillPlot("svg", k) })
	if err != nil {
		return nil, err
	}
	return RenderHTML(page)
}

// skillDoc is the skill trace as a document, from which skill.md and
// skill.html are both written.
func skillDoc(k *stats.Skill) *document {
	b := &document{title: "Skill trace: " + skillSubject(k)}
	b.p("How the Pack's results depend on how well it is played: every registered Pack policy tier, "+
		"from the weakest up, played the same %d hunts (hunt *i* on the random stream (seed %d, *i*) for every tier), "+
		"so the tiers are compared on common random numbers. Written by %s.", k.Hunts, k.Seed, orDash(k.Program))
	if k.Interrupted || (k.Stopped != "" && k.Stopped != "hunts") {
		b.p("**This run stopped early (%s) after %d hunts per tier.**", label(k.Stopped), k.Hunts)
	}
	b.heading(2, "Tiers")
	var rows [][]string
	for _, t := range k.Tiers {
		rows = append(rows, []string{code(t.Name), orDash(t.Doc), t.PackWinRate.PercentBounds(), t.AdversaryDefeated.PercentBounds(),
			t.PackWounds.Bounds(), t.PackDeaths.Mean.Bounds(), t.Rounds.Mean.Bounds(), fmt.Sprint(t.PackWinRate.N)})
	}
	b.table(docTable{align: "llrrrrrr", header: []string{"Tier", "How it plays", "Pack wins", "Adversary defeated", "Mean Pack WNDs taken",
		"Mean Pack deaths", "Mean Rounds", "n"}, rows: rows, csv: "skill.csv"})
	b.plot("skill", "Pack win rate and WNDs taken by tier")
	b.heading(2, "Paired comparisons")
	if len(k.Pairs) == 0 {
		b.p("One tier: no pair to compare.")
	} else {
		rows = nil
		for _, p := range k.Pairs {
			name := p.A + " → " + p.B
			if p.Adjacent {
				name = "**" + name + "**"
			}
			rows = append(rows, []string{name, PointsBounds(p.WinRateDiff), signedBounds(p.WoundsDiff),
				fmt.Sprint(p.Both), fmt.Sprint(p.OnlyA), fmt.Sprint(p.OnlyB), fmt.Sprint(p.Neither),
				pValue(p.McNemarP), yesNo(p.Significant), fmt.Sprint(p.WinRateDiff.N)})
		}
		b.table(docTable{align: "lrrrrrrrlr", header: []string{"Change", "Pack wins", "Pack WNDs taken", "Both won", "Only the weaker won",
			"Only the stronger won", "Neither won", "McNemar p", "Significant at 5%", "n"}, rows: rows, csv: "skill_pairs.csv"})
		b.p("Neighbouring tiers in bold. A change is the stronger tier's figure minus the weaker's, over the same hunts.")
	}
	b.heading(2, "How to read this report")
	b.p("Brackets hold 95%% confidence intervals; n is the number of hunts per tier. Win rates use the Wilson interval, " +
		"mean WNDs taken (over the whole Pack, per hunt) the normal interval. A change in win rate is the paired " +
		"difference of two proportions, with a hybrid score interval after Newcombe (1998) built from the two Wilson " +
		"intervals and the correlation of the pairs; a change in WNDs taken is the mean of the per-hunt differences " +
		"with its normal interval. The McNemar p-value is the exact two-sided binomial test on the hunts that only " +
		"one of the two tiers won; a change is significant at 5%% when p < 0.05. Because the tiers play the same " +
		"hunts, their differences are measured more precisely than two separate runs would measure them. " +
		"skill.json holds every figure at full precision (docs/skill-schema.md); skill.csv and skill_pairs.csv the tables; " +
		"skill.html this report as one page.")
	return b
}

func skillTiersTable(k *stats.Skill) [][]string {
	t := [][]string{row([]string{"tier", "order"}, est("pack_win_rate"), est("adversary_defeated"), est("pack_wounds"),
		est("pack_deaths_mean"), est("rounds_mean"))}
	for _, s := range k.Tiers {
		t = append(t, row([]string{s.Name, strconv.Itoa(s.Order)}, cells(s.PackWinRate), cells(s.AdversaryDefeated),
			cells(s.PackWounds), cells(s.PackDeaths.Mean), cells(s.Rounds.Mean)))
	}
	return t
}

func skillPairsTable(k *stats.Skill) [][]string {
	t := [][]string{row([]string{"a", "b", "adjacent", "both", "only_a", "only_b", "neither"}, est("win_rate_diff"),
		est("wounds_diff"), []string{"mcnemar_p", "significant"})}
	for _, p := range k.Pairs {
		t = append(t, row([]string{p.A, p.B, strconv.FormatBool(p.Adjacent), itoa(p.Both), itoa(p.OnlyA), itoa(p.OnlyB),
			itoa(p.Neither)}, cells(p.WinRateDiff), cells(p.WoundsDiff), []string{num(p.McNemarP), strconv.FormatBool(p.Significant)}))
	}
	return t
}

// twoLines puts an estimate and its interval, "98.2% [97.5%, 98.7%]", on
// two lines, so that the labels of neighbouring tiers at about the same
// height do not run into each other.
func twoLines(s string) string {
	return strings.Replace(s, " [", "\n[", 1)
}

// renderSkillPlot draws the skill plot in format "png" or "svg": two
// panels side by side, the Pack win rate and the mean Pack WNDs taken,
// by tier from the weakest, each with its interval as an error bar.
func renderSkillPlot(format string, k *stats.Skill) ([]byte, error) {
	drawTo, err := skillPlot(k)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	switch format {
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(skillW, skillH), vgimg.UseDPI(dpi), vgimg.UseBackgroundColor(color.White))
		drawTo(draw.New(c))
		_, err = vgimg.PngCanvas{Canvas: c}.WriteTo(&b)
	case "svg":
		c := vgsvg.New(skillW, skillH)
		dc := draw.New(c)
		dc.SetColor(color.White)
		dc.Fill(dc.Rectangle.Path())
		drawTo(dc)
		if _, err = c.WriteTo(&b); err == nil {
			return bytes.ReplaceAll(b.Bytes(), []byte(svgFont), []byte(svgFallback)), nil
		}
	default:
		panic("reports: unknown plot format " + format)
	}
	return b.Bytes(), err
}

func skillPlot(k *stats.Skill) (func(draw.Canvas), error) {
	n := len(k.Tiers)
	names := make([]string, n)
	var win, wnd errPoints
	topWin, topWnd := 0.0, 0.0
	var winLabels, wndLabels []string
	for i, t := range k.Tiers {
		names[i] = t.Name
		v, lo, hi := bounds(t.PackWinRate)
		win.add(float64(i), 100*v, 100*lo, 100*hi)
		winLabels = append(winLabels, twoLines(t.PackWinRate.PercentBounds()))
		topWin = math.Max(topWin, 100*hi)
		v, lo, hi = bounds(t.PackWounds)
		wnd.add(float64(i), v, lo, hi)
		wndLabels = append(wndLabels, twoLines(t.PackWounds.Bounds()))
		topWnd = math.Max(topWnd, hi)
	}
	panel := func(title, y string, e *errPoints, labels []string, c color.Color, top float64) (*plot.Plot, error) {
		p := newPlot(title, "Pack policy tier, weakest first", y+" (95% interval)")
		if n > 0 {
			l := xyLine(e.x, e.y, line(c, 1.5))
			dots, err := plotter.NewScatter(xyPairs(e.x, e.y))
			if err != nil {
				return nil, err
			}
			dots.GlyphStyle = draw.GlyphStyle{Color: c, Radius: 4, Shape: draw.CircleGlyph{}}
			errs := newYErr(e)
			errs.LineStyle.Color = c
			vl := valueLabels(e.x, e.hi, labels)
			vl.Offset.Y = 4 + 3 // clear of the dot (radius 4) when the interval is narrow
			p.Add(l, errs, dots, boxedLabels{vl})
		}
		nominalX(p, names)
		p.X.Min, p.X.Max = -0.5, float64(n)-0.5
		headroom(p, top)
		p.Y.Max = math.Max(top, 1) * 1.3 // room for two lines of label above the highest
		return p, nil
	}
	left, err := panel("Pack win rate", "% of hunts won", &win, winLabels, blue, topWin)
	if err != nil {
		return nil, err
	}
	left.Y.Tick.Marker = cappedTicks{niceTicks{}, 100}
	right, err := panel("WNDs taken by the Pack", "mean WNDs per hunt", &wnd, wndLabels, orange, topWnd)
	if err != nil {
		return nil, err
	}
	title := fmt.Sprintf("Skill trace: %s (n=%d per tier, same hunts)", skillSubject(k), k.Hunts)
	return func(dc draw.Canvas) {
		sty := text.Style{Color: black, Font: sans(13), XAlign: draw.XCenter, YAlign: draw.YTop, Handler: plot.DefaultTextHandler}
		dc.FillText(sty, vg.Point{X: (dc.Min.X + dc.Max.X) / 2, Y: dc.Max.Y - 4}, title)
		h := sty.Height(title) + 10
		body := draw.Crop(dc, 0, 0, 0, -h)
		tiles := draw.Tiles{Rows: 1, Cols: 2, PadX: 16, PadRight: 8, PadLeft: 4, PadBottom: 4}
		cs := plot.Align([][]*plot.Plot{{left, right}}, tiles, body)
		left.Draw(cs[0][0])
		right.Draw(cs[0][1])
	}, nil
}
