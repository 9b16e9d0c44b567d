package reports

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// makeDir creates dir if it is missing. Only the last element is created:
// a missing parent is an error, so a mistyped path does not grow a tree.
func makeDir(dir string) error {
	err := os.Mkdir(dir, 0o755)
	if err == nil {
		return nil
	}
	if errors.Is(err, fs.ErrExist) {
		fi, serr := os.Stat(dir)
		if serr == nil && fi.IsDir() {
			return nil
		}
		return fmt.Errorf("reports: %s exists and is not a directory", dir)
	}
	if errors.Is(err, syscall.ENOTDIR) {
		return fmt.Errorf("reports: cannot create directory %s: a parent is not a directory", dir)
	}
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("reports: cannot create directory %s: its parent %s does not exist", dir, filepath.Dir(dir))
	}
	return fmt.Errorf("reports: cannot create directory %s: %w", dir, unwrapPath(err))
}

// writeFile writes data to path through a temporary file in the same
// directory, renamed into place once complete and synced, so a reader or
// an interrupted run never sees a half-written file. On error the
// temporary file is removed and the error names path.
func writeFile(path string, data []byte) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return fmt.Errorf("reports: cannot write %s: %w", path, unwrapPath(err))
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
			err = fmt.Errorf("reports: cannot write %s: %w", path, unwrapPath(err))
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Chmod(0o644); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// unwrapPath drops the operation and path of a *fs.PathError or
// *os.LinkError, which would name the temporary file; the caller names the
// file that matters.
func unwrapPath(err error) error {
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
