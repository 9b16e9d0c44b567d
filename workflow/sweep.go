package workflow

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"balance/batch"
	"balance/game"
	"balance/internal/typo"
	"balance/reports"
	"balance/stats"
)

// The bounds of a sweep: every point is played on every hunt, and the
// paired account grows with the square of the points; no number a game's
// data take reaches MaxParamValue.
const (
	MaxSweepPoints = 64
	MaxParamValue  = 1000
)

// Param is one parameter of a sweep: a -set key and its values.
type Param struct {
	Key      string
	Values   []int
	Relative bool // the values are changes: "+1", "-2"
	// Readings, when set, are the values of a key that takes words (a
	// rules switch's readings): Values are then their indices, 0, 1, ...
	Readings []string
	Text     string // as given
}

// Name is the parameter as the report heads its column.
func (p Param) Name() string {
	if p.Relative {
		return p.Key + " (change)"
	}
	return p.Key
}

// Setting is the -set override giving the parameter value v.
func (p Param) Setting(v int) string {
	if p.Readings != nil {
		return p.Key + "=" + p.Readings[v]
	}
	if p.Relative {
		return fmt.Sprintf("%s=%+d", p.Key, v)
	}
	return fmt.Sprintf("%s=%d", p.Key, v)
}

// keyMatches reports whether key is an instance of the -set key pattern
// (a pattern's upper-case parts, as NAME in adversary.location.NAME.wnd,
// stand for any name; what follows = in it is left out).
func keyMatches(pattern, key string) bool {
	pattern, _, _ = strings.Cut(pattern, "=")
	ps, ks := strings.Split(pattern, "."), strings.Split(key, ".")
	if len(ps) != len(ks) {
		return false
	}
	for i := range ps {
		if ps[i] != strings.ToUpper(ps[i]) && ps[i] != ks[i] || ks[i] == "" {
			return false
		}
	}
	return true
}

// CheckParam checks a parameter's key against the -set keys of the data.
func CheckParam(d game.Data, p Param) error {
	key, spec := p.Key, p.Text
	keys := d.SetKeys()
	for _, k := range keys {
		if keyMatches(k.Key, key) {
			return nil
		}
	}
	var plain []string
	for _, k := range keys {
		p, _, _ := strings.Cut(k.Key, "=")
		plain = append(plain, p)
	}
	if n := typo.Nearest(key, plain); n != "" {
		return usage("-param %q: no such key; did you mean %q? (see 'balance help run')", spec, n)
	}
	return usage("-param %q: no such key (keys: %s)", spec, strings.Join(plain, ", "))
}

// ParseParam reads a -param: KEY=LO..HI or KEY=V1,V2,...; a value written
// with a sign (+1, -2) is a change from the data. A list that is not all
// whole numbers is a list of readings (KEY=centre_line,any_line), which
// the data check when each point is built. It needs no data (a range out
// of bounds is a usage error however the data would answer): CheckParam
// checks the key once they are loaded.
func ParseParam(s string) (Param, error) {
	key, vals, ok := strings.Cut(s, "=")
	key = strings.TrimSpace(key)
	if key == "" {
		return Param{}, usage("-param %q: write KEY=LO..HI or KEY=V1,V2,..., with a KEY of 'balance list keys'", s)
	}
	if !ok || vals == "" {
		return Param{}, usage("-param %q: write %s=LO..HI or %s=V1,V2,... (whole numbers; +1, -2 are changes from the data)", s, key, key)
	}
	p := Param{Key: key, Text: s}
	signed := func(t string) bool { return strings.HasPrefix(t, "+") || strings.HasPrefix(t, "-") }
	num := func(t string) (int, error) {
		t = strings.TrimSpace(t)
		v, err := strconv.Atoi(t)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return 0, usage("-param %q: %q is not a whole number: a range LO..HI is of whole numbers; list readings as %s=A,B,...", s, t, key)
		}
		if err != nil || v < -MaxParamValue || v > MaxParamValue {
			return 0, usage("-param %q: %s is out of range: values and changes go from %d to %d", s, t, -MaxParamValue, MaxParamValue)
		}
		if signed(t) {
			p.Relative = true
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
			return p, usage("-param %q: the range runs down; write %s=%s..%s", s, key, strings.TrimSpace(hi), strings.TrimSpace(lo))
		}
		if b-a+1 > MaxSweepPoints {
			return p, usage("-param %q: %d values; a sweep takes at most %d points", s, b-a+1, MaxSweepPoints)
		}
		for v := a; v <= b; v++ {
			p.Values = append(p.Values, v)
		}
		return p, nil
	}
	if r, ok, err := readings(s, key, vals); ok || err != nil {
		if err == nil {
			p.Readings = r
			for i := range r {
				p.Values = append(p.Values, i)
			}
		}
		return p, err
	}
	seen := map[int]bool{}
	for _, t := range strings.Split(vals, ",") {
		v, err := num(t)
		if err != nil {
			return p, err
		}
		if seen[v] {
			return p, usage("-param %q: %d is given twice", s, v)
		}
		seen[v] = true
		p.Values = append(p.Values, v)
	}
	return p, nil
}

// readings reads a list of values that are not all whole numbers as the
// readings of a switch (ok): each a word, none twice, at most
// MaxSweepPoints.
func readings(s, key, vals string) (r []string, ok bool, err error) {
	toks := strings.Split(vals, ",")
	words := false
	for _, t := range toks {
		if _, err := strconv.Atoi(strings.TrimSpace(t)); err != nil && !errors.Is(err, strconv.ErrRange) {
			words = true
		}
	}
	if !words {
		return nil, false, nil
	}
	if len(toks) > MaxSweepPoints {
		return nil, true, usage("-param %q: %d values; a sweep takes at most %d points", s, len(toks), MaxSweepPoints)
	}
	seen := map[string]bool{}
	for _, t := range toks {
		t = strings.TrimSpace(t)
		switch {
		case t == "":
			return nil, true, usage("-param %q: an empty value; write %s=A,B,...", s, key)
		case strings.ContainsAny(t, " \t=") || strings.Contains(t, ".."):
			return nil, true, usage("-param %q: %q is not a reading (one word each, as in %s=A,B,...)", s, t, key)
		case seen[t]:
			return nil, true, usage("-param %q: %s is given twice", s, t)
		}
		seen[t] = true
		r = append(r, t)
	}
	return r, true, nil
}

// SweepOptions are the options of Sweep.
type SweepOptions struct {
	Spec   // the design swept; its overrides apply at every point
	Params []Param
	Policy string
	Play
}

// SweepResult is what Sweep found: the report, and each point's spec
// and the paired result behind it.
type SweepResult struct {
	Sweep  *reports.Sweep
	Specs  []Spec
	Paired *batch.PairedResult
}

// sweepParams are the parameters of a sweep's shards: each -param as
// given.
type sweepParams struct {
	Spec   Spec     `json:"spec"`
	Params []string `json:"params"`
	Policy string   `json:"policy"`
}

func init() {
	replanners["sweep"] = func(ctx context.Context, l *Lab, h batch.Header) (*Plan, error) {
		var ps sweepParams
		if err := decodeParams(h, &ps); err != nil {
			return nil, err
		}
		var params []Param
		for _, t := range ps.Params {
			p, err := ParseParam(t)
			if err != nil {
				return nil, err
			}
			params = append(params, p)
		}
		return PlanSweep(ctx, l, SweepOptions{Spec: ps.Spec, Params: params, Policy: ps.Policy, Play: Play{Seed: h.Seed, Hunts: h.Total}})
	}
}

// Sweep plays the same hunts at every point of the grid of the
// parameters' values (the first parameter varying fastest), and reports
// each point's followed figures and the paired step of the win rate from
// the previous value of the first parameter. A point the data refuse is
// an error. A run stopped by ctx returns what it played.
func Sweep(ctx context.Context, l *Lab, o SweepOptions) (*SweepResult, error) {
	p, err := PlanSweep(ctx, l, o)
	if err != nil {
		return nil, err
	}
	m, _, err := p.run(ctx, o.Workers, 0, o.Progress)
	if err != nil {
		return nil, err
	}
	return m.Sweep, nil
}

// PlanSweep is the plan of a sweep: a lane per point of the grid.
func PlanSweep(ctx context.Context, l *Lab, o SweepOptions) (*Plan, error) {
	if len(o.Params) == 0 {
		return nil, usage("give at least one -param")
	}
	points := 1
	for i, p := range o.Params {
		if err := CheckParam(l.Data, p); err != nil {
			return nil, err
		}
		if p.Readings == nil {
			if err := numeric(ctx, l, o.Spec, o.Seed, p.Key); err != nil {
				return nil, err
			}
		}
		for _, q := range o.Params[:i] {
			if q.Key == p.Key {
				return nil, usage("-param %s is given twice; list its values in one -param", p.Key)
			}
		}
		points *= len(p.Values)
		if points > MaxSweepPoints {
			return nil, usage("the grid has more than %d points; sweep fewer values", MaxSweepPoints)
		}
	}
	grid := make([][]int, points)
	specs := make([]Spec, points)
	lanes := make([]batch.Lane, points)
	var first game.Design
	for k := range grid {
		vals := make([]int, len(o.Params))
		var set []string
		r := k
		for j, p := range o.Params {
			vals[j] = p.Values[r%len(p.Values)]
			r /= len(p.Values)
			set = append(set, p.Setting(vals[j]))
		}
		grid[k], specs[k] = vals, o.Spec.With(set...)
		d, err := l.Design(ctx, specs[k], o.Seed)
		if err != nil {
			return nil, err
		}
		if first == nil {
			first = d
		}
		lanes[k] = batch.Lane{Design: d, Policy: o.Policy}
	}
	ps := sweepParams{Spec: o.Spec, Policy: o.Policy}
	for _, p := range o.Params {
		ps.Params = append(ps.Params, p.Text)
	}
	pl := &Plan{Workflow: "sweep", Seed: o.Seed, Hunts: o.Hunts, title: "sweep", params: ps, lanes: lanes}
	for _, s := range specs {
		pl.specs = append(pl.specs, Lane{s, o.Policy})
	}
	pl.finish = func(r *batch.PairedResult) (*Merged, error) {
		sw := newSweep(l, first, o.Spec, o.Policy, o.Seed, r)
		for _, p := range o.Params {
			sw.Params = append(sw.Params, p.Name())
			sw.Signed = append(sw.Signed, p.Relative)
			sw.Readings = append(sw.Readings, p.Readings)
		}
		n0 := len(o.Params[0].Values)
		for k, vals := range grid {
			pt := point(r, k)
			pt.Values = vals
			if k%n0 > 0 {
				stepFrom(&pt, r, k-1, k)
			}
			sw.Points = append(sw.Points, pt)
		}
		return &Merged{Sweep: &SweepResult{Sweep: sw, Specs: specs, Paired: r}}, nil
	}
	return pl, nil
}

// Title names a design and the overrides common to every point of a
// comparison: "Adversary vs pack on map, with adversary.atk=6".
func Title(des game.Design, s Spec) string {
	t := des.Title()
	if len(s.Overrides) > 0 {
		t += ", with " + strings.Join(s.Overrides, " ")
	}
	return t
}

// newSweep is the report of a paired run of sweep points, without its
// points.
func newSweep(l *Lab, des game.Design, s Spec, policy string, seed uint64, r *batch.PairedResult) *reports.Sweep {
	sw := &reports.Sweep{Title: Title(des, s), Game: l.Name(), Hunts: r.Hunts, Seed: seed, Policy: policy, Stopped: r.Stopped}
	_, sw.Figures, sw.Labels = followed(des.Schema())
	for _, f := range stats.Followed(r.Tallies[0]) {
		sw.Kinds = append(sw.Kinds, f.Kind)
	}
	return sw
}

// point is the figures of lane k of a paired run, each with its 95%
// interval; the values and the step are left to the caller.
func point(r *batch.PairedResult, k int) reports.SweepPoint {
	var pt reports.SweepPoint
	for _, f := range stats.Followed(r.Tallies[k]) {
		pt.Figures = append(pt.Figures, f.Estimate)
	}
	return pt
}

// stepFrom sets p's step: the paired change of the first side's win rate
// from lane a to lane b (a < b), with its McNemar p.
func stepFrom(p *reports.SweepPoint, r *batch.PairedResult, a, b int) {
	pr := r.Pair(a, b)
	step := stats.FromEstimate(stats.PairedDiff(pr.Both, pr.OnlyB, pr.OnlyA, pr.Neither, stats.Conf))
	pv := stats.McNemar(pr.OnlyA, pr.OnlyB)
	p.Step, p.StepP = &step, &pv
}

// FigureNamed resolves a figure's name as given (to tune's -target) among
// the followed figures of a sweep: a key (win:pack, length, pack_deaths),
// "win" for the first side's win rate, and "length" or the length's unit
// (rounds) for the length, and the last word of one key alone ("deaths"
// for pack_deaths, when no other key ends so). An unknown name is a usage
// error naming the figures and the likely one.
func FigureNamed(sw *reports.Sweep, lengthUnit, name string) (int, error) {
	names := slices.Clone(sw.Figures)
	aliases := map[string]int{"win": 0, "length": 1, lengthUnit: 1}
	if i, ok := aliases[name]; ok && i < len(sw.Figures) {
		return i, nil
	}
	for i, k := range sw.Figures {
		if k == name {
			return i, nil
		}
	}
	last := -1
	for i, k := range sw.Figures {
		if strings.HasSuffix(k, "_"+name) {
			if last >= 0 {
				last = -1
				break
			}
			last = i
		}
	}
	if last >= 0 {
		return last, nil
	}
	names = append([]string{"win", lengthUnit}, names...)
	if n := typo.Nearest(name, names); n != "" {
		return -1, usage("no figure %q; did you mean %q? (figures: %s)", name, n, strings.Join(names, ", "))
	}
	return -1, usage("no figure %q (figures: %s)", name, strings.Join(names, ", "))
}
