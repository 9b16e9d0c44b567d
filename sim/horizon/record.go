package horizon

// Outcome is how an encounter ended.
type Outcome uint8

// The outcomes.
const (
	OutVote       Outcome = iota // success: the threshold met, the party chose to end
	OutCleared                   // success: every enemy killed or gone, the threshold met
	OutFaints                    // failure: the faints reached the limit
	OutImpossible                // failure: the threshold can no longer be met
	OutCap                       // called off at the turn cap
	NumOutcomes
)

// OutcomeKeys name the outcomes.
var OutcomeKeys = [...]string{"success_vote", "success_cleared", "fail_faints", "fail_impossible", "turn_cap"}

// Success reports whether o is a success for the hunters.
func (o Outcome) Success() bool { return o == OutVote || o == OutCleared }

func (o Outcome) String() string {
	if int(o) < len(OutcomeKeys) {
		return OutcomeKeys[o]
	}
	return "?"
}

// Record is the account of one encounter: fixed arrays, overwritten by
// every hunt.
type Record struct {
	Outcome Outcome
	Turns   int16
	// Activations are the hunt's model-turns: the hunters' activation
	// steps (a skipped turn is none) and the machines' activations in
	// the enemy steps (a patrol step or a behaviour card).
	Activations int16
	// SideTurns counts the hunters' activation steps (side 0) and the
	// machines' activations (side 1); SideIdle those of them in which a
	// hunter made no attack (a trap placed is one), or in which a
	// machine's actions cost no hunter a card.
	SideTurns, SideIdle [2]int16
	Points              int16
	Faints              [MaxHunters]uint8
	FaintedAt           [MaxHunters]int16 // turn of the first faint, 0: never
	Taken               [MaxHunters]int16 // damage suffered: cards discarded to it
	Played              [MaxHunters]int16 // cards played from the hand (ammunition, abilities, interrupts)
	Glory               [MaxHunters]int16 // glory at the end
	Salvage             [MaxHunters]int16 // salvage cards drawn
	Attacks             [MaxHunters]int16 // attacks made (traps placed included)
	Kills               [MaxHunters]int16
	CardsLeft           [MaxHunters]int16 // hand and draw pile at the end
	Scrapped            [MaxHunters]int16 // cards scrapped
	KilledAt            [MaxEnemies]int16 // turn, 0: not killed
	LeftAt              [MaxEnemies]int16 // turn it left the area, 0: did not
	Torn                [MaxEnemies][MaxComponents]int16
	Drawn               [MaxBCards]int16 // activations by each behaviour card
	CardDmg             [MaxBCards]int16 // damage hunters suffered from each behaviour card's actions
	FireDmg             int16            // damage hunters suffered from no behaviour card (a Fire token of unknown source)
}

func (r *Record) reset() { *r = Record{} }
