package horizon

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"balance/sim/dice"
	sim "balance/sim/horizon"
)

func init() {
	register(Tier{Name: "basic", Order: 1, Doc: "the baseline: the attack worth most encounter points for the cards it spends (exact damage odds), else close to weapon range without alerting, craft when the discard pile allows, dodge away from alert machines",
		New: func() sim.Policy { return &Basic{} }})
	register(Tier{Name: "careful", Order: 2, Doc: "basic, and: spends an idle action crafting before moving, keeps out of reach of alert machines after attacking, hides in tall grass, distracts machines about to walk off the area",
		New: func() sim.Policy { return &Basic{careful: true} }})
}

// Basic is the baseline hunters' policy. Each action it takes the attack
// of the highest value net of the cards it spends, where an attack's
// value is read from the exact damage law of its dice (sim.Tail): the
// chance it kills times the enemy's encounter points, the damage it is
// expected to deal as a share of them, or the chance it destroys a
// component times what that does. Without a worthwhile attack it moves
// towards the closest machine to its weapon's range, avoiding squares
// that would alert machines, or crafts. It discards damage from the top
// of the draw pile, stamina first from the hand; dodges away from alert
// machines; breaks the active player's ties at random.
type Basic struct {
	rng      dice.RNG
	careful  bool
	d        design
	have     uint32 // the kinds of card in hand (bits), at bestAttack
	tg       [sim.MaxEnemies]target
	v        view
	memo     [1 << memoBits]memoEntry
	best     [1 << bestBits]bestEntry
	moves    [1 << moveBits]moveEntry
	safe     [1 << safeBits]safeEntry
	deployed deployed
}

// deployed is the last starting square chosen: what it is a function
// of, and the square.
type deployed struct {
	ok        bool
	legal, at uint64
	c         int
}

// view is what a decision reads of the machines, as square masks made
// once per decision.
type view struct {
	nonAlert   uint64 // squares holding a non-alert machine
	alert      uint64 // squares holding an alert one
	nearNon    uint64 // squares whose Near holds a non-alert machine
	nearAlert  uint64 // squares whose Near holds an alert machine
	near2Alert uint64 // squares whose Near2 holds an alert machine
	alertAt    [sim.MaxEnemies]uint8
	nAlert     int
}

// near fills the squares near the machines in p.v (their squares
// first: safest, move).
func (p *Basic) near() {
	v := &p.v
	d := &p.d
	v.nearNon, v.nearAlert, v.near2Alert = 0, 0, 0
	for m := v.alert; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		v.nearAlert |= d.nearT[c]
		v.near2Alert |= d.near2T[c]
	}
	for m := v.nonAlert; m != 0; m &= m - 1 {
		v.nearNon |= d.nearT[bits.TrailingZeros64(m)]
	}
}

var _ sim.Policy = (*Basic)(nil)

// Weights of the value of an attack, in encounter points.
const (
	cardCost   = 0.35 // a card played (it is a point of health spent)
	alertBonus = 1.3  // removing an alert machine is worth more
	attackMin  = 0.15 // below this, an attack is not worth its action
)

func (p *Basic) Begin(h *sim.Hunt, seed, index uint64) {
	if p.d.sc != h.Sc {
		p.prepare(h.Sc)
	}
	p.rng.Derive(seed, index, sim.PurposePolicy)
}

// Deploy takes the starting square closest to distance 3 from the
// nearest machine, tall grass first.
func (p *Basic) Deploy(h *sim.Hunt, who int, legal uint64) int {
	// the choice is a function of legal and the squares of the enemies
	// in play alone: the last one is kept
	var at uint64
	for i := 0; i < h.NE; i++ {
		if e := &h.E[i]; e.Where == sim.InPlay {
			at |= bit(e.Cell)
		}
	}
	if k := &p.deployed; k.ok && k.legal == legal && k.at == at {
		return k.c
	}
	best, bestV := -1, -1<<30
	for m := legal; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		d := p.nearestEnemy(h, c, false)
		v := -abs(d-3) * 4
		if h.B.Grass&(1<<c) != 0 {
			v += 2
		}
		if v > bestV {
			best, bestV = c, v
		}
	}
	p.deployed = deployed{ok: true, legal: legal, at: at, c: best}
	return best
}

// bit returns the mask of square c (c < sim.MaxCells: the shift needs
// no check of its count).
func bit(c uint8) uint64 { return 1 << (c & 63) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// nearestEnemy returns the distance from square c to the nearest enemy in
// play (alert ones only when alert is set), 99 when none.
func (p *Basic) nearestEnemy(h *sim.Hunt, c int, alert bool) int {
	d := 99
	for i := 0; i < h.NE; i++ {
		e := &h.E[i]
		if e.Where == sim.InPlay && (!alert || e.Alert) {
			d = min(d, int(h.B.Cheb[c][e.Cell]))
		}
	}
	return d
}

func (p *Basic) Refresh(h *sim.Hunt, who int) uint32 { return 0 }

// KeepsHand tells the rules core that Refresh discards nothing.
func (p *Basic) KeepsHand() {}

func (p *Basic) Next(h *sim.Hunt, who int) sim.Action {
	s := &h.H[who]
	a, v := p.bestAttack(h, who)
	if v >= attackMin {
		if h.Tracing() {
			h.Why("the attack worth most for its cards")
		}
		return a
	}
	craft := sim.Action{Kind: sim.Craft}
	if p.careful {
		if d := p.distract(h, who); d.Kind != sim.Pass {
			return d
		}
		if canCraft(s) && s.Cards() < 10 {
			craft.Both = s.Spent == 0 && s.NDisc >= 6 && p.nearestEnemy(h, int(s.Cell), true) > 4
			if h.Tracing() {
				h.Why("no attack worth making; the discard pile gives cards back")
			}
			return craft
		}
	}
	// else towards the closest machine, or craft
	if m := p.move(h, who, p.have); m.Kind != sim.Pass {
		return m
	}
	if canCraft(s) {
		if h.Tracing() {
			h.Why("nothing better to do")
		}
		return craft
	}
	return sim.Action{Kind: sim.Pass}
}

// canCraft reports whether a hunter (s) may craft: not yet this
// activation, with 3 cards or more in its discard pile.
func canCraft(s *sim.HunterState) bool { return s.Used&(1<<sim.Craft) == 0 && s.NDisc >= 3 }

// bestAttack returns the attack of the highest value net of its cards.
// The ways of attacking with each weapon come from the design's tables
// (sim.Scenario.Combos), in the order the first of equal values wins; the
// machines' parts of the value are made once per decision (target), and
// the values already weighed are looked up (memo).
func (p *Basic) bestAttack(h *sim.Hunt, who int) (sim.Action, float32) {
	// what the decision reads of the design is in p.d
	s, b, d := &h.H[who], h.B, &p.d
	have, kb, hand := uint32(0), &d.kbit[who], s.Hand[:s.NHand]
	for ; len(hand) >= 2; hand = hand[2:] {
		have |= kb[hand[0]] | kb[hand[1]] // two cards a turn
	}
	if len(hand) == 1 {
		have |= kb[hand[0]]
	}
	p.have = have
	// the machines in sight within reach of a weapon, their distances
	var dist [sim.MaxEnemies]uint8
	sees, cheb, inSight := d.inReach[who%sim.MaxHunters][s.Cell], &b.Cheb[s.Cell], uint32(0)
	for e := 0; e < h.NE; e++ {
		if en := &h.E[e]; en.Where == sim.InPlay && sees&bit(en.Cell) != 0 {
			dist[e] = cheb[en.Cell]
			inSight |= 1 << e
		}
	}
	if inSight == 0 && !d.traps[who%sim.MaxHunters] {
		return sim.Action{Kind: sim.Pass}, -1 // no weapon reaches a machine
	}
	best := sim.Action{Kind: sim.Pass}
	var bestCb *sim.Combo
	bestV := float32(-1)
	cards := s.Cards() // at most MaxHand+MaxDeck: 8 bits
	cost, wb0 := d.cost[cards&0xff], uint64(1)<<63|uint64(who&3)|uint64(cards&0xff)<<20
	spentBy := [3]float32{0, cost, cost + cost}
	stealth := d.stealth[who%sim.MaxHunters]
	ws := d.weapons[who][:d.nweapons[who]]
	// what the value of an attack reads of each machine a weapon reaches
	for m := inSight; m != 0; m &= m - 1 {
		p.target(h, bits.TrailingZeros32(m), stealth)
	}
	for w := range ws {
		wp := &ws[w]
		if s.Used&wp.used != 0 {
			continue
		}
		if wp.trap {
			if a, v := p.bestTrap(h, who, w, wp.kind, cost); v > bestV {
				best, bestV, bestCb = a, v, nil
			}
		}
		// the machines this weapon reaches
		var targets uint32
		for m := inSight; m != 0; m &= m - 1 {
			if e := bits.TrailingZeros32(m); dist[e] <= wp.reach {
				targets |= 1 << e
			}
		}
		if targets == 0 {
			continue
		}
		// the best way of attacking each machine, and of those the best
		// (the first of equal values in the order of the combos, then of
		// the machines: the order of a walk of every combo and machine)
		wv, wi, we, wpart := float32(0), -1, 0, int8(-1)
		// the part of bestKept's key this weapon and hand give (wb0: the hunter and its cards left)
		wb := wb0 | uint64(w&3)<<2 | uint64(have&wp.kinds&0xffff)<<4
		for m := targets; m != 0; m &= m - 1 {
			e := bits.TrailingZeros32(m)
			// bestKept's lookup written out (no call when it holds the
			// attack, most of them): its key and entry for a weapon
			// without an AOE, else bestKept itself
			tg := &p.tg[e&(sim.MaxEnemies-1)]
			kb := wb | uint64(uint8(tg.stealth))<<28
			if tg.armed {
				kb |= 1<<36 | uint64(uint8(tg.armour))<<37
			}
			k := &p.best[((tg.key^kb*0x9e3779b97f4a7c15)*0xff51afd7ed558ccd)>>(64-bestBits)]
			v, i, part := k.v, int(k.c), k.part
			if wp.aoe || tg.key == 0 || k.a != tg.key || k.b != kb {
				v, i, part = p.bestKept(h, wp, wb, e, have, &spentBy)
			}
			if i >= 0 && (wi < 0 || v > wv || v == wv && i < wi) {
				wv, wi, we, wpart = v, i, e, part
			}
		}
		if wi >= 0 && wv > bestV {
			bestV, bestCb = wv, &wp.combos[wi]
			best = sim.Attack(wp.kind, w, we)
			best.Part = wpart
		}
	}
	if bestCb != nil {
		if bestCb.Ammo >= 0 {
			best.Ammo = p.slotOf(h, who, int(bestCb.Ammo))
		}
		if bestCb.Abil >= 0 {
			best.Ability = p.slotOf(h, who, int(bestCb.Abil))
		}
	}
	return best, bestV
}

// bestKept is bestCombo, kept in a table: the best way of attacking
// machine e with weapon w of hunter who is a function of the machine's
// state (target: key, armour counted, stealth added, and an AOE's other
// victims when the weapon has an AOE), the kinds of card in hand the
// weapon's combos need and the cards the hunter has left (the cost of a
// card) alone.
//
// wb is the part of the key the hunter, weapon, hand and cards left
// give (bestAttack makes it).
func (p *Basic) bestKept(h *sim.Hunt, wp *weapon, wb uint64, e int, have uint32, spentBy *[3]float32) (float32, int, int8) {
	tg := &p.tg[e&(sim.MaxEnemies-1)]
	if tg.key == 0 {
		return p.bestCombo(h, wp, e, have, spentBy)
	}
	b := wb | uint64(uint8(tg.stealth))<<28
	if tg.armed {
		b |= 1<<36 | uint64(uint8(tg.armour))<<37
	}
	if wp.aoe {
		if tg.others < 0 {
			tg.others = p.aoeTargets(h, e)
		}
		b |= uint64(tg.others&31) << 45
	}
	i := ((tg.key ^ b*0x9e3779b97f4a7c15) * 0xff51afd7ed558ccd) >> (64 - bestBits)
	k := &p.best[i]
	if k.a != tg.key || k.b != b {
		v, c, part := p.bestCombo(h, wp, e, have, spentBy)
		*k = bestEntry{a: tg.key, b: b, v: v, c: int16(c), part: part}
	}
	return k.v, int(k.c), k.part
}

// bestBits sizes the table of best attacks: 1<<bestBits entries.
const bestBits = 14

// bestEntry is one best attack kept (bestKept): what it is a function
// of, its value, combo (-1: none) and part.
type bestEntry struct {
	a, b uint64
	v    float32
	c    int16
	part int8
}

// bestCombo returns the best way of attacking machine e with weapon wp,
// of those the cards in hand allow (have): its value net of its cards
// (spentBy, by the cards played), its combo's index (the first of equal
// values; -1: the hand allows none) and the part aimed at.
func (p *Basic) bestCombo(h *sim.Hunt, wp *weapon, e int, have uint32, spentBy *[3]float32) (float32, int, int8) {
	tg := &p.tg[e&(sim.MaxEnemies-1)]
	bestV, bestI, bestPart := float32(0), -1, int8(-1)
	// the ways of attacking the cards in hand allow, by 64
	for ch, avail := range wp.all {
		if wp.by != nil {
			avail = wp.by[have&wp.kinds]
		} else {
			for k := wp.kinds &^ have; k != 0; k &= k - 1 {
				avail &^= wp.needs[bits.TrailingZeros32(k)][ch]
			}
		}
		for ; avail != 0; avail &= avail - 1 {
			ci := ch<<6 | bits.TrailingZeros64(avail)
			cb := &wp.combos[ci]
			arm := 0
			if tg.armed {
				arm = max(0, tg.armour-int(cb.Pierce))
			}
			// the value, from the memo when it is there
			off := arm - int(cb.Damage) - tg.stealth
			kb := uint32(uint16(cb.Tail))<<16 | uint32(uint16(off+1<<15))
			i := ((tg.key ^ uint64(kb)*0x9e3779b97f4a7c15) * 0xff51afd7ed558ccd) >> (64 - memoBits)
			var v float32
			var part int8
			if m := &p.memo[i]; m.a == tg.key && m.b == kb && tg.key != 0 && uint(off+1<<15) < 1<<16 {
				v, part = m.v, m.part
			} else {
				v, part = p.weighKept(h, tg, cb, off, kb, i)
			}
			v -= spentBy[cb.Cards%3]
			if cb.AOE {
				if tg.others < 0 {
					tg.others = p.aoeTargets(h, e)
				}
				v += 0.4 * float32(tg.others) // an AOE's other victims
			}
			if bestI < 0 || v > bestV {
				bestV, bestI, bestPart = v, ci, part
			}
		}
	}
	return bestV, bestI, bestPart
}

// slotOf returns the first hand slot of hunter who holding a card of
// kind k.
func (p *Basic) slotOf(h *sim.Hunt, who, k int) int8 {
	s := &h.H[who]
	kb := &p.d.kbit[who]
	want := uint32(1) << (uint(k) & 31) // k < sim.MaxKinds
	for i, c := range s.Hand[:s.NHand] {
		if kb[c] == want {
			return int8(i)
		}
	}
	return -1
}

// design holds what the basic policy reads of a design, made once.
type design struct {
	sc   *sim.Scenario
	kbit [sim.MaxHunters][256]uint32 // each card's kind in each hunter's deck (a bit), 0: none
	pts  [sim.MaxMachines]float32    // what killing a machine is worth
	// worth[m][c] is what destroying component c of machine type m is
	// worth: [0] while it would not kill, [1] when it would.
	worth    [sim.MaxMachines][sim.MaxComponents][2]float32
	weapons  [sim.MaxHunters][sim.MaxWeapons]weapon
	nweapons [sim.MaxHunters]int
	// the board's masks read backwards: nearT[x] holds the squares c
	// whose Near[c] holds x; near2T the same for Near2; losT[x] the
	// squares that see x
	nearT, near2T, losT [sim.CellIdx]uint64
	far                 [sim.CellIdx]uint64 // squares two king moves away, not one
	// guns[who] are hunter who's ranged weapons that attack (reachRange)
	guns  [sim.MaxHunters][sim.MaxWeapons]gun
	nguns [sim.MaxHunters]int
	// reachBy[who][k] is reachRange's answer for the kinds in hand k,
	// by the kinds of ammunition a gun takes (its length a power of two
	// past them; nil when they reach past reachKinds)
	reachBy [sim.MaxHunters][]uint8
	// cat is each card's rank when damage is discarded (stamina first)
	cat [256]uint8
	// interrupt marks the interrupt cards
	interrupt [256]bool
	// stamina[who]: hunter who's deck holds a stamina card
	stamina [sim.MaxHunters]bool
	// reach[who] is the longest reach of hunter who's weapons; traps[who]
	// that one of them is a trap
	reach [sim.MaxHunters]uint8
	// inReach[who][c] are the squares hunter who sees from square c
	// within the reach of one of its weapons (reach[who])
	inReach [sim.MaxHunters][sim.CellIdx]uint64
	traps   [sim.MaxHunters]bool
	// stealth[who] is hunter who's stealth trait
	stealth [sim.MaxHunters]int
	// cost[n] is what a card played is worth to a hunter with n cards
	// left (hand and draw pile)
	cost [256]float32
}

// weapon is a hunter's weapon as an attack reads it.
type weapon struct {
	kind   sim.ActionKind // RangedAttack or MeleeAttack
	used   uint16         // 1<<kind: the bit of Used that spends it
	reach  uint8          // the range it attacks at (1 for a melee weapon)
	trap   bool
	combos []sim.Combo
	aoe    bool     // a combo adds an area of effect
	all    []uint64 // every combo (bits, by 64)
	kinds  uint32   // the kinds of card the combos need
	needs  [sim.MaxKinds][]uint64
	// by[k] are the combos (bits) the kinds in hand k&kinds allow, when
	// there are at most 64 combos and byKinds kinds (else nil)
	by []uint64
}

// byKinds is the most kinds a weapon's combos may need for its table of
// the combos each hand allows (weapon.by).
const byKinds = 8

// prepare fills p.d for sc, and empties the memo.
func (p *Basic) prepare(sc *sim.Scenario) {
	d := &p.d
	*d = design{sc: sc}
	clear(p.memo[:])
	clear(p.best[:])
	clear(p.tg[:])
	clear(p.moves[:])
	clear(p.safe[:])
	p.deployed = deployed{}
	for who := 0; who < sc.NH; who++ {
		for c := range d.kbit[who] {
			if k := sc.Kind(who, uint8(c)); k >= 0 {
				d.kbit[who][c] = 1 << k
			}
		}
		l := &sc.Hunters[who]
		d.nweapons[who] = int(l.NWeapons)
		for w := 0; w < int(l.NWeapons); w++ {
			wp := &l.Weapons[w]
			x := weapon{kind: sim.RangedAttack, reach: wp.Range, trap: wp.Trap, combos: sc.Combos(who, w)}
			if wp.Kind == sim.Melee {
				x.kind, x.reach = sim.MeleeAttack, 1
			}
			n := (len(x.combos) + 63) / 64
			x.all = make([]uint64, n)
			for k := range x.needs {
				x.needs[k] = make([]uint64, n)
			}
			for i := range x.combos {
				x.aoe = x.aoe || x.combos[i].AOE
				x.all[i/64] |= 1 << (i % 64)
				x.kinds |= x.combos[i].Need
				for k := range x.needs {
					if x.combos[i].Need&(1<<k) != 0 {
						x.needs[k][i/64] |= 1 << (i % 64)
					}
				}
			}
			if n == 1 && x.kinds < 1<<byKinds {
				x.by = make([]uint64, x.kinds+1)
				for k := range x.by {
					if uint32(k)&^x.kinds != 0 {
						continue
					}
					for i := range x.combos {
						if x.combos[i].Need&^uint32(k) == 0 {
							x.by[k] |= 1 << i
						}
					}
				}
			}
			x.used = 1 << x.kind
			d.weapons[who][w] = x
			d.reach[who] = max(d.reach[who], x.reach)
			d.traps[who] = d.traps[who] || x.trap
			if wp.Kind != sim.Ranged || wp.Trap && wp.Dice.N() == 0 {
				continue
			}
			g := gun{reach: int(wp.Range)}
			for k := 0; k < int(sc.NKinds[who]); k++ {
				if c := &sc.Cards[sc.Kinds[who][k]]; c.Kind == sim.Ammo && !c.Trap && c.Symbols&wp.Symbols != 0 {
					g.ammo |= 1 << k
				}
			}
			d.guns[who][d.nguns[who]] = g
			d.nguns[who]++
		}
	}
	for who := 0; who < sc.NH; who++ {
		var ammo uint32
		for _, g := range d.guns[who][:d.nguns[who]] {
			ammo |= g.ammo
		}
		if ammo >= 1<<reachKinds {
			continue
		}
		n := 1 << bits.Len32(ammo)
		t := make([]uint8, n)
		for k := range t {
			t[k] = uint8(p.reachRange(who, uint32(k)))
		}
		d.reachBy[who] = t
	}
	for i := range sc.Cards {
		c := &sc.Cards[i]
		v := uint8(3)
		switch c.Kind {
		case sim.Stamina:
			v = 0
		case sim.Interrupt:
			v = 2
		case sim.Ability:
			v = 4
		case sim.Ammo:
			v = 5
		}
		d.cat[i] = v
		d.interrupt[i] = c.Kind == sim.Interrupt
	}
	for n := range d.cost {
		d.cost[n] = float32(cardCost) * (1 + 6/float32(n+1))
	}
	for who := 0; who < sc.NH; who++ {
		d.stealth[who] = int(sc.Hunters[who].Stealth)
		for k := 0; k < int(sc.NKinds[who]); k++ {
			if sc.Cards[sc.Kinds[who][k]].Kind == sim.Stamina {
				d.stamina[who] = true
			}
		}
	}
	b := sc.Board
	for c := 0; c < b.N; c++ {
		for x := 0; x < b.N; x++ {
			if b.Near[c]&(1<<x) != 0 {
				d.nearT[x] |= 1 << c
			}
			if b.Near2[c]&(1<<x) != 0 {
				d.near2T[x] |= 1 << c
			}
			if b.LOS[c]&(1<<x) != 0 {
				d.losT[x] |= 1 << c
			}
		}
		d.far[c] = b.Reach(c, 2) &^ (b.Adj[c] | 1<<c)
		for who := 0; who < sc.NH; who++ {
			for x := 0; x < b.N; x++ {
				if b.LOS[c]&(1<<x) != 0 && b.Cheb[c][x] <= d.reach[who] {
					d.inReach[who][c] |= 1 << x
				}
			}
		}
	}
	for i := range sc.Machines {
		m := &sc.Machines[i]
		pts := float32(m.Points) + 0.3*float32(m.Glory)
		d.pts[i] = pts
		for c := 0; c < int(m.NComps); c++ {
			comp := &m.Comps[c]
			w := [2]float32{float32(comp.Damage)/float32(m.HP)*pts + 0.4 + 0.2*float32(comp.Salvage+comp.Glory), pts + 0.4}
			if comp.Armour < 0 {
				w[0] += 0.5 * float32(-comp.Armour)
				w[1] += 0.5 * float32(-comp.Armour)
			}
			d.worth[i][c] = w
		}
	}
}

// target is what the value of an attack reads of one machine, made once
// per decision: the parts of the body and components only when a value
// is not in the memo.
type target struct {
	e       int
	alert   bool
	armed   bool // its armour counts
	armour  int
	stealth int    // damage the hunter's stealth adds
	others  int    // the other machines in play next to it (an AOE's victims), -1: not counted yet
	key     uint64 // its state as the memo keys it, 0: not kept
	parts   bool   // hp..comp are made
	hp      int    // HP left
	hpMax   float32
	pts     float32
	nc      int
	comp    [sim.MaxComponents]part
	st      state // what key, armed, armour and the parts were made from
}

// state is what target and makeParts read of a machine: the words of
// its sim.EnemyState that hold its type, alertness, conditions, damage,
// armour, components and tears, its square and place masked out (and a
// bit that tells a state made from the zero value). What they made from
// it is kept across decisions while it does not change (it is a
// function of those fields and the design alone; two states of the same
// bits are the same fields, and the conditions compared whole only make
// it change more often than the freezing target reads).
type state [4]uint64

// The words of a sim.EnemyState that state keeps: M, Alert, Cond, Dmg,
// Armour and Comp[0] in the first (not Cell nor Where), Comp[1:] and
// Tear[0] in the second (not the padding between), Tear[1:3] in the
// third, Tear[3] in the fourth (not Done nor Spawn).
const (
	state0 = 0xffffffff_ff0000ff
	state1 = 0xffffffff_00ffffff
	state3 = 0x00000000_ffffffff
)

// The layout state reads, checked at compile time.
const (
	_ = uint(unsafe.Sizeof(sim.EnemyState{}) - 32)
	_ = uint(32 - unsafe.Sizeof(sim.EnemyState{}))
	_ = uint(unsafe.Offsetof(sim.EnemyState{}.Cell) - 1)
	_ = uint(1 - unsafe.Offsetof(sim.EnemyState{}.Cell))
	_ = uint(unsafe.Offsetof(sim.EnemyState{}.Where) - 2)
	_ = uint(2 - unsafe.Offsetof(sim.EnemyState{}.Where))
	_ = uint(unsafe.Offsetof(sim.EnemyState{}.Alert) - 3)
	_ = uint(3 - unsafe.Offsetof(sim.EnemyState{}.Alert))
	_ = uint(unsafe.Offsetof(sim.EnemyState{}.Cond) - 4)
	_ = uint(4 - unsafe.Offsetof(sim.EnemyState{}.Cond))
	_ = uint(unsafe.Offsetof(sim.EnemyState{}.Dmg) - 5)
	_ = uint(5 - unsafe.Offsetof(sim.EnemyState{}.Dmg))
	_ = uint(unsafe.Offsetof(sim.EnemyState{}.Armour) - 6)
	_ = uint(6 - unsafe.Offsetof(sim.EnemyState{}.Armour))
	_ = uint(unsafe.Offsetof(sim.EnemyState{}.Comp) - 7)
	_ = uint(7 - unsafe.Offsetof(sim.EnemyState{}.Comp))
	_ = uint(unsafe.Offsetof(sim.EnemyState{}.Tear) - 12)
	_ = uint(12 - unsafe.Offsetof(sim.EnemyState{}.Tear))
	_ = uint(unsafe.Offsetof(sim.EnemyState{}.Done) - 28)
	_ = uint(28 - unsafe.Offsetof(sim.EnemyState{}.Done))
	_ = uint(unsafe.Sizeof(sim.EnemyState{}.Comp) + unsafe.Sizeof(sim.EnemyState{}.Tear) - 20)
	_ = uint(20 - unsafe.Sizeof(sim.EnemyState{}.Comp) - unsafe.Sizeof(sim.EnemyState{}.Tear))
)

// stateOf reads machine en's state (see state).
func stateOf(en *sim.EnemyState) state {
	b := (*[32]byte)(unsafe.Pointer(en))
	le := binary.LittleEndian
	return state{le.Uint64(b[0:8]) & state0, le.Uint64(b[8:16]) & state1, le.Uint64(b[16:24]), le.Uint64(b[24:32])&state3 | 1<<63}
}

// part is a component not yet destroyed, as the value of an attack
// reads it.
type part struct {
	c      int8
	intact bool
	tear   int // damage that destroys it
	half   int // damage that damages it, when intact
	worth  float32
}

// target fills p.tg[e] from machine e of h, for hunter who's attack
// (stealth: the hunter's stealth trait).
func (p *Basic) target(h *sim.Hunt, e, stealth int) {
	en := &h.E[e]
	tg := &p.tg[e]
	tg.others = -1
	tg.stealth = 0
	if !en.Alert {
		tg.stealth = stealth
	}
	st := stateOf(en)
	if tg.st == st && tg.e == e {
		return
	}
	tg.st = st
	tg.e, tg.alert, tg.parts = e, en.Alert, false
	tg.armed = (en.Alert || h.Sc.Rules.ArmourAtDamage) && en.Cond&sim.Freeze == 0
	tg.armour = int(en.Armour)
	// the memo's key: the machine type, its damage, alertness, and each
	// component's state and tear value rounded up
	key := uint64(1)<<63 | uint64(en.M) | uint64(en.Dmg)<<3
	if en.Alert {
		key |= 1 << 10
	}
	nc := int(h.Sc.Machines[en.M].NComps)
	for c := 0; c < nc; c++ {
		tear := int(en.Tear[c] + 0.999)
		if tear < 0 || tear > 127 {
			key = 0
			break
		}
		key |= (uint64(en.Comp[c])<<7 | uint64(tear)) << (11 + 9*c)
	}
	if en.Dmg < 0 || en.M >= sim.MaxMachines {
		key = 0
	}
	tg.key = key
}

// makeParts fills the parts of tg that weigh an attack.
func (p *Basic) makeParts(h *sim.Hunt, tg *target) {
	en := &h.E[tg.e]
	m := &h.Sc.Machines[en.M]
	hp := int(m.HP) - int(en.Dmg)
	tg.hp, tg.hpMax, tg.pts = hp, float32(m.HP), p.d.pts[en.M]
	tg.nc = 0
	for c := 0; c < int(m.NComps); c++ {
		if en.Comp[c] == sim.Destroyed {
			continue
		}
		worth := p.d.worth[en.M][c][0]
		if int(m.Comps[c].Damage) >= hp {
			worth = p.d.worth[en.M][c][1]
		}
		pt := &tg.comp[tg.nc]
		tg.nc++
		pt.c, pt.intact, pt.worth = int8(c), en.Comp[c] == sim.Intact, worth
		pt.tear = int(en.Tear[c] + 0.999)
		if pt.intact {
			pt.half = int(en.Tear[c]/2 + 0.999)
		}
	}
	tg.parts = true
}

// memoBits sizes the memo: 1<<memoBits entries.
const memoBits = 12

// memoEntry is one value kept: the machine's state (target.key), the
// attack's tail and offset, and its value and part.
type memoEntry struct {
	a    uint64
	b    uint32
	v    float32
	part int8
}

// The value of attack combo cb on machine tg, its raw damage less off
// (armour less added damage), and the part to aim at (-1: the body), is
// a function of the machine's state (target.key), the tail and off
// alone, so bestAttack keeps it in a memo across decisions and hunts (the
// key holds each component's tear rounded up, as weigh reads it; the
// half of an intact component's tear, a whole number, follows from it):
// the memo changes no choice, only its cost.

// weighKept weighs an attack the memo does not hold, and keeps it in
// slot i of the memo (b: the attack's part of the key).
func (p *Basic) weighKept(h *sim.Hunt, tg *target, cb *sim.Combo, off int, b uint32, i uint64) (float32, int8) {
	if !tg.parts {
		p.makeParts(h, tg)
	}
	v, part := tg.weigh(h.Sc.ComboTail(cb), off)
	if tg.key != 0 && uint(off+1<<15) < 1<<16 {
		p.memo[i] = memoEntry{a: tg.key, b: b, v: v, part: part}
	}
	return v, part
}

// aoeTargets counts the other enemies in play next to enemy e.
func (p *Basic) aoeTargets(h *sim.Hunt, e int) int {
	n := 0
	near := h.B.Near[h.E[e].Cell]
	for i := 0; i < h.NE; i++ {
		if o := &h.E[i]; i != e && o.Where == sim.InPlay && near&bit(o.Cell) != 0 {
			n++
		}
	}
	return n
}

// weigh returns the value of an attack on the machine whose raw damage
// has tail t, less off (armour less added damage), and the part to aim
// at (-1: the body).
func (tg *target) weigh(t *sim.Tail, off int) (float32, int8) {
	hp := tg.hp
	pts := tg.pts
	pKill := t.AtLeast(hp + off)
	dmg := t.MeanOver(off)
	if dmg > float32(hp) {
		dmg = float32(hp)
	}
	v := pKill*pts + (1-pKill)*dmg/tg.hpMax*pts*0.8
	if tg.alert {
		v *= alertBonus
	}
	part := int8(-1)
	for i := 0; i < tg.nc; i++ {
		pt := &tg.comp[i]
		pDes := t.AtLeast(pt.tear + off)
		cv := pDes * pt.worth
		if pt.intact {
			cv += (t.AtLeast(pt.half+off) - pDes) * pt.worth * 0.5
		}
		if tg.alert {
			cv *= alertBonus
		}
		if cv > v {
			v, part = cv, pt.c
		}
	}
	return v, part
}

// bestTrap returns the best trap to set with weapon w: on the square a
// non-alert machine patrols into next, or in the square of the hunter's
// path of an alert machine coming for it.
func (p *Basic) bestTrap(h *sim.Hunt, who, w int, kind sim.ActionKind, cost float32) (sim.Action, float32) {
	sc := h.Sc
	s := &h.H[who]
	b := h.B
	wp := &sc.Hunters[who].Weapons[w]
	best := sim.Action{Kind: sim.Pass}
	bestV := float32(-1)
	for k := 0; k < int(sc.NKinds[who]); k++ {
		if p.have&(1<<k) == 0 {
			continue
		}
		c := &sc.Cards[sc.Kinds[who][k]]
		if c.Kind != sim.Ammo || !c.Trap || c.Symbols&wp.Symbols == 0 {
			continue
		}
		mean := float32(c.Damage + wp.Damage)
		pool := c.Dice.Add(wp.Dice)
		for col := 0; col < sc.Dice.N; col++ {
			mean += float32(pool[col]) * float32(sc.Dice.DieMean(col))
		}
		for e := 0; e < h.NE; e++ {
			en := &h.E[e]
			if en.Where != sim.InPlay {
				continue
			}
			var sq uint8 = sim.NoCell
			arm := float32(en.Armour)
			if !en.Alert {
				sq = b.Next[en.Cell]
				arm = 0
			} else if d := b.Cheb[en.Cell][s.Cell]; d >= 2 {
				// the square next to the hunter on the machine's way
				for m := b.Adj[s.Cell]; m != 0; m &= m - 1 {
					c := uint8(bits.TrailingZeros64(m))
					if b.Path[en.Cell][c] < b.Path[en.Cell][s.Cell] {
						sq = c
						break
					}
				}
			}
			if sq >= uint8(b.N) || h.TrapAt&(1<<sq) != 0 || b.Cheb[s.Cell][sq] > wp.Range || b.LOS[s.Cell]&(1<<sq) == 0 {
				continue
			}
			m := &sc.Machines[en.M]
			dmg := mean - arm
			if dmg <= 0 {
				continue
			}
			v := dmg/float32(m.HP)*float32(m.Points)*0.6 - cost
			if v > bestV {
				bestV = v
				best = sim.Attack(kind, w, -1)
				best.Ammo, best.Square = p.slotOf(h, who, k), sq
			}
		}
	}
	return best, bestV
}

// distract turns a non-alert machine about to walk off the area back
// into it (a machine gone cannot be worth encounter points).
func (p *Basic) distract(h *sim.Hunt, who int) sim.Action {
	s := &h.H[who]
	b := h.B
	if s.Used&(1<<sim.Distract) != 0 {
		return sim.Action{Kind: sim.Pass}
	}
	for e := 0; e < h.NE; e++ {
		en := &h.E[e]
		if en.Where != sim.InPlay || en.Alert || b.Next[en.Cell] != sim.OffBoard || b.Cheb[s.Cell][en.Cell] > 2 {
			continue
		}
		best, most := -1, -1
		for m := b.Adj[en.Cell]; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			if n := bits.OnesCount64(b.Adj[c]); n > most && b.Next[c] != sim.OffBoard {
				best, most = c, n
			}
		}
		if best >= 0 {
			if h.Tracing() {
				h.Why("the machine would walk off the area")
			}
			return sim.Action{Kind: sim.Distract, Enemy: int8(e), Square: uint8(best)}
		}
	}
	return sim.Action{Kind: sim.Pass}
}

// reachRange returns the longest range at which hunter who can attack
// now: a ranged weapon with matching ammunition in hand (have: the kinds
// of card in hand, bits), else 1 (melee).
func (p *Basic) reachRange(who int, have uint32) int {
	if t := p.d.reachBy[who%sim.MaxHunters]; t != nil {
		return int(t[have&uint32(len(t)-1)])
	}
	r := 1
	for _, g := range p.d.guns[who][:p.d.nguns[who]] {
		if g.ammo&have != 0 {
			r = max(r, g.reach)
		}
	}
	return r
}

// reachKinds is the most kinds of card whose ammunition reachRange
// reads from a table (design.reachBy).
const reachKinds = 10

// gun is a ranged weapon that attacks (a trap without dice does not), as
// reachRange reads it: the kinds of ammunition that fit it (bits) and
// its range.
type gun struct {
	ammo  uint32
	reach int
}

// spot is what scoring a square to stand in reads: the target's square,
// the distance wanted, and the squares that see the target.
type spot struct {
	tc   uint8
	want int
	sees uint64
}

// square scores a square for a hunter to stand in, wanting to be at
// distance want of its target machine: in range with line of sight, not
// next to non-alert machines out of tall grass, away from alert ones
// (p.v must be filled, near included).
func (p *Basic) square(h *sim.Hunt, sp *spot, c int) int {
	b := h.B
	v := &p.v
	bit := bit(uint8(c))
	d := int(b.Cheb[c][sp.tc])
	want := sp.want
	s := -abs(d-want) * 10
	switch {
	case sp.sees&bit == 0:
		s -= 5 + 10*d
	case d <= want:
		s = 0
	}
	grass := b.Grass&bit != 0
	if grass {
		s += 2
	}
	if h.Ruin&bit != 0 {
		s += 3
	}
	switch {
	case v.nonAlert&bit != 0:
		s -= 6
	case !grass && v.nearNon&bit != 0:
		s -= 6
	}
	if want > 1 {
		switch {
		case v.nearAlert&bit != 0:
			s -= 4
		case p.careful && v.near2Alert&bit != 0:
			s -= 2
		}
	}
	return s
}

// move moves hunter who towards the closest machine, to its reach (have:
// the kinds of card in hand, bits).
func (p *Basic) move(h *sim.Hunt, who int, have uint32) sim.Action {
	s := &h.H[who]
	path := &h.B.Path[s.Cell]
	// the closest machine, and the view (as safest makes it) in the same pass
	target, td := -1, 1<<30
	var non, alert uint64
	n := uint(0)
	at := &p.v.alertAt
	for i := range h.E[:h.NE] {
		e := &h.E[i]
		if e.Where != sim.InPlay {
			continue
		}
		d := int(path[e.Cell])
		if e.Alert {
			d-- // alert machines first, at equal distance
			alert |= bit(e.Cell)
			at[n%sim.MaxEnemies] = e.Cell
			n++
		} else {
			non |= bit(e.Cell)
		}
		if d < td {
			target, td = i, d
		}
	}
	if target < 0 {
		return sim.Action{Kind: sim.Pass}
	}
	p.v.nonAlert, p.v.alert, p.v.nAlert = non, alert, int(n)
	tc := h.E[target].Cell
	want := p.reachRange(who, have)
	cell := int(s.Cell)
	used := s.Used & (1<<sim.Sneak | 1<<sim.Sprint)
	// the choice is a function of these alone: look it up
	k0, ruin := 1<<63|uint64(cell)|uint64(tc)<<8|uint64(uint32(want))<<16|uint64(used)<<48, h.Ruin
	e := &p.moves[memoIndex(k0, non, alert, ruin, 0, moveBits)]
	if k := &e.key; k[0] != k0 || k[1] != non || k[2] != alert || k[3] != ruin {
		sp := spot{tc: tc, want: want, sees: p.d.losT[tc]}
		p.near()
		*e = moveEntry{key: [4]uint64{k0, non, alert, ruin}, a: p.route(h, &sp, cell, used)}
	}
	if e.a.Kind != sim.Pass && h.Tracing() {
		h.Why("towards the closest machine, to the weapon's range")
	}
	return e.a
}

// moveBits sizes the memo of moves: 1<<moveBits entries.
const moveBits = 13

// moveEntry is one move kept: what it is a function of, and the move.
type moveEntry struct {
	key [4]uint64
	a   sim.Action
}

// memoIndex hashes the words of a key to an index of 1<<bits entries.
func memoIndex(a, b, c, d, e uint64, bits int) int {
	x := a*0x9e3779b97f4a7c15 ^ b*0xff51afd7ed558ccd ^ c*0xc4ceb9fe1a85ec53 ^ d*0xd6e8feb86659fd93 ^ e
	return int(((x ^ x>>32) * 0x9e3779b97f4a7c15) >> (64 - bits))
}

// route returns the move from square cell that scores best (sp), among
// a Sneak and a Sprint not used yet (used: the action kinds used, bits),
// or Pass when staying scores best (p.v must be filled, near included).
func (p *Basic) route(h *sim.Hunt, sp *spot, cell int, used uint16) sim.Action {
	b := h.B
	here := p.square(h, sp, cell)
	bestSneak, sneakV := -1, here
	if used&(1<<sim.Sneak) == 0 {
		for m := b.Adj[cell]; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			if v := p.square(h, sp, c); v > sneakV {
				bestSneak, sneakV = c, v
			}
		}
	}
	bestSprint, sprintV, mid := -1, sneakV, -1
	if used&(1<<sim.Sprint) == 0 && sneakV < 0 {
		non := p.v.nonAlert
		here := 0
		if non != 0 {
			here = p.alerted(h, cell)
		}
		for m := p.d.far[cell]; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			// a sprint alerts the non-alert machines next to its squares
			common := b.Adj[cell] & b.Adj[c]
			if common == 0 {
				continue
			}
			first, alerts := bits.TrailingZeros64(common), 0
			if non != 0 {
				alerts = 1 << 30
				at := p.alerted(h, c)
				for k := common; k != 0; k &= k - 1 {
					f := bits.TrailingZeros64(k)
					if n := p.alerted(h, f) + at; n < alerts {
						first, alerts = f, n
					}
				}
			}
			v := p.square(h, sp, c) - 5*(alerts+here) - 1
			if v > sprintV {
				bestSprint, sprintV, mid = c, v, first
			}
		}
	}
	switch {
	case bestSprint >= 0:
		return sim.Action{Kind: sim.Sprint, Path: [2]uint8{uint8(mid), uint8(bestSprint)}}
	case bestSneak >= 0:
		return sim.Action{Kind: sim.Sneak, Path: [2]uint8{uint8(bestSneak), sim.NoCell}}
	}
	return sim.Action{Kind: sim.Pass}
}

// alerted counts the squares of non-alert machines a sprinter in square
// c alerts (p.v must be filled).
func (p *Basic) alerted(h *sim.Hunt, c int) int {
	return bits.OnesCount64(h.B.Near[c] & p.v.nonAlert)
}

func (p *Basic) Crit(h *sim.Hunt, who, enemy int, opts []sim.Effects) int {
	en := &h.E[enemy]
	best, bestV := 0, -1
	for i := range opts {
		o := &opts[i]
		v := 4 * int(o.Damage)
		if c := o.Cond &^ en.Cond; c != 0 {
			v += 3
		}
		if o.AOE >= 0 {
			v += 2
		}
		if o.Push || o.Dodge {
			v++
		}
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// Discard gives up a stamina card from the hand first, then the top of
// the draw pile, then the hand card least use.
func (p *Basic) Discard(h *sim.Hunt, who int) int {
	s := &h.H[who]
	cat := &p.d.cat
	hand := s.Hand[:s.NHand]
	if p.d.stamina[who%sim.MaxHunters] { // else none in the hand
		for i, c := range hand {
			if cat[c] == 0 {
				return i // the first stamina card: none ranks lower
			}
		}
	}
	if s.NDraw > 0 {
		return -1
	}
	worst, worstV := -1, 1<<30
	for i, c := range hand {
		if v := int(cat[c]); v < worstV {
			worst, worstV = i, v
		}
	}
	return worst
}

// safest returns the square of legal safest to dodge or be pushed
// into: tall grass and ruins, away from alert machines (up to 3 squares
// counted), not next to non-alert machines out of tall grass.
func (p *Basic) safest(h *sim.Hunt, who int, legal uint64) int {
	// the view: the squares of the machines and the alert ones' list (a
	// loop here, not a call, before the lookup)
	v := &p.v
	var non, alert uint64
	n := uint(0)
	for i := range h.E[:h.NE] {
		e := &h.E[i]
		if e.Where != sim.InPlay {
			continue
		}
		if e.Alert {
			alert |= bit(e.Cell)
			v.alertAt[n%sim.MaxEnemies] = e.Cell
			n++
		} else {
			non |= bit(e.Cell)
		}
	}
	v.nonAlert, v.alert, v.nAlert = non, alert, int(n)
	// the choice is a function of these alone: look it up (the alert
	// machines' squares, as a list when a square holds several, for
	// their number in each)
	k3, k4 := alert, uint64(1<<63)
	if bits.OnesCount64(alert) != int(n) {
		var key [2]uint64
		key[0], key[1] = 1<<63, uint64(n)<<58
		for i, a := range v.alertAt[:n] {
			key[i/10] |= uint64(a) << (6 * (i % 10))
		}
		k3, k4 = key[0], key[1]
	}
	ruin := h.Ruin
	e := &p.safe[memoIndex(legal, non, ruin, k3, k4, safeBits)]
	if k := &e.key; k[0] != legal || k[1] != non || k[2] != ruin || k[3] != k3 || k[4] != k4 {
		p.near()
		*e = safeEntry{key: [5]uint64{legal, non, ruin, k3, k4}, c: p.safest0(h, legal)}
	}
	return e.c
}

// safeBits sizes the memo of safe squares: 1<<safeBits entries.
const safeBits = 12

// safeEntry is one safest square kept: what it is a function of, and
// the square.
type safeEntry struct {
	key [5]uint64
	c   int
}

// safest0 scores the squares of legal (p.v must be filled, near
// included).
func (p *Basic) safest0(h *sim.Hunt, legal uint64) int {
	b := h.B
	v := &p.v
	best, bestV := -1, -1<<30
	for m := legal; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		bit := bit(uint8(c))
		s := 0
		grass := b.Grass&bit != 0
		if grass {
			s += 2
		}
		if h.Ruin&bit != 0 {
			s += 4
		}
		cheb := &b.Cheb[c]
		for _, a := range v.alertAt[:v.nAlert] {
			s += 2 * min(int(cheb[a]), 3)
		}
		if !grass && v.nearNon&bit != 0 {
			s -= 5 * bits.OnesCount64(b.Near[c]&v.nonAlert)
		}
		if s > bestV {
			best, bestV = c, s
		}
	}
	return best
}

func (p *Basic) Dodge(h *sim.Hunt, who int, legal uint64) int {
	if h.Tracing() {
		h.Why("away from the alert machines")
	}
	return p.safest(h, who, legal)
}

func (p *Basic) Move(h *sim.Hunt, who int, legal uint64, why sim.MoveWhy) int {
	return p.safest(h, who, legal)
}

// Push pushes a machine into a trap, else away from the hunters.
func (p *Basic) Push(h *sim.Hunt, who, enemy int, legal uint64) int {
	if t := legal & h.TrapAt; t != 0 {
		return bits.TrailingZeros64(t)
	}
	b := h.B
	best, bestV := int(h.E[enemy].Cell), -1
	for m := legal; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		d := 99
		for i := 0; i < h.NH; i++ {
			if !h.H[i].Fainted {
				d = min(d, int(b.Cheb[c][h.H[i].Cell]))
			}
		}
		if d > bestV {
			best, bestV = c, d
		}
	}
	return best
}

func (p *Basic) PushHunter(h *sim.Hunt, chooser, hunter int, legal uint64) int {
	return p.safest(h, hunter, legal)
}

// Interrupt plays an evade card against an attack of 2 damage or more,
// a card that gives cards back when the discard pile holds them, and any
// card answering a condition inflicted.
func (p *Basic) Interrupt(h *sim.Hunt, who int, t sim.Trigger) int {
	s := &h.H[who]
	for i, ci := range s.Hand[:s.NHand] {
		if !p.d.interrupt[ci] {
			continue
		}
		c := &h.Sc.Cards[ci]
		switch {
		case t == sim.Attacked && c.When == sim.Attacked && h.Incoming >= 2 && (c.Evade.N() > 0 || c.Reduce > 0):
			return i
		case t == sim.AnyTime && c.When == sim.AnyTime && (c.Recover > 0 && int(s.NDisc) >= int(c.Recover) || c.Draw > 0):
			return i
		case t == sim.Inflicted && c.When == sim.Inflicted:
			return i
		}
	}
	return -1
}

func (p *Basic) OnTrap(h *sim.Hunt, who, enemy int) int {
	s := &h.H[who]
	for i := 0; i < int(s.NHand); i++ {
		if c := &h.Sc.Cards[s.Hand[i]]; c.Kind == sim.Ability && c.OnTrap {
			return i
		}
	}
	return -1
}

// Scrap gives up the top of the discard pile (a card already spent)
// before any card in hand.
func (p *Basic) Scrap(h *sim.Hunt, who int) int {
	if h.H[who].NDisc > 0 {
		return -1
	}
	return p.Discard(h, who)
}

func (p *Basic) Tie(h *sim.Hunt, kind sim.TieKind, n int) int { return p.rng.IntN(n) }

// Glory gives the cards back to the hunter with the fewest.
func (p *Basic) Glory(h *sim.Hunt, who, n int) int {
	best, fewest := -1, 1<<30
	for i := 0; i < h.NH; i++ {
		if c := h.H[i].Cards(); c < fewest && h.H[i].NDisc > 0 {
			best, fewest = i, c
		}
	}
	return best
}
