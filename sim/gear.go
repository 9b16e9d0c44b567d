package sim

import "balance/sim/geom"

// CanUseGear reports whether Pack model i may use its gear g on model t
// (t < 0 or the gear's Range < 0: on itself): Ammo left, readied if it
// must be, t within range.
func (h *Hunt) CanUseGear(i, g, t int) bool {
	m := &h.M[i]
	if !h.CanAct(i, ActUseGear) || m.Side != PackSide || g < 0 || g >= int(h.Sc.Pack[m.Def].NGear) {
		return false
	}
	gd := &h.Sc.Gear[h.Sc.Pack[m.Def].Gear[g]]
	if gd.Ammo > 0 && m.GearAmmo[g] == 0 {
		return false
	}
	if gd.MustReady && m.GearReady&(1<<g) == 0 {
		return false
	}
	if gd.Range >= 0 && t >= 0 {
		if h.M[t].State != Active || h.Edge(i, t) > gd.Range+geom.Eps {
			return false
		}
	}
	return true
}

// UseGear is the Use Gear Action (3 Ticks): the gear's Check; its effects
// on a success or a failure; one Ammo spent either way.
func (h *Hunt) UseGear(i, g, t int) bool {
	if !h.CanUseGear(i, g, t) {
		return false
	}
	m := &h.M[i]
	gd := &h.Sc.Gear[h.Sc.Pack[m.Def].Gear[g]]
	if gd.Range < 0 || t < 0 {
		t = i
	}
	h.startAction(i, ActUseGear, h.ActionTicks(ActUseGear))
	res := h.skillCheck(i, gd.Skill, int(gd.DT), 0, 0)
	if h.Trace != nil {
		h.emitCheck(EvCheck, i, t, res)
	}
	if gd.Ammo > 0 {
		m.GearAmmo[g]--
	}
	h.lastSucc = res.Successes
	if res.OK() {
		h.applyOps(i, t, &gd.OnSuccess, h.M[t].Pos, -1)
	} else {
		h.applyOps(i, t, &gd.OnFailure, h.M[t].Pos, -1)
	}
	return res.OK()
}

// CanCast reports whether Pack model i may cast its Ritual r on model t:
// not yet cast successfully this hunt, t within the Ritual's range.
func (h *Hunt) CanCast(i, r, t int) bool {
	m := &h.M[i]
	if !h.CanAct(i, ActCastRitual) || m.Side != PackSide || r < 0 || r >= int(h.Sc.Pack[m.Def].NRituals) {
		return false
	}
	if m.Cast&(1<<r) != 0 {
		return false
	}
	rd := &h.Sc.Rituals[h.Sc.Pack[m.Def].Rituals[r]]
	if rd.Range >= 0 && t >= 0 && (h.M[t].State != Active || h.Edge(i, t) > rd.Range+geom.Eps) {
		return false
	}
	return true
}

// CastRitual is the Cast Ritual Action (4 Ticks): a Lore Check against
// DT 7; on a success the Ritual's effects apply (a Ritual with POW makes
// a Shooting Attack of POW dice on its target) and it cannot be cast again
// this hunt.
func (h *Hunt) CastRitual(i, r, t int) bool {
	if !h.CanCast(i, r, t) {
		return false
	}
	m := &h.M[i]
	rd := &h.Sc.Rituals[h.Sc.Pack[m.Def].Rituals[r]]
	if rd.Range < 0 || t < 0 {
		t = i
	}
	h.startAction(i, ActCastRitual, h.ActionTicks(ActCastRitual))
	res := h.skillCheck(i, Lore, 7, 0, 0)
	if h.Trace != nil {
		h.emitCheck(EvCheck, i, t, res)
	}
	if !res.OK() {
		return false
	}
	m.Cast |= 1 << r
	h.lastSucc = res.Successes
	h.applyOps(i, t, &rd.OnSuccess, h.M[t].Pos, -1)
	if rd.POW > 0 && t != i && h.Hostile(i, t) {
		a := attack{kind: ShootingAttack, pool: int(rd.POW), damage: true, card: -1, crit: &rd.Crit, origin: h.M[t].Pos}
		h.resolve(i, t, &a)
	}
	return true
}

// recoverWND heals model i by n WNDs up to its starting WNDs (Pack and
// Minions; the Adversary heals through its hit locations).
func (h *Hunt) recoverWND(i, n int) {
	m := &h.M[i]
	if m.State != Active || n <= 0 {
		return
	}
	if h.IsAdversary(i) {
		h.healOwn(i, n)
		return
	}
	max := h.maxWND(i)
	if int(m.WND)+n > int(max) {
		n = int(max - m.WND)
	}
	if n > 0 {
		m.WND += int16(n)
		if h.Trace != nil {
			h.emit(Event{Kind: EvHealed, Model: int8(i), N: int16(n), Loc: -1})
		}
	}
}

// maxWND returns model i's starting WNDs.
func (h *Hunt) maxWND(i int) int16 {
	m := &h.M[i]
	switch m.Kind {
	case Cazador, Companion:
		return h.Sc.Pack[m.Def].WND
	case Minion:
		return h.Sc.Adversary.Minions[m.Def].Stats.WND
	}
	return h.Sc.Adversary.Stats.WND
}
