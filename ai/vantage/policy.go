// Package vantage holds the policies that play Vantage's sides. The rules
// page gives no policy for either side, so both sides are played by the
// same tiers (the enemies by the baseline, "basic"):
//
//   - random: a legal action chosen uniformly, passing only when nothing
//     else is legal; a counter-strike choice on a coin flip. The floor.
//   - basic: a one-step greedy player that scores each legal action by the
//     damage it is expected to be worth per action point (below) and
//     takes the best, passing when nothing scores above zero.
//
// Basic's scores are fractions of HP: the share of its target's HP an
// action is expected to take, or of the fighter's own HP it is expected to
// save. For fighter f (chances p of its rolls, damages of its weapons,
// hp its HP now, AP the points of a turn):
//
//	attack t          damage / t's HP; +100 when it takes t down
//	gain vantage on t p(Perception) × ranged damage / t's HP
//	gain strike on t  p(Speed) × (melee damage / t's HP + t's ranged damage × AP / hp when t has vantage on f)
//	evade             p(Agility) × threat × AP / hp − held × f's points left / the held enemy's HP
//	move              0.01 toward the nearest enemy when none stands in f's hex
//
// where threat is the damage per point of the enemies holding vantage
// (their ranged damage) or strike (their melee damage) on f, and held the
// damage per point of the attack f's own hold allows (lost by evading).
// Basic is aggressive: it ignores what a counter-vantage or counter-strike
// will do to it. Ties go to the first action Legal lists. A counter-strike
// choice keeps the strike on the enemy with fewer HP (the gainer on a
// tie).
//
// Policies draw their random choices from the duel's own stream, never
// from the fighters' roll streams, so that the rolls of a duel stay
// matched between designs.
package vantage

import (
	"fmt"

	sim "balance/sim/vantage"
)

// Tier is a policy tier.
type Tier uint8

// Tiers, weakest first.
const (
	Random Tier = iota
	Basic
)

// TierInfo names and describes a tier.
type TierInfo struct {
	Name, Summary string
}

// Tiers are the tiers, weakest first, by Tier.
var Tiers = [...]TierInfo{
	Random: {"random", "a legal action at random; a coin flip for a counter-strike choice"},
	Basic:  {"basic", "the action worth the most expected damage per point (attack, gain, evade, close in)"},
}

// DefaultTier is the tier the players' side plays unless told.
const DefaultTier = Basic

// ParseTier returns the tier named s.
func ParseTier(s string) (Tier, error) {
	for t, info := range Tiers {
		if info.Name == s {
			return Tier(t), nil
		}
	}
	return 0, fmt.Errorf("no policy %q: the tiers are random, basic", s)
}

// Play plays duel d to its end: each fighter's choices by its side's
// tier, pol[sim.Players] or pol[sim.Enemies]. It allocates nothing.
func Play(d *sim.Duel, pol [2]Tier) {
	var buf [sim.MaxActions]sim.Action
	for {
		i := d.Actor()
		if i < 0 {
			return
		}
		d.Do(Choose(pol[d.Sc.F[i].Side], d, i, buf[:0]))
		if v := d.Pending.Victim; v != sim.None {
			d.ChooseStrike(SwitchStrike(pol[d.Sc.F[v].Side], d))
		}
	}
}

// Choose returns fighter i's next action under tier t; buf is scratch
// space for the legal actions (capacity sim.MaxActions).
func Choose(t Tier, d *sim.Duel, i int, buf []sim.Action) sim.Action {
	if t == Random {
		legal := d.Legal(buf, i)
		n := len(legal) - 1 // Pass is last: chosen only when alone
		if n == 0 {
			d.Decide(i, legal[0], "nothing else is legal")
			return legal[0]
		}
		a := legal[d.RNG.IntN(n)]
		d.Decide(i, a, "at random")
		return a
	}
	a, why := basic(d, i)
	d.Decide(i, a, reasons[why])
	return a
}

// basic is basic's choice for fighter i: the first action in Legal's
// order whose score is the highest above zero, or Pass. It walks the
// compact form of the legal actions (sim's MovesOf and OptionsOf) and
// scores each as score does, without listing them.
func basic(d *sim.Duel, i int) (sim.Action, uint8) {
	me := int8(i)
	best, bestV, why := sim.Action{Kind: sim.Pass, Who: me, To: sim.None}, 0.0, noPoint
	o := d.OptionsOf(i)
	s := &d.S[i]
	if !o.InHex { // basic moves only to close in
		if m := d.MovesOf(i); m != 0 {
			if t := nearestEnemy(d, i); t >= 0 {
				dist := &d.Sc.Map.Dist
				th := d.S[t].Hex
				now := dist[s.Hex][th]
				for dir, h := range &d.Sc.Map.Adj[s.Hex] {
					if m&(1<<dir) != 0 && dist[h][th] < now {
						best, bestV, why = sim.Action{Kind: sim.Move, Who: me, To: h}, moveScore, closeIn
						break
					}
				}
			}
		}
	}
	f := &d.Sc.F[i]
	ap, hp := float64(d.Sc.Rules.AP), float64(s.HP)
	lo, hi := d.Sc.Side(1 - f.Side)
	for j := lo; j < hi; j++ {
		on := o.On[j]
		if on == 0 {
			continue
		}
		tj := int8(j)
		thp := d.S[j].HP
		if on&(1<<sim.GainVantage) != 0 {
			if v := vantageScore(f, thp); v > bestV {
				best, bestV, why = sim.Action{Kind: sim.GainVantage, Who: me, To: tj}, v, mostDamage
			}
		}
		if on&(1<<sim.GainStrike) != 0 {
			if v := strikeScore(d, f, me, j, ap, hp); v > bestV {
				best, bestV, why = sim.Action{Kind: sim.GainStrike, Who: me, To: tj}, v, mostDamage
			}
		}
		if on&(1<<sim.Shoot) != 0 {
			if v, w := attackScore(f.RangedDamage, thp); v > bestV {
				best, bestV, why = sim.Action{Kind: sim.Shoot, Who: me, To: tj}, v, w
			}
		}
		if on&(1<<sim.Melee) != 0 {
			if v, w := attackScore(f.MeleeDamage, thp); v > bestV {
				best, bestV, why = sim.Action{Kind: sim.Melee, Who: me, To: tj}, v, w
			}
		}
	}
	if o.Evade {
		if v := evadeScore(d, i, ap, hp); v > bestV {
			best, why = sim.Action{Kind: sim.Evade, Who: me, To: sim.None}, shakeOff
		}
	}
	return best, why
}

// Basic's reasons, for the trace.
const (
	noPoint uint8 = iota
	takesDown
	attackHeld
	mostDamage
	shakeOff
	closeIn
)

var reasons = [...]string{
	noPoint:    "nothing is worth a point",
	takesDown:  "the attack takes the target down",
	attackHeld: "attack with what it holds",
	mostDamage: "most expected damage per point",
	shakeOff:   "shake off the enemies' holds before their turn",
	closeIn:    "close in on the nearest enemy",
}

// view is what basic's scores of one fighter's actions share, worked out
// once per choice.
type view struct {
	ap, hp  float64 // points of a turn, the fighter's HP now
	inHex   bool    // an enemy stands in its hex
	nearest int     // the nearest standing enemy when none stands in its hex, or -1
}

func look(d *sim.Duel, i int) view {
	v := view{ap: float64(d.Sc.Rules.AP), hp: float64(d.S[i].HP), inHex: enemyInHex(d, i), nearest: -1}
	if !v.inHex {
		v.nearest = nearestEnemy(d, i)
	}
	return v
}

// Score is basic's score of legal action a, and the reason it gives.
func Score(d *sim.Duel, a sim.Action) (float64, string) {
	v := look(d, int(a.Who))
	s, why := v.score(d, &a)
	return s, reasons[why]
}

func (v *view) score(d *sim.Duel, a *sim.Action) (float64, uint8) {
	i := int(a.Who)
	f := &d.Sc.F[i]
	switch a.Kind {
	case sim.Shoot:
		return attackScore(f.RangedDamage, d.S[a.To].HP)
	case sim.Melee:
		return attackScore(f.MeleeDamage, d.S[a.To].HP)
	case sim.GainVantage:
		return vantageScore(f, d.S[a.To].HP), mostDamage
	case sim.GainStrike:
		return strikeScore(d, f, a.Who, int(a.To), v.ap, v.hp), mostDamage
	case sim.Evade:
		return evadeScore(d, i, v.ap, v.hp), shakeOff
	case sim.Move:
		if t := v.nearest; t >= 0 {
			h := d.S[t].Hex
			if d.Sc.Map.Dist[a.To][h] < d.Sc.Map.Dist[d.S[i].Hex][h] {
				return moveScore, closeIn
			}
		}
	}
	return 0, noPoint
}

// moveScore is the score of a move that closes in.
const moveScore = 0.01

// attackScore scores an attack for dmg on a target with hp HP.
func attackScore(dmg, hp int) (float64, uint8) {
	if dmg >= hp {
		return 100 + float64(dmg)/float64(hp), takesDown
	}
	return float64(dmg) / float64(hp), attackHeld
}

// vantageScore scores fighter f's attempt at vantage on a target with hp
// HP.
func vantageScore(f *sim.Fighter, hp int) float64 {
	if !f.Ranged() {
		return 0
	}
	return f.Chance[sim.Perception] * float64(f.RangedDamage) / float64(hp)
}

// strikeScore scores fighter me's (f's) attempt at strike on t; ap and hp
// are the points of a turn and me's HP.
func strikeScore(d *sim.Duel, f *sim.Fighter, me int8, t int, ap, hp float64) float64 {
	s := float64(f.MeleeDamage) / float64(d.S[t].HP)
	if d.S[t].Vantage == me {
		s += float64(d.Sc.F[t].RangedDamage) * ap / hp
	}
	return f.Chance[sim.Speed] * s
}

// evadeScore scores fighter i's Evade.
func evadeScore(d *sim.Duel, i int, ap, hp float64) float64 {
	return d.Sc.F[i].Chance[sim.Agility]*threat(d, i)*ap/hp - held(d, i)
}

// threat is the damage per point the enemies holding vantage or strike on
// fighter i could deal it.
func threat(d *sim.Duel, i int) float64 {
	v := 0
	me := int8(i)
	lo, hi := d.Sc.Side(1 - d.Sc.F[i].Side)
	for j := lo; j < hi; j++ {
		s := &d.S[j]
		if s.Vantage == me && !s.Down {
			v += d.Sc.F[j].RangedDamage
		}
		if s.Strike == me && !s.Down {
			v += d.Sc.F[j].MeleeDamage
		}
	}
	return float64(v)
}

// held is the share of the held enemy's HP that fighter i's own hold lets
// it take with its points left this turn (what an Evade gives up).
func held(d *sim.Duel, i int) float64 {
	s := &d.S[i]
	f := &d.Sc.F[i]
	dmg, t := 0, sim.None
	switch {
	case s.Vantage != sim.None && f.Ranged():
		dmg, t = f.RangedDamage, s.Vantage
	case s.Strike != sim.None:
		dmg, t = f.MeleeDamage, s.Strike
	default:
		return 0
	}
	return float64(dmg*s.AP) / float64(d.S[t].HP)
}

func enemyInHex(d *sim.Duel, i int) bool {
	hex := d.S[i].Hex
	lo, hi := d.Sc.Side(1 - d.Sc.F[i].Side)
	for j := lo; j < hi; j++ {
		if d.S[j].Hex == hex && !d.S[j].Down {
			return true
		}
	}
	return false
}

// nearestEnemy is the standing enemy fewest steps from fighter i (the
// first in roster order on a tie), or -1.
func nearestEnemy(d *sim.Duel, i int) int {
	best, bestD := -1, 256
	dist := &d.Sc.Map.Dist[d.S[i].Hex]
	lo, hi := d.Sc.Side(1 - d.Sc.F[i].Side)
	for j := lo; j < hi; j++ {
		if !d.S[j].Down {
			if x := int(dist[d.S[j].Hex]); x < bestD {
				best, bestD = j, x
			}
		}
	}
	return best
}

// SwitchStrike answers the pending counter-strike choice under tier t:
// whether the victim switches its strike to the gainer.
func SwitchStrike(t Tier, d *sim.Duel) bool {
	p := d.Pending
	if t == Random {
		return d.RNG.Bool()
	}
	return d.S[p.Gainer].HP <= d.S[p.Held].HP
}
