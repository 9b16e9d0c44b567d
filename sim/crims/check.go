package crims

import (
	"strconv"

	"balance/sim/geom"
)

// NoThreshold marks a check without a Threshold (Damage, Damage
// Resistance, Move, recovery).
const NoThreshold = -1

// NoAttr marks a check that uses no attribute (Damage, Damage
// Resistance): a Performance Shot does not raise it.
const NoAttr = NAttr

// Check is a check a hunter is about to roll. Policies read it in
// BeforeCheck and ImpactTen; BeforeCheck may add upgrades through
// SpendOnCheck.
type Check struct {
	Kind   CheckKind
	Attr   Attr // NoAttr: none
	Dice   int  // dice from the attribute or the potential Wounds, the Impact Die among them, before a Performance Shot
	T      int  // Threshold; NoThreshold: none
	Mods   Mods
	Crim   int // the crim it is about; -1: none
	Attack int // CkAttack: the attack used; -1: none
}

// Result is a rolled check.
type Result struct {
	Roll     Roll
	Pool     Pool // the regular dice rolled
	S        int  // successes
	OK       bool // S >= T (always true without a Threshold)
	Surplus  int  // S - T when OK and there is a Threshold
	Option   ImpactOption
	DamageUp bool // the Impact 10 option upgrading the Damage check was taken
}

// setCheck writes the check about to be rolled to m.ck, where roll and
// the policy read it, and returns it.
func (m *Match) setCheck(kind CheckKind, attr Attr, dice, t int, mods Mods, crim, attack int) *Check {
	c := &m.ck
	c.Kind, c.Attr, c.Dice, c.T, c.Mods, c.Crim, c.Attack = kind, attr, dice, t, mods, crim, attack
	return c
}

// roll makes check for hunter h and writes its result to res: the
// Performance Shot's die, Focus, Momentum spent by the policy, the dice
// built in the document's order, the roll from h's stream, and the Impact
// Die's effects (a 10 gives a point of Momentum and one option, chosen by
// the policy; a 1 removes a success and ends a Performance Shot). Both
// go by pointer: a check is made about 130 times a match, and copying a
// Check in and a Result out cost about 30 instructions of each. The
// check is m.ck, as setCheck returns it: the policy sees it there, so
// that nothing escapes.
func (m *Match) roll(h int, c *Check, res *Result) {
	hu := &m.H[h]
	rules := &m.Sc.Rules
	n := c.Dice
	recovery := c.Kind == CkRecovery
	if c.Attr < NoAttr && hu.Perf == int8(c.Attr) && !recovery {
		n++
	}
	if !recovery {
		if hu.Focus > 0 {
			c.Mods.Up += hu.Focus
			hu.Focus = 0
		}
		if m.before[h]&(1<<(c.Kind%16)) != 0 { // (a kind is below 16)
			m.Pol.BeforeCheck(m, h, c)
		}
	}
	*res = Result{}
	if md := &c.Mods; md.AllUp == 0 && md.AllDown == 0 && md.Up == 0 && md.Down == 0 {
		res.Pool = Regular(n - 1) // as Build, without a look at the memo
	} else {
		res.Pool = m.pools.build(n, c.Mods, rules.AllDiceFirst)
	}
	var f *Faces
	if m.Trace != nil {
		f = &m.faces
	}
	if m.rig != nil {
		res.Roll = m.rigged(n >= 1, res.Pool, f)
	} else {
		res.Roll = RollPool(&m.dice[h], n >= 1, res.Pool, f)
	}
	crit := res.Roll.Impact == ImpactCrit
	if crit {
		res.Option = m.Pol.ImpactTen(m, h, c, res.Roll)
		if res.Option >= NImpactOptions || (res.Option == IoDamage && c.Kind != CkAttack) {
			res.Option = IoMomentum
		}
		res.DamageUp = res.Option == IoDamage
	}
	res.S = res.Roll.Successes(crit && res.Option == IoDouble)
	res.OK = c.T < 0 || res.S >= c.T
	if res.OK && c.T >= 0 {
		res.Surplus = res.S - c.T
	}
	if m.Trace != nil {
		ci := &CheckInfo{Kind: c.Kind, Dice: int8(n), Pool: res.Pool, Faces: m.faces.String(), Impact: res.Roll.Impact,
			Successes: int8(res.S), Threshold: int8(c.T), OK: res.OK}
		if n < 1 {
			ci.Faces = ""
		}
		if crit {
			ci.Option = ImpactOptions[res.Option].Name
		}
		m.emit(Event{Kind: EvCheck, Hunter: int8(h), Crim: int8(c.Crim), Check: ci})
	}
	if crit {
		m.gainMomentum(h, 1, "Impact 10")
		switch res.Option {
		case IoMomentum:
			m.gainMomentum(h, 1, "Impact 10 option")
		case IoEvent:
			m.drawEvent(h, true)
		}
	}
	if res.Roll.Impact == ImpactFail && hu.Perf >= 0 && (rules.PerfAnyCheck || c.Attr < NoAttr) {
		if m.Trace != nil {
			m.Decide(h, "nothing", "the Impact Die rolled 1: the Performance Shot is lost")
		}
		hu.Perf = -1
	}

}

// SpendOnCheck spends hunter h's Momentum Option opt on check c, before
// it is rolled: an upgrade option of c's kind that h can pay for. It
// reports whether it was spent. Momentum is never spent on recovery
// checks.
func (m *Match) SpendOnCheck(h, opt int, c *Check) bool {
	hu := &m.H[h]
	def := &m.Sc.Hunters[h]
	if opt < 0 || opt >= int(def.NOptions) || c.Kind == CkRecovery {
		return false
	}
	o := &def.Options[opt]
	if o.Op != MoUpgrade || o.Checks&(1<<c.Kind) == 0 || hu.Momentum < o.Cost {
		return false
	}
	hu.Momentum -= o.Cost
	c.Mods.Up += o.N
	if m.Trace != nil {
		m.emit(Event{Kind: EvMomentum, Hunter: int8(h), Crim: -1, N: -int16(o.Cost), Name: o.Name})
	}
	return true
}

// SpendMomentum spends hunter h's Momentum Option opt at the start of
// its activation (before its first action): a heal or an action option
// it can pay for. It reports whether it was spent.
func (m *Match) SpendMomentum(h, opt int) bool {
	hu := &m.H[h]
	def := &m.Sc.Hunters[h]
	if opt < 0 || opt >= int(def.NOptions) || !hu.In || hu.Acted > 0 || hu.AP <= 0 {
		return false
	}
	o := &def.Options[opt]
	if o.Op == MoUpgrade || hu.Momentum < o.Cost {
		return false
	}
	if o.Op == MoHeal && hu.Wounds == 0 {
		return false
	}
	hu.Momentum -= o.Cost
	if m.Trace != nil {
		m.emit(Event{Kind: EvMomentum, Hunter: int8(h), Crim: -1, N: -int16(o.Cost), Name: o.Name})
	}
	switch o.Op {
	case MoHeal:
		m.heal(h, int(o.N), o.Name)
	case MoAction:
		hu.AP += o.N
	}
	return true
}

func (m *Match) gainMomentum(h, n int, why string) {
	m.H[h].Momentum += int8(n)
	m.Rec.Momentum[h] += int16(n)
	if m.Trace != nil {
		m.traceHunter(EvMomentum, h, n, why)
	}
}

func (m *Match) gainPoints(h, n int, why string) {
	m.H[h].Points += int16(n)
	if m.Trace != nil {
		m.traceHunter(EvPoints, h, n, why)
	}
}

// traceHunter emits hunter h's event of kind, n and name (apart, so
// that its callers are inlined).
func (m *Match) traceHunter(kind EventKind, h, n int, name string) {
	m.emit(Event{Kind: kind, Hunter: int8(h), Crim: -1, N: int16(n), Name: name})
}

// traceMove emits the move of hunter h or crim c (-1: the other) to p,
// f inches, for why (apart, so that its callers are smaller).
func (m *Match) traceMove(h, c int, p geom.Vec, f float32, why string) {
	m.emit(Event{Kind: EvMove, Hunter: int8(h), Crim: int8(c), Pos: p, F: f, Why: why})
}

// traceEvent emits an event of kind about hunter h and crim c (-1:
// none), n and name (apart, so that its callers are smaller).
func (m *Match) traceEvent(kind EventKind, h, c, n int, name string) {
	m.emit(Event{Kind: kind, Hunter: int8(h), Crim: int8(c), N: int16(n), Name: name})
}

func (m *Match) heal(h, n int, why string) {
	hu := &m.H[h]
	k := min(n, int(hu.Wounds))
	hu.Wounds -= int8(k)
	if m.Trace != nil && k > 0 {
		m.emit(Event{Kind: EvWounds, Hunter: int8(h), Crim: -1, N: -int16(k), Name: why})
	}
}

// drawEvent flips the top Event Card for hunter h: a Keeper goes to its
// hand; another card is carried out at once (drawn in the Control
// Phase) or at the end of the current phase (an Impact 10's option).
func (m *Match) drawEvent(h int, later bool) {
	ne := int(m.Sc.NEvents)
	if ne == 0 {
		return
	}
	if m.evLeft == 0 {
		m.evLeft = uint8(ne)
		for i := range ne {
			m.evs[i] = uint8(i)
		}
	}
	k := m.evRNG.IntN(int(m.evLeft))
	card := m.evs[k]
	m.evLeft--
	m.evs[k] = m.evs[m.evLeft]
	ev := &m.Sc.Events[card]
	hu := &m.H[h]
	switch {
	case ev.Keeper && int(hu.NHand) < MaxHand:
		hu.Hand[hu.NHand] = card
		hu.NHand++
		if m.Trace != nil {
			m.emit(Event{Kind: EvEvent, Hunter: int8(h), Crim: -1, Name: ev.Name, Why: "a Keeper, kept in hand"})
		}
	case later && int(m.nPend) < maxPending:
		m.pend[m.nPend] = [2]uint8{uint8(h), card}
		m.nPend++
		if m.Trace != nil {
			m.emit(Event{Kind: EvEvent, Hunter: int8(h), Crim: -1, Name: ev.Name, Why: "flipped, carried out at the end of the phase"})
		}
	default:
		m.carryOut(h, int(card))
	}
}

// carryOut carries out Event Card card for hunter h.
func (m *Match) carryOut(h, card int) {
	ev := &m.Sc.Events[card]
	if m.Trace != nil {
		what := EventOps[ev.Op].Name + " " + strconv.Itoa(int(ev.N))
		switch ev.Op {
		case EoSpawn:
			what = "spawn " + m.Sc.Crims[ev.Crim].Name + " at " + m.Sc.Map.SpawnNames[ev.At]
		case EoRestock:
			what = "restock"
		}
		m.emit(Event{Kind: EvEvent, Hunter: int8(h), Crim: -1, Name: ev.Name, Why: "carried out: " + what})
	}
	switch ev.Op {
	case EoPoints:
		m.gainPoints(h, int(ev.N), "Event Card")
		m.Rec.EventPts[h] += int16(ev.N)
	case EoMomentum:
		m.gainMomentum(h, int(ev.N), "Event Card")
	case EoHeal:
		m.heal(h, int(ev.N), "Event Card")
	case EoSpawn:
		m.place(int(ev.Crim), int(ev.At))
	case EoRestock:
		m.restock()
	}
}

// endOfPhase carries out the Event Cards flipped during the phase.
func (m *Match) endOfPhase() {
	for i := 0; i < int(m.nPend); i++ {
		m.carryOut(int(m.pend[i][0]), int(m.pend[i][1]))
	}
	m.nPend = 0
}

// rigged reads a check's faces from m.rig instead of rolling them (the
// Impact Die first, then the regular dice as RollPool orders them): the
// tests' way of making the document's examples happen.
func (m *Match) rigged(withImpact bool, p Pool, f *Faces) Roll {
	var out Roll
	next := func() uint8 {
		if len(m.rig) == 0 {
			panic("crims: the rigged faces ran out")
		}
		v := m.rig[0]
		m.rig = m.rig[1:]
		return v
	}
	if withImpact {
		out.Impact = next()
	}
	if f != nil {
		f.N = 0
	}
	for i, n := range [3]uint8{p.D12, p.D10, p.D8} {
		for range n {
			face := next()
			if Success(face) {
				out.Regular++
			}
			if f != nil && int(f.N) < MaxRegular {
				f.Size[f.N], f.Face[f.N] = [3]uint8{12, 10, 8}[i], face
				f.N++
			}
		}
	}
	return out
}
