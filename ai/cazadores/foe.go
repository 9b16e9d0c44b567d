// Package cazadores (imported as ai) makes the choices of a Cazadores hunt: the Foes' Decision Trees and
// Aggro, how the Adversary's action card drives its Turn, and the Pack's
// policies. It changes a hunt only through the rules core's action methods
// (sim/cazadores).
package cazadores

import (
	"math/bits"

	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

// Foes plays the Foes by the rulebook's Decision Trees. It holds no state:
// the zero value is ready.
type Foes struct{}

var _ sim.FoeAI = Foes{}

// aggroRange is how far Aggro looks for a Target.
const aggroRange = 10

// AdversaryTurn plays the Adversary's Turn: each of its models takes
// Recover instead of its free Move while it has Conditions, the action
// card is drawn, and every model runs the Decision Tree the card names
// with the card's action, the one with most WNDs left first.
func (Foes) AdversaryTurn(h *sim.Hunt) {
	var order [sim.MaxAdvModels]int8
	n := 0
	for i := int(h.Adv0); i < int(h.Adv0+h.NAdv); i++ {
		if h.M[i].Alive() {
			if h.M[i].Conds != 0 {
				h.FoeRecover(i)
			}
			order[n] = int8(i)
			n++
		}
	}
	_, act, tree := h.DrawAction()
	// Most WNDs first; ties at random.
	for x := 1; x < n; x++ {
		for y := x; y > 0 && h.M[order[y]].WND > h.M[order[y-1]].WND; y-- {
			order[y], order[y-1] = order[y-1], order[y]
		}
	}
	for x := 0; x+1 < n; {
		y := x + 1
		for y < n && h.M[order[y]].WND == h.M[order[x]].WND {
			y++
		}
		for k := y - 1; k > x; k-- {
			j := x + h.Dice.IntN(k-x+1)
			order[k], order[j] = order[j], order[k]
		}
		x = y
	}
	for k := 0; k < n; k++ {
		i := int(order[k])
		if !h.M[i].Alive() {
			continue
		}
		if h.M[i].Conds.Has(sim.KnockedDown) {
			decide(h, i, "recover", -1, "knocked down: recovers as its Action")
			h.FoeRecoverAction(i)
			continue
		}
		runTree(h, i, tree, act, act)
	}
}

// MinionTurn plays Minion i's Turn by its own Foe Type.
func (Foes) MinionTurn(h *sim.Hunt, i int) {
	if h.M[i].Conds != 0 {
		h.FoeRecover(i)
	}
	if h.M[i].Conds.Has(sim.KnockedDown) {
		decide(h, i, "recover", -1, "knocked down: recovers as its Action")
		h.FoeRecoverAction(i)
		return
	}
	d := &h.Sc.Adversary.Minions[h.M[i].Def]
	var shoot *sim.CardAction
	if d.ShootRNG > 0 {
		shoot = &d.Shoot
	}
	runTree(h, i, h.M[i].Tree, &d.Melee, shoot)
}

// runTree answers Foe i's Decision Tree questions (sim.TreeSteps, in the
// order its sim.TreeDef gives) and executes the first Yes; with none, the
// Foe holds its ground. melee is its close-combat action, ranged its
// ranged one (nil: none); for the Adversary both are the card's action.
func runTree(h *sim.Hunt, i int, tree sim.Tree, melee, ranged *sim.CardAction) {
	t := treeRun{h: h, i: i, tree: tree, melee: melee, ranged: ranged}
	def := h.Sc.Adversary.TreeOf(tree)
	for _, s := range def.Steps[:def.NSteps] {
		// Each question asked and, on a Yes, acted on.
		var yes bool
		switch s {
		case sim.StepCloseCombat:
			yes = t.closeCombat()
		case sim.StepRangedCombat:
			yes = t.rangedCombat()
		case sim.StepAggress:
			yes = t.aggress()
		case sim.StepReposition:
			yes = t.reposition()
		case sim.StepRetreat:
			yes = t.retreat()
		default:
			yes = t.holdGround()
		}
		if yes {
			return
		}
	}
	t.holdGround()
}

type treeRun struct {
	h      *sim.Hunt
	i      int
	tree   sim.Tree
	melee  *sim.CardAction
	ranged *sim.CardAction
}

// selfAction reports whether act makes no attack (performed at the first
// attack step whatever the positions).
func selfAction(act *sim.CardAction) bool {
	return act != nil && act.Attack == sim.AttackNone
}

// closeCombat: is the Foe within LOS and Melee Attack range of a Hostile
// model? Yes: a Melee Attack on the Aggro target; end of Turn.
func (t *treeRun) closeCombat() bool {
	act := t.melee
	if act == nil {
		return false
	}
	if selfAction(act) {
		return t.perform(act, "close combat: card action", "the card's action makes no attack: it is carried out at the first attack step")
	}
	if act.Attack != sim.MeleeAttack {
		return false
	}
	return t.attack(act, "close combat", "a Hostile model in reach and in sight")
}

// rangedCombat: is the Foe within LOS and Shooting Attack range of a
// Hostile model? Yes: a Shooting Attack on the Aggro target; end of Turn.
func (t *treeRun) rangedCombat() bool {
	act := t.ranged
	if act == nil {
		return false
	}
	if selfAction(act) {
		return t.perform(act, "ranged combat: card action", "the card's action makes no attack: it is carried out at the first attack step")
	}
	if act.Attack != sim.ShootingAttack && act.Attack != sim.TerrorAttack {
		return false
	}
	return t.attack(act, "ranged combat", "a Hostile model in range and in sight")
}

// backOffAndAttack: when act has a minimum range and no model it can
// reach, the Foe backs off from the models too close and attacks again.
func (t *treeRun) backOffAndAttack(act *sim.CardAction, what, why string) bool {
	return t.backOff(act) && t.attack(act, what, why)
}

// backOff: is a Hostile model closer than act's minimum range while the
// Foe's free Move is left? Yes: the Move away from those models, as
// Retreat moves, so that act may reach them after.
func (t *treeRun) backOff(act *sim.CardAction) bool {
	h, i := t.h, t.i
	if !h.CanFreeMove(i) || !h.CanAct(i, sim.ActAttack) {
		return false
	}
	var sum geom.Vec
	n, tg := 0, -1
	for bs := h.Hostiles(i); bs != 0; bs &= bs - 1 {
		if k := bits.TrailingZeros16(bs); h.Targetable(k) && h.TooClose(i, k, act) {
			sum = sum.Add(h.M[k].Pos)
			n++
			tg = k
		}
	}
	if n == 0 {
		return false
	}
	if n > 1 {
		tg = -1
	}
	decide(h, i, "back off", tg, "a Hostile model is closer than its attack's minimum range")
	t.away(sum.Scale(1 / float32(n)))
	return true
}

// away moves Foe i its full SPD straight away from point from.
func (t *treeRun) away(from geom.Vec) {
	h, i := t.h, t.i
	dir := h.M[i].Pos.Sub(from).Norm()
	if dir.Len2() == 0 {
		dir = geom.Dir(uint8(h.Dice.IntN(256)))
	}
	spd := h.FoeSPD(i, t.cardFor())
	goal := geom.ClampToBoard(h.M[i].Pos.Add(dir.Scale(spd+h.M[i].R)), h.M[i].R, h.Sc.Map.W, h.Sc.Map.H)
	t.move(goal, -1, false)
}

// attack performs act on the Aggro-ordered models it can reach, if any
// (what and why: the trace's note); with none, a Foe whose act has a
// minimum range backs off first (backOffAndAttack).
func (t *treeRun) attack(act *sim.CardAction, what, why string) bool {
	h, i := t.h, t.i
	if !freeToAct(h, i) && !h.CanAct(i, sim.ActAttack) {
		return false
	}
	var cands, aff [sim.MaxModels]int8
	n := 0
	if act.Targets == sim.TargetOne {
		// One target: only the preferred models need a Line of Sight test.
		for bs, rng := targetable(h, h.Hostiles(i)), h.ActionRange(i, act); bs != 0; bs &= bs - 1 {
			// InReach, its range worked out once (the mask has left out i's own side, the fallen and the Prisoner not yet freed).
			if k := bits.TrailingZeros16(bs); !h.M[k].Conds.Has(sim.Hidden) && h.Within(i, k, rng) && !h.TooClose(i, k, act) {
				cands[n] = int8(k)
				n++
			}
		}
		tg := pickVisible(h, i, t.tree, cands[:n])
		if tg < 0 {
			return act.MinRange > 0 && t.backOffAndAttack(act, what, why)
		}
		aff[0] = int8(tg)
		decide(h, i, what, tg, why)
		h.PerformCard(i, act, aff[:1])
		return true
	}
	for bs, rng := targetable(h, h.Hostiles(i)), h.ActionRange(i, act); bs != 0; bs &= bs - 1 {
		if k := bits.TrailingZeros16(bs); !h.M[k].Conds.Has(sim.Hidden) && h.Within(i, k, rng) && !h.TooClose(i, k, act) && h.LOS(i, k) { // CanTarget, as above
			cands[n] = int8(k)
			n++
		}
	}
	if n == 0 && act.Targets != sim.TargetTriangle {
		return act.MinRange > 0 && t.backOffAndAttack(act, what, why)
	}
	aggroOrder(h, i, t.tree, cands[:n])
	ts := h.Affected(i, act, cands[:n], aff[:0])
	if len(ts) == 0 {
		return act.MinRange > 0 && t.backOffAndAttack(act, what, why)
	}
	decide(h, i, what, -1, why)
	h.PerformCard(i, act, ts)
	return true
}

// perform carries out a card action that makes no attack (what and why:
// the trace's note).
func (t *treeRun) perform(act *sim.CardAction, what, why string) bool {
	if !t.h.CanAct(t.i, sim.ActAttack) {
		return false
	}
	var cands, aff [sim.MaxModels]int8
	n := 0
	tg := target(t.h, t.i, t.tree)
	decide(t.h, t.i, what, tg, why)
	if tg >= 0 {
		cands[0] = int8(tg)
		n = 1
	}
	t.h.PerformCard(t.i, act, t.h.Affected(t.i, act, cands[:n], aff[:0]))
	return true
}

// aggress: is the Foe within 10" of a Hostile model? Yes: a Move toward
// the Target, then Close Combat, else Ranged Combat, else a second Move
// toward the Target.
func (t *treeRun) aggress() bool {
	h, i := t.h, t.i
	var cands [sim.MaxModels]int8
	n, closest, cd := aggroCandidates(h, i, &cands)
	if cd > aggroRange {
		return false
	}
	tg := pickTarget(h, i, t.tree, cands[:n], closest)
	if tg < 0 {
		return false
	}
	decide(h, i, "aggress", tg, "a Hostile model within 10\"")
	t.moveToward(tg)
	if t.closeCombat() || t.rangedCombat() {
		return true
	}
	t.moveToward(tg)
	return true
}

// reposition: is the Foe more than 5" away from every Friendly model (or
// Objective)? Yes: a Move toward the largest group of Minions, else the
// Adversary; then Close Combat, else Ranged Combat, else Hold Ground.
// With no Friendly model at all the answer is No.
func (t *treeRun) reposition() bool {
	h, i := t.h, t.i
	near := float32(1e9)
	for bs := h.Friends(i); bs != 0; bs &= bs - 1 {
		if d := h.Edge(i, bits.TrailingZeros16(bs)); d < near {
			near = d
		}
	}
	if near > 1e8 || near <= 5 {
		return false
	}
	goal, stop := rallyPoint(h, i)
	decide(h, i, "reposition", stop, "more than 5\" from every Friendly model")
	t.move(goal, stop, false)
	return t.closeCombat() || t.rangedCombat() || t.holdGround()
}

// retreat: is the Foe within a Hostile model's LOS and Melee Attack
// range? Yes: a Move away from them, then Ranged Combat, else Hold Ground.
func (t *treeRun) retreat() bool {
	h, i := t.h, t.i
	var sum geom.Vec
	n := 0
	for bs := h.Hostiles(i); bs != 0; bs &= bs - 1 {
		if k := bits.TrailingZeros16(bs); h.Within(i, k, h.MeleeReach(k)) && h.LOS(k, i) {
			sum = sum.Add(h.M[k].Pos)
			n++
		}
	}
	if n == 0 {
		return false
	}
	decide(h, i, "retreat", -1, "in a Hostile model's reach and sight")
	t.away(sum.Scale(1 / float32(n)))
	return t.rangedCombat() || t.holdGround()
}

// holdGround: the Foe holds its position and Passes (its Action already
// spent on a Move, it only stands: the trace notes nothing).
func (t *treeRun) holdGround() bool {
	decide(t.h, t.i, "hold ground", -1, "no earlier answer of its tree applies")
	t.h.Pass(t.i)
	return true
}

// cardFor returns the action whose SPD modifier applies this Turn (the
// Adversary's card; Minions have none).
func (t *treeRun) cardFor() *sim.CardAction {
	if t.h.IsAdversary(t.i) {
		return t.melee
	}
	return nil
}

// moveToward moves Foe i toward model tg as far as it can (to base
// contact), or only until its attack reaches with the in-range switch.
// A Foe whose attack has a minimum range always moves only until it
// reaches, never into base contact.
func (t *treeRun) moveToward(tg int) {
	h, i := t.h, t.i
	if h.Sc.Rules.FoeMoveInRange || t.minRange() {
		reach := float32(-1)
		for _, a := range [2]*sim.CardAction{t.melee, t.ranged} {
			if a != nil && a.Attack != sim.AttackNone {
				if r := h.ActionRange(i, a); r > reach {
					reach = r
				}
			}
		}
		if reach >= 0 && h.Within(i, tg, reach) && h.LOS(i, tg) {
			return
		}
		if reach >= 0 {
			// Only as far as the attack needs: stop reach short of the target.
			gap := h.Edge(i, tg) - reach
			dir := h.M[tg].Pos.Sub(h.M[i].Pos).Norm()
			t.move(h.M[i].Pos.Add(dir.Scale(gap)), tg, true)
			return
		}
	}
	t.move(h.M[tg].Pos, tg, true)
}

// minRange reports whether one of the Foe's attacks has a minimum range.
func (t *treeRun) minRange() bool {
	return t.melee != nil && t.melee.MinRange > 0 || t.ranged != nil && t.ranged.MinRange > 0
}

// move spends the free Move if it is left, else the Action, on a move
// toward goal.
func (t *treeRun) move(goal geom.Vec, stop int, _ bool) {
	h, i := t.h, t.i
	extra := float32(0)
	if c := t.cardFor(); c != nil {
		extra = float32(c.ModSPD)
	}
	if h.CanFreeMove(i) {
		h.FreeMove(i, goal, stop, extra)
		return
	}
	if h.CanAct(i, sim.ActMove) {
		h.Move(i, goal, stop, extra)
	}
}

// target returns Foe i's Aggro target by its tree: among Hostile models
// not Hidden, within 10" and in LOS; with none, the closest Hostile model
// not Hidden; -1 when there is no Hostile model at all.
func target(h *sim.Hunt, i int, tree sim.Tree) int {
	var cands [sim.MaxModels]int8
	n, closest, _ := aggroCandidates(h, i, &cands)
	return pickTarget(h, i, tree, cands[:n], closest)
}

// aggroCandidates puts into cands the Hostile models Foe i may target
// (not Hidden) within 10" of it, and returns how many, and the closest of
// all it may target with its edge distance (-1 and 1e9: none).
func aggroCandidates(h *sim.Hunt, i int, cands *[sim.MaxModels]int8) (n, closest int, cd float32) {
	closest, cd = -1, float32(1e9)
	for bs := h.Hostiles(i); bs != 0; bs &= bs - 1 {
		k := bits.TrailingZeros16(bs)
		m := &h.M[k]
		if !h.Targetable(k) || m.Conds.Has(sim.Hidden) {
			continue
		}
		d := h.Edge(i, k)
		if d < cd {
			closest, cd = k, d
		}
		if d <= aggroRange {
			cands[n] = int8(k)
			n++
		}
	}
	return n, closest, cd
}

// pickTarget is target's choice among the candidates aggroCandidates
// found: the Aggro choice of those in sight, else the closest.
func pickTarget(h *sim.Hunt, i int, tree sim.Tree, cands []int8, closest int) int {
	if tg := pickVisible(h, i, tree, cands); tg >= 0 {
		return tg
	}
	return closest
}

// pickVisible returns Foe i's Aggro choice among the candidates that are
// in its Line of Sight, testing sight only for the best Aggro group first;
// ties within a group are broken at random. -1: none is in sight.
func pickVisible(h *sim.Hunt, i int, tree sim.Tree, c []int8) int {
	n := len(c)
	if n == 1 {
		// One candidate: no Aggro to weigh, only its sight.
		if h.LOS(i, int(c[0])) {
			return int(c[0])
		}
		return -1
	}
	var key [sim.MaxModels]float32
	rule := h.Sc.Adversary.TreeOf(tree).Aggro
	for x := 0; x < n; x++ {
		key[x] = aggroKey(h, i, int(c[x]), rule)
	}
	for x := 1; x < n; x++ {
		for y := x; y > 0 && key[y] < key[y-1]; y-- {
			key[y], key[y-1] = key[y-1], key[y]
			c[y], c[y-1] = c[y-1], c[y]
		}
	}
	var seen [sim.MaxModels]int8
	for x := 0; x < n; {
		y := x
		m := 0
		for y < n && key[y] == key[x] {
			if h.LOS(i, int(c[y])) {
				seen[m] = c[y]
				m++
			}
			y++
		}
		switch {
		case m == 1:
			return int(seen[0])
		case m > 1:
			return int(seen[h.Dice.IntN(m)])
		}
		x = y
	}
	return -1
}

// aggroKey is the Aggro preference of model k for Foe i by Aggro rule
// rule: smaller is preferred.
func aggroKey(h *sim.Hunt, i, k int, rule sim.AggroRule) float32 {
	switch rule {
	case sim.AggroMostWND:
		return -float32(h.M[k].WND)
	case sim.AggroFewestWND:
		return float32(h.M[k].WND)
	}
	return h.Edge(i, k)
}

// aggroOrder sorts candidates by Aggro, best first; a tie for first place
// is broken at random (the rulebook's d10), the rest keep model order.
func aggroOrder(h *sim.Hunt, i int, tree sim.Tree, c []int8) {
	n := len(c)
	if n < 2 {
		return
	}
	var key [sim.MaxModels]float32
	rule := h.Sc.Adversary.TreeOf(tree).Aggro
	for x := 0; x < n; x++ {
		key[x] = aggroKey(h, i, int(c[x]), rule)
	}
	for x := 1; x < n; x++ {
		for y := x; y > 0 && key[y] < key[y-1]; y-- {
			key[y], key[y-1] = key[y-1], key[y]
			c[y], c[y-1] = c[y-1], c[y]
		}
	}
	ties := 1
	for ties < n && key[ties] == key[0] {
		ties++
	}
	if ties > 1 {
		j := h.Dice.IntN(ties)
		c[0], c[j] = c[j], c[0]
	}
}

// rallyPoint is where a Repositioning Foe heads: the largest group of
// Minions (a cluster linked by gaps of at most 3"), else the nearest other
// model of the Adversary. It returns the point and the model to stop at.
func rallyPoint(h *sim.Hunt, i int) (geom.Vec, int) {
	// 1) The furthest Objective: the Vessel, the Cosmic Well, a token on
	// the ground.
	if p, stop, ok := furthestObjective(h, i); ok {
		return p, stop
	}
	first := int(h.Adv0 + h.NAdv)
	var group [sim.MaxModels]int8
	for k := range group {
		group[k] = -1
	}
	// Label clusters of Minions (other than i).
	next := int8(0)
	for k := first; k < int(h.N); k++ {
		if k == i || !h.M[k].Alive() || group[k] >= 0 || h.M[k].Kind != sim.Minion {
			continue
		}
		group[k] = next
		changed := true
		for changed {
			changed = false
			for a := first; a < int(h.N); a++ {
				if group[a] != next {
					continue
				}
				for b := first; b < int(h.N); b++ {
					if b != i && group[b] < 0 && h.M[b].Alive() && h.M[b].Kind == sim.Minion && h.Edge(a, b) <= 3 {
						group[b] = next
						changed = true
					}
				}
			}
		}
		next++
	}
	bestG, bestN, bestD := int8(-1), 0, float32(1e9)
	for g := int8(0); g < next; g++ {
		cnt, nearK, nearD := 0, -1, float32(1e9)
		for k := first; k < int(h.N); k++ {
			if group[k] == g {
				cnt++
				if d := h.Edge(i, k); d < nearD {
					nearK, nearD = k, d
				}
			}
		}
		_ = nearK
		if cnt > bestN || cnt == bestN && nearD < bestD {
			bestG, bestN, bestD = g, cnt, nearD
		}
	}
	if bestG >= 0 {
		var sum geom.Vec
		stop, sd := -1, float32(1e9)
		for k := first; k < int(h.N); k++ {
			if group[k] == bestG {
				sum = sum.Add(h.M[k].Pos)
				if d := h.Edge(i, k); d < sd {
					stop, sd = k, d
				}
			}
		}
		return sum.Scale(1 / float32(bestN)), stop
	}
	stop, sd := -1, float32(1e9)
	for k := int(h.Adv0); k < int(h.Adv0+h.NAdv); k++ {
		if k != i && h.M[k].Alive() {
			if d := h.Edge(i, k); d < sd {
				stop, sd = k, d
			}
		}
	}
	if stop < 0 {
		return h.M[i].Pos, -1
	}
	return h.M[stop].Pos, stop
}

// furthestObjective returns the Objective point furthest from Foe i (the
// Vessel, to be stopped at; the Cosmic Well; a token on the ground), if any.
func furthestObjective(h *sim.Hunt, i int) (geom.Vec, int, bool) {
	o := &h.Obj
	pos := h.M[i].Pos
	var best geom.Vec
	stop, bd, ok := -1, float32(-1), false
	consider := func(p geom.Vec, s int) {
		if d := pos.Dist(p); d > bd {
			best, stop, bd, ok = p, s, d, true
		}
	}
	if v := int(o.Vessel); v >= 0 && h.M[v].Alive() && v != i {
		consider(h.M[v].Pos, v)
	}
	if h.Sc.Objective.Kind == sim.ObjWell && !o.Banished {
		consider(o.Marker, -1)
	}
	for k := 0; k < int(o.NTok); k++ {
		if t := &o.Tok[k]; t.Holder < 0 && !t.Gone && !(h.Sc.Objective.Kind == sim.ObjSeal && t.Done) {
			consider(t.Pos, -1)
		}
	}
	return best, stop, ok
}
