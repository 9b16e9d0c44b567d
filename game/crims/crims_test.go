package crims

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"balance/configs/yamldata"
	"balance/game"
	"balance/internal/testenv"
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

func player(t testing.TB, d *Design, tier string) game.Player {
	t.Helper()
	p, err := d.NewPlayer(tier)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Playing a match allocates nothing, with either tier.
func TestPlayAllocatesNothing(t *testing.T) {
	d := design(t, nil)
	for _, tier := range []string{"basic", "random"} {
		pl := player(t, d, tier)
		rec := d.Schema().NewRecord()
		i := uint64(0)
		if a := testing.AllocsPerRun(200, func() { pl.Play(1, i, rec); i++ }); a != 0 {
			t.Errorf("%s: %v allocations per match", tier, a)
		}
	}
}

func clone(r *game.Record) game.Record {
	return game.Record{Outcome: r.Outcome, Length: r.Length, End: r.End, V: append([]int32(nil), r.V...), S: append([]int32(nil), r.S...)}
}

// The same (seed, index) plays the same match whatever was played before
// on the player, and Trace plays the match Play plays.
func TestDeterministic(t *testing.T) {
	d := design(t, nil)
	for _, tier := range []string{"basic", "random"} {
		a, b := player(t, d, tier), player(t, d, tier)
		ra, rb := d.Schema().NewRecord(), d.Schema().NewRecord()
		for i := uint64(0); i < 50; i++ {
			b.Play(9, 1000+i, rb) // something else first
		}
		for i := uint64(0); i < 30; i++ {
			a.Play(5, i, ra)
			b.Play(5, i, rb)
			if !reflect.DeepEqual(clone(ra), clone(rb)) {
				t.Fatalf("%s: match %d differs after other matches", tier, i)
			}
			var w, ev bytes.Buffer
			if err := b.Trace(5, i, rb, &w, &ev); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(clone(ra), clone(rb)) {
				t.Fatalf("%s: match %d traced differs from played", tier, i)
			}
		}
	}
}

// The schema: a side and an outcome per hunter, a tie, the lists and the
// record filled within its bounds.
func TestSchema(t *testing.T) {
	d := design(t, nil)
	s := d.Schema()
	if len(s.Sides) != 4 || len(s.Outcomes) != 5 || s.Outcomes[4].Winner != -1 {
		t.Fatalf("sides %v, outcomes %v", s.Sides, s.Outcomes)
	}
	want := []string{"bruiser", "marksman", "runner", "enforcer"}
	for i, k := range want {
		if s.Sides[i].Key != k || s.Outcomes[i].Key != k+"_won" || s.Outcomes[i].Winner != i {
			t.Fatalf("side %d: %+v, outcome %+v", i, s.Sides[i], s.Outcomes[i])
		}
	}
	if s.List("attacks") == nil || len(s.List("attacks").Items) != 8 || len(s.List("crims").Items) != 5 {
		t.Fatalf("lists %+v", s.Lists)
	}
	pl := player(t, d, "basic")
	rec := s.NewRecord()
	for i := uint64(0); i < 300; i++ {
		pl.Play(2, i, rec)
		win := rec.Outcome
		pts := func(h int) int32 { return rec.V[s.Slot("points", h)] }
		if win < 4 {
			for h := 0; h < 4; h++ {
				if h != win && pts(h) > pts(win) {
					t.Fatalf("match %d: %s won with %d points, %s had %d", i, s.Sides[win].Key, pts(win), s.Sides[h].Key, pts(h))
				}
			}
		}
		sum := int32(0)
		for h := 0; h < 4; h++ {
			sum += rec.V[s.Slot("pod_points", h)] + rec.V[s.Slot("elimination_points", h)] + rec.V[s.Slot("event_points", h)]
			if got := rec.V[s.Slot("pod_points", h)] + rec.V[s.Slot("elimination_points", h)] + rec.V[s.Slot("event_points", h)]; got != pts(h) {
				t.Fatalf("match %d: %s has %d points, %d from pods, eliminations and Event Cards", i, s.Sides[h].Key, pts(h), got)
			}
		}
		if rec.Length != 10 {
			t.Fatalf("match %d lasted %d turns", i, rec.Length)
		}
		// the model turns: every hunter's activation and every crim's turn
		if _, turns := pl.(*Player).Counts(); rec.V[s.Slot("model_turns", 0)] != int32(turns) || turns <= 0 {
			t.Fatalf("match %d: %d model turns recorded, %d played", i, rec.V[s.Slot("model_turns", 0)], turns)
		}
	}
}

// The default matchup is a contest: every build wins between 10% and
// 40% of matches, the interval of each share within those bounds
// (20,000 matches; 100,000 with BALANCE_LONG=1).
func TestDefaultMatchup(t *testing.T) {
	n := 20000
	switch {
	case testing.Short():
		n = 4000
	case testenv.Long():
		n = 100000
	}
	d := design(t, nil)
	s := d.Schema()
	pl := player(t, d, "basic")
	rec := s.NewRecord()
	count := make([]int, len(s.Outcomes))
	for i := 0; i < n; i++ {
		pl.Play(1, uint64(i), rec)
		count[rec.Outcome]++
	}
	for o := range s.Outcomes {
		p := float64(count[o]) / float64(n)
		se := math.Sqrt(p * (1 - p) / float64(n))
		lo, hi := p-1.96*se, p+1.96*se
		t.Logf("%-14s %.4f [%.4f, %.4f] of %d matches", s.Outcomes[o].Key, p, lo, hi, n)
		if o < 4 && (lo < 0.10 || hi > 0.40) {
			t.Errorf("%s wins %.3f [%.3f, %.3f] of matches: outside 10%%..40%%", s.Sides[o].Key, p, lo, hi)
		}
	}
}

// A trace: a line per event, every check with its dice, the outcome last;
// its JSON Lines parse, one object per line, each with its text.
func TestTrace(t *testing.T) {
	d := design(t, nil)
	pl := player(t, d, "basic")
	rec := d.Schema().NewRecord()
	var w, ev bytes.Buffer
	if err := pl.Trace(1, 3, rec, &w, &ev); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(w.String()), "\n")
	if !strings.HasPrefix(lines[len(lines)-1], "outcome: ") || !strings.Contains(w.String(), " check") {
		t.Fatalf("trace:\n%s", w.String())
	}
	events := strings.TrimSpace(ev.String())
	sc := bufio.NewScanner(&ev)
	sc.Buffer(nil, 1<<20)
	n, checks := 0, 0
	for sc.Scan() {
		var e map[string]any
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		}
		if e["text"] == nil || e["kind"] == nil {
			t.Fatalf("line %d: %v", n+1, e)
		}
		if e["kind"] == "check" {
			checks++
			if e["check"] == nil {
				t.Fatalf("line %d: a check without its dice", n+1)
			}
		}
		n++
	}
	if n != len(lines) || checks == 0 {
		t.Fatalf("%d JSON events for %d text lines, %d checks", n, len(lines), checks)
	}
	var last struct {
		Kind, Outcome string
		Points        map[string]int
	}
	if err := json.Unmarshal([]byte(events[strings.LastIndexByte(events, '\n')+1:]), &last); err != nil {
		t.Fatal(err)
	}
	if o := d.Schema().Outcomes[rec.Outcome].Key; last.Kind != "outcome" || last.Outcome != o || len(last.Points) != 4 ||
		!strings.HasPrefix(lines[len(lines)-1], "outcome: "+o+" ") {
		t.Errorf("last event %+v, last line %q", last, lines[len(lines)-1])
	}
	// a nil events writer writes text alone; a nil text writer, events alone
	if err := pl.Trace(1, 3, rec, &bytes.Buffer{}, nil); err != nil {
		t.Fatal(err)
	}
	var ev2 bytes.Buffer
	if err := pl.Trace(1, 3, rec, nil, &ev2); err != nil || strings.TrimSpace(ev2.String()) != events {
		t.Errorf("events without text: %v, same events %v", err, strings.TrimSpace(ev2.String()) == events)
	}
}

// -set changes the design; bad overrides are refused with the allowed
// values; the -hunters option takes a build twice.
func TestDesignOptions(t *testing.T) {
	d := design(t, nil, "hunter.bruiser.fight=+1", "crim.thug.wounds=3", "rules.tie_break=none", "control.2=blank")
	if d.sc.Hunters[0].Attr[2] != 6 || d.sc.Crims[0].Wounds != 3 || d.sc.Rules.TieBreak || d.sc.Deck[1].NPlace != 0 {
		t.Fatalf("after -set: fight %d, thug wounds %d, tie-break %v", d.sc.Hunters[0].Attr[2], d.sc.Crims[0].Wounds, d.sc.Rules.TieBreak)
	}
	if d.Hash() == design(t, nil).Hash() {
		t.Fatal("the hash did not change with -set")
	}
	data := load(t)
	for bad, want := range map[string]string{
		"hunter.bruiser.fight=11":          "out of range 1..10",
		"hunter.bruisr.fight=1":            `did you mean "bruiser"`,
		"crim.thug.woonds=2":               `did you mean "wounds"`,
		"rules.seating=shuffled":           "random, fixed",
		"rules.max_crims=40":               "out of range",
		"control.11=blank":                 "cards are 1..10",
		"hunter.marksman.attack.2.range=5": "melee attack",
		"nonsense":                         "KEY=VALUE",
	} {
		_, err := data.Design(context.Background(), nil, []string{bad}, 1)
		var ue *game.UsageError
		if err == nil || !strings.Contains(err.Error(), want) || !errors.As(err, &ue) {
			t.Errorf("-set %s: %v, want a usage error with %q", bad, err, want)
		}
	}
	d2 := design(t, game.Choice{"hunters": "bruiser,bruiser,runner"})
	s := d2.Schema()
	if len(s.Sides) != 3 || s.Sides[1].Key != "bruiser_2" || s.Sides[1].Label != "Bruiser 2" {
		t.Fatalf("sides %+v", s.Sides)
	}
	if _, err := data.Design(context.Background(), game.Choice{"hunters": "bruiser,runer"}, nil, 1); err == nil || !strings.Contains(err.Error(), `did you mean "runner"`) {
		t.Fatalf("-hunters with a typo: %v", err)
	}
	if _, err := data.Design(context.Background(), game.Choice{"encounter": "street-swep"}, nil, 1); err == nil || !strings.Contains(err.Error(), `did you mean "street-sweep"`) {
		t.Fatalf("-encounter with a typo: %v", err)
	}
}

// The tiers, and a tier's name resolved.
func TestPolicies(t *testing.T) {
	data := load(t)
	tiers, def, err := data.Policies(nil)
	if err != nil || len(tiers) != 2 || tiers[0].Name != "random" || def != "basic" {
		t.Fatalf("%v %s %v", tiers, def, err)
	}
	if n, err := data.Policy(nil, ""); n != "basic" || err != nil {
		t.Fatalf("default: %s %v", n, err)
	}
	_, err = data.Policy(nil, "basik")
	var ue *game.UsageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), `did you mean "basic"`) {
		t.Fatalf("a misspelt tier: %v", err)
	}
}

// Levers and ablations are -set overrides that compile.
func TestLeversAndAblations(t *testing.T) {
	d := design(t, nil)
	data := load(t)
	var sets []string
	for _, l := range d.Levers() {
		sets = append(sets, l.Set+"=+1")
	}
	for _, a := range d.Ablations() {
		sets = append(sets, a.Set)
	}
	for _, s := range sets {
		if _, err := data.Design(context.Background(), nil, []string{s}, 1); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
	for _, l := range d.Levers() {
		if l.Value < l.Min || l.Value > l.Max || len(l.Usual) == 0 {
			t.Errorf("lever %+v", l)
		}
		for _, v := range []int{l.Min, l.Max} {
			if _, err := data.Design(context.Background(), nil, []string{fmt.Sprintf("%s=%d", l.Set, v)}, 1); err != nil {
				t.Errorf("%s=%d: %v", l.Set, v, err)
			}
		}
	}
	if len(d.Ablations()) != 10+12 {
		t.Fatalf("%d ablations", len(d.Ablations()))
	}
}

// odds prints the exact distribution: P-4's N=3, T=2 (single, 19/40;
// double, 1/2) and P-6's Damage check of 3 against Armor 1.
func TestOdds(t *testing.T) {
	run := func(args ...string) (string, error) {
		fs := flag.NewFlagSet("odds", flag.ContinueOnError)
		f := Game{}.OddsFlags(fs)
		asJSON := fs.Bool("json", false, "")
		if err := fs.Parse(args); err != nil {
			return "", err
		}
		var b bytes.Buffer
		err := f(&b, *asJSON)
		return b.String(), err
	}
	out, err := run("-pool", "3", "-threshold", "2", "-impact", "single")
	if err != nil || !strings.Contains(out, "P(success) = P(successes >= 2) = 19/40 (0.4750)") {
		t.Fatalf("single:\n%s%v", out, err)
	}
	out, err = run("-pool", "3", "-threshold", "2", "-json")
	var j struct {
		P    float64   `json:"p_success"`
		Dist []float64 `json:"distribution"`
	}
	if err != nil || json.Unmarshal([]byte(out), &j) != nil || j.P != 0.5 || len(j.Dist) != 5 {
		t.Fatalf("double, JSON:\n%s%v", out, err)
	}
	out, err = run("-damage", "3", "-armor", "1", "-impact", "single")
	for _, want := range []string{"{d10, d8}", "0          33/160", "3          3/32", "mean wounds 209/160"} {
		if err != nil || !strings.Contains(out, want) {
			t.Fatalf("damage: want %q in\n%s%v", want, out, err)
		}
	}
	for _, bad := range [][]string{{"-impact", "triple"}, {"-pool", "99"}, {"-armor", "1"}, {"-damage", "-2"}} {
		var ue *game.UsageError
		if _, err := run(bad...); !errors.As(err, &ue) {
			t.Errorf("%v: %v, want a usage error", bad, err)
		}
	}
}

// validate checks every encounter.
func TestValidate(t *testing.T) {
	msg, err := load(t).Validate(context.Background(), nil)
	if err != nil || !strings.HasPrefix(msg, "ok: 1 encounter, 4 hunters, 5 crims, 1 zone, 1 Control Deck, 1 Event deck") {
		t.Fatalf("%s %v", msg, err)
	}
}

// A problem of a design compiled from the files checked that has no place
// in a file is a *game.FileError naming the file it comes from, so that
// validate counts that file; a placed problem stays as it is.
func TestValidateFileErrors(t *testing.T) {
	placed := &yamldata.Error{File: "d/hunters.yaml", Line: 3, Col: 1, Msg: "bad"}
	err := errors.Join(placed, errors.New("rules.yaml: engagement: missing; it is required"), errors.New("too many Demeanors"))
	got := inFile([]string{"d/hunters.yaml", "d/rules.yaml", "d/encounters.yaml"}, "street-sweep", err)
	if len(got) != 3 || got[0] != error(placed) {
		t.Fatalf("%v", got)
	}
	for i, want := range []string{"d/rules.yaml", "d/encounters.yaml"} {
		var fe *game.FileError
		if !errors.As(got[i+1], &fe) || fe.File != want || !strings.Contains(fe.Error(), "encounter street-sweep: ") {
			t.Errorf("problem %d: %v, want a FileError of %s", i+1, got[i+1], want)
		}
	}
	if got := inFile([]string{"x/hunters.yaml"}, "e", errors.New("p")); len(got) != 1 || !strings.HasPrefix(got[0].Error(), "x/hunters.yaml: ") {
		t.Errorf("%v", got)
	}
	if got := inFile(nil, "e", errors.New("p")); len(got) != 1 || got[0].Error() != "p" {
		t.Errorf("%v", got)
	}
}
