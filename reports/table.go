package reports

import (
	"fmt"
	"io"
	"text/tabwriter"

	"balance/game"
	"balance/stats"
)

// Table writes the concise summary of a run for the terminal: what was
// run, the first side's win rate (and, of two sides with drawn hunts,
// the second's) and every outcome, the mean length, the
// lead figures (of the hunt, and of each item), each ratio's top item,
// the parts of the design that matter most and the speed. Every figure
// carries its interval and n.
func Table(w io.Writer, r *stats.Report) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	line := func(k, format string, args ...any) {
		fmt.Fprintf(tw, "%s\t%s\n", k, fmt.Sprintf(format, args...))
	}
	for _, kv := range r.Config {
		if kv.Value != "" && kv.Value != "—" {
			line(kv.Key, "%s", kv.Value)
		}
	}
	if r.Policy != "" {
		line("Policy", "%s", r.Policy)
	}
	for _, o := range r.Overrides {
		line("Override", "%s", o)
	}
	line("Hunts", "%d (seed %d)", r.Hunts, r.Seed)
	if r.Interrupted || (r.Stopped != "" && r.Stopped != "hunts") {
		line("Stopped", "%s after %d hunts", label(r.Stopped), r.Hunts)
	}
	if len(r.Wins) > 0 {
		line(side0Wins(r), "%s", r.Wins[0].Rate.Percent())
	}
	if len(r.Wins) == 2 && drawn(r) {
		// two sides and drawn hunts: the second side's rate is not the
		// first's complement, so it is given too
		line(game.WinsOf(orDash(r.Wins[1].Label), r.Wins[1].Plural), "%s", r.Wins[1].Rate.Percent())
	}
	for _, o := range r.Outcomes {
		name := o.Label
		if name == "" {
			name = label(o.Name)
		}
		line("  "+name, "%s", o.Rate.Percent())
	}
	line("Mean "+r.LengthUnit.Plural, "%s", r.Length.Mean)
	for _, v := range r.Values {
		if !v.Lead {
			continue
		}
		for _, f := range v.Items {
			name := v.Label
			if f.Label != "" {
				name = f.Label + ": " + v.Label
			}
			switch {
			case f.Share != nil:
				line(name, "%s", f.Share.Percent())
			case f.Dist != nil && f.Dist.N > 0:
				line(name, "mean %s; median %s, 10%%-90%%: %s to %s", f.Dist.Mean, f.Dist.Value(f.Dist.P50), f.Dist.Value(f.Dist.P10), f.Dist.Value(f.Dist.P90))
			case f.Rate != nil:
				line(name, "%s per hunt", *f.Rate)
			}
		}
	}
	for i := range r.Ratios {
		rf := &r.Ratios[i]
		if rf.Top == "" {
			continue
		}
		if k := topItem(rf); k >= 0 {
			it := rf.Items[k]
			line(rf.Top, "%s, %s %s (n=%d)", itemLabel(r, rf.Per, it.Item), it.Ratio.Bounds(), lower(rf.Label), it.Ratio.N)
		} else {
			line(rf.Top, "none")
		}
	}
	if r.Ablations != nil {
		head, lines := ablationLines(r)
		line("Parts that matter", "%s", head)
		for k, l := range lines {
			line(fmt.Sprintf("  #%d", k+1), "%s: %s", l[0], l[1])
		}
	}
	line("Speed", "%s", speed(r.Timing))
	tw.Flush()
}

// drawn reports whether some outcome of r is won by no side (a draw, a
// tie, a hunt called off).
func drawn(r *stats.Report) bool {
	for _, o := range r.Outcomes {
		if o.Side == "" && o.Count > 0 {
			return true
		}
	}
	return false
}
