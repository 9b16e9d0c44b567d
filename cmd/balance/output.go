package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"balance/safeio"
)

// reportDir is a report directory a command writes: its flag, its path
// ("" when not asked for) and the names of the files the report puts in
// it (safeio.CheckDir).
type reportDir struct {
	flag, path string
	names      []string
}

// checkOutputs checks, before any hunt is played, every output a command
// was asked for: that the report directory dir can be replaced by the
// report (it is new, empty or a balance report, and nothing of the
// user's is in the report's way) and that each output file (flag name
// and path; an empty path was not asked for) can be written. "-" is
// standard output for a file, at most one file may go there, and a
// directory cannot. Missing parent directories are created, as the
// outputs will need them.
func checkOutputs(dir reportDir, files ...[2]string) error {
	toStdout := ""
	seen := map[string]string{}
	for _, f := range files {
		flag, path := f[0], f[1]
		switch {
		case path == "":
			continue
		case safeio.IsStdout(path):
			if toStdout != "" {
				return usagef("%s and %s both write to standard output: give a file to one of them", toStdout, flag)
			}
			toStdout = flag
			continue
		}
		if other, ok := seen[filepath.Clean(path)]; ok {
			return usagef("%s and %s both name %s: give each its own file", other, flag, path)
		}
		seen[filepath.Clean(path)] = flag
	}
	if dir.path != "" {
		if safeio.IsStdout(dir.path) {
			return usagef("%s %s: a report directory cannot go to standard output; give a directory", dir.flag, dir.path)
		}
		if err := makeParent(dir.path); err != nil {
			return outputError(dir.flag, dir.path, err)
		}
		if err := safeio.CheckDir(dir.path, dir.names); err != nil {
			return outputError(dir.flag, dir.path, err)
		}
	}
	for _, f := range files {
		flag, path := f[0], f[1]
		if path == "" || safeio.IsStdout(path) {
			continue
		}
		if err := makeParent(path); err != nil {
			return outputError(flag, path, err)
		}
		if err := safeio.CheckFile(path); err != nil {
			return outputError(flag, path, err)
		}
	}
	return nil
}

// makeParent creates the directories that are to hold path, when missing.
func makeParent(path string) error {
	dir := filepath.Dir(path)
	if _, err := os.Stat(dir); err == nil {
		return nil
	}
	return os.MkdirAll(dir, 0o755)
}

// outputError is err about the output of flag at path, naming both:
// "-out DIR is not empty ...", "-json FILE: cannot write ...".
func outputError(flag, path string, err error) error {
	if strings.HasPrefix(err.Error(), path+" ") {
		return fmt.Errorf("%s %w", flag, err)
	}
	return fmt.Errorf("%s %s: %w", flag, path, err)
}

// textOut returns where a command prints its text (tables, notes): stdout,
// or stderr when one of the output files goes to standard output, which
// then carries that file alone, for a pipe.
func textOut(stdout, stderr io.Writer, files ...string) io.Writer {
	for _, f := range files {
		if safeio.IsStdout(f) {
			return stderr
		}
	}
	return stdout
}
