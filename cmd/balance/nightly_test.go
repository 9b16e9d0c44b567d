package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"balance/workflow"
)

// regress -md FILE writes the file whatever the outcome: after a check
// could not be made (exit code 2) it says so, with the error, in place of
// any older file's verdict.
func TestRegressMDWithoutVerdict(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "base.json")
	if code, _, errb := balance(t, "baseline", "-hunts", "2000", "-out", base, "-quiet"); code != exitOK {
		t.Fatalf("baseline: exit %d: %s", code, errb)
	}
	data, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	truncated := filepath.Join(dir, "truncated.json")
	if err := os.WriteFile(truncated, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	md := filepath.Join(dir, "regress.md")
	for _, tt := range []struct {
		name string
		args []string
		want []string // parts of the -md file
	}{
		{"truncated baseline", []string{"regress", "-baseline", truncated, "-md", md, "-quiet"},
			[]string{"could not be made (exit code 2)", "Baseline: " + truncated, "not a baseline file (written by 'balance baseline': its figures, hunts and checksum): unexpected EOF", "No figure was compared."}},
		{"missing baseline", []string{"regress", "-baseline", filepath.Join(dir, "none.json"), "-md", md},
			[]string{"could not be made", "none.json: no such file"}},
		{"bad flag after -md", []string{"regress", "-md", md, "-baseline", base, "-nope"},
			[]string{"could not be made", "flag provided but not defined: -nope"}},
		{"bad flag before -md", []string{"regress", "-seed", "0x10", "-baseline", base, "-md=" + md},
			[]string{"could not be made", `invalid value "0x10" for flag -seed`}},
		{"data that do not load", []string{"regress", "-baseline", base, "-md", md, "-data", filepath.Join(dir, "no-data")},
			[]string{"could not be made", "-data"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// An older verdict in the file must not survive.
			if err := os.WriteFile(md, []byte("No figure moved significantly: pass.\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			code, _, errb := balance(t, tt.args...)
			if code != exitUsage {
				t.Errorf("exit %d, want %d; stderr: %s", code, exitUsage, errb)
			}
			b, err := os.ReadFile(md)
			if err != nil {
				t.Fatal(err)
			}
			got := string(b)
			if strings.Contains(got, "pass") {
				t.Errorf("-md still holds the older verdict:\n%s", got)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("-md lacks %q:\n%s", w, got)
				}
			}
		})
	}
	// An -md file that cannot be written: exit 2, no second complaint.
	code, _, errb := balance(t, "regress", "-baseline", truncated, "-md", "/proc/balance.md")
	if code != exitUsage || !strings.Contains(errb, "-md /proc/balance.md") || strings.Contains(errb, "could not be recorded") {
		t.Errorf("unwritable -md: exit %d: %s", code, errb)
	}
}

// nightlyScript returns the run script of the "regress every baseline"
// step of the GitHub Actions job in docs/nightly-ci.md.
func nightlyScript(t *testing.T) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "nightly-ci.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "```yaml\n")
	block, _, ok2 := strings.Cut(rest, "```\n")
	if !ok || !ok2 {
		t.Fatal("docs/nightly-ci.md: no ```yaml block")
	}
	var wf struct {
		Jobs map[string]struct {
			Steps []struct {
				Name string `yaml:"name"`
				Run  string `yaml:"run"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal([]byte(block), &wf); err != nil {
		t.Fatalf("docs/nightly-ci.md: the workflow is not valid YAML: %v", err)
	}
	for _, job := range wf.Jobs {
		for _, st := range job.Steps {
			if st.Name == "regress every baseline" {
				return st.Run
			}
		}
	}
	t.Fatal(`docs/nightly-ci.md: no step "regress every baseline"`)
	return ""
}

// The nightly job's script of docs/nightly-ci.md, run by bash -e as
// GitHub Actions runs it, with this test binary as ./balance and a date
// that gives day 089: every baseline is checked on its own seed and on
// the day's, each report appears under its own heading, and the job's exit
// code is the worst: 2 (a broken setup) over 1 (a regression) over 0.
func TestNightlyScript(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the nightly script, with balance as a process")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	script := nightlyScript(t)
	dir := t.TempDir()

	// The baselines: one good, one broken (truncated), one with another
	// win count (a figure that moved: a regression).
	good := filepath.Join(dir, "good.json")
	if code, _, errb := balance(t, "baseline", "-hunts", "2000", "-out", good, "-quiet"); code != exitOK {
		t.Fatalf("baseline: exit %d: %s", code, errb)
	}
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	var b workflow.Baseline
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	b.Figures[0].Count /= 2  // the first side's wins
	moved, err := b.Encode() // a baseline of other figures, written whole
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"good": data, "broken": data[:len(data)/2], "moved": moved}

	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "date"), []byte("#!/bin/sh\necho 089\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	wrapper := "#!/bin/sh\nBALANCE_AS_MAIN=1 exec '" + self + "' \"$@\"\n"

	for _, tt := range []struct {
		name      string
		baselines []string // kinds, in the order the glob lists them
		noBalance bool     // ./balance missing
		code      int
		// per baseline and seed, a part of its section of the summary
		want map[string]string
	}{
		{"all good", []string{"good"}, false, 0, map[string]string{
			"a-good.json, its own seed": "identical to the baseline: pass",
			"a-good.json, seed 089":     "this run seed 89",
		}},
		{"broken first", []string{"broken", "good"}, false, 2, map[string]string{
			"a-broken.json, its own seed": "could not be made",
			"a-broken.json, seed 089":     "could not be made",
			"b-good.json, its own seed":   "pass",
			"b-good.json, seed 089":       "pass",
		}},
		{"regression", []string{"good", "moved"}, false, 1, map[string]string{
			"a-good.json, its own seed":  "pass",
			"b-moved.json, its own seed": "regression",
			"b-moved.json, seed 089":     "regression",
		}},
		{"broken after a regression", []string{"moved", "broken"}, false, 2, map[string]string{
			"a-moved.json, its own seed":  "regression",
			"b-broken.json, its own seed": "could not be made",
		}},
		{"regression after broken", []string{"broken", "moved"}, false, 2, map[string]string{
			"a-broken.json, seed 089":    "could not be made",
			"b-moved.json, its own seed": "regression",
		}},
		{"no balance", []string{"good"}, true, 2, map[string]string{
			"a-good.json, its own seed": "balance regress wrote no report (exit code 127)",
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			work := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-"))
			if err := os.MkdirAll(filepath.Join(work, "baselines"), 0o755); err != nil {
				t.Fatal(err)
			}
			for i, kind := range tt.baselines {
				name := string(rune('a'+i)) + "-" + kind + ".json"
				if err := os.WriteFile(filepath.Join(work, "baselines", name), files[kind], 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if !tt.noBalance {
				if err := os.WriteFile(filepath.Join(work, "balance"), []byte(wrapper), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			summary := filepath.Join(work, "summary.md")
			cmd := exec.Command(bash, "-e", "-c", script)
			cmd.Dir = work
			cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "GITHUB_STEP_SUMMARY="+summary)
			out, err := cmd.CombinedOutput()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			s, rerr := os.ReadFile(summary)
			if rerr != nil {
				t.Fatal(rerr)
			}
			if code != tt.code {
				t.Errorf("exit %d, want %d\noutput:\n%s\nsummary:\n%s", code, tt.code, out, s)
			}
			sections := map[string]string{}
			for _, sec := range strings.Split(string(s), "## baselines/")[1:] {
				head, body, _ := strings.Cut(sec, "\n")
				sections[head] = body
			}
			if want := 2 * len(tt.baselines); len(sections) != want {
				t.Errorf("%d sections in the summary, want %d:\n%s", len(sections), want, s)
			}
			for head, w := range tt.want {
				body, ok := sections[head]
				switch {
				case !ok:
					t.Errorf("no section %q in the summary:\n%s", head, s)
				case !strings.Contains(body, w):
					t.Errorf("section %q lacks %q:\n%s", head, w, body)
				case strings.Contains(w, "could not be made") && (strings.Contains(body, "pass") || strings.Contains(body, "regression")):
					t.Errorf("section %q shows a verdict:\n%s", head, body)
				}
			}
		})
	}
}
