package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The default analysis says on stderr what it runs (the plan, then each
// entry's main run and skill trace with their hunts) unless -quiet;
// the skill trace plays a skillShare-th of -hunts by default, at least
// minSkillHunts (here the floor: 1,000 hunts would give 2).
func TestAnalyzeSaysWhatItRuns(t *testing.T) {
	out := t.TempDir()
	hunts := 2 * skillShare
	code, stdout, errb := balance(t, "analyze", "-hunts", itoa(hunts), "-out", out, "-lookahead-k", "1", "-lookahead-horizon", "1")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errb)
	}
	lines := strings.Split(strings.TrimSpace(errb), "\n")
	n := itoa(hunts)
	if want := "analyze: 5 adversaries of Cazadores (pack duo, scenario open-ground), each a main run of " + n + " hunts (basic tier) and a skill trace of " + itoa(minSkillHunts) + " hunts per tier (random, basic, tactical, lookahead(k=1,horizon=1)); reports in " + out; lines[0] != want {
		t.Errorf("first line %q, want %q", lines[0], want)
	}
	for _, want := range []string{
		"A Neonate Wurm vs duo on open-ground: main run, " + n + " hunts\n",
		"A Neonate Wurm vs duo on open-ground: skill trace, " + itoa(minSkillHunts) + " hunts by each of 4 tiers\n",
		"Wandering Son of the Mountain vs duo on open-ground: main run, " + n + " hunts\n",
		"Wandering Son of the Mountain vs duo on open-ground: skill trace, " + itoa(minSkillHunts) + " hunts by each of 4 tiers\n",
	} {
		if !strings.Contains(errb, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errb)
		}
	}
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "analyze: done in ") {
		t.Errorf("last line %q, want the time taken", last)
	}
	if !strings.Contains(stdout, "report: "+filepath.Join(out, "index.md")) {
		t.Errorf("stdout does not name the report:\n%s", stdout)
	}
	code, _, errb = balance(t, "analyze", "-hunts", "100", "-skill-hunts", "0", "-out", out, "-quiet")
	if code != exitOK || errb != "" {
		t.Errorf("-quiet: exit %d, stderr %q", code, errb)
	}
}

// README.md's Quick start says what the default analysis runs, with the
// sizes the code uses.
func TestReadmeDefaultAnalysis(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	start := strings.Index(readme, "## Quick start")
	end := strings.Index(readme, "## Commands")
	if start < 0 || end < start {
		t.Fatal("README.md has no Quick start section before Commands")
	}
	quick := strings.Join(strings.Fields(readme[start:end]), " ")
	for _, want := range []string{
		thousands(defaultHunts) + " hunts of each bundled Adversary",
		thousands(defaultHunts/skillShare) + " hunts",
		"skill trace",
	} {
		if !strings.Contains(quick, want) {
			t.Errorf("README.md's Quick start does not say %q", want)
		}
	}
}

// thousands writes n with commas between groups of three digits.
func thousands(n int64) string {
	s := itoa(int(n))
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
