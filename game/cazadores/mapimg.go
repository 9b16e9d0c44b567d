package cazadores

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"balance/reports"
	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

// The page of a map: a square board on the left, the legend on the right.
const (
	mapPageW   = 9 * vg.Inch
	mapPageH   = 7.25 * vg.Inch
	mapBoard   = 6.1 * vg.Inch // the longer side of the board
	mapLeft    = 0.45 * vg.Inch
	mapBottom  = 0.4 * vg.Inch
	mapLegendX = mapLeft + mapBoard + 0.3*vg.Inch
	mapExitW   = 5 // points: the width of an exit's stroke
)

// Colours of a map. Terrain colours are named by the set of types they
// stand for; sets not listed are the average of their members' colours.
var (
	mapOpen      = color.RGBA{R: 0xfb, G: 0xfa, B: 0xf4, A: 0xff}
	mapGrid      = color.NRGBA{A: 0x22}
	mapGrid6     = color.NRGBA{A: 0x55}
	mapExit      = color.RGBA{R: 0x7b, G: 0x32, B: 0x94, A: 0xff}
	mapPack      = color.RGBA{R: 0x00, G: 0x72, B: 0xb2, A: 0xff}
	mapAdversary = color.RGBA{R: 0xd5, G: 0x5e, B: 0x00, A: 0xff}
	mapMinion    = color.RGBA{R: 0xcc, G: 0x79, B: 0xa7, A: 0xff}
	mapTerrain   = map[sim.Terrain]color.RGBA{
		sim.Difficult:                                 {R: 0xe8, G: 0xd9, B: 0xa0, A: 0xff}, // sand
		sim.Dangerous | sim.Difficult:                 {R: 0xd9, G: 0x8c, B: 0x5f, A: 0xff}, // terracotta
		sim.Obscuring:                                 {R: 0xbf, G: 0xe3, B: 0xa8, A: 0xff}, // pale green
		sim.Obscuring | sim.Difficult:                 {R: 0x74, G: 0xb1, B: 0x5f, A: 0xff}, // green
		sim.Obscuring | sim.Dangerous | sim.Difficult: {R: 0x8c, G: 0x8a, B: 0x3c, A: 0xff}, // olive
		sim.Blocking:                                  {R: 0xa9, G: 0xa9, B: 0xa9, A: 0xff}, // grey
		sim.Impassable:                                {R: 0x3b, G: 0x4a, B: 0x6b, A: 0xff}, // slate
		sim.Blocking | sim.Impassable:                 {R: 0x5c, G: 0x5c, B: 0x5c, A: 0xff}, // dark grey
	}
	// mapTypeOrder is the order in which a set's types are named and the
	// legend lists sets: most restrictive first.
	mapTypeOrder = []struct {
		t    sim.Terrain
		name string
	}{
		{sim.Impassable, "impassable"},
		{sim.Blocking, "blocking"},
		{sim.Obscuring, "obscuring"},
		{sim.Dangerous, "dangerous"},
		{sim.Difficult, "difficult"},
	}
)

// terrainColor is the fill of a piece with the set of types t.
func terrainColor(t sim.Terrain) color.RGBA {
	if t&sim.Dangerous != 0 {
		t |= sim.Difficult // as the engine compiles it
	}
	if c, ok := mapTerrain[t]; ok {
		return c
	}
	if t == 0 {
		return color.RGBA{R: 0xee, G: 0xee, B: 0xe6, A: 0xff}
	}
	// Average the colours of the set's members, dropping Difficult when
	// Dangerous (which implies it) is present.
	var r, g, b, n int
	for _, o := range mapTypeOrder {
		if t&o.t == 0 || (o.t == sim.Difficult && t&sim.Dangerous != 0) {
			continue
		}
		c := mapTerrain[o.t]
		if o.t == sim.Dangerous {
			c = mapTerrain[sim.Dangerous|sim.Difficult]
		}
		r, g, b, n = r+int(c.R), g+int(c.G), b+int(c.B), n+1
	}
	return color.RGBA{R: uint8(r / n), G: uint8(g / n), B: uint8(b / n), A: 0xff}
}

// terrainName names a set of types: "obscuring + difficult". Difficult is
// left out beside dangerous, which implies it.
func terrainName(t sim.Terrain) string {
	var parts []string
	for _, o := range mapTypeOrder {
		if t&o.t != 0 && (o.t != sim.Difficult || t&sim.Dangerous == 0) {
			parts = append(parts, o.name)
		}
	}
	if len(parts) == 0 {
		return "open"
	}
	return strings.Join(parts, " + ")
}

// darker returns c with each channel scaled by f.
func darker(c color.RGBA, f float64) color.RGBA {
	return color.RGBA{R: uint8(float64(c.R) * f), G: uint8(float64(c.G) * f), B: uint8(float64(c.B) * f), A: c.A}
}

// modelTags returns each model's short tag: the Pack's models 1, 2, ...,
// the Adversary A (A1, A2, ... when it has several models), Minions M1,
// M2, ....
func modelTags(h *sim.Hunt) []string {
	tags := make([]string, h.N)
	nm := 0
	for i := range int(h.N) {
		m := &h.M[i]
		switch {
		case m.Side == sim.PackSide:
			tags[i] = strconv.Itoa(i + 1)
		case h.IsAdversary(i) && h.NAdv == 1:
			tags[i] = "A"
		case h.IsAdversary(i):
			tags[i] = "A" + strconv.Itoa(i-int(h.Adv0)+1)
		default:
			nm++
			tags[i] = "M" + strconv.Itoa(nm)
		}
	}
	return tags
}

func modelColor(h *sim.Hunt, i int) color.RGBA {
	switch {
	case h.M[i].Side == sim.PackSide:
		return mapPack
	case h.IsAdversary(i):
		return mapAdversary
	}
	return mapMinion
}

// renderMap draws the map of h in format "png" or "svg": the board to
// scale with a 1" grid, each terrain piece filled by its set of types,
// the exits as thick segments on the border, each model as a circle the
// size of its base with a short tag, and a legend naming the terrain
// types present, the exits and every model. Drawn after Reset, the models
// stand where the engine deploys them for that hunt.
func renderMap(h *sim.Hunt, format string) ([]byte, error) {
	if format != "png" && format != "svg" {
		return nil, fmt.Errorf("cannot draw a map as %q: png or svg", format)
	}
	return reports.RenderCanvas(format, mapPageW, mapPageH, func(dc draw.Canvas) { drawMap(dc, h) })
}

// drawMap draws the whole page on dc.
func drawMap(dc draw.Canvas, h *sim.Hunt) {
	mp := &h.Sc.Map
	w, ht := float64(mp.W), float64(mp.H)
	scale := mapBoard / vg.Length(max(w, ht)) // points per board inch
	bw, bh := vg.Length(w)*scale, vg.Length(ht)*scale
	x0, y0 := dc.Min.X+mapLeft, dc.Min.Y+mapBottom
	at := func(p geom.Vec) vg.Point {
		return vg.Point{X: x0 + vg.Length(p.X)*scale, Y: y0 + vg.Length(p.Y)*scale}
	}
	style := func(size vg.Length, c color.Color, xa draw.XAlignment, ya draw.YAlignment) text.Style {
		return text.Style{Color: c, Font: reports.Font(size), XAlign: xa, YAlign: ya, Handler: plot.DefaultTextHandler}
	}

	// Title.
	top := dc.Max.Y - 0.12*vg.Inch
	dc.FillText(style(14, color.Black, draw.XLeft, draw.YTop), vg.Point{X: x0, Y: top}, mp.Name)
	npack := 0
	for i := range int(h.N) {
		if h.M[i].Side == sim.PackSide {
			npack++
		}
	}
	sub := fmt.Sprintf("%g\" x %g\", 1\" grid; deployment of %s and %d Pack model", w, ht, h.Sc.Adversary.Name, npack)
	if npack != 1 {
		sub += "s"
	}
	dc.FillText(style(9, color.Gray{Y: 0x40}, draw.XLeft, draw.YTop), vg.Point{X: x0, Y: top - 19}, sub)

	// The board, the terrain in file order, then the grid over it.
	board := []vg.Point{{X: x0, Y: y0}, {X: x0 + bw, Y: y0}, {X: x0 + bw, Y: y0 + bh}, {X: x0, Y: y0 + bh}}
	dc.FillPolygon(mapOpen, board)
	for k := range int(mp.NPieces) {
		pc := &mp.Pieces[k]
		fill := terrainColor(pc.Types)
		path := shapePath(&pc.Shape, at, scale)
		dc.SetColor(fill)
		dc.Fill(path)
		dc.SetColor(darker(fill, 0.6))
		dc.SetLineWidth(0.8)
		dc.SetLineDash(nil, 0)
		dc.Stroke(path)
	}
	for i := 0; i <= int(math.Floor(w)); i++ {
		c := color.Color(mapGrid)
		if i%6 == 0 {
			c = mapGrid6
		}
		x := x0 + vg.Length(i)*scale
		dc.StrokeLine2(draw.LineStyle{Color: c, Width: 0.5}, x, y0, x, y0+bh)
	}
	for j := 0; j <= int(math.Floor(ht)); j++ {
		c := color.Color(mapGrid)
		if j%6 == 0 {
			c = mapGrid6
		}
		y := y0 + vg.Length(j)*scale
		dc.StrokeLine2(draw.LineStyle{Color: c, Width: 0.5}, x0, y, x0+bw, y)
	}
	dc.StrokeLines(draw.LineStyle{Color: color.Black, Width: 1}, append(board, board[0]))

	// Heights: each piece with one labelled at its middle, raised pieces
	// hatched darker the higher they stand.
	for k := range int(mp.NPieces) {
		pc := &mp.Pieces[k]
		if pc.Height <= 0 && !pc.Chasm {
			continue
		}
		if pc.Raised() {
			dc.SetColor(color.RGBA{A: uint8(min(160, 40*pc.Height))})
			dc.Fill(shapePath(&pc.Shape, at, scale))
		}
		label := strconv.FormatFloat(float64(pc.Height), 'g', 3, 32) + `"`
		switch {
		case pc.Chasm:
			label = "chasm"
		case pc.Unstable:
			label += " unstable"
		}
		mid := geom.V((pc.Shape.Min.X+pc.Shape.Max.X)/2, (pc.Shape.Min.Y+pc.Shape.Max.Y)/2)
		dc.FillText(style(7, color.Black, draw.XCenter, draw.YCenter), at(mid), label)
	}

	// Inches along the south and west borders, every 6".
	for i := 0; i <= int(w); i += 6 {
		dc.FillText(style(8, color.Black, draw.XCenter, draw.YTop), vg.Point{X: x0 + vg.Length(i)*scale, Y: y0 - mapExitW - 3}, strconv.Itoa(i)+`"`)
	}
	for j := 0; j <= int(ht); j += 6 {
		dc.FillText(style(8, color.Black, draw.XRight, draw.YCenter), vg.Point{X: x0 - mapExitW - 3, Y: y0 + vg.Length(j)*scale}, strconv.Itoa(j)+`"`)
	}

	// Exits: thick segments just outside the border.
	for k := range int(mp.NExits) {
		ex := mp.Exits[k]
		a, b := at(ex.A), at(ex.B)
		off := vg.Length(mapExitW) / 2
		switch {
		case ex.A.Y == 0 && ex.B.Y == 0:
			a.Y, b.Y = a.Y-off, b.Y-off
		case ex.A.Y == mp.H && ex.B.Y == mp.H:
			a.Y, b.Y = a.Y+off, b.Y+off
		case ex.A.X == 0 && ex.B.X == 0:
			a.X, b.X = a.X-off, b.X-off
		case ex.A.X == mp.W && ex.B.X == mp.W:
			a.X, b.X = a.X+off, b.X+off
		}
		dc.StrokeLine2(draw.LineStyle{Color: mapExit, Width: mapExitW}, a.X, a.Y, b.X, b.Y)
	}

	// Models, to scale, each with its tag.
	tags := modelTags(h)
	for i := range int(h.N) {
		m := &h.M[i]
		if m.State != sim.Active {
			continue
		}
		c := at(m.Pos)
		r := vg.Length(m.R) * scale
		drawDisc(dc, c, r, modelColor(h, i))
		dc.FillText(tagStyle(tags[i], r), c, tags[i])
	}

	drawMapLegend(dc, h, tags, top-0.55*vg.Inch)
}

// tagStyle is the style of a model's tag in a disc of radius r: white,
// centred, as large as fits up to 9 points.
func tagStyle(tag string, r vg.Length) text.Style {
	sty := text.Style{Color: color.White, Font: reports.Font(9), XAlign: draw.XCenter, YAlign: draw.YCenter, Handler: plot.DefaultTextHandler}
	for sty.Font.Size > 5 && sty.Width(tag) > 1.5*r {
		sty.Font.Size -= 0.5
	}
	return sty
}

// drawDisc fills a circle of radius r at c with fill and a dark edge.
func drawDisc(dc draw.Canvas, c vg.Point, r vg.Length, fill color.RGBA) {
	var p vg.Path
	p.Move(vg.Point{X: c.X + r, Y: c.Y})
	p.Arc(c, r, 0, 2*math.Pi)
	p.Close()
	dc.SetColor(fill)
	dc.Fill(p)
	dc.SetColor(darker(fill, 0.5))
	dc.SetLineWidth(0.8)
	dc.SetLineDash(nil, 0)
	dc.Stroke(p)
}

// shapePath is the outline of a terrain shape on the page.
func shapePath(s *geom.Shape, at func(geom.Vec) vg.Point, scale vg.Length) vg.Path {
	var p vg.Path
	if s.Kind == geom.Circle {
		c := at(s.C)
		r := vg.Length(s.R) * scale
		p.Move(vg.Point{X: c.X + r, Y: c.Y})
		p.Arc(c, r, 0, 2*math.Pi)
		p.Close()
		return p
	}
	for k := range int(s.N) {
		if k == 0 {
			p.Move(at(s.P[k]))
		} else {
			p.Line(at(s.P[k]))
		}
	}
	p.Close()
	return p
}

// drawMapLegend draws the legend from the top y down: the terrain sets on
// the map, the exits and every model with its tag.
func drawMapLegend(dc draw.Canvas, h *sim.Hunt, tags []string, y vg.Length) {
	mp := &h.Sc.Map
	x := dc.Min.X + mapLegendX
	width := dc.Max.X - x - 0.1*vg.Inch
	head := text.Style{Color: color.Black, Font: reports.Font(10), XAlign: draw.XLeft, YAlign: draw.YCenter, Handler: plot.DefaultTextHandler}
	body := head
	body.Font = reports.Font(8.5)
	const line, sw = 15, 18 // line height and swatch width, points
	label := func(s string, y vg.Length) {
		sty := body
		for sty.Font.Size > 6 && sty.Width(s) > width-sw-6 {
			sty.Font.Size -= 0.5
		}
		dc.FillText(sty, vg.Point{X: x + sw + 6, Y: y}, s)
	}

	// Terrain: each set of types on the map once, most restrictive first.
	var sets []sim.Terrain
	for k := range int(mp.NPieces) {
		t := mp.Pieces[k].Types
		if t&sim.Dangerous != 0 {
			t |= sim.Difficult
		}
		found := false
		for _, s := range sets {
			found = found || s == t
		}
		if !found {
			sets = append(sets, t)
		}
	}
	rank := func(t sim.Terrain) int {
		r := 0
		for k, o := range mapTypeOrder {
			if t&o.t != 0 {
				r |= 1 << (len(mapTypeOrder) - 1 - k)
			}
		}
		return r
	}
	for i := 1; i < len(sets); i++ {
		for j := i; j > 0 && rank(sets[j]) > rank(sets[j-1]); j-- {
			sets[j], sets[j-1] = sets[j-1], sets[j]
		}
	}
	dc.FillText(head, vg.Point{X: x, Y: y}, "Terrain")
	y -= line
	if len(sets) == 0 {
		label("none: open ground", y)
		y -= line
	}
	for _, t := range sets {
		fill := terrainColor(t)
		box := []vg.Point{{X: x, Y: y - 5}, {X: x + sw, Y: y - 5}, {X: x + sw, Y: y + 5}, {X: x, Y: y + 5}}
		dc.FillPolygon(fill, box)
		dc.StrokeLines(draw.LineStyle{Color: darker(fill, 0.6), Width: 0.8}, append(box, box[0]))
		name := terrainName(t)
		if t&sim.Dangerous != 0 {
			name += " (so difficult)"
		}
		label(name, y)
		y -= line
	}
	for k := range int(mp.NPieces) {
		if mp.Pieces[k].Raised() {
			// The shade raised pieces get (for 2"), over the open ground.
			box := []vg.Point{{X: x, Y: y - 5}, {X: x + sw, Y: y - 5}, {X: x + sw, Y: y + 5}, {X: x, Y: y + 5}}
			dc.FillPolygon(terrainColor(0), box)
			dc.FillPolygon(color.RGBA{A: 80}, box)
			label(`raised (height in inches)`, y)
			y -= line
			break
		}
	}
	y -= line / 2
	dc.StrokeLine2(draw.LineStyle{Color: mapExit, Width: mapExitW}, x, y, x+sw, y)
	label("exit", y)
	y -= line
	dc.StrokeLine2(draw.LineStyle{Color: mapGrid6, Width: 0.5}, x, y, x+sw, y)
	label("grid: 1\"; darker every 6\"", y)
	y -= 1.5 * line

	dc.FillText(head, vg.Point{X: x, Y: y}, "Models (bases to scale)")
	y -= line
	for i := range int(h.N) {
		if h.M[i].State != sim.Active {
			continue
		}
		r := vg.Length(6.5)
		c := vg.Point{X: x + sw/2, Y: y}
		drawDisc(dc, c, r, modelColor(h, i))
		dc.FillText(tagStyle(tags[i], r), c, tags[i])
		label(h.Name(i), y)
		y -= line
	}
}
