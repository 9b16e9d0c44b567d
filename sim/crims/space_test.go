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

// What a hunter can Spot, kept while it stands still, is what the
// feature's distance and sample points say, wherever it moves.
func TestSpotMemo(t *testing.T) {
	m := NewMatch(geoScenario())
	m.Reset(1, 0)
	var r dice.RNG
	r.Seed(2, 0)
	seen := 0
	for range 3000 {
		p := randomNear(&r, &m.Sc.Map)
		m.H[0].Pos = p
		for range 2 {
			f := r.IntN(int(m.Sc.Map.NTerrain))
			s := &m.Sc.Map.Terrain[f].Shape
			n := 0
			for _, q := range samples(s) {
				if m.LOS(p, q) {
					n++
				}
			}
			want := s.Dist(p) <= SpotRange && n >= 3
			if got := m.canSpotAt(0, f); got != want {
				t.Fatalf("from %v, feature %d: %v, want %v", p, f, got, want)
			}
			if want {
				seen++
			}
		}
	}
	if seen < 1000 || seen > 5000 {
		t.Fatalf("%d of 6000 features seen: the test looks at too few of one kind", seen)
	}
}

// The engagement sets are Engaged's answers, bit by bit.
func TestEngagedSets(t *testing.T) {
	sc := geoScenario()
	sc.Rules.Engagement = 1.5
	m := NewMatch(sc)
	m.Reset(1, 0)
	var r dice.RNG
	r.Seed(3, 0)
	pairs := 0
	for range 2000 {
		for h := range int(sc.NHunters) {
			m.H[h].Pos = geom.V(10+r.Float32()*6, 10+r.Float32()*6)
			m.H[h].In = r.IntN(4) > 0
		}
		for c := range m.C {
			m.SetCrim(c, Crim{Def: uint8(r.IntN(int(sc.NCrims))), Alive: r.IntN(4) > 0, Hidden: r.IntN(5) == 0, Pos: geom.V(10+r.Float32()*6, 10+r.Float32()*6)})
		}
		for h := range int(sc.NHunters) {
			set := m.EngagedCrims(h)
			for c := range m.C {
				if m.Engaged(h, c) != (set&(1<<c) != 0) {
					t.Fatalf("hunter %d, crim %d: EngagedCrims %016b, Engaged %v", h, c, set, m.Engaged(h, c))
				}
				if m.Engaged(h, c) != (m.EngagedHunters(c)&(1<<h) != 0) {
					t.Fatalf("hunter %d, crim %d: EngagedHunters %08b, Engaged %v", h, c, m.EngagedHunters(c), m.Engaged(h, c))
				}
				if m.Engaged(h, c) {
					pairs++
				}
			}
		}
	}
	if pairs < 2000 {
		t.Fatalf("only %d engaged pairs", pairs)
	}
}

// The nearest cover and hideable features found through the zone's
// grid are those a look at every feature finds, on and off the grid
// (a zone with features of every shape).
func TestNearestFeatureGrid(t *testing.T) {
	var r dice.RNG
	r.Seed(5, 0)
	for _, sc := range []*Scenario{geoScenario(), docksScenario()} {
		m := NewMatch(sc)
		mp := &sc.Map
		fewer := 0
		for n := range 20000 {
			p := randomNear(&r, mp)
			if n%10 == 0 { // the zone's edges, and a little beyond
				p = geom.V(float32(r.IntN(int(mp.W)+3)-1), r.Float32()*mp.H)
			}
			if n%10 == 1 { // a point of a grid of quarter inches: ties of a symmetric zone
				p = geom.V(float32(r.IntN(int(mp.W)*4+1))/4, float32(r.IntN(int(mp.H)*4+1))/4)
			}
			for _, kw := range []Keyword{KwCover, KwHideable} {
				gi, gout := m.nearestFeature(p, kw)
				wi, wd := nearestEvery(m, p, kw)
				if gi != wi || gout != (wd > 0) {
					t.Fatalf("%s, %v, keyword %d: feature %d (outside: %v), want %d at %v", mp.Name, p, kw, gi, gout, wi, wd)
				}
			}
			if c := m.feat.grid.cell(p); c >= 0 && m.feat.grid.nearC[c] != 1<<m.feat.cover.n-1 {
				fewer++
			}
		}
		if fewer < 10000 {
			t.Fatalf("%s: the grid passed over no feature at %d places of 20000", mp.Name, 20000-fewer)
		}
	}
}

// docksScenario is the test scenario in a zone the same seen from every
// corner, as the sample zone: boxes and circles at equal distances from
// the points of its middle lines and diagonals.
func docksScenario() *Scenario {
	sc := testScenario()
	mp := &sc.Map
	mp.W, mp.H = 36, 36
	mp.NTerrain = 0
	add := func(s geom.Shape, kw Keyword) {
		mp.Terrain[mp.NTerrain] = Terrain{Name: "feature", Shape: s, Kw: kw}
		mp.NTerrain++
	}
	add(geom.NewRect(14, 14, 22, 22), KwBlocking|KwClimbable)
	add(geom.NewRect(15, 8, 21, 8.6), KwCover)
	add(geom.NewRect(27.4, 15, 28, 21), KwCover)
	add(geom.NewRect(15, 27.4, 21, 28), KwCover)
	add(geom.NewRect(8, 15, 8.6, 21), KwCover)
	add(geom.NewRect(25, 5, 30, 10), KwArea|KwHideable|KwDifficult|KwCover)
	add(geom.NewRect(26, 25, 31, 30), KwArea|KwHideable|KwDifficult|KwCover)
	add(geom.NewRect(6, 26, 11, 31), KwArea|KwHideable|KwDifficult|KwCover)
	add(geom.NewRect(5, 6, 10, 11), KwArea|KwHideable|KwDifficult|KwCover)
	for _, c := range []geom.Vec{geom.V(24, 12), geom.V(24, 24), geom.V(12, 24), geom.V(12, 12)} {
		add(geom.NewCircle(c, 1), KwCover)
	}
	return sc
}

// nearestEvery is nearestFeature looking at every feature of the list.
func nearestEvery(m *Match, p geom.Vec, kw Keyword) (int, float32) {
	list := &m.feat.cover
	if kw == KwHideable {
		list = &m.feat.hideable
	}
	best, bd := -1, float32(0)
	for _, i := range list.at[:list.n] {
		if d := m.Sc.Map.Terrain[i].Shape.Dist(p); best < 0 || d < bd {
			best, bd = int(i), d
		}
	}
	return best, bd
}

// walkInto ends where a walk of every quarter inch ends.
func TestWalkInto(t *testing.T) {
	sc := geoScenario()
	mp := &sc.Map
	var r dice.RNG
	r.Seed(7, 0)
	skipped := 0
	for range 20000 {
		s := &mp.Terrain[r.IntN(int(mp.NTerrain))].Shape
		from := randomNear(&r, mp)
		if r.IntN(4) == 0 { // far off, and along an edge of the box
			from = geom.V(s.Min.X+r.Float32()*(s.Max.X-s.Min.X), s.Max.Y+1+r.Float32()*20)
		}
		move := []float32{0, 0.2, 0.25, 3, 4.5, 6, 30}[r.IntN(7)]
		want := from
		steps := 0
		for k := float32(0.25); k <= move; k += 0.25 {
			want = toward(from, s.C, k, 0)
			steps++
			if s.Contains(want) {
				break
			}
		}
		if got := walkInto(from, s, move); got != want {
			t.Fatalf("from %v into %v, move %v: %v, want %v", from, s.C, move, got, want)
		}
		if steps > 1 && int(boxEntry(from, s)*4) > 1 {
			skipped++
		}
	}
	if skipped < 2000 {
		t.Fatalf("only %d walks of 20000 passed steps over", skipped)
	}
}

// inSpotRange answers as the feature's distance does, on both sides of
// the range and right at it.
func TestInSpotRange(t *testing.T) {
	mp := &geoScenario().Map
	var r dice.RNG
	r.Seed(3, 0)
	in, out := 0, 0
	for range 20000 {
		s := &mp.Terrain[r.IntN(int(mp.NTerrain))].Shape
		// a point about SpotRange from the shape's box, or anywhere
		p := geom.V(r.Float32()*60-12, r.Float32()*60-12)
		if r.Bool() {
			a := geom.Dir(uint8(r.IntN(256)))
			p = s.C.Add(a.Scale(SpotRange + s.Max.Sub(s.Min).Len()*r.Float32()/2 + (r.Float32()-0.5)*0.1))
		}
		want := s.Dist(p) <= SpotRange
		if got := inSpotRange(s, p); got != want {
			t.Fatalf("%v from a shape at %v: %v, want %v", p, s.C, got, want)
		}
		if want {
			in++
		} else {
			out++
		}
	}
	if in < 4000 || out < 4000 {
		t.Fatalf("%d in range, %d out: the test looks at too few of one kind", in, out)
	}
}

// crosses, which looks only at the rough features whose extents can meet
// the segment's (spans), answers as a look at every rough feature does,
// for segments in the zone, near its features and out of it.
func TestCrossesSpans(t *testing.T) {
	sc := geoScenario()
	m := NewMatch(sc)
	m.Reset(1, 0)
	mp := &sc.Map
	var r dice.RNG
	r.Seed(5, 0)
	hits := 0
	for i := range 20000 {
		a := randomNear(&r, mp)
		b := a.Add(geom.V(r.Float32()*16-8, r.Float32()*16-8))
		if i%10 == 0 {
			b = randomNear(&r, mp).Add(geom.V(r.Float32()*4-2, r.Float32()*4-2)) // out of the zone now and then
		}
		want := false
		for _, k := range m.feat.rough.at[:m.feat.rough.n] {
			if s := &mp.Terrain[k].Shape; segBox(s, a, b) && (s.Contains(a) || s.SegmentHits(a, b)) {
				want = true
			}
		}
		if got := m.crosses(a, b); got != want {
			t.Fatalf("%v -> %v: crosses %v, every feature %v", a, b, got, want)
		}
		if want {
			hits++
		}
	}
	if hits < 1000 {
		t.Fatalf("only %d segments cross a rough feature", hits)
	}
}

// For a feature that is its bounding box, contains, distWithin,
// distAtLeast and segmentHits, which read the box when the answer is
// clear, answer as the shape's own Contains, Dist and SegmentHits do, for
// points and segments on and near its edges; a rotated square and a
// circle are not boxes.
func TestBoxShortcuts(t *testing.T) {
	boxes := []geom.Shape{geom.NewRect(15, 8, 21, 8.6), geom.NewRect(25, 5, 30, 10), geom.NewRect(14, 14, 22, 22)}
	for i := range boxes {
		if !isBox(&boxes[i]) {
			t.Fatalf("%v is not a box", boxes[i])
		}
	}
	diamond, err := geom.NewPoly(geom.V(5, 0), geom.V(10, 5), geom.V(5, 10), geom.V(0, 5))
	if err != nil {
		t.Fatal(err)
	}
	if circle := geom.NewCircle(geom.V(3, 3), 1); isBox(&diamond) || isBox(&circle) {
		t.Fatal("a diamond or a circle taken for a box")
	}
	var r dice.RNG
	r.Seed(7, 0)
	near := func(v float32) float32 { // on an edge, within a rounding of it, or about
		switch r.IntN(4) {
		case 0:
			return v
		case 1:
			return v + (r.Float32()-0.5)*4e-3
		}
		return v + (r.Float32()-0.5)*6
	}
	for range 200000 {
		s := &boxes[r.IntN(len(boxes))]
		a := geom.V(near([2]float32{s.Min.X, s.Max.X}[r.IntN(2)]), near([2]float32{s.Min.Y, s.Max.Y}[r.IntN(2)]))
		b := geom.V(near([2]float32{s.Min.X, s.Max.X}[r.IntN(2)]), near([2]float32{s.Min.Y, s.Max.Y}[r.IntN(2)]))
		switch r.IntN(8) {
		case 0:
			b = a
		case 1: // along an edge
			b.X = a.X
		case 2:
			b.Y = a.Y
		}
		if segmentHits(s, a, b, true) != s.SegmentHits(a, b) {
			t.Fatalf("%v, %v -> %v: segmentHits %v, SegmentHits %v", s, a, b, segmentHits(s, a, b, true), s.SegmentHits(a, b))
		}
		p := geom.V(near([2]float32{s.Min.X, s.Max.X}[r.IntN(2)]), near([2]float32{s.Min.Y, s.Max.Y}[r.IntN(2)]))
		d := near(s.Dist(p))
		if contains(s, p, true) != s.Contains(p) || distWithin(s, p, d, true) != (s.Dist(p) <= d) || distAtLeast(s, p, d, true) != (s.Dist(p) >= d) {
			t.Fatalf("%v at %v (d %v): contains %v, Contains %v, Dist %v", s, p, d, contains(s, p, true), s.Contains(p), s.Dist(p))
		}
	}
}

// clampZone keeps a base in the zone as geom.ClampToBoard does, bit for
// bit, for places in the zone, on its edges and beyond, and bases of
// every radius the data allows (0.25" to 3").
func TestClampZone(t *testing.T) {
	m := NewMatch(docksScenario())
	mp := &m.Sc.Map
	var r dice.RNG
	r.Seed(11, 0)
	for range 100000 {
		rad := 0.25 + r.Float32()*2.75
		p := geom.V(r.Float32()*(mp.W+8)-4, r.Float32()*(mp.H+8)-4)
		switch r.IntN(4) {
		case 0:
			p.X = rad
		case 1:
			p.Y = mp.H - rad
		}
		if got, want := m.clampZone(p, rad), geom.ClampToBoard(p, rad, mp.W, mp.H); got != want {
			t.Fatalf("%v, radius %v: %v, ClampToBoard %v", p, rad, got, want)
		}
	}
}

// clampAxis is the clamp it was written from, an empty [r, w-r] too.
func TestClampAxis(t *testing.T) {
	ref := func(x, r, w float32) float32 {
		lo, hi := r, w-r
		if lo > hi {
			return w / 2
		}
		if x < lo {
			return lo
		}
		if x > hi {
			return hi
		}
		return x
	}
	for _, w := range []float32{1, 10, 36} {
		for _, r := range []float32{0.25, 0.5, 1, 5, 18, 20, 40} {
			for x := float32(-3); x <= w+3; x += 0.125 {
				if got, want := clampAxis(x, r, w), ref(x, r, w); got != want {
					t.Fatalf("clampAxis(%v, %v, %v) = %v, want %v", x, r, w, got, want)
				}
			}
		}
	}
}

// gapWithin(h, c, reach) is Gap(h, c) <= reach, at and about the edge of
// the reach, below 0 too.
func TestGapWithin(t *testing.T) {
	sc := testScenario()
	m, _ := newTestMatch(t, sc, &script{}, geom.V(10, 10))
	k := addCrim(m, tGunner, geom.V(10, 10))
	r := dice.RNG{}
	r.Seed(5, 0)
	for range 20000 {
		m.C[k].Pos = geom.V(10+float32(r.IntN(2000))/100-10, 10+float32(r.IntN(2000))/100-10)
		g := m.Gap(0, k)
		for _, reach := range []float32{-1, 0, g, g - 1e-6, g + 1e-6, 1, 12, 24} {
			if got, want := m.gapWithin(0, k, reach), g <= reach; got != want {
				t.Fatalf("crim at %v, reach %v: %v, Gap %v", m.C[k].Pos, reach, got, g)
			}
		}
	}
}
