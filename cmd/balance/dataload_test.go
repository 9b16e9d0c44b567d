package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestDataInputsBounded checks, through the commands, that data comes in
// only from regular files: a named pipe given as -adversary, to validate
// or inside -data is refused at once, as is a directory named as a data
// file; and that an interrupted load stops the command.
func TestDataInputsBounded(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no named pipes in the file system")
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "adversaries", "pipe.yaml")
	os.MkdirAll(filepath.Dir(fifo), 0o755)
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	other := t.TempDir()
	os.MkdirAll(filepath.Join(other, "rules.yaml"), 0o755)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		ctx  context.Context
		args []string
		want string
	}{
		{context.Background(), []string{"run", "-adversary", fifo, "-hunts", "10", "-quiet"}, fifo + ": is a named pipe, not a regular file"},
		{context.Background(), []string{"trace", "-adversary", fifo}, fifo + ": is a named pipe, not a regular file"},
		{context.Background(), []string{"validate", fifo}, fifo + ": is a named pipe, not a regular file"},
		{context.Background(), []string{"validate", "-data", dir}, fifo + ": is a named pipe, not a regular file"},
		{context.Background(), []string{"list", "-data", other, "adversaries"}, filepath.Join(other, "rules.yaml") + ": is a directory; a data file is expected here"},
		{cancelled, []string{"validate", "-data", other}, "loading the data stopped: context canceled"},
	} {
		done := make(chan struct{})
		var stdout, stderr bytes.Buffer
		code := 0
		go func() {
			code = run(c.ctx, &stdout, &stderr, c.args)
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(time.Minute):
			t.Fatalf("%v: still running after a minute", c.args)
		}
		if code != exitError || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 1 and %q", c.args, code, stderr.String(), c.want)
		}
	}
}
