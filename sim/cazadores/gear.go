package cazadores

import (
	"balance/sim/dice"
	"balance/sim/geom"
)

// CanUseGear reports whether Pack model i may use its gear g on model t
// (t < 0 or the gear's Range < 0: on itself): Ammo left, readied if it
// must be, t within range (Attack gear: a Hostile model within its range
// band and Line of Sight).
func (h *Hunt) CanUseGear(i, g, t int) bool {
	m := &h.M[i]
	if m.Side != PackSide || g < 0 || g >= int(h.Sc.Pack[m.Def].NGear) {
		return false
	}
	gd := &h.Sc.Gear[h.Sc.Pack[m.Def].Gear[g]]
	kind := ActUseGear
	if gd.Attack {
		kind = ActAttack
	}
	if !h.CanAct(i, kind) {
		return false
	}
	if gd.Ammo > 0 && m.GearAmmo[g] == 0 {
		return false
	}
	if gd.MustReady && m.GearReady&(1<<g) == 0 {
		return false
	}
	if gd.Attack {
		if t < 0 || h.M[t].State != Active || !h.Hostile(i, t) || !h.Within(i, t, gd.Range) || !h.LOS(i, t) {
			return false
		}
		return gd.Min <= 0 || !h.Within(i, t, gd.Min-2*geom.Eps)
	}
	if gd.Range >= 0 && t >= 0 {
		if h.M[t].State != Active || !h.Within(i, t, gd.Range) {
			return false
		}
	}
	return true
}

// UseGear uses model i's gear g on model t: the Use Gear Action (3
// Ticks) and the gear's Check, or, for gear used to Attack (Fire Bomb,
// Poison Urn, Smoke Canister), the Attack Action and a Shooting Check
// against the target's Defence. The gear's effects follow a success or a
// failure; one Ammo is spent either way.
func (h *Hunt) UseGear(i, g, t int) bool {
	if !h.CanUseGear(i, g, t) {
		return false
	}
	m := &h.M[i]
	gd := &h.Sc.Gear[h.Sc.Pack[m.Def].Gear[g]]
	if !gd.Attack && (gd.Range < 0 || t < 0) {
		t = i
	}
	var res dice.Result
	if gd.Attack {
		h.startAction(i, ActAttack, h.ActionTicks(ActAttack))
		dis := 0
		if h.InCover(i, t) {
			dis++
		}
		res = h.skillCheck(i, Shooting, h.Defence(t, ShootingAttack), 0, dis)
	} else {
		h.startAction(i, ActUseGear, h.ActionTicks(ActUseGear))
		res = h.skillCheck(i, gd.Skill, int(gd.DT), 0, 0)
	}
	if h.Trace != nil {
		h.emitCheck(EvCheck, i, t, res)
	}
	if gd.Ammo > 0 {
		m.GearAmmo[g]--
	}
	h.w.lastSucc = res.Successes
	if res.OK() {
		h.applyOps(i, t, &gd.OnSuccess, h.M[t].Pos, -1)
	} else {
		h.applyOps(i, t, &gd.OnFailure, h.M[t].Pos, -1)
	}
	return res.OK()
}

// ritual returns Pack model i's Ritual number r: its known Rituals, then
// those of its Book of Rituals (usable only while the Book is readied).
func (h *Hunt) ritual(i, r int) (int, bool) {
	m := &h.M[i]
	d := m.pack
	switch {
	case r < 0:
		return 0, false
	case r < int(d.NRituals):
		return int(d.Rituals[r]), true
	case r < int(d.NRituals+d.NSlotRituals) && d.HasSlotRituals && m.Readied&(1<<d.RitualsSlot) != 0:
		return int(d.SlotRituals[r-int(d.NRituals)]), true
	}
	return 0, false
}

// NumRituals returns how many Rituals Pack model i can name to CastRitual
// (known ones, then its Book's).
func (h *Hunt) NumRituals(i int) int {
	d := h.M[i].pack
	return int(d.NRituals + d.NSlotRituals)
}

// RitualOf returns the definition of Pack model i's Ritual number r, or
// nil when it cannot cast it now.
func (h *Hunt) RitualOf(i, r int) *RitualDef {
	k, ok := h.ritual(i, r)
	if !ok {
		return nil
	}
	return &h.Sc.Rituals[k]
}

// CanCast reports whether Pack model i may cast its Ritual r on model t:
// a Ritual it knows (or its readied Book holds), not yet cast successfully
// this hunt, t within the Ritual's range (and Hostile, when it must be).
func (h *Hunt) CanCast(i, r, t int) bool {
	m := &h.M[i]
	if !h.CanAct(i, ActCastRitual) || m.Side != PackSide {
		return false
	}
	k, ok := h.ritual(i, r)
	if !ok || m.Cast&(1<<k) != 0 {
		return false
	}
	rd := &h.Sc.Rituals[k]
	if rd.Range >= 0 && t >= 0 && (h.M[t].State != Active || !h.Within(i, t, rd.Range)) {
		return false
	}
	if rd.Hostile && (t < 0 || !h.Hostile(i, t)) {
		return false
	}
	if rd.Friendly && t >= 0 && h.Hostile(i, t) {
		return false
	}
	// A Ritual aimed at another model needs to see it, as an attack does.
	return rd.Range < 0 || t < 0 || t == i || h.LOS(i, t)
}

// CastRitual is the Cast Ritual Action (4 Ticks): a Lore Check against
// DT 7 (2 more dice for the Religious Symbol's Ritual, and a failure of
// it leaves the caster Terrified); on a success the Ritual's effects apply
// (a Ritual with POW makes a Shooting Attack of POW dice on its target)
// and it cannot be cast again this hunt.
func (h *Hunt) CastRitual(i, r, t int) bool {
	if !h.CanCast(i, r, t) {
		return false
	}
	m := &h.M[i]
	d := &h.Sc.Pack[m.Def]
	k, _ := h.ritual(i, r)
	rd := &h.Sc.Rituals[k]
	if rd.Range < 0 || t < 0 {
		t = i
	}
	h.startAction(i, ActCastRitual, h.ActionTicks(ActCastRitual))
	symbol := d.HasFocus && m.Readied&(1<<d.FocusSlot) != 0 && int(d.FocusRitual) == r
	pool := h.Pool(i, Lore)
	if symbol {
		pool += 2
	}
	h.w.lastPool, h.w.lastDT, h.w.lastAdv = int8(pool), 7, dice.Normal
	res := h.roll(i, pool, 7, dice.Normal)
	if h.Trace != nil {
		h.emitCheck(EvCheck, i, t, res)
	}
	if !res.OK() {
		if symbol {
			op := Op{Kind: OpTerrifiedByAdversary}
			h.applyEffect(i, i, &op, m.Pos)
		}
		return false
	}
	m.Cast |= 1 << k
	h.w.lastSucc = res.Successes
	h.applyOps(i, t, &rd.OnSuccess, h.M[t].Pos, -1)
	if rd.POW > 0 && t != i && h.Hostile(i, t) && h.M[t].State == Active {
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
		if m.Side == PackSide && i < int(h.NPack) {
			h.Rec.Healed[i] += int16(n)
		}
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
