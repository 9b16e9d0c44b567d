// Package k8s holds the test of the Kubernetes manifests beside it: what
// render.sh prints is checked as YAML and as Jobs, and the containers'
// arguments are run here, each index as Kubernetes would give it.
package k8s

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// manifest is what the test reads of a rendered document.
type manifest struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name   string            `yaml:"name"`
		Labels map[string]string `yaml:"labels"`
	} `yaml:"metadata"`
	Spec struct {
		CompletionMode       string `yaml:"completionMode"`
		Completions          *int   `yaml:"completions"`
		Parallelism          *int   `yaml:"parallelism"`
		BackoffLimitPerIndex *int   `yaml:"backoffLimitPerIndex"`
		Template             struct {
			Spec struct {
				RestartPolicy string `yaml:"restartPolicy"`
				Containers    []struct {
					Image string   `yaml:"image"`
					Args  []string `yaml:"args"`
					Env   []struct {
						Name      string `yaml:"name"`
						ValueFrom struct {
							FieldRef struct {
								FieldPath string `yaml:"fieldPath"`
							} `yaml:"fieldRef"`
						} `yaml:"valueFrom"`
					} `yaml:"env"`
				} `yaml:"containers"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

// render runs render.sh with args and parses the documents it prints.
func render(t *testing.T, args ...string) []manifest {
	t.Helper()
	out, err := exec.Command("bash", append([]string{"render.sh"}, args...)...).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("render.sh %v: %v\n%s", args, err, ee.Stderr)
		}
		t.Fatal(err)
	}
	var docs []manifest
	dec := yaml.NewDecoder(bytes.NewReader(out))
	for {
		var m manifest
		err := dec.Decode(&m)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("render.sh prints invalid YAML: %v\n%s", err, out)
		}
		docs = append(docs, m)
	}
	return docs
}

// expand does what Kubernetes does to a container's arguments: $(VAR)
// becomes the variable's value; and it moves the volume's mount point
// /tallies to dir.
func expand(args []string, env map[string]string, dir string) []string {
	var out []string
	for _, a := range args {
		for k, v := range env {
			a = strings.ReplaceAll(a, "$("+k+")", v)
		}
		out = append(out, strings.ReplaceAll(a, "/tallies", dir))
	}
	return out
}

// The rendered manifests parse as YAML; the shards' Job is Indexed, one
// completion per shard, with retries per index; run here, its
// container's arguments, given each index as JOB_COMPLETION_INDEX and
// SHARD, write the shards' tallies, and the merge Job's arguments merge
// them into the summary.json of a single run.
func TestManifests(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("render.sh needs bash")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "balance")
	if out, err := exec.Command("go", "build", "-o", bin, "balance/cmd/balance").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	const shards = 3
	run := []string{"-hunts", "601", "-seed", "9", "-card-hunts", "0"}
	docs := render(t, append([]string{"-n", strconv.Itoa(shards), "-i", "registry.example/balance:test", "-p", "2", "-c", "2", "--"}, run...)...)
	if len(docs) != 3 || docs[0].Kind != "PersistentVolumeClaim" || docs[1].Kind != "Job" || docs[2].Kind != "Job" {
		t.Fatalf("render.sh printed %d documents: %+v", len(docs), docs)
	}
	job, merge := docs[1], docs[2]
	s := job.Spec
	switch {
	case job.APIVersion != "batch/v1" || s.CompletionMode != "Indexed":
		t.Errorf("the shards' Job is %s, completion mode %q, want batch/v1 Indexed", job.APIVersion, s.CompletionMode)
	case s.Completions == nil || *s.Completions != shards:
		t.Errorf("completions %v, want %d", s.Completions, shards)
	case s.Parallelism == nil || *s.Parallelism != 2:
		t.Errorf("parallelism %v, want 2", s.Parallelism)
	case s.BackoffLimitPerIndex == nil || *s.BackoffLimitPerIndex < 1:
		t.Errorf("backoffLimitPerIndex %v, want retries per index", s.BackoffLimitPerIndex)
	case s.Template.Spec.RestartPolicy != "Never" || len(s.Template.Spec.Containers) != 1:
		t.Errorf("the shards' pod: %+v", s.Template.Spec)
	}
	c := s.Template.Spec.Containers[0]
	if c.Image != "registry.example/balance:test" || len(c.Env) != 1 || c.Env[0].Name != "SHARD" ||
		!strings.Contains(c.Env[0].ValueFrom.FieldRef.FieldPath, "job-completion-index") {
		t.Errorf("the shard's container: %+v", c)
	}
	if !strings.Contains(strings.Join(c.Args, " "), "-shard auto") {
		t.Errorf("the shard's arguments do not read the index from the Job: %q", c.Args)
	}
	if merge.Metadata.Labels["balance.step"] != "merge" || job.Metadata.Labels["balance.step"] != "shards" {
		t.Errorf("labels: shards %v, merge %v", job.Metadata.Labels, merge.Metadata.Labels)
	}

	vol := filepath.Join(dir, "tallies")
	if err := os.Mkdir(vol, 0o755); err != nil {
		t.Fatal(err)
	}
	for k := 0; k < shards; k++ {
		idx := strconv.Itoa(k)
		cmd := exec.Command(bin, expand(c.Args, map[string]string{"SHARD": idx}, vol)...)
		var env []string
		for _, e := range os.Environ() {
			if !strings.HasPrefix(e, "BALANCE_SHARD=") && !strings.HasPrefix(e, "SLURM_") && !strings.HasPrefix(e, "JOB_COMPLETION_INDEX=") {
				env = append(env, e)
			}
		}
		cmd.Env = append(env, "JOB_COMPLETION_INDEX="+idx, "SHARD="+idx)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("shard %d: %v\n%s", k, err, out)
		}
		if !strings.Contains(string(out), "shard "+idx+" of 3 (-shard auto: JOB_COMPLETION_INDEX="+idx+")") {
			t.Errorf("shard %d does not say it read JOB_COMPLETION_INDEX:\n%s", k, out)
		}
	}
	mc := merge.Spec.Template.Spec.Containers[0]
	if out, err := exec.Command(bin, expand(mc.Args, nil, vol)...).CombinedOutput(); err != nil {
		t.Fatalf("merge %q: %v\n%s", mc.Args, err, out)
	}
	single := filepath.Join(dir, "single.json")
	if out, err := exec.Command(bin, append(append([]string{"run"}, run...), "-json", single, "-quiet")...).CombinedOutput(); err != nil {
		t.Fatalf("single run: %v\n%s", err, out)
	}
	if a, b := summary(t, filepath.Join(vol, "summary.json")), summary(t, single); a != b {
		t.Errorf("the merge Job's summary.json:\n%s\na single run's:\n%s", a, b)
	}
	if _, err := os.Stat(filepath.Join(vol, "report", "summary.md")); err != nil {
		t.Errorf("the merge Job wrote no report: %v", err)
	}
}

// summary is a summary.json without its timing, as canonical JSON.
func summary(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "timing")
	out, _ := json.Marshal(m)
	return string(out)
}
