package cazadores

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"balance/game"
	"balance/sim/dice"
)

var _ game.Odds = Game{}

// oddsJSON is the -json output of odds.
type oddsJSON struct {
	Pool          int       `json:"pool"`
	DT            int       `json:"dt"`
	Advantage     string    `json:"advantage"`
	PAtLeastOne   float64   `json:"p_at_least_one"`
	MeanSuccesses float64   `json:"mean_successes"`
	Distribution  []float64 `json:"distribution"`
	AtLeast       []float64 `json:"at_least"`
	Criticals     []float64 `json:"criticals"`
}

// OddsFlags registers the flags of a Check's odds (-pool, -dt, -adv,
// -dis) and returns the function that prints the exact distribution of
// the Check they give: for k = 0..pool, P(S = k) and P(S >= k) for the
// number of Successes S; the distribution of the number of Criticals;
// P(at least one success), which is the chance the Check succeeds; and the
// mean number of Successes. Text output rounds to 6 decimals; JSON keeps
// full precision. -adv and -dis together cancel, as Advantage and
// Disadvantage do.
func (Game) OddsFlags(fs *flag.FlagSet) func(w io.Writer, asJSON bool) error {
	var pool, dt int
	var adv, dis bool
	fs.IntVar(&pool, "pool", 0, fmt.Sprintf("number of dice in the pool, 0..%d (required)", dice.MaxPool))
	fs.IntVar(&dt, "dt", 0, fmt.Sprintf("difficulty threshold, 0..%d (required)", dice.MaxDT))
	fs.BoolVar(&adv, "adv", false, "the Check has Advantage (two difficulty dice, keep the lower)")
	fs.BoolVar(&dis, "dis", false, "the Check has Disadvantage (two difficulty dice, keep the higher); with -adv, the two cancel")
	return func(w io.Writer, asJSON bool) error {
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		switch {
		case !set["pool"]:
			return game.Usagef("-pool is required (0..%d)", dice.MaxPool)
		case !set["dt"]:
			return game.Usagef("-dt is required (0..%d)", dice.MaxDT)
		case pool < 0 || pool > dice.MaxPool:
			return game.Usagef("-pool %d is out of range: the valid range is 0..%d", pool, dice.MaxPool)
		case dt < 0 || dt > dice.MaxDT:
			return game.Usagef("-dt %d is out of range: the valid range is 0..%d", dt, dice.MaxDT)
		}
		a := dice.Net(b2i(adv), b2i(dis))
		r := oddsJSON{
			Pool:          pool,
			DT:            dt,
			Advantage:     a.String(),
			PAtLeastOne:   dice.PAtLeast(pool, dt, a, 1),
			MeanSuccesses: dice.MeanSuccesses(pool, dt, a),
			Distribution:  dice.PSuccesses(pool, dt, a, nil),
			Criticals:     dice.PCrits(pool, dt, a, nil),
		}
		for k := 0; k <= pool; k++ {
			r.AtLeast = append(r.AtLeast, dice.PAtLeast(pool, dt, a, k))
		}
		if asJSON {
			b, err := json.MarshalIndent(r, "", "  ")
			if err != nil {
				return err
			}
			_, err = fmt.Fprintf(w, "%s\n", b)
			return err
		}
		return printOdds(w, &r)
	}
}

func printOdds(w io.Writer, r *oddsJSON) error {
	fmt.Fprintf(w, "Check: pool %d, DT %d, %s\n\n", r.Pool, r.DT, r.Advantage)
	fmt.Fprintf(w, "%3s  %-9s  %-9s\n", "k", "P(S = k)", "P(S >= k)")
	for k := range r.Distribution {
		fmt.Fprintf(w, "%3d  %.6f   %.6f\n", k, r.Distribution[k], r.AtLeast[k])
	}
	fmt.Fprintf(w, "\n%3s  %s\n", "c", "P(C = c)")
	for c, p := range r.Criticals {
		fmt.Fprintf(w, "%3d  %.6f\n", c, p)
	}
	fmt.Fprintf(w, "\nP(at least one success) %.6f\n", r.PAtLeastOne)
	_, err := fmt.Fprintf(w, "mean successes          %.6f\n", r.MeanSuccesses)
	return err
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
