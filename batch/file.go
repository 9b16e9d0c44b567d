package batch

import (
	"bytes"
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
// tally laid out by the game's schema, which the header names; 5: any
// workflow, its parameters and every lane's tally and paired counts; 6: the
// account of how the hunts felt, for a game that declares a standing).
const TallyVersion = 6

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
	// Workflow names the workflow the shard belongs to ("run",
	// "compare", "sweep", "tune", "sensitivity", "skill", "baseline");
	// Params are its parameters, as it reads them to compile its lanes
	// again. The fields above describe the workflow's first lane; Lanes
	// the others, in order. Every lane played the same hunts.
	Workflow string          `json:"workflow"`
	Params   json.RawMessage `json:"params"`
	Lanes    []LaneHeader    `json:"lanes"`
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

// LaneHeader describes a lane of a workflow after its first: its design
// (as Header describes the first's) and its policy.
type LaneHeader struct {
	Title      string      `json:"title"`
	Choice     game.Choice `json:"choice"`
	Overrides  []string    `json:"overrides"`
	ConfigHash string      `json:"config_hash"`
	Policy     string      `json:"policy"`
	Schema     string      `json:"schema"`
}

// equal reports whether two lane headers name the same lane.
func (a LaneHeader) equal(b LaneHeader) bool {
	return a.Title == b.Title && maps.Equal(a.Choice, b.Choice) && slices.Equal(a.Overrides, b.Overrides) &&
		a.ConfigHash == b.ConfigHash && a.Policy == b.Policy && a.Schema == b.Schema
}

// tallyFile is a tally file's content: the first lane's tally, the
// other lanes' in order, and the paired counts of every pair of lanes in
// the order of PairedResult.Pairs.
type tallyFile struct {
	Header  Header         `json:"header"`
	Tally   *stats.Tally   `json:"tally"`
	Tallies []*stats.Tally `json:"tallies"`
	Pairs   []Pair         `json:"pairs"`
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

// WriteTallyFile writes a shard's header and tally (a workflow of one
// lane) to path, whole or not at all (safeio.WriteFile; "-" is standard
// output, stdout).
func WriteTallyFile(path string, h Header, t *stats.Tally, stdout io.Writer) error {
	return WriteLanesFile(path, h, []*stats.Tally{t}, nil, stdout)
}

// WriteLanesFile writes a shard's header, the tally of each lane and the
// paired counts of every pair of lanes to path, as WriteTallyFile does.
func WriteLanesFile(path string, h Header, ts []*stats.Tally, pairs []Pair, stdout io.Writer) error {
	data, err := EncodeLanesFile(h, ts, pairs)
	if err != nil {
		return err
	}
	return safeio.WriteFile(path, data, stdout)
}

// EncodeTallyFile returns the content of a tally file of one lane.
func EncodeTallyFile(h Header, t *stats.Tally) ([]byte, error) {
	return EncodeLanesFile(h, []*stats.Tally{t}, nil)
}

// EncodeLanesFile returns the content of a tally file: the header, with
// the game, each lane's schema hash and its checksum, every lane's tally
// and the pairs, as JSON. h.Lanes describes the lanes after the first
// (ts[1:]). A tally read from a file and not bound to a schema keeps the
// game and schema hash its header names.
func EncodeLanesFile(h Header, ts []*stats.Tally, pairs []Pair) ([]byte, error) {
	if len(ts) == 0 || len(h.Lanes) != len(ts)-1 {
		return nil, fmt.Errorf("batch: a tally file of %d lanes described by %d", len(ts), len(h.Lanes)+1)
	}
	h.Format, h.Version, h.Checksum = "balance-tally", TallyVersion, ""
	h.Lanes = slices.Clone(h.Lanes)
	if h.Lanes == nil {
		h.Lanes = []LaneHeader{}
	}
	if s := ts[0].Schema(); s != nil {
		h.Game, h.Schema = s.Game, stats.SchemaHash(s)
	}
	for j, t := range ts[1:] {
		if s := t.Schema(); s != nil {
			h.Lanes[j].Schema = stats.SchemaHash(s)
		}
		if h.Lanes[j].Overrides == nil {
			h.Lanes[j].Overrides = []string{}
		}
	}
	if h.Overrides == nil {
		h.Overrides = []string{}
	}
	if h.Workflow == "" {
		h.Workflow = "run"
	}
	if len(h.Params) == 0 {
		h.Params = json.RawMessage("{}")
	}
	tf := tallyFile{Header: h, Tally: ts[0], Tallies: ts[1:], Pairs: pairs}
	if tf.Pairs == nil {
		tf.Pairs = []Pair{}
	}
	sum, err := tallyChecksum(tf)
	if err != nil {
		return nil, err
	}
	tf.Header.Checksum = sum
	return json.Marshal(tf)
}

// tallyChecksum is the checksum of a tally file's content (its header's
// Checksum empty): "sha256:" and the hex SHA-256 of its JSON as the file
// holds it.
func tallyChecksum(tf tallyFile) (string, error) {
	b, err := json.Marshal(tf)
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
// checksum, and returns its first lane's tally. The tally is not yet laid
// out by a schema: Bind it to the schema of the design its header names.
func ReadTallyFile(path string) (Header, *stats.Tally, error) {
	h, ts, _, err := ReadLanesFile(path)
	if err != nil {
		return Header{}, nil, err
	}
	return h, ts[0], nil
}

// ReadLanesFile reads a tally file, checking its format, version,
// checksum and shape (a tally per lane, each of the header's hunts, and
// the pairs of every two lanes over the same hunts), and returns every
// lane's tally and the pairs.
func ReadLanesFile(path string) (Header, []*stats.Tally, []Pair, error) {
	h, ts, pairs, _, err := readLanesFile(path)
	return h, ts, pairs, err
}

// fileMark tells a tally file's content apart: its size and checksum.
type fileMark struct {
	size     int
	checksum string
}

// readLanesFile is ReadLanesFile, also returning the file's mark.
func readLanesFile(path string) (Header, []*stats.Tally, []Pair, fileMark, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Header{}, nil, nil, fileMark{}, err
	}
	var tf tallyFile
	if err := json.Unmarshal(data, &tf); err != nil {
		return Header{}, nil, nil, fileMark{}, fmt.Errorf("%s: not a tally file: %v", path, err)
	}
	if tf.Header.Format != "balance-tally" || tf.Tally == nil {
		return Header{}, nil, nil, fileMark{}, fmt.Errorf("%s: not a tally file (written by a workflow's -tally)", path)
	}
	if tf.Header.Version != TallyVersion {
		return Header{}, nil, nil, fileMark{}, fmt.Errorf("%s: tally format version %d; this program reads version %d (play the shard again)", path, tf.Header.Version, TallyVersion)
	}
	want := tf.Header.Checksum
	tf.Header.Checksum = ""
	if sum, err := tallyChecksum(tf); err != nil || sum != want {
		return Header{}, nil, nil, fileMark{}, fmt.Errorf("%s: the checksum does not match the content: the file was changed after balance wrote it (or damaged); play the shard again", path)
	}
	h := tf.Header
	ts := append([]*stats.Tally{tf.Tally}, tf.Tallies...)
	if len(ts) != len(h.Lanes)+1 {
		return Header{}, nil, nil, fileMark{}, fmt.Errorf("%s: the header names %d lanes but the file holds %d tallies", path, len(h.Lanes)+1, len(ts))
	}
	for j, t := range ts {
		if t == nil || t.Hunts != h.Hunts {
			return Header{}, nil, nil, fileMark{}, fmt.Errorf("%s: the header says %d hunts but lane %d's tally holds another number", path, h.Hunts, j)
		}
	}
	n := len(ts)
	if len(tf.Pairs) != n*(n-1)/2 {
		return Header{}, nil, nil, fileMark{}, fmt.Errorf("%s: %d lanes need %d pairs, the file holds %d", path, n, n*(n-1)/2, len(tf.Pairs))
	}
	for k := range tf.Pairs {
		p := &tf.Pairs[k]
		if pairIndex(n, p.A, p.B) != k || p.Hunts() != h.Hunts || len(p.Headline) != len(tf.Pairs[0].Headline) {
			return Header{}, nil, nil, fileMark{}, fmt.Errorf("%s: pair %d (lanes %d and %d) is out of place or not over the file's %d hunts", path, k, p.A, p.B, h.Hunts)
		}
	}
	return h, ts, tf.Pairs, fileMark{len(data), want}, nil
}

// MergeFiles reads the tally files of every shard of a run (a workflow
// of one lane) and merges them, as MergeLanes does; schema gives the
// schema of the design the header names.
func MergeFiles(paths []string, schema func(Header) (*game.Schema, error)) (Header, *stats.Tally, error) {
	h, r, err := MergeLanes(paths, func(h Header) ([]*game.Schema, error) {
		if len(h.Lanes) > 0 {
			return nil, fmt.Errorf("the shards are of a %s of %d lanes, not of a run", h.Workflow, len(h.Lanes)+1)
		}
		s, err := schema(h)
		return []*game.Schema{s}, err
	})
	if err != nil {
		return Header{}, nil, err
	}
	return h, r.Tallies[0], nil
}

// MergeMemory is how many bytes of tally files a merge keeps read between
// checking the files and merging them; past it, files are read again to be
// merged, one at a time.
var MergeMemory = 16 << 20

// MergeLanes reads the tally files of every shard of one workflow and
// merges them: every lane's tally and the paired counts of every pair of
// lanes. It refuses files changed since they were written (checksum),
// files from different runs (program, build, game, schema, workflow and
// its parameters, the lanes' designs and policies, seed, size), duplicate
// shards, missing shards and shards that did not finish. Once the shards
// are known to belong together, schemas is asked for the schema of each
// lane their header names (compiled again from the data); each must be
// the one the shards were laid out by. The result has no lanes (the
// caller compiles them), no elapsed time and no workers.
func MergeLanes(paths []string, schemas func(Header) ([]*game.Schema, error)) (Header, *PairedResult, error) {
	if len(paths) == 0 {
		return Header{}, nil, fmt.Errorf("no tally files given")
	}
	// The files are read twice: first to check that they belong together
	// (headers, shapes, checksums), then to merge them. Their tallies are
	// kept from the first reading while they fit in MergeMemory bytes of
	// files; past that, a file is read again when it is merged, so that a
	// merge of any number of shards holds a few files at a time.
	type shard struct {
		path  string
		h     Header
		mark  fileMark
		ts    []*stats.Tally // nil: read the file again
		pairs []Pair
	}
	var all []shard
	var layout []Pair // the first file's pairs: the layout of the merged ones
	kept := 0
	for _, p := range paths {
		h, ts, pairs, mark, err := readLanesFile(p)
		if err != nil {
			return Header{}, nil, err
		}
		sh := shard{path: p, h: h, mark: mark}
		if kept += mark.size; kept <= MergeMemory {
			sh.ts, sh.pairs = ts, pairs
		}
		all = append(all, sh)
		if layout == nil {
			layout = pairs
		}
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
		if h.Workflow != ref.Workflow || !bytes.Equal(h.Params, ref.Params) {
			diff = append(diff, fmt.Sprintf("workflow %s %s vs %s %s", h.Workflow, h.Params, ref.Workflow, ref.Params))
		}
		if h.ConfigHash != ref.ConfigHash || !maps.Equal(h.Choice, ref.Choice) || !slices.Equal(h.Overrides, ref.Overrides) {
			diff = append(diff, fmt.Sprintf("configuration %s vs %s (%s vs %s)", h.ConfigHash, ref.ConfigHash, describe(h), describe(ref)))
		}
		if h.Policy != ref.Policy {
			diff = append(diff, fmt.Sprintf("policy %q vs %q", h.Policy, ref.Policy))
		}
		if !slices.EqualFunc(h.Lanes, ref.Lanes, LaneHeader.equal) {
			diff = append(diff, fmt.Sprintf("%d lanes vs %d, or lanes of other designs or policies", len(h.Lanes)+1, len(ref.Lanes)+1))
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
	ss, err := schemas(ref)
	if err != nil {
		return Header{}, nil, err
	}
	if len(ss) != len(ref.Lanes)+1 {
		return Header{}, nil, fmt.Errorf("the shards hold %d lanes and the %s compiles to %d: play them again with this balance", len(ref.Lanes)+1, ref.Workflow, len(ss))
	}
	for j, s := range ss {
		want := ref.Schema
		if j > 0 {
			want = ref.Lanes[j-1].Schema
		}
		if h := stats.SchemaHash(s); h != want {
			return Header{}, nil, fmt.Errorf("the shards' tallies are laid out by schema %s, and the design compiles to schema %s: play them again with this balance", want, h)
		}
	}
	total := &laneBlock{tallies: make([]*stats.Tally, len(ss)), pairs: slices.Clone(layout)}
	for j, s := range ss {
		total.tallies[j] = stats.NewTally(s)
	}
	nf := len(stats.FeelFollowed(ss[0]))
	for k := range total.pairs {
		total.pairs[k].Headline = make([]Moments, len(ss[0].Headline))
		total.pairs[k].Feel = nil
		if nf > 0 {
			total.pairs[k].Feel = make([]stats.PairedRatio, nf)
		}
		total.pairs[k].reset()
	}
	for i := range all {
		sh := &all[i]
		if sh.ts == nil {
			h, ts, pairs, mark, err := readLanesFile(sh.path)
			if err != nil {
				return Header{}, nil, err
			}
			if mark != sh.mark || h.Shard != sh.h.Shard {
				return Header{}, nil, fmt.Errorf("%s: the file changed while it was being merged; merge again", sh.path)
			}
			sh.ts, sh.pairs = ts, pairs
		}
		for j, t := range sh.ts {
			if err := t.Bind(ss[j]); err != nil {
				return Header{}, nil, fmt.Errorf("%s: %w", sh.path, err)
			}
		}
		for k := range sh.pairs {
			if len(sh.pairs[k].Headline) != len(ss[0].Headline) {
				return Header{}, nil, fmt.Errorf("%s: pair %d follows %d figures, the schema %d", sh.path, k, len(sh.pairs[k].Headline), len(ss[0].Headline))
			}
			if len(sh.pairs[k].Feel) != nf {
				return Header{}, nil, fmt.Errorf("%s: pair %d follows %d figures of feel, the schema %d", sh.path, k, len(sh.pairs[k].Feel), nf)
			}
		}
		if err := total.merge(&laneBlock{tallies: sh.ts, pairs: sh.pairs}); err != nil {
			return Header{}, nil, fmt.Errorf("%s: %w", sh.path, err)
		}
		sh.ts, sh.pairs = nil, nil // merged: its memory may go
	}
	h := ref
	h.Shard, h.First, h.Hunts = 0, 0, total.tallies[0].Hunts
	h.Shards = 1
	return h, &PairedResult{Tallies: total.tallies, Pairs: total.pairs, Hunts: h.Hunts, Stopped: StopHunts}, nil
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
