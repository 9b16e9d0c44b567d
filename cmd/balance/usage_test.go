package main

import (
	"context"
	"errors"
	"flag"
	"regexp"
	"slices"
	"strings"
	"testing"

	"balance/game"
)

// bareGame is a game with no options and no flags of its own: the flags a
// command defines for it are the command's own, those it defines beyond
// them for a real game are the game's.
type bareGame struct{}

func (bareGame) Info() game.Info        { return game.Info{Name: "bare"} }
func (bareGame) Options() []game.Option { return nil }
func (bareGame) Load(context.Context, string) (game.Data, error) {
	return nil, errors.New("no data")
}

// hiddenFlags are the flags deliberately left out of a command's usage line
// (they still show under Flags in 'balance help CMD'). None so far: every
// flag, -cpuprofile and -memprofile included, is documented.
var hiddenFlags = map[string][]string{}

// usageFlagRE finds the flags a usage line names: "-name" at the start, or
// after a space, "[" or "|".
var usageFlagRE = regexp.MustCompile(`(?:^|[\s\[|])-([a-z][a-z0-9-]*)`)

// TestUsageLines checks, for every command, that its usage line names each
// flag the command defines (unless listed in hiddenFlags) and no flag it
// does not define, and that 'balance help CMD' prints that line. The
// flags a game adds (its options, its name for -policy, its odds' flags)
// are named by "[GAME OPTIONS]" or "[GAME FLAGS]" in the line.
func TestUsageLines(t *testing.T) {
	for _, name := range commandNames() {
		c := commands[name]
		t.Run(name, func(t *testing.T) {
			fs := flag.NewFlagSet(name, flag.ContinueOnError)
			own := flag.NewFlagSet(name, flag.ContinueOnError)
			if fl := flagsOf[name]; fl != nil {
				fl(fs, games[0])
				fl(own, bareGame{})
			}
			named := map[string]bool{}
			for _, m := range usageFlagRE.FindAllStringSubmatch(c.usage, -1) {
				named[m[1]] = true
			}
			gameFlags := strings.Contains(c.usage, "[GAME OPTIONS]") || strings.Contains(c.usage, "[GAME FLAGS]")
			fs.VisitAll(func(f *flag.Flag) {
				if own.Lookup(f.Name) == nil {
					// a game's flag: named by [GAME OPTIONS], or by its own
					// name (validate's -explain, which only some games have)
					if !gameFlags && !named[f.Name] {
						t.Errorf("balance %s: the usage line %q does not say [GAME OPTIONS] for the game's -%s", name, c.usage, f.Name)
					}
					named[f.Name] = true
				}
			})
			defined := map[string]bool{}
			fs.VisitAll(func(f *flag.Flag) {
				defined[f.Name] = true
				if !named[f.Name] && !slices.Contains(hiddenFlags[name], f.Name) {
					t.Errorf("balance %s: the usage line %q does not name -%s", name, c.usage, f.Name)
				}
			})
			for f := range named {
				if !defined[f] {
					t.Errorf("balance %s: the usage line names -%s, which the command does not define", name, f)
				}
			}
			for _, f := range hiddenFlags[name] {
				if !defined[f] {
					t.Errorf("balance %s: hidden flag -%s is not defined", name, f)
				}
			}
			code, out, errb := balance(t, "help", name)
			if code != exitOK || !strings.Contains(out, "\nUsage: "+usageLine(c)+"\n") {
				t.Errorf("balance help %s: exit code %d, no line %q:\n%s%s", name, code, "Usage: "+usageLine(c), out, errb)
			}
		})
	}
	for name := range hiddenFlags {
		if commands[name] == nil {
			t.Errorf("hiddenFlags names %q, not a command", name)
		}
	}
}
