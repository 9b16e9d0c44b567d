// Package game is the contract between balance's shared machinery (the
// batch runner, the tallies and estimators, the reports and every
// workflow) and one hunt game.
//
// A game loads its data (the embedded default, a -data directory over it,
// files named on the command line, -set overrides), compiles one design
// of it to an immutable Design shared by every worker, and gives each
// worker a Player that plays hunt i of seed S into a Record, or traces it.
// The Design declares the Record's Schema: the outcomes and which side
// each one is a win for, the units of time, the values, event times and
// series a hunt fills. Tallies, figures, reports and workflows are built
// from the Schema and never name a game.
//
// The seam is crossed once per hunt: Player.Play is the only call the
// runner makes per hunt, and a game's rules core runs without interface
// calls per die or per turn. A Player owns all its scratch memory (made
// once, by Design.NewPlayer), so that playing a hunt allocates nothing.
//
// The shared packages (sim/ outside the games, batch/, stats/, reports/)
// import this package and no game; cmd/balance holds the one list of
// games.
package game

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
)

// Game is one hunt system: its name, the options it adds to every
// command that plays hunts, and how its data is loaded.
type Game interface {
	// Info names and describes the game.
	Info() Info
	// Options are the game's own flags (which Adversary, which pack,
	// which map, ...), registered by every command that plays hunts, with
	// the values Design receives.
	Options() []Option
	// Load reads the game's data: the embedded default, then the files
	// of dir over it when dir is not "". Errors name the file, line,
	// column and field, the allowed values and a likely spelling. Load
	// stops early when ctx is cancelled.
	Load(ctx context.Context, dir string) (Data, error)
}

// Info names a game.
type Info struct {
	Name        string // the -game value: lower case, e.g. "cazadores"
	Title       string // e.g. "Cazadores"
	Summary     string // one line for 'balance list games'
	Attribution string // whose rules and numbers the data carries, and under which licence
	// PolicyFlag, when set, is the name the game's players know the
	// first side's policy flag by, accepted beside -policy (e.g.
	// "pack-ai").
	PolicyFlag string
}

// Option is one of a game's own flags.
type Option struct {
	Name    string // the flag's name without the dash, e.g. "adversary"
	Default string // its default value
	Usage   string // the help line
	// List names the kind of data entry the value is (for 'balance list
	// KIND' and for suggestions); "" when the value is free.
	List string
	// File is set when the value may also be the path of a data file of
	// that kind, loaded over the data (a design being edited).
	File bool
	// Sweep marks an option 'balance analyze' goes through: the default
	// analysis plays one design per entry of List, every other option at
	// its default.
	Sweep bool
	// Policy marks an option of the players' side's policies (a setting of
	// one tier), not of the design: Data.Policy and Data.Policies read it,
	// Design ignores it.
	Policy bool
}

// Choice is the value of each of a game's options, by name; an option
// not in the map has its default.
type Choice map[string]string

// A SetKey is one key -set takes. Key is its pattern: an upper-case part
// stands for any name (NAME in adversary.location.NAME.wnd, N a number
// from 1), and "=VALUE" follows it when its value is a word rather than a
// number or a reading (=blank, =off, =WEAPON). Help says what it sets and
// the values it takes ("DEF: the DT of attacks against it (0..10)").
type SetKey struct{ Key, Help string }

// String is the key's line as 'balance list keys' prints it.
func (k SetKey) String() string { return k.Key + "\t" + k.Help }

// Data is a game's loaded data. It is read-only after Load: Design
// copies what it changes.
type Data interface {
	// Kinds are the kinds of entry 'balance list' prints, e.g.
	// "adversaries", "packs".
	Kinds() []string
	// List returns the names of the entries of one kind, sorted.
	List(kind string) ([]string, error)
	// SetKeys are the keys -set accepts, each with what it sets and the
	// values it takes ('balance list keys' and help print them; sweep and
	// tune check a -param against them).
	SetKeys() []SetKey
	// Policies are the tiers that can play the players' side, weakest
	// first, with the settings the choice's policy options give them (a
	// tier's name then carries them, e.g. "lookahead(k=4,horizon=2)"), and
	// the default tier's name. A setting out of its range is a
	// *UsageError.
	Policies(c Choice) (tiers []Policy, def string, err error)
	// Policy resolves a tier's name as given on the command line, with
	// the choice's policy options, to the full name NewPlayer accepts and
	// reports print (a name may carry its settings itself). An unknown name
	// is a *UsageError naming the tiers and the likely one.
	Policy(c Choice, name string) (string, error)
	// Design compiles one design: the choice of options (files given as
	// options are loaded here), then the -set overrides in order, each
	// checked as the data would be. seed is the run's seed, for options
	// that are rolled (an Objective drawn at random). A name the data do
	// not hold, a file that does not exist and an override the data refuse
	// are *UsageErrors (mistakes in the command line); data that do not
	// compile are plain errors.
	Design(ctx context.Context, c Choice, overrides []string, seed uint64) (Design, error)
	// Validate checks the data: every design that can be chosen compiles
	// (with files, only those files, as their kind). It returns a summary
	// line such as "ok: 5 adversaries, 4 packs" or every problem found,
	// joined.
	Validate(ctx context.Context, files []string) (string, error)
}

// Policy is a tier of the players' side's choices.
type Policy struct {
	Name    string // e.g. "basic"; a name may carry parameters the game reads back, e.g. "lookahead(k=4)"
	Summary string // one line
}

// Design is one compiled design: immutable, shared by every worker.
type Design interface {
	// Schema is the layout of the Record a hunt of this design fills.
	// Designs of one game that are compared (compare, sweep, skill) may
	// have different schemas only in their bounds (Max of a value, the
	// round cap); the runner checks.
	Schema() *Schema
	// Title is the design's name in reports, e.g. "Wandering Son vs duo".
	Title() string
	// Config is the design's configuration as the reports print it, in
	// order (name, value): the options, overrides, the data's hash.
	Config() []KV
	// Hash identifies the data, choice and overrides the design was
	// compiled from: equal hashes play equal hunts.
	Hash() string
	// NewPlayer returns a player for one worker, playing the players'
	// side with the named policy tier. It allocates all the player will
	// ever need.
	NewPlayer(policy string) (Player, error)
	// Levers are the numbers 'balance sensitivity' moves one at a time,
	// each as a -set key that takes a relative value (+1).
	Levers() []Lever
	// Ablations are the parts of the design that can be switched off
	// one at a time to measure what each does (an action card made
	// blank), each as a -set override.
	Ablations() []Ablation
}

// KV is one line of a configuration.
type KV struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// Lever is a number sensitivity moves, and tune searches: Set is a -set
// key.
type Lever struct {
	Label string // e.g. "DEF"
	Set   string // e.g. "adversary.def"
	Value int    // its value in the design
	// Min and Max are the values tune searches when it is given no range.
	Min, Max int
	// Usual are the figures the lever usually moves, and which way when it
	// rises: what tune says of a target no value searched meets when the
	// figure does not move measurably over the range.
	Usual []Tendency
}

// Tendency is the way a figure (a key of the figure list: "win:pack",
// "length", "pack_deaths") usually moves when a lever rises: +1 up, -1
// down.
type Tendency struct {
	Figure string
	Sign   int
}

// Ablation is a part of a design switched off by a -set override, to
// measure what it does.
type Ablation struct {
	Label string // e.g. "Sweeping Smash (A♠ A♦ A♣)"
	Group string // e.g. "action", "location"
	Set   string // e.g. "adversary.actions.ace=blank"
	// Inert marks a part with nothing to switch off (a hit location
	// without an exhaustion effect): the reports name it, and it is not
	// played.
	Inert bool
}

// UsageError marks an error as a mistake in how a command was called (a
// name the data do not hold, a value out of range, a file that is not
// there), which the command line answers with exit code 2, as opposed to
// a problem in the data.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// Usagef returns a *UsageError with the formatted message.
func Usagef(format string, a ...any) error {
	return &UsageError{fmt.Errorf(format, a...)}
}

// Plural writes n and a noun, plural unless n is 1: "1 tick", "2 ticks".
// Nouns ending in s take "es" ("2 successes"); "die" is "dice".
func Plural(n int, noun string) string {
	switch {
	case n == 1:
		return fmt.Sprintf("1 %s", noun)
	case noun == "die":
		return fmt.Sprintf("%d dice", n)
	case strings.HasSuffix(noun, "s"):
		return fmt.Sprintf("%d %ses", n, noun)
	case strings.HasSuffix(noun, "y") && !strings.HasSuffix(noun, "ey"):
		return fmt.Sprintf("%d %sies", n, noun[:len(noun)-1])
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// DataDir checks the -data directory dir ("" for none) before a game
// loads it: one that does not exist, or a file, is a usage error.
func DataDir(dir string) error {
	if dir == "" {
		return nil
	}
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return Usagef("-data %s: no such directory", dir)
	case err != nil:
		return Usagef("-data %s: %v", dir, err)
	case !st.IsDir():
		return Usagef("-data %s: not a directory", dir)
	}
	return nil
}

// FileError is a problem found in one data file being checked (a design
// compiled from it that does not compile): the file and what is wrong.
// 'balance validate FILE...' counts the files with problems by it.
type FileError struct {
	File string
	Err  error
}

func (e *FileError) Error() string { return e.File + ": " + e.Err.Error() }
func (e *FileError) Unwrap() error { return e.Err }

// Helper is implemented by a game that says more in a command's help
// ('balance help CMD -game NAME', 'balance CMD -game NAME -h') than the
// command's own text, which names no game: what its options and data mean
// for the command, and examples.
type Helper interface {
	// Help is what the game adds to the help of the command named (e.g.
	// "run"); the zero Help for a command it has nothing to add to.
	Help(command string) Help
}

// Help is what a game adds to one command's help.
type Help struct {
	// Notes are a few lines of text, wrapped as the command's own help
	// is, on the command with this game.
	Notes string
	// Examples are command lines ("balance CMD ...", with -game NAME
	// unless the game is the default one) that run as they are from the
	// root of the repository: the tests run each.
	Examples []string
}

// Player plays hunts of one design for one worker. It is not safe for
// concurrent use; each worker has its own.
type Player interface {
	// Play plays hunt index of the run seed into rec, which was made by
	// the design's Schema.NewRecord: it sets Outcome, Length and End,
	// every slot of V and each series' steps up to End (the steps after
	// End are never read). The same (seed, index) always plays the same
	// hunt, whatever was played before on this player. Play allocates
	// nothing.
	Play(seed, index uint64, rec *Record)
	// Trace plays the same hunt as Play, writing it play by play as
	// text to w (every roll with its dice and target, every decision
	// with its reason, ending with a line "outcome: NAME ..."), and,
	// when events is not nil, one JSON object per event to events (JSON
	// Lines). It fills rec as Play does.
	Trace(seed, index uint64, rec *Record, w, events io.Writer) error
}

// Mapper is implemented by a game's Data when the game is played on maps
// that can be drawn: 'balance map NAME' draws map NAME (an entry of
// MapKind) with the models where hunt index of seed deploys them, for the
// choice of the other options, as "png" or "svg".
type Mapper interface {
	MapKind() string // the kind of entry a map is, e.g. "scenarios"
	DrawMap(ctx context.Context, c Choice, name string, seed, index uint64, format string) ([]byte, error)
}

// Embedded is implemented by a game whose default data is embedded in the
// program: 'balance version' prints a hash of it.
type Embedded interface {
	Files() fs.FS
}

// Odds is implemented by a game whose rolls can be computed exactly:
// 'balance odds -game NAME' registers the game's flags, then calls the
// function they return, which prints the exact distribution (as JSON
// when asJSON is set).
type Odds interface {
	OddsFlags(fs *flag.FlagSet) func(w io.Writer, asJSON bool) error
}
