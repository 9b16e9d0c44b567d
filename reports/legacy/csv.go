package legacy

import (
	"bytes"
	"encoding/csv"
	"strconv"

	"balance/stats"
)

// The CSV tables. Every estimate column is followed by its interval's ends
// and its n (columns NAME, NAME_low, NAME_high, NAME_n); a cell is empty
// where the value is not a finite number.
var csvTables = []struct {
	name  string
	table func(*stats.Summary) [][]string
	only  func(*stats.Summary) bool // nil: every report
}{
	{"outcomes.csv", outcomesTable, nil},
	{"pack.csv", packTable, nil},
	{"cards.csv", cardsTable, nil},
	{"locations.csv", locationsTable, nil},
	{"damage_curve.csv", damageTable, nil},
	{"survival.csv", survivalTable, nil},
	{"rounds.csv", roundsTable, nil},
	{"distributions.csv", distributionsTable, nil},
	{"conditions.csv", conditionsTable, nil},
	{"card_effects.csv", cardEffectsTable, hasCardEffects},
}

func encodeCSV(rows [][]string) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.WriteAll(rows) // writes to memory: cannot fail
	return b.Bytes()
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// est returns the header of an estimate column and its interval.
func est(name string) []string {
	return []string{name, name + "_low", name + "_high", name + "_n"}
}

// cells returns an estimate and its interval as four cells.
func cells(i stats.Interval) []string {
	return []string{num(i.Estimate), num(i.Low), num(i.High), itoa(i.N)}
}

// distHeader and distCells lay out a Distribution as columns prefixed
// with name: mean (with interval), sd, min, p10, p50, p90, max.
func distHeader(name string) []string {
	h := est(name + "_mean")
	for _, c := range []string{"sd", "min", "p10", "p50", "p90", "max"} {
		h = append(h, name+"_"+c)
	}
	return h
}

func distCells(d stats.Distribution) []string {
	return append(cells(d.Mean), num(d.SD), itoa(d.Min), itoa(d.P10), itoa(d.P50), itoa(d.P90), itoa(d.Max))
}

func row(parts ...[]string) []string {
	var r []string
	for _, p := range parts {
		r = append(r, p...)
	}
	return r
}

func outcomesTable(s *stats.Summary) [][]string {
	t := [][]string{row([]string{"outcome", "hunts"}, est("rate"))}
	for _, o := range s.Outcomes {
		t = append(t, row([]string{o.Name, itoa(o.Count)}, cells(o.Rate)))
	}
	return t
}

func packTable(s *stats.Summary) [][]string {
	t := [][]string{row([]string{"model", "kind", "wnd"}, est("died"), est("fled"), est("hit_rate"),
		distHeader("wounds"), distHeader("attacks"))}
	for _, m := range s.Pack {
		t = append(t, row([]string{m.Name, m.Kind, strconv.Itoa(m.WND)}, cells(m.Died), cells(m.Fled),
			cells(m.HitRate), distCells(m.Wounds), distCells(m.Attacks)))
	}
	return t
}

func cardsTable(s *stats.Summary) [][]string {
	t := [][]string{row([]string{"card", "name", "tree", "drawn"}, est("per_hunt"), []string{"wounds"},
		est("wounds_per_draw"), []string{"kills"}, est("kills_per_draw"), []string{"conditions"},
		est("conditions_per_draw"))}
	for _, c := range s.Cards {
		t = append(t, row([]string{c.Card, c.Name, c.Tree, itoa(c.Drawn)}, cells(c.PerHunt), []string{itoa(c.Wounds)},
			cells(c.WoundsPer), []string{itoa(c.Kills)}, cells(c.KillRate), []string{itoa(c.Conditions)},
			cells(c.CondsPer)))
	}
	return t
}

func locationsTable(s *stats.Summary) [][]string {
	t := [][]string{row([]string{"location", "label", "wnd"}, est("exhausted"), distHeader("exhausted_at_tick"))}
	for _, l := range s.Locations {
		t = append(t, row([]string{l.Name, l.Label, strconv.Itoa(l.WND)}, cells(l.Exhausted), distCells(l.ExhaustedAt)))
	}
	return t
}

func damageTable(s *stats.Summary) [][]string {
	t := [][]string{row([]string{"tick"}, est("mean_wounds"), []string{"p10", "p50", "p90"})}
	for _, p := range s.DamageCurve {
		t = append(t, row([]string{strconv.Itoa(p.Tick)}, cells(p.Mean), []string{itoa(p.P10), itoa(p.P50), itoa(p.P90)}))
	}
	return t
}

// survivalTable is the share of the Pack alive by Tick, and each model's
// share of hunts in which it is alive (a Wilson interval over the hunts),
// one column group per model, named alive_1 (the first model), ...
func survivalTable(s *stats.Summary) [][]string {
	h := row([]string{"tick"}, est("alive"))
	for k := range s.Pack {
		h = append(h, est("alive_"+strconv.Itoa(k+1))...)
	}
	t := [][]string{h}
	dead := make([]int64, len(s.Pack))
	for _, p := range s.Survival {
		r := row([]string{strconv.Itoa(p.Tick)}, cells(p.Alive))
		for k, m := range s.Pack {
			if p.Tick < len(m.DiedAt.Histogram) {
				dead[k] += m.DiedAt.Histogram[p.Tick]
			}
			r = append(r, cells(share(m.Died.N-dead[k], m.Died.N, s))...)
		}
		t = append(t, r)
	}
	return t
}

// roundsTable is the histogram of hunt length: for each number of Rounds,
// the hunts that lasted it, their share and the share that lasted at most
// as long, with Wilson intervals.
func roundsTable(s *stats.Summary) [][]string {
	t := [][]string{row([]string{"rounds", "hunts"}, est("share"), est("share_at_most"))}
	n := s.Rounds.N
	var cum int64
	for r, k := range s.Rounds.Histogram {
		cum += k
		if cum == 0 {
			continue // no hunt is this short
		}
		t = append(t, row([]string{strconv.Itoa(r), itoa(k)}, cells(share(k, n, s)), cells(share(cum, n, s))))
	}
	return t
}

// share is the proportion k/n with a Wilson interval at the Summary's
// confidence level.
func share(k, n int64, s *stats.Summary) stats.Interval {
	c := s.PackWinRate.Conf
	if c == 0 {
		c = 0.95
	}
	return stats.FromEstimate(stats.Proportion(k, n, c))
}

// distributionsTable is the hunt-length table of summary.md: one row per
// quantity (Rounds, the Tick the outcome was settled, ...) with its mean,
// interval and n, sd and quantiles.
func distributionsTable(s *stats.Summary) [][]string {
	t := [][]string{row([]string{"quantity"}, est("mean"), []string{"sd", "min", "p10", "p50", "p90", "max"})}
	for _, d := range perHuntDists(s) {
		t = append(t, row([]string{d.slug}, distCells(d.d)))
	}
	return t
}

// conditionsTable is the Conditions imposed on the Pack: the total over
// all hunts and the mean per hunt with its interval.
func conditionsTable(s *stats.Summary) [][]string {
	t := [][]string{row([]string{"condition", "total"}, est("per_hunt"))}
	for _, c := range s.Conditions {
		t = append(t, row([]string{c.Name, itoa(c.Count)}, cells(c.Rate)))
	}
	return t
}
