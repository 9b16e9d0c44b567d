package geom

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

const tol = 1e-4

func near(a, b float32) bool { return math.Abs(float64(a-b)) <= tol }

func nearVec(a, b Vec) bool { return near(a.X, b.X) && near(a.Y, b.Y) }

func TestVecOps(t *testing.T) {
	a, b := V(3, 4), V(1, -2)
	tests := []struct {
		name      string
		got, want Vec
	}{
		{"Add", a.Add(b), V(4, 2)},
		{"Sub", a.Sub(b), V(2, 6)},
		{"Scale", a.Scale(2), V(6, 8)},
		{"Norm", a.Norm(), V(0.6, 0.8)},
		{"NormZero", Vec{}.Norm(), Vec{}},
		{"Perp", a.Perp(), V(-4, 3)},
	}
	for _, tc := range tests {
		if !nearVec(tc.got, tc.want) {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	scalars := []struct {
		name      string
		got, want float32
	}{
		{"Dot", a.Dot(b), -5},
		{"Cross", a.Cross(b), -10},
		{"Len", a.Len(), 5},
		{"Len2", a.Len2(), 25},
		{"Dist", a.Dist(b), float32(math.Sqrt(40))},
	}
	for _, tc := range scalars {
		if !near(tc.got, tc.want) {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}

func TestEdgeDist(t *testing.T) {
	tests := []struct {
		a      Vec
		ra     float32
		b      Vec
		rb     float32
		want   float32
		reason string
	}{
		{V(0, 0), 0.5, V(3, 4), 1, 3.5, "apart"},
		{V(0, 0), 0.5, V(1, 0), 0.5, 0, "touching"},
		{V(0, 0), 1, V(1, 0), 1, 0, "overlapping floors at 0"},
		{V(2, 2), 0, V(2, 5), 0, 3, "points"},
	}
	for _, tc := range tests {
		if got := EdgeDist(tc.a, tc.ra, tc.b, tc.rb); !near(got, tc.want) {
			t.Errorf("%s: EdgeDist = %v, want %v", tc.reason, got, tc.want)
		}
	}
}

func TestDir(t *testing.T) {
	known := []struct {
		i    uint8
		want Vec
	}{
		{0, V(1, 0)}, {64, V(0, 1)}, {128, V(-1, 0)}, {192, V(0, -1)},
		{32, V(float32(math.Sqrt2/2), float32(math.Sqrt2/2))},
	}
	for _, tc := range known {
		got := Dir(tc.i)
		if math.Abs(float64(got.X-tc.want.X)) > 1e-6 || math.Abs(float64(got.Y-tc.want.Y)) > 1e-6 {
			t.Errorf("Dir(%d) = %v, want %v", tc.i, got, tc.want)
		}
	}
	step := 2 * math.Pi / 256
	for i := 0; i < 256; i++ {
		d := Dir(uint8(i))
		if l := d.Len(); math.Abs(float64(l-1)) > 1e-6 {
			t.Errorf("Dir(%d) length %v", i, l)
		}
		n := Dir(uint8(i + 1))
		ang := math.Atan2(float64(d.Cross(n)), float64(d.Dot(n)))
		if math.Abs(ang-step) > 1e-5 {
			t.Errorf("Dir(%d)->Dir(%d) turns %v, want %v", i, i+1, ang, step)
		}
	}
}

func TestClampToBoard(t *testing.T) {
	tests := []struct {
		p          Vec
		r, w, h    float32
		want       Vec
		reasonText string
	}{
		{V(12, 12), 0.5, 24, 24, V(12, 12), "inside"},
		{V(0.2, 30), 0.5, 24, 24, V(0.5, 23.5), "off two edges"},
		{V(-3, 23.6), 0.5, 24, 24, V(0.5, 23.5), "corner"},
		{V(0.1, 5), 1, 1.5, 24, V(0.75, 5), "board narrower than base"},
	}
	for _, tc := range tests {
		if got := ClampToBoard(tc.p, tc.r, tc.w, tc.h); !nearVec(got, tc.want) {
			t.Errorf("%s: ClampToBoard = %v, want %v", tc.reasonText, got, tc.want)
		}
	}
}

func TestNewRect(t *testing.T) {
	s := NewRect(2, 3, 0, 1)
	if s.Kind != Poly || s.N != 4 {
		t.Fatalf("kind %v n %d", s.Kind, s.N)
	}
	want := [4]Vec{V(0, 1), V(2, 1), V(2, 3), V(0, 3)}
	for i, w := range want {
		if s.P[i] != w {
			t.Errorf("P[%d] = %v, want %v", i, s.P[i], w)
		}
	}
	if s.Min != V(0, 1) || s.Max != V(2, 3) {
		t.Errorf("box %v %v", s.Min, s.Max)
	}
	c := NewCircle(V(5, 5), 2)
	if c.Kind != Circle || c.Min != V(3, 3) || c.Max != V(7, 7) {
		t.Errorf("circle %+v", c)
	}
}

func TestNewPoly(t *testing.T) {
	tests := []struct {
		name string
		pts  []Vec
		err  error
	}{
		{"ccw triangle", []Vec{V(0, 0), V(4, 0), V(0, 3)}, nil},
		{"cw square reordered", []Vec{V(0, 0), V(0, 2), V(2, 2), V(2, 0)}, nil},
		{"octagon", octagon(V(5, 5), 2), nil},
		{"collinear vertex allowed", []Vec{V(0, 0), V(1, 0), V(2, 0), V(2, 2)}, nil},
		{"two points", []Vec{V(0, 0), V(1, 0)}, ErrPolyVertexCount},
		{"nine points", append(octagon(V(0, 0), 1), V(9, 9)), ErrPolyVertexCount},
		{"concave arrow", []Vec{V(0, 0), V(4, 0), V(2, 1), V(4, 4), V(0, 4)}, ErrPolyNotConvex},
		{"concave cw", []Vec{V(0, 4), V(4, 4), V(2, 3), V(4, 0), V(0, 0)}, ErrPolyNotConvex},
		{"pentagram", pentagram(), ErrPolyNotConvex},
		{"bow tie", []Vec{V(0, 0), V(4, 2), V(4, 0), V(0, 3)}, ErrPolyNotConvex},
		{"symmetric bow tie", []Vec{V(0, 0), V(2, 2), V(2, 0), V(0, 2)}, ErrPolyDegenerate},
		{"repeated vertex", []Vec{V(0, 0), V(0, 0), V(1, 0), V(0, 1)}, ErrPolyDegenerate},
		{"collinear only", []Vec{V(0, 0), V(1, 1), V(2, 2)}, ErrPolyDegenerate},
	}
	for _, tc := range tests {
		s, err := NewPoly(tc.pts...)
		if !errors.Is(err, tc.err) {
			t.Errorf("%s: err = %v, want %v", tc.name, err, tc.err)
			continue
		}
		if err != nil {
			continue
		}
		if int(s.N) != len(tc.pts) {
			t.Errorf("%s: N = %d", tc.name, s.N)
		}
		var area float32
		for i := 0; i < int(s.N); i++ {
			area += s.P[i].Cross(s.P[(i+1)%int(s.N)])
		}
		if area <= 0 {
			t.Errorf("%s: not counter-clockwise (area %v)", tc.name, area)
		}
		for _, p := range tc.pts {
			if p.X < s.Min.X || p.Y < s.Min.Y || p.X > s.Max.X || p.Y > s.Max.Y {
				t.Errorf("%s: %v outside box %v %v", tc.name, p, s.Min, s.Max)
			}
		}
	}
}

func octagon(c Vec, r float32) []Vec {
	var pts []Vec
	for i := 0; i < 8; i++ {
		pts = append(pts, c.Add(Dir(uint8(i*32)).Scale(r)))
	}
	return pts
}

func pentagram() []Vec {
	var pts []Vec
	for i := 0; i < 5; i++ {
		a := 2 * math.Pi * float64(i*2) / 5
		pts = append(pts, V(float32(math.Cos(a)), float32(math.Sin(a))))
	}
	return pts
}

func mustPoly(t testing.TB, pts ...Vec) Shape {
	s, err := NewPoly(pts...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestContainsDist(t *testing.T) {
	sq := NewRect(0, 0, 2, 2)
	tri := mustPoly(t, V(0, 0), V(4, 0), V(0, 4))
	disc := NewCircle(V(5, 5), 1)
	tests := []struct {
		name     string
		s        *Shape
		p        Vec
		contains bool
		dist     float32
	}{
		{"square centre", &sq, V(1, 1), true, 0},
		{"square edge", &sq, V(2, 1), true, 0},
		{"square just outside within Eps", &sq, V(2+Eps/2, 1), true, Eps / 2},
		{"square right", &sq, V(3, 1), false, 1},
		{"square corner", &sq, V(3, 3), false, float32(math.Sqrt2)},
		{"square below", &sq, V(1, -0.5), false, 0.5},
		{"triangle inside", &tri, V(1, 1), true, 0},
		{"triangle hypotenuse", &tri, V(3, 3), false, float32(math.Sqrt2)},
		{"triangle past vertex", &tri, V(5, -1), false, float32(math.Sqrt2)},
		{"disc inside", &disc, V(5.5, 5), true, 0},
		{"disc outside", &disc, V(8, 9), false, 4},
	}
	for _, tc := range tests {
		if got := tc.s.Contains(tc.p); got != tc.contains {
			t.Errorf("%s: Contains = %v", tc.name, got)
		}
		if got := tc.s.Dist(tc.p); !near(got, tc.dist) {
			t.Errorf("%s: Dist = %v, want %v", tc.name, got, tc.dist)
		}
	}
}

func TestOverlapsCircle(t *testing.T) {
	sq := NewRect(0, 0, 2, 2)
	disc := NewCircle(V(5, 5), 1)
	tests := []struct {
		name string
		s    *Shape
		c    Vec
		r    float32
		want bool
	}{
		{"base touching edge", &sq, V(2.5, 1), 0.5, false},
		{"base overlapping edge", &sq, V(2.5, 1), 0.6, true},
		{"base inside", &sq, V(1, 1), 0.1, true},
		{"point inside", &sq, V(1, 1), 0, true},
		{"point on edge", &sq, V(2, 1), 0, false},
		{"base near corner", &sq, V(2.3, 2.3), 0.5, true},
		{"base clear of corner", &sq, V(2.4, 2.4), 0.5, false},
		{"base touching disc", &disc, V(6.5, 5), 0.5, false},
		{"base overlapping disc", &disc, V(6.4, 5), 0.5, true},
		{"far", &disc, V(20, 20), 0.5, false},
	}
	for _, tc := range tests {
		if got := tc.s.OverlapsCircle(tc.c, tc.r); got != tc.want {
			t.Errorf("%s: OverlapsCircle = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestSegmentSpan(t *testing.T) {
	sq := NewRect(0, 0, 2, 2)
	disc := NewCircle(V(5, 5), 1)
	unit := NewCircle(V(0, 0), 1)
	h := float32(1 / (4 * math.Sqrt2))
	tests := []struct {
		name   string
		s      *Shape
		a, b   Vec
		ok     bool
		t0, t1 float32
	}{
		{"through square", &sq, V(-1, 1), V(3, 1), true, 0.25, 0.75},
		{"reverse through square", &sq, V(3, 1), V(-1, 1), true, 0.25, 0.75},
		{"ends in square", &sq, V(-1, 1), V(1, 1), true, 0.5, 1},
		{"inside square", &sq, V(0.5, 0.5), V(1.5, 1.5), true, 0, 1},
		{"diagonal of square", &sq, V(-1, -1), V(3, 3), true, 0.25, 0.75},
		{"misses square", &sq, V(-1, 3), V(3, 3), false, 0, 0},
		{"short of square", &sq, V(-3, 1), V(-1, 1), false, 0, 0},
		{"grazes square corner", &sq, V(1, 3), V(3, 1), true, 0.5, 0.5},
		{"through disc", &disc, V(3, 5), V(7, 5), true, 0.25, 0.75},
		{"diagonal through unit disc", &unit, V(-2, -2), V(2, 2), true, 0.5 - h, 0.5 + h},
		{"misses disc", &disc, V(3, 7), V(7, 7), false, 0, 0},
		{"starts in disc", &disc, V(5, 5), V(9, 5), true, 0, 0.25},
	}
	for _, tc := range tests {
		t0, t1, ok := tc.s.SegmentSpan(tc.a, tc.b)
		if ok != tc.ok || (ok && (!near(t0, tc.t0) || !near(t1, tc.t1))) {
			t.Errorf("%s: SegmentSpan = %v %v %v, want %v %v %v", tc.name, t0, t1, ok, tc.t0, tc.t1, tc.ok)
		}
	}
}

func TestSegmentHits(t *testing.T) {
	sq := NewRect(0, 0, 2, 2)
	unit := NewCircle(V(0, 0), 1)
	tri := mustPoly(t, V(0, 0), V(4, 0), V(0, 4))
	tests := []struct {
		name string
		s    *Shape
		a, b Vec
		want bool
	}{
		{"crosses square", &sq, V(-1, 1), V(3, 1), true},
		{"misses square", &sq, V(-1, 3), V(3, 3), false},
		{"runs along top edge", &sq, V(-1, 2), V(3, 2), false},
		{"grazes corner", &sq, V(1, 3), V(3, 1), false},
		{"ends on edge", &sq, V(1, 3), V(1, 2), false},
		{"starts inside", &sq, V(1, 1), V(5, 5), true},
		{"clips corner", &sq, V(1, 2.5), V(2.5, 1), true},
		{"tangent to disc", &unit, V(-2, 1), V(2, 1), false},
		{"cuts disc", &unit, V(-2, 0.9), V(2, 0.9), true},
		{"stops short of disc", &unit, V(-3, 0), V(-1.5, 0), false},
		{"crosses triangle", &tri, V(3, -1), V(-1, 3), true},
		{"along hypotenuse", &tri, V(5, -1), V(-1, 5), false},
	}
	for _, tc := range tests {
		if got := tc.s.SegmentHits(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: SegmentHits = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestSweepHits(t *testing.T) {
	wall := NewRect(10, 0, 11, 24)
	sq := NewRect(0, 0, 2, 2)
	disc := NewCircle(V(10, 5), 1)
	tests := []struct {
		name string
		s    *Shape
		a, b Vec
		r    float32
		hit  bool
		t    float32
	}{
		{"stops 0.5 before wall", &wall, V(5, 5), V(15, 5), 0.5, true, 0.45},
		{"short of wall", &wall, V(5, 5), V(9, 5), 0.5, false, 1},
		{"ends touching wall", &wall, V(5, 5), V(9.5, 5), 0.5, false, 1},
		{"slides along wall touching", &wall, V(9.5, 1), V(9.5, 20), 0.5, false, 1},
		{"pushes into wall from contact", &wall, V(9.5, 5), V(10, 5), 0.5, true, 0},
		{"leaves wall from contact", &wall, V(9.5, 5), V(5, 5), 0.5, false, 1},
		{"from the other side", &wall, V(20, 3), V(0, 3), 1, true, 0.4},
		{"rounds a corner", &sq, V(5, 3), V(-3, 3), 1.5, true, float32((5 - (2 + math.Sqrt(1.25))) / 8)},
		{"passes above the square", &sq, V(5, 3), V(-3, 3), 0.9, false, 1},
		{"clears the corner", &sq, V(5, 4.5), V(-3, 4.5), 2, false, 1},
		{"overlapping moves away", &sq, V(2.3, 1), V(4, 1), 0.5, false, 1},
		{"overlapping moves in", &sq, V(2.3, 1), V(0, 1), 0.5, true, 0},
		{"circle terrain", &disc, V(5, 5), V(15, 5), 0.5, true, 0.35},
		{"circle terrain grazed", &disc, V(5, 6.5), V(15, 6.5), 0.5, false, 1},
		{"point into square", &sq, V(-1, 1), V(3, 1), 0, true, 0.25},
	}
	for _, tc := range tests {
		got, hit := tc.s.SweepHits(tc.a, tc.b, tc.r)
		if hit != tc.hit || !near(got, tc.t) {
			t.Errorf("%s: SweepHits = %v %v, want %v %v", tc.name, got, hit, tc.t, tc.hit)
		}
		if o := tc.s.SweepOverlaps(tc.a, tc.b, tc.r); o != tc.hit {
			t.Errorf("%s: SweepOverlaps = %v, want %v", tc.name, o, tc.hit)
		}
		if hit && got > 0 {
			stop := tc.a.Add(tc.b.Sub(tc.a).Scale(got))
			if tc.s.OverlapsCircle(stop, tc.r) {
				t.Errorf("%s: base overlaps the shape at the stop %v", tc.name, stop)
			}
		}
	}
}

func TestSegmentCircle(t *testing.T) {
	tests := []struct {
		name string
		a, b Vec
		c    Vec
		r    float32
		want bool
	}{
		{"blocks", V(0, 0), V(10, 0), V(5, 0.4), 0.5, true},
		{"grazes", V(0, 0), V(10, 0), V(5, 0.5), 0.5, false},
		{"clear", V(0, 0), V(10, 0), V(5, 1), 0.5, false},
		{"beyond end", V(0, 0), V(10, 0), V(11, 0), 0.5, false},
		{"overlaps end", V(0, 0), V(10, 0), V(10.3, 0), 0.5, true},
		{"zero radius", V(0, 0), V(10, 0), V(5, 0), 0, false},
	}
	for _, tc := range tests {
		if got := SegmentCircle(tc.a, tc.b, tc.c, tc.r); got != tc.want {
			t.Errorf("%s: SegmentCircle = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestSweepCircle(t *testing.T) {
	tests := []struct {
		name   string
		a, b   Vec
		ra     float32
		c      Vec
		rc     float32
		wantT  float32
		wantOK bool
	}{
		{"head on", V(0, 0), V(10, 0), 0.5, V(5, 0), 0.5, 0.4, true},
		{"offset", V(0, 0), V(10, 0), 0.5, V(5, 0.6), 0.5, float32((5 - math.Sqrt(1-0.36)) / 10), true},
		{"tangent contact", V(0, 0), V(10, 0), 0.5, V(5, 1), 0.5, 0.5, true},
		{"misses", V(0, 0), V(10, 0), 0.5, V(5, 2), 0.5, 1, false},
		{"stops short", V(0, 0), V(3, 0), 0.5, V(5, 0), 0.5, 1, false},
		{"ends in contact", V(0, 0), V(4, 0), 0.5, V(5, 0), 0.5, 1, true},
		{"touching moves closer", V(4, 0), V(6, 1), 0.5, V(5, 0), 0.5, 0, true},
		{"touching moves away", V(4, 0), V(0, 0), 0.5, V(5, 0), 0.5, 1, false},
		{"touching slides past", V(4, 0), V(4, 3), 0.5, V(5, 0), 0.5, 1, false},
	}
	for _, tc := range tests {
		got, ok := SweepCircle(tc.a, tc.b, tc.ra, tc.c, tc.rc)
		if ok != tc.wantOK || !near(got, tc.wantT) {
			t.Errorf("%s: SweepCircle = %v %v, want %v %v", tc.name, got, ok, tc.wantT, tc.wantOK)
		}
	}
}

// lineDist is the distance from p to the infinite line through a and b,
// signed positive on the left of a->b.
func lineDist(p, a, b Vec) float32 {
	d := b.Sub(a)
	return d.Cross(p.Sub(a)) / d.Len()
}

func TestLOSLines(t *testing.T) {
	tests := []struct {
		name   string
		a      Vec
		ra     float32
		b      Vec
		rb     float32
		equalR bool
	}{
		{"equal bases", V(0, 0), 0.5, V(10, 5), 0.5, true},
		{"big shooter", V(2, 2), 1, V(12, 2), 0.5, false},
		{"small shooter", V(2, 2), 0.5, V(2, 10), 1.25, false},
	}
	for _, tc := range tests {
		l := LOSLines(tc.a, tc.ra, tc.b, tc.rb)
		if l[0] != [2]Vec{tc.a, tc.b} {
			t.Errorf("%s: centre line %v", tc.name, l[0])
		}
		for side, sign := range map[int]float32{1: 1, 2: -1} {
			p, q := l[side][0], l[side][1]
			// Endpoints lie on the base edges, on the expected side.
			if !near(p.Dist(tc.a), tc.ra) || !near(q.Dist(tc.b), tc.rb) {
				t.Errorf("%s side %d: endpoints %v %v not on the base edges", tc.name, side, p, q)
			}
			if lineDist(p, tc.a, tc.b)*sign <= 0 || lineDist(q, tc.a, tc.b)*sign <= 0 {
				t.Errorf("%s side %d: on the wrong side", tc.name, side)
			}
			// The line is tangent to both bases: each centre is one radius
			// from it, on the inner side.
			if !near(lineDist(tc.a, p, q), -sign*tc.ra) || !near(lineDist(tc.b, p, q), -sign*tc.rb) {
				t.Errorf("%s side %d: not tangent (%v, %v)", tc.name, side, lineDist(tc.a, p, q), lineDist(tc.b, p, q))
			}
			if tc.equalR {
				if c := q.Sub(p).Norm().Cross(tc.b.Sub(tc.a).Norm()); !near(c, 0) {
					t.Errorf("%s side %d: not parallel to the centre line (cross %v)", tc.name, side, c)
				}
			}
		}
	}
	same := LOSLines(V(3, 3), 0.5, V(3, 3), 0.5)
	for i := range same {
		if same[i] != [2]Vec{V(3, 3), V(3, 3)} {
			t.Errorf("coincident centres: line %d = %v", i, same[i])
		}
	}
}

func TestGeomAllocs(t *testing.T) {
	sq := NewRect(0, 0, 2, 2)
	var sink float32
	var sinkB bool
	var sinkL [3][2]Vec
	checks := map[string]func(){
		"SegmentSpan": func() { a, b, ok := sq.SegmentSpan(V(-1, 1), V(3, 1)); sink += a + b; sinkB = sinkB != ok },
		"SweepHits":   func() { tt, ok := sq.SweepHits(V(5, 3), V(-3, 3), 1.5); sink += tt; sinkB = sinkB != ok },
		"LOSLines":    func() { sinkL = LOSLines(V(0, 0), 0.5, V(10, 4), 0.75) },
		"SegmentHits": func() { sinkB = sinkB != sq.SegmentHits(V(-1, 1), V(3, 1)) },
		"SweepCircle": func() { tt, ok := SweepCircle(V(0, 0), V(10, 0), 0.5, V(5, 0), 0.5); sink += tt; sinkB = sinkB != ok },
	}
	for name, f := range checks {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s allocates %v times per call", name, n)
		}
	}
	_, _, _ = sink, sinkB, sinkL
}

func BenchmarkSegmentHits(b *testing.B) {
	shapes := []Shape{
		NewRect(6, 12, 18, 12.5),
		NewCircle(V(4, 4), 2),
		mustPoly(b, octagon(V(18, 6), 2)...),
	}
	var hits int
	for i := 0; b.Loop(); i++ {
		d := Dir(uint8(i))
		a := V(12, 12).Sub(d.Scale(11))
		c := V(12, 12).Add(d.Scale(11))
		for j := range shapes {
			if shapes[j].SegmentHits(a, c) {
				hits++
			}
		}
	}
	_ = hits
}

// TestSegmentMatchesSegmentCircle checks the prepared segment against
// SegmentCircle on random and degenerate cases: the answers must be equal.
func TestSegmentMatchesSegmentCircle(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 9))
	f := func() float32 { return float32(r.Float64()*24 - 2) }
	for k := 0; k < 100000; k++ {
		a, b, c := V(f(), f()), V(f(), f()), V(f(), f())
		if k%10 == 0 {
			b = a
		}
		rad := float32(r.Float64() * 3)
		s := NewSegment(a, b)
		if got, want := s.HitsCircle(c, rad), SegmentCircle(a, b, c, rad); got != want {
			t.Fatalf("HitsCircle(%v-%v, %v, %v) = %v, SegmentCircle %v", a, b, c, rad, got, want)
		}
	}
}

// TestCircleSpanMatchesSegmentSpan checks CircleSpan against a circle
// Shape's SegmentSpan: the answers must be equal bit for bit.
func TestCircleSpanMatchesSegmentSpan(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	f := func() float32 { return float32(r.Float64()*24 - 2) }
	for k := 0; k < 100000; k++ {
		a, b, c := V(f(), f()), V(f(), f()), V(f(), f())
		if k%10 == 0 {
			b = a
		}
		rad := float32(r.Float64() * 4)
		s := NewCircle(c, rad)
		w0, w1, wok := s.SegmentSpan(a, b)
		g0, g1, gok := CircleSpan(c, rad, a, b)
		if math.Float32bits(g0) != math.Float32bits(w0) || math.Float32bits(g1) != math.Float32bits(w1) || gok != wok {
			t.Fatalf("CircleSpan(%v, %v, %v-%v) = %v %v %v, SegmentSpan %v %v %v", c, rad, a, b, g0, g1, gok, w0, w1, wok)
		}
	}
}

// SweepOverlaps answers SweepHits' hit on random sweeps past circles,
// rectangles and polygons, many of them starting, ending or passing
// about in contact.
func TestSweepOverlapsMatchesSweepHits(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	f32 := func(lo, hi float32) float32 { return lo + rng.Float32()*(hi-lo) }
	hits, sides := 0, 0
	for n := 0; n < 100000; n++ {
		var s Shape
		switch n % 3 {
		case 0:
			s = NewCircle(V(f32(5, 15), f32(5, 15)), f32(0.3, 3))
		case 1:
			x, y := f32(5, 15), f32(5, 15)
			s = NewRect(x, y, x+f32(0.3, 5), y+f32(0.3, 5))
		default:
			p, err := NewPoly(octagon(V(f32(5, 15), f32(5, 15)), f32(0.5, 3))...)
			if err != nil {
				t.Fatal(err)
			}
			s = p
		}
		r := f32(0, 1.5)
		a := V(f32(0, 20), f32(0, 20))
		if n%4 == 0 { // starting in contact, or about
			a = s.closest(a)
			a = a.Add(a.Sub(s.C).Norm().Scale(r + f32(-0.01, 0.01)))
		}
		b := V(f32(0, 20), f32(0, 20))
		switch n % 5 {
		case 1: // ending about in contact
			q := s.closest(b)
			b = q.Add(b.Sub(q).Norm().Scale(r + f32(-3e-3, 3e-3)))
		case 2: // passing about in contact with a vertex or the centre
			v := s.C
			if s.Kind == Poly {
				v = s.P[rng.IntN(int(s.N))]
			}
			dir := v.Sub(a).Norm()
			off := r + f32(-3e-3, 3e-3)
			if s.Kind == Circle {
				off += s.R
			}
			b = v.Add(dir.Perp().Scale(off)).Add(dir.Scale(f32(0, 5)))
		case 3: // alongside an edge, about r (and farSide's margin) from it
			if s.Kind == Poly {
				k := rng.IntN(int(s.N))
				p, q := s.P[k], s.P[(k+1)%int(s.N)]
				e := q.Sub(p).Norm()
				off := e.Perp().Scale(-(r + f32(-0.02, 0.02))) // outward: the polygon is on the left
				a = p.Add(off).Add(e.Scale(f32(-3, 0)))
				b = q.Add(off).Add(e.Scale(f32(0, 3)))
			}
		}
		_, hit := s.SweepHits(a, b, r)
		got := s.SweepOverlaps(a, b, r)
		if got != hit {
			t.Fatalf("%+v: %v→%v radius %v: SweepOverlaps %v, SweepHits %v", s, a, b, r, got, hit)
		}
		// The shortcut of a polygon on one side changes no answer.
		if full := s.sweepOverlaps(a, b, r); got != full && s.segBoxHit(a, b, r) {
			t.Fatalf("%+v: %v→%v radius %v: SweepOverlaps %v, without farSide %v", s, a, b, r, got, full)
		}
		if s.Kind == Poly && s.segBoxHit(a, b, r) && s.farSide(a, b.Sub(a), max(r-Eps, 0)+10*sweepMargin) {
			sides++
			// SweepHits' shortcut: the base never comes within reach.
			if _, in := s.firstWithin(a, b.Sub(a), max(r-Eps, 0)); in {
				t.Fatalf("%+v: %v→%v radius %v: on one side, yet within reach", s, a, b, r)
			}
		}
		// Beyond an edge by more than r: farther than r.
		if s.Kind == Poly && s.outside(a, r) && s.Dist(a) <= r {
			t.Fatalf("%+v: %v is beyond an edge by more than %v, yet %v from the shape", s, a, r, s.Dist(a))
		}
		if hit {
			hits++
		}
	}
	if hits < 10000 || sides < 1000 {
		t.Fatalf("only %d hits, %d polygons on one side", hits, sides)
	}
}

// SignedDist is Dist outside a shape and less the depth inside, and moves
// no more than its point does.
func TestSignedDist(t *testing.T) {
	sq := NewRect(0, 0, 2, 2)
	tri := mustPoly(t, V(0, 0), V(4, 0), V(0, 4))
	disc := NewCircle(V(5, 5), 1)
	for _, tc := range []struct {
		s    *Shape
		p    Vec
		want float32
	}{
		{&sq, V(1, 1), -1}, {&sq, V(1.5, 1), -0.5}, {&sq, V(3, 1), 1}, {&sq, V(3, 3), float32(math.Sqrt2)},
		{&tri, V(1, 1), -1}, {&tri, V(3, 3), float32(math.Sqrt2)},
		{&disc, V(5.25, 5), -0.75}, {&disc, V(8, 9), 4},
	} {
		if got := tc.s.SignedDist(tc.p); !near(got, tc.want) {
			t.Errorf("%v at %v: SignedDist = %v, want %v", tc.s.P[:tc.s.N], tc.p, got, tc.want)
		}
	}
	rng := rand.New(rand.NewPCG(5, 9))
	for _, s := range []*Shape{&sq, &tri, &disc} {
		for q := 0; q < 2000; q++ {
			p := V(rng.Float32()*8-1, rng.Float32()*8-1)
			o := V(rng.Float32()*2-1, rng.Float32()*2-1)
			if d := s.SignedDist(p.Add(o)) - s.SignedDist(p); d*d > o.Len2()*(1+1e-4)+1e-10 {
				t.Fatalf("%v: SignedDist moves %v from %v by %v", s.P[:s.N], d, p, o)
			}
		}
	}
}
