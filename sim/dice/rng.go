// Package dice holds the random streams and the exact model of a Check, the
// d10 roll that resolves every uncertain action in Cazadores.
//
// A Check rolls a pool of n d10s and one Difficulty Die. The threshold is
//
//	T = max(D, DT)
//
// where D is the kept difficulty die and DT is the difficulty threshold
// (DT 0 leaves the die alone in charge, so it behaves like DT 1). Every pool
// die showing at least T is a Success, a pool die showing 10 is also a
// Critical, and the Check succeeds when it has at least one Success. With
// Advantage two difficulty dice are rolled and the lower is kept; with
// Disadvantage the higher is kept.
//
// The joint law of (Successes, Crits) is tabulated exactly for every pool
// size 0..MaxPool, every DT 0..MaxDT and every advantage state, so Roll costs
// one 64-bit draw and a table look-up, and the odds functions read the same
// tables.
package dice

import (
	"math/bits"
	"math/rand/v2"
)

// RNG is one independent random stream: a PCG-DXSM generator (math/rand/v2)
// plus a count of the 64-bit draws taken from it since it was seeded.
// The zero value is a valid stream (the PCG state zero) but callers should
// Seed it. An RNG must not be shared between goroutines.
type RNG struct {
	pcg   rand.PCG
	draws uint64
}

// Round keys of the seed mixer; arbitrary odd constants.
const (
	seedKey1 = 0x243f6a8885a308d3
	seedKey2 = 0x13198a2e03707345
	seedKey3 = 0xa4093822299f31d1
)

// splitmix64 is the SplitMix64 output function applied to x+γ with
// γ = 0x9e3779b97f4a7c15. It is a bijection on 64-bit words.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// Seed resets r to the stream identified by (runSeed, stream) and zeroes its
// draw counter. Hunt i of a run uses Seed(runSeed, i).
//
// The two words go through a three-round Feistel network whose round
// function is splitmix64,
//
//	L ^= f(R ^ k1);  R ^= f(L ^ k2);  L ^= f(R ^ k3)
//
// and (L, R) become the 128-bit PCG state. The map is a bijection, so
// distinct (runSeed, stream) pairs give distinct states, and both state
// words depend on both inputs, so neighbouring streams start far apart.
func (r *RNG) Seed(runSeed, stream uint64) {
	l, rr := runSeed, stream
	l ^= splitmix64(rr ^ seedKey1)
	rr ^= splitmix64(l ^ seedKey2)
	l ^= splitmix64(rr ^ seedKey3)
	r.pcg.Seed(l, rr)
	r.draws = 0
}

// Uint64 returns one uniformly distributed 64-bit draw and counts it.
func (r *RNG) Uint64() uint64 {
	r.draws++
	return r.pcg.Uint64()
}

// Draws returns the number of Uint64 draws taken since the last Seed.
func (r *RNG) Draws() uint64 { return r.draws }

// IntN returns a uniform integer in [0, n) without bias. It panics if n <= 0.
//
// It uses Lemire's multiply-and-reject method: with u uniform on [0, 2^64),
// hi:lo = u·n (128-bit product) and hi is returned unless lo < 2^64 mod n,
// in which case u is redrawn. Rejection happens with probability
// (2^64 mod n)/2^64, so for small n it costs one draw in practice.
func (r *RNG) IntN(n int) int {
	if n <= 0 {
		panic("dice: IntN called with n <= 0")
	}
	un := uint64(n)
	r.draws++ // first draw written out so that the PCG step inlines
	hi, lo := bits.Mul64(r.pcg.Uint64(), un)
	if lo < un {
		thresh := -un % un // 2^64 mod n
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), un)
		}
	}
	return int(hi)
}

// CountAtLeast rolls n dice of sides faces, drawing exactly as n calls
// of 1 + IntN(sides) would, and returns how many show at least at. It
// panics if sides <= 0 and n > 0.
func (r *RNG) CountAtLeast(n, sides, at int) int {
	if n <= 0 {
		return 0
	}
	if sides <= 0 {
		panic("dice: CountAtLeast called with sides <= 0")
	}
	us := uint64(sides)
	thresh := -us % us // 2^64 mod sides: IntN redraws below it
	k := 0
	for range n {
		r.draws++
		hi, lo := bits.Mul64(r.pcg.Uint64(), us)
		for lo < thresh {
			r.draws++
			hi, lo = bits.Mul64(r.pcg.Uint64(), us)
		}
		if int(hi)+1 >= at {
			k++
		}
	}
	return k
}

// D10 returns a fair ten-sided die roll, 1 + IntN(10).
func (r *RNG) D10() int { return 1 + r.IntN(10) }

// D5 returns a fair five-sided die roll read from a d10 as ⌈d10/2⌉, so
// 1-2 give 1, 3-4 give 2, and so on up to 9-10 giving 5.
func (r *RNG) D5() int { return (r.D10() + 1) / 2 }

// Float32 returns a uniform float32 in [0, 1) built from the top 24 bits of
// one draw: (u >> 40) · 2^-24.
func (r *RNG) Float32() float32 {
	return float32(r.Uint64()>>40) * 0x1p-24
}

// float64 returns a uniform float64 in [0, 1) from the top 53 bits of one
// draw: (u >> 11) · 2^-53.
func (r *RNG) float64() float64 {
	return float64(r.Uint64()>>11) * 0x1p-53
}

// Bool returns true or false with probability 1/2 each, from the top bit of
// one draw.
func (r *RNG) Bool() bool { return r.Uint64()>>63 != 0 }

// Fork returns the k-th side stream derived from r's present state,
// without drawing from r: a copy of r draws one number, which seeds the
// new stream together with k. Lookahead rollouts use it so that the hunt's
// own stream is untouched.
func (r *RNG) Fork(k uint64) RNG {
	c := *r
	v := c.pcg.Uint64()
	var out RNG
	out.Seed(v, k)
	return out
}

// Purposes of the derived streams of a hunt (see Derive).
const (
	PurposeHitPile uint64 = 1 + iota // shuffling the hit-location pile
	PurposeActPile                   // shuffling the action pile
	PurposeChecks                    // the key of the counter-based Check draws
)

// Derive resets r to the stream of the given purpose belonging to the hunt
// (runSeed, stream): a stream independent of Seed(runSeed, stream) and of
// every other purpose. Giving each kind of randomness its own stream keeps
// two designs played on the same seeds drawing the same numbers for the same
// things even after one of them has made an extra draw elsewhere.
func (r *RNG) Derive(runSeed, stream, purpose uint64) {
	r.Seed(runSeed^splitmix64(purpose*0x9e3779b97f4a7c15^seedKey2), splitmix64(stream^purpose*seedKey3))
}

// SlotKey returns the key of the counter-based stream slot of key (see
// KeyedDraw).
func SlotKey(key, slot uint64) uint64 { return splitmix64(key ^ splitmix64(slot^seedKey1)) }

// SlotKeys sets dst[j] to SlotKey(key, first+j) for each j: the keys of a
// run of slots, the half of each that depends on the slot alone read from
// a table for the first slots.
func SlotKeys(key, first uint64, dst []uint64) {
	for j := range dst {
		s := first + uint64(j)
		m := uint64(0)
		if s < uint64(len(slotMixes)) {
			m = slotMixes[s]
		} else {
			m = splitmix64(s ^ seedKey1)
		}
		dst[j] = splitmix64(key ^ m)
	}
}

// slotMixes[s] is splitmix64(s^seedKey1), SlotKey's half that depends on
// the slot alone, for the first slots.
var slotMixes = func() (t [32]uint64) {
	for s := range t {
		t[s] = splitmix64(uint64(s) ^ seedKey1)
	}
	return t
}()

// A Purpose is a purpose of Derive with the part of Derive that depends
// on it alone worked out once (NewPurpose), for DerivePurpose.
type Purpose struct{ mix, key uint64 }

// NewPurpose prepares purpose p for DerivePurpose.
func NewPurpose(p uint64) Purpose {
	return Purpose{mix: splitmix64(p*0x9e3779b97f4a7c15 ^ seedKey2), key: p * seedKey3}
}

// DerivePurpose is Derive(runSeed, stream, p) for the purpose p prepared.
func (r *RNG) DerivePurpose(runSeed, stream uint64, p *Purpose) {
	r.Seed(runSeed^p.mix, splitmix64(stream^p.key))
}

// KeyedDraw returns draw n of the counter-based stream of a slot key: the
// SplitMix64 sequence seeded with it. It needs no state beyond the counter,
// so each model of a hunt can have its own sequence of Check draws without
// carrying a generator.
func KeyedDraw(slotKey, n uint64) uint64 { return splitmix64(slotKey + n*0x9e3779b97f4a7c15) }
