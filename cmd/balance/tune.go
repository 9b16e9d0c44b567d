package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	batch "balance/batch/legacy"
	reports "balance/reports/legacy"
	sim "balance/sim/cazadores"
	"balance/stats"
)

type tuneOpts struct {
	game    gameFlags
	param   string
	targets multiFlag
	set     multiFlag
	playFlags
	out string
}

func (o *tuneOpts) flags(fs *flag.FlagSet) {
	o.game.register(fs, "wandering-son")
	fs.StringVar(&o.param, "param", "", "the parameter to tune, KEY or KEY=LO..HI (at most 64 values; default: around the data's value)")
	fs.Var(&o.targets, "target", "a target: win=0.45..0.55, rounds=4..6, deaths<=0.2, wounds>=10 (win as a proportion; repeatable)")
	fs.Var(&o.set, "set", "an override applied at every value, e.g. adversary.atk=6 (repeatable)")
	o.playFlags.register(fs, 20000, "hunts per value, the same hunts at every value", "at every value")
	fs.StringVar(&o.out, "out", "", "write the sweep behind the answer (sweep.md, .json, .csv, plots) to this directory")
}

func init() {
	register(&command{
		name:    "tune",
		summary: "find the values of a parameter whose figures meet targets, with intervals and stat weights",
		usage:   "-param KEY[=LO..HI] -target NAME=LO..HI|NAME<=X|NAME>=X... [-adversary SLUG|FILE] [-set KEY=VALUE]... [-pack NAME] [-scenario NAME] [-hunts N] [-seed S] [-workers W] [-pack-ai TIER] [-lookahead-k K] [-lookahead-horizon R] [-objective SLUG|random] [-out DIR] [-quiet] [-data DIR]",
		long: `Plays every integer value of the parameter in its range on the same
hunts (common random numbers) and reports the values that meet every
target: a target is met when the figure's whole 95% interval lies within
it. The figures are win (the Pack win rate, as a proportion), rounds (mean
hunt length), deaths (mean Pack models dead per hunt) and wounds (mean
WNDs the Pack took per hunt). When no value meets them all, it names the
closest value and, for each target missed, how near the range of values
comes and where to search next: the way the figure moved over the range
(or, when it did not move measurably, the way the parameter usually moves
it), within the values the rules allow; or that the target cannot be
reached with this parameter. When the estimates straddle a target, it
says whether more hunts would help (an estimate inside the target whose
interval reaches beyond it, and about how many hunts would narrow it) or
not (the target falls between two whole values, both named with their
figures). Around the answer it prints the stat weights: the paired change
of each figure per +1 of the parameter. -out writes the sweep behind the
answer, each target drawn as a band on the plot of its figure.

Without a range, -param searches around the data's value: WND from half
upwards, 64 values, other stats from 0 to 12; values
the rules refuse are skipped.`,
		examples: []string{
			"balance tune -adversary creature-wreathed-in-light -param adversary.def=4..9 -target win=0.45..0.55 -hunts 2000 -quiet",
			"balance tune -adversary wandering-son -param adversary.wnd -target win=0.45..0.55 -hunts 1000 -quiet",
		},
		run: runTune,
	})
	flagsOf["tune"] = func(fs *flag.FlagSet) { new(tuneOpts).flags(fs) }
}

// tuneTarget is one -target.
type tuneTarget struct {
	text   string
	figure string // win, rounds, deaths, wounds
	lo, hi float64
}

var tuneFigures = []string{"win", "rounds", "deaths", "wounds"}

func parseTarget(s string) (tuneTarget, error) {
	t := tuneTarget{text: s, lo: math.Inf(-1), hi: math.Inf(1)}
	var name, val string
	var op string
	for _, o := range []string{"<=", ">=", "="} {
		if i := strings.Index(s, o); i > 0 {
			name, val, op = strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+len(o):]), o
			break
		}
	}
	if op == "" || val == "" {
		return t, usagef("-target %q: write NAME=LO..HI, NAME<=X or NAME>=X, e.g. win=0.45..0.55", s)
	}
	ok := false
	for _, f := range tuneFigures {
		ok = ok || f == name
	}
	if !ok {
		if n := nearest(name, tuneFigures); n != "" {
			return t, usagef("-target %q: no figure %q; did you mean %q? (figures: %s)", s, name, n, strings.Join(tuneFigures, ", "))
		}
		return t, usagef("-target %q: no figure %q (figures: %s)", s, name, strings.Join(tuneFigures, ", "))
	}
	t.figure = name
	num := func(x string) (float64, error) {
		v, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, usagef("-target %q: %q is not a number", s, x)
		}
		if name == "win" && (v < 0 || v > 1) {
			if v > 1 && v <= 100 {
				return 0, usagef("-target %q: win is a proportion; did you mean %g?", s, v/100)
			}
			return 0, usagef("-target %q: win is a proportion between 0 and 1", s)
		}
		return v, nil
	}
	var err error
	switch op {
	case "<=":
		t.hi, err = num(val)
	case ">=":
		t.lo, err = num(val)
	default:
		a, b, ok := strings.Cut(val, "..")
		if !ok {
			return t, usagef("-target %q: give a range LO..HI, e.g. %s=0.45..0.55, or use <= or >=", s, name)
		}
		if t.lo, err = num(a); err == nil {
			t.hi, err = num(b)
		}
		if err == nil && t.hi < t.lo {
			return t, usagef("-target %q: the range runs down; write %s=%s..%s", s, name, strings.TrimSpace(b), strings.TrimSpace(a))
		}
	}
	return t, err
}

// get returns the target's figure at a point.
func (t tuneTarget) get(p *reports.SweepPoint) stats.Interval {
	switch t.figure {
	case "win":
		return p.PackWin
	case "rounds":
		return p.Rounds
	case "deaths":
		return p.PackDeaths
	}
	return p.PackWounds
}

// met reports whether the figure's whole interval lies in the target.
func (t tuneTarget) met(p *reports.SweepPoint) bool {
	i := t.get(p)
	return i.Low >= t.lo && i.High <= t.hi
}

// miss is how far the estimate lies outside the target, in units of the
// target's width (or of the estimate's interval when the target is one
// sided).
func (t tuneTarget) miss(p *reports.SweepPoint) float64 {
	i := t.get(p)
	d := math.Max(t.lo-i.Estimate, i.Estimate-t.hi)
	if d <= 0 {
		return 0
	}
	w := t.hi - t.lo
	if math.IsInf(w, 0) || w <= 0 {
		w = math.Max(i.High-i.Low, 1e-9)
	}
	return d / w
}

func runTune(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o tuneOpts
	pos, err := parseOpts("tune", &o, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usagef("unexpected argument %q: name the Adversary with -adversary", pos[0])
	case o.param == "":
		return usagef("give -param KEY or KEY=LO..HI, e.g. -param adversary.wnd")
	case len(o.targets) == 0:
		return usagef("give at least one -target, e.g. -target win=0.45..0.55")
	case badHunts(o.hunts, 2):
		return huntsRange(o.hunts, 2)
	case badWorkers(o.workers):
		return workersRange(o.workers)
	}
	tier, err := o.policy.tier()
	if err != nil {
		return err
	}
	var targets []tuneTarget
	for _, s := range o.targets {
		t, err := parseTarget(s)
		if err != nil {
			return err
		}
		targets = append(targets, t)
	}
	if err := checkOutputs(reportDir{"-out", o.out, reports.SweepNames()}); err != nil {
		return err
	}
	if o.objective, err = resolveObjective(ctx, o.game.data, o.objective, o.seed); err != nil {
		return err
	}
	// The parameter is read before the data loads: a range out of bounds
	// is a usage error however the data would answer.
	var p sweepParam
	if strings.Contains(o.param, "=") {
		if p, err = parseSweepParam(o.param); err != nil {
			return err
		}
		if p.relative {
			return usagef("-param %q: tune searches values, not changes; write %s=LO..HI", o.param, p.key)
		}
	} else if p, err = parseSweepParam(o.param + "=0"); err != nil {
		return err
	}
	base, err := loadDesign(ctx, &o.game, o.set, o.objective)
	if err != nil {
		return err
	}
	if !strings.Contains(o.param, "=") {
		p.values = defaultRange(p.key, base.sc)
		if p.values == nil {
			return usagef("-param %s: give the values to search, e.g. %s=1..20", p.key, p.key)
		}
	}
	var scs []*sim.Scenario
	var vals []int
	var skipped []string
	for _, v := range p.values {
		st, err := loadDesign(ctx, &o.game, withSet(o.set, p.setting(v)), o.objective)
		if err != nil {
			skipped = append(skipped, fmt.Sprintf("%d (%v)", v, strings.TrimPrefix(err.Error(), "-set ")))
			continue
		}
		scs = append(scs, st.sc)
		vals = append(vals, v)
	}
	if len(scs) == 0 {
		return fmt.Errorf("-param %s: the rules refuse every value searched: %s", p.key, strings.Join(skipped, "; "))
	}
	show, done := progress(stderr, o.quiet, int64(len(scs))*o.hunts, "tune")
	r, err := batch.RunSweep(ctx, batch.Config{Scenario: scs[0], Seed: o.seed, Hunts: o.hunts, Workers: o.workers, Progress: show}, tier, scs)
	done()
	if err != nil {
		return huntFailed(err, func(k int) design { return design{o.game, withSet(o.set, p.setting(vals[k])), o.objective, tier.Name} })
	}
	title := designTitle(base.sc.Adversary.Name, &o.game, o.objective, o.set)
	sw := &reports.Sweep{Title: title, Params: []string{p.key}, Signed: []bool{false}, Hunts: r.Hunts, Seed: o.seed, PackAI: tier.Name, Stopped: r.Stopped}
	for _, t := range targets {
		st := reports.SweepTarget{Text: t.text, Figure: t.figure}
		if !math.IsInf(t.lo, 0) {
			st.Low = &t.lo
		}
		if !math.IsInf(t.hi, 0) {
			st.High = &t.hi
		}
		sw.Targets = append(sw.Targets, st)
	}
	for k, v := range vals {
		pt := lanePoint(r, k)
		pt.Values = []int{v}
		if k > 0 {
			stepFrom(&pt, r, k-1, k)
		}
		sw.Points = append(sw.Points, pt)
	}

	fmt.Fprintf(stdout, "Tune %s: %s\n%d values (%d..%d), %d hunts each, the same hunts at every value (seed %d), Pack AI %s; 95%% intervals\n",
		p.key, title, len(vals), vals[0], vals[len(vals)-1], r.Hunts, o.seed, tier.Name)
	fmt.Fprintf(stdout, "Targets: %s (met when the whole interval lies within)\n", strings.Join(o.targets, ", "))
	if len(skipped) > 0 {
		fmt.Fprintf(stdout, "Skipped (refused by the rules): %s\n", strings.Join(skipped, "; "))
	}
	var good []int
	best, bestMiss := 0, math.Inf(1)
	for k := range sw.Points {
		pt := &sw.Points[k]
		all, miss := true, 0.0
		for _, t := range targets {
			all = all && t.met(pt)
			miss += t.miss(pt)
		}
		if all {
			good = append(good, k)
		}
		if miss < bestMiss {
			best, bestMiss = k, miss
		}
	}
	fmt.Fprintln(stdout)
	answer := best
	if len(good) > 0 {
		answer = good[len(good)/2]
		fmt.Fprintf(stdout, "Values meeting every target: %s\n", joinValues(vals, good))
	} else {
		fmt.Fprintf(stdout, "No value meets every target. The closest is %s=%d:\n", p.key, vals[best])
		sr := searchRange{key: p.key, vals: vals, accepts: func(v int) bool {
			if v < 0 {
				return false // -set would read it as a change; no value is negative
			}
			_, err := loadDesign(ctx, &o.game, withSet(o.set, p.setting(v)), o.objective)
			return err == nil
		}}
		for _, t := range targets {
			if t.met(&sw.Points[best]) {
				continue
			}
			i := t.get(&sw.Points[best])
			fmt.Fprintf(stdout, "  %s: %.4g [%.4g, %.4g] at %d; %s\n", t.text, i.Estimate, i.Low, i.High, vals[best], t.advice(sw, r, sr))
		}
	}
	h, rows := sweepTable(sw)
	mark := map[int]bool{}
	for _, k := range good {
		mark[k] = true
	}
	fmt.Fprintln(stdout)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(append(h, "Meets"), "\t"))
	for k, row := range rows {
		m := ""
		if mark[k] {
			m = "yes"
		}
		fmt.Fprintln(tw, strings.Join(append(row, m), "\t"))
	}
	tw.Flush()
	// Stat weights around the answer: paired changes per +1.
	fmt.Fprintf(stdout, "\nStat weights at %s=%d (paired change per +1, on the same hunts):\n", p.key, vals[answer])
	for _, k := range []int{answer - 1, answer} {
		if k < 0 || k+1 >= len(vals) || vals[k+1] != vals[k]+1 {
			continue
		}
		pr := r.Pair(k, k+1)
		n := r.Hunts
		win := stats.FromEstimate(stats.PairedDiff(pr.Both, pr.OnlyB, pr.OnlyA, pr.Neither, batch.Conf))
		rounds := stats.FromEstimate(stats.PairedMeanDiff(-float64(pr.SumR), float64(pr.SumR2), n, batch.Conf))
		wounds := stats.FromEstimate(stats.PairedMeanDiff(-float64(pr.SumD), float64(pr.SumD2), n, batch.Conf))
		fmt.Fprintf(stdout, "  %d -> %d: Pack wins %s (McNemar p %s), Rounds %s, Pack WNDs %s\n",
			vals[k], vals[k+1], reports.Points(win), pIs(stats.McNemar(pr.OnlyA, pr.OnlyB)), signed3(rounds), signed3(wounds))
	}
	if o.out != "" {
		if err := reports.WriteSweepDir(o.out, sw); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "report: %s/sweep.md\n", strings.TrimSuffix(o.out, "/"))
	}
	if r.Stopped == batch.StopInterrupted {
		return interrupted{r.Hunts}
	}
	return nil
}

func signed3(i stats.Interval) string {
	return fmt.Sprintf("%+.3f [%+.3f, %+.3f]", i.Estimate, i.Low, i.High)
}

func joinValues(vals []int, idx []int) string {
	var s []string
	for _, k := range idx {
		s = append(s, strconv.Itoa(vals[k]))
	}
	return strings.Join(s, ", ")
}

// defaultRange is the values tune searches when -param gives none.
func defaultRange(key string, sc *sim.Scenario) []int {
	_, keys, values := statKeys(&sc.Adversary)
	for i, k := range keys {
		if k != key {
			continue
		}
		lo, hi := 0, 12
		if strings.HasSuffix(key, ".wnd") {
			lo = max(1, values[i]/2)
			hi = lo + maxSweepPoints - 1
		}
		var vs []int
		for v := lo; v <= hi; v++ {
			vs = append(vs, v)
		}
		return vs
	}
	return nil
}

// searchRange is what tune's advice needs of the parameter searched: its
// key, the values played (those the rules accepted, in order) and whether
// the rules accept a value, the loader's own check, which knows each
// parameter's valid range.
type searchRange struct {
	key     string
	vals    []int
	accepts func(v int) bool
}

// reach goes from value from in direction dir (+1 or -1) for at most
// steps values, and returns the farthest value the rules accept, stopping
// at the first they refuse; atLimit reports that it stopped there (the
// parameter's valid range ends) rather than after steps values.
func (sr searchRange) reach(from, dir, steps int) (far int, atLimit bool) {
	far = from
	for k := 1; k <= steps; k++ {
		if !sr.accepts(from + dir*k) {
			return far, true
		}
		far = from + dir*k
	}
	return far, false
}

// trend is the change of the target's figure from the first value
// searched to the last, with its 95% interval: paired on the same hunts
// for the win rate, the length and the WNDs, as independent samples for
// the deaths. ok is false with fewer than two values (or hunts).
func (t tuneTarget) trend(sw *reports.Sweep, r *batch.PairedResult) (d stats.Interval, ok bool) {
	a, b := 0, len(sw.Points)-1
	n := r.Hunts
	if b < 1 || n < 2 {
		return d, false
	}
	pr := r.Pair(a, b)
	switch t.figure {
	case "win":
		return stats.FromEstimate(stats.PairedDiff(pr.Both, pr.OnlyB, pr.OnlyA, pr.Neither, batch.Conf)), true
	case "rounds":
		// Pair sums are a - b: negate for b - a.
		return stats.FromEstimate(stats.PairedMeanDiff(-float64(pr.SumR), float64(pr.SumR2), n, batch.Conf)), true
	case "wounds":
		return stats.FromEstimate(stats.PairedMeanDiff(-float64(pr.SumD), float64(pr.SumD2), n, batch.Conf)), true
	}
	d0, dd0 := histMoments(r.Tallies[a].PackDeaths)
	d1, dd1 := histMoments(r.Tallies[b].PackDeaths)
	return stats.FromEstimate(stats.MeanDiff(d0, dd0, n, d1, dd1, n, batch.Conf)), true
}

// straddle says why no value meets a target that the range's estimates
// straddle (some below or in it, some above or in it), and whether more
// hunts would help:
//
//   - the target is met somewhere, only not where the other targets are:
//     the targets conflict over the range, and more hunts will not help;
//   - an estimate lies inside the target but its interval reaches beyond:
//     more hunts will narrow it (as 1/√n), and about how many it takes;
//   - no estimate lies inside: the target falls between two neighbouring
//     values, named with their figures; between two whole values no
//     integer meets it, whatever the hunts.
func (t tuneTarget) straddle(sw *reports.Sweep, sr searchRange) string {
	vals := sr.vals
	fig := func(k int) string {
		i := t.get(&sw.Points[k])
		return fmt.Sprintf("%s=%d (%.4g [%.4g, %.4g])", sr.key, vals[k], i.Estimate, i.Low, i.High)
	}
	var met []int
	for k := range sw.Points {
		if t.met(&sw.Points[k]) {
			met = append(met, k)
		}
	}
	if len(met) > 0 {
		return fmt.Sprintf(": it is met at %s=%s, where another target is not: the targets pull %s different ways over this range, and more hunts will not change that",
			sr.key, joinValues(vals, met), sr.key)
	}
	// An estimate inside the target whose interval reaches beyond it: the
	// interval narrows as 1/√n, to within the target after about
	// n·(half-width / distance to the nearer end)² hunts.
	best, need := -1, math.Inf(1)
	for k := range sw.Points {
		i := t.get(&sw.Points[k])
		d := math.Min(i.Estimate-t.lo, t.hi-i.Estimate)
		if d <= 0 {
			continue
		}
		hw := math.Max(i.Estimate-i.Low, i.High-i.Estimate)
		if n := float64(sw.Hunts) * (hw / d) * (hw / d); n < need {
			best, need = k, n
		}
	}
	if best >= 0 {
		return fmt.Sprintf(": at %s the estimate lies within the target but its interval reaches beyond it: more -hunts will narrow it, about %s hunts per value",
			fig(best), roundUp(need))
	}
	below := func(k int) bool { return t.get(&sw.Points[k]).Estimate < t.lo }
	for k := 0; k+1 < len(sw.Points); k++ {
		if below(k) == below(k+1) {
			continue
		}
		if vals[k+1] == vals[k]+1 {
			return fmt.Sprintf(": the target falls between %s and %s: no whole value of %s meets it, and more hunts will not change that; widen the target, or change another stat with it (-set)",
				fig(k), fig(k+1), sr.key)
		}
		return fmt.Sprintf(": the target falls between %s and %s, and the rules refused the values between them", fig(k), fig(k+1))
	}
	return ": the estimates lie on the target's ends: no value is clearly within it"
}

// roundUp writes a number of hunts rounded up to two significant figures:
// 19,000 for 18,342.
func roundUp(x float64) string {
	if x < 100 {
		return strconv.Itoa(int(math.Ceil(x)))
	}
	p := math.Pow(10, math.Floor(math.Log10(x))-1)
	v := int64(math.Ceil(x/p) * p)
	s := strconv.FormatInt(v, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// usualEffect is the way a figure usually moves when the parameter rises:
// +1 up, -1 down, 0 not known. A stronger Adversary (any of its stats or
// WNDs up) usually lowers the Pack's win rate and raises the WNDs it takes
// and its deaths; more DEF or WNDs make the hunt longer. How the rules
// switches move the figures is not assumed.
func usualEffect(key, figure string) int {
	if !strings.HasPrefix(key, "adversary.") {
		return 0
	}
	switch figure {
	case "win":
		return -1
	case "deaths", "wounds":
		return +1
	}
	if key == "adversary.def" || strings.HasSuffix(key, ".wnd") {
		return +1 // rounds
	}
	return 0
}

// advice says why no value searched meets the target and where to look
// next: further in the direction the measured trend (or, when the figure
// is flat over the range, the parameter's usual effect) says the target
// lies, within the values the rules accept and at most maxSweepPoints
// values, or that the target cannot be reached with this parameter. It
// never suggests an empty range or the range just searched.
func (t tuneTarget) advice(sw *reports.Sweep, r *batch.PairedResult, sr searchRange) string {
	vals := sr.vals
	first, last := vals[0], vals[len(vals)-1]
	lo, hi := math.Inf(1), math.Inf(-1)
	for k := range sw.Points {
		e := t.get(&sw.Points[k]).Estimate
		lo, hi = math.Min(lo, e), math.Max(hi, e)
	}
	why := fmt.Sprintf("over %d..%d the estimate ranges from %.4g to %.4g", first, last, lo, hi)
	need := 0 // which way the figure must move: +1 up, -1 down
	switch {
	case hi < t.lo:
		why += ", all below the target: no value in this range can meet it"
		need = +1
	case lo > t.hi:
		why += ", all above the target: no value in this range can meet it"
		need = -1
	default:
		return why + t.straddle(sw, sr)
	}

	moves := func(sign int) string {
		if sign > 0 {
			return "rises"
		}
		return "falls"
	}
	dir := 0 // which way the parameter must go
	d, ok := t.trend(sw, r)
	change := ""
	if ok {
		change = fmt.Sprintf("%+.3g [%+.3g, %+.3g]", d.Estimate, d.Low, d.High)
		if t.figure == "win" {
			change = reports.PointsBounds(d)
		}
		change = fmt.Sprintf("%s from %d to %d", change, first, last)
	}
	switch {
	case ok && (d.Low > 0 || d.High < 0):
		sign := 1
		if d.High < 0 {
			sign = -1
		}
		dir = need * sign
		why += fmt.Sprintf("; it %s as %s rises (%s)", moves(sign), sr.key, change)
	default:
		if ok {
			why += fmt.Sprintf("; it does not change measurably over the range (%s)", change)
		} else {
			why += "; with one value searched, no trend is measured"
		}
		if u := usualEffect(sr.key, t.figure); u != 0 {
			dir = need * u
			lowers := "lowers"
			if u > 0 {
				lowers = "raises"
			}
			why += fmt.Sprintf("; a higher %s usually %s it", sr.key, lowers)
		} else {
			why += fmt.Sprintf(", and which way %s moves it is not known", sr.key)
		}
	}

	if dir != 0 {
		edge, side := last, "highest"
		if dir < 0 {
			edge, side = first, "lowest"
		}
		far, atLimit := sr.reach(edge, dir, maxSweepPoints-1)
		if far == edge {
			return why + fmt.Sprintf(", but %d is the %s value the rules allow: the target cannot be reached with %s alone", edge, side, sr.key)
		}
		why += fmt.Sprintf(": search further, e.g. -param %s=%d..%d", sr.key, min(edge, far), max(edge, far))
		if atLimit {
			why += fmt.Sprintf(" (%d is the %s value the rules allow)", far, side)
		}
		return why
	}
	// No direction: widen the range on both sides, within the rules and
	// maxSweepPoints values.
	spare := max(0, maxSweepPoints-(last-first+1))
	down, downLimit := sr.reach(first, -1, spare)
	up, upLimit := sr.reach(last, +1, spare)
	// Half the spare values on each side, what one side cannot take to
	// the other.
	a := min(first-down, spare/2)
	b := min(up-last, spare-a)
	a = min(first-down, spare-b)
	switch {
	case a == 0 && b == 0 && downLimit && upLimit:
		return why + fmt.Sprintf(": %d..%d is every value the rules allow, so the target cannot be reached with %s alone", first, last, sr.key)
	case a == 0 && b == 0:
		return why + fmt.Sprintf(": try another range of %s", sr.key)
	}
	return why + fmt.Sprintf(": search wider, e.g. -param %s=%d..%d", sr.key, first-a, last+b)
}
