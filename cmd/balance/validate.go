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
)

type validateOpts struct {
	game    gameFlags
	explain string
}

func (o *validateOpts) flags(fs *flag.FlagSet, g game.Game) {
	o.game.register(fs, g, 0, "", false)
	// only a game with a generated reference of its data files has it
	if _, ok := g.(game.Explainer); ok {
		fs.StringVar(&o.explain, "explain", "", "print the reference entry of `FIELD` of the game's data files (its reference's field names, as 'balance help validate -game "+g.Info().Name+"' says) and check nothing")
	}
}

func init() {
	register(&command{
		name:    "validate",
		summary: "check a game's data files and report every problem with its file and line",
		usage:   "[-game NAME] [-data DIR] [FILE...] | -explain FIELD",
		long: `With no FILE, validate loads the game's embedded data (and the -data
directory over it) and checks that every design that can be chosen
compiles, so that problems between files surface too; it prints one
summary line.

With FILEs, each file is checked as if loaded over the embedded data, as
the kind of data it is (the game's notes below say how it tells). Each
problem is printed on its own line as FILE:LINE:COL: field: message, with
the likely spelling when one is near. The exit code is 1 when any problem is found, 2 when a FILE does
not exist or is a directory.

With -explain FIELD (a game whose data files have a generated reference:
cazadores, e.g. -explain stats.wnd), validate checks nothing: it prints
the entry of one field of the game's data files as that reference gives
it (its type, the values allowed, its default, an example and what it
means). An unknown FIELD is refused with the likely one and the list of
fields (exit code 2).`,
		examples: []string{
			"balance validate",
		},
		run: runValidate,
	})
	flagsOf["validate"] = func(fs *flag.FlagSet, g game.Game) { new(validateOpts).flags(fs, g) }
}

func runValidate(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o validateOpts
	// Flags may come before, between or after the files.
	files, err := parseGame("validate", args, true, o.flags)
	if err != nil {
		return err
	}
	if o.explain != "" {
		return explainField(stdout, &o, files)
	}
	if len(files) > 0 && o.game.data != "" {
		return usagef("-data cannot be combined with FILE arguments: files are checked against the embedded data; to check a data directory, run 'balance validate -data DIR'")
	}
	// A file that is not there, or a directory, is a mistake in the
	// command line (exit code 2), found before any file is checked.
	for _, p := range files {
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
	l, err := o.game.open(ctx)
	if err != nil {
		var ue *game.UsageError
		if errors.As(err, &ue) || ctx.Err() != nil {
			return err
		}
		return problems{n: report(stderr, err)}
	}
	sum, err := l.Data.Validate(ctx, files)
	if err != nil {
		if ctx.Err() != nil {
			return err
		}
		if len(files) == 0 {
			return problems{n: report(stderr, err)}
		}
		bad := map[string]bool{}
		for _, e := range leafErrors(err) {
			var ye *yamldata.Error
			var fe *game.FileError
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

// explainField prints the entry of the field -explain names.
func explainField(stdout io.Writer, o *validateOpts, files []string) error {
	if len(files) > 0 || o.game.data != "" {
		return usagef("-explain takes no FILE and no -data: it prints the reference entry of a field")
	}
	ex, ok := o.game.g.(game.Explainer)
	if !ok {
		return usagef("-explain: the game %s has no generated reference of its data files", o.game.g.Info().Name)
	}
	s, err := ex.Explain(o.explain)
	if err != nil {
		return err
	}
	_, err = io.WriteString(stdout, s)
	return err
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
