package skirmish

import (
	"math/bits"

	"balance/sim/geom"
)

// AtToken reports whether figure i is in contact with loot token k lying
// on the ground.
func (b *Battle) AtToken(i, k int) bool {
	t := &b.Loot[k]
	return t.OnGround() && geom.EdgeDist(b.Figs[i].Pos, b.base[i], t.Pos, lootRadius) <= contactTol
}

// EnemyNear reports whether an enemy of figure i stands within d" of
// point p (edge of its base); creatures count unless the rules say
// otherwise.
func (b *Battle) EnemyNear(i int, p geom.Vec, d float32) bool {
	foes := b.Foes(i)
	if b.S.Rules.CreaturesBlock == CreaturesDoNotBlock {
		foes &^= b.sides[SideCreatures]
	}
	for ; foes != 0; foes &= foes - 1 {
		j := bits.TrailingZeros32(foes)
		if geom.EdgeDist(p, 0, b.Figs[j].Pos, b.base[j]) <= d+contactTol {
			return true
		}
	}
	return false
}

// CanUnlock reports whether figure i may now try to unlock token k: a
// warband figure in contact with it, the token locked, no enemy within 1"
// of the figure.
func (b *Battle) CanUnlock(i, k int) bool {
	f := &b.Figs[i]
	if f.Side > SideB || !b.canAct(i, false) || f.used&usedUnlock != 0 || k < 0 || k >= b.NLoot {
		return false
	}
	if b.Loot[k].Unlocked || !b.AtToken(i, k) {
		return false
	}
	return !b.EnemyNear(i, f.Pos, enemyNearLoot+b.base[i])
}

// Unlock is the Attempt to Unlock Loot action of figure i on token k: a
// Will Roll against TN14. It reports whether the token is now unlocked.
func (b *Battle) Unlock(i, k int) bool {
	if !b.CanUnlock(i, k) {
		return false
	}
	f := &b.Figs[i]
	f.left--
	f.used |= usedUnlock
	b.T.UnlockTries++
	x := b.D20()
	will := int(b.P(i).Will)
	ok := x+will >= LootTN
	if b.Trace != nil {
		b.emit(Event{Kind: EvUnlock, Fig: int8(i), X: int8(x), A: int16(x + will), D: LootTN, N: int16(k)})
	}
	if ok {
		b.Loot[k].Unlocked = true
		f.unlocked = int8(k)
		b.T.Unlocks++
	}
	return ok
}

// LootTN is the target number of unlocking a loot token (a Will Roll).
const LootTN = 14

// FreePickUp reports whether figure i may pick up token k without
// spending an action: physical loot it unlocked itself.
func (b *Battle) FreePickUp(i, k int) bool {
	return int(b.Figs[i].unlocked) == k && !b.Loot[k].Data
}

// CanPickUp reports whether figure i may now pick up token k: a warband
// figure carrying nothing, in contact with the token, which is unlocked;
// an action unless the pick-up is free.
func (b *Battle) CanPickUp(i, k int) bool {
	f := &b.Figs[i]
	if f.Side > SideB || k < 0 || k >= b.NLoot || f.Carry >= 0 || !b.Loot[k].Unlocked || !b.AtToken(i, k) {
		return false
	}
	if b.FreePickUp(i, k) {
		return !b.Done && int(b.cur) == i && f.Standing()
	}
	return b.canAct(i, false) && f.used&usedPickUp == 0
}

// PickUp picks up token k with figure i (a free action for physical
// loot it unlocked, an action otherwise). A figure carries one token.
func (b *Battle) PickUp(i, k int) bool {
	if !b.CanPickUp(i, k) {
		return false
	}
	f := &b.Figs[i]
	if !b.FreePickUp(i, k) {
		f.left--
		f.used |= usedPickUp
	}
	t := &b.Loot[k]
	t.Carrier = int8(i)
	f.Carry = int8(k)
	b.lootOn &^= 1 << k
	b.carrying |= 1 << i
	if b.Trace != nil {
		b.emit(Event{Kind: EvPickUp, Fig: int8(i), N: int16(k)})
	}
	return true
}

// TokenPos returns where token k is: its carrier's position while
// carried.
func (b *Battle) TokenPos(k int) geom.Vec {
	if c := b.Loot[k].Carrier; c >= 0 {
		return b.Figs[c].Pos
	}
	return b.Loot[k].Pos
}
