// Package typo suggests the name a user most likely meant: the one
// misspelling suggester of balance, used by the data loader and the command
// line alike, so a typo gets the same suggestion wherever it is made.
package typo

import "strings"

// Nearest returns the candidate nearest to word, or "" when none is near
// enough to be a plausible misspelling. The comparison ignores case. A
// candidate is near enough when its edit distance (Distance) to word is at
// most a third of word's length in runes, rounded up, and at least 1; a
// word of three runes or more that begins a candidate ("hit_loc" of
// "hit_locations") points at it too. On a tie the first candidate wins.
// A candidate equal to word but for case is returned as is.
func Nearest(word string, candidates []string) string {
	w := strings.ToLower(word)
	best, bestD := "", 1<<30
	for _, c := range candidates {
		d := Distance(w, strings.ToLower(c))
		if d < bestD {
			best, bestD = c, d
		}
	}
	if best == "" || bestD == 0 {
		return best
	}
	if bestD <= max((len([]rune(w))+2)/3, 1) {
		return best
	}
	if len([]rune(w)) >= 3 {
		for _, c := range candidates {
			if strings.HasPrefix(strings.ToLower(c), w) {
				return c
			}
		}
	}
	return ""
}

// maxRunes is the longest word Distance compares: longer words are never
// plausible misspellings of a name, and the cost stays small.
const maxRunes = 64

// Distance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and swaps of adjacent runes each
// cost 1. Strings longer than 64 runes are 0 apart when equal and 1<<20
// apart otherwise.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > maxRunes || len(rb) > maxRunes {
		if a == b {
			return 0
		}
		return 1 << 20
	}
	n, m := len(ra), len(rb)
	var buf [3][maxRunes + 1]int // rows i-2, i-1 and i
	prev2, prev, cur := &buf[0], &buf[1], &buf[2]
	for j := 0; j <= m; j++ {
		prev[j] = j
	}
	for i := 1; i <= n; i++ {
		cur[0] = i
		for j := 1; j <= m; j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[m]
}
