package crims

import (
	"math"
	"math/bits"

	"balance/sim/geom"
)

// Movement and reach constants of the document.
const (
	MoveBase  = 4  // a Move goes up to 4" plus its successes
	SpotRange = 18 // Spot reaches terrain within 18"
	SpotAway  = 6  // a spotted crim is placed no closer than 6" to the spotter, if possible
	SpotNear  = 2  // … within 2" of its terrain feature
	ReturnIn  = 4  // a returning hunter is placed within 4" of a corner
	PodReach  = 1  // a hunter adjacent to a pod: within 1" of it, edge to pod
	PushDist  = 1  // an Impact 10 on a Damage check pushes the crim 1"
	ChargeOn  = 4  // a Charge that does not engage goes 4" more
	MedSprayN = 2  // a Med Spray removes up to 2 Wounds
	FocusN    = 2  // Focus upgrades up to 2 dice of the next check
	DamageUpN = 2  // the Impact 10 option upgrades up to 2 dice of the Damage check
	HideNear  = 1  // a crim within 1" of hideable terrain (or inside) can hide there
)

// NearestHunter returns the hunter in the zone nearest to p (centre to
// centre; the lower index on a tie) and its distance; -1 when no hunter
// is in the zone. Incapacitated hunters are not considered.
func (m *Match) NearestHunter(p geom.Vec) (int, float32) {
	best, bd := -1, float32(0)
	hs := m.H[:m.Sc.NHunters]
	for h := range hs {
		if !hs[h].In {
			continue
		}
		d := hs[h].Pos.Dist(p)
		if best < 0 || d < bd {
			best, bd = h, d
		}
	}
	return best, bd
}

// nearestHunterOf is NearestHunter(the position of crim c), read from
// the hint of its turn when there is one (Match.hint).
func (m *Match) nearestHunterOf(c int) (int, float32) {
	e := &m.hint
	if int(e.c1) != c+1 {
		return m.NearestHunter(m.C[c].Pos)
	}
	if !e.near {
		h, d := m.NearestHunter(m.C[c].Pos)
		e.near, e.h, e.d = true, int8(h), d
	}
	return int(e.h), e.d
}

// anyIn reports whether a hunter is in the zone (NearestHunter finds
// one).
func (m *Match) anyIn() bool {
	for h := range int(m.Sc.NHunters) {
		if m.H[h].In {
			return true
		}
	}
	return false
}

// Visible reports whether crim c is in the zone as a model: alive and
// not hidden.
func (m *Match) Visible(c int) bool { return m.shown&(1<<c) != 0 }

// Gap is the edge-to-edge distance between hunter h and crim c.
func (m *Match) Gap(h, c int) float32 {
	return geom.EdgeDist(m.H[h].Pos, m.Sc.Hunters[h].Base, m.C[c].Pos, m.Sc.Crims[m.C[c].Def%MaxProfiles].Base)
}

// gapWithin reports whether Gap(h, c) <= reach: a gap below 0, floored
// at 0 by Gap, is within a reach of 0 or more, and none is within a
// reach below 0. geom.EdgeDist written out (the same operations in
// order), small enough to be inlined where the profile does not ask for
// it.
func (m *Match) gapWithin(h, c int, reach float32) bool {
	cr := &m.C[c]
	dx, dy := m.H[h].Pos.X-cr.Pos.X, m.H[h].Pos.Y-cr.Pos.Y
	return reach >= 0 && float32(math.Sqrt(float64(dx*dx+dy*dy)))-m.Sc.Hunters[h].Base-m.Sc.Crims[cr.Def].Base <= reach
}

// Engaged reports whether hunter h and crim c are engaged: both in the
// zone as models, within the engagement range.
func (m *Match) Engaged(h, c int) bool {
	if !m.H[h].In || !m.Visible(c) {
		return false
	}
	return m.H[h].Pos.Sub(m.C[c].Pos).Len2() <= m.eng2[m.C[c].Def%MaxProfiles][h]
}

// EngagedCrims returns the crims engaged with hunter h (bit c: crim c).
func (m *Match) EngagedCrims(h int) uint16 {
	hu := &m.H[h]
	if !hu.In {
		return 0
	}
	var set uint16
	r2 := &m.engH[h]
	for s := m.shown; s != 0; s &= s - 1 {
		c := bits.TrailingZeros16(s)
		cr := &m.C[c]
		if cr.Pos.Sub(hu.Pos).Len2() <= r2[cr.Def%MaxProfiles] { // as Engaged
			set |= 1 << c
		}
	}
	return set
}

// engaged reports whether a crim is engaged with hunter h
// (EngagedCrims(h) != 0), stopping at the first.
func (m *Match) engaged(h int) bool {
	hu := &m.H[h]
	if !hu.In {
		return false
	}
	r2 := &m.engH[h]
	for s := m.shown; s != 0; s &= s - 1 {
		cr := &m.C[bits.TrailingZeros16(s)]
		if cr.Pos.Sub(hu.Pos).Len2() <= r2[cr.Def%MaxProfiles] { // as Engaged
			return true
		}
	}
	return false
}

// EngagedHunters returns the hunters engaged with crim c (bit h).
func (m *Match) EngagedHunters(c int) uint8 {
	cr := &m.C[c]
	if !cr.Alive || cr.Hidden {
		return 0
	}
	if e := &m.hint; int(e.c1) == c+1 && e.near && e.d > m.engFar[cr.Def] {
		return 0 // the nearest hunter is out of reach: every hunter is
	}
	var set uint8
	r2 := &m.eng2[cr.Def%MaxProfiles]
	for h := range m.H[:m.Sc.NHunters] {
		hu := &m.H[h]
		// as Engaged
		if hu.In && hu.Pos.Sub(cr.Pos).Len2() <= r2[h] {
			set |= 1 << h
		}
	}
	return set
}

// CrimInCover reports whether crim c is in cover against hunter h.
func (m *Match) CrimInCover(c, h int) bool {
	return m.inCoverAt(&m.coverC[c], m.C[c].Pos, m.Sc.Crims[m.C[c].Def%MaxProfiles].Base, m.H[h].Pos)
}

// CanAttack reports whether hunter h can use attack a on crim c now: a
// melee attack against an engaged crim, a ranged one in range and line
// of sight, and not depleted.
func (m *Match) CanAttack(h, a, c int) bool {
	hu := &m.H[h]
	def := &m.Sc.Hunters[h]
	if !hu.In || a < 0 || a >= int(def.NAttacks) || hu.Depleted&(1<<a) != 0 || !m.Visible(c) {
		return false
	}
	at := &def.Attacks[a]
	if at.Melee {
		return m.Engaged(h, c)
	}
	return m.gapWithin(h, c, at.Range) && m.LOS(hu.Pos, m.C[c].Pos)
}

// AttackThreshold is the Threshold of hunter h's check with attack a
// against crim c: its Defense, +1 against a Shoot when it is in cover.
func (m *Match) AttackThreshold(h, a, c int) int {
	t := int(m.Sc.Crims[m.C[c].Def%MaxProfiles].Defense)
	if !m.Sc.Hunters[h].Attacks[a].Melee && m.CrimInCover(c, h) {
		t++
	}
	return t
}

// Dice is how many dice hunter h rolls for attribute a: its rating,
// plus one for a Performance Shot on it.
func (m *Match) Dice(h int, a Attr) int {
	n := int(m.Sc.Hunters[h].Attr[a])
	if m.H[h].Perf == int8(a) {
		n++
	}
	return n
}

// CanAct reports whether hunter h is in the zone with an Action Point.
func (m *Match) CanAct(h int) bool { return m.H[h].In && m.H[h].AP > 0 }

func (m *Match) spend(h int) {
	m.H[h].AP--
	m.H[h].Acted++
}

// Pass ends hunter h's activation.
func (m *Match) Pass(h int) { m.H[h].AP = 0 }

// Move is a Move action to dest (the policy gives the point; the hunter
// goes straight toward it). Crims left engaged strike first: for each,
// an Athletics check against its Fight avoids the strike, else the
// hunter takes its best melee Damage less the hunter's Armor, at least
// 1, with no Damage Resistance check. Then the Athletics check (all
// dice downgraded when the path crosses difficult or climbable terrain)
// gives the distance, 4" plus its successes.
func (m *Match) Move(h int, dest geom.Vec) bool {
	if !m.CanAct(h) {
		return false
	}
	m.spend(h)
	hu := &m.H[h]
	def := &m.Sc.Hunters[h]
	rules := &m.Sc.Rules
	dest = m.clampZone(dest, def.Base)
	start := hu.Pos
	// The crims the move leaves: engaged now, not at the point the
	// shortest move (4") reaches toward dest.
	set := m.EngagedCrims(h)
	var probe geom.Vec
	if set != 0 {
		probe = toward(start, dest, MoveBase, 0)
	}
	avoid := -1
	for ; set != 0; set &= set - 1 {
		c := bits.TrailingZeros16(set)
		cd := &m.Sc.Crims[m.C[c].Def%MaxProfiles]
		if geom.EdgeDist(probe, def.Base, m.C[c].Pos, cd.Base) <= rules.Engagement || cd.Melee == 0 {
			continue
		}
		var res Result
		m.roll(h, m.setCheck(CkAvoid, Athletics, int(def.Attr[Athletics]), int(cd.Fight), Mods{}, c, -1), &res)
		if avoid < 0 {
			avoid = res.S
		}
		if !res.OK {
			m.woundHunter(h, max(1, int(cd.Melee-def.Armor)), c, "disengagement strike")
			if !hu.In {
				return true
			}
		}
	}
	s := avoid
	if !rules.MoveReuse || avoid < 0 {
		n := int(def.Attr[Athletics])
		var mods Mods
		far := toward(start, dest, float32(MoveBase+m.Dice(h, Athletics)+1), 0)
		if m.crosses(start, far) {
			mods.AllDown = 1
		}
		var mv Result
		m.roll(h, m.setCheck(CkMove, Athletics, n, NoThreshold, mods, -1, -1), &mv)
		s = mv.S
	}
	hu.Pos = m.clampZone(toward(start, dest, float32(MoveBase+s), 0), def.Base)
	if m.Trace != nil {
		m.traceMove(h, -1, hu.Pos, hu.Pos.Dist(start), "")
	}
	return true
}

// Rest is a Rest action: one Wound Token removed. Not engaged, not on
// the turn the hunter returned, and only with a Wound Token to remove.
func (m *Match) Rest(h int) bool {
	hu := &m.H[h]
	if !m.CanAct(h) || hu.NoRest || hu.Wounds == 0 || m.engaged(h) {
		return false
	}
	m.spend(h)
	m.heal(h, 1, "Rest")
	return true
}

// Focus is a Focus action: up to 2 dice of the next check upgraded. It
// must be the activation's first action.
func (m *Match) Focus(h int) bool {
	hu := &m.H[h]
	if !m.CanAct(h) || hu.Acted > 0 {
		return false
	}
	m.spend(h)
	hu.Focus = FocusN
	if m.Trace != nil {
		m.Decide(h, "Focus", "the next check upgrades 2 dice")
	}
	return true
}

// CanSpot reports whether hunter h can Spot hidden crim c: its terrain
// feature within 18" and at least half of it in line of sight.
func (m *Match) CanSpot(h, c int) bool {
	cr := &m.C[c]
	if !m.H[h].In || !cr.Alive || !cr.Hidden || cr.HideAt < 0 {
		return false
	}
	return m.canSpotAt(h, int(cr.HideAt))
}

// spotMemo keeps, for a hunter standing at p, which terrain features it
// was found to see well enough to Spot a crim hidden there (yes) among
// those looked at (known).
type spotMemo struct {
	p         geom.Vec
	known, ok uint32
}

// canSpotAt reports whether hunter h, in the zone, sees terrain feature
// f well enough to Spot a crim hidden there: within 18" and at least
// half of it in line of sight. The answer is kept while h stays.
func (m *Match) canSpotAt(h, f int) bool {
	e := &m.spotH[h]
	if bit := uint32(1) << (f % 32); e.p == m.H[h].Pos && e.known&bit != 0 { // (a feature's index is below MaxTerrain)
		return e.ok&bit != 0
	}
	return m.lookSpot(h, f)
}

// lookSpot is canSpotAt looking at feature f from where hunter h stands,
// the answer kept.
func (m *Match) lookSpot(h, f int) bool {
	e := &m.spotH[h]
	p := m.H[h].Pos
	if e.p != p {
		*e = spotMemo{p: p}
	}
	bit := uint32(1) << f
	e.known |= bit
	t := &m.Sc.Map.Terrain[f].Shape
	if inSpotRange(t, p) && m.halfSeen(f, p) {
		e.ok |= bit
	}
	return e.ok&bit != 0
}

// inSpotRange reports whether t.Dist(p) <= SpotRange: at once when p is
// clearly within the range of the feature's centre (a point of it) or
// clearly out of the range of its bounding box (no farther than it).
func inSpotRange(t *geom.Shape, p geom.Vec) bool {
	const in, out = (SpotRange - spotSlack) * (SpotRange - spotSlack), (SpotRange + spotSlack) * (SpotRange + spotSlack)
	if p.Sub(t.C).Len2() <= in {
		return true
	}
	if dx, dy := outside(t.Min.X-p.X, p.X-t.Max.X), outside(t.Min.Y-p.Y, p.Y-t.Max.Y); dx*dx+dy*dy > out {
		return false
	}
	return t.Dist(p) <= SpotRange
}

// spotSlack is far more than the rounding of a distance across the zone.
const spotSlack = 0.01

// Spot is a Spot action against hidden crim c: a Mind check against its
// Stealth. On a success the crim's model is placed by the player to the
// spotter's right, a rival: within 2" of its terrain feature (inside an
// area feature), in the spotter's line of sight, no closer than 6" if at
// all possible; the rival takes the farthest such place.
func (m *Match) Spot(h, c int) bool {
	if !m.CanAct(h) || !m.CanSpot(h, c) {
		return false
	}
	m.spend(h)
	cr := &m.C[c]
	cd := &m.Sc.Crims[cr.Def%MaxProfiles]
	var res Result
	m.roll(h, m.setCheck(CkSpot, Mind, int(m.Sc.Hunters[h].Attr[Mind]), int(cd.Stealth), Mods{}, c, -1), &res)
	if !res.OK {
		return true
	}
	from := m.H[h].Pos
	// the places, made once a match template for a hideable feature
	var own spotSet
	places := &own
	if at := m.feat.spots[cr.HideAt]; int(cr.Def) < len(at) {
		places = &at[cr.Def]
	} else {
		own = spotSetOf(&m.Sc.Map, int(cr.HideAt), cd.Base)
	}
	// The rival takes the farthest place in sight, else the farthest
	// (the first on a tie): the farthest first, and when it is out of
	// sight the others by distance, farthest first (the first on a tie),
	// up to the first in sight.
	pl := places.list()
	best := cr.Pos
	if len(pl) > 0 {
		var dist [len(spotPlaces) + 1]float32
		far := 0
		for i, q := range pl {
			if dist[i] = q.Dist(from); dist[i] > dist[far] {
				far = i
			}
		}
		best = pl[far]
		if !m.LOS(from, best) {
			best = spotFallback(m, from, pl, &dist, far)
		}
	}
	cr.Pos, cr.Hidden, cr.HideTurns, cr.HideAt = best, false, 0, -1
	m.mark(c)
	m.Rec.Spots[h]++
	m.deeds[h]++
	if m.Trace != nil {
		m.emit(Event{Kind: EvSpotted, Hunter: int8(h), Crim: int8(c), Pos: best})
	}
	return true
}

// spotFallback is the place of a spotted crim when the farthest place,
// pl[far], is out of sight from from: the others by distance (dist),
// farthest first (the first on a tie), up to the first in sight, else
// pl[far].
func spotFallback(m *Match, from geom.Vec, pl []geom.Vec, dist *[len(spotPlaces) + 1]float32, far int) geom.Vec {
	var d2 [len(spotPlaces) + 1]float32
	var order [len(spotPlaces) + 1]int8
	n := 0
	for i := range pl {
		if i == far {
			continue
		}
		d := dist[i]
		j := n
		for ; j > 0 && d > d2[j-1]; j-- {
			d2[j], order[j] = d2[j-1], order[j-1]
		}
		d2[j], order[j] = d, int8(i)
		n++
	}
	for _, i := range order[:n] {
		if m.LOS(from, pl[i]) {
			return pl[i]
		}
	}
	return pl[far]
}

// spotSet is where a spotted crim may be placed about a terrain
// feature, in the order the rival looks at them: within 2" of it
// (inside an area feature: its centre first, then the places of
// spotPlaces inside it), kept in the zone.
type spotSet struct {
	n  uint8
	at [len(spotPlaces) + 1]geom.Vec
}

func (s *spotSet) list() []geom.Vec { return s.at[:s.n] }

// spotSetOf returns the places about feature f of zone mp for a crim of
// base radius r.
func spotSetOf(mp *Map, f int, r float32) spotSet {
	var set spotSet
	add := func(q geom.Vec) {
		set.at[set.n] = geom.ClampToBoard(q, r, mp.W, mp.H) // as Match.clampZone
		set.n++
	}
	t := &mp.Terrain[f]
	s := &t.Shape
	off := SpotNear - r
	if t.Kw&KwArea != 0 {
		add(s.C)
		off = -(r + 0.1)
	}
	for _, o := range spotPlaces {
		q := geom.V(pick(o[0], s.Min.X-off, s.C.X, s.Max.X+off), pick(o[1], s.Min.Y-off, s.C.Y, s.Max.Y+off))
		if t.Kw&KwArea != 0 && !s.Contains(q) {
			continue
		}
		add(q)
	}
	return set
}

func pick(o, lo, mid, hi float32) float32 {
	switch {
	case o < 0:
		return lo
	case o > 0:
		return hi
	}
	return mid
}

// PodAdjacent reports whether hunter h is adjacent to pod p.
func (m *Match) PodAdjacent(h, p int) bool {
	r := m.Sc.Hunters[h].Base + PodReach
	return m.H[h].Pos.Sub(m.Sc.Map.Pods[p]).Len2() <= r*r
}

// Stocked reports whether pod p is stocked.
func (m *Match) Stocked(p int) bool { return m.Pods&(1<<p) != 0 }

// OpenPod is a Universal action opening pod p: adjacent, not engaged.
// The hunter gains 1d10 points and the reward its player picks.
func (m *Match) OpenPod(h, p int) bool {
	if !m.CanAct(h) || p < 0 || p >= int(m.Sc.Map.NPods) || !m.Stocked(p) || !m.PodAdjacent(h, p) || m.engaged(h) {
		return false
	}
	m.spend(h)
	m.Pods &^= 1 << p
	pts := 1 + m.dice[h].IntN(10)
	m.Rec.Pods[h]++
	m.deeds[h]++
	m.Rec.PodPoints[h] += int16(pts)
	rw, attr := m.Pol.Pod(m, h)
	hu := &m.H[h]
	if m.Trace != nil {
		m.emit(Event{Kind: EvPod, Hunter: int8(h), Crim: -1, N: int16(pts), Name: Rewards[rw%NRewards].Name})
	}
	m.gainPoints(h, pts, "pod")
	switch rw {
	case RwAdrenaline:
		m.gainMomentum(h, 1, "Adrenaline Shot")
	case RwPerformance:
		if attr >= NAttr {
			attr = Fight
		}
		hu.Perf = int8(attr)
	case RwReload:
		hu.Reload++
		m.reload(h)
	default:
		hu.MedSpray++
	}
	return true
}

// UseMedSpray uses one of hunter h's Med Sprays (no action, at any
// time, incapacitated or not): up to 2 Wound Tokens removed.
func (m *Match) UseMedSpray(h int) bool {
	hu := &m.H[h]
	if hu.MedSpray == 0 || hu.Wounds == 0 {
		return false
	}
	hu.MedSpray--
	m.heal(h, MedSprayN, "Med Spray")
	return true
}

// reload spends Reload tokens on depleted attacks, at once (no action).
func (m *Match) reload(h int) {
	hu := &m.H[h]
	for a := range int(m.Sc.Hunters[h].NAttacks) {
		if hu.Reload > 0 && hu.Depleted&(1<<a) != 0 {
			hu.Reload--
			hu.Depleted &^= 1 << a
			if m.Trace != nil {
				m.Decide(h, "Reload", "a Reload token makes "+m.Sc.Hunters[h].Attacks[a].Name+" usable again")
			}
		}
	}
}

// Attack is a Fight (melee attack) or Shoot (ranged) action with attack
// a against crim c: the check against the crim's Defense (+1 to a Shoot
// against a crim in cover), then, on a hit, the Damage check of the
// attack's Damage plus the surplus successes, downgraded by the crim's
// Armor. An Impact 1 on the check depletes a depletable attack; an
// Impact 10 on the Damage check pushes a surviving crim 1" away.
func (m *Match) Attack(h, a, c int) bool {
	if !m.CanAct(h) || !m.CanAttack(h, a, c) {
		return false
	}
	m.spend(h)
	hu := &m.H[h]
	def := &m.Sc.Hunters[h]
	at := &def.Attacks[a]
	ar := &m.Rec.Attacks[h][a]
	ar.Uses++
	m.deeds[h]++
	attr := Shoot
	if at.Melee {
		attr = Fight
	}
	var res Result
	m.roll(h, m.setCheck(CkAttack, attr, int(def.Attr[attr]), m.AttackThreshold(h, a, c), Mods{}, c, a), &res)
	if res.Roll.Impact == ImpactFail && at.Depletable {
		hu.Depleted |= 1 << a
		if m.Trace != nil {
			m.Decide(h, "nothing", "the Impact Die rolled 1: "+at.Name+" is out of ammo")
		}
		m.reload(h)
	}
	if !res.OK {
		return true
	}
	ar.Hits++
	cr := &m.C[c]
	cd := &m.Sc.Crims[cr.Def%MaxProfiles]
	mods := Mods{Down: cd.Armor, DownByOpponent: m.Sc.Rules.ArmorByOpponent}
	if res.DamageUp {
		mods.Up = DamageUpN
	}
	var dmg Result
	m.roll(h, m.setCheck(CkDamage, NoAttr, int(at.Damage)+res.Surplus, NoThreshold, mods, c, a), &dmg)
	m.woundCrim(c, h, dmg.S, a, dmg.Roll.Impact == ImpactFail, "Damage check")
	if cr.Alive && dmg.Roll.Impact == ImpactCrit {
		cr.Pos = m.clampZone(away(cr.Pos, hu.Pos, PushDist), cd.Base)
		m.crimGen++
		m.hint.near = false
		if m.Trace != nil {
			m.traceMove(-1, c, cr.Pos, PushDist, "pushed by an Impact 10")
		}
	}
	return true
}

// woundCrim gives crim c w Wound Tokens from hunter h (with attack a; -1:
// a disengagement strike). At its Wounds score it is eliminated: h
// gains its Base Point Value, plus the surplus Wounds as points when
// rules.pizzazz is on and the Impact Die did not roll 1, and a point of
// Momentum.
func (m *Match) woundCrim(c, h, w, a int, impactOne bool, how string) {
	cr := &m.C[c]
	cd := &m.Sc.Crims[cr.Def%MaxProfiles]
	cr.Wounds += int8(w)
	m.crimGen++
	if a >= 0 {
		m.Rec.Attacks[h][a].Wounds += int16(w)
	} else {
		m.Rec.Strikes[h] += int16(w)
	}
	if m.Trace != nil {
		m.traceEvent(EvWounds, h, c, w, how)
	}
	if cr.Wounds < cd.Wounds {
		return
	}
	pts := int(cd.BPV)
	if m.Sc.Rules.Pizzazz && !impactOne {
		pts += int(cr.Wounds - cd.Wounds)
	}
	cr.Alive = false
	m.mark(c)
	m.Rec.Elims[h]++
	m.Rec.ElimPts[h] += int16(pts)
	m.Rec.Eliminated[cr.Def]++
	if a >= 0 {
		m.Rec.Attacks[h][a].Elims++
	}
	if m.Trace != nil {
		m.traceEvent(EvEliminated, h, c, pts, "")
	}
	m.gainPoints(h, pts, "elimination")
	m.gainMomentum(h, 1, "elimination")
}

// woundHunter gives hunter h w Wound Tokens from crim c; at its Wound
// Maximum it is incapacitated: out of the zone, its Momentum lost.
func (m *Match) woundHunter(h, w, c int, how string) {
	hu := &m.H[h]
	hu.Wounds += int8(w)
	m.Rec.Wounds[h] += int16(w)
	m.Rec.CrimWounds += int16(w)
	m.Rec.CrimWoundsBy[m.Turn] += int16(w)
	if c >= 0 {
		m.Rec.Dealt[m.C[c].Def] += int16(w)
	}
	if m.Trace != nil {
		m.traceEvent(EvWounds, h, -1, w, how)
	}
	if hu.Wounds < m.Sc.Hunters[h].WoundMax {
		return
	}
	hu.In = false
	m.outs++
	m.hint.near = false
	hu.Momentum = 0
	hu.Focus = 0
	hu.AP = 0
	m.Rec.Incaps[h]++
	if m.Rec.FirstOut[h] == 0 {
		m.Rec.FirstOut[h] = m.Turn
	}
	if m.Trace != nil {
		m.traceEvent(EvIncapacitated, h, -1, 0, "")
	}
}

// recover plays incapacitated hunter h's recovery check (Athletics or
// Mind, the player's choice; each success removes a Wound Token) and its
// return: allowed below the Wound Maximum, forced at no Wound Token. It
// reports whether h returned.
func (m *Match) recover(h int) bool {
	hu := &m.H[h]
	def := &m.Sc.Hunters[h]
	attr := m.Pol.Recovery(m, h)
	if attr != Athletics && attr != Mind {
		attr = Athletics
	}
	var res Result
	m.roll(h, m.setCheck(CkRecovery, attr, int(def.Attr[attr]), NoThreshold, Mods{}, -1, -1), &res)
	m.heal(h, res.S, "recovery check")
	if hu.Wounds >= def.WoundMax {
		return false
	}
	back, corner := m.Pol.Return(m, h)
	if !back && hu.Wounds > 0 {
		return false
	}
	if hu.Wounds >= def.WoundMax {
		return false
	}
	hu.In = true
	hu.NoRest = true
	hu.Pos = m.Sc.Map.Corner(corner)
	if m.Trace != nil {
		m.emit(Event{Kind: EvReturn, Hunter: int8(h), Crim: -1, Pos: hu.Pos})
	}
	return true
}

// crimAttack is crim c's attack on hunter h (ranged: Shoot, else Fight):
// the hunter's Defense check (+1 die against a Shoot in cover) against
// the crim's Fight or Shoot; on a failure, the Damage Resistance check
// of PotentialWounds dice, upgraded by the hunter's Armor.
func (m *Match) crimAttack(c, h int, ranged bool) {
	cr := &m.C[c]
	cd := &m.Sc.Crims[cr.Def%MaxProfiles]
	hu := &m.H[h]
	def := &m.Sc.Hunters[h]
	t, dmg := int(cd.Fight), int(cd.Melee)
	if ranged {
		t, dmg = int(cd.Shoot), int(cd.Ranged)
	}
	n := int(def.Attr[Defense])
	if ranged && m.inCoverAt(&m.coverH[h], hu.Pos, def.Base, cr.Pos) {
		n++
	}
	var res Result
	m.roll(h, m.setCheck(CkDefense, Defense, n, t, Mods{}, c, -1), &res)
	if res.OK {
		return
	}
	w := PotentialWounds(dmg, t, res.S)
	var dr Result
	m.roll(h, m.setCheck(CkResist, NoAttr, w, NoThreshold, Mods{Up: def.Armor}, c, -1), &dr)
	if taken := w - dr.S; taken > 0 {
		m.woundHunter(h, taken, c, "crim attack")
	}
}
