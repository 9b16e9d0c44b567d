package horizon

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io/fs"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"balance/batch"
	"balance/game"
	"balance/stats"
	"balance/workflow"
)

func load(t testing.TB) game.Data {
	t.Helper()
	data, err := Game{}.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func design(t testing.TB, c game.Choice, set ...string) *Design {
	t.Helper()
	d, err := load(t).Design(context.Background(), c, set, 1)
	if err != nil {
		t.Fatal(err)
	}
	return d.(*Design)
}

func player(t testing.TB, d *Design, policy string) game.Player {
	t.Helper()
	p, err := d.NewPlayer(policy)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Playing a hunt allocates nothing, for every tier.
func TestPlayAllocatesNothing(t *testing.T) {
	d := design(t, nil)
	for _, pol := range []string{"random", "basic", "careful"} {
		p := player(t, d, pol)
		rec := d.Schema().NewRecord()
		i := uint64(0)
		if a := testing.AllocsPerRun(300, func() { p.Play(1, i, rec); i++ }); a != 0 {
			t.Errorf("%s: %v allocations per hunt", pol, a)
		}
	}
}

// Hunt i of seed s is the same hunt whatever the player played before,
// and another seed or index plays another hunt.
func TestDeterministic(t *testing.T) {
	d := design(t, nil)
	for _, pol := range []string{"random", "basic"} {
		a, b := player(t, d, pol), player(t, d, pol)
		ra, rb := d.Schema().NewRecord(), d.Schema().NewRecord()
		for i := uint64(0); i < 50; i++ {
			b.Play(7, 1000+i, rb) // b has played other hunts before
		}
		differ := 0
		for i := uint64(0); i < 200; i++ {
			a.Play(3, i, ra)
			b.Play(3, i, rb)
			if ra.Outcome != rb.Outcome || ra.Length != rb.Length || ra.End != rb.End || !slices.Equal(ra.V, rb.V) || !slices.Equal(ra.S, rb.S) {
				t.Fatalf("%s: hunt %d of seed 3 differs between players", pol, i)
			}
			b.Play(4, i, rb)
			if !slices.Equal(ra.V, rb.V) {
				differ++
			}
		}
		if differ < 100 {
			t.Errorf("%s: seeds 3 and 4 played the same records %d times in 200", pol, 200-differ)
		}
	}
}

// The default matchup is a real contest: the hunters' success share lies
// between 30% and 70%, its 95% interval included.
func TestDefaultMatchupIsAContest(t *testing.T) {
	d := design(t, nil)
	p := player(t, d, "")
	rec := d.Schema().NewRecord()
	n := 20000
	if testing.Short() {
		n = 4000
	}
	wins := 0
	for i := 0; i < n; i++ {
		p.Play(1, uint64(i), rec)
		if d.Schema().Outcomes[rec.Outcome].Winner == 0 {
			wins++
		}
	}
	lo, hi := wilson(wins, n)
	t.Logf("%s, basic: success %.3f [%.3f, %.3f] (n %d)", d.Title(), float64(wins)/float64(n), lo, hi, n)
	if lo < 0.30 || hi > 0.70 {
		t.Errorf("success %.3f [%.3f, %.3f]: not a real contest", float64(wins)/float64(n), lo, hi)
	}
}

// wilson is the 95% Wilson interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	z := 1.959964
	p := float64(k) / float64(n)
	den := 1 + z*z/float64(n)
	c := (p + z*z/(2*float64(n))) / den
	h := z * math.Sqrt(p*(1-p)/float64(n)+z*z/(4*float64(n)*float64(n))) / den
	return c - h, c + h
}

// Every encounter with every party plays under every tier, and its
// records hold together: success with the threshold met, failure by
// faints with as many faints as hunters, the points series adding up to
// the points.
func TestEveryDesignPlays(t *testing.T) {
	data := load(t)
	encs, _ := data.List("encounters")
	parties, _ := data.List("parties")
	for _, e := range encs {
		for _, party := range parties {
			d := design(t, game.Choice{"encounter": e, "party": party})
			s := d.Schema()
			for _, pol := range []string{"random", "basic", "careful"} {
				p := player(t, d, pol)
				rec := s.NewRecord()
				for i := uint64(0); i < 60; i++ {
					p.Play(1, i, rec)
					pts := rec.V[d.slots.points]
					faints := rec.V[d.slots.faintsTotal]
					key := s.Outcomes[rec.Outcome].Key
					switch {
					case strings.HasPrefix(key, "success") && int(pts) < d.sc.Threshold:
						t.Fatalf("%s/%s/%s hunt %d: %s with %d points", e, party, pol, i, key, pts)
					case key == "fail_faints" && int(faints) < d.sc.NH:
						t.Fatalf("%s/%s/%s hunt %d: %s with %d faints", e, party, pol, i, key, faints)
					case rec.Length < 1 || rec.End < 1:
						t.Fatalf("%s/%s/%s hunt %d: length %d end %d", e, party, pol, i, rec.Length, rec.End)
					}
					sum := int32(0)
					for _, g := range rec.S[:rec.End] {
						sum += g
					}
					if sum != pts {
						t.Fatalf("%s/%s/%s hunt %d: the points series adds to %d, the record says %d", e, party, pol, i, sum, pts)
					}
				}
			}
		}
	}
}

// A trace ends with its outcome, and its events are JSON Lines, one per
// line, with the dice of every roll.
func TestTrace(t *testing.T) {
	d := design(t, nil)
	p := player(t, d, "basic")
	var text, events bytes.Buffer
	rec := d.Schema().NewRecord()
	if err := p.Trace(1, 5, rec, &text, &events); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(text.String()), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "outcome: "+d.Schema().Outcomes[rec.Outcome].Key) {
		t.Errorf("the trace ends with %q", last)
	}
	played := d.Schema().NewRecord()
	p.Play(1, 5, played)
	if !slices.Equal(played.V, rec.V) || played.Outcome != rec.Outcome {
		t.Error("the traced hunt differs from the hunt played")
	}
	sc := bufio.NewScanner(&events)
	rolls, n := 0, 0
	for sc.Scan() {
		var ev struct {
			Event string `json:"event"`
			Dice  []any  `json:"dice"`
			Text  string `json:"text"`
		}
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatalf("event %d: %v: %s", n, err, sc.Text())
		}
		if ev.Event == "roll" {
			rolls++
			if len(ev.Dice) == 0 {
				t.Errorf("a roll without its dice: %s", ev.Text)
			}
		}
		n++
	}
	if n != len(lines) || rolls == 0 {
		t.Errorf("%d events for %d lines of text, %d rolls", n, len(lines), rolls)
	}
	// the events alone, without the text (trace -json -)
	var only bytes.Buffer
	if err := p.Trace(1, 5, rec, nil, &only); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(only.String(), "\n"); got != n {
		t.Errorf("the events alone: %d lines, want %d", got, n)
	}
}

// Overrides change the design and its hash; bad ones are usage errors.
func TestOverrides(t *testing.T) {
	base := design(t, nil)
	d := design(t, nil, "machine.sawtooth.hp=+4", "rules.stop_vote=all_gone", "behaviour.sawtooth.3=blank")
	if d.sc.Machines[1].HP != base.sc.Machines[1].HP+4 || d.Hash() == base.Hash() {
		t.Errorf("HP %d (was %d), hash %s (was %s)", d.sc.Machines[1].HP, base.sc.Machines[1].HP, d.Hash(), base.Hash())
	}
	if bc := d.sc.BCards[d.sc.Decks[1].Cards[2]]; bc.NCol != [2]uint8{} {
		t.Errorf("the blank card still has boxes: %v", bc.NCol)
	}
	for _, bad := range []string{"machine.sawtoth.hp=3", "machine.sawtooth.hp=0", "rules.stop_vote=never", "rules.nope=1", "hp=3",
		"behaviour.sawtooth.9=blank", "hunter.nora_marksman.deck.hunter_arrow=99"} {
		_, err := load(t).Design(context.Background(), nil, []string{bad}, 1)
		var ue *game.UsageError
		if err == nil || !errorsAs(err, &ue) {
			t.Errorf("-set %s: %v, want a usage error", bad, err)
		}
	}
	if _, err := load(t).Design(context.Background(), game.Choice{"encounter": "sawtooth_lar"}, nil, 1); err == nil || !strings.Contains(err.Error(), "sawtooth_lair") {
		t.Errorf("a misspelt encounter: %v", err)
	}
}

func errorsAs(err error, ue **game.UsageError) bool {
	u, ok := err.(*game.UsageError)
	if ok {
		*ue = u
	}
	return ok
}

func TestValidate(t *testing.T) {
	s, err := load(t).Validate(context.Background(), nil)
	if err != nil || !strings.HasPrefix(s, "ok: ") {
		t.Fatalf("%q, %v", s, err)
	}
}

func BenchmarkHunt(b *testing.B) {
	d := design(b, nil)
	p := player(b, d, "basic")
	rec := d.Schema().NewRecord()
	turns, hunterTurns, draws := 0, 0, uint64(0)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p.Play(1, uint64(i), rec)
		turns += int(rec.V[d.slots.modelTurns])
		hunterTurns += int(rec.V[d.slots.turns])
		draws += p.(*Player).h.Draws()
	}
	b.ReportMetric(float64(draws)/float64(b.N), "draws/hunt")
	// model turns: the activations of hunters and machines
	b.ReportMetric(float64(turns)/float64(b.N), "turns/hunt")
	b.ReportMetric(float64(hunterTurns)/float64(b.N), "hunter-turns/hunt")
}

// odds prints the exact law of a roll from the data's faces, the faces
// themselves, and the damage past armour.
func TestOdds(t *testing.T) {
	run := func(asJSON bool, args ...string) (string, error) {
		fs := flag.NewFlagSet("odds", flag.ContinueOnError)
		f := Game{}.OddsFlags(fs)
		if err := fs.Parse(args); err != nil {
			return "", err
		}
		var b bytes.Buffer
		err := f(&b, asJSON)
		return b.String(), err
	}
	out, err := run(true, "-dice", "2orange,1black", "-armour", "1", "-crit", "1")
	if err != nil {
		t.Fatal(err)
	}
	var o Odds
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatal(err)
	}
	if len(o.Dice["orange"]) == 0 || o.Pool["orange"] != 2 || o.Pool["black"] != 1 || o.Armour != 1 {
		t.Errorf("faces %v, pool %v", o.Dice, o.Pool)
	}
	sum := 0.0
	for _, q := range o.Pips {
		sum += q
	}
	mean := 0.0
	for s, row := range o.Joint {
		for c, q := range row {
			mean += q * float64(max(0, s+c-1))
		}
	}
	if math.Abs(sum-1) > 1e-12 || math.Abs(mean-o.MeanDamage) > 1e-12 {
		t.Errorf("pips add to %v; mean damage %v, from the joint law %v", sum, o.MeanDamage, mean)
	}
	text, err := run(false, "-dice", "1blue", "-evade", "3", "-frozen")
	if err != nil || !strings.Contains(text, "damage suffered from an attack of 3") || !strings.Contains(text, "blue faces: ") {
		t.Errorf("%v\n%s", err, text)
	}
	for _, bad := range [][]string{{}, {"-dice", "2green"}, {"-dice", "1blue", "-armour", "-3"}} {
		if _, err := run(false, bad...); err == nil {
			t.Errorf("odds %v: no error", bad)
		} else if _, ok := err.(*game.UsageError); !ok {
			t.Errorf("odds %v: %v is not a usage error", bad, err)
		}
	}
}

// Through the shared runner, a run's tally is the same bit for bit on one
// worker or two.
func TestRunnerDeterministic(t *testing.T) {
	d := design(t, nil)
	var got []*stats.Tally
	for _, w := range []int{1, 2} {
		r, err := batch.Run(context.Background(), batch.Config{Seed: 5, Hunts: 3000, Workers: w}, batch.Lane{Design: d, Policy: "basic"})
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, r.Tally)
	}
	if !reflect.DeepEqual(got[0], got[1]) {
		t.Error("the tallies of 1 and 2 workers differ")
	}
	if got[0].Hunts != 3000 {
		t.Errorf("%d hunts tallied", got[0].Hunts)
	}
}

// Every key -set takes is a line of SetKeys that sweep and tune check a
// -param against, and every line is such a key: an override of each line
// applies, and its key passes the check.
func TestSetKeys(t *testing.T) {
	data := load(t)
	for _, kv := range []string{
		"rules.stop_vote=all_gone",
		"machine.sawtooth.hp=+2", "machine.watcher.armour=2", "machine.watcher.salvage=2", "machine.watcher.glory=2", "machine.watcher.points=3",
		"component.sawtooth.A.tear=6", "component.sawtooth.A.damage=4",
		"behaviour.sawtooth.2=blank",
		"hunter.nora_marksman.hand_size=6", "hunter.nora_marksman.deck.hunter_arrow=2",
		"weapon.war_bow.range=3", "weapon.war_bow.damage=1",
		"encounter.threshold=12", "encounter.bonus_salvage=2",
		"dice.orange.1=1",
	} {
		if _, err := data.Design(context.Background(), nil, []string{kv}, 1); err != nil {
			t.Errorf("-set %s: %v", kv, err)
		}
		key, _, _ := strings.Cut(kv, "=")
		if err := workflow.CheckParam(data, workflow.Param{Key: key, Text: key + "=1,2"}); err != nil {
			t.Errorf("-param %s: %v", key, err)
		}
	}
	for _, k := range data.SetKeys() {
		if strings.ContainsAny(k.Key, " ,:") || k.Help == "" {
			t.Errorf("SetKeys entry %q: a key alone, and what it sets", k)
		}
	}
}

// The help the game adds: examples that name the game, for the commands
// it has something to say on; its embedded data is the configs folder's.
func TestHelpAndFiles(t *testing.T) {
	for _, cmd := range []string{"run", "compare", "sweep", "tune", "sensitivity", "skill", "trace", "validate", "odds", "list", "analyze", "baseline"} {
		h := Game{}.Help(cmd)
		if len(h.Examples) == 0 {
			t.Errorf("%s: no examples", cmd)
		}
		for _, e := range h.Examples {
			if !strings.HasPrefix(e, "balance "+cmd+" -game horizon") {
				t.Errorf("%s: example %q", cmd, e)
			}
		}
	}
	if h := (Game{}).Help("version"); h.Notes != "" || len(h.Examples) != 0 {
		t.Errorf("version: %+v", h)
	}
	names, err := fs.Glob(Game{}.Files(), "*.yaml")
	if err != nil || !slices.Contains(names, "machines.yaml") || !slices.Contains(names, "rules.yaml") {
		t.Errorf("the embedded files: %v, %v", names, err)
	}
}
