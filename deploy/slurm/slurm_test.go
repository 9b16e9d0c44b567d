// Package slurm holds the test of the Slurm job scripts beside it: a
// one-node Slurm cluster started on this machine runs a sharded balance
// run as a job array and merges it in a dependent job.
package slurm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"balance/internal/testenv"
)

// The daemons a cluster needs, and the commands the test calls.
var tools = []string{"munged", "slurmctld", "slurmd", "sbatch", "squeue", "sinfo", "scancel"}

// TestSlurmArray submits a four-shard run with submit.sh to a one-node
// cluster (munged, slurmctld and slurmd started here under a slurm.conf of
// its own, on free ports, as root), waits for the array and the merge
// that depends on it, and checks the merged summary.json against a single
// run's: identical apart from the timing. Every daemon it started is
// stopped by its PID.
//
// It needs Linux, root, and Debian's slurm-wlm and munge; elsewhere it
// skips and says why. It runs when BALANCE_LONG=1 or BALANCE_REQUIRE_SLURM=1
// (.ci/run sets both and installs the packages); with
// BALANCE_REQUIRE_SLURM=1 a missing requirement is a failure.
func TestSlurmArray(t *testing.T) {
	require := os.Getenv("BALANCE_REQUIRE_SLURM") == "1"
	if !require && !testenv.Long() {
		t.Skip("the Slurm test starts a cluster: it runs with BALANCE_LONG=1 or BALANCE_REQUIRE_SLURM=1")
	}
	missing := func(why string) {
		if require {
			t.Fatalf("BALANCE_REQUIRE_SLURM=1 but %s", why)
		}
		t.Skipf("skipped: %s (install Debian's slurm-wlm and munge and run as root; .ci/run does)", why)
	}
	if runtime.GOOS != "linux" {
		missing("the cluster this test starts needs Linux")
	}
	if os.Geteuid() != 0 {
		missing("the cluster this test starts needs root (slurmd runs the jobs as their user)")
	}
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			missing(tool + " is not installed")
		}
	}

	dir := shortTempDir(t)
	bin := filepath.Join(dir, "balance")
	build := exec.Command("go", "build", "-o", bin, "balance/cmd/balance")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	c := startCluster(t, dir)

	args := []string{"-hunts", "20000", "-seed", "7", "-adversary", "praetorians", "-card-hunts", "0"}
	out := filepath.Join(dir, "out")
	submit := exec.Command("bash", "submit.sh", "-n", "4", "-o", out, "-b", bin, "--")
	submit.Args = append(submit.Args, args[:len(args)-2]...) // -card-hunts cannot be used with -shards
	submit.Env = c.env()
	ids, err := submit.Output()
	if err != nil {
		t.Fatalf("submit.sh: %v\n%s", err, stderrOf(err))
	}
	jobs := strings.Fields(string(ids))
	if len(jobs) != 2 {
		t.Fatalf("submit.sh printed %q, want two job ids", ids)
	}
	t.Logf("array job %s, merge job %s", jobs[0], jobs[1])
	start := time.Now()
	c.wait(t, 10*time.Minute)
	t.Logf("the 4-shard array and the merge took %s", time.Since(start).Round(time.Second))

	merged, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatalf("the merge job wrote no summary.json: %v\nlogs:\n%s", err, logs(out))
	}
	if _, err := os.Stat(filepath.Join(out, "report", "summary.md")); err != nil {
		t.Errorf("the merge job wrote no report: %v", err)
	}
	for k := range 4 {
		if _, err := os.Stat(filepath.Join(out, "shards", strconv.Itoa(k)+".json")); err != nil {
			t.Errorf("shard %d: %v", k, err)
		}
	}

	single := filepath.Join(dir, "single.json")
	one := exec.Command(bin, append(append([]string{"run"}, args...), "-json", single, "-quiet")...)
	if b, err := one.CombinedOutput(); err != nil {
		t.Fatalf("single run: %v\n%s", err, b)
	}
	want, err := os.ReadFile(single)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := withoutTiming(t, merged), withoutTiming(t, want); !bytes.Equal(a, b) {
		t.Errorf("the merged summary.json differs from a single run's (timing aside):\nmerged: %.400s\nsingle: %.400s", a, b)
	}
}

// cluster is a one-node Slurm cluster on localhost.
type cluster struct {
	dir  string // its configuration, state, logs and PID files
	conf string // slurm.conf
	pids []string
}

// env is the environment that points Slurm's commands at the cluster.
func (c *cluster) env() []string {
	return append(os.Environ(), "SLURM_CONF="+c.conf)
}

// startCluster starts munged, slurmctld and slurmd under dir and waits for
// the node to be idle. Cleanup cancels the jobs and stops the daemons.
func startCluster(t *testing.T, dir string) *cluster {
	t.Helper()
	c := &cluster{dir: filepath.Join(dir, "slurm")}
	for _, d := range []string{"munge", "ctld", "spool", "log"} {
		if err := os.MkdirAll(filepath.Join(c.dir, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	key := make([]byte, 1024)
	f, err := os.Open("/dev/urandom")
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.Read(key)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	keyFile := filepath.Join(c.dir, "munge", "munge.key")
	if err := os.WriteFile(keyFile, key, 0o600); err != nil {
		t.Fatal(err)
	}
	socket := filepath.Join(c.dir, "munge", "sock")
	host, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	host, _, _ = strings.Cut(host, ".")
	ctldPort, dPort := freePort(t), freePort(t)
	c.conf = filepath.Join(c.dir, "slurm.conf")
	conf := fmt.Sprintf(`ClusterName=balancetest
SlurmctldHost=%[1]s(127.0.0.1)
SlurmctldPort=%[2]d
SlurmdPort=%[3]d
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=%[4]s
StateSaveLocation=%[5]s/ctld
SlurmdSpoolDir=%[5]s/spool
SlurmctldPidFile=%[5]s/slurmctld.pid
SlurmdPidFile=%[5]s/slurmd.pid
SlurmctldLogFile=%[5]s/log/slurmctld.log
SlurmdLogFile=%[5]s/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
NodeName=%[1]s NodeAddr=127.0.0.1 CPUs=%[6]d State=UNKNOWN
PartitionName=balancetest Nodes=ALL Default=YES MaxTime=INFINITE State=UP
`, host, ctldPort, dPort, socket, c.dir, runtime.NumCPU())
	if err := os.WriteFile(c.conf, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.stop(t) })

	c.daemon(t, filepath.Join(c.dir, "munge", "munged.pid"), "munged", "--force",
		"--key-file="+keyFile, "--socket="+socket,
		"--pid-file="+filepath.Join(c.dir, "munge", "munged.pid"),
		"--log-file="+filepath.Join(c.dir, "log", "munged.log"),
		"--seed-file="+filepath.Join(c.dir, "munge", "seed"))
	c.daemon(t, filepath.Join(c.dir, "slurmctld.pid"), "slurmctld", "-i", "-f", c.conf)
	c.daemon(t, filepath.Join(c.dir, "slurmd.pid"), "slurmd", "-f", c.conf)

	deadline := time.Now().Add(60 * time.Second)
	for {
		out, err := c.command("sinfo", "-h", "-o", "%t").Output()
		state := strings.TrimSpace(string(out))
		if err == nil && state == "idle" {
			return c
		}
		if time.Now().After(deadline) {
			t.Fatalf("the node did not become idle in 60 s (sinfo: %q, %v)\n%s", state, err, c.logs())
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// daemon runs a daemon that forks into the background and writes its PID
// to pidFile, and records the PID for stop.
func (c *cluster) daemon(t *testing.T, pidFile, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Env = c.env()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s\n%s", name, err, out, c.logs())
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		b, err := os.ReadFile(pidFile)
		if pid := strings.TrimSpace(string(b)); err == nil && pid != "" {
			c.pids = append(c.pids, pid)
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s wrote no PID file %s in 20 s\n%s", name, pidFile, c.logs())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// command is a Slurm command pointed at the cluster.
func (c *cluster) command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Env = c.env()
	return cmd
}

// wait waits until the cluster has no job left, or fails after limit.
func (c *cluster) wait(t *testing.T, limit time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	for {
		out, err := c.command("squeue", "-h", "-o", "%i %t %r").Output()
		if err == nil && strings.TrimSpace(string(out)) == "" {
			return
		}
		if strings.Contains(string(out), "DependencyNeverSatisfied") {
			t.Fatalf("a shard failed, so the merge can never start:\n%s\n%s", out, c.logs())
		}
		select {
		case <-ctx.Done():
			t.Fatalf("the jobs did not finish in %s:\n%s\n%s", limit, out, c.logs())
		case <-time.After(time.Second):
		}
	}
}

// stop cancels any job left and stops the daemons, last started first,
// waiting for each to exit.
func (c *cluster) stop(t *testing.T) {
	_ = c.command("scancel", "--full", "-p", "balancetest").Run()
	for i := len(c.pids) - 1; i >= 0; i-- {
		pid, err := strconv.Atoi(c.pids[i])
		if err != nil || pid <= 1 {
			t.Errorf("a PID file held %q", c.pids[i])
			continue
		}
		if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
			if !errors.Is(err, syscall.ESRCH) {
				t.Errorf("stopping PID %d: %v", pid, err)
			}
			continue
		}
		deadline := time.Now().Add(30 * time.Second)
		for syscall.Kill(pid, 0) == nil {
			if time.Now().After(deadline) {
				_ = syscall.Kill(pid, syscall.SIGKILL)
				t.Errorf("PID %d did not stop in 30 s after SIGTERM: killed", pid)
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// logs is the daemons' logs, for a failure's message.
func (c *cluster) logs() string {
	var b strings.Builder
	for _, name := range []string{"munged.log", "slurmctld.log", "slurmd.log"} {
		data, err := os.ReadFile(filepath.Join(c.dir, "log", name))
		if err != nil {
			continue
		}
		if len(data) > 4000 {
			data = data[len(data)-4000:]
		}
		fmt.Fprintf(&b, "--- %s (end)\n%s\n", name, data)
	}
	return b.String()
}

// logs is the jobs' output under out/logs.
func logs(out string) string {
	var b strings.Builder
	files, _ := filepath.Glob(filepath.Join(out, "logs", "*"))
	for _, f := range files {
		data, _ := os.ReadFile(f)
		fmt.Fprintf(&b, "--- %s\n%s\n", filepath.Base(f), data)
	}
	return b.String()
}

// freePort is a TCP port free on localhost a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// shortTempDir is a temporary directory with a short path: munged's
// socket path must fit a Unix socket address (108 bytes).
func shortTempDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "balance-slurm-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// withoutTiming is a summary.json without its timing field, re-encoded.
func withoutTiming(t *testing.T, b []byte) []byte {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("summary.json: %v", err)
	}
	delete(m, "timing")
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// stderrOf is a failed command's standard error.
func stderrOf(err error) string {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return string(ee.Stderr)
	}
	return ""
}
