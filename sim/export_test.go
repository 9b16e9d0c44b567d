package sim

// EndRoundForTest runs the end of the Round, for tests outside the package.
func (h *Hunt) EndRoundForTest() { h.endRound() }
