package crims

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/big"

	"balance/game"
	sim "balance/sim/crims"
)

// Bounds of the odds flags.
const (
	maxOddsDice  = 30
	maxOddsArmor = 10
)

// OddsFlags registers the odds flags: a check of -pool dice (the
// attribute, the Impact Die among them) against -threshold, or a Damage
// check of -damage dice against a crim of -armor; -impact says whether
// an Impact 10 is taken as two successes (double, the default: what a
// player who needs the success does) or as one (single: the player takes
// another option). It returns the function printing the exact
// distribution, as fractions and decimals, or as JSON.
func (Game) OddsFlags(fs *flag.FlagSet) func(w io.Writer, asJSON bool) error {
	pool := fs.Int("pool", 3, "dice in the check: the attribute rating (the Impact Die among them), 0.."+fmt.Sprint(maxOddsDice))
	threshold := fs.Int("threshold", 2, "the check's Threshold (successes needed), 0.."+fmt.Sprint(maxOddsDice))
	impact := fs.String("impact", "double", "an Impact 10: double (counts as two successes) or single (one success; another option taken)")
	damage := fs.Int("damage", 0, "instead of a check: a Damage check of this many potential Wounds (dice), 1.."+fmt.Sprint(maxOddsDice))
	armor := fs.Int("armor", 0, "with -damage: the crim's Armor level (downgrades, chosen by the roller), 0.."+fmt.Sprint(maxOddsArmor))
	return func(w io.Writer, asJSON bool) error {
		var double bool
		switch *impact {
		case "double":
			double = true
		case "single":
		default:
			return game.Usagef("-impact %q: single or double", *impact)
		}
		switch {
		case *pool < 0 || *pool > maxOddsDice:
			return game.Usagef("-pool %d: allowed 0..%d", *pool, maxOddsDice)
		case *threshold < 0 || *threshold > maxOddsDice:
			return game.Usagef("-threshold %d: allowed 0..%d", *threshold, maxOddsDice)
		case *damage < 0 || *damage > maxOddsDice:
			return game.Usagef("-damage %d: allowed 1..%d", *damage, maxOddsDice)
		case *armor < 0 || *armor > maxOddsArmor:
			return game.Usagef("-armor %d: allowed 0..%d", *armor, maxOddsArmor)
		}
		if *damage > 0 {
			return printDamage(w, *damage, *armor, double, asJSON)
		}
		if *armor != 0 {
			return game.Usagef("-armor goes with -damage")
		}
		return printCheck(w, *pool, *threshold, double, asJSON)
	}
}

// Fraction writes p as "a/b (0.xxxx)", or the decimal alone when the
// fraction is long (a denominator of more than 6 digits).
func Fraction(p *big.Rat) string {
	f, _ := p.Float64()
	if p.Denom().Cmp(big.NewInt(1_000_000)) > 0 {
		return fmt.Sprintf("%.6f", f)
	}
	return fmt.Sprintf("%s (%.4f)", p.RatString(), f)
}

func impactWord(double bool) string {
	if double {
		return "an Impact 10 counts as two successes"
	}
	return "an Impact 10 counts as one success"
}

func printCheck(w io.Writer, n, t int, double, asJSON bool) error {
	dist, p := sim.CheckOdds(n, t, double)
	if asJSON {
		pf, _ := p.Float64()
		return json.NewEncoder(w).Encode(struct {
			Pool      int       `json:"pool"`
			Threshold int       `json:"threshold"`
			Impact    string    `json:"impact"`
			PSuccess  float64   `json:"p_success"`
			Fraction  string    `json:"p_success_fraction"`
			Dist      []float64 `json:"distribution"`
			Fractions []string  `json:"distribution_fractions"`
		}{n, t, map[bool]string{true: "double", false: "single"}[double], pf, p.RatString(), sim.Floats(dist), rats(dist)})
	}
	desc := "no die"
	if n >= 1 {
		desc = fmt.Sprintf("the Impact d10 and %d d10", n-1)
	}
	if _, err := fmt.Fprintf(w, "a check of %s (%s) against Threshold %d; %s\n", game.Plural(n, "die"), desc, t, impactWord(double)); err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "%-10s %s\n", "successes", "probability"); err != nil {
		return err
	}
	for k, q := range dist {
		if _, err := fmt.Fprintf(w, "%-10d %s\n", k, Fraction(q)); err != nil {
			return err
		}
	}
	mean, _ := sim.Mean(dist).Float64()
	_, err := fmt.Fprintf(w, "mean successes %.4f\nP(success) = P(successes >= %d) = %s\n", mean, t, Fraction(p))
	return err
}

func printDamage(w io.Writer, wounds, armor int, double, asJSON bool) error {
	dist := sim.DamageOdds(wounds, armor, 0, double, false)
	mean := sim.Mean(dist)
	if asJSON {
		mf, _ := mean.Float64()
		return json.NewEncoder(w).Encode(struct {
			Damage    int       `json:"damage"`
			Armor     int       `json:"armor"`
			Impact    string    `json:"impact"`
			Mean      float64   `json:"mean_wounds"`
			Dist      []float64 `json:"distribution"`
			Fractions []string  `json:"distribution_fractions"`
		}{wounds, armor, map[bool]string{true: "double", false: "single"}[double], mf, sim.Floats(dist), rats(dist)})
	}
	pool := sim.Build(wounds, sim.Mods{Down: int8(armor)}, true)
	if _, err := fmt.Fprintf(w, "a Damage check of %s against Armor %d: the Impact d10 and %v; %s\n", game.Plural(wounds, "die"), armor, pool, impactWord(double)); err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "%-10s %s\n", "wounds", "probability"); err != nil {
		return err
	}
	for k, q := range dist {
		if _, err := fmt.Fprintf(w, "%-10d %s\n", k, Fraction(q)); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "mean wounds %s\n", Fraction(mean))
	return err
}

func rats(dist []*big.Rat) []string {
	out := make([]string, len(dist))
	for i, p := range dist {
		out[i] = p.RatString()
	}
	return out
}
