// Package duel is a tiny game for balance's tests, plugged in through the
// game contract alone: two duellists, A and B, each with HP and a Skill,
// take turns (A first) to roll a d6; a roll of at most the Skill hits,
// and the hitter draws the top card of one shared deck, whose number is
// the damage dealt (0 is a glancing blow). An empty deck is reshuffled
// whole. The first to 0 HP loses; at the round cap the duel is a draw.
// A's side is played by a policy: "basic" always attacks, "random"
// attacks on a coin flip and otherwise waits.
//
// It is small enough for its exact outcome probabilities to be computed
// by a Markov chain (duel_test.go), which the tests of every workflow
// check the simulated figures against.
package duel

import (
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"balance/game"
	"balance/sim/dice"
)

//go:embed duel.yaml
var embedded embed.FS

// MaxDeck is the most cards the deck may hold.
const MaxDeck = 8

// Duellist is one side's numbers.
type Duellist struct {
	HP    int `yaml:"hp"`
	Skill int `yaml:"skill"`
}

// Rules are the duel's switches.
type Rules struct {
	RoundCap int `yaml:"round_cap"`
}

// Config is the duel's data file.
type Config struct {
	A     Duellist `yaml:"a"`
	B     Duellist `yaml:"b"`
	Deck  []int    `yaml:"deck"`
	Rules Rules    `yaml:"rules"`
}

func (c *Config) check(file string) error {
	var errs []error
	for _, d := range []struct {
		name string
		d    Duellist
	}{{"a", c.A}, {"b", c.B}} {
		if d.d.HP < 1 || d.d.HP > 20 {
			errs = append(errs, fmt.Errorf("%s: %s.hp %d: allowed 1..20", file, d.name, d.d.HP))
		}
		if d.d.Skill < 0 || d.d.Skill > 6 {
			errs = append(errs, fmt.Errorf("%s: %s.skill %d: allowed 0..6", file, d.name, d.d.Skill))
		}
	}
	if len(c.Deck) < 1 || len(c.Deck) > MaxDeck {
		errs = append(errs, fmt.Errorf("%s: deck: %d cards: allowed 1..%d", file, len(c.Deck), MaxDeck))
	}
	for i, v := range c.Deck {
		if v < 0 || v > 3 {
			errs = append(errs, fmt.Errorf("%s: deck[%d] %d: allowed 0..3", file, i, v))
		}
	}
	if c.Rules.RoundCap < 1 || c.Rules.RoundCap > 100 {
		errs = append(errs, fmt.Errorf("%s: rules.round_cap %d: allowed 1..100", file, c.Rules.RoundCap))
	}
	return errors.Join(errs...)
}

func decode(file string, b []byte) (*Config, error) {
	var c Config
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return &c, c.check(file)
}

// Game is the duel.
type Game struct{}

var _ game.Game = Game{}

func (Game) Info() game.Info {
	return game.Info{Name: "duel", Title: "Duel", Summary: "two dice-rolling duellists and one deck (a test game)",
		Attribution: "written for balance's tests"}
}

func (Game) Options() []game.Option { return nil }

// Load reads duel.yaml, embedded, or from dir when it holds one.
func (Game) Load(ctx context.Context, dir string) (game.Data, error) {
	file, b := "duel.yaml", []byte(nil)
	if dir != "" {
		p := filepath.Join(dir, "duel.yaml")
		if fb, err := os.ReadFile(p); err == nil {
			file, b = p, fb
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	if b == nil {
		b, _ = embedded.ReadFile("duel.yaml")
	}
	c, err := decode(file, b)
	if err != nil {
		return nil, err
	}
	return &Data{c: *c, file: file}, nil
}

// Data is the loaded duel.
type Data struct {
	c    Config
	file string
}

func (d *Data) Kinds() []string { return []string{"cards"} }

func (d *Data) List(kind string) ([]string, error) {
	if kind != "cards" {
		return nil, fmt.Errorf("no kind %q; the duel lists cards", kind)
	}
	var out []string
	for i := range d.c.Deck {
		out = append(out, cardKey(i))
	}
	return out, nil
}

// SetKeys are the keys -set takes.
var setKeys = []string{"a.hp", "a.skill", "b.hp", "b.skill", "rules.round_cap", "deck.N"}

func (d *Data) SetKeys() []string {
	return []string{"a.hp, b.hp: 1..20", "a.skill, b.skill: 0..6 (a d6 at most this hits)",
		"rules.round_cap: 1..100", "deck.N: the damage of card N (1-based), 0..3; 0 makes it blank"}
}

func (d *Data) Policies(game.Choice) ([]game.Policy, string, error) {
	return []game.Policy{{Name: "random", Summary: "attacks on a coin flip, else waits"},
		{Name: "basic", Summary: "always attacks"}}, "basic", nil
}

func (d *Data) Policy(_ game.Choice, name string) (string, error) {
	if name == "random" || name == "basic" {
		return name, nil
	}
	return "", game.Usagef("the duel has no policy %q: random, basic", name)
}

func cardKey(i int) string { return "card_" + strconv.Itoa(i+1) }

// set applies one KEY=VALUE override to c.
func set(c *Config, kv string) error {
	key, val, ok := strings.Cut(kv, "=")
	if !ok {
		return fmt.Errorf("-set %s: write KEY=VALUE", kv)
	}
	var p *int
	switch key {
	case "a.hp":
		p = &c.A.HP
	case "a.skill":
		p = &c.A.Skill
	case "b.hp":
		p = &c.B.HP
	case "b.skill":
		p = &c.B.Skill
	case "rules.round_cap":
		p = &c.Rules.RoundCap
	default:
		if n, ok := strings.CutPrefix(key, "deck."); ok {
			i, err := strconv.Atoi(n)
			if err != nil || i < 1 || i > len(c.Deck) {
				return fmt.Errorf("-set %s: no card %q: cards are 1..%d", kv, n, len(c.Deck))
			}
			p = &c.Deck[i-1]
		} else {
			return fmt.Errorf("-set %s: unknown key %q; the keys are %s", kv, key, strings.Join(setKeys, ", "))
		}
	}
	rel := strings.HasPrefix(val, "+") || strings.HasPrefix(val, "-")
	v, err := strconv.Atoi(val)
	if err != nil {
		return fmt.Errorf("-set %s: %q is not a whole number", kv, val)
	}
	if rel {
		v += *p
	}
	*p = v
	return nil
}

func (d *Data) Design(ctx context.Context, ch game.Choice, overrides []string, seed uint64) (game.Design, error) {
	if len(ch) > 0 {
		return nil, fmt.Errorf("the duel has no options")
	}
	c := d.c
	c.Deck = append([]int(nil), d.c.Deck...)
	for _, kv := range overrides {
		if err := set(&c, kv); err != nil {
			return nil, err
		}
	}
	if err := c.check("-set"); err != nil {
		return nil, err
	}
	return newDesign(c, overrides), nil
}

func (d *Data) Validate(ctx context.Context, files []string) (string, error) {
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		if _, err := decode(f, b); err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("ok: a duel with a deck of %d cards", len(d.c.Deck)), nil
}

// Design is one compiled duel.
type Design struct {
	c      Config
	set    []string
	schema game.Schema
	hash   string
	// slots of the record
	hits, swings, fell, hpLeft, drawn, dealt, aTaken int
}

// Outcomes, in the schema's order.
const (
	AWon = iota
	BWon
	Draw
)

func newDesign(c Config, overrides []string) *Design {
	d := &Design{c: c, set: overrides}
	duellists := game.List{Key: "duellists", Label: "Duellists", Items: []game.Item{
		{Key: "a", Label: "A", Info: []game.KV{{Key: "hp", Value: strconv.Itoa(c.A.HP)}, {Key: "skill", Value: strconv.Itoa(c.A.Skill)}}},
		{Key: "b", Label: "B", Info: []game.KV{{Key: "hp", Value: strconv.Itoa(c.B.HP)}, {Key: "skill", Value: strconv.Itoa(c.B.Skill)}}},
	}}
	cards := game.List{Key: "cards", Label: "Cards"}
	for i, v := range c.Deck {
		cards.Items = append(cards.Items, game.Item{Key: cardKey(i), Label: fmt.Sprintf("card %d (damage %d)", i+1, v)})
	}
	cap := c.Rules.RoundCap
	d.schema = game.Schema{
		Game:  "duel",
		Sides: []game.Side{{Key: "a", Label: "A"}, {Key: "b", Label: "B"}},
		Outcomes: []game.Outcome{{Key: "a_won", Label: "A won", Winner: 0}, {Key: "b_won", Label: "B won", Winner: 1},
			{Key: "draw", Label: "Draw at the round cap", Winner: -1}},
		Length: game.Unit{Key: "round", Plural: "rounds", Label: "Round", Max: cap},
		Clock:  game.Unit{Key: "round", Plural: "rounds", Label: "Round", Max: cap},
		Lists:  []game.List{duellists, cards},
		Values: []game.Value{
			{Key: "hits", Label: "Hits", Kind: game.Count, Max: cap, Per: "duellists"},
			{Key: "swings", Label: "Attacks", Kind: game.Count, Max: cap, Per: "duellists"},
			{Key: "fell", Label: "Fell", Kind: game.Time, Per: "duellists"},
			{Key: "hp_left", Label: "HP left", Kind: game.Count, Per: "duellists", MaxPer: []int{c.A.HP, c.B.HP}},
			{Key: "drawn", Label: "Draws", Kind: game.Rate, Max: 2 * cap, Per: "cards"},
			{Key: "dealt", Label: "Damage dealt", Kind: game.Count, Max: 6 * cap, Per: "cards"},
			{Key: "a_taken", Label: "Damage A took", Kind: game.Count, Max: c.A.HP},
		},
		Ratios: []game.Ratio{
			{Key: "hit_rate", Label: "Hits per attack", Num: "hits", Den: "swings", Trials: true},
			{Key: "damage_per_draw", Label: "Damage per draw", Num: "dealt", Den: "drawn"},
		},
		Series:   []game.Series{{Key: "damage_to_b", Label: "Damage dealt to B", Max: c.B.HP}},
		Curves:   []game.Curve{{Key: "standing", Label: "Duellists standing", Of: "fell", Complement: true}},
		Headline: []string{"a_taken"},
	}
	if err := d.schema.Build(); err != nil {
		panic(err) // the schema is fixed by this file
	}
	s := &d.schema
	d.hits, d.swings, d.fell, d.hpLeft = s.Slot("hits", 0), s.Slot("swings", 0), s.Slot("fell", 0), s.Slot("hp_left", 0)
	d.drawn, d.dealt, d.aTaken = s.Slot("drawn", 0), s.Slot("dealt", 0), s.Slot("a_taken", 0)
	sum := sha256.Sum256(fmt.Appendf(nil, "%+v", c))
	d.hash = hex.EncodeToString(sum[:6])
	return d
}

func (d *Design) Schema() *game.Schema { return &d.schema }
func (d *Design) Title() string        { return "A vs B" }
func (d *Design) Hash() string         { return d.hash }

func (d *Design) Config() []game.KV {
	return []game.KV{{Key: "A", Value: fmt.Sprintf("HP %d, Skill %d", d.c.A.HP, d.c.A.Skill)},
		{Key: "B", Value: fmt.Sprintf("HP %d, Skill %d", d.c.B.HP, d.c.B.Skill)},
		{Key: "deck", Value: fmt.Sprint(d.c.Deck)}, {Key: "round cap", Value: strconv.Itoa(d.c.Rules.RoundCap)}}
}

func (d *Design) Levers() []game.Lever {
	return []game.Lever{{Label: "A HP", Set: "a.hp"}, {Label: "A Skill", Set: "a.skill"},
		{Label: "B HP", Set: "b.hp"}, {Label: "B Skill", Set: "b.skill"}}
}

func (d *Design) Ablations() []game.Ablation {
	var out []game.Ablation
	for i := range d.c.Deck {
		out = append(out, game.Ablation{Label: fmt.Sprintf("card %d", i+1), Group: "cards", Set: fmt.Sprintf("deck.%d=0", i+1)})
	}
	return out
}

func (d *Design) NewPlayer(policy string) (game.Player, error) {
	switch policy {
	case "basic", "":
		return &Player{d: d}, nil
	case "random":
		return &Player{d: d, random: true}, nil
	}
	return nil, fmt.Errorf("the duel has no policy %q: random, basic", policy)
}

// Player plays duels; its state is a few words.
type Player struct {
	d      *Design
	random bool
	rng    dice.RNG
	deck   [MaxDeck]uint8 // the cards not yet drawn since the last shuffle, in deck[:left]
	left   int
}

// draw deals the next card of the shuffled deck, lazily: a uniform pick
// among the cards left.
func (p *Player) draw() int {
	if p.left == 0 {
		p.left = len(p.d.c.Deck)
		for i := range p.left {
			p.deck[i] = uint8(i)
		}
	}
	k := p.rng.IntN(p.left)
	c := p.deck[k]
	p.left--
	p.deck[k] = p.deck[p.left]
	return int(c)
}

func (p *Player) Play(seed, index uint64, rec *game.Record) { p.play(seed, index, rec, nil) }

func (p *Player) Trace(seed, index uint64, rec *game.Record, w, events io.Writer) error {
	p.play(seed, index, rec, w)
	return nil
}

func (p *Player) play(seed, index uint64, rec *game.Record, w io.Writer) {
	d := p.d
	c := &d.c
	rec.Reset()
	p.rng.Seed(seed, index)
	p.left = 0
	hp := [2]int{c.A.HP, c.B.HP}
	skill := [2]int{c.A.Skill, c.B.Skill}
	name := [2]string{"A", "B"}
	outcome := Draw
	round := 1
	for ; round <= c.Rules.RoundCap && outcome == Draw; round++ {
		for side := 0; side < 2; side++ {
			if side == 0 && p.random && !p.rng.Bool() {
				if w != nil {
					fmt.Fprintf(w, "round %d: A waits (coin flip)\n", round)
				}
				continue
			}
			rec.V[d.swings+side]++
			roll := 1 + p.rng.IntN(6)
			if roll > skill[side] {
				if w != nil {
					fmt.Fprintf(w, "round %d: %s attacks: d6 %d > %d: miss\n", round, name[side], roll, skill[side])
				}
				continue
			}
			rec.V[d.hits+side]++
			card := p.draw()
			dmg := min(c.Deck[card], hp[1-side])
			hp[1-side] -= dmg
			rec.V[d.drawn+card]++
			rec.V[d.dealt+card] += int32(dmg)
			if side == 0 {
				rec.Grow(&d.schema, 0, round, int32(dmg))
			} else {
				rec.V[d.aTaken] += int32(dmg)
			}
			if w != nil {
				fmt.Fprintf(w, "round %d: %s attacks: d6 %d <= %d: hit, card %d: %d damage, %s has %d HP\n",
					round, name[side], roll, skill[side], card+1, dmg, name[1-side], hp[1-side])
			}
			if hp[1-side] == 0 {
				rec.V[d.fell+1-side] = int32(round)
				outcome = AWon + side
				break
			}
		}
	}
	rec.Outcome = outcome
	rec.Length = round - 1
	rec.End = rec.Length
	rec.V[d.hpLeft], rec.V[d.hpLeft+1] = int32(hp[0]), int32(hp[1])
	if w != nil {
		fmt.Fprintf(w, "outcome: %s after %d rounds\n", d.schema.Outcomes[outcome].Key, rec.Length)
	}
}
