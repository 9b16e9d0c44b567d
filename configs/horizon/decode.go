package horizon

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"balance/configs/yamldata"
	"balance/internal/typo"
	sim "balance/sim/horizon"
)

// at is the position of node n in the decoder's file.
func at(d *yamldata.Decoder, n *yaml.Node) Pos {
	if n == nil {
		return Pos{File: d.File()}
	}
	return Pos{File: d.File(), Line: n.Line, Col: n.Column}
}

func (p Pos) String() string { return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col) }

// pool decodes {COLOUR: N, ...}.
func (x *Data) pool(d *yamldata.Decoder, n *yaml.Node, path string) sim.Pool {
	var p sim.Pool
	for _, e := range d.Pairs(n, path) {
		c := slices.Index(x.DiceOrder, e.Key)
		if c < 0 {
			d.Fail(e.K, yamldata.At(path, e.Key), typo.Nearest(e.Key, x.DiceOrder), "unknown dice colour %q (known: %s)", e.Key, strings.Join(x.DiceOrder, ", "))
			continue
		}
		p[c] = uint8(d.Int(e.V, yamldata.At(path, e.Key), 0, sim.MaxPool))
	}
	if p.N() > sim.MaxPool {
		d.Fail(d.Res(n), path, "", "%d dice: at most %d in one roll", p.N(), sim.MaxPool)
	}
	return p
}

// conds decodes a list of effects from allowed into conditions and the
// push and dodge flags.
func conds(d *yamldata.Decoder, n *yaml.Node, path string, allowed []Term) (c sim.Cond, push, dodge bool) {
	for _, name := range d.Names(n, path, "effect", keys(allowed), false) {
		switch name {
		case "fire":
			c |= sim.Fire
		case "freeze":
			c |= sim.Freeze
		case "shock":
			c |= sim.Shock
		case "push":
			push = true
		case "dodge":
			dodge = true
		}
	}
	return
}

// condList decodes a list of conditions.
func condList(d *yamldata.Decoder, n *yaml.Node, path string) sim.Cond {
	c, _, _ := conds(d, n, path, AttackEffects[:3])
	return c
}

// aoe decodes an AOE profile and returns its index in x.AOEs.
func (x *Data) aoe(d *yamldata.Decoder, n *yaml.Node, path string) int8 {
	f := d.Fields(n, path, []string{"dice", "damage", "effects"})
	a := sim.AOE{Dice: x.pool(d, f["dice"], yamldata.At(path, "dice")), Damage: int8(d.Int(f["damage"], yamldata.At(path, "damage"), 0, 20))}
	a.Cond, a.Push, _ = conds(d, f["effects"], yamldata.At(path, "effects"), AttackEffects[:4])
	if len(x.AOEs) >= 120 {
		d.Fail(d.Res(n), path, "", "more than 120 AOE profiles in the data")
		return -1
	}
	x.AOEs = append(x.AOEs, a)
	return int8(len(x.AOEs) - 1)
}

// crit decodes one critical-hit option.
func (x *Data) crit(d *yamldata.Decoder, n *yaml.Node, path string) sim.Effects {
	f := d.Fields(n, path, []string{"damage", "effects", "aoe"})
	e := sim.Effects{Damage: int8(d.Int(f["damage"], yamldata.At(path, "damage"), 0, 20)), AOE: -1}
	e.Cond, e.Push, e.Dodge = conds(d, f["effects"], yamldata.At(path, "effects"), AttackEffects)
	if f["aoe"] != nil {
		e.AOE = x.aoe(d, f["aoe"], yamldata.At(path, "aoe"))
	}
	return e
}

// crits decodes a list of critical-hit options into dst.
func (x *Data) crits(d *yamldata.Decoder, n *yaml.Node, path string, dst *[sim.MaxCrits]sim.Effects) uint8 {
	items := d.Seq(n, path)
	if len(items) > sim.MaxCrits {
		d.Fail(d.Res(n), path, "", "%d crit options: at most %d", len(items), sim.MaxCrits)
		items = items[:sim.MaxCrits]
	}
	for i, it := range items {
		dst[i] = x.crit(d, it, yamldata.Idx(path, i))
	}
	return uint8(len(items))
}

// symbols decodes weapon symbols into bits, adding new ones. Those an
// ammunition card fits (fits) must be carried by some weapon of the data:
// checkRefs says so of one that none carries (a typo would leave the card
// out of play).
func (x *Data) symbols(d *yamldata.Decoder, n *yaml.Node, path string, fits bool) (uint16, []string) {
	var bits uint16
	var names []string
	for i, it := range d.Seq(n, path) {
		s := d.Str(it, yamldata.Idx(path, i))
		if s == "" {
			continue
		}
		k := slices.Index(x.Symbols, s)
		if k < 0 {
			if len(x.Symbols) == 16 {
				d.Fail(d.Res(it), yamldata.Idx(path, i), "", "more than 16 weapon symbols in the data")
				continue
			}
			x.Symbols = append(x.Symbols, s)
			k = len(x.Symbols) - 1
		}
		bits |= 1 << k
		names = append(names, s)
		if fits {
			x.refs = append(x.refs, ref{file: d.File(), field: yamldata.Idx(path, i), kind: "weapon symbols", name: s, node: d.Res(it)})
		}
	}
	return bits, names
}

var faceRE = regexp.MustCompile(`^(\d)?\+?crit$`)

// face decodes a die face: a number of pips, "crit", or "N+crit".
func face(d *yamldata.Decoder, n *yaml.Node, path string) sim.Face {
	n = d.Res(n)
	if n == nil {
		return sim.Face{}
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!!int" {
		return sim.Face{Pips: uint8(d.Int(n, path, 0, sim.MaxPips))}
	}
	if n.Kind == yaml.ScalarNode {
		if m := faceRE.FindStringSubmatch(strings.ReplaceAll(n.Value, " ", "")); m != nil {
			p := 0
			if m[1] != "" {
				p, _ = strconv.Atoi(m[1])
			}
			return sim.Face{Pips: uint8(p), Crit: true}
		}
	}
	d.Fail(n, path, "", "a face is a number of pips (0..%d), \"crit\", or \"N+crit\"; got %s", sim.MaxPips, yamldata.Describe(n))
	return sim.Face{}
}

func (x *Data) decodeDie(d *yamldata.Decoder, key string, n *yaml.Node, path string) *Die {
	f := d.Fields(n, path, []string{"name", "physical", "faces"}, "faces")
	die := &Die{Name: key, At: at(d, d.Res(n)), Physical: 1}
	if f["name"] != nil {
		die.Name = d.Str(f["name"], yamldata.At(path, "name"))
	}
	if f["physical"] != nil {
		die.Physical = d.Int(f["physical"], yamldata.At(path, "physical"), 1, 16)
	}
	items := d.Seq(f["faces"], yamldata.At(path, "faces"))
	if len(items) < 2 || len(items) > sim.MaxFaces {
		d.Fail(d.Res(f["faces"]), yamldata.At(path, "faces"), "", "%d faces: allowed 2..%d", len(items), sim.MaxFaces)
	}
	for i, it := range items {
		if i == sim.MaxFaces {
			break
		}
		die.Faces = append(die.Faces, face(d, it, yamldata.Idx(yamldata.At(path, "faces"), i)))
	}
	return die
}

func (x *Data) decodeMod(d *yamldata.Decoder, key string, n *yaml.Node, path string) *Mod {
	f := d.Fields(n, path, []string{"name", "kind", "dice", "crits", "damage", "evade", "reduce", "resist", "immune"}, "kind")
	m := &Mod{Name: name(d, f, path, key), At: at(d, d.Res(n))}
	m.Weave = d.Name(f["kind"], yamldata.At(path, "kind"), "modification kind", []string{"coil", "weave"}) == "weave"
	if m.Weave {
		for _, k := range []string{"dice", "crits", "damage"} {
			if f[k] != nil {
				d.Fail(f[k], yamldata.At(path, k), "", "a weave (armour) takes evade, reduce, resist and immune, not %s", k)
			}
		}
		m.Dice = x.pool(d, f["evade"], yamldata.At(path, "evade"))
		m.Reduce = d.Int(f["reduce"], yamldata.At(path, "reduce"), 0, 10)
		m.Resist = resist(d, f["resist"], yamldata.At(path, "resist"))
		m.Immune = condList(d, f["immune"], yamldata.At(path, "immune"))
		return m
	}
	for _, k := range []string{"evade", "reduce", "resist", "immune"} {
		if f[k] != nil {
			d.Fail(f[k], yamldata.At(path, k), "", "a coil (weapon) takes dice, crits and damage, not %s", k)
		}
	}
	m.Dice = x.pool(d, f["dice"], yamldata.At(path, "dice"))
	m.Damage = d.Int(f["damage"], yamldata.At(path, "damage"), 0, 10)
	for i, it := range d.Seq(f["crits"], yamldata.At(path, "crits")) {
		m.Crits = append(m.Crits, x.crit(d, it, yamldata.Idx(yamldata.At(path, "crits"), i)))
	}
	return m
}

// resist decodes {melee: N, ranged: N, pulse: N}.
func resist(d *yamldata.Decoder, n *yaml.Node, path string) [3]int8 {
	var r [3]int8
	f := d.Fields(n, path, []string{"melee", "ranged", "pulse"})
	for i, k := range []string{"melee", "ranged", "pulse"} {
		r[i] = int8(d.Int(f[k], yamldata.At(path, k), 0, 10))
	}
	return r
}

// name returns the entry's name field, or its key.
func name(d *yamldata.Decoder, f map[string]*yaml.Node, path, key string) string {
	if f["name"] != nil {
		if s := d.Str(f["name"], yamldata.At(path, "name")); s != "" {
			return s
		}
	}
	return key
}

func (x *Data) decodeWeapon(d *yamldata.Decoder, key string, n *yaml.Node, path string) *Weapon {
	f := d.Fields(n, path, []string{"name", "kind", "range", "dice", "crits", "damage", "symbols", "trap", "slots"}, "kind", "range")
	w := &Weapon{At: at(d, d.Res(n))}
	w.Name = name(d, f, path, key)
	switch d.Name(f["kind"], yamldata.At(path, "kind"), "weapon kind", []string{"ranged", "melee"}) {
	case "melee":
		w.Kind = sim.Melee
	default:
		w.Kind = sim.Ranged
	}
	w.Range = uint8(d.Int(f["range"], yamldata.At(path, "range"), 0, 20))
	w.Dice = x.pool(d, f["dice"], yamldata.At(path, "dice"))
	w.NCrits = x.crits(d, f["crits"], yamldata.At(path, "crits"), &w.Crits)
	w.Damage = int8(d.Int(f["damage"], yamldata.At(path, "damage"), 0, 10))
	w.Weapon.Symbols, w.Symbols = x.symbols(d, f["symbols"], yamldata.At(path, "symbols"), false)
	w.Trap = f["trap"] != nil && d.Bool(f["trap"], yamldata.At(path, "trap"))
	w.Slots = d.Int(f["slots"], yamldata.At(path, "slots"), 0, 4)
	if w.Kind == sim.Ranged && w.Weapon.Symbols == 0 {
		d.Fail(d.Res(n), yamldata.At(path, "symbols"), "", "a ranged weapon needs a symbol: it attacks only with ammunition of a matching symbol")
	}
	return w
}

func (x *Data) decodeArmour(d *yamldata.Decoder, key string, n *yaml.Node, path string) *Armour {
	f := d.Fields(n, path, []string{"name", "evade", "crit", "resist", "immune", "slots"}, "evade")
	a := &Armour{At: at(d, d.Res(n))}
	a.Name = name(d, f, path, key)
	a.Evade = x.pool(d, f["evade"], yamldata.At(path, "evade"))
	if f["crit"] != nil {
		cf := d.Fields(f["crit"], yamldata.At(path, "crit"), []string{"reduce", "effects"})
		a.CritReduce = int8(d.Int(cf["reduce"], yamldata.At(path, "crit.reduce"), 0, 10))
		a.CritCond = condList(d, cf["effects"], yamldata.At(path, "crit.effects"))
	}
	a.Resist = resist(d, f["resist"], yamldata.At(path, "resist"))
	a.Immune = condList(d, f["immune"], yamldata.At(path, "immune"))
	a.Slots = d.Int(f["slots"], yamldata.At(path, "slots"), 0, 4)
	return a
}

// passive decodes a trait's or a miscellaneous item's effects from the
// fields f.
func (x *Data) passive(d *yamldata.Decoder, f map[string]*yaml.Node, path string) Passive {
	return Passive{
		HandSize:   d.Int(f["hand_size"], yamldata.At(path, "hand_size"), 0, 5),
		Stealth:    d.Int(f["stealth"], yamldata.At(path, "stealth"), 0, 10),
		Evade:      x.pool(d, f["evade"], yamldata.At(path, "evade")),
		MeleeDice:  x.pool(d, f["melee_dice"], yamldata.At(path, "melee_dice")),
		RangedDice: x.pool(d, f["ranged_dice"], yamldata.At(path, "ranged_dice")),
		Immune:     condList(d, f["immune"], yamldata.At(path, "immune")),
	}
}

func (x *Data) decodeMisc(d *yamldata.Decoder, key string, n *yaml.Node, path string) *Misc {
	f := d.Fields(n, path, append([]string{"name"}, keys(Passives)...))
	return &Misc{Name: name(d, f, path, key), Passive: x.passive(d, f, path), At: at(d, d.Res(n))}
}

func (x *Data) decodeCard(d *yamldata.Decoder, key string, n *yaml.Node, path string) *Card {
	known := []string{"name", "kind", "fits", "trap", "dice", "crits", "damage", "pierce", "effects", "aoe", "reroll", "with", "free", "on_trap", "scrap",
		"when", "evade", "reduce", "draw", "recover", "move", "burn"}
	f := d.Fields(n, path, known, "kind")
	c := &Card{At: at(d, d.Res(n))}
	c.Name = name(d, f, path, key)
	c.AOE = -1
	kind := d.Name(f["kind"], yamldata.At(path, "kind"), "card kind", keys(CardKinds))
	c.Kind = sim.CardKind(max(0, slices.Index(keys(CardKinds), kind)))
	allowed := map[sim.CardKind][]string{
		sim.Ammo:      {"name", "kind", "fits", "trap", "dice", "crits", "damage", "pierce", "effects"},
		sim.Ability:   {"name", "kind", "dice", "crits", "damage", "pierce", "effects", "aoe", "reroll", "with", "free", "on_trap", "scrap"},
		sim.Interrupt: {"name", "kind", "when", "evade", "reduce", "draw", "recover", "move", "burn"},
		sim.Stamina:   {"name", "kind"},
	}[c.Kind]
	for _, k := range known {
		if f[k] != nil && !slices.Contains(allowed, k) && kind != "" {
			d.Fail(f[k], yamldata.At(path, k), "", "a card of kind %s has no %s (its fields: %s)", kind, k, strings.Join(allowed[2:], ", "))
		}
	}
	c.Card.Symbols, c.Symbols = x.symbols(d, f["fits"], yamldata.At(path, "fits"), true)
	if c.Kind == sim.Ammo && c.Card.Symbols == 0 && kind != "" {
		d.Fail(d.Res(n), yamldata.At(path, "fits"), "", "ammunition needs the symbols of the weapons it fits")
	}
	c.Trap = f["trap"] != nil && d.Bool(f["trap"], yamldata.At(path, "trap"))
	c.Dice = x.pool(d, f["dice"], yamldata.At(path, "dice"))
	c.NCrits = x.crits(d, f["crits"], yamldata.At(path, "crits"), &c.Crits)
	c.Damage = int8(d.Int(f["damage"], yamldata.At(path, "damage"), 0, 10))
	c.Pierce = int8(d.Int(f["pierce"], yamldata.At(path, "pierce"), 0, 10))
	c.Cond = condList(d, f["effects"], yamldata.At(path, "effects"))
	if f["aoe"] != nil {
		c.AOE = x.aoe(d, f["aoe"], yamldata.At(path, "aoe"))
	}
	for i, it := range d.Seq(f["reroll"], yamldata.At(path, "reroll")) {
		field := yamldata.Idx(yamldata.At(path, "reroll"), i)
		v := d.Int(it, field, 0, sim.MaxPips)
		c.Reroll |= 1 << v
		// a number of pips no face of any die shows would never reroll
		x.refs = append(x.refs, ref{file: d.File(), field: field, kind: "face pips", name: strconv.Itoa(v), node: d.Res(it)})
	}
	for _, w := range d.Names(f["with"], yamldata.At(path, "with"), "attack kind", []string{"ranged", "melee"}, false) {
		if w == "ranged" {
			c.With |= sim.Ranged
		} else {
			c.With |= sim.Melee
		}
	}
	if c.Kind == sim.Ability && c.With == 0 && kind != "" {
		c.With = sim.Ranged | sim.Melee
	}
	if f["free"] != nil {
		switch d.Name(f["free"], yamldata.At(path, "free"), "free action", []string{"sneak", "sprint"}) {
		case "sneak":
			c.Free = sim.Sneak
		case "sprint":
			c.Free = sim.Sprint
		}
	}
	c.OnTrap = f["on_trap"] != nil && d.Bool(f["on_trap"], yamldata.At(path, "on_trap"))
	c.Scrap = int8(d.Int(f["scrap"], yamldata.At(path, "scrap"), 0, 5))
	if f["when"] != nil {
		c.When = sim.Trigger(max(0, slices.Index(keys(Triggers), d.Name(f["when"], yamldata.At(path, "when"), "event", keys(Triggers)))))
	}
	c.Evade = x.pool(d, f["evade"], yamldata.At(path, "evade"))
	c.Reduce = int8(d.Int(f["reduce"], yamldata.At(path, "reduce"), 0, 10))
	c.Draw = int8(d.Int(f["draw"], yamldata.At(path, "draw"), 0, 5))
	c.Recover = int8(d.Int(f["recover"], yamldata.At(path, "recover"), 0, 10))
	c.Move = int8(d.Int(f["move"], yamldata.At(path, "move"), 0, 3))
	c.Burn = int8(d.Int(f["burn"], yamldata.At(path, "burn"), 0, 10))
	return c
}

var letterRE = regexp.MustCompile(`^[A-Z]$`)

func (x *Data) decodeMachine(d *yamldata.Decoder, key string, n *yaml.Node, path string) *Machine {
	f := d.Fields(n, path, []string{"name", "hp", "armour", "salvage", "glory", "points", "huge", "immune", "components", "behaviour"},
		"hp", "armour", "points", "behaviour")
	m := &Machine{At: at(d, d.Res(n))}
	m.Name = name(d, f, path, key)
	m.HP = int8(d.Int(f["hp"], yamldata.At(path, "hp"), 1, 99))
	m.Armour = int8(d.Int(f["armour"], yamldata.At(path, "armour"), 0, 20))
	m.Salvage = int8(d.Int(f["salvage"], yamldata.At(path, "salvage"), 0, 20))
	m.Glory = int8(d.Int(f["glory"], yamldata.At(path, "glory"), 0, 20))
	m.Points = int8(d.Int(f["points"], yamldata.At(path, "points"), 0, 50))
	m.Huge = f["huge"] != nil && d.Bool(f["huge"], yamldata.At(path, "huge"))
	m.Immune = condList(d, f["immune"], yamldata.At(path, "immune"))
	var letters []string
	cp := yamldata.At(path, "components")
	items := d.Seq(f["components"], cp)
	if len(items) > sim.MaxComponents {
		d.Fail(d.Res(f["components"]), cp, "", "%d components: at most %d", len(items), sim.MaxComponents)
		items = items[:sim.MaxComponents]
	}
	for i, it := range items {
		ip := yamldata.Idx(cp, i)
		cf := d.Fields(it, ip, []string{"letter", "name", "tear", "damage", "destroyed"}, "letter", "tear", "damage")
		c := &m.Comps[i]
		l := d.Str(cf["letter"], yamldata.At(ip, "letter"))
		if l != "" && !letterRE.MatchString(l) {
			d.Fail(d.Res(cf["letter"]), yamldata.At(ip, "letter"), "", "a component letter is one capital letter, A..Z")
		} else if l != "" {
			if slices.Contains(letters, l) {
				d.Fail(d.Res(cf["letter"]), yamldata.At(ip, "letter"), "", "component letter %s is used twice", l)
			}
			c.Letter = l[0]
			letters = append(letters, l)
		}
		c.Name = name(d, cf, ip, "component "+l)
		c.Tear = int8(d.Int(cf["tear"], yamldata.At(ip, "tear"), 1, 50))
		c.Damage = int8(d.Int(cf["damage"], yamldata.At(ip, "damage"), 0, 50))
		if cf["destroyed"] != nil {
			dp := yamldata.At(ip, "destroyed")
			df := d.Fields(cf["destroyed"], dp, []string{"armour", "effects", "salvage", "glory"})
			c.Armour = int8(d.Int(df["armour"], yamldata.At(dp, "armour"), -20, 20))
			c.Cond = condList(d, df["effects"], yamldata.At(dp, "effects"))
			c.Salvage = int8(d.Int(df["salvage"], yamldata.At(dp, "salvage"), 0, 10))
			c.Glory = int8(d.Int(df["glory"], yamldata.At(dp, "glory"), 0, 10))
		}
	}
	m.NComps = uint8(len(items))
	bp := yamldata.At(path, "behaviour")
	cards := d.Seq(f["behaviour"], bp)
	if len(cards) == 0 && f["behaviour"] != nil {
		d.Fail(d.Res(f["behaviour"]), bp, "", "a machine needs a behaviour card (a list of one card) or a deck of them")
	}
	for i, it := range cards {
		m.Behaviour = append(m.Behaviour, x.decodeBCard(d, it, yamldata.Idx(bp, i), letters, m.Name))
	}
	return m
}

func (x *Data) decodeBCard(d *yamldata.Decoder, n *yaml.Node, path string, letters []string, machine string) sim.BCard {
	f := d.Fields(n, path, []string{"name", "question", "yes", "no", "actions"}, "name")
	c := sim.BCard{Name: d.Str(f["name"], yamldata.At(path, "name"))}
	c.Label = machine + ": " + c.Name
	if f["question"] != nil {
		if f["actions"] != nil {
			d.Fail(f["actions"], yamldata.At(path, "actions"), "", "a card with a question has yes and no columns, not actions")
		}
		qp := yamldata.At(path, "question")
		pairs := d.Pairs(f["question"], qp)
		if len(pairs) != 1 {
			d.Fail(d.Res(f["question"]), qp, "", "a question is one of %s, with its number or letter", strings.Join(keys(Questions), ", "))
		}
		for _, e := range pairs[:min(len(pairs), 1)] {
			k := slices.Index(keys(Questions), e.Key)
			if k < 0 {
				d.Fail(e.K, yamldata.At(qp, e.Key), typo.Nearest(e.Key, keys(Questions)), "unknown question %q (known: %s)", e.Key, strings.Join(keys(Questions), ", "))
				continue
			}
			c.Q.Kind = sim.QKind(k + 1)
			if c.Q.Kind == sim.QComponent {
				c.Q.Comp = letter(d, e.V, yamldata.At(qp, e.Key), letters)
			} else {
				c.Q.N = int8(d.Int(e.V, yamldata.At(qp, e.Key), 0, 50))
			}
		}
		c.Col[0], c.NCol[0] = x.column(d, f["yes"], yamldata.At(path, "yes"), letters)
		c.Col[1], c.NCol[1] = x.column(d, f["no"], yamldata.At(path, "no"), letters)
		if f["yes"] == nil || f["no"] == nil {
			d.Fail(d.Res(n), path, "", "a card with a question needs both its yes and no columns")
		}
	} else {
		for _, k := range []string{"yes", "no"} {
			if f[k] != nil {
				d.Fail(f[k], yamldata.At(path, k), "", "a card without a question has one column, actions")
			}
		}
		c.Col[0], c.NCol[0] = x.column(d, f["actions"], yamldata.At(path, "actions"), letters)
	}
	return c
}

// letter decodes a component letter of this machine, returning its index.
func letter(d *yamldata.Decoder, n *yaml.Node, path string, letters []string) int8 {
	s := d.Str(n, path)
	if s == "" {
		return -1
	}
	k := slices.Index(letters, s)
	if k < 0 {
		d.Fail(d.Res(n), path, typo.Nearest(s, letters), "no component %q on this machine (its components: %s)", s, strings.Join(letters, ", "))
		return -1
	}
	return int8(k)
}

func (x *Data) column(d *yamldata.Decoder, n *yaml.Node, path string, letters []string) ([sim.MaxBoxes]sim.Box, uint8) {
	var col [sim.MaxBoxes]sim.Box
	items := d.Seq(n, path)
	if len(items) > sim.MaxBoxes {
		d.Fail(d.Res(n), path, "", "%d action boxes: at most %d", len(items), sim.MaxBoxes)
		items = items[:sim.MaxBoxes]
	}
	for i, it := range items {
		ip := yamldata.Idx(path, i)
		f := d.Fields(it, ip, []string{"mandatory", "conditional", "needs", "repeat"})
		b := &col[i]
		b.Needs = -1
		switch {
		case f["mandatory"] != nil && f["conditional"] != nil:
			d.Fail(d.Res(it), ip, "", "a box is mandatory or conditional, not both")
		case f["mandatory"] != nil:
			b.Mandatory = true
			b.Act = x.enemyAction(d, f["mandatory"], yamldata.At(ip, "mandatory"))
		case f["conditional"] != nil:
			b.Act = x.enemyAction(d, f["conditional"], yamldata.At(ip, "conditional"))
		default:
			d.Fail(d.Res(it), ip, "", "a box needs mandatory: or conditional: with its action")
		}
		if f["needs"] != nil {
			b.Needs = letter(d, f["needs"], yamldata.At(ip, "needs"), letters)
		}
		b.Repeat = uint8(d.Int(f["repeat"], yamldata.At(ip, "repeat"), 0, 5))
	}
	return col, uint8(len(items))
}

func (x *Data) enemyAction(d *yamldata.Decoder, n *yaml.Node, path string) sim.EAction {
	var a sim.EAction
	pairs := d.Pairs(n, path)
	if len(pairs) != 1 {
		d.Fail(d.Res(n), path, "", "an action box holds one action, one of %s", strings.Join(keys(EnemyActions), ", "))
		return a
	}
	e := pairs[0]
	k := slices.Index(keys(EnemyActions), e.Key)
	if k < 0 {
		d.Fail(e.K, yamldata.At(path, e.Key), typo.Nearest(e.Key, keys(EnemyActions)), "unknown action %q (known: %s)", e.Key, strings.Join(keys(EnemyActions), ", "))
		return a
	}
	a.Kind = sim.EKind(k)
	p := yamldata.At(path, e.Key)
	if !a.Kind.IsAttack() {
		a.N = int8(d.Int(e.V, p, 0, 20))
		return a
	}
	f := d.Fields(e.V, p, []string{"range", "damage", "effects", "aoe"}, "range", "damage")
	a.N = int8(d.Int(f["range"], yamldata.At(p, "range"), 0, 20))
	a.Damage = int8(d.Int(f["damage"], yamldata.At(p, "damage"), 0, 30))
	a.Cond, a.Push, _ = conds(d, f["effects"], yamldata.At(p, "effects"), EnemyEffects)
	if f["aoe"] != nil {
		a.AOE = true
		ap := yamldata.At(p, "aoe")
		af := d.Fields(f["aoe"], ap, []string{"damage", "effects"})
		a.AOEDamage = int8(d.Int(af["damage"], yamldata.At(ap, "damage"), 0, 30))
		a.AOECond = condList(d, af["effects"], yamldata.At(ap, "effects"))
	}
	return a
}

func (x *Data) decodeHunter(d *yamldata.Decoder, key string, n *yaml.Node, path string) *Hunter {
	f := d.Fields(n, path, []string{"name", "hand_size", "trait", "equipment", "modifications", "deck"}, "equipment", "deck")
	h := &Hunter{At: at(d, d.Res(n)), HandSize: 5, Mods: map[string][]string{}, modNodes: map[string]*yaml.Node{}}
	h.Name = name(d, f, path, key)
	if f["hand_size"] != nil {
		h.HandSize = d.Int(f["hand_size"], yamldata.At(path, "hand_size"), 1, sim.MaxHand)
	}
	if f["trait"] != nil {
		tp := yamldata.At(path, "trait")
		tf := d.Fields(f["trait"], tp, keys(Passives))
		h.Trait = x.passive(d, tf, tp)
	}
	ep := yamldata.At(path, "equipment")
	for i, it := range d.Seq(f["equipment"], ep) {
		s := d.Str(it, yamldata.Idx(ep, i))
		if s == "" {
			continue
		}
		h.Equipment = append(h.Equipment, s)
		h.eqNodes = append(h.eqNodes, d.Res(it))
		x.refs = append(x.refs, ref{file: d.File(), field: yamldata.Idx(ep, i), kind: "equipment", name: s, node: d.Res(it)})
	}
	mp := yamldata.At(path, "modifications")
	for _, e := range d.Pairs(f["modifications"], mp) {
		if !slices.Contains(h.Equipment, e.Key) {
			d.Fail(e.K, yamldata.At(mp, e.Key), typo.Nearest(e.Key, h.Equipment), "%q is not equipment of this hunter (its equipment: %s)", e.Key, strings.Join(h.Equipment, ", "))
			continue
		}
		for i, it := range d.Seq(e.V, yamldata.At(mp, e.Key)) {
			s := d.Str(it, yamldata.Idx(yamldata.At(mp, e.Key), i))
			if s == "" {
				continue
			}
			h.Mods[e.Key] = append(h.Mods[e.Key], s)
			x.refs = append(x.refs, ref{file: d.File(), field: yamldata.Idx(yamldata.At(mp, e.Key), i), kind: "modifications", name: s, node: d.Res(it)})
		}
		h.modNodes[e.Key] = e.K
	}
	dp := yamldata.At(path, "deck")
	total := 0
	for _, e := range d.Pairs(f["deck"], dp) {
		k := d.Int(e.V, yamldata.At(dp, e.Key), 1, sim.MaxDeck)
		total += k
		h.Deck = append(h.Deck, DeckEntry{Card: e.Key, N: k})
		x.refs = append(x.refs, ref{file: d.File(), field: yamldata.At(dp, e.Key), kind: "cards", name: e.Key, node: e.K})
	}
	if total < 1 || total > sim.MaxDeck {
		d.Fail(d.Res(f["deck"]), dp, "", "%d cards: an action deck holds 1..%d", total, sim.MaxDeck)
	}
	if len(h.Deck) > sim.MaxKinds {
		d.Fail(d.Res(f["deck"]), dp, "", "%d different cards: at most %d", len(h.Deck), sim.MaxKinds)
	}
	return h
}

var dirRE = regexp.MustCompile(`^(NE|NW|SE|SW|N|E|S|W)`)

// square decodes one square of a tile row: "." or [g][ARROW][/A|/B].
func square(d *yamldata.Decoder, tok string, n *yaml.Node, path string) sim.TileCell {
	var c sim.TileCell
	if tok == "." {
		return c
	}
	s := tok
	if strings.HasPrefix(s, "g") {
		c.Grass = true
		s = s[1:]
	}
	if m := dirRE.FindString(s); m != "" {
		c.Arrow = sim.Dir(slices.Index(sim.DirNames[:], m))
		s = s[len(m):]
	}
	switch s {
	case "":
	case "/A":
		c.Spawn = sim.SpawnA
	case "/B":
		c.Spawn = sim.SpawnB
	default:
		d.Fail(n, path, "", "square %q: write . for a plain square, else g (tall grass), then an arrow (N, NE, E, SE, S, SW, W, NW), then /A or /B for a spawn point, e.g. gNE/A", tok)
	}
	return c
}

func (x *Data) decodeTile(d *yamldata.Decoder, key string, n *yaml.Node, path string) *Tile {
	t := &Tile{Sides: map[string]*sim.TileSide{}, At: at(d, d.Res(n))}
	f := d.Fields(n, path, []string{"1-2", "3-4"}, "1-2")
	for _, side := range []string{"1-2", "3-4"} {
		if f[side] == nil {
			continue
		}
		sp := yamldata.At(path, side)
		rows := d.Seq(f[side], sp)
		if len(rows) != 3 {
			d.Fail(d.Res(f[side]), sp, "", "%d rows: a tile side is 3 rows of 3 squares", len(rows))
			continue
		}
		ts := &sim.TileSide{}
		for r, row := range rows {
			rp := yamldata.Idx(sp, r)
			toks := strings.Fields(d.Str(row, rp))
			if len(toks) != 3 {
				d.Fail(d.Res(row), rp, "", "%d squares: a row is 3 squares separated by spaces", len(toks))
				continue
			}
			for c, tok := range toks {
				ts[r][c] = square(d, tok, d.Res(row), rp)
			}
		}
		t.Sides[side] = ts
	}
	if t.Sides["3-4"] == nil {
		t.Sides["3-4"] = t.Sides["1-2"]
	}
	return t
}

// point decodes [x, y].
func point(d *yamldata.Decoder, n *yaml.Node, path string) [2]int {
	items := d.Seq(n, path)
	if len(items) != 2 {
		d.Fail(d.Res(n), path, "", "a square is [x, y]")
		return [2]int{}
	}
	return [2]int{d.Int(items[0], yamldata.Idx(path, 0), -100, 100), d.Int(items[1], yamldata.Idx(path, 1), -100, 100)}
}

func points(d *yamldata.Decoder, n *yaml.Node, path string) [][2]int {
	var out [][2]int
	for i, it := range d.Seq(n, path) {
		out = append(out, point(d, it, yamldata.Idx(path, i)))
	}
	return out
}

func (x *Data) decodeEncounter(d *yamldata.Decoder, key string, n *yaml.Node, path string) *Encounter {
	f := d.Fields(n, path, []string{"name", "level", "layout", "terrain", "spawns", "threshold", "bonus_salvage"}, "layout", "spawns", "threshold")
	e := &Encounter{At: at(d, d.Res(n))}
	e.Name = name(d, f, path, key)
	e.Level = d.Int(f["level"], yamldata.At(path, "level"), 0, 9)
	lp := yamldata.At(path, "layout")
	starts := 0
	for i, it := range d.Seq(f["layout"], lp) {
		ip := yamldata.Idx(lp, i)
		pf := d.Fields(it, ip, []string{"tile", "at", "turn", "start"}, "tile", "at")
		p := Placed{Tile: d.Str(pf["tile"], yamldata.At(ip, "tile"))}
		if p.Tile != "" {
			x.refs = append(x.refs, ref{file: d.File(), field: yamldata.At(ip, "tile"), kind: "tiles", name: p.Tile, node: d.Res(pf["tile"])})
		}
		xy := point(d, pf["at"], yamldata.At(ip, "at"))
		p.X, p.Y = xy[0], xy[1]
		p.Turn = d.Int(pf["turn"], yamldata.At(ip, "turn"), 0, 3)
		p.Start = pf["start"] != nil && d.Bool(pf["start"], yamldata.At(ip, "start"))
		if p.Start {
			starts++
		}
		e.Layout = append(e.Layout, p)
	}
	if len(e.Layout) > 0 && starts != 1 {
		d.Fail(d.Res(f["layout"]), lp, "", "%d starting tiles: mark exactly one tile start: true", starts)
	}
	if f["terrain"] != nil {
		tp := yamldata.At(path, "terrain")
		tf := d.Fields(f["terrain"], tp, []string{"rocky_outcrop", "ruin", "machine_corpse"})
		e.Outcrop = points(d, tf["rocky_outcrop"], yamldata.At(tp, "rocky_outcrop"))
		e.Ruin = points(d, tf["ruin"], yamldata.At(tp, "ruin"))
		e.Corpse = points(d, tf["machine_corpse"], yamldata.At(tp, "machine_corpse"))
	}
	sp := yamldata.At(path, "spawns")
	sf := d.Fields(f["spawns"], sp, []string{"A", "B"})
	for k, s := range []string{"A", "B"} {
		if sf[s] == nil {
			continue
		}
		e.Spawns[k+1] = d.Str(sf[s], yamldata.At(sp, s))
		if e.Spawns[k+1] != "" {
			x.refs = append(x.refs, ref{file: d.File(), field: yamldata.At(sp, s), kind: "machines", name: e.Spawns[k+1], node: d.Res(sf[s])})
		}
	}
	e.Threshold = d.Int(f["threshold"], yamldata.At(path, "threshold"), 0, 500)
	e.Bonus = d.Int(f["bonus_salvage"], yamldata.At(path, "bonus_salvage"), 0, 20)
	return e
}

func (x *Data) decodeParty(d *yamldata.Decoder, key string, n *yaml.Node, path string) *Party {
	p := &Party{At: at(d, d.Res(n))}
	items := d.Seq(n, path)
	if len(items) < 1 || len(items) > sim.MaxHunters {
		d.Fail(d.Res(n), path, "", "%d hunters: a party is 1..%d hunters, the Leader first", len(items), sim.MaxHunters)
	}
	for i, it := range items {
		s := d.Str(it, yamldata.Idx(path, i))
		if s == "" {
			continue
		}
		if j := slices.Index(p.Hunters, s); j >= 0 {
			// a hunter's key names its figures in every report
			d.Fail(d.Res(it), yamldata.Idx(path, i), "", "hunter %s is already seat %d of the party: a party names each hunter once (for two alike, copy the hunter under another key)", s, j+1)
			continue
		}
		p.Hunters = append(p.Hunters, s)
		x.refs = append(x.refs, ref{file: d.File(), field: yamldata.Idx(path, i), kind: "hunters", name: s, node: d.Res(it)})
	}
	return p
}

func (x *Data) decodeRules(d *yamldata.Decoder, n *yaml.Node, path string) {
	for _, e := range d.Pairs(n, path) {
		def := findRule(e.Key)
		if def == nil {
			d.Fail(e.K, yamldata.At(path, e.Key), typo.Nearest(e.Key, ruleKeys()), "unknown rule %q", e.Key)
			continue
		}
		v := d.Res(e.V)
		if v == nil || v.Kind != yaml.ScalarNode {
			d.Fail(v, yamldata.At(path, e.Key), "", "expected one of %s, got %s", ruleValues(def), yamldata.Describe(v))
			continue
		}
		k, err := def.parse(v.Value)
		if err != nil {
			sug := ""
			if def.Values != nil {
				sug = typo.Nearest(v.Value, def.Values)
			}
			d.Fail(v, yamldata.At(path, e.Key), sug, "%v", err)
			continue
		}
		def.set(&x.Rules, k)
	}
}

func ruleValues(def *RuleDef) string {
	if def.Values == nil {
		return fmt.Sprintf("a whole number %d..%d", def.Lo, def.Hi)
	}
	return strings.Join(def.Values, ", ")
}
