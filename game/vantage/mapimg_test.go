package vantage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"strings"
	"testing"

	"balance/game"
)

// A map is drawn with every hex labelled and every fighter on its side's
// starting hex, as PNG and SVG; an unknown map or format is refused.
func TestDrawMap(t *testing.T) {
	data := load(t, "").(*Data)
	ctx := context.Background()
	for _, c := range []struct {
		name   string
		choice game.Choice
		labels []string
	}{
		{"glade", nil, []string{"Glade", "Archer", "Raider", "Players, starting on (-1, 0)", "Enemies, starting on (1, 0)"}},
		{"ford", game.Choice{OptPlayers: "pair", OptEnemies: "raiders"}, []string{"Ford", "Archer", "Duellist", "e2", "Players, starting on (0, 0)"}},
	} {
		svg, err := data.DrawMap(ctx, c.choice, c.name, 1, 0, "svg")
		if err != nil {
			t.Fatal(err)
		}
		m := data.d.Maps[c.name]
		for _, h := range m.Hexes {
			c.labels = append(c.labels, fmt.Sprintf("(%d, %d)", h[0], h[1]))
		}
		for _, want := range c.labels {
			if !bytes.Contains(svg, []byte(">"+want+"<")) {
				t.Errorf("%s: the SVG lacks %q", c.name, want)
			}
		}
		if n := strings.Count(string(svg), "Z"); n < len(m.Hexes) {
			t.Errorf("%s: %d closed paths, want at least one per hex (%d)", c.name, n, len(m.Hexes))
		}
		b, err := data.DrawMap(ctx, c.choice, c.name, 1, 0, "png")
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if r := img.Bounds(); r.Dx() <= r.Dy() {
			t.Errorf("%s: the PNG is %v, want a landscape page", c.name, r)
		}
	}
	var ue *game.UsageError
	if _, err := data.DrawMap(ctx, nil, "gald", 1, 0, "png"); !errors.As(err, &ue) || !strings.Contains(err.Error(), "glade") {
		t.Errorf("an unknown map: %v, want a usage error naming glade", err)
	}
	if _, err := data.DrawMap(ctx, nil, "glade", 1, 0, "gif"); err == nil {
		t.Error("a GIF: no error")
	}
}
