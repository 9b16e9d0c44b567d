package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	ai "balance/ai/cazadores"
	batch "balance/batch/legacy"
	reports "balance/reports/legacy"
	"balance/safeio"
	sim "balance/sim/cazadores"
	"balance/stats"
)

// baselineSchema is the version of the baseline file's layout: 2 added
// the build and the checksum.
const baselineSchema = 2

// Baseline is a recorded run: its configuration, seed and the integer
// sums of the figures regress tracks.
type Baseline struct {
	Schema    int              `json:"schema"`
	Program   string           `json:"program"`
	Adversary string           `json:"adversary"` // slug, or the path of the Adversary file as given
	Pack      string           `json:"pack"`
	Scenario  string           `json:"scenario"`
	PackAI    string           `json:"pack_ai"`
	Objective string           `json:"objective"`
	Overrides []string         `json:"overrides"`
	Hash      string           `json:"hash"` // the game data's hash when recorded
	Seed      uint64           `json:"seed"`
	Hunts     int64            `json:"hunts"`
	Figures   []BaselineFigure `json:"figures"`
	// Build names the build of balance that recorded the baseline
	// (buildIdentity); regress says which it was.
	Build string `json:"build"`
	// Checksum is "sha256:" and the hex SHA-256 of the baseline's compact
	// JSON (encoding/json, fields in this order) with this field empty: a
	// baseline changed after it was written is refused.
	Checksum string `json:"checksum"`
}

// checksum returns the checksum b should hold.
func (b Baseline) checksum() string {
	b.Checksum = ""
	data, err := json.Marshal(b)
	if err != nil {
		return ""
	}
	return batch.Checksum(data)
}

// BaselineFigure is one tracked figure: a proportion (Count of N) or a
// mean (Sum and SumSq over N).
type BaselineFigure struct {
	Name     string  `json:"name"`
	Kind     string  `json:"kind"` // "proportion" or "mean"
	N        int64   `json:"n"`
	Count    int64   `json:"count,omitempty"`
	Sum      int64   `json:"sum,omitempty"`
	SumSq    int64   `json:"sum_sq,omitempty"`
	Estimate float64 `json:"estimate"`
}

func (f BaselineFigure) same(g BaselineFigure) bool {
	return f.Name == g.Name && f.Kind == g.Kind && f.N == g.N && f.Count == g.Count && f.Sum == g.Sum && f.SumSq == g.SumSq
}

// moments are Σx and Σx² of the figure's values over its hunts (for a
// proportion, of 0/1 values: both are its count).
func (f BaselineFigure) moments() [2]float64 {
	if f.Kind == "proportion" {
		return [2]float64{float64(f.Count), float64(f.Count)}
	}
	return [2]float64{float64(f.Sum), float64(f.SumSq)}
}

// figures are the tracked figures of a tally of hunts of sc.
func figures(t *batch.Tally, sc *sim.Scenario, objective bool) []BaselineFigure {
	n := t.Hunts
	prop := func(name string, k int64) BaselineFigure {
		return BaselineFigure{Name: name, Kind: "proportion", N: n, Count: k, Estimate: float64(k) / float64(n)}
	}
	mean := func(name string, h []int64, off int64) BaselineFigure {
		f := BaselineFigure{Name: name, Kind: "mean", N: n}
		for v, c := range h {
			x := int64(v) - off
			f.Sum += x * c
			f.SumSq += x * x * c
		}
		f.Estimate = float64(f.Sum) / float64(n)
		return f
	}
	fs := []BaselineFigure{
		prop("pack_win_rate", t.Outcomes[sim.PackWon]),
		prop("adversary_defeated", t.AdvDefeated),
		mean("rounds", t.Rounds, 0),
		mean("adversary_wounds", t.AdvWounds, 0),
		mean("pack_deaths", t.PackDeaths, 0),
		mean("minions_slain", t.MinionsSlain, 0),
	}
	for i := range t.Pack {
		fs = append(fs, mean("wounds: "+sc.Pack[i].Name, t.Pack[i].Wounds, 0))
	}
	if objective {
		fs = append(fs, prop("objective_met", t.ObjectiveMet), mean("renown", t.Renown, batch.RenownOffset))
	}
	return fs
}

type baselineOpts struct {
	game gameFlags
	set  multiFlag
	playFlags
	out string
}

func init() {
	register(&command{
		name:    "baseline",
		summary: "record a configuration, its seed and its results, for 'balance regress'",
		usage:   "-out FILE [-adversary SLUG|FILE] [-set KEY=VALUE]... [-pack NAME] [-scenario NAME] [-hunts N] [-seed S] [-workers W] [-pack-ai TIER] [-lookahead-k K] [-lookahead-horizon R] [-objective SLUG|random] [-quiet] [-data DIR]",
		long: `Plays a run and writes FILE: the configuration (Adversary, Pack,
scenario, Pack AI, Objective, overrides, the data's hash), the seed, the
number of hunts and the integer sums behind each tracked figure: the Pack
win rate, the Adversary defeated, hunt length, WNDs dealt to the
Adversary, Pack deaths, Minions slain, the WNDs each Pack model took, and
with an Objective its success and Renown; and the build of balance that
recorded it and a checksum of the whole file. 'balance regress -baseline
FILE' reruns it. -out - writes the baseline to standard output. A run
interrupted (Ctrl-C, SIGTERM) writes no baseline: the file keeps what it
held.`,
		examples: []string{
			"balance baseline -adversary wandering-son -hunts 5000 -out reports/latest/baseline.json -quiet",
		},
		run: runBaseline,
	})
	flagsOf["baseline"] = func(fs *flag.FlagSet) { new(baselineOpts).flags(fs) }

	register(&command{
		name:    "regress",
		summary: "rerun a baseline and test whether any tracked figure moved (exit 0: no, 1: yes)",
		usage:   "-baseline FILE [-seed S] [-alpha A] [-data DIR] [-set KEY=VALUE]... [-workers W] [-md FILE] [-quiet]",
		long: `Reruns the configuration of a baseline file on the current game data
(embedded, or -data DIR), with the baseline's seed unless -seed gives a
fresh one, and the baseline's number of hunts. -set adds overrides to the
baseline's (to try a change before making it in the data).

If every tracked figure is identical, the run passes at once. Otherwise
each figure is tested against the baseline (two-sample z-test of
proportions, Welch's z-test of means) and the p-values are corrected for
multiple testing with Holm's procedure at family-wise level -alpha: the
chance that a rerun with no change raises any alarm is at most alpha. A
Markdown table of the figures, what moved first, is printed (and written
to -md FILE). Exit code 0: nothing moved significantly; 1: a figure moved;
2: the check could not be made (usage, a missing or broken baseline, one
changed since it was written, which its checksum tells, data that do not
load). -md FILE is written whatever the outcome: when no verdict is
reached it says so, with the error. The table names the build of balance
that recorded the baseline: a baseline of another build is checked all
the same, which is what it is for.

-seed, like every integer flag, is read in decimal: a leading zero, as in
$(date +%j), is ignored.

On the baseline's seed the two runs share their random streams, so a real
change shows more readily than the independent-samples tests assume: the
tests are then conservative.`,
		examples: []string{
			"balance baseline -adversary neonate-wurm -hunts 5000 -out reports/latest/wurm-baseline.json -quiet",
			"balance regress -baseline reports/latest/wurm-baseline.json -quiet",
			"balance regress -baseline reports/latest/wurm-baseline.json -seed 99 -quiet",
		},
		run: runRegress,
	})
	flagsOf["regress"] = func(fs *flag.FlagSet) { new(regressOpts).flags(fs) }
}

func (o *baselineOpts) flags(fs *flag.FlagSet) {
	o.game.register(fs, "wandering-son")
	fs.Var(&o.set, "set", "override a number, e.g. adversary.def=7 (repeatable; see 'balance help run')")
	o.playFlags.register(fs, 100000, "hunts to play", "")
	fs.StringVar(&o.out, "out", "", "the baseline file to write (required; -: standard output)")
}

// playTracked runs a configuration and returns its figures.
func playTracked(ctx context.Context, stderr io.Writer, g *gameFlags, set []string, objective string, tier ai.Tier,
	seed uint64, hunts int64, workers int, quiet bool) (*setup, *batch.Result, []BaselineFigure, error) {
	st, err := loadDesign(ctx, g, set, objective)
	if err != nil {
		return nil, nil, nil, err
	}
	show, done := progress(stderr, quiet, hunts, st.sc.Adversary.Name)
	res, err := batch.Run(ctx, batch.Config{Scenario: st.sc, Seed: seed, Hunts: hunts, Workers: workers,
		Progress: show, Policies: tierPolicies(tier)})
	done()
	if err != nil {
		return nil, nil, nil, huntFailed(err, oneDesign(design{*g, set, objective, tier.Name}))
	}
	if res.Stopped == batch.StopInterrupted {
		return nil, nil, nil, interrupted{res.Hunts}
	}
	return st, res, figures(res.Tally, st.sc, objective != ""), nil
}

func runBaseline(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o baselineOpts
	pos, err := parseOpts("baseline", &o, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usagef("unexpected argument %q", pos[0])
	case o.out == "":
		return usagef("-out FILE is required: where to write the baseline")
	case badHunts(o.hunts, 2):
		return huntsRange(o.hunts, 2)
	case badWorkers(o.workers):
		return workersRange(o.workers)
	}
	data := stdout
	stdout = textOut(stdout, stderr, o.out)
	if err := checkOutputs(reportDir{}, [2]string{"-out", o.out}); err != nil {
		return err
	}
	tier, err := o.policy.tier()
	if err != nil {
		return err
	}
	if o.objective, err = resolveObjective(ctx, o.game.data, o.objective, o.seed); err != nil {
		return err
	}
	st, _, figs, err := playTracked(ctx, stderr, &o.game, o.set, o.objective, tier, o.seed, o.hunts, o.workers, o.quiet)
	if err != nil {
		return err
	}
	b := Baseline{Schema: baselineSchema, Program: "balance " + version, Adversary: o.game.adversary, Pack: o.game.pack,
		Scenario: o.game.scenario, PackAI: tier.Name, Objective: o.objective, Overrides: append([]string{}, o.set...),
		Hash: st.hash, Seed: o.seed, Hunts: o.hunts, Figures: figs, Build: buildIdentity()}
	b.Checksum = b.checksum()
	js, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return err
	}
	if err := safeio.WriteFile(o.out, append(js, '\n'), data); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "baseline: %s, %d hunts, seed %d, %d figures -> %s\n", st.sc.Adversary.Name, o.hunts, o.seed, len(figs), o.out)
	return nil
}

type regressOpts struct {
	baseline string
	data     string
	seed     uint64
	alpha    float64
	set      multiFlag
	workers  int
	md       string
	quiet    bool
	// mdChecked: the flags were parsed and -md checked; md is then the
	// file to write, or "" when none was given or it cannot be written.
	mdChecked bool
}

func (o *regressOpts) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.baseline, "baseline", "", "the baseline file written by 'balance baseline' (required)")
	fs.StringVar(&o.data, "data", "", "directory of YAML files (same layout as configs/cazadores/) loaded over the embedded data")
	intVar(fs, &o.seed, "seed", 0, "rerun on this seed (0: the baseline's)")
	fs.Float64Var(&o.alpha, "alpha", 0.001, "family-wise false-alarm level of the tests (Holm)")
	fs.Var(&o.set, "set", "an override added to the baseline's (repeatable)")
	intVar(fs, &o.workers, "workers", 0, "worker goroutines (0: all cores); the results do not depend on it")
	fs.StringVar(&o.md, "md", "", "also write the Markdown table to this file (-: standard output); when no verdict is reached (exit code 2), why")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress: no bar on a terminal, no progress lines otherwise")
}

// regression is the error of a regress run in which a figure moved.
type regression struct{ moved []string }

func (r regression) Error() string {
	return fmt.Sprintf("regression: %s moved significantly", strings.Join(r.moved, ", "))
}

func readBaseline(path string) (*Baseline, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("-baseline %s: %v", path, unwrapPathErr(err))
	}
	var b Baseline
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("%s: not a baseline file: %v", path, err)
	}
	switch {
	case b.Schema != baselineSchema:
		return nil, fmt.Errorf("%s: baseline schema %d; this balance reads schema %d (record it again with 'balance baseline')", path, b.Schema, baselineSchema)
	case b.Checksum != b.checksum():
		return nil, fmt.Errorf("%s: the checksum does not match the content: the baseline was changed after balance wrote it (or damaged); record it again with 'balance baseline'", path)
	case b.Hunts < 2 || len(b.Figures) == 0 || b.Adversary == "" || b.Pack == "" || b.Scenario == "" || b.PackAI == "":
		return nil, fmt.Errorf("%s: incomplete baseline: hunts, figures, adversary, pack, scenario and pack_ai are needed", path)
	}
	for _, f := range b.Figures {
		if f.N != b.Hunts || (f.Kind != "proportion" && f.Kind != "mean") || (f.Kind == "proportion" && (f.Count < 0 || f.Count > f.N)) {
			return nil, fmt.Errorf("%s: figure %q: inconsistent (kind %q, n %d of %d hunts)", path, f.Name, f.Kind, f.N, b.Hunts)
		}
	}
	return &b, nil
}

func unwrapPathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// cannotCheck is an error that kept regress from checking (a missing or
// broken baseline, data that do not load): exit code 2, so that 1 means
// a regression only.
type cannotCheck struct{ error }

func (c cannotCheck) ExitCode() int { return exitUsage }
func (c cannotCheck) Unwrap() error { return c.error }

func runRegress(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o regressOpts
	err := regress(ctx, stdout, stderr, args, &o)
	var r regression
	if err == nil || errors.As(err, &r) {
		return err
	}
	// No verdict: the -md file still says why, so that a job showing it
	// never shows an older file's verdict in its place.
	md := o.md
	if md == "" && !o.mdChecked {
		md = mdArg(args) // the flags failed to parse before -md
	}
	if md != "" {
		if werr := writeMD(stdout, md, noVerdictMD(o.baseline, err)); werr != nil {
			fmt.Fprintf(stderr, "balance regress: -md %s: the failure could not be recorded there: %v\n", md, werr)
		}
	}
	// An interrupted check has no verdict either: exit code 2, as for a
	// broken setup, never 1, which means a regression.
	return cannotCheck{err}
}

// mdArg returns the value args give -md, or "": for a command line whose
// flags failed to parse before -md.
func mdArg(args []string) string {
	for k, a := range args {
		if a == "--" {
			break // the flags end
		}
		if !strings.HasPrefix(a, "-") {
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		switch {
		case name != "md":
		case hasVal:
			return val
		case k+1 < len(args):
			return args[k+1]
		}
	}
	return ""
}

// noVerdictMD is the Markdown regress writes to -md when it reaches no
// verdict: the check could not be made (exit code 2), or it was
// interrupted.
func noVerdictMD(baseline string, err error) string {
	var b strings.Builder
	var i interrupted
	if errors.As(err, &i) {
		fmt.Fprintf(&b, "Regression check interrupted after %d hunts: no verdict.\n\n", i.hunts)
	} else {
		fmt.Fprintf(&b, "Regression check could not be made (exit code %d): a broken setup, not a balance change.\n\n", exitUsage)
	}
	if baseline == "" {
		baseline = "(none given)"
	}
	fmt.Fprintf(&b, "Baseline: %s\n\n```text\n", baseline)
	for _, e := range leafErrors(err) {
		b.WriteString(strings.ReplaceAll(e.Error(), "```", "'''") + "\n")
	}
	b.WriteString("```\n\nNo figure was compared.\n")
	return b.String()
}

func regress(ctx context.Context, stdout, stderr io.Writer, args []string, o *regressOpts) error {
	pos, err := parseOpts("regress", o, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usagef("unexpected argument %q: give the baseline with -baseline FILE", pos[0])
	case o.baseline == "":
		return usagef("-baseline FILE is required (write one with 'balance baseline -out FILE')")
	case !(o.alpha > 0 && o.alpha < 1):
		return usagef("-alpha %v: give a level between 0 and 1, e.g. 0.001", o.alpha)
	case badWorkers(o.workers):
		return workersRange(o.workers)
	}
	o.mdChecked = true
	data := stdout
	stdout = textOut(stdout, stderr, o.md)
	if o.md != "" {
		if err := checkOutputs(reportDir{}, [2]string{"-md", o.md}); err != nil {
			o.md = "" // nothing can be written there
			return err
		}
	}
	b, err := readBaseline(o.baseline)
	if err != nil {
		return err
	}
	seed := b.Seed
	if o.seed != 0 {
		seed = o.seed
	}
	g := gameFlags{data: o.data, adversary: b.Adversary, pack: b.Pack, scenario: b.Scenario}
	set := withSet(b.Overrides, o.set...)
	tier, err := tierNamed(b.PackAI, lookaheadFlags{k: ai.DefaultLookaheadK, horizon: ai.DefaultLookaheadHorizon})
	if err != nil {
		return fmt.Errorf("%s: pack_ai: %w", o.baseline, err)
	}
	st, _, now, err := playTracked(ctx, stderr, &g, set, b.Objective, tier, seed, b.Hunts, o.workers, o.quiet)
	if err != nil {
		return err
	}
	if len(now) != len(b.Figures) {
		return fmt.Errorf("%s: the baseline tracks %d figures and this run %d: the Pack or the program changed; record the baseline again", o.baseline, len(b.Figures), len(now))
	}
	identical := true
	for i := range now {
		if now[i].Name != b.Figures[i].Name {
			return fmt.Errorf("%s: figure %d is %q in the baseline and %q now: the Pack changed; record the baseline again", o.baseline, i, b.Figures[i].Name, now[i].Name)
		}
		identical = identical && now[i].same(b.Figures[i])
	}
	var head strings.Builder
	fmt.Fprintf(&head, "Regression check: %s vs %s on %s, Pack AI %s, %d hunts; baseline seed %d, this run seed %d", st.sc.Adversary.Name, b.Pack, b.Scenario, b.PackAI, b.Hunts, b.Seed, seed)
	if b.Hash != st.hash {
		head.WriteString("; the game data or overrides differ from the baseline's")
	}
	fmt.Fprintf(&head, "\nBaseline recorded by %s.", builtBy(b.Build))
	head.WriteString("\n\n")
	if identical {
		fmt.Fprintf(&head, "All %d figures are identical to the baseline: pass.\n", len(now))
		fmt.Fprint(stdout, head.String())
		return writeMD(data, o.md, head.String())
	}
	ps := make([]float64, len(now))
	for i, f := range now {
		base := b.Figures[i]
		if f.Kind == "proportion" {
			ps[i] = stats.TwoProportions(base.Count, base.N, f.Count, f.N)
		} else {
			ps[i] = stats.TwoMeans(float64(base.Sum), float64(base.SumSq), base.N, float64(f.Sum), float64(f.SumSq), f.N)
		}
	}
	moved := stats.Holm(ps, o.alpha)
	var md strings.Builder
	md.WriteString(head.String())
	fmt.Fprintf(&md, "Each figure tested against the baseline; Holm-corrected at family-wise level %g. Intervals are 95%%; n = %d hunts in each run.\n\n", o.alpha, b.Hunts)
	md.WriteString("| Figure | Baseline | Now | Change | p | Moved |\n|---|---:|---:|---:|---:|---|\n")
	var names []string
	for pass := 0; pass < 2; pass++ { // what moved first
		for i, f := range now {
			if moved[i] != (pass == 0) {
				continue
			}
			base := b.Figures[i]
			// A proportion is the mean of 0/1 values: its Σx² is its count.
			m0, m1 := base.moments(), f.moments()
			d := stats.MeanDiff(m0[0], m0[1], base.N, m1[0], m1[1], f.N, batch.Conf)
			var was, is, change string
			if f.Kind == "proportion" {
				was = stats.FromEstimate(stats.Proportion(base.Count, base.N, batch.Conf)).PercentBounds()
				is = stats.FromEstimate(stats.Proportion(f.Count, f.N, batch.Conf)).PercentBounds()
				change = reports.PointsBounds(stats.FromEstimate(d))
			} else {
				was = stats.FromEstimate(stats.Mean(m0[0], m0[1], base.N, batch.Conf)).Bounds()
				is = stats.FromEstimate(stats.Mean(m1[0], m1[1], f.N, batch.Conf)).Bounds()
				change = fmt.Sprintf("%+.4g [%+.4g, %+.4g]", d.Value, d.Low, d.High)
			}
			mark := "no"
			if moved[i] {
				mark = "**yes**"
				names = append(names, f.Name)
			}
			fmt.Fprintf(&md, "| %s | %s | %s | %s | %s | %s |\n", f.Name, was, is, change, pText(ps[i]), mark)
		}
	}
	if len(names) == 0 {
		fmt.Fprintf(&md, "\nNo figure moved significantly: pass.\n")
	} else {
		fmt.Fprintf(&md, "\n%d of %d figures moved: regression.\n", len(names), len(now))
	}
	fmt.Fprint(stdout, md.String())
	if err := writeMD(data, o.md, md.String()); err != nil {
		return err
	}
	if len(names) > 0 {
		return regression{names}
	}
	return nil
}

// writeMD writes s to the -md file path, if one was given ("-": stdout).
func writeMD(stdout io.Writer, path, s string) error {
	if path == "" {
		return nil
	}
	return safeio.WriteFile(path, []byte(s), stdout)
}
