package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	ai "balance/ai/cazadores"
	"balance/reports"
)

func TestPText(t *testing.T) {
	for _, tt := range []struct {
		p    float64
		text string
	}{
		{1, "1"},
		{0.0312, "0.0312"},
		{1.16e-13, "1.16e-13"},
		{1e-300, "1e-300"},
		{9.9e-301, "< 1e-300"},
		{5e-324, "< 1e-300"},
		{0, "< 1e-300"},
	} {
		if got := reports.PText(tt.p); got != tt.text {
			t.Errorf("PText(%g) = %q, want %q", tt.p, got, tt.text)
		}
	}
}

// A p-value too small for a double prints as "< 1e-300" in every
// terminal table (compare, sweep), never as 0; the JSON keeps the number.
func TestTinyPValues(t *testing.T) {
	dir := t.TempDir()
	js := filepath.Join(dir, "c.json")
	// DEF 10 turns about 1,400 of 2,000 wins into losses, none the other
	// way: p = 2·2^-1400, below the smallest double.
	code, out, errb := balance(t, "compare", "wandering-son", "-set", "adversary.def=10", "-hunts", "2000", "-json", js, "-quiet")
	if code != exitOK {
		t.Fatalf("compare: exit %d: %s", code, errb)
	}
	if !strings.Contains(out, "McNemar p < 1e-300") || strings.Contains(out, "p = 0\n") {
		t.Errorf("compare:\n%s", out)
	}
	b, _ := os.ReadFile(js)
	var c struct {
		P *float64 `json:"mcnemar_p"`
	}
	if err := json.Unmarshal(b, &c); err != nil || c.P == nil || *c.P != 0 {
		t.Errorf("compare -json: mcnemar_p %v (%v), want the number 0", c.P, err)
	}
	code, out, errb = balance(t, "sweep", "-param", "adversary.def=6,10", "-hunts", "2000", "-quiet")
	if code != exitOK {
		t.Fatalf("sweep: exit %d: %s", code, errb)
	}
	if !regexp.MustCompile(`\n10 .*  < 1e-300  `).MatchString(out) {
		t.Errorf("sweep: no \"< 1e-300\" in the McNemar column:\n%s", out)
	}
}

// Every file the workflows write is readable by all (0644), as the
// reports are, not 0600 as a temporary file is created.
func TestOutputModes(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	for _, args := range [][]string{
		{"baseline", "-hunts", "2000", "-out", p("base.json"), "-quiet"},
		{"regress", "-baseline", p("base.json"), "-md", p("regress.md"), "-quiet"},
		{"compare", "wandering-son", "-set", "adversary.def=7", "-hunts", "1000", "-json", p("compare.json"), "-quiet"},
		{"run", "-hunts", "2000", "-shards", "2", "-shard", "0", "-tally", p("shard0.json"), "-quiet"},
		{"run", "-hunts", "1000", "-json", p("summary.json"), "-quiet"},
	} {
		if code, _, errb := balance(t, args...); code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errb)
		}
	}
	for _, f := range []string{"base.json", "regress.md", "compare.json", "shard0.json", "summary.json"} {
		st, err := os.Stat(p(f))
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v, want -rw-r--r--", f, st.Mode().Perm())
		}
	}
}

// merge refuses shards of different runs before it creates -out, and a
// merged report gives no speed: the shards' play time is not in their
// files, and the merge's own is not the hunts'.
func TestMergeRefusedAndSpeed(t *testing.T) {
	dir := t.TempDir()
	s0, s1, other := filepath.Join(dir, "0.json"), filepath.Join(dir, "1.json"), filepath.Join(dir, "other.json")
	for _, a := range [][]string{
		{"-seed", "1", "-shard", "0", "-tally", s0},
		{"-seed", "1", "-shard", "1", "-tally", s1},
		{"-seed", "2", "-shard", "1", "-tally", other},
	} {
		if code, _, errb := balance(t, append([]string{"run", "-hunts", "2000", "-shards", "2", "-quiet"}, a...)...); code != exitOK {
			t.Fatalf("%v: exit %d: %s", a, code, errb)
		}
	}
	out := filepath.Join(dir, "merged")
	if code, _, errb := balance(t, "merge", s0, other, "-out", out); code != exitError || !strings.Contains(errb, "different runs") {
		t.Errorf("merge of two runs: exit %d: %s", code, errb)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a refused merge left -out %s behind (%v)", out, err)
	}
	code, stdout, errb := balance(t, "merge", s0, s1, "-out", out)
	if code != exitOK {
		t.Fatalf("merge: exit %d: %s", code, errb)
	}
	if !strings.Contains(stdout, "not measured: merged from shard files") || strings.Contains(stdout, "hunts/s") {
		t.Errorf("merge: the speed line:\n%s", stdout)
	}
	b, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Timing struct {
			Seconds     float64 `json:"seconds"`
			HuntsPerSec float64 `json:"hunts_per_sec"`
		} `json:"timing"`
	}
	if err := json.Unmarshal(b, &s); err != nil || s.Timing.Seconds != 0 || s.Timing.HuntsPerSec != 0 {
		t.Errorf("merged summary.json timing %+v (%v), want zero: not measured", s.Timing, err)
	}
}

// run -target-error: a target not reached within -hunts is noted, and
// summary.json then records no target error (stopped "hunts"), as the
// schema says; a target reached is recorded.
func TestTargetErrorNotReached(t *testing.T) {
	dir := t.TempDir()
	type summary struct {
		TargetError *float64 `json:"target_error"`
		Stopped     string   `json:"stopped"`
		Hunts       int64    `json:"hunts"`
	}
	read := func(p string) summary {
		t.Helper()
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var s summary
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	js := filepath.Join(dir, "missed.json")
	code, out, errb := balance(t, "run", "-adversary", "creature-wreathed-in-light", "-target-error", "0.005", "-hunts", "3000", "-json", js, "-quiet")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errb)
	}
	if !regexp.MustCompile(`target error 0\.005 not reached: .*±0\.0\d+ \(±\d\.\d+%\) after 3000 hunts`).MatchString(out) {
		t.Errorf("no note of the target missed:\n%s", out)
	}
	if s := read(js); s.Stopped != "hunts" || s.TargetError != nil || s.Hunts != 3000 {
		t.Errorf("missed target: stopped %q, target_error %v, hunts %d", s.Stopped, s.TargetError, s.Hunts)
	}
	js = filepath.Join(dir, "met.json")
	code, out, errb = balance(t, "run", "-adversary", "creature-wreathed-in-light", "-target-error", "0.05", "-hunts", "100000", "-json", js, "-quiet")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errb)
	}
	if strings.Contains(out, "not reached") {
		t.Errorf("a target met is noted as missed:\n%s", out)
	}
	if s := read(js); s.Stopped != "target_error" || s.TargetError == nil || *s.TargetError != 0.05 {
		t.Errorf("target met: stopped %q, target_error %v", s.Stopped, s.TargetError)
	}
}

// The lookahead tier's one-line description (in skill.md) names the
// default number of rollouts and the default horizon.
func TestLookaheadDoc(t *testing.T) {
	tier, ok := ai.TierByName("lookahead")
	if !ok {
		t.Skip("no lookahead tier")
	}
	if want := strconv.Itoa(ai.DefaultLookaheadK) + " rollouts each"; !strings.Contains(tier.Doc, want) {
		t.Errorf("lookahead Doc %q does not say %q", tier.Doc, want)
	}
	if ai.DefaultLookaheadHorizon == 0 && !strings.Contains(tier.Doc, "to the end of the hunt") {
		t.Errorf("lookahead Doc %q does not say the rollouts play to the end", tier.Doc)
	}
}

// tune's advice when no value meets a target: it follows the measured
// trend (or, when the figure is flat, the parameter's usual effect),
// stays within the values the rules allow, says when the target cannot be
// reached, and never suggests an empty range or the range just searched.
func TestTuneAdvice(t *testing.T) {
	suggestion := regexp.MustCompile(`-param (adversary\.def)=(\d+)\.\.(\d+)`)
	for _, tt := range []struct {
		name   string
		args   []string
		want   []string
		absent []string
	}{
		{"trend: more DEF lowers the win rate",
			[]string{"-adversary", "creature-wreathed-in-light", "-param", "adversary.def=2..4", "-target", "win=0.45..0.55"},
			[]string{"it falls as adversary.def rises", "search further, e.g. -param adversary.def=4..10 (10 is the highest value the rules allow)"},
			[]string{"4..67"}},
		{"flat at the bottom of the range",
			[]string{"-adversary", "wandering-son", "-param", "adversary.def=0..1", "-target", "win=0.45..0.55"},
			[]string{"does not change measurably", "a higher adversary.def usually lowers it", "-param adversary.def=1..10"},
			[]string{"0..0"}},
		{"flat, noise pointing the wrong way",
			[]string{"-adversary", "wandering-son", "-param", "adversary.def=1..3", "-target", "win=0.45..0.55"},
			[]string{"-param adversary.def=3..10"},
			[]string{"0..1"}},
		{"the valid range ends",
			[]string{"-adversary", "wandering-son", "-param", "adversary.def=0..10", "-target", "win=0.001..0.01"},
			[]string{"but 10 is the highest value the rules allow: the target cannot be reached with adversary.def alone"},
			[]string{"search further"}},
		{"one value",
			[]string{"-adversary", "wandering-son", "-param", "adversary.def=10..10", "-target", "win=0.45..0.55"},
			[]string{"no trend is measured", "-param adversary.def=0..10 (0 is the lowest value the rules allow)"},
			nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errb := balance(t, append(append([]string{"tune"}, tt.args...), "-hunts", "2000", "-quiet")...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errb)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("no %q:\n%s", w, out)
				}
			}
			for _, w := range tt.absent {
				if strings.Contains(out, w) {
					t.Errorf("%q:\n%s", w, out)
				}
			}
			searched := regexp.MustCompile(`\((\d+)\.\.(\d+)\)`).FindStringSubmatch(out)
			for _, m := range suggestion.FindAllStringSubmatch(out, -1) {
				lo, _ := strconv.Atoi(m[2])
				hi, _ := strconv.Atoi(m[3])
				if lo >= hi || lo < 0 || hi > 10 || (searched != nil && m[2] == searched[1] && m[3] == searched[2]) {
					t.Errorf("suggests %s, an empty, out-of-range or same range", m[0])
				}
			}
		})
	}
}
