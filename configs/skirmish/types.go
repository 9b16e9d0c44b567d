// Package skirmish loads the d20 skirmish game's data (YAML, embedded,
// with a data directory over it), checks it with errors that name the
// file, line, column and field, and compiles one design of it (two
// warbands on a scenario under the rules) to the rules core's Setup.
//
// The layout of a data directory: weapons.yaml (the weapons table),
// creatures.yaml, rules.yaml (the rule switches), warbands/SLUG.yaml (one
// warband each) and scenarios/SLUG.yaml (one table each). Everything but
// the weapons table's numbers is sample data, not from the source.
package skirmish

import sk "balance/sim/skirmish"

// Limits of the data, so that a typo cannot make a game of a thousand
// figures.
const (
	maxStat   = 20
	maxHealth = 40
	maxMove   = 12
)

// WeaponDef is one entry of weapons.yaml.
type WeaponDef struct {
	Name    string
	Class   string
	Damage  int
	Range   float64
	Fight   int
	Shoot   int
	Move    int
	Waive   []string // armour types that waive the Move modifier
	Targets int
	Blast   string // thrown: frag or smoke
	Fires   string // launcher: the grenade it fires
	Radius  float64
	Attack  int
	Length  float64
	Width   float64
	Slots   int
	Source  bool // the numbers are the document's
	file    string
	line    int
}

// PowerDef is one power of a figure.
type PowerDef struct {
	Name      string
	AN        int
	Strain    int
	PowerMove bool
	Effect    string
	Amount    int
	Range     float64
}

// FigureDef is one figure of a warband, or a creature.
type FigureDef struct {
	Key        string // its key within its warband (or the creature's name)
	Name       string
	Role       string
	Move       float64
	Fight      int
	Shoot      int
	Armour     int
	Will       int
	Health     int
	ArmourType string
	Large      bool
	Base       float64
	Weapons    []string
	Powers     []PowerDef
}

// WarbandDef is one warband.
type WarbandDef struct {
	Slug    string
	Name    string
	Plural  bool // the name names many and takes a plural verb: "Raiders win"
	Summary string
	Figures []FigureDef
	file    string
}

// TerrainDef is one terrain piece of a scenario.
type TerrainDef struct {
	Name       string
	Rect       []float64 // x0, y0, x1, y1
	Circle     []float64 // x, y, r
	Poly       [][]float64
	BlocksLOS  bool
	Impassable bool
	Cover      string
	Rough      bool
	Water      bool
	Height     float64
}

// LootDef is one loot token of a scenario.
type LootDef struct {
	At   []float64
	Kind string // physical or data
}

// PlacedCreature is a creature of a scenario.
type PlacedCreature struct {
	Creature string
	At       []float64
}

// ScenarioDef is one table.
type ScenarioDef struct {
	Slug      string
	Name      string
	W, H      float64
	TurnCap   int
	Home      [2]string // south or north, for A and B
	Deploy    [2][][]float64
	Terrain   []TerrainDef
	Loot      []LootDef
	Creatures []PlacedCreature
	file      string
}

// Names of the vocabularies of the data files.
var (
	classNames  = sk.ClassNames()
	roleNames   = []string{"captain", "first_mate", "soldier"}
	blastNames  = []string{"frag", "smoke"}
	armourNames = []string{"none", "heavy", "combat"}
	coverNames  = []string{"none", "light", "heavy"}
	lootKinds   = []string{"physical", "data"}
	edgeNames   = []string{"south", "north"}
	effectNames = func() []string {
		out := make([]string, len(sk.Ops))
		for i, o := range sk.Ops {
			out[i] = o.Name
		}
		return out
	}()
	statNames = []string{"move", "fight", "shoot", "armour", "will", "health"}
)
