package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"balance/batch"
	"balance/workflow"
)

// shardAuto is the value of -shard that reads the shard's index from the
// environment a scheduler gives the task.
const shardAuto = "auto"

// A shardSource is an environment that names the shard a task plays.
type shardSource struct {
	name string // the variable holding the index
	what string // who sets it, for messages
}

// shardSources are the environments -shard auto reads, in the order it
// looks: a plain variable the user sets first, then the schedulers'.
var shardSources = []shardSource{
	{"BALANCE_SHARD", "set by hand"},
	{"SLURM_ARRAY_TASK_ID", "a Slurm job array"},
	{"JOB_COMPLETION_INDEX", "a Kubernetes Indexed Job"},
}

// shardFromEnv resolves -shard auto: the shard's index, from the first
// of shardSources set in the environment getenv reads, and the shard count
// the environment implies (0 when it implies none). shards is -shards
// (0 when not given); when the environment names a count too, the two
// must agree. It says which variable it used. Several sources that name
// different indices are an error, as are indices out of range and a Slurm
// array that is not 0..N-1 or MIN..MIN+N-1 with step 1.
func shardFromEnv(getenv func(string) string, shards int) (k, n int, used string, err error) {
	var found []shardSource
	for _, s := range shardSources {
		if getenv(s.name) != "" {
			found = append(found, s)
		}
	}
	if len(found) == 0 {
		var names []string
		for _, s := range shardSources {
			names = append(names, s.name+" ("+s.what+")")
		}
		return 0, 0, "", fmt.Errorf("-shard auto: none of %s is set; give -shard K, or run as a task of a job array", strings.Join(names, ", "))
	}
	k, n = -1, 0
	for _, s := range found {
		sk, sn, err := shardOf(getenv, s)
		if err != nil {
			return 0, 0, "", err
		}
		if k >= 0 && sk != k {
			return 0, 0, "", fmt.Errorf("-shard auto: %s says shard %d but %s says %d; unset one of them", found[0].name, k, s.name, sk)
		}
		if k < 0 {
			k, used = sk, s.name
		}
		if sn > 0 {
			if n > 0 && sn != n {
				return 0, 0, "", fmt.Errorf("-shard auto: the environment names %d shards and %d", n, sn)
			}
			n = sn
		}
	}
	if shards > 0 && n > 0 && shards != n {
		return 0, 0, "", fmt.Errorf("-shard auto: -shards %d but the array has %d tasks (%s); make them agree", shards, n, used)
	}
	if n == 0 {
		n = shards
	}
	if n == 0 {
		return 0, 0, "", fmt.Errorf("-shard auto: %s gives the index (%d) but not how many shards: give -shards N", used, k)
	}
	if k >= n {
		return 0, 0, "", fmt.Errorf("-shard auto: %s=%d, but shards are numbered 0..%d (-shards %d)", used, k, n-1, n)
	}
	return k, n, used, nil
}

// shardOf reads one source: its index and, for a Slurm array, the count
// and the offset of the first task.
func shardOf(getenv func(string) string, s shardSource) (k, n int, err error) {
	num := func(name string) (int, bool, error) {
		v := strings.TrimSpace(getenv(name))
		if v == "" {
			return 0, false, nil
		}
		x, err := strconv.Atoi(v)
		if err != nil || x < 0 {
			return 0, false, fmt.Errorf("-shard auto: %s=%q is not a whole number of at least 0", name, getenv(name))
		}
		return x, true, nil
	}
	k, _, err = num(s.name)
	if err != nil || s.name != "SLURM_ARRAY_TASK_ID" {
		return k, 0, err
	}
	// A Slurm array's tasks are numbered MIN..MAX by STEP; the shards are
	// those tasks in order, so the array must have no gaps.
	lo, _, err := num("SLURM_ARRAY_TASK_MIN")
	if err != nil {
		return 0, 0, err
	}
	if step, ok, err := num("SLURM_ARRAY_TASK_STEP"); err != nil {
		return 0, 0, err
	} else if ok && step != 1 {
		return 0, 0, fmt.Errorf("-shard auto: the Slurm array steps by %d; submit it as --array=0-N (step 1) so that its tasks are the shards in order", step)
	}
	if k < lo {
		return 0, 0, fmt.Errorf("-shard auto: SLURM_ARRAY_TASK_ID=%d is below SLURM_ARRAY_TASK_MIN=%d", k, lo)
	}
	n, _, err = num("SLURM_ARRAY_TASK_COUNT")
	if err != nil {
		return 0, 0, err
	}
	if hi, ok, err := num("SLURM_ARRAY_TASK_MAX"); err != nil {
		return 0, 0, err
	} else if ok && n > 0 && hi-lo+1 != n {
		return 0, 0, fmt.Errorf("-shard auto: the Slurm array %d-%d has %d tasks, not %d in a row; submit it without gaps (--array=0-N)", lo, hi, n, hi-lo+1)
	}
	return k - lo, n, nil
}

// shardFlags are -shards N -shard K|auto -tally FILE, the flags every
// workflow splits into shards by: shard K of N plays its slice of the
// hunts of every lane of the workflow and writes their tallies to FILE,
// for 'balance merge'.
type shardFlags struct {
	shards    int
	shardsSet bool // -shards was given (-shard auto then checks it)
	shard     string
	tally     string
	k         int  // the shard resolved by resolve
	resolved  bool // resolve has run (run -policy all hands its flags on)
}

// countFlag is -shards: an integer flag that records that it was given.
type countFlag struct {
	intFlag[int]
	set *bool
}

func (f countFlag) Set(s string) error {
	*f.set = true
	return f.intFlag.Set(s)
}

func (s *shardFlags) register(fs *flag.FlagSet) {
	s.shards, s.shard = 1, "0"
	fs.Var(countFlag{intFlag[int]{&s.shards}, &s.shardsSet}, "shards", "split the hunts into this many shards (with -shard and -tally)")
	fs.StringVar(&s.shard, "shard", "0", "which shard to play, 0..shards-1, or auto: the index a scheduler gives the task (BALANCE_SHARD, SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX)")
	fs.StringVar(&s.tally, "tally", "", "write this shard's tallies to FILE, for 'balance merge' (-: standard output)")
}

// resolve checks the flags against a workflow of hunts hunts (per lane)
// and sets s.k and s.shards; -shard auto reads the environment (getenv)
// and says on stderr which variable it used.
func (s *shardFlags) resolve(cmd string, stderr io.Writer, getenv func(string) string, hunts int64) error {
	if s.resolved {
		return nil
	}
	s.resolved = true
	if s.shard == shardAuto {
		given := 0
		if s.shardsSet {
			given = s.shards
		}
		k, n, used, err := shardFromEnv(getenv, given)
		if err != nil {
			return usagef("%v", err)
		}
		s.k, s.shards = k, n
		fmt.Fprintf(stderr, "balance %s: shard %d of %d (-shard auto: %s=%s)\n", cmd, k, n, used, getenv(used))
	} else {
		k, err := parseDecimal[int](s.shard)
		if err != nil {
			return usagef("-shard %q: %v; give 0..N-1 or auto", s.shard, err)
		}
		s.k = k
	}
	switch {
	case s.shards < 1:
		return usagef("-shards %d: at least 1", s.shards)
	case s.k < 0 || s.k >= s.shards:
		return usagef("-shard %d: shards are numbered 0..%d", s.k, s.shards-1)
	case s.shards > 1 && s.tally == "":
		return usagef("-shards %d needs -tally FILE to write the shard's tally to", s.shards)
	case int64(s.shards) > hunts:
		return usagef("-shards %d: more shards than hunts (%d)", s.shards, hunts)
	}
	return nil
}

// shardHelp is the paragraph of every workflow's help on its shards.
const shardHelp = `
-shards N -shard K -tally FILE plays only shard K of N: its slice of the
hunt indices in every lane of the workflow (every design, value or tier
it compares), written to FILE with the workflow's parameters; 'balance
merge' joins the N files into the output an unsplit run gives. -shard auto
takes K from the scheduler's environment (BALANCE_SHARD, a Slurm array's
task, a Kubernetes Indexed Job's completion index) and says which it read.
A shard writes no report: -out, -json and -html go to 'balance merge'.`

// check resolves the flags (resolve) and refuses a shard's -tally with
// the report's own outputs, which the merge writes.
func (s *shardFlags) check(cmd string, stderr io.Writer, hunts int64, outputs ...[2]string) error {
	if err := s.resolve(cmd, stderr, os.Getenv, hunts); err != nil {
		return err
	}
	if s.tally == "" {
		return nil
	}
	for _, o := range outputs {
		if o[1] != "" {
			return usagef("%s cannot be used with -tally: a shard writes its tallies, and 'balance merge' writes the report (give it %s)", o[0], o[0])
		}
	}
	return nil
}

// playShard plays shard s.k of the workflow plan makes and writes its
// tally file (data is where "-" writes).
func playShard(ctx context.Context, stdout, data io.Writer, l *workflow.Lab, g *gameFlags, s *shardFlags, p workflow.Play, plan func() (*workflow.Plan, error)) error {
	pl, err := plan()
	if err != nil {
		return err
	}
	h, r, err := pl.PlayShard(ctx, l, s.shards, s.k, p.Workers, p.Progress, buildIdentity())
	if err != nil {
		return huntFailed(err, g.g, g.data)
	}
	if err := batch.WriteLanesFile(s.tally, h, r.Tallies, r.Pairs, data); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s shard %d of %d: hunts %d..%d in each of %d lanes (seed %d) -> %s\n",
		pl.Workflow, s.k, s.shards, h.First, h.First+r.Hunts-1, pl.Lanes(), pl.Seed, s.tally)
	if r.Stopped == batch.StopInterrupted {
		return workflow.Interrupted{Hunts: r.Hunts}
	}
	return nil
}
