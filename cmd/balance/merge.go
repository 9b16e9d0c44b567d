package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"balance/game"
	"balance/reports"
	"balance/workflow"
)

type mergeOpts struct {
	game gameFlags
	out  string
	json string
}

func (o *mergeOpts) flags(fs *flag.FlagSet, g game.Game) {
	o.game.register(fs, g, 0, "", false)
	fs.StringVar(&o.out, "out", "", "write the merged report to this directory, replaced as a whole")
	fs.StringVar(&o.json, "json", "", "write the merged summary.json to this file (-: standard output)")
}

func init() {
	register(&command{
		name:    "merge",
		summary: "merge the tally files of a run's shards into its report",
		usage:   "FILE... [-game NAME] [-out DIR] [-json FILE] [-data DIR]",
		long: `Reads the tally files written by 'balance run -shards N -shard K -tally FILE'
and merges them into the report a single run of all the hunts gives: its
summary.json is identical, bit for bit, timing aside (a merged report's
timing is zero, not measured: the tally files do not record the shards'
play time, and the merge's own time is not the hunts'). Files from different
runs (program, game, design, policy, seed, size), duplicate shards and
missing shards are refused with the reason, and so are shards played by
different builds of balance (version, revision, Go version and platform:
each tally file names its build) and files changed since they were written
(each holds a checksum of its content). The game's data must be the data
the shards used (same -data and -set): the design's hash is checked; the
shards name their game, which -game must be. -out DIR writes the report,
replacing DIR as a whole as run -out does; -json FILE writes summary.json
alone ("-": standard output); with neither, only the table is printed.`,
		examples: []string{
			"balance run -hunts 4000 -shards 2 -shard 0 -tally reports/latest/shards/0.json -quiet",
			"balance run -hunts 4000 -shards 2 -shard 1 -tally reports/latest/shards/1.json -quiet",
			"balance merge reports/latest/shards/0.json reports/latest/shards/1.json -out reports/latest/merged",
		},
		run: runMerge,
	})
	flagsOf["merge"] = func(fs *flag.FlagSet, g game.Game) { new(mergeOpts).flags(fs, g) }
}

// parseInterleaved parses flags that may come before, between or after
// positional arguments.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := parseFlags(fs, args, true); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

func runMerge(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o mergeOpts
	files, err := parseGame("merge", args, true, o.flags)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usagef("no tally files given")
	}
	data := stdout
	stdout = textOut(stdout, stderr, o.json)
	for _, f := range files {
		if err := inputFile("", f); err != nil {
			return err
		}
	}
	// The game is the one the shards name; -game, when given, must be it.
	open := func(name string) (*workflow.Lab, error) {
		if gameGiven(args) && name != o.game.g.Info().Name {
			return nil, fmt.Errorf("the shards were played by the game %s, not %s", name, o.game.g.Info().Name)
		}
		g, err := gameNamed(name)
		if err != nil {
			return nil, dataError(err)
		}
		return workflow.Open(ctx, g, o.game.data, "balance "+version)
	}
	r, h, err := workflow.Merge(ctx, open, files, func() error {
		// Only now that the shards are known to belong together: -out is
		// not created for shards that are refused.
		return checkOutputs(reportDir{"-out", o.out, nil}, [2]string{"-json", o.json})
	})
	if err != nil {
		return err
	}
	if err := checkOutputs(reportDir{"-out", o.out, reports.SummaryNames(r)}); err != nil {
		return err
	}
	if err := writeOutputs(data, r, o.out, o.json); err != nil {
		return err
	}
	reports.Table(stdout, r)
	fmt.Fprintf(stdout, "The shards were played by %s.\n", workflow.BuiltBy(h.Build, buildIdentity()))
	return nil
}
