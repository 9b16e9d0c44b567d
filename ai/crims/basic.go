package crims

import (
	"math"
	"math/bits"

	sim "balance/sim/crims"
	"balance/sim/geom"
)

// Basic is the baseline tier, rules of thumb a new player follows:
//
//   - At the start of its activation it uses a Med Spray, or a heal
//     option, when two more Wounds would incapacitate it, and an action
//     option when it has a target in reach.
//   - Each Action Point: the attack of the highest value on a crim in
//     reach, value = P(hit) × (P(eliminating it) × (its Base Point Value
//   - 1) + E[Wounds dealt] / its Wounds left × its Base Point Value / 2),
//     from the exact odds; else a stocked pod it is adjacent to; else a
//     Spot of a hidden crim it can see; else a Rest when it is wounded
//     and nothing is in reach; else a Move toward the goal of the highest
//     value per inch: a stocked pod (worth 6.5 points) or a crim (worth
//     its attack value, reached at the range of the hunter's best attack
//     on it, base contact for melee).
//   - It never Focuses: two attacks beat one upgraded attack.
//   - It spends upgrade options on attack and Defense checks.
//   - On an Impact 10 it takes "two successes" when the extra success
//     counts (it reaches a Threshold, adds a surplus Wound die to an
//     attack, a Wound Token, a Wound avoided or a recovery), else the
//     extra Momentum.
//   - A pod's reward: a Reload when an attack is out of ammo, a Med
//     Spray when wounded and holding none, a Performance Shot on its best
//     attack's attribute when it has none, else an Adrenaline Shot.
//   - Recovery with the larger of Athletics and Mind; it returns once at
//     most half its Wound Maximum in tokens remain (using a Med Spray
//     first), at the corner nearest to a crim.
//   - As First Player, it sends a crim engaged with several hunters
//     against the one with the most points other than itself.
type Basic struct {
	t        *sim.Tables
	val      values
	atk      [sim.MaxHunters][usableWays]usable      // each hunter's usable attacks (attacks)
	next     [sim.MaxHunters]uint8                   // the way of atk made next
	last     [sim.MaxHunters]uint8                   // the way of atk used last
	cur      *usable                                 // plan's: the hunter's usable attacks
	pods     [sim.MaxHunters]podMemo                 // each hunter's best pod (plan)
	podCells podCells                                // the pods nearest first from each cell of the zone
	cs       [sim.MaxCrims]cand                      // plan's: the crims
	prof     [sim.MaxHunters][sim.MaxProfiles]profOf // each hunter's view of each crim profile (plan)
	hidden   uint16                                  // plan's: the hidden crims (bit c), which spot looks at
	engNow   bool                                    // plan's: a crim is engaged with the hunter (Match.EngagedCrims(h) != 0)
	gl       [sim.MaxCrims]int8                      // plan's: the crims that could be the goal (survey)
	rl       [sim.MaxCrims]int8                      // plan's: the crims in reach (survey)
	rub      [sim.MaxCrims]float64                   // plan's: their bounds (survey)
	step     [sim.MaxHunters]float32                 // each hunter's expected Move, set at its activation
	upg      [sim.MaxHunters]uint16                  // the check kinds each hunter has an upgrade option for (bit k: kind k)
	acts     [sim.MaxHunters]uint8                   // each hunter's Momentum Options that give an Action Point (bit o: option o)
	move     [sim.TableDice + 1]float32              // the expected Move by dice of Athletics (moveAP)
	sv       surveyMemo                              // the last survey of the activation
}

// surveyMemo is what the last survey was made from and what it found
// (besides p.cs, p.gl, p.rl, p.rub, p.hidden and p.engNow,
// which it leaves as they are): within an activation a survey is made
// again only when the hunter moved, a crim changed (Match.CrimGen), or
// the hunter's attacks, its Move or its best pod did. plan's crims keep
// their attacks' values too: they depend on nothing else. So does plan's
// answer, read again while the survey and the best pod's rank stay (after
// a missed attack, say): plan reads nothing else that could change.
type surveyMemo struct {
	ok          bool
	h           int
	pos         geom.Vec
	gen         uint32
	key         uint32 // the key of the hunter's usable attacks: the same key, the same attacks
	gv0         float64
	step        float32
	ng, top, nr int
	// plan's answer from this survey (planned), for the best pod of rank
	// goal0: the same survey and the same best pod, the same answer
	planned bool
	goal0   int
	a, c    int
	v       float64
	goal    int
	gv      float64
}

// newBasic returns the basic tier reading the exact tables t.
func newBasic(t *sim.Tables) *Basic {
	p := &Basic{t: t}
	for n := range p.move {
		mean := 0.0
		for th := 1; th <= sim.TableT; th++ {
			mean += t.PHit(n, th)
		}
		p.move[n] = float32(sim.MoveBase + mean)
	}
	return p
}

var (
	_ sim.HunterPolicy = (*Basic)(nil)
	_ sim.CheckFilter  = (*Basic)(nil)
)

// podValue is the worth of a pod in points: 1d10 (5.5) and a reward.
const podValue = 6.5

// killValue is the worth of a hit of attack at on a crim of profile cd
// with left Wounds to go: P(eliminating it) × (its Base Point Value + 1)
// + E[Wounds dealt] / left × its Base Point Value / 2.
func killValue(t *sim.Tables, at *sim.Attack, cd *sim.CrimDef, left int) float64 {
	w := int(at.Damage)
	pKill := t.PDamage(w, int(cd.Armor), left)
	ed := min(t.EDamage(w, int(cd.Armor)), float64(left))
	return pKill*(float64(cd.BPV)+1) + ed/float64(left)*float64(cd.BPV)/2
}

// values are killValue for every hunter, attack, crim profile and
// Wounds left of one scenario, made on the first plan of a match of it:
// what an attack is worth changes in a match only with the crim's Wounds.
type values struct {
	sc    *sim.Scenario
	left  int       // Wounds left range over 0..left
	value []float64 // by ((hunter·MaxAttacks + attack)·MaxProfiles + profile)·(left+1) + Wounds left
}

// bestOf fills best, by profile·(left+1) + Wounds left, with the value
// of the best of the usable attacks atk on a crim out of cover: a bound
// of what an attack on it is worth.
func (v *values) bestOf(best []float64, m *sim.Match, atk []reachOf, stride int) {
	for i := range int(m.Sc.NCrims) {
		cd := &m.Sc.Crims[i]
		for left := 1; left <= int(cd.Wounds); left++ {
			b := 0.0
			for x := range atk {
				b = max(b, phit(atk[x].row, int(cd.Defense))*atk[x].value[i*stride+left])
			}
			best[i*stride+left] = b
		}
	}
}

// hits fills val[·][x] and valC[·][x], by profile·(left+1) + Wounds
// left, with the value of attack a, the x-th usable one, on a crim out
// of cover (P(hit) against its Defense × killValue) and in cover (against
// its Defense + 1 for a ranged attack; a melee attack's is the same), as
// plan's values and cover read them.
func (v *values) hits(val, valC [][sim.MaxAttacks]float64, m *sim.Match, a *reachOf, x, stride int) {
	for i := range int(m.Sc.NCrims) {
		cd := &m.Sc.Crims[i]
		for left := 1; left <= int(cd.Wounds); left++ {
			vi := i*stride + left
			val[vi][x] = phit(a.row, int(cd.Defense)) * a.value[vi]
			valC[vi][x] = val[vi][x]
			if !a.melee {
				valC[vi][x] = phit(a.row, int(cd.Defense)+1) * a.value[vi]
			}
		}
	}
}

func (v *values) build(t *sim.Tables, sc *sim.Scenario) {
	v.sc, v.left = sc, 0
	for i := range int(sc.NCrims) {
		v.left = max(v.left, int(sc.Crims[i].Wounds))
	}
	n := int(sc.NHunters) * sim.MaxAttacks * sim.MaxProfiles * (v.left + 1)
	if cap(v.value) < n {
		v.value = make([]float64, n)
	}
	v.value = v.value[:n]
	for h := range int(sc.NHunters) {
		def := &sc.Hunters[h]
		for a := range int(def.NAttacks) {
			for i := range int(sc.NCrims) {
				cd := &sc.Crims[i]
				for left := 1; left <= int(cd.Wounds); left++ {
					v.value[v.at(h, a, i, left)] = killValue(t, &def.Attacks[a], cd, left)
				}
			}
		}
	}
}

func (v *values) at(h, a, profile, left int) int {
	return ((h*sim.MaxAttacks+a)*sim.MaxProfiles+profile)*(v.left+1) + left
}

// profOf is what plan needs of a crim profile for one hunter, made
// with the values of the scenario.
type profOf struct {
	base float32 // the crim's base radius
	eng2 float32 // (the hunter's base + the crim's + the engagement range)²: engaged within it, centre to centre (as Match.Engaged)
	th   int     // its Defense
	vi   int     // profile·(left+1) + its Wounds: where its Wounds left are in the value tables, less the Wounds it took
}

// buildProf makes p.prof for scenario sc, with value tables of stride
// entries a profile.
func (p *Basic) buildProf(sc *sim.Scenario, stride int) {
	for h := range int(sc.NHunters) {
		hb := sc.Hunters[h].Base
		for i := range int(sc.NCrims) {
			cd := &sc.Crims[i]
			r := hb + cd.Base + sc.Rules.Engagement
			p.prof[h][i] = profOf{base: cd.Base, eng2: r * r, th: int(cd.Defense), vi: i*stride + int(cd.Wounds)}
		}
	}
}

// reachOf is what plan needs of one of a hunter's attacks, gathered
// once per plan.
type reachOf struct {
	x     int8 // which of the hunter's attacks
	melee bool
	rng   float32                  // ranged: its range
	rng09 float32                  // 0.9 × its range
	row   *[sim.TableT + 1]float64 // P(hit) by Threshold, from the dice of its attribute
	value []float64                // killValue by profile·(left+1) + Wounds left
}

// usable is one hunter's usable attacks as plan reads them, with 0.9 ×
// the longest range and the best table (values.bestOf), for the
// depleted attacks and the Performance Shot of key (0: none yet), which
// make its dice.
type usable struct {
	key     uint32
	n       int8
	melee   uint8                       // bit x: atk[x] is a melee attack
	nr      int8                        // the ranged attacks, longest first: rbit[:nr]
	rbit    [sim.MaxAttacks + 1]uint8   // rbit[i]: the bit of the i-th (1 << its index in atk); rbit[nr] is 0
	rng     [sim.MaxAttacks + 1]float32 // rng[i]: its range; rng[nr] is -Inf, the end of the list
	maxRng  float32                     // the longest of them (0: none)
	reach09 float32
	atk     [sim.MaxAttacks]reachOf
	best    []float64
	// val[vi] and valC[vi], by profile·(left+1) + Wounds left: the
	// value of each of atk on a crim out of cover and in cover
	// (values.hits)
	val, valC [][sim.MaxAttacks]float64
}

// usableWays is how many sets of usable attacks are kept for a hunter:
// its Performance Shot and its depleted attacks take few values in a
// match.
const usableWays = 4

// attacks returns hunter h's usable attacks, made when its Performance Shot or its
// depleted attacks take a value not among those kept.
func (p *Basic) attacks(h int, m *sim.Match, stride int) *usable {
	hu := &m.H[h]
	def := &m.Sc.Hunters[h]
	key := 1<<31 | uint32(hu.Depleted)<<16 | uint32(uint8(hu.Perf))<<8 // (the dice of Shoot and Fight follow Perf)
	ways := &p.atk[h]
	if u := &ways[p.last[h]%usableWays]; u.key == key { // the last used first
		return u
	}
	for w := range ways {
		if ways[w].key == key {
			p.last[h] = uint8(w)
			return &ways[w]
		}
	}
	p.last[h] = p.next[h]
	u := &ways[p.next[h]]
	p.next[h] = (p.next[h] + 1) % usableWays
	if k := sim.MaxProfiles * stride; cap(u.best) < k {
		u.best = make([]float64, k)
	}
	u.best = u.best[:sim.MaxProfiles*stride]
	u.key, u.n, u.melee, u.nr, u.maxRng, u.reach09 = key, 0, 0, 0, 0, 0
	for x := range int(def.NAttacks) {
		if hu.Depleted&(1<<x) != 0 {
			continue
		}
		at := &def.Attacks[x]
		attr := sim.Shoot
		if at.Melee {
			attr = sim.Fight
			u.melee |= 1 << u.n
		} else {
			u.reach09 = max(u.reach09, at.Range*0.9)
			u.maxRng = max(u.maxRng, at.Range)
			i := int(u.nr) // kept longest first
			for ; i > 0 && u.rng[i-1] < at.Range; i-- {
				u.rbit[i], u.rng[i] = u.rbit[i-1], u.rng[i-1]
			}
			u.rbit[i], u.rng[i] = 1<<u.n, at.Range
			u.nr++
		}
		n := min(max(m.Dice(h, attr), 0), sim.TableDice)
		base := p.val.at(h, x, 0, 0)
		u.atk[u.n] = reachOf{x: int8(x), melee: at.Melee, rng: at.Range, rng09: at.Range * 0.9, row: &p.t.PCheck[n], value: p.val.value[base : base+sim.MaxProfiles*stride]}
		u.n++
	}
	u.rbit[u.nr], u.rng[u.nr] = 0, float32(math.Inf(-1))
	p.val.bestOf(u.best, m, u.atk[:u.n], stride)
	if k := int(m.Sc.NCrims) * stride; cap(u.val) < k || cap(u.valC) < k {
		u.val, u.valC = make([][sim.MaxAttacks]float64, k), make([][sim.MaxAttacks]float64, k)
	}
	u.val, u.valC = u.val[:int(m.Sc.NCrims)*stride], u.valC[:int(m.Sc.NCrims)*stride]
	for x := range u.atk[:u.n] {
		p.val.hits(u.val, u.valC, m, &u.atk[x], x, stride)
	}
	return u
}

// podMemo is, for a hunter at pos with a Move of step and the pods
// stocked as stocked, plan's best stocked pod (its worth per Action
// Point gv, its rank goal and the Moves k it needs; noRank: none) and
// the stocked pods it is adjacent to (adj, bit q: pod q).
type podMemo struct {
	ok      bool
	pos     geom.Vec
	step    float32
	stocked uint16
	adj     uint16
	gv      float64
	goal    int
	k       int
}

// podsAt returns hunter h's podMemo, made again when the hunter, its
// Move or the pods changed. When only the pods changed and the best pod
// is still stocked, only the pods stocked since are looked at: the best
// was the first of the fewest Moves among the others, and still is.
func (p *Basic) podsAt(m *sim.Match, h int) *podMemo {
	pos, step := m.H[h].Pos, p.step[h]
	pm := &p.pods[h]
	if pm.ok && pm.pos == pos && pm.step == step {
		if pm.stocked == m.Pods {
			return pm
		}
		if pm.goal == noRank || m.Pods&(1<<pm.goal) != 0 {
			look := m.Pods &^ pm.stocked
			pm.stocked, pm.adj = m.Pods, pm.adj&m.Pods
			p.lookPods(m, h, pm, look)
			return pm
		}
	}
	pm.ok, pm.pos, pm.step, pm.stocked, pm.adj, pm.gv, pm.goal, pm.k = true, pos, step, m.Pods, 0, 0, noRank, noRank
	p.lookPods(m, h, pm, m.Pods)
	return pm
}

// lookPods adds the stocked pods look (bit q: pod q) to hunter h's
// podMemo pm. Every pod is worth podValue: the best needs the fewest
// Action Points (the first of them on a tie), podValue / aps. The pods
// are looked at nearest first by their distance from the hunter's cell
// of the zone (podCells): once that distance puts them all beyond reach
// of the hunter and needing more Moves than the best so far, the others
// are passed over. Off the grid, every pod is looked at, in order: one
// after the best and no nearer, squared, needs no fewer Moves.
func (p *Basic) lookPods(m *sim.Match, h int, pm *podMemo, look uint16) {
	pos, step := pm.pos, pm.step
	base := m.Sc.Hunters[h].Base
	r := base + sim.PodReach // as Match.PodAdjacent
	r2 := r * r
	n, goal, pods := pm.k, pm.goal, &m.Sc.Map.Pods
	if cl := p.podCells.at(pos); cl != nil {
		for i, q := range cl.ord[:p.podCells.n] {
			if l := cl.lb[i]; l >= r && n < noRank && moves(l-base-sim.PodReach*0.9, step) > n {
				break // this pod and the others: farther than l, not adjacent, more Moves
			}
			if look&(1<<(q%16)) == 0 { // (a pod's index is below MaxPods)
				continue
			}
			d2 := pods[q].Sub(pos).Len2()
			if d2 <= r2 {
				pm.adj |= 1 << (q % 16)
			}
			if k := moves(sqrt32(d2)-base-sim.PodReach*0.9, step); k < n || (k == n && int(q) < goal) {
				n, goal = k, int(q)
			}
		}
	} else {
		bd2 := float32(math.Inf(1))
		for st := look & (1<<m.Sc.Map.NPods - 1); st != 0; st &= st - 1 { // the stocked pods of the zone's pod count
			q := bits.TrailingZeros16(st)
			d2 := pods[q].Sub(pos).Len2()
			if d2 <= r2 {
				pm.adj |= 1 << q
			}
			if d2 >= bd2 {
				continue
			}
			if k := moves(sqrt32(d2)-base-sim.PodReach*0.9, step); k < n || (k == n && q < goal) {
				n, goal, bd2 = k, q, d2
			}
		}
	}
	pm.k, pm.goal = n, goal
	if n < noRank {
		pm.gv = podValue / float64(n+2)
	}
}

// podCells holds, for each 1-inch cell of the zone (cell x, y: [x, x+1]
// × [y, y+1]), the zone's pods by their distance from the cell, nearest
// first (the first in order on a tie), and those distances less
// podSlack: no more than a pod's distance from any point of the cell, as
// sqrt32 rounds it. Made once a scenario.
type podCells struct {
	nx, ny int
	n      int // the zone's pods
	cells  []podCell
}

type podCell struct {
	ord [sim.MaxPods]uint8
	lb  [sim.MaxPods]float32
}

// podSlack is far more than the rounding of a distance across the zone.
const podSlack = 1e-3

// build makes c for zone mp.
func (c *podCells) build(mp *sim.Map) {
	c.nx, c.ny, c.n = int(math.Ceil(float64(mp.W))), int(math.Ceil(float64(mp.H))), int(mp.NPods)
	c.cells = make([]podCell, c.nx*c.ny)
	for y := range c.ny {
		for x := range c.nx {
			cl := &c.cells[y*c.nx+x]
			for q := range c.n {
				pq := mp.Pods[q]
				dx := max(float64(x)-float64(pq.X), float64(pq.X)-float64(x+1), 0)
				dy := max(float64(y)-float64(pq.Y), float64(pq.Y)-float64(y+1), 0)
				lb := float32(math.Sqrt(dx*dx+dy*dy)) - podSlack
				i := q
				for ; i > 0 && cl.lb[i-1] > lb; i-- {
					cl.ord[i], cl.lb[i] = cl.ord[i-1], cl.lb[i-1]
				}
				cl.ord[i], cl.lb[i] = uint8(q), lb
			}
		}
	}
}

// at returns the cell of p, nil off the grid.
func (c *podCells) at(p geom.Vec) *podCell {
	if !(p.X >= 0 && p.Y >= 0 && p.X < float32(c.nx) && p.Y < float32(c.ny)) {
		return nil
	}
	return &c.cells[int(p.Y)*c.nx+int(p.X)]
}

// phit is P(a check reaching Threshold th) from row.
func phit(row *[sim.TableT + 1]float64, th int) float64 {
	if th <= 0 {
		return 1
	}
	if th > sim.TableT {
		return 0
	}
	return row[th]
}

// cand is one crim plan looks at: its slot, its distance (edge to
// edge), where its Wounds left are in the value tables, the bound of
// its value as a goal, and its attacks' values once computed.
type cand struct {
	k     int8
	done  bool
	th    int // its Defense (stored though plan reads its values from tables: the survey's loop is laid out cheaper with it)
	gap   float32
	vi    int
	ub    float64 // the best value of an attack on it out of cover
	bound float64 // ub over the fewest Action Points an attack on it needs (survey sets it only for the crims that can be goals)
	reach uint8   // the attacks that reach it, but for line of sight (bit x: attack x; survey sets it only for the crims of rl)
	cover int8    // whether it is in cover against the hunter: 1, 0, or -1 not yet known (val's ranged attacks then count it out of cover)
	val   [sim.MaxAttacks]float64
}

// atLeast is max(x, lo) for an x that is not NaN, by one comparison
// (Go's max minds NaNs and the sign of zeros).
func atLeast(x, lo float64) float64 {
	if x >= lo {
		return x
	}
	return lo
}

// sqrt32 is the square root geom.Vec.Len takes.
func sqrt32(x float32) float32 { return float32(math.Sqrt(float64(x))) }

// aps is the Action Points to move d inches at step inches a Move and
// act once.
func aps(d, step float32) float64 { return float64(moves(d, step) + 2) }

// moves is the Moves of step inches that d inches take, none for d <= 0.
func moves(d, step float32) int {
	if d < 0 {
		d = 0
	}
	return int(d / step)
}

// rank orders plan's options as it weighs them: the pods, then each
// crim's attacks by slot; ties go to the lower rank.
func rank(k, x int) int { return sim.MaxPods + k*sim.MaxAttacks + x }

// noRank is the rank of no option.
const noRank = 1 << 30

// plan weighs hunter h's options for its next Action Point: the attack
// of the highest value in reach now (a < 0: none), and the goal to move
// toward with its worth per Action Point: a stocked pod, or a crim to
// attack (reached at the range of the attack, base contact for a melee
// attack), its value over the Action Points needed to get there and use
// it. Ties go to the lower rank: pods first, then crims by slot, then
// attacks in order.
//
// An attack's value is P(hit) times its killValue, from tables. Each
// crim is first bounded by its best attack out of cover, and looked at
// closely (cover, each attack) only when that bound could still beat the
// best found so far, the crim of the highest bound first; an attack's
// line of sight is looked at only when it would be the best in reach.
//
// pm is the hunter's podMemo (podsAt). The goal is given by its rank
// (noRank: none); goalPoint gives the point to move toward.
//
// The best goal: the crim of the highest bound first, then every other
// whose bound could beat the best so far. The best attack in reach: the
// crims in reach by their bound, highest first (the first in slot order
// on a tie), while it can beat the best so far. (The calls keep their
// lines within plan as the profile of cmd/balance/default.pgo has them.)
func (p *Basic) plan(m *sim.Match, h int, pm *podMemo) (a, c int, v float64, goal int, gv float64) {
	hu := &m.H[h]
	step := p.step[h]
	a, c = -1, -1
	pos := hu.Pos
	// the goal so far (its rank) and its worth: the best stocked pod,
	// kept while the hunter, its step and the pods stay
	gv, goal = pm.gv, pm.goal
	goal0 := goal
	// the hunter's usable attacks, kept while its dice and its depleted
	// attacks stay
	stride := p.val.left + 1
	ak := p.attacks(h, m, stride)
	p.cur = ak
	atk, na := &ak.atk, int(ak.n)
	cs := &p.cs
	ng, top, nr, same := p.survey(m, h, ak, gv)
	sv := &p.sv
	if same && sv.planned && sv.goal0 == goal0 {
		return sv.a, sv.c, sv.v, sv.goal, sv.gv
	}
	gl, rl, rub := &p.gl, &p.rl, &p.rub
	// the best goal (see above), when a crim can be one (top >= 0)
	if top >= 0 {
		for i := -1; top >= 0 && i < ng; i++ {
			j := top
			if i >= 0 {
				if j = int(gl[i]); j == top {
					continue
				}
			}
			e := &cs[j]
			if !(e.bound > gv || (e.bound == gv && e.bound > 0 && rank(int(e.k), 0) < goal)) {
				continue
			}
			if !e.done {
				p.values(m, h, e, na)
			}
			for x := range atk[:na] {
				d := e.gap
				if !atk[x].melee {
					d -= atk[x].rng09
				}
				s := e.val[x] / aps(d, step)
				r := rank(int(e.k), x)
				if !(s > gv || (s == gv && s > 0 && r < goal)) {
					continue
				}
				if !atk[x].melee && e.cover < 0 { // the value out of cover wins: in cover?
					if p.cover(m, h, e, na); e.cover > 0 {
						if s = e.val[x] / aps(d, step); !(s > gv || (s == gv && s > 0 && r < goal)) {
							continue
						}
					}
				}
				gv, goal = s, r
			}
		}
	}
	// the best attack in reach (see above)
	for i := 1; i < nr; i++ {
		x, u, j := rl[i], rub[i], i
		for ; j > 0 && u > rub[j-1]; j-- {
			rl[j], rub[j] = rl[j-1], rub[j-1]
		}
		rl[j], rub[j] = x, u
	}
	at := noRank // the rank of the attack in reach so far, worth v
	for j := range nr {
		e := &cs[rl[j]]
		if !(e.ub > v || (e.ub == v && e.ub > 0 && rank(int(e.k), 0) < at)) {
			break
		}
		if !e.done {
			p.values(m, h, e, na)
		}
		k := int(e.k)
		for rb := e.reach; rb != 0; rb &= rb - 1 { // the attacks that reach it, in order
			x := bits.TrailingZeros8(rb)
			val := e.val[x]
			r := rank(k, x)
			if !(val > v || (val == v && val > 0 && r < at)) {
				continue
			}
			if !atk[x].melee {
				if e.cover < 0 { // the value out of cover wins: in cover?
					if p.cover(m, h, e, na); e.cover > 0 {
						if val = e.val[x]; !(val > v || (val == v && val > 0 && r < at)) {
							continue
						}
					}
				}
				if !m.LOS(pos, m.C[k].Pos) {
					continue
				}
			}
			a, c, v, at = int(atk[x].x), k, val, r
		}
	}
	sv.planned, sv.goal0, sv.a, sv.c, sv.v, sv.goal, sv.gv = true, goal0, a, c, v, goal, gv
	return
}

// goalPoint is the point hunter h moves toward for the goal of rank goal
// its plan just chose: a crim at the range of the attack (base contact
// for a melee attack) or a pod; where it stands for none.
func (p *Basic) goalPoint(m *sim.Match, h, goal int) (to geom.Vec, why string) {
	hu := &m.H[h]
	def := &m.Sc.Hunters[h]
	to = hu.Pos
	switch {
	case goal >= sim.MaxPods && goal < noRank:
		k, x := (goal-sim.MaxPods)/sim.MaxAttacks, int(p.cur.atk[(goal-sim.MaxPods)%sim.MaxAttacks].x)
		cd := &m.Sc.Crims[m.C[k].Def%sim.MaxProfiles]
		if at := &def.Attacks[x]; at.Melee {
			to = contact(hu.Pos, m.C[k].Pos, def.Base, cd.Base)
		} else {
			to = within(hu.Pos, m.C[k].Pos, def.Base, cd.Base, at.Range*0.9)
		}
		why = "toward the best crim to attack"
	case goal < sim.MaxPods:
		to = within(hu.Pos, m.Sc.Map.Pods[goal], def.Base, 0, sim.PodReach*0.9)
		why = "toward a stocked pod"
	}
	return to, why
}

// survey bounds every crim in the zone for plan (p.cs), with hunter h's
// usable attacks ak and the best pod's worth gv0, and lists:
//   - the crims whose bound could beat the best pod (p.gl[:ng], by their
//     index in p.cs; the best goal can only rise from there), and the one
//     of the highest bound among them (top, the first on a tie; -1: none);
//   - the crims some attack reaches but for line of sight, a melee attack
//     an engaged crim, a ranged one a crim in range (p.rl[:nr], by their
//     index in p.cs), which attacks (their cand's reach: bit x, attack
//     x) and their bounds (p.rub);
//   - the hidden crims (p.hidden) and whether a crim is engaged with the
//     hunter (p.engNow).
//
// same tells that the last survey still holds (nothing was made again).
func (p *Basic) survey(m *sim.Match, h int, ak *usable, gv0 float64) (ng, top, nr int, same bool) {
	pos, step, gen := m.H[h].Pos, p.step[h], m.CrimGen()
	sv := &p.sv
	if sv.ok && sv.gen == gen && sv.pos == pos && sv.h == h && sv.key == ak.key && sv.gv0 == gv0 && sv.step == step {
		return sv.ng, sv.top, sv.nr, true
	}
	ng, top, nr = p.surveyAll(m, h, ak, gv0)
	// (field by field: a composite literal is built aside, then copied)
	sv.ok, sv.h, sv.pos, sv.gen, sv.key, sv.gv0, sv.step = true, h, pos, gen, ak.key, gv0, step
	sv.ng, sv.top, sv.nr, sv.planned = ng, top, nr, false
	return ng, top, nr, false
}

// surveyAll is survey made afresh.
func (p *Basic) surveyAll(m *sim.Match, h int, ak *usable, gv0 float64) (ng, top, nr int) {
	pos, hb, step := m.H[h].Pos, m.Sc.Hunters[h].Base, p.step[h]
	prof, cs, best, reach09 := &p.prof[h], &p.cs, ak.best, ak.reach09
	shown := m.Shown()
	p.hidden = m.AliveCrims() &^ shown
	p.engNow = false
	nc := 0
	// a goal when its bound reaches gv0 (and is above 0); the bound is ub
	// over at least 2 Action Points, so no more than ub/2: ub must reach
	// 2·gv0 (exact)
	// (ub >= ubMin is ub >= ub0 && ub > 0: gv0 is never below 0)
	ubMin := atLeast(2*gv0, math.SmallestNonzeroFloat64)
	rng0 := ak.rng[0]
	for set := shown; set != 0; set &= set - 1 {
		k := bits.TrailingZeros16(set)
		cr := &m.C[k]
		pr := &prof[cr.Def%sim.MaxProfiles] // (Def is below MaxProfiles: no bounds check)
		d2 := cr.Pos.Sub(pos).Len2()
		gap := sqrt32(d2) - hb - pr.base
		vi := pr.vi - int(cr.Wounds)
		ub := best[vi]
		eng := d2 <= pr.eng2
		if !eng && gap > rng0 && ub < ubMin {
			continue // neither in reach nor a goal
		}
		var in uint8
		if eng {
			in = ak.melee
			p.engNow = true
		}
		if gap <= rng0 { // the ranged attacks in range, longest first (none: -Inf)
			in |= ak.rbit[0]
			for i := 1; gap <= ak.rng[i]; i++ {
				in |= ak.rbit[i]
			}
		}
		if ub < ubMin && in == 0 {
			continue // neither a goal nor in reach: plan does not look at it
		}
		e := &cs[nc]
		e.k, e.done, e.th, e.gap, e.vi, e.ub = int8(k), false, pr.th, gap, vi, ub
		if ub >= ubMin { // a goal if its bound reaches gv0 (after the loop)
			p.gl[ng] = int8(nc)
			ng++
		}
		if in != 0 {
			e.reach, p.rl[nr], p.rub[nr] = in, int8(nc), ub
			nr++
		}
		nc++
	}
	// the crims that can be goals (ub >= ubMin) whose bound reaches gv0,
	// and the one of the highest bound (the first on a tie), after the
	// loop (fewer values live in it)
	top, topBound, n := -1, 0.0, 0
	for _, j := range p.gl[:ng] {
		e := &cs[j]
		e.bound = e.ub / aps(e.gap-reach09, step)
		if !(e.bound >= gv0 && e.bound > 0) {
			continue
		}
		if top < 0 || e.bound > topBound {
			top, topBound = int(j), e.bound
		}
		p.gl[n] = j
		n++
	}
	return n, top, nr
}

// values computes the value of each of hunter h's na usable attacks
// on crim e, its ranged ones out of cover: whether the crim is in cover
// is looked at (cover) only when such a value would be chosen, as the
// value in cover is never higher.
func (p *Basic) values(m *sim.Match, h int, e *cand, na int) {
	e.done, e.cover = true, -1
	e.val = p.cur.val[e.vi] // phit(atk.row, its Defense) × atk.value[e.vi], each usable attack
}

// cover finds whether crim e is in cover against hunter h, and when it
// is, makes the values of the na usable ranged attacks on it again.
func (p *Basic) cover(m *sim.Match, h int, e *cand, na int) {
	e.cover = 0
	if !m.CrimInCover(int(e.k), h) {
		return
	}
	e.cover = 1
	e.val = p.cur.valC[e.vi] // for a ranged attack phit(ak.row, its Defense + 1) × ak.value[e.vi]
}

// moveAP is how far hunter h expects one Move to take it: 4" plus the
// expected successes of its Athletics check (the table made by
// newBasic).
func (p *Basic) moveAP(m *sim.Match, h int) float32 {
	return p.move[min(max(m.Dice(h, sim.Athletics), 0), sim.TableDice)]
}

// ready makes the tables of m's scenario, when it is not the one
// they were made for.
func (p *Basic) ready(m *sim.Match) {
	if p.val.sc != m.Sc {
		p.build(m.Sc)
	}
}

// build makes the tables of scenario sc.
func (p *Basic) build(sc *sim.Scenario) {
	p.val.build(p.t, sc)
	p.buildProf(sc, p.val.left+1)
	for h := range int(sc.NHunters) {
		def := &sc.Hunters[h]
		p.upg[h], p.acts[h] = 0, 0
		for o := range int(def.NOptions) {
			if def.Options[o].Op == sim.MoUpgrade {
				p.upg[h] |= def.Options[o].Checks
			}
			if def.Options[o].Op == sim.MoAction {
				p.acts[h] |= 1 << o
			}
		}
	}
	for h := range p.atk {
		for w := range p.atk[h] {
			p.atk[h][w].key = 0
		}
	}
	p.pods = [sim.MaxHunters]podMemo{}
	p.podCells.build(&sc.Map)
}

// Activate plays the activation by the rules of thumb above.
func (p *Basic) Activate(m *sim.Match, h int) {
	p.ready(m)
	p.sv.ok = false
	hu := &m.H[h]
	def := &m.Sc.Hunters[h]
	if hu.Wounds >= def.WoundMax-2 && hu.Wounds > 0 {
		if m.UseMedSpray(h) {
			m.Decide(h, "Med Spray", "two more Wounds would incapacitate")
		}
		for o := range int(def.NOptions) {
			if def.Options[o].Op == sim.MoHeal && hu.Wounds >= def.WoundMax-2 {
				m.SpendMomentum(h, o)
			}
		}
	}
	p.step[h] = p.moveAP(m, h)
	for set := p.acts[h]; set != 0; set &= set - 1 {
		if o := bits.TrailingZeros8(set); hu.Momentum >= def.Options[o].Cost {
			if a, _, _, _, _ := p.plan(m, h, p.podsAt(m, h)); a >= 0 {
				m.SpendMomentum(h, o)
			}
		}
	}
	for m.CanAct(h) {
		pm := p.podsAt(m, h)
		if p.pod(m, h, pm.adj) {
			continue
		}
		// the plan sees what the Action Point's other choices look at:
		// the hidden crims and whether a crim is engaged with the hunter
		a, c, v, goal, gv := p.plan(m, h, pm)
		if a >= 0 && v >= gv {
			if m.Trace != nil {
				m.Decide(h, def.Attacks[a].Name+" on "+m.CrimName(c), "the best attack in reach")
			}
			if !m.Attack(h, a, c) {
				m.Pass(h)
			}
			continue
		}
		if p.spot(m, h) {
			continue
		}
		if hu.Wounds*2 >= def.WoundMax && !hu.NoRest && !p.engNow {
			m.Decide(h, "Rest", "wounded, nothing better in reach")
			if !m.Rest(h) {
				m.Pass(h)
			}
			continue
		}
		if gv > 0 {
			if to, why := p.goalPoint(m, h, goal); to.Dist(hu.Pos) > 0.05 {
				if m.Trace != nil {
					m.Decide(h, "Move", why)
				}
				if !m.Move(h, to) {
					m.Pass(h)
				}
				continue
			}
		}
		if a >= 0 {
			if m.Trace != nil {
				m.Decide(h, def.Attacks[a].Name+" on "+m.CrimName(c), "the best attack in reach")
			}
			if !m.Attack(h, a, c) {
				m.Pass(h)
			}
			continue
		}
		if hu.Wounds > 0 && !hu.NoRest && !p.engNow {
			m.Decide(h, "Rest", "nothing else to do")
			if !m.Rest(h) {
				m.Pass(h)
			}
			continue
		}
		m.Decide(h, "pass", "nothing to do")
		m.Pass(h)
	}
}

// pod opens an adjacent stocked pod (adj, bit q: pod q).
func (p *Basic) pod(m *sim.Match, h int, adj uint16) bool {
	for ; adj != 0; adj &= adj - 1 {
		if m.OpenPod(h, bits.TrailingZeros16(adj)) {
			return true
		}
	}
	return false
}

// spot tries to spot a hidden crim: one of those plan, just before,
// found hidden.
func (p *Basic) spot(m *sim.Match, h int) bool {
	for set := p.hidden; set != 0; set &= set - 1 {
		c := bits.TrailingZeros16(set)
		if m.CanSpot(h, c) {
			if m.Trace != nil {
				m.Decide(h, "Spot "+m.CrimName(c), "a hidden crim in sight")
			}
			return m.Spot(h, c)
		}
	}
	return false
}

// BeforeCheck spends upgrade options on attack and Defense checks.
func (p *Basic) BeforeCheck(m *sim.Match, h int, c *sim.Check) {
	// an attack or Defense check (BeforeKinds) that an option of the
	// hunter upgrades (the lines of the call below are as the profile of
	// cmd/balance/default.pgo has them)
	if p.ready(m); p.upg[h]&(1<<(c.Kind%16))&(1<<sim.CkAttack|1<<sim.CkDefense) == 0 {
		return
	}
	def := &m.Sc.Hunters[h]
	for o := range int(def.NOptions) {
		m.SpendOnCheck(h, o, c)
	}
}

// BeforeKinds is the kinds of checks BeforeCheck acts on: hunter h's
// attack and Defense checks that one of its options upgrades.
func (p *Basic) BeforeKinds(m *sim.Match, h int) uint16 {
	p.ready(m)
	return p.upg[h] & (1<<sim.CkAttack | 1<<sim.CkDefense)
}

// ImpactTen takes two successes when the extra success counts.
func (p *Basic) ImpactTen(m *sim.Match, h int, c *sim.Check, r sim.Roll) sim.ImpactOption {
	s := r.Successes(false)
	counts := false
	switch c.Kind {
	case sim.CkAttack:
		counts = s+1 >= c.T // reaches the Threshold, or adds a surplus Wound die
	case sim.CkDamage:
		counts = true
	case sim.CkDefense, sim.CkAvoid, sim.CkSpot:
		counts = s < c.T // still failing: reaches it, or one Wound less
	case sim.CkResist:
		counts = s < c.Dice
	case sim.CkRecovery:
		counts = s < int(m.H[h].Wounds)
	}
	if counts {
		return sim.IoDouble
	}
	return sim.IoMomentum
}

// Pod picks a pod's reward by the rules of thumb.
func (p *Basic) Pod(m *sim.Match, h int) (sim.Reward, sim.Attr) {
	hu := &m.H[h]
	def := &m.Sc.Hunters[h]
	if hu.Depleted != 0 {
		return sim.RwReload, 0
	}
	if hu.Wounds >= 2 && hu.MedSpray == 0 {
		return sim.RwMedSpray, 0
	}
	if hu.Perf < 0 {
		best, attr := int8(-1), sim.Fight
		for a := range int(def.NAttacks) {
			at := &def.Attacks[a]
			if at.Damage > best {
				best = at.Damage
				attr = sim.Shoot
				if at.Melee {
					attr = sim.Fight
				}
			}
		}
		return sim.RwPerformance, attr
	}
	return sim.RwAdrenaline, 0
}

// Recovery takes the larger of Athletics and Mind.
func (p *Basic) Recovery(m *sim.Match, h int) sim.Attr {
	def := &m.Sc.Hunters[h]
	if def.Attr[sim.Mind] > def.Attr[sim.Athletics] {
		return sim.Mind
	}
	return sim.Athletics
}

// Return returns once at most half the Wound Maximum remains, at the
// corner nearest to a crim.
func (p *Basic) Return(m *sim.Match, h int) (bool, int) {
	hu := &m.H[h]
	def := &m.Sc.Hunters[h]
	if hu.Wounds*2 > def.WoundMax {
		m.UseMedSpray(h)
	}
	if hu.Wounds*2 > def.WoundMax {
		return false, 0
	}
	// The nearest pair of a corner and a crim: a crim's nearest corner is
	// the one of its quarter of the zone, every other corner farther by
	// far more than the rounding of a distance, unless the crim is within
	// midSlack of a line between two quarters (then every corner is
	// looked at). Ties go to the lowest corner, as when the corners were
	// looked at in turn.
	mp := &m.Sc.Map
	mx, my := mp.W/2, mp.H/2
	q := [4]geom.Vec{mp.Corner(0), mp.Corner(1), mp.Corner(2), mp.Corner(3)}
	apart := mx > q[0].X+midSlack && my > q[0].Y+midSlack // the quarters' corners apart
	corner, bd := 0, float32(-1)
	for set := m.Shown(); set != 0; set &= set - 1 {
		pos := m.C[bits.TrailingZeros16(set)].Pos
		if apart && abs32(pos.X-mx) >= midSlack && abs32(pos.Y-my) >= midSlack {
			k := quarter(pos.X > mx, pos.Y > my)
			if d := pos.Sub(q[k%4]).Len(); bd < 0 || d < bd || (d == bd && k < corner) { // as q.Dist
				corner, bd = k, d
			}
			continue
		}
		for k := range q {
			if d := pos.Sub(q[k]).Len(); bd < 0 || d < bd || (d == bd && k < corner) {
				corner, bd = k, d
			}
		}
	}
	return true, corner
}

// midSlack is how far from a line between two quarters of the zone a
// crim's nearest corner is the one of its quarter (far more than the
// rounding of a distance).
const midSlack = 0.01

// quarter is the corner (Map.Corner) of the quarter of the zone right
// of the middle (right) or above it (up).
func quarter(right, up bool) int {
	switch {
	case up && right:
		return 2
	case up:
		return 3
	case right:
		return 1
	}
	return 0
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// FightTarget sends the crim against the leader other than the First
// Player.
func (p *Basic) FightTarget(m *sim.Match, first, c int, engaged uint8) int {
	best := -1
	for k := range int(m.Sc.NHunters) {
		if engaged&(1<<k) == 0 || (k == first && engaged != 1<<k) {
			continue
		}
		if best < 0 || m.H[k].Points > m.H[best].Points {
			best = k
		}
	}
	return best
}
