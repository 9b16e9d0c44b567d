package cazadores

import (
	"fmt"
	"testing"
)

// Check reports what Compile reports, for bundled designs and for
// designs Compile refuses: it leaves out only the navigation grid.
func TestCheckIsCompile(t *testing.T) {
	d, err := Load("")
	if err != nil {
		t.Fatal(err)
	}
	// An Adversary with more Minions than a hunt holds beside the Pack.
	big := d.Clone()
	crowd := *big.Adversaries["wandering-son"]
	crowd.Minions = []Minion{{Name: "Crowd", Count: 12, Type: "aggressive", Stats: FoeStats{Spd: 4, Atk: 2, Def: 4, Ter: 2, Wnd: 2}, BaseMM: 25}}
	big.Adversaries["crowd"] = &crowd
	type design struct{ a, p, s string }
	var designs []design
	// Each Adversary, each pack and each map once (a compilation with
	// routes takes a while).
	for i, a := range d.Slugs("adversaries") {
		s := d.Slugs("scenarios")
		designs = append(designs, design{a, DefaultPack, s[i%len(s)]})
	}
	for _, p := range d.Slugs("packs") {
		designs = append(designs, design{"wandering-son", p, "ruins"})
	}
	designs = append(designs, design{"nobody", DefaultPack, DefaultScenario}, design{"wandering-son", "nopack", DefaultScenario},
		design{"wandering-son", DefaultPack, "nowhere"})
	errs := 0
	for _, data := range []*Data{d, big} {
		for _, x := range append(designs, design{"crowd", DefaultPack, "ruins"}) {
			if data == d && x.a == "crowd" {
				continue
			}
			_, cerr := data.Compile(x.a, x.p, x.s)
			kerr := data.Check(x.a, x.p, x.s)
			if fmt.Sprint(cerr) != fmt.Sprint(kerr) {
				t.Errorf("%v: Compile says %v, Check %v", x, cerr, kerr)
			}
			if cerr != nil {
				errs++
			}
		}
	}
	if errs < 7 {
		t.Errorf("only %d designs refused; the test means to compare refusals too", errs)
	}
}
