package safeio

import (
	"bytes"
	"errors"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// noTemp fails if a temporary file or directory is left under dir.
func noTemp(t *testing.T, dir string) {
	t.Helper()
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && IsTemp(d.Name()) {
			t.Errorf("temporary left behind: %s", p)
		}
		return nil
	})
}

func read(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestWriteFileRegular(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.json")
	if err := WriteFile(p, []byte("one"), nil); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("two"), nil); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if got := read(t, p); got != "two" || fi.Mode().Perm() != 0o644 {
		t.Errorf("got %q mode %v, want \"two\" 0644", got, fi.Mode().Perm())
	}
	noTemp(t, dir)
}

// "-" and the other names of standard output write to stdout and create
// no file.
func TestWriteFileStdout(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, name := range []string{"-", "/dev/stdout", "/dev/fd/1"} {
		var b bytes.Buffer
		if err := WriteFile(name, []byte("data\n"), &b); err != nil {
			t.Fatal(err)
		}
		if b.String() != "data\n" {
			t.Errorf("%s: stdout got %q", name, b.String())
		}
	}
	if _, err := os.Stat("-"); err == nil {
		t.Error("a file named - was created")
	}
	if err := WriteFile("-", []byte("x"), nil); err == nil {
		t.Error("no error for - without a standard output")
	}
	if err := CheckFile("-"); err != nil {
		t.Error(err)
	}
}

// A symbolic link is written through: the link stays, its target holds
// the data.
func TestWriteFileSymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "sub", "real.json")
	os.Mkdir(filepath.Dir(real), 0o755)
	os.WriteFile(real, []byte("old"), 0o644)
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink("sub/real.json", link); err != nil {
		t.Fatal(err)
	}
	chain := filepath.Join(dir, "chain.json")
	os.Symlink("link.json", chain)
	for i, p := range []string{link, chain} {
		want := "new" + strconv.Itoa(i)
		if err := CheckFile(p); err != nil {
			t.Fatal(err)
		}
		if err := WriteFile(p, []byte(want), nil); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Lstat(p); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			t.Fatalf("%s is no longer a symbolic link", p)
		}
		if got := read(t, real); got != want {
			t.Errorf("target holds %q, want %q", got, want)
		}
	}
	// A dangling link: its target is created.
	dangling := filepath.Join(dir, "dangling.json")
	os.Symlink("sub/new.json", dangling)
	if err := WriteFile(dangling, []byte("x"), nil); err != nil {
		t.Fatal(err)
	}
	if got := read(t, filepath.Join(dir, "sub", "new.json")); got != "x" {
		t.Errorf("dangling link's target holds %q", got)
	}
	noTemp(t, dir)
}

// A named pipe and a character device are written to, never replaced; a
// socket (which cannot be opened) is left alone with an error.
func TestWriteFileSpecial(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	var got []byte
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		got, _ = os.ReadFile(fifo)
	}()
	if err := CheckFile(fifo); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(fifo, []byte("through the pipe"), nil); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if string(got) != "through the pipe" {
		t.Errorf("the reader of the pipe got %q", got)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("the pipe was replaced: %v %v", fi.Mode(), err)
	}

	if err := WriteFile("/dev/null", []byte("nothing"), nil); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat("/dev/null"); err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
		t.Fatalf("/dev/null is no longer a character device: %v", err)
	}

	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Skip("no unix sockets:", err)
	}
	defer l.Close()
	if err := WriteFile(sock, []byte("x"), nil); err == nil || !strings.Contains(err.Error(), sock) {
		t.Errorf("writing to a socket: %v, want an error naming it", err)
	}
	if fi, err := os.Lstat(sock); err != nil || fi.Mode()&fs.ModeSocket == 0 {
		t.Errorf("the socket was replaced")
	}
	noTemp(t, dir)
}

func TestWriteFileErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		path, want string
	}{
		{dir, "is a directory"},
		{filepath.Join(dir, "no", "such", "x.json"), "does not exist"},
	} {
		if err := CheckFile(tt.path); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("CheckFile(%s) = %v, want %q", tt.path, err, tt.want)
		}
		if err := WriteFile(tt.path, []byte("x"), nil); err == nil || !strings.Contains(err.Error(), tt.path) {
			t.Errorf("WriteFile(%s) = %v, want an error naming it", tt.path, err)
		}
	}
	noTemp(t, dir)
}

// A Writer shows nothing until Close, and Abort leaves the old file.
func TestWriterAbort(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "x")
	os.WriteFile(p, []byte("old"), 0o644)
	w, err := Create(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("new"))
	if got := read(t, p); got != "old" {
		t.Errorf("before Close: %q", got)
	}
	w.Abort()
	if got := read(t, p); got != "old" {
		t.Errorf("after Abort: %q", got)
	}
	noTemp(t, dir)
}

// writeAll writes a report whose names are its files.
func writeAll(dir string, fs []File) error {
	var names []string
	for _, f := range fs {
		names = append(names, f.Name)
	}
	return WriteDir(dir, names, fs)
}

func files(kv ...string) []File {
	var out []File
	for i := 0; i+1 < len(kv); i += 2 {
		out = append(out, File{kv[i], []byte(kv[i+1])})
	}
	return out
}

func listAll(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		if rel, _ := filepath.Rel(dir, p); rel != "." && d.Name() != Manifest {
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out
}

// A report directory is replaced as a whole; what the new report does not
// write is carried over; balance's files of the old report that the new
// one does not write again stay listed as balance's.
func TestWriteDirReplace(t *testing.T) {
	root := t.TempDir()
	d := filepath.Join(root, "report")
	if err := writeAll(d, files("summary.json", "1", "summary.md", "1", "skill.md", "1")); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(d, "notes.txt"), []byte("mine"), 0o600)
	if err := writeAll(filepath.Join(d, "nested"), files("summary.json", "n")); err != nil {
		t.Fatal(err)
	}
	if err := CheckDir(d, []string{"summary.json", "summary.md"}); err != nil {
		t.Fatal(err)
	}
	if err := writeAll(d, files("summary.json", "2", "summary.md", "2")); err != nil {
		t.Fatal(err)
	}
	want := []string{"nested", "nested/summary.json", "notes.txt", "skill.md", "summary.json", "summary.md"}
	if got := listAll(t, d); !slices.Equal(got, want) {
		t.Fatalf("report holds %v, want %v", got, want)
	}
	for name, want := range map[string]string{"summary.json": "2", "summary.md": "2", "skill.md": "1", "notes.txt": "mine", "nested/summary.json": "n"} {
		if got := read(t, filepath.Join(d, name)); got != want {
			t.Errorf("%s holds %q, want %q", name, got, want)
		}
	}
	man, _ := readManifest(d)
	if !man["skill.md"] || !man["summary.json"] || man["notes.txt"] || man["nested"] {
		t.Errorf("manifest %v", man)
	}
	// The user's file in the way of a report file is refused, and nothing
	// is touched.
	err := writeAll(d, files("notes.txt", "x"))
	if err == nil || !strings.Contains(err.Error(), "notes.txt") || !strings.Contains(err.Error(), "did not write") {
		t.Errorf("a file of the user's in the way: %v", err)
	}
	if CheckDir(d, []string{"notes.txt"}) == nil {
		t.Error("CheckDir let a file of the user's be replaced")
	}
	if got := read(t, filepath.Join(d, "notes.txt")); got != "mine" {
		t.Errorf("notes.txt holds %q", got)
	}
	noTemp(t, root)
}

// A directory that is not empty and holds no balance report is refused
// and left untouched; an empty one is used; a file in the way of a
// directory and a directory in the way of a file are refused.
func TestWriteDirRefuses(t *testing.T) {
	root := t.TempDir()
	user := filepath.Join(root, "user")
	os.Mkdir(user, 0o755)
	os.WriteFile(filepath.Join(user, "thesis.tex"), []byte("years of work"), 0o644)
	for _, err := range []error{CheckDir(user, []string{"summary.json"}), writeAll(user, files("summary.json", "x"))} {
		if err == nil || !strings.Contains(err.Error(), "holds no balance report") || !strings.Contains(err.Error(), "thesis.tex") {
			t.Errorf("a directory of the user's: %v", err)
		}
	}
	if got := listAll(t, user); !slices.Equal(got, []string{"thesis.tex"}) {
		t.Errorf("the user's directory now holds %v", got)
	}

	empty := filepath.Join(root, "empty")
	os.Mkdir(empty, 0o700)
	if err := writeAll(empty, files("a", "1")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(empty); fi.Mode().Perm() != 0o700 {
		t.Errorf("the directory's mode changed to %v", fi.Mode().Perm())
	}

	// summary.json is a directory: a report of the old kind holds it.
	d := filepath.Join(root, "d")
	os.MkdirAll(filepath.Join(d, "summary.json"), 0o755)
	os.WriteFile(filepath.Join(d, "index.md"), []byte("old"), 0o644)
	for _, err := range []error{CheckDir(d, []string{"summary.json", "index.md"}), writeAll(d, files("summary.json", "x", "index.md", "y"))} {
		if err == nil || !strings.Contains(err.Error(), filepath.Join(d, "summary.json")+" is a directory") {
			t.Errorf("summary.json a directory: %v", err)
		}
	}

	f := filepath.Join(root, "file")
	os.WriteFile(f, nil, 0o644)
	if err := CheckDir(f, []string{"a"}); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("a file as the directory: %v", err)
	}
	if err := CheckDir(filepath.Join(root, "no", "such"), []string{"a"}); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("missing parent: %v", err)
	}
	if err := CheckDir("-", []string{"a"}); err == nil {
		t.Error("- taken as a directory")
	}
	t.Chdir(d)
	if err := CheckDir(".", []string{"a"}); err == nil || !strings.Contains(err.Error(), "current directory") {
		t.Errorf("the current directory: %v", err)
	}
	noTemp(t, root)
}

// A report written before there were manifests is recognised by its key
// file and replaced; a directory holding only reports can take a report.
func TestWriteDirLegacyAndContainer(t *testing.T) {
	root := t.TempDir()
	old := filepath.Join(root, "old")
	os.MkdirAll(filepath.Join(old, "wandering-son"), 0o755)
	os.WriteFile(filepath.Join(old, "index.md"), []byte("old"), 0o644)
	os.WriteFile(filepath.Join(old, "baseline.json"), []byte("keep"), 0o644)
	os.WriteFile(filepath.Join(old, "wandering-son", "summary.json"), []byte("old"), 0o644)
	if err := writeAll(old, files("index.md", "new", "wandering-son/summary.json", "new")); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"index.md": "new", "wandering-son/summary.json": "new", "baseline.json": "keep"} {
		if got := read(t, filepath.Join(old, name)); got != want {
			t.Errorf("%s holds %q, want %q", name, got, want)
		}
	}

	box := filepath.Join(root, "box")
	os.Mkdir(box, 0o755)
	if err := writeAll(filepath.Join(box, "one"), files("summary.json", "1")); err != nil {
		t.Fatal(err)
	}
	if err := writeAll(box, files("index.md", "i")); err != nil {
		t.Fatal(err)
	}
	if got := listAll(t, box); !slices.Equal(got, []string{"index.md", "one", "one/summary.json"}) {
		t.Errorf("box holds %v", got)
	}
	noTemp(t, root)
}

// The analysis writes reports/latest, a run writes a report inside it:
// in either order, neither loses the other's files.
func TestWriteDirNestedEitherOrder(t *testing.T) {
	analysis := files("index.md", "a", "index.html", "a", "wandering-son/summary.json", "a", "wandering-son/summary.md", "a")
	run := files("summary.json", "r", "summary.md", "r")
	for _, order := range []string{"analysis first", "run first"} {
		t.Run(order, func(t *testing.T) {
			root := t.TempDir()
			latest := filepath.Join(root, "latest")
			nested := filepath.Join(latest, "praetorians-quartet")
			steps := []func() error{
				func() error { return writeAll(latest, analysis) },
				func() error { os.MkdirAll(latest, 0o755); return writeAll(nested, run) },
				func() error { return writeAll(latest, analysis) },
				func() error { return writeAll(nested, run) },
			}
			if order == "run first" {
				steps = steps[1:]
			}
			for i, s := range steps {
				if err := s(); err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
			}
			want := []string{"index.html", "index.md", "praetorians-quartet", "praetorians-quartet/summary.json", "praetorians-quartet/summary.md",
				"wandering-son", "wandering-son/summary.json", "wandering-son/summary.md"}
			if got := listAll(t, latest); !slices.Equal(got, want) {
				t.Errorf("got %v, want %v", got, want)
			}
			// A file a user put inside the analysis's own sub-report survives
			// the next analysis.
			os.WriteFile(filepath.Join(latest, "wandering-son", "notes.txt"), []byte("n"), 0o644)
			if err := writeAll(latest, analysis); err != nil {
				t.Fatal(err)
			}
			if got := read(t, filepath.Join(latest, "wandering-son", "notes.txt")); got != "n" {
				t.Errorf("notes.txt holds %q", got)
			}
			noTemp(t, root)
		})
	}
}

// A symbolic link to a report directory stays a link; the directory it
// points to is replaced.
func TestWriteDirSymlink(t *testing.T) {
	root := t.TempDir()
	real := filepath.Join(root, "real")
	if err := writeAll(real, files("summary.json", "1")); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "link")
	os.Symlink("real", link)
	if err := writeAll(link, files("summary.json", "2")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatal("the link was replaced")
	}
	if got := read(t, filepath.Join(real, "summary.json")); got != "2" {
		t.Errorf("got %q", got)
	}
	noTemp(t, root)
}

// Readers of the directory while it is replaced again and again see one
// version of the report in every file: never a mix. A reader holds the
// directory open (os.Root) while it reads its files; when the directory
// it opened is removed under it, it starts again.
func TestWriteDirNeverMixed(t *testing.T) {
	root := t.TempDir()
	d := filepath.Join(root, "r")
	names := []string{"a", "b", "c", "d"}
	version := func(k int) []File {
		var fs []File
		for _, n := range names {
			fs = append(fs, File{n, []byte(strconv.Itoa(k))})
		}
		return fs
	}
	if err := writeAll(d, version(0)); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	var mixed, seen int
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-done:
				return
			default:
			}
			r, err := os.OpenRoot(d)
			if err != nil {
				continue
			}
			var got []string
			ok := true
			for _, n := range names {
				b, err := r.ReadFile(n)
				if err != nil {
					ok = false
					break
				}
				got = append(got, string(b))
			}
			r.Close()
			if ok {
				seen++
				if len(slices.Compact(got)) != 1 {
					mixed++
				}
			}
		}
	}()
	for k := 1; k <= 200; k++ {
		if err := writeAll(d, version(k)); err != nil {
			t.Fatal(err)
		}
	}
	close(done)
	wg.Wait()
	if mixed > 0 {
		t.Errorf("%d of %d reads saw a mix of versions", mixed, seen)
	}
	t.Logf("%d consistent reads", seen)
	noTemp(t, root)
}

// Abort puts back what was being carried over, removes the temporary
// directory and file being written, and makes later writes fail.
func TestAbort(t *testing.T) {
	defer func() { mu.Lock(); stopped = false; mu.Unlock() }()
	root := t.TempDir()
	d := filepath.Join(root, "r")
	if err := writeAll(d, files("summary.json", "1")); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(d, "notes.txt"), []byte("mine"), 0o644)
	// A replacement stopped between carrying notes.txt over and the swap.
	tmp := tempName(d)
	o, err := begin(tmp, func() error { return os.Mkdir(tmp, 0o755) })
	if err != nil {
		t.Fatal(err)
	}
	if err := writeTree(tmp, mustTree(t, files("summary.json", "2")), "", nil); err != nil {
		t.Fatal(err)
	}
	from, to := filepath.Join(d, "notes.txt"), filepath.Join(tmp, "notes.txt")
	if err := os.Rename(from, to); err != nil {
		t.Fatal(err)
	}
	o.moves = append(o.moves, [2]string{from, to})
	w, err := Create(filepath.Join(root, "x.json"), nil)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("half"))

	Abort()
	if got := read(t, filepath.Join(d, "notes.txt")); got != "mine" {
		t.Errorf("notes.txt holds %q", got)
	}
	if got := read(t, filepath.Join(d, "summary.json")); got != "1" {
		t.Errorf("summary.json holds %q", got)
	}
	if err := w.Close(); !errors.Is(err, ErrStopped) {
		t.Errorf("Close after Abort: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "x.json")); err == nil {
		t.Error("x.json written after Abort")
	}
	if err := writeAll(d, files("summary.json", "3")); !errors.Is(err, ErrStopped) {
		t.Errorf("WriteDir after Abort: %v", err)
	}
	noTemp(t, root)
}

func mustTree(t *testing.T, fs []File) *tree {
	t.Helper()
	tr, err := buildTree(fs)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// Where directories cannot be swapped in one step, the old one is set
// aside first: the result is the same, and nothing is left behind.
func TestWriteDirTwoRenames(t *testing.T) {
	exchangeDirs = func(a, b string) error { return errNoExchange }
	defer func() { exchangeDirs = exchange }()
	TestWriteDirReplace(t)
	TestWriteDirNestedEitherOrder(t)
}

// The files a report of the kind wrote earlier and does not write again
// go; balance's files of another kind of report, and the user's, stay.
func TestWriteDirDropsItsOwn(t *testing.T) {
	root := t.TempDir()
	d := filepath.Join(root, "r")
	names := []string{"summary.json", "cards.csv", "sub/cards.png"}
	if err := WriteDir(d, names, files("summary.json", "1", "cards.csv", "1", "sub/cards.png", "1")); err != nil {
		t.Fatal(err)
	}
	if err := WriteDir(d, []string{"skill.json"}, files("skill.json", "s")); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(d, "sub", "notes.txt"), []byte("mine"), 0o644)
	if err := WriteDir(d, names, files("summary.json", "2")); err != nil {
		t.Fatal(err)
	}
	want := []string{"skill.json", "sub", "sub/notes.txt", "summary.json"}
	if got := listAll(t, d); !slices.Equal(got, want) {
		t.Errorf("the report holds %v, want %v", got, want)
	}
	if err := WriteDir(d, names, files("skill.json", "x")); err == nil {
		t.Error("a file outside the report's names was written")
	}
	// Written again, sub (only the user's note in it) stays a report's.
	if err := WriteDir(d, names, files("summary.json", "3", "sub/cards.png", "3")); err != nil {
		t.Fatal(err)
	}
	if got := read(t, filepath.Join(d, "sub", "notes.txt")); got != "mine" {
		t.Errorf("notes.txt holds %q", got)
	}
	noTemp(t, root)
}

func TestBadNames(t *testing.T) {
	d := filepath.Join(t.TempDir(), "r")
	for _, n := range []string{"", "/abs", "../up", "a/../b", "a//b", Manifest, ".x.tmp-1"} {
		if err := writeAll(d, files(n, "x")); err == nil {
			t.Errorf("name %q accepted", n)
		}
	}
	if err := writeAll(d, files("a", "1", "a/b", "2")); err == nil {
		t.Error("a file and a directory of the same name accepted")
	}
	if err := writeAll(d, files("a", "1", "a", "2")); err == nil {
		t.Error("a name given twice accepted")
	}
}

// Abort at any moment of a replacement leaves no temporary behind, and
// the directory holds the old report or the whole new one.
func TestAbortDuringWriteDir(t *testing.T) {
	defer func() { mu.Lock(); stopped = false; mu.Unlock() }()
	root := t.TempDir()
	d := filepath.Join(root, "r")
	version := func(v string) []File {
		var fs []File
		for i := range 200 {
			fs = append(fs, File{"f" + strconv.Itoa(i), []byte(v)}, File{"sub/g" + strconv.Itoa(i), []byte(v)})
		}
		return fs
	}
	if err := writeAll(d, version("old")); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(d, "notes.txt"), []byte("mine"), 0o644)
	for trial := range 40 {
		mu.Lock()
		stopped = false
		mu.Unlock()
		done := make(chan error)
		go func() { done <- writeAll(d, version("new")) }()
		for range trial * 50 {
			runtime.Gosched()
		}
		Abort()
		err := <-done
		noTemp(t, root)
		var seen []string
		for _, n := range listAll(t, d) {
			if n == "sub" || n == "notes.txt" {
				continue
			}
			seen = append(seen, read(t, filepath.Join(d, n)))
		}
		if len(seen) != 400 || len(slices.Compact(seen)) != 1 {
			t.Fatalf("trial %d (%v): the directory holds %d files, %d versions", trial, err, len(seen), len(slices.Compact(seen)))
		}
		if got := read(t, filepath.Join(d, "notes.txt")); got != "mine" {
			t.Fatalf("trial %d: notes.txt holds %q", trial, got)
		}
		if err == nil && seen[0] != "new" || err != nil && seen[0] != "old" {
			t.Fatalf("trial %d: error %v but the directory holds the %s report", trial, err, seen[0])
		}
		if seen[0] == "new" {
			// Back to the old report for the next trial.
			mu.Lock()
			stopped = false
			mu.Unlock()
			if err := writeAll(d, version("old")); err != nil {
				t.Fatal(err)
			}
		}
	}
}
