package batch

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"sort"
	"strings"

	"balance/game"
	"balance/safeio"
	"balance/stats"
)

// TallyVersion is the version of the tally file format (2: each Pack
// model's Tick of death; 3: the build and the checksum; 4: any game, the
// tally laid out by the game's schema, which the header names).
const TallyVersion = 4

// Header describes a tally file: which game, design, policy, program and
// seed produced it, and which hunts it holds.
type Header struct {
	Format  string `json:"format"` // "balance-tally"
	Version int    `json:"version"`
	Program string `json:"program"`
	// Game is the game's name; Schema the hash of the schema the tally is
	// laid out by (stats.SchemaHash).
	Game   string `json:"game"`
	Schema string `json:"schema"`
	// Title names the design; Choice and Overrides compile it again
	// (Data.Design), ConfigHash is its hash (Design.Hash).
	Title      string      `json:"title"`
	Choice     game.Choice `json:"choice"`
	Overrides  []string    `json:"overrides"`
	ConfigHash string      `json:"config_hash"`
	Policy     string      `json:"policy"` // the players' side's tier
	Seed       uint64      `json:"seed"`
	Total      int64       `json:"total"` // hunts in the whole run, over every shard
	Shards     int         `json:"shards"`
	Shard      int         `json:"shard"`
	First      int64       `json:"first"` // first hunt index in this file
	Hunts      int64       `json:"hunts"` // hunts in this file
	Stopped    string      `json:"stopped"`
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
	Header Header       `json:"header"`
	Tally  *stats.Tally `json:"tally"`
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
func WriteTallyFile(path string, h Header, t *stats.Tally, stdout io.Writer) error {
	data, err := EncodeTallyFile(h, t)
	if err != nil {
		return err
	}
	return safeio.WriteFile(path, data, stdout)
}

// EncodeTallyFile returns the content of a tally file: the header, with
// the game, the schema's hash and its checksum, and the tally, as JSON. A
// tally read from a file and not bound to a schema keeps the game and
// schema hash its header names.
func EncodeTallyFile(h Header, t *stats.Tally) ([]byte, error) {
	h.Format, h.Version, h.Checksum = "balance-tally", TallyVersion, ""
	if s := t.Schema(); s != nil {
		h.Game, h.Schema = s.Game, stats.SchemaHash(s)
	}
	if h.Overrides == nil {
		h.Overrides = []string{}
	}
	sum, err := tallyChecksum(h, t)
	if err != nil {
		return nil, err
	}
	h.Checksum = sum
	return json.Marshal(tallyFile{Header: h, Tally: t})
}

// tallyChecksum is the checksum of a tally file of h (its Checksum empty)
// and t: "sha256:" and the hex SHA-256 of their JSON as the file holds it.
func tallyChecksum(h Header, t *stats.Tally) (string, error) {
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

// ReadTallyFile reads a tally file, checking its format, version and
// checksum. The tally is not yet laid out by a schema: Bind it to the
// schema of the design its header names.
func ReadTallyFile(path string) (Header, *stats.Tally, error) {
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
// from different runs (program, build, game, schema, design, policy,
// seed, size), duplicate shards, missing shards and shards that did not
// finish. Once the shards are known to belong together, schema is asked
// for the schema of the design their header names (compiled again from
// the data); it must be the one the shards were laid out by.
func MergeFiles(paths []string, schema func(Header) (*game.Schema, error)) (Header, *stats.Tally, error) {
	if len(paths) == 0 {
		return Header{}, nil, fmt.Errorf("no tally files given")
	}
	type shard struct {
		path string
		h    Header
		t    *stats.Tally
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
		if h.Game != ref.Game || h.Schema != ref.Schema {
			diff = append(diff, fmt.Sprintf("game %s (schema %s) vs %s (schema %s)", h.Game, h.Schema, ref.Game, ref.Schema))
		}
		if h.ConfigHash != ref.ConfigHash || !maps.Equal(h.Choice, ref.Choice) || !slices.Equal(h.Overrides, ref.Overrides) {
			diff = append(diff, fmt.Sprintf("configuration %s vs %s (%s vs %s)", h.ConfigHash, ref.ConfigHash, describe(h), describe(ref)))
		}
		if h.Policy != ref.Policy {
			diff = append(diff, fmt.Sprintf("policy %q vs %q", h.Policy, ref.Policy))
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
	s, err := schema(ref)
	if err != nil {
		return Header{}, nil, err
	}
	if h := stats.SchemaHash(s); h != ref.Schema {
		return Header{}, nil, fmt.Errorf("the shards' tallies are laid out by schema %s, and the design compiles to schema %s: play them again with this balance", ref.Schema, h)
	}
	total := stats.NewTally(s)
	for _, sh := range all {
		if err := sh.t.Bind(s); err != nil {
			return Header{}, nil, fmt.Errorf("%s: %w", sh.path, err)
		}
		if err := total.Merge(sh.t); err != nil {
			return Header{}, nil, fmt.Errorf("%s: %w", sh.path, err)
		}
	}
	h := ref
	h.Shard, h.First, h.Hunts = 0, 0, total.Hunts
	h.Shards = 1
	return h, total, nil
}

// describe names a header's design for a message: its title, choice and
// overrides.
func describe(h Header) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(h.Choice)) {
		parts = append(parts, k+"="+h.Choice[k])
	}
	s := h.Title
	if len(parts) > 0 {
		s += " [" + strings.Join(parts, " ") + "]"
	}
	if len(h.Overrides) > 0 {
		s += " with " + strings.Join(h.Overrides, " ")
	}
	return s
}
