package ai

import (
	"balance/sim"
	"balance/sim/geom"
)

// objective pursues the hunt's Objective where the Baseline policy has a
// plan for it; it reports whether it took the Turn's Action.
//
//   - Banish the Well: the Pack model with the largest Lore pool goes to
//     the Cosmic Well and banishes it when no Hostile model is by it.
//   - Capture the Beast: the Net's carrier, once the Adversary has two hit
//     locations exhausted (the Subdue Check rolls one die per exhausted
//     location), readies the Net, keeps 3-5" away and throws it.
func (b Baseline) objective(h *sim.Hunt, i int) bool {
	switch h.Sc.Objective.Kind {
	case sim.ObjWell:
		if h.Obj.Banished || banisher(h) != i {
			return false
		}
		if h.CanBanish(i) {
			h.Note(i, "banish the Cosmic Well")
			h.Banish(i)
			return true
		}
		near := h.M[i].Pos.Dist(h.Obj.Marker) <= h.Obj.MarkerR+h.M[i].R+1
		if near {
			return false // Hostile models guard the Well: fight them
		}
		h.Note(i, "to the Cosmic Well")
		h.FreeMove(i, h.Obj.Marker, -1, 0)
		if h.CanBanish(i) {
			h.Banish(i)
			return true
		}
		if h.M[i].Pos.Dist(h.Obj.Marker) > h.Obj.MarkerR+h.M[i].R+1 {
			h.Move(i, h.Obj.Marker, -1, 0)
			return true
		}
		return false
	case sim.ObjCapture:
		return b.capture(h, i)
	case sim.ObjPrisoner:
		return b.free(h, i)
	case sim.ObjRaze:
		return b.raze(h, i)
	case sim.ObjSeal, sim.ObjArtifacts, sim.ObjIcon:
		return b.tokens(h, i)
	}
	return false
}

// tokens sends each of the first Pack models to a token of its own (for
// the Seal: the Talc carriers), to ward, take or search it; a model that
// carries the Genuine Icon, or an Artifact, then leaves by an Exit.
func (b Baseline) tokens(h *sim.Hunt, i int) bool {
	o := &h.Obj
	kind := h.Sc.Objective.Kind
	if kind != sim.ObjSeal {
		for k := 0; k < int(o.NTok); k++ {
			t := &o.Tok[k]
			if int(t.Holder) == i && (kind == sim.ObjArtifacts || t.Genuine) {
				b.flee(h, i)
				return true
			}
		}
	}
	if h.CanTakeToken(i) {
		h.Note(i, "take the objective")
		h.TakeToken(i)
		return true
	}
	k := i
	if k >= int(o.NTok) || kind == sim.ObjSeal && !h.HasTalc(i) {
		return false
	}
	// Its own token, or, when that is dealt with, any token left.
	t := &o.Tok[k]
	open := func(t *sim.Token) bool {
		return !t.Gone && t.Holder < 0 && !(kind == sim.ObjSeal && t.Done)
	}
	if !open(t) {
		k = -1
		for j := 0; j < int(o.NTok); j++ {
			if open(&o.Tok[j]) {
				k = j
				break
			}
		}
		if k < 0 {
			return false
		}
		t = &o.Tok[k]
	}
	h.Note(i, "to the objective")
	h.FreeMove(i, t.Pos, -1, 0)
	if h.CanTakeToken(i) {
		h.TakeToken(i)
		return true
	}
	if h.M[i].Pos.Dist(t.Pos) > sim.TokenR+h.M[i].R+1 {
		h.Move(i, t.Pos, -1, 0)
		return true
	}
	return false
}

// banisher is the living Pack model with the largest Lore pool.
func banisher(h *sim.Hunt) int {
	best, bp := -1, -1
	for k := 0; k < int(h.NPack); k++ {
		if h.M[k].Alive() {
			if p := h.Pool(k, sim.Lore); p > bp {
				best, bp = k, p
			}
		}
	}
	return best
}

// capture throws the Net at the Adversary when it can subdue it.
func (b Baseline) capture(h *sim.Hunt, i int) bool {
	m := &h.M[i]
	d := &h.Sc.Pack[m.Def]
	net := -1
	for s := 0; s < int(d.NWeapons); s++ {
		if h.Sc.Weapons[d.Weapons[s]].Net {
			net = s
		}
	}
	if net < 0 || m.Ammo[net] == 0 || h.Obj.Netted {
		return false
	}
	exhausted := 0
	for l := 0; l < int(h.Sc.Adversary.NLoc); l++ {
		if h.Exhausted&(1<<l) != 0 {
			exhausted++
		}
	}
	tg := int(h.Adv0)
	for k := int(h.Adv0); k < int(h.Adv0+h.NAdv); k++ {
		if h.M[k].Alive() {
			tg = k
			break
		}
	}
	if exhausted < 2 || !h.M[tg].Alive() {
		return false
	}
	if m.Readied&(1<<net) == 0 {
		// The Net and a 1-handed weapon, if there is one.
		mask := uint8(1 << net)
		for s := 0; s < int(d.NWeapons); s++ {
			if s != net && h.Sc.Weapons[d.Weapons[s]].Hands == 1 {
				mask |= 1 << s
				break
			}
		}
		if h.CanAct(i, sim.ActSwitch) {
			h.Note(i, "ready the Net")
			return h.Switch(i, mask)
		}
		return false
	}
	if !h.InWeaponRange(i, net, tg) {
		w := &h.Sc.Weapons[d.Weapons[net]]
		dir := m.Pos.Sub(h.M[tg].Pos).Norm()
		if dir.Len2() == 0 {
			dir = geom.Dir(0)
		}
		want := (w.Min + w.Max) / 2
		goal := geom.ClampToBoard(h.M[tg].Pos.Add(dir.Scale(want+m.R+h.M[tg].R)), m.R, h.Sc.Map.W, h.Sc.Map.H)
		h.FreeMove(i, goal, -1, 0)
	}
	if made, _ := h.TryAttack(i, tg, net); made {
		h.Note(i, "throw the Net")
		return true
	}
	if h.CanReload(i, net) {
		h.Reload(i, net)
		return true
	}
	return false
}

// free sends the Pack model nearest the Prisoner to free it with the Aid
// Action, then to help its flight.
func (b Baseline) free(h *sim.Hunt, i int) bool {
	p := int(h.Obj.Prisoner)
	if p < 0 || !h.M[p].Alive() {
		return false
	}
	near, nd := -1, float32(1e9)
	for k := 0; k < int(h.NPack); k++ {
		if h.M[k].Alive() {
			if d := h.Edge(k, p); d < nd {
				near, nd = k, d
			}
		}
	}
	if near != i || h.Obj.Freed && h.Obj.FleeAdv {
		return false
	}
	if !h.Within(i, p, 3) {
		h.FreeMove(i, h.M[p].Pos, p, 0)
	}
	if h.Within(i, p, 3) && h.CanAct(i, sim.ActAid) {
		h.Note(i, "aid the Prisoner")
		h.Aid(i, p, sim.NoCond)
		return true
	}
	if !h.Obj.Freed && h.CanAct(i, sim.ActMove) {
		h.Move(i, h.M[p].Pos, p, 0)
		return true
	}
	return false
}

// raze sends the barrel carrier nearest the Territory into it to ready
// and set its Explosive Barrel; once the barrel is set, every Pack model
// keeps out of its blast until it goes off.
func (b Baseline) raze(h *sim.Hunt, i int) bool {
	o := &h.Obj
	if o.Placed >= 0 {
		if o.Detonated {
			return false
		}
		p := o.Tok[o.Placed].Pos
		m := &h.M[i]
		if m.Pos.Dist(p)-m.R-sim.TokenR > sim.BarrelBlast {
			return false
		}
		dir := m.Pos.Sub(p).Norm()
		if dir.Len2() == 0 {
			dir = geom.Dir(0)
		}
		goal := geom.ClampToBoard(p.Add(dir.Scale(sim.BarrelBlast+m.R+sim.TokenR+1)), m.R, h.Sc.Map.W, h.Sc.Map.H)
		h.Note(i, "clear of the barrel")
		h.FreeMove(i, goal, -1, 0)
		if m.Pos.Dist(p)-m.R-sim.TokenR <= sim.BarrelBlast {
			h.Move(i, goal, -1, 0)
			return true
		}
		return false
	}
	if h.CanTakeToken(i) {
		h.Note(i, "pick up a barrel")
		h.TakeToken(i)
		return true
	}
	// The carrier nearest the Territory does it.
	best, bd := -1, float32(1e9)
	for k := 0; k < int(h.NPack); k++ {
		if h.M[k].Alive() && h.BarrelOf(k) >= 0 {
			if d := h.M[k].Pos.Dist(o.Marker); d < bd {
				best, bd = k, d
			}
		}
	}
	if best != i {
		return false
	}
	if !h.InTerritory(i) {
		h.FreeMove(i, o.Marker, -1, 0)
	}
	if h.CanPlaceBarrel(i) {
		h.Note(i, "set the Explosive Barrel")
		h.PlaceBarrel(i)
		return true
	}
	if o.BarrelReady&(1<<i) == 0 {
		h.Note(i, "ready the Explosive Barrel")
		return h.ReadyBarrel(i)
	}
	if !h.InTerritory(i) {
		h.Move(i, o.Marker, -1, 0)
		return true
	}
	return false
}
