package vantage

import "testing"

// The specification's 19 state-transition vectors (TV-01 … TV-19), with
// the roll's result injected. P = players, E = enemies; everyone in hex 0
// unless said.
func TestSpecVectors(t *testing.T) {
	A, B, X, Y, Z, W := fx{"A", Players, 0, 0}, fx{"B", Players, 0, 0}, fx{"X", Enemies, 0, 0}, fx{"Y", Enemies, 0, 0}, fx{"Z", Enemies, 0, 0}, fx{"W", Enemies, 0, 0}
	ranged := func(f fx, r int) fx { f.rng = r; return f }
	asPlayer := func(f fx) fx { f.side = Players; return f }
	inHex := func(f fx, h int) fx { f.hex = h; return f }
	tests := []struct {
		id       string
		fighters []fx
		init     string
		action   string
		success  bool
		legal    bool
		want     string
	}{
		{"TV-01", []fx{A, X}, "", "A vantage X", true, true, "A.vantage=X A.ap=1 X.vantage=- X.strike=-"},
		{"TV-02", []fx{ranged(A, 3), ranged(X, 3)}, "", "A vantage X", true, true, "A.vantage=X X.vantage=A"},
		{"TV-03", []fx{ranged(A, 4), ranged(X, 2)}, "", "A vantage X", true, true, "A.vantage=X X.vantage=-"},
		{"TV-04", []fx{ranged(A, 2), asPlayer(Z), ranged(X, 5), Y}, "A.strike=Y X.strike=Z", "A vantage X", true, true,
			"A.vantage=X A.strike=- X.vantage=A X.strike=-"},
		{"TV-05", []fx{A, X, Y}, "A.vantage=Y", "A vantage X", true, true, "A.vantage=X A.strike=-"},
		{"TV-06", []fx{A, X, Y}, "A.vantage=Y", "A vantage X", false, true, "A.vantage=Y A.ap=1"},
		{"TV-07", []fx{A, X, Y}, "A.strike=Y", "A vantage X", false, true, "A.strike=Y A.vantage=- A.ap=1"},
		{"TV-08", []fx{A, B, X}, "X.vantage=B", "A strike X", true, true, "A.strike=X X.vantage=- X.strike=A"},
		{"TV-10", []fx{A, X, Y}, "A.vantage=Y", "A strike X", true, true, "A.strike=X A.vantage=-"},
		{"TV-11", []fx{A, X, Y, Z}, "X.vantage=A Y.strike=A A.strike=Z", "A evade", true, true,
			"X.vantage=- Y.strike=- A.strike=- A.vantage=- A.evading=1 A.ap=1"},
		{"TV-12", []fx{A, X, Y, Z}, "X.vantage=A Y.strike=A A.strike=Z", "A evade", false, true,
			"X.vantage=A Y.strike=A A.strike=Z A.evading=0 A.ap=1"},
		{"TV-13", []fx{A, X}, "", "A evade", true, false, "A.ap=2 A.evading=0"},
		{"TV-16", []fx{A, inHex(X, 1)}, "", "A strike X", true, false, "A.strike=- A.ap=2"},
		{"TV-17", []fx{A, X, inHex(W, 1)}, "X.vantage=A W.vantage=A", "A evade", true, true, "X.vantage=- W.vantage=A A.evading=1"},
		{"TV-18", []fx{A, X}, "X.strike=A", "A evade", true, true, "A.hex=0 X.strike=- A.evading=1"},
		{"TV-19 ranged on X", []fx{ranged(A, 3), X, Y}, "A.vantage=X", "A shoot X", true, true, "X.hp=8 A.vantage=X"},
		{"TV-19 ranged on Y", []fx{ranged(A, 3), X, Y}, "A.vantage=X", "A shoot Y", true, false, "Y.hp=10 A.ap=2"},
		{"TV-19 melee on X", []fx{ranged(A, 3), X, Y}, "A.vantage=X", "A melee X", true, false, "X.hp=10 A.ap=2"},
	}
	for _, tc := range tests {
		b := newBench(t, DefaultRules(), tc.fighters...)
		b.set(tc.init)
		if got := b.act(tc.action, tc.success); got != tc.legal {
			t.Errorf("%s: %s legal %v, want %v (%s)", tc.id, tc.action, got, tc.legal, b.d.Why(b.action(tc.action)))
		}
		b.want(tc.id, tc.want)
	}
}

// TV-09: X holds strike on B when A gains strike on X: X loses any
// vantage and its side chooses between B and A.
func TestSpecVectorCounterStrikeChoice(t *testing.T) {
	for _, switchTo := range []bool{false, true} {
		b := newBench(t, DefaultRules(), fx{"A", Players, 0, 0}, fx{"B", Players, 0, 0}, fx{"X", Enemies, 0, 0})
		b.set("X.strike=B")
		if !b.act("A strike X", true) {
			t.Fatal("TV-09: A strike X illegal")
		}
		p := b.d.Pending
		if p.Victim != int8(b.i("X")) || p.Held != int8(b.i("B")) || p.Gainer != int8(b.i("A")) {
			t.Fatalf("TV-09: pending %+v, want X choosing between B and A", p)
		}
		b.d.ChooseStrike(switchTo)
		want := "X.strike=B"
		if switchTo {
			want = "X.strike=A"
		}
		b.want("TV-09", "A.strike=X X.vantage=- "+want)
		if b.d.Pending.Victim != None {
			t.Error("TV-09: the choice is still pending")
		}
	}
}

// TV-14 and TV-15: after A's successful Evade, the enemies' next turn
// cannot gain vantage or strike on A; at the start of A's next turn its
// evade status is gone and the enemies may target it in their later turns.
func TestSpecVectorsEvadeLifetime(t *testing.T) {
	b := newBench(t, DefaultRules(), fx{"A", Players, 3, 0}, fx{"X", Enemies, 3, 0}, fx{"Y", Enemies, 3, 0}, fx{"Z", Enemies, 3, 0})
	b.set("X.vantage=A Y.strike=A A.strike=Z")
	if !b.act("A evade", true) {
		t.Fatal("A evade illegal")
	}
	b.endTurn()
	if b.d.Turn != Enemies {
		t.Fatalf("turn of %s, want the enemies'", SideNames[b.d.Turn])
	}
	for _, a := range []string{"X vantage A", "X strike A", "Y vantage A"} {
		if b.act(a, true) {
			t.Errorf("TV-14: %s legal in the enemy turn after the Evade", a)
		}
	}
	b.want("TV-14", "A.vantage=- A.strike=- X.vantage=- Y.strike=- X.ap=2 A.evading=1")
	b.endTurn()
	if b.d.Turn != Players {
		t.Fatalf("turn of %s, want the players'", SideNames[b.d.Turn])
	}
	b.want("TV-15", "A.evading=0")
	b.endTurn()
	if !b.act("X vantage A", true) {
		t.Errorf("TV-15: X vantage A illegal in a later enemy turn: %s", b.d.Why(b.action("X vantage A")))
	}
	b.want("TV-15", "X.vantage=A A.vantage=X")
}
