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
		summary: "print the exact odds of a roll of the game",
		usage:   "[-game NAME] [GAME FLAGS] [-json]",
		long: `odds prints the exact distribution of a roll of the game, computed, not
sampled; the game's flags say which roll, and its notes below what is
printed ('balance help odds -game NAME'). -json prints it as one JSON
object, at full precision.`,
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
