package crims_test

import (
	"context"
	"testing"

	ai "balance/ai/crims"
	cfg "balance/configs/crims"
	sim "balance/sim/crims"
)

// maskCheck checks the crim masks at every event of a match, and that
// Match.CrimGen changed whenever a crim's place, Wounds, profile or
// whether it is alive or hidden did since the event before.
type maskCheck struct {
	t       *testing.T
	events  int
	changes int // the events after a change of the crims
	fresh   bool
	gen     uint32
	crims   [sim.MaxCrims]sim.Crim
}

func (k *maskCheck) Event(m *sim.Match, e *sim.Event) {
	k.events++
	if !sim.DeedsAgree(m) {
		k.t.Fatalf("turn %d, event %d (kind %d): the hunters' deeds counted disagree with the record", m.Turn, k.events, e.Kind)
	}
	if !sim.MasksAgree(m) {
		k.t.Fatalf("turn %d, event %d (kind %d): the crim masks %016b, %016b disagree with the crims", m.Turn, k.events, e.Kind, m.AliveCrims(), m.Shown())
	}
	var now [sim.MaxCrims]sim.Crim
	for c := range now {
		cr := m.C[c]
		now[c] = sim.Crim{Def: cr.Def, Alive: cr.Alive, Hidden: cr.Hidden, Wounds: cr.Wounds, Pos: cr.Pos}
	}
	if !k.fresh && now != k.crims {
		k.changes++
		if m.CrimGen() == k.gen {
			k.t.Fatalf("turn %d, event %d (kind %d): the crims changed, CrimGen stayed %d", m.Turn, k.events, e.Kind, k.gen)
		}
	}
	k.fresh, k.gen, k.crims = false, m.CrimGen(), now
}

// The crim masks follow every placement, elimination, Hide, reveal and
// Spot of whole matches played by every tier, CrimGen every change of a
// crim, and the count of each hunter's deeds (which tells an Idle
// activation) its attacks, pods and Spots in the record.
func TestCrimMasksFollowMatches(t *testing.T) {
	d, err := cfg.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := d.Compile("street-sweep", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tier := range ai.Tiers {
		pol, err := ai.New(tier.Name)
		if err != nil {
			t.Fatal(err)
		}
		m := sim.NewMatch(ds.Sc)
		k := &maskCheck{t: t}
		m.Pol, m.AI, m.Trace = pol, ai.Control{}, k
		for i := range 100 {
			m.Reset(1, uint64(i))
			k.fresh = true
			m.Play()
			if !sim.MasksAgree(m) {
				t.Fatalf("%s, match %d: the crim masks disagree at the end", tier.Name, i)
			}
		}
		if k.events < 10000 || k.changes < 1000 {
			t.Fatalf("%s: only %d events looked at, %d after a change of the crims", tier.Name, k.events, k.changes)
		}
	}
}
