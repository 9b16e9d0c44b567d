package cazadores

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

	// Tokens: Warding Points, Artifacts or Icons.
	NTok     uint8
	Tok      [3]Token
	SealedIn bool // the Adversary stood in the Warding Points' triangle when the last was warded
	Vessel   int8 // the Vessel model, -1 without one
	Prisoner int8 // the Prisoner model, -1 without one
	Freed    bool // the Prisoner is freed
	FleeAdv  bool // the Prisoner's next Flee has Advantage (Aid)

	// Raze Habitat: barrels are tokens; BarrelReady[i]: Pack model i has
	// its barrel readied; Placed: the barrel placed (-1: none) and when.
	BarrelReady uint8
	Placed      int8
	PlacedRound uint16
	Detonated   bool
	FriendHurt  bool
}

// Token is a Warding Point, an Artifact or an Icon.
type Token struct {
	Pos     geom.Vec
	Holder  int8 // the Pack model carrying it, -1 on the ground
	Done    bool // warded (a Warding Point); found (an Icon)
	Genuine bool // the Genuine Icon
	Gone    bool // carried off the board by a model that fled
}

// TokenR is the radius of the Area 1 markers.
const TokenR = 0.5

// WellDiameter is the Cosmic Well's Area.
const WellDiameter float32 = 2

// setupObjective makes an Objective's changes to the setup that come
// before the Foes deploy (the Cosmic Well, placed by a Scatter Roll from
// the centre).
func (h *Hunt) setupObjective() {
	mp := &h.Sc.Map
	centre := geom.V(mp.W/2, mp.H/2)
	switch h.Sc.Objective.Kind {
	case ObjWell:
		h.Obj.MarkerR = WellDiameter / 2
		p := h.scatter(centre)
		h.Obj.Marker = geom.ClampToBoard(p, h.Obj.MarkerR, mp.W, mp.H)
	case ObjSeal, ObjIcon:
		h.placeTokens(centre, 10, 3)
	case ObjArtifacts:
		h.placeTokens(centre, 5, 0)
	case ObjRaze:
		h.Obj.MarkerR = TerritoryDiameter / 2
		h.Obj.Marker = geom.ClampToBoard(h.scatter(centre), h.Obj.MarkerR, mp.W, mp.H)
		// The first three Pack models each carry an Explosive Barrel.
		h.Obj.NTok = uint8(min(3, int(h.NPack)))
		for k := 0; k < int(h.Obj.NTok); k++ {
			h.Obj.Tok[k] = Token{Holder: int8(k)}
		}
	}
}

// TerritoryDiameter is the Adversary's Territory (Raze Habitat), and
// BarrelBlast how far the Explosive Barrel's blast reaches.
const (
	TerritoryDiameter float32 = 3
	BarrelBlast       float32 = 5
)

// BarrelOf returns the barrel Pack model i carries, or -1.
func (h *Hunt) BarrelOf(i int) int {
	if h.Sc.Objective.Kind != ObjRaze {
		return -1
	}
	for k := 0; k < int(h.Obj.NTok); k++ {
		if int(h.Obj.Tok[k].Holder) == i && !h.Obj.Tok[k].Done && !h.Obj.Tok[k].Gone {
			return k
		}
	}
	return -1
}

// ReadyBarrel readies Pack model i's Explosive Barrel (2-handed) with the
// Switch Action: its weapons are no longer readied.
func (h *Hunt) ReadyBarrel(i int) bool {
	if h.BarrelOf(i) < 0 || h.Obj.BarrelReady&(1<<i) != 0 || !h.CanAct(i, ActSwitch) {
		return false
	}
	h.startAction(i, ActSwitch, h.ActionTicks(ActSwitch))
	h.M[i].Readied = 0
	h.M[i].reach = h.packReach(i)
	h.Obj.BarrelReady |= 1 << i
	return true
}

// InTerritory reports whether model i's base overlaps the Territory.
func (h *Hunt) InTerritory(i int) bool {
	return h.Sc.Objective.Kind == ObjRaze && h.M[i].Pos.Dist(h.Obj.Marker) < h.Obj.MarkerR+h.M[i].R
}

// CanPlaceBarrel reports whether Pack model i may place its barrel now:
// readied, within the Territory, none placed yet.
func (h *Hunt) CanPlaceBarrel(i int) bool {
	return h.BarrelOf(i) >= 0 && h.Obj.BarrelReady&(1<<i) != 0 && h.Obj.Placed < 0 && h.InTerritory(i) && h.CanAct(i, ActUseGear)
}

// PlaceBarrel is the Use Gear Action with the Explosive Barrel: a Hunt
// Check against DT 5 within the Territory. On a success the barrel is set
// where the model stands, to go off at the end of the next Round; on a
// failure it is spent (Ammo 1), as Use Gear spends Ammo either way.
func (h *Hunt) PlaceBarrel(i int) bool {
	if !h.CanPlaceBarrel(i) {
		return false
	}
	k := h.BarrelOf(i)
	t := &h.Obj.Tok[k]
	h.startAction(i, ActUseGear, h.ActionTicks(ActUseGear))
	res := h.skillCheck(i, HuntSkill, 5, 0, 0)
	if h.Trace != nil {
		h.emitCheck(EvCheck, i, -1, res)
	}
	h.Obj.BarrelReady &^= 1 << i
	t.Holder = -1
	if !res.OK() {
		t.Gone = true
		return false
	}
	t.Done, t.Pos = true, h.M[i].Pos
	h.Obj.Placed, h.Obj.PlacedRound = int8(k), h.Round
	if h.Trace != nil {
		h.emit(Event{Kind: EvTrigger, Model: int8(i), Name: "sets the Explosive Barrel"})
	}
	return true
}

// detonate sets off the placed barrel: every model within 5" suffers a
// Rating 5 Shooting Attack against its Shooting Defence.
func (h *Hunt) detonate() {
	p := h.Obj.Tok[h.Obj.Placed].Pos
	h.Obj.Detonated = true
	if h.Trace != nil {
		h.emit(Event{Kind: EvTrigger, Model: -1, Pos: p, Name: "the Explosive Barrel goes off"})
	}
	for i := 0; i < int(h.N); i++ {
		m := &h.M[i]
		if m.State != Active || m.Pos.Dist(p)-m.R-TokenR > BarrelBlast+geom.Eps {
			continue
		}
		dt := h.Defence(i, ShootingAttack)
		res := h.roll(MaxModels, 5, dt, 0)
		if h.Trace != nil {
			h.w.lastPool, h.w.lastDT, h.w.lastAdv = 5, int8(dt), 0
			h.emitCheck(EvCheck, i, -1, res)
		}
		if res.OK() {
			if m.Side == PackSide {
				h.Obj.FriendHurt = true
			}
			h.wound(i, int(res.Successes), -1, NoCond)
		}
	}
	for i := 0; i < int(h.NPack); i++ {
		if h.M[i].State == Active {
			h.Obj.Met = true
		}
	}
}

// placeTokens places three tokens by Scatter Rolls of d(die) inches from
// p, re-rolled up to 8 times to keep apart from the others by gap.
func (h *Hunt) placeTokens(p geom.Vec, die int, gap float32) {
	mp := &h.Sc.Map
	h.Obj.NTok = 3
	for k := 0; k < 3; k++ {
		var q geom.Vec
		for try := 0; try < 8; try++ {
			d := float32(h.Dice.D10())
			if die == 5 {
				d = float32((int(d) + 1) / 2)
			}
			q = geom.ClampToBoard(p.Add(geom.Dir(uint8(h.Dice.IntN(256))).Scale(d)), TokenR, mp.W, mp.H)
			q = h.outOfImpassable(q, TokenR)
			ok := true
			for j := 0; j < k; j++ {
				if q.Dist(h.Obj.Tok[j].Pos)-2*TokenR < gap {
					ok = false
				}
			}
			if ok {
				break
			}
		}
		h.Obj.Tok[k] = Token{Pos: q, Holder: -1}
	}
}

// objectiveEndOfRound resolves an Objective's end-of-Round rules: the
// Cosmic Well heals every Foe d5 (one roll) until banished; a netted
// Adversary makes its Subdue Check, unless it fell first (then the capture
// has failed: no Check, R67).
func (h *Hunt) objectiveEndOfRound() {
	switch h.Sc.Objective.Kind {
	case ObjWell:
		if h.Obj.Banished {
			return
		}
		n := h.Dice.D5()
		for i := int(h.NPack); i < int(h.N); i++ {
			if h.M[i].State == Active {
				h.recoverWND(i, n)
			}
		}
	case ObjRaze:
		if h.Obj.Placed >= 0 && !h.Obj.Detonated && h.Round == h.Obj.PlacedRound+1 {
			h.detonate()
		}
	case ObjCapture:
		if !h.Obj.Netted {
			return
		}
		h.Obj.Netted = false
		if !h.adversaryAlive() || h.allExhausted() {
			// Defeated before the Subdue Check: no Check is made, and the
			// Objective can no longer be met.
			if h.Trace != nil {
				h.emit(Event{Kind: EvTrigger, Model: int8(h.Adv0), Name: "fell before the Subdue Check: the capture fails"})
			}
			return
		}
		pool := 0
		for l := 0; l < int(h.Sc.Adversary.NLoc); l++ {
			if h.Exhausted&(1<<l) != 0 {
				pool++
			}
		}
		res := h.roll(MaxModels, pool, 5, 0)
		if h.Trace != nil {
			h.w.lastPool, h.w.lastDT, h.w.lastAdv = int8(pool), 5, 0
			h.emitCheck(EvCheck, int(h.Adv0), -1, res)
		}
		if res.OK() {
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

// NetCarrier returns the member of sc.Pack that takes the Net into a
// Capture the Beast hunt (R67): the one with the largest Shooting pool
// (Shooting Skill + SHRP, the pool of the Net's Attack) among those that
// carry weapons (the Hound's Gear is "None"), a Cazador before a Companion
// on a tie, then the first. It returns -1 when no member carries a weapon.
func NetCarrier(sc *Scenario) int {
	best, bp := -1, -1
	for k := range sc.Pack {
		d := &sc.Pack[k]
		if sc.HasObjModel && k == int(sc.ObjModelDef) || d.NWeapons == 0 {
			continue
		}
		p := int(d.Attr[skillAttr[Shooting]] + d.Skills[Shooting])
		if p > bp || p == bp && d.Kind == Cazador && sc.Pack[best].Kind != Cazador {
			best, bp = k, p
		}
	}
	return best
}

// GiveNet gives the Net (weapon net) to the NetCarrier, not readied: in a
// free weapon slot, or in place of its last weapon that is not its Book of
// Rituals or Religious Symbol when it already carries three. It returns
// the member, or -1.
func (sc *Scenario) GiveNet(net uint8) int {
	k := NetCarrier(sc)
	if k < 0 {
		return -1
	}
	d := &sc.Pack[k]
	slot := int(d.NWeapons)
	if slot == MaxWeapons {
		for slot = MaxWeapons - 1; slot > 0; slot-- {
			if !(d.HasSlotRituals && int(d.RitualsSlot) == slot) && !(d.HasFocus && int(d.FocusSlot) == slot) {
				break
			}
		}
		d.Readied &^= 1 << slot
	} else {
		d.NWeapons++
	}
	d.Weapons[slot] = net
	return k
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
	first := h.Dice.IntN(int(h.NPack))
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
		if h.M[i].State == Active && h.M[i].Kind != ObjectiveModel {
			foesLeft++
		}
	}
	switch o.Kind {
	case ObjExterminate:
		h.Obj.Met = r.Outcome == PackWon
	case ObjAmbush:
		h.Obj.Met = fled > 0
	case ObjArtifacts:
		h.Obj.Met = h.secured(false) == int(h.Obj.NTok)
	case ObjIcon:
		h.Obj.Met = h.secured(true) > 0
	}
	r.ObjectiveMet = h.Obj.Met
	renown := 0
	for l := 0; l < int(h.Sc.Adversary.NLoc); l++ {
		if h.Exhausted&(1<<l) != 0 {
			renown += h.Dice.D5()
		}
	}
	if h.allExhausted() && !h.Obj.Captured {
		renown += h.Dice.D5()
	}
	roll := func(d Roll) int {
		v := int(d.Plus)
		if d.Die > 0 {
			v += h.rollDie(int(d.Die))
		}
		return v
	}
	switch o.Kind {
	case ObjSeal:
		warded := 0
		for k := 0; k < int(h.Obj.NTok); k++ {
			if h.Obj.Tok[k].Done {
				warded++
			}
		}
		if h.Obj.Met {
			renown += roll(o.Success)
			if h.Obj.SealedIn {
				renown += roll(o.Success)
			}
		}
		for k := warded; k < int(h.Obj.NTok); k++ {
			renown -= roll(o.Failure)
		}
		r.Renown = int16(renown)
		return
	case ObjArtifacts:
		got := h.secured(false)
		for k := 0; k < got; k++ {
			renown += roll(o.Success)
		}
		renown -= (int(h.Obj.NTok) - got) * roll(o.Failure)
		r.Renown = int16(renown)
		return
	case ObjIcon:
		if h.Obj.Met {
			renown += roll(o.Success)
		} else {
			renown -= roll(o.Failure)
		}
		renown += h.secured(false) - h.secured(true) // 1 for each False Icon
		r.Renown = int16(renown)
		return
	case ObjRaze:
		if h.Obj.Met {
			renown += roll(o.Success)
		}
		if h.Obj.FriendHurt {
			renown -= roll(o.Failure)
		}
		r.Renown = int16(renown)
		return
	case ObjPrisoner:
		if h.Obj.Freed {
			renown += 2
		}
		if h.Obj.Met {
			renown += roll(o.Success)
		} else {
			renown -= roll(o.Failure)
		}
		r.Renown = int16(renown)
		return
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

// Targetable reports whether model t may be attacked: anything but a
// Prisoner not yet freed (the Foes leave it alone until then).
func (h *Hunt) Targetable(t int) bool {
	return t != int(h.Obj.Prisoner) || h.Obj.Freed
}

// TokenNear returns a token on the ground within 1" of model i's base
// (for Forge the Seal: a Warding Point not yet warded), or -1.
func (h *Hunt) TokenNear(i int) int {
	m := &h.M[i]
	for k := 0; k < int(h.Obj.NTok); k++ {
		t := &h.Obj.Tok[k]
		if t.Holder >= 0 || t.Gone || (h.Sc.Objective.Kind == ObjSeal || h.Sc.Objective.Kind == ObjRaze) && t.Done {
			continue
		}
		if m.Pos.Dist(t.Pos) <= TokenR+m.R+1+geom.Eps {
			return k
		}
	}
	return -1
}

// carried counts the tokens model i carries.
func (h *Hunt) carried(i int) int {
	n := 0
	for k := 0; k < int(h.Obj.NTok); k++ {
		if int(h.Obj.Tok[k].Holder) == i {
			n++
		}
	}
	return n
}

// HasTalc reports whether Pack model i carries Warding Talc: the first
// three Pack models do (Forge the Seal).
func (h *Hunt) HasTalc(i int) bool { return i < 3 && i < int(h.NPack) }

// CanTakeToken reports whether Pack model i may act on a token within 1":
// ward a Warding Point (with Talc), take an Artifact, search or take an
// Icon (at most 3 carried).
func (h *Hunt) CanTakeToken(i int) bool {
	k := h.Sc.Objective.Kind
	if h.M[i].Side != PackSide || i >= int(h.NPack) || h.TokenNear(i) < 0 {
		return false
	}
	switch k {
	case ObjSeal:
		return h.HasTalc(i) && h.CanAct(i, ActCastRitual)
	case ObjArtifacts:
		return h.carried(i) < 3 && h.CanAct(i, ActUseGear)
	case ObjIcon:
		return h.carried(i) < 3 && h.CanAct(i, ActCastRitual)
	case ObjRaze:
		return h.BarrelOf(i) < 0 && h.CanAct(i, ActUseGear)
	}
	return false
}

// TakeToken acts on the token within 1" of Pack model i: Forge the Seal's
// warding (Cast Ritual, Lore against DT 5), Recover the Artifacts' taking
// (Use Gear, Hunt Check) or Retrieve the Icon's search (Cast Ritual, Lore
// against DT 5; a newly found Icon is Genuine on a d10 of 9-10, or when it
// is the last one left to find).
func (h *Hunt) TakeToken(i int) bool {
	if !h.CanTakeToken(i) {
		return false
	}
	k := h.TokenNear(i)
	t := &h.Obj.Tok[k]
	var res = h.tokenCheck(i)
	if !res {
		return false
	}
	switch h.Sc.Objective.Kind {
	case ObjSeal:
		t.Done = true
		all := true
		for j := 0; j < int(h.Obj.NTok); j++ {
			all = all && h.Obj.Tok[j].Done
		}
		if all {
			h.Obj.Met = true
			h.Obj.SealedIn = h.adversaryInSeal()
		}
	case ObjIcon:
		if !t.Done {
			t.Done = true
			left := 0
			found := false
			for j := 0; j < int(h.Obj.NTok); j++ {
				if !h.Obj.Tok[j].Done {
					left++
				}
				found = found || h.Obj.Tok[j].Genuine
			}
			switch {
			case found:
			case left == 0:
				t.Genuine = true
			default:
				t.Genuine = h.Dice.D10() >= 9
			}
		}
		t.Holder = int8(i)
	default:
		t.Holder = int8(i)
	}
	if h.Trace != nil {
		h.emit(Event{Kind: EvTrigger, Model: int8(i), Name: h.tokenNote(k)})
	}
	return true
}

func (h *Hunt) tokenNote(k int) string {
	t := &h.Obj.Tok[k]
	switch h.Sc.Objective.Kind {
	case ObjSeal:
		return "wards a Warding Point"
	case ObjRaze:
		return "picks up an Explosive Barrel"
	case ObjIcon:
		if t.Genuine {
			return "takes the Genuine Icon"
		}
		return "takes a False Icon"
	}
	return "takes an Artifact"
}

// tokenCheck pays for and rolls the Action of TakeToken.
func (h *Hunt) tokenCheck(i int) bool {
	if k := h.Sc.Objective.Kind; k == ObjArtifacts || k == ObjRaze {
		dt := 0
		if k == ObjRaze {
			dt = 5 // picking up a dropped barrel: a Hunt Check against DT 5
		}
		h.startAction(i, ActUseGear, h.ActionTicks(ActUseGear))
		res := h.skillCheck(i, HuntSkill, dt, 0, 0)
		if h.Trace != nil {
			h.emitCheck(EvCheck, i, -1, res)
		}
		return res.OK()
	}
	h.startAction(i, ActCastRitual, h.ActionTicks(ActCastRitual))
	res := h.skillCheck(i, Lore, 5, 0, 0)
	if h.Trace != nil {
		h.emitCheck(EvCheck, i, -1, res)
	}
	return res.OK()
}

// adversaryInSeal reports whether an Adversary model stands inside the
// triangle of the three Warding Points.
func (h *Hunt) adversaryInSeal() bool {
	a, b, c := h.Obj.Tok[0].Pos, h.Obj.Tok[1].Pos, h.Obj.Tok[2].Pos
	for i := int(h.Adv0); i < int(h.Adv0+h.NAdv); i++ {
		if h.M[i].State != Active {
			continue
		}
		p := h.M[i].Pos
		d1, d2, d3 := cross(a, b, p), cross(b, c, p), cross(c, a, p)
		neg := d1 < 0 || d2 < 0 || d3 < 0
		pos := d1 > 0 || d2 > 0 || d3 > 0
		if !(neg && pos) {
			return true
		}
	}
	return false
}

// dropTokens leaves the tokens a fallen model carried where it fell; a
// model that flees takes them off the board.
func (h *Hunt) dropTokens(i int, fled bool) {
	if i < 8 {
		h.Obj.BarrelReady &^= 1 << i
	}
	for k := 0; k < int(h.Obj.NTok); k++ {
		t := &h.Obj.Tok[k]
		if int(t.Holder) != i {
			continue
		}
		if fled {
			t.Gone = true
		} else {
			t.Holder = -1
			t.Pos = h.M[i].Pos
		}
	}
}

// secured counts the tokens carried at the end by a model alive or fled
// (genuine: only the Genuine Icon).
func (h *Hunt) secured(genuine bool) int {
	n := 0
	for k := 0; k < int(h.Obj.NTok); k++ {
		t := &h.Obj.Tok[k]
		if genuine && !t.Genuine {
			continue
		}
		if t.Gone || t.Holder >= 0 && h.M[t.Holder].State == Active {
			n++
		}
	}
	return n
}
