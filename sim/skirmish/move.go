package skirmish

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"balance/sim/geom"
)

// navFor is the routers for bases of one radius: route goes around
// impassable pieces and the pieces one would climb (the warbands' way),
// climb around impassable pieces only (the creatures', climbing
// obstacles as necessary).
type navFor struct {
	r            float32
	route, climb *router
}

// within reports whether p lies inside shape s by more than a hair: a
// figure stopped at a piece's edge is not on it.
func within(s *geom.Shape, p geom.Vec) bool {
	const hair = 1e-3
	if p.X <= s.Min.X || p.X >= s.Max.X || p.Y <= s.Min.Y || p.Y >= s.Max.Y {
		return false
	}
	if s.Kind == geom.Circle {
		return p.Dist(s.C) < s.R-hair
	}
	n := int(s.N)
	for i := 0; i < n; i++ {
		a, b := s.P[i], s.P[(i+1)%n]
		e := b.Sub(a)
		if e.Cross(p.Sub(a)) <= hair*e.Len() {
			return false
		}
	}
	return true
}

// Prepare checks the Setup's limits and builds what play reads: the
// navigation grids around impassable terrain, one per base radius, and
// the pieces each query goes through. Call it once after filling the
// Setup and before any Battle uses it.
func (s *Setup) Prepare() error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	sc := &s.Scenario
	switch {
	case len(s.Profiles) > MaxFigures:
		bad("%d figures: at most %d", len(s.Profiles), MaxFigures)
	case s.NBand[0] < 1 || s.NBand[1] < 1 || s.NBand[0] > MaxBand || s.NBand[1] > MaxBand:
		bad("warbands of %d and %d figures: each 1..%d", s.NBand[0], s.NBand[1], MaxBand)
	case s.NCreatures() < 0 || s.NCreatures() > MaxCreatures:
		bad("%d creatures: at most %d", s.NCreatures(), MaxCreatures)
	}
	if len(sc.Terrain) > MaxTerrain {
		bad("%d terrain pieces: at most %d", len(sc.Terrain), MaxTerrain)
	}
	if len(sc.Loot) > MaxLoot {
		bad("%d loot tokens: at most %d", len(sc.Loot), MaxLoot)
	}
	if sc.TurnCap < 1 || sc.TurnCap > MaxTurnCap {
		bad("turn cap %d: 1..%d", sc.TurnCap, MaxTurnCap)
	}
	if !(sc.W > 0 && sc.H > 0) {
		bad("table %vx%v", sc.W, sc.H)
	}
	if int(s.Unarmed) >= len(s.Weapons) || s.Weapons[s.Unarmed].Class != Melee {
		bad("no unarmed entry in the weapons")
	}
	for i := range s.Profiles {
		p := &s.Profiles[i]
		want := SideCreatures
		switch {
		case i < s.NBand[0]:
			want = SideA
		case i < s.NBand[0]+s.NBand[1]:
			want = SideB
		}
		if p.Side != want || (p.Role == Creature) != (want == SideCreatures) {
			bad("figure %d (%s): side %d, role %s out of order", i, p.Name, p.Side, p.Role)
		}
		if !(p.Base > 0) {
			bad("figure %s: base radius %v", p.Name, p.Base)
		}
		if int(p.Melee) >= len(s.Weapons) {
			bad("figure %s: melee weapon %d", p.Name, p.Melee)
		}
		for k := 0; k < int(p.NWeapons); k++ {
			if int(p.Weapons[k]) >= len(s.Weapons) {
				bad("figure %s: weapon %d", p.Name, p.Weapons[k])
			}
		}
	}
	for side := 0; side < 2; side++ {
		caps := 0
		for i := range s.Profiles {
			if int(s.Profiles[i].Side) == side && s.Profiles[i].Role == Captain {
				caps++
			}
		}
		if caps > 1 {
			bad("warband %d has %d captains", side, caps)
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	for i := range s.Profiles {
		p := &s.Profiles[i]
		p.meleeFight = s.Weapons[p.Melee].Fight
		p.gun = -1
		for k := 0; k < int(p.NWeapons); k++ {
			w := int(p.Weapons[k])
			if c := s.Weapons[w].Class; (c == Gun || c == Flame) && (p.gun < 0 || s.Weapons[w].Range > s.Weapons[p.gun].Range) {
				p.gun = int16(w)
			}
		}
	}
	s.climbed, s.ground, s.blocking, s.covering = nil, nil, nil, nil
	for k := range sc.Terrain {
		t := &sc.Terrain[k]
		if t.Height > 0 && !t.Impassable {
			s.climbed = append(s.climbed, uint8(k))
		}
		if !t.Impassable && (t.Rough || t.Water || t.Height > 0) {
			s.ground = append(s.ground, uint8(k))
		}
		if t.BlocksLOS {
			s.blocking = append(s.blocking, uint8(k))
		}
		if t.Cover != CoverNone && !t.BlocksLOS {
			s.covering = append(s.covering, uint8(k))
		}
	}
	s.buildPointTab()
	s.buildLineTab()
	var far float32 // the farthest near reach
	s.maxBase = 0
	for i := range s.Profiles {
		s.maxBase = max(s.maxBase, s.Profiles[i].Base)
		for j := range s.Profiles {
			r := s.Profiles[i].Base + s.Profiles[j].Base + contactTol
			q := &s.reach2[i][j]
			q.touch = r * r
			r += nearMargin
			q.near = r * r
			far = max(far, r)
		}
	}
	w := max(far+0.01, sc.W/gridMax, sc.H/gridMax)
	s.grid = contactGrid{inv: 1 / w, cols: max(1, min(gridMax, int(math.Ceil(float64(sc.W/w))))), rows: max(1, min(gridMax, int(math.Ceil(float64(sc.H/w)))))}
	var blocked, climbed, difficult []geom.Shape
	for k := range sc.Terrain {
		t := &sc.Terrain[k]
		switch {
		case t.Impassable:
			blocked = append(blocked, t.Shape)
		case t.Height > 0:
			climbed = append(climbed, t.Shape)
		case t.Rough || t.Water:
			difficult = append(difficult, t.Shape)
		}
	}
	s.nNavs = 0
	for i := range s.Profiles {
		r := s.Profiles[i].Base
		if s.hasNav(r) {
			continue
		}
		if s.nNavs == len(s.navs) {
			return fmt.Errorf("more than %d base sizes", len(s.navs))
		}
		nf := navFor{r: r}
		nf.route = newRouter(sc.W, sc.H, r, append(slices.Clone(blocked), climbed...), difficult)
		nf.climb = newRouter(sc.W, sc.H, r, blocked, difficult)
		s.navs[s.nNavs] = nf
		s.nNavs++
	}
	for i := range s.Profiles {
		for k := 0; k < s.nNavs; k++ {
			if s.navs[k].r == s.Profiles[i].Base {
				s.navFig[i] = uint8(k)
			}
		}
	}
	return nil
}

func (s *Setup) hasNav(r float32) bool {
	for k := 0; k < s.nNavs; k++ {
		if s.navs[k].r == r {
			return true
		}
	}
	return false
}

// navFor is navOf for figure i's base (found when the design is
// prepared).
func (s *Setup) navFor(i int, climb bool) *router {
	n := &s.navs[s.navFig[i]]
	if climb {
		return n.climb
	}
	return n.route
}

// navOf returns the router figures of base radius r walk by (nil: open
// ground): around what they would climb, unless climb is set.
func (s *Setup) navOf(r float32, climb bool) *router {
	for k := 0; k < s.nNavs; k++ {
		if s.navs[k].r == r {
			if climb {
				return s.navs[k].climb
			}
			return s.navs[k].route
		}
	}
	return nil
}

// climbs reports whether figure i walks straight over obstacles
// (creatures climb them as necessary; warband figures go around).
func (b *Battle) climbs(i int) bool { return b.Figs[i].Side == SideCreatures }

// Next returns the point figure i heads for on its way to p.
func (b *Battle) Next(i int, p geom.Vec) geom.Vec {
	return b.S.navOf(b.base[i], b.climbs(i)).next(b.Figs[i].Pos, p, b.memo)
}

// PathLen returns the length of the way figure i would walk to p, around
// the terrain it avoids (ignoring what the ground costs).
func (b *Battle) PathLen(i int, p geom.Vec) float32 {
	rt := b.S.navOf(b.base[i], b.climbs(i))
	if rt == nil {
		return b.Figs[i].Pos.Dist(p)
	}
	return rt.pathLen(b.Figs[i].Pos, p)
}

// Elevation returns the height of the ground at p: the highest piece one
// stands on that contains p, 0 on the table.
func (b *Battle) Elevation(p geom.Vec) float32 { return b.S.elevation(p) }

func (b *Battle) inWater(p geom.Vec) bool { return b.S.waterAt(p) }

// InWater reports whether figure i stands in water.
func (b *Battle) InWater(i int) bool { return b.inWater(b.Figs[i].Pos) }

// ground returns what moving across p costs: 2 in rough ground or water,
// 1 elsewhere, and whether p is water.
func (b *Battle) ground(p geom.Vec) (mult float32, water bool) { return b.S.groundAt(p) }

// EdgeDist returns the distance between the bases of figures i and j.
func (b *Battle) EdgeDist(i, j int) float32 {
	return geom.EdgeDist(b.Figs[i].Pos, b.base[i], b.Figs[j].Pos, b.base[j])
}

// EdgeDistFrom returns the distance from the edge of a base of radius r
// at p to figure j's base: EdgeDist(i, j) for p and r figure i's place
// and base, read once by a caller that asks about many j.
func (b *Battle) EdgeDistFrom(p geom.Vec, r float32, j int) float32 {
	return geom.EdgeDist(p, r, b.Figs[j].Pos, b.base[j])
}

// Base returns figure i's base radius.
func (b *Battle) Base(i int) float32 { return b.base[i] }

// InCombatWith reports whether figures i and j are enemies in base
// contact, both standing.
func (b *Battle) InCombatWith(i, j int) bool {
	if b.moved != 0 {
		b.contacts()
	}
	return b.touch[i]&b.foesOf[i]&(1<<j) != 0
}

// InCombat reports whether figure i is in combat with any enemy.
func (b *Battle) InCombat(i int) bool { return b.Engaged()&(1<<i) != 0 }

// opponents returns the figures in combat with figure i, as a mask.
func (b *Battle) opponents(i int) uint32 {
	if b.moved != 0 {
		b.contacts()
	}
	return b.touch[i] & b.foesOf[i]
}

// Band returns the standing figures of side, as a mask (bit i: figure
// i).
func (b *Battle) Band(side int8) uint32 { return b.sides[side] & b.standing }

// Foes returns the standing enemies of figure i, as a mask.
func (b *Battle) Foes(i int) uint32 { return b.standing & b.foesOf[i] }

// moveLE moves bit, in the masks le of the columns (or rows) from a
// figure's own on, from column a to column c: set in c..a-1 when it moved
// down, cleared in a..c-1 when it moved up.
func moveLE(le *gridLE, a, c uint8, bit uint32) {
	for k := c; k < a; k++ {
		le[k] |= bit
	}
	for k := a; k < c; k++ {
		le[k] &^= bit
	}
}

// regrid puts figure i in the contact grid's column and row of its
// place: in the masks of the columns and rows from its own on.
func (b *Battle) regrid(i int) {
	bit := uint32(1) << i
	cx, cy := b.S.grid.cell(b.Figs[i].Pos)
	moveLE(&b.colLE, b.gcol[i], cx, bit)
	moveLE(&b.rowLE, b.grow[i], cy, bit)
	b.gcol[i], b.grow[i] = cx, cy
}

// round returns the figures in the contact grid's cells round p's (every
// figure whose base may overlap a base at p, or be about in contact).
func (b *Battle) round(p geom.Vec) uint32 {
	cx, cy := b.S.grid.cell(p)
	return (b.colLE[cx+1] &^ b.colLE[cx-2]) & (b.rowLE[cy+1] &^ b.rowLE[cy-2])
}

// boxed returns the figures in the contact grid's columns and rows that
// s's box grown by reach reaches (every figure whose place lies no
// farther than reach off the box).
func (b *Battle) boxed(s *segBox, reach float32) uint32 {
	g := &b.S.grid
	c0, r0 := g.cell(geom.Vec{X: s.lo.X - reach, Y: s.lo.Y - reach})
	c1, r1 := g.cell(geom.Vec{X: s.hi.X + reach, Y: s.hi.Y + reach})
	return (b.colLE[c1] &^ b.colLE[c0-1]) & (b.rowLE[r1] &^ b.rowLE[r0-1])
}

// placed notes that figure i's place changed (and, for the walk,
// where its leg ended: walkKept).
func (b *Battle) placed(i int) {
	if k := b.walked.n - 1; k >= 0 && k < walkLegs {
		b.walked.end[k] = b.Figs[i].Pos
	}
	b.moved |= 1 << i
	b.regrid(i)
	if b.ver[i]++; b.ver[i] == 0 {
		// The version wrapped: what is remembered about i is forgotten.
		for j := range b.losMemo {
			b.losMemo[i][j], b.losMemo[j][i] = losMemo{}, losMemo{}
		}
		b.ver[i] = 1
	}
}

// nearMargin is how much farther than contact near reaches: far more
// than float32's error on the distances of the table.
const nearMargin = 1e-3

// nearTo returns the standing figures about in contact with figure j
// (a superset of those whose bases are within contactTol of its base).
func (b *Battle) nearTo(j int) uint32 {
	if b.moved != 0 {
		b.contacts()
	}
	return b.near[j]
}

// contacts brings touch and near up to date for the figures that moved.
// Only the figures in the grid's cells round a figure's are asked about:
// a cell is as wide as the farthest near reach, so every figure about in
// contact with it lies in its cell or the next. It is not inlined, so
// that its callers (Engaged, InCombat, ...) are small enough to be.
//
//go:noinline
func (b *Battle) contacts() {
	var changed uint32 // the figures whose touch changed, or may have
	for m := b.moved; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		bit := uint32(1) << i
		var row, nrow uint32
		if b.standing&bit != 0 {
			pi, reach := b.Figs[i].Pos, &b.S.reach2[i]
			cx, cy := b.gcol[i], b.grow[i] // the cell of i's place
			for o := (b.colLE[cx+1] &^ b.colLE[cx-2]) & (b.rowLE[cy+1] &^ b.rowLE[cy-2]) & b.standing &^ bit; o != 0; o &= o - 1 {
				j := bits.TrailingZeros32(o)
				d2 := pi.Sub(b.Figs[j].Pos).Len2()
				if d2 <= reach[j].near {
					nrow |= 1 << j
					if d2 <= reach[j].touch {
						row |= 1 << j
					}
				}
			}
		}
		changed |= bit | row ^ b.touch[i]
		for ch := row ^ b.touch[i]; ch != 0; ch &= ch - 1 {
			b.touch[bits.TrailingZeros32(ch)] ^= bit
		}
		for ch := nrow ^ b.near[i]; ch != 0; ch &= ch - 1 {
			b.near[bits.TrailingZeros32(ch)] ^= bit
		}
		b.touch[i], b.near[i] = row, nrow
	}
	for ; changed != 0; changed &= changed - 1 {
		k := bits.TrailingZeros32(changed)
		if b.touch[k]&b.foesOf[k] != 0 {
			b.engaged |= 1 << k
		} else {
			b.engaged &^= 1 << k
		}
	}
	b.moved = 0
}

// Engaged returns the figures in combat (each with some enemy), as a
// mask.
func (b *Battle) Engaged() uint32 {
	if b.moved != 0 {
		b.contacts()
	}
	return b.engaged
}

// Opponents appends to dst the figures in combat with figure i.
func (b *Battle) Opponents(i int, dst []int8) []int8 {
	for m := b.opponents(i); m != 0; m &= m - 1 {
		dst = append(dst, int8(bits.TrailingZeros32(m)))
	}
	return dst
}

// LOSPoint reports whether a line of sight runs from p to q: no piece
// that blocks sight and no smoke cloud lies across it.
func (b *Battle) LOSPoint(p, q geom.Vec) bool {
	if b.blocksSight(p, q) {
		return false
	}
	for k := 0; k < b.NSmoke; k++ {
		if c := &b.Smoke[k]; geom.SegmentCircle(p, q, c.C, c.R) {
			return false
		}
	}
	return true
}

// blocksSight reports whether a piece that blocks sight lies across the
// line p→q.
func (s *Setup) blocksSight(p, q geom.Vec) bool {
	if m := s.lines.near(p, q) & s.masks.blocking; m != 0 {
		line := newLineBox(p, q, 0) // when some piece is listed
		for ; m != 0; m &= m - 1 {
			t := &s.Scenario.Terrain[bits.TrailingZeros32(m)]
			if !line.offBox(&t.Shape) && !line.aside(&t.Shape) && t.Shape.SegmentHits(p, q) {
				return true
			}
		}
	}
	return false
}

// LOS reports whether figures i and j see each other (centre to centre;
// figures do not block sight, they give cover).
func (b *Battle) LOS(i, j int) bool {
	m := &b.losMemo[i][j]
	if m.vi != b.ver[i] || m.vj != b.ver[j] || m.vs != b.smokeVer {
		return b.losAnew(i, j, m)
	}
	return m.los
}

// losAnew works out the line of sight between figures i and j into m
// (LOS, small enough to be inlined, asks it when m is out of date).
func (b *Battle) losAnew(i, j int, m *losMemo) bool {
	m.vi, m.vj, m.vs = b.ver[i], b.ver[j], b.smokeVer
	m.los = b.LOSPoint(b.Figs[i].Pos, b.Figs[j].Pos)
	return m.los
}

// losMemo is a line of sight between two figures, remembered.
type losMemo struct {
	vi, vj, vs uint8
	los        bool
}

// Walking modes.
const (
	walkFree     uint8 = 1 << iota // Run for it: no movement penalty
	walkStraight                   // no path around impassable terrain: straight at the goal
	walkHalt                       // halt at any obstacle (a piece one would climb, an impassable piece)
)

// Allowance returns how far figure i's next Move action may take it on
// open ground: its Move for the first, half of it for a second, halved
// again while it carries physical loot; 0 when it may not move.
func (b *Battle) Allowance(i int) float32 {
	f := &b.Figs[i]
	if f.moves >= 2 {
		return 0
	}
	m := b.P(i).Move
	if f.moves == 1 {
		m /= 2
	}
	if f.Carry >= 0 && !b.Loot[f.Carry].Data {
		m /= 2
	}
	return m
}

// canAct reports whether figure i may take an action of the given kind
// now: it is the figure playing, it stands and has an action left, the
// game goes on, a group member's first action is a Move, and a figure
// not in combat keeps an action for the Move every activation needs.
func (b *Battle) canAct(i int, move bool) bool {
	f := &b.Figs[i]
	if b.Done || int(b.cur) != i || !f.Standing() || f.left <= 0 {
		return false
	}
	if move {
		return true
	}
	if b.step == StepGroupMove {
		return false
	}
	return f.moves > 0 || f.left > 1 || b.InCombat(i)
}

// Move is the Move action (the first at full Move, a second at half):
// figure i walks toward goal, around impassable terrain, paying double
// across rough ground and water and 2" per inch or part of an inch
// climbed, jumping a stretch of water up to 4" wide after a straight
// run-up as long. Going down a piece it drops when the drop is 3" or
// less or at most maxDrop, and climbs down otherwise. It stops at base
// contact with another figure (with an enemy, in combat), where an enemy
// intercepts it, or where its allowance runs out. A loot carrier that
// reaches its warband's table edge leaves the table. It reports whether
// the action was taken.
func (b *Battle) Move(i int, goal geom.Vec, maxDrop float32) bool {
	f := &b.Figs[i]
	if !b.canAct(i, true) || f.moves >= 2 || b.InCombat(i) {
		return false
	}
	budget := b.Allowance(i)
	f.moves++
	f.left--
	f.run = 0
	from := f.Pos
	b.walkKept(i, goal, budget, 0, maxDrop)
	if b.Trace != nil {
		b.emit(Event{Kind: EvMove, Fig: int8(i), Pos: f.Pos, F: f.Pos.Dist(from), N: int16(f.moves)})
	}
	b.afterMove(i)
	return true
}

// RunForIt is Run for it, only as a figure's first action: it moves 3"
// toward goal whatever would slow it, and its activation ends.
func (b *Battle) RunForIt(i int, goal geom.Vec) bool {
	f := &b.Figs[i]
	if !b.canAct(i, true) || f.left < 2 || f.moves > 0 || b.InCombat(i) {
		return false
	}
	f.moves++
	f.left = 0
	f.run = 0
	from := f.Pos
	b.walkKept(i, goal, runForIt, walkFree, 0)
	if b.Trace != nil {
		b.emit(Event{Kind: EvRun, Fig: int8(i), Pos: f.Pos, F: f.Pos.Dist(from)})
	}
	b.afterMove(i)
	return true
}

// RandomMove is a creature's random movement: a full Move in a uniformly
// drawn direction (one of 256), straight, halting at any obstacle or the
// table's edge.
func (b *Battle) RandomMove(i int) bool {
	f := &b.Figs[i]
	if !b.canAct(i, true) || f.moves >= 2 || b.InCombat(i) {
		return false
	}
	budget := b.Allowance(i)
	f.moves++
	f.left--
	f.run = 0
	dir := geom.Dir(uint8(b.RNG.Uint64() >> 56))
	goal := f.Pos.Add(dir.Scale(budget))
	from := f.Pos
	b.walkKept(i, goal, budget, walkStraight|walkHalt, 0)
	if b.Trace != nil {
		b.emit(Event{Kind: EvMove, Fig: int8(i), Pos: f.Pos, F: f.Pos.Dist(from), N: int16(f.moves), Why: "random direction"})
	}
	b.afterMove(i)
	return true
}

// afterMove lets a loot carrier at its warband's edge leave the table.
func (b *Battle) afterMove(i int) {
	f := &b.Figs[i]
	if f.Carry < 0 || !f.Standing() || f.Side > SideB {
		return
	}
	r := b.base[i]
	var at bool
	if b.S.Scenario.Home[f.Side] == 0 {
		at = f.Pos.Y-r <= contactTol
	} else {
		at = f.Pos.Y+r >= b.S.Scenario.H-contactTol
	}
	if !at {
		return
	}
	t := &b.Loot[f.Carry]
	t.Off, t.Carrier = f.Side, -1
	f.Carry = -1
	b.carrying &^= 1 << i
	f.flags |= fExited
	b.moved |= 1 << i
	b.standing &^= 1 << i
	f.left = 0
	b.T.Off[f.Side]++
	b.T.Exit[i] = int8(b.Turn)
	if b.Trace != nil {
		b.emit(Event{Kind: EvExit, Fig: int8(i)})
	}
	b.checkEnd()
}

// HomeGoal returns the point of figure i's warband edge straight behind
// it, where its base touches the edge.
func (b *Battle) HomeGoal(i int) geom.Vec {
	f := &b.Figs[i]
	r := b.base[i]
	y := r
	if b.S.Scenario.Home[f.Side&1] == 1 {
		y = b.S.Scenario.H - r
	}
	return geom.V(f.Pos.X, y)
}

// walk moves figure i toward goal with budget inches of movement; it
// reports whether the figure moved some distance, and the damage of the
// fall it took.
func (b *Battle) walk(i int, goal geom.Vec, budget float32, mode uint8, maxDrop float32) (far bool, fell int) {
	f := &b.Figs[i]
	r := b.base[i]
	sc := &b.S.Scenario
	goal = geom.ClampToBoard(goal, r, sc.W, sc.H)
	if goal == f.Pos && b.clearAt(b.S.navFor(i, false), goal) {
		return false, 0 // standing still where a base fits: no way to walk, round or climbing (which avoids less)
	}
	// Onto a piece, off its own, or crossing nothing it would climb, a figure walks over what it would go round;
	// onto a piece past others, round those to where it meets the piece (via), then on.
	over := b.climbs(i) || b.overground(f.Pos, goal)
	target, viaOn := goal, false
	if over && mode&walkStraight == 0 && !b.climbs(i) {
		target, viaOn = b.S.ontoVia(f.Pos, goal, r)
	}
	nav := b.S.navFor(i, over && !viaOn)
	fallDmg, fallen := 0, float32(0)
	var moved float32
	for leg := 0; leg < 12 && budget > 1e-3 && !b.Done; leg++ {
		from := f.Pos
		wp := target
		if mode&walkStraight == 0 {
			if wp = nav.next(from, target, b.memo); wp.Dist(from) < 1e-3 {
				wp = target // no way around: straight on, climbing
			}
		}
		d := wp.Sub(from)
		L := d.Len()
		if L < 1e-3 {
			break
		}
		dir := d.Scale(1 / L)
		if f.run > 0 && dir.Dot(f.runDir) < 0.999 {
			f.run = 0
		}
		f.runDir = dir
		sp := &b.legs
		b.spansOf(from, wp, sp)
		tEnd, spent, fd, fl := b.advance(i, from, wp, L, budget, 1, mode, maxDrop, false, sp)
		t := tEnd
		if mode&walkHalt != 0 {
			e := b.Elevation(from)
			for k := range sc.Terrain {
				tr := &sc.Terrain[k]
				if tr.Impassable || tr.Height > e+1e-3 {
					if ts, hit := tr.Shape.SweepHits(from, wp, r); hit && ts < t {
						t = ts
					}
				}
			}
		}
		// The enemies met on the way (friends are passed through, but
		// not stopped on), and those that come within 1" of it: in one
		// pass over the enemies, the farther reach first.
		hitFig := -1
		box, reach := boxOf(from, wp), r+interceptGap+geom.Eps // an enemy off the box by more than reach+rj is neither met nor met within 1"
		near, bx := interceptors{}, b.boxed(&box, reach+b.S.maxBase+1e-3)
		for m := b.Foes(i) & bx; m != 0; m &= m - 1 {
			j := bits.TrailingZeros32(m)
			pj, rj := b.Figs[j].Pos, b.base[j]
			if box.far(pj, reach+rj) {
				continue
			}
			if ts, hit := geom.SweepCircle(from, wp, r, pj, rj+interceptGap); hit {
				near.t[near.n], near.j[near.n] = ts, int8(j)
				near.n++
			}
			if box.far(pj, r+rj+geom.Eps) {
				continue
			}
			if ts, hit := geom.SweepCircle(from, wp, r, pj, rj); hit && ts < t {
				t, hitFig, b.walked.met = ts, j, true
			}
		}
		t, ic := b.interception(i, &near, t)
		if ic < 0 {
			t = b.offFriends(i, from, d, L, t, b.Band(f.Side)&bx&^(1<<i))
		}
		if t != 1 || tEnd != 1 || b.Trace != nil {
			// Walked only part of the leg (or traced): what that part
			// costs. A leg walked whole costs what the first pass found.
			_, spent, fd, fl = b.advance(i, from, wp, L, budget, t, mode, maxDrop, true, sp)
		}
		f.Pos = from.Add(d.Scale(t))
		b.placed(i)
		moved += L * t
		f.run += L * t
		budget -= spent
		fallDmg += fd
		fallen = max(fallen, fl)
		if ic >= 0 {
			b.intercept(ic, i)
			break
		}
		if hitFig >= 0 || t < 1-1e-5 || wp == goal {
			break
		}
		if viaOn && wp == target { // by the piece: on over it
			target, viaOn, nav = goal, false, b.S.navFor(i, true)
		}
	}
	if moved > 1e-3 {
		f.flags |= fMoved
	}
	if fallDmg > 0 {
		b.T.Falls++
		if b.Trace != nil {
			b.emit(Event{Kind: EvFall, Fig: int8(i), F: fallen, N: int16(fallDmg)})
		}
		b.damage(i, -1, fallDmg, "falling")
	}
	return moved > 1e-3, fallDmg
}

// segBox is a segment's bounding box, for cheap rejects of the bases
// far off the segment.
type segBox struct{ lo, hi geom.Vec }

func boxOf(a, b geom.Vec) segBox {
	x0, x1 := order(a.X, b.X)
	y0, y1 := order(a.Y, b.Y)
	return segBox{geom.Vec{X: x0, Y: y0}, geom.Vec{X: x1, Y: y1}}
}

// far reports that c lies farther than reach (plus a margin far above
// float32's error) from the box, and so from every point of the segment.
func (s *segBox) far(c geom.Vec, reach float32) bool {
	reach += 1e-3
	return c.X < s.lo.X-reach || c.X > s.hi.X+reach || c.Y < s.lo.Y-reach || c.Y > s.hi.Y+reach
}

// offFriends returns the fraction, at most t, along from→from+d (length
// L) at which figure i stops without standing on a friendly figure:
// stepping back a quarter inch at a time (to where it started, at worst).
// The friends it may stand on are among near (those of the leg's grown
// box, which holds every base that overlaps a place on the leg).
func (b *Battle) offFriends(i int, from, d geom.Vec, L, t float32, near uint32) float32 {
	if near == 0 {
		return t
	}
	r := b.base[i]
	step := 0.25 / L
	for n := 0; n < 64 && t > 0; n++ {
		p := from.Add(d.Scale(t))
		clear := true
		for m := near & b.round(p); m != 0 && clear; m &= m - 1 {
			if j := bits.TrailingZeros32(m); p.Dist(b.Figs[j].Pos) < r+b.base[j]-1e-3 {
				clear = false
			}
		}
		if clear {
			return t
		}
		t, b.walked.back = max(t-step, 0), true
	}
	return t
}

// overground reports whether a walk from p to q walks over what it
// would go round: onto a piece, off its own, or crossing nothing it would
// climb.
func (s *Setup) overground(p, q geom.Vec) bool {
	return s.elevation(q) > 0 || s.elevation(p) > 0 || !s.crossesClimb(p, q)
}

// ontoVia returns where a walk from p on the ground onto the piece at q
// heads first when the line p→q crosses another piece it would climb:
// the point of the line where a base of radius r going straight at q
// meets q's piece (the highest there), a hundredth of an inch short. The
// walk goes round the other pieces to it, as it goes round them on the
// ground, and climbs on from there (ruling R21). It returns q and false
// when the walk goes straight: off a piece, past no other, or meeting
// q's piece where it stands.
func (s *Setup) ontoVia(p, q geom.Vec, r float32) (geom.Vec, bool) {
	if s.elevation(q) == 0 || s.elevation(p) > 0 {
		return q, false
	}
	top, e, holding := -1, float32(0), uint32(0) // q's piece, its height, the pieces holding q
	for _, k := range s.climbed {
		if t := &s.Scenario.Terrain[k]; within(&t.Shape, q) {
			holding |= 1 << k
			if t.Height > e {
				top, e = int(k), t.Height
			}
		}
	}
	if top < 0 || !s.crossesClimbBut(p, q, holding) {
		return q, false
	}
	L := p.Dist(q)
	ts, hit := s.Scenario.Terrain[top].Shape.SweepHits(p, q, r)
	if !hit || ts*L < 0.05 {
		return q, false
	}
	return p.Add(q.Sub(p).Scale(ts - 0.01/L)), true
}

// crossesClimb reports whether the line p→q crosses a piece one climbs.
func (s *Setup) crossesClimb(p, q geom.Vec) bool { return s.crossesClimbBut(p, q, 0) }

// crossesClimbBut is crossesClimb leaving out the pieces of the mask
// skip.
func (s *Setup) crossesClimbBut(p, q geom.Vec, skip uint32) bool {
	if m := s.lines.near(p, q) & s.masks.climbed &^ skip; m != 0 {
		line := newLineBox(p, q, 0) // when some piece is listed
		for ; m != 0; m &= m - 1 {
			if t := &s.Scenario.Terrain[bits.TrailingZeros32(m)]; !line.offBox(&t.Shape) && !line.aside(&t.Shape) && t.Shape.SegmentHits(p, q) {
				return true
			}
		}
	}
	return false
}

// interceptors is the enemies whose 1" a leg enters, in the order of
// their indices, with the fraction of the leg where it does.
type interceptors struct {
	t [MaxFigures]float32
	j [MaxFigures]int8
	n int
}

// interception returns where, before t along the leg, an enemy of the
// mover i not in combat first comes within 1" of it (of near, those whose
// 1" the leg enters) and chooses to force combat, and who: (t, -1) when
// none does.
func (b *Battle) interception(i int, near *interceptors, t float32) (float32, int) {
	// The candidates, sorted by where they come in (an insertion sort in place: the first n entries are those kept so far).
	b.walked.met = b.walked.met || near.n > 0 // for walkKept: a leg came within 1" of an enemy
	n := 0
	for c := 0; c < near.n; c++ {
		ts, j := near.t[c], near.j[c]
		if ts > t || b.InCombat(int(j)) {
			continue
		}
		k := n
		for k > 0 && near.t[k-1] > ts {
			near.t[k], near.j[k] = near.t[k-1], near.j[k-1]
			k--
		}
		near.t[k], near.j[k] = ts, j
		n++
	}
	for k := 0; k < n; k++ {
		j := int(near.j[k])
		if b.pol[b.Figs[j].Side] == nil || b.pol[b.Figs[j].Side].Intercept(b, j, i) {
			return near.t[k], j
		}
	}
	return t, -1
}

// intercept moves figure j into base contact with figure i: forcing
// combat.
func (b *Battle) intercept(j, i int) {
	fi, fj := &b.Figs[i], &b.Figs[j]
	v := fj.Pos.Sub(fi.Pos)
	dir := v.Norm()
	if v.Len2() == 0 {
		dir = geom.V(1, 0)
	}
	fj.Pos = fi.Pos.Add(dir.Scale(b.base[i] + b.base[j]))
	b.placed(j)
	b.T.Intercepts++
	if b.Trace != nil {
		b.emit(Event{Kind: EvIntercept, Fig: int8(j), Target: int8(i), Pos: fj.Pos})
	}
}

// legSpans is what advance reads of one leg's ground, worked out once
// for the leg: the fractions in (0, 1), sorted, at which the leg enters
// or leaves a piece of ground, and the ground at the middle of each
// stretch between two of them (or 0 and the first), as it is asked.
type legSpans struct {
	ts   [2 * MaxTerrain]float32
	n    int
	flat bool // the leg meets no piece of ground: all of it is the table's flat, open ground
	mid  [2 * MaxTerrain]struct{ elev, mult float32 }
	wet  [2 * MaxTerrain]bool
	seen [2 * MaxTerrain]bool
}

// cut returns the k-th end of the stretches of a leg walked up to tMax,
// whose first nb crossings lie before tMax: 0, those crossings, tMax.
func (sp *legSpans) cut(k, nb int, tMax float32) float32 {
	switch {
	case k == 0:
		return 0
	case k <= nb:
		return sp.ts[k-1]
	}
	return tMax
}

// spansOf lists the leg from→to's crossings of the ground pieces.
func (s *Setup) spansOf(from, to geom.Vec, sp *legSpans) {
	sc := &s.Scenario
	sp.n, sp.flat = 0, true
	line := newLineBox(from, to, 0)
	for m := s.lines.near(from, to) & s.masks.ground; m != 0; m &= m - 1 {
		sh := &sc.Terrain[bits.TrailingZeros32(m)].Shape
		if line.offBox(sh) || line.aside(sh) {
			continue
		}
		t0, t1, ok := sh.SegmentSpan(from, to)
		if !ok {
			continue
		}
		sp.flat = false
		for _, x := range [2]float32{t0, t1} {
			if x > 0 && x < 1 {
				sp.ts[sp.n] = x
				sp.n++
			}
		}
	}
	for a := 1; a < sp.n; a++ { // insertion sort: a handful of breakpoints
		for c := a; c > 0 && sp.ts[c-1] > sp.ts[c]; c-- {
			sp.ts[c-1], sp.ts[c] = sp.ts[c], sp.ts[c-1]
		}
	}
	clear(sp.seen[:sp.n+1])
}

// flatLeg is legCost over a leg of the table's flat, open ground (no
// falls): one stretch, 0 to tMax, costing its length (what legCost's loop
// works out).
func flatLeg(L, budget, tMax float32) (t, spent float32) {
	switch c := tMax * L; {
	case tMax < 1e-6:
		return tMax, 0
	case c <= budget:
		return tMax, c
	}
	return budget / L, budget
}

// legCost walks from→to (length L, its crossings sp) with budget inches,
// up to the fraction tMax: it returns the fraction reached, the movement
// spent, the falling damage taken on the way and the longest drop.
func (b *Battle) legCost(i int, from, to geom.Vec, L, budget, tMax float32, mode uint8, maxDrop float32, final bool, sp *legSpans) (t, spent float32, fallDmg int, fallen float32) {
	if sp.flat {
		t, spent = flatLeg(L, budget, tMax)
		return t, spent, 0, 0
	}
	// The stretches' ends: 0, the crossings before tMax, tMax.
	nb := 0
	for nb < sp.n && sp.ts[nb] < tMax {
		nb++
	}
	n := nb + 2
	free := mode&walkFree != 0
	d := to.Sub(from)
	elev := b.Elevation(from)
	runUp := b.Figs[i].run
	jumpTo := float32(-1) // the end of a jump under way
	for k := 0; k+1 < n; k++ {
		ta, tb := sp.cut(k, nb, tMax), sp.cut(k+1, nb, tMax)
		if tb-ta < 1e-6 {
			continue
		}
		// The ground at the stretch's middle, asked once for the leg
		// unless the stretch ends at tMax.
		var e, mult float32
		var water bool
		if memo := k < sp.n && tb == sp.ts[k]; memo && sp.seen[k] {
			e, mult, water = sp.mid[k].elev, sp.mid[k].mult, sp.wet[k]
		} else {
			mid := from.Add(d.Scale((ta + tb) / 2))
			e = b.Elevation(mid)
			mult, water = b.ground(mid)
			if memo {
				sp.mid[k].elev, sp.mid[k].mult, sp.wet[k], sp.seen[k] = e, mult, water, true
			}
		}
		switch {
		case e > elev+1e-3:
			c := ClimbCost(e - elev)
			if free {
				c = 0
			}
			if c > budget {
				return ta, spent, fallDmg, fallen
			}
			budget -= c
			spent += c
		case e < elev-1e-3:
			drop := elev - e
			if drop <= 3 || drop <= maxDrop {
				fallDmg += FallDamage(drop)
				fallen = max(fallen, drop)
			} else {
				c := ClimbCost(drop)
				if free {
					c = 0
				}
				if c > budget {
					return ta, spent, fallDmg, fallen
				}
				budget -= c
				spent += c
			}
		}
		elev = e
		span := (tb - ta) * L
		if free || ta < jumpTo {
			mult = 1
		} else if water {
			// A jump: the stretch of water ahead, if no wider than 4",
			// no longer than the straight run-up just made, and landing
			// on dry ground within this leg.
			w, dry := tb, false
			for w < tMax-1e-6 {
				if _, wet := b.ground(from.Add(d.Scale(w + 1e-4))); !wet {
					dry = true
					break
				}
				next := tMax
				for m := k + 2; m < n; m++ {
					if x := sp.cut(m, nb, tMax); x > w+1e-6 {
						next = x
						break
					}
				}
				w = next
			}
			if jump := (w - ta) * L; dry && jump <= maxJump+1e-3 && jump <= runUp+ta*L+1e-3 && jump <= budget+1e-3 {
				if final && b.Trace != nil {
					b.emit(Event{Kind: EvJump, Fig: int8(i), F: jump})
				}
				mult, jumpTo = 1, w
			}
		}
		c := span * mult
		if c <= budget {
			budget -= c
			spent += c
			continue
		}
		t = ta + budget/(L*mult)
		spent += budget
		return t, spent, fallDmg, fallen
	}
	return tMax, spent, fallDmg, fallen
}

// push moves figure m 1" directly away from figure away, stopping at
// impassable terrain, at a piece higher than the ground it stands on, at
// another figure or at the table's edge; falling off a piece hurts as
// any fall does.
func (b *Battle) push(m, away int) {
	fm := &b.Figs[m]
	r := b.base[m]
	v := fm.Pos.Sub(b.Figs[away].Pos)
	dir := v.Norm()
	if v.Len2() == 0 {
		dir = geom.V(0, 1)
	}
	sc := &b.S.Scenario
	from := fm.Pos
	to := geom.ClampToBoard(from.Add(dir.Scale(pushDist)), r, sc.W, sc.H)
	t := float32(1)
	e0 := b.Elevation(from)
	for k := range sc.Terrain {
		tr := &sc.Terrain[k]
		if tr.Impassable || tr.Height > e0+1e-3 {
			if ts, hit := tr.Shape.SweepHits(from, to, r); hit && ts < t {
				t = ts
			}
		}
	}
	for j := 0; j < b.NF; j++ {
		if j == m || j == away || !b.Figs[j].Standing() {
			continue
		}
		if ts, hit := geom.SweepCircle(from, to, r, b.Figs[j].Pos, b.base[j]); hit && ts < t {
			t = ts
		}
	}
	fm.Pos = from.Add(to.Sub(from).Scale(t))
	b.placed(m)
	if b.Trace != nil {
		b.emit(Event{Kind: EvPush, Fig: int8(m), Target: int8(away), Pos: fm.Pos})
	}
	if drop := e0 - b.Elevation(fm.Pos); drop > 1e-3 {
		if dmg := FallDamage(drop); dmg > 0 {
			b.T.Falls++
			if b.Trace != nil {
				b.emit(Event{Kind: EvFall, Fig: int8(m), F: drop, N: int16(dmg)})
			}
			b.damage(m, -1, dmg, "falling")
		}
	}
}

// Slow reports whether figure i stands where moving costs double (rough
// ground or water).
func (b *Battle) Slow(i int) bool {
	m, _ := b.ground(b.Figs[i].Pos)
	return m > 1
}
