package main

import (
	"fmt"
	"strconv"
	"strings"
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
