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

	"balance/game"
	"balance/safeio"
)

type mapOpts struct {
	game gameFlags
	out  string
	seed uint64
	hunt uint64
}

func (o *mapOpts) flags(fs *flag.FlagSet, g game.Game) {
	o.game.register(fs, g, withOptions, "", false)
	fs.StringVar(&o.out, "out", "", "write the picture to this file, PNG or SVG by its extension (default NAME.png; -: a PNG to standard output)")
	intVar(fs, &o.seed, "seed", 1, "run seed of the deployment shown")
	intVar(fs, &o.hunt, "hunt", 0, "hunt index within the run: the deployment is the one hunt I of seed S starts with")
}

func init() {
	register(&command{
		name:    "map",
		summary: "draw a map of the game and a deployment to a PNG or SVG",
		usage:   "NAME [-game NAME] [GAME OPTIONS] [-out FILE] [-seed S] [-hunt I] [-data DIR]",
		long: `map draws the map NAME of a game played on maps (an entry of the kind of
data the game's notes below name) to scale: the board with a 1" grid, each
terrain piece filled by its types (a legend names each set of types
present), the exits as thick segments on the border, and the models of hunt
I of seed S where the engine deploys them, each a circle the size of its
base with a short tag the legend names; the game's options choose who is
deployed. -out chooses the file, a .png
or an .svg; by default NAME.png in the current directory; -out - writes a
PNG to standard output.
Flags may come before or after NAME.`,
		run: runMap,
	})
	flagsOf["map"] = func(fs *flag.FlagSet, g game.Game) { new(mapOpts).flags(fs, g) }
}

func runMap(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o mapOpts
	pos, err := parseGame("map", args, true, o.flags)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		// a game with no maps says so before asking for one
		if l, err := o.game.open(ctx); err == nil {
			if _, ok := l.Data.(game.Mapper); !ok {
				return usagef("the game %s has no maps to draw", l.Name())
			}
		}
	}
	switch len(pos) {
	case 0:
		return usagef("name a map ('balance help map' says which kind of data the game's maps are)")
	case 1:
	default:
		return usagef("unexpected argument %q: map draws one map", pos[1])
	}
	name := pos[0]
	if o.out == "" {
		o.out = name + ".png"
	}
	// An existing directory is named as such before the extension is asked.
	if err := checkOutputs(reportDir{}, [2]string{"-out", o.out}); err != nil {
		return err
	}
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(o.out)), ".")
	switch {
	case safeio.IsStdout(o.out):
		format = "png" // standard output takes a PNG
	case format == "png", format == "svg":
	default:
		return usagef("-out %s: the file must end in .png or .svg (or be -, standard output, for a PNG)", o.out)
	}
	l, err := o.game.open(ctx)
	if err != nil {
		return err
	}
	mapper, ok := l.Data.(game.Mapper)
	if !ok {
		return usagef("the game %s has no maps to draw", l.Name())
	}
	known, err := l.Data.List(mapper.MapKind())
	if err != nil {
		return err
	}
	if !slices.Contains(known, name) {
		if s := nearest(name, known); s != "" {
			return usagef("unknown map %q; did you mean %q? (known: %s)", name, s, strings.Join(known, ", "))
		}
		return usagef("unknown map %q (known: %s)", name, strings.Join(known, ", "))
	}
	b, err := mapper.DrawMap(ctx, o.game.choice(), name, o.seed, o.hunt, format)
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
