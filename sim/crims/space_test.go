package crims

import (
	"testing"

	"balance/sim/dice"
	"balance/sim/geom"
)

// geoScenario is the test scenario with more cover: a circle of crates
// and a poly, so that every shape is looked at.
func geoScenario() *Scenario {
	sc := testScenario()
	mp := &sc.Map
	mp.Terrain[3] = Terrain{Name: "crates", Shape: geom.NewCircle(geom.V(24, 12), 1), Kw: KwCover}
	poly, err := geom.NewPoly(geom.V(4, 10), geom.V(8, 9), geom.V(9, 13), geom.V(5, 14))
	if err != nil {
		panic(err)
	}
	mp.Terrain[4] = Terrain{Name: "rubble", Shape: poly, Kw: KwCover | KwHideable | KwDifficult}
	mp.NTerrain = 5
	return sc
}

// randomNear returns a point of the zone, half of the time near a
// terrain feature (where the answers change).
func randomNear(r *dice.RNG, mp *Map) geom.Vec {
	if r.Bool() {
		return geom.V(r.Float32()*mp.W, r.Float32()*mp.H)
	}
	t := &mp.Terrain[r.IntN(int(mp.NTerrain))].Shape
	return geom.V(t.Min.X-2+r.Float32()*(t.Max.X-t.Min.X+4), t.Min.Y-2+r.Float32()*(t.Max.Y-t.Min.Y+4))
}

// The cover kept for a model's place answers as inCover does, for
// every attacker, as long as the model stays; a move is seen.
func TestCoverMemo(t *testing.T) {
	m := NewMatch(geoScenario())
	var r dice.RNG
	r.Seed(1, 0)
	var e coverMemo
	in := 0
	for range 4000 {
		p := randomNear(&r, &m.Sc.Map)
		rad := []float32{0.5, 1}[r.IntN(2)]
		for range 5 {
			from := randomNear(&r, &m.Sc.Map)
			want := m.inCover(p, rad, from)
			if got := m.inCoverAt(&e, p, rad, from); got != want {
				t.Fatalf("at %v (radius %v) from %v: %v, want %v", p, rad, from, got, want)
			}
			if want {
				in++
			}
		}
	}
	if in < 1000 {
		t.Fatalf("only %d of 20000 places in cover: the test looks at too few", in)
	}
}
