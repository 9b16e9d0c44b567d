// Package skirmish holds the policies of the d20 skirmish game: the
// creatures' decision tree as the document gives it, and tiers of play
// for the warbands (random, basic).
//
// Policies choose; the rules core (sim/skirmish) carries out every
// action and refuses an illegal one.
package skirmish

import (
	"math/bits"

	sk "balance/sim/skirmish"
)

// Creatures plays every creature by the document's three-step tree:
// (1) in combat, it fights (the opponent with the lowest current Health)
// and stays in combat when it wins; (2) with a warband figure in sight,
// it shoots the closest one in range if it has a missile weapon (and
// takes no second action), or moves as far as it can toward the closest
// one and fights it if it got there; (3) otherwise it makes a full Move in
// a random direction, halting at obstacles, and with its action left
// looks again (step 2) or ends its activation. It never attacks another
// creature and always forces combat when it can.
type Creatures struct{}

var _ sk.Policy = Creatures{}

// Group is never asked of creatures.
func (Creatures) Group(b *sk.Battle, leader int, eligible []int8) int { return 0 }

// Intercept: a creature always forces combat.
func (Creatures) Intercept(b *sk.Battle, i, mover int) bool { return true }

// Push: a creature that wins stays in combat.
func (Creatures) Push(b *sk.Battle, winner, loser int) sk.Push { return sk.Stay }

// Act plays creature i's activation.
func (c Creatures) Act(b *sk.Battle, i int, step sk.Step) {
	if b.InCombat(i) {
		for b.InCombat(i) {
			t := weakestOpponent(b, i)
			if t < 0 || !b.CanFight(i, t) {
				return
			}
			b.Decide(i, "fights", t, "step 1: in combat, the opponent with the lowest Health")
			b.Fight(i, t)
		}
		return
	}
	if c.step2(b, i) {
		return
	}
	b.Decide(i, "moves at random", -1, "step 3: no warband figure in sight")
	b.RandomMove(i)
	if b.Figs[i].Left() > 0 && b.Figs[i].Standing() && !b.Done {
		if !c.step2(b, i) {
			b.Decide(i, "ends its activation", -1, "step 3: still no warband figure in sight")
		}
	}
}

// step2 is step 2 of the tree; it reports whether a warband figure was in
// sight (and the step played). The closest warband figure in sight and
// range is the closest in sight when that one is in range, else there is
// none: every warband figure is an enemy, and one in sight nearer than the
// closest in sight there is not (nor a farther one in range when the
// closest is out of it), so only the closest in sight is asked.
func (Creatures) step2(b *sk.Battle, i int) bool {
	t := closestVisible(b, i)
	if t < 0 {
		return false
	}
	if w := missile(b, i); w >= 0 {
		if s := t; b.CanShoot(i, w, s) {
			b.Decide(i, "shoots", s, "step 2: a warband figure in sight and range of its missile weapon; no second action")
			b.Shoot(i, w, s, -1)
			return true
		}
	}
	b.Decide(i, "moves toward", t, "step 2: the closest warband figure in sight")
	b.Move(i, b.Figs[t].Pos, 0)
	if b.Figs[i].Left() == 0 || !b.Figs[i].Standing() || b.Done {
		return true
	}
	if o := crewOpponent(b, i); o >= 0 {
		b.Decide(i, "fights", o, "step 2: it reached a warband figure")
		b.Fight(i, o)
		return true
	}
	b.Decide(i, "moves again toward", t, "step 2: it did not reach it (ruling: a 2nd Move)")
	b.Move(i, b.Figs[t].Pos, 0)
	return true
}

// weakestOpponent returns the figure in combat with i with the lowest
// current Health (the first of equals), or -1.
func weakestOpponent(b *sk.Battle, i int) int {
	best := -1
	var buf [sk.MaxFigures]int8
	for _, o := range b.Opponents(i, buf[:0]) {
		if j := int(o); best < 0 || b.Figs[j].Health < b.Figs[best].Health {
			best = j
		}
	}
	return best
}

// crewOpponent returns a warband figure in combat with creature i, or -1.
func crewOpponent(b *sk.Battle, i int) int {
	var buf [sk.MaxFigures]int8
	for _, o := range b.Opponents(i, buf[:0]) {
		if j := int(o); b.Figs[j].Side <= sk.SideB {
			return j
		}
	}
	return -1
}

// closestVisible returns the closest standing warband figure creature i
// sees (the first of equals), or -1: the closest asked for sight first,
// and only when it is out of sight the others, each nearer than the best
// seen so far.
func closestVisible(b *sk.Battle, i int) int {
	left := b.Band(sk.SideA) | b.Band(sk.SideB)
	best, bd := -1, float32(0)
	pi, ri := b.Figs[i].Pos, b.Base(i) // b.EdgeDist(i, j), i's read once
	for m := left; m != 0; m &= m - 1 {
		j := bits.TrailingZeros32(m)
		if d := b.EdgeDistFrom(pi, ri, j); best < 0 || d < bd {
			best, bd = j, d
		}
	}
	if best < 0 || b.LOS(i, best) {
		return best
	}
	left &^= 1 << best
	best = -1
	for m := left; m != 0; m &= m - 1 { // the distances again: rarely asked
		j := bits.TrailingZeros32(m)
		if d := b.EdgeDistFrom(pi, ri, j); (best < 0 || d < bd) && b.LOS(i, j) {
			best, bd = j, d
		}
	}
	return best
}

// missile returns creature i's missile weapon, or -1.
func missile(b *sk.Battle, i int) int {
	p := b.P(i)
	for k := 0; k < int(p.NWeapons); k++ {
		if w := int(p.Weapons[k]); b.S.Weapons[w].Class == sk.Gun {
			return w
		}
	}
	return -1
}
