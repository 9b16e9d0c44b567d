package crims

import (
	"testing"

	"balance/sim/geom"
)

// Profiles of the test scenario.
const (
	tThug   = iota // melee, Aggressive
	tGunner        // ranged, cautious
	tBrute         // Armor 1
)

// testScenario is a small scenario for the rules' tests: two hunters of
// the same make (melee Damage 2, a depletable ranged attack of Damage 2
// and range 12), three crim profiles, a 36" zone with a low wall, a
// hideable ruin, a blocking building and two pods, a deck of 4 cards.
func testScenario() *Scenario {
	sc := &Scenario{Name: "test"}
	h := HunterDef{Key: "h", Name: "A", Attr: [NAttr]int8{3, 3, 3, 3, 3}, WoundMax: 4, Base: 0.5, NAttacks: 2, BestMelee: 2}
	h.Attacks[0] = Attack{Name: "blade", Melee: true, Damage: 2}
	h.Attacks[1] = Attack{Name: "pistol", Damage: 2, Range: 12, Depletable: true}
	sc.Hunters[0] = h
	h.Name = "B"
	sc.Hunters[1] = h
	sc.NHunters = 2
	sc.Crims[tThug] = CrimDef{Key: "thug", Name: "Thug", Move: 5, Fight: 3, Shoot: 2, Defense: 2, Stealth: 2, Wounds: 2, Melee: 2, BPV: 3, Demeanor: 0, Aggressive: true, Base: 0.5}
	sc.Crims[tGunner] = CrimDef{Key: "gunner", Name: "Gunner", Move: 4, Fight: 2, Shoot: 3, Defense: 2, Stealth: 3, Wounds: 2, Melee: 1, Ranged: 2, Range: 18, BPV: 3, Demeanor: 1, Base: 0.5}
	sc.Crims[tBrute] = CrimDef{Key: "brute", Name: "Brute", Move: 4, Fight: 2, Shoot: 2, Defense: 2, Stealth: 1, Wounds: 5, Armor: 1, Melee: 3, BPV: 6, Demeanor: 0, Aggressive: true, Base: 0.5}
	sc.NCrims = 3
	sc.Demeanors[0], sc.Demeanors[1] = "aggressive", "cautious"
	mp := &sc.Map
	mp.Name, mp.W, mp.H = "test", 36, 36
	mp.Terrain[0] = Terrain{Name: "wall", Shape: geom.NewRect(10, 20, 20, 20.6), Kw: KwCover}
	mp.Terrain[1] = Terrain{Name: "ruin", Shape: geom.NewRect(28, 28, 33, 33), Kw: KwArea | KwHideable | KwDifficult | KwCover}
	mp.Terrain[2] = Terrain{Name: "building", Shape: geom.NewRect(2, 28, 8, 34), Kw: KwBlocking | KwClimbable}
	mp.NTerrain = 3
	mp.Pods[0], mp.Pods[1] = geom.V(18, 10), geom.V(30, 4)
	mp.NPods = 2
	mp.Spawns[0], mp.SpawnNames[0] = geom.V(18, 30), "north"
	mp.Spawns[1], mp.SpawnNames[1] = geom.V(18, 6), "south"
	mp.NSpawns = 2
	for i := range 4 {
		c := &sc.Deck[i]
		c.Name = "card"
		c.Direct[0], c.Direct[1] = ActCharge, ActShoot
	}
	sc.NCards = 4
	sc.Rules = Rules{Engagement: 1, MaxCrims: 8, AllDiceFirst: true, ForcedHides: 1, ReturnActs: true, Pizzazz: true, TieBreak: true}
	return sc
}

// script is a scripted policy: each choice from a field, with defaults.
type script struct {
	activate func(m *Match, h int)
	before   func(m *Match, h int, c *Check)
	impact   ImpactOption
	reward   Reward
	attr     Attr
	recovery Attr
	back     bool
	corner   int
	target   int
	checks   []Check // every check rolled, as the policy saw it
}

func (s *script) Activate(m *Match, h int) {
	if s.activate != nil {
		s.activate(m, h)
	}
}
func (s *script) BeforeCheck(m *Match, h int, c *Check) {
	if s.before != nil {
		s.before(m, h, c)
	}
	s.checks = append(s.checks, *c)
}
func (s *script) ImpactTen(m *Match, h int, c *Check, r Roll) ImpactOption { return s.impact }
func (s *script) Pod(m *Match, h int) (Reward, Attr)                       { return s.reward, s.attr }
func (s *script) Recovery(m *Match, h int) Attr                            { return s.recovery }
func (s *script) Return(m *Match, h int) (bool, int)                       { return s.back, s.corner }
func (s *script) FightTarget(m *Match, first, c int, engaged uint8) int    { return s.target }

// cardAI directs crims as the current card says.
type cardAI struct{}

func (cardAI) Direct(m *Match, c int) Action {
	return m.Sc.Deck[m.Card].Direct[m.Sc.Crims[m.C[c].Def].Demeanor]
}

// recorder keeps every traced event.
type recorder struct{ ev []Event }

func (r *recorder) Event(m *Match, e *Event) {
	c := *e
	if e.Check != nil {
		ci := *e.Check
		c.Check = &ci
	}
	r.ev = append(r.ev, c)
}

// checks returns the traced checks of kind k.
func (r *recorder) checks(k CheckKind) []CheckInfo {
	var out []CheckInfo
	for _, e := range r.ev {
		if e.Kind == EvCheck && e.Check.Kind == k {
			out = append(out, *e.Check)
		}
	}
	return out
}

func (r *recorder) count(k EventKind) int {
	n := 0
	for _, e := range r.ev {
		if e.Kind == k {
			n++
		}
	}
	return n
}

// newTestMatch deals a match of sc with the script, the hunters at the
// given places, no crim, turn 1 of the hunter phase, and a recorder.
func newTestMatch(t *testing.T, sc *Scenario, s *script, at ...geom.Vec) (*Match, *recorder) {
	t.Helper()
	m := NewMatch(sc)
	m.Pol, m.AI = s, cardAI{}
	m.Reset(1, 0)
	rec := &recorder{}
	m.Trace = rec
	m.Turn, m.Phase = 1, PhHunter
	for h, p := range at {
		m.H[h].Pos = p
	}
	return m, rec
}

// addCrim puts a crim of profile def at p and returns its slot.
func addCrim(m *Match, def int, p geom.Vec) int {
	for i := range m.C {
		if !m.C[i].Alive {
			m.nextID++
			m.SetCrim(i, Crim{Def: uint8(def), ID: m.nextID, Alive: true, HideAt: -1, Pos: p})
			return i
		}
	}
	panic("no slot")
}

// rig makes the next checks show these faces.
func (m *Match) rigFaces(faces ...uint8) { m.rig = append(m.rig[:0:0], faces...) }

// give sets hunter h's Action Points for a test of its actions.
func (m *Match) give(h, ap int) {
	m.H[h].AP, m.H[h].Acted = int8(ap), 0
}
