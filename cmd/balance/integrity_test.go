package main

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"balance/batch"

	"balance/workflow"
)

// A baseline names the build that recorded it and holds a checksum:
// regress refuses a baseline changed since (exit 2, with the reason), and
// checks one of another build, saying which build that was.
func TestBaselineIntegrity(t *testing.T) {
	t.Chdir(t.TempDir())
	if code, _, errb := balance(t, "baseline", "-hunts", "500", "-out", "b.json", "-quiet"); code != exitOK {
		t.Fatal(errb)
	}
	code, out, errb := balance(t, "regress", "-baseline", "b.json", "-quiet")
	if code != exitOK || !strings.Contains(out, "Baseline recorded by this build ("+buildIdentity()+")") {
		t.Fatalf("regress: exit %d\n%s%s", code, out, errb)
	}
	raw, _ := os.ReadFile("b.json")
	var b workflow.Baseline
	if err := json.Unmarshal(raw, &b); err != nil || b.Build != buildIdentity() || !strings.HasPrefix(b.Checksum, "sha256:") {
		t.Fatalf("baseline: build %q checksum %q: %v", b.Build, b.Checksum, err)
	}
	// A count edited by hand: refused.
	re := regexp.MustCompile(`"count": (\d+)`)
	edited := re.ReplaceAllStringFunc(string(raw), func(m string) string { return m + "0" })
	os.WriteFile("edited.json", []byte(edited), 0o644)
	code, _, errb = balance(t, "regress", "-baseline", "edited.json", "-quiet")
	if code != exitUsage || !strings.Contains(errb, "edited.json: the checksum does not match") {
		t.Errorf("an edited baseline: exit %d: %s", code, errb)
	}
	// Recorded by another build, whole: checked, and the build named.
	b.Build = "balance 0.0.9, revision 0123abcd, go1.26.0 linux/amd64"
	other, _ := b.Encode()
	os.WriteFile("other.json", other, 0o644)
	code, out, errb = balance(t, "regress", "-baseline", "other.json", "-quiet")
	if code != exitOK || !strings.Contains(out, "Baseline recorded by another build (balance 0.0.9, revision 0123abcd") {
		t.Errorf("a baseline of another build: exit %d\n%s%s", code, out, errb)
	}
}

// merge refuses shards of different builds and a shard changed since it
// was written (an outcome count raised by 500), naming the file and the
// reason; it says which build played the shards it merges.
func TestMergeIntegrity(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, k := range []string{"0", "1"} {
		if code, _, errb := balance(t, "run", "-hunts", "2000", "-shards", "2", "-shard", k, "-tally", "s"+k+".json", "-quiet"); code != exitOK {
			t.Fatal(errb)
		}
	}
	code, out, errb := balance(t, "merge", "s0.json", "s1.json")
	if code != exitOK || !strings.Contains(out, "The shards were played by this build") {
		t.Fatalf("merge: exit %d\n%s%s", code, out, errb)
	}
	h, tl, err := batch.ReadTallyFile("s1.json")
	if err != nil {
		t.Fatal(err)
	}
	h.Build = "balance 0.1.0-dev, revision 99999999 (modified), go1.26.8 linux/amd64, executable sha256 0000000000000000"
	if err := batch.WriteTallyFile("other.json", h, tl, nil); err != nil {
		t.Fatal(err)
	}
	code, _, errb = balance(t, "merge", "s0.json", "other.json")
	if code != exitError || !strings.Contains(errb, "different runs") || !strings.Contains(errb, "build") {
		t.Errorf("shards of two builds: exit %d: %s", code, errb)
	}
	raw, _ := os.ReadFile("s1.json")
	m := regexp.MustCompile(`"outcomes":\[(\d+),`).FindStringSubmatch(string(raw))
	if m == nil {
		t.Fatal("no outcomes in the tally file")
	}
	n := 0
	for _, c := range m[1] {
		n = 10*n + int(c-'0')
	}
	tampered := strings.Replace(string(raw), m[0], `"outcomes":[`+itoa(n+500)+`,`, 1)
	os.WriteFile("tampered.json", []byte(tampered), 0o644)
	code, _, errb = balance(t, "merge", "s0.json", "tampered.json")
	if code != exitError || !strings.Contains(errb, "tampered.json: the checksum does not match") {
		t.Errorf("a tampered shard: exit %d: %s", code, errb)
	}
}

// balance version prints the build's identity.
func TestVersionBuild(t *testing.T) {
	code, out, _ := balance(t, "version")
	if code != exitOK || !strings.Contains(out, "build: "+buildIdentity()+"\n") {
		t.Errorf("version printed %q", out)
	}
	if !strings.Contains(buildIdentity(), "go1.") {
		t.Errorf("the identity %q names no Go version", buildIdentity())
	}
}
