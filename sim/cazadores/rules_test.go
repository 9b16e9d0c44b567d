package cazadores

import (
	"math"
	"slices"
	"testing"

	"balance/sim/dice"
	"balance/sim/geom"
)

// ---------------------------------------------------------------------------
// Test fixtures: a small hand-built Scenario (one or more Cazadores against
// the Wandering Son, written out from chapter 12), event recording and
// scripted policies.
// ---------------------------------------------------------------------------

// Weapon indices of the test arsenal (Scenario.Weapons).
const (
	wUnarmed = iota
	wHand
	wGreat
	wWhip
	wCrossbow
	wPistol
	wRifle
	wBow
	wSword // the Ancestral Sword of the rulebook's example: POW 2
	wShield
	wNet
	wTorch
	wBook
	nTestWeapons
)

const (
	packR = float32(32.0 / 25.4 / 2) // 32 mm base
	advR  = float32(60.0 / 25.4 / 2) // 60 mm base
)

func testWeapons() []WeaponDef {
	w := make([]WeaponDef, nTestWeapons)
	w[wUnarmed] = WeaponDef{Name: "Unarmed", Kind: MeleeWeapon}
	w[wHand] = WeaponDef{Name: "Hand Weapon", Kind: MeleeWeapon, Max: 1, Hands: 1}
	w[wGreat] = WeaponDef{Name: "Great Weapon", Kind: MeleeWeapon, POW: 1, Max: 2, Hands: 2, AttackTicks: 1}
	w[wWhip] = WeaponDef{Name: "Whip", Kind: MeleeWeapon, POW: -1, Max: 2, Hands: 1, AttackTicks: -1}
	w[wCrossbow] = WeaponDef{Name: "Crossbow", Kind: ShootingWeapon, POW: 1, Min: 3, Max: 8, Hands: 2, ReloadTicks: 1, Ammo: 3}
	w[wPistol] = WeaponDef{Name: "Flintlock Pistol", Kind: ShootingWeapon, POW: 2, Min: 3, Max: 5, Hands: 1, ReloadTicks: 2, Ammo: 3}
	w[wRifle] = WeaponDef{Name: "Flintlock Rifle", Kind: ShootingWeapon, POW: 2, Min: 3, Max: 8, Hands: 2, AttackTicks: 1, ReloadTicks: 2, Ammo: 3}
	w[wBow] = WeaponDef{Name: "Bow", Kind: ShootingWeapon, Min: 3, Max: 8, Hands: 2, Ammo: 3}
	w[wSword] = WeaponDef{Name: "Ancestral Sword", Kind: MeleeWeapon, POW: 2, Max: 1, Hands: 1}
	w[wShield] = WeaponDef{Name: "Shield", Kind: MeleeWeapon, Max: 0, Hands: 1, Armour: 1}
	w[wNet] = WeaponDef{Name: "Net", Kind: ShootingWeapon, Min: 3, Max: 5, Hands: 1, AttackTicks: 1, Ammo: 2, NoDamage: true}
	w[wNet].OnHit.Add(Op{Kind: OpImpose, Cond: Defenceless})
	w[wTorch] = WeaponDef{Name: "Torch", Kind: MeleeWeapon, POW: -1, Max: 1, Hands: 1}
	w[wTorch].Crit.Add(Op{Kind: OpImpose, Cond: Burning})
	w[wBook] = WeaponDef{Name: "Book of Rituals", Kind: ArcaneWeapon, Hands: 1}
	return w
}

// caz returns a Cazador build: SPD 5, PROW 4, SHRP 4, WIT 3, RES 3, WND 12,
// Melee 2 and Shooting 2, carrying weapons (the first one readied).
func caz(name string, weapons ...uint8) PackDef {
	d := PackDef{Name: name, Kind: Cazador, SPD: 5, WND: 12, BaseR: packR}
	d.Attr = [NumAttrs]int8{4, 4, 3, 3}
	d.Skills[Melee], d.Skills[Shooting] = 2, 2
	copy(d.Weapons[:], weapons)
	d.NWeapons = uint8(len(weapons))
	if len(weapons) > 0 {
		d.Readied = 1
	}
	return d
}

// companion returns a Companion (no Skills) with RES res.
func companion(name string, res int8) PackDef {
	d := caz(name, wHand)
	d.Kind = Companion
	d.Skills = [NumSkills]int8{}
	d.Attr[RES] = res
	return d
}

// wanderingSon is the Wandering Son of the Mountain as chapter 12 gives it.
func wanderingSon() AdversaryDef {
	a := AdversaryDef{Name: "Wandering Son of the Mountain", Slug: "wandering-son",
		Stats: FoeStats{SPD: 5, ATK: 7, RNG: 2, DEF: 6, TER: 6, WND: 20}, BaseR: advR, NModels: 1, NLoc: 4}
	a.Immune = a.Immune.With(Freezing)
	a.ModelNames[0] = "Wandering Son"
	a.Loc[0] = Location{Name: "Head", Label: "Blinded", WND: 5, High: 10, AttacksDis: true}
	a.Loc[1] = Location{Name: "Torso", Label: "Exhausted", WND: 5, High: 9, Mods: FoeMods{DEF: -1}}
	a.Loc[2] = Location{Name: "Upper Limb", Label: "Maimed arm", WND: 5, High: 7, Mods: FoeMods{ATK: -1}}
	a.Loc[3] = Location{Name: "Lower Limbs", Label: "Slashed heels", WND: 5, High: 4, Mods: FoeMods{SPD: -1}}
	for v := 2; v <= 10; v++ {
		switch {
		case v <= 4:
			a.CardLoc[v] = 3
		case v <= 7:
			a.CardLoc[v] = 2
		case v <= 9:
			a.CardLoc[v] = 1
		default:
			a.CardLoc[v] = 0
		}
	}
	a.Order = [MaxLocations]uint8{3, 2, 1, 0}
	a.Areas = []AreaKind{{Name: "rock", Diameter: 2, Terrain: Difficult}}
	smash := CardAction{Name: "Sweeping Smash", Attack: MeleeAttack, ModATK: 2, ModRNG: 1, Targets: TargetAllInRange, Damage: true, Range: -1, Ticks: 3}
	smash.OnHit.Add(Op{Kind: OpPush, Dist: 2})
	rock := CardAction{Name: "Rock Throw", Attack: ShootingAttack, ModRNG: 4, Damage: true, Range: -1, Ticks: 3}
	rock.OnHit.Add(Op{Kind: OpPlaceScatter})
	rock.OnHit.Add(Op{Kind: OpArea, Area: 0, At: AtOrigin})
	rock.OnMiss.Add(Op{Kind: OpArea, Area: 0, At: AtScatter})
	grab := CardAction{Name: "Grab and Throw", Attack: MeleeAttack, ModATK: 1, Damage: true, Range: -1, Ticks: 3}
	grab.OnHit.Add(Op{Kind: OpPlaceScatter})
	slam := CardAction{Name: "Overhead Slam", Attack: MeleeAttack, Damage: true, Range: -1, Ticks: 3}
	slam.Crit.Add(Op{Kind: OpImpose, Cond: Stunned})
	a.Standard = [4]CardAction{smash, rock, grab, slam}
	roar := CardAction{Name: "Shattering Roar", Tree: Defensive, Attack: TerrorAttack, ModRNG: 2, Targets: TargetAllInRange, Range: -1, Ticks: 3}
	roar.OnHit.Add(Op{Kind: OpImpose, Cond: Terrified})
	a.Special = [4]CardAction{smash, roar, grab, slam}
	a.Special[0].Tree, a.Special[2].Tree, a.Special[3].Tree = Aggressive, Aggressive, Aggressive
	return a
}

// openMap is a bare 24" x 24" board, every border an Exit, the Pack
// deploying at the south edge.
func openMap() Map {
	m := Map{Name: "test ground", W: 24, H: 24, NExits: 4}
	m.Exits[0] = Exit{A: geom.V(0, 0), B: geom.V(24, 0)}
	m.Exits[1] = Exit{A: geom.V(0, 24), B: geom.V(24, 24)}
	m.Exits[2] = Exit{A: geom.V(24, 0), B: geom.V(24, 24)}
	m.Exits[3] = Exit{A: geom.V(0, 0), B: geom.V(0, 24)}
	return m
}

// newScenario builds the test Scenario: pack against the Wandering Son on
// open ground under the default rulings.
func newScenario(pack ...PackDef) *Scenario {
	return &Scenario{Rules: DefaultRules(), Adversary: wanderingSon(), Pack: pack, Weapons: testWeapons(), Map: openMap()}
}

// addPiece adds a terrain piece to sc's map.
func addPiece(sc *Scenario, s geom.Shape, t Terrain) {
	mp := &sc.Map
	mp.Pieces[mp.NPieces] = Piece{Name: "piece", Shape: s, Types: t}
	mp.NPieces++
	mp.HasTerrain |= t
}

// newHunt deals hunt (seed, 0) of sc.
func newHunt(sc *Scenario, seed uint64) *Hunt {
	var tmpl Hunt
	tmpl.Init(sc)
	h := new(Hunt)
	h.Reset(&tmpl, seed, 0)
	return h
}

// soloHunt deals a hunt of one Cazador (with weapons) against the Wandering
// Son, the Cazador at (12, 6) and the Adversary at (12, 12).
func soloHunt(seed uint64, weapons ...uint8) *Hunt {
	h := newHunt(newScenario(caz("Cazador", weapons...)), seed)
	h.M[0].Pos = geom.V(12, 6)
	h.M[h.Adv0].Pos = geom.V(12, 12)
	return h
}

// put places model i with an edge gap of gap inches from model j, in
// direction deg degrees (0: +x, 90: +y).
func put(h *Hunt, i, j int, gap float32, deg float64) {
	s, c := math.Sincos(deg * math.Pi / 180)
	d := h.M[i].R + h.M[j].R + gap
	h.M[i].Pos = h.M[j].Pos.Add(geom.V(float32(c)*d, float32(s)*d))
}

// near reports whether a and b differ by at most tol.
func near(a, b, tol float32) bool { return float32(math.Abs(float64(a-b))) <= tol }

// eventLog records a traced hunt's events.
type eventLog struct{ ev []Event }

func (l *eventLog) Event(_ *Hunt, e *Event) { l.ev = append(l.ev, *e) }

// of returns the events of kind k.
func (l *eventLog) of(k EventKind) []Event {
	var out []Event
	for _, e := range l.ev {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// traced attaches a fresh eventLog to h.
func traced(h *Hunt) *eventLog {
	l := &eventLog{}
	h.Trace = l
	return l
}

// lastAttack returns the last attack event of l.
func (l *eventLog) lastAttack(t *testing.T) Event {
	t.Helper()
	at := l.of(EvAttack)
	if len(at) == 0 {
		t.Fatal("no attack was made")
	}
	return at[len(at)-1]
}

// scriptPack is a PackPolicy run by functions (nil turn: Pass).
type scriptPack struct {
	turn  func(h *Hunt, i int)
	first bool
}

func (p scriptPack) Turn(h *Hunt, i int) {
	if p.turn != nil {
		p.turn(h, i)
	}
}
func (p scriptPack) PackFirst(*Hunt) bool  { return p.first }
func (scriptPack) Order(*Hunt, []int8)     {}
func (f scriptFoes) AdversaryTurn(h *Hunt) { f.call(h, -1) }
func (f scriptFoes) MinionTurn(h *Hunt, m int) {
	f.call(h, m)
}

// scriptFoes is a FoeAI run by a function (m = -1: the Adversary's Turn).
type scriptFoes struct{ turn func(h *Hunt, m int) }

func (f scriptFoes) call(h *Hunt, m int) {
	if f.turn != nil {
		f.turn(h, m)
	}
}

// wounds returns the WNDs left on the Adversary's hit locations.
func advWNDs(h *Hunt) int {
	n := 0
	for l := 0; l < int(h.Sc.Adversary.NLoc); l++ {
		n += int(h.Loc[l])
	}
	return n
}

// ---------------------------------------------------------------------------
// The rulebook's worked examples.
// ---------------------------------------------------------------------------

// Ch. 3, Ticks, Clocks and the Flow of Time: a clock at 9 paying 3 Ticks
// goes to 10, then 1, and settles at 2; the Ticks example: 1 + Attack (3)
// is 4.
func TestLoopClock(t *testing.T) {
	for _, c := range []struct {
		clock uint8
		ticks int8
		want  uint8
	}{
		{9, 3, 2}, {1, 3, 4}, {10, 1, 1}, {10, 10, 10}, {1, 10, 1}, {5, 1, 6}, {8, 2, 10}, {7, 4, 1}, {3, 12, 5},
	} {
		if got := loopClock(c.clock, c.ticks); got != c.want {
			t.Errorf("loopClock(%d, %d) = %d, want %d", c.clock, c.ticks, got, c.want)
		}
	}
	// Every Clock and every cost, negative ones included: the position
	// round the loop of 10, counted from 1.
	for c := 1; c <= 10; c++ {
		for k := -128; k <= 127; k++ {
			want := ((c-1+k)%10+10)%10 + 1
			if got := loopClock(uint8(c), int8(k)); int(got) != want {
				t.Fatalf("loopClock(%d, %d) = %d, want %d", c, k, got, want)
			}
		}
	}
}

// The same examples through a real Attack: the clock moves whatever the
// outcome.
func TestAttackAdvancesPersonalClock(t *testing.T) {
	for _, c := range []struct{ from, want uint8 }{{1, 4}, {9, 2}, {8, 1}} {
		for seed := uint64(1); seed <= 20; seed++ {
			h := soloHunt(seed, wHand)
			put(h, 0, int(h.Adv0), 0.5, 270)
			h.setClock(0, c.from)
			if !h.CanAttack(0, int(h.Adv0), 0) {
				t.Fatal("the Attack should be allowed")
			}
			h.Attack(0, int(h.Adv0), 0)
			if h.M[0].Clock != c.want {
				t.Fatalf("clock %d after an Attack: %d, want %d", c.from, h.M[0].Clock, c.want)
			}
		}
	}
}

// Ch. 5, Weapons: the Ancestral Sword (POW 2) rolling 3 Successes deals 5
// WNDs. More generally every hit deals max(0, Successes + POW) (R18).
func TestWoundsAreSuccessesPlusPOW(t *testing.T) {
	for _, c := range []struct {
		name   string
		weapon uint8
		pow    int
	}{{"Ancestral Sword", wSword, 2}, {"Hand Weapon", wHand, 0}, {"Torch", wTorch, -1}} {
		t.Run(c.name, func(t *testing.T) {
			seen := map[int]bool{}
			for seed := uint64(1); seed <= 400; seed++ {
				h := soloHunt(seed, c.weapon)
				adv := int(h.Adv0)
				put(h, 0, adv, 0.2, 270)
				l := traced(h)
				before := advWNDs(h)
				hit := h.Attack(0, adv, 0)
				e := l.lastAttack(t)
				want := 0
				if e.Dice.Successes > 0 {
					want = max(0, int(e.Dice.Successes)+c.pow)
				}
				if hit != (e.Dice.Successes > 0) {
					t.Fatalf("seed %d: hit %v with %d Successes", seed, hit, e.Dice.Successes)
				}
				if got := before - advWNDs(h); got != want || int(h.Rec.AdvWounds) != want {
					t.Fatalf("seed %d: %d Successes with POW %d dealt %d WNDs (record %d), want %d",
						seed, e.Dice.Successes, c.pow, got, h.Rec.AdvWounds, want)
				}
				seen[int(e.Dice.Successes)] = true
			}
			if c.weapon == wSword && !seen[3] {
				t.Fatal("no Attack rolled 3 Successes: the worked example was never checked")
			}
		})
	}
}

// Ch. 3, Targets & DTs: DEF 6 sets DT 6; a Difficulty Die above the DT
// overrides it.
func TestDefenceSetsDTAndDifficultyDieOverrides(t *testing.T) {
	h := soloHunt(1, wHand)
	adv := int(h.Adv0)
	put(h, 0, adv, 0.2, 270)
	l := traced(h)
	h.Attack(0, adv, 0)
	e := l.lastAttack(t)
	if e.Dice.DT != 6 || e.Dice.Pool != 6 || e.Dice.Adv != dice.Normal {
		t.Fatalf("Attack on DEF 6 rolled pool %d DT %d %v; want pool 6 (PROW 4 + Melee 2), DT 6, normal",
			e.Dice.Pool, e.Dice.DT, e.Dice.Adv)
	}
	// The threshold is max(die, DT): 6 whenever the die shows 1..6.
	if p := dice.PThreshold(6, dice.Normal, 6); math.Abs(p-0.6) > 1e-12 {
		t.Errorf("P(threshold 6 | DT 6) = %v, want 0.6", p)
	}
	for v := 1; v <= 10; v++ {
		want := 0.1
		if v < 6 {
			want = 0
		} else if v == 6 {
			want = 0.6
		}
		if p := dice.PThreshold(6, dice.Normal, v); math.Abs(p-want) > 1e-12 {
			t.Errorf("P(threshold %d | DT 6) = %v, want %v", v, p, want)
		}
	}
	// The faces shown agree: Successes are the pool dice at or above
	// max(kept die, DT).
	for seed := uint64(1); seed <= 200; seed++ {
		h := soloHunt(seed, wHand)
		put(h, 0, adv, 0.2, 270)
		l := traced(h)
		h.Attack(0, adv, 0)
		d := l.lastAttack(t).Dice
		n := 0
		for _, f := range d.Faces[:d.NFaces] {
			if int(f) >= d.Threshold() {
				n++
			}
		}
		if n != int(d.Successes) || d.Threshold() < 6 {
			t.Fatalf("seed %d: threshold %d (kept %d, DT %d), %d faces reach it, %d Successes",
				seed, d.Threshold(), d.Kept, d.DT, n, d.Successes)
		}
	}
}

// ---------------------------------------------------------------------------
// Statistics: an Attack's hit rate equals the exact odds of its Check.
// ---------------------------------------------------------------------------

func TestAttackHitRateMatchesDice(t *testing.T) {
	const n = 20000
	for _, c := range []struct {
		name  string
		setup func(h *Hunt)
		pool  int
		dt    int
		adv   dice.Adv
	}{
		{"normal", func(h *Hunt) {}, 6, 6, dice.Normal},
		{"spotted", func(h *Hunt) { h.M[h.Adv0].Spotted = true }, 6, 6, dice.Advantage},
		{"torso exhausted", func(h *Hunt) { h.WoundLocation(1, 5) }, 6, 5, dice.Normal},
		{"knocked down", func(h *Hunt) { h.M[h.Adv0].Conds = h.M[h.Adv0].Conds.With(KnockedDown) }, 6, 0, dice.Normal},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc := newScenario(caz("Cazador", wHand))
			var tmpl Hunt
			tmpl.Init(sc)
			h := new(Hunt)
			hits := 0
			for k := 0; k < n; k++ {
				h.Reset(&tmpl, 7, uint64(k))
				h.M[h.Adv0].Pos = geom.V(12, 12)
				put(h, 0, int(h.Adv0), 0.3, 200)
				c.setup(h)
				if h.Attack(0, int(h.Adv0), 0) {
					hits++
				}
			}
			p := dice.PAtLeast(c.pool, c.dt, c.adv, 1)
			se := math.Sqrt(p * (1 - p) / n)
			got := float64(hits) / n
			if math.Abs(got-p) > 4*se {
				t.Fatalf("hit rate %.4f over %d Attacks, want %.4f ± %.4f (4 SE)", got, n, p, 4*se)
			}
		})
	}
}

// ---------------------------------------------------------------------------
// The Adversary deck's piles (R28).
// ---------------------------------------------------------------------------

func TestHitPileHoldsFourOfEachAndRepeats(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		h := soloHunt(seed)
		var first [36]uint8
		var count [11]int
		for k := range first {
			first[k] = h.drawHit()
			count[first[k]]++
		}
		for v := 2; v <= 10; v++ {
			if count[v] != 4 {
				t.Fatalf("seed %d: %d cards of value %d in the hit-location pile, want 4", seed, count[v], v)
			}
		}
		for cycle := 0; cycle < 2; cycle++ {
			for k := range first {
				if v := h.drawHit(); v != first[k] {
					t.Fatalf("seed %d: card %d of repeat %d is %d, want %d (the pile is turned over unshuffled)",
						seed, k, cycle+1, v, first[k])
				}
			}
		}
		if !h.HitFixed {
			t.Fatal("HitFixed not set after the pile was exhausted")
		}
	}
	// The first pass is shuffled: two seeds differ.
	a, b := soloHunt(1), soloHunt(2)
	same := true
	for k := 0; k < 36; k++ {
		if a.drawHit() != b.drawHit() {
			same = false
		}
	}
	if same {
		t.Error("two hunts drew the same 36 hit-location cards: the pile is not shuffled")
	}
}

func TestActionPileHoldsSixteenAndRepeats(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		h := soloHunt(seed)
		var first [16]uint8
		var seen [16]bool
		for k := range first {
			first[k] = h.drawAction()
			if first[k] >= 16 || seen[first[k]] {
				t.Fatalf("seed %d: card %d drawn twice or out of the pile", seed, first[k])
			}
			seen[first[k]] = true
		}
		for cycle := 0; cycle < 2; cycle++ {
			for k := range first {
				if c := h.drawAction(); c != first[k] {
					t.Fatalf("seed %d: card %d of repeat %d is %s, want %s", seed, k, cycle+1, CardName(c), CardName(first[k]))
				}
			}
		}
	}
}

// Ch. 3, Adversary Actions: Spades Aggressive, Diamonds Defensive, Clubs
// Sentry, Hearts the special entry's tree (and its action).
func TestDrawActionSuitPicksTree(t *testing.T) {
	h := soloHunt(1)
	a := &h.Sc.Adversary
	h.ActFixed = true
	for c := uint8(0); c < 16; c++ {
		h.ActPile[c] = c
	}
	for c := uint8(0); c < 16; c++ {
		card, act, tree := h.DrawAction()
		if card != c {
			t.Fatalf("drew %s, want %s", CardName(card), CardName(c))
		}
		rank, suit := c/4, c%4
		wantAct, wantTree := &a.Standard[rank], Tree(suit)
		if suit == Hearts {
			wantAct, wantTree = &a.Special[rank], a.Special[rank].Tree
		}
		if act != wantAct || tree != wantTree {
			t.Errorf("%s: %s with the %v tree, want %s with the %v tree", CardName(c), act.Name, tree, wantAct.Name, wantTree)
		}
		if h.Rec.Cards[CardDrawn][c] != 1 || h.CardAct != act || h.Card != c {
			t.Errorf("%s: not recorded as the current card", CardName(c))
		}
	}
	// The Wandering Son's King of Hearts is Shattering Roar on the Defensive tree.
	if a.Special[King].Tree != Defensive || a.Special[King].Name != "Shattering Roar" {
		t.Fatal("fixture: King of Hearts")
	}
}

// ---------------------------------------------------------------------------
// Time: eligibility, clock ties, the end of the hunt.
// ---------------------------------------------------------------------------

// turnLog returns policies that log who takes a Turn ("P<i>", "A", "M<i>")
// and then Pass.
func turnLog() (*[]string, scriptPack, scriptFoes) {
	var log []string
	p := scriptPack{first: true, turn: func(h *Hunt, i int) { log = append(log, "P"+string(rune('0'+i))) }}
	f := scriptFoes{turn: func(h *Hunt, m int) {
		if m < 0 {
			log = append(log, "A")
		} else {
			log = append(log, "M"+string(rune('0'+m)))
		}
	}}
	return &log, p, f
}

func TestEligibilityFollowsPersonalClocks(t *testing.T) {
	h := newHunt(newScenario(caz("A", wHand), caz("B", wHand), caz("C", wHand)), 3)
	h.setClock(0, 1)
	h.setClock(1, 3)
	h.AdvClock = 2
	h.SetState(2, Dead)
	log, p, f := turnLog()
	want := []map[string]bool{
		{"P0": true},
		{"P0": true, "A": true},
		{"P0": true, "P1": true, "A": true},
		{"P0": true, "P1": true, "A": true},
	}
	for tick := uint8(1); tick <= 4; tick++ {
		*log = (*log)[:0]
		h.Tick = tick
		h.playTick(p, f)
		got := map[string]bool{}
		for _, s := range *log {
			if got[s] {
				t.Fatalf("tick %d: %s took two Turns", tick, s)
			}
			got[s] = true
		}
		if len(got) != len(want[tick-1]) {
			t.Fatalf("tick %d: turns %v, want %v", tick, *log, want[tick-1])
		}
		for s := range want[tick-1] {
			if !got[s] {
				t.Fatalf("tick %d: turns %v, want %v", tick, *log, want[tick-1])
			}
		}
	}
	// Passing cost each model 1 Tick (R1): all three clocks now read 5.
	if h.M[0].Clock != 5 || h.M[1].Clock != 5 || h.AdvClock != 5 {
		t.Fatalf("clocks %d, %d, adversary %d after passing; want 5, 5, 5", h.M[0].Clock, h.M[1].Clock, h.AdvClock)
	}
}

// Ch. 4, Break Clock Ties: the eligible Cazador with the highest RES makes
// a Leadership Check against the highest TER among the eligible Foes.
func TestClockTieLeadershipCheck(t *testing.T) {
	a, b, c := caz("A", wHand), caz("B", wHand), companion("C", 9)
	a.Attr[RES], b.Attr[RES] = 3, 5
	b.Skills[Leadership] = 2
	sc := newScenario(a, b, c)
	sc.Adversary.Minions = []MinionDef{{Name: "Imp", Count: 1, Tree: Sentry, Stats: FoeStats{SPD: 5, ATK: 3, RNG: 1, DEF: 3, TER: 8, WND: 5}, BaseR: packR}}
	sc.Adversary.Minions[0].MinionActions()
	for _, k := range []struct {
		name               string
		advClock, minClock uint8
		wantDT             int8
	}{
		{"adversary and minion eligible", 1, 1, 8},
		{"adversary only", 1, 2, 6},
		{"minion only", 2, 1, 8},
	} {
		h := newHunt(sc, 1)
		h.AdvClock = k.advClock
		h.setClock(int(h.Adv0+h.NAdv), k.minClock)
		l := traced(h)
		_, p, f := turnLog()
		h.Tick = 1
		h.playTick(p, f)
		ties := l.of(EvTie)
		if len(ties) != 1 {
			t.Fatalf("%s: %d tie checks, want 1", k.name, len(ties))
		}
		if ties[0].Model != 1 || ties[0].Dice.Pool != 7 || ties[0].Dice.DT != k.wantDT {
			t.Errorf("%s: model %d rolled pool %d against DT %d; want the RES 5 Cazador (1), pool 7, DT %d",
				k.name, ties[0].Model, ties[0].Dice.Pool, ties[0].Dice.DT, k.wantDT)
		}
	}
	// Equal RES: the first listed Cazador rolls.
	a.Attr[RES] = 5
	h := newHunt(newScenario(a, b), 1)
	l := traced(h)
	_, p, f := turnLog()
	h.playTick(p, f)
	if ties := l.of(EvTie); len(ties) != 1 || ties[0].Model != 0 {
		t.Errorf("with equal RES the first Cazador should roll: %+v", ties)
	}
	// Only Pack models or only Foes eligible: no tie.
	h = newHunt(newScenario(a, b), 1)
	h.AdvClock = 2
	l = traced(h)
	h.playTick(p, f)
	if len(l.of(EvTie)) != 0 {
		t.Error("a tie was broken with no Foe eligible")
	}
}

func TestClockTieOrder(t *testing.T) {
	// A failed Check (pool 0) or no eligible Cazador: the Foes go first.
	weak := caz("Weak", wHand)
	weak.Attr[RES], weak.Skills[Leadership] = 0, 0
	for _, c := range []struct {
		name string
		pack PackDef
	}{{"failed check", weak}, {"companion only", companion("Hound", 6)}} {
		for seed := uint64(1); seed <= 30; seed++ {
			h := newHunt(newScenario(c.pack), seed)
			log, p, f := turnLog()
			h.playTick(p, f)
			if len(*log) != 2 || (*log)[0] != "A" || (*log)[1] != "P0" {
				t.Fatalf("%s, seed %d: order %v, want the Adversary first", c.name, seed, *log)
			}
		}
	}
	// A won Check lets the Pack choose; a lost one puts the Foes first.
	won, lost := 0, 0
	for seed := uint64(1); seed <= 300; seed++ {
		for _, first := range []bool{true, false} {
			h := newHunt(newScenario(caz("Leader", wHand)), seed)
			l := traced(h)
			log, p, f := turnLog()
			p.first = first
			h.playTick(p, f)
			ok := l.of(EvTie)[0].Dice.Successes > 0
			packFirst := (*log)[0] == "P0"
			if packFirst != (ok && first) {
				t.Fatalf("seed %d: tie won %v, policy picks the Pack %v, yet the Pack went first: %v", seed, ok, first, packFirst)
			}
			if first {
				if ok {
					won++
				} else {
					lost++
				}
			}
		}
	}
	if won == 0 || lost == 0 {
		t.Fatalf("the tie Check was won %d and lost %d times in 300 hunts", won, lost)
	}
}

// Ch. 4, Ending the Hunt / R7: the hunt ends only at the end of a Round.
// Once the last Foe has fallen (and no end-of-Round effect is pending) the
// rest of the Round is not played; with play_out_round it is.
func TestHuntEndsOnlyAtEndOfRound(t *testing.T) {
	for _, playOut := range []bool{false, true} {
		sc := newScenario(caz("A", wHand))
		sc.Rules.PlayOutRound = playOut
		h := newHunt(sc, 1)
		var ticks []uint8
		p := scriptPack{turn: func(h *Hunt, i int) {
			ticks = append(ticks, h.Tick)
			if h.Round == 1 && h.Tick == 3 {
				h.WoundLocation(0, 20) // every location exhausted: the Adversary falls
			}
		}}
		h.Play(p, scriptFoes{})
		if h.Rec.Outcome != PackWon || h.Rec.Rounds != 1 || h.Rec.Ticks != 10 || h.Rec.DefeatedAt != 3 || !h.Rec.AdversaryDefeated {
			t.Fatalf("play_out_round %v: outcome %v after %d Rounds, %d Ticks, defeated at %d; want pack_won after 1 Round, 10 Ticks, defeated at 3",
				playOut, h.Rec.Outcome, h.Rec.Rounds, h.Rec.Ticks, h.Rec.DefeatedAt)
		}
		want := []uint8{1, 2, 3}
		if playOut {
			want = []uint8{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
		}
		if !slices.Equal(ticks, want) {
			t.Fatalf("play_out_round %v: the Cazador took Turns on ticks %v, want %v", playOut, ticks, want)
		}
	}

	// A Burning Pack model keeps the Round going: its Turns could still
	// put the fire out before the end-of-Round wound.
	sc := newScenario(caz("A", wHand))
	h := newHunt(sc, 1)
	var ticks []uint8
	p := scriptPack{turn: func(h *Hunt, i int) {
		ticks = append(ticks, h.Tick)
		if h.Round == 1 && h.Tick == 3 {
			h.M[i].Conds = h.M[i].Conds.With(Burning)
			h.WoundLocation(0, 20)
		}
	}}
	h.Play(p, scriptFoes{})
	if len(ticks) != 10 {
		t.Fatalf("a Burning Pack model took Turns on ticks %v after the last Foe fell, want 1..10", ticks)
	}

	// The Pack falling mid-Round: the Foes play the Round out.
	h = newHunt(newScenario(caz("A", wHand)), 1)
	var foeTicks []uint8
	p = scriptPack{turn: func(h *Hunt, i int) {
		if h.Tick == 2 {
			h.wound(i, 100, -1, NoCond)
		}
	}}
	h.Play(p, scriptFoes{turn: func(h *Hunt, m int) { foeTicks = append(foeTicks, h.Tick) }})
	if h.Rec.Outcome != PackSlain || h.Rec.Ticks != 10 || h.Rec.DiedAt[0] != 2 {
		t.Fatalf("outcome %v at Tick %d (died at %d), want pack_slain at Tick 10 (died at 2)", h.Rec.Outcome, h.Rec.Ticks, h.Rec.DiedAt[0])
	}
	if len(foeTicks) != 10 {
		t.Fatalf("the Adversary acted on ticks %v, want every tick of the Round", foeTicks)
	}
}

// R8: the outcomes, checked at the end of a Round.
func TestOutcomes(t *testing.T) {
	for _, c := range []struct {
		name      string
		pack      [2]uint8
		advDead   bool
		round     uint8
		roundCap  int
		want      Outcome
		wantFinal bool
	}{
		{"foes slain", [2]uint8{Active, Dead}, true, 1, 30, PackWon, true},
		{"both sides gone", [2]uint8{Dead, Fled}, true, 1, 30, PackWon, true},
		{"pack slain", [2]uint8{Dead, Dead}, false, 1, 30, PackSlain, true},
		{"pack fled", [2]uint8{Fled, Fled}, false, 1, 30, PackFled, true},
		{"mixed", [2]uint8{Dead, Fled}, false, 1, 30, Mixed, true},
		{"one still fighting", [2]uint8{Dead, Active}, false, 1, 30, Unfinished, false},
		{"round cap", [2]uint8{Active, Active}, false, 30, 30, Stalemate, true},
		{"before the cap", [2]uint8{Active, Active}, false, 29, 30, Unfinished, false},
	} {
		sc := newScenario(caz("A", wHand), caz("B", wHand))
		sc.Rules.RoundCap = c.roundCap
		h := newHunt(sc, 1)
		h.SetState(0, c.pack[0])
		h.SetState(1, c.pack[1])
		if c.advDead {
			h.SetState(int(h.Adv0), Dead)
		}
		h.Round, h.Tick = uint16(c.round), 10
		h.endRound()
		if h.Rec.Outcome != c.want {
			t.Errorf("%s: outcome %v, want %v", c.name, h.Rec.Outcome, c.want)
		}
	}
}

// R7: after the Round numbered round_cap the hunt is a stalemate.
func TestRoundCapStalemate(t *testing.T) {
	for _, roundCap := range []int{1, 3, 30} {
		sc := newScenario(caz("A", wHand))
		sc.Rules.RoundCap = roundCap
		h := newHunt(sc, 1)
		h.M[0].Pos = geom.V(2, 2)
		h.M[h.Adv0].Pos = geom.V(20, 20)
		h.Play(scriptPack{}, scriptFoes{})
		if h.Rec.Outcome != Stalemate || int(h.Rec.Rounds) != roundCap || int(h.Rec.Ticks) != 10*roundCap {
			t.Errorf("cap %d: %v after %d Rounds (%d Ticks)", roundCap, h.Rec.Outcome, h.Rec.Rounds, h.Rec.Ticks)
		}
	}
}

// R7 allows round_cap up to 1000; the Round counter must reach it.
func TestRoundCapAbove255(t *testing.T) {
	sc := newScenario(caz("A", wHand))
	sc.Rules.RoundCap = 300
	h := newHunt(sc, 1)
	h.M[0].Pos = geom.V(2, 2)
	h.M[h.Adv0].Pos = geom.V(20, 20)
	last, wrapped := 0, false
	p := scriptPack{turn: func(h *Hunt, i int) {
		if int(h.Round) < last {
			wrapped = true
			h.Rec.Outcome = Mixed // bail out of a hunt that cannot end
		}
		last = int(h.Round)
	}}
	h.Play(p, scriptFoes{})
	if wrapped || h.Rec.Outcome != Stalemate || int(h.Rec.Ticks) != 3000 || int(h.Rec.Rounds) != 300 {
		t.Fatalf("round_cap 300: wrapped %v, %v after %d Rounds, %d Ticks; want a stalemate after 300 Rounds, 3000 Ticks",
			wrapped, h.Rec.Outcome, h.Rec.Rounds, h.Rec.Ticks)
	}
}

// ---------------------------------------------------------------------------
// The Adversary's Turn and the order of the Foes.
// ---------------------------------------------------------------------------

// triumvirate is the test Wandering Son split into three models sharing
// the hit locations, like the Praetorians.
func triumvirate() *Scenario {
	sc := newScenario(caz("A", wHand))
	a := &sc.Adversary
	a.NModels = 3
	a.ModelNames = [MaxAdvModels]string{"One", "Two", "Three"}
	a.Loc[1].Owner, a.Loc[2].Owner, a.Loc[3].Owner = 1, 2, 0
	return sc
}

// The Sword, the Axe and the Mace: the joint Personal Clock advances by the
// highest Tick cost any of the Adversary's models paid; with none, a Pass.
func TestAdversaryJointClock(t *testing.T) {
	for _, c := range []struct {
		name string
		turn func(h *Hunt)
		want uint8
	}{
		{"move, attack, pass", func(h *Hunt) {
			a0 := int(h.Adv0)
			h.Move(a0, h.M[a0].Pos.Add(geom.V(1, 0)), -1, 0)
			h.PerformCard(a0+1, &h.Sc.Adversary.Standard[Jack], nil)
		}, 4},
		{"moves only", func(h *Hunt) {
			a0 := int(h.Adv0)
			h.Move(a0, h.M[a0].Pos.Add(geom.V(1, 0)), -1, 0)
			h.Move(a0+2, h.M[a0+2].Pos.Add(geom.V(1, 0)), -1, 0)
		}, 3},
		{"free moves only", func(h *Hunt) {
			a0 := int(h.Adv0)
			h.FreeMove(a0, h.M[a0].Pos.Add(geom.V(1, 0)), -1, 0)
		}, 2},
	} {
		h := newHunt(triumvirate(), 1)
		h.setClock(0, 5)
		h.adversaryTurn(scriptFoes{turn: func(h *Hunt, m int) { c.turn(h) }})
		if h.AdvClock != c.want {
			t.Errorf("%s: joint clock %d, want %d", c.name, h.AdvClock, c.want)
		}
		for i := int(h.Adv0); i < int(h.Adv0+h.NAdv); i++ {
			if h.M[i].Clock != h.AdvClock {
				t.Errorf("%s: model %d's clock %d differs from the joint clock", c.name, i, h.M[i].Clock)
			}
		}
		if h.Rec.Turns != 1 {
			t.Errorf("%s: %d Turns counted for the Adversary, want 1", c.name, h.Rec.Turns)
		}
	}
}

// Ch. 4, Break Clock Ties (note): with only Foes eligible the Adversary
// acts first, then the Minions in a random order.
func TestFoesOrder(t *testing.T) {
	sc := newScenario(caz("A", wHand))
	sc.Adversary.Minions = []MinionDef{{Name: "Imp", Count: 3, Tree: Sentry, Stats: FoeStats{SPD: 5, ATK: 3, RNG: 1, DEF: 3, TER: 3, WND: 5}, BaseR: packR}}
	sc.Adversary.Minions[0].MinionActions()
	orders := map[string]int{}
	for seed := uint64(1); seed <= 120; seed++ {
		h := newHunt(sc, seed)
		h.setClock(0, 2)
		log, p, f := turnLog()
		h.playTick(p, f)
		if len(*log) != 4 || (*log)[0] != "A" {
			t.Fatalf("seed %d: order %v, want the Adversary then three Minions", seed, *log)
		}
		key := (*log)[1] + (*log)[2] + (*log)[3]
		orders[key]++
	}
	if len(orders) != 6 {
		t.Fatalf("the Minions acted in only %d of the 6 orders: %v", len(orders), orders)
	}
}

// ---------------------------------------------------------------------------
// Checks and defences.
// ---------------------------------------------------------------------------

// Ch. 5, Terror Attacks (R11, R24): TER dice against the Fortitude Rating
// (RES + Fortitude); no WNDs unless the card says so.
func TestTerrorAttack(t *testing.T) {
	d := caz("A", wHand)
	d.Skills[Fortitude] = 2
	for _, c := range []struct {
		mode TerrorDTMode
		want int
	}{{TerrorDTPool, 5}, {TerrorDTSkill, 2}, {TerrorDTRes, 3}} {
		sc := newScenario(d, companion("C", 4))
		sc.Rules.TerrorDT = c.mode
		h := newHunt(sc, 1)
		if got := h.Defence(0, TerrorAttack); got != c.want {
			t.Errorf("terror_dt %d: a Cazador's DT %d, want %d", c.mode, got, c.want)
		}
		if got, want := h.Defence(1, TerrorAttack), map[TerrorDTMode]int{TerrorDTPool: 4, TerrorDTSkill: 0, TerrorDTRes: 4}[c.mode]; got != want {
			t.Errorf("terror_dt %d: a Companion's DT %d, want %d", c.mode, got, want)
		}
	}
	hits := 0
	for seed := uint64(1); seed <= 100; seed++ {
		h := newHunt(newScenario(d), seed)
		adv := int(h.Adv0)
		h.M[adv].Pos = geom.V(12, 12)
		put(h, 0, adv, 3.5, 270)
		roar := &h.Sc.Adversary.Special[King]
		l := traced(h)
		h.PerformCard(adv, roar, h.Affected(adv, roar, []int8{0}, nil))
		at := l.lastAttack(t)
		if at.Dice.Pool != 6 || at.Dice.DT != 5 || at.N != int16(TerrorAttack) {
			t.Fatalf("Shattering Roar rolled pool %d against DT %d; want TER 6 against 5", at.Dice.Pool, at.Dice.DT)
		}
		if h.M[0].Taken != 0 {
			t.Fatal("a Terror Attack without damage dealt WNDs")
		}
		if ok := at.Dice.Successes > 0; ok != h.M[0].Conds.Has(Terrified) {
			t.Fatalf("seed %d: %d Successes, Terrified %v", seed, at.Dice.Successes, h.M[0].Conds.Has(Terrified))
		} else if ok {
			hits++
		}
	}
	if hits == 0 {
		t.Fatal("Shattering Roar never hit")
	}
}

// R12: a DT above 10 leaves only natural 10s, or nothing with the switch off.
func TestDTAboveTen(t *testing.T) {
	h := soloHunt(1)
	crits := 0
	for k := 0; k < 2000; k++ {
		r := h.roll(0, 8, 12, dice.Normal)
		if r.Successes != r.Crits {
			t.Fatalf("DT 12: %d Successes but %d Crits", r.Successes, r.Crits)
		}
		crits += int(r.Crits)
	}
	if crits == 0 {
		t.Fatal("no natural 10 in 16000 dice")
	}
	h.Sc.Rules.NaturalTenAlwaysSucceeds = false
	for k := 0; k < 500; k++ {
		if r := h.roll(0, 8, 11, dice.Advantage); r.OK() {
			t.Fatal("DT 11 succeeded with natural_ten_always_succeeds off")
		}
	}
	if r := h.roll(0, 0, 0, dice.Advantage); r.OK() {
		t.Fatal("a pool of 0 succeeded")
	}
}

// Ch. 3, Defences & Armour: MDEF = PROW + Armour, SDEF = SHRP + Armour;
// armour lowers SPD. Companions and Foes roll Attributes alone (R10).
func TestDefencesArmourAndPools(t *testing.T) {
	d := caz("A", wHand)
	d.Armour, d.ArmourSPD = 2, -1
	d.Attr = [NumAttrs]int8{5, 3, 2, 4}
	h := newHunt(newScenario(d, companion("C", 2)), 1)
	if h.M[0].SPD != 4 || h.Defence(0, MeleeAttack) != 7 || h.Defence(0, ShootingAttack) != 5 {
		t.Fatalf("medium armour: SPD %d, MDEF %d, SDEF %d; want 4, 7, 5", h.M[0].SPD, h.Defence(0, MeleeAttack), h.Defence(0, ShootingAttack))
	}
	if h.Pool(0, Melee) != 7 || h.Pool(0, Athletics) != 5 || h.Pool(0, Leadership) != 4 {
		t.Fatalf("Cazador pools: Melee %d, Athletics %d, Leadership %d; want 7, 5, 4", h.Pool(0, Melee), h.Pool(0, Athletics), h.Pool(0, Leadership))
	}
	if h.Pool(1, Melee) != 4 || h.Pool(1, Leadership) != 2 {
		t.Fatalf("Companion pools: Melee %d, Leadership %d; want PROW 4, RES 2", h.Pool(1, Melee), h.Pool(1, Leadership))
	}
	adv := int(h.Adv0)
	for s, want := range map[Skill]int{Melee: 7, Shooting: 7, Fortitude: 6, Athletics: 6, Stealth: 0, Leadership: 0} {
		if got := h.Pool(adv, s); got != want {
			t.Errorf("a Foe's %v pool: %d, want %d", s, got, want)
		}
	}
}

// The joint clock counts only the Actions performed this Turn: a
// Praetorian that fell since its last Turn adds nothing.
func TestAdversaryJointClockIgnoresFallen(t *testing.T) {
	h := newHunt(triumvirate(), 1)
	a0 := int(h.Adv0)
	h.adversaryTurn(scriptFoes{turn: func(h *Hunt, m int) {
		h.startAction(a0, ActAttack, 4) // a 4-Tick card
	}})
	if h.AdvClock != 5 {
		t.Fatalf("fixture: joint clock %d after a 4-Tick Action", h.AdvClock)
	}
	h.WoundLocation(0, 5) // One's locations (Head, then Lower Limbs)
	h.WoundLocation(3, 5)
	if h.M[a0].Alive() {
		t.Fatal("fixture: model One should have fallen")
	}
	h.adversaryTurn(scriptFoes{turn: func(h *Hunt, m int) {
		h.Move(a0+1, h.M[a0+1].Pos.Add(geom.V(1, 0)), -1, 0)
	}})
	if h.AdvClock != 7 {
		t.Fatalf("after a 2-Tick Move by the living models the joint clock reads %d, want 7", h.AdvClock)
	}
}

// woundAdversary turns over its hit-location cards as drawHit does (it
// takes drawHit's steps written out): the same cards, the same pile and
// the same random stream after each WND.
func TestWoundAdversaryDrawsAsDrawHit(t *testing.T) {
	wrapped := false
	for seed := uint64(1); seed <= 20; seed++ {
		a := soloHunt(seed)
		a.HitPos = uint8(seed * 7 % 36) // from here on in the pile, so that some pass its end
		b := *a
		all := uint16(1)<<a.Sc.Adversary.NLoc - 1
		drawn := 0
		for a.Exhausted != all && drawn < 100 {
			a.woundAdversary(1, 0, -1)
			b.drawHit()
			drawn++
			if a.HitPos != b.HitPos || a.HitFixed != b.HitFixed || a.HitPile != b.HitPile {
				t.Fatalf("seed %d, WND %d: woundAdversary left the pile at %d (fixed %v), drawHit at %d (fixed %v)",
					seed, drawn, a.HitPos, a.HitFixed, b.HitPos, b.HitFixed)
			}
			if x, y := a.hitRNG, b.hitRNG; x.Uint64() != y.Uint64() {
				t.Fatalf("seed %d, WND %d: the hit pile's random streams differ", seed, drawn)
			}
		}
		wrapped = wrapped || a.HitFixed
	}
	if !wrapped {
		t.Fatal("no hunt reached the end of the hit-location pile: its turning over unshuffled is not compared")
	}
}
