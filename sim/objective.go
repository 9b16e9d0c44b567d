package sim

import "balance/sim/geom"

var objNames = [...]string{"none", "assassinate-the-vessel", "banish-the-well", "capture-the-beast", "escape-the-ambush",
	"exterminate-foes", "forge-the-seal", "raze-habitat", "recover-the-artifacts", "retrieve-the-icon", "save-the-prisoner"}

func (k ObjKind) String() string {
	if int(k) < len(objNames) {
		return objNames[k]
	}
	return "?"
}

// ObjKindByName returns the Objective with slug s.
func ObjKindByName(s string) (ObjKind, bool) {
	for i, n := range objNames {
		if n == s && i > 0 {
			return ObjKind(i), true
		}
	}
	return NoObjective, false
}

// ObjState is the state of a hunt's Objective.
type ObjState struct {
	Marker   geom.Vec // the Cosmic Well
	MarkerR  float32
	Banished bool // the Well is banished
	Netted   bool // the Net held the Adversary this Round: a Subdue Check at its end
	Captured bool // the Adversary is captured
	Met      bool
}

// WellDiameter is the Cosmic Well's Area.
const WellDiameter = 2

// setupObjective makes an Objective's changes to the setup that come
// before the Foes deploy (the Cosmic Well, placed by a Scatter Roll from
// the centre).
func (h *Hunt) setupObjective() {
	mp := &h.Sc.Map
	switch h.Sc.Objective.Kind {
	case ObjWell:
		h.Obj.MarkerR = WellDiameter / 2
		p := h.scatter(geom.V(mp.W/2, mp.H/2))
		h.Obj.Marker = geom.ClampToBoard(p, h.Obj.MarkerR, mp.W, mp.H)
	}
}

// objectiveEndOfRound resolves an Objective's end-of-Round rules: the
// Cosmic Well heals every Foe d5 (one roll) until banished; a netted
// Adversary makes its Subdue Check.
func (h *Hunt) objectiveEndOfRound() {
	switch h.Sc.Objective.Kind {
	case ObjWell:
		if h.Obj.Banished {
			return
		}
		n := h.RNG.D5()
		for i := int(h.NPack); i < int(h.N); i++ {
			if h.M[i].State == Active {
				h.recoverWND(i, n)
			}
		}
	case ObjCapture:
		if !h.Obj.Netted {
			return
		}
		h.Obj.Netted = false
		pool := 0
		for l := 0; l < int(h.Sc.Adversary.NLoc); l++ {
			if h.Exhausted&(1<<l) != 0 {
				pool++
			}
		}
		res := h.roll(pool, 5, 0)
		if h.Trace != nil {
			h.lastPool, h.lastDT, h.lastAdv = int8(pool), 5, 0
			h.emitCheck(EvCheck, int(h.Adv0), -1, res)
		}
		if res.OK() && h.adversaryAlive() {
			h.Obj.Captured, h.Obj.Met = true, true
			for i := int(h.Adv0); i < int(h.Adv0+h.NAdv); i++ {
				if h.M[i].State == Active {
					h.kill(i, -1)
				}
			}
			if h.Trace != nil {
				h.emit(Event{Kind: EvTrigger, Model: int8(h.Adv0), Name: "captured"})
			}
		}
	}
}

// netHit records that the Net held the Adversary (Capture the Beast).
func (h *Hunt) netHit(t int) {
	if h.Sc.Objective.Kind == ObjCapture && h.IsAdversary(t) && !h.allExhausted() {
		h.Obj.Netted = true
	}
}

// CanBanish reports whether Pack model i may try to banish the Cosmic
// Well: within 1" of it, with no Hostile model within 1" of it.
func (h *Hunt) CanBanish(i int) bool {
	if h.Sc.Objective.Kind != ObjWell || h.Obj.Banished || !h.CanAct(i, ActCastRitual) || h.M[i].Side != PackSide {
		return false
	}
	if h.M[i].Pos.Dist(h.Obj.Marker) > h.Obj.MarkerR+h.M[i].R+1+geom.Eps {
		return false
	}
	for k := 0; k < int(h.N); k++ {
		m := &h.M[k]
		if m.State == Active && h.Hostile(i, k) && m.Pos.Dist(h.Obj.Marker) <= h.Obj.MarkerR+m.R+1+geom.Eps {
			return false
		}
	}
	return true
}

// Banish is the Cast Ritual Action (4 Ticks) at the Cosmic Well: a Lore
// Check against DT 5; success banishes it.
func (h *Hunt) Banish(i int) bool {
	if !h.CanBanish(i) {
		return false
	}
	h.startAction(i, ActCastRitual, h.ActionTicks(ActCastRitual))
	res := h.skillCheck(i, Lore, 5, 0, 0)
	if h.Trace != nil {
		h.emitCheck(EvCheck, i, -1, res)
	}
	if res.OK() {
		h.Obj.Banished, h.Obj.Met = true, true
		if h.Trace != nil {
			h.emit(Event{Kind: EvTrigger, Model: int8(i), Name: "the Cosmic Well is banished"})
		}
	}
	return res.OK()
}

// deployAmbush deploys for Escape the Ambush: every Pack model by a
// Scatter Roll from the centre, then the Adversary's models and each
// Minion by a Scatter Roll from a different Pack model, in turn.
func (h *Hunt) deployAmbush() {
	mp := &h.Sc.Map
	centre := geom.V(mp.W/2, mp.H/2)
	for i := 0; i < int(h.NPack); i++ {
		m := &h.M[i]
		m.Pos = h.outOfImpassable(geom.ClampToBoard(h.scatter(centre), m.R, mp.W, mp.H), m.R)
		h.shoveOverlaps(i)
	}
	first := h.RNG.IntN(int(h.NPack))
	for k, i := 0, int(h.NPack); i < int(h.N); k, i = k+1, i+1 {
		m := &h.M[i]
		from := h.M[(first+k)%int(h.NPack)].Pos
		m.Pos = h.outOfImpassable(geom.ClampToBoard(h.scatter(from), m.R, mp.W, mp.H), m.R)
		h.shoveOverlaps(i)
	}
}

// objectiveFinish settles the Objective when the hunt ends: whether it
// was met, and the Renown: d5 for each exhausted hit location (d5 more
// when the Adversary was defeated, not captured), plus the Objective's
// gain or loss.
func (h *Hunt) objectiveFinish() {
	o := &h.Sc.Objective
	if o.Kind == NoObjective {
		return
	}
	r := &h.Rec
	r.Objective = o.Kind
	fled, stayed, foesLeft := 0, 0, 0
	for i := 0; i < int(h.NPack); i++ {
		if h.M[i].State == Fled {
			fled++
		} else {
			stayed++
		}
	}
	for i := int(h.Adv0); i < int(h.N); i++ {
		if h.M[i].State == Active {
			foesLeft++
		}
	}
	switch o.Kind {
	case ObjExterminate:
		h.Obj.Met = r.Outcome == PackWon
	case ObjAmbush:
		h.Obj.Met = fled > 0
	}
	r.ObjectiveMet = h.Obj.Met
	renown := 0
	for l := 0; l < int(h.Sc.Adversary.NLoc); l++ {
		if h.Exhausted&(1<<l) != 0 {
			renown += h.RNG.D5()
		}
	}
	if h.allExhausted() && !h.Obj.Captured {
		renown += h.RNG.D5()
	}
	roll := func(d Roll) int {
		v := int(d.Plus)
		if d.Die > 0 {
			v += h.rollDie(int(d.Die))
		}
		return v
	}
	switch o.Per {
	case PerModel:
		for k := 0; k < fled; k++ {
			renown += roll(o.Success)
		}
		for k := 0; k < stayed; k++ {
			renown -= roll(o.Failure)
		}
	case PerFoe:
		if h.Obj.Met {
			renown += roll(o.Success)
		}
		for k := 0; k < foesLeft; k++ {
			renown -= roll(o.Failure)
		}
	default:
		if h.Obj.Met {
			renown += roll(o.Success)
		} else {
			renown -= roll(o.Failure)
		}
	}
	r.Renown = int16(renown)
}
