package main

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"runtime"

	"strings"

	"balance/game"
)

// version is the release of balance, set at build time with
//
//	go build -ldflags "-X main.version=0.1.0" ./cmd/balance
var version = "0.1.0-dev"

func init() {
	register(&command{
		name:    "version",
		summary: "print the version, the Go version and the hash of each game's embedded data",
		usage:   "",
		long: `version prints the release of balance, the Go version and platform it was
built with, and, for each game, its name and the first 12 hex digits of the
SHA-256 of its embedded data, so that two runs can tell whether they used
the same rules data: equal hashes mean the same embedded files, byte for
byte. A second line
gives the build's identity, which tally files and baselines record: the
module version, VCS revision and modified flag go build stamps, the Go
version and platform, and, without a revision or with a modified tree,
the first 16 hex digits of the SHA-256 of the executable. 'balance
--version' and 'balance -version' do the same.`,
		examples: []string{"balance version"},
		run:      runVersion,
	})
}

func runVersion(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	if err := parseFlags(newFlags(commands["version"], stderr), args, false); err != nil {
		return err
	}
	var data []string
	for _, g := range games {
		e, ok := g.(game.Embedded)
		if !ok {
			continue
		}
		h, err := dataHash(e.Files())
		if err != nil {
			return err
		}
		data = append(data, g.Info().Name+" "+h)
	}
	_, err := fmt.Fprintf(stdout, "balance %s %s %s/%s data %s\nbuild: %s\n", version, runtime.Version(), runtime.GOOS, runtime.GOARCH,
		strings.Join(data, ", "), buildIdentity())
	return err
}

// dataHash returns the first 12 hex digits of the SHA-256 over the files
// of fsys, walked in lexical order: for each file, its path, a NUL byte,
// its length as 8 little-endian bytes and its contents.
func dataHash(fsys fs.FS) (string, error) {
	sum := sha256.New()
	err := fs.WalkDir(fsys, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		sum.Write([]byte(p))
		sum.Write([]byte{0})
		sum.Write(binary.LittleEndian.AppendUint64(nil, uint64(len(b))))
		sum.Write(b)
		return nil
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(sum.Sum(nil))[:12], nil
}
