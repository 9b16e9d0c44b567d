package game

import "fmt"

// Feel declares how a game measures the course of a hunt between its
// sides (two to MaxFeelSides), for the figures of how a hunt feels (docs/feel.md): each side's
// standing at the end of every round (how far it is from losing), what
// counts as a close call, and what counts as an idle turn.
//
// A round is a unit of the schema's Length. A side's standing is a whole
// number from 0 (lost) to Max[side] (untouched); the reports read it as
// the share standing/Max. The side ahead at the end of a round is the one
// with the largest share, when no other side has as large a one.
type Feel struct {
	// Max is each side's standing when untouched, e.g. the Pack's total
	// WNDs and the Adversary's with its Minions'.
	Max []int `json:"max"`
	// Margin is each side's standing at or under which, at the end of a
	// round, that side has come close to losing; -1: the standing alone
	// never makes a close call (the game flags close calls itself,
	// Record.CloseCall). A margin at or over Max makes every hunt a close
	// call for that side.
	Margin []int `json:"margin"`
	// Standing, Close and Idle say, in a few words each, what the game
	// measures: "share of WNDs left", "a Pack model slain or the Pack
	// under a quarter of its WNDs", "passed, or moved without reaching a
	// target". Idle is "" for a game that does not count idle turns.
	Standing string `json:"standing"`
	Close    string `json:"close"`
	Idle     string `json:"idle"`
	// Rounds is how many rounds' standings a Record keeps and the
	// settling table has rows for: 0 for the Length's Max, at most
	// MaxFeelRounds. A hunt that lasts longer keeps its first Rounds-1
	// rounds and, in the last place, its latest round; the lead changes,
	// deficits and close calls count every round.
	Rounds int `json:"rounds,omitempty"`
}

// MaxFeelRounds is the most rounds a Record keeps the standing of.
const MaxFeelRounds = 200

// MaxFeelSides is the most sides a Feel measures.
const MaxFeelSides = 8

// FeelBuckets is the number of buckets the settling table divides the
// standing into: the difference of the first side's share and the
// largest of the others', -1..1, in steps of 0.1.
const FeelBuckets = 20

// NRounds is the number of rounds a Record keeps the standing of: 0
// without a Feel.
func (s *Schema) NRounds() int {
	if s.Feel == nil {
		return 0
	}
	if s.Feel.Rounds > 0 {
		return min(s.Feel.Rounds, MaxFeelRounds)
	}
	return min(s.Length.Max, MaxFeelRounds)
}

func (f *Feel) check(s *Schema) error {
	n := len(s.Sides)
	switch {
	case n < 2 || n > MaxFeelSides:
		return fmt.Errorf("schema: a feel needs two to %d sides, not %d", MaxFeelSides, n)
	case len(f.Max) != n || len(f.Margin) != n:
		return fmt.Errorf("schema: feel: %d maxima and %d margins for %d sides", len(f.Max), len(f.Margin), n)
	case f.Rounds < 0:
		return fmt.Errorf("schema: feel: Rounds %d", f.Rounds)
	}
	for i := range n {
		if f.Max[i] < 1 {
			return fmt.Errorf("schema: feel: side %s: a standing's Max is at least 1, not %d", s.Sides[i].Key, f.Max[i])
		}
		if f.Margin[i] < -1 {
			return fmt.Errorf("schema: feel: side %s: a margin is -1 or more, not %d", s.Sides[i].Key, f.Margin[i])
		}
	}
	return nil
}

// FeelRecord is what a Record keeps of how a hunt went between its two
// sides: the standing at the end of each round, and what the game
// counted as it went. Games fill it through Record.Stand, Record.Turn
// and Record.CloseCall.
type FeelRecord struct {
	// Rounds is the number of rounds whose standing was recorded; Stand
	// holds the first min(Rounds, NRounds) of them, the sides' side by
	// side: round r's (1-based) of side k at n(r-1)+k for n sides (past
	// NRounds, the last place holds the latest round).
	Rounds int
	Stand  []int32
	// Leader is the side last ahead at the end of a round, -1 before any
	// was; Changes counts how often it changed.
	Leader  int8
	Changes int32
	// Behind: the side was behind another at the end of some round;
	// Deficit: by how much at worst, in percentage points of the
	// difference of the shares (rounded down).
	Behind  [MaxFeelSides]bool
	Deficit [MaxFeelSides]int32
	// Close: the side came within the game's margin of losing.
	Close [MaxFeelSides]bool
	// Turns and Idle are each side's turns, and those of them in which
	// the side could do nothing useful.
	Turns, Idle [MaxFeelSides]int32

	sides int // the schema's
}

func (f *FeelRecord) reset() {
	// The places the last hunt used are cleared, so that a record does
	// not depend on the hunts played before it.
	clear(f.Stand[:min(f.sides*f.Rounds, len(f.Stand))])
	f.Rounds, f.Leader, f.Changes = 0, -1, 0
	f.Behind, f.Deficit, f.Close = [MaxFeelSides]bool{}, [MaxFeelSides]int32{}, [MaxFeelSides]bool{}
	f.Turns, f.Idle = [MaxFeelSides]int32{}, [MaxFeelSides]int32{}
}

// Stand records the two sides' standings at the end of the hunt's next
// round (see StandAll).
func (r *Record) Stand(s *Schema, a, b int) {
	v := [2]int{a, b}
	r.StandAll(s, v[:])
}

// StandAll records every side's standing at the end of the hunt's next
// round (rounds are recorded in order, one call each), each from 0 to the
// Feel's Max: the lead, how far each side was behind, and a close call
// for a side at or under its margin. It allocates nothing; it does
// nothing for a schema without a Feel.
func (r *Record) StandAll(s *Schema, v []int) {
	if s.Feel == nil {
		return
	}
	f := &r.F
	n := s.feelN
	mx, mg := &s.feelMax, &s.feelMargin
	f.Rounds++
	stand := f.Stand[(min(f.Rounds, s.nRounds)-1)*n:][:n]
	// x are the standings, each from 0 to its Max.
	var x [MaxFeelSides]int64
	v = v[:n]
	for k := range stand {
		xk := min(max(int64(v[k]), 0), mx[k&(MaxFeelSides-1)])
		x[k&(MaxFeelSides-1)] = xk
		stand[k] = int32(xk)
	}
	// The shares x[i]/Max[i] and x[j]/Max[j] are compared without
	// division: the sign of x[i]·Max[j] − x[j]·Max[i], their difference
	// over Max[i]·Max[j]. The leader: the first side of the largest
	// share; a tie for it (a later side of the same share) leaves nobody
	// ahead. A side before the leader has a smaller share, since the
	// leader became it by beating the largest share before it.
	top, tie := 0, false
	xt, mt := x[0], mx[0]
	for k := 1; k < n; k++ {
		k := k & (MaxFeelSides - 1)
		switch d := x[k]*mt - xt*mx[k]; {
		case d > 0:
			top, tie, xt, mt = k, false, x[k], mx[k]
		case d == 0:
			tie = true
		}
	}
	lead := int8(top)
	if tie {
		lead = -1
	}
	if lead >= 0 {
		if f.Leader >= 0 && lead != f.Leader {
			f.Changes++
		}
		f.Leader = lead
	}
	for k := range stand {
		k := k & (MaxFeelSides - 1)
		if d := xt*mx[k] - x[k]*mt; d > 0 {
			f.Behind[k] = true
			if pts := int32(d * 100 / (mt * mx[k])); pts > f.Deficit[k] {
				f.Deficit[k] = pts
			}
		}
		if x[k] <= mg[k] {
			f.Close[k] = true
		}
	}
}

// CloseCall flags that side came within the game's margin of losing, by
// a measure the standing does not show (a model slain).
func (r *Record) CloseCall(side int) { r.F.Close[side] = true }

// Turn counts one turn of side, idle when the side could do nothing
// useful in it.
func (r *Record) Turn(side int, idle bool) {
	r.F.Turns[side]++
	if idle {
		r.F.Idle[side]++
	}
}

// Bucket is the settling table's bucket of one round's standings v (one
// per side): the difference of the first side's share and the largest
// of the others', from -1 to 1, in FeelBuckets equal steps (1 in the
// last).
func (fe *Feel) Bucket(v []int32) int {
	best := 1
	for k := 2; k < len(fe.Max); k++ {
		if int64(v[k])*int64(fe.Max[best]) > int64(v[best])*int64(fe.Max[k]) {
			best = k
		}
	}
	ma, mb := int64(fe.Max[0]), int64(fe.Max[best])
	num := (int64(v[0])*mb - int64(v[best])*ma + ma*mb) * FeelBuckets
	k := int(num / (2 * ma * mb))
	return min(max(k, 0), FeelBuckets-1)
}
