package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
)

// listKinds are the kinds of entry list prints, as configs.Data.Slugs
// names them.
var listKinds = []string{"adversaries", "packs", "scenarios", "companions", "cazadores", "weapons", "armour", "gear", "rituals", "objectives"}

type listOpts struct {
	data string
}

func (o *listOpts) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.data, "data", "", "directory of YAML files (same layout as configs/cazadores/) loaded over the embedded data")
}

func init() {
	register(&command{
		name:    "list",
		summary: "list the slugs of one kind of game data",
		usage:   "[-data DIR] " + strings.Join(listKinds, "|"),
		long: `list prints the slugs of one kind of entry in the game data (the embedded
data, and the -data directory over it), one per line, sorted. A slug is
the name other files and the -adversary, -pack and -scenario flags use.`,
		examples: []string{
			"balance list adversaries",
			"balance list packs",
			"balance list -data configs/cazadores scenarios",
			"balance list weapons",
		},
		run: runList,
	})
	flagsOf["list"] = func(fs *flag.FlagSet) { new(listOpts).flags(fs) }
}

func runList(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o listOpts
	fs := flag.NewFlagSet("list", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o.flags(fs)
	if err := parseFlags(fs, args, true); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usagef("name a kind: %s", strings.Join(listKinds, ", "))
	}
	kind := fs.Arg(0)
	// Flags may also follow the kind.
	if err := parseFlags(fs, fs.Args()[1:], false); err != nil {
		return err
	}
	known := false
	for _, k := range listKinds {
		known = known || k == kind
	}
	if !known {
		if s := nearest(kind, listKinds); s != "" {
			return usagef("unknown kind %q; did you mean %q?", kind, s)
		}
		return usagef("unknown kind %q; expected one of %s", kind, strings.Join(listKinds, ", "))
	}
	d, err := loadData(ctx, o.data)
	if err != nil {
		return err
	}
	for _, s := range d.Slugs(kind) {
		fmt.Fprintln(stdout, s)
	}
	return nil
}
