package skirmish

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"balance/game"
	sk "balance/sim/skirmish"
)

var _ game.Odds = Game{}

// OddsFlags registers the flags of 'odds' for the skirmish game: an
// opposed roll (-attack A -defend D, with -damage M -armour R its damage,
// -crit and -jam the readings of natural 20s and 1s), or a target-number
// roll (-tn N -stat S). The function returned prints the exact
// probabilities, as JSON when asJSON is set.
func (Game) OddsFlags(fs *flag.FlagSet) func(w io.Writer, asJSON bool) error {
	attack := fs.Int("attack", 0, "the attacker's total modifier (Fight or Shoot with its modifiers)")
	defend := fs.Int("defend", 0, "the defender's total modifier (Fight with its combat or shooting defence modifiers)")
	damage := fs.Int("damage", 0, "the attack's damage modifier (with -armour: the damage it deals)")
	armour := fs.Int("armour", 0, "the defender's Armour (with -damage)")
	crit := fs.Bool("crit", false, "a natural 20 that wins doubles the damage (the crit rule of shooting)")
	jam := fs.Bool("jam", false, "a natural 1 misses (the jam rule of guns)")
	tn := fs.Int("tn", 0, "a target number (with -stat: the chance d20 + stat reaches it)")
	stat := fs.Int("stat", 0, "the stat added to the d20 of a target-number roll")
	return func(w io.Writer, asJSON bool) error {
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		for _, n := range []string{"attack", "defend", "damage", "armour", "tn", "stat"} {
			if set[n] {
				if v := fs.Lookup(n).Value.(flag.Getter).Get().(int); v < -100 || v > 100 {
					return game.Usagef("-%s %d: allowed -100..100", n, v)
				}
			}
		}
		opposed := set["attack"] || set["defend"] || set["damage"] || set["armour"] || set["crit"] || set["jam"]
		target := set["tn"] || set["stat"]
		switch {
		case opposed && target:
			return game.Usagef("give an opposed roll (-attack, -defend) or a target-number roll (-tn, -stat), not both")
		case target && !set["tn"]:
			return game.Usagef("-stat needs -tn, the target number")
		case target:
			p := sk.TN(*tn, *stat)
			if asJSON {
				return writeJSON(w, map[string]any{"tn": *tn, "stat": *stat, "p_success": p})
			}
			_, err := fmt.Fprintf(w, "d20 %+d against TN%d: success %.4f (%d of 20 faces)\n", *stat, *tn, p, sk.TNCount(*tn, *stat))
			return err
		case !set["attack"] || !set["defend"]:
			return game.Usagef("give -attack A and -defend D (an opposed roll), or -tn N -stat S (a target-number roll)")
		case set["damage"] != set["armour"]:
			return game.Usagef("-damage and -armour go together: the damage modifier and the defender's Armour")
		}
		o := sk.Opposed{A: *attack, D: *defend, M: *damage, R: *armour, Crit: *crit, Jam: *jam}
		pa, pt, pd := o.P()
		withDamage := set["damage"]
		if asJSON {
			out := map[string]any{"attack": *attack, "defend": *defend, "p_attacker": pa, "p_tie": pt, "p_defender": pd}
			if withDamage {
				dist := o.Damage(nil)
				_, stun, mean := o.DamageSummary(sk.StunDamage)
				out["damage"], out["armour"], out["crit"], out["jam"] = *damage, *armour, *crit, *jam
				out["damage_distribution"], out["mean_damage"], out["p_stun"] = dist, mean, stun
			}
			return writeJSON(w, out)
		}
		var b strings.Builder
		jamNote := ""
		if *jam {
			jamNote = "; -jam: the attacker's natural 1 misses"
		}
		fmt.Fprintf(&b, "d20 %+d against d20 %+d: attacker wins %.4f, tie %.4f, defender wins %.4f (a tie: equal totals%s)\n", *attack, *defend, pa, pt, pd, jamNote)
		if withDamage {
			dist := o.Damage(nil)
			_, stun, mean := o.DamageSummary(sk.StunDamage)
			critNote := "no criticals, see -crit"
			if *crit {
				critNote = "-crit: a winning 20 doubles it"
			}
			fmt.Fprintf(&b, "damage (modifier %+d, Armour %d; a lost or tied roll deals 0; %s): mean %.4f, 4 or more (a stun) %.4f\n", *damage, *armour, critNote, mean, stun)
			for k, p := range dist {
				if p > 0 {
					fmt.Fprintf(&b, "  %3d  %.4f\n", k, p)
				}
			}
		}
		_, err := io.WriteString(w, b.String())
		return err
	}
}

func writeJSON(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
