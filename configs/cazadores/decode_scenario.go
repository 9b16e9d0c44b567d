package cazadores

import (
	"slices"
	"strings"

	sim "balance/sim/cazadores"
	"balance/sim/geom"

	"gopkg.in/yaml.v3"
)

// The field lists of a scenario's objects, as the decoder and FileKind
// use them.
var scenarioFields = schemaOf("scenario").names()

// scenario decodes one scenario file's root mapping.
func (d *decoder) scenario(slug string, n *yaml.Node) *Scenario {
	o := schemaOf("scenario")
	s := &Scenario{Slug: slug}
	m := d.fieldsOf(o, n, "")
	if d.Res(n) == nil {
		return s
	}
	if v, ok := m["name"]; ok {
		s.Name = d.Str(v, "name")
	}
	if v, ok := m["size"]; ok {
		if xs := d.numbersOf(o, "size", v, ""); xs != nil {
			s.Size = [2]float64{xs[0], xs[1]}
		}
		s.sizeFile = d.File()
		if r := d.Res(v); r != nil {
			s.sizeLine, s.sizeCol = r.Line, r.Column
		}
	}
	w, h := s.Size[0], s.Size[1]
	if v, ok := m["exits"]; ok {
		items := d.Seq(v, "exits")
		if len(items) == 0 {
			d.Fail(d.Res(v), "exits", "", "list at least one exit: the Pack deploys at one")
		}
		if len(items) > sim.MaxExits {
			d.Fail(d.Res(v), "exits", "", "%d exits; a map has at most %d", len(items), sim.MaxExits)
		}
		eo := schemaOf("exit")
		for i, it := range items {
			p := idx("exits", i)
			em := d.fieldsOf(eo, it, p)
			var e Exit
			if x, ok := em["edge"]; ok {
				e.Edge = d.nameOf(eo, "edge", x, p)
			}
			length := w
			if e.Edge == "east" || e.Edge == "west" {
				length = h
			}
			e.To = length
			for _, k := range []string{"from", "to"} {
				x, ok := em[k]
				if !ok {
					continue
				}
				v := d.numberOf(eo, k, x, p)
				if v > length && e.Edge != "" {
					d.Fail(d.Res(x), at(p, k), "", "%g is past the end of the %s edge, %g long", v, e.Edge, length)
				}
				if k == "from" {
					e.From = v
				} else {
					e.To = v
				}
			}
			if e.From >= e.To && e.Edge != "" {
				d.Fail(d.Res(it), p, "", "from %g must be below to %g", e.From, e.To)
			}
			for j, o := range s.Exits {
				if o.Edge == e.Edge && e.Edge != "" && e.From < o.To && o.From < e.To {
					d.Fail(d.Res(it), p, "", "overlaps exit %d on the %s edge", j, e.Edge)
				}
			}
			s.Exits = append(s.Exits, e)
		}
	}
	if v, ok := m["deploy_exit"]; ok {
		rv := d.Res(v)
		s.DeployExit = d.intOf(o, "deploy_exit", v, "")
		if s.DeployExit >= len(s.Exits) && len(s.Exits) > 0 {
			d.Fail(rv, "deploy_exit", "", "exit %d is out of range: there are %d exit(s), numbered 0..%d", s.DeployExit, len(s.Exits), len(s.Exits)-1)
			s.DeployExit = 0
		}
	}
	if v, ok := m["terrain"]; ok {
		items := d.Seq(v, "terrain")
		if len(items) > sim.MaxPieces {
			d.Fail(d.Res(v), "terrain", "", "%d terrain pieces; a map has at most %d", len(items), sim.MaxPieces)
		}
		for i, it := range items {
			s.Terrain = append(s.Terrain, d.terrain(it, idx("terrain", i), w, h))
		}
	}
	return s
}

// numbersOf decodes v, field key of object o at path, a list of the
// field's Count numbers, each in the field's range.
func (d *decoder) numbersOf(o *schemaObject, key string, v *yaml.Node, path string) []float64 {
	f := o.field(key)
	return d.numbers(v, at(path, key), f.Count, f.Min, f.Max)
}

// numbers decodes a list of exactly count numbers in lo..hi.
func (d *decoder) numbers(n *yaml.Node, path string, count int, lo, hi float64) []float64 {
	rn := d.Res(n)
	items := d.Seq(rn, path)
	if rn != nil && rn.Kind == yaml.SequenceNode && len(items) != count {
		d.Fail(rn, path, "", "expected a list of %d numbers, got %d", count, len(items))
		return nil
	}
	if rn != nil && isNull(rn) {
		d.Fail(rn, path, "", "expected a list of %d numbers, got %s", count, describe(rn))
		return nil
	}
	out := make([]float64, 0, count)
	for i, it := range items {
		out = append(out, d.Number(it, idx(path, i), lo, hi))
	}
	if len(out) != count {
		return nil
	}
	return out
}

// terrain decodes one terrain piece of a w x h board.
func (d *decoder) terrain(n *yaml.Node, path string, w, h float64) Terrain {
	o := schemaOf("piece")
	m := d.fieldsOf(o, n, path)
	var t Terrain
	if v, ok := m["name"]; ok {
		t.Name = d.Str(v, at(path, "name"))
	}
	var shapes []string
	for _, k := range o.OneOf {
		if _, ok := m[k]; ok {
			shapes = append(shapes, k)
		}
	}
	rn := d.Res(n)
	switch {
	case len(shapes) == 0 && rn != nil && rn.Kind == yaml.MappingNode:
		d.Fail(rn, path, "", "a terrain piece needs a shape: %s", strings.ReplaceAll(codeList(o.OneOf), "`", ""))
	case len(shapes) > 1:
		d.Fail(d.Res(m[shapes[1]]), at(path, shapes[1]), "", "a terrain piece has one shape; it already has %s", shapes[0])
	case len(shapes) == 1:
		t.Shape = shapes[0]
	}
	// A shape's numbers may reach past the board, as long as the shape
	// overlaps it.
	size := max(w, h)
	shape := func(key string) []float64 {
		return d.numbers(m[key], at(path, key), o.field(key).Count, -size, 2*size)
	}
	switch t.Shape {
	case "rect":
		p := at(path, "rect")
		if xs := shape("rect"); xs != nil {
			copy(t.Rect[:], xs)
			if xs[0] >= xs[2] || xs[1] >= xs[3] {
				d.Fail(d.Res(m["rect"]), p, "", "expected [x0, y0, x1, y1] with x0 < x1 and y0 < y1")
			} else if xs[2] <= 0 || xs[3] <= 0 || xs[0] >= w || xs[1] >= h {
				d.Fail(d.Res(m["rect"]), p, "", "the rectangle lies outside the %gx%g board", w, h)
			}
		}
	case "circle":
		p := at(path, "circle")
		if xs := shape("circle"); xs != nil {
			copy(t.Circle[:], xs)
			switch {
			case xs[2] <= 0:
				d.Fail(d.Res(m["circle"]), p, "", "radius %g must be above 0", xs[2])
			case xs[0] < 0 || xs[0] > w || xs[1] < 0 || xs[1] > h:
				d.Fail(d.Res(m["circle"]), p, "", "the centre (%g, %g) lies outside the %gx%g board", xs[0], xs[1], w, h)
			}
		}
	case "poly":
		p := at(path, "poly")
		pts := d.Seq(m["poly"], p)
		if len(pts) < 3 || len(pts) > geom.MaxPolyVerts {
			d.Fail(d.Res(m["poly"]), p, "", "a polygon has 3 to %d points, got %d", geom.MaxPolyVerts, len(pts))
			break
		}
		for i, pt := range pts {
			if xs := d.numbers(pt, idx(p, i), 2, -size, 2*size); xs != nil {
				t.Poly = append(t.Poly, [2]float64{xs[0], xs[1]})
			}
		}
		if len(t.Poly) == len(pts) && !convex(t.Poly) {
			d.Fail(d.Res(m["poly"]), p, "", "the polygon must be convex with its points in order (split a concave piece into convex ones)")
		}
	}
	if v, ok := m["types"]; ok {
		t.Types = d.namesOf(o, "types", v, path)
		if rv := d.Res(v); rv != nil && rv.Kind == yaml.SequenceNode && len(rv.Content) == 0 {
			d.Fail(rv, at(path, "types"), "", "list at least one terrain type (open for none)")
		}
	}
	if v, ok := m["height"]; ok {
		t.Height = d.numberOf(o, "height", v, path)
	}
	if v, ok := m["unstable"]; ok {
		t.Unstable = d.Bool(v, at(path, "unstable"))
		if t.Unstable && t.Height <= sim.LeapHeight {
			d.Fail(d.Res(v), at(path, "unstable"), "", "only a piece over %d\" tall can be stood on and fallen from: give it a height above %d", sim.LeapHeight, sim.LeapHeight)
		}
	}
	if v, ok := m["chasm"]; ok {
		t.Chasm = d.Bool(v, at(path, "chasm"))
		if t.Chasm && !slices.Contains(t.Types, "impassable") {
			d.Fail(d.Res(v), at(path, "chasm"), "", "a chasm is impassable ground a move jumps across: add impassable to its types")
		}
	}
	return t
}

// convex reports whether the polygon's points turn the same way all round
// and enclose some area.
func convex(pts [][2]float64) bool {
	sign, area := 0.0, 0.0
	n := len(pts)
	for i := range n {
		a, b, c := pts[i], pts[(i+1)%n], pts[(i+2)%n]
		cross := (b[0]-a[0])*(c[1]-b[1]) - (b[1]-a[1])*(c[0]-b[0])
		if cross != 0 {
			if sign == 0 {
				sign = cross
			} else if sign*cross < 0 {
				return false
			}
		}
		area += a[0]*b[1] - b[0]*a[1]
	}
	return area != 0
}
