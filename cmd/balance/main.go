// Command balance is a Monte Carlo balance lab for hunt games (the games
// it plays are listed in games.go): it plays hunts AI against AI under the
// full rules and reports what a designer's numbers do.
//
// Usage:
//
//	balance <command> [flags]
//
// Run "balance help" for the list of commands and "balance help CMD" for
// one command's flags and examples.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"

	"balance/game"
	"balance/internal/typo"
	"balance/safeio"
)

// command is one sub-command: a function of (ctx, stdout, stderr, args)
// that returns an error, like cmd/go's base.Command.
type command struct {
	name     string
	summary  string
	usage    string   // the flags line
	long     string   // what the command does, for 'balance help CMD'
	examples []string // each runs as-is in a test
	run      func(ctx context.Context, stdout, stderr io.Writer, args []string) error
}

// commands is the table of commands, filled by each command's file.
var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

// usageError marks a mistake in how a command was called (exit code 2).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

// Exit codes.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
)

// signalsSet, when not nil, is called once main catches stopSignals. The
// signal test sets it to learn when a signal can no longer kill the
// process.
var signalsSet func()

func main() {
	ctx, exit := signalContext(os.Stderr)
	if signalsSet != nil {
		signalsSet()
	}
	exit(run(ctx, os.Stdout, os.Stderr, os.Args[1:]))
}

// run dispatches args to a command and maps its error to an exit code.
func run(ctx context.Context, stdout, stderr io.Writer, args []string) int {
	if len(args) == 0 {
		// With no arguments: the default analysis.
		args = []string{"analyze"}
	}
	switch args[0] {
	case "-h", "-help", "--help":
		printHelp(stdout)
		return exitOK
	case "-version", "--version":
		args = append([]string{"version"}, args[1:]...)
	}
	if _, ok := commands[args[0]]; !ok && strings.HasPrefix(args[0], "-") && args[0] != "-" {
		// Flags without a command are the default analysis's flags:
		// balance -hunts 20000 is balance analyze -hunts 20000.
		args = append([]string{"analyze"}, args...)
	}
	name := args[0]
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "balance: unknown command %q\n", name)
		if s := nearest(name, commandNames()); s != "" {
			fmt.Fprintf(stderr, "Did you mean %q?\n", s)
		}
		fmt.Fprintln(stderr, "Run 'balance help' for the list of commands.")
		return exitUsage
	}
	err := c.run(ctx, stdout, stderr, args[1:])
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		// -h, -help or --help among the flags: the command's help, with
		// the flags of the game -game names.
		g, gerr := gameArg(args[1:])
		if gerr != nil {
			g = games[0]
		}
		printCommandHelp(stdout, c, g)
		return exitOK
	}
	if errors.Is(err, safeio.ErrStopped) {
		// A second signal stopped the writing: its handler says so and
		// exits with the signal's code.
		return exitError
	}
	var ue *usageError
	var ge *game.UsageError
	if errors.As(err, &ue) || errors.As(err, &ge) {
		fmt.Fprintf(stderr, "balance %s: %v\n", name, err)
		fmt.Fprintf(stderr, "usage: %s\n", usageLine(c))
		return exitUsage
	}
	if leaves := leafErrors(err); len(leaves) > 1 {
		// Joined errors, such as every problem found in the data: one a line.
		fmt.Fprintf(stderr, "balance %s: %d problems:\n", name, len(leaves))
		for _, e := range leaves {
			fmt.Fprintln(stderr, e)
		}
	} else {
		fmt.Fprintf(stderr, "balance %s: %v\n", name, err)
	}
	var ee exitCoder
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	return exitError
}

// exitCoder lets an error choose its exit code.
type exitCoder interface{ ExitCode() int }

func commandNames() []string {
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func printHelp(w io.Writer) {
	fmt.Fprintln(w, "balance: a Monte Carlo balance lab for hunt games ("+strings.Join(gameNames(), ", ")+").")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: balance <command> [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	width := 0
	for _, n := range commandNames() {
		width = max(width, len(n))
	}
	for _, n := range commandNames() {
		fmt.Fprintf(w, "  %-*s  %s\n", width, n, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'balance help CMD' or 'balance CMD -h' for a command's flags and examples.")
	fmt.Fprintln(w, "With no command, balance runs analyze, the default analysis; flags given")
	fmt.Fprintln(w, "without a command are analyze's. 'balance --version' prints the version.")
	fmt.Fprintf(w, "Every command that plays hunts takes -game NAME (default %s; see 'balance list games').\n", games[0].Info().Name)
}

// newFlags returns a flag set for command c whose errors are usage errors.
func newFlags(c *command, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses args, turning flag errors into usage errors (an
// unknown flag with the nearest name: "did you mean -hunts?"); stray
// arguments are refused unless positional is set. -h, -help and --help
// return flag.ErrHelp, on which run prints the command's help.
func parseFlags(fs *flag.FlagSet, args []string, positional bool) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		const undefined = "flag provided but not defined: -"
		if name, ok := strings.CutPrefix(err.Error(), undefined); ok {
			var names []string
			fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
			if s := nearest(name, names); s != "" {
				return usagef("%v; did you mean -%s?", err, s)
			}
			return usagef("%v (see 'balance help %s' for the flags)", err, fs.Name())
		}
		return usagef("%v", err)
	}
	if err := optionAsValue(fs); err != nil {
		return err
	}
	if !positional && fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	return nil
}

// optionAsValue refuses a flag whose value is another of the command's
// options, as in "-json -quiet": the flag took the option as its value
// (a file named -quiet), which is never what was meant. A value that only
// starts with a dash ("-", a number such as -2) is let through; a file
// that truly has an option's name is written ./-quiet.
func optionAsValue(fs *flag.FlagSet) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); err != nil || ok && b.IsBoolFlag() {
			return
		}
		v := f.Value.String()
		name, _, _ := strings.Cut(strings.TrimLeft(v, "-"), "=")
		if len(v) > 1 && v[0] == '-' && name != "" && fs.Lookup(name) != nil {
			err = usagef("-%s %s: -%s needs a value, and %s is an option of %s (a file of that name: write ./%s)", f.Name, v, f.Name, v, fs.Name(), v)
		}
	})
	return err
}

// nearest returns the name of names s most likely misspells, or "" (the
// one suggester of balance: typo.Nearest).
func nearest(s string, names []string) string { return typo.Nearest(s, names) }

func init() {
	register(&command{
		name:     "help",
		summary:  "show the commands, or one command's flags and examples",
		usage:    "[CMD] [-game NAME]",
		long:     "help lists the commands; help CMD shows one command's flags and examples, with the options of the game -game names (default " + games[0].Info().Name + ").",
		examples: []string{"balance help", "balance help trace", "balance help run -game " + games[0].Info().Name},
		run: func(ctx context.Context, stdout, stderr io.Writer, args []string) error {
			fs := newFlags(commands["help"], stderr)
			var gameName string
			helpFlags(fs, &gameName)
			pos, err := parseInterleaved(fs, args)
			if err != nil {
				return err
			}
			g, err := gameNamed(gameName)
			if err != nil {
				return err
			}
			switch len(pos) {
			case 0:
				printHelp(stdout)
				return nil
			case 1:
			default:
				return usagef("unexpected argument %q: help shows one command", pos[1])
			}
			name := pos[0]
			c, ok := commands[name]
			if !ok {
				if s := nearest(name, commandNames()); s != "" {
					return usagef("unknown command %q; did you mean %q?", name, s)
				}
				return usagef("unknown command %q", name)
			}
			printCommandHelp(stdout, c, g)
			return nil
		},
	})
}

// helpFlags defines help's flag.
func helpFlags(fs *flag.FlagSet, gameName *string) {
	fs.StringVar(gameName, "game", games[0].Info().Name, "the game whose options are shown")
}

func init() {
	flagsOf["help"] = func(fs *flag.FlagSet, _ game.Game) { helpFlags(fs, new(string)) }
}

// printCommandHelp writes what 'balance help CMD' and 'balance CMD -h'
// show: the summary, the usage line, the long help, the flags with their
// defaults (the game g's own among them) and the examples; for a command
// that takes -set, the keys of g's data.
func printCommandHelp(w io.Writer, c *command, g game.Game) {
	fmt.Fprintf(w, "balance %s: %s\n\nUsage: %s\n", c.name, c.summary, usageLine(c))
	if c.long != "" {
		fmt.Fprintf(w, "\n%s\n", c.long)
	}
	if c.name == "compare" {
		if o, ok := mainOption(g); ok {
			fmt.Fprintf(w, "\nA and B (game %s) are values of -%s.\n", g.Info().Name, o.Name)
		} else {
			fmt.Fprintf(w, "\nThe game %s has no main option: compare takes no A and B, only -set overrides for B.\n", g.Info().Name)
		}
	}
	gh := gameHelp(g, c.name)
	if c.name == "map" {
		if d, err := g.Load(context.Background(), ""); err == nil {
			if _, ok := d.(game.Mapper); !ok {
				fmt.Fprintf(w, "\nThe game %s has no maps to draw.\n", g.Info().Name)
				return
			}
		}
	}
	if gh.Notes != "" {
		fmt.Fprintf(w, "\n%s (-game %s):\n%s\n", g.Info().Title, g.Info().Name, strings.TrimSpace(gh.Notes))
	}
	if fl := flagsOf[c.name]; fl != nil {
		fs := newFlags(c, io.Discard)
		fl(fs, g)
		fmt.Fprintf(w, "\nFlags (game %s):\n", g.Info().Name)
		printFlags(w, fs)
		if fs.Lookup("set") != nil {
			if d, err := g.Load(context.Background(), ""); err == nil {
				fmt.Fprintf(w, "\nKeys of -set (game %s):\n", g.Info().Name)
				for _, k := range d.SetKeys() {
					fmt.Fprintf(w, "  %s: %s\n", k.Key, k.Help)
				}
			}
		}
	}
	// The command's own examples play the default game: another game's
	// help shows its own, or says whose the command's are.
	examples, head := append(slices.Clone(c.examples), gh.Examples...), "Examples:"
	if def := games[0].Info().Name; g.Info().Name != def {
		if examples = gh.Examples; len(examples) == 0 {
			examples, head = c.examples, fmt.Sprintf("Examples (of the default game, %s: add -game %s and its options):", def, g.Info().Name)
		}
	}
	if len(examples) > 0 {
		fmt.Fprintln(w, "\n"+head)
		for _, e := range examples {
			fmt.Fprintf(w, "  %s\n", e)
		}
	}
}

// gameHelp is what the game g adds to the help of the command name: its
// notes and examples (none when it adds nothing).
func gameHelp(g game.Game, name string) game.Help {
	if h, ok := g.(game.Helper); ok {
		return h.Help(name)
	}
	return game.Help{}
}

// flagsOf declares each command's flags on a flag set, for help: those of
// the game given among them.
var flagsOf = map[string]func(*flag.FlagSet, game.Game){}

// usageLine is "balance NAME USAGE", without a trailing space when the
// command takes no flags.
func usageLine(c *command) string {
	return strings.TrimSpace("balance " + c.name + " " + c.usage)
}
