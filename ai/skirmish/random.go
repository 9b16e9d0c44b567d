package skirmish

import (
	"balance/sim/geom"
	sk "balance/sim/skirmish"
)

// Random is the weakest tier: at each action a figure picks uniformly
// among the kinds of action it may legally take (fight, shoot, throw a
// grenade, use a power, unlock or pick up loot, run for it, move), then
// uniformly among that kind's targets; a move goes to a random point of
// the table or toward a random enemy or token. It intercepts and pushes
// on coin flips and takes a random number of soldiers into groups. Its
// draws come from the battle's own stream.
type Random struct{}

var _ sk.Policy = Random{}

// Group takes a random number of the eligible soldiers (0..3).
func (Random) Group(b *sk.Battle, leader int, eligible []int8) int {
	return b.RNG.IntN(min(len(eligible), 3) + 1)
}

// Intercept flips a coin.
func (Random) Intercept(b *sk.Battle, i, mover int) bool { return b.RNG.Bool() }

// Push picks one of the three choices.
func (Random) Push(b *sk.Battle, w, l int) sk.Push { return sk.Push(b.RNG.IntN(3)) }

// Act plays figure i's activation at random.
func (r Random) Act(b *sk.Battle, i int, step sk.Step) {
	for n := 0; n < 4 && !b.Done; n++ {
		f := &b.Figs[i]
		if !f.Standing() || f.Left() == 0 || (step == sk.StepGroupMove && f.Moves() > 0) {
			return
		}
		if !r.next(b, i, step) {
			return
		}
	}
}

// Kinds of action the random tier chooses among.
const (
	rFight = iota
	rShoot
	rThrow
	rPower
	rUnlock
	rPickUp
	rRun
	rMove
	rKinds
)

func (r Random) next(b *sk.Battle, i int, step sk.Step) bool {
	var fights, shots, throws, powers, unlocks, pickups [sk.MaxFigures * sk.MaxWeapons]int8
	var nk [rKinds]int
	pr := b.P(i)
	f := &b.Figs[i]
	for j := 0; j < b.NF; j++ {
		if b.CanFight(i, j) {
			fights[nk[rFight]] = int8(j)
			nk[rFight]++
		}
		for k := 0; k < int(pr.NWeapons); k++ {
			w := int(pr.Weapons[k])
			if b.CanShoot(i, w, j) {
				shots[nk[rShoot]] = int8(k*sk.MaxFigures + j)
				nk[rShoot]++
			}
			if b.Enemies(i, j) && b.Figs[j].Standing() && b.CanThrow(i, w, b.Figs[j].Pos) {
				throws[nk[rThrow]] = int8(k*sk.MaxFigures + j)
				nk[rThrow]++
			}
		}
		for k := 0; k < int(pr.NPowers); k++ {
			if b.CanPower(i, k, j) {
				powers[nk[rPower]] = int8(k*sk.MaxFigures + j)
				nk[rPower]++
			}
		}
	}
	for k := 0; k < b.NLoot; k++ {
		if b.CanUnlock(i, k) {
			unlocks[nk[rUnlock]] = int8(k)
			nk[rUnlock]++
		}
		if b.CanPickUp(i, k) {
			pickups[nk[rPickUp]] = int8(k)
			nk[rPickUp]++
		}
	}
	if !b.InCombat(i) && f.Moves() < 2 {
		nk[rMove] = 1
		if f.Moves() == 0 && f.Left() == 2 {
			nk[rRun] = 1
		}
	}
	var kinds [rKinds]int
	n := 0
	for k := 0; k < rKinds; k++ {
		if nk[k] > 0 {
			kinds[n] = k
			n++
		}
	}
	if n == 0 {
		return false
	}
	switch k := kinds[b.RNG.IntN(n)]; k {
	case rFight:
		t := int(fights[b.RNG.IntN(nk[k])])
		b.Decide(i, "fights", t, "at random")
		return b.Fight(i, t)
	case rShoot:
		c := int(shots[b.RNG.IntN(nk[k])])
		w, t := int(pr.Weapons[c/sk.MaxFigures]), c%sk.MaxFigures
		b.Decide(i, "shoots", t, "at random")
		return b.Shoot(i, w, t, int(shots[b.RNG.IntN(nk[k])])%sk.MaxFigures)
	case rThrow:
		c := int(throws[b.RNG.IntN(nk[k])])
		w, t := int(pr.Weapons[c/sk.MaxFigures]), c%sk.MaxFigures
		b.Decide(i, "throws a grenade at", t, "at random")
		return b.Throw(i, w, b.Figs[t].Pos)
	case rPower:
		c := int(powers[b.RNG.IntN(nk[k])])
		b.Decide(i, "uses a power", c%sk.MaxFigures, "at random")
		return b.Power(i, c/sk.MaxFigures, c%sk.MaxFigures, b.RNG.IntN(3), uint8(b.RNG.IntN(3)), r.goal(b, i))
	case rUnlock:
		t := int(unlocks[b.RNG.IntN(nk[k])])
		b.Decide(i, "unlocks loot", -1, "at random")
		if b.Unlock(i, t) && b.FreePickUp(i, t) && b.RNG.Bool() {
			b.PickUp(i, t)
		}
		return true
	case rPickUp:
		t := int(pickups[b.RNG.IntN(nk[k])])
		b.Decide(i, "picks up loot", -1, "at random")
		return b.PickUp(i, t)
	case rRun:
		b.Decide(i, "runs for it", -1, "at random")
		return b.RunForIt(i, r.goal(b, i))
	default:
		b.Decide(i, "moves", -1, "at random")
		return b.Move(i, r.goal(b, i), 0)
	}
}

// goal draws where a random move heads: a random point of the table, a
// random enemy, a random token, or (carrying loot) its table edge.
func (Random) goal(b *sk.Battle, i int) geom.Vec {
	f := &b.Figs[i]
	sc := &b.S.Scenario
	switch b.RNG.IntN(4) {
	case 0:
		if j := b.RNG.IntN(b.NF); b.Enemies(i, j) && b.Figs[j].Standing() {
			return b.Figs[j].Pos
		}
	case 1:
		if b.NLoot > 0 {
			if k := b.RNG.IntN(b.NLoot); b.Loot[k].OnGround() {
				return b.Loot[k].Pos
			}
		}
	case 2:
		if f.Carry >= 0 {
			return b.HomeGoal(i)
		}
	}
	return geom.V(b.RNG.Float32()*sc.W, b.RNG.Float32()*sc.H)
}
