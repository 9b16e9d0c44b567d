package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"balance/batch"
	"balance/configs"
	"balance/reports"
)

// defaultHunts is how many hunts the default analysis plays per Adversary.
const defaultHunts = 100000

type analyzeOpts struct {
	data    string
	out     string
	hunts   int64
	seed    uint64
	workers int
	quiet   bool
}

func (o *analyzeOpts) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.data, "data", "", "directory of YAML files loaded over the embedded data")
	fs.StringVar(&o.out, "out", filepath.Join("reports", "latest"), "report directory (one sub-directory per Adversary, and an index)")
	fs.Int64Var(&o.hunts, "hunts", defaultHunts, "hunts per Adversary")
	fs.Uint64Var(&o.seed, "seed", 1, "run seed")
	fs.IntVar(&o.workers, "workers", 0, "worker goroutines (0: all cores)")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress bar")
}

func init() {
	register(&command{
		name:    "analyze",
		summary: "the default analysis: every Adversary against the default Pack (what 'balance' alone runs)",
		usage:   "[-hunts N] [-seed S] [-out DIR] [-workers W] [-quiet] [-data DIR]",
		long: `Plays every Adversary in the data against the default two-player Pack on
open ground, writes a report per Adversary under -out (default
reports/latest/) with an index, and prints each summary table. Running
'balance' with no arguments does the same with the defaults.`,
		examples: []string{"balance analyze -hunts 2000 -quiet"},
		run:      runAnalyze,
	})
	flagsOf["analyze"] = func(fs *flag.FlagSet) { new(analyzeOpts).flags(fs) }
}

func runAnalyze(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o analyzeOpts
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o.flags(fs)
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	if o.hunts <= 0 {
		return usagef("-hunts %d: at least 1 hunt is needed", o.hunts)
	}
	if o.workers < 0 {
		return usagef("-workers %d: give a positive number, or 0 for all cores", o.workers)
	}
	d, err := configs.Load(o.data)
	if err != nil {
		return err
	}
	if err := checkWritable(o.out); err != nil {
		return err
	}
	var entries []reports.IndexEntry
	for _, slug := range d.Slugs("adversaries") {
		g := gameFlags{data: o.data, adversary: slug, pack: configs.DefaultPack, scenario: configs.DefaultScenario}
		st, err := loadRun(&g, nil)
		if err != nil {
			return err
		}
		show, done := progress(stderr, o.quiet, o.hunts, st.sc.Adversary.Name)
		res, err := batch.Run(ctx, batch.Config{Scenario: st.sc, Seed: o.seed, Hunts: o.hunts, Workers: o.workers, Progress: show})
		done()
		if err != nil {
			return err
		}
		s := batch.Summarize(batch.Meta{Program: "balance " + version, Adversary: slug, Pack: g.pack, Scenario: g.scenario,
			Hash: st.hash, Seed: o.seed, Stopped: res.Stopped, Elapsed: res.Elapsed, Workers: res.Workers}, res.Tally, st.sc)
		dir := filepath.Join(o.out, slug)
		if err := reports.WriteDir(dir, s); err != nil {
			return err
		}
		entries = append(entries, reports.IndexEntry{Name: st.sc.Adversary.Name, Dir: slug, S: s})
		reports.Table(stdout, s)
		fmt.Fprintln(stdout)
		if res.Stopped == batch.StopInterrupted {
			if err := reports.WriteIndex(o.out, entries); err != nil {
				return err
			}
			return interrupted{res.Hunts}
		}
	}
	if err := reports.WriteIndex(o.out, entries); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "report: %s\n", filepath.Join(o.out, "index.md"))
	return nil
}
