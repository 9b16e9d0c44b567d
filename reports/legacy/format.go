package legacy

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"balance/stats"
)

// adversary returns the Adversary's display name, or its slug.
func adversary(s *stats.Summary) string {
	switch {
	case s.Config.AdversaryName != "":
		return s.Config.AdversaryName
	case s.Config.Adversary != "":
		return s.Config.Adversary
	}
	return "unnamed Adversary"
}

// pack returns the pack's name.
func pack(s *stats.Summary) string {
	if s.Config.Pack == "" {
		return "unnamed pack"
	}
	return s.Config.Pack
}

// plotTitle names the plot's subject, the Adversary, the pack and n.
func plotTitle(what string, s *stats.Summary) string {
	return fmt.Sprintf("%s: %s vs %s (n=%d)", what, adversary(s), pack(s), s.Hunts)
}

// label turns an identifier such as "pack_won" into "pack won".
func label(name string) string { return strings.ReplaceAll(name, "_", " ") }

// cardLabel names an action card, e.g. "K♥ Shattering Roar".
func cardLabel(c stats.Card) string {
	switch {
	case c.Name == "":
		return c.Card
	case c.Card == "":
		return c.Name
	}
	return c.Card + " " + c.Name
}

// num formats a float for a CSV cell: the shortest representation that
// reads back exactly, or an empty cell for an infinity or NaN.
func num(x float64) string {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return ""
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// finite returns x, or alt when x is an infinity or NaN.
func finite(x, alt float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return alt
	}
	return x
}

// bounds returns the interval's ends, clamped to the estimate when they
// are not finite (no interval is drawn then).
func bounds(i stats.Interval) (est, low, high float64) {
	est = finite(i.Estimate, 0)
	return est, finite(i.Low, est), finite(i.High, est)
}

// deadliest returns the index of the card with the most kills per draw
// among the cards drawn at least once, the first in deck order on a tie,
// or -1 when no card killed.
func deadliest(cards []stats.Card) int {
	best := -1
	for i, c := range cards {
		if c.Drawn == 0 || c.Kills == 0 {
			continue
		}
		if best < 0 || c.KillRate.Estimate > cards[best].KillRate.Estimate {
			best = i
		}
	}
	return best
}

// conf returns the confidence level of the Summary's intervals as a
// percentage, from the Pack win rate.
func conf(s *stats.Summary) string {
	c := s.PackWinRate.Conf
	if c == 0 {
		c = 0.95
	}
	return strconv.FormatFloat(100*c, 'g', -1, 64) + "%"
}
