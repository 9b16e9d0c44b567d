package cazadores

import (
	"balance/sim/geom"
)

// ActionKind names the sixteen Actions.
type ActionKind uint8

// The sixteen Actions.
const (
	ActMove ActionKind = iota
	ActCoverGround
	ActAttack
	ActCastRitual
	ActDefend
	ActFocus
	ActHide
	ActParry
	ActReload
	ActSpotWeakness
	ActSwitch
	ActAid
	ActFlee
	ActPass
	ActRecover
	ActUseGear
	NumActions
)

var actionNames = [NumActions]string{"move", "cover_ground", "attack", "cast_ritual", "defend", "focus", "hide",
	"parry", "reload", "spot_weakness", "switch", "aid", "flee", "pass", "recover", "use_gear"}

func (k ActionKind) String() string { return actionNames[k] }

// Ticks of each Action before weapon modifiers (Pass: see Rules.PassTicks).
var actionTicks = [NumActions]int8{2, 3, 3, 4, 2, 2, 3, 4, 1, 4, 1, 2, 3, 1, 2, 3}

// ActionTicks returns the Tick cost of Action k under the rules in force.
func (h *Hunt) ActionTicks(k ActionKind) int8 {
	if k == ActPass {
		return h.Sc.Rules.PassTicks
	}
	return actionTicks[k]
}

// CanAct reports whether model i may still take its Action this Turn, and
// whether Action k is open to it under its Conditions (Knocked Down:
// Recover only; Stunned: Move or Recover).
func (h *Hunt) CanAct(i int, k ActionKind) bool {
	m := &h.M[i]
	if m.Conds&(1<<KnockedDown|1<<Stunned) == 0 && m.Kind != ObjectiveModel {
		return m.State == Active && !m.acted // the usual case: every Action open
	}
	if m.State != Active || m.acted {
		return false
	}
	if m.Conds.Has(KnockedDown) {
		return k == ActRecover
	}
	if m.Kind == ObjectiveModel && (k == ActAttack || k == ActCastRitual || k == ActDefend || k == ActFocus ||
		k == ActHide || k == ActParry || k == ActReload || k == ActSpotWeakness || k == ActSwitch) {
		return false // Pacifist: no Combat Actions
	}
	if m.Conds.Has(Stunned) {
		return k == ActMove || k == ActRecover
	}
	return true
}

// CanFreeMove reports whether model i still has its free Move this Turn.
func (h *Hunt) CanFreeMove(i int) bool {
	m := &h.M[i]
	return m.State == Active && !m.freeMoved && !m.Conds.Has(KnockedDown)
}

// Acted reports whether model i has taken its Action this Turn.
func (h *Hunt) Acted(i int) bool { return h.M[i].acted }

// startAction pays the Ticks of Action k for model i and ends what an
// Action ends: Focus if k is not an Attack, Hidden if k is neither a Move
// nor an Attack (an Attack ends it after using it).
func (h *Hunt) startAction(i int, k ActionKind, ticks int8) {
	m := &h.M[i]
	if k != ActAttack && k != ActFocus {
		m.Focus = FocusNone
	}
	if k != ActMove && k != ActAttack && m.Conds.Has(Hidden) {
		h.clear(i, Hidden)
	}
	// The Ticks paid: the Personal Clock moves on (the Adversary's joint
	// clock is moved by its Turn).
	paid := max(ticks, 1)
	m.acted = true
	m.paid += paid
	if m.Kind != AdversaryModel {
		h.setClock(i, loopClock(m.Clock, paid))
	}
	m.actAttack = k == ActAttack
	if h.Trace != nil {
		h.traceAction(i, k, ticks)
	}
}

// traceAction is startAction's event.
func (h *Hunt) traceAction(i int, k ActionKind, ticks int8) {
	e := Event{Kind: EvAction, Model: int8(i), Action: k, N: int16(ticks)}
	if h.w.noAction {
		e.Name = "no Action taken"
	}
	h.emit(e)
}

// towardTerrifier reports whether moving model i to goal would bring it
// closer to the Foe that Terrified it. Small enough to inline: the
// distances are worked out only for a Terrified model (nearerTerrifier).
func (h *Hunt) towardTerrifier(i int, goal geom.Vec) bool {
	return h.M[i].Conds.Has(Terrified) && h.nearerTerrifier(i, goal)
}

// nearerTerrifier is towardTerrifier's question for a Terrified model.
func (h *Hunt) nearerTerrifier(i int, goal geom.Vec) bool {
	m := &h.M[i]
	if m.Terrifier < 0 {
		return false
	}
	src := h.M[m.Terrifier].Pos
	return goal.Dist(src) < m.Pos.Dist(src)-geom.Eps
}

// move is a Movement Action's travel for model i. A Terrified model may
// not end it closer to the Foe that terrified it: such a move is undone
// (terrifiedMove).
func (h *Hunt) move(i int, goal geom.Vec, budget float32, stop int) float32 {
	m := &h.M[i]
	from := m.Pos
	var d float32
	switch {
	case m.Conds.Has(Terrified) && m.Terrifier >= 0:
		d = h.terrifiedMove(i, goal, budget, stop)
	case h.openTravel(i):
		d = h.travelOpen(i, goal, budget, stop, true)
	default:
		d = h.travel(i, goal, budget, stop, true)
	}
	if h.areaEnter { // an Area that does something to a model entering it
		h.enterAreas(i, from)
	}
	return d
}

// traceMoved tells the trace that model i's move ended after d inches,
// before the WNDs or Areas the move itself brings.
func (h *Hunt) traceMoved(i int, d float32) {
	if h.Trace != nil {
		h.emitMoved(i, d)
	}
}

// emitMoved is traceMoved's event (traceMoved stays small enough to
// inline).
func (h *Hunt) emitMoved(i int, d float32) {
	h.emit(Event{Kind: EvMoved, Model: int8(i), Pos: h.M[i].Pos, F: d})
}

// terrifiedMove is move's travel for a model that is Terrified by a Foe
// on the board.
func (h *Hunt) terrifiedMove(i int, goal geom.Vec, budget float32, stop int) float32 {
	m := &h.M[i]
	src := h.M[m.Terrifier].Pos
	from := m.Pos
	d := h.anyTravel(i, goal, budget, stop, false)
	if m.Pos.Dist(src) < from.Dist(src)-geom.Eps {
		m.Pos = from
		d = 0
	}
	h.traceMoved(i, d)
	if m.Conds.Has(Bleeding) && (d > geom.Eps || h.Sc.Rules.BleedingOnZeroMove) {
		h.wound(i, 1, -1, Bleeding)
	}
	return d
}

// CanFreeMoveTo reports whether FreeMove would move model i toward goal
// (it may still get nowhere: a base or terrain bars the way).
func (h *Hunt) CanFreeMoveTo(i int, goal geom.Vec) bool {
	return h.CanFreeMove(i) && !h.towardTerrifier(i, goal)
}

// CanMoveTo reports whether Move would take the Move Action toward goal
// for model i.
func (h *Hunt) CanMoveTo(i int, goal geom.Vec) bool {
	return h.CanAct(i, ActMove) && !h.towardTerrifier(i, goal)
}

// FreeMove is model i's free Move: up to its SPD (plus extra, a Foe's card
// modifier) toward goal, stopping at base contact with model stop (-1:
// none). It returns the distance moved; 0 if the move is not allowed.
func (h *Hunt) FreeMove(i int, goal geom.Vec, stop int, extra float32) float32 {
	m := &h.M[i]
	if m.Conds&(1<<KnockedDown|1<<Terrified) == 0 { // CanFreeMoveTo without a call
		if m.State != Active || m.freeMoved {
			return 0
		}
	} else if !h.CanFreeMoveTo(i, goal) {
		return 0
	}
	m.freeMoved = true
	return h.move(i, goal, float32(h.SPD(i))+extra, stop)
}

// Move is the Move Action (2 Ticks): like FreeMove, as model i's Action.
func (h *Hunt) Move(i int, goal geom.Vec, stop int, extra float32) float32 {
	if m := &h.M[i]; m.Conds&(1<<KnockedDown|1<<Stunned|1<<Terrified) == 0 && m.Kind != ObjectiveModel { // CanMoveTo without a call
		if m.State != Active || m.acted {
			return 0
		}
	} else if !h.CanMoveTo(i, goal) {
		return 0
	}
	h.startAction(i, ActMove, h.ActionTicks(ActMove))
	return h.move(i, goal, float32(h.SPD(i))+extra, stop)
}

// CoverGround is the Cover Ground Action (3 Ticks): an Athletics Check;
// on a success model i moves up to SPD + 1" per Success toward goal, on a
// failure not at all.
func (h *Hunt) CoverGround(i int, goal geom.Vec, stop int) float32 {
	if !h.CanAct(i, ActCoverGround) || h.towardTerrifier(i, goal) {
		return 0
	}
	h.startAction(i, ActCoverGround, h.ActionTicks(ActCoverGround))
	res := h.skillCheck(i, Athletics, 0, 0, 0)
	if h.Trace != nil {
		h.emitCheck(EvCheck, i, -1, res)
	}
	if !res.OK() {
		return 0
	}
	return h.move(i, goal, float32(h.SPD(i))+float32(res.Successes), stop)
}

// InWeaponRange reports whether model t is within the range band of the
// weapon in slot s of Pack model i (s < 0: Unarmed).
func (h *Hunt) InWeaponRange(i, s, t int) bool {
	return h.InRangeOf(i, h.Weapon(i, s), t)
}

// InRangeOf is InWeaponRange for a caller that holds the weapon w.
func (h *Hunt) InRangeOf(i int, w *WeaponDef, t int) bool {
	if !h.Within(i, t, w.Max) {
		return false
	}
	return w.Min <= 0 || !h.Within(i, t, w.Min-2*geom.Eps)
}

// CanAttack reports whether Pack model i may Attack model t with the
// weapon in slot s (s < 0: Unarmed) now: the weapon readied and a melee or
// shooting weapon, loaded with Ammo left if it shoots, t a Hostile model
// in its range and LOS.
func (h *Hunt) CanAttack(i, t, s int) bool {
	if !h.CanAct(i, ActAttack) || h.M[t].State != Active || !h.Hostile(i, t) {
		return false
	}
	m := &h.M[i]
	w := &h.Sc.Weapons[0] // Unarmed
	if s >= 0 {
		d := &h.Sc.Pack[m.Def]
		if s >= int(d.NWeapons) || m.Readied&(1<<s) == 0 {
			return false
		}
		w = h.wpn[i][s]
		switch w.Kind {
		case ShootingWeapon:
			if m.Loaded&(1<<s) == 0 || m.Ammo[s] == 0 {
				return false
			}
		case ArcaneWeapon:
			return false
		}
	}
	return h.InRangeOf(i, w, t) && h.LOS(i, t)
}

// Attack is the Attack Action (3 Ticks plus the weapon's): a Melee or
// Shooting Check against the target's Defence with the readied weapon in
// slot s (s < 0: Unarmed). Success deals Successes + POW WNDs. It
// reports whether the attack hit; false also when it was not allowed.
func (h *Hunt) Attack(i, t, s int) bool {
	_, hit := h.TryAttack(i, t, s)
	return hit
}

// TryAttack is Attack for a policy that has not checked CanAttack: made
// reports whether the Attack was allowed (and so taken), hit whether it hit.
func (h *Hunt) TryAttack(i, t, s int) (made, hit bool) {
	if !h.CanAttack(i, t, s) {
		return false, false
	}
	return true, h.doAttack(i, t, s)
}

// TryAttackInSight is TryAttack for a policy that has already checked
// everything CanAttack asks but Line of Sight (model i may Attack, the
// weapon in slot s is readied, loaded if it shoots, and reaches t, a
// Hostile model): only that and t's standing are tested here. It reports
// whether the Attack was made.
func (h *Hunt) TryAttackInSight(i, t, s int) bool {
	if h.M[t].State != Active || !h.LOS(i, t) {
		return false
	}
	h.doAttack(i, t, s)
	return true
}

// doAttack makes the Attack of TryAttack once it is allowed; it reports
// whether it hit.
func (h *Hunt) doAttack(i, t, s int) (hit bool) {
	m := &h.M[i]
	w := h.Weapon(i, s)
	h.startAction(i, ActAttack, h.ActionTicks(ActAttack)+w.AttackTicks)
	skill := Melee
	kind := MeleeAttack
	if w.Kind == ShootingWeapon {
		skill, kind = Shooting, ShootingAttack
		m.Loaded &^= 1 << s
		if h.Sc.Rules.AmmoLimited {
			m.Ammo[s]--
		}
	}
	a := attack{kind: kind, pool: h.Pool(i, skill), pow: w.POW, damage: !w.NoDamage, card: -1,
		crit: &w.Crit, onHit: &w.OnHit, origin: h.M[t].Pos}
	if s >= 0 {
		a.extra = m.SlotCrit[s]
	}
	switch m.Focus {
	case FocusAdvantage:
		a.adv++
	case FocusShift:
		a.shift = m.FocusShift
	}
	m.Focus = FocusNone
	if m.Conds.Has(Hidden) {
		a.adv++
	}
	hit = h.resolve(i, t, &a)
	if m.Conds.Has(Hidden) {
		h.clear(i, Hidden)
	}
	if i < int(h.NPack) {
		h.Rec.Attacks[i]++
	}
	if hit {
		if i < int(h.NPack) {
			h.Rec.Hits[i]++
		}
		if w.Captures {
			h.netHit(t)
		}
	}
	return hit
}

// Defend is the Defend Action (2 Ticks): Attacks against model i are at
// Disadvantage until the start of its next Turn.
func (h *Hunt) Defend(i int) bool {
	if !h.CanAct(i, ActDefend) {
		return false
	}
	h.startAction(i, ActDefend, h.ActionTicks(ActDefend))
	h.M[i].Defending = true
	return true
}

// FocusOn is the Focus Action (2 Ticks): Advantage on model i's next
// Attack, or (adv false) a shift of -2..2 to the hit-location card of
// every WND it deals.
func (h *Hunt) FocusOn(i int, adv bool, shift int8) bool {
	if !h.CanAct(i, ActFocus) || shift < -2 || shift > 2 {
		return false
	}
	h.startAction(i, ActFocus, h.ActionTicks(ActFocus))
	m := &h.M[i]
	if adv {
		m.Focus = FocusAdvantage
	} else {
		m.Focus, m.FocusShift = FocusShift, shift
	}
	return true
}

// CanHide reports whether model i is within 1" of Obscuring or Blocking
// terrain (a piece or an Area).
func (h *Hunt) CanHide(i int) bool {
	m := &h.M[i]
	mp := &h.Sc.Map
	for k := 0; k < int(mp.NPieces); k++ {
		pc := &mp.Pieces[k]
		if pc.Types&(Obscuring|Blocking) != 0 && pc.Shape.Dist(m.Pos) <= m.R+1+geom.Eps {
			return true
		}
	}
	for k := 0; k < int(h.NAreas); k++ {
		ar := &h.Areas[k]
		if ar.Terrain&(Obscuring|Blocking) != 0 && m.Pos.Dist(ar.C) <= ar.R+m.R+1+geom.Eps {
			return true
		}
	}
	return false
}

// Hide is the Hide Action (3 Ticks): within 1" of Obscuring or Blocking
// terrain, a Stealth Check with DT the highest ATK among Hostile models
// within 3"; success gives the Hidden Condition.
func (h *Hunt) Hide(i int) bool {
	if !h.CanAct(i, ActHide) || !h.CanHide(i) {
		return false
	}
	h.startAction(i, ActHide, h.ActionTicks(ActHide))
	dt := 0
	for k := 0; k < int(h.N); k++ {
		if h.M[k].State == Active && h.Hostile(i, k) && h.Within(i, k, 3) && int(h.M[k].ATK) > dt {
			dt = int(h.M[k].ATK)
		}
	}
	res := h.skillCheck(i, Stealth, dt, 0, 0)
	if h.Trace != nil {
		h.emitCheck(EvCheck, i, -1, res)
	}
	if res.OK() {
		h.impose(i, Hidden, i, -1)
	}
	return res.OK()
}

// Parry is the Parry Action (4 Ticks): a Melee Check with DT the target's
// ATK; on a success the target's next successful Melee Attack on model i
// is cancelled and i counter-attacks with Advantage. It lasts until the
// start of i's next Turn.
func (h *Hunt) Parry(i, t int) bool {
	if !h.CanAct(i, ActParry) || h.M[t].State != Active || !h.Hostile(i, t) {
		return false
	}
	h.startAction(i, ActParry, h.ActionTicks(ActParry))
	res := h.skillCheck(i, Melee, int(h.M[t].ATK), 0, 0)
	if h.Trace != nil {
		h.emitCheck(EvCheck, i, t, res)
	}
	if res.OK() {
		h.M[i].ParryOn = int8(t)
	}
	return res.OK()
}

// CanReload reports whether the shooting weapon in slot s of model i is
// spent and has Ammo left.
func (h *Hunt) CanReload(i, s int) bool {
	m := &h.M[i]
	if m.Side != PackSide || s < 0 || s >= int(h.Sc.Pack[m.Def].NWeapons) {
		return false
	}
	w := h.Weapon(i, s)
	return w.Kind == ShootingWeapon && m.Loaded&(1<<s) == 0 && m.Ammo[s] > 0 && h.CanAct(i, ActReload)
}

// Reload is the Reload Action (1 Tick plus the weapon's): loads the
// shooting weapon in slot s. Without the ammo switch it also restores a
// shot.
func (h *Hunt) Reload(i, s int) bool {
	if !h.CanReload(i, s) {
		return false
	}
	w := h.Weapon(i, s)
	h.startAction(i, ActReload, h.ActionTicks(ActReload)+w.ReloadTicks)
	h.M[i].Loaded |= 1 << s
	return true
}

// SpotWeakness is the Spot Weakness Action (4 Ticks): against a target
// within 5", a Hunt Check with DT its DEF; on a success the Pack attacks it
// with Advantage for the rest of the Round. The Target is one model: of an
// Adversary of several models (the Praetorians) only t is marked.
func (h *Hunt) SpotWeakness(i, t int) bool {
	if !h.CanAct(i, ActSpotWeakness) || h.M[t].State != Active || !h.Hostile(i, t) || !h.Within(i, t, 5) {
		return false
	}
	h.startAction(i, ActSpotWeakness, h.ActionTicks(ActSpotWeakness))
	res := h.skillCheck(i, HuntSkill, h.Defence(t, MeleeAttack), 0, 0)
	if h.Trace != nil {
		h.emitCheck(EvCheck, i, t, res)
	}
	if res.OK() {
		h.M[t].Spotted = true
	}
	return res.OK()
}

// Switch is the Switch Action (1 Tick): model i readies the weapons and
// gear in mask, at most two hands' worth. Bit s of mask is weapon slot s;
// the gear follows the weapons (bit NWeapons+g is gear g).
func (h *Hunt) Switch(i int, mask uint8) bool {
	if !h.CanSwitch(i, mask) {
		return false
	}
	h.startAction(i, ActSwitch, h.ActionTicks(ActSwitch))
	d := &h.Sc.Pack[h.M[i].Def]
	h.M[i].Readied = mask & (1<<d.NWeapons - 1)
	h.M[i].GearReady = mask >> d.NWeapons
	h.M[i].reach = h.packReach(i)
	return true
}

// CanSwitch reports whether Switch would ready mask for model i.
func (h *Hunt) CanSwitch(i int, mask uint8) bool {
	return h.CanAct(i, ActSwitch) && h.validReady(i, mask)
}

func (h *Hunt) validReady(i int, mask uint8) bool {
	d := &h.Sc.Pack[h.M[i].Def]
	if mask>>(d.NWeapons+d.NGear) != 0 {
		return false
	}
	hands := 0
	for s := 0; s < int(d.NWeapons); s++ {
		if mask&(1<<s) != 0 {
			hands += int(h.Sc.Weapons[d.Weapons[s]].Hands)
		}
	}
	for g := 0; g < int(d.NGear); g++ {
		if mask&(1<<(int(d.NWeapons)+g)) != 0 {
			hands += int(h.Sc.Gear[d.Gear[g]].Hands)
		}
	}
	return hands <= 2
}

// Aid is the Aid Action (2 Ticks): a Leadership Check with DT 5; on a
// success Friendly model f within 3" clears Condition c, as a successful
// Recover.
func (h *Hunt) Aid(i, f int, c Cond) bool {
	if !h.CanAct(i, ActAid) || f == i || h.M[f].State != Active || h.Hostile(i, f) || !h.Within(i, f, 3) {
		return false
	}
	h.startAction(i, ActAid, h.ActionTicks(ActAid))
	res := h.skillCheck(i, Leadership, 5, 0, 0)
	if h.Trace != nil {
		h.emitCheck(EvCheck, i, f, res)
	}
	switch {
	case !res.OK():
	case f == int(h.Obj.Prisoner) && !h.Obj.Freed:
		// Freeing the Prisoner: it acts from the next Tick.
		h.Obj.Freed = true
		h.setClock(f, loopClock(h.Tick, 1))
		if h.Trace != nil {
			h.emit(Event{Kind: EvTrigger, Model: int8(f), Name: "freed"})
		}
	case f == int(h.Obj.Prisoner):
		h.Obj.FleeAdv = true
	case h.M[f].Conds.Has(c):
		h.clear(f, c)
	}
	return res.OK()
}

// NearExit reports whether model i is within 1" of an Exit.
func (h *Hunt) NearExit(i int) bool {
	return h.ExitDist(i) <= 1+geom.Eps
}

// ExitDist returns the edge distance from model i to the nearest Exit,
// and NearestExit the closest point on it.
func (h *Hunt) ExitDist(i int) float32 {
	p := h.NearestExit(i)
	d := p.Dist(h.M[i].Pos) - h.M[i].R
	if d < 0 {
		d = 0
	}
	return d
}

// NearestExit returns the point of the Exits nearest to model i.
func (h *Hunt) NearestExit(i int) geom.Vec {
	mp := &h.Sc.Map
	pos := h.M[i].Pos
	best := geom.Vec{}
	bd := float32(1e9)
	for k := 0; k < int(mp.NExits); k++ {
		ex := &mp.Exits[k]
		ab := ex.B.Sub(ex.A)
		t := float32(0)
		if l2 := ab.Len2(); l2 > 0 {
			t = pos.Sub(ex.A).Dot(ab) / l2
		}
		if t < 0 {
			t = 0
		} else if t > 1 {
			t = 1
		}
		q := ex.A.Add(ab.Scale(t))
		if d := q.Dist(pos); d < bd {
			bd, best = d, q
		}
	}
	return best
}

// Flee is the Flee Action (3 Ticks): within 1" of an Exit, an Athletics
// Check with DT 7; on a success model i leaves the hunt alive.
func (h *Hunt) Flee(i int) bool {
	if !h.CanAct(i, ActFlee) || h.Sc.Map.NExits == 0 || !h.NearExit(i) {
		return false
	}
	h.startAction(i, ActFlee, h.ActionTicks(ActFlee))
	adv := 0
	if i == int(h.Obj.Prisoner) && h.Obj.FleeAdv {
		adv = 1
	}
	res := h.skillCheck(i, Athletics, 7, adv, 0)
	if h.Trace != nil {
		h.emitCheck(EvCheck, i, -1, res)
	}
	if res.OK() {
		m := &h.M[i]
		h.SetState(i, Fled)
		m.Conds = 0
		if i < int(h.NPack) {
			h.Rec.FledAt[i] = uint16(h.Now())
		}
		if i == int(h.Obj.Prisoner) {
			h.Obj.Met = true
		}
		if h.Obj.NTok > 0 {
			h.dropTokens(i, true)
		}
		h.sideGone(PackSide)
		if h.Trace != nil {
			h.emit(Event{Kind: EvLeft, Model: int8(i)})
		}
	}
	return res.OK()
}

// Pass is the Pass Action: model i is idle.
func (h *Hunt) Pass(i int) bool {
	if h.M[i].State != Active || h.M[i].acted {
		return false
	}
	h.pass(i)
	return true
}

func (h *Hunt) pass(i int) {
	h.startAction(i, ActPass, h.ActionTicks(ActPass))
}

// Recover is the Recover Action (2 Ticks): a Fortitude Check with DT 5
// (Foes: TER) that clears Condition c of model i (a Foe: one at random).
func (h *Hunt) Recover(i int, c Cond) bool {
	if !h.CanAct(i, ActRecover) {
		return false
	}
	h.startAction(i, ActRecover, h.ActionTicks(ActRecover))
	if h.M[i].Side == FoeSide {
		return h.recoverCheck(i)
	}
	res := h.skillCheck(i, Fortitude, 5, 0, 0)
	if h.Trace != nil {
		h.emitCheck(EvRecover, i, -1, res)
	}
	if res.OK() && h.M[i].Conds.Has(c) {
		h.clear(i, c)
	}
	return res.OK()
}
