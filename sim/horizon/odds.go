package horizon

import (
	"errors"
	"fmt"
)

// Choose returns the binomial coefficient C(n, k) as a float64.
func Choose(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	c := 1.0
	for i := 0; i < k; i++ {
		c = c * float64(n-i) / float64(i+1)
	}
	return c
}

// POpeningHand returns the chance that a hand of hand cards drawn from a
// shuffled deck of n holding k copies of a card holds at least one:
//
//	1 − C(n−k, hand) / C(n, hand)
//
// (5/n for one copy and a hand of five).
func POpeningHand(n, k, hand int) float64 {
	if hand > n {
		hand = n
	}
	return 1 - Choose(n-k, hand)/Choose(n, hand)
}

// PBehaviourWithin returns the chance that a given card of a behaviour
// deck of n cards is drawn within the first k draws of a fresh shuffle
// (k ≤ n): k/n, each draw being uniform among the cards not yet drawn.
func PBehaviourWithin(n, k int) float64 {
	if k >= n {
		return 1
	}
	return float64(k) / float64(n)
}

// PRepeatAfterReshuffle returns the chance that the first card drawn
// after a behaviour deck of n cards is reshuffled is the card drawn last
// before: 1/n when the deck is reshuffled as a draw finds it empty (the
// last card is back in it), 0 when it is reshuffled as its last card is
// drawn (that card is still being resolved).
func PRepeatAfterReshuffle(n int, atEmpty bool) float64 {
	if atEmpty || n <= 1 {
		return 0
	}
	return 1 / float64(n)
}

// Capacity returns the damage a hunter with hand cards in hand and draw
// in its draw pile can suffer without fainting: one card per point.
func Capacity(hand, draw int) int { return hand + draw }

// Tear returns what damage dmg does to a component of tear value tear:
// 0 nothing, 1 damaged (its tear value halves), 2 destroyed; with floor,
// half a tear rounds down.
func Tear(tear float32, dmg int, floor bool) int {
	half := tear / 2
	if floor {
		half = float32(int(tear) / 2)
	}
	switch {
	case float32(dmg) >= tear:
		return 2
	case dmg > 0 && float32(dmg) >= half:
		return 1
	}
	return 0
}

// CheckMods checks the modifications attached to one piece of equipment
// with slots modification slots: no more than the slots, never two of
// the same name.
func CheckMods(item string, slots int, names []string) error {
	var errs []error
	if len(names) > slots {
		errs = append(errs, fmt.Errorf("%s: %d modifications on %d slots", item, len(names), slots))
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			errs = append(errs, fmt.Errorf("%s: two modifications named %q; a piece of equipment takes one of each name", item, n))
		}
		seen[n] = true
	}
	return errors.Join(errs...)
}

// SpawnPoints returns the squares showing spawn symbol kind (SpawnA or
// SpawnB), in reading order.
func (b *Board) SpawnPoints(kind uint8) []int {
	var out []int
	for c := 0; c < b.N; c++ {
		if b.Spawn[c] == kind {
			out = append(out, c)
		}
	}
	return out
}
