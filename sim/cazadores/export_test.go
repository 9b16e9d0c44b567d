package cazadores

// EndRoundForTest runs the end of the Round, for tests outside the package.
func (h *Hunt) EndRoundForTest() { h.endRound() }

// WoundForTest deals n WNDs to model i.
func (h *Hunt) WoundForTest(i, n int) { h.wound(i, n, -1, NoCond) }

// BeginTurnForTest starts model i's Turn.
func (h *Hunt) BeginTurnForTest(i int) { h.beginTurn(i) }
