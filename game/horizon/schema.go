package horizon

import (
	"fmt"
	"strconv"
	"strings"

	"balance/game"
	sim "balance/sim/horizon"
)

// The outcomes, in the schema's order (sim.Outcome's).
var outcomes = []game.Outcome{
	{Key: "success_vote", Label: "Success: the threshold met, the party ended the encounter", Winner: 0},
	{Key: "success_cleared", Label: "Success: every machine killed or gone, the threshold met", Winner: 0},
	{Key: "fail_faints", Label: "Failure: the faints reached the number of hunters", Winner: 1},
	{Key: "fail_impossible", Label: "Failure: the threshold out of reach (machines gone)", Winner: 1},
	{Key: "turn_cap", Label: "Called off at the turn cap", Winner: -1},
}

// buildSchema lays out the record of the design's hunts.
func (d *Design) buildSchema() error {
	sc := d.sc
	cap := sc.Rules.TurnCap
	hunters := game.List{Key: "hunters", Label: "Hunters"}
	for i := 0; i < sc.NH; i++ {
		l := &sc.Hunters[i]
		hunters.Items = append(hunters.Items, game.Item{Key: d.c.Hunters[i], Label: l.Name,
			Info: []game.KV{{Key: "seat", Value: strconv.Itoa(i + 1)}, {Key: "deck", Value: strconv.Itoa(int(l.NDeck))}, {Key: "hand", Value: strconv.Itoa(int(l.HandMax))}}})
	}
	machines := game.List{Key: "machines", Label: "Machines"}
	comps := game.List{Key: "components", Label: "Components"}
	counts := map[uint8]int{}
	d.compKeys = d.compKeys[:0]
	for e := 0; e < sc.NE; e++ {
		sp := &sc.Spawns[e]
		m := &sc.Machines[sp.Machine]
		counts[sp.Machine]++
		key := fmt.Sprintf("%s_%d", d.c.Machines[sp.Machine], counts[sp.Machine])
		label := fmt.Sprintf("%s %d", m.Name, counts[sp.Machine])
		machines.Items = append(machines.Items, game.Item{Key: key, Label: label,
			Info: []game.KV{{Key: "spawn", Value: sc.Board.Name(int(sp.Cell))}, {Key: "hp", Value: strconv.Itoa(int(m.HP))},
				{Key: "armour", Value: strconv.Itoa(int(m.Armour))}, {Key: "points", Value: strconv.Itoa(int(m.Points))}}})
		for c := 0; c < int(m.NComps); c++ {
			cp := &m.Comps[c]
			comps.Items = append(comps.Items, game.Item{Key: key + "_" + strings.ToLower(string(cp.Letter)),
				Label: fmt.Sprintf("%s: %c %s", label, cp.Letter, cp.Name),
				Info:  []game.KV{{Key: "tear", Value: strconv.Itoa(int(cp.Tear))}, {Key: "damage", Value: strconv.Itoa(int(cp.Damage))}}})
			d.compKeys = append(d.compKeys, [2]int{e, c})
		}
	}
	cards := game.List{Key: "cards", Label: "Behaviour cards"}
	for i := range sc.BCards {
		bc := &sc.BCards[i]
		cards.Items = append(cards.Items, game.Item{Key: fmt.Sprintf("%s_%d", d.c.Machines[bc.Machine], i+1), Label: bc.Label,
			Info: []game.KV{{Key: "machine", Value: sc.Machines[bc.Machine].Name}}})
	}
	lists := []game.List{hunters, machines, cards}
	if len(comps.Items) > 0 {
		lists = append(lists, comps)
	}
	deck := 0
	for i := 0; i < sc.NH; i++ {
		deck = max(deck, int(sc.Hunters[i].NDeck))
	}
	values := []game.Value{
		{Key: "points", Label: "Encounter points", Kind: game.Count, Max: sc.Points, Lead: true},
		{Key: "faints_total", Label: "Faints", Kind: game.Count, Max: 3 * sc.NH, Lead: true},
		{Key: "damage_taken", Label: "Cards discarded to damage", Kind: game.Count, Max: 4 * deck * sc.NH, Lead: true},
		{Key: "turns", Label: "Hunter turns", Kind: game.Count, Max: cap},
		{Key: "model_turns", Label: "Model turns (activations of hunters and machines)", Kind: game.Count, Max: cap * (1 + sc.NE)},
		{Key: "faints", Label: "Faints", Kind: game.Count, Max: 6, Per: "hunters"},
		{Key: "discards", Label: "Cards discarded to damage", Kind: game.Count, Max: 4 * deck, Per: "hunters"},
		{Key: "first_faint", Label: "First faint", Kind: game.Time, Per: "hunters"},
		{Key: "glory", Label: "Glory at the end", Kind: game.Count, Max: 60, Per: "hunters"},
		{Key: "salvage", Label: "Salvage cards drawn", Kind: game.Count, Max: 60, Per: "hunters"},
		{Key: "attacks", Label: "Attacks made", Kind: game.Count, Max: cap, Per: "hunters"},
		{Key: "kills", Label: "Machines killed", Kind: game.Count, Max: sc.NE, Per: "hunters"},
		{Key: "cards_played", Label: "Cards played", Kind: game.Count, Max: 2 * cap, Per: "hunters"},
		{Key: "cards_left", Label: "Cards left (hand and draw pile)", Kind: game.Count, Max: deck, Per: "hunters"},
		{Key: "killed", Label: "Killed", Kind: game.Time, Per: "machines"},
		{Key: "escaped", Label: "Walked off the area", Kind: game.Time, Per: "machines"},
		{Key: "card_draws", Label: "Activations", Kind: game.Rate, Max: cap * sc.NE, Per: "cards"},
		{Key: "card_damage", Label: "Damage dealt to hunters", Kind: game.Count, Max: 4 * deck * sc.NH, Per: "cards"},
	}
	if len(comps.Items) > 0 {
		values = append(values, game.Value{Key: "torn", Label: "Destroyed", Kind: game.Time, Per: "components"})
	}
	nh := max(sc.NH, 1)
	d.schema = game.Schema{
		Game:     "horizon",
		Sides:    []game.Side{{Key: "hunters", Label: "Hunters", Plural: true}, {Key: "machines", Label: "Machines", Plural: true}},
		Outcomes: outcomes,
		Length:   game.Unit{Key: "round", Plural: "rounds", Label: "Round", Max: (cap + nh - 1) / nh},
		Clock:    game.Unit{Key: "turn", Plural: "turns", Label: "Hunter turn", Max: cap},
		Lists:    lists,
		Values:   values,
		Series:   []game.Series{{Key: "points_by_turn", Label: "Encounter points", Max: sc.Points, MaxLabel: fmt.Sprintf("threshold %d", sc.Threshold)}},
		Ratios: []game.Ratio{
			{Key: "damage_per_activation", Label: "Damage to hunters per activation", Num: "card_damage", Den: "card_draws", Top: "Deadliest behaviour card"},
			{Key: "kills_per_attack", Label: "Kills per attack", Num: "kills", Den: "attacks"},
		},
		Curves: []game.Curve{
			{Key: "standing", Label: "Hunters yet to faint", Of: "first_faint", Complement: true},
			{Key: "machines_killed", Label: "Machines killed", Of: "killed"},
		},
		Headline: []string{"points", "faints_total", "damage_taken"},
		Feel: &game.Feel{Max: []int{nh, max(sc.Threshold, 1)}, Margin: []int{-1, (max(sc.Threshold, 1)+3)/4 - 1},
			Standing: "share still standing (the hunters: the share of them yet to faint; the machines: the share of the threshold's encounter points not yet scored)",
			Close:    "a hunter fainted, or the hunters within a quarter of the threshold at the end of a round",
			Idle:     "a hunter's activation without an attack (a trap placed is one); a machine's activation that cost no hunter a card"},
	}
	if err := d.schema.Build(); err != nil {
		return err
	}
	s := &d.schema
	sl := &d.slots
	sl.faints, sl.faintsTotal, sl.taken, sl.takenTotal = s.Slot("faints", 0), s.Slot("faints_total", 0), s.Slot("discards", 0), s.Slot("damage_taken", 0)
	sl.firstFaint, sl.glory, sl.salvage, sl.attacks = s.Slot("first_faint", 0), s.Slot("glory", 0), s.Slot("salvage", 0), s.Slot("attacks", 0)
	sl.kills, sl.played, sl.left = s.Slot("kills", 0), s.Slot("cards_played", 0), s.Slot("cards_left", 0)
	sl.killed, sl.escaped, sl.drawn, sl.cardDmg = s.Slot("killed", 0), s.Slot("escaped", 0), s.Slot("card_draws", 0), s.Slot("card_damage", 0)
	sl.points, sl.turns, sl.modelTurns = s.Slot("points", 0), s.Slot("turns", 0), s.Slot("model_turns", 0)
	sl.torn = -1
	if len(comps.Items) > 0 {
		sl.torn = s.Slot("torn", 0)
	}
	return nil
}

// fill writes hunt h's record into rec.
func (d *Design) fill(h *sim.Hunt, rec *game.Record) {
	sc := d.sc
	r := &h.Rec
	sl := &d.slots
	rec.Reset()
	rec.Outcome = int(r.Outcome)
	turns := int(r.Turns)
	rec.Length = (turns + sc.NH - 1) / sc.NH
	rec.End = min(turns, d.schema.Clock.Max)
	v := rec.V
	v[sl.points] = int32(r.Points)
	v[sl.turns] = int32(turns)
	v[sl.modelTurns] = int32(r.Activations)
	faints, taken := 0, 0
	for i := 0; i < sc.NH; i++ {
		faints += int(r.Faints[i])
		taken += int(r.Taken[i])
		v[sl.faints+i] = int32(r.Faints[i])
		v[sl.taken+i] = int32(r.Taken[i])
		v[sl.firstFaint+i] = int32(r.FaintedAt[i])
		v[sl.glory+i] = int32(r.Glory[i])
		v[sl.salvage+i] = int32(r.Salvage[i])
		v[sl.attacks+i] = int32(r.Attacks[i])
		v[sl.kills+i] = int32(r.Kills[i])
		v[sl.played+i] = int32(r.Played[i])
		v[sl.left+i] = int32(r.CardsLeft[i])
	}
	v[sl.faintsTotal] = int32(faints)
	v[sl.takenTotal] = int32(taken)
	for e := 0; e < sc.NE; e++ {
		v[sl.killed+e] = int32(r.KilledAt[e])
		v[sl.escaped+e] = int32(r.LeftAt[e])
		if t := r.KilledAt[e]; t > 0 {
			rec.Grow(&d.schema, 0, int(t), int32(d.pts[e]))
		}
	}
	for i := range sc.BCards {
		v[sl.drawn+i] = int32(r.Drawn[i])
		v[sl.cardDmg+i] = int32(r.CardDmg[i])
	}
	d.stand(r, rec)
	if sl.torn >= 0 {
		for k, ec := range d.compKeys {
			v[sl.torn+k] = int32(r.Torn[ec[0]][ec[1]])
		}
	}
}

// stand records the standing at the end of each round (every hunter's
// turn once): the hunters yet to faint, and the encounter points the
// hunters still need to meet the threshold. The standing changes only
// in the rounds of a first faint or a kill: those are listed first (a
// change counts from the round whose last turn is at or after it), and
// the rounds are walked once.
func (d *Design) stand(r *sim.Record, rec *game.Record) {
	sc := d.sc
	nh := max(sc.NH, 1)
	// the changes: round<<8 | the enemy killed, or 255 for a faint
	var ev [sim.MaxHunters + sim.MaxEnemies]uint32
	n := 0
	for i := 0; i < sc.NH; i++ {
		if t := int(r.FaintedAt[i]); t > 0 {
			rec.CloseCall(0)
			ev[n] = uint32((t+nh-1)/nh)<<8 | 255
			n++
		}
	}
	for e := 0; e < sc.NE; e++ {
		if t := int(r.KilledAt[e]); t > 0 {
			ev[n] = uint32((t+nh-1)/nh)<<8 | uint32(e)
			n++
		}
	}
	// in order of their rounds (a few: insertion)
	for i := 1; i < n; i++ {
		for j := i; j > 0 && ev[j] < ev[j-1]; j-- {
			ev[j], ev[j-1] = ev[j-1], ev[j]
		}
	}
	thr := max(sc.Threshold, 1)
	up, points, k := sc.NH, 0, 0
	for rd := 1; rd <= rec.Length; rd++ {
		for ; k < n && int(ev[k]>>8) <= rd; k++ {
			if x := ev[k] & 255; x == 255 {
				up--
			} else {
				points += d.pts[x%sim.MaxEnemies]
			}
		}
		rec.Stand(&d.schema, up, thr-min(points, sc.Threshold))
	}
	for side := range 2 {
		rec.F.Turns[side], rec.F.Idle[side] = int32(r.SideTurns[side]), int32(r.SideIdle[side])
	}
}
