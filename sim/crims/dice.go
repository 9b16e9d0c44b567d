package crims

import (
	"math/bits"
	"strconv"

	"balance/sim/dice"
)

// Pool is the regular dice of a check, by size: the Impact Die, always a
// d10 and never changed, is apart. The zero Pool holds no regular die.
type Pool struct {
	D8, D10, D12 uint8
}

// Regular returns a pool of n regular d10s (none when n <= 0).
func Regular(n int) Pool {
	if n <= 0 {
		return Pool{}
	}
	return Pool{D10: uint8(min(n, MaxRegular))}
}

// MaxRegular is the most regular dice a pool holds; a step that would
// add one more is not taken.
const MaxRegular = 40

// Dice is the number of regular dice.
func (p Pool) Dice() int { return int(p.D8) + int(p.D10) + int(p.D12) }

// Mean24 is the expected number of regular successes in 24ths: a die
// succeeds on 6 or higher, so a d8 adds 9/24, a d10 12/24 and a d12 14/24.
func (p Pool) Mean24() int { return 9*int(p.D8) + 12*int(p.D10) + 14*int(p.D12) }

// String writes the pool as "{d12, d10, d8}", largest dice first.
func (p Pool) String() string {
	b := []byte{'{'}
	add := func(n uint8, name string) {
		for range n {
			if len(b) > 1 {
				b = append(b, ", "...)
			}
			b = append(b, name...)
		}
	}
	add(p.D12, "d12")
	add(p.D10, "d10")
	add(p.D8, "d8")
	return string(append(b, '}'))
}

// Step is one upgrade or downgrade of one regular die.
type Step uint8

// The six steps. An upgrade of a d12 keeps it and adds a d8; a downgrade
// of a d8 removes it.
const (
	UpD8     Step = iota // d8 → d10
	UpD10                // d10 → d12
	UpD12                // d12 → d12 + d8
	DownD12              // d12 → d10
	DownD10              // d10 → d8
	RemoveD8             // d8 → removed
)

// legal reports whether step s can be taken on p under the document's
// order: every d10 becomes a d12 before any d12 adds a d8, and every d10
// becomes a d8 before any d8 is removed. The Impact Die is not among the
// d10s these constraints speak of (it cannot change).
func (p Pool) legal(s Step) bool {
	switch s {
	case UpD8:
		return p.D8 > 0
	case UpD10:
		return p.D10 > 0
	case UpD12:
		return p.D12 > 0 && p.D10 == 0 && p.Dice() < MaxRegular
	case DownD12:
		return p.D12 > 0
	case DownD10:
		return p.D10 > 0
	case RemoveD8:
		return p.D8 > 0 && p.D10 == 0
	}
	return false
}

// apply takes step s on p, which must be legal.
func (p Pool) apply(s Step) Pool {
	switch s {
	case UpD8:
		p.D8--
		p.D10++
	case UpD10:
		p.D10--
		p.D12++
	case UpD12:
		p.D8++
	case DownD12:
		p.D12--
		p.D10++
	case DownD10:
		p.D10--
		p.D8++
	case RemoveD8:
		p.D8--
	}
	return p
}

// AllUp upgrades every die of the pool one step at once ("upgrade all
// the dice"): d8s become d10s, d10s d12s, and each d12 adds a d8.
func (p Pool) AllUp() Pool {
	q := Pool{D8: p.D12, D10: p.D8, D12: p.D10 + p.D12}
	if q.Dice() > MaxRegular {
		q.D8 -= uint8(q.Dice() - MaxRegular)
	}
	return q
}

// AllDown downgrades every die of the pool one step at once: d12s become
// d10s, d10s d8s, and d8s are removed.
func (p Pool) AllDown() Pool { return Pool{D8: p.D10, D10: p.D12} }

// MaxSteps is the most single steps one search looks at; more are taken
// one at a time, each the best single step.
const MaxSteps = 8

// Upgrade takes k upgrade steps on p, chosen to maximise the expected
// successes among every legal sequence of steps (the roller's choice),
// and returns the pool. Steps that cannot be taken are dropped.
func (p Pool) Upgrade(k int) Pool { return p.steps(k, true, true) }

// Downgrade takes k downgrade steps on p, chosen by the roller to lose
// the fewest expected successes (least) or by the opponent to lose the
// most (!least), and returns the pool. A pool with no regular die left
// takes no more steps.
func (p Pool) Downgrade(k int, least bool) Pool { return p.steps(k, false, least) }

// steps searches every legal sequence of k steps (dice of one size are
// alike, so at most three choices a step) for the pool of the highest
// expected successes (hi) or the lowest; ties keep the first found, in
// the order of the Step constants.
func (p Pool) steps(k int, up, hi bool) Pool {
	if k <= 0 {
		return p
	}
	for k > MaxSteps {
		p = p.steps(1, up, hi)
		k--
	}
	best, _ := p.search(k, up, hi)
	return best
}

func (p Pool) search(k int, up, hi bool) (Pool, int) {
	if k == 0 {
		return p, p.Mean24()
	}
	first, last := UpD8, UpD12
	if !up {
		first, last = DownD12, RemoveD8
	}
	found := false
	var best Pool
	var bestMean int
	for s := first; s <= last; s++ {
		if !p.legal(s) {
			continue
		}
		q, m := p.apply(s).search(k-1, up, hi)
		if !found || (hi && m > bestMean) || (!hi && m < bestMean) {
			best, bestMean, found = q, m, true
		}
	}
	if !found {
		return p, p.Mean24()
	}
	return best, bestMean
}

// Mods are the upgrades and downgrades a check's dice receive.
type Mods struct {
	AllUp, AllDown int8 // "all the dice" effects, each one step of every die
	Up, Down       int8 // single steps
	// DownByOpponent: the downgrades are chosen to cost the most (the
	// rules switch armor_downgrade_chooser: opponent); else the roller
	// chooses, to cost the least.
	DownByOpponent bool
}

// Build returns the regular dice of a check of n dice (the Impact Die is
// one of the n) after mods, in the document's order: "all the dice"
// effects first (or after the single steps, when allDiceFirst is false),
// then every upgrade, then every downgrade.
func Build(n int, m Mods, allDiceFirst bool) Pool {
	if m.AllUp == 0 && m.AllDown == 0 && m.Up == 0 && m.Down == 0 {
		return Regular(n - 1)
	}
	return build(n, m, allDiceFirst)
}

// build is Build of a check with mods.
func build(n int, m Mods, allDiceFirst bool) Pool {
	p := Regular(n - 1)
	if allDiceFirst {
		p = p.allSteps(m)
	}
	p = p.Upgrade(int(m.Up))
	p = p.Downgrade(int(m.Down), !m.DownByOpponent)
	if !allDiceFirst {
		p = p.allSteps(m)
	}
	return p
}

// allSteps takes the "all the dice" effects of m on p.
func (p Pool) allSteps(m Mods) Pool {
	for range m.AllUp {
		p = p.AllUp()
	}
	for range m.AllDown {
		p = p.AllDown()
	}
	return p
}

// poolMemo remembers the pools Build made with mods for a match's checks
// (Build is a pure function of its arguments, packed into key; 0: none).
type poolMemo [64]struct {
	key  uint64
	pool Pool
}

// build is Build(n, m, allDiceFirst), read from the memo when it was
// made before. A check of d10s with only upgrades, only downgrades (no
// more than its regular dice) or one "all the dice" downgrade is made at
// once: each step has one legal choice (a d10 to a d12, or to a d8,
// while d10s are left), and a d10 downgraded all at once is a d8.
func (pm *poolMemo) build(n int, m Mods, allDiceFirst bool) Pool {
	if m.AllUp == 0 && m.AllDown == 0 && m.Up == 0 && m.Down == 0 {
		return Regular(n - 1)
	}
	if r := n - 1; m.AllUp == 0 && r >= 0 && r <= MaxRegular {
		switch {
		case m.AllDown == 0 && m.Down == 0 && m.Up > 0 && int(m.Up) <= r:
			return Pool{D10: uint8(r) - uint8(m.Up), D12: uint8(m.Up)}
		case m.AllDown == 0 && m.Up == 0 && m.Down > 0 && int(m.Down) <= r:
			return Pool{D10: uint8(r) - uint8(m.Down), D8: uint8(m.Down)}
		case m.AllDown == 1 && m.Up == 0 && m.Down == 0:
			return Pool{D8: uint8(r)}
		}
	}
	if n < 0 || n > 0xffff {
		return build(n, m, allDiceFirst)
	}
	key := 1<<63 | uint64(n)<<40 | uint64(uint8(m.AllUp))<<32 | uint64(uint8(m.AllDown))<<24 | uint64(uint8(m.Up))<<16 | uint64(uint8(m.Down))<<8
	if m.DownByOpponent {
		key |= 2
	}
	if allDiceFirst {
		key |= 1
	}
	e := &pm[(key*0x9e3779b97f4a7c15)>>58]
	if e.key != key {
		e.key, e.pool = key, build(n, m, allDiceFirst)
	}
	return e.pool
}

// Impact faces with a meaning.
const (
	ImpactFail = 1  // one success removed, and the side effects of a 1
	ImpactCrit = 10 // a success, a point of Momentum and one option
)

// Success reports whether face f of a die of size sides is a success:
// 6 or higher on every size.
func Success(f uint8) bool { return f >= 6 }

// Roll is a rolled check: the Impact Die's face and the successes of the
// regular dice. Impact is 0 when no die was rolled (a pool of 0 dice).
type Roll struct {
	Impact  uint8
	Regular uint8 // regular dice showing 6 or higher
}

// Successes returns the check's successes: the regular ones, one less on
// an Impact 1 (never below 0), one more on 6-9, and on a 10 one more, or
// two when double is chosen ("the die counts as two successes").
func (r Roll) Successes(double bool) int {
	s := int(r.Regular)
	switch {
	case r.Impact == 0:
	case r.Impact == ImpactFail:
		s = max(s-1, 0)
	case r.Impact == ImpactCrit && double:
		s += 2
	case r.Impact >= 6:
		s++
	}
	return s
}

// Faces is a caller-owned buffer for the faces of a check's regular
// dice, filled only when a trace asks for them.
type Faces struct {
	N    uint8
	Size [MaxRegular]uint8
	Face [MaxRegular]uint8
}

// String writes the faces as "d12:7 d10:3 d8:6".
func (f *Faces) String() string {
	var b []byte
	for i := range int(f.N) {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, 'd')
		b = strconv.AppendInt(b, int64(f.Size[i]), 10)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(f.Face[i]), 10)
	}
	return string(b)
}

// RollPool rolls a check from r: the Impact Die when withImpact, then
// the regular dice of p (d12s, d10s, d8s). When f is not nil it receives
// the regular faces; the draws and the roll are the same either way.
//
// The dice are read off as few draws as hold them: the faces of a group
// of dice are the digits of one number drawn uniformly in [0, M), M the
// product of the group's sizes (at most groupMax), by r.IntN's exact
// multiply and reject. A uniform number's digits in a mixed radix are
// independent and uniform, so each die is a fair die, as if rolled alone
// (readGroup says which digit is which face). The first group holds the
// Impact Die, then d12s, d10s and d8s until the next die would take M
// past groupMax; the next group goes on from there.
func RollPool(r *dice.RNG, withImpact bool, p Pool, f *Faces) Roll {
	if f == nil && withImpact && p.D12 == 0 && p.D8 == 0 && p.D10 <= maxOneDrawD10 {
		// the usual check, its regular dice all d10s and one group: read
		// off as readGroup reads it, the halves in the low bits
		x := uint64(r.IntN(int(pow10[p.D10+1])))
		return Roll{Impact: uint8(1 + (x>>p.D10)%10), Regular: uint8(bits.OnesCount64(x & (1<<p.D10 - 1)))}
	}
	var out Roll
	if f != nil {
		f.N = 0
	}
	if withImpact && p.Dice() <= maxOneDraw {
		// one group, as firstGroup would fill it
		g := group{impact: true, d12: p.D12, d10: p.D10, d8: p.D8, high: 10 * pow12[p.D12] * pow5[p.D10]}
		if x := uint64(r.IntN(int(g.m()))); f != nil {
			readGroup(x, g, &out, f)
		} else {
			// as readGroup reads it, the group's dice in registers: the
			// halves and the d8s' lanes in the low bits, then the
			// Impact Die and the d12s (a success from a digit of 5)
			d10, d8 := p.D10, p.D8
			lane := uint64(1)<<d8 - 1
			a, b, c := x>>d10&lane, x>>(d10+d8)&lane, x>>(d10+2*d8)&lane
			reg := bits.OnesCount64(x&(1<<d10-1)) + bits.OnesCount64(a&(b|c))
			hi := x >> (d10 + 3*d8)
			out.Impact = uint8(1 + hi%10)
			for hi /= 10; p.D12 > 0; p.D12-- {
				if hi%12 >= 5 {
					reg++
				}
				hi /= 12
			}
			out.Regular = uint8(reg)
		}
		return out
	}
	left := p
	for g, ok := firstGroup(withImpact, &left); ok; g, ok = nextGroup(&left) {
		readGroup(uint64(r.IntN(int(g.m()))), g, &out, f)
	}
	return out
}

// groupMax is the most outcomes a group of dice read off one draw may
// have: r.IntN then redraws with a chance below 2^-8.
const groupMax = 1 << 56

// maxOneDrawD10 is the most d10s one draw holds with the Impact Die:
// 10^16 outcomes (10^17 is past groupMax).
const maxOneDrawD10 = 15

// maxOneDraw is the most regular dice one draw always holds with the
// Impact Die: 10·12^14 outcomes at most (10·12^15 is past groupMax).
const maxOneDraw = 14

// pow10, pow12 and pow5 are the powers of 10, 12 and 5 RollPool reads,
// from the 0th to the 16th.
var pow10, pow12, pow5 = powers(10), powers(12), powers(5)

// powers returns b^0 to b^16.
func powers(b uint64) (t [maxOneDrawD10 + 2]uint64) {
	t[0] = 1
	for i := 1; i < len(t); i++ {
		t[i] = b * t[i-1]
	}
	return t
}

// group is the dice of a check read off one draw.
type group struct {
	impact       bool   // the Impact Die is the group's first
	d12, d10, d8 uint8  // regular dice of each size
	high         uint64 // 10 for the Impact Die, 12 a d12 and 5 a d10, multiplied
}

// m is the number of the group's outcomes: high times 2 for each d10 and
// 8 for each d8.
func (g group) m() uint64 { return g.high << (g.d10 + 3*g.d8) }

// firstGroup takes the first group of a check's dice off left: the
// Impact Die when withImpact, then as many regular dice as fit. It
// reports false when there is no die to roll.
func firstGroup(withImpact bool, left *Pool) (group, bool) {
	if !withImpact {
		return nextGroup(left)
	}
	g := group{impact: true, high: 10}
	g.fill(left)
	return g, true
}

// nextGroup takes the next group of regular dice off left; false when
// none is left.
func nextGroup(left *Pool) (group, bool) {
	if left.D12 == 0 && left.D10 == 0 && left.D8 == 0 {
		return group{}, false
	}
	g := group{high: 1}
	g.fill(left)
	return g, true
}

// fill moves dice from left into g, d12s first, then d10s, then d8s,
// while the group's outcomes stay within groupMax: the first die that
// does not fit begins the next group, so that the faces keep their order.
func (g *group) fill(left *Pool) {
	for ; left.D12 > 0; left.D12-- {
		if g.m() > groupMax/12 {
			return
		}
		g.high *= 12
		g.d12++
	}
	for ; left.D10 > 0; left.D10-- {
		if g.m() > groupMax/10 {
			return
		}
		g.high *= 5
		g.d10++
	}
	for left.D8 > 0 && g.m() <= groupMax/8 {
		g.d8++
		left.D8--
	}
}

// readGroup reads the faces of group g off x, a number in [0, g.m()),
// into out (and f when not nil). The low d10 + 3·d8 bits of x are the
// d10s' halves (bit i: the i-th d10 shows 6-10) and three lanes of d8
// bits (a d8 shows 1 + 4a + 2b + c, a success when a and b or c); the
// rest of x, in [0, g.high), holds the Impact Die's face less 1 (its
// last digit in base 10), then the d12s' faces less 1 (digits in base
// 12), then the d10s' faces within their half (digits in base 5).
// Every number of [0, g.m()) is one set of faces and every set one
// number (TestReadGroupOneToOne).
func readGroup(x uint64, g group, out *Roll, f *Faces) {
	halves := x & (1<<g.d10 - 1)
	d8 := x >> g.d10
	lane := uint64(1)<<g.d8 - 1
	a, b, c := d8&lane, d8>>g.d8&lane, d8>>(2*g.d8)&lane
	out.Regular += uint8(bits.OnesCount64(halves) + bits.OnesCount64(a&(b|c)))
	hi := x >> (g.d10 + 3*g.d8)
	if g.impact {
		out.Impact = uint8(1 + hi%10)
		hi /= 10
	}
	for range g.d12 {
		face := uint8(1 + hi%12)
		hi /= 12
		if face >= 6 {
			out.Regular++
		}
		f.add(12, face)
	}
	if f == nil {
		return
	}
	for i := range g.d10 {
		f.add(10, uint8(1+5*(halves>>i&1)+hi%5))
		hi /= 5
	}
	for i := range g.d8 {
		f.add(8, uint8(1+4*(a>>i&1)+2*(b>>i&1)+c>>i&1))
	}
}

// add appends a face of a die of size sides to f, when f is not nil.
func (f *Faces) add(sides, face uint8) {
	if f != nil && int(f.N) < MaxRegular {
		f.Size[f.N], f.Face[f.N] = sides, face
		f.N++
	}
}
