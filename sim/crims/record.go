package crims

// AttackRecord counts what one attack of a hunter did in a match.
type AttackRecord struct {
	Uses, Hits, Wounds, Elims int16
}

// Record is the account of one match, by hunter index (the scenario's
// order) and crim profile.
type Record struct {
	Winner    int8 // the winning hunter; -1: a tie
	Turns     uint8
	Points    [MaxHunters]int16
	Elims     [MaxHunters]int16 // crims eliminated
	Wounds    [MaxHunters]int16 // Wound Tokens taken
	Incaps    [MaxHunters]int16 // times incapacitated
	FirstOut  [MaxHunters]uint8 // the turn it was first incapacitated; 0: never
	Momentum  [MaxHunters]int16 // Momentum gained
	Pods      [MaxHunters]int16 // pods opened
	PodPoints [MaxHunters]int16 // points from pods
	ElimPts   [MaxHunters]int16 // points from eliminations
	EventPts  [MaxHunters]int16 // points from Event Cards
	Strikes   [MaxHunters]int16 // Wounds dealt by disengagement strikes
	Spots     [MaxHunters]int16 // hidden crims spotted
	Attacks   [MaxHunters][MaxAttacks]AttackRecord

	Spawned    [MaxProfiles]int16 // crims placed
	Eliminated [MaxProfiles]int16 // crims eliminated
	Dealt      [MaxProfiles]int16 // Wound Tokens dealt to hunters
	CrimWounds int16              // Wound Tokens crims dealt to hunters
	CrimsLeft  uint8              // crims in the zone at the end

	// PointsBy[t][h] is hunter h's score at the end of turn t;
	// CrimWoundsBy[t] the Wound Tokens crims dealt in turn t.
	PointsBy     [MaxTurns + 1][MaxHunters]int16
	CrimWoundsBy [MaxTurns + 1]int16
}
