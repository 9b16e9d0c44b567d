package horizon

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// MaxColours is the most colours of dice a design may have (the box has
// three: Orange, Blue and Black).
const MaxColours = 4

// MaxFaces is the most faces one die may have (at most 16: Dice.eff).
const MaxFaces = 12

var _ [16 - MaxFaces]struct{}

// MaxPool is the most dice one roll may hold.
const MaxPool = 16

// MaxPips is the most pips one face may show.
const MaxPips = 9

// Face is one face of a die: the pips it shows and whether it also shows
// the critical-hit symbol.
type Face struct {
	Pips uint8
	Crit bool
}

// Die is one colour of die: its faces, each equally likely, and how many
// dice of that colour the box holds.
type Die struct {
	Name     string
	Faces    [MaxFaces]Face
	NFaces   uint8
	Physical uint8
}

// Pool is a handful of dice: how many of each colour, by the colour's
// index in Dice.
type Pool [MaxColours]uint8

// Pool's methods read its colours as one word of four bytes (word), or
// one by one as written out below: MaxColours must be 4 (the lengths are
// negative otherwise).
var (
	_ [MaxColours - 4]struct{}
	_ [4 - MaxColours]struct{}
)

// Add returns the pool with q's dice added (each colour's count modulo
// 256, as uint8 adds: added in one word, no carry across colours).
func (p Pool) Add(q Pool) Pool {
	a, b := p.word(), q.word()
	binary.LittleEndian.PutUint32(p[:], (a&0x7f7f7f7f+b&0x7f7f7f7f)^(a^b)&0x80808080)
	return p
}

// word is the pool as one word, a colour a byte.
func (p Pool) word() uint32 { return binary.LittleEndian.Uint32(p[:]) }

// N is the number of dice in the pool.
func (p Pool) N() int {
	return int(p[0]) + int(p[1]) + int(p[2]) + int(p[3])
}

// Dice are a design's dice and the rules that read them.
type Dice struct {
	Die [MaxColours]Die
	N   int // colours in use
	// CritPips: a face showing the critical-hit symbol also counts its
	// pips (false: a crit face counts no pips).
	CritPips bool
	// Cap: a roll never holds more dice of a colour than the box does.
	Cap bool
	// eff are the faces as the rules read them (CritPips applied), 16
	// a colour (at least MaxFaces) so that a face f&15 indexes them
	// with no bounds check.
	eff [MaxColours][16]Face
	// mean is each colour's mean pips.
	mean [MaxColours]float64
}

// Compile fixes the faces the rules read; it must be called once the
// faces and rules are set, before the dice are rolled or their odds read.
func (d *Dice) Compile() error {
	for c := 0; c < d.N; c++ {
		die := &d.Die[c]
		if die.NFaces == 0 {
			return fmt.Errorf("die %q has no faces", die.Name)
		}
		for f := 0; f < int(die.NFaces); f++ {
			face := die.Faces[f]
			if face.Crit && !d.CritPips {
				face.Pips = 0
			}
			d.eff[c][f] = face
		}
		d.mean[c] = d.DieMean(c)
	}
	return nil
}

// Face returns face f of colour c as the rules read it.
func (d *Dice) Face(c, f int) Face { return d.eff[c][f] }

// Effective returns the pool as it is rolled: capped to the dice in the
// box when the Cap rule is on, and to MaxPool dice in all.
func (d *Dice) Effective(p Pool) Pool {
	// nothing to cap (the common case, read from the pool as one word):
	// fewer than 16 dice of each colour, MaxPool in all, none of a
	// colour not in use (the loop below leaves such a pool as it is)
	u := p.word()
	if !d.Cap && u&0xf0f0f0f0 == 0 && (u*0x01010101)>>24 <= MaxPool && u&^(1<<(8*uint(d.N))-1) == 0 {
		return p
	}
	n := 0
	for c := range p {
		if c >= d.N {
			p[c] = 0
			continue
		}
		if d.Cap && p[c] > d.Die[c].Physical {
			p[c] = d.Die[c].Physical
		}
		if n+int(p[c]) > MaxPool {
			p[c] = uint8(MaxPool - n)
		}
		n += int(p[c])
	}
	return p
}

// Colour returns the index of the colour called name, or -1.
func (d *Dice) Colour(name string) int {
	for c := 0; c < d.N; c++ {
		if d.Die[c].Name == name {
			return c
		}
	}
	return -1
}

// Format writes a pool as "2 orange + 1 black" ("no dice" when empty).
func (d *Dice) Format(p Pool) string {
	var parts []string
	for c := 0; c < d.N; c++ {
		if p[c] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", p[c], d.Die[c].Name))
		}
	}
	if len(parts) == 0 {
		return "no dice"
	}
	return strings.Join(parts, " + ")
}

// ParsePool reads a dice spec such as "2orange,1black" or "2 orange + 1
// black" (a count may be left out for one die: "orange,black").
func (d *Dice) ParsePool(spec string) (Pool, error) {
	var p Pool
	s := strings.NewReplacer("+", ",", " ", "").Replace(strings.ToLower(spec))
	if s == "" {
		return p, fmt.Errorf("empty dice spec; write e.g. 2orange,1black")
	}
	var names []string
	for c := 0; c < d.N; c++ {
		names = append(names, d.Die[c].Name)
	}
	for _, part := range strings.Split(s, ",") {
		if part == "" {
			continue
		}
		i := 0
		for i < len(part) && part[i] >= '0' && part[i] <= '9' {
			i++
		}
		n := 1
		if i > 0 {
			if _, err := fmt.Sscan(part[:i], &n); err != nil || n > MaxPool {
				return p, fmt.Errorf("dice spec %q: %q is not a count of 0..%d", spec, part[:i], MaxPool)
			}
		}
		c := d.Colour(part[i:])
		if c < 0 {
			return p, fmt.Errorf("dice spec %q: no colour %q; the colours are %s", spec, part[i:], strings.Join(names, ", "))
		}
		if int(p[c])+n > MaxPool {
			return p, fmt.Errorf("dice spec %q: more than %d dice", spec, MaxPool)
		}
		p[c] += uint8(n)
	}
	if p.N() > MaxPool {
		return p, fmt.Errorf("dice spec %q: more than %d dice", spec, MaxPool)
	}
	return p, nil
}

// Joint is the exact joint law of a roll's pips and crits: P[pips][crits]
// in P[pips*(MaxCrits+1)+crits].
type Joint struct {
	MaxPips, MaxCrits int
	P                 []float64
}

// At returns P(pips = s, crits = c).
func (j Joint) At(s, c int) float64 {
	if s < 0 || s > j.MaxPips || c < 0 || c > j.MaxCrits {
		return 0
	}
	return j.P[s*(j.MaxCrits+1)+c]
}

// Joint returns the exact joint law of the total pips and the number of
// crit faces of one roll of pool p (after Effective): the convolution of
// each die's law, every face of a die equally likely.
func (d *Dice) Joint(p Pool) Joint {
	p = d.Effective(p)
	j := Joint{P: []float64{1}}
	for c := 0; c < d.N; c++ {
		for k := 0; k < int(p[c]); k++ {
			j = d.addDie(j, c)
		}
	}
	return j
}

func (d *Dice) addDie(j Joint, c int) Joint {
	die := &d.Die[c]
	maxP, anyCrit := 0, false
	for f := 0; f < int(die.NFaces); f++ {
		maxP = max(maxP, int(d.eff[c][f].Pips))
		anyCrit = anyCrit || d.eff[c][f].Crit
	}
	n := Joint{MaxPips: j.MaxPips + maxP, MaxCrits: j.MaxCrits}
	if anyCrit {
		n.MaxCrits++
	}
	n.P = make([]float64, (n.MaxPips+1)*(n.MaxCrits+1))
	w := 1 / float64(die.NFaces)
	for s := 0; s <= j.MaxPips; s++ {
		for k := 0; k <= j.MaxCrits; k++ {
			q := j.At(s, k)
			if q == 0 {
				continue
			}
			for f := 0; f < int(die.NFaces); f++ {
				face := d.eff[c][f]
				k2 := k
				if face.Crit {
					k2++
				}
				n.P[(s+int(face.Pips))*(n.MaxCrits+1)+k2] += q * w
			}
		}
	}
	return n
}

// PipsLaw returns P(total pips = s) for s = 0..MaxPips.
func (j Joint) PipsLaw() []float64 {
	out := make([]float64, j.MaxPips+1)
	for s := 0; s <= j.MaxPips; s++ {
		for c := 0; c <= j.MaxCrits; c++ {
			out[s] += j.At(s, c)
		}
	}
	return out
}

// CritsLaw returns P(crits = c) for c = 0..MaxCrits.
func (j Joint) CritsLaw() []float64 {
	out := make([]float64, j.MaxCrits+1)
	for s := 0; s <= j.MaxPips; s++ {
		for c := 0; c <= j.MaxCrits; c++ {
			out[c] += j.At(s, c)
		}
	}
	return out
}

// Damage returns the law of the damage a roll deals to a target of
// armour A when each crit adds critDamage:
//
//	damage = max(0, pips + critDamage·crits − A)
func (j Joint) Damage(armour, critDamage int) []float64 {
	top := max(0, j.MaxPips+critDamage*j.MaxCrits-armour)
	out := make([]float64, top+1)
	for s := 0; s <= j.MaxPips; s++ {
		for c := 0; c <= j.MaxCrits; c++ {
			v := max(0, s+critDamage*c-armour)
			out[v] += j.At(s, c)
		}
	}
	return out
}

// Mean returns the mean of a law given as P[v], v = 0, 1, ...
func Mean(law []float64) float64 {
	m := 0.0
	for v, p := range law {
		m += float64(v) * p
	}
	return m
}

// AtLeast returns P(V >= k) of a law given as P[v].
func AtLeast(law []float64, k int) float64 {
	if k <= 0 {
		return 1
	}
	s := 0.0
	for v := k; v < len(law); v++ {
		s += law[v]
	}
	return s
}

// Evade returns the law of the damage a hunter suffers from an enemy
// attack of fixed damage D after an evade roll of pool p whose crit
// option reduces the damage by critReduce:
//
//	suffered = max(0, D − Σ pips − critReduce·crits)
//
// When frozen, the dice showing a crit are discarded before anything is
// summed (they count neither pips nor a reduction).
func (d *Dice) Evade(p Pool, damage, critReduce int, frozen bool) []float64 {
	out := make([]float64, max(damage, 0)+1)
	if frozen {
		for s, q := range d.frozenJoint(p) {
			out[max(0, damage-s)] += q
		}
		return out
	}
	j := d.Joint(p)
	for s := 0; s <= j.MaxPips; s++ {
		for c := 0; c <= j.MaxCrits; c++ {
			if q := j.At(s, c); q != 0 {
				out[max(0, damage-s-critReduce*c)] += q
			}
		}
	}
	return out
}

// frozenJoint returns the law of the pips of a roll whose crit dice are
// discarded: each die contributes its pips on a plain face and nothing on
// a crit face.
func (d *Dice) frozenJoint(p Pool) []float64 {
	p = d.Effective(p)
	law := []float64{1}
	for c := 0; c < d.N; c++ {
		die := &d.Die[c]
		w := 1 / float64(die.NFaces)
		for k := 0; k < int(p[c]); k++ {
			next := make([]float64, len(law)+MaxPips)
			for s, q := range law {
				if q == 0 {
					continue
				}
				for f := 0; f < int(die.NFaces); f++ {
					face := d.eff[c][f]
					add := int(face.Pips)
					if face.Crit {
						add = 0
					}
					next[s+add] += q * w
				}
			}
			law = next
		}
	}
	return law
}

// DieMean returns the mean pips of one die of colour c.
func (d *Dice) DieMean(c int) float64 {
	die := &d.Die[c]
	m := 0.0
	for f := 0; f < int(die.NFaces); f++ {
		m += float64(d.eff[c][f].Pips)
	}
	return m / float64(die.NFaces)
}

// DieCritChance returns the chance one die of colour c shows a crit.
func (d *Dice) DieCritChance(c int) float64 {
	die := &d.Die[c]
	n := 0
	for f := 0; f < int(die.NFaces); f++ {
		if d.eff[c][f].Crit {
			n++
		}
	}
	return float64(n) / float64(die.NFaces)
}
