// Package safeio writes every output of balance, so that no output is
// ever half written and nothing that is not balance's is clobbered:
//
//   - A single file (WriteFile, Create) named "-" is standard output (so
//     are /dev/stdout, /dev/fd/1 and /proc/self/fd/1). A named pipe, a
//     character device or a socket is opened and written to, never
//     replaced. A symbolic link is written through to its target, and the
//     link stays a link. A regular file, or a path that does not exist
//     yet, is written to a temporary file beside it, synced to the disk
//     and renamed over it (mode 0644): a reader sees the old file or the
//     new one.
//   - A report directory (WriteDir) is built whole as a temporary
//     directory beside it and swapped in at once: a reader sees the old
//     report or the new one, never a mix. What the old directory held
//     that the new report does not write (another report put inside it,
//     a file of the user's) is carried over into the new one. A directory
//     that is not empty and holds no balance report is refused, never
//     wiped.
//   - Abort, called when the process must stop at once, removes every
//     temporary file and directory being written and puts back what was
//     being carried over, so that a signal at any moment leaves neither.
//
// Temporary names are ".NAME.tmp-RANDOM", beside the output NAME.
package safeio

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// Stdout is the name of standard output as an output path.
const Stdout = "-"

// ErrStopped is the error of a write attempted after Abort.
var ErrStopped = errors.New("stopped: the program is exiting")

// The outputs being written, for Abort. mu is held exclusively to
// register, commit or drop an output, and shared while a file is written
// into a temporary directory: Abort, which holds it exclusively, then
// finds every temporary path complete and nothing being added to one.
var (
	mu      sync.RWMutex
	pending = map[*op]bool{}
	stopped bool
)

// op is an output being written: its temporary file or directory and the
// entries carried over into it from the directory it replaces, each
// moved from [0] to [1], to be moved back if it is abandoned.
type op struct {
	tmp   string
	moves [][2]string
}

// begin creates the temporary path tmp of an output with create and
// registers it, at once for Abort: nothing is created after Abort.
func begin(tmp string, create func() error) (*op, error) {
	mu.Lock()
	defer mu.Unlock()
	if stopped {
		return nil, ErrStopped
	}
	if err := create(); err != nil {
		return nil, err
	}
	o := &op{tmp: tmp}
	pending[o] = true
	return o, nil
}

// guard runs fn, which adds to a temporary path, unless Abort came first;
// Abort waits for it to end.
func guard(fn func() error) error {
	mu.RLock()
	defer mu.RUnlock()
	if stopped {
		return ErrStopped
	}
	return fn()
}

// end forgets o once its temporary path is gone (renamed into place or
// removed).
func (o *op) end() {
	mu.Lock()
	delete(pending, o)
	mu.Unlock()
}

// undo moves the carried entries back, latest first, and removes the
// temporary path. The caller holds mu or owns o alone.
func (o *op) undo() {
	for i := len(o.moves) - 1; i >= 0; i-- {
		os.Rename(o.moves[i][1], o.moves[i][0])
	}
	o.moves = nil
	for range 3 { // again, should a file have come in while it went
		if os.RemoveAll(o.tmp) == nil {
			break
		}
	}
}

// abandon undoes o and forgets it: the error path of a write.
func (o *op) abandon() {
	mu.Lock()
	o.undo()
	delete(pending, o)
	mu.Unlock()
}

// Abort removes every temporary file and directory being written, after
// putting back what was being carried over into them, and makes every
// later write fail with ErrStopped. A swap in progress finishes first, so
// each output is left as it was or as it was going to be. main calls it
// before exiting on a second signal.
func Abort() {
	mu.Lock()
	defer mu.Unlock()
	stopped = true
	for o := range pending {
		o.undo()
	}
	clear(pending)
}

// tempName returns a temporary path beside path: ".NAME.tmp-RANDOM".
func tempName(path string) string {
	var b [6]byte
	rand.Read(b[:])
	dir, base := filepath.Split(path)
	return filepath.Join(dir, "."+base+".tmp-"+hex.EncodeToString(b[:]))
}

// IsTemp reports whether name (a file's base name) is one of the
// temporary names this package uses.
func IsTemp(name string) bool {
	return strings.HasPrefix(name, ".") && strings.Contains(name, ".tmp-")
}

// resolve follows the symbolic links of path's last element and returns
// the path they lead to, which need not exist. viaProc reports that a link
// led into /proc (such as /dev/stderr, to /proc/self/fd/2): such a "magic"
// link names an open file, not a place to put a new one.
func resolve(path string) (real string, viaProc bool, err error) {
	real = path
	for hops := 0; ; hops++ {
		fi, err := os.Lstat(real)
		if errors.Is(err, fs.ErrNotExist) {
			return real, viaProc, nil
		}
		if err != nil {
			return "", false, err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return real, viaProc, nil
		}
		if hops == 40 {
			return "", false, fmt.Errorf("too many levels of symbolic links")
		}
		to, err := os.Readlink(real)
		if err != nil {
			return "", false, err
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(real), to)
		}
		real = to
		if real == "/proc" || strings.HasPrefix(real, "/proc/") {
			viaProc = true
		}
	}
}

// IsStdout reports whether path names standard output: "-", or
// /dev/stdout and its other names.
func IsStdout(path string) bool { return isStdout(path) }

// isStdout reports whether path names standard output.
func isStdout(path string) bool {
	switch path {
	case Stdout, "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1":
		return true
	}
	return false
}

// cause drops the operation and path of a *fs.PathError or *os.LinkError,
// which would name a temporary file: the caller names the output.
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// syncDir flushes a directory's entries to the disk, so that a rename
// into it survives a crash. Some file systems cannot: that is not an
// error.
func syncDir(dir string) {
	if f, err := os.Open(dir); err == nil {
		f.Sync()
		f.Close()
	}
}

// errNoExchange: directories cannot be swapped in one step here.
var errNoExchange = errors.New("no atomic exchange")
