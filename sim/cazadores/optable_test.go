package cazadores

import (
	"reflect"
	"slices"
	"testing"

	"balance/sim/geom"
)

// TestOpTable checks the table of effect ops against the engine: every
// OpKind but OpNone is the op of exactly one entry, and each entry is
// complete.
func TestOpTable(t *testing.T) {
	owner := map[OpKind]string{}
	var names []string
	for _, s := range OpTable {
		names = append(names, s.Name)
		if len(s.Kinds) == 0 || s.Arg == 0 || s.In == 0 || s.Does == "" {
			t.Errorf("%s: incomplete entry %+v", s.Name, s)
		}
		if s.Arg == ArgChoice && len(s.Kinds) != 1 && len(s.Kinds) != len(s.Values) {
			t.Errorf("%s: %d kinds for %d values", s.Name, len(s.Kinds), len(s.Values))
		}
		if s.Arg != ArgChoice && len(s.Kinds) != 1 {
			t.Errorf("%s: %d kinds", s.Name, len(s.Kinds))
		}
		if s.Inner != 0 && !s.Holds() {
			t.Errorf("%s: an Inner place, but no ops to hold", s.Name)
		}
		for _, f := range s.With {
			if f.Arg != ArgChoice || f.Default == "" || !slices.Contains(f.Values, f.Default) {
				t.Errorf("%s: key %s beside it is not a choice with a default", s.Name, f.Name)
			}
		}
		for _, k := range s.Kinds {
			if k <= OpNone || k >= NumOpKinds {
				t.Errorf("%s: kind %d out of range", s.Name, k)
			}
			if o, ok := owner[k]; ok && o != s.Name {
				t.Errorf("kind %d is the op of both %s and %s", k, o, s.Name)
			}
			owner[k] = s.Name
		}
	}
	for k := OpNone + 1; k < NumOpKinds; k++ {
		if _, ok := owner[k]; !ok {
			t.Errorf("kind %d is the op of no entry of OpTable", k)
		}
	}
	if !slices.IsSorted(names) || len(slices.Compact(slices.Clone(names))) != len(names) {
		t.Errorf("names not sorted or not unique: %v", names)
	}
	if got := OpNames(AllPlaces); !slices.Equal(got, names) {
		t.Errorf("OpNames(AllPlaces) = %v", got)
	}
	for _, p := range OpPlaces {
		if len(OpNames(p.Place)) == 0 || PlaceName(p.Place) != p.Name {
			t.Errorf("place %s: no ops", p.Name)
		}
	}
}

// opHunt deals a hunt of two Cazadores against the Wandering Son, every
// model hurt, with one triggered attack and one effect list (impose
// stunned) for the ops that refer to them.
func opHunt(seed uint64) *Hunt {
	sc := newScenario(caz("A", wHand), caz("B", wHand, wBow))
	sc.Adversary.Triggers = []CardAction{{Name: "Spit", Attack: ShootingAttack, Rating: 4, Range: 12, Targets: TargetAllInRange, Damage: true, Ticks: 3}}
	var inner Ops
	inner.Add(Op{Kind: OpImpose, Cond: Stunned})
	sc.Lists = []Ops{inner}
	h := newHunt(sc, seed)
	h.M[0].Pos, h.M[1].Pos = geom.V(10, 6), geom.V(14, 6)
	h.M[h.Adv0].Pos = geom.V(12, 9)
	for i := 0; i < int(h.N); i++ {
		h.WoundForTest(i, 3)
	}
	h.w.lastSucc = 2
	return h
}

// TestEveryOpExecutes applies every engine op of OpTable, performed by a
// Pack model and by the Adversary, on a Pack model, on the Adversary and
// with no target (after and on_success of a card with no targets): none
// panics, and each changes the hunt in some case.
func TestEveryOpExecutes(t *testing.T) {
	for _, s := range OpTable {
		for v, k := range s.Kinds {
			op := Op{Kind: k, Cond: Stunned, N: 2, Die: 5, Dist: 3, Skill: Fortitude}
			switch k {
			case OpWard:
				op.N = int8(v + 1)
			case OpAreaPair, OpArea:
				op.At = AtScatter
			}
			var ops Ops
			ops.Add(op)
			changed := false
			for _, perf := range []int{0, 2} {
				for _, tgt := range []int{1, 2, -1} {
					h := opHunt(1)
					if k == OpSummon {
						// A kind of Minion to summon, none deployed.
						h.Sc.Adversary.Minions = []MinionDef{{Name: "Imp", Stats: FoeStats{SPD: 5, ATK: 3, RNG: 1, DEF: 3, TER: 2, WND: 3}, BaseR: 0.5}}
					}
					before := *h
					h.applyOps(perf, tgt, &ops, h.M[perf].Pos, -1)
					if !reflect.DeepEqual(before, *h) {
						changed = true
					}
				}
			}
			if !changed {
				t.Errorf("%s (kind %d) changed nothing", s.Name, k)
			}
		}
	}
}

// TestHealRollsItsDie checks that heal rolls the die it names: d10 heals
// up to 10 WNDs, and more than 5 on some rolls; d5 never more than 5.
func TestHealRollsItsDie(t *testing.T) {
	for _, c := range []struct {
		die       int8
		max       int
		aboveFive bool
	}{{5, 5, false}, {10, 10, true}} {
		var ops Ops
		ops.Add(Op{Kind: OpHeal, Die: c.die})
		most := 0
		for seed := uint64(1); seed <= 200; seed++ {
			h := opHunt(seed)
			a := int(h.Adv0)
			h.WoundForTest(a, 15)
			left := advWNDs(h)
			h.applyOps(a, -1, &ops, h.M[a].Pos, -1)
			healed := advWNDs(h) - left
			if healed < 1 || healed > c.max {
				t.Fatalf("d%d healed %d", c.die, healed)
			}
			most = max(most, healed)
		}
		if (most > 5) != c.aboveFive {
			t.Errorf("d%d: at most %d healed in 200 rolls", c.die, most)
		}
	}
}

// TestAreaWithoutTarget checks that an Area an action with no target
// places is centred on the performer.
func TestAreaWithoutTarget(t *testing.T) {
	var ops Ops
	ops.Add(Op{Kind: OpArea, Area: 0, At: AtTarget})
	h := opHunt(1)
	a := int(h.Adv0)
	h.applyOps(a, -1, &ops, h.M[a].Pos, -1)
	if h.NAreas != 1 || h.Areas[0].C != h.M[a].Pos {
		t.Errorf("%d areas, the first at %v; want one at %v", h.NAreas, h.Areas[0].C, h.M[a].Pos)
	}
}
