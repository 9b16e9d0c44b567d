package main

import (
	"flag"
	"os"
	"strings"

	"balance/configs"
)

// gameFlags are the flags every command that plays hunts shares.
type gameFlags struct {
	data      string
	adversary string
	pack      string
	scenario  string
}

func (g *gameFlags) register(fs *flag.FlagSet, adversary string) {
	fs.StringVar(&g.data, "data", "", "directory of YAML files (same layout as configs/) loaded over the embedded data")
	fs.StringVar(&g.adversary, "adversary", adversary, "Adversary slug, or the path of an Adversary YAML file")
	fs.StringVar(&g.pack, "pack", configs.DefaultPack, "Pack name (see 'balance list packs')")
	fs.StringVar(&g.scenario, "scenario", configs.DefaultScenario, "scenario map (see 'balance list scenarios')")
}

// isPath reports whether an -adversary value names a file rather than a slug.
func isPath(s string) bool {
	return strings.HasSuffix(s, ".yaml") || strings.ContainsRune(s, os.PathSeparator) || strings.Contains(s, "/")
}

// loadData loads the embedded data and, when dir is not "", the data files
// of dir over it. A dir that is not a directory is a usage error.
func loadData(dir string) (*configs.Data, error) {
	if dir != "" {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return nil, usagef("-data %s: not a directory", dir)
		}
	}
	return configs.Load(dir)
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
