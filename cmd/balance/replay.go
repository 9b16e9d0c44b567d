package main

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	batch "balance/batch/legacy"
)

// design is what one lane of a run played: the game, the overrides, the
// Objective and the Pack's tier; enough to replay any of its hunts.
type design struct {
	game      gameFlags
	set       []string
	objective string
	tier      string
}

// traceArgs returns the arguments of 'balance trace' that replay hunt
// hunt of seed seed of the design.
func (d design) traceArgs(seed uint64, hunt int64) []string {
	args := []string{"trace", "-adversary", d.game.adversary, "-pack", d.game.pack, "-scenario", d.game.scenario}
	if d.game.data != "" {
		args = append(args, "-data", d.game.data)
	}
	if d.objective != "" {
		args = append(args, "-objective", d.objective)
	}
	if d.tier != "" && d.tier != batch.DefaultPackAI {
		args = append(args, "-pack-ai", d.tier)
	}
	for _, s := range d.set {
		args = append(args, "-set", s)
	}
	return append(args, "-seed", strconv.FormatUint(seed, 10), "-hunt", strconv.FormatInt(hunt, 10))
}

// huntFailed returns err, or, when a hunt panicked (*batch.HuntPanic), an
// error that names the hunt and gives the trace command replaying it
// alone; lane tells the design each lane of the run played. It is an
// error (exit code 1), not a mistake in the command line.
func huntFailed(err error, lane func(int) design) error {
	var hp *batch.HuntPanic
	if !errors.As(err, &hp) {
		return err
	}
	args := lane(hp.Lane).traceArgs(hp.Seed, hp.Hunt)
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = shellQuote(a)
	}
	return fmt.Errorf("%w\nThat is a bug in balance, or in the data as it compiled them, not in the command line. Replay the hunt alone to see where:\n  balance %s",
		hp, strings.Join(quoted, " "))
}

var plainWord = regexp.MustCompile(`^[A-Za-z0-9_./=+:,@%-]+$`)

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if plainWord.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// oneDesign is the lane function of a run of one design.
func oneDesign(d design) func(int) design { return func(int) design { return d } }
