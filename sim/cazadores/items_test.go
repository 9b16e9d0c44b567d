package cazadores_test

import (
	"os"
	"path/filepath"
	"testing"

	configs "balance/configs/cazadores"
	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

// The test builds: legal Cazadores (the creation limits allow two pieces of
// gear and one 2-Renown Ritual; the dearer Rituals come in a Book).
const itemBuilds = `
g1: {name: G1, attributes: {spd: 4, prow: 3, shrp: 3, wit: 3, res: 3, wnd: 12}, skills: {hunt: 3, fortitude: 2}, weapons: [hand-weapon], armour: light, gear: [burning-pitch, crystalline-powder], rituals: [aria-of-reversal]}
g2: {name: G2, attributes: {spd: 4, prow: 3, shrp: 3, wit: 3, res: 3, wnd: 12}, skills: {hunt: 3, shooting: 2}, weapons: [hand-weapon], armour: light, gear: [fire-bomb, lacerating-trap], rituals: [celestial-visage]}
g3: {name: G3, attributes: {spd: 4, prow: 3, shrp: 3, wit: 3, res: 3, wnd: 12}, skills: {fortitude: 3, shooting: 2}, weapons: [hand-weapon], armour: light, gear: [elysian-incense, poison-urn], rituals: [corroding-haze]}
g4: {name: G4, attributes: {spd: 4, prow: 3, shrp: 3, wit: 3, res: 3, wnd: 12}, skills: {hunt: 3, lore: 2}, weapons: [hand-weapon], armour: light, gear: [poison-vial, sawbones-kit], rituals: [gelid-whispers]}
g5: {name: G5, attributes: {spd: 4, prow: 3, shrp: 3, wit: 3, res: 3, wnd: 12}, skills: {hunt: 3, shooting: 2}, weapons: [hand-weapon], armour: light, gear: [smoke-canister, strangling-snare], rituals: [indomitable-edge]}
r1: {name: R1, attributes: {spd: 4, prow: 3, shrp: 3, wit: 3, res: 3, wnd: 12}, skills: {lore: 3}, weapons: [book-of-rituals], armour: light, rituals: [molten-earth], book: [cosmic-rift, ferrous-hide]}
r2: {name: R2, attributes: {spd: 4, prow: 3, shrp: 3, wit: 3, res: 3, wnd: 12}, skills: {lore: 3}, weapons: [book-of-rituals], armour: light, rituals: [numbing-fog], book: [sanguine-mark, serpentine-affliction]}
r3: {name: R3, attributes: {spd: 4, prow: 3, shrp: 3, wit: 3, res: 3, wnd: 12}, skills: {lore: 3}, weapons: [religious-symbol], armour: light, rituals: [threads-of-light], symbol: threads-of-light}
`

const itemPacks = `
items: {name: Items, members: [{cazador: g1}, {cazador: g2}, {cazador: g3}, {cazador: g4}]}
items2: {name: Items 2, members: [{cazador: g5}, {cazador: r1}, {cazador: r2}, {cazador: r3}]}
`

// itemData loads the embedded data with the test builds over it.
func itemData(t *testing.T) *configs.Data {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "cazadores.yaml"), []byte(itemBuilds), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "packs.yaml"), []byte(itemPacks), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := configs.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// itemHunt deals hunt (seed, 0) of pack against the Wandering Son: the
// Pack in a row 1" apart at y = 6, the Son at (12, 12), all clocks due.
func itemHunt(t *testing.T, d *configs.Data, pack string, seed uint64) *sim.Hunt {
	t.Helper()
	sc, err := d.Compile("wandering-son", pack, configs.DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	var tmpl sim.Hunt
	tmpl.Init(sc)
	h := new(sim.Hunt)
	h.Reset(&tmpl, seed, 0)
	for i := 0; i < int(h.NPack); i++ {
		h.M[i].Pos = geom.V(9+float32(i)*2, 6)
	}
	h.M[h.Adv0].Pos = geom.V(12, 12)
	return h
}

// forSeeds plays try on fresh hunts until it has seen both a success and
// a failure (or 300 seeds), calling check after each.
func forSeeds(t *testing.T, d *configs.Data, pack string, try func(h *sim.Hunt) bool, check func(h *sim.Hunt, ok bool)) {
	t.Helper()
	var seenOK, seenFail bool
	for seed := uint64(1); seed <= 300 && !(seenOK && seenFail); seed++ {
		h := itemHunt(t, d, pack, seed)
		ok := try(h)
		check(h, ok)
		seenOK = seenOK || ok
		seenFail = seenFail || !ok
	}
	if !seenOK || !seenFail {
		t.Fatalf("saw success %v, failure %v", seenOK, seenFail)
	}
}

func gearIndex(t *testing.T, h *sim.Hunt, i int, name string) int {
	t.Helper()
	d := &h.Sc.Pack[h.M[i].Def]
	for g := 0; g < int(d.NGear); g++ {
		if h.Sc.Gear[d.Gear[g]].Name == name {
			return g
		}
	}
	t.Fatalf("%s carries no %s", d.Name, name)
	return -1
}

func ritualIndex(t *testing.T, h *sim.Hunt, i int, name string) int {
	t.Helper()
	for r := 0; r < h.NumRituals(i); r++ {
		if rd := h.RitualOf(i, r); rd != nil && rd.Name == name {
			return r
		}
	}
	t.Fatalf("%s cannot cast %s", h.Name(i), name)
	return -1
}

func TestGearCoatings(t *testing.T) {
	d := itemData(t)
	for _, c := range []struct {
		pack, name string
		model      int
		cond       sim.Cond
	}{{"items", "Burning Pitch", 0, sim.Burning}, {"items", "Poison Vial", 3, sim.Poisoned}} {
		forSeeds(t, d, c.pack, func(h *sim.Hunt) bool {
			g := gearIndex(t, h, c.model, c.name)
			before := h.M[c.model].GearAmmo[g]
			ok := h.UseGear(c.model, g, -1)
			if h.M[c.model].GearAmmo[g] != before-1 {
				t.Fatalf("%s: Ammo %d -> %d", c.name, before, h.M[c.model].GearAmmo[g])
			}
			return ok
		}, func(h *sim.Hunt, ok bool) {
			if got := h.M[c.model].SlotCrit[0].Has(c.cond); got != ok {
				t.Fatalf("%s: success %v but weapon Crit %v", c.name, ok, got)
			}
		})
	}
}

func TestCrystallinePowder(t *testing.T) {
	d := itemData(t)
	forSeeds(t, d, "items", func(h *sim.Hunt) bool {
		h.M[0].WND = 4
		return h.UseGear(0, gearIndex(t, h, 0, "Crystalline Powder"), -1)
	}, func(h *sim.Hunt, ok bool) {
		m := &h.M[0]
		if ok && (m.WND < 5 || m.WND > 9 || m.Conds.Has(sim.Terrified)) {
			t.Fatalf("success: WND %d (want 5..9), terrified %v", m.WND, m.Conds.Has(sim.Terrified))
		}
		if !ok && (m.WND != 4 || !m.Conds.Has(sim.Terrified) || int(m.Terrifier) != int(h.Adv0)) {
			t.Fatalf("failure: WND %d, terrified %v by %d", m.WND, m.Conds.Has(sim.Terrified), m.Terrifier)
		}
	})
}

func TestElysianIncense(t *testing.T) {
	d := itemData(t)
	forSeeds(t, d, "items", func(h *sim.Hunt) bool {
		return h.UseGear(2, gearIndex(t, h, 2, "Elysian Incense"), -1)
	}, func(h *sim.Hunt, ok bool) {
		m := &h.M[2]
		if ok {
			if !h.Immune(2, sim.Terrified) {
				t.Fatal("success but not immune to Terrified")
			}
			return
		}
		if m.WND > 11 || m.WND < 2 {
			t.Fatalf("failure: WND %d, want 12 - d10", m.WND)
		}
	})
}

func TestSawbonesKit(t *testing.T) {
	d := itemData(t)
	forSeeds(t, d, "items", func(h *sim.Hunt) bool {
		g := gearIndex(t, h, 3, "Sawbones Kit")
		h.M[2].WND = 3
		if h.CanUseGear(3, g, 2) {
			t.Fatal("the Kit was used without being readied")
		}
		h.M[3].GearReady |= 1 << g
		h.M[2].Pos = h.M[3].Pos.Add(geom.V(1.8, 0)) // 0.54" edge to edge
		return h.UseGear(3, g, 2)
	}, func(h *sim.Hunt, ok bool) {
		if w := h.M[2].WND; ok && (w < 4 || w > 8) || !ok && w != 3 {
			t.Fatalf("success %v: WND %d", ok, w)
		}
	})
	// Out of reach: refused.
	h := itemHunt(t, d, "items", 1)
	g := gearIndex(t, h, 3, "Sawbones Kit")
	h.M[3].GearReady |= 1 << g
	h.M[0].Pos = geom.V(20, 2)
	if h.CanUseGear(3, g, 0) {
		t.Fatal("the Kit reached a model 10\" away")
	}
}

// Fire Bomb, Poison Urn, Smoke Canister: an Attack at 3-5"; the Area lands
// on the target (or scatters), and a model in it resists or suffers.
func TestThrownGear(t *testing.T) {
	d := itemData(t)
	for _, c := range []struct {
		model int
		name  string
		cond  sim.Cond
		pack  string
	}{{1, "Fire Bomb", sim.Burning, "items"}, {2, "Poison Urn", sim.Poisoned, "items"}, {0, "Smoke Canister", sim.NoCond, "items2"}} {
		forSeeds(t, d, c.pack, func(h *sim.Hunt) bool {
			g := gearIndex(t, h, c.model, c.name)
			h.M[c.model].GearReady |= 1 << g
			adv := int(h.Adv0)
			h.M[c.model].Pos = geom.V(12, 6.5) // 4" from the Son's base
			if !h.CanUseGear(c.model, g, adv) {
				t.Fatalf("%s: cannot throw at a target 4\" away", c.name)
			}
			areas := h.NAreas
			ok := h.UseGear(c.model, g, adv)
			if h.NAreas != areas+1 {
				t.Fatalf("%s: %d Areas placed", c.name, h.NAreas-areas)
			}
			ar := &h.Areas[h.NAreas-1]
			if ok && ar.C != h.M[adv].Pos {
				t.Fatalf("%s: a hit places the Area on the target", c.name)
			}
			return ok
		}, func(h *sim.Hunt, ok bool) {
			if c.cond != sim.NoCond && !ok && h.M[h.Adv0].Conds.Has(c.cond) {
				// A scattered Area may still land on the target: allowed.
				return
			}
		})
		// Too close: refused.
		h := itemHunt(t, d, c.pack, 1)
		g := gearIndex(t, h, c.model, c.name)
		h.M[c.model].GearReady |= 1 << g
		h.M[c.model].Pos = geom.V(12, 10)
		if h.CanUseGear(c.model, g, int(h.Adv0)) {
			t.Fatalf("%s thrown at a target inside its minimum range", c.name)
		}
	}
}

// A model under a Fire Bomb's Area resists (Fortitude DT 7) or Burns.
func TestAreaEntry(t *testing.T) {
	d := itemData(t)
	burned, resisted := 0, 0
	for seed := uint64(1); seed <= 200; seed++ {
		h := itemHunt(t, d, "items", seed)
		g := gearIndex(t, h, 1, "Fire Bomb")
		h.M[1].GearReady |= 1 << g
		h.M[1].Pos = geom.V(12, 6.5)
		adv := int(h.Adv0)
		if !h.UseGear(1, g, adv) {
			continue
		}
		if h.M[adv].Conds.Has(sim.Burning) {
			burned++
		} else {
			resisted++
		}
		// A Pack model walking through the Area makes the Check too.
		before := h.M[0].Conds
		h.M[0].Conds = 0
		h.M[0].Pos = geom.V(9, 12)
		h.FreeMove(0, geom.V(15, 12), -1, 0)
		_ = before
	}
	if burned == 0 || resisted == 0 {
		t.Fatalf("burned %d, resisted %d: both should happen", burned, resisted)
	}
}

// Traps: set on a model in reach, they spring on it at once; only once.
func TestTraps(t *testing.T) {
	d := itemData(t)
	for _, c := range []struct {
		model int
		name  string
		cond  sim.Cond
		pack  string
	}{{1, "Lacerating Trap", sim.Bleeding, "items"}, {0, "Strangling Snare", sim.KnockedDown, "items2"}} {
		sprung := false
		for seed := uint64(1); seed <= 200 && !sprung; seed++ {
			h := itemHunt(t, d, c.pack, seed)
			g := gearIndex(t, h, c.model, c.name)
			h.M[c.model].GearReady |= 1 << g
			adv := int(h.Adv0)
			h.M[c.model].Pos = geom.V(12, 9.5) // 0.55" from the Son
			if !h.UseGear(c.model, g, adv) {
				continue
			}
			ar := &h.Areas[h.NAreas-1]
			if !ar.Spent {
				t.Fatalf("%s: the trap did not spring on the model it was set under", c.name)
			}
			sprung = sprung || h.M[adv].Conds.Has(c.cond) || h.Immune(adv, c.cond)
		}
		if !sprung {
			t.Fatalf("%s never imposed %v", c.name, c.cond)
		}
	}
}

func TestRitualsHeal(t *testing.T) {
	d := itemData(t)
	forSeeds(t, d, "items", func(h *sim.Hunt) bool {
		h.M[1].WND = 3
		return h.CastRitual(0, ritualIndex(t, h, 0, "Aria of Reversal"), 1)
	}, func(h *sim.Hunt, ok bool) {
		if w := h.M[1].WND; ok && w != 8 || !ok && w != 3 {
			t.Fatalf("Aria success %v: WND %d", ok, w)
		}
		if ok && h.CanCast(0, 0, 1) {
			t.Fatal("a Ritual cast successfully can be cast again")
		}
	})
	// Numbing Fog: every model within 5" (the caster too) regains the same d5.
	forSeeds(t, d, "items2", func(h *sim.Hunt) bool {
		for i := 0; i < 4; i++ {
			h.M[i].WND = 2
		}
		h.M[3].Pos = geom.V(2, 2) // out of range
		return h.CastRitual(2, ritualIndex(t, h, 2, "Numbing Fog"), -1)
	}, func(h *sim.Hunt, ok bool) {
		w0, w1, w2, w3 := h.M[0].WND, h.M[1].WND, h.M[2].WND, h.M[3].WND
		if !ok && (w0 != 2 || w2 != 2) {
			t.Fatal("a failed Numbing Fog healed")
		}
		if ok && (w0 != w1 || w1 != w2 || w0 < 3 || w0 > 7 || w3 != 2) {
			t.Fatalf("Numbing Fog: WNDs %d %d %d %d", w0, w1, w2, w3)
		}
	})
}

func TestRitualsAttack(t *testing.T) {
	d := itemData(t)
	// Gelid Whispers: POW 7 at 3"; the Son is immune to its Freezing Crit.
	forSeeds(t, d, "items", func(h *sim.Hunt) bool {
		adv := int(h.Adv0)
		h.M[3].Pos = geom.V(12, 9) // 1.6" from the Son
		return h.CastRitual(3, ritualIndex(t, h, 3, "Gelid Whispers"), adv)
	}, func(h *sim.Hunt, ok bool) {
		if h.M[h.Adv0].Conds.Has(sim.Freezing) {
			t.Fatal("the Wandering Son is immune to Freezing")
		}
		if !ok && h.Rec.AdvWounds != 0 {
			t.Fatal("a failed casting dealt WNDs")
		}
	})
	// Out of range (3"): refused; a Friendly target: refused.
	h := itemHunt(t, d, "items", 1)
	if h.CanCast(3, ritualIndex(t, h, 3, "Gelid Whispers"), int(h.Adv0)) || h.CanCast(3, ritualIndex(t, h, 3, "Gelid Whispers"), 0) {
		t.Fatal("Gelid Whispers cast out of range or on a friend")
	}
	// Religious Symbol: +2 Lore for Threads of Light; a failure Terrifies.
	forSeeds(t, d, "items2", func(h *sim.Hunt) bool {
		l := &traceLog{}
		h.Trace = l
		ok := h.CastRitual(3, ritualIndex(t, h, 3, "Threads of Light"), int(h.Adv0))
		for _, e := range l.ev {
			if e.Kind == sim.EvCheck && e.Model == 3 && e.Dice.Pool != 8 {
				t.Fatalf("Lore pool %d, want WIT 3 + Lore 3 + 2", e.Dice.Pool)
			}
		}
		return ok
	}, func(h *sim.Hunt, ok bool) {
		if !ok && !h.M[3].Conds.Has(sim.Terrified) {
			t.Fatal("a failed casting with the Religious Symbol should Terrify")
		}
	})
}

type traceLog struct{ ev []sim.Event }

func (l *traceLog) Event(h *sim.Hunt, e *sim.Event) { l.ev = append(l.ev, *e) }

func TestRitualsConditions(t *testing.T) {
	d := itemData(t)
	// Celestial Visage: the target is Terrified of the caster.
	forSeeds(t, d, "items", func(h *sim.Hunt) bool {
		adv := int(h.Adv0)
		h.M[1].Pos = geom.V(12, 8)
		return h.CastRitual(1, ritualIndex(t, h, 1, "Celestial Visage"), adv)
	}, func(h *sim.Hunt, ok bool) {
		m := &h.M[h.Adv0]
		if ok != m.Conds.Has(sim.Terrified) || ok && m.Terrifier != 1 {
			t.Fatalf("success %v: Terrified %v by %d", ok, m.Conds.Has(sim.Terrified), m.Terrifier)
		}
	})
	// Corroding Haze: every model within 5", the caster included, resists or is Poisoned.
	poisonedSelf, casts := 0, 0
	for seed := uint64(1); seed <= 400; seed++ {
		h := itemHunt(t, d, "items", seed)
		h.M[0].Pos = geom.V(2, 20) // far away
		ok := h.CastRitual(2, ritualIndex(t, h, 2, "Corroding Haze"), -1)
		if h.M[0].Conds.Has(sim.Poisoned) {
			t.Fatal("Corroding Haze reached a model 14\" away")
		}
		if !ok && (h.M[1].Conds.Has(sim.Poisoned) || h.M[2].Conds.Has(sim.Poisoned)) {
			t.Fatal("a failed Corroding Haze poisoned")
		}
		if ok {
			casts++
			if h.M[2].Conds.Has(sim.Poisoned) {
				poisonedSelf++
			}
		}
	}
	if casts == 0 || poisonedSelf == 0 {
		t.Errorf("%d castings, the caster poisoned %d times: both should happen", casts, poisonedSelf)
	}
	// Indomitable Edge: the readied weapon gains Crit: Stunned.
	forSeeds(t, d, "items2", func(h *sim.Hunt) bool {
		return h.CastRitual(0, ritualIndex(t, h, 0, "Indomitable Edge"), -1)
	}, func(h *sim.Hunt, ok bool) {
		if h.M[0].SlotCrit[0].Has(sim.Stunned) != ok {
			t.Fatalf("success %v but the weapon's Crit is %v", ok, h.M[0].SlotCrit[0])
		}
	})
}

func TestRitualsFromTheBook(t *testing.T) {
	d := itemData(t)
	// Ferrous Hide (from the Book): melee attacks on the target at Disadvantage.
	forSeeds(t, d, "items2", func(h *sim.Hunt) bool {
		return h.CastRitual(1, ritualIndex(t, h, 1, "Ferrous Hide"), 0)
	}, func(h *sim.Hunt, ok bool) {
		if (h.M[0].Ward&1 != 0) != ok {
			t.Fatalf("success %v, ward %b", ok, h.M[0].Ward)
		}
	})
	forSeeds(t, d, "items2", func(h *sim.Hunt) bool {
		return h.CastRitual(2, ritualIndex(t, h, 2, "Serpentine Affliction"), 0)
	}, func(h *sim.Hunt, ok bool) {
		if (h.M[0].Ward&2 != 0) != ok {
			t.Fatalf("success %v, ward %b", ok, h.M[0].Ward)
		}
	})
	forSeeds(t, d, "items2", func(h *sim.Hunt) bool {
		h.M[2].Pos = geom.V(12, 6)
		return h.CastRitual(2, ritualIndex(t, h, 2, "Sanguine Mark"), int(h.Adv0))
	}, func(h *sim.Hunt, ok bool) {
		if h.M[h.Adv0].Marked != ok {
			t.Fatalf("success %v, marked %v", ok, h.M[h.Adv0].Marked)
		}
	})
	// Without the Book readied, its Rituals cannot be cast.
	h := itemHunt(t, d, "items2", 1)
	r := ritualIndex(t, h, 1, "Ferrous Hide")
	h.M[1].Readied = 0
	if h.CanCast(1, r, 0) {
		t.Fatal("a Book Ritual cast without the Book readied")
	}
	// Cosmic Rift: two linked Areas; entering one places the model by the other.
	forSeeds(t, d, "items2", func(h *sim.Hunt) bool {
		h.M[1].Pos = geom.V(12, 6)
		return h.CastRitual(1, ritualIndex(t, h, 1, "Cosmic Rift"), 0)
	}, func(h *sim.Hunt, ok bool) {
		if !ok {
			return
		}
		if h.NAreas < 2 || h.Areas[h.NAreas-1].Pair == 0 || h.Areas[h.NAreas-2].Pair == 0 {
			t.Fatal("Cosmic Rift placed no linked pair")
		}
	})
	// Molten Earth: a Dangerous Area on the target that risks Burning.
	forSeeds(t, d, "items2", func(h *sim.Hunt) bool {
		h.M[1].Pos = geom.V(12, 6)
		return h.CastRitual(1, ritualIndex(t, h, 1, "Molten Earth"), int(h.Adv0))
	}, func(h *sim.Hunt, ok bool) {
		if ok && (h.NAreas == 0 || h.Areas[h.NAreas-1].Terrain&sim.Dangerous == 0) {
			t.Fatal("Molten Earth placed no Dangerous Area")
		}
	})
}
