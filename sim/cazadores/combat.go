package cazadores

import (
	"strconv"

	"balance/sim/dice"
	"balance/sim/geom"
)

// attack is one attack being resolved against one target.
type attack struct {
	kind    AttackKind
	pool    int
	adv     int
	dis     int
	pow     int8
	damage  bool
	shift   int8    // hit-location shift (Focus)
	card    int8    // the action card, -1 for none
	crit    *Ops    // the attack's own Crit ability
	granted bool    // the Adversary's granted Crit abilities apply
	extra   CondSet // Crit abilities the weapon gained (impose each)
	onHit   *Ops
	origin  geom.Vec
}

// resolve makes attacker att's attack a against tgt: the DT, Advantage and
// Disadvantage of the situation, the Check, a Parry, Crit abilities, WNDs
// and on-hit effects, in that order. It reports whether the attack hit.
func (h *Hunt) resolve(att, tgt int, a *attack) bool {
	h.M[att].actAttack = true
	t := &h.M[tgt]
	dt := h.Defence(tgt, a.kind)
	adv, dis := a.adv, a.dis
	if t.Defending {
		dis++
	}
	if h.InCover(att, tgt) {
		dis++
	}
	if t.Kind != AdversaryModel && h.Surrounded(tgt) { // !IsAdversary(tgt), from the model at hand
		adv++
	}
	if t.Spotted && h.M[att].Side == PackSide {
		adv++
	}
	switch a.kind {
	case MeleeAttack:
		if t.Ward&1 != 0 {
			dis++
		}
	case ShootingAttack, TerrorAttack:
		if t.Ward&2 != 0 {
			dis++
		}
		if t.Marked {
			adv++
		}
	}
	net := dice.Net(adv, dis)
	res := h.roll(att, a.pool, dt, net)
	if h.Trace != nil {
		h.w.lastPool, h.w.lastDT, h.w.lastAdv = int8(a.pool), int8(dt), net
		h.emitAttack(att, tgt, a, res)
	}
	if !res.OK() {
		return false
	}
	if a.kind == MeleeAttack && t.ParryOn == int8(att) {
		t.ParryOn = -1
		if h.Trace != nil {
			h.emit(Event{Kind: EvParried, Model: int8(tgt), Target: int8(att)})
		}
		h.counter(tgt, att)
		return false
	}
	if res.Crits > 0 {
		h.applyCrits(att, tgt, a, int(res.Crits))
	}
	if a.damage && t.State == Active {
		w := int(res.Successes) + int(a.pow)
		if w > 0 {
			if t.Kind == AdversaryModel { // IsAdversary(tgt)
				h.woundAdversary(w, a.shift, a.card)
			} else {
				h.wound(tgt, w, a.card, NoCond)
			}
		}
	}
	if a.onHit != nil && a.onHit.N > 0 && h.M[tgt].State == Active {
		h.applyOps(att, tgt, a.onHit, a.origin, a.card)
	}
	if h.Sc.Map.HasHeight {
		h.struck(tgt)
	}
	return true
}

// useAbility reports whether model i may fire Crit ability id now, and
// marks it used for the Turn.
func (h *Hunt) useAbility(i int, id uint8) bool {
	m := &h.M[i]
	if h.Sc.Rules.CritOncePerTurn {
		if m.usedCrit&(1<<id) != 0 {
			return false
		}
		m.usedCrit |= 1 << id
	}
	return true
}

// applyCrits fires up to n Crit abilities of the attack: its own, then
// the Conditions granted to the Adversary's attacks.
func (h *Hunt) applyCrits(att, tgt int, a *attack, n int) {
	if a.crit != nil && a.crit.N > 0 && n > 0 && h.useAbility(att, 0) {
		h.applyOps(att, tgt, a.crit, a.origin, a.card)
		n--
	}
	extra := a.extra
	if a.granted {
		extra |= h.Granted
	}
	if extra != 0 {
		for c := Bleeding; c < NumConds && n > 0; c++ {
			if extra.Has(c) && h.useAbility(att, uint8(c)) {
				h.impose(tgt, c, att, a.card)
				n--
			}
		}
	}
}

// counter is the attack with Advantage a successful Parry gives p against
// t, made with p's best readied melee weapon that reaches t.
func (h *Hunt) counter(p, t int) {
	slot, ok := h.bestMelee(p, t)
	if !ok {
		return
	}
	w := h.Weapon(p, slot)
	a := attack{kind: MeleeAttack, pool: h.Pool(p, Melee), adv: 1, pow: w.POW, damage: !w.NoDamage,
		card: -1, crit: &w.Crit, onHit: &w.OnHit, origin: h.M[t].Pos}
	if h.Trace != nil {
		h.emit(Event{Kind: EvCounter, Model: int8(p), Target: int8(t)})
	}
	h.resolve(p, t, &a)
}

// Weapon returns the weapon in slot s of Pack model i (s < 0: Unarmed).
func (h *Hunt) Weapon(i, s int) *WeaponDef {
	if s < 0 {
		return &h.Sc.Weapons[0]
	}
	return h.wpn[i][s]
}

// WeaponSlots returns the weapon slots of Pack model i that hold a weapon
// of kind k: bit s for slot s, readied or not.
func (h *Hunt) WeaponSlots(i int, k WeaponKind) uint8 { return h.M[i].slots[k] }

// CaptureSlots returns the weapon slots of Pack model i that hold a
// weapon that captures (the Net), as WeaponSlots.
func (h *Hunt) CaptureSlots(i int) uint8 { return h.M[i].nets }

// bestMelee returns the readied melee weapon slot of Pack model i with the
// most POW that reaches model t (-1: unarmed, when in base contact).
func (h *Hunt) bestMelee(i, t int) (int, bool) {
	m := &h.M[i]
	d := &h.Sc.Pack[m.Def]
	e := h.Edge(i, t)
	best, bestPow, found := -1, int8(-100), false
	for s := 0; s < int(d.NWeapons); s++ {
		if m.Readied&(1<<s) == 0 {
			continue
		}
		w := h.wpn[i][s]
		if w.Kind == MeleeWeapon && e <= w.Max+geom.Eps && w.POW > bestPow {
			best, bestPow, found = s, w.POW, true
		}
	}
	if !found && e <= h.Sc.Weapons[0].Max+geom.Eps {
		return -1, true
	}
	return best, found
}

// wound deals w WNDs to model i (not the Adversary) from card (or -1).
func (h *Hunt) wound(i, w int, card int8, cause Cond) {
	if h.IsAdversary(i) {
		h.woundAdversary(w, 0, card)
		return
	}
	m := &h.M[i]
	if m.State != Active || w <= 0 {
		return
	}
	if int(m.WND) < w {
		w = int(m.WND)
	}
	m.WND -= int16(w)
	m.Taken += int16(w)
	if m.Side == PackSide && i < int(h.NPack) {
		h.Rec.Taken[i] += int16(w)
		if card >= 0 {
			h.Rec.Cards[CardWounds][card] += int32(w)
		}
	}
	if h.Trace != nil {
		h.emit(Event{Kind: EvWound, Model: int8(i), N: int16(w), Cond: cause})
	}
	if m.WND <= 0 {
		h.kill(i, card)
	}
}

// kill removes model i from the hunt.
func (h *Hunt) kill(i int, card int8) {
	m := &h.M[i]
	h.SetState(i, Dead)
	m.WND = 0
	m.Conds = 0
	if h.Obj.NTok > 0 {
		h.dropTokens(i, false)
	}
	if m.Kind == ObjectiveModel && int(h.Obj.Vessel) == i {
		// Disruption: the Vessel's fall knocks the Adversary down.
		h.Obj.Met = true
		for k := int(h.Adv0); k < int(h.Adv0+h.NAdv); k++ {
			h.impose(k, KnockedDown, i, -1)
		}
	}
	if m.Side == PackSide && i < int(h.NPack) {
		h.Rec.DiedAt[i] = uint16(h.Now())
		if card >= 0 {
			h.Rec.Cards[CardKills][card]++
		}
	} else if m.Kind == Minion {
		h.Rec.MinionsSlain++
	}
	h.sideGone(m.Side)
	if h.Trace != nil {
		h.emit(Event{Kind: EvDeath, Model: int8(i)})
	}
}

// Immune reports whether model i is immune to Condition c.
func (h *Hunt) Immune(i int, c Cond) bool {
	return h.M[i].Immune.Has(c) || h.IsAdversary(i) && h.Sc.Adversary.Immune.Has(c)
}

// impose gives model i Condition c from model src (card: the action card
// responsible, or -1). A Terrified model flees its SPD from src at once.
func (h *Hunt) impose(i int, c Cond, src int, card int8) {
	m := &h.M[i]
	if m.State != Active || h.Immune(i, c) {
		return
	}
	m.Conds = m.Conds.With(c)
	if m.Side == PackSide {
		h.Rec.Conds[c]++
		if card >= 0 {
			h.Rec.Cards[CardConds][card]++
		}
	}
	if h.Trace != nil {
		h.emit(Event{Kind: EvCondition, Model: int8(i), Cond: c, Target: int8(src)})
	}
	if c == Terrified {
		m.Terrifier = int8(src)
		if src >= 0 && src != i {
			h.forcedAway(i, h.M[src].Pos, float32(h.SPD(i)))
		}
	}
}

// clear removes Condition c from model i.
func (h *Hunt) clear(i int, c Cond) {
	m := &h.M[i]
	m.Conds = m.Conds.Without(c)
	if c == Terrified {
		m.Terrifier = -1
	}
	if h.Trace != nil {
		h.emit(Event{Kind: EvCleared, Model: int8(i), Cond: c})
	}
}

// applyOps applies effect ops performed by perf on tgt.
func (h *Hunt) applyOps(perf, tgt int, ops *Ops, origin geom.Vec, card int8) {
	for k := 0; k < int(ops.N); k++ {
		op := &ops.Ops[k]
		switch op.Kind {
		case OpImpose:
			if tgt >= 0 {
				h.impose(tgt, op.Cond, perf, card)
			}
		case OpImposeSelf:
			h.impose(perf, op.Cond, perf, card)
		case OpPush:
			if tgt >= 0 && h.M[tgt].State == Active {
				h.push(tgt, h.M[perf].Pos, op.Dist)
			}
		case OpPlaceScatter:
			if tgt >= 0 && h.M[tgt].State == Active {
				h.place(tgt, h.scatter(h.M[tgt].Pos))
			}
		case OpPlaceAdjacent:
			if tgt >= 0 && h.M[tgt].State == Active {
				h.place(tgt, h.adjacent(perf, tgt))
			}
		case OpMoveSelfAdjacent:
			if tgt >= 0 {
				h.place(perf, h.adjacent(tgt, perf))
			}
		case OpArea:
			on := tgt // the target, or the performer when there is none
			if on < 0 {
				on = perf
			}
			var at geom.Vec
			switch op.At {
			case AtTarget:
				at = h.M[on].Pos
			case AtOrigin:
				at = origin
			case AtSelf:
				at = h.M[perf].Pos
			case AtScatter:
				at = h.scatter(h.M[on].Pos)
			}
			h.addArea(op.Area, at)
		case OpGrantCrit:
			h.Granted = h.Granted.With(op.Cond)
		case OpHeal:
			h.healOwn(perf, h.amount(op))
		case OpAttack:
			h.triggerAttack(perf, &h.Sc.Adversary.Triggers[op.Sub])
		case OpSummon:
			h.summon(perf, int(op.Sub), int(op.N))
		case OpGainWND, OpLoseWND, OpImmune, OpWeaponCrit, OpWard, OpMark, OpResist, OpEach, OpAreaPair, OpTerrifiedByAdversary:
			at := origin
			if op.Kind == OpAreaPair && op.At == AtSelf {
				at = h.M[perf].Pos
			}
			h.applyEffect(perf, tgt, op, at)
		case OpRecoverWND:
			n := int(h.w.lastSucc)
			if op.N > 0 && n > int(op.N) {
				n = int(op.N)
			}
			if tgt >= 0 {
				h.recoverWND(tgt, n)
			}
		default:
			panic("sim: an effect op of kind " + strconv.Itoa(int(op.Kind)) + " has no rule (see OpTable)")
		}
	}
}
