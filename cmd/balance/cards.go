package main

import (
	"context"
	"flag"
	"io"

	ai "balance/ai/cazadores"
	batch "balance/batch/legacy"
	sim "balance/sim/cazadores"
	"balance/stats"
)

// cardHuntsShare is the share of a run's hunts that the card effects play
// by default: a twentieth, in each of the lanes (as designed, and one per
// action entry or hit-location effect made blank: 12 to 14 lanes for the
// bundled Adversaries, at most 18), so the measurement costs about two
// thirds as much again as the run.
const cardHuntsShare = 20

// cardHuntsUsage is the help of -card-hunts.
const cardHuntsUsage = "hunts of the card-effect measurement: each played as designed and once per action entry and hit-location effect made blank (-1: a twentieth of the hunts played; 0: none)"

// registerCardHunts defines -card-hunts.
func registerCardHunts(fs *flag.FlagSet, p *int64) {
	intVar(fs, p, "card-hunts", -1, cardHuntsUsage)
}

// checkCardHunts checks -card-hunts as given.
func checkCardHunts(n int64) error {
	if n < -1 || n == 1 {
		return usagef("-card-hunts %d: give at least 2 hunts (an interval needs two), 0 for none, or -1 for a twentieth of the hunts played", n)
	}
	return nil
}

// cardHunts resolves -card-hunts for a run that played played hunts: a
// twentieth of them (at least 2) for -1.
func cardHunts(flagValue, played int64) int64 {
	if flagValue >= 0 {
		return flagValue
	}
	return max(played/cardHuntsShare, 2)
}

// measureCards plays hunts first..first+n-1 of sc as designed and with
// each of its action entries and hit-location effects blank, with the Pack
// played by tier, and returns what each does (nil when n is 0, or when it
// was interrupted before two hunts) and why it stopped (a batch Stop
// reason; "" when n is 0).
func measureCards(ctx context.Context, stderr io.Writer, quiet bool, sc *sim.Scenario, tier ai.Tier, seed uint64,
	first, n int64, workers int) (*stats.CardEffects, string, error) {
	if n <= 0 {
		return nil, "", nil
	}
	blanks := sc.Adversary.Blanks()
	show, done := progress(stderr, quiet, n*int64(1+len(blanks)), sc.Adversary.Name+" (cards)")
	r, err := batch.RunBlanks(ctx, batch.Config{Scenario: sc, Seed: seed, First: first, Hunts: n, Workers: workers, Progress: show}, tier, blanks)
	done()
	if err != nil {
		return nil, "", err
	}
	if r.Hunts < 2 {
		return nil, r.Stopped, nil // interrupted at once: nothing to report
	}
	return batch.SummarizeCardEffects(r, sc, blanks, first), r.Stopped, nil
}
