package skirmish

import (
	"math/bits"
	"sync"

	"balance/sim/geom"
	sk "balance/sim/skirmish"
)

// Basic is the baseline tier of play for a warband. Each figure, at each
// action:
//
//   - in combat, fights the opponent it has the best odds against (a
//     loot carrier first), then uses a shield or heal power if it can;
//     when it wins it pushes its opponent away if it carries loot, shoots
//     better than it fights, or can knock the opponent off a ledge, and
//     otherwise stays;
//   - carrying loot, heads for its table edge (Run for it when that
//     covers more ground than a Move and a 2nd Move would);
//   - when it is the closest of its warband to a loot token lying on the
//     table, goes for it: moves into contact, unlocks it, picks it up;
//   - otherwise attacks: a figure that shoots better than it fights shoots
//     first (the target with the highest expected damage, from the exact
//     odds; the nearer of two creatures alike) and stands, or moves to
//     within 70% of its range and shoots;
//     one that fights better charges the closest enemy, fights it, and
//     shoots with its remaining action when it cannot reach.
//
// Grenades: a fragmentation grenade or launcher is used instead of a
// shot when its expected damage (to enemies, less twice that to friends,
// times the chance it lands) beats the best shot's; smoke is thrown
// between a friendly loot carrier and the enemy that sees it. A bolt power replaces a shot when there is no shot. Exertion
// spends Health only to turn a failed roll into a success, keeping 5
// Health. A figure intercepts a mover that carries loot, or any mover
// when it fights better than it shoots and is at least even in combat.
// Groups take every eligible soldier.
type Basic struct{}

var _ sk.Policy = Basic{}

// Group takes every eligible soldier (at most 3, the closest first, as
// listed).
func (Basic) Group(b *sk.Battle, leader int, eligible []int8) int { return min(len(eligible), 3) }

// Intercept forces combat on a loot carrier, or when the figure is a
// fighter with even odds or better.
func (Basic) Intercept(b *sk.Battle, i, mover int) bool {
	if b.Figs[i].Carry >= 0 || b.Figs[mover].Side == sk.SideCreatures {
		return false
	}
	if b.Figs[mover].Carry >= 0 {
		return true
	}
	return brawler(b, i) && pWin(b.FightStat(i)-b.FightStat(mover)) >= 0.45
}

// Push disengages a carrier or a shooter, and knocks an opponent off a
// ledge higher than 3".
func (Basic) Push(b *sk.Battle, w, l int) sk.Push {
	if b.Elevation(b.Figs[l].Pos) > 3 {
		away := b.Figs[l].Pos.Add(b.Figs[l].Pos.Sub(b.Figs[w].Pos).Norm())
		if b.Elevation(b.Figs[l].Pos)-b.Elevation(away) > 3 {
			return sk.PushLoser
		}
	}
	if b.Figs[w].Carry >= 0 || !brawler(b, w) {
		return sk.PushLoser
	}
	return sk.Stay
}

// Act plays figure i's activation, or its first Move in a group.
func (p Basic) Act(b *sk.Battle, i int, step sk.Step) {
	for n := 0; n < 4 && !b.Done; n++ {
		f := &b.Figs[i]
		if !f.Standing() || f.Left() == 0 || (step == sk.StepGroupMove && f.Moves() > 0) {
			return
		}
		if !p.next(b, i, step) {
			return
		}
	}
}

// next takes one action; false when there is none to take.
func (p Basic) next(b *sk.Battle, i int, step sk.Step) bool {
	f := &b.Figs[i]
	if b.InCombat(i) {
		if t := bestOpponent(b, i); t >= 0 && b.CanFight(i, t) {
			b.Decide(i, "fights", t, "in combat")
			return b.Fight(i, t)
		}
		return p.supportPower(b, i)
	}
	if f.Carry >= 0 {
		return p.home(b, i)
	}
	if k := claim(b, i); k >= 0 {
		if p.loot(b, i, k) {
			return true
		}
	}
	return p.attack(b, i)
}

// home walks a loot carrier to its table edge.
func (p Basic) home(b *sk.Battle, i int) bool {
	f := &b.Figs[i]
	goal := b.HomeGoal(i)
	if f.Moves() == 0 && f.Left() == 2 {
		a := b.Allowance(i)
		progress := a * 1.5
		if b.Slow(i) {
			progress /= 2
		}
		if progress < 3 && f.Pos.Dist(goal) > progress {
			b.Decide(i, "runs for it", -1, "carrying loot: 3\" beats a Move and a 2nd Move here")
			return b.RunForIt(i, goal)
		}
	}
	if f.Moves() < 2 {
		b.Decide(i, "heads home", -1, "carrying loot")
		return b.Move(i, goal, 0)
	}
	return false
}

// loot plays an action toward token k; false when none fits (the figure
// then attacks).
func (p Basic) loot(b *sk.Battle, i, k int) bool {
	f := &b.Figs[i]
	t := &b.Loot[k]
	if b.AtToken(i, k) {
		if !t.Unlocked {
			if b.CanUnlock(i, k) {
				b.Decide(i, "unlocks loot", -1, "in contact with a locked token")
				if b.Unlock(i, k) && b.FreePickUp(i, k) {
					b.PickUp(i, k)
				}
				return true
			}
		} else if b.CanPickUp(i, k) {
			b.Decide(i, "picks up loot", -1, "in contact with an unlocked token")
			return b.PickUp(i, k)
		}
		if f.Moves() == 0 && f.Left() == 1 {
			return b.Move(i, f.Pos, 0) // the Move every activation needs: it stays by the token
		}
		return false
	}
	if f.Moves() < 2 {
		b.Decide(i, "goes for loot", -1, "the closest of its warband to a token on the table")
		return b.Move(i, t.Pos, 0)
	}
	return false
}

// attack shoots, throws, charges or moves toward the enemy.
func (p Basic) attack(b *sk.Battle, i int) bool {
	f := &b.Figs[i]
	t := -1 // the closest enemy, found where it is needed (a shot taken does not need it)
	first := f.Moves() == 0 && f.Left() == 2
	mustMove := f.Moves() == 0 && f.Left() == 1
	if brawler(b, i) {
		if t = nearestEnemy(b, i); t >= 0 && f.Moves() == 0 && b.EdgeDist(i, t) <= b.Allowance(i) && b.LOS(i, t) {
			b.Decide(i, "charges", t, "the closest enemy, within reach")
			return b.Move(i, b.Figs[t].Pos, 0)
		}
		if !mustMove && (p.fire(b, i) || p.bolt(b, i)) {
			return true
		}
		if t < 0 || f.Moves() >= 2 {
			return mustMove && b.Move(i, f.Pos, 0)
		}
		b.Decide(i, "closes on", t, "the closest enemy")
		return b.Move(i, b.Figs[t].Pos, 0)
	}
	if !mustMove && p.fire(b, i) {
		return true
	}
	if mustMove && !first {
		return b.Move(i, f.Pos, 0) // it shot: it stands
	}
	if f.Moves() > 0 && p.bolt(b, i) {
		return true
	}
	if t = nearestEnemy(b, i); t < 0 || f.Moves() >= 2 {
		return false
	}
	w := bestGun(b, i)
	r := float32(6)
	if w >= 0 {
		r = b.S.Weapons[w].Range * 0.7
	}
	tp := b.Figs[t].Pos
	d := tp.Dist(f.Pos)
	goal := tp
	if d > r && b.LOS(i, t) {
		goal = tp.Add(f.Pos.Sub(tp).Scale(r / d))
	}
	b.Decide(i, "advances toward", t, "to shoot")
	return b.Move(i, goal, 0)
}

// fire throws smoke to hide a friendly carrier, or a grenade, or takes
// the best shot of figure i, whichever the policy prefers; false when it
// has none.
func (p Basic) fire(b *sk.Battle, i int) bool {
	if !b.MayShoot(i) {
		return false
	}
	if p.smoke(b, i) {
		return true
	}
	w, t1, t2, v := pickShot(b, i)
	if p.frag(b, i, v) {
		return true
	}
	if w < 0 {
		return false
	}
	b.Decide(i, "shoots", t1, "the highest expected damage")
	return b.Shoot(i, w, t1, t2)
}

// pickShot returns figure i's gun, target (and second target for a gun
// of two) of the highest expected damage, and that damage; w -1 when it
// has no shot.
func pickShot(b *sk.Battle, i int) (bestW, bestT, secondT int, bestE float32) {
	bestW, bestT, secondT = -1, -1, -1
	pr := b.P(i)
	tab := shotTab(b.Rules())
	for k := 0; k < int(pr.NWeapons); k++ {
		w := int(pr.Weapons[k])
		c := b.S.Weapons[w].Class
		if c != sk.Gun && c != sk.Flame {
			continue
		}
		var e1, e2, ej float32 // the expected damage at t1, at t2, at j
		t1, t2 := -1, -1
		for m := b.ShotTargets(i, w); m != 0; m &= m - 1 {
			j := bits.TrailingZeros32(m)
			if c == sk.Flame {
				ej = flameValue(b, i, w, j, tab)
			} else {
				ej = expected(b, i, w, j, tab)
			}
			switch {
			case t1 < 0 || ej > e1 || (ej == e1 && nearerCreature(b, i, j, t1)):
				t1, t2, e1, e2 = j, t1, ej, e1
			case t2 < 0 || ej > e2 || (ej == e2 && nearerCreature(b, i, j, t2)):
				t2, e2 = j, ej
			}
		}
		if t1 < 0 {
			continue
		}
		v := e1
		if b.S.Weapons[w].Targets >= 2 && t2 >= 0 {
			v += e2
		}
		if v > bestE {
			bestE, bestW, bestT, secondT = v, w, t1, t2
		}
	}
	return bestW, bestT, secondT, bestE
}

// nearerCreature reports whether j and k are creatures and j is the
// nearer to figure i: of two creatures a shot values alike the nearer is
// taken, not the first by index. The index is the scenario's order of
// its creatures, which favours one edge's whichever warband shoots (in a
// mirror match the spitter on A's flank went out of action 8.9% of
// battles, B's 5.8%); warband figures keep their index order, the same
// on either side.
func nearerCreature(b *sk.Battle, i, j, k int) bool {
	return b.Figs[j].Side == sk.SideCreatures && b.Figs[k].Side == sk.SideCreatures && b.EdgeDist(i, j) < b.EdgeDist(i, k)
}

// smoke throws smoke to hide a friendly loot carrier from the enemy that
// sees it.
func (p Basic) smoke(b *sk.Battle, i int) bool {
	pr := b.P(i)
	for k := 0; k < int(pr.NWeapons); k++ {
		w := int(pr.Weapons[k])
		wp := &b.S.Weapons[w]
		if wp.Blast != sk.Smoke {
			continue
		}
		for m := b.Band(b.Figs[i].Side); m != 0; m &= m - 1 {
			c := bits.TrailingZeros32(m)
			if b.Figs[c].Carry < 0 {
				continue
			}
			e := nearestShooterSeeing(b, c)
			if e < 0 {
				continue
			}
			pt := b.Figs[c].Pos.Add(b.Figs[e].Pos.Sub(b.Figs[c].Pos).Norm().Scale(wp.Radius + 1))
			if b.CanThrow(i, w, pt) {
				b.Decide(i, "throws smoke", c, "to hide a friendly loot carrier")
				return b.Throw(i, w, pt)
			}
		}
	}
	return false
}

// frag throws a fragmentation grenade (or fires the launcher) where its
// expected damage to enemies, less twice that to friends, weighted by the
// chance it lands, beats shot, the best shot's.
func (p Basic) frag(b *sk.Battle, i int, shot float32) bool {
	pr := b.P(i)
	bestW, bestJ, bestV := -1, -1, shot
	for k := 0; k < int(pr.NWeapons); k++ {
		w := int(pr.Weapons[k])
		if b.S.Weapons[w].Blast != sk.Frag {
			continue
		}
		for m := b.Foes(i); m != 0; m &= m - 1 {
			j := bits.TrailingZeros32(m)
			if !b.CanThrow(i, w, b.Figs[j].Pos) {
				continue
			}
			if v := fragValue(b, i, w, b.Figs[j].Pos); v > bestV {
				bestW, bestJ, bestV = w, j, v
			}
		}
	}
	if bestW < 0 {
		return false
	}
	b.Decide(i, "throws a grenade at", bestJ, "more expected damage than a shot")
	return b.Throw(i, bestW, b.Figs[bestJ].Pos)
}

// fragValue is the expected damage of figure i's grenade w aimed at p,
// if it lands there, times the chance it does: to enemies, less twice
// that to friends.
func fragValue(b *sk.Battle, i, w int, p geom.Vec) float32 {
	a := int(b.S.Weapons[w].Attack)
	r := b.Rules()
	if r.FragAttack == sk.FragShootPlus3 {
		a += b.ShootStat(i)
	}
	var buf [sk.MaxFigures]int8
	var v float32
	tab := expectedTab(r.Crit == sk.CritDouble, false)
	for _, k := range b.FragVictims(w, p, buf[:0]) {
		d := b.FightStat(int(k))
		if b.P(int(k)).Large {
			d -= 2
		}
		e := tab.at(d-a, a-b.ArmourOf(int(k)))
		switch {
		case !b.Enemies(i, int(k)):
			v -= 2 * e
		case b.Figs[k].Side == sk.SideCreatures:
			v += e / 4
		default:
			v += e
		}
	}
	return v * float32(sk.TN(sk.GrenadeTN, b.GrenadeMod(i, w, p)))
}

// bolt uses a bolt power at the enemy with the best expected damage.
func (p Basic) bolt(b *sk.Battle, i int) bool {
	pr := b.P(i)
	for k := 0; k < int(pr.NPowers); k++ {
		if pr.Powers[k].Op != sk.OpBolt {
			continue
		}
		best := -1
		for m := b.Foes(i); m != 0; m &= m - 1 { // a bolt's targets: standing enemies
			if j := bits.TrailingZeros32(m); b.CanPower(i, k, j) && (best < 0 || b.Figs[j].Health < b.Figs[best].Health) {
				best = j
			}
		}
		if best >= 0 {
			b.Decide(i, "uses a power on", best, "no shot to take")
			return b.Power(i, k, best, exertion(b, i, k), sk.PowerMoveAfter, b.Figs[i].Pos)
		}
	}
	return false
}

// supportPower uses a shield, or a heal on the most hurt friend in reach.
func (p Basic) supportPower(b *sk.Battle, i int) bool {
	pr := b.P(i)
	for k := 0; k < int(pr.NPowers); k++ {
		pw := &pr.Powers[k]
		switch pw.Op {
		case sk.OpShield:
			if b.CanPower(i, k, i) && b.InCombat(i) {
				b.Decide(i, "uses a shield power", -1, "in combat")
				return b.Power(i, k, i, exertion(b, i, k), sk.NoPowerMove, geom.Vec{})
			}
		case sk.OpHeal:
			best, lost := -1, int8(0)
			for m := b.Band(b.Figs[i].Side); m != 0; m &= m - 1 { // a heal's targets: standing friends
				j := bits.TrailingZeros32(m)
				if l := b.P(j).Health - b.Figs[j].Health; l >= pw.Amount && l > lost && b.CanPower(i, k, j) {
					best, lost = j, l
				}
			}
			if best >= 0 {
				b.Decide(i, "heals", best, "the most hurt friend in reach")
				return b.Power(i, k, best, exertion(b, i, k), sk.NoPowerMove, geom.Vec{})
			}
		}
	}
	return false
}

// exertion is the Health figure i is ready to spend on power k: what
// keeps 5 Health after the strain.
func exertion(b *sk.Battle, i, k int) int {
	return max(int(b.Figs[i].Health)-int(b.P(i).Powers[k].Strain)-5, 0)
}

// brawler reports whether figure i fights better than it shoots (or has
// no gun); a flame thrower makes a shooter of it.
func brawler(b *sk.Battle, i int) bool {
	w := bestGun(b, i)
	return w < 0 || (b.FightStat(i) > b.ShootStat(i) && b.S.Weapons[w].Class != sk.Flame)
}

// bestGun returns figure i's gun of the longest range (a flame thrower
// counts), or -1: worked out once per profile (Profile.Gun).
func bestGun(b *sk.Battle, i int) int { return b.P(i).Gun() }

// claim returns the token lying on the table that figure i is the
// closest of its standing, unburdened warband to (the nearest such), or
// -1.
func claim(b *sk.Battle, i int) int {
	best, bd := -1, float32(0)
	// The mates that may be closer: standing, carrying nothing, not in
	// combat. A mate of a lower index is closer at the same distance.
	mates := b.Band(b.Figs[i].Side) &^ (1 << i) &^ b.Carrying() &^ b.Engaged()
	lower, higher := mates&(1<<i-1), mates&^(1<<i-1)
tokens:
	for m := b.LootOnGround(); m != 0; m &= m - 1 {
		k := bits.TrailingZeros32(m)
		tp := b.Loot[k].Pos
		d := b.Figs[i].Pos.Dist(tp)
		if best >= 0 && !(d < bd) {
			continue // no nearer than the token already claimed
		}
		for m := lower; m != 0; m &= m - 1 {
			if b.Figs[bits.TrailingZeros32(m)].Pos.Dist(tp) <= d {
				continue tokens // a closer mate's
			}
		}
		for m := higher; m != 0; m &= m - 1 {
			if b.Figs[bits.TrailingZeros32(m)].Pos.Dist(tp) < d {
				continue tokens
			}
		}
		best, bd = k, d
	}
	return best
}

// nearestEnemy returns the closest standing enemy warband figure (a
// creature when no warband figure is left), or -1.
func nearestEnemy(b *sk.Battle, i int) int {
	foes := b.Foes(i)
	if w := foes &^ b.Band(sk.SideCreatures); w != 0 {
		foes = w // the creatures only when no warband figure is left
	}
	best, bd := -1, float32(0)
	pi, ri := b.Figs[i].Pos, b.Base(i) // b.EdgeDist(i, j), i's read once
	for m := foes; m != 0; m &= m - 1 {
		j := bits.TrailingZeros32(m)
		if d := b.EdgeDistFrom(pi, ri, j); best < 0 || d < bd {
			best, bd = j, d
		}
	}
	return best
}

// bestOpponent returns the opponent in combat with i that i has the best
// odds against, a loot carrier first.
func bestOpponent(b *sk.Battle, i int) int {
	best, bs := -1, float32(-1)
	var buf [sk.MaxFigures]int8
	for _, o := range b.Opponents(i, buf[:0]) {
		j := int(o)
		a, d := b.MeleeMods(i, j)
		s := pWin(a - d)
		if b.Figs[j].Carry >= 0 {
			s += 1
		}
		if s > bs {
			best, bs = j, s
		}
	}
	return best
}

// nearestShooterSeeing returns the closest enemy of figure c that sees it
// and has a gun, or -1.
func nearestShooterSeeing(b *sk.Battle, c int) int {
	best, bd := -1, float32(0)
	for j := 0; j < b.NF; j++ {
		if !b.Enemies(c, j) || !b.Figs[j].Standing() || bestGun(b, j) < 0 {
			continue
		}
		if d := b.EdgeDist(c, j); (best < 0 || d < bd) && b.LOS(c, j) {
			best, bd = j, d
		}
	}
	return best
}

// pWin is the probability that d20 + m beats d20 (a tie is no win):
// (19 − d)(20 − d)/800 for d = −m in 0..19, 1 − (20 + d)(21 + d)/800 for
// d in −20..−1.
func pWin(m int) float32 {
	switch d := -m; {
	case d >= 20:
		return 0
	case d <= -20:
		return 1
	case d >= 0:
		return float32((19-d)*(20-d)) / 800
	default:
		return 1 - float32((20+d)*(21+d))/800
	}
}

// expected returns the expected damage of figure i's shot with gun w at
// figure j, from the exact odds; creatures count a quarter (they win
// nothing).
// tab is shotTab(b.Rules()).
func expected(b *sk.Battle, i, w, j int, tab *eTable) float32 {
	s := b.ShotAt(i, w, j)
	e := tab.at(s.D-s.A, s.A+s.M-s.R)
	if b.Figs[j].Side == sk.SideCreatures {
		e /= 4
	}
	if b.Figs[j].Carry >= 0 {
		e *= 1.5
	}
	return e
}

// flameValue is the expected damage a flame thrower's template aimed at j
// deals to enemies, less what it deals to friends.
// tab is shotTab(b.Rules()).
func flameValue(b *sk.Battle, i, w, j int, tab *eTable) float32 {
	var buf [sk.MaxFigures]int8
	var v float32
	for _, k := range b.FlameHits(i, w, j, buf[:0]) {
		e := expected(b, i, w, int(k), tab)
		if b.Enemies(i, int(k)) {
			v += e
		} else {
			v -= 2 * e
		}
	}
	return v
}

// The expected damage of an opposed shot, tabulated once: by d = D − A
// (−30..30) and k = A + M − R (−40..20), with and without criticals and
// jams.
const (
	tabD = 30
	tabK = 40
	tabH = 20
)

// eTable is the expected damage by d + tabD and k + tabK under one
// reading of criticals and jams.
type eTable [2*tabD + 1][tabK + tabH + 1]float32

var (
	eOnce sync.Once
	eTab  [2][2]eTable // by criticals, by jams
)

// expectedTab returns the table of the expected damage of an opposed
// roll, with criticals (doubled on a 20) or not and jams (none on a 1)
// or not, built on the first ask.
func expectedTab(crit, jam bool) *eTable {
	eOnce.Do(func() {
		for c := 0; c < 2; c++ {
			for jm := 0; jm < 2; jm++ {
				for dd := -tabD; dd <= tabD; dd++ {
					for kk := -tabK; kk <= tabH; kk++ {
						m := sk.Opposed{A: 0, D: dd, M: kk, Crit: c == 1, Jam: jm == 1}.MeanDamage()
						eTab[c][jm][dd+tabD][kk+tabK] = float32(m)
					}
				}
			}
		}
	})
	ci, ji := 0, 0
	if crit {
		ci = 1
	}
	if jam {
		ji = 1
	}
	return &eTab[ci][ji]
}

// shotTab is the table of a gun's shot under rules r.
func shotTab(r *sk.Rules) *eTable {
	return expectedTab(r.Crit == sk.CritDouble, r.Jam == sk.JamJammed)
}

// at returns E[damage] of an opposed roll where the attacker wins when
// x − y > d and then deals x + k.
func (t *eTable) at(d, k int) float32 {
	d = min(max(d, -tabD), tabD)
	k = min(max(k, -tabK), tabH)
	return t[d+tabD][k+tabK]
}
