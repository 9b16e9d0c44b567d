package game

import "fmt"

// Feel declares how a game measures the course of a hunt between its two
// sides, for the figures of how a hunt feels (docs/feel.md): each side's
// standing at the end of every round (how far it is from losing), what
// counts as a close call, and what counts as an idle turn.
//
// A round is a unit of the schema's Length. A side's standing is a whole
// number from 0 (lost) to Max[side] (untouched); the reports read it as
// the share standing/Max. The side ahead at the end of a round is the one
// with the larger share.
type Feel struct {
	// Max is each side's standing when untouched, e.g. the Pack's total
	// WNDs and the Adversary's with its Minions'.
	Max [2]int `json:"max"`
	// Margin is each side's standing at or under which, at the end of a
	// round, that side has come close to losing; -1: the standing alone
	// never makes a close call (the game flags close calls itself,
	// Record.CloseCall).
	Margin [2]int `json:"margin"`
	// Standing, Close and Idle say, in a few words each, what the game
	// measures: "share of WNDs left", "a Pack model slain or the Pack
	// under a quarter of its WNDs", "passed, or moved without reaching a
	// target".
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

// FeelBuckets is the number of buckets the settling table divides the
// standing into: the difference of the first side's share and the
// second's, -1..1, in steps of 0.1.
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
	switch {
	case len(s.Sides) != 2:
		return fmt.Errorf("schema: a feel needs two sides, not %d", len(s.Sides))
	case f.Max[0] < 1 || f.Max[1] < 1:
		return fmt.Errorf("schema: feel: a standing's Max is at least 1 (%d, %d)", f.Max[0], f.Max[1])
	case f.Margin[0] < -1 || f.Margin[1] < -1 || f.Margin[0] >= f.Max[0] || f.Margin[1] >= f.Max[1]:
		return fmt.Errorf("schema: feel: a margin is -1 or from 0 to under its side's Max (%d, %d)", f.Margin[0], f.Margin[1])
	case f.Rounds < 0:
		return fmt.Errorf("schema: feel: Rounds %d", f.Rounds)
	}
	return nil
}

// FeelRecord is what a Record keeps of how a hunt went between its two
// sides: the standing at the end of each round, and what the game
// counted as it went. Games fill it through Record.Stand, Record.Turn
// and Record.CloseCall.
type FeelRecord struct {
	// Rounds is the number of rounds whose standing was recorded; Stand
	// holds the first min(Rounds, NRounds) of them, side by side:
	// round r's (1-based) at 2(r-1) and 2(r-1)+1 (past NRounds, the last
	// place holds the latest round).
	Rounds int
	Stand  []int32
	// Leader is the side last strictly ahead at the end of a round, -1
	// before either was; Changes counts how often it changed.
	Leader  int8
	Changes int32
	// Behind: the side was strictly behind at the end of some round;
	// Deficit: by how much at worst, in percentage points of the
	// difference of the shares (rounded down).
	Behind  [2]bool
	Deficit [2]int32
	// Close: the side came within the game's margin of losing.
	Close [2]bool
	// Turns and Idle are each side's turns, and those of them in which
	// the side could do nothing useful.
	Turns, Idle [2]int32
}

func (f *FeelRecord) reset() {
	f.Rounds, f.Leader, f.Changes = 0, -1, 0
	f.Behind, f.Deficit, f.Close = [2]bool{}, [2]int32{}, [2]bool{}
	f.Turns, f.Idle = [2]int32{}, [2]int32{}
}

// Stand records the two sides' standings at the end of the hunt's next
// round (rounds are recorded in order, one call each), a and b from 0
// to the Feel's Max: the lead, how far each side was behind, and a close
// call for a side at or under its margin. It allocates nothing; it does
// nothing for a schema without a Feel.
func (r *Record) Stand(s *Schema, a, b int) {
	fe := s.Feel
	if fe == nil {
		return
	}
	f := &r.F
	a, b = min(max(a, 0), fe.Max[0]), min(max(b, 0), fe.Max[1])
	f.Rounds++
	k := min(f.Rounds, s.nRounds) - 1
	f.Stand[2*k], f.Stand[2*k+1] = int32(a), int32(b)
	// The shares a/MaxA and b/MaxB compared without division.
	d := int64(a)*int64(fe.Max[1]) - int64(b)*int64(fe.Max[0])
	lead := int8(-1)
	switch {
	case d > 0:
		lead = 0
	case d < 0:
		lead = 1
	}
	if lead >= 0 {
		if f.Leader >= 0 && lead != f.Leader {
			f.Changes++
		}
		f.Leader = lead
		behind := 1 - lead
		f.Behind[behind] = true
		if d < 0 {
			d = -d
		}
		if pts := int32(d * 100 / (int64(fe.Max[0]) * int64(fe.Max[1]))); pts > f.Deficit[behind] {
			f.Deficit[behind] = pts
		}
	}
	if a <= fe.Margin[0] {
		f.Close[0] = true
	}
	if b <= fe.Margin[1] {
		f.Close[1] = true
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

// Bucket is the settling table's bucket of the standings a and b: the
// difference of the shares a/MaxA - b/MaxB, from -1 to 1, in FeelBuckets
// equal steps (1 in the last).
func (fe *Feel) Bucket(a, b int32) int {
	ma, mb := int64(fe.Max[0]), int64(fe.Max[1])
	num := (int64(a)*mb - int64(b)*ma + ma*mb) * FeelBuckets
	k := int(num / (2 * ma * mb))
	return min(max(k, 0), FeelBuckets-1)
}
