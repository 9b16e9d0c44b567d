package crims

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"balance/game"
)

var update = flag.Bool("update", false, "rewrite the pinned matches in testdata/")

// pinnedVariants are the designs and tiers TestPinned plays: the
// default matchup with both tiers, rulings switched, profiles changed,
// three and six hunters.
var pinnedVariants = []struct {
	name, hunters, tier string
	set                 []string
}{
	{"basic", "", "basic", nil},
	{"random", "", "random", nil},
	{"engaged-shoot", "", "basic", []string{"rules.engaged_shoot=shoot"}},
	{"engaged-fight", "", "basic", []string{"rules.engaged_shoot=fight"}},
	{"charge-hides", "", "basic", []string{"rules.charge_extra_fight=true", "rules.forced_hides=2"}},
	{"fixed-seats", "", "basic", []string{"rules.return_acts=false", "rules.seating=fixed"}},
	{"reuse-stocked", "", "basic", []string{"rules.disengage_move=reuse", "rules.pods_stocked=true"}},
	{"engagement", "", "basic", []string{"rules.engagement=2", "rules.max_crims=16"}},
	{"armor", "", "basic", []string{"crim.thug.armor=2", "crim.gunner.armor=1", "hunter.bruiser.armor=3", "crim.thug.move=8", "rules.armor_downgrade_chooser=opponent"}},
	{"profiles", "", "basic", []string{"hunter.marksman.shoot=9", "hunter.runner.athletics=9", "hunter.enforcer.defense=8", "hunter.bruiser.attack.2.range=30"}},
	{"three", "bruiser,bruiser,runner", "basic", nil},
	{"six", "marksman,marksman,runner,enforcer,bruiser,runner", "basic", nil},
	{"six-random", "marksman,marksman,runner,enforcer,bruiser,runner", "random", nil},
}

// TestPinned plays 300 matches of seed 1 of each pinned variant and
// compares a hash of each match's record, of where every model ended
// and of its random draws and model turns with the stored one: the
// same matches, bit for bit. A difference is a change in the rules, the
// policies or the data: review it, then re-pin on purpose with -update.
func TestPinned(t *testing.T) {
	got := map[string]string{}
	for _, v := range pinnedVariants {
		c := game.Choice{}
		if v.hunters != "" {
			c["hunters"] = v.hunters
		}
		d := design(t, c, v.set...)
		pl := player(t, d, v.tier).(*Player)
		rec := d.Schema().NewRecord()
		h := sha256.New()
		for i := range uint64(300) {
			pl.Play(1, i, rec)
			m := pl.m
			draws, turns := pl.Counts()
			binary.Write(h, binary.LittleEndian, &m.Rec)
			for k := range m.H {
				binary.Write(h, binary.LittleEndian, m.H[k].Pos)
			}
			for k := range m.C {
				binary.Write(h, binary.LittleEndian, m.C[k].Pos)
			}
			binary.Write(h, binary.LittleEndian, [2]uint64{draws, uint64(turns)})
		}
		got[v.name] = hex.EncodeToString(h.Sum(nil)[:12])
	}
	path := filepath.Join("testdata", "pinned.json")
	if *update {
		b, _ := json.MarshalIndent(got, "", "  ")
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (create it with go test ./game/crims -run TestPinned -update)", err)
	}
	var want map[string]string
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		var diff []string
		for k, g := range got {
			if want[k] != g {
				diff = append(diff, k)
			}
		}
		t.Fatalf("the matches of %s changed (got %v, pinned %v)", strings.Join(diff, ", "), got, want)
	}
}
