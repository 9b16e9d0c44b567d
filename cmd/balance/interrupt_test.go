package main

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"balance/safeio"
)

// TestMain lets the test binary stand in for balance itself when
// BALANCE_AS_MAIN is set, so a test can run it as a process and signal it.
func TestMain(m *testing.M) {
	if os.Getenv("BALANCE_AS_MAIN") == "1" {
		if os.Getenv("BALANCE_READY_FD") == "3" {
			// The signal test waits for a line on file 3 before it signals.
			signalsSet = func() {
				ready := os.NewFile(3, "ready")
				ready.WriteString("ready\n")
				ready.Close()
			}
		}
		main()
		return
	}
	os.Exit(m.Run())
}

// startMain starts cmd, this test binary standing in for balance, and
// returns once its main has caught the signals (it says so on file 3) or
// ended: until then a signal would kill it, as it would any Go program.
func startMain(cmd *exec.Cmd) error {
	cmd.Env = append(os.Environ(), "BALANCE_AS_MAIN=1", "BALANCE_READY_FD=3")
	ready, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer ready.Close()
	cmd.ExtraFiles = []*os.File{w}
	err = cmd.Start()
	w.Close()
	if err != nil {
		return err
	}
	io.ReadAll(ready)
	return nil
}

// Ctrl-C stops a run cleanly: exit code 1, the report of the hunts done so
// far marked as interrupted, and no temporary file left behind.
func TestInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a subprocess for a few seconds")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "report")
	cmd := exec.Command(os.Args[0], "run", "-hunts", "1000000000", "-out", out, "-quiet")
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := startMain(cmd); err != nil {
		t.Fatal(err)
	}
	time.Sleep(1500 * time.Millisecond)
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitError {
		t.Fatalf("exit: %v, want code %d; stderr: %s", err, exitError, stderr.String())
	}
	if !strings.Contains(stderr.String(), "interrupted after") {
		t.Errorf("stderr does not say it was interrupted: %q", stderr.String())
	}
	b, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Hunts       int64  `json:"hunts"`
		Interrupted bool   `json:"interrupted"`
		Stopped     string `json:"stopped"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if !s.Interrupted || s.Stopped != "interrupted" || s.Hunts <= 0 || s.Hunts >= 1000000000 {
		t.Fatalf("summary: %+v", s)
	}
	if !strings.Contains(stdout.String(), "interrupted") {
		t.Errorf("the summary table does not say the run was interrupted:\n%s", stdout.String())
	}
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		if (strings.HasPrefix(e.Name(), ".") && e.Name() != safeio.Manifest) || strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// Ctrl-C while the card effects are measured: the run's report is whole,
// its card effects cover the hunts measured so far and say they were
// interrupted, and the exit code is 1.
func TestInterruptCardEffects(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a subprocess for a few seconds")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "report")
	// The run stops at its -target-error after a few thousand hunts; the
	// card effects, on up to -hunts hunts, are still being measured.
	cmd := exec.Command(os.Args[0], "run", "-hunts", "1000000000", "-target-error", "0.02", "-card-hunts", "1000000000", "-out", out, "-quiet")
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := startMain(cmd); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2500 * time.Millisecond)
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitError {
		t.Fatalf("exit: %v, want code %d; stderr: %s", err, exitError, stderr.String())
	}
	if !strings.Contains(stderr.String(), "interrupted while measuring what each part does") {
		t.Errorf("stderr does not say the card effects were interrupted: %q", stderr.String())
	}
	b, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Hunts       int64 `json:"hunts"`
		Interrupted bool  `json:"interrupted"`
		CardEffects struct {
			Hunts   int64  `json:"hunts"`
			Stopped string `json:"stopped"`
		} `json:"ablations"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if s.Hunts == 0 || s.Hunts >= 1000000000 || s.Interrupted {
		t.Fatalf("summary: %+v, want the whole run to its -target-error", s)
	}
	if s.CardEffects.Hunts == 0 {
		// Stopped before a block of card hunts was done (a slow machine):
		// no card effects, but the exit code and message above still hold.
		t.Logf("interrupted before any card effect was measured: %+v", s)
		return
	}
	if s.CardEffects.Stopped != "interrupted" {
		t.Fatalf("summary: %+v", s)
	}
	if !strings.Contains(stdout.String(), "(interrupted)") {
		t.Errorf("the summary table does not say the card effects were interrupted:\n%s", stdout.String())
	}
}
