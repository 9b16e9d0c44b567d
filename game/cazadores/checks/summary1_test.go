package checks

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"balance/stats"
)

// summary1 is summary.json as balance wrote it before the game seam
// (summary schema 1, Cazadores' own figures), read back to check that
// Cazadores played through the game contract gives the same figures.
type summary1 struct {
	Hunts             int64       `json:"hunts"`
	PackWinRate       interval1   `json:"pack_win_rate"`
	AdversaryDefeated interval1   `json:"adversary_defeated"`
	Outcomes          []count1    `json:"outcomes"`
	Rounds            dist1       `json:"rounds"`
	DecidedAt         dist1       `json:"decided_at"`
	DefeatedAt        dist1       `json:"defeated_at"`
	AdvWounds         dist1       `json:"adv_wounds"`
	MinionsSlain      dist1       `json:"minions_slain"`
	PackDeaths        dist1       `json:"pack_deaths"`
	Pack              []model1    `json:"pack"`
	DamageCurve       []point1    `json:"damage_curve"`
	Survival          []step1     `json:"survival"`
	Locations         []location1 `json:"locations"`
	Cards             []card1     `json:"cards"`
	Conditions        []count1    `json:"conditions"`
	CardEffects       *effects1   `json:"card_effects"`
	Objective         string      `json:"objective"`
	ObjectiveMet      *interval1  `json:"objective_met"`
	Renown            *dist1      `json:"renown"`
	Draws             dist1       `json:"draws"`
	Turns             dist1       `json:"turns"`
}

type interval1 struct {
	Estimate float64  `json:"estimate"`
	Low      float64  `json:"low"`
	High     float64  `json:"high"`
	Conf     float64  `json:"conf"`
	N        int64    `json:"n"`
	Warnings []string `json:"warnings"`
}

type count1 struct {
	Name  string    `json:"name"`
	Count int64     `json:"count"`
	Rate  interval1 `json:"rate"`
}

type dist1 struct {
	N         int64     `json:"n"`
	Mean      interval1 `json:"mean"`
	SD        float64   `json:"sd"`
	Min       int64     `json:"min"`
	P10       int64     `json:"p10"`
	P50       int64     `json:"p50"`
	P90       int64     `json:"p90"`
	Max       int64     `json:"max"`
	Histogram []int64   `json:"histogram"`
}

type model1 struct {
	Name    string    `json:"name"`
	Kind    string    `json:"kind"`
	WND     int       `json:"wnd"`
	Wounds  dist1     `json:"wounds"`
	Died    interval1 `json:"died"`
	Fled    interval1 `json:"fled"`
	HitRate interval1 `json:"hit_rate"`
	Attacks dist1     `json:"attacks"`
	DiedAt  dist1     `json:"died_at"`
}

type point1 struct {
	Tick int       `json:"tick"`
	Mean interval1 `json:"mean"`
	P10  int64     `json:"p10"`
	P50  int64     `json:"p50"`
	P90  int64     `json:"p90"`
}

type step1 struct {
	Tick  int       `json:"tick"`
	Alive interval1 `json:"alive"`
}

type location1 struct {
	Name        string    `json:"name"`
	Label       string    `json:"label"`
	WND         int       `json:"wnd"`
	Exhausted   interval1 `json:"exhausted"`
	ExhaustedAt dist1     `json:"exhausted_at"`
}

type card1 struct {
	Card       string    `json:"card"`
	Name       string    `json:"name"`
	Tree       string    `json:"tree"`
	Drawn      int64     `json:"drawn"`
	PerHunt    interval1 `json:"per_hunt"`
	Wounds     int64     `json:"wounds"`
	WoundsPer  interval1 `json:"wounds_per"`
	Kills      int64     `json:"kills"`
	KillRate   interval1 `json:"kill_rate"`
	Conditions int64     `json:"conditions"`
	CondsPer   interval1 `json:"conds_per"`
}

type effects1 struct {
	Hunts    int64     `json:"hunts"`
	First    int64     `json:"first"`
	Stopped  string    `json:"stopped"`
	Alpha    float64   `json:"alpha"`
	Effects  []effect1 `json:"effects"`
	NoEffect []string  `json:"no_effect"`
}

type effect1 struct {
	Key               string    `json:"key"`
	Kind              string    `json:"kind"`
	Name              string    `json:"name"`
	Cards             []string  `json:"cards"`
	Tree              string    `json:"tree"`
	Win               interval1 `json:"win"`
	OnlyWith          int64     `json:"only_with"`
	OnlyBlank         int64     `json:"only_blank"`
	WinP              float64   `json:"win_p"`
	Rounds            interval1 `json:"rounds"`
	RoundsP           float64   `json:"rounds_p"`
	Wounds            interval1 `json:"pack_wounds"`
	WinSignificant    bool      `json:"win_significant"`
	RoundsSignificant bool      `json:"rounds_significant"`
}

// checker compares the figures of a summary of schema 1 with a report.
type checker struct {
	t     *testing.T
	where string
	bad   int
}

func (c *checker) fail(format string, a ...any) {
	c.t.Helper()
	c.bad++
	if c.bad <= 20 {
		c.t.Errorf("%s: %s", c.where, fmt.Sprintf(format, a...))
	}
}

func (c *checker) interval(what string, old interval1, got stats.Interval) {
	c.t.Helper()
	// The files were recorded when a proportion of 0 (or 1) had a lower
	// (upper) end of 0 (1) only up to rounding, such as 5.4e-20; it is
	// exact now. Elsewhere the ends are identical.
	if old.Estimate == 0 && got.Low == 0 && math.Abs(old.Low) < 1e-15 {
		old.Low = 0
	}
	if old.Estimate == 1 && got.High == 1 && math.Abs(1-old.High) < 1e-15 {
		old.High = 1
	}
	if old.Estimate != got.Estimate || old.Low != got.Low || old.High != got.High || old.Conf != got.Conf || old.N != got.N ||
		!slices.Equal(old.Warnings, got.Warnings) {
		c.fail("%s: was %+v, now %+v", what, old, got)
	}
}

func (c *checker) dist(what string, old dist1, got *stats.Distribution) {
	c.t.Helper()
	if got == nil {
		c.fail("%s: missing", what)
		return
	}
	if got.ClippedAbove || got.ClippedBelow {
		// Values past the histogram's range (WNDs past the Praetorians'
		// 30): the runs before the seam took the mean and SD from the
		// clipped histogram, the report now from the exact sums. Compare
		// the histogram's own figures (Cazadores's counts start at 0).
		h := stats.Dist(got.Histogram)
		cp := *got
		cp.Mean, cp.SD = h.Mean, h.SD
		got = &cp
	}
	c.interval(what+" mean", old.Mean, got.Mean)
	if old.N != got.N || old.SD != got.SD || old.Min != got.Min || old.P10 != got.P10 || old.P50 != got.P50 ||
		old.P90 != got.P90 || old.Max != got.Max || !slices.Equal(old.Histogram, got.Histogram) {
		c.fail("%s: was n %d sd %v %d/%d/%d/%d/%d %v, now n %d sd %v %d/%d/%d/%d/%d %v", what,
			old.N, old.SD, old.Min, old.P10, old.P50, old.P90, old.Max, old.Histogram,
			got.N, got.SD, got.Min, got.P10, got.P50, got.P90, got.Max, got.Histogram)
	}
}

// value returns the figures of value key in the report.
func value(c *checker, r *stats.Report, key string) *stats.ValueFigures {
	c.t.Helper()
	for i := range r.Values {
		if r.Values[i].Key == key {
			return &r.Values[i]
		}
	}
	c.fail("no value %q", key)
	return &stats.ValueFigures{}
}

func ratio(c *checker, r *stats.Report, key string) *stats.RatioFigures {
	c.t.Helper()
	for i := range r.Ratios {
		if r.Ratios[i].Key == key {
			return &r.Ratios[i]
		}
	}
	c.fail("no ratio %q", key)
	return &stats.RatioFigures{}
}

// item returns item j of a value's figures, or a zero figure.
func item(c *checker, v *stats.ValueFigures, j int) stats.ItemFigure {
	c.t.Helper()
	if j >= len(v.Items) {
		c.fail("%s: no item %d", v.Key, j)
		return stats.ItemFigure{}
	}
	return v.Items[j]
}

func share(c *checker, what string, f stats.ItemFigure) stats.Interval {
	c.t.Helper()
	if f.Share == nil {
		c.fail("%s: no share", what)
		return stats.Interval{}
	}
	return *f.Share
}

// compareSummary checks every figure of the summary old against the
// report of the same hunts.
func compareSummary(t *testing.T, where string, old *summary1, r *stats.Report) int {
	t.Helper()
	c := &checker{t: t, where: where}
	if old.Hunts != r.Hunts {
		c.fail("hunts %d, now %d", old.Hunts, r.Hunts)
	}
	c.interval("pack win rate", old.PackWinRate, r.Wins[0].Rate)
	c.interval("adversary defeated", old.AdversaryDefeated, share(c, "adversary defeated", item(c, value(c, r, "adversary_defeated"), 0)))
	if len(old.Outcomes) != len(r.Outcomes) {
		c.fail("%d outcomes, now %d", len(old.Outcomes), len(r.Outcomes))
	}
	for i := range min(len(old.Outcomes), len(r.Outcomes)) {
		o, n := old.Outcomes[i], r.Outcomes[i]
		if o.Name != n.Name || o.Count != n.Count {
			c.fail("outcome %d: %s %d, now %s %d", i, o.Name, o.Count, n.Name, n.Count)
		}
		c.interval("outcome "+o.Name, o.Rate, n.Rate)
	}
	c.dist("rounds", old.Rounds, &r.Length)
	c.dist("decided_at", old.DecidedAt, item(c, value(c, r, "decided_at"), 0).Dist)
	c.dist("defeated_at", old.DefeatedAt, item(c, value(c, r, "adversary_defeated"), 0).Dist)
	c.dist("adv_wounds", old.AdvWounds, item(c, value(c, r, "adversary_wounds"), 0).Dist)
	c.dist("minions_slain", old.MinionsSlain, item(c, value(c, r, "minions_slain"), 0).Dist)
	c.dist("pack_deaths", old.PackDeaths, item(c, value(c, r, "pack_deaths"), 0).Dist)
	c.dist("turns", old.Turns, item(c, value(c, r, "turns"), 0).Dist)
	c.dist("draws", old.Draws, item(c, value(c, r, "draws"), 0).Dist)
	wounds, died, fled, attacks := value(c, r, "wounds"), value(c, r, "died"), value(c, r, "fled"), value(c, r, "attacks")
	hitRate := ratio(c, r, "hit_rate")
	if len(old.Pack) != len(wounds.Items) {
		c.fail("%d Pack models, now %d", len(old.Pack), len(wounds.Items))
	}
	for i, m := range old.Pack {
		w := item(c, wounds, i)
		if w.Label != m.Name {
			c.fail("pack model %d: %s, now %s", i, m.Name, w.Label)
		}
		c.dist(m.Name+" wounds", m.Wounds, w.Dist)
		c.interval(m.Name+" died", m.Died, share(c, m.Name+" died", item(c, died, i)))
		c.dist(m.Name+" died_at", m.DiedAt, item(c, died, i).Dist)
		c.interval(m.Name+" fled", m.Fled, share(c, m.Name+" fled", item(c, fled, i)))
		c.dist(m.Name+" attacks", m.Attacks, item(c, attacks, i).Dist)
		if i < len(hitRate.Items) {
			c.interval(m.Name+" hit rate", m.HitRate, hitRate.Items[i].Ratio)
		}
	}
	if len(r.Series) == 0 || len(r.Series[0].Points) != len(old.DamageCurve) {
		c.fail("damage curve of %d steps", len(old.DamageCurve))
	} else {
		for k, p := range old.DamageCurve {
			n := r.Series[0].Points[k]
			if beyond(n.Mean) {
				// The recorded mean was read from a histogram that counts
				// a total past the Adversary's WND (it healed) as the WND:
				// it fell short. The mean is now exact, so it is larger.
				if n.Mean.Estimate <= p.Mean.Estimate {
					c.fail("damage at %d: %.4f, exact from the sums, is not above the clipped %.4f", p.Tick, n.Mean.Estimate, p.Mean.Estimate)
				}
			} else {
				c.interval(fmt.Sprintf("damage at %d", p.Tick), p.Mean, n.Mean)
			}
			if p.Tick != n.Tick || p.P10 != n.P10 || p.P50 != n.P50 || p.P90 != n.P90 {
				c.fail("damage at %d: %+v, now %+v", p.Tick, p, n)
			}
		}
	}
	if len(r.Curves) == 0 || len(r.Curves[0].Steps) != len(old.Survival) {
		c.fail("survival of %d steps", len(old.Survival))
	} else {
		for k, s := range old.Survival {
			c.interval(fmt.Sprintf("survival at %d", s.Tick), s.Alive, r.Curves[0].Steps[k].Alive)
		}
	}
	ex := value(c, r, "exhausted")
	for l, loc := range old.Locations {
		f := item(c, ex, l)
		if f.Label != loc.Name {
			c.fail("location %d: %s, now %s", l, loc.Name, f.Label)
		}
		c.interval(loc.Name+" exhausted", loc.Exhausted, share(c, loc.Name, f))
		c.dist(loc.Name+" exhausted_at", loc.ExhaustedAt, f.Dist)
	}
	drawn, dealt, kills, imposed := value(c, r, "drawn"), value(c, r, "dealt"), value(c, r, "kills"), value(c, r, "imposed")
	wpd, kpd, cpd := ratio(c, r, "wounds_per_draw"), ratio(c, r, "kills_per_draw"), ratio(c, r, "conditions_per_draw")
	for k, cd := range old.Cards {
		d := item(c, drawn, k)
		if d.Item != cd.Card || d.Total != cd.Drawn || item(c, dealt, k).Total != cd.Wounds || item(c, kills, k).Total != cd.Kills ||
			item(c, imposed, k).Total != cd.Conditions {
			c.fail("card %s: drawn %d wounds %d kills %d conditions %d; now %s %d %d %d %d", cd.Card, cd.Drawn, cd.Wounds, cd.Kills, cd.Conditions,
				d.Item, d.Total, item(c, dealt, k).Total, item(c, kills, k).Total, item(c, imposed, k).Total)
		}
		if d.Rate != nil {
			c.interval(cd.Card+" per hunt", cd.PerHunt, *d.Rate)
		} else {
			c.fail("card %s: no rate per hunt", cd.Card)
		}
		if k < len(wpd.Items) && k < len(kpd.Items) && k < len(cpd.Items) {
			c.interval(cd.Card+" wounds per draw", cd.WoundsPer, wpd.Items[k].Ratio)
			c.interval(cd.Card+" kills per draw", cd.KillRate, kpd.Items[k].Ratio)
			c.interval(cd.Card+" conditions per draw", cd.CondsPer, cpd.Items[k].Ratio)
		}
	}
	suffered := value(c, r, "suffered")
	for k, cd := range old.Conditions {
		f := item(c, suffered, k)
		if f.Item != cd.Name || f.Total != cd.Count || f.Rate == nil {
			c.fail("condition %s %d, now %s %d", cd.Name, cd.Count, f.Item, f.Total)
			continue
		}
		c.interval(cd.Name+" per hunt", cd.Rate, *f.Rate)
	}
	if old.ObjectiveMet != nil {
		c.interval("objective met", *old.ObjectiveMet, share(c, "objective met", item(c, value(c, r, "objective_met"), 0)))
		c.dist("renown", *old.Renown, item(c, value(c, r, "renown"), 0).Dist)
	} else {
		for _, v := range r.Values {
			if v.Key == "objective_met" || v.Key == "renown" {
				c.fail("a figure %s without an Objective", v.Key)
			}
		}
	}
	return c.bad
}

// asSummary1 reads a summary of schema 1 from its JSON.
func asSummary1(t *testing.T, b []byte) *summary1 {
	t.Helper()
	var s summary1
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return &s
}

// effectLabel1 names an action entry or a hit-location effect as the
// reports of schema 1 did: "Harrowing Chorus (A♠ A♦ A♣)", "Beloved Breath
// (K♥, defensive)", "Head: Weeping (hit card 10)".
func effectLabel1(e *effect1) string {
	cards := strings.Join(e.Cards, " ")
	switch {
	case e.Kind == "location" && len(e.Cards) == 1:
		cards = "hit card " + cards
	case e.Kind == "location":
		cards = "hit cards " + strings.Join(e.Cards, ", ")
	case e.Tree != "":
		cards += ", " + e.Tree
	}
	if cards == "" {
		return e.Name
	}
	return e.Name + " (" + cards + ")"
}

// compareEffects checks the card effects of a summary of schema 1 against
// a report's ablations.
func compareEffects(t *testing.T, where string, old *effects1, a *stats.Ablations) int {
	t.Helper()
	c := &checker{t: t, where: where + " card effects"}
	if a == nil {
		c.fail("not measured")
		return c.bad
	}
	if old.Hunts != a.Hunts || old.First != a.First || old.Stopped != a.Stopped || old.Alpha != a.Alpha {
		c.fail("hunts %d from %d, stopped %s, alpha %v; now %d from %d, %s, %v", old.Hunts, old.First, old.Stopped, old.Alpha, a.Hunts, a.First, a.Stopped, a.Alpha)
	}
	wounds := slices.Index(a.Headline, "pack_wounds")
	if len(old.Effects) != len(a.Effects) || wounds < 0 {
		c.fail("%d effects, now %d (headline %v)", len(old.Effects), len(a.Effects), a.Headline)
		return c.bad
	}
	for i := range old.Effects {
		o, n := &old.Effects[i], &a.Effects[i]
		name := effectLabel1(o)
		if name != n.Label || o.Kind != n.Group {
			c.fail("effect %d: %s (%s), now %s (%s)", i, name, o.Kind, n.Label, n.Group)
		}
		c.interval(name+" win", o.Win, n.Win)
		c.interval(name+" rounds", o.Rounds, n.Length)
		c.interval(name+" pack wounds", o.Wounds, n.Headline[wounds])
		if o.OnlyWith != n.OnlyWith || o.OnlyBlank != n.OnlyBlank || o.WinP != n.WinP || !nearP(o.RoundsP, n.LengthP) ||
			o.WinSignificant != n.WinSignificant || o.RoundsSignificant != n.LengthSignificant {
			c.fail("%s: %d/%d p %v/%v sig %v/%v, now %d/%d p %v/%v sig %v/%v", name, o.OnlyWith, o.OnlyBlank, o.WinP, o.RoundsP,
				o.WinSignificant, o.RoundsSignificant, n.OnlyWith, n.OnlyBlank, n.WinP, n.LengthP, n.WinSignificant, n.LengthSignificant)
		}
	}
	if !slices.Equal(old.NoEffect, a.Inert) {
		c.fail("no effect %v, now inert %v", old.NoEffect, a.Inert)
	}
	return c.bad
}

// nearP reports whether two normal-test p-values agree: the runs before
// the seam took the tail as gonum's 1 - CDF, exact only to a few ulps of
// 1 (about 1e-16 absolute, all of it below 1e-16), the report now as
// erfc, exact to its last digits.
func nearP(old, now float64) bool {
	return math.Abs(old-now) <= 1e-15+1e-9*math.Max(old, now)
}

// beyond reports whether a series' mean carries the warning that some
// hunts' totals lay beyond its range (stats' seriesMean): the recorded
// figure, read from the clipped histogram, is then not comparable.
func beyond(i stats.Interval) bool {
	for _, w := range i.Warnings {
		if strings.Contains(w, "beyond 0..") {
			return true
		}
	}
	return false
}
