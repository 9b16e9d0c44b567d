package crims

import (
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
	t    *sim.Tables
	step [sim.MaxHunters]float32 // each hunter's expected Move, set at its activation
}

var _ sim.HunterPolicy = (*Basic)(nil)

// podValue is the worth of a pod in points: 1d10 (5.5) and a reward.
const podValue = 6.5

// attackValue scores hunter h's attack a on crim c (0: not worth it).
func (p *Basic) attackValue(m *sim.Match, h, a, c int) float64 {
	def := &m.Sc.Hunters[h]
	at := &def.Attacks[a]
	cr := &m.C[c]
	cd := &m.Sc.Crims[cr.Def]
	attr := sim.Shoot
	if at.Melee {
		attr = sim.Fight
	}
	pHit := p.t.PHit(m.Dice(h, attr), m.AttackThreshold(h, a, c))
	left := int(cd.Wounds - cr.Wounds)
	w := int(at.Damage)
	pKill := p.t.PDamage(w, int(cd.Armor), left)
	ed := min(p.t.EDamage(w, int(cd.Armor)), float64(left))
	return pHit * (pKill*(float64(cd.BPV)+1) + ed/float64(left)*float64(cd.BPV)/2)
}

// plan weighs hunter h's options for its next Action Point: the attack
// of the highest value in reach now (a < 0: none), and the goal to move
// toward with its worth per Action Point: a stocked pod, or a crim to
// attack (reached at the range of the attack, base contact for a melee
// attack), its value over the Action Points needed to get there and use
// it. Each attack's value is computed once.
func (p *Basic) plan(m *sim.Match, h int) (a, c int, v float64, to geom.Vec, gv float64, why string) {
	hu := &m.H[h]
	def := &m.Sc.Hunters[h]
	step := p.step[h]
	// aps is the Action Points to move d inches and act once.
	aps := func(d float32) float64 { return float64(int(max(d, 0)/step) + 2) }
	a, c, to = -1, -1, hu.Pos
	goalPod, goalCrim, goalAttack := -1, -1, -1
	for q := range int(m.Sc.Map.NPods) {
		if !m.Stocked(q) {
			continue
		}
		d := hu.Pos.Dist(m.Sc.Map.Pods[q]) - def.Base - sim.PodReach*0.9
		if s := podValue / aps(d); s > gv {
			gv, goalPod = s, q
		}
	}
	for k := range m.C {
		if !m.Visible(k) {
			continue
		}
		cd := &m.Sc.Crims[m.C[k].Def]
		gap := hu.Pos.Dist(m.C[k].Pos) - def.Base - cd.Base
		for x := range int(def.NAttacks) {
			if hu.Depleted&(1<<x) != 0 {
				continue
			}
			val := p.attackValue(m, h, x, k)
			if val <= max(v, 0) && val/2 <= gv {
				continue // neither the best attack nor the best goal
			}
			if val > v && m.CanAttack(h, x, k) {
				a, c, v = x, k, val
			}
			d := gap
			if at := &def.Attacks[x]; !at.Melee {
				d -= at.Range * 0.9
			}
			if s := val / aps(d); s > gv {
				gv, goalPod, goalCrim, goalAttack = s, -1, k, x
			}
		}
	}
	switch {
	case goalCrim >= 0:
		cd := &m.Sc.Crims[m.C[goalCrim].Def]
		if at := &def.Attacks[goalAttack]; at.Melee {
			to = contact(hu.Pos, m.C[goalCrim].Pos, def.Base, cd.Base)
		} else {
			to = within(hu.Pos, m.C[goalCrim].Pos, def.Base, cd.Base, at.Range*0.9)
		}
		why = "toward the best crim to attack"
	case goalPod >= 0:
		to = within(hu.Pos, m.Sc.Map.Pods[goalPod], def.Base, 0, sim.PodReach*0.9)
		why = "toward a stocked pod"
	}
	return
}

// moveAP is how far hunter h expects one Move to take it: 4" plus the
// expected successes of its Athletics check.
func (p *Basic) moveAP(m *sim.Match, h int) float32 {
	n := m.Dice(h, sim.Athletics)
	mean := 0.0
	for t := 1; t <= sim.TableT; t++ {
		mean += p.t.PHit(n, t)
	}
	return float32(sim.MoveBase + mean)
}

// Activate plays the activation by the rules of thumb above.
func (p *Basic) Activate(m *sim.Match, h int) {
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
	for o := range int(def.NOptions) {
		if op := &def.Options[o]; op.Op == sim.MoAction && hu.Momentum >= op.Cost {
			if a, _, _, _, _, _ := p.plan(m, h); a >= 0 {
				m.SpendMomentum(h, o)
			}
		}
	}
	for m.CanAct(h) {
		if p.pod(m, h) {
			continue
		}
		a, c, v, to, gv, why := p.plan(m, h)
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
		if hu.Wounds*2 >= def.WoundMax && !hu.NoRest && m.EngagedCrims(h) == 0 {
			m.Decide(h, "Rest", "wounded, nothing better in reach")
			if !m.Rest(h) {
				m.Pass(h)
			}
			continue
		}
		if gv > 0 && to.Dist(hu.Pos) > 0.05 {
			m.Decide(h, "Move", why)
			if !m.Move(h, to) {
				m.Pass(h)
			}
			continue
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
		if hu.Wounds > 0 && !hu.NoRest && m.EngagedCrims(h) == 0 {
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

// pod opens an adjacent stocked pod.
func (p *Basic) pod(m *sim.Match, h int) bool {
	for q := range int(m.Sc.Map.NPods) {
		if m.Stocked(q) && m.PodAdjacent(h, q) {
			if m.OpenPod(h, q) {
				return true
			}
		}
	}
	return false
}

// spot tries to spot a hidden crim.
func (p *Basic) spot(m *sim.Match, h int) bool {
	for c := range m.C {
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
	if c.Kind != sim.CkAttack && c.Kind != sim.CkDefense {
		return
	}
	def := &m.Sc.Hunters[h]
	for o := range int(def.NOptions) {
		m.SpendOnCheck(h, o, c)
	}
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
	corner, bd := 0, float32(-1)
	for k := range 4 {
		q := m.Sc.Map.Corner(k)
		for c := range m.C {
			if m.Visible(c) {
				if d := q.Dist(m.C[c].Pos); bd < 0 || d < bd {
					corner, bd = k, d
				}
			}
		}
	}
	return true, corner
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
