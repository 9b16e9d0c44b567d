package yamldata

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A Reader reads regular files only, each within MaxFileBytes, and stops
// once its context is done; ReadDir lists a directory sorted by name.
func TestReader(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok.yaml")
	os.WriteFile(ok, []byte("a: 1\n"), 0o644)
	big := filepath.Join(dir, "big.yaml")
	os.WriteFile(big, make([]byte, MaxFileBytes+1), 0o644)
	sub := filepath.Join(dir, "sub.yaml")
	os.Mkdir(sub, 0o755)
	r := NewReader(context.Background())
	if b, err := r.Read(ok); err != nil || string(b) != "a: 1\n" {
		t.Errorf("Read(ok) = %q, %v", b, err)
	}
	for _, c := range []struct{ path, want string }{
		{big, "big.yaml: larger than 1048576 bytes"},
		{sub, "sub.yaml: is a directory; a data file is expected here"},
		{filepath.Join(dir, "none.yaml"), "none.yaml: no such file"},
	} {
		if _, err := r.Read(c.path); err == nil || !strings.HasSuffix(err.Error(), c.want) {
			t.Errorf("Read(%s) = %v, want ...%s", c.path, err, c.want)
		}
	}
	fifo := filepath.Join(dir, "pipe.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err == nil {
		if _, err := ReadFile(fifo); err == nil || !strings.Contains(err.Error(), "is a named pipe, not a regular file") {
			t.Errorf("ReadFile(pipe) = %v", err)
		}
	}
	es, err := r.ReadDir(dir)
	if err != nil || len(es) < 3 || es[0].Name() > es[1].Name() {
		t.Errorf("ReadDir: %v, %v", es, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewReader(ctx).Read(ok); !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "loading the data stopped") {
		t.Errorf("Read after cancel: %v", err)
	}
}
