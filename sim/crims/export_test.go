package crims

// MasksAgree reports whether m's crim masks (AliveCrims, Shown) agree
// with the crims' Alive and Hidden.
func MasksAgree(m *Match) bool {
	var alive, shown uint16
	for c := range m.C {
		if m.C[c].Alive {
			alive |= 1 << c
			if !m.C[c].Hidden {
				shown |= 1 << c
			}
		}
	}
	return alive == m.alive && shown == m.shown
}
