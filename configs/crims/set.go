package crims

import (
	"fmt"
	"strconv"
	"strings"

	"balance/configs/yamldata"
	sim "balance/sim/crims"
)

// SetKey is one key -set takes, as a pattern (an upper-case part stands
// for any name: BUILD a hunter build, PROFILE a crim profile, N a number
// from 1), with what it takes.
type SetKey struct{ Key, Doc string }

// SetKeyTable is the one table of the keys -set takes: SetKeys, the help
// and docs/crims/data.md read it.
func SetKeyTable() []SetKey {
	var out []SetKey
	for _, a := range sim.Attrs {
		out = append(out, SetKey{"hunter.BUILD." + a.Name, "the build's " + a.Name + " (dice rolled), 1..10"})
	}
	out = append(out,
		SetKey{"hunter.BUILD.wound_max", "the build's Wound Maximum, 1..20"},
		SetKey{"hunter.BUILD.armor", "the build's Armor, 0..6"},
		SetKey{"hunter.BUILD.attack.N.damage", "the damage of the build's attack N (from 1, in the build's order), 1..10"},
		SetKey{"hunter.BUILD.attack.N.range", "the range in inches of the build's ranged attack N, 1..100"},
		SetKey{"crim.PROFILE.move", "the profile's Move in inches, 0..24"})
	for _, f := range []string{"fight", "shoot", "defense", "stealth"} {
		out = append(out, SetKey{"crim.PROFILE." + f, "the profile's " + f + ", 1..12"})
	}
	out = append(out,
		SetKey{"crim.PROFILE.wounds", "the profile's Wounds, 1..30"},
		SetKey{"crim.PROFILE.armor", "the profile's Armor, 0..6"},
		SetKey{"crim.PROFILE.bpv", "the profile's Base Point Value, 0..50"},
		SetKey{"control.N=blank", "Control Card N (from 1) restocks nothing, draws no Event Card and places no crim"},
		SetKey{"event.N=blank", "Event Card N (from 1, copies counted) does nothing"})
	for _, r := range Rules {
		out = append(out, SetKey{"rules." + r.Key, r.Doc + " (" + r.allowed() + ")"})
	}
	return out
}

// SetKeys are the keys -set takes, one a line (SetKeyTable's keys).
func SetKeys() []string {
	var out []string
	for _, k := range SetKeyTable() {
		out = append(out, k.Key)
	}
	return out
}

// set applies one override KEY=VALUE. A number may be relative: +1, -2.
// The value is checked against the same range as in a data file.
func (ds *Design) set(kv string) error {
	key, val, ok := strings.Cut(kv, "=")
	key, val = strings.TrimSpace(key), strings.TrimSpace(val)
	if !ok || key == "" || val == "" {
		return fmt.Errorf("-set %s: want KEY=VALUE, e.g. hunter.bruiser.fight=6", kv)
	}
	bad := func(format string, a ...any) error { return fmt.Errorf("-set %s: %s", kv, fmt.Sprintf(format, a...)) }
	num := func(p *int, lo, hi int) error {
		v, how, err := yamldata.SetInt(val, *p)
		if err == nil && (v < lo || v > hi) {
			err = yamldata.OutOfRange(v, how, lo, hi)
		}
		if err != nil {
			return bad("%v", err)
		}
		*p = v
		return nil
	}
	numf := func(p *float64, lo, hi float64) error {
		v, how, err := yamldata.SetFloat(val, *p)
		if err == nil && (v < lo || v > hi) {
			err = yamldata.OutOfRange(v, how, lo, hi)
		}
		if err != nil {
			return bad("%v", err)
		}
		*p = v
		return nil
	}
	parts := strings.Split(key, ".")
	switch parts[0] {
	case "rules":
		if len(parts) != 2 {
			return bad("unknown key %q; rules keys are rules.NAME", key)
		}
		for i := range Rules {
			if Rules[i].Key == parts[1] {
				r := &Rules[i]
				if r.Bool || r.Choices != nil {
					v, err := r.parse(val)
					if err != nil {
						return bad("%v", err)
					}
					ds.Rules[r.Key] = v
					return nil
				}
				v := ds.Rules[r.Key]
				if err := numf(&v, r.Lo, r.Hi); err != nil {
					return err
				}
				if r.Whole && v != float64(int(v)) {
					return bad("%g is not a whole number", v)
				}
				ds.Rules[r.Key] = v
				return nil
			}
		}
		return bad("unknown rule %q (known: %s)%s", parts[1], strings.Join(ruleKeys(), ", "), didYouMean(parts[1], ruleKeys()))
	case "hunter":
		if len(parts) < 3 {
			return bad("want hunter.BUILD.FIELD")
		}
		var builds []string
		found := false
		for _, h := range ds.Hunters {
			builds = append(builds, h.Key)
			if h.Key != parts[1] {
				continue
			}
			found = true
			if err := setHunter(h, parts[2:], num, numf, bad); err != nil {
				return err
			}
		}
		if !found {
			return bad("no hunter %q in this match (hunters: %s)%s", parts[1], strings.Join(builds, ", "), didYouMean(parts[1], builds))
		}
		return nil
	case "crim":
		if len(parts) != 3 {
			return bad("want crim.PROFILE.FIELD")
		}
		var keys []string
		for _, c := range ds.Crims {
			keys = append(keys, c.Key)
			if c.Key != parts[1] {
				continue
			}
			switch parts[2] {
			case "move":
				return numf(&c.Move, 0, 24)
			case "fight":
				return num(&c.Fight, 1, 12)
			case "shoot":
				return num(&c.Shoot, 1, 12)
			case "defense":
				return num(&c.Defense, 1, 12)
			case "stealth":
				return num(&c.Stealth, 1, 12)
			case "wounds":
				return num(&c.Wounds, 1, 30)
			case "armor":
				return num(&c.Armor, 0, 6)
			case "bpv":
				return num(&c.BPV, 0, 50)
			}
			f := []string{"move", "fight", "shoot", "defense", "stealth", "wounds", "armor", "bpv"}
			return bad("unknown crim field %q (known: %s)%s", parts[2], strings.Join(f, ", "), didYouMean(parts[2], f))
		}
		return bad("no crim %q in this match's decks (crims: %s)%s", parts[1], strings.Join(keys, ", "), didYouMean(parts[1], keys))
	case "control", "event":
		if len(parts) != 2 || val != "blank" {
			return bad("want %s.N=blank", parts[0])
		}
		i, err := strconv.Atoi(parts[1])
		n := len(ds.Control.Cards)
		if parts[0] == "event" {
			n = 0
			if ds.Events != nil {
				n = len(ds.Events.Cards)
			}
		}
		if err != nil || i < 1 || i > n {
			return bad("no card %q: cards are 1..%d", parts[1], n)
		}
		if parts[0] == "control" {
			ds.Control.Cards[i-1].Blank = true
		} else {
			ds.Events.Cards[i-1].Blank = true
		}
		return nil
	}
	heads := []string{"hunter", "crim", "rules", "control", "event"}
	return bad("unknown key %q; keys start with %s%s", key, strings.Join(heads, ", "), didYouMean(parts[0], heads))
}

func setHunter(h *Hunter, f []string, num func(*int, int, int) error, numf func(*float64, float64, float64) error, bad func(string, ...any) error) error {
	if len(f) == 1 {
		for a, name := range attrNames {
			if f[0] == name {
				return num(&h.Attr[a], 1, 10)
			}
		}
		switch f[0] {
		case "wound_max":
			return num(&h.WoundMax, 1, 20)
		case "armor":
			return num(&h.Armor, 0, 6)
		}
	}
	if len(f) == 3 && f[0] == "attack" {
		i, err := strconv.Atoi(f[1])
		if err != nil || i < 1 || i > len(h.Attacks) {
			return bad("no attack %q: %s has attacks 1..%d", f[1], h.Key, len(h.Attacks))
		}
		a := &h.Attacks[i-1]
		switch f[2] {
		case "damage":
			return num(&a.Damage, 1, 10)
		case "range":
			if a.Melee {
				return bad("attack %d of %s is a melee attack: it has no range", i, h.Key)
			}
			return numf(&a.Range, 1, 100)
		}
		return bad("unknown attack field %q (known: damage, range)%s", f[2], didYouMean(f[2], []string{"damage", "range"}))
	}
	known := append(append([]string{}, attrNames...), "wound_max", "armor", "attack.N.damage", "attack.N.range")
	return bad("unknown hunter field %q (known: %s)%s", strings.Join(f, "."), strings.Join(known, ", "), didYouMean(f[0], known))
}

func didYouMean(s string, among []string) string {
	if n := nearest(s, among); n != "" {
		return fmt.Sprintf("; did you mean %q?", n)
	}
	return ""
}
