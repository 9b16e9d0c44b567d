package cazadores

import (
	"math"
	"math/bits"

	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

// Baseline is a plain, sensible Pack policy: clear crippling Conditions,
// close with the Adversary or keep a shooting weapon's range band, attack
// the best target in reach with the best weapon, reload, and flee when a
// model is badly hurt while the Adversary is still strong. The zero value
// is not ready: use NewBaseline.
type Baseline struct {
	// FleeBelow: a model with at most this fraction of its WNDs left
	// flees while the Adversary keeps more than FleeWhileAdvAbove of its.
	FleeBelow         float32
	FleeWhileAdvAbove float32
	// RecoverBurningAt: a Burning model with at most these WNDs left
	// spends its Action on Recover.
	RecoverBurningAt int16
}

var _ sim.PackPolicy = Baseline{}

// NewBaseline returns the Baseline policy with its default thresholds.
func NewBaseline() Baseline {
	return Baseline{FleeBelow: 0.25, FleeWhileAdvAbove: 0.5, RecoverBurningAt: 12}
}

// PackFirst: after a won Clock tie the Pack acts first.
func (Baseline) PackFirst(h *sim.Hunt) bool { return true }

// Order keeps the Pack's own order.
func (Baseline) Order(h *sim.Hunt, eligible []int8) {}

// Turn plays Pack model i's Turn.
func (b Baseline) Turn(h *sim.Hunt, i int) {
	m, d := &h.M[i], h.PackDef(i) // one line: the calls below keep their lines for default.pgo
	if i == int(h.Obj.Prisoner) {
		// The freed Prisoner makes for the nearest open Exit.
		if m.Conds.Has(sim.KnockedDown) {
			decide(h, i, "recover", -1, "knocked down")
			h.Recover(i, sim.KnockedDown)
			return
		}
		b.flee(h, i, "freed: it makes for an Exit")
		return
	}
	switch {
	case m.Conds.Has(sim.KnockedDown):
		decide(h, i, "recover", -1, "knocked down")
		h.Recover(i, sim.KnockedDown)
		return
	case m.Conds.Has(sim.Stunned):
		decide(h, i, "recover", -1, "stunned")
		h.Recover(i, sim.Stunned)
		return
	}
	if b.hopeless(h, i) {
		b.flee(h, i, "badly hurt while the Adversary is still strong")
		return
	}
	if h.Sc.Objective.Kind == sim.ObjAmbush {
		b.flee(h, i, "the Objective: escape the ambush")
		return
	}
	if h.Sc.Objective.Kind != sim.NoObjective && b.objective(h, i) {
		return
	}
	if m.Conds.Has(sim.Burning) && m.WND <= b.RecoverBurningAt {
		decide(h, i, "recover", -1, "burning, with few WNDs left")
		h.Recover(i, sim.Burning)
		return
	}
	tg := b.target(h, i)
	if tg < 0 {
		decide(h, i, "pass", -1, "no Foe left to fight")
		h.Pass(i)
		return
	}
	if d.NRituals+d.NSlotRituals > 0 && b.rituals(h, i, tg) || d.NGear > 0 && b.gear(h, i, tg) { // h.NumRituals(i) > 0
		return
	}
	if m.Readied == 0 && b.rearm(h, i) { // rearm's first question without a call
		return
	}
	if s, ok := shooter(h, i); ok {
		b.shoot(h, i, s, tg)
		return
	}
	b.melee(h, i, tg)
}

// rearm readies model i's starting weapons when it holds none readied
// (after setting the Explosive Barrel, say) and nothing else fills its
// hands; it reports whether it took the Action.
func (b Baseline) rearm(h *sim.Hunt, i int) bool {
	m := &h.M[i]
	d := h.PackDef(i)
	if m.Readied != 0 || d.Readied == 0 || m.GearReady != 0 || h.Obj.BarrelReady&(1<<i) != 0 {
		return false
	}
	if !h.CanAct(i, sim.ActSwitch) {
		return false
	}
	decide(h, i, "ready its weapons", -1, "no weapon readied")
	return h.Switch(i, d.Readied)
}

// hopeless reports whether model i should leave the hunt.
func (b Baseline) hopeless(h *sim.Hunt, i int) bool {
	if h.Sc.Map.NExits == 0 {
		return false
	}
	d := h.PackDef(i)
	if float32(h.M[i].WND) > b.FleeBelow*float32(d.WND) {
		return false
	}
	total := int(h.Sc.Adversary.Stats.WND)
	return total > 0 && float32(h.AdvLeft) > b.FleeWhileAdvAbove*float32(total)
}

// flee heads for the nearest Exit it can reach in a straight line and
// takes the Flee Action there; why is the trace's reason ("": the caller
// has noted the decision).
func (Baseline) flee(h *sim.Hunt, i int, why string) {
	if why != "" {
		decide(h, i, "flee", -1, why)
	}
	if !h.NearExit(i) {
		h.FreeMove(i, exitPoint(h, i), -1, 0)
	}
	if h.NearExit(i) {
		h.Flee(i)
		return
	}
	if h.Move(i, exitPoint(h, i), -1, 0) == 0 && !h.Acted(i) && h.M[i].Conds.Has(sim.Terrified) {
		// The way out leads toward the Foe it fears: clear that first.
		decide(h, i, "recover", -1, "terrified, and the way out leads toward the Foe it fears")
		h.Recover(i, sim.Terrified)
	}
}

// exitPoint is where model i heads to flee: the nearest point of the
// Exit whose straight path no Hostile base blocks (the nearest Exit point
// when every path is blocked).
func exitPoint(h *sim.Hunt, i int) geom.Vec {
	m := &h.M[i]
	mp := &h.Sc.Map
	best, bd := h.NearestExit(i), float32(1e9)
	found := false
	for k := 0; k < int(mp.NExits); k++ {
		ex := &mp.Exits[k]
		ab := ex.B.Sub(ex.A)
		t := float32(0)
		if l2 := ab.Len2(); l2 > 0 {
			t = m.Pos.Sub(ex.A).Dot(ab) / l2
		}
		t = max(0, min(1, t))
		q := ex.A.Add(ab.Scale(t))
		// Aim just inside the board, a base's radius from the edge.
		q = geom.ClampToBoard(q, m.R, mp.W, mp.H)
		d := q.Dist(m.Pos)
		if d >= bd {
			continue
		}
		clear := true
		for bs := h.Hostiles(i); bs != 0; bs &= bs - 1 {
			if o := bits.TrailingZeros16(bs); geom.SegmentCircle(m.Pos, q, h.M[o].Pos, h.M[o].R+m.R) {
				clear = false
				break
			}
		}
		if clear {
			best, bd, found = q, d, true
		}
	}
	if !found {
		return h.NearestExit(i)
	}
	return best
}

// target picks the Foe to fight: the nearest model of the Adversary, or a
// Minion that is nearer by more than 3".
func (Baseline) target(h *sim.Hunt, i int) int {
	// Assassinate the Vessel: the Pack model nearest the Vessel goes for it.
	if v := int(h.Obj.Vessel); v >= 0 && h.M[v].Alive() {
		near, nd := -1, float32(1e9)
		for k := 0; k < int(h.NPack); k++ {
			if h.M[k].Alive() {
				if d := h.Edge(k, v); d < nd {
					near, nd = k, d
				}
			}
		}
		if near == i {
			return v
		}
	}
	bs := h.Hostiles(i)
	switch {
	case bs == 0:
		return -1
	case bs&(bs-1) == 0:
		return bits.TrailingZeros16(bs) // the only one: no distance to weigh
	}
	best, bd := -1, float32(1e9)
	for ; bs != 0; bs &= bs - 1 {
		k := bits.TrailingZeros16(bs)
		d := h.Edge(i, k)
		if !h.IsAdversary(k) {
			d += 3
		}
		if d < bd {
			best, bd = k, d
		}
	}
	return best
}

// shooter returns the slot of model i's readied shooting weapon that still
// has Ammo.
func shooter(h *sim.Hunt, i int) (int, bool) {
	m := &h.M[i]
	for bs := m.Readied & h.WeaponSlots(i, sim.ShootingWeapon) &^ h.CaptureSlots(i); bs != 0; bs &= bs - 1 {
		if s := bits.TrailingZeros8(bs); m.Ammo[s] > 0 {
			return s, true
		}
	}
	return -1, false
}

// shoot keeps the weapon's range band with the free Move, then fires, or
// reloads a spent weapon.
func (b Baseline) shoot(h *sim.Hunt, i, s, tg int) {
	w := h.Weapon(i, s)
	inRange := h.InWeaponRange(i, s, tg)
	shot := "in range"
	if inRange && h.CanAct(i, sim.ActAttack) && h.M[i].Loaded&(1<<s) != 0 {
		// Only Line of Sight is left to test (shooter has found the
		// weapon readied, with Ammo).
		if strike(h, i, tg, s, "shoot", shot) {
			return
		}
		freeMoveFor(h, i, sightGoal(h, i, tg, w), -1, "move to its range band", tg, "no Line of Sight")
		shot = "in range after its free Move"
	} else if !inRange || !h.LOS(i, tg) {
		why := "out of range"
		if inRange {
			why = "no Line of Sight"
		}
		if freeMoveFor(h, i, sightGoal(h, i, tg, w), -1, "move to its range band", tg, why) > 0 {
			shot = "in range after its free Move"
		}
	}
	if p := apartOf(h, i, tg); h.M[i].Loaded&(1<<s) != 0 && (freeToAct(h, i) || h.CanAct(i, sim.ActAttack)) && p.inRange(w) && strike(h, i, tg, s, "shoot", shot) { // TryAttack's questions: shooter has found the weapon readied, with Ammo
		return
	}
	if h.CanReload(i, s) {
		decide(h, i, "reload", -1, "its shooting weapon is not loaded")
		h.Reload(i, s)
		return
	}
	// Out of reach. A Terrified model that cannot close in clears the
	// Condition first.
	if h.M[i].Conds.Has(sim.Terrified) {
		decide(h, i, "recover", -1, "terrified, with no shot")
		h.Recover(i, sim.Terrified)
		return
	}
	// Close in (or back off) with the Action.
	moveFor(h, i, sightGoal(h, i, tg, w), -1, "move to its range band", tg, "no shot this Turn")
}

// bandGoal is where model i stands to shoot tg with weapon w: in the
// middle of its range band, on the line from tg through i.
func bandGoal(h *sim.Hunt, i, tg int, w *sim.WeaponDef) geom.Vec {
	want := (w.Min + w.Max) / 2
	dir := h.M[i].Pos.Sub(h.M[tg].Pos).Norm()
	if dir.Len2() == 0 {
		dir = geom.Dir(0)
	}
	goal := h.M[tg].Pos.Add(dir.Scale(want + h.M[i].R + h.M[tg].R))
	return geom.ClampToBoard(goal, h.M[i].R, h.Sc.Map.W, h.Sc.Map.H)
}

// sightGoal is where model i heads to shoot tg with weapon w: bandGoal
// when tg is in sight from there. When a wall stands between them, a
// player walks round it: the point of the range band (three rings round
// tg, in 32 directions) that sees tg and that the shortest path reaches;
// with none, tg itself, since closing in ends behind no wall. Maps without
// Blocking terrain skip the search.
func sightGoal(h *sim.Hunt, i, tg int, w *sim.WeaponDef) geom.Vec {
	g := bandGoal(h, i, tg, w)
	mp := &h.Sc.Map
	if mp.HasTerrain&sim.Blocking == 0 || h.LOSFrom(i, g, tg) {
		return g
	}
	m, t := &h.M[i], &h.M[tg]
	best, bd := t.Pos, float32(math.Inf(1))
	for _, f := range [3]float32{0.5, 0.25, 0.75} {
		rad := w.Min + f*(w.Max-w.Min) + m.R + t.R
		for a := 0; a < 256; a += 8 {
			q := t.Pos.Add(geom.Dir(uint8(a)).Scale(rad))
			if q.Dist(m.Pos) >= bd || !h.CanStand(i, q) || !h.LOSFrom(i, q, tg) {
				continue
			}
			if d := mp.Nav.PathLen(m.Pos, q); d < bd {
				best, bd = q, d
			}
		}
	}
	return best
}

// melee closes with the target using the free Move and attacks with the
// best readied weapon that reaches; out of reach, it Moves again. A model
// whose only readied weapons are spent shooting weapons switches to its
// melee weapons first. It never throws a Net (only the capture play does).
func (b Baseline) melee(h *sim.Hunt, i, tg int) {
	m := &h.M[i]
	if meleeless(h, i) { // meleeLoadout's first question, without a call
		if mask, ok := meleeLoadout(h, i); ok && mask != m.Readied && h.CanAct(i, sim.ActSwitch) {
			decide(h, i, "switch to melee weapons", tg, "no melee weapon readied")
			h.FreeMove(i, h.M[tg].Pos, tg, 0)
			h.Switch(i, mask)
			return
		}
	}
	// The Net is thrown only by the capture play (netPlay), never as a
	// melee fallback.
	if s, ok := bestWeapon(h, i, tg); ok && !isNet(h, i, s) && strike(h, i, tg, s, "attack", "in reach") {
		return
	}
	blocked := false
	if !m.Conds.Has(sim.Terrified) {
		if h.CanFreeMove(i) { // freeMoveFor's steps written out: the note only when traced
			if h.Trace != nil {
				noteFreeMove(h, i, h.M[tg].Pos, "close in", tg, "out of reach")
			}
			blocked = h.FreeMove(i, h.M[tg].Pos, tg, 0) < blockedMove
		}
		if s, ok := bestWeapon(h, i, tg); ok && !isNet(h, i, s) && strike(h, i, tg, s, "attack", "in reach after its free Move") {
			return
		}
	}
	if m.Conds.Has(sim.Terrified) {
		decide(h, i, "recover", -1, "terrified, and its target out of reach")
		h.Recover(i, sim.Terrified)
		return
	}
	if blocked {
		// The free Move got no closer (the bases around the target leave
		// no way through): a Move would not either. Strike another
		// Hostile model in reach (a Minion in the way, say), else wait
		// for an opening with the cheapest Action.
		for bs := h.Hostiles(i); bs != 0; bs &= bs - 1 {
			k := bits.TrailingZeros16(bs)
			if s, ok := bestWeapon(h, i, k); ok && k != tg && !isNet(h, i, s) && strike(h, i, k, s, "attack", "the way to its target is blocked; this one is in reach") {
				return
			}
		}
		decide(h, i, "wait", tg, "the way to its target is blocked")
		h.Pass(i)
		return
	}
	still := "out of reach"
	if !h.CanFreeMove(i) {
		still = "still out of reach after its free Move"
	}
	if h.Trace != nil { // moveFor's steps written out
		noteMove(h, i, h.M[tg].Pos, "close in", tg, still)
	}
	h.Move(i, h.M[tg].Pos, tg, 0)
}

// blockedMove: a free Move shorter than this (inches) made no headway.
const blockedMove = 0.01

// strike attacks tg with the weapon in slot s, which bestWeapon (or
// shooter) chose, if Line of Sight allows; it reports whether it did
// (what and why: the trace's note). Everything else the Attack requires
// the caller has checked, so Line of Sight is the only test made
// (TryAttackInSight); with a Tracer the test comes first, so that the
// note precedes the Attack.
func strike(h *sim.Hunt, i, tg, s int, what, why string) bool {
	if h.Trace == nil {
		return h.TryAttackInSight(i, tg, s)
	}
	if !h.LOS(i, tg) || h.M[tg].State != sim.Active {
		return false
	}
	decide(h, i, what, tg, why)
	h.Attack(i, tg, s)
	return true
}

// bestWeapon returns the readied weapon slot (-1: Unarmed) with the most
// POW that could attack tg now, Line of Sight aside (strike tests it).
func bestWeapon(h *sim.Hunt, i, tg int) (int, bool) {
	if !freeToAct(h, i) && !h.CanAct(i, sim.ActAttack) {
		return -1, false
	}
	m := &h.M[i]
	best, ok := -1, false
	bp := int8(-100)       // the best POW so far
	p := apartOf(h, i, tg) // every weapon's range is measured on it
	shoot := h.WeaponSlots(i, sim.ShootingWeapon)
	for bs := m.Readied & (h.WeaponSlots(i, sim.MeleeWeapon) | shoot); bs != 0; bs &= bs - 1 {
		s := bits.TrailingZeros8(bs)
		w := h.Weapon(i, s)
		if w.POW <= bp {
			continue
		}
		if shoot&(1<<s) != 0 && (m.Loaded&(1<<s) == 0 || m.Ammo[s] == 0) {
			continue
		}
		if p.inRange(w) {
			best, bp, ok = s, w.POW, true
		}
	}
	if !ok && meleeless(h, i) && p.inRange(&h.Sc.Weapons[0]) { // Unarmed
		best, ok = -1, true
	}
	return best, ok
}

// meleeless reports whether model i has no readied melee weapon (so it
// fights Unarmed).
func meleeless(h *sim.Hunt, i int) bool {
	return h.M[i].Readied&h.WeaponSlots(i, sim.MeleeWeapon) == 0
}

// meleeLoadout returns the readied set of model i's melee weapons (the
// ones with most POW, within two hands) when it has any and none is
// readied; none while it keeps a readied Net for a pending capture
// (keepNet), so the Net carrier does not switch back and forth.
func meleeLoadout(h *sim.Hunt, i int) (uint8, bool) {
	m := &h.M[i]
	if !meleeless(h, i) || keepNet(h, i) {
		return m.Readied, false
	}
	d := h.PackDef(i)
	var mask uint8
	hands := 0
	for s := 0; s < int(d.NWeapons); s++ {
		w := h.Weapon(i, s)
		if w.Kind == sim.MeleeWeapon && hands+int(w.Hands) <= 2 {
			mask |= 1 << s
			hands += int(w.Hands)
		}
	}
	return mask, mask != 0
}
