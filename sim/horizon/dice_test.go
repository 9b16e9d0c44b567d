package horizon

import (
	"math"
	"testing"
)

// enumerate returns P[pips][crits] of pool p by listing every outcome of
// every die: the slow, obvious computation the convolution must match.
func enumerate(d *Dice, p Pool) map[[2]int]float64 {
	type die struct{ c int }
	var dice []die
	for c := 0; c < d.N; c++ {
		for k := 0; k < int(p[c]); k++ {
			dice = append(dice, die{c})
		}
	}
	out := map[[2]int]float64{}
	var rec func(i, pips, crits int, w float64)
	rec = func(i, pips, crits int, w float64) {
		if i == len(dice) {
			out[[2]int{pips, crits}] += w
			return
		}
		c := dice[i].c
		n := int(d.Die[c].NFaces)
		for f := 0; f < n; f++ {
			face := d.Face(c, f)
			k := 0
			if face.Crit {
				k = 1
			}
			rec(i+1, pips+int(face.Pips), crits+k, w/float64(n))
		}
	}
	rec(0, 0, 0, 1)
	return out
}

func TestJointMatchesEnumeration(t *testing.T) {
	for _, critPips := range []bool{true, false} {
		d := testDice()
		d.CritPips = critPips
		if err := d.Compile(); err != nil {
			t.Fatal(err)
		}
		for _, p := range []Pool{{}, {1, 0, 0}, {2, 0, 1}, {0, 3, 0}, {4, 3, 1}, {1, 1, 1}} {
			j := d.Joint(p)
			want := enumerate(&d, p)
			total := 0.0
			for s := 0; s <= j.MaxPips; s++ {
				for c := 0; c <= j.MaxCrits; c++ {
					total += j.At(s, c)
					if got, w := j.At(s, c), want[[2]int{s, c}]; math.Abs(got-w) > 1e-12 {
						t.Errorf("critPips %v, pool %v: P(%d pips, %d crits) = %v, want %v", critPips, p, s, c, got, w)
					}
				}
			}
			if math.Abs(total-1) > 1e-12 {
				t.Errorf("pool %v: total probability %v", p, total)
			}
		}
	}
}

// 2 orange + 1 black with the test faces: the damage law after armour A
// and its mean, worked out by hand for one case: 1 orange alone against
// armour 1 deals max(0, pips−1): faces 0,1,1,2,2,1 give 0,0,0,1,1,0, so
// P(1) = 1/3.
func TestDamageAfterArmour(t *testing.T) {
	d := testDice()
	if err := d.Compile(); err != nil {
		t.Fatal(err)
	}
	j := d.Joint(Pool{1, 0, 0})
	law := j.Damage(1, 0)
	if math.Abs(law[1]-1.0/3) > 1e-12 || math.Abs(law[0]-2.0/3) > 1e-12 {
		t.Fatalf("1 orange vs armour 1: %v", law)
	}
	// each crit adding 2 damage: the crit face (1 pip + 2) = 3 - 1 = 2
	law = j.Damage(1, 2)
	if math.Abs(law[2]-1.0/6) > 1e-12 {
		t.Fatalf("1 orange vs armour 1, crits +2: %v", law)
	}
	// the mean of the law equals the mean over the enumeration
	p := Pool{2, 0, 1}
	j = d.Joint(p)
	for armour := 0; armour <= 4; armour++ {
		want := 0.0
		for k, w := range enumerate(&d, p) {
			want += w * float64(max(0, k[0]+k[1]-armour))
		}
		if got := Mean(j.Damage(armour, 1)); math.Abs(got-want) > 1e-12 {
			t.Errorf("2 orange + 1 black, crits +1, armour %d: mean %v, want %v", armour, got, want)
		}
	}
}

func TestEvadeLaw(t *testing.T) {
	d := testDice()
	if err := d.Compile(); err != nil {
		t.Fatal(err)
	}
	// P-7: suffered = max(0, D − Σ pips − Σ crit reductions); with Freeze
	// the crit dice are discarded before summing.
	p := Pool{1, 1, 0}
	for _, frozen := range []bool{false, true} {
		want := map[int]float64{}
		for f0 := 0; f0 < 6; f0++ {
			for f1 := 0; f1 < 6; f1++ {
				red := 0
				for _, f := range []Face{d.Face(0, f0), d.Face(1, f1)} {
					switch {
					case f.Crit && frozen:
					case f.Crit:
						red += int(f.Pips) + 1
					default:
						red += int(f.Pips)
					}
				}
				want[max(0, 3-red)] += 1.0 / 36
			}
		}
		law := d.Evade(p, 3, 1, frozen)
		for v, q := range law {
			if math.Abs(q-want[v]) > 1e-12 {
				t.Errorf("frozen %v: P(suffer %d) = %v, want %v", frozen, v, q, want[v])
			}
		}
	}
}

func TestParsePool(t *testing.T) {
	d := testDice()
	for _, c := range []struct {
		spec string
		want Pool
		bad  bool
	}{
		{"2orange,1black", Pool{2, 0, 1}, false},
		{"2 orange + 1 black", Pool{2, 0, 1}, false},
		{"orange,orange,blue", Pool{2, 1, 0}, false},
		{"3BLUE", Pool{0, 3, 0}, false},
		{"2 green", Pool{}, true},
		{"", Pool{}, true},
		{"99orange", Pool{}, true},
	} {
		p, err := d.ParsePool(c.spec)
		if (err != nil) != c.bad || !c.bad && p != c.want {
			t.Errorf("ParsePool(%q) = %v, %v", c.spec, p, err)
		}
	}
}

// with the cap rule a pool never holds more dice of a colour than the
// box: 6 orange roll as 4.
func TestCapPool(t *testing.T) {
	d := testDice()
	d.Cap = true
	if got := d.Effective(Pool{6, 1, 2}); got != (Pool{4, 1, 1}) {
		t.Fatalf("capped pool %v", got)
	}
	d.Cap = false
	if got := d.Effective(Pool{6, 1, 2}); got != (Pool{6, 1, 2}) {
		t.Fatalf("uncapped pool %v", got)
	}
}

// The simulator's rolls agree with the exact joint law within 4.5
// standard errors, for each cell with some mass, on several seeds.
func TestRollsAgreeWithJoint(t *testing.T) {
	b := mustBoard(t, openLayout(1, 1))
	sc := testScenario(t, b, []Loadout{testLoadout("A", cArrow)}, [][2]int{{mWatcher, 8}}, 1)
	h := newHunt(sc, &script{})
	for _, p := range []Pool{{2, 0, 1}, {1, 2, 0}} {
		j := sc.Dice.Joint(p)
		const n = 40000
		for seed := uint64(1); seed <= 3; seed++ {
			h.rng.Seed(seed, 99)
			count := map[[2]int]int{}
			for i := 0; i < n; i++ {
				s, c := h.rollPool(p)
				count[[2]int{s, c}]++
			}
			for s := 0; s <= j.MaxPips; s++ {
				for c := 0; c <= j.MaxCrits; c++ {
					q := j.At(s, c)
					se := math.Sqrt(q * (1 - q) / n)
					if got := float64(count[[2]int{s, c}]) / n; math.Abs(got-q) > 4.5*se+1e-9 {
						t.Errorf("pool %v seed %d: P(%d,%d) simulated %.4f, exactly %.4f (se %.4f)", p, seed, s, c, got, q, se)
					}
				}
			}
		}
	}
}
