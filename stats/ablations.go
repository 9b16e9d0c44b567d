package stats

import (
	"fmt"
	"math"
)

// Ablations is what each part of a design does (an action entry, a hit
// location's effect), measured the paired way: hunt indices First to
// First+Hunts-1 played as designed and again with the part switched off,
// each on the same random stream. Every difference is "as designed" minus
// "switched off": what the part adds.
type Ablations struct {
	Hunts   int64   `json:"hunts"`   // hunts played by each lane (as designed, and each part switched off)
	First   int64   `json:"first"`   // index of the first
	Stopped string  `json:"stopped"` // "hunts", or "interrupted": Hunts is then those played
	Alpha   float64 `json:"alpha"`   // the family-wise level of the significance flags (Holm over every test of the list)
	// The values the headline differences are of (the schema's Headline),
	// with their labels.
	Headline []string `json:"headline"`
	Labels   []string `json:"labels"`
	// One per part that can be switched off, in the order of the design.
	Effects []Ablation `json:"effects"`
	// The parts with nothing to switch off (nothing to measure).
	Inert []string `json:"inert"`
}

// Ablation is what one part of a design does.
type Ablation struct {
	Set   string `json:"set"`   // the -set override that switches it off
	Label string `json:"label"` // e.g. "Sweeping Smash (A♠ A♦ A♣)"
	Group string `json:"group"` // e.g. "action", "location"
	// The first side's win rate as designed minus switched off, paired
	// (PairedDiff), with the hunts only one of the two won and the exact
	// McNemar p-value.
	Win       Interval `json:"win"`
	OnlyWith  int64    `json:"only_with"`
	OnlyBlank int64    `json:"only_blank"`
	WinP      float64  `json:"win_p"`
	// The hunt's length and each headline value, as designed minus
	// switched off (PairedShift); LengthP the paired test of the length.
	Length   Interval   `json:"length"`
	LengthP  float64    `json:"length_p"`
	Headline []Interval `json:"headline"`
	// Whether the change of the win rate, of the length, is significant
	// at Alpha with Holm's correction over every p-value of the list.
	WinSignificant    bool `json:"win_significant"`
	LengthSignificant bool `json:"length_significant"`
}

// fewDiffer is the number of pairs that differ below which PairedShift
// no longer trusts the normal interval.
const fewDiffer = 5

// PairedShift estimates the mean of a paired difference d from Σd and Σd²
// over n pairs, |d| at most bound: PairedMeanDiff's normal interval,
// widened when fewer than 5 pairs may differ. The pairs that differ are
// at most Σd² (each counts at least 1 there); with k = Σd² < 5 the normal
// interval says little (with none it has no width), and the interval is
// widened to hold ±bound·u, u the upper end of the Wilson interval of k
// differing pairs in n: the mean is q·E[d | d ≠ 0] with q that share, and
// E[d | d ≠ 0] lies in [-bound, bound]. A warning says so.
func PairedShift(sumD, sumD2, n int64, bound int) Interval {
	e := PairedMeanDiff(float64(sumD), float64(sumD2), n, Conf)
	if n > 0 && sumD2 < fewDiffer {
		u := Proportion(sumD2, n, Conf).High * float64(bound)
		e.Warnings = nil
		e = e.Hull(Estimate{Low: -u, High: u})
		e.Low, e.High = math.Max(e.Low, -float64(bound)), math.Min(e.High, float64(bound))
		e.Warnings = append(e.Warnings, fmt.Sprintf("fewer than %d hunts went differently: the interval allows for any change of up to %d in them", fewDiffer, bound))
	}
	return FromEstimate(e)
}
