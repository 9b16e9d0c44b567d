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

// DeedsAgree reports whether m's count of each hunter's deeds agrees
// with its record: its attacks made, pods opened and crims spotted.
func DeedsAgree(m *Match) bool {
	for h := range m.deeds {
		n := int(m.Rec.Pods[h]) + int(m.Rec.Spots[h])
		for a := range m.Rec.Attacks[h] {
			n += int(m.Rec.Attacks[h][a].Uses)
		}
		if n != int(m.deeds[h]) {
			return false
		}
	}
	return true
}
