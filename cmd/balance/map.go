package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	configs "balance/configs/cazadores"
	"balance/game"
	"balance/game/cazadores"
	"balance/safeio"
)

type mapOpts struct {
	data      string
	adversary string
	pack      string
	out       string
	seed      uint64
	hunt      uint64
}

func (o *mapOpts) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.out, "out", "", "write the picture to this file, PNG or SVG by its extension (default NAME.png; -: a PNG to standard output)")
	fs.StringVar(&o.adversary, "adversary", "wandering-son", "Adversary slug, or the path of an Adversary YAML file, to deploy")
	fs.StringVar(&o.pack, "pack", configs.DefaultPack, "Pack name (see 'balance list packs') to deploy")
	intVar(fs, &o.seed, "seed", 1, "run seed of the deployment shown")
	intVar(fs, &o.hunt, "hunt", 0, "hunt index within the run: the deployment is the one hunt I of seed S starts with")
	fs.StringVar(&o.data, "data", "", "directory of YAML files (same layout as configs/cazadores/) loaded over the embedded data")
}

func init() {
	register(&command{
		name:    "map",
		summary: "draw a scenario map and a deployment to a PNG or SVG",
		usage:   "NAME [-out FILE] [-adversary SLUG|FILE] [-pack NAME] [-seed S] [-hunt I] [-data DIR]",
		long: `map draws the scenario map NAME (see 'balance list scenarios') to scale: the
board with a 1" grid, each terrain piece filled by its types (a legend names
each set of types present), the exits as thick segments on the border, and
the models of hunt I of seed S where the engine deploys them, each a circle
the size of its base with a short tag the legend names. -out chooses the
file, a .png or an .svg; by default NAME.png in the current directory; -out -
writes a PNG to standard output.
Flags may come before or after NAME.`,
		examples: []string{
			"balance map lair -out reports/latest/maps/lair.png",
			"balance map ruins -adversary praetorians -pack quartet -seed 3 -out reports/latest/maps/ruins.svg",
		},
		run: runMap,
	})
	flagsOf["map"] = func(fs *flag.FlagSet) { new(mapOpts).flags(fs) }
}

func runMap(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o mapOpts
	fs := flag.NewFlagSet("map", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o.flags(fs)
	if err := parseFlags(fs, args, true); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usagef("name a map (see 'balance list scenarios')")
	}
	name := fs.Arg(0)
	// Flags may also follow the name.
	if err := parseFlags(fs, fs.Args()[1:], false); err != nil {
		return err
	}
	if o.out == "" {
		o.out = name + ".png"
	}
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(o.out)), ".")
	switch {
	case safeio.IsStdout(o.out):
		format = "png" // standard output takes a PNG
	case format == "png", format == "svg":
	default:
		return usagef("-out %s: the file must end in .png or .svg (or be -, standard output, for a PNG)", o.out)
	}
	if err := checkOutputs(reportDir{}, [2]string{"-out", o.out}); err != nil {
		return err
	}
	data, err := cazadores.Game{}.Load(ctx, o.data)
	if err != nil {
		return err
	}
	mapper, ok := data.(game.Mapper)
	if !ok {
		return usagef("this game has no maps to draw")
	}
	known, err := data.List(mapper.MapKind())
	if err != nil {
		return err
	}
	if !slices.Contains(known, name) {
		if s := nearest(name, known); s != "" {
			return usagef("unknown map %q; did you mean %q? (known: %s)", name, s, strings.Join(known, ", "))
		}
		return usagef("unknown map %q (known: %s)", name, strings.Join(known, ", "))
	}
	b, err := mapper.DrawMap(ctx, game.Choice{cazadores.OptAdversary: o.adversary, cazadores.OptPack: o.pack}, name, o.seed, o.hunt, format)
	if err != nil {
		var ue *game.UsageError
		if errors.As(err, &ue) {
			return err
		}
		return fmt.Errorf("cannot draw the map to %s: %w", o.out, err)
	}
	if err := safeio.WriteFile(o.out, b, stdout); err != nil {
		return err
	}
	if !safeio.IsStdout(o.out) {
		fmt.Fprintf(stdout, "wrote %s\n", o.out)
	}
	return nil
}
