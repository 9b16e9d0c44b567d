package legacy

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"balance/safeio"
)

// TallyVersion is the version of the tally file format (2: each Pack
// model's Tick of death; 3: the build and the checksum).
const TallyVersion = 3

// Header describes a tally file: which configuration, program and seed
// produced it, and which hunts it holds.
type Header struct {
	Format     string   `json:"format"` // "balance-tally"
	Version    int      `json:"version"`
	Program    string   `json:"program"`
	ConfigHash string   `json:"config_hash"`
	Adversary  string   `json:"adversary"`
	Pack       string   `json:"pack"`
	Scenario   string   `json:"scenario"`
	PackAI     string   `json:"pack_ai,omitempty"`   // the Pack's policy tier ("" in older files: basic)
	Objective  string   `json:"objective,omitempty"` // the Objective played, if any
	Overrides  []string `json:"overrides"`
	Seed       uint64   `json:"seed"`
	Total      int64    `json:"total"` // hunts in the whole run, over every shard
	Shards     int      `json:"shards"`
	Shard      int      `json:"shard"`
	First      int64    `json:"first"` // first hunt index in this file
	Hunts      int64    `json:"hunts"` // hunts in this file
	Stopped    string   `json:"stopped"`
	// Build names the build of the program that played the hunts (its
	// version, VCS revision and modified flag, Go version and platform, or
	// the hash of its executable): shards of different builds may play
	// different hunts and are not merged.
	Build string `json:"build"`
	// Checksum is "sha256:" and the SHA-256, in hex, of the file's JSON as
	// written with this field empty: a file changed after it was written
	// is refused.
	Checksum string `json:"checksum"`
}

// tallyFile is a tally file's content.
type tallyFile struct {
	Header Header `json:"header"`
	Tally  *Tally `json:"tally"`
}

// ShardRange returns the hunt indices [first, first+n) of shard k of
// shards over total hunts: contiguous, the first total%shards shards one
// hunt longer.
func ShardRange(total int64, shards, k int) (first, n int64) {
	base, extra := total/int64(shards), total%int64(shards)
	first = int64(k)*base + min(int64(k), extra)
	n = base
	if int64(k) < extra {
		n++
	}
	return first, n
}

// WriteTallyFile writes a shard's header and tally to path, whole or not
// at all (safeio.WriteFile; "-" is standard output, stdout).
func WriteTallyFile(path string, h Header, t *Tally, stdout io.Writer) error {
	data, err := EncodeTallyFile(h, t)
	if err != nil {
		return err
	}
	return safeio.WriteFile(path, data, stdout)
}

// EncodeTallyFile returns the content of a tally file: the header, with
// its checksum, and the tally, as JSON.
func EncodeTallyFile(h Header, t *Tally) ([]byte, error) {
	h.Format, h.Version, h.Checksum = "balance-tally", TallyVersion, ""
	sum, err := tallyChecksum(h, t)
	if err != nil {
		return nil, err
	}
	h.Checksum = sum
	return json.Marshal(tallyFile{Header: h, Tally: t})
}

// tallyChecksum is the checksum of a tally file of h (its Checksum empty)
// and t: "sha256:" and the hex SHA-256 of their JSON as the file holds it.
func tallyChecksum(h Header, t *Tally) (string, error) {
	b, err := json.Marshal(tallyFile{Header: h, Tally: t})
	if err != nil {
		return "", err
	}
	return Checksum(b), nil
}

// Checksum returns "sha256:" and the hex SHA-256 of b.
func Checksum(b []byte) string {
	s := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(s[:])
}

// ReadTallyFile reads a tally file, checking its format and version.
func ReadTallyFile(path string) (Header, *Tally, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Header{}, nil, err
	}
	var tf tallyFile
	if err := json.Unmarshal(data, &tf); err != nil {
		return Header{}, nil, fmt.Errorf("%s: not a tally file: %v", path, err)
	}
	if tf.Header.Format != "balance-tally" || tf.Tally == nil {
		return Header{}, nil, fmt.Errorf("%s: not a tally file (written by 'balance run -tally')", path)
	}
	if tf.Header.Version != TallyVersion {
		return Header{}, nil, fmt.Errorf("%s: tally format version %d; this program reads version %d (play the shard again)", path, tf.Header.Version, TallyVersion)
	}
	h := tf.Header
	h.Checksum = ""
	if sum, err := tallyChecksum(h, tf.Tally); err != nil || sum != tf.Header.Checksum {
		return Header{}, nil, fmt.Errorf("%s: the checksum does not match the content: the file was changed after balance wrote it (or damaged); play the shard again", path)
	}
	if tf.Tally.Hunts != tf.Header.Hunts {
		return Header{}, nil, fmt.Errorf("%s: the header says %d hunts but the tally holds %d", path, tf.Header.Hunts, tf.Tally.Hunts)
	}
	return tf.Header, tf.Tally, nil
}

// MergeFiles reads the tally files of every shard of one run and merges
// them. It refuses files changed since they were written (checksum), files
// from different runs (program, build, configuration, seed, size),
// duplicate shards, missing shards and shards that did not finish.
func MergeFiles(paths []string) (Header, *Tally, error) {
	if len(paths) == 0 {
		return Header{}, nil, fmt.Errorf("no tally files given")
	}
	type shard struct {
		path string
		h    Header
		t    *Tally
	}
	var all []shard
	for _, p := range paths {
		h, t, err := ReadTallyFile(p)
		if err != nil {
			return Header{}, nil, err
		}
		all = append(all, shard{p, h, t})
	}
	ref := all[0].h
	for _, s := range all[1:] {
		h := s.h
		var diff []string
		if h.Program != ref.Program {
			diff = append(diff, fmt.Sprintf("program %q vs %q", h.Program, ref.Program))
		}
		if h.Build != ref.Build {
			diff = append(diff, fmt.Sprintf("build %q vs %q", h.Build, ref.Build))
		}
		if h.ConfigHash != ref.ConfigHash {
			diff = append(diff, fmt.Sprintf("configuration %s vs %s (%s/%s/%s vs %s/%s/%s)", h.ConfigHash, ref.ConfigHash,
				h.Adversary, h.Pack, h.Scenario, ref.Adversary, ref.Pack, ref.Scenario))
		}
		if packAI(h.PackAI) != packAI(ref.PackAI) {
			diff = append(diff, fmt.Sprintf("pack AI %q vs %q", packAI(h.PackAI), packAI(ref.PackAI)))
		}
		if h.Seed != ref.Seed {
			diff = append(diff, fmt.Sprintf("seed %d vs %d", h.Seed, ref.Seed))
		}
		if h.Total != ref.Total || h.Shards != ref.Shards {
			diff = append(diff, fmt.Sprintf("run of %d hunts in %d shards vs %d in %d", h.Total, h.Shards, ref.Total, ref.Shards))
		}
		if len(diff) > 0 {
			return Header{}, nil, fmt.Errorf("%s and %s come from different runs: %s", s.path, all[0].path, strings.Join(diff, "; "))
		}
	}
	sort.Slice(all, func(a, b int) bool { return all[a].h.Shard < all[b].h.Shard })
	seen := map[int]string{}
	for _, s := range all {
		if prev, dup := seen[s.h.Shard]; dup {
			return Header{}, nil, fmt.Errorf("shard %d of %d given twice: %s and %s", s.h.Shard, s.h.Shards, prev, s.path)
		}
		seen[s.h.Shard] = s.path
		if s.h.Stopped != StopHunts {
			return Header{}, nil, fmt.Errorf("%s: shard %d stopped early (%s); rerun it", s.path, s.h.Shard, s.h.Stopped)
		}
		if first, n := ShardRange(ref.Total, ref.Shards, s.h.Shard); s.h.First != first || s.h.Hunts != n {
			return Header{}, nil, fmt.Errorf("%s: shard %d holds hunts %d..%d, expected %d..%d", s.path, s.h.Shard, s.h.First, s.h.First+s.h.Hunts-1, first, first+n-1)
		}
	}
	var missing []string
	for k := 0; k < ref.Shards; k++ {
		if _, ok := seen[k]; !ok {
			missing = append(missing, fmt.Sprint(k))
		}
	}
	if len(missing) > 0 {
		return Header{}, nil, fmt.Errorf("missing shard(s) %s of %d (shards are numbered 0..%d)", strings.Join(missing, ", "), ref.Shards, ref.Shards-1)
	}
	total := all[0].t
	for _, s := range all[1:] {
		if err := total.Merge(s.t); err != nil {
			return Header{}, nil, fmt.Errorf("%s: %w", s.path, err)
		}
	}
	h := ref
	h.Shard, h.First, h.Hunts = 0, 0, total.Hunts
	h.Shards = 1
	return h, total, nil
}

// packAI names the tier of a tally file: files written before the tiers
// existed were played by the basic policy.
func packAI(name string) string {
	if name == "" {
		return DefaultPackAI
	}
	return name
}
