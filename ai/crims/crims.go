// Package crims (imported as ai) makes the choices of a match of the
// d10-pool game: the crims' actions as the Control Card directs them by
// Demeanor (the document's own policy for the opposition), and the
// hunters' players' choices in tiers, from random to basic. It changes a
// match only through the rules core's action methods (sim/crims).
package crims

import (
	"fmt"

	sim "balance/sim/crims"
	"balance/sim/geom"
)

// Control directs each crim as the current Control Card says for its
// Demeanor (the first of its Demeanors, the one the cards name). The
// rules core applies the document's fallbacks (Flee or Seek Cover after
// a Charge, Shoot impossible, Fight not engaged) and the forced Hides.
type Control struct{}

var (
	_ sim.CrimAI       = Control{}
	_ sim.CardFollower = Control{}
)

// Direct returns the current card's action for crim c's Demeanor.
func (Control) Direct(m *sim.Match, c int) sim.Action { return m.CardAction(c) }

// FollowsCard reports that Direct is Match.CardAction: the rules core
// reads it without a call through the interface.
func (Control) FollowsCard() bool { return true }

// Tier is one tier of the hunters' policy.
type Tier struct {
	Name    string
	Summary string
}

// Tiers are the hunters' policy tiers, weakest first.
var Tiers = []Tier{
	{"random", "every choice uniformly at random among the legal ones"},
	{"basic", "attacks the best target in reach, else opens a pod in reach, else moves toward the most valuable target; documented rules of thumb for every other choice"},
}

// DefaultTier is the tier played unless another is named.
const DefaultTier = "basic"

// New returns the policy of the named tier.
func New(tier string) (sim.HunterPolicy, error) {
	switch tier {
	case "random":
		return &Random{}, nil
	case "basic", "":
		return newBasic(sim.OddsTables()), nil
	}
	return nil, fmt.Errorf("no hunter policy %q: random, basic", tier)
}

// contact is the point at which a base of radius r moving from p toward
// a base of radius rt at q touches it.
func contact(p, q geom.Vec, r, rt float32) geom.Vec {
	d := q.Sub(p)
	l := d.Len()
	if l <= r+rt || l == 0 {
		return p
	}
	return p.Add(d.Scale((l - r - rt) / l))
}

// within is the point from p toward q at which q is reach inches away
// (edge to edge for bases of radius r and rt), or p if it already is.
// (geom's Sub, Len, Scale and Add written out, the same operations in
// the same order, so that it is small enough to be inlined; at l = 0,
// l is not above r+rt+reach, a base's radius or more.)
func within(p, q geom.Vec, r, rt, reach float32) geom.Vec {
	dx, dy := q.X-p.X, q.Y-p.Y
	if l := sqrt32(dx*dx + dy*dy); l > r+rt+reach {
		k := (l - r - rt - reach) / l
		return geom.Vec{X: p.X + dx*k, Y: p.Y + dy*k}
	}
	return p
}
