package workflow

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"balance/batch"
	"balance/game"
	"balance/reports"
	"balance/stats"
)

// Target is one of tune's targets: a figure and the range its whole 95%
// interval must lie in (an infinite end for a one-sided target).
type Target struct {
	Text   string // as given, e.g. "win=0.45..0.55"
	Name   string // the figure as named, e.g. "win"
	Lo, Hi float64
}

// ParseTarget reads a -target: NAME=LO..HI, NAME<=X or NAME>=X. NAME is
// resolved later, against the figures the sweep follows; "win" (a
// proportion) takes values between 0 and 1.
func ParseTarget(s string) (Target, error) {
	t := Target{Text: s, Lo: math.Inf(-1), Hi: math.Inf(1)}
	var val, op string
	for _, o := range []string{"<=", ">=", "="} {
		if i := strings.Index(s, o); i > 0 {
			t.Name, val, op = strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+len(o):]), o
			break
		}
	}
	if op == "" || val == "" {
		return t, usage("-target %q: write NAME=LO..HI, NAME<=X or NAME>=X, e.g. win=0.45..0.55", s)
	}
	proportion := t.Name == "win" || strings.HasPrefix(t.Name, "win:")
	num := func(x string) (float64, error) {
		v, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, usage("-target %q: %q is not a number", s, x)
		}
		if proportion && (v < 0 || v > 1) {
			if v > 1 && v <= 100 {
				return 0, usage("-target %q: %s is a proportion; did you mean %g?", s, t.Name, v/100)
			}
			return 0, usage("-target %q: %s is a proportion between 0 and 1", s, t.Name)
		}
		return v, nil
	}
	var err error
	switch op {
	case "<=":
		t.Hi, err = num(val)
	case ">=":
		t.Lo, err = num(val)
	default:
		a, b, ok := strings.Cut(val, "..")
		if !ok {
			return t, usage("-target %q: give a range LO..HI, e.g. %s=0.45..0.55, or use <= or >=", s, t.Name)
		}
		if t.Lo, err = num(a); err == nil {
			t.Hi, err = num(b)
		}
		if err == nil && t.Hi < t.Lo {
			return t, usage("-target %q: the range runs down; write %s=%s..%s", s, t.Name, strings.TrimSpace(b), strings.TrimSpace(a))
		}
	}
	return t, err
}

// TuneOptions are the options of Tune.
type TuneOptions struct {
	Spec
	// Param is the parameter, KEY (its range is the lever's, Design.Levers)
	// or KEY=LO..HI; it is parsed before anything is played.
	Param   string
	Targets []Target
	Policy  string
	Play
}

// TuneResult is what Tune found.
type TuneResult struct {
	Key     string
	Values  []int    // the values played (those the data accept), in order
	Skipped []string // the values the data refuse, with the reason
	Sweep   *reports.Sweep
	Paired  *batch.PairedResult
	Good    []int // the indices of the values meeting every target
	// Answer is the value tune proposes: the middle of those meeting every
	// target, or the closest.
	Answer int
	// Missed says, when no value meets every target, for each target the
	// closest value misses, how near the range comes and where to look.
	Missed []string
	// Weights are the stat weights around the answer: the paired change
	// of each followed figure per +1 of the parameter.
	Weights []string
}

// tuneTarget is a target resolved against a sweep's figures.
type tuneTarget struct {
	Target
	fig int // index among the sweep's figures
}

func (t tuneTarget) get(sw *reports.Sweep, p *reports.SweepPoint) stats.Interval {
	if t.fig < len(p.Figures) {
		return p.Figures[t.fig]
	}
	return stats.Interval{}
}

// met reports whether the figure's whole interval lies in the target.
func (t tuneTarget) met(sw *reports.Sweep, p *reports.SweepPoint) bool {
	i := t.get(sw, p)
	return i.Low >= t.Lo && i.High <= t.Hi
}

// miss is how far the estimate lies outside the target, in units of the
// target's width (or of the estimate's interval when the target is one
// sided).
func (t tuneTarget) miss(sw *reports.Sweep, p *reports.SweepPoint) float64 {
	i := t.get(sw, p)
	d := math.Max(t.Lo-i.Estimate, i.Estimate-t.Hi)
	if d <= 0 {
		return 0
	}
	w := t.Hi - t.Lo
	if math.IsInf(w, 0) || w <= 0 {
		w = math.Max(i.High-i.Low, 1e-9)
	}
	return d / w
}

// ParseTuneParam reads tune's -param before anything is loaded: KEY, or
// KEY=LO..HI of values (not changes). Without a range, Values is empty:
// Tune searches the lever's.
func ParseTuneParam(s string) (Param, error) {
	if strings.Contains(s, "=") {
		p, err := ParseParam(s)
		if err != nil {
			return p, err
		}
		if p.Relative {
			return p, usage("-param %q: tune searches values, not changes; write %s=LO..HI", s, p.Key)
		}
		if p.Readings != nil {
			return p, usage("-param %q: tune searches whole numbers; to set readings side by side, use 'balance sweep -param %s'", s, strings.TrimPrefix(s, "-param "))
		}
		return p, nil
	}
	p, err := ParseParam(s + "=0")
	p.Values, p.Text = nil, s
	return p, err
}

// tuneParams are the parameters of a tune's shards: -param and each
// -target as given.
type tuneParams struct {
	Spec    Spec     `json:"spec"`
	Param   string   `json:"param"`
	Targets []string `json:"targets"`
	Policy  string   `json:"policy"`
}

func init() {
	replanners["tune"] = func(ctx context.Context, l *Lab, h batch.Header) (*Plan, error) {
		var ps tuneParams
		if err := decodeParams(h, &ps); err != nil {
			return nil, err
		}
		var targets []Target
		for _, t := range ps.Targets {
			tt, err := ParseTarget(t)
			if err != nil {
				return nil, err
			}
			targets = append(targets, tt)
		}
		return PlanTune(ctx, l, TuneOptions{Spec: ps.Spec, Param: ps.Param, Targets: targets, Policy: ps.Policy, Play: Play{Seed: h.Seed, Hunts: h.Total}})
	}
}

// Tune plays every value of the parameter on the same hunts (common random
// numbers) and finds the values whose figures meet every target: a target
// is met when the figure's whole 95% interval lies within it. Without a
// range, the parameter's values are those of its lever (Design.Levers);
// values the data refuse are skipped. When no value meets every target, it
// names the closest value and, for each target missed, why and where to
// search next (see advice). Around the answer it gives the stat weights.
func Tune(ctx context.Context, l *Lab, o TuneOptions) (*TuneResult, error) {
	p, err := PlanTune(ctx, l, o)
	if err != nil {
		return nil, err
	}
	m, _, err := p.run(ctx, o.Workers, 0, o.Progress)
	if err != nil {
		return nil, err
	}
	return m.Tune, nil
}

// PlanTune is the plan of a tune: a lane per value of the parameter the
// data accept. Its search is fixed before a hunt is played (every value
// of the range, all on the same hunts), so its shards each play a slice
// of every value's hunts and the merge finds the answer.
func PlanTune(ctx context.Context, l *Lab, o TuneOptions) (*Plan, error) {
	p, err := ParseTuneParam(o.Param)
	if err != nil {
		return nil, err
	}
	if err := CheckParam(l.Data, p); err != nil {
		return nil, err
	}
	if err := numeric(ctx, l, o.Spec, o.Seed, p.Key); err != nil {
		return nil, err
	}
	base, err := l.Design(ctx, o.Spec, o.Seed)
	if err != nil {
		return nil, err
	}
	// A target names a figure the sweep will follow: a misspelt one is
	// refused now, before a hunt is played, not after the whole search.
	_, keys, _ := followed(base.Schema())
	for _, t := range o.Targets {
		if _, err := FigureNamed(&reports.Sweep{Figures: keys}, base.Schema().Length.Plural, t.Name); err != nil {
			return nil, usage("-target %q: %s", t.Text, err.Error())
		}
	}
	var lever *game.Lever
	for _, lv := range base.Levers() {
		if lv.Set == p.Key {
			lv := lv
			lever = &lv
		}
	}
	if len(p.Values) == 0 {
		if lever == nil {
			if e := suggestRange(ctx, l, o.Spec, o.Seed, p.Key); e != "" {
				return nil, usage("-param %s: give the values to search, %s", p.Key, e)
			}
			return nil, usage("-param %s: give the values to search as %s=LO..HI; the data took none of the values tried", p.Key, p.Key)
		}
		for v := lever.Min; v <= lever.Max; v++ {
			p.Values = append(p.Values, v)
		}
	}
	res := &TuneResult{Key: p.Key}
	var lanes []batch.Lane
	var specs []Spec
	for _, v := range p.Values {
		s := o.Spec.With(p.Setting(v))
		d, err := l.Design(ctx, s, o.Seed)
		if err != nil {
			res.Skipped = append(res.Skipped, fmt.Sprintf("%d (%v)", v, unset(err)))
			continue
		}
		lanes = append(lanes, batch.Lane{Design: d, Policy: o.Policy})
		specs = append(specs, s)
		res.Values = append(res.Values, v)
	}
	if len(lanes) == 0 {
		return nil, fmt.Errorf("-param %s: the rules refuse every value searched: %s", p.Key, strings.Join(res.Skipped, "; "))
	}
	ps := tuneParams{Spec: o.Spec, Param: o.Param, Policy: o.Policy}
	for _, t := range o.Targets {
		ps.Targets = append(ps.Targets, t.Text)
	}
	pl := &Plan{Workflow: "tune", Seed: o.Seed, Hunts: o.Hunts, title: "tune", params: ps, lanes: lanes}
	for _, s := range specs {
		pl.specs = append(pl.specs, Lane{s, o.Policy})
	}
	pl.finish = func(r *batch.PairedResult) (*Merged, error) {
		cp := *res
		res, err := tuned(ctx, l, o, p, lever, base, &cp, r)
		if err != nil {
			return nil, err
		}
		return &Merged{Tune: res}, nil
	}
	return pl, nil
}

// tuned finds the answer of a tune in what its values' lanes played.
func tuned(ctx context.Context, l *Lab, o TuneOptions, p Param, lever *game.Lever, base game.Design, res *TuneResult, r *batch.PairedResult) (*TuneResult, error) {
	res.Paired = r
	sw := newSweep(l, base, o.Spec, o.Policy, o.Seed, r)
	sw.Params, sw.Signed = []string{p.Key}, []bool{false}
	var targets []tuneTarget
	for _, t := range o.Targets {
		i, err := FigureNamed(sw, base.Schema().Length.Plural, t.Name)
		if err != nil {
			return nil, usage("-target %q: %s", t.Text, strings.TrimPrefix(err.Error(), ""))
		}
		targets = append(targets, tuneTarget{t, i})
		st := reports.SweepTarget{Text: t.Text, Figure: sw.Figures[i]}
		if !math.IsInf(t.Lo, 0) {
			lo := t.Lo
			st.Low = &lo
		}
		if !math.IsInf(t.Hi, 0) {
			hi := t.Hi
			st.High = &hi
		}
		sw.Targets = append(sw.Targets, st)
	}
	for k, v := range res.Values {
		pt := point(r, k)
		pt.Values = []int{v}
		if k > 0 {
			stepFrom(&pt, r, k-1, k)
		}
		sw.Points = append(sw.Points, pt)
	}
	res.Sweep = sw
	best, bestMiss := 0, math.Inf(1)
	for k := range sw.Points {
		pt := &sw.Points[k]
		all, miss := true, 0.0
		for _, t := range targets {
			all = all && t.met(sw, pt)
			miss += t.miss(sw, pt)
		}
		if all {
			res.Good = append(res.Good, k)
		}
		if miss < bestMiss {
			best, bestMiss = k, miss
		}
	}
	res.Answer = best
	if len(res.Good) > 0 {
		res.Answer = res.Good[len(res.Good)/2]
	} else {
		sr := searchRange{key: p.Key, vals: res.Values, accepts: func(v int) bool {
			if v < 0 {
				return false // -set would read it as a change; no value is negative
			}
			_, err := l.Design(ctx, o.Spec.With(p.Setting(v)), o.Seed)
			return err == nil
		}}
		for _, t := range targets {
			if t.met(sw, &sw.Points[best]) {
				continue
			}
			i := t.get(sw, &sw.Points[best])
			res.Missed = append(res.Missed, fmt.Sprintf("%s: %.4g [%.4g, %.4g] at %d; %s", t.Text, i.Estimate, i.Low, i.High, res.Values[best],
				t.advice(sw, r, sr, lever)))
		}
	}
	// Stat weights around the answer: paired changes per +1.
	for _, k := range []int{res.Answer - 1, res.Answer} {
		vals := res.Values
		if k < 0 || k+1 >= len(vals) || vals[k+1] != vals[k]+1 {
			continue
		}
		ch := changes(r, k, k+1)
		pr := r.Pair(k, k+1)
		var parts []string
		for i, c := range ch {
			if i >= len(sw.Labels) || stats.RunFigure(sw.Figures[i]) {
				break // the figures of the run as a whole pair no hunts
			}
			if i == 0 {
				parts = append(parts, fmt.Sprintf("%s %s (McNemar p %s)", sw.Labels[i], reports.PointsBounds(c), pIs(stats.McNemar(pr.OnlyA, pr.OnlyB))))
				continue
			}
			parts = append(parts, fmt.Sprintf("%s %s", sw.Labels[i], signed3(c)))
		}
		res.Weights = append(res.Weights, fmt.Sprintf("%d -> %d: %s", vals[k], vals[k+1], strings.Join(parts, ", ")))
	}
	return res, nil
}

// pIs prints a p-value after "p": "= 0.0312", or "< 1e-300".
func pIs(p float64) string {
	if p < reports.MinP {
		return reports.PText(p)
	}
	return "= " + reports.PText(p)
}

func signed3(i stats.Interval) string {
	return fmt.Sprintf("%+.3f [%+.3f, %+.3f]", i.Estimate, i.Low, i.High)
}

// JoinValues lists the values at the indices idx.
func JoinValues(vals []int, idx []int) string {
	var s []string
	for _, k := range idx {
		s = append(s, strconv.Itoa(vals[k]))
	}
	return strings.Join(s, ", ")
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
// searched to the last, paired on the same hunts, with its 95% interval;
// ok is false with fewer than two values (or hunts).
func (t tuneTarget) trend(sw *reports.Sweep, r *batch.PairedResult) (d stats.Interval, ok bool) {
	a, b := 0, len(sw.Points)-1
	if b < 1 || r.Hunts < 2 {
		return d, false
	}
	ch := changes(r, a, b)
	if t.fig >= len(ch) {
		return d, false
	}
	return ch[t.fig], true
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
		i := t.get(sw, &sw.Points[k])
		return fmt.Sprintf("%s=%d (%.4g [%.4g, %.4g])", sr.key, vals[k], i.Estimate, i.Low, i.High)
	}
	var met []int
	for k := range sw.Points {
		if t.met(sw, &sw.Points[k]) {
			met = append(met, k)
		}
	}
	if len(met) > 0 {
		return fmt.Sprintf(": it is met at %s=%s, where another target is not: the targets pull %s different ways over this range, and more hunts will not change that",
			sr.key, JoinValues(vals, met), sr.key)
	}
	// An estimate inside the target whose interval reaches beyond it: the
	// interval narrows as 1/√n, to within the target after about
	// n·(half-width / distance to the nearer end)² hunts.
	best, need := -1, math.Inf(1)
	for k := range sw.Points {
		i := t.get(sw, &sw.Points[k])
		d := math.Min(i.Estimate-t.Lo, t.Hi-i.Estimate)
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
	below := func(k int) bool { return t.get(sw, &sw.Points[k]).Estimate < t.Lo }
	for k := 0; k+1 < len(sw.Points); k++ {
		if below(k) == below(k+1) {
			continue
		}
		if vals[k+1] == vals[k]+1 {
			return fmt.Sprintf(": the target falls between %s and %s: no whole value of %s meets it, and more hunts will not change that; widen the target, or change another number with it (-set)",
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

// usualEffect is the way the target's figure usually moves when the
// lever rises, as the game says (Lever.Usual): +1 up, -1 down, 0 not
// known.
func (t tuneTarget) usualEffect(sw *reports.Sweep, lever *game.Lever) int {
	if lever == nil {
		return 0
	}
	for _, u := range lever.Usual {
		if u.Figure == sw.Figures[t.fig] {
			return u.Sign
		}
	}
	return 0
}

// advice says why no value searched meets the target and where to look
// next: further in the direction the measured trend (or, when the figure
// is flat over the range, the lever's usual effect) says the target lies,
// within the values the rules accept and at most MaxSweepPoints values,
// or that the target cannot be reached with this parameter. It never
// suggests an empty range or the range just searched.
func (t tuneTarget) advice(sw *reports.Sweep, r *batch.PairedResult, sr searchRange, lever *game.Lever) string {
	vals := sr.vals
	first, last := vals[0], vals[len(vals)-1]
	lo, hi := math.Inf(1), math.Inf(-1)
	for k := range sw.Points {
		e := t.get(sw, &sw.Points[k]).Estimate
		lo, hi = math.Min(lo, e), math.Max(hi, e)
	}
	why := fmt.Sprintf("over %d..%d the estimate ranges from %.4g to %.4g", first, last, lo, hi)
	need := 0 // which way the figure must move: +1 up, -1 down
	switch {
	case hi < t.Lo:
		why += ", all below the target: no value in this range can meet it"
		need = +1
	case lo > t.Hi:
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
		if t.fig == 0 {
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
		if u := t.usualEffect(sw, lever); u != 0 {
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
		far, atLimit := sr.reach(edge, dir, MaxSweepPoints-1)
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
	// MaxSweepPoints values.
	spare := max(0, MaxSweepPoints-(last-first+1))
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
