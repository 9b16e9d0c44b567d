package cazadores

import (
	"math/bits"

	"balance/sim/geom"
)

// drawHit turns over the next hit-location card. The first pass through
// the pile shuffles lazily (one Fisher-Yates step per card); afterwards
// the pile is turned over unshuffled, so the same order repeats.
// woundAdversary, its caller, takes the same steps written out.
func (h *Hunt) drawHit() uint8 {
	if h.HitPos >= uint8(len(h.HitPile)) {
		h.HitPos = 0
		h.HitFixed = true
	}
	p := int(h.HitPos)
	if !h.HitFixed {
		if n := len(h.HitPile) - p; n > 1 {
			j := p + h.hitRNG.IntN(n)
			h.HitPile[p], h.HitPile[j] = h.HitPile[j], h.HitPile[p]
		}
	}
	h.HitPos++
	return h.HitPile[p]
}

// drawAction turns over the next action card, like drawHit.
func (h *Hunt) drawAction() uint8 {
	if h.ActPos >= uint8(len(h.ActPile)) {
		h.ActPos = 0
		h.ActFixed = true
	}
	p := int(h.ActPos)
	if !h.ActFixed {
		if n := len(h.ActPile) - p; n > 1 {
			j := p + h.actRNG.IntN(n)
			h.ActPile[p], h.ActPile[j] = h.ActPile[j], h.ActPile[p]
		}
	}
	h.ActPos++
	return h.ActPile[p]
}

// DrawAction turns over the Adversary's action card for this Turn and
// returns it with the action it calls for and the Decision Tree its suit
// (or, for Hearts, its special entry) names.
func (h *Hunt) DrawAction() (card uint8, act *CardAction, tree Tree) {
	card = h.drawAction()
	a := &h.Sc.Adversary
	rank, suit := card/4, card%4
	if suit == Hearts {
		act = &a.Special[rank]
		tree = act.Tree
	} else {
		act = &a.Standard[rank]
		tree = Tree(suit) // Spades, Diamonds, Clubs = Aggressive, Defensive, Sentry
	}
	h.Card, h.CardAct, h.CardTree = card, act, tree
	h.Rec.Cards[CardDrawn][card]++
	if h.Trace != nil {
		h.emit(Event{Kind: EvCard, Card: int8(card), Tree: tree})
	}
	if len(a.States) > 0 {
		h.stateTrigger(StateOnCard, int(rank))
	}
	return card, act, tree
}

// woundAdversary deals w WNDs to the Adversary: one hit-location card per
// WND, its value moved by shift (Focus) and clamped to 2..10; WNDs to an
// exhausted location overflow to the next location up.
func (h *Hunt) woundAdversary(w int, shift int8, card int8) {
	a := &h.Sc.Adversary
	all := uint16(1)<<a.NLoc - 1
	dealt := 0 // each off its location, AdvLeft and its owner's WND (locModel)
	for k := 0; k < w; k++ {
		if h.Exhausted == all {
			break
		}
		// drawHit's steps written out (a call too large to inline).
		if h.HitPos >= uint8(len(h.HitPile)) {
			h.HitPos = 0
			h.HitFixed = true
		}
		p := int(h.HitPos)
		if !h.HitFixed {
			if n := len(h.HitPile) - p; n > 1 {
				j := p + h.hitRNG.IntN(n)
				h.HitPile[p], h.HitPile[j] = h.HitPile[j], h.HitPile[p]
			}
		}
		h.HitPos++
		v := int(h.HitPile[p]) + int(shift)
		if v < 2 {
			v = 2
		} else if v > 10 {
			v = 10
		}
		loc := int(a.CardLoc[v])
		if h.Exhausted&(1<<(loc&15)) != 0 { // loc&15: loc < MaxLocations, no test of the shift
			loc = h.overflow(loc)
		}
		if h.Trace != nil {
			h.emit(Event{Kind: EvHitCard, N: int16(v), Loc: int8(loc)})
		}
		h.Loc[loc]--
		h.AdvLeft--
		h.M[h.locModel[loc]].WND--
		dealt++
		if h.Loc[loc] == 0 {
			h.exhaust(loc)
		}
	}
	if dealt > 0 {
		t := h.Now() - 1
		if t >= MaxCurve {
			t = MaxCurve - 1
		}
		h.Rec.Curve[t] += uint16(dealt)
		h.Rec.curveEnd = max(h.Rec.curveEnd, uint16(t+1))
		h.Rec.AdvWounds += int16(dealt)
		if len(a.States) > 0 {
			h.stateTrigger(StateOnWND, 0)
		}
	}
}

// WoundLocation deals n WNDs straight to hit location loc (with overflow),
// for effects and tests that name a location.
func (h *Hunt) WoundLocation(loc, n int) {
	for k := 0; k < n && !h.allExhausted(); k++ {
		l := h.overflow(loc)
		h.Loc[l]--
		h.AdvLeft--
		if h.Loc[l] == 0 {
			h.exhaust(l)
		}
	}
	h.recomputeWND()
	if len(h.Sc.Adversary.States) > 0 {
		h.stateTrigger(StateOnWND, 0)
	}
}

func (h *Hunt) allExhausted() bool {
	return h.Exhausted == uint16(1)<<h.Sc.Adversary.NLoc-1
}

// overflow returns the location that takes a WND aimed at loc: loc itself
// if not exhausted, else the next higher location that is not, else (with
// no higher one) the nearest lower one, or with the wrap switch the lowest.
func (h *Hunt) overflow(loc int) int {
	if h.Exhausted&(1<<loc) == 0 {
		return loc
	}
	a := &h.Sc.Adversary
	n := int(a.NLoc)
	pos := int(h.locPos[loc]) // loc's place in Order
	for k := pos + 1; k < n; k++ {
		if l := int(a.Order[k]); h.Exhausted&(1<<(l&15)) == 0 {
			return l
		}
	}
	if h.Sc.Rules.OverflowWrap {
		for k := 0; k < pos; k++ {
			if l := int(a.Order[k]); h.Exhausted&(1<<(l&15)) == 0 {
				return l
			}
		}
	} else {
		for k := pos - 1; k >= 0; k-- {
			if l := int(a.Order[k]); h.Exhausted&(1<<(l&15)) == 0 {
				return l
			}
		}
	}
	return loc
}

// exhaust marks location loc exhausted: its effect starts, its trigger
// fires, and an Adversary model with every location exhausted falls.
func (h *Hunt) exhaust(loc int) {
	a := &h.Sc.Adversary
	fresh := h.Exhausted&(1<<loc) == 0
	h.Exhausted |= 1 << loc
	h.Rec.LocAt[loc] = uint16(h.Now())
	if h.Trace != nil {
		h.emit(Event{Kind: EvExhausted, Loc: int8(loc)})
	}
	blank := a.Loc[loc].Blank // its effect left out: it only exhausts
	if fresh {
		// One more exhausted location: its modifiers join the sums
		// (int8 sums, so the order they are added in does not matter).
		if lm := &a.Loc[loc].Mods; !blank {
			h.Mods.SPD += lm.SPD
			h.Mods.ATK += lm.ATK
			h.Mods.RNG += lm.RNG
			h.Mods.DEF += lm.DEF
			h.Mods.TER += lm.TER
			h.AdvDis = h.AdvDis || a.Loc[loc].AttacksDis
		}
		h.adversaryStats()
	} else {
		h.recomputeAdversary()
	}
	owner := int(h.Adv0) + int(a.Loc[loc].Owner)
	if tr := &a.Loc[loc].Trigger; tr.N > 0 && !blank && h.M[owner].State == Active {
		h.applyOps(owner, -1, tr, h.M[owner].Pos, -1)
	}
	for m := 0; m < int(a.NModels); m++ {
		i := int(h.Adv0) + m
		if h.M[i].State != Active {
			continue
		}
		if own := h.ownLocs[m]; h.Exhausted&own == own {
			h.kill(i, -1)
		}
	}
	if h.allExhausted() {
		h.Rec.AdversaryDefeated = true
		h.Rec.DefeatedAt = uint16(h.Now())
	}
}

// recomputeAdversary recomputes the Adversary's effective stats from the
// set of exhausted locations.
func (h *Hunt) recomputeAdversary() {
	a := &h.Sc.Adversary
	var mods FoeMods
	dis := false
	for l := 0; l < int(a.NLoc); l++ {
		if h.Exhausted&(1<<l) == 0 || a.Loc[l].Blank {
			continue
		}
		lm := &a.Loc[l].Mods
		mods.SPD += lm.SPD
		mods.ATK += lm.ATK
		mods.RNG += lm.RNG
		mods.DEF += lm.DEF
		mods.TER += lm.TER
		dis = dis || a.Loc[l].AttacksDis
	}
	h.Mods, h.AdvDis = mods, dis
	h.adversaryStats()
}

// adversaryStats sets the Adversary models' effective stats from the
// summed modifiers h.Mods, and their WNDs from their locations.
func (h *Hunt) adversaryStats() {
	s, mods := &h.Sc.Adversary.Stats, h.Mods
	if h.StateOn != 0 {
		mods.SPD += h.StateMods.SPD
		mods.ATK += h.StateMods.ATK
		mods.RNG += h.StateMods.RNG
		mods.DEF += h.StateMods.DEF
		mods.TER += h.StateMods.TER
	}
	for i := int(h.Adv0); i < int(h.Adv0+h.NAdv); i++ {
		m := &h.M[i]
		m.SPD = clamp0(s.SPD + mods.SPD)
		m.ATK = clamp0(s.ATK + mods.ATK)
		m.RNG = clamp0(s.RNG + mods.RNG)
		m.DEF = clamp0(s.DEF + mods.DEF)
		m.TER = clamp0(s.TER + mods.TER)
	}
	h.recomputeWND()
}

func clamp0(v int8) int8 {
	if v < 0 {
		return 0
	}
	return v
}

// recomputeWND sets each Adversary model's WND to the sum of its own
// locations' WNDs left.
func (h *Hunt) recomputeWND() {
	a := &h.Sc.Adversary
	for m := 0; m < int(a.NModels); m++ {
		var w int16
		for ls := h.ownLocs[m]; ls != 0; ls &= ls - 1 {
			w += h.Loc[bits.TrailingZeros16(ls)]
		}
		h.M[int(h.Adv0)+m].WND = w
	}
}

// healOwn heals n WNDs on Adversary model i's own locations, in order, up
// to their starting WNDs. A healed location is no longer exhausted.
func (h *Hunt) healOwn(i, n int) {
	if !h.IsAdversary(i) {
		return
	}
	a := &h.Sc.Adversary
	owner := uint8(i - int(h.Adv0))
	healed := false
	for l := 0; l < int(a.NLoc) && n > 0; l++ {
		if a.Loc[l].Owner != owner {
			continue
		}
		room := int(a.Loc[l].WND - h.Loc[l])
		if room > n {
			room = n
		}
		if room > 0 {
			h.Loc[l] += int16(room)
			h.AdvLeft += int16(room)
			n -= room
			if h.Exhausted&(1<<l) != 0 {
				h.Exhausted &^= 1 << l
				healed = true
			}
			if h.Trace != nil {
				h.emit(Event{Kind: EvHealed, Model: int8(i), Loc: int8(l), N: int16(room)})
			}
		}
	}
	if healed {
		h.recomputeAdversary()
	} else {
		h.recomputeWND()
	}
}

// ActionRange returns the reach of act for Foe i this Turn: a fixed range,
// or RNG plus the card's modifier (and a Minion's shooting bonus, which
// compile folds into ModRNG).
func (h *Hunt) ActionRange(i int, act *CardAction) float32 {
	if act.Range >= 0 {
		return act.Range
	}
	r := int(h.M[i].RNG) + int(act.ModRNG)
	if r < 0 {
		r = 0
	}
	return float32(r)
}

// FoeSPD returns Foe i's movement this Turn with the card's modifier.
func (h *Hunt) FoeSPD(i int, act *CardAction) float32 {
	s := h.SPD(i)
	if act != nil {
		s += int(act.ModSPD)
	}
	if s < 0 {
		s = 0
	}
	return float32(s)
}

// CanTarget reports whether Foe i's act could be aimed at model t now: a
// Hostile model on the board, not Hidden (for aimed attacks), in range and
// LOS.
func (h *Hunt) CanTarget(i, t int, act *CardAction) bool {
	return h.InReach(i, t, act) && h.LOS(i, t)
}

// InReach is CanTarget without the Line of Sight test (which callers may
// then make only for the models they prefer).
func (h *Hunt) InReach(i, t int, act *CardAction) bool {
	m := &h.M[t]
	if m.State != Active || !h.Hostile(i, t) || m.Conds.Has(Hidden) || !h.Targetable(t) {
		return false
	}
	return h.Within(i, t, h.ActionRange(i, act)) && !h.TooClose(i, t, act)
}

// TooClose reports whether model t is closer to Foe i than act's minimum
// range (edge to edge), so that act cannot reach it.
func (h *Hunt) TooClose(i, t int, act *CardAction) bool {
	return act.MinRange > 0 && h.Edge(i, t) < act.MinRange-geom.Eps
}

// Affected appends to dst the models act by Foe i would attack, given its
// Aggro-ordered candidate list (the models CanTarget accepts, best first).
func (h *Hunt) Affected(i int, act *CardAction, cands []int8, dst []int8) []int8 {
	dst = dst[:0]
	switch act.Targets {
	case TargetOne:
		if len(cands) > 0 {
			dst = append(dst, cands[0])
		}
	case TargetCount:
		for k := 0; k < len(cands) && k < int(act.Count); k++ {
			dst = append(dst, cands[k])
		}
	case TargetAllInRange, TargetAllModels:
		// Every model in range and LOS, Hidden or not, in Aggro order first.
		dst = append(dst, cands...)
		rng := h.ActionRange(i, act)
		for t := 0; t < int(h.N); t++ {
			m := &h.M[t]
			if t == i || m.State != Active {
				continue
			}
			hostile := h.Hostile(i, t)
			if !h.Targetable(t) {
				continue
			}
			if hostile && !m.Conds.Has(Hidden) && cands != nil {
				continue // already among the candidates
			}
			if !hostile && act.Targets == TargetAllInRange {
				continue
			}
			if h.Within(i, t, rng) && !h.TooClose(i, t, act) && h.LOS(i, t) {
				dst = append(dst, int8(t))
			}
		}
	case TargetAndNear:
		if len(cands) > 0 {
			c := int(cands[0])
			dst = append(dst, cands[0])
			for t := 0; t < int(h.N); t++ {
				if t == i || t == c || h.M[t].State != Active {
					continue
				}
				if h.Within(c, t, act.Near) {
					dst = append(dst, int8(t))
				}
			}
		}
	case TargetTriangle:
		for t := 0; t < int(h.NPack); t++ {
			if h.M[t].State == Active && h.inTriangle(t) {
				dst = append(dst, int8(t))
			}
		}
	}
	return dst
}

// PerformCard has Foe i perform act against targets (from Affected), as
// its Action: the Ticks, the Check of a targetless card, the effects
// before, the attacks with their on-hit, crit and on-miss effects, and the
// effects after.
func (h *Hunt) PerformCard(i int, act *CardAction, targets []int8) {
	ticks := act.Ticks
	h.startAction(i, ActAttack, ticks)
	if act.Blank {
		return // a blank card: the Action is taken and does nothing
	}
	first := -1
	if len(targets) > 0 {
		first = int(targets[0])
	}
	if act.Before.N > 0 && first >= 0 {
		h.applyOps(i, first, &act.Before, h.M[first].Pos, int8(h.cardOf(act)))
	}
	card := int8(h.cardOf(act))
	if act.Attack == AttackNone {
		ok := true
		if act.HasCheck {
			pool := h.M[i].ATK
			switch {
			case act.CheckTER:
				pool = h.M[i].TER
			case act.CheckDEF:
				pool = h.M[i].DEF
			}
			res := h.roll(i, int(pool), int(act.CheckDT), 0)
			if h.Trace != nil {
				h.w.lastPool, h.w.lastDT, h.w.lastAdv = pool, act.CheckDT, 0
				h.emitCheck(EvCheck, i, -1, res)
			}
			ok = res.OK()
		}
		if ok && act.OnSuccess.N > 0 {
			h.applyOps(i, first, &act.OnSuccess, h.M[i].Pos, card)
		}
	} else {
		for _, t := range targets {
			h.foeAttack(i, int(t), act, card)
		}
	}
	if act.After.N > 0 {
		h.applyOps(i, first, &act.After, h.M[i].Pos, card)
	}
}

// cardOf returns the current action card's index if act is its action, else -1.
func (h *Hunt) cardOf(act *CardAction) int {
	if h.CardAct == act && h.CardAct != nil {
		return int(h.Card)
	}
	return -1
}

// foeAttack is one attack of act by Foe i against model t.
func (h *Hunt) foeAttack(i, t int, act *CardAction, card int8) {
	if h.M[t].State != Active || h.M[i].State != Active {
		return
	}
	m := &h.M[i]
	pool := int(m.ATK) + int(act.ModATK)
	if act.Attack == TerrorAttack {
		pool = int(m.TER)
	}
	if act.Rating > 0 {
		pool = int(act.Rating)
	}
	a := attack{kind: act.Attack, pool: pool, damage: act.Damage, card: card, crit: &act.Crit,
		granted: m.Kind == AdversaryModel, onHit: &act.OnHit, origin: h.M[t].Pos} // IsAdversary(i)
	if act.Advantage {
		a.adv++
	}
	if m.Kind == AdversaryModel && h.AdvDis {
		a.dis++
	}
	if m.Kind == Minion {
		a.crit = &h.Sc.Adversary.Minions[m.Def].Crit
	}
	if !h.resolve(i, t, &a) && act.OnMiss.N > 0 && h.M[t].State == Active {
		h.applyOps(i, t, &act.OnMiss, a.origin, card)
	}
}

// triggerAttack makes a triggered attack (a hit-location effect such as
// Diffraction) by Adversary model i against every model it reaches.
func (h *Hunt) triggerAttack(i int, act *CardAction) {
	if h.Trace != nil {
		h.emit(Event{Kind: EvTrigger, Model: int8(i), Name: act.Name})
	}
	var buf [MaxModels]int8
	ts := h.Affected(i, act, nil, buf[:0])
	if act.Targets == TargetOne || act.Targets == TargetCount || act.Targets == TargetAndNear {
		var cands [MaxModels]int8
		n := 0
		for t := 0; t < int(h.N); t++ {
			if h.CanTarget(i, t, act) {
				cands[n] = int8(t)
				n++
			}
		}
		ts = h.Affected(i, act, cands[:n], buf[:0])
	}
	for _, t := range ts {
		h.foeAttack(i, int(t), act, -1)
	}
}

// FoeRecover is the Recover a Foe takes instead of its free Move: a
// Check of TER against DT 5 that clears one of its Conditions at random.
// With no Conditions it does nothing.
func (h *Hunt) FoeRecover(i int) {
	m := &h.M[i]
	if m.Conds == 0 {
		return
	}
	m.freeMoved = true
	if t := h.Sc.Rules.FoeRecoverTicks; t > 0 {
		m.paid += t
		if m.Kind != AdversaryModel {
			h.setClock(i, loopClock(m.Clock, t))
		}
	}
	h.recoverCheck(i)
}

// recoverCheck is the Check of a Recover for model i; a Foe clears a
// random Condition.
func (h *Hunt) recoverCheck(i int) bool {
	res := h.skillCheck(i, Fortitude, 5, 0, 0)
	if h.Trace != nil {
		h.emitCheck(EvRecover, i, -1, res)
	}
	if !res.OK() {
		return false
	}
	m := &h.M[i]
	var cs [NumConds]Cond
	n := 0
	for c := Bleeding; c < NumConds; c++ {
		if m.Conds.Has(c) {
			cs[n] = c
			n++
		}
	}
	if n > 0 {
		c := cs[0]
		if n > 1 {
			c = cs[h.Dice.IntN(n)]
		}
		h.clear(i, c)
	}
	return true
}

// FoeRecoverAction is a Foe's Recover taken as its Action (2 Ticks).
func (h *Hunt) FoeRecoverAction(i int) {
	h.startAction(i, ActRecover, 2)
	h.recoverCheck(i)
}

// inTriangle reports whether Pack model t's base overlaps the triangle of
// the living Adversary models (with two: touches the segment between
// them; with one: never).
func (h *Hunt) inTriangle(t int) bool {
	var p [MaxAdvModels]geom.Vec
	n := 0
	for i := int(h.Adv0); i < int(h.Adv0+h.NAdv); i++ {
		if h.M[i].State == Active {
			p[n] = h.M[i].Pos
			n++
		}
	}
	c, r := h.M[t].Pos, h.M[t].R
	switch n {
	case 2:
		return geom.SegmentCircle(p[0], p[1], c, r)
	case 3:
		if geom.SegmentCircle(p[0], p[1], c, r) || geom.SegmentCircle(p[1], p[2], c, r) || geom.SegmentCircle(p[2], p[0], c, r) {
			return true
		}
		d1 := cross(p[0], p[1], c)
		d2 := cross(p[1], p[2], c)
		d3 := cross(p[2], p[0], c)
		neg := d1 < 0 || d2 < 0 || d3 < 0
		pos := d1 > 0 || d2 > 0 || d3 > 0
		return !(neg && pos)
	}
	return false
}

// cross is the z component of (b-a) x (c-a).
func cross(a, b, c geom.Vec) float32 {
	return (b.X-a.X)*(c.Y-a.Y) - (b.Y-a.Y)*(c.X-a.X)
}
