package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
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

// shardedWorkflow is a workflow's command line, and the outputs its
// unsplit run and the merge of its shards both write: -json/-html files
// (compared without their timing) and files of an -out directory.
type shardedWorkflow struct {
	name  string
	args  []string
	files []string // the output flags, "-json", "-html", "-out"
	dir   []string // with -out: the files of the directory compared
}

var shardedDuel = []shardedWorkflow{
	{"run", []string{"run", "-hunts", "2001", "-card-hunts", "0"}, []string{"-json"}, nil},
	{"compare", []string{"compare", "-set", "a.hp=+2", "-hunts", "2001"}, []string{"-json", "-html"}, nil},
	{"sweep", []string{"sweep", "-param", "a.hp=5..7", "-param", "b.skill=3,4", "-hunts", "2001"}, []string{"-out"}, []string{"sweep.json", "sweep.csv", "sweep.md"}},
	{"tune", []string{"tune", "-param", "a.hp=3..9", "-target", "win=0.45..0.55", "-hunts", "1001"}, []string{"-out"}, []string{"sweep.json", "sweep.md"}},
	{"sensitivity", []string{"sensitivity", "-hunts", "2001"}, []string{"-out"}, []string{"sensitivity.json", "sensitivity.csv", "sensitivity.md"}},
	{"skill", []string{"skill", "-hunts", "2001"}, []string{"-json", "-out"}, []string{"skill.csv", "skill_pairs.csv"}},
	{"baseline", []string{"baseline", "-hunts", "2001"}, []string{"-out"}, nil},
}

// outputs runs args with each output flag of w under dir and returns the
// outputs' contents by name (timing left out of JSON) and the stdout.
func (w shardedWorkflow) outputs(t *testing.T, run func(args ...string) string, dir string, args []string) (map[string]string, string) {
	t.Helper()
	for _, f := range w.files {
		args = append(args, f, filepath.Join(dir, w.name+f))
	}
	out := run(args...)
	got := map[string]string{}
	for _, f := range w.files {
		p := filepath.Join(dir, w.name+f)
		switch {
		case f == "-out" && w.dir != nil:
			for _, name := range w.dir {
				b, err := os.ReadFile(filepath.Join(p, name))
				if err != nil {
					t.Fatal(err)
				}
				got[name] = string(b)
			}
			if b, err := os.ReadFile(filepath.Join(p, strings.TrimSuffix(w.dir[0], ".csv")+".json")); err == nil {
				got[w.dir[0]] = withoutTiming(t, b)
			}
		case strings.HasSuffix(f, "json") || w.name == "baseline":
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			got[f] = withoutTiming(t, b)
		default:
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			got[f] = string(b)
		}
	}
	// The speed is timing: measured by a run, not by a merge.
	out = regexp.MustCompile(`(?m)^Speed .*\n`).ReplaceAllString(out, "")
	return got, strings.ReplaceAll(out, dir, "DIR")
}

// withoutTiming is a JSON document without its timing, as canonical JSON.
func withoutTiming(t *testing.T, b []byte) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%v: %.200s", err, b)
	}
	delete(m, "timing")
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// checkSharded plays each workflow whole and in 2 and 5 shards (given
// in a shuffled order), merges the shards, and compares the merge's
// outputs with the unsplit run's: identical, timing aside; the merge
// prints the same table.
func checkSharded(t *testing.T, run func(args ...string) string, ws []shardedWorkflow, counts []int) {
	for _, w := range ws {
		t.Run(w.name, func(t *testing.T) {
			dir := t.TempDir()
			whole, wholeOut := w.outputs(t, run, filepath.Join(dir), append(append([]string{}, w.args...), "-quiet"))
			if len(whole) == 0 || strings.TrimSpace(wholeOut) == "" {
				t.Fatalf("nothing to compare: %v %q", whole, wholeOut)
			}
			for _, n := range counts {
				sub := filepath.Join(dir, itoa(n))
				if err := os.Mkdir(sub, 0o755); err != nil {
					t.Fatal(err)
				}
				var files []string
				for k := n - 1; k >= 0; k-- {
					f := filepath.Join(sub, "shard"+itoa(k)+".json")
					run(append(append([]string{}, w.args...), "-shards", itoa(n), "-shard", itoa(k), "-tally", f, "-workers", itoa(1+k%2), "-quiet")...)
					files = append(files, f)
				}
				merged, mergedOut := w.outputs(t, run, sub, append([]string{"merge"}, files...))
				for name, want := range whole {
					if merged[name] != want {
						t.Errorf("%d shards: %s of the merge differs from the unsplit run's:\n%.600s\nwant:\n%.600s", n, name, merged[name], want)
					}
				}
				mergedOut = strings.ReplaceAll(mergedOut, "DIR/"+itoa(n), "DIR")
				if !strings.HasPrefix(mergedOut, strings.TrimSpace(wholeOut)) && w.name != "baseline" {
					t.Errorf("%d shards: the merge printed\n%s\nthe unsplit run\n%s", n, mergedOut, wholeOut)
				}
			}
		})
	}
}

// Every workflow of the duel, split into 2 and 5 shards and merged, gives
// exactly the output of its unsplit run.
func TestShardedWorkflows(t *testing.T) {
	run := func(args ...string) string {
		t.Helper()
		out, _ := duelRun(t, exitOK, args...)
		return out
	}
	checkSharded(t, run, shardedDuel, []int{2, 5})
}

// Cazadores' sweep, split into 2 shards and merged, gives the unsplit
// sweep.
func TestShardedCazadores(t *testing.T) {
	run := func(args ...string) string {
		t.Helper()
		code, out, errb := balance(t, args...)
		if code != exitOK {
			t.Fatalf("balance %s: exit %d\n%s", strings.Join(args, " "), code, errb)
		}
		return out
	}
	checkSharded(t, run, []shardedWorkflow{
		{"sweep", []string{"sweep", "-param", "adversary.def=6..7", "-hunts", "300"}, []string{"-out"}, []string{"sweep.json", "sweep.csv"}},
	}, []int{2})
}

// A workflow's merge refuses missing, duplicate, foreign and changed
// shards, as a run's does, and outputs its workflow does not write; a
// shard refuses the report's outputs; a baseline merged from shards is
// rerun by regress and passes.
func TestShardsRefused(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	sweep := []string{"sweep", "-param", "a.hp=5..6", "-hunts", "600", "-shards", "3", "-quiet"}
	for k := 0; k < 3; k++ {
		duelRun(t, exitOK, append(sweep, "-shard", itoa(k), "-tally", p("s"+itoa(k)+".json"))...)
	}
	duelRun(t, exitOK, "sweep", "-param", "a.hp=5..7", "-hunts", "600", "-shards", "3", "-shard", "2", "-tally", p("other.json"), "-quiet")
	duelRun(t, exitOK, "compare", "-set", "a.hp=+1", "-hunts", "600", "-shards", "3", "-shard", "2", "-tally", p("compare.json"), "-quiet")
	b, _ := os.ReadFile(p("s2.json"))
	os.WriteFile(p("changed.json"), []byte(strings.Replace(string(b), `"both":`, `"both":9`, 1)), 0o644)
	for _, c := range []struct {
		files []string
		flags []string
		want  string
	}{
		{[]string{"s0.json", "s1.json"}, nil, "missing shard(s) 2 of 3"},
		{[]string{"s0.json", "s1.json", "s2.json", "s1.json"}, nil, "given twice"},
		{[]string{"s0.json", "s1.json", "other.json"}, nil, "workflow sweep"},
		{[]string{"s0.json", "s1.json", "compare.json"}, nil, "different runs"},
		{[]string{"s0.json", "s1.json", "changed.json"}, nil, "checksum does not match"},
		{[]string{"s0.json", "s1.json", "s2.json"}, []string{"-json", p("x.json")}, "the shards are of a sweep, which writes no -json (it writes -out DIR)"},
	} {
		var args []string
		for _, f := range c.files {
			args = append(args, p(f))
		}
		code, _, errb := balance(t, append(append([]string{"merge"}, args...), c.flags...)...)
		if code == exitOK || !strings.Contains(errb, c.want) {
			t.Errorf("merge %v %v: exit %d, %s; want %q", c.files, c.flags, code, errb, c.want)
		}
	}
	if _, errb := duelRun(t, exitUsage, append(sweep, "-shard", "0", "-tally", p("t.json"), "-out", p("d"))...); !strings.Contains(errb, "-out cannot be used with -tally") {
		t.Errorf("a shard with -out: %s", errb)
	}
	if _, errb := duelRun(t, exitUsage, "skill", "-hunts", "600", "-shards", "2", "-shard", "0", "-tally", p("k.json"), "-target-error", "0.01", "-quiet"); !strings.Contains(errb, "-target-error cannot be used with -shards") {
		t.Errorf("a skill shard with -target-error: %s", errb)
	}
	var files []string
	for k := 0; k < 2; k++ {
		f := p("b" + itoa(k) + ".json")
		duelRun(t, exitOK, "baseline", "-hunts", "1000", "-shards", "2", "-shard", itoa(k), "-tally", f, "-quiet")
		files = append(files, f)
	}
	duelRun(t, exitOK, append(append([]string{"merge"}, files...), "-out", p("base.json"))...)
	if out, _ := duelRun(t, exitOK, "regress", "-baseline", p("base.json"), "-quiet"); !strings.Contains(out, "identical to the baseline: pass") {
		t.Errorf("regress of a merged baseline:\n%s", out)
	}
}
