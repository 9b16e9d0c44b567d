package cazadores

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"balance/configs/yamldata"
	"balance/internal/typo"
)

// OverrideKeys are the keys Set accepts ("adversary.location.NAME.wnd"
// takes a hit location's name or its index from 0).
var OverrideKeys = []string{
	"adversary.spd", "adversary.atk", "adversary.rng", "adversary.def", "adversary.ter", "adversary.wnd",
	"adversary.location.NAME.wnd",
	"rules.round_cap", "rules.pass_ticks", "rules.foe_recover_ticks", "rules.terror_dt", "rules.surrounded_counts_self",
	"rules.crit_once_per_turn", "rules.bleeding_on_zero_move", "rules.overflow_top", "rules.foe_move",
	"rules.ammo_limited", "rules.dangerous_check", "rules.natural_ten_always_succeeds", "rules.cover", "rules.self_card_ticks",
	"rules.play_out_round", "rules.fall_only_unstable", "rules.jump_down",
}

// Set applies one override "KEY=VALUE" (as given to -set) to Adversary
// slug or to the rules. A number may be relative: "+5", "-1". The result
// is checked exactly as a YAML file would be, and an error names the
// override, the field and the valid values. adversary.wnd spreads the
// change over the hit locations one WND at a time, lowest location first,
// so the total stays the sum of the locations.
func (d *Data) Set(slug, kv string) error {
	key, val, ok := strings.Cut(kv, "=")
	key, val = strings.TrimSpace(key), strings.TrimSpace(val)
	if !ok || key == "" || val == "" {
		return fmt.Errorf("-set %s: want KEY=VALUE, e.g. adversary.def=7", kv)
	}
	parts := strings.Split(key, ".")
	switch parts[0] {
	case "rules":
		if len(parts) != 2 || !slices.Contains(OverrideKeys, key) {
			return unknownKey(kv, key)
		}
		return d.setRule(kv, parts[1], val)
	case "adversary":
		if len(parts) < 2 {
			return unknownKey(kv, key)
		}
	default:
		return unknownKey(kv, key)
	}
	field := ""    // the field the key names, left out of errors
	var made int   // the number a relative VALUE made,
	var how string // and how (yamldata.SetInt), for the errors
	raw, ok := d.raw[slug]
	if !ok {
		return fmt.Errorf("-set %s: unknown adversary %q", kv, slug)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(raw.data, &doc); err != nil || len(doc.Content) == 0 {
		return fmt.Errorf("-set %s: %s cannot be read back: %v", kv, raw.file, err)
	}
	root := doc.Content[0]
	u := &unsharer{doc: &doc, kv: kv, file: raw.file}
	switch {
	case len(parts) == 2 && parts[1] == "wnd":
		if err := setTotalWND(u, root, kv, val); err != nil {
			return err
		}
	case len(parts) == 2:
		if deref(mapValue(deref(mapValue(root, "stats")), parts[1])) == nil {
			return unknownKey(kv, key)
		}
		stats, err := u.field(root, "stats")
		if err != nil {
			return err
		}
		n, err := u.field(stats, parts[1])
		if err != nil {
			return err
		}
		if made, how, err = setNumber(n, kv, val); err != nil {
			return err
		}
		field = "stats." + parts[1]
	case len(parts) == 4 && parts[1] == "location" && parts[3] == "wnd":
		i := findLocation(root, parts[2])
		if i < 0 {
			return noLocation(root, kv, parts[2])
		}
		locs, err := u.field(root, "hit_locations")
		if err != nil {
			return err
		}
		loc, err := u.item(locs, i)
		if err != nil {
			return err
		}
		w, err := u.field(loc, "wnd")
		if err != nil {
			return err
		}
		if w == nil {
			return fmt.Errorf("-set %s: the hit location has no wnd", kv)
		}
		before := atoi(w.Value)
		v, how, err := setNumber(w, kv, val)
		if err != nil {
			return err
		}
		if v < 1 || v > maxFoeWnd {
			return fmt.Errorf("-set %s: %w", kv, yamldata.OutOfRange(v, how, 1, maxFoeWnd))
		}
		// Keep stats.wnd the sum of the locations.
		stats, err := u.field(root, "stats")
		if err != nil {
			return err
		}
		tot, err := u.field(stats, "wnd")
		if err != nil {
			return err
		}
		if tot != nil {
			sum := atoi(tot.Value) + v - before
			if sum > maxFoeWnd {
				return fmt.Errorf("-set %s: the Adversary's wnd would be %d, out of range 1..%d (this location can take at most %d)", kv, sum, maxFoeWnd, maxFoeWnd-(sum-v))
			}
			tot.Value = strconv.Itoa(sum)
		}
	default:
		return unknownKey(kv, key)
	}
	out, err := yaml.Marshal(&doc)
	if err != nil {
		return fmt.Errorf("-set %s: %v", kv, err)
	}
	a, err := decodeAdversary(raw.file, slug, out, &d.Rules)
	if err != nil {
		return explain(overrideError(kv, field, err), made, how)
	}
	d.Adversaries[slug] = a
	d.raw[slug] = rawFile{raw.file, out}
	return nil
}

// overrideError restates the errors found in the data an override rebuilt
// as errors of the override, "-set KEY=VALUE: FIELD: MSG". Their positions
// are left out: they would be those of text rebuilt from the override, not
// of anything the user wrote; so is the field when it is the one the key
// names.
func overrideError(kv, field string, err error) error {
	var out []error
	seen := map[string]bool{}
	var walk func(error)
	walk = func(err error) {
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range j.Unwrap() {
				walk(e)
			}
			return
		}
		msg := err.Error()
		var ce *Error
		if errors.As(err, &ce) {
			msg = ce.Msg
			if ce.Field != "" && ce.Field != field {
				msg = ce.Field + ": " + msg
			}
			if ce.Suggest != "" {
				msg += fmt.Sprintf("; did you mean %q?", ce.Suggest)
			}
		}
		msg = "-set " + kv + ": " + msg
		if !seen[msg] {
			seen[msg] = true
			out = append(out, errors.New(msg))
		}
	}
	walk(err)
	return errors.Join(out...)
}

// noLocation is the error of a -set key naming no hit location.
func noLocation(root *yaml.Node, kv, name string) error {
	var names, keys []string
	if locs := deref(mapValue(root, "hit_locations")); locs != nil && locs.Kind == yaml.SequenceNode {
		for _, l := range locs.Content {
			if n := deref(mapValue(deref(l), "name")); n != nil {
				names = append(names, n.Value)
				keys = append(keys, strings.ReplaceAll(n.Value, " ", "-"))
			}
		}
	}
	msg := fmt.Sprintf("-set %s: no hit location %q (give its name or its index from 0", kv, name)
	if len(names) > 0 {
		msg += fmt.Sprintf(": %s, or 0..%d", strings.Join(names, ", "), len(names)-1)
	}
	msg += ")"
	if s := typo.Nearest(name, keys); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	return errors.New(msg)
}

func unknownKey(kv, key string) error {
	msg := fmt.Sprintf("-set %s: unknown key %q (keys: %s)", kv, key, strings.Join(OverrideKeys, ", "))
	if s := typo.Nearest(key, OverrideKeys); s != "" && s != key {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	return fmt.Errorf("%s", msg)
}

func atoi(s string) int { v, _ := strconv.Atoi(s); return v }

// newValue applies VALUE ("7", "+5", "-1") to the integer old.
// With a sign it is a change, and how says how it was made ("30 - 40").
func newValue(kv string, old int, val string) (v int, how string, err error) {
	v, how, err = yamldata.SetInt(val, old)
	if err != nil {
		return 0, "", fmt.Errorf("-set %s: %w", kv, err)
	}
	return v, how, nil
}

// setNumber writes VALUE into the integer n, returning the new value and
// how a change made it (newValue).
func setNumber(n *yaml.Node, kv, val string) (int, string, error) {
	old, err := strconv.Atoi(n.Value)
	if err != nil {
		return 0, "", fmt.Errorf("-set %s: the current value %q is not a number", kv, n.Value)
	}
	v, how, err := newValue(kv, old, val)
	if err != nil {
		return 0, "", err
	}
	n.Value = strconv.Itoa(v)
	n.Tag = "!!int"
	return v, how, nil
}

// explain adds to the errors of an override how a relative VALUE made
// the number v they refuse (yamldata.Explain); err as it is without one.
func explain(err error, v int, how string) error {
	if err == nil || how == "" {
		return err
	}
	return errors.New(yamldata.Explain(err.Error(), v, how))
}

func mapValue(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for k := 0; k+1 < len(m.Content); k += 2 {
		if m.Content[k].Value == key {
			return m.Content[k+1]
		}
	}
	return nil
}

// findLocation returns the index of the hit location name names (its
// name, with - or _ for spaces, in any case, or its index), or -1.
func findLocation(root *yaml.Node, name string) int {
	locs := deref(mapValue(root, "hit_locations"))
	if locs == nil || locs.Kind != yaml.SequenceNode {
		return -1
	}
	if i, err := strconv.Atoi(name); err == nil && i >= 0 && i < len(locs.Content) {
		return i
	}
	for i, l := range locs.Content {
		if n := deref(mapValue(deref(l), "name")); n != nil && (strings.EqualFold(n.Value, name) ||
			strings.EqualFold(strings.ReplaceAll(n.Value, " ", "-"), name) || strings.EqualFold(strings.ReplaceAll(n.Value, " ", "_"), name)) {
			return i
		}
	}
	return -1
}

// setTotalWND changes stats.wnd and spreads the change over the hit
// locations, one WND at a time, from the lowest-card location up.
func setTotalWND(u *unsharer, root *yaml.Node, kv, val string) error {
	stats := deref(mapValue(root, "stats"))
	locs := deref(mapValue(root, "hit_locations"))
	if deref(mapValue(stats, "wnd")) == nil || locs == nil || locs.Kind != yaml.SequenceNode || len(locs.Content) == 0 {
		return fmt.Errorf("-set %s: the adversary has no stats.wnd or hit locations", kv)
	}
	stats, err := u.field(root, "stats")
	if err != nil {
		return err
	}
	tot, err := u.field(stats, "wnd")
	if err != nil {
		return err
	}
	if locs, err = u.field(root, "hit_locations"); err != nil {
		return err
	}
	old := atoi(tot.Value)
	v, how, err := newValue(kv, old, val)
	if err != nil {
		return err
	}
	if v < len(locs.Content) || v > maxFoeWnd {
		return fmt.Errorf("-set %s: %s is out of range %d..%d (at least 1 WND for each of the %d hit locations)", kv, yamldata.RangeText(strconv.Itoa(v), how), len(locs.Content), maxFoeWnd, len(locs.Content))
	}
	// Each location's wnd, its own node, ordered by the location's lowest card.
	type loc struct {
		wnd *yaml.Node
		low int
	}
	order := make([]loc, len(locs.Content))
	for i := range locs.Content {
		l, err := u.item(locs, i)
		if err != nil {
			return err
		}
		w, err := u.field(l, "wnd")
		if err != nil {
			return err
		}
		if w == nil {
			return fmt.Errorf("-set %s: a hit location has no wnd", kv)
		}
		low := 99
		if c := deref(mapValue(l, "cards")); c != nil {
			for _, x := range c.Content {
				if n := atoi(deref(x).Value); n < low {
					low = n
				}
			}
		}
		order[i] = loc{w, low}
	}
	slices.SortStableFunc(order, func(a, b loc) int { return a.low - b.low })
	diff := v - old
	for k := 0; diff != 0 && k < 100000; k++ {
		w := order[k%len(order)].wnd
		cur := atoi(w.Value)
		switch {
		case diff > 0:
			w.Value = strconv.Itoa(cur + 1)
			diff--
		case cur > 1:
			w.Value = strconv.Itoa(cur - 1)
			diff++
		}
	}
	tot.Value = strconv.Itoa(v)
	return nil
}

// maxUnshared bounds the nodes an override copies to give the field it
// changes a node of its own.
const maxUnshared = 10_000

// unsharer gives the nodes an override changes nodes of their own, so that
// the override changes exactly the field it names: a node written as an
// alias (ter: *d) becomes a copy of what it stands for, and a node with an
// anchor (def: &d 6) has the aliases that repeat it replaced by copies of
// it. A node shared with more of the file than maxUnshared nodes of copies
// is refused, naming its anchor and line.
type unsharer struct {
	doc    *yaml.Node
	kv     string
	file   string
	copied int
}

// field returns the value of key in mapping m, a node of its own; nil when
// m has no such key.
func (u *unsharer) field(m *yaml.Node, key string) (*yaml.Node, error) {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil, nil
	}
	for k := 0; k+1 < len(m.Content); k += 2 {
		if m.Content[k].Value == key {
			return u.own(m, k+1)
		}
	}
	return nil, nil
}

// item returns item i of sequence s, a node of its own.
func (u *unsharer) item(s *yaml.Node, i int) (*yaml.Node, error) {
	if s == nil || s.Kind != yaml.SequenceNode || i < 0 || i >= len(s.Content) {
		return nil, nil
	}
	return u.own(s, i)
}

// own makes parent.Content[i] a node no alias shares, and returns it.
func (u *unsharer) own(parent *yaml.Node, i int) (*yaml.Node, error) {
	n := parent.Content[i]
	if n.Kind == yaml.AliasNode {
		c, err := u.copy(n.Alias, n)
		if err != nil {
			return nil, err
		}
		parent.Content[i] = c
		return c, nil
	}
	if n.Anchor == "" {
		return n, nil
	}
	type ref struct {
		parent *yaml.Node
		i      int
	}
	var refs []ref
	var walk func(p *yaml.Node)
	walk = func(p *yaml.Node) {
		for j, c := range p.Content {
			if c.Kind == yaml.AliasNode {
				if c.Alias == n {
					refs = append(refs, ref{p, j})
				}
				continue
			}
			walk(c)
		}
	}
	walk(u.doc)
	for _, r := range refs {
		c, err := u.copy(n, n)
		if err != nil {
			return nil, err
		}
		r.parent.Content[r.i] = c
	}
	if len(refs) > 0 {
		n.Anchor = ""
	}
	return n, nil
}

// copy returns a copy of n, without its anchors (the aliases inside stay
// aliases); shared is the node the copy is made for, named if it is
// refused.
func (u *unsharer) copy(n, shared *yaml.Node) (*yaml.Node, error) {
	var cp func(n *yaml.Node) *yaml.Node
	cp = func(n *yaml.Node) *yaml.Node {
		u.copied++
		if u.copied > maxUnshared {
			return nil
		}
		c := *n
		c.Anchor = ""
		if n.Kind != yaml.AliasNode && len(n.Content) > 0 {
			c.Content = make([]*yaml.Node, len(n.Content))
			for j, x := range n.Content {
				if c.Content[j] = cp(x); c.Content[j] == nil {
					return nil
				}
			}
		}
		return &c
	}
	c := cp(n)
	if c == nil {
		anchor := n.Anchor
		if anchor == "" {
			anchor = shared.Value
		}
		return nil, fmt.Errorf("-set %s: the value it changes is shared through the anchor &%s (%s:%d) with more of the file than an override copies (%d nodes); write the value out there",
			u.kv, anchor, u.file, n.Line, maxUnshared)
	}
	return c, nil
}

// deref resolves an alias.
func deref(n *yaml.Node) *yaml.Node {
	for k := 0; n != nil && n.Kind == yaml.AliasNode && k < 100; k++ {
		n = n.Alias
	}
	return n
}

// setRule applies a rules.* override, checked like rules.yaml. VALUE is
// read as one YAML value, so that it sets this rule and no other.
func (d *Data) setRule(kv, field, val string) error {
	r := d.Rules
	dec := newDecoder("-set " + kv)
	var v yaml.Node
	if err := yaml.Unmarshal([]byte(val), &v); err != nil || len(v.Content) == 0 {
		return fmt.Errorf("-set %s: %q is not a value", kv, val)
	}
	value := v.Content[0]
	// Relative numbers for the switches that count (a cap, Ticks).
	var made int
	var how string
	if strings.HasPrefix(val, "+") || strings.HasPrefix(val, "-") {
		cur := map[string]int{"round_cap": r.RoundCap, "pass_ticks": r.PassTicks, "foe_recover_ticks": r.FoeRecoverTicks, "self_card_ticks": r.SelfCardTicks}
		if c, ok := cur[field]; ok {
			var err error
			if made, how, err = newValue(kv, c, val); err != nil {
				return err
			}
			value = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(made)}
		}
	}
	n := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{{Kind: yaml.ScalarNode, Tag: "!!str", Value: field}, value}}
	dec.rules(n, &r)
	if err := dec.Err(); err != nil {
		return explain(overrideError(kv, field, err), made, how)
	}
	d.Rules = r
	return nil
}

// Hash returns a short hash of everything a hunt of adversary against
// pack on scenario depends on in the data (the Adversary, the pack's
// builds, kits and weapons, the map and the rules), for tally files and
// reports: two runs with the same hash play the same hunts.
func (d *Data) Hash(adversary, pack, scenario string) string {
	type members struct {
		Cazadores  map[string]*Cazador
		Companions map[string]*Companion
	}
	m := members{map[string]*Cazador{}, map[string]*Companion{}}
	if p := d.Packs[pack]; p != nil {
		for _, mem := range p.Members {
			if c := d.Cazadores[mem.Cazador]; c != nil {
				m.Cazadores[mem.Cazador] = c
			}
			if c := d.Companions[mem.Companion]; c != nil {
				m.Companions[mem.Companion] = c
			}
		}
	}
	b, _ := json.Marshal(struct {
		A *Adversary
		P *Pack
		M members
		W map[string]*Weapon
		R map[string]*Armour
		G map[string]*Gear
		T map[string]*Ritual
		S *Scenario
		U Rules
	}{d.Adversaries[adversary], d.Packs[pack], m, d.Weapons, d.Armour, d.Gear, d.Rituals, d.Scenarios[scenario], d.Rules})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}
