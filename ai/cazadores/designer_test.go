package cazadores

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	configs "balance/configs/cazadores"
	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

// testAdversary compiles the test Adversary file name (in
// configs/cazadores/testdata) against pack on open ground.
func testAdversary(t testing.TB, name, pack string) *sim.Scenario {
	t.Helper()
	dataOnce.Do(func() { data, dataErr = configs.LoadEmbedded() })
	if dataErr != nil {
		t.Fatal(dataErr)
	}
	d := data.Clone()
	slug, err := d.AddAdversaryFile(filepath.Join("..", "..", "configs", "cazadores", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := d.Compile(slug, pack, configs.DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// minRangeCheck checks every attack of the Adversary against its card's
// minimum range, at the moment the attack is rolled.
type minRangeCheck struct {
	card    *sim.CardAction
	checked int
	errs    []string
}

func (c *minRangeCheck) Event(h *sim.Hunt, e *sim.Event) {
	switch e.Kind {
	case sim.EvCard:
		c.card = h.CardAct
	case sim.EvAttack:
		if !h.IsAdversary(int(e.Model)) || c.card == nil || c.card.MinRange == 0 {
			return
		}
		c.checked++
		if d := h.Edge(int(e.Model), int(e.Target)); d < c.card.MinRange-geom.Eps && len(c.errs) < 10 {
			c.errs = append(c.errs, h.Name(int(e.Target))+" attacked inside the minimum range")
		}
	}
}

// TestMinRange plays the Mortar Beetle, whose attacks all keep a
// minimum range: no attack reaches a model closer than its card's
// minimum, and the Beetle backs off from models too close before it
// shoots.
func TestMinRange(t *testing.T) {
	sc := testAdversary(t, "min-range.yaml", configs.DefaultPack)
	var tmpl sim.Hunt
	tmpl.Init(sc)
	backed, shotAfter := 0, 0
	c := &minRangeCheck{}
	for k := uint64(0); k < 40; k++ {
		l := &tlog{}
		h := new(sim.Hunt)
		h.Trace = multiTracer{c, l}
		h.Reset(&tmpl, 1, k)
		h.Play(NewBaseline(), Foes{})
		d := l.decisions(int(h.Adv0))
		for x, s := range d {
			if s == "back off" {
				backed++
				if x+1 < len(d) && d[x+1] == "ranged combat" {
					shotAfter++
				}
			}
		}
	}
	for _, e := range c.errs {
		t.Error(e)
	}
	if c.checked < 100 || backed < 10 || shotAfter < 5 {
		t.Errorf("%d attacks checked, %d back-offs, %d followed by a shot: too few to show the rule", c.checked, backed, shotAfter)
	}
	t.Logf("%d attacks checked, %d back-offs, %d followed by a shot", c.checked, backed, shotAfter)
}

// TestLonePack plays the lone Pack, one Cazador and no Companion, with
// every tier against every bundled Adversary: each hunt ends with an
// outcome, the one model acts and every choice is noted before its effect.
func TestLonePack(t *testing.T) {
	tiers := map[string]func() sim.PackPolicy{
		"random":    func() sim.PackPolicy { return Random{} },
		"basic":     func() sim.PackPolicy { return NewBaseline() },
		"tactical":  func() sim.PackPolicy { return NewTactical() },
		"lookahead": func() sim.PackPolicy { return NewLookahead(2, 1) },
	}
	for _, adv := range adversaries {
		sc := scenario(t, adv, "lone", configs.DefaultScenario)
		if len(sc.Pack) != 1 {
			t.Fatalf("the lone Pack has %d models", len(sc.Pack))
		}
		var tmpl sim.Hunt
		tmpl.Init(sc)
		for tier, mk := range tiers {
			c := &intentCheck{}
			l := &tlog{}
			h := new(sim.Hunt)
			h.Trace = multiTracer{c, l}
			h.Reset(&tmpl, 1, 0)
			h.Play(mk(), Foes{})
			if len(l.of(sim.EvEnd)) != 1 || len(l.actions(0)) == 0 {
				t.Errorf("%s, %s: %d ends, %d Actions of the Cazador", adv, tier, len(l.of(sim.EvEnd)), len(l.actions(0)))
			}
			for _, e := range c.errs {
				t.Errorf("%s, %s: %s", adv, tier, e)
			}
		}
	}
}

// stateCheck checks, at every event, that the Adversary's stats are its
// own plus its exhausted locations' and its states' changes, and counts
// the notes of states beginning and ending.
type stateCheck struct {
	begins, ends map[string]int
	errs         []string
}

func (c *stateCheck) Event(h *sim.Hunt, e *sim.Event) {
	a := &h.Sc.Adversary
	want := a.Stats.ATK + h.Mods.ATK
	wantDEF := a.Stats.DEF + h.Mods.DEF
	for k := range a.States {
		if h.StateOn&(1<<k) != 0 {
			want += a.States[k].Mods.ATK
			wantDEF += a.States[k].Mods.DEF
		}
	}
	// An exhausted location is noted before its changes join the sums.
	if m := &h.M[h.Adv0]; e.Kind != sim.EvExhausted && m.State == sim.Active && (m.ATK != max(want, 0) || m.DEF != max(wantDEF, 0)) && len(c.errs) < 10 {
		c.errs = append(c.errs, "ATK or DEF out of step with the states on")
	}
	if e.Kind != sim.EvTrigger {
		return
	}
	for k := range a.States {
		s := &a.States[k]
		switch e.Name {
		case s.Begin:
			c.begins[s.Name]++
			if s.Trigger == sim.StateOnRound && (h.Round != s.Round || h.Tick != 1) {
				c.errs = append(c.errs, s.Name+" began outside its Round")
			}
			if s.Trigger == sim.StateOnWND && h.AdvLeft > s.AtMost {
				c.errs = append(c.errs, s.Name+" began above its WNDs")
			}
		case s.End:
			c.ends[s.Name]++
		}
	}
}

// TestStates plays the Bristleback Boar, whose three states start by
// each kind of trigger, one for the rest of the hunt and two for a Round.
func TestStates(t *testing.T) {
	sc := testAdversary(t, "enraged.yaml", configs.DefaultPack)
	var tmpl sim.Hunt
	tmpl.Init(sc)
	c := &stateCheck{begins: map[string]int{}, ends: map[string]int{}}
	for k := uint64(0); k < 40; k++ {
		h := new(sim.Hunt)
		h.Trace = c
		h.Reset(&tmpl, 1, k)
		h.Play(NewBaseline(), Foes{})
	}
	for _, e := range c.errs {
		t.Error(e)
	}
	for _, s := range sc.Adversary.States {
		if c.begins[s.Name] == 0 || (s.Rounds > 0) != (c.ends[s.Name] > 0) {
			t.Errorf("%s: began %d times, ended %d times", s.Name, c.begins[s.Name], c.ends[s.Name])
		}
	}
	if c.ends["Enraged"] != 0 {
		t.Errorf("Enraged, for the rest of the hunt, ended %d times", c.ends["Enraged"])
	}
	t.Logf("begins %v, ends %v", c.begins, c.ends)
}

// firstDecisions records, for every Turn, the first decision of each Foe
// model that follows tree (the Adversary while its card names the tree, a
// Minion of that type).
type firstDecisions struct {
	tree   sim.Tree
	cardOn bool
	seen   uint32
	counts map[string]int
}

func (c *firstDecisions) Event(h *sim.Hunt, e *sim.Event) {
	switch e.Kind {
	case sim.EvTurn:
		c.seen = 0
	case sim.EvCard:
		c.cardOn = e.Tree == c.tree
	case sim.EvDecision:
		m := int(e.Model)
		if c.seen&(1<<m) != 0 {
			return
		}
		c.seen |= 1 << m
		if h.IsAdversary(m) && c.cardOn || h.M[m].Kind == sim.Minion && h.M[m].Tree == c.tree {
			c.counts[e.Name]++
		}
	}
}

// TestOwnTree plays the Stalking Wisp, whose Minions and two Hearts cards
// follow its own tree kite (retreat, ranged combat, aggress): each Turn
// begins with one of those questions' answers, or the hold ground that
// ends every tree, and each of them is met.
func TestOwnTree(t *testing.T) {
	sc := testAdversary(t, "own-tree.yaml", configs.DefaultPack)
	kite := sim.Tree(len(sim.BuiltinTrees))
	if d := sc.Adversary.TreeOf(kite); d.Name != "kite" || d.NSteps != 3 || d.Aggro != sim.AggroFewestWND {
		t.Fatalf("the tree compiled as %+v", d)
	}
	var tmpl sim.Hunt
	tmpl.Init(sc)
	c := &firstDecisions{tree: kite, counts: map[string]int{}}
	for k := uint64(0); k < 40; k++ {
		h := new(sim.Hunt)
		h.Trace = c
		h.Reset(&tmpl, 1, k)
		h.Play(NewBaseline(), Foes{})
	}
	for name, n := range c.counts {
		switch name {
		case "retreat", "ranged combat", "aggress", "hold ground", "recover":
		default:
			t.Errorf("a kite Turn began with %q (%d times), not a question of the tree", name, n)
		}
	}
	for _, name := range []string{"retreat", "ranged combat", "aggress"} {
		if c.counts[name] == 0 {
			t.Errorf("no kite Turn began with %q: %v", name, c.counts)
		}
	}
	t.Logf("first decisions of kite Turns: %v", c.counts)
}

// TestBuiltinTreesInYAML plays the Wandering Son with its Hearts cards'
// trees written in the file as trees of its own, copies of the built-in
// ones: every hunt is the same as with the built-in trees.
func TestBuiltinTreesInYAML(t *testing.T) {
	b, err := configs.Files.ReadFile("adversaries/wandering-son.yaml")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	var trees []string
	for _, d := range sim.BuiltinTrees {
		var steps []string
		for _, s := range d.Steps[:d.NSteps] {
			steps = append(steps, sim.TreeSteps[s].Name)
		}
		trees = append(trees, fmt.Sprintf("  my-%s: {steps: [%s], aggro: %s}", d.Name, strings.Join(steps, ", "), sim.AggroRules[d.Aggro].Name))
		src = strings.ReplaceAll(src, "{tree: "+d.Name+",", "{tree: my-"+d.Name+",")
	}
	src += "\ntrees:\n" + strings.Join(trees, "\n") + "\n"
	p := filepath.Join(t.TempDir(), "wandering-son-trees.yaml")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	base := scenario(t, "wandering-son", configs.DefaultPack, configs.DefaultScenario)
	d := data.Clone()
	slug, err := d.AddAdversaryFile(p)
	if err != nil {
		t.Fatal(err)
	}
	own, err := d.Compile(slug, configs.DefaultPack, configs.DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	for r := range own.Adversary.Special {
		if own.Adversary.Special[r].Tree < sim.Tree(len(sim.BuiltinTrees)) {
			t.Fatalf("special %d still follows a built-in tree", r)
		}
	}
	var t0, t1 sim.Hunt
	t0.Init(base)
	t1.Init(own)
	for k := uint64(0); k < 200; k++ {
		h0, h1 := new(sim.Hunt), new(sim.Hunt)
		h0.Reset(&t0, 1, k)
		h1.Reset(&t1, 1, k)
		h0.Play(NewBaseline(), Foes{})
		h1.Play(NewBaseline(), Foes{})
		if h0.Rec.Outcome != h1.Rec.Outcome || h0.Round != h1.Round || h0.Tick != h1.Tick || h0.Rec != h1.Rec || !sameBoard(h0, h1) {
			t.Fatalf("hunt %d differs: %v in Round %d against %v in Round %d", k, h0.Rec.Outcome, h0.Round, h1.Rec.Outcome, h1.Round)
		}
	}
}

// sameBoard reports whether two hunts' models stand alike: where, in
// what State, with what WNDs, Conditions, Clock and weapons (each model
// also keeps its definition's address, which differs between designs).
func sameBoard(a, b *sim.Hunt) bool {
	if a.N != b.N {
		return false
	}
	for i := 0; i < int(a.N); i++ {
		x, y := &a.M[i], &b.M[i]
		if x.Pos != y.Pos || x.State != y.State || x.WND != y.WND || x.Taken != y.Taken || x.Conds != y.Conds ||
			x.Clock != y.Clock || x.Readied != y.Readied || x.Loaded != y.Loaded || x.Ammo != y.Ammo {
			return false
		}
	}
	return true
}

// summonCheck follows the Minions summoned in a hunt: the Foes on the
// board never pass the limit, and each summoned Minion's first Turn comes
// after the Tick it was summoned in.
type summonCheck struct {
	n0              int // models at the start
	summons, turned int
	at              [sim.MaxModels][2]uint16 // Round and Tick each was placed at (Round 0: not summoned)
	acted           [sim.MaxModels]bool
	errs            []string
}

func (c *summonCheck) Event(h *sim.Hunt, e *sim.Event) {
	if e.Kind == sim.EvStart {
		c.n0 = int(h.N)
		c.at = [sim.MaxModels][2]uint16{}
		c.acted = [sim.MaxModels]bool{}
		return
	}
	foes := 0
	for i := 0; i < int(h.N); i++ {
		if m := &h.M[i]; m.State == sim.Active && m.Side == sim.FoeSide && m.Kind != sim.ObjectiveModel {
			foes++
		}
	}
	if foes > sim.MaxFoeModels && len(c.errs) < 10 {
		c.errs = append(c.errs, fmt.Sprintf("%d Foes on the board", foes))
	}
	m := int(e.Model)
	switch {
	case e.Kind == sim.EvPlaced && m >= c.n0 && c.at[m][0] == 0:
		c.summons++
		c.at[m] = [2]uint16{h.Round, uint16(h.Tick)}
		if h.M[m].Kind != sim.Minion || !strings.HasPrefix(h.Name(m), "Drone ") {
			c.errs = append(c.errs, "a summoned model is "+h.Name(m))
		}
	case e.Kind == sim.EvTurn && m >= c.n0 && c.at[m][0] > 0 && !c.acted[m]:
		if c.at[m] == [2]uint16{h.Round, uint16(h.Tick)} {
			c.errs = append(c.errs, h.Name(m)+" took a Turn in the Tick it was summoned")
		}
		c.acted[m] = true
		c.turned++
	}
}

// TestSummon plays the Hive Mother, which summons Drones with a card and
// when a hit location is exhausted, with every tier: the Drones join, by
// the limit, and act; every choice is noted before its effect.
func TestSummon(t *testing.T) {
	sc := testAdversary(t, "summoner.yaml", "quartet")
	var tmpl sim.Hunt
	tmpl.Init(sc)
	tiers := map[string]func() sim.PackPolicy{
		"random":    func() sim.PackPolicy { return Random{} },
		"basic":     func() sim.PackPolicy { return NewBaseline() },
		"tactical":  func() sim.PackPolicy { return NewTactical() },
		"lookahead": func() sim.PackPolicy { return NewLookahead(2, 1) },
	}
	c := &summonCheck{}
	for tier, mk := range tiers {
		hunts := uint64(30)
		if tier == "lookahead" {
			hunts = 2
		}
		for k := uint64(0); k < hunts; k++ {
			ic := &intentCheck{}
			h := new(sim.Hunt)
			h.Trace = multiTracer{c, ic}
			h.Reset(&tmpl, 1, k)
			h.Play(mk(), Foes{})
			for _, e := range ic.errs {
				t.Errorf("%s, hunt %d: %s", tier, k, e)
			}
		}
	}
	for _, e := range c.errs {
		t.Error(e)
	}
	if c.summons < 20 || c.turned < c.summons/2 {
		t.Errorf("%d Drones summoned, %d of them took a Turn", c.summons, c.turned)
	}
	t.Logf("%d Drones summoned, %d of them took a Turn", c.summons, c.turned)
}
