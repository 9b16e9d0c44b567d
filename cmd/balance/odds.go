package main

import (
	"context"
	"flag"
	"io"

	"balance/game"
)

// oddsFlags defines odds' flags for g: -game, -json and the flags of the
// game's exact odds (game.Odds); the function returned prints them (nil
// when g computes none).
func oddsFlags(fs *flag.FlagSet, g game.Game, asJSON *bool) func(w io.Writer, asJSON bool) error {
	fs.String("game", g.Info().Name, "the game whose odds are printed ("+joinNames()+")")
	fs.BoolVar(asJSON, "json", false, "print one JSON object instead of tables")
	od, ok := g.(game.Odds)
	if !ok {
		return nil
	}
	print := od.OddsFlags(fs)
	decimalFlags(fs)
	return print
}

func init() {
	register(&command{
		name:    "odds",
		summary: "print the exact odds of a roll of the game (for Cazadores, a Check)",
		usage:   "[-game NAME] [GAME FLAGS] [-json]",
		long: `odds prints the exact distribution of a roll of the game, computed, not
sampled; the game's flags say which roll ('balance help odds -game NAME').

For Cazadores, -pool N -dt D [-adv | -dis] gives a Check: for k = 0..pool,
P(S = k) and P(S >= k) for the number of Successes S; the distribution of
the number of Criticals; P(at least one success), which is the chance the
Check succeeds; and the mean number of Successes. Text output rounds to 6
decimals. -adv and -dis together cancel, as Advantage and Disadvantage do.
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
	flagsOf["odds"] = func(fs *flag.FlagSet, g game.Game) { oddsFlags(fs, g, new(bool)) }
}

func runOdds(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var asJSON bool
	var print func(io.Writer, bool) error
	var g game.Game
	if _, err := parseGame("odds", args, false, func(fs *flag.FlagSet, gm game.Game) {
		g = gm
		print = oddsFlags(fs, gm, &asJSON)
	}); err != nil {
		return err
	}
	if print == nil {
		return usagef("the game %s has no exact odds to print", g.Info().Name)
	}
	return print(stdout, asJSON)
}
