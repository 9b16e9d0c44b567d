package cazadores

import (
	"math"
	"sync"
	"testing"

	configs "balance/configs/cazadores"
	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

var (
	dataOnce sync.Once
	data     *configs.Data
	dataErr  error
)

// scenario compiles adversary against pack on scen from the embedded data.
func scenario(t testing.TB, adversary, pack, scen string) *sim.Scenario {
	t.Helper()
	dataOnce.Do(func() { data, dataErr = configs.LoadEmbedded() })
	if dataErr != nil {
		t.Fatal(dataErr)
	}
	sc, err := data.Compile(adversary, pack, scen)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// foeHunt deals hunt (seed, 0) of adversary against the first npack
// models of the trio (the Sword-and-Shield Guardian, the Flintlock
// Marksman, the Blade-and-Torch Dual-Wielder) on open ground. The
// Adversary's first model stands at the centre, the Pack and any Minions
// are parked in the corners, out of everyone's way.
func foeHunt(t testing.TB, adversary string, npack int, seed uint64) *sim.Hunt {
	t.Helper()
	sc := scenario(t, adversary, "trio", configs.DefaultScenario)
	sc.Pack = sc.Pack[:npack]
	var tmpl sim.Hunt
	tmpl.Init(sc)
	h := new(sim.Hunt)
	h.Reset(&tmpl, seed, 0)
	for i := 0; i < int(h.NPack); i++ {
		h.M[i].Pos = geom.V(1+2*float32(i), 1)
	}
	for i := int(h.Adv0 + h.NAdv); i < int(h.N); i++ {
		h.M[i].Pos = geom.V(23-2*float32(i-int(h.Adv0+h.NAdv)), 23)
	}
	h.M[h.Adv0].Pos = geom.V(12, 12)
	return h
}

// put places model i with an edge gap of gap inches from model j, in
// direction deg degrees.
func put(h *sim.Hunt, i, j int, gap float32, deg float64) {
	s, c := math.Sincos(deg * math.Pi / 180)
	d := h.M[i].R + h.M[j].R + gap
	h.M[i].Pos = h.M[j].Pos.Add(geom.V(float32(c)*d, float32(s)*d))
}

// tlog records a traced hunt's events.
type tlog struct{ ev []sim.Event }

func (l *tlog) Event(_ *sim.Hunt, e *sim.Event) { l.ev = append(l.ev, *e) }

func (l *tlog) of(k sim.EventKind) []sim.Event {
	var out []sim.Event
	for _, e := range l.ev {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// decisions returns the Decision Tree answers noted for model i.
func (l *tlog) decisions(i int) []string {
	var out []string
	for _, e := range l.of(sim.EvDecision) {
		if int(e.Model) == i {
			out = append(out, e.Name)
		}
	}
	return out
}

// actions returns the Actions model i paid for, as "kind/ticks".
func (l *tlog) actions(i int) []sim.Event {
	var out []sim.Event
	for _, e := range l.of(sim.EvAction) {
		if int(e.Model) == i {
			out = append(out, e)
		}
	}
	return out
}

// locIdx returns the index of the hit location called name.
func locIdx(t testing.TB, h *sim.Hunt, name string) int {
	t.Helper()
	a := &h.Sc.Adversary
	for l := 0; l < int(a.NLoc); l++ {
		if a.Loc[l].Name == name {
			return l
		}
	}
	t.Fatalf("%s has no hit location %q", a.Name, name)
	return -1
}

func traced(h *sim.Hunt) *tlog {
	l := &tlog{}
	h.Trace = l
	return l
}

func same(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

// treeCase is one run of a Decision Tree for the Wandering Son against a
// lone Guardian placed gap inches away, with the card of the given rank.
type treeCase struct {
	name      string
	tree      sim.Tree
	rank      int
	gap       float32
	decisions []string
	attack    bool
	action    sim.ActionKind // the paid Action (the attack is the card's)
	edge      float32        // the edge gap afterwards (< 0: not checked)
}

func runTreeCase(t *testing.T, c treeCase) {
	t.Helper()
	h := foeHunt(t, "wandering-son", 1, 1)
	adv := int(h.Adv0)
	h.M[adv].Pos = geom.V(12, 17)
	put(h, 0, adv, c.gap, 270)
	start := h.M[adv].Pos
	act := &h.Sc.Adversary.Standard[c.rank]
	l := traced(h)
	runTree(h, adv, c.tree, act, act)
	if got := l.decisions(adv); !same(got, c.decisions) {
		t.Errorf("%s: answers %q, want %q", c.name, got, c.decisions)
	}
	if got := len(l.of(sim.EvAttack)) > 0; got != c.attack {
		t.Errorf("%s: attacked %v, want %v", c.name, got, c.attack)
	}
	acts := l.actions(adv)
	if len(acts) != 1 || acts[0].Action != c.action {
		t.Errorf("%s: Actions %+v, want one %v", c.name, acts, c.action)
	}
	if c.edge >= 0 && !(math.Abs(float64(h.Edge(0, adv)-c.edge)) < 0.05) {
		t.Errorf("%s: ended %.2f\" from the Guardian (moved from %v to %v), want %.2f\"", c.name, h.Edge(0, adv), start, h.M[adv].Pos, c.edge)
	}
}

// Ch. 3, Decision Trees, Aggressive: 1) Close Combat; 2) Aggress; 3)
// Reposition; 4) Hold Ground. Aggress: a Move toward the Target, then
// Close Combat, else Ranged Combat, else a second Move toward the Target.
func TestAggressiveTree(t *testing.T) {
	for _, c := range []treeCase{
		{"close combat", sim.Aggressive, sim.Jack, 1, []string{"close combat"}, true, sim.ActAttack, 1},
		{"aggress, then close combat", sim.Aggressive, sim.Jack, 6, []string{"aggress", "close combat"}, true, sim.ActAttack, 1},
		{"aggress, else a second Move", sim.Aggressive, sim.Jack, 9, []string{"aggress"}, false, sim.ActMove, 0},
		{"aggress, else ranged combat", sim.Aggressive, sim.King, 9, []string{"aggress", "ranged combat"}, true, sim.ActAttack, -1},
		{"nothing within 10\": hold ground", sim.Aggressive, sim.Jack, 10.5, []string{"hold ground"}, false, sim.ActPass, 10.5},
	} {
		runTreeCase(t, c)
	}
}

// Defensive: 1) Retreat; 2) Reposition; 3) Aggress; 4) Hold Ground.
// Retreat: a Move away from the Hostile models whose melee reach and LOS
// hold the Foe, then Ranged Combat, else Hold Ground.
func TestDefensiveTree(t *testing.T) {
	for _, c := range []treeCase{
		{"retreat, else hold ground", sim.Defensive, sim.Jack, 0.5, []string{"retreat", "hold ground"}, false, sim.ActPass, 5.5},
		{"retreat, then ranged combat", sim.Defensive, sim.King, 0.5, []string{"retreat", "ranged combat"}, true, sim.ActAttack, -1},
		{"out of the Guardian's reach: aggress", sim.Defensive, sim.Jack, 3, []string{"aggress", "close combat"}, true, sim.ActAttack, 0},
		{"nothing within 10\": hold ground", sim.Defensive, sim.Jack, 11, []string{"hold ground"}, false, sim.ActPass, 11},
	} {
		runTreeCase(t, c)
	}
}

// Sentry: 1) Close Combat; 2) Ranged Combat; 3) Reposition; 4) Hold
// Ground. A Sentry never closes in.
func TestSentryTree(t *testing.T) {
	for _, c := range []treeCase{
		{"close combat", sim.Sentry, sim.Jack, 1.5, []string{"close combat"}, true, sim.ActAttack, 1.5},
		{"ranged combat", sim.Sentry, sim.King, 5.5, []string{"ranged combat"}, true, sim.ActAttack, -1},
		{"melee card out of reach: hold ground", sim.Sentry, sim.Jack, 4, []string{"hold ground"}, false, sim.ActPass, 4},
		{"ranged card out of reach: hold ground", sim.Sentry, sim.King, 6.5, []string{"hold ground"}, false, sim.ActPass, 6.5},
	} {
		runTreeCase(t, c)
	}
}

// Reposition: more than 5" from every Friendly model, the Foe moves toward
// the largest group of Minions, then Close Combat, else Ranged Combat, else
// Hold Ground; with no Friendly model it answers No (R32).
func TestReposition(t *testing.T) {
	for _, tree := range []sim.Tree{sim.Aggressive, sim.Defensive, sim.Sentry} {
		h := foeHunt(t, "creature-wreathed-in-light", 1, 1)
		adv := int(h.Adv0)
		b1, b2 := adv+1, adv+2
		h.M[adv].Pos = geom.V(4, 20)
		h.M[b1].Pos, h.M[b2].Pos = geom.V(20, 4), geom.V(21, 5) // one group of two
		h.M[0].Pos = geom.V(20, 22)                             // the Pack far away
		act := &h.Sc.Adversary.Standard[sim.Jack]
		d0 := h.Edge(adv, b1)
		l := traced(h)
		runTree(h, adv, tree, act, act)
		if got := l.decisions(adv); !same(got, []string{"reposition", "hold ground"}) {
			t.Errorf("%v: answers %q, want reposition then hold ground", tree, got)
		}
		if d := h.Edge(adv, b1); math.Abs(float64(d0-d-5)) > 0.05 {
			t.Errorf("%v: repositioned from %.2f\" to %.2f\" of the Butterflies, want 5\" closer", tree, d0, d)
		}
	}
	// A Butterfly away from its fellow heads for it (the largest group
	// other than itself).
	h := foeHunt(t, "creature-wreathed-in-light", 1, 1)
	adv := int(h.Adv0)
	b1, b2 := adv+1, adv+2
	h.M[adv].Pos, h.M[b1].Pos, h.M[b2].Pos = geom.V(3, 21), geom.V(20, 4), geom.V(12, 4)
	h.M[0].Pos = geom.V(22, 22)
	d0 := h.Edge(b1, b2)
	l := traced(h)
	Foes{}.MinionTurn(h, b1)
	if got := l.decisions(b1); !same(got, []string{"reposition", "hold ground"}) {
		t.Errorf("Butterfly: answers %q, want reposition then hold ground", got)
	}
	if d := h.Edge(b1, b2); math.Abs(float64(d0-d-5)) > 0.05 {
		t.Errorf("the Butterfly went from %.2f\" to %.2f\" of its fellow, want 5\" closer", d0, d)
	}
}

// Minions fight by their own type with their own attacks: the Sentry
// Butterfly shoots at RNG 1 + 2 when nobody is in its melee reach.
func TestMinionAttacks(t *testing.T) {
	for _, c := range []struct {
		gap  float32
		kind sim.AttackKind
		want []string
	}{{0.5, sim.MeleeAttack, []string{"close combat"}}, {2.5, sim.ShootingAttack, []string{"ranged combat"}}, {3.5, 0, []string{"hold ground"}}} {
		h := foeHunt(t, "creature-wreathed-in-light", 2, 1)
		b := int(h.Adv0) + 1
		h.M[b].Pos = geom.V(6, 8)
		h.M[h.Adv0].Pos = geom.V(6, 12) // within 5": no Reposition
		put(h, 0, b, c.gap, 0)
		h.M[1].Pos = h.M[0].Pos.Add(geom.V(2, 0)) // a Friend beside the target
		l := traced(h)
		Foes{}.MinionTurn(h, b)
		if got := l.decisions(b); !same(got, c.want) {
			t.Errorf("gap %v: answers %q, want %q", c.gap, got, c.want)
		}
		at := l.of(sim.EvAttack)
		if c.kind == 0 {
			if len(at) != 0 {
				t.Errorf("gap %v: attacked", c.gap)
			}
			continue
		}
		if len(at) != 1 || at[0].N != int16(c.kind) || at[0].Dice.Pool != 3 || at[0].Target != 0 {
			t.Errorf("gap %v: attacks %+v, want one %v with ATK 3 on the Guardian", c.gap, at, c.kind)
		}
	}
}

// aggroHunt puts the trio around the Wandering Son at edge gaps 2, 4 and 6
// with WNDs 10, 5 and 10.
func aggroHunt(t *testing.T, seed uint64) *sim.Hunt {
	h := foeHunt(t, "wandering-son", 3, seed)
	adv := int(h.Adv0)
	for k, g := range []float32{2, 4, 6} {
		put(h, k, adv, g, float64(90*k))
	}
	h.M[0].WND, h.M[1].WND, h.M[2].WND = 10, 5, 10
	return h
}

// Ch. 3, Determining Aggro (R31): Aggressive picks the most WNDs left,
// Defensive the fewest, Sentry the closest, among Hostile models within
// 10" and LOS that are not Hidden; ties are broken at random.
func TestAggroByType(t *testing.T) {
	const n = 400
	for _, c := range []struct {
		name  string
		tree  sim.Tree
		setup func(h *sim.Hunt)
		want  map[int]float64 // target -> probability
	}{
		{"aggressive: most WNDs, tie at random", sim.Aggressive, nil, map[int]float64{0: 0.5, 2: 0.5}},
		{"defensive: fewest WNDs", sim.Defensive, nil, map[int]float64{1: 1}},
		{"sentry: closest", sim.Sentry, nil, map[int]float64{0: 1}},
		{"sentry: equally close, tie at random", sim.Sentry, func(h *sim.Hunt) { put(h, 2, int(h.Adv0), 2, 180) }, map[int]float64{0: 0.5, 2: 0.5}},
		{"defensive: equal WNDs, tie at random", sim.Defensive, func(h *sim.Hunt) { h.M[0].WND = 5 }, map[int]float64{0: 0.5, 1: 0.5}},
		{"aggressive: three-way tie", sim.Aggressive, func(h *sim.Hunt) { h.M[1].WND = 10 }, map[int]float64{0: 1.0 / 3, 1: 1.0 / 3, 2: 1.0 / 3}},
		{"hidden models are not Targets", sim.Aggressive, func(h *sim.Hunt) { h.M[0].Conds = h.M[0].Conds.With(sim.Hidden) }, map[int]float64{2: 1}},
		{"beyond 10\" is not a Target", sim.Aggressive, func(h *sim.Hunt) { put(h, 2, int(h.Adv0), 10.5, 180) }, map[int]float64{0: 1}},
		{"nobody within 10\": the closest", sim.Defensive, func(h *sim.Hunt) {
			for k, g := range []float32{12, 10.5, 11} {
				put(h, k, int(h.Adv0), g, float64(90*k))
			}
		}, map[int]float64{1: 1}},
	} {
		count := map[int]int{}
		for seed := uint64(1); seed <= n; seed++ {
			h := aggroHunt(t, seed)
			if c.setup != nil {
				c.setup(h)
			}
			count[target(h, int(h.Adv0), c.tree)]++
		}
		for k, got := range count {
			p, ok := c.want[k]
			if !ok {
				t.Errorf("%s: picked model %d %d times", c.name, k, got)
				continue
			}
			se := math.Sqrt(p * (1 - p) / n)
			if math.Abs(float64(got)/n-p) > 4*se+1e-9 {
				t.Errorf("%s: picked model %d in %d of %d hunts, want a rate of %.3f ± %.3f", c.name, k, got, n, p, 4*se)
			}
		}
	}
}

// An attack step aims at the best candidate by Aggro among the models in
// the card's range, not the best overall.
func TestAttackAimsWithinRange(t *testing.T) {
	for seed := uint64(1); seed <= 50; seed++ {
		h := aggroHunt(t, seed) // Aggressive prefers 0 or 2, but only 0 is within RNG 2
		act := &h.Sc.Adversary.Standard[sim.Jack]
		l := traced(h)
		runTree(h, int(h.Adv0), sim.Aggressive, act, act)
		at := l.of(sim.EvAttack)
		if len(at) != 1 || at[0].Target != 0 {
			t.Fatalf("seed %d: attacks %+v, want one on model 0", seed, at)
		}
	}
}

// The Adversary's Turn: Recover instead of the free Move while it has a
// Condition; still Knocked Down, it Recovers as its Action; still Stunned,
// it may move but not attack (R3, R4, R20).
func TestAdversaryTurnRecovers(t *testing.T) {
	var sawStill, sawCleared [2]bool
	for seed := uint64(1); seed <= 200; seed++ {
		for k, c := range []sim.Cond{sim.KnockedDown, sim.Stunned} {
			h := foeHunt(t, "wandering-son", 1, seed)
			adv := int(h.Adv0)
			put(h, 0, adv, 0.5, 270)
			h.M[adv].Conds = h.M[adv].Conds.With(c)
			l := traced(h)
			Foes{}.AdversaryTurn(h)
			rec := l.of(sim.EvRecover)
			if len(rec) == 0 || rec[0].Model != int8(adv) || rec[0].Dice.Pool != 6 || rec[0].Dice.DT != 5 {
				t.Fatalf("%v: the first Recover %+v, want TER 6 against DT 5", c, rec)
			}
			if len(l.of(sim.EvCard)) != 1 {
				t.Fatalf("%v: %d cards drawn", c, len(l.of(sim.EvCard)))
			}
			first := l.ev[0]
			if first.Kind != sim.EvRecover {
				t.Fatalf("%v: the Turn began with %+v, not the Recover", c, first)
			}
			still := rec[0].Dice.Successes == 0
			acts := l.actions(adv)
			switch {
			case c == sim.KnockedDown && still:
				sawStill[k] = true
				if len(acts) != 1 || acts[0].Action != sim.ActRecover || acts[0].N != 2 || len(l.of(sim.EvAttack)) != 0 || len(l.of(sim.EvMoved)) != 0 {
					t.Fatalf("still Knocked Down: Actions %+v, want a Recover (2 Ticks) and nothing else", acts)
				}
			case c == sim.Stunned && still:
				sawStill[k] = true
				if len(l.of(sim.EvAttack)) != 0 {
					t.Fatal("a Stunned Adversary attacked")
				}
			default:
				sawCleared[k] = true
				if h.M[adv].Conds.Has(c) {
					t.Fatalf("%v survived a successful Recover", c)
				}
			}
		}
	}
	if sawStill != [2]bool{true, true} || sawCleared != [2]bool{true, true} {
		t.Fatalf("Recover outcomes not all seen: still %v, cleared %v", sawStill, sawCleared)
	}
}

// The Praetorians (The Sword, the Axe, and the Mace): every Praetorian
// runs the card's tree, the one with most WNDs left first, ties at random.
func TestPraetoriansActInWNDOrder(t *testing.T) {
	order := func(l *tlog) []int {
		var out []int
		seen := map[int]bool{}
		for _, e := range l.of(sim.EvDecision) {
			if m := int(e.Model); !seen[m] {
				seen[m] = true
				out = append(out, m)
			}
		}
		return out
	}
	firsts := map[int]int{}
	for seed := uint64(1); seed <= 60; seed++ {
		h := foeHunt(t, "praetorians", 1, seed)
		a0 := int(h.Adv0)
		h.M[a0].Pos, h.M[a0+1].Pos, h.M[a0+2].Pos = geom.V(8, 12), geom.V(12, 12), geom.V(16, 12)
		l := traced(h)
		Foes{}.AdversaryTurn(h)
		if got := order(l); len(got) != 3 {
			t.Fatalf("seed %d: Praetorians acting %v, want all three", seed, got)
		} else {
			firsts[got[0]]++
		}

		h = foeHunt(t, "praetorians", 1, seed)
		h.M[a0].Pos, h.M[a0+1].Pos, h.M[a0+2].Pos = geom.V(8, 12), geom.V(12, 12), geom.V(16, 12)
		h.WoundLocation(locIdx(t, h, "The Mace"), 3)        // the Mace: 7 left
		h.WoundLocation(locIdx(t, h, "The Axe's Flame"), 1) // the Axe: 9 left
		l = traced(h)
		Foes{}.AdversaryTurn(h)
		want := []int{a0, a0 + 1, a0 + 2}
		if got := order(l); len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
			t.Fatalf("seed %d: Praetorians with 10, 9 and 7 WNDs acted in the order %v, want %v", seed, got, want)
		}
	}
	if len(firsts) != 3 {
		t.Fatalf("with equal WNDs the first to act was always among %v", firsts)
	}
}

// R33 (foe_move: in_range): a Foe moving toward its Target stops as soon
// as the Target is within the range of the attack it would make.
func TestFoeMoveInRange(t *testing.T) {
	for _, c := range []struct {
		name string
		rank int
		gap  float32
		want float32 // the gap the Foe stops at
	}{
		{"already in reach: no move", sim.Jack, 1.5, 1.5},
		{"closing to melee reach", sim.Jack, 4, 2},
		{"closing to shooting range", sim.King, 9, 6},
	} {
		h := foeHunt(t, "wandering-son", 1, 1)
		h.Sc.Rules.FoeMoveInRange = true
		adv := int(h.Adv0)
		put(h, 0, adv, c.gap, 270)
		tgt := h.M[0].Pos
		act := &h.Sc.Adversary.Standard[c.rank]
		l := traced(h)
		runTree(h, adv, sim.Aggressive, act, act)
		if len(l.of(sim.EvAttack)) != 1 {
			t.Errorf("%s: no attack", c.name)
			continue
		}
		stop := h.M[adv].Pos
		if mv := l.of(sim.EvMoved); len(mv) > 0 {
			stop = mv[len(mv)-1].Pos // where it stood to attack (a hit may move the target)
		}
		if gap := geom.EdgeDist(stop, h.M[adv].R, tgt, h.M[0].R); math.Abs(float64(gap-c.want)) > 0.05 {
			t.Errorf("%s: stopped %.2f\" from the Target, want %.2f\"", c.name, gap, c.want)
		}
	}
}

// The rulebook's "else" example: after the Aggress Move, Close Combat is
// checked before Ranged Combat, and a second Move comes last. A Butterfly
// made Aggressive has both a Melee Attack (RNG 1) and a Shooting Attack
// (RNG 3) to choose from.
func TestAggressElseOrder(t *testing.T) {
	for _, c := range []struct {
		gap     float32
		kind    sim.AttackKind
		actions []sim.ActionKind
	}{
		{5.5, sim.MeleeAttack, []sim.ActionKind{sim.ActAttack}},  // 0.5" after the Move: both reach, melee first
		{7, sim.ShootingAttack, []sim.ActionKind{sim.ActAttack}}, // 2" after the Move: only the shot reaches
		{9.5, sim.AttackNone, []sim.ActionKind{sim.ActMove}},     // 4.5" after the Move: a second Move
		{0.5, sim.MeleeAttack, []sim.ActionKind{sim.ActAttack}},  // Close Combat at once
		{2.5, sim.MeleeAttack, []sim.ActionKind{sim.ActAttack}},  // not in melee reach: the Aggress Move to contact, then Close Combat
	} {
		sc := scenario(t, "creature-wreathed-in-light", "trio", configs.DefaultScenario)
		sc.Pack = sc.Pack[:1]
		sc.Adversary.Minions[0].Tree = sim.Aggressive
		var tmpl sim.Hunt
		tmpl.Init(sc)
		h := new(sim.Hunt)
		h.Reset(&tmpl, 1, 0)
		adv, b := int(h.Adv0), int(h.Adv0)+1
		h.M[adv].Pos, h.M[b+1].Pos = geom.V(20, 20), geom.V(22, 20)
		h.M[b].Pos = geom.V(12, 18)
		put(h, 0, b, c.gap, 270)
		l := traced(h)
		Foes{}.MinionTurn(h, b)
		at := l.of(sim.EvAttack)
		var kind sim.AttackKind
		if len(at) > 0 {
			kind = sim.AttackKind(at[0].N)
		}
		acts := l.actions(b)
		if kind != c.kind || len(at) > 1 || len(acts) != 1 || acts[0].Action != c.actions[0] {
			t.Errorf("gap %v: %d attacks (first %v), Actions %+v; want %v and %v (answers %q)", c.gap, len(at), kind, acts, c.kind, c.actions, l.decisions(b))
		}
		if c.gap == 2.5 && h.Edge(0, b) > 0.05 {
			t.Errorf("gap 2.5: the Aggress Move stopped %.2f\" short of contact", h.Edge(0, b))
		}
	}
}

// Reposition asks whether the Foe is more than 5" from every Friendly
// model.
func TestRepositionThreshold(t *testing.T) {
	for _, c := range []struct {
		gap  float32
		want string
	}{{4.9, "hold ground"}, {5.2, "reposition"}} {
		h := foeHunt(t, "creature-wreathed-in-light", 1, 1)
		adv, b1, b2 := int(h.Adv0), int(h.Adv0)+1, int(h.Adv0)+2
		h.M[adv].Pos = geom.V(12, 12)
		put(h, b1, adv, c.gap, 0)
		put(h, b2, b1, 0.5, 0)
		h.M[0].Pos = geom.V(1, 23)
		act := &h.Sc.Adversary.Standard[sim.Jack]
		l := traced(h)
		runTree(h, adv, sim.Sentry, act, act)
		if got := l.decisions(adv); len(got) == 0 || got[0] != c.want {
			t.Errorf("%v\" from the nearest Butterfly: answers %q, want %s first", c.gap, got, c.want)
		}
	}
}

// R21: a card that makes no attack (Beloved Breath) is performed at the
// first attack step the tree reaches; a tree that ends in Hold Ground first
// does not perform it.
func TestSelfCardAtFirstAttackStep(t *testing.T) {
	for _, c := range []struct {
		name      string
		gap       float32
		decisions []string
		areas     uint16
	}{
		{"a Hostile model within 10\"", 8, []string{"aggress", "close combat: card action"}, 1},
		{"nobody within 10\"", 10.5, []string{"hold ground"}, 0},
	} {
		h := foeHunt(t, "creature-wreathed-in-light", 1, 1)
		adv := int(h.Adv0)
		put(h, adv+1, adv, 2, 90) // the Butterflies close by: no Reposition
		put(h, adv+2, adv, 2, 30)
		put(h, 0, adv, c.gap, 270)
		act := &h.Sc.Adversary.Special[sim.King]
		if act.Name != "Beloved Breath" || act.Attack != sim.AttackNone {
			t.Fatalf("fixture: the King of Hearts is %s", act.Name)
		}
		l := traced(h)
		runTree(h, adv, act.Tree, act, act)
		if got := l.decisions(adv); !same(got, c.decisions) || h.Rec.Areas != c.areas {
			t.Errorf("%s: answers %q, %d Areas; want %q, %d", c.name, got, h.Rec.Areas, c.decisions, c.areas)
		}
		if c.areas > 0 {
			acts := l.actions(adv)
			if len(acts) != 1 || acts[0].Action != sim.ActAttack || acts[0].N != int16(h.Sc.Rules.SelfCardTicks) {
				t.Errorf("%s: Actions %+v, want the card at self_card_ticks", c.name, acts)
			}
			if h.Defence(adv, sim.MeleeAttack) != 9 {
				t.Errorf("in its Beloved Breath the Creature has DEF %d, want 7 + 2", h.Defence(adv, sim.MeleeAttack))
			}
		}
	}
}
