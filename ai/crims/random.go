package crims

import (
	sim "balance/sim/crims"
	"balance/sim/geom"
)

// choice is one legal action of a hunter.
type choice struct {
	kind uint8
	a, c int8
	to   geom.Vec
}

const (
	chMove uint8 = iota
	chRest
	chFocus
	chSpot
	chPod
	chAttack
)

// maxChoices bounds the legal actions listed at once.
const maxChoices = 4 + 2 + sim.MaxCrims*(sim.MaxAttacks+1) + sim.MaxPods + 4

// Random makes every choice uniformly at random among the legal ones,
// drawing from the match's policy stream: the weakest tier, the floor
// `skill` measures the others against. Its Moves go toward a random crim,
// a random pod or in a random direction.
type Random struct {
	buf [maxChoices]choice
}

var _ sim.HunterPolicy = (*Random)(nil)

// legal lists hunter h's legal actions into p.buf.
func (p *Random) legal(m *sim.Match, h int) []choice {
	out := p.buf[:0]
	hu := &m.H[h]
	def := &m.Sc.Hunters[h]
	engaged := m.EngagedCrims(h) != 0
	if hu.Acted == 0 {
		out = append(out, choice{kind: chFocus})
	}
	if hu.Wounds > 0 && !hu.NoRest && !engaged {
		out = append(out, choice{kind: chRest})
	}
	for c := range m.C {
		if m.CanSpot(h, c) {
			out = append(out, choice{kind: chSpot, c: int8(c)})
		}
		if !m.Visible(c) {
			continue
		}
		for a := range int(def.NAttacks) {
			if m.CanAttack(h, a, c) {
				out = append(out, choice{kind: chAttack, a: int8(a), c: int8(c)})
			}
		}
		if len(out) < maxChoices-sim.MaxPods-4 {
			out = append(out, choice{kind: chMove, to: m.C[c].Pos})
		}
	}
	for q := range int(m.Sc.Map.NPods) {
		if !m.Stocked(q) {
			continue
		}
		if !engaged && m.PodAdjacent(h, q) {
			out = append(out, choice{kind: chPod, c: int8(q)})
		} else {
			out = append(out, choice{kind: chMove, to: m.Sc.Map.Pods[q]})
		}
	}
	for range 2 {
		d := geom.Dir(uint8(m.PolicyRNG.IntN(256)))
		out = append(out, choice{kind: chMove, to: hu.Pos.Add(d.Scale(10))})
	}
	return out
}

// Activate takes random legal actions until the Action Points are spent.
func (p *Random) Activate(m *sim.Match, h int) {
	for m.CanAct(h) {
		list := p.legal(m, h)
		ch := list[m.PolicyRNG.IntN(len(list))]
		ok := false
		switch ch.kind {
		case chMove:
			m.Decide(h, "Move", "at random")
			ok = m.Move(h, ch.to)
		case chRest:
			ok = m.Rest(h)
		case chFocus:
			ok = m.Focus(h)
		case chSpot:
			ok = m.Spot(h, int(ch.c))
		case chPod:
			ok = m.OpenPod(h, int(ch.c))
		case chAttack:
			if m.Trace != nil {
				m.Decide(h, m.Sc.Hunters[h].Attacks[ch.a].Name+" on "+m.CrimName(int(ch.c)), "at random")
			}
			ok = m.Attack(h, int(ch.a), int(ch.c))
		}
		if !ok {
			m.Pass(h) // cannot happen: every choice listed is legal
		}
	}
}

// BeforeCheck spends an upgrade option on a coin flip, when it can.
func (p *Random) BeforeCheck(m *sim.Match, h int, c *sim.Check) {
	def := &m.Sc.Hunters[h]
	for o := range int(def.NOptions) {
		if m.PolicyRNG.Bool() {
			m.SpendOnCheck(h, o, c)
		}
	}
}

// ImpactTen picks an option at random (the damage upgrade only on an
// attack check).
func (p *Random) ImpactTen(m *sim.Match, h int, c *sim.Check, r sim.Roll) sim.ImpactOption {
	n := 3
	if c.Kind == sim.CkAttack {
		n = 4
	}
	return sim.ImpactOption(m.PolicyRNG.IntN(n))
}

// Pod picks a reward and an attribute at random.
func (p *Random) Pod(m *sim.Match, h int) (sim.Reward, sim.Attr) {
	return sim.Reward(m.PolicyRNG.IntN(int(sim.NRewards))), sim.Attr(m.PolicyRNG.IntN(int(sim.NAttr)))
}

// Recovery picks Athletics or Mind on a coin flip.
func (p *Random) Recovery(m *sim.Match, h int) sim.Attr {
	if m.PolicyRNG.Bool() {
		return sim.Mind
	}
	return sim.Athletics
}

// Return returns on a coin flip, at a random corner.
func (p *Random) Return(m *sim.Match, h int) (bool, int) {
	return m.PolicyRNG.Bool(), m.PolicyRNG.IntN(4)
}

// FightTarget picks an engaged hunter at random.
func (p *Random) FightTarget(m *sim.Match, first, c int, engaged uint8) int {
	var list [sim.MaxHunters]int
	n := 0
	for k := range int(m.Sc.NHunters) {
		if engaged&(1<<k) != 0 {
			list[n] = k
			n++
		}
	}
	return list[m.PolicyRNG.IntN(n)]
}
