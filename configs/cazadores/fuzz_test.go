package cazadores

// The fuzz targets of the data: every kind of data file, and -set
// overrides. None may panic, hang or take memory without bound; what the
// loader accepts must compile and play, and an override must change only
// the field it names. .ci/run runs each for a short while; their seed
// corpus is in testdata/fuzz (and the bundled files, added below).

import (
	"context"
	"errors"
	"io/fs"
	"reflect"
	"strings"
	"testing"
	"time"

	ai "balance/ai/cazadores"
	sim "balance/sim/cazadores"
)

// fuzzKinds are the kinds FuzzDataFile feeds a file as: every kind of data
// file, and "" for a file whose kind its content tells.
var fuzzKinds = append(append(append([]string(nil), fileKinds...), dirKinds...), "")

// hangAfter is how long one input may take: past it, the fuzz target
// crashes, so that the fuzzer keeps the input as a failure (a hang is
// otherwise never reported).
const hangAfter = 20 * time.Second

// watch crashes the process if the input being tried takes longer than
// hangAfter; the returned function stops the watch.
func watch() func() bool {
	return time.AfterFunc(hangAfter, func() { panic("an input took longer than " + hangAfter.String() + ": a hang") }).Stop
}

// checkErrors fails t unless err is made of *Error parts, each naming a
// file and saying something.
func checkErrors(t *testing.T, err error) {
	t.Helper()
	for _, e := range allErrors(t, err) {
		if e.File == "" || e.Msg == "" {
			t.Fatalf("bad error %#v", e)
		}
	}
}

// play compiles a hunt of the data and plays one hunt of it. A compile
// error is allowed (the engine's capacities are checked there), but never
// one about an op the loader accepted.
func play(t *testing.T, d *Data, adversary, pack, scenario, objective string) {
	t.Helper()
	sc, err := d.CompileWith(adversary, pack, scenario, objective)
	if errors.Is(err, errOpGuard) {
		t.Fatalf("%s vs %s on %s: %v", adversary, pack, scenario, err)
	}
	if err != nil {
		return
	}
	var tmpl sim.Hunt
	tmpl.Init(sc)
	h := new(sim.Hunt)
	h.Reset(&tmpl, 1, 0)
	h.Play(ai.NewBaseline(), ai.Foes{})
}

// FuzzLoadAdversary checks that an Adversary file never makes the loader
// panic, that what it accepts keeps the invariants the simulator relies
// on, and that it compiles and plays.
func FuzzLoadAdversary(f *testing.F) {
	entries, _ := fs.ReadDir(Files, "adversaries")
	for _, e := range entries {
		b, _ := Files.ReadFile("adversaries/" + e.Name())
		f.Add(b)
	}
	f.Add([]byte("a: &a [*a, *a]\nb: *a\n"))
	f.Add([]byte("name: x\nstats: {spd: 1}\n---\nname: y\n"))
	base, err := LoadEmbedded()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		defer watch()()
		a, err := decodeAdversary("fuzz.yaml", "fuzz", b, &base.Rules)
		if err != nil {
			for _, e := range allErrors(t, err) {
				if e.File != "fuzz.yaml" || e.Msg == "" {
					t.Fatalf("bad error %#v", e)
				}
			}
			return
		}
		seen := map[int]bool{}
		sum := 0
		for _, h := range a.HitLocations {
			sum += h.Wnd
			for _, c := range h.Cards {
				if seen[c] || c < 2 || c > 10 {
					t.Fatalf("card %d accepted twice or out of range", c)
				}
				seen[c] = true
			}
			if h.Owner < 0 || h.Owner >= len(a.Models) {
				t.Fatalf("owner %d accepted", h.Owner)
			}
		}
		if len(seen) != 9 || sum != a.Stats.Wnd {
			t.Fatalf("accepted %d cards, wnd %d vs %d", len(seen), sum, a.Stats.Wnd)
		}
		d := *base
		d.Adversaries = map[string]*Adversary{"fuzz": a}
		play(t, &d, "fuzz", DefaultPack, DefaultScenario, "")
	})
}

// FuzzDataFile checks every kind of data file: the file, loaded over the
// bundled data as the kind k picks (fuzzKinds), never makes the loader
// panic; every error names its file; and what the loader accepts compiles
// (no op it let through fails to) and plays: the file's Adversary or map
// with the default Pack, every Pack, or every simulated Objective, as the
// file's kind calls for.
func FuzzDataFile(f *testing.F) {
	srcs, err := embeddedSources()
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range srcs {
		for k, kind := range fuzzKinds {
			if kind == s.kind {
				f.Add(uint8(k), s.data)
			}
		}
		if s.kind == "adversaries" || s.kind == "weapons" {
			f.Add(uint8(len(fuzzKinds)-1), s.data)
		}
	}
	const adv = "wandering-son"
	f.Fuzz(func(t *testing.T, k uint8, b []byte) {
		defer watch()()
		kind := fuzzKinds[int(k)%len(fuzzKinds)]
		src := source{file: "fuzz/" + kind + ".yaml", kind: kind, data: b}
		switch {
		case kind == "":
			var err error
			src.file = "fuzz/fuzz.yaml"
			if src.kind, src.slug, err = kindOfFile(src.file, b); err != nil {
				if err.Error() == "" {
					t.Fatal("an empty error")
				}
				return
			}
		case src.kind == "adversaries" || src.kind == "scenarios":
			src.file, src.slug = "fuzz/"+kind+"/fuzz.yaml", "fuzz"
		}
		srcs, _ := embeddedSources()
		d, err := build(context.Background(), append(srcs, src))
		if err != nil {
			checkErrors(t, err)
			return
		}
		switch src.kind {
		case "adversaries":
			play(t, d, src.slug, DefaultPack, DefaultScenario, "")
		case "scenarios":
			play(t, d, adv, DefaultPack, src.slug, "")
		case "rules", "objectives":
			play(t, d, adv, DefaultPack, DefaultScenario, "")
			for _, o := range d.SimulatedObjectives() {
				play(t, d, adv, DefaultPack, DefaultScenario, o)
			}
		default:
			for _, p := range d.Slugs("packs") {
				play(t, d, adv, p, DefaultScenario, "")
			}
		}
	})
}

// FuzzSet checks -set overrides on an Adversary file: no override panics;
// a refused one says so as "-set KEY=VALUE: ..." and changes nothing; an
// accepted one changes the field it names and nothing else, whatever the
// anchors and aliases of the file.
func FuzzSet(f *testing.F) {
	entries, _ := fs.ReadDir(Files, "adversaries")
	keys := []string{"adversary.def=+1", "adversary.ter=9", "adversary.wnd=+3", "adversary.wnd=-2",
		"adversary.location.Head.wnd=7", "adversary.location.0.wnd=+1", "rules.round_cap=5", "rules.cover=any_line"}
	for i, e := range entries {
		b, _ := Files.ReadFile("adversaries/" + e.Name())
		f.Add(b, keys[i%len(keys)])
		f.Add(b, keys[(i+len(entries))%len(keys)])
	}
	f.Fuzz(func(t *testing.T, b []byte, kv string) {
		defer watch()()
		srcs, _ := embeddedSources()
		d, err := build(context.Background(), append(srcs, source{file: "fuzz/adversaries/x.yaml", kind: "adversaries", slug: "x", data: b}))
		if err != nil {
			return
		}
		old, rules := d.Adversaries["x"], d.Rules
		err = d.Set("x", kv)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "-set ") {
				t.Fatalf("error %q does not name the override", err)
			}
			if d.Adversaries["x"] != old || d.Rules != rules {
				t.Fatalf("%q was refused but changed the data", kv)
			}
			return
		}
		key, _, _ := strings.Cut(kv, "=")
		parts := strings.Split(strings.TrimSpace(key), ".")
		got := *d.Adversaries["x"]
		want := *old
		switch {
		case parts[0] == "rules":
			if d.Adversaries["x"] != old {
				t.Fatalf("%q changed the Adversary", kv)
			}
			return
		case len(parts) == 2 && parts[1] != "wnd":
			// One stat.
			field := reflect.ValueOf(&got.Stats).Elem().FieldByNameFunc(func(n string) bool { return strings.EqualFold(n, parts[1]) })
			reflect.ValueOf(&want.Stats).Elem().FieldByNameFunc(func(n string) bool { return strings.EqualFold(n, parts[1]) }).Set(field)
		default:
			// WNDs: the total and the locations' (one location's for a
			// location key).
			want.Stats.Wnd = got.Stats.Wnd
			want.HitLocations = append([]HitLocation(nil), want.HitLocations...)
			changed := 0
			for i := range want.HitLocations {
				if i < len(got.HitLocations) && want.HitLocations[i].Wnd != got.HitLocations[i].Wnd {
					want.HitLocations[i].Wnd = got.HitLocations[i].Wnd
					changed++
				}
			}
			if len(parts) == 4 && changed > 1 {
				t.Fatalf("%q changed %d locations", kv, changed)
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q changed more than the field it names:\n%+v\n%+v", kv, got, want)
		}
	})
}

// TestFuzzKinds checks that FuzzDataFile feeds every kind of data file.
func TestFuzzKinds(t *testing.T) {
	for _, k := range append(append([]string(nil), fileKinds...), dirKinds...) {
		found := false
		for _, f := range fuzzKinds {
			found = found || f == k
		}
		if !found {
			t.Errorf("kind %s is not fuzzed", k)
		}
	}
}
