package cazadores

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	sim "balance/sim/cazadores"
)

// Creation limits of chapter 6 (Cazador Restrictions table) and the
// starting array a build raises.
const (
	startSpd, startAttr, startWnd = 4, 3, 12
	maxAttr, maxSpd, maxWnd       = 7, 8, 20
	maxSkill                      = 3
	maxWeapons, maxGear, maxRits  = 3, 2, 3
	limitAttrs, limitSpdWnd       = 3, 3
	limitSkills, limitRituals     = 5, 2
	limitGear, limitCompanions    = 2, 2
	limitTotal                    = 10
	defaultPackBase               = 32.0 // base diameter (mm) of a Pack model that gives none
)

// The field lists of the Pack's files, from their schema (schema_pack.go),
// as the decoder and FileKind use them.
var (
	rulesFields     = schemaOf("rules").names()
	weaponFields    = schemaOf("weapon").names()
	armourFields    = schemaOf("armour").names()
	gearFields      = schemaOf("gear").names()
	ritualFields    = schemaOf("ritual").names()
	skillFields     = schemaOf("skills").names()
	companionFields = schemaOf("companion").names()
	cazadorFields   = schemaOf("cazador").names()
	packFields      = schemaOf("pack").names()
)

// rules decodes rules.yaml onto r, field by field: absent fields keep their
// value.
func (d *decoder) rules(n *yaml.Node, r *Rules) {
	o := schemaOf("rules")
	m := d.fieldsOf(o, n, "")
	for _, f := range []struct {
		key string
		dst *int
	}{
		{"round_cap", &r.RoundCap},
		{"pass_ticks", &r.PassTicks},
		{"foe_recover_ticks", &r.FoeRecoverTicks},
		{"self_card_ticks", &r.SelfCardTicks},
	} {
		if v, ok := m[f.key]; ok {
			*f.dst = d.intOf(o, f.key, v, "")
		}
	}
	bools := []struct {
		key string
		dst *bool
	}{
		{"surrounded_counts_self", &r.SurroundedCountsSelf},
		{"crit_once_per_turn", &r.CritOncePerTurn},
		{"bleeding_on_zero_move", &r.BleedingOnZeroMove},
		{"ammo_limited", &r.AmmoLimited},
		{"natural_ten_always_succeeds", &r.NaturalTenAlwaysSucceeds},
		{"play_out_round", &r.PlayOutRound},
		{"fall_only_unstable", &r.FallOnlyUnstable},
		{"jump_down", &r.JumpDown},
	}
	for _, f := range bools {
		if v, ok := m[f.key]; ok {
			*f.dst = d.Bool(v, f.key)
		}
	}
	for _, f := range []struct {
		key string
		dst *string
	}{
		{"terror_dt", &r.TerrorDT},
		{"overflow_top", &r.OverflowTop},
		{"foe_move", &r.FoeMove},
		{"dangerous_check", &r.DangerousCheck},
		{"cover", &r.Cover},
	} {
		if v, ok := m[f.key]; ok {
			if s := d.nameOf(o, f.key, v, ""); s != "" {
				*f.dst = s
			}
		}
	}
}

func (d *decoder) weapon(slug string, n *yaml.Node) *Weapon {
	o := schemaOf("weapon")
	m := d.fieldsOf(o, n, slug)
	w := &Weapon{Slug: slug, Damage: true}
	if v, ok := m["name"]; ok {
		w.Name = d.Str(v, at(slug, "name"))
	}
	if v, ok := m["kind"]; ok {
		w.Kind = d.nameOf(o, "kind", v, slug)
	}
	if v, ok := m["pow"]; ok {
		w.Pow = d.intOf(o, "pow", v, slug)
	}
	if v, ok := m["rng"]; ok {
		if w.Kind == "" {
			// The kind is unknown: accept either form silently.
			if rv := d.Res(v); rv != nil && rv.Kind == yaml.SequenceNode {
				w.RngMin, w.RngMax = d.rangeBand(v, at(slug, "rng"), true)
			} else {
				w.RngMin, w.RngMax = d.rangeBand(v, at(slug, "rng"), false)
			}
		} else {
			w.RngMin, w.RngMax = d.rangeBand(v, at(slug, "rng"), w.Kind == "shooting")
		}
	}
	if v, ok := m["hands"]; ok {
		w.Hands = d.intOf(o, "hands", v, slug)
	}
	if v, ok := m["renown"]; ok {
		w.Renown = d.intOf(o, "renown", v, slug)
	}
	if v, ok := m["attack_ticks"]; ok {
		w.AttackTicks = d.intOf(o, "attack_ticks", v, slug)
	}
	if w.Kind == "shooting" {
		w.Ammo = 3
	}
	for _, key := range []string{"reload_ticks", "ammo"} {
		v, ok := m[key]
		if !ok {
			continue
		}
		if w.Kind != "shooting" && w.Kind != "" {
			d.Fail(d.Res(v), at(slug, key), "", "%s applies only to shooting weapons (this one is %s)", key, w.Kind)
			continue
		}
		if key == "ammo" {
			w.Ammo = d.intOf(o, key, v, slug)
		} else {
			w.ReloadTicks = d.intOf(o, key, v, slug)
		}
	}
	if v, ok := m["armour"]; ok {
		w.Armour = d.intOf(o, "armour", v, slug)
	}
	if v, ok := m["damage"]; ok {
		w.Damage = d.Bool(v, at(slug, "damage"))
	}
	ctx := &opCtx{place: sim.InCrit}
	if v, ok := m["on_hit"]; ok {
		w.OnHit = d.ops(v, at(slug, "on_hit"), ctx)
	}
	if v, ok := m["crit"]; ok {
		w.Crit = d.ops(v, at(slug, "crit"), ctx)
	}
	return w
}

func (d *decoder) armour(slug string, n *yaml.Node) *Armour {
	o := schemaOf("armour")
	m := d.fieldsOf(o, n, slug)
	a := &Armour{Slug: slug}
	if v, ok := m["name"]; ok {
		a.Name = d.Str(v, at(slug, "name"))
	}
	if v, ok := m["rating"]; ok {
		a.Rating = d.intOf(o, "rating", v, slug)
	}
	if v, ok := m["spd"]; ok {
		a.Spd = d.intOf(o, "spd", v, slug)
	}
	if v, ok := m["renown"]; ok {
		a.Renown = d.intOf(o, "renown", v, slug)
	}
	return a
}

func (d *decoder) gear(slug string, n *yaml.Node) *Gear {
	o := schemaOf("gear")
	m := d.fieldsOf(o, n, slug)
	g := &Gear{Slug: slug}
	if v, ok := m["name"]; ok {
		g.Name = d.Str(v, at(slug, "name"))
	}
	if v, ok := m["renown"]; ok {
		g.Renown = d.intOf(o, "renown", v, slug)
	}
	if v, ok := m["action"]; ok {
		g.Action = d.nameOf(o, "action", v, slug)
	}
	if v, ok := m["skill"]; ok {
		g.Skill = d.nameOf(o, "skill", v, slug)
	}
	if v, ok := m["dt"]; ok {
		g.DT = d.intOf(o, "dt", v, slug)
	}
	if v, ok := m["ammo"]; ok {
		g.Ammo = d.intOf(o, "ammo", v, slug)
	}
	if v, ok := m["hands"]; ok {
		g.Hands = d.intOf(o, "hands", v, slug)
	}
	if v, ok := m["rng"]; ok {
		rv := d.Res(v)
		g.RngMin, g.RngMax = d.rangeBand(v, at(slug, "rng"), rv != nil && rv.Kind == yaml.SequenceNode)
	}
	ctx := d.effectAreas(m, slug, &g.Areas)
	if v, ok := m["on_success"]; ok {
		g.OnSuccess = d.ops(v, at(slug, "on_success"), ctx)
	}
	if v, ok := m["on_fail"]; ok {
		g.OnFail = d.ops(v, at(slug, "on_fail"), ctx)
	}
	return g
}

// effectAreas decodes the areas of a piece of gear or a Ritual and returns
// the op context of its effects.
func (d *decoder) effectAreas(m map[string]*yaml.Node, slug string, dst *map[string]*AreaKind) *opCtx {
	ctx := &opCtx{place: sim.InEffect}
	if v, ok := m["areas"]; ok {
		*dst = map[string]*AreaKind{}
		for _, e := range d.Pairs(d.Res(v), at(slug, "areas")) {
			if !d.SlugKey(e, at(slug, "areas")) {
				continue
			}
			(*dst)[e.Key] = d.areaKind(e.Key, e.V, at(slug, "areas."+e.Key))
			ctx.areas = append(ctx.areas, e.Key)
		}
		slices.Sort(ctx.areas)
	}
	return ctx
}

func (d *decoder) ritual(slug string, n *yaml.Node) *Ritual {
	o := schemaOf("ritual")
	m := d.fieldsOf(o, n, slug)
	r := &Ritual{Slug: slug}
	if v, ok := m["name"]; ok {
		r.Name = d.Str(v, at(slug, "name"))
	}
	if v, ok := m["renown"]; ok {
		r.Renown = d.intOf(o, "renown", v, slug)
	}
	if v, ok := m["pow"]; ok {
		r.Pow = d.intOf(o, "pow", v, slug)
	}
	if v, ok := m["rng"]; ok {
		r.Rng = d.numberOf(o, "rng", v, slug)
	}
	r.Target = "any"
	if v, ok := m["target"]; ok {
		r.Target = d.nameOf(o, "target", v, slug)
	}
	ctx := d.effectAreas(m, slug, &r.Areas)
	if v, ok := m["effect"]; ok {
		r.Effect = d.ops(v, at(slug, "effect"), ctx)
	}
	if v, ok := m["crit"]; ok {
		r.Crit = d.ops(v, at(slug, "crit"), &opCtx{place: sim.InCrit})
	}
	return r
}

// attributes decodes the attributes of a Pack model onto a: object o
// (companion_stats, every field required, or cazador_attributes, absent
// fields keeping their value).
func (d *decoder) attributes(o *schemaObject, n *yaml.Node, path string, a *Attributes) map[string]*yaml.Node {
	m := d.fieldsOf(o, n, path)
	for _, f := range []struct {
		key string
		dst *int
	}{{"spd", &a.Spd}, {"prow", &a.Prow}, {"shrp", &a.Shrp}, {"wit", &a.Wit}, {"res", &a.Res}, {"wnd", &a.Wnd}} {
		if v, ok := m[f.key]; ok {
			*f.dst = d.intOf(o, f.key, v, path)
		}
	}
	return m
}

// refs decodes a list of slugs that must be keys of known.
func refs[T any](d *decoder, n *yaml.Node, path, what string, known map[string]T, dup bool) []string {
	return d.Names(n, path, what, slices.Sorted(maps.Keys(known)), dup)
}

func (d *decoder) companion(slug string, n *yaml.Node, data *Data) *Companion {
	o := schemaOf("companion")
	m := d.fieldsOf(o, n, slug)
	c := &Companion{Slug: slug, BaseMM: defaultPackBase}
	if v, ok := m["name"]; ok {
		c.Name = d.Str(v, at(slug, "name"))
	}
	if v, ok := m["stats"]; ok {
		d.attributes(schemaOf("companion_stats"), v, at(slug, "stats"), &c.Stats)
	}
	if v, ok := m["enlist"]; ok {
		c.Enlist = d.intOf(o, "enlist", v, slug)
	}
	if v, ok := m["base_mm"]; ok {
		c.BaseMM = d.numberOf(o, "base_mm", v, slug)
	}
	if v, ok := m["loadouts"]; ok {
		items := d.Seq(v, at(slug, "loadouts"))
		if len(items) == 0 {
			d.Fail(d.Res(v), at(slug, "loadouts"), "", "list at least one loadout (weapons: [] for none)")
		}
		for i, it := range items {
			p := idx(at(slug, "loadouts"), i)
			lm := d.fieldsOf(schemaOf("loadout"), it, p)
			var l Loadout
			if x, ok := lm["weapons"]; ok {
				l.Weapons = refs(d, x, at(p, "weapons"), "weapon", data.Weapons, true)
				if len(l.Weapons) > maxWeapons {
					d.Fail(d.Res(x), at(p, "weapons"), "", "%d weapons; a model carries at most %d", len(l.Weapons), maxWeapons)
				}
			}
			if x, ok := lm["armour"]; ok {
				l.Armour = d.Name(x, at(p, "armour"), "armour", slices.Sorted(maps.Keys(data.Armour)))
			}
			c.Loadouts = append(c.Loadouts, l)
		}
	}
	return c
}

func (d *decoder) cazador(slug string, n *yaml.Node, data *Data) *Cazador {
	o := schemaOf("cazador")
	m := d.fieldsOf(o, n, slug)
	c := &Cazador{Slug: slug, BaseMM: defaultPackBase, Attributes: Attributes{startSpd, startAttr, startAttr, startAttr, startAttr, startWnd}}
	if v, ok := m["name"]; ok {
		c.Name = d.Str(v, at(slug, "name"))
	}
	var attrNodes, skillNodes map[string]*yaml.Node
	if v, ok := m["attributes"]; ok {
		attrNodes = d.attributes(schemaOf("cazador_attributes"), v, at(slug, "attributes"), &c.Attributes)
	}
	if v, ok := m["skills"]; ok {
		so := schemaOf("skills")
		skillNodes = d.fieldsOf(so, v, at(slug, "skills"))
		for i, dst := range c.Skills.ptrs() {
			if x, ok := skillNodes[skillFields[i]]; ok {
				*dst = d.intOf(so, skillFields[i], x, at(slug, "skills"))
			}
		}
	}
	if v, ok := m["weapons"]; ok {
		c.Weapons = refs(d, v, at(slug, "weapons"), "weapon", data.Weapons, true)
		if rv := d.Res(v); rv != nil && (isNull(rv) || (rv.Kind == yaml.SequenceNode && len(rv.Content) == 0)) {
			d.Fail(d.Res(v), at(slug, "weapons"), "", "a Cazador starts with a weapon of their choice; list at least one")
		}
	}
	if v, ok := m["readied"]; ok {
		before := d.NErrs()
		c.Readied = refs(d, v, at(slug, "readied"), "weapon", data.Weapons, true)
		if wn := d.Res(m["weapons"]); d.NErrs() == before && wn != nil && wn.Kind == yaml.SequenceNode && len(wn.Content) == len(c.Weapons) {
			d.checkReadied(c, v, at(slug, "readied"), data)
		}
	} else if len(c.Weapons) > 0 {
		c.Readied = slices.Clone(c.Weapons[:1])
	}
	if v, ok := m["armour"]; ok {
		c.Armour = d.Name(v, at(slug, "armour"), "armour", slices.Sorted(maps.Keys(data.Armour)))
	}
	if v, ok := m["gear"]; ok {
		c.Gear = refs(d, v, at(slug, "gear"), "special gear", data.Gear, false)
	}
	if v, ok := m["rituals"]; ok {
		c.Rituals = refs(d, v, at(slug, "rituals"), "ritual", data.Rituals, false)
	}
	if v, ok := m["book"]; ok {
		c.Book = refs(d, v, at(slug, "book"), "ritual", data.Rituals, false)
		switch {
		case len(c.Book) > 2:
			d.Fail(d.Res(v), at(slug, "book"), "", "a Book of Rituals holds up to 2 Rituals, not %d", len(c.Book))
		case len(c.Book) > 0 && !slices.Contains(c.Weapons, "book-of-rituals"):
			d.Fail(d.Res(v), at(slug, "book"), "book-of-rituals", "Rituals inscribed in a book, but the build carries no Book of Rituals; add it to weapons")
		}
	}
	if v, ok := m["symbol"]; ok {
		c.Symbol = d.Name(v, at(slug, "symbol"), "known ritual", c.Rituals)
		if c.Symbol != "" && !slices.Contains(c.Weapons, "religious-symbol") {
			d.Fail(d.Res(v), at(slug, "symbol"), "religious-symbol", "a Ritual chosen for a Religious Symbol, but the build carries none; add it to weapons")
		}
	}
	if v, ok := m["base_mm"]; ok {
		c.BaseMM = d.numberOf(o, "base_mm", v, slug)
	}
	d.creation(c, n, m, attrNodes, skillNodes, data)
	return c
}

func (s *Skills) ptrs() []*int {
	return []*int{&s.Athletics, &s.Melee, &s.Shooting, &s.Stealth, &s.Hunt, &s.Lore, &s.Fortitude, &s.Leadership}
}

// checkReadied checks that the readied weapons are carried and fit in two
// hands.
func (d *decoder) checkReadied(c *Cazador, n *yaml.Node, path string, data *Data) {
	left := slices.Clone(c.Weapons)
	hands := 0
	var parts []string
	for _, r := range c.Readied {
		i := slices.Index(left, r)
		if i < 0 {
			d.Fail(d.Res(n), path, "", "%q is readied but not among the weapons carried (%s)", r, strings.Join(c.Weapons, ", "))
			continue
		}
		left = slices.Delete(left, i, i+1)
		if w := data.Weapons[r]; w != nil {
			hands += w.Hands
			parts = append(parts, fmt.Sprintf("%s %d", r, w.Hands))
		}
	}
	if hands > 2 {
		d.Fail(d.Res(n), path, "", "%d hands readied (%s); a model has 2", hands, strings.Join(parts, ", "))
	}
}

// creation checks a build against the Cazador Restrictions of chapter 6 and
// records what it spends.
func (d *decoder) creation(c *Cazador, n *yaml.Node, m, attrNodes, skillNodes map[string]*yaml.Node, data *Data) {
	slug := c.Slug
	node := func(key string) *yaml.Node {
		if v, ok := m[key]; ok {
			return d.Res(v)
		}
		return d.Res(n)
	}
	a := c.Attributes
	var raised []string
	for _, f := range []struct {
		key string
		v   int
	}{{"prow", a.Prow}, {"shrp", a.Shrp}, {"wit", a.Wit}, {"res", a.Res}} {
		p := at(slug, "attributes."+f.key)
		switch {
		case f.v < startAttr:
			d.Fail(d.Res(attrNodes[f.key]), p, "", "%d is below the starting %d; Renown only raises ratings", f.v, startAttr)
		case f.v > maxAttr:
			d.Fail(d.Res(attrNodes[f.key]), p, "", "%d is above the maximum %d", f.v, maxAttr)
		case f.v > startAttr:
			c.Spent.Attributes += f.v - startAttr
			raised = append(raised, fmt.Sprintf("%s +%d", f.key, f.v-startAttr))
		}
	}
	if c.Spent.Attributes > limitAttrs {
		d.Fail(node("attributes"), at(slug, "attributes"), "", "%d points spent on PROW, SHRP, WIT and RES (%s), the creation limit is %d", c.Spent.Attributes, strings.Join(raised, ", "), limitAttrs)
	}
	raised = raised[:0]
	for _, f := range []struct {
		key          string
		v, start, hi int
	}{{"spd", a.Spd, startSpd, maxSpd}, {"wnd", a.Wnd, startWnd, maxWnd}} {
		p := at(slug, "attributes."+f.key)
		switch {
		case f.v < f.start:
			d.Fail(d.Res(attrNodes[f.key]), p, "", "%d is below the starting %d; Renown only raises ratings", f.v, f.start)
		case f.v > f.hi:
			d.Fail(d.Res(attrNodes[f.key]), p, "", "%d is above the maximum %d", f.v, f.hi)
		case f.v > f.start:
			c.Spent.SpdWnd += f.v - f.start
			raised = append(raised, fmt.Sprintf("%s +%d", f.key, f.v-f.start))
		}
	}
	if c.Spent.SpdWnd > limitSpdWnd {
		d.Fail(node("attributes"), at(slug, "attributes"), "", "%d points spent on SPD and WND (%s), the creation limit is %d", c.Spent.SpdWnd, strings.Join(raised, ", "), limitSpdWnd)
	}
	for i, v := range c.Skills.ptrs() {
		if *v > maxSkill {
			d.Fail(d.Res(skillNodes[skillFields[i]]), at(slug, "skills."+skillFields[i]), "", "%d is above the maximum %d", *v, maxSkill)
		}
		c.Spent.Skills += *v
	}
	if c.Spent.Skills > limitSkills {
		d.Fail(node("skills"), at(slug, "skills"), "", "%d points spent, the creation limit is %d", c.Spent.Skills, limitSkills)
	}
	if len(c.Rituals) > maxRits {
		d.Fail(node("rituals"), at(slug, "rituals"), "", "%d rituals, the maximum is %d", len(c.Rituals), maxRits)
	}
	for _, r := range c.Rituals {
		if x := data.Rituals[r]; x != nil {
			c.Spent.Rituals += x.Renown
		}
	}
	if c.Spent.Rituals > limitRituals {
		d.Fail(node("rituals"), at(slug, "rituals"), "", "%d points spent, the creation limit is %d", c.Spent.Rituals, limitRituals)
	}
	if len(c.Weapons) > maxWeapons {
		d.Fail(node("weapons"), at(slug, "weapons"), "", "%d weapons, the maximum is %d", len(c.Weapons), maxWeapons)
	}
	if len(c.Gear) > maxGear {
		d.Fail(node("gear"), at(slug, "gear"), "", "%d pieces of special gear, the maximum is %d", len(c.Gear), maxGear)
	}
	// The starting weapon is free: the player picks it, so the dearest.
	weapons, dearest := 0, 0
	for _, w := range c.Weapons {
		if x := data.Weapons[w]; x != nil {
			weapons += x.Renown
			dearest = max(dearest, x.Renown)
		}
	}
	weapons -= dearest
	armour := 0
	if x, l := data.Armour[c.Armour], data.Armour["light"]; x != nil {
		free := 0
		if l != nil {
			free = l.Renown
		}
		armour = max(x.Renown-free, 0)
	}
	gear := 0
	for _, g := range c.Gear {
		if x := data.Gear[g]; x != nil {
			gear += x.Renown
		}
	}
	c.Spent.Gear = weapons + armour + gear
	if c.Spent.Gear > limitGear {
		d.Fail(node("weapons"), at(slug, "weapons"), "", "weapons, armour and gear: %d points spent (weapons %d beyond the free one, armour %d beyond light, special gear %d), the creation limit is %d", c.Spent.Gear, weapons, armour, gear, limitGear)
	}
	if t := c.Spent.Total(); t > limitTotal {
		d.Fail(d.Res(n), slug, "", "%d Renown spent in all (%s), the creation limit is %d", t, c.Spent, limitTotal)
	}
}

// String lists the spending by restriction.
func (s Spending) String() string {
	return fmt.Sprintf("attributes %d, spd+wnd %d, skills %d, rituals %d, weapons/armour/gear %d", s.Attributes, s.SpdWnd, s.Skills, s.Rituals, s.Gear)
}

func (d *decoder) pack(slug string, n *yaml.Node, data *Data) *Pack {
	o := schemaOf("pack")
	m := d.fieldsOf(o, n, slug)
	p := &Pack{Slug: slug}
	if v, ok := m["name"]; ok {
		p.Name = d.Str(v, at(slug, "name"))
	}
	table := true
	if v, ok := m["table_4_1"]; ok {
		table = d.Bool(v, at(slug, "table_4_1"))
		p.OutsideTable = !table
	}
	v, ok := m["members"]
	if !ok {
		return p
	}
	mp := at(slug, "members")
	items := d.Seq(v, mp)
	nodes := make([]*yaml.Node, len(items))
	valid := true
	for i, it := range items {
		ip := idx(mp, i)
		nodes[i] = d.Res(it)
		mo := schemaOf("member")
		fm := d.fieldsOf(mo, it, ip)
		var mem Member
		cz, hasCz := fm["cazador"]
		co, hasCo := fm["companion"]
		switch {
		case hasCz && hasCo:
			d.Fail(nodes[i], ip, "", "a member is either a cazador or a companion, not both")
			valid = false
		case hasCz:
			mem.Cazador = d.Name(cz, at(ip, "cazador"), "cazador build", slices.Sorted(maps.Keys(data.Cazadores)))
			for _, k := range []string{"loadout", "of"} {
				if x, ok := fm[k]; ok {
					d.Fail(d.Res(x), at(ip, k), "", "%s applies only to companions", k)
				}
			}
			valid = valid && mem.Cazador != ""
		case hasCo:
			mem.Companion = d.Name(co, at(ip, "companion"), "companion type", slices.Sorted(maps.Keys(data.Companions)))
			if x, ok := fm["loadout"]; ok {
				rx := d.Res(x)
				mem.Loadout = d.intOf(mo, "loadout", rx, ip)
				if c := data.Companions[mem.Companion]; c != nil && mem.Loadout >= len(c.Loadouts) {
					d.Fail(rx, at(ip, "loadout"), "", "loadout %d is out of range: %s has %d loadout(s), numbered 0..%d", mem.Loadout, mem.Companion, len(c.Loadouts), len(c.Loadouts)-1)
					mem.Loadout = 0
				}
			}
			if x, ok := fm["of"]; ok {
				mem.Of = d.intOf(mo, "of", x, ip)
			} else if nodes[i] != nil && nodes[i].Kind == yaml.MappingNode {
				d.Fail(nodes[i], at(ip, "of"), "", "missing; give the index of the Cazador member this companion belongs to")
				valid = false
			}
			valid = valid && mem.Companion != ""
		default:
			if nodes[i] != nil && nodes[i].Kind == yaml.MappingNode {
				d.Fail(nodes[i], ip, "", "a member needs cazador: <build> or companion: <type>")
			}
			valid = false
		}
		p.Members = append(p.Members, mem)
	}
	if !valid {
		return p
	}
	// Table 4.1: one Cazador per player; Companions by player count.
	players := 0
	owned := make([][]int, len(p.Members))
	for _, mem := range p.Members {
		if mem.Cazador != "" {
			players++
		}
	}
	for i, mem := range p.Members {
		if mem.Companion == "" {
			continue
		}
		if mem.Of >= len(p.Members) || p.Members[mem.Of].Cazador == "" {
			d.Fail(nodes[i], at(idx(mp, i), "of"), "", "of %d is not a cazador member of this pack", mem.Of)
			return p
		}
		owned[mem.Of] = append(owned[mem.Of], i)
	}
	rv := d.Res(v)
	switch {
	case players == 0:
		d.Fail(rv, mp, "", "a pack needs at least one cazador")
		return p
	case players > 4:
		d.Fail(rv, mp, "", "%d cazadores; a hunt has 1 to 4 players with one Cazador each (Table 4.1)", players)
	}
	companions := len(p.Members) - players
	switch {
	case !table:
		// A lab Pack: Table 4.1's companions by player count are not
		// checked (a Cazador hunting alone).
	case players == 1 && (companions < 1 || companions > 3):
		d.Fail(rv, mp, "", "1 player takes 1 to 3 companions (Table 4.1); this pack has %d (table_4_1: false lifts the check, for a Cazador hunting alone)", companions)
	case players == 2:
		for i, own := range owned {
			if len(own) > 1 {
				d.Fail(nodes[i], idx(mp, i), "", "with 2 players each Cazador takes at most 1 companion (Table 4.1); this one has %d", len(own))
			}
		}
	case players >= 3 && companions > 0:
		d.Fail(rv, mp, "", "with %d players a pack takes no companions (Table 4.1); this pack has %d", players, companions)
	}
	// Creation points: a Cazador's Companions cost their enlistment.
	for i, own := range owned {
		c := data.Cazadores[p.Members[i].Cazador]
		if c == nil || len(own) == 0 {
			continue
		}
		enlist := 0
		var names []string
		for _, j := range own {
			if co := data.Companions[p.Members[j].Companion]; co != nil {
				enlist += co.Enlist
				names = append(names, fmt.Sprintf("%s %d", co.Slug, co.Enlist))
			}
		}
		if enlist > limitCompanions {
			d.Fail(nodes[i], idx(mp, i), "", "companions: %d points spent enlisting %s, the creation limit is %d", enlist, strings.Join(names, ", "), limitCompanions)
		}
		if t := c.Spent.Total() + enlist; t > limitTotal {
			d.Fail(nodes[i], idx(mp, i), "", "%d Renown spent in all (%s %d + companions %d), the creation limit is %d", t, c.Slug, c.Spent.Total(), enlist, limitTotal)
		}
	}
	return p
}
