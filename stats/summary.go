package stats

import "math"

// SchemaVersion is the version of the Summary's JSON schema
// (docs/summary-schema.md). It changes when a field changes meaning or
// goes away; new fields may be added without a change.
const SchemaVersion = 1

// Summary is everything a run of hunts reports, computed from its integer
// tally. It is written as summary.json (the schema is documented in
// docs/summary-schema.md) and drawn by the reports. Every estimate carries
// its interval and n. Fields under Timing vary between runs; everything
// else is identical, bit for bit, for the same configuration and seed
// whatever the number of workers or shards.
type Summary struct {
	Schema  int    `json:"schema"`
	Program string `json:"program"` // program name and version

	Config Config `json:"config"`

	Hunts       int64  `json:"hunts"`       // hunts played and tallied
	Seed        uint64 `json:"seed"`        // the run seed: hunt i plays the stream (seed, i)
	First       int64  `json:"first"`       // index of the first hunt tallied
	Interrupted bool   `json:"interrupted"` // the run was stopped early (Ctrl-C): Hunts says how many were played
	Stopped     string `json:"stopped"`     // why the run stopped: "hunts", "target_error" or "interrupted"

	PackWinRate       Interval `json:"pack_win_rate"`      // P(every Foe slain)
	AdversaryDefeated Interval `json:"adversary_defeated"` // P(every hit location exhausted)
	Outcomes          []Count  `json:"outcomes"`           // one per outcome, in a fixed order

	Rounds       Distribution `json:"rounds"`        // hunt length in Rounds
	DecidedAt    Distribution `json:"decided_at"`    // the Tick at which the outcome was settled (the last Foe or Pack model gone; the cap)
	DefeatedAt   Distribution `json:"defeated_at"`   // the Tick the Adversary fell, over the hunts where it did
	AdvWounds    Distribution `json:"adv_wounds"`    // WNDs dealt to the Adversary per hunt
	MinionsSlain Distribution `json:"minions_slain"` // per hunt
	PackDeaths   Distribution `json:"pack_deaths"`   // Pack models dead per hunt

	Pack        []PackModel    `json:"pack"`         // one per Pack model, in pack order
	DamageCurve []CurvePoint   `json:"damage_curve"` // cumulative WNDs dealt to the Adversary by Tick
	Survival    []SurvivalStep `json:"survival"`     // Pack models alive (not dead) by Tick
	Locations   []Location     `json:"locations"`    // one per hit location
	Cards       []Card         `json:"cards"`        // one per action card, in deck order
	Conditions  []Count        `json:"conditions"`   // Conditions imposed on the Pack, per hunt

	// What each action entry and hit-location effect does to the outcome,
	// measured on hunts played again with it blank; absent when not
	// measured (docs/summary-schema.md).
	CardEffects *CardEffects `json:"card_effects,omitempty"`

	// With an Objective: its slug, how often it was met, and the Renown
	// the hunt earned (may be negative).
	Objective    string        `json:"objective,omitempty"`
	ObjectiveMet *Interval     `json:"objective_met,omitempty"`
	Renown       *Distribution `json:"renown,omitempty"`

	Draws Distribution `json:"draws"` // random draws per hunt
	Turns Distribution `json:"turns"` // Turns per hunt

	Timing Timing `json:"timing"`
}

// Config names what was run.
type Config struct {
	Adversary     string   `json:"adversary"`      // slug
	AdversaryName string   `json:"adversary_name"` // display name
	Pack          string   `json:"pack"`
	Scenario      string   `json:"scenario"`
	PackAI        string   `json:"pack_ai,omitempty"` // the Pack's policy tier (ai.Tiers), e.g. "basic"
	Overrides     []string `json:"overrides"`         // -set overrides, in the order given
	Hash          string   `json:"hash"`              // hash of the game data the run used
	RoundCap      int      `json:"round_cap"`
	TargetError   float64  `json:"target_error,omitempty"`
}

// Interval is an estimate with its confidence interval, as written in
// JSON: {"estimate", "low", "high", "conf", "n"}.
type Interval struct {
	Estimate float64  `json:"estimate"`
	Low      float64  `json:"low"`
	High     float64  `json:"high"`
	Conf     float64  `json:"conf"`
	N        int64    `json:"n"`
	Warnings []string `json:"warnings,omitempty"`
}

// FromEstimate converts an Estimate for JSON and the reports. An estimate
// that is not a finite number, as a mean over no observations is (its
// interval is unbounded), becomes the interval of nothing measured: 0 at
// each end with its n and its warnings, which the reports print as "n/a";
// so no NaN or infinity reaches a writer.
func FromEstimate(e Estimate) Interval {
	if !finite(e.Value) || !finite(e.Low) || !finite(e.High) {
		w := e.Warnings
		if len(w) == 0 {
			w = []string{"no estimate"}
		}
		return Interval{Conf: e.Conf, N: e.N, Warnings: w}
	}
	return Interval{Estimate: e.Value, Low: e.Low, High: e.High, Conf: e.Conf, N: e.N, Warnings: e.Warnings}
}

func finite(x float64) bool { return !math.IsInf(x, 0) && !math.IsNaN(x) }

// Count is a named count with its rate per hunt.
type Count struct {
	Name  string   `json:"name"`
	Label string   `json:"label,omitempty"`
	Side  string   `json:"side,omitempty"` // an outcome's: the side it is a win for ("" for none)
	Count int64    `json:"count"`
	Rate  Interval `json:"rate"` // Count / hunts: for outcomes a proportion, Wilson interval; for Conditions a mean per hunt, the wider of the normal and the exact Poisson interval
}

// Distribution summarises an integer quantity over hunts: its mean with a
// normal interval (widened to the quantity's whole range, with a warning,
// when fewer than 5 hunts differ from the most common value), quantiles
// read from the histogram, and the histogram.
type Distribution struct {
	N         int64    `json:"n"`
	Mean      Interval `json:"mean"`
	SD        float64  `json:"sd"`
	Min       int64    `json:"min"`
	P10       int64    `json:"p10"`
	P50       int64    `json:"p50"`
	P90       int64    `json:"p90"`
	Max       int64    `json:"max"`
	Histogram []int64  `json:"histogram"` // Histogram[v] hunts with value v (trailing zeros trimmed)
}

// PackModel is what happened to one Pack model.
type PackModel struct {
	Name    string       `json:"name"`
	Kind    string       `json:"kind"`
	WND     int          `json:"wnd"`    // starting WNDs
	Wounds  Distribution `json:"wounds"` // WNDs taken per hunt
	Died    Interval     `json:"died"`   // P(dead at the end)
	Fled    Interval     `json:"fled"`   // P(fled)
	HitRate Interval     `json:"hit_rate"`
	Attacks Distribution `json:"attacks"` // Attack Actions per hunt
	DiedAt  Distribution `json:"died_at"` // the Tick it died, over the hunts it died (its survival curve)
}

// CurvePoint is the cumulative WNDs dealt to the Adversary by the end of a
// Tick, over all hunts (a finished hunt keeps its final total).
type CurvePoint struct {
	Tick int      `json:"tick"`
	Mean Interval `json:"mean"`
	P10  int64    `json:"p10"`
	P50  int64    `json:"p50"`
	P90  int64    `json:"p90"`
}

// SurvivalStep is the fraction of Pack models not dead by the end of a
// Tick: the mean over hunts of each hunt's alive fraction (n = hunts),
// with BoundedMean's interval.
type SurvivalStep struct {
	Tick  int      `json:"tick"`
	Alive Interval `json:"alive"`
}

// Location is one hit location: how often and when it was exhausted.
type Location struct {
	Name        string       `json:"name"`
	Label       string       `json:"label"`
	WND         int          `json:"wnd"`
	Exhausted   Interval     `json:"exhausted"`    // P(exhausted by the end)
	ExhaustedAt Distribution `json:"exhausted_at"` // Tick, over hunts where it was
}

// Card is one Adversary action card and what it did. Its per-draw
// figures are rates with n the draws: the wider of the ratio estimator's
// delta-method interval and the exact Poisson interval of the count over
// the draws (batch.perDraw); per_hunt likewise over the hunts.
type Card struct {
	Card       string   `json:"card"` // e.g. "A♠"
	Name       string   `json:"name"`
	Tree       string   `json:"tree"`
	Drawn      int64    `json:"drawn"`      // times drawn over all hunts
	PerHunt    Interval `json:"per_hunt"`   // mean draws per hunt
	Wounds     int64    `json:"wounds"`     // WNDs dealt to the Pack
	WoundsPer  Interval `json:"wounds_per"` // WNDs per draw, a rate
	Kills      int64    `json:"kills"`      // Pack models killed
	KillRate   Interval `json:"kill_rate"`  // kills per draw, a rate (a draw may kill several)
	Conditions int64    `json:"conditions"` // Conditions imposed on the Pack
	CondsPer   Interval `json:"conds_per"`  // Conditions per draw, a rate
}

// CardEffects is what each Adversary action entry and each hit-location
// exhaustion effect does to the outcome, measured the paired way: hunt
// indices First to First+Hunts-1 played as designed and again with the
// entry blank (the card still drawn and its Turn taken, its action doing
// nothing; the location still exhausted, its effect left out), each on
// the same random stream. Every difference is "as designed" minus
// "blank": what the entry adds.
type CardEffects struct {
	Hunts   int64   `json:"hunts"`   // hunts played by each lane (as designed, and each entry blank)
	First   int64   `json:"first"`   // index of the first
	Stopped string  `json:"stopped"` // "hunts", or "interrupted": Hunts is then those played
	Alpha   float64 `json:"alpha"`   // the family-wise level of the significance flags (Holm over every test of the list)
	// One per action entry (actions ace..jack, special ace..jack) and per
	// hit location with an exhaustion effect, in the order of the data.
	Effects []CardEffect `json:"effects"`
	// Hit locations whose exhaustion has no effect (nothing to measure).
	NoEffect []string `json:"no_effect"`
}

// CardEffect is what one action entry or hit-location effect does.
type CardEffect struct {
	Key   string   `json:"key"`   // its path in the Adversary's data: actions.ace, special.king, hit_locations.2
	Kind  string   `json:"kind"`  // "action" or "location"
	Name  string   `json:"name"`  // the action's name, or the location's name and effect label ("Head: Weeping")
	Cards []string `json:"cards"` // the action cards that play it (A♠ A♦ A♣, or A♥); for a location, its hit-location card values
	Tree  string   `json:"tree"`  // the Decision Tree of a special entry; "" for a standard entry (its suit's) and a location
	// The Pack win rate as designed minus with the entry blank, paired
	// (PairedDiff), with the hunts only one of the two won and the exact
	// McNemar p-value.
	Win       Interval `json:"win"`
	OnlyWith  int64    `json:"only_with"`  // hunts the Pack won as designed only
	OnlyBlank int64    `json:"only_blank"` // hunts the Pack won with the entry blank only
	WinP      float64  `json:"win_p"`
	// Hunt length in Rounds and the Pack's WNDs taken per hunt, as designed
	// minus blank (paired means, normal intervals); RoundsP the paired
	// test of the length.
	Rounds  Interval `json:"rounds"`
	RoundsP float64  `json:"rounds_p"`
	Wounds  Interval `json:"pack_wounds"`
	// Whether the change of the win rate, of the length, is significant at
	// Alpha with Holm's correction over every p-value of the list.
	WinSignificant    bool `json:"win_significant"`
	RoundsSignificant bool `json:"rounds_significant"`
}

// Timing is how long the run took. It is the only part of a Summary that
// differs between identical runs.
type Timing struct {
	Seconds     float64 `json:"seconds"`
	HuntsPerSec float64 `json:"hunts_per_sec"`
	Workers     int     `json:"workers"`
}

// Zero returns the timing with every field zeroed, for comparing
// summaries of identical runs.
func (Timing) Zero() Timing { return Timing{} }
