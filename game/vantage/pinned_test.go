package vantage

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

var update = flag.Bool("update", false, "rewrite the pinned records in testdata/pinned.json")

// pinnedDesigns are the duels TestPinned plays: the default, every build,
// two-a-side on each map, the random tier, and rule readings that take
// the other branches of the rules core.
var pinnedDesigns = []struct {
	name   string
	choice game.Choice
	policy string
	set    []string
}{
	{name: "default"},
	{name: "duellist", choice: game.Choice{"players": "duellist"}},
	{name: "evader", choice: game.Choice{"players": "evader"}},
	{name: "pair-raiders-glade", choice: game.Choice{"players": "pair", "enemies": "raiders"}},
	{name: "pair-raiders-ford", choice: game.Choice{"players": "pair", "enemies": "raiders", "map": "ford"}},
	{name: "random", policy: "random"},
	{name: "random-pair-ford", choice: game.Choice{"players": "pair", "enemies": "raiders", "map": "ford"}, policy: "random"},
	{name: "holds-cross-hexes", choice: game.Choice{"players": "pair", "enemies": "raiders", "map": "ford"}, policy: "random",
		set: []string{"rules.clear_on_move=false", "rules.engaged_move=true", "rules.evade_clears=any_hex", "rules.evade_threat=same_hex"}},
	{name: "no-retry-switch", choice: game.Choice{"players": "pair", "enemies": "raiders"},
		set: []string{"rules.retry=false", "rules.counter_strike=switch", "rules.attack_keeps_hold=false"}},
	{name: "other-readings", choice: game.Choice{"players": "evader"},
		set: []string{"rules.evade_guard=until_next_turn", "rules.failure_keeps=false", "rules.counter_vantage_with_strike=skip",
			"rules.counter_vantage_unarmed_gainer=none", "rules.first=players", "rules.roll_dice=2", "rules.roll_sides=10"}},
	{name: "page-off", choice: game.Choice{"players": "pair", "enemies": "raiders"},
		set: []string{"rules.ranged_needs_vantage=false", "rules.exclusive=false", "rules.struck_loses_vantage=false", "rules.evade=false"}},
}

// TestPinned plays 2000 duels of each pinned design and compares a digest
// of every record (outcome, length, values, series) and the draws with
// the stored ones. A difference is a change in the rules, the policies
// or the data: review it, then re-pin on purpose with -update.
func TestPinned(t *testing.T) {
	data := load(t, "")
	got := map[string]string{}
	for _, c := range pinnedDesigns {
		d := design(t, data, c.choice, c.set...)
		p := player(t, d, c.policy).(*Player)
		rec := d.Schema().NewRecord()
		h := sha256.New()
		var buf []byte
		for i := uint64(0); i < 2000; i++ {
			p.Play(1, i, rec)
			buf = binary.LittleEndian.AppendUint64(buf[:0], uint64(rec.Outcome))
			buf = binary.LittleEndian.AppendUint64(buf, uint64(rec.Length))
			buf = binary.LittleEndian.AppendUint64(buf, uint64(rec.End))
			buf = binary.LittleEndian.AppendUint64(buf, p.Draws())
			for _, v := range rec.V {
				buf = binary.LittleEndian.AppendUint32(buf, uint32(v))
			}
			for _, v := range rec.S {
				buf = binary.LittleEndian.AppendUint32(buf, uint32(v))
			}
			h.Write(buf)
		}
		got[c.name] = hex.EncodeToString(h.Sum(nil)[:12])
	}
	path := filepath.Join("testdata", "pinned.json")
	if *update {
		b, _ := json.MarshalIndent(got, "", "  ")
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]string
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		var diff []string
		for k, v := range got {
			if want[k] != v {
				diff = append(diff, k)
			}
		}
		t.Errorf("the records of %s differ from the pinned ones (%d designs pinned); re-pin on purpose with -update",
			strings.Join(diff, ", "), len(want))
	}
}
