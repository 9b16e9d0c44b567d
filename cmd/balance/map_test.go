package main

import (
	"bytes"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	configs "balance/configs/cazadores"
	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

// TestMapEveryScenario draws every bundled scenario, with the default and
// the largest pack, and checks that each picture is a PNG of the page's
// size.
func TestMapEveryScenario(t *testing.T) {
	d, err := configs.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range d.Slugs("scenarios") {
		for _, pack := range []string{configs.DefaultPack, "quartet"} {
			out := filepath.Join(dir, name+"-"+pack+".png")
			code, stdout, stderr := balance(t, "map", name, "-pack", pack, "-out", out)
			if code != exitOK {
				t.Fatalf("balance map %s -pack %s: exit code %d\n%s", name, pack, code, stderr)
			}
			if !strings.Contains(stdout, out) {
				t.Errorf("balance map %s: stdout %q does not name %s", name, stdout, out)
			}
			b, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("%s: %v", out, err)
			}
			if cfg.Width != 864 || cfg.Height != 696 {
				t.Errorf("%s: %dx%d pixels, want 864x696", out, cfg.Width, cfg.Height)
			}
		}
	}
}

func TestMapDefaultsAndErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	code, _, stderr := balance(t, "map", "-seed", "2", "lair", "-hunt", "3")
	if code != exitOK {
		t.Fatalf("balance map lair: exit code %d\n%s", code, stderr)
	}
	if _, err := os.Stat("lair.png"); err != nil {
		t.Errorf("the default output: %v", err)
	}
	code, _, stderr = balance(t, "map", "forest", "-out", "maps/forest.svg")
	if code != exitOK {
		t.Fatalf("balance map forest -out maps/forest.svg: exit code %d\n%s", code, stderr)
	}
	if b, err := os.ReadFile(filepath.Join("maps", "forest.svg")); err != nil || !bytes.HasPrefix(bytes.TrimSpace(b), []byte("<?xml")) {
		t.Errorf("maps/forest.svg is not an SVG: %v", err)
	}

	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"unknown map", []string{"map", "lari"}, exitUsage, `unknown map "lari"; did you mean "lair"?`},
		{"unknown map, no suggestion", []string{"map", "swamp"}, exitUsage, `unknown map "swamp" (known: `},
		{"no map", []string{"map"}, exitUsage, "name a map"},
		{"two maps", []string{"map", "lair", "ruins"}, exitUsage, `unexpected argument "ruins"`},
		{"bad extension", []string{"map", "lair", "-out", "lair.jpg"}, exitUsage, "must end in .png or .svg"},
		{"unknown adversary", []string{"map", "lair", "-adversary", "wandering-sun"}, exitUsage, `did you mean "wandering-son"?`},
		{"unknown pack", []string{"map", "lair", "-pack", "duoo"}, exitUsage, `did you mean "duo"?`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errb := balance(t, tt.args...)
			if code != tt.code {
				t.Errorf("balance %s: exit code %d, want %d\nstderr:\n%s", strings.Join(tt.args, " "), code, tt.code, errb)
			}
			if !strings.Contains(errb, tt.stderr) {
				t.Errorf("balance %s: stderr %q does not contain %q", strings.Join(tt.args, " "), errb, tt.stderr)
			}
		})
	}
	if _, err := os.Stat("lair.jpg"); err == nil {
		t.Error("a refused -out was written")
	}
}

// TestMapsConnected checks that no bundled map traps a model: on each map,
// compiled for the largest Adversary base, every point where that base
// fits clear of Impassable terrain has a path to every exit.
func TestMapsConnected(t *testing.T) {
	d, err := configs.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range d.Slugs("scenarios") {
		sc, err := d.Compile("wandering-son", configs.DefaultPack, name) // a 60 mm base, the largest
		if err != nil {
			t.Fatal(err)
		}
		mp := &sc.Map
		if mp.Nav == nil {
			continue // no Impassable terrain
		}
		r := sc.Adversary.BaseR
		fits := func(p geom.Vec) bool {
			if p.X < r || p.Y < r || p.X > mp.W-r || p.Y > mp.H-r {
				return false
			}
			for k := range int(mp.NPieces) {
				pc := &mp.Pieces[k]
				if pc.Types&sim.Impassable != 0 && pc.Shape.OverlapsCircle(p, r) {
					return false
				}
			}
			return true
		}
		for k := range int(mp.NExits) {
			ex := mp.Exits[k]
			// The exit's middle, a base's width inside the board.
			goal := ex.A.Add(ex.B).Scale(0.5)
			goal = geom.V(min(max(goal.X, 2*r), mp.W-2*r), min(max(goal.Y, 2*r), mp.H-2*r))
			stuck := 0
			for y := float32(0.5); y < mp.H; y++ {
				for x := float32(0.5); x < mp.W; x++ {
					p := geom.V(x, y)
					if fits(p) && math.IsInf(float64(mp.Nav.PathLen(p, goal)), 1) {
						if stuck < 3 {
							t.Errorf("%s: no path from (%g, %g) to exit %d", name, x, y, k)
						}
						stuck++
					}
				}
			}
		}
	}
}
