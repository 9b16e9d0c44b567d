package cazadores

import (
	"fmt"
	"strconv"
	"strings"

	"balance/game"
	"balance/internal/typo"
	sim "balance/sim/cazadores"
)

// blankKeys are the -set keys that make an Adversary's entry blank, to
// measure what it does: a standard action entry (the ♠, ♦ and ♣ cards of
// its rank), a special one (the ♥ card of its rank), a hit location's
// exhaustion effect (its name, with - or _ for spaces, or its index from
// 0). A blank card is still drawn and its Turn taken, its action doing
// nothing; a blank location is still exhausted, without its effect.
var blankKeys = []game.SetKey{
	{Key: "adversary.actions.RANK=blank", Help: "the standard action of rank RANK (its ♠, ♦ and ♣ cards) does nothing; its cards are still drawn"},
	{Key: "adversary.special.RANK=blank", Help: "the special action of rank RANK (its ♥ card) does nothing; its card is still drawn"},
	{Key: "adversary.location.NAME=blank", Help: "hit location NAME (its name, with - or _ for spaces, or its index from 0) is still exhausted, without its effect"},
}

// isBlank reports whether kv makes an entry blank: its key names an
// action entry or a location itself, not one of its numbers.
func isBlank(kv string) bool {
	key, _, _ := strings.Cut(kv, "=")
	parts := strings.Split(strings.TrimSpace(key), ".")
	return len(parts) == 3 && parts[0] == "adversary" && (parts[1] == "actions" || parts[1] == "special" || parts[1] == "location")
}

// blankOf resolves a blank override against the compiled Adversary.
func blankOf(a *sim.AdversaryDef, kv string) (sim.Blank, error) {
	key, val, _ := strings.Cut(kv, "=")
	parts := strings.Split(strings.TrimSpace(key), ".")
	if v := strings.TrimSpace(val); v != "blank" {
		return sim.Blank{}, fmt.Errorf("-set %s: %s takes the value blank, not %q", kv, strings.TrimSpace(key), v)
	}
	name := parts[2]
	switch parts[1] {
	case "actions", "special":
		kind := sim.BlankStandard
		if parts[1] == "special" {
			kind = sim.BlankSpecial
		}
		for r, k := range sim.RankKeys {
			if strings.EqualFold(k, name) {
				return sim.Blank{Kind: kind, Index: uint8(r)}, nil
			}
		}
		msg := fmt.Sprintf("-set %s: no rank %q (ranks: %s)", kv, name, strings.Join(sim.RankKeys[:], ", "))
		if s := typo.Nearest(name, sim.RankKeys[:]); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		return sim.Blank{}, fmt.Errorf("%s", msg)
	}
	l := findLocation(a, name)
	if l < 0 {
		var names []string
		for i := 0; i < int(a.NLoc); i++ {
			names = append(names, strings.ReplaceAll(a.Loc[i].Name, " ", "-"))
		}
		msg := fmt.Sprintf("-set %s: no hit location %q (give its name or its index from 0: %s, or 0..%d)", kv, name, strings.Join(names, ", "), a.NLoc-1)
		if s := typo.Nearest(name, names); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		return sim.Blank{}, fmt.Errorf("%s", msg)
	}
	if !a.Loc[l].HasEffect() {
		return sim.Blank{}, fmt.Errorf("-set %s: the hit location %s has no exhaustion effect to make blank", kv, a.Loc[l].Name)
	}
	return sim.Blank{Kind: sim.BlankLocation, Index: uint8(l)}, nil
}

// findLocation returns the index of the hit location name names (its
// name, with - or _ for spaces, in any case, or its index), or -1.
func findLocation(a *sim.AdversaryDef, name string) int {
	if i, err := strconv.Atoi(name); err == nil && i >= 0 && i < int(a.NLoc) {
		return i
	}
	for i := 0; i < int(a.NLoc); i++ {
		n := a.Loc[i].Name
		if strings.EqualFold(n, name) || strings.EqualFold(strings.ReplaceAll(n, " ", "-"), name) || strings.EqualFold(strings.ReplaceAll(n, " ", "_"), name) {
			return i
		}
	}
	return -1
}

// blankSet is the -set override that makes b blank.
func blankSet(a *sim.AdversaryDef, b sim.Blank) string {
	switch b.Kind {
	case sim.BlankStandard:
		return "adversary.actions." + sim.RankKeys[b.Index&3] + "=blank"
	case sim.BlankSpecial:
		return "adversary.special." + sim.RankKeys[b.Index&3] + "=blank"
	}
	return "adversary.location." + strings.ReplaceAll(a.Loc[b.Index].Name, " ", "-") + "=blank"
}

// blankGroup is what b is: an action entry or a hit location.
func blankGroup(b sim.Blank) string {
	if b.Kind == sim.BlankLocation {
		return "location"
	}
	return "action"
}

// blankLabel names an action entry or a hit-location effect with the
// cards that play it: "Harrowing Chorus (A♠ A♦ A♣)", "Beloved Breath (K♥,
// defensive)", "Head: Weeping (hit card 10)".
func blankLabel(a *sim.AdversaryDef, b sim.Blank) string {
	var name string
	var cards []string
	switch b.Kind {
	case sim.BlankStandard, sim.BlankSpecial:
		act := &a.Standard[b.Index]
		if b.Kind == sim.BlankSpecial {
			act = &a.Special[b.Index]
		}
		name = act.Name
		for _, c := range b.Cards() {
			cards = append(cards, sim.CardName(c))
		}
		s := strings.Join(cards, " ")
		if b.Kind == sim.BlankSpecial {
			s += ", " + a.TreeName(act.Tree)
		}
		return name + " (" + s + ")"
	}
	l := &a.Loc[b.Index]
	name = l.Name
	if l.Label != "" {
		name += ": " + l.Label
	}
	for v := 2; v <= 10; v++ {
		if int(a.CardLoc[v]) == int(b.Index) {
			cards = append(cards, strconv.Itoa(v))
		}
	}
	switch len(cards) {
	case 0:
		return name
	case 1:
		return name + " (hit card " + cards[0] + ")"
	}
	return name + " (hit cards " + strings.Join(cards, ", ") + ")"
}
