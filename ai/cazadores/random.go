package cazadores

import (
	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

// Random is the floor of the skill tiers: each Turn a Pack model takes a
// free Move in a random direction (or none) and then an Action drawn
// uniformly from those open to it (each target and weapon of an Attack,
// each Condition for a Recover, ... counts as one Action). Its random
// numbers come from the hunt's own stream, so it is as reproducible as
// any other policy. The zero value is ready.
type Random struct{}

var _ sim.PackPolicy = Random{}

func init() {
	register(Tier{Name: "random", Order: 0, Doc: "a uniformly random open Action each Turn, after a random free Move: the floor",
		New: func() sim.PackPolicy { return Random{} }})
}

// PackFirst: a coin toss.
func (Random) PackFirst(h *sim.Hunt) bool { return h.Dice.IntN(2) == 0 }

// Order keeps the Pack's order.
func (Random) Order(h *sim.Hunt, eligible []int8) {}

// choice is one open Action.
type choice struct {
	act  sim.ActionKind
	a, b int8 // target, slot or Condition, by Action
}

// Turn plays Pack model i's Turn at random.
func (Random) Turn(h *sim.Hunt, i int) {
	m := &h.M[i]
	if h.CanFreeMove(i) && h.Dice.IntN(2) == 0 {
		freeMoveFor(h, i, randomGoal(h, i), -1, "a random free Move", -1, "a coin toss")
	}
	var cs [96]choice
	n := 0
	add := func(c choice) {
		if n < len(cs) {
			cs[n] = c
			n++
		}
	}
	d := &h.Sc.Pack[m.Def]
	if h.CanAct(i, sim.ActMove) {
		add(choice{act: sim.ActMove})
	}
	if h.CanAct(i, sim.ActCoverGround) {
		add(choice{act: sim.ActCoverGround})
	}
	for t := 0; t < int(h.N); t++ {
		if !h.M[t].Alive() {
			continue
		}
		if h.Hostile(i, t) {
			for s := -1; s < int(d.NWeapons); s++ {
				if h.CanAttack(i, t, s) {
					add(choice{act: sim.ActAttack, a: int8(t), b: int8(s)})
				}
			}
			if h.CanAct(i, sim.ActParry) && h.Within(i, t, 3) {
				add(choice{act: sim.ActParry, a: int8(t)})
			}
			if h.CanAct(i, sim.ActSpotWeakness) && h.Within(i, t, 5) {
				add(choice{act: sim.ActSpotWeakness, a: int8(t)})
			}
		} else if t != i && h.CanAct(i, sim.ActAid) && h.Within(i, t, 3) {
			add(choice{act: sim.ActAid, a: int8(t)})
		}
	}
	for _, k := range [...]sim.ActionKind{sim.ActDefend, sim.ActFocus, sim.ActPass} {
		if h.CanAct(i, k) {
			add(choice{act: k})
		}
	}
	if h.CanAct(i, sim.ActHide) && h.CanHide(i) {
		add(choice{act: sim.ActHide})
	}
	if h.CanAct(i, sim.ActFlee) && h.NearExit(i) {
		add(choice{act: sim.ActFlee})
	}
	for s := 0; s < int(d.NWeapons); s++ {
		if h.CanReload(i, s) {
			add(choice{act: sim.ActReload, b: int8(s)})
		}
	}
	if h.CanAct(i, sim.ActSwitch) {
		add(choice{act: sim.ActSwitch})
	}
	for c := sim.Bleeding; c < sim.NumConds; c++ {
		if m.Conds.Has(c) && h.CanAct(i, sim.ActRecover) {
			add(choice{act: sim.ActRecover, b: int8(c)})
		}
	}
	for g := 0; g < int(d.NGear); g++ {
		for t := -1; t < int(h.N); t++ {
			if (t < 0 || h.M[t].Alive()) && h.CanUseGear(i, g, t) {
				add(choice{act: sim.ActUseGear, a: int8(t), b: int8(g)})
			}
		}
	}
	for r := 0; r < h.NumRituals(i); r++ {
		for t := -1; t < int(h.N); t++ {
			if (t < 0 || h.M[t].Alive()) && h.CanCast(i, r, t) {
				add(choice{act: sim.ActCastRitual, a: int8(t), b: int8(r)})
			}
		}
	}
	if n == 0 {
		decide(h, i, "pass", -1, "no Action open to it")
		return // the Turn ends with no Action: a Pass
	}
	c := cs[h.Dice.IntN(n)]
	if h.Trace != nil {
		tg := -1
		switch c.act {
		case sim.ActAttack, sim.ActParry, sim.ActSpotWeakness, sim.ActAid, sim.ActUseGear, sim.ActCastRitual:
			tg = int(c.a)
		}
		decide(h, i, "a random Action", tg, "drawn uniformly among those open to it")
	}
	switch c.act {
	case sim.ActMove:
		h.Move(i, randomGoal(h, i), -1, 0)
	case sim.ActCoverGround:
		h.CoverGround(i, randomGoal(h, i), -1)
	case sim.ActAttack:
		h.Attack(i, int(c.a), int(c.b))
	case sim.ActParry:
		h.Parry(i, int(c.a))
	case sim.ActSpotWeakness:
		h.SpotWeakness(i, int(c.a))
	case sim.ActAid:
		cond := sim.NoCond
		for k := sim.Bleeding; k < sim.NumConds; k++ {
			if h.M[c.a].Conds.Has(k) {
				cond = k
				break
			}
		}
		h.Aid(i, int(c.a), cond)
	case sim.ActDefend:
		h.Defend(i)
	case sim.ActFocus:
		h.FocusOn(i, true, 0)
	case sim.ActPass:
		h.Pass(i)
	case sim.ActHide:
		h.Hide(i)
	case sim.ActFlee:
		h.Flee(i)
	case sim.ActReload:
		h.Reload(i, int(c.b))
	case sim.ActSwitch:
		// A random readied set within two hands.
		for try := 0; try < 8; try++ {
			if h.Switch(i, uint8(h.Dice.IntN(1<<d.NWeapons))) {
				break
			}
		}
	case sim.ActRecover:
		h.Recover(i, sim.Cond(c.b))
	case sim.ActUseGear:
		h.UseGear(i, int(c.b), int(c.a))
	case sim.ActCastRitual:
		h.CastRitual(i, int(c.b), int(c.a))
	}
}

// randomGoal is a point a full move away in one of 256 directions.
func randomGoal(h *sim.Hunt, i int) geom.Vec {
	m := &h.M[i]
	dir := geom.Dir(uint8(h.Dice.IntN(256)))
	return geom.ClampToBoard(m.Pos.Add(dir.Scale(float32(h.SPD(i))+3)), m.R, h.Sc.Map.W, h.Sc.Map.H)
}
