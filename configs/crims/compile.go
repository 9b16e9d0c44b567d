package crims

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"

	"balance/configs/yamldata"
	sim "balance/sim/crims"
	"balance/sim/geom"
)

// Design is one compiled design: the scenario and what it was made of,
// after the -set overrides.
type Design struct {
	Sc        *sim.Scenario
	Encounter *Encounter
	Hunters   []*Hunter // by seat order of the encounter (the scenario's hunter order)
	Crims     []*Crim   // the profiles the decks place, in the scenario's order
	Control   *Control
	Events    *Events
	Zone      *Zone
	Rules     map[string]float64
	Set       []string
	Hash      string
}

// ChoiceError is an error in a choice made on the command line (an
// encounter or a hunter the data do not hold, an override the data
// refuse), as opposed to a problem in the data.
type ChoiceError struct{ Err error }

func (e *ChoiceError) Error() string { return e.Err.Error() }
func (e *ChoiceError) Unwrap() error { return e.Err }

// Compile compiles encounter enc with hunters (the encounter's own when
// nil) and the -set overrides, in order. Errors in the choice itself
// are *ChoiceErrors.
func (d *Data) Compile(enc string, hunters []string, overrides []string) (*Design, error) {
	e, ok := d.Encounters.m[enc]
	if !ok {
		return nil, &ChoiceError{unknown("encounter", enc, d.Encounters.Keys())}
	}
	ds := &Design{Encounter: e, Set: overrides, Rules: map[string]float64{}}
	for k, v := range d.Rules {
		ds.Rules[k] = v
	}
	for k, v := range e.Rules {
		ds.Rules[k] = v
	}
	refs := e.Hunters
	if hunters != nil {
		refs = nil
		// the names first: a misspelt one is a typo, not a count
		for _, h := range hunters {
			if h == "" {
				return nil, &ChoiceError{fmt.Errorf("-hunters: an empty name; write -hunters NAME,NAME,... (the hunters: %s)", yamldata.ListOf(d.Hunters.Keys()))}
			}
			if _, ok := d.Hunters.m[h]; !ok {
				return nil, &ChoiceError{unknown("hunter", h, d.Hunters.Keys())}
			}
		}
		if len(hunters) < 2 || len(hunters) > sim.MaxHunters {
			n := fmt.Sprintf("%d hunters", len(hunters))
			if len(hunters) == 1 {
				n = "1 hunter"
			}
			return nil, &ChoiceError{fmt.Errorf("-hunters: %s; a match has 2..%d", n, sim.MaxHunters)}
		}
		for _, h := range hunters {
			refs = append(refs, ref{name: h})
		}
	}
	var errs []error
	fail := func(r ref, field, kind string, among []string) {
		if r.at.file == "" {
			errs = append(errs, &ChoiceError{unknown(kind, r.name, among)})
			return
		}
		errs = append(errs, r.at.errorf(field, nearest(r.name, among), "unknown %s %q (known: %s)", kind, r.name, yamldata.ListOf(among)))
	}
	for i, r := range refs {
		h, ok := d.Hunters.m[r.name]
		if !ok {
			fail(r, fmt.Sprintf("%s.hunters[%d]", e.Key, i), "hunter", d.Hunters.Keys())
			continue
		}
		c := *h
		c.Attacks = slices.Clone(h.Attacks)
		c.Options = slices.Clone(h.Options)
		ds.Hunters = append(ds.Hunters, &c)
	}
	z, ok := d.Zones.m[e.Zone.name]
	if !ok {
		fail(e.Zone, e.Key+".zone", "zone", d.Zones.Keys())
	}
	ds.Zone = z
	ctl, ok := d.Controls.m[e.Control.name]
	if !ok {
		fail(e.Control, e.Key+".control", "Control Deck", d.Controls.Keys())
	} else {
		c := *ctl
		c.Cards = slices.Clone(ctl.Cards)
		ds.Control = &c
	}
	if e.Events.name != "" {
		ev, ok := d.EventDecks.m[e.Events.name]
		if !ok {
			fail(e.Events, e.Key+".events", "Event deck", d.EventDecks.Keys())
		} else {
			c := *ev
			c.Cards = slices.Clone(ev.Cards)
			ds.Events = &c
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	// the crim profiles the decks place, in order of first mention
	var crims []string
	use := func(r ref, field string) {
		if _, ok := d.Crims.m[r.name]; !ok {
			fail(r, field, "crim", d.Crims.Keys())
			return
		}
		if !slices.Contains(crims, r.name) {
			crims = append(crims, r.name)
		}
	}
	for i, c := range ds.Control.Cards {
		for k, p := range c.Place {
			use(p.Crim, fmt.Sprintf("%s.cards[%d].place[%d].crim", ds.Control.Key, i, k))
		}
	}
	if ds.Events != nil {
		for i, c := range ds.Events.Cards {
			if c.Op == sim.EoSpawn {
				use(c.Crim, fmt.Sprintf("%s.cards[%d].crim", ds.Events.Key, i))
			}
		}
	}
	if len(crims) > sim.MaxProfiles {
		errs = append(errs, ds.Control.at.errorf("", "", "the decks place %d crim profiles: at most %d", len(crims), sim.MaxProfiles))
		crims = crims[:sim.MaxProfiles]
	}
	for _, k := range crims {
		c := *d.Crims.m[k]
		c.Attacks = slices.Clone(c.Attacks)
		ds.Crims = append(ds.Crims, &c)
	}
	if len(errs) > 0 {
		// The rest of the checks too (spawn places, each Demeanor's
		// action), the unknown crims left out, so that one pass names
		// every problem of the decks.
		if _, err := ds.scenario(d); err != nil {
			errs = append(errs, err)
		}
		return nil, errors.Join(errs...)
	}
	for _, kv := range overrides {
		if err := ds.set(kv); err != nil {
			return nil, &ChoiceError{err}
		}
	}
	sc, err := ds.scenario(d)
	if err != nil {
		return nil, err
	}
	ds.Sc = sc
	sum := sha256.Sum256(fmt.Appendf(nil, "%+v", *sc))
	ds.Hash = hex.EncodeToString(sum[:8])
	return ds, nil
}

func unknown(kind, name string, among []string) error {
	msg := fmt.Sprintf("unknown %s %q (known: %s)", kind, name, yamldata.ListOf(among))
	if s := nearest(name, among); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	return errors.New(msg)
}

// scenario builds the numeric scenario of the design.
func (ds *Design) scenario(d *Data) (*sim.Scenario, error) {
	sc := &sim.Scenario{Name: ds.Encounter.Name}
	var errs []error
	// rules
	for i := range Rules {
		r := &Rules[i]
		v, ok := ds.Rules[r.Key]
		if !ok {
			errs = append(errs, fmt.Errorf("rules.yaml: %s: missing; it is required", r.Key))
			continue
		}
		r.apply(&sc.Rules, v)
	}
	// hunters
	sc.NHunters = uint8(len(ds.Hunters))
	for i, h := range ds.Hunters {
		hd := &sc.Hunters[i]
		hd.Key, hd.Name = h.Key, h.Name
		for a := range sim.NAttr {
			hd.Attr[a] = int8(h.Attr[a])
		}
		hd.WoundMax, hd.Armor, hd.Base = int8(h.WoundMax), int8(h.Armor), float32(h.Base)
		hd.NAttacks = uint8(len(h.Attacks))
		for k, a := range h.Attacks {
			hd.Attacks[k] = sim.Attack{Name: a.Name, Melee: a.Melee, Damage: int8(a.Damage), Range: float32(a.Range), Depletable: a.Depletable}
			if a.Melee && int8(a.Damage) > hd.BestMelee {
				hd.BestMelee = int8(a.Damage)
			}
		}
		hd.NOptions = uint8(len(h.Options))
		for k, o := range h.Options {
			hd.Options[k] = sim.MomentumOption{Name: o.Name, Op: o.Op, Cost: int8(o.Cost), N: int8(o.N), Checks: o.Checks}
		}
	}
	// crims and their Demeanors
	var dem []string
	for _, c := range ds.Crims {
		for _, m := range c.Demeanors {
			if !slices.Contains(dem, m) {
				dem = append(dem, m)
			}
		}
	}
	if len(dem) > sim.MaxDemeanors {
		errs = append(errs, fmt.Errorf("the crims of the decks have %d Demeanors: at most %d", len(dem), sim.MaxDemeanors))
		dem = dem[:sim.MaxDemeanors]
	}
	copy(sc.Demeanors[:], dem)
	crimIndex := map[string]int{}
	sc.NCrims = uint8(len(ds.Crims))
	for i, c := range ds.Crims {
		crimIndex[c.Key] = i
		cd := &sc.Crims[i]
		cd.Key, cd.Name = c.Key, c.Name
		cd.Move = float32(c.Move)
		cd.Fight, cd.Shoot, cd.Defense, cd.Stealth = int8(c.Fight), int8(c.Shoot), int8(c.Defense), int8(c.Stealth)
		cd.Wounds, cd.Armor, cd.BPV, cd.Base = int8(c.Wounds), int8(c.Armor), int8(c.BPV), float32(c.Base)
		for _, a := range c.Attacks {
			switch {
			case a.Melee && int8(a.Damage) > cd.Melee:
				cd.Melee = int8(a.Damage)
			case !a.Melee && int8(a.Damage) > cd.Ranged:
				cd.Ranged, cd.Range = int8(a.Damage), float32(a.Range)
			}
		}
		cd.Demeanor = uint8(slices.Index(dem, c.Demeanors[0]))
		cd.Aggressive = slices.Contains(c.Demeanors, "aggressive")
	}
	// zone
	z := ds.Zone
	mp := &sc.Map
	mp.Name, mp.W, mp.H = z.Name, float32(z.W), float32(z.H)
	mp.NTerrain = uint8(len(z.Terrain))
	for i, f := range z.Terrain {
		t := &mp.Terrain[i]
		t.Name, t.Kw = f.Name, f.Kw
		switch f.Kind {
		case "rect":
			t.Shape = geom.NewRect(float32(f.Shape[0]), float32(f.Shape[1]), float32(f.Shape[2]), float32(f.Shape[3]))
		case "circle":
			t.Shape = geom.NewCircle(geom.V(float32(f.Shape[0]), float32(f.Shape[1])), float32(f.Shape[2]))
		case "poly":
			var pts []geom.Vec
			for _, p := range f.Poly {
				pts = append(pts, geom.V(float32(p[0]), float32(p[1])))
			}
			s, err := geom.NewPoly(pts...)
			if err != nil {
				errs = append(errs, z.at.errorf(fmt.Sprintf("%s.terrain[%d].poly", z.Key, i), "", "%v", err))
			}
			t.Shape = s
		}
	}
	mp.NPods = uint8(len(z.Pods))
	for i, p := range z.Pods {
		mp.Pods[i] = geom.V(float32(p[0]), float32(p[1]))
	}
	mp.NSpawns = uint8(len(z.Spawns))
	for i, p := range z.Spawns {
		mp.Spawns[i] = geom.V(float32(p[0]), float32(p[1]))
		mp.SpawnNames[i] = z.SpawnNames[i]
	}
	spawn := func(r ref, field string) uint8 {
		k := slices.Index(z.SpawnNames, r.name)
		if k < 0 {
			errs = append(errs, r.at.errorf(field, nearest(r.name, z.SpawnNames), "no spawn place %q in zone %s (known: %s)", r.name, z.Key, yamldata.ListOf(z.SpawnNames)))
			return 0
		}
		return uint8(k)
	}
	// Control Deck
	ctl := ds.Control
	sc.NCards = uint8(len(ctl.Cards))
	for i, c := range ctl.Cards {
		cc := &sc.Deck[i]
		cc.Name = c.Name
		field := fmt.Sprintf("%s.cards[%d]", ctl.Key, i)
		for k := range cc.Direct {
			cc.Direct[k] = sim.ActNone
		}
		for _, dir := range c.Direct {
			k := slices.Index(dem, dir.Demeanor.name)
			if k < 0 {
				all := d.demeanors()
				if !slices.Contains(all, dir.Demeanor.name) {
					errs = append(errs, dir.Demeanor.at.errorf(field+".direct."+dir.Demeanor.name, nearest(dir.Demeanor.name, all),
						"no crim has the Demeanor %q (known: %s)", dir.Demeanor.name, yamldata.ListOf(all)))
				}
				continue
			}
			cc.Direct[k] = dir.Action
		}
		for k, m := range dem {
			if cc.Direct[k] == sim.ActNone {
				errs = append(errs, c.at.errorf(field+".direct", "", "the card gives no action to Demeanor %q (crims of the decks have it)", m))
			}
		}
		if c.Blank {
			continue
		}
		cc.Restock, cc.Event = c.Restock, c.Event
		cc.NPlace = uint8(len(c.Place))
		for k, p := range c.Place {
			cc.Place[k] = sim.Placement{Crim: uint8(crimIndex[p.Crim.name]), At: spawn(p.At, fmt.Sprintf("%s.place[%d].at", field, k))}
		}
	}
	// Event deck
	if ev := ds.Events; ev != nil {
		sc.NEvents = uint8(len(ev.Cards))
		for i, c := range ev.Cards {
			ec := &sc.Events[i]
			ec.Name, ec.Keeper, ec.Op, ec.N = c.Name, c.Keeper, c.Op, int8(c.N)
			if c.Blank {
				ec.Op, ec.N, ec.Keeper = sim.EoPoints, 0, false
			}
			if c.Op == sim.EoSpawn && !c.Blank {
				ec.Crim = uint8(crimIndex[c.Crim.name])
				ec.At = spawn(c.At, fmt.Sprintf("%s.cards[%d].at", ev.Key, i))
			}
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return sc, nil
}

// demeanors lists every Demeanor of the data's crims.
func (d *Data) demeanors() []string {
	var out []string
	for _, k := range d.Crims.keys {
		for _, m := range d.Crims.m[k].Demeanors {
			if !slices.Contains(out, m) {
				out = append(out, m)
			}
		}
	}
	slices.Sort(out)
	return out
}

// HunterKeys are the side keys of the design's hunters: the build's
// slug (- as _), with _2, _3 … for a build taken again.
func (ds *Design) HunterKeys() []string {
	var out []string
	for i, h := range ds.Hunters {
		k := strings.ReplaceAll(h.Key, "-", "_")
		if k[0] < 'a' || k[0] > 'z' {
			k = "h_" + k
		}
		n := 1
		for _, o := range ds.Hunters[:i] {
			if o.Key == h.Key {
				n++
			}
		}
		if n > 1 {
			k = fmt.Sprintf("%s_%d", k, n)
		}
		out = append(out, k)
	}
	return out
}
