package main

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"balance/game"
	"balance/workflow"
)

// traceArgs returns the arguments of 'balance trace' that replay hunt
// hunt of seed seed of a lane of g, played with the data of dir: the
// game, its options (those of its policies aside: the policy's name
// carries its settings), the overrides, the policy and the hunt.
func traceArgs(g game.Game, dir string, lane workflow.Lane, seed uint64, hunt int64) []string {
	args := []string{"trace"}
	if g.Info().Name != games[0].Info().Name {
		args = append(args, "-game", g.Info().Name)
	}
	for _, o := range g.Options() {
		if v, ok := lane.Spec.Choice[o.Name]; ok && v != "" && !o.Policy {
			args = append(args, "-"+o.Name, v)
		}
	}
	if dir != "" {
		args = append(args, "-data", dir)
	}
	if lane.Policy != "" {
		flag := "-policy"
		if n := g.Info().PolicyFlag; n != "" {
			flag = "-" + n
		}
		args = append(args, flag, lane.Policy)
	}
	for _, s := range lane.Spec.Overrides {
		args = append(args, "-set", s)
	}
	return append(args, "-seed", strconv.FormatUint(seed, 10), "-hunt", strconv.FormatInt(hunt, 10))
}

// huntFailed returns err, or, when a hunt panicked (*workflow.HuntFailed),
// an error that names the hunt and gives the trace command replaying it
// alone. It is an error (exit code 1), not a mistake in the command line.
func huntFailed(err error, g game.Game, dir string) error {
	var hf *workflow.HuntFailed
	if !errors.As(err, &hf) {
		return err
	}
	args := traceArgs(g, dir, hf.Lane, hf.Panic.Seed, hf.Panic.Hunt)
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = shellQuote(a)
	}
	return fmt.Errorf("%w\nThat is a bug in balance, or in the data as it compiled them, not in the command line. Replay the hunt alone to see where:\n  balance %s",
		hf.Panic, strings.Join(quoted, " "))
}

var plainWord = regexp.MustCompile(`^[A-Za-z0-9_./=+:,@%-]+$`)

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if plainWord.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
