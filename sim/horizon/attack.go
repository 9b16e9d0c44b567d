package horizon

// rollBuf holds the dice of the last roll: their colours and faces.
type rollBuf struct {
	n    int
	col  [MaxPool]uint8
	face [MaxPool]uint8
	re   uint32 // dice rerolled (bits)
}

// face rolls one die of colour c.
func (h *Hunt) face(c int) uint8 {
	if h.rig != nil {
		f := h.rig[h.rigAt%len(h.rig)]
		h.rigAt++
		return f
	}
	return uint8(h.rng.IntN(int(h.Sc.Dice.Die[c].NFaces)))
}

// rollPool rolls pool p (after the cap rule) into h.roll and returns its
// pips and crits.
//
// It is kept out of line: inlined (the profile marks its calls in strike
// and attackHunter hot) it makes those larger and their registers
// spill, which costs more than the call (about 190 instructions a hunt
// of the default matchup).
//
//go:noinline
func (h *Hunt) rollPool(p Pool) (pips, crits int) {
	d := &h.Sc.Dice
	p = d.Effective(p)
	r := &h.roll
	n := uint(0) // at most MaxPool (Effective)
	for c := 0; c < d.N; c++ {
		k := int(p[c&(MaxColours-1)]) // c < MaxColours: no bounds check
		if k == 0 {
			continue
		}
		nf := int(d.Die[c&(MaxColours-1)].NFaces)
		eff := &d.eff[c&(MaxColours-1)]
		for ; k > 0; k-- {
			var f uint8
			if h.rig != nil {
				f = h.face(c)
			} else {
				f = uint8(h.rng.IntN(nf))
			}
			r.col[n%MaxPool] = uint8(c)
			r.face[n%MaxPool] = f
			n++
			ef := eff[f&15]
			pips += int(ef.Pips)
			if ef.Crit {
				crits++
			}
		}
	}
	r.n, r.re = int(n), 0
	return pips, crits
}

// rollSum returns the pips and crits of the dice in h.roll; frozen
// leaves out the dice showing a crit.
func (h *Hunt) rollSum() (pips, crits int) {
	d := &h.Sc.Dice
	r := &h.roll
	for i := 0; i < r.n; i++ {
		f := d.eff[r.col[i]][r.face[i]]
		pips += int(f.Pips)
		if f.Crit {
			crits++
		}
	}
	return
}

// reroll rerolls, once, every die of h.roll that shows no crit, whose
// pips are in mask and below its colour's mean (the choice that raises
// the expected total), all chosen at once.
func (h *Hunt) reroll(mask uint16) {
	d := &h.Sc.Dice
	r := &h.roll
	for i := 0; i < r.n; i++ {
		f := d.eff[r.col[i]][r.face[i]]
		if f.Crit || mask&(1<<f.Pips) == 0 || float64(f.Pips) >= d.mean[r.col[i]] {
			continue
		}
		r.re |= 1 << i
	}
	for i := 0; i < r.n; i++ {
		if r.re&(1<<i) != 0 {
			r.face[i] = h.face(int(r.col[i]))
		}
	}
}

// blow is one attack's profile as it is rolled against one enemy.
type blow struct {
	who    int
	e      int
	part   int8
	pool   Pool
	nopts  int // crit options in h.Opts[:nopts]
	flat   int
	pierce int
	cond   Cond
	reroll uint16
	aoe    int8
	kind   AttackKind
}

// hunterAttack resolves a legal attack action.
//
// It is kept out of line, as rollPool is: inlined in do it costs more
// than its call (about 380 instructions a hunt of the default matchup).
//
//go:noinline
func (h *Hunt) hunterAttack(who int, a *Action) {
	sc := h.Sc
	s := &h.H[who]
	l := &sc.Hunters[who]
	w := &l.Weapons[a.Weapon]
	ammo, ab := -1, -1
	// take the higher slot first, so that the other stays where it was
	if a.Ammo > a.Ability {
		ammo = int(h.takeHand(who, int(a.Ammo)))
		if a.Ability >= 0 {
			ab = int(h.takeHand(who, int(a.Ability)))
		}
	} else {
		if a.Ability >= 0 {
			ab = int(h.takeHand(who, int(a.Ability)))
		}
		if a.Ammo >= 0 {
			ammo = int(h.takeHand(who, int(a.Ammo)))
		}
	}
	h.Rec.Attacks[who]++
	if ab >= 0 && sc.Cards[ab].Scrap > 0 {
		h.scrap(who, int(sc.Cards[ab].Scrap))
	}
	if ammo >= 0 {
		h.Rec.Played[who]++
	}
	if ab >= 0 {
		h.Rec.Played[who]++
	}
	if ammo >= 0 && sc.Cards[ammo].Trap {
		t := &h.Traps[h.NTraps]
		*t = Trap{Cell: a.Square, Owner: uint8(who), Card: uint8(ammo), Weapon: uint8(a.Weapon)}
		h.NTraps++
		h.TrapAt |= 1 << a.Square
		h.event(evTrapSet, who, ammo, int(a.Square))
		return
	}
	e := int(a.Enemy)
	en := &h.E[e]
	kind := w.Kind
	if kind == Melee && en.Cell != s.Cell {
		h.moveHunter(who, int(en.Cell), false)
	}
	b := blow{who: who, e: e, part: a.Part, pool: w.Dice, flat: int(w.Damage), aoe: -1, kind: kind}
	if kind == Melee {
		b.pool = b.pool.Add(l.MeleeDice)
	} else {
		b.pool = b.pool.Add(l.RangedDice)
	}
	b.nopts = copy(h.Opts[:], w.Crits[:w.NCrits])
	for _, ci := range [2]int{ammo, ab} {
		if ci < 0 {
			continue
		}
		c := &sc.Cards[ci]
		b.pool = b.pool.Add(c.Dice)
		b.nopts += copy(h.Opts[b.nopts:], c.Crits[:c.NCrits])
		b.flat += int(c.Damage)
		b.pierce += int(c.Pierce)
		b.cond |= c.Cond
		b.reroll |= c.Reroll
		if c.AOE >= 0 && b.aoe < 0 {
			b.aoe = c.AOE
		}
	}
	h.event(evAttack, who, e, int(a.Part))
	killed, tore := h.strike(&b)
	if (killed || tore) && h.Outcrop&bit(s.Cell) != 0 {
		h.event(evOutcrop, who, -1, 1)
		h.gainGlory(who, 1)
	}
	if ammo >= 0 {
		h.toDiscard(who, uint8(ammo))
	}
	if ab >= 0 {
		h.toDiscard(who, uint8(ab))
		h.freeAction(who, sc.Cards[ab].Free)
	}
}

// scrap removes n cards of hunter who, from its hand or the top of its
// discard pile as its player chooses, for the rest of the encounter.
func (h *Hunt) scrap(who, n int) {
	s := &h.H[who]
	for k := 0; k < n && s.NHand+s.NDisc > 0; k++ {
		slot := h.pol.Scrap(h, who)
		var c uint8
		switch {
		case slot >= 0 && slot < int(s.NHand):
			c = h.takeHand(who, slot)
		case s.NDisc > 0:
			s.NDisc--
			c = s.Disc[s.NDisc]
		default:
			c = h.takeHand(who, 0)
		}
		h.Rec.Scrapped[who]++
		h.event(evScrap, who, -1, int(c))
	}
}

// freeAction lets hunter who make the free action k (Sneak or Sprint)
// an ability card grants.
func (h *Hunt) freeAction(who int, k ActionKind) {
	s := &h.H[who]
	if k != Sneak && k != Sprint || s.Fainted {
		return
	}
	if h.Sc.Rules.FreeActionOnce && s.Used&(1<<k) != 0 {
		return
	}
	s.Used |= 1 << k
	b := h.B
	legal := b.Adj[s.Cell] | 1<<s.Cell
	why := MoveFreeSneak
	if k == Sprint {
		why = MoveFreeSprint
		h.sprintAlert(who)
	}
	to := h.pol.Move(h, who, legal, why)
	if to < 0 || to >= b.N || legal&(1<<to) == 0 || to == int(s.Cell) {
		return
	}
	h.event(evFree, who, -1, int(k))
	h.moveHunter(who, to, k == Sprint)
	if k == Sprint {
		legal = b.Adj[s.Cell] | 1<<s.Cell
		to = h.pol.Move(h, who, legal, why)
		if to >= 0 && to < b.N && legal&(1<<to) != 0 {
			h.moveHunter(who, to, true)
		}
	}
}

// strike rolls one attack against one enemy and resolves it: damage to
// the enemy or the component, conditions, the AOE, pushes and dodges. It
// reports whether the target was killed and whether a component was
// destroyed.
func (h *Hunt) strike(b *blow) (killed, tore bool) {
	sc := h.Sc
	r := &sc.Rules
	en := &h.E[b.e]
	alertStart := en.Alert
	frozen := en.Cond&Freeze != 0
	stealth := 0 // the damage the hunter's stealth adds
	if !alertStart && b.who >= 0 {
		stealth = int(sc.Hunters[b.who].Stealth)
	}
	arm := 0 // the armour that counts
	if !frozen && (alertStart || r.ArmourAtDamage) {
		arm = max(0, int(en.Armour)-b.pierce)
	}
	// the enemies alert as the attack starts, whose armour counts against
	// its AOE: read (below) only when it has one, before the alerts it
	// causes (nothing alerts an enemy before those)
	var alerted uint32
	pips, crits := h.rollPool(b.pool)
	if b.reroll != 0 {
		h.reroll(b.reroll)
		pips, crits = h.rollSum()
	}
	h.rollEvent(evRoll, b.who, b.e, pips, crits)
	extra, push, dodge := 0, 0, 0
	cond, aoe := b.cond, b.aoe
	for k := 0; k < crits && b.nopts > 0; k++ {
		i := 0
		if b.nopts > 1 {
			i = h.pol.Crit(h, b.who, b.e, h.Opts[:b.nopts])
			if i < 0 || i >= b.nopts {
				panic("horizon: the policy chose no crit option")
			}
		}
		o := &h.Opts[i]
		h.event(evCrit, b.who, b.e, i)
		extra += int(o.Damage)
		cond |= o.Cond
		if o.Push {
			push++
		}
		if o.Dodge {
			dodge++
		}
		if o.AOE >= 0 && aoe < 0 {
			aoe = o.AOE
		}
	}
	total := max(0, pips+extra+b.flat+stealth-arm)
	if frozen {
		en.Cond &^= Freeze
	}
	if aoe >= 0 {
		for i := range h.E[:h.NE] {
			if h.E[i].Alert {
				alerted |= 1 << i
			}
		}
	}
	cell := en.Cell
	// The attack alerts its target and the enemies in and next to its square.
	h.alert(b.e, "it is attacked")
	h.alertNear(int(cell), b.e)
	h.event(evHit, b.who, b.e, total)
	suffered := false
	if b.part >= 0 {
		tore = h.hitComponent(b.who, b.e, int(b.part), total)
		suffered = total > 0 && r.ComponentIsDamage
	} else if total > 0 {
		h.damageEnemy(b.e, total, b.who, true)
		suffered = true
	}
	if cond != 0 && en.Where == InPlay && (suffered || r.CondWithoutDamage) {
		if got := h.inflict(b.e, cond); got != 0 && b.who >= 0 {
			h.playInterrupts(b.who, Inflicted, b.e)
		}
	}
	killed = en.Where == Killed
	if aoe >= 0 {
		h.splash(b.who, b.e, int(cell), int(aoe), alerted)
	}
	for k := 0; k < push && en.Where == InPlay; k++ {
		legal := h.enemySteps(b.e) | 1<<en.Cell
		to := h.pol.Push(h, b.who, b.e, legal)
		if to < 0 || to >= h.B.N || legal&(1<<to) == 0 {
			panic("horizon: the policy pushed an enemy to an illegal square")
		}
		if to == int(en.Cell) {
			break
		}
		h.event(evPush, b.who, b.e, to)
		h.enemyEnters(b.e, to)
	}
	if b.who >= 0 && b.kind != TrapAttack {
		for k := 0; k < dodge; k++ {
			s := &h.H[b.who]
			legal := h.B.Adj[s.Cell] | 1<<s.Cell
			to := h.pol.Move(h, b.who, legal, MoveCritDodge)
			if to >= 0 && to < h.B.N && legal&(1<<to) != 0 {
				h.moveHunter(b.who, to, false)
			}
		}
	}
	return killed, tore
}

// enemySteps returns the squares enemy e may step into: the squares next
// to it, less those holding another huge model when it is huge.
func (h *Hunt) enemySteps(e int) uint64 {
	m := h.B.Adj[h.E[e].Cell]
	if h.huge&(1<<(uint(e)&31)) != 0 {
		m &^= h.HugeAt(e)
	}
	return m
}

// hitComponent compares damage with component part's tear value.
func (h *Hunt) hitComponent(who, e, part, dmg int) bool {
	sc := h.Sc
	en := &h.E[e]
	m := &sc.Machines[en.M]
	c := &m.Comps[part]
	t := en.Tear[part]
	switch Tear(t, dmg, sc.Rules.TearFloor) {
	case 2:
		en.Comp[part] = Destroyed
		h.Rec.Torn[e][part] = int16(max(h.Turn, 1))
		h.event(evTorn, who, e, part)
		h.gainGlory(who, 1+int(c.Glory))
		if who >= 0 {
			h.Rec.Salvage[who] += int16(c.Salvage)
		}
		en.Armour = max(0, en.Armour+c.Armour)
		if c.Cond != 0 {
			h.inflict(e, c.Cond)
		}
		d := int(c.Damage)
		if sc.Rules.ComponentArmour {
			d -= int(en.Armour)
		}
		if d > 0 {
			h.damageEnemy(e, d, who, true)
		}
		return true
	case 1:
		if en.Comp[part] == Intact || sc.Rules.TearHalveAgain {
			en.Comp[part] = Damaged
			if sc.Rules.TearFloor {
				en.Tear[part] = float32(int(t) / 2)
			} else {
				en.Tear[part] = t / 2
			}
			h.event(evDamaged, who, e, part)
		}
	}
	return false
}

// damageEnemy deals n damage to enemy e's HP; by is the hunter it is
// credited to (-1: none), rewards whether a kill gives salvage and glory.
//
// It is kept out of line, as rollPool is (about 110 instructions a hunt).
//
//go:noinline
func (h *Hunt) damageEnemy(e, n, by int, rewards bool) {
	en := &h.E[e]
	if en.Where != InPlay || n <= 0 {
		return
	}
	en.Dmg += int8(min(n, 100))
	h.alert(e, "it suffers damage")
	m := &h.Sc.Machines[en.M]
	if en.Dmg >= m.HP {
		h.kill(e, by, rewards)
	}
}

// kill removes enemy e; the party gains its encounter points, and with
// rewards the hunter by draws its salvage and gains its glory.
func (h *Hunt) kill(e, by int, rewards bool) {
	en := &h.E[e]
	m := &h.Sc.Machines[en.M]
	en.Where = Killed
	h.Rec.KilledAt[e] = int16(max(h.Turn, 1))
	h.Points += int(m.Points)
	h.event(evKill, by, e, int(m.Points))
	if rewards && by >= 0 {
		h.Rec.Kills[by]++
		h.Rec.Salvage[by] += int16(m.Salvage)
		h.gainGlory(by, int(m.Glory))
	}
}

// inflict gives enemy e the conditions of c it is neither suffering nor
// immune to, and returns them.
func (h *Hunt) inflict(e int, c Cond) Cond {
	en := &h.E[e]
	got := c &^ en.Cond &^ h.Sc.Machines[en.M].Immune
	if got != 0 {
		en.Cond |= got
		h.event(evCond, -1, e, int(got))
	}
	return got
}

// splash resolves AOE profile a around square cell, the attack's target
// being enemy target: every other enemy in that square or next to it
// suffers it, with its own roll; armour counts for the victims alert as
// the attack started (alerted).
func (h *Hunt) splash(who, target, cell, a int, alerted uint32) {
	sc := h.Sc
	r := &sc.Rules
	p := &sc.AOEs[a]
	victims := h.enemyIn(h.B.Near[cell]) &^ (1 << target)
	for i := 0; i < h.NE; i++ {
		if victims&(1<<i) == 0 || h.E[i].Where != InPlay {
			continue
		}
		en := &h.E[i]
		alertStart := alerted&(1<<i) != 0
		frozen := en.Cond&Freeze != 0
		pips, _ := h.rollPool(p.Dice)
		h.rollEvent(evAOERoll, who, i, pips, 0)
		total := pips + int(p.Damage)
		if frozen {
			en.Cond &^= Freeze
		} else if r.AOEArmour && (alertStart || r.ArmourAtDamage) {
			total -= int(en.Armour)
		}
		total = max(0, total)
		h.alert(i, "an AOE hits it")
		if r.AOEVictimAttacked {
			h.alertNear(int(en.Cell), i)
		}
		if total > 0 {
			h.damageEnemy(i, total, who, true)
		}
		if p.Cond != 0 && en.Where == InPlay && (total > 0 || r.CondWithoutDamage) {
			h.inflict(i, p.Cond)
		}
		if p.Push && en.Where == InPlay && who >= 0 {
			legal := h.enemySteps(i) | 1<<en.Cell
			to := h.pol.Push(h, who, i, legal)
			if to >= 0 && to < h.B.N && legal&(1<<to) != 0 && to != int(en.Cell) {
				h.enemyEnters(i, to)
			}
		}
	}
}

// triggerTrap resolves the trap in square cell on enemy e, which has just
// entered it.
func (h *Hunt) triggerTrap(e, cell int) {
	sc := h.Sc
	k := -1
	for i := 0; i < h.NTraps; i++ {
		if int(h.Traps[i].Cell) == cell {
			k = i
		}
	}
	if k < 0 {
		return
	}
	t := h.Traps[k]
	h.NTraps--
	h.Traps[k] = h.Traps[h.NTraps]
	h.TrapAt &^= 1 << cell
	who := int(t.Owner)
	card := &sc.Cards[t.Card]
	w := &sc.Hunters[who].Weapons[t.Weapon]
	h.event(evTrap, who, e, cell)
	b := blow{who: who, e: e, part: -1, pool: card.Dice.Add(w.Dice), flat: int(card.Damage) + int(w.Damage),
		pierce: int(card.Pierce), cond: card.Cond, reroll: card.Reroll, aoe: card.AOE, kind: TrapAttack}
	b.nopts = copy(h.Opts[:], card.Crits[:card.NCrits])
	b.nopts += copy(h.Opts[b.nopts:], w.Crits[:w.NCrits])
	ab := -1
	if s := &h.H[who]; !s.Fainted {
		if slot := h.pol.OnTrap(h, who, e); slot >= 0 && slot < int(s.NHand) {
			c := &sc.Cards[s.Hand[slot]]
			if c.Kind != Ability || !c.OnTrap {
				panic("horizon: the policy played a card that cannot join a trap")
			}
			ab = int(h.takeHand(who, slot))
			h.Rec.Played[who]++
			b.pool = b.pool.Add(c.Dice)
			b.nopts += copy(h.Opts[b.nopts:], c.Crits[:c.NCrits])
			b.flat += int(c.Damage)
			b.pierce += int(c.Pierce)
			b.cond |= c.Cond
			b.reroll |= c.Reroll
			if c.AOE >= 0 && b.aoe < 0 {
				b.aoe = c.AOE
			}
		}
	}
	h.strike(&b)
	h.toDiscard(who, t.Card)
	if ab >= 0 {
		h.toDiscard(who, uint8(ab))
	}
}
