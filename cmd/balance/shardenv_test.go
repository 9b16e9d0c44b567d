package main

import (
	"strings"
	"testing"
)

// -shard auto reads each scheduler's environment: the index, the count it
// implies, the variable it used, and a clear error for every environment
// that cannot name one shard.
func TestShardFromEnv(t *testing.T) {
	cases := []struct {
		name   string
		env    map[string]string
		shards int
		k, n   int
		used   string
		err    string
	}{
		{"plain", map[string]string{"BALANCE_SHARD": "3"}, 5, 3, 5, "BALANCE_SHARD", ""},
		{"plain without -shards", map[string]string{"BALANCE_SHARD": "3"}, 0, 0, 0, "", "give -shards N"},
		{"plain out of range", map[string]string{"BALANCE_SHARD": "5"}, 5, 0, 0, "", "numbered 0..4"},
		{"plain not a number", map[string]string{"BALANCE_SHARD": "x"}, 5, 0, 0, "", `BALANCE_SHARD="x" is not a whole number`},
		{"plain negative", map[string]string{"BALANCE_SHARD": "-1"}, 5, 0, 0, "", "not a whole number"},
		{"slurm from 0", map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "3"}, 0, 2, 4, "SLURM_ARRAY_TASK_ID", ""},
		{"slurm from 1", map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "4"}, 4, 0, 4, "SLURM_ARRAY_TASK_ID", ""},
		{"slurm with step 1", map[string]string{"SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_COUNT": "8", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "1"}, 8, 7, 8, "SLURM_ARRAY_TASK_ID", ""},
		{"slurm count against -shards", map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4"}, 5, 0, 0, "", "-shards 5 but the array has 4 tasks"},
		{"slurm with a step", map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "2"}, 0, 0, 0, "", "steps by 2"},
		{"slurm with gaps", map[string]string{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "5"}, 0, 0, 0, "", "without gaps"},
		{"slurm below min", map[string]string{"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_MIN": "1"}, 0, 0, 0, "", "below SLURM_ARRAY_TASK_MIN"},
		{"kubernetes", map[string]string{"JOB_COMPLETION_INDEX": "0"}, 16, 0, 16, "JOB_COMPLETION_INDEX", ""},
		{"kubernetes without -shards", map[string]string{"JOB_COMPLETION_INDEX": "0"}, 0, 0, 0, "", "give -shards N"},
		{"kubernetes out of range", map[string]string{"JOB_COMPLETION_INDEX": "16"}, 16, 0, 0, "", "JOB_COMPLETION_INDEX=16, but shards are numbered 0..15"},
		{"two that agree", map[string]string{"BALANCE_SHARD": "1", "JOB_COMPLETION_INDEX": "1"}, 2, 1, 2, "BALANCE_SHARD", ""},
		{"two that differ", map[string]string{"BALANCE_SHARD": "1", "JOB_COMPLETION_INDEX": "0"}, 2, 0, 0, "", "BALANCE_SHARD says shard 1 but JOB_COMPLETION_INDEX says 0"},
		{"none", map[string]string{}, 4, 0, 0, "", "none of BALANCE_SHARD (set by hand), SLURM_ARRAY_TASK_ID (a Slurm job array), JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k, n, used, err := shardFromEnv(func(name string) string { return c.env[name] }, c.shards)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want one saying %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if k != c.k || n != c.n || used != c.used {
				t.Errorf("shard %d of %d from %s, want %d of %d from %s", k, n, used, c.k, c.n, c.used)
			}
		})
	}
}
