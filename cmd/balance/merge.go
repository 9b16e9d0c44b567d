package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	batch "balance/batch/legacy"
	reports "balance/reports/legacy"
)

type mergeOpts struct {
	data string
	out  string
	json string
}

func (o *mergeOpts) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.data, "data", "", "directory of YAML files loaded over the embedded data (the same the shards ran with)")
	fs.StringVar(&o.out, "out", "", "write the merged report to this directory, replaced as a whole")
	fs.StringVar(&o.json, "json", "", "write the merged summary.json to this file (-: standard output)")
}

func init() {
	register(&command{
		name:    "merge",
		summary: "merge the tally files of a run's shards into its report",
		usage:   "FILE... [-out DIR] [-json FILE] [-data DIR]",
		long: `Reads the tally files written by 'balance run -shards N -shard K -tally FILE'
and merges them into the report a single run of all the hunts gives: its
summary.json is identical, bit for bit, timing aside (a merged report's
timing is zero, not measured: the tally files do not record the shards'
play time, and the merge's own time is not the hunts'). Files from different
runs (program, data, seed, size), duplicate shards and missing shards are
refused with the reason, and so are shards played by different builds of
balance (version, revision, Go version and platform: each tally file
names its build) and files changed since they were written (each holds a
checksum of its content). The game data must be the data the shards used
(same -data and -set): its hash is checked. -out DIR writes the report,
replacing DIR as a whole as run -out does; -json FILE writes summary.json
alone ("-": standard output); with neither, only the table is printed.`,
		examples: []string{
			"balance run -hunts 4000 -shards 2 -shard 0 -tally reports/latest/shards/0.json -quiet",
			"balance run -hunts 4000 -shards 2 -shard 1 -tally reports/latest/shards/1.json -quiet",
			"balance merge reports/latest/shards/0.json reports/latest/shards/1.json -out reports/latest/merged",
		},
		run: runMerge,
	})
	flagsOf["merge"] = func(fs *flag.FlagSet) { new(mergeOpts).flags(fs) }
}

// parseOpts parses a command's arguments into o, whose flags method
// defines them, and returns the positional arguments (flags may come
// among them).
func parseOpts(name string, o interface{ flags(*flag.FlagSet) }, args []string) ([]string, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o.flags(fs)
	return parseInterleaved(fs, args)
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
	files, err := parseOpts("merge", &o, args)
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
	h, t, err := batch.MergeFiles(files)
	if err != nil {
		return err
	}
	// Only now that the shards are known to merge (-out is not created for
	// shards that do not belong together), and before the data load.
	if err := checkOutputs(reportDir{"-out", o.out, reports.SummaryNames()}, [2]string{"-json", o.json}); err != nil {
		return err
	}
	g := gameFlags{data: o.data, adversary: h.Adversary, pack: h.Pack, scenario: h.Scenario}
	st, err := loadRun(ctx, &g, h.Overrides)
	if err != nil {
		// The names and overrides come from the shards' header: data.
		return fmt.Errorf("loading the data the shards used: %w", dataError(err))
	}
	if h.Objective != "" {
		if err := st.withObjective(h.Pack, h.Scenario, h.Objective); err != nil {
			return fmt.Errorf("loading the data the shards used: %w", err)
		}
	}
	st.hash = tierHash(st.hash, h.PackAI)
	if st.hash != h.ConfigHash {
		return fmt.Errorf("the game data differs from the shards' (hash %s, shards %s): merge with the same -data and overrides (%s)",
			st.hash, h.ConfigHash, strings.Join(h.Overrides, " "))
	}
	packAI := h.PackAI
	if packAI == "" {
		packAI = batch.DefaultPackAI
	}
	// The shards' play time is not in their tally files, and the merge's
	// own time says nothing of the hunts' speed: the timing stays zero,
	// "not measured".
	meta := batch.Meta{Program: h.Program, Adversary: h.Adversary, Pack: h.Pack, Scenario: h.Scenario, PackAI: packAI,
		Overrides: h.Overrides, Hash: h.ConfigHash, Seed: h.Seed, First: 0, Stopped: batch.StopHunts}
	s := batch.Summarize(meta, t, st.sc)
	if err := writeOutputs(data, s, o.out, o.json); err != nil {
		return err
	}
	reports.Table(stdout, s)
	fmt.Fprintf(stdout, "The shards were played by %s.\n", builtBy(h.Build))
	return nil
}
