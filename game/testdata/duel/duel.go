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
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"balance/configs/yamldata"
	"balance/game"
	"balance/internal/typo"
	"balance/sim/dice"
)

//go:embed duel.yaml
var embedded embed.FS

// The bounds of the duel's numbers.
const (
	MaxDeck   = 8   // the most cards the deck may hold
	MaxHP     = 20  // a duellist's most HP
	MaxDamage = 3   // the most damage a card deals
	MaxRounds = 100 // the highest round cap
	CloseHP   = 2   // a duellist left with this many HP or fewer at the end of a round has had a close call
)

// Duellist is one side's numbers.
type Duellist struct {
	HP    int
	Skill int
}

// Rules are the duel's switches.
type Rules struct {
	RoundCap int
}

// Config is the duel's data file.
type Config struct {
	A, B  Duellist
	Deck  []int
	Rules Rules
}

// check checks the numbers an override changed (the file's own are
// checked as they are decoded, at their line).
func (c *Config) check() error {
	var errs []error
	for _, d := range []struct {
		name string
		d    Duellist
	}{{"a", c.A}, {"b", c.B}} {
		if d.d.HP < 1 || d.d.HP > MaxHP {
			errs = append(errs, fmt.Errorf("%s.hp %d: allowed 1..%d", d.name, d.d.HP, MaxHP))
		}
		if d.d.Skill < 0 || d.d.Skill > 6 {
			errs = append(errs, fmt.Errorf("%s.skill %d: allowed 0..6", d.name, d.d.Skill))
		}
	}
	for i, v := range c.Deck {
		if v < 0 || v > MaxDamage {
			errs = append(errs, fmt.Errorf("deck.%d %d: allowed 0..%d", i+1, v, MaxDamage))
		}
	}
	if c.Rules.RoundCap < 1 || c.Rules.RoundCap > MaxRounds {
		errs = append(errs, fmt.Errorf("rules.round_cap %d: allowed 1..%d", c.Rules.RoundCap, MaxRounds))
	}
	return errors.Join(errs...)
}

// decode reads the duel's data file with the shared YAML machinery: every
// problem is a *yamldata.Error at its FILE:LINE:COL, with the field and,
// for a misspelt key, the likely one.
func decode(file string, b []byte) (*Config, error) {
	root, err := yamldata.Parse(file, b)
	if err != nil {
		return nil, err
	}
	d := yamldata.NewDecoder(file)
	var c Config
	f := d.Fields(root, "", []string{"a", "b", "deck", "rules"}, "a", "b", "deck", "rules")
	for _, side := range []struct {
		key string
		d   *Duellist
	}{{"a", &c.A}, {"b", &c.B}} {
		if n := f[side.key]; n != nil {
			sf := d.Fields(n, side.key, []string{"hp", "skill"}, "hp", "skill")
			side.d.HP = d.Int(sf["hp"], side.key+".hp", 1, MaxHP)
			side.d.Skill = d.Int(sf["skill"], side.key+".skill", 0, 6)
		}
	}
	if n := f["deck"]; n != nil {
		cards := d.Seq(n, "deck")
		if len(cards) < 1 || len(cards) > MaxDeck {
			d.Fail(d.Res(n), "deck", "", "%d cards: a deck holds 1..%d", len(cards), MaxDeck)
		}
		for i, card := range cards {
			c.Deck = append(c.Deck, d.Int(card, yamldata.Idx("deck", i), 0, MaxDamage))
		}
	}
	if n := f["rules"]; n != nil {
		rf := d.Fields(n, "rules", []string{"round_cap"}, "round_cap")
		c.Rules.RoundCap = d.Int(rf["round_cap"], "rules.round_cap", 1, MaxRounds)
	}
	if err := d.Err(); err != nil {
		return nil, err
	}
	return &c, nil
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
		if err := game.DataDir(dir); err != nil {
			return nil, err
		}
		p := filepath.Join(dir, "duel.yaml")
		if _, err := os.Stat(p); err == nil {
			if b, err = yamldata.NewReader(ctx).Read(p); err != nil {
				return nil, err
			}
			file = p
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

func (d *Data) SetKeys() []game.SetKey {
	help := map[string]string{"a.hp": "duellist A's HP", "a.skill": "duellist A's skill", "b.hp": "duellist B's HP",
		"b.skill": "duellist B's skill", "rules.round_cap": "rounds before a draw", "deck.N": "card N of the deck"}
	out := make([]game.SetKey, len(setKeys))
	for i, k := range setKeys {
		out[i] = game.SetKey{Key: k, Help: help[k]}
	}
	return out
}

func (d *Data) Policies(game.Choice) ([]game.Policy, string, error) {
	return []game.Policy{{Name: "random", Summary: "attacks on a coin flip, else waits"},
		{Name: "basic", Summary: "always attacks"}}, "basic", nil
}

func (d *Data) Policy(_ game.Choice, name string) (string, error) {
	if name == "random" || name == "basic" {
		return name, nil
	}
	tiers := []string{"random", "basic"}
	if s := typo.Nearest(name, tiers); s != "" {
		return "", game.Usagef("the duel has no policy %q; did you mean %q? (tiers: random, basic)", name, s)
	}
	return "", game.Usagef("the duel has no policy %q (tiers: random, basic)", name)
}

func cardKey(i int) string { return "card_" + strconv.Itoa(i+1) }

// set applies one KEY=VALUE override to c; a mistake in it is a
// *game.UsageError.
func set(c *Config, kv string) error {
	key, val, ok := strings.Cut(kv, "=")
	if !ok {
		return game.Usagef("-set %s: write KEY=VALUE", kv)
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
				return game.Usagef("-set %s: no card %q: cards are 1..%d", kv, n, len(c.Deck))
			}
			p = &c.Deck[i-1]
		} else {
			if s := typo.Nearest(key, setKeys); s != "" {
				return game.Usagef("-set %s: unknown key %q; did you mean %q? (keys: %s)", kv, key, s, strings.Join(setKeys, ", "))
			}
			return game.Usagef("-set %s: unknown key %q (keys: %s)", kv, key, strings.Join(setKeys, ", "))
		}
	}
	rel := strings.HasPrefix(val, "+") || strings.HasPrefix(val, "-")
	v, err := strconv.Atoi(val)
	if err != nil {
		return game.Usagef("-set %s: %q is not a whole number", kv, val)
	}
	if rel {
		v += *p
	}
	*p = v
	return nil
}

func (d *Data) Design(ctx context.Context, ch game.Choice, overrides []string, seed uint64) (game.Design, error) {
	for k := range ch {
		return nil, game.Usagef("the duel has no option %q", k)
	}
	c := d.c
	c.Deck = append([]int(nil), d.c.Deck...)
	for _, kv := range overrides {
		if err := set(&c, kv); err != nil {
			return nil, err
		}
	}
	if err := c.check(); err != nil {
		return nil, &game.UsageError{Err: fmt.Errorf("-set: %w", err)}
	}
	return newDesign(c, overrides), nil
}

// Validate checks the data, or each file given as a duel.yaml: every
// problem of every file, joined.
func (d *Data) Validate(ctx context.Context, files []string) (string, error) {
	if len(files) == 0 {
		return fmt.Sprintf("ok: a duel with a deck of %d cards (%s)", len(d.c.Deck), d.file), nil
	}
	r := yamldata.NewReader(ctx)
	var errs []error
	for _, f := range files {
		b, err := r.Read(f)
		if err == nil {
			_, err = decode(f, b)
		}
		errs = append(errs, err)
	}
	if err := errors.Join(errs...); err != nil {
		return "", err
	}
	return fmt.Sprintf("ok: %d duel files", len(files)), nil
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
	duellists := game.List{Key: "duellists", Label: "Duellists", Noun: "Duellist", Items: []game.Item{
		{Key: "a", Label: "A", Info: []game.KV{{Key: "hp", Value: strconv.Itoa(c.A.HP)}, {Key: "skill", Value: strconv.Itoa(c.A.Skill)}}},
		{Key: "b", Label: "B", Info: []game.KV{{Key: "hp", Value: strconv.Itoa(c.B.HP)}, {Key: "skill", Value: strconv.Itoa(c.B.Skill)}}},
	}}
	cards := game.List{Key: "cards", Label: "Cards", Noun: "Card"}
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
		Feel: &game.Feel{Max: []int{c.A.HP, c.B.HP}, Margin: []int{CloseHP, CloseHP},
			Standing: "share of HP left", Close: fmt.Sprintf("%d HP or fewer left at the end of a round", CloseHP),
			Idle: "waited"},
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

// Levers are the duellists' numbers: a rise of A's helps A win, a rise
// of B's helps B.
func (d *Design) Levers() []game.Lever {
	up := []game.Tendency{{Figure: "win:a", Sign: +1}}
	down := []game.Tendency{{Figure: "win:a", Sign: -1}}
	return []game.Lever{
		{Label: "A HP", Set: "a.hp", Value: d.c.A.HP, Min: 1, Max: MaxHP, Usual: up},
		{Label: "A Skill", Set: "a.skill", Value: d.c.A.Skill, Min: 0, Max: 6, Usual: up},
		{Label: "B HP", Set: "b.hp", Value: d.c.B.HP, Min: 1, Max: MaxHP, Usual: down},
		{Label: "B Skill", Set: "b.skill", Value: d.c.B.Skill, Min: 0, Max: 6, Usual: down},
	}
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

// Trace plays the hunt Play plays, telling it as text to w and as JSON
// Lines to events (either may be nil).
func (p *Player) Trace(seed, index uint64, rec *game.Record, w, events io.Writer) error {
	t := &tracer{w: w, events: events}
	p.play(seed, index, rec, t)
	return t.err
}

// tracer tells a duel as it is played: a line of text and a JSON object
// per event. A nil tracer tells nothing (Play).
type tracer struct {
	w, events io.Writer
	err       error
}

// event is one JSON object of a trace: a wait, a miss, a hit, or the
// outcome (the fields that do not apply are left out).
type event struct {
	Round   int    `json:"round"`
	Event   string `json:"event"` // "wait", "miss", "hit" or "outcome"
	Side    string `json:"side,omitempty"`
	Roll    int    `json:"roll,omitempty"`
	Target  int    `json:"target,omitempty"`
	Card    int    `json:"card,omitempty"`    // 1-based
	Damage  *int   `json:"damage,omitempty"`  // of a hit
	HP      *int   `json:"hp,omitempty"`      // the other duellist's, after a hit
	Outcome string `json:"outcome,omitempty"` // its key
}

func (t *tracer) tell(ev event, format string, a ...any) {
	if t.err != nil {
		return
	}
	if t.w != nil {
		_, t.err = fmt.Fprintf(t.w, format+"\n", a...)
	}
	if t.events != nil && t.err == nil {
		t.err = json.NewEncoder(t.events).Encode(ev)
	}
}

func (p *Player) play(seed, index uint64, rec *game.Record, t *tracer) {
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
			idle := side == 0 && p.random && !p.rng.Bool()
			rec.Turn(side, idle)
			if idle {
				if t != nil {
					t.tell(event{Round: round, Event: "wait", Side: "A"}, "round %d: A waits (coin flip)", round)
				}
				continue
			}
			rec.V[d.swings+side]++
			roll := 1 + p.rng.IntN(6)
			if roll > skill[side] {
				if t != nil {
					t.tell(event{Round: round, Event: "miss", Side: name[side], Roll: roll, Target: skill[side]},
						"round %d: %s attacks: d6 %d > %d: miss", round, name[side], roll, skill[side])
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
			if t != nil {
				dealt, left := dmg, hp[1-side]
				t.tell(event{Round: round, Event: "hit", Side: name[side], Roll: roll, Target: skill[side], Card: card + 1, Damage: &dealt, HP: &left},
					"round %d: %s attacks: d6 %d <= %d: hit, card %d: %d damage, %s has %d HP",
					round, name[side], roll, skill[side], card+1, dmg, name[1-side], hp[1-side])
			}
			if hp[1-side] == 0 {
				rec.V[d.fell+1-side] = int32(round)
				outcome = AWon + side
				break
			}
		}
		rec.Stand(&d.schema, hp[0], hp[1])
	}
	rec.Outcome = outcome
	rec.Length = round - 1
	rec.End = rec.Length
	rec.V[d.hpLeft], rec.V[d.hpLeft+1] = int32(hp[0]), int32(hp[1])
	if t != nil {
		key := d.schema.Outcomes[outcome].Key
		t.tell(event{Round: rec.Length, Event: "outcome", Outcome: key}, "outcome: %s after %d rounds", key, rec.Length)
	}
}
