package skirmish

import (
	"math/rand/v2"
	"testing"

	"balance/sim/geom"
)

// The point table answers what asking every piece answers: the height,
// the ground's cost, water and whether a point is within a piece, at
// random points, at points a hair either side of the pieces' edges and
// on the cells' own edges, on tables of random rectangles, circles and
// triangles.
func TestPointTableMatchesPieces(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	f32 := func(lo, hi float32) float32 { return lo + rng.Float32()*(hi-lo) }
	for table := 0; table < 30; table++ {
		w, h := f32(12, 40), f32(12, 40)
		var terrain []Terrain
		for k := 0; k < 4+rng.IntN(10); k++ {
			var tr Terrain
			x, y := f32(0, w), f32(0, h)
			switch rng.IntN(3) {
			case 0:
				tr.Shape = geom.NewRect(x, y, x+f32(0.3, 6), y+f32(0.3, 6))
			case 1:
				tr.Shape = geom.NewCircle(geom.V(x, y), f32(0.3, 3))
			default:
				s, err := geom.NewPoly(geom.V(x, y), geom.V(x+f32(1, 5), y+f32(-1, 1)), geom.V(x+f32(0, 3), y+f32(1, 4)))
				if err != nil {
					continue
				}
				tr.Shape = s
			}
			switch rng.IntN(4) {
			case 0:
				tr.Height = f32(0.5, 4)
				tr.Cover = CoverHeavy
			case 1:
				tr.Rough, tr.Cover = true, CoverLight
			case 2:
				tr.Water = true
			default:
				tr.Cover = CoverLight
			}
			tr.Name = "piece"
			terrain = append(terrain, tr)
		}
		s := setup(t, w, h, []fig{soldier(SideA, 1, 1), soldier(SideB, w-1, h-1)}, terrain, nil)
		var pts []geom.Vec
		for n := 0; n < 3000; n++ {
			pts = append(pts, geom.V(f32(-1, w+1), f32(-1, h+1)))
		}
		for _, tr := range terrain {
			sh := &tr.Shape
			for n := 0; n < 200; n++ {
				// Points on and a hair off the edge and the bounding box.
				var p geom.Vec
				if sh.Kind == geom.Circle {
					d := geom.Dir(uint8(rng.IntN(256)))
					p = sh.C.Add(d.Scale(sh.R + f32(-2e-3, 2e-3)))
				} else {
					i := rng.IntN(int(sh.N))
					a, b := sh.P[i], sh.P[(i+1)%int(sh.N)]
					p = a.Add(b.Sub(a).Scale(rng.Float32())).Add(geom.V(f32(-2e-3, 2e-3), f32(-2e-3, 2e-3)))
				}
				pts = append(pts, p, geom.V(sh.Min.X+f32(-2e-3, 2e-3), p.Y), geom.V(p.X, sh.Max.Y+f32(-2e-3, 2e-3)))
			}
		}
		for n := 0; n < 500; n++ {
			c := s.points.cell
			pts = append(pts, geom.V(float32(rng.IntN(s.points.cols+1))*c, f32(0, h)), geom.V(f32(0, w), float32(rng.IntN(s.points.rows+1))*c))
		}
		for _, p := range pts {
			var e float32
			mult, water := float32(1), false
			for _, k := range s.climbed {
				if tr := &terrain[k]; tr.Height > e && within(&tr.Shape, p) {
					e = tr.Height
				}
			}
			for _, k := range s.ground {
				if tr := &terrain[k]; (tr.Rough || tr.Water) && within(&tr.Shape, p) {
					mult, water = 2, water || tr.Water
				}
			}
			if got := s.elevation(p); got != e {
				t.Fatalf("table %d: height at %v: %v, the pieces say %v", table, p, got, e)
			}
			if gm, gw := s.groundAt(p); gm != mult || gw != water {
				t.Fatalf("table %d: ground at %v: %v %v, the pieces say %v %v", table, p, gm, gw, mult, water)
			}
			if got := s.waterAt(p); got != water {
				t.Fatalf("table %d: water at %v: %v, the pieces say %v", table, p, got, water)
			}
			for _, k := range s.covering {
				if got, want := s.inside(k, p), within(&terrain[k].Shape, p); got != want {
					t.Fatalf("table %d: %v within piece %d: %v, the piece says %v", table, p, k, got, want)
				}
			}
		}
	}
}

// A segment's cheap rejects never pass over a piece it meets: when
// lineBox says it misses, SegmentHits and SegmentSpan find nothing, on
// random pieces and segments, many grazing a corner.
func TestLineBoxMissesOnlyWhatItMisses(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	f32 := func(lo, hi float32) float32 { return lo + rng.Float32()*(hi-lo) }
	skipped := 0
	for n := 0; n < 200000; n++ {
		x, y := f32(2, 20), f32(2, 20)
		var sh geom.Shape
		switch n % 3 {
		case 0:
			sh = geom.NewCircle(geom.V(x, y), f32(0.3, 3))
		case 1:
			sh = geom.NewRect(x, y, x+f32(0.3, 6), y+f32(0.3, 6))
		default:
			s, err := geom.NewPoly(geom.V(x, y), geom.V(x+f32(1, 5), y+f32(-1, 1)), geom.V(x+f32(0, 3), y+f32(1, 4)))
			if err != nil {
				continue
			}
			sh = s
		}
		a := geom.V(f32(0, 24), f32(0, 24))
		c := []geom.Vec{sh.Min, sh.Max, geom.V(sh.Min.X, sh.Max.Y), geom.V(sh.Max.X, sh.Min.Y), sh.C}[rng.IntN(5)]
		b := a.Add(c.Add(geom.V(f32(-3e-3, 3e-3), f32(-3e-3, 3e-3))).Sub(a).Scale(f32(0.5, 2)))
		l := newLineBox(a, b, 0)
		if !l.offBox(&sh) && !l.aside(&sh) {
			continue
		}
		skipped++
		_, _, span := sh.SegmentSpan(a, b)
		if sh.SegmentHits(a, b) || span {
			t.Fatalf("%v→%v passed over, yet it meets the piece %+v", a, b, sh)
		}
	}
	if skipped < 10000 {
		t.Fatalf("only %d segments passed over", skipped)
	}
}

// A base passed over as far from a segment's box is never one the
// segment's sweep touches, nor one in contact with its end.
func TestSegBoxFarOnlyWhatIsFar(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	f32 := func(lo, hi float32) float32 { return lo + rng.Float32()*(hi-lo) }
	skipped := 0
	for n := 0; n < 300000; n++ {
		a, b := geom.V(f32(0, 30), f32(0, 30)), geom.V(f32(0, 30), f32(0, 30))
		if n%2 == 0 {
			b = a.Add(geom.V(f32(-3, 3), f32(-3, 3)))
		}
		ra, rc := f32(0.25, 1.5), f32(0.25, 1.5)
		c := b.Add(geom.Dir(uint8(rng.IntN(256))).Scale(ra + rc + f32(-0.01, 0.02)))
		if n%3 == 0 {
			c = geom.V(f32(0, 30), f32(0, 30))
		}
		if end := boxOf(b, b); end.far(c, ra+rc+contactTol) && geom.EdgeDist(b, ra, c, rc) <= contactTol {
			t.Fatalf("the base %v at %v passed over, yet in contact with %v at %v", rc, c, ra, b)
		}
		box := boxOf(a, b)
		if !box.far(c, ra+rc+geom.Eps) {
			continue
		}
		skipped++
		if _, hit := geom.SweepCircle(a, b, ra, c, rc); hit {
			t.Fatalf("%v→%v (base %v) passed over the base %v at %v, yet touches it", a, b, ra, rc, c)
		}
	}
	if skipped < 50000 {
		t.Fatalf("only %d passed over", skipped)
	}
}

// A leg found flat (meeting no piece of ground) has the table's flat,
// open ground at every point of it, as asking every piece says.
func TestFlatLegsAreFlat(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	f32 := func(lo, hi float32) float32 { return lo + rng.Float32()*(hi-lo) }
	flat := 0
	for table := 0; table < 20; table++ {
		var terrain []Terrain
		for k := 0; k < 3+rng.IntN(8); k++ {
			x, y := f32(0, 24), f32(0, 24)
			tr := Terrain{Name: "piece", Height: float32(rng.IntN(2)) * 2, Rough: rng.IntN(2) == 0, Water: rng.IntN(3) == 0}
			if rng.IntN(2) == 0 {
				tr.Shape = geom.NewCircle(geom.V(x, y), f32(0.3, 3))
			} else {
				tr.Shape = geom.NewRect(x, y, x+f32(0.3, 5), y+f32(0.3, 5))
			}
			terrain = append(terrain, tr)
		}
		s := setup(t, 24, 24, []fig{soldier(SideA, 1, 1), soldier(SideB, 23, 23)}, terrain, nil)
		b := battle(s, passive{})
		for q := 0; q < 2000; q++ {
			a := geom.V(f32(0, 24), f32(0, 24))
			c := a.Add(geom.V(f32(-6, 6), f32(-6, 6)))
			var sp legSpans
			b.spansOf(a, c, &sp)
			if !sp.flat {
				continue
			}
			flat++
			for n := 0; n <= 50; n++ {
				p := a.Add(c.Sub(a).Scale(float32(n) / 50))
				for k := range terrain {
					if tr := &terrain[k]; (tr.Height > 0 || tr.Rough || tr.Water) && within(&tr.Shape, p) {
						t.Fatalf("table %d: the leg %v→%v found flat, yet %v is within piece %d", table, a, c, p, k)
					}
				}
			}
		}
	}
	if flat < 5000 {
		t.Fatalf("only %d flat legs", flat)
	}
}

// The pieces the line table leaves out of a segment's list are never
// ones it meets: SegmentHits and SegmentSpan find nothing, on random
// tables and segments, many ending or passing about on a piece's edge.
func TestLineTableListsWhatASegmentMeets(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	f32 := func(lo, hi float32) float32 { return lo + rng.Float32()*(hi-lo) }
	left := 0
	for table := 0; table < 20; table++ {
		w, h := f32(12, 48), f32(12, 48)
		var terrain []Terrain
		for k := 0; k < 4+rng.IntN(12); k++ {
			x, y := f32(0, w), f32(0, h)
			tr := Terrain{Name: "piece", BlocksLOS: rng.IntN(2) == 0, Cover: uint8(rng.IntN(3)), Height: float32(rng.IntN(2)), Rough: rng.IntN(3) == 0}
			if rng.IntN(2) == 0 {
				tr.Shape = geom.NewCircle(geom.V(x, y), f32(0.3, 3))
			} else {
				tr.Shape = geom.NewRect(x, y, x+f32(0.3, 6), y+f32(0.3, 6))
			}
			terrain = append(terrain, tr)
		}
		s := setup(t, w, h, []fig{soldier(SideA, 1, 1), soldier(SideB, w-1, h-1)}, terrain, nil)
		for q := 0; q < 5000; q++ {
			a := geom.V(f32(-1, w+1), f32(-1, h+1))
			b := geom.V(f32(0, w), f32(0, h))
			if q%2 == 0 { // aimed at about a corner of a piece
				sh := &terrain[rng.IntN(len(terrain))].Shape
				b = []geom.Vec{sh.Min, sh.Max, geom.V(sh.Min.X, sh.Max.Y), geom.V(sh.Max.X, sh.Min.Y)}[rng.IntN(4)]
				b = b.Add(geom.V(f32(-3e-3, 3e-3), f32(-3e-3, 3e-3)))
				b = a.Add(b.Sub(a).Scale(f32(0.9, 1.5)))
			}
			listed := s.lines.near(a, b)
			for k := range terrain {
				if listed&(1<<k) != 0 {
					continue
				}
				left++
				sh := &terrain[k].Shape
				if _, _, span := sh.SegmentSpan(a, b); span || sh.SegmentHits(a, b) {
					t.Fatalf("table %d: %v→%v meets piece %d (%+v), which its list leaves out", table, a, b, k, sh)
				}
			}
		}
	}
	if left < 100000 {
		t.Fatalf("only %d pieces left out", left)
	}
}
