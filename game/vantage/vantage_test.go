package vantage

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	cfgv "balance/configs/vantage"
	"balance/game"
	sim "balance/sim/vantage"
)

func load(t testing.TB, dir string) game.Data {
	t.Helper()
	data, err := Game{}.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func design(t testing.TB, data game.Data, c game.Choice, set ...string) *Design {
	t.Helper()
	d, err := data.Design(context.Background(), c, set, 1)
	if err != nil {
		t.Fatal(err)
	}
	return d.(*Design)
}

func player(t testing.TB, d game.Design, policy string) game.Player {
	t.Helper()
	p, err := d.NewPlayer(policy)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Playing a duel through the plug allocates nothing, whatever the tier
// and the parties.
func TestPlayAllocatesNothing(t *testing.T) {
	data := load(t, "")
	for _, c := range []game.Choice{nil, {"players": "pair", "enemies": "raiders", "map": "ford"}} {
		d := design(t, data, c)
		for _, policy := range []string{"random", "basic"} {
			p := player(t, d, policy)
			rec := d.Schema().NewRecord()
			i := uint64(0)
			if a := testing.AllocsPerRun(300, func() { p.Play(1, i, rec); i++ }); a != 0 {
				t.Errorf("%v, %s: %v allocations per duel", c, policy, a)
			}
		}
	}
}

// The same seed and index play the same duel, whatever the player played
// before, and Trace fills the same record as Play.
func TestDeterministic(t *testing.T) {
	data := load(t, "")
	d := design(t, data, game.Choice{"players": "pair", "enemies": "raiders"})
	a, b := player(t, d, "basic"), player(t, d, "basic")
	ra, rb := d.Schema().NewRecord(), d.Schema().NewRecord()
	for i := uint64(0); i < 200; i++ {
		b.Play(9, 1000+i, rb) // something else first
		a.Play(3, i, ra)
		b.Play(3, i, rb)
		if !reflect.DeepEqual(ra, rb) {
			t.Fatalf("duel %d: %+v and %+v", i, ra, rb)
		}
		var text bytes.Buffer
		if err := b.Trace(3, i, rb, &text, nil); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(ra, rb) {
			t.Fatalf("duel %d traced: %+v, played: %+v", i, rb, ra)
		}
	}
}

// The trace gives every roll with its dice and the stat, every decision
// with its reason, and ends with the outcome; the JSON Lines carry the
// same events, one object a line.
func TestTrace(t *testing.T) {
	data := load(t, "")
	d := design(t, data, nil)
	p := player(t, d, "basic")
	rec := d.Schema().NewRecord()
	var text, events bytes.Buffer
	if err := p.Trace(1, 0, rec, &text, &events); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(text.String()), "\n")
	last := lines[len(lines)-1]
	if want := "outcome: " + d.Schema().Outcomes[rec.Outcome].Key; !strings.HasPrefix(last, want) {
		t.Errorf("last line %q, want %q...", last, want)
	}
	for _, want := range []string{"chooses vantage on e1 Raider: most expected damage per point", "1d20 [", "round 1, "} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the trace has no %q:\n%s", want, text.String())
		}
	}
	n := 0
	sc := bufio.NewScanner(&events)
	var e sim.Event
	for sc.Scan() {
		e = sim.Event{}
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("line %d: %v: %s", n+1, err, sc.Text())
		}
		n++
	}
	if n != len(lines) || e.Event != "end" || e.Outcome != d.Schema().Outcomes[rec.Outcome].Key {
		t.Errorf("%d events for %d lines, the last %+v", n, len(lines), e)
	}
}

// Against a target that cannot fight back (every stat 0, no weapon), on
// one hex with the players first, the archer spends its points on
// vantage until it gains it (a geometric number G of points, chance p
// each) and then shoots: the duel is won by round r with probability
// P(G + n ≤ AP·r) = 1 − (1 − p)^(AP·r − n), n the shots the target's HP
// takes. The simulated shares agree on several seeds.
func TestAgainstDummyAgreesWithExact(t *testing.T) {
	data := load(t, "testdata/dummy")
	for _, set := range []string{"builds.archer.perception=+0", "builds.archer.perception=5"} {
		againstDummy(t, design(t, data, game.Choice{"players": "archer", "enemies": "dummy", "map": "cell"}, set))
	}
}

func againstDummy(t *testing.T, d *Design) {
	f := &d.sc.F[0]
	p, ap, cap := f.Chance[sim.Perception], d.sc.Rules.AP, d.sc.Rules.RoundCap
	shots := (d.sc.F[1].HP + f.RangedDamage - 1) / f.RangedDamage
	exact := func(r int) float64 { return sim.GainWithin(p, ap*r-shots) }
	const n = 20000
	pl := player(t, d, "basic")
	rec := d.Schema().NewRecord()
	for seed := uint64(1); seed <= 3; seed++ {
		byRound := make([]int, cap+1)
		draws := 0
		for i := uint64(0); i < n; i++ {
			pl.Play(seed, i, rec)
			switch rec.Outcome {
			case playersWon:
				byRound[rec.Length]++
			case draw:
				draws++
			default:
				t.Fatalf("the dummy won")
			}
		}
		won := 0
		for r := 1; r <= cap; r++ {
			won += byRound[r]
			if got, want := float64(won)/n, exact(r); math.Abs(got-want) > 4.5*math.Sqrt(want*(1-want)/n)+1e-9 {
				t.Errorf("seed %d: won by round %d in %.4f of duels, exactly %.4f", seed, r, got, want)
			}
		}
		if got, want := float64(draws)/n, 1-exact(cap); math.Abs(got-want) > 4.5*math.Sqrt(want*(1-want)/n)+1e-9 {
			t.Errorf("seed %d: draws %.4f, exactly %.4f", seed, got, want)
		}
	}
}

// The default duel is a real contest: the players win 30-70% of 20,000
// duels (every seed).
func TestDefaultDuelIsAContest(t *testing.T) {
	d := design(t, load(t, ""), nil)
	p := player(t, d, "")
	rec := d.Schema().NewRecord()
	const n = 20000
	for seed := uint64(1); seed <= 2; seed++ {
		won := 0
		for i := uint64(0); i < n; i++ {
			p.Play(seed, i, rec)
			if rec.Outcome == playersWon {
				won++
			}
		}
		if r := float64(won) / n; r < 0.3 || r > 0.7 {
			t.Errorf("seed %d: the players win %.3f of the default duels", seed, r)
		}
	}
}

// The record adds up: HP lost by a side is its fighters' damage taken,
// which is the other side's damage dealt, and the series' totals; a
// fighter down has 0 HP left and its round of falling.
func TestRecordAddsUp(t *testing.T) {
	data := load(t, "")
	d := design(t, data, game.Choice{"players": "pair", "enemies": "raiders"})
	s := d.Schema()
	p := player(t, d, "basic")
	rec := s.NewRecord()
	for i := uint64(0); i < 500; i++ {
		p.Play(2, i, rec)
		var taken, dealt, series [2]int32
		for f := 0; f < d.sc.N; f++ {
			side := d.sc.F[f].Side
			taken[side] += rec.V[d.slot.taken+f]
			dealt[1-side] += rec.V[d.slot.dealt+f]
			lo, _ := d.sc.Side(side)
			down := rec.V[d.slot.down[side]+f-lo]
			if left := rec.V[d.slot.left+f]; (left == 0) != (down > 0) || left+rec.V[d.slot.taken+f] != int32(d.sc.F[f].HP) {
				t.Fatalf("duel %d, fighter %d: %d HP left, down in round %d", i, f, left, down)
			}
		}
		for k := range 2 {
			for r := 0; r < s.NSteps(); r++ {
				series[1-k] += rec.S[k*s.NSteps()+r]
			}
		}
		for side := range 2 {
			if taken[side] != dealt[side] || taken[side] != rec.V[d.slot.hpLost[side]] || taken[side] != series[side] {
				t.Fatalf("duel %d, %s: taken %d, dealt to %d, lost %d, series %d", i, sim.SideNames[side],
					taken[side], dealt[side], rec.V[d.slot.hpLost[side]], series[side])
			}
		}
	}
}

// Every lever and every ablation is a -set the data takes, and an
// ablation changes the rules it names.
func TestLeversAndAblations(t *testing.T) {
	data := load(t, "")
	d := design(t, data, game.Choice{"players": "pair"})
	if len(d.Levers()) < 10 || len(d.Ablations()) < 8 {
		t.Fatalf("%d levers, %d ablations", len(d.Levers()), len(d.Ablations()))
	}
	for _, l := range d.Levers() {
		if l.Value < l.Min || l.Value > l.Max || len(l.Usual) == 0 {
			t.Errorf("lever %s: %d in %d..%d, %v", l.Set, l.Value, l.Min, l.Max, l.Usual)
		}
		for _, v := range []int{l.Min, l.Max} {
			design(t, data, game.Choice{"players": "pair"}, fmt.Sprintf("%s=%d", l.Set, v))
		}
	}
	for _, a := range d.Ablations() {
		ab := design(t, data, game.Choice{"players": "pair"}, a.Set)
		if ab.Hash() == d.Hash() || reflect.DeepEqual(ab.sc.Rules, d.sc.Rules) {
			t.Errorf("%s (%s) changes nothing", a.Label, a.Set)
		}
		if slices.ContainsFunc(ab.Ablations(), func(x game.Ablation) bool { return x.Set == a.Set }) {
			t.Errorf("%s is offered again once it is off", a.Set)
		}
	}
}

// Options: the defaults, a chosen party, and clear errors for an unknown
// option or entry.
func TestOptions(t *testing.T) {
	data := load(t, "")
	if d := design(t, data, nil); d.Title() != "Archer vs Raider" {
		t.Errorf("default title %q", d.Title())
	}
	if d := design(t, data, game.Choice{"players": "evader", "map": "ford"}); d.Title() != "Evader vs Raider" || d.sc.Map.N != 6 {
		t.Errorf("title %q, %d hexes", d.Title(), d.sc.Map.N)
	}
	for c, want := range map[string]game.Choice{
		`no option -player; its options are -players, -enemies, -map; did you mean -players?`:                    {"player": "archer"},
		`unknown party "archr" (known: archer, duellist, evader, pair, raider, raiders); did you mean "archer"?`: {"players": "archr"},
		`unknown map "glde"`: {"map": "glde"},
	} {
		_, err := data.Design(context.Background(), want, nil, 1)
		if err == nil || !strings.Contains(err.Error(), c) {
			t.Errorf("%v: %v, want %q", want, err, c)
		}
	}
	if _, err := design(t, data, nil).NewPlayer("smart"); err == nil {
		t.Error("no error for an unknown tier")
	}
	tiers, def, err := data.Policies(nil)
	if err != nil || len(tiers) < 2 || def != "basic" {
		t.Errorf("tiers %v, default %s, %v", tiers, def, err)
	}
	for name, want := range map[string]string{"": "basic", "random": "random", "basic": "basic"} {
		if got, err := data.Policy(nil, name); err != nil || got != want {
			t.Errorf("policy %q: %q %v", name, got, err)
		}
	}
	var ue *game.UsageError
	if _, err := data.Policy(nil, "basik"); !errors.As(err, &ue) || !strings.Contains(err.Error(), `did you mean "basic"?`) {
		t.Errorf("policy basik: %v", err)
	}
	for _, k := range data.Kinds() {
		if names, err := data.List(k); err != nil || len(names) == 0 {
			t.Errorf("list %s: %v %v", k, names, err)
		}
	}
}

// The exact odds: the roll's distribution and the spec's P-1 … P-4 for
// the bundled rules, as text and as JSON.
func TestOdds(t *testing.T) {
	o := Exact(design(t, load(t, ""), nil).sc.Rules, []int{12}, 3)
	if len(o.Distribution) != 20 || o.Chance[0] != 0.6 || math.Abs(o.Within[1].P-0.84) > 1e-12 ||
		math.Abs(o.ExpectedAP[0]-1/0.6) > 1e-12 || o.GainAttack != 0.6 || o.GainOnEvader != 0 {
		t.Errorf("odds %+v", o)
	}
	for _, args := range [][]string{{"-stat", "12"}, {"-stat", "12,0", "-k", "4"}, {"-stat", "0"}} {
		for _, asJSON := range []bool{false, true} {
			fs := flagSet()
			run := Game{}.OddsFlags(fs)
			if err := fs.Parse(args); err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := run(&b, asJSON); err != nil {
				t.Fatalf("%v: %v", args, err)
			}
			if asJSON {
				var m map[string]any
				if err := json.Unmarshal(b.Bytes(), &m); err != nil {
					t.Errorf("%v: %v\n%s", args, err, b.String())
				}
			} else if !strings.Contains(b.String(), "P(success)") {
				t.Errorf("%v:\n%s", args, b.String())
			}
		}
	}
	for _, bad := range [][]string{{"-stat", "x"}, {"-stat", "1,2,3,4,5"}, {"-k", "0"}} {
		fs := flagSet()
		run := Game{}.OddsFlags(fs)
		if err := fs.Parse(bad); err != nil {
			t.Fatal(err)
		}
		var ue *game.UsageError
		if err := run(&bytes.Buffer{}, false); !errors.As(err, &ue) {
			t.Errorf("%v: %v, want a usage error", bad, err)
		}
	}
}

func flagSet() *flag.FlagSet { return flag.NewFlagSet("odds", flag.ContinueOnError) }

// A -data that is not a directory is a usage error; the embedded files
// are the four kinds of data.
func TestDataDirAndFiles(t *testing.T) {
	var ue *game.UsageError
	if _, err := (Game{}).Load(context.Background(), filepath.Join(t.TempDir(), "none")); !errors.As(err, &ue) {
		t.Errorf("Load of a missing directory: %v, want a usage error", err)
	}
	flags := flagSet()
	run := Game{}.OddsFlags(flags)
	if err := flags.Parse([]string{"-data", filepath.Join(t.TempDir(), "none")}); err != nil {
		t.Fatal(err)
	}
	if err := run(&bytes.Buffer{}, false); !errors.As(err, &ue) {
		t.Errorf("odds -data of a missing directory: %v, want a usage error", err)
	}
	for _, k := range cfgv.Kinds {
		if b, err := fs.ReadFile(Game{}.Files(), k+".yaml"); err != nil || len(b) == 0 {
			t.Errorf("%s.yaml: %v", k, err)
		}
	}
}

// A design asked for once the context is cancelled (a signal during the
// load) is not compiled, and the error says the load stopped.
func TestDesignStopped(t *testing.T) {
	d := load(t, "")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := d.Design(ctx, nil, nil, 1)
	if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "loading the data stopped") {
		t.Errorf("Design after a cancel: %v", err)
	}
}
