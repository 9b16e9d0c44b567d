package legacy

import (
	"bytes"
	"encoding/json"
	"flag"
	"image"
	"image/png"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"balance/safeio"
	"balance/stats"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// golden compares got with the file testdata/golden/name, or rewrites it
// with -update. Files are compared byte for byte, PNGs included: the
// rasteriser and image/png are deterministic, so the same Summary gives
// the same bytes on every run (TestPlotsDeterministic checks it within a
// run, go test -count=2 across runs), and decoded pixels need not be
// compared instead. The goldens were made on amd64; a platform whose
// floating point rounds differently (fused multiply-add) may rasterise a
// few edge pixels differently, so on a PNG mismatch the number of
// differing pixels is reported, telling an encoding difference from a
// drawing one.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", filepath.FromSlash(name))
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./reports -update to create it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	if strings.HasSuffix(name, ".png") {
		t.Errorf("%s differs from the golden file: %s", name, pixelDiff(got, want))
		return
	}
	t.Errorf("%s differs from the golden file (go test ./reports -update rewrites it):\n%s", name, firstDiff(got, want))
}

// pixelDiff describes how two PNGs differ once decoded.
func pixelDiff(got, want []byte) string {
	a, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		return "cannot decode: " + err.Error()
	}
	b, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		return "cannot decode the golden file: " + err.Error()
	}
	if a.Bounds() != b.Bounds() {
		return "size " + a.Bounds().String() + ", want " + b.Bounds().String()
	}
	n := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if !sameColor(a, b, x, y) {
				n++
			}
		}
	}
	if n == 0 {
		return "the pixels are identical: only the encoding differs"
	}
	return strings.Join([]string{itoa(int64(n)), "of", itoa(int64(r.Dx() * r.Dy())), "pixels differ"}, " ")
}

func sameColor(a, b image.Image, x, y int) bool {
	r1, g1, b1, a1 := a.At(x, y).RGBA()
	r2, g2, b2, a2 := b.At(x, y).RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
}

// firstDiff shows the first line where two texts differ.
func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl || i >= len(g) || i >= len(w) {
			return "line " + itoa(int64(i+1)) + ":\n got: " + gl + "\nwant: " + wl
		}
	}
	return "(no line differs)"
}

// reportFiles are the files WriteDir writes.
func reportFiles() []string {
	names := []string{"summary.html", "summary.json", "summary.md"}
	for _, t := range csvTables {
		names = append(names, t.name)
	}
	for _, p := range plots {
		names = append(names, p.name+".png", p.name+".svg")
	}
	slices.Sort(names)
	return names
}

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		if e.Name() != safeio.Manifest {
			names = append(names, e.Name())
		}
	}
	return names
}

// TestWriteDirGolden writes the report of the synthetic Summary and
// compares every file (summary.md, summary.html, summary.json, the CSVs and every plot
// in PNG and SVG) with its golden copy under testdata/golden/report.
func TestWriteDirGolden(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "wandering-son")
	if err := WriteDir(dir, syntheticSummary()); err != nil {
		t.Fatal(err)
	}
	names := listDir(t, dir)
	if want := reportFiles(); !slices.Equal(names, want) {
		t.Fatalf("WriteDir wrote %v, want %v", names, want)
	}
	if want := slices.Sorted(slices.Values(SummaryNames())); !slices.Equal(names, want) {
		t.Fatalf("WriteDir wrote %v, SummaryNames says %v", names, want)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			got, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "report/"+name, got)
		})
	}
}

func TestTableGolden(t *testing.T) {
	var b bytes.Buffer
	Table(&b, syntheticSummary())
	golden(t, "table.txt", b.Bytes())
	if !strings.Contains(b.String(), "Pack wins           41.2% [40.9%, 41.5%] (n=100000)") {
		t.Errorf("the Pack win rate is not written as a percentage with its interval and n:\n%s", b.String())
	}
}

func TestWriteIndexGolden(t *testing.T) {
	a := syntheticSummary()
	b := syntheticSummary()
	b.Config.Adversary, b.Config.AdversaryName = "neonate-wurm", "Neonate Wurm"
	b.Interrupted, b.Stopped = true, "interrupted"
	dir := t.TempDir()
	entries := []IndexEntry{
		{Name: "wandering-son", Dir: "wandering-son", S: a},
		{Name: "neonate wurm", Dir: filepath.Join(dir, "neonate wurm"), S: b},
		{Name: "praetorians", Dir: "praetorians"},
	}
	if err := WriteIndex(dir, entries); err != nil {
		t.Fatal(err)
	}
	if names := listDir(t, dir); !slices.Equal(names, []string{"index.html", "index.md", "index.png", "index.svg"}) {
		t.Fatalf("WriteIndex wrote %v", names)
	}
	for _, name := range []string{"index.md", "index.html", "index.png", "index.svg"} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		golden(t, "index/"+name, got)
	}
}

// TestPlotsDeterministic draws every plot twice and requires the same
// bytes, the premise of comparing plots byte for byte with golden files.
func TestPlotsDeterministic(t *testing.T) {
	s := syntheticSummary()
	for i, p := range plots {
		for _, f := range []string{"png", "svg"} {
			a, err := renderPlot(i, f, s)
			if err != nil {
				t.Fatal(err)
			}
			b, err := renderPlot(i, f, syntheticSummary())
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a, b) {
				t.Errorf("%s.%s: two renderings differ", p.name, f)
			}
		}
	}
}

// TestPlotsEmpty draws every plot of a Summary with no hunts: a run
// interrupted at once must still give a report.
func TestPlotsEmpty(t *testing.T) {
	s := &stats.Summary{Schema: stats.SchemaVersion}
	for i, p := range plots {
		if p.only != nil && !p.only(s) {
			continue
		}
		for _, f := range []string{"png", "svg"} {
			if _, err := renderPlot(i, f, s); err != nil {
				t.Errorf("%s.%s: %v", p.name, f, err)
			}
		}
	}
	var b bytes.Buffer
	Table(&b, s)
	if err := WriteDir(filepath.Join(t.TempDir(), "empty"), s); err != nil {
		t.Error(err)
	}
}

func TestJSONRoundTrip(t *testing.T) {
	s := syntheticSummary()
	b, err := encodeJSON(s)
	if err != nil {
		t.Fatal(err)
	}
	var back stats.Summary
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s, &back) {
		t.Error("summary.json does not read back to the same Summary")
	}
	// The fields come in the order of the struct.
	keys := []string{`"schema"`, `"program"`, `"config"`, `"hunts"`, `"pack_win_rate"`, `"outcomes"`, `"rounds"`, `"pack": [`, `"damage_curve"`, `"cards"`, `"timing"`}
	last := -1
	for _, k := range keys {
		i := bytes.Index(b, []byte(k))
		if i < last {
			t.Errorf("%s out of order in summary.json", k)
		}
		last = i
	}

	path := filepath.Join(t.TempDir(), "summary.json")
	if err := WriteJSON(path, s); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, b) {
		t.Error("WriteJSON wrote other bytes than WriteDir's summary.json")
	}
}

// TestNonFiniteJSON: JSON cannot hold an infinity. WriteDir says which
// field of which file, and writes nothing: a report is whole or absent.
func TestNonFiniteJSON(t *testing.T) {
	s := syntheticSummary()
	s.DefeatedAt = stats.Distribution{Mean: stats.Interval{Low: math.Inf(-1), High: math.Inf(1), Conf: synConf}}
	dir := filepath.Join(t.TempDir(), "r")
	err := WriteDir(dir, s)
	if err == nil || !strings.Contains(err.Error(), "summary.json") || !strings.Contains(err.Error(), "defeated_at.mean.low is -Inf") {
		t.Fatalf("WriteDir: %v, want an error naming summary.json and defeated_at.mean.low", err)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Errorf("WriteDir wrote %v", listDir(t, dir))
	}
	if err := WriteJSON(filepath.Join(filepath.Dir(dir), "x.json"), s); err == nil {
		t.Error("WriteJSON wrote an infinity")
	}
}

// noTemp fails if dir holds a temporary file.
func noTemp(t *testing.T, dir string) {
	t.Helper()
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.Contains(d.Name(), ".tmp-") {
			t.Errorf("temporary file left behind: %s", path)
		}
		return nil
	})
}

func TestWriteDirErrors(t *testing.T) {
	s := syntheticSummary()
	root := t.TempDir()

	t.Run("missing parent", func(t *testing.T) {
		dir := filepath.Join(root, "no", "such", "report")
		err := WriteDir(dir, s)
		if err == nil || !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "does not exist") {
			t.Fatalf("WriteDir(%s): %v, want an error saying the parent does not exist", dir, err)
		}
		t.Log(err)
		noTemp(t, root)
	})

	t.Run("parent is a file", func(t *testing.T) {
		f := filepath.Join(root, "file")
		os.WriteFile(f, []byte("x"), 0o644)
		err := WriteDir(filepath.Join(f, "report"), s)
		if err == nil || !strings.Contains(err.Error(), "not a directory") {
			t.Fatalf("WriteDir under a file: %v", err)
		}
		t.Log(err)
	})

	t.Run("read-only", func(t *testing.T) {
		dir := filepath.Join(root, "ro")
		os.Mkdir(dir, 0o555)
		defer os.Chmod(dir, 0o755)
		if f, err := os.CreateTemp(dir, "probe"); err == nil {
			f.Close()
			os.Remove(f.Name())
			t.Skip("permissions are not enforced for this user (root?)")
		}
		err := WriteDir(dir, s)
		if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "summary.json")) {
			t.Fatalf("WriteDir into a read-only directory: %v, want an error naming summary.json", err)
		}
		t.Log(err)
		if names := listDir(t, dir); len(names) != 0 {
			t.Errorf("files written: %v", names)
		}
	})

	// A target that cannot be replaced (a directory in the way of a plot)
	// fails even for root: the error names it, no temporary file is left,
	// and nothing is written.
	t.Run("target in the way", func(t *testing.T) {
		dir := filepath.Join(root, "blocked")
		if err := os.MkdirAll(filepath.Join(dir, "cards.png", "x"), 0o755); err != nil {
			t.Fatal(err)
		}
		err := WriteDir(dir, s)
		if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "cards.png")+" is a directory") {
			t.Fatalf("WriteDir: %v, want an error naming cards.png", err)
		}
		t.Log(err)
		noTemp(t, root)
		if names := listDir(t, dir); !slices.Equal(names, []string{"cards.png"}) {
			t.Errorf("the directory now holds %v", names)
		}
	})

	t.Run("WriteJSON missing parent", func(t *testing.T) {
		path := filepath.Join(root, "nowhere", "summary.json")
		err := WriteJSON(path, s)
		if err == nil || !strings.Contains(err.Error(), path) {
			t.Fatalf("WriteJSON: %v, want an error naming %s", err, path)
		}
	})
}

func TestIntervalFormat(t *testing.T) {
	cases := []struct {
		i       stats.Interval
		percent string
		number  string
	}{
		{stats.Interval{Estimate: 0.41203, Low: 0.40898, High: 0.41508, Conf: 0.95, N: 100000},
			"41.2% [40.9%, 41.5%] (n=100000)", "0.412 [0.409, 0.415] (n=100000)"},
		{stats.Interval{Estimate: 0.5, Low: 0.4, High: 0.6, Conf: 0.9, N: 60},
			"50.0% [40.0%, 60.0%] (90%, n=60)", "0.5 [0.4, 0.6] (90%, n=60)"},
		{stats.Interval{Estimate: 0.000031, Low: 0.0000106, High: 0.0000912, Conf: 0.95, N: 100000},
			"0.003% [0.001%, 0.009%] (n=100000)", "0.00003 [0.00001, 0.00009] (n=100000)"},
		{stats.FromEstimate(stats.Mean(0, 0, 0, 0.95)), "n/a (n=0)", "n/a (n=0)"},
		{stats.Interval{Conf: 0.95, Warnings: []string{"no observations"}}, "n/a (n=0)", "n/a (n=0)"},
		// 1999 of 2000: never printed as 100%; and 1 of 100000 never as 0%.
		{stats.Interval{Estimate: 0.9995, Low: 0.9972, High: 0.99991, Conf: 0.95, N: 2000},
			"99.95% [99.72%, 99.99%] (n=2000)", "0.9995 [0.9972, 0.9999] (n=2000)"},
		{stats.Interval{Estimate: 0.00001, Low: 0.0000003, High: 0.0000557, Conf: 0.95, N: 100000},
			"0.001% [0.000%, 0.006%] (n=100000)", "0.00001 [0.00000, 0.00006] (n=100000)"},
		{stats.Interval{Estimate: 7.4213, Low: 7.4012, High: 7.4414, Conf: 0.95, N: 100000},
			"742.1% [740.1%, 744.1%] (n=100000)", "7.42 [7.40, 7.44] (n=100000)"},
		// Never a negative zero.
		{stats.Interval{Estimate: -0.0001, Low: -0.0032, High: 0.003, Conf: 0.95, N: 4000},
			"0.0% [-0.3%, 0.3%] (n=4000)", "0.000 [-0.003, 0.003] (n=4000)"},
		{stats.Interval{Estimate: -0.001, Low: -0.004, High: 0.002, Conf: 0.95, N: 4000},
			"-0.1% [-0.4%, 0.2%] (n=4000)", "-0.001 [-0.004, 0.002] (n=4000)"},
		// An estimate that would print as its own lower end gets one more
		// decimal (5 of 4000: not "0.1% [0.1%, 0.3%]"), and so does a
		// non-zero end that would print as zero (not "0.1% [0.0%, 0.3%]").
		{stats.FromEstimate(stats.Proportion(5, 4000, 0.95)),
			"0.12% [0.05%, 0.29%] (n=4000)", "0.0013 [0.0005, 0.0029] (n=4000)"},
		{stats.FromEstimate(stats.Proportion(4, 4000, 0.95)),
			"0.10% [0.04%, 0.26%] (n=4000)", "0.0010 [0.0004, 0.0026] (n=4000)"},
		// An estimate equal to an end is no reason for more decimals.
		{stats.Interval{Estimate: 1, Low: 0.99904, High: 1, Conf: 0.95, N: 4000},
			"100.00% [99.90%, 100.00%] (n=4000)", "1.0000 [0.9990, 1.0000] (n=4000)"},
	}
	for _, c := range cases {
		if got := c.i.Percent(); got != c.percent {
			t.Errorf("Percent(%+v) = %q, want %q", c.i, got, c.percent)
		}
		if got := c.i.String(); got != c.number {
			t.Errorf("String(%+v) = %q, want %q", c.i, got, c.number)
		}
	}
}
