package crims

import (
	"math/bits"

	"balance/sim/geom"
)

// crimActs plays crim c's turn: a hidden crim hides again while it must
// (rules.forced_hides turns after hiding); otherwise it takes the action
// the Control Card gives its Demeanor, revealed first if it was hidden
// and the action is not Hide. A hunter is in the zone when the Crim
// Phase found the crim's nearest (its hint) and none went out since.
func (m *Match) crimActs(c int) {
	cr := &m.C[c]
	if e := &m.hint; (!e.near || e.h < 0) && !m.anyIn() {
		if m.Trace != nil {
			m.emit(Event{Kind: EvCrim, Hunter: -1, Crim: int8(c), Name: "none", Why: "no hunter in the zone"})
		}
		return
	}
	if cr.Hidden && cr.HideTurns <= int8(m.Sc.Rules.ForcedHides) {
		m.hide(c, "must hide again")
		return
	}
	// the AI's action, read off the card when the AI follows it (CardFollower)
	act := m.cardAct[m.Card][cr.Def%MaxProfiles] // CardAction, made once a template
	if !m.byCard {
		act = m.AI.Direct(m, c)
	}
	if cr.Hidden && act != ActHide {
		m.reveal(c)
	}
	m.crimDo(c, act, "Control Card")
}

// reveal replaces hidden crim c's Hidden counter by its model, to act.
func (m *Match) reveal(c int) {
	cr := &m.C[c]
	cr.Hidden, cr.HideTurns, cr.HideAt = false, 0, -1
	m.mark(c)
	m.traceCrim(c, "revealed", "its Hidden counter is replaced by its model to act")
}

// traceCrim emits a crim's event of name and why, when traced.
func (m *Match) traceCrim(c int, name, why string) {
	if m.Trace != nil {
		m.emit(Event{Kind: EvCrim, Hunter: -1, Crim: int8(c), Name: name, Why: why})
	}
}

// CardAction is the action the current Control Card gives crim c: the
// one for its Demeanor.
func (m *Match) CardAction(c int) Action {
	return m.Sc.Deck[m.Card].Direct[m.Sc.Crims[m.C[c].Def%MaxProfiles].Demeanor%MaxDemeanors]
}

// crimDo resolves action act of crim c with the document's fallbacks.
func (m *Match) crimDo(c int, act Action, why string) {
	cr := &m.C[c]
	switch act {
	case ActFlee:
		if cr.Last == ActCharge {
			m.charge(c, "Flee after a Charge")
			return
		}
		m.flee(c, why)
	case ActCharge:
		m.charge(c, why)
	case ActSeekCover:
		m.seekCover(c, why)
	case ActHide:
		m.hide(c, why)
	case ActShoot:
		m.shoot(c, why)
	case ActFight:
		m.fight(c, why)
	default:
		cr.Last = ActNone
		if m.Trace != nil {
			m.emit(Event{Kind: EvCrim, Hunter: -1, Crim: int8(c), Name: "none", Why: why})
		}
	}
}

func (m *Match) crimEvent(c int, act Action, why string) {
	if m.Trace != nil {
		m.emit(Event{Kind: EvCrim, Hunter: -1, Crim: int8(c), Name: Actions[act].Name, Why: why})
	}
}

// crimMove moves crim c to dest. Hunters it leaves engaged strike first,
// in random order: each deals its best melee Damage less the crim's
// Armor, at least 1, with no Damage check. It reports whether the crim
// survived to move.
func (m *Match) crimMove(c int, dest geom.Vec, why string) bool {
	return m.crimMoveFrom(c, dest, why, m.EngagedHunters(c))
}

// crimMoveFrom is crimMove with the hunters engaged with the crim
// (EngagedHunters) already known.
func (m *Match) crimMoveFrom(c int, dest geom.Vec, why string, engaged uint8) bool {
	cr := &m.C[c]
	cd := &m.Sc.Crims[cr.Def%MaxProfiles]
	dest = m.clampZone(dest, cd.Base)
	if !cr.Hidden {
		var strikers [MaxHunters]int8
		k := 0
		for set := engaged; set != 0; set &= set - 1 {
			h := bits.TrailingZeros8(set)
			if geom.EdgeDist(m.H[h].Pos, m.Sc.Hunters[h].Base, dest, cd.Base) > m.Sc.Rules.Engagement &&
				m.Sc.Hunters[h].BestMelee > 0 {
				strikers[k] = int8(h)
				k++
			}
		}
		for i := k - 1; i > 0; i-- {
			j := m.rng.IntN(i + 1)
			strikers[i], strikers[j] = strikers[j], strikers[i]
		}
		for i := range k {
			h := int(strikers[i])
			m.woundCrim(c, h, max(1, int(m.Sc.Hunters[h].BestMelee-cd.Armor)), -1, false, "disengagement strike")
			if !cr.Alive {
				return false
			}
		}
	}
	from := cr.Pos
	cr.Pos = dest
	m.crimGen++
	m.hint.near = false
	if m.Trace != nil && dest != from {
		m.traceMove(-1, c, dest, dest.Dist(from), why)
	}
	return true
}

// flee: directly away from the nearest hunter, its Move.
func (m *Match) flee(c int, why string) {
	cr := &m.C[c]
	h, _ := m.nearestHunterOf(c)
	cr.Last = ActFlee
	m.crimEvent(c, ActFlee, why)
	m.crimMove(c, away(cr.Pos, m.H[h].Pos, m.Sc.Crims[cr.Def%MaxProfiles].Move), "flee")
}

// charge: toward the nearest hunter, its Move, stopping at base contact;
// engaged, it fights at once; else it goes 4" more (and fights if that
// engages it and rules.charge_fight is on).
func (m *Match) charge(c int, why string) { m.chargeFrom(c, why, m.EngagedHunters(c)) }

// chargeFrom is charge with the hunters engaged with the crim
// (EngagedHunters) already known.
func (m *Match) chargeFrom(c int, why string, eng uint8) {
	cr := &m.C[c]
	cd := &m.Sc.Crims[cr.Def%MaxProfiles]
	cr.Last = ActCharge
	m.crimEvent(c, ActCharge, why)
	for leg, dist := range [2]float32{cd.Move, ChargeOn} {
		if eng == 0 {
			h, _ := m.nearestHunterOf(c)
			if h < 0 {
				return
			}
			contact := m.Sc.Hunters[h].Base + cd.Base
			if !m.crimMoveFrom(c, toward(cr.Pos, m.H[h].Pos, dist, contact), "charge", eng) {
				return
			}
			eng = m.EngagedHunters(c)
		}
		if eng != 0 {
			if leg == 0 || m.Sc.Rules.ChargeFight {
				m.fightNow(c, eng)
			}
			return
		}
	}
}

// fightNow is crim c's attack up close: on the hunter engaged with it
// (set: EngagedHunters), the First Player choosing among several.
func (m *Match) fightNow(c int, set uint8) {
	cd := &m.Sc.Crims[m.C[c].Def%MaxProfiles]
	if set == 0 || cd.Melee == 0 {
		return
	}
	h := -1
	if set&(set-1) == 0 {
		h = bits.TrailingZeros8(set) // the one hunter engaged (a bit below NHunters)
	} else {
		h = m.Pol.FightTarget(m, m.FirstHunter(), c, set)
		if h < 0 || h >= int(m.Sc.NHunters) || set&(1<<h) == 0 {
			for k := range int(m.Sc.NHunters) {
				if set&(1<<k) != 0 {
					h = k
					break
				}
			}
		}
	}
	m.crimAttack(c, h, false)
}

// fight: the engaged hunter; not engaged (or no melee attack), Charge.
func (m *Match) fight(c int, why string) {
	cr := &m.C[c]
	set := m.EngagedHunters(c)
	if set == 0 || m.Sc.Crims[cr.Def%MaxProfiles].Melee == 0 {
		m.chargeFrom(c, "cannot Fight: not engaged", set)
		return
	}
	cr.Last = ActFight
	m.crimEvent(c, ActFight, why)
	m.fightNow(c, set)
}

// canShoot reports whether crim c can shoot hunter h: a ranged attack,
// in range and line of sight.
func (m *Match) canShoot(c, h int) bool {
	cr := &m.C[c]
	cd := &m.Sc.Crims[cr.Def%MaxProfiles]
	return cd.Ranged > 0 && m.gapWithin(h, c, cd.Range) && m.LOS(cr.Pos, m.H[h].Pos)
}

// shoot: the nearest hunter from afar. Engaged: as rules.engaged_shoot
// says. Otherwise impossible: Seek Cover, or Charge when Aggressive.
func (m *Match) shoot(c int, why string) {
	cr := &m.C[c]
	cd := &m.Sc.Crims[cr.Def%MaxProfiles]
	if m.EngagedHunters(c) != 0 {
		switch m.Sc.Rules.EngagedShoot {
		case EngagedShootFight:
			m.fight(c, "told to Shoot while engaged")
			return
		case EngagedShootLose:
			cr.Last = ActShoot
			m.crimEvent(c, ActShoot, "engaged: the Shoot action is lost")
			return
		}
	}
	h, _ := m.nearestHunterOf(c)
	if !m.canShoot(c, h) {
		if cd.Aggressive {
			m.charge(c, "cannot Shoot; Aggressive")
		} else {
			m.seekCover(c, "cannot Shoot")
		}
		return
	}
	cr.Last = ActShoot
	m.crimEvent(c, ActShoot, why)
	m.crimAttack(c, h, true)
}

// seekCover: toward the nearest cover, behind it against the nearest
// hunter; already in cover, it shoots if it can, else stays. After a
// Charge, it charges again.
func (m *Match) seekCover(c int, why string) {
	cr := &m.C[c]
	cd := &m.Sc.Crims[cr.Def%MaxProfiles]
	if cr.Last == ActCharge {
		m.charge(c, "Seek Cover after a Charge")
		return
	}
	h, _ := m.nearestHunterOf(c)
	hp := m.H[h].Pos
	if m.inCoverAt(&m.coverC[c], cr.Pos, cd.Base, hp) {
		if m.EngagedHunters(c) == 0 && m.canShoot(c, h) {
			cr.Last = ActShoot
			m.crimEvent(c, ActShoot, "already in cover")
			m.crimAttack(c, h, true)
			return
		}
		cr.Last = ActSeekCover
		m.crimEvent(c, ActSeekCover, "already in cover and cannot shoot: stays")
		return
	}
	cr.Last = ActSeekCover
	m.crimEvent(c, ActSeekCover, why)
	t, _ := m.nearestFeature(cr.Pos, KwCover)
	if t < 0 {
		return
	}
	spot := behind(&m.Sc.Map.Terrain[t].Shape, hp, cd.Base, m.feat.box&(1<<t) != 0)
	m.crimMove(c, toward(cr.Pos, spot, cd.Move, 0), "seek cover")
}

// hide: toward the nearest hideable terrain, its Move, stopping on
// reaching it; there (within 1" or inside), it becomes, or stays, a
// Hidden counter.
func (m *Match) hide(c int, why string) {
	cr := &m.C[c]
	cd := &m.Sc.Crims[cr.Def%MaxProfiles]
	cr.Last = ActHide
	m.crimEvent(c, ActHide, why)
	t, out := m.nearestFeature(cr.Pos, KwHideable)
	if t < 0 {
		return
	}
	s := &m.Sc.Map.Terrain[t].Shape
	// inside (at a distance of 0), it stays; else it walks, and is inside
	// (a point in the shape is within HideNear of it) or its distance is
	// looked at again
	if out {
		if !m.crimMove(c, walkInto(cr.Pos, s, cd.Move), "hide") {
			return
		}
		if box := m.feat.box&(1<<t) != 0; !contains(s, cr.Pos, box) && !distWithin(s, cr.Pos, HideNear, box) {
			return
		}
	}
	if cr.Hidden {
		cr.HideTurns++
	} else {
		cr.Hidden, cr.HideTurns, cr.HideAt = true, 1, int8(t)
		m.mark(c)
	}
	if m.Trace != nil {
		m.emit(Event{Kind: EvHidden, Hunter: -1, Crim: int8(c), Name: m.Sc.Map.Terrain[t].Name})
	}
}
