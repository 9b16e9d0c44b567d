package cazadores

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"balance/internal/typo"
	sim "balance/sim/cazadores"
)

// Limits of an Adversary's numbers. A check's pool above maxPool is
// impossible: the check tables stop there.
const (
	maxPool     = 24
	maxOpDepth  = 3
	maxFoeWnd   = 200  // the most WNDs of a Foe or of a hit location
	defaultBase = 50.0 // base diameter (mm) of an Adversary that gives none
	minionBase  = 32.0 // base diameter (mm) of a Minion that gives none

	// maxFoeModels is the most models an Adversary and its Minions may be:
	// what a hunt holds less the largest Pack, so every Pack can face it.
	maxFoeModels = sim.MaxModels - sim.MaxPack
)

// opCtx says where a list of ops is (which ops it may hold: see
// sim.OpTable) and which Area kinds they may name.
type opCtx struct {
	place   sim.OpPlace
	areas   []string // area kind keys, sorted; nil where no Areas exist
	trees   []string // the trees a Foe may follow: the built-in ones, then the file's own, sorted
	minions []string // the names of the Adversary's Minions
	depth   int
}

// foeStats decodes the six Foe attributes, all required.
func (d *decoder) foeStats(n *yaml.Node, path string) (FoeStats, map[string]*yaml.Node) {
	o := schemaOf("stats")
	m := d.fieldsOf(o, n, path)
	var s FoeStats
	for _, f := range []struct {
		key string
		dst *int
	}{{"spd", &s.Spd}, {"atk", &s.Atk}, {"rng", &s.Rng}, {"def", &s.Def}, {"ter", &s.Ter}, {"wnd", &s.Wnd}} {
		if v, ok := m[f.key]; ok {
			*f.dst = d.intOf(o, f.key, v, path)
		}
	}
	return s, m
}

// adversary decodes one Adversary file's root mapping.
func (d *decoder) adversary(slug string, n *yaml.Node) *Adversary {
	a := &Adversary{Slug: slug, BaseMM: defaultBase}
	o := schemaOf("adversary")
	m := d.fieldsOf(o, n, "")
	if d.Res(n) == nil {
		return a
	}
	if v, ok := m["name"]; ok {
		a.Name = d.Str(v, "name")
	}
	var statNodes map[string]*yaml.Node
	if v, ok := m["stats"]; ok {
		a.Stats, statNodes = d.foeStats(v, "stats")
	}
	if v, ok := m["base_mm"]; ok {
		a.BaseMM = d.numberOf(o, "base_mm", v, "")
	}
	if v, ok := m["immune"]; ok {
		a.Immune = d.namesOf(o, "immune", v, "")
	}
	a.Models = []string{a.Name}
	if v, ok := m["models"]; ok {
		items := d.Seq(v, "models")
		if len(items) == 0 {
			d.Fail(d.Res(v), "models", "", "list at least one model name")
		} else {
			a.Models = a.Models[:0]
		}
		for i, it := range items {
			s := d.Str(it, idx("models", i))
			if s != "" && slices.Contains(a.Models, s) {
				d.Fail(d.Res(it), idx("models", i), "", "model %q is listed twice", s)
			}
			a.Models = append(a.Models, s)
		}
		if len(items) > sim.MaxAdvModels {
			d.Fail(d.Res(v), "models", "", "%d models; an Adversary is 1..%d models (they share its deck and clock)", len(items), sim.MaxAdvModels)
		}
	}
	a.Areas = map[string]*AreaKind{}
	if v, ok := m["areas"]; ok {
		for _, e := range d.Pairs(v, "areas") {
			if d.SlugKey(e, "areas") {
				a.Areas[e.Key] = d.areaKind(e.Key, e.V, at("areas", e.Key))
			}
		}
	}
	// The lists of every action entry and exhaustion share one place
	// (a test checks the schema says so).
	ctx := &opCtx{place: schemaOf("action").field("before").Place}
	for k := range a.Areas {
		ctx.areas = append(ctx.areas, k)
	}
	sort.Strings(ctx.areas)
	ctx.trees = Trees
	if v, ok := m["trees"]; ok {
		a.Trees = d.trees(v)
		own := slices.Sorted(maps.Keys(a.Trees))
		ctx.trees = append(slices.Clone(Trees), own...)
	}
	if v, ok := m["minions"]; ok {
		before := d.NErrs()
		for i, it := range d.Seq(v, "minions") {
			a.Minions = append(a.Minions, d.minion(it, idx("minions", i), ctx))
			ctx.minions = append(ctx.minions, a.Minions[len(a.Minions)-1].Name)
		}
		// The total is checked only when the Minions are sound: otherwise
		// it would restate their errors.
		if n := len(a.Models) + minionCount(a); d.NErrs() == before && len(a.Models) <= sim.MaxAdvModels && n > maxFoeModels {
			d.Fail(d.Res(v), "minions", "", "the Adversary and its Minions are %d models (%d of its own, %d Minions); at most %d, so that any Pack (up to %d models) fits in a hunt of %d",
				n, len(a.Models), minionCount(a), maxFoeModels, sim.MaxPack, sim.MaxModels)
		}
	}
	if v, ok := m["hit_locations"]; ok {
		var badWnd []wndError
		a.HitLocations, badWnd = d.hitLocations(v, "hit_locations", len(a.Models), ctx)
		sum := 0
		for _, h := range a.HitLocations {
			sum += h.Wnd
		}
		w, ok := statNodes["wnd"]
		// The total is checked only when it and every location's wnd are
		// sound: otherwise a mismatch would restate their errors.
		total := ok && d.Holds(w, a.Stats.Wnd)
		switch {
		case len(a.HitLocations) == 0:
		case !total:
			// The total is wrong: the sum of sound locations is the likely one.
			if e := d.ErrorOf("stats.wnd"); ok && e != nil && e.Suggest == "" && len(badWnd) == 0 && sum <= maxFoeWnd {
				e.Suggest = strconv.Itoa(sum)
			}
		case len(badWnd) == 1 && badWnd[0].e != nil && badWnd[0].e.Suggest == "":
			// One location's wnd is wrong: the value that makes the total
			// agree is the likely one.
			if want := a.Stats.Wnd - (sum - a.HitLocations[badWnd[0].loc].Wnd); want >= 1 && want <= maxFoeWnd {
				badWnd[0].e.Suggest = strconv.Itoa(want)
			}
		case len(badWnd) == 0 && sum != a.Stats.Wnd:
			d.Fail(d.Res(w), "stats.wnd", strconv.Itoa(sum), "%d does not equal the sum of the hit locations' wnd (%d)", a.Stats.Wnd, sum)
		}
	}
	actionNodes := map[string]*yaml.Node{}
	if v, ok := m["actions"]; ok {
		am := d.Fields(v, "actions", RankNames[:], RankNames[:]...) // the schema's vRankMap
		for r, key := range RankNames {
			if an, ok := am[key]; ok {
				actionNodes[at("actions", key)] = an
				a.Actions[r] = d.action(an, at("actions", key), nil, ctx, false)
			}
		}
	}
	if v, ok := m["special"]; ok {
		sm := d.Fields(v, "special", RankNames[:], RankNames[:]...)
		for r, key := range RankNames {
			if sn, ok := sm[key]; ok {
				actionNodes[at("special", key)] = sn
				a.Special[r] = d.action(sn, at("special", key), &a.Actions[r], ctx, true)
			}
		}
	}
	if v, ok := m["states"]; ok {
		items := d.Seq(v, "states")
		if len(items) > sim.MaxStates {
			d.Fail(d.Res(v), "states", "", "%d states; an Adversary has at most %d", len(items), sim.MaxStates)
			items = nil
		}
		for i, it := range items {
			a.States = append(a.States, d.state(it, idx("states", i)))
		}
	}
	d.checkPools(a, m, statNodes, actionNodes)
	return a
}

// trees decodes the Adversary's own decision trees.
func (d *decoder) trees(v *yaml.Node) map[string]*TreeSpec {
	out := map[string]*TreeSpec{}
	es := d.Pairs(v, "trees")
	if len(es) > sim.MaxTrees {
		d.Fail(d.Res(v), "trees", "", "%d trees; an Adversary writes at most %d of its own", len(es), sim.MaxTrees)
		return out
	}
	o := schemaOf("tree")
	for _, e := range es {
		if !d.SlugKey(e, "trees") {
			continue
		}
		path := at("trees", e.Key)
		if slices.Contains(Trees, e.Key) {
			d.Fail(e.K, path, "", "%q is a built-in tree; name yours otherwise (built-in: %s)", e.Key, strings.Join(Trees, ", "))
			continue
		}
		m := d.fieldsOf(o, e.V, path)
		t := &TreeSpec{Aggro: "nearest"}
		if x, ok := m["steps"]; ok {
			before := d.NErrs()
			t.Steps = d.namesOf(o, "steps", x, path)
			switch i := slices.Index(t.Steps, "hold_ground"); {
			case len(t.Steps) == 0 && d.NErrs() == before:
				d.Fail(d.Res(x), at(path, "steps"), "", "list at least one question, such as [close_combat]")
			case i >= 0 && i < len(t.Steps)-1:
				d.Fail(d.Res(x), at(path, "steps"), "", "hold_ground is always Yes: the questions after it (%s) would never be asked; put it last", strings.Join(t.Steps[i+1:], ", "))
			}
		}
		if x, ok := m["aggro"]; ok {
			t.Aggro = d.nameOf(o, "aggro", x, path)
		}
		out[e.Key] = t
	}
	return out
}

// state decodes one of the Adversary's states.
func (d *decoder) state(n *yaml.Node, path string) State {
	o := schemaOf("state")
	m := d.fieldsOf(o, n, path)
	var s State
	if v, ok := m["name"]; ok {
		s.Name = d.Str(v, at(path, "name"))
	}
	var triggers []string
	if v, ok := m["wnd_at_most"]; ok {
		s.WndAtMost = d.numberOf(o, "wnd_at_most", v, path)
		triggers = append(triggers, "wnd_at_most")
	}
	if v, ok := m["round"]; ok {
		s.Round = d.intOf(o, "round", v, path)
		triggers = append(triggers, "round")
	}
	if v, ok := m["card"]; ok {
		s.Card = d.nameOf(o, "card", v, path)
		triggers = append(triggers, "card")
	}
	if rn := d.Res(n); rn != nil && rn.Kind == yaml.MappingNode && len(triggers) != 1 {
		d.Fail(rn, path, "", "a state has exactly one trigger (wnd_at_most, round or card); this one has %d", len(triggers))
	}
	if v, ok := m["rounds"]; ok {
		s.Rounds = d.intOf(o, "rounds", v, path)
	}
	for _, f := range []struct {
		key string
		dst *int
	}{{"spd", &s.Spd}, {"atk", &s.Atk}, {"rng", &s.Rng}, {"def", &s.Def}, {"ter", &s.Ter}} {
		if v, ok := m[f.key]; ok {
			*f.dst = d.intOf(o, f.key, v, path)
		}
	}
	return s
}

// checkPools reports any check the Adversary could make with more than
// maxPool dice, counting the stat, the rises of exhausted locations and the
// action's modifier.
func (d *decoder) checkPools(a *Adversary, m, statNodes, actionNodes map[string]*yaml.Node) {
	atk, ter, def := a.Stats.Atk, a.Stats.Ter, a.Stats.Def
	for _, h := range a.HitLocations {
		atk += max(h.Exhausted.Atk, 0)
		ter += max(h.Exhausted.Ter, 0)
		def += max(h.Exhausted.Def, 0)
	}
	for _, s := range a.States {
		atk += max(s.Atk, 0)
		ter += max(s.Ter, 0)
		def += max(s.Def, 0)
	}
	if ter > maxPool {
		d.Fail(d.Res(statNodes["ter"]), "stats.ter", "", "TER can reach %d with exhausted locations and states, above the %d dice a check can roll", ter, maxPool)
	}
	var visit func(act *Action, node *yaml.Node, path string)
	visit = func(act *Action, node *yaml.Node, path string) {
		pool, what := 0, ""
		switch {
		case act.Rating > 0:
			pool, what = act.Rating+act.Mods.Atk, "rating"
		case act.Attack == "terror":
			pool, what = ter+act.Mods.Atk, "TER"
		case act.Attack == "melee" || act.Attack == "shooting":
			pool, what = atk+act.Mods.Atk, "ATK"
		}
		if act.Check != nil {
			switch act.Check.Skill {
			case "terror":
				pool, what = ter, "TER"
			case "atk":
				pool, what = atk, "ATK"
			case "def":
				pool, what = def, "DEF"
			}
		}
		if pool > maxPool {
			d.Fail(d.Res(node), path, "", "its check can roll %d dice (%s with modifiers), above the %d a check can roll", pool, what, maxPool)
		}
		for _, ops := range [][]Op{act.Before, act.OnHit, act.OnMiss, act.Crit, act.After, act.OnSuccess} {
			for _, op := range ops {
				if op.Action != nil {
					visit(op.Action, node, path)
				}
			}
		}
	}
	for r, key := range RankNames {
		visit(&a.Actions[r], actionNodes[at("actions", key)], at("actions", key))
		visit(&a.Special[r], actionNodes[at("special", key)], at("special", key))
	}
	for i, h := range a.HitLocations {
		for _, op := range h.Exhausted.Trigger {
			if op.Action != nil {
				visit(op.Action, m["hit_locations"], idx("hit_locations", i)+".exhausted.trigger")
			}
		}
	}
}

func (d *decoder) areaKind(key string, n *yaml.Node, path string) *AreaKind {
	o := schemaOf("area")
	m := d.fieldsOf(o, n, path)
	k := &AreaKind{Name: key}
	if v, ok := m["diameter"]; ok {
		k.Diameter = d.numberOf(o, "diameter", v, path)
	}
	if v, ok := m["terrain"]; ok {
		k.Terrain = d.namesOf(o, "terrain", v, path)
	}
	if v, ok := m["foe_def"]; ok {
		k.FoeDef = d.intOf(o, "foe_def", v, path)
	}
	if v, ok := m["enter"]; ok {
		p := at(path, "enter")
		eo := schemaOf("enter")
		e := d.fieldsOf(eo, v, p)
		if x, ok := e["check"]; ok {
			k.EnterSkill = d.nameOf(eo, "check", x, p)
		}
		if x, ok := e["dt"]; ok {
			k.EnterDT = d.intOf(eo, "dt", x, p)
		}
		if x, ok := e["impose"]; ok {
			k.EnterCondition = d.nameOf(eo, "impose", x, p)
		}
		if x, ok := e["once"]; ok {
			k.Once = d.Bool(x, at(p, "once"))
		}
	}
	return k
}

func (d *decoder) minion(n *yaml.Node, path string, ctx *opCtx) Minion {
	o := schemaOf("minion")
	m := d.fieldsOf(o, n, path)
	mi := Minion{BaseMM: minionBase}
	if v, ok := m["name"]; ok {
		mi.Name = d.Str(v, at(path, "name"))
	}
	if v, ok := m["count"]; ok {
		mi.Count = d.intOf(o, "count", v, path)
	}
	if v, ok := m["type"]; ok {
		mi.Type = d.Name(v, at(path, "type"), "Foe Type", ctx.trees)
	}
	if v, ok := m["stats"]; ok {
		mi.Stats, _ = d.foeStats(v, at(path, "stats"))
	}
	if v, ok := m["base_mm"]; ok {
		mi.BaseMM = d.numberOf(o, "base_mm", v, path)
	}
	if v, ok := m["shooting_rng"]; ok {
		mi.ShootingRng = d.intOf(o, "shooting_rng", v, path)
	}
	if v, ok := m["crit"]; ok {
		mi.Crit = d.ops(v, at(path, "crit"), &opCtx{place: o.field("crit").Place})
	}
	return mi
}

// wndError is the error of a hit location's wnd.
type wndError struct {
	loc int
	e   *Error
}

// hitLocations decodes the locations and checks that cards 2..10 are each
// covered exactly once. It also returns the errors of the locations' wnd,
// so that the total can be checked only when they are sound.
//
// An uncovered card is reported with the location that would close the gap
// (see missingOwner); when an error about that location's cards already
// suggests the card (a card outside 2..10, an empty list), the uncovered
// card is not reported again.
func (d *decoder) hitLocations(n *yaml.Node, path string, models int, ctx *opCtx) ([]HitLocation, []wndError) {
	items := d.Seq(n, path)
	if len(items) == 0 {
		d.Fail(d.Res(n), path, "", "list at least one hit location")
		return nil, nil
	}
	type cardAt struct {
		loc  int
		node *yaml.Node
		path string
	}
	var taken [11]*cardAt
	var dups []cardAt
	var dupCards []int
	// cardErr is an error about a location's cards whose suggestion
	// depends on the cards left uncovered: a whole list (empty, not a
	// list) when list is set, else one entry that is not a card 2..10.
	type cardErr struct {
		loc   int
		e     *Error
		list  bool
		card  int64 // the entry, when it is an integer
		isInt bool
	}
	var cardErrs []cardErr
	var badWnd []wndError
	flawed := make([]bool, len(items)) // the location lists a card that is not valid, or none
	locs := make([]HitLocation, 0, len(items))
	o := schemaOf("location")
	lo, hi := int64(o.field("cards").Min), int64(o.field("cards").Max)
	for i, it := range items {
		p := idx(path, i)
		m := d.fieldsOf(o, it, p)
		h := HitLocation{}
		if v, ok := m["name"]; ok {
			h.Name = d.Str(v, at(p, "name"))
			for _, o := range locs {
				if o.Name == h.Name && h.Name != "" {
					d.Fail(d.Res(v), at(p, "name"), "", "hit location %q is listed twice", h.Name)
				}
			}
		}
		if v, ok := m["cards"]; ok {
			before := d.NErrs()
			cards := d.Seq(v, at(p, "cards"))
			switch {
			case d.NErrs() > before:
				// Not a list: the error is already given.
				flawed[i] = true
				cardErrs = append(cardErrs, cardErr{loc: i, e: d.LastError(), list: true})
			case len(cards) == 0:
				flawed[i] = true
				d.Fail(d.Res(v), at(p, "cards"), "", "list at least one card (%d..%d)", lo, hi)
				cardErrs = append(cardErrs, cardErr{loc: i, e: d.LastError(), list: true})
			}
			for j, cn := range cards {
				cp := idx(at(p, "cards"), j)
				rc := d.Res(cn)
				var c int64
				if rc == nil || rc.Kind != yaml.ScalarNode || rc.Tag != "!!int" || rc.Decode(&c) != nil {
					flawed[i] = true
					d.Fail(rc, cp, "", "expected a card value %d..%d, got %s", lo, hi, describe(rc))
					cardErrs = append(cardErrs, cardErr{loc: i, e: d.LastError()})
					continue
				}
				if c < lo || c > hi {
					flawed[i] = true
					d.Fail(rc, cp, "", "card %d is outside the valid range %d..%d (hit locations take the numbered cards %d to %d)", c, lo, hi, lo, hi)
					cardErrs = append(cardErrs, cardErr{loc: i, e: d.LastError(), card: c, isInt: true})
					continue
				}
				h.Cards = append(h.Cards, int(c))
				if taken[c] != nil {
					dups = append(dups, cardAt{i, rc, cp})
					dupCards = append(dupCards, int(c))
					continue
				}
				taken[c] = &cardAt{i, rc, cp}
			}
		} else {
			flawed[i] = true
		}
		if v, ok := m["wnd"]; ok {
			before := d.NErrs()
			h.Wnd = d.intOf(o, "wnd", v, p)
			if d.NErrs() > before {
				badWnd = append(badWnd, wndError{i, d.LastError()})
			}
		} else {
			badWnd = append(badWnd, wndError{i, d.ErrorOf(at(p, "wnd"))})
		}
		if v, ok := m["owner"]; ok {
			rv := d.Res(v)
			h.Owner = d.intOf(o, "owner", rv, p)
			if h.Owner >= models {
				d.Fail(rv, at(p, "owner"), "", "owner %d is out of range: the Adversary has %d model(s), numbered 0..%d", h.Owner, models, models-1)
				h.Owner = 0
			}
		}
		if v, ok := m["exhausted"]; ok {
			h.Exhausted = d.exhaustion(v, at(p, "exhausted"), ctx)
		}
		locs = append(locs, h)
	}
	var missing []int
	owner := map[int]int{} // uncovered card -> the location that would close the gap
	for c := 2; c <= 10; c++ {
		if taken[c] == nil {
			missing = append(missing, c)
			owner[c] = missingOwner(c, locs, flawed)
		}
	}
	// told are the uncovered cards an error about their owner's cards
	// already suggests.
	told := map[int]bool{}
	for _, ce := range cardErrs {
		if ce.e == nil || ce.e.Suggest != "" {
			continue
		}
		if ce.list {
			var cards []string
			for _, c := range missing {
				if owner[c] == ce.loc && !told[c] {
					cards = append(cards, strconv.Itoa(c))
					told[c] = true
				}
			}
			if len(cards) > 0 {
				ce.e.Suggest = "[" + strings.Join(cards, ", ") + "]"
			}
			continue
		}
		// An uncovered card this location would close, the nearest the
		// entry when it is an integer; else, for an integer, the nearest
		// uncovered card.
		pick := func(ok func(c int) bool) int {
			best := 0
			for _, c := range missing {
				if ok(c) && (best == 0 || (ce.isInt && abs(c-int(ce.card)) < abs(best-int(ce.card)))) {
					best = c
				}
			}
			return best
		}
		if c := pick(func(c int) bool { return owner[c] == ce.loc && !told[c] }); c != 0 {
			ce.e.Suggest = strconv.Itoa(c)
			told[c] = true
		} else if c := pick(func(int) bool { return true }); c != 0 && ce.isInt {
			ce.e.Suggest = strconv.Itoa(c)
		}
	}
	for k, dup := range dups {
		first := taken[dupCards[k]]
		sug := ""
		if len(missing) > 0 {
			sug = strconv.Itoa(nearestCard(dupCards[k], missing))
		}
		d.Fail(dup.node, dup.path, sug, "card %d is already covered by %q (each card 2..10 belongs to exactly one hit location)", dupCards[k], locs[first.loc].Name)
	}
	rn := d.Res(n)
	for _, c := range missing {
		if told[c] {
			continue
		}
		// not a misspelling: say which location's cards it lies among
		near := ""
		if o := owner[c]; o >= 0 {
			near = fmt.Sprintf(" (it lies among %q's cards: add it there, or to another)", locs[o].Name)
		}
		d.Fail(rn, path, "", "card %d is not covered by any hit location%s", c, near)
	}
	return locs, badWnd
}

// nearestCard returns the card of cards nearest to c.
func nearestCard(c int, cards []int) int {
	best := cards[0]
	for _, x := range cards[1:] {
		if abs(x-c) < abs(best-c) {
			best = x
		}
	}
	return best
}

// missingOwner returns the index of the location most likely meant to hold
// the uncovered card c, the one that would close the gap, or -1:
//
//  1. a location whose cards run past c on both sides (it skipped c);
//  2. else a flawed location (one that lists no card, or an entry that is
//     not a card 2..10: it lost a card), the one whose cards, or whose
//     neighbours' in the list when it has none, are nearest c;
//  3. else the location holding the card nearest c (a neighbour of c
//     extends its range); on a tie, the one with fewer cards, then the
//     higher card.
func missingOwner(c int, locs []HitLocation, flawed []bool) int {
	for i, h := range locs {
		if len(h.Cards) > 0 && slices.Min(h.Cards) < c && c < slices.Max(h.Cards) {
			return i
		}
	}
	// dist is how far the cards of location i are from c; one more for
	// its neighbours' cards.
	dist := func(i int) int {
		best := 100
		for _, x := range locs[i].Cards {
			best = min(best, abs(x-c))
		}
		if best < 100 {
			return best
		}
		for _, j := range []int{i - 1, i + 1} {
			if j >= 0 && j < len(locs) {
				for _, x := range locs[j].Cards {
					best = min(best, abs(x-c)+1)
				}
			}
		}
		return best
	}
	best, bestD := -1, 1000
	for i := range locs {
		if flawed[i] {
			if d := dist(i); d < bestD {
				best, bestD = i, d
			}
		}
	}
	if best >= 0 {
		return best
	}
	bestN, bestCard := 100, 0
	for i, h := range locs {
		for _, x := range h.Cards {
			dist := abs(x - c)
			if dist < bestD || (dist == bestD && (len(h.Cards) < bestN || (len(h.Cards) == bestN && x > bestCard))) {
				best, bestD, bestN, bestCard = i, dist, len(h.Cards), x
			}
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (d *decoder) exhaustion(n *yaml.Node, path string, ctx *opCtx) Exhaustion {
	o := schemaOf("exhausted")
	m := d.fieldsOf(o, n, path)
	var e Exhaustion
	if v, ok := m["label"]; ok {
		e.Label = d.Str(v, at(path, "label"))
	}
	if v, ok := m["attacks"]; ok {
		e.Attacks = d.nameOf(o, "attacks", v, path)
	}
	for _, f := range []struct {
		key string
		dst *int
	}{{"spd", &e.Spd}, {"atk", &e.Atk}, {"rng", &e.Rng}, {"def", &e.Def}, {"ter", &e.Ter}} {
		if v, ok := m[f.key]; ok {
			*f.dst = d.intOf(o, f.key, v, path)
		}
	}
	if v, ok := m["trigger"]; ok {
		e.Trigger = d.ops(v, at(path, "trigger"), ctx)
	}
	return e
}

// action decodes one action entry. For a special entry, std is the standard
// entry of the same rank, which "like: standard" copies before the entry's
// own fields override it.
func (d *decoder) action(n *yaml.Node, path string, std *Action, ctx *opCtx, special bool) Action {
	a := Action{Targets: "target", Range: -1, TicksDefault: true}
	o := schemaOf("action")
	if special {
		o = schemaOf("special")
	}
	m := d.fieldsOf(o, n, path)
	rn := d.Res(n)
	if rn == nil || rn.Kind != yaml.MappingNode {
		return a
	}
	var tree string
	if v, ok := m["tree"]; ok {
		tree = d.Name(v, at(path, "tree"), "tree", ctx.trees)
	}
	if v, ok := m["like"]; ok {
		if d.nameOf(o, "like", v, path) == "standard" && std != nil {
			a = *std
			a.Like = "standard"
		}
	}
	a.Tree = tree
	if v, ok := m["name"]; ok {
		a.Name = d.Str(v, at(path, "name"))
	} else if _, like := m["like"]; !like {
		d.Fail(rn, at(path, "name"), "", "missing; it is required (or write like: standard)")
	}
	if v, ok := m["mods"]; ok {
		mo, mp := schemaOf("mods"), at(path, "mods")
		mm := d.fieldsOf(mo, v, mp)
		a.Mods = Mods{}
		if x, ok := mm["spd"]; ok {
			a.Mods.Spd = d.intOf(mo, "spd", x, mp)
		}
		if x, ok := mm["atk"]; ok {
			a.Mods.Atk = d.intOf(mo, "atk", x, mp)
		}
		if x, ok := mm["rng"]; ok {
			a.Mods.Rng = d.intOf(mo, "rng", x, mp)
		}
	}
	if v, ok := m["attack"]; ok {
		a.Attack = d.nameOf(o, "attack", v, path)
	} else if _, like := m["like"]; !like {
		d.Fail(rn, at(path, "attack"), "", "missing; it is required (melee, shooting, terror or none)")
	}
	if v, ok := m["targets"]; ok {
		a.Targets = d.nameOf(o, "targets", v, path)
	}
	if v, ok := m["near"]; ok {
		a.Near = d.numberOf(o, "near", v, path)
		if a.Targets != "target_and_near" && a.Targets != "" {
			d.Fail(d.Res(v), at(path, "near"), "", "near applies only to targets: target_and_near (this action has targets: %s)", a.Targets)
		}
	}
	if v, ok := m["count"]; ok {
		a.Count = d.intOf(o, "count", v, path)
		if a.Targets != "count" && a.Targets != "" {
			d.Fail(d.Res(v), at(path, "count"), "", "count applies only to targets: count (this action has targets: %s)", a.Targets)
		}
	}
	if a.Targets == "target_and_near" && a.Near <= 0 {
		d.Fail(d.Res(m["targets"]), at(path, "near"), "", "targets: target_and_near needs near: inches around the target")
	}
	if a.Targets == "count" && a.Count < 1 {
		d.Fail(d.Res(m["targets"]), at(path, "count"), "", "targets: count needs count: how many targets")
	}
	if v, ok := m["advantage"]; ok {
		a.Advantage = d.Bool(v, at(path, "advantage"))
	}
	if v, ok := m["damage"]; ok {
		a.Damage = d.Bool(v, at(path, "damage"))
		a.damageSet = true
	}
	if !a.damageSet {
		a.Damage = a.Attack == "melee" || a.Attack == "shooting"
	}
	if v, ok := m["rating"]; ok {
		a.Rating = d.intOf(o, "rating", v, path)
	}
	if v, ok := m["range"]; ok {
		a.Range = d.numberOf(o, "range", v, path)
	}
	if v, ok := m["min_range"]; ok {
		a.MinRange = d.numberOf(o, "min_range", v, path)
		switch {
		case a.Attack == "none":
			d.Fail(d.Res(v), at(path, "min_range"), "", "min_range needs an attack; this action has attack: none")
		case a.Range >= 0 && a.MinRange >= a.Range:
			d.Fail(d.Res(v), at(path, "min_range"), "", "min_range %g is not below the action's range %g: no model could be reached", a.MinRange, a.Range)
		}
	}
	if v, ok := m["check"]; ok {
		co, cp := schemaOf("check"), at(path, "check")
		cm := d.fieldsOf(co, v, cp)
		c := &Check{}
		if x, ok := cm["skill"]; ok {
			c.Skill = d.nameOf(co, "skill", x, cp)
		}
		if x, ok := cm["dt"]; ok {
			c.DT = d.intOf(co, "dt", x, cp)
		}
		a.Check = c
		if a.Attack != "none" && a.Attack != "" {
			d.Fail(d.Res(v), at(path, "check"), "", "a check replaces the attack: it needs attack: none (this action has attack: %s)", a.Attack)
		}
	}
	lists := []struct {
		key string
		dst *[]Op
	}{{"before", &a.Before}, {"on_hit", &a.OnHit}, {"on_miss", &a.OnMiss}, {"crit", &a.Crit}, {"after", &a.After}, {"on_success", &a.OnSuccess}}
	for _, l := range lists {
		v, ok := m[l.key]
		if !ok {
			continue
		}
		*l.dst = d.ops(v, at(path, l.key), ctx)
		switch {
		case (l.key == "on_hit" || l.key == "on_miss" || l.key == "crit") && a.Attack == "none":
			d.Fail(d.Res(v), at(path, l.key), "", "%s needs an attack; this action has attack: none", l.key)
		case l.key == "on_success" && a.Check == nil:
			d.Fail(d.Res(v), at(path, l.key), "", "on_success needs a check")
		}
	}
	if v, ok := m["merge"]; ok {
		d.merge(&a, o, m, v, path, std)
	}
	if v, ok := m["ticks"]; ok {
		a.Ticks = d.intOf(o, "ticks", v, path)
		a.TicksDefault = false
	}
	return a
}

// merge decodes a special entry's merge (v): each op list it names gets
// the copied standard entry's ops first, then the entry's own ops that
// the copied list does not already hold.
func (d *decoder) merge(a *Action, o *schemaObject, m map[string]*yaml.Node, v *yaml.Node, path string, std *Action) {
	names := d.namesOf(o, "merge", v, path)
	if _, like := m["like"]; !like {
		d.Fail(d.Res(v), at(path, "merge"), "like: standard", "merge adds lists to the copied standard entry's: it needs like: standard")
		return
	}
	if std == nil {
		return
	}
	for _, name := range names {
		if _, ok := m[name]; !ok {
			d.Fail(d.Res(v), at(path, "merge"), "", "merge names %s, which this entry does not give: list the ops to add under %s", name, name)
			continue
		}
		dst, from := a.opList(name), std.opList(name)
		out := slices.Clone(*from)
		places := 0
		for _, op := range out {
			places += opPlaces(op)
		}
		for _, op := range *dst {
			if !slices.ContainsFunc(*from, func(x Op) bool { return sameOp(x, op) }) {
				out = append(out, op)
				places += opPlaces(op)
			}
		}
		if places > sim.MaxOps {
			d.Fail(d.Res(m[name]), at(path, name), "", "merged with the standard entry's, these ops take %d places; a list holds at most %d", places, sim.MaxOps)
			continue
		}
		*dst = out
	}
}

// opList returns a's op list of name (one of OpLists).
func (a *Action) opList(name string) *[]Op {
	switch name {
	case "before":
		return &a.Before
	case "on_hit":
		return &a.OnHit
	case "on_miss":
		return &a.OnMiss
	case "crit":
		return &a.Crit
	case "after":
		return &a.After
	}
	return &a.OnSuccess
}

// sameOp reports whether two decoded ops are the same op with the same
// value (an attack op: the same attack's name).
func sameOp(x, y Op) bool {
	if x.Kind != y.Kind || x.Condition != y.Condition || x.Inches != y.Inches || x.Where != y.Where ||
		x.Area != y.Area || x.Minion != y.Minion || x.At != y.At || x.Die != y.Die || x.N != y.N || x.Skill != y.Skill ||
		len(x.Ops) != len(y.Ops) || (x.Action == nil) != (y.Action == nil) {
		return false
	}
	for i := range x.Ops {
		if !sameOp(x.Ops[i], y.Ops[i]) {
			return false
		}
	}
	return x.Action == nil || x.Action.Name == y.Action.Name
}

// ops decodes a list of effect ops. A list holds at most sim.MaxOps ops
// once compiled (grant_crit takes one for each ability it gives); a longer
// one is refused before its items are decoded.
func (d *decoder) ops(n *yaml.Node, path string, ctx *opCtx) []Op {
	items := d.Seq(n, path)
	if len(items) > sim.MaxOps {
		d.Fail(d.Res(n), path, "", "%d ops; a list holds at most %d", len(items), sim.MaxOps)
		return nil
	}
	var out []Op
	places := 0
	for i, it := range items {
		if op, ok := d.op(it, idx(path, i), ctx); ok {
			out = append(out, op)
			places += opPlaces(op)
		}
	}
	if places > sim.MaxOps {
		d.Fail(d.Res(n), path, "", "these ops take %d places; a list holds at most %d (grant_crit takes one for each ability it gives)", places, sim.MaxOps)
		return nil
	}
	return out
}

// opPlaces is the number of places op takes in its compiled list.
func opPlaces(op Op) int {
	if op.Kind == "grant_crit" {
		return len(op.Ops)
	}
	return 1
}

// op decodes one op as sim.OpTable describes it: a one-key mapping such as
// {impose: stunned}, whose key names the op and whose value is of the
// op's kind of value; an op may also carry the keys of its With (area:
// at).
func (d *decoder) op(n *yaml.Node, path string, ctx *opCtx) (Op, bool) {
	rn := d.Res(n)
	if rn == nil {
		return Op{}, false
	}
	if rn.Kind != yaml.MappingNode {
		d.Fail(rn, path, "", "an op is a one-key mapping such as {impose: stunned}, got %s", describe(rn))
		return Op{}, false
	}
	es := d.Pairs(rn, path)
	if len(es) == 0 {
		d.Fail(rn, path, "", "empty op; write one such as {impose: stunned}")
		return Op{}, false
	}
	// The op is its first key that names one ({at: origin, area: pit}).
	main := es[0]
	for _, e := range es {
		if sim.OpSpecByName(e.Key) != nil {
			main = e
			break
		}
	}
	kind := main.Key
	spec := sim.OpSpecByName(kind)
	all := sim.OpNames(sim.AllPlaces)
	if spec == nil {
		d.Fail(main.K, at(path, kind), typo.Nearest(kind, all), "unknown op %q (ops: %s)", kind, strings.Join(all, ", "))
		return Op{}, false
	}
	p := at(path, kind)
	if spec.In&ctx.place == 0 {
		allowed := sim.OpNames(ctx.place)
		d.Fail(main.K, p, typo.Nearest(kind, allowed), "op %q cannot be used in %s (there: %s)", kind, sim.PlaceName(ctx.place), strings.Join(allowed, ", "))
		return Op{}, false
	}
	op := Op{Kind: kind}
	with := map[string]*yaml.Node{}
	for _, e := range es {
		switch {
		case e.Key == kind:
		case slices.ContainsFunc(spec.With, func(f sim.OpField) bool { return f.Name == e.Key }):
			with[e.Key] = e.V
		case sim.OpSpecByName(e.Key) != nil:
			d.Fail(e.K, at(path, e.Key), "", "an op has one key; write {%s: ...} as its own list item", e.Key)
		default:
			known := []string{kind}
			for _, f := range spec.With {
				known = append(known, f.Name)
			}
			d.Fail(e.K, at(path, e.Key), typo.Nearest(e.Key, known), "unknown field %q in a %s op (fields: %s)", e.Key, kind, strings.Join(known, ", "))
		}
	}
	// The keys beside an op's own are choices (area's at), kept in At.
	for _, f := range spec.With {
		op.At = f.Default
		if x, ok := with[f.Name]; ok {
			op.At = d.Name(x, at(path, f.Name), f.What, f.Values)
		}
	}
	if spec.Holds() && ctx.depth >= maxOpDepth {
		d.Fail(main.K, p, "", "ops nested too deeply: at most %d ops inside one another", maxOpDepth)
		return Op{}, false
	}
	if spec.Arg == sim.ArgFields {
		var names, required []string
		for _, f := range spec.Fields {
			names = append(names, f.Name)
			if f.Required {
				required = append(required, f.Name)
			}
		}
		m := d.Fields(main.V, p, names, required...)
		for _, f := range spec.Fields {
			if x, ok := m[f.Name]; ok {
				d.opValue(&op, spec, f.Arg, f.What, f.Values, f.Min, f.Max, x, at(p, f.Name), ctx)
			}
		}
		return op, true
	}
	d.opValue(&op, spec, spec.Arg, spec.What, spec.Values, spec.Min, spec.Max, main.V, p, ctx)
	return op, true
}

// opValue decodes v, a value of kind arg (what it is: what) of an op of
// spec, into op.
func (d *decoder) opValue(op *Op, spec *sim.OpSpec, arg sim.OpArg, what string, values []string, lo, hi float64, v *yaml.Node, p string, ctx *opCtx) {
	switch arg {
	case sim.ArgCondition:
		op.Condition = d.Name(v, p, "condition", Conditions)
	case sim.ArgSkill:
		op.Skill = d.Name(v, p, "skill", SkillNames)
	case sim.ArgInches:
		op.Inches = d.Number(v, p, lo, hi)
	case sim.ArgChoice:
		op.Where = d.Name(v, p, what, values)
		if op.Kind == "ward" {
			op.N = slices.Index(values, op.Where) + 1
		}
	case sim.ArgArea:
		op.Area = d.fileName(v, p, "area kind", "no areas are defined", "areas", ctx.areas)
	case sim.ArgDie:
		op.Die = sim.DieByName(d.Name(v, p, "die", values))
	case sim.ArgAmount:
		rv := d.Res(v)
		if rv == nil {
			return
		}
		if rv.Kind == yaml.ScalarNode && rv.Tag == "!!str" {
			op.Die = sim.DieByName(d.Name(rv, p, "die", values))
			return
		}
		op.N = d.Int(rv, p, int(lo), int(hi))
	case sim.ArgCount:
		op.N = d.Int(v, p, int(lo), int(hi))
	case sim.ArgMinion:
		op.Minion = d.fileName(v, p, "Minion", "the Adversary has none", "minions", ctx.minions)
	case sim.ArgTrue:
		if rv := d.Res(v); rv != nil && !d.Bool(rv, p) && d.ErrorOf(p) == nil {
			d.Fail(rv, p, "true", "%s takes true", spec.Name)
		}
	case sim.ArgOps:
		inner := spec.Inner
		if inner == 0 {
			inner = ctx.place
		}
		before := d.NErrs()
		op.Ops = d.ops(v, p, &opCtx{place: inner, areas: ctx.areas, minions: ctx.minions, depth: ctx.depth + 1})
		if rv := d.Res(v); len(op.Ops) == 0 && d.NErrs() == before && rv != nil {
			d.Fail(rv, p, "", "list at least one op, such as [{impose: poisoned}]")
		}
	case sim.ArgAttack:
		act := d.action(v, p, nil, &opCtx{place: ctx.place, areas: ctx.areas, minions: ctx.minions, depth: ctx.depth + 1}, false)
		op.Action = &act
	}
}

// resolveTicks fills the Ticks of actions that gave none from the rules.
func resolveTicks(a *Adversary, r *Rules) {
	var fix func(act *Action)
	fix = func(act *Action) {
		if act.TicksDefault {
			act.Ticks = 3
			if act.Attack == "none" {
				act.Ticks = r.SelfCardTicks
			}
		}
		for _, ops := range [][]Op{act.Before, act.OnHit, act.OnMiss, act.Crit, act.After, act.OnSuccess} {
			for _, op := range ops {
				if op.Action != nil {
					fix(op.Action)
				}
			}
		}
	}
	for r := range RankNames {
		fix(&a.Actions[r])
		fix(&a.Special[r])
	}
	for i := range a.HitLocations {
		for _, op := range a.HitLocations[i].Exhausted.Trigger {
			if op.Action != nil {
				fix(op.Action)
			}
		}
	}
}

// String gives an op in its YAML form, for messages and tests.
func (o Op) String() string {
	switch o.Kind {
	case "impose", "impose_self":
		return fmt.Sprintf("{%s: %s}", o.Kind, o.Condition)
	case "push":
		return fmt.Sprintf("{push: %g}", o.Inches)
	case "place", "move_self":
		return fmt.Sprintf("{%s: %s}", o.Kind, o.Where)
	case "area":
		return fmt.Sprintf("{area: %s, at: %s}", o.Area, o.At)
	case "heal":
		return fmt.Sprintf("{heal: d%d}", o.Die)
	case "grant_crit":
		parts := make([]string, len(o.Ops))
		for i, x := range o.Ops {
			parts[i] = x.String()
		}
		return "{grant_crit: [" + strings.Join(parts, ", ") + "]}"
	case "attack":
		if o.Action != nil {
			return fmt.Sprintf("{attack: %s}", o.Action.Name)
		}
	case "summon":
		return fmt.Sprintf("{summon: {minion: %s, count: %d}}", o.Minion, o.N)
	}
	return "{" + o.Kind + "}"
}

// fileName reads at v (path p) the name of a what the file itself
// defines under the key under (names: those it defines): "" when v is
// empty or names none of them, which fails with the names there are and
// the likeliest (none says why when there are none).
func (d *decoder) fileName(v *yaml.Node, p, what, none, under string, names []string) string {
	s := d.Str(v, p)
	switch {
	case s == "":
	case len(names) == 0:
		d.Fail(d.Res(v), p, "", "unknown %s %q: %s (add it under %s)", what, s, none, under)
	case !slices.Contains(names, s):
		d.Fail(d.Res(v), p, typo.Nearest(s, names), "unknown %s %q (under %s: %s)", what, s, under, strings.Join(names, ", "))
	default:
		return s
	}
	return ""
}
