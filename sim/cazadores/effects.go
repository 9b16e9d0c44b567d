package cazadores

import "balance/sim/geom"

// amount returns an effect's number: N, or a roll of dDie (the one roll
// shared by every model an OpEach reaches, when one is under way).
func (h *Hunt) amount(op *Op) int {
	if op.Die <= 0 {
		return int(op.N)
	}
	if h.w.shared > 0 {
		return int(h.w.shared)
	}
	return h.rollDie(int(op.Die))
}

// rollDie rolls a d5 or a d10.
func (h *Hunt) rollDie(die int) int {
	if die == 5 {
		return h.Dice.D5()
	}
	return h.Dice.D10()
}

// applyEffect applies the effect ops that Special Gear and Rituals use:
// perf is the user or caster, tgt the model affected.
func (h *Hunt) applyEffect(perf, tgt int, op *Op, origin geom.Vec) {
	if tgt < 0 {
		tgt = perf
	}
	t := &h.M[tgt]
	switch op.Kind {
	case OpGainWND:
		h.recoverWND(tgt, h.amount(op))
	case OpLoseWND:
		h.wound(tgt, h.amount(op), -1, NoCond)
	case OpImmune:
		t.Immune = t.Immune.With(op.Cond)
	case OpWeaponCrit:
		if t.Side == PackSide {
			d := &h.Sc.Pack[t.Def]
			for s := 0; s < int(d.NWeapons); s++ {
				w := &h.Sc.Weapons[d.Weapons[s]]
				if t.Readied&(1<<s) != 0 && w.Kind != ArcaneWeapon && w.Armour == 0 {
					t.SlotCrit[s] = t.SlotCrit[s].With(op.Cond)
					break
				}
			}
		}
	case OpWard:
		t.Ward |= uint8(op.N)
	case OpMark:
		t.Marked = true
	case OpResist:
		if t.State != Active {
			return
		}
		res := h.skillCheck(tgt, op.Skill, int(op.N), 0, 0)
		if h.Trace != nil {
			h.emitCheck(EvCheck, tgt, -1, res)
		}
		if !res.OK() {
			h.impose(tgt, op.Cond, perf, -1)
		}
	case OpEach:
		if op.Die > 0 {
			h.w.shared = int8(h.rollDie(int(op.Die)))
		}
		list := &h.Sc.Lists[op.Sub]
		for k := 0; k < int(h.N); k++ {
			if h.M[k].State == Active && (k == perf || h.Within(perf, k, op.Dist)) {
				h.applyOps(perf, k, list, origin, -1)
			}
		}
		h.w.shared = 0
	case OpAreaPair:
		a := h.addArea(op.Area, origin)
		b := h.addArea(op.Area, h.scatter(origin))
		if a != nil && b != nil {
			a.Pair, b.Pair = b.Seq, a.Seq
			h.areasChanged()
		}
	case OpTerrifiedByAdversary:
		src := -1
		for i := int(h.Adv0); i < int(h.Adv0+h.NAdv); i++ {
			if h.M[i].State == Active {
				src = i
				break
			}
		}
		h.impose(tgt, Terrified, src, -1)
	}
}

// enterAreas resolves the Areas model i entered on its way from `from`
// to where it stands: a Check against an Area's Condition (a trap only
// for the first model), and a Cosmic Rift's passage to its twin.
func (h *Hunt) enterAreas(i int, from geom.Vec) {
	m := &h.M[i]
	if !h.areaEnter || m.State != Active { // no Area does anything to a model entering it
		return
	}
	for k := 0; k < int(h.NAreas); k++ {
		ar := &h.Areas[k]
		ak := &h.Sc.Adversary.Areas[ar.Kind]
		if ar.Spent || (ak.EnterCond == NoCond && ar.Pair == 0) {
			continue
		}
		rr := ar.R + m.R
		if from.Sub(ar.C).Len2() < rr*rr || !geom.SegmentCircle(from, m.Pos, ar.C, rr) {
			continue // already inside, or never reached it
		}
		h.triggerArea(i, k)
		if ar.Pair != 0 || m.State != Active {
			return // moved through a rift, or fell
		}
	}
}

// triggerArea makes model i suffer Area k as a model entering it.
func (h *Hunt) triggerArea(i, k int) {
	ar := &h.Areas[k]
	ak := &h.Sc.Adversary.Areas[ar.Kind]
	if ak.EnterCond != NoCond {
		if ak.Once {
			ar.Spent = true
			h.areasChanged()
		}
		res := h.skillCheck(i, ak.EnterSkill, int(ak.EnterDT), 0, 0)
		if h.Trace != nil {
			h.emit(Event{Kind: EvTrigger, Model: int8(i), Name: ak.Name})
			h.emitCheck(EvCheck, i, -1, res)
		}
		if !res.OK() {
			h.impose(i, ak.EnterCond, -1, -1)
		}
	}
	if ar.Pair != 0 {
		for j := 0; j < int(h.NAreas); j++ {
			if tw := &h.Areas[j]; tw.Seq == ar.Pair {
				m := &h.M[i]
				dir := m.Pos.Sub(ar.C).Norm()
				if dir.Len2() == 0 {
					dir = geom.Dir(0)
				}
				// Beside the twin, within 1" of its edge.
				h.place(i, tw.C.Add(dir.Scale(tw.R+m.R+0.5)))
				return
			}
		}
	}
}

// sprung applies a new Area's entry effect to the models standing in it
// when it is placed: they count as entering it.
func (h *Hunt) sprung(k int) {
	ar := &h.Areas[k]
	ak := &h.Sc.Adversary.Areas[ar.Kind]
	if ak.EnterCond == NoCond {
		return
	}
	for i := 0; i < int(h.N) && !ar.Spent; i++ {
		m := &h.M[i]
		if m.State == Active && m.Pos.Dist(ar.C) < ar.R+m.R {
			h.triggerArea(i, k)
		}
	}
}
