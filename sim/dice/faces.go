package dice

// Faces draws, for a trace, die faces consistent with a Result already
// sampled by Roll, using only the side stream side (never a hunt's main
// stream, whose draw count must not depend on tracing). pool and dt are
// clamped as in Roll.
//
// The faces are drawn from their exact conditional law given (S, C):
//
//  1. the threshold T from P(T=t | S, C) ∝ P(T=t) · (t-1)^(n-S) · (10-t)^(S-C);
//  2. the kept difficulty die D: D = T when T > max(dt,1), otherwise D is
//     drawn from P(D=k | D <= max(dt,1)) ∝ P(D=k);
//  3. with Advantage (Disadvantage), the ordered pair of difficulty dice
//     whose lower (higher) value is D, uniformly among the 21-2D (2D-1)
//     such pairs;
//  4. the pool: a uniformly random arrangement of n-S failures, S-C plain
//     successes and C tens, each failure uniform on 1..T-1 and each plain
//     success uniform on T..9.
//
// It returns the kept difficulty die, the two rolled difficulty dice
// (diff[1] is 0 when a is Normal) and the pool faces appended to dst[:0].
// It panics if res has probability zero under (pool, dt, a).
func Faces(side *RNG, pool, dt int, a Adv, res Result, dst []uint8) (kept uint8, diff [2]uint8, faces []uint8) {
	n := clampPool(pool)
	d := dtIndex(dt)
	e := d + 1 // effective threshold
	ai := advIndex(a)
	s, c := int(res.Successes), int(res.Crits)
	if c > s || s > n {
		panic("dice: Faces called with an impossible result")
	}
	nf, ng := n-s, s-c

	// 1. Threshold given (S, C).
	var w [11]float64
	total := 0.0
	for t := e; t <= 10; t++ {
		w[t] = thrNum[ai][d][t] * powTab[t-1][nf] * powTab[10-t][ng]
		total += w[t]
	}
	if total == 0 {
		panic("dice: Faces called with an impossible result")
	}
	u := side.float64() * total
	t := 0
	for i := e; i <= 10; i++ {
		if w[i] == 0 {
			continue
		}
		t = i // the last positive weight absorbs any rounding excess
		if u < w[i] {
			break
		}
		u -= w[i]
	}

	// 2. Kept difficulty die given T.
	k := t
	if t == e {
		sum := 0
		for j := 1; j <= e; j++ {
			sum += keptWeight(ai, j)
		}
		x := side.IntN(sum)
		for k = 1; k < e; k++ {
			x -= keptWeight(ai, k)
			if x < 0 {
				break
			}
		}
	}
	kept = uint8(k)

	// 3. The rolled difficulty dice given the kept one.
	switch ai {
	case 0:
		diff = [2]uint8{kept, 0}
	case 1: // kept = min: (k,k), (k,k+j), (k+j,k) for j = 1..10-k
		diff = pairWithExtreme(side, k, 10-k, 1)
	case 2: // kept = max: (k,k), (k,k-j), (k-j,k) for j = 1..k-1
		diff = pairWithExtreme(side, k, k-1, -1)
	}

	// 4. Pool faces.
	faces = dst[:0]
	for left := n; left > 0; left-- {
		x := side.IntN(left)
		switch {
		case x < nf:
			nf--
			faces = append(faces, uint8(1+side.IntN(t-1)))
		case x < nf+ng:
			ng--
			faces = append(faces, uint8(t+side.IntN(10-t)))
		default:
			faces = append(faces, 10)
		}
	}
	return kept, diff, faces
}

// pairWithExtreme draws uniformly one of the 1+2m ordered pairs of d10s
// whose kept value is k: (k,k), (k,k+dir·j) or (k+dir·j,k) for j = 1..m.
func pairWithExtreme(side *RNG, k, m, dir int) [2]uint8 {
	x := side.IntN(1 + 2*m)
	switch {
	case x == 0:
		return [2]uint8{uint8(k), uint8(k)}
	case x <= m:
		return [2]uint8{uint8(k), uint8(k + dir*x)}
	}
	return [2]uint8{uint8(k + dir*(x-m)), uint8(k)}
}
