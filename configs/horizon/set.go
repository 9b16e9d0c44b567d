package horizon

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"balance/configs/yamldata"
	"balance/internal/typo"
	sim "balance/sim/horizon"
)

func nearest(word string, known []string) string { return typo.Nearest(word, known) }
func listOf(known []string) string               { return yamldata.ListOf(known) }

// SetKey is one key -set takes: the key (an upper-case part stands for
// any name), with =WORD after it when its value is a word rather than a
// number or a reading, and what it sets.
type SetKey struct{ Key, Doc string }

// SetKeys are the keys -set takes.
var SetKeys = []SetKey{
	{"rules.KEY", "a reading (balance list -game horizon rules; docs/horizon/rulings.md); a switch that is a number takes +N or -N as a change"},
	{"machine.M.hp", "machine M's HP (a whole number; +N or -N: relative, as for every number below)"},
	{"machine.M.armour", "machine M's armour"},
	{"machine.M.salvage", "machine M's salvage"},
	{"machine.M.glory", "machine M's glory"},
	{"machine.M.points", "machine M's encounter points"},
	{"component.M.L.tear", "the tear value of component L of machine M"},
	{"component.M.L.damage", "the damage destroying component L of machine M deals"},
	{"behaviour.M.N=blank", "machine M's behaviour card N (1-based) does nothing"},
	{"hunter.H.hand_size", "hunter H's hand size"},
	{"hunter.H.deck.C", "hunter H's copies of card C (0 takes them out)"},
	{"weapon.W.range", "weapon W's range"},
	{"weapon.W.damage", "weapon W's added damage"},
	{"encounter.threshold", "the chosen encounter's threshold of encounter points"},
	{"encounter.bonus_salvage", "the chosen encounter's bonus salvage"},
	{"dice.COLOUR.N=FACE", "face N (1-based) of a colour: pips, crit, or N+crit; +N or -N changes its pips (a crit stays one)"},
}

// number reads a whole number, relative to old when it starts with + or -.
func number(kv, val string, old, lo, hi int) (int, error) {
	v, how, err := yamldata.SetInt(val, old)
	if err == nil && (v < lo || v > hi) {
		err = yamldata.OutOfRange(v, how, lo, hi)
	}
	if err != nil {
		return 0, fmt.Errorf("-set %s: %w", kv, err)
	}
	return v, nil
}

// set applies one KEY=VALUE override to y (a clone), the design being of
// encounter enc.
func (y *Data) set(enc, kv string) error {
	key, val, ok := strings.Cut(kv, "=")
	if !ok || key == "" {
		return fmt.Errorf("-set %s: write KEY=VALUE", kv)
	}
	parts := strings.Split(key, ".")
	bad := func(what string, known []string, got string) error {
		return fmt.Errorf("-set %s: no %s %q%s", kv, what, got, suggest(got, known))
	}
	field := func(names []string, got string) error {
		return fmt.Errorf("-set %s: no field %q; the fields are %s", kv, got, strings.Join(names, ", "))
	}
	switch parts[0] {
	case "rules":
		if len(parts) != 2 {
			return fmt.Errorf("-set %s: write rules.KEY=VALUE", kv)
		}
		def := findRule(parts[1])
		if def == nil {
			return bad("rule", ruleKeys(), parts[1])
		}
		var v int
		var err error
		if def.Values == nil && (strings.HasPrefix(val, "+") || strings.HasPrefix(val, "-")) {
			// a signed number is a change, as for every number (+1 too)
			if v, err = number(kv, val, def.get(&y.Rules), def.Lo, def.Hi); err != nil {
				return err
			}
		} else if v, err = def.parse(val); err != nil {
			return fmt.Errorf("-set %s: %v", kv, err)
		}
		def.set(&y.Rules, v)
	case "machine":
		if len(parts) != 3 {
			return fmt.Errorf("-set %s: write machine.M.FIELD=N", kv)
		}
		m0 := y.Machines[parts[1]]
		if m0 == nil {
			return bad("machine", y.names("machines"), parts[1])
		}
		m := *m0
		fields := []string{"hp", "armour", "salvage", "glory", "points"}
		ptrs := []*int8{&m.HP, &m.Armour, &m.Salvage, &m.Glory, &m.Points}
		lo := []int{1, 0, 0, 0, 0}
		k := slices.Index(fields, parts[2])
		if k < 0 {
			return field(fields, parts[2])
		}
		v, err := number(kv, val, int(*ptrs[k]), lo[k], 99)
		if err != nil {
			return err
		}
		*ptrs[k] = int8(v)
		y.Machines[parts[1]] = &m
	case "component":
		if len(parts) != 4 {
			return fmt.Errorf("-set %s: write component.M.LETTER.FIELD=N", kv)
		}
		m0 := y.Machines[parts[1]]
		if m0 == nil {
			return bad("machine", y.names("machines"), parts[1])
		}
		m := *m0
		var letters []string
		ci := -1
		for i := 0; i < int(m.NComps); i++ {
			letters = append(letters, string(m.Comps[i].Letter))
			if string(m.Comps[i].Letter) == parts[2] {
				ci = i
			}
		}
		if ci < 0 {
			return bad("component of "+parts[1], letters, parts[2])
		}
		c := &m.Comps[ci]
		switch parts[3] {
		case "tear":
			v, err := number(kv, val, int(c.Tear), 1, 50)
			if err != nil {
				return err
			}
			c.Tear = int8(v)
		case "damage":
			v, err := number(kv, val, int(c.Damage), 0, 50)
			if err != nil {
				return err
			}
			c.Damage = int8(v)
		default:
			return field([]string{"tear", "damage"}, parts[3])
		}
		y.Machines[parts[1]] = &m
	case "behaviour":
		if len(parts) != 3 || val != "blank" {
			return fmt.Errorf("-set %s: write behaviour.M.N=blank", kv)
		}
		m0 := y.Machines[parts[1]]
		if m0 == nil {
			return bad("machine", y.names("machines"), parts[1])
		}
		n, err := strconv.Atoi(parts[2])
		if err != nil || n < 1 || n > len(m0.Behaviour) {
			return fmt.Errorf("-set %s: %s has behaviour cards 1..%d", kv, parts[1], len(m0.Behaviour))
		}
		m := *m0
		m.Behaviour = slices.Clone(m0.Behaviour)
		bc := &m.Behaviour[n-1]
		bc.Q = sim.Question{}
		bc.NCol = [2]uint8{}
		y.Machines[parts[1]] = &m
	case "hunter":
		if len(parts) < 3 {
			return fmt.Errorf("-set %s: write hunter.H.hand_size=N or hunter.H.deck.CARD=N", kv)
		}
		h0 := y.Hunters[parts[1]]
		if h0 == nil {
			return bad("hunter", y.names("hunters"), parts[1])
		}
		h := *h0
		switch {
		case parts[2] == "hand_size" && len(parts) == 3:
			v, err := number(kv, val, h.HandSize, 1, sim.MaxHand)
			if err != nil {
				return err
			}
			h.HandSize = v
		case parts[2] == "deck" && len(parts) == 4:
			if y.Cards[parts[3]] == nil {
				return bad("card", y.names("cards"), parts[3])
			}
			h.Deck = slices.Clone(h0.Deck)
			i := slices.IndexFunc(h.Deck, func(d DeckEntry) bool { return d.Card == parts[3] })
			old := 0
			if i >= 0 {
				old = h.Deck[i].N
			}
			v, err := number(kv, val, old, 0, sim.MaxDeck)
			if err != nil {
				return err
			}
			switch {
			case i >= 0 && v == 0:
				h.Deck = slices.Delete(h.Deck, i, i+1)
			case i >= 0:
				h.Deck[i].N = v
			case v > 0:
				h.Deck = append(h.Deck, DeckEntry{Card: parts[3], N: v})
			}
			total := 0
			for _, d := range h.Deck {
				total += d.N
			}
			if total < 1 || total > sim.MaxDeck || len(h.Deck) > sim.MaxKinds {
				return fmt.Errorf("-set %s: the deck would hold %d cards of %d kinds: allowed 1..%d cards, %d kinds", kv, total, len(h.Deck), sim.MaxDeck, sim.MaxKinds)
			}
		default:
			return field([]string{"hand_size", "deck.CARD"}, strings.Join(parts[2:], "."))
		}
		y.Hunters[parts[1]] = &h
	case "weapon":
		if len(parts) != 3 {
			return fmt.Errorf("-set %s: write weapon.W.FIELD=N", kv)
		}
		w0 := y.Weapons[parts[1]]
		if w0 == nil {
			return bad("weapon", y.names("weapons"), parts[1])
		}
		w := *w0
		switch parts[2] {
		case "range":
			v, err := number(kv, val, int(w.Range), 0, 20)
			if err != nil {
				return err
			}
			w.Range = uint8(v)
		case "damage":
			v, err := number(kv, val, int(w.Damage), 0, 10)
			if err != nil {
				return err
			}
			w.Damage = int8(v)
		default:
			return field([]string{"range", "damage"}, parts[2])
		}
		y.Weapons[parts[1]] = &w
	case "encounter":
		if len(parts) != 2 {
			return fmt.Errorf("-set %s: write encounter.threshold=N or encounter.bonus_salvage=N", kv)
		}
		e := *y.Encounters[enc]
		switch parts[1] {
		case "threshold":
			v, err := number(kv, val, e.Threshold, 0, 500)
			if err != nil {
				return err
			}
			e.Threshold = v
		case "bonus_salvage":
			v, err := number(kv, val, e.Bonus, 0, 20)
			if err != nil {
				return err
			}
			e.Bonus = v
		default:
			return field([]string{"threshold", "bonus_salvage"}, parts[1])
		}
		y.Encounters[enc] = &e
	case "dice":
		if len(parts) != 3 {
			return fmt.Errorf("-set %s: write dice.COLOUR.N=FACE", kv)
		}
		d0 := y.Dice[parts[1]]
		if d0 == nil {
			return bad("dice colour", y.DiceOrder, parts[1])
		}
		n, err := strconv.Atoi(parts[2])
		if err != nil || n < 1 || n > len(d0.Faces) {
			return fmt.Errorf("-set %s: %s has faces 1..%d", kv, parts[1], len(d0.Faces))
		}
		var f sim.Face
		if strings.HasPrefix(val, "+") || strings.HasPrefix(val, "-") {
			// a signed number changes the face's pips (a crit stays one)
			f = d0.Faces[n-1]
			p, err := number(kv, val, int(f.Pips), 0, sim.MaxPips)
			if err != nil {
				return err
			}
			f.Pips = uint8(p)
		} else if f, err = parseFace(val); err != nil {
			return fmt.Errorf("-set %s: %v", kv, err)
		}
		d := *d0
		d.Faces = slices.Clone(d0.Faces)
		d.Faces[n-1] = f
		y.Dice[parts[1]] = &d
	default:
		return bad("key", []string{"rules", "machine", "component", "behaviour", "hunter", "weapon", "encounter", "dice"}, parts[0])
	}
	return nil
}

// parseFace reads a face written as in the data: pips, crit, N+crit.
func parseFace(s string) (sim.Face, error) {
	if m := faceRE.FindStringSubmatch(strings.ReplaceAll(s, " ", "")); m != nil {
		p := 0
		if m[1] != "" {
			p, _ = strconv.Atoi(m[1])
		}
		return sim.Face{Pips: uint8(p), Crit: true}, nil
	}
	p, err := strconv.Atoi(s)
	if err != nil || p < 0 || p > sim.MaxPips {
		return sim.Face{}, fmt.Errorf("%q: a face is a number of pips (0..%d), crit, or N+crit", s, sim.MaxPips)
	}
	return sim.Face{Pips: uint8(p)}, nil
}
