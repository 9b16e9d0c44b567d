package skirmish

import (
	"slices"
	"sort"

	"gopkg.in/yaml.v3"

	yd "balance/configs/yamldata"
	"balance/internal/typo"
	"balance/sim/geom"
	sk "balance/sim/skirmish"
)

// decodeWeapons reads weapons.yaml into w (an entry replaces one of the
// same name).
func decodeWeapons(d *yd.Decoder, root *yaml.Node, w map[string]*WeaponDef) {
	top := d.Fields(root, "", []string{"weapons"}, "weapons")
	pairs := d.Pairs(top["weapons"], "weapons")
	thrown := map[string]bool{}
	for _, e := range pairs {
		if n := d.Res(e.V); n != nil && n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == "class" && n.Content[i+1].Value == "thrown" {
					thrown[e.Key] = true
				}
			}
		}
	}
	for k, v := range w {
		if v.Class == "thrown" {
			thrown[k] = true
		}
	}
	known := []string{"class", "damage", "range", "fight", "shoot", "move", "waived_by", "targets", "blast", "fires",
		"radius", "attack", "length", "width", "slots", "source"}
	for _, e := range pairs {
		if !d.SlugKey(e, "weapons") {
			continue
		}
		path := yd.At("weapons", e.Key)
		f := d.Fields(e.V, path, known, "class")
		def := &WeaponDef{Name: e.Key, Targets: 1, file: d.File(), line: e.K.Line}
		def.Class = d.Name(f["class"], yd.At(path, "class"), "weapon class", classNames)
		num := func(key string, lo, hi int) int {
			if n, ok := f[key]; ok {
				return d.Int(n, yd.At(path, key), lo, hi)
			}
			return 0
		}
		dist := func(key string, lo, hi float64) float64 {
			if n, ok := f[key]; ok {
				return d.Number(n, yd.At(path, key), lo, hi)
			}
			return 0
		}
		def.Damage = num("damage", -5, 10)
		def.Fight = num("fight", -5, 5)
		def.Shoot = num("shoot", -5, 5)
		def.Move = num("move", -5, 0)
		def.Slots = num("slots", 0, 10)
		def.Attack = num("attack", -5, 10)
		def.Range = dist("range", 0, 100)
		def.Radius = dist("radius", 0, 10)
		def.Length = dist("length", 0, 24)
		def.Width = dist("width", 0, 6)
		if n, ok := f["targets"]; ok {
			def.Targets = d.Int(n, yd.At(path, "targets"), 1, 2)
		}
		if n, ok := f["source"]; ok {
			def.Source = d.Bool(n, yd.At(path, "source"))
		}
		if n, ok := f["waived_by"]; ok {
			def.Waive = d.Names(n, yd.At(path, "waived_by"), "armour type", armourNames[1:], false)
		}
		need := func(key, why string) {
			if _, ok := f[key]; !ok {
				d.Fail(d.Res(e.V), yd.At(path, key), "", "missing; %s", why)
			}
		}
		switch def.Class {
		case "gun":
			need("range", "a gun needs its maximum range")
		case "thrown":
			need("range", "a grenade needs its range")
			need("blast", "a grenade is frag or smoke")
			need("radius", "a grenade needs its radius (frag: damage, smoke: cloud)")
			if n, ok := f["blast"]; ok {
				def.Blast = d.Name(n, yd.At(path, "blast"), "blast", blastNames)
			}
		case "launcher":
			need("range", "a launcher needs its range")
			need("fires", "a launcher fires a thrown grenade")
			if n, ok := f["fires"]; ok {
				names := sortedKeys(thrown)
				def.Fires = d.Name(n, yd.At(path, "fires"), "grenade", names)
			}
		case "flame":
			need("length", "a flame thrower needs its template's length")
			need("width", "a flame thrower needs its template's width")
		}
		w[e.Key] = def
	}
	if _, ok := w["unarmed"]; !ok && len(pairs) > 0 {
		d.Fail(d.Res(top["weapons"]), "weapons.unarmed", "", "missing; the unarmed entry is what a figure without a melee weapon fights with")
	}
}

func sortedKeys[T any](m map[string]T) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// decodeRules reads rules.yaml over r: each switch given replaces its
// reading.
func decodeRules(d *yd.Decoder, root *yaml.Node, r *sk.Rules) {
	top := d.Fields(root, "", []string{"rules"}, "rules")
	keys := SwitchKeys()
	for _, e := range d.Pairs(top["rules"], "rules") {
		s := switchOf(e.Key)
		path := yd.At("rules", e.Key)
		if s == nil {
			d.Fail(e.K, path, suggest(e.Key, keys), "unknown rule %q (known: %s)", e.Key, yd.ListOf(keys))
			continue
		}
		if s.Values == nil {
			before := d.NErrs()
			v := d.Int(e.V, path, s.Lo, s.Hi)
			if d.NErrs() == before {
				s.set(r, v)
			}
			continue
		}
		if name := d.Name(e.V, path, "reading of "+e.Key, s.Values); name != "" {
			s.set(r, slices.Index(s.Values, name))
		}
	}
}

// decodeFigure reads one figure (of a warband, or a creature).
func decodeFigure(d *yd.Decoder, n *yaml.Node, path string, creature bool, weapons []string) FigureDef {
	known := []string{"key", "name", "role", "move", "fight", "shoot", "armour", "will", "health", "armour_type", "large", "base", "weapons", "powers"}
	req := []string{"move", "fight", "shoot", "armour", "will", "health"}
	if creature {
		known = slices.DeleteFunc(slices.Clone(known), func(s string) bool { return s == "key" || s == "role" })
		req = append(req, "name")
	} else {
		req = append(req, "key", "name", "role")
	}
	f := d.Fields(n, path, known, req...)
	var fd FigureDef
	if kn, ok := f["key"]; ok {
		fd.Key = d.Str(kn, yd.At(path, "key"))
		if fd.Key != "" && !yd.SlugRE.MatchString(fd.Key) {
			d.Fail(d.Res(kn), yd.At(path, "key"), "", "a key must be lower-case letters, digits, - or _")
		}
	}
	if nn, ok := f["name"]; ok {
		fd.Name = d.Str(nn, yd.At(path, "name"))
	}
	if rn, ok := f["role"]; ok {
		fd.Role = d.Name(rn, yd.At(path, "role"), "role", roleNames)
	}
	if mn, ok := f["move"]; ok {
		fd.Move = d.Number(mn, yd.At(path, "move"), 1, maxMove)
	}
	stat := func(key string, lo, hi int) int {
		if sn, ok := f[key]; ok {
			return d.Int(sn, yd.At(path, key), lo, hi)
		}
		return 0
	}
	fd.Fight = stat("fight", -5, maxStat)
	fd.Shoot = stat("shoot", -5, maxStat)
	fd.Armour = stat("armour", 0, 2*maxStat)
	fd.Will = stat("will", -5, maxStat)
	fd.Health = stat("health", 1, maxHealth)
	fd.ArmourType = "none"
	if an, ok := f["armour_type"]; ok {
		fd.ArmourType = d.Name(an, yd.At(path, "armour_type"), "armour type", armourNames)
	}
	if ln, ok := f["large"]; ok {
		fd.Large = d.Bool(ln, yd.At(path, "large"))
	}
	fd.Base = 0.5
	if bn, ok := f["base"]; ok {
		fd.Base = d.Number(bn, yd.At(path, "base"), 0.25, 3)
	}
	if wn, ok := f["weapons"]; ok {
		fd.Weapons = d.Names(wn, yd.At(path, "weapons"), "weapon", weapons, false)
		if len(fd.Weapons) > sk.MaxWeapons {
			d.Fail(d.Res(wn), yd.At(path, "weapons"), "", "%d weapons: a figure carries at most %d", len(fd.Weapons), sk.MaxWeapons)
		}
	}
	if pn, ok := f["powers"]; ok {
		items := d.Seq(pn, yd.At(path, "powers"))
		if len(items) > sk.MaxPowers {
			d.Fail(d.Res(pn), yd.At(path, "powers"), "", "%d powers: a figure knows at most %d", len(items), sk.MaxPowers)
			items = items[:sk.MaxPowers]
		}
		for i, it := range items {
			fd.Powers = append(fd.Powers, decodePower(d, it, yd.Idx(yd.At(path, "powers"), i)))
		}
	}
	return fd
}

func decodePower(d *yd.Decoder, n *yaml.Node, path string) PowerDef {
	f := d.Fields(n, path, []string{"name", "activation", "strain", "power_move", "effect", "amount", "range"}, "name", "activation", "effect")
	var p PowerDef
	if v, ok := f["name"]; ok {
		p.Name = d.Str(v, yd.At(path, "name"))
	}
	if v, ok := f["activation"]; ok {
		p.AN = d.Int(v, yd.At(path, "activation"), 1, 30)
	}
	if v, ok := f["strain"]; ok {
		p.Strain = d.Int(v, yd.At(path, "strain"), 0, 10)
	}
	if v, ok := f["power_move"]; ok {
		p.PowerMove = d.Bool(v, yd.At(path, "power_move"))
	}
	if v, ok := f["effect"]; ok {
		p.Effect = d.Name(v, yd.At(path, "effect"), "power effect", effectNames)
	}
	if v, ok := f["amount"]; ok {
		p.Amount = d.Int(v, yd.At(path, "amount"), 0, 20)
	}
	if v, ok := f["range"]; ok {
		p.Range = d.Number(v, yd.At(path, "range"), 0, 48)
	}
	if p.Effect != "" && sk.Ops[slices.Index(effectNames, p.Effect)].Target {
		if _, ok := f["range"]; !ok {
			d.Fail(d.Res(n), yd.At(path, "range"), "", "missing; a %s power needs the range of its target", p.Effect)
		}
	}
	return p
}

// decodeCreatures reads creatures.yaml into c.
func decodeCreatures(d *yd.Decoder, root *yaml.Node, c map[string]*FigureDef, weapons []string) {
	top := d.Fields(root, "", []string{"creatures"}, "creatures")
	for _, e := range d.Pairs(top["creatures"], "creatures") {
		if !d.SlugKey(e, "creatures") {
			continue
		}
		fd := decodeFigure(d, e.V, yd.At("creatures", e.Key), true, weapons)
		fd.Key, fd.Role = e.Key, "creature"
		c[e.Key] = &fd
	}
}

// decodeWarband reads warbands/SLUG.yaml.
func decodeWarband(d *yd.Decoder, root *yaml.Node, slug string, weapons []string) *WarbandDef {
	f := d.Fields(root, "", []string{"name", "plural", "summary", "figures"}, "name", "figures")
	w := &WarbandDef{Slug: slug, file: d.File()}
	if n, ok := f["name"]; ok {
		w.Name = d.Str(n, "name")
	}
	if n, ok := f["plural"]; ok {
		w.Plural = d.Bool(n, "plural")
	}
	if n, ok := f["summary"]; ok {
		w.Summary = d.Str(n, "summary")
	}
	items := d.Seq(f["figures"], "figures")
	if fn := d.Res(f["figures"]); fn != nil && (len(items) < 1 || len(items) > sk.MaxBand) {
		d.Fail(fn, "figures", "", "%d figures: a warband has 1..%d", len(items), sk.MaxBand)
	}
	keys := map[string]int{}
	roles := map[string]int{}
	for i, it := range items {
		path := yd.Idx("figures", i)
		fd := decodeFigure(d, it, path, false, weapons)
		if fd.Key == "bonus" {
			d.Fail(d.Res(it), yd.At(path, "key"), "", "the key bonus is taken (-set a.bonus.STAT): give the figure another")
		}
		if first, dup := keys[fd.Key]; dup && fd.Key != "" {
			d.Fail(d.Res(it), yd.At(path, "key"), "", "key %q is already figure %d's", fd.Key, first)
		}
		keys[fd.Key] = i
		roles[fd.Role]++
		w.Figures = append(w.Figures, fd)
	}
	if fn := d.Res(f["figures"]); fn != nil && len(items) > 0 {
		if roles["captain"] != 1 {
			d.Fail(fn, "figures", "", "%d captains: a warband has one", roles["captain"])
		}
		if roles["first_mate"] > 1 {
			d.Fail(fn, "figures", "", "%d first mates: a warband has at most one", roles["first_mate"])
		}
	}
	return w
}

// point decodes [x, y] within the table.
func point(d *yd.Decoder, n *yaml.Node, path string, w, h float64) []float64 {
	items := d.Seq(n, path)
	if rn := d.Res(n); rn != nil && len(items) != 2 {
		d.Fail(rn, path, "", "expected [x, y], got %d numbers", len(items))
		return nil
	}
	if len(items) != 2 {
		return nil
	}
	return []float64{d.Number(items[0], yd.Idx(path, 0), 0, w), d.Number(items[1], yd.Idx(path, 1), 0, h)}
}

// numbers decodes a list of k numbers in lo..hi.
func numbers(d *yd.Decoder, n *yaml.Node, path string, k int, lo, hi float64, what string) []float64 {
	items := d.Seq(n, path)
	if rn := d.Res(n); rn != nil && len(items) != k {
		d.Fail(rn, path, "", "expected %s, got %d numbers", what, len(items))
		return nil
	}
	out := make([]float64, len(items))
	for i, it := range items {
		out[i] = d.Number(it, yd.Idx(path, i), lo, hi)
	}
	return out
}

// decodeScenario reads scenarios/SLUG.yaml.
func decodeScenario(d *yd.Decoder, root *yaml.Node, slug string, creatures []string) *ScenarioDef {
	f := d.Fields(root, "", []string{"name", "table", "turn_cap", "home", "deploy", "terrain", "loot", "creatures"},
		"name", "table", "turn_cap", "home", "deploy")
	s := &ScenarioDef{Slug: slug, file: d.File()}
	if n, ok := f["name"]; ok {
		s.Name = d.Str(n, "name")
	}
	if t := numbers(d, f["table"], "table", 2, 6, 120, "[width, height] in inches"); len(t) == 2 {
		s.W, s.H = t[0], t[1]
	}
	if n, ok := f["turn_cap"]; ok {
		s.TurnCap = d.Int(n, "turn_cap", 1, sk.MaxTurnCap)
	}
	hf := d.Fields(f["home"], "home", []string{"a", "b"}, "a", "b")
	for k, key := range []string{"a", "b"} {
		if n, ok := hf[key]; ok {
			s.Home[k] = d.Name(n, yd.At("home", key), "table edge", edgeNames)
		}
	}
	if s.Home[0] != "" && s.Home[0] == s.Home[1] {
		d.Fail(d.Res(f["home"]), "home", "", "both warbands' edges are %s; give them opposite edges", s.Home[0])
	}
	// The points that place a figure or a token, checked against the
	// impassable pieces once the terrain is read.
	type placed struct {
		n    *yaml.Node
		path string
		at   []float64
	}
	var points []placed
	df := d.Fields(f["deploy"], "deploy", []string{"a", "b"}, "a", "b")
	for k, key := range []string{"a", "b"} {
		path := yd.At("deploy", key)
		items := d.Seq(df[key], path)
		if rn := d.Res(df[key]); rn != nil && (len(items) < 1 || len(items) > sk.MaxBand) {
			d.Fail(rn, path, "", "%d points: give one per figure, 1..%d", len(items), sk.MaxBand)
		}
		for i, it := range items {
			if p := point(d, it, yd.Idx(path, i), s.W, s.H); p != nil {
				s.Deploy[k] = append(s.Deploy[k], p)
				points = append(points, placed{it, yd.Idx(path, i), p})
			}
		}
	}
	tn := d.Seq(f["terrain"], "terrain")
	if len(tn) > sk.MaxTerrain {
		d.Fail(d.Res(f["terrain"]), "terrain", "", "%d pieces: at most %d", len(tn), sk.MaxTerrain)
		tn = tn[:sk.MaxTerrain]
	}
	for i, it := range tn {
		s.Terrain = append(s.Terrain, decodeTerrain(d, it, yd.Idx("terrain", i), s.W, s.H))
	}
	ln := d.Seq(f["loot"], "loot")
	if len(ln) > sk.MaxLoot {
		d.Fail(d.Res(f["loot"]), "loot", "", "%d tokens: at most %d", len(ln), sk.MaxLoot)
		ln = ln[:sk.MaxLoot]
	}
	for i, it := range ln {
		path := yd.Idx("loot", i)
		lf := d.Fields(it, path, []string{"at", "kind"}, "at", "kind")
		l := LootDef{At: point(d, lf["at"], yd.At(path, "at"), s.W, s.H)}
		points = append(points, placed{lf["at"], yd.At(path, "at"), l.At})
		if n, ok := lf["kind"]; ok {
			l.Kind = d.Name(n, yd.At(path, "kind"), "loot kind", lootKinds)
		}
		s.Loot = append(s.Loot, l)
	}
	cn := d.Seq(f["creatures"], "creatures")
	if len(cn) > sk.MaxCreatures {
		d.Fail(d.Res(f["creatures"]), "creatures", "", "%d creatures: at most %d", len(cn), sk.MaxCreatures)
		cn = cn[:sk.MaxCreatures]
	}
	for i, it := range cn {
		path := yd.Idx("creatures", i)
		cf := d.Fields(it, path, []string{"creature", "at"}, "creature", "at")
		c := PlacedCreature{At: point(d, cf["at"], yd.At(path, "at"), s.W, s.H)}
		points = append(points, placed{cf["at"], yd.At(path, "at"), c.At})
		if n, ok := cf["creature"]; ok {
			c.Creature = d.Name(n, yd.At(path, "creature"), "creature", creatures)
		}
		s.Creatures = append(s.Creatures, c)
	}
	for _, p := range points {
		if len(p.at) != 2 {
			continue
		}
		for k := range s.Terrain {
			t := &s.Terrain[k]
			if !t.Impassable || len(t.Rect)+len(t.Circle)+len(t.Poly) == 0 {
				continue
			}
			if sh := shapeOf(t); sh.Contains(geom.V(float32(p.at[0]), float32(p.at[1]))) {
				d.Fail(d.Res(p.n), p.path, "", "[%g, %g] lies inside %q (terrain[%d]), which is impassable: place it outside the piece",
					p.at[0], p.at[1], t.Name, k)
				break
			}
		}
	}
	return s
}

func decodeTerrain(d *yd.Decoder, n *yaml.Node, path string, w, h float64) TerrainDef {
	f := d.Fields(n, path, []string{"name", "rect", "circle", "poly", "blocks_los", "impassable", "cover", "rough", "water", "height"}, "name")
	var t TerrainDef
	if v, ok := f["name"]; ok {
		t.Name = d.Str(v, yd.At(path, "name"))
	}
	shapes := 0
	if v, ok := f["rect"]; ok {
		shapes++
		t.Rect = numbers(d, v, yd.At(path, "rect"), 4, -w, 2*w, "[x0, y0, x1, y1]")
		if len(t.Rect) == 4 && (t.Rect[0] == t.Rect[2] || t.Rect[1] == t.Rect[3]) {
			d.Fail(d.Res(v), yd.At(path, "rect"), "", "a rectangle needs a width and a height")
			t.Rect = nil
		}
	}
	if v, ok := f["circle"]; ok {
		shapes++
		t.Circle = numbers(d, v, yd.At(path, "circle"), 3, -w, 2*w, "[x, y, radius]")
		if len(t.Circle) == 3 && !(t.Circle[2] > 0) {
			d.Fail(d.Res(v), yd.At(path, "circle"), "", "a circle needs a radius above 0")
			t.Circle = nil
		}
	}
	if v, ok := f["poly"]; ok {
		shapes++
		items := d.Seq(v, yd.At(path, "poly"))
		for i, it := range items {
			if p := numbers(d, it, yd.Idx(yd.At(path, "poly"), i), 2, -w, 2*w, "[x, y]"); len(p) == 2 {
				t.Poly = append(t.Poly, p)
			}
		}
		if len(t.Poly) == len(items) && len(items) > 0 {
			if _, err := polyShape(t.Poly); err != nil {
				d.Fail(d.Res(v), yd.At(path, "poly"), "", "%v", err)
				t.Poly = nil
			}
		}
	}
	if shapes != 1 {
		d.Fail(d.Res(n), path, "", "give exactly one shape: rect, circle or poly")
	}
	b := func(key string) bool {
		if v, ok := f[key]; ok {
			return d.Bool(v, yd.At(path, key))
		}
		return false
	}
	t.BlocksLOS, t.Impassable, t.Rough, t.Water = b("blocks_los"), b("impassable"), b("rough"), b("water")
	t.Cover = "none"
	if v, ok := f["cover"]; ok {
		t.Cover = d.Name(v, yd.At(path, "cover"), "cover", coverNames)
	}
	if v, ok := f["height"]; ok {
		t.Height = d.Number(v, yd.At(path, "height"), 0, 20)
		if t.Impassable && t.Height > 0 {
			d.Fail(d.Res(v), yd.At(path, "height"), "", "an impassable piece is not climbed: drop its height or impassable")
		}
	}
	return t
}

func polyShape(pts [][]float64) (geom.Shape, error) {
	vs := make([]geom.Vec, len(pts))
	for i, p := range pts {
		vs[i] = geom.V(float32(p[0]), float32(p[1]))
	}
	return geom.NewPoly(vs...)
}

// shapeOf compiles a terrain piece's shape.
func shapeOf(t *TerrainDef) geom.Shape {
	switch {
	case len(t.Rect) == 4:
		return geom.NewRect(float32(t.Rect[0]), float32(t.Rect[1]), float32(t.Rect[2]), float32(t.Rect[3]))
	case len(t.Circle) == 3:
		return geom.NewCircle(geom.V(float32(t.Circle[0]), float32(t.Circle[1])), float32(t.Circle[2]))
	}
	s, _ := polyShape(t.Poly)
	return s
}

func suggest(word string, candidates []string) string { return typo.Nearest(word, candidates) }
