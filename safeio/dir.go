package safeio

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
)

// Manifest is the file in each directory WriteDir writes that lists the
// entries balance wrote there, one name a line: what a later WriteDir
// may replace. Everything else found there is carried over.
const Manifest = ".balance-report"

// keyFiles are files whose presence marks a directory written before
// there were manifests as a balance report.
var keyFiles = []string{"summary.json", "skill.json", "sweep.json", "sensitivity.json", "index.md"}

// File is one file of a report directory: its path relative to the
// directory, with "/" between the names of subdirectories, and its bytes.
type File struct {
	Name string
	Data []byte
}

// tree is the shape of a report: the files and subdirectories of one of
// its directories.
type tree struct {
	files map[string][]byte
	dirs  map[string]*tree
}

func newTree() *tree { return &tree{files: map[string][]byte{}, dirs: map[string]*tree{}} }

// names returns the entries of t, sorted.
func (t *tree) names() []string {
	var out []string
	for n := range t.files {
		out = append(out, n)
	}
	for n := range t.dirs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// buildTree checks the names of files and arranges them as a tree.
func buildTree(files []File) (*tree, error) {
	root := newTree()
	for _, f := range files {
		n := f.Name
		if n == "" || path.IsAbs(n) || path.Clean(n) != n || n == "." || strings.HasPrefix(n, "../") || n == ".." || strings.Contains(n, "\\") {
			return nil, fmt.Errorf("safeio: bad file name %q in a report", n)
		}
		parts := strings.Split(n, "/")
		t := root
		for i, p := range parts {
			if p == Manifest || IsTemp(p) {
				return nil, fmt.Errorf("safeio: file name %q is reserved", n)
			}
			last := i == len(parts)-1
			_, isFile := t.files[p]
			sub, isDir := t.dirs[p]
			switch {
			case last && (isFile || isDir):
				return nil, fmt.Errorf("safeio: %q is given twice in a report", n)
			case last:
				t.files[p] = f.Data
			case isFile:
				return nil, fmt.Errorf("safeio: %q is both a file and a directory in a report", strings.Join(parts[:i+1], "/"))
			case !isDir:
				sub = newTree()
				t.dirs[p] = sub
				t = sub
			default:
				t = sub
			}
		}
	}
	return root, nil
}

// namesTree is the tree of the given names, without data.
func namesTree(names []string) (*tree, error) {
	files := make([]File, len(names))
	for i, n := range names {
		files[i] = File{Name: n}
	}
	return buildTree(files)
}

// plan is what replacing an existing directory takes: the entries of the
// old directory to carry over into the new one (paths relative to it, in
// the order to move them), and per directory of the new report the names
// balance wrote earlier that are carried over and stay in its manifest.
type plan struct {
	carry []string
	kept  map[string][]string // directory ("" for the top) -> names
}

// readManifest returns the names listed in dir's manifest, and whether
// it has one.
func readManifest(dir string) (map[string]bool, bool) {
	b, err := os.ReadFile(filepath.Join(dir, Manifest))
	if err != nil {
		return nil, false
	}
	m := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			m[l] = true
		}
	}
	return m, true
}

// isReport reports whether dir holds a balance report: it has a manifest,
// or one of the key files of a report written before there were
// manifests.
func isReport(dir string) bool {
	if _, ok := readManifest(dir); ok {
		return true
	}
	return hasKey(dir)
}

func hasKey(dir string) bool {
	for _, k := range keyFiles {
		if fi, err := os.Lstat(filepath.Join(dir, k)); err == nil && fi.Mode().IsRegular() {
			return true
		}
	}
	return false
}

// examine compares the existing directory dir (shown to the user as
// shown) with the report that is to replace it, t the files it may hold
// and w those it holds this time, and adds to p what is to be carried
// over, rel being dir's path in the report. owned says the parent's
// manifest lists dir: balance wrote it. A directory of the report that
// this report does not write but that holds something to carry over is
// added to w, empty, to hold it.
func examine(dir, shown, rel string, t, w *tree, owned bool, p *plan) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("%s: %w", shown, cause(err))
	}
	man, hasMan := readManifest(dir)
	legacy := !hasMan && (owned || hasKey(dir))
	var others []string // entries of a directory that is not a report
	for _, e := range entries {
		name := e.Name()
		if name == Manifest {
			continue
		}
		if IsTemp(name) {
			continue // another run's leftover: neither ours to replace nor the user's
		}
		if man[name] {
			continue
		}
		// An entry of the wrong kind in the report's way is named first:
		// that is the mistake to fix.
		_, wantFile := t.files[name]
		_, wantDir := t.dirs[name]
		switch {
		case wantFile && e.IsDir():
			return fmt.Errorf("%s is a directory, where the report writes a file; move it away or give another directory", filepath.Join(shown, name))
		case wantDir && !e.IsDir():
			return fmt.Errorf("%s is in the way of the report's directory %s, and balance did not write it; move it away or give another directory", filepath.Join(shown, name), name)
		}
		if !hasMan && !legacy && !(e.IsDir() && isReport(filepath.Join(dir, name))) {
			others = append(others, name)
		}
	}
	if len(others) > 0 {
		if len(others) > 3 {
			others = append(others[:3], "...")
		}
		return fmt.Errorf("%s is not empty and holds no balance report (it has %s); balance replaces a report directory as a whole, so give a new or empty directory, or one a balance report was written to",
			shown, strings.Join(others, ", "))
	}
	for _, e := range entries {
		name := e.Name()
		if name == Manifest || IsTemp(name) {
			continue
		}
		sub := filepath.Join(dir, name)
		subShown := filepath.Join(shown, name)
		subRel := name
		if rel != "" {
			subRel = rel + "/" + name
		}
		ours := man[name] || (legacy && e.Type().IsRegular())
		_, wantFile := t.files[name]
		wantDir, isWantDir := t.dirs[name]
		switch {
		case !wantFile && !isWantDir:
			p.carry = append(p.carry, subRel)
			if man[name] {
				p.kept[rel] = append(p.kept[rel], name)
			}
		case ours && !(isWantDir && e.IsDir()):
			// balance's own, of this report: replaced by the new report,
			// or gone if the new report does not write it.
		case isWantDir && e.IsDir():
			if !ours && !isReport(sub) {
				if empty, _ := isEmpty(sub); !empty {
					return fmt.Errorf("%s is a directory that holds no balance report, where the report writes its %s directory; move it away or give another directory", subShown, name)
				}
			}
			subW, fresh := w.dirs[name], false
			if subW == nil {
				subW, fresh = newTree(), true
			}
			n := len(p.carry)
			if err := examine(sub, subShown, subRel, wantDir, subW, man[name], p); err != nil {
				return err
			}
			if fresh && len(p.carry) > n {
				w.dirs[name] = subW
			}
		case e.IsDir():
			return fmt.Errorf("%s is a directory, where the report writes a file; move it away or give another directory", subShown)
		default:
			return fmt.Errorf("%s is in the way of the report, and balance did not write it; move it away or give another directory", subShown)
		}
	}
	return nil
}

func isEmpty(dir string) (bool, error) {
	es, err := os.ReadDir(dir)
	if err != nil {
		return false, err
	}
	for _, e := range es {
		if e.Name() != Manifest {
			return false, nil
		}
	}
	return true, nil
}

// target resolves a report directory's path: through symbolic links (the
// link stays), then as an absolute path. exists says whether it exists;
// a path that exists and is not a directory is an error, and so is the
// current directory or one that holds it (it cannot be swapped away).
func target(dir string) (real string, exists bool, err error) {
	if dir == "" {
		return "", false, errors.New("no directory named")
	}
	if isStdout(dir) {
		return "", false, fmt.Errorf("%s: a report directory cannot go to standard output; give a directory", dir)
	}
	real, viaProc, err := resolve(filepath.Clean(dir))
	if err != nil {
		return "", false, fmt.Errorf("%s: %w", dir, cause(err))
	}
	if viaProc {
		return "", false, fmt.Errorf("%s: not a directory", dir)
	}
	if real, err = filepath.Abs(real); err != nil {
		return "", false, fmt.Errorf("%s: %w", dir, err)
	}
	fi, err := os.Stat(real)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case errors.Is(err, syscall.ENOTDIR):
		return "", false, fmt.Errorf("%s: a parent is not a directory", dir)
	case err != nil:
		return "", false, fmt.Errorf("%s: %w", dir, cause(err))
	case !fi.IsDir():
		return "", false, fmt.Errorf("%s exists and is not a directory", dir)
	default:
		exists = true
	}
	if wd, err := os.Getwd(); err == nil {
		if w, err := filepath.EvalSymlinks(wd); err == nil {
			wd = w
		}
		r := real
		if exists {
			if e, err := filepath.EvalSymlinks(real); err == nil {
				r = e
			}
		}
		if wd == r || strings.HasPrefix(wd, r+string(filepath.Separator)) {
			return "", false, fmt.Errorf("%s is the current directory or holds it; balance replaces a report directory as a whole, so give a directory below it", dir)
		}
	}
	if filepath.Dir(real) == real {
		return "", false, fmt.Errorf("%s is the root directory; give a directory below it", dir)
	}
	return real, exists, nil
}

// checkParent makes sure the directory that is to hold a report at real
// exists and lets a directory be created in it (by creating and removing
// one), and that an existing report directory may be written.
func checkParent(dir, real string, exists bool) error {
	parent := filepath.Dir(real)
	fi, err := os.Stat(parent)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("cannot create directory %s: its parent %s does not exist", dir, parent)
	case errors.Is(err, syscall.ENOTDIR) || (err == nil && !fi.IsDir()):
		return fmt.Errorf("cannot create directory %s: a parent is not a directory", dir)
	case err != nil:
		return fmt.Errorf("%s: %w", dir, cause(err))
	}
	if exists && !writable(real) {
		return fmt.Errorf("%s: the directory is not writable", dir)
	}
	tmp := tempName(real)
	o, err := begin(tmp, func() error { return os.Mkdir(tmp, 0o700) })
	if errors.Is(err, ErrStopped) {
		return err
	}
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", dir, cause(err))
	}
	o.abandon()
	return nil
}

// CheckDir reports whether the report directory dir can be replaced by a
// report that may hold the files names (as in File), without writing it:
// it is new, empty or a balance report, no entry of it that balance did
// not write is in the report's way, and its parent lets the new directory
// be made beside it.
func CheckDir(dir string, names []string) error {
	t, err := namesTree(names)
	if err != nil {
		return err
	}
	real, exists, err := target(dir)
	if err != nil {
		return err
	}
	if exists {
		if err := examine(real, dir, "", t, newTree(), false, &plan{kept: map[string][]string{}}); err != nil {
			return err
		}
	}
	return checkParent(dir, real, exists)
}

// within reports whether every file of w is a file of t.
func within(w, t *tree, rel string) error {
	for n := range w.files {
		if _, ok := t.files[n]; !ok {
			return fmt.Errorf("safeio: %s is written but not among the report's names", path.Join(rel, n))
		}
	}
	for n, sub := range w.dirs {
		tsub, ok := t.dirs[n]
		if !ok {
			return fmt.Errorf("safeio: %s/ is written but not among the report's names", path.Join(rel, n))
		}
		if err := within(sub, tsub, path.Join(rel, n)); err != nil {
			return err
		}
	}
	return nil
}

// WriteDir replaces the report directory dir by one holding files, as a
// whole. names are every file a report of its kind may hold (files among
// them): the files balance wrote there earlier under those names belong
// to the report and go (replaced, or gone when this report does not write
// them again); everything else is carried over, balance's files of other
// reports (a skill trace beside a run's report) as well as the user's.
// The files (and a manifest in each directory) are written to a temporary
// directory beside dir and synced, the entries carried over are moved into
// it, it is swapped with the old one in one step where the system allows
// (otherwise in two renames, the old directory set aside first), and the
// old one is removed. On any error the old directory is left as it was,
// and nothing is left at the temporary path. dir's parent must exist.
func WriteDir(dir string, names []string, files []File) error {
	t, err := namesTree(names)
	if err != nil {
		return err
	}
	w, err := buildTree(files)
	if err != nil {
		return err
	}
	if err := within(w, t, ""); err != nil {
		return err
	}
	real, exists, err := target(dir)
	if err != nil {
		return err
	}
	p := &plan{kept: map[string][]string{}}
	mode := fs.FileMode(0o755)
	if exists {
		if err := examine(real, dir, "", t, w, false, p); err != nil {
			return err
		}
		if !writable(real) {
			return fmt.Errorf("%s: the directory is not writable", dir)
		}
		if fi, err := os.Stat(real); err == nil {
			mode = fi.Mode().Perm() | 0o700
		}
	} else if err := checkParent(dir, real, false); err != nil {
		return err
	}
	tmp := tempName(real)
	o, err := begin(tmp, func() error { return os.Mkdir(tmp, 0o755) })
	if errors.Is(err, ErrStopped) {
		return err
	}
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", dir, cause(err))
	}
	if err := writeTree(tmp, w, "", p.kept); err != nil {
		o.abandon()
		if errors.Is(err, ErrStopped) {
			return err
		}
		return fmt.Errorf("cannot write %s: %w", dir, err)
	}
	if err := os.Chmod(tmp, mode); err != nil {
		o.abandon()
		return fmt.Errorf("cannot write %s: %w", dir, cause(err))
	}
	if err := swap(o, real, tmp, exists, p.carry); err != nil {
		o.abandon()
		if errors.Is(err, ErrStopped) {
			return err
		}
		return fmt.Errorf("cannot replace %s: %w", dir, err)
	}
	// o.tmp now holds the old report: remove it.
	os.RemoveAll(o.tmp)
	o.end()
	syncDir(filepath.Dir(real))
	return nil
}

// writeTree writes the files of t and a manifest into the directory dir,
// which exists, rel being its path in the report; kept are the names
// balance wrote earlier that are carried over, per directory.
func writeTree(dir string, t *tree, rel string, kept map[string][]string) error {
	for _, name := range sortedKeys(t.files) {
		if err := writeSynced(filepath.Join(dir, name), t.files[name]); err != nil {
			if errors.Is(err, ErrStopped) {
				return err
			}
			return fmt.Errorf("%s: %w", path.Join(rel, name), err)
		}
	}
	for _, name := range sortedKeys(t.dirs) {
		sub := name
		if rel != "" {
			sub = rel + "/" + name
		}
		if err := guard(func() error { return os.Mkdir(filepath.Join(dir, name), 0o755) }); err != nil {
			if errors.Is(err, ErrStopped) {
				return err
			}
			return fmt.Errorf("%s: %w", sub, cause(err))
		}
		if err := writeTree(filepath.Join(dir, name), t.dirs[name], sub, kept); err != nil {
			return err
		}
	}
	names := append(t.names(), kept[rel]...)
	slices.Sort(names)
	var b strings.Builder
	b.WriteString("# Written by balance: the entries below are balance's, and are replaced\n")
	b.WriteString("# when it writes this report again; anything else here is carried over.\n")
	for _, n := range slices.Compact(names) {
		b.WriteString(n + "\n")
	}
	if err := writeSynced(filepath.Join(dir, Manifest), []byte(b.String())); err != nil {
		return fmt.Errorf("%s: %w", path.Join(rel, Manifest), err)
	}
	syncDir(dir)
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// writeSynced writes a new file into a temporary directory, mode 0644,
// and syncs it, unless Abort came first.
func writeSynced(name string, data []byte) error {
	return guard(func() error { return writeNew(name, data) })
}

func writeNew(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return cause(err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return cause(err)
}

// exchangeDirs is exchange; a test replaces it to take the other way.
var exchangeDirs = exchange

// swap carries the entries over from the old directory real into tmp and
// puts tmp in real's place, leaving the old directory at tmp (or nothing
// there if there was none), unless Abort came first. It holds mu
// throughout, so that Abort sees the swap done or not begun.
func swap(o *op, real, tmp string, exists bool, carry []string) error {
	mu.Lock()
	defer mu.Unlock()
	if stopped {
		return ErrStopped
	}
	for _, rel := range carry {
		from, to := filepath.Join(real, filepath.FromSlash(rel)), filepath.Join(tmp, filepath.FromSlash(rel))
		if err := os.Rename(from, to); err != nil {
			return fmt.Errorf("carrying %s over: %w", rel, cause(err))
		}
		o.moves = append(o.moves, [2]string{from, to})
	}
	if !exists {
		if err := os.Rename(tmp, real); err != nil {
			return cause(err)
		}
		// Nothing to remove: let tmp name nothing.
		o.moves = nil
		return nil
	}
	if err := exchangeDirs(tmp, real); err != nil {
		if !errors.Is(err, errNoExchange) {
			return cause(err)
		}
		// Two renames: the old directory aside, the new one in.
		aside := tempName(real)
		if err := os.Rename(real, aside); err != nil {
			return cause(err)
		}
		if err := os.Rename(tmp, real); err != nil {
			os.Rename(aside, real)
			return cause(err)
		}
		o.tmp = aside
	}
	o.moves = nil // carried for good
	return nil
}
