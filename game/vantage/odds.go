package vantage

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	cfgv "balance/configs/vantage"
	"balance/game"
	sim "balance/sim/vantage"
)

// OddsFlags registers the flags of 'balance odds -game vantage' and
// returns the function that prints the exact odds: the distribution of
// the roll the rulings chose (rules.yaml's roll_dice and roll_sides), the
// chance it succeeds for the stat, and the spec's P-1 … P-4: the chance
// that a fighter (or a party, one stat per fighter) gains vantage within
// k action points, the mean points it takes, the chance of gaining it and
// attacking in one turn, and the chance an enemy gains it on a fighter
// who has just evaded.
func (Game) OddsFlags(fs *flag.FlagSet) func(w io.Writer, asJSON bool) error {
	stat := fs.String("stat", "12", "the Perception of the fighter rolling, or of each fighter of a party: S or S1,S2,...")
	k := fs.Int("k", 6, "the most action points to give the chance of gaining vantage within (1..100)")
	dir := fs.String("data", "", "a data directory whose rules.yaml gives the roll and the action points")
	return func(w io.Writer, asJSON bool) error {
		stats, err := parseStats(*stat)
		if err != nil {
			return &game.UsageError{Err: err}
		}
		if *k < 1 || *k > 100 {
			return game.Usagef("-k %d: allowed 1..100", *k)
		}
		if err := dataDir(*dir); err != nil {
			return err
		}
		data, err := cfgv.Load(context.Background(), *dir)
		if err != nil {
			return err
		}
		o := Exact(data.Rules, stats, *k)
		if asJSON {
			b, err := json.MarshalIndent(o, "", "  ")
			if err != nil {
				return err
			}
			_, err = fmt.Fprintf(w, "%s\n", b)
			return err
		}
		return o.write(w)
	}
}

func parseStats(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || v < 0 || v > sim.MaxStat {
			return nil, fmt.Errorf("-stat %s: %q is not a stat; a stat is a whole number 0..%d (a party: S1,S2,...)", s, f, sim.MaxStat)
		}
		out = append(out, v)
	}
	if len(out) > sim.MaxSide {
		return nil, fmt.Errorf("-stat %s: a party has at most %d fighters", s, sim.MaxSide)
	}
	return out, nil
}

// Odds are the exact odds 'balance odds -game vantage' prints.
type Odds struct {
	Dice         int       `json:"dice"`
	Sides        int       `json:"sides"`
	Distribution []SumP    `json:"distribution"` // of the dice's sum
	Stats        []int     `json:"stats"`
	Chance       []float64 `json:"chance"`      // of a roll's success, per stat
	ExpectedAP   []float64 `json:"expected_ap"` // mean points until one succeeds, per stat (P-1); null when never
	AP           int       `json:"action_points"`
	Within       []KP      `json:"within"`          // the party gains vantage within k points (P-1)
	GainAttack   float64   `json:"gain_and_attack"` // the first fighter gains vantage and attacks in one turn (P-3)
	EvadeBlocks  bool      `json:"evade_blocks"`
	GainOnEvader float64   `json:"gain_on_evader"` // the first fighter gains vantage on an enemy who just evaded, in its next turn (P-4)
}

// SumP is the probability of one sum of the dice.
type SumP struct {
	Sum int     `json:"sum"`
	P   float64 `json:"p"`
}

// KP is the probability of gaining vantage within K points.
type KP struct {
	K int     `json:"k"`
	P float64 `json:"p"`
}

// Exact computes the odds for the rules, the stats of a party and k.
func Exact(r sim.Rules, stats []int, k int) *Odds {
	o := &Odds{Dice: r.Roll.Dice, Sides: r.Roll.Sides, Stats: stats, AP: r.AP, EvadeBlocks: r.EvadeBlocks}
	for s, p := range sim.RollDist(r.Roll) {
		if s >= r.Roll.Dice {
			o.Distribution = append(o.Distribution, SumP{s, p})
		}
	}
	for _, s := range stats {
		p := sim.RollChance(r.Roll, s)
		o.Chance = append(o.Chance, p)
		o.ExpectedAP = append(o.ExpectedAP, sim.ExpectedAP(p))
	}
	for j := 1; j <= k; j++ {
		o.Within = append(o.Within, KP{j, sim.PartyGainWithin(o.Chance, r.AP, j)})
	}
	o.GainAttack = sim.GainAndAttack(o.Chance[0], r.AP)
	o.GainOnEvader = sim.GainOnEvader(o.Chance[0], r.AP, r.EvadeBlocks)
	return o
}

// MarshalJSON writes an infinite mean (a stat no roll reaches) as null.
func (o *Odds) MarshalJSON() ([]byte, error) {
	type plain Odds
	c := *o
	means := make([]*float64, len(o.ExpectedAP))
	for i, e := range o.ExpectedAP {
		if e <= 1e300 {
			means[i] = &o.ExpectedAP[i]
		}
	}
	return json.Marshal(struct {
		*plain
		ExpectedAP []*float64 `json:"expected_ap"`
	}{(*plain)(&c), means})
}

func (o *Odds) write(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "roll: %dd%d, a success when the sum is at most the stat (a ruling, not from the source)\n", o.Dice, o.Sides)
	b.WriteString("sum of the dice:\n")
	for _, s := range o.Distribution {
		fmt.Fprintf(&b, "  %3d  %.6f\n", s.Sum, s.P)
	}
	for i, s := range o.Stats {
		fmt.Fprintf(&b, "stat %d: P(success) = %.6f; mean action points to gain vantage %.4f\n", s, o.Chance[i], o.ExpectedAP[i])
	}
	who := "a fighter"
	if len(o.Stats) > 1 {
		who = fmt.Sprintf("a party of %d (its points spent in roster order, %d a turn each)", len(o.Stats), o.AP)
	}
	fmt.Fprintf(&b, "P(%s gains vantage within k action points):\n", who)
	for _, kp := range o.Within {
		fmt.Fprintf(&b, "  k = %2d  %.6f\n", kp.K, kp.P)
	}
	fmt.Fprintf(&b, "P(gain vantage and attack in one turn of %d points, stat %d) = %.6f\n", o.AP, o.Stats[0], o.GainAttack)
	fmt.Fprintf(&b, "P(gain vantage on an enemy who has just evaded, in the turn after, stat %d) = %.6f (evade_blocks %v)\n",
		o.Stats[0], o.GainOnEvader, o.EvadeBlocks)
	_, err := io.WriteString(w, b.String())
	return err
}
