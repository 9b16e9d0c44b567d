package horizon

import "math/bits"

// alert makes enemy e alert (for good); an alert enemy alerts the
// non-alert enemies in its square.
func (h *Hunt) alert(e int, why string) {
	en := &h.E[e]
	if en.Alert || en.Where != InPlay {
		return
	}
	en.Alert = true
	h.calm--
	h.note(evAlert, -1, e, 0, why)
	h.alertSquare(int(en.Cell))
}

// alertSquare alerts the non-alert enemies in square c when an alert
// enemy is there.
func (h *Hunt) alertSquare(c int) {
	if h.calm == 0 {
		return // no enemy left to alert
	}
	var non uint32
	any := false
	for i := range h.E[:h.NE] {
		if en := &h.E[i]; int(en.Cell) == c && en.Where == InPlay {
			if en.Alert {
				any = true
			} else {
				non |= 1 << i
			}
		}
	}
	if !any {
		return
	}
	for ; non != 0; non &= non - 1 {
		h.alert(bits.TrailingZeros32(non), "an alert enemy shares its square")
	}
}

// alertNear alerts the enemies other than except in square c and the
// squares next to it (an enemy there was attacked).
func (h *Hunt) alertNear(c, except int) {
	if h.calm == 0 {
		return // no enemy left to alert
	}
	near := h.B.Near[c]
	for i := 0; i < h.NE; i++ {
		if en := &h.E[i]; i != except && en.Where == InPlay && !en.Alert && near&bit(en.Cell) != 0 {
			h.alert(i, "an enemy next to it is attacked")
		}
	}
}

// enemyEnters moves enemy e into square c and resolves what entering it
// causes: alerts, and the trap in it.
func (h *Hunt) enemyEnters(e, c int) {
	en := &h.E[e]
	en.Cell = uint8(c)
	h.event(evEnemyMove, -1, e, c)
	if !en.Alert {
		switch h.Sc.Rules.AlertOnEnter {
		case EnterSame:
			if h.HuntersIn(1<<c) != 0 {
				h.alert(e, "it enters a hunter's square")
			}
		case EnterSameOrAdjacent:
			if h.HuntersIn(1<<c) != 0 {
				h.alert(e, "it enters a hunter's square")
			} else if h.HuntersIn(h.B.Adj[c]&^h.B.Grass) != 0 {
				h.alert(e, "it enters a square next to a hunter in the open")
			}
		}
	}
	h.alertSquare(c)
	if h.TrapAt&bit(uint8(c)) != 0 {
		h.triggerTrap(e, c)
	}
}

// enemyStep activates every enemy in play once: alert enemies first, the
// closest to the active hunter first.
func (h *Hunt) enemyStep(active int) {
	b := h.B
	hc := h.standing()
	var alertAt, nonAt uint64
	var todo uint32 // the enemies in play not yet activated
	for i := range h.E[:h.NE] {
		en := &h.E[i]
		en.Done = false
		if en.Where != InPlay {
			continue
		}
		todo |= 1 << i
		if !en.Alert && hc&bit(en.Cell) != 0 {
			h.alert(i, "a hunter is in its square")
		} else if !en.Alert && hc&b.Adj[en.Cell]&^b.Grass != 0 {
			h.alert(i, "a hunter is next to it, not in tall grass")
		}
		// the squares of the alert and the non-alert ones: an enemy
		// alerted later in this loop (sharing the square of one alerted
		// here) is counted non-alert, which only asks for the squares'
		// alerts below again, and those alert no one then
		if en.Alert {
			alertAt |= bit(en.Cell)
		} else {
			nonAt |= bit(en.Cell)
		}
	}
	if alertAt&nonAt != 0 {
		for i := 0; i < h.NE; i++ {
			if en := &h.E[i]; en.Where == InPlay && en.Alert {
				h.alertSquare(int(en.Cell))
			}
		}
	}
	row := b.DistRow(int(h.H[active].Cell))
	snapshot := h.Sc.Rules.SnapshotOrder
	var snap uint32 // snapshot order: the enemies non-alert at the start of the step
	if snapshot {
		for i := 0; i < h.NE; i++ {
			if !h.E[i].Alert {
				snap |= 1 << i
			}
		}
	}
	for !h.Over {
		best, bestKey, n := -1, 1<<30, 0
		for m := todo; m != 0; m &= m - 1 {
			i := bits.TrailingZeros32(m)
			en := &h.E[i]
			if en.Where != InPlay {
				todo &^= 1 << i
				continue
			}
			key := int(row[en.Cell])
			switch {
			case snapshot:
				if snap&(1<<i) != 0 {
					key += 1 << 10
				}
			case !en.Alert:
				key += 1 << 10
			}
			switch {
			case key < bestKey:
				best, bestKey, n = i, key, 1
				h.Ties[0] = uint8(i)
			case key == bestKey:
				h.Ties[n] = uint8(i)
				n++
			}
		}
		if best < 0 {
			return
		}
		if n > 1 {
			best = int(h.Ties[h.tie(TieOrder, n)])
		}
		en := &h.E[best]
		en.Done = true
		todo &^= 1 << best
		h.Rec.Activations++
		hurt := h.hurt
		if en.Alert {
			h.activateAlert(best)
		} else {
			h.event(evPatrol, -1, best, int(en.Cell))
			h.patrol(best)
		}
		h.endEnemyActivation(best)
		h.Rec.SideTurns[1]++
		if h.hurt == hurt {
			h.Rec.SideIdle[1]++
		}
	}
}

// endEnemyActivation resolves Fire at the end of enemy e's activation:
// 1 damage to its HP (no salvage, no glory if it dies of it).
func (h *Hunt) endEnemyActivation(e int) {
	en := &h.E[e]
	if en.Where != InPlay || en.Cond&Fire == 0 {
		return
	}
	en.Cond &^= Fire
	d := 1
	if h.Sc.Rules.FireArmour {
		d -= int(en.Armour)
	}
	h.event(evEnemyBurn, -1, e, d)
	if d > 0 {
		h.damageEnemy(e, d, -1, false)
	}
}

// patrol moves a non-alert enemy one square along its patrol route.
func (h *Hunt) patrol(e int) {
	b := h.B
	en := &h.E[e]
	huge := h.Sc.Machines[en.M].Huge
	c := int(en.Cell)
	switch next := b.Next[c]; {
	case next == OffBoard:
		en.Where = Left
		h.Rec.LeftAt[e] = int16(max(h.Turn, 1))
		h.event(evLeft, -1, e, c)
	case next != NoCell:
		if huge && h.HugeAt(e)&(1<<next) != 0 {
			h.event(evBlocked, -1, e, int(next))
			return
		}
		h.enemyEnters(e, int(next))
	default:
		// Off its route: one square back towards its initial route,
		// ending as far along it as possible.
		route := h.Sc.Spawns[en.Spawn].Route
		near := b.Near[c]
		if huge {
			near &^= h.HugeAt(e)
		}
		for i := len(route) - 1; i >= 0; i-- {
			if near&(1<<route[i]) != 0 {
				if int(route[i]) != c {
					h.enemyEnters(e, int(route[i]))
				}
				return
			}
		}
		var m uint64
		for _, r := range route {
			m |= 1 << r
		}
		h.stepEnemyTowards(e, m)
	}
}

// drawBehaviour draws the next card of behaviour deck d.
func (h *Hunt) drawBehaviour(d int) int {
	p := &h.piles[d&(MaxMachines-1)] // d < MaxMachines, the piles' indices < MaxBCards
	if p.NDraw == 0 {
		copy(p.Draw[:], p.Disc[:p.NDisc])
		p.NDraw, p.NDisc = p.NDisc, 0
	}
	k := 0
	if p.NDraw > 1 {
		k = h.beh.IntN(int(p.NDraw))
	}
	c := p.Draw[k&(MaxBCards-1)]
	p.NDraw--
	p.Draw[k&(MaxBCards-1)] = p.Draw[p.NDraw&(MaxBCards-1)]
	if h.Sc.Rules.ReshuffleAtEmpty && p.NDraw == 0 {
		copy(p.Draw[:], p.Disc[:p.NDisc])
		p.NDraw, p.NDisc = p.NDisc, 0
	}
	return int(c)
}

// activateAlert activates alert enemy e by its behaviour card.
func (h *Hunt) activateAlert(e int) {
	sc := h.Sc
	en := &h.E[e]
	m := &sc.Machines[en.M]
	card := h.drawBehaviour(int(m.Deck))
	h.Rec.Drawn[card&(MaxBCards-1)]++ // card < MaxBCards (Compile)
	bc := &sc.BCards[card]
	col := 0
	if bc.Q.Kind != QNone && !h.answer(e, &bc.Q) {
		col = 1
	}
	h.event(evBehaviour, -1, e, card<<1|col)
	used := false
	boxes := bc.Col[col][:bc.NCol[col]]
	for k := 0; k < len(boxes) && en.Where == InPlay && !h.Over; k++ {
		box := &boxes[k]
		if box.Needs >= 0 && en.Comp[box.Needs&(MaxComponents-1)] == Destroyed {
			continue
		}
		if !box.Mandatory && used {
			continue
		}
		ok, targets, to := h.ableTargets(e, &box.Act)
		if !ok {
			continue
		}
		// the action (in play: the loop's test), then its repeats (their
		// targets and squares found again)
		h.performKnown(e, &box.Act, card, targets, to)
		for r := 1; r < int(box.Repeat) && en.Where == InPlay; r++ {
			h.perform(e, &box.Act, card)
		}
		if !box.Mandatory {
			used = true
		}
		if en.Cond&Shock != 0 {
			en.Cond &^= Shock
			h.event(evShocked, -1, e, 0)
			break
		}
	}
	p := &h.piles[m.Deck]
	p.Disc[p.NDisc] = uint8(card)
	p.NDisc++
}

// answer answers the question of a behaviour card for enemy e.
func (h *Hunt) answer(e int, q *Question) bool {
	b := h.B
	en := &h.E[e]
	switch q.Kind {
	case QHunter:
		cheb := &b.Cheb[en.Cell]
		for i := range h.H[:h.NH] {
			if s := &h.H[i]; !s.Fainted && int(cheb[s.Cell]) <= int(q.N) {
				return true
			}
		}
	case QNonAlert, QEnemy:
		if q.Kind == QNonAlert && h.calm == 0 {
			return false // no enemy left non-alert
		}
		for i := 0; i < h.NE; i++ {
			o := &h.E[i]
			if i != e && o.Where == InPlay && (q.Kind == QEnemy || !o.Alert) && int(b.Cheb[en.Cell][o.Cell]) <= int(q.N) {
				return true
			}
		}
	case QComponent:
		return en.Comp[q.Comp] == Destroyed
	case QWounded:
		return en.Dmg >= q.N
	}
	return false
}

// able reports whether enemy e is able to resolve action a now: a
// movement action that would not move it, an attack with no hunter to
// attack or a special with nothing to do is not able.
func (h *Hunt) able(e int, a *EAction) bool {
	ok, _, _ := h.ableTargets(e, a)
	return ok
}

// ableTargets is able, and for an attack the hunters it could attack
// (attackTargets; 0 for other actions), and for a movement action the
// squares it heads for when no tie is left to choose (moveTarget; 0:
// not known).
func (h *Hunt) ableTargets(e int, a *EAction) (bool, uint8, uint64) {
	en := &h.E[e]
	switch a.Kind {
	case EMoveHunter, EMoveNonAlert, EMoveEnemy, EEdge:
		t, can, sure := h.moveTarget(e, a.Kind, false)
		if !can {
			return false, 0, 0
		}
		known := t
		if !sure {
			known = 0
		}
		if h.Sc.Rules.NoEffectPerformed {
			return true, 0, known
		}
		return h.stepsTowards(e, t) != 0, 0, known
	case EMoveAway:
		t := h.awayTarget(e, int(a.N), false)
		return t != NoCell || h.Sc.Rules.NoEffectPerformed && h.anyHunter(), 0, 0
	case EMelee, ERanged, EPulse:
		t := h.attackTargets(e, a)
		return t != 0, t, 0
	case EAlert:
		if h.calm == 0 {
			return false, 0, 0 // no enemy left to alert
		}
		near := h.B.Within(int(en.Cell), int(a.N))
		for i := 0; i < h.NE; i++ {
			if o := &h.E[i]; i != e && o.Where == InPlay && !o.Alert && near&bit(o.Cell) != 0 {
				return true, 0, 0
			}
		}
		return false, 0, 0
	case ERepair:
		return en.Dmg > 0, 0, 0
	}
	return false, 0, 0
}

// anyHunter reports whether a hunter is standing.
func (h *Hunt) anyHunter() bool { return h.HuntersIn(^uint64(0)) != 0 }

// perform resolves action a of behaviour card card for enemy e.
func (h *Hunt) perform(e int, a *EAction, card int) { h.performKnown(e, a, card, 0, 0) }

// performKnown is perform, told what ableTargets has just found: the
// hunters an attack can target (known; 0: not known) and the squares a
// movement action heads for (to; 0: not known).
func (h *Hunt) performKnown(e int, a *EAction, card int, known uint8, to uint64) {
	en := &h.E[e]
	h.event(evEAction, -1, e, int(a.Kind))
	switch a.Kind {
	case EMoveHunter, EMoveNonAlert, EMoveEnemy, EEdge:
		t, can := to, true
		if t == 0 {
			t, can, _ = h.moveTarget(e, a.Kind, true)
		}
		if !can {
			return
		}
		for k := 0; k < int(a.N) && en.Where == InPlay; k++ {
			if a.Kind == EEdge && h.B.Edge&bit(en.Cell) != 0 {
				break
			}
			if !h.stepEnemyTowards(e, t) {
				break
			}
		}
	case EMoveAway:
		t := h.awayTarget(e, int(a.N), true)
		if t == NoCell {
			return
		}
		for k := 0; k < int(a.N) && en.Where == InPlay && int(en.Cell) != t; k++ {
			if !h.stepEnemyTowards(e, 1<<t) {
				break
			}
		}
	case EMelee, ERanged, EPulse:
		targets := known
		if targets == 0 {
			targets = h.attackTargets(e, a)
		}
		if a.Kind == EPulse {
			for i := 0; i < h.NH && en.Where == InPlay; i++ {
				if targets&(1<<i) != 0 {
					h.attackHunter(e, a, i, card)
				}
			}
			return
		}
		if t := h.pickHunter(targets); t >= 0 {
			h.attackHunter(e, a, t, card)
		}
	case EAlert:
		near := h.B.Within(int(en.Cell), int(a.N))
		for i := 0; i < h.NE; i++ {
			if o := &h.E[i]; i != e && o.Where == InPlay && !o.Alert && near&bit(o.Cell) != 0 {
				h.alert(i, "another enemy raises the alarm")
			}
		}
	case ERepair:
		en.Dmg = max(0, en.Dmg-a.N)
		h.event(evRepair, -1, e, int(a.N))
	}
}

// moveTarget returns the squares a movement action of enemy e heads for,
// and whether the action can be carried out at all (there is something
// to move towards, it is not already with the hunter, not already on the
// edge). choose: ties between equally close targets are asked (else the
// first is taken, for a check of ability); sure: no tie was left to
// choose (choose would give the same squares, asking nothing).
func (h *Hunt) moveTarget(e int, k EKind, choose bool) (uint64, bool, bool) {
	b := h.B
	en := &h.E[e]
	c := int(en.Cell)
	switch k {
	case EMoveHunter:
		var closest uint8
		best := 1 << 30
		dist := b.DistRow(c)
		for i := range h.H[:h.NH] {
			s := &h.H[i]
			if s.Fainted {
				continue
			}
			d := int(dist[s.Cell])
			if d < best {
				best, closest = d, 1<<i
			} else if d == best {
				closest |= 1 << i
			}
		}
		if closest == 0 || best == 0 {
			return 0, false, true
		}
		i := 0
		if choose {
			i = h.pickHunter(closest)
		} else {
			for closest&(1<<i) == 0 {
				i++
			}
		}
		return bit(h.H[i].Cell), true, closest&(closest-1) == 0
	case EMoveNonAlert, EMoveEnemy:
		best, n := 1<<30, 0
		for i := 0; i < h.NE; i++ {
			o := &h.E[i]
			if i == e || o.Where != InPlay || k == EMoveNonAlert && o.Alert {
				continue
			}
			d := b.Dist(c, int(o.Cell))
			if d < best {
				best, n = d, 0
			}
			if d == best {
				h.Ties[n] = o.Cell
				n++
			}
		}
		if n == 0 {
			return 0, false, true
		}
		if best == 0 {
			return 1 << c, true, true // already with it: it won't move
		}
		i := 0
		if choose && n > 1 {
			i = h.tie(TieEnemy, n)
		}
		return bit(h.Ties[i]), true, n == 1
	case EEdge:
		if b.Edge&(1<<c) != 0 {
			return 0, false, true
		}
		return b.Edge, true, true
	}
	return 0, false, true
}

// stepsTowards returns the squares next to enemy e that lie on a shortest
// route inside the area to the squares of t; when another huge model
// blocks every such square, the allowed squares that bring it closest,
// if any brings it closer.
func (h *Hunt) stepsTowards(e int, t uint64) uint64 {
	b := h.B
	en := &h.E[e]
	if t != 0 && t&(t-1) == 0 {
		// the squares next to it one move nearer: none of them is more
		// than one move nearer, so these are the closest it can reach
		return h.enemySteps(e) & b.Closer[tz(t)&63][en.Cell]
	}
	dist := func(c int) int {
		d := 255
		for m := t; m != 0; m &= m - 1 {
			d = min(d, int(b.Path[c][tz(m)]))
		}
		return d
	}
	cur := dist(int(en.Cell))
	if cur == 0 || cur == 255 {
		return 0
	}
	steps := h.enemySteps(e)
	var out uint64
	best := cur
	for m := steps; m != 0; m &= m - 1 {
		c := tz(m)
		d := dist(c)
		if d < best {
			best, out = d, 1<<c
		} else if d == best && d < cur {
			out |= 1 << c
		}
	}
	return out
}

// stepEnemyTowards moves enemy e one square along a shortest route to the
// squares of t (the player whose turn it is picks among equal routes). It
// reports whether the enemy moved.
func (h *Hunt) stepEnemyTowards(e int, t uint64) bool {
	steps := h.stepsTowards(e, t)
	if steps == 0 {
		return false
	}
	n := 0
	for m := steps; m != 0; m &= m - 1 {
		h.Ties[n] = uint8(tz(m))
		n++
	}
	to := h.Ties[0]
	if n > 1 {
		to = h.Ties[h.tie(TieRoute, n)]
	}
	h.enemyEnters(e, int(to))
	return true
}

// awayTarget returns the square a Move away action of n squares takes
// enemy e to, or NoCell when it cannot increase its distance from the
// closest hunter. Among the squares it can reach that take it further
// from that hunter, it takes the one moving it away from the most
// hunters, then furthest from the closest hunter.
func (h *Hunt) awayTarget(e, n int, choose bool) int {
	b := h.B
	en := &h.E[e]
	c := int(en.Cell)
	from := b.DistRow(c)
	var closest uint8
	best := 1 << 30
	for i := range h.H[:h.NH] {
		s := &h.H[i]
		if s.Fainted {
			continue
		}
		d := int(from[s.Cell])
		if d < best {
			best, closest = d, 1<<i
		} else if d == best {
			closest |= 1 << i
		}
	}
	if closest == 0 {
		return NoCell
	}
	target := 0
	for closest&(1<<target) == 0 {
		target++
	}
	if choose && closest&(closest-1) != 0 {
		target = h.pickHunter(closest)
	}
	tc := int(h.H[target].Cell)
	// squares reachable in n steps, around other huge models
	reach := uint64(1) << c
	blocked := uint64(0)
	if h.Sc.Machines[en.M].Huge {
		blocked = h.HugeAt(e)
	}
	for k := 0; k < n; k++ {
		next := reach
		for m := reach; m != 0; m &= m - 1 {
			next |= b.Adj[tz(m)] &^ blocked
		}
		reach = next
	}
	bestKey, cnt := -1, 0
	for m := reach; m != 0; m &= m - 1 {
		sq := tz(m)
		to := b.DistRow(sq)
		if to[tc] <= from[tc] {
			continue
		}
		more, near := 0, 1<<10
		for i := range h.H[:h.NH] {
			s := &h.H[i]
			if s.Fainted {
				continue
			}
			if to[s.Cell] > from[s.Cell] {
				more++
			}
			near = min(near, int(to[s.Cell]))
		}
		key := more<<10 | near
		if key > bestKey {
			bestKey, cnt = key, 0
		}
		if key == bestKey {
			h.Ties[cnt] = uint8(sq)
			cnt++
		}
	}
	if cnt == 0 {
		return NoCell
	}
	if choose && cnt > 1 {
		return int(h.Ties[h.tie(TieRoute, cnt)])
	}
	return int(h.Ties[0])
}

// attackTargets returns the hunters (bits) enemy e's attack a can be
// made against: standing, in range and in line of sight; for a ranged
// attack, the closest of them.
func (h *Hunt) attackTargets(e int, a *EAction) uint8 {
	b := h.B
	en := &h.E[e]
	c := int(en.Cell)
	los, cheb, dist := b.LOS[c], &b.Cheb[c], b.DistRow(c)
	closestOnly := h.Sc.Rules.RangedClosestOnly
	var out uint8
	best := 1 << 30
	for i := range h.H[:h.NH] {
		s := &h.H[i]
		if s.Fainted || los&bit(s.Cell) == 0 {
			continue
		}
		inRange := int(cheb[s.Cell]) <= int(a.N)
		if a.Kind != ERanged {
			if inRange {
				out |= 1 << i
			}
			continue
		}
		if !inRange && !closestOnly {
			continue
		}
		d := int(dist[s.Cell])
		if d < best {
			best, out = d, 0
		}
		if d == best {
			out |= 1 << i
		}
	}
	if a.Kind == ERanged && h.Sc.Rules.RangedClosestOnly {
		// only the closest hunter, and only if it is in range
		var keep uint8
		for i := 0; i < h.NH; i++ {
			if out&(1<<i) != 0 && int(b.Cheb[c][h.H[i].Cell]) <= int(a.N) {
				keep |= 1 << i
			}
		}
		out = keep
	}
	return out
}

// pickHunter picks one of the hunters of m an enemy attacks or moves
// towards: the most recently activated (a hunter on a rocky outcrop
// counts as the most recent), then the active player's choice.
func (h *Hunt) pickHunter(m uint8) int {
	if m == 0 {
		return -1
	}
	if m&(m-1) == 0 {
		return tz(uint64(m))
	}
	var on uint8 // the hunters of m on a rocky outcrop, by the rule
	if h.Sc.Rules.RockyOutcropFirst {
		for k := m; k != 0; k &= k - 1 {
			if i := tz(uint64(k)); h.Outcrop&bit(h.H[i].Cell) != 0 {
				on |= 1 << i
			}
		}
		if on != 0 {
			m = on
		}
	}
	var best int32 = -1
	var top uint8
	for k := m; k != 0; k &= k - 1 {
		i := tz(uint64(k))
		st := h.H[i].Stamp
		if on&(1<<i) != 0 {
			st = 1 << 30 // all on outcrops count as most recent
		}
		if st > best {
			best, top = st, 1<<i
		} else if st == best {
			top |= 1 << i
		}
	}
	n := 0
	for k := top; k != 0; k &= k - 1 {
		h.Ties[n] = uint8(tz(uint64(k)))
		n++
	}
	return int(h.Ties[h.tie(TieTarget, n)])
}

// attackHunter resolves enemy e's attack a against hunter t: ruins, the
// evade roll, damage, effects, the AOE and the dodge.
func (h *Hunt) attackHunter(e int, a *EAction, t, card int) {
	sc := h.Sc
	r := &sc.Rules
	s := &h.H[t]
	if s.Fainted {
		return
	}
	l := &sc.Hunters[t]
	h.event(evEAttack, t, e, int(a.Damage))
	if h.Ruin&bit(s.Cell) != 0 {
		h.Ruin &^= bit(s.Cell)
		h.event(evRuin, t, e, int(s.Cell))
		return
	}
	h.Incoming = int(a.Damage)
	extra, reduce := h.playInterrupts(t, Attacked, -1)
	pool := h.Sc.evade[t].Add(extra)
	pips, crits := h.rollPool(pool)
	frozen := s.Cond&Freeze != 0
	if frozen {
		pips, crits = h.rollPlain(), 0
	}
	kind := EMeleeAttack
	switch a.Kind {
	case ERanged:
		kind = ERangedAttack
	case EPulse:
		kind = EPulseAttack
	}
	red := pips + crits*int(l.Armour.CritReduce) + reduce + int(l.Armour.Resist[kind])
	suffered := max(0, int(a.Damage)-red)
	h.rollEvent(evEvade, t, e, pips, crits)
	if crits > 0 && l.Armour.CritCond != 0 {
		h.inflict(e, l.Armour.CritCond)
	}
	if frozen {
		s.Cond &^= Freeze
	}
	cell := int(s.Cell)
	h.damageHunter(t, suffered, int8(card))
	hit := suffered > 0 && !s.Fainted
	if hit {
		got := a.Cond &^ s.Cond &^ (l.Immune | l.Armour.Immune)
		if got != 0 {
			s.Cond |= got
			h.event(evHunterCond, t, e, int(got))
			if got&Fire != 0 {
				s.FireBy = int8(card)
			}
		}
	}
	if hit && a.Push && r.PushBeforeDodge {
		h.pushHunter(e, t)
	}
	if a.AOE && (suffered > 0 || !r.EnemyAOENeedsHit) {
		others := h.HuntersIn(h.B.Near[cell]) &^ (1 << t)
		for i := 0; i < h.NH; i++ {
			if others&(1<<i) == 0 || h.H[i].Fainted {
				continue
			}
			o := &h.H[i]
			if r.RuinsAbsorbAOE && h.Ruin&bit(o.Cell) != 0 {
				h.Ruin &^= bit(o.Cell)
				h.event(evRuin, i, e, int(o.Cell))
				continue
			}
			h.event(evAOEHunter, i, e, int(a.AOEDamage))
			h.damageHunter(i, int(a.AOEDamage), int8(card))
			if a.AOEDamage > 0 && !o.Fainted {
				ol := &sc.Hunters[i]
				if got := a.AOECond &^ o.Cond &^ (ol.Immune | ol.Armour.Immune); got != 0 {
					o.Cond |= got
					if got&Fire != 0 {
						o.FireBy = int8(card)
					}
				}
			}
		}
	}
	if !s.Fainted {
		if legal := h.B.Adj[s.Cell]; legal != 0 {
			to := h.pol.Dodge(h, t, legal)
			if to < 0 || to >= h.B.N || legal&bit(uint8(to)) == 0 {
				panic("horizon: the policy dodged to an illegal square")
			}
			h.event(evDodge, t, -1, to)
			h.moveHunter(t, to, false)
		}
	}
	if hit && a.Push && !r.PushBeforeDodge {
		h.pushHunter(e, t)
	}
}

// rollPlain returns the pips of the dice of h.roll that show no crit.
func (h *Hunt) rollPlain() int {
	d := &h.Sc.Dice
	r := &h.roll
	p := 0
	for i := 0; i < r.n; i++ {
		if f := d.eff[r.col[i]][r.face[i]]; !f.Crit {
			p += int(f.Pips)
		}
	}
	return p
}

// pushHunter pushes hunter t one square away from enemy e, into a square
// the next player chooses; no square further away: no push.
//
// It is kept out of line, as rollPool is (about 50 instructions a hunt).
//
//go:noinline
func (h *Hunt) pushHunter(e, t int) {
	b := h.B
	s := &h.H[t]
	ec := int(h.E[e].Cell)
	d0 := b.Cheb[ec][s.Cell]
	var legal uint64
	for m := b.Adj[s.Cell]; m != 0; m &= m - 1 {
		c := tz(m)
		if b.Cheb[ec][c] > d0 {
			legal |= 1 << c
		}
	}
	if legal == 0 {
		return
	}
	chooser := (h.Active + 1) % h.NH
	to := h.pol.PushHunter(h, chooser, t, legal)
	if to < 0 || to >= b.N || legal&bit(uint8(to)) == 0 {
		panic("horizon: the policy pushed a hunter to an illegal square")
	}
	h.event(evPushed, t, e, to)
	h.moveHunter(t, to, false)
}
