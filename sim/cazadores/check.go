package cazadores

import (
	"math/bits"

	"balance/sim/dice"
)

// packAttr returns Attribute a of Pack model i.
func (h *Hunt) packAttr(i, a int) int {
	return int(h.M[i].pack.Attr[a])
}

// Pool returns the dice pool model i rolls for a Check of skill s:
// Cazadores roll Skill + linked Attribute, Companions the Attribute alone
// (their Skills are 0), Foes an attribute by ruling R-pools: ATK for Melee
// and Shooting, TER for Fortitude, DEF for Athletics, nothing otherwise.
func (h *Hunt) Pool(i int, s Skill) int {
	m := &h.M[i]
	if m.Side == PackSide {
		d := m.pack
		return int(d.Attr[skillAttr[s]] + d.Skills[s])
	}
	switch s {
	case Melee, Shooting:
		return int(m.ATK)
	case Fortitude:
		return int(m.TER)
	case Athletics:
		return int(m.DEF)
	}
	return 0
}

// roll makes one Check for model slot (MaxModels, or any slot outside the
// board, for Checks no model makes) from that slot's next keyed draw. A DT
// above 10 leaves only natural 10s (or nothing, when the natural-ten switch
// is off). Every call takes one draw, whatever the result.
func (h *Hunt) roll(slot, pool, dt int, a dice.Adv) dice.Result {
	if slot < 0 || slot > MaxModels {
		slot = MaxModels
	}
	u := dice.KeyedDraw(h.checkKey[slot], uint64(h.checkN[slot]))
	h.checkN[slot]++
	if dt > dice.MaxDT {
		if !h.Sc.Rules.NaturalTenAlwaysSucceeds {
			return dice.Result{}
		}
		dt = dice.MaxDT
	}
	if dt < 0 {
		dt = 0
	}
	if pool <= 0 {
		return dice.Result{}
	}
	return dice.RollU(u, pool, dt, a)
}

// skillCheck makes model i's Check of skill s against dt, with extra
// sources of advantage and disadvantage, adding those of its Conditions
// (Freezing: Athletics and Stealth; Poisoned: Fortitude).
func (h *Hunt) skillCheck(i int, s Skill, dt int, adv, dis int) dice.Result {
	m := &h.M[i]
	if m.Conds.Has(Freezing) && (s == Athletics || s == Stealth) {
		dis++
	}
	if m.Conds.Has(Poisoned) && s == Fortitude {
		dis++
	}
	h.w.lastPool, h.w.lastDT, h.w.lastAdv = int8(h.Pool(i, s)), int8(dt), dice.Net(adv, dis)
	return h.roll(i, int(h.w.lastPool), dt, h.w.lastAdv)
}

// Armour returns Pack model i's armour: its armour plus readied Shields.
func (h *Hunt) Armour(i int) int {
	m := &h.M[i]
	d := m.pack
	a := int(d.Armour)
	for bs := m.Readied & m.armed; bs != 0; bs &= bs - 1 {
		a += int(h.wpn[i][bits.TrailingZeros8(bs)].Armour)
	}
	return a
}

// Defence returns the DT model i sets against an attack of kind k:
// MDEF (PROW + armour), SDEF (SHRP + armour), the Fortitude Rating for
// Terror Attacks, or a Foe's DEF (plus Areas that raise it). A Defenceless
// or Knocked Down model sets none.
func (h *Hunt) Defence(i int, k AttackKind) int {
	m := &h.M[i]
	if m.Conds.Has(Defenceless) || m.Conds.Has(KnockedDown) {
		return 0
	}
	if m.Side == FoeSide {
		if k == TerrorAttack {
			return int(m.TER)
		}
		if !h.areaDEF { // no Area raises a Foe's DEF
			return int(m.DEF)
		}
		return int(m.DEF) + h.areaFoeDEF(i)
	}
	d := m.pack
	switch k {
	case MeleeAttack:
		return int(d.Attr[PROW]) + h.Armour(i)
	case ShootingAttack:
		return int(d.Attr[SHRP]) + h.Armour(i)
	case TerrorAttack:
		switch h.Sc.Rules.TerrorDT {
		case TerrorDTSkill:
			return int(d.Skills[Fortitude])
		case TerrorDTRes:
			return int(d.Attr[RES])
		}
		return int(d.Attr[RES] + d.Skills[Fortitude])
	}
	return 0
}

// MeleeReach returns how far model i's close combat reaches: a Foe's RNG,
// a Pack model's longest readied melee weapon (unarmed: 0"), or -1 when it
// cannot fight in melee.
func (h *Hunt) MeleeReach(i int) float32 {
	m := &h.M[i]
	if m.Kind == ObjectiveModel {
		return -1
	}
	if m.Side == FoeSide {
		return float32(m.RNG)
	}
	return m.reach
}

// packReach computes a Pack model's melee reach from its readied weapons.
func (h *Hunt) packReach(i int) float32 {
	m := &h.M[i]
	d := &h.Sc.Pack[m.Def]
	best := float32(0)
	for s := 0; s < int(d.NWeapons); s++ {
		if m.Readied&(1<<s) == 0 {
			continue
		}
		w := h.wpn[i][s]
		if w.Kind == MeleeWeapon && w.Max > best {
			best = w.Max
		}
	}
	return best
}
