package game

import (
	"errors"
	"fmt"
	"regexp"
)

// Schema is the layout of the Record a game's hunt fills, and what each
// part means: the sides and outcomes, the units of time, the lists of
// things figures are given per item (models, cards, ...), the values a
// hunt records, the series it records by time, the ratios and curves the
// reports compute. Tallies, figures and reports are built from it alone.
//
// A game builds its Schema once per design (bounds such as a round cap
// or a model's WNDs come from the data), calls Build, and fills Records
// by slot numbers it looks up once (Slot), never by name per hunt.
type Schema struct {
	Game     string    // the game's name (Info.Name)
	Sides    []Side    // who can win; Sides[0] is the side whose win rate heads the report
	Outcomes []Outcome // every way a hunt can end, in report order
	Length   Unit      // the unit a hunt's length is counted in; Max: the most a hunt can last (its cap)
	Clock    Unit      // the finer clock events and series are timed in (may be Length again); Max: the last step a Time value is tallied at
	// Steps is the number of Clock steps series and curves are tallied
	// for, at most Clock.Max (0: Clock.Max): a hunt that lasts longer
	// counts at its last step with what it reached by its end.
	Steps  int
	Lists  []List   // lists of items values are given per item
	Values []Value  // what a hunt records, in report order
	Series []Series // quantities recorded by Clock step
	Ratios []Ratio  // Σ Num / Σ Den over hunts, per item
	Curves []Curve  // how many items of a list an event has happened to, by Clock step
	// Headline are the keys of the values the comparing workflows
	// (compare, sweep, tune, sensitivity, skill) follow besides the first
	// side's win rate and the hunt's length, paired on the same hunts:
	// counts, rates or flags of the hunt, e.g. the WNDs the players' side
	// took.
	Headline []string
	// Feel, when set, declares the standing, close calls and idle turns
	// the figures of how a hunt feels are computed from (feel.go).
	Feel *Feel `json:",omitempty"`

	built   bool
	nRounds int // NRounds(), fixed by Build
	// The Feel's sides (at most MaxFeelSides), Maxes and Margins as
	// arrays, fixed by Build: StandAll reads them at every round.
	feelN               int
	feelMax, feelMargin [MaxFeelSides]int64
	offset              []int // per value: its first slot in Record.V
	nV                  int   // slots in Record.V
}

// Side is one party that can win.
type Side struct {
	Key    string // e.g. "pack"
	Label  string // e.g. "Pack"
	Plural bool   // the label names many and takes a plural verb: "Hunters win"
}

// Wins names the side's win rate as the reports write it: "Pack wins",
// "Hunters win".
func (s Side) Wins() string { return WinsOf(s.Label, s.Plural) }

// WinsOf is Side.Wins for a side known by its label and number.
func WinsOf(label string, plural bool) string {
	if plural {
		return label + " win"
	}
	return label + " wins"
}

// Outcome is one way a hunt ends.
type Outcome struct {
	Key    string // e.g. "pack_won"
	Label  string // e.g. "Pack won: every Foe slain"
	Winner int    // index into Sides of the side this outcome is a win for; -1: nobody's
}

// Unit is a unit of time.
type Unit struct {
	Key    string `json:"key"`    // singular, e.g. "round"
	Plural string `json:"plural"` // e.g. "rounds"
	Label  string `json:"label"`  // e.g. "Round"
	Max    int    `json:"max"`    // the largest value tallied; larger values count in the last bin
}

// List is a list of items a value can be given for, one slot per item:
// the models of a side, the action cards, the hit locations.
type List struct {
	Key   string `json:"key"`   // e.g. "pack"
	Label string `json:"label"` // e.g. "Pack models"
	Noun  string `json:"noun"`  // one item, as a table's column names it, e.g. "Model"
	Items []Item `json:"items"`
}

// Item is one member of a List.
type Item struct {
	Key   string `json:"key"`            // e.g. "cazador-1", "A♠"
	Label string `json:"label"`          // e.g. "Cazador 1 (Striker)", "A♠ Sweeping Smash"
	Info  []KV   `json:"info,omitempty"` // what the reports print beside it (kind, starting WNDs, ...)
}

// ValueKind is what a value holds.
type ValueKind uint8

const (
	// Count is a whole number per hunt in Min..Max (values outside count
	// in the end bins): its distribution (mean with interval, quantiles).
	Count ValueKind = iota
	// Rate is a count per hunt reported as a mean rate (draws of a card,
	// Conditions imposed), whose interval keeps its width when the count
	// is rare (the wider of the normal and the exact Poisson interval).
	Rate
	// Flag is 0 or 1: the share of hunts where it is 1.
	Flag
	// Time is the Clock step at which something happened, 1..Clock.Max,
	// or 0 when it did not: the share of hunts where it did, and the
	// distribution of when, over those hunts.
	Time
)

var kindNames = [...]string{Count: "count", Rate: "rate", Flag: "flag", Time: "time"}

func (k ValueKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("ValueKind(%d)", k)
}

// Value is one quantity a hunt records: one slot, or one per item of a
// list.
type Value struct {
	Key   string // e.g. "wounds"; with Per, the key of one item's figure is "KEY:ITEM"
	Label string // e.g. "WNDs taken"
	Kind  ValueKind
	Min   int    // Count and Rate: the range tallied (Min may be negative, e.g. Renown)
	Max   int    // Count and Rate: the range tallied; per item when MaxPer is set
	Per   string // the key of the List it is given per item of; "" for one per hunt
	// MaxPer, with Per, gives each item its own Max (a model's WNDs);
	// nil: Max for every item.
	MaxPer []int
	// Lead marks a value the reports give among the run's headline
	// figures (the summary's headline, the terminal table, the index).
	Lead bool
	// MaxLabel, when set, names a count's Max on the reports' plots (a
	// line at each item's Max), e.g. "starting WND".
	MaxLabel string
}

// Series is a quantity recorded by Clock step: Record.S holds, for each
// step, how much it grew; the tally keeps the distribution of its running
// total at every step (a hunt that ended keeps its final total).
type Series struct {
	Key   string // e.g. "damage"
	Label string // e.g. "WNDs dealt to the Adversary"
	Max   int    // the largest running total
	// MaxLabel, when set, names Max on the series' plot (a line at Max),
	// e.g. "all hit locations exhausted".
	MaxLabel string
}

// Ratio is Σ Num / Σ Den over hunts, for two values of the same Per: a
// count per draw, hits per attack. Its interval is the wider of the
// ratio estimator's delta-method interval and the exact Poisson interval.
type Ratio struct {
	Key   string // e.g. "wounds_per_draw"
	Label string
	Num   string // a Count or Rate value's key
	Den   string // a Count or Rate value's key, with the same Per
	// Trials marks a ratio whose Num counts successes among Den trials
	// (hits among attacks, never more than Den in a hunt): its interval
	// is then the Wilson interval of Σ Num successes in Σ Den trials.
	Trials bool
	// Top, when set, names the item with the highest ratio among the
	// run's headline figures, e.g. "Deadliest action card".
	Top string
}

// Curve is, by Clock step, the share of a list's items that an event
// (a Time value given per item) has happened to, per hunt: the share of
// the Pack dead by each Tick. With Complement, the share it has not
// happened to (the Pack alive).
type Curve struct {
	Key        string
	Label      string
	Of         string // a Time value with Per
	Complement bool
}

var keyPattern = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// reservedKeys are the names of the reports' own files and figures, which
// no list, value, series, ratio or curve may take.
var reservedKeys = []string{"outcomes", "distributions", "length", "summary", "ablations", "index", "feel", "lead_changes", "feel_sides"}

// Build checks the schema and lays out the Record's slots. It must be
// called once, before NewRecord, Slot or any tally.
func (s *Schema) Build() error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf("schema: "+format, a...)) }
	if len(s.Sides) == 0 {
		bad("no sides")
	}
	if len(s.Outcomes) == 0 {
		bad("no outcomes")
	}
	for _, o := range s.Outcomes {
		if o.Winner < -1 || o.Winner >= len(s.Sides) {
			bad("outcome %q: winner %d, not a side", o.Key, o.Winner)
		}
	}
	if s.Length.Max < 1 || s.Clock.Max < 1 {
		bad("the length and the clock need a Max of at least 1")
	}
	if s.Steps < 0 || s.Steps > s.Clock.Max {
		bad("Steps %d: from 0 to the clock's Max, %d", s.Steps, s.Clock.Max)
	}
	// Sides and outcomes have a namespace each (their figures are
	// prefixed, win:SIDE and outcome:KEY); lists, values, series, ratios
	// and curves share one, as they name figures and the reports' files.
	var keys map[string]string
	seen := func(key, what string) {
		if !keyPattern.MatchString(key) {
			bad("%s %q: a key is lower case letters, digits and _", what, key)
		}
		if prev, dup := keys[key]; dup {
			bad("%s %q: the key is already a %s", what, key, prev)
		}
		keys[key] = what
	}
	keys = map[string]string{}
	for _, x := range s.Sides {
		seen(x.Key, "side")
	}
	keys = map[string]string{}
	for _, x := range s.Outcomes {
		seen(x.Key, "outcome")
	}
	keys = map[string]string{}
	for _, k := range reservedKeys {
		keys[k] = "name the reports use"
	}
	lists := map[string]*List{}
	for i := range s.Lists {
		seen(s.Lists[i].Key, "list")
		lists[s.Lists[i].Key] = &s.Lists[i]
	}
	values := map[string]*Value{}
	s.offset = make([]int, len(s.Values))
	s.nV = 0
	for i := range s.Values {
		v := &s.Values[i]
		seen(v.Key, "value")
		values[v.Key] = v
		s.offset[i] = s.nV
		n := 1
		if v.Per != "" {
			l, ok := lists[v.Per]
			if !ok {
				bad("value %q: no list %q", v.Key, v.Per)
				continue
			}
			n = len(l.Items)
			if v.MaxPer != nil && len(v.MaxPer) != n {
				bad("value %q: %d maxima for %d items", v.Key, len(v.MaxPer), n)
			}
		} else if v.MaxPer != nil {
			bad("value %q: MaxPer without a list", v.Key)
		}
		if (v.Kind == Count || v.Kind == Rate) && v.Max < v.Min && v.MaxPer == nil {
			bad("value %q: range %d..%d", v.Key, v.Min, v.Max)
		}
		s.nV += n
	}
	for _, x := range s.Series {
		seen(x.Key, "series")
		if x.Max < 1 {
			bad("series %q: Max %d", x.Key, x.Max)
		}
	}
	for _, r := range s.Ratios {
		seen(r.Key, "ratio")
		num, den := values[r.Num], values[r.Den]
		switch {
		case num == nil || den == nil:
			bad("ratio %q: no value %q or %q", r.Key, r.Num, r.Den)
		case num.Per != den.Per:
			bad("ratio %q: %q and %q are not given per the same list", r.Key, r.Num, r.Den)
		case num.Kind == Flag || num.Kind == Time || den.Kind == Flag || den.Kind == Time:
			bad("ratio %q: only counts and rates divide", r.Key)
		}
	}
	for _, c := range s.Curves {
		seen(c.Key, "curve")
		if v := values[c.Of]; v == nil || v.Kind != Time || v.Per == "" {
			bad("curve %q: %q is not a time given per item", c.Key, c.Of)
		}
	}
	for _, h := range s.Headline {
		if v := values[h]; v == nil || v.Per != "" || v.Kind == Time {
			bad("headline %q: not a count, rate or flag of the hunt", h)
		}
	}
	if s.Feel != nil {
		if err := s.Feel.check(s); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	s.built = true
	s.nRounds = s.NRounds()
	if fe := s.Feel; fe != nil {
		s.feelN = min(len(fe.Max), MaxFeelSides)
		for k := range s.feelN {
			s.feelMax[k], s.feelMargin[k] = int64(fe.Max[k]), int64(fe.Margin[k])
		}
	}
	return nil
}

// NSteps is the number of Clock steps series and curves are tallied for.
func (s *Schema) NSteps() int {
	if s.Steps > 0 {
		return s.Steps
	}
	return s.Clock.Max
}

// NV is the number of slots of Record.V.
func (s *Schema) NV() int { s.mustBuilt(); return s.nV }

// Slot returns the slot in Record.V of value key for item (0 for a value
// of the hunt), or panics: games look slots up once, when they compile a
// design, never per hunt.
func (s *Schema) Slot(key string, item int) int {
	s.mustBuilt()
	for i := range s.Values {
		if s.Values[i].Key == key {
			return s.offset[i] + item
		}
	}
	panic(fmt.Sprintf("game: schema of %s has no value %q", s.Game, key))
}

// Offset returns the first slot of the i-th value.
func (s *Schema) Offset(i int) int { s.mustBuilt(); return s.offset[i] }

// Items returns the number of slots of the i-th value (the items of its
// list, or 1).
func (s *Schema) Items(i int) int {
	s.mustBuilt()
	if i+1 < len(s.offset) {
		return s.offset[i+1] - s.offset[i]
	}
	return s.nV - s.offset[i]
}

// ValueMax is the largest value tallied for item of the i-th value.
func (s *Schema) ValueMax(i, item int) int {
	v := &s.Values[i]
	switch {
	case v.Kind == Flag:
		return 1
	case v.Kind == Time:
		return s.Clock.Max
	case v.MaxPer != nil:
		return v.MaxPer[item]
	}
	return v.Max
}

// ValueMin is the smallest value tallied of the i-th value.
func (s *Schema) ValueMin(i int) int {
	if v := &s.Values[i]; v.Kind == Count || v.Kind == Rate {
		return v.Min
	}
	return 0
}

// Find returns the index of the value, list, series, ratio or curve with
// key in its own slice, and what it is ("value", "list", ...); "" when no
// part has that key.
func (s *Schema) Find(key string) (int, string) {
	for i := range s.Values {
		if s.Values[i].Key == key {
			return i, "value"
		}
	}
	for i := range s.Lists {
		if s.Lists[i].Key == key {
			return i, "list"
		}
	}
	for i := range s.Series {
		if s.Series[i].Key == key {
			return i, "series"
		}
	}
	for i := range s.Ratios {
		if s.Ratios[i].Key == key {
			return i, "ratio"
		}
	}
	for i := range s.Curves {
		if s.Curves[i].Key == key {
			return i, "curve"
		}
	}
	return -1, ""
}

// List returns the list with key, or nil.
func (s *Schema) List(key string) *List {
	for i := range s.Lists {
		if s.Lists[i].Key == key {
			return &s.Lists[i]
		}
	}
	return nil
}

// Wins reports whether outcome o is a win for side.
func (s *Schema) Wins(o, side int) bool { return s.Outcomes[o].Winner == side }

func (s *Schema) mustBuilt() {
	if !s.built {
		panic("game: Schema.Build was not called")
	}
}

// Record is the account of one hunt, laid out by a Schema. It is made
// once per worker by NewRecord and overwritten by every hunt: playing a
// hunt allocates nothing.
type Record struct {
	Outcome int        // index into Schema.Outcomes
	Length  int        // the hunt's length in Schema.Length units
	End     int        // the Clock step at which the hunt ended: series are read up to it
	V       []int32    // the values, at the slots Schema.Slot gives
	S       []int32    // the series' growth by Clock step: series k's step t (1..NSteps) at k·NSteps + t-1
	F       FeelRecord // how the hunt went between the sides, when the schema has a Feel
}

// NewRecord returns an empty record laid out by s.
func (s *Schema) NewRecord() *Record {
	s.mustBuilt()
	r := &Record{V: make([]int32, s.nV), S: make([]int32, len(s.Series)*s.NSteps())}
	if s.Feel != nil {
		r.F.Stand = make([]int32, len(s.Sides)*s.nRounds)
		r.F.sides = len(s.Sides)
	}
	r.F.reset()
	return r
}

// Reset clears r for the next hunt.
func (r *Record) Reset() {
	r.Outcome, r.Length, r.End = 0, 0, 0
	clear(r.V)
	clear(r.S)
	r.F.reset()
}

// ResetFeel clears only what the record keeps of how the hunt went
// (Record.F), for a game that writes every other part itself.
func (r *Record) ResetFeel() { r.F.reset() }

// Grow adds d to series k at Clock step t (1-based); steps past NSteps
// count in the last step.
func (r *Record) Grow(s *Schema, k, t int, d int32) {
	max := s.NSteps()
	if t > max {
		t = max
	}
	if t < 1 {
		t = 1
	}
	r.S[k*max+t-1] += d
}
