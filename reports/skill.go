package reports

import (
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
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"balance/game"
	"balance/stats"
)

// SkillSchemaVersion is the version of the Skill's JSON layout
// (docs/skill-schema.md): 2 is any game's, its figures named by the
// game's figure list.
const SkillSchemaVersion = 2

// Skill is the skill trace of one design: how the first side fares when
// played by each of its game's policy tiers, every tier playing the same
// hunts (hunt i on the random stream (seed, i)), with paired comparisons
// of the tiers. It is written as skill.json (docs/skill-schema.md). Fields
// under Timing vary between runs; everything else is identical, bit for
// bit, whatever the number of workers.
type Skill struct {
	Schema  int       `json:"schema"`
	Game    string    `json:"game"`
	Program string    `json:"program"`
	Title   string    `json:"title"`
	Config  []game.KV `json:"config"`
	// Overrides are the -set overrides, in the order given; Hash the
	// design's.
	Overrides   []string `json:"overrides"`
	Hash        string   `json:"hash"`
	TargetError float64  `json:"target_error,omitempty"`

	Hunts       int64  `json:"hunts"` // hunts played by each tier (the same hunts)
	Seed        uint64 `json:"seed"`
	Interrupted bool   `json:"interrupted"`
	Stopped     string `json:"stopped"` // "hunts", "target_error" or "interrupted"

	Side string `json:"side"` // the first side's label: the side the tiers play
	// Figures are the keys of the figures followed (stats.Followed: the
	// first side's win rate, the length, each headline value) and Labels
	// their labels; each tier's Figures and each pair's Diffs follow their
	// order.
	Figures []string `json:"figures"`
	Labels  []string `json:"labels"`

	Tiers []SkillTier `json:"tiers"` // from the weakest tier up
	Pairs []SkillPair `json:"pairs"` // every pair of tiers, weaker first

	Timing stats.Timing `json:"timing"`
}

// SkillTier is how the first side fared under one tier.
type SkillTier struct {
	Name     string         `json:"name"`
	Order    int            `json:"order"` // rank from the weakest up
	Doc      string         `json:"doc"`
	Figures  []stats.Figure `json:"figures"`
	Outcomes []stats.Count  `json:"outcomes"`
}

// SkillPair compares two tiers, A the weaker and B the stronger, on the
// same hunts.
type SkillPair struct {
	A        string `json:"a"`
	B        string `json:"b"`
	Adjacent bool   `json:"adjacent"` // B is the next tier up from A

	// The first side's wins: both tiers won the hunt, only A, only B,
	// neither.
	Both    int64 `json:"both"`
	OnlyA   int64 `json:"only_a"`
	OnlyB   int64 `json:"only_b"`
	Neither int64 `json:"neither"`

	// Diffs are B minus A of each figure, paired on the same hunts: the
	// win rate's by PairedDiff, the others' by PairedMeanDiff.
	Diffs       []stats.Interval `json:"diffs"`
	McNemarP    float64          `json:"mcnemar_p"`   // exact McNemar test of the win counts
	Significant bool             `json:"significant"` // McNemarP < 0.05
}

// The size of the skill plot.
const skillW, skillH = 10 * vg.Inch, 4.5 * vg.Inch

// SkillFiles are the files WriteSkill writes.
var SkillFiles = []string{"skill.md", "skill.html", "skill.json", "skill.csv", "skill_pairs.csv", "skill.png", "skill.svg"}

// WriteSkill writes the skill trace k into the report directory dir,
// beside any run report there, replacing the directory as a whole as
// WriteSummary does (its parent must exist):
//
//	skill.md         the report to read, with the plot embedded
//	skill.html       the same report as one self-contained page
//	skill.json       every figure (docs/skill-schema.md)
//	skill.csv        one row per tier
//	skill_pairs.csv  one row per pair of tiers
//	skill.png, skill.svg  the first side's win rate and the first headline figure by tier
func WriteSkill(dir string, k *Skill) error {
	files, err := RenderSkill(k)
	if err != nil {
		return err
	}
	return writeDir(dir, SkillFiles, files)
}

// RenderSkill returns the files WriteSkill writes (SkillFiles).
func RenderSkill(k *Skill) ([]File, error) {
	if k == nil {
		return nil, errors.New("reports: no skill trace to write")
	}
	// The plot in both formats, drawn at once; the page embeds the SVG.
	formats := [...]string{"png", "svg"}
	drawn := renderAll(len(formats), func(i int) ([]byte, error) { return renderSkillPlot(formats[i], k) })
	js, err := encodeValue(k)
	if err != nil {
		return nil, fmt.Errorf("reports: cannot write skill.json: %w", err)
	}
	doc := skillDoc(k)
	page, err := doc.htmlPage(func(string) ([]byte, error) { return drawn[1].data, drawn[1].err })
	if err != nil {
		return nil, fmt.Errorf("reports: cannot write skill.html: %w", err)
	}
	html, err := RenderHTML(page)
	if err != nil {
		return nil, fmt.Errorf("reports: cannot write skill.html: %w", err)
	}
	files := []File{
		{Name: "skill.md", Data: doc.markdown()},
		{Name: "skill.html", Data: html},
		{Name: "skill.json", Data: js},
		{Name: "skill.csv", Data: encodeCSV(skillTiersTable(k))},
		{Name: "skill_pairs.csv", Data: encodeCSV(skillPairsTable(k))},
	}
	for i, format := range formats {
		if err := drawn[i].err; err != nil {
			return nil, fmt.Errorf("reports: cannot write skill.%s: %w", format, err)
		}
		files = append(files, File{Name: "skill." + format, Data: drawn[i].data})
	}
	return files, nil
}

// figureCell formats figure i of a tier.
func figureCell(fs []stats.Figure, i int) string {
	if i >= len(fs) {
		return "—"
	}
	return FigureText(fs[i])
}

// kindOf is the kind of figure i of a tier ("proportion" or "mean").
func kindOf(k *Skill, i int) string {
	for _, t := range k.Tiers {
		if i < len(t.Figures) {
			return t.Figures[i].Kind
		}
	}
	return "mean"
}

// SkillTable writes the skill trace for the terminal: per tier the
// followed figures with their intervals and n; per pair of neighbouring
// tiers the paired changes with intervals, the McNemar p-value and whether
// the change of the win rate is significant at 5%.
func SkillTable(w io.Writer, k *Skill) {
	fmt.Fprintf(w, "Skill trace: %s\n", orDash(k.Title))
	fmt.Fprintf(w, "%s per tier (seed %d), every tier playing the same hunts", game.Plural(int(k.Hunts), "hunt"), k.Seed)
	if k.Interrupted || (k.Stopped != "" && k.Stopped != "hunts") {
		fmt.Fprintf(w, "; stopped early: %s", label(k.Stopped))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "Tier\t"+strings.Join(k.Labels, "\t")+"\tn")
	for _, t := range k.Tiers {
		cells := []string{t.Name}
		for i := range k.Labels {
			cells = append(cells, figureCell(t.Figures, i))
		}
		n := int64(0)
		if len(t.Figures) > 0 {
			n = t.Figures[0].N
		}
		fmt.Fprintf(tw, "%s\t%d\n", strings.Join(cells, "\t"), n)
	}
	tw.Flush()
	fmt.Fprintln(w)
	var adj []SkillPair
	for _, p := range k.Pairs {
		if p.Adjacent {
			adj = append(adj, p)
		}
	}
	if len(adj) == 0 {
		fmt.Fprintln(w, "One tier: no pair to compare.")
		return
	}
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := append([]string{"Change"}, k.Labels...)
	fmt.Fprintln(tw, strings.Join(append(head, "McNemar p", "Significant at 5%"), "\t"))
	for _, p := range adj {
		cells := []string{p.A + " -> " + p.B}
		for i, d := range p.Diffs {
			cells = append(cells, diffText(kindOf(k, i), d))
		}
		cells = append(cells, PText(p.McNemarP), yesNo(p.Significant))
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	tw.Flush()
	fmt.Fprintln(w, "\nA change is the stronger tier's figure minus the weaker's, paired on the same hunts; 95% intervals.")
	if n := RunDiffNote(k.Figures); n != "" {
		fmt.Fprintln(w, n)
	}
}

// skillDoc is the skill trace as a document, from which skill.md and
// skill.html are both written.
func skillDoc(k *Skill) *document {
	b := &document{title: "Skill trace: " + orDash(k.Title)}
	b.p("How the results of the %s depend on how well it is played: every policy tier of the game, "+
		"from the weakest up, played the same %d hunts (hunt *i* on the random stream (seed %d, *i*) for every tier), "+
		"so the tiers are compared on common random numbers. Written by %s.", orDash(k.Side), k.Hunts, k.Seed, orDash(k.Program))
	if k.Interrupted || (k.Stopped != "" && k.Stopped != "hunts") {
		b.p("**This run stopped early (%s) after %s per tier.**", label(k.Stopped), game.Plural(int(k.Hunts), "hunt"))
	}
	b.heading(2, "Tiers")
	var rows [][]string
	for _, t := range k.Tiers {
		row := []string{code(t.Name), orDash(t.Doc)}
		for i := range k.Labels {
			row = append(row, figureCell(t.Figures, i))
		}
		n := int64(0)
		if len(t.Figures) > 0 {
			n = t.Figures[0].N
		}
		rows = append(rows, append(row, fmt.Sprint(n)))
	}
	head := append([]string{"Tier", "How it plays"}, k.Labels...)
	b.table(docTable{align: "ll" + strings.Repeat("r", len(k.Labels)+1), header: append(head, "n"), rows: rows, csv: "skill.csv"})
	b.plot("skill", "The figures by tier")
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
			row := []string{name}
			for i, d := range p.Diffs {
				row = append(row, diffText(kindOf(k, i), d))
			}
			n := int64(0)
			if len(p.Diffs) > 0 {
				n = p.Diffs[0].N
			}
			rows = append(rows, append(row, fmt.Sprint(p.Both), fmt.Sprint(p.OnlyA), fmt.Sprint(p.OnlyB), fmt.Sprint(p.Neither),
				PText(p.McNemarP), yesNo(p.Significant), fmt.Sprint(n)))
		}
		head := append([]string{"Change"}, k.Labels...)
		head = append(head, "Both won", "Only the weaker won", "Only the stronger won", "Neither won", "McNemar p", "Significant at 5%", "n")
		b.table(docTable{align: "l" + strings.Repeat("r", len(k.Labels)+4) + "rlr", header: head, rows: rows, csv: "skill_pairs.csv"})
		b.p("Neighbouring tiers in bold. A change is the stronger tier's figure minus the weaker's, over the same hunts; a win is the %s's.", orDash(k.Side))
		if n := RunDiffNote(k.Figures); n != "" {
			b.p("%s", n)
		}
	}
	b.heading(2, "How to read this report")
	b.p("Brackets hold 95%% confidence intervals; n is the number of hunts per tier. Win rates use the Wilson interval, " +
		"means the normal interval. A change in win rate is the paired " +
		"difference of two proportions, with a hybrid score interval after Newcombe (1998) built from the two Wilson " +
		"intervals and the correlation of the pairs; a change of a mean is the mean of the per-hunt differences " +
		"with its normal interval. The McNemar p-value is the exact two-sided binomial test on the hunts that only " +
		"one of the two tiers won; a change is significant at 5%% when p < 0.05. Because the tiers play the same " +
		"hunts, their differences are measured more precisely than two separate runs would measure them. " +
		"skill.json holds every figure at full precision (docs/skill-schema.md); skill.csv and skill_pairs.csv the tables; " +
		"skill.html this report as one page.")
	return b
}

func skillTiersTable(k *Skill) [][]string {
	h := []string{"tier", "order"}
	for _, f := range k.Figures {
		h = append(h, est(f)...)
	}
	t := [][]string{h}
	for _, s := range k.Tiers {
		r := []string{s.Name, strconv.Itoa(s.Order)}
		for _, f := range s.Figures {
			r = append(r, cells(f.Estimate)...)
		}
		t = append(t, r)
	}
	return t
}

func skillPairsTable(k *Skill) [][]string {
	h := []string{"a", "b", "adjacent", "both", "only_a", "only_b", "neither"}
	for _, f := range k.Figures {
		h = append(h, est(f+"_diff")...)
	}
	t := [][]string{append(h, "mcnemar_p", "significant")}
	for _, p := range k.Pairs {
		r := []string{p.A, p.B, strconv.FormatBool(p.Adjacent), itoa(p.Both), itoa(p.OnlyA), itoa(p.OnlyB), itoa(p.Neither)}
		for _, d := range p.Diffs {
			r = append(r, cells(d)...)
		}
		t = append(t, append(r, num(p.McNemarP), strconv.FormatBool(p.Significant)))
	}
	return t
}

// renderSkillPlot draws the skill plot in format "png" or "svg": two
// panels side by side, the first side's win rate and the first headline
// figure (or the length), by tier from the weakest, each with its
// interval as an error bar.
func renderSkillPlot(format string, k *Skill) ([]byte, error) {
	drawTo, err := skillPlot(k)
	if err != nil {
		return nil, err
	}
	return renderCanvas(format, skillW, skillH, drawTo)
}

func skillPlot(k *Skill) (func(draw.Canvas), error) {
	n := len(k.Tiers)
	second := min(2, len(k.Labels)-1) // the first headline figure, else the length
	names := make([]string, n)
	var win, other errPoints
	topWin, topOther := 0.0, 0.0
	var winLabels, otherLabels []string
	for i, t := range k.Tiers {
		names[i] = t.Name
		if len(t.Figures) == 0 {
			continue
		}
		v, lo, hi := bounds(t.Figures[0].Estimate)
		win.add(float64(i), 100*v, 100*lo, 100*hi)
		winLabels = append(winLabels, twoLines(t.Figures[0].Estimate.PercentBounds()))
		topWin = math.Max(topWin, 100*hi)
		if second > 0 && second < len(t.Figures) {
			f := t.Figures[second]
			v, lo, hi = bounds(f.Estimate)
			if f.Kind == "proportion" {
				v, lo, hi = 100*v, 100*lo, 100*hi
			}
			other.add(float64(i), v, lo, hi)
			otherLabels = append(otherLabels, twoLines(FigureText(f)))
			topOther = math.Max(topOther, hi)
		}
	}
	panel := func(title, y string, e *errPoints, labels []string, c color.Color, top float64) (*plot.Plot, error) {
		p := newPlot(title, "policy tier, weakest first", y+" (95% interval)")
		if e.Len() > 0 {
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
	winLabel := "win rate"
	if len(k.Labels) > 0 {
		winLabel = k.Labels[0]
	}
	left, err := panel(winLabel, "% of hunts won", &win, winLabels, blue, topWin)
	if err != nil {
		return nil, err
	}
	left.Y.Tick.Marker = cappedTicks{niceTicks{}, 100}
	panels := []*plot.Plot{left}
	if second > 0 {
		right, err := panel(k.Labels[second], "mean per hunt", &other, otherLabels, orange, topOther)
		if err != nil {
			return nil, err
		}
		panels = append(panels, right)
	}
	title := fmt.Sprintf("Skill trace: %s (n=%d per tier, same hunts)", orDash(k.Title), k.Hunts)
	return sidePanels(title, "", panels...), nil
}
