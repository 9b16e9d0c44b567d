package cazadores

import (
	"fmt"
	"strconv"
	"strings"

	ai "balance/ai/cazadores"
	"balance/game"
	"balance/internal/typo"
	sim "balance/sim/cazadores"
)

// DefaultTier is the Pack's policy tier unless another is chosen.
const DefaultTier = "basic"

// lookaheadTier is the tier whose settings the lookahead options give.
const lookaheadTier = "lookahead"

// maxHorizon bounds the lookahead's horizon: far beyond any hunt's length.
const maxHorizon = 1000

// lookahead are the lookahead tier's settings: rollouts per plan, and
// Rounds played ahead (0: to the end of the hunt).
type lookahead struct{ k, horizon int }

func (l lookahead) check() error {
	if l.k < 1 || l.k > ai.MaxLookaheadK {
		return game.Usagef("-%s %d: give a number of rollouts from 1 to %d, e.g. %d", OptK, l.k, ai.MaxLookaheadK, ai.DefaultLookaheadK)
	}
	if l.horizon < 0 || l.horizon > maxHorizon {
		return game.Usagef("-%s %d: give a number of Rounds from 0 (to the end of the hunt) to %d, e.g. 2", OptHorizon, l.horizon, maxHorizon)
	}
	return nil
}

// lookaheadOf reads the lookahead settings of a choice.
func lookaheadOf(c game.Choice) (lookahead, error) {
	var l lookahead
	for _, f := range []struct {
		name string
		p    *int
	}{{OptK, &l.k}, {OptHorizon, &l.horizon}} {
		v, err := strconv.Atoi(option(c, f.name))
		if err != nil {
			return l, game.Usagef("-%s %q: not a whole number", f.name, option(c, f.name))
		}
		*f.p = v
	}
	return l, l.check()
}

// apply returns t with these settings when t is the lookahead tier and
// they are not the defaults: its name then carries them,
// lookahead(k=K,horizon=H), a name tierNamed reads back (baselines and
// shard headers record it).
func (l lookahead) apply(t ai.Tier) ai.Tier {
	if t.Name != lookaheadTier || (l.k == ai.DefaultLookaheadK && l.horizon == ai.DefaultLookaheadHorizon) {
		return t
	}
	k, hz := l.k, uint16(l.horizon)
	t.Name = fmt.Sprintf("%s(k=%d,horizon=%d)", lookaheadTier, k, hz)
	t.New = func() sim.PackPolicy { return ai.NewLookahead(k, hz) }
	return t
}

// tierNamed resolves a tier's name with the lookahead settings l: an
// unknown name is a usage error with the nearest name and the list. A
// name lookahead(k=K,horizon=H) carries its own settings.
func tierNamed(name string, l lookahead) (ai.Tier, error) {
	if err := l.check(); err != nil {
		return ai.Tier{}, err
	}
	if name == "" {
		name = DefaultTier
	}
	if rest, ok := strings.CutPrefix(name, lookaheadTier+"("); ok {
		var p lookahead
		if n, err := fmt.Sscanf(rest, "k=%d,horizon=%d)", &p.k, &p.horizon); err != nil || n != 2 || !strings.HasSuffix(rest, ")") {
			return ai.Tier{}, game.Usagef("-pack-ai %q: write lookahead(k=K,horizon=H), e.g. lookahead(k=16,horizon=0), or use -%s and -%s", name, OptK, OptHorizon)
		}
		if err := p.check(); err != nil {
			return ai.Tier{}, err
		}
		name, l = lookaheadTier, p
	}
	t, ok := ai.TierByName(name)
	if ok {
		return l.apply(t), nil
	}
	names := ai.TierNames()
	if s := typo.Nearest(name, names); s != "" {
		return t, game.Usagef("-pack-ai %q: no such tier; did you mean %q? (tiers: %s)", name, s, strings.Join(names, ", "))
	}
	return t, game.Usagef("-pack-ai %q: no such tier (tiers: %s)", name, strings.Join(names, ", "))
}

// Policies are the Pack's tiers from the weakest up, the lookahead with
// the choice's settings.
func (d *Data) Policies(c game.Choice) ([]game.Policy, string, error) {
	l, err := lookaheadOf(c)
	if err != nil {
		return nil, "", err
	}
	var out []game.Policy
	for _, t := range ai.Tiers() {
		t = l.apply(t)
		out = append(out, game.Policy{Name: t.Name, Summary: t.Doc})
	}
	return out, DefaultTier, nil
}

// Policy resolves a -pack-ai value with the choice's lookahead settings.
func (d *Data) Policy(c game.Choice, name string) (string, error) {
	l, err := lookaheadOf(c)
	if err != nil {
		return "", err
	}
	t, err := tierNamed(name, l)
	if err != nil {
		return "", err
	}
	return t.Name, nil
}
