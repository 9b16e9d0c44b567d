package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"

	"balance/configs/yamldata"
	"balance/game"
	"balance/game/cazadores"
)

type validateOpts struct {
	data string
}

func (o *validateOpts) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.data, "data", "", "directory of YAML files (same layout as configs/cazadores/) loaded over the embedded data; not with FILE arguments")
}

func init() {
	register(&command{
		name:    "validate",
		summary: "check game data files and report every problem with its file and line",
		usage:   "[-data DIR] [FILE...]",
		long: `With no FILE, validate loads the embedded data (and the -data directory
over it) and compiles every Adversary against every pack on every scenario,
so that problems between files surface too; it prints one summary line.

With FILEs, each file is checked as if loaded over the embedded data: its
kind is told by its parent directory (adversaries/ or scenarios/), else by
its name (weapons.yaml, packs.yaml, ...), else by its content (an Adversary
file's top-level keys are name, stats, hit_locations, actions and special;
a scenario's name, size and exits), so a copy of an Adversary file anywhere
is checked as one. An Adversary file is then also compiled against every
pack on every scenario. Each problem is printed on
its own line as FILE:LINE:COL: field: message, with the likely spelling when
one is near. The exit code is 1 when any problem is found, 2 when a FILE
does not exist or is a directory.`,
		examples: []string{
			"balance validate",
			"balance validate configs/cazadores/adversaries/wandering-son.yaml",
			"balance validate configs/cazadores/packs.yaml configs/cazadores/adversaries/praetorians.yaml",
			"balance validate -data configs/cazadores",
		},
		run: runValidate,
	})
	flagsOf["validate"] = func(fs *flag.FlagSet) { new(validateOpts).flags(fs) }
}

func runValidate(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o validateOpts
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o.flags(fs)
	// Flags may come before, between or after the files.
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(files) > 0 {
		if o.data != "" {
			return usagef("-data cannot be combined with FILE arguments: files are checked against the embedded data; to check a data directory, run 'balance validate -data DIR'")
		}
		return validateFiles(ctx, stdout, stderr, files)
	}
	return validateAll(ctx, stdout, stderr, o.data)
}

// problems is the error of a validation that found n problems.
type problems struct{ n, files int }

func (p problems) Error() string {
	s := "s"
	if p.n == 1 {
		s = ""
	}
	if p.files > 0 {
		f := "s"
		if p.files == 1 {
			f = ""
		}
		return fmt.Sprintf("%d problem%s in %d file%s", p.n, s, p.files, f)
	}
	return fmt.Sprintf("%d problem%s", p.n, s)
}

// report prints each part of err on its own line and returns their number.
func report(w io.Writer, err error) int {
	errs := leafErrors(err)
	for _, e := range errs {
		fmt.Fprintln(w, e)
	}
	return len(errs)
}

// validateAll loads the embedded data and the -data overlay and compiles
// every Adversary against every pack on every scenario.
func validateAll(ctx context.Context, stdout, stderr io.Writer, dir string) error {
	d, err := cazadores.Game{}.Load(ctx, dir)
	if err != nil {
		var ue *game.UsageError
		if errors.As(err, &ue) {
			return err
		}
		return problems{n: report(stderr, err)}
	}
	sum, err := d.Validate(ctx, nil)
	if err != nil {
		if ctx.Err() != nil {
			return err
		}
		return problems{n: report(stderr, err)}
	}
	fmt.Fprintln(stdout, sum)
	return nil
}

// validateFiles checks data files given by path.
func validateFiles(ctx context.Context, stdout, stderr io.Writer, paths []string) error {
	// A file that is not there, or a directory, is a mistake in the
	// command line (exit code 2), found before any file is checked.
	for _, p := range paths {
		st, err := os.Stat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return usagef("%s: no such file", p)
		case err == nil && st.IsDir():
			return usagef("%s: is a directory; to check a data directory, run 'balance validate -data %s'", p, p)
		case err != nil:
			return problems{n: report(stderr, fmt.Errorf("%s: %v", p, err)), files: 1}
		}
	}
	d, err := cazadores.Game{}.Load(ctx, "")
	if err != nil {
		return err
	}
	sum, err := d.Validate(ctx, paths)
	if err != nil {
		if ctx.Err() != nil {
			return err
		}
		bad := map[string]bool{}
		for _, e := range leafErrors(err) {
			var ye *yamldata.Error
			var fe *cazadores.FileError
			switch {
			case errors.As(e, &ye):
				bad[ye.File] = true
			case errors.As(e, &fe):
				bad[fe.File] = true
			}
		}
		return problems{n: report(stderr, err), files: max(len(bad), 1)}
	}
	fmt.Fprintln(stdout, sum)
	return nil
}
