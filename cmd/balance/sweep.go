package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	batch "balance/batch/legacy"
	configs "balance/configs/cazadores"
	reports "balance/reports/legacy"
	sim "balance/sim/cazadores"
)

// maxSweepPoints bounds a sweep's grid: every point is played on every
// hunt, and the paired account grows with the square of the points.
const maxSweepPoints = 64

type sweepOpts struct {
	game   gameFlags
	params multiFlag
	set    multiFlag
	playFlags
	out string
}

func (o *sweepOpts) flags(fs *flag.FlagSet) {
	o.game.register(fs, "wandering-son")
	fs.Var(&o.params, "param", "a parameter and its values, KEY=LO..HI or KEY=V1,V2,...; a signed value (+1, -2) is a change from the data (repeatable: the points are the grid of all combinations)")
	fs.Var(&o.set, "set", "an override applied at every point, e.g. adversary.atk=6 (repeatable)")
	o.playFlags.register(fs, 20000, "hunts per point, the same hunts at every point", "at every point")
	fs.StringVar(&o.out, "out", "", "write the report (sweep.md, sweep.json, sweep.csv, and the plots sweep_win, sweep_length, sweep_wounds as PNG and SVG) to this directory")
}

func init() {
	register(&command{
		name:    "sweep",
		summary: "play a grid of parameter values on the same hunts: win rate, length and wounds against the parameter",
		usage:   "-param KEY=LO..HI [-param KEY=V1,V2,...]... [-adversary SLUG|FILE] [-set KEY=VALUE]... [-pack NAME] [-scenario NAME] [-hunts N] [-seed S] [-workers W] [-pack-ai TIER] [-lookahead-k K] [-lookahead-horizon R] [-objective SLUG|random] [-out DIR] [-quiet] [-data DIR]",
		long: `Plays the same hunts (seed, i) at every point of a grid of parameter
values: one -param gives a line, several give the grid of all their
combinations (at most 64 points). The keys are those of -set (see 'balance
help run'), with integer values: LO..HI, or a list V1,V2,...; values
written with a sign (+1..+4, -2,+2) are changes from the data rather than
values.

For every point it prints the Pack win rate, the hunt length in Rounds,
the WNDs the Pack took and the Pack models dead per hunt, each with its
95% interval and n, and the paired step: the change of the Pack win rate
from the previous value of the first parameter on the same hunts, with
the exact McNemar test. With -out it writes the table as Markdown, JSON
and CSV, and plots of the three figures against the first parameter with
interval bands, one curve per value of the others.`,
		examples: []string{
			"balance sweep -adversary wandering-son -param adversary.def=4..7 -hunts 2000 -quiet",
			"balance sweep -adversary neonate-wurm -param adversary.wnd=-2,+0,+2 -param adversary.atk=4..5 -hunts 1000 -quiet",
		},
		run: runSweep,
	})
	flagsOf["sweep"] = func(fs *flag.FlagSet) { new(sweepOpts).flags(fs) }
}

// sweepParam is one -param: a key and its values.
type sweepParam struct {
	key      string
	values   []int
	relative bool // the values are changes: "+1", "-2"
}

// name is the parameter as the report heads its column.
func (p sweepParam) name() string {
	if p.relative {
		return p.key + " (change)"
	}
	return p.key
}

// setting is the -set override giving the parameter value v.
func (p sweepParam) setting(v int) string {
	if p.relative {
		return fmt.Sprintf("%s=%+d", p.key, v)
	}
	return fmt.Sprintf("%s=%d", p.key, v)
}

// parseSweepParam reads KEY=LO..HI or KEY=V1,V2,....
func parseSweepParam(s string) (sweepParam, error) {
	key, vals, ok := strings.Cut(s, "=")
	key = strings.TrimSpace(key)
	if !ok || key == "" || vals == "" {
		return sweepParam{}, usagef("-param %q: write KEY=LO..HI or KEY=V1,V2,..., e.g. adversary.def=4..9", s)
	}
	p := sweepParam{key: key}
	if !knownKey(key) {
		if n := nearest(key, configs.OverrideKeys); n != "" {
			return p, usagef("-param %q: no such key; did you mean %q? (see 'balance help run')", s, n)
		}
		return p, usagef("-param %q: no such key (keys: %s)", s, strings.Join(configs.OverrideKeys, ", "))
	}
	signed := func(t string) bool { return strings.HasPrefix(t, "+") || strings.HasPrefix(t, "-") }
	num := func(t string) (int, error) {
		t = strings.TrimSpace(t)
		v, err := strconv.Atoi(t)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return 0, usagef("-param %q: %q is not a whole number", s, t)
		}
		if err != nil || v < -maxParamValue || v > maxParamValue {
			return 0, usagef("-param %q: %s is out of range: values and changes go from %d to %d", s, t, -maxParamValue, maxParamValue)
		}
		if signed(t) {
			p.relative = true
		}
		return v, nil
	}
	if lo, hi, ok := strings.Cut(vals, ".."); ok {
		a, err := num(lo)
		if err != nil {
			return p, err
		}
		b, err := num(hi)
		if err != nil {
			return p, err
		}
		if b < a {
			return p, usagef("-param %q: the range runs down; write %s=%s..%s", s, key, strings.TrimSpace(hi), strings.TrimSpace(lo))
		}
		if b-a+1 > maxSweepPoints {
			return p, usagef("-param %q: %d values; a sweep takes at most %d points", s, b-a+1, maxSweepPoints)
		}
		for v := a; v <= b; v++ {
			p.values = append(p.values, v)
		}
	} else {
		seen := map[int]bool{}
		for _, t := range strings.Split(vals, ",") {
			v, err := num(t)
			if err != nil {
				return p, err
			}
			if seen[v] {
				return p, usagef("-param %q: %d is given twice", s, v)
			}
			seen[v] = true
			p.values = append(p.values, v)
		}
	}
	return p, nil
}

// sweepTable is reports.SweepTable with the McNemar p-values printed by
// pText, as every terminal table prints them.
func sweepTable(sw *reports.Sweep) (header []string, rows [][]string) {
	header, rows = reports.SweepTable(sw)
	col := slices.Index(header, "McNemar p")
	if col < 0 || len(rows) != len(sw.Points) {
		return header, rows
	}
	for k, row := range rows {
		if p := sw.Points[k].StepP; p != nil && col < len(row) {
			row[col] = pText(*p)
		}
	}
	return header, rows
}

// knownKey reports whether key is one of the -set keys, a hit location's
// key matching adversary.location.NAME.wnd.
func knownKey(key string) bool {
	for _, k := range configs.OverrideKeys {
		if k == key {
			return true
		}
	}
	return strings.HasPrefix(key, "adversary.location.") && strings.HasSuffix(key, ".wnd") &&
		len(key) > len("adversary.location.")+len(".wnd")
}

func runSweep(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o sweepOpts
	pos, err := parseOpts("sweep", &o, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usagef("unexpected argument %q: name the Adversary with -adversary", pos[0])
	case len(o.params) == 0:
		return usagef("give at least one -param KEY=LO..HI, e.g. -param adversary.def=4..9")
	case badHunts(o.hunts, 2):
		return huntsRange(o.hunts, 2)
	case badWorkers(o.workers):
		return workersRange(o.workers)
	}
	tier, err := o.policy.tier()
	if err != nil {
		return err
	}
	var params []sweepParam
	points := 1
	for _, s := range o.params {
		p, err := parseSweepParam(s)
		if err != nil {
			return err
		}
		for _, q := range params {
			if q.key == p.key {
				return usagef("-param %s is given twice; list its values in one -param", p.key)
			}
		}
		params = append(params, p)
		points *= len(p.values)
		if points > maxSweepPoints {
			return usagef("the grid has more than %d points; sweep fewer values", maxSweepPoints)
		}
	}
	if err := checkOutputs(reportDir{"-out", o.out, reports.SweepNames()}); err != nil {
		return err
	}
	if o.objective, err = resolveObjective(ctx, o.game.data, o.objective, o.seed); err != nil {
		return err
	}

	// The grid, the first parameter varying fastest.
	grid := make([][]int, points)
	sets := make([][]string, points) // the overrides of each point
	scs := make([]*sim.Scenario, points)
	var first *setup
	for k := range grid {
		vals := make([]int, len(params))
		set := withSet(o.set)
		r := k
		for j, p := range params {
			vals[j] = p.values[r%len(p.values)]
			r /= len(p.values)
			set = append(set, p.setting(vals[j]))
		}
		grid[k], sets[k] = vals, set
		st, err := loadDesign(ctx, &o.game, set, o.objective)
		if err != nil {
			return err
		}
		if first == nil {
			first = st
		}
		scs[k] = st.sc
	}

	show, done := progress(stderr, o.quiet, int64(points)*o.hunts, "sweep")
	r, err := batch.RunSweep(ctx, batch.Config{Scenario: scs[0], Seed: o.seed, Hunts: o.hunts, Workers: o.workers, Progress: show}, tier, scs)
	done()
	if err != nil {
		return huntFailed(err, func(k int) design { return design{o.game, sets[k], o.objective, tier.Name} })
	}

	title := designTitle(first.sc.Adversary.Name, &o.game, o.objective, o.set)
	sw := &reports.Sweep{Title: title, Hunts: r.Hunts, Seed: o.seed, PackAI: tier.Name, Stopped: r.Stopped}
	for _, p := range params {
		sw.Params = append(sw.Params, p.name())
		sw.Signed = append(sw.Signed, p.relative)
	}
	n0 := len(params[0].values)
	for k, vals := range grid {
		pt := lanePoint(r, k)
		pt.Values = vals
		if k%n0 > 0 {
			stepFrom(&pt, r, k-1, k)
		}
		sw.Points = append(sw.Points, pt)
	}

	fmt.Fprintf(stdout, "Sweep: %s\n%d hunts per point, the same hunts at every point (seed %d), Pack AI %s; 95%% intervals\n\n",
		title, r.Hunts, o.seed, tier.Name)
	h, rows := sweepTable(sw)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(h, "\t"))
	for _, row := range rows {
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	tw.Flush()
	if o.out != "" {
		if err := reports.WriteSweepDir(o.out, sw); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "\nreport: %s/sweep.md\n", strings.TrimSuffix(o.out, "/"))
	}
	if r.Stopped == batch.StopInterrupted {
		return interrupted{r.Hunts}
	}
	return nil
}
