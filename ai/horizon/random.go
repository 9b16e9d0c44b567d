package horizon

import (
	"math/bits"

	"balance/sim/dice"
	sim "balance/sim/horizon"
)

func init() {
	register(Tier{Name: "random", Order: 0, Doc: "every choice uniform among the legal ones (an action kind, then its squares, target, cards and component)",
		New: func() sim.Policy { return &Random{} }})
}

// Random makes every choice uniformly at random among the legal ones: it
// draws an action kind among those it can perform (Pass included), then
// that action's details.
type Random struct {
	rng  dice.RNG
	cand [64]sim.Action
}

var _ sim.Policy = (*Random)(nil)

func (p *Random) Begin(h *sim.Hunt, seed, index uint64) {
	p.rng.Derive(seed, index, sim.PurposePolicy)
}

// pick returns a uniform square of m (m not empty).
func (p *Random) pick(m uint64) int {
	k := p.rng.IntN(bits.OnesCount64(m))
	for ; k > 0; k-- {
		m &= m - 1
	}
	return bits.TrailingZeros64(m)
}

func (p *Random) Deploy(h *sim.Hunt, who int, legal uint64) int { return p.pick(legal) }
func (p *Random) Refresh(h *sim.Hunt, who int) uint32           { return 0 }

// KeepsHand tells the rules core that Refresh discards nothing.
func (p *Random) KeepsHand() {}

func (p *Random) Next(h *sim.Hunt, who int) sim.Action {
	n := 0
	add := func(a sim.Action) {
		if n < len(p.cand) && h.Legal(who, &a) {
			p.cand[n] = a
			n++
		}
	}
	s := &h.H[who]
	b := h.B
	add(sim.Action{Kind: sim.Pass})
	near := b.Adj[s.Cell] | 1<<s.Cell
	add(sim.Action{Kind: sim.Sneak, Path: [2]uint8{uint8(p.pick(near)), sim.NoCell}})
	first := uint8(p.pick(near))
	add(sim.Action{Kind: sim.Sprint, Path: [2]uint8{first, uint8(p.pick(b.Adj[first] | 1<<first))}})
	if s.NDisc > 0 {
		add(sim.Action{Kind: sim.Craft, Both: s.Spent == 0 && p.rng.Bool()})
	}
	add(sim.Action{Kind: sim.Salvage})
	for e := 0; e < h.NE; e++ {
		en := &h.E[e]
		if en.Where != sim.InPlay {
			continue
		}
		add(sim.Action{Kind: sim.Distract, Enemy: int8(e), Square: uint8(p.pick(b.Near[en.Cell]))})
	}
	l := &h.Sc.Hunters[who]
	for w := 0; w < int(l.NWeapons); w++ {
		kind := sim.RangedAttack
		if l.Weapons[w].Kind == sim.Melee {
			kind = sim.MeleeAttack
		}
		ammo, ab := int8(-1), int8(-1)
		if s.NHand > 0 {
			ammo = int8(p.rng.IntN(int(s.NHand)))
			if p.rng.Bool() {
				ab = int8(p.rng.IntN(int(s.NHand)))
			}
		}
		for e := 0; e < h.NE; e++ {
			if h.E[e].Where != sim.InPlay {
				continue
			}
			a := sim.Attack(kind, w, e)
			a.Ammo, a.Ability = ammo, ab
			m := &h.Sc.Machines[h.E[e].M]
			if m.NComps > 0 && p.rng.Bool() {
				a.Part = int8(p.rng.IntN(int(m.NComps)))
			}
			if !h.Legal(who, &a) {
				a.Ability = -1 // an unfitting ability: try without it
			}
			if !h.Legal(who, &a) && kind == sim.MeleeAttack {
				a.Ammo = -1
			}
			add(a)
		}
		if l.Weapons[w].Trap {
			a := sim.Attack(kind, w, -1)
			a.Ammo, a.Square = ammo, uint8(p.pick(b.Reach(int(s.Cell), int(l.Weapons[w].Range))))
			add(a)
		}
	}
	return p.cand[p.rng.IntN(n)]
}

func (p *Random) Crit(h *sim.Hunt, who, enemy int, opts []sim.Effects) int {
	return p.rng.IntN(len(opts))
}

func (p *Random) Discard(h *sim.Hunt, who int) int {
	s := &h.H[who]
	k := p.rng.IntN(int(s.NHand) + 1)
	if k == int(s.NHand) {
		return -1
	}
	return k
}

func (p *Random) Dodge(h *sim.Hunt, who int, legal uint64) int { return p.pick(legal) }
func (p *Random) Move(h *sim.Hunt, who int, legal uint64, why sim.MoveWhy) int {
	return p.pick(legal)
}
func (p *Random) Push(h *sim.Hunt, who, enemy int, legal uint64) int { return p.pick(legal) }
func (p *Random) PushHunter(h *sim.Hunt, chooser, hunter int, legal uint64) int {
	return p.pick(legal)
}

func (p *Random) Interrupt(h *sim.Hunt, who int, t sim.Trigger) int {
	s := &h.H[who]
	for i := 0; i < int(s.NHand); i++ {
		c := &h.Sc.Cards[s.Hand[i]]
		if c.Kind == sim.Interrupt && (c.When == t || c.When == sim.AnyTime) && p.rng.Bool() {
			return i
		}
	}
	return -1
}

func (p *Random) OnTrap(h *sim.Hunt, who, enemy int) int {
	s := &h.H[who]
	for i := 0; i < int(s.NHand); i++ {
		if c := &h.Sc.Cards[s.Hand[i]]; c.Kind == sim.Ability && c.OnTrap && p.rng.Bool() {
			return i
		}
	}
	return -1
}

func (p *Random) Scrap(h *sim.Hunt, who int) int {
	s := &h.H[who]
	k := p.rng.IntN(int(s.NHand) + 1)
	if k == int(s.NHand) {
		return -1
	}
	return k
}

func (p *Random) Tie(h *sim.Hunt, kind sim.TieKind, n int) int { return p.rng.IntN(n) }

func (p *Random) Glory(h *sim.Hunt, who, n int) int {
	if p.rng.Bool() {
		return -1
	}
	return p.rng.IntN(h.NH)
}
