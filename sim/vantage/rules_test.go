package vantage

import (
	"slices"
	"strings"
	"testing"
)

// step is one injected action: "A vantage X" succeeding (+), failing (-),
// or expected illegal (!).
type step string

func (b *bench) run(id string, steps []step) {
	b.t.Helper()
	for _, s := range steps {
		str := string(s)
		mark, action := str[0], str[1:]
		legal := b.act(action, mark == '+')
		if legal != (mark != '!') {
			b.t.Errorf("%s: %s: legal %v (%s)", id, str, legal, b.d.Why(b.action(action)))
		}
	}
}

// Every rule of the page, and each switch's other reading, on a small
// scene.
func TestRules(t *testing.T) {
	A, B, X, Y := fx{"A", Players, 0, 0}, fx{"B", Players, 0, 0}, fx{"X", Enemies, 0, 0}, fx{"Y", Enemies, 0, 0}
	ranged := func(f fx, r int) fx { f.rng = r; return f }
	inHex := func(f fx, h int) fx { f.hex = h; return f }
	type rule func(*Rules)
	tests := []struct {
		id       string
		rules    rule
		fighters []fx
		init     string
		steps    []step
		want     string
	}{
		// counter-vantage
		{"counter-vantage off", func(r *Rules) { r.CounterVantage = false }, []fx{ranged(A, 3), ranged(X, 3)}, "",
			[]step{"+A vantage X"}, "A.vantage=X X.vantage=-"},
		{"counter-vantage replaces the victim's other vantage", nil, []fx{ranged(A, 3), B, ranged(X, 3)}, "X.vantage=B",
			[]step{"+A vantage X"}, "X.vantage=A"},
		{"A-2 counter-vantage skipped when the victim holds strike", func(r *Rules) { r.CounterOnStrike = CounterSkipsStrike },
			[]fx{ranged(A, 2), B, ranged(X, 5)}, "X.strike=B", []step{"+A vantage X"}, "X.vantage=- X.strike=B"},
		{"A-4 unarmed gainer: any range qualifies", nil, []fx{A, ranged(X, 1)}, "", []step{"+A vantage X"}, "X.vantage=A"},
		{"A-4 unarmed gainer: no counter", func(r *Rules) { r.Unarmed = UnarmedNoCounter }, []fx{A, ranged(X, 1)}, "",
			[]step{"+A vantage X"}, "X.vantage=-"},
		// counter-strike and being struck
		{"A-1 counter-strike always switches", func(r *Rules) { r.CounterStrike = CounterStrikeSwitch }, []fx{A, B, X}, "X.strike=B",
			[]step{"+A strike X"}, "X.strike=A"},
		{"counter-strike off", func(r *Rules) { r.CounterStrike = CounterStrikeOff }, []fx{A, B, X}, "X.vantage=B",
			[]step{"+A strike X"}, "A.strike=X X.strike=- X.vantage=-"},
		{"struck keeps vantage when both parts are off", func(r *Rules) {
			r.CounterStrike, r.StruckDropsVantage = CounterStrikeOff, false
		}, []fx{A, B, X}, "X.vantage=B", []step{"+A strike X"}, "X.strike=- X.vantage=B"},
		{"counter-strike on a victim that already struck the gainer", nil, []fx{A, X}, "X.strike=A",
			[]step{"+A strike X"}, "A.strike=X X.strike=A"},
		// exclusivity, failure
		{"exclusivity off: vantage and strike held at once", func(r *Rules) { r.Exclusive = false }, []fx{A, X, Y}, "A.strike=Y",
			[]step{"+A vantage X"}, "A.vantage=X A.strike=Y"},
		{"a failed roll drops what was held (failure switch off)", func(r *Rules) { r.FailureKeeps = false }, []fx{A, X, Y}, "A.strike=Y",
			[]step{"-A vantage X"}, "A.strike=- A.vantage=- A.ap=1"},
		{"a failed roll may be tried again", nil, []fx{A, X}, "", []step{"-A vantage X", "+A vantage X"}, "A.vantage=X A.ap=0"},
		{"A-12 no retry in the same turn", func(r *Rules) { r.Retry = false }, []fx{A, X}, "",
			[]step{"-A vantage X", "!A vantage X", "+A strike X"}, "A.strike=X A.ap=0"},
		{"gaining what is held is not an action", nil, []fx{A, X}, "A.vantage=X", []step{"!A vantage X"}, "A.ap=2"},
		// Evade
		{"Evade off", func(r *Rules) { r.Evade = false }, []fx{A, X}, "X.strike=A", []step{"!A evade"}, "X.strike=A"},
		{"Evade keeps own holds (switch off)", func(r *Rules) { r.EvadeDropsOwn = false }, []fx{A, X, Y}, "X.strike=A A.vantage=Y",
			[]step{"+A evade"}, "X.strike=- A.vantage=Y"},
		{"A-8 Evade clears every hex", func(r *Rules) { r.EvadeClears = AnyHex }, []fx{A, X, inHex(Y, 1)}, "X.vantage=A Y.vantage=A",
			[]step{"+A evade"}, "X.vantage=- Y.vantage=-"},
		{"A-13 threat in another hex allows an Evade (which clears only its own hex)", nil, []fx{A, inHex(Y, 1)}, "Y.vantage=A",
			[]step{"+A evade"}, "Y.vantage=A A.evading=1"},
		{"A-13 threat only in the same hex", func(r *Rules) { r.EvadeThreat = SameHex }, []fx{A, inHex(Y, 1)}, "Y.vantage=A",
			[]step{"!A evade"}, "Y.vantage=A"},
		{"A-7 counter onto the evader in its own turn", nil, []fx{ranged(A, 3), ranged(X, 3)}, "X.strike=A",
			[]step{"+A evade", "+A vantage X"}, "A.vantage=X X.vantage=A"},
		{"A-7 guard until the next turn blocks the counter", func(r *Rules) { r.EvadeGuard = GuardUntilNextTurn },
			[]fx{ranged(A, 3), ranged(X, 3)}, "X.strike=A", []step{"+A evade", "+A vantage X"}, "A.vantage=X X.vantage=-"},
		{"A-7 guard until the next turn blocks the counter-strike", func(r *Rules) { r.EvadeGuard = GuardUntilNextTurn },
			[]fx{A, X}, "X.vantage=A", []step{"+A evade", "+A strike X"}, "A.strike=X X.strike=-"},
		// attacks
		{"an attack keeps the vantage", nil, []fx{ranged(A, 3), X}, "A.vantage=X", []step{"+A shoot X", "+A shoot X"}, "X.hp=6 A.vantage=X"},
		{"an attack spends the vantage (switch off)", func(r *Rules) { r.KeepAfter = false }, []fx{ranged(A, 3), X}, "A.vantage=X",
			[]step{"+A shoot X", "!A shoot X"}, "X.hp=8 A.vantage=-"},
		{"an attack spends the strike (switch off)", func(r *Rules) { r.KeepAfter = false }, []fx{A, X}, "A.strike=X",
			[]step{"+A melee X", "!A melee X"}, "X.hp=8 A.strike=-"},
		{"ranged attacks without vantage", func(r *Rules) { r.RangedNeedsVantage = false }, []fx{ranged(A, 3), X}, "",
			[]step{"+A shoot X"}, "X.hp=8"},
		{"melee attacks without strike", func(r *Rules) { r.MeleeNeedsStrike = false }, []fx{A, X}, "",
			[]step{"+A melee X", "!A shoot X"}, "X.hp=8"},
		{"no ranged weapon, no ranged attack", func(r *Rules) { r.RangedNeedsVantage = false }, []fx{A, X}, "A.vantage=X",
			[]step{"!A shoot X"}, "X.hp=10"},
		// movement
		{"moving ends the holds of the old hex", nil, []fx{A, X}, "A.vantage=X",
			[]step{"+A move 1"}, "A.hex=1 A.vantage=-"},
		{"an engaged fighter cannot leave", nil, []fx{A, X}, "X.strike=A", []step{"!A move 1"}, "A.hex=0"},
		{"an engaged fighter may leave (switch)", func(r *Rules) { r.EngagedMove = true }, []fx{A, X}, "X.strike=A",
			[]step{"+A move 1"}, "A.hex=1 X.strike=-"},
		{"holds persist across hexes (switch off); a shot reaches its range", func(r *Rules) { r.ClearOnMove = false },
			[]fx{ranged(A, 1), X}, "A.vantage=X", []step{"+A move 1", "+A shoot X"}, "A.vantage=X X.hp=8"},
		{"a move is to a neighbouring hex", nil, []fx{A, X}, "", []step{"!A move 0"}, "A.hex=0"},
	}
	for _, tc := range tests {
		r := DefaultRules()
		if tc.rules != nil {
			tc.rules(&r)
		}
		b := newBench(t, r, tc.fighters...)
		b.set(tc.init)
		b.run(tc.id, tc.steps)
		b.want(tc.id, tc.want)
	}
}

// A fighter taken down loses every hold, and every hold on it ends; the
// side with nobody standing loses.
func TestDownAndEnd(t *testing.T) {
	b := newBench(t, DefaultRules(), fx{"A", Players, 3, 0}, fx{"X", Enemies, 3, 0}, fx{"Y", Enemies, 3, 0})
	b.set("A.vantage=X X.vantage=A Y.strike=A")
	b.d.S[b.i("X")].HP = 2
	b.run("down", []step{"+A shoot X"})
	b.want("down", "X.hp=0 A.vantage=- X.vantage=- Y.strike=A")
	if b.d.Outcome != Ongoing {
		t.Fatalf("outcome %s with Y standing", OutcomeKeys[b.d.Outcome])
	}
	if b.act("A shoot X", true) {
		t.Error("a shot at a fighter who is down is legal")
	}
	b.d.S[b.i("Y")].HP = 1
	b.set("A.vantage=Y")
	b.run("end", []step{"+A shoot Y"})
	if b.d.Outcome != PlayersWon || b.d.Rec.Down[b.i("Y")] != 1 || b.d.Rec.Rounds != 1 {
		t.Fatalf("outcome %s, Y down in round %d, %d rounds", OutcomeKeys[b.d.Outcome], b.d.Rec.Down[b.i("Y")], b.d.Rec.Rounds)
	}
	if b.act("A pass", true) {
		t.Error("an action after the end is legal")
	}
}

// Turns alternate, points refresh at the start of each turn, and the fight
// is a draw when the round cap passes.
func TestTurnsAndCap(t *testing.T) {
	r := DefaultRules()
	r.RoundCap, r.AP = 2, 3
	b := newBench(t, r, fx{"A", Players, 0, 0}, fx{"X", Enemies, 0, 0})
	var order []string
	for b.d.Outcome == Ongoing {
		i := b.d.Actor()
		if i < 0 {
			break
		}
		order = append(order, b.sc.F[i].Key+":"+string(rune('0'+b.d.S[i].AP))+":"+string(rune('0'+b.d.Round)))
		b.d.Do(Action{Move, int8(i), int8(1 - b.d.S[i].Hex)})
	}
	want := "A:3:1 A:2:1 A:1:1 X:3:1 X:2:1 X:1:1 A:3:2 A:2:2 A:1:2 X:3:2 X:2:2 X:1:2"
	if got := strings.Join(order, " "); got != want {
		t.Errorf("order %s, want %s", got, want)
	}
	if b.d.Outcome != Draw || b.d.Rec.Rounds != 2 {
		t.Errorf("outcome %s after %d rounds, want a draw after 2", OutcomeKeys[b.d.Outcome], b.d.Rec.Rounds)
	}
	for _, first := range []FirstSide{FirstPlayers, FirstEnemies} {
		sc := b.sc
		sc.Rules.First = first
		var d Duel
		d.Reset(sc, 1, 0)
		if want := int(first); d.Turn != want || d.Rec.First != want {
			t.Errorf("first %d: turn of %s", first, SideNames[d.Turn])
		}
	}
}

// With the coin flip, either side goes first about half the time.
func TestFirstCoin(t *testing.T) {
	b := newBench(t, DefaultRules(), fx{"A", Players, 0, 0}, fx{"X", Enemies, 0, 0})
	b.sc.Rules.First = FirstRandom
	const n = 4000
	enemies := 0
	var d Duel
	for i := uint64(0); i < n; i++ {
		d.Reset(b.sc, 7, i)
		enemies += d.Rec.First
	}
	// 4.5 standard errors of a fair coin: 4.5·√(n/4) ≈ 142
	if enemies < n/2-142 || enemies > n/2+142 {
		t.Errorf("enemies first in %d of %d duels", enemies, n)
	}
}

// Legal lists exactly the actions Why accepts, Pass last, and never more
// than MaxActions.
func TestLegal(t *testing.T) {
	b := newBench(t, DefaultRules(), fx{"A", Players, 3, 0}, fx{"X", Enemies, 3, 0}, fx{"Y", Enemies, 0, 1})
	b.set("A.vantage=X X.strike=A")
	var buf [MaxActions]Action
	got := b.d.Legal(buf[:0], b.i("A"))
	var names []string
	for _, a := range got {
		names = append(names, b.d.Sc.F[a.Who].Key+" "+a.Kind.String()+" "+b.who(a.To))
	}
	want := "A strike X|A shoot X|A evade -|A pass -"
	if s := strings.Join(names, "|"); s != want {
		t.Errorf("legal %s, want %s", s, want)
	}
}

// Legal lists exactly the candidates Why accepts, in the same order, in
// every state random play reaches under every switch of the rules.
func TestLegalAgreesWithWhy(t *testing.T) {
	variants := []func(*Rules){
		nil,
		func(r *Rules) { r.Retry = false },
		func(r *Rules) { r.EngagedMove = true },
		func(r *Rules) { r.ClearOnMove = false },
		func(r *Rules) { r.RangedNeedsVantage, r.MeleeNeedsStrike = false, false },
		func(r *Rules) { r.Evade = false },
		func(r *Rules) { r.EvadeGuard, r.EvadeThreat = GuardUntilNextTurn, SameHex },
		func(r *Rules) { r.EvadeBlocks, r.Exclusive = false, false },
	}
	for v, change := range variants {
		r := DefaultRules()
		if change != nil {
			change(&r)
		}
		b := newBench(t, r, fx{"A", Players, 3, 0}, fx{"B", Players, 0, 1}, fx{"X", Enemies, 2, 0}, fx{"Y", Enemies, 4, 1})
		var legal, cand, want [MaxActions]Action
		for i := uint64(0); i < 300; i++ {
			b.d.Reset(b.sc, 11, i)
			for steps := 0; steps < 200; steps++ {
				for f := 0; f < b.sc.N; f++ {
					got := b.d.Legal(legal[:0], f)
					w := want[:0]
					for _, a := range b.d.Candidates(cand[:0], f) {
						if b.d.Why(a) == "" {
							w = append(w, a)
						}
					}
					if d := b.d.S[f]; d.Down || d.AP < 1 || b.d.Outcome != Ongoing {
						w = append(w[:0], Action{Pass, int8(f), None})
					}
					if !slices.Equal(got, w) {
						t.Fatalf("variant %d, duel %d, fighter %d: Legal %v, Why accepts %v", v, i, f, got, w)
					}
				}
				a := b.d.Actor()
				if a < 0 {
					break
				}
				l := b.d.Legal(legal[:0], a)
				b.d.Do(l[b.d.RNG.IntN(len(l))])
				if b.d.Pending.Victim != None {
					b.d.ChooseStrike(b.d.RNG.Bool())
				}
			}
		}
	}
}
