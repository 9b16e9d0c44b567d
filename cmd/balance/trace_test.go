package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	ai "balance/ai/cazadores"
	"balance/batch"
	configs "balance/configs/cazadores"
	"balance/game"
	"balance/game/cazadores"
	sim "balance/sim/cazadores"
	"balance/workflow"
)

// traced runs trace with args twice, as text and as JSON Lines on
// standard output, and returns the text's lines and the parsed events.
func traced(t *testing.T, args ...string) (lines []string, events []map[string]any) {
	t.Helper()
	code, text, errb := balance(t, append([]string{"trace"}, args...)...)
	if code != exitOK {
		t.Fatalf("trace %v: exit code %d\nstderr:\n%s", args, code, errb)
	}
	code, js, errb := balance(t, append([]string{"trace", "-json", "-"}, args...)...)
	if code != exitOK {
		t.Fatalf("trace -json - %v: exit code %d\nstderr:\n%s", args, code, errb)
	}
	lines = strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	for k, l := range strings.Split(strings.TrimSuffix(js, "\n"), "\n") {
		var ev map[string]any
		if err := json.Unmarshal([]byte(l), &ev); err != nil {
			t.Fatalf("trace -json - %v: line %d is not a JSON object: %v\n%s", args, k+1, err, l)
		}
		events = append(events, ev)
	}
	return lines, events
}

// num reads a JSON number field as an int (-1 when missing).
func num(ev map[string]any, k string) int {
	v, ok := ev[k].(float64)
	if !ok {
		return -1
	}
	return int(v)
}

func str(ev map[string]any, k string) string {
	s, _ := ev[k].(string)
	return s
}

// traceTime matches the time a line of play starts with.
var traceTime = regexp.MustCompile(`^R(\d+) (?:T(\d+) *|end  )\| `)

// TestTraceJSON checks the JSON Lines against the text trace, line for
// line: one object per line, of the same kind, at the same time, naming
// the same models, dice and decisions; and that -json FILE writes the
// same objects while the text still goes to standard output.
func TestTraceJSON(t *testing.T) {
	d, err := configs.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	cases := [][]string{
		{"-adversary", "praetorians", "-pack", "quartet", "-scenario", "ruins", "-hunt", "3"},
		{"-adversary", "accursed-construct", "-objective", "banish-the-well"},
		{"-adversary", "neonate-wurm", "-objective", "raze-habitat", "-pack-ai", "tactical"},
		{"-adversary", "creature-wreathed-in-light", "-find", "mixed"},
	}
	for _, slug := range d.Slugs("adversaries") {
		cases = append(cases, []string{"-adversary", slug, "-hunt", "1"})
	}
	kinds, fieldsSeen := map[string]bool{}, map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				fieldsSeen[k] = true
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	for _, args := range cases {
		lines, events := traced(t, args...)
		if len(lines) != len(events) {
			t.Fatalf("%v: %d lines of text, %d JSON objects", args, len(lines), len(events))
		}
		for k, ev := range events {
			l, kind := lines[k], str(ev, "kind")
			kinds[kind] = true
			walk(ev)
			where := fmt.Sprintf("%v, line %d %q", args, k+1, l)
			// The time.
			if m := traceTime.FindStringSubmatch(l); m != nil {
				if r, _ := strconv.Atoi(m[1]); r != num(ev, "round") {
					t.Errorf("%s: round %d in JSON", where, num(ev, "round"))
				}
				if m[2] != "" {
					if tk, _ := strconv.Atoi(m[2]); tk != num(ev, "tick") {
						t.Errorf("%s: tick %d in JSON", where, num(ev, "tick"))
					}
				}
			} else if kind != "outcome" && !strings.HasPrefix(l, "hunt ") && !strings.HasPrefix(l, "deploy: ") && !strings.HasPrefix(l, "objective: ") {
				t.Errorf("%s: no time", where)
			}
			// The names and what the line says.
			for _, f := range []string{"model", "target", "decision", "reason", "location", "condition", "name"} {
				if f == "model" && (kind == "hit_card" || kind == "exhausted") {
					continue // the Adversary's model the location belongs to: implied in the text
				}
				if v := str(ev, f); v != "" && !strings.Contains(l, words(v)) {
					t.Errorf("%s: %s %q of the JSON not in the text", where, f, v)
				}
			}
			switch kind {
			case "decision":
				if !strings.Contains(l, " decides: ") || str(ev, "decision") == "" || str(ev, "reason") == "" {
					t.Errorf("%s: a decision %v", where, ev)
				}
			case "action":
				want := fmt.Sprintf("%s: %s (%s,", str(ev, "model"), words(str(ev, "action")), game.Plural(num(ev, "ticks"), "tick"))
				if !strings.Contains(l, want) {
					t.Errorf("%s: want %q", where, want)
				}
			case "attack", "check", "recover", "tie", "danger":
				dice := ev["dice"].(map[string]any)
				var faces []string
				for _, f := range dice["faces"].([]any) {
					faces = append(faces, strconv.Itoa(int(f.(float64))))
				}
				want := fmt.Sprintf("%dd10 DT %d", num(dice, "pool"), num(dice, "dt"))
				if !strings.Contains(l, want) || !strings.Contains(l, "["+strings.Join(faces, " ")+"] -> "+game.Plural(num(dice, "successes"), "success")) ||
					!strings.Contains(l, fmt.Sprintf("threshold %d", num(dice, "threshold"))) {
					t.Errorf("%s: dice %v", where, dice)
				}
			case "wound":
				if want := fmt.Sprintf("takes %s", game.Plural(num(ev, "wnds"), "WND")); !strings.Contains(l, want) {
					t.Errorf("%s: want %q", where, want)
				}
			case "outcome":
				want := fmt.Sprintf("outcome: %s at ", str(ev, "outcome"))
				if !strings.HasPrefix(l, want) || !strings.Contains(l, fmt.Sprintf("(tick %d)", num(ev, "settled_at"))) {
					t.Errorf("%s: want %q and tick %d", where, want, num(ev, "settled_at"))
				}
				if k != len(events)-1 {
					t.Errorf("%s: the outcome is not the last line", where)
				}
			}
		}
	}
	for _, k := range []string{"hunt", "deploy", "objective", "marker", "decision", "action", "move", "attack", "wound", "hit_card", "card", "death", "round_end", "outcome"} {
		if !kinds[k] {
			t.Errorf("no %q event in the traces checked", k)
		}
	}
	// docs/cazadores/trace-schema.md names every kind and field seen.
	doc, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "cazadores", "trace-schema.md"))
	if err != nil {
		t.Fatal(err)
	}
	for k := range kinds {
		if !strings.Contains(string(doc), "`"+k+"`") {
			t.Errorf("docs/cazadores/trace-schema.md does not describe the kind %q", k)
		}
	}
	for f := range fieldsSeen {
		if !strings.Contains(string(doc), "`"+f+"`") {
			t.Errorf("docs/cazadores/trace-schema.md does not describe the field %q", f)
		}
	}

	// -json FILE: the same objects in the file, the text on stdout.
	dir := t.TempDir()
	file := filepath.Join(dir, "trace.jsonl")
	args := []string{"-adversary", "neonate-wurm", "-hunt", "4"}
	code, text, errb := balance(t, append([]string{"trace", "-json", file}, args...)...)
	if code != exitOK {
		t.Fatalf("exit code %d\n%s", code, errb)
	}
	_, plain, _ := balance(t, append([]string{"trace"}, args...)...)
	_, js, _ := balance(t, append([]string{"trace", "-json", "-"}, args...)...)
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != js {
		t.Errorf("-json %s differs from -json - at %s", file, firstDiff(string(got), js))
	}
	if text != plain {
		t.Errorf("with -json FILE the text differs at %s", firstDiff(text, plain))
	}
}

// TestTraceIntentFirst checks the printed trace Turn by Turn: a model's
// first move or Action in its Turn comes after a decision of its own in
// that Turn (a Pass the rules make for a Turn with no Action aside).
func TestTraceIntentFirst(t *testing.T) {
	for _, args := range [][]string{
		{"-adversary", "wandering-son"},
		{"-adversary", "praetorians", "-pack", "quartet", "-scenario", "ruins", "-hunt", "2"},
		{"-adversary", "neonate-wurm", "-pack-ai", "tactical", "-hunt", "5"},
		{"-adversary", "creature-wreathed-in-light", "-pack-ai", "random", "-objective", "save-the-prisoner"},
	} {
		_, events := traced(t, args...)
		decided := map[string]bool{} // "turn/model"
		checked := 0
		for k, ev := range events {
			turn := num(ev, "turn")
			if turn < 0 {
				continue
			}
			key := fmt.Sprintf("%d/%s", turn, str(ev, "model"))
			switch str(ev, "kind") {
			case "decision":
				decided[key] = true
			case "move", "action":
				if ev["no_action_taken"] == true {
					continue
				}
				checked++
				if !decided[key] {
					t.Errorf("%v, event %d: %s's %s before any decision of its Turn %d", args, k+1, str(ev, "model"), str(ev, "kind"), turn)
				}
			}
		}
		if checked < 10 {
			t.Errorf("%v: only %d moves and Actions checked", args, checked)
		}
	}
}

// runOutcome is the outcome a batch run records for hunt index of seed of
// the design of choice c (with the data of dir over the embedded data),
// the Pack played by tier.
func runOutcome(t *testing.T, dir string, c game.Choice, tier string, seed uint64, index int64) string {
	t.Helper()
	d, err := cazadores.Game{}.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	des, err := d.Design(context.Background(), c, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	res, err := batch.Run(context.Background(), batch.Config{Seed: seed, First: index, Hunts: 1, Workers: 1}, batch.Lane{Design: des, Policy: tier})
	if err != nil {
		t.Fatal(err)
	}
	for o, n := range res.Tally.Outcomes {
		if n == 1 {
			return des.Schema().Outcomes[o].Key
		}
	}
	t.Fatalf("hunt %d: no outcome in the tally", index)
	return ""
}

// words writes a name of the trace's JSON as the text writes it
// ("knocked_down" is "knocked down").
func words(s string) string { return strings.ReplaceAll(s, "_", " ") }

// outcomeLine matches the trace's last line.
var outcomeLine = regexp.MustCompile(`^outcome: (\w+) at (?:R(\d+) T(\d+)|the end of R(\d+)) \(tick (\d+)\)`)

// TestTraceEndsWhenSettled checks, for hunts of every bundled Adversary
// and every outcome, that the trace is the hunt a run plays (its outcome
// is the one the run records for that index, settled at the Tick the run
// records) and that it stops there: the last line before the outcome is
// the fall or flight that settled it (the end of the Round at the round
// cap), with nothing of the rest of the Round after it but one line of
// what it changed in the record.
func TestTraceEndsWhenSettled(t *testing.T) {
	d, err := configs.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	capped := t.TempDir()
	if err := os.WriteFile(filepath.Join(capped, "rules.yaml"), []byte("round_cap: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	capData, err := configs.Load(capped)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, slug := range d.Slugs("adversaries") {
		sc, err := d.Compile(slug, configs.DefaultPack, configs.DefaultScenario)
		if err != nil {
			t.Fatal(err)
		}
		capSc, err := capData.Compile(slug, configs.DefaultPack, configs.DefaultScenario)
		if err != nil {
			t.Fatal(err)
		}
		objSc, err := d.CompileWith(slug, "trio", "lair", "capture-the-beast")
		if err != nil {
			t.Fatal(err)
		}
		type try struct {
			args []string
			sc   *sim.Scenario
			tier string
			dir  string
			c    game.Choice
		}
		plain := game.Choice{cazadores.OptAdversary: slug}
		var tries []try
		for h := 0; h < 3; h++ {
			tries = append(tries, try{[]string{"-hunt", strconv.Itoa(h)}, sc, "basic", "", plain})
		}
		for _, o := range []string{"pack_slain", "mixed", "pack_fled"} {
			tries = append(tries, try{[]string{"-find", o, "-find-limit", "400"}, sc, "basic", "", plain})
		}
		tries = append(tries, try{[]string{"-find", "stalemate", "-data", capped}, capSc, "basic", capped, plain},
			try{[]string{"-hunt", "1", "-pack", "trio", "-scenario", "lair", "-objective", "capture-the-beast", "-pack-ai", "tactical"}, objSc, "tactical", "",
				game.Choice{cazadores.OptAdversary: slug, cazadores.OptPack: "trio", cazadores.OptScenario: "lair", cazadores.OptObjective: "capture-the-beast"}})
		for _, tr := range tries {
			args := append([]string{"trace", "-adversary", slug, "-seed", "3"}, tr.args...)
			code, out, errb := balance(t, args...)
			if code == exitError && strings.Contains(errb, "none among hunts") {
				continue // no such hunt among the first 400: fine
			}
			if code != exitOK {
				t.Fatalf("%v: exit code %d\n%s", args, code, errb)
			}
			index := int64(-1)
			if m := regexp.MustCompile(`hunt (\d+) is the first`).FindStringSubmatch(errb); m != nil {
				index, _ = strconv.ParseInt(m[1], 10, 64)
			} else {
				index, _ = strconv.ParseInt(tr.args[1], 10, 64)
			}
			tier, _ := ai.TierByName(tr.tier)
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			m := outcomeLine.FindStringSubmatch(lines[len(lines)-1])
			if m == nil {
				t.Fatalf("%v: last line %q", args, lines[len(lines)-1])
			}
			seen[m[1]] = true
			if want := runOutcome(t, tr.dir, tr.c, tr.tier, 3, index); m[1] != want {
				t.Errorf("%v: trace of hunt %d says %s, the run records %s", args, index, m[1], want)
			}
			// The engine's record of the same hunt: when it was settled.
			var tmpl sim.Hunt
			tmpl.Init(tr.sc)
			h := new(sim.Hunt)
			h.Reset(&tmpl, 3, uint64(index))
			h.Play(tier.New(), ai.Foes{})
			if tick, _ := strconv.Atoi(m[5]); tick != int(h.Rec.DecidedAt) {
				t.Errorf("%v: settled at tick %d, the record says %d", args, tick, h.Rec.DecidedAt)
			}
			last := lines[len(lines)-2]
			if strings.Contains(last, "the rest of the Round, after the outcome is settled: ") {
				last = lines[len(lines)-3]
			}
			switch m[1] {
			case "stalemate":
				if !strings.HasPrefix(last, "R"+m[4]+" end  | ") {
					t.Errorf("%v: the line before the outcome is %q, want the end of Round %s", args, last, m[4])
				}
			default:
				at := fmt.Sprintf("R%s T%-2s | ", m[2], m[3])
				if !strings.HasPrefix(last, at) || !strings.HasSuffix(last, " falls") && !strings.HasSuffix(last, " leaves the hunt by an exit") {
					t.Errorf("%v: the line before the outcome is %q, want a fall or a flight at %q", args, last, at)
				}
			}
		}
	}
	for _, o := range []string{"pack_won", "pack_slain", "mixed", "stalemate"} {
		if !seen[o] {
			t.Errorf("no hunt ended %s", o)
		}
	}
}

// TestTraceFind checks -find: the hunt it traces is the first with that
// outcome from -hunt on (every hunt before it in a run ends otherwise), its
// trace is the one -hunt gives, a misspelt outcome gets a suggestion and a
// search in vain stops at -find-limit with the reason.
func TestTraceFind(t *testing.T) {
	d, err := cazadores.Game{}.Load(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	des, err := d.Design(context.Background(), game.Choice{cazadores.OptAdversary: "creature-wreathed-in-light"}, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		outcome string
		from    int64
	}{{"pack_slain", 0}, {"pack slain", 5}, {"mixed", 2}, {"PACK_WON", 7}} {
		args := []string{"trace", "-adversary", "creature-wreathed-in-light", "-find", c.outcome, "-hunt", strconv.FormatInt(c.from, 10)}
		code, out, errb := balance(t, args...)
		if code != exitOK {
			t.Fatalf("%v: exit code %d\n%s", args, code, errb)
		}
		sch := des.Schema()
		o, err := workflow.OutcomeNamed(sch, c.outcome)
		if err != nil {
			t.Fatal(err)
		}
		want := sch.Outcomes[o].Key
		m := regexp.MustCompile(`^trace: hunt (\d+) is the first (\w+) of seed 1 from hunt (\d+) \((\d+) hunts? played\)\n$`).FindStringSubmatch(errb)
		if m == nil || m[2] != want || m[3] != strconv.FormatInt(c.from, 10) {
			t.Fatalf("%v: stderr %q", args, errb)
		}
		found, _ := strconv.ParseInt(m[1], 10, 64)
		if played, _ := strconv.ParseInt(m[4], 10, 64); played != found-c.from+1 {
			t.Errorf("%v: %d hunts played to find hunt %d from %d", args, played, found, c.from)
		}
		for i := c.from; i <= found; i++ {
			got := runOutcome(t, "", game.Choice{cazadores.OptAdversary: "creature-wreathed-in-light"}, "basic", 1, i)
			if (got == want) != (i == found) {
				t.Errorf("%v: found hunt %d, but the run records %s for hunt %d", args, found, got, i)
			}
		}
		_, direct, _ := balance(t, "trace", "-adversary", "creature-wreathed-in-light", "-hunt", m[1])
		if out != direct {
			t.Errorf("%v: the trace differs from that of -hunt %s at %s", args, m[1], firstDiff(out, direct))
		}
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-find", "pack_slian"}, exitUsage, `did you mean "pack_slain"?`},
		{[]string{"-find", "victory"}, exitUsage, "(outcomes: pack_won, pack_slain, pack_fled, mixed, stalemate)"},
		{[]string{"-find", "stalemate", "-find-limit", "50", "-hunt", "10"}, exitError, "none among hunts 10 to 59 of seed 1 (50 hunts played: pack_won "},
		{[]string{"-find", "stalemate", "-find-limit", "50"}, exitError, "raise -find-limit"},
		{[]string{"-find", "mixed", "-find-limit", "0"}, exitUsage, "-find-limit 0"},
	} {
		code, out, errb := balance(t, append([]string{"trace"}, c.args...)...)
		if code != c.code || !strings.Contains(errb, c.want) || out != "" {
			t.Errorf("%v: exit code %d, stdout %d bytes, stderr %q; want code %d and %q", c.args, code, len(out), errb, c.code, c.want)
		}
	}
}

// TestTraceWords checks the words of the traces: one name per model (the
// name it is deployed under, two models of one name numbered; the
// Adversary's own name only in the header, and on its action cards when it
// has several models), and singular and plural right.
func TestTraceWords(t *testing.T) {
	// A pack of one's own with two Hounds.
	hounds := t.TempDir()
	pack := "hounds:\n  name: Two Hounds\n  members:\n    - {cazador: bruiser}\n    - {companion: hound, of: 0}\n" +
		"    - {cazador: hunter}\n    - {companion: hound, of: 2}\n"
	if err := os.WriteFile(filepath.Join(hounds, "packs.yaml"), []byte(pack), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		in, want string
	}{{"tick", "1 tick"}, {"WND", "2 WNDs"}, {"success", "0 successes"}, {"round", "1 round"}, {"random draw", "12 random draws"}} {
		n, _ := strconv.Atoi(strings.Fields(c.want)[0])
		if got := game.Plural(n, c.in); got != c.want {
			t.Errorf("game.Plural(%d, %q) = %q, want %q", n, c.in, got, c.want)
		}
	}
	d, err := configs.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	counted := regexp.MustCompile(`\b(\d+) (tick|WND|success|critical|round|turn|random draw|hunt)(s|es)?\b`)
	subject := regexp.MustCompile(`^R\d+ T\d+ *\| (?:clock tie: )?(.+?)(?: decides: | leadership |: | falls$| leaves the hunt| parries | counter-attacks | pushed to | placed at | flees in terror)`)
	deployed := regexp.MustCompile(`^deploy: (.+?) +(?:cazador|companion|adversary|minion|objective) +at `)
	for _, slug := range d.Slugs("adversaries") {
		for _, args := range [][]string{{"-adversary", slug}, {"-adversary", slug, "-find", "mixed", "-find-limit", "300"},
			{"-adversary", slug, "-data", hounds, "-pack", "hounds"}} {
			code, out, errb := balance(t, append([]string{"trace"}, args...)...)
			if code == exitError && strings.Contains(errb, "none among") {
				continue
			}
			if code != exitOK {
				t.Fatalf("%v: exit code %d\n%s", args, code, errb)
			}
			adv := d.Adversaries[slug]
			names := map[string]bool{}
			if args[len(args)-1] == "hounds" && (!strings.Contains(out, "deploy: Hound 2 ") || strings.Contains(out, "deploy: Hound  ")) {
				t.Errorf("%v: the two Hounds are not numbered:\n%s", args, out[:min(len(out), 600)])
			}
			for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				if m := deployed.FindStringSubmatch(l); m != nil {
					names[m[1]] = true
					continue
				}
				for _, m := range counted.FindAllStringSubmatch(l, -1) {
					n, _ := strconv.Atoi(m[1])
					if (n == 1) != (m[3] == "") {
						t.Errorf("%v: %q in %q", args, m[0], l)
					}
				}
				if m := subject.FindStringSubmatch(l); m != nil {
					who := m[1]
					if strings.Contains(l, ": draws action card ") && len(adv.Models) > 1 && who == adv.Name {
						continue // the Adversary as a whole draws the card
					}
					if !names[who] && !strings.HasPrefix(who, "area ") && !strings.HasPrefix(who, "  ") {
						t.Errorf("%v: %q names %q, deployed as none of %v", args, l, who, names)
					}
				}
				if len(adv.Models) <= 1 && !strings.HasPrefix(l, "hunt ") && strings.Contains(l, adv.Name) && !names[adv.Name] {
					t.Errorf("%v: the Adversary's own name %q in %q", args, adv.Name, l)
				}
			}
		}
	}
}
