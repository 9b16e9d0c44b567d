package workflow

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"balance/batch"
	"balance/game"
	"balance/reports"
	"balance/stats"
)

// BaselineSchema is the version of the baseline file's layout: 2 added the
// build and the checksum; 3 is any game's, its figures those of the game's
// figure list.
const BaselineSchema = 3

// Baseline is a recorded run: its game, design, policy and seed, and the
// integer sums of the figures regress tracks.
type Baseline struct {
	Schema    int            `json:"schema"`
	Program   string         `json:"program"`
	Game      string         `json:"game"`
	Title     string         `json:"title"`
	Choice    game.Choice    `json:"choice"`
	Overrides []string       `json:"overrides"`
	Policy    string         `json:"policy"`
	Hash      string         `json:"hash"` // the design's hash when recorded
	Seed      uint64         `json:"seed"`
	Hunts     int64          `json:"hunts"`
	Figures   []stats.Figure `json:"figures"`
	// Build names the build of balance that recorded the baseline;
	// regress says which it was.
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

// Encode returns the baseline file's content, its checksum set.
func (b *Baseline) Encode() ([]byte, error) {
	b.Checksum = b.checksum()
	js, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(js, '\n'), nil
}

// Tracked are the figures of a tally regress follows: every figure of the
// game's figure list (stats.Figures) but the rates given per item, the
// times at which events happened, the idle shares and the settling
// figures.
func Tracked(t *stats.Tally) []stats.Figure {
	s := t.Schema()
	perItemRate := map[string]bool{}
	for _, v := range s.Values {
		if v.Per != "" && v.Kind == game.Rate {
			perItemRate[v.Key] = true
		}
	}
	var out []stats.Figure
	for _, f := range stats.Figures(t) {
		key, _, _ := strings.Cut(f.Key, ":")
		// The idle share, a share of turns, and the settling round and
		// settled play, figures of the run as a whole, have no per-hunt
		// sums a two-sample test could read.
		if perItemRate[key] || strings.Contains(f.Key, ".at") || key == "idle" || key == "settling_round" || key == "settled_play" {
			continue
		}
		out = append(out, f)
	}
	return out
}

// BaselineOptions are the options of RecordBaseline.
type BaselineOptions struct {
	Spec
	Policy string
	Play
	Build string // the build of balance recording it
}

// RecordBaseline plays a run and returns its baseline. A run stopped by
// ctx records no baseline: the error is Interrupted.
func RecordBaseline(ctx context.Context, l *Lab, o BaselineOptions) (*Baseline, error) {
	des, res, err := playTracked(ctx, l, o.Spec, o.Policy, o.Play)
	if err != nil {
		return nil, err
	}
	return baselineOf(l, o, des, res.Tally), nil
}

// baselineOf is the baseline of a run of the design des that played t.
func baselineOf(l *Lab, o BaselineOptions, des game.Design, t *stats.Tally) *Baseline {
	return &Baseline{Schema: BaselineSchema, Program: l.Program, Game: l.Name(), Title: des.Title(), Choice: o.Choice,
		Overrides: orEmpty(o.Overrides), Policy: o.Policy, Hash: des.Hash(), Seed: o.Seed, Hunts: o.Hunts,
		Figures: Tracked(t), Build: o.Build}
}

// baselineParams are the parameters of a baseline's shards.
type baselineParams struct {
	Spec   Spec   `json:"spec"`
	Policy string `json:"policy"`
}

func init() {
	replanners["baseline"] = func(ctx context.Context, l *Lab, h batch.Header) (*Plan, error) {
		var ps baselineParams
		if err := decodeParams(h, &ps); err != nil {
			return nil, err
		}
		// The baseline names the build that played its hunts: the shards'.
		return PlanBaseline(ctx, l, BaselineOptions{Spec: ps.Spec, Policy: ps.Policy, Play: Play{Seed: h.Seed, Hunts: h.Total}, Build: h.Build})
	}
}

// PlanBaseline is the plan of a baseline: one lane, the run it records.
// Its merged shards give the baseline an unsplit run records, which
// regress reruns like any other.
func PlanBaseline(ctx context.Context, l *Lab, o BaselineOptions) (*Plan, error) {
	des, err := l.Design(ctx, o.Spec, o.Seed)
	if err != nil {
		return nil, err
	}
	p := &Plan{Workflow: "baseline", Seed: o.Seed, Hunts: o.Hunts, title: des.Title(), params: baselineParams{o.Spec, o.Policy},
		specs: []Lane{{o.Spec, o.Policy}}, lanes: []batch.Lane{{Design: des, Policy: o.Policy}}}
	p.finish = func(r *batch.PairedResult) (*Merged, error) {
		return &Merged{Baseline: baselineOf(l, o, des, r.Tallies[0])}, nil
	}
	return p, nil
}

// playTracked plays a run for a baseline or a regression check.
func playTracked(ctx context.Context, l *Lab, s Spec, policy string, p Play) (game.Design, *batch.Result, error) {
	des, err := l.Design(ctx, s, p.Seed)
	if err != nil {
		return nil, nil, err
	}
	show, done := p.Progress.start(des.Title(), p.Hunts)
	res, err := batch.Run(ctx, batch.Config{Seed: p.Seed, Hunts: p.Hunts, Workers: p.Workers, Progress: show}, batch.Lane{Design: des, Policy: policy})
	done()
	if err != nil {
		return nil, nil, failed(err, func(int) Lane { return Lane{s, policy} })
	}
	if res.Stopped == batch.StopInterrupted {
		return nil, nil, Interrupted{res.Hunts}
	}
	return des, res, nil
}

// ReadBaseline reads a baseline file, checking its layout and checksum.
func ReadBaseline(path string) (*Baseline, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("-baseline %s: %v", path, err)
	}
	var b Baseline
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		// a tally or a summary is JSON too: say what the file is for
		return nil, fmt.Errorf("%s: not a baseline file (written by 'balance baseline': its figures, hunts and checksum): %v", path, err)
	}
	switch {
	case b.Schema != BaselineSchema:
		return nil, fmt.Errorf("%s: baseline schema %d; this balance reads schema %d (record it again with 'balance baseline')", path, b.Schema, BaselineSchema)
	case b.Checksum != b.checksum():
		return nil, fmt.Errorf("%s: the checksum does not match the content: the baseline was changed after balance wrote it (or damaged); record it again with 'balance baseline'", path)
	case b.Hunts < 2 || len(b.Figures) == 0 || b.Game == "" || b.Policy == "":
		return nil, fmt.Errorf("%s: incomplete baseline: game, policy, hunts and figures are needed", path)
	}
	for _, f := range b.Figures {
		if f.N > b.Hunts || f.N < 0 || (f.Kind != "proportion" && f.Kind != "mean") || (f.Kind == "proportion" && (f.Count < 0 || f.Count > f.N)) {
			return nil, fmt.Errorf("%s: figure %q: inconsistent (kind %q, n %d of %d hunts)", path, f.Key, f.Kind, f.N, b.Hunts)
		}
	}
	return &b, nil
}

// Regression is the error of a regress run in which a figure moved.
type Regression struct{ Moved []string }

func (r Regression) Error() string {
	return fmt.Sprintf("regression: %s moved significantly", strings.Join(r.Moved, ", "))
}

// RegressOptions are the options of Regress.
type RegressOptions struct {
	Seed      uint64   // 0: the baseline's
	Overrides []string // added to the baseline's
	Alpha     float64  // the family-wise false-alarm level of the tests
	Workers   int
	Progress  Progress
	Build     string // this build of balance, which the report compares with the baseline's
}

// Regress reruns the baseline's design on l's data (with the baseline's
// seed unless another is given, and its number of hunts) and returns the
// Markdown of the check: identical figures pass at once; otherwise each
// figure is tested against the baseline (two-sample z-test of proportions,
// Welch's z-test of means) and the p-values corrected by Holm's procedure
// at family-wise level Alpha. A figure that moved makes the error a
// Regression, with the Markdown still returned.
func Regress(ctx context.Context, l *Lab, b *Baseline, o RegressOptions) (string, error) {
	if b.Game != l.Name() {
		return "", fmt.Errorf("the baseline is of the game %s: regress it with -game %s", b.Game, b.Game)
	}
	seed := b.Seed
	if o.Seed != 0 {
		seed = o.Seed
	}
	policy, err := l.Policy(b.Choice, b.Policy)
	if err != nil {
		return "", fmt.Errorf("policy %q: %w", b.Policy, err)
	}
	spec := Spec{Choice: b.Choice, Overrides: b.Overrides}.With(o.Overrides...)
	des, res, err := playTracked(ctx, l, spec, policy, Play{Seed: seed, Hunts: b.Hunts, Workers: o.Workers, Progress: o.Progress})
	if err != nil {
		return "", err
	}
	now := Tracked(res.Tally)
	if len(now) != len(b.Figures) {
		return "", fmt.Errorf("the baseline tracks %d figures and this run %d: the design or the program changed; record the baseline again", len(b.Figures), len(now))
	}
	identical := true
	for i := range now {
		if now[i].Key != b.Figures[i].Key {
			return "", fmt.Errorf("figure %d is %q in the baseline and %q now: the design changed; record the baseline again", i, b.Figures[i].Key, now[i].Key)
		}
		base := b.Figures[i]
		identical = identical && now[i].Kind == base.Kind && now[i].N == base.N && now[i].Count == base.Count && now[i].Sum == base.Sum && now[i].SumSq == base.SumSq
	}
	var head strings.Builder
	fmt.Fprintf(&head, "Regression check: %s, policy %s, %d hunts; baseline seed %d, this run seed %d", des.Title(), b.Policy, b.Hunts, b.Seed, seed)
	if b.Hash != des.Hash() {
		head.WriteString("; the game data or overrides differ from the baseline's")
	}
	fmt.Fprintf(&head, "\nBaseline recorded by %s.", BuiltBy(b.Build, o.Build))
	head.WriteString("\n\n")
	if identical {
		fmt.Fprintf(&head, "All %d figures are identical to the baseline: pass.\n", len(now))
		return head.String(), nil
	}
	ps := make([]float64, len(now))
	// A figure taken over what happened in the hunts (a side's wins, its
	// comebacks) may rest on fewer than two in a run: it cannot be
	// tested, and counts as not moved.
	untestable := func(base, f stats.Figure) bool { return base.N < 2 || f.N < 2 }
	for i, f := range now {
		base := b.Figures[i]
		if untestable(base, f) {
			ps[i] = 1
			continue
		}
		if f.Kind == "proportion" {
			ps[i] = stats.TwoProportions(base.Count, base.N, f.Count, f.N)
		} else {
			ps[i] = stats.TwoMeans(float64(base.Sum), float64(base.SumSq), base.N, float64(f.Sum), float64(f.SumSq), f.N)
		}
	}
	moved := stats.Holm(ps, o.Alpha)
	var md strings.Builder
	md.WriteString(head.String())
	fmt.Fprintf(&md, "Each figure tested against the baseline; Holm-corrected at family-wise level %g. Intervals are 95%%; n = %d hunts in each run (fewer for a time, over the hunts it happened in).\n\n", o.Alpha, b.Hunts)
	md.WriteString("| Figure | Baseline | Now | Change | p | Moved |\n|---|---:|---:|---:|---:|---|\n")
	var names []string
	for pass := 0; pass < 2; pass++ { // what moved first
		for i, f := range now {
			if moved[i] != (pass == 0) {
				continue
			}
			base := b.Figures[i]
			if untestable(base, f) {
				show := func(g stats.Figure) string {
					if g.Kind == "proportion" {
						return g.Estimate.Percent()
					}
					return g.Estimate.String()
				}
				fmt.Fprintf(&md, "| %s | %s | %s | not testable | — | no |\n", f.Key, show(base), show(f))
				continue
			}
			// A proportion is the mean of 0/1 values: its Σx² is its count.
			s0, ss0 := base.Moments()
			s1, ss1 := f.Moments()
			d := stats.MeanDiff(s0, ss0, base.N, s1, ss1, f.N, stats.Conf)
			// The intervals the runs' reports give (a baseline keeps its
			// own), the two with one precision; the change with that
			// precision too, within the range a difference can take.
			var was, is, change string
			if f.Kind == "proportion" {
				d.Low, d.High = max(d.Low, -1), min(d.High, 1)
				b, n := stats.FromEstimate(stats.Proportion(base.Count, base.N, stats.Conf)), stats.FromEstimate(stats.Proportion(f.Count, f.N, stats.Conf))
				k := max(b.PercentDecimals(), n.PercentDecimals())
				was, is = b.PercentBoundsAt(k), n.PercentBoundsAt(k)
				change = reports.PointsBounds(stats.FromEstimate(d))
			} else {
				k := max(base.Estimate.Decimals(), f.Estimate.Decimals())
				was, is = base.Estimate.BoundsAt(k), f.Estimate.BoundsAt(k)
				change = reports.SignedBoundsAt(stats.FromEstimate(d), k)
			}
			mark := "no"
			if moved[i] {
				mark = "**yes**"
				names = append(names, f.Key)
			}
			fmt.Fprintf(&md, "| %s | %s | %s | %s | %s | %s |\n", f.Key, was, is, change, reports.PText(ps[i]), mark)
		}
	}
	if len(names) == 0 {
		fmt.Fprintf(&md, "\nNo figure moved significantly: pass.\n")
		return md.String(), nil
	}
	fmt.Fprintf(&md, "\n%d of %d figures moved: regression.\n", len(names), len(now))
	return md.String(), Regression{names}
}

// BuiltBy says which build made a file (a baseline, shards), against
// this one.
func BuiltBy(build, this string) string {
	switch build {
	case "":
		return "an unknown build"
	case this:
		return "this build (" + build + ")"
	}
	return fmt.Sprintf("another build (%s; this is %s)", build, this)
}
