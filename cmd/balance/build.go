package main

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
)

// buildIdentity names the build of the running program, for the tally
// files of shards (merge refuses shards of different builds) and for
// baselines (regress says which build recorded one): the release
// (main.version), the module version, VCS revision and modified flag that
// go build stamps into the program (runtime/debug.ReadBuildInfo), and the
// Go version and platform it was built for. When there is no revision
// (go test, a build outside the repository, -buildvcs=false) or the work
// tree was modified (the revision then does not say what was built), it
// adds the first 16 hex digits of the SHA-256 of the executable itself.
// Two programs with the same identity play the same hunts.
var buildIdentity = sync.OnceValue(func() string {
	parts := []string{"balance " + version}
	var revision, modified string
	if bi, ok := debug.ReadBuildInfo(); ok {
		if v := bi.Main.Version; v != "" && v != "(devel)" {
			parts = append(parts, "module "+v)
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
	}
	if revision != "" {
		r := "revision " + revision
		if modified == "true" {
			r += " (modified)"
		}
		parts = append(parts, r)
	}
	parts = append(parts, runtime.Version()+" "+runtime.GOOS+"/"+runtime.GOARCH)
	if revision == "" || modified == "true" {
		parts = append(parts, "executable sha256 "+executableHash())
	}
	return strings.Join(parts, ", ")
})

// executableHash returns the first 16 hex digits of the SHA-256 of the
// running executable, or "unknown" when it cannot be read.
func executableHash() string {
	path, err := os.Executable()
	if err != nil {
		return "unknown"
	}
	f, err := os.Open(path)
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "unknown"
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
