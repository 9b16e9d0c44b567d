package skirmish

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"balance/game"
	"balance/internal/testenv"
	"balance/sim/geom"
)

func design(t testing.TB, set ...string) *Design {
	t.Helper()
	data, err := Game{}.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	d, err := data.Design(context.Background(), game.Choice{}, set, 1)
	if err != nil {
		t.Fatal(err)
	}
	return d.(*Design)
}

// Playing a battle allocates nothing, traced or not between.
func TestPlayAllocatesNothing(t *testing.T) {
	d := design(t)
	for _, pol := range []string{"basic", "random/random"} {
		pl, err := d.NewPlayer(pol)
		if err != nil {
			t.Fatal(err)
		}
		rec := d.Schema().NewRecord()
		i := uint64(0)
		if a := testing.AllocsPerRun(300, func() { pl.Play(1, i, rec); i++ }); a != 0 {
			t.Errorf("%s: %v allocations per battle", pol, a)
		}
	}
}

func sameRecord(a, b *game.Record) bool {
	return a.Outcome == b.Outcome && a.Length == b.Length && a.End == b.End && slices.Equal(a.V, b.V) && slices.Equal(a.S, b.S)
}

// The same (seed, index) plays the same battle whatever was played before
// on the player, and Trace plays what Play plays.
func TestDeterministic(t *testing.T) {
	d := design(t)
	for _, pol := range []string{"basic", "random", "random/random"} {
		fresh, _ := d.NewPlayer(pol)
		used, _ := d.NewPlayer(pol)
		r1, r2, r3 := d.Schema().NewRecord(), d.Schema().NewRecord(), d.Schema().NewRecord()
		for i := uint64(0); i < 50; i++ {
			used.Play(9, 1000+i, r2)
		}
		for i := uint64(0); i < 40; i++ {
			fresh.Play(3, i, r1)
			used.Play(3, i, r2)
			var text, events bytes.Buffer
			if err := used.Trace(3, i, r3, &text, &events); err != nil {
				t.Fatal(err)
			}
			if !sameRecord(r1, r2) || !sameRecord(r1, r3) {
				t.Fatalf("%s: battle %d differs between a fresh player, a used one and its trace", pol, i)
			}
			lines := strings.Split(strings.TrimSpace(text.String()), "\n")
			if last := lines[len(lines)-1]; !strings.HasPrefix(last, "outcome: "+d.schema.Outcomes[r1.Outcome].Key) {
				t.Fatalf("%s: battle %d's trace ends %q, its outcome is %s", pol, i, last, d.schema.Outcomes[r1.Outcome].Key)
			}
			if n := strings.Count(events.String(), "\n"); n != len(lines) {
				t.Fatalf("%s: %d events, %d lines of text", pol, n, len(lines))
			}
		}
	}
}

// The default battle is a real contest: each warband wins between 30% and
// 70% of battles (the 99.9% interval inside), over 4,000 battles.
func TestDefaultIsAContest(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 4,000 battles")
	}
	d := design(t)
	pl, _ := d.NewPlayer("basic")
	rec := d.Schema().NewRecord()
	const n = 4000
	var wins [2]float64
	for i := uint64(0); i < n; i++ {
		pl.Play(1, i, rec)
		if w := d.schema.Outcomes[rec.Outcome].Winner; w >= 0 {
			wins[w]++
		}
	}
	for side, w := range wins {
		p := w / n
		h := 3.29 * math.Sqrt(p*(1-p)/n)
		t.Logf("%s wins %.3f ± %.3f (n %d)", d.schema.Sides[side].Label, p, h, n)
		if p-h < 0.30 || p+h > 0.70 {
			t.Errorf("%s wins %.3f ± %.3f: not within 30%%-70%%", d.schema.Sides[side].Label, p, h)
		}
	}
}

func BenchmarkHunt(b *testing.B) {
	d := design(b)
	pl, _ := d.NewPlayer("basic")
	rec := d.Schema().NewRecord()
	b.ReportAllocs()
	var turns, draws, acts int
	for i := 0; b.Loop(); i++ {
		pl.Play(1, uint64(i), rec)
		turns += rec.Length
		draws += int(pl.(*Player).b.RNG.Draws())
		acts += int(pl.(*Player).b.T.Activations)
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/hunt")
	b.ReportMetric(float64(draws)/float64(b.N), "draws/hunt")
	b.ReportMetric(float64(acts)/float64(b.N), "activations/hunt")
}

// Options name warbands and scenarios, with suggestions; Validate
// compiles every pairing; a warband file given as an option is loaded.
func TestOptionsAndValidate(t *testing.T) {
	ctx := context.Background()
	data, err := Game{}.Load(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	for ch, want := range map[string]string{"a=shootng-crew": `did you mean "shooting-crew"`, "scenario=salvag": `did you mean "salvage"`, "c=x": "has no option -c"} {
		k, v, _ := strings.Cut(ch, "=")
		var ue *game.UsageError
		if _, err := data.Design(ctx, game.Choice{k: v}, nil, 1); err == nil || !strings.Contains(err.Error(), want) || !errors.As(err, &ue) {
			t.Errorf("-%s: %v (a usage error: want one)", ch, err)
		}
	}
	var ue *game.UsageError
	if _, err := data.Design(ctx, nil, []string{"a.captian.fight=1"}, 1); err == nil || !strings.Contains(err.Error(), `did you mean "captain"`) || !errors.As(err, &ue) {
		t.Errorf("-set with a typo: %v", err)
	}
	if _, err := data.Design(ctx, game.Choice{"a": "no/such.yaml"}, nil, 1); err == nil || !errors.As(err, &ue) {
		t.Errorf("a missing warband file: %v", err)
	}
	for name, ok := range map[string]bool{"basic": true, "random/basic": true, "random": true, "basik": false, "basic/rand": false} {
		if _, err := data.Policy(nil, name); (err == nil) != ok || (err != nil && !errors.As(err, &ue)) {
			t.Errorf("policy %q: %v", name, err)
		}
	}
	if _, err := data.Policy(nil, "basik"); err == nil || !strings.Contains(err.Error(), `did you mean "basic"`) {
		t.Errorf("policy basik: %v", err)
	}
	msg, err := data.Validate(ctx, nil)
	if err != nil || msg != "ok: 2 warbands, 1 scenario, 2 creatures, 13 weapons" {
		t.Errorf("validate: %q, %v", msg, err)
	}
	choice := game.Choice{"b": "../../configs/skirmish/warbands/shooting-crew.yaml"}
	d, err := data.Design(ctx, choice, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Title(); got != "Shooting crew (A) vs Shooting crew (B) (Salvage)" {
		t.Errorf("title %q", got)
	}
	if d.Hash() == design(t).Hash() {
		t.Error("a different design has the same hash")
	}
	if len(d.Levers()) != 12 || len(d.Ablations()) == 0 {
		t.Errorf("%d levers, %d ablations", len(d.Levers()), len(d.Ablations()))
	}
	for _, ab := range d.Ablations() {
		if _, err := data.Design(ctx, choice, []string{ab.Set}, 1); err != nil {
			t.Errorf("ablation %s: %v", ab.Set, err)
		}
	}
	for _, l := range d.Levers() {
		if _, err := data.Design(ctx, choice, []string{l.Set + "=+1"}, 1); err != nil {
			t.Errorf("lever %s: %v", l.Set, err)
		}
	}
}

// A warband whose name names many says so (plural: true), and its win
// rate reads "Raiders win"; one that does not keeps "wins". A plural that
// is not a boolean is refused at its line.
func TestPluralWarband(t *testing.T) {
	ctx := context.Background()
	data, err := Game{}.Load(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("../../configs/skirmish/warbands/melee-crew.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "warbands")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	raiders := strings.Replace(string(b), "name: Melee crew\n", "name: Raiders\nplural: true\n", 1)
	file := filepath.Join(dir, "raiders.yaml")
	if err := os.WriteFile(file, []byte(raiders), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := data.Design(ctx, game.Choice{"a": file}, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	sides := d.Schema().Sides
	if got := sides[0].Wins() + ", " + sides[1].Wins(); got != "Raiders win, Melee crew wins" {
		t.Errorf("sides: %s", got)
	}
	bad := strings.Replace(raiders, "plural: true", "plural: many", 1)
	if err := os.WriteFile(file, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := data.Design(ctx, game.Choice{"a": file}, nil, 1); err == nil || !strings.Contains(err.Error(), "raiders.yaml:4") || !strings.Contains(err.Error(), "plural") {
		t.Errorf("plural: many: %v", err)
	}
}

// Each event of a trace is one JSON object with its turn and kind; the
// text says every roll with its dice.
func TestTraceJSONAndText(t *testing.T) {
	d := design(t)
	pl, _ := d.NewPlayer("basic")
	rec := d.Schema().NewRecord()
	kinds := map[string]bool{}
	for i := uint64(0); i < 20; i++ {
		var text, events bytes.Buffer
		if err := pl.Trace(5, i, rec, &text, &events); err != nil {
			t.Fatal(err)
		}
		last := map[string]map[string]any{}
		for _, line := range strings.Split(strings.TrimSpace(events.String()), "\n") {
			var e map[string]any
			if err := json.Unmarshal([]byte(line), &e); err != nil {
				t.Fatalf("battle %d: %v in %s", i, err, line)
			}
			k, _ := e["kind"].(string)
			if _, ok := e["turn"]; !ok || k == "" {
				t.Fatalf("battle %d: no turn or kind in %s", i, line)
			}
			kinds[k] = true
			switch k {
			case "fight", "shot":
				last[k] = e
			case "damage":
				// The figure taking it is "fig", the one dealing it "by".
				if _, ok := e["target"]; ok {
					t.Fatalf("battle %d: a damage event with a target: %s", i, line)
				}
				switch e["cause"] {
				case "shot":
					if s := last["shot"]; s == nil || s["fig"] != e["by"] || s["target"] != e["fig"] {
						t.Fatalf("battle %d: %s after the shot %v", i, line, s)
					}
				case "melee":
					f := last["fight"]
					if f == nil || !(f["fig"] == e["by"] && f["target"] == e["fig"] || f["fig"] == e["fig"] && f["target"] == e["by"]) {
						t.Fatalf("battle %d: %s after the fight %v", i, line, f)
					}
				}
			}
		}
		for _, line := range strings.Split(text.String(), "\n") {
			if strings.Contains(line, " fights ") && strings.Contains(line, "total") && !strings.Contains(line, "d20 ") {
				t.Fatalf("a combat without its dice: %s", line)
			}
		}
	}
	for _, k := range []string{"turn", "initiative", "move", "fight", "shot", "damage", "unlock", "decision", "end"} {
		if !kinds[k] {
			t.Errorf("no %s event in 20 traced battles", k)
		}
	}
}

// No battle reaches the damage tallies' caps (damageCaps), so no value
// is clipped into the last bin: BALANCE_CAP_BATTLES=20000 plays more.
func TestDamageCapsNotReached(t *testing.T) {
	n := 2000
	if v, err := strconv.Atoi(os.Getenv("BALANCE_CAP_BATTLES")); err == nil && v > 0 {
		n = v
	}
	for _, choice := range []game.Choice{{}, {"a": "melee-crew", "b": "melee-crew"}, {"a": "shooting-crew", "b": "shooting-crew"}} {
		data, err := Game{}.Load(context.Background(), "")
		if err != nil {
			t.Fatal(err)
		}
		gd, err := data.Design(context.Background(), choice, nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		d := gd.(*Design)
		sc := d.Schema()
		pl, _ := d.NewPlayer("basic")
		rec := sc.NewRecord()
		seen := map[string]int{}
		for i := 0; i < n; i++ {
			pl.Play(7, uint64(i), rec)
			var side [2]int
			for _, key := range []string{"dealt", "taken", "role_dealt", "role_taken"} {
				vi, _ := sc.Find(key)
				for j := 0; j < sc.Items(vi); j++ {
					v := int(rec.V[sc.Offset(vi)+j])
					if hi := sc.ValueMax(vi, j); v >= hi {
						t.Fatalf("%v: battle %d: %s of item %d is %d, its cap %d", choice, i, key, j, v, hi)
					}
					k := fmt.Sprintf("%s:%d", key, j)
					seen[k] = max(seen[k], v)
					if p := d.setup.Profiles; key == "taken" && p[j].Side <= 1 {
						side[p[j].Side] += v
					}
				}
			}
			for s, x := range sc.Series {
				if side[s] >= x.Max {
					t.Fatalf("%v: battle %d: %s reaches %d, its cap %d", choice, i, x.Key, side[s], x.Max)
				}
			}
		}
		vi, _ := sc.Find("dealt")
		t.Logf("%v: most dealt by figure 0 %d of %d", choice, seen["dealt:0"], sc.ValueMax(vi, 0))
	}
}

// A mirror match favours neither side: each crew against itself on
// Salvage (the same seen from either edge), over n battles (seed 1),
// warband A's and B's shares of wins differ by at most 3.29 standard
// errors of the difference, and so do the shares of battles in which a
// figure and its image on the other side go out of action (A's figure k
// and B's; a creature and the one placed where it would stand seen from
// the other edge). For shares pA, pB of two events the standard error of
// the difference is at most sqrt((min(pA + pB, 2 - pA - pB) - (pA -
// pB)²) / n), exact for a win of A and one of B, which never come
// together. n is 20,000; 100,000 with BALANCE_LONG=1, which tells a bias
// of a point in the wins apart. Before a router's cells took a point on
// the line between two of them alike from either edge, the shooting
// crew's mirror gave A 35.8% and B 38.0% of 100,000 battles; before the
// policy took the nearer of two creatures a shot values alike, the
// spitter on A's flank went out of action in 8.9% of them, B's in 5.8%.
func TestMirrorMatchIsEven(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 40,000 battles")
	}
	n := 20000
	if testenv.Long() {
		n = 100000
	}
	data, err := Game{}.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, crew := range []string{"shooting-crew", "melee-crew"} {
		gd, err := data.Design(context.Background(), game.Choice{"a": crew, "b": crew}, nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		d := gd.(*Design)
		s := d.setup
		// Each figure's image: B's figure k is A's; a creature's, the
		// creature at its place turned half a turn or reflected.
		nA, nF := s.NBand[0], len(s.Profiles)
		image := make([]int, nF)
		for i := range image {
			image[i] = -1
		}
		for k := 0; k < nA && k < s.NBand[1]; k++ {
			image[k], image[nA+k] = nA+k, k
		}
		W, H := s.Scenario.W, s.Scenario.H
		for i := nA + s.NBand[1]; i < nF; i++ {
			p := s.Profiles[i].Start
			for j := nA + s.NBand[1]; j < nF; j++ {
				q := s.Profiles[j].Start
				if s.Profiles[j].Name == s.Profiles[i].Name && (q == geom.V(W-p.X, H-p.Y) || q == geom.V(p.X, H-p.Y)) {
					image[i] = j
				}
			}
		}
		pl, _ := d.NewPlayer("basic")
		rec := d.Schema().NewRecord()
		var wins [2]float64
		out := make([]float64, nF)
		for i := 0; i < n; i++ {
			pl.Play(1, uint64(i), rec)
			if w := d.schema.Outcomes[rec.Outcome].Winner; w >= 0 {
				wins[w]++
			}
			for f := range out {
				if rec.V[d.slot.out+f] > 0 {
					out[f]++
				}
			}
		}
		even := func(what string, a, b float64) {
			pa, pb := a/float64(n), b/float64(n)
			tol := 3.29 * math.Sqrt((min(pa+pb, 2-pa-pb)-(pa-pb)*(pa-pb))/float64(n))
			t.Logf("%s: %s %.4f and %.4f of %d battles: %+.4f (at most ±%.4f)", crew, what, pa, pb, n, pa-pb, tol)
			if math.Abs(pa-pb) > tol {
				t.Errorf("%s against itself: %s %.4f and %.4f of %d battles: %+.4f, beyond ±%.4f", crew, what, pa, pb, n, pa-pb, tol)
			}
		}
		even("A and B win", wins[0], wins[1])
		for f, g := range image {
			if g > f {
				even(fmt.Sprintf("%s (%d) and %s (%d) out of action", s.Profiles[f].Name, f, s.Profiles[g].Name, g), out[f], out[g])
			}
		}
		if image[nF-1] < 0 {
			t.Errorf("%s: the last creature has no image", crew)
		}
	}
}

// A mirror match (the same warband on both sides) tells the sides apart
// in every label: sides, outcomes, values, figures, roles, ablations, the
// title and the trace.
func TestMirrorLabels(t *testing.T) {
	data, err := Game{}.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	gd, err := data.Design(context.Background(), game.Choice{"a": "melee-crew", "b": "melee-crew"}, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	d := gd.(*Design)
	sc := d.Schema()
	unique := func(what string, labels []string) {
		t.Helper()
		seen := map[string]bool{}
		for _, l := range labels {
			if seen[l] {
				t.Errorf("%s: %q twice", what, l)
			}
			seen[l] = true
		}
	}
	var labels []string
	for _, s := range sc.Sides {
		labels = append(labels, s.Label)
	}
	unique("sides", labels)
	labels = nil
	for _, o := range sc.Outcomes {
		labels = append(labels, o.Label)
	}
	unique("outcomes", labels)
	labels = nil
	for _, v := range sc.Values {
		labels = append(labels, v.Label)
	}
	unique("values", labels)
	for _, l := range sc.Lists {
		labels = nil
		for _, it := range l.Items {
			labels = append(labels, it.Label)
		}
		unique(l.Key, labels)
	}
	labels = nil
	for _, s := range sc.Series {
		labels = append(labels, s.Label)
	}
	unique("series", labels)
	labels = nil
	for _, a := range d.Ablations() {
		labels = append(labels, a.Label)
	}
	unique("ablations", labels)
	labels = nil
	for _, l := range d.Levers() {
		labels = append(labels, l.Label)
	}
	unique("levers", labels)
	if title := d.Title(); !strings.Contains(title, "Melee crew (A)") || !strings.Contains(title, "Melee crew (B)") {
		t.Errorf("title %q", title)
	}
	pl, _ := d.NewPlayer("basic")
	var text bytes.Buffer
	if err := pl.Trace(1, 0, sc.NewRecord(), &text, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "Melee crew (A):Warlord Kess") || !strings.Contains(text.String(), "Melee crew (B):Warlord Kess") {
		t.Errorf("the trace does not tell the two Warlord Kess apart:\n%.600s", text.String())
	}
	// Not a mirror: the names as the data give them.
	if title := design(t).Title(); strings.Contains(title, "(A)") {
		t.Errorf("title %q", title)
	}
}

// validate FILE tells a warband or scenario file outside warbands/ or
// scenarios/ by its content, and counts files in the singular for one.
func TestValidateFileByContent(t *testing.T) {
	ctx := context.Background()
	data, err := Game{}.Load(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	copyTo := func(from, to string, edit func(string) string) string {
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, to)
		if err := os.WriteFile(p, []byte(edit(string(b))), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	same := func(s string) string { return s }
	w := copyTo("../../configs/skirmish/warbands/melee-crew.yaml", "mine.yaml", same)
	sc := copyTo("../../configs/skirmish/scenarios/salvage.yaml", "table.yaml", same)
	if msg, err := data.Validate(ctx, []string{w}); err != nil || msg != "ok: 1 file" {
		t.Errorf("a warband file: %q, %v", msg, err)
	}
	if msg, err := data.Validate(ctx, []string{w, sc}); err != nil || msg != "ok: 2 files" {
		t.Errorf("a warband and a scenario file: %q, %v", msg, err)
	}
	bad := copyTo("../../configs/skirmish/warbands/melee-crew.yaml", "typo.yaml", func(s string) string { return strings.Replace(s, "move:", "mvoe:", 1) })
	if _, err := data.Validate(ctx, []string{bad}); err == nil || !strings.Contains(err.Error(), `unknown field "mvoe"; did you mean "move"?`) {
		t.Errorf("a warband file with a typo: %v", err)
	}
	other := copyTo("../../configs/skirmish/warbands/melee-crew.yaml", "other.yaml", func(string) string { return "foo: 1\n" })
	if _, err := data.Validate(ctx, []string{other}); err == nil || !strings.Contains(err.Error(), "a warband file has figures:") {
		t.Errorf("a file of no kind: %v", err)
	}
}

// A battle's memo (the answers it remembers from battle to battle) is of
// one design: a player's battle handed battles of a design on other
// ground (a ruin, a wall and a scrub moved) plays them as a fresh player
// of that design does.
func TestMemoOfOneDesign(t *testing.T) {
	src, err := os.ReadFile("../../configs/skirmish/scenarios/salvage.yaml")
	if err != nil {
		t.Fatal(err)
	}
	moved := string(src)
	for _, r := range [][2]string{{"rect: [3, 8, 8, 12]", "rect: [4, 7, 9, 12]"}, {"rect: [9, 7, 13, 7.5]", "rect: [9, 6, 14, 6.5]"}, {"circle: [25, 13, 2]", "circle: [24, 12, 2.5]"}} {
		if !strings.Contains(moved, r[0]) {
			t.Fatalf("salvage.yaml has no %q", r[0])
		}
		moved = strings.Replace(moved, r[0], r[1], 1)
	}
	file := filepath.Join(t.TempDir(), "moved.yaml")
	if err := os.WriteFile(file, []byte(moved), 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := Game{}.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	d2, err := data.Design(context.Background(), game.Choice{"scenario": file}, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	d1 := design(t)
	p1, _ := d1.NewPlayer("basic")
	fresh, _ := d2.NewPlayer("basic")
	r1, r2 := d1.Schema().NewRecord(), d2.Schema().NewRecord()
	for i := uint64(0); i < 30; i++ {
		p1.Play(1, i, r1)
	}
	used := p1.(*Player)
	used.d = d2.(*Design)
	for i := uint64(0); i < 40; i++ {
		used.Play(1, i, r1)
		fresh.Play(1, i, r2)
		if !sameRecord(r1, r2) {
			t.Fatalf("battle %d of the second design differs on the first design's player", i)
		}
	}
}
