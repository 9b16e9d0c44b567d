// Package horizon loads the machine-hunt encounter's data: the sample
// data embedded here (sample data, not from the source: the rulebook
// prints no dice faces, cards, machines or tiles), and a designer's files
// over it; it checks it with the errors of configs/yamldata and compiles
// one design (an encounter, a party, -set overrides) to the rules core's
// sim/horizon.Scenario.
//
// A data file is a mapping of sections (dice, machines, weapons, armour,
// misc, modifications, cards, hunters, tiles, encounters, parties,
// rules), each a mapping of entries by key; any file may hold any
// section. The files of a data directory are read after the embedded
// ones, in name order: an entry with a key already given replaces it,
// and rules replaces the switches it names.
package horizon

import (
	"gopkg.in/yaml.v3"

	sim "balance/sim/horizon"
)

// Pos is where an entry was given.
type Pos struct {
	File      string
	Line, Col int
}

// ref is a name one entry uses of another, checked once everything is
// decoded.
type ref struct {
	file, field, kind, name string
	node                    *yaml.Node
}

// Die is one colour of dice.
type Die struct {
	Name     string
	Physical int
	Faces    []sim.Face
	At       Pos
}

// Attack is what a critical-hit option, an ammunition card or an ability
// card adds to a hunter's attack. AOE indexes Data.AOEs (-1: none).
type Attack = sim.Effects

// Weapon is a weapon card.
type Weapon struct {
	sim.Weapon
	Slots   int
	Symbols []string
	At      Pos
}

// Armour is an armour card.
type Armour struct {
	sim.Armour
	Slots int
	At    Pos
}

// Passive is a trait or a miscellaneous item's effects.
type Passive struct {
	HandSize   int
	Stealth    int
	Evade      sim.Pool
	MeleeDice  sim.Pool
	RangedDice sim.Pool
	Immune     sim.Cond
}

// Misc is a miscellaneous equipment card.
type Misc struct {
	Name string
	Passive
	At Pos
}

// Mod is a modification: a coil (weapons) or a weave (armour).
type Mod struct {
	Name   string
	Weave  bool
	Dice   sim.Pool // coil: attack dice; weave: evade dice
	Crits  []sim.Effects
	Damage int      // coil
	Reduce int      // weave: each evade crit reduces this much more
	Resist [3]int8  // weave
	Immune sim.Cond // weave
	At     Pos
}

// Card is an action-deck card.
type Card struct {
	sim.Card
	Symbols []string
	At      Pos
}

// Machine is a machine's data card and behaviour.
type Machine struct {
	sim.Machine
	Behaviour []sim.BCard
	At        Pos
}

// Hunter is a hunter as it starts an encounter.
type Hunter struct {
	Name      string
	HandSize  int
	Trait     Passive
	Equipment []string
	Mods      map[string][]string // modifications by the equipment they are attached to
	Deck      []DeckEntry
	At        Pos
	eqNodes   []*yaml.Node
	modNodes  map[string]*yaml.Node
}

// DeckEntry is a card of an action deck and its copies.
type DeckEntry struct {
	Card string
	N    int
}

// Tile is an encounter tile: its two sides.
type Tile struct {
	Sides map[string]*sim.TileSide // "1-2", "3-4"
	At    Pos
}

// Placed is a tile of an encounter's layout.
type Placed struct {
	Tile  string
	X, Y  int
	Turn  int
	Start bool
}

// Encounter is a tracking card's encounter.
type Encounter struct {
	Name      string
	Level     int
	Layout    []Placed
	Outcrop   [][2]int
	Ruin      [][2]int
	Corpse    [][2]int
	Spawns    [3]string // by spawn kind: [1] the first symbol, [2] the second
	Threshold int
	Bonus     int
	At        Pos
}

// Party is a hunting party: its hunters in seat order, the Leader first.
type Party struct {
	Hunters []string
	At      Pos
}

// Data is a whole load: every section's entries by key.
type Data struct {
	Dice       map[string]*Die
	DiceOrder  []string // colours in the order first given
	Machines   map[string]*Machine
	Weapons    map[string]*Weapon
	Armour     map[string]*Armour
	Misc       map[string]*Misc
	Mods       map[string]*Mod
	Cards      map[string]*Card
	Hunters    map[string]*Hunter
	Tiles      map[string]*Tile
	Encounters map[string]*Encounter
	Parties    map[string]*Party
	Rules      Rules
	AOEs       []sim.AOE
	Symbols    []string // weapon symbols, by bit
	Salvage    int      // salvage deck cards (counted only)
	Digest     string   // identifies the files loaded
	refs       []ref
}

func newData() *Data {
	return &Data{Dice: map[string]*Die{}, Machines: map[string]*Machine{}, Weapons: map[string]*Weapon{},
		Armour: map[string]*Armour{}, Misc: map[string]*Misc{}, Mods: map[string]*Mod{}, Cards: map[string]*Card{},
		Hunters: map[string]*Hunter{}, Tiles: map[string]*Tile{}, Encounters: map[string]*Encounter{},
		Parties: map[string]*Party{}, Rules: DefaultRules(), Salvage: 54}
}
