package cazadores

import (
	"strings"
	"testing"
)

// likeAdversary is a small Adversary whose special queen copies the
// standard queen, whose crit holds two ops; special is its queen entry.
func likeAdversary(special string) string {
	return `name: Like
stats: {spd: 4, atk: 4, rng: 1, def: 4, ter: 4, wnd: 9}
hit_locations: [{name: Body, cards: [2, 3, 4, 5, 6, 7, 8, 9, 10], wnd: 9}]
actions:
  ace: {name: A, attack: melee}
  king: {name: K, attack: melee}
  queen: {name: Q, attack: melee, on_hit: [{push: 1}], crit: [{impose: stunned}, {impose: bleeding}]}
  jack: {name: J, attack: melee}
special:
  ace: {tree: aggressive, like: standard}
  king: {tree: aggressive, like: standard}
  queen: ` + special + `
  jack: {tree: aggressive, like: standard}
`
}

// TestLikeMergeAndReplace checks both readings of a list given beside
// like: standard: replaced whole by default, added to with merge (an op
// the copied list holds not repeated), and the lists not named untouched.
func TestLikeMergeAndReplace(t *testing.T) {
	rules := DefaultRules()
	for _, c := range []struct {
		name, special string
		crit, onHit   string
	}{
		{"copied", "{tree: aggressive, like: standard}", "{impose: stunned} {impose: bleeding}", "{push: 1}"},
		{"replace", "{tree: aggressive, like: standard, crit: [{impose: terrified}]}", "{impose: terrified}", "{push: 1}"},
		{"merge", "{tree: aggressive, like: standard, crit: [{impose: terrified}, {impose: stunned}], merge: [crit]}", "{impose: stunned} {impose: bleeding} {impose: terrified}", "{push: 1}"},
		{"merge one, replace other", "{tree: aggressive, like: standard, crit: [{impose: terrified}], on_hit: [{push: 2}], merge: [crit]}", "{impose: stunned} {impose: bleeding} {impose: terrified}", "{push: 2}"},
	} {
		a, err := decodeAdversary("like.yaml", "like", []byte(likeAdversary(c.special)), &rules)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		q := a.Special[2]
		join := func(ops []Op) string {
			var s []string
			for _, o := range ops {
				s = append(s, o.String())
			}
			return strings.Join(s, " ")
		}
		if got := join(q.Crit); got != c.crit {
			t.Errorf("%s: crit %s, want %s", c.name, got, c.crit)
		}
		if got := join(q.OnHit); got != c.onHit {
			t.Errorf("%s: on_hit %s, want %s", c.name, got, c.onHit)
		}
		// The standard entry is never changed by the special one.
		if got := join(a.Actions[2].Crit); got != "{impose: stunned} {impose: bleeding}" {
			t.Errorf("%s: the standard crit became %s", c.name, got)
		}
	}
}

// TestLikeMergeErrors checks merge's errors: without like, naming a list
// the entry does not give, an unknown list.
func TestLikeMergeErrors(t *testing.T) {
	rules := DefaultRules()
	for _, c := range []struct {
		special, field, msg, suggest string
	}{
		{"{tree: aggressive, name: X, attack: melee, crit: [{impose: stunned}], merge: [crit]}", "special.queen.merge", "it needs like: standard", "like: standard"},
		{"{tree: aggressive, like: standard, merge: [crit]}", "special.queen.merge", "merge names crit, which this entry does not give", ""},
		{"{tree: aggressive, like: standard, crit: [{impose: stunned}], merge: [crits]}", "special.queen.merge[0]", `unknown op list "crits"`, "crit"},
	} {
		_, err := decodeAdversary("like.yaml", "like", []byte(likeAdversary(c.special)), &rules)
		es := allErrors(t, err)
		if len(es) != 1 {
			t.Errorf("%s: %d errors (%v), want 1", c.special, len(es), err)
			continue
		}
		e := es[0]
		if e.Field != c.field || !strings.Contains(e.Msg, c.msg) || e.Suggest != c.suggest || e.Line != 12 {
			t.Errorf("%s: error %+v, want field %s, a message with %q, suggestion %q, line 12", c.special, e, c.field, c.msg, c.suggest)
		}
	}
}
