//go:build !unix

package yamldata

import "os"

// openNonBlocking opens p for reading.
func openNonBlocking(p string) (*os.File, error) { return os.Open(p) }
