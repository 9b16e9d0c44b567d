package cazadores

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

// sampleMapHunt is a hand-placed hunt on a map with every kind of piece
// the drawing distinguishes: circles and polygons, each common set of
// terrain types and a combination without a colour of its own, whole and
// partial exits, a Pack of three, an Adversary of two models and a
// Minion. It is built without deployment so that the golden images depend
// only on the drawing code.
func sampleMapHunt() *sim.Hunt {
	sc := &sim.Scenario{}
	sc.Pack = []sim.PackDef{{Name: "Great-Weapon Bruiser"}, {Name: "Hound"}, {Name: "Blade-and-Torch Dual-Wielder"}}
	sc.Adversary.Name = "The Twins of the Sample"
	sc.Adversary.NModels = 2
	sc.Adversary.ModelNames[0], sc.Adversary.ModelNames[1] = "The Elder", "The Younger"
	sc.Adversary.Minions = []sim.MinionDef{{Name: "Whelp", Count: 1}}
	mp := &sc.Map
	mp.Name = "Sample"
	mp.W, mp.H = 24, 24
	poly := func(pts ...geom.Vec) geom.Shape {
		s, err := geom.NewPoly(pts...)
		if err != nil {
			panic(err)
		}
		return s
	}
	pieces := []sim.Piece{
		{Name: "Wall", Shape: geom.NewRect(6, 10, 12, 11), Types: sim.Blocking | sim.Impassable},
		{Name: "Chasm", Shape: geom.NewCircle(geom.V(18, 18), 2), Types: sim.Impassable},
		{Name: "Screen", Shape: geom.NewRect(15, 8, 16, 13), Types: sim.Blocking},
		{Name: "Thicket", Shape: poly(geom.V(3, 14), geom.V(7, 13), geom.V(8, 17), geom.V(4, 18)), Types: sim.Obscuring | sim.Difficult},
		{Name: "Fog", Shape: geom.NewCircle(geom.V(12, 20), 1.8), Types: sim.Obscuring},
		{Name: "Mud", Shape: geom.NewCircle(geom.V(4, 5), 2), Types: sim.Difficult},
		{Name: "Crags", Shape: poly(geom.V(17, 3), geom.V(21, 2.5), geom.V(21.5, 6), geom.V(18, 6.5)), Types: sim.Dangerous | sim.Difficult},
		{Name: "Briars", Shape: geom.NewCircle(geom.V(20, 11), 1.5), Types: sim.Obscuring | sim.Dangerous | sim.Difficult},
		{Name: "Smoking rubble", Shape: geom.NewRect(9, 3, 12, 5), Types: sim.Blocking | sim.Difficult},
	}
	for _, pc := range pieces {
		mp.Pieces[mp.NPieces] = pc
		mp.NPieces++
		mp.HasTerrain |= pc.Types
	}
	exits := []sim.Exit{
		{A: geom.V(6, 0), B: geom.V(18, 0)},
		{A: geom.V(24, 0), B: geom.V(24, 24)},
		{A: geom.V(0, 16), B: geom.V(0, 22)},
	}
	for _, e := range exits {
		mp.Exits[mp.NExits] = e
		mp.NExits++
	}
	h := &sim.Hunt{}
	h.Sc = sc
	add := func(m sim.Model, x, y float32) {
		m.Pos = geom.V(x, y)
		h.M[h.N] = m
		h.N++
	}
	add(sim.Model{Side: sim.PackSide, Kind: sim.Cazador, Def: 0, R: 0.63}, 10, 1.2)
	add(sim.Model{Side: sim.PackSide, Kind: sim.Companion, Def: 1, R: 0.49}, 12, 1.2)
	add(sim.Model{Side: sim.PackSide, Kind: sim.Cazador, Def: 2, R: 0.63}, 14, 1.2)
	h.NPack, h.Adv0, h.NAdv = 3, 3, 2
	add(sim.Model{Side: sim.FoeSide, Kind: sim.AdversaryModel, Def: 0, R: 1.18}, 12, 14)
	add(sim.Model{Side: sim.FoeSide, Kind: sim.AdversaryModel, Def: 1, R: 0.98}, 9, 7.5)
	add(sim.Model{Side: sim.FoeSide, Kind: sim.Minion, Def: 0, R: 0.49}, 14, 16.5)
	return h
}

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// golden compares got with the golden file testdata/golden/NAME, or
// rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", filepath.FromSlash(name))
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./game/cazadores -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test ./game/cazadores -update rewrites it)", name)
	}
}

// TestDrawMapGolden compares the sample map, in PNG and SVG, with its
// golden copies under testdata/golden/map (go test ./game/cazadores
// -update rewrites them), and checks that drawing twice gives the same
// bytes; a format other than PNG and SVG is refused.
func TestDrawMapGolden(t *testing.T) {
	h := sampleMapHunt()
	for _, format := range []string{"png", "svg"} {
		got, err := renderMap(h, format)
		if err != nil {
			t.Fatal(err)
		}
		again, err := renderMap(h, format)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, again) {
			t.Errorf("%s: two drawings of the same hunt differ", format)
		}
		golden(t, "map/sample."+format, got)
	}
	if _, err := renderMap(h, "jpg"); err == nil || !strings.Contains(err.Error(), "png or svg") {
		t.Errorf("a JPEG map: %v", err)
	}
}

func TestTerrainNames(t *testing.T) {
	tests := []struct {
		t    sim.Terrain
		want string
	}{
		{0, "open"},
		{sim.Difficult, "difficult"},
		{sim.Dangerous | sim.Difficult, "dangerous"},
		{sim.Obscuring | sim.Difficult, "obscuring + difficult"},
		{sim.Blocking | sim.Impassable, "impassable + blocking"},
		{sim.Obscuring | sim.Dangerous | sim.Difficult, "obscuring + dangerous"},
	}
	for _, tt := range tests {
		if got := terrainName(tt.t); got != tt.want {
			t.Errorf("terrainName(%b) = %q, want %q", tt.t, got, tt.want)
		}
	}
	// Every set of types has a colour, and sets told apart in the legend
	// are told apart by their fill.
	seen := map[[3]uint8]sim.Terrain{}
	for set := sim.Terrain(0); set < 32; set++ {
		if set&sim.Dangerous != 0 && set&sim.Difficult == 0 {
			continue // compiled with Difficult
		}
		c := terrainColor(set)
		k := [3]uint8{c.R, c.G, c.B}
		if o, ok := seen[k]; ok {
			t.Errorf("%s and %s share the colour %v", terrainName(o), terrainName(set), c)
		}
		seen[k] = set
	}
}
