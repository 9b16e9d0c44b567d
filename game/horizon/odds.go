package horizon

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	configs "balance/configs/horizon"
	"balance/game"
	sim "balance/sim/horizon"
)

var _ game.Odds = Game{}

// OddsFlags registers the flags of 'balance odds -game horizon': a roll
// of the dice the data gives, and what it deals past armour or what an
// enemy attack does through it as an evade roll.
func (Game) OddsFlags(fs *flag.FlagSet) func(w io.Writer, asJSON bool) error {
	spec := fs.String("dice", "", "the roll, dice by colour: e.g. 2orange,1black")
	armour := fs.Int("armour", 0, "the target's armour: the law of the damage past it")
	crit := fs.Int("crit", 0, "the damage each crit adds (a crit option's damage); with -evade, the damage each crit of the evade roll reduces")
	evade := fs.Int("evade", -1, "read the roll as an evade roll against an enemy attack of this fixed damage")
	frozen := fs.Bool("frozen", false, "with -evade: the hunter is Frozen (the dice showing a crit are discarded)")
	return func(w io.Writer, asJSON bool) error {
		x, err := configs.Load(context.Background(), "")
		if err != nil {
			return err
		}
		c, err := x.Compile(DefaultEncounter, DefaultParty, nil)
		if err != nil {
			return err
		}
		return writeOdds(w, &c.Sc.Dice, *spec, *armour, *crit, *evade, *frozen, asJSON)
	}
}

// Odds is the exact law of one roll, as 'odds -json' writes it.
type Odds struct {
	Dice       map[string][]string `json:"dice"`           // the faces of each colour, as the data gives them
	CritPips   bool                `json:"crit_face_pips"` // a crit face counts its pips
	Pool       map[string]int      `json:"pool"`
	Pips       []float64           `json:"pips"`  // P(total pips = i)
	Crits      []float64           `json:"crits"` // P(crits = i)
	Joint      [][]float64         `json:"joint"` // P(pips = i, crits = j)
	Armour     int                 `json:"armour,omitempty"`
	CritDamage int                 `json:"crit_damage,omitempty"`
	Damage     []float64           `json:"damage,omitempty"` // P(damage past armour = i)
	MeanDamage float64             `json:"mean_damage,omitempty"`
	Attack     int                 `json:"evade_attack,omitempty"`
	Frozen     bool                `json:"frozen,omitempty"`
	Suffered   []float64           `json:"suffered,omitempty"` // P(damage suffered = i) after the evade roll
	Mean       float64             `json:"mean_suffered,omitempty"`
}

func writeOdds(w io.Writer, d *sim.Dice, spec string, armour, crit, evade int, frozen, asJSON bool) error {
	if spec == "" {
		return game.Usagef("odds -game horizon needs -dice, e.g. -dice 2orange,1black")
	}
	p, err := d.ParsePool(spec)
	if err != nil {
		return game.Usagef("%v", err)
	}
	if armour < 0 || armour > 50 || crit < 0 || crit > 50 || evade > 100 {
		return game.Usagef("-armour and -crit take 0..50, -evade up to 100")
	}
	o := Odds{Dice: map[string][]string{}, CritPips: d.CritPips, Pool: map[string]int{}}
	for c := 0; c < d.N; c++ {
		die := &d.Die[c]
		for f := 0; f < int(die.NFaces); f++ {
			o.Dice[die.Name] = append(o.Dice[die.Name], faceText(die.Faces[f]))
		}
		if p[c] > 0 {
			o.Pool[die.Name] = int(p[c])
		}
	}
	j := d.Joint(p)
	o.Pips, o.Crits = j.PipsLaw(), j.CritsLaw()
	for s := 0; s <= j.MaxPips; s++ {
		row := make([]float64, j.MaxCrits+1)
		for c := range row {
			row[c] = j.At(s, c)
		}
		o.Joint = append(o.Joint, row)
	}
	if evade >= 0 {
		o.Attack, o.Frozen, o.CritDamage = evade, frozen, crit
		o.Suffered = d.Evade(p, evade, crit, frozen)
		o.Mean = sim.Mean(o.Suffered)
	} else {
		o.Armour, o.CritDamage = armour, crit
		o.Damage = j.Damage(armour, crit)
		o.MeanDamage = sim.Mean(o.Damage)
	}
	if asJSON {
		b, err := json.MarshalIndent(o, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", b)
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "roll: %s\n", d.Format(p))
	for c := 0; c < d.N; c++ {
		fmt.Fprintf(&b, "  %s faces: %s\n", d.Die[c].Name, strings.Join(o.Dice[d.Die[c].Name], " "))
	}
	if d.CritPips {
		b.WriteString("  a crit face counts its pips too\n")
	} else {
		b.WriteString("  a crit face counts no pips (rules.crit_face_pips false)\n")
	}
	table := func(title string, law []float64) {
		fmt.Fprintf(&b, "\n%s\n  %-6s %-9s %s\n", title, "value", "exactly", "at least")
		for v, q := range law {
			fmt.Fprintf(&b, "  %-6d %-9.4f %.4f\n", v, q, sim.AtLeast(law, v))
		}
		fmt.Fprintf(&b, "  mean %.4f\n", sim.Mean(law))
	}
	table("total pips", o.Pips)
	table("crits", o.Crits)
	if evade >= 0 {
		what := ""
		if frozen {
			what = ", Frozen: crit dice discarded"
		}
		table(fmt.Sprintf("damage suffered from an attack of %d (each evade crit reduces %d%s)", evade, crit, what), o.Suffered)
	} else {
		table(fmt.Sprintf("damage past armour %d (each crit adds %d)", armour, crit), o.Damage)
	}
	_, err = io.WriteString(w, b.String())
	return err
}
