package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"balance/sim/dice"
)

type oddsOpts struct {
	pool, dt int
	adv, dis bool
	json     bool
}

func (o *oddsOpts) flags(fs *flag.FlagSet) {
	intVar(fs, &o.pool, "pool", 0, fmt.Sprintf("number of dice in the pool, 0..%d (required)", dice.MaxPool))
	intVar(fs, &o.dt, "dt", 0, fmt.Sprintf("difficulty threshold, 0..%d (required)", dice.MaxDT))
	fs.BoolVar(&o.adv, "adv", false, "the Check has Advantage (two difficulty dice, keep the lower)")
	fs.BoolVar(&o.dis, "dis", false, "the Check has Disadvantage (two difficulty dice, keep the higher); with -adv, the two cancel")
	fs.BoolVar(&o.json, "json", false, "print one JSON object instead of tables")
}

func init() {
	register(&command{
		name:    "odds",
		summary: "print the exact odds of a Check",
		usage:   "-pool N -dt D [-adv | -dis] [-json]",
		long: `odds prints the exact distribution of a Check's outcome, computed, not
sampled: for k = 0..pool, P(S = k) and P(S >= k) for the number of
Successes S; the distribution of the number of Criticals; P(at least one
success), which is the chance the Check succeeds; and the mean number of
Successes. Text output rounds to 6 decimals. -adv and -dis together cancel,
as Advantage and Disadvantage do.

-json prints one object with the keys pool, dt, advantage ("normal",
"advantage" or "disadvantage"), p_at_least_one, mean_successes,
distribution (P(S = 0), P(S = 1), ...), at_least (P(S >= 0), P(S >= 1), ...)
and criticals (P(C = 0), P(C = 1), ...), at full precision.`,
		examples: []string{
			"balance odds -pool 6 -dt 6",
			"balance odds -pool 8 -dt 4 -adv",
			"balance odds -pool 3 -dt 6 -dis -json",
		},
		run: runOdds,
	})
	flagsOf["odds"] = func(fs *flag.FlagSet) { new(oddsOpts).flags(fs) }
}

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

func runOdds(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o oddsOpts
	fs := flag.NewFlagSet("odds", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o.flags(fs)
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case !set["pool"]:
		return usagef("-pool is required (0..%d)", dice.MaxPool)
	case !set["dt"]:
		return usagef("-dt is required (0..%d)", dice.MaxDT)
	case o.pool < 0 || o.pool > dice.MaxPool:
		return usagef("-pool %d is out of range: the valid range is 0..%d", o.pool, dice.MaxPool)
	case o.dt < 0 || o.dt > dice.MaxDT:
		return usagef("-dt %d is out of range: the valid range is 0..%d", o.dt, dice.MaxDT)
	}
	a := dice.Net(b2i(o.adv), b2i(o.dis))
	r := oddsJSON{
		Pool:          o.pool,
		DT:            o.dt,
		Advantage:     a.String(),
		PAtLeastOne:   dice.PAtLeast(o.pool, o.dt, a, 1),
		MeanSuccesses: dice.MeanSuccesses(o.pool, o.dt, a),
		Distribution:  dice.PSuccesses(o.pool, o.dt, a, nil),
		Criticals:     dice.PCrits(o.pool, o.dt, a, nil),
	}
	for k := 0; k <= o.pool; k++ {
		r.AtLeast = append(r.AtLeast, dice.PAtLeast(o.pool, o.dt, a, k))
	}
	if o.json {
		b, err := json.MarshalIndent(r, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	}
	return printOdds(stdout, &r)
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
