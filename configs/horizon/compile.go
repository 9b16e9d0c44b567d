package horizon

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	sim "balance/sim/horizon"
)

// Compiled is one design compiled for the rules core, with the names of
// what the core numbers.
type Compiled struct {
	Sc        *sim.Scenario
	Encounter string
	Party     string
	Machines  []string // the machine types' keys, by index in Sc.Machines
	Hunters   []string // the hunters' keys, in seat order
	Cards     []string // the action cards' keys, by index in Sc.Cards
	Data      *Data    // the data the design was compiled from (overrides applied)
}

// Compile compiles the design of encounter enc played by party, after the
// overrides (KEY=VALUE, see SetKeys) in order.
func (x *Data) Compile(enc, party string, overrides []string) (*Compiled, error) {
	y := x.clone()
	if y.Encounters[enc] == nil {
		return nil, fmt.Errorf("no encounter %q%s", enc, suggest(enc, x.names("encounters")))
	}
	if y.Parties[party] == nil {
		return nil, fmt.Errorf("no party %q%s", party, suggest(party, x.names("parties")))
	}
	for _, kv := range overrides {
		if err := y.set(enc, kv); err != nil {
			return nil, err
		}
	}
	out, err := y.compile(enc, party)
	if err != nil {
		if _, err0 := x.clone().compile(enc, party); len(overrides) > 0 && err0 == nil {
			// The data compiles: the overrides made the design impossible
			// (a threshold above the points the enemies are worth, ...),
			// so the error is theirs, not the data file's.
			msg := strings.TrimPrefix(err.Error(), fmt.Sprint(y.Encounters[enc].At)+": ")
			return nil, fmt.Errorf("-set %s: %s", strings.Join(overrides, " "), msg)
		}
		return nil, err
	}
	for _, kv := range overrides {
		if err := out.inPlay(kv); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// inPlay refuses an override of a machine, hunter or weapon that is not
// in the design (a machine no spawn point of the encounter holds, a hunter
// not in the party, a weapon no hunter of it carries): it would change
// nothing, and a run, compare or sweep would report no change as if it
// had been tried.
func (c *Compiled) inPlay(kv string) error {
	key, _, _ := strings.Cut(kv, "=")
	parts := strings.Split(key, ".")
	if len(parts) < 2 {
		return nil
	}
	name := parts[1]
	switch parts[0] {
	case "machine", "component", "behaviour":
		if !slices.Contains(c.Machines, name) {
			return fmt.Errorf("-set %s: no machine %q in encounter %s (its machines: %s)", kv, name, c.Encounter, strings.Join(c.Machines, ", "))
		}
	case "hunter":
		if !slices.Contains(c.Hunters, name) {
			return fmt.Errorf("-set %s: no hunter %q in party %s (its hunters: %s)", kv, name, c.Party, strings.Join(c.Hunters, ", "))
		}
	case "weapon":
		var carried []string
		for _, h := range c.Hunters {
			for _, eq := range c.Data.Hunters[h].Equipment {
				if c.Data.Weapons[eq] != nil && !slices.Contains(carried, eq) {
					carried = append(carried, eq)
				}
			}
		}
		if !slices.Contains(carried, name) {
			return fmt.Errorf("-set %s: no hunter of party %s carries weapon %q (their weapons: %s)", kv, c.Party, name, strings.Join(carried, ", "))
		}
	}
	return nil
}

func (x *Data) compile(enc, party string) (*Compiled, error) {
	e := x.Encounters[enc]
	p := x.Parties[party]
	r := &x.Rules
	out := &Compiled{Encounter: enc, Party: party, Data: x}
	sc := &sim.Scenario{Rules: r.Sim, Title: e.Name, Threshold: e.Threshold, Bonus: e.Bonus, Salvage: x.Salvage}
	out.Sc = sc
	fail := func(format string, a ...any) error {
		return fmt.Errorf("%s: encounter %s with party %s: %s", e.At, enc, party, fmt.Sprintf(format, a...))
	}
	// dice
	sc.Dice.N = len(x.DiceOrder)
	sc.Dice.CritPips, sc.Dice.Cap = r.CritPips, r.Cap
	for c, k := range x.DiceOrder {
		d := x.Dice[k]
		die := &sc.Dice.Die[c]
		die.Name, die.Physical, die.NFaces = k, uint8(d.Physical), uint8(len(d.Faces))
		copy(die.Faces[:], d.Faces)
	}
	sc.AOEs = x.AOEs
	// the playing area: each tile's side for the number of players
	side := "1-2"
	if len(p.Hunters) > 2 {
		side = "3-4"
	}
	layout := sim.Layout{Outcrop: e.Outcrop, Ruin: e.Ruin, Corpse: e.Corpse,
		EdgeOrthogonal: r.EdgeOrthogonal, NoDiagonalPastCorner: r.NoDiagonal, PathClosest: r.PathClosest}
	for _, pl := range e.Layout {
		t := x.Tiles[pl.Tile]
		layout.Tiles = append(layout.Tiles, sim.Placement{Name: pl.Tile, Side: *t.Sides[side], X: pl.X, Y: pl.Y, Turn: pl.Turn, Start: pl.Start})
	}
	b, err := sim.NewBoard(&layout)
	if err != nil {
		return nil, fail("%v", err)
	}
	sc.Board = b
	// the enemies, one at each spawn point of their kind
	machineIndex := map[string]int{}
	for kind := sim.SpawnA; kind <= sim.SpawnB; kind++ {
		mk := e.Spawns[kind]
		pts := b.SpawnPoints(kind)
		if mk == "" {
			continue
		}
		if len(pts) == 0 {
			return nil, fail("spawns: %s on spawn points %c, but the layout has none", mk, 'A'+kind-1)
		}
		mi, ok := machineIndex[mk]
		if !ok {
			mi = len(sc.Machines)
			machineIndex[mk] = mi
			out.Machines = append(out.Machines, mk)
			m := x.Machines[mk]
			sm := m.Machine
			sm.Deck = uint8(mi)
			sc.Machines = append(sc.Machines, sm)
			var deck sim.Deck
			for _, bc := range m.Behaviour {
				bc.Machine = uint8(mi)
				deck.Cards = append(deck.Cards, uint8(len(sc.BCards)))
				sc.BCards = append(sc.BCards, bc)
			}
			sc.Decks = append(sc.Decks, deck)
		}
		for _, c := range pts {
			if sc.NE == sim.MaxEnemies {
				return nil, fail("more than %d enemies", sim.MaxEnemies)
			}
			sc.Spawns[sc.NE] = sim.Spawned{Cell: uint8(c), Machine: uint8(mi)}
			sc.NE++
		}
	}
	if sc.NE == 0 {
		return nil, fail("no enemy spawns: name the machines of spawn points A and B")
	}
	// the hunters
	cardIndex := map[string]int{}
	for seat, hk := range p.Hunters {
		h := x.Hunters[hk]
		l, err := x.loadout(h, cardIndex, &out.Cards, sc)
		if err != nil {
			return nil, fail("hunter %s: %v", hk, err)
		}
		sc.Hunters[seat] = l
		out.Hunters = append(out.Hunters, hk)
	}
	sc.NH = len(p.Hunters)
	if err := sc.Compile(); err != nil {
		return nil, fail("%v", err)
	}
	return out, nil
}

// loadout compiles a hunter: its equipment with modifications attached,
// its trait and items, its deck (cards numbered as they first appear).
func (x *Data) loadout(h *Hunter, cardIndex map[string]int, names *[]string, sc *sim.Scenario) (sim.Loadout, error) {
	l := sim.Loadout{Name: h.Name}
	ps := []Passive{h.Trait}
	for _, eq := range h.Equipment {
		mods := h.Mods[eq]
		switch {
		case x.Weapons[eq] != nil:
			w := x.Weapons[eq].Weapon
			for _, mk := range mods {
				m := x.Mods[mk]
				w.Dice = w.Dice.Add(m.Dice)
				w.Damage += int8(m.Damage)
				for _, c := range m.Crits {
					if w.NCrits == sim.MaxCrits {
						return l, fmt.Errorf("%s: more than %d crit options with its coils", eq, sim.MaxCrits)
					}
					w.Crits[w.NCrits] = c
					w.NCrits++
				}
			}
			l.Weapons[l.NWeapons] = w
			l.NWeapons++
		case x.Armour[eq] != nil:
			a := x.Armour[eq].Armour
			for _, mk := range mods {
				m := x.Mods[mk]
				a.Evade = a.Evade.Add(m.Dice)
				a.CritReduce += int8(m.Reduce)
				for i := range a.Resist {
					a.Resist[i] += m.Resist[i]
				}
				a.Immune |= m.Immune
			}
			l.Armour = a
		case x.Misc[eq] != nil:
			ps = append(ps, x.Misc[eq].Passive)
		}
	}
	hand := h.HandSize
	for _, p := range ps {
		hand += p.HandSize
		l.Stealth += int8(p.Stealth)
		l.EvadeDice = l.EvadeDice.Add(p.Evade)
		l.MeleeDice = l.MeleeDice.Add(p.MeleeDice)
		l.RangedDice = l.RangedDice.Add(p.RangedDice)
		l.Immune |= p.Immune
	}
	l.HandMax = int8(min(hand, sim.MaxHand))
	for _, de := range h.Deck {
		ci, ok := cardIndex[de.Card]
		if !ok {
			if len(sc.Cards) == 255 {
				return l, fmt.Errorf("more than 255 different cards in the party's decks")
			}
			ci = len(sc.Cards)
			cardIndex[de.Card] = ci
			*names = append(*names, de.Card)
			sc.Cards = append(sc.Cards, x.Cards[de.Card].Card)
		}
		for k := 0; k < de.N; k++ {
			if int(l.NDeck) == sim.MaxDeck {
				return l, fmt.Errorf("more than %d cards in the action deck", sim.MaxDeck)
			}
			l.Deck[l.NDeck] = uint8(ci)
			l.NDeck++
		}
	}
	return l, nil
}

// clone copies the data so that overrides can change it: the maps are
// copied; an entry is copied when an override changes it.
func (x *Data) clone() *Data {
	y := *x
	y.Dice = cloneMap(x.Dice)
	y.Machines = cloneMap(x.Machines)
	y.Weapons = cloneMap(x.Weapons)
	y.Hunters = cloneMap(x.Hunters)
	y.Encounters = cloneMap(x.Encounters)
	y.DiceOrder = slices.Clone(x.DiceOrder)
	return &y
}

func cloneMap[V any](m map[string]*V) map[string]*V {
	out := make(map[string]*V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func suggest(word string, known []string) string {
	sort.Strings(known)
	if s := nearest(word, known); s != "" {
		return fmt.Sprintf("; did you mean %q?", s)
	}
	return fmt.Sprintf(" (known: %s)", listOf(known))
}
