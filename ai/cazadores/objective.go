package cazadores

import (
	"math/bits"

	sim "balance/sim/cazadores"
	"balance/sim/dice"
	"balance/sim/geom"
)

// objective pursues the hunt's Objective where the Baseline policy has a
// plan for it; it reports whether it took the Turn's Action.
//
//   - Banish the Well: the Pack model with the largest Lore pool goes to
//     the Cosmic Well and banishes it when no Hostile model is by it.
//   - Capture the Beast (capture): the Net's carrier readies the Net once
//     the Adversary has two hit locations exhausted (the Subdue Check rolls
//     one die per exhausted location), keeps it readied, gets 3-5" away and
//     throws it; until the capture is settled no Pack model makes an
//     attack that could well defeat the Adversary, and those held back
//     fight Minions, keep clear, help or Defend instead.
func (b Baseline) objective(h *sim.Hunt, i int) bool {
	switch h.Sc.Objective.Kind {
	case sim.ObjWell:
		if h.Obj.Banished || banisher(h) != i {
			return false
		}
		if h.CanBanish(i) {
			decide(h, i, "banish the Cosmic Well", -1, "the Objective: at the Well, none guarding it")
			h.Banish(i)
			return true
		}
		near := h.M[i].Pos.Dist(h.Obj.Marker) <= h.Obj.MarkerR+h.M[i].R+1
		if near {
			return false // Hostile models guard the Well: fight them
		}
		moved := freeMoveFor(h, i, h.Obj.Marker, -1, "go to the Cosmic Well", -1, "the Objective: the Pack's best at Lore banishes it")
		if h.CanBanish(i) {
			decide(h, i, "banish the Cosmic Well", -1, "the Objective: at the Well, none guarding it")
			h.Banish(i)
			return true
		}
		if moved >= blockedMove && h.M[i].Pos.Dist(h.Obj.Marker) > h.Obj.MarkerR+h.M[i].R+1 {
			moveFor(h, i, h.Obj.Marker, -1, "go to the Cosmic Well", -1, "the Objective: still short of the Well")
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
			if int(t.Holder) != i {
				continue
			}
			// The Genuine Icon leaves at once. An Artifact's carrier goes
			// on collecting and fighting while it is well: the Artifacts
			// are recovered just as surely if the Adversary falls; a
			// carrier at half its WNDs or less takes them out.
			if t.Genuine {
				b.flee(h, i, "the Objective: carry the Genuine Icon out")
				return true
			}
			if kind == sim.ObjArtifacts && hurt(h, i, 0.5) {
				b.flee(h, i, "the Objective: carry the Artifacts out, at half its WNDs or less")
				return true
			}
		}
	}
	if h.CanTakeToken(i) {
		decide(h, i, "take the objective token", -1, "the Objective: a token in reach")
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
	moved := freeMoveFor(h, i, t.Pos, -1, "go to an objective token", -1, "the Objective: a token left to deal with")
	if h.CanTakeToken(i) {
		decide(h, i, "take the objective token", -1, "the Objective: a token in reach")
		h.TakeToken(i)
		return true
	}
	// A Move gets no further than a free Move that made no headway (a
	// base bars the way): fight instead.
	if moved >= blockedMove && h.M[i].Pos.Dist(t.Pos) > sim.TokenR+h.M[i].R+1 {
		moveFor(h, i, t.Pos, -1, "go to an objective token", -1, "the Objective: still short of the token")
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

// captureRisk is the largest chance of defeating the Adversary that an
// attack on it may have while a capture is pending (see capture).
const captureRisk = 0.05

// capture plays Capture the Beast while the capture is pending
// (capturePending: the Adversary is on the board, and the Net held it this
// Round or a living Pack model still has a Net shot); it reports whether
// it took model i's Action. The Baseline's rule:
//
//   - It is time to throw the Net (netTime) once the Adversary has netAt
//     hit locations exhausted (the Subdue Check rolls one die per exhausted
//     location), or one while no Pack model may attack it safely (stuck:
//     waiting would not grow the Subdue pool).
//   - The Net's carrier (netPlay) readies the Net, with its 1-handed melee
//     weapon of most POW if it has one, when it is time to throw or when
//     its own attack is held back anyway. From then on it keeps the Net
//     readied until the capture is no longer pending (keepNet;
//     meleeLoadout does not switch it away, so it does not flip-flop): it
//     closes to 3-5" (netSpot, stepping around a base that bars the way),
//     throws the Net at the Adversary, at most once a Round, reloads it
//     after a throw, and when it cannot reach its throwing spot it clears
//     Terrified or Moves. Only netPlay throws the Net; melee never does.
//   - No Pack model attacks the Adversary with an attack whose chance of
//     defeating it is above captureRisk (attackRisk: dealing its WNDs left,
//     less what its Burning, Poisoned and Bleeding will take by the end of
//     the Round), before the Net lands as after: a defeated Adversary can
//     no longer be captured, and a netted one must still stand at the end
//     of the Round for its Subdue Check. Once it is time to throw, a model
//     at a third of its WNDs or less stops attacking it too (the fight is
//     drawn out on purpose). Such models hold instead (hold: fight a
//     Minion, keep out of the Adversary's reach, clear Conditions, heal,
//     Aid, Spot Weakness for a doubtful throw, Defend). Attacks that cannot
//     defeat it go on, so the Subdue pool can grow, and Minions are fought
//     as usual. With no location exhausted yet and no safe attack left,
//     the Pack attacks anyway: there would be no die to subdue with.
//   - When the capture is no longer pending (captured, the Adversary
//     defeated, every Net shot spent with the Net not holding it) the Pack
//     plays as without an Objective.
func (b Baseline) capture(h *sim.Hunt, i int) bool {
	if !capturePending(h) {
		return false
	}
	if b.netPlay(h, i) {
		return true
	}
	tg := b.target(h, i)
	if tg < 0 || !h.IsAdversary(tg) {
		return false
	}
	if attackRisk(h, i, tg) <= captureRisk && !(netTime(h) && hurt(h, i, 0.34)) {
		return false
	}
	if exhaustedLocs(h) == 0 && stuck(h) {
		return false // no die to subdue with yet and no safe attack: risk it
	}
	b.hold(h, i, tg)
	return true
}

// stuck reports whether no living Pack model may attack the Adversary
// within captureRisk now, so that holding back gains nothing.
func stuck(h *sim.Hunt) bool {
	for k := 0; k < int(h.NPack); k++ {
		if tg := netTarget(h, k); h.M[k].Alive() && tg >= 0 && attackRisk(h, k, tg) <= captureRisk {
			return false
		}
	}
	return true
}

// netTime reports whether the Net should be thrown now: the Adversary has
// netAt hit locations exhausted, or at least one while no Pack model may
// attack it safely (waiting would not grow the Subdue pool).
func netTime(h *sim.Hunt) bool {
	n := exhaustedLocs(h)
	return n >= netAt(h) || n >= 1 && stuck(h)
}

// netSlot returns the weapon slot of Pack model i's Net, -1 without one.
func netSlot(h *sim.Hunt, i int) int {
	if i >= int(h.NPack) {
		return -1
	}
	if nets := h.CaptureSlots(i); nets != 0 {
		return bits.TrailingZeros8(nets)
	}
	return -1
}

// isNet reports whether model i's weapon slot s (-1: Unarmed) is a Net.
func isNet(h *sim.Hunt, i, s int) bool {
	return s >= 0 && s == netSlot(h, i)
}

// capturePending reports whether the Adversary may still be captured: the
// Objective is Capture the Beast, an Adversary model is on the board, and
// the Net held it this Round or a living Pack model has a Net shot left.
func capturePending(h *sim.Hunt) bool {
	if h.Sc.Objective.Kind != sim.ObjCapture || h.Obj.Captured || netTarget(h, -1) < 0 {
		return false
	}
	if h.Obj.Netted {
		return true
	}
	for k := 0; k < int(h.NPack); k++ {
		if s := netSlot(h, k); s >= 0 && h.M[k].Alive() && h.M[k].Ammo[s] > 0 {
			return true
		}
	}
	return false
}

// keepNet reports whether Pack model i keeps its readied Net: it has a
// shot left and the capture is pending.
func keepNet(h *sim.Hunt, i int) bool {
	s := netSlot(h, i)
	return s >= 0 && h.M[i].Readied&(1<<s) != 0 && h.M[i].Ammo[s] > 0 && capturePending(h)
}

// netTarget returns the living Adversary model nearest model i (the first
// one for i < 0), -1 when none is left.
func netTarget(h *sim.Hunt, i int) int {
	best, bd := -1, float32(1e9)
	for k := int(h.Adv0); k < int(h.Adv0+h.NAdv); k++ {
		if !h.M[k].Alive() {
			continue
		}
		if i < 0 {
			return k
		}
		if d := h.Edge(i, k); d < bd {
			best, bd = k, d
		}
	}
	return best
}

// exhaustedLocs counts the Adversary's exhausted hit locations: the
// Subdue Check's pool.
func exhaustedLocs(h *sim.Hunt) int {
	n := 0
	for l := 0; l < int(h.Sc.Adversary.NLoc); l++ {
		if h.Exhausted&(1<<l) != 0 {
			n++
		}
	}
	return n
}

// netAt is how many hit locations the Adversary must have exhausted before
// the Net is readied and thrown: two, or one fewer than it has.
func netAt(h *sim.Hunt) int {
	return max(1, min(2, int(h.Sc.Adversary.NLoc)-1))
}

// netPlay is the Net carrier's part of capture; it reports whether it took
// model i's Action.
func (b Baseline) netPlay(h *sim.Hunt, i int) bool {
	m := &h.M[i]
	d := &h.Sc.Pack[m.Def]
	net := netSlot(h, i)
	if net < 0 || m.Ammo[net] == 0 {
		return false
	}
	if m.Readied&(1<<net) == 0 {
		// Ready it when it is time to throw, or when the carrier's own
		// attack is held back anyway.
		if !h.CanAct(i, sim.ActSwitch) {
			return false
		}
		if tg := netTarget(h, i); !netTime(h) && (tg < 0 || attackRisk(h, i, tg) <= captureRisk) {
			return false
		}
		// The Net and its 1-handed melee weapon of most POW, if any.
		mask, pow := uint8(1<<net), int8(-100)
		for s := 0; s < int(d.NWeapons); s++ {
			w := &h.Sc.Weapons[d.Weapons[s]]
			if s != net && w.Kind == sim.MeleeWeapon && w.Hands == 1 && w.POW > pow {
				mask, pow = 1<<net|1<<s, w.POW
			}
		}
		if h.Trace != nil && h.CanSwitch(i, mask) {
			decide(h, i, "ready the Net", -1, "the capture: the Net's time is near")
		}
		return h.Switch(i, mask)
	}
	if h.CanReload(i, net) {
		decide(h, i, "reload the Net", -1, "the capture: the Net is not loaded")
		return h.Reload(i, net)
	}
	tg := netTarget(h, i)
	if h.Obj.Netted || tg < 0 || !netTime(h) {
		return false // the Net stays readied; the carrier fights on
	}
	w := &h.Sc.Weapons[d.Weapons[net]]
	goal := netSpot(h, i, tg, w)
	if !h.CanAttack(i, tg, net) && h.CanFreeMove(i) &&
		freeMoveFor(h, i, goal, -1, "move to throw the Net", tg, "the capture: the Net out of reach") < 0.1 {
		// The straight way is barred (a base it would end on, terrain):
		// step around.
		goal = detour(h, i, goal)
	}
	if h.CanAttack(i, tg, net) {
		decide(h, i, "throw the Net", tg, "the capture: the Adversary worn down and in the Net's reach")
		h.Attack(i, tg, net)
		return true
	}
	if !h.CanAct(i, sim.ActAttack) {
		return false
	}
	// Not in reach this Turn: clear the terror that holds it back, or
	// Move toward its throwing spot.
	if m.Conds.Has(sim.Terrified) && h.CanAct(i, sim.ActRecover) {
		// The Action is taken whether or not the Check clears the terror.
		decide(h, i, "recover", -1, "terrified, and the Net out of reach")
		h.Recover(i, sim.Terrified)
		return true
	}
	if !h.InWeaponRange(i, net, tg) && goal != m.Pos && h.CanAct(i, sim.ActMove) {
		moveFor(h, i, goal, -1, "move to throw the Net", tg, "the capture: the Net out of reach this Turn")
		return true
	}
	return false
}

// netSpot is where the Net's carrier i throws it at tg from: the middle of
// the Net's range band on the line from tg through i or, when the board's
// edge cuts that point off, the nearest point of the band's middle around
// tg (in 16 directions) that is on the board.
func netSpot(h *sim.Hunt, i, tg int, w *sim.WeaponDef) geom.Vec {
	m, t := &h.M[i], &h.M[tg]
	inBand := func(q geom.Vec) bool {
		d := q.Dist(t.Pos) - m.R - t.R
		return d >= w.Min && d <= w.Max
	}
	g := bandGoal(h, i, tg, w)
	if inBand(g) {
		return g
	}
	want := (w.Min+w.Max)/2 + m.R + t.R
	best, bd := g, float32(1e9)
	for a := 0; a < 256; a += 16 {
		q := geom.ClampToBoard(t.Pos.Add(geom.Dir(uint8(a)).Scale(want)), m.R, h.Sc.Map.W, h.Sc.Map.H)
		if d := q.Dist(m.Pos); d < bd && inBand(q) {
			best, bd = q, d
		}
	}
	return best
}

// detour is the step model i takes toward goal when the straight way
// there is barred: of the points a Move's length away in 16 directions, on
// the board, whose way no other base crosses, the one nearest goal that
// gets at least 1" nearer to it; i's own position when none does.
func detour(h *sim.Hunt, i int, goal geom.Vec) geom.Vec {
	m := &h.M[i]
	step := float32(max(h.SPD(i), 1))
	best, bd := m.Pos, m.Pos.Dist(goal)-1
	for a := 0; a < 256; a += 16 {
		q := geom.ClampToBoard(m.Pos.Add(geom.Dir(uint8(a)).Scale(step)), m.R, h.Sc.Map.W, h.Sc.Map.H)
		d := q.Dist(goal)
		if d >= bd {
			continue
		}
		clear := true
		for k := 0; k < int(h.N) && clear; k++ {
			clear = k == i || !h.M[k].Alive() || !geom.SegmentCircle(m.Pos, q, h.M[k].Pos, h.M[k].R+m.R)
		}
		if clear {
			best, bd = q, d
		}
	}
	return best
}

// captureMargin is the Adversary's WNDs left less those its Conditions
// will take by the end of the Round (Burning 4, Poisoned 1, Bleeding 1 for
// a Move, per model).
func captureMargin(h *sim.Hunt) int {
	n := int(h.AdvLeft)
	for k := int(h.Adv0); k < int(h.Adv0+h.NAdv); k++ {
		c := h.M[k].Conds
		if !h.M[k].Alive() {
			continue
		}
		if c.Has(sim.Burning) {
			n -= 4
		}
		if c.Has(sim.Poisoned) {
			n--
		}
		if c.Has(sim.Bleeding) {
			n--
		}
	}
	return n
}

// attackRisk returns the largest chance that an attack Pack model i could
// make on Adversary model tg this Turn deals at least the captureMargin:
// with each readied weapon that deals WNDs (a loaded one, for shooting
// weapons), Unarmed when it has no melee weapon readied, and each Ritual
// with POW it may cast on tg. The chances count the Advantage and
// Disadvantage in force now (a Defenceless target's DT is 0).
func attackRisk(h *sim.Hunt, i, tg int) float64 {
	prepareOdds() // the odds table (made once: checkOdds reads it)
	need := captureMargin(h)
	if need <= 0 {
		return 1
	}
	m := &h.M[i]
	d := &h.Sc.Pack[m.Def]
	risk := 0.0
	try := func(kind sim.AttackKind, pool int, pow int8) {
		p := 1.0
		if k := need - int(pow); k > 0 {
			p = dice.PAtLeast(pool, h.Defence(tg, kind), advantage(h, i, tg, kind, 0), k)
		}
		risk = max(risk, p)
	}
	armed := false
	for s := 0; s < int(d.NWeapons); s++ {
		w := &h.Sc.Weapons[d.Weapons[s]]
		if m.Readied&(1<<s) == 0 || w.NoDamage || w.Kind == sim.ArcaneWeapon {
			continue
		}
		if w.Kind == sim.ShootingWeapon {
			if m.Loaded&(1<<s) != 0 && m.Ammo[s] > 0 {
				try(sim.ShootingAttack, h.Pool(i, sim.Shooting), w.POW)
			}
			continue
		}
		armed = true
		try(sim.MeleeAttack, h.Pool(i, sim.Melee), w.POW)
	}
	if !armed {
		try(sim.MeleeAttack, h.Pool(i, sim.Melee), h.Sc.Weapons[0].POW)
	}
	for r := 0; r < h.NumRituals(i); r++ {
		if rd := h.RitualOf(i, r); rd != nil && rd.POW > 0 && h.CanCast(i, r, tg) {
			try(sim.ShootingAttack, int(rd.POW), 0)
		}
	}
	return risk
}

// hold spends model i's Turn without attacking the Adversary tg, which its
// attack might defeat before the capture. It fights the nearest Minion if
// there is one. Otherwise it steps out of the Adversary's reach with its
// free Move (the rules have no disengagement), then clears a Condition of
// its own, heals with a Ritual or gear, Aids a friend within 3" out of a
// Condition (the Net's carrier first), Spots the Adversary's Weakness for
// a Net throw that needs it, and, still within the Adversary's reach,
// Moves out of it when a Move gets it clear, else Defends; out of reach it
// Passes.
func (b Baseline) hold(h *sim.Hunt, i, tg int) {
	m := &h.M[i]
	if mn := nearestMinion(h, i); mn >= 0 {
		decide(h, i, "fight a Minion", mn, "the capture: spare the Adversary")
		if s, ok := shooter(h, i); ok {
			b.shoot(h, i, s, mn)
		} else {
			b.melee(h, i, mn)
		}
		return
	}
	if advThreat(h, i) && h.CanFreeMove(i) {
		freeMoveFor(h, i, awayFrom(h, i, tg), -1, "step out of the Adversary's reach", tg, "the capture: spare the Adversary")
	}
	for _, c := range holdConds {
		if m.Conds.Has(c) && h.CanAct(i, sim.ActRecover) {
			decidef(h, i, "recover from ", c.String(), -1, "the capture: spare the Adversary")
			h.Recover(i, c)
			return
		}
	}
	if b.rituals(h, i, -1) || b.gear(h, i, -1) {
		return
	}
	if f, c := aidable(h, i); f >= 0 {
		decide(h, i, "aid", f, "the capture: spare the Adversary; a friend within 3\" to clear of a Condition")
		h.Aid(i, f, c)
		return
	}
	if spotForNet(h, i, tg) {
		decide(h, i, "spot weakness", tg, "the capture: Advantage for the Net's throw")
		h.SpotWeakness(i, tg)
		return
	}
	if advThreat(h, i) {
		away := awayFrom(h, i, tg)
		if away.Dist(h.M[tg].Pos)-h.M[i].R-h.M[tg].R > threatReach(h, tg) && h.CanAct(i, sim.ActMove) {
			moveFor(h, i, away, -1, "keep clear of the Adversary", tg, "the capture: spare the Adversary")
			return
		}
		if h.CanAct(i, sim.ActDefend) {
			decide(h, i, "defend", -1, "the capture: spare the Adversary, within its reach")
			h.Defend(i)
			return
		}
	}
	decide(h, i, "wait", -1, "the capture: spare the Adversary")
	h.Pass(i)
}

// threatReach is how far Adversary model k could reach to attack on its
// next Turn, as advThreat counts it.
func threatReach(h *sim.Hunt, k int) float32 {
	return float32(h.SPD(k)) + float32(h.M[k].RNG) + 2
}

// awayFrom is the point model i heads for to get away from model k: of
// the points a Move's length (its SPD) away in 16 directions, kept on the
// board, the one farthest from k.
func awayFrom(h *sim.Hunt, i, k int) geom.Vec {
	m := &h.M[i]
	step := float32(max(h.SPD(i), 1))
	best, bd := m.Pos, m.Pos.Dist(h.M[k].Pos)
	for a := 0; a < 256; a += 16 {
		q := geom.ClampToBoard(m.Pos.Add(geom.Dir(uint8(a)).Scale(step)), m.R, h.Sc.Map.W, h.Sc.Map.H)
		if d := q.Dist(h.M[k].Pos); d > bd {
			best, bd = q, d
		}
	}
	return best
}

// spotForNet reports whether model i should Spot the Adversary tg's
// Weakness for the Net: tg is within 5" and not yet Spotted, and the Net
// is ready to be thrown this Round with less than a 0.85 chance to hit.
func spotForNet(h *sim.Hunt, i, tg int) bool {
	prepareOdds() // the odds table (made once: checkOdds reads it)
	if h.Obj.Netted || h.M[tg].Spotted || !h.Within(i, tg, 5) || !h.CanAct(i, sim.ActSpotWeakness) {
		return false
	}
	c := netReady(h)
	if c < 0 {
		return false
	}
	p := checkOdds(h.Pool(c, sim.Shooting), h.Defence(tg, sim.ShootingAttack), advantage(h, c, tg, sim.ShootingAttack, 0)).hit
	return p < 0.85
}

// holdConds are the Conditions a holding model clears from itself, the
// most harmful first.
var holdConds = [...]sim.Cond{sim.Burning, sim.Terrified, sim.Defenceless, sim.Poisoned, sim.Bleeding, sim.Freezing}

// nearestMinion returns the Hostile model nearest model i that is not the
// Adversary's, -1 when none is left.
func nearestMinion(h *sim.Hunt, i int) int {
	best, bd := -1, float32(1e9)
	for bs := h.Hostiles(i); bs != 0; bs &= bs - 1 {
		k := bits.TrailingZeros16(bs)
		if h.IsAdversary(k) || !h.Targetable(k) {
			continue
		}
		if d := h.Edge(i, k); d < bd {
			best, bd = k, d
		}
	}
	return best
}

// aidable returns a Friendly Pack model within 3" of model i that an Aid
// could clear of a Condition, and the Condition: the Net's carrier first,
// then the others in order; -1 when none.
func aidable(h *sim.Hunt, i int) (int, sim.Cond) {
	if !h.CanAct(i, sim.ActAid) {
		return -1, sim.NoCond
	}
	pick := func(k int) sim.Cond {
		if k == i || k >= int(h.NPack) || !h.M[k].Alive() || !h.Within(i, k, 3) {
			return sim.NoCond
		}
		for _, c := range aidConds {
			if h.M[k].Conds.Has(c) {
				return c
			}
		}
		return sim.NoCond
	}
	for k := 0; k < int(h.NPack); k++ {
		if netSlot(h, k) >= 0 {
			if c := pick(k); c != sim.NoCond {
				return k, c
			}
		}
	}
	for k := 0; k < int(h.NPack); k++ {
		if c := pick(k); c != sim.NoCond {
			return k, c
		}
	}
	return -1, sim.NoCond
}

// aidConds are the Conditions an Aid clears from a friend, the most
// crippling first.
var aidConds = [...]sim.Cond{sim.Stunned, sim.KnockedDown, sim.Terrified, sim.Burning, sim.Defenceless}

// netReady returns the living Pack model that holds a readied, loaded
// Net with the Adversary worn down enough to throw it, -1 when none does.
func netReady(h *sim.Hunt) int {
	if !netTime(h) {
		return -1
	}
	for k := 0; k < int(h.NPack); k++ {
		m := &h.M[k]
		if s := netSlot(h, k); s >= 0 && m.Alive() && m.Readied&(1<<s) != 0 && m.Loaded&(1<<s) != 0 && m.Ammo[s] > 0 {
			return k
		}
	}
	return -1
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
		freeMoveFor(h, i, h.M[p].Pos, p, "go to the Prisoner", p, "the Objective: the nearest of the Pack frees the Prisoner")
	}
	if h.Within(i, p, 3) && h.CanAct(i, sim.ActAid) {
		decide(h, i, "aid the Prisoner", p, "the Objective: within 3\" of the Prisoner")
		h.Aid(i, p, sim.NoCond)
		return true
	}
	if !h.Obj.Freed && h.CanAct(i, sim.ActMove) {
		moveFor(h, i, h.M[p].Pos, p, "go to the Prisoner", p, "the Objective: still short of the Prisoner")
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
		freeMoveFor(h, i, goal, -1, "get clear of the Explosive Barrel", -1, "the barrel is set: out of its blast")
		if m.Pos.Dist(p)-m.R-sim.TokenR <= sim.BarrelBlast {
			moveFor(h, i, goal, -1, "get clear of the Explosive Barrel", -1, "still within its blast")
			return true
		}
		return false
	}
	if h.CanTakeToken(i) {
		decide(h, i, "pick up a barrel", -1, "the Objective: a barrel in reach")
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
	moved := float32(0)
	if !h.InTerritory(i) {
		moved = freeMoveFor(h, i, o.Marker, -1, "go to the Territory", -1, "the Objective: the barrel carrier nearest the Territory sets it")
	}
	if h.CanPlaceBarrel(i) {
		decide(h, i, "set the Explosive Barrel", -1, "the Objective: in the Territory, the barrel readied")
		h.PlaceBarrel(i)
		return true
	}
	if o.BarrelReady&(1<<i) == 0 {
		decide(h, i, "ready the Explosive Barrel", -1, "the Objective: to set it in the Territory")
		return h.ReadyBarrel(i)
	}
	if !h.InTerritory(i) && moved >= blockedMove {
		moveFor(h, i, o.Marker, -1, "go to the Territory", -1, "the Objective: still outside it")
		return true
	}
	return false
}
