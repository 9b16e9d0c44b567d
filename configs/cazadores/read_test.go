package cazadores

import (
	"balance/configs/yamldata"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	sim "balance/sim/cazadores"
)

// noHang runs f, failing the test if it has not returned after a minute
// (a load that waits on a named pipe never returns).
func noHang(t *testing.T, what string, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(time.Minute):
		t.Fatalf("%s: still loading after a minute", what)
		return nil
	}
}

// mkfifo makes a named pipe at p, or skips the test where there are none.
func mkfifo(t *testing.T, p string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("no named pipes in the file system")
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
}

// TestLoadOnlyRegularFiles checks that every way data gets in refuses what
// is not a regular file, naming it: a directory where a data file is
// expected, a named pipe (which would block the load forever) and a device
// (/dev/zero would feed it without end); a symbolic link to a regular file
// is followed.
func TestLoadOnlyRegularFiles(t *testing.T) {
	adv := embedded(t, "adversaries/wandering-son.yaml")
	for _, c := range []struct {
		name  string
		setup func(t *testing.T, dir string) // builds the data directory
		want  string                         // in the error, after the directory's path; "" for none
	}{
		{"directory rules.yaml", func(t *testing.T, dir string) {
			os.MkdirAll(filepath.Join(dir, "rules.yaml"), 0o755)
		}, "rules.yaml: is a directory; a data file is expected here"},
		{"directory adversaries/x.yaml", func(t *testing.T, dir string) {
			os.MkdirAll(filepath.Join(dir, "adversaries", "x.yaml"), 0o755)
		}, "adversaries/x.yaml: is a directory; a data file is expected here"},
		{"adversaries is a file", func(t *testing.T, dir string) {
			os.WriteFile(filepath.Join(dir, "adversaries"), []byte(adv), 0o644)
		}, "adversaries: not a directory; adversaries/ holds one file per entry (adversaries/SLUG.yaml)"},
		{"named pipe rules.yaml", func(t *testing.T, dir string) {
			mkfifo(t, filepath.Join(dir, "rules.yaml"))
		}, "rules.yaml: is a named pipe, not a regular file; a data file must be a regular file"},
		{"named pipe adversaries/x.yaml", func(t *testing.T, dir string) {
			mkfifo(t, filepath.Join(dir, "adversaries", "x.yaml"))
		}, "adversaries/x.yaml: is a named pipe, not a regular file; a data file must be a regular file"},
		{"device weapons.yaml", func(t *testing.T, dir string) {
			if err := os.Symlink("/dev/zero", filepath.Join(dir, "weapons.yaml")); err != nil {
				t.Skip(err)
			}
			if _, err := os.Stat("/dev/zero"); err != nil {
				t.Skip(err)
			}
		}, "weapons.yaml: is a character device, not a regular file; a data file must be a regular file"},
		{"broken link", func(t *testing.T, dir string) {
			os.Symlink(filepath.Join(dir, "nowhere.yaml"), filepath.Join(dir, "packs.yaml"))
		}, "packs.yaml: no such file"},
		{"link to a regular file", func(t *testing.T, dir string) {
			p := filepath.Join(dir, "elsewhere", "elder.yaml")
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.WriteFile(p, []byte(strings.Replace(adv, "name: Wandering Son of the Mountain", "name: Elder Son", 1)), 0o644)
			os.MkdirAll(filepath.Join(dir, "adversaries"), 0o755)
			if err := os.Symlink(p, filepath.Join(dir, "adversaries", "elder-son.yaml")); err != nil {
				t.Skip(err)
			}
		}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			c.setup(t, dir)
			var d *Data
			err := noHang(t, "Load", func() (err error) { d, err = Load(dir); return err })
			if c.want == "" {
				if err != nil || d.Adversaries["elder-son"] == nil || d.Adversaries["elder-son"].Name != "Elder Son" {
					t.Fatalf("Load: %v", err)
				}
				return
			}
			want := filepath.Join(dir, filepath.FromSlash(c.want))
			if err == nil || err.Error() != want {
				t.Fatalf("Load: error\n%v\nwant\n%s", err, want)
			}
		})
	}
	// A path that names a directory is refused by Load too.
	f := filepath.Join(t.TempDir(), "rules.yaml")
	os.WriteFile(f, []byte("round_cap: 10\n"), 0o644)
	if _, err := Load(f); err == nil || err.Error() != f+": not a directory; a data directory is expected here" {
		t.Errorf("Load(file): %v", err)
	}
}

// TestOneFileOnlyRegular checks the paths that take one data file:
// validate's files, an Adversary given by path and FileKind.
func TestOneFileOnlyRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "adversaries", "pipe.yaml")
	mkfifo(t, fifo)
	sub := filepath.Join(dir, "adversaries", "sub.yaml")
	os.MkdirAll(sub, 0o755)
	paths := []struct{ p, want string }{
		{fifo, fifo + ": is a named pipe, not a regular file; a data file must be a regular file"},
		{sub, sub + ": is a directory; a data file is expected here"},
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		paths = append(paths, struct{ p, want string }{"/dev/zero", "/dev/zero: is a character device, not a regular file; a data file must be a regular file"})
	}
	d := loadEmbedded(t)
	for _, c := range paths {
		err := noHang(t, "ValidateFiles", func() error { return ValidateFiles(c.p) })
		if err == nil || err.Error() != c.want {
			t.Errorf("ValidateFiles(%s): %v, want %s", c.p, err, c.want)
		}
		err = noHang(t, "AddAdversaryFile", func() error { _, err := d.AddAdversaryFile(c.p); return err })
		if err == nil || err.Error() != c.want {
			t.Errorf("AddAdversaryFile(%s): %v, want %s", c.p, err, c.want)
		}
		err = noHang(t, "FileKind", func() error { _, _, err := FileKind(c.p); return err })
		if err == nil || err.Error() != c.want {
			t.Errorf("FileKind(%s): %v, want %s", c.p, err, c.want)
		}
	}
}

// TestFileSizeLimit checks that a data file above yamldata.MaxFileBytes is refused,
// by every way in, without being decoded, and that one at the limit is
// read (and refused for what it holds, with bounded memory).
func TestFileSizeLimit(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "adversaries", "big.yaml")
	os.MkdirAll(filepath.Dir(big), 0o755)
	// A flow list: the costliest YAML there is per byte.
	list := "[" + strings.Repeat("1,", yamldata.MaxFileBytes/2-1) + "1]" // yamldata.MaxFileBytes+1 bytes
	if err := os.WriteFile(big, []byte(list), 0o644); err != nil {
		t.Fatal(err)
	}
	want := big + fmt.Sprintf(": larger than %d bytes", yamldata.MaxFileBytes)
	if _, err := Load(dir); err == nil || err.Error() != want {
		t.Errorf("Load: %v, want %s", err, want)
	}
	if err := ValidateFiles(big); err == nil || err.Error() != want {
		t.Errorf("ValidateFiles: %v, want %s", err, want)
	}
	if _, err := loadEmbedded(t).AddAdversaryFile(big); err == nil || err.Error() != want {
		t.Errorf("AddAdversaryFile: %v, want %s", err, want)
	}
	// At the limit: read, parsed, refused, within some hundred MB.
	if testing.Short() {
		return
	}
	os.WriteFile(big, []byte(list[:yamldata.MaxFileBytes-1]+"]"), 0o644)
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	_, err := Load(dir)
	runtime.ReadMemStats(&m1)
	if err == nil || !strings.Contains(err.Error(), "expected a mapping") {
		t.Errorf("Load at the limit: %v", err)
	}
	if alloc := m1.TotalAlloc - m0.TotalAlloc; alloc > 400<<20 {
		t.Errorf("a file at the limit took %d MB to load", alloc>>20)
	}
}

// TestLoadLimits checks the limits of one load: the number of files, their
// bytes in all, the nodes aliases expand to in all, and the problems
// reported.
func TestLoadLimits(t *testing.T) {
	t.Run("files", func(t *testing.T) {
		if testing.Short() {
			t.Skip("writes a thousand files")
		}
		files := map[string]string{}
		for i := 0; i <= yamldata.MaxLoadFiles; i++ {
			files[fmt.Sprintf("scenarios/s%04d.yaml", i)] = "x"
		}
		_, err := Load(writeFiles(t, files))
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("s%04d.yaml: one load reads at most %d data files; this one is past the limit", yamldata.MaxLoadFiles, yamldata.MaxLoadFiles)) {
			t.Errorf("error %.300v", err)
		}
	})
	t.Run("bytes", func(t *testing.T) {
		if testing.Short() {
			t.Skip("writes 17 MiB")
		}
		pad := "# " + strings.Repeat("x", yamldata.MaxFileBytes-4) + "\n"
		files := map[string]string{}
		for i := 0; i <= yamldata.MaxLoadBytes/yamldata.MaxFileBytes; i++ {
			files[fmt.Sprintf("scenarios/s%02d.yaml", i)] = pad
		}
		_, err := Load(writeFiles(t, files))
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("s%02d.yaml: one load reads at most %d bytes of data files in all", yamldata.MaxLoadBytes/yamldata.MaxFileBytes, yamldata.MaxLoadBytes)) {
			t.Errorf("error %.300v", err)
		}
	})
	t.Run("problems", func(t *testing.T) {
		var b strings.Builder
		b.WriteString("name: Many\n")
		for i := 0; i < 2*yamldata.MaxLoadErrors; i++ {
			fmt.Fprintf(&b, "field%d: 1\n", i)
		}
		_, err := Load(writeFiles(t, map[string]string{"adversaries/many.yaml": b.String()}))
		es := allErrors(t, err)
		if len(es) != yamldata.MaxLoadErrors+1 || es[len(es)-1].Msg != fmt.Sprintf("more than %d problems; fix these first", yamldata.MaxLoadErrors) {
			t.Errorf("%d errors, the last %v", len(es), es[len(es)-1])
		}
	})
}

// laughs is a "billion laughs" Adversary file: a few hundred bytes whose
// aliases stand for 10^9 nodes. The decoder never flattens lists of lists,
// so it meets each alias once.
const laughs = `name: Laughs
stats: {spd: 1, atk: 1, rng: 1, def: 1, ter: 1, wnd: 9}
a: &a [{impose: stunned}, {impose: stunned}, {impose: stunned}, {impose: stunned}, {impose: stunned}, {impose: stunned}, {impose: stunned}, {impose: stunned}, {impose: stunned}, {impose: stunned}]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]
h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g, *g]
i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h, *h]
hit_locations: [{name: Body, cards: [2, 3, 4, 5, 6, 7, 8, 9, 10], wnd: 9}]
actions:
  ace: {name: A, attack: melee, on_hit: *i}
  king: {name: K, attack: melee, on_hit: *i}
  queen: {name: Q, attack: melee, on_hit: *i}
  jack: {name: J, attack: melee, on_hit: *i}
special:
  ace: {tree: aggressive, like: standard}
  king: {tree: aggressive, like: standard}
  queen: {tree: aggressive, like: standard}
  jack: {tree: aggressive, like: standard}
`

// TestAliasesBounded checks that YAML small on disk but large once its
// aliases are expanded costs little to refuse: nested aliases (laughs),
// and a flat list of aliases to a mapping the decoder walks each time
// (30,000 terrain pieces in 120 kB), stopped at the nodes a file may visit.
func TestAliasesBounded(t *testing.T) {
	var flat strings.Builder
	flat.WriteString("name: Flat\nsize: [24, 24]\nexits: [{edge: south, from: 0, to: 24}]\n")
	flat.WriteString("terrain: [&t {name: Rock, circle: [12, 12, 1], types: [difficult]}")
	for i := 0; i < 30000; i++ {
		flat.WriteString(", *t")
	}
	flat.WriteString("]\n")
	for _, c := range []struct {
		file, src, want string
	}{
		{"adversaries/laughs.yaml", laughs, fmt.Sprintf("10 ops; a list holds at most %d", sim.MaxOps)},
		{"scenarios/flat.yaml", flat.String(), fmt.Sprintf("the file expands to more than %d nodes", yamldata.MaxVisits)},
	} {
		dir := writeFiles(t, map[string]string{c.file: c.src})
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		_, err := Load(dir)
		runtime.ReadMemStats(&m1)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %.300v, want one saying %q", c.file, err, c.want)
		}
		if alloc := m1.TotalAlloc - m0.TotalAlloc; alloc > 200<<20 {
			t.Errorf("%s (%d bytes) took %d MB to refuse", c.file, len(c.src), alloc>>20)
		}
	}
}

// TestLoadCancelled checks that a load stops, with the context's error, as
// soon as its context is done.
func TestLoadCancelled(t *testing.T) {
	dir := writeFiles(t, map[string]string{"adversaries/a.yaml": laughs, "rules.yaml": "round_cap: 10\n"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := LoadContext(ctx, dir); !errors.Is(err, context.Canceled) {
		t.Errorf("LoadContext: %v, want %v", err, context.Canceled)
	}
	if _, err := LoadContext(ctx, ""); !errors.Is(err, context.Canceled) {
		t.Errorf("LoadContext of the bundled data: %v, want %v", err, context.Canceled)
	}
	if err := ValidateFilesContext(ctx, filepath.Join(dir, "adversaries/a.yaml")); !errors.Is(err, context.Canceled) {
		t.Errorf("ValidateFilesContext: %v, want %v", err, context.Canceled)
	}
	// A named pipe is refused before it is opened, so even a load that is
	// never cancelled cannot wait on one.
	fifo := filepath.Join(dir, "scenarios", "pipe.yaml")
	mkfifo(t, fifo)
	err := noHang(t, "LoadContext", func() error { _, err := LoadContext(context.Background(), dir); return err })
	if err == nil || !strings.Contains(err.Error(), "pipe.yaml: is a named pipe") {
		t.Errorf("LoadContext with a named pipe: %v", err)
	}
}
