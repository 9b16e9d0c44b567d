package safeio

import (
	"errors"

	"golang.org/x/sys/unix"
)

// exchange swaps the directories a and b in one step (renameat2 with
// RENAME_EXCHANGE): a reader sees one or the other at each path, never
// neither. errNoExchange: the file system cannot.
func exchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EOPNOTSUPP) {
		return errNoExchange
	}
	return err
}

// writable reports whether this process may create entries in dir.
func writable(dir string) bool { return unix.Access(dir, unix.W_OK) == nil }
