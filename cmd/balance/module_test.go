package main

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// requires reads the require lines of a go.mod: module path to whether
// the line is marked // indirect.
func requires(gomod string) map[string]bool {
	req := map[string]bool{}
	block := false
	for _, line := range strings.Split(gomod, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "require (":
			block = true
			continue
		case block && line == ")":
			block = false
			continue
		case strings.HasPrefix(line, "require "):
			line = strings.TrimPrefix(line, "require ")
		case !block:
			continue
		}
		if f := strings.Fields(line); len(f) >= 2 {
			req[f[0]] = strings.HasSuffix(line, "// indirect")
		}
	}
	return req
}

// TestModuleDirect checks that every module the code imports is required
// in go.mod as a direct dependency (not "// indirect", which go mod tidy
// would rewrite), and that go mod tidy leaves go.mod and go.sum as they
// are, when the module cache holds what tidy needs (.ci/run runs the same
// check with the network).
func TestModuleDirect(t *testing.T) {
	root := repoRoot(t)
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	req := requires(string(gomod))
	// go.sum is read so that the test's cached result depends on it.
	if sum, err := os.ReadFile(filepath.Join(root, "go.sum")); err != nil || len(sum) == 0 {
		t.Fatalf("go.sum: missing or empty (%v)", err)
	}
	used := map[string]string{} // module → a file importing it
	err = filepath.WalkDir(root, func(p string, e os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && p != root && (strings.HasPrefix(e.Name(), ".") || e.Name() == "testdata") {
			return filepath.SkipDir
		}
		if e.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, im := range f.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			if first, _, _ := strings.Cut(path, "/"); !strings.Contains(first, ".") {
				continue // the standard library or this module
			}
			mod := ""
			for m := range req {
				if (path == m || strings.HasPrefix(path, m+"/")) && len(m) > len(mod) {
					mod = m
				}
			}
			if mod == "" {
				t.Errorf("%s imports %s, which no require line of go.mod provides", p, path)
				continue
			}
			used[mod] = p
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for mod, file := range used {
		if req[mod] {
			t.Errorf("go.mod marks %s // indirect, but %s imports it: go mod tidy would change go.mod", mod, file)
		}
	}
	if len(used) == 0 {
		t.Fatal("no imported module found: the walk missed the code")
	}

	// go mod tidy -diff, from the module cache only.
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH for go mod tidy -diff; .ci/run checks it")
	}
	cmd := exec.Command(goTool, "mod", "tidy", "-diff")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		if out.Len() == 0 {
			t.Skipf("go mod tidy -diff could not run from the module cache alone (.ci/run checks it with the network): %v\n%s", err, errb.String())
		}
		t.Errorf("go mod tidy would change go.mod or go.sum; run go mod tidy:\n%s", out.String())
	}
}

// .ci/run checks that go.mod and go.sum are tidy, requires Chromium for
// the HTML test and runs the long versions of the tests.
func TestCIScript(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot(t), ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	var steps []string
	for _, line := range strings.Split(string(b), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			steps = append(steps, line)
		}
	}
	script := strings.Join(steps, "\n")
	for _, want := range []string{
		"step go mod tidy -diff",
		"export BALANCE_REQUIRE_BROWSER=1",
		"step env BALANCE_LONG=1 go test",
	} {
		if !strings.Contains(script, want) {
			t.Errorf(".ci/run lacks %q", want)
		}
	}
}
