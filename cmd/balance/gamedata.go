package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"

	configs "balance/configs/cazadores"
	"balance/game"
)

// gameFlags are the flags every command that plays hunts shares.
type gameFlags struct {
	data      string
	adversary string
	pack      string
	scenario  string
}

func (g *gameFlags) register(fs *flag.FlagSet, adversary string) {
	fs.StringVar(&g.data, "data", "", "directory of YAML files (same layout as configs/cazadores/) loaded over the embedded data")
	fs.StringVar(&g.adversary, "adversary", adversary, "Adversary slug, or the path of an Adversary YAML file")
	fs.StringVar(&g.pack, "pack", configs.DefaultPack, "Pack name (see 'balance list packs')")
	fs.StringVar(&g.scenario, "scenario", configs.DefaultScenario, "scenario map (see 'balance list scenarios')")
}

// isPath reports whether an -adversary value names a file rather than a slug.
func isPath(s string) bool {
	return strings.HasSuffix(s, ".yaml") || strings.ContainsRune(s, os.PathSeparator) || strings.Contains(s, "/")
}

// resolve checks g's names against d and returns the Adversary's slug,
// adding its file to d when -adversary is a path. A name d lacks (the
// Adversary, the pack, the scenario) or a file that does not exist is a
// usage error: a mistake in the command line, not in the data.
func (g *gameFlags) resolve(d *configs.Data) (string, error) {
	for _, n := range [][2]string{{"packs", g.pack}, {"scenarios", g.scenario}} {
		if err := checkName(d, n[0], n[1]); err != nil {
			return "", err
		}
	}
	if !isPath(g.adversary) {
		return g.adversary, checkName(d, "adversaries", g.adversary)
	}
	if err := inputFile("-adversary ", g.adversary); err != nil {
		return "", err
	}
	return d.AddAdversaryFile(g.adversary)
}

// kindName names one entry of each kind of data, for errors.
var kindName = map[string]string{"adversaries": "adversary", "packs": "pack", "scenarios": "scenario", "objectives": "objective"}

// checkName checks that the data d holds a name given on the command line
// (an Adversary, a pack, a scenario, an Objective): one it lacks is a usage
// error with the nearest name and the list of the known ones.
func checkName(d *configs.Data, kind, name string) error {
	known := d.Slugs(kind)
	if slices.Contains(known, name) {
		return nil
	}
	if s := nearest(name, known); s != "" {
		return usagef("unknown %s %q; did you mean %q? (known: %s)", kindName[kind], name, s, strings.Join(known, ", "))
	}
	return usagef("unknown %s %q (known: %s)", kindName[kind], name, strings.Join(known, ", "))
}

// inputFile checks that a file named on the command line exists and is
// not a directory: otherwise it is a usage error. what prefixes the
// message (a flag and a space, or "").
func inputFile(what, path string) error {
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return usagef("%s%s: no such file", what, path)
	case err != nil:
		return fmt.Errorf("%s%s: %v", what, path, err)
	case st.IsDir():
		return usagef("%s%s: is a directory, not a file", what, path)
	}
	return nil
}

// dataError returns err without its usage mark: for names and values
// read from a file (a tally's header), which are data, not the command
// line.
func dataError(err error) error {
	var ue *usageError
	var ge *game.UsageError
	if errors.As(err, &ue) || errors.As(err, &ge) {
		return errors.New(err.Error())
	}
	return err
}

// loadData loads the embedded data and, when dir is not "", the data files
// of dir over it. A dir that is not a directory is a usage error.
func loadData(ctx context.Context, dir string) (*configs.Data, error) {
	if dir != "" {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return nil, usagef("-data %s: not a directory", dir)
		}
	}
	return configs.LoadContext(ctx, dir)
}

// leafErrors flattens errors joined with errors.Join (at any depth) into
// their parts, in order.
func leafErrors(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range j.Unwrap() {
			out = append(out, leafErrors(e)...)
		}
		return out
	}
	return []error{err}
}
