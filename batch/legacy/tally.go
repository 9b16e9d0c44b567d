// Package legacy is Cazadores' batch runner as it was before the game
// seam, kept while the commands move to the shared runner (package
// batch), and then removed. It plays many hunts: a pool of workers, each
// owning one Hunt value and one tally, hunt i always seeded from (run
// seed, i); integer tallies merged exactly; shards written to and merged
// from tally files; and the Summary computed from a tally.
package legacy

import (
	"fmt"

	sim "balance/sim/cazadores"
)

// Histogram bounds for quantities without a natural maximum; larger values
// land in the last bin.
const (
	maxTurns   = 1024
	maxDraws   = 4096
	maxAttacks = 128
)

// CardTally is what one action card did, summed over hunts, with the sums
// of squares and products the ratio estimators need.
type CardTally struct {
	Drawn   int64 `json:"drawn"`
	DrawnSq int64 `json:"drawn_sq"` // sum over hunts of draws²
	Wounds  int64 `json:"wounds"`
	WoundSq int64 `json:"wound_sq"`
	WoundDr int64 `json:"wound_dr"` // sum over hunts of wounds·draws
	Kills   int64 `json:"kills"`
	KillSq  int64 `json:"kill_sq"`
	KillDr  int64 `json:"kill_dr"`
	Conds   int64 `json:"conds"`
	CondSq  int64 `json:"cond_sq"`
	CondDr  int64 `json:"cond_dr"`
}

// ModelTally is what happened to one Pack model, summed over hunts.
type ModelTally struct {
	Wounds  []int64 `json:"wounds"` // histogram of WNDs taken
	Died    int64   `json:"died"`
	Fled    int64   `json:"fled"`
	Attacks []int64 `json:"attacks"` // histogram of Attack Actions per hunt
	Hits    int64   `json:"hits"`
	Swings  int64   `json:"swings"`  // Attack Actions in all
	DiedAt  []int64 `json:"died_at"` // histogram of the Tick it died, over the hunts it died
}

// Tally is the integer account of many hunts: counts and histograms of the
// fields of sim.Record. Tallies of disjoint sets of hunts merge exactly, in
// any order. The zero value is not ready: use NewTally.
type Tally struct {
	Hunts       int64                  `json:"hunts"`
	Outcomes    [sim.NumOutcomes]int64 `json:"outcomes"`
	AdvDefeated int64                  `json:"adv_defeated"`

	Rounds       []int64 `json:"rounds"`        // by Round count
	DecidedAt    []int64 `json:"decided_at"`    // by Tick
	DefeatedAt   []int64 `json:"defeated_at"`   // by Tick, hunts where the Adversary fell
	AdvWounds    []int64 `json:"adv_wounds"`    // by WNDs dealt to the Adversary
	MinionsSlain []int64 `json:"minions_slain"` // by count
	PackDeaths   []int64 `json:"pack_deaths"`   // by count

	Pack []ModelTally `json:"pack"`

	// Curve[t][v]: hunts still going at the end of Tick t+1 with v WNDs
	// dealt to the Adversary so far; Ended[t][v]: hunts that ended at Tick
	// t+1 with v dealt (they count at every later Tick too).
	Curve [][]int64 `json:"curve"`
	Ended [][]int64 `json:"ended"`
	// DeadBy[t][k]: hunts still going at the end of Tick t+1 with k Pack
	// models dead; DeadEnded[t][k]: hunts that ended then with k dead.
	DeadBy    [][]int64 `json:"dead_by"`
	DeadEnded [][]int64 `json:"dead_ended"`

	LocExhausted []int64   `json:"loc_exhausted"`
	LocAt        [][]int64 `json:"loc_at"` // [location][Tick]

	Cards [16]CardTally `json:"cards"`

	Conds   [sim.NumConds]int64 `json:"conds"`
	CondsSq [sim.NumConds]int64 `json:"conds_sq"`

	Turns []int64 `json:"turns"`
	Draws []int64 `json:"draws"`

	ObjectiveMet int64   `json:"objective_met"`
	Renown       []int64 `json:"renown"` // by Renown + RenownOffset

	// span: the leading rows of Curve, Ended, DeadBy and DeadEnded that
	// may hold counts (the others are zero), so that merging and emptying
	// a tally skip the Ticks no hunt reached; 0 with hunts counted: not
	// known (a tally read from a file), found when needed.
	span int
}

// RenownOffset shifts Renown (which may be negative) into histogram bins.
const RenownOffset = 100

// Shape is what a Tally's dimensions depend on, taken from a scenario.
type Shape struct {
	RoundCap int   // rounds
	Ticks    int   // curve length in Ticks
	AdvWND   int   // the Adversary's total WNDs
	PackWND  []int // each Pack model's WNDs
	NLoc     int
}

// ShapeOf returns the tally shape for a scenario.
func ShapeOf(sc *sim.Scenario) Shape {
	s := Shape{RoundCap: sc.Rules.RoundCap, AdvWND: int(sc.Adversary.Stats.WND), NLoc: int(sc.Adversary.NLoc)}
	s.Ticks = s.RoundCap * 10
	if s.Ticks > sim.MaxCurve {
		s.Ticks = sim.MaxCurve
	}
	for i, p := range sc.Pack {
		if sc.HasPrisoner && i == int(sc.PrisonerDef) {
			continue
		}
		s.PackWND = append(s.PackWND, int(p.WND))
	}
	return s
}

// NewTally returns an empty tally of the given shape.
func NewTally(s Shape) *Tally {
	ticks := s.RoundCap*10 + 1
	t := &Tally{
		Rounds:       make([]int64, s.RoundCap+1),
		DecidedAt:    make([]int64, ticks),
		DefeatedAt:   make([]int64, ticks),
		AdvWounds:    make([]int64, s.AdvWND+1),
		MinionsSlain: make([]int64, sim.MaxModels+1),
		PackDeaths:   make([]int64, len(s.PackWND)+1),
		LocExhausted: make([]int64, s.NLoc),
		Turns:        make([]int64, maxTurns+1),
		Renown:       make([]int64, 2*RenownOffset+1),
		Draws:        make([]int64, maxDraws+1),
	}
	for _, w := range s.PackWND {
		t.Pack = append(t.Pack, ModelTally{Wounds: make([]int64, w+1), Attacks: make([]int64, maxAttacks+1), DiedAt: make([]int64, ticks)})
	}
	t.Curve = make([][]int64, s.Ticks)
	t.Ended = make([][]int64, s.Ticks)
	for k := range t.Curve {
		t.Curve[k] = make([]int64, s.AdvWND+1)
		t.Ended[k] = make([]int64, s.AdvWND+1)
	}
	t.DeadBy = make([][]int64, s.Ticks)
	t.DeadEnded = make([][]int64, s.Ticks)
	for k := range t.DeadBy {
		t.DeadBy[k] = make([]int64, len(s.PackWND)+1)
		t.DeadEnded[k] = make([]int64, len(s.PackWND)+1)
	}
	t.LocAt = make([][]int64, s.NLoc)
	for k := range t.LocAt {
		t.LocAt[k] = make([]int64, ticks)
	}
	return t
}

func bump(h []int64, v int) {
	if v < 0 {
		v = 0
	}
	if v >= len(h) {
		v = len(h) - 1
	}
	h[v]++
}

// Add counts one hunt's Record.
func (t *Tally) Add(r *sim.Record) {
	t.Hunts++
	t.Outcomes[r.Outcome]++
	bump(t.Rounds, int(r.Rounds))
	bump(t.DecidedAt, int(r.DecidedAt))
	if r.AdversaryDefeated {
		t.AdvDefeated++
		bump(t.DefeatedAt, int(r.DefeatedAt))
	}
	bump(t.AdvWounds, int(r.AdvWounds))
	bump(t.MinionsSlain, int(r.MinionsSlain))
	deaths := 0
	for i := range t.Pack {
		p := &t.Pack[i]
		bump(p.Wounds, int(r.Taken[i]))
		if r.DiedAt[i] > 0 {
			p.Died++
			deaths++
			bump(p.DiedAt, int(r.DiedAt[i]))
		}
		if r.FledAt[i] > 0 {
			p.Fled++
		}
		bump(p.Attacks, int(r.Attacks[i]))
		p.Hits += int64(r.Hits[i])
		p.Swings += int64(r.Attacks[i])
	}
	bump(t.PackDeaths, deaths)
	// The damage curve, up to the Tick the hunt ended.
	end := int(r.Ticks)
	if end > len(t.Curve) {
		end = len(t.Curve)
	}
	t.span = max(t.span, end)
	cum := 0
	for k := 0; k < end; k++ {
		cum += int(r.Curve[k])
		dead := 0
		for i := range t.Pack {
			if d := int(r.DiedAt[i]); d > 0 && d <= k+1 {
				dead++
			}
		}
		if k == end-1 {
			bump(t.Ended[k], cum)
			bump(t.DeadEnded[k], dead)
		} else {
			bump(t.Curve[k], cum)
			bump(t.DeadBy[k], dead)
		}
	}
	for l := range t.LocExhausted {
		if r.LocAt[l] > 0 {
			t.LocExhausted[l]++
			bump(t.LocAt[l], int(r.LocAt[l]))
		}
	}
	for c := range t.Cards {
		cr := &r.Cards[c]
		ct := &t.Cards[c]
		d, w, k, n := int64(cr.Drawn), int64(cr.Wounds), int64(cr.Kills), int64(cr.Conds)
		ct.Drawn += d
		ct.DrawnSq += d * d
		ct.Wounds += w
		ct.WoundSq += w * w
		ct.WoundDr += w * d
		ct.Kills += k
		ct.KillSq += k * k
		ct.KillDr += k * d
		ct.Conds += n
		ct.CondSq += n * n
		ct.CondDr += n * d
	}
	for c := range t.Conds {
		v := int64(r.Conds[c])
		t.Conds[c] += v
		t.CondsSq[c] += v * v
	}
	bump(t.Turns, int(r.Turns))
	bump(t.Draws, int(r.Draws))
	if r.Objective != sim.NoObjective {
		if r.ObjectiveMet {
			t.ObjectiveMet++
		}
		bump(t.Renown, int(r.Renown)+RenownOffset)
	}
}

// Reset empties the tally, keeping its shape.
func (t *Tally) Reset() {
	rows := t.rows()
	t.Hunts, t.AdvDefeated, t.ObjectiveMet = 0, 0, 0
	t.Outcomes = [sim.NumOutcomes]int64{}
	t.Cards = [16]CardTally{}
	t.Conds, t.CondsSq = [sim.NumConds]int64{}, [sim.NumConds]int64{}
	t.hists(t, rows, func(h, _ []int64) { clear(h) })
	t.span = 0
	for i := range t.Pack {
		t.Pack[i].Died, t.Pack[i].Fled, t.Pack[i].Hits, t.Pack[i].Swings = 0, 0, 0, 0
	}
}

// hists calls fn with every histogram of t and the same of u, in a fixed
// order, with the first rows rows of each per-Tick table (Curve, Ended,
// DeadBy, DeadEnded); u must have as many Pack models and per-Tick rows
// as t. It allocates nothing: merging and emptying block tallies is on
// the batch runner's path.
func (t *Tally) hists(u *Tally, rows int, fn func(a, b []int64)) {
	fn(t.Rounds, u.Rounds)
	fn(t.DecidedAt, u.DecidedAt)
	fn(t.DefeatedAt, u.DefeatedAt)
	fn(t.AdvWounds, u.AdvWounds)
	fn(t.MinionsSlain, u.MinionsSlain)
	fn(t.PackDeaths, u.PackDeaths)
	fn(t.LocExhausted, u.LocExhausted)
	fn(t.Turns, u.Turns)
	fn(t.Draws, u.Draws)
	fn(t.Renown, u.Renown)
	for i := range t.Pack {
		fn(t.Pack[i].Wounds, u.Pack[i].Wounds)
		fn(t.Pack[i].Attacks, u.Pack[i].Attacks)
	}
	for k := 0; k < rows; k++ {
		fn(t.Curve[k], u.Curve[k])
		fn(t.Ended[k], u.Ended[k])
		fn(t.DeadBy[k], u.DeadBy[k])
		fn(t.DeadEnded[k], u.DeadEnded[k])
	}
	for l := range t.LocAt {
		fn(t.LocAt[l], u.LocAt[l])
	}
	for i := range t.Pack {
		fn(t.Pack[i].DiedAt, u.Pack[i].DiedAt)
	}
}

// rows returns how many leading rows of the per-Tick tables may hold
// counts. For a tally whose span is not known (read from a file) it finds
// the last row that holds one, and remembers it.
func (t *Tally) rows() int {
	if t.span > 0 || t.Hunts == 0 {
		return t.span
	}
	for r := len(t.Curve); r > 0; r-- {
		for _, h := range [...][]int64{t.Curve[r-1], t.Ended[r-1], t.DeadBy[r-1], t.DeadEnded[r-1]} {
			for _, v := range h {
				if v != 0 {
					t.span = r
					return r
				}
			}
		}
	}
	return 0
}

// Merge adds u's counts to t. It fails, changing nothing, when the two
// tallies have different shapes.
func (t *Tally) Merge(u *Tally) error {
	same := len(t.Pack) == len(u.Pack) && len(t.Curve) == len(u.Curve) && len(t.Ended) == len(u.Ended) &&
		len(t.DeadBy) == len(u.DeadBy) && len(t.DeadEnded) == len(u.DeadEnded) && len(t.LocAt) == len(u.LocAt)
	if same {
		t.hists(u, len(t.Curve), func(a, b []int64) { same = same && len(a) == len(b) })
	}
	if !same {
		return fmt.Errorf("tallies of different shapes cannot be merged")
	}
	// Only the Ticks u reached hold counts to add.
	rows := u.rows()
	t.span = max(t.rows(), rows)
	t.hists(u, rows, func(a, b []int64) {
		for j, v := range b {
			a[j] += v
		}
	})
	t.Hunts += u.Hunts
	t.AdvDefeated += u.AdvDefeated
	t.ObjectiveMet += u.ObjectiveMet
	for k := range t.Outcomes {
		t.Outcomes[k] += u.Outcomes[k]
	}
	for i := range t.Pack {
		p, q := &t.Pack[i], &u.Pack[i]
		p.Died += q.Died
		p.Fled += q.Fled
		p.Hits += q.Hits
		p.Swings += q.Swings
	}
	for c := range t.Cards {
		x, y := &t.Cards[c], &u.Cards[c]
		x.Drawn += y.Drawn
		x.DrawnSq += y.DrawnSq
		x.Wounds += y.Wounds
		x.WoundSq += y.WoundSq
		x.WoundDr += y.WoundDr
		x.Kills += y.Kills
		x.KillSq += y.KillSq
		x.KillDr += y.KillDr
		x.Conds += y.Conds
		x.CondSq += y.CondSq
		x.CondDr += y.CondDr
	}
	for c := range t.Conds {
		t.Conds[c] += u.Conds[c]
		t.CondsSq[c] += u.CondsSq[c]
	}
	return nil
}
