package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"balance/batch"
	"balance/game"
	"balance/reports"
	"balance/workflow"
)

type mergeOpts struct {
	game gameFlags
	out  string
	json string
	html string
}

func (o *mergeOpts) flags(fs *flag.FlagSet, g game.Game) {
	o.game.register(fs, g, 0, "", false)
	fs.StringVar(&o.out, "out", "", "write the merged output the workflow's own -out writes (a report directory, replaced as a whole; a baseline file)")
	fs.StringVar(&o.json, "json", "", "write the merged JSON the workflow's own -json writes (run, compare, skill) to this file (-: standard output)")
	fs.StringVar(&o.html, "html", "", "write the comparison's HTML page (compare) to this file (-: standard output)")
}

func init() {
	register(&command{
		name:    "merge",
		summary: "merge the tally files of a workflow's shards into its output",
		usage:   "FILE... [-game NAME] [-out DIR|FILE] [-json FILE] [-html FILE] [-data DIR]",
		long: `Reads the tally files written by a workflow's shards ('balance run', compare,
sweep, tune, sensitivity, skill or baseline with -shards N -shard K -tally
FILE) and merges them into the output a single run of all the hunts
gives: its JSON is identical, bit for bit, timing aside (a merged report's
timing is zero, not measured: the tally files do not record the shards'
play time, and the merge's own time is not the hunts'), and it prints the
table the workflow prints. Each file names its workflow and parameters,
and every lane it played (a design and a policy); the merge compiles them
again from the game's data and checks each lane's hash.

Files from different runs (program, game, workflow, parameters, lanes,
policy, seed, size), duplicate shards and missing shards are refused with
the reason, and so are shards played by different builds of balance
(version, revision, Go version and platform: each tally file names its
build) and files changed since they were written (each holds a checksum
of its content). The game's data must be the data the shards used (same
-data): the designs' hashes are checked; the shards name their game, which
-game must be.

The outputs are the workflow's own: -out DIR writes the report directory
of run, sweep, tune, sensitivity and skill (replaced as a whole), -out
FILE the baseline file of baseline; -json FILE the JSON of run
(summary.json), compare and skill; -html FILE the page of compare ("-":
standard output). With none, only the table is printed.`,
		examples: []string{
			"balance run -hunts 4000 -shards 2 -shard 0 -tally reports/shards/0.json -quiet",
			"balance run -hunts 4000 -shards 2 -shard 1 -tally reports/shards/1.json -quiet",
			"balance merge reports/shards/0.json reports/shards/1.json -out reports/latest/merged",
			"balance sweep -param adversary.def=5..7 -hunts 2000 -shards 2 -shard 0 -tally reports/shards/sweep-0.json -quiet",
			"balance sweep -param adversary.def=5..7 -hunts 2000 -shards 2 -shard 1 -tally reports/shards/sweep-1.json -quiet",
			"balance merge reports/shards/sweep-0.json reports/shards/sweep-1.json -out reports/latest/sweep",
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
	stdout = textOut(stdout, stderr, o.json, o.html, o.out)
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
	m, err := workflow.MergeShards(ctx, open, files, func(h batch.Header) error {
		// Only now that the shards are known to belong together: -out is
		// not created for shards that are refused.
		return o.checkOutputs(h.Workflow)
	})
	if err != nil {
		return err
	}
	switch {
	case m.Run != nil:
		if err := checkOutputs(reportDir{"-out", o.out, reports.SummaryNames(m.Run)}); err != nil {
			return err
		}
		if err := writeOutputs(data, m.Run, o.out, o.json); err != nil {
			return err
		}
		reports.Table(stdout, m.Run)
	case m.Compare != nil:
		if err := reportCompare(stdout, data, m.Compare, m.CompareReports, o.json, o.html); err != nil {
			return err
		}
	case m.Sweep != nil:
		if err := checkOutputs(reportDir{"-out", o.out, reports.SweepNames(m.Sweep.Sweep)}); err != nil {
			return err
		}
		if err := reportSweep(stdout, m.Sweep.Sweep, o.out); err != nil {
			return err
		}
	case m.Tune != nil:
		if err := checkOutputs(reportDir{"-out", o.out, reports.SweepNames(m.Tune.Sweep)}); err != nil {
			return err
		}
		if err := reportTune(stdout, m.Tune, o.out); err != nil {
			return err
		}
	case m.Sensitivity != nil:
		if err := reportSensitivity(stdout, m.Sensitivity, o.out); err != nil {
			return err
		}
	case m.Skill != nil:
		if err := reportSkill(stdout, data, m.Skill, o.out, o.json); err != nil {
			return err
		}
	case m.Baseline != nil:
		if o.out == "" {
			fmt.Fprintf(stdout, "baseline: %s, %d hunts, seed %d, %d figures (give -out FILE to write it)\n", m.Baseline.Title, m.Baseline.Hunts, m.Baseline.Seed, len(m.Baseline.Figures))
		} else if err := reportBaseline(stdout, data, m.Baseline, o.out); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "The shards were played by %s.\n", workflow.BuiltBy(m.Header.Build, buildIdentity()))
	return nil
}

// checkOutputs checks the outputs asked for against the workflow merged:
// each must be one the workflow writes, and writable.
func (o *mergeOpts) checkOutputs(wf string) error {
	outputs := map[string][3]string{ // -out (dir or file), -json, -html
		"run":         {"dir", "summary.json", ""},
		"compare":     {"", "the comparison", "the comparison"},
		"sweep":       {"dir", "", ""},
		"tune":        {"dir", "", ""},
		"sensitivity": {"dir", "", ""},
		"skill":       {"dir", "skill.json", ""},
		"baseline":    {"file", "", ""},
	}
	w, ok := outputs[wf]
	if !ok {
		return nil // MergeShards names the workflows it merges
	}
	for i, f := range []struct{ name, val string }{{"-out", o.out}, {"-json", o.json}, {"-html", o.html}} {
		if f.val != "" && w[i] == "" {
			return usagef("%s: the shards are of a %s, which writes no %s (%s)", f.name, wf, f.name, mergeOutputsOf(wf, outputs))
		}
	}
	var names []string
	switch wf {
	case "run":
		names = reports.SummaryFixedNames
	case "sweep", "tune":
		names = sweepFixedNames
	case "sensitivity":
		names = reports.SensitivityNames
	case "skill":
		names = reports.SkillFiles
	}
	files := [][2]string{{"-json", o.json}, {"-html", o.html}}
	dir := reportDir{"-out", o.out, names}
	if w[0] == "file" {
		files, dir = append(files, [2]string{"-out", o.out}), reportDir{}
	}
	return checkOutputs(dir, files...)
}

// mergeOutputsOf says which outputs a merge of the workflow wf writes.
func mergeOutputsOf(wf string, outputs map[string][3]string) string {
	w := outputs[wf]
	var s []string
	switch w[0] {
	case "dir":
		s = append(s, "-out DIR")
	case "file":
		s = append(s, "-out FILE")
	}
	if w[1] != "" {
		s = append(s, "-json FILE")
	}
	if w[2] != "" {
		s = append(s, "-html FILE")
	}
	return "it writes " + strings.Join(s, " and ")
}
