package cazadores

import (
	"testing"

	configs "balance/configs/cazadores"
	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

// capHunt deals hunt (seed, index) of pack against adversary with Capture
// the Beast. With place, the Pack waits along the bottom edge and the
// Adversary's first model stands at (12, 14).
func capHunt(t testing.TB, adversary, pack string, seed, index uint64, place bool) *sim.Hunt {
	t.Helper()
	dataOnce.Do(func() { data, dataErr = configs.LoadEmbedded() })
	if dataErr != nil {
		t.Fatal(dataErr)
	}
	sc, err := data.CompileWith(adversary, pack, configs.DefaultScenario, "capture-the-beast")
	if err != nil {
		t.Fatal(err)
	}
	var tmpl sim.Hunt
	tmpl.Init(sc)
	h := new(sim.Hunt)
	h.Reset(&tmpl, seed, index)
	if place {
		for k := 0; k < int(h.NPack); k++ {
			h.M[k].Pos = geom.V(3+4*float32(k), 1)
		}
		h.M[h.Adv0].Pos = geom.V(12, 14)
	}
	return h
}

// wear exhausts the Adversary's first n hit locations and wounds the
// others until left WNDs remain (at least one on each).
func wear(h *sim.Hunt, n, left int) {
	for l := 0; l < n; l++ {
		h.WoundLocation(l, int(h.Loc[l]))
	}
	need := int(h.AdvLeft) - left
	for l := n; l < int(h.Sc.Adversary.NLoc) && need > 0; l++ {
		w := min(need, int(h.Loc[l])-1)
		h.WoundLocation(l, w)
		need -= w
	}
}

// carrier returns the Pack model that carries the Net and its slot.
func carrier(t testing.TB, h *sim.Hunt) (int, int) {
	t.Helper()
	for k := 0; k < int(h.NPack); k++ {
		if s := netSlot(h, k); s >= 0 {
			return k, s
		}
	}
	t.Fatal("no Pack model carries the Net")
	return -1, -1
}

// packTurn plays Pack model i's Turn with the Baseline policy and returns
// its trace.
func packTurn(h *sim.Hunt, i int) *tlog {
	l := traced(h)
	NewBaseline().Turn(h, i)
	return l
}

// attacksOn counts model i's attacks on model t in a trace.
func attacksOn(l *tlog, i, t int) int {
	n := 0
	for _, e := range l.of(sim.EvAttack) {
		if int(e.Model) == i && int(e.Target) == t {
			n++
		}
	}
	return n
}

// While the capture is pending the Pack makes no attack on the Adversary
// that could well defeat it; attacks that cannot go on, and once the
// capture is out of reach (the Net spent) the Pack kills as usual.
func TestCaptureSparesTheAdversary(t *testing.T) {
	for _, c := range []struct {
		name       string
		exhausted  int  // hit locations exhausted
		left       int  // the Adversary's WNDs left
		netted     bool // the Net held it this Round
		netSpent   bool // the carrier has no Net shot left
		wantAttack bool
	}{
		{"fresh", 0, 20, false, false, true},
		{"netted, far from falling", 1, 12, true, false, true},
		{"netted, 2 WNDs left", 3, 2, true, false, false},
		{"Net not thrown yet, 2 WNDs left", 3, 2, false, false, false},
		{"Net spent, 2 WNDs left", 3, 2, false, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := capHunt(t, "wandering-son", "duo", 1, 0, true)
			adv := int(h.Adv0)
			wear(h, c.exhausted, c.left)
			if int(h.AdvLeft) != c.left {
				t.Fatalf("the Adversary has %d WNDs left, want %d", h.AdvLeft, c.left)
			}
			h.Obj.Netted = c.netted
			if c.netSpent {
				k, s := carrier(t, h)
				h.M[k].Ammo[s] = 0
			}
			// The Hound (never the Net's carrier: it has no Gear) in base
			// contact with the Adversary.
			const hound = 3
			if netSlot(h, hound) >= 0 {
				t.Fatal("the Hound carries the Net")
			}
			h.M[hound].Pos = h.M[adv].Pos.Sub(geom.V(0, h.M[adv].R+h.M[hound].R))
			l := packTurn(h, hound)
			if got := attacksOn(l, hound, adv) > 0; got != c.wantAttack {
				t.Fatalf("attacked: %v, want %v (notes %v)", got, c.wantAttack, l.decisions(hound))
			}
			if !c.wantAttack && (!h.M[adv].Alive() || len(l.actions(hound)) != 1) {
				t.Fatalf("holding: Actions %+v, Adversary alive %v", l.actions(hound), h.M[adv].Alive())
			}
		})
	}
}

// A Pack model that holds off the Adversary still fights its Minions.
func TestCaptureFightsMinions(t *testing.T) {
	h := capHunt(t, "creature-wreathed-in-light", "duo", 1, 0, true)
	adv := int(h.Adv0)
	minion := int(h.Adv0 + h.NAdv)
	if minion >= int(h.N) || h.IsAdversary(minion) {
		t.Fatal("no Minion")
	}
	wear(h, int(h.Sc.Adversary.NLoc)-1, 1)
	h.Obj.Netted = true
	const hound = 3
	h.M[hound].Pos = h.M[adv].Pos.Sub(geom.V(0, h.M[adv].R+h.M[hound].R))
	h.M[minion].Pos = h.M[hound].Pos.Add(geom.V(-3, 0))
	for k := minion + 1; k < int(h.N); k++ {
		h.M[k].Pos = geom.V(22, 22)
	}
	l := packTurn(h, hound)
	if attacksOn(l, hound, adv) != 0 || attacksOn(l, hound, minion) != 1 {
		t.Fatalf("attacks on the Adversary %d, on the Minion %d; want 0 and 1 (notes %v)",
			attacksOn(l, hound, adv), attacksOn(l, hound, minion), l.decisions(hound))
	}
}

// The Net's carrier keeps the readied Net from Turn to Turn: Terrified, it
// clears the terror rather than switch to its melee weapons; after a throw
// it reloads the Net; before it is time to throw, it fights on without
// switching the Net away and without throwing it as a melee fallback.
func TestNetCarrierKeepsTheNet(t *testing.T) {
	for _, c := range []struct {
		name      string
		exhausted int
		left      int
		netted    bool
		terrified bool
		loaded    bool
		dist      float32 // from the Adversary's base
		want      sim.ActionKind
		any       bool // any Action but a Switch
	}{
		{"terrified, out of range", 2, 10, false, true, true, 8, sim.ActRecover, false},
		{"netted, Net spent", 2, 10, true, false, false, 8, sim.ActReload, false},
		{"in range: throw", 2, 10, false, false, true, 4, sim.ActAttack, false},
		{"not yet time, Net in range", 0, 20, false, false, true, 4, sim.ActSwitch, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := capHunt(t, "wandering-son", "duo", 1, 0, true)
			adv := int(h.Adv0)
			k, s := carrier(t, h)
			m := &h.M[k]
			wear(h, c.exhausted, c.left)
			h.Obj.Netted = c.netted
			m.Readied = 1 << s
			if !c.loaded {
				m.Loaded &^= 1 << s
				m.Ammo[s] = 1
			}
			if c.terrified {
				m.Conds = m.Conds.With(sim.Terrified)
				m.Terrifier = int8(adv)
			}
			m.Pos = h.M[adv].Pos.Sub(geom.V(0, h.M[adv].R+m.R+c.dist))
			ammo := m.Ammo[s]
			l := packTurn(h, k)
			acts := l.actions(k)
			if len(acts) != 1 || (acts[0].Action != c.want) != c.any {
				t.Fatalf("Actions %+v, want one %v (any but it: %v) (notes %v)", acts, c.want, c.any, l.decisions(k))
			}
			if m.Readied&(1<<s) == 0 {
				t.Fatal("the Net was switched away")
			}
			thrown := m.Ammo[s] < ammo
			if wantThrow := c.name == "in range: throw"; thrown != wantThrow {
				t.Fatalf("Net thrown: %v, want %v", thrown, wantThrow)
			}
		})
	}
}

// Over whole hunts the Net's carrier readies the Net at most once and
// never switches it away while the capture is pending (QA seed 3, Round 2:
// "ready the Net", "switch to melee weapons", "ready the Net", ...).
func TestNetCarrierDoesNotFlipFlop(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		h := capHunt(t, "wandering-son", "duo", seed, 0, false)
		k, s := carrier(t, h)
		l := &flipLog{h: h, k: k, s: s}
		h.Trace = l
		h.Play(NewBaseline(), Foes{})
		if l.readies > 1 || l.away > 0 {
			t.Errorf("seed %d: the Net readied %d times, switched away %d times while the capture was pending", seed, l.readies, l.away)
		}
	}
}

// flipLog counts the Net carrier's Switch Actions that ready the Net and
// those that put it away while the capture is pending. A Switch's Action
// event comes before the new loadout is readied.
type flipLog struct {
	h             *sim.Hunt
	k, s          int
	readies, away int
}

func (l *flipLog) Event(h *sim.Hunt, e *sim.Event) {
	if e.Kind != sim.EvAction || int(e.Model) != l.k || e.Action != sim.ActSwitch {
		return
	}
	switch {
	case h.M[l.k].Readied&(1<<l.s) == 0:
		l.readies++
	case capturePending(h) && h.M[l.k].Ammo[l.s] > 0:
		l.away++
	}
}

// The Net is thrown before the Adversary has two hit locations exhausted
// when no Pack model may attack it safely any more: waiting would not
// grow the Subdue pool.
func TestNetThrownWhenStuck(t *testing.T) {
	for _, c := range []struct {
		name      string
		exhausted int
		left      int
		wantThrow bool
	}{
		{"one location, 3 WNDs left: stuck", 1, 3, true},
		{"one location, 15 WNDs left", 1, 15, false},
		{"two locations, 10 WNDs left", 2, 10, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := capHunt(t, "wandering-son", "duo", 1, 0, true)
			adv := int(h.Adv0)
			k, s := carrier(t, h)
			m := &h.M[k]
			wear(h, c.exhausted, c.left)
			m.Readied = 1 << s
			m.Pos = h.M[adv].Pos.Sub(geom.V(0, h.M[adv].R+m.R+4))
			l := packTurn(h, k)
			if thrown := m.Ammo[s] < 2; thrown != c.wantThrow {
				t.Fatalf("Net thrown: %v, want %v (notes %v)", thrown, c.wantThrow, l.decisions(k))
			}
		})
	}
}
