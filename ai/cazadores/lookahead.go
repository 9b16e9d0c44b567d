package cazadores

import (
	"fmt"
	"unsafe"

	sim "balance/sim/cazadores"
)

// Lookahead plays like its rollout policy but, at each Pack Turn, tries a
// few plans in copies of the hunt (the policy's own choice, Defend,
// Recover, Spot Weakness, Flee), plays each copy on K times to the end of
// the hunt or Horizon Rounds ahead with the rollout policy, and follows
// the plan with the best mean outcome. The copies use side streams forked
// from the hunt's, so the hunt itself stays reproducible. Make it with
// NewLookahead: it owns a scratch Hunt (one per worker).
type Lookahead struct {
	K       int    // rollouts per plan
	Horizon uint16 // Rounds played ahead (0: to the end of the hunt)
	rollout sim.PackPolicy
	// fork is the hunt with a future's random streams, own that copy
	// after the own plan, and scratch the copy another plan's rollout
	// plays on (the last plan of a future plays on fork itself).
	fork, own, scratch *sim.Hunt
	OnlyOwn            bool // take no other plan: play the rollout policy, rollouts and all (a check of the machinery)
	vals               [numPlans][MaxLookaheadK]float64
}

// MaxLookaheadK is the largest K a Lookahead takes.
const MaxLookaheadK = 256

// A plan other than the policy's own is taken only when its rollouts beat
// the own plan's, rollout by rollout on the same futures, by at least
// lookaheadGain on average and by lookaheadZ standard errors of that mean,
// and then again on K fresh futures by lookaheadConfirmZ: with few
// rollouts the best-looking plan is often only the luckiest.
const (
	lookaheadGain     = 0.02
	lookaheadZ        = 1.5
	lookaheadConfirmZ = 1.0
)

// Default lookahead settings.
const (
	DefaultLookaheadK       = 16
	DefaultLookaheadHorizon = 0
)

func init() {
	// The Doc names the defaults from their constants, so that it cannot
	// go stale when they change.
	reach := "to the end of the hunt"
	if DefaultLookaheadHorizon > 0 {
		reach = fmt.Sprintf("%d Rounds ahead", DefaultLookaheadHorizon)
	}
	register(Tier{Name: "lookahead", Order: 3,
		Doc: fmt.Sprintf("tries its plans in copies of the hunt, %d rollouts each %s, with the tactical policy (basic if absent), and follows the best",
			DefaultLookaheadK, reach),
		New: func() sim.PackPolicy { return NewLookahead(DefaultLookaheadK, DefaultLookaheadHorizon) }})
}

// NewLookahead returns a Lookahead policy with k rollouts per plan and a
// horizon of that many Rounds (0: to the end); its rollouts play the
// tactical tier, or basic when there is none.
func NewLookahead(k int, horizon uint16) *Lookahead {
	if k < 1 {
		k = 1
	}
	roll := sim.PackPolicy(NewBaseline())
	if t, ok := TierByName("tactical"); ok {
		roll = t.New()
	}
	return NewLookaheadWith(k, horizon, roll)
}

// NewLookaheadWith is NewLookahead with the rollout policy given.
func NewLookaheadWith(k int, horizon uint16, rollout sim.PackPolicy) *Lookahead {
	k = min(max(k, 1), MaxLookaheadK)
	return &Lookahead{K: k, Horizon: horizon, rollout: rollout, fork: new(sim.Hunt), own: new(sim.Hunt), scratch: new(sim.Hunt)}
}

var _ sim.PackPolicy = (*Lookahead)(nil)

// PackFirst: as the rollout policy.
func (l *Lookahead) PackFirst(h *sim.Hunt) bool { return l.rollout.PackFirst(h) }

// Order: as the rollout policy.
func (l *Lookahead) Order(h *sim.Hunt, eligible []int8) { l.rollout.Order(h, eligible) }

// Plans a Lookahead compares.
const (
	planOwn = iota // the rollout policy's own choice
	planDefend
	planRecover
	planSpot
	planFlee
	planBasic // the baseline policy's choice
	numPlans
)

// Turn evaluates the plans open to model i and plays the best.
func (l *Lookahead) Turn(h *sim.Hunt, i int) {
	var open [numPlans]bool
	for p := 0; p < numPlans; p++ {
		open[p] = l.open(h, i, p)
	}
	l.play(h, i, &open, 0)
	best, bestGain := planOwn, 0.0
	for p := planOwn + 1; p < numPlans && !l.OnlyOwn; p++ {
		if !open[p] {
			continue
		}
		if g, ok := l.gain(p, lookaheadZ); ok && g > bestGain {
			best, bestGain = p, g
		}
	}
	// The best of several plans on the same futures is partly the
	// luckiest: confirm it against the own plan on K fresh futures.
	if best != planOwn {
		var two [numPlans]bool
		two[planOwn], two[best] = true, true
		l.play(h, i, &two, l.K)
		if g, ok := l.gain(best, lookaheadConfirmZ); !two[best] || !ok || g <= 0 {
			best = planOwn
		}
	}
	if h.Trace != nil {
		tg, why := -1, "lookahead: the best of its plans, on its rollouts"
		if best == planSpot {
			tg = netTarget(h, i)
		}
		if best == planOwn {
			why = "lookahead: no other plan clearly better on its rollouts"
		}
		decide(h, i, planNames[best], tg, why)
	}
	l.apply(h, i, best)
}

var planNames = [numPlans]string{"play as tactical", "defend", "recover", "spot weakness", "flee", "play as basic"}

// play plays the plans open for model i in copies of h on the K futures
// first..first+K-1, and stores their values in vals, future by future.
// Only the differences from the own plan's values count, and where a
// plan leaves a future's copy exactly as the own plan left it (the same
// choice, or another way to the same state) it would play the same
// rollout: it is not played again, and when no plan differs from the own
// plan in a future, none is played, the own plan's neither (all values
// 0). Halfway through (when K is at least lookaheadCheck), a plan that is
// not ahead of the own plan by half the gain it must show at the end
// (lookaheadGain/2 on average) is dropped from open, and play stops once
// no plan but the own one is left: such a plan almost never ends clearly
// ahead, and the futures saved are most of the lookahead's cost.
func (l *Lookahead) play(h *sim.Hunt, i int, open *[numPlans]bool, first int) {
	f, own, s := l.fork, l.own, l.scratch
	total := packWND(h) // every copy's value divides by it
	for k := 0; k < l.K; k++ {
		if k == l.K/2 && l.K >= lookaheadCheck && !l.ahead(open, k) {
			return
		}
		*f = *h
		f.Trace, f.OnRound = nil, nil
		f.ForkRandom(uint64(first + k)) // the same futures for every plan: common random numbers
		if l.Horizon > 0 {
			f.Horizon = h.Round + l.Horizon
		}
		*own = *f
		l.apply(own, i, planOwn)
		last := planOwn
		for p := planOwn + 1; p < numPlans; p++ {
			if open[p] {
				last = p
			}
		}
		var same [numPlans]bool
		differ := false
		for p := planOwn + 1; p < numPlans; p++ {
			if !open[p] {
				continue
			}
			// Each plan plays on a copy of f; the last one open plays on
			// f itself, which the next future copies anew.
			c := f
			if p != last {
				c = s
				*c = *f
			}
			l.apply(c, i, p)
			if same[p] = sameHunt(c, own); !same[p] {
				differ = true
				c.Resume(l.rollout, Foes{})
				l.vals[p][k] = valueOf(c, total)
			}
		}
		v := 0.0
		if differ {
			own.Resume(l.rollout, Foes{})
			v = valueOf(own, total)
		}
		l.vals[planOwn][k] = v
		for p := range same {
			if same[p] {
				l.vals[p][k] = v
			}
		}
	}
}

// lookaheadCheck is the least K at which play drops, halfway, the plans
// not ahead of the own plan by lookaheadGain/2 on average.
const lookaheadCheck = 4

// ahead drops from open the plans whose values on the first n futures are
// not above the own plan's by more than lookaheadGain/2 on average, and
// reports whether any plan but the own one is left.
func (l *Lookahead) ahead(open *[numPlans]bool, n int) bool {
	left := false
	for p := planOwn + 1; p < numPlans; p++ {
		if !open[p] {
			continue
		}
		var sum float64
		for k := 0; k < n; k++ {
			sum += l.vals[p][k] - l.vals[planOwn][k]
		}
		if open[p] = sum > lookaheadGain/2*float64(n); open[p] {
			left = true
		}
	}
	return left
}

// sameHunt reports whether a and b hold the same bytes. Copies of one
// hunt that are alike byte for byte are the same state, and play the same
// rollout on; copies that differ only in bytes no field uses (padding)
// are merely played twice.
func sameHunt(a, b *sim.Hunt) bool {
	n := unsafe.Sizeof(*a)
	return string(unsafe.Slice((*byte)(unsafe.Pointer(a)), n)) == string(unsafe.Slice((*byte)(unsafe.Pointer(b)), n))
}

// gain returns the mean paired gain of plan p over the own plan, and
// whether it is clear enough to act on: at least lookaheadGain, and z
// standard errors of the mean.
func (l *Lookahead) gain(p int, z float64) (float64, bool) {
	n := float64(l.K)
	var sum, sum2 float64
	for k := 0; k < l.K; k++ {
		d := l.vals[p][k] - l.vals[planOwn][k]
		sum += d
		sum2 += d * d
	}
	mean := sum / n
	if mean < lookaheadGain {
		return mean, false
	}
	if l.K < 2 {
		return mean, true
	}
	v := (sum2 - sum*mean) / (n - 1) / n // the variance of the mean
	return mean, mean*mean > z*z*v
}

// open reports whether plan p makes sense for model i now.
func (l *Lookahead) open(h *sim.Hunt, i, p int) bool {
	switch p {
	case planOwn:
		return true
	}
	switch p {
	case planDefend:
		// Only for a model a Foe can already reach.
		return h.CanAct(i, sim.ActDefend) && inReachOfFoe(h, i)
	case planRecover:
		return h.M[i].Conds != 0 && h.CanAct(i, sim.ActRecover)
	case planSpot:
		tg := netTarget(h, i)
		return tg >= 0 && h.CanAct(i, sim.ActSpotWeakness) && h.Within(i, tg, 5) && !h.M[tg].Spotted
	case planFlee:
		return h.Sc.Map.NExits > 0 && hurt(h, i, 0.5)
	case planBasic:
		return true
	}
	return false
}

// inReachOfFoe reports whether a Foe's melee reach covers Pack model i.
func inReachOfFoe(h *sim.Hunt, i int) bool {
	for k := int(h.NPack); k < int(h.N); k++ {
		if h.M[k].Alive() && h.Hostile(i, k) {
			if r := h.MeleeReach(k); r >= 0 && h.Within(i, k, r) {
				return true
			}
		}
	}
	return false
}

// apply carries out plan p for model i in h.
func (l *Lookahead) apply(h *sim.Hunt, i, p int) {
	switch p {
	case planDefend:
		h.Defend(i)
	case planRecover:
		for c := sim.KnockedDown; ; {
			if h.M[i].Conds.Has(c) {
				h.Recover(i, c)
				return
			}
			// Most crippling first.
			switch c {
			case sim.KnockedDown:
				c = sim.Stunned
			case sim.Stunned:
				c = sim.Burning
			case sim.Burning:
				c = sim.Terrified
			case sim.Terrified:
				c = sim.Poisoned
			case sim.Poisoned:
				c = sim.Bleeding
			case sim.Bleeding:
				c = sim.Freezing
			default:
				return
			}
		}
	case planSpot:
		// The Target is one model: the living Adversary model nearest i.
		h.SpotWeakness(i, netTarget(h, i))
	case planFlee:
		NewBaseline().flee(h, i, "") // Turn has noted the plan
	case planBasic:
		NewBaseline().Turn(h, i)
	default:
		l.rollout.Turn(h, i)
	}
}

// value scores a played-on copy: a Pack win 1 (and up to 0.2 more for the
// Pack's WNDs left on the board), a loss up to 0.4 for the share of the
// Adversary's WNDs dealt, and a hunt cut at the Horizon the mean of the
// shares dealt and left.
func value(h *sim.Hunt) float64 { return valueOf(h, packWND(h)) }

// packWND returns the Pack's WNDs at the start of the hunt, summed: the
// same for every copy of one hunt.
func packWND(h *sim.Hunt) float64 {
	var total float64
	for i := 0; i < int(h.NPack); i++ {
		total += float64(h.Sc.Pack[h.M[i].Def].WND)
	}
	return total
}

// valueOf is value with the Pack's starting WNDs given (packWND).
func valueOf(h *sim.Hunt, total float64) float64 {
	var left float64
	for i := 0; i < int(h.NPack); i++ {
		if h.M[i].State == sim.Active {
			left += float64(h.M[i].WND) // a model that fled no longer fights
		}
	}
	alive := left / total
	dealt := 1 - float64(h.AdvLeft)/float64(h.Sc.Adversary.Stats.WND)
	switch h.Rec.Outcome {
	case sim.PackWon:
		return 1 + 0.2*alive
	case sim.Unfinished:
		return 0.5*dealt + 0.5*alive
	}
	// A lost hunt still tells how near it came.
	return 0.4 * dealt
}
