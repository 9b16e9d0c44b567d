package cazadores

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"balance/configs/yamldata"
	"balance/internal/typo"
	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

// mmToRadius converts a base diameter in millimetres to a radius in inches.
func mmToRadius(mm float64) float32 { return float32(mm / 25.4 / 2) }

// Compile builds the immutable sim.Scenario of a hunt: the Adversary with
// slug adversary against pack on the scenario map. Names become small
// integers here, once; the engine never looks a name up.
func (d *Data) Compile(adversary, pack, scenario string) (*sim.Scenario, error) {
	return d.CompileWith(adversary, pack, scenario, "")
}

// Check compiles the design as Compile does, and reports what Compile
// would, but leaves out the map's navigation grid: only play needs its
// route tables, which take most of a compilation's time on a map with
// Impassable terrain ('balance validate' compiles every design).
func (d *Data) Check(adversary, pack, scenario string) error {
	_, err := d.compile(adversary, pack, scenario, "", false)
	return err
}

// CompileWith is Compile with an Objective (its slug; "" for none). An
// Objective whose rules are not simulated yet is refused, by name.
func (d *Data) CompileWith(adversary, pack, scenario, objective string) (*sim.Scenario, error) {
	return d.compile(adversary, pack, scenario, objective, true)
}

// compile is CompileWith; without routes, the map has no navigation grid.
func (d *Data) compile(adversary, pack, scenario, objective string, routes bool) (*sim.Scenario, error) {
	a, ok := d.Adversaries[adversary]
	if !ok {
		return nil, unknownName("adversary", adversary, d.Slugs("adversaries"))
	}
	p, ok := d.Packs[pack]
	if !ok {
		return nil, unknownName("pack", pack, d.Slugs("packs"))
	}
	m, ok := d.Scenarios[scenario]
	if !ok {
		return nil, unknownName("scenario", scenario, d.Slugs("scenarios"))
	}
	sc := &sim.Scenario{Rules: compileRules(&d.Rules)}
	c := compiler{d: d, sc: sc, noRoutes: !routes, weapons: map[string]uint8{}, gear: map[string]uint8{}, rituals: map[string]uint8{}, areaIdx: map[string]uint8{}}
	sc.Weapons = append(sc.Weapons, sim.WeaponDef{Name: "Unarmed", Kind: sim.MeleeWeapon, Hands: 0})
	if err := c.pack(p); err != nil {
		return nil, err
	}
	if err := c.adversary(a); err != nil {
		return nil, err
	}
	if err := c.mapOf(m); err != nil {
		return nil, err
	}
	if err := fits(sc, a, m); err != nil {
		return nil, err
	}
	if objective != "" {
		if err := c.objective(objective); err != nil {
			return nil, err
		}
	}
	n := len(sc.Pack) + len(a.Models) + minionCount(a)
	if sc.Objective.Kind == sim.ObjVessel {
		n++
	}
	if n > sim.MaxModels {
		return nil, fmt.Errorf("%d models on the board; the engine holds at most %d", n, sim.MaxModels)
	}
	if routes {
		// Which pieces each point and segment of the board may touch,
		// for every base on it (a larger one is tested against every
		// piece); like the routes, only play needs it.
		reach := max(sc.Adversary.BaseR, sim.TokenR)
		for _, p := range sc.Pack {
			reach = max(reach, p.BaseR)
		}
		for _, mn := range sc.Adversary.Minions {
			reach = max(reach, mn.BaseR)
		}
		sc.Map.Index(reach)
	}
	return sc, nil
}

// objective compiles the Objective: its kind and Renown, and the Net that
// Capture the Beast lends the first Cazador.
func (c *compiler) objective(slug string) error {
	o, ok := c.d.Objectives[slug]
	if !ok {
		return unknownName("objective", slug, c.d.Slugs("objectives"))
	}
	if !o.Simulated {
		return fmt.Errorf("objective %s (%s): its rules are not simulated yet; simulated: %s", slug, o.Name, strings.Join(c.d.SimulatedObjectives(), ", "))
	}
	k, ok := sim.ObjKindByName(slug)
	if !ok {
		return fmt.Errorf("objective %s: no rules for it (the objectives are %v)", slug, c.d.Slugs("objectives"))
	}
	od := sim.ObjectiveDef{Kind: k, Name: o.Name,
		Success: sim.Roll{Die: int8(o.Success.Die), Plus: int8(o.Success.Plus)},
		Failure: sim.Roll{Die: int8(o.Failure.Die), Plus: int8(o.Failure.Plus)}}
	switch o.Per {
	case "model":
		od.Per = sim.PerModel
	case "foe":
		od.Per = sim.PerFoe
	}
	c.sc.Objective = od
	if k == sim.ObjPrisoner {
		if o.Model == nil {
			return fmt.Errorf("objective %s: the Prisoner needs a model: (its attributes)", slug)
		}
		pd := sim.PackDef{Name: o.Model.Name, Kind: sim.Companion, BaseR: mmToRadius(o.Model.BaseMM)}
		setAttrs(&pd, o.Model.Stats)
		c.sc.Pack = append(c.sc.Pack, pd)
		c.sc.HasObjModel, c.sc.ObjModelDef = true, uint8(len(c.sc.Pack)-1)
	}
	if k == sim.ObjCapture {
		// The Pack model with the best Shooting pool takes the Net at no
		// cost (R67).
		net, err := c.weapon("net")
		if err != nil {
			return err
		}
		c.sc.Weapons[net].Captures = true
		c.sc.GiveNet(net)
	}
	return nil
}

// SimulatedObjectives lists the objectives whose rules are simulated.
func (d *Data) SimulatedObjectives() []string {
	var out []string
	for _, s := range d.Slugs("objectives") {
		if d.Objectives[s].Simulated {
			out = append(out, s)
		}
	}
	return out
}

func minionCount(a *Adversary) int {
	n := 0
	for _, m := range a.Minions {
		n += m.Count
	}
	return n
}

// unknownName is the error for a name that is not in the data, with the
// likely intended one.
func unknownName(kind, name string, known []string) error {
	if s := typo.Nearest(name, known); s != "" && s != name {
		return fmt.Errorf("unknown %s %q; did you mean %q? (known: %s)", kind, name, s, strings.Join(known, ", "))
	}
	return fmt.Errorf("unknown %s %q (known: %s)", kind, name, strings.Join(known, ", "))
}

type compiler struct {
	d        *Data
	sc       *sim.Scenario
	noRoutes bool // leave out the navigation grid (Check)
	weapons  map[string]uint8
	gear     map[string]uint8
	rituals  map[string]uint8
	areaIdx  map[string]uint8
	prefix   string       // the area names' scope while compiling gear or a Ritual
	minions  []Minion     // the Adversary's Minions, while compiling its ops
	summons  map[int]bool // the Minions a summon op names
}

func compileRules(r *Rules) sim.Rules {
	out := sim.Rules{
		RoundCap:                 r.RoundCap,
		PassTicks:                int8(r.PassTicks),
		FoeRecoverTicks:          int8(r.FoeRecoverTicks),
		SurroundedCountsSelf:     r.SurroundedCountsSelf,
		CritOncePerTurn:          r.CritOncePerTurn,
		BleedingOnZeroMove:       r.BleedingOnZeroMove,
		OverflowWrap:             r.OverflowTop == "wrap",
		FoeMoveInRange:           r.FoeMove == "in_range",
		AmmoLimited:              r.AmmoLimited,
		DangerousEveryEntry:      r.DangerousCheck == "every_entry",
		NaturalTenAlwaysSucceeds: r.NaturalTenAlwaysSucceeds,
		CoverAnyLine:             r.Cover == "any_line",
		SelfCardTicks:            int8(r.SelfCardTicks),
		PlayOutRound:             r.PlayOutRound,
		FallOnlyUnstable:         r.FallOnlyUnstable,
		JumpDown:                 r.JumpDown,
	}
	switch r.TerrorDT {
	case "skill":
		out.TerrorDT = sim.TerrorDTSkill
	case "res":
		out.TerrorDT = sim.TerrorDTRes
	}
	return out
}

func (c *compiler) weapon(slug string) (uint8, error) {
	if i, ok := c.weapons[slug]; ok {
		return i, nil
	}
	w, ok := c.d.Weapons[slug]
	if !ok {
		return 0, unknownName("weapon", slug, c.d.Slugs("weapons"))
	}
	wd := sim.WeaponDef{
		Name: w.Name, POW: int8(w.Pow), Min: float32(w.RngMin), Max: float32(w.RngMax), Hands: uint8(w.Hands),
		AttackTicks: int8(w.AttackTicks), ReloadTicks: int8(w.ReloadTicks), Ammo: uint8(w.Ammo),
		Armour: int8(w.Armour), NoDamage: !w.Damage,
	}
	switch w.Kind {
	case "shooting":
		wd.Kind = sim.ShootingWeapon
	case "arcane":
		wd.Kind = sim.ArcaneWeapon
	}
	var err error
	if wd.OnHit, err = c.ops(nil, w.OnHit); err != nil {
		return 0, fmt.Errorf("weapon %s: on_hit: %w", slug, err)
	}
	if wd.Crit, err = c.ops(nil, w.Crit); err != nil {
		return 0, fmt.Errorf("weapon %s: crit: %w", slug, err)
	}
	c.sc.Weapons = append(c.sc.Weapons, wd)
	i := uint8(len(c.sc.Weapons) - 1)
	c.weapons[slug] = i
	return i, nil
}

func (c *compiler) pack(p *Pack) error {
	if len(p.Members) > sim.MaxPack {
		return fmt.Errorf("pack %s: %d models; at most %d", p.Slug, len(p.Members), sim.MaxPack)
	}
	for _, mem := range p.Members {
		var pd sim.PackDef
		var weapons, readied []string
		var armour string
		if mem.Cazador != "" {
			cz, ok := c.d.Cazadores[mem.Cazador]
			if !ok {
				return unknownName("cazador", mem.Cazador, c.d.Slugs("cazadores"))
			}
			pd = sim.PackDef{Name: cz.Name, Kind: sim.Cazador, BaseR: mmToRadius(cz.BaseMM)}
			setAttrs(&pd, cz.Attributes)
			sk := cz.Skills
			pd.Skills = [sim.NumSkills]int8{int8(sk.Athletics), int8(sk.Melee), int8(sk.Shooting), int8(sk.Stealth),
				int8(sk.Hunt), int8(sk.Lore), int8(sk.Fortitude), int8(sk.Leadership)}
			weapons, readied, armour = cz.Weapons, cz.Readied, cz.Armour
			for _, g := range cz.Gear {
				gi, err := c.gearOf(g)
				if err != nil {
					return err
				}
				pd.Gear[pd.NGear] = gi
				pd.NGear++
			}
			for k, r := range cz.Rituals {
				ri, err := c.ritualOf(r)
				if err != nil {
					return err
				}
				pd.Rituals[pd.NRituals] = ri
				pd.NRituals++
				if r == cz.Symbol {
					pd.HasFocus, pd.FocusRitual = true, int8(k)
					pd.FocusSlot = int8(slices.Index(cz.Weapons, "religious-symbol"))
				}
			}
			for _, r := range cz.Book {
				ri, err := c.ritualOf(r)
				if err != nil {
					return err
				}
				pd.SlotRituals[pd.NSlotRituals] = ri
				pd.NSlotRituals++
			}
			if len(cz.Book) > 0 {
				pd.HasSlotRituals, pd.RitualsSlot = true, int8(slices.Index(cz.Weapons, "book-of-rituals"))
			}
		} else {
			ct, ok := c.d.Companions[mem.Companion]
			if !ok {
				return unknownName("companion", mem.Companion, c.d.Slugs("companions"))
			}
			if mem.Loadout < 0 || mem.Loadout >= len(ct.Loadouts) {
				return fmt.Errorf("pack %s: companion %s has no loadout %d", p.Slug, mem.Companion, mem.Loadout)
			}
			pd = sim.PackDef{Name: ct.Name, Kind: sim.Companion, BaseR: mmToRadius(ct.BaseMM)}
			setAttrs(&pd, ct.Stats)
			lo := ct.Loadouts[mem.Loadout]
			weapons, armour = lo.Weapons, lo.Armour
		}
		if len(weapons) > sim.MaxWeapons {
			return fmt.Errorf("pack %s: %s carries %d weapons; at most %d", p.Slug, pd.Name, len(weapons), sim.MaxWeapons)
		}
		hands := 0
		used := make([]bool, len(weapons))
		for k, w := range weapons {
			wi, err := c.weapon(w)
			if err != nil {
				return err
			}
			pd.Weapons[k] = wi
			pd.NWeapons++
			if readied == nil && hands+int(c.sc.Weapons[wi].Hands) <= 2 {
				pd.Readied |= 1 << k
				hands += int(c.sc.Weapons[wi].Hands)
			}
		}
		for _, r := range readied {
			for k, w := range weapons {
				if w == r && !used[k] {
					used[k] = true
					pd.Readied |= 1 << k
					break
				}
			}
		}
		if armour != "" {
			ar, ok := c.d.Armour[armour]
			if !ok {
				return unknownName("armour", armour, c.d.Slugs("armour"))
			}
			pd.Armour, pd.ArmourSPD = int8(ar.Rating), int8(ar.Spd)
		}
		c.sc.Pack = append(c.sc.Pack, pd)
	}
	return nil
}

func setAttrs(pd *sim.PackDef, a Attributes) {
	pd.SPD = int8(a.Spd)
	pd.Attr = [sim.NumAttrs]int8{int8(a.Prow), int8(a.Shrp), int8(a.Wit), int8(a.Res)}
	pd.WND = int16(a.Wnd)
}

func (c *compiler) gearOf(slug string) (uint8, error) {
	if i, ok := c.gear[slug]; ok {
		return i, nil
	}
	g, ok := c.d.Gear[slug]
	if !ok {
		return 0, unknownName("gear", slug, c.d.Slugs("gear"))
	}
	sk, _ := sim.SkillByName(g.Skill)
	gd := sim.GearDef{Name: g.Name, Skill: sk, DT: int8(g.DT), Ammo: uint8(g.Ammo), MustReady: g.Hands > 0,
		Hands: uint8(g.Hands), Attack: g.Action == "attack", Min: float32(g.RngMin), Range: float32(g.RngMax)}
	if g.RngMax == 0 {
		gd.Range = -1
	}
	c.effectAreas("gear:"+slug+":", g.Areas)
	var err error
	if gd.OnSuccess, err = c.ops(nil, g.OnSuccess); err != nil {
		return 0, fmt.Errorf("gear %s: on_success: %w", slug, err)
	}
	if gd.OnFailure, err = c.ops(nil, g.OnFail); err != nil {
		return 0, fmt.Errorf("gear %s: on_fail: %w", slug, err)
	}
	c.prefix = ""
	c.sc.Gear = append(c.sc.Gear, gd)
	c.gear[slug] = uint8(len(c.sc.Gear) - 1)
	return c.gear[slug], nil
}

// effectAreas adds the Area kinds of a piece of gear or a Ritual to the
// scenario's Area kinds, named within scope (so that two items may both
// call an Area "smoke"), and sets the scope for compiling its ops.
func (c *compiler) effectAreas(scope string, areas map[string]*AreaKind) {
	names := make([]string, 0, len(areas))
	for n := range areas {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		k := areas[n]
		ak := sim.AreaKind{Name: k.Name, Diameter: float32(k.Diameter), Terrain: terrainOf(k.Terrain), FoeDEF: int8(k.FoeDef),
			EnterDT: int8(k.EnterDT), EnterCond: sim.CondByName(k.EnterCondition), Once: k.Once}
		ak.EnterSkill, _ = sim.SkillByName(k.EnterSkill)
		c.areaIdx[scope+n] = uint8(len(c.sc.Adversary.Areas))
		c.sc.Adversary.Areas = append(c.sc.Adversary.Areas, ak)
	}
	c.prefix = scope
}

func (c *compiler) ritualOf(slug string) (uint8, error) {
	if i, ok := c.rituals[slug]; ok {
		return i, nil
	}
	r, ok := c.d.Rituals[slug]
	if !ok {
		return 0, unknownName("ritual", slug, c.d.Slugs("rituals"))
	}
	rd := sim.RitualDef{Name: r.Name, POW: int8(r.Pow), Range: float32(r.Rng),
		Hostile: r.Target == "hostile", Friendly: r.Target == "friendly"}
	if r.Rng == 0 || r.Target == "self" {
		rd.Range = -1
	}
	c.effectAreas("ritual:"+slug+":", r.Areas)
	var err error
	if rd.OnSuccess, err = c.ops(nil, r.Effect); err != nil {
		return 0, fmt.Errorf("ritual %s: effect: %w", slug, err)
	}
	if rd.Crit, err = c.ops(nil, r.Crit); err != nil {
		return 0, fmt.Errorf("ritual %s: crit: %w", slug, err)
	}
	c.prefix = ""
	c.sc.Rituals = append(c.sc.Rituals, rd)
	c.rituals[slug] = uint8(len(c.sc.Rituals) - 1)
	return c.rituals[slug], nil
}

func condSet(names []string) sim.CondSet {
	var s sim.CondSet
	for _, n := range names {
		s = s.With(sim.CondByName(n))
	}
	return s
}

func terrainOf(types []string) sim.Terrain {
	var t sim.Terrain
	for _, n := range types {
		switch n {
		case "difficult":
			t |= sim.Difficult
		case "dangerous":
			t |= sim.Dangerous | sim.Difficult
		case "impassable":
			t |= sim.Impassable
		case "obscuring":
			t |= sim.Obscuring
		case "blocking":
			t |= sim.Blocking
		}
	}
	return t
}

func (c *compiler) adversary(a *Adversary) error {
	ad := &c.sc.Adversary
	ad.Name, ad.Slug = a.Name, a.Slug
	c.minions, c.summons = a.Minions, map[int]bool{}
	s := a.Stats
	ad.Stats = sim.FoeStats{SPD: int8(s.Spd), ATK: int8(s.Atk), RNG: int8(s.Rng), DEF: int8(s.Def), TER: int8(s.Ter), WND: int16(s.Wnd)}
	ad.BaseR = mmToRadius(a.BaseMM)
	ad.Immune = condSet(a.Immune)
	if len(a.Models) == 0 || len(a.Models) > sim.MaxAdvModels {
		return fmt.Errorf("adversary %s: %d models; 1..%d", a.Slug, len(a.Models), sim.MaxAdvModels)
	}
	ad.NModels = uint8(len(a.Models))
	copy(ad.ModelNames[:], a.Models)
	// Area kinds in a fixed (sorted) order.
	areaIdx := c.areaIdx
	names := make([]string, 0, len(a.Areas))
	for n := range a.Areas {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		k := a.Areas[n]
		areaIdx[n] = uint8(len(ad.Areas))
		ad.Areas = append(ad.Areas, sim.AreaKind{Name: k.Name, Diameter: float32(k.Diameter), Terrain: terrainOf(k.Terrain), FoeDEF: int8(k.FoeDef)})
	}
	if len(a.HitLocations) > sim.MaxLocations {
		return fmt.Errorf("adversary %s: %d hit locations; at most %d", a.Slug, len(a.HitLocations), sim.MaxLocations)
	}
	ad.NLoc = uint8(len(a.HitLocations))
	for l, hl := range a.HitLocations {
		loc := &ad.Loc[l]
		loc.Name, loc.Label, loc.WND, loc.Owner = hl.Name, hl.Exhausted.Label, int16(hl.Wnd), uint8(hl.Owner)
		for _, cv := range hl.Cards {
			ad.CardLoc[cv] = uint8(l)
			if uint8(cv) > loc.High {
				loc.High = uint8(cv)
			}
		}
		e := hl.Exhausted
		loc.Mods = sim.FoeMods{SPD: int8(e.Spd), ATK: int8(e.Atk), RNG: int8(e.Rng), DEF: int8(e.Def), TER: int8(e.Ter)}
		loc.AttacksDis = e.Attacks == "disadvantage"
		var err error
		if loc.Trigger, err = c.ops(ad, e.Trigger); err != nil {
			return fmt.Errorf("adversary %s: hit location %s: %w", a.Slug, hl.Name, err)
		}
	}
	for k := 0; k < int(ad.NLoc); k++ {
		ad.Order[k] = uint8(k)
	}
	sort.SliceStable(ad.Order[:ad.NLoc], func(x, y int) bool {
		return ad.Loc[ad.Order[x]].High < ad.Loc[ad.Order[y]].High
	})
	for r := 0; r < 4; r++ {
		var err error
		if ad.Standard[r], err = c.action(ad, &a.Actions[r]); err != nil {
			return fmt.Errorf("adversary %s: actions.%s: %w", a.Slug, RankNames[r], err)
		}
		if ad.Special[r], err = c.action(ad, &a.Special[r]); err != nil {
			return fmt.Errorf("adversary %s: special.%s: %w", a.Slug, RankNames[r], err)
		}
		ad.Special[r].Tree = treeOf(a, a.Special[r].Tree)
	}
	for _, slug := range slices.Sorted(maps.Keys(a.Trees)) {
		ad.Trees = append(ad.Trees, compileTree(slug, a.Trees[slug]))
	}
	for _, mn := range a.Minions {
		t := treeOf(a, mn.Type)
		md := sim.MinionDef{Name: mn.Name, Count: uint8(mn.Count), Tree: t,
			Stats: sim.FoeStats{SPD: int8(mn.Stats.Spd), ATK: int8(mn.Stats.Atk), RNG: int8(mn.Stats.Rng), DEF: int8(mn.Stats.Def),
				TER: int8(mn.Stats.Ter), WND: int16(mn.Stats.Wnd)},
			BaseR: mmToRadius(mn.BaseMM), ShootRNG: int8(mn.ShootingRng)}
		var err error
		if md.Crit, err = c.ops(ad, mn.Crit); err != nil {
			return fmt.Errorf("adversary %s: minion %s: %w", a.Slug, mn.Name, err)
		}
		md.MinionActions()
		md.Numbered = c.summons[len(ad.Minions)]
		md.SummonNote = "summons " + mn.Name
		ad.Minions = append(ad.Minions, md)
	}
	for _, s := range a.States {
		ad.States = append(ad.States, compileState(s, a.Stats.Wnd))
	}
	return nil
}

// treeOf returns the Tree named name: a built-in one, else one of a's own
// (numbered after the built-in ones, in the order of their slugs).
func treeOf(a *Adversary, name string) sim.Tree {
	if t, ok := sim.TreeByName(name); ok {
		return t
	}
	own := slices.Sorted(maps.Keys(a.Trees))
	return sim.Tree(len(sim.BuiltinTrees) + max(slices.Index(own, name), 0))
}

// compileTree compiles a tree of an Adversary's own.
func compileTree(slug string, t *TreeSpec) sim.TreeDef {
	td := sim.TreeDef{Name: slug, NSteps: uint8(len(t.Steps))}
	for i, s := range t.Steps {
		td.Steps[i], _ = sim.StepByName(s)
	}
	td.Aggro, _ = sim.AggroByName(t.Aggro)
	return td
}

// compileState compiles state s of an Adversary of wnd WNDs, with its
// trace notes.
func compileState(s State, wnd int) sim.StateDef {
	sd := sim.StateDef{Name: s.Name, Rounds: uint16(s.Rounds),
		Mods: sim.FoeMods{SPD: int8(s.Spd), ATK: int8(s.Atk), RNG: int8(s.Rng), DEF: int8(s.Def), TER: int8(s.Ter)}}
	var why string
	switch {
	case s.Card != "":
		sd.Trigger, sd.Rank = sim.StateOnCard, uint8(slices.Index(RankNames[:], s.Card))
		why = "an action card of rank " + s.Card + " drawn"
	case s.Round > 0:
		sd.Trigger, sd.Round = sim.StateOnRound, uint16(s.Round)
		why = fmt.Sprintf("Round %d begins", s.Round)
	default:
		sd.Trigger, sd.AtMost = sim.StateOnWND, int16(math.Floor(s.WndAtMost*float64(wnd)+1e-9))
		why = fmt.Sprintf("%d WNDs left or fewer", sd.AtMost)
	}
	var mods []string
	for _, m := range []struct {
		name string
		v    int
	}{{"SPD", s.Spd}, {"ATK", s.Atk}, {"RNG", s.Rng}, {"DEF", s.Def}, {"TER", s.Ter}} {
		if m.v != 0 {
			mods = append(mods, fmt.Sprintf("%s %+d", m.name, m.v))
		}
	}
	last := "for the rest of the hunt"
	if s.Rounds > 0 {
		last = fmt.Sprintf("for %d Round(s)", s.Rounds)
	}
	if len(mods) == 0 {
		mods = []string{"no stat changed"}
	}
	sd.Begin = fmt.Sprintf("becomes %s (%s): %s, %s", s.Name, why, strings.Join(mods, ", "), last)
	sd.End = "is no longer " + s.Name
	return sd
}

func (c *compiler) action(ad *sim.AdversaryDef, a *Action) (sim.CardAction, error) {
	ca := sim.CardAction{
		Name: a.Name, ModSPD: int8(a.Mods.Spd), ModATK: int8(a.Mods.Atk), ModRNG: int8(a.Mods.Rng),
		Near: float32(a.Near), Count: uint8(a.Count), Advantage: a.Advantage, Damage: a.Damage,
		Rating: int8(a.Rating), Range: float32(a.Range), MinRange: float32(a.MinRange), Ticks: int8(a.Ticks),
	}
	switch a.Attack {
	case "melee":
		ca.Attack = sim.MeleeAttack
	case "shooting":
		ca.Attack = sim.ShootingAttack
	case "terror":
		ca.Attack = sim.TerrorAttack
	}
	switch a.Targets {
	case "all_in_range":
		ca.Targets = sim.TargetAllInRange
	case "all_models_in_range":
		ca.Targets = sim.TargetAllModels
	case "target_and_near":
		ca.Targets = sim.TargetAndNear
	case "count":
		ca.Targets = sim.TargetCount
	case "triangle":
		ca.Targets = sim.TargetTriangle
	}
	if a.TicksDefault {
		ca.Ticks = 3
		if ca.Attack == sim.AttackNone {
			ca.Ticks = c.sc.Rules.SelfCardTicks
		}
	}
	if a.Check != nil {
		ca.HasCheck = true
		ca.CheckTER = a.Check.Skill == "terror"
		ca.CheckDEF = a.Check.Skill == "def"
		ca.CheckDT = int8(a.Check.DT)
	}
	lists := []struct {
		dst *sim.Ops
		src []Op
		nm  string
	}{{&ca.Before, a.Before, "before"}, {&ca.OnHit, a.OnHit, "on_hit"}, {&ca.OnMiss, a.OnMiss, "on_miss"},
		{&ca.Crit, a.Crit, "crit"}, {&ca.After, a.After, "after"}, {&ca.OnSuccess, a.OnSuccess, "on_success"}}
	for _, l := range lists {
		o, err := c.ops(ad, l.src)
		if err != nil {
			return ca, fmt.Errorf("%s: %w", l.nm, err)
		}
		*l.dst = o
	}
	return ca, nil
}

// ops compiles a list of decoded ops: each becomes the engine op
// sim.OpTable gives it (grant_crit one for each ability it gives). The
// decoder accepts only what compiles; the errors here are a guard.
// errOpGuard marks the errors of ops the decoder should have refused:
// none reaches a user unless the decoder and sim.OpTable disagree.
var errOpGuard = errors.New("an effect op the loader accepted does not compile")

func (c *compiler) ops(ad *sim.AdversaryDef, src []Op) (sim.Ops, error) {
	var out sim.Ops
	for _, o := range src {
		spec := sim.OpSpecByName(o.Kind)
		if spec == nil {
			return out, fmt.Errorf("%w: unknown effect %q", errOpGuard, o.Kind)
		}
		kind := spec.Kinds[0]
		if spec.Arg == sim.ArgChoice && len(spec.Kinds) > 1 {
			i := slices.Index(spec.Values, o.Where)
			if i < 0 {
				return out, fmt.Errorf("%w: %s: unknown value %q", errOpGuard, o.Kind, o.Where)
			}
			kind = spec.Kinds[i]
		}
		sk, _ := sim.SkillByName(o.Skill)
		op := sim.Op{Kind: kind, Cond: sim.CondByName(o.Condition), Dist: float32(o.Inches), N: int8(o.N), Die: int8(o.Die), Skill: sk}
		switch kind {
		case sim.OpArea, sim.OpAreaPair:
			idx, ok := c.areaIdx[c.prefix+o.Area]
			if !ok {
				return out, fmt.Errorf("%w: unknown area kind %q", errOpGuard, o.Area)
			}
			op.Area = idx
			if kind == sim.OpArea {
				if op.At, ok = sim.AreaAtByName(o.At); !ok {
					return out, fmt.Errorf("%w: area: unknown position %q", errOpGuard, o.At)
				}
			}
		case sim.OpGrantCrit:
			// Each granted Crit ability imposes a Condition (sim.InGranted).
			for _, g := range o.Ops {
				if g.Kind != "impose" {
					return out, fmt.Errorf("%w: grant_crit: only impose is supported, not %q", errOpGuard, g.Kind)
				}
				if !out.Add(sim.Op{Kind: sim.OpGrantCrit, Cond: sim.CondByName(g.Condition)}) {
					return out, fmt.Errorf("%w: too many effects; at most %d", errOpGuard, sim.MaxOps)
				}
			}
			continue
		case sim.OpAttack:
			if ad == nil || o.Action == nil {
				return out, fmt.Errorf("%w: attack effects belong to Adversaries", errOpGuard)
			}
			sub, err := c.action(ad, o.Action)
			if err != nil {
				return out, err
			}
			if sub.Range == 0 && o.Action.Range < 0 {
				sub.Range = -1
			}
			if len(ad.Triggers) > math.MaxUint8 {
				return out, fmt.Errorf("more than %d attacks triggered by effects", math.MaxUint8+1)
			}
			ad.Triggers = append(ad.Triggers, sub)
			op.Sub = uint8(len(ad.Triggers) - 1)
		case sim.OpSummon:
			i := slices.IndexFunc(c.minions, func(m Minion) bool { return m.Name == o.Minion })
			if ad == nil || i < 0 {
				return out, fmt.Errorf("%w: summon: unknown Minion %q", errOpGuard, o.Minion)
			}
			op.Sub = uint8(i)
			if op.N == 0 {
				op.N = 1
			}
			c.summons[i] = true
		case sim.OpEach:
			inner, err := c.ops(ad, o.Ops)
			if err != nil {
				return out, err
			}
			if len(c.sc.Lists) > math.MaxUint8 {
				return out, fmt.Errorf("more than %d each effects", math.MaxUint8+1)
			}
			c.sc.Lists = append(c.sc.Lists, inner)
			op.Sub = uint8(len(c.sc.Lists) - 1)
		}
		if !out.Add(op) {
			return out, fmt.Errorf("%w: too many effects; at most %d", errOpGuard, sim.MaxOps)
		}
	}
	return out, nil
}

func (c *compiler) mapOf(s *Scenario) error {
	mp := &c.sc.Map
	mp.Name = s.Name
	mp.W, mp.H = float32(s.Size[0]), float32(s.Size[1])
	if len(s.Terrain) > sim.MaxPieces {
		return fmt.Errorf("scenario %s: %d terrain pieces; at most %d", s.Slug, len(s.Terrain), sim.MaxPieces)
	}
	var blocked, difficult []geom.Shape
	for _, t := range s.Terrain {
		var sh geom.Shape
		switch t.Shape {
		case "rect":
			sh = geom.NewRect(float32(t.Rect[0]), float32(t.Rect[1]), float32(t.Rect[2]), float32(t.Rect[3]))
		case "circle":
			sh = geom.NewCircle(geom.V(float32(t.Circle[0]), float32(t.Circle[1])), float32(t.Circle[2]))
		default:
			pts := make([]geom.Vec, len(t.Poly))
			for k, p := range t.Poly {
				pts[k] = geom.V(float32(p[0]), float32(p[1]))
			}
			var err error
			if sh, err = geom.NewPoly(pts...); err != nil {
				return fmt.Errorf("scenario %s: terrain %s: %w", s.Slug, t.Name, err)
			}
		}
		pc := sim.Piece{Name: t.Name, Shape: sh, Types: terrainOf(t.Types), Height: float32(t.Height), Unstable: t.Unstable, Chasm: t.Chasm}
		mp.Pieces[mp.NPieces] = pc
		mp.NPieces++
		mp.HasTerrain |= pc.Types
		// Routes go around every Impassable piece, those a move may leap
		// too: a leap is made where a leg crosses one and lands clear
		// (R58).
		if pc.Types&sim.Impassable != 0 {
			blocked = append(blocked, sh)
		}
		if pc.Types&sim.Difficult != 0 {
			difficult = append(difficult, sh)
		}
	}
	mp.NoteHeight()
	if len(s.Exits) > sim.MaxExits {
		return fmt.Errorf("scenario %s: %d exits; at most %d", s.Slug, len(s.Exits), sim.MaxExits)
	}
	for _, e := range s.Exits {
		lo, hi := float32(e.From), float32(e.To)
		var ex sim.Exit
		switch e.Edge {
		case "south":
			ex = sim.Exit{A: geom.V(lo, 0), B: geom.V(hi, 0)}
		case "north":
			ex = sim.Exit{A: geom.V(lo, mp.H), B: geom.V(hi, mp.H)}
		case "west":
			ex = sim.Exit{A: geom.V(0, lo), B: geom.V(0, hi)}
		case "east":
			ex = sim.Exit{A: geom.V(mp.W, lo), B: geom.V(mp.W, hi)}
		}
		mp.Exits[mp.NExits] = ex
		mp.NExits++
	}
	if s.DeployExit < 0 || s.DeployExit >= int(mp.NExits) {
		return fmt.Errorf("scenario %s: deploy_exit %d: there are %d exits", s.Slug, s.DeployExit, mp.NExits)
	}
	mp.DeployExit = uint8(s.DeployExit)
	if len(blocked) > 0 && !c.noRoutes {
		// One grid for every model, cleared for the largest base on the
		// board (a gap too narrow for it counts as closed for all).
		clear := c.sc.Adversary.BaseR
		for _, p := range c.sc.Pack {
			if p.BaseR > clear {
				clear = p.BaseR
			}
		}
		mp.Nav = geom.BuildNav(mp.W, mp.H, 0.5, clear, blocked, difficult)
	}
	return nil
}

// fits checks that the board holds the models as the hunt deploys them
// (sim's deploy): the Pack in a row along the edge of its deployment exit,
// its bases 1" apart and 0.5" in from the edge, and the Adversary's models
// and Minions on the rest of the board. A board too small would stack
// bases on one another, or push them past its edge; the error names the
// scenario file's size and the least size the models need.
func fits(sc *sim.Scenario, a *Adversary, s *Scenario) error {
	edge := s.Exits[s.DeployExit].Edge
	along, across := s.Size[0], s.Size[1] // the deployment edge, and the board's depth from it
	if edge == "east" || edge == "west" {
		along, across = across, along
	}
	row, depth := 0.0, 0.0
	for i, m := range sc.Pack {
		d := 2 * float64(m.BaseR)
		row += d
		if i > 0 {
			row++
		}
		depth = max(depth, d+0.5)
	}
	// The Adversary's side: its models, then its Minions; each base needs
	// at least a square of its diameter on the board beyond the Pack's row.
	foeMax, foeArea := 0.0, 0.0
	add := func(r float32, n int) {
		d := 2 * float64(r)
		foeMax = max(foeMax, d)
		foeArea += float64(n) * d * d
	}
	add(sc.Adversary.BaseR, len(a.Models))
	for _, mn := range a.Minions {
		add(mmToRadius(mn.BaseMM), mn.Count)
	}
	var why string
	bases := func(n int) string {
		if n == 1 {
			return "1 base"
		}
		return fmt.Sprintf("%d bases", n)
	}
	switch {
	case row > along:
		why = fmt.Sprintf("the Pack's row of %s along the %s edge (its deployment exit's) takes %.1f\", the edge is %g\"", bases(len(sc.Pack)), edge, math.Ceil(row*10)/10, along)
	case depth+foeMax > across:
		why = fmt.Sprintf("the Pack's row takes %.1f\" in from the %s edge and the Adversary's largest base %.1f\" more, the board is %g\" deep", math.Ceil(depth*10)/10, edge, math.Ceil(foeMax*10)/10, across)
	case foeArea > along*(across-depth):
		why = fmt.Sprintf("the Adversary's %s need about %.0f square inches beyond the Pack's row, the board leaves %.0f", bases(len(a.Models)+minionCount(a)), foeArea, along*(across-depth))
	default:
		return nil
	}
	// The least board holding the models, each side a whole number of
	// inches and no smaller than the one given.
	needAlong := math.Max(along, math.Ceil(max(row, foeMax)))
	needAcross := math.Max(across, math.Ceil(max(depth+foeMax, depth+foeArea/needAlong)))
	w, h := needAlong, needAcross
	if edge == "east" || edge == "west" {
		w, h = h, w
	}
	return &yamldata.Error{File: s.sizeFile, Line: s.sizeLine, Col: s.sizeCol, Field: "size",
		Msg: fmt.Sprintf("[%g, %g] is too small for the models: %s; give at least [%g, %g]", s.Size[0], s.Size[1], why, w, h)}
}
