package workflow

import (
	"context"
	"fmt"
	"strings"

	"balance/batch"
	"balance/game"
	"balance/stats"
)

// Merge reads the tally files of every shard of one run, checks that they
// belong together (batch.MergeFiles), then, before anything else, calls
// ready (the command checks its outputs there: nothing is created for
// shards that are refused), opens the data of the game the shards name
// (open), compiles the design they name again from it and checks that it
// is the one they played (its hash), and returns the report of all their
// hunts with the merged header. The report's timing is zero: the shards'
// play time is not in their files, and the merge's own time says nothing
// of the hunts' speed.
func Merge(ctx context.Context, open func(game string) (*Lab, error), files []string, ready func() error) (*stats.Report, batch.Header, error) {
	var des game.Design
	h, t, err := batch.MergeFiles(files, func(h batch.Header) (*game.Schema, error) {
		if ready != nil {
			if err := ready(); err != nil {
				return nil, err
			}
		}
		l, err := open(h.Game)
		if err != nil {
			return nil, err
		}
		d, err := l.Design(ctx, Spec{Choice: h.Choice, Overrides: h.Overrides}, h.Seed)
		if err != nil {
			// The names and overrides come from the shards' header: data,
			// not the command line.
			return nil, fmt.Errorf("compiling the design the shards played: %s", err)
		}
		if d.Hash() != h.ConfigHash {
			return nil, fmt.Errorf("the game data differs from the shards' (hash %s, shards %s): merge with the same -data and overrides (%s)",
				d.Hash(), h.ConfigHash, strings.Join(h.Overrides, " "))
		}
		des = d
		return d.Schema(), nil
	})
	if err != nil {
		return nil, batch.Header{}, err
	}
	ri := stats.RunInfo{Program: h.Program, Title: des.Title(), Config: des.Config(), Policy: h.Policy, Overrides: h.Overrides,
		Hash: h.ConfigHash, Seed: h.Seed, First: 0, Stopped: batch.StopHunts}
	return stats.NewReport(ri, t), h, nil
}
