package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	batch "balance/batch/legacy"
	reports "balance/reports/legacy"
	sim "balance/sim/cazadores"
	"balance/stats"
)

type sensitivityOpts struct {
	game gameFlags
	set  multiFlag
	step int
	playFlags
	out string
}

func (o *sensitivityOpts) flags(fs *flag.FlagSet) {
	o.game.register(fs, "wandering-son")
	fs.Var(&o.set, "set", "an override of the base design, e.g. adversary.atk=6 (repeatable)")
	intVar(fs, &o.step, "step", 1, "the change of each stat (a whole number, not 0)")
	o.playFlags.register(fs, 20000, "hunts, each played by the base design and every variant", "in every design")
	fs.StringVar(&o.out, "out", "", "write the report (sensitivity.md, .json, .csv and the tornado chart as PNG and SVG) to this directory")
}

func init() {
	register(&command{
		name:    "sensitivity",
		summary: "the change of win rate, length and Pack deaths per +1 of each Adversary stat, on the same hunts",
		usage:   "[-adversary SLUG|FILE] [-set KEY=VALUE]... [-step K] [-pack NAME] [-scenario NAME] [-hunts N] [-seed S] [-workers W] [-pack-ai TIER] [-lookahead-k K] [-lookahead-horizon R] [-objective SLUG|random] [-out DIR] [-quiet] [-data DIR]",
		long: `Changes each Adversary stat by -step (SPD, ATK, RNG, DEF, TER, WND, and
the WNDs of each hit location) one at a time and plays every variant on
the same hunts as the base design. For each it prints the paired change
of the Pack win rate with its 95% interval and the exact McNemar test, the
paired changes of the hunt length and of the WNDs the Pack took, and the
change of Pack deaths per hunt (an interval for independent samples,
wider). A stat the rules do not let go that far is listed as n/a with the
reason. With -out it writes the table as Markdown, JSON and CSV and a
tornado chart of the win-rate changes, the largest at the top.`,
		examples: []string{
			"balance sensitivity -adversary wandering-son -hunts 2000 -quiet",
			"balance sensitivity -adversary creature-wreathed-in-light -step -1 -hunts 1000 -quiet",
		},
		run: runSensitivity,
	})
	flagsOf["sensitivity"] = func(fs *flag.FlagSet) { new(sensitivityOpts).flags(fs) }
}

// statKeys are the stats sensitivity steps, with their -set keys and their
// values in the base design.
func statKeys(a *sim.AdversaryDef) (names, keys []string, values []int) {
	s := a.Stats
	names = []string{"SPD", "ATK", "RNG", "DEF", "TER", "WND"}
	keys = []string{"adversary.spd", "adversary.atk", "adversary.rng", "adversary.def", "adversary.ter", "adversary.wnd"}
	wnd := 0
	for i := 0; i < int(a.NLoc); i++ {
		wnd += int(a.Loc[i].WND)
	}
	values = []int{int(s.SPD), int(s.ATK), int(s.RNG), int(s.DEF), int(s.TER), wnd}
	for i := 0; i < int(a.NLoc); i++ {
		l := &a.Loc[i]
		name := l.Name + " WND"
		if a.NModels > 1 && !strings.Contains(l.Name, a.ModelNames[l.Owner]) {
			name = a.ModelNames[l.Owner] + " " + name
		}
		names = append(names, name)
		keys = append(keys, fmt.Sprintf("adversary.location.%d.wnd", i))
		values = append(values, int(l.WND))
	}
	return names, keys, values
}

func runSensitivity(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o sensitivityOpts
	pos, err := parseOpts("sensitivity", &o, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usagef("unexpected argument %q: name the Adversary with -adversary", pos[0])
	case o.step == 0 || o.step < -maxParamValue || o.step > maxParamValue:
		return usagef("-step %d: give the change of each stat, from %d to %d but not 0, e.g. 1 or -1", o.step, -maxParamValue, maxParamValue)
	case badHunts(o.hunts, 2):
		return huntsRange(o.hunts, 2)
	case badWorkers(o.workers):
		return workersRange(o.workers)
	}
	tier, err := o.policy.tier()
	if err != nil {
		return err
	}
	if err := checkOutputs(reportDir{"-out", o.out, reports.SensitivityNames}); err != nil {
		return err
	}
	if o.objective, err = resolveObjective(ctx, o.game.data, o.objective, o.seed); err != nil {
		return err
	}
	base, err := loadDesign(ctx, &o.game, o.set, o.objective)
	if err != nil {
		return err
	}
	names, keys, values := statKeys(&base.sc.Adversary)
	res := &reports.Sensitivity{Step: o.step, Seed: o.seed, PackAI: tier.Name}
	scs := []*sim.Scenario{base.sc}
	sets := [][]string{o.set}      // the overrides of each lane
	lane := make([]int, len(keys)) // lane of each stat's variant, 0 if skipped
	for i, k := range keys {
		res.Stats = append(res.Stats, reports.StatSensitivity{Stat: names[i], Key: k, Value: values[i]})
		set := withSet(o.set, fmt.Sprintf("%s=%+d", k, o.step))
		st, err := loadDesign(ctx, &o.game, set, o.objective)
		if err != nil {
			res.Stats[i].Skipped = strings.TrimPrefix(err.Error(), "-set ")
			continue
		}
		lane[i] = len(scs)
		scs = append(scs, st.sc)
		sets = append(sets, set)
	}
	show, done := progress(stderr, o.quiet, int64(len(scs))*o.hunts, "sensitivity")
	r, err := batch.RunSweep(ctx, batch.Config{Scenario: base.sc, Seed: o.seed, Hunts: o.hunts, Workers: o.workers, Progress: show}, tier, scs)
	done()
	if err != nil {
		return huntFailed(err, func(j int) design { return design{o.game, sets[j], o.objective, tier.Name} })
	}
	res.Hunts, res.Stopped = r.Hunts, r.Stopped
	res.Title = designTitle(base.sc.Adversary.Name, &o.game, o.objective, o.set)
	n := r.Tallies[0].Hunts
	res.Base = lanePoint(r, 0)
	d0, dd0 := histMoments(r.Tallies[0].PackDeaths)
	for i := range res.Stats {
		j := lane[i]
		if j == 0 {
			continue
		}
		p := r.Pair(0, j)
		d, dd := histMoments(r.Tallies[j].PackDeaths)
		st := &res.Stats[i]
		st.Measured = true
		st.Win = stats.FromEstimate(stats.PairedDiff(p.Both, p.OnlyB, p.OnlyA, p.Neither, batch.Conf))
		st.WinP = stats.McNemar(p.OnlyA, p.OnlyB)
		// Pair sums are base - variant: negate for variant - base.
		st.Rounds = stats.FromEstimate(stats.PairedMeanDiff(-float64(p.SumR), float64(p.SumR2), n, batch.Conf))
		st.Wounds = stats.FromEstimate(stats.PairedMeanDiff(-float64(p.SumD), float64(p.SumD2), n, batch.Conf))
		if n >= 2 {
			st.Deaths = stats.FromEstimate(stats.MeanDiff(d0, dd0, n, d, dd, n, batch.Conf))
		} else {
			st.Deaths = stats.Interval{Conf: batch.Conf, N: n, Warnings: []string{"fewer than 2 hunts: no interval"}}
		}
	}

	fmt.Fprintf(stdout, "Sensitivity: %s\nEach stat %+d alone, on the same %d hunts (seed %d), Pack AI %s; 95%% intervals\n",
		res.Title, o.step, res.Hunts, o.seed, tier.Name)
	fmt.Fprintf(stdout, "Base: Pack wins %s, Rounds %s, Pack WNDs %s, Pack deaths %s\n\n",
		res.Base.PackWin.PercentBounds(), res.Base.Rounds.Bounds(), res.Base.PackWounds.Bounds(), res.Base.PackDeaths.Bounds())
	h, rows := reports.SensitivityTable(res)
	// The McNemar p-values as every terminal table prints them (pText).
	if col := slices.Index(h, "McNemar p"); col >= 0 && len(rows) == len(res.Stats) {
		for i, row := range rows {
			if res.Stats[i].Measured && col < len(row) {
				row[col] = pText(res.Stats[i].WinP)
			}
		}
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(h, "\t"))
	for _, row := range rows {
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	tw.Flush()
	fmt.Fprintln(stdout, "\nWins, Rounds and WNDs are paired on the same hunts; deaths are compared as independent samples.")
	if o.out != "" {
		if err := reports.WriteSensitivityDir(o.out, res); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "report: %s/sensitivity.md\n", strings.TrimSuffix(o.out, "/"))
	}
	if r.Stopped == batch.StopInterrupted {
		return interrupted{r.Hunts}
	}
	return nil
}

// histMoments returns Σv and Σv² of a histogram (h[v] hunts with value v).
func histMoments(h []int64) (sum, sumSq float64) {
	for v, c := range h {
		sum += float64(int64(v) * c)
		sumSq += float64(int64(v) * int64(v) * c)
	}
	return sum, sumSq
}
