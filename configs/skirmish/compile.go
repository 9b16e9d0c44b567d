package skirmish

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"balance/sim/geom"
	sk "balance/sim/skirmish"
)

// Design is one design before compiling: the two warbands, the scenario,
// the creature profiles and the rules, as the data and the overrides
// give them. Compile turns it into the rules core's Setup.
type Design struct {
	Bands [2]*WarbandDef
	// Bonus is added to the stats of every figure of each warband (by
	// BonusStats' Index): 0 unless -set a.bonus.STAT gives one.
	Bonus     [2][6]int
	Scenario  *ScenarioDef
	Creatures map[string]*FigureDef
	Weapons   map[string]*WeaponDef
	Rules     sk.Rules
}

// NewDesign returns the design of warbands a and b on scenario sc, with
// copies of everything an override may change.
func (d *Data) NewDesign(a, b *WarbandDef, sc *ScenarioDef) *Design {
	des := &Design{Bands: [2]*WarbandDef{a.clone(), b.clone()}, Scenario: sc.clone(), Weapons: d.Weapons, Rules: d.Rules,
		Creatures: map[string]*FigureDef{}}
	for k, c := range d.Creatures {
		cc := c.clone()
		des.Creatures[k] = &cc
	}
	return des
}

func (w *WarbandDef) clone() *WarbandDef {
	c := *w
	c.Figures = make([]FigureDef, len(w.Figures))
	for i := range w.Figures {
		c.Figures[i] = w.Figures[i].clone()
	}
	return &c
}

func (f FigureDef) clone() FigureDef {
	f.Weapons = slices.Clone(f.Weapons)
	f.Powers = slices.Clone(f.Powers)
	return f
}

func (s *ScenarioDef) clone() *ScenarioDef {
	c := *s
	c.Creatures = slices.Clone(s.Creatures)
	c.Loot = slices.Clone(s.Loot)
	c.Terrain = slices.Clone(s.Terrain)
	return &c
}

// Compile compiles the design to a prepared Setup.
func (des *Design) Compile() (*sk.Setup, error) {
	names := sortedKeys(des.Weapons)
	if len(names) > 255 {
		return nil, fmt.Errorf("%d weapons: at most 255", len(names))
	}
	s := &sk.Setup{Rules: des.Rules}
	index := map[string]uint8{}
	for i, n := range names {
		index[n] = uint8(i)
		w := des.Weapons[n]
		cw := sk.Weapon{Name: n, Class: sk.WeaponClass(slices.Index(classNames, w.Class)), Damage: int8(w.Damage), Range: float32(w.Range),
			Fight: int8(w.Fight), Shoot: int8(w.Shoot), Move: int8(w.Move), Targets: uint8(max(w.Targets, 1)),
			Radius: float32(w.Radius), Attack: int8(w.Attack), Length: float32(w.Length), Width: float32(w.Width), Slots: uint8(w.Slots)}
		for _, a := range w.Waive {
			cw.Waive |= armourBit(a)
		}
		g := w
		if w.Class == "launcher" {
			if f, ok := des.Weapons[w.Fires]; ok {
				g = f
				cw.Radius, cw.Attack = float32(f.Radius), int8(f.Attack)
			}
		}
		switch g.Blast {
		case "frag":
			cw.Blast = sk.Frag
		case "smoke":
			cw.Blast = sk.Smoke
		}
		s.Weapons = append(s.Weapons, cw)
	}
	un, ok := index["unarmed"]
	if !ok {
		return nil, errors.New("the weapons have no unarmed entry")
	}
	s.Unarmed = un
	sc := des.Scenario
	var errs []error
	for k, band := range des.Bands {
		s.Bands[k] = band.Name
		if des.Bands[0].Name == des.Bands[1].Name {
			// A mirror match: every label names the side, or the two
			// would read alike.
			s.Bands[k] += " (" + "AB"[k:k+1] + ")"
		}
		if len(band.Figures) > len(sc.Deploy[k]) {
			errs = append(errs, fmt.Errorf("%s: deploy.%s has %d points, and warband %s (%s) has %d figures: give a point for each",
				sc.file, "ab"[k:k+1], len(sc.Deploy[k]), band.Slug, band.file, len(band.Figures)))
			continue
		}
		for i := range band.Figures {
			f := band.Figures[i].clone()
			des.addBonus(&f, k)
			p := des.profile(&f, index, un)
			p.Side = int8(k)
			p.Role = sk.Role(slices.Index(roleNames, band.Figures[i].Role))
			p.Start = vec(sc.Deploy[k][i])
			s.Profiles = append(s.Profiles, p)
			s.NBand[k]++
		}
	}
	for _, pc := range sc.Creatures {
		if pc.Creature == "" {
			continue // switched off
		}
		c, ok := des.Creatures[pc.Creature]
		if !ok {
			errs = append(errs, fmt.Errorf("%s: no creature %q", sc.file, pc.Creature))
			continue
		}
		p := des.profile(c, index, un)
		p.Side, p.Role, p.Start = sk.SideCreatures, sk.Creature, vec(pc.At)
		s.Profiles = append(s.Profiles, p)
	}
	s.Scenario = sk.Scenario{Name: sc.Name, W: float32(sc.W), H: float32(sc.H), TurnCap: sc.TurnCap}
	for k := 0; k < 2; k++ {
		s.Scenario.Home[k] = uint8(slices.Index(edgeNames, sc.Home[k]))
	}
	for i := range sc.Terrain {
		t := &sc.Terrain[i]
		s.Scenario.Terrain = append(s.Scenario.Terrain, sk.Terrain{Name: t.Name, Shape: shapeOf(t), BlocksLOS: t.BlocksLOS,
			Impassable: t.Impassable, Cover: uint8(slices.Index(coverNames, t.Cover)), Rough: t.Rough, Water: t.Water, Height: float32(t.Height)})
	}
	for _, l := range sc.Loot {
		s.Scenario.Loot = append(s.Scenario.Loot, sk.LootSpec{Pos: vec(l.At), Data: l.Kind == "data"})
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if err := s.Prepare(); err != nil {
		return nil, fmt.Errorf("%s with %s and %s: %w", sc.file, des.Bands[0].Slug, des.Bands[1].Slug, err)
	}
	return s, nil
}

// BonusStat is one stat a warband-wide bonus applies to.
type BonusStat struct {
	Key, Label string
	Index      int // in Design.Bonus
}

// BonusStats are the stats of a.bonus.STAT and b.bonus.STAT.
var BonusStats = []BonusStat{{"fight", "Fight", 0}, {"shoot", "Shoot", 1}, {"armour", "Armour", 2}, {"health", "Health", 3}, {"move", "Move", 4}, {"will", "Will", 5}}

// addBonus adds warband k's bonus to figure f, within the stats' ranges.
func (des *Design) addBonus(f *FigureDef, k int) {
	b := &des.Bonus[k]
	f.Fight = min(max(f.Fight+b[0], -5), maxStat)
	f.Shoot = min(max(f.Shoot+b[1], -5), maxStat)
	f.Armour = min(max(f.Armour+b[2], 0), 2*maxStat)
	f.Health = min(max(f.Health+b[3], 1), maxHealth)
	f.Move = min(max(f.Move+float64(b[4]), 1), maxMove)
	f.Will = min(max(f.Will+b[5], -5), maxStat)
}

func vec(p []float64) geom.Vec {
	if len(p) != 2 {
		return geom.Vec{}
	}
	return geom.V(float32(p[0]), float32(p[1]))
}

func armourBit(name string) uint8 {
	switch name {
	case "heavy":
		return sk.ArmourHeavy
	case "combat":
		return sk.ArmourCombat
	}
	return sk.ArmourNone
}

// profile compiles one figure: its Move after its weapons' modifiers
// (unless its armour waives them), its melee weapon (the carried one of
// the highest damage modifier, else unarmed).
func (des *Design) profile(f *FigureDef, index map[string]uint8, unarmed uint8) sk.Profile {
	p := sk.Profile{Name: f.Name, Fight: int8(f.Fight), Shoot: int8(f.Shoot), Armour: int8(f.Armour), Will: int8(f.Will),
		Health: int8(f.Health), ArmourType: armourBit(f.ArmourType), Large: f.Large, Base: float32(f.Base), Melee: unarmed}
	move := f.Move
	best := -100
	for _, wn := range f.Weapons {
		w := des.Weapons[wn]
		if w == nil || int(p.NWeapons) >= sk.MaxWeapons {
			continue
		}
		p.Weapons[p.NWeapons] = index[wn]
		p.NWeapons++
		if w.Move != 0 && !slices.Contains(w.Waive, f.ArmourType) {
			move += float64(w.Move)
		}
		if w.Class == "melee" && w.Damage > best {
			best, p.Melee = w.Damage, index[wn]
		}
	}
	p.Move = float32(max(move, 0.5))
	for _, pw := range f.Powers {
		if int(p.NPowers) >= sk.MaxPowers {
			break
		}
		p.Powers[p.NPowers] = sk.Power{Name: pw.Name, AN: int8(pw.AN), Strain: int8(pw.Strain), PowerMove: pw.PowerMove,
			Op: sk.PowerOp(slices.Index(effectNames, pw.Effect)), Amount: int8(pw.Amount), Range: float32(pw.Range)}
		p.NPowers++
	}
	return p
}

// Fingerprint is a canonical text of everything the design plays with:
// equal fingerprints play equal games.
func (des *Design) Fingerprint() string {
	var b strings.Builder
	for _, k := range sortedKeys(des.Weapons) {
		w := *des.Weapons[k]
		w.file, w.line = "", 0
		fmt.Fprintf(&b, "weapon %+v\n", w)
	}
	for _, k := range sortedKeys(des.Creatures) {
		fmt.Fprintf(&b, "creature %+v\n", *des.Creatures[k])
	}
	for i, w := range des.Bands {
		fmt.Fprintf(&b, "band %d %s %+v\n", i, w.Name, w.Figures)
	}
	sc := *des.Scenario
	sc.file = ""
	fmt.Fprintf(&b, "bonus %v\nscenario %+v\nrules %+v\n", des.Bonus, sc, des.Rules)
	return b.String()
}
