package layout

import (
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// module is the module's path.
const module = "balance"

// shared are the shared rooms, as directories relative to the module's
// root: "dir" is that directory, "dir/..." it and every directory below
// it (testdata aside).
var shared = []string{"sim", "sim/dice/...", "sim/geom/...", "batch/...", "stats/...", "reports/...",
	"workflow/...", "safeio/...", "internal/...", "game", "configs/yamldata/..."}

// sharedBelow are the shared packages under the rooms that hold games.
var sharedBelow = []string{"sim/dice", "sim/geom", "configs/yamldata"}

// testGame is the one game the shared rooms' tests may import.
const testGame = module + "/game/testdata/duel"

// isGame reports whether the import path is a game's package:
// balance/{sim,ai,configs,game}/NAME and below, apart from the shared
// packages among them (a test game under game/testdata is a game).
func isGame(path string) bool {
	rest, ok := strings.CutPrefix(path, module+"/")
	if !ok {
		return false
	}
	parts := strings.Split(rest, "/")
	if len(parts) < 2 {
		return false
	}
	switch parts[0] {
	case "sim", "ai", "configs", "game":
		return !slices.Contains(sharedBelow, parts[0]+"/"+parts[1])
	}
	return false
}

// imports reads the imports of the Go files of a directory: those of its
// non-test files, and those of its test files.
func imports(dir string) (plain, tests map[string][]string, err error) {
	plain, tests = map[string][]string{}, map[string][]string{}
	es, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	fset := token.NewFileSet()
	for _, e := range es {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return nil, nil, err
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if strings.HasSuffix(e.Name(), "_test.go") {
				tests[e.Name()] = append(tests[e.Name()], p)
			} else {
				plain[e.Name()] = append(plain[e.Name()], p)
			}
		}
	}
	return plain, tests, nil
}

// checker finds the game packages the module's packages reach.
type checker struct {
	root  string
	reach map[string][]string // package → the chain to the first game it reaches ("" none)
}

// gameVia returns the chain of imports by which package path reaches a
// game package (path first, the game last), or nil.
func (c *checker) gameVia(path string) ([]string, error) {
	if isGame(path) {
		return []string{path}, nil
	}
	if !strings.HasPrefix(path, module+"/") {
		return nil, nil
	}
	if chain, ok := c.reach[path]; ok {
		return chain, nil
	}
	c.reach[path] = nil // an import cycle does not compile; stop here
	plain, _, err := imports(filepath.Join(c.root, strings.TrimPrefix(path, module+"/")))
	if err != nil {
		return nil, err
	}
	for _, file := range sortedKeys(plain) {
		for _, im := range plain[file] {
			chain, err := c.gameVia(im)
			if err != nil {
				return nil, err
			}
			if chain != nil {
				c.reach[path] = append([]string{path}, chain...)
				return c.reach[path], nil
			}
		}
	}
	return nil, nil
}

func sortedKeys(m map[string][]string) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// check returns every import of a shared room's files, under the module
// root, that reaches a game package: non-test files may reach none, test
// files only the test game.
func check(root string) ([]string, error) {
	c := &checker{root: root, reach: map[string][]string{}}
	var dirs []string
	for _, s := range shared {
		dir, all := strings.CutSuffix(s, "/...")
		if !all {
			dirs = append(dirs, dir)
			continue
		}
		top := filepath.Join(root, dir)
		err := filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
			if p == top && errors.Is(err, fs.ErrNotExist) {
				return filepath.SkipDir
			}
			if err != nil {
				return err
			}
			if d.IsDir() {
				if n := d.Name(); p != top && (n == "testdata" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
					return filepath.SkipDir
				}
				rel, _ := filepath.Rel(root, p)
				dirs = append(dirs, filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	var bad []string
	for _, dir := range dirs {
		plain, tests, err := imports(filepath.Join(root, dir))
		if err != nil {
			if os.IsNotExist(err) {
				continue
			}
			return nil, err
		}
		for _, set := range []struct {
			files  map[string][]string
			allows string
		}{{plain, ""}, {tests, testGame}} {
			for _, file := range sortedKeys(set.files) {
				for _, im := range set.files[file] {
					if im == set.allows {
						continue
					}
					chain, err := c.gameVia(im)
					if err != nil {
						return nil, err
					}
					if chain != nil {
						bad = append(bad, fmt.Sprintf("%s/%s imports %s", dir, file, strings.Join(chain, ", which imports ")))
					}
				}
			}
		}
	}
	return bad, nil
}

// The shared rooms import no game, directly or through another package;
// their tests import only the test game.
func TestSharedRoomsImportNoGame(t *testing.T) {
	bad, err := check(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Errorf("%s: a shared room may not import a game (a game's own tests belong in its packages; shared tests play %s)", b, testGame)
	}
}

// The check finds a game imported directly, through another package and
// from a test, and lets the shared tests import the test game.
func TestCheckFindsGames(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"go.mod":                   "module balance\n",
		"batch/run.go":             "package batch\nimport _ \"balance/sim/cazadores\"\n",
		"stats/tally_test.go":      "package stats\nimport _ \"balance/workflow\"\n",
		"workflow/run.go":          "package workflow\nimport _ \"balance/game/cazadores\"\n",
		"game/cazadores/g.go":      "package cazadores\n",
		"sim/cazadores/hunt.go":    "package cazadores\nimport _ \"balance/sim/dice\"\n",
		"sim/dice/dice.go":         "package dice\n",
		"reports/report_test.go":   "package reports\nimport _ \"balance/game/testdata/duel\"\n",
		"safeio/dir.go":            "package safeio\nimport _ \"balance/game/testdata/duel\"\n",
		"game/testdata/duel/d.go":  "package duel\nimport _ \"balance/sim/dice\"\n",
		"internal/typo/typo.go":    "package typo\nimport _ \"strings\"\n",
		"configs/yamldata/y.go":    "package yamldata\nimport _ \"balance/internal/typo\"\n",
		"game/game.go":             "package game\n",
		"ai/cazadores/foe_test.go": "package cazadores\nimport _ \"balance/batch\"\n",
	}
	for name, src := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bad, err := check(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"batch/run.go imports balance/sim/cazadores",
		"safeio/dir.go imports balance/game/testdata/duel",
		"stats/tally_test.go imports balance/workflow, which imports balance/game/cazadores",
		"workflow/run.go imports balance/game/cazadores",
	}
	slices.Sort(bad)
	if !slices.Equal(bad, want) {
		t.Errorf("found:\n%s\nwant:\n%s", strings.Join(bad, "\n"), strings.Join(want, "\n"))
	}
	for path, want := range map[string]bool{
		"balance/sim/cazadores": true, "balance/ai/cazadores": true, "balance/configs/cazadores": true,
		"balance/game/cazadores": true, "balance/game/cazadores/checks": true, "balance/game/testdata/duel": true,
		"balance/sim/dice": false, "balance/sim/geom": false, "balance/configs/yamldata": false, "balance/game": false,
		"balance/batch": false, "fmt": false, "balance/simulator/x": false,
	} {
		if isGame(path) != want {
			t.Errorf("isGame(%q) = %v", path, !want)
		}
	}
}
