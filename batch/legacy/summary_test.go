package legacy

import (
	"context"
	"math"
	"strings"
	"testing"

	"balance/stats"
)

// perDraw: a count per draw keeps an honest interval when the count is
// small or 0, where the delta-method interval alone shrinks towards
// nothing; with many events it keeps the delta method's width.
func TestPerDraw(t *testing.T) {
	cases := []struct {
		name                    string
		sw, sd, sww, swd, sdd   int64
		n                       int64
		wantLow, wantHigh       float64 // to 1e-6; NaN: not checked
		atLeastLow, atLeastHigh float64 // the interval must hold [atLeastLow, atLeastHigh]
	}{
		// The review's case: 1 kill in 1,070 draws over 4000 hunts, each
		// hunt drawing the card at most once. Garwood: [0.0253, 5.5716]/1070;
		// the delta method's lower end is below 0, clamped to 0.
		{"one kill", 1, 1070, 1, 1, 1070, 4000, 0, 5.571643 / 1070, 0, 0},
		// No kill in 976 draws: [0, 3.6889/976], not [0, 0].
		{"no kill", 0, 976, 0, 0, 976, 4000, 0, 3.688879 / 976, 0, 0},
		// Many kills, several in one draw at times: the delta method,
		// which sees the spread, is at least as wide as Garwood.
		{"many", 233, 1011, 400, 300, 1100, 4000, math.NaN(), math.NaN(), 0.2, 0.26},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := perDraw(c.sw, c.sd, c.sww, c.swd, c.sdd, c.n)
			if got.N != c.sd || got.Estimate != float64(c.sw)/float64(c.sd) {
				t.Errorf("estimate %v n %d", got.Estimate, got.N)
			}
			if !(got.High > got.Low) || got.Low < 0 {
				t.Errorf("[%v, %v]: not a proper interval of a count", got.Low, got.High)
			}
			if !math.IsNaN(c.wantLow) && (math.Abs(got.Low-c.wantLow) > 1e-6 || math.Abs(got.High-c.wantHigh) > 1e-6) {
				t.Errorf("[%.6f, %.6f], want [%.6f, %.6f]", got.Low, got.High, c.wantLow, c.wantHigh)
			}
			if got.Low > c.atLeastLow && c.atLeastLow > 0 || got.High < c.atLeastHigh {
				t.Errorf("[%.4f, %.4f] does not hold [%.4f, %.4f]", got.Low, got.High, c.atLeastLow, c.atLeastHigh)
			}
			g := stats.Rate(c.sw, c.sd, Conf)
			if got.Low > g.Low || got.High < g.High {
				t.Errorf("[%v, %v] narrower than the Poisson interval [%v, %v]", got.Low, got.High, g.Low, g.High)
			}
			if c.n >= 2 {
				d := ratio(c.sw, c.sd, c.sww, c.swd, c.sdd, c.n)
				if got.Low > math.Max(0, d.Low) || got.High < d.High {
					t.Errorf("[%v, %v] narrower than the delta-method interval [%v, %v]", got.Low, got.High, d.Low, d.High)
				}
			}
		})
	}
	if got := perDraw(0, 0, 0, 0, 0, 4000); got.N != 0 || len(got.Warnings) == 0 {
		t.Errorf("never drawn: %+v", got)
	}
}

// perHunt: a count per hunt that is 0 in every hunt still has an upper
// bound; one with spread keeps the normal interval.
func TestPerHunt(t *testing.T) {
	if got := perHunt(0, 0, 4000); got.Low != 0 || math.Abs(got.High-3.688879/4000) > 1e-9 || got.N != 4000 {
		t.Errorf("no Condition in 4000 hunts: %+v, want [0, 3.6889/4000]", got)
	}
	// 1466 in 4000 hunts, spread wider than Poisson (sum of squares large).
	got := perHunt(1466, 4000, 4000)
	norm := stats.Mean(1466, 4000, 4000, Conf)
	if got.Low > norm.Low || got.High < norm.High {
		t.Errorf("%+v narrower than the normal interval %+v", got, norm)
	}
	if got := perHunt(3, 9, 1); !(got.High > got.Low) {
		t.Errorf("one hunt: %+v", got)
	}
}

// Dist: a quantity with (almost) no spread still has an interval, as wide
// as its range allows, with a warning; one with spread is unchanged.
func TestDistDegenerate(t *testing.T) {
	cases := []struct {
		name      string
		h         []int64
		low, high float64
		warn      bool
	}{
		// Minions slain, none in 4000 hunts, range 0..12: u = Wilson upper
		// of 0/4000 = z²/(4000+z²).
		{"all zero", append([]int64{4000}, make([]int64, 12)...), 0, 12 * 3.841459 / (4000 + 3.841459), true},
		// Every hunt lasted 1 Round of at most 30.
		{"all one", append([]int64{0, 4000}, make([]int64, 29)...), 1 - 3.841459/(4000+3.841459), 1 + 29*3.841459/(4000+3.841459), true},
		// Spread: the normal interval, no warning.
		{"spread", []int64{0, 2, 0, 3, 5, 0, 0}, math.NaN(), math.NaN(), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := Dist(c.h)
			m := d.Mean
			if !(m.High > m.Low) || !(m.Low <= m.Estimate && m.Estimate <= m.High) {
				t.Errorf("%+v: no proper interval", m)
			}
			if !math.IsNaN(c.low) && (math.Abs(m.Low-c.low) > 1e-6 || math.Abs(m.High-c.high) > 1e-6) {
				t.Errorf("[%.6f, %.6f], want [%.6f, %.6f]", m.Low, m.High, c.low, c.high)
			}
			if (len(m.Warnings) > 0) != c.warn {
				t.Errorf("warnings %q", m.Warnings)
			}
		})
	}
	// Renown is shifted: its warning names the real range.
	h := make([]int64, 2*RenownOffset+1)
	h[RenownOffset+3] = 50
	if d := shifted(h, RenownOffset); d.Mean.Estimate != 3 || !strings.Contains(strings.Join(d.Mean.Warnings, ""), "-100 to 100") {
		t.Errorf("shifted: %+v", d.Mean)
	}
}

// The survival curve of a real run: a share, so every step's interval
// lies in [0, 1] and keeps a width, also at the first Ticks where no
// model has died in any hunt (the review's 100.00% [100.00%, 100.00%]).
func TestSurvivalIntervals(t *testing.T) {
	sc := testScenario(t, "wandering-son")
	r, err := Run(context.Background(), Config{Scenario: sc, Seed: 1, Hunts: 4000, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(Meta{}, r.Tally, sc)
	allAlive := 0
	for _, st := range s.Survival {
		a := st.Alive
		if a.N != 4000 || a.Low < 0 || a.High > 1 || !(a.High > a.Low) || a.Estimate < a.Low || a.Estimate > a.High {
			t.Fatalf("Tick %d: %+v", st.Tick, a)
		}
		if a.Estimate == 1 {
			allAlive++
			if want := 4000 / (4000 + 3.841459); math.Abs(a.Low-want) > 1e-6 || len(a.Warnings) == 0 {
				t.Errorf("Tick %d, every model alive: low %v, want %v, with a warning", st.Tick, a.Low, want)
			}
		}
	}
	if allAlive == 0 {
		t.Error("no Tick with every model alive: the case is not tested")
	}
	for _, c := range s.Cards {
		for _, i := range []stats.Interval{c.PerHunt, c.WoundsPer, c.KillRate, c.CondsPer} {
			if c.Drawn > 0 && !(i.High > i.Low) {
				t.Errorf("%s: %+v has no width", c.Card, i)
			}
		}
	}
	for _, c := range s.Conditions {
		if !(c.Rate.High > c.Rate.Low) || c.Rate.Low < 0 {
			t.Errorf("%s: %+v", c.Name, c.Rate)
		}
	}
}
