// Package workflow holds the logic of balance's workflows, for any game
// plugged in through the contract of package game: a run with what each
// part of the design does (Run, Ablations), the skill trace (Skill), the
// paired comparison of two designs (Compare), parameter sweeps and tuning
// (Sweep, Tune), sensitivity (Sensitivity), baselines and regression
// checks (RecordBaseline, Regress), the merge of shards (Merge), finding a
// hunt to trace (FindHunt) and the default analysis (Analyze). Each takes
// its options as values and returns what it found; the command line
// (cmd/balance) parses flags into those options, writes the outputs and
// prints, and a test or another front end can call the same functions.
// It names no game.
package workflow

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"balance/batch"
	"balance/game"
)

// Lab is a game with its data loaded: what every workflow plays.
type Lab struct {
	Game    game.Game
	Data    game.Data
	DataDir string // the -data directory loaded over the embedded data ("" for none)
	Program string // the program's name and version, for the reports
}

// Open loads a game's data: the embedded default, then dir over it.
func Open(ctx context.Context, g game.Game, dir, program string) (*Lab, error) {
	d, err := g.Load(ctx, dir) // each game checks dir (game.DataDir)
	if err != nil {
		return nil, err
	}
	return &Lab{Game: g, Data: d, DataDir: dir, Program: program}, nil
}

// Name is the game's name.
func (l *Lab) Name() string { return l.Game.Info().Name }

// Spec is what compiles a design: a choice of the game's options and the
// -set overrides, in order.
type Spec struct {
	Choice    game.Choice `json:"choice"`
	Overrides []string    `json:"overrides"`
}

// With returns s with overrides appended, sharing nothing with s.
func (s Spec) With(overrides ...string) Spec {
	return Spec{Choice: maps.Clone(s.Choice), Overrides: append(slices.Clone(s.Overrides), overrides...)}
}

// Design compiles the design of s; seed rolls what the choice leaves to
// chance (an Objective drawn at random).
func (l *Lab) Design(ctx context.Context, s Spec, seed uint64) (game.Design, error) {
	return l.Data.Design(ctx, s.Choice, s.Overrides, seed)
}

// Policy resolves a policy tier's name with the choice's policy options.
func (l *Lab) Policy(c game.Choice, name string) (string, error) {
	if name == "" {
		_, def, err := l.Data.Policies(c)
		if err != nil {
			return "", err
		}
		name = def
	}
	return l.Data.Policy(c, name)
}

// Progress makes the progress callback of one part of a workflow playing
// total hunts (over all its lanes), described by what: show is called
// with the hunts played so far, done once the part ends. A nil Progress
// shows nothing.
type Progress func(what string, total int64) (show func(int64), done func())

func (p Progress) start(what string, total int64) (func(int64), func()) {
	if p == nil {
		return nil, func() {}
	}
	return p(what, total)
}

// Lane is a design to play and its policy, as a workflow's lane is
// compiled again to replay one of its hunts.
type Lane struct {
	Spec   Spec
	Policy string
}

// HuntFailed is the error of a hunt that panicked: the runner's
// *batch.HuntPanic, with the lane that played it (its spec and policy),
// enough to replay the hunt alone.
type HuntFailed struct {
	Panic *batch.HuntPanic
	Lane  Lane
}

func (e *HuntFailed) Error() string { return e.Panic.Error() }
func (e *HuntFailed) Unwrap() error { return e.Panic }

// failed turns a hunt's panic into a *HuntFailed naming its lane.
func failed(err error, lane func(int) Lane) error {
	var hp *batch.HuntPanic
	if !errors.As(err, &hp) {
		return err
	}
	return &HuntFailed{Panic: hp, Lane: lane(hp.Lane)}
}

// Interrupted is the error of a workflow stopped by its context after it
// had played hunts: what it found covers those hunts.
type Interrupted struct{ Hunts int64 }

func (e Interrupted) Error() string {
	return fmt.Sprintf("interrupted after %d hunts; the report covers those hunts", e.Hunts)
}

// Play is how many hunts a workflow plays and how.
type Play struct {
	Seed     uint64
	Hunts    int64
	Workers  int
	Progress Progress
}

// usage wraps a message as a usage error.
func usage(format string, a ...any) error { return game.Usagef(format, a...) }

// unset strips the "-set " the data's errors start with, for a message
// that names the override already.
func unset(err error) string { return strings.TrimPrefix(err.Error(), "-set ") }
