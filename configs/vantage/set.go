package vantage

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"balance/configs/yamldata"
	"balance/internal/typo"
	sim "balance/sim/vantage"
)

// buildSetFields are the fields of a build -set can change.
var buildSetFields = []string{"perception", "speed", "agility", "hp", "ranged.range", "ranged.damage", "melee.damage"}

// SetKeys are the keys -set takes, as key and what it sets (an
// upper-case part of a key stands for any name).
func SetKeys() [][2]string {
	return [][2]string{
		{"rules.KEY", "a key of rules.yaml (" + strings.Join(ruleKeys(), ", ") + "); a number may be relative (+1, -2)"},
		{"builds.BUILD.FIELD", fmt.Sprintf("a build's %s; the number may be relative (+1, -2)", strings.Join(buildSetFields, ", "))},
	}
}

// With returns a copy of the data with the overrides KEY=VALUE (as given
// to -set) applied in order. Each is written into the data file that
// gives the value (the last one loaded) and checked exactly as that file
// is, so an error names the override, the file's line and column, the
// field and the allowed values. A number may be relative: "+1", "-2".
func (d *Data) With(overrides []string) (*Data, error) {
	if len(overrides) == 0 {
		return d, nil
	}
	srcs := make([]source, len(d.srcs))
	for i, s := range d.srcs {
		s.root = clone(s.root, map[*yaml.Node]*yaml.Node{})
		srcs[i] = s
	}
	cfg := &d.Config
	for _, kv := range overrides {
		var ch change
		if err := set(srcs, cfg, kv, &ch); err != nil {
			return nil, err
		}
		c, err := decodeAll(srcs)
		if err != nil {
			if ch.how != "" {
				return nil, fmt.Errorf("-set %s: %s", kv, yamldata.Explain(err.Error(), ch.v, ch.how))
			}
			return nil, fmt.Errorf("-set %s: %w", kv, err)
		}
		cfg = c
	}
	return &Data{srcs: srcs, Config: *cfg}, nil
}

// set writes one override into the sources' trees.
// change is the number a relative VALUE made, and how (yamldata.SetInt).
type change struct {
	v   int
	how string
}

// set writes one override into the sources' trees; a relative number's
// change is noted in ch.
func set(srcs []source, cfg *Config, kv string, ch *change) error {
	key, val, ok := strings.Cut(kv, "=")
	key, val = strings.TrimSpace(key), strings.TrimSpace(val)
	if !ok || key == "" || val == "" {
		return fmt.Errorf("-set %s: want KEY=VALUE, e.g. rules.counter_vantage=false or builds.archer.perception=+2", kv)
	}
	parts := strings.Split(key, ".")
	switch parts[0] {
	case "rules":
		if len(parts) != 2 || rule(parts[1]) == nil {
			return unknownKey(kv, key, cfg)
		}
	case "builds":
		if len(parts) < 3 {
			return unknownKey(kv, key, cfg)
		}
		if _, ok := cfg.Builds[parts[1]]; !ok {
			names := sortedKeys(cfg.Builds)
			return suggest(fmt.Errorf("-set %s: unknown build %q (known: %s)", kv, parts[1], strings.Join(names, ", ")),
				typo.Nearest(parts[1], names))
		}
		field := strings.Join(parts[2:], ".")
		if !slices.Contains(buildSetFields, field) {
			return suggest(fmt.Errorf("-set %s: a build's field -set can change is one of %s", kv, strings.Join(buildSetFields, ", ")),
				typo.Nearest(field, buildSetFields))
		}
	default:
		return unknownKey(kv, key, cfg)
	}
	for i := len(srcs) - 1; i >= 0; i-- {
		if srcs[i].kind != parts[0] {
			continue
		}
		n := own(srcs[i].root, parts)
		if n == nil {
			continue
		}
		return setScalar(n, kv, val, ch)
	}
	if parts[0] == "builds" && len(parts) == 4 {
		return fmt.Errorf("-set %s: build %q has no %s weapon; give it one in builds.yaml", kv, parts[1], parts[2])
	}
	return fmt.Errorf("-set %s: no data file gives %s", kv, key)
}

type suggestion struct {
	err     error
	suggest string
}

func (s *suggestion) Error() string {
	if s.suggest == "" {
		return s.err.Error()
	}
	return fmt.Sprintf("%v; did you mean %q?", s.err, s.suggest)
}

func (s *suggestion) Unwrap() error { return s.err }

func suggest(err error, near string) error { return &suggestion{err, near} }

func unknownKey(kv, key string, cfg *Config) error {
	var known []string
	for _, k := range ruleKeys() {
		known = append(known, "rules."+k)
	}
	for _, b := range sortedKeys(cfg.Builds) {
		for _, f := range buildSetFields {
			known = append(known, "builds."+b+"."+f)
		}
	}
	return suggest(fmt.Errorf("-set %s: unknown key %q; the keys are rules.KEY and builds.BUILD.FIELD (balance help set)", kv, key),
		typo.Nearest(key, known))
}

// own walks root (a document) along the keys of path and returns the node
// at its end, or nil when a key is missing. Every node on the way that
// another part of the file shares (an alias, or an anchor aliased
// elsewhere) is replaced by a copy of its own first, so that the change
// does not reach the other places.
func own(root *yaml.Node, path []string) *yaml.Node {
	n := root
	if n.Kind == yaml.DocumentNode {
		if len(n.Content) == 0 {
			return nil
		}
		n = unshare(n, 0)
	}
	for _, k := range path {
		if n.Kind != yaml.MappingNode {
			return nil
		}
		found := -1
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == k {
				found = i + 1
			}
		}
		if found < 0 {
			return nil
		}
		n = unshare(n, found)
	}
	return n
}

// unshare replaces parent.Content[i] by a copy of its own when it is an
// alias or an anchor, and returns it.
func unshare(parent *yaml.Node, i int) *yaml.Node {
	c := parent.Content[i]
	for hops := 0; c.Kind == yaml.AliasNode && c.Alias != nil && hops < 100; hops++ {
		c = c.Alias
	}
	if c != parent.Content[i] || c.Anchor != "" {
		c = clone(c, map[*yaml.Node]*yaml.Node{})
		c.Anchor = ""
		parent.Content[i] = c
	}
	return c
}

// clone copies a node tree; aliases inside it point to the copies of
// their anchors when those are inside it too.
func clone(n *yaml.Node, seen map[*yaml.Node]*yaml.Node) *yaml.Node {
	if n == nil {
		return nil
	}
	if c, ok := seen[n]; ok {
		return c
	}
	c := &yaml.Node{}
	*c = *n
	seen[n] = c
	if n.Content != nil {
		c.Content = make([]*yaml.Node, len(n.Content))
		for i, x := range n.Content {
			c.Content[i] = clone(x, seen)
		}
	}
	if n.Alias != nil {
		c.Alias = clone(n.Alias, seen)
	}
	return c
}

// setScalar writes val into n: a relative number adds to an integer, and
// ch notes the change.
func setScalar(n *yaml.Node, kv, val string, ch *change) error {
	if n.Kind != yaml.ScalarNode {
		return fmt.Errorf("-set %s: line %d holds %s, not a single value", kv, n.Line, describeKind(n))
	}
	if val[0] == '+' || (val[0] == '-' && n.Tag == "!!int") {
		if n.Tag != "!!int" {
			return fmt.Errorf("-set %s: %s is not a number, so %s cannot be added to it", kv, strconv.Quote(n.Value), val)
		}
		old, err := strconv.Atoi(n.Value)
		if err != nil {
			return fmt.Errorf("-set %s: %s is not a whole number", kv, strconv.Quote(n.Value))
		}
		v, how, err := yamldata.SetInt(val, old)
		if err != nil {
			return fmt.Errorf("-set %s: %w", kv, err)
		}
		n.Value, n.Style = strconv.Itoa(v), 0
		*ch = change{v, how}
		return nil
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(val), &doc); err != nil || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.ScalarNode {
		return fmt.Errorf("-set %s: %q is not a single value", kv, val)
	}
	v := doc.Content[0]
	n.Value, n.Tag, n.Style = v.Value, v.Tag, 0
	return nil
}

func describeKind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	return "an alias"
}

// Scenario compiles the duel of party players against party enemies on
// map m. Fighters are keyed p1, p2, ... and e1, e2, ... in party order.
func (c *Config) Scenario(players, enemies, m string) (*sim.Scenario, error) {
	mp, ok := c.Maps[m]
	if !ok {
		return nil, unknownEntry("map", m, sortedKeys(c.Maps))
	}
	sc := &sim.Scenario{Rules: c.Rules, Map: mp.Compiled}
	for s, slug := range [2]string{players, enemies} {
		p, ok := c.Parties[slug]
		if !ok {
			return nil, unknownEntry("party", slug, sortedKeys(c.Parties))
		}
		for i, member := range p.Members {
			b := c.Builds[member]
			f := sim.Fighter{Label: b.Name, Key: fmt.Sprintf("%c%d", sim.SideNames[s][0], i+1), Stat: b.Stat, HP: b.HP}
			if b.Ranged != nil {
				f.Range, f.RangedDamage = b.Ranged.Range, b.Ranged.Damage
			}
			if b.Melee != nil {
				f.MeleeDamage = b.Melee.Damage
			}
			if err := sc.Add(s, f); err != nil {
				return nil, fmt.Errorf("party %s: %v", slug, err)
			}
		}
	}
	if err := sc.Finish(); err != nil {
		return nil, err
	}
	return sc, nil
}

// NameError is a name the data do not hold: a party, a map, a build.
type NameError struct {
	What, Name string
	Known      []string
}

func (e *NameError) Error() string {
	msg := fmt.Sprintf("unknown %s %q (known: %s)", e.What, e.Name, strings.Join(e.Known, ", "))
	if near := typo.Nearest(e.Name, e.Known); near != "" {
		msg += fmt.Sprintf("; did you mean %q?", near)
	}
	return msg
}

func unknownEntry(what, name string, known []string) error {
	return &NameError{What: what, Name: name, Known: known}
}
