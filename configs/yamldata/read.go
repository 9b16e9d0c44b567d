package yamldata

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
)

// Limits of what a load reads. Every way data gets in (a data directory,
// files given to ValidateFiles, an Adversary file given by path) reads
// only regular files (a symbolic link to one is followed) of at most
// MaxFileBytes each; one load reads at most MaxLoadFiles files and
// MaxLoadBytes bytes in all. The bundled data is some 40 kB, its largest
// file under 4 kB.
const (
	MaxFileBytes = 1 << 20  // the largest data file read: 1 MiB
	MaxLoadBytes = 16 << 20 // the most bytes of data files one load reads: 16 MiB
	MaxLoadFiles = 1000     // the most data files one load reads

	// MaxDirEntries bounds the entries of a data directory (or of its
	// adversaries/ or scenarios/) looked at: data files and others alike.
	MaxDirEntries = 10_000
)

// Reader reads the data files of one load, within its limits, and stops
// when its context is done.
type Reader struct {
	ctx   context.Context
	files int
	bytes int
}

// NewReader returns a reader for one load, stopping when ctx is done.
func NewReader(ctx context.Context) *Reader { return &Reader{ctx: ctx} }

// Context is the load's context.
func (r *Reader) Context() context.Context { return r.ctx }

// Read reads the data file p: a regular file, or a symbolic link to one,
// of at most MaxFileBytes. A directory, a named pipe, a device or a socket
// is refused without being opened for reading, so that none can hang the
// load or feed it without end.
func (r *Reader) Read(p string) ([]byte, error) {
	if r.ctx.Err() != nil {
		return nil, Stopped(r.ctx)
	}
	if r.files >= MaxLoadFiles {
		return nil, &Error{File: p, Msg: fmt.Sprintf("one load reads at most %d data files; this one is past the limit", MaxLoadFiles)}
	}
	b, err := ReadFile(p)
	if err != nil {
		return nil, err
	}
	r.files++
	r.bytes += len(b)
	if r.bytes > MaxLoadBytes {
		return nil, &Error{File: p, Msg: fmt.Sprintf("one load reads at most %d bytes of data files in all; this file is past the limit", MaxLoadBytes)}
	}
	return b, nil
}

// ReadFile reads the data file p within MaxFileBytes, refusing
// anything but a regular file, outside any load's limits of files and
// bytes (a single file named on the command line).
func ReadFile(p string) ([]byte, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, &Error{File: p, Msg: StatProblem(err)}
	}
	if err := regular(p, st); err != nil {
		return nil, err
	}
	if st.Size() > MaxFileBytes {
		return nil, tooLarge(p)
	}
	f, err := openNonBlocking(p)
	if err != nil {
		return nil, &Error{File: p, Msg: StatProblem(err)}
	}
	defer f.Close()
	// The file could have been replaced since it was looked at.
	if st2, err := f.Stat(); err != nil || !os.SameFile(st, st2) {
		return nil, &Error{File: p, Msg: "the file changed while it was being read; try again"}
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, &Error{File: p, Msg: StatProblem(err)}
	}
	if len(b) > MaxFileBytes {
		return nil, tooLarge(p)
	}
	return b, nil
}

// Stopped is the error of a load whose context is done: it wraps the
// context's cause.
func Stopped(ctx context.Context) error {
	return fmt.Errorf("loading the data stopped: %w", context.Cause(ctx))
}

func tooLarge(p string) error {
	return &Error{File: p, Msg: fmt.Sprintf("larger than %d bytes", MaxFileBytes)}
}

// regular refuses anything but a regular file, saying what it is.
func regular(p string, st fs.FileInfo) error {
	m := st.Mode()
	what := ""
	switch {
	case m.IsRegular():
		return nil
	case m.IsDir():
		return &Error{File: p, Msg: "is a directory; a data file is expected here"}
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m&fs.ModeCharDevice != 0:
		what = "a character device"
	case m&fs.ModeDevice != 0:
		what = "a device"
	default:
		what = "not a regular file"
		return &Error{File: p, Msg: what + "; a data file must be a regular file"}
	}
	return &Error{File: p, Msg: "is " + what + ", not a regular file; a data file must be a regular file"}
}

// StatProblem words an error of the file system, without the path (the
// Error names it).
func StatProblem(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	return err.Error()
}

// ReadDir lists the entries of a data directory, sorted by name, refusing
// one of more than MaxDirEntries entries.
func (r *Reader) ReadDir(dir string) ([]fs.DirEntry, error) {
	if r.ctx.Err() != nil {
		return nil, Stopped(r.ctx)
	}
	f, err := os.Open(dir)
	if err != nil {
		return nil, &Error{File: dir, Msg: StatProblem(err)}
	}
	defer f.Close()
	var out []fs.DirEntry
	for {
		if r.ctx.Err() != nil {
			return nil, Stopped(r.ctx)
		}
		es, err := f.ReadDir(256)
		out = append(out, es...)
		if len(out) > MaxDirEntries {
			return nil, &Error{File: dir, Msg: fmt.Sprintf("more than %d entries; a data directory holds the data files and little else", MaxDirEntries)}
		}
		if err == io.EOF || (err == nil && len(es) == 0) {
			break
		}
		if err != nil {
			return nil, &Error{File: dir, Msg: StatProblem(err)}
		}
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int {
		switch {
		case a.Name() < b.Name():
			return -1
		case a.Name() > b.Name():
			return 1
		}
		return 0
	})
	return out, nil
}
