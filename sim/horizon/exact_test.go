package horizon

import (
	"math"
	"testing"
)

// within fails when the share got of n trials is further than 4.5
// standard errors from p.
func within(t *testing.T, what string, got, p float64, n int) {
	t.Helper()
	se := math.Sqrt(p * (1 - p) / float64(n))
	if math.Abs(got-p) > 4.5*se+1e-9 {
		t.Errorf("%s: %.4f simulated, %.4f exactly (n %d, se %.4f)", what, got, p, n, se)
	}
}

// P-2: a named card is in the opening hand of five with chance 5/n for one
// copy (Nora 16, Carja 14, Banuk 16, Oseram 18 cards); the deals agree.
func TestOpeningHand(t *testing.T) {
	for _, c := range []struct {
		n, k int
		want float64
	}{{16, 1, 0.3125}, {14, 1, 5.0 / 14}, {18, 1, 5.0 / 18}, {16, 2, 1 - Choose(14, 5)/Choose(16, 5)}} {
		if got := POpeningHand(c.n, c.k, 5); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("n %d, k %d: %v, want %v", c.n, c.k, got, c.want)
		}
	}
	b := mustBoard(t, openLayout(1, 1))
	for _, n := range []int{14, 18} {
		deck := arrows(n)
		deck[n-1] = cIntuition
		sc := testScenario(t, b, []Loadout{testLoadout("A", deck...)}, [][2]int{{mWatcher, 8}}, 2)
		h := &Hunt{}
		const trials = 20000
		for seed := uint64(1); seed <= 3; seed++ {
			hits := 0
			for i := uint64(0); i < trials; i++ {
				h.Reset(sc, &script{}, seed, i)
				for _, c := range h.H[0].Hand[:h.H[0].NHand] {
					if c == cIntuition {
						hits++
					}
				}
			}
			within(t, "opening hand", float64(hits)/trials, POpeningHand(n, 1, 5), trials)
		}
	}
}

// P-3: each draw of a behaviour deck is uniform over the cards not yet
// drawn in the cycle (a given Sawtooth card within two draws: 1/2); no
// card repeats within a cycle; after a reshuffle the first draw repeats
// the last card with 1/n, never under the other reading.
func TestBehaviourDeck(t *testing.T) {
	b := mustBoard(t, openLayout(2, 1))
	sc := testScenario(t, b, []Loadout{testLoadout("A", cArrow)}, [][2]int{{mSawtooth, cell(t, b, 4, 1)}}, 8)
	const trials = 20000
	for _, atEmpty := range []bool{false, true} {
		sc.Rules.ReshuffleAtEmpty = atEmpty
		h := &Hunt{}
		for seed := uint64(1); seed <= 3; seed++ {
			within2, repeats := 0, 0
			for i := uint64(0); i < trials; i++ {
				h.Reset(sc, &script{}, seed, i)
				var seen [MaxBCards]bool
				var cycle [8]int
				for k := 0; k < 8; k++ {
					c := h.drawBehaviour(2)
					p := &h.piles[2]
					p.Disc[p.NDisc] = uint8(c)
					p.NDisc++
					cycle[k] = c
					if k < 4 {
						if seen[c] {
							t.Fatalf("card %d repeats within a cycle", c)
						}
						seen[c] = true
					}
				}
				if cycle[0] == 2 || cycle[1] == 2 {
					within2++
				}
				if cycle[4] == cycle[3] {
					repeats++
				}
			}
			within(t, "a given card within 2 draws", float64(within2)/trials, PBehaviourWithin(4, 2), trials)
			within(t, "a repeat after the reshuffle", float64(repeats)/trials, PRepeatAfterReshuffle(4, atEmpty), trials)
		}
	}
}

// P-7: the damage hunters suffer from enemy attacks, played through the
// attack, agrees with the exact evade law, frozen or not, on several seeds.
func TestEvadeAgreesWithExact(t *testing.T) {
	b := mustBoard(t, openLayout(1, 1))
	hunters := []Loadout{testLoadout("A", arrows(40)...)}
	hunters[0].Armour.Evade = Pool{1, 1, 0}
	sc := testScenario(t, b, hunters, [][2]int{{mWatcher, 4}}, 2)
	const trials = 20000
	act := EAction{Kind: EMelee, N: 1, Damage: 4}
	for _, frozen := range []bool{false, true} {
		law := sc.Dice.Evade(Pool{1, 1, 0}, 4, 1, frozen)
		for seed := uint64(1); seed <= 3; seed++ {
			h := newHuntAt(sc, &script{}, 4)
			h.rng.Seed(seed, 7)
			count := make([]int, len(law))
			for i := 0; i < trials; i++ {
				s := &h.H[0]
				s.NHand, s.NDraw, s.NDisc, s.Cell = 5, 20, 0, 4
				if frozen {
					s.Cond = Freeze
				}
				before := h.Rec.Taken[0]
				h.attackHunter(0, &act, 0, 0)
				count[h.Rec.Taken[0]-before]++
				h.Rec.Taken[0] = 0
			}
			for v, p := range law {
				within(t, "suffered "+string(rune('0'+v)), float64(count[v])/trials, p, trials)
			}
		}
	}
}

// The attack roll played through a hunter's attack agrees with the exact
// damage law after armour.
func TestAttackAgreesWithExact(t *testing.T) {
	b := mustBoard(t, openLayout(2, 1))
	hunters := []Loadout{testLoadout("A", arrows(40)...)}
	sc := testScenario(t, b, hunters, [][2]int{{mSawtooth, cell(t, b, 2, 1)}}, 8)
	sc.Machines[mSawtooth].HP = 120
	const trials = 20000
	law := sc.Dice.Joint(Pool{2, 0, 0}).Damage(2, 0)
	for seed := uint64(1); seed <= 3; seed++ {
		h := newHuntAt(sc, &script{}, cell(t, b, 0, 1))
		h.rng.Seed(seed, 11)
		count := make([]int, len(law))
		for i := 0; i < trials; i++ {
			h.E[0].Alert, h.E[0].Dmg = true, 0
			s := &h.H[0]
			s.Used, s.Spent, s.NHand, s.NDisc = 0, 0, 5, 0
			a := Attack(RangedAttack, 0, 0)
			a.Ammo = 0
			h.do(0, &a)
			count[h.E[0].Dmg]++
		}
		for v, p := range law {
			within(t, "damage "+string(rune('0'+v)), float64(count[v])/trials, p, trials)
		}
	}
}
