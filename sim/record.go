package sim

// CardRecord is what one Adversary action card did in a hunt.
type CardRecord struct {
	Drawn  uint8
	Kills  uint8
	Conds  uint16 // Conditions imposed on the Pack
	Wounds uint16 // WNDs dealt to the Pack
}

// Record is the fixed-size account of one hunt that tallies aggregate.
// Ticks are counted from 1 at the first Tick of the first Round; 0 means
// "never".
type Record struct {
	Outcome           Outcome
	Rounds            uint16
	Ticks             uint16
	Turns             uint16
	AdversaryDefeated bool
	DefeatedAt        uint16
	NPack             uint8
	Taken             [MaxPack]int16  // WNDs taken by each Pack model
	DiedAt            [MaxPack]uint16 // Tick each Pack model died
	FledAt            [MaxPack]uint16 // Tick each Pack model fled
	Attacks           [MaxPack]uint16
	Hits              [MaxPack]uint16
	AdvWounds         int16                // WNDs dealt to the Adversary
	Curve             [MaxCurve]uint16     // WNDs dealt to the Adversary at each Tick (index Tick-1; the last bin holds the rest)
	LocAt             [MaxLocations]uint16 // Tick each hit location was exhausted
	MinionsSlain      uint8
	Areas             uint16
	Cards             [16]CardRecord   // by action card (rank*4+suit)
	Conds             [NumConds]uint16 // Conditions imposed on the Pack
	Draws             uint64           // random draws the hunt made
}

// Init clears the record for a hunt of h.
func (r *Record) Init(h *Hunt) {
	*r = Record{NPack: h.NPack}
}

func (r *Record) finish(h *Hunt) {
	r.Rounds = h.Round
	r.Ticks = uint16(h.Now())
	r.Draws = h.RNG.Draws()
}
