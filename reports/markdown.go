package reports

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"balance/stats"
)

// md accumulates a Markdown document.
type md struct{ bytes.Buffer }

func (b *md) p(format string, args ...any) {
	fmt.Fprintf(b, format, args...)
	b.WriteString("\n\n")
}

// table writes a Markdown table; align holds "l" or "r" per column.
func (b *md) table(align string, header []string, rows [][]string) {
	b.WriteString("| " + strings.Join(escapeAll(header), " | ") + " |\n|")
	for _, a := range align {
		if a == 'r' {
			b.WriteString("---:|")
		} else {
			b.WriteString("---|")
		}
	}
	b.WriteString("\n")
	for _, r := range rows {
		b.WriteString("| " + strings.Join(escapeAll(r), " | ") + " |\n")
	}
	b.WriteString("\n")
}

// escape makes s safe in a Markdown table cell.
func escape(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}

func escapeAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = escape(s)
	}
	return out
}

func code(s string) string {
	if s == "" {
		return "—"
	}
	return "`" + s + "`"
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// distRow is a Distribution as table cells: n, mean with interval, sd and
// quantiles.
func distRow(name string, d stats.Distribution) []string {
	return []string{name, fmt.Sprint(d.N), d.Mean.Bounds(), fmt.Sprintf("%.2f", d.SD),
		fmt.Sprint(d.Min), fmt.Sprint(d.P10), fmt.Sprint(d.P50), fmt.Sprint(d.P90), fmt.Sprint(d.Max)}
}

var distHead = []string{"Quantity", "n", "Mean [interval]", "SD", "Min", "10%", "Median", "90%", "Max"}

// summaryMarkdown renders summary.md.
func summaryMarkdown(s *stats.Summary) []byte {
	var b md
	cf := conf(s)
	b.p("# %s vs %s", adversary(s), pack(s))
	b.p("%d hunts on scenario %s, seed %d. Written by %s.", s.Hunts, orDash(s.Config.Scenario), s.Seed, orDash(s.Program))

	b.p("## How to read this report")
	b.p("Every figure is estimated from the hunts played and carries its %s confidence interval "+
		"in brackets and the number of hunts (or draws, or models) it rests on, n: "+
		"\"41.2%% [40.9%%, 41.5%%]\" means the true rate lies between 40.9%% and 41.5%% "+
		"with %s confidence. Two figures whose intervals overlap may not differ at all; "+
		"play more hunts to narrow them. Rates are shares of hunts; wounds are counted in WNDs; "+
		"time is counted in Rounds and in Ticks (the steps of the clock within a Round). "+
		"Quantiles (10%%, median, 90%%) describe the spread from hunt to hunt, not the uncertainty "+
		"of the estimate. Every table is also in a CSV file beside this one, and every figure, "+
		"at full precision, in summary.json.", cf, cf)
	if s.Interrupted || (s.Stopped != "" && s.Stopped != "hunts") {
		b.p("**This run stopped early (%s) after %d hunts.**", label(s.Stopped), s.Hunts)
	}

	b.p("## Configuration")
	adv := adversary(s)
	if s.Config.Adversary != "" && s.Config.Adversary != adv {
		adv += " (" + code(s.Config.Adversary) + ")"
	}
	overrides := "none"
	if len(s.Config.Overrides) > 0 {
		q := make([]string, len(s.Config.Overrides))
		for i, o := range s.Config.Overrides {
			q[i] = code(o)
		}
		overrides = strings.Join(q, ", ")
	}
	stop := label(s.Stopped)
	if s.Config.TargetError > 0 {
		stop += fmt.Sprintf(" (target error %g)", s.Config.TargetError)
	}
	settings := [][]string{
		{"Adversary", adv},
		{"Pack", pack(s)},
		{"Scenario", orDash(s.Config.Scenario)},
		{"Objective", orDash(s.Objective)},
		{"Round cap", fmt.Sprint(s.Config.RoundCap)},
		{"Overrides", overrides},
		{"Game data hash", code(s.Config.Hash)},
		{"Hunts", fmt.Sprintf("%d (hunt indices from %d)", s.Hunts, s.First)},
		{"Seed", fmt.Sprint(s.Seed)},
		{"Stopped by", orDash(stop)},
		{"Program", orDash(s.Program)},
		{"Schema", fmt.Sprint(s.Schema)},
	}
	if s.Config.PackAI != "" {
		settings = slices.Insert(settings, 2, []string{"Pack AI", code(s.Config.PackAI)})
	}
	b.table("ll", []string{"Setting", "Value"}, settings)

	b.p("## Headline")
	var h strings.Builder
	fmt.Fprintf(&h, "- Pack wins **%s**\n", s.PackWinRate.Percent())
	fmt.Fprintf(&h, "- Adversary defeated (every hit location exhausted) **%s**\n", s.AdversaryDefeated.Percent())
	if s.ObjectiveMet != nil {
		fmt.Fprintf(&h, "- Objective %s met **%s**\n", code(s.Objective), s.ObjectiveMet.Percent())
	}
	if s.Renown != nil && s.Renown.N > 0 {
		fmt.Fprintf(&h, "- Renown per hunt: mean **%s**; median %d, 10%% to 90%%: %d to %d\n",
			s.Renown.Mean, s.Renown.P50, s.Renown.P10, s.Renown.P90)
	}
	fmt.Fprintf(&h, "- Hunt length: mean **%s** Rounds; median %d, 10%% to 90%%: %d to %d\n",
		s.Rounds.Mean, s.Rounds.P50, s.Rounds.P10, s.Rounds.P90)
	fmt.Fprintf(&h, "- WNDs dealt to the Adversary per hunt: mean %s\n", s.AdvWounds.Mean)
	fmt.Fprintf(&h, "- Pack models dead per hunt: mean %s\n", s.PackDeaths.Mean)
	if i := deadliest(s.Cards); i >= 0 {
		c := s.Cards[i]
		fmt.Fprintf(&h, "- Deadliest action card: **%s**, %s kills per draw (n=%d draws)\n", cardLabel(c), c.KillRate.Bounds(), c.KillRate.N)
	}
	b.WriteString(h.String() + "\n")

	b.p("## Outcomes")
	b.p("![Outcomes](outcomes.png)")
	var rows [][]string
	for _, o := range s.Outcomes {
		rows = append(rows, []string{label(o.Name), fmt.Sprint(o.Count), o.Rate.PercentBounds(), fmt.Sprint(o.Rate.N)})
	}
	b.table("lrrr", []string{"Outcome", "Hunts", "Rate [" + cf + " interval]", "n"}, rows)
	b.p("Table: outcomes.csv.")

	b.p("## Pack")
	b.p("Each Pack model: how often it died or fled, the WNDs it took per hunt and how well it attacked. " +
		"In the plot, the box spans the 10th to 90th percentile of WNDs taken, the thick line is the median, " +
		"the dot the mean with its interval, and the dashed line the model's starting WND.")
	b.p("![Wounds taken per hunt](wounds.png)")
	rows = nil
	for _, m := range s.Pack {
		w := m.Wounds
		rows = append(rows, []string{m.Name, m.Kind, fmt.Sprint(m.WND), m.Died.PercentBounds(), m.Fled.PercentBounds(),
			w.Mean.Bounds(), fmt.Sprintf("%d / %d / %d", w.P10, w.P50, w.P90), m.HitRate.PercentBounds(), m.Attacks.Mean.Bounds()})
	}
	b.table("llrrrrrrr", []string{"Model", "Kind", "WND", "Died", "Fled", "WNDs taken, mean", "WNDs taken, 10% / median / 90%", "Hit rate", "Attacks per hunt"}, rows)
	b.p("n is the number of hunts for each figure except the hit rate, whose n is the model's attacks (pack.csv has every n).")

	b.p("## Damage to the Adversary")
	b.p("Cumulative WNDs dealt to the Adversary by the end of each Tick, over all hunts (a finished hunt keeps its final total). " +
		"The light band spans the 10th to 90th percentile, the dark band around the mean is its interval, the dashed line the median.")
	b.p("![WNDs dealt to the Adversary](damage_curve.png)")
	rows = nil
	n := damageShown(s.DamageCurve)
	for _, c := range s.DamageCurve[:n] {
		rows = append(rows, []string{fmt.Sprint(c.Tick), c.Mean.Bounds(), fmt.Sprint(c.P10), fmt.Sprint(c.P50), fmt.Sprint(c.P90)})
	}
	b.table("rrrrr", []string{"Tick", "Mean [interval]", "10%", "Median", "90%"}, rows)
	if n < len(s.DamageCurve) {
		b.p("Later Ticks, to Tick %d, are left out here and in the plot: from Tick %d on, the mean stays within %g%% of its final value and the quantiles do not change. Every Tick is in damage_curve.csv.",
			s.DamageCurve[len(s.DamageCurve)-1].Tick, s.DamageCurve[n-1].Tick, 100*damageTol)
	} else {
		b.p("Table: damage_curve.csv.")
	}

	b.p("### Hit locations")
	rows = nil
	for _, l := range s.Locations {
		at := l.ExhaustedAt
		rows = append(rows, []string{l.Name, orDash(l.Label), fmt.Sprint(l.WND), l.Exhausted.PercentBounds(),
			at.Mean.Bounds(), fmt.Sprintf("%d / %d / %d", at.P10, at.P50, at.P90)})
	}
	b.table("llrrrr", []string{"Location", "When exhausted", "WND", "Exhausted", "Tick exhausted, mean", "Tick, 10% / median / 90%"}, rows)
	b.p("The Tick a location was exhausted is taken over the hunts where it was. Table: locations.csv.")

	b.p("## Pack survival")
	b.p("The share of Pack models not dead by the end of each Tick, over every model of every hunt, with its interval shaded.")
	b.p("![Pack models alive](survival.png)")
	rows = nil
	n = survivalShown(s.Survival)
	for _, st := range s.Survival[:n] {
		rows = append(rows, []string{fmt.Sprint(st.Tick), st.Alive.PercentBounds(), fmt.Sprint(st.Alive.N)})
	}
	b.table("rrr", []string{"Tick", "Alive [interval]", "n"}, rows)
	if n < len(s.Survival) {
		b.p("Later Ticks, to Tick %d, are left out here and in the plot: from Tick %d on, the share alive stays within %g percentage points of its final value. Every Tick is in survival.csv.",
			s.Survival[len(s.Survival)-1].Tick, s.Survival[n-1].Tick, 100*survivalTol)
	} else {
		b.p("Table: survival.csv.")
	}

	b.p("## Hunt length")
	b.p("![Hunt length](length.png)")
	b.table("lrrrrrrrr", distHead, [][]string{
		distRow("Rounds per hunt", s.Rounds),
		distRow("Tick the outcome was settled", s.DecidedAt),
		distRow("Tick the Adversary fell", s.DefeatedAt),
		distRow("WNDs dealt to the Adversary", s.AdvWounds),
		distRow("Minions slain", s.MinionsSlain),
		distRow("Pack models dead", s.PackDeaths),
		distRow("Turns per hunt", s.Turns),
		distRow("Random draws per hunt", s.Draws),
	})
	b.p("n is the number of hunts each row is taken over: the Tick the Adversary fell only counts the hunts where it did. " +
		"The histogram of Rounds is in rounds.csv.")

	b.p("## Adversary action cards")
	b.p("What each action card did when drawn, in deck order. WNDs, kills and Conditions are counted on the Pack; " +
		"per-draw figures have the draws as n.")
	b.p("![Adversary action cards](cards.png)")
	rows = nil
	for _, c := range s.Cards {
		rows = append(rows, []string{c.Card, c.Name, c.Tree, fmt.Sprint(c.Drawn), c.PerHunt.Bounds(),
			c.WoundsPer.Bounds(), c.KillRate.Bounds(), c.CondsPer.Bounds()})
	}
	b.table("lllrrrrr", []string{"Card", "Name", "Tree", "Drawn", "Per hunt", "WNDs per draw", "Kills per draw", "Conditions per draw"}, rows)
	b.p("Table: cards.csv.")

	if len(s.Conditions) > 0 {
		b.p("## Conditions imposed on the Pack")
		rows = nil
		for _, c := range s.Conditions {
			rows = append(rows, []string{label(c.Name), fmt.Sprint(c.Count), c.Rate.Bounds()})
		}
		b.table("lrr", []string{"Condition", "Total", "Per hunt [interval]"}, rows)
	}

	if ws := warnings(s); len(ws) > 0 {
		b.p("## Warnings")
		b.WriteString(strings.Join(ws, "\n") + "\n\n")
	}

	b.p("## Run")
	b.p("%.2f s with %d workers: %.0f hunts/s. The time is the only figure in this report that differs between two runs of the same configuration and seed.",
		s.Timing.Seconds, s.Timing.Workers, s.Timing.HuntsPerSec)
	b.p("Files: summary.json (every figure, schema version %d), outcomes.csv, pack.csv, cards.csv, locations.csv, "+
		"damage_curve.csv, survival.csv, rounds.csv; each plot as PNG and SVG.", s.Schema)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// warnings lists, as Markdown list items, the warnings carried by the
// Summary's intervals, each with where it occurs, the same warning on
// several figures once with a count.
func warnings(s *stats.Summary) []string {
	var order []string // warnings in order of first appearance
	seen := map[string][]string{}
	add := func(where string, i stats.Interval) {
		for _, m := range i.Warnings {
			if _, ok := seen[m]; !ok {
				order = append(order, m)
			}
			seen[m] = append(seen[m], where)
		}
	}
	add("Pack win rate", s.PackWinRate)
	add("Adversary defeated", s.AdversaryDefeated)
	for _, o := range s.Outcomes {
		add("outcome "+label(o.Name), o.Rate)
	}
	dists := []struct {
		name string
		d    stats.Distribution
	}{{"Rounds", s.Rounds}, {"Tick settled", s.DecidedAt}, {"Tick the Adversary fell", s.DefeatedAt},
		{"WNDs dealt", s.AdvWounds}, {"Minions slain", s.MinionsSlain}, {"Pack models dead", s.PackDeaths}}
	for _, d := range dists {
		add(d.name+" mean", d.d.Mean)
	}
	for _, m := range s.Pack {
		add(m.Name+" died", m.Died)
		add(m.Name+" fled", m.Fled)
		add(m.Name+" hit rate", m.HitRate)
		add(m.Name+" WNDs taken", m.Wounds.Mean)
	}
	for _, l := range s.Locations {
		add(l.Name+" exhausted", l.Exhausted)
		add(l.Name+" Tick exhausted", l.ExhaustedAt.Mean)
	}
	for _, c := range s.Cards {
		add(c.Card+" WNDs per draw", c.WoundsPer)
		add(c.Card+" kills per draw", c.KillRate)
	}
	for _, c := range s.DamageCurve {
		add(fmt.Sprintf("damage at Tick %d", c.Tick), c.Mean)
	}
	for _, c := range s.Survival {
		add(fmt.Sprintf("survival at Tick %d", c.Tick), c.Alive)
	}
	var out []string
	for _, m := range order {
		where := seen[m]
		list := strings.Join(where, ", ")
		if len(where) > 6 {
			list = strings.Join(where[:6], ", ") + fmt.Sprintf(" and %d more", len(where)-6)
		}
		out = append(out, fmt.Sprintf("- %s: %s.", m, list))
	}
	return out
}
