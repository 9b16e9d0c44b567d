package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"balance/safeio"
)

// The signal test plays run -out, sweep -out, merge -out and baseline -out
// as processes (this test binary standing in for balance, see TestMain)
// and stops them with SIGINT, SIGTERM or SIGHUP at a delay after their
// main function caught the signals (it says so on a pipe): while the data load, while the hunts are played,
// while the outputs are written, and after; and with a second signal soon
// after the first. Whenever the signal comes:
//
//   - no temporary file or directory is left;
//   - every report directory is whole: the older report (777 hunts) or
//     the new one, each file of it telling the same number of hunts, and
//     the note a user left in it is still there;
//   - a run stopped by one signal exits with code 1, says "interrupted
//     after N hunts" and its report covers those N hunts, marked as
//     interrupted (a baseline is then not written: the older one stays);
//   - a second signal exits at once with 128 + the signal's number.
//
// The short form, always run, tries each command with each signal at a
// few delays; BALANCE_LONG=1 (set by .ci/run) tries many more.
func TestSignals(t *testing.T) {
	long := os.Getenv("BALANCE_LONG") == "1"
	fix := t.TempDir()
	t.Chdir(fix)
	// The older outputs the commands are to replace: 777 hunts each.
	for _, args := range [][]string{
		{"run", "-hunts", "777", "-out", "run", "-quiet"},
		{"run", "-hunts", "777", "-out", "merge", "-quiet"},
		{"sweep", "-param", "adversary.def=5..6", "-hunts", "777", "-out", "sweep", "-quiet"},
		{"baseline", "-hunts", "777", "-out", "baseline.json", "-quiet"},
		{"run", "-hunts", "4000", "-seed", "2", "-shards", "2", "-shard", "0", "-tally", "shard0.json", "-quiet"},
		{"run", "-hunts", "4000", "-seed", "2", "-shards", "2", "-shard", "1", "-tally", "shard1.json", "-quiet"},
	} {
		if code, _, errb := balance(t, args...); code != exitOK {
			t.Fatalf("%v: %s", args, errb)
		}
	}
	for _, d := range []string{"run", "merge", "sweep"} {
		if err := os.WriteFile(filepath.Join(d, "notes.txt"), []byte("mine"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	oldBaseline, err := os.ReadFile("baseline.json")
	if err != nil {
		t.Fatal(err)
	}

	type command struct {
		name  string
		args  []string
		out   string // the output to check
		hunts bool   // it plays hunts (merge does not)
		long  bool   // it plays until it is stopped
	}
	endless := "100000000"
	commands := []command{
		{"run", []string{"run", "-seed", "2", "-hunts", endless, "-out", "run"}, "run", true, true},
		{"run-short", []string{"run", "-seed", "2", "-hunts", "20000", "-out", "run"}, "run", true, false},
		{"sweep", []string{"sweep", "-param", "adversary.def=5..6", "-seed", "2", "-hunts", endless, "-out", "sweep"}, "sweep", true, true},
		{"sweep-short", []string{"sweep", "-param", "adversary.def=5..6", "-seed", "2", "-hunts", "8000", "-out", "sweep"}, "sweep", true, false},
		{"merge", []string{"merge", "shard0.json", "shard1.json", "-out", "merge"}, "merge", false, false},
		{"baseline", []string{"baseline", "-seed", "2", "-hunts", endless, "-out", "baseline.json"}, "baseline.json", true, true},
		{"baseline-short", []string{"baseline", "-seed", "2", "-hunts", "20000", "-out", "baseline.json"}, "baseline.json", true, false},
	}
	type trial struct {
		cmd    command
		sigs   []syscall.Signal
		delay  time.Duration // before the first signal
		second time.Duration // between the first and the second, if any
	}
	var trials []trial
	delays := []time.Duration{150 * time.Millisecond, 450 * time.Millisecond, 900 * time.Millisecond}
	sigs := []syscall.Signal{syscall.SIGINT, syscall.SIGTERM}
	if long {
		delays = nil
		for d := time.Duration(0); d <= 1800*time.Millisecond; d += 120 * time.Millisecond {
			delays = append(delays, d)
		}
		sigs = append(sigs, syscall.SIGHUP)
	}
	for _, c := range commands {
		for i, d := range delays {
			for j, s := range sigs {
				if !long && (i+j)%2 == 1 && c.long {
					continue // the short form: one signal per delay for the endless runs
				}
				trials = append(trials, trial{cmd: c, sigs: []syscall.Signal{s}, delay: d})
			}
		}
		gaps := []time.Duration{150 * time.Millisecond}
		if long {
			gaps = []time.Duration{0, 50 * time.Millisecond, 200 * time.Millisecond, 500 * time.Millisecond}
		}
		for _, g := range gaps {
			trials = append(trials, trial{cmd: c, sigs: []syscall.Signal{syscall.SIGTERM, syscall.SIGTERM}, delay: 500 * time.Millisecond, second: g})
			if long {
				trials = append(trials, trial{cmd: c, sigs: []syscall.Signal{syscall.SIGINT, syscall.SIGINT}, delay: 900 * time.Millisecond, second: g})
			}
		}
	}

	// At most four processes at once, one worker each.
	slots := make(chan struct{}, 4)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	fail := func(tr trial, format string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		failures = append(failures, fmt.Sprintf("%s %v at %v (+%v): %s", tr.cmd.name, tr.sigs, tr.delay, tr.second, fmt.Sprintf(format, a...)))
	}
	outcomes := map[string]int{}
	for n, tr := range trials {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-slots }()
			dir := filepath.Join(t.TempDir(), strconv.Itoa(n))
			if err := os.CopyFS(dir, os.DirFS(fix)); err != nil {
				fail(tr, "copying the fixture: %v", err)
				return
			}
			cmd := exec.Command(os.Args[0], append(tr.cmd.args, "-quiet", "-workers", "1")...)
			if tr.cmd.name == "merge" {
				cmd = exec.Command(os.Args[0], tr.cmd.args...)
			}
			cmd.Dir = dir
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			// Signalled only once main has caught the signals (startMain).
			if err := startMain(cmd); err != nil {
				fail(tr, "%v", err)
				return
			}
			exited := make(chan struct{})
			go func() {
				time.Sleep(tr.delay)
				cmd.Process.Signal(tr.sigs[0])
				if len(tr.sigs) > 1 {
					time.Sleep(tr.second)
					cmd.Process.Signal(tr.sigs[1])
				}
				select {
				case <-exited:
				case <-time.After(90 * time.Second):
					cmd.Process.Kill()
				}
			}()
			err := cmd.Wait()
			close(exited)
			code, killed := 0, false
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
				if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
					killed = true
				}
			} else if err != nil {
				fail(tr, "%v", err)
				return
			}
			errText := stderr.String()
			outcome := checkSignalled(dir, tr.cmd.out, oldBaseline)
			switch {
			case outcome.err != nil:
				fail(tr, "%v; exit %d; stderr: %s", outcome.err, code, errText)
				return
			case killed:
				fail(tr, "killed by the signal (old outputs: %v): the signal was not handled", outcome.old)
			case len(tr.sigs) > 1 && code == 128+int(tr.sigs[1]):
				// Stopped at once: the outputs are whole, old or new.
			case code == exitOK:
				if tr.cmd.long {
					fail(tr, "an endless run ended with exit code 0")
				}
				if outcome.old || outcome.interrupted {
					fail(tr, "exit 0 but the output is the old one or interrupted")
				}
			case code == exitError && strings.Contains(errText, "interrupted while measuring what each part does"):
				// The run played all its hunts; the card effects cover
				// those measured before the signal.
				if tr.cmd.long || outcome.old || outcome.interrupted {
					fail(tr, "the card effects interrupted, but the report holds %d hunts (old %v, interrupted %v)", outcome.hunts, outcome.old, outcome.interrupted)
				}
			case code == exitError && strings.Contains(errText, "loading the data stopped"):
				// The signal came while the data loaded: the load stops,
				// no hunt was played, and nothing is written.
				if !outcome.old {
					fail(tr, "the load was stopped, but the output is not the old one")
				}
			case code == exitError && tr.cmd.hunts:
				m := regexp.MustCompile(`interrupted after (\d+) hunts`).FindStringSubmatch(errText)
				if m == nil {
					fail(tr, "exit 1 without \"interrupted after N hunts\": %s", errText)
					return
				}
				n, _ := strconv.ParseInt(m[1], 10, 64)
				if strings.HasPrefix(tr.cmd.name, "baseline") {
					if !outcome.old {
						fail(tr, "an interrupted baseline replaced the old one")
					}
				} else if outcome.old || !outcome.interrupted || outcome.hunts != n {
					fail(tr, "interrupted after %d hunts, but the report holds %d hunts (old %v, marked interrupted %v)", n, outcome.hunts, outcome.old, outcome.interrupted)
				}
			default:
				fail(tr, "exit %d; stderr: %s", code, errText)
			}
			mu.Lock()
			key := fmt.Sprintf("exit %d", code)
			if killed {
				key = "killed"
			}
			outcomes[key]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	t.Logf("%d trials; outcomes %v", len(trials), outcomes)
	for _, f := range failures {
		t.Error(f)
	}
}

// signalled is what a stopped command left at its output.
type signalled struct {
	old         bool  // the older output, untouched
	hunts       int64 // hunts of the report found
	interrupted bool  // the report says it was interrupted
	err         error // a temporary left, a mixed or broken report
}

// checkSignalled examines the output out under dir.
func checkSignalled(dir, out string, oldBaseline []byte) (r signalled) {
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && safeio.IsTemp(d.Name()) {
			r.err = errors.Join(r.err, fmt.Errorf("temporary left: %s", p))
		}
		return nil
	})
	if r.err != nil {
		return r
	}
	path := filepath.Join(dir, out)
	if out == "baseline.json" {
		b, err := os.ReadFile(path)
		if err != nil || !json.Valid(b) {
			r.err = fmt.Errorf("baseline.json broken: %v", err)
		}
		r.old = bytes.Equal(b, oldBaseline)
		return r
	}
	if b, err := os.ReadFile(filepath.Join(path, "notes.txt")); err != nil || string(b) != "mine" {
		r.err = fmt.Errorf("the user's note is lost: %v", err)
		return r
	}
	var counts []int64 // hunts as each file of the report tells them
	var js struct {
		Hunts       int64  `json:"hunts"`
		Interrupted bool   `json:"interrupted"`
		Stopped     string `json:"stopped"`
	}
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(path, name))
		if err != nil {
			r.err = errors.Join(r.err, err)
		}
		return b
	}
	firstNumber := func(name string, re string) {
		m := regexp.MustCompile(re).FindSubmatch(read(name))
		if m == nil {
			r.err = errors.Join(r.err, fmt.Errorf("%s: no hunts found", name))
			return
		}
		n, _ := strconv.ParseInt(strings.ReplaceAll(string(m[1]), ",", ""), 10, 64)
		counts = append(counts, n)
	}
	csvColumn := func(name, col string, sum bool) {
		rows, err := csv.NewReader(bytes.NewReader(read(name))).ReadAll()
		if err != nil || len(rows) < 2 {
			r.err = errors.Join(r.err, fmt.Errorf("%s: %v", name, err))
			return
		}
		k := -1
		for i, h := range rows[0] {
			if h == col {
				k = i
			}
		}
		var total int64
		for _, row := range rows[1:] {
			v, _ := strconv.ParseInt(row[k], 10, 64)
			if sum {
				total += v
			} else if total = v; v != counts[0] {
				break
			}
		}
		counts = append(counts, total)
	}
	if _, err := os.Stat(filepath.Join(path, "sweep.json")); err == nil {
		json.Unmarshal(read("sweep.json"), &js)
		js.Interrupted = js.Stopped == "interrupted"
		counts = append(counts, js.Hunts)
		firstNumber("sweep.md", `(?m)^([\d,]+) hunts per point`)
		csvColumn("sweep.csv", "n", false)
	} else {
		json.Unmarshal(read("summary.json"), &js)
		counts = append(counts, js.Hunts)
		firstNumber("summary.md", `(?m)^([\d,]+) hunts`)
		csvColumn("outcomes.csv", "hunts", true)
		man, err := os.ReadFile(filepath.Join(path, safeio.Manifest))
		if err != nil {
			r.err = errors.Join(r.err, err)
		}
		for _, name := range strings.Split(string(man), "\n") {
			if name != "" && !strings.HasPrefix(name, "#") {
				read(name) // every file the report lists is there
			}
		}
	}
	if r.err != nil {
		return r
	}
	for _, c := range counts[1:] {
		if c != counts[0] {
			r.err = fmt.Errorf("a mixed report: its files tell %v hunts", counts)
			return r
		}
	}
	r.hunts, r.interrupted, r.old = js.Hunts, js.Interrupted, js.Hunts == 777
	return r
}
