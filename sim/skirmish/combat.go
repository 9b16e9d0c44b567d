package skirmish

import (
	"math/bits"

	"balance/sim/geom"
)

// carryPenalty is the Fight and Shoot penalty of a figure carrying
// physical loot: −1, else 0.
func (b *Battle) carryPenalty(i int) int {
	if c := b.Figs[i].Carry; c >= 0 && !b.Loot[c].Data {
		return -1
	}
	return 0
}

// FightStat returns figure i's Fight as its combat rolls use it: its
// stat, its melee weapon's Fight modifier (unarmed −2) and the carrying
// penalty. A target of shooting rolls with it too.
func (b *Battle) FightStat(i int) int {
	p := b.P(i)
	return int(p.Fight) + int(p.meleeFight) + b.carryPenalty(i)
}

// ShootStat returns figure i's Shoot with the carrying penalty.
func (b *Battle) ShootStat(i int) int { return int(b.P(i).Shoot) + b.carryPenalty(i) }

// ArmourOf returns figure i's Armour with its shield.
func (b *Battle) ArmourOf(i int) int { return int(b.P(i).Armour) + int(b.Figs[i].Shield) }

// friends reports whether i and j are on the same side (creatures are
// all friends of each other).
func (b *Battle) friends(i, j int) bool { return b.Figs[i].Side == b.Figs[j].Side }

// supporters counts the figures friendly to i, other than i, in combat
// with j and with nobody else.
func (b *Battle) supporters(i, j int) int {
	n := 0
	for m := b.sides[b.Figs[i].Side] &^ (1 << i) & b.opponents(j); m != 0; m &= m - 1 {
		if k := bits.TrailingZeros32(m); b.opponents(k) == 1<<j {
			n++
		}
	}
	return n
}

// MeleeMods returns the total modifiers of attacker i and defender j in
// a fight: Fight (with weapon and carrying) and the net supporting bonus.
func (b *Battle) MeleeMods(i, j int) (a, d int) {
	r := &b.S.Rules
	sa, sd := Support(2*b.supporters(i, j), 2*b.supporters(j, i), int(r.SupportCapValue), r.SupportCap == CapBeforeNet)
	return b.FightStat(i) + sa, b.FightStat(j) + sd
}

// fightsAllowed returns how many Fight actions figure i may take in one
// activation.
func (b *Battle) fightsAllowed(i int) int8 {
	if b.Figs[i].Side == SideCreatures {
		return int8(max(b.S.Rules.CreatureFights, 1))
	}
	return int8(max(b.S.Rules.Fights, 1))
}

// CanFight reports whether figure i may now fight figure j.
func (b *Battle) CanFight(i, j int) bool {
	return b.canAct(i, false) && b.InCombatWith(i, j) && b.Figs[i].fights < b.fightsAllowed(i)
}

// Fight is the Fight action of figure i against figure j, in combat with
// it: both roll d20 + their modifiers, the higher total wins and deals
// its total + its weapon's damage modifier − the loser's Armour; the
// winner may then push either figure back 1". A tie is resolved by the
// melee_tie rule. It reports whether i won.
func (b *Battle) Fight(i, j int) bool {
	if !b.CanFight(i, j) {
		return false
	}
	f := &b.Figs[i]
	f.left--
	f.fights++
	a, d := b.MeleeMods(i, j)
	b.T.Fights[i]++
	b.T.Fights[j]++
	for n := 0; ; n++ {
		x, y := b.D20(), b.D20()
		ta, td := x+a, y+d
		if b.Trace != nil {
			b.emit(Event{Kind: EvFight, Fig: int8(i), Target: int8(j), X: int8(x), Y: int8(y), A: int16(ta), D: int16(td)})
		}
		switch {
		case ta > td:
			b.meleeWin(i, j, ta)
			return true
		case td > ta:
			b.meleeWin(j, i, td)
			return false
		}
		switch b.S.Rules.MeleeTie {
		case TieBothDamage:
			b.meleeDamage(i, j, ta)
			b.meleeDamage(j, i, td)
			return false
		case TieReroll:
			if n < 50 {
				continue
			}
		}
		return false
	}
}

// meleeDamage deals the damage of winning total t of figure w to l.
func (b *Battle) meleeDamage(w, l, t int) {
	if !b.Figs[l].Standing() {
		return
	}
	dmg := t + int(b.S.Weapons[b.P(w).Melee].Damage) - b.ArmourOf(l)
	b.damage(l, w, dmg, "melee")
}

func (b *Battle) meleeWin(w, l, t int) {
	b.T.Won[w]++
	b.meleeDamage(w, l, t)
	if b.Done || !b.Figs[w].Standing() || !b.Figs[l].Standing() {
		return
	}
	switch b.pol[b.Figs[w].Side].Push(b, w, l) {
	case PushLoser:
		b.push(l, w)
	case PushSelf:
		b.push(w, l)
	}
}

// Shot is an opposed shooting attack worked out: the totals of the
// shooter (A) and of the target (D), the damage modifier and the
// target's Armour, and what the target's roll gains from terrain.
type Shot struct {
	A, D, M, R  int
	Cover       uint8 // CoverNone, CoverLight, CoverHeavy
	Intervening int8
}

// Opposed returns the shot as an Opposed roll under the rules.
func (s Shot) Opposed(r *Rules, gun bool) Opposed {
	return Opposed{A: s.A, D: s.D, M: s.M, R: s.R, Crit: r.Crit == CritDouble, Jam: gun && r.Jam == JamJammed}
}

// TerrainMods returns what terrain adds to a target j's roll against a
// shot from point p of figure i (base ri): +1 for each piece of
// intervening terrain the line crosses, except one the shooter touches
// (nothing) or the target touches (cover instead: light +2, heavy +4, the
// best); another figure the target touches and the line crosses is light
// cover. A piece a figure stands on is neither.
func (b *Battle) TerrainMods(p geom.Vec, ri float32, i, j int) (mod int, cover uint8, intervening int8) {
	q := b.Figs[j].Pos
	rj := b.base[j]
	// The terrain between the two points, remembered from battle to
	// battle by the points and radii themselves (terrainBetween): a
	// shooter asked again about a target, neither having moved, finds
	// it there too. The call is not inlined (the profile's hot call
	// was a line above; inlined, the wrapper costs more than the call:
	// 1,500 instructions a battle).
	cover, intervening = b.terrainBetween(p, ri, q, rj)
	// Another figure gives light cover when the terrain gives none
	// better: one whose base the target's touches and the line from p
	// crosses.
	if cover < CoverLight {
		// The figures about in contact with the target (when it stands;
		// else every figure standing).
		others := b.standing &^ (1 << j)
		if b.standing&(1<<j) != 0 {
			others = b.nearTo(j)
		}
		if i >= 0 {
			others &^= 1 << i
		}
		for ; others != 0; others &= others - 1 {
			k := bits.TrailingZeros32(others)
			if geom.EdgeDist(b.Figs[k].Pos, b.base[k], q, rj) <= contactTol && geom.SegmentCircle(p, q, b.Figs[k].Pos, b.base[k]) {
				cover = CoverLight
				break
			}
		}
	}
	mod = int(intervening)
	switch cover {
	case CoverLight:
		mod += 2
	case CoverHeavy:
		mod += 4
	}
	return mod, cover, intervening
}

// terrainBetween is Battle.terrainBetween worked out: the best cover of
// the pieces the target at q (base rj) touches and the line from p
// (base ri) crosses, and how many pieces intervene. A figure whose base
// lies off a piece's box by more than its reach does not touch the
// piece: its distance from the piece is not asked.
func (s *Setup) terrainBetween(p geom.Vec, ri float32, q geom.Vec, rj float32) (cover uint8, intervening int8) {
	m := s.lines.near(p, q) & s.masks.covering
	if m == 0 {
		return 0, 0 // no covering piece listed near the line
	}
	line := newLineBox(p, q, 0)
	for ; m != 0; m &= m - 1 {
		k := uint8(bits.TrailingZeros32(m))
		t := &s.Scenario.Terrain[k]
		if line.offBox(&t.Shape) || line.aside(&t.Shape) || !t.Shape.SegmentHits(p, q) {
			continue
		}
		if s.inside(k, q) || s.inside(k, p) {
			continue
		}
		switch {
		case !offReach(&t.Shape, q, rj+contactTol) && t.Shape.Dist(q) <= rj+contactTol:
			cover = max(cover, t.Cover)
		case !offReach(&t.Shape, p, ri+contactTol) && t.Shape.Dist(p) <= ri+contactTol:
		default:
			intervening++
		}
	}
	return cover, intervening
}

// defence returns the target j's total modifier against a shooting
// attack by figure i (from point p of base ri), with or without the
// terrain, hasty-shot and cleared-jam modifiers.
func (b *Battle) defence(i, j int, p geom.Vec, ri float32, terrain, shooterMods bool) (d int, cover uint8, inter int8) {
	d = b.FightStat(j)
	if terrain {
		var m int
		m, cover, inter = b.TerrainMods(p, ri, i, j)
		d += m
	}
	if b.prof[j].Large {
		d -= 2
	}
	var fi uint16 // the shooter's flags (none without a shooter)
	if i >= 0 {
		fi = b.Figs[i].flags
	}
	stunned := b.Figs[j].flags // whose stun counts
	if b.S.Rules.Stunned == StunnedShooter {
		stunned = fi
	}
	if stunned&fStunAct != 0 {
		d += 2
	}
	if shooterMods {
		if fi&fMoved != 0 {
			d++ // hasty shot
		}
		if fi&fClearJam != 0 {
			d++ // cleared jam
		}
	}
	return d, cover, inter
}

// ShotAt works out figure i's shot with weapon w (a gun or a flame
// thrower) at figure j as things stand.
func (b *Battle) ShotAt(i, w, j int) Shot {
	wp := &b.S.Weapons[w]
	ignoreCover := wp.Class == Flame && b.S.Rules.FlameIgnores&FlameIgnoresCover != 0
	d, cover, inter := b.defence(i, j, b.Figs[i].Pos, b.base[i], !ignoreCover, true)
	s := Shot{A: b.ShootStat(i) + int(wp.Shoot), D: d, M: int(wp.Damage), R: b.ArmourOf(j), Cover: cover, Intervening: inter}
	if wp.Class == Flame && b.S.Rules.FlameIgnores&FlameIgnoresArmour != 0 {
		s.R = 0
	}
	return s
}

// InRange reports whether figure j is within weapon w's range of figure
// i (base edge to base edge).
func (b *Battle) InRange(i, w, j int) bool {
	return b.EdgeDist(i, j) <= b.S.Weapons[w].Range+1e-4
}

// canShootNow reports whether figure i may take a Shoot action now.
func (b *Battle) canShootNow(i int) bool {
	f := &b.Figs[i]
	if !b.canAct(i, false) || f.used&usedShoot != 0 {
		return false
	}
	if b.S.Rules.ShootInCombat == ShootInCombatNo && b.InCombat(i) {
		return false
	}
	return true
}

// MayShoot reports whether figure i may now take a Shoot action (with a
// gun, a flame thrower or a grenade), whatever the target.
func (b *Battle) MayShoot(i int) bool { return b.canShootNow(i) }

// Carries reports whether figure i carries weapon w.
func (b *Battle) Carries(i, w int) bool {
	p := b.P(i)
	for k := 0; k < int(p.NWeapons); k++ {
		if int(p.Weapons[k]) == w {
			return true
		}
	}
	return false
}

// CanShoot reports whether figure i may now shoot weapon w (a gun or a
// flame thrower it carries, not jammed) at figure j: an enemy standing,
// in range and in sight.
func (b *Battle) CanShoot(i, w, j int) bool {
	if j == i || !b.Enemies(i, j) || !b.Figs[j].Standing() || b.Figs[i].flags&fJammed != 0 {
		return false
	}
	if c := b.S.Weapons[w].Class; c != Gun && c != Flame {
		return false
	}
	return b.InRange(i, w, j) && b.Carries(i, w) && b.canShootNow(i) && b.LOS(i, j)
}

// ShotTargets returns, as a mask, the figures j that figure i may now
// shoot with weapon w (those for which CanShoot holds), asking what does
// not depend on the target once.
func (b *Battle) ShotTargets(i, w int) uint32 {
	if b.Figs[i].flags&fJammed != 0 {
		return 0
	}
	if c := b.S.Weapons[w].Class; c != Gun && c != Flame {
		return 0
	}
	if !b.Carries(i, w) || !b.canShootNow(i) {
		return 0
	}
	var out uint32
	// b.EdgeDist(i, j), with i's place and base read once.
	pi, ri := b.Figs[i].Pos, b.base[i]
	for m, rng := b.Foes(i), b.S.Weapons[w].Range+1e-4; m != 0; m &= m - 1 { // rng: InRange's
		if j := bits.TrailingZeros32(m); b.EdgeDistFrom(pi, ri, j) <= rng && b.LOS(i, j) {
			out |= 1 << j
		}
	}
	return out
}

// Shoot is the Shoot action of figure i with gun w at figure j; with a
// weapon of two targets (rapid fire) also at j2 (-1: none), a different
// figure. Each is an opposed roll: the shooter's d20 + Shoot against the
// target's d20 + Fight + its shooting defence modifiers; the target wins
// ties. A won roll deals the total + the weapon's damage modifier −
// Armour, doubled on a natural 20 under the crit rule; a shot of 4 or
// more stuns. A natural 1 jams the gun under the jam rule (a miss). With
// a flame thrower it is Flame. It reports whether the action was taken.
func (b *Battle) Shoot(i, w, j, j2 int) bool {
	if !b.CanShoot(i, w, j) {
		return false
	}
	if b.S.Weapons[w].Class == Flame {
		return b.Flame(i, w, j)
	}
	f := &b.Figs[i]
	f.left--
	f.used |= usedShoot
	jammed := b.shoot(i, w, j)
	wp := &b.S.Weapons[w]
	if wp.Targets >= 2 && b.S.Rules.RapidFire == RapidTwoTargets && j2 >= 0 && j2 != j && !jammed && !b.Done &&
		f.Standing() && b.Enemies(i, j2) && b.Figs[j2].Standing() && b.InRange(i, w, j2) && b.LOS(i, j2) {
		b.shoot(i, w, j2)
	}
	return true
}

// shoot resolves one shot; it reports a jam.
func (b *Battle) shoot(i, w, j int) bool {
	s := b.ShotAt(i, w, j)
	return b.attack(i, j, s.A, s.D, s.M, s.R, true, "shot")
}

// attack resolves one opposed shooting attack of src (-1: none) at j
// with the given totals; gun marks one whose natural 1 jams. It reports
// a jam.
func (b *Battle) attack(src, j, a, d, m, r int, gun bool, what string) bool {
	x, y := b.D20(), b.D20()
	ta, td := x+a, y+d
	if src >= 0 {
		b.T.Shots[src]++
	}
	if b.Trace != nil {
		b.emit(Event{Kind: EvShot, Fig: int8(src), Target: int8(j), X: int8(x), Y: int8(y), A: int16(ta), D: int16(td), Name: what})
	}
	if x == 20 {
		b.T.Crits++
	}
	if x == 1 && gun {
		b.T.Jams++
		if b.S.Rules.Jam == JamJammed && src >= 0 {
			b.Figs[src].flags |= fJammed
			if b.Trace != nil {
				b.emit(Event{Kind: EvJam, Fig: int8(src)})
			}
			return true
		}
	}
	if ta <= td {
		return false
	}
	if src >= 0 {
		b.T.Hits[src]++
	}
	dmg := ta + m - r
	if dmg <= 0 {
		return false
	}
	if x == 20 && b.S.Rules.Crit == CritDouble {
		dmg *= 2
	}
	b.damage(j, src, dmg, what)
	if dmg >= StunDamage && b.Figs[j].Standing() {
		b.Figs[j].flags |= fStunned
		if b.Trace != nil {
			b.emit(Event{Kind: EvStun, Fig: int8(j)})
		}
	}
	return false
}

// FlameHits appends to dst the figures under the template of figure i's
// flame thrower w aimed at figure j: every standing figure other than i,
// friend or foe, in sight of i, whose base overlaps the strip of the
// weapon's width running its length from i's base toward j.
func (b *Battle) FlameHits(i, w, j int, dst []int8) []int8 {
	wp := &b.S.Weapons[w]
	p := b.Figs[i].Pos
	dir := b.Figs[j].Pos.Sub(p).Norm()
	s0 := p.Add(dir.Scale(b.base[i]))
	half := wp.Width / 2
	for k := 0; k < b.NF; k++ {
		if k == i || !b.Figs[k].Standing() {
			continue
		}
		c := b.Figs[k].Pos
		t := min(max(c.Sub(s0).Dot(dir), 0), wp.Length)
		if c.Dist(s0.Add(dir.Scale(t))) <= half+b.base[k] && b.LOS(i, k) {
			dst = append(dst, int8(k))
		}
	}
	return dst
}

// Flame is the Shoot action of figure i with flame thrower w toward
// figure j: a shooting attack against each figure under the template.
func (b *Battle) Flame(i, w, j int) bool {
	f := &b.Figs[i]
	f.left--
	f.used |= usedShoot
	var buf [MaxFigures]int8
	hits := b.FlameHits(i, w, j, buf[:0])
	if b.Trace != nil {
		b.emit(Event{Kind: EvFlame, Fig: int8(i), Target: int8(j), N: int16(len(hits))})
	}
	jam := false
	for _, k := range hits {
		if b.Done {
			break
		}
		if b.Figs[k].Standing() {
			s := b.ShotAt(i, w, int(k))
			if b.attack(i, int(k), s.A, s.D, s.M, s.R, true, "flame") {
				jam = true
				b.Figs[i].flags &^= fJammed // the whole template fires; the jam is set after
			}
		}
	}
	if jam {
		b.Figs[i].flags |= fJammed
	}
	return true
}

// GrenadeMod returns the modifier of figure i's Shooting Stat Roll for
// grenade weapon w at point p: its Shoot, +2 when p is in its sight, −1
// when it already made a Move action, and the launcher's −1 (twice under
// launcher_penalty: stack).
func (b *Battle) GrenadeMod(i, w int, p geom.Vec) int {
	s := b.ShootStat(i)
	if b.LOSPoint(b.Figs[i].Pos, p) {
		s += 2
	}
	if b.Figs[i].moves > 0 {
		s--
	}
	wp := &b.S.Weapons[w]
	if wp.Class == Launcher {
		s += int(wp.Shoot)
		if b.S.Rules.LauncherPenalty == LauncherStack {
			s--
		}
	}
	return s
}

// CanThrow reports whether figure i may now throw or fire grenade weapon
// w at point p (within range of its base).
func (b *Battle) CanThrow(i, w int, p geom.Vec) bool {
	if !b.canShootNow(i) || !b.Carries(i, w) {
		return false
	}
	wp := &b.S.Weapons[w]
	if wp.Class != Thrown && wp.Class != Launcher {
		return false
	}
	if wp.Class == Launcher && b.Figs[i].flags&fJammed != 0 {
		return false
	}
	return b.Figs[i].Pos.Dist(p)-b.base[i] <= wp.Range+1e-4
}

// Throw is a Shoot action with a grenade (thrown or fired from a
// launcher) at point p: a Shooting Stat Roll against TN12; a miss by m
// moves the point m" in a random direction, or removes it when m is over
// 6. Where it lands, a smoke grenade makes a cloud and a fragmentation
// grenade makes a shooting attack against every figure within its
// radius. It reports whether the action was taken.
func (b *Battle) Throw(i, w int, p geom.Vec) bool {
	if !b.CanThrow(i, w, p) {
		return false
	}
	f := &b.Figs[i]
	s := b.GrenadeMod(i, w, p)
	f.left--
	f.used |= usedShoot
	b.T.Grenades++
	x := b.D20()
	miss := GrenadeTN - (x + s)
	if b.Trace != nil {
		b.emit(Event{Kind: EvGrenade, Fig: int8(i), X: int8(x), A: int16(x + s), D: GrenadeTN, Pos: p})
	}
	if miss > MaxScatter {
		if b.Trace != nil {
			b.emit(Event{Kind: EvScatter, Fig: int8(i), N: int16(miss), Why: "removed"})
		}
		return true
	}
	if miss > 0 {
		p = p.Add(geom.Dir(uint8(b.RNG.Uint64() >> 56)).Scale(float32(miss)))
		if b.Trace != nil {
			b.emit(Event{Kind: EvScatter, Fig: int8(i), N: int16(miss), Pos: p})
		}
	} else {
		b.T.GrenadesLanded++
	}
	b.blast(i, w, p)
	return true
}

// blast is what grenade weapon w of figure i does at point p.
func (b *Battle) blast(i, w int, p geom.Vec) {
	wp := &b.S.Weapons[w]
	switch wp.Blast {
	case Smoke:
		if b.NSmoke < MaxSmoke {
			b.Smoke[b.NSmoke] = Cloud{C: p, R: wp.Radius, Ends: int16(b.Turn + int(max(b.S.Rules.SmokeTurns, 1)) - 1)}
			b.NSmoke++
			b.smokeChanged()
		}
		if b.Trace != nil {
			b.emit(Event{Kind: EvSmoke, Fig: int8(i), Pos: p})
		}
	case Frag:
		a := int(wp.Attack)
		if b.S.Rules.FragAttack == FragShootPlus3 {
			a += b.ShootStat(i)
		}
		for k := 0; k < b.NF && !b.Done; k++ {
			if !b.Figs[k].Standing() || geom.EdgeDist(p, 0, b.Figs[k].Pos, b.base[k]) > wp.Radius+1e-4 {
				continue
			}
			d, _, _ := b.defence(i, k, p, 0, false, false)
			b.attack(i, k, a, d, 0, b.ArmourOf(k), false, "frag")
		}
	}
}

// FragVictims appends to dst the standing figures within the radius of
// grenade weapon w landing at p.
func (b *Battle) FragVictims(w int, p geom.Vec, dst []int8) []int8 {
	r := b.S.Weapons[w].Radius
	for m := b.standing; m != 0; m &= m - 1 {
		if k := bits.TrailingZeros32(m); geom.EdgeDist(p, 0, b.Figs[k].Pos, b.base[k]) <= r+1e-4 {
			dst = append(dst, int8(k))
		}
	}
	return dst
}

// When a Power Move is made.
const (
	NoPowerMove     uint8 = iota
	PowerMoveBefore       // before the attempt
	PowerMoveAfter        // after it
)

// CanPower reports whether figure i may now attempt its power k at
// figure tgt (the activator itself, -1 or anyone for a power without a
// target): a heal at itself or a friend within range and in sight, a
// bolt at an enemy within range and in sight.
func (b *Battle) CanPower(i, k, tgt int) bool {
	f := &b.Figs[i]
	p := b.P(i)
	if !b.canAct(i, false) || f.used&usedPower != 0 || k < 0 || k >= int(p.NPowers) {
		return false
	}
	pw := &p.Powers[k]
	if !Ops[pw.Op].Target {
		return true
	}
	if tgt < 0 || tgt >= b.NF || !b.Figs[tgt].Standing() {
		return false
	}
	if tgt != i && (b.EdgeDist(i, tgt) > pw.Range+1e-4 || !b.LOS(i, tgt)) {
		return false
	}
	switch pw.Op {
	case OpHeal:
		return b.friends(i, tgt)
	case OpBolt:
		return b.Enemies(i, tgt)
	}
	return true
}

// Power is the Activate Power action of figure i with its power k at
// tgt: a d20 that must reach the Activation Number, raised by 1 for each
// Health spent (exertion: up to exert Health, never leaving less than 1;
// spent after seeing the die under exertion: after_roll, declared before
// rolling under before_roll). A success takes effect and costs the
// activator the power's Strain in damage. A power with Power Move lets
// the figure move 3" toward pmGoal before or after the attempt (pmWhen).
func (b *Battle) Power(i, k, tgt, exert int, pmWhen uint8, pmGoal geom.Vec) bool {
	if !b.CanPower(i, k, tgt) {
		return false
	}
	f := &b.Figs[i]
	pw := &b.P(i).Powers[k]
	f.left--
	f.used |= usedPower
	b.T.Powers++
	if pw.PowerMove && pmWhen == PowerMoveBefore {
		b.powerMove(i, pmGoal)
		if !f.Standing() || b.Done {
			return true
		}
	}
	x := b.D20()
	spend := 0
	most := max(min(exert, int(f.Health)-1), 0)
	if b.S.Rules.Exertion == ExertBefore {
		spend = most
	} else if need := int(pw.AN) - x; need > 0 && need <= most {
		spend = need
	}
	f.Health -= int8(spend)
	ok := x+spend >= int(pw.AN)
	if b.Trace != nil {
		b.emit(Event{Kind: EvPower, Fig: int8(i), Target: int8(tgt), X: int8(x), A: int16(x + spend), D: int16(pw.AN), N: int16(spend), Name: pw.Name})
	}
	if ok {
		b.T.PowersOK++
		switch pw.Op {
		case OpHeal:
			t := &b.Figs[tgt]
			t.Health = min(t.Health+pw.Amount, b.P(tgt).Health)
			if b.Trace != nil {
				b.emit(Event{Kind: EvHeal, Fig: int8(tgt), N: int16(pw.Amount), A: int16(t.Health)})
			}
		case OpBolt:
			d, _, _ := b.defence(i, tgt, f.Pos, b.base[i], true, false)
			b.attack(i, tgt, int(pw.Amount), d, 0, b.ArmourOf(tgt), false, "bolt")
		case OpShield:
			f.Shield += pw.Amount
			b.shielded |= 1 << i
		}
		b.damage(i, -1, int(pw.Strain), "strain")
	}
	if pw.PowerMove && pmWhen == PowerMoveAfter && f.Standing() && !b.Done {
		b.powerMove(i, pmGoal)
	}
	return true
}

func (b *Battle) powerMove(i int, goal geom.Vec) {
	if b.InCombat(i) {
		return
	}
	f := &b.Figs[i]
	from := f.Pos
	f.run = 0
	b.walkKept(i, goal, powerMove, 0, 0)
	if b.Trace != nil {
		b.emit(Event{Kind: EvMove, Fig: int8(i), Pos: f.Pos, F: f.Pos.Dist(from), Why: "power move"})
	}
	b.afterMove(i)
}
