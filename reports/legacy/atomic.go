package legacy

import (
	"fmt"

	"balance/safeio"
)

// File is one file of a report directory, rendered in memory: its name
// in the directory ("/" between subdirectories) and its bytes.
type File = safeio.File

// writeDir replaces dir by a report directory holding files, as a whole
// (safeio.WriteDir): a reader sees the old report or the new one; names
// are every file a report of the kind may hold, and what the old
// directory held under other names is carried over.
func writeDir(dir string, names []string, files []File) error {
	if err := safeio.WriteDir(dir, names, files); err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	return nil
}

// WriteFiles replaces dir by a report directory holding files, as a whole
// (see WriteDir), names being every file such a report may hold: for a
// report made of several, such as the default analysis's reports and
// their index.
func WriteFiles(dir string, names []string, files []File) error { return writeDir(dir, names, files) }

// writeFile writes one output file whole or not at all (safeio.WriteFile);
// "-" is refused here: the command line writes standard output itself.
func writeFile(path string, data []byte) error {
	if err := safeio.WriteFile(path, data, nil); err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	return nil
}

// Prefix returns files with dir/ before each name: the files of a report
// that goes into the subdirectory dir of another.
func Prefix(dir string, files []File) []File {
	out := make([]File, len(files))
	for i, f := range files {
		out[i] = File{Name: dir + "/" + f.Name, Data: f.Data}
	}
	return out
}
