package vantage

import (
	"strconv"
	"strings"
	"testing"
)

// fx is one fighter of a test scenario: a name (A, X, ...), a side, a
// ranged weapon's range (0: none) and a starting hex (index).
type fx struct {
	name string
	side int
	rng  int
	hex  int
}

// bench is a test scenario with fighters by name.
type bench struct {
	t     *testing.T
	sc    *Scenario
	d     *Duel
	index map[string]int
}

// twoHexes is the map of the test scenarios: hexes 0 and 1, neighbours.
var twoHexes = [][2]int{{0, 0}, {1, 0}}

// newBench builds a duel of the fighters (players listed first), every
// stat 10, 10 HP, ranged and melee damage 2, the given rules, players to
// act first, and places each fighter on its hex with its points.
func newBench(t *testing.T, r Rules, fighters ...fx) *bench {
	t.Helper()
	r.First = FirstPlayers
	sc := &Scenario{Rules: r}
	m, err := NewMap(twoHexes, [2]int{0, 0})
	if err != nil {
		t.Fatal(err)
	}
	sc.Map = m
	b := &bench{t: t, sc: sc, index: map[string]int{}}
	for _, f := range fighters {
		dmg := 0
		if f.rng > 0 {
			dmg = 2
		}
		if err := sc.Add(f.side, Fighter{Label: f.name, Key: f.name, Stat: [3]int{10, 10, 10}, HP: 10,
			Range: f.rng, RangedDamage: dmg, MeleeDamage: 2}); err != nil {
			t.Fatal(err)
		}
		b.index[f.name] = sc.N - 1
	}
	if err := sc.Finish(); err != nil {
		t.Fatal(err)
	}
	b.d = &Duel{}
	b.d.Reset(sc, 1, 0)
	for i, f := range fighters {
		b.d.S[i].Hex = int8(f.hex)
	}
	return b
}

// i returns a fighter's index by name.
func (b *bench) i(name string) int {
	i, ok := b.index[name]
	if !ok {
		b.t.Fatalf("no fighter %q", name)
	}
	return i
}

// set applies holds written "A.vantage=X B.strike=Y A.evading=1".
func (b *bench) set(holds string) {
	for _, f := range strings.Fields(holds) {
		who, rest, _ := strings.Cut(f, ".")
		field, val, _ := strings.Cut(rest, "=")
		s := &b.d.S[b.i(who)]
		switch field {
		case "vantage":
			s.Vantage = int8(b.i(val))
		case "strike":
			s.Strike = int8(b.i(val))
		case "evading":
			s.Evading = val == "1"
		default:
			b.t.Fatalf("set %s: no field %q", f, field)
		}
	}
}

// want checks fields written "A.vantage=X A.strike=- A.ap=1 A.evading=1
// A.hex=0" (- is nobody).
func (b *bench) want(id, fields string) {
	b.t.Helper()
	for _, f := range strings.Fields(fields) {
		who, rest, _ := strings.Cut(f, ".")
		field, val, _ := strings.Cut(rest, "=")
		s := &b.d.S[b.i(who)]
		got := ""
		switch field {
		case "vantage":
			got = b.who(s.Vantage)
		case "strike":
			got = b.who(s.Strike)
		case "ap":
			got = strconv.Itoa(s.AP)
		case "hp":
			got = strconv.Itoa(s.HP)
		case "hex":
			got = strconv.Itoa(int(s.Hex))
		case "evading":
			got = "0"
			if s.Evading {
				got = "1"
			}
		default:
			b.t.Fatalf("%s: want %s: no field %q", id, f, field)
		}
		if got != val {
			b.t.Errorf("%s: %s.%s = %s, want %s", id, who, field, got, val)
		}
	}
}

func (b *bench) who(i int8) string {
	if i == None {
		return "-"
	}
	return b.sc.F[i].Key
}

// act injects an action "A vantage X", "A evade", "A shoot Y", "A move 1"
// with the roll's result, and reports whether it was legal.
func (b *bench) act(action string, success bool) bool {
	b.t.Helper()
	a := b.action(action)
	return b.d.Inject(a, success)
}

func (b *bench) action(action string) Action {
	b.t.Helper()
	w := strings.Fields(action)
	a := Action{Who: int8(b.i(w[0])), To: None}
	found := false
	for k, n := range KindNames {
		if n == w[1] {
			a.Kind, found = Kind(k), true
		}
	}
	if !found {
		b.t.Fatalf("no action %q", w[1])
	}
	if len(w) > 2 {
		if a.Kind == Move {
			h, _ := strconv.Atoi(w[2])
			a.To = int8(h)
		} else {
			a.To = int8(b.i(w[2]))
		}
	}
	return a
}

// endTurn passes every fighter of the side whose turn it is, so that the
// next turn begins.
func (b *bench) endTurn() {
	side := b.d.Turn
	for {
		i := b.d.Actor()
		if i < 0 || b.d.Turn != side {
			return
		}
		b.d.Do(Action{Pass, int8(i), None})
	}
}
