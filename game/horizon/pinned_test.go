package horizon

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"balance/game"
)

var update = flag.Bool("update", false, "rewrite the pinned hunts in testdata/")

// TestPinnedHunts plays hunts 0..499 of seed 1 of every encounter with
// every party and every tier, and compares them with the stored ones: a
// hash of every record (every value and series) with the random draws,
// and the outcomes. A difference is a change in the rules, the policies
// or the data: a change made to run faster must leave them all alone.
// Review a difference, then re-pin on purpose with -update.
func TestPinnedHunts(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 500 hunts of every encounter, party and tier")
	}
	type pin struct {
		Hash     string `json:"hash"`
		Outcomes []int  `json:"outcomes"`
		Draws    uint64 `json:"draws"`
	}
	data := load(t)
	encounters, _ := data.List("encounters")
	parties, _ := data.List("parties")
	got := map[string]pin{}
	for _, enc := range encounters {
		for _, party := range parties {
			d := design(t, game.Choice{"encounter": enc, "party": party})
			for _, pol := range []string{"random", "basic", "careful"} {
				p := player(t, d, pol).(*Player)
				rec := d.Schema().NewRecord()
				sum := sha256.New()
				var buf []byte
				pn := pin{Outcomes: make([]int, len(outcomes))}
				for i := uint64(0); i < 500; i++ {
					p.Play(1, i, rec)
					pn.Outcomes[rec.Outcome]++
					pn.Draws += p.h.Draws()
					buf = binary.AppendVarint(buf[:0], int64(rec.Outcome))
					buf = binary.AppendVarint(buf, int64(rec.Length))
					buf = binary.AppendVarint(buf, int64(rec.End))
					buf = binary.AppendUvarint(buf, p.h.Draws())
					for _, v := range rec.V {
						buf = binary.AppendVarint(buf, int64(v))
					}
					for _, v := range rec.S {
						buf = binary.AppendVarint(buf, int64(v))
					}
					sum.Write(buf)
				}
				pn.Hash = hex.EncodeToString(sum.Sum(nil)[:8])
				got[enc+"/"+party+"/"+pol] = pn
			}
		}
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
		t.Fatalf("%v (create it with go test ./game/horizon -run TestPinnedHunts -update)", err)
	}
	var want map[string]pin
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	for k, w := range want {
		g, ok := got[k]
		switch {
		case !ok:
			t.Errorf("%s: pinned but not played", k)
		case g.Hash != w.Hash:
			t.Errorf("%s: hunts changed: outcomes %v (pinned %v), draws %d (pinned %d)", k, g.Outcomes, w.Outcomes, g.Draws, w.Draws)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: played but not pinned (re-pin with -update)", k)
		}
	}
}
