package cazadores

// What an Adversary action card did in a hunt: Record.Cards[stat][card],
// the stats in the order the game's record lays out its values (so that
// they are copied to it whole).
const (
	CardDrawn    = iota // times drawn
	CardWounds          // WNDs dealt to the Pack
	CardKills           // Pack models killed
	CardConds           // Conditions imposed on the Pack
	NumCardStats        // how many
)

// Record is the fixed-size account of one hunt that tallies aggregate.
// Ticks are counted from 1 at the first Tick of the first Round; 0 means
// "never". Its fields are recordHead's and the damage Curve.
type Record struct {
	recordHead
	Curve [MaxCurve]uint16 // WNDs dealt to the Adversary at each Tick (index Tick-1; the last bin holds the rest)
}

// recordHead is a Record but its Curve: what Reset copies whole (the
// Curve only as far as a hunt wrote it, curveEnd).
type recordHead struct {
	Outcome           Outcome
	Rounds            uint16
	Ticks             uint16
	Turns             uint16
	AdversaryDefeated bool
	DefeatedAt        uint16
	FoesGoneAt        uint16 // Tick the last Foe fell
	PackGoneAt        uint16 // Tick the last Pack model fell or fled
	DecidedAt         uint16 // Tick the outcome was settled (the last of a side gone; the cap's last Tick)
	NPack             uint8
	Taken             [MaxPack]int16  // WNDs taken by each Pack model
	Healed            [MaxPack]int16  // WNDs each Pack model recovered
	DiedAt            [MaxPack]uint16 // Tick each Pack model died
	FledAt            [MaxPack]uint16 // Tick each Pack model fled
	Attacks           [MaxPack]uint16
	Hits              [MaxPack]uint16
	AdvWounds         int16                // WNDs dealt to the Adversary
	LocAt             [MaxLocations]uint16 // Tick each hit location was exhausted
	MinionsSlain      uint8
	Areas             uint16
	Cards             [NumCardStats][16]int32 // by stat (CardDrawn...), by action card (rank*4+suit)
	Conds             [NumConds]uint16        // Conditions imposed on the Pack
	Draws             uint64                  // random draws the hunt made
	Objective         ObjKind                 // the hunt's Objective
	ObjectiveMet      bool                    // it was accomplished
	Renown            int16                   // Renown gained (or lost) at the end, with an Objective
	// SideTurns and SideIdle count each side's Turns (the Adversary's
	// one Turn for all its models) and those in which it made no attack.
	SideTurns, SideIdle [2]uint16
	// curveEnd is 1 past the last bin of Curve written: the bins from it
	// on are 0.
	curveEnd uint16
}

// countTurn counts a Turn of side s, idle when it made no attack.
func (r *Record) countTurn(s Side, idle bool) {
	r.SideTurns[s&1]++ // s&1: no bounds check
	if idle {
		r.SideIdle[s&1]++
	}
}

// Init clears the record for a hunt of h.
func (r *Record) Init(h *Hunt) {
	*r = Record{recordHead: recordHead{NPack: h.NPack}}
}

func (r *Record) finish(h *Hunt) {
	r.Rounds = h.Round
	r.Ticks = uint16(h.Now())
	r.Draws = h.Draws()
	switch r.Outcome {
	case PackWon:
		r.DecidedAt = r.FoesGoneAt
	case PackSlain, PackFled, Mixed:
		r.DecidedAt = r.PackGoneAt
	default:
		r.DecidedAt = r.Ticks
	}
	if r.DecidedAt == 0 {
		r.DecidedAt = r.Ticks
	}
}

// sideGone records the Tick at which the last model of side s left the
// board, when it just did.
func (h *Hunt) sideGone(s Side) {
	if h.Fighting(s) != 0 {
		return
	}
	if s == FoeSide {
		if h.Rec.FoesGoneAt == 0 {
			h.Rec.FoesGoneAt = uint16(h.Now())
		}
	} else if h.Rec.PackGoneAt == 0 {
		h.Rec.PackGoneAt = uint16(h.Now())
	}
}
