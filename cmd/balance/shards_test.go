package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// -shard auto plays the shard each scheduler's environment names, says on
// stderr which variable it used, and the shards it plays merge into the
// summary.json of the unsplit run.
func TestShardAuto(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.json")
	duelRun(t, exitOK, "run", "-hunts", "3000", "-card-hunts", "0", "-json", whole, "-quiet")
	for _, c := range []struct {
		name string
		env  func(k int) map[string]string
		args []string
		used string
	}{
		{"plain", func(k int) map[string]string { return map[string]string{"BALANCE_SHARD": itoa(k)} }, []string{"-shards", "3"}, "BALANCE_SHARD"},
		{"slurm", func(k int) map[string]string {
			return map[string]string{"SLURM_ARRAY_TASK_ID": itoa(k + 1), "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "3", "SLURM_ARRAY_TASK_COUNT": "3"}
		}, nil, "SLURM_ARRAY_TASK_ID"},
		{"kubernetes", func(k int) map[string]string { return map[string]string{"JOB_COMPLETION_INDEX": itoa(k)} }, []string{"-shards", "3"}, "JOB_COMPLETION_INDEX"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var files []string
			for k := 0; k < 3; k++ {
				for _, v := range append(shardVars(), "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_STEP") {
					t.Setenv(v, "")
				}
				for v, x := range c.env(k) {
					t.Setenv(v, x)
				}
				f := filepath.Join(dir, c.name+itoa(k)+".json")
				args := append([]string{"run", "-hunts", "3000", "-shard", "auto", "-tally", f, "-quiet"}, c.args...)
				_, errb := duelRun(t, exitOK, args...)
				if want := "shard " + itoa(k) + " of 3 (-shard auto: " + c.used + "="; !strings.Contains(errb, want) {
					t.Errorf("stderr %q does not say %q", errb, want)
				}
				files = append(files, f)
			}
			merged := filepath.Join(dir, c.name+"-merged.json")
			duelRun(t, exitOK, append(append([]string{"merge"}, files...), "-json", merged)...)
			if a, b := duelSummary(t, merged), duelSummary(t, whole); a != b {
				t.Errorf("merged shards:\n%s\nunsplit run:\n%s", a, b)
			}
		})
	}
	// No variable set: a usage error naming them.
	for _, v := range shardVars() {
		t.Setenv(v, "")
	}
	_, errb := duelRun(t, exitUsage, "run", "-hunts", "300", "-shards", "3", "-shard", "auto", "-tally", filepath.Join(dir, "x.json"), "-quiet")
	if !strings.Contains(errb, "none of BALANCE_SHARD") {
		t.Errorf("-shard auto without an environment: %s", errb)
	}
	if _, err := os.Stat(filepath.Join(dir, "x.json")); err == nil {
		t.Errorf("a tally was written for a shard that could not be named")
	}
}

// shardVars are the variables -shard auto reads.
func shardVars() []string {
	var out []string
	for _, s := range shardSources {
		out = append(out, s.name)
	}
	return out
}
