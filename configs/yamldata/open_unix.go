//go:build unix

package yamldata

import (
	"os"
	"syscall"
)

// openNonBlocking opens p for reading without waiting: a named pipe put in
// place of a data file after it was looked at opens at once, and is then
// refused, instead of blocking until a writer comes.
func openNonBlocking(p string) (*os.File, error) {
	return os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
