package skirmish

import (
	"encoding/binary"
	"flag"
	"fmt"
	"hash"
	"hash/fnv"
	"math"
	"os"
	"strings"
	"testing"

	"balance/game"
	sk "balance/sim/skirmish"
)

var update = flag.Bool("update", false, "rewrite the pinned battles in testdata/")

// hashTracer folds every event of a battle, positions to the bit, into h.
type hashTracer struct {
	h   hash.Hash64
	buf []byte
}

func (t *hashTracer) Event(b *sk.Battle, e *sk.Event) {
	x := t.buf[:0]
	x = append(x, byte(e.Kind), byte(e.Fig), byte(e.Target), byte(e.X), byte(e.Y), byte(e.Group[0]), byte(e.Group[1]), byte(e.Group[2]))
	for _, v := range []int16{e.Turn, e.A, e.D, e.N} {
		x = binary.LittleEndian.AppendUint16(x, uint16(v))
	}
	for _, v := range []float32{e.F, e.Pos.X, e.Pos.Y} {
		x = binary.LittleEndian.AppendUint32(x, math.Float32bits(v))
	}
	x = append(x, e.Name...)
	x = append(x, 0)
	x = append(x, e.Why...)
	x = append(x, 0)
	t.buf = x
	t.h.Write(x)
}

// recordHash folds a record into h.
func recordHash(h hash.Hash64, r *game.Record) {
	var x []byte
	for _, v := range []int{r.Outcome, r.Length, r.End} {
		x = binary.LittleEndian.AppendUint64(x, uint64(v))
	}
	for _, v := range r.V {
		x = binary.LittleEndian.AppendUint64(x, uint64(v))
	}
	for _, v := range r.S {
		x = binary.LittleEndian.AppendUint64(x, uint64(v))
	}
	h.Write(x)
}

// The pinned designs: the default matchup, both ways round, each crew
// against itself, the random tier, and every other reading of the rules.
var pinned = []struct {
	name   string
	choice game.Choice
	set    []string
	policy string
	seed   uint64
	n      int
}{
	{"default", nil, nil, "basic", 1, 1000},
	{"default-seed-7", nil, nil, "basic", 7, 300},
	{"random", nil, nil, "random/random", 1, 300},
	{"random-basic", nil, nil, "random/basic", 2, 200},
	{"basic-random", nil, nil, "basic/random", 3, 200},
	{"swapped", game.Choice{"a": "melee-crew", "b": "shooting-crew"}, nil, "basic", 1, 300},
	{"shooters", game.Choice{"b": "shooting-crew"}, nil, "basic", 1, 200},
	{"fighters", game.Choice{"a": "melee-crew"}, nil, "basic", 1, 200},
	{"rules-1", nil, []string{"rules.initiative=per_phase", "rules.melee_tie=both_damage", "rules.shoot_in_combat=yes", "rules.creatures_block_loot=no", "rules.flame_thrower_ignores=armour_and_cover"}, "basic", 1, 200},
	{"rules-2", nil, []string{"rules.melee_tie=reroll", "rules.support_cap=cap_then_net", "rules.crit=record_only", "rules.jam=record_only", "rules.stunned_modifier=target", "rules.creature_fights=2", "rules.fights_per_activation=2", "rules.frag_attack=d20_plus_shoot_plus_3", "rules.launcher_penalty=stack", "rules.exertion=before_roll", "rules.rapid_fire=one_target", "rules.smoke_turns=3"}, "basic", 1, 200},
	{"rules-2-random", nil, []string{"rules.melee_tie=reroll", "rules.creature_fights=2", "rules.fights_per_activation=2", "rules.smoke_turns=3"}, "random/random", 4, 200},
}

// Battles replay bit for bit what they played when they were pinned:
// every record, and every traced event with its positions to the bit,
// of each pinned design. A change that moves them is a change of the
// rules or of a policy, made on purpose (go test -run TestPinnedBattles
// -update rewrites testdata/pinned.txt).
func TestPinnedBattles(t *testing.T) {
	data, err := Game{}.Load(t.Context(), "")
	if err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	fmt.Fprintln(&got, "# design seed battles records-fnv64a events-fnv64a")
	for _, c := range pinned {
		dd, err := data.Design(t.Context(), c.choice, c.set, 1)
		if err != nil {
			t.Fatal(err)
		}
		pl, err := dd.NewPlayer(c.policy)
		if err != nil {
			t.Fatal(err)
		}
		p := pl.(*Player)
		rec := dd.Schema().NewRecord()
		rh, eh := fnv.New64a(), fnv.New64a()
		for i := 0; i < c.n; i++ {
			p.b.Trace = &hashTracer{h: eh}
			p.play(c.seed, uint64(i), rec)
			p.b.Trace = nil
			recordHash(rh, rec)
		}
		fmt.Fprintf(&got, "%s %d %d %016x %016x\n", c.name, c.seed, c.n, rh.Sum64(), eh.Sum64())
	}
	const file = "testdata/pinned.txt"
	if *update {
		if err := os.WriteFile(file, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != string(want) {
		t.Errorf("the pinned battles changed:\n got:\n%s\nwant:\n%s", got.String(), want)
	}
}
