// Package vantage is the rules core of Vantage, a duel of small parties on
// a hex map fought with the tactics of one rules page, "Using Tactics":
// a ranged attack needs vantage on its target and a melee attack needs
// strike on it; both are gained with an action point and a roll (for
// Perception and Speed), answered by automatic counter-vantage and
// counter-strike, and an Evade (a roll for Agility) strips them.
//
// The page's state machine is simulated exactly; everything it leaves out
// (the roll, action points, attacks and damage, movement between hexes,
// turn order, the end of the fight) is supplied by rulings that are not
// from the source, each a switch of Rules (see docs/vantage/rulings.md).
//
// A Duel is one fight as a value: fixed arrays of fighters, indices
// instead of pointers, a Record of fixed size. It is reset from a
// compiled Scenario per hunt and allocates nothing while it is played.
// Rolls come from one counter-based stream per fighter, so that two
// designs played on the same seed roll the same dice for the same fighter
// in the same order. Choices are made outside the package (ai/vantage)
// through Legal and Do.
package vantage

import (
	"errors"
	"fmt"
)

// Bounds of a scenario.
const (
	MaxSide     = 4             // fighters a side may field
	MaxFighters = 2 * MaxSide   // fighters in a duel
	MaxHexes    = 64            // hexes of a map
	MaxRounds   = 100           // the largest round cap
	MaxDice     = 4             // dice of one roll
	MaxSides    = 100           // faces of a die
	MaxStat     = 255           // the largest stat value
	MaxHP       = 999           // the largest starting HP
	MaxDamage   = 99            // the largest damage of one attack
	MaxRange    = 99            // the longest range of a ranged weapon
	MaxAP       = 10            // the most action points per turn
	None        = int8(-1)      // no fighter, no hex
	noDist      = uint8(0xff)   // unreachable hex
	hexDirs     = 6             // neighbours of a hex
	maxRoll     = MaxDice * 100 // the largest sum of a roll
)

// Sides.
const (
	Players = 0
	Enemies = 1
)

// SideNames names the sides, by index.
var SideNames = [2]string{"players", "enemies"}

// Stats a roll is made for: vantage is rolled for Perception, strike for
// Speed, Evade for Agility.
const (
	Perception = iota
	Speed
	Agility
)

// StatNames names the stats, by index.
var StatNames = [3]string{"perception", "speed", "agility"}

// Tactics, in the order of Record's counters: the stat of each tactic is
// the stat of the same index.
const (
	TacticVantage = iota
	TacticStrike
	TacticEvade
)

// TacticNames names the tactics, by index.
var TacticNames = [3]string{"vantage", "strike", "evade"}

// Roll is the attribute roll (not from the source): the sum of Dice dice
// of Sides faces succeeds when it is at most the stat.
type Roll struct {
	Dice  int
	Sides int
}

// FirstSide says which side takes the first turn of each round.
type FirstSide uint8

// Turn orders.
const (
	FirstPlayers FirstSide = iota
	FirstEnemies
	FirstRandom // a coin flip per fight, from the fight's own stream
)

// CounterStrike is how the victim of a gained strike answers.
type CounterStrike uint8

// Counter-strike readings.
const (
	// CounterStrikeChoose: the victim gains strike on the gainer unless it
	// already holds strike on another enemy, in which case its side's
	// policy chooses which of the two to hold (the Strike section).
	CounterStrikeChoose CounterStrike = iota
	// CounterStrikeSwitch: the victim always switches its strike to the
	// gainer (the Vantage section's sentence read alone).
	CounterStrikeSwitch
	// CounterStrikeOff: no counter-strike (the rule switched off).
	CounterStrikeOff
)

// CounterOnStrike is what counter-vantage does when the victim holds
// strike.
type CounterOnStrike uint8

// Counter-vantage with a held strike.
const (
	CounterReplacesStrike CounterOnStrike = iota // the victim gains vantage and loses its strike
	CounterSkipsStrike                           // the victim keeps its strike and gains no vantage
)

// UnarmedGainer is whether counter-vantage answers a gainer without a
// ranged weapon.
type UnarmedGainer uint8

// Readings of counter-vantage against a gainer with no ranged weapon.
const (
	UnarmedAnyRange  UnarmedGainer = iota // any ranged weapon is equal or better than none
	UnarmedNoCounter                      // no range to compare: no counter-vantage
)

// Scope is which hexes a rule looks at.
type Scope uint8

// Scopes.
const (
	SameHex Scope = iota
	AnyHex
)

// Guard is how long a successful Evade stops enemies gaining vantage or
// strike on the evader.
type Guard uint8

// Guards.
const (
	// GuardEnemyTurn: during the next enemy turn (the page's words); in
	// the evader's own turn, automatic counters onto it still happen.
	GuardEnemyTurn Guard = iota
	// GuardUntilNextTurn: from the Evade to the start of the evader's next
	// turn, automatic counters included.
	GuardUntilNextTurn
)

// Rules are the rules of one design: the page's parts, each of which can
// be switched off or read another way, and the rulings that are not from
// the source. The zero value is not a useful rule set; DefaultRules is.
type Rules struct {
	// Not from the source.
	Roll      Roll      // the attribute roll
	AP        int       // action points per turn
	RoundCap  int       // rounds before the fight is a draw
	First     FirstSide // which side takes each round's first turn
	KeepAfter bool      // an attack keeps the vantage or strike it used
	// ClearOnMove: leaving a hex ends every vantage and strike between the
	// mover and fighters in that hex. Off, they persist and a ranged
	// attack reaches Range hexes.
	ClearOnMove bool
	// EngagedMove: a fighter some enemy in its hex holds vantage or strike
	// on may leave the hex (off: it would be fleeing, which the page does
	// not define).
	EngagedMove bool
	Retry       bool // a fighter may try a tactic again in the turn it failed it

	// The page's parts.
	RangedNeedsVantage bool // a ranged attack needs vantage on its target
	MeleeNeedsStrike   bool // a melee attack needs strike on its target
	Exclusive          bool // vantage and strike are never held at once; gaining one drops the other
	FailureKeeps       bool // a failed roll keeps what the fighter held (off: it drops it)
	CounterVantage     bool // the victim of a gained vantage gains vantage back
	CounterOnStrike    CounterOnStrike
	Unarmed            UnarmedGainer
	StruckDropsVantage bool // the victim of a gained strike loses its vantage
	CounterStrike      CounterStrike
	Evade              bool  // the Evade action exists
	EvadeClears        Scope // which enemies lose vantage and strike on a successful evader
	EvadeThreat        Scope // which enemies' holds allow an Evade
	EvadeBlocks        bool  // a successful Evade stops enemies gaining on the evader
	EvadeGuard         Guard
	EvadeDropsOwn      bool // a successful evader loses its own vantage and strike
}

// DefaultRules are the default readings (docs/vantage/rulings.md).
func DefaultRules() Rules {
	return Rules{
		Roll: Roll{Dice: 1, Sides: 20}, AP: 2, RoundCap: 30, First: FirstRandom,
		KeepAfter: true, ClearOnMove: true, Retry: true,
		RangedNeedsVantage: true, MeleeNeedsStrike: true, Exclusive: true, FailureKeeps: true,
		CounterVantage: true, StruckDropsVantage: true, CounterStrike: CounterStrikeChoose,
		Evade: true, EvadeClears: SameHex, EvadeThreat: AnyHex, EvadeBlocks: true, EvadeDropsOwn: true,
	}
}

// Fighter is one compiled fighter: a build placed in a party.
type Fighter struct {
	Label        string // e.g. "Archer", for traces
	Key          string // e.g. "p1", "e2"
	Side         int
	Stat         [3]int     // Perception, Speed, Agility
	Chance       [3]float64 // the exact chance of each stat's roll (set by Scenario.Finish)
	HP           int
	Range        int // 0: no ranged weapon
	RangedDamage int
	MeleeDamage  int // 0: no melee weapon
}

// Ranged reports whether f carries a ranged weapon.
func (f *Fighter) Ranged() bool { return f.Range > 0 }

// Map is a compiled hex map: hexes in axial coordinates, their
// neighbours and the steps between any two of them through the map.
type Map struct {
	N     int
	Hex   [MaxHexes][2]int          // q, r
	Adj   [MaxHexes][hexDirs]int8   // neighbour in each direction, None outside the map
	Dist  [MaxHexes][MaxHexes]uint8 // steps through the map; 255: unreachable
	Start [2]int8                   // each side's starting hex
}

// axial directions of a hex's neighbours.
var dirs = [hexDirs][2]int{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}

// NewMap compiles a map from its hexes (axial q, r) and each side's
// starting hex (an index into hexes). Every hex must be reachable from
// every other through the map.
func NewMap(hexes [][2]int, start [2]int) (Map, error) {
	var m Map
	if len(hexes) < 1 || len(hexes) > MaxHexes {
		return m, fmt.Errorf("a map has 1..%d hexes, not %d", MaxHexes, len(hexes))
	}
	m.N = len(hexes)
	for i, h := range hexes {
		for j := 0; j < i; j++ {
			if hexes[j] == h {
				return m, fmt.Errorf("hex %d (%d, %d) is the same as hex %d", i+1, h[0], h[1], j+1)
			}
		}
		m.Hex[i] = h
	}
	for s, h := range start {
		if h < 0 || h >= m.N {
			return m, fmt.Errorf("the %s' start is hex %d; the map has hexes 1..%d", SideNames[s], h+1, m.N)
		}
		m.Start[s] = int8(h)
	}
	for i := 0; i < m.N; i++ {
		for d, dv := range dirs {
			m.Adj[i][d] = None
			q, r := m.Hex[i][0]+dv[0], m.Hex[i][1]+dv[1]
			for j := 0; j < m.N; j++ {
				if m.Hex[j] == [2]int{q, r} {
					m.Adj[i][d] = int8(j)
				}
			}
		}
	}
	// breadth-first from every hex
	var queue [MaxHexes]int8
	for i := 0; i < m.N; i++ {
		for j := range m.Dist[i] {
			m.Dist[i][j] = noDist
		}
		m.Dist[i][i] = 0
		queue[0] = int8(i)
		for head, tail := 0, 1; head < tail; head++ {
			h := queue[head]
			for _, n := range m.Adj[h] {
				if n != None && m.Dist[i][n] == noDist {
					m.Dist[i][n] = m.Dist[i][h] + 1
					queue[tail] = n
					tail++
				}
			}
		}
		for j := 0; j < m.N; j++ {
			if m.Dist[i][j] == noDist {
				return m, fmt.Errorf("hex %d (%d, %d) cannot be reached from hex %d (%d, %d) through the map",
					j+1, m.Hex[j][0], m.Hex[j][1], i+1, m.Hex[i][0], m.Hex[i][1])
			}
		}
	}
	return m, nil
}

// Scenario is one compiled design: rules, fighters and map. Players are
// F[:NSide[0]], enemies F[NSide[0]:N]. It is read-only once Finish has
// run, and shared by every worker.
type Scenario struct {
	Rules Rules
	F     [MaxFighters]Fighter
	N     int
	NSide [2]int
	Map   Map
}

// Add places a fighter on side s. Fighters of the players must all be
// added before those of the enemies.
func (sc *Scenario) Add(s int, f Fighter) error {
	if sc.NSide[s] >= MaxSide {
		return fmt.Errorf("the %s field at most %d fighters", SideNames[s], MaxSide)
	}
	if s == Players && sc.NSide[Enemies] > 0 {
		return errors.New("players are added before enemies")
	}
	f.Side = s
	sc.F[sc.N] = f
	sc.N++
	sc.NSide[s]++
	return nil
}

// Finish checks the scenario's numbers and works out each fighter's roll
// chances. Data is checked with positions by the loader; Finish is the
// last guard, so that a Duel never meets a number it cannot play.
func (sc *Scenario) Finish() error {
	r := &sc.Rules
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if r.Roll.Dice < 1 || r.Roll.Dice > MaxDice || r.Roll.Sides < 2 || r.Roll.Sides > MaxSides {
		bad("roll: %d dice of %d sides: allowed 1..%d dice of 2..%d sides", r.Roll.Dice, r.Roll.Sides, MaxDice, MaxSides)
	}
	if r.AP < 1 || r.AP > MaxAP {
		bad("action points %d: allowed 1..%d", r.AP, MaxAP)
	}
	if r.RoundCap < 1 || r.RoundCap > MaxRounds {
		bad("round cap %d: allowed 1..%d", r.RoundCap, MaxRounds)
	}
	if sc.NSide[Players] < 1 || sc.NSide[Enemies] < 1 {
		bad("each side needs a fighter (players %d, enemies %d)", sc.NSide[Players], sc.NSide[Enemies])
	}
	if sc.Map.N < 1 {
		bad("no map")
	}
	for i := 0; i < sc.N; i++ {
		f := &sc.F[i]
		for s, v := range f.Stat {
			if v < 0 || v > MaxStat {
				bad("%s: %s %d: allowed 0..%d", f.Label, StatNames[s], v, MaxStat)
			}
		}
		if f.HP < 1 || f.HP > MaxHP {
			bad("%s: hp %d: allowed 1..%d", f.Label, f.HP, MaxHP)
		}
		if f.Range < 0 || f.Range > MaxRange || f.RangedDamage < 0 || f.RangedDamage > MaxDamage ||
			f.MeleeDamage < 0 || f.MeleeDamage > MaxDamage {
			bad("%s: range %d, damage %d ranged and %d melee: allowed range 0..%d, damage 0..%d",
				f.Label, f.Range, f.RangedDamage, f.MeleeDamage, MaxRange, MaxDamage)
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	for i := 0; i < sc.N; i++ {
		for s := range sc.F[i].Stat {
			sc.F[i].Chance[s] = RollChance(r.Roll, sc.F[i].Stat[s])
		}
	}
	return nil
}

// Side returns the fighters of side s as a range [lo, hi).
func (sc *Scenario) Side(s int) (lo, hi int) {
	if s == Players {
		return 0, sc.NSide[Players]
	}
	return sc.NSide[Players], sc.N
}
