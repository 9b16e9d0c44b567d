package safeio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Writer writes one output file (see Create). Nothing is visible at the
// path until Close; Abort drops the file.
type Writer struct {
	path   string
	w      io.Writer // where Write goes
	f      *os.File  // the temporary or direct file, if any
	op     *op       // the temporary file's registration, if any
	real   string    // the path the temporary file is renamed to
	err    error     // the first write error
	closed bool
}

// Create opens the output path for writing, as the package comment says:
// "-" (and the other names of standard output) writes to stdout, which
// must then not be nil; a named pipe, character device or socket is
// written to directly; anything else goes to a temporary file beside the
// path (beside the target of a symbolic link) that Close renames into
// place. The directory that is to hold the file must exist.
func Create(path string, stdout io.Writer) (*Writer, error) {
	if path == "" {
		return nil, errors.New("no output file named")
	}
	if isStdout(path) {
		if stdout == nil {
			return nil, fmt.Errorf("%s: standard output is not available here", path)
		}
		return &Writer{path: path, w: stdout}, nil
	}
	if fi, err := os.Stat(path); err == nil {
		if fi.IsDir() {
			return nil, fmt.Errorf("cannot write %s: it is a directory", path)
		}
		if !fi.Mode().IsRegular() {
			return direct(path, 0)
		}
	}
	real, viaProc, err := resolve(path)
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, cause(err))
	}
	if viaProc {
		// An open file of this process or another (/dev/stderr redirected
		// to a file): append to it, never truncate or replace it.
		return direct(path, os.O_APPEND)
	}
	tmp := tempName(real)
	var f *os.File
	o, err := begin(tmp, func() (err error) {
		f, err = os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		return err
	})
	if errors.Is(err, ErrStopped) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, cause(err))
	}
	return &Writer{path: path, w: f, f: f, op: o, real: real}, nil
}

// direct opens an existing path that is not a regular file (or an open
// file reached through /proc) and writes to it in place.
func direct(path string, flag int) (*Writer, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|flag, 0)
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, cause(err))
	}
	return &Writer{path: path, w: f, f: f}, nil
}

// Write writes p to the output.
func (w *Writer) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.w.Write(p)
	if err != nil {
		w.err = fmt.Errorf("cannot write %s: %w", w.path, cause(err))
	}
	return n, w.err
}

// Close finishes the output: a temporary file is synced, made readable by
// all (0644) and renamed into place. After an error nothing is left at the
// temporary path and the output is as it was.
func (w *Writer) Close() error {
	if w.closed {
		return nil
	}
	w.closed = true
	if w.op == nil {
		if w.f != nil {
			if err := w.f.Close(); err != nil && w.err == nil {
				w.err = fmt.Errorf("cannot write %s: %w", w.path, cause(err))
			}
		}
		return w.err
	}
	err := w.err
	if err == nil {
		err = w.f.Chmod(0o644)
	}
	if err == nil {
		err = w.f.Sync()
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = w.commit()
	}
	if err != nil {
		w.op.abandon()
		if errors.Is(err, ErrStopped) || err == w.err {
			return err
		}
		return fmt.Errorf("cannot write %s: %w", w.path, cause(err))
	}
	syncDir(filepath.Dir(w.real))
	return nil
}

// commit renames the temporary file into place, unless Abort came first.
func (w *Writer) commit() error {
	mu.Lock()
	defer mu.Unlock()
	if stopped {
		return ErrStopped
	}
	if err := os.Rename(w.op.tmp, w.real); err != nil {
		return err
	}
	delete(pending, w.op)
	return nil
}

// Abort drops the output: the temporary file is removed and the path is
// left as it was (a pipe or device already written to keeps what it got).
func (w *Writer) Abort() {
	if w.closed {
		return
	}
	w.closed = true
	if w.f != nil {
		w.f.Close()
	}
	if w.op != nil {
		w.op.abandon()
	}
}

// WriteFile writes data to the output path, whole or not at all (see
// Create).
func WriteFile(path string, data []byte, stdout io.Writer) error {
	w, err := Create(path, stdout)
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		w.Abort()
		return err
	}
	return w.Close()
}

// CheckFile reports whether path can take an output file, without
// writing it: standard output can; a directory cannot; a named pipe,
// device or socket is taken to; otherwise the directory that is to hold
// the file (the target's, for a symbolic link) must exist and let a file
// be created in it.
func CheckFile(path string) error {
	if path == "" {
		return errors.New("no output file named")
	}
	if isStdout(path) {
		return nil
	}
	if fi, err := os.Stat(path); err == nil {
		if fi.IsDir() {
			return fmt.Errorf("%s is a directory; give the path of a file", path)
		}
		if !fi.Mode().IsRegular() {
			return nil
		}
	}
	real, viaProc, err := resolve(path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, cause(err))
	}
	if viaProc {
		return nil
	}
	dir := filepath.Dir(real)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: its directory %s does not exist", path, dir)
	case errors.Is(err, syscall.ENOTDIR) || (err == nil && !fi.IsDir()):
		return fmt.Errorf("%s: %s is not a directory", path, dir)
	case err != nil:
		return fmt.Errorf("%s: %w", path, cause(err))
	}
	return probe(path, real)
}

// probe creates and removes a temporary file beside real, to learn that
// the output can be written there.
func probe(path, real string) error {
	tmp := tempName(real)
	o, err := begin(tmp, func() error {
		f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			f.Close()
		}
		return err
	})
	if errors.Is(err, ErrStopped) {
		return err
	}
	if err != nil {
		return fmt.Errorf("%s: cannot write there: %w", path, cause(err))
	}
	o.abandon()
	return nil
}
