package horizon

// drawOne moves a uniformly random card of hunter who's draw pile to its
// hand (the pile is kept unordered: see HunterState).
func (h *Hunt) drawOne(who int) bool {
	s := &h.H[who]
	if s.NDraw == 0 || s.NHand >= MaxHand {
		return false
	}
	k := h.cards.IntN(int(s.NDraw))
	c := s.Draw[k]
	s.NDraw--
	s.Draw[k] = s.Draw[s.NDraw]
	s.Hand[s.NHand] = c
	s.NHand++
	return true
}

// discardTop discards the top card of hunter who's draw pile (a
// uniformly random card of it).
func (h *Hunt) discardTop(who int) {
	s := &h.H[who]
	k := h.cards.IntN(int(s.NDraw))
	c := s.Draw[k]
	s.NDraw--
	s.Draw[k] = s.Draw[s.NDraw]
	h.toDiscard(who, c)
}

// drawUpTo draws until the hand holds n cards or the draw pile is empty.
func (h *Hunt) drawUpTo(who, n int) {
	for int(h.H[who].NHand) < n && h.drawOne(who) {
	}
}

// toDiscard puts card c on top of hunter who's discard pile.
func (h *Hunt) toDiscard(who int, c uint8) {
	s := &h.H[who]
	s.Disc[s.NDisc] = c
	s.NDisc++
}

// takeHand removes hand slot slot and returns its card; the last card
// of the hand fills the slot.
func (h *Hunt) takeHand(who, slot int) uint8 {
	s := &h.H[who]
	c := s.Hand[slot]
	s.NHand--
	s.Hand[slot] = s.Hand[s.NHand]
	return c
}

// discardHand discards hand slot slot.
func (h *Hunt) discardHand(who, slot int) { h.toDiscard(who, h.takeHand(who, slot)) }

// recover shuffles up to n cards from the bottom of hunter who's discard
// pile into its draw pile (Craft; the cooperative glory rule).
func (h *Hunt) recover(who, n int) int {
	s := &h.H[who]
	n = min(n, int(s.NDisc))
	copy(s.Draw[s.NDraw:], s.Disc[:n])
	s.NDraw += uint8(n)
	copy(s.Disc[:], s.Disc[n:s.NDisc])
	s.NDisc -= uint8(n)
	return n
}

// damageHunter makes hunter who suffer n damage: one card discarded per
// point, from the hand or the top of the draw pile as its player
// chooses; it faints when it cannot discard them all. card is the
// behaviour card the damage comes from (-1: none).
func (h *Hunt) damageHunter(who, n int, card int8) {
	s := &h.H[who]
	if s.Fainted || n <= 0 {
		return
	}
	h.event(evDamage, who, int(card), n)
	for k := 0; k < n; k++ {
		if s.NHand == 0 && s.NDraw == 0 {
			h.faint(who)
			return
		}
		slot := h.pol.Discard(h, who)
		switch {
		case slot >= 0 && slot < int(s.NHand):
			h.discardHand(who, slot)
		case s.NDraw > 0:
			h.discardTop(who)
		default:
			h.discardHand(who, 0)
		}
		h.Rec.Taken[who]++
		h.hurt++
		if card >= 0 {
			h.Rec.CardDmg[card&(MaxBCards-1)]++ // 0 <= card < MaxBCards
		} else {
			h.Rec.FireDmg++
		}
	}
}

// faint makes hunter who faint.
func (h *Hunt) faint(who int) {
	s := &h.H[who]
	if s.Fainted {
		return
	}
	s.Fainted, s.Skip = true, true
	s.Glory = 0
	h.Rec.Faints[who]++
	if h.Rec.FaintedAt[who] == 0 {
		h.Rec.FaintedAt[who] = int16(h.Turn)
	}
	h.event(evFaint, who, -1, int(h.Rec.Faints[who]))
}

// gainGlory gives hunter who n glory (or, under the cooperative glory
// rule, the cards its policy asks for instead).
func (h *Hunt) gainGlory(who, n int) {
	if n <= 0 || who < 0 {
		return
	}
	if h.Sc.Rules.CoopGlory {
		if to := h.pol.Glory(h, who, n); to >= 0 && to < h.NH {
			got := h.recover(to, n)
			h.event(evCoopGlory, to, -1, got)
			return
		}
	}
	h.H[who].Glory += int16(n)
}

// Legal reports whether hunter who may perform a now.
func (h *Hunt) Legal(who int, a *Action) bool {
	s := &h.H[who]
	if s.Fainted || s.Spent >= 2 || a.Kind == Pass || a.Kind > Salvage {
		return a.Kind == Pass
	}
	if s.Used&(1<<a.Kind) != 0 {
		return false
	}
	b := h.B
	switch a.Kind {
	case Sneak:
		c := a.Path[0]
		return c < uint8(b.N) && (b.Adj[s.Cell]|bit(s.Cell))&bit(c) != 0
	case Sprint:
		c := a.Path[0]
		if c >= uint8(b.N) || (b.Adj[s.Cell]|bit(s.Cell))&bit(c) == 0 {
			return false
		}
		d := a.Path[1]
		return d == NoCell || d < uint8(b.N) && (b.Adj[c]|bit(c))&bit(d) != 0
	case Craft:
		return !a.Both || s.Spent == 0
	case Distract:
		e := int(a.Enemy)
		if e < 0 || e >= h.NE || a.Square >= uint8(b.N) {
			return false
		}
		en := &h.E[e]
		return en.Where == InPlay && !en.Alert && b.Cheb[s.Cell][en.Cell] <= 2
	case Salvage:
		return h.Corpse&bit(s.Cell) != 0
	case RangedAttack, MeleeAttack:
		return h.legalAttack(who, a)
	}
	return false
}

// legalAttack checks an attack action.
func (h *Hunt) legalAttack(who int, a *Action) bool {
	s := &h.H[who]
	l := &h.Sc.Hunters[who]
	b := h.B
	if a.Weapon < 0 || int(a.Weapon) >= int(l.NWeapons) {
		return false
	}
	w := &l.Weapons[a.Weapon]
	kind := Ranged
	if a.Kind == MeleeAttack {
		kind = Melee
	}
	if w.Kind != kind {
		return false
	}
	if a.Ammo >= int8(s.NHand) || a.Ability >= int8(s.NHand) || a.Ammo >= 0 && a.Ammo == a.Ability {
		return false
	}
	var ammo *Card
	if a.Ammo >= 0 {
		ammo = &h.Sc.Cards[s.Hand[a.Ammo]]
		if ammo.Kind != Ammo || ammo.Symbols&w.Symbols == 0 {
			return false
		}
	} else if kind == Ranged {
		return false // a ranged attack needs matching ammunition
	}
	trap := ammo != nil && ammo.Trap
	if trap && (!w.Trap || a.Ability >= 0) {
		return false // a trap is placed with its card alone; abilities join it as it triggers
	}
	if a.Ability >= 0 {
		if ab := &h.Sc.Cards[s.Hand[a.Ability]]; ab.Kind != Ability || ab.With&kind == 0 {
			return false
		}
	}
	if trap {
		c := a.Square
		if c >= uint8(b.N) || h.TrapAt&(1<<c) != 0 || b.Cheb[s.Cell][c] > w.Range || b.LOS[s.Cell]&(1<<c) == 0 {
			return false
		}
		return h.Sc.Rules.TrapLimit == 0 || h.NTraps < int(h.Sc.Rules.TrapLimit)
	}
	e := int(a.Enemy)
	if e < 0 || e >= h.NE || h.E[e].Where != InPlay {
		return false
	}
	en := &h.E[e]
	if a.Part >= 0 {
		m := &h.Sc.Machines[en.M]
		if int(a.Part) >= int(m.NComps) || en.Comp[a.Part] == Destroyed {
			return false
		}
	}
	d := b.Cheb[s.Cell][en.Cell]
	if b.LOS[s.Cell]&bit(en.Cell) == 0 {
		return false
	}
	if kind == Melee {
		if h.Sc.Rules.MeleeRange {
			return d <= w.Range && d <= 1
		}
		return d <= 1
	}
	return d <= w.Range
}

// do performs a legal action.
func (h *Hunt) do(who int, a *Action) {
	s := &h.H[who]
	s.Used |= 1 << a.Kind
	s.Spent++
	switch a.Kind {
	case Sneak:
		h.event(evAction, who, -1, int(a.Kind))
		h.moveHunter(who, int(a.Path[0]), false)
	case Sprint:
		h.event(evAction, who, -1, int(a.Kind))
		h.sprintAlert(who)
		h.moveHunter(who, int(a.Path[0]), true)
		if a.Path[1] != NoCell {
			h.moveHunter(who, int(a.Path[1]), true)
		}
	case Craft:
		n := 3
		if a.Both {
			n = 6
			s.Spent++
		}
		got := h.recover(who, n)
		h.event(evCraft, who, -1, got)
	case Distract:
		e := int(a.Enemy)
		h.event(evDistract, who, e, int(a.Square))
		h.stepEnemyTowards(e, uint64(1)<<a.Square)
	case Salvage:
		h.Corpse &^= bit(s.Cell)
		h.Rec.Salvage[who] += 3
		h.event(evSalvage, who, -1, 3)
	case RangedAttack, MeleeAttack:
		h.hunterAttack(who, a)
	}
}

// moveHunter moves hunter who one square (or none) to c; a sprinting
// hunter alerts the non-alert enemies next to each square it enters.
func (h *Hunt) moveHunter(who, c int, sprint bool) {
	s := &h.H[who]
	if int(s.Cell) == c {
		return
	}
	s.Cell = uint8(c)
	h.event(evMove, who, -1, c)
	if sprint {
		h.sprintAlert(who)
	}
}

// sprintAlert alerts the non-alert enemies adjacent to hunter who's
// square (and in it, by the rules).
func (h *Hunt) sprintAlert(who int) {
	if h.calm == 0 {
		return // no enemy left to alert
	}
	c := int(h.H[who].Cell)
	m := h.B.Adj[c]
	if h.Sc.Rules.SprintOwnSquare {
		m |= bit(uint8(c))
	}
	for i := 0; i < h.NE; i++ {
		if e := &h.E[i]; e.Where == InPlay && !e.Alert && m&bit(e.Cell) != 0 {
			h.alert(i, "a hunter sprints next to it")
		}
	}
}

// playInterrupts lets hunter who play interrupt cards at trigger t while
// its policy wants to; it returns the evade dice and damage reduction
// they add (for Attacked), and applies the rest. A Shocked hunter plays
// none.
func (h *Hunt) playInterrupts(who int, t Trigger, enemy int) (evade Pool, reduce int) {
	s := &h.H[who]
	if s.Cond&Shock != 0 || s.Fainted {
		return
	}
	// the policy is asked only when a card in hand answers t (never
	// when no card of the deck does)
	if h.Sc.deckAnswers[who]&(1<<t) == 0 {
		return
	}
	answers, bit := &h.Sc.answers, uint8(1)<<t
	asked := false
	for _, c := range s.Hand[:s.NHand] {
		if answers[c]&bit != 0 {
			asked = true
			break
		}
	}
	if !asked {
		return
	}
	for n := 0; n < MaxHand && s.NHand > 0; n++ {
		slot := h.pol.Interrupt(h, who, t)
		if slot < 0 || slot >= int(s.NHand) {
			return
		}
		c := &h.Sc.Cards[s.Hand[slot]]
		if c.Kind != Interrupt || c.When != t && c.When != AnyTime {
			panic("horizon: the policy played a card that is not an interrupt for this event")
		}
		idx := h.takeHand(who, slot)
		h.Rec.Played[who]++
		h.event(evInterrupt, who, -1, int(idx))
		evade = evade.Add(c.Evade)
		reduce += int(c.Reduce)
		for k := 0; k < int(c.Draw); k++ {
			h.drawOne(who)
		}
		if c.Recover > 0 {
			h.recover(who, int(c.Recover))
		}
		if c.Move > 0 {
			legal := h.B.Reach(int(s.Cell), int(c.Move))
			to := h.pol.Move(h, who, legal, MoveInterrupt)
			if to >= 0 && to < h.B.N && legal&(1<<to) != 0 {
				h.moveHunter(who, to, false)
			}
		}
		if c.Burn > 0 && enemy >= 0 && h.E[enemy].Where == InPlay {
			h.damageEnemy(enemy, int(c.Burn), who, false)
		}
		h.toDiscard(who, idx)
	}
	return
}
