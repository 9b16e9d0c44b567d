package cazadores

import (
	"math/bits"
	"sync"

	sim "balance/sim/cazadores"
	"balance/sim/dice"
	"balance/sim/geom"
)

func init() {
	register(Tier{Name: "tactical", Order: 2,
		Doc: "expected value with exact Check odds: best WNDs per Tick, focus fire, Focus and Spot Weakness when they pay, Defend before a known blow, shooters kite, no lone contact, Aid and Recover",
		New: func() sim.PackPolicy { return NewTactical() }})
}

// Tactical is a Pack policy that chooses by expected value under the
// exact Check odds of sim/dice: the attack with the most expected WNDs per
// Tick, on the weakest Foe it can reach (Minions first, then the
// Adversary's weakest model), Focus or Spot Weakness when the Advantage
// they give pays for their Ticks, Defend when the Adversary is about to act
// on a model that cannot attack, shooters that stay in their range band
// and back out of the Adversary's reach, melee models that wait for a
// friend rather than stand alone in the Adversary's reach, Aid and Recover
// against crippling Conditions, and the Baseline's gear, Rituals,
// Objectives and flight. It holds no state: the zero value plays with
// zero thresholds, so use NewTactical.
type Tactical struct {
	b Baseline
	// FleeBelow and FleeWhileAdvAbove: as Baseline's, for the flight of
	// a model whose friends are all gone.
	FleeBelow         float32
	FleeWhileAdvAbove float32
}

var _ sim.PackPolicy = (*Tactical)(nil)

// NewTactical returns the Tactical policy with its default thresholds.
// Its methods take a pointer: a call through sim.PackPolicy copies
// nothing.
func NewTactical() *Tactical {
	prepareOdds()
	return &Tactical{b: NewBaseline(), FleeBelow: 0.25, FleeWhileAdvAbove: 0.6}
}

// PackFirst: after a won Clock tie the Pack acts first.
func (*Tactical) PackFirst(h *sim.Hunt) bool { return true }

// Order keeps the Pack's own order.
func (*Tactical) Order(h *sim.Hunt, eligible []int8) {}

// Turn plays Pack model i's Turn.
func (t *Tactical) Turn(h *sim.Hunt, i int) {
	m := &h.M[i]
	if i == int(h.Obj.Prisoner) {
		t.b.Turn(h, i)
		return
	}
	switch {
	case m.Conds.Has(sim.KnockedDown):
		decide(h, i, "recover", -1, "knocked down")
		h.Recover(i, sim.KnockedDown)
		return
	case m.Conds.Has(sim.Stunned):
		decide(h, i, "recover", -1, "stunned")
		h.Recover(i, sim.Stunned)
		return
	}
	if t.badlyHurt(h, i) && t.alone(h, i) { // hopeless
		t.b.flee(h, i, "badly hurt, the last of the Pack, while the Adversary is still strong")
		return
	}
	if h.Sc.Objective.Kind == sim.ObjAmbush {
		t.b.flee(h, i, "the Objective: escape the ambush")
		return
	}
	if h.Sc.Objective.Kind != sim.NoObjective && t.b.objective(h, i) {
		return
	}
	if m.Conds.Has(sim.Burning) && m.WND <= t.b.RecoverBurningAt {
		decide(h, i, "recover", -1, "burning, with few WNDs left")
		h.Recover(i, sim.Burning)
		return
	}
	if anyDown(h) && t.aid(h, i) { // aid's first question, without the call
		return
	}
	// The target; its usual case (no Vessel to assassinate, one Hostile
	// model left) answered here, without the call.
	var tg int
	if bs := h.Hostiles(i); h.Obj.Vessel < 0 && bs != 0 && bs&(bs-1) == 0 {
		tg = bits.TrailingZeros16(bs)
	} else {
		tg = t.target(h, i)
	}
	if tg < 0 {
		decide(h, i, "pass", -1, "no Foe left to fight")
		h.Pass(i)
		return
	}
	if d := h.PackDef(i); d.NRituals+d.NSlotRituals > 0 && t.b.rituals(h, i, tg) || d.NGear > 0 && t.b.gear(h, i, tg) {
		return
	}
	if s, ok := shooter(h, i); ok {
		t.shoot(h, i, s, tg)
		return
	}
	t.melee(h, i, tg)
}

// Model i should leave the hunt when it is badlyHurt and alone: badly
// hurt, the last of the Pack, while the Adversary is still strong.

// badlyHurt reports whether model i, with an Exit to flee by, has at most
// FleeBelow of its WNDs left: the first question, small enough to be
// asked inline.
func (t *Tactical) badlyHurt(h *sim.Hunt, i int) bool {
	return h.Sc.Map.NExits != 0 && !(float32(h.M[i].WND) > t.FleeBelow*float32(h.PackDef(i).WND))
}

// alone is the rest of hopeless: no friend fights on, and the Adversary
// keeps more than FleeWhileAdvAbove of its WNDs.
func (t *Tactical) alone(h *sim.Hunt, i int) bool {
	pack := h.M[:h.NPack]
	for k := range pack {
		if k != i && pack[k].Alive() && pack[k].Kind != sim.ObjectiveModel {
			return false // friends fight on: the hunt is not lost
		}
	}
	total := int(h.Sc.Adversary.Stats.WND)
	return total > 0 && float32(h.AdvLeft) > t.FleeWhileAdvAbove*float32(total)
}

// aid spends model i's Action on Aid for a Knocked Down or Stunned friend
// within 3" (after the free Move) that a Foe threatens; it reports
// whether it did.
func (*Tactical) aid(h *sim.Hunt, i int) bool {
	if !anyDown(h) || !h.CanAct(i, sim.ActAid) {
		return false
	}
	for f := 0; f < int(h.NPack); f++ {
		fm := &h.M[f]
		if f == i || !fm.Alive() || fm.Kind == sim.ObjectiveModel {
			continue
		}
		c := sim.NoCond
		switch {
		case fm.Conds.Has(sim.KnockedDown):
			c = sim.KnockedDown
		case fm.Conds.Has(sim.Stunned):
			c = sim.Stunned
		default:
			continue
		}
		if !foeNear(h, f) {
			continue
		}
		if !h.Within(i, f, 3) {
			if h.Edge(i, f) > float32(h.SPD(i))+3 || !h.CanFreeMove(i) {
				continue
			}
			freeMoveFor(h, i, fm.Pos, f, "go to aid", f, "a friend down with a Foe near")
			if !h.Within(i, f, 3) {
				continue
			}
		}
		decide(h, i, "aid", f, "a friend down with a Foe near")
		h.Aid(i, f, c)
		return true
	}
	return false
}

// down holds the Conditions that keep a model down: Knocked Down and
// Stunned.
const down = sim.CondSet(1)<<sim.KnockedDown | sim.CondSet(1)<<sim.Stunned

// anyDown reports whether some Pack model is Knocked Down or Stunned:
// with none, no friend needs aid.
func anyDown(h *sim.Hunt) bool {
	pack := h.M[:h.NPack]
	for f := range pack {
		if pack[f].Conds&down != 0 {
			return true
		}
	}
	return false
}

// foeNear reports whether a Foe could reach Pack model k on its next
// Turn: within its SPD plus RNG plus 4 (the largest card modifiers).
func foeNear(h *sim.Hunt, k int) bool {
	for f := int(h.NPack); f < int(h.N); f++ {
		fm := &h.M[f]
		if !fm.Alive() || fm.Side != sim.FoeSide || fm.Kind == sim.ObjectiveModel {
			continue
		}
		if h.Within(k, f, float32(h.SPD(f))+float32(fm.RNG)+4) {
			return true
		}
	}
	return false
}

// target picks the Foe to fight, as the Baseline does: the nearest
// Adversary model, or a Minion nearer by more than 3". Measured on the
// default Pack, focusing fire on the weakest reachable Minion (or the
// weakest of the Praetorians, whose WNDs fall on hit-location cards, not
// on the model struck) lost hunts against the Creature and the
// Praetorians: the Minions' Sentry tree keeps them apart, and the chase
// leaves the hunters strung out.
func (t *Tactical) target(h *sim.Hunt, i int) int { return t.b.target(h, i) }

// advantage returns the net advantage of an attack of kind k by Pack
// model i on tg as things stand, with extra further sources of Advantage.
func advantage(h *sim.Hunt, i, tg int, k sim.AttackKind, extra int) dice.Adv {
	adv, dis := sources(h, i, tg, k)
	return dice.Net(adv+extra, dis)
}

// sources counts the sources of Advantage and of Disadvantage of an attack
// of kind k by Pack model i on tg as things stand.
func sources(h *sim.Hunt, i, tg int, k sim.AttackKind) (adv, dis int) {
	m, t := &h.M[i], &h.M[tg]
	if m.Focus == sim.FocusAdvantage {
		adv++
	}
	if m.Conds.Has(sim.Hidden) {
		adv++
	}
	if t.Spotted {
		adv++
	}
	if !h.IsAdversary(tg) && h.Surrounded(tg) {
		adv++
	}
	if t.Defending {
		dis++
	}
	// InCover's own first answer, without the call: on open ground (no
	// Area, no Obscuring piece) nothing gives Cover.
	if (h.NAreas != 0 || h.Sc.Map.HasTerrain&sim.Obscuring != 0) && h.InCover(i, tg) {
		dis++
	}
	switch k {
	case sim.MeleeAttack:
		if t.Ward&1 != 0 {
			dis++
		}
	case sim.ShootingAttack:
		if t.Ward&2 != 0 {
			dis++
		}
		if t.Marked {
			adv++
		}
	}
	return adv, dis
}

// attackEV returns the expected WNDs of model i's attack on tg with the
// weapon in slot s at net advantage a, E[S] + P(S >= 1)·POW, and the
// attack's Ticks.
func attackEV(h *sim.Hunt, i, tg, s int, a dice.Adv) (ev float64, ticks int) {
	w := h.Weapon(i, s)
	skill, kind := sim.Melee, sim.MeleeAttack
	if w.Kind == sim.ShootingWeapon {
		skill, kind = sim.Shooting, sim.ShootingAttack
	}
	ticks = int(h.ActionTicks(sim.ActAttack)) + int(w.AttackTicks)
	if ticks < 1 {
		ticks = 1
	}
	if w.NoDamage {
		return 0, ticks
	}
	pool, dt := h.Pool(i, skill), h.Defence(tg, kind)
	if dt > dice.MaxDT && !h.Sc.Rules.NaturalTenAlwaysSucceeds {
		return 0, ticks
	}
	o := checkOdds(pool, dt, a)
	ev = o.mean + o.hit*float64(w.POW)
	return ev, ticks
}

// odds are the two figures of a Check the tiers weigh attacks by: the
// expected Successes (dice.MeanSuccesses) and the chance of at least one
// (dice.PAtLeast with k = 1).
type odds struct{ mean, hit float64 }

// oddsTable holds odds for every pool, DT and advantage a Check can have
// (pools and DTs clamped as dice clamps them), worked out by the dice
// functions themselves, so a look-up gives the very same numbers. It is
// filled once, by the first tactical policy made or the first Objective
// question of the basic one that reads it (prepareOdds), not when the
// program starts: the dice tables it is worked out from cost some 30
// million instructions.
var (
	oddsTable [3][dice.MaxPool + 1][dice.MaxDT]odds
	oddsOnce  sync.Once
)

// prepareOdds fills oddsTable, the first time it is called.
func prepareOdds() {
	oddsOnce.Do(func() {
		for ai, a := range [3]dice.Adv{dice.Normal, dice.Advantage, dice.Disadvantage} {
			for p := 0; p <= dice.MaxPool; p++ {
				for d := 1; d <= dice.MaxDT; d++ {
					oddsTable[ai][p][d-1] = odds{dice.MeanSuccesses(p, d, a), dice.PAtLeast(p, d, a, 1)}
				}
			}
		}
	})
}

// checkOdds returns the odds of a Check of pool dice against dt at
// advantage a, from oddsTable.
func checkOdds(pool, dt int, a dice.Adv) odds {
	ai := 0
	switch {
	case a > 0:
		ai = 1
	case a < 0:
		ai = 2
	}
	return oddsTable[ai][min(max(pool, 0), dice.MaxPool)][min(max(dt, 1), dice.MaxDT)-1]
}

// bestEV returns model i's readied weapon slot (-1: Unarmed) with the most
// expected WNDs per Tick against tg that is in range now (Line of Sight
// aside), and that rate.
func bestEV(h *sim.Hunt, i, tg int) (slot int, rate float64, ok bool) {
	var o ownAttack
	ok = bestAttack(h, i, tg, &o)
	return o.slot, o.rate, ok
}

// bestAttack sets o to bestEV's choice, weighed for attack, and reports
// whether there is one: the Check of the chosen weapon's kind, worked out
// once for the choice, serves the weighing too.
func bestAttack(h *sim.Hunt, i, tg int, o *ownAttack) (ok bool) {
	o.slot = -1
	if !freeToAct(h, i) && !h.CanAct(i, sim.ActAttack) {
		return false
	}
	m := &h.M[i]
	// The weapons that reach tg, measured on the centres' distance worked
	// out once; with none, there is nothing to weigh. The Net deals no
	// WNDs: only the capture play throws it; Arcane weapons make no
	// Attack.
	p := apartOf(h, i, tg)
	shooting := h.WeaponSlots(i, sim.ShootingWeapon)
	var reach uint8
	for bs := m.Readied & (h.WeaponSlots(i, sim.MeleeWeapon) | shooting) &^ h.CaptureSlots(i); bs != 0; bs &= bs - 1 {
		s := bits.TrailingZeros8(bs)
		if shooting&(1<<s) != 0 && (m.Loaded&(1<<s) == 0 || m.Ammo[s] == 0) {
			continue
		}
		if p.inRange(h.Weapon(i, s)) {
			reach |= 1 << s
		}
	}
	unarmed := &h.Sc.Weapons[0]
	bare := p.inRange(unarmed)
	if reach == 0 && !bare {
		return false
	}
	slot, rate := -1, 0.0
	// The Check of an attack (pool, Defence, the sources of
	// (Dis)Advantage) depends on the attack's kind alone: each kind's
	// odds are worked out once, when first needed.
	var kinds [2]kindCheck
	kind, now, ticks := 0, 0.0, 0
	base := int(h.ActionTicks(sim.ActAttack))
	// The weapons that reach, by slot, then Unarmed (s = -1).
	for bs := reach; bs != 0 || bare; {
		s := -1
		if bs != 0 {
			s = bits.TrailingZeros8(bs)
			bs &= bs - 1
		} else {
			bare = false
		}
		w := h.Weapon(i, s)
		k := 0
		if w.Kind == sim.ShootingWeapon {
			k = 1
		}
		// What attackEV returns, from the odds of w's kind.
		c := &kinds[k]
		tk, ev := max(base+int(w.AttackTicks), 1), 0.0
		if !w.NoDamage {
			if !c.known {
				c.fill(h, i, tg, w)
			}
			if !c.none {
				ev = c.o.mean + c.o.hit*float64(w.POW)
			}
		}
		if r := ev / float64(tk); !ok || r > rate {
			slot, rate, kind, ok, now, ticks = s, r, k, true, ev, tk
		}
	}
	// o: the chosen attack, from the odds of its kind, with one source of
	// Advantage more when it has none yet.
	c, w := &kinds[kind], h.Weapon(i, slot)
	if !c.known {
		c.fill(h, i, tg, w) // a weapon that deals no WNDs left it unfilled
	}
	o.slot, o.rate, o.adv, o.dis, o.a = slot, rate, c.adv, c.dis, dice.Net(c.adv, c.dis)
	o.now, o.ticks = now, ticks
	o.with = 0
	if o.a <= 0 && !w.NoDamage && !c.none {
		x := checkOdds(c.pool, c.dt, dice.Net(c.adv+1, c.dis))
		o.with = x.mean + x.hit*float64(w.POW)
	}
	return true
}

// kindCheck holds the odds of one kind of attack by one model on one
// target, worked out when first needed.
type kindCheck struct {
	known, none bool // none: a DT no roll can meet
	adv, dis    int  // the sources of (Dis)Advantage
	pool, dt    int
	o           odds
}

// fill works out the Check of model i's attacks with weapons like w on tg.
func (c *kindCheck) fill(h *sim.Hunt, i, tg int, w *sim.WeaponDef) {
	skill, kind := sim.Melee, sim.MeleeAttack
	if w.Kind == sim.ShootingWeapon {
		skill, kind = sim.Shooting, sim.ShootingAttack
	}
	c.pool, c.dt = h.Pool(i, skill), h.Defence(tg, kind)
	c.adv, c.dis = sources(h, i, tg, kind)
	c.known = true
	c.none = c.dt > dice.MaxDT && !h.Sc.Rules.NaturalTenAlwaysSucceeds
	c.o = checkOdds(c.pool, c.dt, dice.Net(c.adv, c.dis))
}

// ownAttack is model i's attack with the weapon in slot s on tg as
// attack weighs it: its sources of (Dis)Advantage, its expected WNDs now
// and with one source of Advantage more (when it has none yet), and its
// Ticks (slot and rate: bestAttack's choice).
type ownAttack struct {
	slot      int
	rate      float64
	adv, dis  int
	a         dice.Adv
	now, with float64
	ticks     int
}

// focusPays reports whether Focus (Advantage on the next Attack) now and
// the Attack next Turn deal more WNDs per Tick than model i's attack o
// at once.
func focusPays(h *sim.Hunt, i int, o *ownAttack) bool {
	if h.M[i].Focus != sim.FocusNone || o.a > 0 {
		return false
	}
	focus := float64(h.ActionTicks(sim.ActFocus))
	return o.with/(float64(o.ticks)+focus) > o.now/float64(o.ticks)
}

// spotPays reports whether Spot Weakness on tg pays for its Ticks: the
// Pack's gain from Advantage over the attacks left this Round, weighted by
// the chance of the Hunt Check, beats model i's own attacks (o) in those
// Ticks. The caller has asked first (written out in attack, so as to be
// inline) whether Spot Weakness is open at all: Ticks left this Round
// after it, tg not Spotted yet and within 5", and model i's Action open
// to it.
func spotPays(h *sim.Hunt, i, tg int, o *ownAttack) bool {
	left := 10 - int(h.Tick) - int(h.ActionTicks(sim.ActSpotWeakness))
	gain := 0.0
	var ko ownAttack
	pack := h.M[:h.NPack]
	for k := range pack {
		if !pack[k].Alive() || pack[k].Kind == sim.ObjectiveModel {
			continue
		}
		if k == i {
			if o.a <= 0 {
				gain += float64(left/o.ticks) * (o.with - o.now)
			}
			continue
		}
		// A friend that has taken its Action makes no attack this Turn
		// (bestAttack would find none).
		if h.Acted(k) || !bestAttack(h, k, tg, &ko) || ko.a > 0 {
			continue
		}
		gain += float64(left/ko.ticks) * (ko.with - ko.now)
	}
	cost := o.now * float64(h.ActionTicks(sim.ActSpotWeakness)) / float64(o.ticks)
	// p·0 is 0 whatever the chance of the Hunt Check: with no gain it
	// need not be worked out.
	pg := 0.0
	if gain != 0 {
		p := checkOdds(h.Pool(i, sim.HuntSkill), h.Defence(tg, sim.MeleeAttack), dice.Normal).hit
		pg = p * gain
	}
	return pg > cost
}

// advSoon reports whether the Adversary acts before Pack model i's next
// Turn if i pays ticks now.
func advSoon(h *sim.Hunt, i, ticks int) bool {
	if !h.M[h.Adv0].Alive() && h.NAdv == 1 {
		return false
	}
	until := (int(h.AdvClock) - int(h.Tick) + 10) % 10
	return until < ticks
}

// cardThreat reports whether the Adversary's next action card may make an
// attack. A pile that has been through once repeats its order, so its
// next card is known; otherwise the next card is any of those not yet
// drawn this pass.
func (*Tactical) cardThreat(h *sim.Hunt) bool {
	a := &h.Sc.Adversary
	lo, hi := int(h.ActPos), len(h.ActPile)
	if h.ActFixed || lo >= hi {
		lo %= hi
		hi = lo + 1
	}
	for p := lo; p < hi; p++ {
		c := h.ActPile[p]
		act := &a.Standard[c/4]
		if c%4 == sim.Hearts {
			act = &a.Special[c/4]
		}
		if act.Attack != sim.AttackNone && !act.Blank {
			return true
		}
	}
	return false
}

// advThreat reports whether an Adversary model could attack Pack model i
// on its next Turn (its SPD and RNG plus 2 for card modifiers).
func advThreat(h *sim.Hunt, i int) bool {
	for k := int(h.Adv0); k < int(h.Adv0+h.NAdv); k++ {
		if h.M[k].Alive() && h.Within(i, k, float32(h.SPD(k))+float32(h.M[k].RNG)+2) {
			return true
		}
	}
	return false
}

// attack makes model i's best Attack on tg if one is possible now, first
// spending its Action on Focus or Spot Weakness when they pay. It reports
// whether the Action was taken (why: the trace's reason for the Attack).
func (t *Tactical) attack(h *sim.Hunt, i, tg int, why string) bool {
	var o ownAttack
	if !bestAttack(h, i, tg, &o) || !h.LOS(i, tg) {
		return false
	}
	s := o.slot
	// Spot Weakness open (spotPays's first question), and paying.
	if 10-int(h.Tick)-int(h.ActionTicks(sim.ActSpotWeakness)) > 0 && !h.M[tg].Spotted && h.Within(i, tg, 5) && (freeToAct(h, i) || h.CanAct(i, sim.ActSpotWeakness)) && spotPays(h, i, tg, &o) {
		decide(h, i, "spot weakness", tg, "Advantage for the Pack's attacks this Round is worth more than its own attack")
		h.SpotWeakness(i, tg)
		return true
	}
	if focusPays(h, i, &o) {
		decide(h, i, "focus", tg, "an attack with Advantage next Turn is worth more per Tick than one now")
		h.FocusOn(i, true, 0)
		return true
	}
	decide(h, i, "attack", tg, why)
	// bestAttack has checked all that Attack would but Line of Sight,
	// tested above: TryAttackInSight asks only that again.
	h.TryAttackInSight(i, tg, s)
	return true
}

// shoot keeps the far end of the weapon's range band, fires, reloads, and
// after the Action backs off out of the Adversary's reach when it can.
func (t *Tactical) shoot(h *sim.Hunt, i, s, tg int) {
	w := h.Weapon(i, s)
	if !t.attack(h, i, tg, "in range") {
		freeMoveFor(h, i, farBand(h, i, tg, w), -1, "move to the far end of its range band", tg, "no shot from here")
		if !t.attack(h, i, tg, "in range after its free Move") {
			switch {
			case h.CanReload(i, s):
				decide(h, i, "reload", -1, "its shooting weapon is not loaded")
				h.Reload(i, s)
			case h.M[i].Conds.Has(sim.Terrified):
				decide(h, i, "recover", -1, "terrified, with no shot")
				h.Recover(i, sim.Terrified)
			default:
				moveFor(h, i, farBand(h, i, tg, w), -1, "move to the far end of its range band", tg, "no shot this Turn")
			}
		}
	}
	if h.CanFreeMove(i) {
		freeMoveFor(h, i, farBand(h, i, tg, w), -1, "back off to the far end of its range band", tg, "its Action taken, its free Move left")
	}
}

// farBand is where model i stands to shoot tg with weapon w: near the far
// end of its range band, on the line from tg through i.
func farBand(h *sim.Hunt, i, tg int, w *sim.WeaponDef) geom.Vec {
	want := w.Max - 0.5
	if want < w.Min {
		want = (w.Min + w.Max) / 2
	}
	dir := h.M[i].Pos.Sub(h.M[tg].Pos).Norm()
	if dir.Len2() == 0 {
		dir = geom.Dir(0)
	}
	goal := h.M[tg].Pos.Add(dir.Scale(want + h.M[i].R + h.M[tg].R))
	return geom.ClampToBoard(goal, h.M[i].R, h.Sc.Map.W, h.Sc.Map.H)
}

// melee closes with the target and attacks with the weapon of most
// expected WNDs per Tick. Out of reach, it Defends when the Adversary is
// about to strike it, waits outside the Adversary's reach when it would
// stand there alone, or Moves in.
func (t *Tactical) melee(h *sim.Hunt, i, tg int) {
	m := &h.M[i]
	// meleeLoadout has a loadout to offer only to a model without a
	// readied melee weapon.
	if meleeless(h, i) {
		if mask, ok := meleeLoadout(h, i); ok && mask != m.Readied && h.CanAct(i, sim.ActSwitch) {
			decide(h, i, "switch to melee weapons", tg, "no melee weapon readied")
			h.FreeMove(i, h.M[tg].Pos, tg, 0)
			h.Switch(i, mask)
			return
		}
	}
	// What i may strike with: its readied melee weapons and Unarmed
	// (shooter found no shooting weapon with Ammo). Beyond the longest
	// reach of them all, bestAttack would find none: attack is not asked.
	longest := max(h.MeleeReach(i), h.Sc.Weapons[0].Max)
	if h.Within(i, tg, longest) && t.attack(h, i, tg, "in reach") {
		return
	}
	// Out of reach even after the free Move, with the Adversary about to
	// strike: stay out of its reach behind a Defend rather than walk in
	// alone.
	reach := float32(h.SPD(i)) + h.MeleeReach(i)
	if !h.Within(i, tg, reach) && !m.Conds.Has(sim.Terrified) && t.braces(h, i, "out of reach even after a free Move, and the Adversary about to strike") {
		return
	}
	if !m.Conds.Has(sim.Terrified) {
		freeMoveFor(h, i, h.M[tg].Pos, tg, "close in", tg, "out of reach")
		if h.Within(i, tg, longest) && t.attack(h, i, tg, "in reach after its free Move") {
			return
		}
	}
	if m.Conds.Has(sim.Terrified) {
		decide(h, i, "recover", -1, "terrified, and its target out of reach")
		h.Recover(i, sim.Terrified)
		return
	}
	if t.braces(h, i, "out of reach, and the Adversary about to strike") {
		return
	}
	still := "out of reach"
	if !h.CanFreeMove(i) {
		still = "still out of reach after its free Move"
	}
	moveFor(h, i, h.M[tg].Pos, tg, "close in", tg, still)
}

// braces Defends model i when the Adversary acts before its next Turn,
// could reach it, and its next card may attack; it reports whether it did
// (why: the trace's reason).
func (t *Tactical) braces(h *sim.Hunt, i int, why string) bool {
	if !advSoon(h, i, int(h.ActionTicks(sim.ActDefend))) || !advThreat(h, i) || !t.cardThreat(h) {
		return false
	}
	decide(h, i, "defend", -1, why)
	return h.Defend(i)
}
