package legacy

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

// namedDist is a Distribution with the name a table gives it.
type namedDist struct {
	name, slug string // for reading; for the CSV file
	d          stats.Distribution
}

// perHuntDists are the quantities of the hunt-length table of summary.md
// and of distributions.csv, in order.
func perHuntDists(s *stats.Summary) []namedDist {
	return []namedDist{
		{"Rounds per hunt", "rounds", s.Rounds},
		{"Tick the outcome was settled", "decided_at", s.DecidedAt},
		{"Tick the Adversary fell", "defeated_at", s.DefeatedAt},
		{"WNDs dealt to the Adversary", "adv_wounds", s.AdvWounds},
		{"Minions slain", "minions_slain", s.MinionsSlain},
		{"Pack models dead", "pack_deaths", s.PackDeaths},
		{"Turns per hunt", "turns", s.Turns},
		{"Random draws per hunt", "draws", s.Draws},
	}
}

// summaryMarkdown renders summary.md.
func summaryMarkdown(s *stats.Summary) []byte { return summaryDoc(s).markdown() }

// summaryDoc is the report of one run, from which summary.md and
// summary.html are both written. Every table but the configuration names
// the CSV file that holds it.
func summaryDoc(s *stats.Summary) *document {
	b := &document{title: fmt.Sprintf("%s vs %s", adversary(s), pack(s))}
	cf := conf(s)
	b.p("%d hunts on scenario %s, seed %d. Written by %s.", s.Hunts, orDash(s.Config.Scenario), s.Seed, orDash(s.Program))

	b.heading(2, "How to read this report")
	b.p("Every figure is estimated from the hunts played and carries its %s confidence interval "+
		"in brackets and the number of hunts (or draws, or models) it rests on, n: "+
		"\"41.2%% [40.9%%, 41.5%%]\" means the true rate lies between 40.9%% and 41.5%% "+
		"with %s confidence. Two figures whose intervals overlap may not differ at all; "+
		"play more hunts to narrow them. Rates are shares of hunts; wounds are counted in WNDs; "+
		"time is counted in Rounds and in Ticks (the steps of the clock within a Round). "+
		"Quantiles (10%%, median, 90%%) describe the spread from hunt to hunt, not the uncertainty "+
		"of the estimate. Every table after the configuration is also in a CSV file beside this one, "+
		"named under the table, and every figure, at full precision, in summary.json.", cf, cf)
	if s.Interrupted || (s.Stopped != "" && s.Stopped != "hunts") {
		b.p("**This run stopped early (%s) after %d hunts.**", label(s.Stopped), s.Hunts)
	}

	b.heading(2, "Configuration")
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
	b.table(docTable{align: "ll", header: []string{"Setting", "Value"}, rows: settings})

	b.heading(2, "Headline")
	var h []string
	h = append(h, fmt.Sprintf("Pack win rate (every Foe slain) **%s**", s.PackWinRate.Percent()))
	h = append(h, fmt.Sprintf("Adversary defeated (every hit location exhausted) **%s**", s.AdversaryDefeated.Percent()))
	if s.ObjectiveMet != nil {
		h = append(h, fmt.Sprintf("Objective %s met **%s**", code(s.Objective), s.ObjectiveMet.Percent()))
	}
	if s.Renown != nil && s.Renown.N > 0 {
		h = append(h, fmt.Sprintf("Renown per hunt: mean **%s**; median %d, 10%% to 90%%: %d to %d",
			s.Renown.Mean, s.Renown.P50, s.Renown.P10, s.Renown.P90))
	}
	h = append(h, fmt.Sprintf("Hunt length: mean **%s** Rounds; median %d, 10%% to 90%%: %d to %d",
		s.Rounds.Mean, s.Rounds.P50, s.Rounds.P10, s.Rounds.P90))
	h = append(h, fmt.Sprintf("WNDs dealt to the Adversary per hunt: mean %s", s.AdvWounds.Mean))
	h = append(h, fmt.Sprintf("Pack models dead per hunt: mean %s", s.PackDeaths.Mean))
	if i := deadliest(s.Cards); i >= 0 {
		c := s.Cards[i]
		h = append(h, fmt.Sprintf("Deadliest action card: **%s**, %s kills per draw (n=%d draws)", cardLabel(c), c.KillRate.Bounds(), c.KillRate.N))
	}
	b.list(h)

	b.heading(2, "Outcomes")
	b.plot("outcomes", "Outcomes")
	var rows [][]string
	for _, o := range s.Outcomes {
		rows = append(rows, []string{label(o.Name), fmt.Sprint(o.Count), o.Rate.PercentBounds(), fmt.Sprint(o.Rate.N)})
	}
	b.table(docTable{align: "lrrr", header: []string{"Outcome", "Hunts", "Rate [" + cf + " interval]", "n"}, rows: rows, csv: "outcomes.csv"})
	b.p("Table: outcomes.csv.")

	b.heading(2, "Pack")
	b.p("Each Pack model: how often it died or fled, the WNDs it took per hunt and how well it attacked. " +
		"In the plot, the box spans the 10th to 90th percentile of WNDs taken, the thick line is the median, " +
		"the dot the mean with its interval, and the dashed line the model's starting WND; beside it, the share of hunts " +
		"each model ended dead, with its interval.")
	b.plot("wounds", "Wounds taken per hunt")
	rows = nil
	for _, m := range s.Pack {
		w := m.Wounds
		rows = append(rows, []string{m.Name, m.Kind, fmt.Sprint(m.WND), m.Died.PercentBounds(), m.Fled.PercentBounds(),
			w.Mean.Bounds(), fmt.Sprintf("%d / %d / %d", w.P10, w.P50, w.P90), m.HitRate.PercentBounds(), m.Attacks.Mean.Bounds()})
	}
	b.table(docTable{align: "llrrrrrrr", header: []string{"Model", "Kind", "WND", "Died", "Fled", "WNDs taken, mean", "WNDs taken, 10% / median / 90%", "Hit rate", "Attacks per hunt"}, rows: rows, csv: "pack.csv"})
	b.p("n is the number of hunts for each figure except the hit rate, whose n is the model's attacks (pack.csv has every n).")

	b.heading(2, "Damage to the Adversary")
	b.p("Cumulative WNDs dealt to the Adversary by the end of each Tick, over all hunts (a finished hunt keeps its final total). " +
		"The light band spans the 10th to 90th percentile, the dark band around the mean is its interval, the dashed line the median.")
	b.plot("damage_curve", "WNDs dealt to the Adversary")
	rows = nil
	n := damageShown(s.DamageCurve)
	for _, c := range s.DamageCurve[:n] {
		rows = append(rows, []string{fmt.Sprint(c.Tick), c.Mean.Bounds(), fmt.Sprint(c.Mean.N), fmt.Sprint(c.P10), fmt.Sprint(c.P50), fmt.Sprint(c.P90)})
	}
	b.table(docTable{align: "rrrrrr", header: []string{"Tick", "Mean [interval]", "n", "10%", "Median", "90%"}, rows: rows, csv: "damage_curve.csv",
		collapse: fmt.Sprintf("The damage curve by Tick: %d rows", len(rows))})
	if n < len(s.DamageCurve) {
		b.p("Later Ticks, to Tick %d, are left out here and in the plot: from Tick %d on, the mean stays within %g%% of its final value and the quantiles do not change. Every Tick is in damage_curve.csv.",
			s.DamageCurve[len(s.DamageCurve)-1].Tick, s.DamageCurve[n-1].Tick, 100*damageTol)
	} else {
		b.p("Table: damage_curve.csv.")
	}

	b.heading(3, "Hit locations")
	rows = nil
	for _, l := range s.Locations {
		at := l.ExhaustedAt
		rows = append(rows, []string{l.Name, orDash(l.Label), fmt.Sprint(l.WND), l.Exhausted.PercentBounds(), fmt.Sprint(at.N),
			at.Mean.Bounds(), fmt.Sprintf("%d / %d / %d", at.P10, at.P50, at.P90)})
	}
	b.table(docTable{align: "llrrrrr", header: []string{"Location", "When exhausted", "WND", "Exhausted", "Hunts exhausted", "Tick exhausted, mean", "Tick, 10% / median / 90%"}, rows: rows, csv: "locations.csv"})
	b.p("The share exhausted is over all %d hunts; the Tick a location was exhausted is taken over the hunts where it was, "+
		"whose number is its n. Table: locations.csv.", s.Hunts)

	b.heading(2, "Pack survival")
	b.p("The share of Pack models not dead by the end of each Tick, over every model of every hunt, with its interval shaded. " +
		"The interval is that of a mean of shares (each hunt's share of its Pack alive) and never narrower than " +
		"the Wilson interval of the share over the hunts, so it keeps its width where every model of every hunt is alive. " +
		"The dashed lines are each model's survival curve: the share of hunts in which it is not dead by then " +
		"(survival.csv has them with their Wilson intervals, alive_1 for the first model of the Pack table, and so on).")
	b.plot("survival", "Pack models alive")
	rows = nil
	n = survivalShown(s.Survival)
	for _, st := range s.Survival[:n] {
		rows = append(rows, []string{fmt.Sprint(st.Tick), st.Alive.PercentBounds(), fmt.Sprint(st.Alive.N)})
	}
	b.table(docTable{align: "rrr", header: []string{"Tick", "Alive [interval]", "n"}, rows: rows, csv: "survival.csv",
		collapse: fmt.Sprintf("The Pack alive by Tick: %d rows", len(rows))})
	if n < len(s.Survival) {
		b.p("Later Ticks, to Tick %d, are left out here and in the plot: from Tick %d on, the share alive stays within %g percentage points of its final value. Every Tick is in survival.csv.",
			s.Survival[len(s.Survival)-1].Tick, s.Survival[n-1].Tick, 100*survivalTol)
	} else {
		b.p("Table: survival.csv.")
	}

	b.heading(2, "Hunt length")
	b.plot("length", "Hunt length")
	rows = nil
	for _, d := range perHuntDists(s) {
		rows = append(rows, distRow(d.name, d.d))
	}
	b.table(docTable{align: "lrrrrrrrr", header: distHead, rows: rows, csv: "distributions.csv"})
	b.p("n is the number of hunts each row is taken over: the Tick the Adversary fell only counts the hunts where it did. " +
		"Table: distributions.csv; the histogram of Rounds is in rounds.csv.")

	b.heading(2, "Adversary action cards")
	b.p("What each action card did when drawn, in deck order. WNDs, kills and Conditions are counted on the Pack; " +
		"per-draw figures have the draws as n. A draw may count several (kills, WNDs, Conditions), so per-draw figures are rates, " +
		"not shares: each interval is the wider of the ratio estimator's and the exact Poisson interval of the count over the draws.")
	b.plot("cards", "Adversary action cards")
	rows = nil
	for _, c := range s.Cards {
		rows = append(rows, []string{c.Card, c.Name, c.Tree, fmt.Sprint(c.Drawn), c.PerHunt.Bounds(),
			c.WoundsPer.Bounds(), c.KillRate.Bounds(), c.CondsPer.Bounds()})
	}
	b.table(docTable{align: "lllrrrrr", header: []string{"Card", "Name", "Tree", "Drawn", "Per hunt", "WNDs per draw", "Kills per draw", "Conditions per draw"}, rows: rows, csv: "cards.csv"})
	b.p("Table: cards.csv.")
	cardEffectsSection(b, s)

	if len(s.Conditions) > 0 {
		b.heading(2, "Conditions imposed on the Pack")
		rows = nil
		for _, c := range s.Conditions {
			rows = append(rows, []string{label(c.Name), fmt.Sprint(c.Count), c.Rate.Bounds(), fmt.Sprint(c.Rate.N)})
		}
		b.table(docTable{align: "lrrr", header: []string{"Condition", "Total", "Per hunt [interval]", "n"}, rows: rows, csv: "conditions.csv"})
		b.p("Per hunt: the mean over the hunts, with the wider of the normal interval and the exact Poisson interval of the total over the hunts. Table: conditions.csv.")
	}

	if ws := warnings(s); len(ws) > 0 {
		b.heading(2, "Warnings")
		b.list(ws)
	}

	b.heading(2, "Run")
	b.p("%s. The time is the only figure in this report that differs between two runs of the same configuration and seed.", speed(s.Timing))
	var csvs []string
	for _, t := range csvTables {
		if t.only == nil || t.only(s) {
			csvs = append(csvs, t.name)
		}
	}
	b.p("Files: summary.json (every figure, schema version %d), summary.html (this report as one page), %s; each plot as PNG and SVG.",
		s.Schema, strings.Join(csvs, ", "))
	return b
}

// warnings lists, as the items of a list, the warnings carried by the
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
	if s.ObjectiveMet != nil {
		add("Objective met", *s.ObjectiveMet)
	}
	if s.Renown != nil {
		add("Renown mean", s.Renown.Mean)
	}
	for _, o := range s.Outcomes {
		add("outcome "+label(o.Name), o.Rate)
	}
	for _, d := range perHuntDists(s) {
		add(d.name+" mean", d.d.Mean)
	}
	for _, m := range s.Pack {
		add(m.Name+" died", m.Died)
		add(m.Name+" fled", m.Fled)
		add(m.Name+" hit rate", m.HitRate)
		add(m.Name+" WNDs taken", m.Wounds.Mean)
		add(m.Name+" attacks", m.Attacks.Mean)
	}
	for _, l := range s.Locations {
		add(l.Name+" exhausted", l.Exhausted)
		add(l.Name+" Tick exhausted", l.ExhaustedAt.Mean)
	}
	for _, c := range s.Cards {
		add(c.Card+" draws per hunt", c.PerHunt)
		add(c.Card+" WNDs per draw", c.WoundsPer)
		add(c.Card+" kills per draw", c.KillRate)
		add(c.Card+" Conditions per draw", c.CondsPer)
	}
	for _, c := range s.Conditions {
		add(label(c.Name)+" per hunt", c.Rate)
	}
	if ce := s.CardEffects; ce != nil {
		for _, e := range ce.Effects {
			add(effectLabel(&e)+" blank: Pack wins", e.Win)
			add(effectLabel(&e)+" blank: Rounds", e.Rounds)
			add(effectLabel(&e)+" blank: Pack WNDs", e.Wounds)
		}
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
		out = append(out, fmt.Sprintf("%s: %s.", m, list))
	}
	return out
}
