package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	batch "balance/batch/legacy"
	reports "balance/reports/legacy"
	"balance/safeio"
	sim "balance/sim/cazadores"
	"balance/stats"
)

type compareOpts struct {
	data     string
	pack     string
	scenario string
	playFlags
	json string
	html string
	set  multiFlag
}

func (o *compareOpts) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.data, "data", "", "directory of YAML files (same layout as configs/cazadores/) loaded over the embedded data")
	fs.StringVar(&o.pack, "pack", "duo", "Pack name (see 'balance list packs')")
	fs.StringVar(&o.scenario, "scenario", "open-ground", "scenario map (see 'balance list scenarios')")
	o.playFlags.register(fs, 100000, "hunts, each played in both designs", "in both designs")
	fs.StringVar(&o.json, "json", "", "write the comparison as JSON to this file (-: standard output)")
	fs.StringVar(&o.html, "html", "", "write the comparison as one self-contained HTML page to this file (-: standard output)")
	fs.Var(&o.set, "set", "an override for design B, e.g. adversary.def=7 (repeatable; the keys of 'balance help run')")
}

func init() {
	register(&command{
		name:    "compare",
		summary: "compare two designs on the same hunts: the paired difference, its interval and an exact test",
		usage:   "A [B] [-set KEY=VALUE]... [-pack NAME] [-scenario NAME] [-hunts N] [-seed S] [-workers W] [-pack-ai TIER] [-lookahead-k K] [-lookahead-horizon R] [-objective SLUG|random] [-json FILE] [-html FILE] [-quiet] [-data DIR]",
		long: `Plays every hunt index twice, once against design A and once against
design B, on the same random stream (common random numbers), and reports
the change from A to B: the Pack win rate's paired difference with its 95%
interval and the exact McNemar test on the hunts only one design won, the
paired differences of the Pack's WNDs taken and of the hunt's length, and
the variance reduction the pairing achieved over two independent runs,
measured from the same hunts (Var(A) + Var(B) over Var(A - B)) with its
95% interval (the delta method on the four counts of paired outcomes), beside
the most any pairing could achieve for win rates that far apart (a change
that turns many hunts leaves that many discordant pairs, however well the
hunts are matched). Each kind of randomness has its own stream and every
Check is drawn by inverting its exact distribution, so a changed number
moves only the Checks and hunts it really turns.

A and B are Adversary slugs or paths of Adversary YAML files. With one
design, B is A with the -set overrides.`,
		examples: []string{
			"balance compare wandering-son -set adversary.def=7 -hunts 5000 -quiet",
			"balance compare neonate-wurm -set adversary.wnd=+5 -hunts 5000 -quiet",
			"balance compare wandering-son neonate-wurm -hunts 3000 -quiet",
		},
		run: runCompare,
	})
	flagsOf["compare"] = func(fs *flag.FlagSet) { new(compareOpts).flags(fs) }
}

// Comparison is what compare reports (its JSON form).
type Comparison struct {
	A          string         `json:"a"`
	B          string         `json:"b"`
	Overrides  []string       `json:"overrides"`
	Hunts      int64          `json:"hunts"`
	Stopped    string         `json:"stopped"` // "hunts", or "interrupted" (Ctrl-C): hunts is then those played
	Seed       uint64         `json:"seed"`
	PackAI     string         `json:"pack_ai"`
	WinA       stats.Interval `json:"win_a"`
	WinB       stats.Interval `json:"win_b"`
	WinDiff    stats.Interval `json:"win_diff"` // B - A, paired
	OnlyA      int64          `json:"only_a"`   // hunts only A's Pack won
	OnlyB      int64          `json:"only_b"`
	McNemarP   float64        `json:"mcnemar_p"`
	WoundsDiff stats.Interval `json:"wounds_diff"` // Pack WNDs taken, B - A, paired
	RoundsDiff stats.Interval `json:"rounds_diff"` // hunt length in Rounds, B - A, paired
	// Var(A) + Var(B) over Var(A - B) of the win rates, measured on these
	// hunts, with its interval; absent when no hunt went differently.
	VarianceReduction *stats.Interval `json:"variance_reduction,omitempty"`
	// The largest reduction any pairing could give for win rates this far
	// apart (0: no limit, the rates are equal).
	VarianceReductionCeiling float64 `json:"variance_reduction_ceiling"`
}

// stopNote marks an interrupted run.
func stopNote(stopped string) string {
	if stopped == batch.StopInterrupted {
		return " (interrupted)"
	}
	return ""
}

// times formats a ratio to three significant figures: 2.04, 10.1, 834.
func times(v float64) string {
	switch {
	case v >= 99.5:
		return fmt.Sprintf("%.0f", v)
	case v >= 9.95:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

// varianceText says what the pairing achieved and, for scale, the most any
// pairing could: even a perfect one must leave every hunt the change turns.
func (c Comparison) varianceText() string {
	v := c.VarianceReduction
	if v == nil {
		return "none measurable: no hunt went differently"
	}
	s := fmt.Sprintf("%sx [%sx, %sx] over independent seeds (measured on these hunts, n=%d)", times(v.Estimate), times(v.Low), times(v.High), v.N)
	for _, w := range v.Warnings {
		s += "; " + w
	}
	if c.VarianceReductionCeiling > 0 {
		s += fmt.Sprintf("; a change this size allows at most %sx", times(c.VarianceReductionCeiling))
	}
	return s
}

func runCompare(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o compareOpts
	pos, err := parseOpts("compare", &o, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) == 0 || len(pos) > 2:
		return usagef("name one design (with -set for the other) or two")
	case len(pos) == 1 && len(o.set) == 0:
		return usagef("with one design, give -set overrides to make the other")
	case badHunts(o.hunts, 1):
		return huntsRange(o.hunts, 1)
	case badWorkers(o.workers):
		return workersRange(o.workers)
	}
	tier, err := o.policy.tier()
	if err != nil {
		return err
	}
	data := stdout
	stdout = textOut(stdout, stderr, o.json, o.html)
	if err := checkOutputs(reportDir{}, [2]string{"-json", o.json}, [2]string{"-html", o.html}); err != nil {
		return err
	}
	if o.objective, err = resolveObjective(ctx, o.data, o.objective, o.seed); err != nil {
		return err
	}
	b := pos[0]
	if len(pos) == 2 {
		b = pos[1]
	}
	load := func(adv string, set []string) (*setup, error) {
		g := gameFlags{data: o.data, adversary: adv, pack: o.pack, scenario: o.scenario}
		return loadDesign(ctx, &g, set, o.objective)
	}
	sa, err := load(pos[0], nil)
	if err != nil {
		return err
	}
	sb, err := load(b, o.set)
	if err != nil {
		return err
	}
	show, done := progress(stderr, o.quiet, 2*o.hunts, "compare")
	r, err := batch.RunCompare(ctx, batch.Config{Scenario: sa.sc, Seed: o.seed, Hunts: o.hunts, Workers: o.workers, Progress: show},
		tier, sa.sc, sb.sc)
	done()
	if err != nil {
		return huntFailed(err, func(j int) design {
			if j == 0 {
				return design{gameFlags{o.data, pos[0], o.pack, o.scenario}, nil, o.objective, tier.Name}
			}
			return design{gameFlags{o.data, b, o.pack, o.scenario}, o.set, o.objective, tier.Name}
		})
	}
	c := comparison(r, label(sa.sc, nil), label(sb.sc, o.set), o.set, o.seed, tier.Name)
	c.Stopped = r.Stopped
	printComparison(stdout, c)
	if o.json != "" {
		b, err := reports.EncodeValue(&c)
		if err != nil {
			return fmt.Errorf("cannot write %s: %w", o.json, err)
		}
		if err := safeio.WriteFile(o.json, b, data); err != nil {
			return err
		}
	}
	if o.html != "" {
		meta := func(st *setup) batch.Meta {
			return batch.Meta{Program: "balance " + version, Adversary: st.slug, Pack: o.pack, Scenario: o.scenario, PackAI: tier.Name,
				Seed: o.seed, Stopped: r.Stopped}
		}
		figs := &reports.CompareFigures{NameA: c.A, NameB: c.B,
			A: batch.Summarize(meta(sa), r.Tallies[0], sa.sc), B: batch.Summarize(meta(sb), r.Tallies[1], sb.sc),
			Win: c.WinDiff, Rounds: c.RoundsDiff, Wounds: c.WoundsDiff}
		page, err := comparisonHTML(c, o, figs)
		if err != nil {
			return err
		}
		b, err := reports.RenderHTML(page)
		if err != nil {
			return fmt.Errorf("cannot write %s: %w", o.html, err)
		}
		if err := safeio.WriteFile(o.html, b, data); err != nil {
			return err
		}
	}
	if r.Stopped == batch.StopInterrupted {
		return interrupted{r.Hunts}
	}
	return nil
}

// comparisonHTML is the comparison as an HTML page: the paired figures,
// then the plots of both designs side by side and of the differences.
func comparisonHTML(c Comparison, o compareOpts, figs *reports.CompareFigures) (*reports.HTMLPage, error) {
	vr := c.varianceText()
	plots, err := reports.ComparePlots(figs)
	if err != nil {
		return nil, err
	}
	return &reports.HTMLPage{
		Title: "Compare: " + c.A + " and " + c.B,
		Config: [][2]string{{"A", c.A}, {"B", c.B}, {"Pack", o.pack}, {"Scenario", o.scenario}, {"Pack AI", c.PackAI},
			{"Objective", orDash(o.objective)}, {"Seed", fmt.Sprint(c.Seed)}, {"Hunts", fmt.Sprintf("%d in each design, the same hunts%s", c.Hunts, stopNote(c.Stopped))}},
		Sections: []reports.HTMLSection{{
			Heading: "Paired comparison",
			Text:    []string{"Both designs play the same hunts (common random numbers); intervals are 95%."},
			Header:  []string{"Figure", "Value"},
			Rows: [][]string{
				{"Pack wins A", c.WinA.Percent()},
				{"Pack wins B", c.WinB.Percent()},
				{"Change B - A (paired)", reports.Points(c.WinDiff)},
				{"Hunts only A won / only B won", fmt.Sprintf("%d / %d", c.OnlyA, c.OnlyB)},
				{"McNemar p", pText(c.McNemarP)},
				{"Pack WNDs taken, B - A", c.WoundsDiff.String()},
				{"Hunt length (Rounds), B - A", c.RoundsDiff.String()},
				{"Variance reduction", vr},
			},
		}, {
			Heading: "Plots",
			Text: []string{"Design A in blue, B in orange, over the same hunts: the outcomes, the WNDs each Pack model took and the hunt length of each, " +
				"then the paired changes B - A with their 95% intervals (a change whose interval holds 0 is not shown to be real)."},
			Plots: plots,
		}},
	}, nil
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func label(sc *sim.Scenario, set []string) string {
	s := sc.Adversary.Name
	if len(set) > 0 {
		s += " with " + strings.Join(set, " ")
	}
	return s
}

// comparison computes the paired figures of a two-lane result.
func comparison(r *batch.PairedResult, a, b string, set []string, seed uint64, tier string) Comparison {
	p := r.Pair(0, 1)
	n := p.Hunts()
	const conf = batch.Conf
	winA := stats.Proportion(p.Both+p.OnlyA, n, conf)
	winB := stats.Proportion(p.Both+p.OnlyB, n, conf)
	c := Comparison{A: a, B: b, Overrides: append([]string{}, set...), Hunts: n, Seed: seed, PackAI: tier,
		WinA: stats.FromEstimate(winA), WinB: stats.FromEstimate(winB),
		WinDiff:  stats.FromEstimate(stats.PairedDiff(p.Both, p.OnlyB, p.OnlyA, p.Neither, conf)),
		OnlyA:    p.OnlyA,
		OnlyB:    p.OnlyB,
		McNemarP: stats.McNemar(p.OnlyA, p.OnlyB),
		// Pair sums are A - B: negate for B - A.
		WoundsDiff: stats.FromEstimate(stats.PairedMeanDiff(-float64(p.SumD), float64(p.SumD2), n, conf)),
		RoundsDiff: stats.FromEstimate(stats.PairedMeanDiff(-float64(p.SumR), float64(p.SumR2), n, conf)),
	}
	// Variance of the win-rate difference per hunt: independent runs
	// would add the two variances; paired, it is the variance of the
	// per-hunt difference, which only the discordant hunts feed.
	if vr, ok := stats.VarianceReduction(p.Both, p.OnlyA, p.OnlyB, p.Neither, conf); ok {
		iv := stats.FromEstimate(vr)
		c.VarianceReduction = &iv
	}
	pa, pb := winA.Value, winB.Value
	indep := pa*(1-pa) + pb*(1-pb)
	// With the win rates fixed, the per-hunt difference has the least
	// variance when every discordant hunt goes the same way: |Δ| - Δ².
	if d := math.Abs(pb - pa); d > 0 && d < 1 {
		c.VarianceReductionCeiling = indep / (d - d*d)
	}
	return c
}

func printComparison(w io.Writer, c Comparison) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "A\t%s\n", c.A)
	fmt.Fprintf(tw, "B\t%s\n", c.B)
	fmt.Fprintf(tw, "Hunts\t%d in each, the same hunts (seed %d), Pack AI %s%s\n", c.Hunts, c.Seed, c.PackAI, stopNote(c.Stopped))
	fmt.Fprintf(tw, "Pack wins A\t%s\n", c.WinA.Percent())
	fmt.Fprintf(tw, "Pack wins B\t%s\n", c.WinB.Percent())
	fmt.Fprintf(tw, "Change B - A\t%s (paired); only A won %d hunts, only B %d; McNemar p %s\n",
		reports.Points(c.WinDiff), c.OnlyA, c.OnlyB, pIs(c.McNemarP))
	fmt.Fprintf(tw, "Pack WNDs taken, B - A\t%s\n", c.WoundsDiff)
	fmt.Fprintf(tw, "Hunt length (Rounds), B - A\t%s\n", c.RoundsDiff)
	fmt.Fprintf(tw, "Variance reduction\t%s\n", c.varianceText())
	tw.Flush()
}

// pText prints a p-value as the reports do (reports.PText).
func pText(p float64) string { return reports.PText(p) }

// pIs prints a p-value after "p": "= 0.0312", or "< 1e-300".
func pIs(p float64) string {
	if p < reports.MinP {
		return pText(p)
	}
	return "= " + pText(p)
}
