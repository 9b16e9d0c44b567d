package vantage

import (
	"context"
	"fmt"
	"image/color"
	"maps"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	vgdraw "gonum.org/v1/plot/vg/draw"

	"balance/game"
	"balance/reports"
	sim "balance/sim/vantage"
)

var _ game.Mapper = (*Data)(nil)

// The page of a map: the hexes on the left, the legend on the right.
const (
	mapPageW   = 8 * vg.Inch
	mapPageH   = 5.5 * vg.Inch
	mapBoardW  = 5 * vg.Inch
	mapBoardH  = 4.3 * vg.Inch
	mapLeft    = 0.3 * vg.Inch
	mapBottom  = 0.3 * vg.Inch
	mapLegendX = mapLeft + mapBoardW + 0.3*vg.Inch
)

// Colours of a map: the sides as the reports' first two series.
var (
	mapHex     = color.RGBA{R: 0xfb, G: 0xfa, B: 0xf4, A: 0xff}
	mapEdge    = color.Gray{Y: 0x60}
	mapSide    = [2]color.RGBA{{R: 0x00, G: 0x72, B: 0xb2, A: 0xff}, {R: 0xd5, G: 0x5e, B: 0x00, A: 0xff}}
	mapSideHex = [2]color.RGBA{{R: 0xd6, G: 0xe8, B: 0xf5, A: 0xff}, {R: 0xf8, G: 0xe0, B: 0xcc, A: 0xff}}
)

// MapKind is the kind of entry a map is.
func (d *Data) MapKind() string { return "maps" }

// DrawMap draws map name with each side's fighters on its starting hex,
// for the choice's parties. A duel always starts there: seed and index
// change nothing.
func (d *Data) DrawMap(ctx context.Context, c game.Choice, name string, seed, _ uint64, format string) ([]byte, error) {
	c = maps.Clone(c)
	if c == nil {
		c = game.Choice{}
	}
	c[OptMap] = name
	des, err := d.Design(ctx, c, nil, seed)
	if err != nil {
		return nil, err
	}
	if format != "png" && format != "svg" {
		return nil, fmt.Errorf("cannot draw a map as %q: png or svg", format)
	}
	title := name
	if m := d.d.Maps[name]; m != nil {
		title = m.Name
	}
	return reports.RenderCanvas(format, mapPageW, mapPageH, func(dc vgdraw.Canvas) { drawMap(dc, des.(*Design), title) })
}

// hexCentre is the centre of the pointy-top hex (q, r) for hexes of
// circumradius 1, y upwards (r grows downwards on the page).
func hexCentre(q, r int) (x, y float64) {
	return math.Sqrt(3) * (float64(q) + float64(r)/2), -1.5 * float64(r)
}

// drawMap draws the whole page of des's map on dc.
func drawMap(dc vgdraw.Canvas, des *Design, title string) {
	sc := des.sc
	mp := &sc.Map
	style := func(size vg.Length, c color.Color, xa vgdraw.XAlignment, ya vgdraw.YAlignment) text.Style {
		return text.Style{Color: c, Font: reports.Font(size), XAlign: xa, YAlign: ya, Handler: plot.DefaultTextHandler}
	}
	top := dc.Max.Y - 0.12*vg.Inch
	x0, y0 := dc.Min.X+mapLeft, dc.Min.Y+mapBottom
	dc.FillText(style(14, color.Black, vgdraw.XLeft, vgdraw.YTop), vg.Point{X: x0, Y: top}, title)
	dc.FillText(style(9, color.Gray{Y: 0x40}, vgdraw.XLeft, vgdraw.YTop), vg.Point{X: x0, Y: top - 19},
		fmt.Sprintf("%d hexes, each labelled (q, r); the fighters on their sides' starting hexes", mp.N))

	// The hexes' extent, for hexes of circumradius 1, then the scale that
	// fits them in the board.
	minX, maxX, minY, maxY := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for k := range mp.N {
		x, y := hexCentre(mp.Hex[k][0], mp.Hex[k][1])
		minX, maxX = min(minX, x-math.Sqrt(3)/2), max(maxX, x+math.Sqrt(3)/2)
		minY, maxY = min(minY, y-1), max(maxY, y+1)
	}
	boardH := mapBoardH - 0.5*vg.Inch // below the title
	scale := min(mapBoardW/vg.Length(maxX-minX), boardH/vg.Length(maxY-minY), 1.2*vg.Inch)
	ox := x0 + (mapBoardW-vg.Length(maxX-minX)*scale)/2
	oy := y0 + (boardH-vg.Length(maxY-minY)*scale)/2
	at := func(x, y float64) vg.Point {
		return vg.Point{X: ox + vg.Length(x-minX)*scale, Y: oy + vg.Length(y-minY)*scale}
	}

	var start [sim.MaxHexes]int // 1 + the side starting on a hex
	for s := range 2 {
		start[mp.Start[s]] = 1 + s
	}
	for k := range mp.N {
		q, r := mp.Hex[k][0], mp.Hex[k][1]
		cx, cy := hexCentre(q, r)
		var p vg.Path
		for v := range 6 {
			a := math.Pi/6 + float64(v)*math.Pi/3
			pt := at(cx+math.Cos(a), cy+math.Sin(a))
			if v == 0 {
				p.Move(pt)
			} else {
				p.Line(pt)
			}
		}
		p.Close()
		fill := mapHex
		if s := start[k]; s > 0 {
			fill = mapSideHex[s-1]
		}
		dc.SetColor(fill)
		dc.Fill(p)
		dc.SetColor(mapEdge)
		dc.SetLineWidth(1)
		dc.SetLineDash(nil, 0)
		dc.Stroke(p)
		c := at(cx, cy)
		dc.FillText(style(min(8, 0.18*scale), color.Gray{Y: 0x50}, vgdraw.XCenter, vgdraw.YBottom),
			vg.Point{X: c.X, Y: c.Y + 0.55*scale}, fmt.Sprintf("(%d, %d)", q, r))
	}

	// The fighters of each side in a row across their starting hex.
	for s := range 2 {
		lo, hi := sc.Side(s)
		h := mp.Hex[mp.Start[s]]
		cx, cy := hexCentre(h[0], h[1])
		c := at(cx, cy)
		rad := min(0.2*scale, 0.8*scale/vg.Length(hi-lo))
		for i := lo; i < hi; i++ {
			x := c.X + (vg.Length(i-lo)-vg.Length(hi-lo-1)/2)*2.2*rad
			drawFighter(dc, vg.Point{X: x, Y: c.Y - 0.05*scale}, rad, mapSide[s], sc.F[i].Key)
		}
	}

	// The legend: each side's fighters with their numbers.
	x := dc.Min.X + mapLegendX
	y := top - 0.55*vg.Inch
	for s := range 2 {
		lo, hi := sc.Side(s)
		h := mp.Hex[mp.Start[s]]
		dc.FillText(style(10, color.Black, vgdraw.XLeft, vgdraw.YCenter), vg.Point{X: x, Y: y},
			fmt.Sprintf("%s, starting on (%d, %d)", des.schema.Sides[s].Label, h[0], h[1]))
		y -= 17
		for i := lo; i < hi; i++ {
			f := &sc.F[i]
			drawFighter(dc, vg.Point{X: x + 8, Y: y}, 8, mapSide[s], f.Key)
			dc.FillText(style(9, color.Black, vgdraw.XLeft, vgdraw.YCenter), vg.Point{X: x + 22, Y: y}, f.Label)
			y -= 13
			sty := style(7.5, color.Gray{Y: 0x40}, vgdraw.XLeft, vgdraw.YCenter)
			for _, line := range wrap(sc.Describe(i), func(s string) bool { return sty.Width(s) <= dc.Max.X-x-22-0.15*vg.Inch }) {
				dc.FillText(sty, vg.Point{X: x + 22, Y: y}, line)
				y -= 11
			}
			y -= 6
		}
		y -= 8
	}
}

// drawFighter fills a disc of radius r at c with fill and writes tag on it.
func drawFighter(dc vgdraw.Canvas, c vg.Point, r vg.Length, fill color.RGBA, tag string) {
	var p vg.Path
	p.Move(vg.Point{X: c.X + r, Y: c.Y})
	p.Arc(c, r, 0, 2*math.Pi)
	p.Close()
	dc.SetColor(fill)
	dc.Fill(p)
	sty := text.Style{Color: color.White, Font: reports.Font(min(9, r)), XAlign: vgdraw.XCenter, YAlign: vgdraw.YCenter, Handler: plot.DefaultTextHandler}
	dc.FillText(sty, c, tag)
}

// wrap splits s into lines at its spaces, each as long as fits says
// fits (a word too long has a line of its own).
func wrap(s string, fits func(string) bool) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(s) {
		switch {
		case line == "":
			line = w
		case fits(line + " " + w):
			line += " " + w
		default:
			out = append(out, line)
			line = w
		}
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}
