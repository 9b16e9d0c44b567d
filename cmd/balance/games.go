package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"balance/game"
	"balance/game/registry"
	"balance/workflow"
)

// games are the games balance plays, the default first (game/registry
// keeps the one list). Every command that plays hunts takes -game NAME;
// the shared machinery below cmd/ names none of them.
var games = registry.Games

// gameNames are the games' names, in order.
func gameNames() []string {
	var out []string
	for _, g := range games {
		out = append(out, g.Info().Name)
	}
	return out
}

// joinNames lists the games' names for help.
func joinNames() string { return strings.Join(gameNames(), ", ") }

// gameNamed returns the game called name; an unknown name is a usage
// error with the likely one and the list.
func gameNamed(name string) (game.Game, error) {
	for _, g := range games {
		if g.Info().Name == name {
			return g, nil
		}
	}
	names := gameNames()
	if s := nearest(name, names); s != "" {
		return nil, usagef("-game %q: no such game; did you mean %q? (games: %s)", name, s, strings.Join(names, ", "))
	}
	return nil, usagef("-game %q: no such game (games: %s)", name, strings.Join(names, ", "))
}

// gameGiven reports whether -game is among a command's flags.
func gameGiven(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		name, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if strings.HasPrefix(a, "-") && name == "game" {
			return true
		}
	}
	return false
}

// gameArg finds the value of -game among a command's arguments before
// they are parsed (the game's own flags depend on it), and returns the
// game: the default one when -game is not given. An argument "--" ends
// the flags.
func gameArg(args []string) (game.Game, error) {
	first := ""
	for k, a := range args {
		if a == "--" {
			break
		}
		name, val, hasVal := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "game" {
			continue
		}
		if !hasVal {
			if k+1 >= len(args) {
				return nil, usagef("flag needs an argument: -game")
			}
			val = args[k+1]
		}
		// one game a command: two different -game values are a mistake
		if first != "" && val != first {
			return nil, usagef("-game %s and -game %s: a command plays one game", first, val)
		}
		first = val
	}
	if first == "" {
		return games[0], nil
	}
	return gameNamed(first)
}

// gameFlags are the flags that choose what a command plays: -game, -data,
// the game's own options (Game.Options, each a flag of its name), the -set
// overrides and the first side's policy (-policy, and the name the game
// gives it, such as -pack-ai).
type gameFlags struct {
	g      game.Game
	name   string
	data   string
	opts   []game.Option
	values map[string]*string
	set    multiFlag
	policy string
	// policyFrom is the flag that gave policy (-policy or the game's name
	// for it), clash the first disagreement between the two.
	policyFrom, clash string
	// given are the options given on the command line (not left at
	// their defaults).
	given map[string]bool
}

// optionFlag is a game option's flag: it records that it was given.
type optionFlag struct {
	v     *string
	name  string
	given map[string]bool
}

func (o optionFlag) String() string {
	if o.v == nil {
		return ""
	}
	return *o.v
}

func (o optionFlag) Set(v string) error {
	*o.v, o.given[o.name] = v, true
	return nil
}

// policyFlag is -policy or the game's name for it: both set one tier, and
// two different tiers given by the two names are refused.
type policyFlag struct {
	f    *gameFlags
	name string
}

func (p policyFlag) String() string {
	if p.f == nil {
		return ""
	}
	return p.f.policy
}

func (p policyFlag) Set(v string) error {
	f := p.f
	if f.policyFrom != "" && f.policyFrom != p.name && f.policy != v && f.clash == "" {
		f.clash = fmt.Sprintf("-%s %s and -%s %s name two tiers (one flag is the other's second name); give one of them", f.policyFrom, f.policy, p.name, v)
	}
	f.policy, f.policyFrom = v, p.name
	return nil
}

// what a command takes of the game flags.
const (
	withOptions       = 1 << iota // the game's options (those of its policies with withPolicy or withPolicyOptions)
	withSet                       // -set
	withPolicy                    // -policy, and the options of the policies
	withPolicyOptions             // the options of the policies, without -policy
)

// register defines the flags of g on fs; setUsage is -set's help ("" for
// the default), policyAll says whether -policy takes "all" (run).
func (f *gameFlags) register(fs *flag.FlagSet, g game.Game, what int, setUsage string, policyAll bool) {
	f.g, f.values, f.given = g, map[string]*string{}, map[string]bool{}
	info := g.Info()
	fs.StringVar(&f.name, "game", info.Name, "the game played ("+joinNames()+"; see 'balance list games')")
	fs.StringVar(&f.data, "data", "", "directory of data files loaded over the game's embedded data")
	if what&(withOptions|withPolicy|withPolicyOptions) != 0 {
		for _, o := range g.Options() {
			if o.Policy && what&(withPolicy|withPolicyOptions) == 0 || !o.Policy && what&withOptions == 0 {
				continue
			}
			f.opts = append(f.opts, o)
			v := new(string)
			*v = o.Default
			fs.Var(optionFlag{v, o.Name, f.given}, o.Name, o.Usage)
			f.values[o.Name] = v
		}
	}
	if what&withSet != 0 {
		if setUsage == "" {
			setUsage = "override a number of the data, e.g. KEY=7 or KEY=+1 (repeatable; 'balance help run' lists the keys)"
		}
		fs.Var(&f.set, "set", setUsage)
	}
	if what&withPolicy != 0 {
		u := "the policy tier the players' side is played by (see 'balance list policies'; default: the game's)"
		if policyAll {
			u += "; all: every tier on the same hunts (as 'balance skill')"
		}
		fs.Var(policyFlag{f, "policy"}, "policy", u)
		if info.PolicyFlag != "" {
			fs.Var(policyFlag{f, info.PolicyFlag}, info.PolicyFlag, "the same as -policy")
		}
	}
}

// choice is the value of each of the game's options.
func (f *gameFlags) choice() game.Choice {
	c := game.Choice{}
	for _, o := range f.opts {
		c[o.Name] = *f.values[o.Name]
	}
	return c
}

// spec is the design the flags choose.
func (f *gameFlags) spec() workflow.Spec {
	return workflow.Spec{Choice: f.choice(), Overrides: slices.Clone(f.set)}
}

// policyFlagName is the name the policy flag is given in messages: the
// game's own name for it, or -policy.
func (f *gameFlags) policyFlagName() string {
	if n := f.g.Info().PolicyFlag; n != "" {
		return "-" + n
	}
	return "-policy"
}

// open loads the game's data (the -data directory over the embedded data).
func (f *gameFlags) open(ctx context.Context) (*workflow.Lab, error) {
	return workflow.Open(ctx, f.g, f.data, "balance "+version)
}

// resolvePolicy resolves -policy (the game's default when not given).
func (f *gameFlags) resolvePolicy(l *workflow.Lab) (string, error) {
	return f.policyOf(l, f.choice())
}

// policyOf resolves -policy with the choice c. Flags that disagree are a
// usage error: -policy and the game's name for it giving two tiers, and a
// policy option given (as -lookahead-k) that the tier does not read (a
// tier without settings, or a name that carries its own). An option is
// read when another value of it changes the resolved tier's name.
func (f *gameFlags) policyOf(l *workflow.Lab, c game.Choice) (string, error) {
	if f.clash != "" {
		return "", usagef("%s", f.clash)
	}
	name, err := l.Policy(c, f.policy)
	if err != nil || f.policy == "all" {
		return name, err
	}
	for _, o := range f.opts {
		if !o.Policy || !f.given[o.Name] {
			continue
		}
		v := c[o.Name]
		alts := []string{o.Default}
		if n, err := strconv.Atoi(v); err == nil {
			alts = append(alts, strconv.Itoa(n+1), strconv.Itoa(n-1))
		}
		read, tried := false, false
		for _, a := range alts {
			if a == v {
				continue
			}
			alt := maps.Clone(c)
			alt[o.Name] = a
			other, err := l.Policy(alt, f.policy)
			if err != nil {
				continue
			}
			tried = true
			if other != name {
				read = true
				break
			}
		}
		if tried && !read {
			tier := f.policy
			if tier == "" {
				tier = name + " (the default)"
			}
			return "", usagef("-%s %s: the tier %s %s does not read it (a tier without that setting, or a name that carries its own); drop -%s or name a tier that takes it", o.Name, v, f.policyFlagName(), tier, o.Name)
		}
	}
	return name, nil
}

// parseGame parses a command's arguments: the game named by -game, its
// flags (defined by define on the flag set), and the positional arguments
// (when positional; flags may come among them).
func parseGame(name string, args []string, positional bool, define func(fs *flag.FlagSet, g game.Game)) ([]string, error) {
	g, err := gameArg(args)
	if err != nil {
		return nil, err
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	define(fs, g)
	if positional {
		return parseInterleaved(fs, args)
	}
	return nil, parseFlags(fs, args, false)
}

// beforePlay, when a test sets it, is called as a command is about to
// play hunts (when it sets up its progress): a test interrupts commands
// there, after their data loaded and before their first hunt.
var beforePlay func()

// progress returns a progress callback for a run of total hunts: a bar on
// stderr when it is a terminal; otherwise (a CI log, a file) a line every
// progressEvery with the hunts done, the rate and the time left; nothing
// when quiet. Call the second function when the run ends.
func progress(stderr io.Writer, quiet bool, total int64, what string) (func(int64), func()) {
	if beforePlay != nil {
		beforePlay()
	}
	if quiet {
		return nil, func() {}
	}
	f, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return progressLines(stderr, total, what, progressEvery)
	}
	bar := progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(stderr),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("hunts"),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
	return func(done int64) { bar.Set64(done) }, func() { bar.Finish() }
}

// progressOf is progress as a workflow's progress.
func progressOf(stderr io.Writer, quiet bool) workflow.Progress {
	return func(what string, total int64) (func(int64), func()) { return progress(stderr, quiet, total, what) }
}

// dataError returns err without its usage mark: for names and values
// read from a file (a tally's header, a baseline), which are data, not the
// command line.
func dataError(err error) error {
	var ue *usageError
	var ge *game.UsageError
	if errors.As(err, &ue) || errors.As(err, &ge) {
		return errors.New(err.Error())
	}
	return err
}

// inputFile checks that a file named on the command line exists and is
// not a directory: otherwise it is a usage error. what prefixes the
// message (a flag and a space, or "").
func inputFile(what, path string) error {
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return usagef("%s%s: no such file", what, path)
	case err != nil:
		return fmt.Errorf("%s%s: %v", what, path, err)
	case st.IsDir():
		return usagef("%s%s: is a directory, not a file", what, path)
	}
	return nil
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
