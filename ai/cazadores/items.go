package cazadores

import sim "balance/sim/cazadores"

// has reports whether an effect list holds an op of kind k (looking into
// OpEach lists too).
func has(h *sim.Hunt, ops *sim.Ops, k sim.OpKind) bool {
	for _, op := range ops.List() {
		if op.Kind == k {
			return true
		}
		if op.Kind == sim.OpEach && has(h, &h.Sc.Lists[op.Sub], k) {
			return true
		}
	}
	return false
}

// hurt reports whether model k is at or below frac of its starting WNDs.
func hurt(h *sim.Hunt, k int, frac float32) bool {
	m := &h.M[k]
	if m.Side != sim.PackSide {
		return false
	}
	return float32(m.WND) <= frac*float32(h.Sc.Pack[m.Def].WND)
}

// mostHurtFriend returns the Friendly model (or i itself) at or below half
// its WNDs that accepts ok, the lowest first; -1 when none.
func mostHurtFriend(h *sim.Hunt, i int, ok func(k int) bool) int {
	best, bw := -1, float32(2)
	for k := 0; k < int(h.NPack); k++ {
		m := &h.M[k]
		if !m.Alive() || !hurt(h, k, 0.5) || !ok(k) {
			continue
		}
		if f := float32(m.WND) / float32(h.Sc.Pack[m.Def].WND); f < bw {
			best, bw = k, f
		}
	}
	return best
}

// rituals casts the first Ritual worth casting now: an attack Ritual on
// the target, a healing one on a hurt friend (or around a hurt Pack), a
// Mark on the target, and the caster's own boons. It reports whether it
// took the Action.
func (b Baseline) rituals(h *sim.Hunt, i, tg int) bool {
	for r := 0; r < h.NumRituals(i); r++ {
		rd := h.RitualOf(i, r)
		if rd == nil || !h.CanCast(i, r, -1) && rd.Range < 0 {
			continue
		}
		ops := &rd.OnSuccess
		switch {
		case rd.POW > 0 || has(h, ops, sim.OpMark):
			if tg >= 0 && h.CanCast(i, r, tg) {
				decidef(h, i, "cast ", rd.Name, tg, "an attack Ritual on its target")
				h.CastRitual(i, r, tg)
				return true
			}
		case has(h, ops, sim.OpEach) && has(h, ops, sim.OpGainWND):
			n := 0
			for k := 0; k < int(h.NPack); k++ {
				if h.M[k].Alive() && hurt(h, k, 0.6) && (k == i || h.Within(i, k, 5)) {
					n++
				}
			}
			if n >= 2 && h.CanCast(i, r, i) {
				decidef(h, i, "cast ", rd.Name, -1, "two or more of the Pack hurt around it")
				h.CastRitual(i, r, i)
				return true
			}
		case has(h, ops, sim.OpGainWND):
			if f := mostHurtFriend(h, i, func(k int) bool { return h.CanCast(i, r, k) }); f >= 0 {
				decidef(h, i, "cast ", rd.Name, f, "the most hurt of the Pack in reach, at half its WNDs or less")
				h.CastRitual(i, r, f)
				return true
			}
		case has(h, ops, sim.OpWeaponCrit):
			if h.CanCast(i, r, i) {
				decidef(h, i, "cast ", rd.Name, -1, "a boon for its weapons")
				h.CastRitual(i, r, i)
				return true
			}
		}
	}
	return false
}

// gear uses the first piece of Special Gear worth using now: a weapon
// coating before the first blow, the Sawbones Kit on a hurt friend in
// reach, healing powder when badly hurt, the incense early, and readied
// gear that attacks. It reports whether it took the Action.
func (b Baseline) gear(h *sim.Hunt, i, tg int) bool {
	m := &h.M[i]
	d := h.PackDef(i)
	for g := 0; g < int(d.NGear); g++ {
		gd := &h.Sc.Gear[d.Gear[g]]
		if gd.Ammo > 0 && m.GearAmmo[g] == 0 {
			continue
		}
		ops := &gd.OnSuccess
		use := -2 // the target to use it on; -2: not now
		why := "" // the trace's reason
		switch {
		case gd.Attack:
			if tg >= 0 && h.CanUseGear(i, g, tg) {
				use, why = tg, "gear that attacks, its target in reach"
			}
		case has(h, ops, sim.OpWeaponCrit):
			// A coating goes on the first readied weapon: none, no use.
			if m.SlotCrit == [sim.MaxWeapons]sim.CondSet{} && m.Readied != 0 {
				use, why = -1, "a coating for its weapon before the first blow"
			}
		case has(h, ops, sim.OpRecoverWND):
			if gd.MustReady && m.GearReady&(1<<g) == 0 {
				// A hurt friend in reach: ready the kit (alone, if it takes
				// both hands) for the next Turn.
				inReach := func(k int) bool { return gd.Range < 0 || h.Within(i, k, gd.Range) }
				if mostHurtFriend(h, i, inReach) >= 0 && h.CanAct(i, sim.ActSwitch) {
					mask := uint8(1) << (int(d.NWeapons) + g)
					if gd.Hands < 2 {
						mask |= m.Readied
					}
					if h.Trace != nil && h.CanSwitch(i, mask) {
						decidef(h, i, "ready ", gd.Name, -1, "a hurt friend in reach: ready for its next Turn")
					}
					if h.Switch(i, mask) {
						return true
					}
				}
				continue
			}
			use = mostHurtFriend(h, i, func(k int) bool { return h.CanUseGear(i, g, k) })
			why = "the most hurt of the Pack in reach, at half its WNDs or less"
			if use < 0 {
				use = -2
			}
		case has(h, ops, sim.OpGainWND):
			if hurt(h, i, 0.34) {
				use, why = -1, "a third of its WNDs or less left"
			}
		case has(h, ops, sim.OpImmune):
			if m.Immune == 0 {
				use, why = -1, "no protection yet"
			}
		}
		if use != -2 && h.CanUseGear(i, g, use) {
			decidef(h, i, "use ", gd.Name, use, why)
			h.UseGear(i, g, use)
			return true
		}
	}
	return false
}
