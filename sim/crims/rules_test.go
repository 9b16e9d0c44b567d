package crims

import (
	"testing"

	"balance/sim/geom"
)

// TV-01: a hunter of Defense 4 behind a low wall rolls 5 dice against a
// crim's Shoot, 4 against its Fight.
func TestCoverExample(t *testing.T) {
	sc := testScenario()
	sc.Hunters[0].Attr[Defense] = 4
	s := &script{}
	m, rec := newTestMatch(t, sc, s, geom.V(15, 19.5), geom.V(2, 2))
	g := addCrim(m, tGunner, geom.V(15, 28)) // north of the wall: the hunter is behind it
	m.crimAttack(g, 0, true)
	got := rec.checks(CkDefense)
	if len(got) != 1 || got[0].Dice != 5 {
		t.Fatalf("against a Shoot from behind the wall: %+v, want a check of 5 dice", got)
	}
	rec.ev = nil
	m.C[g].Pos = geom.V(15, 18.6) // engaged, on the hunter's side
	m.crimAttack(g, 0, false)
	if got := rec.checks(CkDefense); len(got) != 1 || got[0].Dice != 4 {
		t.Fatalf("against a Fight: %+v, want a check of 4 dice", got)
	}
	if !m.inCover(m.H[0].Pos, 0.5, geom.V(15, 28)) || m.inCover(m.H[0].Pos, 0.5, geom.V(15, 10)) {
		t.Fatal("cover is not read from the side of the attacker")
	}
}

// TV-02 and TV-19: the Shoot check against Defense 2, its surplus, the
// Impact 1, the depletable attack.
func TestShootCheckVectors(t *testing.T) {
	sc := testScenario()
	for _, c := range []struct {
		name     string
		faces    []uint8 // Impact, regular
		hit      bool
		depleted bool
		dmgDice  int8
	}{
		{"I=6 r=(7,3): 2 successes, a hit, no surplus", []uint8{6, 7, 3, 2, 2}, true, false, 2},
		{"I=1 r=(7,9): 1 success, a miss, depleted", []uint8{1, 7, 9}, false, true, 0},
		{"I=1 r=(2,3): 0 successes", []uint8{1, 2, 3}, false, true, 0},
		{"TV-02: 4 successes against 2: surplus 2", []uint8{10, 7, 9, 2, 2, 2, 2}, true, false, 4},
	} {
		s := &script{impact: IoDouble}
		m, rec := newTestMatch(t, sc, s, geom.V(5, 5), geom.V(30, 30))
		k := addCrim(m, tGunner, geom.V(5, 14))
		m.C[k].Def = tBrute // Wounds 5: survives
		m.rigFaces(c.faces...)
		m.give(0, 1)
		if !m.Attack(0, 1, k) {
			t.Fatalf("%s: the Shoot was refused", c.name)
		}
		at := rec.checks(CkAttack)
		if len(at) != 1 || at[0].OK != c.hit {
			t.Fatalf("%s: %+v", c.name, at)
		}
		if got := m.H[0].Depleted&2 != 0; got != c.depleted {
			t.Errorf("%s: depleted %v", c.name, got)
		}
		dm := rec.checks(CkDamage)
		if c.hit && (len(dm) != 1 || dm[0].Dice != c.dmgDice) {
			t.Errorf("%s: Damage check %+v, want %d dice", c.name, dm, c.dmgDice)
		}
		if !c.hit && len(dm) != 0 {
			t.Errorf("%s: a Damage check after a miss", c.name)
		}
	}
	// A depleted attack cannot be used until a Reload.
	s := &script{}
	m, _ := newTestMatch(t, sc, s, geom.V(5, 5))
	k := addCrim(m, tGunner, geom.V(5, 14))
	m.H[0].Depleted = 2
	m.give(0, 1)
	if m.CanAttack(0, 1, k) {
		t.Fatal("a depleted attack is usable")
	}
	m.H[0].Reload = 1
	m.reload(0)
	if !m.CanAttack(0, 1, k) || m.H[0].Reload != 0 {
		t.Fatal("a Reload token did not make the attack usable again")
	}
}

// TV-20: an Impact 10 on a Fight check of Threshold 3 with one regular
// success: two successes make 3, a hit; the Momentum option leaves 2, a
// miss, and 2 Momentum in all.
func TestImpactTenChoice(t *testing.T) {
	sc := testScenario()
	sc.Crims[tBrute].Defense = 3
	for _, c := range []struct {
		opt      ImpactOption
		hit      bool
		momentum int8
	}{{IoDouble, true, 1}, {IoMomentum, false, 2}} {
		s := &script{impact: c.opt}
		m, rec := newTestMatch(t, sc, s, geom.V(5, 5))
		sc.Hunters[0].Attr[Fight] = 2
		k := addCrim(m, tBrute, geom.V(5, 6.2))
		m.rigFaces(10, 6, 1, 1, 1)
		m.give(0, 1)
		m.Attack(0, 0, k)
		at := rec.checks(CkAttack)
		if at[0].OK != c.hit || m.H[0].Momentum != c.momentum {
			t.Errorf("option %s: hit %v, Momentum %d; want %v, %d", ImpactOptions[c.opt].Name, at[0].OK, m.H[0].Momentum, c.hit, c.momentum)
		}
	}
}

// TV-21, TV-22: the Damage check against Armor 1, its Impact 10 (Momentum,
// the push) and the elimination's points; an Impact 1 that still
// eliminates gives the Base Point Value only.
func TestDamageCheckVectors(t *testing.T) {
	sc := testScenario()
	for _, c := range []struct {
		name      string
		wounds    int8
		opt       ImpactOption
		faces     []uint8
		tokens    int8
		alive     bool
		pushed    bool
		points    int16
		momentum  int8
		poolAfter Pool
	}{
		{"TV-21 3 tokens, Wounds 5: pushed", 5, IoMomentum, []uint8{10, 8, 6}, 3, true, true, 0, 2, Pool{D10: 1, D8: 1}},
		{"TV-21 two successes: 4 tokens", 5, IoDouble, []uint8{10, 8, 6}, 4, true, true, 0, 1, Pool{D10: 1, D8: 1}},
		{"TV-21 Wounds 3: eliminated, no push", 3, IoMomentum, []uint8{10, 8, 6}, 3, false, false, 6, 3, Pool{D10: 1, D8: 1}},
		{"TV-22 Impact 1 eliminates: Base Point Value only", 1, IoMomentum, []uint8{1, 8, 6}, 1, false, false, 6, 1, Pool{D10: 1, D8: 1}},
		{"the same with a 5: surplus Wounds add points", 1, IoMomentum, []uint8{5, 8, 6}, 2, false, false, 7, 1, Pool{D10: 1, D8: 1}},
	} {
		sc.Crims[tBrute].Wounds = c.wounds
		s := &script{impact: c.opt}
		m, rec := newTestMatch(t, sc, s, geom.V(5, 5))
		k := addCrim(m, tBrute, geom.V(5, 6.2))
		from := m.C[k].Pos
		// the Fight check: 3 successes against Defense 2, surplus 1
		m.rigFaces(append([]uint8{7, 7, 7}, c.faces...)...)
		m.give(0, 1)
		m.Attack(0, 0, k)
		dm := rec.checks(CkDamage)
		if len(dm) != 1 || dm[0].Dice != 3 || dm[0].Pool != c.poolAfter {
			t.Fatalf("%s: Damage check %+v, want 3 dice, regular %v", c.name, dm, c.poolAfter)
		}
		if got := m.C[k].Wounds; got != c.tokens {
			t.Errorf("%s: %d Wound Tokens, want %d", c.name, got, c.tokens)
		}
		if m.C[k].Alive != c.alive {
			t.Errorf("%s: alive %v", c.name, m.C[k].Alive)
		}
		moved := m.C[k].Pos.Dist(from)
		if c.pushed && (moved < 0.99 || moved > 1.01 || m.C[k].Pos.Y <= from.Y) {
			t.Errorf("%s: pushed %.2f\" to %v, want 1\" directly away", c.name, moved, m.C[k].Pos)
		}
		if !c.pushed && c.alive && moved != 0 {
			t.Errorf("%s: moved %.2f\"", c.name, moved)
		}
		if m.H[0].Points != c.points || m.H[0].Momentum != c.momentum {
			t.Errorf("%s: %d points, Momentum %d; want %d, %d", c.name, m.H[0].Points, m.H[0].Momentum, c.points, c.momentum)
		}
	}
}

// TV-23, TV-03: a crim's attack: the potential Wounds of the Damage
// Resistance check by the Defense successes, and the hunter's Armor
// upgrading its dice.
func TestCrimAttackVectors(t *testing.T) {
	sc := testScenario()
	sc.Crims[tThug].Fight = 3
	for _, c := range []struct {
		defense []uint8 // Impact and two regular faces
		w       int8    // DR dice; 0: a miss
	}{
		{[]uint8{5, 7, 8}, 2}, // 2 successes
		{[]uint8{5, 7, 2}, 3}, // 1
		{[]uint8{5, 2, 2}, 5}, // 0: 2 + 2 + 1
		{[]uint8{6, 7, 8}, 0}, // 3: a miss
	} {
		s := &script{}
		m, rec := newTestMatch(t, sc, s, geom.V(5, 5))
		k := addCrim(m, tThug, geom.V(5, 6.2))
		faces := append([]uint8{}, c.defense...)
		for range c.w {
			faces = append(faces, 2) // no DR success
		}
		m.rigFaces(faces...)
		m.crimAttack(k, 0, false)
		dr := rec.checks(CkResist)
		switch {
		case c.w == 0 && len(dr) != 0:
			t.Errorf("defense %v: a DR check after a miss", c.defense)
		case c.w > 0 && (len(dr) != 1 || dr[0].Dice != c.w):
			t.Errorf("defense %v: DR %+v, want %d dice", c.defense, dr, c.w)
		case c.w > 0 && m.H[0].Wounds != c.w:
			t.Errorf("defense %v: %d Wound Tokens, want %d", c.defense, m.H[0].Wounds, c.w)
		}
	}
	// Armor 1 and 3 potential Wounds: regular {d12, d10}; each success
	// removes a Wound.
	sc.Hunters[0].Armor = 1
	s := &script{}
	m, rec := newTestMatch(t, sc, s, geom.V(5, 5))
	k := addCrim(m, tThug, geom.V(5, 6.2))
	m.rigFaces(5, 7, 2, 7, 11, 3) // Defense: 1 success → W 3; DR: Impact 7, d12 11, d10 3 → 2
	m.crimAttack(k, 0, false)
	dr := rec.checks(CkResist)
	if len(dr) != 1 || dr[0].Pool != (Pool{D12: 1, D10: 1}) || m.H[0].Wounds != 1 {
		t.Fatalf("Armor 1: DR %+v, %d Wound Tokens; want {d12, d10}, 1", dr, m.H[0].Wounds)
	}
}

// TV-24: a crim leaving engagement takes each engaged hunter's best melee
// Damage less its Armor, at least 1, and no Damage check.
func TestCrimDisengagementStrikes(t *testing.T) {
	for _, c := range []struct {
		damage, armor, want int8
	}{{2, 1, 1}, {1, 2, 1}, {3, 0, 3}} {
		sc := testScenario()
		sc.Hunters[0].BestMelee, sc.Hunters[1].BestMelee = c.damage, c.damage
		sc.Crims[tBrute].Armor = c.armor
		sc.Crims[tBrute].Wounds = 20
		s := &script{}
		m, rec := newTestMatch(t, sc, s, geom.V(5, 5), geom.V(6.6, 6.2))
		k := addCrim(m, tBrute, geom.V(5, 6.2))
		m.rig = []uint8{} // no check may be rolled
		m.flee(k, "test")
		if got := m.C[k].Wounds; got != 2*c.want {
			t.Errorf("Damage %d, Armor %d: %d Wound Tokens from two hunters, want %d", c.damage, c.armor, got, 2*c.want)
		}
		if rec.count(EvCheck) != 0 {
			t.Errorf("Damage %d, Armor %d: a check was rolled", c.damage, c.armor)
		}
	}
}

// TV-24: the order of several hunters' strikes is random: each strikes
// first in some matches, which decides who eliminates the crim.
func TestStrikeOrderRandom(t *testing.T) {
	sc := testScenario()
	sc.Crims[tThug].Wounds = 2
	firsts := [2]int{}
	for seed := range uint64(200) {
		m := NewMatch(sc)
		m.Pol, m.AI = &script{}, cardAI{}
		m.Reset(seed, 0)
		m.H[0].Pos, m.H[1].Pos = geom.V(5, 5), geom.V(6.6, 6.2)
		k := addCrim(m, tThug, geom.V(5, 6.2))
		m.flee(k, "test")
		switch {
		case m.Rec.Elims[0] == 1:
			firsts[0]++
		case m.Rec.Elims[1] == 1:
			firsts[1]++
		}
	}
	if firsts[0] < 60 || firsts[1] < 60 {
		t.Fatalf("eliminations by the first strike: %v of 200", firsts)
	}
}

// TV-25: a hunter moving out of engagement: a failed Athletics check
// against the crim's Fight costs its best melee Damage less the hunter's
// Armor, no Damage Resistance check; then the Athletics check of the move.
func TestHunterDisengagement(t *testing.T) {
	sc := testScenario()
	sc.Crims[tBrute].Fight = 2
	sc.Crims[tBrute].Melee = 3
	sc.Hunters[0].Armor = 1
	s := &script{}
	m, rec := newTestMatch(t, sc, s, geom.V(5, 5))
	k := addCrim(m, tBrute, geom.V(5, 6.2))
	m.rigFaces(3, 2, 2, 5, 6, 6) // avoid: 0 successes vs 2, fails; move: Impact 5, 2 successes
	m.give(0, 1)
	m.Move(0, geom.V(5, -10))
	if m.H[0].Wounds != 2 {
		t.Fatalf("%d Wound Tokens, want 2", m.H[0].Wounds)
	}
	if len(rec.checks(CkResist)) != 0 || len(rec.checks(CkAvoid)) != 1 || len(rec.checks(CkMove)) != 1 {
		t.Fatalf("checks: avoid %d, resist %d, move %d", len(rec.checks(CkAvoid)), len(rec.checks(CkResist)), len(rec.checks(CkMove)))
	}
	if got := m.H[0].Pos; got.Y < 0.49 || got.Y > 0.51 { // 6" down from 5, stopped at the zone's edge
		t.Fatalf("at %v, want 6\" away, kept in the zone", got)
	}
	_ = k
	// A success avoids the strike.
	m, _ = newTestMatch(t, sc, s, geom.V(5, 5))
	addCrim(m, tBrute, geom.V(5, 6.2))
	m.rigFaces(6, 7, 2, 5, 2, 2)
	m.give(0, 1)
	m.Move(0, geom.V(20, 5))
	if m.H[0].Wounds != 0 || m.H[0].Pos.X < 8.9 || m.H[0].Pos.X > 9.1 {
		t.Fatalf("after avoiding: %d Wound Tokens at %v, want none at x 9", m.H[0].Wounds, m.H[0].Pos)
	}
}

// P-5 and the Move rules: 4" plus the successes; all dice downgraded
// through difficult terrain (TV-17 with Focus, "all the dice" first).
func TestMove(t *testing.T) {
	sc := testScenario()
	sc.Hunters[0].Attr[Athletics] = 2
	s := &script{}
	m, rec := newTestMatch(t, sc, s, geom.V(25, 25))
	m.give(0, 2)
	m.Focus(0)
	m.rigFaces(5, 7) // Impact 5, the d12 7
	m.Move(0, geom.V(35, 35))
	mv := rec.checks(CkMove)
	if len(mv) != 1 || mv[0].Pool != (Pool{D12: 1}) {
		t.Fatalf("Move through the ruin with Focus: %+v, want regular {d12}", mv)
	}
	if d := m.H[0].Pos.Dist(geom.V(25, 25)); d < 4.99 || d > 5.01 {
		t.Fatalf("moved %.2f\", want 5", d)
	}
	// Focus must be the first action, and is used by the next check.
	m, _ = newTestMatch(t, sc, s, geom.V(2, 2))
	m.give(0, 2)
	m.rigFaces(5, 2)
	m.Move(0, geom.V(2, 12))
	if m.Focus(0) {
		t.Fatal("Focus as a second action")
	}
}

// TV-26: incapacitation at the Wound Maximum (Momentum lost), the
// recovery check, the return within 4" of a corner with no Rest that
// turn, the forced return at no Wound Token.
func TestIncapacitationAndRecovery(t *testing.T) {
	sc := testScenario()
	s := &script{recovery: Mind, back: true, corner: 2}
	m, _ := newTestMatch(t, sc, s, geom.V(10, 10))
	m.H[0].Momentum = 3
	m.woundHunter(0, 4, -1, "test")
	if m.H[0].In || m.H[0].Momentum != 0 || m.Rec.Incaps[0] != 1 || m.Rec.FirstOut[0] != 1 {
		t.Fatalf("at the Wound Maximum: %+v", m.H[0])
	}
	m.rigFaces(5, 6, 7) // recovery: 2 successes
	if !m.recover(0) {
		t.Fatal("did not return with 2 Wound Tokens of 4")
	}
	hu := &m.H[0]
	if hu.Wounds != 2 || !hu.In || !hu.NoRest || hu.Pos.Dist(sc.Map.Corner(2)) > 0.01 {
		t.Fatalf("after the return: %+v", *hu)
	}
	if c := geom.V(36, 36); hu.Pos.Dist(c) > ReturnIn+0.5*1.5 {
		t.Fatalf("returned %.1f\" from the corner", hu.Pos.Dist(c))
	}
	m.give(0, 1)
	if m.Rest(0) {
		t.Fatal("Rest on the turn of the return")
	}
	// Waiting is allowed while tokens remain; at none the return is forced.
	s.back = false
	m.woundHunter(0, 2, -1, "test")
	m.rigFaces(5, 6, 2)
	if m.recover(0) {
		t.Fatal("returned though the player waits")
	}
	m.rigFaces(9, 6, 7)
	if !m.recover(0) || m.H[0].Wounds != 0 {
		t.Fatalf("not returned at no Wound Token: %+v", m.H[0])
	}
}

// TV-27: the crims' fallbacks.
func TestCrimFallbacks(t *testing.T) {
	sc := testScenario()
	action := func(m *Match, rec *recorder, k int) string {
		for _, e := range rec.ev {
			if e.Kind == EvCrim && int(e.Crim) == k {
				return e.Name
			}
		}
		return ""
	}
	// Shoot without line of sight (the building between): a cautious crim
	// seeks cover, an Aggressive one charges.
	for _, c := range []struct {
		def  int
		want string
	}{{tGunner, "seek_cover"}, {tThug, "charge"}} {
		m, rec := newTestMatch(t, sc, &script{}, geom.V(1, 31), geom.V(1, 1))
		m.H[1].In = false
		k := addCrim(m, c.def, geom.V(10, 31))
		m.Sc.Crims[c.def].Ranged, m.Sc.Crims[c.def].Range = 2, 18
		m.rig = []uint8{}
		if c.def == tThug {
			m.rigFaces(6, 6, 6) // the charge's Fight, if it engages: a miss
		}
		m.shoot(k, "test")
		if got := action(m, rec, k); got != c.want {
			t.Errorf("%s told to Shoot without line of sight: %s, want %s", sc.Crims[c.def].Name, got, c.want)
		}
		sc = testScenario()
	}
	// Fight not engaged: Charge, reaching engagement: the Fight at once.
	m, rec := newTestMatch(t, sc, &script{}, geom.V(5, 5), geom.V(30, 30))
	k := addCrim(m, tThug, geom.V(5, 9))
	m.rigFaces(6, 6, 6)
	m.fight(k, "test")
	if action(m, rec, k) != "charge" || len(rec.checks(CkDefense)) != 1 || !m.Engaged(0, k) {
		t.Fatalf("Fight out of reach: %v", rec.ev)
	}
	// A Charge that does not reach goes 4" more, no Fight.
	m, rec = newTestMatch(t, sc, &script{}, geom.V(5, 5), geom.V(30, 30))
	k = addCrim(m, tThug, geom.V(5, 25))
	m.rig = []uint8{}
	m.charge(k, "test")
	if got := m.C[k].Pos.Y; got < 15.99 || got > 16.01 || rec.count(EvCheck) != 0 {
		t.Fatalf("a Charge short of the hunter ends at y %.2f, want 16 (5\" + 4\"), with no Fight", got)
	}
	// Flee after a Charge: Charge.
	m, rec = newTestMatch(t, sc, &script{}, geom.V(5, 5), geom.V(30, 30))
	k = addCrim(m, tThug, geom.V(5, 25))
	m.C[k].Last = ActCharge
	m.rig = []uint8{}
	m.crimDo(k, ActFlee, "test")
	if action(m, rec, k) != "charge" {
		t.Fatal("Flee after a Charge did not Charge")
	}
	// Seek Cover already in cover, no line of fire: stays.
	m, rec = newTestMatch(t, sc, &script{}, geom.V(15, 10), geom.V(1, 1))
	k = addCrim(m, tThug, geom.V(15, 21.2))
	from := m.C[k].Pos
	m.rig = []uint8{}
	m.seekCover(k, "test")
	if m.C[k].Pos != from || action(m, rec, k) != "seek_cover" {
		t.Fatal("a crim in cover without a ranged attack moved")
	}
	// An engaged crim told to Shoot loses its action.
	m, rec = newTestMatch(t, sc, &script{}, geom.V(5, 5), geom.V(30, 30))
	k = addCrim(m, tGunner, geom.V(5, 6.2))
	m.rig = []uint8{}
	m.shoot(k, "test")
	if rec.count(EvCheck) != 0 || m.C[k].Last != ActShoot {
		t.Fatal("an engaged crim shot")
	}
}

// Hide: the Hidden counter, the forced Hide of the next turn, the Control
// Card again on the third turn; Spot against Stealth places the crim.
func TestHideAndSpot(t *testing.T) {
	sc := testScenario()
	sc.Deck[0].Direct[1] = ActHide
	for i := 1; i < 4; i++ {
		sc.Deck[i].Direct[1] = ActShoot
	}
	m, _ := newTestMatch(t, sc, &script{}, geom.V(20, 20), geom.V(2, 2))
	m.Deck = [MaxCards]uint8{0, 1, 2, 3}
	k := addCrim(m, tGunner, geom.V(28, 26))
	m.rig = []uint8{}
	m.Card = 0
	m.crimActs(k)
	if !m.C[k].Hidden || m.C[k].HideTurns != 1 {
		t.Fatalf("after Hide: %+v", m.C[k])
	}
	if m.Visible(k) || m.CanAttack(0, 1, k) {
		t.Fatal("a hidden crim can be attacked")
	}
	m.Card = 1 // says Shoot: it must hide again
	m.crimActs(k)
	if !m.C[k].Hidden || m.C[k].HideTurns != 2 {
		t.Fatalf("the turn after hiding: %+v", m.C[k])
	}
	m.Card = 2 // the third turn: it shoots
	m.rigFaces(6, 6, 6, 6)
	m.crimActs(k)
	if m.C[k].Hidden || m.C[k].Last != ActShoot {
		t.Fatalf("the third turn: %+v", m.C[k])
	}
	// Spot: Mind 3 against Stealth 3.
	m.C[k].Hidden, m.C[k].HideAt, m.C[k].HideTurns = true, 1, 1
	if !m.CanSpot(0, k) {
		t.Fatal("cannot Spot a hidden crim 8\" away in the open")
	}
	m.give(0, 1)
	m.rigFaces(6, 7, 8)
	m.Spot(0, k)
	c := &m.C[k]
	if c.Hidden || !m.LOS(m.H[0].Pos, c.Pos) || c.Pos.Dist(m.H[0].Pos) < SpotAway {
		t.Fatalf("spotted crim at %v (%.1f\" away)", c.Pos, c.Pos.Dist(m.H[0].Pos))
	}
	if !sc.Map.Terrain[1].Shape.Contains(c.Pos) {
		t.Fatalf("spotted crim at %v, not inside its area terrain", c.Pos)
	}
	// Out of 18": no Spot.
	m.H[0].Pos = geom.V(2, 2)
	c.Hidden, c.HideAt = true, 1
	if m.CanSpot(0, k) {
		t.Fatal("Spot from 26\" away")
	}
}

// TV-28: a pod opened by an adjacent, unengaged hunter gives 1d10 points
// and the chosen reward; engaged, it cannot be opened.
func TestPod(t *testing.T) {
	sc := testScenario()
	for _, rw := range []Reward{RwAdrenaline, RwPerformance, RwReload, RwMedSpray} {
		s := &script{reward: rw, attr: Shoot}
		m, _ := newTestMatch(t, sc, s, geom.V(18, 9))
		m.Pods = 3
		m.give(0, 1)
		if !m.OpenPod(0, 0) {
			t.Fatalf("%s: pod not opened", Rewards[rw].Name)
		}
		hu := &m.H[0]
		if hu.Points < 1 || hu.Points > 10 || m.Stocked(0) {
			t.Fatalf("%s: %d points, stocked %v", Rewards[rw].Name, hu.Points, m.Stocked(0))
		}
		switch {
		case rw == RwAdrenaline && hu.Momentum != 1,
			rw == RwPerformance && (hu.Perf != int8(Shoot) || m.Dice(0, Shoot) != 4),
			rw == RwReload && hu.Reload != 1,
			rw == RwMedSpray && hu.MedSpray != 1:
			t.Errorf("%s: %+v", Rewards[rw].Name, *hu)
		}
	}
	s := &script{}
	m, _ := newTestMatch(t, sc, s, geom.V(18, 9))
	m.Pods = 3
	addCrim(m, tThug, geom.V(18, 7.8))
	m.give(0, 1)
	if m.OpenPod(0, 0) {
		t.Fatal("an engaged hunter opened a pod")
	}
	m.H[0].Pos = geom.V(18, 13)
	if m.OpenPod(0, 0) {
		t.Fatal("a pod opened from 3\" away")
	}
}

// A Performance Shot adds a die to its attribute until an Impact 1, and
// a Med Spray removes up to 2 Wounds at any time.
func TestPerformanceShotAndMedSpray(t *testing.T) {
	sc := testScenario()
	m, rec := newTestMatch(t, sc, &script{}, geom.V(5, 5))
	k := addCrim(m, tBrute, geom.V(5, 14))
	m.H[0].Perf = int8(Shoot)
	m.rigFaces(4, 2, 2, 2)
	m.give(0, 2)
	m.Attack(0, 1, k)
	if at := rec.checks(CkAttack); at[0].Dice != 4 {
		t.Fatalf("Shoot 3 with a Performance Shot: %d dice", at[0].Dice)
	}
	m.rigFaces(1, 2, 2, 2)
	m.Attack(0, 1, k)
	if m.H[0].Perf != -1 {
		t.Fatal("the Performance Shot survived an Impact 1")
	}
	m.H[0].Wounds, m.H[0].MedSpray = 3, 1
	m.H[0].In = false
	if !m.UseMedSpray(0) || m.H[0].Wounds != 1 || m.UseMedSpray(0) {
		t.Fatal("Med Spray")
	}
}

// Momentum Options: an upgrade spent before the roll, a heal and an
// extra Action Point at the start of the activation.
func TestMomentumOptions(t *testing.T) {
	sc := testScenario()
	h := &sc.Hunters[0]
	h.Options[0] = MomentumOption{Name: "aim", Op: MoUpgrade, Cost: 1, N: 2, Checks: 1 << CkAttack}
	h.Options[1] = MomentumOption{Name: "patch", Op: MoHeal, Cost: 2, N: 2}
	h.Options[2] = MomentumOption{Name: "rush", Op: MoAction, Cost: 2, N: 1}
	h.NOptions = 3
	s := &script{before: func(m *Match, h int, c *Check) { m.SpendOnCheck(h, 0, c) }}
	m, rec := newTestMatch(t, sc, s, geom.V(5, 5))
	k := addCrim(m, tBrute, geom.V(5, 14))
	m.H[0].Momentum = 5
	m.give(0, 2)
	if !m.SpendMomentum(0, 2) || m.H[0].AP != 3 {
		t.Fatal("the action option")
	}
	m.H[0].Wounds = 3
	if !m.SpendMomentum(0, 1) || m.H[0].Wounds != 1 || m.H[0].Momentum != 1 {
		t.Fatalf("the heal option: %+v", m.H[0])
	}
	m.rigFaces(4, 2, 2)
	m.Attack(0, 1, k)
	if at := rec.checks(CkAttack); at[0].Pool != (Pool{D12: 2}) || m.H[0].Momentum != 0 {
		t.Fatalf("the upgrade option: %+v, Momentum %d", at, m.H[0].Momentum)
	}
	if m.SpendMomentum(0, 1) {
		t.Fatal("a heal after the first action")
	}
	// Momentum is never spent on a recovery check.
	c := Check{Kind: CkRecovery}
	m.H[0].Momentum = 5
	if m.SpendOnCheck(0, 0, &c) {
		t.Fatal("Momentum spent on a recovery check")
	}
}

// The Control Phase: the First Player turns clockwise, the card restocks,
// draws an Event Card, places crims within the limit; the match ends
// after the last card, the most points winning, ties by eliminations.
func TestTurnSequence(t *testing.T) {
	sc := testScenario()
	sc.NEvents = 1
	sc.Events[0] = EventCard{Name: "tip", Op: EoPoints, N: 4}
	for i := range 4 {
		sc.Deck[i].Place[0] = Placement{Crim: tThug, At: 0}
		sc.Deck[i].Place[1] = Placement{Crim: tThug, At: 1}
		sc.Deck[i].NPlace = 2
		sc.Deck[i].Event = true
		sc.Deck[i].Restock = i == 1
	}
	sc.Rules.MaxCrims = 3
	s := &script{activate: func(m *Match, h int) { m.Pass(h) }}
	m := NewMatch(sc)
	m.Pol, m.AI = s, cardAI{}
	m.Reset(3, 7)
	rec := &recorder{}
	m.Trace = rec
	m.Play()
	var firsts []int8
	for _, e := range rec.ev {
		if e.Kind == EvTurn {
			firsts = append(firsts, e.Hunter)
		}
	}
	if len(firsts) != 4 || firsts[0] == firsts[1] || firsts[0] != firsts[2] {
		t.Fatalf("First Players %v", firsts)
	}
	if m.Rec.Turns != 4 || m.Rec.Spawned[tThug] < 3 {
		t.Fatalf("turns %d, placed %d", m.Rec.Turns, m.Rec.Spawned[tThug])
	}
	if m.Rec.Spawned[tThug]-m.Rec.Eliminated[tThug] > 3 {
		t.Fatalf("more than the crim limit in the zone")
	}
	if rec.count(EvRestock) != 1 {
		t.Fatalf("%d restocks", rec.count(EvRestock))
	}
	// each turn's Event Card gives its 4 points to that turn's First Player
	if m.H[0].Points != 8 || m.H[1].Points != 8 {
		t.Fatalf("points %d and %d, want 8 each", m.H[0].Points, m.H[1].Points)
	}
	// the winner
	m.H[0].Points, m.H[1].Points = 5, 5
	m.Rec.Elims[0], m.Rec.Elims[1] = 1, 2
	m.finish()
	if m.Rec.Winner != 1 {
		t.Fatalf("winner %d, want the one with more eliminations", m.Rec.Winner)
	}
	m.Sc.Rules.TieBreak = false
	m.finish()
	if m.Rec.Winner != -1 {
		t.Fatalf("winner %d, want a tie", m.Rec.Winner)
	}
}

// Keepers go to the hand and are carried out at the holder's next
// activation; an Impact 10's Event Card waits for the end of the phase.
func TestEventCards(t *testing.T) {
	sc := testScenario()
	sc.NEvents = 1
	sc.Events[0] = EventCard{Name: "keep", Op: EoPoints, N: 2, Keeper: true}
	s := &script{}
	m, _ := newTestMatch(t, sc, s, geom.V(5, 5))
	m.drawEvent(0, true)
	if m.H[0].NHand != 1 || m.H[0].Points != 0 {
		t.Fatal("a Keeper was not kept")
	}
	m.activate(0)
	if m.H[0].NHand != 0 || m.H[0].Points != 2 {
		t.Fatal("a Keeper was not carried out at the activation")
	}
	sc.Events[0].Keeper = false
	m.drawEvent(0, true)
	if m.H[0].Points != 2 || m.nPend != 1 {
		t.Fatal("an Impact 10's Event Card was carried out at once")
	}
	m.endOfPhase()
	if m.H[0].Points != 4 {
		t.Fatal("the Event Card was not carried out at the end of the phase")
	}
}
