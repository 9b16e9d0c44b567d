package skirmish

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	yd "balance/configs/yamldata"
)

// SetKeys are the keys Set takes, each as [key, what it sets]: an
// upper-case part of a key stands for any name (FIGURE a figure's key or
// *, STAT a stat, NAME a creature's key or *, N a number from 1); what
// follows = is the value a key takes when it is not a number.
func SetKeys() [][2]string {
	stats := "STAT move (1..12), fight, shoot, will (−5..20), armour (0..40), health (1..40); +N or −N changes it"
	out := [][2]string{
		{"a.FIGURE.STAT", "a stat of one figure of warband A (FIGURE its key, or * for every figure): " + stats},
		{"b.FIGURE.STAT", "the same for warband B"},
		{"a.bonus.STAT", "a bonus (−5..5) added to STAT of every figure of warband A (the levers of sensitivity and tune)"},
		{"b.bonus.STAT", "the same for warband B"},
		{"a.FIGURE.drop=WEAPON", "a weapon the figure of warband A no longer carries"},
		{"b.FIGURE.drop=WEAPON", "the same for warband B"},
		{"a.FIGURE.powers=none", "takes the powers of the figure of warband A away"},
		{"b.FIGURE.powers=none", "the same for warband B"},
		{"creature.NAME.STAT", "a stat of a creature's profile (NAME its key, or *): " + stats},
		{"scenario.creature.N=off", "takes the scenario's N-th creature off the table"},
		{"scenario.turn_cap", "turns before the battle ends (1..30)"},
	}
	for _, s := range Switches {
		allowed := strings.Join(s.Values, ", ")
		if s.Values == nil {
			allowed = fmt.Sprintf("%d..%d", s.Lo, s.Hi)
		}
		out = append(out, [2]string{"rules." + s.Key, fmt.Sprintf("%s (%s; default %s; docs/skirmish/rulings.md)", s.Doc, allowed, s.Default)})
	}
	return out
}

// Set applies one KEY=VALUE override to the design, checked as the data
// would be.
func (des *Design) Set(kv string) error {
	key, val, ok := strings.Cut(kv, "=")
	if !ok || key == "" {
		return fmt.Errorf("-set %s: write KEY=VALUE", kv)
	}
	parts := strings.Split(key, ".")
	bad := func(format string, a ...any) error {
		return fmt.Errorf("-set %s: %s", kv, fmt.Sprintf(format, a...))
	}
	switch parts[0] {
	case "a", "b":
		band := des.Bands[0]
		if parts[0] == "b" {
			band = des.Bands[1]
		}
		if len(parts) != 3 {
			return bad("write %s.FIGURE.STAT (or .drop, .powers), or %s.bonus.STAT", parts[0], parts[0])
		}
		if parts[1] == "bonus" {
			side := 0
			if parts[0] == "b" {
				side = 1
			}
			keys := make([]string, len(BonusStats))
			for i, st := range BonusStats {
				keys[i] = st.Key
				if st.Key == parts[2] {
					v, err := number(val, des.Bonus[side][st.Index], -5, 5)
					if err != nil {
						return bad("%v", err)
					}
					des.Bonus[side][st.Index] = v
					return nil
				}
			}
			return bad("no bonus for %q (the stats: %s)%s", parts[2], strings.Join(keys, ", "), didYouMean(parts[2], keys))
		}
		var figs []*FigureDef
		keys := make([]string, len(band.Figures))
		for i := range band.Figures {
			keys[i] = band.Figures[i].Key
			if parts[1] == "*" || parts[1] == band.Figures[i].Key {
				figs = append(figs, &band.Figures[i])
			}
		}
		if len(figs) == 0 {
			return bad("%s has no figure %q (its figures: %s)%s", band.Name, parts[1], strings.Join(keys, ", "), didYouMean(parts[1], keys))
		}
		for _, f := range figs {
			if err := des.setFigure(f, parts[2], val, kv); err != nil {
				return err
			}
		}
		return nil
	case "creature":
		if len(parts) != 3 {
			return bad("write creature.NAME.STAT")
		}
		names := sortedKeys(des.Creatures)
		n := 0
		for _, k := range names {
			if parts[1] == "*" || parts[1] == k {
				if err := des.setFigure(des.Creatures[k], parts[2], val, kv); err != nil {
					return err
				}
				n++
			}
		}
		if n == 0 {
			return bad("no creature %q (the creatures: %s)%s", parts[1], strings.Join(names, ", "), didYouMean(parts[1], names))
		}
		return nil
	case "scenario":
		sc := des.Scenario
		switch {
		case len(parts) == 2 && parts[1] == "turn_cap":
			v, err := number(val, sc.TurnCap, 1, 30)
			if err != nil {
				return bad("%v", err)
			}
			sc.TurnCap = v
			return nil
		case len(parts) == 3 && parts[1] == "creature":
			i, err := strconv.Atoi(parts[2])
			if err != nil || i < 1 || i > len(sc.Creatures) {
				return bad("no creature %q on %s: its creatures are 1..%d", parts[2], sc.Name, len(sc.Creatures))
			}
			if val != "off" {
				return bad("a creature is switched off with =off")
			}
			sc.Creatures[i-1].Creature = ""
			return nil
		}
		return bad("the scenario's keys are scenario.turn_cap and scenario.creature.N")
	case "rules":
		if len(parts) != 2 {
			return bad("write rules.KEY=VALUE")
		}
		s := switchOf(parts[1])
		if s == nil {
			return bad("unknown rule %q (known: %s)%s", parts[1], yd.ListOf(SwitchKeys()), didYouMean(parts[1], SwitchKeys()))
		}
		if s.Values == nil {
			v, err := number(val, s.get(&des.Rules), s.Lo, s.Hi)
			if err != nil {
				return bad("%v", err)
			}
			s.set(&des.Rules, v)
			return nil
		}
		i := slices.Index(s.Values, val)
		if i < 0 {
			return bad("unknown reading %q of %s (known: %s)%s", val, s.Key, strings.Join(s.Values, ", "), didYouMean(val, s.Values))
		}
		s.set(&des.Rules, i)
		return nil
	}
	return bad("unknown key %q; the keys begin a., b., creature., scenario. or rules.%s", parts[0], didYouMean(parts[0], []string{"a", "b", "creature", "scenario", "rules"}))
}

func (des *Design) setFigure(f *FigureDef, what, val, kv string) error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("-set %s: %s", kv, fmt.Sprintf(format, a...))
	}
	switch what {
	case "drop":
		i := slices.Index(f.Weapons, val)
		if i < 0 {
			return bad("%s carries no %q (it carries %s)%s", f.Name, val, strings.Join(f.Weapons, ", "), didYouMean(val, f.Weapons))
		}
		f.Weapons = slices.Delete(f.Weapons, i, i+1)
		return nil
	case "powers":
		if val != "none" {
			return bad("powers are taken away with =none")
		}
		f.Powers = nil
		return nil
	case "move":
		v, how, err := yd.SetFloat(val, f.Move)
		if err == nil && (v < 1 || v > maxMove) {
			err = yd.OutOfRange(v, how, 1, maxMove)
		}
		if err != nil {
			return bad("%v", err)
		}
		f.Move = v
		return nil
	}
	var p *int
	lo, hi := -5, maxStat
	switch what {
	case "fight":
		p = &f.Fight
	case "shoot":
		p = &f.Shoot
	case "will":
		p = &f.Will
	case "armour":
		p, lo, hi = &f.Armour, 0, 2*maxStat
	case "health":
		p, lo, hi = &f.Health, 1, maxHealth
	default:
		keys := append(slices.Clone(statNames), "drop", "powers")
		return bad("unknown stat %q (known: %s)%s", what, strings.Join(keys, ", "), didYouMean(what, keys))
	}
	v, err := number(val, *p, lo, hi)
	if err != nil {
		return bad("%v", err)
	}
	*p = v
	return nil
}

// number reads an absolute value or, with a sign, a change of cur,
// within lo..hi.
func number(val string, cur, lo, hi int) (int, error) {
	v, how, err := yd.SetInt(val, cur)
	if err == nil && (v < lo || v > hi) {
		err = yd.OutOfRange(v, how, lo, hi)
	}
	return v, err
}

func didYouMean(word string, candidates []string) string {
	if s := suggest(word, candidates); s != "" {
		return fmt.Sprintf("; did you mean %q?", s)
	}
	return ""
}
